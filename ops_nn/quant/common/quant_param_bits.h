/* The UINT64 quant parameter of the Cube unit's fixpipe (what aclnnTransQuantParam(V2/V3) write
 * and the quantized matmuls read as a UINT64 / INT64 scale), shared by host and device code:
 *   bits 0..31   a scale as FP32 bits; V2/V3 keep only the top 19 bits (FP19: 1 sign, 8 exponent,
 *                10 mantissa) — roundMode 0 cuts, 1 rounds to nearest even —, V1 keeps all 32;
 *   bits 37..45  an INT9 offset (two's complement, [-256, 255]) for INT8 outputs;
 *   bit 46       set in every parameter written by the helpers.
 * The fixpipe multiplies by the FP19 value: readers take bits 0..31 and cut them to FP19. */
#ifndef ACLEMU_QUANT_PARAM_BITS_H
#define ACLEMU_QUANT_PARAM_BITS_H

#include <stdint.h>
#include <string.h>

#define QUANT_PARAM_FLAG (1ull << 46)
#define QUANT_PARAM_OFFSET_SHIFT 37
#define QUANT_PARAM_OFFSET_MASK 0x1FFull
#define QUANT_PARAM_KEEP_MASK 0x4000FFFFFFFFull /* flag + scale: what an offset write keeps */
#define QUANT_PARAM_FP19_MASK 0xFFFFE000u       /* the top 19 bits of an FP32 */

static inline uint64_t quant_param_scale_bits(float s)
{
    uint32_t u;
    memcpy(&u, &s, 4);
    return u;
}

static inline uint64_t quant_param_offset_bits(int32_t int9)
{
    return ((uint64_t)(uint32_t)int9 & QUANT_PARAM_OFFSET_MASK) << QUANT_PARAM_OFFSET_SHIFT;
}

/* FP32 bits -> FP19 (kept in the top 19 bits of the FP32 pattern). round_mode 0: truncate;
 * 1: round to nearest, ties to even, on the 13 dropped bits (exponent 0 keeps only the sign,
 * exponent 255 truncates, a carry past the largest exponent saturates to the top exponent with
 * a zero mantissa), as TransQuantParamV2's kernel does. */
static inline uint32_t quant_param_fp19(uint32_t u, int round_mode)
{
    if (!round_mode)
        return u & QUANT_PARAM_FP19_MASK;
    uint32_t sign = u >> 31, exp = (u >> 23) & 0xFF, man = u & 0x7FFFFF;
    uint32_t m19 = man >> 13, round_bit = (man >> 12) & 1, sticky = man & 0xFFF, f19;
    if (exp == 0) {
        f19 = sign << 18;
    } else if (exp == 0xFF) {
        f19 = (sign << 18) | (exp << 10) | m19;
    } else {
        if (round_bit && (sticky || (m19 & 1))) {
            if (++m19 >= (1u << 10)) {
                m19 = 0;
                exp++;
            }
        }
        f19 = exp > 0xFF ? (sign << 18) | (0xFFu << 10) : (sign << 18) | (exp << 10) | m19;
    }
    return f19 << 13;
}

/* The scale a fixpipe applies for parameter p: bits 0..31 cut to FP19. */
static inline float quant_param_scale(uint64_t p)
{
    uint32_t u = (uint32_t)p & QUANT_PARAM_FP19_MASK;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The INT9 offset of parameter p (bits 37..45, sign-extended). */
static inline int32_t quant_param_offset(uint64_t p)
{
    int32_t v = (int32_t)((p >> QUANT_PARAM_OFFSET_SHIFT) & QUANT_PARAM_OFFSET_MASK);
    return v >= 256 ? v - 512 : v;
}

#endif
