// HIFLOAT8 targets and sources of the ops-nn quant family on the 950, bit-exact against a
// reference written here: the FP32 steps of each op's arch35 kernel (done in float, in the
// kernel's order), then the HiF8 code from hif8_ref.h (nearest code by brute force, ties away from
// zero, saturating at 32768). Covers DynamicQuantV2 / V3 / V4 (DMAX 32768 or dstTypeMax; per
// token symmetric with smooth scales, asymmetric, per tensor), AscendQuantV3, Quantize,
// AscendAntiQuant (HIFLOAT8 x, all 253 finite codes), QuantMax, GroupedQuantMax and
// DequantSwigluQuantV2 (dynamic and static), plus the paths that stay refused: roundMode "hybrid" (the
// stochastic CAST_HYBRID, 361001), dstTypeMax outside [0, 32768] (561002), sqrtMode with HIFLOAT8
// x (161002); on the 910B HIFLOAT8 is not a dtype of these ops (161002).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_ascend_anti_quant.h"
#include "aclnnop/aclnn_ascend_quant_v3.h"
#include "aclnnop/aclnn_dequant_swiglu_quant_v2.h"
#include "aclnnop/aclnn_dynamic_quant_v2.h"
#include "aclnnop/aclnn_dynamic_quant_v3.h"
#include "aclnnop/aclnn_dynamic_quant_v4.h"
#include "aclnnop/aclnn_grouped_quant_max.h"
#include "aclnnop/aclnn_quant_max.h"
#include "aclnnop/aclnn_quantize.h"
#include "hif8_ref.h"

static aclrtStream g_stream;

// A byte tensor of an 8-bit dtype (HIFLOAT8), optionally with given codes.
struct Bytes {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t n;
    Bytes(aclDataType dt, std::vector<int64_t> shape, const std::vector<unsigned char> &init = {})
    {
        std::vector<int64_t> st(shape.size(), 1);
        int64_t s = 1;
        for (int i = (int)shape.size() - 1; i >= 0; i--) { st[(size_t)i] = s; s *= shape[(size_t)i]; }
        n = (size_t)s;
        aclrtMalloc(&dev, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(n + 1, 0xA5);
        for (size_t i = 0; i < init.size() && i < n; i++) h[i] = init[i];
        if (n) aclrtMemcpy(dev, n, h.data(), n, ACL_MEMCPY_HOST_TO_DEVICE);
        int64_t storage = (int64_t)n;
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, &storage, 1, dev);
    }
    Bytes(const Bytes &) = delete;
    Bytes &operator=(const Bytes &) = delete;
    ~Bytes() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

// A 361001 refusal (no kernel / not emulated) whose message names `needle`.
static void ExpectNotDone(const char *what, int rc, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(rc == 361001 && msg.find(needle) != std::string::npos, "%s: returned %d (%s)", what, rc, msg.c_str());
}

static size_t Compare(const char *what, const std::vector<unsigned char> &got, const std::vector<float> &t)
{
    size_t bad = 0, nonzero = 0;
    for (size_t i = 0; i < t.size(); i++) {
        unsigned want = (unsigned)hif8_ref_encode((double)t[i]);
        nonzero += got[i] != 0;
        if (got[i] != want) {
            if (bad < 5) LOG_PRINT("  %s[%zu]: %.9g -> got 0x%02x want 0x%02x\n", what, i, t[i], got[i], want);
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %zu of %zu codes differ", what, bad, t.size());
    EXPECT(nonzero * 2 > t.size(), "%s: only %zu non-zero codes", what, nonzero);
    return bad;
}

// ---- DynamicQuant V2 / V3 / V4 ---------------------------------------------------------------
// 950 (dynamic_quant_regbase_*.h): sym scale = max|v| * fp32(1 / DMAX), y = v / scale; asym
// scale = (max - min) * fp32(1 / (2 DMAX)), offset = DMAX - max / scale, y = v / scale + offset.
static void RunDynamicQuant(int ver, bool sym, const char *mode, float dstTypeMax, bool smooth, aclDataType xd)
{
    const int64_t R = 5, C = 40;
    std::vector<double> xv = RandomValues((size_t)(R * C), 17 + (uint64_t)ver, 3.0), sv(C);
    for (int64_t c = 0; c < C; c++) sv[(size_t)c] = 0.25 + 0.05 * (double)c;
    xv[7] = 0.0; xv[8] = -0.0;
    DevTensor x, sm, sc, of;
    x.Init(xd, {R, C}, xv, CONTIG);
    sm.Init(xd, {C}, sv, CONTIG);
    bool tensor = !std::strcmp(mode, "pertensor");
    std::vector<int64_t> ss = tensor ? std::vector<int64_t>{1} : std::vector<int64_t>{R};
    sc.Init(ACL_FLOAT, ss, {}, CONTIG, -3.0);
    of.Init(ACL_FLOAT, ss, {}, CONTIG, -3.0);
    Bytes y(ACL_HIFLOAT8, {R, C});
    const aclTensor *smt = smooth ? sm.t : nullptr, *oft = sym ? nullptr : of.t;
    int rc;
    if (ver == 2)
        rc = Run("DynamicQuantV2", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnDynamicQuantV2GetWorkspaceSize(x.t, smt, nullptr, 34, y.t, sc.t, oft, ws, ex); },
            aclnnDynamicQuantV2);
    else if (ver == 3)
        rc = Run("DynamicQuantV3", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnDynamicQuantV3GetWorkspaceSize(x.t, smt, nullptr, 34, sym, mode, y.t, sc.t, oft, ws, ex); },
            aclnnDynamicQuantV3);
    else
        rc = Run("DynamicQuantV4", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnDynamicQuantV4GetWorkspaceSize(x.t, smt, nullptr, 34, sym, mode, dstTypeMax, y.t, sc.t, oft,
                                                       ws, ex); }, aclnnDynamicQuantV4);
    std::string what = "DynamicQuantV" + std::to_string(ver) + " " + mode + (sym ? " sym" : " asym") +
                       (smooth ? " smooth" : "") + " dmax " + std::to_string((int)dstTypeMax);
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    float dmax = dstTypeMax >= 1e-6f ? dstTypeMax : 32768.0f;
    std::vector<float> v((size_t)(R * C)), t((size_t)(R * C));
    for (int64_t i = 0; i < R * C; i++) {
        float xf = (float)Quant(xd, xv[(size_t)i]);
        v[(size_t)i] = smooth ? xf * (float)Quant(xd, sv[(size_t)(i % C)]) : xf;
    }
    std::vector<double> gs = sc.Read(), go = of.Read();
    int64_t groups = tensor ? 1 : R, per = tensor ? R * C : C;
    size_t bad = 0;
    for (int64_t g = 0; g < groups; g++) {
        float amax = 0, mx = -INFINITY, mn = INFINITY;
        for (int64_t i = g * per; i < (g + 1) * per; i++) {
            amax = std::fmax(amax, std::fabs(v[(size_t)i]));
            mx = std::fmax(mx, v[(size_t)i]);
            mn = std::fmin(mn, v[(size_t)i]);
        }
        float scale, offset = 0;
        if (sym) {
            scale = amax * (1.0f / dmax);
        } else {
            scale = (mx - mn) * (1.0f / (2.0f * dmax));
            offset = dmax - mx / scale;
        }
        bad += gs[(size_t)g] != (double)scale;
        if (!sym) bad += go[(size_t)g] != (double)offset;
        for (int64_t i = g * per; i < (g + 1) * per; i++) {
            float q = v[(size_t)i] / scale;
            t[(size_t)i] = sym ? q : q + offset;
        }
    }
    EXPECT(bad == 0, "%s: %zu scale / offset values differ", what.c_str(), bad);
    Compare(what.c_str(), y.Read(), t);
}

// ---- AscendQuantV3 / Quantize ----------------------------------------------------------------
static void RunAscendQuantV3()
{
    const int64_t R = 4, C = 24;
    std::vector<double> xv = RandomValues((size_t)(R * C), 5, 40.0), sv(C), ov(C);
    for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = 0.3 + 0.11 * (double)c; ov[(size_t)c] = 0.5 * (double)c - 6; }
    xv[0] = 1e6; xv[1] = -1e6; xv[2] = 0.0;
    DevTensor x, s, o;
    x.Init(ACL_FLOAT, {R, C}, xv, CONTIG);
    s.Init(ACL_FLOAT, {C}, sv, CONTIG);
    o.Init(ACL_FLOAT, {C}, ov, CONTIG);
    Bytes y(ACL_HIFLOAT8, {R, C});
    int rc = Run("AscendQuantV3", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, o.t, false, "round", 34, -1, y.t, ws, ex); },
        aclnnAscendQuantV3);
    EXPECT(rc == 0, "AscendQuantV3 hif8: %d", rc);
    if (rc) return;
    std::vector<float> t((size_t)(R * C));
    for (int64_t i = 0; i < R * C; i++) // ascend_quant_regbase.h: Muls then Adds in FP32
        t[(size_t)i] = (float)xv[(size_t)i] * (float)sv[(size_t)(i % C)] + (float)ov[(size_t)(i % C)];
    Compare("AscendQuantV3 hif8", y.Read(), t);
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectNotDone("AscendQuantV3 hif8 hybrid",
                  aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, o.t, false, "hybrid", 34, -1, y.t, &ws, &ex),
                  "hybrid");
    ExpectError("AscendQuantV3 hif8 floor",
                aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, o.t, false, "floor", 34, -1, y.t, &ws, &ex), 161002,
                "hifloat8");
}

static void RunQuantize()
{
    const int64_t R = 3, C = 16;
    std::vector<double> xv = RandomValues((size_t)(R * C), 8, 20.0), sv(C), zv(C);
    for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = 0.01 + 0.07 * (double)c; zv[(size_t)c] = 0.25 * (double)c - 1.0; }
    DevTensor x, s, z;
    x.Init(ACL_FLOAT, {R, C}, xv, CONTIG);
    s.Init(ACL_FLOAT, {C}, sv, CONTIG);
    z.Init(ACL_FLOAT, {C}, zv, CONTIG);
    Bytes y(ACL_HIFLOAT8, {R, C});
    int rc = Run("Quantize", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnQuantizeGetWorkspaceSize(x.t, s.t, z.t, ACL_HIFLOAT8, 1, y.t, ws, ex); }, aclnnQuantize);
    EXPECT(rc == 0, "Quantize hif8: %d", rc);
    if (rc) return;
    std::vector<float> t((size_t)(R * C));
    for (int64_t i = 0; i < R * C; i++) // quantize_per_channel_regbase.h: Div then Add in FP32
        t[(size_t)i] = (float)xv[(size_t)i] / (float)sv[(size_t)(i % C)] + (float)zv[(size_t)(i % C)];
    Compare("Quantize hif8", y.Read(), t);
}

// ---- AscendAntiQuant: HIFLOAT8 x -> FP16 / BF16 ------------------------------------------------
static void RunAntiQuant(aclDataType yd)
{
    std::vector<unsigned char> codes;
    for (int c = 0; c < 256; c++)
        if (std::isfinite(hif8_ref_value(c))) codes.push_back((unsigned char)c);
    while (codes.size() % 16) codes.push_back(0x08);
    const int64_t C = 16, R = (int64_t)codes.size() / C;
    std::vector<double> sv(C), ov(C);
    for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = 0.5 + 0.0625 * (double)c; ov[(size_t)c] = 0.125 * (double)c - 1.0; }
    Bytes x(ACL_HIFLOAT8, {R, C}, codes);
    DevTensor s, o, y;
    s.Init(ACL_FLOAT, {C}, sv, CONTIG);
    o.Init(ACL_FLOAT, {C}, ov, CONTIG);
    y.Init(yd, {R, C}, {}, CONTIG);
    int rc = Run("AscendAntiQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnAscendAntiQuantGetWorkspaceSize(x.t, s.t, o.t, (int64_t)yd, false, y.t, ws, ex); },
        aclnnAscendAntiQuant);
    std::string what = std::string("AscendAntiQuant hif8 -> ") + DtName(yd);
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<double> got = y.Read();
    size_t bad = 0;
    for (int64_t i = 0; i < R * C; i++) {
        float t = ((float)hif8_ref_value(codes[(size_t)i]) + (float)ov[(size_t)(i % C)]) * (float)sv[(size_t)(i % C)];
        double want = Quant(yd, (double)t); // one rounding of the FP32 result
        if (got[(size_t)i] != want) {
            if (bad < 5) LOG_PRINT("  %s[%lld]: code 0x%02x got %.9g want %.9g\n", what.c_str(), (long long)i, codes[(size_t)i], got[(size_t)i], want);
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %zu values differ", what.c_str(), bad);
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("AscendAntiQuant hif8 sqrtMode",
                aclnnAscendAntiQuantGetWorkspaceSize(x.t, s.t, o.t, (int64_t)yd, true, y.t, &ws, &ex), 161002,
                "sqrtMode must be False");
}

// ---- QuantMax / GroupedQuantMax ---------------------------------------------------------------
static void RunQuantMax(aclDataType xd)
{
    const int64_t n = 120;
    std::vector<double> xv = RandomValues((size_t)n, 21, 700.0);
    const double sp[] = {0.0, -0.0, 1e-9, 6e4, -6e4, 1.0 / 3, 12.0, -40.0};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++) xv[i * 7] = sp[i];
    float scale = 3.0f;
    DevTensor x, s, am;
    x.Init(xd, {6, 20}, xv, CONTIG);
    s.Init(ACL_FLOAT, {1}, {scale}, CONTIG);
    am.Init(xd, {1}, {-1.0}, CONTIG);
    Bytes y(ACL_HIFLOAT8, {6, 20});
    char mode[] = "round";
    int rc = Run("QuantMax", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnQuantMaxGetWorkspaceSize(x.t, s.t, mode, 34, y.t, am.t, ws, ex); }, aclnnQuantMax);
    std::string what = std::string("QuantMax ") + DtName(xd) + " -> hif8";
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<float> t((size_t)n);
    double amax = 0;
    for (int64_t i = 0; i < n; i++) {
        double xq = Quant(xd, xv[(size_t)i]);
        amax = std::fmax(amax, std::fabs(xq));
        t[(size_t)i] = (float)xq * scale;
    }
    Compare(what.c_str(), y.Read(), t);
    EXPECT(am.Read()[0] == Quant(xd, amax), "%s: amax %g want %g", what.c_str(), am.Read()[0], amax);
}

static void RunGroupedQuantMax()
{
    const int64_t D0 = 5, D1 = 3, D2 = 8, n = D0 * D1 * D2;
    std::vector<double> xv = RandomValues((size_t)n, 33, 50.0);
    std::vector<double> gl = {2, 2, 5}, sv = {0.5, 7.0, 300.0};
    DevTensor x, s, g, am;
    x.Init(ACL_BF16, {D0, D1, D2}, xv, CONTIG);
    s.Init(ACL_FLOAT, {3}, sv, CONTIG);
    g.Init(ACL_INT64, {3}, gl, CONTIG);
    am.Init(ACL_BF16, {3}, {}, CONTIG, -1.0);
    Bytes y(ACL_HIFLOAT8, {D0, D1, D2});
    int rc = Run("GroupedQuantMax", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnGroupedQuantMaxGetWorkspaceSize(x.t, s.t, g.t, "round", 34, y.t, am.t, ws, ex); },
        aclnnGroupedQuantMax);
    EXPECT(rc == 0, "GroupedQuantMax hif8: %d", rc);
    if (rc) return;
    std::vector<float> t((size_t)n);
    std::vector<double> amax(3, 0.0);
    for (int64_t i = 0; i < n; i++) {
        int64_t d0 = i / (D1 * D2), grp = d0 < 2 ? 0 : 2; // group 1 is empty
        double xq = Quant(ACL_BF16, xv[(size_t)i]);
        amax[(size_t)grp] = std::fmax(amax[(size_t)grp], std::fabs(xq));
        t[(size_t)i] = (float)xq * (float)sv[(size_t)grp];
    }
    Compare("GroupedQuantMax hif8", y.Read(), t);
    std::vector<double> ga = am.Read();
    for (int k = 0; k < 3; k++)
        EXPECT(ga[(size_t)k] == Quant(ACL_BF16, amax[(size_t)k]), "GroupedQuantMax amax[%d] %g want %g", k,
               ga[(size_t)k], amax[(size_t)k]);
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectNotDone("GroupedQuantMax hif8 hybrid",
                  aclnnGroupedQuantMaxGetWorkspaceSize(x.t, s.t, g.t, "hybrid", 34, y.t, am.t, &ws, &ex), "hybrid");
    char hyb[] = "hybrid";
    DevTensor xq, sq, aq;
    xq.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG);
    sq.Init(ACL_FLOAT, {1}, {1}, CONTIG);
    aq.Init(ACL_FLOAT, {1}, {}, CONTIG);
    Bytes yq(ACL_HIFLOAT8, {4});
    ExpectNotDone("QuantMax hif8 hybrid", aclnnQuantMaxGetWorkspaceSize(xq.t, sq.t, hyb, 34, yq.t, aq.t, &ws, &ex),
                  "hybrid");
}

// ---- DequantSwigluQuantV2 (950, dynamic, INT32 x, swigluMode 0) -------------------------------
// dequant_swiglu_quant.h: d = x * ws * as (FP32), v = swish(A) * B, v *= quantScale,
// scale = max|v| / 32768, y = v / scale.
static void RunDequantSwigluQuant(bool dynamic)
{
    const int64_t R = 4, H = 32, W = 2 * H;
    Lcg rng(99);
    std::vector<double> xv((size_t)(R * W)), wv(W), av(R), qv(H), ov(H);
    for (auto &v : xv) v = (double)(int64_t)(rng.value() * 4000.0);
    for (auto &v : wv) v = 0.001 + std::fabs(rng.value()) * 0.004;
    for (auto &v : av) v = 0.5 + std::fabs(rng.value());
    for (auto &v : qv) v = dynamic ? 0.5 + std::fabs(rng.value()) : 0.002 + std::fabs(rng.value()) * 0.01;
    for (auto &v : ov) v = rng.value() * 3.0;
    DevTensor x, w, a, q, o, sc;
    x.Init(ACL_INT32, {R, W}, xv, CONTIG);
    w.Init(ACL_FLOAT, {W}, wv, CONTIG);
    a.Init(ACL_FLOAT, {R}, av, CONTIG);
    q.Init(ACL_FLOAT, {H}, qv, CONTIG);
    o.Init(ACL_FLOAT, {H}, ov, CONTIG);
    sc.Init(ACL_FLOAT, {R}, {}, CONTIG, -5.0);
    const char *what = dynamic ? "DequantSwigluQuantV2 hif8 dynamic" : "DequantSwigluQuantV2 hif8 static";
    Bytes y(ACL_HIFLOAT8, {R, H});
    int rc = Run("DequantSwigluQuantV2", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnDequantSwigluQuantV2GetWorkspaceSize(x.t, w.t, a.t, nullptr, q.t, dynamic ? nullptr : o.t,
                                                        nullptr, true, (char *)(dynamic ? "dynamic" : "static"), 34,
                                                        (char *)"round", -1, 0, 7.0, 1.702, 1.0, y.t, sc.t, ws, ex); },
        aclnnDequantSwigluQuantV2);
    EXPECT(rc == 0, "%s: %d", what, rc);
    if (rc) return;
    std::vector<float> t((size_t)(R * H));
    std::vector<double> gs = sc.Read();
    size_t bad = 0;
    for (int64_t r = 0; r < R; r++) {
        std::vector<float> d((size_t)W), v((size_t)H);
        for (int64_t c = 0; c < W; c++)
            d[(size_t)c] = (float)(int32_t)xv[(size_t)(r * W + c)] * (float)wv[(size_t)c] * (float)av[(size_t)r];
        float amax = 0;
        for (int64_t c = 0; c < H; c++) {
            float A = d[(size_t)c], B = d[(size_t)(H + c)];
            v[(size_t)c] = B * (A / (std::exp(-A) + 1.0f));
            if (dynamic) v[(size_t)c] = v[(size_t)c] * (float)qv[(size_t)c];
            amax = std::fmax(amax, std::fabs(v[(size_t)c]));
        }
        if (!dynamic) { // y = v / quantScale + quantOffset (per channel)
            for (int64_t c = 0; c < H; c++)
                t[(size_t)(r * H + c)] = v[(size_t)c] / (float)qv[(size_t)c] + (float)ov[(size_t)c];
            continue;
        }
        float scale = amax / 32768.0f;
        bad += gs[(size_t)r] != (double)scale;
        for (int64_t c = 0; c < H; c++) t[(size_t)(r * H + c)] = v[(size_t)c] / scale;
    }
    EXPECT(bad == 0, "%s: %zu scales differ", what, bad);
    // swish uses the device's expf: allow codes one step apart where the FP32 value sits on a tie
    std::vector<unsigned char> got = y.Read();
    size_t off = 0;
    for (size_t i = 0; i < t.size(); i++) {
        unsigned want = (unsigned)hif8_ref_encode((double)t[i]);
        if (got[i] != want) {
            double gv = hif8_ref_value(got[i]), wvv = hif8_ref_value((int)want);
            bool near = std::fabs(gv - (double)t[i]) <= std::fabs(wvv - (double)t[i]) * (1 + 1e-6) + 1e-30;
            if (!near && off < 5) LOG_PRINT("  %s[%zu]: %.9g got 0x%02x want 0x%02x\n", what, i, t[i], got[i], want);
            off += !near;
        }
    }
    EXPECT(off == 0, "%s: %zu codes are not the nearest", what, off);
}

static void TestValidation950()
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, sc;
    x.Init(ACL_FLOAT16, {4, 16}, {}, CONTIG);
    sc.Init(ACL_FLOAT, {4}, {}, CONTIG);
    Bytes y(ACL_HIFLOAT8, {4, 16});
    ExpectError("DQV4 dstTypeMax 40000",
                aclnnDynamicQuantV4GetWorkspaceSize(x.t, nullptr, nullptr, 34, true, "pertoken", 40000.0f, y.t, sc.t,
                                                    nullptr, &ws, &ex), 561002, "[0, 32768]");
    ExpectError("DQV4 dstTypeMax -1",
                aclnnDynamicQuantV4GetWorkspaceSize(x.t, nullptr, nullptr, 34, true, "pertoken", -1.0f, y.t, sc.t,
                                                    nullptr, &ws, &ex), 561002, "dst_type_max");
    int rc = aclnnDynamicQuantV4GetWorkspaceSize(x.t, nullptr, nullptr, 34, true, "pertoken", 32768.0f, y.t, sc.t,
                                                 nullptr, &ws, &ex);
    EXPECT(rc == 0, "DQV4 dstTypeMax 32768: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
}

static void TestA2()
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, sc;
    x.Init(ACL_FLOAT16, {4, 16}, {}, CONTIG);
    sc.Init(ACL_FLOAT, {4}, {}, CONTIG);
    Bytes y(ACL_HIFLOAT8, {4, 16});
    int rc = aclnnDynamicQuantV2GetWorkspaceSize(x.t, nullptr, nullptr, 34, y.t, sc.t, nullptr, &ws, &ex);
    EXPECT(rc == 161002, "DynamicQuantV2 hif8 on the A2: %d", rc);
    aclGetRecentErrMsg();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    LOG_PRINT("hif8 quant on %s\n", soc.c_str());
    if (soc.find("950") == std::string::npos) {
        TestA2();
    } else {
        RunDynamicQuant(2, true, "pertoken", 0.0f, true, ACL_FLOAT16);
        RunDynamicQuant(2, false, "pertoken", 0.0f, false, ACL_BF16);
        RunDynamicQuant(3, true, "pertensor", 0.0f, false, ACL_FLOAT16);
        RunDynamicQuant(4, true, "pertoken", 224.0f, true, ACL_BF16);
        RunDynamicQuant(4, false, "pertoken", 15.0f, false, ACL_FLOAT16);
        RunAscendQuantV3();
        RunQuantize();
        RunAntiQuant(ACL_FLOAT16);
        RunAntiQuant(ACL_BF16);
        RunQuantMax(ACL_FLOAT);
        RunQuantMax(ACL_FLOAT16);
        RunGroupedQuantMax();
        RunDequantSwigluQuant(true);
        RunDequantSwigluQuant(false);
        TestValidation950();
    }
    if (g_failures) { LOG_PRINT("test_hif8_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_hif8_quant: ok\n");
    return 0;
}
