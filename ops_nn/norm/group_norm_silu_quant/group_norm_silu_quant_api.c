/* aclnnGroupNormSiluQuant (A2 / A3 / 950; 361001 elsewhere), checks in the order of the real op_api
 * (ops-nn norm/group_norm_silu_quant/op_host/op_api/aclnn_group_norm_silu_quant.cpp): null self /
 * quantScale / out / meanOut / rstdOut (161001); self, gamma, beta FLOAT16 or BF16, quantScale
 * FLOAT, gamma of self's and beta's dtype (both given), out INT8, meanOut / rstdOut of self's dtype
 * (161002); self rank 2..8, out self's shape, meanOut / rstdOut (N, group), gamma / beta [C],
 * quantScale [1] or [C]; then group > 0, N > 0, C > 0, eps > 0, activateSilu true, C divisible by
 * group. An empty self (HxW 0) fills meanOut with 0 and rstdOut with NaN as the op_api does. One
 * launch of the GroupNorm kernel in its quant mode (absent gamma / beta: 1 / 0). */
#include <math.h>

#include "aclemu_plans.h"
#include "group_norm_args.h"
#include "group_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

#define GNQ_X (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_GroupNormSiluQuant(aclOpExecutor *executor, const aclTensor *self, const aclTensor *gamma,
                                           const aclTensor *beta, const aclTensor *quantScale, int64_t group,
                                           double eps, bool activateSilu, aclTensor *out, aclTensor *meanOut,
                                           aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, quantScale, "quantScale")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_notnull(api, meanOut, "meanOut")) ||
        (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", GNQ_X)) || (st = nn_dtype_opt(api, gamma, "gamma", GNQ_X)) ||
        (st = nn_dtype_opt(api, beta, "beta", GNQ_X)) ||
        (st = aclemu_check_dtype(api, quantScale, "quantScale", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (gamma && beta &&
        ((st = aclemu_check_same_dtype(api, self, "self", gamma, "gamma")) ||
         (st = aclemu_check_same_dtype(api, beta, "beta", gamma, "gamma"))))
        return st;
    if ((st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_same_dtype(api, self, "self", meanOut, "meanOut")) ||
        (st = aclemu_check_same_dtype(api, self, "self", rstdOut, "rstdOut")))
        return st;
    const aclTensor *ts[7] = {self, gamma, beta, quantScale, out, meanOut, rstdOut};
    const char *names[7] = {"self", "gamma", "beta", "quantScale", "out", "meanOut", "rstdOut"};
    for (int i = 0; i < 7; i++)
        if ((st = nn_format_opt(api, ts[i], names[i])) || (st = nn_shape_opt(api, ts[i], names[i], 8)))
            return st;
    if ((st = nn_rank_in(api, self, "self", 2, 8)) || (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    int64_t N = self->shape[0], C = self->shape[1], HxW = nn_prod(self->shape, 2, self->ndim);
    int64_t mv[2] = {N, group};
    if ((st = aclemu_check_shape_is(api, meanOut, "meanOut", mv, 2)) ||
        (st = aclemu_check_shape_is(api, rstdOut, "rstdOut", mv, 2)))
        return st;
    char s1[160], s2[160];
    aclemu_shape_str(self->shape, self->ndim, s2, sizeof s2);
    if (gamma && (gamma->ndim != 1 || gamma->shape[0] != C))
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected weight to be a vector of size equal to the number of channels in input, "
                                  "but got weight of shape %s and input of shape %s.",
                                  aclemu_shape_str(gamma->shape, gamma->ndim, s1, sizeof s1), s2);
    if (beta && (beta->ndim != 1 || beta->shape[0] != C))
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected bias to be a vector of size equal to the number of channels in input, "
                                  "but got weight of shape %s and input of shape %s.",
                                  aclemu_shape_str(beta->shape, beta->ndim, s1, sizeof s1), s2);
    if (quantScale->ndim != 1 || (quantScale->shape[0] != 1 && quantScale->shape[0] != C))
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected quantScale to be a vector of size equal to the number of channels in "
                                  "input, but got quantScale of shape %s and input of shape %s.",
                                  aclemu_shape_str(quantScale->shape, quantScale->ndim, s1, sizeof s1), s2);
    if (group <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected group to be greater than 0, got %lld.", (long long)group);
    if (N <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected N to be greater than 0, got %lld.", (long long)N);
    if (C <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected C to be greater than 0, got %lld.", (long long)C);
    if (!(eps > 0.0))
        return ACLEMU_PARAM_ERROR(api, "Expected eps to be greater than 0, got %lf.", eps);
    if (!activateSilu)
        return ACLEMU_PARAM_ERROR(api, "Expected activateSilu is TRUE");
    if (C % group != 0)
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected number of channels in input to be divisible by group, but got input of "
                                  "shape %s and group=%lld.",
                                  s2, (long long)group);
    if (HxW == 0) {
        if ((st = nn_fill(executor, meanOut, "meanOut", 0.0)))
            return st;
        return nn_fill(executor, rstdOut, "rstdOut", NAN);
    }
    int quant = aclemu_op_profile()->family == ACLEMU_FAMILY_950 ? GN_Q_950 : GN_Q_A2;
    return group_norm_launch_quant(executor, self, gamma, beta, N, C, HxW, group, eps, 1, quantScale, quant, out,
                                   meanOut, rstdOut);
}
