// aclnnDequantSituQuant against a reference written here from the docs' formulas in the FP32 steps
// of the A2 / A3 kernels (tanh / exp are the C library's on both sides, the rest IEEE single):
//   INT8 x:  d = float(x) * ws [+ bias] (each [2H] or [1]);
//   INT32 x: d = float(x) * ws[g] * as[row] [+ bias[g]] (g: the row's group of the counts);
//   FP16 / BF16 x: d = x;
//   situ = (tanh(gate * (1 / beta)) * beta * (1 / (exp(-gate) + 1))) * up', up' = tanh(up * (1 /
//   lb)) * lb when lb > 0;
//   INT8 x static: per tensor situ * (s == 0 ? 1 : 1 / s) + o[0], per channel situ / s[c] + o[c];
//   dynamic: situ *= qs, scale = max * fp32(1 / 127) (INT8: 0 written, 1 used; others: 1 written
//   and used), y = situ * (1 / scale).
// Codes: round to nearest even (the kernel's CAST_RINT; the docs' trunc is not what it does),
// saturating to INT8. Rows past the groups stay untouched. Validation paths (161001 / 161002) and
// the 361001 refusal on the 950 / 310P.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_dequant_situ_quant.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kRuntime = 361001;

static int Int8Code(float t)
{
    if (std::isnan(t)) return 0;
    float r = std::nearbyint(t);
    return r > 127.f ? 127 : r < -128.f ? -128 : (int)r;
}

struct Case {
    aclDataType xd = ACL_INT8;
    std::vector<int64_t> lead = {6};
    int64_t H = 24;
    bool dynamic = true, left = true, bias = false, ws_one = false;
    int qs = 0; // 0 none, 1 per channel [H], 2 one value
    bool qo = true;
    std::vector<int64_t> counts;
    float beta = 4.0f, lb = 25.0f;
    Layout lay = CONTIG;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t rows = 1;
    for (int64_t d : k.lead) rows *= d;
    int64_t H = k.H, W = 2 * H, G = k.counts.empty() ? 1 : (int64_t)k.counts.size();
    bool grp = !k.counts.empty(), i8 = k.xd == ACL_INT8, i32 = k.xd == ACL_INT32;
    Lcg rng(99 + (uint64_t)H);
    int64_t wn = k.ws_one ? 1 : G * W;
    std::vector<double> xv((size_t)(rows * W)), wv((size_t)wn), av((size_t)rows), bv((size_t)wn), qv((size_t)H),
        ov((size_t)H);
    for (auto &v : xv)
        v = i8 ? (double)(int64_t)(rng.value() * 127.0) : i32 ? (double)(int64_t)(rng.value() * 3000.0) : rng.value() * 5.0;
    for (auto &v : wv) v = i8 ? 0.01 + std::fabs(rng.value()) * 0.05 : 0.0005 + std::fabs(rng.value()) * 0.002;
    for (auto &v : av) v = 0.5 + std::fabs(rng.value());
    for (auto &v : bv) v = rng.value() * 0.5;
    for (auto &v : qv) v = k.dynamic ? 0.5 + std::fabs(rng.value()) : 0.01 + std::fabs(rng.value()) * 0.03;
    for (auto &v : ov) v = rng.value() * 4.0;
    if (rows > 1)
        for (int64_t c = 0; c < W; c++) xv[(size_t)(W + c)] = 0.0; // a zero row: scale 0
    std::vector<int64_t> xs = k.lead, ys = k.lead;
    xs.push_back(W);
    ys.push_back(H);
    std::vector<int64_t> wshape = k.ws_one ? std::vector<int64_t>{1}
                                  : grp ? std::vector<int64_t>{G, W} : std::vector<int64_t>{W};
    std::vector<int64_t> qshape = {k.qs == 2 ? 1 : H};
    DevTensor x, w, a, b, q, o, gi, y, sc;
    x.Init(k.xd, xs, xv, k.lay);
    w.Init(ACL_FLOAT, wshape, wv, CONTIG);
    a.Init(ACL_FLOAT, {rows}, av, CONTIG);
    b.Init(ACL_FLOAT, wshape, bv, CONTIG);
    q.Init(ACL_FLOAT, qshape, qv, CONTIG);
    o.Init(ACL_FLOAT, qshape, ov, CONTIG);
    std::vector<double> gv(k.counts.begin(), k.counts.end());
    gi.Init(ACL_INT64, {G}, gv, CONTIG);
    y.Init(ACL_INT8, ys, {}, CONTIG, 99);
    sc.Init(ACL_FLOAT, k.lead, {}, CONTIG, -5.0);
    const aclTensor *wt = i8 || i32 ? w.t : nullptr, *at = i32 ? a.t : nullptr,
                    *bt = (i8 || i32) && k.bias ? b.t : nullptr, *qt = k.qs ? q.t : nullptr,
                    *ot = !k.dynamic && k.qs && k.qo ? o.t : nullptr, *gt = grp ? gi.t : nullptr;
    char *mode = (char *)(k.dynamic ? "dynamic" : "static");
    int rc = Run("DequantSituQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnDequantSituQuantGetWorkspaceSize(x.t, wt, at, bt, qt, ot, gt, k.beta, k.lb, k.left, mode, y.t,
                                                    sc.t, ws, ex); }, aclnnDequantSituQuant);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    std::vector<double> got = y.Read(), gs = sc.Read();
    size_t bad = 0, nonzero = 0;
    std::vector<float> d((size_t)W), v((size_t)H);
    int64_t start = 0, gid = 0;
    for (int64_t r = 0; r < rows; r++) {
        if (grp) {
            while (gid < G && r >= start + k.counts[(size_t)gid]) { start += k.counts[(size_t)gid]; gid++; }
            if (gid >= G) {
                for (int64_t c = 0; c < H; c++) bad += got[(size_t)(r * H + c)] != 99;
                bad += gs[(size_t)r] != -5.0;
                continue;
            }
        }
        int64_t g = grp ? gid : 0;
        for (int64_t c = 0; c < W; c++) {
            double xr = Quant(k.xd, xv[(size_t)(r * W + c)]);
            if (!i8 && !i32) { d[(size_t)c] = (float)xr; continue; }
            size_t wi = k.ws_one ? 0 : (size_t)(g * W + c);
            float t = (float)xr * (float)wv[wi];
            if (i32) t = t * (float)av[(size_t)r];
            if (k.bias) t = t + (float)bv[wi];
            d[(size_t)c] = t;
        }
        for (int64_t c = 0; c < H; c++) {
            float gate = k.left ? d[(size_t)c] : d[(size_t)(H + c)], up = k.left ? d[(size_t)(H + c)] : d[(size_t)c];
            float th = std::tanh(gate * (1.0f / k.beta)) * k.beta, sig = 1.0f / (std::exp(-gate) + 1.0f);
            if (k.lb > 0) up = std::tanh(up * (1.0f / k.lb)) * k.lb;
            v[(size_t)c] = th * sig * up;
        }
        std::vector<float> t((size_t)H);
        if (k.dynamic) {
            float amax = 0;
            for (int64_t c = 0; c < H; c++) {
                if (k.qs) v[(size_t)c] = v[(size_t)c] * (float)qv[(size_t)(k.qs == 2 ? 0 : c)];
                amax = std::max(amax, std::fabs(v[(size_t)c]));
            }
            float s = amax * (float)(1.0 / 127.0);
            if (!i8 && !(s > 0)) s = 1.0f;
            if (gs[(size_t)r] != (double)s) {
                if (bad < 5) LOG_PRINT("  %s scale[%lld]: got %.9g want %.9g\n", k.name.c_str(), (long long)r, gs[(size_t)r], s);
                bad++;
            }
            if (s == 0) s = 1.0f;
            float inv = 1.0f / s;
            for (int64_t c = 0; c < H; c++) t[(size_t)c] = v[(size_t)c] * inv;
        } else {
            for (int64_t c = 0; c < H; c++) {
                float u = v[(size_t)c];
                if (k.qs == 2) {
                    float s = (float)qv[0];
                    u = u * (s == 0 ? 1.0f : 1.0f / s);
                    if (k.qo) u = u + (float)ov[0];
                } else {
                    u = u / (float)qv[(size_t)c];
                    if (k.qo) u = u + (float)ov[(size_t)c];
                }
                t[(size_t)c] = u;
            }
        }
        for (int64_t c = 0; c < H; c++) {
            double want = Int8Code(t[(size_t)c]), gv2 = got[(size_t)(r * H + c)];
            nonzero += gv2 != 0;
            if (gv2 != want) {
                if (bad < 5) LOG_PRINT("  %s y[%lld,%lld]: got %g want %g (t %.9g)\n", k.name.c_str(), (long long)r, (long long)c, gv2, want, t[(size_t)c]);
                bad++;
            }
        }
    }
    EXPECT(bad == 0, "%s: %zu mismatches", k.name.c_str(), bad);
    EXPECT(nonzero * 8 > (size_t)(rows * H), "%s: only %zu codes are not zero", k.name.c_str(), nonzero);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, w, q, o, y, s, x32, a, xh, xf, w9, q9, y9, s9, xodd, yodd, x3, y3, s3, g, w1, e;
    x.Init(ACL_INT8, {4, 64}, {}, CONTIG);
    w.Init(ACL_FLOAT, {64}, {}, CONTIG);
    q.Init(ACL_FLOAT, {32}, {}, CONTIG);
    o.Init(ACL_FLOAT, {32}, {}, CONTIG);
    y.Init(ACL_INT8, {4, 32}, {}, CONTIG);
    s.Init(ACL_FLOAT, {4}, {}, CONTIG);
    x32.Init(ACL_INT32, {4, 64}, {}, CONTIG);
    a.Init(ACL_FLOAT, {4}, {}, CONTIG);
    xh.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 64}, {}, CONTIG);
    w9.Init(ACL_FLOAT, {63}, {}, CONTIG);
    q9.Init(ACL_FLOAT, {31}, {}, CONTIG);
    y9.Init(ACL_INT8, {4, 31}, {}, CONTIG);
    s9.Init(ACL_FLOAT, {5}, {}, CONTIG);
    xodd.Init(ACL_INT8, {4, 63}, {}, CONTIG);
    yodd.Init(ACL_INT8, {4, 31}, {}, CONTIG);
    x3.Init(ACL_INT32, {2, 2, 64}, {}, CONTIG);
    y3.Init(ACL_INT8, {2, 2, 32}, {}, CONTIG);
    s3.Init(ACL_FLOAT, {2, 2}, {}, CONTIG);
    g.Init(ACL_INT64, {2}, {2, 2}, CONTIG);
    w1.Init(ACL_FLOAT, {1}, {}, CONTIG);
    e.Init(ACL_INT8, {0, 64}, {}, CONTIG);
    char *dyn = (char *)"dynamic", *st = (char *)"static";
    auto f = [&](const aclTensor *x_, const aclTensor *w_, const aclTensor *a_, const aclTensor *q_, const aclTensor *o_,
                 const aclTensor *g_, float beta, char *m, const aclTensor *y_, const aclTensor *s_) {
        return aclnnDequantSituQuantGetWorkspaceSize(x_, w_, a_, nullptr, q_, o_, g_, beta, 25.0f, true, m, y_, s_, &ws,
                                                    &ex);
    };
    ExpectError("null x", f(nullptr, w.t, nullptr, q.t, o.t, nullptr, 4, st, y.t, s.t), kNull, "x");
    ExpectError("null y", f(x.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, nullptr, s.t), kNull, "yOut");
    ExpectError("null yScale", f(x.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, y.t, nullptr), kNull, "yScaleOut");
    if (!supported) {
        int rc = f(x.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, y.t, s.t);
        EXPECT(rc == kRuntime, "DequantSituQuant off A2 / A3: %d", rc);
        return;
    }
    ExpectError("INT8 without ws", f(x.t, nullptr, nullptr, q.t, o.t, nullptr, 4, st, y.t, s.t), kNull,
                "weightScaleOptional");
    ExpectError("INT32 without as", f(x32.t, w.t, nullptr, nullptr, nullptr, nullptr, 4, dyn, y.t, s.t), kNull,
                "activationScaleOptional");
    ExpectError("static without qs", f(x.t, w.t, nullptr, nullptr, nullptr, nullptr, 4, st, y.t, s.t), kNull,
                "quantScaleOptional");
    ExpectError("x dtype", f(xf.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, y.t, s.t), kInvalid, "x");
    ExpectError("quant type", f(x.t, w.t, nullptr, q.t, o.t, nullptr, 4, (char *)"both", y.t, s.t), kInvalid,
                "quantTypeOptional");
    ExpectError("beta 0", f(x.t, w.t, nullptr, q.t, o.t, nullptr, 0, st, y.t, s.t), kInvalid, "beta");
    ExpectError("empty x", f(e.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, y.t, s.t), kInvalid, "empty");
    ExpectError("odd x", f(xodd.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, yodd.t, s.t), kInvalid, "even");
    ExpectError("ws size", f(x.t, w9.t, nullptr, q.t, o.t, nullptr, 4, st, y.t, s.t), kInvalid, "weightScaleOptional");
    ExpectError("qs size", f(x.t, w.t, nullptr, q9.t, o.t, nullptr, 4, st, y.t, s.t), kInvalid, "quantScaleOptional");
    ExpectError("INT8 with as", f(x.t, w.t, a.t, q.t, o.t, nullptr, 4, st, y.t, s.t), kInvalid,
                "activationScaleOptional");
    ExpectError("INT8 with group", f(x.t, w.t, nullptr, q.t, o.t, g.t, 4, st, y.t, s.t), kInvalid,
                "groupIndexOptional");
    ExpectError("y last dim", f(x.t, w.t, nullptr, q.t, o.t, nullptr, 4, st, y9.t, s.t), kInvalid, "yOut");
    ExpectError("yScale size", f(x.t, w.t, nullptr, q.t, o.t, nullptr, 4, dyn, y.t, s9.t), kInvalid, "yScaleOut");
    ExpectError("INT32 3-d", f(x3.t, w.t, a.t, nullptr, nullptr, nullptr, 4, dyn, y3.t, s3.t), kInvalid, "dim num");
    ExpectError("INT32 with qs", f(x32.t, w.t, a.t, q.t, nullptr, nullptr, 4, dyn, y.t, s.t), kInvalid,
                "quantScaleOptional");
    ExpectError("INT32 static", f(x32.t, w.t, a.t, nullptr, nullptr, nullptr, 4, (char *)"STATIC", y.t, s.t), kNull,
                "quantScaleOptional");
    ExpectError("INT32 ws vs group", f(x32.t, w.t, a.t, nullptr, nullptr, g.t, 4, dyn, y.t, s.t), kInvalid,
                "weightScaleOptional");
    ExpectError("INT32 ws [1]", f(x32.t, w1.t, a.t, nullptr, nullptr, nullptr, 4, dyn, y.t, s.t), kInvalid,
                "weightScaleOptional");
    ExpectError("FP16 with ws", f(xh.t, w.t, nullptr, nullptr, nullptr, nullptr, 4, dyn, y.t, s.t), kInvalid,
                "absent");
    ExpectError("FP16 with group", f(xh.t, nullptr, nullptr, nullptr, nullptr, g.t, 4, dyn, y.t, s.t), kInvalid,
                "absent");
    ExpectError("FP16 y shape", f(xh.t, nullptr, nullptr, nullptr, nullptr, nullptr, 4, dyn, y9.t, s.t), kInvalid,
                "yOut");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("910B") != std::string::npos || soc.find("910_93") != std::string::npos;
    LOG_PRINT("dequant situ quant on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "int8 dynamic");
        k.qs = 1; k.bias = true; add(k, "int8 dynamic smooth bias");
        k.qs = 2; k.ws_one = true; k.left = false; add(k, "int8 dynamic one smooth, one ws, right");
        k.ws_one = false; k.lead = {2, 3}; k.lb = 0; k.beta = -2.5f; add(k, "int8 3-d lb 0 beta < 0");
        Case s; s.dynamic = false; s.qs = 2; add(s, "int8 static one scale");
        s.qs = 1; s.bias = true; add(s, "int8 static per channel");
        s.qo = false; s.lay = STRIDED; add(s, "int8 static no offset strided");
        Case i; i.xd = ACL_INT32; add(i, "int32 dynamic");
        i.bias = true; i.counts = {2, 0, 3}; i.lead = {7}; add(i, "int32 group (rows past the groups)");
        i.counts = {4, 9}; add(i, "int32 group counts past the rows");
        Case h; h.xd = ACL_FLOAT16; h.H = 40; add(h, "fp16 dynamic");
        h.xd = ACL_BF16; h.lay = TRANSPOSED; h.left = false; add(h, "bf16 dynamic transposed right");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_dequant_situ_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dequant_situ_quant: ok (%zu cases)\n", cases.size());
    return 0;
}
