/* Device-side encoders of the quant driver: FP32 value -> the target's code, with the rounding
 * and saturation the vector unit applies (Cast with SAT / round modes):
 *  - INT8 / UINT8 / INT32 / INT4: rounded (RINT = half to even, FLOOR, CEIL, TRUNC), saturated to the type's
 *    range, NaN -> 0;
 *  - FLOAT8_E4M3FN / FLOAT8_E5M2: round to nearest even, saturated to the largest finite
 *    (448 / 57344; infinities too), NaN -> the NaN code, sign kept (also for zero). */
#ifndef OPS_NN_QUANT_CODEC_H
#define OPS_NN_QUANT_CODEC_H

#include <math.h>
#include <stdint.h>

#include "quant_args.h"

static inline float quant_round(float v, int32_t mode)
{
    switch (mode) {
    case QUANT_FLOOR: return floorf(v);
    case QUANT_CEIL: return ceilf(v);
    case QUANT_TRUNC: return truncf(v);
    default: return nearbyintf(v); /* default FP environment: half to even */
    }
}

static inline int32_t quant_to_int(float v, int32_t mode, int32_t lo, int32_t hi)
{
    if (isnan(v))
        return 0;
    float r = quant_round(v, mode);
    if (r <= (float)lo)
        return lo;
    if (r >= (float)hi)
        return hi;
    return (int32_t)r;
}

/* A small binary float: mbits mantissa bits, exponent bias, largest finite code, NaN code. */
static inline uint8_t quant_to_fp8(float f, int mbits, int bias, uint32_t maxcode, uint32_t nancode)
{
    uint8_t s = signbit(f) ? 0x80 : 0;
    if (isnan(f))
        return (uint8_t)(s | nancode);
    float a = fabsf(f);
    if (isinf(a))
        return (uint8_t)(s | maxcode);
    int emin = 1 - bias; /* exponent of the smallest normal */
    uint32_t code;
    if (a < ldexpf(1.0f, emin)) {
        /* subnormal grid 2^(emin - mbits); rounding up to 2^mbits gives the smallest normal code */
        code = (uint32_t)nearbyintf(ldexpf(a, mbits - emin));
    } else {
        int e;
        frexpf(a, &e);
        int E = e - 1; /* a = 1.m * 2^E */
        if (E + bias > 31)
            return (uint8_t)(s | maxcode);
        uint32_t q = (uint32_t)nearbyintf(ldexpf(a, mbits - E)); /* in [2^mbits, 2^(mbits+1)] */
        if (q >= (1u << (mbits + 1))) {
            q >>= 1;
            E++;
        }
        code = ((uint32_t)(E + bias) << mbits) | (q - (1u << mbits));
    }
    if (code > maxcode)
        code = maxcode;
    return (uint8_t)(s | code);
}

/* The stored code of v for `code_dtype` (ACL_INT8 / ACL_INT4: two's complement, INT4 in the low
 * nibble). */
static inline uint32_t quant_encode(float v, int32_t code_dtype, int32_t round)
{
    switch (code_dtype) {
    case 29 /* ACL_INT4 */: return (uint32_t)quant_to_int(v, round, -8, 7) & 0xfu;
    case 4 /* ACL_UINT8 */: return (uint32_t)quant_to_int(v, round, 0, 255);
    case 3 /* ACL_INT32 */: return (uint32_t)quant_to_int(v, round, INT32_MIN, INT32_MAX);
    case 36 /* ACL_FLOAT8_E4M3FN */: return quant_to_fp8(v, 3, 7, 0x7e, 0x7f);
    case 35 /* ACL_FLOAT8_E5M2 */: return quant_to_fp8(v, 2, 15, 0x7b, 0x7f);
    default /* ACL_INT8 */: return (uint32_t)quant_to_int(v, round, -128, 127) & 0xffu;
    }
}

/* The value of an FP8 code (exact in FP32). */
static inline float quant_from_fp8(uint32_t c, int mbits, int bias, int has_inf)
{
    int ebits = 7 - mbits;
    uint32_t e = (c >> mbits) & ((1u << ebits) - 1), m = c & ((1u << mbits) - 1);
    float v;
    if (!has_inf && (c & 0x7f) == 0x7f)
        v = NAN;
    else if (has_inf && e == (1u << ebits) - 1)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexpf((float)m, 1 - bias - mbits);
    else
        v = ldexpf(1.0f + (float)m / (float)(1u << mbits), (int)e - bias);
    return (c & 0x80) ? -v : v;
}

/* The value of a stored code of `code_dtype` (the inverse of quant_encode). */
static inline float quant_decode(uint32_t c, int32_t code_dtype)
{
    switch (code_dtype) {
    case 29 /* ACL_INT4 */: return (float)((int32_t)(c & 0xf) - ((c & 0x8) ? 16 : 0));
    case 36 /* ACL_FLOAT8_E4M3FN */: return quant_from_fp8(c, 3, 7, 0);
    case 35 /* ACL_FLOAT8_E5M2 */: return quant_from_fp8(c, 2, 15, 1);
    default /* ACL_INT8 */: return (float)(int8_t)(uint8_t)c;
    }
}

#endif
