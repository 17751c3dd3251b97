/* aclnnGroupedBiasAddGrad / aclnnGroupedBiasAddGradV2 (ops-math math/grouped_bias_add_grad):
 * checks in the order of op_api/aclnn_grouped_bias_add_grad.cpp — null gradY / out; dtypes
 * (gradY, out FLOAT16 / FLOAT / BF16, out == gradY, groupIdx INT32 / INT64); shapes (gradY 3-D
 * without groupIdx, else 2-D with a 1-D groupIdx of at most 2048 groups; out (G, H));
 * groupIdxType 0 or 1 (V1: 0). An empty gradY has nothing to compute (out is left as it is, as
 * there). Kernels for A2 / A3 / 950; other chips pass the checks and have none (361001). */
#include "aclemu_plans.h"
#include "grouped_bias_add_grad_args.h"

#define GB_DTYPES (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16))
#define GB_IDX_DTYPES (ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))

static aclnnStatus gbag_plan(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *groupIdx,
                             int64_t groupIdxType, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradY, "gradY")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradY, "gradY", GB_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", GB_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, gradY, "gradY", out, "out")))
        return st;
    if (groupIdx && (st = aclemu_check_dtype(api, groupIdx, "groupIdxOptional", GB_IDX_DTYPES)))
        return st;
    int64_t G, H;
    if (!groupIdx) {
        if (gradY->ndim != 3)
            return ACLEMU_PARAM_ERROR(api, "the grad_y of input should be 3D tensor when group_idx is null.");
        G = gradY->shape[0];
        H = gradY->shape[2];
    } else {
        if (gradY->ndim != 2 || groupIdx->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "the gradY of input should be 2D tensor when groupIdxOptional is not null "
                                           "and groupIdxOptional must be 1D tensor.");
        if (groupIdx->shape[0] > 2048)
            return ACLEMU_PARAM_ERROR(api, "input group_idx shape not support more than 2048, but got %lld.",
                                      (long long)groupIdx->shape[0]);
        G = groupIdx->shape[0];
        H = gradY->shape[1];
    }
    if (out->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "The dimensions of output should be two, but got %u.", out->ndim);
    if (out->shape[0] != G || out->shape[1] != H)
        return ACLEMU_PARAM_ERROR(api, "The shape of out should be [%lld, %lld], but got [%lld, %lld].", (long long)G,
                                  (long long)H, (long long)out->shape[0], (long long)out->shape[1]);
    if (groupIdxType < 0 || groupIdxType > 1)
        return ACLEMU_PARAM_ERROR(api, "group_idx_type should be 0 or 1, but current is %lld", (long long)groupIdxType);
    for (uint32_t i = 0; i < gradY->ndim; i++)
        if (gradY->shape[i] == 0)
            return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if (G == 0 || H == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)G, aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &bd, &per);
    gbag_args *a = (gbag_args *)aclemu_exec_add_launch(executor, "GroupedBiasAddGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->has_idx = groupIdx != NULL;
    a->sizes = groupIdxType == 1;
    a->per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->grad, gradY)) || (st = aclemu_exec_tdesc(executor, a, &a->out, out)))
        return st;
    return groupIdx ? aclemu_exec_tdesc(executor, a, &a->idx, groupIdx) : ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_GroupedBiasAddGrad(aclOpExecutor *executor, const aclTensor *gradY,
                                           const aclTensor *groupIdxOptional, aclTensor *out)
{
    return gbag_plan(executor, gradY, groupIdxOptional, 0, out);
}

aclnnStatus aclemu_plan_GroupedBiasAddGradV2(aclOpExecutor *executor, const aclTensor *gradY,
                                             const aclTensor *groupIdxOptional, int64_t groupIdxType, aclTensor *out)
{
    return gbag_plan(executor, gradY, groupIdxOptional, groupIdxType, out);
}
