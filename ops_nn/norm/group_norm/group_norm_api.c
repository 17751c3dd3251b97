/* aclnnGroupNorm: self / gamma / beta / out / meanOut / rstdOut FLOAT16, FLOAT (+ BF16 on
 * A2/A3/950) all of self's dtype; self rank 2..8 of shape (N, C, ...) with HxW the product of
 * the rest; group > 0 dividing C; eps > 0; meanOut / rstdOut (N, group); ND/NCL/NCHW/NCDHW. */
#include "aclemu_plans.h"
#include "group_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_GroupNorm(aclOpExecutor *executor, const aclTensor *self, const aclTensor *gamma,
                                  const aclTensor *beta, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                                  aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, meanOut, "meanOut")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (gamma && (st = aclemu_check_same_dtype(api, self, "self", gamma, "gamma"))) ||
        (beta && (st = aclemu_check_same_dtype(api, self, "self", beta, "beta"))) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_same_dtype(api, self, "self", meanOut, "meanOut")) ||
        (st = aclemu_check_same_dtype(api, self, "self", rstdOut, "rstdOut")))
        return st;
    if (group <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected group to be greater than 0, got %lld.", (long long)group);
    if (C % group != 0)
        return ACLEMU_PARAM_ERROR(api, "Expected C can be divided by group, but got C: %lld, group: %lld.",
                                  (long long)C, (long long)group);
    if (!(eps > 0.0))
        return ACLEMU_PARAM_ERROR(api, "Expected eps to be greater than 0, got %lf.", eps);
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = nn_rank_in(api, self, "self", 2, 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)) || (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    int64_t mv[2] = {N, group};
    if ((st = aclemu_check_shape_is(api, meanOut, "meanOut", mv, 2)) ||
        (st = aclemu_check_shape_is(api, rstdOut, "rstdOut", mv, 2)))
        return st;
    if (self->shape[0] != N)
        return ACLEMU_PARAM_ERROR(api, "Expected self.shape[0] == N to be true, but got false.");
    if (self->shape[1] != C)
        return ACLEMU_PARAM_ERROR(api, "Expected self.shape[1] == C to be true, but got false.");
    if (nn_prod(self->shape, 2, self->ndim) != HxW)
        return ACLEMU_PARAM_ERROR(api, "Expected the size of self outside the N and C dimensions == HxW to be true, "
                                  "but got false.");
    if ((st = nn_vec_of(api, gamma, "gamma", C)) || (st = nn_vec_of(api, beta, "beta", C)))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of self and out should be equal, but got self [%s], out [%s]",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (self->format != ACL_FORMAT_ND && self->format != ACL_FORMAT_NCL && self->format != ACL_FORMAT_NCHW &&
        self->format != ACL_FORMAT_NCDHW)
        return ACLEMU_PARAM_ERROR(api, "Format only support ND, NCL, NCHW, NCDHW.");
    return group_norm_launch(executor, self, gamma, beta, NULL, N, C, HxW, group, eps, 0, 0, out, meanOut, rstdOut);
}
