/* aclnnGroupNormSwish (A2 / A3 / 950) on the GroupNorm kernel (group_norm_plan.h). An op whose
 * aclnn layer is generated from its definition: null x / gamma / beta / yOut / meanOut / rstdOut
 * (161001), then the definition's dtype rows (x, gamma = beta, y = x, mean = rstd = gamma):
 * (FLOAT16, FLOAT16), (FLOAT, FLOAT), (BF16, BF16), (FLOAT16, FLOAT), (BF16, FLOAT); then the
 * documented shapes: x (N, C, ...) rank 2..8 with N, C > 0, numGroups > 0 dividing C, gamma /
 * beta C elements, yOut = x, meanOut / rstdOut (N, numGroups). dataFormatOptional is only
 * documented as "NCHW" and read that way. */
#include "aclemu_plans.h"
#include "group_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_GroupNormSwish(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                       const aclTensor *beta, int64_t numGroups, char *dataFormatOptional,
                                       double eps, bool activateSwish, double swishScale, const aclTensor *yOut,
                                       const aclTensor *meanOut, const aclTensor *rstdOut)
{
    (void)dataFormatOptional;
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, meanOut, "meanOut")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, gamma, "gamma", ACLEMU_DT(x->dtype) | ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, gamma, "gamma", beta, "beta")) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")) ||
        (st = aclemu_check_same_dtype(api, gamma, "gamma", meanOut, "meanOut")) ||
        (st = aclemu_check_same_dtype(api, gamma, "gamma", rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = nn_rank_in(api, x, "x", 2, 8)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", 8)) || (st = aclemu_check_same_shape(api, x, "x", yOut, "yOut")))
        return st;
    if (numGroups <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected numGroups to be greater than 0, got %lld.", (long long)numGroups);
    int64_t N = x->shape[0], C = x->shape[1], HxW = nn_prod(x->shape, 2, x->ndim);
    if (N <= 0 || C <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected N and C of x to be greater than 0, got %lld and %lld.", (long long)N,
                                  (long long)C);
    if (C % numGroups != 0)
        return ACLEMU_PARAM_ERROR(api, "Expected C can be divided by numGroups, but got C: %lld, numGroups: %lld.",
                                  (long long)C, (long long)numGroups);
    if (aclemu_tensor_numel(gamma) != C || aclemu_tensor_numel(beta) != C)
        return ACLEMU_PARAM_ERROR(api, "gamma and beta should hold C (%lld) elements.", (long long)C);
    int64_t mv[2] = {N, numGroups};
    if ((st = aclemu_check_shape_is(api, meanOut, "meanOut", mv, 2)) ||
        (st = aclemu_check_shape_is(api, rstdOut, "rstdOut", mv, 2)))
        return st;
    return group_norm_launch_swish(executor, x, gamma, beta, NULL, N, C, HxW, numGroups, eps, activateSwish,
                                   swishScale, 0, yOut, meanOut, rstdOut);
}
