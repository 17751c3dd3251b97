// The unary activations and ops-math Tanh / Exp as host programs call them: every op x dtype on
// an odd shape, strided input into a transposed output, the inplace twins on a strided view
// (nothing outside the view may change), integer inputs where the API takes them, NaN / +Inf /
// -0 / denormals / overflow, an empty tensor and one large tensor; each checked against a
// double-precision formula written here.
#include "act_test_util.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_fast_gelu.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_mish.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_tanh.h"

static const double kPi = 3.14159265358979323846;
static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }
static double GeluTanh(double x) { return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / kPi) * (x + 0.044715 * x * x * x))); }
static double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
static double Clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }
static double Softplus(double x, double beta, double thr) { return beta * x > thr ? x : std::log1p(std::exp(beta * x)) / beta; }

static float g_slope = 0.1f, g_alpha = 1.2f, g_scale = 1.05f, g_iscale = 0.9f, g_beta = 1.5f, g_spb = 2.0f, g_spt = 5.0f;

typedef std::function<int(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> OutOfPlace;
typedef std::function<int(aclTensor *, uint64_t *, aclOpExecutor **)> InPlace;

struct UnaryOp {
    const char *name;
    std::vector<aclDataType> dtypes;
    std::function<double(double)> ref;
    OutOfPlace s1;
    Stage2Fn s2;
    InPlace i1;   // may be empty
    Stage2Fn i2;
    double scale; // input magnitude
    bool minus_inf_ok; // -inf has an unambiguous result
};

static aclScalar *F(float *v) { return aclCreateScalar(v, ACL_FLOAT); }

static std::vector<UnaryOp> Ops()
{
    const aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf16 = ACL_BF16, f64 = ACL_DOUBLE;
    std::vector<UnaryOp> v;
    v.push_back({"Gelu", {f32, f16, bf16}, GeluTanh,
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnGeluGetWorkspaceSize(x, y, w, e); },
                 aclnnGelu, nullptr, nullptr, 1.0, false});
    v.push_back({"GeluV2(none)", {f32, f16, bf16}, GeluErf,
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnGeluV2GetWorkspaceSize(x, 0, y, w, e); },
                 aclnnGeluV2, nullptr, nullptr, 1.0, false});
    v.push_back({"GeluV2(tanh)", {f32, f16, bf16}, GeluTanh,
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnGeluV2GetWorkspaceSize(x, 1, y, w, e); },
                 aclnnGeluV2, nullptr, nullptr, 1.0, false});
    v.push_back({"FastGelu", {f32, f16, bf16}, [](double x) { return x / (1.0 + std::exp(-1.702 * x)); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnFastGeluGetWorkspaceSize(x, y, w, e); },
                 aclnnFastGelu, nullptr, nullptr, 1.0, false});
    v.push_back({"Silu", {f32, f16, bf16}, [](double x) { return x * Sig(x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnSiluGetWorkspaceSize(x, y, w, e); },
                 aclnnSilu, nullptr, nullptr, 1.0, false});
    v.push_back({"Swish", {f32, f16, bf16}, [](double x) { return x * Sig((double)g_beta * x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *b = F(&g_beta);
                     int r = aclnnSwishGetWorkspaceSize(x, b, y, w, e);
                     aclDestroyScalar(b);
                     return r;
                 },
                 aclnnSwish, nullptr, nullptr, 1.0, false});
    v.push_back({"Sigmoid", {f32, f16, bf16, f64}, Sig,
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnSigmoidGetWorkspaceSize(x, y, w, e); },
                 aclnnSigmoid,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceSigmoidGetWorkspaceSize(x, w, e); },
                 aclnnInplaceSigmoid, 1.0, true});
    v.push_back({"LeakyRelu", {f32, f16, bf16, f64}, [](double x) { return x > 0 ? x : x * (double)g_slope; },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *s = F(&g_slope);
                     int r = aclnnLeakyReluGetWorkspaceSize(x, s, y, w, e);
                     aclDestroyScalar(s);
                     return r;
                 },
                 aclnnLeakyRelu,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *s = F(&g_slope);
                     int r = aclnnInplaceLeakyReluGetWorkspaceSize(x, s, w, e);
                     aclDestroyScalar(s);
                     return r;
                 },
                 aclnnInplaceLeakyRelu, 1.0, true});
    v.push_back({"Elu", {f32, f16, bf16, f64},
                 [](double x) { return x > 0 ? (double)g_scale * x : (double)g_scale * (double)g_alpha * std::expm1((double)g_iscale * x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *a = F(&g_alpha), *s = F(&g_scale), *i = F(&g_iscale);
                     int r = aclnnEluGetWorkspaceSize(x, a, s, i, y, w, e);
                     aclDestroyScalar(a); aclDestroyScalar(s); aclDestroyScalar(i);
                     return r;
                 },
                 aclnnElu,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *a = F(&g_alpha), *s = F(&g_scale), *i = F(&g_iscale);
                     int r = aclnnInplaceEluGetWorkspaceSize(x, a, s, i, w, e);
                     aclDestroyScalar(a); aclDestroyScalar(s); aclDestroyScalar(i);
                     return r;
                 },
                 aclnnInplaceElu, 1.0, true});
    v.push_back({"Hardswish", {f32, f16, bf16}, [](double x) { return x * Clamp(x + 3, 0, 6) / 6; },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnHardswishGetWorkspaceSize(x, y, w, e); },
                 aclnnHardswish,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceHardswishGetWorkspaceSize(x, w, e); },
                 aclnnInplaceHardswish, 1.0, false});
    v.push_back({"Hardsigmoid", {f32, f16, bf16, ACL_INT32}, [](double x) { return Clamp(x / 6 + 0.5, 0, 1); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnHardsigmoidGetWorkspaceSize(x, y, w, e); },
                 aclnnHardsigmoid,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceHardsigmoidGetWorkspaceSize(x, w, e); },
                 aclnnInplaceHardsigmoid, 1.0, true});
    v.push_back({"Mish", {f32, f16, bf16}, [](double x) { return x * std::tanh(std::log1p(std::exp(x))); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnMishGetWorkspaceSize(x, y, w, e); },
                 aclnnMish,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMishGetWorkspaceSize(x, w, e); },
                 aclnnInplaceMish, 1.0, false});
    v.push_back({"Softplus", {f32, f16, bf16}, [](double x) { return Softplus(x, g_spb, g_spt); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) {
                     aclScalar *b = F(&g_spb), *t = F(&g_spt);
                     int r = aclnnSoftplusGetWorkspaceSize(x, b, t, y, w, e);
                     aclDestroyScalar(b); aclDestroyScalar(t);
                     return r;
                 },
                 aclnnSoftplus, nullptr, nullptr, 1.0, true});
    v.push_back({"Tanh", {f32, f16, bf16}, [](double x) { return std::tanh(x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnTanhGetWorkspaceSize(x, y, w, e); },
                 aclnnTanh,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceTanhGetWorkspaceSize(x, w, e); },
                 aclnnInplaceTanh, 1.0, true});
    v.push_back({"Exp", {f32, f16, bf16, f64}, [](double x) { return std::exp(x); },
                 [](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnExpGetWorkspaceSize(x, y, w, e); },
                 aclnnExp,
                 [](aclTensor *x, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceExpGetWorkspaceSize(x, w, e); },
                 aclnnInplaceExp, 0.5, true});
    return v;
}

static void CheckOut(const std::string &what, aclDataType dt, const std::vector<double> &actual,
                     const std::vector<double> &golden)
{
    if (dt == ACL_INT32) { // integer results are exact (truncated)
        size_t bad = 0;
        for (size_t i = 0; i < golden.size(); i++) bad += actual[i] != std::trunc(golden[i]);
        EXPECT(bad == 0, "%s: %zu wrong integer elements", what.c_str(), bad);
        return;
    }
    CheckDtype(what.c_str(), dt, actual, golden);
}

static void TestOp(aclrtStream stream, const UnaryOp &op)
{
    std::vector<int64_t> shape = {3, 37, 5};
    for (size_t k = 0; k < op.dtypes.size(); k++) {
        aclDataType dt = op.dtypes[k];
        std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), 11 + k, op.scale));
        std::vector<double> golden(x.size());
        for (size_t i = 0; i < x.size(); i++) golden[i] = op.ref(x[i]);
        // contiguous -> contiguous, strided -> transposed
        for (int pass = 0; pass < 2; pass++) {
            DevTensor in, out;
            if (!in.Init(dt, shape, x, pass ? STRIDED : CONTIG) || !out.Init(dt, shape, {}, pass ? TRANSPOSED : CONTIG)) {
                EXPECT(false, "%s: tensor creation failed", op.name);
                return;
            }
            std::string what = std::string(op.name) + " " + DtName(dt) + (pass ? " strided->transposed" : " contiguous");
            int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(in.t, out.t, w, e); }, op.s2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckOut(what, dt, out.Read(), golden);
        }
        if (op.i1) { // inplace on a strided view: only the view changes
            DevTensor ref;
            if (!ref.Init(dt, shape, x, STRIDED)) return;
            std::string what = std::string("Inplace") + op.name + " " + DtName(dt) + " strided";
            int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.i1(ref.t, w, e); }, op.i2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) {
                CheckOut(what, dt, ref.Read(), golden);
                EXPECT(ref.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
            }
        }
    }
}

// NaN / +Inf / -0 / denormal / large inputs on FP32, and -Inf where the limit is unambiguous.
static void TestSpecials(aclrtStream stream, const UnaryOp &op)
{
    std::vector<double> x = {NAN, INFINITY, 0.0, -0.0, 1e-40, -1e-40, 30.0, -30.0, 88.0, 100.0, -100.0};
    if (op.minus_inf_ok) x.push_back(-INFINITY);
    x = QuantAll(ACL_FLOAT, x);
    std::vector<double> golden(x.size());
    for (size_t i = 0; i < x.size(); i++) golden[i] = (double)(float)op.ref(x[i]);
    std::vector<int64_t> shape = {(int64_t)x.size()};
    DevTensor in, out;
    if (!in.Init(ACL_FLOAT, shape, x, CONTIG) || !out.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
    int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(in.t, out.t, w, e); }, op.s2);
    EXPECT(rc == 0, "%s specials: run failed", op.name);
    if (rc) return;
    std::vector<double> y = out.Read();
    for (size_t i = 0; i < x.size(); i++) {
        double g = golden[i], a = y[i];
        bool ok = std::isnan(g) ? std::isnan(a) : std::isinf(g) ? a == g : std::fabs(a - g) <= 1e-5 + 1e-3 * std::fabs(g);
        EXPECT(ok, "%s(%g) = %g, expected %g", op.name, x[i], a, g);
    }
}

// Integer inputs where the API takes them: Sigmoid and Tanh give floats.
static void TestIntInputs(aclrtStream stream)
{
    std::vector<int64_t> shape = {7, 9};
    std::vector<double> x(63);
    for (size_t i = 0; i < x.size(); i++) x[i] = (double)((int)i % 13 - 6);
    std::vector<double> gs(x.size()), gt(x.size());
    for (size_t i = 0; i < x.size(); i++) { gs[i] = Sig(x[i]); gt[i] = std::tanh(x[i]); }
    DevTensor in, o1, o2;
    if (!in.Init(ACL_INT32, shape, x, STRIDED) || !o1.Init(ACL_FLOAT, shape, {}, CONTIG) || !o2.Init(ACL_FLOAT16, shape, {}, CONTIG)) return;
    EXPECT(Run("aclnnSigmoid", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSigmoidGetWorkspaceSize(in.t, o1.t, w, e); }, aclnnSigmoid) == 0, "sigmoid int32");
    CheckDtype("Sigmoid int32->fp32", ACL_FLOAT, o1.Read(), gs);
    EXPECT(Run("aclnnTanh", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTanhGetWorkspaceSize(in.t, o2.t, w, e); }, aclnnTanh) == 0, "tanh int32");
    CheckDtype("Tanh int32->fp16", ACL_FLOAT16, o2.Read(), gt);
    // Exp of BOOL gives FLOAT: e^0, e^1
    DevTensor b, o3;
    std::vector<double> bv = {0, 1, 1, 0, 1};
    if (!b.Init(ACL_BOOL, {5}, bv, CONTIG) || !o3.Init(ACL_FLOAT, {5}, {}, CONTIG)) return;
    EXPECT(Run("aclnnExp", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnExpGetWorkspaceSize(b.t, o3.t, w, e); }, aclnnExp) == 0, "exp bool");
    std::vector<double> ge = {1, M_E, M_E, 1, M_E};
    CheckDtype("Exp bool->fp32", ACL_FLOAT, o3.Read(), ge);
}

static void TestEmptyAndLarge(aclrtStream stream)
{
    DevTensor in, out;
    if (!in.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !out.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) return;
    uint64_t ws = 99;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnGeluGetWorkspaceSize(in.t, out.t, &ws, &ex) == 0 && ws == 0, "empty: workspace %llu", (unsigned long long)ws);
    EXPECT(aclnnGelu(nullptr, 0, ex, stream) == 0, "empty: stage 2");
    // one large tensor (8 MiB) through the vectorised path, checked on a sample
    std::vector<int64_t> shape = {1 << 21};
    std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues((size_t)shape[0], 5));
    DevTensor a, y;
    if (!a.Init(ACL_FLOAT, shape, x, CONTIG) || !y.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
    EXPECT(Run("aclnnSilu", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSiluGetWorkspaceSize(a.t, y.t, w, e); }, aclnnSilu) == 0, "large silu");
    std::vector<double> r = y.Read(), g(x.size());
    for (size_t i = 0; i < x.size(); i++) g[i] = x[i] * Sig(x[i]);
    CheckDtype("Silu large fp32", ACL_FLOAT, r, g);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    std::vector<UnaryOp> ops = Ops();
    for (size_t i = 0; i < ops.size(); i++) {
        TestOp(rt.stream, ops[i]);
        TestSpecials(rt.stream, ops[i]);
    }
    TestIntInputs(rt.stream);
    TestEmptyAndLarge(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
