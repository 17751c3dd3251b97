// A reference of the MX (microscaling) quantisation for the mxq2 tests, written from the element
// formats' bit fields and the documented scale rules, in double precision:
//  - element codes: an exhaustive table of every FP8 / FP4 code's value; an encode picks the nearest
//    table value (rint: ties to the even code, round: ties away from zero, floor: the largest value
//    not above), saturating at the largest finite magnitude, signed zero kept, NaN -> the NaN code
//    (FP8) or 0 (FP4);
//  - the shared scale: OCP (scaleAlg 0) floor(log2 amax) + 127 - emax, at least 0, the multiplier
//    2^(127 - code) (0 for code 0); cuBLAS (scaleAlg 1) the FP32 product amax * fp32(1 / DMAX)
//    rounded up to a power of two (code 254 and above: multiplier 0); a non-finite element -> 0xFF.
// The products v * multiplier are exact in double (powers of two), so the encode sees the exact value.
#ifndef TESTS_ACLNN_MXQ2_MX_REF_H
#define TESTS_ACLNN_MXQ2_MX_REF_H

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "../activation/act_test_util.h"

struct MxTable {
    std::vector<double> val;
    uint32_t sign = 0;
    double maxv = 0;
};

static inline bool MxFp4(aclDataType d) { return d == ACL_FLOAT4_E2M1 || d == ACL_FLOAT4_E1M2; }

static inline MxTable MxMakeTable(aclDataType yd)
{
    MxTable t;
    int eb, mb, bias, nbits;
    bool ieee_inf = false, fn = false;
    switch (yd) {
    case ACL_FLOAT8_E4M3FN: eb = 4; mb = 3; bias = 7; nbits = 8; fn = true; break;
    case ACL_FLOAT8_E5M2: eb = 5; mb = 2; bias = 15; nbits = 8; ieee_inf = true; break;
    case ACL_FLOAT4_E2M1: eb = 2; mb = 1; bias = 1; nbits = 4; break;
    default: eb = 1; mb = 2; bias = 1; nbits = 4; break; // E1M2
    }
    t.sign = 1u << (nbits - 1);
    for (uint32_t c = 0; c < (1u << nbits); c++) {
        uint32_t e = (c >> mb) & ((1u << eb) - 1), m = c & ((1u << mb) - 1);
        double v;
        if (fn && (c & (t.sign - 1)) == t.sign - 1) v = NAN;
        else if (ieee_inf && e == (1u << eb) - 1) v = m ? NAN : INFINITY;
        else if (e == 0) v = std::ldexp((double)m, 1 - bias - mb);
        else v = std::ldexp(1.0 + m / (double)(1u << mb), (int)e - bias);
        if (std::isfinite(v) && v > t.maxv) t.maxv = v;
        t.val.push_back((c & t.sign) ? -v : v);
    }
    return t;
}

enum { MX_RINT = 0, MX_ROUND = 1, MX_FLOOR = 2 };

static inline int MxRoundOf(const char *rm)
{
    std::string s = rm ? rm : "rint";
    return s == "round" ? MX_ROUND : s == "floor" ? MX_FLOOR : MX_RINT;
}

static inline uint32_t MxEncode(const MxTable &t, double v, int mode, bool fp4)
{
    uint32_t s = std::signbit(v) ? t.sign : 0;
    if (std::isnan(v)) return fp4 ? 0 : (s | (t.sign - 1));
    if (v > t.maxv) v = t.maxv;
    if (v < -t.maxv) v = -t.maxv;
    if (v == 0) return s;
    uint32_t best = 0;
    double bd = INFINITY;
    for (uint32_t c = 0; c < t.val.size(); c++) {
        double w = t.val[c];
        if (!std::isfinite(w) || (w != 0 && std::signbit(w) != std::signbit(v))) continue;
        if (w == 0 && (c & t.sign) != s) continue;
        if (mode == MX_FLOOR) {
            if (w <= v && (bd == INFINITY || w > t.val[best])) { best = c; bd = 0; }
            continue;
        }
        double d = std::fabs(w - v);
        bool tie = d == bd;
        if (d < bd || (tie && mode == MX_RINT && (c & 1) == 0) ||
            (tie && mode == MX_ROUND && std::fabs(w) > std::fabs(t.val[best]))) {
            bd = d;
            best = c;
        }
    }
    return best;
}

static inline int MxEmax(aclDataType yd)
{
    return yd == ACL_FLOAT4_E2M1 ? 2 : yd == ACL_FLOAT4_E1M2 ? 0 : yd == ACL_FLOAT8_E4M3FN ? 8 : 15;
}

struct MxScale { uint32_t code; double mul; };

// alg 2 (FP4 E2M1, dstTypeMax 0 / 6 / 7): amax rounded to BF16 (nearest even), its exponent bumped
// when the BF16 fraction exceeds 1.5 (1.75 for dstTypeMax 7), then as OCP.
static inline MxScale MxRefScale(const std::vector<double> &blk, aclDataType yd, int alg, double dmax = 0.0)
{
    double amax = 0;
    for (double v : blk) {
        if (!std::isfinite(v)) return {0xff, NAN};
        amax = std::fmax(amax, std::fabs(v));
    }
    if (alg == 1) {
        if (amax == 0) return {0, 0.0};
        float inv = (float)(1.0 / (yd == ACL_FLOAT8_E4M3FN ? 448.0 : 57344.0));
        float S = (float)(amax * (double)inv);
        uint32_t code;
        if (S >= std::ldexp(1.0, -126)) {
            int e;
            double fr = std::frexp((double)S, &e);
            code = (uint32_t)(e - 1 + 127);
            if (fr != 0.5 && code < 254) code++;
        } else {
            code = std::ldexp((double)S, 149) > (double)(1u << 22) ? 1 : 0;
        }
        return {code, code >= 254 ? 0.0 : std::ldexp(1.0, 127 - (int)code)};
    }
    if (alg == 2 && amax > 0) {
        int e;
        double fr = std::frexp(amax, &e);
        amax = std::ldexp(std::nearbyint(std::ldexp(fr, 8)), e - 8);
    }
    int E = 0;
    if (amax >= std::ldexp(1.0, -126)) {
        int e;
        std::frexp(amax, &e);
        E = e - 1 + 127;
        if (alg == 2 && amax / std::ldexp(1.0, E - 127) > (dmax == 7.0 ? 1.75 : 1.5)) E++;
    }
    int code = E > MxEmax(yd) ? E - MxEmax(yd) : 0;
    return {(uint32_t)code, code == 0 ? 0.0 : std::ldexp(1.0, 127 - code)};
}

// The quantisation of v ([pre, L, P] row-major) along L in blocks of 32: codes[e] per element, the
// scale of block b of column q of slab p at scale[((p * nb2 + b / 2) * P + q) * 2 + b % 2] (pad 0).
struct MxOut {
    std::vector<uint32_t> codes;
    std::vector<unsigned char> scale;
};

// Quantizes rows [r0, r1) of an [L, P] slab at v + base (one group) with its block pairs from scale
// row srow of an [*, P, 2] scale.
static inline void MxSlab(const std::vector<double> &v, int64_t base, int64_t r0, int64_t r1, int64_t P,
                          aclDataType yd, int alg, int round, std::vector<uint32_t> &codes,
                          std::vector<unsigned char> &scale, int64_t srow)
{
    MxTable t = MxMakeTable(yd);
    bool fp4 = MxFp4(yd);
    int64_t L = r1 - r0, nb = (L + 31) / 32;
    for (int64_t q = 0; q < P; q++)
        for (int64_t b = 0; b < nb; b++) {
            std::vector<double> blk;
            for (int64_t l = r0 + b * 32; l < r0 + b * 32 + 32 && l < r1; l++) blk.push_back(v[(size_t)(base + l * P + q)]);
            MxScale s = MxRefScale(blk, yd, alg);
            scale[(size_t)(((srow + b / 2) * P + q) * 2 + b % 2)] = (unsigned char)s.code;
            for (int64_t l = r0 + b * 32; l < r0 + b * 32 + 32 && l < r1; l++) {
                double x = v[(size_t)(base + l * P + q)];
                codes[(size_t)(base + l * P + q)] = MxEncode(t, std::isnan(s.mul) ? NAN : x * s.mul, round, fp4);
            }
        }
}

static inline MxOut MxRef(const std::vector<double> &v, int64_t pre, int64_t L, int64_t P, aclDataType yd, int alg,
                          int round)
{
    MxOut o;
    int64_t nb2 = ((L + 31) / 32 + 1) / 2;
    o.codes.assign(v.size(), 0);
    o.scale.assign((size_t)(pre * nb2 * P * 2), 0);
    for (int64_t p = 0; p < pre; p++) MxSlab(v, p * L * P, 0, L, P, yd, alg, round, o.codes, o.scale, p * nb2);
    return o;
}

// Row groups of v [M, N] (cumulative ends), each along the rows from its first; the scale
// [M / 64 + G, N, 2], group g from row start / 64 + g, other rows 0.
static inline MxOut MxRefGrouped(const std::vector<double> &v, int64_t M, int64_t N, const std::vector<int64_t> &ends,
                                 aclDataType yd, int alg, int round)
{
    MxOut o;
    int64_t G = (int64_t)ends.size();
    o.codes.assign(v.size(), 0);
    o.scale.assign((size_t)((M / 64 + G) * N * 2), 0);
    for (int64_t g = 0; g < G; g++) {
        int64_t s = g ? ends[(size_t)g - 1] : 0, e = ends[(size_t)g];
        if (e > s) MxSlab(v, 0, s, e, N, yd, alg, round, o.codes, o.scale, s / 64 + g);
    }
    return o;
}

// The y bytes of codes (FP4: two per byte, the even element in the low nibble).
static inline std::vector<unsigned char> MxPack(const std::vector<uint32_t> &codes, aclDataType yd)
{
    std::vector<unsigned char> b;
    if (!MxFp4(yd)) {
        for (uint32_t c : codes) b.push_back((unsigned char)c);
        return b;
    }
    b.assign((codes.size() + 1) / 2, 0);
    for (size_t i = 0; i < codes.size(); i++) b[i / 2] |= (unsigned char)((codes[i] & 0xf) << (i % 2 ? 4 : 0));
    return b;
}

// A device buffer of `shape` seen as dtype dt (FP8 / FP4 / E8M0: raw bytes), filled with 0x5A.
struct MxBytes {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t n = 0;
    MxBytes(aclDataType dt, const std::vector<int64_t> &shape)
    {
        int64_t e = GetShapeSize(shape);
        n = (size_t)(MxFp4(dt) ? (e + 1) / 2 : e);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        aclrtMalloc(&dev, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(n + 1, 0x5A);
        if (n) aclrtMemcpy(dev, n, h.data(), n, ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(), dev);
    }
    MxBytes(const MxBytes &) = delete;
    MxBytes &operator=(const MxBytes &) = delete;
    ~MxBytes() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        h.resize(n);
        return h;
    }
};

// Counts (and logs the first few) differing bytes.
static inline size_t MxCompare(const char *what, const std::vector<unsigned char> &got,
                               const std::vector<unsigned char> &want)
{
    size_t bad = 0;
    if (got.size() != want.size()) {
        LOG_PRINT("  %s: %zu bytes, want %zu\n", what, got.size(), want.size());
        return got.size() + want.size() + 1;
    }
    for (size_t i = 0; i < got.size(); i++)
        if (got[i] != want[i] && bad++ < 5) LOG_PRINT("  %s byte %zu: got %02x want %02x\n", what, i, got[i], want[i]);
    return bad;
}

#endif
