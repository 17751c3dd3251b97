// aclnnGeluQuant (950) against a reference written here: g = GeLU(x) in double (erf form, or the
// tanh form), then static t = g * scale + offset, or dynamic v = g * smooth, scale = max|v| *
// (1 / DMAX) (FP32), t = v / scale; y = t rounded to the target (INT8: nearest even, saturating;
// FP8: nearest code, ties to even, saturating). The device's GeLU is an FP32 approximation, so a
// code is accepted when it is the code of t scaled by 1 +- 2e-4 (a value near a rounding midpoint
// may go either way); dynamic scales within 1e-4 relative. Every self dtype, both GeLU forms,
// INT8 / both FP8 targets, per-column and one-element scale / offset / smooth, no smooth,
// strided views; the op_api's and the tiling's validation paths; HIFLOAT8 roundMode "hybrid"
// (361001; HIFLOAT8 values: ../swgq/test_gelu_quant_hif8.cpp); argv[1] "910b": no kernel (361001).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gelu_quant.h"

static aclrtStream g_stream;

static double Fp8Value(uint32_t c, bool e4m3)
{
    int mb = e4m3 ? 3 : 2, eb = e4m3 ? 4 : 5, bias = e4m3 ? 7 : 15;
    int s = (c >> 7) & 1, e = (int)((c >> mb) & ((1u << eb) - 1)), m = (int)(c & ((1u << mb) - 1));
    double v = e == 0 ? std::ldexp((double)m, 1 - bias - mb) : std::ldexp(1.0 + m / (double)(1 << mb), e - bias);
    return s ? -v : v;
}

// the code of t for the target (INT8 as its byte)
static uint32_t Code(double t, aclDataType y)
{
    if (y == ACL_INT8) {
        double r = std::nearbyint(t);
        r = r > 127 ? 127 : r < -128 ? -128 : r;
        return (uint32_t)(int8_t)r & 0xffu;
    }
    bool e4m3 = y == ACL_FLOAT8_E4M3FN;
    uint32_t sign = std::signbit(t) ? 0x80 : 0, maxc = e4m3 ? 0x7e : 0x7b, best = 0;
    double a = std::fabs(t), bd = INFINITY;
    for (uint32_t c = 0; c <= maxc; c++) {
        double d = std::fabs(Fp8Value(c, e4m3) - a);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    return best == 0 ? 0 : sign | best; // +-0 compare as 0
}

static double Gelu(double x, bool tanh_form)
{
    if (tanh_form) return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
}

static double Dmax(aclDataType y) { return y == ACL_INT8 ? 127 : y == ACL_FLOAT8_E4M3FN ? 448 : 57344; }

struct ByteOut {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t n;
    ByteOut(aclDataType dt, const std::vector<int64_t> &shape)
    {
        n = (size_t)GetShapeSize(shape);
        aclrtMalloc(&dev, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        int64_t storage = (int64_t)n;
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, &storage, 1, dev);
    }
    ~ByteOut() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<uint8_t> Read() const
    {
        std::vector<uint8_t> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static bool Accept(uint32_t got, double t, aclDataType y)
{
    if ((got & 0x7f) == 0 && y != ACL_INT8) got = 0;
    for (double f : {1.0, 1 - 2e-4, 1 + 2e-4})
        if (got == Code(t * f, y)) return true;
    return std::fabs(t) < 1e-6 && got == 0;
}

static void Case(aclDataType xd, aclDataType yd, bool tanh_form, bool dyn, int scale_kind, bool offset, int n)
{
    // scale_kind: 0 none (dynamic only), 1 per column, 2 one element
    const std::vector<int64_t> shape = {3, 5, 40};
    const int64_t cols = 40, rows = 15, total = rows * cols;
    std::vector<double> x = QuantAll(xd, RandomValues((size_t)total, 100 + n, 4.0));
    int64_t slen = scale_kind == 2 ? 1 : cols;
    aclDataType pd = n % 3 == 0 ? ACL_FLOAT : xd; // scale / offset dtype: FLOAT or self's
    if (xd == ACL_FLOAT) pd = ACL_FLOAT;
    std::vector<double> s = RandomValues((size_t)slen, 200 + n, 3.0);
    for (double &v : s) v = std::fabs(v) + 0.25;
    s = QuantAll(pd, s);
    std::vector<double> o = QuantAll(pd, RandomValues((size_t)slen, 300 + n, 2.0));
    DevTensor tx, ts, to, tsc;
    ByteOut ty(yd, shape);
    if (!tx.Init(xd, shape, x, (Layout)(n % 3)) || (scale_kind && !ts.Init(pd, {slen}, s, (Layout)(n % 2))) ||
        (offset && !to.Init(pd, {slen}, o, CONTIG)) || (dyn && !tsc.Init(ACL_FLOAT, {3, 5}, {}, (Layout)((n + 1) % 2)))) {
        EXPECT(false, "set-up failed");
        return;
    }
    std::string what = std::string("GeluQuant ") + DtName(xd) + "->" + DtName(yd) + (tanh_form ? " tanh" : " none") +
                       (dyn ? " dynamic" : " static") + " scale" + std::to_string(scale_kind) + (offset ? " offset" : "");
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnGeluQuantGetWorkspaceSize(tx.t, scale_kind ? ts.t : nullptr, offset ? to.t : nullptr,
                                              tanh_form ? "tanh" : "none", dyn ? "dynamic" : "static", "rint",
                                              (int64_t)yd, ty.t, dyn ? tsc.t : nullptr, w, e);
    }, aclnnGeluQuant);
    EXPECT(rc == 0, "%s: returned %d (%s)", what.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    std::vector<uint8_t> got = ty.Read();
    std::vector<double> gotsc = dyn ? tsc.Read() : std::vector<double>();
    size_t bad = 0, badsc = 0;
    for (int64_t r = 0; r < rows; r++) {
        std::vector<double> v((size_t)cols);
        double amax = 0;
        for (int64_t c = 0; c < cols; c++) {
            double g = Gelu(x[(size_t)(r * cols + c)], tanh_form);
            double sc = scale_kind ? s[(size_t)(scale_kind == 2 ? 0 : c)] : 1.0;
            v[(size_t)c] = dyn ? g * sc : g * sc + (offset ? o[(size_t)(scale_kind == 2 ? 0 : c)] : 0.0);
            amax = std::max(amax, std::fabs(v[(size_t)c]));
        }
        double scale = (float)amax * (float)(1.0 / Dmax(yd));
        if (dyn && !(std::fabs(gotsc[(size_t)r] - scale) <= 1e-4 * scale + 1e-12)) badsc++;
        for (int64_t c = 0; c < cols; c++) {
            double t = dyn ? v[(size_t)c] / gotsc[(size_t)r] : v[(size_t)c];
            if (!Accept(got[(size_t)(r * cols + c)], t, yd)) {
                if (!bad) fprintf(stderr, "%s: first bad at %lld: code 0x%02x, t %g (want 0x%02x), x %.9g g %.9g\n", what.c_str(),
                                  (long long)(r * cols + c), got[(size_t)(r * cols + c)], t, Code(t, yd),
                                  x[(size_t)(r * cols + c)], Gelu(x[(size_t)(r * cols + c)], tanh_form));
                bad++;
            }
        }
    }
    EXPECT(bad == 0 && badsc == 0, "%s: %zu codes and %zu scales wrong", what.c_str(), bad, badsc);
}

static void TestValues()
{
    int n = 0;
    for (aclDataType xd : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (aclDataType yd : {ACL_INT8, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2})
            for (bool tf : {false, true}) {
                Case(xd, yd, tf, false, 1 + n % 2, n % 3 != 1, n); n++;
                Case(xd, yd, tf, true, n % 3, false, n); n++;
            }
    Case(ACL_FLOAT16, ACL_INT8, false, true, 1, true, n++); // dynamic with an offset: accepted, unused
}

static void TestValidation()
{
    const std::vector<int64_t> sh = {4, 8};
    DevTensor x, x3, s, s1, o, o1, o3, sb, sh16, sc, sc3, s2d;
    ByteOut y(ACL_INT8, sh), y8(ACL_FLOAT8_E4M3FN, sh), yh(ACL_HIFLOAT8, sh), ybad(ACL_INT8, {4, 9});
    if (!x.Init(ACL_FLOAT16, sh, {}, CONTIG) || !x3.Init(ACL_FLOAT, sh, {}, CONTIG) || !s.Init(ACL_FLOAT16, {8}, {}, CONTIG) ||
        !s1.Init(ACL_FLOAT16, {1}, {}, CONTIG) || !o.Init(ACL_FLOAT16, {8}, {}, CONTIG) || !o1.Init(ACL_FLOAT16, {1}, {}, CONTIG) ||
        !sb.Init(ACL_BF16, {8}, {}, CONTIG) || !sh16.Init(ACL_FLOAT16, {5}, {}, CONTIG) || !sc.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !sc3.Init(ACL_FLOAT, {5}, {}, CONTIG) || !s2d.Init(ACL_FLOAT16, {1, 8}, {}, CONTIG) ||
        !o3.Init(ACL_FLOAT, {8}, {}, CONTIG)) return;
    struct Bad {
        const char *what;
        int code;
        const char *needle;
        const aclTensor *self, *scale, *offset;
        const char *approx, *mode, *round;
        int64_t dst;
        const aclTensor *yt, *os;
    } bad[] = {
        {"null quantMode", 161001, "quantMode", x.t, s.t, nullptr, "none", nullptr, "rint", 2, y.t, nullptr},
        {"bad quantMode", 161002, "neither", x.t, s.t, nullptr, "none", "dyn", "rint", 2, y.t, nullptr},
        {"null self", 161001, "self", nullptr, s.t, nullptr, "none", "static", "rint", 2, y.t, nullptr},
        {"static without scale", 161001, "inputScaleOptional", x.t, nullptr, nullptr, "none", "static", "rint", 2, y.t, nullptr},
        {"null approximate", 161001, "approximate", x.t, s.t, nullptr, nullptr, "static", "rint", 2, y.t, nullptr},
        {"dynamic without outScale", 161001, "outScaleOptional", x.t, s.t, nullptr, "none", "dynamic", "rint", 2, y.t, nullptr},
        {"static with outScale", 161002, "static quant mode", x.t, s.t, nullptr, "none", "static", "rint", 2, y.t, sc.t},
        {"dynamic offset without scale", 161002, "dynamic quant mode", x.t, nullptr, o.t, "none", "dynamic", "rint", 2, y.t, sc.t},
        {"fp16 self, bf16 scale", 161002, "not compatible", x.t, sb.t, nullptr, "none", "static", "rint", 2, y.t, nullptr},
        {"offset dtype", 161002, "inputOffsetOptional", x.t, s.t, o3.t, "none", "static", "rint", 2, y.t, nullptr},
        {"approximate", 161002, "expected approximate", x.t, s.t, nullptr, "fast", "static", "rint", 2, y.t, nullptr},
        {"dstType", 161002, "must be the same as y dtype", x.t, s.t, nullptr, "none", "static", "rint", 36, y.t, nullptr},
        {"outScale shape", 161002, "except for the last", x.t, s.t, nullptr, "none", "dynamic", "rint", 2, y.t, sc3.t},
        {"scale 2-D", 161002, "only supported 1D", x.t, s2d.t, nullptr, "none", "static", "rint", 2, y.t, nullptr},
        {"offset length", 161002, "matches the shape of inputScaleOptional", x.t, s.t, o1.t, "none", "static", "rint", 2, y.t, nullptr},
        {"y shape", 161002, "", x.t, s.t, nullptr, "none", "static", "rint", 2, ybad.t, nullptr},
        {"roundMode", 161002, "not in ['rint']", x.t, s.t, nullptr, "none", "static", "round", 36, y8.t, nullptr},
        {"hifloat8 roundMode", 161002, "for hifloat8", x.t, s.t, nullptr, "none", "static", "rint", 34, yh.t, nullptr},
        {"FLOAT self, FP16 scale", 561002, "must be DT_FLOAT", x3.t, s.t, nullptr, "none", "static", "rint", 2, y.t, nullptr},
        {"scale length", 561002, "Shape[0] of input_scale", x.t, sh16.t, nullptr, "none", "static", "rint", 2, y.t, nullptr},
        {"scalar scale, normal offset", 161002, "matches the shape of inputScaleOptional", x.t, s1.t, o.t, "none", "static", "rint", 2, y.t, nullptr},
    };
    for (const Bad &b : bad) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGeluQuantGetWorkspaceSize(b.self, b.scale, b.offset, b.approx, b.mode, b.round, b.dst, b.yt, b.os, &ws, &ex);
        ExpectError(b.what, rc, b.code, *b.needle ? b.needle : nullptr);
    }
    { // HIFLOAT8 with roundMode "hybrid" (the stochastic CAST_HYBRID): not emulated
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGeluQuantGetWorkspaceSize(x.t, s.t, nullptr, "none", "static", "hybrid", 34, yh.t, nullptr, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001 && m && std::strstr(m, "HIFLOAT8"), "hifloat8: returned %d (%s)", rc, m ? m : "");
    }
    // dynamic on 1-D self: 2-8-D only
    DevTensor x1, sc0;
    ByteOut y1(ACL_INT8, {8});
    if (x1.Init(ACL_FLOAT16, {8}, {}, CONTIG) && sc0.Init(ACL_FLOAT, {1}, {}, CONTIG)) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGeluQuantGetWorkspaceSize(x1.t, nullptr, nullptr, "none", "dynamic", "rint", 2, y1.t, sc0.t, &ws, &ex);
        ExpectError("dynamic 1-D self", rc, 161002, "should be 2-8D");
    }
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "910b") {
        DevTensor x, s;
        ByteOut y(ACL_INT8, {2, 4});
        if (!x.Init(ACL_FLOAT16, {2, 4}, {}, CONTIG) || !s.Init(ACL_FLOAT16, {1}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGeluQuantGetWorkspaceSize(x.t, s.t, nullptr, "none", "static", "rint", 2, y.t, nullptr, &ws, &ex);
        EXPECT(rc == 361001, "910B: returned %d, expected 361001", rc);
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
