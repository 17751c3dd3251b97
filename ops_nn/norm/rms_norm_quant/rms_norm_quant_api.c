/* aclnnRmsNormQuant (A2 / A3 / 950 / 310P / 310B). x FLOAT16, BF16 on A2 / A3 (FLOAT16 on 310P /
 * 310B, + FLOAT on 950); gamma / beta of x's dtype, rank 1..2, last dim = x's last dim (a 2-D
 * gamma / beta is read as its last dim); scale x's dtype and offset INT8 (950: the dtype pairs
 * of its op_api), scale and offset of one shape holding 1 or n values; y INT8 of x's shape
 * (the INT4 / INT32-packed outputs are not emulated). */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "rms_norm_quant_args.h"

static aclnnStatus dtypes(const char *api, const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                          const aclTensor *scale, const aclTensor *offset, const aclTensor *y)
{
    aclemu_family fam = aclemu_op_profile()->family;
    int regbase = fam == ACLEMU_FAMILY_950;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if (fam == ACLEMU_FAMILY_310P || fam == ACLEMU_FAMILY_310B)
        xs = ACLEMU_DT(ACL_FLOAT16);
    else if (regbase)
        xs = NN_FLOATS;
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, x, "x", xs)) || (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, x, "x", beta, "beta")) ||
        (st = aclemu_check_dtype(api, y, "y", ACLEMU_DT(ACL_INT8))))
        return st;
    if (!regbase)
        return (st = aclemu_check_same_dtype(api, x, "x", scale, "scale")) ? st
               : aclemu_check_dtype(api, offset, "offset", ACLEMU_DT(ACL_INT8));
    if ((st = aclemu_check_dtype(api, offset, "offset",
                                 NN_FLOATS | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT8))))
        return st;
    if (x->dtype == ACL_FLOAT && (scale->dtype != ACL_FLOAT || offset->dtype != ACL_FLOAT))
        return ACLEMU_PARAM_ERROR(api, "if xType is float32, scaleType and offsetType are not float32");
    if (x->dtype != ACL_FLOAT && scale->dtype == ACL_FLOAT && offset->dtype != ACL_FLOAT && offset->dtype != ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "if xType is float16 or bfloat16 and scaleType is float, offsetType are not "
                                       "float32 or int32");
    if (x->dtype != ACL_FLOAT && scale->dtype != ACL_FLOAT) {
        if (scale->dtype != x->dtype)
            return ACLEMU_PARAM_ERROR(api, "if xType is float16 or bfloat16 and scaleType is not float, scaleType "
                                           "should be equal to xType");
        if (offset->dtype != scale->dtype && offset->dtype != ACL_INT8)
            return ACLEMU_PARAM_ERROR(api, "if xType is float16 or bfloat16 and scaleType is the same with xType, "
                                           "scaleType should be equal to xType or int8");
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_RmsNormQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                     const aclTensor *beta, const aclTensor *scale, const aclTensor *offset,
                                     double epsilon, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, offset, "offset")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P) | NN_CHIP(ACLEMU_FAMILY_310B))))
        return st;
    if ((st = dtypes(api, x, gamma, beta, scale, offset, y)))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = nn_rank_in(api, x, "x", 1, 8)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", 8)) || (st = nn_rank_in(api, gamma, "gamma", 1, 2)) ||
        (st = aclemu_check_shape(api, beta, "beta", 8)) || (st = nn_rank_in(api, beta, "beta", 1, 2)) ||
        (st = aclemu_check_shape(api, y, "y", 8)) || (st = nn_rank_in(api, y, "y", 1, 8)) ||
        (st = aclemu_check_shape(api, scale, "scale", 8)) || (st = aclemu_check_shape(api, offset, "offset", 8)))
        return st;
    int64_t n = x->shape[x->ndim - 1], gn = gamma->shape[gamma->ndim - 1];
    if (gn != n)
        return ACLEMU_PARAM_ERROR(api, "the last dim size(%lld) of x must be same as gamma and beta(%lld).",
                                  (long long)n, (long long)gn);
    if ((st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, x, "x", y, "y")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, gamma, "gamma", beta, "beta")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, scale, "scale", offset, "offset")))
        return st;
    if (gamma->ndim == 2 && gamma->shape[0] != 1)
        return ACLEMU_PARAM_ERROR(api, "a 2-D gamma should have shape [1, %lld].", (long long)n);
    int64_t sn = aclemu_tensor_numel(scale);
    if (sn != 1 && sn != n)
        return ACLEMU_PARAM_ERROR(api, "scale should hold 1 or %lld elements, but holds %lld.", (long long)n,
                                  (long long)sn);
    int64_t rows = n ? aclemu_tensor_numel(x) / n : 0;
    rms_norm_quant_args a = {0};
    a.scale_n = sn;
    const nr_operand ops[] = {{x, 0, offsetof(rms_norm_quant_args, x)},
                              {gamma, 0, offsetof(rms_norm_quant_args, gamma)},
                              {beta, 0, offsetof(rms_norm_quant_args, beta)},
                              {scale, 0, offsetof(rms_norm_quant_args, scale)},
                              {offset, 0, offsetof(rms_norm_quant_args, offset)},
                              {y, 1, offsetof(rms_norm_quant_args, y)}};
    return nr_launch(executor, "RmsNormQuant", &a, sizeof a, rows, n, epsilon, ops, 6);
}
