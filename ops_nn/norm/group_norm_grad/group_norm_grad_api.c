/* aclnnGroupNormBackward. Checks in the op_api's order: null gradOut / input / mean / rstd
 * (161001); outputMask of 3 and the outputs it asks for (161002); dtypes — gradOut FLOAT,
 * FLOAT16 (+ BF16 on A2 / A3 / 950), input / gradInput gradOut's dtype, mean / rstd / gamma /
 * gradGamma / gradBeta gradOut's dtype (the 950 also takes FLOAT statistics with 16-bit data);
 * group > 0 dividing C (A2 / A3: C / group <= 8000, C <= 240000); numel relations
 * (N * C * HxW, N * group, C) and the outputs' shapes. Launches in group_norm_grad_plan.c. */
#include "aclemu_plans.h"
#include "group_norm_grad_plan.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

static aclnnStatus dtypes(const char *api, const aclTensor *dy, const aclTensor *x, const aclTensor *mean,
                          const aclTensor *rstd, const aclTensor *gamma, const aclTensor *dx, const aclTensor *dg,
                          const aclTensor *db)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, dy, "gradOut", NN_FLOATS)))
        return st;
    aclDataType sdt = dy->dtype;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950) {
        if ((st = aclemu_check_dtype(api, mean, "mean", NN_FLOATS)))
            return st;
        if (dy->dtype == ACL_FLOAT ? mean->dtype != ACL_FLOAT : (mean->dtype != ACL_FLOAT && mean->dtype != dy->dtype))
            return ACLEMU_PARAM_ERROR(api, "mean dtype %s should be DT_FLOAT or gradOut's dtype %s.",
                                      aclemu_dtype_name(mean->dtype), aclemu_dtype_name(dy->dtype));
        sdt = mean->dtype;
    }
    if ((st = aclemu_check_same_dtype(api, dy, "gradOut", x, "input")) ||
        (dx && (st = aclemu_check_same_dtype(api, dy, "gradOut", dx, "gradInput"))))
        return st;
    const aclTensor *stats[] = {mean, rstd, gamma, dg, db};
    const char *names[] = {"mean", "rstd", "gamma", "gradGammaOut", "gradBetaOut"};
    for (int i = 0; i < 5; i++)
        if (stats[i] && stats[i]->dtype != sdt)
            return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be %s.", names[i], aclemu_dtype_name(stats[i]->dtype),
                                      aclemu_dtype_name(sdt));
    return ACLNN_SUCCESS;
}

/* a * b * c without overflow (0 when it would overflow: matches no real tensor). */
static int64_t mul3(int64_t a, int64_t b, int64_t c)
{
    int64_t r;
    if (a < 0 || b < 0 || c < 0 || __builtin_mul_overflow(a, b, &r) || __builtin_mul_overflow(r, c, &r))
        return -1;
    return r;
}

aclnnStatus aclemu_plan_GroupNormBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *input,
                                          const aclTensor *mean, const aclTensor *rstd, const aclTensor *gamma,
                                          int64_t N, int64_t C, int64_t HxW, int64_t group,
                                          const aclBoolArray *outputMask, aclTensor *gradInput,
                                          aclTensor *gradGammaOut, aclTensor *gradBetaOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOut, "gradOut")) || (st = aclemu_check_notnull(api, input, "input")) ||
        (st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, rstd, "rstd")))
        return st;
    if (!outputMask)
        return ACLEMU_PARAM_ERROR(api, "outputMask should not be nullptr.");
    if (outputMask->size != 3)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnGroupNormBackward outputMask len to be 3, but got %llu.",
                                  (unsigned long long)outputMask->size);
    aclTensor *outs[3] = {gradInput, gradGammaOut, gradBetaOut};
    const char *onames[] = {"gradInput", "gradGammaOut", "gradBetaOut"};
    for (int i = 0; i < 3; i++) {
        if (outputMask->data[i] && !outs[i])
            return ACLEMU_PARAM_ERROR(api, "%s should not be nullptr.", onames[i]);
        if (!outputMask->data[i])
            outs[i] = NULL;
    }
    if ((st = dtypes(api, gradOut, input, mean, rstd, gamma, outs[0], outs[1], outs[2])))
        return st;
    if (group <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected group to be greater than 0, got %lld.", (long long)group);
    if (C % group != 0)
        return ACLEMU_PARAM_ERROR(api, "Expected C can be divided by group, but got false.");
    aclemu_family fam = aclemu_op_profile()->family;
    if (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3) {
        if (C / group > 8000)
            return ACLEMU_PARAM_ERROR(api, "Expected C / group <= 8000 to be true, but got false.");
        if (C > 240000)
            return ACLEMU_PARAM_ERROR(api, "Expecting C to not exceed 240000, got %lld.", (long long)C);
    }
    if ((st = aclemu_check_shape(api, gradOut, "gradOut", 8)) || (st = aclemu_check_shape(api, input, "input", 8)) ||
        (st = aclemu_check_shape(api, mean, "mean", 8)) || (st = aclemu_check_shape(api, rstd, "rstd", 8)) ||
        (st = nn_shape_opt(api, gamma, "gamma", 8)))
        return st;
    for (int i = 0; i < 3; i++)
        if ((st = nn_shape_opt(api, outs[i], onames[i], 8)))
            return st;
    int64_t total = mul3(N, C, HxW), ng = mul3(N, group, 1);
    if (total < 0 || aclemu_tensor_numel(gradOut) != total)
        return ACLEMU_PARAM_ERROR(api, "Expected gradOut.numel() == N * C * HxW to be true, but got false.");
    if (aclemu_tensor_numel(input) != total)
        return ACLEMU_PARAM_ERROR(api, "Expected input.numel() == N * C * HxW to be true, but got false.");
    if (ng < 0 || aclemu_tensor_numel(mean) != ng)
        return ACLEMU_PARAM_ERROR(api, "Expected mean.numel() == N * group to be true, but got false.");
    if (aclemu_tensor_numel(rstd) != ng)
        return ACLEMU_PARAM_ERROR(api, "Expected rstd.numel() == N * group to be true, but got false.");
    if (gamma && aclemu_tensor_numel(gamma) != C)
        return ACLEMU_PARAM_ERROR(api, "Expected gamma.numel() == C to be true, but got false.");
    if (outs[0] && (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, input, "input", outs[0], "gradInput")))
        return st;
    for (int i = 1; i < 3; i++) {
        if (!outs[i])
            continue;
        if (gamma) {
            if ((st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, gamma, "gamma", outs[i], onames[i])))
                return st;
        } else if (outs[i]->ndim != 1 || outs[i]->shape[0] != C) {
            return ACLEMU_PARAM_ERROR(api, "%s shape should be [%lld].", onames[i], (long long)C);
        }
    }
    gn_grad_ops o = {gradOut, input, mean, rstd, gamma, NULL, outs[0], outs[1], outs[2], onames[1], onames[2]};
    return gn_grad_launch(executor, &o, N, C, HxW, group, 0, 0.0);
}
