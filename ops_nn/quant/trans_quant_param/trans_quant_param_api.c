/* aclnnTransQuantParam (ops-nn quant/trans_quant_param): a plain host function that packs FP32
 * scales and offsets into the UINT64 quant parameter the Cube unit's fixpipe reads:
 *   bits 0..31  the scale's FP32 bits (all of them: V1 does not cut the mantissa),
 *   bit 46      set (the "quant scale present" flag),
 *   bits 37..45 the offset rounded half away from zero (C round()) and clamped to INT9 [-256, 255].
 * The result is calloc'ed (the caller frees it); its length is max(scaleSize, offsetSize) rounded
 * up to a multiple of 16 unless it is 1. Checks in the real order: offset/offsetSize consistency,
 * scaleArray non-null and scaleSize > 0, then the two output pointers. */
#include <math.h>
#include <stdlib.h>

#include "aclemu_plans.h"
#include "quant_param_bits.h"

#define TQP_ALIGN 16

ACLNN_API aclnnStatus aclnnTransQuantParam(const float *scaleArray, uint64_t scaleSize, const float *offsetArray,
                                           uint64_t offsetSize, uint64_t **quantParam, uint64_t *quantParamSize)
{
    const char *api = "aclnnTransQuantParam";
    if (offsetArray && offsetSize < 1)
        return ACLEMU_PARAM_ERROR(api, "offsetSize must be larger than 0, but got %llu", (unsigned long long)offsetSize);
    if (!offsetArray && offsetSize != 0)
        return ACLEMU_PARAM_ERROR(api, "offsetArray is nullptr, offsetSize must be 0, but got %llu",
                                  (unsigned long long)offsetSize);
    if (!scaleArray) {
        aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "scaleArray can not be nullptr.");
        return ACLNN_ERR_PARAM_INVALID; /* the real CHECK_RET maps every CheckQuantParam failure to 161002 */
    }
    if (scaleSize < 1)
        return ACLEMU_PARAM_ERROR(api, "scaleSize must be larger than 0, but got %llu", (unsigned long long)scaleSize);
    if (!quantParam)
        return ACLEMU_NULL_ERROR(api, "The quantParam is nullptr, please check.");
    if (!quantParamSize)
        return ACLEMU_NULL_ERROR(api, "The quantParamSize is nullptr, please check.");
    uint64_t n = scaleSize > offsetSize ? scaleSize : offsetSize;
    if (n != 1 && n % TQP_ALIGN)
        n += TQP_ALIGN - n % TQP_ALIGN;
    uint64_t *out = n <= SIZE_MAX / sizeof(uint64_t) ? calloc((size_t)n, sizeof(uint64_t)) : NULL;
    if (!out) {
        *quantParamSize = 0;
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api, "The *quantParam is nullptr.");
    }
    *quantParamSize = n;
    for (uint64_t i = 0; i < scaleSize; i++)
        out[i] = quant_param_scale_bits(scaleArray[i]) | QUANT_PARAM_FLAG;
    for (uint64_t i = 0; i < offsetSize; i++) {
        double r = round((double)offsetArray[i]);
        /* NaN: the real float -> int conversion gives INT_MIN on x86, clamped to -256 */
        int32_t v = !(r >= -256) ? -256 : r > 255 ? 255 : (int32_t)r;
        out[i] = (out[i] & QUANT_PARAM_KEEP_MASK) | quant_param_offset_bits(v);
    }
    *quantParam = out;
    return ACLNN_SUCCESS;
}
