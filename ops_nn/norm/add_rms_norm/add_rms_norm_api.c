/* aclnnAddRmsNorm: x1 / x2 / gamma / yOut / xOut FLOAT, FLOAT16, BF16 (no BF16 on 910 / 310P),
 * x2 / yOut / xOut of x1's dtype and shape, gamma x1's dtype or FLOAT, rstdOut FLOAT. Runs the
 * RmsNorm kernel with the residual operand. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "rms_norm_plan.h"

aclnnStatus aclemu_plan_AddRmsNorm(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                   const aclTensor *gamma, double epsilon, aclTensor *yOut, aclTensor *rstdOut,
                                   aclTensor *xOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, rstdOut, "rstdOut")) || (st = aclemu_check_notnull(api, xOut, "xOut")))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", NN_FLOATS)) || (st = aclemu_check_same_dtype(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_dtype(api, gamma, "gamma", NN_FLOATS)) ||
        (gamma->dtype != ACL_FLOAT && (st = aclemu_check_same_dtype(api, x1, "x1", gamma, "gamma"))) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", yOut, "yOut")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", xOut, "xOut")) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, x1, "x1")) || (st = aclemu_check_format(api, x2, "x2")) ||
        (st = aclemu_check_format(api, gamma, "gamma")) || (st = aclemu_check_format(api, yOut, "yOut")) ||
        (st = aclemu_check_format(api, rstdOut, "rstdOut")) || (st = aclemu_check_format(api, xOut, "xOut")))
        return st;
    if ((st = aclemu_check_shape(api, x1, "x1", ACLEMU_MAX_RANK)) || (st = nn_rank_in(api, x1, "x1", 1, 8)) ||
        (st = aclemu_check_shape(api, x2, "x2", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, xOut, "xOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_shape(api, x1, "x1", yOut, "yOut")) ||
        (st = aclemu_check_same_shape(api, x1, "x1", xOut, "xOut")))
        return st;
    int64_t rows, n;
    if ((st = rms_check_shapes(api, x1, "x1", gamma, rstdOut, "rstdOut", &rows, &n)))
        return st;
    return rms_launch(executor, x1, x2, gamma, epsilon, yOut, rstdOut, xOut, rows, n);
}
