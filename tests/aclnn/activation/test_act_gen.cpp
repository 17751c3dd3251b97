// The aclnn APIs of ops-nn experimental/activation (xact part): the generated ones on the
// activation table and the hand-written ones (EluV2, FastGeluV2, FusedBiasLeakyRelu,
// HardsigmoidV2, ReluGradV4, Softsign(Backward), SwigluClamp, ThresholdV2) on the same driver: forward ops against double formulas written here, backward ops against central finite
// differences of the forward formulas times the gradient (with the forward result as input where
// the API takes it), FP32 / FP16 / BF16 with strided and transposed views, broadcast (ReluGradV3),
// integer dtypes (ReluGradV3, Relu6), empty and 0-d tensors, special values, and every validation
// path (nulls 161001, dtypes / shapes 161002, chips without a config 361001). Run with "950"
// under a 950 topology it runs the 950-only ops (HardShrink, Relu6, CeluV3) and checks that the
// 910B-only ones refuse.
#include "act_fd_util.h"
#include "aclnnop/aclnn_celu_v2.h"
#include "aclnnop/aclnn_celu_v3.h"
#include "aclnnop/aclnn_elu_grad.h"
#include "aclnnop/aclnn_hard_shrink.h"
#include "aclnnop/aclnn_hard_shrink_grad.h"
#include "aclnnop/aclnn_hard_sigmoid_grad_v2.h"
#include "aclnnop/aclnn_hard_swish_v2.h"
#include "aclnnop/aclnn_hardtanh_grad.h"
#include "aclnnop/aclnn_leaky_relu_grad_v2.h"
#include "aclnnop/aclnn_leakyrelu_v2.h"
#include "aclnnop/aclnn_logsigmoid_v2.h"
#include "aclnnop/aclnn_relu6.h"
#include "aclnnop/aclnn_relu_grad_v3.h"
#include "aclnnop/aclnn_relu_v3.h"
#include "aclnnop/aclnn_silu_mul.h"
#include "aclnnop/aclnn_soft_plus_v2.h"
#include "aclnnop/aclnn_softmax_v2.h"
#include "aclnnop/aclnn_tanh_grad.h"
#include "aclnnop/aclnn_elu_v2.h"
#include "aclnnop/aclnn_fast_gelu_v2.h"
#include "aclnnop/aclnn_fused_bias_leaky_relu.h"
#include "aclnnop/aclnn_hardsigmoid_v2.h"
#include "aclnnop/aclnn_relu_grad_v4.h"
#include "aclnnop/aclnn_softsign.h"
#include "aclnnop/aclnn_softsign_backward.h"
#include "aclnnop/aclnn_swiglu_clamp.h"
#include "aclnnop/aclnn_threshold_v2.h"

static const std::vector<aclDataType> kF32F16 = {ACL_FLOAT, ACL_FLOAT16};
static const std::vector<aclDataType> kAll = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

#define U(api) [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return api; }
#define B(api) [&](const aclTensor *g, const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return api; }

static double Celu(double x, double a) { return x > 0 ? x : a * std::expm1(x / a); }
static double Clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

// 361001 with the "not implemented" message of a chip without a kernel.
static void ExpectChip(const char *what, int got)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == 361001, "%s: returned %d, expected 361001 (%s)", what, got, msg.c_str());
    EXPECT(msg.find("not implemented") != std::string::npos, "%s: message: %s", what, msg.c_str());
}

static void TestForward910b(aclrtStream stream)
{
    RunUnary(stream, "aclnnCeluV2", [](double x) { return Celu(x, 0.7); },
             U(aclnnCeluV2GetWorkspaceSize(x, 0.7, y, w, e)), aclnnCeluV2, kF32F16, 3.0);
    RunUnary(stream, "aclnnCeluV3", [](double x) { return Celu(x, 1.6); },
             U(aclnnCeluV3GetWorkspaceSize(x, 1.6, y, w, e)), aclnnCeluV3, kAll, 3.0);
    RunUnary(stream, "aclnnHardSwishV2", [](double x) { return x * Clamp(x + 3, 0, 6) / 6; },
             U(aclnnHardSwishV2GetWorkspaceSize(x, y, w, e)), aclnnHardSwishV2, kAll, 5.0);
    RunUnary(stream, "aclnnLeakyreluV2", [](double x) { return x > 0 ? x : -0.15 * x; },
             U(aclnnLeakyreluV2GetWorkspaceSize(x, -0.15, y, w, e)), aclnnLeakyreluV2, kF32F16, 2.0);
    RunUnary(stream, "aclnnLogsigmoidV2", [](double x) { return -std::log1p(std::exp(-x)); },
             U(aclnnLogsigmoidV2GetWorkspaceSize(x, y, w, e)), aclnnLogsigmoidV2, kF32F16, 8.0);
    RunUnary(stream, "aclnnSoftPlusV2", [](double x) { return std::log1p(std::exp(x)); },
             U(aclnnSoftPlusV2GetWorkspaceSize(x, y, w, e)), aclnnSoftPlusV2, kF32F16, 8.0);
    // special values
    {
        std::vector<double> x = {-INFINITY, -100, -0.0, 0, 30, INFINITY, NAN};
        DevTensor tx, ty;
        if (!tx.Init(ACL_FLOAT, {7}, x, CONTIG) || !ty.Init(ACL_FLOAT, {7}, {}, CONTIG)) return;
        EXPECT(Run("aclnnLogsigmoidV2(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogsigmoidV2GetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnLogsigmoidV2) == 0, "LogsigmoidV2 special");
        CheckDtype("LogsigmoidV2 special", ACL_FLOAT, ty.Read(), {-INFINITY, -100, -std::log(2.0), -std::log(2.0), -std::log1p(std::exp(-30.0)), 0, NAN});
        EXPECT(Run("aclnnSoftPlusV2(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftPlusV2GetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnSoftPlusV2) == 0, "SoftPlusV2 special");
        CheckDtype("SoftPlusV2 special", ACL_FLOAT, ty.Read(), {0, std::log1p(std::exp(-100.0)), std::log(2.0), std::log(2.0), 30, INFINITY, NAN});
    }
    // empty and 0-d
    {
        DevTensor te, to, ts, tso;
        if (!te.Init(ACL_FLOAT, {3, 0}, {}, CONTIG) || !to.Init(ACL_FLOAT, {3, 0}, {}, CONTIG) ||
            !ts.Init(ACL_FLOAT16, {}, {-2.0}, CONTIG) || !tso.Init(ACL_FLOAT16, {}, {}, CONTIG)) return;
        EXPECT(Run("aclnnCeluV2(empty)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCeluV2GetWorkspaceSize(te.t, 1.0, to.t, w, e); }, aclnnCeluV2) == 0, "CeluV2 empty");
        EXPECT(Run("aclnnLeakyreluV2(0-d)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLeakyreluV2GetWorkspaceSize(ts.t, 0.25, tso.t, w, e); }, aclnnLeakyreluV2) == 0, "LeakyreluV2 0-d");
        CheckDtype("LeakyreluV2 0-d", ACL_FLOAT16, tso.Read(), {-0.5});
    }
}

static void TestBackward910b(aclrtStream stream)
{
    Fn elu1 = [](double x) { return x > 0 ? x : std::expm1(x); };
    RunBackward(stream, "aclnnEluGrad", elu1, {0}, B(aclnnEluGradGetWorkspaceSize(g, x, y, w, e)), aclnnEluGrad, false,
                elu1, 2.0, kAll);
    RunBackward(stream, "aclnnHardShrinkGrad", [](double x) { return std::fabs(x) > 0.4 ? x : 0; }, {-0.4, 0.4},
                B(aclnnHardShrinkGradGetWorkspaceSize(g, x, 0.4, y, w, e)), aclnnHardShrinkGrad, false, nullptr, 1.0, kAll);
    RunBackward(stream, "aclnnHardSigmoidGradV2", [](double x) { return Clamp(x / 6 + 0.5, 0, 1); }, {-3, 3},
                B(aclnnHardSigmoidGradV2GetWorkspaceSize(g, x, y, w, e)), aclnnHardSigmoidGradV2, false, nullptr, 5.0, kAll);
    // HardtanhGrad(result, grad, ...): the forward tensor first
    RunBackward(stream, "aclnnHardtanhGrad", [](double x) { return Clamp(x, -0.5, 1.5); }, {-0.5, 1.5},
                B(aclnnHardtanhGradGetWorkspaceSize(x, g, -0.5, 1.5, y, w, e)), aclnnHardtanhGrad, false, nullptr, 2.0, kAll);
    RunBackward(stream, "aclnnLeakyReluGradV2", [](double x) { return x > 0 ? x : 0.2 * x; }, {0},
                B(aclnnLeakyReluGradV2GetWorkspaceSize(g, x, 0.2, y, w, e)), aclnnLeakyReluGradV2, false, nullptr, 1.0, kF32F16);
    // TanhGrad(y, dy): the forward result first
    RunBackward(stream, "aclnnTanhGrad", [](double x) { return std::tanh(x); }, {},
                B(aclnnTanhGradGetWorkspaceSize(x, g, y, w, e)), aclnnTanhGrad, false, [](double x) { return std::tanh(x); },
                1.5, kAll);
    // ReluGradV3(x, y): x forward input, y gradient
    RunBackward(stream, "aclnnReluGradV3", [](double x) { return x > 0 ? x : 0; }, {0},
                B(aclnnReluGradV3GetWorkspaceSize(x, g, y, w, e)), aclnnReluGradV3, true, nullptr, 1.0, kAll);
    // SiluMul: silu(x) * y, two same-shape inputs
    for (aclDataType dt : kAll) {
        std::vector<double> x = QuantAll(dt, RandomValues(30, 5 + dt, 4.0)), v = QuantAll(dt, RandomValues(30, 6 + dt)), golden(30);
        for (int i = 0; i < 30; i++) golden[i] = x[i] * Sig(x[i]) * v[i];
        DevTensor tx, tv, tz;
        if (!tx.Init(dt, {5, 6}, x, TRANSPOSED) || !tv.Init(dt, {5, 6}, v, STRIDED) || !tz.Init(dt, {5, 6}, {}, CONTIG)) return;
        std::string what = std::string("aclnnSiluMul ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSiluMulGetWorkspaceSize(tx.t, tv.t, tz.t, w, e); }, aclnnSiluMul) == 0, "%s", what.c_str());
        CheckDtype(what.c_str(), dt, tz.Read(), golden);
    }
    // ReluGradV3 of the integer dtypes (exact) with the full broadcast of the official example
    for (aclDataType dt : {ACL_INT32, ACL_INT8, ACL_UINT8}) {
        std::vector<double> x = {-3, 0, 2, 5, 1, 0}, g = {7, -4, 9, 100};
        if (dt == ACL_UINT8) { x = {0, 0, 2, 5, 1, 0}; g = {7, 4, 9, 200}; }
        DevTensor tx, tg, tz;
        if (!tx.Init(dt, {3, 2, 1}, x, CONTIG) || !tg.Init(dt, {1, 4}, g, CONTIG) || !tz.Init(dt, {3, 2, 4}, {}, CONTIG)) return;
        std::string what = std::string("aclnnReluGradV3 ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReluGradV3GetWorkspaceSize(tx.t, tg.t, tz.t, w, e); }, aclnnReluGradV3) == 0, "%s", what.c_str());
        std::vector<double> r = tz.Read();
        for (int i = 0; i < 24; i++) {
            double want = x[(size_t)(i / 4)] > 0 ? g[(size_t)(i % 4)] : 0;
            EXPECT(r[(size_t)i] == want, "%s [%d]: %g, expected %g", what.c_str(), i, r[(size_t)i], want);
        }
    }
    // HardShrinkGrad / TanhGrad special values
    {
        std::vector<double> x = {-INFINITY, -0.4, 0.4, 0.41, NAN, INFINITY}, g = {1, 2, 3, 4, 5, 6};
        DevTensor tx, tg, ty;
        if (!tx.Init(ACL_FLOAT, {6}, x, CONTIG) || !tg.Init(ACL_FLOAT, {6}, g, CONTIG) || !ty.Init(ACL_FLOAT, {6}, {}, CONTIG)) return;
        EXPECT(Run("aclnnHardShrinkGrad(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHardShrinkGradGetWorkspaceSize(tg.t, tx.t, 0.4, ty.t, w, e); }, aclnnHardShrinkGrad) == 0, "HardShrinkGrad special");
        CheckDtype("HardShrinkGrad special", ACL_FLOAT, ty.Read(), {1, 0, 0, 4, 5, 6});
        EXPECT(Run("aclnnTanhGrad(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTanhGradGetWorkspaceSize(tx.t, tg.t, ty.t, w, e); }, aclnnTanhGrad) == 0, "TanhGrad special");
        CheckDtype("TanhGrad special", ACL_FLOAT, ty.Read(), {-INFINITY, 2 * (1 - 0.4 * 0.4), 3 * (1 - 0.4 * 0.4), 4 * (1 - 0.41 * 0.41), NAN, -INFINITY});
    }
}

// SoftmaxV2 along every dim of a 3-D (strided) view, FP32 and FP16.
static void TestSoftmaxV2(aclrtStream stream)
{
    const std::vector<int64_t> shape = {3, 4, 5};
    for (aclDataType dt : kF32F16)
        for (int64_t dim = 0; dim < 3; dim++) {
            std::vector<double> x = QuantAll(dt, RandomValues(60, 90 + dim, 6.0)), golden(60);
            int64_t st[3] = {20, 5, 1};
            for (int64_t i = 0; i < 60; i++) {
                int64_t base = i - (i / st[dim] % shape[(size_t)dim]) * st[dim];
                double mx = -INFINITY, sum = 0;
                for (int64_t k = 0; k < shape[(size_t)dim]; k++) mx = std::max(mx, x[(size_t)(base + k * st[dim])]);
                for (int64_t k = 0; k < shape[(size_t)dim]; k++) sum += std::exp(x[(size_t)(base + k * st[dim])] - mx);
                golden[(size_t)i] = std::exp(x[(size_t)i] - mx) / sum;
            }
            DevTensor tx, ty;
            if (!tx.Init(dt, shape, x, dt == ACL_FLOAT ? STRIDED : TRANSPOSED) || !ty.Init(dt, shape, {}, CONTIG)) return;
            std::string what = std::string("aclnnSoftmaxV2 ") + DtName(dt) + " dim " + std::to_string(dim);
            EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftmaxV2GetWorkspaceSize(tx.t, dim, ty.t, w, e); }, aclnnSoftmaxV2) == 0, "%s", what.c_str());
            CheckDtype(what.c_str(), dt, ty.Read(), golden);
        }
}

static void TestValidation910b()
{
    DevTensor x, y, xh, xb, xi, y2;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !y.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 3}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !y2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    // nulls, in the argument order of the generated layer
    ExpectError("CeluV2 null x", aclnnCeluV2GetWorkspaceSize(nullptr, 1.0, y.t, &ws, &ex), 161001, "x");
    ExpectError("CeluV2 null yOut", aclnnCeluV2GetWorkspaceSize(x.t, 1.0, nullptr, &ws, &ex), 161001, "yOut");
    ExpectError("CeluV3 null outOut", aclnnCeluV3GetWorkspaceSize(x.t, 1.0, nullptr, &ws, &ex), 161001, "outOut");
    ExpectError("EluGrad null activations", aclnnEluGradGetWorkspaceSize(x.t, nullptr, y.t, &ws, &ex), 161001, "activations");
    ExpectError("HardShrinkGrad null self", aclnnHardShrinkGradGetWorkspaceSize(x.t, nullptr, 0.5, y.t, &ws, &ex), 161001, "self");
    ExpectError("HardSigmoidGradV2 null gradOutput", aclnnHardSigmoidGradV2GetWorkspaceSize(nullptr, x.t, y.t, &ws, &ex), 161001, "gradOutput");
    ExpectError("HardSwishV2 null yOut", aclnnHardSwishV2GetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "yOut");
    ExpectError("HardtanhGrad null grad", aclnnHardtanhGradGetWorkspaceSize(x.t, nullptr, -1, 1, y.t, &ws, &ex), 161001, "grad");
    ExpectError("LeakyReluGradV2 null dxOut", aclnnLeakyReluGradV2GetWorkspaceSize(x.t, x.t, 0.1, nullptr, &ws, &ex), 161001, "dxOut");
    ExpectError("LeakyreluV2 null x", aclnnLeakyreluV2GetWorkspaceSize(nullptr, 0.1, y.t, &ws, &ex), 161001, "x");
    ExpectError("LogsigmoidV2 null zOut", aclnnLogsigmoidV2GetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "zOut");
    ExpectError("ReluGradV3 null y", aclnnReluGradV3GetWorkspaceSize(x.t, nullptr, y.t, &ws, &ex), 161001, "y");
    ExpectError("SiluMul null zOut", aclnnSiluMulGetWorkspaceSize(x.t, x.t, nullptr, &ws, &ex), 161001, "zOut");
    ExpectError("SoftPlusV2 null x", aclnnSoftPlusV2GetWorkspaceSize(nullptr, y.t, &ws, &ex), 161001, "x");
    ExpectError("SoftmaxV2 null yOut", aclnnSoftmaxV2GetWorkspaceSize(x.t, 1, nullptr, &ws, &ex), 161001, "yOut");
    ExpectError("TanhGrad null dy", aclnnTanhGradGetWorkspaceSize(x.t, nullptr, y.t, &ws, &ex), 161001, "dy");
    EXPECT(aclnnTanhGradGetWorkspaceSize(x.t, x.t, y.t, nullptr, &ex) == 161001, "TanhGrad null workspaceSize");
    // dtypes: the op definitions' lists (FLOAT / FLOAT16 only where BF16 is missing)
    ExpectError("CeluV2 bf16", aclnnCeluV2GetWorkspaceSize(xb.t, 1.0, xb.t, &ws, &ex), 161002, "BF16");
    ExpectError("LeakyreluV2 bf16", aclnnLeakyreluV2GetWorkspaceSize(xb.t, 0.1, xb.t, &ws, &ex), 161002, "BF16");
    ExpectError("LeakyReluGradV2 bf16", aclnnLeakyReluGradV2GetWorkspaceSize(xb.t, xb.t, 0.1, xb.t, &ws, &ex), 161002, "BF16");
    ExpectError("LogsigmoidV2 bf16", aclnnLogsigmoidV2GetWorkspaceSize(xb.t, xb.t, &ws, &ex), 161002, "BF16");
    ExpectError("SoftPlusV2 bf16", aclnnSoftPlusV2GetWorkspaceSize(xb.t, xb.t, &ws, &ex), 161002, "BF16");
    ExpectError("SoftmaxV2 bf16", aclnnSoftmaxV2GetWorkspaceSize(xb.t, 0, xb.t, &ws, &ex), 161002, "BF16");
    ExpectError("HardSwishV2 int32", aclnnHardSwishV2GetWorkspaceSize(xi.t, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("CeluV3 int32", aclnnCeluV3GetWorkspaceSize(xi.t, 1.0, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("TanhGrad int32", aclnnTanhGradGetWorkspaceSize(xi.t, xi.t, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("EluGrad mixed", aclnnEluGradGetWorkspaceSize(x.t, xh.t, y.t, &ws, &ex), 161002, "activations");
    ExpectError("SiluMul out dtype", aclnnSiluMulGetWorkspaceSize(x.t, x.t, xh.t, &ws, &ex), 161002, "zOut");
    ExpectError("ReluGradV3 mixed", aclnnReluGradV3GetWorkspaceSize(xi.t, x.t, xi.t, &ws, &ex), 161002);
    ExpectError("HardtanhGrad out dtype", aclnnHardtanhGradGetWorkspaceSize(x.t, x.t, -1, 1, xh.t, &ws, &ex), 161002, "yOut");
    // shapes
    ExpectError("HardSigmoidGradV2 shapes", aclnnHardSigmoidGradV2GetWorkspaceSize(x.t, y2.t, y.t, &ws, &ex), 161002);
    ExpectError("CeluV2 out shape", aclnnCeluV2GetWorkspaceSize(x.t, 1.0, y2.t, &ws, &ex), 161002, "yOut");
    ExpectError("ReluGradV3 no broadcast", aclnnReluGradV3GetWorkspaceSize(x.t, y2.t, y.t, &ws, &ex), 161002);
    ExpectError("SoftmaxV2 out shape", aclnnSoftmaxV2GetWorkspaceSize(x.t, 0, y2.t, &ws, &ex), 161002, "yOut");
    DevTensor big, bigo;
    std::vector<int64_t> nine(9, 1);
    if (!big.Init(ACL_FLOAT, nine, {}, CONTIG) || !bigo.Init(ACL_FLOAT, nine, {}, CONTIG)) return;
    ExpectError("HardSwishV2 rank 9", aclnnHardSwishV2GetWorkspaceSize(big.t, bigo.t, &ws, &ex), 161002);
    // SoftmaxV2's dim: the tiling refuses one outside [0, rank)
    int rc = aclnnSoftmaxV2GetWorkspaceSize(x.t, 2, y.t, &ws, &ex);
    EXPECT(rc == 561002, "SoftmaxV2 dim 2 of rank 2: %d", rc);
    rc = aclnnSoftmaxV2GetWorkspaceSize(x.t, -1, y.t, &ws, &ex);
    EXPECT(rc == 561002, "SoftmaxV2 dim -1: %d", rc);
    // chips: HardShrink and Relu6 have a 950 config only
    ExpectChip("910B HardShrink", aclnnHardShrinkGetWorkspaceSize(x.t, 0.5, y.t, &ws, &ex));
    ExpectChip("910B Relu6", aclnnRelu6GetWorkspaceSize(x.t, y.t, &ws, &ex));
    ExpectError("910B HardShrink null self first", aclnnHardShrinkGetWorkspaceSize(nullptr, 0.5, y.t, &ws, &ex), 161001, "self");
}

static aclScalar *F(double v) { float f = (float)v; return aclCreateScalar(&f, ACL_FLOAT); }

static double FastGeluV2Ref(double x)
{
    double s = x + 1e-12 < 0 ? -1 : 1, c = std::min(std::fabs(0.7071 * x), 1.769) - 1.769;
    return x * (s * (-0.1444 * c * c + 0.5) + 0.5);
}

// The hand-written experimental APIs (no chip check in their op_api sources).
static void TestHandWritten(aclrtStream stream)
{
    aclScalar *alpha = F(0.8), *scale = F(1.2), *isc = F(0.6), *thr = F(0.25), *val = F(-9.0), *zero = F(0.0);
    RunUnary(stream, "aclnnEluV2", [](double x) { return x > 0 ? 1.2 * x : 1.2 * 0.8 * std::expm1(0.6 * x); },
             U(aclnnEluV2GetWorkspaceSize(x, alpha, scale, isc, y, w, e)), aclnnEluV2, kAll, 3.0);
    RunUnary(stream, "aclnnFastGeluV2", FastGeluV2Ref, U(aclnnFastGeluV2GetWorkspaceSize(x, y, w, e)), aclnnFastGeluV2, kAll, 4.0);
    RunUnary(stream, "aclnnHardsigmoidV2", [](double x) { return Clamp(x + 3, 0, 6) / 6; },
             U(aclnnHardsigmoidV2GetWorkspaceSize(x, y, w, e)), aclnnHardsigmoidV2, kAll, 5.0);
    RunUnary(stream, "aclnnSoftsign", [](double x) { return x / (1 + std::fabs(x)); },
             U(aclnnSoftsignGetWorkspaceSize(x, y, w, e)), aclnnSoftsign, kAll, 6.0);
    RunUnary(stream, "aclnnThresholdV2", [](double x) { return x <= 0.25 ? -9.0 : x; },
             U(aclnnThresholdV2GetWorkspaceSize(x, thr, val, y, w, e)), aclnnThresholdV2, kAll, 1.0);
    RunBackward(stream, "aclnnSoftsignBackward", [](double x) { return x / (1 + std::fabs(x)); }, {0},
                B(aclnnSoftsignBackwardGetWorkspaceSize(g, x, y, w, e)), aclnnSoftsignBackward, false, nullptr, 3.0, kAll);
    // special values: FastGeluV2 and Softsign at the infinities, HardsigmoidV2 of INT32 (x >= 3 -> 1)
    {
        std::vector<double> x = {-INFINITY, INFINITY, NAN, 0, -0.0, 2.5};
        DevTensor tx, ty;
        if (!tx.Init(ACL_FLOAT, {6}, x, CONTIG) || !ty.Init(ACL_FLOAT, {6}, {}, CONTIG)) return;
        EXPECT(Run("aclnnFastGeluV2(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnFastGeluV2GetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnFastGeluV2) == 0, "FastGeluV2 special");
        CheckDtype("FastGeluV2 special", ACL_FLOAT, ty.Read(), {-0.0, INFINITY, NAN, 0, -0.0, FastGeluV2Ref(2.5)});
        EXPECT(Run("aclnnSoftsign(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftsignGetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnSoftsign) == 0, "Softsign special");
        CheckDtype("Softsign special", ACL_FLOAT, ty.Read(), {-1, 1, NAN, 0, -0.0, 2.5 / 3.5});
        DevTensor ti;
        if (!ti.Init(ACL_INT32, {8}, {-100, -3, 0, 1, 2, 3, 4, 2147483647.0}, STRIDED)) return;
        EXPECT(Run("aclnnInplaceHardsigmoidV2(int32)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceHardsigmoidV2GetWorkspaceSize(ti.t, w, e); }, aclnnInplaceHardsigmoidV2) == 0, "InplaceHardsigmoidV2 int32");
        std::vector<double> r = ti.Read(), want = {0, 0, 0, 0, 0, 1, 1, 1};
        for (int i = 0; i < 8; i++) EXPECT(r[(size_t)i] == want[(size_t)i], "HardsigmoidV2 int32 [%d]: %g", i, r[(size_t)i]);
        EXPECT(ti.CountClobbered() == 0, "InplaceHardsigmoidV2 wrote outside the view");
    }
    // FusedBiasLeakyRelu: (x + bias) then the scaled leaky relu, FP32 / FP16, strided bias
    for (aclDataType dt : kF32F16) {
        std::vector<double> x = QuantAll(dt, RandomValues(24, 11 + dt, 3.0)), b = QuantAll(dt, RandomValues(24, 12 + dt)), golden(24);
        for (int i = 0; i < 24; i++) { double v = x[(size_t)i] + b[(size_t)i]; golden[(size_t)i] = (v >= 0 ? v : v * 0.05) * 1.5; }
        DevTensor tx, tb, ty;
        if (!tx.Init(dt, {4, 6}, x, CONTIG) || !tb.Init(dt, {4, 6}, b, STRIDED) || !ty.Init(dt, {4, 6}, {}, TRANSPOSED)) return;
        std::string what = std::string("aclnnFusedBiasLeakyRelu ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnFusedBiasLeakyReluGetWorkspaceSize(tx.t, tb.t, 0.05, 1.5, ty.t, w, e); }, aclnnFusedBiasLeakyRelu) == 0, "%s", what.c_str());
        CheckDtype(what.c_str(), dt, ty.Read(), golden);
    }
    // SwigluClamp: min(silu(gate), limit) * clamp(up, -limit, limit) over the halves of the last dim
    for (aclDataType dt : kAll) {
        const int rows = 3, n = 5;
        std::vector<double> x = QuantAll(dt, RandomValues(rows * 2 * n, 21 + dt, 6.0)), golden((size_t)(rows * n));
        for (int r = 0; r < rows; r++)
            for (int j = 0; j < n; j++) {
                double gt = x[(size_t)(r * 2 * n + j)], up = x[(size_t)(r * 2 * n + n + j)];
                golden[(size_t)(r * n + j)] = std::min(gt * Sig(gt), 1.5) * Clamp(up, -1.5, 1.5);
            }
        DevTensor tx, ty;
        if (!tx.Init(dt, {rows, 2 * n}, x, dt == ACL_BF16 ? STRIDED : TRANSPOSED) || !ty.Init(dt, {rows, n}, {}, STRIDED)) return;
        std::string what = std::string("aclnnSwigluClamp ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSwigluClampGetWorkspaceSize(tx.t, 1.5, ty.t, w, e); }, aclnnSwigluClamp) == 0, "%s", what.c_str());
        CheckDtype(what.c_str(), dt, ty.Read(), golden);
        EXPECT(ty.CountClobbered() == 0, "%s wrote outside the view", what.c_str());
    }
    // ReluGradV4: a UINT8 mask selects the gradient, exactly 0 elsewhere even for Inf / NaN
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8}) {
        bool flt = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
        std::vector<double> g = {1.5, -2, flt ? INFINITY : 7, flt ? NAN : -7, 3, 4}, m = {1, 0, 0, 0, 1, 1};
        if (!flt) g[0] = 1;
        DevTensor tg, tm, ty;
        if (!tg.Init(dt, {2, 3}, g, STRIDED) || !tm.Init(ACL_UINT8, {2, 3}, m, TRANSPOSED) || !ty.Init(dt, {2, 3}, {}, CONTIG)) return;
        std::string what = std::string("aclnnReluGradV4 ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReluGradV4GetWorkspaceSize(tg.t, tm.t, zero, ty.t, w, e); }, aclnnReluGradV4) == 0, "%s", what.c_str());
        std::vector<double> r = ty.Read();
        for (int i = 0; i < 6; i++) {
            double want = m[(size_t)i] ? Quant(dt, g[(size_t)i]) : 0;
            EXPECT(r[(size_t)i] == want, "%s [%d]: %g, expected %g", what.c_str(), i, r[(size_t)i], want);
        }
    }
    // empty
    {
        DevTensor te, to, th;
        if (!te.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) || !to.Init(ACL_FLOAT, {0, 2}, {}, CONTIG) || !th.Init(ACL_FLOAT, {0, 4}, {}, CONTIG)) return;
        EXPECT(Run("aclnnSwigluClamp(empty)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSwigluClampGetWorkspaceSize(te.t, 1.0, to.t, w, e); }, aclnnSwigluClamp) == 0, "SwigluClamp empty");
        EXPECT(Run("aclnnSoftsign(empty)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftsignGetWorkspaceSize(te.t, th.t, w, e); }, aclnnSoftsign) == 0, "Softsign empty");
    }
    // validation, in each op_api's order
    DevTensor x, y, xh, xi, xu, y2, half, x0, y0;
    if (!x.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !y.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {2, 4}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 4}, {}, CONTIG) || !xu.Init(ACL_UINT8, {2, 4}, {}, CONTIG) || !y2.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) ||
        !half.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) || !x0.Init(ACL_FLOAT, {}, {1.0}, CONTIG) || !y0.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("EluV2 null inputScale", aclnnEluV2GetWorkspaceSize(x.t, alpha, scale, nullptr, y.t, &ws, &ex), 161001, "inputScale");
    ExpectError("EluV2 out dtype", aclnnEluV2GetWorkspaceSize(x.t, alpha, scale, isc, xh.t, &ws, &ex), 161002, "out");
    ExpectError("EluV2 int32", aclnnEluV2GetWorkspaceSize(xi.t, alpha, scale, isc, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("EluV2 shape", aclnnEluV2GetWorkspaceSize(x.t, alpha, scale, isc, y2.t, &ws, &ex), 161002);
    ExpectError("FastGeluV2 null out", aclnnFastGeluV2GetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "out");
    ExpectError("FastGeluV2 int32", aclnnFastGeluV2GetWorkspaceSize(xi.t, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("FastGeluV2 shape", aclnnFastGeluV2GetWorkspaceSize(x.t, y2.t, &ws, &ex), 161002, "out");
    ExpectError("HardsigmoidV2 null out", aclnnHardsigmoidV2GetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "out");
    ExpectError("HardsigmoidV2 uint8", aclnnHardsigmoidV2GetWorkspaceSize(xu.t, xu.t, &ws, &ex), 161002, "UINT8");
    ExpectError("HardsigmoidV2 out dtype", aclnnHardsigmoidV2GetWorkspaceSize(x.t, xh.t, &ws, &ex), 161002, "out");
    ExpectError("HardsigmoidV2 shape", aclnnHardsigmoidV2GetWorkspaceSize(x.t, y2.t, &ws, &ex), 161002);
    ExpectError("InplaceHardsigmoidV2 null", aclnnInplaceHardsigmoidV2GetWorkspaceSize(nullptr, &ws, &ex), 161001, "self");
    ExpectError("FusedBiasLeakyRelu null bias", aclnnFusedBiasLeakyReluGetWorkspaceSize(x.t, nullptr, 0.1, 1, y.t, &ws, &ex), 161001, "bias");
    ExpectError("FusedBiasLeakyRelu bias dtype", aclnnFusedBiasLeakyReluGetWorkspaceSize(x.t, xh.t, 0.1, 1, y.t, &ws, &ex), 161002, "bias");
    ExpectError("FusedBiasLeakyRelu int32", aclnnFusedBiasLeakyReluGetWorkspaceSize(xi.t, xi.t, 0.1, 1, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("FusedBiasLeakyRelu bias shape", aclnnFusedBiasLeakyReluGetWorkspaceSize(x.t, y2.t, 0.1, 1, y.t, &ws, &ex), 161002, "bias");
    int rc = aclnnFusedBiasLeakyReluGetWorkspaceSize(x.t, x.t, 0.1, 1, y2.t, &ws, &ex);
    EXPECT(rc == 561103, "FusedBiasLeakyRelu out shape: %d (the final copy fails)", rc);
    rc = aclnnSoftsignBackwardGetWorkspaceSize(x.t, x.t, y2.t, &ws, &ex);
    EXPECT(rc == 561103, "SoftsignBackward out shape: %d (the final copy fails)", rc);
    ExpectError("Softsign null self", aclnnSoftsignGetWorkspaceSize(nullptr, y.t, &ws, &ex), 161001, "self");
    ExpectError("Softsign out dtype", aclnnSoftsignGetWorkspaceSize(x.t, xh.t, &ws, &ex), 161002, "out");
    ExpectError("SoftsignBackward null features", aclnnSoftsignBackwardGetWorkspaceSize(x.t, nullptr, y.t, &ws, &ex), 161001, "features");
    ExpectError("SoftsignBackward features dtype", aclnnSoftsignBackwardGetWorkspaceSize(x.t, xh.t, y.t, &ws, &ex), 161002, "features");
    ExpectError("SoftsignBackward shapes", aclnnSoftsignBackwardGetWorkspaceSize(x.t, y2.t, y.t, &ws, &ex), 161002);
    ExpectError("ThresholdV2 null value", aclnnThresholdV2GetWorkspaceSize(x.t, thr, nullptr, y.t, &ws, &ex), 161001, "value");
    ExpectError("ThresholdV2 int32", aclnnThresholdV2GetWorkspaceSize(xi.t, thr, val, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("ThresholdV2 out dtype", aclnnThresholdV2GetWorkspaceSize(x.t, thr, val, xh.t, &ws, &ex), 161002, "out");
    ExpectError("ThresholdV2 shape", aclnnThresholdV2GetWorkspaceSize(x.t, thr, val, y2.t, &ws, &ex), 161002);
    ExpectError("ReluGradV4 null threshold", aclnnReluGradV4GetWorkspaceSize(x.t, xu.t, nullptr, y.t, &ws, &ex), 161001, "threshold");
    ExpectError("ReluGradV4 self float", aclnnReluGradV4GetWorkspaceSize(x.t, x.t, zero, y.t, &ws, &ex), 161002, "self");
    ExpectError("ReluGradV4 out dtype", aclnnReluGradV4GetWorkspaceSize(x.t, xu.t, zero, xh.t, &ws, &ex), 161002, "out");
    ExpectError("ReluGradV4 shape", aclnnReluGradV4GetWorkspaceSize(x.t, xu.t, zero, y2.t, &ws, &ex), 161002);
    ExpectError("ReluGradV4 threshold 0.25", aclnnReluGradV4GetWorkspaceSize(x.t, xu.t, thr, y.t, &ws, &ex), 161002, "threshold");
    ExpectError("SwigluClamp null y", aclnnSwigluClampGetWorkspaceSize(x.t, 1.0, nullptr, &ws, &ex), 161001, "y");
    ExpectError("SwigluClamp int32", aclnnSwigluClampGetWorkspaceSize(xi.t, 1.0, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("SwigluClamp y dtype", aclnnSwigluClampGetWorkspaceSize(x.t, 1.0, xh.t, &ws, &ex), 161002);
    ExpectError("SwigluClamp y shape", aclnnSwigluClampGetWorkspaceSize(x.t, 1.0, y.t, &ws, &ex), 161002, "last dim");
    ExpectError("SwigluClamp rank", aclnnSwigluClampGetWorkspaceSize(x.t, 1.0, x0.t, &ws, &ex), 161002, "dim num");
    ExpectError("SwigluClamp limit 0", aclnnSwigluClampGetWorkspaceSize(x.t, 0.0, half.t, &ws, &ex), 161002, "limit");
    rc = aclnnSwigluClampGetWorkspaceSize(x0.t, 1.0, y0.t, &ws, &ex);
    EXPECT(rc == 561002, "SwigluClamp 0-d: %d", rc);
    aclDestroyScalar(alpha); aclDestroyScalar(scale); aclDestroyScalar(isc); aclDestroyScalar(thr); aclDestroyScalar(val); aclDestroyScalar(zero);
}

// ReluV3: yOut = relu(x) (NC1HWC0, 5-D) and the bit mask of x > 0 along the last dim (ND).
static aclTensor *Nc1hwc0(const DevTensor &d)
{
    return aclCreateTensor(d.shape.data(), d.shape.size(), d.dt, d.strides.data(), d.offset, ACL_FORMAT_NC1HWC0,
                           d.storage.data(), 1, d.dev);
}

static void TestReluV3(aclrtStream stream)
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8, ACL_UINT8}) {
        const int64_t c0 = 12; // not a multiple of 8: the last byte of a row is partial
        std::vector<int64_t> shape = {1, 2, 1, 3, c0};
        size_t n = 72;
        std::vector<double> x(n);
        for (size_t i = 0; i < n; i++) x[i] = dt == ACL_UINT8 ? (double)(i % 3) : (double)((int)(i * 7 % 11) - 5) * (dt == ACL_INT32 || dt == ACL_INT8 ? 1 : 0.75);
        if (dt == ACL_FLOAT) { x[3] = NAN; x[4] = -0.0; x[5] = INFINITY; }
        DevTensor tx, ty, tm;
        if (!tx.Init(dt, shape, x, CONTIG) || !ty.Init(dt, shape, {}, CONTIG) || !tm.Init(ACL_UINT8, {1, 2, 1, 3, 2}, {}, CONTIG)) return;
        aclTensor *x5 = Nc1hwc0(tx), *y5 = Nc1hwc0(ty);
        std::string what = std::string("aclnnReluV3 ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReluV3GetWorkspaceSize(x5, y5, tm.t, w, e); }, aclnnReluV3) == 0, "%s", what.c_str());
        std::vector<double> y = ty.Read(), m = tm.Read(), golden(n);
        for (size_t i = 0; i < n; i++) golden[i] = std::isnan(x[i]) ? NAN : x[i] < 0 ? 0 : Quant(dt, x[i]);
        CheckDtype(what.c_str(), dt, y, golden);
        for (size_t r = 0; r < 6; r++)
            for (size_t j = 0; j < 2; j++) {
                unsigned want = 0;
                for (size_t k = 0; k < 8 && j * 8 + k < (size_t)c0; k++) want |= (unsigned)(Quant(dt, x[r * c0 + j * 8 + k]) > 0) << k;
                EXPECT((unsigned)m[r * 2 + j] == want, "%s mask row %zu byte %zu: %g, expected %u", what.c_str(), r, j, m[r * 2 + j], want);
            }
        aclDestroyTensor(x5); aclDestroyTensor(y5);
    }
    DevTensor x, y, m, bad;
    if (!x.Init(ACL_FLOAT, {1, 1, 1, 1, 16}, {}, CONTIG) || !y.Init(ACL_FLOAT, {1, 1, 1, 1, 16}, {}, CONTIG) ||
        !m.Init(ACL_UINT8, {1, 1, 1, 1, 2}, {}, CONTIG) || !bad.Init(ACL_UINT8, {1, 1, 1, 1, 16}, {}, CONTIG)) return;
    aclTensor *x5 = Nc1hwc0(x), *y5 = Nc1hwc0(y), *m5 = Nc1hwc0(m);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("ReluV3 null maskOut", aclnnReluV3GetWorkspaceSize(x5, y5, nullptr, &ws, &ex), 161001, "maskOut");
    ExpectError("ReluV3 ND x", aclnnReluV3GetWorkspaceSize(x.t, y5, m.t, &ws, &ex), 161002, "NC1HWC0");
    ExpectError("ReluV3 NC1HWC0 mask", aclnnReluV3GetWorkspaceSize(x5, y5, m5, &ws, &ex), 161002, "ND");
    ExpectError("ReluV3 mask of x's shape", aclnnReluV3GetWorkspaceSize(x5, y5, bad.t, &ws, &ex), 161002, "maskOut");
    ExpectError("ReluV3 mask dtype", aclnnReluV3GetWorkspaceSize(x5, y5, y.t, &ws, &ex), 161002, "maskOut");
    aclDestroyTensor(x5); aclDestroyTensor(y5); aclDestroyTensor(m5);
}

// 950: the 950-only ops run; the 910B-only ones refuse; CeluV3 runs on both.
static void Test950(aclrtStream stream)
{
    RunUnary(stream, "aclnnHardShrink(950)", [](double x) { return std::fabs(x) > 0.5 ? x : 0; },
             U(aclnnHardShrinkGetWorkspaceSize(x, 0.5, y, w, e)), aclnnHardShrink, kAll, 1.5);
    RunUnary(stream, "aclnnRelu6(950)", [](double x) { return Clamp(x, 0, 6); },
             U(aclnnRelu6GetWorkspaceSize(x, y, w, e)), aclnnRelu6, kAll, 10.0);
    RunUnary(stream, "aclnnCeluV3(950)", [](double x) { return Celu(x, 0.5); },
             U(aclnnCeluV3GetWorkspaceSize(x, 0.5, y, w, e)), aclnnCeluV3, kAll, 2.0);
    {
        std::vector<double> x = {-7, -1, 0, 3, 6, 7, 2147483647.0, -2147483647.0};
        DevTensor tx, ty;
        if (!tx.Init(ACL_INT32, {8}, x, CONTIG) || !ty.Init(ACL_INT32, {8}, {}, CONTIG)) return;
        EXPECT(Run("aclnnRelu6(int32)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRelu6GetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnRelu6) == 0, "Relu6 int32");
        std::vector<double> r = ty.Read(), want = {0, 0, 0, 3, 6, 6, 6, 0};
        for (int i = 0; i < 8; i++) EXPECT(r[(size_t)i] == want[(size_t)i], "Relu6 int32 [%d]: %g", i, r[(size_t)i]);
    }
    {
        std::vector<double> x = {NAN, -INFINITY, INFINITY, -0.5, 0.5, -0.0, -0.7};
        DevTensor tx, ty;
        if (!tx.Init(ACL_FLOAT, {7}, x, CONTIG) || !ty.Init(ACL_FLOAT, {7}, {}, CONTIG)) return;
        EXPECT(Run("aclnnHardShrink(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHardShrinkGetWorkspaceSize(tx.t, 0.5, ty.t, w, e); }, aclnnHardShrink) == 0, "HardShrink special");
        CheckDtype("HardShrink special", ACL_FLOAT, ty.Read(), {NAN, -INFINITY, INFINITY, 0, 0, 0, -0.7});
        EXPECT(Run("aclnnHardShrink(negative lambd)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHardShrinkGetWorkspaceSize(tx.t, -1.0, ty.t, w, e); }, aclnnHardShrink) == 0, "HardShrink lambd < 0");
        CheckDtype("HardShrink negative lambd passes everything", ACL_FLOAT, ty.Read(), {NAN, -INFINITY, INFINITY, -0.5, 0.5, -0.0, -0.7});
        EXPECT(Run("aclnnRelu6(special)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRelu6GetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnRelu6) == 0, "Relu6 special");
        CheckDtype("Relu6 special", ACL_FLOAT, ty.Read(), {NAN, 0, 6, 0, 0.5, -0.0, 0});
    }
    DevTensor x, y, xi;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !y.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("950 HardShrink null outOut", aclnnHardShrinkGetWorkspaceSize(x.t, 0.5, nullptr, &ws, &ex), 161001, "outOut");
    ExpectError("950 HardShrink int32", aclnnHardShrinkGetWorkspaceSize(xi.t, 0.5, xi.t, &ws, &ex), 161002, "INT32");
    ExpectError("950 Relu6 out dtype", aclnnRelu6GetWorkspaceSize(xi.t, y.t, &ws, &ex), 161002, "yOut");
    ExpectChip("950 CeluV2", aclnnCeluV2GetWorkspaceSize(x.t, 1.0, y.t, &ws, &ex));
    ExpectChip("950 SiluMul", aclnnSiluMulGetWorkspaceSize(x.t, x.t, y.t, &ws, &ex));
    ExpectChip("950 SoftmaxV2", aclnnSoftmaxV2GetWorkspaceSize(x.t, 0, y.t, &ws, &ex));
    ExpectChip("950 TanhGrad", aclnnTanhGradGetWorkspaceSize(x.t, x.t, y.t, &ws, &ex));
    {
        DevTensor m;
        if (!m.Init(ACL_UINT8, {1, 1, 1, 1, 1}, {}, CONTIG)) return;
        ExpectChip("950 ReluV3", aclnnReluV3GetWorkspaceSize(x.t, y.t, m.t, &ws, &ex));
    }
    ExpectChip("950 EluGrad", aclnnEluGradGetWorkspaceSize(x.t, x.t, y.t, &ws, &ex));
    // the hand-written ones run on the 950 too (FastGeluV2's kernel is the 950's)
    RunUnary(stream, "aclnnFastGeluV2(950)", FastGeluV2Ref, U(aclnnFastGeluV2GetWorkspaceSize(x, y, w, e)), aclnnFastGeluV2, kAll, 4.0);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "950") {
        Test950(rt.stream);
    } else {
        TestForward910b(rt.stream);
        TestBackward910b(rt.stream);
        TestSoftmaxV2(rt.stream);
        TestValidation910b();
        TestHandWritten(rt.stream);
        TestReluV3(rt.stream);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
