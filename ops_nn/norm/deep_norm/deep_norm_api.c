/* aclnnDeepNorm (A2 / A3 / 950 / 310P): x / gx / beta / gamma / yOut FLOAT, FLOAT16, BF16 (no
 * BF16 on 310P), all of x's dtype; meanOut / rstdOut FLOAT, one value per row; x ranks 2..8,
 * gamma / beta 1..7 = x's trailing dims; gx and yOut x's shape. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "deep_norm_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_DeepNorm(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gx,
                                 const aclTensor *beta, const aclTensor *gamma, double alpha, double epsilon,
                                 const aclTensor *meanOut, const aclTensor *rstdOut, const aclTensor *yOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gx, "gx")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, meanOut, "meanOut")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) || (st = aclemu_check_same_dtype(api, x, "x", gx, "gx")) ||
        (st = aclemu_check_same_dtype(api, x, "x", beta, "beta")) ||
        (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma")) ||
        (st = aclemu_check_dtype(api, meanOut, "meanOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, gx, "gx")) ||
        (st = aclemu_check_format(api, beta, "beta")) || (st = aclemu_check_format(api, gamma, "gamma")) ||
        (st = aclemu_check_format(api, yOut, "yOut")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = nn_rank_in(api, x, "x", 2, 8)) ||
        (st = aclemu_check_shape(api, gx, "gx", 8)) || (st = aclemu_check_shape(api, beta, "beta", 8)) ||
        (st = nn_rank_in(api, beta, "beta", 1, 7)) || (st = aclemu_check_shape(api, gamma, "gamma", 8)) ||
        (st = nn_rank_in(api, gamma, "gamma", 1, 7)) || (st = aclemu_check_shape(api, meanOut, "meanOut", 8)) ||
        (st = aclemu_check_shape(api, rstdOut, "rstdOut", 8)) || (st = aclemu_check_shape(api, yOut, "yOut", 8)) ||
        (st = aclemu_check_same_shape(api, x, "x", gx, "gx")) ||
        (st = aclemu_check_same_shape(api, gamma, "gamma", beta, "beta")) ||
        (st = aclemu_check_same_shape(api, x, "x", yOut, "yOut")))
        return st;
    int64_t rows, n;
    if ((st = nr_split_rows(api, ACLNN_ERR_PARAM_INVALID, x, "x", gamma, "gamma", &rows, &n)) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_PARAM_INVALID, meanOut, "meanOut", rows)) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_PARAM_INVALID, rstdOut, "rstdOut", rows)))
        return st;
    deep_norm_args a = {0};
    a.alpha = alpha;
    const nr_operand ops[] = {{x, 0, offsetof(deep_norm_args, x)},        {gx, 0, offsetof(deep_norm_args, gx)},
                              {beta, 0, offsetof(deep_norm_args, beta)},  {gamma, 0, offsetof(deep_norm_args, gamma)},
                              {meanOut, 1, offsetof(deep_norm_args, mean)}, {rstdOut, 1, offsetof(deep_norm_args, rstd)},
                              {yOut, 1, offsetof(deep_norm_args, y)}};
    return nr_launch(executor, "DeepNorm", &a, sizeof a, rows, n, epsilon, ops, 7);
}
