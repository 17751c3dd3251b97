/* aclnnIndexPutImpl (ops-nn index/index_put_v2, aclnn_index_put_impl.cpp), checks in the real
 * order:
 *  - null selfRef, values, indices, every item of indices;
 *  - BF16 selfRef, then values, before A2 (SocVersion < ASCEND910B: the 910A) with their own
 *    messages; selfRef and values in FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, DOUBLE,
 *    BOOL, BF16; every non-empty index INT32 / INT64 / BOOL; values of selfRef's dtype;
 *  - selfRef rank <= 8, no more indices than selfRef has dims; each mask of the shape of the
 *    dims it covers -> empty selfRef or values, or no defined index: nothing to do.
 * Then one AdvIndex PUT launch (index shapes that do not broadcast, or values that do not
 * broadcast to the indexed shape: 161002). Positions are written in row-major order, so a
 * repeated position gets its last value (or the sum, in order, with accumulate); `unsafe` only
 * skips checks on the real op: indices are always range-checked here (the launch fails). */
#include "adv_index_args.h"
#include "adv_index_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)

aclnnStatus aclemu_plan_IndexPutImpl(aclOpExecutor *executor, aclTensor *selfRef, const aclTensorList *indices,
                                     const aclTensor *values, const bool accumulate, const bool unsafe)
{
    (void)unsafe;
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "self")) || (st = aclemu_check_notnull(api, values, "values")) ||
        (st = aclemu_check_notnull(api, indices, "indices")))
        return st;
    for (uint64_t i = 0; i < indices->size; i++)
        if ((st = aclemu_check_notnull(api, indices->items[i], "indices[i]")))
            return st;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_910A) {
        if (selfRef->dtype == ACL_BF16)
            return ACLEMU_PARAM_ERROR(api, "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
        if (values->dtype == ACL_BF16)
            return ACLEMU_PARAM_ERROR(api, "value not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
    }
    const aclemu_dtype_set list = DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) |
                                  DT(DOUBLE) | DT(BOOL) | DT(BF16);
    if ((st = aclemu_check_dtype(api, selfRef, "self", list)) || (st = aclemu_check_dtype(api, values, "values", list)))
        return st;
    int64_t defined = 0;
    for (uint64_t i = 0; i < indices->size; i++)
        if (aclemu_tensor_numel(indices->items[i]) != 0) {
            defined++;
            if ((st = aclemu_check_dtype(api, indices->items[i], "indices", DT(INT32) | DT(INT64) | DT(BOOL))))
                return st;
        }
    if ((st = aclemu_check_same_dtype(api, selfRef, "self", values, "values")))
        return st;
    if ((st = aclemu_check_shape(api, selfRef, "self", 8)))
        return st;
    if (indices->size > selfRef->ndim)
        return ACLEMU_PARAM_ERROR(api, "indicesSize must <= self DimSize.");
    if ((st = adv_index_check_masks(api, selfRef, indices)))
        return st;
    if ((st = aclemu_check_shape(api, values, "values", 8)))
        return st;
    for (uint64_t i = 0; i < indices->size; i++)
        if ((st = aclemu_check_shape(api, indices->items[i], "indices", 8)))
            return st;
    if (aclemu_tensor_numel(selfRef) == 0 || aclemu_tensor_numel(values) == 0 || defined == 0)
        return ACLNN_SUCCESS;
    return adv_index_launch(executor, ADV_PUT, selfRef, indices, values, accumulate);
}
