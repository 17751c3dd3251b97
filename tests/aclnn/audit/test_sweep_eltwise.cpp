// Accuracy sweep of issue 3's elementwise ops over the shape spread the issue asks for: ranks 1
// to 8 with odd sizes, strided inputs into transposed outputs, broadcasting up to rank 8, mixed
// dtypes, an empty tensor per op and one large tensor; FP32 / FP16 / BF16 (and DOUBLE where the
// API lists it), each checked with the ops-nn standard against double formulas written here.
// Special values: NaN propagation, FP16 overflow to +-Inf, -Inf limits.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_fast_gelu.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_mish.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_sub.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_tanh.h"

static const double kPi = 3.14159265358979323846;
static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

static float g_slope = 0.2f, g_one = 1.0f, g_beta = 0.75f, g_spb = 1.0f, g_spt = 20.0f, g_alpha = 1.5f;

typedef std::function<int(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> UnaryS1;
struct Unary {
    const char *name;
    std::vector<aclDataType> dtypes;
    std::function<double(double)> ref;
    UnaryS1 s1;
    Stage2Fn s2;
};

static aclScalar *F(float *v) { return aclCreateScalar(v, ACL_FLOAT); }

#define U1(NAME, DTS, REF, CALL) \
    {NAME, DTS, REF, [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return CALL; }, nullptr}

static std::vector<Unary> UnaryOps()
{
    const aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf16 = ACL_BF16, f64 = ACL_DOUBLE;
    std::vector<Unary> v = {
        U1("Relu", (std::vector<aclDataType>{f32, f16, bf16}), [](double x) { return x > 0 ? x : 0.0; },
           aclnnReluGetWorkspaceSize(x, y, w, e)),
        U1("Gelu", (std::vector<aclDataType>{f32, f16, bf16}),
           [](double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / kPi) * (x + 0.044715 * x * x * x))); },
           aclnnGeluGetWorkspaceSize(x, y, w, e)),
        U1("GeluV2(none)", (std::vector<aclDataType>{f32, f16, bf16}),
           [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); },
           aclnnGeluV2GetWorkspaceSize(x, 0, y, w, e)),
        U1("FastGelu", (std::vector<aclDataType>{f32, f16, bf16}),
           [](double x) { return x / (1 + std::exp(-1.702 * x)); }, aclnnFastGeluGetWorkspaceSize(x, y, w, e)),
        U1("Silu", (std::vector<aclDataType>{f32, f16, bf16}), [](double x) { return x * Sig(x); },
           aclnnSiluGetWorkspaceSize(x, y, w, e)),
        U1("Sigmoid", (std::vector<aclDataType>{f32, f16, bf16, f64}), Sig, aclnnSigmoidGetWorkspaceSize(x, y, w, e)),
        U1("Hardswish", (std::vector<aclDataType>{f32, f16, bf16}),
           [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; },
           aclnnHardswishGetWorkspaceSize(x, y, w, e)),
        U1("Hardsigmoid", (std::vector<aclDataType>{f32, f16, bf16}),
           [](double x) { return std::min(std::max(x / 6 + 0.5, 0.0), 1.0); },
           aclnnHardsigmoidGetWorkspaceSize(x, y, w, e)),
        U1("Mish", (std::vector<aclDataType>{f32, f16, bf16}),
           [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }, aclnnMishGetWorkspaceSize(x, y, w, e)),
        U1("Tanh", (std::vector<aclDataType>{f32, f16, bf16}), [](double x) { return std::tanh(x); },
           aclnnTanhGetWorkspaceSize(x, y, w, e)),
        U1("Exp", (std::vector<aclDataType>{f32, f16, bf16, f64}), [](double x) { return std::exp(x); },
           aclnnExpGetWorkspaceSize(x, y, w, e)),
    };
    v[0].s2 = aclnnRelu; v[1].s2 = aclnnGelu; v[2].s2 = aclnnGeluV2; v[3].s2 = aclnnFastGelu; v[4].s2 = aclnnSilu;
    v[5].s2 = aclnnSigmoid; v[6].s2 = aclnnHardswish; v[7].s2 = aclnnHardsigmoid; v[8].s2 = aclnnMish;
    v[9].s2 = aclnnTanh; v[10].s2 = aclnnExp;
    // the ones with scalar attributes
    v.push_back({"LeakyRelu", {f32, f16, bf16}, [](double x) { return x > 0 ? x : x * (double)g_slope; },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *s = F(&g_slope);
                     int r = aclnnLeakyReluGetWorkspaceSize(x, s, y, w, e);
                     aclDestroyScalar(s);
                     return r;
                 },
                 aclnnLeakyRelu});
    v.push_back({"Elu", {f32, f16, bf16}, [](double x) { return x > 0 ? x : (double)g_alpha * std::expm1(x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *a = F(&g_alpha), *s = F(&g_one), *i = F(&g_one);
                     int r = aclnnEluGetWorkspaceSize(x, a, s, i, y, w, e);
                     aclDestroyScalar(a); aclDestroyScalar(s); aclDestroyScalar(i);
                     return r;
                 },
                 aclnnElu});
    v.push_back({"Swish", {f32, f16, bf16}, [](double x) { return x * Sig((double)g_beta * x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *b = F(&g_beta);
                     int r = aclnnSwishGetWorkspaceSize(x, b, y, w, e);
                     aclDestroyScalar(b);
                     return r;
                 },
                 aclnnSwish});
    v.push_back({"Softplus", {f32, f16, bf16},
                 [](double x) { return x > (double)g_spt ? x : std::log1p(std::exp(x)); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *b = F(&g_spb), *t = F(&g_spt);
                     int r = aclnnSoftplusGetWorkspaceSize(x, b, t, y, w, e);
                     aclDestroyScalar(b); aclDestroyScalar(t);
                     return r;
                 },
                 aclnnSoftplus});
    return v;
}

// Rank 1 to 8, odd sizes (and size-1 dims), a few thousand elements each.
static const std::vector<std::vector<int64_t>> kShapes = {
    {1023}, {17, 33}, {3, 37, 5}, {2, 3, 5, 7}, {3, 1, 5, 2, 7}, {2, 3, 1, 5, 3, 2}, {1, 2, 3, 2, 3, 2, 5},
    {2, 1, 3, 2, 1, 3, 2, 5},
};

static std::string ShapeStr(const std::vector<int64_t> &s)
{
    std::string r = "(";
    for (size_t i = 0; i < s.size(); i++) r += (i ? "," : "") + std::to_string(s[i]);
    return r + ")";
}

static void SweepUnary(aclrtStream stream, const Unary &op)
{
    for (aclDataType dt : op.dtypes) {
        for (size_t k = 0; k < kShapes.size(); k++) {
            const std::vector<int64_t> &shape = kShapes[k];
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), 100 + k, op.name[0] == 'E' && op.name[1] == 'x' ? 0.5 : 1.0));
            std::vector<double> golden(x.size());
            for (size_t i = 0; i < x.size(); i++) golden[i] = op.ref(x[i]);
            bool views = k % 2 == 1 && shape.size() >= 2; // odd ranks contiguous, the others strided -> transposed
            DevTensor in, out;
            if (!in.Init(dt, shape, x, views ? STRIDED : CONTIG) || !out.Init(dt, shape, {}, views ? TRANSPOSED : CONTIG)) {
                EXPECT(false, "%s: tensor creation failed", op.name);
                return;
            }
            std::string what = std::string(op.name) + " " + DtName(dt) + " " + ShapeStr(shape) + (views ? " strided->transposed" : "");
            int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(in.t, out.t, w, e); }, op.s2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) {
                CheckDtype(what.c_str(), dt, out.Read(), golden);
                if (views) EXPECT(out.CountClobbered() == 0 && in.CountClobbered() == 0, "%s: wrote outside the views", what.c_str());
            }
        }
        // empty tensor: workspace 0, success, nothing runs
        DevTensor ein, eout;
        if (ein.Init(dt, {3, 0, 5}, {}, CONTIG) && eout.Init(dt, {3, 0, 5}, {}, CONTIG)) {
            uint64_t ws = 7;
            aclOpExecutor *ex = nullptr;
            int rc = op.s1(ein.t, eout.t, &ws, &ex);
            EXPECT(rc == 0 && ws == 0, "%s %s empty: rc %d workspace %llu", op.name, DtName(dt), rc, (unsigned long long)ws);
            if (rc == 0) EXPECT(op.s2(nullptr, 0, ex, stream) == 0, "%s empty: stage 2", op.name);
        }
    }
}

// NaN in -> NaN out for every unary op (FP32 and FP16), FP16 overflow and -Inf limits.
static void UnarySpecials(aclrtStream stream, const Unary &op)
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        std::vector<double> x = {NAN, 1.0, -NAN, 0.5};
        DevTensor in, out;
        if (!in.Init(dt, {4}, x, CONTIG) || !out.Init(dt, {4}, {}, CONTIG)) return;
        int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(in.t, out.t, w, e); }, op.s2);
        EXPECT(rc == 0, "%s NaN: run failed", op.name);
        if (rc) continue;
        std::vector<double> y = out.Read();
        EXPECT(std::isnan(y[0]) && std::isnan(y[2]), "%s %s: NaN in gave %g, %g", op.name, DtName(dt), y[0], y[2]);
    }
}

// Binary ops with broadcasting up to rank 8, mixed dtypes and views.
typedef std::function<int(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> BinaryS1;
struct Binary {
    const char *name;
    std::function<double(double, double)> ref;
    BinaryS1 s1;
    Stage2Fn s2;
};

static std::vector<Binary> BinaryOps()
{
    return {
        {"Add", [](double a, double b) { return a + (double)g_alpha * b; },
         [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) {
             aclScalar *al = F(&g_alpha);
             int r = aclnnAddGetWorkspaceSize(a, b, al, o, w, e);
             aclDestroyScalar(al);
             return r;
         },
         aclnnAdd},
        {"Sub", [](double a, double b) { return a - (double)g_alpha * b; },
         [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) {
             aclScalar *al = F(&g_alpha);
             int r = aclnnSubGetWorkspaceSize(a, b, al, o, w, e);
             aclDestroyScalar(al);
             return r;
         },
         aclnnSub},
        {"Mul", [](double a, double b) { return a * b; },
         [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) { return aclnnMulGetWorkspaceSize(a, b, o, w, e); },
         aclnnMul},
        {"Div", [](double a, double b) { return a / b; },
         [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) { return aclnnDivGetWorkspaceSize(a, b, o, w, e); },
         aclnnDiv},
        {"SigmoidBackward", [](double g, double y) { return g * y * (1 - y); },
         [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) { return aclnnSigmoidBackwardGetWorkspaceSize(a, b, o, w, e); },
         aclnnSigmoidBackward},
        {"SiluBackward", [](double g, double x) { double s = Sig(x); return g * s * (1 + x * (1 - s)); },
         [](const aclTensor *a, const aclTensor *b, aclTensor *o, uint64_t *w, aclOpExecutor **e) { return aclnnSiluBackwardGetWorkspaceSize(a, b, o, w, e); },
         aclnnSiluBackward},
    };
}

static std::vector<int64_t> BroadcastShape(const std::vector<int64_t> &a, const std::vector<int64_t> &b)
{
    size_t n = std::max(a.size(), b.size());
    std::vector<int64_t> r(n);
    for (size_t i = 0; i < n; i++) {
        int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())], db = i < n - b.size() ? 1 : b[i - (n - b.size())];
        r[i] = std::max(da, db);
    }
    return r;
}

// Element of `v` (shape s) seen at output position i of shape o (right-aligned broadcast).
static double At(const std::vector<double> &v, const std::vector<int64_t> &s, const std::vector<int64_t> &o, int64_t i)
{
    int64_t off = 0, mul = 1;
    for (int64_t d = (int64_t)o.size() - 1; d >= 0; d--) {
        int64_t idx = i % o[(size_t)d];
        i /= o[(size_t)d];
        int64_t sd = d - (int64_t)(o.size() - s.size());
        if (sd < 0) continue;
        if (s[(size_t)sd] != 1) off += idx * mul;
        mul *= s[(size_t)sd];
    }
    return v[(size_t)off];
}

static void SweepBinary(aclrtStream stream, const Binary &op)
{
    struct Case { std::vector<int64_t> a, b; Layout la, lb, lo; };
    const std::vector<Case> cases = {
        {{1023}, {1023}, CONTIG, CONTIG, CONTIG},
        {{17, 33}, {33}, STRIDED, CONTIG, TRANSPOSED},
        {{3, 1, 5}, {1, 37, 1}, CONTIG, STRIDED, CONTIG},
        {{2, 1, 3, 1, 5, 1, 3, 2}, {1, 4, 3, 2, 1, 3, 1, 2}, CONTIG, CONTIG, CONTIG},
        {{2, 3, 1, 5, 3, 2, 1}, {7}, STRIDED, CONTIG, TRANSPOSED},
        {{5, 1, 3}, {}, CONTIG, CONTIG, CONTIG}, // rank-0 other
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    bool is_bwd = std::strstr(op.name, "Backward") != nullptr;
    for (aclDataType dt : dts) {
        for (size_t k = 0; k < cases.size(); k++) {
            const Case &c = cases[k];
            std::vector<int64_t> os = BroadcastShape(c.a, c.b);
            std::vector<double> a = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.a), 300 + k));
            std::vector<double> b = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.b), 400 + k));
            if (op.name[0] == 'D') for (double &v : b) if (std::fabs(v) < 0.25) v = Quant(dt, v < 0 ? v - 0.25 : v + 0.25);
            if (op.name[1] == 'i' && op.name[2] == 'g') for (double &v : b) v = Quant(dt, Sig(v)); // SigmoidBackward: y in (0, 1)
            std::vector<double> golden((size_t)GetShapeSize(os));
            for (int64_t i = 0; i < (int64_t)golden.size(); i++) golden[(size_t)i] = op.ref(At(a, c.a, os, i), At(b, c.b, os, i));
            DevTensor ta, tb, to;
            if (!ta.Init(dt, c.a, a, c.a.size() ? c.la : CONTIG) || !tb.Init(dt, c.b, b, c.b.size() ? c.lb : CONTIG) ||
                !to.Init(dt, os, {}, c.lo)) {
                EXPECT(false, "%s: tensor creation failed", op.name);
                return;
            }
            std::string what = std::string(op.name) + " " + DtName(dt) + " " + ShapeStr(c.a) + " x " + ShapeStr(c.b);
            int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(ta.t, tb.t, to.t, w, e); }, op.s2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, to.Read(), golden);
        }
        DevTensor ea, eb, eo;
        if (ea.Init(dt, {0, 4}, {}, CONTIG) && eb.Init(dt, {4}, {}, CONTIG) && eo.Init(dt, {0, 4}, {}, CONTIG)) {
            uint64_t ws = 7;
            aclOpExecutor *ex = nullptr;
            int rc = op.s1(ea.t, eb.t, eo.t, &ws, &ex);
            EXPECT(rc == 0 && ws == 0, "%s %s empty: rc %d ws %llu", op.name, DtName(dt), rc, (unsigned long long)ws);
            if (rc == 0) EXPECT(op.s2(nullptr, 0, ex, stream) == 0, "%s empty: stage 2", op.name);
        }
    }
    if (is_bwd) return;
    // mixed dtypes: FP16 (x) FP32 promotes to FP32 (torch rules), BF16 (x) FP16 to FP32
    for (auto pair : {std::make_pair(ACL_FLOAT16, ACL_FLOAT), std::make_pair(ACL_BF16, ACL_FLOAT16)}) {
        std::vector<int64_t> sa = {5, 7, 3}, sb = {7, 1};
        std::vector<double> a = QuantAll(pair.first, RandomValues(105, 501)), b = QuantAll(pair.second, RandomValues(7, 502));
        for (double &v : b) if (std::fabs(v) < 0.25) v = Quant(pair.second, 0.5);
        std::vector<double> golden(105);
        for (int64_t i = 0; i < 105; i++) golden[(size_t)i] = op.ref(At(a, sa, sa, i), At(b, sb, sa, i));
        DevTensor ta, tb, to;
        if (!ta.Init(pair.first, sa, a, STRIDED) || !tb.Init(pair.second, sb, b, CONTIG) || !to.Init(ACL_FLOAT, sa, {}, CONTIG)) return;
        std::string what = std::string(op.name) + " " + DtName(pair.first) + " x " + DtName(pair.second) + " -> fp32";
        int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(ta.t, tb.t, to.t, w, e); }, op.s2);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc == 0) CheckDtype(what.c_str(), ACL_FLOAT, to.Read(), golden);
    }
}

// FP16 results that overflow become +-Inf; sigmoid(-Inf) = 0, exp(-Inf) = 0, tanh(+-Inf) = +-1.
static void Overflow(aclrtStream stream)
{
    DevTensor a, b, o;
    std::vector<double> av = {300, -300, 60000, 2}, bv = {300, 300, 60000, 3};
    if (!a.Init(ACL_FLOAT16, {4}, av, CONTIG) || !b.Init(ACL_FLOAT16, {4}, bv, CONTIG) || !o.Init(ACL_FLOAT16, {4}, {}, CONTIG)) return;
    EXPECT(Run("aclnnMul", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulGetWorkspaceSize(a.t, b.t, o.t, w, e); }, aclnnMul) == 0, "mul fp16");
    std::vector<double> y = o.Read();
    EXPECT(y[0] == INFINITY && y[1] == -INFINITY && y[2] == INFINITY && y[3] == 6, "Mul fp16 overflow: %g %g %g %g", y[0], y[1], y[2], y[3]);
    aclScalar *one = F(&g_one);
    EXPECT(Run("aclnnAdd", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddGetWorkspaceSize(a.t, b.t, one, o.t, w, e); }, aclnnAdd) == 0, "add fp16");
    y = o.Read();
    EXPECT(y[2] == INFINITY && y[0] == 600 && y[1] == 0, "Add fp16 overflow: %g %g %g", y[0], y[1], y[2]);
    aclDestroyScalar(one);
    DevTensor x, e;
    std::vector<double> xv = {12, -INFINITY, INFINITY, 11};
    if (!x.Init(ACL_FLOAT16, {4}, xv, CONTIG) || !e.Init(ACL_FLOAT16, {4}, {}, CONTIG)) return;
    EXPECT(Run("aclnnExp", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnExpGetWorkspaceSize(x.t, e.t, w, ex); }, aclnnExp) == 0, "exp fp16");
    y = e.Read();
    EXPECT(y[0] == INFINITY && y[1] == 0 && y[2] == INFINITY && std::fabs(y[3] - std::exp(11.0)) <= 64, "Exp fp16: %g %g %g %g", y[0], y[1], y[2], y[3]);
    EXPECT(Run("aclnnSigmoid", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnSigmoidGetWorkspaceSize(x.t, e.t, w, ex); }, aclnnSigmoid) == 0, "sigmoid fp16");
    y = e.Read();
    EXPECT(y[1] == 0 && y[2] == 1, "Sigmoid fp16 -Inf/+Inf: %g %g", y[1], y[2]);
    EXPECT(Run("aclnnTanh", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnTanhGetWorkspaceSize(x.t, e.t, w, ex); }, aclnnTanh) == 0, "tanh fp16");
    y = e.Read();
    EXPECT(y[1] == -1 && y[2] == 1, "Tanh fp16 -Inf/+Inf: %g %g", y[1], y[2]);
}

// One large tensor (32 MiB FP32 output) through a broadcast Add, every element checked.
static void Large(aclrtStream stream)
{
    std::vector<int64_t> sa = {2049, 4097}, sb = {4097};
    std::vector<double> a = QuantAll(ACL_FLOAT, RandomValues((size_t)GetShapeSize(sa), 9)), b = QuantAll(ACL_FLOAT, RandomValues(4097, 10));
    DevTensor ta, tb, to;
    if (!ta.Init(ACL_FLOAT, sa, a, CONTIG) || !tb.Init(ACL_FLOAT, sb, b, CONTIG) || !to.Init(ACL_FLOAT, sa, {}, CONTIG)) {
        EXPECT(false, "large: allocation failed");
        return;
    }
    aclScalar *al = F(&g_alpha);
    int rc = Run("aclnnAdd", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddGetWorkspaceSize(ta.t, tb.t, al, to.t, w, e); }, aclnnAdd);
    aclDestroyScalar(al);
    EXPECT(rc == 0, "large add failed");
    if (rc) return;
    std::vector<double> y = to.Read(), g(y.size());
    for (size_t i = 0; i < g.size(); i++) g[i] = a[i] + (double)g_alpha * b[i % 4097];
    CheckDtype("Add large (2049, 4097) + (4097,)", ACL_FLOAT, y, g);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    for (const Unary &op : UnaryOps()) {
        SweepUnary(rt.stream, op);
        UnarySpecials(rt.stream, op);
    }
    for (const Binary &op : BinaryOps()) SweepBinary(rt.stream, op);
    Overflow(rt.stream);
    Large(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
