/* aclnnGroupNormSwishGrad (A2 / A3 / 950). The real aclnn layer is generated from the op
 * definition, so the checks come in that layer's order: null dy / mean / rstd / x / gamma /
 * beta / dxOut / dgammaOut / dbetaOut (161001, all nine are required even when dgamma / dbeta are
 * not asked for); the chip; the definition's dtype rows (every operand FLOAT, FLOAT16 or BF16, all
 * of dy's dtype) and ND formats (161002); then the tiling's rules (561002) in its order: dy of
 * rank 2..8 and x's shape, mean [N, numGroups] equal to rstd, gamma / beta (C,), N * numGroups
 * != 0, numGroups dividing C, HxW != 0, C / numGroups <= 4000; dxOut must have dy's shape and
 * dgammaOut / dbetaOut C elements (the real doc's example passes them as (C, 1)).
 * dataFormatOptional is read as NCHW (the only documented value). The compute is the GroupNorm
 * backward of group_norm_grad with dy times the swish derivative (group_norm_grad_plan.h). */
#include "aclemu_plans.h"
#include "group_norm_grad_plan.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR
#define TILING_ERROR(api, ...) aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_GroupNormSwishGrad(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *mean,
                                           const aclTensor *rstd, const aclTensor *x, const aclTensor *gamma,
                                           const aclTensor *beta, int64_t numGroups, char *dataFormatOptional,
                                           double swishScale, bool dgammaIsRequire, bool dbetaIsRequire,
                                           const aclTensor *dxOut, const aclTensor *dgammaOut,
                                           const aclTensor *dbetaOut)
{
    (void)dataFormatOptional;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[9] = {dy, mean, rstd, x, gamma, beta, dxOut, dgammaOut, dbetaOut};
    const char *names[9] = {"dy", "mean", "rstd", "x", "gamma", "beta", "dxOut", "dgammaOut", "dbetaOut"};
    aclnnStatus st;
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, dy, "dy", NN_FLOATS)))
        return st;
    for (int i = 1; i < 9; i++)
        if ((st = aclemu_check_same_dtype(api, dy, "dy", ts[i], names[i])))
            return st;
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_format(api, ts[i], names[i])) || (st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    /* the tiling's checks */
    if (dy->ndim < 2)
        return TILING_ERROR(api, "Input shape check failed, dy dim num %u should be in [2, 8].", dy->ndim);
    if (!nr_shape_eq(dy, x))
        return TILING_ERROR(api, "Input shape check failed, dy shape should be the same as x shape.");
    int64_t N = dy->shape[0], C = dy->shape[1], G = numGroups;
    int64_t m0 = mean->ndim > 0 ? mean->shape[0] : -1, m1 = mean->ndim > 1 ? mean->shape[1] : -1;
    if (m1 != G)
        return TILING_ERROR(api, "Check shape failed, numGroups %lld should be the same as mean.shape[1].",
                            (long long)G);
    if (m0 != N)
        return TILING_ERROR(api, "Check shape failed, mean.shape[0] should be the same as N (x.shape[0]) %lld.",
                            (long long)N);
    if (!nr_shape_eq(mean, rstd))
        return TILING_ERROR(api, "Check shape failed, the shapes of mean and rstd are not the same.");
    if (mean->ndim != 2)
        return TILING_ERROR(api, "Check shape failed, the dim num of mean and rstd should be 2.");
    if (gamma->ndim != 1 || gamma->shape[0] != C)
        return TILING_ERROR(api, "Check shape failed, the shape of gamma should be (C,) = (%lld,).", (long long)C);
    if (beta->ndim != 1 || beta->shape[0] != C)
        return TILING_ERROR(api, "Check shape failed, the shape of beta should be (C,) = (%lld,).", (long long)C);
    if (N * G == 0)
        return TILING_ERROR(api, "Check shape failed, N x numGroups should not be 0.");
    if (C / G == 0 || C % G != 0)
        return TILING_ERROR(api, "numGroups %lld or channel num %lld is invalid: C must be a positive multiple of "
                            "numGroups.", (long long)G, (long long)C);
    int64_t HxW = 1;
    for (uint32_t i = 2; i < dy->ndim; i++)
        HxW *= dy->shape[i];
    if (HxW == 0)
        return TILING_ERROR(api, "Check shape failed, HxW should not be 0.");
    if (C / G > 4000)
        return TILING_ERROR(api, "channelPerGroup %lld is over the operator's carrying capacity 4000.",
                            (long long)(C / G));
    if (!nr_shape_eq(dy, dxOut))
        return TILING_ERROR(api, "dxOut shape should be the same as dy shape.");
    if (aclemu_tensor_numel(dgammaOut) != C)
        return TILING_ERROR(api, "dgammaOut should hold C (%lld) elements.", (long long)C);
    if (aclemu_tensor_numel(dbetaOut) != C)
        return TILING_ERROR(api, "dbetaOut should hold C (%lld) elements.", (long long)C);
    gn_grad_ops o = {dy, x, mean, rstd, gamma, beta, dxOut, dgammaIsRequire ? dgammaOut : NULL,
                     dbetaIsRequire ? dbetaOut : NULL, "dgammaOut", "dbetaOut"};
    return gn_grad_launch(executor, &o, N, C, HxW, G, 1, swishScale);
}
