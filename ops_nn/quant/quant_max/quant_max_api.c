/* aclnnQuantMax on the quant driver (QUANT_MAX): y = Cast(x * scale) with x in FP32, scale one
 * FP32 value, FLOAT8_E5M2 / FLOAT8_E4M3FN by round to nearest even with saturation (roundMode
 * "rint"), HIFLOAT8 by round half away from zero with saturation to 32768 ("round", the arch35
 * CAST_TRAIT_FP32_TO_HIFP8: CAST_ROUND, SAT); amax = max |x| in FP32, written in x's dtype (nothing is written for an empty x).
 * Check order of the real op_api: nulls -> x dtype / rank 1..8 -> scale FLOAT, not empty, [1]
 * -> dstType 34 / 35 / 36 -> roundMode (rint for the FP8 targets, round / hybrid for HIFLOAT8)
 * -> y dtype = dstType, y shape = x's -> amax dtype = x's, amax [1]. The op has kernels for the
 * 950 only (its docs): 361001 elsewhere; HIFLOAT8 "hybrid" (stochastic CAST_HYBRID) is not emulated (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

static int qm_is_one(const aclTensor *t) { return t->ndim == 1 && t->shape[0] == 1; }

aclnnStatus aclemu_plan_QuantMax(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale, char *roundMode,
                                 int64_t dstType, const aclTensor *y, const aclTensor *amax)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, y, "y")) || (st = aclemu_check_notnull(api, amax, "amax")))
        return st;
    if (x->dtype != ACL_FLOAT && x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "x dtype must be FLOAT/FLOAT16/BFLOAT16, got %d", (int)x->dtype);
    if (x->ndim < 1 || x->ndim > 8)
        return ACLEMU_PARAM_ERROR(api, "x dim must be in range [1, 8], got %u", x->ndim);
    if (scale->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "scale dtype must be FLOAT, got %d", (int)scale->dtype);
    if (aclemu_tensor_numel(scale) == 0)
        return ACLEMU_PARAM_ERROR(api, "scale does not support empty tensor");
    if (!qm_is_one(scale))
        return ACLEMU_PARAM_ERROR(api, "scale shape must be [1]");
    if (dstType != ACL_HIFLOAT8 && dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT8_E4M3FN)
        return ACLEMU_PARAM_ERROR(api, "dstType must be 34(HIFLOAT8)/35(FLOAT8_E5M2)/36(FLOAT8_E4M3FN), got %ld",
                                  (long)dstType);
    if (!roundMode)
        return ACLEMU_PARAM_ERROR(api, "roundMode cannot be nullptr");
    if (!roundMode[0])
        return ACLEMU_PARAM_ERROR(api, "roundMode cannot be empty string");
    if (dstType != ACL_HIFLOAT8 && strcmp(roundMode, "rint"))
        return ACLEMU_PARAM_ERROR(api, "roundMode must be 'rint' for dstType FLOAT8_E5M2(35) or FLOAT8_E4M3FN(36), "
                                       "got %s",
                                  roundMode);
    if (dstType == ACL_HIFLOAT8 && strcmp(roundMode, "round") && strcmp(roundMode, "hybrid"))
        return ACLEMU_PARAM_ERROR(api, "roundMode must be 'round' or 'hybrid' for dstType HIFLOAT8(34), got %s",
                                  roundMode);
    if ((int64_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "y dtype must be %ld according to dstType, got %d", (long)dstType,
                                  (int)y->dtype);
    if (y->ndim != x->ndim || memcmp(y->shape, x->shape, x->ndim * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "y shape must be same as x shape");
    if (amax->dtype != x->dtype)
        return ACLEMU_PARAM_ERROR(api, "amax dtype must be same as x dtype, got amax=%d, x=%d", (int)amax->dtype,
                                  (int)x->dtype);
    if (!qm_is_one(amax))
        return ACLEMU_PARAM_ERROR(api, "amax shape must be [1]");
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if ((st = quant_check_hif8_round(api, y, roundMode)))
        return st;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_MAX;
    a.code = y->dtype;
    a.round = QUANT_RINT;
    return quant_launch_aux(executor, &a, x, y, NULL, NULL, scale, NULL, amax);
}
