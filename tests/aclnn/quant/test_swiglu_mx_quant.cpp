// aclnnSwigluMxQuant and aclnnSituMxQuant (950): the activation part against a reference written here (FP32 steps, expf,
// rounded to x's dtype as the kernel stores it), the MX part against aclnnDynamicMxQuant run on that
// reference tensor (whose codes and scales test_dynamic_mx_quant checks against exhaustive code
// tables): y bytes and mxscale bytes must be identical. Every target dtype, round modes, scaleAlg
// 0 / 1, activateDim and axis -1 / -2 (and their positive spellings), swigluMode 0 (left / right)
// and 1 (GPT-OSS, even / odd), strided x, special values (+-0, a zero block, large values); the
// validation paths with codes and messages; 361001 on the 910B / 310P and for groupIndexOptional.
// SituMxQuant: beta * tanh(gate / beta) * sigmoid(gate) * up' with the arch35 kernel's tanh (an odd
// degree-9 polynomial by FMA Horner below |x| = 0.6, 2 / (1 + exp(-2x)) - 1 above), last axis only.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_dynamic_mx_quant.h"
#include "aclnnop/aclnn_situ_mx_quant.h"
#include "aclnnop/aclnn_swiglu_mx_quant.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kRuntime = 361001;

// A device buffer of `shape` seen as dtype dt (FP8 / FP4 / E8M0: raw bytes; FP4 two per byte).
struct Bytes {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t n = 0;
    Bytes(aclDataType dt, const std::vector<int64_t> &shape)
    {
        int64_t e = GetShapeSize(shape);
        n = (size_t)(dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2 ? (e + 1) / 2 : e);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        aclrtMalloc(&dev, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(n + 1, 0x5A);
        if (n) aclrtMemcpy(dev, n, h.data(), n, ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(), dev);
    }
    ~Bytes() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        h.resize(n);
        return h;
    }
};

// the kernel's tanh: polynomial (|x| < 0.6) or the sigmoid form
static float KTanh(float x)
{
    float x2 = x * x;
    float p = x2 * 0.0157396831f;
    p = p + -0.0523039624f;
    p = std::fma(p, x2, 0.133152977f);
    p = std::fma(p, x2, -0.333327681f);
    p = p * x2;
    p = std::fma(p, x, x);
    float q = 1.0f / (std::exp(x * -2.0f) + 1.0f);
    q = q * 2.0f;
    q = q - 1.0f;
    return std::fabs(x) >= 0.6f ? q : p;
}

struct Case {
    bool situ = false;
    float beta = 1.0f, lb = 0.0f;
    aclDataType xd = ACL_BF16, yd = ACL_FLOAT8_E4M3FN;
    std::vector<int64_t> shape = {4, 128};
    int64_t act = -1, axis = -1, mode = 0, scaleAlg = 0;
    bool left = true;
    const char *round = "rint";
    double clamp = 7.0, alpha = 1.702, gbias = 1.0;
    Layout lay = CONTIG;
    std::string name;
};

static std::vector<int64_t> ScaleShape(const std::vector<int64_t> &y, int64_t axis)
{
    size_t n = y.size(), ax = (size_t)(axis < 0 ? axis + (int64_t)n : axis);
    std::vector<int64_t> s = y;
    s[ax] = ((y[ax] + 31) / 32 + 1) / 2;
    s.push_back(2);
    return s;
}

static void RunCase(const Case &k)
{
    size_t n = k.shape.size();
    size_t ad = (size_t)(k.act < 0 ? k.act + (int64_t)n : k.act);
    std::vector<int64_t> ys = k.shape;
    ys[ad] /= 2;
    int64_t N = GetShapeSize(k.shape), M = GetShapeSize(ys);
    Lcg rng(7 + (uint64_t)N + (uint64_t)k.mode);
    std::vector<double> xv((size_t)N);
    for (auto &v : xv) v = rng.value() * 6.0;
    xv[0] = 0.0;
    if (N > 3) { xv[1] = -0.0; xv[2] = 300.0; xv[3] = -250.0; }
    for (int64_t i = N / 2; i < N / 2 + 40 && i < N; i++) xv[(size_t)i] = 0.0; // a zero stretch
    DevTensor x;
    x.Init(k.xd, k.shape, xv, k.lay);
    // reference swiglu, rounded to x's dtype
    int64_t Hd = ys[ad], in = 1;
    for (size_t i = ad + 1; i < n; i++) in *= ys[i];
    std::vector<double> sv((size_t)M);
    float L = (float)k.clamp, al = (float)k.alpha, gb = (float)k.gbias;
    for (int64_t e = 0; e < M; e++) {
        int64_t i = e % in, j = (e / in) % Hd, o = e / (in * Hd);
        int64_t a0 = (o * 2 * Hd + j) * in + i, a1 = a0 + Hd * in;
        if (k.mode == 1) { a0 = o * 2 * Hd + 2 * j; a1 = a0 + 1; }
        else if (!k.left) std::swap(a0, a1);
        float A = (float)Quant(k.xd, xv[(size_t)a0]), B = (float)Quant(k.xd, xv[(size_t)a1]), v;
        if (k.situ) {
            float sa = KTanh(A * (1.0f / k.beta)) * (1.0f / (std::exp(-A) + 1.0f)) * k.beta;
            v = sa * (k.lb > 0 ? KTanh(B * (1.0f / k.lb)) * k.lb : B);
        } else if (k.mode == 1) {
            float glu = std::min(A, L), lin = std::max(std::min(B, L), -L) + gb;
            v = glu / (std::exp(glu * -al) + 1.0f) * lin;
        } else {
            v = A / (std::exp(-A) + 1.0f) * B;
        }
        sv[(size_t)e] = Quant(k.xd, (double)v);
    }
    DevTensor s;
    s.Init(k.xd, ys, sv, CONTIG);
    std::vector<int64_t> ss = ScaleShape(ys, k.axis);
    Bytes y(k.yd, ys), sc(ACL_FLOAT8_E8M0, ss), yr(k.yd, ys), scr(ACL_FLOAT8_E8M0, ss);
    int rc = k.situ ? Run("SituMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnSituMxQuantGetWorkspaceSize(x.t, k.beta, k.lb, k.left, -1, (int64_t)k.yd, (char *)k.round, y.t,
                                               sc.t, ws, ex); }, aclnnSituMxQuant)
                    : Run("SwigluMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnSwigluMxQuantGetWorkspaceSize(x.t, nullptr, k.act, k.left, k.mode, k.clamp, k.alpha, k.gbias, 0,
                                                 k.axis, (int64_t)k.yd, (char *)k.round, k.scaleAlg, 0.0, y.t, sc.t,
                                                 ws, ex); }, aclnnSwigluMxQuant);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    rc = Run("DynamicMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnDynamicMxQuantGetWorkspaceSize(s.t, k.axis, (char *)k.round, (int64_t)k.yd, 32, k.scaleAlg, yr.t,
                                                  scr.t, ws, ex); }, aclnnDynamicMxQuant);
    EXPECT(rc == 0, "%s: reference DynamicMxQuant %d", k.name.c_str(), rc);
    if (rc) return;
    std::vector<unsigned char> g1 = y.Read(), r1 = yr.Read(), g2 = sc.Read(), r2 = scr.Read();
    size_t bad = 0, nz = 0;
    for (size_t i = 0; i < g1.size(); i++) {
        nz += g1[i] != 0;
        if (g1[i] != r1[i] && bad++ < 5) LOG_PRINT("  %s y byte %zu: got %02x want %02x\n", k.name.c_str(), i, g1[i], r1[i]);
    }
    for (size_t i = 0; i < g2.size(); i++)
        if (g2[i] != r2[i] && bad++ < 5) LOG_PRINT("  %s scale byte %zu: got %02x want %02x\n", k.name.c_str(), i, g2[i], r2[i]);
    EXPECT(bad == 0, "%s: %zu bytes differ", k.name.c_str(), bad);
    EXPECT(nz * 4 > g1.size(), "%s: only %zu of %zu y bytes are not zero", k.name.c_str(), nz, g1.size());
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, g, x1;
    x.Init(ACL_BF16, {4, 128}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    g.Init(ACL_INT64, {1}, {4}, CONTIG);
    x1.Init(ACL_BF16, {4, 127}, {}, CONTIG);
    Bytes y(ACL_FLOAT8_E4M3FN, {4, 64}), sc(ACL_FLOAT8_E8M0, {4, 1, 2}), y5(ACL_FLOAT8_E5M2, {4, 64}),
        ybad(ACL_FLOAT8_E4M3FN, {4, 63}), scbad(ACL_FLOAT8_E8M0, {4, 2, 2}), yi8(ACL_INT8, {4, 64}),
        sc8(ACL_UINT8, {4, 1, 2}), y4(ACL_FLOAT4_E2M1, {4, 64});
    auto f = [&](const aclTensor *x_, const aclTensor *g_, int64_t act, int64_t mode, double clamp, int64_t gm,
                 int64_t axis, int64_t dst, const char *rm, int64_t alg, const aclTensor *y_, const aclTensor *s_) {
        return aclnnSwigluMxQuantGetWorkspaceSize(x_, g_, act, true, mode, clamp, 1.702, 1.0, gm, axis, dst, (char *)rm,
                                                 alg, 0.0, y_, s_, &ws, &ex);
    };
    ExpectError("null x", f(nullptr, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, sc.t), kNull, "x");
    ExpectError("null y", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, nullptr, sc.t), kNull, "yOut");
    ExpectError("null scale", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, nullptr), kNull, "mxscaleOut");
    if (!supported) {
        int rc = f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, sc.t);
        EXPECT(rc == kRuntime, "SwigluMxQuant off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xf.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, sc.t), kInvalid, "x");
    ExpectError("y dtype", f(x.t, nullptr, -1, 0, 7, 0, -1, 2, "rint", 0, yi8.t, sc.t), kInvalid, "yOut");
    ExpectError("scale dtype", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, sc8.t), kInvalid, "mxscaleOut");
    ExpectError("activateDim", f(x.t, nullptr, 2, 0, 7, 0, -1, 36, "rint", 0, y.t, sc.t), kInvalid, "activateDim");
    ExpectError("swigluMode", f(x.t, nullptr, -1, 2, 7, 0, -1, 36, "rint", 0, y.t, sc.t), kInvalid, "swigluMode");
    ExpectError("mode 1 on dim -2", f(x.t, nullptr, -2, 1, 7, 0, -1, 36, "rint", 0, y.t, sc.t), kInvalid,
                "swigluMode");
    ExpectError("clampLimit", f(x.t, nullptr, -1, 1, 0, 0, -1, 36, "rint", 0, y.t, sc.t), kInvalid, "clampLimit");
    ExpectError("groupMode", f(x.t, nullptr, -1, 0, 7, 2, -1, 36, "rint", 0, y.t, sc.t), kInvalid, "groupMode");
    ExpectError("axis", f(x.t, nullptr, -1, 0, 7, 0, -3, 36, "rint", 0, y.t, sc.t), kInvalid, "axis");
    ExpectError("dstType", f(x.t, nullptr, -1, 0, 7, 0, -1, 34, "rint", 0, y.t, sc.t), kInvalid, "dstType");
    ExpectError("dstType vs y", f(x.t, nullptr, -1, 0, 7, 0, -1, 35, "rint", 0, y.t, sc.t), kInvalid, "dstType");
    ExpectError("round mode", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "ceil", 0, y.t, sc.t), kInvalid,
                "roundModeOptional");
    ExpectError("fp8 round", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "floor", 0, y.t, sc.t), kInvalid, "rint");
    ExpectError("scaleAlg", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 2, y.t, sc.t), kInvalid, "scaleAlg");
    ExpectError("fp4 scaleAlg", f(x.t, nullptr, -1, 0, 7, 0, -1, 40, "rint", 1, y4.t, sc.t), kInvalid, "scaleAlg");
    ExpectError("odd x", f(x1.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, ybad.t, sc.t), kInvalid, "even");
    ExpectError("y shape", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, ybad.t, sc.t), kInvalid, "yOut");
    ExpectError("scale shape", f(x.t, nullptr, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, scbad.t), kInvalid, "mxscaleOut");
    int rc = f(x.t, g.t, -1, 0, 7, 0, -1, 36, "rint", 0, y.t, sc.t);
    EXPECT(rc == kRuntime, "groupIndexOptional not implemented: %d", rc);
}

static void TestSituValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, x1, e;
    x.Init(ACL_BF16, {4, 128}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    x1.Init(ACL_BF16, {4, 127}, {}, CONTIG);
    e.Init(ACL_BF16, {0, 128}, {}, CONTIG);
    Bytes y(ACL_FLOAT8_E4M3FN, {4, 64}), sc(ACL_FLOAT8_E8M0, {4, 1, 2}), ybad(ACL_FLOAT8_E4M3FN, {4, 63}),
        scbad(ACL_FLOAT8_E8M0, {4, 2, 2}), y0(ACL_FLOAT8_E4M3FN, {0, 64}), sc0(ACL_FLOAT8_E8M0, {0, 1, 2}),
        y4(ACL_FLOAT4_E2M1, {4, 64});
    auto f = [&](const aclTensor *x_, float beta, int64_t axis, int64_t dst, const char *rm, const aclTensor *y_,
                 const aclTensor *s_) {
        return aclnnSituMxQuantGetWorkspaceSize(x_, beta, 0.0f, false, axis, dst, (char *)rm, y_, s_, &ws, &ex);
    };
    ExpectError("situ null x", f(nullptr, 1, -1, 36, "rint", y.t, sc.t), kNull, "x");
    ExpectError("situ null y", f(x.t, 1, -1, 36, "rint", nullptr, sc.t), kNull, "yOut");
    ExpectError("situ null scale", f(x.t, 1, -1, 36, "rint", y.t, nullptr), kNull, "yScaleOut");
    if (!supported) {
        int rc = f(x.t, 1, -1, 36, "rint", y.t, sc.t);
        EXPECT(rc == kRuntime, "SituMxQuant off the 950: %d", rc);
        return;
    }
    ExpectError("situ x dtype", f(xf.t, 1, -1, 36, "rint", y.t, sc.t), kInvalid, "x");
    ExpectError("situ beta 0", f(x.t, 0, -1, 36, "rint", y.t, sc.t), kInvalid, "beta");
    ExpectError("situ axis", f(x.t, 1, 0, 36, "rint", y.t, sc.t), kInvalid, "axis");
    ExpectError("situ dstType", f(x.t, 1, -1, 2, "rint", y.t, sc.t), kInvalid, "dstType");
    ExpectError("situ round", f(x.t, 1, -1, 36, "up", y.t, sc.t), kInvalid, "roundModeOptional");
    ExpectError("situ fp8 round", f(x.t, 1, -1, 36, "floor", y.t, sc.t), kInvalid, "rint");
    ExpectError("situ dst vs y", f(x.t, 1, -1, 40, "rint", y.t, sc.t), kInvalid, "dstType");
    ExpectError("situ empty", f(e.t, 1, -1, 36, "rint", y0.t, sc0.t), kInvalid, "empty");
    ExpectError("situ odd", f(x1.t, 1, -1, 36, "rint", ybad.t, sc.t), kInvalid, "divisible");
    ExpectError("situ y shape", f(x.t, 1, -1, 36, "rint", ybad.t, sc.t), kInvalid, "yOut");
    ExpectError("situ scale shape", f(x.t, 1, -1, 36, "rint", y.t, scbad.t), kInvalid, "yScaleOut");
    int rc = f(x.t, 1, -1, 40, "floor", y4.t, sc.t);
    EXPECT(rc == 0, "situ FP4 with floor (the tiling takes it): %d", rc);
    if (rc == 0) { // stage 2 frees the executor
        EXPECT(aclnnSituMxQuant(nullptr, ws, ex, g_stream) == 0, "situ FP4 stage 2");
        aclrtSynchronizeStream(g_stream);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("swiglu mx quant on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "bf16 e4m3 last/last");
        k.xd = ACL_FLOAT16; k.yd = ACL_FLOAT8_E5M2; k.left = false; add(k, "fp16 e5m2 right");
        k.scaleAlg = 1; add(k, "fp16 e5m2 cuBLAS scale");
        k.yd = ACL_FLOAT4_E2M1; k.scaleAlg = 0; k.round = "round"; k.shape = {3, 100}; add(k, "fp4 e2m1 round, tail block");
        k.yd = ACL_FLOAT4_E1M2; k.round = "floor"; k.xd = ACL_BF16; add(k, "fp4 e1m2 floor");
        Case m; m.mode = 1; m.clamp = 2.5; m.alpha = 1.0; m.gbias = 0.5; add(m, "mode 1 GPT-OSS");
        m.lay = STRIDED; add(m, "mode 1 strided x");
        Case d; d.act = -2; d.shape = {2, 8, 64}; add(d, "activateDim -2, axis -1");
        d.axis = -2; d.shape = {2, 70, 32}; add(d, "activateDim -2, axis -2");
        d.act = 2; d.axis = 1; d.shape = {3, 40, 64}; d.yd = ACL_FLOAT4_E2M1; add(d, "activateDim 2, axis 1 (positive), fp4");
        d.lay = TRANSPOSED; d.act = -1; d.axis = -2; d.shape = {66, 32}; d.yd = ACL_FLOAT8_E4M3FN; add(d, "transposed x, axis -2");
        Case t; t.situ = true; t.shape = {5, 192}; add(t, "situ bf16 e4m3 beta 1");
        t.xd = ACL_FLOAT16; t.yd = ACL_FLOAT8_E5M2; t.beta = 0.4f; t.lb = 3.0f; t.left = false; add(t, "situ fp16 e5m2 lb 3 right");
        t.yd = ACL_FLOAT4_E2M1; t.round = "round"; t.shape = {2, 3, 132}; add(t, "situ fp4 e2m1 3-d");
        t.yd = ACL_FLOAT4_E1M2; t.round = "floor"; t.lay = STRIDED; t.lb = 0; t.beta = 2.0f; add(t, "situ fp4 e1m2 strided");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    TestSituValidation(supported);
    if (g_failures) { LOG_PRINT("test_swiglu_mx_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_swiglu_mx_quant: ok (%zu cases)\n", cases.size());
    return 0;
}
