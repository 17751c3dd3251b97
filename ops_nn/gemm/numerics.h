/* Scalar conversions between FP32 and the Cube unit's operand formats (FP16, BF16, HF32).
 * All roundings are round-to-nearest-even unless the name says otherwise; NaN stays NaN. */
#ifndef ACLEMU_GEMM_NUMERICS_H
#define ACLEMU_GEMM_NUMERICS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t gemm_f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float gemm_u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static inline float gemm_bf16_to_f32(uint16_t h) { return gemm_u2f((uint32_t)h << 16); }

static inline uint16_t gemm_f32_to_bf16(float f)
{
    uint32_t u = gemm_f2u(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40); /* quiet NaN */
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

static inline float gemm_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
    if (exp == 0x1f) return gemm_u2f(sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0));
    if (exp == 0) {
        if (man == 0) return gemm_u2f(sign);
        float v = (float)man * (1.0f / 16777216.0f); /* man * 2^-24, exact */
        return sign ? -v : v;
    }
    return gemm_u2f(sign | ((exp + 112u) << 23) | (man << 13));
}

static inline uint16_t gemm_f32_to_f16(float f)
{
    uint32_t u = gemm_f2u(f);
    uint32_t sign = (u >> 16) & 0x8000u;
    uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return (uint16_t)(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
    if (a >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u); /* >= 65520 rounds to inf */
    if (a < 0x38800000u) {                                    /* below 2^-14: subnormal or zero */
        if (a < 0x33000000u) return (uint16_t)sign;            /* < 2^-25 rounds to 0 */
        uint32_t e = a >> 23, m = (a & 0x7fffffu) | 0x800000u;
        uint32_t shift = 126u - e; /* value = m * 2^(e-150); h units are 2^-24 */
        uint32_t q = m >> shift, rem = m & ((1u << shift) - 1u), half = 1u << (shift - 1u);
        if (rem > half || (rem == half && (q & 1u))) q++;
        return (uint16_t)(sign | q);
    }
    uint32_t r = a + 0xfffu + ((a >> 13) & 1u);
    return (uint16_t)(sign | ((r >> 13) - (112u << 10)));
}

/* FP32 -> HF32 (kept in an FP32 container: the low 13 mantissa bits cleared). */
static inline float gemm_f32_to_hf32(float f, int rtz)
{
    uint32_t u = gemm_f2u(f);
    if ((u & 0x7f800000u) == 0x7f800000u) /* inf stays, NaN stays NaN */
        return (u & 0x7fffffu) ? gemm_u2f(u | 0x400000u) : f;
    if (!rtz) u += 0xfffu + ((u >> 13) & 1u); /* may carry into the exponent: correct RNE, incl. to inf */
    return gemm_u2f(u & 0xffffe000u);
}

static inline float gemm_round_fp16(float f) { return gemm_f16_to_f32(gemm_f32_to_f16(f)); }

#endif
