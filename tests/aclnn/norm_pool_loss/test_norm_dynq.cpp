// aclnnRmsNormDynamicQuant, aclnnAddRmsNormDynamicQuant, aclnnAddRmsNormDynamicQuantV2 and
// aclnnAddRmsNormCast (norm part, issue 12) against double-precision references: y = RmsNorm(x1 [+ x2]) * gamma [+ beta],
// v = y [* smooth], scale = rowmax|v| / DMAX, code = round(v / scale) (INT8: nearest, ties to even,
// saturated; FLOAT8 on the 950: nearest representable), dtypes of the chip's table, contiguous /
// transposed / padded views, zero rows, empty tensors, the outputs left alone when not enabled,
// and every validation path with its code and message. Runs on the default chip (Ascend910B), a
// 310P (refused) and a 950.
#include "npl_util.h"
#include "aclnnop/aclnn_add_rms_norm_cast.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_quant_v2.h"
#include "aclnnop/aclnn_rms_norm_dynamic_quant.h"

enum Chip { CHIP_A2, CHIP_310P, CHIP_950 };
static Chip g_chip = CHIP_A2;

static std::vector<int64_t> Lead(std::vector<int64_t> s)
{
    s.pop_back();
    if (s.empty()) s.push_back(1);
    return s;
}

// Value of an FP8 code (independent decoder: sign, exponent, mantissa fields).
static double Fp8Value(uint8_t c, int mbits, int bias, bool has_inf)
{
    int ebits = 7 - mbits;
    int e = (c >> mbits) & ((1 << ebits) - 1), m = c & ((1 << mbits) - 1);
    double v;
    if (!has_inf && (c & 0x7f) == 0x7f) v = NAN;
    else if (has_inf && e == (1 << ebits) - 1) v = m ? NAN : INFINITY;
    else if (e == 0) v = std::ldexp((double)m, 1 - bias - mbits);
    else v = std::ldexp(1.0 + m / (double)(1 << mbits), e - bias);
    return (c & 0x80) ? -v : v;
}

// Bytes of a 1-byte output, view order.
static std::vector<uint8_t> ReadBytes(const DevTensor &d)
{
    std::vector<uint8_t> bytes((size_t)d.storage);
    if (!bytes.empty()) aclrtMemcpy(bytes.data(), bytes.size(), d.dev, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    int64_t n = GetShapeSize(d.shape);
    std::vector<uint8_t> v((size_t)n);
    for (int64_t i = 0; i < n; i++) v[i] = bytes[(size_t)StorageIndex(d, i)];
    return v;
}

// Reference of one quantised output: per row scale and the unrounded quotient v / scale.
struct QRef {
    std::vector<double> scale, pre;
};

static QRef DynRef(const std::vector<double> &y, int64_t rows, int64_t n, const std::vector<double> *smooth,
                   double dmax)
{
    QRef r;
    r.scale.resize(rows);
    r.pre.resize(rows * n);
    for (int64_t i = 0; i < rows; i++) {
        double amax = 0;
        for (int64_t j = 0; j < n; j++) amax = std::max(amax, std::fabs(y[i * n + j] * (smooth ? (*smooth)[j] : 1.0)));
        r.scale[i] = amax / dmax;
        for (int64_t j = 0; j < n; j++) {
            double v = y[i * n + j] * (smooth ? (*smooth)[j] : 1.0);
            r.pre[i * n + j] = amax == 0 ? (dmax == 127.0 ? 0 : NAN) : v / r.scale[i];
        }
    }
    return r;
}

static void CheckScale(const char *name, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= 2e-5 * std::fabs(want[i])) && !bad++) first = i;
    EXPECT(bad == 0, "%s: %zu/%zu scales differ (first %zu: got %.8g want %.8g)", name, bad, want.size(), first,
           bad ? got[first] : 0.0, bad ? want[first] : 0.0);
}

// INT8 codes: exact round-half-even + saturation of pre, except within `window` of a tie (the FP32
// pipeline may land on the other side); FLOAT8: the decoded code within half an FP8 step of pre.
static void CheckCodes(const char *name, aclDataType ydt, const DevTensor &y, const std::vector<double> &pre)
{
    size_t bad = 0, first = 0;
    std::vector<uint8_t> b = ReadBytes(y);
    std::vector<double> got(pre.size());
    for (size_t i = 0; i < pre.size(); i++) {
        double p = pre[i], g;
        bool ok;
        if (ydt == ACL_INT8) {
            g = (int8_t)b[i];
            double want = std::nearbyint(p);
            want = want > 127 ? 127 : (want < -128 ? -128 : want);
            double frac = p - std::floor(p);
            ok = g == want || (std::fabs(frac - 0.5) < 2e-3 && std::fabs(g - want) == 1);
        } else {
            int mbits = ydt == ACL_FLOAT8_E4M3FN ? 3 : 2;
            g = ydt == ACL_FLOAT8_E4M3FN ? Fp8Value(b[i], 3, 7, false) : Fp8Value(b[i], 2, 15, true);
            double a = std::fabs(p);
            int e = a > 0 ? (int)std::floor(std::log2(a)) : -20;
            double step = std::ldexp(1.0, std::max(e, ydt == ACL_FLOAT8_E4M3FN ? -6 : -14) - mbits);
            // a zero row: scale 0 and 0 / 0 is NaN on the 950's Div, the cast keeps it
            ok = std::isnan(p) ? std::isnan(g) : std::fabs(g - p) <= 0.5 * step * (1 + 1e-6) + 1e-4 * a;
        }
        got[i] = g;
        if (!ok && !bad++) first = i;
    }
    EXPECT(bad == 0, "%s: %zu/%zu codes differ (first %zu: got %g from %.6f)", name, bad, pre.size(), first,
           bad ? got[first] : 0.0, bad ? pre[first] : 0.0);
}

static double Dmax(aclDataType ydt)
{
    return ydt == ACL_INT8 ? 127.0 : (ydt == ACL_FLOAT8_E4M3FN ? 448.0 : 57344.0);
}

static std::vector<double> RmsRef(const std::vector<double> &x, int64_t rows, int64_t n, const std::vector<double> &g,
                                  const std::vector<double> *beta, double eps)
{
    std::vector<double> y(rows * n);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += x[i * n + j] * x[i * n + j];
        double rs = 1.0 / std::sqrt(s / n + eps);
        for (int64_t j = 0; j < n; j++) y[i * n + j] = x[i * n + j] * rs * g[j] + (beta ? (*beta)[j] : 0.0);
    }
    return y;
}

// Rows 0 of x are all zero when zero_row (scale 0, codes 0).
static std::vector<double> Input(Lcg &rng, int64_t rows, int64_t n, bool zero_row)
{
    std::vector<double> v = RandVals(rng, rows * n);
    if (zero_row)
        for (int64_t j = 0; j < n; j++) v[j] = 0;
    return v;
}

// ---- RmsNormDynamicQuant
static void RmsDynCase(Runtime &rt, aclDataType dt, bool smooth, bool beta, std::vector<int64_t> shape, Layout xl,
                       bool zero_row, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    DevTensor x = MakeTensor(dt, shape, Input(rng, rows, n, zero_row), xl), g = MakeTensor(dt, {n}, RandVals(rng, n, 0.5));
    DevTensor sm = MakeTensor(dt, {n}, RandVals(rng, n, 0.4)), b = MakeTensor(dt, {n}, RandVals(rng, n, 0.2));
    DevTensor y = MakeOut(ACL_INT8, shape, xl), sc = MakeOut(ACL_FLOAT, Lead(shape));
    double eps = 1e-6;
    int rc = NPL_RUN(RmsNormDynamicQuant, x.t, g.t, smooth ? sm.t : nullptr, beta ? b.t : nullptr, eps, 2, y.t, sc.t);
    std::string what = std::string(DtName(dt)) + (smooth ? " smooth" : "") + (beta ? " beta" : "") + " layout " +
                       std::to_string(xl) + (zero_row ? " zero-row" : "");
    EXPECT(rc == 0, "RmsNormDynamicQuant run (%s)", what.c_str());
    std::vector<double> ry = RmsRef(x.vals, rows, n, g.vals, beta ? &b.vals : nullptr, eps);
    QRef q = DynRef(ry, rows, n, smooth ? &sm.vals : nullptr, 127.0);
    CheckScale(("RmsNormDynamicQuant scale " + what).c_str(), Read(sc), q.scale);
    CheckCodes(("RmsNormDynamicQuant y " + what).c_str(), ACL_INT8, y, q.pre);
    CheckUntouched("RmsNormDynamicQuant y storage", y);
    for (DevTensor *t : {&x, &g, &sm, &b, &y, &sc}) t->Free();
}

// ---- AddRmsNormDynamicQuant (v2 false) / V2: x = float(x1) + float(x2)
// nsmooth: 0, 1 (smooth1), 2 (both), 3 (smooth2 only, V2 with a mask); mask: 0 none, 1 {1,0},
// 2 {0,1}, 3 {1,1}
static void AddDynCase(Runtime &rt, bool v2, aclDataType dt, aclDataType ydt, int nsmooth, bool beta, int mask,
                       std::vector<int64_t> shape, Layout xl, bool zero_row, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    DevTensor x1 = MakeTensor(dt, shape, Input(rng, rows, n, zero_row), xl);
    std::vector<double> x2v = RandVals(rng, rows * n);
    if (zero_row)
        for (int64_t j = 0; j < n; j++) x2v[j] = 0;
    DevTensor x2 = MakeTensor(dt, shape, x2v), g = MakeTensor(dt, {n}, RandVals(rng, n, 0.5));
    DevTensor s1 = MakeTensor(dt, {n}, RandVals(rng, n, 0.4)), s2 = MakeTensor(dt, {n}, RandVals(rng, n, 0.7));
    DevTensor b = MakeTensor(dt, {n}, RandVals(rng, n, 0.2));
    DevTensor y1 = MakeOut(ydt, shape, xl), y2 = MakeOut(ydt, shape), xo = MakeOut(dt, shape, xl);
    DevTensor sc1 = MakeOut(ACL_FLOAT, Lead(shape)), sc2 = MakeOut(ACL_FLOAT, {rows});
    const aclTensor *ps1 = (nsmooth == 1 || nsmooth == 2) ? s1.t : nullptr, *ps2 = nsmooth >= 2 ? s2.t : nullptr;
    bool mv[2] = {mask == 1 || mask == 3, mask == 2 || mask == 3};
    aclBoolArray *m = mask ? aclCreateBoolArray(mv, 2) : nullptr;
    double eps = 1e-5;
    int rc = v2 ? NPL_RUN(AddRmsNormDynamicQuantV2, x1.t, x2.t, g.t, ps1, ps2, beta ? b.t : nullptr, eps, m, y1.t,
                          y2.t, xo.t, sc1.t, sc2.t)
                : NPL_RUN(AddRmsNormDynamicQuant, x1.t, x2.t, g.t, ps1, ps2, eps, y1.t, y2.t, xo.t, sc1.t, sc2.t);
    bool out1 = mask ? mv[0] : true, out2 = mask ? mv[1] : (ps1 && ps2);
    std::string what = std::string(v2 ? "V2 " : "") + DtName(dt) + " y" + std::to_string((int)ydt) + " smooth" +
                       std::to_string(nsmooth) + (beta ? " beta" : "") + " mask" + std::to_string(mask) + " layout " +
                       std::to_string(xl) + (zero_row ? " zero-row" : "");
    EXPECT(rc == 0, "AddRmsNormDynamicQuant run (%s)", what.c_str());
    // the sum is FP32 for the norm (the kernel adds after casting up); xOut holds it rounded
    std::vector<double> xf(rows * n), xs(rows * n);
    for (int64_t i = 0; i < rows * n; i++) {
        xf[i] = x1.vals[i] + x2.vals[i];
        xs[i] = RoundTo(dt, xf[i]);
    }
    std::vector<double> ry = RmsRef(xf, rows, n, g.vals, (v2 && beta) ? &b.vals : nullptr, eps);
    CheckDtype(("AddRmsNormDynamicQuant xOut " + what).c_str(), dt, Read(xo), xs);
    if (out1) {
        QRef q = DynRef(ry, rows, n, ps1 ? &s1.vals : nullptr, Dmax(ydt));
        CheckScale(("AddRmsNormDynamicQuant scale1 " + what).c_str(), Read(sc1), q.scale);
        CheckCodes(("AddRmsNormDynamicQuant y1 " + what).c_str(), ydt, y1, q.pre);
        CheckUntouched("AddRmsNormDynamicQuant y1 storage", y1);
    }
    if (out2) {
        QRef q = DynRef(ry, rows, n, ps2 ? &s2.vals : nullptr, Dmax(ydt));
        CheckScale(("AddRmsNormDynamicQuant scale2 " + what).c_str(), Read(sc2), q.scale);
        CheckCodes(("AddRmsNormDynamicQuant y2 " + what).c_str(), ydt, y2, q.pre);
    }
    // outputs that are not enabled keep their contents
    auto zero = [](const std::vector<double> &v) {
        for (double d : v) if (d != 0) return false;
        return true;
    };
    if (!out1) EXPECT(zero(Read(y1)) && zero(Read(sc1)), "AddRmsNormDynamicQuant %s: y1 / scale1 written", what.c_str());
    if (!out2) EXPECT(zero(Read(y2)) && zero(Read(sc2)), "AddRmsNormDynamicQuant %s: y2 / scale2 written", what.c_str());
    if (m) aclDestroyBoolArray(m);
    for (DevTensor *t : {&x1, &x2, &g, &s1, &s2, &b, &y1, &y2, &xo, &sc1, &sc2}) t->Free();
}

// ---- AddRmsNormCast: x = float(x1) + float(x2) (xOut: rounded), y1 = RmsNorm(x) gamma (FLOAT), y2 = y1 in x1's dtype
static void CastCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, size_t nnorm, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> gs(shape.end() - nnorm, shape.end());
    int64_t n = GetShapeSize(gs), rows = GetShapeSize(shape) / n;
    DevTensor x1 = MakeTensor(dt, shape, RandVals(rng, rows * n), xl), x2 = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor g = MakeTensor(dt, gs, RandVals(rng, n, 0.5));
    DevTensor y1 = MakeOut(ACL_FLOAT, shape, xl), y2 = MakeOut(dt, shape, xl), xo = MakeOut(dt, shape);
    std::vector<int64_t> rs = shape;
    for (size_t i = shape.size() - nnorm; i < shape.size(); i++) rs[i] = 1;
    DevTensor r = MakeOut(ACL_FLOAT, rs);
    double eps = 1e-6;
    EXPECT(NPL_RUN(AddRmsNormCast, x1.t, x2.t, g.t, eps, y1.t, y2.t, r.t, xo.t) == 0, "AddRmsNormCast run");
    // the documented x = float(x1) + float(x2): the norm reads the unrounded sum, xOut holds it rounded
    std::vector<double> xf(rows * n), xs(rows * n), ry(rows * n), rr(rows);
    for (int64_t i = 0; i < rows * n; i++) {
        xf[i] = x1.vals[i] + x2.vals[i];
        xs[i] = RoundTo(dt, xf[i]);
    }
    for (int64_t i = 0; i < rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += xf[i * n + j] * xf[i * n + j];
        rr[i] = 1.0 / std::sqrt(s / n + eps);
        for (int64_t j = 0; j < n; j++) ry[i * n + j] = xf[i * n + j] * rr[i] * g.vals[j];
    }
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(xl);
    CheckDtype(Name("AddRmsNormCast y1", dt, what).c_str(), ACL_FLOAT, Read(y1), ry);
    CheckDtype(Name("AddRmsNormCast y2", dt, what).c_str(), dt, Read(y2), ry);
    // y2 is exactly y1 rounded to the dtype
    std::vector<double> g1 = Read(y1), g2 = Read(y2);
    size_t bad = 0;
    for (size_t i = 0; i < g1.size(); i++) bad += RoundTo(dt, g1[i]) != g2[i];
    EXPECT(bad == 0, "AddRmsNormCast %s: %zu y2 elements are not y1 cast", what.c_str(), bad);
    CheckDtype(Name("AddRmsNormCast rstd", dt, what).c_str(), ACL_FLOAT, Read(r), rr);
    CheckDtype(Name("AddRmsNormCast xOut", dt, what).c_str(), dt, Read(xo), xs);
    CheckUntouched("AddRmsNormCast y2 storage", y2);
    for (DevTensor *t : {&x1, &x2, &g, &y1, &y2, &xo, &r}) t->Free();
}

static void Empty(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT16, {0, 8}), g = MakeOut(ACL_FLOAT16, {8}), y = MakeOut(ACL_INT8, {0, 8});
    DevTensor xo = MakeOut(ACL_FLOAT16, {0, 8}), s = MakeOut(ACL_FLOAT, {0});
    EXPECT(NPL_RUN(AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr, nullptr, 1e-6, y.t, y.t, xo.t, s.t, s.t) == 0,
           "AddRmsNormDynamicQuant empty");
    EXPECT(NPL_RUN(AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr, nullptr, nullptr, 1e-6, nullptr, y.t, y.t, xo.t,
                   s.t, s.t) == 0,
           "AddRmsNormDynamicQuantV2 empty");
    DevTensor y1 = MakeOut(ACL_FLOAT, {0, 8}), r = MakeOut(ACL_FLOAT, {0, 1});
    EXPECT(NPL_RUN(AddRmsNormCast, x.t, x.t, g.t, 1e-6, y1.t, x.t, r.t, xo.t) == 0, "AddRmsNormCast empty");
    for (DevTensor *t : {&x, &g, &y, &xo, &s, &y1, &r}) t->Free();
}

static void Errors()
{
    DevTensor x = MakeOut(ACL_FLOAT16, {2, 8}), g = MakeOut(ACL_FLOAT16, {8}), y = MakeOut(ACL_INT8, {2, 8});
    DevTensor s = MakeOut(ACL_FLOAT, {2}), g32 = MakeOut(ACL_FLOAT, {8}), gb = MakeOut(ACL_BF16, {8});
    DevTensor g7 = MakeOut(ACL_FLOAT16, {7}), g2d = MakeOut(ACL_FLOAT16, {1, 8}), y7 = MakeOut(ACL_INT8, {2, 7});
    DevTensor x3 = MakeOut(ACL_FLOAT16, {3, 8}), s3 = MakeOut(ACL_FLOAT, {3}), y32 = MakeOut(ACL_INT32, {2, 8});
    DevTensor yf8 = MakeOut(ACL_FLOAT8_E4M3FN, {2, 8}), yh8 = MakeOut(ACL_HIFLOAT8, {2, 8});
    DevTensor x0 = MakeOut(ACL_FLOAT16, {0, 8}), y0 = MakeOut(ACL_INT8, {0, 8}), s0 = MakeOut(ACL_FLOAT, {0});
    // RmsNormDynamicQuant: A2 / A3 only
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr,
                       1e-6, 2, y.t, s.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "scaleOut", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr, 1e-6, 2,
                       y.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x dtype", RmsNormDynamicQuant, g32.t, g.t, nullptr, nullptr, 1e-6, 2,
                       y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "yOut", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr, 1e-6, 2,
                       y32.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dstType", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr, 1e-6, 3,
                       y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x and gamma", RmsNormDynamicQuant, x.t, gb.t, nullptr, nullptr,
                       1e-6, 2, y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x and smooth_scales", RmsNormDynamicQuant, x.t, g.t, gb.t,
                       nullptr, 1e-6, 2, y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "epsilon", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr, 0.0, 2,
                       y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "empty", RmsNormDynamicQuant, x0.t, g.t, nullptr, nullptr, 1e-6,
                       2, y0.t, s0.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gamma", RmsNormDynamicQuant, x.t, g2d.t, nullptr, nullptr, 1e-6,
                       2, y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "dim of gamma (7)", RmsNormDynamicQuant, x.t, g7.t, nullptr,
                       nullptr, 1e-6, 2, y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "betaOptional", RmsNormDynamicQuant, x.t, g.t, nullptr, g7.t,
                       1e-6, 2, y.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "yOut", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr, 1e-6, 2,
                       y7.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "scaleOut", RmsNormDynamicQuant, x.t, g.t, nullptr, nullptr, 1e-6,
                       2, y.t, s3.t);
    }
    // AddRmsNormDynamicQuant
    if (g_chip == CHIP_310P) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr,
                       nullptr, 1e-6, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on", AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr,
                       nullptr, nullptr, 1e-6, nullptr, y.t, y.t, x.t, s.t, s.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "y2Out", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr, nullptr, 1e-6,
                       y.t, nullptr, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x2 dtype", AddRmsNormDynamicQuant, x.t, g32.t, g.t, nullptr, nullptr,
                       1e-6, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y1Out", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr, nullptr, 1e-6,
                       y32.t, y32.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y2Out", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr, nullptr, 1e-6,
                       y.t, yf8.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scale1Out", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr, nullptr,
                       1e-6, y.t, y.t, x.t, g.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x1 and x2 shape mismatch", AddRmsNormDynamicQuant, x.t, x3.t,
                       g.t, nullptr, nullptr, 1e-6, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gamma shape dim num should be 1", AddRmsNormDynamicQuant, x.t,
                       x.t, g2d.t, nullptr, nullptr, 1e-6, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "last dimension of x1", AddRmsNormDynamicQuant, x.t, x.t, g7.t,
                       nullptr, nullptr, 1e-6, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "smoothScale2 shape mismatch", AddRmsNormDynamicQuant, x.t, x.t,
                       g.t, g.t, g7.t, 1e-6, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "y1 shape", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr,
                       nullptr, 1e-6, y7.t, y7.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "scale1Out", AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr,
                       nullptr, 1e-6, y.t, y.t, x.t, s3.t, s.t);
        // the A2 profile has no 8-bit float dtypes at all; the 950 lists them, HIFLOAT8 is not emulated
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, g_chip == CHIP_950 ? "HIFLOAT8 is not emulated" : "does not support DT_HIFLOAT8",
                       AddRmsNormDynamicQuant, x.t, x.t, g.t, nullptr, nullptr, 1e-6, yh8.t, yh8.t, x.t, s.t, s.t);
        if (g_chip == CHIP_A2)
            NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "does not support DT_FLOAT8_E4M3FN", AddRmsNormDynamicQuant, x.t,
                           x.t, g.t, nullptr, nullptr, 1e-6, yf8.t, yf8.t, x.t, s.t, s.t);
        // V2: outputMask first
        bool m10[2] = {true, false}, m00[2] = {false, false}, m3[3] = {true, true, true};
        aclBoolArray *a10 = aclCreateBoolArray(m10, 2), *a00 = aclCreateBoolArray(m00, 2), *a3 = aclCreateBoolArray(m3, 3);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "The length of outputMask must be 2, but got 3",
                       AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr, nullptr, nullptr, 1e-6, a3, y.t, y.t, x.t,
                       s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "SmoothScale2Optional is not nullptr but outputMask[1] is False",
                       AddRmsNormDynamicQuantV2, x.t, x.t, g.t, g.t, g.t, nullptr, 1e-6, a10, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "both outputMask[0] and outputMask[1] are False",
                       AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr, nullptr, nullptr, 1e-6, a00, y.t, y.t, x.t,
                       s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "only smoothScale2Optional without smoothScale1Optional",
                       AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr, g.t, nullptr, 1e-6, nullptr, y.t, y.t, x.t,
                       s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "scale1Out", AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr,
                       nullptr, nullptr, 1e-6, a10, y.t, nullptr, x.t, nullptr, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "betaOptional", AddRmsNormDynamicQuantV2, x.t, x.t, g.t, nullptr,
                       nullptr, g32.t, 1e-6, nullptr, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "beta shape mismatch", AddRmsNormDynamicQuantV2, x.t, x.t, g.t,
                       nullptr, nullptr, g7.t, 1e-6, nullptr, y.t, y.t, x.t, s.t, s.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "y1 shape must be same as x1", AddRmsNormDynamicQuantV2, x.t,
                       x.t, g.t, nullptr, nullptr, nullptr, 1e-6, nullptr, y7.t, y.t, x.t, s.t, s.t);
        aclDestroyBoolArray(a10);
        aclDestroyBoolArray(a00);
        aclDestroyBoolArray(a3);
    }
    // AddRmsNormCast
    DevTensor f = MakeOut(ACL_FLOAT, {2, 8}), r = MakeOut(ACL_FLOAT, {2, 1}), r3 = MakeOut(ACL_FLOAT, {3, 1});
    if (g_chip == CHIP_310P) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on", AddRmsNormCast, x.t, x.t, g.t, 1e-6, f.t, x.t, r.t,
                       x.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "rstdOut", AddRmsNormCast, x.t, x.t, g.t, 1e-6, f.t, x.t, nullptr, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1 dtype", AddRmsNormCast, f.t, f.t, g32.t, 1e-6, f.t, f.t, r.t, f.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", AddRmsNormCast, x.t, x.t, gb.t, 1e-6, f.t, x.t, r.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y1Out", AddRmsNormCast, x.t, x.t, g.t, 1e-6, x.t, x.t, r.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "y2Out", AddRmsNormCast, x.t, x.t, g.t, 1e-6, f.t, f.t, r.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x2", AddRmsNormCast, x.t, x3.t, g.t, 1e-6, f.t, x.t, r.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gamma", AddRmsNormCast, x.t, x.t, g7.t, 1e-6, f.t, x.t, r.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "rstdOut", AddRmsNormCast, x.t, x.t, g.t, 1e-6, f.t, x.t, r3.t,
                       x.t);
    }
    for (DevTensor *t : {&f, &r, &r3}) t->Free();
    for (DevTensor *t : {&x, &g, &y, &s, &g32, &gb, &g7, &g2d, &y7, &x3, &s3, &y32, &yf8, &yh8, &x0, &y0, &s0})
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
    uint64_t seed = 1200;
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        if (g_chip == CHIP_A2) {
            RmsDynCase(rt, dt, false, false, {4, 9, 64}, CONTIG, true, seed++);
            RmsDynCase(rt, dt, true, false, {13, 48}, TRANSPOSED, false, seed++);
            RmsDynCase(rt, dt, true, true, {7, 96}, PADDED, false, seed++);
            RmsDynCase(rt, dt, false, true, {200}, CONTIG, false, seed++);
        }
        if (g_chip == CHIP_310P) continue;
        CastCase(rt, dt, {3, 7, 33}, 1, CONTIG, seed++);
        CastCase(rt, dt, {5, 4, 6}, 2, TRANSPOSED, seed++);
        CastCase(rt, dt, {37, 129}, 1, PADDED, seed++);
        AddDynCase(rt, false, dt, ACL_INT8, 0, false, 0, {4, 9, 64}, CONTIG, true, seed++);
        AddDynCase(rt, false, dt, ACL_INT8, 1, false, 0, {13, 48}, TRANSPOSED, false, seed++);
        AddDynCase(rt, false, dt, ACL_INT8, 2, false, 0, {7, 96}, PADDED, false, seed++);
        AddDynCase(rt, true, dt, ACL_INT8, 2, true, 0, {5, 3, 80}, CONTIG, true, seed++);
        AddDynCase(rt, true, dt, ACL_INT8, 0, true, 1, {6, 40}, TRANSPOSED, false, seed++);
        AddDynCase(rt, true, dt, ACL_INT8, 3, false, 2, {6, 40}, CONTIG, false, seed++);
        AddDynCase(rt, true, dt, ACL_INT8, 1, true, 3, {9, 33}, PADDED, false, seed++);
        if (g_chip == CHIP_950) {
            AddDynCase(rt, false, dt, ACL_FLOAT8_E4M3FN, 2, false, 0, {7, 64}, CONTIG, true, seed++);
            AddDynCase(rt, true, dt, ACL_FLOAT8_E5M2, 1, true, 0, {5, 48}, TRANSPOSED, false, seed++);
        }
    }
    if (g_chip != CHIP_310P) Empty(rt);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
