/* FP16 / BF16 <-> FP32 conversions with IEEE round-to-nearest-even, NaN and Inf preserved,
 * subnormals produced and consumed. Header-only: used on the host (scalars) and in kernels. */
#ifndef ACLEMU_OP_FP16_H
#define ACLEMU_OP_FP16_H

#include <stdint.h>
#include <string.h>

static inline uint32_t aclemu_f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float aclemu_bits_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static inline float aclemu_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t man = h & 0x3ffu;
    if (exp == 0x1f)                         /* Inf / NaN: keep the payload */
        return aclemu_bits_f32(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {
        if (man == 0)
            return aclemu_bits_f32(sign);
        /* subnormal: value = man * 2^-24, exact in float */
        float v = (float)man * (1.0f / 16777216.0f);
        return sign ? -v : v;
    }
    return aclemu_bits_f32(sign | ((exp + 112u) << 23) | (man << 13));
}

static inline uint16_t aclemu_float_to_half(float f)
{
    uint32_t u = aclemu_f32_bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    uint32_t a = u & 0x7fffffffu;
    if (a >= 0x7f800000u)                    /* Inf or NaN (NaN stays quiet NaN) */
        return (uint16_t)(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0));
    if (a >= 0x477ff000u)                    /* rounds to >= 65520: overflow to Inf */
        return (uint16_t)(sign | 0x7c00u);
    if (a < 0x38800000u) {                   /* below the smallest normal half (2^-14) */
        /* subnormal half: round(|f| * 2^24) with ties to even; exact via float arithmetic */
        float v = aclemu_bits_f32(a) * 16777216.0f; /* exact scaling by 2^24 */
        uint32_t q = (uint32_t)v;
        float rem = v - (float)q;
        if (rem > 0.5f || (rem == 0.5f && (q & 1u)))
            q++;
        return (uint16_t)(sign | q);         /* q == 0x400 becomes the smallest normal: correct */
    }
    /* normal: rebias exponent, round mantissa 23 -> 10 bits to nearest even */
    uint32_t r = a - 0x38000000u;            /* exponent 127 -> 15 bias */
    uint32_t lsb = (r >> 13) & 1u;
    r += 0xfffu + lsb;
    return (uint16_t)(sign | (r >> 13));
}

static inline float aclemu_bf16_to_float(uint16_t b) { return aclemu_bits_f32((uint32_t)b << 16); }

static inline uint16_t aclemu_float_to_bf16(float f)
{
    uint32_t u = aclemu_f32_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)     /* NaN: keep sign, force quiet */
        return (uint16_t)((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

#endif
