// TanhBackward, Xlog1py, MulNoNan, AtanGrad, SqrtBackward, AsinhGrad, AcosGrad(V2) and Gcd against
// double-precision references written here: every listed dtype, broadcasting where the op allows
// it, strided / transposed views, 0-d, empty, rank 8, NaN / +-Inf / -0 (and the y == 0 / x == 0
// rules), integer gcd with negatives and zeros; validation paths with codes and messages; the
// per-chip lists (310P: no BF16, no AcosGrad kernels, Gcd's list); each gradient op also against
// central finite differences of its forward function (FP32, 3x5).
#include <functional>
#include <numeric>

#include "aclnnop/aclnn_acos_grad.h"
#include "aclnnop/aclnn_acos_grad_v2.h"
#include "aclnnop/aclnn_asinh_grad.h"
#include "aclnnop/aclnn_atan_grad.h"
#include "aclnnop/aclnn_gcd.h"
#include "aclnnop/aclnn_mul_no_nan.h"
#include "aclnnop/aclnn_sqrt_backward.h"
#include "aclnnop/aclnn_tanh_backward.h"
#include "aclnnop/aclnn_xlog1py.h"
#include "mr_test.h"

static aclrtStream g_stream;

typedef aclnnStatus (*Ws3)(const aclTensor *, const aclTensor *, const aclTensor *, uint64_t *, aclOpExecutor **);

struct OpCase {
    const char *name;
    std::function<aclnnStatus(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> s1;
    Stage2Fn s2;
    std::function<double(double, double)> ref; // (first input, second input)
    double lo_a, hi_a, lo_b, hi_b;             // value ranges of the two inputs
    bool bcast, has_double, on_310p, transcendental;
};

#define S1(F) [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) { return F(a, b, o, w, e); }

static std::vector<double> Range(aclDataType dt, size_t n, uint64_t seed, double lo, double hi, bool specials)
{
    std::vector<double> v = Uniform(n, seed, lo, hi);
    if (specials && n > 5) { v[0] = NAN; v[1] = INFINITY; v[2] = -INFINITY; v[3] = -0.0; v[4] = 0.0; }
    return QuantAll(dt, v);
}

static std::vector<OpCase> Cases()
{
    return {
        {"TanhBackward", S1(aclnnTanhBackwardGetWorkspaceSize), aclnnTanhBackward,
         [](double dy, double y) { return dy * (1 - y * y); }, -4, 4, -1, 1, true, true, true, false},
        {"Xlog1py", S1(aclnnXlog1pyGetWorkspaceSize), aclnnXlog1py,
         [](double x, double y) { return x == 0 ? 0.0 : x * std::log1p(y); }, -4, 4, -0.9, 6, true, false, true, true},
        {"MulNoNan", S1(aclnnMulNoNanGetWorkspaceSize), aclnnMulNoNan,
         [](double x, double y) { return y == 0 ? 0.0 : x * y; }, -4, 4, -4, 4, true, false, true, false},
        {"AtanGrad", S1(aclnnAtanGradGetWorkspaceSize), aclnnAtanGrad,
         [](double x, double dy) { return dy / (1 + x * x); }, -5, 5, -3, 3, false, false, true, false},
        {"SqrtBackward", S1(aclnnSqrtBackwardGetWorkspaceSize), aclnnSqrtBackward,
         [](double y, double dy) { return dy * 0.5 / y; }, 0.05, 5, -3, 3, false, false, true, false},
        {"AsinhGrad", S1(aclnnAsinhGradGetWorkspaceSize), aclnnAsinhGrad,
         [](double y, double dy) { return dy / std::cosh(y); }, -5, 5, -3, 3, false, false, true, true},
        {"AcosGrad", S1(aclnnAcosGradGetWorkspaceSize), aclnnAcosGrad,
         [](double dy, double x) { return -dy / std::sqrt(1 - x * x); }, -3, 3, -0.99, 0.99, false, false, false, false},
        {"AcosGradV2", S1(aclnnAcosGradV2GetWorkspaceSize), aclnnAcosGradV2,
         [](double y, double dy) { return -dy / std::sqrt(1 - y * y); }, -0.99, 0.99, -3, 3, false, false, false, false},
    };
}

static void TestFloatOps(bool is310p)
{
    uint64_t seed = 1;
    for (const OpCase &c : Cases()) {
        if (is310p && !c.on_310p) continue;
        std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
        if (!is310p) dts.push_back(ACL_BF16);
        if (c.has_double) dts.push_back(ACL_DOUBLE);
        struct Sh { std::vector<int64_t> a, b, o; };
        std::vector<Sh> shapes = {{{}, {}, {}}, {{9}, {9}, {9}}, {{4, 6}, {4, 6}, {4, 6}}, {{0, 3}, {0, 3}, {0, 3}},
                                  {{2, 1, 2, 1, 2, 1, 2, 3}, {2, 1, 2, 1, 2, 1, 2, 3}, {2, 1, 2, 1, 2, 1, 2, 3}},
                                  {{3000}, {3000}, {3000}}};
        if (c.bcast) { shapes.push_back({{3, 1, 5}, {4, 1}, {3, 4, 5}}); shapes.push_back({{1}, {6, 2}, {6, 2}}); }
        for (aclDataType dt : dts)
            for (const Sh &sh : shapes)
                for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                    std::vector<double> a = Range(dt, (size_t)GetShapeSize(sh.a), seed++, c.lo_a, c.hi_a, true);
                    std::vector<double> b = Range(dt, (size_t)GetShapeSize(sh.b), seed++, c.lo_b, c.hi_b, true);
                    if (b.size() > 8) b[7] = 0; // MulNoNan's y == 0 against a finite x
                    int64_t n = GetShapeSize(sh.o);
                    std::vector<double> g((size_t)n);
                    for (int64_t i = 0; i < n; i++)
                        g[(size_t)i] = Quant(dt, c.ref(a[(size_t)BcastIndex(sh.o, sh.a, i)], b[(size_t)BcastIndex(sh.o, sh.b, i)]));
                    DevTensor ta, tb, to;
                    if (!ta.Init(dt, sh.a, a, lay) || !tb.Init(dt, sh.b, b, lay == STRIDED ? TRANSPOSED : lay) ||
                        !to.Init(dt, sh.o, {}, lay == TRANSPOSED ? STRIDED : lay)) return;
                    std::string what = std::string(c.name) + " " + DtName(dt) + " rank " + std::to_string(sh.o.size()) +
                                       " layout " + std::to_string(lay);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return c.s1(ta.t, tb.t, to.t, w, ex); }, c.s2);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        double tol = dt == ACL_FLOAT ? (c.transcendental ? 1e-5 : 2e-6) : TolOf(dt);
                        EXPECT(CountBad(what.c_str(), to.Read(), g, tol) == 0, "%s: wrong values", what.c_str());
                        EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                }
    }
}

// Independently of the formulas above: each gradient op against central finite differences of
// its forward function f (double, h = 1e-5 (1 + |x|): truncation ~1e-10 times f's third
// derivative, far below FP32's 6e-8) on a small FP32 3x5 case with a random gradient; x inside
// f's smooth domain. `value` maps x to the op's value input: x itself, or the forward result
// y = f(x) (rounded to FP32) for the from-result forms; `grad_first` says which argument is the
// incoming gradient.
struct FdCase {
    const char *name;
    std::function<aclnnStatus(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> s1;
    Stage2Fn s2;
    double (*fwd)(double);
    double (*value)(double);
    bool grad_first, on_310p;
    double lo, hi;
};

static double Ident(double x) { return x; }
static double Tanh(double x) { return std::tanh(x); }
static double Atan(double x) { return std::atan(x); }
static double Sqrt(double x) { return std::sqrt(x); }
static double Asinh(double x) { return std::asinh(x); }
static double Acos(double x) { return std::acos(x); }

static void TestFiniteDiff(bool is310p)
{
    const FdCase cases[] = {
        {"TanhBackward", S1(aclnnTanhBackwardGetWorkspaceSize), aclnnTanhBackward, Tanh, Tanh, true, true, -2, 2},
        {"AtanGrad", S1(aclnnAtanGradGetWorkspaceSize), aclnnAtanGrad, Atan, Ident, false, true, -3, 3},
        {"SqrtBackward", S1(aclnnSqrtBackwardGetWorkspaceSize), aclnnSqrtBackward, Sqrt, Sqrt, false, true, 0.2, 4},
        {"AsinhGrad", S1(aclnnAsinhGradGetWorkspaceSize), aclnnAsinhGrad, Asinh, Asinh, false, true, -4, 4},
        {"AcosGrad", S1(aclnnAcosGradGetWorkspaceSize), aclnnAcosGrad, Acos, Ident, true, false, -0.9, 0.9},
        {"AcosGradV2", S1(aclnnAcosGradV2GetWorkspaceSize), aclnnAcosGradV2, Acos, Ident, false, false, -0.9, 0.9},
    };
    uint64_t seed = 900;
    for (const FdCase &c : cases) {
        if (is310p && !c.on_310p) continue;
        const std::vector<int64_t> shape = {3, 5};
        std::vector<double> x = QuantAll(ACL_FLOAT, Uniform(15, seed++, c.lo, c.hi));
        std::vector<double> g = QuantAll(ACL_FLOAT, Uniform(15, seed++, -2, 2)), v(15), fd(15);
        for (size_t i = 0; i < 15; i++) {
            v[i] = Quant(ACL_FLOAT, c.value(x[i]));
            double h = 1e-5 * (1 + std::fabs(x[i]));
            fd[i] = g[i] * (c.fwd(x[i] + h) - c.fwd(x[i] - h)) / (2 * h);
        }
        DevTensor tg, tv, to;
        if (!tg.Init(ACL_FLOAT, shape, g, CONTIG) || !tv.Init(ACL_FLOAT, shape, v, CONTIG) ||
            !to.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
        const aclTensor *a = c.grad_first ? tg.t : tv.t, *b = c.grad_first ? tv.t : tg.t;
        std::string what = std::string(c.name) + " fp32 vs finite differences";
        int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return c.s1(a, b, to.t, w, ex); }, c.s2);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        // FP32 evaluation plus the one rounding of a from-result value: well under 1e-5
        if (!rc) EXPECT(CountBad(what.c_str(), to.Read(), fd, 1e-5) == 0, "%s: wrong values", what.c_str());
    }
}

static int64_t RefGcd(int64_t a, int64_t b)
{
    uint64_t p = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, q = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
    while (q) { uint64_t r = p % q; p = q; q = r; }
    return (int64_t)p;
}

static void TestGcd(bool is310p)
{
    (void)is310p;
    struct P { aclDataType a, b, p; };
    std::vector<P> pairs = {{ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT16, ACL_INT16, ACL_INT16},
                            {ACL_INT16, ACL_INT32, ACL_INT32}, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_BOOL, ACL_INT32, ACL_INT32}};
    uint64_t seed = 900;
    for (const P &p : pairs)
        for (auto sh : std::vector<std::vector<std::vector<int64_t>>>{{{}, {}, {}}, {{50}, {50}, {50}}, {{3, 1, 4}, {1, 5, 1}, {3, 5, 4}},
                                                                       {{0}, {1}, {0}}, {{2, 1, 2, 1, 2, 1, 2, 3}, {3}, {2, 1, 2, 1, 2, 1, 2, 3}}})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                auto gen = [&](aclDataType dt, size_t n) {
                    std::vector<double> v = RandomValues(n, seed++, 1.0);
                    for (size_t i = 0; i < n; i++) {
                        double lim = dt == ACL_BOOL ? 1 : dt == ACL_INT8 ? 120 : 30000;
                        v[i] = dt == ACL_BOOL ? (v[i] > 0) : std::trunc(v[i] * lim) * (i % 3 == 0 ? 6 : 1);
                        v[i] = Quant(dt, v[i]);
                    }
                    if (n > 2) v[1] = 0;
                    return v;
                };
                std::vector<double> a = gen(p.a, (size_t)GetShapeSize(sh[0])), b = gen(p.b, (size_t)GetShapeSize(sh[1]));
                int64_t n = GetShapeSize(sh[2]);
                std::vector<double> g((size_t)n);
                for (int64_t i = 0; i < n; i++)
                    g[(size_t)i] = Quant(p.p, (double)RefGcd((int64_t)a[(size_t)BcastIndex(sh[2], sh[0], i)], (int64_t)b[(size_t)BcastIndex(sh[2], sh[1], i)]));
                DevTensor ta, tb, to;
                if (!ta.Init(p.a, sh[0], a, lay) || !tb.Init(p.b, sh[1], b, CONTIG) || !to.Init(p.p, sh[2], {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                std::string what = std::string("Gcd ") + DtName(p.a) + "/" + DtName(p.b) + " rank " + std::to_string(sh[2].size()) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnGcdGetWorkspaceSize(ta.t, tb.t, to.t, w, ex); }, aclnnGcd);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    EXPECT(CountBad(what.c_str(), to.Read(), g, 0) == 0, "%s: wrong values", what.c_str());
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                }
            }
    // INT32_MIN: |INT32_MIN| wraps back to INT32_MIN in an INT32 result (torch does the same)
    DevTensor ta, tb, to;
    if (ta.Init(ACL_INT32, {2}, {-2147483648.0, -12}, CONTIG) && tb.Init(ACL_INT32, {2}, {0, 18}, CONTIG) && to.Init(ACL_INT32, {2}, {}, CONTIG)) {
        int rc = Run("Gcd INT32_MIN", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnGcdGetWorkspaceSize(ta.t, tb.t, to.t, w, ex); }, aclnnGcd);
        std::vector<double> r = to.Read();
        EXPECT(rc == 0 && r[0] == -2147483648.0 && r[1] == 6, "Gcd INT32_MIN: got %g %g", r[0], r[1]);
    }
}

static void TestValidation(bool is310p)
{
    DevTensor f, f2, fo, h, d, dd, i32, i32b, i8, b1, b2, fbig, o35;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !fo.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !d.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !dd.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) ||
        !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !i32b.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !i8.Init(ACL_INT8, {2, 3}, {}, CONTIG) ||
        !b1.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !b2.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !fbig.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) ||
        !o35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("TanhBackward null output", aclnnTanhBackwardGetWorkspaceSize(f.t, nullptr, fo.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "output");
    ExpectError("TanhBackward int32", aclnnTanhBackwardGetWorkspaceSize(i32.t, f.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("TanhBackward mixed", aclnnTanhBackwardGetWorkspaceSize(f.t, h.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("TanhBackward no broadcast", aclnnTanhBackwardGetWorkspaceSize(f.t, fbig.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("TanhBackward out shape", aclnnTanhBackwardGetWorkspaceSize(f.t, f2.t, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Xlog1py null z", aclnnXlog1pyGetWorkspaceSize(f.t, f2.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "z");
    ExpectError("Xlog1py double", aclnnXlog1pyGetWorkspaceSize(d.t, dd.t, d.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_DOUBLE");
    ExpectError("Xlog1py mixed", aclnnXlog1pyGetWorkspaceSize(f.t, h.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("MulNoNan out dtype", aclnnMulNoNanGetWorkspaceSize(f.t, f2.t, h.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("AtanGrad shape", aclnnAtanGradGetWorkspaceSize(f.t, fbig.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("SqrtBackward int32", aclnnSqrtBackwardGetWorkspaceSize(i32.t, i32b.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("AsinhGrad null dy", aclnnAsinhGradGetWorkspaceSize(f.t, nullptr, fo.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "dy");
    ExpectError("Gcd bool bool", aclnnGcdGetWorkspaceSize(b1.t, b2.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gcd not implemented");
    ExpectError("Gcd float out", aclnnGcdGetWorkspaceSize(i32.t, i32b.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "integral");
    ExpectError("Gcd float in", aclnnGcdGetWorkspaceSize(f.t, i32b.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "promoteType");
    ExpectError("Gcd int8 (not on A2/310P)", aclnnGcdGetWorkspaceSize(i8.t, i8.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT8");
    if (is310p) {
        DevTensor bf, bf2;
        if (!bf.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !bf2.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return;
        ExpectError("TanhBackward bf16 on 310P", aclnnTanhBackwardGetWorkspaceSize(bf.t, bf2.t, bf.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
        ExpectError("TanhBackward double on 310P is fine", aclnnTanhBackwardGetWorkspaceSize(d.t, dd.t, d.t, &ws, &ex), 0);
        if (ex) { aclDestroyAclOpExecutor(ex); ex = nullptr; }
        ExpectError("AcosGrad on 310P", aclnnAcosGradGetWorkspaceSize(f.t, f2.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT");
        ExpectError("AcosGradV2 on 310P", aclnnAcosGradV2GetWorkspaceSize(f.t, f2.t, fo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT");
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = Is310P();
    TestFloatOps(is310p);
    TestFiniteDiff(is310p);
    TestGcd(is310p);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
