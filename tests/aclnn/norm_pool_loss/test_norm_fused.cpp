// aclnnGemmaRmsNorm, aclnnDeepNorm, aclnnAddRmsNormQuant, aclnnRmsNormQuant, aclnnApplyAdamW
// (norm part, session 10) against double-precision references: every dtype the current chip
// lists, contiguous / transposed / padded views, empty tensors, the INT8 epilogue bit-exact
// against round-half-to-even + saturation (exact ties built with rstd = 0.5), AdamW over several
// steps, the validation paths with codes and messages. The same program runs on the default
// chip (Ascend910B), on a 310P and on a 950 (meson gives each its topology); what the chip
// refuses is checked as refused.
#include "npl_util.h"
#include "aclnnop/aclnn_add_rms_norm_quant.h"
#include "aclnnop/aclnn_apply_adam_w.h"
#include "aclnnop/aclnn_deep_norm.h"
#include "aclnnop/aclnn_gemma_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_quant.h"

enum Chip { CHIP_A2, CHIP_310P, CHIP_950 };
static Chip g_chip = CHIP_A2;

static std::vector<int64_t> StatShape(std::vector<int64_t> s, size_t nnorm)
{
    for (size_t i = s.size() - nnorm; i < s.size(); i++) s[i] = 1;
    return s;
}

static std::vector<aclDataType> FloatDts()
{
    if (g_chip == CHIP_310P) return {ACL_FLOAT, ACL_FLOAT16};
    return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
}

// ---- GemmaRmsNorm: y = x * rstd * (1 + gamma)
static void GemmaCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, size_t nnorm, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> gs(shape.end() - nnorm, shape.end());
    int64_t n = GetShapeSize(gs), rows = GetShapeSize(shape) / n;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, rows * n), xl), g = MakeTensor(dt, gs, RandVals(rng, n, 0.3));
    DevTensor y = MakeOut(dt, shape, xl), r = MakeOut(ACL_FLOAT, StatShape(shape, nnorm));
    double eps = 1e-6;
    EXPECT(NPL_RUN(GemmaRmsNorm, x.t, g.t, eps, y.t, r.t) == 0, "GemmaRmsNorm run");
    std::vector<double> ry(rows * n), rr(rows);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += x.vals[i * n + j] * x.vals[i * n + j];
        rr[i] = 1.0 / std::sqrt(s / n + eps);
        for (int64_t j = 0; j < n; j++) ry[i * n + j] = x.vals[i * n + j] * rr[i] * (1.0 + g.vals[j]);
    }
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(xl);
    CheckDtype(Name("GemmaRmsNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("GemmaRmsNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(r), rr);
    CheckUntouched("GemmaRmsNorm y storage", y);
    for (DevTensor *t : {&x, &g, &y, &r}) t->Free();
}

// ---- DeepNorm: x' = alpha x + gx, y = (x' - mean) rstd gamma + beta
static void DeepCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, size_t nnorm, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> gs(shape.end() - nnorm, shape.end());
    int64_t n = GetShapeSize(gs), rows = GetShapeSize(shape) / n;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, rows * n), xl), gx = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor beta = MakeTensor(dt, gs, RandVals(rng, n, 0.2)), gamma = MakeTensor(dt, gs, RandVals(rng, n, 0.4));
    DevTensor mean = MakeOut(ACL_FLOAT, StatShape(shape, nnorm)), rstd = MakeOut(ACL_FLOAT, StatShape(shape, nnorm));
    DevTensor y = MakeOut(dt, shape, xl);
    double alpha = 0.7, eps = 1e-5;
    EXPECT(NPL_RUN(DeepNorm, x.t, gx.t, beta.t, gamma.t, alpha, eps, mean.t, rstd.t, y.t) == 0, "DeepNorm run");
    std::vector<double> ry(rows * n), rm(rows), rr(rows), xp(n);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0, v = 0;
        for (int64_t j = 0; j < n; j++) s += xp[j] = alpha * x.vals[i * n + j] + gx.vals[i * n + j];
        rm[i] = s / n;
        for (int64_t j = 0; j < n; j++) v += (xp[j] - rm[i]) * (xp[j] - rm[i]);
        rr[i] = 1.0 / std::sqrt(v / n + eps);
        for (int64_t j = 0; j < n; j++) ry[i * n + j] = (xp[j] - rm[i]) * rr[i] * gamma.vals[j] + beta.vals[j];
    }
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(xl);
    CheckDtype(Name("DeepNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("DeepNorm mean", dt, what).c_str(), ACL_FLOAT, Read(mean), rm);
    CheckDtype(Name("DeepNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(rstd), rr);
    CheckUntouched("DeepNorm y storage", y);
    for (DevTensor *t : {&x, &gx, &beta, &gamma, &mean, &rstd, &y}) t->Free();
}

// The documented INT8 rounding: nearest, ties to even, saturated.
static double QuantRef(double v)
{
    double r = std::nearbyint(v);
    return r > 127 ? 127 : (r < -128 ? -128 : r);
}

// Quantised outputs against QuantRef(pre) exactly, except where the FP32 pipeline may fall on
// the other side of a rounding tie (pre within `window` of k + 0.5).
static void CheckQuant(const char *name, const std::vector<double> &got, const std::vector<double> &pre, double window)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < pre.size(); i++) {
        double want = QuantRef(pre[i]);
        if (got[i] == want) continue;
        double frac = pre[i] - std::floor(pre[i]);
        bool near_tie = std::fabs(frac - 0.5) < window && std::fabs(got[i] - want) == 1;
        if (!near_tie && !bad++) first = i;
    }
    EXPECT(bad == 0, "%s: %zu/%zu quantised elements differ (first %zu: got %g want %g from %.6f)", name, bad,
           pre.size(), first, bad ? got[first] : 0.0, bad ? QuantRef(pre[first]) : 0.0, bad ? pre[first] : 0.0);
}

// ---- AddRmsNormQuant: x = x1 + x2, y = RmsNorm(x) gamma, yk = round(y / scalek + zpk)
static void AddRmsQuantCase(Runtime &rt, aclDataType dt, aclDataType sdt, aclDataType zdt, bool dual, bool div_mode,
                            std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    DevTensor x1 = MakeTensor(dt, shape, RandVals(rng, rows * n), xl), x2 = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor g = MakeTensor(dt, {n}, RandVals(rng, n, 0.5));
    std::vector<double> sv(n), s2v(n), zv(n), z2v(n);
    for (int64_t j = 0; j < n; j++) {
        sv[j] = div_mode ? 0.004 + 0.02 * rng.uniform() : 40 + 90 * rng.uniform();
        s2v[j] = div_mode ? 0.01 + 0.03 * rng.uniform() : 20 + 40 * rng.uniform();
        zv[j] = std::floor(rng.uniform() * 20 - 10);
        z2v[j] = std::floor(rng.uniform() * 10 - 5);
    }
    DevTensor s1 = MakeTensor(sdt, {n}, sv), s2 = MakeTensor(sdt, {n}, s2v), z1 = MakeTensor(zdt, {n}, zv),
              z2 = MakeTensor(zdt, {n}, z2v);
    DevTensor y1 = MakeOut(ACL_INT8, shape, xl), y2 = MakeOut(ACL_INT8, shape), xo = MakeOut(dt, shape);
    double eps = 1e-6;
    int rc = NPL_RUN(AddRmsNormQuant, x1.t, x2.t, g.t, s1.t, dual ? s2.t : nullptr, z1.t, dual ? z2.t : nullptr, -1,
                     eps, div_mode, y1.t, y2.t, xo.t);
    EXPECT(rc == 0, "AddRmsNormQuant run (%s)", DtName(dt));
    std::vector<double> xs(rows * n), p1(rows * n), p2(rows * n);
    for (int64_t i = 0; i < rows * n; i++) xs[i] = RoundTo(dt, x1.vals[i] + x2.vals[i]);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += xs[i * n + j] * xs[i * n + j];
        double rs = 1.0 / std::sqrt(s / n + eps);
        for (int64_t j = 0; j < n; j++) {
            double y = xs[i * n + j] * rs * g.vals[j];
            p1[i * n + j] = (div_mode ? y / s1.vals[j] : y * s1.vals[j]) + z1.vals[j];
            p2[i * n + j] = (div_mode ? y / s2.vals[j] : y * s2.vals[j]) + z2.vals[j];
        }
    }
    std::string what = std::string(DtName(dt)) + (dual ? " dual" : " single") + (div_mode ? " div" : " mul") +
                       " layout " + std::to_string(xl);
    CheckQuant(("AddRmsNormQuant y1 " + what).c_str(), Read(y1), p1, dt == ACL_FLOAT ? 1e-3 : 4e-3);
    if (dual) CheckQuant(("AddRmsNormQuant y2 " + what).c_str(), Read(y2), p2, dt == ACL_FLOAT ? 1e-3 : 4e-3);
    else {
        std::vector<double> y2v = Read(y2);
        bool untouched = true;
        for (double v : y2v) untouched &= v == 0;
        EXPECT(untouched, "AddRmsNormQuant %s: y2Out written without scales2", what.c_str());
    }
    CheckDtype(("AddRmsNormQuant xOut " + what).c_str(), dt, Read(xo), xs);
    CheckUntouched("AddRmsNormQuant y1 storage", y1);
    for (DevTensor *t : {&x1, &x2, &g, &s1, &s2, &z1, &z2, &y1, &y2, &xo}) t->Free();
}

// Exact ties: rows of 2.0 with eps 0 give rstd 0.5 and y = gamma, so y / 1 + 0 lands on k + 0.5.
static const std::vector<double> kTies = {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, 127.5, -128.5, 300, -300, 3.25};

static void AddRmsQuantTies(Runtime &rt, aclDataType dt, aclDataType sdt, aclDataType zdt)
{
    int64_t n = (int64_t)kTies.size();
    DevTensor x1 = MakeTensor(dt, {2, n}, std::vector<double>(2 * n, 1.0)), x2 = MakeTensor(dt, {2, n}, std::vector<double>(2 * n, 1.0));
    DevTensor g = MakeTensor(dt, {n}, kTies), s1 = MakeTensor(sdt, {n}, std::vector<double>(n, 1.0));
    DevTensor z1 = MakeTensor(zdt, {n}, std::vector<double>(n, 0.0));
    DevTensor y1 = MakeOut(ACL_INT8, {2, n}), y2 = MakeOut(ACL_INT8, {2, n}), xo = MakeOut(dt, {2, n});
    EXPECT(NPL_RUN(AddRmsNormQuant, x1.t, x2.t, g.t, s1.t, nullptr, z1.t, nullptr, -1, 0.0, true, y1.t, y2.t, xo.t) == 0,
           "AddRmsNormQuant ties run");
    std::vector<double> got = Read(y1);
    for (int64_t r = 0; r < 2; r++)
        for (int64_t j = 0; j < n; j++)
            EXPECT(got[r * n + j] == QuantRef(g.vals[j]), "AddRmsNormQuant tie %s: %g -> %g, want %g", DtName(dt),
                   g.vals[j], got[r * n + j], QuantRef(g.vals[j]));
    for (DevTensor *t : {&x1, &x2, &g, &s1, &z1, &y1, &y2, &xo}) t->Free();
}

// ---- RmsNormQuant: q = RmsNorm(x) gamma + beta, y = round(q / scale + offset)
static void RmsQuantCase(Runtime &rt, aclDataType dt, aclDataType sdt, aclDataType odt, int64_t sn,
                         std::vector<int64_t> shape, bool gamma2d, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, rows * n), xl);
    std::vector<int64_t> gs = gamma2d ? std::vector<int64_t>{1, n} : std::vector<int64_t>{n};
    DevTensor g = MakeTensor(dt, gs, RandVals(rng, n, 0.5)), b = MakeTensor(dt, gs, RandVals(rng, n, 0.1));
    std::vector<double> sv(sn), ov(sn);
    for (int64_t j = 0; j < sn; j++) {
        sv[j] = 0.004 + 0.02 * rng.uniform();
        ov[j] = std::floor(rng.uniform() * 20 - 10);
    }
    DevTensor sc = MakeTensor(sdt, {sn}, sv), of = MakeTensor(odt, {sn}, ov), y = MakeOut(ACL_INT8, shape, xl);
    double eps = 1e-6;
    EXPECT(NPL_RUN(RmsNormQuant, x.t, g.t, b.t, sc.t, of.t, eps, y.t) == 0, "RmsNormQuant run (%s)", DtName(dt));
    std::vector<double> pre(rows * n);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += x.vals[i * n + j] * x.vals[i * n + j];
        double rs = 1.0 / std::sqrt(s / n + eps);
        for (int64_t j = 0; j < n; j++) {
            int64_t k = sn == 1 ? 0 : j;
            pre[i * n + j] = (x.vals[i * n + j] * rs * g.vals[j] + b.vals[j]) / sc.vals[k] + of.vals[k];
        }
    }
    std::string what = std::string(DtName(dt)) + " scale_n " + std::to_string(sn) + " layout " + std::to_string(xl);
    CheckQuant(("RmsNormQuant y " + what).c_str(), Read(y), pre, dt == ACL_FLOAT ? 1e-3 : 4e-3);
    CheckUntouched("RmsNormQuant y storage", y);
    for (DevTensor *t : {&x, &g, &b, &sc, &of, &y}) t->Free();
}

static void RmsQuantTies(Runtime &rt, aclDataType dt)
{
    int64_t n = (int64_t)kTies.size();
    std::vector<double> bv(n);
    for (int64_t j = 0; j < n; j++) bv[j] = kTies[j] - 1.0; // q = 1 + beta
    DevTensor x = MakeTensor(dt, {3, n}, std::vector<double>(3 * n, 2.0)), g = MakeTensor(dt, {n}, std::vector<double>(n, 1.0));
    DevTensor b = MakeTensor(dt, {n}, bv), sc = MakeTensor(dt, {1}, {1.0}), of = MakeTensor(ACL_INT8, {1}, {0.0});
    DevTensor y = MakeOut(ACL_INT8, {3, n});
    EXPECT(NPL_RUN(RmsNormQuant, x.t, g.t, b.t, sc.t, of.t, 0.0, y.t) == 0, "RmsNormQuant ties run");
    std::vector<double> got = Read(y);
    for (int64_t r = 0; r < 3; r++)
        for (int64_t j = 0; j < n; j++) {
            double want = QuantRef(1.0 + b.vals[j]);
            EXPECT(got[r * n + j] == want, "RmsNormQuant tie %s: %g -> %g, want %g", DtName(dt), 1.0 + b.vals[j],
                   got[r * n + j], want);
        }
    for (DevTensor *t : {&x, &g, &b, &sc, &of, &y}) t->Free();
}

// ---- ApplyAdamW over several steps against a double reference
static void AdamWCase(Runtime &rt, aclDataType dt, bool amsgrad, bool maximize, Layout vl, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> shape = {7, 13};
    int64_t n = GetShapeSize(shape);
    std::vector<double> var = RandVals(rng, n), m(n, 0.0), v(n, 0.0), mx(n);
    for (auto &e : mx) e = rng.uniform() * 0.5;
    DevTensor tv = MakeTensor(dt, shape, var, vl), tm = MakeTensor(dt, shape, m), tw = MakeTensor(dt, shape, v);
    DevTensor tmx = MakeTensor(dt, shape, mx);
    var = tv.vals;
    mx = tmx.vals;
    double lr = 0.05, wd = 0.5, b1 = 0.9, b2 = 0.999, eps = 1e-8;
    double b1p = 1, b2p = 1;
    bool ok = true;
    for (int step = 1; step <= 4; step++) {
        b1p *= b1;
        b2p *= b2;
        DevTensor g = MakeTensor(dt, shape, RandVals(rng, n));
        DevTensor s_b1p = MakeTensor(dt, {1}, {b1p}), s_b2p = MakeTensor(dt, {1}, {b2p}), s_lr = MakeTensor(dt, {1}, {lr});
        DevTensor s_wd = MakeTensor(dt, {1}, {wd}), s_b1 = MakeTensor(dt, {1}, {b1}), s_b2 = MakeTensor(dt, {1}, {b2});
        DevTensor s_eps = MakeTensor(dt, {1}, {eps});
        int rc = NPL_RUN(ApplyAdamW, tv.t, tm.t, tw.t, s_b1p.t, s_b2p.t, s_lr.t, s_wd.t, s_b1.t, s_b2.t, s_eps.t, g.t,
                         amsgrad ? tmx.t : nullptr, amsgrad, maximize);
        EXPECT(rc == 0, "ApplyAdamW run step %d", step);
        std::vector<double> var0 = var;
        // reference with the scalars as the dtype holds them
        double rb1p = s_b1p.vals[0], rb2p = s_b2p.vals[0], rlr = s_lr.vals[0], rwd = s_wd.vals[0], rb1 = s_b1.vals[0],
               rb2 = s_b2.vals[0], reps = s_eps.vals[0];
        for (int64_t i = 0; i < n; i++) {
            double gi = maximize ? -g.vals[i] : g.vals[i];
            m[i] = rb1 * m[i] + (1 - rb1) * gi;
            v[i] = rb2 * v[i] + (1 - rb2) * gi * gi;
            if (amsgrad) v[i] = std::max(mx[i], v[i]);
            var[i] = var[i] - rlr * rwd * var[i] - rlr * (m[i] / (1 - rb1p)) / (std::sqrt(v[i] / (1 - rb2p)) + reps);
        }
        std::string what = std::string(DtName(dt)) + " step " + std::to_string(step) + (amsgrad ? " amsgrad" : "") +
                           (maximize ? " maximize" : "") + " layout " + std::to_string(vl);
        ok &= CheckDtype(("ApplyAdamW var " + what).c_str(), dt, Read(tv), var);
        if (dt == ACL_FLOAT) { // the step itself, so that weight decay and bias correction are visible
            std::vector<double> got = Read(tv), d(n), r(n);
            for (int64_t i = 0; i < n; i++) {
                d[i] = got[i] - var0[i];
                r[i] = var[i] - var0[i];
            }
            ok &= CheckAccuracy(("ApplyAdamW var update " + what).c_str(), d, r, 2e-3, 1e-6, 1e-3);
        }
        ok &= CheckDtype(("ApplyAdamW m " + what).c_str(), dt, Read(tm), m);
        ok &= CheckDtype(("ApplyAdamW v " + what).c_str(), dt, Read(tw), v);
        // continue from what the device holds (16-bit state rounds every step)
        var = Read(tv);
        m = Read(tm);
        v = Read(tw);
        for (DevTensor *t : {&g, &s_b1p, &s_b2p, &s_lr, &s_wd, &s_b1, &s_b2, &s_eps}) t->Free();
        if (!ok) break;
    }
    CheckUntouched("ApplyAdamW var storage", tv);
    for (DevTensor *t : {&tv, &tm, &tw, &tmx}) t->Free();
}

static void Empty(Runtime &rt)
{
    aclDataType dt = ACL_FLOAT16;
    DevTensor x = MakeOut(dt, {0, 16}), g = MakeOut(dt, {16}), y = MakeOut(dt, {0, 16}), r = MakeOut(ACL_FLOAT, {0, 1});
    if (g_chip != CHIP_310P) EXPECT(NPL_RUN(GemmaRmsNorm, x.t, g.t, 1e-6, y.t, r.t) == 0, "GemmaRmsNorm empty");
    DevTensor m = MakeOut(ACL_FLOAT, {0, 1});
    EXPECT(NPL_RUN(DeepNorm, x.t, x.t, g.t, g.t, 0.5, 1e-6, m.t, r.t, y.t) == 0, "DeepNorm empty");
    DevTensor s = MakeOut(ACL_FLOAT, {16}), z = MakeOut(ACL_INT32, {16}), q = MakeOut(ACL_INT8, {0, 16});
    EXPECT(NPL_RUN(AddRmsNormQuant, x.t, x.t, g.t, s.t, nullptr, z.t, nullptr, -1, 1e-6, true, q.t, q.t, y.t) == 0,
           "AddRmsNormQuant empty");
    DevTensor s16 = MakeOut(dt, {1}), o8 = MakeOut(ACL_INT8, {1});
    EXPECT(NPL_RUN(RmsNormQuant, x.t, g.t, g.t, s16.t, o8.t, 1e-6, q.t) == 0, "RmsNormQuant empty");
    for (DevTensor *t : {&x, &g, &y, &r, &m, &s, &z, &q, &s16, &o8}) t->Free();
}

static void Errors()
{
    DevTensor x = MakeOut(ACL_FLOAT16, {2, 8}), g = MakeOut(ACL_FLOAT16, {8}), y = MakeOut(ACL_FLOAT16, {2, 8});
    DevTensor r = MakeOut(ACL_FLOAT, {2, 1}), r16 = MakeOut(ACL_FLOAT16, {2, 1}), g7 = MakeOut(ACL_FLOAT16, {7});
    DevTensor xi = MakeOut(ACL_INT32, {2, 8}), g32 = MakeOut(ACL_FLOAT, {8}), r3 = MakeOut(ACL_FLOAT, {3, 1});
    DevTensor x1d = MakeOut(ACL_FLOAT16, {8});
    // GemmaRmsNorm
    if (g_chip == CHIP_310P) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on Ascend310P", GemmaRmsNorm, x.t, g.t, 1e-6, y.t, r.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gamma", GemmaRmsNorm, x.t, nullptr, 1e-6, y.t, r.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", GemmaRmsNorm, xi.t, g.t, 1e-6, y.t, r.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", GemmaRmsNorm, x.t, g32.t, 1e-6, y.t, r.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstdOut", GemmaRmsNorm, x.t, g.t, 1e-6, y.t, r16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "trailing dims", GemmaRmsNorm, x.t, g7.t, 1e-6, y.t, r.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "one value per row", GemmaRmsNorm, x.t, g.t, 1e-6, y.t, r3.t);
    }
    // DeepNorm
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "meanOut", DeepNorm, x.t, x.t, g.t, g.t, 0.5, 1e-6, nullptr, r.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "beta", DeepNorm, x.t, x.t, g32.t, g.t, 0.5, 1e-6, r.t, r.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dim num 1 should be in [2, 8]", DeepNorm, x1d.t, x1d.t, g.t, g.t, 0.5,
                   1e-6, r.t, r.t, x1d.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "trailing dims", DeepNorm, x.t, x.t, g7.t, g7.t, 0.5, 1e-6, r.t, r.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "meanOut", DeepNorm, x.t, x.t, g.t, g.t, 0.5, 1e-6, r3.t, r.t, y.t);
    // AddRmsNormQuant
    DevTensor s = MakeOut(ACL_FLOAT, {8}), s7 = MakeOut(ACL_FLOAT, {7}), z = MakeOut(ACL_INT32, {8});
    DevTensor q = MakeOut(ACL_INT8, {2, 8}), q32 = MakeOut(ACL_INT32, {2, 8}), zi8 = MakeOut(ACL_INT8, {8});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "scales1", AddRmsNormQuant, x.t, x.t, g.t, nullptr, nullptr, z.t, nullptr,
                   -1, 1e-6, true, q.t, q.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "y2Out", AddRmsNormQuant, x.t, x.t, g.t, s.t, nullptr, z.t, nullptr, -1,
                   1e-6, true, q.t, nullptr, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y1Out", AddRmsNormQuant, x.t, x.t, g.t, s.t, nullptr, z.t, nullptr, -1,
                   1e-6, true, q32.t, q.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "zeroPoints1Optional", AddRmsNormQuant, x.t, x.t, g.t, s.t, nullptr,
                   zi8.t, nullptr, -1, 1e-6, true, q.t, q.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scales1", AddRmsNormQuant, x.t, x.t, g.t, s7.t, nullptr, z.t, nullptr,
                   -1, 1e-6, true, q.t, q.t, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "trailing dims", AddRmsNormQuant, x.t, x.t, g7.t, s7.t, nullptr, nullptr,
                   nullptr, -1, 1e-6, true, q.t, q.t, y.t);
    if (g_chip != CHIP_950)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1 dtype DT_FLOAT ", AddRmsNormQuant, g32.t, g32.t, g32.t, s.t,
                       nullptr, z.t, nullptr, -1, 1e-6, true, q.t, q.t, g32.t);
    // RmsNormQuant
    DevTensor s16 = MakeOut(ACL_FLOAT16, {1}), o8 = MakeOut(ACL_INT8, {1}), o32 = MakeOut(ACL_INT32, {1});
    DevTensor s3 = MakeOut(ACL_FLOAT16, {3}), o3 = MakeOut(ACL_INT8, {3});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "offset", RmsNormQuant, x.t, g.t, g.t, s16.t, nullptr, 1e-6, q.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "beta", RmsNormQuant, x.t, g.t, g32.t, s16.t, o8.t, 1e-6, q.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "the last dim size(8) of x must be same as gamma and beta(7)",
                   RmsNormQuant, x.t, g7.t, g7.t, s16.t, o8.t, 1e-6, q.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "1 or 8 elements", RmsNormQuant, x.t, g.t, g.t, s3.t, o3.t, 1e-6, q.t);
    if (g_chip != CHIP_950)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "offset", RmsNormQuant, x.t, g.t, g.t, s16.t, o32.t, 1e-6, q.t);
    else
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scaleType should be equal to xType or int8", RmsNormQuant, x.t, g.t,
                       g.t, s16.t, o32.t, 1e-6, q.t);
    // ApplyAdamW
    DevTensor v = MakeOut(ACL_FLOAT, {2, 8}), one = MakeOut(ACL_FLOAT, {1}), two = MakeOut(ACL_FLOAT, {2});
    DevTensor one16 = MakeOut(ACL_FLOAT16, {1}), v7 = MakeOut(ACL_FLOAT, {2, 7});
    const aclTensor *o = one.t;
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "maxGradNormOptional", ApplyAdamW, v.t, v.t, v.t, o, o, o, o, o, o, o, v.t,
                   nullptr, true, false);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "lr", ApplyAdamW, v.t, v.t, v.t, o, o, nullptr, o, o, o, o, v.t, nullptr,
                   false, false);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "eps", ApplyAdamW, v.t, v.t, v.t, o, o, o, o, o, o, one16.t, v.t, nullptr,
                   false, false);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "grad", ApplyAdamW, v.t, v.t, v.t, o, o, o, o, o, o, o, v7.t, nullptr,
                   false, false);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "beta2 should hold one element", ApplyAdamW, v.t, v.t, v.t, o, o, o, o, o,
                   two.t, o, v.t, nullptr, false, false);
    if (g_chip == CHIP_310P) // a kernel for the 950 and (experimental/optim) the 910B only
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on", ApplyAdamW, v.t, v.t, v.t, o, o, o, o, o, o, o, v.t,
                       nullptr, false, false);
    for (DevTensor *t : {&x, &g, &y, &r, &r16, &g7, &xi, &g32, &r3, &x1d, &s, &s7, &z, &q, &q32, &zi8, &s16, &o8, &o32,
                         &s3, &o3, &v, &one, &two, &one16, &v7})
        t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    std::string sv = soc ? soc : "";
    g_chip = sv.find("310P") != std::string::npos ? CHIP_310P : (sv.find("950") != std::string::npos ? CHIP_950 : CHIP_A2);
    printf("chip %s\n", sv.c_str());
    uint64_t seed = 900;
    for (aclDataType dt : FloatDts()) {
        if (g_chip != CHIP_310P) {
            GemmaCase(rt, dt, {3, 7, 33}, 1, CONTIG, seed++);
            GemmaCase(rt, dt, {5, 4, 6}, 2, TRANSPOSED, seed++);
            GemmaCase(rt, dt, {37, 129}, 1, PADDED, seed++);
        }
        DeepCase(rt, dt, {3, 7, 33}, 1, CONTIG, seed++);
        DeepCase(rt, dt, {5, 4, 6}, 2, TRANSPOSED, seed++);
        DeepCase(rt, dt, {41, 257}, 1, PADDED, seed++);
    }
    // AddRmsNormQuant: the dtype rows of the chip's table
    struct QRow { aclDataType x, s, z; };
    std::vector<QRow> qrows;
    if (g_chip == CHIP_310P) qrows = {{ACL_FLOAT16, ACL_FLOAT, ACL_INT32}};
    else if (g_chip == CHIP_950)
        qrows = {{ACL_FLOAT16, ACL_FLOAT, ACL_INT32}, {ACL_BF16, ACL_FLOAT, ACL_INT32}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},
                 {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16, ACL_BF16}};
    else qrows = {{ACL_FLOAT16, ACL_FLOAT, ACL_INT32}, {ACL_BF16, ACL_BF16, ACL_BF16}};
    for (const QRow &q : qrows) {
        AddRmsQuantCase(rt, q.x, q.s, q.z, true, true, {4, 9, 64}, CONTIG, seed++);
        AddRmsQuantCase(rt, q.x, q.s, q.z, false, true, {13, 48}, TRANSPOSED, seed++);
        AddRmsQuantCase(rt, q.x, q.s, q.z, true, false, {6, 80}, PADDED, seed++);
        AddRmsQuantTies(rt, q.x, q.s, q.z);
    }
    // RmsNormQuant
    if (g_chip == CHIP_950) {
        RmsQuantCase(rt, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 64, {5, 64}, false, CONTIG, seed++);
        RmsQuantCase(rt, ACL_BF16, ACL_FLOAT, ACL_INT32, 1, {3, 4, 32}, true, TRANSPOSED, seed++);
    }
    std::vector<aclDataType> rq = g_chip == CHIP_310P ? std::vector<aclDataType>{ACL_FLOAT16}
                                                      : std::vector<aclDataType>{ACL_FLOAT16, ACL_BF16};
    for (aclDataType dt : rq) {
        RmsQuantCase(rt, dt, dt, ACL_INT8, 1, {4, 9, 64}, false, CONTIG, seed++);
        RmsQuantCase(rt, dt, dt, ACL_INT8, 48, {13, 48}, true, TRANSPOSED, seed++);
        RmsQuantCase(rt, dt, dt, ACL_INT8, 1, {7, 96}, false, PADDED, seed++);
        RmsQuantTies(rt, dt);
    }
    if (g_chip != CHIP_310P)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            AdamWCase(rt, dt, false, false, CONTIG, seed++);
            AdamWCase(rt, dt, true, false, TRANSPOSED, seed++);
            AdamWCase(rt, dt, false, true, PADDED, seed++);
        }
    Empty(rt);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
