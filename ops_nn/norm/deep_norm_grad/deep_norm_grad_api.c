/* aclnnDeepNormGrad (A2 / A3 / 950 / 310P): dy / x / gx / gamma / dxOut / dgxOut FLOAT, FLOAT16,
 * BF16 (no BF16 on 310P), all of dy's dtype; mean / rstd / dbetaOut / dgammaOut FLOAT; dy / x /
 * gx / dx / dgx ranks 2..8 of one shape, gamma / dbeta / dgamma 1..7 = the trailing dims, mean
 * / rstd one value per row. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "deep_norm_grad_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_DeepNormGrad(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x,
                                     const aclTensor *gx, const aclTensor *gamma, const aclTensor *mean,
                                     const aclTensor *rstd, double alpha, const aclTensor *dxOut,
                                     const aclTensor *dgxOut, const aclTensor *dbetaOut, const aclTensor *dgammaOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *all[] = {dy, x, gx, gamma, mean, rstd, dxOut, dgxOut, dbetaOut, dgammaOut};
    const char *names[] = {"dy", "x", "gx", "gamma", "mean", "rstd", "dxOut", "dgxOut", "dbetaOut", "dgammaOut"};
    aclnnStatus st;
    for (int i = 0; i < 10; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_dtype(api, dy, "dy", NN_FLOATS)))
        return st;
    for (int i = 1; i < 10; i++) {
        int stat = i == 4 || i == 5 || i == 8 || i == 9;
        st = stat ? aclemu_check_dtype(api, all[i], names[i], ACLEMU_DT(ACL_FLOAT))
                  : aclemu_check_same_dtype(api, dy, "dy", all[i], names[i]);
        if (st)
            return st;
    }
    for (int i = 0; i < 10; i++) {
        int inner = i == 3 || i == 8 || i == 9;
        if ((st = aclemu_check_shape(api, all[i], names[i], 8)) ||
            (st = nn_rank_in(api, all[i], names[i], inner ? 1 : 2, inner ? 7 : 8)))
            return st;
    }
    int64_t rows, n;
    if ((st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", x, "x")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", gx, "gx")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", dxOut, "dxOut")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", dgxOut, "dgxOut")) ||
        (st = nr_split_rows(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", gamma, "gamma", &rows, &n)) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_PARAM_INVALID, mean, "mean", rows)) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_PARAM_INVALID, rstd, "rstd", rows)) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, gamma, "gamma", dbetaOut, "dbetaOut")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, gamma, "gamma", dgammaOut, "dgammaOut")))
        return st;
    deep_norm_grad_args a = {0};
    a.alpha = alpha;
    const nr_operand ops[] = {{dy, 0, offsetof(deep_norm_grad_args, dy)},     {x, 0, offsetof(deep_norm_grad_args, x)},
                              {gx, 0, offsetof(deep_norm_grad_args, gx)},     {gamma, 0, offsetof(deep_norm_grad_args, gamma)},
                              {mean, 0, offsetof(deep_norm_grad_args, mean)}, {rstd, 0, offsetof(deep_norm_grad_args, rstd)},
                              {dxOut, 1, offsetof(deep_norm_grad_args, dx)},  {dgxOut, 1, offsetof(deep_norm_grad_args, dgx)}};
    const aclTensor *sums[] = {dbetaOut, dgammaOut};
    const char *sum_names[] = {"dbetaOut", "dgammaOut"};
    return nr_launch_sums(executor, "DeepNormGrad", &a, sizeof a, rows, n, 0.0, ops, 8, sums, sum_names, 2);
}
