// The complex dtypes the real APIs list: aclnnCast / aclnnInplaceCopy on COMPLEX64 and COMPLEX128
// (real -> complex has imaginary part 0, complex -> real keeps the real part, complex <-> complex);
// Add / Sub / Mul / Div (tensor, scalar and inplace forms, broadcasting, complex x real promotion)
// Exp and SigmoidBackward (grad * conj(y (1 - y)), PyTorch's complex rule) on complex inputs
// against std::complex<double>; the floating conversions with special values (NaN, +-Inf, -0, FP16 overflow and
// subnormals, BF16 round-to-nearest-even ties) on contiguous and strided views; and the chip
// rule of aclnnThresholdBackward: INT64 only on Ascend 950 (run with "950" under a 950 topology).
#include <complex>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_fill_scalar.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_sub.h"
#include "aclnnop/aclnn_threshold_backward.h"

// A contiguous device buffer of raw bytes with a tensor over it (strides in elements).
struct Raw {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    Raw(aclDataType dt, std::vector<int64_t> shape, const void *host, size_t bytes_, std::vector<int64_t> strides = {},
        int64_t storage = -1)
        : bytes(bytes_)
    {
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return;
        if (host) aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        else aclrtMemset(dev, bytes, 0, bytes);
        int64_t st = storage >= 0 ? storage : GetShapeSize(shape);
        t = aclCreateTensor(shape.data(), shape.size(), dt, strides.empty() ? nullptr : strides.data(), 0, ACL_FORMAT_ND,
                            &st, 1, dev);
    }
    ~Raw()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    template <typename T> std::vector<T> Get(size_t n) const
    {
        std::vector<T> h(n);
        aclrtMemcpy(h.data(), n * sizeof(T), dev, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static int Cast(aclrtStream s, const aclTensor *in, aclDataType dt, aclTensor *out)
{
    return Run("aclnnCast", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCastGetWorkspaceSize(in, dt, out, w, e); }, aclnnCast);
}

static void TestComplex(aclrtStream s)
{
    const int n = 7;
    std::vector<float> f = {1.5f, -2.25f, 0.0f, 3e5f, -1e-3f, 7.0f, -0.5f};
    // FLOAT -> COMPLEX64: (x, 0)
    Raw tf(ACL_FLOAT, {n}, f.data(), n * 4), tc(ACL_COMPLEX64, {n}, nullptr, n * 8);
    EXPECT(Cast(s, tf.t, ACL_COMPLEX64, tc.t) == 0, "cast f32 -> c64");
    std::vector<std::complex<float>> c = tc.Get<std::complex<float>>(n);
    for (int i = 0; i < n; i++) EXPECT(c[i].real() == f[i] && c[i].imag() == 0, "c64[%d] = (%g, %g)", i, c[i].real(), c[i].imag());
    // COMPLEX128 with imaginary parts -> COMPLEX64 -> FLOAT (real part) and -> DOUBLE
    std::vector<std::complex<double>> z(n);
    for (int i = 0; i < n; i++) z[i] = std::complex<double>(f[i] * 2.0, -1.0 - i);
    Raw tz(ACL_COMPLEX128, {n}, z.data(), n * 16), tz64(ACL_COMPLEX64, {n}, nullptr, n * 8), tr(ACL_FLOAT, {n}, nullptr, n * 4),
        td(ACL_DOUBLE, {n}, nullptr, n * 8);
    EXPECT(Cast(s, tz.t, ACL_COMPLEX64, tz64.t) == 0, "cast c128 -> c64");
    c = tz64.Get<std::complex<float>>(n);
    for (int i = 0; i < n; i++)
        EXPECT(c[i].real() == (float)z[i].real() && c[i].imag() == (float)z[i].imag(), "c128->c64[%d]", i);
    EXPECT(Cast(s, tz64.t, ACL_FLOAT, tr.t) == 0, "cast c64 -> f32");
    std::vector<float> r = tr.Get<float>(n);
    for (int i = 0; i < n; i++) EXPECT(r[i] == (float)z[i].real(), "c64->f32[%d] = %g", i, r[i]);
    EXPECT(Cast(s, tz.t, ACL_DOUBLE, td.t) == 0, "cast c128 -> f64");
    std::vector<double> d = td.Get<double>(n);
    for (int i = 0; i < n; i++) EXPECT(d[i] == z[i].real(), "c128->f64[%d] = %g", i, d[i]);

    // InplaceCopy: a strided COMPLEX128 view (every other element) into COMPLEX64, then FLOAT into COMPLEX128
    std::vector<std::complex<double>> zz(2 * n);
    for (int i = 0; i < 2 * n; i++) zz[i] = std::complex<double>(i + 0.25, -(i + 0.5));
    Raw src(ACL_COMPLEX128, {n}, zz.data(), 2 * n * 16, {2}, 2 * n), dst(ACL_COMPLEX64, {n}, nullptr, n * 8);
    int rc = Run("aclnnInplaceCopy", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceCopyGetWorkspaceSize(dst.t, src.t, w, e); }, aclnnInplaceCopy);
    EXPECT(rc == 0, "copy c128 strided -> c64");
    c = dst.Get<std::complex<float>>(n);
    for (int i = 0; i < n; i++)
        EXPECT(c[i].real() == (float)zz[2 * i].real() && c[i].imag() == (float)zz[2 * i].imag(), "copy[%d] = (%g, %g)", i,
               c[i].real(), c[i].imag());
    Raw dst2(ACL_COMPLEX128, {n}, nullptr, n * 16);
    rc = Run("aclnnInplaceCopy", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceCopyGetWorkspaceSize(dst2.t, tf.t, w, e); }, aclnnInplaceCopy);
    EXPECT(rc == 0, "copy f32 -> c128");
    z = dst2.Get<std::complex<double>>(n);
    for (int i = 0; i < n; i++) EXPECT(z[i].real() == f[i] && z[i].imag() == 0, "copy f32->c128[%d]", i);

    // InplaceFillScalar: a complex value into COMPLEX64, a real one into COMPLEX128 (imaginary 0)
    float cv[2] = {1.25f, -3.5f};
    aclScalar *cs = aclCreateScalar(cv, ACL_COMPLEX64);
    int rc2 = Run("aclnnInplaceFillScalar", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFillScalarGetWorkspaceSize(dst.t, cs, w, e); }, aclnnInplaceFillScalar);
    EXPECT(rc2 == 0, "fill c64");
    c = dst.Get<std::complex<float>>(n);
    for (int i = 0; i < n; i++) EXPECT(c[i] == std::complex<float>(1.25f, -3.5f), "fill c64[%d] = (%g, %g)", i, c[i].real(), c[i].imag());
    aclDestroyScalar(cs);
    double rv = -0.75;
    aclScalar *rs = aclCreateScalar(&rv, ACL_DOUBLE);
    rc2 = Run("aclnnInplaceFillScalar", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFillScalarGetWorkspaceSize(dst2.t, rs, w, e); }, aclnnInplaceFillScalar);
    EXPECT(rc2 == 0, "fill c128");
    z = dst2.Get<std::complex<double>>(n);
    for (int i = 0; i < n; i++) EXPECT(z[i] == std::complex<double>(-0.75, 0), "fill c128[%d]", i);
    aclDestroyScalar(rs);
}

typedef std::complex<double> cd;

// Complex tensor of n values as COMPLEX64 or COMPLEX128 bytes.
static std::vector<unsigned char> Pack(aclDataType dt, const std::vector<cd> &v)
{
    size_t es = dt == ACL_COMPLEX64 ? 8 : 16;
    std::vector<unsigned char> b(v.size() * es);
    for (size_t i = 0; i < v.size(); i++) {
        if (dt == ACL_COMPLEX64) {
            float f[2] = {(float)v[i].real(), (float)v[i].imag()};
            std::memcpy(&b[i * es], f, 8);
        } else {
            double d[2] = {v[i].real(), v[i].imag()};
            std::memcpy(&b[i * es], d, 16);
        }
    }
    return b;
}

static std::vector<cd> Unpack(aclDataType dt, const Raw &r, size_t n)
{
    std::vector<cd> out(n);
    if (dt == ACL_COMPLEX64) {
        std::vector<std::complex<float>> f = r.Get<std::complex<float>>(n);
        for (size_t i = 0; i < n; i++) out[i] = cd(f[i].real(), f[i].imag());
    } else {
        out = r.Get<cd>(n);
    }
    return out;
}

// |a - g| <= atol + rtol |g| on the complex modulus (COMPLEX64: FP32 tolerances).
static void CheckComplex(const std::string &what, aclDataType dt, const std::vector<cd> &a, const std::vector<cd> &g)
{
    double rtol = dt == ACL_COMPLEX64 ? 1e-5 : 1e-12, atol = dt == ACL_COMPLEX64 ? 1e-5 : 1e-12;
    size_t bad = 0;
    for (size_t i = 0; i < g.size(); i++)
        if (!(std::abs(a[i] - g[i]) <= atol + rtol * std::abs(g[i]))) {
            if (bad++ < 3) printf("  %s[%zu] = (%g, %g), expected (%g, %g)\n", what.c_str(), i, a[i].real(), a[i].imag(), g[i].real(), g[i].imag());
        }
    EXPECT(bad == 0, "%s: %zu of %zu elements off", what.c_str(), bad, g.size());
}

static void TestComplexArith(aclrtStream s)
{
    const int R = 3, C = 5;
    for (aclDataType dt : {ACL_COMPLEX64, ACL_COMPLEX128}) {
        std::vector<cd> x(R * C), y(C);
        for (int i = 0; i < R * C; i++) x[(size_t)i] = cd(0.25 * i - 1.5, 0.5 - 0.125 * i);
        for (int i = 0; i < C; i++) y[(size_t)i] = cd(1.0 + 0.5 * i, (i % 2 ? -0.75 : 0.5));
        if (dt == ACL_COMPLEX64) { // the values the device holds
            for (cd &v : x) v = cd((float)v.real(), (float)v.imag());
            for (cd &v : y) v = cd((float)v.real(), (float)v.imag());
        }
        std::vector<unsigned char> bx = Pack(dt, x), by = Pack(dt, y);
        size_t es = dt == ACL_COMPLEX64 ? 8 : 16;
        Raw tx(dt, {R, C}, bx.data(), bx.size()), ty(dt, {C}, by.data(), by.size()), to(dt, {R, C}, nullptr, R * C * es);
        float af[2] = {2.0f, -1.0f};
        aclScalar *alpha = aclCreateScalar(af, ACL_COMPLEX64);
        const cd al(2.0, -1.0);
        std::string dn = dt == ACL_COMPLEX64 ? "c64" : "c128";
        struct Op { const char *name; std::function<int(uint64_t *, aclOpExecutor **)> s1; Stage2Fn s2; std::function<cd(cd, cd)> f; };
        std::vector<Op> ops = {
            {"Add", [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddGetWorkspaceSize(tx.t, ty.t, alpha, to.t, w, e); }, aclnnAdd,
             [&](cd a, cd b) { return a + al * b; }},
            {"Sub", [&](uint64_t *w, aclOpExecutor **e) { return aclnnSubGetWorkspaceSize(tx.t, ty.t, alpha, to.t, w, e); }, aclnnSub,
             [&](cd a, cd b) { return a - al * b; }},
            {"Mul", [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulGetWorkspaceSize(tx.t, ty.t, to.t, w, e); }, aclnnMul,
             [](cd a, cd b) { return a * b; }},
            {"Div", [&](uint64_t *w, aclOpExecutor **e) { return aclnnDivGetWorkspaceSize(tx.t, ty.t, to.t, w, e); }, aclnnDiv,
             [](cd a, cd b) { return a / b; }},
        };
        for (const Op &op : ops) {
            int rc = Run(op.name, s, op.s1, op.s2);
            EXPECT(rc == 0, "%s %s: %d", op.name, dn.c_str(), rc);
            if (rc) continue;
            std::vector<cd> g(R * C);
            for (int i = 0; i < R * C; i++) g[(size_t)i] = op.f(x[(size_t)i], y[(size_t)(i % C)]);
            CheckComplex(std::string(op.name) + " " + dn + " (3,5) x (5,)", dt, Unpack(dt, to, R * C), g);
        }
        // scalar forms: Muls by a complex scalar, Adds of a real scalar
        double sc[2] = {0.5, 1.5};
        aclScalar *cs = aclCreateScalar(sc, ACL_COMPLEX128);
        int rc = Run("Muls", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulsGetWorkspaceSize(tx.t, cs, to.t, w, e); }, aclnnMuls);
        EXPECT(rc == 0, "Muls %s", dn.c_str());
        if (rc == 0) {
            std::vector<cd> g(R * C);
            for (int i = 0; i < R * C; i++) g[(size_t)i] = x[(size_t)i] * cd(0.5, 1.5);
            CheckComplex("Muls " + dn, dt, Unpack(dt, to, R * C), g);
        }
        aclDestroyScalar(cs);
        // complex x FLOAT promotes to complex; Exp; InplaceDiv
        std::vector<float> rf(C);
        for (int i = 0; i < C; i++) rf[(size_t)i] = 0.5f + (float)i;
        Raw tr(ACL_FLOAT, {C}, rf.data(), C * 4);
        rc = Run("Mul", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulGetWorkspaceSize(tx.t, tr.t, to.t, w, e); }, aclnnMul);
        EXPECT(rc == 0, "Mul %s x fp32", dn.c_str());
        if (rc == 0) {
            std::vector<cd> g(R * C);
            for (int i = 0; i < R * C; i++) g[(size_t)i] = x[(size_t)i] * (double)rf[(size_t)(i % C)];
            CheckComplex("Mul " + dn + " x fp32", dt, Unpack(dt, to, R * C), g);
        }
        rc = Run("Exp", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnExpGetWorkspaceSize(tx.t, to.t, w, e); }, aclnnExp);
        EXPECT(rc == 0, "Exp %s", dn.c_str());
        if (rc == 0) {
            std::vector<cd> g(R * C);
            for (int i = 0; i < R * C; i++) g[(size_t)i] = std::exp(x[(size_t)i]);
            CheckComplex("Exp " + dn, dt, Unpack(dt, to, R * C), g);
        }
        rc = Run("SigmoidBackward", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSigmoidBackwardGetWorkspaceSize(tx.t, ty.t, to.t, w, e); }, aclnnSigmoidBackward);
        EXPECT(rc == 0, "SigmoidBackward %s", dn.c_str());
        if (rc == 0) {
            std::vector<cd> g(R * C);
            for (int i = 0; i < R * C; i++) {
                cd yy = y[(size_t)(i % C)];
                g[(size_t)i] = x[(size_t)i] * std::conj(yy * (1.0 - yy));
            }
            CheckComplex("SigmoidBackward " + dn, dt, Unpack(dt, to, R * C), g);
        }
        rc = Run("InplaceDiv", s, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceDivGetWorkspaceSize(tx.t, ty.t, w, e); }, aclnnInplaceDiv);
        EXPECT(rc == 0, "InplaceDiv %s", dn.c_str());
        if (rc == 0) {
            std::vector<cd> g(R * C);
            for (int i = 0; i < R * C; i++) g[(size_t)i] = x[(size_t)i] / y[(size_t)(i % C)];
            CheckComplex("InplaceDiv " + dn, dt, Unpack(dt, tx, R * C), g);
        }
        // complex results do not fit a real output; the rounding modes refuse complex
        Raw tf(ACL_FLOAT, {R, C}, nullptr, R * C * 4);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("Mul complex -> fp32 out", aclnnMulGetWorkspaceSize(tx.t, ty.t, tf.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
        ExpectError("DivMod trunc complex", aclnnDivModGetWorkspaceSize(tx.t, ty.t, 1, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "complex");
        aclDestroyScalar(alpha);
    }
}

static uint16_t F16(const std::vector<uint16_t> &v, size_t i) { return v[i]; }

static void TestFloatSpecials(aclrtStream s)
{
    // FP32 -> FP16 and BF16 against the independent reference encoders, contiguous and strided
    std::vector<float> x = {NAN, INFINITY, -INFINITY, -0.0f, 0.0f, 1e6f, -70000.0f, 65519.0f, 65520.0f, 1e-6f, -3e-8f,
                            1.0009765625f /* FP16 tie -> even */, 1.00048828125f, 3.14159265f, -2.71828183f,
                            1.00390625f /* BF16 tie -> even */, 1.01171875f /* BF16 tie -> odd+1 */};
    const int64_t n = (int64_t)x.size();
    for (int strided = 0; strided < 2; strided++) {
        std::vector<float> host(x.size() * 2, 123.0f);
        for (int64_t i = 0; i < n; i++) host[(size_t)(strided ? 2 * i : i)] = x[(size_t)i];
        std::vector<int64_t> st = strided ? std::vector<int64_t>{2} : std::vector<int64_t>{};
        Raw tx(ACL_FLOAT, {n}, host.data(), host.size() * 4, st, (int64_t)host.size());
        for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
            Raw ty(dt, {n}, nullptr, (size_t)n * 2);
            EXPECT(Cast(s, tx.t, dt, ty.t) == 0, "cast f32 -> %s", DtName(dt));
            std::vector<uint16_t> y = ty.Get<uint16_t>((size_t)n);
            for (int64_t i = 0; i < n; i++) {
                uint16_t want = dt == ACL_FLOAT16 ? RefToHalf(x[(size_t)i]) : RefToBf16(x[(size_t)i]);
                bool nan = std::isnan(x[(size_t)i]);
                bool ok = nan ? (dt == ACL_FLOAT16 ? std::isnan(RefFromHalf(F16(y, (size_t)i))) : std::isnan(RefFromBf16(y[(size_t)i])))
                              : y[(size_t)i] == want;
                EXPECT(ok, "cast %g -> %s%s: 0x%04x, expected 0x%04x", x[(size_t)i], DtName(dt), strided ? " (strided)" : "",
                       y[(size_t)i], want);
            }
            // and back to FP32: exact
            Raw tb(ACL_FLOAT, {n}, nullptr, (size_t)n * 4);
            EXPECT(Cast(s, ty.t, ACL_FLOAT, tb.t) == 0, "cast %s -> f32", DtName(dt));
            std::vector<float> b = tb.Get<float>((size_t)n);
            for (int64_t i = 0; i < n; i++) {
                double want = dt == ACL_FLOAT16 ? RefFromHalf(y[(size_t)i]) : RefFromBf16(y[(size_t)i]);
                EXPECT(std::isnan(want) ? std::isnan(b[(size_t)i]) : (double)b[(size_t)i] == want &&
                       std::signbit(b[(size_t)i]) == std::signbit(want), "cast %s 0x%04x -> f32: %g", DtName(dt), y[(size_t)i], b[(size_t)i]);
            }
        }
    }
    // FP32 -> INT32 keeps the op's saturating conversion (the fast float path must not be used)
    std::vector<float> big = {3e9f, -3e9f, 2.9f, -2.9f};
    std::vector<int32_t> want = {INT32_MAX, INT32_MIN, 2, -2};
    Raw ti(ACL_FLOAT, {4}, big.data(), 16), to(ACL_INT32, {4}, nullptr, 16);
    EXPECT(Cast(s, ti.t, ACL_INT32, to.t) == 0, "cast f32 -> i32");
    std::vector<int32_t> o = to.Get<int32_t>(4);
    for (int i = 0; i < 4; i++) EXPECT(o[(size_t)i] == want[(size_t)i], "cast %g -> i32: %d, expected %d", big[(size_t)i], o[(size_t)i], want[(size_t)i]);
}

static void TestThresholdInt64(aclrtStream s, bool is950)
{
    std::vector<int64_t> g = {5, -6, 7, 8, 9}, x = {-2, 0, 1, 3, 10};
    Raw tg(ACL_INT64, {5}, g.data(), 40), tx(ACL_INT64, {5}, x.data(), 40), to(ACL_INT64, {5}, nullptr, 40);
    int64_t thr = 1;
    aclScalar *t = aclCreateScalar(&thr, ACL_INT64);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnThresholdBackwardGetWorkspaceSize(tg.t, tx.t, t, to.t, &ws, &ex);
    if (!is950) {
        ExpectError("ThresholdBackward INT64 off 950", rc, ACLNN_ERR_PARAM_INVALID, "DT_INT64");
    } else {
        EXPECT(rc == 0, "ThresholdBackward INT64 on 950: %d %s", rc, aclGetRecentErrMsg());
        if (rc == 0) {
            void *w = nullptr;
            if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
            EXPECT(aclnnThresholdBackward(w, ws, ex, s) == 0 && aclrtSynchronizeStream(s) == 0, "run");
            if (w) aclrtFree(w);
            std::vector<int64_t> o = to.Get<int64_t>(5);
            for (int i = 0; i < 5; i++) {
                int64_t e = x[(size_t)i] > thr ? g[(size_t)i] : 0;
                EXPECT(o[(size_t)i] == e, "threshold_backward[%d] = %lld, expected %lld", i, (long long)o[(size_t)i], (long long)e);
            }
        }
    }
    aclDestroyScalar(t);
}

int main(int argc, char **argv)
{
    bool is950 = argc > 1 && std::string(argv[1]) == "950";
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    if (is950) EXPECT(soc && std::string(soc).find("950") != std::string::npos, "SoC %s is not a 950", soc ? soc : "?");
    TestComplex(rt.stream);
    TestComplexArith(rt.stream);
    TestFloatSpecials(rt.stream);
    TestThresholdInt64(rt.stream, is950);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
