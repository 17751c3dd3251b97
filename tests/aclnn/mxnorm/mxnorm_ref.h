// Shared by the MX-quantising RMS norm host programs: an independent double-precision reference
// of RmsNorm (+ residual add) followed by the MX quantisation of the ops-nn docs (blocks of 32 along
// the last dim; scaleAlg 0: shared_exp = floor(log2(amax)) - emax; scaleAlg 1 (FP8): S = amax /
// DMAX, exponent rounded up; element = cast(v / 2^shared_exp) to the target's grid), the target
// grids built by decoding every code, and raw byte device buffers for the FP8 / FP4 / E8M0 outputs.
#ifndef TESTS_ACLNN_MXNORM_REF_H
#define TESTS_ACLNN_MXNORM_REF_H

#include <algorithm>
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"

typedef std::vector<int64_t> Shape;

// Magnitude of code c (sign bit excluded) of an MX element type, NaN for NaN / Inf codes.
static inline double MxMag(aclDataType dt, unsigned c)
{
    switch (dt) {
    case ACL_FLOAT8_E4M3FN: {
        c &= 0x7f;
        if (c == 0x7f) return NAN;
        unsigned e = c >> 3, m = c & 7;
        return e ? std::ldexp(1.0 + m / 8.0, (int)e - 7) : std::ldexp((double)m, -9);
    }
    case ACL_FLOAT8_E5M2: {
        c &= 0x7f;
        unsigned e = c >> 2, m = c & 3;
        if (e == 31) return NAN;
        return e ? std::ldexp(1.0 + m / 4.0, (int)e - 15) : std::ldexp((double)m, -16);
    }
    case ACL_FLOAT4_E2M1: {
        c &= 7;
        unsigned e = c >> 1, m = c & 1;
        return e ? std::ldexp(1.0 + m / 2.0, (int)e - 1) : 0.5 * m;
    }
    default: /* FLOAT4_E1M2 */ {
        c &= 7;
        unsigned e = c >> 2, m = c & 3;
        return e ? 1.0 + m / 4.0 : m / 4.0;
    }
    }
}
static inline bool MxFp4(aclDataType dt) { return dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2; }
static inline unsigned MxSignBit(aclDataType dt) { return MxFp4(dt) ? 8u : 0x80u; }
static inline unsigned MxMaxCode(aclDataType dt)
{
    return dt == ACL_FLOAT8_E4M3FN ? 0x7e : dt == ACL_FLOAT8_E5M2 ? 0x7b : 7;
}
static inline int MxEmax(aclDataType dt)
{
    return dt == ACL_FLOAT4_E2M1 ? 2 : dt == ACL_FLOAT4_E1M2 ? 0 : dt == ACL_FLOAT8_E4M3FN ? 8 : 15;
}
static inline double MxValue(aclDataType dt, unsigned c)
{
    double m = MxMag(dt, c);
    return (c & MxSignBit(dt)) ? -m : m;
}

enum { RM_RINT = 0, RM_ROUND = 1, RM_FLOOR = 2 };

// v on the target's grid (codes 0..max are increasing magnitudes), saturating.
static inline unsigned MxCast(aclDataType dt, double v, int rm)
{
    if (std::isnan(v)) return 0;
    unsigned s = std::signbit(v) ? MxSignBit(dt) : 0, top = MxMaxCode(dt);
    double a = std::fabs(v);
    if (a >= MxMag(dt, top)) return s | top;
    unsigned lo = 0;
    while (lo < top && MxMag(dt, lo + 1) <= a) lo++;
    double l = MxMag(dt, lo), h = MxMag(dt, lo + 1);
    if (a == l) return s | lo;
    unsigned c;
    if (rm == RM_FLOOR) c = s ? lo + 1 : lo;
    else if (a - l < h - a) c = lo;
    else if (a - l > h - a) c = lo + 1;
    else c = rm == RM_ROUND ? lo + 1 : ((lo & 1) ? lo + 1 : lo);
    return s | c;
}

// The E8M0 code of a block of values (all finite).
static inline unsigned MxScaleCode(aclDataType dt, const double *v, int64_t n, int alg)
{
    double amax = 0;
    for (int64_t i = 0; i < n; i++) amax = std::max(amax, std::fabs(v[i]));
    if (amax == 0) return 0;
    if (alg == 0) {
        int e = (int)std::floor(std::log2(amax)) - MxEmax(dt) + 127;
        return e < 0 ? 0 : e > 254 ? 254 : (unsigned)e;
    }
    double dmax = MxMag(dt, MxMaxCode(dt));
    int e = (int)std::ceil(std::log2(amax / dmax)) + 127;
    return e < 0 ? 0 : e > 254 ? 254 : (unsigned)e;
}

// A raw device buffer of `bytes` bytes viewed as a contiguous tensor of `shape` / `dt`.
struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    RawTensor() {}
    RawTensor(const RawTensor &) = delete;
    RawTensor &operator=(const RawTensor &) = delete;
    ~RawTensor()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    bool Init(aclDataType dt, const Shape &shape, size_t nbytes, unsigned char fill = 0xAB)
    {
        bytes = nbytes;
        std::vector<unsigned char> host(bytes + 1, fill);
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (bytes && aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        std::vector<int64_t> st(shape.size(), 1);
        for (int64_t d = (int64_t)shape.size() - 2; d >= 0; d--) st[d] = st[d + 1] * shape[d + 1];
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(),
                            dev);
        return t != nullptr;
    }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(bytes + 1);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        h.resize(bytes);
        return h;
    }
};

// Reference of one call: rows x n, x = x1 (+ x2) in the inputs' dtype, the norm in double,
// y rounded to xd, then the MX codes / scales / rstd.
struct MxRef {
    std::vector<double> xsum, rstd;
    std::vector<unsigned> codes, scales; // codes per element, scales [rows, nb2 * 2]
};

static inline MxRef MxReference(aclDataType xd, aclDataType yd, int64_t rows, int64_t n, const std::vector<double> &x1,
                                const std::vector<double> *x2, const std::vector<double> &g,
                                const std::vector<double> *b, double eps, int alg, int rm)
{
    MxRef r;
    int64_t nb = (n + 31) / 32, nb2 = (nb + 1) / 2;
    r.xsum.resize((size_t)(rows * n));
    r.rstd.resize((size_t)rows);
    r.codes.resize((size_t)(rows * n));
    r.scales.assign((size_t)(rows * nb2 * 2), 0);
    std::vector<double> y((size_t)n);
    for (int64_t i = 0; i < rows; i++) {
        double ss = 0;
        for (int64_t j = 0; j < n; j++) {
            size_t k = (size_t)(i * n + j);
            double v = x1[k] + (x2 ? (*x2)[k] : 0.0);
            r.xsum[k] = Quant(xd, v);
            ss += v * v;
        }
        double rs = 1.0 / std::sqrt(ss / (double)n + (double)(float)eps);
        r.rstd[(size_t)i] = rs;
        for (int64_t j = 0; j < n; j++) {
            size_t k = (size_t)(i * n + j);
            double v = x1[k] + (x2 ? (*x2)[k] : 0.0);
            y[(size_t)j] = Quant(xd, v * rs * g[(size_t)j] + (b ? (*b)[(size_t)j] : 0.0));
        }
        for (int64_t blk = 0; blk < nb; blk++) {
            int64_t j0 = blk * 32, len = std::min<int64_t>(32, n - j0);
            unsigned sc = MxScaleCode(yd, &y[(size_t)j0], len, alg);
            r.scales[(size_t)(i * nb2 * 2 + blk)] = sc;
            double mul = sc == 0 ? 0.0 : std::ldexp(1.0, 127 - (int)sc);
            for (int64_t j = j0; j < j0 + len; j++) r.codes[(size_t)(i * n + j)] = MxCast(yd, y[(size_t)j] * mul, rm);
        }
    }
    return r;
}

// The codes of a y buffer (FP4: two per byte, the even element in the low nibble).
static inline std::vector<unsigned> MxCodes(aclDataType yd, const std::vector<unsigned char> &raw, int64_t numel)
{
    std::vector<unsigned> c((size_t)numel);
    for (int64_t i = 0; i < numel; i++)
        c[(size_t)i] = MxFp4(yd) ? (raw[(size_t)(i / 2)] >> (4 * (i % 2))) & 0xf : raw[(size_t)i];
    return c;
}

// Codes must match for >= 99% of the elements and the rest be grid neighbours of the reference
// (a value rounded to x's dtype from FP32 instead of double may cross a rounding boundary).
static inline void MxExpectCodes(const std::string &what, aclDataType yd, const std::vector<unsigned> &got,
                                 const std::vector<unsigned> &want)
{
    size_t diff = 0, far = 0, first = 0;
    for (size_t i = 0; i < want.size(); i++) {
        if (got[i] == want[i] || (MxValue(yd, got[i]) == 0 && MxValue(yd, want[i]) == 0)) continue;
        if (!diff) first = i;
        diff++;
        unsigned sb = MxSignBit(yd);
        long gi = (long)(got[i] & (sb - 1)) * ((got[i] & sb) ? -1 : 1);
        long wi = (long)(want[i] & (sb - 1)) * ((want[i] & sb) ? -1 : 1);
        if (std::labs(gi - wi) > 1) far++;
    }
    EXPECT(diff * 100 <= want.size() && far == 0, "%s: %zu of %zu codes differ, %zu not neighbours (first at %zu: "
           "0x%x, expected 0x%x)", what.c_str(), diff, want.size(), far, first, diff ? got[first] : 0,
           diff ? want[first] : 0);
}

#endif
