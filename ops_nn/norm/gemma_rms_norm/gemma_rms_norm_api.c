/* aclnnGemmaRmsNorm (A2 / A3 / 950): x / gamma / yOut FLOAT, FLOAT16, BF16, gamma and yOut of x's
 * dtype, rstdOut FLOAT; ranks 1..8. The real API is generated from the op definition, so shape
 * mismatches surface at tiling: 561002. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "gemma_rms_norm_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_GemmaRmsNorm(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                     double epsilon, const aclTensor *yOut, const aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) || (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, gamma, "gamma")) ||
        (st = aclemu_check_format(api, yOut, "yOut")) || (st = aclemu_check_format(api, rstdOut, "rstdOut")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = nn_rank_in(api, x, "x", 1, 8)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)))
        return st;
    int64_t rows, n;
    if ((st = nr_split_rows(api, ACLNN_ERR_INNER_TILING_ERROR, x, "x", gamma, "gamma", &rows, &n)))
        return st;
    if ((st = nr_same_shape(api, ACLNN_ERR_INNER_TILING_ERROR, x, "x", yOut, "yOut")) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_INNER_TILING_ERROR, rstdOut, "rstdOut", rows)))
        return st;
    gemma_rms_norm_args a = {0};
    const nr_operand ops[] = {{x, 0, offsetof(gemma_rms_norm_args, x)},
                              {gamma, 0, offsetof(gemma_rms_norm_args, gamma)},
                              {yOut, 1, offsetof(gemma_rms_norm_args, y)},
                              {rstdOut, 1, offsetof(gemma_rms_norm_args, rstd)}};
    return nr_launch(executor, "GemmaRmsNorm", &a, sizeof a, rows, n, epsilon, ops, 4);
}
