/* Quantisation epilogue of the fused norm+quant ops (AddRmsNormQuant, RmsNormQuant ...), kept
 * here self-contained so it can later merge with the standalone quant ops' helpers:
 * q = round(v) with round-half-to-even (the vector unit's CAST_RINT), saturated to the INT8
 * range, NaN -> 0. */
#ifndef OPS_NN_NORM_QUANT_EPILOGUE_H
#define OPS_NN_NORM_QUANT_EPILOGUE_H

#include <math.h>
#include <stdint.h>

static inline int8_t nq_round_int8(float v)
{
    if (v != v)
        return 0;
    float r = rintf(v); /* default rounding mode: to nearest, ties to even */
    if (r > 127.0f)
        return 127;
    if (r < -128.0f)
        return -128;
    return (int8_t)r;
}

/* v / scale (divMode) or v * scale, plus the zero point, quantised. */
static inline int8_t nq_quant_int8(float v, float scale, float zero_point, int div_mode)
{
    float q = div_mode ? v / scale : v * scale;
    return nq_round_int8(q + zero_point);
}

#endif
