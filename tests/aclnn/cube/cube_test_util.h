// Helpers of the cube-operator host programs: device tensors of any float dtype with arbitrary
// view strides (transposes as views), and operand rounding of the Cube unit's math modes for
// the double-precision references (written independently of the emulator's code).
#ifndef TESTS_ACLNN_CUBE_TEST_UTIL_H
#define TESTS_ACLNN_CUBE_TEST_UTIL_H

#include <string>
#include <algorithm>
#include "../aclnn_test_util.h"

// A device tensor holding `vals` (storage, row-major) viewed with shape/strides/offset.
struct DevT {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    aclDataType dt = ACL_FLOAT;
    std::vector<double> stored; // the values as stored (already rounded to dt)
    size_t n = 0;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0;
    // value of the view element at idx (as stored)
    double at(std::initializer_list<int64_t> idx) const
    {
        int64_t o = offset;
        size_t i = 0;
        for (int64_t x : idx) o += x * strides[i++];
        return stored[(size_t)o];
    }
    ~DevT()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
};

static inline double RoundTo(aclDataType dt, double v)
{
    if (dt == ACL_FLOAT16) return RefFromHalf(RefToHalf(v));
    if (dt == ACL_BF16) return RefFromBf16(RefToBf16(v));
    return (double)(float)v;
}

// HF32: 11 significant bits, round to nearest even (frexp-based, independent of bit tricks).
static inline double RoundHf32(double v)
{
    if (v == 0 || std::isnan(v) || std::isinf(v)) return v;
    int e;
    double m = std::frexp(v, &e);
    return std::ldexp(std::nearbyint(m * 2048.0), e - 11);
}

static inline void MakeDev(DevT &d, aclDataType dt, const std::vector<double> &vals, const std::vector<int64_t> &view,
                           const std::vector<int64_t> &strides, int64_t offset, aclFormat fmt = ACL_FORMAT_ND,
                           std::vector<int64_t> storage = {})
{
    d.dt = dt;
    d.n = vals.size();
    d.shape = view;
    d.strides = strides;
    d.offset = offset;
    d.stored.resize(vals.size());
    size_t es = dt == ACL_FLOAT ? 4 : 2;
    std::vector<unsigned char> raw(vals.size() * es + 4);
    for (size_t i = 0; i < vals.size(); i++) {
        d.stored[i] = RoundTo(dt, vals[i]);
        if (dt == ACL_FLOAT) { float f = (float)vals[i]; std::memcpy(&raw[i * 4], &f, 4); }
        else { uint16_t h = dt == ACL_FLOAT16 ? RefToHalf(vals[i]) : RefToBf16(vals[i]); std::memcpy(&raw[i * 2], &h, 2); }
    }
    aclrtMalloc(&d.dev, raw.size(), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(d.dev, raw.size(), raw.data(), raw.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    if (storage.empty()) storage = {(int64_t)vals.size()};
    d.t = aclCreateTensor(view.data(), view.size(), dt, strides.data(), offset, fmt, storage.data(), storage.size(), d.dev);
}

static inline std::vector<int64_t> Contig(const std::vector<int64_t> &shape)
{
    std::vector<int64_t> s(shape.size(), 1);
    for (int i = (int)shape.size() - 2; i >= 0; i--) s[i] = s[i + 1] * shape[i + 1];
    return s;
}

static inline void MakeContig(DevT &d, aclDataType dt, Lcg &rng, const std::vector<int64_t> &shape)
{
    std::vector<double> v((size_t)GetShapeSize(shape));
    for (auto &x : v) x = rng.value();
    MakeDev(d, dt, v, shape, Contig(shape), 0);
}

static inline void MakeZeros(DevT &d, aclDataType dt, const std::vector<int64_t> &shape)
{
    std::vector<double> v((size_t)GetShapeSize(shape), 0.0);
    MakeDev(d, dt, v, shape, Contig(shape), 0);
}

static inline std::vector<double> ReadBack(const DevT &d)
{
    std::vector<double> out(d.n);
    if (d.dt == ACL_FLOAT) {
        auto h = Download<float>(d.dev, d.n);
        for (size_t i = 0; i < d.n; i++) out[i] = h[i];
    } else {
        auto h = Download<uint16_t>(d.dev, d.n);
        for (size_t i = 0; i < d.n; i++) out[i] = d.dt == ACL_FLOAT16 ? RefFromHalf(h[i]) : RefFromBf16(h[i]);
    }
    return out;
}

// Operand as the Cube unit sees it: mode 0 exact, 1 HF32 (FP32 only), 2 FP16.
static inline double CubeOperand(double v, aclDataType dt, int mode)
{
    if (mode == 2) return RefFromHalf(RefToHalf(v));
    if ((mode == 1 || mode == 3) && dt == ACL_FLOAT) return RoundHf32(v);
    return v;
}

// The ops-nn standard (reference §6.2, zh): element passes when |a-g| <= atol + rtol*|g|, >= 99%
// pass, and the largest error stays within max(limit, 32 ULP of the output dtype at |g|).
static inline bool CubeCheck(const char *name, aclDataType dt, const std::vector<double> &a, const std::vector<double> &g)
{
    double rtol = 1.0 / 1024, atol = 1.0 / 65536, limit = 1e-2;
    int mant = 24;
    if (dt == ACL_FLOAT16) { rtol = atol = 1.0 / 512; limit = 1e-1; mant = 11; }
    if (dt == ACL_BF16) { rtol = atol = 1.0 / 64; limit = 1.0; mant = 8; }
    size_t pass = 0;
    double worst = 0;
    for (size_t i = 0; i < g.size(); i++) {
        double err = std::fabs(a[i] - g[i]);
        if (std::isnan(a[i])) err = INFINITY;
        if (err <= atol + rtol * std::fabs(g[i])) pass++;
        int e;
        std::frexp(std::fabs(g[i]), &e);
        double ulp32 = 32.0 * std::ldexp(1.0, e - mant);
        double r = err / std::max(limit, ulp32);
        if (!(r <= worst)) worst = r;
    }
    bool ok = g.empty() || ((double)pass >= 0.99 * (double)g.size() && worst <= 1.0);
    EXPECT(ok, "%s: %zu/%zu elements pass, worst error %.3g of its limit", name, pass, g.size(), worst);
    return ok;
}

#endif
