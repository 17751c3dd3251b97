/* aclnnInplaceMaskedScatter (ops-nn index/masked_scatter, aclnn_masked_scatter.cpp), checks in
 * the real order:
 *  - null selfRef, mask, source;
 *  - selfRef in FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, DOUBLE, BOOL (+ BF16 on A2 /
 *    A3 / 950); mask UINT8 / BOOL; source of selfRef's dtype (each with the real reason text);
 *  - ranks <= 8 (selfRef, mask, source); mask broadcasts with selfRef, and to selfRef's shape;
 *  - formats other than ND are only a warning there -> empty selfRef or mask: nothing to run.
 * The op has no kernel for the 910 / 310P / 310B (the doc's "not supported"): 361001 after the
 * parameter checks. One MaskedScatter launch; a mask with more trues than source has elements
 * fails the launch (the doc: source needs at least that many elements). 0-d tensors act as [1]. */
#include <string.h>

#include "aclemu_plans.h"
#include "masked_scatter_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)

aclnnStatus aclemu_plan_InplaceMaskedScatter(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *mask,
                                             const aclTensor *source)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    char b1[256], b2[160];
    if ((st = aclemu_check_notnull(api, selfRef, "self")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, source, "source")))
        return st;
    int fam = aclemu_op_profile()->family;
    aclemu_dtype_set list = DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) |
                            DT(BOOL);
    if (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3 || fam == ACLEMU_FAMILY_950)
        list |= DT(BF16);
    if (!aclemu_dtype_in(selfRef->dtype, list))
        return ACLEMU_PARAM_ERROR(api, "self dtype %s is invalid: The dtype of self must be within the range %s.",
                                  aclemu_dtype_name(selfRef->dtype), aclemu_dtype_set_str(list, b1, sizeof b1));
    if (!aclemu_dtype_in(mask->dtype, DT(UINT8) | DT(BOOL)))
        return ACLEMU_PARAM_ERROR(api, "mask dtype %s is invalid: The dtype of mask must be within the range %s.",
                                  aclemu_dtype_name(mask->dtype), aclemu_dtype_set_str(DT(UINT8) | DT(BOOL), b1, sizeof b1));
    if (source->dtype != selfRef->dtype)
        return ACLEMU_PARAM_ERROR(api, "source dtype %s is invalid: The dtype of source must be the same as self.",
                                  aclemu_dtype_name(source->dtype));
    const aclTensor *ts[3] = {selfRef, mask, source};
    const char *names[3] = {"self", "mask", "source"};
    for (int i = 0; i < 3; i++) {
        if (ts[i]->ndim > 8)
            return ACLEMU_PARAM_ERROR(api, "%s dim num %u is invalid: The shape dim of %s must be <= 8D.", names[i], ts[i]->ndim,
                                      names[i]);
        if ((st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    }
    int64_t bshape[ACLEMU_MAX_RANK];
    uint32_t bnd = 0;
    if ((st = aclemu_broadcast_shape(api, selfRef, "self", mask, "mask", bshape, &bnd)))
        return st;
    if (bnd != selfRef->ndim || memcmp(bshape, selfRef->shape, bnd * sizeof(int64_t)) != 0)
        return ACLEMU_PARAM_ERROR(api, "self, mask shapes %s, %s are invalid: The shape of mask must be broadcastable to the "
                                  "shape of self.", aclemu_shape_str(selfRef->shape, selfRef->ndim, b1, sizeof b1),
                                  aclemu_shape_str(mask->shape, mask->ndim, b2, sizeof b2));
    if (aclemu_tensor_numel(selfRef) == 0 || aclemu_tensor_numel(mask) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    masked_scatter_args *a = aclemu_exec_add_launch(executor, "MaskedScatter", 1, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->self, selfRef)) || (st = aclemu_exec_tdesc(executor, a, &a->mask, mask)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->source, source)))
        return st;
    /* the mask over self's shape: right-aligned, stride 0 where it is broadcast */
    aclemu_tdesc *m = &a->mask;
    const uint32_t lead = selfRef->ndim - mask->ndim;
    for (int d = (int)selfRef->ndim - 1; d >= 0; d--) {
        int j = d - (int)lead;
        int64_t len = j >= 0 ? mask->shape[j] : 1, stride = j >= 0 ? mask->stride[j] : 0;
        m->shape[d] = selfRef->shape[d];
        m->stride[d] = len == 1 ? 0 : stride;
    }
    m->ndim = selfRef->ndim;
    a->numel = (uint64_t)aclemu_tensor_numel(selfRef);
    a->source_numel = (uint64_t)aclemu_tensor_numel(source);
    return ACLNN_SUCCESS;
}
