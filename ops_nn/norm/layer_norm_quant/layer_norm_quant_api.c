/* aclnnLayerNormQuant (A2 / A3 / 950 / 310P) on the NormStaticQuant kernel (norm_rows). Checks in
 * the op_api's order: null (zeroPointsOptional only when quantMode is 0; scaleOut never), dtype
 * (x FLOAT16, BF16 on A2 / A3, FLOAT16 on 310P, + FLOAT on 950; gamma / beta / scale x's dtype,
 * zeroPointsOptional and res INT8), then shape (x rank <= 8, gamma rank <= 2, quantMode 0 only,
 * gamma's last dim = x's, beta = gamma, scale [1], zeroPointsOptional of scale's rank, res = x).
 * The kernels compute 1 / scale (0 read as 1), y * that + zero point, cast through FP16 and
 * round half to even into INT8. Empty x: nothing runs. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "norm_static_quant_args.h"

static aclnnStatus dtypes(const char *api, const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                          const aclTensor *scale, const aclTensor *zp, const aclTensor *res)
{
    aclemu_family fam = aclemu_op_profile()->family;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if (fam == ACLEMU_FAMILY_950)
        xs = NN_FLOATS;
    else if (fam == ACLEMU_FAMILY_310P)
        xs = ACLEMU_DT(ACL_FLOAT16);
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, x, "x", xs)) || (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, x, "x", beta, "beta")) ||
        (st = aclemu_check_same_dtype(api, x, "x", scale, "scale")) ||
        (st = nn_dtype_opt(api, zp, "zeroPointsOptional", ACLEMU_DT(ACL_INT8))))
        return st;
    return aclemu_check_dtype(api, res, "res", ACLEMU_DT(ACL_INT8));
}

aclnnStatus aclemu_plan_LayerNormQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                       const aclTensor *beta, const aclTensor *scale,
                                       const aclTensor *zeroPointsOptional, int quantMode, double epsilon,
                                       aclTensor *res, aclTensor *scaleOut)
{
    (void)scaleOut; /* written by the dynamic mode only */
    const char *api = aclemu_exec_api(executor);
    const aclTensor *zp = zeroPointsOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, res, "res")) ||
        (quantMode == 0 && (st = aclemu_check_notnull(api, zp, "zeroPointsOptional"))))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = dtypes(api, x, gamma, beta, scale, zp, res)))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = nn_rank_in(api, x, "x", 1, 8)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", 2)) || (st = nn_rank_in(api, gamma, "gamma", 1, 2)))
        return st;
    if (quantMode != 0)
        return ACLEMU_PARAM_ERROR(api, "Only support static mode quant currently, quantMode should be 0");
    int64_t n = x->shape[x->ndim - 1];
    if (gamma->shape[gamma->ndim - 1] != n)
        return ACLEMU_PARAM_ERROR(api, "Shape of gamma should be equal to last dims of shape x");
    if ((st = aclemu_check_shape(api, beta, "beta", 8)) || (st = aclemu_check_shape(api, scale, "scale", 8)) ||
        (st = aclemu_check_shape(api, zp, "zeroPointsOptional", 8)) || (st = aclemu_check_shape(api, res, "res", 8)))
        return st;
    if (!nr_shape_eq(gamma, beta))
        return ACLEMU_PARAM_ERROR(api, "Shape of beta should same as gamma");
    if (scale->ndim != 1 || scale->shape[0] != 1)
        return ACLEMU_PARAM_ERROR(api, "Shape of scale should be equal to [1]");
    if (zp->ndim != scale->ndim)
        return ACLEMU_PARAM_ERROR(api, "Shape of scale should same as zeroPointsOptional");
    if (!nr_shape_eq(x, res))
        return ACLEMU_PARAM_ERROR(api, "Shape of res should same as x");
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if (aclemu_tensor_numel(zp) != 1)
        return ACLEMU_PARAM_ERROR(api, "zeroPointsOptional should hold one value, but holds %lld.",
                                  (long long)aclemu_tensor_numel(zp));
    norm_static_quant_args a = {0};
    a.scale_n = 1;
    a.mode = NSQ_RECIP;
    a.fp16_stage = 1;
    const nr_operand ops[] = {{x, 0, offsetof(norm_static_quant_args, x1)},
                              {gamma, 0, offsetof(norm_static_quant_args, gamma)},
                              {beta, 0, offsetof(norm_static_quant_args, beta)},
                              {scale, 0, offsetof(norm_static_quant_args, s1)},
                              {zp, 0, offsetof(norm_static_quant_args, z1)},
                              {res, 1, offsetof(norm_static_quant_args, y1)}};
    return nr_launch(executor, "NormStaticQuant", &a, sizeof a, aclemu_tensor_numel(x) / n, n, epsilon, ops, 6);
}
