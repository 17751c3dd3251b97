/* aclnnAddRmsNorm: x1 / x2 / gamma / yOut / xOut of one dtype, rstdOut FLOAT. Three modes, by
 * which optional outputs are given (as the real op):
 *   rstdOut and xOut given: FLOAT, FLOAT16, BF16 (FLOAT, FLOAT16 on 310P); gamma = x1's
 *     trailing dims;
 *   rstdOut NULL, xOut given ("pre" mode) / both NULL ("post" mode): FLOAT16, BF16 (FLOAT16 on
 *     310P); gamma may also be [1, last dim].
 * Runs the RmsNorm kernel with the residual operand. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "rms_norm_plan.h"

aclnnStatus aclemu_plan_AddRmsNorm(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                   const aclTensor *gamma, double epsilon, aclTensor *yOut, aclTensor *rstdOut,
                                   aclTensor *xOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int full = rstdOut != NULL; /* ADD mode needs both outputs; pre/post modes need no rstd */
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (full && (st = aclemu_check_notnull(api, xOut, "xOut"))))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    int is310p = aclemu_op_profile()->family == ACLEMU_FAMILY_310P;
    aclemu_dtype_set dts = full ? NN_FLOATS : ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if (is310p)
        dts = full ? ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) : ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, x1, "x1", dts)) || (st = aclemu_check_dtype(api, x2, "x2", dts)) ||
        (st = aclemu_check_dtype(api, gamma, "gamma", dts)) || (st = aclemu_check_same_dtype(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", gamma, "gamma")) ||
        (st = aclemu_check_dtype(api, yOut, "yOut", dts)) || (st = aclemu_check_same_dtype(api, x1, "x1", yOut, "yOut")) ||
        (xOut && ((st = aclemu_check_dtype(api, xOut, "xOut", dts)) ||
                  (st = aclemu_check_same_dtype(api, yOut, "yOut", xOut, "xOut")))) ||
        (full && (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    if ((st = aclemu_check_format(api, x1, "x1")) || (st = aclemu_check_format(api, x2, "x2")) ||
        (st = aclemu_check_format(api, gamma, "gamma")) || (st = aclemu_check_format(api, yOut, "yOut")))
        return st;
    if ((st = aclemu_check_shape(api, x1, "x1", ACLEMU_MAX_RANK)) || (st = nn_rank_in(api, x1, "x1", 1, 8)) ||
        (st = aclemu_check_shape(api, x2, "x2", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, xOut, "xOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_shape(api, x1, "x1", yOut, "yOut")) ||
        (xOut && (st = aclemu_check_same_shape(api, x1, "x1", xOut, "xOut"))))
        return st;
    int64_t rows, n;
    int64_t last = x1->shape[x1->ndim - 1];
    if (!full && gamma->ndim == 2 && gamma->shape[0] == 1 && gamma->shape[1] == last && x1->ndim >= 2) {
        n = last; /* [1, D] gamma of the pre/post modes */
        rows = n ? aclemu_tensor_numel(x1) / n : 0;
    } else if ((st = rms_check_shapes(api, x1, "x1", gamma, rstdOut, "rstdOut", &rows, &n))) {
        return st;
    }
    return rms_launch(executor, x1, x2, gamma, epsilon, yOut, rstdOut, xOut, rows, n);
}
