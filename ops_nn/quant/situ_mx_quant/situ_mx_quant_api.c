/* aclnnSituMxQuant on the quant driver (QUANT_SWIGLU_MX with the QUANT_SITU activation): s = beta *
 * tanh(gate / beta) * sigmoid(gate) * up (up = linearBeta * tanh(up / linearBeta) when linearBeta >
 * 0; activateLeft: gate the first half of the last axis), tanh as the arch35 kernel computes it
 * (polynomial below |x| = 0.6, 2 * sigmoid(2x) - 1 above), rounded to x's dtype, then the OCP MX
 * quantisation along the last axis (blocks of 32), scales [.., ceil(H / 64), 2].
 * The real aclnn is generated from the op definition and validates in its tiling (950 only):
 * null -> chip -> dtypes -> attributes -> shapes. Its tiling and op definition also take the FP4
 * targets (dstType 40 / 41, round modes rint / round / floor) the docs leave out; so do we. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

aclnnStatus aclemu_plan_SituMxQuant(aclOpExecutor *executor, const aclTensor *x, float beta, float linearBeta,
                                    bool activateLeft, int64_t axis, int64_t dstType, char *roundModeOptional,
                                    const aclTensor *yOut, const aclTensor *yScaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, yScaleOut, "yScaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, yOut, "yOut",
                                 ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT4_E2M1) |
                                     ACLEMU_DT(ACL_FLOAT4_E1M2))) ||
        (st = aclemu_check_dtype(api, yScaleOut, "yScaleOut", ACLEMU_DT(ACL_FLOAT8_E8M0))))
        return st;
    if (!(beta > 0.0f))
        return ACLEMU_PARAM_ERROR(api, "beta must be greater than 0, but got %f.", (double)beta);
    if (axis != -1)
        return ACLEMU_PARAM_ERROR(api, "Only axis=-1 is supported currently, but got %ld.", (long)axis);
    if (dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT8_E4M3FN && dstType != ACL_FLOAT4_E2M1 &&
        dstType != ACL_FLOAT4_E1M2)
        return ACLEMU_PARAM_ERROR(api, "Invalid dstType: %ld, only 35(E5M2), 36(E4M3FN), 40(E2M1), 41(E1M2) "
                                       "supported.", (long)dstType);
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return ACLEMU_PARAM_ERROR(api, "Invalid roundModeOptional: %s (rint, round or floor).", rm);
    int fp4 = dstType == ACL_FLOAT4_E2M1 || dstType == ACL_FLOAT4_E1M2;
    if (!fp4 && round != QUANT_RINT)
        return ACLEMU_PARAM_ERROR(api, "FP8 output requires roundModeOptional rint, but got %s.", rm);
    if ((int64_t)yOut->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "dstType %ld does not match the dtype of yOut %s.", (long)dstType,
                                  aclemu_dtype_name(yOut->dtype));
    const aclTensor *all[3] = {x, yOut, yScaleOut};
    static const char *names[3] = {"x", "yOut", "yScaleOut"};
    if ((st = quant_check_tensors(api, all, names, 3, 1)))
        return st;
    uint32_t n = x->ndim;
    if (n < 1 || n > 8)
        return ACLEMU_PARAM_ERROR(api, "The dim num of x should be in [1, 8], but got %u.", n);
    int64_t W = x->shape[n - 1];
    if (W % 2)
        return ACLEMU_PARAM_ERROR(api, "Last dimension must be divisible by 2, but got %ld.", (long)W);
    int64_t yshape[ACLEMU_MAX_RANK + 1];
    memcpy(yshape, x->shape, n * sizeof(int64_t));
    yshape[n - 1] = W / 2;
    if ((st = aclemu_check_shape_is(api, yOut, "yOut", yshape, n)))
        return st;
    if (fp4 && yshape[n - 1] % 2)
        return ACLEMU_PARAM_ERROR(api, "When dstType is FP4, the last dim of yOut must be even, but got %ld.",
                                  (long)yshape[n - 1]);
    yshape[n - 1] = (W / 2 + 63) / 64;
    yshape[n] = 2;
    if ((st = aclemu_check_shape_is(api, yScaleOut, "yScaleOut", yshape, n + 1)))
        return st;
    quant_args act;
    memset(&act, 0, sizeof act);
    act.swiglu_mode = QUANT_SITU;
    act.activate_left = activateLeft;
    act.situ_beta = beta;
    act.situ_linear_beta = linearBeta;
    return quant_swiglu_mx_launch(executor, &act, x, n - 1, n - 1, round, 0, yOut, yScaleOut);
}
