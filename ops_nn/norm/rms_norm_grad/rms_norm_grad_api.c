/* aclnnRmsNormGrad: dy / x / dxOut FLOAT, FLOAT16, BF16 of one dtype (no BF16 on 910 / 310P),
 * gamma x's dtype or FLOAT, rstd and dgammaOut FLOAT; gamma = x's trailing dims, dgammaOut of
 * gamma's shape, rstd one value per row. dgamma is reduced over the blocks by a second launch. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "rms_norm_grad_args.h"
#include "rms_norm_plan.h"

aclnnStatus aclemu_plan_RmsNormGrad(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x,
                                    const aclTensor *rstd, const aclTensor *gamma, const aclTensor *dxOut,
                                    const aclTensor *dgammaOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, dy, "dy")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, rstd, "rstd")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, dxOut, "dxOut")) || (st = aclemu_check_notnull(api, dgammaOut, "dgammaOut")))
        return st;
    if ((st = aclemu_check_dtype(api, dy, "dy", NN_FLOATS)) || (st = aclemu_check_same_dtype(api, dy, "dy", x, "x")) ||
        (st = aclemu_check_dtype(api, rstd, "rstd", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, gamma, "gamma", NN_FLOATS)) ||
        (gamma->dtype != ACL_FLOAT && (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma"))) ||
        (st = aclemu_check_same_dtype(api, x, "x", dxOut, "dxOut")) ||
        (st = aclemu_check_dtype(api, dgammaOut, "dgammaOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, dy, "dy")) || (st = aclemu_check_format(api, x, "x")) ||
        (st = aclemu_check_format(api, rstd, "rstd")) || (st = aclemu_check_format(api, gamma, "gamma")) ||
        (st = aclemu_check_format(api, dxOut, "dxOut")) || (st = aclemu_check_format(api, dgammaOut, "dgammaOut")))
        return st;
    if ((st = aclemu_check_shape(api, dy, "dy", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, x, "x", 8)) ||
        (st = nn_rank_in(api, x, "x", 1, 8)) || (st = aclemu_check_shape(api, rstd, "rstd", 8)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", 8)) || (st = aclemu_check_shape(api, dxOut, "dxOut", 8)) ||
        (st = aclemu_check_shape(api, dgammaOut, "dgammaOut", 8)) ||
        (st = aclemu_check_same_shape(api, x, "x", dy, "dy")) ||
        (st = aclemu_check_same_shape(api, x, "x", dxOut, "dxOut")) ||
        (st = aclemu_check_same_shape(api, gamma, "gamma", dgammaOut, "dgammaOut")))
        return st;
    int64_t rows, n;
    if ((st = rms_check_shapes(api, x, "x", gamma, rstd, "rstd", &rows, &n)))
        return st;
    if (n == 0)
        return ACLNN_SUCCESS;
    if (rows == 0)
        return nn_fill(executor, dgammaOut, "dgammaOut", 0.0);
    nn_stage sdy, sx, sr, sg, sdx, sdg;
    if ((st = nn_stage_in(executor, dy, NULL, -1, &sdy)) || (st = nn_stage_in(executor, x, NULL, -1, &sx)) ||
        (st = nn_stage_in(executor, rstd, NULL, -1, &sr)) || (st = nn_stage_in(executor, gamma, NULL, -1, &sg)) ||
        (st = nn_stage_out(executor, dxOut, NULL, -1, &sdx)) || (st = nn_stage_out(executor, dgammaOut, NULL, -1, &sdg)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)n, &bd, &per);
    uint64_t parts = aclemu_exec_alloc_workspace(executor, (uint64_t)bd * (uint64_t)n * sizeof(float));
    rms_norm_grad_args *a = (rms_norm_grad_args *)aclemu_exec_add_launch(executor, "RmsNormGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->rows = rows;
    a->n = n;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->dy, &sdy)) || (st = nn_stage_bind(executor, a, &a->x, &sx)) ||
        (st = nn_stage_bind(executor, a, &a->rstd, &sr)) || (st = nn_stage_bind(executor, a, &a->gamma, &sg)) ||
        (st = nn_stage_bind(executor, a, &a->dx, &sdx)) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->parts, parts)))
        return st;
    if ((st = nn_stage_out_finish(executor, &sdx)))
        return st;
    return nn_sum_parts(executor, parts, bd, n, &sdg);
}
