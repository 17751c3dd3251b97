/* aclnnInplaceScatterUpdate (ops-nn index/scatter, aclnn_scatter_update.cpp), checks in the real
 * order:
 *  - null data, indices, updates;
 *  - data in INT8, FLOAT16, FLOAT, BF16, INT32 (the 950: + UINT8, FLOAT8_E4M3FN, FLOAT8_E5M2,
 *    HIFLOAT8); indices INT64 / INT32; updates of data's dtype; BF16 only on SocVersion
 *    ASCEND910B .. ASCEND910E (its own message: the 910 refuses it there);
 *  - no empty tensor; data and updates of one rank; indices 0-d needs updates.shape[0] == 1;
 *    indices of rank 0, 1 or 2.
 * The real op leaves axis and the doc's shape constraints to its kernel; here they fail stage 1
 * (161002): axis in (-rank, rank) and not 0 (data rank >= 2); updates.shape[0] = indices.shape[0]
 * (<= data.shape[0]); 2-D indices [n, 2]; the other dims of updates those of data, axis at most
 * data's. The 310P / 310B have no kernel (361001). Index values are checked by the kernel. */
#include "aclemu_plans.h"
#include "scatter_update_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)

aclnnStatus aclemu_plan_InplaceScatterUpdate(aclOpExecutor *executor, aclTensor *data, const aclTensor *indices,
                                             const aclTensor *updates, int64_t axis)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, data, "data")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")))
        return st;
    const int fam = aclemu_op_profile()->family;
    aclemu_dtype_set list = DT(INT8) | DT(FLOAT16) | DT(FLOAT) | DT(INT32);
    if (fam == ACLEMU_FAMILY_950)
        list |= DT(UINT8) | DT(FLOAT8_E4M3FN) | DT(FLOAT8_E5M2) | DT(HIFLOAT8);
    /* BF16 is in the list everywhere; the chip rule comes after the other dtype checks */
    if ((data->dtype != ACL_BF16 && (st = aclemu_check_dtype(api, data, "data", list))) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT64) | DT(INT32))))
        return st;
    if (updates->dtype != data->dtype)
        return ACLEMU_PARAM_ERROR(api, "updates dtype %s should be the same as data dtype %s.", aclemu_dtype_name(updates->dtype),
                                  aclemu_dtype_name(data->dtype));
    if (data->dtype == ACL_BF16 && fam != ACLEMU_FAMILY_A2 && fam != ACLEMU_FAMILY_A3 && fam != ACLEMU_FAMILY_950)
        return ACLEMU_PARAM_ERROR(api, "data dtype DT_BF16 is unsupported by the current SOC version [%s].",
                                  aclemu_op_profile()->soc_version);
    if (aclemu_tensor_numel(data) == 0 || aclemu_tensor_numel(updates) == 0 || aclemu_tensor_numel(indices) == 0)
        return ACLEMU_PARAM_ERROR(api, "input tensors can not be empty tensor");
    if (data->ndim != updates->ndim)
        return ACLEMU_PARAM_ERROR(api, "dimension of data and updates should equal");
    if (indices->ndim == 0 && (updates->ndim == 0 || updates->shape[0] != 1))
        return ACLEMU_PARAM_ERROR(api, "when the dimension of indices are 0, batch axis of updates should be 1");
    if (indices->ndim > 2)
        return ACLEMU_PARAM_ERROR(api, "dimension of indices should be 0, 1 or 2");
    if ((st = aclemu_check_shape(api, data, "data", 8)) || (st = aclemu_check_shape(api, updates, "updates", 8)) ||
        (st = aclemu_check_shape(api, indices, "indices", 2)))
        return st;
    const int64_t r = (int64_t)data->ndim;
    if (r < 2 || axis <= -r || axis >= r || axis == 0 || axis == -r)
        return ACLEMU_PARAM_ERROR(api, "axis %lld should be in (-%lld, %lld) and not 0 (data dim num %lld should be at least 2).",
                                  (long long)axis, (long long)r, (long long)r, (long long)r);
    const int64_t ax = axis < 0 ? axis + r : axis;
    if ((indices->ndim >= 1 && indices->shape[0] != updates->shape[0]) || updates->shape[0] > data->shape[0])
        return ACLEMU_PARAM_ERROR(api, "updates dim 0 (%lld) should equal indices dim 0 and be no more than data dim 0 (%lld).",
                                  (long long)updates->shape[0], (long long)data->shape[0]);
    if (indices->ndim == 2 && indices->shape[1] != 2)
        return ACLEMU_PARAM_ERROR(api, "indices dim 1 should be 2 when indices has 2 dims, but got %lld.", (long long)indices->shape[1]);
    for (int64_t k = 1; k < r; k++)
        if (k == ax ? updates->shape[k] > data->shape[k] : updates->shape[k] != data->shape[k])
            return ACLEMU_PARAM_ERROR(api, "updates dim %lld (%lld) does not fit data dim %lld (%lld).", (long long)k,
                                      (long long)updates->shape[k], (long long)k, (long long)data->shape[k]);
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_910A))))
        return st;
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)updates->shape[0], aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &blocks, &per);
    scatter_update_args *a = aclemu_exec_add_launch(executor, "ScatterUpdate", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->data, data)) || (st = aclemu_exec_tdesc(executor, a, &a->indices, indices)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->updates, updates)))
        return st;
    a->axis = (int32_t)ax;
    a->rows = updates->shape[0];
    a->rows_per_block = (int64_t)per;
    return ACLNN_SUCCESS;
}
