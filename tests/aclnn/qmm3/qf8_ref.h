// Independent references of the FP8 quantized-matmul host programs: FP8 / E8M0 codes decoded
// from their bit fields in double, random codes (no NaN / Inf), FP16 / BF16 rounding of a double.
#ifndef TESTS_ACLNN_QF8_REF_H
#define TESTS_ACLNN_QF8_REF_H

#include "../quant_matmul/qmm_test_util.h"

// FLOAT8_E4M3FN (bias 7, no infinities) / FLOAT8_E5M2 (bias 15) code -> value.
static inline double Fp8Value(aclDataType dt, unsigned c)
{
    int mb = dt == ACL_FLOAT8_E4M3FN ? 3 : 2, bias = dt == ACL_FLOAT8_E4M3FN ? 7 : 15;
    unsigned e = (c & 0x7f) >> mb, m = c & ((1u << mb) - 1);
    double v = e == 0 ? std::ldexp((double)m, 1 - bias - mb) : std::ldexp(1.0 + m / (double)(1u << mb), (int)e - bias);
    return (c & 0x80) ? -v : v;
}

static inline double Fp8Value(aclDataType dt, unsigned c);
// A random code (no NaN / Inf) of magnitude at most vmax (keeps FP16 results finite).
static inline unsigned RandFp8(Lcg &rng, aclDataType dt, double vmax = 1e9)
{
    for (;;) {
        unsigned c = (unsigned)(rng.uniform() * 256) & 0xff;
        if (dt == ACL_FLOAT8_E4M3FN && (c & 0x7f) == 0x7f) continue;
        if (dt == ACL_FLOAT8_E5M2 && ((c >> 2) & 0x1f) == 0x1f) continue;
        if (std::fabs(Fp8Value(dt, c)) > vmax) continue;
        return c;
    }
}

static inline double E8m0Value(unsigned c) { return std::ldexp(1.0, (int)c - 127); }

// A value rounded to FP32 / FP16 / BF16 (nearest even) through the bit patterns.
static inline double RoundTo(aclDataType dt, double v) { return Quant(dt, (double)(float)v); }

// Stage 1 must fail with `code` and an EZ9999 / EZ1001 message naming `needle`.
static inline void ExpectCode(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle)
        EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

// FLOAT4_E2M1 code -> value (1 sign, 2 exponent, 1 mantissa bits: 0, 0.5, 1, 1.5, 2, 3, 4, 6).
static inline double Fp4Value(unsigned c)
{
    static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    return (c & 8) ? -mag[c & 7] : mag[c & 7];
}

// Element i of an out buffer of FLOAT / BFLOAT16 / FLOAT16, and that dtype's relative rounding step.
static inline double ReadOut(aclDataType od, const std::vector<unsigned char> &g, size_t i)
{
    if (od == ACL_FLOAT) { float f; std::memcpy(&f, &g[i * 4], 4); return f; }
    uint16_t h;
    std::memcpy(&h, &g[i * 2], 2);
    if (od == ACL_BF16) return BitsFloat((uint32_t)h << 16);
    return (double)(_Float16)*reinterpret_cast<const _Float16 *>(&h);
}

static inline double OutUlp(aclDataType od) { return od == ACL_FLOAT16 ? 1.0 / 1024 : od == ACL_BF16 ? 1.0 / 128 : 1.2e-7; }

#endif
