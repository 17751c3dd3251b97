// Helpers of the ops-math pointwise tests: device tensors of any dtype in any view layout
// (contiguous, transposed, strided with an offset), built from and read back as doubles, and
// independent reference rounding to each dtype (written here, not taken from the library).
#ifndef TESTS_ACLNN_POINTWISE_PW_TEST_H
#define TESTS_ACLNN_POINTWISE_PW_TEST_H
#include <cstdlib>
#include <functional>
#include <string>

#include "../aclnn_test_util.h"

enum Layout { CONTIG, TRANSPOSED, STRIDED };

static inline size_t ElemSize(aclDataType dt)
{
    switch (dt) {
    case ACL_DOUBLE: case ACL_INT64: case ACL_UINT64: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    default: return 1;
    }
}

static inline const char *aclDataTypeName(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "FLOAT"; case ACL_FLOAT16: return "FLOAT16"; case ACL_BF16: return "BF16";
    case ACL_DOUBLE: return "DOUBLE"; case ACL_INT8: return "INT8"; case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16"; case ACL_UINT16: return "UINT16"; case ACL_INT32: return "INT32";
    case ACL_UINT32: return "UINT32"; case ACL_INT64: return "INT64"; case ACL_UINT64: return "UINT64";
    case ACL_BOOL: return "BOOL"; case ACL_COMPLEX64: return "COMPLEX64"; case ACL_COMPLEX128: return "COMPLEX128";
    default: return "?";
    }
}

static inline bool IsFloatDt(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

// The value a dtype holds for v: floats rounded to nearest even, integers wrapped (v integral).
static inline double RoundTo(aclDataType dt, double v)
{
    switch (dt) {
    case ACL_FLOAT: return (double)(float)v;
    case ACL_FLOAT16: return RefFromHalf(RefToHalf(v));
    case ACL_BF16: return RefFromBf16(RefToBf16((double)(float)v));
    case ACL_DOUBLE: case ACL_COMPLEX128: return v;
    case ACL_COMPLEX64: return (double)(float)v;
    case ACL_BOOL: return v != 0 ? 1 : 0;
    case ACL_INT8: return (double)(int8_t)(uint8_t)(uint64_t)(int64_t)v;
    case ACL_UINT8: return (double)(uint8_t)(uint64_t)(int64_t)v;
    case ACL_INT16: return (double)(int16_t)(uint16_t)(uint64_t)(int64_t)v;
    case ACL_UINT16: return (double)(uint16_t)(uint64_t)(int64_t)v;
    case ACL_INT32: return (double)(int32_t)(uint32_t)(uint64_t)(int64_t)v;
    case ACL_UINT32: return (double)(uint32_t)(uint64_t)(int64_t)v;
    default: return v;
    }
}

static inline void Encode(aclDataType dt, double v, unsigned char *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f = (float)v; std::memcpy(p, &f, 4); break; }
    case ACL_DOUBLE: std::memcpy(p, &v, 8); break;
    case ACL_FLOAT16: { uint16_t h = RefToHalf(v); std::memcpy(p, &h, 2); break; }
    case ACL_BF16: { uint16_t h = RefToBf16(v); std::memcpy(p, &h, 2); break; }
    case ACL_COMPLEX64: { float c[2] = {(float)v, 0.0f}; std::memcpy(p, c, 8); break; }
    case ACL_COMPLEX128: { double c[2] = {v, 0.0}; std::memcpy(p, c, 16); break; }
    case ACL_BOOL: p[0] = v != 0; break;
    case ACL_INT8: { int8_t x = (int8_t)(int64_t)v; std::memcpy(p, &x, 1); break; }
    case ACL_UINT8: { uint8_t x = (uint8_t)(int64_t)v; std::memcpy(p, &x, 1); break; }
    case ACL_INT16: { int16_t x = (int16_t)(int64_t)v; std::memcpy(p, &x, 2); break; }
    case ACL_UINT16: { uint16_t x = (uint16_t)(int64_t)v; std::memcpy(p, &x, 2); break; }
    case ACL_INT32: { int32_t x = (int32_t)(int64_t)v; std::memcpy(p, &x, 4); break; }
    case ACL_UINT32: { uint32_t x = (uint32_t)(int64_t)v; std::memcpy(p, &x, 4); break; }
    case ACL_INT64: { int64_t x = (int64_t)v; std::memcpy(p, &x, 8); break; }
    case ACL_UINT64: { uint64_t x = (uint64_t)(int64_t)v; std::memcpy(p, &x, 8); break; }
    default: break;
    }
}

static inline double Decode(aclDataType dt, const unsigned char *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
    case ACL_DOUBLE: { double d; std::memcpy(&d, p, 8); return d; }
    case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromHalf(h); }
    case ACL_BF16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromBf16(h); }
    case ACL_COMPLEX64: { float c[2]; std::memcpy(c, p, 8); return c[0]; }
    case ACL_COMPLEX128: { double c[2]; std::memcpy(c, p, 16); return c[0]; }
    case ACL_BOOL: return p[0];
    case ACL_INT8: return (int8_t)p[0];
    case ACL_UINT8: return p[0];
    case ACL_INT16: { int16_t x; std::memcpy(&x, p, 2); return x; }
    case ACL_UINT16: { uint16_t x; std::memcpy(&x, p, 2); return x; }
    case ACL_INT32: { int32_t x; std::memcpy(&x, p, 4); return x; }
    case ACL_UINT32: { uint32_t x; std::memcpy(&x, p, 4); return x; }
    case ACL_INT64: { int64_t x; std::memcpy(&x, p, 8); return (double)x; }
    case ACL_UINT64: { uint64_t x; std::memcpy(&x, p, 8); return (double)x; }
    default: return 0;
    }
}

// A device tensor view. Logical values are row-major over `shape`.
struct DevT {
    aclTensor *t = nullptr;
    void *dev = nullptr;
    aclDataType dt = ACL_FLOAT;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0, storage = 0;
    int64_t numel() const { return GetShapeSize(shape); }
    void Free()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
        t = nullptr;
        dev = nullptr;
    }
};

// Strides (elements) of `layout` for shape: TRANSPOSED stores the last two dims swapped,
// STRIDED keeps every other element after an offset of 1.
static inline void LayoutOf(const std::vector<int64_t> &shape, Layout layout, std::vector<int64_t> &strides,
                            int64_t &offset, int64_t &storage)
{
    size_t r = shape.size();
    strides.assign(r, 1);
    offset = 0;
    std::vector<int64_t> perm(r);
    for (size_t i = 0; i < r; i++) perm[i] = (int64_t)i;
    if (layout == TRANSPOSED && r >= 2) std::swap(perm[r - 1], perm[r - 2]);
    int64_t step = layout == STRIDED ? 2 : 1;
    for (int64_t i = (int64_t)r - 1; i >= 0; i--) { // storage order: perm[r-1] innermost
        strides[(size_t)perm[(size_t)i]] = step;
        step *= shape[(size_t)perm[(size_t)i]] ? shape[(size_t)perm[(size_t)i]] : 1;
    }
    if (layout == STRIDED) offset = 1;
    storage = offset + step;
}

static inline DevT Make(aclDataType dt, const std::vector<int64_t> &shape, const std::vector<double> &vals,
                        Layout layout = CONTIG)
{
    DevT d;
    d.dt = dt;
    d.shape = shape;
    LayoutOf(shape, layout, d.strides, d.offset, d.storage);
    size_t es = ElemSize(dt);
    std::vector<unsigned char> host((size_t)d.storage * es, 0xCD);
    int64_t n = d.numel();
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        int64_t off = d.offset;
        for (size_t k = 0; k < shape.size(); k++) off += idx[k] * d.strides[k];
        Encode(dt, vals[(size_t)i], &host[(size_t)off * es]);
        for (int64_t k = (int64_t)shape.size() - 1; k >= 0; k--) {
            if (++idx[(size_t)k] < shape[(size_t)k]) break;
            idx[(size_t)k] = 0;
        }
    }
    aclrtMalloc(&d.dev, host.size() ? host.size() : 1, ACL_MEM_MALLOC_HUGE_FIRST);
    if (!host.empty()) aclrtMemcpy(d.dev, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    std::vector<int64_t> st{d.storage};
    d.t = aclCreateTensor(shape.data(), shape.size(), dt, d.strides.data(), d.offset, ACL_FORMAT_ND, st.data(), 1,
                          d.dev);
    return d;
}

static inline DevT MakeFill(aclDataType dt, const std::vector<int64_t> &shape, double v, Layout layout = CONTIG)
{
    return Make(dt, shape, std::vector<double>((size_t)GetShapeSize(shape), v), layout);
}

static inline std::vector<double> Read(const DevT &d)
{
    size_t es = ElemSize(d.dt);
    std::vector<unsigned char> host((size_t)d.storage * es);
    if (!host.empty()) aclrtMemcpy(host.data(), host.size(), d.dev, host.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    int64_t n = d.numel();
    std::vector<double> out((size_t)n);
    std::vector<int64_t> idx(d.shape.size(), 0);
    for (int64_t i = 0; i < n; i++) {
        int64_t off = d.offset;
        for (size_t k = 0; k < d.shape.size(); k++) off += idx[k] * d.strides[k];
        out[(size_t)i] = Decode(d.dt, &host[(size_t)off * es]);
        for (int64_t k = (int64_t)d.shape.size() - 1; k >= 0; k--) {
            if (++idx[(size_t)k] < d.shape[(size_t)k]) break;
            idx[(size_t)k] = 0;
        }
    }
    return out;
}

// Row-major index of out element i mapped into an input of shape `in` broadcast to `out`.
static inline int64_t BIndex(const std::vector<int64_t> &out, const std::vector<int64_t> &in, int64_t i)
{
    int64_t j = 0, mul = 1;
    for (int64_t k = (int64_t)out.size() - 1, m = (int64_t)in.size() - 1; k >= 0; k--, m--) {
        int64_t c = i % out[(size_t)k];
        i /= out[(size_t)k];
        if (m >= 0) {
            if (in[(size_t)m] != 1) j += c * mul;
            mul *= in[(size_t)m];
        }
    }
    return j;
}

// Compares out with golden: floats by the ops-nn standard of the out dtype (NaN/Inf exactly),
// everything else exactly.
static inline bool Expect(const std::string &name, const DevT &out, const std::vector<double> &golden)
{
    std::vector<double> got = Read(out);
    if (IsFloatDt(out.dt)) return CheckDtype(name.c_str(), out.dt, got, golden);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < golden.size(); i++)
        if (got[i] != golden[i]) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu/%zu wrong, first [%zu] got %.17g want %.17g", name.c_str(), bad, golden.size(), first,
           bad ? got[first] : 0.0, bad ? golden[first] : 0.0);
    return bad == 0;
}

// Runs stage 1 + 2; returns the stage-1 status (0 and run on success).
template <typename S1, typename S2>
static int Run(aclrtStream stream, S1 s1, S2 s2)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = s1(&ws, &ex);
    if (rc) return rc;
    void *w = nullptr;
    if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    rc = s2(w, ws, ex, stream);
    EXPECT(rc == 0, "stage 2 failed: %d %s", rc, aclGetRecentErrMsg());
    EXPECT(aclrtSynchronizeStream(stream) == 0, "synchronize failed");
    if (w) aclrtFree(w);
    return rc;
}

// Stage 1 must fail with `code` and a message containing `msg`.
static inline void ExpectRefused(const char *what, int rc, int code, const char *msg)
{
    const char *m = aclGetRecentErrMsg();
    EXPECT(rc == code, "%s: status %d, want %d (%s)", what, rc, code, m ? m : "");
    EXPECT(m && std::strstr(m, msg), "%s: message '%s' lacks '%s'", what, m ? m : "(null)", msg);
}

static inline std::string SocName()
{
    const char *s = aclrtGetSocName();
    return s ? s : "";
}

// Test values: ordinary numbers plus the special values of a float dtype.
static inline std::vector<double> Values(aclDataType dt, int64_t n, uint64_t seed, bool specials = true)
{
    Lcg g(seed);
    std::vector<double> v((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        double x = g.value();
        if (IsFloatDt(dt)) {
            v[(size_t)i] = RoundTo(dt, x);
        } else if (dt == ACL_BOOL) {
            v[(size_t)i] = g.uniform() < 0.5;
        } else {
            double r = std::floor(x * 7.0); // small integers, both signs
            if (dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64) r = std::fabs(r);
            v[(size_t)i] = RoundTo(dt, r);
        }
    }
    if (specials && IsFloatDt(dt) && n >= 8) {
        const double sp[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.0, -1.0, RoundTo(dt, 1e-40)};
        for (int k = 0; k < 8; k++) v[(size_t)(k * (n / 8))] = sp[k];
    }
    return v;
}
#endif
