/* aclnnRmsNormDynamicQuant (A2 / A3 only). The real aclnn is generated from the op definition:
 * x / gamma / smoothScales / beta FLOAT16, BF16, yOut INT8, scaleOut FLOAT (161002); the rest
 * is checked by the tiling (561002): one dtype for x / gamma / smoothScales / beta, epsilon > 0,
 * x not empty, gamma 1-D of x's last dim, smoothScales / beta of gamma's shape, yOut of x's
 * shape, scaleOut of x's leading dims' element count. dstType must be 2 (INT8). Runs on the
 * NormDynQuant kernel (norm_rows). */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_dyn_quant_plan.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR
#define XS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static aclnnStatus tiling_err(const char *api, const char *fmt, const char *what)
{
    return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, fmt, what);
}

aclnnStatus aclemu_plan_RmsNormDynamicQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                            const aclTensor *smoothScalesOptional, const aclTensor *betaOptional,
                                            double epsilon, int64_t dstType, const aclTensor *yOut,
                                            const aclTensor *scaleOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *sm = smoothScalesOptional, *beta = betaOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, scaleOut, "scaleOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2) | NN_CHIP(ACLEMU_FAMILY_A3))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", XS)) || (st = aclemu_check_dtype(api, gamma, "gamma", XS)) ||
        (st = nn_dtype_opt(api, sm, "smoothScalesOptional", XS)) || (st = nn_dtype_opt(api, beta, "betaOptional", XS)) ||
        (st = aclemu_check_dtype(api, yOut, "yOut", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, scaleOut, "scaleOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (dstType != 2)
        return ACLEMU_PARAM_ERROR(api, "dstType %lld is not supported, it should be 2 (DT_INT8).", (long long)dstType);
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, gamma, "gamma", 8)) ||
        (st = nn_shape_opt(api, sm, "smoothScalesOptional", 8)) || (st = nn_shape_opt(api, beta, "betaOptional", 8)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", 8)) || (st = aclemu_check_shape(api, scaleOut, "scaleOut", 8)))
        return st;
    if (gamma->dtype != x->dtype)
        return tiling_err(api, "The dtypes of %s should be the same.", "x and gamma");
    if (sm && sm->dtype != x->dtype)
        return tiling_err(api, "The dtypes of %s should be the same.", "x and smooth_scales");
    if (beta && beta->dtype != x->dtype)
        return tiling_err(api, "The dtypes of %s should be the same.", "x and beta");
    if (!(epsilon > 0))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "epsilon %g is invalid, it should be greater than 0.",
                               epsilon);
    if (aclemu_tensor_numel(x) == 0)
        return tiling_err(api, "%s is empty: an empty tensor is not supported.", "x");
    if (x->ndim < 1 || gamma->ndim != 1)
        return tiling_err(api, "%s should be 1-D, and x at least 1-D.", "gamma");
    int64_t n = x->shape[x->ndim - 1];
    if (gamma->shape[0] != n)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                               "The last dim of x (%lld) and the dim of gamma (%lld) should be the same.",
                               (long long)n, (long long)gamma->shape[0]);
    if ((sm && (st = nr_same_shape(api, TILING, gamma, "gamma", sm, "smoothScalesOptional"))) ||
        (beta && (st = nr_same_shape(api, TILING, gamma, "gamma", beta, "betaOptional"))) ||
        (st = nr_same_shape(api, TILING, x, "x", yOut, "yOut")))
        return st;
    int64_t rows = aclemu_tensor_numel(x) / n;
    if ((st = nr_check_row_stat(api, TILING, scaleOut, "scaleOut", rows)))
        return st;
    norm_dyn_quant_args a = {0};
    if ((st = ndq_target(api, yOut, "yOut", &a)))
        return st;
    const nr_operand ops[] = {{x, 0, offsetof(norm_dyn_quant_args, x1)},
                              {gamma, 0, offsetof(norm_dyn_quant_args, gamma)},
                              {beta, 0, offsetof(norm_dyn_quant_args, beta)},
                              {sm, 0, offsetof(norm_dyn_quant_args, smooth1)},
                              {yOut, 1, offsetof(norm_dyn_quant_args, y1)},
                              {scaleOut, 1, offsetof(norm_dyn_quant_args, scale1)}};
    return nr_launch(executor, "NormDynQuant", &a, sizeof a, rows, n, epsilon, ops, 6);
}
