/* aclemu: the shared part of aclnn/opdev/float4_e2m1.h and float4_e1m2.h (C++ only): a 4-bit float
 * with 1 sign bit, E exponent bits, M mantissa bits and exponent bias 1, no infinity and no NaN.
 * Conversion from float rounds to nearest, ties to the even code, saturating at the largest
 * finite value (infinities too); NaN converts to +0. */
#ifndef ACLEMU_OPDEV_FLOAT4_BASE_H
#define ACLEMU_OPDEV_FLOAT4_BASE_H

#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>

namespace op {
namespace float4_detail {

template <int E, int M>
struct Codec {
    /* magnitude of the low three bits */
    static float Magnitude(uint8_t c)
    {
        c &= 7u;
        unsigned e = c >> M, m = c & ((1u << M) - 1u);
        float frac = (float)m / (float)(1u << M);
        return e ? std::ldexp(1.0f + frac, (int)e - 1) : frac; /* bias 1: subnormals are m / 2^M */
    }
    static float ToFloat(uint8_t c) { return (c & 8u) ? -Magnitude(c) : Magnitude(c); }
    static uint8_t FromFloat(float v)
    {
        if (std::isnan(v)) return 0;
        uint8_t s = std::signbit(v) ? 8u : 0u;
        float a = std::fabs(v);
        uint8_t lo = 0;
        while (lo < 7 && Magnitude((uint8_t)(lo + 1)) <= a) lo++;
        if (lo == 7 || a == Magnitude(lo)) return (uint8_t)(s | lo);
        float dl = a - Magnitude(lo), dh = Magnitude((uint8_t)(lo + 1)) - a;
        uint8_t c = dl < dh ? lo : dh < dl ? (uint8_t)(lo + 1) : ((lo & 1u) ? (uint8_t)(lo + 1) : lo);
        return (uint8_t)(s | c);
    }
};

}  // namespace float4_detail
}  // namespace op

/* One 4-bit float struct NAME over Codec<E, M> (the code in the low nibble of `value`). */
#define ACLEMU_OPDEV_FLOAT4_STRUCT(NAME, E, M)                                                               \
    struct NAME {                                                                                            \
        struct FromBitsTag {};                                                                               \
        static constexpr FromBitsTag FromBits() { return FromBitsTag(); }                                    \
        uint8_t value;                                                                                       \
        NAME() : value(0) {}                                                                                 \
        NAME(uint8_t bits, FromBitsTag) : value((uint8_t)(bits & 0xfu)) {}                                   \
        NAME(float v) : value(float4_detail::Codec<E, M>::FromFloat(v)) {}                                   \
        operator float() const { return float4_detail::Codec<E, M>::ToFloat(value); }                        \
        operator double() const { return (double)float4_detail::Codec<E, M>::ToFloat(value); }              \
        static NAME Epsilon() { return NAME((uint8_t)0x1u, FromBits()); } /* the step after 1 */            \
        static NAME Highest() { return NAME((uint8_t)0x7u, FromBits()); }                                    \
        static NAME Lowest() { return NAME((uint8_t)0xfu, FromBits()); }                                     \
        static NAME MinPositiveNormal() { return NAME((uint8_t)(1u << M), FromBits()); }                     \
        bool IsZero() const { return (value & 7u) == 0; }                                                    \
        bool IsNaN() const { return false; }                                                                 \
        bool IsInf() const { return false; }                                                                 \
    };                                                                                                       \
    inline bool isinf(const NAME &a) { return a.IsInf(); }                                                   \
    inline bool isnan(const NAME &a) { return a.IsNaN(); }                                                   \
    inline bool isfinite(const NAME &a) { return !a.IsInf() && !a.IsNaN(); }                                 \
    inline std::ostream &operator<<(std::ostream &os, const NAME &a) { return os << (float)a; }

/* std::numeric_limits for op::NAME: no infinity (max finite instead), no NaN (zero instead). */
#define ACLEMU_OPDEV_FLOAT4_LIMITS(NAME)                                                                     \
    namespace std {                                                                                          \
    template <>                                                                                              \
    class numeric_limits<op::NAME> {                                                                         \
    public:                                                                                                  \
        static constexpr bool is_specialized = true;                                                         \
        static constexpr bool is_signed = true;                                                              \
        static constexpr bool has_infinity = false;                                                          \
        static constexpr bool has_quiet_NaN = false;                                                         \
        static constexpr bool has_signaling_NaN = false;                                                     \
        static op::NAME min() { return op::NAME::MinPositiveNormal(); }                                      \
        static op::NAME lowest() { return op::NAME::Lowest(); }                                              \
        static op::NAME max() { return op::NAME::Highest(); }                                                \
        static op::NAME epsilon() { return op::NAME::Epsilon(); }                                            \
        static op::NAME round_error() { return op::NAME(0.5f); }                                             \
        static op::NAME infinity() { return op::NAME::Highest(); }                                           \
        static op::NAME quiet_NaN() { return op::NAME(); }                                                   \
        static op::NAME signaling_NaN() { return op::NAME(); }                                               \
        static op::NAME denorm_min() { return op::NAME((uint8_t)0x1u, op::NAME::FromBits()); }               \
    };                                                                                                       \
    }

#endif
