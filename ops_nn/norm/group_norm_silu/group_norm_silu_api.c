/* aclnnGroupNormSilu / V2: self / out FLOAT16, FLOAT (+ BF16 on A2/A3/950); gamma / beta self's
 * dtype or FLOAT (FLOAT when self is FLOAT), length C; self (N, C, ...) rank 2..8 with N, C > 0;
 * group > 0 dividing C; eps > 0; meanOut / rstdOut (N, group) of self's dtype. */
#include "aclemu_plans.h"
#include "group_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
                        int64_t group, double eps, int silu, aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, meanOut, "meanOut")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_same_dtype(api, self, "self", meanOut, "meanOut")) ||
        (st = aclemu_check_same_dtype(api, self, "self", rstdOut, "rstdOut")))
        return st;
    const aclTensor *gb[2] = {gamma, beta};
    for (int i = 0; i < 2; i++)
        if (gb[i] && gb[i]->dtype != self->dtype && gb[i]->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "The dtype of %s must be the same as self or FLOAT", i ? "beta" : "gamma");
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = nn_rank_in(api, self, "self", 2, 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)) || (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (group <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected group to be greater than 0, got %lld.", (long long)group);
    int64_t N = self->shape[0], C = self->shape[1], HxW = nn_prod(self->shape, 2, self->ndim);
    if (N <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected N to be greater than 0, got %lld.", (long long)N);
    if (C <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected C to be greater than 0, got %lld.", (long long)C);
    if (!(eps > 0.0))
        return ACLEMU_PARAM_ERROR(api, "Expected eps to be greater than 0, got %lf.", eps);
    if (C % group != 0)
        return ACLEMU_PARAM_ERROR(api, "Expected C can be divided by group, but got C: %lld, group: %lld.",
                                  (long long)C, (long long)group);
    int64_t mv[2] = {N, group};
    if ((st = nn_vec_of(api, gamma, "gamma", C)) || (st = nn_vec_of(api, beta, "beta", C)) ||
        (st = aclemu_check_shape_is(api, meanOut, "meanOut", mv, 2)) ||
        (st = aclemu_check_shape_is(api, rstdOut, "rstdOut", mv, 2)))
        return st;
    return group_norm_launch(ex, self, gamma, beta, NULL, N, C, HxW, group, eps, silu, 0, out, meanOut, rstdOut);
}

aclnnStatus aclemu_plan_GroupNormSilu(aclOpExecutor *executor, const aclTensor *self, const aclTensor *gamma,
                                      const aclTensor *beta, int64_t group, double eps, aclTensor *out,
                                      aclTensor *meanOut, aclTensor *rstdOut)
{
    return plan(executor, self, gamma, beta, group, eps, 1, out, meanOut, rstdOut);
}

aclnnStatus aclemu_plan_GroupNormSiluV2(aclOpExecutor *executor, const aclTensor *self, const aclTensor *gamma,
                                        const aclTensor *beta, int64_t group, double eps, bool activateSilu,
                                        aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut)
{
    return plan(executor, self, gamma, beta, group, eps, activateSilu, out, meanOut, rstdOut);
}
