// Two-input activations: Prelu (per-channel and single weight), the GLU family (Glu, SwiGlu,
// GeGlu / GeGluV3 with both outputs, GeluMul) split along a dim, the backward ops with
// broadcasting (GeluBackward, GeluBackwardV2, SiluBackward, SigmoidBackward, ThresholdBackward)
// and AddRelu / InplaceAddRelu; dtypes FP32 / FP16 / BF16 (and the extra ones each API lists),
// strided and transposed views, checked against double formulas written here; SigmoidBackward and
// ThresholdBackward also against finite differences of their forward.
#include "act_test_util.h"
#include "aclnnop/aclnn_add_relu.h"
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_mul.h"
#include "aclnnop/aclnn_glu.h"
#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_swi_glu.h"
#include "aclnnop/aclnn_threshold_backward.h"

static const double kPi = 3.14159265358979323846;
static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }
static double GeluTanh(double x) { return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / kPi) * (x + 0.044715 * x * x * x))); }
static double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
// Derivatives by central differences in double (independent of any closed form).
static double Deriv(double (*f)(double), double x) { double h = 1e-5 * (1 + std::fabs(x)); return (f(x + h) - f(x - h)) / (2 * h); }
static double Silu(double x) { return x * Sig(x); }

static const aclDataType kFloats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// Index helpers over row-major shapes.
static std::vector<int64_t> Unravel(int64_t i, const std::vector<int64_t> &shape)
{
    std::vector<int64_t> idx(shape.size());
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) { idx[(size_t)d] = i % shape[(size_t)d]; i /= shape[(size_t)d]; }
    return idx;
}
static int64_t Ravel(const std::vector<int64_t> &idx, const std::vector<int64_t> &shape)
{
    int64_t r = 0;
    for (size_t d = 0; d < shape.size(); d++) r = r * shape[d] + idx[d];
    return r;
}
// Broadcast element of `in` (shape s) at output index idx (right-aligned).
static double Bcast(const std::vector<double> &in, const std::vector<int64_t> &s, const std::vector<int64_t> &idx)
{
    std::vector<int64_t> j(s.size());
    for (size_t d = 0; d < s.size(); d++) { int64_t od = idx[idx.size() - s.size() + d]; j[d] = s[d] == 1 ? 0 : od; }
    return in[(size_t)Ravel(j, s)];
}

static void TestPrelu(aclrtStream stream)
{
    for (aclDataType dt : kFloats) {
        std::vector<int64_t> shape = {2, 5, 3, 7};
        std::vector<double> x = QuantAll(dt, RandomValues(210, 3)), w = QuantAll(dt, RandomValues(5, 4, 0.2));
        for (int single = 0; single < 2; single++) {
            std::vector<double> wv = single ? std::vector<double>{w[0]} : w, golden(x.size());
            for (size_t i = 0; i < x.size(); i++) {
                double a = x[i], wt = single ? w[0] : w[(size_t)Unravel((int64_t)i, shape)[1]];
                golden[i] = a > 0 ? a : wt * a;
            }
            DevTensor tx, tw, ty;
            if (!tx.Init(dt, shape, x, single ? TRANSPOSED : STRIDED) || !tw.Init(dt, {(int64_t)wv.size()}, wv, single ? CONTIG : STRIDED) ||
                !ty.Init(dt, shape, {}, CONTIG)) return;
            EXPECT(Run("aclnnPrelu", stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnPreluGetWorkspaceSize(tx.t, tw.t, ty.t, ws, e); }, aclnnPrelu) == 0, "prelu");
            CheckDtype((std::string("Prelu ") + DtName(dt) + (single ? " single weight" : " per channel")).c_str(), dt, ty.Read(), golden);
        }
    }
}

// Halves of x along dim d: the value at output index idx of half h.
static double Half(const std::vector<double> &x, const std::vector<int64_t> &shape, size_t d, std::vector<int64_t> idx, int h)
{
    idx[d] += h * (shape[d] / 2);
    return x[(size_t)Ravel(idx, shape)];
}

enum GluKind { GLU, SWIGLU, GEGLU_ERF_RIGHT, GEGLU_TANH_LEFT, GELUMUL_TANH, GELUMUL_NONE };

static void TestGluFamily(aclrtStream stream)
{
    std::vector<aclDataType> glu_dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (int kind = GLU; kind <= GELUMUL_NONE; kind++) {
        for (aclDataType dt : glu_dts) {
            if (dt == ACL_DOUBLE && kind != GLU) continue;
            std::vector<int64_t> shape = {3, 10, 6};
            size_t d = (kind >= GELUMUL_TANH) ? 2 : (kind == GLU ? 1 : (kind == SWIGLU ? 2 : 1));
            std::vector<int64_t> oshape = shape;
            oshape[d] /= 2;
            std::vector<double> x = QuantAll(dt, RandomValues(180, 20 + kind));
            size_t on = (size_t)GetShapeSize(oshape);
            std::vector<double> golden(on), ggelu(on);
            for (size_t i = 0; i < on; i++) {
                std::vector<int64_t> idx = Unravel((int64_t)i, oshape);
                double a = Half(x, shape, d, idx, 0), b = Half(x, shape, d, idx, 1);
                switch (kind) {
                case GLU: golden[i] = a * Sig(b); break;
                case SWIGLU: golden[i] = Silu(a) * b; break;
                case GEGLU_ERF_RIGHT: ggelu[i] = GeluErf(b); golden[i] = a * ggelu[i]; break;
                case GEGLU_TANH_LEFT: ggelu[i] = GeluTanh(a); golden[i] = b * ggelu[i]; break;
                case GELUMUL_TANH: golden[i] = GeluTanh(a) * b; break;
                default: golden[i] = GeluErf(a) * b; break;
                }
            }
            DevTensor tx, ty, tg;
            if (!tx.Init(dt, shape, x, kind % 2 ? STRIDED : TRANSPOSED) || !ty.Init(dt, oshape, {}, kind % 2 ? CONTIG : STRIDED) ||
                !tg.Init(dt, oshape, {}, TRANSPOSED)) return;
            int64_t dim = (int64_t)d - (kind % 2 ? 3 : 0); // negative dims too
            char tanh_s[] = "tanh";
            int rc = -1;
            const char *name = "";
            switch (kind) {
            case GLU: name = "Glu"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGluGetWorkspaceSize(tx.t, dim, ty.t, w, e); }, aclnnGlu); break;
            case SWIGLU: name = "SwiGlu"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSwiGluGetWorkspaceSize(tx.t, dim, ty.t, w, e); }, aclnnSwiGlu); break;
            case GEGLU_ERF_RIGHT: name = "GeGlu(none)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeGluGetWorkspaceSize(tx.t, dim, 0, ty.t, tg.t, w, e); }, aclnnGeGlu); break;
            case GEGLU_TANH_LEFT: name = "GeGluV3(tanh,left)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeGluV3GetWorkspaceSize(tx.t, dim, 1, true, ty.t, tg.t, w, e); }, aclnnGeGluV3); break;
            case GELUMUL_TANH: name = "GeluMul(tanh)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeluMulGetWorkspaceSize(tx.t, tanh_s, ty.t, w, e); }, aclnnGeluMul); break;
            default: name = "GeluMul(null)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeluMulGetWorkspaceSize(tx.t, nullptr, ty.t, w, e); }, aclnnGeluMul); break;
            }
            std::string what = std::string(name) + " " + DtName(dt);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            CheckDtype(what.c_str(), dt, ty.Read(), golden);
            EXPECT(ty.CountClobbered() == 0, "%s: wrote outside out's view", what.c_str());
            if (kind == GEGLU_ERF_RIGHT || kind == GEGLU_TANH_LEFT) CheckDtype((what + " outGelu").c_str(), dt, tg.Read(), ggelu);
        }
    }
}

enum BwdKind { GELU_BWD, GELU_BWD_V2_NONE, GELU_BWD_V2_TANH, SILU_BWD, SIGMOID_BWD, THRESHOLD_BWD };

static void TestBackward(aclrtStream stream)
{
    std::vector<int64_t> gshape = {4, 1, 9}, xshape = {6, 9}, oshape = {4, 6, 9}; // broadcast both ways
    for (int kind = GELU_BWD; kind <= THRESHOLD_BWD; kind++) {
        std::vector<aclDataType> dts(kFloats, kFloats + 3);
        if (kind == SIGMOID_BWD) dts.push_back(ACL_DOUBLE);
        if (kind == THRESHOLD_BWD) { dts.push_back(ACL_INT32); dts.push_back(ACL_INT8); }
        for (aclDataType dt : dts) {
            bool ints = dt == ACL_INT32 || dt == ACL_INT8;
            std::vector<double> g = QuantAll(dt, RandomValues(36, 40 + kind, ints ? 10 : 1)),
                                x = QuantAll(dt, RandomValues(54, 50 + kind, ints ? 10 : 1));
            if (kind == SIGMOID_BWD) for (double &v : x) v = Quant(dt, Sig(v)); // a forward output
            float thr = ints ? 2.0f : 0.25f;
            size_t on = (size_t)GetShapeSize(oshape);
            std::vector<double> golden(on);
            for (size_t i = 0; i < on; i++) {
                std::vector<int64_t> idx = Unravel((int64_t)i, oshape);
                double dy = Bcast(g, gshape, idx), v = Bcast(x, xshape, idx);
                switch (kind) {
                case GELU_BWD: case GELU_BWD_V2_TANH: golden[i] = dy * Deriv(GeluTanh, v); break;
                case GELU_BWD_V2_NONE: golden[i] = dy * Deriv(GeluErf, v); break;
                case SILU_BWD: golden[i] = dy * Deriv(Silu, v); break;
                case SIGMOID_BWD: golden[i] = dy * v * (1 - v); break;
                default: golden[i] = v <= Quant(dt, thr) ? 0 : dy; break;
                }
            }
            DevTensor tg, tx, to;
            if (!tg.Init(dt, gshape, g, STRIDED) || !tx.Init(dt, xshape, x, TRANSPOSED) || !to.Init(dt, oshape, {}, CONTIG)) return;
            char none_s[] = "none", tanh_s[] = "tanh";
            aclScalar *ts = aclCreateScalar(&thr, ACL_FLOAT);
            int rc = -1;
            const char *name = "";
            switch (kind) {
            case GELU_BWD: name = "GeluBackward"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeluBackwardGetWorkspaceSize(tg.t, tx.t, to.t, w, e); }, aclnnGeluBackward); break;
            case GELU_BWD_V2_NONE: name = "GeluBackwardV2(none)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeluBackwardV2GetWorkspaceSize(tg.t, tx.t, none_s, to.t, w, e); }, aclnnGeluBackwardV2); break;
            case GELU_BWD_V2_TANH: name = "GeluBackwardV2(tanh)"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeluBackwardV2GetWorkspaceSize(tg.t, tx.t, tanh_s, to.t, w, e); }, aclnnGeluBackwardV2); break;
            case SILU_BWD: name = "SiluBackward"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSiluBackwardGetWorkspaceSize(tg.t, tx.t, to.t, w, e); }, aclnnSiluBackward); break;
            case SIGMOID_BWD: name = "SigmoidBackward"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSigmoidBackwardGetWorkspaceSize(tg.t, tx.t, to.t, w, e); }, aclnnSigmoidBackward); break;
            default: name = "ThresholdBackward"; rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnThresholdBackwardGetWorkspaceSize(tg.t, tx.t, ts, to.t, w, e); }, aclnnThresholdBackward); break;
            }
            aclDestroyScalar(ts);
            std::string what = std::string(name) + " " + DtName(dt);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            if (ints) {
                std::vector<double> a = to.Read();
                size_t bad = 0;
                for (size_t i = 0; i < on; i++) bad += a[i] != golden[i];
                EXPECT(bad == 0, "%s: %zu wrong", what.c_str(), bad);
            } else {
                CheckDtype(what.c_str(), dt, to.Read(), golden);
            }
        }
    }
}

// SigmoidBackward (from the forward output) and ThresholdBackward against central finite
// differences of their forward (sigmoid; Threshold's x > 0.25 ? x : -1) at the pre-activation x,
// FP32 3x5, inputs away from the threshold's kink. Tolerance: FP32 evaluation plus the rounding of
// the output handed to SigmoidBackward (an absolute ~6e-8 in s(1 - s)), far below 1e-6.
static double ThresholdFwd(double x) { return x > 0.25 ? x : -1.0; }
static void TestBackwardFd(aclrtStream stream)
{
    const std::vector<int64_t> shape = {3, 5};
    for (int kind : {SIGMOID_BWD, THRESHOLD_BWD}) {
        std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues(15, 70 + kind, 1)), g = QuantAll(ACL_FLOAT, RandomValues(15, 80 + kind, 1));
        std::vector<double> v(15), fd(15);
        for (size_t i = 0; i < 15; i++) {
            if (kind == THRESHOLD_BWD && std::fabs(x[i] - 0.25) < 0.05) x[i] = Quant(ACL_FLOAT, x[i] < 0.25 ? 0.1 : 0.4);
            v[i] = kind == SIGMOID_BWD ? Quant(ACL_FLOAT, Sig(x[i])) : x[i];
            fd[i] = g[i] * Deriv(kind == SIGMOID_BWD ? Sig : ThresholdFwd, x[i]);
        }
        DevTensor tg, tx, to;
        if (!tg.Init(ACL_FLOAT, shape, g, CONTIG) || !tx.Init(ACL_FLOAT, shape, v, CONTIG) || !to.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
        float thr = 0.25f;
        aclScalar *ts = aclCreateScalar(&thr, ACL_FLOAT);
        const char *name = kind == SIGMOID_BWD ? "SigmoidBackward fp32 vs finite differences" : "ThresholdBackward fp32 vs finite differences";
        int rc = kind == SIGMOID_BWD
                     ? Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSigmoidBackwardGetWorkspaceSize(tg.t, tx.t, to.t, w, e); }, aclnnSigmoidBackward)
                     : Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnThresholdBackwardGetWorkspaceSize(tg.t, tx.t, ts, to.t, w, e); }, aclnnThresholdBackward);
        aclDestroyScalar(ts);
        EXPECT(rc == 0, "%s: run failed", name);
        if (!rc) CheckAccuracy(name, to.Read(), fd, 1e-5, 1e-6, 1e-5);
    }
}

// GeluBackward checks only the promoted dtype (the real CheckPromoteTypeGeluBackward): an INT32
// gradOutput with a FLOAT self promotes to FLOAT; the result is cast to gradInput's dtype, here
// FLOAT and FLOAT16 (an FP16 gradOutput with FLOAT self too).
static void TestGeluBackwardMixed(aclrtStream stream)
{
    struct { aclDataType g, x, o; } cases[] = {{ACL_INT32, ACL_FLOAT, ACL_FLOAT}, {ACL_INT32, ACL_FLOAT, ACL_FLOAT16},
                                               {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16}};
    std::vector<int64_t> shape = {3, 17};
    for (auto &c : cases) {
        std::vector<double> g = QuantAll(c.g, RandomValues(51, 90, c.g == ACL_INT32 ? 5 : 1)),
                            x = QuantAll(c.x, RandomValues(51, 91, 2)), golden(51);
        for (size_t i = 0; i < 51; i++) golden[i] = g[i] * Deriv(GeluTanh, x[i]);
        DevTensor tg, tx, to;
        if (!tg.Init(c.g, shape, g, CONTIG) || !tx.Init(c.x, shape, x, STRIDED) || !to.Init(c.o, shape, {}, CONTIG)) return;
        int rc = Run("GeluBackward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGeluBackwardGetWorkspaceSize(tg.t, tx.t, to.t, w, e); }, aclnnGeluBackward);
        std::string what = std::string("GeluBackward ") + DtName(c.g) + " x " + DtName(c.x) + " -> " + DtName(c.o);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (!rc) CheckDtype(what.c_str(), c.o, to.Read(), golden);
    }
    // a promotion outside the list is refused: INT32 x INT32 -> INT32
    DevTensor a, b, o;
    if (!a.Init(ACL_INT32, shape, std::vector<double>(51, 1.0), CONTIG) || !b.Init(ACL_INT32, shape, std::vector<double>(51, 1.0), CONTIG) ||
        !o.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("GeluBackward INT32 x INT32", aclnnGeluBackwardGetWorkspaceSize(a.t, b.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "promoteType");
}

static void TestAddRelu(aclrtStream stream)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8};
    for (aclDataType dt : dts) {
        bool ints = dt == ACL_INT32 || dt == ACL_INT8;
        std::vector<int64_t> shape = {5, 13}, oshape = {13};
        std::vector<double> a = QuantAll(dt, RandomValues(65, 7, ints ? 10 : 1)), b = QuantAll(dt, RandomValues(13, 8, ints ? 10 : 1));
        double alpha = ints ? 2 : 0.5;
        std::vector<double> golden(65);
        for (size_t i = 0; i < 65; i++) { double r = a[i] + alpha * b[i % 13]; golden[i] = r > 0 ? r : 0; }
        for (int inplace = 0; inplace < 2; inplace++) {
            DevTensor ta, tb, to;
            if (!ta.Init(dt, shape, a, inplace ? STRIDED : CONTIG) || !tb.Init(dt, oshape, b, STRIDED) || !to.Init(dt, shape, {}, TRANSPOSED)) return;
            int32_t ai = (int32_t)alpha;
            float af = (float)alpha;
            aclScalar *al = ints ? aclCreateScalar(&ai, ACL_INT32) : aclCreateScalar(&af, ACL_FLOAT);
            int rc = inplace ? Run("aclnnInplaceAddRelu", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAddReluGetWorkspaceSize(ta.t, tb.t, al, w, e); }, aclnnInplaceAddRelu)
                             : Run("aclnnAddRelu", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddReluGetWorkspaceSize(ta.t, tb.t, al, to.t, w, e); }, aclnnAddRelu);
            aclDestroyScalar(al);
            std::string what = std::string(inplace ? "InplaceAddRelu " : "AddRelu ") + DtName(dt);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> r = inplace ? ta.Read() : to.Read();
            if (ints) {
                size_t bad = 0;
                for (size_t i = 0; i < 65; i++) { // the integer sum wraps in the dtype, then relu
                    int64_t sum = (int64_t)a[i] + (int64_t)alpha * (int64_t)b[i % 13];
                    int64_t wr = dt == ACL_INT8 ? (int64_t)(int8_t)(uint8_t)(sum & 0xff) : (int64_t)(int32_t)sum;
                    bad += r[i] != (double)(wr > 0 ? wr : 0);
                }
                EXPECT(bad == 0, "%s: %zu wrong", what.c_str(), bad);
            } else {
                CheckDtype(what.c_str(), dt, r, golden);
            }
        }
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestPrelu(rt.stream);
    TestGluFamily(rt.stream);
    TestBackward(rt.stream);
    TestBackwardFd(rt.stream);
    TestGeluBackwardMixed(rt.stream);
    TestAddRelu(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
