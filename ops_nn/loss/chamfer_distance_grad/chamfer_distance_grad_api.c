/* aclnnChamferDistanceBackward: xyz1 / xyz2 (B, N, 2), idx1 / idx2 INT32 (B, N), gradDist1 /
 * gradDist2 (B, N), gradXyz1 / gradXyz2 (B, N, 2); the float operands FLOAT or FLOAT16 (on every
 * chip: the op has no BF16). The real op_api checks nulls and then each tensor's dtype in
 * prototype order and nothing else (its kernel takes B and N from xyz1 and reads every operand
 * with that size); here shapes other than those are refused (161002) rather than read out of
 * bounds. Any empty input launches nothing. Kernels for A2 / A3 / 950 only. */
#include "aclemu_plans.h"
#include "chamfer_distance_grad_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define CD_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

aclnnStatus aclemu_plan_ChamferDistanceBackward(aclOpExecutor *executor, const aclTensor *xyz1, const aclTensor *xyz2,
                                                const aclTensor *idx1, const aclTensor *idx2,
                                                const aclTensor *gradDist1, const aclTensor *gradDist2,
                                                aclTensor *gradXyz1, aclTensor *gradXyz2)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[8] = {xyz1, xyz2, idx1, idx2, gradDist1, gradDist2, gradXyz1, gradXyz2};
    static const char *const ns[8] = {"xyz1", "xyz2", "idx1", "idx2", "gradDist1", "gradDist2", "gradXyz1", "gradXyz2"};
    aclnnStatus st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_dtype(api, ts[i], ns[i], (i == 2 || i == 3) ? ACLEMU_DT(ACL_INT32) : CD_FLOATS)))
            return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    char s0[256];
    if (xyz1->ndim != 3 || xyz1->shape[2] != 2)
        return ACLEMU_PARAM_ERROR(api, "xyz1 should be (B, N, 2), but got %s.",
                                  aclemu_shape_str(xyz1->shape, xyz1->ndim, s0, sizeof s0));
    for (int i = 1; i < 8; i++) {
        int pts = i == 1 || i >= 6;
        int64_t e[3] = {xyz1->shape[0], xyz1->shape[1], 2};
        if ((st = aclemu_check_shape_is(api, ts[i], ns[i], e, pts ? 3 : 2)))
            return st;
    }
    for (int i = 0; i < 6; i++)
        if (aclemu_tensor_numel(ts[i]) == 0)
            return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    nn_stage s[8];
    for (int i = 0; i < 8; i++)
        if ((st = (i < 6 ? nn_stage_in : nn_stage_out)(executor, ts[i], NULL, -1, &s[i])))
            return st;
    int64_t B = xyz1->shape[0], N = xyz1->shape[1];
    uint64_t acc = aclemu_exec_alloc_workspace(executor, (uint64_t)(4 * B * N) * sizeof(double));
    chamfer_grad_args *a = (chamfer_grad_args *)aclemu_exec_add_launch(executor, "ChamferDistanceGrad", 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->B = B;
    a->N = N;
    nn_cbuf *bufs[8] = {&a->xyz1, &a->xyz2, &a->idx1, &a->idx2, &a->g1, &a->g2, &a->gx1, &a->gx2};
    for (int i = 0; i < 8; i++)
        if ((st = nn_stage_bind(executor, a, bufs[i], &s[i])))
            return st;
    if ((st = aclemu_exec_bind_workspace(executor, a, &a->acc, acc)))
        return st;
    if ((st = nn_stage_out_finish(executor, &s[6])))
        return st;
    return nn_stage_out_finish(executor, &s[7]);
}
