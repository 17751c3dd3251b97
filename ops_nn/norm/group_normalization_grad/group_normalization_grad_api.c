/* aclnnGroupNormalizationGrad (ops-nn experimental; the aclnn is generated from the op definition,
 * kernel for ascend910b only). As the doc lists: null x / dy / gamma / mean / rstd / dx (161001);
 * every operand FLOAT16, FLOAT or BF16 of x's dtype, ND (161002); x / dy / gamma / dx rank 3..8
 * of one shape, mean / rstd rank 2 [N, G] (161002); the tiling's rule (561002): the group size M
 * (product of x's dims from 2) must not be 0. N * G == 0 runs nothing. The kernel applies the
 * real formula dx = rstd / M * gamma * (M * dy - sum(dy * gamma) - xhat * sum(dy * gamma * xhat)),
 * the exact gradient when gamma is constant within each group. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "group_normalization_grad_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_GroupNormalizationGrad(aclOpExecutor *executor, const aclTensor *x, const aclTensor *dy,
                                               const aclTensor *gamma, const aclTensor *mean, const aclTensor *rstd,
                                               aclTensor *dx)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {x, dy, gamma, mean, rstd, dx};
    const char *names[6] = {"x", "dy", "gamma", "mean", "rstd", "dx"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)))
        return st;
    for (int i = 1; i < 6; i++)
        if ((st = aclemu_check_same_dtype(api, x, "x", ts[i], names[i])))
            return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_format(api, ts[i], names[i])) || (st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if ((st = nn_rank_in(api, x, "x", 3, 8)) || (st = aclemu_check_same_shape(api, x, "x", dy, "dy")) ||
        (st = aclemu_check_same_shape(api, x, "x", gamma, "gamma")) ||
        (st = aclemu_check_same_shape(api, x, "x", dx, "dx")))
        return st;
    int64_t ng[2] = {x->shape[0], x->shape[1]};
    if ((st = aclemu_check_shape_is(api, mean, "mean", ng, 2)) || (st = aclemu_check_shape_is(api, rstd, "rstd", ng, 2)))
        return st;
    int64_t rows = ng[0] * ng[1], n = aclemu_tensor_numel(x) / (rows ? rows : 1);
    if (rows == 0) {
        n = 1;
        for (uint32_t i = 2; i < x->ndim; i++)
            n *= x->shape[i];
    }
    if (n == 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "The group size (x dims from 2 multiplied) should not be 0.");
    group_normalization_grad_args a = {0};
    const nr_operand ops[] = {{x, 0, offsetof(group_normalization_grad_args, x), NULL},
                              {dy, 0, offsetof(group_normalization_grad_args, dy), NULL},
                              {gamma, 0, offsetof(group_normalization_grad_args, gamma), NULL},
                              {mean, 0, offsetof(group_normalization_grad_args, mean), NULL},
                              {rstd, 0, offsetof(group_normalization_grad_args, rstd), NULL},
                              {dx, 1, offsetof(group_normalization_grad_args, dx), NULL}};
    return nr_launch(executor, "GroupNormalizationGrad", &a, sizeof a, rows, n, 0.0, ops, 6);
}
