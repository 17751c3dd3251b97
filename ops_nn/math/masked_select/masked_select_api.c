/* aclnnMaskedSelect (ops-math conversion/masked_select_v3, op_api/aclnn_masked_select.cpp):
 * null -> dtypes (self and out: the arch's list, BF16 from 910B on, the RegBase list of 950 adds
 * UINT16 / UINT32 / UINT64; mask UINT8 / BOOL) -> ranks (<= 8), broadcast of self and mask, out
 * 1-D with as many elements as the broadcast shape. Empty self / mask / out: nothing to do.
 * self is converted to out's dtype; out gets the real [count] view shape after stage 2 (the real
 * op's output-shape tensor) and must be contiguous here (written compactly). */
#include <string.h>

#include "aclemu_plans.h"
#include "masked_select_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define MS_DTYPES                                                                                            \
    (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | DT(BOOL) | \
     DT(BF16))
#define MS_DTYPES_REGBASE (MS_DTYPES | DT(UINT16) | DT(UINT32) | DT(UINT64))

/* d (filled from t) re-described over the broadcast shape bs[0..n): right-aligned, stride 0 on
 * the dims t lacks or has as 1 */
static void ms_broadcast_desc(aclemu_tdesc *d, const aclTensor *t, const int64_t *bs, uint32_t n)
{
    int64_t st[ACLEMU_KMAX_RANK];
    for (uint32_t k = 0; k < n; k++) {
        int64_t tk = (int64_t)k - (int64_t)(n - t->ndim);
        st[k] = tk < 0 || t->shape[tk] == 1 ? 0 : t->stride[tk];
    }
    d->ndim = n;
    memcpy(d->shape, bs, n * sizeof(int64_t));
    memcpy(d->stride, st, n * sizeof(int64_t));
}

aclnnStatus aclemu_plan_MaskedSelect(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mask,
                                     aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = aclemu_op_profile()->family == ACLEMU_FAMILY_950 ? MS_DTYPES_REGBASE : MS_DTYPES;
    if ((st = aclemu_check_dtype(api, self, "self", dts)) ||
        (st = aclemu_check_dtype(api, mask, "mask", DT(UINT8) | DT(BOOL))) ||
        (st = aclemu_check_dtype(api, out, "out", dts)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, mask, "mask", ACLEMU_MAX_RANK)))
        return st;
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t bn = 0;
    if ((st = aclemu_broadcast_shape(api, self, "self", mask, "mask", bs, &bn)))
        return st;
    if (out->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "Expected out to be 1-D, but got a %u-D tensor.", out->ndim);
    int64_t numel = 1;
    for (uint32_t k = 0; k < bn; k++)
        numel *= bs[k];
    if (out->shape[0] != numel)
        return ACLEMU_PARAM_ERROR(api, "The out shape size is not same with broadcastShapeSize: y.shape: %lld, "
                                       "broadcastShape.shape: %lld.",
                                  (long long)out->shape[0], (long long)numel);
    /* the real op only warns about a format other than ND */
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(mask) == 0 || numel == 0)
        return ACLNN_SUCCESS;
    if (out->stride[0] != 1 && out->shape[0] != 1)
        return ACLEMU_PARAM_ERROR(api, "out must be contiguous: its shape is set from the result.");
    if ((st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    uint64_t ws_dims = aclemu_exec_alloc_workspace(executor, sizeof(int64_t));
    masked_select_args *a =
        (masked_select_args *)aclemu_exec_add_launch(executor, "MaskedSelect", 1, sizeof(masked_select_args));
    if (!a)
        return ACLNN_ERR_INNER;
    memset(a, 0, sizeof *a);
    if ((st = aclemu_exec_tdesc(executor, a, &a->self, self)) || (st = aclemu_exec_tdesc(executor, a, &a->mask, mask)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->out, out)) || (st = aclemu_exec_bind_workspace(executor, a, &a->ws, 0)))
        return st;
    ms_broadcast_desc(&a->self, self, bs, bn);
    ms_broadcast_desc(&a->mask, mask, bs, bn);
    a->ws_dims = (int64_t)ws_dims;
    a->numel = numel;
    a->cap = out->shape[0];
    return aclemu_exec_out_shape(executor, out, ws_dims);
}
