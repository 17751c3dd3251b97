// The fused LayerNorm + quant ops of the nquant helper (aclnnLayerNormQuant, ...) against
// double-precision references: every dtype the current chip lists, contiguous / transposed /
// padded views, empty tensors, the INT8 epilogue bit-exact against the documented rounding
// (FP32 -> FP16 -> INT8, half to even, saturated; exact cases built from constant rows whose
// normalised value is exactly beta), and the validation paths with codes and messages. The same
// program runs on the default chip (Ascend910B), on a 310P and on a 950.
#include "npl_util.h"
#include "aclnnop/aclnn_add_layer_norm_quant.h"
#include "aclnnop/aclnn_add_layer_norm_quant_v2.h"
#include "aclnnop/aclnn_add_rms_norm_quant_v2.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_layer_norm_quant.h"
#include "aclnnop/aclnn_rms_norm_quant_v3.h"

enum Chip { CHIP_A2, CHIP_310P, CHIP_950 };
static Chip g_chip = CHIP_A2;

// Nearest integer, ties to even, saturated to INT8.
static double QuantRef(double v)
{
    if (std::isnan(v)) return 0;
    double r = std::nearbyint(v);
    return r > 127 ? 127 : (r < -128 ? -128 : r);
}

// The LayerNormQuant kernels' cast chain: FP32 -> FP16 (nearest even) -> INT8.
static double QuantRefF16(double v) { return QuantRef(RoundTo(ACL_FLOAT16, v)); }

// got[i] must equal ref(pre[i]); where the FP32 pipeline may land on the other side of a rounding
// boundary (ref differs within +-window of pre) either neighbour is accepted.
static void CheckQuantExact(const char *name, const std::vector<double> &got, const std::vector<double> &pre,
                            double (*ref)(double), double window)
{
    size_t bad = 0, first = 0, amb = 0;
    for (size_t i = 0; i < pre.size(); i++) {
        double want = ref(pre[i]);
        double w = window * (1.0 + std::fabs(pre[i]));
        double lo = ref(pre[i] - w), hi = ref(pre[i] + w);
        if (lo != hi) amb++;
        if (got[i] == want || (lo != hi && (got[i] == lo || got[i] == hi))) continue;
        if (!bad++) first = i;
    }
    EXPECT(bad == 0, "%s: %zu/%zu quantised elements differ (first %zu: got %g want %g from %.7f)", name, bad,
           pre.size(), first, bad ? got[first] : 0.0, bad ? ref(pre[first]) : 0.0, bad ? pre[first] : 0.0);
    EXPECT(amb <= 1 + pre.size() / 50, "%s: %zu/%zu elements within the rounding window (reference too loose)", name,
           amb, pre.size());
}

// Double-precision LayerNorm rows of x (rows, n): (x - mean) / sqrt(var + eps) * g + b.
static std::vector<double> LayerNormRef(const std::vector<double> &x, int64_t rows, int64_t n,
                                        const std::vector<double> &g, const std::vector<double> &b, double eps)
{
    std::vector<double> y(x.size());
    for (int64_t r = 0; r < rows; r++) {
        double m = 0, v = 0;
        for (int64_t j = 0; j < n; j++) m += x[r * n + j];
        m /= n;
        for (int64_t j = 0; j < n; j++) v += (x[r * n + j] - m) * (x[r * n + j] - m);
        double rs = 1.0 / std::sqrt(v / n + eps);
        for (int64_t j = 0; j < n; j++) y[r * n + j] = (x[r * n + j] - m) * rs * g[j] + b[j];
    }
    return y;
}

static std::vector<aclDataType> LnqDts()
{
    if (g_chip == CHIP_310P) return {ACL_FLOAT16};
    if (g_chip == CHIP_950) return {ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
    return {ACL_FLOAT16, ACL_BF16};
}

// ---- LayerNormQuant: res = round_f16(LayerNorm(x) * (1 / scale) + zp)
static void LnqCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, bool gamma2d, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, rows * n, 2.0), xl);
    std::vector<int64_t> gs = gamma2d ? std::vector<int64_t>{1, n} : std::vector<int64_t>{n};
    DevTensor g = MakeTensor(dt, gs, RandVals(rng, n, 0.8)), b = MakeTensor(dt, gs, RandVals(rng, n, 0.2));
    DevTensor sc = MakeTensor(dt, {1}, {0.01 + 0.02 * rng.uniform()});
    DevTensor zp = MakeTensor(ACL_INT8, {1}, {std::floor(rng.uniform() * 20 - 10)});
    DevTensor res = MakeOut(ACL_INT8, shape, xl), so = MakeOut(ACL_FLOAT, {1});
    double eps = 1e-5;
    EXPECT(NPL_RUN(LayerNormQuant, x.t, g.t, b.t, sc.t, zp.t, 0, eps, res.t, so.t) == 0, "LayerNormQuant run (%s)",
           DtName(dt));
    std::vector<double> pre = LayerNormRef(x.vals, rows, n, g.vals, b.vals, eps);
    double inv = (double)(1.0f / (float)sc.vals[0]);
    for (double &v : pre) v = v * inv + zp.vals[0];
    std::string what = std::string(DtName(dt)) + " rank " + std::to_string(shape.size()) + " layout " +
                       std::to_string(xl);
    CheckQuantExact(("LayerNormQuant res " + what).c_str(), Read(res), pre, QuantRefF16, 2e-5);
    CheckUntouched("LayerNormQuant res storage", res);
    EXPECT(Read(so)[0] == 0, "LayerNormQuant: scaleOut written in static mode");
    for (DevTensor *t : {&x, &g, &b, &sc, &zp, &res, &so}) t->Free();
}

// Constant rows normalise to exactly 0, so res = round_f16(beta * (1 / scale) + zp) is exact:
// ties to even, the FP16 stage (0.53 + 100 -> 100.5 -> 100), saturation, +-Inf, scale 0 read as 1.
static void LnqExact(Runtime &rt, aclDataType dt, double scale, double zpv)
{
    std::vector<double> bv = {0.5, 1.5, 2.5, -0.5, -2.5, 0.53, -0.53, 3.25, 200, -300, 30.5, -27.5, 1e4, -1e4};
    if (dt != ACL_FLOAT16 || true) {
        bv.push_back(INFINITY);
        bv.push_back(-INFINITY);
    }
    int64_t n = (int64_t)bv.size();
    DevTensor x = MakeTensor(dt, {3, n}, std::vector<double>(3 * n, 2.0)), g = MakeTensor(dt, {n}, std::vector<double>(n, 1.5));
    DevTensor b = MakeTensor(dt, {n}, bv), sc = MakeTensor(dt, {1}, {scale}), zp = MakeTensor(ACL_INT8, {1}, {zpv});
    DevTensor res = MakeOut(ACL_INT8, {3, n}), so = MakeOut(ACL_FLOAT, {1});
    EXPECT(NPL_RUN(LayerNormQuant, x.t, g.t, b.t, sc.t, zp.t, 0, 1e-5, res.t, so.t) == 0, "LayerNormQuant exact run");
    std::vector<double> got = Read(res);
    double inv = scale == 0 ? 1.0 : (double)(1.0f / (float)sc.vals[0]);
    for (int64_t r = 0; r < 3; r++)
        for (int64_t j = 0; j < n; j++) {
            double pre = (double)((float)((float)b.vals[j] * (float)inv) + (float)zpv);
            double want = QuantRefF16(pre);
            EXPECT(got[r * n + j] == want, "LayerNormQuant exact %s scale %g zp %g: beta %g -> %g, want %g", DtName(dt),
                   scale, zpv, b.vals[j], got[r * n + j], want);
        }
    for (DevTensor *t : {&x, &g, &b, &sc, &zp, &res, &so}) t->Free();
}

static void LnqErrors(Runtime &rt)
{
    aclDataType dt = ACL_FLOAT16;
    DevTensor x = MakeOut(dt, {2, 16}), g = MakeOut(dt, {16}), g2 = MakeOut(dt, {1, 16}), g15 = MakeOut(dt, {15});
    DevTensor g3 = MakeOut(dt, {1, 1, 16}), s = MakeOut(dt, {1}), s2 = MakeOut(dt, {2}), s11 = MakeOut(dt, {1, 1});
    DevTensor z = MakeOut(ACL_INT8, {1}), z11 = MakeOut(ACL_INT8, {1, 1}), zi32 = MakeOut(ACL_INT32, {1});
    DevTensor r = MakeOut(ACL_INT8, {2, 16}), r32 = MakeOut(ACL_INT32, {2, 16}), r3 = MakeOut(ACL_INT8, {3, 16});
    DevTensor so = MakeOut(ACL_FLOAT, {1}), xi = MakeOut(ACL_INT32, {2, 16}), s32 = MakeOut(ACL_FLOAT, {1});
    DevTensor x32 = MakeOut(ACL_FLOAT, {2, 16}), gf = MakeOut(ACL_FLOAT, {16});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x", LayerNormQuant, nullptr, g.t, g.t, s.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "beta", LayerNormQuant, x.t, g.t, nullptr, s.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "res", LayerNormQuant, x.t, g.t, g.t, s.t, z.t, 0, 1e-5, nullptr, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "zeroPointsOptional", LayerNormQuant, x.t, g.t, g.t, s.t, nullptr, 0, 1e-5,
                   r.t, so.t);
    // quantMode 1 does not need the zero point, but is refused at the shape checks
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "quantMode should be 0", LayerNormQuant, x.t, g.t, g.t, s.t, nullptr, 1,
                   1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", LayerNormQuant, xi.t, g.t, g.t, s.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scale", LayerNormQuant, x.t, g.t, g.t, s32.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "zeroPointsOptional", LayerNormQuant, x.t, g.t, g.t, s.t, zi32.t, 0, 1e-5,
                   r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "res", LayerNormQuant, x.t, g.t, g.t, s.t, z.t, 0, 1e-5, r32.t, so.t);
    // dtype before shape: a bad dtype is reported even with a bad gamma shape
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "res", LayerNormQuant, x.t, g15.t, g.t, s.t, z.t, 0, 1e-5, r32.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", LayerNormQuant, x.t, g3.t, g3.t, s.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of gamma should be equal to last dims of shape x", LayerNormQuant,
                   x.t, g15.t, g15.t, s.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of beta should same as gamma", LayerNormQuant, x.t, g.t, g2.t, s.t,
                   z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of scale should be equal to [1]", LayerNormQuant, x.t, g.t, g.t,
                   s2.t, z.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of scale should be equal to [1]", LayerNormQuant, x.t, g.t, g.t,
                   s11.t, z11.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of scale should same as zeroPointsOptional", LayerNormQuant, x.t,
                   g.t, g.t, s.t, z11.t, 0, 1e-5, r.t, so.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of res should same as x", LayerNormQuant, x.t, g.t, g.t, s.t, z.t,
                   0, 1e-5, r3.t, so.t);
    if (g_chip != CHIP_950)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_FLOAT", LayerNormQuant, x32.t, gf.t, gf.t, s32.t, z.t, 0, 1e-5, r.t,
                       so.t);
    if (g_chip == CHIP_310P) {
        DevTensor xb = MakeOut(ACL_BF16, {2, 16}), gb = MakeOut(ACL_BF16, {16}), sb = MakeOut(ACL_BF16, {1});
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", LayerNormQuant, xb.t, gb.t, gb.t, sb.t, z.t, 0, 1e-5, r.t,
                       so.t);
        for (DevTensor *t : {&xb, &gb, &sb}) t->Free();
    }
    // empty x: accepted, nothing runs
    DevTensor xe = MakeOut(dt, {0, 16}), re = MakeOut(ACL_INT8, {0, 16});
    EXPECT(NPL_RUN(LayerNormQuant, xe.t, g.t, g.t, s.t, z.t, 0, 1e-5, re.t, so.t) == 0, "LayerNormQuant empty");
    for (DevTensor *t : {&x, &g, &g2, &g15, &g3, &s, &s2, &s11, &z, &z11, &zi32, &r, &r32, &r3, &so, &xi, &s32, &x32,
                         &gf, &xe, &re})
        t->Free();
}

// ---- AddLayerNormQuant (950): x = x1 + x2 (+ bias), y = LayerNorm(x) gamma + beta, then static
// (y / s + z or y * s + z, rounded half to even, saturated) or dynamic (per-row) INT8.
struct AlnqCfg {
    aclDataType dt, sdt;
    bool dyn, dual, zp, div_mode, bias_rows, bias, additional;
};

static void AlnqCase(Runtime &rt, const AlnqCfg &c, std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    std::vector<int64_t> gs = {n}, os(shape.begin(), shape.end() - 1);
    if (os.empty()) os = {1};
    aclDataType dt = c.dt;
    DevTensor x1 = MakeTensor(dt, shape, RandVals(rng, rows * n, 1.5), xl), x2 = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor g = MakeTensor(dt, gs, RandVals(rng, n, 0.8)), b = MakeTensor(dt, gs, RandVals(rng, n, 0.2));
    DevTensor bias = c.bias_rows ? MakeTensor(dt, shape, RandVals(rng, rows * n, 0.3)) : MakeTensor(dt, gs, RandVals(rng, n, 0.3));
    std::vector<double> s1v(n), s2v(n), z1v(n), z2v(n);
    for (int64_t j = 0; j < n; j++) {
        double a = 0.01 + 0.02 * rng.uniform(), b2 = 0.01 + 0.02 * rng.uniform();
        s1v[j] = c.dyn ? 0.5 + rng.uniform() : (c.div_mode ? a : 1.0 / a);
        s2v[j] = c.dyn ? 0.5 + rng.uniform() : (c.div_mode ? b2 : 1.0 / b2);
        z1v[j] = std::floor(rng.uniform() * 20 - 10);
        z2v[j] = std::floor(rng.uniform() * 20 - 10);
    }
    bool have_s1 = !c.dyn || c.zp; // dynamic: `zp` selects the smooth scales
    DevTensor s1 = MakeTensor(c.sdt, gs, s1v), s2 = MakeTensor(c.sdt, gs, s2v), z1 = MakeTensor(c.sdt, gs, z1v),
              z2 = MakeTensor(c.sdt, gs, z2v);
    DevTensor y1 = MakeOut(ACL_INT8, shape, xl), y2 = MakeOut(ACL_INT8, shape), xo = MakeOut(dt, shape, xl);
    DevTensor o1 = MakeOut(ACL_FLOAT, os), o2 = MakeOut(ACL_FLOAT, os);
    bool dual = c.dual && have_s1;
    int rc = NPL_RUN(AddLayerNormQuant, x1.t, x2.t, g.t, b.t, c.bias ? bias.t : nullptr, have_s1 ? s1.t : nullptr,
                     dual ? s2.t : nullptr, (!c.dyn && c.zp) ? z1.t : nullptr, (!c.dyn && c.zp && dual) ? z2.t : nullptr,
                     c.dyn ? "dynamic" : "static", 1e-5, c.additional, c.div_mode, y1.t, y2.t, xo.t, o1.t, o2.t);
    std::string what = std::string(DtName(dt)) + "/" + DtName(c.sdt) + (c.dyn ? " dynamic" : " static") +
                       (dual ? " dual" : "") + (c.zp ? " zp" : "") + (c.div_mode ? " div" : " mul") +
                       (c.bias ? (c.bias_rows ? " bias-rows" : " bias") : "") + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "AddLayerNormQuant run (%s)", what.c_str());
    std::vector<double> x(rows * n);
    for (int64_t i = 0; i < rows * n; i++)
        x[i] = x1.vals[i] + x2.vals[i] + (c.bias ? bias.vals[c.bias_rows ? i : i % n] : 0.0);
    std::vector<double> y = LayerNormRef(x, rows, n, g.vals, b.vals, 1e-5);
    for (int k = 0; k < (dual ? 2 : 1); k++) {
        const DevTensor &s = k ? s2 : s1, &z = k ? z2 : z1;
        std::vector<double> pre(rows * n), sc(rows);
        for (int64_t r = 0; r < rows; r++) {
            if (c.dyn) {
                double amax = 0;
                for (int64_t j = 0; j < n; j++) amax = std::max(amax, std::fabs(y[r * n + j] * (have_s1 ? s.vals[j] : 1.0)));
                sc[r] = amax / 127.0;
            }
            for (int64_t j = 0; j < n; j++) {
                double v = y[r * n + j];
                if (c.dyn) pre[r * n + j] = v * (have_s1 ? s.vals[j] : 1.0) / sc[r];
                else pre[r * n + j] = (c.div_mode ? v / s.vals[j] : v * s.vals[j]) + (c.zp ? z.vals[j] : 0.0);
            }
        }
        std::string nm = "AddLayerNormQuant y" + std::to_string(k + 1) + " " + what;
        CheckQuantExact(nm.c_str(), Read(k ? y2 : y1), pre, QuantRef, 2e-5);
        if (c.dyn) CheckAccuracy(("AddLayerNormQuant outScales" + std::to_string(k + 1) + " " + what).c_str(),
                                 Read(k ? o2 : o1), sc, 1e-5, 1e-9, 1e-4);
    }
    if (!dual) EXPECT(Read(y2) == std::vector<double>(rows * n, 0.0), "AddLayerNormQuant %s: y2Out written", what.c_str());
    if (!c.dyn) EXPECT(Read(o1) == std::vector<double>(o1.vals.size(), 0.0), "AddLayerNormQuant %s: outScales1Out written", what.c_str());
    if (c.additional) {
        std::vector<double> xr(x.size());
        for (size_t i = 0; i < x.size(); i++) xr[i] = RoundTo(dt, x[i]);
        CheckDtype(("AddLayerNormQuant xOut " + what).c_str(), dt, Read(xo), xr);
    } else {
        EXPECT(Read(xo) == std::vector<double>(rows * n, 0.0), "AddLayerNormQuant %s: xOut written", what.c_str());
    }
    CheckUntouched("AddLayerNormQuant y1 storage", y1);
    for (DevTensor *t : {&x1, &x2, &g, &b, &bias, &s1, &s2, &z1, &z2, &y1, &y2, &xo, &o1, &o2}) t->Free();
}

// y = beta exactly (constant rows): y / s + z with ties, saturation and +-Inf, bit for bit.
static void AlnqExact(Runtime &rt, aclDataType dt)
{
    std::vector<double> bv = {0.5, 1.5, 2.5, -0.5, -2.5, 0.53, 3.25, 200, -300, 30.5, -27.5, 126.5, INFINITY, -INFINITY};
    int64_t n = (int64_t)bv.size();
    std::vector<double> sv(n, 1.0), zv(n, 0.0);
    sv[5] = 0.5;  // 1.06
    zv[2] = 100;  // 102.5 -> 102
    DevTensor x1 = MakeTensor(dt, {2, n}, std::vector<double>(2 * n, 1.0)), x2 = MakeTensor(dt, {2, n}, std::vector<double>(2 * n, 1.0));
    DevTensor g = MakeTensor(dt, {n}, std::vector<double>(n, 0.75)), b = MakeTensor(dt, {n}, bv);
    DevTensor s = MakeTensor(dt, {n}, sv), z = MakeTensor(dt, {n}, zv);
    DevTensor y1 = MakeOut(ACL_INT8, {2, n}), y2 = MakeOut(ACL_INT8, {2, n}), xo = MakeOut(dt, {2, n});
    DevTensor o = MakeOut(ACL_FLOAT, {2});
    EXPECT(NPL_RUN(AddLayerNormQuant, x1.t, x2.t, g.t, b.t, nullptr, s.t, nullptr, z.t, nullptr, "static", 1e-5, true,
                   true, y1.t, y2.t, xo.t, o.t, o.t) == 0, "AddLayerNormQuant exact run");
    std::vector<double> got = Read(y1);
    for (int64_t r = 0; r < 2; r++)
        for (int64_t j = 0; j < n; j++) {
            double want = QuantRef((double)((float)b.vals[j] / (float)s.vals[j]) + z.vals[j]);
            EXPECT(got[r * n + j] == want, "AddLayerNormQuant exact %s: beta %g -> %g, want %g", DtName(dt), b.vals[j],
                   got[r * n + j], want);
        }
    for (DevTensor *t : {&x1, &x2, &g, &b, &s, &z, &y1, &y2, &xo, &o}) t->Free();
}

static void AlnqErrors(Runtime &rt)
{
    aclDataType dt = ACL_FLOAT16;
    DevTensor x = MakeOut(dt, {2, 16}), g = MakeOut(dt, {16}), g15 = MakeOut(dt, {15}), g2 = MakeOut(dt, {1, 16});
    DevTensor s = MakeOut(ACL_FLOAT, {16}), s16 = MakeOut(dt, {16}), sb = MakeOut(ACL_BF16, {16}), s15 = MakeOut(ACL_FLOAT, {15});
    DevTensor y = MakeOut(ACL_INT8, {2, 16}), y3 = MakeOut(ACL_INT8, {3, 16}), yi = MakeOut(ACL_INT32, {2, 16});
    DevTensor o = MakeOut(ACL_FLOAT, {2}), o3 = MakeOut(ACL_FLOAT, {3}), o21 = MakeOut(ACL_FLOAT, {2, 1}), o16 = MakeOut(dt, {2});
    DevTensor x32 = MakeOut(ACL_FLOAT, {2, 16}), g32 = MakeOut(ACL_FLOAT, {16}), xi = MakeOut(ACL_INT32, {2, 16});
    DevTensor x1d = MakeOut(dt, {16}), g3 = MakeOut(dt, {3, 16}), oe = MakeOut(ACL_FLOAT, {0});
    if (g_chip != CHIP_950) {
        // the chip is refused before anything else, even a null tensor
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", AddLayerNormQuant, nullptr, x.t, g.t, g.t, nullptr,
                       s.t, nullptr, nullptr, nullptr, "static", 1e-5, true, true, y.t, y.t, x.t, o.t, o.t);
        for (DevTensor *t : {&x, &g, &g15, &g2, &s, &s16, &sb, &s15, &y, &y3, &yi, &o, &o3, &o21, &o16, &x32, &g32, &xi,
                             &x1d, &g3, &oe})
            t->Free();
        return;
    }
#define ALNQ(code, msg, X1, G, B, S1, S2, Z1, Z2, MODE, Y1, Y2, O1, O2)                                            \
    NPL_EXPECT_ERR(code, msg, AddLayerNormQuant, X1, X1, G, G, nullptr, S1, S2, Z1, Z2, MODE, 1e-5, true, true, Y1, \
                   Y2, X1, O1, O2)
    ALNQ(ACLNN_ERR_PARAM_NULLPTR, "x1", nullptr, g.t, g.t, s.t, nullptr, nullptr, nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_NULLPTR, "outScales2Out", x.t, g.t, g.t, s.t, nullptr, nullptr, nullptr, "static", y.t, y.t,
         o.t, nullptr);
    ALNQ(ACLNN_ERR_PARAM_NULLPTR, "quantMode", x.t, g.t, g.t, s.t, nullptr, nullptr, nullptr, nullptr, y.t, y.t, o.t,
         o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "neither \"dynamic\" nor \"static\"", x.t, g.t, g.t, s.t, nullptr, nullptr, nullptr,
         "dyn", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "x1", xi.t, g.t, g.t, s.t, nullptr, nullptr, nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "x1", x32.t, g32.t, g32.t, nullptr, nullptr, nullptr, nullptr, "dynamic", y.t, y.t,
         o.t, o.t); // FLOAT is static-only
    ALNQ(ACLNN_ERR_PARAM_INVALID, "gamma", x.t, g32.t, g32.t, s.t, nullptr, nullptr, nullptr, "static", y.t, y.t, o.t,
         o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "y1Out", x.t, g.t, g.t, s.t, nullptr, nullptr, nullptr, "static", yi.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "outScales1Out", x.t, g.t, g.t, s.t, nullptr, nullptr, nullptr, "static", y.t, y.t,
         o16.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "scales1Optional", x.t, g.t, g.t, s.t, nullptr, nullptr, nullptr, "dynamic", y.t, y.t,
         o.t, o.t); // dynamic smooth scales of x1's dtype
    ALNQ(ACLNN_ERR_PARAM_INVALID, "scales2Optional", x.t, g.t, g.t, s.t, s16.t, nullptr, nullptr, "static", y.t, y.t,
         o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "zeroPoints1Optional", x.t, g.t, g.t, s.t, nullptr, sb.t, nullptr, "static", y.t,
         y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "DimNum of x1 should bigger than gamma", x1d.t, g2.t, g2.t, s.t, nullptr, nullptr,
         nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Shape of gamma should be equal to few dims of shape x1", x.t, g15.t, g15.t, s.t,
         nullptr, nullptr, nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "x1.dims() >= 2 and gamma.dims() == 1", x1d.t, g.t, g.t, nullptr, nullptr, nullptr,
         nullptr, "dynamic", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "DimNum of outScales1Out should equals to (x1DimNum - 1)", x.t, g.t, g.t, nullptr,
         nullptr, nullptr, nullptr, "dynamic", y.t, y.t, o21.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Shape of outScales should equals to x1 without last dim", x.t, g.t, g.t, nullptr,
         nullptr, nullptr, nullptr, "dynamic", y.t, y.t, o3.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Tensors x1/x2/y1/y2/x shape not same.", x.t, g.t, g.t, s.t, nullptr, nullptr,
         nullptr, "static", y3.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Tensors x1/x2/y1/y2/x shape not same.", x.t, g.t, g.t, s.t, s.t, nullptr, nullptr,
         "static", y.t, y3.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Tensors gamma/beta/s1/s2/z1/z2 shape not same.", x.t, g.t, g.t, s15.t, nullptr,
         nullptr, nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Shapes of outScales not equal.", x.t, g.t, g.t, s16.t, s16.t, nullptr, nullptr,
         "dynamic", y.t, y.t, o.t, o21.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in stc quant mode", x.t, g.t, g.t, nullptr,
         nullptr, nullptr, nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in stc quant mode", x.t, g.t, g.t, s.t, s.t, s.t,
         nullptr, "static", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in dyn quant mode", x.t, g.t, g.t, s16.t,
         nullptr, s16.t, nullptr, "dynamic", y.t, y.t, o.t, o.t);
    ALNQ(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in dyn quant mode", x.t, g.t, g.t, nullptr,
         s16.t, nullptr, nullptr, "dynamic", y.t, y.t, o.t, o.t);
#undef ALNQ
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Shape of bias is not same as x1 or gamma.", AddLayerNormQuant, x.t, x.t,
                   g.t, g.t, g15.t, s.t, nullptr, nullptr, nullptr, "static", 1e-5, true, true, y.t, y.t, x.t, o.t, o.t);
    // "staticXYZ" passes the op_api's prefix match; an empty outScales1Out means nothing runs
    EXPECT(NPL_RUN(AddLayerNormQuant, x.t, x.t, g.t, g.t, nullptr, s.t, nullptr, nullptr, nullptr, "staticXYZ", 1e-5,
                   true, true, y.t, y.t, x.t, oe.t, o.t) == 0, "AddLayerNormQuant prefix mode / empty outScales1Out");
    for (DevTensor *t : {&x, &g, &g15, &g2, &s, &s16, &sb, &s15, &y, &y3, &yi, &o, &o3, &o21, &o16, &x32, &g32, &xi,
                         &x1d, &g3, &oe})
        t->Free();
}

// ---- AddLayerNormQuantV2: V1 plus layernormRes (written off the 950) and per-tensor scales.
// Off the 950 the kernel multiplies by the scales whatever divMode says.
static void Alnq2Case(Runtime &rt, aclDataType dt, aclDataType sdt, bool per_tensor, bool dual, bool zp, bool div_mode,
                      bool additional, bool bias_rows, std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n, sn = per_tensor ? 1 : n;
    std::vector<int64_t> gs = per_tensor ? std::vector<int64_t>{1, n} : std::vector<int64_t>{n}, ss = {sn};
    DevTensor x1 = MakeTensor(dt, shape, RandVals(rng, rows * n, 1.5), xl), x2 = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor g = MakeTensor(dt, gs, RandVals(rng, n, 0.8)), b = MakeTensor(dt, gs, RandVals(rng, n, 0.2));
    DevTensor bias = bias_rows ? MakeTensor(dt, shape, RandVals(rng, rows * n, 0.3)) : MakeTensor(dt, gs, RandVals(rng, n, 0.3));
    bool mul = g_chip != CHIP_950 || !div_mode;
    std::vector<double> s1v(sn), s2v(sn), z1v(sn), z2v(sn);
    for (int64_t j = 0; j < sn; j++) {
        double a = 0.01 + 0.02 * rng.uniform(), c = 0.01 + 0.02 * rng.uniform();
        s1v[j] = mul ? 1.0 / a : a;
        s2v[j] = mul ? 1.0 / c : c;
        z1v[j] = std::floor(rng.uniform() * 20 - 10);
        z2v[j] = std::floor(rng.uniform() * 20 - 10);
    }
    DevTensor s1 = MakeTensor(sdt, ss, s1v), s2 = MakeTensor(sdt, ss, s2v), z1 = MakeTensor(sdt, ss, z1v), z2 = MakeTensor(sdt, ss, z2v);
    DevTensor y1 = MakeOut(ACL_INT8, shape, xl), y2 = MakeOut(ACL_INT8, shape), xo = MakeOut(dt, shape), ln = MakeOut(dt, shape, xl);
    DevTensor o1 = MakeOut(ACL_FLOAT, {1}), o2 = MakeOut(ACL_FLOAT, {1});
    int rc = NPL_RUN(AddLayerNormQuantV2, x1.t, x2.t, g.t, b.t, bias.t, s1.t, dual ? s2.t : nullptr, zp ? z1.t : nullptr,
                     zp && dual ? z2.t : nullptr, "static", 1e-5, additional, div_mode, y1.t, y2.t, xo.t, ln.t, o1.t, o2.t);
    std::string what = std::string(DtName(dt)) + "/" + DtName(sdt) + (per_tensor ? " per-tensor" : " per-channel") +
                       (dual ? " dual" : "") + (zp ? " zp" : "") + (div_mode ? " divMode" : "") + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "AddLayerNormQuantV2 run (%s)", what.c_str());
    std::vector<double> x(rows * n);
    for (int64_t i = 0; i < rows * n; i++) x[i] = x1.vals[i] + x2.vals[i] + bias.vals[bias_rows ? i : i % n];
    std::vector<double> y = LayerNormRef(x, rows, n, g.vals, b.vals, 1e-5);
    for (int k = 0; k < (dual ? 2 : 1); k++) {
        const DevTensor &s = k ? s2 : s1, &z = k ? z2 : z1;
        std::vector<double> pre(rows * n);
        for (int64_t i = 0; i < rows * n; i++) {
            int64_t j = per_tensor ? 0 : i % n;
            pre[i] = (mul ? y[i] * s.vals[j] : y[i] / s.vals[j]) + (zp ? z.vals[j] : 0.0);
        }
        CheckQuantExact(("AddLayerNormQuantV2 y" + std::to_string(k + 1) + " " + what).c_str(), Read(k ? y2 : y1), pre,
                        QuantRef, 2e-5);
    }
    if (g_chip == CHIP_950) EXPECT(Read(ln) == std::vector<double>(rows * n, 0.0), "AddLayerNormQuantV2 %s: layernormRes written on the 950", what.c_str());
    else CheckDtype(("AddLayerNormQuantV2 layernormRes " + what).c_str(), dt, Read(ln), y);
    CheckUntouched("AddLayerNormQuantV2 layernormRes storage", ln);
    if (additional) {
        std::vector<double> xr(x.size());
        for (size_t i = 0; i < x.size(); i++) xr[i] = RoundTo(dt, x[i]);
        CheckDtype(("AddLayerNormQuantV2 xOut " + what).c_str(), dt, Read(xo), xr);
    }
    for (DevTensor *t : {&x1, &x2, &g, &b, &bias, &s1, &s2, &z1, &z2, &y1, &y2, &xo, &ln, &o1, &o2}) t->Free();
}

static void Alnq2Errors(Runtime &rt)
{
    aclDataType dt = ACL_FLOAT16;
    DevTensor x = MakeOut(dt, {2, 16}), g = MakeOut(dt, {16}), g2 = MakeOut(dt, {1, 16}), g15 = MakeOut(dt, {15});
    DevTensor s = MakeOut(dt, {16}), s1 = MakeOut(dt, {1}), s15 = MakeOut(dt, {15}), y = MakeOut(ACL_INT8, {2, 16});
    DevTensor l3 = MakeOut(dt, {3, 16}), l32 = MakeOut(ACL_FLOAT, {2, 16}), o = MakeOut(ACL_FLOAT, {2});
    DevTensor x1d = MakeOut(dt, {16});
#define ALNQ2(code, msg, X1, G, B, S1, S2, Z1, MODE, LN, O1)                                                          \
    NPL_EXPECT_ERR(code, msg, AddLayerNormQuantV2, X1, X1, G, B, nullptr, S1, S2, Z1, nullptr, MODE, 1e-5, false,  \
                   false, y.t, y.t, X1, LN, O1, o.t)
    ALNQ2(ACLNN_ERR_PARAM_NULLPTR, "layernormRes", x.t, g.t, g.t, s.t, nullptr, nullptr, "static", nullptr, o.t);
    if (g_chip != CHIP_950)
        ALNQ2(ACLNN_ERR_PARAM_INVALID, "Got quantMode is not \"static\".", x.t, g.t, g.t, s.t, nullptr, nullptr,
              "dynamic", x.t, o.t);
    else
        ALNQ2(ACLNN_ERR_PARAM_INVALID, "In dyn quant, x1.dims() >= 2 should be followed", x1d.t, g.t, g.t, nullptr,
              nullptr, nullptr, "dynamic", x1d.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "layernormRes", x.t, g.t, g.t, s.t, nullptr, nullptr, "static", l32.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "beta shape must be same as gamma", x.t, g.t, g2.t, s.t, nullptr, nullptr, "static",
          x.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "Invalid gamma/scales1 shape combination", x.t, g.t, g.t, s1.t, nullptr, nullptr,
          "static", x.t, o.t); // per tensor needs gamma [1, n]
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "Invalid gamma/scales1 shape combination", x.t, g.t, g.t, s15.t, nullptr, nullptr,
          "static", x.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "Invalid gamma/scales1 shape combination", x.t, g.t, g.t, nullptr, nullptr,
          nullptr, "static", x.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "Tensors x1/x2/y1/y2/x/layernormRes shape not same.", x.t, g.t, g.t, s.t, nullptr,
          nullptr, "static", l3.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "Tensors scales1/zeroPoints1 shape not same.", x.t, g2.t, g2.t, s1.t, nullptr, s.t,
          "static", x.t, o.t);
    ALNQ2(ACLNN_ERR_PARAM_INVALID, "gamma (15 elements) should cover trailing dims of x1", x.t, g15.t, g15.t, s15.t,
          nullptr, nullptr, "static", x.t, o.t);
#undef ALNQ2
    for (DevTensor *t : {&x, &g, &g2, &g15, &s, &s1, &s15, &y, &l3, &l32, &o, &x1d}) t->Free();
}

// ---- RmsNormQuantV3 (950): q = x / Rms(x) * gamma (+ beta), y = enc(q / scale + offset) or
// enc(q * scale + offset); rstd = 1 / Rms(x).
// FP8 (mbits mantissa bits, exponent bias, largest finite) by value: nearest, ties to even, saturated.
static double Fp8Ref(double v, int mbits, int bias, double maxv)
{
    if (std::isnan(v)) return v;
    double a = std::fabs(v);
    if (a == 0) return v;
    int e = (int)std::floor(std::log2(a));
    if (e < 1 - bias) e = 1 - bias;
    double q = std::ldexp(1.0, e - mbits), r = std::nearbyint(a / q) * q;
    if (r > maxv) r = maxv;
    return v < 0 ? -r : r;
}
static double Fp8Decode(uint8_t c, int mbits, int bias)
{
    int sgn = c >> 7, e = (c >> mbits) & ((1 << (7 - mbits)) - 1), m = c & ((1 << mbits) - 1);
    double v = e ? std::ldexp(1.0 + m / (double)(1 << mbits), e - bias) : std::ldexp(m / (double)(1 << mbits), 1 - bias);
    return sgn ? -v : v;
}
static double QuantRefI4(double v)
{
    if (std::isnan(v)) return 0;
    double r = std::nearbyint(v);
    return r > 7 ? 7 : (r < -8 ? -8 : r);
}

static void Rnq3Case(Runtime &rt, aclDataType dt, aclDataType sdt, aclDataType odt, aclDataType ydt, int64_t sn,
                     bool beta, bool div_mode, bool gamma2d, std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    double ymax = ydt == ACL_FLOAT8_E4M3FN ? 448 : (ydt == ACL_FLOAT8_E5M2 ? 57344 : (ydt == ACL_INT8 ? 127 : 7));
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, rows * n, 2.0), xl);
    std::vector<int64_t> gs = gamma2d ? std::vector<int64_t>{1, n} : std::vector<int64_t>{n};
    DevTensor g = MakeTensor(dt, gs, RandVals(rng, n, 0.8)), b = MakeTensor(dt, gs, RandVals(rng, n, 0.2));
    std::vector<double> sv(sn), ov(sn);
    for (int64_t j = 0; j < sn; j++) {
        double a = (0.5 + rng.uniform()) * 2.5 / ymax; // |q| ~ 2.5 spans about the range
        sv[j] = div_mode ? a : 1.0 / a;
        ov[j] = odt == ACL_INT8 || odt == ACL_INT32 ? std::floor(rng.uniform() * 6 - 3) * (ymax > 10 ? 1 : 0.5)
                                                    : (rng.uniform() - 0.5) * ymax * 0.1;
        if (odt == ACL_INT8 || odt == ACL_INT32) ov[j] = std::floor(ov[j]);
    }
    DevTensor sc = MakeTensor(sdt, {sn}, sv), of = MakeTensor(odt, {sn}, ov);
    std::vector<int64_t> ys = shape, rs = shape;
    if (ydt == ACL_INT32) ys.back() /= 8;
    rs.back() = 1;
    DevTensor y = MakeOut(ydt == ACL_INT4 ? ACL_INT8 : ydt, ys, ydt == ACL_INT4 ? CONTIG : xl), r = MakeOut(ACL_FLOAT, rs);
    if (ydt == ACL_INT4) { // an INT4 view of the byte buffer (two codes per byte)
        aclDestroyTensor(y.t);
        std::vector<int64_t> st = {1};
        for (size_t i = shape.size() - 1; i-- > 0;) st.insert(st.begin(), st.front() * shape[i + 1]);
        y.t = aclCreateTensor(shape.data(), shape.size(), ACL_INT4, st.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), y.dev);
    }
    double eps = 1e-6;
    std::string what = std::string(DtName(dt)) + "/" + DtName(sdt) + "/" + DtName(odt) + " y " +
                       std::to_string((int)ydt) + " scale_n " + std::to_string(sn) + (beta ? " beta" : "") +
                       (div_mode ? " div" : " mul") + " layout " + std::to_string(xl);
    EXPECT(NPL_RUN(RmsNormQuantV3, x.t, g.t, sc.t, of.t, beta ? b.t : nullptr, eps, div_mode, true, y.t, r.t) == 0,
           "RmsNormQuantV3 run (%s)", what.c_str());
    std::vector<double> pre(rows * n), rr(rows);
    for (int64_t i = 0; i < rows; i++) {
        double ss = 0;
        for (int64_t j = 0; j < n; j++) ss += x.vals[i * n + j] * x.vals[i * n + j];
        rr[i] = 1.0 / std::sqrt(ss / n + eps);
        for (int64_t j = 0; j < n; j++) {
            int64_t k = sn == 1 ? 0 : j;
            double q = x.vals[i * n + j] * rr[i] * g.vals[j] + (beta ? b.vals[j] : 0.0);
            pre[i * n + j] = (div_mode ? q / sc.vals[k] : q * sc.vals[k]) + of.vals[k];
        }
    }
    CheckAccuracy(("RmsNormQuantV3 rstd " + what).c_str(), Read(r), rr, 1e-5, 1e-9, 1e-4);
    // the stored codes, decoded
    size_t nb = ydt == ACL_INT32 ? (size_t)rows * n / 2 : (ydt == ACL_INT4 ? (size_t)rows * n / 2 : (size_t)rows * n);
    std::vector<double> got(rows * n);
    if (ydt == ACL_INT8) {
        got = Read(y);
    } else if (ydt == ACL_FLOAT8_E4M3FN || ydt == ACL_FLOAT8_E5M2) { // the view's bytes in storage
        std::vector<uint8_t> bytes((size_t)y.storage);
        aclrtMemcpy(bytes.data(), bytes.size(), y.dev, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        for (int64_t i = 0; i < rows * n; i++) {
            uint8_t c = bytes[(size_t)StorageIndex(y, i)];
            got[i] = ydt == ACL_FLOAT8_E4M3FN ? Fp8Decode(c, 3, 7) : Fp8Decode(c, 2, 15);
        }
    } else {
        std::vector<uint8_t> bytes(nb);
        aclrtMemcpy(bytes.data(), nb, y.dev, nb, ACL_MEMCPY_DEVICE_TO_HOST);
        for (int64_t i = 0; i < rows * n; i++) {
            if (ydt == ACL_INT4 || ydt == ACL_INT32) {
                int c = (bytes[i / 2] >> ((i & 1) * 4)) & 0xf;
                got[i] = c >= 8 ? c - 16 : c;
            } else {
                got[i] = ydt == ACL_FLOAT8_E4M3FN ? Fp8Decode(bytes[i], 3, 7) : Fp8Decode(bytes[i], 2, 15);
            }
        }
    }
    std::string nm = "RmsNormQuantV3 y " + what;
    if (ydt == ACL_INT8) CheckQuantExact(nm.c_str(), got, pre, QuantRef, 2e-5);
    else if (ydt == ACL_INT4 || ydt == ACL_INT32) CheckQuantExact(nm.c_str(), got, pre, QuantRefI4, 2e-5);
    else if (ydt == ACL_FLOAT8_E4M3FN)
        CheckQuantExact(nm.c_str(), got, pre, [](double v) { return Fp8Ref(v, 3, 7, 448); }, 2e-5);
    else CheckQuantExact(nm.c_str(), got, pre, [](double v) { return Fp8Ref(v, 2, 15, 57344); }, 2e-5);
    for (DevTensor *t : {&x, &g, &b, &sc, &of, &y, &r}) t->Free();
}

static void Rnq3Errors(Runtime &rt)
{
    aclDataType dt = ACL_FLOAT16;
    DevTensor x = MakeOut(dt, {2, 16}), g = MakeOut(dt, {16}), g3 = MakeOut(dt, {1, 1, 16}), g21 = MakeOut(dt, {2, 16});
    DevTensor s = MakeOut(dt, {1}), s11 = MakeOut(dt, {1, 1}), s3 = MakeOut(dt, {3}), o = MakeOut(ACL_INT8, {1});
    DevTensor o32 = MakeOut(ACL_INT32, {1}), sf = MakeOut(ACL_FLOAT, {1}), y = MakeOut(ACL_INT8, {2, 16});
    DevTensor y32 = MakeOut(ACL_INT32, {2, 2}), y32b = MakeOut(ACL_INT32, {2, 3}), yh = MakeOut(ACL_HIFLOAT8, {2, 16});
    DevTensor yf = MakeOut(ACL_FLOAT16, {2, 16}), r = MakeOut(ACL_FLOAT, {2, 1}), r2 = MakeOut(ACL_FLOAT, {2});
    DevTensor x12 = MakeOut(dt, {2, 12}), g12 = MakeOut(dt, {12}), y3 = MakeOut(ACL_INT8, {3, 16});
    if (g_chip != CHIP_950) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", RmsNormQuantV3, x.t, g.t, s.t, o.t, nullptr, 1e-6,
                       true, true, y.t, r.t);
    } else {
#define RNQ3(code, msg, X, G, S, O, Y, R) \
    NPL_EXPECT_ERR(code, msg, RmsNormQuantV3, X, G, S, O, nullptr, 1e-6, true, true, Y, R)
        RNQ3(ACLNN_ERR_PARAM_NULLPTR, "scale", x.t, g.t, nullptr, o.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_NULLPTR, "rstd", x.t, g.t, s.t, o.t, y.t, nullptr);
        EXPECT(NPL_RUN(RmsNormQuantV3, x.t, g.t, s.t, nullptr, nullptr, 1e-6, true, false, y.t, nullptr) == 0,
               "RmsNormQuantV3 without rstd");
        RNQ3(ACLNN_ERR_PARAM_INVALID, "DimNum of gamma must be 1 or 2, but get [3]", x.t, g3.t, s.t, o.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "DimNum of scale must be 1, but get [2]", x.t, g.t, s11.t, o.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "the last dim of x must be a multiple of 8, but got 12", x12.t, g12.t, s.t, o.t,
             y32.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "the out last dim must be 1/8 of x last dim", x.t, g.t, s.t, o.t, y32b.t, r.t);
        // shape checks of the op_api come before the dtypes: a FLOAT16 y with a bad scale rank reports the rank
        RNQ3(ACLNN_ERR_PARAM_INVALID, "DimNum of scale", x.t, g.t, s11.t, o.t, yf.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "y", x.t, g.t, s.t, o.t, yf.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "not emulated", x.t, g.t, s.t, o.t, yh.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "not a supported combination", x.t, g.t, s.t, o32.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "not a supported combination", x.t, g.t, sf.t, o.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "gamma should have shape [16] or [1, 16]", x.t, g21.t, s.t, o.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "scale should hold 1 or 16 elements", x.t, g.t, s3.t, nullptr, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "offset", x.t, g.t, s.t, o32.t == nullptr ? nullptr : s3.t, y.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "y shape should be the shape of x", x.t, g.t, s.t, o.t, y3.t, r.t);
        RNQ3(ACLNN_ERR_PARAM_INVALID, "rstd should have the shape of x with a last dim of 1", x.t, g.t, s.t, o.t, y.t,
             r2.t);
#undef RNQ3
    }
    for (DevTensor *t : {&x, &g, &g3, &g21, &s, &s11, &s3, &o, &o32, &sf, &y, &y32, &y32b, &yh, &yf, &r, &r2, &x12,
                         &g12, &y3})
        t->Free();
}

// ---- AddRmsNormQuantV2: x = x1 + x2 (in x1's dtype), r = x / Rms(x) * gamma, y = r + beta,
// yk = enc(y / sk + zk) or enc(y * sk + zk); rmsNormOut = r.
static void Arq2Case(Runtime &rt, aclDataType dt, aclDataType sdt, aclDataType zdt, aclDataType ydt, int64_t sn,
                     bool dual, bool zp, bool beta, bool div_mode, bool want_x, bool want_res,
                     std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    double ymax = ydt == ACL_INT8 ? 127 : (ydt == ACL_FLOAT8_E4M3FN ? 448 : 57344);
    DevTensor x1 = MakeTensor(dt, shape, RandVals(rng, rows * n, 1.5), xl), x2 = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor g = MakeTensor(dt, {n}, RandVals(rng, n, 0.8)), b = MakeTensor(dt, {n}, RandVals(rng, n, 0.3));
    std::vector<double> s1v(sn), s2v(sn), z1v(sn), z2v(sn);
    for (int64_t j = 0; j < sn; j++) {
        double a = (0.5 + rng.uniform()) * 2.5 / ymax, c = (0.5 + rng.uniform()) * 2.5 / ymax;
        s1v[j] = div_mode ? a : 1.0 / a;
        s2v[j] = div_mode ? c : 1.0 / c;
        z1v[j] = std::floor(rng.uniform() * 10 - 5);
        z2v[j] = std::floor(rng.uniform() * 10 - 5);
    }
    DevTensor s1 = MakeTensor(sdt, {sn}, s1v), s2 = MakeTensor(sdt, {sn}, s2v), z1 = MakeTensor(zdt, {sn}, z1v),
              z2 = MakeTensor(zdt, {sn}, z2v);
    DevTensor y1 = MakeOut(ydt, shape, xl), y2 = MakeOut(ydt, shape), xo = MakeOut(dt, shape), res = MakeOut(dt, shape, xl);
    double eps = 1e-6;
    std::string what = std::string(DtName(dt)) + "/" + DtName(sdt) + "/" + DtName(zdt) + " y " + std::to_string((int)ydt) +
                       " scale_n " + std::to_string(sn) + (dual ? " dual" : "") + (zp ? " zp" : "") +
                       (beta ? " beta" : "") + (div_mode ? " div" : " mul") + (want_x ? " xOut" : "") +
                       (want_res ? " rmsNormOut" : "") + " layout " + std::to_string(xl);
    int rc = NPL_RUN(AddRmsNormQuantV2, x1.t, x2.t, g.t, s1.t, dual ? s2.t : nullptr, zp ? z1.t : nullptr,
                     zp && dual ? z2.t : nullptr, beta ? b.t : nullptr, -1, eps, div_mode, y1.t, y2.t,
                     want_x ? xo.t : nullptr, want_res ? res.t : nullptr);
    EXPECT(rc == 0, "AddRmsNormQuantV2 run (%s)", what.c_str());
    std::vector<double> x(rows * n), r(rows * n);
    for (int64_t i = 0; i < rows * n; i++) x[i] = RoundTo(dt, x1.vals[i] + x2.vals[i]);
    for (int64_t i = 0; i < rows; i++) {
        double ss = 0;
        for (int64_t j = 0; j < n; j++) ss += x[i * n + j] * x[i * n + j];
        double rs = 1.0 / std::sqrt(ss / n + eps);
        for (int64_t j = 0; j < n; j++) r[i * n + j] = x[i * n + j] * rs * g.vals[j];
    }
    for (int k = 0; k < (dual ? 2 : 1); k++) {
        const DevTensor &sc = k ? s2 : s1, &z = k ? z2 : z1;
        std::vector<double> pre(rows * n), got(rows * n);
        for (int64_t i = 0; i < rows * n; i++) {
            int64_t j = sn == 1 ? 0 : i % n;
            double y = r[i] + (beta ? b.vals[i % n] : 0.0);
            pre[i] = (div_mode ? y / sc.vals[j] : y * sc.vals[j]) + (zp ? z.vals[j] : 0.0);
        }
        const DevTensor &yt = k ? y2 : y1;
        if (ydt == ACL_INT8) got = Read(yt);
        else {
            std::vector<uint8_t> bytes((size_t)yt.storage);
            aclrtMemcpy(bytes.data(), bytes.size(), yt.dev, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
            for (int64_t i = 0; i < rows * n; i++) {
                uint8_t c = bytes[(size_t)StorageIndex(yt, i)];
                got[i] = ydt == ACL_FLOAT8_E4M3FN ? Fp8Decode(c, 3, 7) : Fp8Decode(c, 2, 15);
            }
        }
        std::string nm = "AddRmsNormQuantV2 y" + std::to_string(k + 1) + " " + what;
        if (ydt == ACL_INT8) CheckQuantExact(nm.c_str(), got, pre, QuantRef, 2e-5);
        else if (ydt == ACL_FLOAT8_E4M3FN)
            CheckQuantExact(nm.c_str(), got, pre, [](double v) { return Fp8Ref(v, 3, 7, 448); }, 2e-5);
        else CheckQuantExact(nm.c_str(), got, pre, [](double v) { return Fp8Ref(v, 2, 15, 57344); }, 2e-5);
    }
    if (want_res) CheckDtype(("AddRmsNormQuantV2 rmsNormOut " + what).c_str(), dt, Read(res), r);
    if (want_x) CheckDtype(("AddRmsNormQuantV2 xOut " + what).c_str(), dt, Read(xo), x);
    if (!dual && ydt == ACL_INT8)
        EXPECT(Read(y2) == std::vector<double>(rows * n, 0.0), "AddRmsNormQuantV2 %s: y2Out written", what.c_str());
    CheckUntouched("AddRmsNormQuantV2 y1 storage", y1);
    for (DevTensor *t : {&x1, &x2, &g, &b, &s1, &s2, &z1, &z2, &y1, &y2, &xo, &res}) t->Free();
}

static void Arq2Errors(Runtime &rt)
{
    aclDataType dt = ACL_FLOAT16;
    DevTensor x = MakeOut(dt, {2, 32}), g = MakeOut(dt, {32}), g16 = MakeOut(dt, {16}), s = MakeOut(ACL_FLOAT, {32});
    DevTensor s1 = MakeOut(ACL_FLOAT, {1}), z1 = MakeOut(ACL_INT32, {1}), zs = MakeOut(ACL_INT32, {32});
    DevTensor y = MakeOut(ACL_INT8, {2, 32}), y32 = MakeOut(ACL_INT32, {2, 32}), x3 = MakeOut(dt, {3, 32});
    DevTensor xi = MakeOut(ACL_INT32, {2, 32}), x16 = MakeOut(dt, {2, 16}), y16 = MakeOut(ACL_INT8, {2, 16});
    DevTensor s16 = MakeOut(ACL_FLOAT, {16}), yh = MakeOut(ACL_HIFLOAT8, {2, 32});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x2", AddRmsNormQuantV2, x.t, nullptr, g.t, s.t, nullptr, nullptr, nullptr,
                   nullptr, -1, 1e-6, true, y.t, y.t, x.t, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "y2Out", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, nullptr, nullptr,
                   nullptr, -1, 1e-6, true, y.t, nullptr, x.t, nullptr);
    if (g_chip != CHIP_950) {
        // per-channel scales take the V1 route: it refuses rmsNormOut, and needs xOut
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "The rmsNormOut tensor should be nullptr in computeV1.",
                       AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, zs.t, nullptr, nullptr, -1, 1e-6, true, y.t,
                       y.t, x.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "xOut", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, zs.t, nullptr,
                       nullptr, -1, 1e-6, true, y.t, y.t, nullptr, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y1Out", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, zs.t, nullptr,
                       nullptr, -1, 1e-6, true, y32.t, y.t, x.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1", AddRmsNormQuantV2, xi.t, xi.t, g.t, s.t, nullptr, zs.t, nullptr,
                       nullptr, -1, 1e-6, true, y.t, y.t, xi.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scales1", AddRmsNormQuantV2, x.t, x.t, g.t, g16.t, nullptr, nullptr,
                       nullptr, nullptr, -1, 1e-6, true, y.t, y.t, x.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, zs.t, nullptr,
                       nullptr, -1, 1e-6, true, y.t, y.t, x3.t, nullptr);
        // the V2 route (one scale / zero point, divMode): betaOptional with xOut, or rmsNormOut alone
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rmsNormOut", AddRmsNormQuantV2, x.t, x.t, g.t, s1.t, nullptr, z1.t,
                       nullptr, nullptr, -1, 1e-6, true, y.t, y.t, nullptr, x3.t);
        if (g_chip == CHIP_310P)
            NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's size 16 is smaller than 32.", AddRmsNormQuantV2,
                           x16.t, x16.t, g16.t, s16.t, nullptr, nullptr, nullptr, nullptr, -1, 1e-6, true, y16.t,
                           y16.t, x16.t, nullptr);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y1Out", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, nullptr,
                       nullptr, nullptr, -1, 1e-6, true, y32.t, y.t, x.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not emulated", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr,
                       nullptr, nullptr, nullptr, -1, 1e-6, true, yh.t, y.t, x.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rmsNormOut", AddRmsNormQuantV2, x.t, x.t, g.t, s.t, nullptr, nullptr,
                       nullptr, nullptr, -1, 1e-6, true, y.t, y.t, x.t, x3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's shape dim 0 is 16, is not equal to x1 32.",
                       AddRmsNormQuantV2, x.t, x.t, g16.t, s16.t, nullptr, nullptr, nullptr, nullptr, -1, 1e-6, true,
                       y.t, y.t, x.t, nullptr);
    }
    for (DevTensor *t : {&x, &g, &g16, &s, &s1, &z1, &zs, &y, &y32, &x3, &xi, &x16, &y16, &s16, &yh}) t->Free();
}

// ---- GroupNormSwish: GroupNorm of (N, C, ...) then y / (1 + exp(-scale * y)); mean / rstd of
// gamma's dtype.
static void GnsCase(Runtime &rt, aclDataType dt, aclDataType gdt, std::vector<int64_t> shape, int64_t groups,
                    bool swish, double scale, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t N = shape[0], C = shape[1], hw = GetShapeSize(shape) / (N * C), cpg = C / groups;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * hw, 2.0), xl);
    DevTensor g = MakeTensor(gdt, {C}, RandVals(rng, C, 0.8)), b = MakeTensor(gdt, {C}, RandVals(rng, C, 0.3));
    DevTensor y = MakeOut(dt, shape, xl), m = MakeOut(gdt, {N, groups}), r = MakeOut(gdt, {N, groups});
    double eps = 1e-5;
    EXPECT(NPL_RUN(GroupNormSwish, x.t, g.t, b.t, groups, (char *)"NCHW", eps, swish, scale, y.t, m.t, r.t) == 0,
           "GroupNormSwish run (%s)", DtName(dt));
    std::vector<double> ry(x.vals.size()), rm(N * groups), rr(N * groups);
    for (int64_t n = 0; n < N; n++)
        for (int64_t k = 0; k < groups; k++) {
            int64_t base = (n * C + k * cpg) * hw, len = cpg * hw;
            double s1 = 0, s2 = 0;
            for (int64_t i = 0; i < len; i++) s1 += x.vals[base + i];
            double mean = s1 / len;
            for (int64_t i = 0; i < len; i++) s2 += (x.vals[base + i] - mean) * (x.vals[base + i] - mean);
            double rs = 1.0 / std::sqrt(s2 / len + eps);
            rm[n * groups + k] = mean;
            rr[n * groups + k] = rs;
            for (int64_t i = 0; i < len; i++) {
                int64_t ch = k * cpg + i / hw;
                double v = (x.vals[base + i] - mean) * rs * g.vals[ch] + b.vals[ch];
                ry[base + i] = swish ? v / (1.0 + std::exp(-scale * v)) : v;
            }
        }
    std::string what = std::string(DtName(dt)) + "/" + DtName(gdt) + (swish ? " swish" : "") + " layout " + std::to_string(xl);
    CheckDtype(("GroupNormSwish y " + what).c_str(), dt, Read(y), ry);
    CheckDtype(("GroupNormSwish mean " + what).c_str(), gdt, Read(m), rm);
    CheckDtype(("GroupNormSwish rstd " + what).c_str(), gdt, Read(r), rr);
    CheckUntouched("GroupNormSwish y storage", y);
    for (DevTensor *t : {&x, &g, &b, &y, &m, &r}) t->Free();
}

static void GnsErrors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT16, {2, 6, 4}), g = MakeOut(ACL_FLOAT16, {6}), g32 = MakeOut(ACL_FLOAT, {6});
    DevTensor gb = MakeOut(ACL_BF16, {6}), m = MakeOut(ACL_FLOAT16, {2, 3}), m32 = MakeOut(ACL_FLOAT, {2, 3});
    DevTensor m4 = MakeOut(ACL_FLOAT16, {2, 4}), g5 = MakeOut(ACL_FLOAT16, {5}), xi = MakeOut(ACL_INT32, {2, 6, 4});
    DevTensor x1 = MakeOut(ACL_FLOAT16, {6});
    char fmt[] = "NCHW";
    if (g_chip == CHIP_310P) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", GroupNormSwish, x.t, g.t, g.t, 3, fmt, 1e-5, true,
                       1.0, x.t, m.t, m.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "beta", GroupNormSwish, x.t, g.t, nullptr, 3, fmt, 1e-5, true, 1.0,
                       x.t, m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "rstdOut", GroupNormSwish, x.t, g.t, g.t, 3, fmt, 1e-5, true, 1.0,
                       x.t, m.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x", GroupNormSwish, xi.t, g.t, g.t, 3, fmt, 1e-5, true, 1.0, xi.t,
                       m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", GroupNormSwish, x.t, gb.t, gb.t, 3, fmt, 1e-5, true, 1.0,
                       x.t, m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "beta", GroupNormSwish, x.t, g.t, g32.t, 3, fmt, 1e-5, true, 1.0, x.t,
                       m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "meanOut", GroupNormSwish, x.t, g.t, g.t, 3, fmt, 1e-5, true, 1.0,
                       x.t, m32.t, m.t); // mean / rstd take gamma's dtype
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dim num 1 should be in [2, 8]", GroupNormSwish, x1.t, g.t, g.t, 3,
                       fmt, 1e-5, true, 1.0, x1.t, m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "numGroups to be greater than 0", GroupNormSwish, x.t, g.t, g.t, 0,
                       fmt, 1e-5, true, 1.0, x.t, m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "C can be divided by numGroups", GroupNormSwish, x.t, g.t, g.t, 4, fmt,
                       1e-5, true, 1.0, x.t, m4.t, m4.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "C (6) elements", GroupNormSwish, x.t, g5.t, g5.t, 3, fmt, 1e-5, true,
                       1.0, x.t, m.t, m.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "meanOut", GroupNormSwish, x.t, g.t, g.t, 3, fmt, 1e-5, true, 1.0, x.t,
                       m4.t, m.t);
    }
    for (DevTensor *t : {&x, &g, &g32, &gb, &m, &m32, &m4, &g5, &xi, &x1}) t->Free();
}

static void AddLn2(Runtime &rt, aclDataType dt, uint64_t &seed)
{
    Alnq2Case(rt, dt, dt, false, true, true, false, true, false, {4, 9, 64}, CONTIG, seed++);
    Alnq2Case(rt, dt, dt, true, false, true, true, false, true, {13, 48}, TRANSPOSED, seed++);
    Alnq2Case(rt, dt, dt, true, true, false, false, true, false, {7, 200}, PADDED, seed++);
    Alnq2Case(rt, dt, dt, false, false, false, true, false, false, {3, 5, 32}, CONTIG, seed++);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    std::string sv = soc ? soc : "";
    g_chip = sv.find("310P") != std::string::npos ? CHIP_310P : (sv.find("950") != std::string::npos ? CHIP_950 : CHIP_A2);
    printf("chip %s\n", sv.c_str());
    uint64_t seed = 4100;
    for (aclDataType dt : LnqDts()) {
        LnqCase(rt, dt, {4, 9, 64}, false, CONTIG, seed++);
        LnqCase(rt, dt, {13, 48}, true, TRANSPOSED, seed++);
        LnqCase(rt, dt, {7, 200}, false, PADDED, seed++);
        LnqCase(rt, dt, {33}, false, CONTIG, seed++);
        LnqExact(rt, dt, 1.0, 100);
        LnqExact(rt, dt, 0.0, -3);
        LnqExact(rt, dt, 0.25, 0);
    }
    LnqErrors(rt);
    if (g_chip == CHIP_950) {
        for (aclDataType dt : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}) {
            aclDataType alt = dt == ACL_FLOAT ? ACL_FLOAT16 : ACL_FLOAT;
            AlnqCase(rt, {dt, dt, false, true, true, true, false, true, true}, {4, 9, 64}, CONTIG, seed++);
            AlnqCase(rt, {dt, alt, false, false, false, false, true, true, false}, {13, 48}, TRANSPOSED, seed++);
            AlnqCase(rt, {dt, ACL_FLOAT, false, false, true, false, false, false, true}, {7, 200}, PADDED, seed++);
            AlnqCase(rt, {dt, dt, false, true, false, true, false, false, true}, {3, 5, 16}, CONTIG, seed++);
            AlnqExact(rt, dt);
        }
        for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
            AlnqCase(rt, {dt, dt, true, false, false, true, false, true, true}, {4, 9, 64}, CONTIG, seed++);
            AlnqCase(rt, {dt, dt, true, false, true, true, true, true, false}, {13, 48}, TRANSPOSED, seed++);
            AlnqCase(rt, {dt, dt, true, true, true, true, false, false, true}, {7, 200}, PADDED, seed++);
        }
    }
    AlnqErrors(rt);
    for (aclDataType dt : LnqDts()) {
        if (g_chip == CHIP_310P && dt == ACL_BF16) continue;
        AddLn2(rt, dt, seed);
    }
    Alnq2Errors(rt);
    if (g_chip == CHIP_950) {
        // the dtype table: (x, scale, offset)
        Rnq3Case(rt, ACL_FLOAT16, ACL_FLOAT16, ACL_INT8, ACL_INT8, 1, true, true, false, {4, 9, 64}, CONTIG, seed++);
        Rnq3Case(rt, ACL_BF16, ACL_BF16, ACL_INT8, ACL_INT8, 48, false, false, true, {13, 48}, TRANSPOSED, seed++);
        Rnq3Case(rt, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_INT8, 200, true, true, false, {7, 200}, PADDED, seed++);
        Rnq3Case(rt, ACL_BF16, ACL_BF16, ACL_BF16, ACL_INT4, 1, true, true, false, {5, 32}, CONTIG, seed++);
        Rnq3Case(rt, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_INT32, 64, false, false, false, {3, 4, 64}, CONTIG, seed++);
        Rnq3Case(rt, ACL_FLOAT16, ACL_FLOAT, ACL_INT32, ACL_FLOAT8_E4M3FN, 1, true, true, false, {6, 80}, CONTIG, seed++);
        Rnq3Case(rt, ACL_BF16, ACL_FLOAT, ACL_INT32, ACL_FLOAT8_E5M2, 48, true, false, true, {13, 48}, TRANSPOSED, seed++);
        Rnq3Case(rt, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT8_E4M3FN, 96, false, true, false, {7, 96}, PADDED, seed++);
        Rnq3Case(rt, ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_INT8, 1, true, false, false, {33}, CONTIG, seed++);
    }
    Rnq3Errors(rt);
    if (g_chip == CHIP_950) {
        Arq2Case(rt, ACL_FLOAT16, ACL_FLOAT16, ACL_INT32, ACL_INT8, 64, true, true, true, true, true, true, {4, 9, 64}, CONTIG, seed++);
        Arq2Case(rt, ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT8_E4M3FN, 48, false, true, true, false, true, false, {13, 48}, TRANSPOSED, seed++);
        Arq2Case(rt, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT8_E5M2, 1, true, false, false, true, false, true, {7, 96}, PADDED, seed++);
    } else {
        std::vector<aclDataType> xs = {ACL_FLOAT16, ACL_BF16};
        if (g_chip == CHIP_310P) xs = {ACL_FLOAT16}; // the chip has no BF16
        for (aclDataType dt : xs) {
            // V2 route: one scale / zero point, divMode, (beta + xOut) or rmsNormOut alone
            Arq2Case(rt, dt, ACL_FLOAT, ACL_INT32, ACL_INT8, 1, false, true, true, true, true, false, {4, 9, 64}, CONTIG, seed++);
            Arq2Case(rt, dt, ACL_FLOAT, ACL_INT32, ACL_INT8, 1, false, true, false, true, false, true, {13, 48}, TRANSPOSED, seed++);
            // V1 route: per-channel, dual, multiply, beta
            Arq2Case(rt, dt, dt == ACL_BF16 ? ACL_BF16 : ACL_FLOAT, dt == ACL_BF16 ? ACL_BF16 : ACL_INT32, ACL_INT8, 96,
                     true, true, true, false, true, false, {7, 96}, PADDED, seed++);
        }
        // FLOAT16 scales1 / INT8 zeroPoints1 are cast by the op_api off the 950
        Arq2Case(rt, ACL_FLOAT16, ACL_FLOAT16, ACL_INT8, ACL_INT8, 1, false, true, true, true, true, false, {5, 32}, CONTIG, seed++);
    }
    Arq2Errors(rt);
    if (g_chip != CHIP_310P) {
        GnsCase(rt, ACL_FLOAT16, ACL_FLOAT16, {2, 8, 5, 3}, 4, true, 1.0, CONTIG, seed++);
        GnsCase(rt, ACL_FLOAT, ACL_FLOAT, {3, 6, 7}, 3, true, 1.7, TRANSPOSED, seed++);
        GnsCase(rt, ACL_BF16, ACL_BF16, {2, 4, 9}, 2, false, 1.0, PADDED, seed++);
        GnsCase(rt, ACL_FLOAT16, ACL_FLOAT, {2, 12, 16}, 6, true, -0.5, CONTIG, seed++);
        GnsCase(rt, ACL_BF16, ACL_FLOAT, {4, 4}, 1, true, 2.0, CONTIG, seed++);
    }
    GnsErrors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
