/* aclnnInplaceAddRmsNorm: x1Ref / x2Ref / gamma FLOAT, FLOAT16, BF16 (no BF16 on 910 / 310P) of
 * one dtype, rstdOut FLOAT, shapes as aclnnAddRmsNorm; the normalised result goes to
 * x1Ref and the sum to x2Ref (the kernel reads a whole row before writing it). */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "rms_norm_plan.h"

aclnnStatus aclemu_plan_InplaceAddRmsNorm(aclOpExecutor *executor, aclTensor *x1Ref, aclTensor *x2Ref,
                                          const aclTensor *gamma, double epsilon, const aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1Ref, "x1Ref")) || (st = aclemu_check_notnull(api, x2Ref, "x2Ref")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_dtype(api, x1Ref, "x1Ref", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, x1Ref, "x1Ref", x2Ref, "x2Ref")) ||
        (st = aclemu_check_dtype(api, gamma, "gamma", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, x1Ref, "x1Ref", gamma, "gamma")) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, x1Ref, "x1Ref")) || (st = aclemu_check_format(api, x2Ref, "x2Ref")) ||
        (st = aclemu_check_format(api, gamma, "gamma")) || (st = aclemu_check_format(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_shape(api, x1Ref, "x1Ref", ACLEMU_MAX_RANK)) ||
        (st = nn_rank_in(api, x1Ref, "x1Ref", 1, 8)) ||
        (st = aclemu_check_shape(api, x2Ref, "x2Ref", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x1Ref, "x1Ref", x2Ref, "x2Ref")))
        return st;
    int64_t rows, n;
    if ((st = rms_check_shapes(api, x1Ref, "x1Ref", gamma, rstdOut, "rstdOut", &rows, &n)))
        return st;
    return rms_launch(executor, x1Ref, x2Ref, gamma, epsilon, x1Ref, rstdOut, x2Ref, rows, n);
}
