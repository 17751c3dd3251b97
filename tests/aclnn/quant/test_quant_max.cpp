// aclnnQuantMax and aclnnGroupedQuantMax (950 only) bit-exact against a reference written here: y = the FP8 code nearest
// to x * scale (FP32 product), found by searching the decoded table of all codes, ties to the
// even code, saturating at the largest finite (infinities too), NaN -> the NaN code with its
// sign; amax = max |x| rounded to x's dtype. Strided x, every x dtype, both FP8 targets, empty
// x (amax untouched), HIFLOAT8 "round" accepted (its values: tests/aclnn/hif8), "hybrid" refused (361001, stochastic), the validation paths, and the
// 361001 refusal on the 910B / 310P. GroupedQuantMax: per group of dim-0 slices its own scale and
// amax (an empty group keeps amax 0), strided x, the op_api's validation order, a bad groupList.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_grouped_quant_max.h"
#include "aclnnop/aclnn_quant_max.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001;

static double Fp8Value(uint32_t c, bool e4m3)
{
    int mb = e4m3 ? 3 : 2, eb = e4m3 ? 4 : 5, bias = e4m3 ? 7 : 15;
    int s = (c >> 7) & 1, e = (int)((c >> mb) & ((1u << eb) - 1)), m = (int)(c & ((1u << mb) - 1));
    if (e4m3 && (c & 0x7f) == 0x7f) return NAN;
    if (!e4m3 && e == 31) return m ? NAN : (s ? -INFINITY : INFINITY);
    double v = e == 0 ? std::ldexp((double)m, 1 - bias - mb) : std::ldexp(1.0 + m / (double)(1 << mb), e - bias);
    return s ? -v : v;
}

static uint32_t RefFp8(float v, bool e4m3)
{
    uint32_t sign = std::signbit(v) ? 0x80 : 0, maxc = e4m3 ? 0x7e : 0x7b;
    if (std::isnan(v)) return sign | 0x7f;
    double a = std::fabs((double)v);
    if (std::isinf(a)) return sign | maxc;
    uint32_t best = 0;
    double bd = INFINITY;
    for (uint32_t c = 0; c <= maxc; c++) {
        double d = std::fabs(Fp8Value(c, e4m3) - a);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    return sign | best;
}

struct Bytes {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t n;
    Bytes(aclDataType dt, std::vector<int64_t> shape, int64_t step = 1)
    {
        std::vector<int64_t> st(shape.size(), 1);
        int64_t s = step;
        for (int i = (int)shape.size() - 1; i >= 0; i--) { st[(size_t)i] = s; s *= shape[(size_t)i]; }
        n = (size_t)s;
        aclrtMalloc(&dev, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(n + 1, 0xA5);
        if (n) aclrtMemcpy(dev, n, h.data(), n, ACL_MEMCPY_HOST_TO_DEVICE);
        int64_t storage = (int64_t)n;
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, &storage, 1, dev);
    }
    ~Bytes() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static void RunQuantMax(aclDataType xd, aclDataType yd, Layout lay, std::vector<int64_t> shape)
{
    int64_t n = GetShapeSize(shape);
    bool e4m3 = yd == ACL_FLOAT8_E4M3FN;
    double scale = e4m3 ? 1.75 : 300.0;
    std::vector<double> xv = RandomValues((size_t)n, 9, 300.0);
    const double sp[] = {-0.0, 0.0, INFINITY, -INFINITY, NAN, 1e-9, 256.0 / 1.75, 1e6, -1e6, 2.0 / 1024 / 1.75};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0] && i < (size_t)n; i++) xv[i * 5 % (size_t)n] = sp[i];
    if (xd == ACL_FLOAT16) // keep the FP16 values finite where they should be
        for (double &v : xv) if (std::isfinite(v) && std::fabs(v) > 60000) v = v > 0 ? 60000 : -60000;
    DevTensor x, s, am;
    x.Init(xd, shape, xv, lay);
    s.Init(ACL_FLOAT, {1}, {scale}, CONTIG);
    am.Init(xd, {1}, {-1.0}, CONTIG);
    Bytes y(yd, shape, lay == STRIDED ? 2 : 1);
    char mode[] = "rint";
    int rc = Run("QuantMax", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnQuantMaxGetWorkspaceSize(x.t, s.t, mode, yd, y.t, am.t, ws, ex);
                 },
                 aclnnQuantMax);
    std::string what = std::string("QuantMax ") + DtName(xd) + " -> " + (e4m3 ? "e4m3" : "e5m2") +
                       (lay != CONTIG ? " strided" : "");
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<unsigned char> h = y.Read();
    size_t bad = 0;
    double amax = 0;
    int64_t step = lay == STRIDED ? 2 : 1;
    for (int64_t i = 0; i < n; i++) {
        double xq = Quant(xd, xv[(size_t)i]);
        if (!std::isnan(xq)) amax = std::fmax(amax, std::fabs(xq));
        uint32_t want = RefFp8((float)xq * (float)scale, e4m3), got = h[(size_t)(i * step)];
        if (got != want) {
            if (bad < 5) LOG_PRINT("  %s[%lld]: x %g got 0x%x want 0x%x\n", what.c_str(), (long long)i, xq, got, want);
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %zu of %lld codes differ", what.c_str(), bad, (long long)n);
    double got_amax = am.Read()[0], want_amax = Quant(xd, amax);
    EXPECT(got_amax == want_amax, "%s: amax %g, want %g", what.c_str(), got_amax, want_amax);
}

static void TestValidation(bool is950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, s, am, xi, sh, s2, amh, am2, x0, s0;
    x.Init(ACL_FLOAT, {4, 8}, {}, CONTIG);
    s.Init(ACL_FLOAT, {1}, {1}, CONTIG);
    am.Init(ACL_FLOAT, {1}, {}, CONTIG);
    xi.Init(ACL_INT32, {4, 8}, {}, CONTIG);
    sh.Init(ACL_FLOAT16, {1}, {1}, CONTIG);
    s2.Init(ACL_FLOAT, {2}, {1, 1}, CONTIG);
    amh.Init(ACL_FLOAT16, {1}, {}, CONTIG);
    am2.Init(ACL_FLOAT, {1, 1}, {}, CONTIG);
    x0.Init(ACL_FLOAT, {}, {1}, CONTIG);
    s0.Init(ACL_FLOAT, {0}, {}, CONTIG);
    Bytes y(ACL_FLOAT8_E4M3FN, {4, 8}), y5(ACL_FLOAT8_E5M2, {4, 8}), yb(ACL_FLOAT8_E4M3FN, {4, 7}), hf(ACL_HIFLOAT8, {4, 8});
    char rint[] = "rint", round[] = "round", empty[] = "";
    auto qm = [&](const aclTensor *a, const aclTensor *b, char *mode, int64_t dt, const aclTensor *yy, const aclTensor *m) {
        return aclnnQuantMaxGetWorkspaceSize(a, b, mode, dt, yy, m, &ws, &ex);
    };
    ExpectError("null x", qm(nullptr, s.t, rint, 36, y.t, am.t), kNull, "x");
    ExpectError("null amax", qm(x.t, s.t, rint, 36, y.t, nullptr), kNull, "amax");
    ExpectError("x dtype", qm(xi.t, s.t, rint, 36, y.t, am.t), kInvalid, "x dtype must be FLOAT/FLOAT16/BFLOAT16");
    ExpectError("x 0-d", qm(x0.t, s.t, rint, 36, y.t, am.t), kInvalid, "x dim must be in range [1, 8], got 0");
    ExpectError("scale dtype", qm(x.t, sh.t, rint, 36, y.t, am.t), kInvalid, "scale dtype must be FLOAT");
    ExpectError("scale empty", qm(x.t, s0.t, rint, 36, y.t, am.t), kInvalid, "scale does not support empty tensor");
    ExpectError("scale shape", qm(x.t, s2.t, rint, 36, y.t, am.t), kInvalid, "scale shape must be [1]");
    ExpectError("dstType", qm(x.t, s.t, rint, 2, y.t, am.t), kInvalid, "dstType must be 34(HIFLOAT8)");
    ExpectError("roundMode null", qm(x.t, s.t, nullptr, 36, y.t, am.t), kInvalid, "roundMode cannot be nullptr");
    ExpectError("roundMode empty", qm(x.t, s.t, empty, 36, y.t, am.t), kInvalid, "roundMode cannot be empty string");
    ExpectError("roundMode fp8", qm(x.t, s.t, round, 36, y.t, am.t), kInvalid, "roundMode must be 'rint'");
    ExpectError("roundMode hif8", qm(x.t, s.t, rint, 34, hf.t, am.t), kInvalid, "'round' or 'hybrid'");
    ExpectError("y vs dstType", qm(x.t, s.t, rint, 35, y.t, am.t), kInvalid, "according to dstType");
    ExpectError("y shape", qm(x.t, s.t, rint, 36, yb.t, am.t), kInvalid, "y shape must be same as x shape");
    ExpectError("amax dtype", qm(x.t, s.t, rint, 36, y.t, amh.t), kInvalid, "amax dtype must be same as x dtype");
    ExpectError("amax shape", qm(x.t, s.t, rint, 36, y.t, am2.t), kInvalid, "amax shape must be [1]");
    int rc = qm(x.t, s.t, rint, 36, y.t, am.t);
    if (!is950) {
        EXPECT(rc == 361001, "QuantMax off the 950: %d", rc);
        return;
    }
    EXPECT(rc == 0, "valid: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex); // never run
    rc = qm(x.t, s.t, round, 34, hf.t, am.t); // HIFLOAT8 values: tests/aclnn/hif8
    EXPECT(rc == 0, "HIFLOAT8 round: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    char hybrid[] = "hybrid";
    rc = qm(x.t, s.t, hybrid, 34, hf.t, am.t);
    EXPECT(rc == 361001, "HIFLOAT8 hybrid (stochastic) not emulated: %d", rc);
    // empty x: nothing runs, amax keeps its value
    DevTensor xe, ame;
    xe.Init(ACL_FLOAT, {0, 8}, {}, CONTIG);
    ame.Init(ACL_FLOAT, {1}, {5.0}, CONTIG);
    Bytes ye(ACL_FLOAT8_E5M2, {0, 8});
    rc = qm(xe.t, s.t, rint, 35, ye.t, ame.t);
    EXPECT(rc == 0 && ws == 0, "empty: %d", rc);
    if (rc == 0) EXPECT(aclnnQuantMax(nullptr, 0, ex, g_stream) == 0 && ame.Read()[0] == 5.0, "empty stage 2");
}

static void RunGrouped(aclDataType xd, aclDataType yd, Layout lay, std::vector<int64_t> shape, std::vector<int64_t> ends)
{
    int64_t n = GetShapeSize(shape), inner = n / shape[0], G = (int64_t)ends.size();
    bool e4m3 = yd == ACL_FLOAT8_E4M3FN;
    std::vector<double> xv = RandomValues((size_t)n, 31, 200.0), sv, gv(ends.begin(), ends.end());
    const double sp[] = {-0.0, NAN, INFINITY, 1e6, -3e-5};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0] && i < (size_t)n; i++) xv[i * 7 % (size_t)n] = sp[i];
    if (xd == ACL_FLOAT16)
        for (double &v : xv) if (std::isfinite(v) && std::fabs(v) > 60000) v = v > 0 ? 60000 : -60000;
    for (int64_t g = 0; g < G; g++) sv.push_back(e4m3 ? 0.75 + g : 100.0 * (g + 1));
    DevTensor x, s, gl, am;
    x.Init(xd, shape, xv, lay);
    s.Init(ACL_FLOAT, {G}, sv, CONTIG);
    gl.Init(ACL_INT64, {G}, gv, CONTIG);
    am.Init(xd, {G}, std::vector<double>((size_t)G, -1.0), CONTIG);
    Bytes y(yd, shape);
    int rc = Run("GroupedQuantMax", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnGroupedQuantMaxGetWorkspaceSize(x.t, s.t, gl.t, "rint", yd, y.t, am.t, ws, ex);
                 },
                 aclnnGroupedQuantMax);
    std::string what = std::string("GroupedQuantMax ") + DtName(xd) + " -> " + (e4m3 ? "e4m3" : "e5m2") +
                       " G " + std::to_string(G) + (lay != CONTIG ? " strided" : "");
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<unsigned char> h = y.Read();
    std::vector<double> ga = am.Read();
    size_t bad = 0;
    for (int64_t g = 0; g < G; g++) {
        int64_t start = g ? ends[(size_t)g - 1] : 0;
        double amax = 0;
        for (int64_t i = start * inner; i < ends[(size_t)g] * inner; i++) {
            double xq = Quant(xd, xv[(size_t)i]);
            if (!std::isnan(xq)) amax = std::fmax(amax, std::fabs(xq));
            uint32_t want = RefFp8((float)xq * (float)sv[(size_t)g], e4m3);
            if (h[(size_t)i] != want) {
                if (bad < 5) LOG_PRINT("  %s[%lld]: x %g got 0x%x want 0x%x\n", what.c_str(), (long long)i, xq, h[(size_t)i], want);
                bad++;
            }
        }
        EXPECT(ga[(size_t)g] == Quant(xd, amax), "%s: amax[%lld] %g, want %g", what.c_str(), (long long)g, ga[(size_t)g],
               Quant(xd, amax));
    }
    EXPECT(bad == 0, "%s: %zu of %lld codes differ", what.c_str(), bad, (long long)n);
}

static void TestGroupedValidation(bool is950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xi, x1, s, sh, s0, g, g32, g0, am, amh, s3;
    x.Init(ACL_FLOAT, {4, 8}, {}, CONTIG);
    xi.Init(ACL_INT32, {4, 8}, {}, CONTIG);
    x1.Init(ACL_FLOAT, {8}, {}, CONTIG);
    s.Init(ACL_FLOAT, {2}, {1, 1}, CONTIG);
    s3.Init(ACL_FLOAT, {3}, {1, 1, 1}, CONTIG);
    sh.Init(ACL_FLOAT16, {2}, {1, 1}, CONTIG);
    s0.Init(ACL_FLOAT, {0}, {}, CONTIG);
    g.Init(ACL_INT64, {2}, {1, 4}, CONTIG);
    g32.Init(ACL_INT32, {2}, {1, 4}, CONTIG);
    g0.Init(ACL_INT64, {0}, {}, CONTIG);
    am.Init(ACL_FLOAT, {2}, {}, CONTIG);
    amh.Init(ACL_FLOAT16, {2}, {}, CONTIG);
    Bytes y(ACL_FLOAT8_E4M3FN, {4, 8}), y5(ACL_FLOAT8_E5M2, {4, 8}), yb(ACL_FLOAT8_E4M3FN, {4, 7}),
        y1(ACL_FLOAT8_E4M3FN, {8}), hf(ACL_HIFLOAT8, {4, 8});
    auto gq = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const char *rm, int64_t dt, aclTensor *yy,
                  aclTensor *m) { return aclnnGroupedQuantMaxGetWorkspaceSize(a, b, c, rm, dt, yy, m, &ws, &ex); };
    ExpectError("g null x", gq(nullptr, s.t, g.t, "rint", 36, y.t, am.t), kNull, "x");
    ExpectError("g null groupList", gq(x.t, s.t, nullptr, "rint", 36, y.t, am.t), kNull, "groupList");
    ExpectError("g null amax", gq(x.t, s.t, g.t, "rint", 36, y.t, nullptr), kNull, "amax");
    ExpectError("g x dtype", gq(xi.t, s.t, g.t, "rint", 36, y.t, am.t), kInvalid, "FLOAT/FLOAT16/BFLOAT16");
    ExpectError("g x rank", gq(x1.t, s.t, g.t, "rint", 36, y1.t, am.t), kInvalid, "[2D, 8D]");
    ExpectError("g scale dtype", gq(x.t, sh.t, g.t, "rint", 36, y.t, am.t), kInvalid, "scale dtype");
    ExpectError("g scale empty", gq(x.t, s0.t, g.t, "rint", 36, y.t, am.t), kInvalid, "scale does not support empty tensor");
    ExpectError("g groupList dtype", gq(x.t, s.t, g32.t, "rint", 36, y.t, am.t), kInvalid, "groupList dtype");
    ExpectError("g groupList empty", gq(x.t, s.t, g0.t, "rint", 36, y.t, am.t), kInvalid, "groupList does not support empty tensor");
    ExpectError("g dstType", gq(x.t, s.t, g.t, "rint", 2, y.t, am.t), kInvalid, "dstType must be 34(HIFLOAT8)");
    ExpectError("g roundMode null", gq(x.t, s.t, g.t, nullptr, 36, y.t, am.t), kInvalid, "roundMode cannot be nullptr");
    ExpectError("g roundMode empty", gq(x.t, s.t, g.t, "", 36, y.t, am.t), kInvalid, "roundMode cannot be empty string");
    ExpectError("g roundMode fp8", gq(x.t, s.t, g.t, "round", 36, y.t, am.t), kInvalid, "roundMode must be 'rint'");
    ExpectError("g roundMode hif8", gq(x.t, s.t, g.t, "rint", 34, hf.t, am.t), kInvalid, "'round' or 'hybrid'");
    ExpectError("g y dtype", gq(x.t, s.t, g.t, "rint", 36, y5.t, am.t), kInvalid, "y dtype");
    ExpectError("g y shape", gq(x.t, s.t, g.t, "rint", 36, yb.t, am.t), kInvalid, "must be equal to x shape");
    ExpectError("g amax dtype", gq(x.t, s.t, g.t, "rint", 36, y.t, amh.t), kInvalid, "The dtype of amax must be the same as x");
    int rc = gq(x.t, s.t, g.t, "rint", 36, y.t, am.t);
    if (!is950) {
        EXPECT(rc == 361001, "GroupedQuantMax off the 950: %d", rc);
        return;
    }
    EXPECT(rc == 0, "g valid: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    rc = gq(x.t, s3.t, g.t, "rint", 36, y.t, am.t);
    EXPECT(rc == 561002, "g scale length: %d", rc);
    rc = gq(x.t, s.t, g.t, "round", 34, hf.t, am.t);
    EXPECT(rc == 0, "g HIFLOAT8 round: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    rc = gq(x.t, s.t, g.t, "hybrid", 34, hf.t, am.t);
    EXPECT(rc == 361001, "g HIFLOAT8 hybrid (stochastic) not emulated: %d", rc);
    DevTensor gb;
    gb.Init(ACL_INT64, {2}, {3, 2}, CONTIG);
    rc = Run("GroupedQuantMax", g_stream,
             [&](uint64_t *w, aclOpExecutor **e) { return aclnnGroupedQuantMaxGetWorkspaceSize(x.t, s.t, gb.t, "rint", 36, y.t, am.t, w, e); },
             aclnnGroupedQuantMax);
    EXPECT(rc != 0, "g decreasing groupList: %d", rc);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool is950 = soc.find("950") != std::string::npos;
    LOG_PRINT("quant max on %s\n", soc.c_str());
    if (is950) {
        for (aclDataType xd : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2}) RunQuantMax(xd, yd, CONTIG, {3, 70});
        RunQuantMax(ACL_FLOAT, ACL_FLOAT8_E4M3FN, STRIDED, {5, 9});
        RunQuantMax(ACL_FLOAT16, ACL_FLOAT8_E5M2, TRANSPOSED, {6, 4, 3});
        RunQuantMax(ACL_BF16, ACL_FLOAT8_E4M3FN, CONTIG, {9000});
        for (aclDataType xd : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2}) RunGrouped(xd, yd, CONTIG, {10, 7}, {3, 3, 8, 10});
        RunGrouped(ACL_FLOAT, ACL_FLOAT8_E5M2, STRIDED, {6, 4, 3}, {6});
        RunGrouped(ACL_BF16, ACL_FLOAT8_E4M3FN, TRANSPOSED, {300, 5}, {100, 299, 300});
    }
    TestValidation(is950);
    TestGroupedValidation(is950);
    if (g_failures) { LOG_PRINT("test_quant_max: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_quant_max: ok\n");
    return 0;
}
