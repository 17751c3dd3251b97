// aclnnDequantSwigluQuant / V2 against a reference written here from the docs' formulas in the
// FP32 steps of the chips' kernels (exp is the C library's expf on both sides, everything else is
// IEEE single arithmetic, so codes and scales must match exactly):
//   dequant  INT32 x (+ INT32 bias, wrapping) -> float * ws [* as[row]] [+ float bias];
//   swiglu   mode 0 swish(A) * B; 1 / 2 GPT-OSS (even / odd, or halves); 3 Step3.5;
//   quant    dynamic: v *= qs; A2 without group: s = max / 127, y = rint(v * (1 / s));
//            A2 with group: s = max * fp32(1 / 127), y = rint(v / s); 950: s = max / DMAX,
//            y = cast(v / s); static: v * (1 / qs) + qo (one value), v / qs[c] + qo[c].
// INT8 codes saturate, NaN -> 0; FP8 codes (950) come from the table of every code (nearest even,
// saturating). Rows past the group counts stay as they were. Validation paths with their codes
// and messages, the chips (910B: V1 + V2; 950: V1 + V2 incl. FP8; 310P: 361001).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_dequant_swiglu_quant.h"
#include "aclnnop/aclnn_dequant_swiglu_quant_v2.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kRuntime = 361001, kTiling = 561002;
static bool g_950 = false;

// ---- FP8 codes: the value of each of the 256 codes, nearest (ties to even code), saturating ----
static std::vector<double> Fp8Table(aclDataType yd)
{
    bool e4 = yd == ACL_FLOAT8_E4M3FN;
    int mb = e4 ? 3 : 2, eb = e4 ? 4 : 5, bias = e4 ? 7 : 15;
    std::vector<double> t(256);
    for (uint32_t c = 0; c < 256; c++) {
        uint32_t e = (c >> mb) & ((1u << eb) - 1), m = c & ((1u << mb) - 1);
        double v;
        if (e4 && (c & 0x7f) == 0x7f) v = NAN;
        else if (!e4 && e == 31) v = m ? NAN : INFINITY;
        else if (e == 0) v = std::ldexp((double)m, 1 - bias - mb);
        else v = std::ldexp(1.0 + m / (double)(1u << mb), (int)e - bias);
        t[c] = (c & 0x80) ? -v : v;
    }
    return t;
}

static uint32_t Fp8Encode(const std::vector<double> &t, double maxv, float f)
{
    if (std::isnan(f)) return std::signbit(f) ? 0xff : 0x7f;
    double v = f > maxv ? maxv : f < -maxv ? -maxv : f;
    uint32_t s = std::signbit(v) ? 0x80 : 0;
    if (v == 0) return s;
    uint32_t best = s;
    double bd = INFINITY;
    for (uint32_t c = s; c < s + 128; c++) {
        if (!std::isfinite(t[c])) continue;
        double d = std::fabs(t[c] - v);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    return best;
}

static int Int8Code(float t)
{
    if (std::isnan(t)) return 0;
    float r = std::nearbyint(t); // default rounding: ties to even
    return r > 127.f ? 127 : r < -128.f ? -128 : (int)r;
}

// ---- one case ------------------------------------------------------------------------------------
struct Case {
    bool v2 = false;
    aclDataType xd = ACL_INT32, bd = ACL_DT_UNDEFINED, yd = ACL_INT8;
    std::vector<int64_t> lead = {5}; // x's leading dims
    int64_t H = 16;                  // y's last dim (x's is 2H)
    bool as = true, left = true, dynamic = true;
    int qs = 1;                      // 0 none, 1 per channel, 2 one value
    std::vector<int64_t> counts;     // group index (counts); empty: none
    int mode = 0;
    double clamp = 7.0, alpha = 1.702, gbias = 1.0;
    Layout lay = CONTIG;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t rows = 1;
    for (int64_t d : k.lead) rows *= d;
    int64_t H = k.H, W = 2 * H, G = k.counts.empty() ? 1 : (int64_t)k.counts.size();
    bool grp = !k.counts.empty();
    Lcg rng(1234 + (uint64_t)H + (uint64_t)k.mode * 7);
    std::vector<double> xv((size_t)(rows * W)), wv((size_t)(G * W)), av((size_t)rows), bv((size_t)(G * W)),
        qv((size_t)(G * H)), ov((size_t)(G * H));
    for (auto &v : xv) v = k.xd == ACL_INT32 ? (double)(int64_t)(rng.value() * 4000.0) : rng.value() * 6.0;
    for (auto &v : wv) v = 0.001 + std::fabs(rng.value()) * 0.004;
    for (auto &v : av) v = 0.5 + std::fabs(rng.value());
    for (auto &v : bv) v = k.bd == ACL_INT32 ? (double)(int64_t)(rng.value() * 300.0) : rng.value() * 2.0;
    for (auto &v : qv) v = k.dynamic ? 0.5 + std::fabs(rng.value()) : 0.02 + std::fabs(rng.value()) * 0.05;
    for (auto &v : ov) v = rng.value() * 3.0;
    if (rows > 1) // a zero row (max 0) and signed zeros
        for (int64_t c = 0; c < W; c++) xv[(size_t)(W + c)] = (c & 1) ? -0.0 : 0.0;
    if (k.xd == ACL_INT32 && !xv.empty()) xv[0] = 2147483647.0; // wraps with a positive INT32 bias
    if (k.bd == ACL_INT32) bv[0] = 77;
    std::vector<int64_t> xs = k.lead, ys = k.lead;
    xs.push_back(W);
    ys.push_back(H);
    std::vector<int64_t> ws_shape = grp ? std::vector<int64_t>{G, W} : std::vector<int64_t>{W};
    std::vector<int64_t> q_shape = k.qs == 2 ? std::vector<int64_t>{grp ? G : 1}
                                   : grp ? std::vector<int64_t>{G, H} : std::vector<int64_t>{H};
    DevTensor x, w, a, b, q, o, gi, y, sc;
    x.Init(k.xd, xs, xv, k.lay);
    w.Init(ACL_FLOAT, ws_shape, wv, CONTIG);
    a.Init(ACL_FLOAT, k.lead, av, CONTIG);
    b.Init(k.bd == ACL_DT_UNDEFINED ? ACL_FLOAT : k.bd, ws_shape, bv, CONTIG);
    q.Init(ACL_FLOAT, q_shape, qv, CONTIG);
    o.Init(ACL_FLOAT, q_shape, ov, CONTIG);
    std::vector<double> gv(k.counts.begin(), k.counts.end());
    gi.Init(ACL_INT64, {G}, gv, CONTIG);
    bool fp8 = k.yd != ACL_INT8;
    y.Init(fp8 ? ACL_UINT8 : ACL_INT8, ys, {}, CONTIG, 99);
    if (fp8) { // the same bytes seen as FP8
        aclDestroyTensor(y.t);
        y.t = aclCreateTensor(y.shape.data(), y.shape.size(), k.yd, y.strides.data(), 0, ACL_FORMAT_ND,
                              y.storage.data(), 1, y.dev);
    }
    sc.Init(ACL_FLOAT, k.lead, {}, CONTIG, -5.0);
    bool xi = k.xd == ACL_INT32;
    const aclTensor *wt = xi ? w.t : nullptr, *at = xi && k.as ? a.t : nullptr,
                    *bt = xi && k.bd != ACL_DT_UNDEFINED ? b.t : nullptr, *qt = k.qs ? q.t : nullptr,
                    *ot = !k.dynamic && k.qs ? o.t : nullptr, *gt = grp ? gi.t : nullptr;
    char *mode = (char *)(k.dynamic ? "dynamic" : "static");
    int rc;
    if (k.v2)
        rc = Run("DequantSwigluQuantV2", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnDequantSwigluQuantV2GetWorkspaceSize(x.t, wt, at, bt, qt, ot, gt, k.left, mode, (int64_t)k.yd,
                                                            (char *)"rint", -1, k.mode, k.clamp, k.alpha, k.gbias,
                                                            y.t, sc.t, ws, ex); }, aclnnDequantSwigluQuantV2);
    else
        rc = Run("DequantSwigluQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnDequantSwigluQuantGetWorkspaceSize(x.t, wt, at, bt, qt, ot, gt, k.left, mode, y.t, sc.t, ws,
                                                          ex); }, aclnnDequantSwigluQuant);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    std::vector<double> got = y.Read(), gs = sc.Read();
    std::vector<double> tab = fp8 ? Fp8Table(k.yd) : std::vector<double>();
    double dmax = k.yd == ACL_FLOAT8_E4M3FN ? 448.0 : k.yd == ACL_FLOAT8_E5M2 ? 57344.0 : 127.0;
    size_t bad = 0, nonzero = 0;
    std::vector<float> d((size_t)W), v((size_t)H);
    int64_t start = 0, gid = 0;
    for (int64_t r = 0; r < rows; r++) {
        // the row's group (counts); none past the last one
        bool covered = true;
        if (grp) {
            while (gid < G && r >= start + k.counts[(size_t)gid]) { start += k.counts[(size_t)gid]; gid++; }
            covered = gid < G;
        }
        int64_t g = grp ? gid : 0;
        if (!covered) {
            for (int64_t c = 0; c < H; c++)
                if (got[(size_t)(r * H + c)] != 99) bad++;
            if (gs[(size_t)r] != -5.0) bad++;
            continue;
        }
        for (int64_t c = 0; c < W; c++) {
            double xr = Quant(k.xd, xv[(size_t)(r * W + c)]);
            if (!xi) { d[(size_t)c] = (float)xr; continue; }
            int32_t ii = (int32_t)xr;
            if (k.bd == ACL_INT32) ii = (int32_t)((uint32_t)ii + (uint32_t)(int32_t)bv[(size_t)(g * W + c)]);
            float t = (float)ii * (float)wv[(size_t)(g * W + c)];
            if (k.as) t = t * (float)av[(size_t)r];
            if (k.bd != ACL_DT_UNDEFINED && k.bd != ACL_INT32) t = t + (float)Quant(k.bd, bv[(size_t)(g * W + c)]);
            d[(size_t)c] = t;
        }
        float L = (float)k.clamp, al = (float)k.alpha, gb = (float)k.gbias;
        for (int64_t c = 0; c < H; c++) {
            float A = k.mode == 1 ? d[(size_t)(2 * c)] : k.left ? d[(size_t)c] : d[(size_t)(H + c)];
            float B = k.mode == 1 ? d[(size_t)(2 * c + 1)] : k.left ? d[(size_t)(H + c)] : d[(size_t)c];
            if (k.mode == 0) {
                v[(size_t)c] = B * (A / (std::exp(-A) + 1.0f));
            } else if (k.mode == 3) {
                float s = A / (std::exp(-A) + 1.0f);
                v[(size_t)c] = std::max(std::min(B, L), -L) * std::min(s, L);
            } else {
                float lin = std::max(std::min(B, L), -L) + gb, glu = std::min(A, L);
                v[(size_t)c] = lin * (glu / (std::exp(glu * -al) + 1.0f));
            }
        }
        auto qval = [&](int64_t c) { return (float)qv[(size_t)(k.qs == 2 ? g : g * H + c)]; };
        std::vector<float> t((size_t)H);
        float scale = 0;
        if (k.dynamic) {
            float amax = 0;
            for (int64_t c = 0; c < H; c++) {
                if (k.qs) v[(size_t)c] = v[(size_t)c] * qval(c);
                amax = std::max(amax, std::fabs(v[(size_t)c]));
            }
            scale = g_950 ? amax / (float)dmax : grp ? amax * (float)(1.0 / 127.0) : amax / 127.0f;
            float inv = 1.0f / scale;
            for (int64_t c = 0; c < H; c++)
                t[(size_t)c] = (!g_950 && !grp) ? v[(size_t)c] * inv : v[(size_t)c] / scale;
            if (gs[(size_t)r] != (double)scale && !(std::isnan(gs[(size_t)r]) && std::isnan(scale))) {
                if (bad < 5) LOG_PRINT("  %s scale[%lld]: got %.9g want %.9g\n", k.name.c_str(), (long long)r, gs[(size_t)r], scale);
                bad++;
            }
        } else {
            for (int64_t c = 0; c < H; c++) {
                float u = v[(size_t)c];
                if (k.qs == 2) {
                    float s = qval(c);
                    u = g_950 ? u / s : u * (grp && s == 0 ? 1.0f : 1.0f / s);
                } else if (k.qs == 1) {
                    u = u / qval(c);
                }
                if (k.qs) u = u + (float)ov[(size_t)(k.qs == 2 ? g : g * H + c)];
                t[(size_t)c] = u;
            }
        }
        for (int64_t c = 0; c < H; c++) {
            double want = fp8 ? (double)Fp8Encode(tab, dmax, t[(size_t)c]) : (double)Int8Code(t[(size_t)c]);
            double gv2 = got[(size_t)(r * H + c)];
            nonzero += gv2 != 0 && gv2 != 128;
            if (gv2 != want) {
                if (bad < 5) LOG_PRINT("  %s y[%lld,%lld]: got %g want %g (t %.9g)\n", k.name.c_str(), (long long)r, (long long)c, gv2, want, t[(size_t)c]);
                bad++;
            }
        }
    }
    EXPECT(bad == 0, "%s: %zu mismatches", k.name.c_str(), bad);
    EXPECT(nonzero * 8 > (size_t)(rows * H), "%s: only %zu codes are not zero", k.name.c_str(), nonzero);
}

// ---- validation ----------------------------------------------------------------------------------
static void TestValidation(bool supported_v1, bool supported_v2)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, w, a, q, o, y, s, xf, g, g32, yb, w9, q9, a9, s9, y9, xodd, yodd, x1, y1, q2;
    x.Init(ACL_INT32, {4, 128}, {}, CONTIG);
    w.Init(ACL_FLOAT, {128}, {}, CONTIG);
    a.Init(ACL_FLOAT, {4}, {}, CONTIG);
    q.Init(ACL_FLOAT, {64}, {}, CONTIG);
    o.Init(ACL_FLOAT, {64}, {}, CONTIG);
    y.Init(ACL_INT8, {4, 64}, {}, CONTIG);
    s.Init(ACL_FLOAT, {4}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    g.Init(ACL_INT64, {1}, {4}, CONTIG);
    g32.Init(ACL_INT32, {1}, {4}, CONTIG);
    yb.Init(ACL_UINT8, {4, 64}, {}, CONTIG);
    w9.Init(ACL_FLOAT, {127}, {}, CONTIG);
    q9.Init(ACL_FLOAT, {63}, {}, CONTIG);
    a9.Init(ACL_FLOAT, {5}, {}, CONTIG);
    s9.Init(ACL_FLOAT, {3}, {}, CONTIG);
    y9.Init(ACL_INT8, {4, 63}, {}, CONTIG);
    xodd.Init(ACL_INT32, {4, 127}, {}, CONTIG);
    yodd.Init(ACL_INT8, {4, 63}, {}, CONTIG);
    x1.Init(ACL_INT32, {128}, {}, CONTIG);
    y1.Init(ACL_INT8, {64}, {}, CONTIG);
    q2.Init(ACL_FLOAT, {2, 64}, {}, CONTIG);
    char *dyn = (char *)"dynamic", *st = (char *)"static";
    auto v1 = [&](const aclTensor *x_, const aclTensor *w_, const aclTensor *a_, const aclTensor *q_,
                  const aclTensor *o_, const aclTensor *g_, char *m, const aclTensor *y_, const aclTensor *s_) {
        return aclnnDequantSwigluQuantGetWorkspaceSize(x_, w_, a_, nullptr, q_, o_, g_, true, m, y_, s_, &ws, &ex);
    };
    auto v2 = [&](const aclTensor *g_, char *m, int64_t dst, const char *rm, int64_t dim, int64_t sm, double cl,
                  const aclTensor *o_, const aclTensor *y_) {
        return aclnnDequantSwigluQuantV2GetWorkspaceSize(x.t, w.t, a.t, nullptr, q.t, o_, g_, true, m, dst, (char *)rm,
                                                        dim, sm, cl, 1.702, 1.0, y_, s.t, &ws, &ex);
    };
    ExpectError("v1 null x", v1(nullptr, w.t, a.t, q.t, nullptr, nullptr, dyn, y.t, s.t), kNull, "x");
    ExpectError("v1 null y", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, dyn, nullptr, s.t), kNull, "yOut");
    ExpectError("v1 null scale", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, dyn, y.t, nullptr), kNull, "scaleOut");
    if (!supported_v1) {
        int rc = v1(x.t, w.t, a.t, q.t, nullptr, nullptr, dyn, y.t, s.t);
        EXPECT(rc == kRuntime, "v1 on an unsupported chip: %d", rc);
    } else {
        ExpectError("null ws for INT32 x", v1(x.t, nullptr, a.t, q.t, nullptr, nullptr, dyn, y.t, s.t), kNull,
                    "weightScaleOptional");
        ExpectError("x dtype", v1(xf.t, w.t, a.t, q.t, nullptr, nullptr, dyn, y.t, s.t), kInvalid, "x");
        ExpectError("group dtype", v1(x.t, w.t, a.t, q.t, nullptr, g32.t, dyn, y.t, s.t), kInvalid,
                    "groupIndexOptional");
        ExpectError("y dtype", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, dyn, yb.t, s.t), kInvalid, "yOut");
        ExpectError("quant mode", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, (char *)"half", y.t, s.t), kInvalid,
                    "quantModeOptional");
        ExpectError("x 1-d", v1(x1.t, w.t, a.t, q.t, nullptr, nullptr, dyn, y1.t, s.t), kInvalid, "dim num of x");
        ExpectError("x odd", v1(xodd.t, w.t, a.t, q.t, nullptr, nullptr, dyn, yodd.t, s.t), kInvalid, "even");
        ExpectError("y shape", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, dyn, y9.t, s.t), kInvalid, "yOut");
        ExpectError("scale size", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, dyn, y.t, s9.t), kInvalid, "scaleOut");
        ExpectError("ws size", v1(x.t, w9.t, a.t, q.t, nullptr, nullptr, dyn, y.t, s.t), kInvalid,
                    "weightScaleOptional");
        ExpectError("as size", v1(x.t, w.t, a9.t, q.t, nullptr, nullptr, dyn, y.t, s.t), kInvalid,
                    "activationScaleOptional");
        ExpectError("qs size", v1(x.t, w.t, a.t, q9.t, nullptr, nullptr, dyn, y.t, s.t), kInvalid,
                    "quantScaleOptional");
        ExpectError("qs groups", v1(x.t, w.t, a.t, q2.t, nullptr, nullptr, dyn, y.t, s.t), kInvalid,
                    "quantScaleOptional");
        if (!g_950) {
            ExpectError("static without offset", v1(x.t, w.t, a.t, q.t, nullptr, nullptr, st, y.t, s.t), kNull,
                        "quantOffsetOptional");
            DevTensor xb, wb, yb2, sb;
            xb.Init(ACL_INT32, {2, 8192}, {}, CONTIG);
            wb.Init(ACL_FLOAT, {8192}, {}, CONTIG);
            yb2.Init(ACL_INT8, {2, 4096}, {}, CONTIG);
            sb.Init(ACL_FLOAT, {2}, {}, CONTIG);
            ExpectError("UB limit", v1(xb.t, wb.t, nullptr, nullptr, nullptr, nullptr, dyn, yb2.t, sb.t), kTiling,
                        "192KB");
        } else {
            DevTensor xh, yh, sh;
            xh.Init(ACL_FLOAT16, {4, 128}, {}, CONTIG);
            ExpectError("ws with FP16 x", v1(xh.t, w.t, nullptr, nullptr, nullptr, nullptr, dyn, y.t, s.t), kInvalid,
                        "not INT32");
            ExpectError("offset in dynamic", v1(x.t, w.t, a.t, q.t, o.t, nullptr, dyn, y.t, s.t), kInvalid,
                        "quantOffsetOptional");
            DevTensor xw, wh;
            xw.Init(ACL_INT32, {2, 10242}, {}, CONTIG);
            wh.Init(ACL_FLOAT, {10242}, {}, CONTIG);
            yh.Init(ACL_INT8, {2, 5121}, {}, CONTIG);
            sh.Init(ACL_FLOAT, {2}, {}, CONTIG);
            ExpectError("y last dim > 5120", v1(xw.t, wh.t, nullptr, nullptr, nullptr, nullptr, dyn, yh.t, sh.t),
                        kInvalid, "5120");
        }
        DevTensor x0, y0, s0;
        x0.Init(ACL_INT32, {0, 128}, {}, CONTIG);
        y0.Init(ACL_INT8, {0, 64}, {}, CONTIG);
        s0.Init(ACL_FLOAT, {0}, {}, CONTIG);
        int rc = v1(x0.t, w.t, nullptr, q.t, nullptr, nullptr, dyn, y0.t, s0.t);
        EXPECT(rc == 0 && ws == 0, "empty x: %d", rc);
        if (rc == 0) EXPECT(aclnnDequantSwigluQuant(nullptr, 0, ex, g_stream) == 0, "empty stage 2");
    }
    if (!supported_v2) {
        int rc = v2(g.t, dyn, 2, "rint", -1, 0, 7.0, nullptr, y.t);
        EXPECT(rc == kRuntime, "v2 on an unsupported chip: %d", rc);
        return;
    }
    ExpectError("v2 static without scale",
                aclnnDequantSwigluQuantV2GetWorkspaceSize(x.t, w.t, a.t, nullptr, nullptr, nullptr, g.t, true, st, 2,
                                                          nullptr, -1, 0, 7.0, 1.702, 1.0, y.t, s.t, &ws, &ex),
                kNull, "quantScaleOptional");
    ExpectError("dstType", v2(g.t, dyn, 3, "rint", -1, 0, 7.0, nullptr, y.t), kInvalid, "dstType");
    ExpectError("round mode", v2(g.t, dyn, 2, "up", -1, 0, 7.0, nullptr, y.t), kInvalid, "roundModeOptional");
    ExpectError("round mode for INT8", v2(g.t, dyn, 2, "floor", -1, 0, 7.0, nullptr, y.t), kInvalid, "rint");
    ExpectError("activateDim range", v2(g.t, dyn, 2, "rint", 2, 0, 7.0, nullptr, y.t), kInvalid, "activateDim");
    ExpectError("swigluMode", v2(g.t, dyn, 2, "rint", -1, 4, 7.0, nullptr, y.t), kInvalid, "swigluMode");
    ExpectError("clampLimit", v2(g.t, dyn, 2, "rint", -1, 1, -1.0, nullptr, y.t), kInvalid, "clampLimit");
    ExpectError("offset in dynamic", v2(g.t, dyn, 2, "rint", -1, 0, 7.0, o.t, y.t), kInvalid, "quantOffsetOptional");
    ExpectError("swigluMode 1 needs activateLeft",
                aclnnDequantSwigluQuantV2GetWorkspaceSize(x.t, w.t, a.t, nullptr, q.t, nullptr, g.t, false, dyn, 2,
                                                          nullptr, -1, 1, 7.0, 1.702, 1.0, y.t, s.t, &ws, &ex),
                kInvalid, "activateLeft");
    if (!g_950) {
        ExpectError("v2 group required", v2(nullptr, dyn, 2, "rint", -1, 0, 7.0, nullptr, y.t), kNull,
                    "groupIndexOptional");
        ExpectError("v2 activateDim 0", v2(g.t, dyn, 2, "rint", 0, 0, 7.0, nullptr, y.t), kInvalid, "activateDim");
        DevTensor x96, y96, w96;
        x96.Init(ACL_INT32, {4, 96}, {}, CONTIG);
        w96.Init(ACL_FLOAT, {96}, {}, CONTIG);
        y96.Init(ACL_INT8, {4, 48}, {}, CONTIG);
        ExpectError("x last dim % 64",
                    aclnnDequantSwigluQuantV2GetWorkspaceSize(x96.t, w96.t, nullptr, nullptr, nullptr, nullptr, g.t,
                                                              true, dyn, 2, nullptr, -1, 0, 7.0, 1.702, 1.0, y96.t,
                                                              s.t, &ws, &ex),
                    kInvalid, "64");
    } else {
        ExpectError("950 swigluMode", v2(g.t, dyn, 2, "rint", -1, 2, 7.0, nullptr, y.t), kInvalid, "swigluMode");
        DevTensor yh8, yf4;
        yh8.Init(ACL_UINT8, {4, 64}, {}, CONTIG);
        aclDestroyTensor(yh8.t);
        yh8.t = aclCreateTensor(yh8.shape.data(), 2, ACL_HIFLOAT8, yh8.strides.data(), 0, ACL_FORMAT_ND,
                                yh8.storage.data(), 1, yh8.dev);
        ExpectError("HIFLOAT8 round mode", v2(g.t, dyn, 34, "rint", -1, 0, 7.0, nullptr, yh8.t), kInvalid, "round");
        int rc = v2(g.t, dyn, 34, "round", -1, 0, 7.0, nullptr, yh8.t);
        EXPECT(rc == 0, "HIFLOAT8 y (values: tests/aclnn/hif8): %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        rc = v2(g.t, (char *)"static", 2, "rint", 0, 0, 7.0, nullptr, y.t);
        EXPECT(rc == kInvalid || rc == kRuntime, "activateDim 0: %d", rc);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool a2 = soc.find("910B") != std::string::npos, a3 = soc.find("910_93") != std::string::npos;
    g_950 = soc.find("950") != std::string::npos;
    LOG_PRINT("dequant swiglu quant on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (a2 || g_950) {
        Case k;
        add(k, "v1 int32 ws+as dynamic qs");
        k.bd = ACL_INT32; add(k, "v1 int32 bias int32");
        k.bd = ACL_FLOAT; k.left = false; add(k, "v1 int32 bias fp32 right");
        k.bd = ACL_BF16; k.as = false; k.lead = {2, 3}; add(k, "v1 int32 bias bf16 3-d");
        k.bd = ACL_FLOAT16; k.lay = STRIDED; add(k, "v1 int32 bias fp16 strided");
        Case h; h.xd = ACL_FLOAT16; h.qs = 0; h.H = 40; add(h, "v1 fp16 dynamic no qs");
        h.xd = ACL_BF16; h.qs = 1; h.left = false; h.lay = TRANSPOSED; add(h, "v1 bf16 dynamic qs transposed");
        Case gk; gk.counts = {2, 0, 2}; gk.lead = {6}; add(gk, "v1 int32 group (rows past the groups)");
        if (!g_950) {
            Case s1; s1.xd = ACL_FLOAT16; s1.dynamic = false; s1.qs = 2; add(s1, "v1 fp16 static one scale");
            s1.qs = 1; s1.xd = ACL_INT32; s1.bd = ACL_FLOAT; add(s1, "v1 int32 static per channel");
            s1.qs = 0; add(s1, "v1 int32 static no scale");
            Case sg; sg.dynamic = false; sg.qs = 2; sg.counts = {3, 3}; sg.lead = {6}; add(sg, "v1 static group one scale");
        }
    }
    if (a2 || a3 || g_950) {
        Case k; k.v2 = true; k.H = 32; k.counts = {3, 2}; k.lead = {6};
        add(k, "v2 mode 0 dynamic");
        k.bd = ACL_FLOAT; add(k, "v2 mode 0 bias");
        if (!g_950) {
            k.mode = 1; add(k, "v2 mode 1 (even / odd)");
            k.mode = 2; k.clamp = 0.5; k.alpha = 1.0; k.gbias = 0.25; add(k, "v2 mode 2 clamp 0.5");
            k.mode = 3; k.clamp = 0.75; add(k, "v2 mode 3 clamp 0.75");
            k.mode = 0; k.xd = ACL_BF16; k.bd = ACL_DT_UNDEFINED; add(k, "v2 bf16 x");
            k.xd = ACL_INT32; k.dynamic = false; k.qs = 2; add(k, "v2 static group scalars");
            k.qs = 1; add(k, "v2 static group per channel");
        } else {
            k.bd = ACL_DT_UNDEFINED;
            k.yd = ACL_FLOAT8_E4M3FN; add(k, "v2 950 fp8 e4m3");
            k.yd = ACL_FLOAT8_E5M2; k.xd = ACL_BF16; add(k, "v2 950 fp8 e5m2 bf16 x");
            k.yd = ACL_INT8; k.counts.clear(); k.xd = ACL_FLOAT16; add(k, "v2 950 fp16 no group");
        }
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(a2 || g_950, a2 || a3 || g_950);
    if (g_failures) { LOG_PRINT("test_dequant_swiglu_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dequant_swiglu_quant: ok (%zu cases)\n", cases.size());
    return 0;
}
