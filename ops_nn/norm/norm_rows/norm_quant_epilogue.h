/* Quantisation epilogue of the fused norm+quant ops (AddRmsNormQuant, RmsNormQuant ...): the
 * quant driver's INT8 encoder (quant/common/quant_codec.h: round half to even as the vector
 * unit's CAST_RINT, saturated to the INT8 range, NaN -> 0) after the scale and zero point. */
#ifndef OPS_NN_NORM_QUANT_EPILOGUE_H
#define OPS_NN_NORM_QUANT_EPILOGUE_H

#include <stdint.h>

#include "quant_codec.h"

/* v / scale (divMode) or v * scale, plus the zero point, quantised. */
static inline int8_t nq_quant_int8(float v, float scale, float zero_point, int div_mode)
{
    float q = div_mode ? v / scale : v * scale;
    return (int8_t)quant_to_int(q + zero_point, QUANT_RINT, -128, 127);
}

#endif
