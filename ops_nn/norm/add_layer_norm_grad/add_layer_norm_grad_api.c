/* aclnnAddLayerNormGrad (A2 / A3 / 950 / 310P): dy / x1 / x2 / gamma / dsumOptional / dxOut FLOAT,
 * FLOAT16, BF16 (no BF16 on 310P), all of dy's dtype; rstd / mean / dgammaOut / dbetaOut FLOAT;
 * ranks 1..8; x1 / x2 / dsum / dxOut dy's shape, gamma dy's trailing dims, rstd / mean one value
 * per row, dgamma / dbeta gamma's shape. Empty tensors are documented as unsupported; the real
 * (generated) API refuses them at tiling: 561002. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "add_layer_norm_grad_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_AddLayerNormGrad(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x1,
                                         const aclTensor *x2, const aclTensor *rstd, const aclTensor *mean,
                                         const aclTensor *gamma, const aclTensor *dsumOptional, const aclTensor *dxOut,
                                         const aclTensor *dgammaOut, const aclTensor *dbetaOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ds = dsumOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, dy, "dy")) || (st = aclemu_check_notnull(api, x1, "x1")) ||
        (st = aclemu_check_notnull(api, x2, "x2")) || (st = aclemu_check_notnull(api, rstd, "rstd")) ||
        (st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, dxOut, "dxOut")) || (st = aclemu_check_notnull(api, dgammaOut, "dgammaOut")) ||
        (st = aclemu_check_notnull(api, dbetaOut, "dbetaOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_dtype(api, dy, "dy", NN_FLOATS)) || (st = aclemu_check_same_dtype(api, dy, "dy", x1, "x1")) ||
        (st = aclemu_check_same_dtype(api, dy, "dy", x2, "x2")) ||
        (st = aclemu_check_dtype(api, rstd, "rstd", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, mean, "mean", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, dy, "dy", gamma, "gamma")) ||
        (ds && (st = aclemu_check_same_dtype(api, dy, "dy", ds, "dsumOptional"))) ||
        (st = aclemu_check_same_dtype(api, dy, "dy", dxOut, "dxOut")) ||
        (st = aclemu_check_dtype(api, dgammaOut, "dgammaOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, dbetaOut, "dbetaOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    const aclTensor *all[] = {dy, x1, x2, rstd, mean, gamma, ds, dxOut, dgammaOut, dbetaOut};
    const char *names[] = {"dy", "x1", "x2", "rstd", "mean", "gamma", "dsumOptional", "dxOut", "dgammaOut", "dbetaOut"};
    for (int i = 0; i < 10; i++)
        if (all[i] && ((st = aclemu_check_shape(api, all[i], names[i], 8)) || (st = nn_rank_in(api, all[i], names[i], 1, 8))))
            return st;
    for (int i = 0; i < 10; i++)
        if (all[i] && aclemu_tensor_numel(all[i]) == 0)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                                   "%s is an empty tensor, which is not supported.", names[i]);
    int64_t rows, n;
    if ((st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", x1, "x1")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", x2, "x2")) ||
        (ds && (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", ds, "dsumOptional"))) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", dxOut, "dxOut")) ||
        (st = nr_split_rows(api, ACLNN_ERR_PARAM_INVALID, dy, "dy", gamma, "gamma", &rows, &n)) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_PARAM_INVALID, rstd, "rstd", rows)) ||
        (st = nr_check_row_stat(api, ACLNN_ERR_PARAM_INVALID, mean, "mean", rows)) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, gamma, "gamma", dgammaOut, "dgammaOut")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, gamma, "gamma", dbetaOut, "dbetaOut")))
        return st;
    add_layer_norm_grad_args a = {0};
    const nr_operand ops[] = {{dy, 0, offsetof(add_layer_norm_grad_args, dy)},
                              {x1, 0, offsetof(add_layer_norm_grad_args, x1)},
                              {x2, 0, offsetof(add_layer_norm_grad_args, x2)},
                              {rstd, 0, offsetof(add_layer_norm_grad_args, rstd)},
                              {mean, 0, offsetof(add_layer_norm_grad_args, mean)},
                              {gamma, 0, offsetof(add_layer_norm_grad_args, gamma)},
                              {ds, 0, offsetof(add_layer_norm_grad_args, dsum)},
                              {dxOut, 1, offsetof(add_layer_norm_grad_args, dx)}};
    const aclTensor *sums[] = {dgammaOut, dbetaOut};
    const char *sum_names[] = {"dgammaOut", "dbetaOut"};
    return nr_launch_sums(executor, "AddLayerNormGrad", &a, sizeof a, rows, n, 0.0, ops, 8, sums, sum_names, 2);
}
