// aclnnGeluQuant with a HIFLOAT8 y (950) against a reference written here: g = GeLU(x) in double
// (erf or tanh form), static t = g * scale + offset, or dynamic v = g * smooth, scale = max|v| *
// (1 / 32768) (FP32), t = v / scale; the code is the nearest HiF8 code of t (../hif8/hif8_ref.h:
// values read from the bit strings, ties to the larger magnitude, saturating at 32768). The
// device's GeLU is an FP32 approximation, so a code is accepted when it is the code of t scaled by
// 1 +- 2e-4; dynamic scales within 1e-4 relative. Every self dtype, both GeLU forms, per-column
// and one-element scale / offset / smooth, no smooth, strided views, saturation; the roundMode
// paths (HIFLOAT8 wants "round" / "hybrid": 161002; "hybrid" is the stochastic CAST_HYBRID, not
// emulated: 361001). argv[1] "910b": no kernel (361001).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "../hif8/hif8_ref.h"
#include "aclnnop/aclnn_gelu_quant.h"

static aclrtStream g_stream;

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
    ByteOut(const ByteOut &) = delete;
    ByteOut &operator=(const ByteOut &) = delete;
    ~ByteOut() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<uint8_t> Read() const
    {
        std::vector<uint8_t> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static double Gelu(double x, bool tanh_form)
{
    if (tanh_form) return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
}

static bool Accept(uint32_t got, double t)
{
    for (double f : {1.0, 1 - 2e-4, 1 + 2e-4})
        if ((int)got == hif8_ref_encode(t * f)) return true;
    return false;
}

// scale_kind: 0 none (dynamic only), 1 per column, 2 one element; big: scales that saturate
static void Case(aclDataType xd, bool tanh_form, bool dyn, int scale_kind, bool offset, bool big, int n)
{
    const std::vector<int64_t> shape = {3, 5, 40};
    const int64_t cols = 40, rows = 15, total = rows * cols;
    std::vector<double> x = QuantAll(xd, RandomValues((size_t)total, 500 + n, 4.0));
    int64_t slen = scale_kind == 2 ? 1 : cols;
    aclDataType pd = (n % 3 == 0 || xd == ACL_FLOAT) ? ACL_FLOAT : xd;
    std::vector<double> s = RandomValues((size_t)slen, 600 + n, 3.0);
    for (double &v : s) v = std::min((std::fabs(v) + 0.25) * (big ? 12000.0 : 1.0), 60000.0); // finite in FP16
    s = QuantAll(pd, s);
    std::vector<double> o = QuantAll(pd, RandomValues((size_t)slen, 700 + n, 2.0));
    DevTensor tx, ts, to, tsc;
    ByteOut ty(ACL_HIFLOAT8, shape);
    if (!tx.Init(xd, shape, x, (Layout)(n % 3)) || (scale_kind && !ts.Init(pd, {slen}, s, (Layout)(n % 2))) ||
        (offset && !to.Init(pd, {slen}, o, CONTIG)) || (dyn && !tsc.Init(ACL_FLOAT, {3, 5}, {}, (Layout)((n + 1) % 2)))) {
        EXPECT(false, "set-up failed");
        return;
    }
    std::string what = std::string("GeluQuant ") + DtName(xd) + "->HIFLOAT8" + (tanh_form ? " tanh" : " none") +
                       (dyn ? " dynamic" : " static") + " scale" + std::to_string(scale_kind) + (offset ? " offset" : "") +
                       (big ? " saturating" : "");
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnGeluQuantGetWorkspaceSize(tx.t, scale_kind ? ts.t : nullptr, offset ? to.t : nullptr,
                                              tanh_form ? "tanh" : "none", dyn ? "dynamic" : "static", "round",
                                              (int64_t)ACL_HIFLOAT8, ty.t, dyn ? tsc.t : nullptr, w, e);
    }, aclnnGeluQuant);
    EXPECT(rc == 0, "%s: returned %d (%s)", what.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    std::vector<uint8_t> got = ty.Read();
    std::vector<double> gotsc = dyn ? tsc.Read() : std::vector<double>();
    size_t bad = 0, badsc = 0, sat = 0;
    for (int64_t r = 0; r < rows; r++) {
        std::vector<double> v((size_t)cols);
        double amax = 0;
        for (int64_t c = 0; c < cols; c++) {
            double g = Gelu(x[(size_t)(r * cols + c)], tanh_form);
            size_t k = (size_t)(scale_kind == 2 ? 0 : c);
            double sc = scale_kind ? s[k] : 1.0;
            v[(size_t)c] = dyn ? g * sc : g * sc + (offset ? o[k] : 0.0);
            amax = std::max(amax, std::fabs(v[(size_t)c]));
        }
        double scale = (float)amax * (float)(1.0 / 32768.0);
        if (dyn && !(std::fabs(gotsc[(size_t)r] - scale) <= 1e-4 * scale + 1e-30)) {
            if (!badsc) fprintf(stderr, "%s: row %lld scale %.9g, want %.9g\n", what.c_str(), (long long)r, gotsc[(size_t)r], scale);
            badsc++;
        }
        for (int64_t c = 0; c < cols; c++) {
            double t = dyn ? v[(size_t)c] / gotsc[(size_t)r] : v[(size_t)c];
            uint8_t g = got[(size_t)(r * cols + c)];
            if (std::fabs(t) > 32768) sat++;
            if (!Accept(g, t)) {
                if (!bad) fprintf(stderr, "%s: first bad at %lld: code 0x%02x, t %.9g (want 0x%02x)\n", what.c_str(),
                                  (long long)(r * cols + c), g, t, hif8_ref_encode(t));
                bad++;
            }
        }
    }
    EXPECT(bad == 0 && badsc == 0, "%s: %zu codes and %zu scales wrong", what.c_str(), bad, badsc);
    if (big) EXPECT(sat > 0, "%s: no value beyond 32768 (the case does not test saturation)", what.c_str());
}

static void TestValues()
{
    int n = 0;
    for (aclDataType xd : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool tf : {false, true}) {
            Case(xd, tf, false, 1 + n % 2, n % 3 != 1, false, n); n++;
            Case(xd, tf, true, n % 3, false, false, n); n++;
        }
    Case(ACL_FLOAT, false, false, 1, true, true, n++); // static, saturating at +-32768
    Case(ACL_FLOAT16, true, false, 2, false, true, n++);
}

static void TestValidation()
{
    const std::vector<int64_t> sh = {4, 8};
    DevTensor x, s, sc;
    ByteOut yh(ACL_HIFLOAT8, sh), y8(ACL_FLOAT8_E4M3FN, sh), yi(ACL_INT8, sh);
    if (!x.Init(ACL_FLOAT16, sh, {}, CONTIG) || !s.Init(ACL_FLOAT16, {8}, {}, CONTIG) || !sc.Init(ACL_FLOAT, {4}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnGeluQuantGetWorkspaceSize(x.t, s.t, nullptr, "none", "static", "rint", 34, yh.t, nullptr, &ws, &ex);
    ExpectError("hifloat8 rint", rc, 161002, "for hifloat8");
    rc = aclnnGeluQuantGetWorkspaceSize(x.t, s.t, nullptr, "none", "static", "round", 36, y8.t, nullptr, &ws, &ex);
    ExpectError("fp8 round", rc, 161002, "not in ['rint']");
    rc = aclnnGeluQuantGetWorkspaceSize(x.t, s.t, nullptr, "none", "static", "round", 2, yh.t, nullptr, &ws, &ex);
    ExpectError("dstType int8, y hifloat8", rc, 161002, "must be the same as y dtype");
    for (const char *mode : {"static", "dynamic"}) {
        bool dyn = mode[0] == 'd';
        rc = aclnnGeluQuantGetWorkspaceSize(x.t, dyn ? nullptr : s.t, nullptr, "tanh", mode, "hybrid", 34, yh.t,
                                            dyn ? sc.t : nullptr, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001 && m && std::strstr(m, "hybrid") && std::strstr(m, "HIFLOAT8"),
               "hifloat8 hybrid %s: returned %d (%s)", mode, rc, m ? m : "");
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
        ByteOut y(ACL_HIFLOAT8, {2, 4});
        if (!x.Init(ACL_FLOAT16, {2, 4}, {}, CONTIG) || !s.Init(ACL_FLOAT16, {1}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGeluQuantGetWorkspaceSize(x.t, s.t, nullptr, "none", "static", "round", 34, y.t, nullptr, &ws, &ex);
        EXPECT(rc == 361001, "910B: returned %d, expected 361001", rc);
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
