// aclnnComplex, aclnnReal, aclnnPolar and aclnnAngleV2 with COMPLEX32 / COMPLEX64 / COMPLEX128
// tensors, against references computed here in long double: broadcasting, strided views,
// special values (+-0, +-Inf, NaN), empty tensors, every validation path, and the 310P profile
// (Real's short list, no AngleV2 kernel).
#include <complex>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_angle_v2.h"
#include "aclnnop/aclnn_complex.h"
#include "aclnnop/aclnn_polar.h"
#include "aclnnop/aclnn_real.h"

typedef std::vector<double> Vec;
typedef std::complex<double> Cx;
static aclrtStream g_stream;
static bool g_310p;

static bool IsCx(aclDataType dt) { return dt == ACL_COMPLEX32 || dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }
static aclDataType Part(aclDataType dt) { return dt == ACL_COMPLEX32 ? ACL_FLOAT16 : dt == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE; }
static size_t Size(aclDataType dt) { return IsCx(dt) ? 2 * ElemSize(Part(dt)) : ElemSize(dt); }

// A device tensor of any real or complex dtype, contiguous or strided (elements two apart,
// offset 1), filled from complex values (the imaginary part ignored for real dtypes).
struct CxTensor {
    aclDataType dt;
    std::vector<int64_t> shape, strides, storage;
    int64_t offset = 0, n = 0, elems = 0;
    void *dev = nullptr;
    aclTensor *t = nullptr;
    ~CxTensor() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
    int64_t Where(int64_t i) const
    {
        int64_t off = offset;
        for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) { off += (i % shape[(size_t)d]) * strides[(size_t)d]; i /= shape[(size_t)d]; }
        return off;
    }
    void Put(unsigned char *p, Cx v) const
    {
        if (IsCx(dt)) { Encode(Part(dt), v.real(), p); Encode(Part(dt), v.imag(), p + ElemSize(Part(dt))); }
        else Encode(dt, v.real(), p);
    }
    Cx Get(const unsigned char *p) const
    {
        return IsCx(dt) ? Cx(Decode(Part(dt), p), Decode(Part(dt), p + ElemSize(Part(dt)))) : Cx(Decode(dt, p), 0);
    }
    bool Init(aclDataType d, const std::vector<int64_t> &s, const std::vector<Cx> &v, bool strided)
    {
        dt = d;
        shape = s;
        strides.assign(s.size(), 1);
        int64_t st = strided ? 2 : 1;
        for (int64_t k = (int64_t)s.size() - 1; k >= 0; k--) { strides[(size_t)k] = st; st *= s[(size_t)k]; }
        offset = strided ? 1 : 0;
        n = GetShapeSize(s);
        elems = offset + st;
        storage.assign(1, elems);
        std::vector<unsigned char> host((size_t)elems * Size(dt) + 1, 0);
        for (int64_t i = 0; i < elems; i++) Put(&host[(size_t)i * Size(dt)], Cx(-7, -7));
        for (int64_t i = 0; i < n && !v.empty(); i++) Put(&host[(size_t)Where(i) * Size(dt)], v[(size_t)i]);
        size_t bytes = (size_t)elems * Size(dt);
        if (aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE)) return false;
        t = aclCreateTensor(shape.data(), shape.size(), dt, shape.empty() ? nullptr : strides.data(), offset, ACL_FORMAT_ND, storage.data(), 1, dev);
        return t != nullptr;
    }
    std::vector<Cx> Read() const
    {
        size_t bytes = (size_t)elems * Size(dt);
        std::vector<unsigned char> host(bytes);
        aclrtMemcpy(host.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<Cx> r((size_t)n);
        for (int64_t i = 0; i < n; i++) r[(size_t)i] = Get(&host[(size_t)Where(i) * Size(dt)]);
        return r;
    }
};

static std::vector<Cx> Rand(aclDataType dt, int64_t n, uint64_t seed, bool specials = false)
{
    Vec re = RandomValues((size_t)n, seed), im = RandomValues((size_t)n, seed + 99);
    const double sp[6] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -2.5};
    std::vector<Cx> v((size_t)n);
    aclDataType p = IsCx(dt) ? Part(dt) : dt;
    for (int64_t i = 0; i < n; i++) {
        double a = re[(size_t)i], b = im[(size_t)i];
        if (specials && i < 6) a = sp[i];
        if (specials && i >= 6 && i < 12) b = sp[i - 6];
        v[(size_t)i] = Cx(Quant(p, a), IsCx(dt) ? Quant(p, b) : 0);
    }
    return v;
}

// real / imaginary parts compared as dtype `p` values (NaN and Inf must match exactly)
static void CheckCx(const std::string &what, aclDataType p, const std::vector<Cx> &got, const std::vector<Cx> &ref, bool imag = true)
{
    Vec gr, rr;
    for (size_t i = 0; i < ref.size(); i++) {
        gr.push_back(got[i].real()); rr.push_back(ref[i].real());
        if (imag) { gr.push_back(got[i].imag()); rr.push_back(ref[i].imag()); }
    }
    CheckDtype(what.c_str(), p, gr, rr);
}

// index of out element i in an operand of shape s broadcast to out shape o
static size_t Bidx(const std::vector<int64_t> &s, const std::vector<int64_t> &o, int64_t i)
{
    int64_t f = 0, mul = 1;
    for (int64_t d = (int64_t)o.size() - 1, k = (int64_t)s.size() - 1; d >= 0; d--, k--) {
        int64_t q = i % o[(size_t)d];
        i /= o[(size_t)d];
        if (k >= 0) { f += (s[(size_t)k] == 1 ? 0 : q) * mul; mul *= s[(size_t)k]; }
    }
    return (size_t)f;
}

static void ComplexCase(aclDataType in, aclDataType out, std::vector<int64_t> sr, std::vector<int64_t> si, std::vector<int64_t> so, bool strided, uint64_t seed)
{
    std::vector<Cx> re = Rand(in, GetShapeSize(sr), seed, true), im = Rand(in, GetShapeSize(si), seed + 1, true);
    CxTensor a, b, o;
    if (!a.Init(in, sr, re, strided) || !b.Init(in, si, im, false) || !o.Init(out, so, {}, strided)) return;
    std::string what = std::string("Complex ") + DtName(in) + (strided ? " strided" : "") + " numel " + std::to_string(GetShapeSize(so));
    int rc = Run("Complex", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnComplexGetWorkspaceSize(a.t, b.t, o.t, w, e); }, aclnnComplex);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<Cx> ref((size_t)GetShapeSize(so));
    for (size_t i = 0; i < ref.size(); i++) ref[i] = Cx(re[Bidx(sr, so, (int64_t)i)].real(), im[Bidx(si, so, (int64_t)i)].real());
    CheckCx(what, Part(out), o.Read(), ref);
}

static void RealCase(aclDataType in, aclDataType out, std::vector<int64_t> s, bool strided, uint64_t seed)
{
    std::vector<Cx> x = Rand(in, GetShapeSize(s), seed, true);
    CxTensor a, o;
    if (!a.Init(in, s, x, strided) || !o.Init(out, s, {}, !strided)) return;
    std::string what = std::string("Real ") + std::to_string((int)in) + (strided ? " strided" : "");
    int rc = Run("Real", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRealGetWorkspaceSize(a.t, o.t, w, e); }, aclnnReal);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<Cx> ref(x.size());
    for (size_t i = 0; i < x.size(); i++) ref[i] = Cx(x[i].real(), 0);
    CheckCx(what, out, o.Read(), ref, false);
}

static void PolarCase(std::vector<int64_t> sa, std::vector<int64_t> sb, std::vector<int64_t> so, bool strided, uint64_t seed)
{
    std::vector<Cx> r = Rand(ACL_FLOAT, GetShapeSize(sa), seed, true), th = Rand(ACL_FLOAT, GetShapeSize(sb), seed + 1, true);
    CxTensor a, b, o;
    if (!a.Init(ACL_FLOAT, sa, r, strided) || !b.Init(ACL_FLOAT, sb, th, false) || !o.Init(ACL_COMPLEX64, so, {}, strided)) return;
    std::string what = std::string("Polar") + (strided ? " strided" : "") + " numel " + std::to_string(GetShapeSize(so));
    int rc = Run("Polar", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnPolarGetWorkspaceSize(a.t, b.t, o.t, w, e); }, aclnnPolar);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<Cx> ref((size_t)GetShapeSize(so));
    for (size_t i = 0; i < ref.size(); i++) {
        long double m = r[Bidx(sa, so, (int64_t)i)].real(), t = th[Bidx(sb, so, (int64_t)i)].real();
        ref[i] = Cx((double)(m * std::cos(t)), (double)(m * std::sin(t)));
    }
    CheckCx(what, ACL_FLOAT, o.Read(), ref);
}

static void AngleCase(aclDataType in, aclDataType out, std::vector<int64_t> s, bool strided, uint64_t seed)
{
    std::vector<Cx> x = Rand(in, GetShapeSize(s), seed, true);
    if (in == ACL_BOOL) for (auto &v : x) v = Cx(v.real() != 0, 0);
    CxTensor a, o;
    if (!a.Init(in, s, x, strided) || !o.Init(out, s, {}, !strided)) return;
    std::string what = std::string("AngleV2 ") + std::to_string((int)in) + (strided ? " strided" : "");
    int rc = Run("AngleV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAngleV2GetWorkspaceSize(a.t, o.t, w, e); }, aclnnAngleV2);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<Cx> ref(x.size());
    for (size_t i = 0; i < x.size(); i++) {
        double v = x[i].real();
        ref[i] = IsCx(in) ? Cx(std::atan2(x[i].imag(), v), 0) : Cx(std::isnan(v) ? v : v < 0 ? M_PI : 0.0, 0);
    }
    CheckCx(what, out, o.Read(), ref, false);
}

static void TestValidation()
{
    CxTensor f23, f3, d23, i23, c23, c24, z23, q23, h23, f0;
    if (!f23.Init(ACL_FLOAT, {2, 3}, {}, false) || !f3.Init(ACL_FLOAT, {3}, {}, false) || !d23.Init(ACL_DOUBLE, {2, 3}, {}, false) ||
        !i23.Init(ACL_INT32, {2, 3}, {}, false) || !c23.Init(ACL_COMPLEX64, {2, 3}, {}, false) || !c24.Init(ACL_COMPLEX64, {2, 4}, {}, false) ||
        !z23.Init(ACL_COMPLEX128, {2, 3}, {}, false) || !q23.Init(ACL_COMPLEX32, {2, 3}, {}, false) || !h23.Init(ACL_FLOAT16, {2, 3}, {}, false) ||
        !f0.Init(ACL_FLOAT, {0, 3}, {}, false)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int P = ACLNN_ERR_PARAM_INVALID, N = ACLNN_ERR_PARAM_NULLPTR;
    ExpectError("Complex null imag", aclnnComplexGetWorkspaceSize(f23.t, nullptr, c23.t, &ws, &ex), N, "imag");
    EXPECT(aclnnComplexGetWorkspaceSize(f0.t, i23.t, i23.t, &ws, &ex) == 0 && ws == 0, "Complex empty real: nothing checked further");
    ExpectError("Complex INT32", aclnnComplexGetWorkspaceSize(i23.t, i23.t, c23.t, &ws, &ex), P, "DT_INT32");
    ExpectError("Complex out FLOAT", aclnnComplexGetWorkspaceSize(f23.t, f23.t, f23.t, &ws, &ex), P, "out");
    ExpectError("Complex imag dtype", aclnnComplexGetWorkspaceSize(f23.t, d23.t, c23.t, &ws, &ex), P, "imag");
    ExpectError("Complex pair", aclnnComplexGetWorkspaceSize(f23.t, f23.t, z23.t, &ws, &ex), P, "paired");
    ExpectError("Complex out shape", aclnnComplexGetWorkspaceSize(f23.t, f3.t, c24.t, &ws, &ex), P, "[2, 3]", "[2, 4]");
    ExpectError("Real null", aclnnRealGetWorkspaceSize(nullptr, f23.t, &ws, &ex), N, "self");
    ExpectError("Real INT32", aclnnRealGetWorkspaceSize(i23.t, i23.t, &ws, &ex), P, "DT_INT32");
    ExpectError("Real pair", aclnnRealGetWorkspaceSize(c23.t, d23.t, &ws, &ex), P, "DT_COMPLEX64", "DT_DOUBLE");
    ExpectError("Real shape", aclnnRealGetWorkspaceSize(c24.t, f23.t, &ws, &ex), P, "shape");
    if (g_310p) {
        ExpectError("310P Real FLOAT", aclnnRealGetWorkspaceSize(f23.t, f23.t, &ws, &ex), P, "DT_FLOAT");
        ExpectError("310P Real COMPLEX32", aclnnRealGetWorkspaceSize(q23.t, h23.t, &ws, &ex), P, "DT_COMPLEX32");
        ExpectError("310P AngleV2", aclnnAngleV2GetWorkspaceSize(f23.t, f23.t, &ws, &ex), ACLNN_ERR_RUNTIME_ERROR);
    }
    ExpectError("Polar null angle", aclnnPolarGetWorkspaceSize(f23.t, nullptr, c23.t, &ws, &ex), N, "angle");
    ExpectError("Polar DOUBLE", aclnnPolarGetWorkspaceSize(d23.t, d23.t, c23.t, &ws, &ex), P, "DT_DOUBLE");
    ExpectError("Polar out", aclnnPolarGetWorkspaceSize(f23.t, f23.t, z23.t, &ws, &ex), P, "DT_COMPLEX128");
    ExpectError("Polar out shape", aclnnPolarGetWorkspaceSize(f23.t, f3.t, c24.t, &ws, &ex), P, "Shape of out should be [2, 3]");
    if (!g_310p) {
        ExpectError("AngleV2 null", aclnnAngleV2GetWorkspaceSize(f23.t, nullptr, &ws, &ex), N, "out");
        ExpectError("AngleV2 DOUBLE", aclnnAngleV2GetWorkspaceSize(d23.t, d23.t, &ws, &ex), P, "DT_DOUBLE");
        ExpectError("AngleV2 out dtype", aclnnAngleV2GetWorkspaceSize(i23.t, h23.t, &ws, &ex), P, "DT_FLOAT16", "DT_FLOAT");
        ExpectError("AngleV2 shape", aclnnAngleV2GetWorkspaceSize(c24.t, f23.t, &ws, &ex), P, "shape");
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_310p = std::string(aclrtGetSocName()).find("Ascend310P") == 0;
    uint64_t seed = 17;
    const aclDataType ins[3] = {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE}, cxs[3] = {ACL_COMPLEX32, ACL_COMPLEX64, ACL_COMPLEX128};
    for (int k = 0; k < 3; k++) {
        ComplexCase(ins[k], cxs[k], {4, 5}, {4, 5}, {4, 5}, false, seed++);
        ComplexCase(ins[k], cxs[k], {3, 1, 4}, {2, 1}, {3, 2, 4}, true, seed++);
    }
    std::vector<std::pair<aclDataType, aclDataType>> reals = {{ACL_COMPLEX64, ACL_FLOAT}, {ACL_COMPLEX128, ACL_DOUBLE}};
    if (!g_310p) { reals.push_back({ACL_COMPLEX32, ACL_FLOAT16}); reals.push_back({ACL_FLOAT, ACL_FLOAT}); reals.push_back({ACL_FLOAT16, ACL_FLOAT16}); }
    for (auto &r : reals) {
        RealCase(r.first, r.second, {3, 7}, false, seed++);
        RealCase(r.first, r.second, {2, 3, 4}, true, seed++);
    }
    PolarCase({4, 6}, {4, 6}, {4, 6}, false, seed++);
    PolarCase({4, 1}, {5}, {4, 5}, true, seed++);
    CxTensor e1, e2, eo; // empty: nothing runs
    if (e1.Init(ACL_FLOAT, {0, 2}, {}, false) && e2.Init(ACL_FLOAT, {0, 2}, {}, false) && eo.Init(ACL_COMPLEX64, {0, 2}, {}, false)) {
        uint64_t ws = 1;
        aclOpExecutor *ex = nullptr;
        EXPECT(aclnnPolarGetWorkspaceSize(e1.t, e2.t, eo.t, &ws, &ex) == 0 && ws == 0, "Polar empty: stage 1");
        EXPECT(aclnnPolar(nullptr, 0, ex, g_stream) == 0 && aclrtSynchronizeStream(g_stream) == 0, "Polar empty: stage 2");
    }
    if (!g_310p) {
        const aclDataType angles[10][2] = {{ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16}, {ACL_COMPLEX64, ACL_FLOAT},
                                           {ACL_INT32, ACL_FLOAT}, {ACL_INT64, ACL_FLOAT}, {ACL_INT8, ACL_FLOAT}, {ACL_UINT8, ACL_FLOAT},
                                           {ACL_INT16, ACL_FLOAT}, {ACL_BOOL, ACL_FLOAT}};
        for (auto &a : angles) {
            AngleCase(a[0], a[1], {5, 4}, false, seed++);
            AngleCase(a[0], a[1], {2, 3, 3}, true, seed++);
        }
    }
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
