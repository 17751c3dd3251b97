/* aclnnIndex (ops-nn index/index, aclnn_index.cpp), checks in the real order:
 *  - null self, out, indices, every item of indices;
 *  - BF16 self before A2 (SocVersion < ASCEND910B: the 910A) has its own message; out of self's
 *    dtype; self in FLOAT, FLOAT16, INT64, INT32, BOOL, INT8, UINT8, BF16, DOUBLE, INT16 (+
 *    COMPLEX64 on the 950, the regbase list); every non-empty index INT64 / INT32 / BOOL;
 *  - no private format (self, out, indices);
 *  - ranks <= 8 (self, each index); more indices than self has dims is only a warning there
 *    (refused here, see adv_index_plan.c) -> empty self or out: nothing to run.
 * Then the AdvIndex launch (a result of more than 8 dims: the real message). COMPLEX64 with a
 * mask (or index shapes that differ) takes the real op's AI CPU route, which refuses it (561103).
 * A mask must have the shape of the dims it covers (the doc's rule; IndexPut's message). */
#include <string.h>

#include "adv_index_args.h"
#include "adv_index_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)

aclnnStatus aclemu_plan_Index(aclOpExecutor *executor, const aclTensor *self, const aclTensorList *indices, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, indices, "indices")))
        return st;
    for (uint64_t i = 0; i < indices->size; i++)
        if ((st = aclemu_check_notnull(api, indices->items[i], "indices[i]")))
            return st;
    int fam = aclemu_op_profile()->family;
    if (fam == ACLEMU_FAMILY_910A && self->dtype == ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
    aclemu_dtype_set list = DT(FLOAT) | DT(FLOAT16) | DT(INT64) | DT(INT32) | DT(BOOL) | DT(INT8) | DT(UINT8) | DT(BF16) |
                            DT(DOUBLE) | DT(INT16);
    if (fam == ACLEMU_FAMILY_950)
        list |= DT(COMPLEX64);
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) || (st = aclemu_check_dtype(api, self, "self", list)))
        return st;
    for (uint64_t i = 0; i < indices->size; i++)
        if (aclemu_tensor_numel(indices->items[i]) != 0 &&
            (st = aclemu_check_dtype(api, indices->items[i], "indices", DT(INT64) | DT(INT32) | DT(BOOL))))
            return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    for (uint64_t i = 0; i < indices->size; i++)
        if ((st = aclemu_check_format(api, indices->items[i], "indices")))
            return st;
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    for (uint64_t i = 0; i < indices->size; i++)
        if ((st = aclemu_check_shape(api, indices->items[i], "indices", 8)))
            return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    if (self->ndim > 0 && (st = adv_index_check_masks(api, self, indices)))
        return st;
    if (self->dtype == ACL_COMPLEX64) { /* the AI core kernel takes equal-shape integer indices only */
        const aclTensor *prev = NULL;
        for (uint64_t i = 0; i < indices->size; i++) {
            const aclTensor *t = indices->items[i];
            if (aclemu_tensor_numel(t) == 0)
                continue;
            int same = !prev || (prev->ndim == t->ndim && !memcmp(prev->shape, t->shape, t->ndim * sizeof(int64_t)));
            if (t->dtype == ACL_BOOL || !same)
                return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api,
                                       "AICPU does not support DT_COMPLEX64 for Index.");
            prev = t;
        }
    }
    return adv_index_launch(executor, ADV_GATHER, self, indices, out, false);
}
