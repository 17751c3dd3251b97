/* aclnnSwigluMxQuant on the quant driver (QUANT_SWIGLU_MX): s = swiglu of x's halves along
 * activateDim (swigluMode 0: swish(A) * B, activateLeft: A the first half; 1: the GPT-OSS variant
 * over the even / odd elements of the last axis with clampLimit, gluAlpha, gluBias), rounded to x's
 * dtype as the kernel stores it, then DynamicMxQuant of s along axis (blocks of 32, the MX scale
 * rules and element casts of quant_codec.h), scales [.., ceil(ceil(n / 32) / 2), .., 2].
 * The real aclnn is generated from the op definition and validates in its tiling (950 only); the
 * checks follow the docs: null -> chip -> dtypes -> attributes -> shapes. Not done (361001, saying
 * so): groupIndexOptional (the MoE-grouped layouts). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

aclnnStatus aclemu_plan_SwigluMxQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *groupIndexOptional,
                                      int64_t activateDim, bool activateLeft, int64_t swigluMode, double clampLimit,
                                      double gluAlpha, double gluBias, int64_t groupMode, int64_t axis,
                                      int64_t dstType, char *roundModeOptional, int64_t scaleAlg,
                                      double maxDtypeValue, const aclTensor *yOut, const aclTensor *mxscaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, mxscaleOut, "mxscaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    const aclTensor *g = groupIndexOptional;
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (g && (st = aclemu_check_dtype(api, g, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_dtype(api, yOut, "yOut",
                                 ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT4_E2M1) |
                                     ACLEMU_DT(ACL_FLOAT4_E1M2))) ||
        (st = aclemu_check_dtype(api, mxscaleOut, "mxscaleOut", ACLEMU_DT(ACL_FLOAT8_E8M0))))
        return st;
    uint32_t n = x->ndim;
    int64_t ad = activateDim < 0 ? activateDim : activateDim - (int64_t)n;
    int64_t ax = axis < 0 ? axis : axis - (int64_t)n;
    if (activateDim < -(int64_t)n || activateDim >= (int64_t)n || (ad != -1 && ad != -2))
        return ACLEMU_PARAM_ERROR(api, "activateDim should be -1, -2, xDim - 2 or xDim - 1, but got %ld.",
                                  (long)activateDim);
    if (swigluMode != 0 && swigluMode != 1)
        return ACLEMU_PARAM_ERROR(api, "swigluMode should be 0 or 1, but got %ld.", (long)swigluMode);
    if (swigluMode == 1 && ad != -1)
        return ACLEMU_PARAM_ERROR(api, "swigluMode should be 0 when activateDim is not the last axis.");
    if (swigluMode == 1 && !(clampLimit > 0.0 && clampLimit < 1e300))
        return ACLEMU_PARAM_ERROR(api, "swigluMode == 1, clampLimit must > 0 and finite, but is %g.", clampLimit);
    if (groupMode != 0 && groupMode != 1)
        return ACLEMU_PARAM_ERROR(api, "groupMode should be 0 (count) or 1 (cumsum), but got %ld.", (long)groupMode);
    if (axis < -(int64_t)n || axis >= (int64_t)n || (ax != -1 && ax != -2))
        return ACLEMU_PARAM_ERROR(api, "axis should be -1, -2, xDim - 2 or xDim - 1, but got %ld.", (long)axis);
    if (dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT8_E4M3FN && dstType != ACL_FLOAT4_E2M1 &&
        dstType != ACL_FLOAT4_E1M2)
        return ACLEMU_PARAM_ERROR(api, "dstType should be 35, 36, 40 or 41, but got %ld.", (long)dstType);
    if ((int64_t)yOut->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "The dtype of yOut %s should be the one dstType %ld names.",
                                  aclemu_dtype_name(yOut->dtype), (long)dstType);
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return ACLEMU_PARAM_ERROR(api, "roundModeOptional should be rint, round or floor, but got %s.", rm);
    int fp4 = quant_is_fp4(yOut->dtype);
    if (!fp4 && round != QUANT_RINT)
        return ACLEMU_PARAM_ERROR(api, "outDtype is fp8, roundModeOptional must be rint, but is %s.", rm);
    if (scaleAlg != 0 && scaleAlg != 1)
        return ACLEMU_PARAM_ERROR(api, "scaleAlg should be 0 or 1, but got %ld.", (long)scaleAlg);
    if (fp4 && scaleAlg != 0)
        return ACLEMU_PARAM_ERROR(api, "output is fp4, scaleAlg must be 0, but is %ld.", (long)scaleAlg);
    if (maxDtypeValue < 0.0)
        return ACLEMU_PARAM_ERROR(api, "maxDtypeValue should not be negative, but got %g.", maxDtypeValue);
    const aclTensor *all[4] = {x, g, yOut, mxscaleOut};
    static const char *names[4] = {"x", "groupIndexOptional", "yOut", "mxscaleOut"};
    if ((st = quant_check_tensors(api, all, names, 4, 0)))
        return st;
    if (n < 2 || n > 7 || aclemu_tensor_numel(x) == 0)
        return ACLEMU_PARAM_ERROR(api, "rank of x must be in [2, 7] and x not empty, but the rank is %u.", n);
    int64_t adi = ad + n, axi = ax + n;
    if (x->shape[adi] % 2)
        return ACLEMU_PARAM_ERROR(api, "The dim %ld of x (activateDim) should be even, but got %ld.", (long)adi,
                                  (long)x->shape[adi]);
    int64_t yshape[ACLEMU_MAX_RANK];
    memcpy(yshape, x->shape, n * sizeof(int64_t));
    yshape[adi] /= 2;
    if ((st = aclemu_check_shape_is(api, yOut, "yOut", yshape, n)))
        return st;
    if (fp4 && yshape[n - 1] % 2)
        return ACLEMU_PARAM_ERROR(api, "The last dim of yOut should be even for FLOAT4 yOut, but got %ld.",
                                  (long)yshape[n - 1]);
    int64_t want[ACLEMU_MAX_RANK + 1];
    memcpy(want, yshape, n * sizeof(int64_t));
    want[axi] = ((yshape[axi] + 31) / 32 + 1) / 2;
    want[n] = 2;
    if ((st = aclemu_check_shape_is(api, mxscaleOut, "mxscaleOut", want, n + 1)))
        return st;
    if (g) {
        if (g->ndim != 1 || g->shape[0] < 1 || g->shape[0] > 256)
            return ACLEMU_PARAM_ERROR(api, "group_index shape[0] must be <= 256 and > 0 and its dim num 1.");
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "groupIndexOptional is not implemented in this emulator yet.");
    }
    quant_args act;
    memset(&act, 0, sizeof act);
    act.swiglu_mode = (int32_t)swigluMode;
    act.activate_left = activateLeft;
    act.clamp_limit = (float)clampLimit;
    act.glu_alpha = (float)gluAlpha;
    act.glu_bias = (float)gluBias;
    return quant_swiglu_mx_launch(executor, &act, x, adi, axi, round, scaleAlg, yOut, mxscaleOut);
}
