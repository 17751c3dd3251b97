// The activation table family (issue 12, `act` part): forward ops (Celu, Selu, Hardshrink,
// Softshrink, Shrink, LogSigmoid(+Forward), Erfinv, Heaviside) against double formulas written
// here; backward ops against central finite differences of those forward formulas (so no
// closed-form derivative is shared with the code under test) times gradOutput, with broadcast,
// strided and transposed views, FP32 / FP16 / BF16, empty and 0-d tensors, special values, and
// every validation path with its code and message. Run with argument "310p" under a 310P
// topology it checks the BF16 refusals instead.
#include "act_fd_util.h"
#include "aclnnop/aclnn_celu.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_erfinv.h"
#include "aclnnop/aclnn_fast_gelu_backward.h"
#include "aclnnop/aclnn_geglu_backward.h"
#include "aclnnop/aclnn_glu_backward.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_squared_relu.h"
#include "aclnnop/aclnn_swi_glu_grad.h"
#include "aclnnop/aclnn_hardshrink.h"
#include "aclnnop/aclnn_hardshrink_backward.h"
#include "aclnnop/aclnn_hardsigmoid_backward.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "aclnnop/aclnn_hardtanh_backward.h"
#include "aclnnop/aclnn_heaviside.h"
#include "aclnnop/aclnn_leaky_relu_backward.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_mish_backward.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_shrink.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "aclnnop/aclnn_swish_backward.h"

static const double kSeluA = 1.6732632423543772848170429916717, kSeluL = 1.0507009873554804934193349852946;
static double Softplus(double x, double beta) { return std::log1p(std::exp(beta * x)) / beta; }

// erf^-1 by bisection on std::erf (independent of the device's Newton iteration).
static double ErfinvRef(double y)
{
    if (std::isnan(y) || y < -1 || y > 1) return NAN;
    if (y == 1 || y == -1) return y * INFINITY;
    double lo = -7, hi = 7;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        (std::erf(mid) < y ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

static const aclDataType kFloats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

static aclScalar *F(double v) { float f = (float)v; return aclCreateScalar(&f, ACL_FLOAT); }

static void TestForward(aclrtStream stream)
{
    aclScalar *alpha = F(0.7), *lambd = F(0.5), *bias = F(0.2);
    RunUnary(stream, "aclnnCelu", [](double x) { return x > 0 ? x : 0.7 * (std::exp(x / 0.7) - 1); },
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnCeluGetWorkspaceSize(x, alpha, y, w, e); }, aclnnCelu);
    RunUnary(stream, "aclnnSelu", [](double x) { return x > 0 ? kSeluL * x : kSeluL * kSeluA * (std::exp(x) - 1); },
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnSeluGetWorkspaceSize(x, y, w, e); }, aclnnSelu);
    RunUnary(stream, "aclnnHardshrink", [](double x) { return std::fabs(x) > 0.5 ? x : 0; },
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnHardshrinkGetWorkspaceSize(x, lambd, y, w, e); }, aclnnHardshrink);
    RunUnary(stream, "aclnnSoftshrink", [](double x) { return x > 0.5 ? x - 0.5 : x < -0.5 ? x + 0.5 : 0; },
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnSoftshrinkGetWorkspaceSize(x, lambd, y, w, e); }, aclnnSoftshrink);
    RunUnary(stream, "aclnnShrink", [](double x) { return x > 0.5 ? x - 0.2 : x < -0.5 ? x + 0.2 : 0; },
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnShrinkGetWorkspaceSize(x, lambd, bias, y, w, e); }, aclnnShrink,
             {ACL_FLOAT, ACL_FLOAT16});
    RunUnary(stream, "aclnnLogSigmoid", [](double x) { return std::log(Sig(x)); },
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnLogSigmoidGetWorkspaceSize(x, y, w, e); }, aclnnLogSigmoid);
    RunUnary(stream, "aclnnErfinv", ErfinvRef,
             [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnErfinvGetWorkspaceSize(x, y, w, e); }, aclnnErfinv,
             {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, 0.199);
    // LogSigmoidForward: out as LogSigmoid, buffer left untouched
    {
        std::vector<double> x = {-30, -2, 0, 1.5, 40, NAN, -INFINITY, INFINITY};
        DevTensor tx, ty, tb;
        if (!tx.Init(ACL_FLOAT, {8}, x, CONTIG) || !ty.Init(ACL_FLOAT, {8}, {}, CONTIG) || !tb.Init(ACL_FLOAT, {8}, {}, CONTIG)) return;
        EXPECT(Run("aclnnLogSigmoidForward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSigmoidForwardGetWorkspaceSize(tx.t, ty.t, tb.t, w, e); }, aclnnLogSigmoidForward) == 0, "LogSigmoidForward");
        std::vector<double> golden = {-30, std::log(Sig(-2)), -std::log(2.0), std::log(Sig(1.5)), -0.0, NAN, -INFINITY, 0};
        CheckDtype("LogSigmoidForward special values", ACL_FLOAT, ty.Read(), golden);
        std::vector<double> b = tb.Read();
        EXPECT(b[0] == -777 && b[7] == -777, "LogSigmoidForward must leave buffer untouched");
    }
    // Erfinv special values, an integral self into FLOAT, and the in-place form
    {
        std::vector<double> x = {1, -1, 0, 1.5, NAN, 0.999999, -0.5};
        DevTensor tx, ty;
        if (!tx.Init(ACL_FLOAT, {7}, x, CONTIG) || !ty.Init(ACL_FLOAT, {7}, {}, CONTIG)) return;
        EXPECT(Run("aclnnInplaceErfinv", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceErfinvGetWorkspaceSize(tx.t, w, e); }, aclnnInplaceErfinv) == 0, "InplaceErfinv");
        std::vector<double> golden(7);
        for (int i = 0; i < 7; i++) golden[i] = ErfinvRef(Quant(ACL_FLOAT, x[i]));
        CheckDtype("InplaceErfinv special values", ACL_FLOAT, tx.Read(), golden);
        DevTensor ti, to;
        if (!ti.Init(ACL_INT32, {3}, {0, 1, -1}, CONTIG) || !to.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
        EXPECT(Run("aclnnErfinv(int32)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnErfinvGetWorkspaceSize(ti.t, to.t, w, e); }, aclnnErfinv) == 0, "Erfinv int32");
        CheckDtype("Erfinv int32 -> float", ACL_FLOAT, to.Read(), {0, INFINITY, -INFINITY});
    }
    // Erfinv's FP32 path over several chunks of a transposed view: both branches of the
    // approximation, the tails 1 - 2^-k up to the last float below 1, a relative bound of 4e-6
    {
        const size_t n = 3 * 1031;
        std::vector<double> x(n);
        for (size_t i = 0; i < n; i++) x[i] = Quant(ACL_FLOAT, -1.0 + 2.0 * ((double)i + 0.5) / (double)n);
        for (int k = 1; k <= 24; k++) { x[k * 40] = 1.0 - std::ldexp(1.0, -k); x[k * 40 + 1] = -x[k * 40]; }
        x[2] = -0.0; x[3] = 1e-30; x[4] = -1e-38;
        DevTensor tx, ty;
        if (!tx.Init(ACL_FLOAT, {3, 1031}, x, TRANSPOSED) || !ty.Init(ACL_FLOAT, {3, 1031}, {}, STRIDED)) return;
        EXPECT(Run("aclnnErfinv dense", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnErfinvGetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnErfinv) == 0, "Erfinv dense");
        std::vector<double> r = ty.Read();
        size_t bad = 0;
        double worst = 0;
        for (size_t i = 0; i < n; i++) {
            double g = x[i] == 0 ? x[i] : ErfinvRef(x[i]), e = std::fabs(r[i] - g) / std::max(std::fabs(g), 1e-38);
            worst = std::max(worst, e);
            bad += !(e <= 4e-6) || std::signbit(r[i]) != std::signbit(g);
        }
        EXPECT(bad == 0, "Erfinv FP32 dense: %zu of %zu beyond 4e-6 relative (worst %g)", bad, n, worst);
    }
    // In-place Celu / Selu on a strided view; Selu of INT32 truncates
    {
        std::vector<double> x = RandomValues(12, 5);
        DevTensor tx;
        if (!tx.Init(ACL_FLOAT, {3, 4}, x, STRIDED)) return;
        EXPECT(Run("aclnnInplaceCelu", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceCeluGetWorkspaceSize(tx.t, alpha, w, e); }, aclnnInplaceCelu) == 0, "InplaceCelu");
        std::vector<double> golden(12);
        for (int i = 0; i < 12; i++) { double v = Quant(ACL_FLOAT, x[i]); golden[i] = v > 0 ? v : 0.7 * std::expm1(v / 0.7); }
        CheckDtype("InplaceCelu strided", ACL_FLOAT, tx.Read(), golden);
        EXPECT(tx.CountClobbered() == 0, "InplaceCelu wrote outside the view");
        DevTensor ti;
        if (!ti.Init(ACL_INT32, {4}, {-3, -1, 0, 2}, CONTIG)) return;
        EXPECT(Run("aclnnInplaceSelu", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceSeluGetWorkspaceSize(ti.t, w, e); }, aclnnInplaceSelu) == 0, "InplaceSelu int32");
        std::vector<double> r = ti.Read();
        std::vector<double> want = {std::trunc(kSeluL * kSeluA * std::expm1(-3.0)), std::trunc(kSeluL * kSeluA * std::expm1(-1.0)), 0, std::trunc(2 * kSeluL)};
        for (int i = 0; i < 4; i++) EXPECT(r[i] == want[i], "InplaceSelu int32 [%d]: %g, expected %g", i, r[i], want[i]);
    }
    // Heaviside with broadcast values, zeros and NaN input
    {
        std::vector<double> x = {-2, 0, 3, 0, NAN, -0.0}, v = {0.25, 0.75};
        DevTensor tx, tv, ty;
        if (!tx.Init(ACL_FLOAT, {3, 2}, x, TRANSPOSED) || !tv.Init(ACL_FLOAT, {2}, v, CONTIG) || !ty.Init(ACL_FLOAT, {3, 2}, {}, CONTIG)) return;
        EXPECT(Run("aclnnHeaviside", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHeavisideGetWorkspaceSize(tx.t, tv.t, ty.t, w, e); }, aclnnHeaviside) == 0, "Heaviside");
        CheckDtype("Heaviside", ACL_FLOAT, ty.Read(), {0, 0.75, 1, 0.75, 0, 0.75});
    }
    // empty and 0-d
    {
        DevTensor te, to, ts, tso;
        if (!te.Init(ACL_FLOAT, {2, 0, 3}, {}, CONTIG) || !to.Init(ACL_FLOAT, {2, 0, 3}, {}, CONTIG) ||
            !ts.Init(ACL_FLOAT, {}, {-1.0}, CONTIG) || !tso.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
        EXPECT(Run("aclnnSelu(empty)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSeluGetWorkspaceSize(te.t, to.t, w, e); }, aclnnSelu) == 0, "Selu empty");
        EXPECT(Run("aclnnSoftshrink(0-d)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftshrinkGetWorkspaceSize(ts.t, lambd, tso.t, w, e); }, aclnnSoftshrink) == 0, "Softshrink 0-d");
        CheckDtype("Softshrink 0-d", ACL_FLOAT, tso.Read(), {-0.5});
    }
    aclDestroyScalar(alpha); aclDestroyScalar(lambd); aclDestroyScalar(bias);
}

static void TestBackward(aclrtStream stream)
{
    aclScalar *lambd = F(0.5), *mn = F(-1.0), *mx = F(2.0), *slope = F(0.1), *beta = F(1.5), *thr = F(3.0);
    aclScalar *a = F(1.3), *sc = F(1.1), *isc = F(0.8);
#define B(api) [&](const aclTensor *g, const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return api; }
    RunBackward(stream, "aclnnHardsigmoidBackward", [](double x) { return std::min(std::max(x / 6 + 0.5, 0.0), 1.0); }, {-3, 3},
                B(aclnnHardsigmoidBackwardGetWorkspaceSize(g, x, y, w, e)), aclnnHardsigmoidBackward, false, nullptr, 2.0);
    RunBackward(stream, "aclnnHardswishBackward", [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; }, {-3, 3},
                B(aclnnHardswishBackwardGetWorkspaceSize(g, x, y, w, e)), aclnnHardswishBackward, false, nullptr, 2.0);
    RunBackward(stream, "aclnnHardswishBackwardV2", [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; }, {-3, 3},
                B(aclnnHardswishBackwardV2GetWorkspaceSize(g, x, y, w, e)), aclnnHardswishBackwardV2, false, nullptr, 2.0);
    RunBackward(stream, "aclnnMishBackward", [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }, {},
                B(aclnnMishBackwardGetWorkspaceSize(g, x, y, w, e)), aclnnMishBackward, true);
    RunBackward(stream, "aclnnSwishBackward", [](double x) { return x * Sig(1.5 * x); }, {},
                B(aclnnSwishBackwardGetWorkspaceSize(g, x, beta, y, w, e)), aclnnSwishBackward, false);
    RunBackward(stream, "aclnnSwishBackward(null beta)", [](double x) { return x * Sig(x); }, {},
                B(aclnnSwishBackwardGetWorkspaceSize(g, x, nullptr, y, w, e)), aclnnSwishBackward, false);
    RunBackward(stream, "aclnnSoftplusBackward", [](double x) { return 1.5 * x > 3 ? x : Softplus(x, 1.5); }, {2.0},
                B(aclnnSoftplusBackwardGetWorkspaceSize(g, x, beta, thr, y, w, e)), aclnnSoftplusBackward, true);
    Fn elu = [](double x) { return x > 0 ? 1.1 * x : 1.1 * 1.3 * std::expm1(0.8 * x); };
    RunBackward(stream, "aclnnEluBackward", elu, {0},
                B(aclnnEluBackwardGetWorkspaceSize(g, a, sc, isc, false, x, y, w, e)), aclnnEluBackward, false);
    RunBackward(stream, "aclnnEluBackward(isResult)", elu, {0},
                B(aclnnEluBackwardGetWorkspaceSize(g, a, sc, isc, true, x, y, w, e)), aclnnEluBackward, false, elu);
    RunBackward(stream, "aclnnLeakyReluBackward", [](double x) { return x > 0 ? x : 0.1 * x; }, {0},
                B(aclnnLeakyReluBackwardGetWorkspaceSize(g, x, slope, false, y, w, e)), aclnnLeakyReluBackward, true);
    RunBackward(stream, "aclnnHardtanhBackward", [](double x) { return std::min(std::max(x, -1.0), 2.0); }, {-1, 2},
                B(aclnnHardtanhBackwardGetWorkspaceSize(g, x, mn, mx, y, w, e)), aclnnHardtanhBackward, false);
    RunBackward(stream, "aclnnHardshrinkBackward", [](double x) { return std::fabs(x) > 0.5 ? x : 0; }, {-0.5, 0.5},
                B(aclnnHardshrinkBackwardGetWorkspaceSize(g, x, lambd, y, w, e)), aclnnHardshrinkBackward, true);
    RunBackward(stream, "aclnnSoftshrinkBackward", [](double x) { return x > 0.5 ? x - 0.5 : x < -0.5 ? x + 0.5 : 0; }, {-0.5, 0.5},
                B(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, lambd, y, w, e)), aclnnSoftshrinkBackward, true);
    Fn selu = [](double x) { return x > 0 ? kSeluL * x : kSeluL * kSeluA * std::expm1(x); };
    RunBackward(stream, "aclnnSeluBackward", selu, {0},
                B(aclnnSeluBackwardGetWorkspaceSize(g, x, y, w, e)), aclnnSeluBackward, false, selu);
    RunBackward(stream, "aclnnFastGeluBackward", [](double x) { return x / (1 + std::exp(-1.702 * x)); }, {},
                B(aclnnFastGeluBackwardGetWorkspaceSize(g, x, y, w, e)), aclnnFastGeluBackward, false);
    // LogSigmoidBackward carries the forward's buffer
    {
        std::vector<double> x = RandomValues(24, 77), g = RandomValues(24, 78, 0.5), golden(24);
        for (int i = 0; i < 24; i++) golden[i] = Quant(ACL_FLOAT, g[i]) * Fd([](double v) { return std::log(Sig(v)); }, Quant(ACL_FLOAT, x[i]));
        DevTensor tg, tx, tb, ty;
        if (!tg.Init(ACL_FLOAT, {4, 6}, g, CONTIG) || !tx.Init(ACL_FLOAT, {4, 6}, x, TRANSPOSED) ||
            !tb.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !ty.Init(ACL_FLOAT, {4, 6}, {}, STRIDED)) return;
        EXPECT(Run("aclnnLogSigmoidBackward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSigmoidBackwardGetWorkspaceSize(tg.t, tx.t, tb.t, ty.t, w, e); }, aclnnLogSigmoidBackward) == 0, "LogSigmoidBackward");
        CheckDtype("LogSigmoidBackward", ACL_FLOAT, ty.Read(), golden);
    }
    // HardshrinkBackward promotes FP16 gradOutput with FP32 self into an FP32 gradInput
    {
        std::vector<double> g = QuantAll(ACL_FLOAT16, RandomValues(10, 3)), x = {-1, -0.5, -0.2, 0, 0.3, 0.5, 0.6, 2, NAN, -3};
        DevTensor tg, tx, ty;
        if (!tg.Init(ACL_FLOAT16, {10}, g, CONTIG) || !tx.Init(ACL_FLOAT, {10}, x, CONTIG) || !ty.Init(ACL_FLOAT, {10}, {}, CONTIG)) return;
        EXPECT(Run("aclnnHardshrinkBackward(mixed)", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHardshrinkBackwardGetWorkspaceSize(tg.t, tx.t, lambd, ty.t, w, e); }, aclnnHardshrinkBackward) == 0, "HardshrinkBackward mixed");
        std::vector<double> golden(10);
        for (int i = 0; i < 10; i++) golden[i] = (x[i] >= -0.5 && x[i] <= 0.5) ? 0 : g[i];
        CheckDtype("HardshrinkBackward fp16 x fp32 (kinks: |x| == lambd gives 0, NaN passes)", ACL_FLOAT, ty.Read(), golden);
    }
#undef B
    for (aclScalar *s : {lambd, mn, mx, slope, beta, thr, a, sc, isc}) aclDestroyScalar(s);
}

// GLU family backward: gradInput[i] = d/dself[i] sum(dy * y(self)), by finite differences of the
// whole forward (y = fa(a) * fb(b) over the halves a, b along dim).
static void TestSplitBackward(aclrtStream stream)
{
    Fn gelu_tanh = [](double x) { return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); };
    Fn gelu_erf = [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); };
    Fn ident = [](double x) { return x; };
    enum { GLU, SWIGLU, GEGLU_ERF, GEGLU_TANH_LEFT, END };
    for (int k = 0; k < END; k++)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            std::vector<int64_t> shape = {3, 4, 2};
            const int64_t d = k == GLU ? 1 : k == SWIGLU ? 2 : 1, half = shape[d] / 2;
            std::vector<int64_t> hshape = shape;
            hshape[d] = half;
            std::vector<double> x = QuantAll(dt, RandomValues(24, 50 + k, 0.8)), g = QuantAll(dt, RandomValues(12, 60 + k, 0.5));
            // fa applies to the first half, fb to the second
            Fn fa = k == GLU ? ident : k == SWIGLU ? Fn([](double v) { return v * Sig(v); }) : k == GEGLU_ERF ? ident : gelu_tanh;
            Fn fb = k == GLU ? Fn(Sig) : k == SWIGLU ? ident : k == GEGLU_ERF ? gelu_erf : ident;
            auto at = [&](const std::vector<double> &v, int64_t i0, int64_t i1, int64_t i2) { return v[(size_t)((i0 * shape[1] + i1) * shape[2] + i2)]; };
            auto objective = [&](const std::vector<double> &v) {
                double s = 0;
                for (int64_t i0 = 0; i0 < hshape[0]; i0++)
                    for (int64_t i1 = 0; i1 < hshape[1]; i1++)
                        for (int64_t i2 = 0; i2 < hshape[2]; i2++) {
                            int64_t j1 = d == 1 ? i1 + half : i1, j2 = d == 2 ? i2 + half : i2;
                            s += g[(size_t)((i0 * hshape[1] + i1) * hshape[2] + i2)] * fa(at(v, i0, i1, i2)) * fb(at(v, i0, j1, j2));
                        }
                return s;
            };
            std::vector<double> golden(24), gelu_out(12);
            for (size_t i = 0; i < 24; i++) {
                std::vector<double> p = x, m = x;
                double h = 1e-6 * (1 + std::fabs(x[i]));
                p[i] += h; m[i] -= h;
                golden[i] = (objective(p) - objective(m)) / (2 * h);
            }
            for (int64_t i0 = 0; i0 < hshape[0]; i0++) // the forward's gelu output of the activated half
                for (int64_t i1 = 0; i1 < hshape[1]; i1++)
                    for (int64_t i2 = 0; i2 < hshape[2]; i2++) {
                        int64_t j1 = d == 1 ? i1 + half : i1, j2 = d == 2 ? i2 + half : i2;
                        gelu_out[(size_t)((i0 * hshape[1] + i1) * hshape[2] + i2)] =
                            Quant(dt, k == GEGLU_ERF ? gelu_erf(at(x, i0, j1, j2)) : gelu_tanh(at(x, i0, i1, i2)));
                    }
            DevTensor tg, tx, tgl, ty;
            if (!tg.Init(dt, hshape, g, STRIDED) || !tx.Init(dt, shape, x, k % 2 ? TRANSPOSED : STRIDED) ||
                !tgl.Init(dt, hshape, gelu_out, CONTIG) || !ty.Init(dt, shape, {}, k % 2 ? STRIDED : CONTIG)) return;
            int rc = -1;
            const char *name = "";
            switch (k) {
            case GLU: name = "aclnnGluBackward"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGluBackwardGetWorkspaceSize(tg.t, tx.t, d, ty.t, w, e); }, aclnnGluBackward); break;
            case SWIGLU: name = "aclnnSwiGluGrad"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSwiGluGradGetWorkspaceSize(tg.t, tx.t, -1, ty.t, w, e); }, aclnnSwiGluGrad); break;
            case GEGLU_ERF: name = "aclnnGeGluBackward(erf)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeGluBackwardGetWorkspaceSize(tg.t, tx.t, tgl.t, d, 0, ty.t, w, e); }, aclnnGeGluBackward); break;
            default: name = "aclnnGeGluV3Backward(tanh, left)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeGluV3BackwardGetWorkspaceSize(tg.t, tx.t, tgl.t, d - 3, 1, true, ty.t, w, e); }, aclnnGeGluV3Backward); break;
            }
            std::string what = std::string(name) + " " + DtName(dt);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (k >= GEGLU_ERF && dt != ACL_FLOAT) // the other half's gradient uses the rounded gelu output
                CheckAccuracy(what.c_str(), ty.Read(), golden, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, 0.5);
            else
                CheckDtype(what.c_str(), dt, ty.Read(), golden);
            EXPECT(ty.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
        }
}

// GluBackward where sigmoid saturates: s (1 - s) of the gate far out in both tails, +-Inf and NaN,
// against double with 1 - s computed as sigmoid(-b) (no cancellation), FP32 / FP16 / BF16.
static void TestGluBackwardTails(aclrtStream stream)
{
    const double inf = INFINITY, b[8] = {30, -30, 80, -80, inf, -inf, NAN, 12};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        std::vector<double> x(16), g(8), golden(16);
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 2; c++) {
                double a = Quant(dt, 1.5 - r - 0.25 * c), bb = b[2 * r + c], gv = Quant(dt, 0.75 + 0.5 * c - 0.125 * r);
                x[(size_t)(r * 4 + c)] = a;
                x[(size_t)(r * 4 + 2 + c)] = bb;
                g[(size_t)(r * 2 + c)] = gv;
                double s = 1.0 / (1.0 + std::exp(-bb)), sn = 1.0 / (1.0 + std::exp(bb));
                golden[(size_t)(r * 4 + c)] = Quant(dt, gv * s);
                golden[(size_t)(r * 4 + 2 + c)] = Quant(dt, gv * a * s * sn);
            }
        DevTensor tg, tx, ty;
        if (!tg.Init(dt, {4, 2}, g, CONTIG) || !tx.Init(dt, {4, 4}, x, STRIDED) || !ty.Init(dt, {4, 4}, {}, CONTIG)) return;
        std::string what = std::string("aclnnGluBackward tails ") + DtName(dt);
        EXPECT(Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGluBackwardGetWorkspaceSize(tg.t, tx.t, 1, ty.t, w, e); },
                   aclnnGluBackward) == 0, "%s: run failed", what.c_str());
        CheckDtype(what.c_str(), dt, ty.Read(), golden);
    }
}

// Logit (clamped and not), LogitGrad by finite differences inside the clamp, 0 outside; SquaredRelu.
static void TestLogitFamily(aclrtStream stream)
{
    for (double eps : {0.1, -1.0}) {
        Fn logit = [eps](double x) { double z = eps >= 0 ? std::min(std::max(x, eps), 1 - eps) : x; return std::log(z / (1 - z)); };
        RunUnary(stream, eps >= 0 ? "aclnnLogit(eps 0.1)" : "aclnnLogit(eps -1)", logit,
                 [&](const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnLogitGetWorkspaceSize(x, eps, y, w, e); }, aclnnLogit,
                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, 0.099);
    }
    // inputs in (0, 1) away from the clamp edges
    std::vector<double> x = {0.05, 0.2, 0.5, 0.93, 0.7, 0.35, 0.01, 0.99}, g = {1, -0.5, 2, 0.25, 1, 1, 3, -1}, golden(8);
    Fn logit = [](double v) { return std::log(v / (1 - v)); };
    for (int i = 0; i < 8; i++) golden[i] = (x[i] < 0.1 || x[i] > 0.9) ? 0 : g[i] * Fd(logit, Quant(ACL_FLOAT, x[i]));
    DevTensor tx, tg, ty;
    if (!tx.Init(ACL_FLOAT, {2, 4}, x, TRANSPOSED) || !tg.Init(ACL_FLOAT, {2, 4}, g, CONTIG) || !ty.Init(ACL_FLOAT, {2, 4}, {}, STRIDED)) return;
    EXPECT(Run("aclnnLogitGrad", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogitGradGetWorkspaceSize(tx.t, tg.t, 0.1, ty.t, w, e); }, aclnnLogitGrad) == 0, "LogitGrad");
    CheckDtype("LogitGrad eps 0.1", ACL_FLOAT, ty.Read(), golden);
    RunUnary(stream, "aclnnSquaredRelu", [](double v) { return v > 0 ? v * v : 0; },
             [&](const aclTensor *a, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnSquaredReluGetWorkspaceSize(a, y, w, e); }, aclnnSquaredRelu);
}

static void TestValidation()
{
    DevTensor x, y, xi, y2, xnz;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !y.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !y2.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !xnz.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclScalar *neg = F(-0.5), *zero = F(0.0), *one = F(1.0);
    ExpectError("Selu null self", aclnnSeluGetWorkspaceSize(nullptr, y.t, &ws, &ex), 161001, "self");
    ExpectError("Selu null out", aclnnSeluGetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "out");
    ExpectError("Celu null alpha", aclnnCeluGetWorkspaceSize(x.t, nullptr, y.t, &ws, &ex), 161001, "alpha");
    ExpectError("Celu alpha 0", aclnnCeluGetWorkspaceSize(x.t, zero, y.t, &ws, &ex), 161002, "alpha cannot be 0");
    ExpectError("Celu int32", aclnnCeluGetWorkspaceSize(xi.t, one, y.t, &ws, &ex), 161002, "self dtype DT_INT32");
    ExpectError("Selu out dtype", aclnnSeluGetWorkspaceSize(x.t, xnz.t, &ws, &ex), 161002, "FLOAT16");
    ExpectError("Selu shape", aclnnSeluGetWorkspaceSize(x.t, y2.t, &ws, &ex), 161002, "out");
    ExpectError("Softshrink lambd < 0", aclnnSoftshrinkGetWorkspaceSize(x.t, neg, y.t, &ws, &ex), 161002, "lambd should be greater or equal to 0");
    ExpectError("Shrink null bias", aclnnShrinkGetWorkspaceSize(x.t, one, nullptr, y.t, &ws, &ex), 161001, "bias");
    ExpectError("Shrink lambd < 0", aclnnShrinkGetWorkspaceSize(x.t, neg, one, y.t, &ws, &ex), 161002, "lambd");
    ExpectError("Erfinv out int", aclnnErfinvGetWorkspaceSize(x.t, xi.t, &ws, &ex), 161002, "can not cast");
    ExpectError("SoftshrinkBackward lambda < 0", aclnnSoftshrinkBackwardGetWorkspaceSize(x.t, x.t, neg, y.t, &ws, &ex), 161002, "lambda should be greater or equal to 0");
    ExpectError("HardsigmoidBackward null gradOutput", aclnnHardsigmoidBackwardGetWorkspaceSize(nullptr, x.t, y.t, &ws, &ex), 161001, "gradOutput");
    ExpectError("HardsigmoidBackward int32", aclnnHardsigmoidBackwardGetWorkspaceSize(xi.t, xi.t, y.t, &ws, &ex), 161002, "gradOutput dtype DT_INT32");
    ExpectError("HardsigmoidBackward dtype mismatch", aclnnHardsigmoidBackwardGetWorkspaceSize(xnz.t, x.t, y.t, &ws, &ex), 161002, "should be the same");
    ExpectError("HardsigmoidBackward shape", aclnnHardsigmoidBackwardGetWorkspaceSize(x.t, x.t, y2.t, &ws, &ex), 161002, "out");
    ExpectError("MishBackward broadcast", aclnnMishBackwardGetWorkspaceSize(y2.t, x.t, y.t, &ws, &ex), 161002);
    ExpectError("EluBackward null inputScale", aclnnEluBackwardGetWorkspaceSize(x.t, one, one, nullptr, false, x.t, y.t, &ws, &ex), 161001, "inputScale");
    ExpectError("EluBackward isResult alpha < 0", aclnnEluBackwardGetWorkspaceSize(x.t, neg, one, one, true, x.t, y.t, &ws, &ex), 161002, "negative slope");
    ExpectError("LeakyReluBackward selfIsResult slope < 0", aclnnLeakyReluBackwardGetWorkspaceSize(x.t, x.t, neg, true, y.t, &ws, &ex), 161002, "negativeSlope");
    ExpectError("HardtanhBackward null max", aclnnHardtanhBackwardGetWorkspaceSize(x.t, x.t, one, nullptr, y.t, &ws, &ex), 161001, "max");
    ExpectError("LogSigmoidBackward null buffer", aclnnLogSigmoidBackwardGetWorkspaceSize(x.t, x.t, nullptr, y.t, &ws, &ex), 161001, "buffer");
    ExpectError("Heaviside int32", aclnnHeavisideGetWorkspaceSize(xi.t, xi.t, y.t, &ws, &ex), 161002, "INT32");
    DevTensor odd, half, full;
    if (!odd.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !half.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) || !full.Init(ACL_FLOAT, {2, 4}, {}, CONTIG)) return;
    ExpectError("GluBackward null gradOut", aclnnGluBackwardGetWorkspaceSize(nullptr, full.t, 1, full.t, &ws, &ex), 161001, "gradOut");
    ExpectError("GluBackward odd dim", aclnnGluBackwardGetWorkspaceSize(half.t, odd.t, 1, odd.t, &ws, &ex), 161002, "even");
    ExpectError("GluBackward dim range", aclnnGluBackwardGetWorkspaceSize(half.t, full.t, 2, full.t, &ws, &ex), 161002, "dim 2");
    ExpectError("SwiGluGrad gradOut shape", aclnnSwiGluGradGetWorkspaceSize(full.t, full.t, 1, full.t, &ws, &ex), 161002, "yGrad");
    ExpectError("GeGluBackward null gelu", aclnnGeGluBackwardGetWorkspaceSize(half.t, full.t, nullptr, 1, 0, full.t, &ws, &ex), 161001, "gelu");
    ExpectError("GeGluBackward approximate 2", aclnnGeGluBackwardGetWorkspaceSize(half.t, full.t, half.t, 1, 2, full.t, &ws, &ex), 161002, "approximate");
    ExpectError("LogitGrad dtype", aclnnLogitGradGetWorkspaceSize(xi.t, xi.t, 0.1, y.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("SquaredRelu null", aclnnSquaredReluGetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "out");
    aclDestroyScalar(neg); aclDestroyScalar(zero); aclDestroyScalar(one);
}

// Hardswish kinks at -3 and 3. V2 takes the outer branches on every chip; V1 follows the chip's
// public kernel: the 950's (arch35, torch's rule) the middle branch, the A2 / A3 one
// (experimental/activation/hard_swish_grad, strict compares) the outer ones.
static void TestHardswishKinks(aclrtStream stream, bool chip950)
{
    std::vector<double> x = {-3, 3, -2.5, 2.5}, g = {1, 1, 2, 2};
    DevTensor tg, tx, t1, t2;
    if (!tg.Init(ACL_FLOAT, {4}, g, CONTIG) || !tx.Init(ACL_FLOAT, {4}, x, CONTIG) || !t1.Init(ACL_FLOAT, {4}, {}, CONTIG) || !t2.Init(ACL_FLOAT, {4}, {}, CONTIG)) return;
    EXPECT(Run("aclnnHardswishBackward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHardswishBackwardGetWorkspaceSize(tg.t, tx.t, t1.t, w, e); }, aclnnHardswishBackward) == 0, "hsw kinks");
    EXPECT(Run("aclnnHardswishBackwardV2", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHardswishBackwardV2GetWorkspaceSize(tg.t, tx.t, t2.t, w, e); }, aclnnHardswishBackwardV2) == 0, "hsw v2 kinks");
    // inside (-3, 3) both give dy * (x / 3 + 0.5): 2 * (-2.5 / 3 + 0.5), 2 * (2.5 / 3 + 0.5)
    const double in0 = 2 * (-2.5 / 3 + 0.5), in1 = 2 * (2.5 / 3 + 0.5);
    if (chip950)
        CheckDtype("HardswishBackward (950) at -3, 3", ACL_FLOAT, t1.Read(), {-0.5, 1.5, in0, in1});
    else
        CheckDtype("HardswishBackward (A2) at -3, 3", ACL_FLOAT, t1.Read(), {0, 1, in0, in1});
    CheckDtype("HardswishBackwardV2 at -3, 3", ACL_FLOAT, t2.Read(), {0, 1, in0, in1});
}

// 310P: no BF16 on the chip.
static void Test310p()
{
    DevTensor x, y;
    if (!x.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !y.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("310P Selu bf16", aclnnSeluGetWorkspaceSize(x.t, y.t, &ws, &ex), 161002, "BF16");
    ExpectError("310P MishBackward bf16", aclnnMishBackwardGetWorkspaceSize(x.t, x.t, y.t, &ws, &ex), 161002, "BF16");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        Test310p();
        // FP16 still runs on the 310P
        RunBackward(rt.stream, "aclnnMishBackward(310P)", [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }, {},
                    [&](const aclTensor *g, const aclTensor *x, aclTensor *y, uint64_t *w, aclOpExecutor **e) { return aclnnMishBackwardGetWorkspaceSize(g, x, y, w, e); },
                    aclnnMishBackward, true, nullptr, 1.0, {ACL_FLOAT16});
    } else if (argc > 1 && std::string(argv[1]) == "950") {
        TestHardswishKinks(rt.stream, true);
    } else {
        TestHardswishKinks(rt.stream, false);
        TestForward(rt.stream);
        TestBackward(rt.stream);
        TestSplitBackward(rt.stream);
        TestGluBackwardTails(rt.stream);
        TestLogitFamily(rt.stream);
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
