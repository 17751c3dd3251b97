/* aclFloat16 <-> float conversions with the runtime's exact semantics:
 * float -> fp16 rounds to nearest even and saturates (overflow, +-Inf and NaN give +-65504,
 * keeping the sign bit); fp16 -> float treats exponent 31 as an ordinary exponent, so +-Inf
 * read as +-65536.0 and the canonical NaN 0x7E00 as 98304.0. */
#include <string.h>

#include "acl/acl_base_rt.h"

ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value)
{
    uint32_t x;
    memcpy(&x, &value, sizeof(x));
    const uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    const uint32_t e = (x >> 23) & 0xffu;
    uint32_t m = x & 0x7fffffu;

    if (e > 142) { /* >= 2^16, Inf, NaN: saturate */
        return (aclFloat16)(sign | 0x7bffu);
    }
    if (e >= 113) { /* a normal half before rounding */
        uint32_t h = ((e - 112) << 10) | (m >> 13);
        const uint32_t rem = m & 0x1fffu;
        if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) {
            h++;
        }
        if (h >= 0x7c00u) { /* rounded up past 65504 */
            return (aclFloat16)(sign | 0x7bffu);
        }
        return (aclFloat16)(sign | h);
    }
    if (e < 102) { /* below half of the smallest subnormal (and float subnormals) */
        return (aclFloat16)sign;
    }
    /* subnormal half: value = (m | hidden) * 2^(e-150), in units of 2^-24 */
    m |= 0x800000u;
    const uint32_t shift = 126 - e; /* 14 .. 24 */
    uint32_t h = m >> shift;
    const uint32_t rem = m & ((1u << shift) - 1u);
    const uint32_t half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1u))) {
        h++; /* may carry into the smallest normal, which is the right encoding */
    }
    return (aclFloat16)(sign | h);
}

ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value)
{
    const uint32_t sign = ((uint32_t)value & 0x8000u) << 16;
    int32_t e = (value >> 10) & 0x1f;
    uint32_t m = value & 0x3ffu;
    uint32_t bits;
    if (e == 0 && m == 0) {
        bits = sign;
    } else {
        if (e == 0) { /* subnormal: normalise */
            e = 1;
            while ((m & 0x400u) == 0) {
                m <<= 1;
                e--;
            }
            m &= 0x3ffu;
        }
        bits = sign | ((uint32_t)(e + 112) << 23) | (m << 13);
    }
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}
