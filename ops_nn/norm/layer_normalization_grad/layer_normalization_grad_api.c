/* aclnnLayerNormalizationGrad (ops-nn experimental; the aclnn is generated from the op definition,
 * kernel for ascend910b only): every operand FLOAT, FLOAT16 or BF16 of dy's dtype, ND (161002).
 * Tiling (561002): dy rank >= 2 with N = dim 0 and D = dim 1 both non-zero; beyond the real tiling
 * (which reads only those two dims) dy must be exactly 2-D, x / dx of dy's shape, gamma / dgamma /
 * dbeta [D] and mean / rstd N values (the kernel reads that many). Runs the AddLayerNormGrad kernel
 * without x2 and dsum: dx = rstd * (dy * gamma - (sum(dy * gamma) + xhat * sum(dy * gamma * xhat)) / D),
 * the column sums dgamma / dbeta through the row-norm driver's partial sums. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "add_layer_norm_grad_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR

aclnnStatus aclemu_plan_LayerNormalizationGrad(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x,
                                               const aclTensor *gamma, const aclTensor *mean, const aclTensor *rstd,
                                               const aclTensor *dx, const aclTensor *dgamma, const aclTensor *dbeta)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[8] = {dy, x, gamma, mean, rstd, dx, dgamma, dbeta};
    const char *names[8] = {"dy", "x", "gamma", "mean", "rstd", "dx", "dgamma", "dbeta"};
    aclnnStatus st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, dy, "dy", NN_FLOATS)))
        return st;
    for (int i = 1; i < 8; i++)
        if ((st = aclemu_check_same_dtype(api, dy, "dy", ts[i], names[i])))
            return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_format(api, ts[i], names[i])) || (st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if (dy->ndim != 2)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "dy dim num %u should be 2 ([N, D]).", dy->ndim);
    int64_t N = dy->shape[0], D = dy->shape[1];
    if (N == 0 || D == 0)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "dy N %lld and D %lld should be greater than 0.",
                               (long long)N, (long long)D);
    if ((st = nr_same_shape(api, TILING, dy, "dy", x, "x")) || (st = nr_same_shape(api, TILING, dy, "dy", dx, "dx")))
        return st;
    const aclTensor *vd[3] = {gamma, dgamma, dbeta};
    const char *vdn[3] = {"gamma", "dgamma", "dbeta"};
    for (int i = 0; i < 3; i++)
        if (vd[i]->ndim != 1 || vd[i]->shape[0] != D) {
            char s[128];
            return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "%s shape %s should be [%lld].", vdn[i],
                                   aclemu_shape_str(vd[i]->shape, vd[i]->ndim, s, sizeof s), (long long)D);
        }
    if ((st = nr_check_row_stat(api, TILING, mean, "mean", N)) || (st = nr_check_row_stat(api, TILING, rstd, "rstd", N)))
        return st;
    add_layer_norm_grad_args a = {0};
    const nr_operand ops[] = {{dy, 0, offsetof(add_layer_norm_grad_args, dy), NULL},
                              {x, 0, offsetof(add_layer_norm_grad_args, x1), NULL},
                              {rstd, 0, offsetof(add_layer_norm_grad_args, rstd), NULL},
                              {mean, 0, offsetof(add_layer_norm_grad_args, mean), NULL},
                              {gamma, 0, offsetof(add_layer_norm_grad_args, gamma), NULL},
                              {dx, 1, offsetof(add_layer_norm_grad_args, dx), NULL}};
    const aclTensor *sums[] = {dgamma, dbeta};
    const char *sum_names[] = {"dgamma", "dbeta"};
    return nr_launch_sums(executor, "AddLayerNormGrad", &a, sizeof a, N, D, 0.0, ops, 6, sums, sum_names, 2);
}
