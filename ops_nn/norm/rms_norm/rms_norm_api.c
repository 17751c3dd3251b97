/* aclnnRmsNorm (A2 / A3 / 950 / 310P): x / gamma / yOut FLOAT, FLOAT16, BF16 (no BF16 on
 * 310P), gamma either x's dtype or FLOAT, yOut x's dtype, rstdOut FLOAT; ranks 1..8; gamma =
 * x's trailing dims. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "rms_norm_plan.h"

aclnnStatus aclemu_plan_RmsNorm(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma, double epsilon,
                                const aclTensor *yOut, const aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) || (st = aclemu_check_dtype(api, gamma, "gamma", NN_FLOATS)) ||
        (gamma->dtype != ACL_FLOAT && (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma"))) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, gamma, "gamma")) ||
        (st = aclemu_check_format(api, yOut, "yOut")) || (st = aclemu_check_format(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = nn_rank_in(api, x, "x", 1, 8)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x, "x", yOut, "yOut")))
        return st;
    int64_t rows, n;
    if ((st = rms_check_shapes(api, x, "x", gamma, rstdOut, "rstdOut", &rows, &n)))
        return st;
    return rms_launch(executor, x, NULL, gamma, epsilon, yOut, rstdOut, NULL, rows, n);
}
