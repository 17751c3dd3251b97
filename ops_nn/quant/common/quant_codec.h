/* Device-side encoders of the quant driver: FP32 value -> the target's code, with the rounding
 * and saturation the vector unit applies (Cast with SAT / round modes):
 *  - INT8 / UINT8 / INT32 / INT4: rounded (RINT = half to even, FLOOR, CEIL, TRUNC, ROUND = half
 *    away from zero), saturated to the type's range, NaN -> 0;
 *  - FLOAT8_E4M3FN / FLOAT8_E5M2: round to nearest even, saturated to the largest finite
 *    (448 / 57344; infinities too), NaN -> the NaN code, sign kept (also for zero);
 *  - HIFLOAT8: round half away from zero, saturated to 32768 (quant_to_hif8 below). */
#ifndef OPS_NN_QUANT_CODEC_H
#define OPS_NN_QUANT_CODEC_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "quant_args.h"

static inline float quant_round(float v, int32_t mode)
{
    switch (mode) {
    case QUANT_FLOOR: return floorf(v);
    case QUANT_CEIL: return ceilf(v);
    case QUANT_TRUNC: return truncf(v);
    case QUANT_ROUND: return roundf(v); /* half away from zero */
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

/* ---- HIFLOAT8 (950) ------------------------------------------------------------------------- *
 * HiF8 ("Ascend HiFloat8 Format for Deep Learning"): sign | dot | exponent | mantissa, the dot a
 * prefix code giving the exponent width D and with it the mantissa width (tapered precision):
 *   dot 11   D = 4, |E| 8..15, 1 mantissa bit      dot 10   D = 3, |E| 4..7, 2 bits
 *   dot 01   D = 2, |E| 2..3, 3 bits               dot 001  D = 1, |E| = 1, 3 bits
 *   dot 0001 D = 0, E = 0, 3 bits                  dot 0000 denormal: 2^(M - 23), M = 1..7
 * The exponent is sign-magnitude with the magnitude's leading 1 implicit (D bits: sign, then the
 * magnitude's low D - 1 bits). 0x00 is the only zero, 0x80 NaN, 0x6F / 0xEF +-Inf; the largest
 * finite value is 2^15 = 32768 (0x6E), the smallest 2^-22 (0x01).
 * FP32 -> HiF8 as the 950 kernels cast (Cast<hifloat8_t, float> with CAST_ROUND and SatMode::SAT,
 * e.g. ops-nn quant/dynamic_quant/op_kernel/arch35/dynamic_quant_regbase_full_load.h; the same
 * grid and half-away ties as ops-math math/cast/op_kernel_aicpu/cast_aicpu.cpp): round to the
 * nearest value, ties away from zero; saturated to +-32768 (infinities too); below 2^-23 -> 0 (no
 * signed zero); NaN -> 0x80. */
static inline uint32_t quant_hif8_fields(int E, uint32_t m)
{
    uint32_t neg = E < 0, a = (uint32_t)(E < 0 ? -E : E);
    if (a == 0)
        return 0x08u | m;
    if (a == 1)
        return 0x10u | neg << 3 | m;
    if (a <= 3)
        return 0x20u | neg << 4 | (a - 2) << 3 | m;
    if (a <= 7)
        return 0x40u | neg << 4 | (a - 4) << 2 | m;
    return 0x60u | neg << 4 | (a - 8) << 1 | m;
}

/* mantissa bits of the normal binade 2^E */
static inline int quant_hif8_mbits(int E)
{
    int a = E < 0 ? -E : E;
    return a <= 3 ? 3 : a <= 7 ? 2 : 1;
}

static inline uint32_t quant_to_hif8(float f)
{
    if (isnan(f))
        return 0x80u;
    uint32_t s = signbit(f) ? 0x80u : 0u;
    float a = fabsf(f);
    if (a >= 32768.0f) /* SAT: overflow and infinities to the largest finite */
        return s | 0x6eu;
    if (a < 0x1p-23f)
        return 0u;
    int e;
    float fr = frexpf(a, &e); /* a = fr * 2^e, fr in [0.5, 1) */
    int E = e - 1;
    if (E < -15) { /* denormal powers of two 2^-22 .. 2^-16 (the tie 1.5 * 2^E goes up) */
        if (fr >= 0.75f)
            E++;
        if (E < -22)
            E = -22;
        if (E >= -15)
            return s | quant_hif8_fields(-15, 0);
        return s | (uint32_t)(E + 23);
    }
    int mb = quant_hif8_mbits(E);
    uint32_t q = (uint32_t)roundf(ldexpf(a, mb - E)); /* in [2^mb, 2^(mb+1)], ties away */
    if (q >= (2u << mb)) {
        E++;
        q = 0;
        if (E > 15)
            return s | 0x6eu;
        return s | quant_hif8_fields(E, 0);
    }
    return s | quant_hif8_fields(E, q - (1u << mb));
}

/* The same without saturation (SatMode left to the overflow mode, i.e. the Cast op's FP32 -> HiF8):
 * from the tie 40960 between 32768 and the next step up, and for infinities, +-Inf (0x6F / 0xEF),
 * as ops-math math/cast/op_kernel_aicpu/cast_aicpu.cpp rounds it. */
static inline uint32_t quant_to_hif8_inf(float f)
{
    if (!isnan(f) && fabsf(f) >= 40960.0f)
        return (signbit(f) ? 0x80u : 0u) | 0x6fu;
    return quant_to_hif8(f);
}

static inline float quant_from_hif8(uint32_t c)
{
    c &= 0xffu;
    uint32_t s = c & 0x80u, b = c & 0x7fu;
    if (c == 0x80u)
        return NAN;
    if (b == 0x6fu)
        return s ? -INFINITY : INFINITY;
    float v;
    if (b < 0x08u) { /* denormal (0 for M = 0) */
        v = b ? ldexpf(1.0f, (int)b - 23) : 0.0f;
    } else {
        int E, mb;
        uint32_t m;
        if (b >= 0x60u) { /* dot 11 */
            mb = 1;
            E = 8 + (int)((b >> 1) & 7u);
            if (b & 0x10u) E = -E;
            m = b & 1u;
        } else if (b >= 0x40u) { /* dot 10 */
            mb = 2;
            E = 4 + (int)((b >> 2) & 3u);
            if (b & 0x10u) E = -E;
            m = b & 3u;
        } else if (b >= 0x20u) { /* dot 01 */
            mb = 3;
            E = 2 + (int)((b >> 3) & 1u);
            if (b & 0x10u) E = -E;
            m = b & 7u;
        } else if (b >= 0x10u) { /* dot 001 */
            mb = 3;
            E = (b & 0x08u) ? -1 : 1;
            m = b & 7u;
        } else { /* dot 0001 */
            mb = 3;
            E = 0;
            m = b & 7u;
        }
        v = ldexpf(1.0f + (float)m / (float)(1u << mb), E);
    }
    return s ? -v : v;
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
    case 34 /* ACL_HIFLOAT8 */: return quant_to_hif8(v); /* always CAST_ROUND */
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
    case 34 /* ACL_HIFLOAT8 */: return quant_from_hif8(c);
    default /* ACL_INT8 */: return (float)(int8_t)(uint8_t)c;
    }
}


/* ---- MX (microscaling) element and scale codecs (DynamicMxQuant family, 950) ---------------- */

/* The magnitude of FP4 code c (its low three bits): E2M1 {0, .5, 1, 1.5, 2, 3, 4, 6} (bias 1, one
 * mantissa bit), E1M2 {0, .25, ..., 1.75} (bias 1, two mantissa bits). */
static inline float quant_fp4_mag(uint32_t c, int e1m2)
{
    c &= 7u;
    if (e1m2)
        return (float)c * 0.25f;
    uint32_t e = c >> 1, m = c & 1u;
    return e ? ldexpf(1.0f + 0.5f * (float)m, (int)e - 1) : 0.5f * (float)m;
}

/* FP32 -> FP4 code (sign in bit 3): rounded on the FP4 grid by `round` (QUANT_RINT half to the
 * even code, QUANT_ROUND half away from zero, QUANT_FLOOR toward -inf), saturated to the largest
 * magnitude (6 / 1.75); the sign is kept (-0 stays -0); NaN -> 0 (FP4 has no NaN). */
static inline uint32_t quant_to_fp4(float v, int e1m2, int32_t round)
{
    if (isnan(v))
        return 0;
    uint32_t s = signbit(v) ? 8u : 0u, lo = 0;
    float a = fabsf(v);
    while (lo < 7 && quant_fp4_mag(lo + 1, e1m2) <= a)
        lo++;
    if (lo == 7)
        return s | 7u;
    float l = quant_fp4_mag(lo, e1m2), h = quant_fp4_mag(lo + 1, e1m2);
    if (a == l)
        return s | lo;
    float dl = a - l, dh = h - a;
    uint32_t c;
    switch (round) {
    case QUANT_FLOOR: c = s ? lo + 1 : lo; break;
    case QUANT_ROUND: c = dl < dh ? lo : lo + 1; break;
    default: c = dl < dh ? lo : dh < dl ? lo + 1 : ((lo & 1u) ? lo + 1 : lo); break;
    }
    return s | c;
}

static inline float quant_from_fp4(uint32_t c, int e1m2)
{
    float m = quant_fp4_mag(c, e1m2);
    return (c & 8u) ? -m : m;
}

/* The value of an FLOAT8_E8M0 code: 2^(c - 127), 0xFF NaN. */
static inline float quant_from_e8m0(uint32_t c)
{
    return (c & 0xffu) == 0xffu ? NAN : ldexpf(1.0f, (int)(c & 0xffu) - 127);
}

/* A BF16 bit pattern as FP32. */
static inline float quant_bf16_bits(uint32_t b)
{
    uint32_t u = (b & 0xffffu) << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline uint32_t quant_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The MX shared scale of one block, as the 950 kernels compute it from the block's max |x| in
 * FP32 (`amax`, exact: the x values are FP16 / BF16 / FP32) and whether every element is finite:
 *  QUANT_MX_OCP (scaleAlg 0): code = E(amax) - emax, at least 0 (E the biased FP32 exponent, 0
 *    for a subnormal); multiplier 2^(127 - code), but 0 for code 0 and 2^-127 for code 254;
 *  QUANT_MX_CUBLAS (scaleAlg 1, FP8): S = max(amax, lowBound) * fp32(1 / DMAX); code = E(S), plus
 *    one when S is normal below 2^127 with a non-zero mantissa or subnormal above half the
 *    subnormal range; code 0 for amax 0; multiplier the BF16 pattern 0x7F00 - (code << 7) (code
 *    254: 0), 0 for amax 0;
 *  QUANT_MX_RANGE (scaleAlg 2, FP4 E2M1, dstTypeMax 0 / 6 / 7): the BF16 (round to nearest even)
 *    pattern of amax plus `add_bits` (0x3F / 0x1F), its exponent field, then as OCP with emax 2;
 *  QUANT_MX_CUBLAS4 (scaleAlg 2, other dstTypeMax): as CUBLAS with S = amax * inv_max and no
 *    subnormal rule.
 * A non-finite element gives code 0xFF and a NaN multiplier. */
enum { QUANT_MX_OCP = 0, QUANT_MX_CUBLAS = 1, QUANT_MX_RANGE = 2, QUANT_MX_CUBLAS4 = 3 };

typedef struct quant_mx_scale {
    uint32_t code; /* the E8M0 code written to mxscale */
    float mul;     /* what the block's elements are multiplied by before the cast */
} quant_mx_scale;

static inline quant_mx_scale quant_mx_scale_of(float amax, int finite, int alg, int emax, float inv_max,
                                               float low_bound, uint32_t add_bits)
{
    quant_mx_scale r;
    if (!finite) {
        r.code = 0xffu;
        r.mul = NAN;
        return r;
    }
    if (alg == QUANT_MX_CUBLAS || alg == QUANT_MX_CUBLAS4) {
        if (amax == 0.0f) {
            r.code = 0;
            r.mul = 0.0f;
            return r;
        }
        float m = alg == QUANT_MX_CUBLAS ? fmaxf(amax, low_bound) : amax;
        uint32_t b = quant_f32_bits(m * inv_max), e = b >> 23, man = b & 0x7fffffu;
        int up = (e > 0 && e < 254 && man > 0) || (alg == QUANT_MX_CUBLAS && e == 0 && man > 0x400000u);
        r.code = e + (up ? 1u : 0u);
        r.mul = quant_bf16_bits((0x7f00u - (r.code << 7)) & 0xffffu);
        return r;
    }
    uint32_t e;
    if (alg == QUANT_MX_RANGE) {
        uint32_t u = quant_f32_bits(amax);
        uint32_t bf = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16; /* FP32 -> BF16, nearest even */
        e = (bf >> 7) & 0xffu;
        if (e >= (uint32_t)emax)
            e = (((bf + add_bits) & 0x7f80u) >> 7);
    } else {
        e = quant_f32_bits(amax) >> 23;
    }
    r.code = e > (uint32_t)emax ? e - (uint32_t)emax : 0u;
    r.mul = r.code == 0 ? 0.0f : r.code == 254 ? ldexpf(1.0f, -127) : ldexpf(1.0f, 127 - (int)r.code);
    return r;
}

#endif
