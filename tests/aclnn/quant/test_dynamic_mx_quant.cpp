// aclnnDynamicMxQuant / V2 / V3, aclnnDynamicMxQuantWithDualAxis / V2, aclnnGroupedDynamicMxQuant / V2
// and aclnnAntiMxQuant (950 only) bit-exact against a reference written here:
//  - the element codecs are exhaustive tables: the 256 FP8 codes and the 16 FP4 codes decoded from
//    their bit fields, an encode picks the nearest table value (rint: ties to the even code, round:
//    ties away from zero, floor: the largest value not above), saturating at the largest finite;
//  - the shared scale from frexp in double: OCP (scaleAlg 0) floor(log2 amax) + 127 - emax, at
//    least 0, multiplier 0 for code 0; cuBLAS (scaleAlg 1) the FP32 product amax * fp32(1 / DMAX)
//    rounded up to a power of two; the range rule of scaleAlg 2 (bump the exponent when amax's
//    BF16 value / 2^E exceeds dstTypeMax / 4); any non-finite element -> 0xFF.
// Shapes: tail and non-tail axis, an odd block count (pad 0), a partial block, strided and
// transposed x, every x dtype x every target, the FP4 round modes, V2 dstTypeMax, V3 maxLowBound,
// empty x, the official example's values, AntiMxQuant (every code of every element type times
// E8M0 scales incl. 0, 254 and NaN, to every y dtype, y strided, FP16 saturation, a round trip of
// DynamicMxQuant's output), the validation paths (161001 / 161002 / 561002) and
// 361001 on the 910B / 310P.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_anti_mx_quant.h"
#include "aclnnop/aclnn_dynamic_mx_quant.h"
#include "aclnnop/aclnn_dynamic_mx_quant_with_dual_axis.h"
#include "aclnnop/aclnn_grouped_dynamic_mx_quant.h"
#include "aclnnop/aclnn_grouped_dynamic_mx_quant_v2.h"
#include "aclnnop/aclnn_dynamic_mx_quant_with_dual_axis_v2.h"
#include "aclnnop/aclnn_dynamic_mx_quant_v2.h"
#include "aclnnop/aclnn_dynamic_mx_quant_v3.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002;

// ---- reference codecs ---------------------------------------------------------------------------
struct Table {
    std::vector<double> val; // value of each code (NaN for NaN codes)
    uint32_t sign;           // sign bit
    double maxv;
};

static Table MakeTable(aclDataType yd)
{
    Table t;
    int eb, mb, bias, nbits;
    bool ieee_inf = false, fn = false;
    switch (yd) {
    case ACL_FLOAT8_E4M3FN: eb = 4; mb = 3; bias = 7; nbits = 8; fn = true; break;
    case ACL_FLOAT8_E5M2: eb = 5; mb = 2; bias = 15; nbits = 8; ieee_inf = true; break;
    case ACL_FLOAT4_E2M1: eb = 2; mb = 1; bias = 1; nbits = 4; break;
    default: eb = 1; mb = 2; bias = 1; nbits = 4; break; // E1M2
    }
    t.sign = 1u << (nbits - 1);
    t.maxv = 0;
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

enum { R_RINT, R_ROUND, R_FLOOR };

static uint32_t RefEncode(const Table &t, double v, int mode, bool fp4)
{
    uint32_t s = std::signbit(v) ? t.sign : 0;
    if (std::isnan(v)) return fp4 ? 0 : (s | (t.sign - 1)); // FP8: the NaN code; FP4: 0
    if (v > t.maxv) v = t.maxv;
    if (v < -t.maxv) v = -t.maxv;
    if (v == 0) return s; // signed zero kept
    uint32_t best = 0;
    double bd = INFINITY;
    for (uint32_t c = 0; c < t.val.size(); c++) {
        double w = t.val[c];
        if (!std::isfinite(w) || (w != 0 && std::signbit(w) != std::signbit(v))) continue;
        if (w == 0 && (c & t.sign) != s) continue;
        if (mode == R_FLOOR) {
            if (w <= v && (bd == INFINITY || w > t.val[best])) { best = c; bd = 0; }
            continue;
        }
        double d = std::fabs(w - v);
        bool tie = d == bd;
        if (d < bd || (tie && mode == R_RINT && (c & 1) == 0) ||
            (tie && mode == R_ROUND && std::fabs(w) > std::fabs(t.val[best]))) {
            bd = d;
            best = c;
        }
    }
    return best;
}

// ---- reference scale ----------------------------------------------------------------------------
static int Emax(aclDataType yd)
{
    return yd == ACL_FLOAT4_E2M1 ? 2 : yd == ACL_FLOAT4_E1M2 ? 0 : yd == ACL_FLOAT8_E4M3FN ? 8 : 15;
}

// biased FP32 exponent of a positive finite double that is an FP32 value (0 for subnormals)
static int BiasedExp(double a)
{
    if (a < std::ldexp(1.0, -126)) return 0;
    int e;
    std::frexp(a, &e);
    return e - 1 + 127;
}

struct Scale { uint32_t code; double mul; };

static Scale RefScale(const std::vector<double> &blk, aclDataType yd, int alg, float dmax, float low)
{
    double amax = 0;
    for (double v : blk) {
        if (!std::isfinite(v)) return {0xff, NAN};
        amax = std::fmax(amax, std::fabs(v));
    }
    bool cublas = alg == 1 || (alg == 2 && !(dmax == 0 || dmax == 6 || dmax == 7));
    if (cublas) {
        if (amax == 0) return {0, 0.0};
        float inv = alg == 1 ? (float)(1.0 / (yd == ACL_FLOAT8_E4M3FN ? 448.0 : 57344.0)) : (float)(1.0 / dmax);
        double m = alg == 1 ? std::fmax(amax, (double)low) : amax;
        float S = (float)((double)(float)m * (double)inv);
        uint32_t code;
        if (S >= std::ldexp(1.0, -126)) {
            int e;
            double fr = std::frexp((double)S, &e); // S = fr * 2^e, fr in [0.5, 1)
            code = (uint32_t)(e - 1 + 127);
            if (fr != 0.5 && code < 254) code++;
        } else {
            double m149 = std::ldexp((double)S, 149); // the subnormal mantissa
            code = (alg == 1 && m149 > (double)(1u << 22)) ? 1 : 0;
        }
        return {code, code >= 254 ? 0.0 : std::ldexp(1.0, 127 - (int)code)};
    }
    int E;
    if (alg == 2) {
        // amax to BF16 (nearest even), then bump when its fraction exceeds dstTypeMax / 4 - 1
        double bf = amax;
        if (amax > 0) {
            int e;
            double fr = std::frexp(amax, &e);
            bf = std::ldexp(std::nearbyint(std::ldexp(fr, 8)), e - 8);
        }
        E = BiasedExp(bf);
        if (E >= 2 && bf > 0) {
            double frac = bf / std::ldexp(1.0, E - 127);
            if (frac > (dmax == 7.0f ? 1.75 : 1.5)) E++;
        }
    } else {
        E = BiasedExp(amax);
    }
    int code = E > Emax(yd) ? E - Emax(yd) : 0;
    return {(uint32_t)code, code == 0 ? 0.0 : std::ldexp(1.0, 127 - code)};
}

// ---- device buffers of raw bytes -------------------------------------------------------------------
struct Raw {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes;
    Raw(aclDataType dt, std::vector<int64_t> shape)
    {
        int64_t n = GetShapeSize(shape);
        bool fp4 = dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2;
        bytes = (size_t)(fp4 ? (n + 1) / 2 : n);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(bytes + 1, 0xA5);
        if (bytes) aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(), dev);
    }
    ~Raw() { aclDestroyTensor(t); aclrtFree(dev); }
    void Write(const std::vector<unsigned char> &h) const
    {
        if (bytes) aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(bytes + 1);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static const char *YName(aclDataType yd)
{
    switch (yd) {
    case ACL_FLOAT8_E4M3FN: return "e4m3";
    case ACL_FLOAT8_E5M2: return "e5m2";
    case ACL_FLOAT4_E2M1: return "e2m1";
    default: return "e1m2";
    }
}

struct Case {
    aclDataType xd, yd;
    std::vector<int64_t> shape;
    int64_t axis = -1, bs = 32, alg = 0;
    const char *round = "rint";
    Layout lay = CONTIG;
    int version = 1;
    float dmax = 0, low = 0;
    uint64_t seed = 1;
    Case(aclDataType x, aclDataType y, std::vector<int64_t> s) : xd(x), yd(y), shape(s) {}
};

// x values with a block-varying magnitude, FP4 tie points and special values
static std::vector<double> MakeX(const Case &c, int64_t n)
{
    std::vector<double> v = RandomValues((size_t)n, c.seed, 1.0);
    for (int64_t i = 0; i < n; i++) {
        int k = (int)((i / 7) % 23) - 11;
        v[(size_t)i] *= std::ldexp(6.0, k);
        if (i % 11 == 3) v[(size_t)i] = std::ldexp((i % 2 ? -1.0 : 1.0) * (1.25 + 0.25 * (double)(i % 4)), k);
    }
    const double sp[] = {-0.0, 0.0, 1e-30, -3.0, 2.5, 0.75, 0.375, -5.0};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0] && i < (size_t)n; i++) v[i * 13 % (size_t)n] = sp[i];
    if (c.xd == ACL_FLOAT16)
        for (double &x : v) if (std::fabs(x) > 60000) x = x > 0 ? 60000 : -60000;
    return v;
}

static std::vector<int64_t> ScaleShape(std::vector<int64_t> shape, int64_t ax, int64_t bs)
{
    shape[(size_t)ax] = ((shape[(size_t)ax] + bs - 1) / bs + 1) / 2;
    shape.push_back(2);
    return shape;
}

// y / scale bytes of x (values xq) quantized along dim ax as case c asks, against the reference
static void CheckMx(const Case &c, int64_t ax, const std::vector<double> &xq, const std::vector<unsigned char> &yh,
                    const std::vector<unsigned char> &sh, const char *what)
{
    int nd = (int)c.shape.size();
    int64_t L = c.shape[(size_t)ax], pre = 1, post = 1;
    for (int i = 0; i < ax; i++) pre *= c.shape[(size_t)i];
    for (int i = (int)ax + 1; i < nd; i++) post *= c.shape[(size_t)i];
    int64_t nb = (L + c.bs - 1) / c.bs, nb2 = (nb + 1) / 2;
    bool fp4 = c.yd == ACL_FLOAT4_E2M1 || c.yd == ACL_FLOAT4_E1M2;
    Table tab = MakeTable(c.yd);
    int mode = !strcmp(c.round, "round") ? R_ROUND : !strcmp(c.round, "floor") ? R_FLOOR : R_RINT;
    size_t bad = 0, sbad = 0;
    for (int64_t p = 0; p < pre; p++)
        for (int64_t q = 0; q < post; q++)
            for (int64_t b = 0; b < nb2 * 2; b++) {
                int64_t sidx = ((p * nb2 + b / 2) * post + q) * 2 + b % 2;
                if (b >= nb) {
                    if (sh[(size_t)sidx] != 0) sbad++;
                    continue;
                }
                std::vector<double> blk;
                for (int64_t l = b * c.bs; l < L && l < (b + 1) * c.bs; l++) blk.push_back(xq[(size_t)((p * L + l) * post + q)]);
                Scale sc = RefScale(blk, c.yd, (int)c.alg, c.dmax, c.low);
                if (sh[(size_t)sidx] != sc.code) {
                    if (sbad < 5) LOG_PRINT("  %s: scale [%lld,%lld,%lld] got %u want %u\n", what, (long long)p,
                                            (long long)b, (long long)q, sh[(size_t)sidx], sc.code);
                    sbad++;
                }
                for (size_t i = 0; i < blk.size(); i++) {
                    int64_t e = (p * L + b * c.bs + (int64_t)i) * post + q;
                    uint32_t got = fp4 ? (yh[(size_t)(e >> 1)] >> ((e & 1) * 4)) & 0xf : yh[(size_t)e];
                    uint32_t want = RefEncode(tab, blk[i] * sc.mul, mode, fp4);
                    if (sc.code == 0xff) continue; // the NaN block: codes of NaN not asserted
                    if (got != want) {
                        if (bad < 5) LOG_PRINT("  %s: y[%lld] x %.9g (scale %u) got 0x%x want 0x%x\n", what, (long long)e,
                                               blk[i], sc.code, got, want);
                        bad++;
                    }
                }
            }
    EXPECT(bad == 0 && sbad == 0, "%s: %zu codes, %zu scales differ", what, bad, sbad);
}

static void RunCase(const Case &c, std::vector<double> xv = {})
{
    int64_t n = GetShapeSize(c.shape);
    int nd = (int)c.shape.size();
    int64_t ax = c.axis < 0 ? c.axis + nd : c.axis;
    if (xv.empty()) xv = MakeX(c, n);
    DevTensor x;
    x.Init(c.xd, c.shape, xv, c.lay);
    std::vector<double> xq = QuantAll(c.xd, xv);
    Raw y(c.yd, c.shape), s(ACL_FLOAT8_E8M0, ScaleShape(c.shape, ax, c.bs));
    char *rm = const_cast<char *>(c.round);
    int rc;
    if (c.version == 3)
        rc = Run("DynamicMxQuantV3", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnDynamicMxQuantV3GetWorkspaceSize(x.t, c.axis, rm, c.yd, c.bs, c.alg, c.dmax, c.low,
                                                                  y.t, s.t, ws, ex);
                 },
                 aclnnDynamicMxQuantV3);
    else if (c.version == 2)
        rc = Run("DynamicMxQuantV2", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnDynamicMxQuantV2GetWorkspaceSize(x.t, c.axis, rm, c.yd, c.bs, c.alg, c.dmax, y.t, s.t,
                                                                  ws, ex);
                 },
                 aclnnDynamicMxQuantV2);
    else
        rc = Run("DynamicMxQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnDynamicMxQuantGetWorkspaceSize(x.t, c.axis, rm, c.yd, c.bs, c.alg, y.t, s.t, ws, ex);
                 },
                 aclnnDynamicMxQuant);
    char what[200];
    snprintf(what, sizeof what, "DynamicMxQuantV%d %s->%s axis %lld bs %lld alg %lld %s dmax %g low %g%s", c.version,
             DtName(c.xd), YName(c.yd), (long long)c.axis, (long long)c.bs, (long long)c.alg, c.round, c.dmax, c.low,
             c.lay == STRIDED ? " strided" : c.lay == TRANSPOSED ? " transposed" : "");
    EXPECT(rc == 0, "%s: %d", what, rc);
    if (rc || n == 0) return;
    CheckMx(c, ax, xq, y.Read(), s.Read(), what);
}

static void TestExample()
{
    // the official example: BF16 {0, 8, 64, 512} -> E4M3 {0, 72, 96, 120}, scale {128, 0}
    Case c{ACL_BF16, ACL_FLOAT8_E4M3FN, {1, 4}};
    DevTensor x;
    x.Init(ACL_BF16, {1, 4}, {0, 8, 64, 512}, CONTIG);
    Raw y(ACL_FLOAT8_E4M3FN, {1, 4}), s(ACL_FLOAT8_E8M0, {1, 1, 2});
    char rm[] = "rint";
    int rc = Run("DynamicMxQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnDynamicMxQuantGetWorkspaceSize(x.t, -1, rm, 36, 32, 0, y.t, s.t, ws, ex);
                 },
                 aclnnDynamicMxQuant);
    EXPECT(rc == 0, "example: %d", rc);
    std::vector<unsigned char> yh = y.Read(), sh = s.Read();
    EXPECT(yh[0] == 0 && yh[1] == 72 && yh[2] == 96 && yh[3] == 120, "example y %u %u %u %u", yh[0], yh[1], yh[2], yh[3]);
    EXPECT(sh[0] == 128 && sh[1] == 0, "example scale %u %u", sh[0], sh[1]);
    (void)c;
}

static void TestSpecials()
{
    // blocks: all zero, a NaN, an Inf, FP32 subnormals, one huge
    std::vector<double> v(32 * 6, 0.0);
    for (int i = 0; i < 32; i++) {
        v[32 + i] = i * 0.1;
        v[64 + i] = -i * 0.3;
        v[96 + i] = std::ldexp(1.0 + i, -140);
        v[128 + i] = std::ldexp(1.0 + i / 64.0, 100);
        v[160 + i] = i % 2 ? -0.0 : 0.0;
    }
    v[40] = NAN;
    v[70] = -INFINITY;
    for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2}) {
        Case c{ACL_FLOAT, yd, {6, 32}};
        RunCase(c, v);
        if (yd == ACL_FLOAT8_E4M3FN || yd == ACL_FLOAT8_E5M2) {
            c.alg = 1;
            RunCase(c, v);
        }
    }
}

static void TestValidation(bool is950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xi, xf, xo, x0;
    x.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG);
    xi.Init(ACL_INT32, {4, 64}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 64}, {}, CONTIG);
    xo.Init(ACL_FLOAT16, {4, 63}, {}, CONTIG);
    x0.Init(ACL_FLOAT16, {}, {1}, CONTIG);
    Raw y(ACL_FLOAT8_E4M3FN, {4, 64}), y4(ACL_FLOAT4_E2M1, {4, 64}), y12(ACL_FLOAT4_E1M2, {4, 64}),
        yi(ACL_INT8, {4, 64}), yb(ACL_FLOAT8_E4M3FN, {4, 32}), s(ACL_FLOAT8_E8M0, {4, 1, 2}),
        sf(ACL_FLOAT, {4, 1, 2}), sb(ACL_FLOAT8_E8M0, {4, 2, 2}), sr(ACL_FLOAT8_E8M0, {4, 2}),
        yo(ACL_FLOAT4_E2M1, {4, 63}), so(ACL_FLOAT8_E8M0, {4, 1, 2}), y0(ACL_FLOAT8_E4M3FN, {}),
        s0(ACL_FLOAT8_E8M0, {2}), sx(ACL_FLOAT8_E8M0, {1, 64, 2}), s64(ACL_FLOAT8_E8M0, {4, 1, 2});
    char rint[] = "rint", round[] = "round", bad[] = "hybrid";
    auto q1 = [&](const aclTensor *a, int64_t axis, char *rm, int64_t dt, int64_t bs, int64_t alg, const aclTensor *yy,
                  const aclTensor *ss) {
        return aclnnDynamicMxQuantGetWorkspaceSize(a, axis, rm, dt, bs, alg, yy, ss, &ws, &ex);
    };
    ExpectError("null x", q1(nullptr, -1, rint, 36, 32, 0, y.t, s.t), kNull, "x");
    ExpectError("null y", q1(x.t, -1, rint, 36, 32, 0, nullptr, s.t), kNull, "yOut");
    ExpectError("null scale", q1(x.t, -1, rint, 36, 32, 0, y.t, nullptr), kNull, "mxscaleOut");
    if (!is950) {
        int rc = q1(x.t, -1, rint, 36, 32, 0, y.t, s.t);
        EXPECT(rc == 361001, "DynamicMxQuant off the 950: %d", rc);
        rc = aclnnDynamicMxQuantV3GetWorkspaceSize(x.t, -1, rint, 36, 32, 0, 0, 0, y.t, s.t, &ws, &ex);
        EXPECT(rc == 361001, "DynamicMxQuantV3 off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", q1(xi.t, -1, rint, 36, 32, 0, y.t, s.t), kInvalid, "x");
    ExpectError("y dtype", q1(x.t, -1, rint, 2, 32, 0, yi.t, s.t), kInvalid, "yOut");
    ExpectError("scale dtype", q1(x.t, -1, rint, 36, 32, 0, y.t, sf.t), kInvalid, "mxscaleOut");
    ExpectError("round mode", q1(x.t, -1, bad, 36, 32, 0, y.t, s.t), kTiling, "round_mode must be [rint, round, floor]");
    ExpectError("round fp8", q1(x.t, -1, round, 36, 32, 0, y.t, s.t), kTiling, "parameter round_mode must be rint");
    ExpectError("dstType", q1(x.t, -1, rint, 35, 32, 0, y.t, s.t), kTiling, "The dtypes of y and dst_type must be the same");
    ExpectError("bs 0", q1(x.t, -1, rint, 36, 0, 0, y.t, s.t), kTiling, "(0, 1024]");
    ExpectError("bs 2048", q1(x.t, -1, rint, 36, 2048, 0, y.t, s.t), kTiling, "(0, 1024]");
    ExpectError("bs 48", q1(x.t, -1, rint, 36, 48, 0, y.t, s.t), kTiling, "multiple of 32");
    ExpectError("bs fp32", q1(xf.t, -1, rint, 36, 64, 0, y.t, s.t), kTiling, "input x is FLOAT, parameter block_size must be 32");
    ExpectError("alg 3", q1(x.t, -1, rint, 36, 32, 3, y.t, s.t), kTiling, "scale_alg must be [0, 1, 2]");
    ExpectError("alg 1 e2m1", q1(x.t, -1, rint, 40, 32, 1, y4.t, s.t), kTiling, "FLOAT4_E2M1, parameter scale_alg must be 0 or 2");
    ExpectError("alg 2 e1m2", q1(x.t, -1, rint, 41, 32, 2, y12.t, s.t), kTiling, "scale_alg 2");
    ExpectError("alg 2 fp8", q1(x.t, -1, rint, 36, 32, 2, y.t, s.t), kTiling, "scale_alg must be 0 or 1");
    ExpectError("alg 2 bs 64", q1(x.t, -1, rint, 40, 64, 2, y4.t, s.t), kTiling, "block_size 64");
    ExpectError("dstTypeMax", aclnnDynamicMxQuantV2GetWorkspaceSize(x.t, -1, rint, 40, 32, 2, 5.0, y4.t, s.t, &ws, &ex),
                kTiling, "[6, 12] or equal to 0");
    ExpectError("dstTypeMax 13", aclnnDynamicMxQuantV2GetWorkspaceSize(x.t, -1, rint, 40, 32, 2, 13.0, y4.t, s.t, &ws, &ex),
                kTiling, "dst_type_max");
    ExpectError("maxLowBound alg 0",
                aclnnDynamicMxQuantV3GetWorkspaceSize(x.t, -1, rint, 36, 32, 0, 0, 1.0, y.t, s.t, &ws, &ex), kTiling,
                "max_low_bound must be 0 when scale_alg != 1");
    ExpectError("maxLowBound < 0",
                aclnnDynamicMxQuantV3GetWorkspaceSize(x.t, -1, rint, 36, 32, 1, 0, -1.0, y.t, s.t, &ws, &ex), kTiling,
                "max_low_bound must be non-negative");
    ExpectError("x 0-d", q1(x0.t, -1, rint, 36, 32, 0, y0.t, s0.t), kTiling, "[1, 7]");
    ExpectError("axis", q1(x.t, 2, rint, 36, 32, 0, y.t, s.t), kTiling, "axis must be within the range [-2, 1]");
    ExpectError("axis neg", q1(x.t, -3, rint, 36, 32, 0, y.t, s.t), kTiling, "[-2, 1]");
    ExpectError("fp4 odd tail", q1(xo.t, -1, rint, 40, 32, 0, yo.t, so.t), kTiling, "tail axis of x must be an even number");
    ExpectError("y shape", q1(x.t, -1, rint, 36, 32, 0, yb.t, s.t), kTiling, "The shapes of x and y must be the same");
    ExpectError("scale rank", q1(x.t, -1, rint, 36, 32, 0, y.t, sr.t), kTiling, "plus 1");
    ExpectError("scale shape", q1(x.t, -1, rint, 36, 32, 0, y.t, sb.t), kTiling, "[4, 1, 2]");
    ExpectError("scale shape axis 0", q1(x.t, 0, rint, 36, 32, 0, y.t, s64.t), kTiling, "[1, 64, 2]");
    // null round mode = rint; accepted
    int rc = q1(x.t, -1, nullptr, 36, 32, 0, y.t, s.t);
    EXPECT(rc == 0, "roundMode nullptr: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex); // never run
    rc = q1(x.t, 0, rint, 36, 32, 0, y.t, sx.t);
    EXPECT(rc == 0, "axis 0: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
}

// ---- AntiMxQuant ----------------------------------------------------------------------------------
static double RefDequant(const Table &t, uint32_t code, uint32_t sc, aclDataType yd)
{
    // the product is an FP32 one (past FLT_MAX: inf, which the cast keeps); a finite value past y's
    // range saturates
    double v = (float)(t.val[code] * (sc == 0xff ? NAN : std::ldexp(1.0, (int)sc - 127)));
    double lim = yd == ACL_FLOAT16 ? 65504.0 : yd == ACL_BF16 ? 3.3895313892515355e38 : INFINITY;
    if (std::isfinite(v) && std::fabs(v) > lim) v = v > 0 ? lim : -lim;
    return Quant(yd, v);
}

static bool SameValue(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

static void RunAnti(aclDataType xd, aclDataType yd, std::vector<int64_t> shape, Layout ylay, uint64_t seed)
{
    int64_t n = GetShapeSize(shape), cols = shape.back(), rows = n / cols;
    int64_t nb = (cols + 31) / 32, nb2 = (nb + 1) / 2;
    bool fp4 = xd == ACL_FLOAT4_E2M1 || xd == ACL_FLOAT4_E1M2;
    Table tab = MakeTable(xd);
    Lcg rng(seed);
    std::vector<uint32_t> codes((size_t)n);
    for (int64_t i = 0; i < n; i++) codes[(size_t)i] = (uint32_t)(i % (int64_t)tab.val.size()); // every code
    for (int64_t i = 0; i < n; i += 3) codes[(size_t)i] = (uint32_t)((rng.value() + 1.0) * 128.0) % tab.val.size();
    std::vector<int64_t> sshape = shape;
    sshape.back() = nb2;
    sshape.push_back(2);
    int64_t ns = GetShapeSize(sshape);
    std::vector<unsigned char> sc((size_t)ns + 1);
    for (int64_t i = 0; i < ns; i++) sc[(size_t)i] = (unsigned char)(117 + (i * 7) % 20);
    const unsigned char special[] = {0, 254, 255, 127, 137};
    for (size_t i = 0; i < sizeof special && (int64_t)i < ns; i++) sc[(size_t)(i * 3 % ns)] = special[i];
    Raw x(xd, shape), s(ACL_FLOAT8_E8M0, sshape);
    std::vector<unsigned char> xb(x.bytes + 1, 0);
    for (int64_t i = 0; i < n; i++) {
        if (fp4) xb[(size_t)(i >> 1)] |= (unsigned char)(codes[(size_t)i] << ((i & 1) * 4));
        else xb[(size_t)i] = (unsigned char)codes[(size_t)i];
    }
    x.Write(xb);
    s.Write(sc);
    DevTensor y;
    y.Init(yd, shape, {}, ylay);
    int rc = Run("AntiMxQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnAntiMxQuantGetWorkspaceSize(x.t, s.t, -1, yd, y.t, ws, ex);
                 },
                 aclnnAntiMxQuant);
    char what[120];
    snprintf(what, sizeof what, "AntiMxQuant %s->%s %s", YName(xd), DtName(yd), ylay == STRIDED ? "y strided" : "");
    EXPECT(rc == 0, "%s: %d", what, rc);
    if (rc) return;
    std::vector<double> got = y.Read();
    size_t bad = 0;
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) {
            int64_t i = r * cols + c, b = c / 32;
            double want = RefDequant(tab, codes[(size_t)i], sc[(size_t)((r * nb2 + b / 2) * 2 + b % 2)], yd);
            if (!SameValue(got[(size_t)i], want)) {
                if (bad < 5) LOG_PRINT("  %s[%lld]: code 0x%x got %g want %g\n", what, (long long)i, codes[(size_t)i],
                                       got[(size_t)i], want);
                bad++;
            }
        }
    EXPECT(bad == 0, "%s: %zu of %lld differ", what, bad, (long long)n);
    if (ylay == STRIDED) EXPECT(y.CountClobbered() == 0, "%s: wrote outside the view", what);
}

// DynamicMxQuant then AntiMxQuant: every element comes back as its code's value times the scale
static void TestRoundTrip()
{
    for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT4_E2M1}) {
        std::vector<double> xv = QuantAll(ACL_FLOAT, RandomValues(4 * 96, 77, 10.0));
        DevTensor x, back;
        x.Init(ACL_FLOAT, {4, 96}, xv, CONTIG);
        back.Init(ACL_FLOAT, {4, 96}, {}, CONTIG);
        Raw y(yd, {4, 96}), s(ACL_FLOAT8_E8M0, {4, 2, 2});
        char rm[] = "rint";
        int rc = Run("DynamicMxQuant", g_stream,
                     [&](uint64_t *ws, aclOpExecutor **ex) {
                         return aclnnDynamicMxQuantGetWorkspaceSize(x.t, -1, rm, yd, 32, 0, y.t, s.t, ws, ex);
                     },
                     aclnnDynamicMxQuant);
        EXPECT(rc == 0, "round trip quant: %d", rc);
        rc = Run("AntiMxQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnAntiMxQuantGetWorkspaceSize(y.t, s.t, -1, ACL_FLOAT, back.t, ws, ex);
                 },
                 aclnnAntiMxQuant);
        EXPECT(rc == 0, "round trip dequant: %d", rc);
        std::vector<double> got = back.Read();
        size_t bad = 0;
        for (int r = 0; r < 4; r++)
            for (int b = 0; b < 3; b++) {
                std::vector<double> blk(xv.begin() + r * 96 + b * 32, xv.begin() + r * 96 + b * 32 + 32);
                Scale sc = RefScale(blk, yd, 0, 0, 0);
                double step = 1.0 / sc.mul;
                for (int i = 0; i < 32; i++) {
                    double want = MakeTable(yd).val[RefEncode(MakeTable(yd), blk[(size_t)i] * sc.mul, R_RINT,
                                                              yd == ACL_FLOAT4_E2M1)] * step;
                    if (got[(size_t)(r * 96 + b * 32 + i)] != want) bad++;
                }
            }
        EXPECT(bad == 0, "round trip %s: %zu differ", YName(yd), bad);
    }
}

static void TestAntiValidation(bool is950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    Raw x(ACL_FLOAT8_E4M3FN, {4, 64}), x4(ACL_FLOAT4_E2M1, {4, 64}), xo(ACL_FLOAT4_E2M1, {4, 63}),
        xi(ACL_INT8, {4, 64}), s(ACL_FLOAT8_E8M0, {4, 1, 2}), sf(ACL_FLOAT, {4, 1, 2}), s1(ACL_FLOAT8_E8M0, {4}),
        s9(ACL_FLOAT8_E8M0, {1, 1, 1, 1, 1, 1, 1, 1, 1}), sr(ACL_FLOAT8_E8M0, {4, 1, 1, 2}),
        sb(ACL_FLOAT8_E8M0, {4, 2, 2}), s0(ACL_FLOAT8_E8M0, {0, 1, 2}), x0(ACL_FLOAT8_E4M3FN, {0, 64}),
        sa(ACL_FLOAT8_E8M0, {2, 64, 2}), x8(ACL_FLOAT8_E4M3FN, {1, 1, 1, 1, 1, 1, 1, 1}),
        s8(ACL_FLOAT8_E8M0, {1, 1, 1, 1, 1, 1, 1, 1, 2});
    DevTensor y, yh, yi, y3, yb, y0, y8;
    y.Init(ACL_FLOAT, {4, 64}, {}, CONTIG);
    yh.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG);
    yi.Init(ACL_INT32, {4, 64}, {}, CONTIG);
    y3.Init(ACL_FLOAT, {4, 64, 1}, {}, CONTIG);
    yb.Init(ACL_FLOAT, {4, 32}, {}, CONTIG);
    y0.Init(ACL_FLOAT, {0, 64}, {}, CONTIG);
    y8.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG);
    auto aq = [&](const aclTensor *a, const aclTensor *b, int64_t axis, int64_t dt, const aclTensor *c) {
        return aclnnAntiMxQuantGetWorkspaceSize(a, b, axis, dt, c, &ws, &ex);
    };
    ExpectError("null x", aq(nullptr, s.t, -1, 0, y.t), kNull, "x");
    ExpectError("null mxscale", aq(x.t, nullptr, -1, 0, y.t), kNull, "mxscale");
    ExpectError("null y", aq(x.t, s.t, -1, 0, nullptr), kNull, "y");
    if (!is950) {
        int rc = aq(x.t, s.t, -1, 0, y.t);
        EXPECT(rc == 361001, "AntiMxQuant off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", aq(xi.t, s.t, -1, 0, y.t), kInvalid, "x");
    ExpectError("mxscale dtype", aq(x.t, sf.t, -1, 0, y.t), kInvalid, "mxscale");
    ExpectError("y dtype", aq(x.t, s.t, -1, 3, yi.t), kInvalid, "y");
    ExpectError("dstType", aq(x.t, s.t, -1, 1, y.t), kInvalid, "out(y) data type must be the same as dstType");
    ExpectError("y rank", aq(x.t, s.t, -1, 0, y3.t), kInvalid, "dim num of x and y should be same. x:2, y:3.");
    ExpectError("x rank 8", aq(x8.t, s8.t, -1, 0, y8.t), kInvalid, "x");
    ExpectError("mxscale rank 1", aq(x.t, s1.t, -1, 0, y.t), kInvalid, "mxscale dim num must be in [2, 8], but got 1");
    ExpectError("mxscale rank 9", aq(x.t, s9.t, -1, 0, y.t), kInvalid, "but got 9");
    ExpectError("mxscale rank x+1", aq(x.t, sr.t, -1, 0, y.t), kInvalid, "mxscale dim num must be x dim num + 1");
    ExpectError("axis", aq(x.t, s.t, 2, 0, y.t), kInvalid, "axis is out of range. axis:2, x dim num:2.");
    ExpectError("axis neg", aq(x.t, s.t, -3, 0, y.t), kInvalid, "axis is out of range");
    // FP4 x with a non-contiguous view
    int64_t shp[2] = {4, 64}, st[2] = {1, 4}, stor = 256;
    aclTensor *xn = aclCreateTensor(shp, 2, ACL_FLOAT4_E2M1, st, 0, ACL_FORMAT_ND, &stor, 1, x4.dev);
    ExpectError("fp4 strided", aq(xn, s.t, -1, 0, y.t), kInvalid, "When the data type of x is float4, it must be contiguous");
    aclDestroyTensor(xn);
    DevTensor yo;
    yo.Init(ACL_FLOAT, {4, 63}, {}, CONTIG);
    ExpectError("fp4 odd", aq(xo.t, s.t, -1, 0, yo.t), kTiling, "For FP4 input, the last dimension (colNum=63) must be even.");
    ExpectError("axis 0", aq(x.t, sa.t, 0, 0, y.t), kTiling, "the axis only supports the tail axis");
    ExpectError("y shape", aq(x.t, s.t, -1, 0, yb.t), kTiling, "The shape of output y must be same with shape of input x");
    ExpectError("mxscale shape", aq(x.t, sb.t, -1, 0, y.t), kTiling, "expected shape is [4, 1, 2]");
    int rc = aq(x0.t, s0.t, -1, 0, y0.t);
    EXPECT(rc == 0, "AntiMxQuant empty: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    rc = aq(x.t, s.t, -1, 0, y.t);
    EXPECT(rc == 0, "AntiMxQuant valid: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    (void)yh;
}

// DynamicMxQuantWithDualAxis (V2): the last axis into y1 / mxscale1, the second-to-last into y2 / mxscale2
static void RunDual(Case c)
{
    int64_t n = GetShapeSize(c.shape);
    int nd = (int)c.shape.size();
    std::vector<double> xv = MakeX(c, n);
    DevTensor x;
    x.Init(c.xd, c.shape, xv, c.lay);
    std::vector<double> xq = QuantAll(c.xd, xv);
    Raw y1(c.yd, c.shape), s1(ACL_FLOAT8_E8M0, ScaleShape(c.shape, nd - 1, 32)), y2(c.yd, c.shape),
        s2(ACL_FLOAT8_E8M0, ScaleShape(c.shape, nd - 2, 32));
    char *rm = const_cast<char *>(c.round);
    int rc = c.version == 2
                 ? Run("DynamicMxQuantWithDualAxisV2", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnDynamicMxQuantWithDualAxisV2GetWorkspaceSize(x.t, rm, c.yd, c.alg, c.dmax, y1.t,
                                                                                    s1.t, y2.t, s2.t, ws, ex);
                       },
                       aclnnDynamicMxQuantWithDualAxisV2)
                 : Run("DynamicMxQuantWithDualAxis", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnDynamicMxQuantWithDualAxisGetWorkspaceSize(x.t, rm, c.yd, c.alg, y1.t, s1.t, y2.t,
                                                                                  s2.t, ws, ex);
                       },
                       aclnnDynamicMxQuantWithDualAxis);
    char what[200];
    snprintf(what, sizeof what, "DualAxisV%d %s->%s alg %lld %s dmax %g%s", c.version, DtName(c.xd), YName(c.yd),
             (long long)c.alg, c.round, c.dmax, c.lay == STRIDED ? " strided" : c.lay == TRANSPOSED ? " transposed" : "");
    EXPECT(rc == 0, "%s: %d", what, rc);
    if (rc || n == 0) return;
    c.bs = 32;
    std::string w1 = std::string(what) + " axis -1", w2 = std::string(what) + " axis -2";
    CheckMx(c, nd - 1, xq, y1.Read(), s1.Read(), w1.c_str());
    CheckMx(c, nd - 2, xq, y2.Read(), s2.Read(), w2.c_str());
}

static void TestDualValidation(bool is950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, x1, xo;
    x.Init(ACL_BF16, {64, 64}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {64, 64}, {}, CONTIG);
    x1.Init(ACL_BF16, {64}, {}, CONTIG);
    xo.Init(ACL_BF16, {64, 63}, {}, CONTIG);
    Raw y(ACL_FLOAT8_E4M3FN, {64, 64}), y5(ACL_FLOAT8_E5M2, {64, 64}), y4(ACL_FLOAT4_E2M1, {64, 64}),
        y12(ACL_FLOAT4_E1M2, {64, 64}), yb(ACL_FLOAT8_E4M3FN, {64, 32}), s1(ACL_FLOAT8_E8M0, {64, 1, 2}),
        s2(ACL_FLOAT8_E8M0, {1, 64, 2}), sb(ACL_FLOAT8_E8M0, {64, 2, 2}), y1d(ACL_FLOAT8_E4M3FN, {64}),
        s1d(ACL_FLOAT8_E8M0, {1, 2}), yo(ACL_FLOAT4_E2M1, {64, 63}), so1(ACL_FLOAT8_E8M0, {64, 1, 2}),
        so2(ACL_FLOAT8_E8M0, {1, 63, 2});
    char rint[] = "rint", round[] = "round", bad[] = "ceil";
    auto dq = [&](const aclTensor *a, char *rm, int64_t dt, int64_t alg, const aclTensor *ya, const aclTensor *sa,
                  const aclTensor *yb2, const aclTensor *sb2) {
        return aclnnDynamicMxQuantWithDualAxisGetWorkspaceSize(a, rm, dt, alg, ya, sa, yb2, sb2, &ws, &ex);
    };
    ExpectError("dual null x", dq(nullptr, rint, 36, 0, y.t, s1.t, y.t, s2.t), kNull, "x");
    ExpectError("dual null y2", dq(x.t, rint, 36, 0, y.t, s1.t, nullptr, s2.t), kNull, "y2Out");
    ExpectError("dual null scale2", dq(x.t, rint, 36, 0, y.t, s1.t, y.t, nullptr), kNull, "mxscale2Out");
    if (!is950) {
        int rc = dq(x.t, rint, 36, 0, y.t, s1.t, y.t, s2.t);
        EXPECT(rc == 361001, "DualAxis off the 950: %d", rc);
        return;
    }
    ExpectError("dual x fp32", dq(xf.t, rint, 36, 0, y.t, s1.t, y.t, s2.t), kInvalid, "x");
    ExpectError("dual y2 dtype", dq(x.t, rint, 36, 0, y.t, s1.t, y5.t, s2.t), kInvalid, "y2Out");
    ExpectError("dual round", dq(x.t, bad, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "must be rint, floor, or round");
    ExpectError("dual round fp8", dq(x.t, round, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "parameter round_mode must be rint");
    ExpectError("dual dstType", dq(x.t, rint, 35, 0, y.t, s1.t, y.t, s2.t), kTiling, "The dtypes of y and dst_type must be the same");
    ExpectError("dual alg", dq(x.t, rint, 36, 3, y.t, s1.t, y.t, s2.t), kTiling, "must be 0, 1, or 2");
    ExpectError("dual alg e2m1", dq(x.t, rint, 40, 1, y4.t, s1.t, y4.t, s2.t), kTiling, "FLOAT4_E2M1, parameter scale_alg must be 0 or 2");
    ExpectError("dual alg e1m2", dq(x.t, rint, 41, 2, y12.t, s1.t, y12.t, s2.t), kTiling, "FLOAT4_E1M2, parameter scale_alg must be 0");
    ExpectError("dual alg fp8", dq(x.t, rint, 36, 2, y.t, s1.t, y.t, s2.t), kTiling, "parameter scale_alg must be 0 or 1");
    ExpectError("dual dstTypeMax",
                aclnnDynamicMxQuantWithDualAxisV2GetWorkspaceSize(x.t, rint, 40, 2, 13.0, y4.t, s1.t, y4.t, s2.t, &ws, &ex),
                kTiling, "must be 0 or in the range [6, 12]");
    ExpectError("dual x 1-d", dq(x1.t, rint, 36, 0, y1d.t, s1d.t, y1d.t, s1d.t), kTiling, "greater than or equal to 2");
    ExpectError("dual fp4 odd", dq(xo.t, rint, 40, 0, yo.t, so1.t, yo.t, so2.t), kTiling, "tail axis of x must be an even number");
    ExpectError("dual y shape", dq(x.t, rint, 36, 0, y.t, s1.t, yb.t, s2.t), kTiling, "The shapes of x, y1, and y2 must be the same");
    ExpectError("dual scale1", dq(x.t, rint, 36, 0, y.t, sb.t, y.t, s2.t), kTiling, "The shape of mxscale1");
    ExpectError("dual scale2", dq(x.t, rint, 36, 0, y.t, s1.t, y.t, s1.t), kTiling, "The shape of mxscale2");
    int rc = dq(x.t, nullptr, 36, 0, y.t, s1.t, y.t, s2.t);
    EXPECT(rc == 0, "dual valid: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
}

// GroupedDynamicMxQuant (V2): rows of x grouped by cumulative ends, each group along its rows
static void RunGrouped(Case c, std::vector<int32_t> ends)
{
    int64_t M = c.shape[0], N = c.shape[1], G = (int64_t)ends.size();
    std::vector<double> xv = MakeX(c, M * N);
    DevTensor x, gi;
    x.Init(c.xd, c.shape, xv, c.lay);
    std::vector<double> gv(ends.begin(), ends.end());
    gi.Init(ACL_INT32, {G}, gv, CONTIG);
    std::vector<double> xq = QuantAll(c.xd, xv);
    int64_t SR = M / 64 + G;
    Raw y(c.yd, c.shape), s(ACL_FLOAT8_E8M0, {SR, N, 2});
    std::vector<unsigned char> junk(s.bytes + 1, 0x5a);
    s.Write(junk);
    int rc = c.version == 2
                 ? Run("GroupedDynamicMxQuantV2", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnGroupedDynamicMxQuantV2GetWorkspaceSize(x.t, gi.t, c.round, c.yd, 32, c.alg,
                                                                               c.dmax, y.t, s.t, ws, ex);
                       },
                       aclnnGroupedDynamicMxQuantV2)
                 : Run("GroupedDynamicMxQuant", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnGroupedDynamicMxQuantGetWorkspaceSize(x.t, gi.t, c.round, c.yd, 32, y.t, s.t, ws,
                                                                             ex);
                       },
                       aclnnGroupedDynamicMxQuant);
    char what[160];
    snprintf(what, sizeof what, "GroupedMxV%d %s->%s alg %lld %s G %lld%s", c.version, DtName(c.xd), YName(c.yd),
             (long long)c.alg, c.round, (long long)G, c.lay != CONTIG ? " non-contiguous x" : "");
    EXPECT(rc == 0, "%s: %d", what, rc);
    if (rc) return;
    bool fp4 = c.yd == ACL_FLOAT4_E2M1 || c.yd == ACL_FLOAT4_E1M2;
    Table tab = MakeTable(c.yd);
    int mode = !strcmp(c.round, "round") ? R_ROUND : !strcmp(c.round, "floor") ? R_FLOOR : R_RINT;
    std::vector<unsigned char> yh = y.Read(), sh = s.Read(), want_s((size_t)(SR * N * 2), 0);
    size_t bad = 0;
    for (int64_t g = 0; g < G; g++) {
        int64_t start = g ? ends[(size_t)g - 1] : 0, end = ends[(size_t)g];
        for (int64_t b = 0; start + b * 32 < end; b++)
            for (int64_t q = 0; q < N; q++) {
                std::vector<double> blk;
                for (int64_t r = start + b * 32; r < end && r < start + b * 32 + 32; r++) blk.push_back(xq[(size_t)(r * N + q)]);
                Scale sc = RefScale(blk, c.yd, (int)c.alg, c.dmax, 0);
                want_s[(size_t)(((start / 64 + g + b / 2) * N + q) * 2 + b % 2)] = (unsigned char)sc.code;
                for (size_t i = 0; i < blk.size(); i++) {
                    int64_t e = (start + b * 32 + (int64_t)i) * N + q;
                    uint32_t got = fp4 ? (yh[(size_t)(e >> 1)] >> ((e & 1) * 4)) & 0xf : yh[(size_t)e];
                    if (sc.code != 0xff && got != RefEncode(tab, blk[i] * sc.mul, mode, fp4)) bad++;
                }
            }
    }
    size_t sbad = 0;
    for (size_t i = 0; i < want_s.size(); i++)
        if (sh[i] != want_s[i]) {
            if (sbad < 3) LOG_PRINT("  %s: scale[%zu] got %u want %u\n", what, i, sh[i], want_s[i]);
            sbad++;
        }
    EXPECT(bad == 0 && sbad == 0, "%s: %zu codes, %zu scales differ", what, bad, sbad);
}

static void TestGroupedValidation(bool is950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, x3, g, g64, g2, g0;
    x.Init(ACL_BF16, {128, 16}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {128, 16}, {}, CONTIG);
    x3.Init(ACL_BF16, {1, 128, 16}, {}, CONTIG);
    g.Init(ACL_INT32, {2}, {64, 128}, CONTIG);
    g64.Init(ACL_INT64, {2}, {64, 128}, CONTIG);
    g2.Init(ACL_INT32, {1, 2}, {64, 128}, CONTIG);
    g0.Init(ACL_INT32, {0}, {}, CONTIG);
    Raw y(ACL_FLOAT8_E4M3FN, {128, 16}), y4(ACL_FLOAT4_E2M1, {128, 16}), yb(ACL_FLOAT8_E4M3FN, {128, 8}),
        s(ACL_FLOAT8_E8M0, {4, 16, 2}), sb0(ACL_FLOAT8_E8M0, {3, 16, 2}), sb1(ACL_FLOAT8_E8M0, {4, 8, 2}),
        s2(ACL_FLOAT8_E8M0, {4, 32}), sg0(ACL_FLOAT8_E8M0, {2, 16, 2}), y3(ACL_FLOAT8_E4M3FN, {1, 128, 16});
    const char *rint = "rint", *round = "round";
    auto gq = [&](const aclTensor *a, const aclTensor *gg, const char *rm, int64_t dt, int64_t bs, const aclTensor *yy,
                  const aclTensor *ss) {
        return aclnnGroupedDynamicMxQuantGetWorkspaceSize(a, gg, rm, dt, bs, yy, ss, &ws, &ex);
    };
    ExpectError("grouped null x", gq(nullptr, g.t, rint, 36, 32, y.t, s.t), kNull, "x");
    ExpectError("grouped null groupIndex", gq(x.t, nullptr, rint, 36, 32, y.t, s.t), kNull, "groupIndex");
    ExpectError("grouped null roundMode", gq(x.t, g.t, nullptr, 36, 32, y.t, s.t), kNull, "roundMode cannot be nullptr");
    ExpectError("grouped null mxscale", gq(x.t, g.t, rint, 36, 32, y.t, nullptr), kNull, "mxscale");
    if (!is950) {
        ExpectError("grouped off the 950", gq(x.t, g.t, rint, 36, 32, y.t, s.t), kInvalid, "is not implemented");
        return;
    }
    ExpectError("grouped x dtype", gq(xf.t, g.t, rint, 36, 32, y.t, s.t), kInvalid, "x");
    ExpectError("grouped groupIndex dtype", gq(x.t, g64.t, rint, 36, 32, y.t, s.t), kInvalid, "groupIndex");
    ExpectError("grouped y fp4 on V1", gq(x.t, g.t, rint, 40, 32, y4.t, s.t), kInvalid, "y");
    ExpectError("grouped roundMode", gq(x.t, g.t, round, 36, 32, y.t, s.t), kInvalid, "expected roundMode equals 'rint', get: round");
    ExpectError("grouped blocksize", gq(x.t, g.t, rint, 36, 64, y.t, s.t), kInvalid, "blocksize only support '32' now, get: 64");
    ExpectError("grouped dstType", gq(x.t, g.t, rint, 35, 32, y.t, s.t), kInvalid, "must be the same as y dtype");
    ExpectError("grouped x rank", gq(x3.t, g.t, rint, 36, 32, y3.t, s.t), kInvalid, "input x Dims is 3, should be 2D.");
    ExpectError("grouped groupIndex rank", gq(x.t, g2.t, rint, 36, 32, y.t, s.t), kInvalid, "should be 1D");
    ExpectError("grouped mxscale rank", gq(x.t, g.t, rint, 36, 32, y.t, s2.t), kInvalid, "should be 3D");
    ExpectError("grouped y shape", gq(x.t, g.t, rint, 36, 32, yb.t, s.t), kInvalid, "y");
    ExpectError("grouped mxscale dim1", gq(x.t, g.t, rint, 36, 32, y.t, sb1.t), kInvalid, "should be same as x dim1 (16)");
    ExpectError("grouped mxscale dim0", gq(x.t, g.t, rint, 36, 32, y.t, sb0.t), kInvalid, "mxscaleDim0Count (4)");
    ExpectError("grouped empty groupIndex", gq(x.t, g0.t, rint, 36, 32, y.t, sg0.t), kInvalid, "groupIndex does not support empty");
    auto gq2 = [&](const char *rm, int64_t dt, int64_t alg, double dm, const aclTensor *yy) {
        return aclnnGroupedDynamicMxQuantV2GetWorkspaceSize(x.t, g.t, rm, dt, 32, alg, dm, yy, s.t, &ws, &ex);
    };
    ExpectError("grouped V2 alg", gq2(rint, 36, 3, 0, y.t), kInvalid, "scaleAlg only support '0', '1' or '2' now, get: 3");
    ExpectError("grouped V2 round fp8", gq2(round, 36, 0, 0, y.t), kTiling, "parameter round_mode must be rint");
    ExpectError("grouped V2 alg1 fp4", gq2(rint, 40, 1, 0, y4.t), kTiling, "parameter scale_alg must be 0 or 2");
    ExpectError("grouped V2 alg2 fp8", gq2(rint, 36, 2, 0, y.t), kTiling, "parameter scale_alg must be 0 or 1");
    ExpectError("grouped V2 dstTypeMax", gq2(rint, 40, 0, 5.0, y4.t), kTiling, "[6, 12] or equal to 0");
    int rc = gq2(rint, 40, 2, 0, y4.t);
    EXPECT(rc == 361001, "grouped V2 scaleAlg 2 (not implemented): %d", rc);
    // a bad groupIndex fails at run time
    DevTensor gb;
    gb.Init(ACL_INT32, {2}, {100, 64}, CONTIG);
    rc = Run("GroupedDynamicMxQuant", g_stream,
             [&](uint64_t *w, aclOpExecutor **e) { return aclnnGroupedDynamicMxQuantGetWorkspaceSize(x.t, gb.t, rint, 36, 32, y.t, s.t, w, e); },
             aclnnGroupedDynamicMxQuant);
    EXPECT(rc != 0, "grouped decreasing groupIndex: %d", rc);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool is950 = soc.find("950") != std::string::npos;
    LOG_PRINT("dynamic mx quant on %s\n", soc.c_str());
    if (is950) {
        TestExample();
        TestSpecials();
        uint64_t seed = 1;
        for (aclDataType xd : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT})
            for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2}) {
                Case c{xd, yd, {3, 96}};
                c.seed = seed++;
                RunCase(c); // tail axis, 3 blocks (pad)
                Case d{xd, yd, {70, 6}};
                d.axis = 0;
                d.seed = seed++;
                RunCase(d); // non-tail axis, a partial block
            }
        Case c{ACL_BF16, ACL_FLOAT8_E4M3FN, {2, 130, 4}};
        c.axis = 1;
        c.bs = 64;
        RunCase(c);
        c = Case{ACL_FLOAT16, ACL_FLOAT4_E2M1, {5, 160}};
        c.bs = 128;
        c.lay = STRIDED;
        RunCase(c);
        c = Case{ACL_BF16, ACL_FLOAT8_E5M2, {40, 8}};
        c.lay = TRANSPOSED;
        RunCase(c);
        c.axis = 0;
        RunCase(c);
        for (const char *rm : {"round", "floor", "rint"})
            for (aclDataType yd : {ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2})
                for (aclDataType xd : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}) {
                    c = Case{xd, yd, {4, 64}};
                    c.round = rm;
                    c.seed = seed++;
                    RunCase(c);
                }
        for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2})
            for (aclDataType xd : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}) {
                c = Case{xd, yd, {6, 64}};
                c.alg = 1;
                c.seed = seed++;
                RunCase(c);
                c.version = 3;
                c.low = 1e-3f;
                RunCase(c);
            }
        for (float dm : {0.0f, 6.0f, 7.0f, 10.0f})
            for (aclDataType xd : {ACL_FLOAT16, ACL_BF16}) {
                c = Case{xd, ACL_FLOAT4_E2M1, {8, 64}};
                c.alg = 2;
                c.version = 2;
                c.dmax = dm;
                c.seed = seed++;
                RunCase(c);
            }
        c = Case{ACL_FLOAT16, ACL_FLOAT8_E4M3FN, {0, 32}};
        RunCase(c);
    }
    if (is950) {
        uint64_t aseed = 100;
        for (aclDataType xd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2})
            for (aclDataType yd : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                RunAnti(xd, yd, {3, 96}, CONTIG, aseed++);
                RunAnti(xd, yd, {2, 2, 512}, yd == ACL_FLOAT16 ? STRIDED : CONTIG, aseed++);
            }
        TestRoundTrip();
        uint64_t dseed = 300;
        for (aclDataType xd : {ACL_FLOAT16, ACL_BF16})
            for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2}) {
                Case c{xd, yd, {2, 70, 96}};
                c.seed = dseed++;
                RunDual(c);
            }
        Case d{ACL_BF16, ACL_FLOAT8_E4M3FN, {33, 64}};
        d.alg = 1;
        d.lay = TRANSPOSED;
        RunDual(d);
        d = Case{ACL_FLOAT16, ACL_FLOAT4_E2M1, {64, 40}};
        d.round = "floor";
        d.lay = STRIDED;
        RunDual(d);
        for (float dm : {0.0f, 7.0f, 9.0f}) {
            d = Case{ACL_BF16, ACL_FLOAT4_E2M1, {40, 64}};
            d.alg = 2;
            d.version = 2;
            d.dmax = dm;
            RunDual(d);
        }
        d = Case{ACL_FLOAT16, ACL_FLOAT8_E5M2, {0, 64}};
        RunDual(d);
        uint64_t gseed = 400;
        for (aclDataType xd : {ACL_FLOAT16, ACL_BF16})
            for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2}) {
                Case c{xd, yd, {200, 24}};
                c.seed = gseed++;
                RunGrouped(c, {40, 40, 140, 200}); // an empty group, odd block counts, unaligned starts
            }
        for (aclDataType yd : {ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2, ACL_FLOAT8_E4M3FN})
            for (const char *rm : {"rint", "round", "floor"}) {
                if (yd == ACL_FLOAT8_E4M3FN && strcmp(rm, "rint")) continue;
                Case c{ACL_BF16, yd, {130, 16}};
                c.version = 2;
                c.round = rm;
                c.seed = gseed++;
                RunGrouped(c, {64, 65, 130});
            }
        Case gc{ACL_FLOAT16, ACL_FLOAT8_E5M2, {96, 8}};
        gc.version = 2;
        gc.alg = 1;
        gc.lay = TRANSPOSED;
        RunGrouped(gc, {96});
    }
    TestValidation(is950);
    TestAntiValidation(is950);
    TestDualValidation(is950);
    TestGroupedValidation(is950);
    if (g_failures) { LOG_PRINT("test_dynamic_mx_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dynamic_mx_quant: ok\n");
    return 0;
}
