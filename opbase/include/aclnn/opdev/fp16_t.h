/* aclnn/opdev/fp16_t.h: op::fp16_t, the toolkit's IEEE half-precision host type (official examples
 * fill and print FP16 buffers with it). C++ only. As in the toolkit: the raw bits are the public
 * member `val`, a uint16_t argument is taken as raw bits, every other arithmetic value converts with
 * round to nearest, ties to even (overflow gives infinity, NaN stays NaN), and the operators compute
 * in float and round back. */
#ifndef ACLEMU_OPDEV_FP16_T_H
#define ACLEMU_OPDEV_FP16_T_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <ostream>
#include <type_traits>

namespace op {
namespace fp16_detail {

inline uint16_t FromFloat(float f)
{
    uint32_t x;
    std::memcpy(&x, &f, sizeof x);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu)); /* NaN */
    if (ax >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u); /* rounds past 65504: infinity */
    if (ax < 0x38800000u) { /* below 2^-14: a subnormal half (or zero) */
        if (ax < 0x33000000u) return sign; /* below half the smallest subnormal */
        uint32_t m = (ax & 0x7fffffu) | 0x800000u;
        int shift = 126 - (int)(ax >> 23); /* 14..24 */
        uint32_t q = m >> shift, rem = m & ((1u << shift) - 1u), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (q & 1u))) q++;
        return (uint16_t)(sign | q);
    }
    uint32_t r = ax + 0xfffu + ((ax >> 13) & 1u); /* round the 13 dropped bits, ties to even */
    return (uint16_t)(sign | ((r - 0x38000000u) >> 13));
}

inline float ToFloat(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, x;
    if (e == 0x1f) {
        x = sign | 0x7f800000u | (m << 13);
    } else if (e) {
        x = sign | ((e + 112u) << 23) | (m << 13);
    } else {
        float v = std::ldexp((float)m, -24); /* subnormal or zero */
        return sign ? -v : v;
    }
    float f;
    std::memcpy(&f, &x, sizeof f);
    return f;
}

}  // namespace fp16_detail

struct fp16_t {
    uint16_t val;

    fp16_t() : val(0) {}
    fp16_t(const fp16_t &o) = default;
    fp16_t(const uint16_t &bits) : val(bits) {}
    template <typename T, typename = typename std::enable_if<std::is_arithmetic<T>::value &&
                                                             !std::is_same<T, uint16_t>::value>::type>
    fp16_t(const T &v) : val(fp16_detail::FromFloat((float)v))
    {
    }
    fp16_t &operator=(const fp16_t &o) = default;

    float ToFloat() const { return fp16_detail::ToFloat(val); }
    double ToDouble() const { return (double)ToFloat(); }
    operator float() const { return ToFloat(); }
    operator double() const { return ToDouble(); }
    operator int32_t() const { return (int32_t)ToFloat(); }
    operator int64_t() const { return (int64_t)ToFloat(); }

    bool IsInf() const { return (val & 0x7fffu) == 0x7c00u; }
    bool IsNaN() const { return (val & 0x7fffu) > 0x7c00u; }

    fp16_t operator+(const fp16_t &o) const { return fp16_t(ToFloat() + o.ToFloat()); }
    fp16_t operator-(const fp16_t &o) const { return fp16_t(ToFloat() - o.ToFloat()); }
    fp16_t operator*(const fp16_t &o) const { return fp16_t(ToFloat() * o.ToFloat()); }
    fp16_t operator/(const fp16_t &o) const { return fp16_t(ToFloat() / o.ToFloat()); }
    fp16_t operator-() const { return fp16_t((uint16_t)(val ^ 0x8000u)); }
    fp16_t &operator+=(const fp16_t &o) { return *this = *this + o; }
    fp16_t &operator-=(const fp16_t &o) { return *this = *this - o; }
    fp16_t &operator*=(const fp16_t &o) { return *this = *this * o; }
    fp16_t &operator/=(const fp16_t &o) { return *this = *this / o; }
    bool operator==(const fp16_t &o) const { return ToFloat() == o.ToFloat(); }
    bool operator!=(const fp16_t &o) const { return ToFloat() != o.ToFloat(); }
    bool operator<(const fp16_t &o) const { return ToFloat() < o.ToFloat(); }
    bool operator<=(const fp16_t &o) const { return ToFloat() <= o.ToFloat(); }
    bool operator>(const fp16_t &o) const { return ToFloat() > o.ToFloat(); }
    bool operator>=(const fp16_t &o) const { return ToFloat() >= o.ToFloat(); }
};

inline std::ostream &operator<<(std::ostream &os, const fp16_t &a) { return os << a.ToFloat(); }

}  // namespace op

#endif
