// Helpers of the norm / pooling / loss host programs on top of ../aclnn_test_util.h: device
// tensors of any dtype whose view is contiguous, padded (sliced rows) or transposed (last two
// dims swapped in storage), filled from and read back to view-ordered doubles, so every
// reference below is plain double-precision code over view indices.
#ifndef TESTS_ACLNN_NPL_UTIL_H
#define TESTS_ACLNN_NPL_UTIL_H

#include <algorithm>
#include <functional>
#include <string>

#include "../aclnn_test_util.h"

enum Layout { CONTIG = 0, PADDED = 1, TRANSPOSED = 2 };

static inline size_t DtSize(aclDataType dt) { return aclDataTypeSize(dt); }

static inline bool IsFloatDt(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

static inline void Encode(aclDataType dt, double v, uint8_t *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f = (float)v; std::memcpy(p, &f, 4); break; }
    case ACL_DOUBLE: std::memcpy(p, &v, 8); break;
    case ACL_FLOAT16: { uint16_t h = RefToHalf(v); std::memcpy(p, &h, 2); break; }
    case ACL_BF16: { uint16_t h = RefToBf16(v); std::memcpy(p, &h, 2); break; }
    case ACL_INT64: { int64_t i = (int64_t)v; std::memcpy(p, &i, 8); break; }
    case ACL_INT32: { int32_t i = (int32_t)v; std::memcpy(p, &i, 4); break; }
    case ACL_INT16: { int16_t i = (int16_t)v; std::memcpy(p, &i, 2); break; }
    case ACL_INT8: { int8_t i = (int8_t)v; std::memcpy(p, &i, 1); break; }
    case ACL_UINT8: case ACL_BOOL: { uint8_t i = (uint8_t)v; std::memcpy(p, &i, 1); break; }
    default: break;
    }
}

static inline double Decode(aclDataType dt, const uint8_t *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
    case ACL_DOUBLE: { double d; std::memcpy(&d, p, 8); return d; }
    case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromHalf(h); }
    case ACL_BF16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromBf16(h); }
    case ACL_INT64: { int64_t i; std::memcpy(&i, p, 8); return (double)i; }
    case ACL_INT32: { int32_t i; std::memcpy(&i, p, 4); return i; }
    case ACL_INT16: { int16_t i; std::memcpy(&i, p, 2); return i; }
    case ACL_INT8: { int8_t i; std::memcpy(&i, p, 1); return i; }
    case ACL_UINT8: case ACL_BOOL: return *p;
    default: return 0;
    }
}

// v as the dtype holds it.
static inline double RoundTo(aclDataType dt, double v)
{
    uint8_t b[8];
    Encode(dt, v, b);
    return Decode(dt, b);
}

struct DevTensor {
    aclTensor *t = nullptr;
    void *dev = nullptr;
    aclDataType dt = ACL_FLOAT;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0, storage = 0;
    std::vector<double> vals; // view order, as stored
    void Free()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
        t = nullptr;
        dev = nullptr;
    }
};

// View-order flat index -> storage element.
static inline int64_t StorageIndex(const DevTensor &d, int64_t flat)
{
    int64_t off = d.offset;
    for (size_t k = d.shape.size(); k-- > 0;) {
        off += (flat % d.shape[k]) * d.strides[k];
        flat /= d.shape[k];
    }
    return off;
}

// A device tensor holding `vals` (view order, rounded to dt) with the given layout.
static inline DevTensor MakeTensor(aclDataType dt, const std::vector<int64_t> &shape, const std::vector<double> &vals,
                                   Layout layout = CONTIG, aclFormat fmt = ACL_FORMAT_ND)
{
    DevTensor d;
    d.dt = dt;
    d.shape = shape;
    size_t nd = shape.size();
    d.strides.assign(nd, 1);
    std::vector<int64_t> st_shape = shape;
    if (layout == TRANSPOSED && nd >= 2) {
        // storage holds the last two dims swapped; the view swaps them back
        std::swap(st_shape[nd - 1], st_shape[nd - 2]);
        std::vector<int64_t> cs(nd, 1);
        for (int64_t i = (int64_t)nd - 2; i >= 0; i--) cs[i] = cs[i + 1] * st_shape[i + 1];
        d.strides = cs;
        std::swap(d.strides[nd - 1], d.strides[nd - 2]);
    } else if (layout == PADDED && nd >= 1) {
        st_shape[nd - 1] += 3;
        std::vector<int64_t> cs(nd, 1);
        for (int64_t i = (int64_t)nd - 2; i >= 0; i--) cs[i] = cs[i + 1] * st_shape[i + 1];
        d.strides = cs;
        d.offset = 2;
        st_shape[0] += 1; // room for the offset
    } else {
        for (int64_t i = (int64_t)nd - 2; i >= 0; i--) d.strides[i] = d.strides[i + 1] * shape[i + 1];
    }
    d.storage = GetShapeSize(st_shape);
    size_t es = DtSize(dt);
    std::vector<uint8_t> bytes((size_t)d.storage * es);
    for (size_t i = 0; i < bytes.size(); i += es) Encode(dt, -777.0, &bytes[i]); // sentinel
    int64_t n = GetShapeSize(shape);
    d.vals.resize((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        d.vals[i] = RoundTo(dt, vals.empty() ? 0.0 : vals[(size_t)i]);
        Encode(dt, d.vals[i], &bytes[(size_t)StorageIndex(d, i) * es]);
    }
    size_t sz = bytes.size() ? bytes.size() : 1;
    int ret = aclrtMalloc(&d.dev, sz, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT(ret == 0, "aclrtMalloc %d", ret);
    if (!bytes.empty()) aclrtMemcpy(d.dev, sz, bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    d.t = aclCreateTensor(shape.data(), nd, dt, d.strides.data(), d.offset, fmt, st_shape.data(), st_shape.size(),
                          d.dev);
    return d;
}

// Zero-filled output of the given shape/layout.
static inline DevTensor MakeOut(aclDataType dt, const std::vector<int64_t> &shape, Layout layout = CONTIG,
                                aclFormat fmt = ACL_FORMAT_ND)
{
    return MakeTensor(dt, shape, std::vector<double>(), layout, fmt);
}

// Current contents of the view, in view order.
static inline std::vector<double> Read(const DevTensor &d)
{
    size_t es = DtSize(d.dt);
    std::vector<uint8_t> bytes((size_t)d.storage * es);
    if (!bytes.empty()) aclrtMemcpy(bytes.data(), bytes.size(), d.dev, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    int64_t n = GetShapeSize(d.shape);
    std::vector<double> v((size_t)n);
    for (int64_t i = 0; i < n; i++) v[i] = Decode(d.dt, &bytes[(size_t)StorageIndex(d, i) * es]);
    return v;
}

// Elements outside the view must keep the sentinel (no stray writes).
static inline bool CheckUntouched(const char *name, const DevTensor &d)
{
    size_t es = DtSize(d.dt);
    std::vector<uint8_t> bytes((size_t)d.storage * es);
    if (!bytes.empty()) aclrtMemcpy(bytes.data(), bytes.size(), d.dev, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    std::vector<char> in_view((size_t)d.storage, 0);
    int64_t n = GetShapeSize(d.shape);
    for (int64_t i = 0; i < n; i++) in_view[(size_t)StorageIndex(d, i)] = 1;
    double sentinel = RoundTo(d.dt, -777.0);
    for (int64_t i = 0; i < d.storage; i++)
        if (!in_view[i] && Decode(d.dt, &bytes[(size_t)i * es]) != sentinel) {
            EXPECT(false, "%s: storage element %lld outside the view was written", name, (long long)i);
            return false;
        }
    return true;
}

static inline std::vector<double> RandVals(Lcg &rng, int64_t n, double scale = 1.0)
{
    std::vector<double> v((size_t)n);
    for (auto &x : v) x = rng.value() * scale;
    return v;
}

static inline const char *DtName(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "fp32";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_DOUBLE: return "fp64";
    default: return "int";
    }
}

// Runs stage 1 + 2 + sync; returns the stage-1 status (0 when everything ran).
#define NPL_RUN(name, ...)                                                                              \
    RunOp("aclnn" #name, rt.stream,                                                                    \
          [&](uint64_t *w_, aclOpExecutor **e_) { return aclnn##name##GetWorkspaceSize(__VA_ARGS__, w_, e_); }, \
          aclnn##name)

// Expects stage 1 to fail with `code` and a message containing `needle`.
#define NPL_EXPECT_ERR(code, needle, name, ...)                                                         \
    do {                                                                                                \
        uint64_t w_ = 0;                                                                                \
        aclOpExecutor *e_ = nullptr;                                                                    \
        int r_ = aclnn##name##GetWorkspaceSize(__VA_ARGS__, &w_, &e_);                                  \
        const char *m_ = aclGetRecentErrMsg();                                                          \
        EXPECT(r_ == (code), "aclnn" #name ": got %d want %d (%s)", r_, (int)(code), m_ ? m_ : "");      \
        EXPECT(m_ && std::strstr(m_, needle), "aclnn" #name ": message lacks \"%s\": %s", needle,       \
               m_ ? m_ : "(null)");                                                                     \
    } while (0)

static inline std::string Name(const char *op, aclDataType dt, const std::string &what)
{
    return std::string(op) + " " + DtName(dt) + " " + what;
}

// Central differences in double of a scalar loss w.r.t. every element of v (the finite-difference
// checks of the backward ops: loss = sum(gradOut * forward(...)), written independently).
static inline std::vector<double> FdGrad(const std::function<double(const std::vector<double> &)> &loss,
                                         std::vector<double> v, double h = 1e-4)
{
    std::vector<double> g(v.size());
    for (size_t i = 0; i < v.size(); i++) {
        double keep = v[i];
        v[i] = keep + h;
        double lp = loss(v);
        v[i] = keep - h;
        double lm = loss(v);
        v[i] = keep;
        g[i] = (lp - lm) / (2 * h);
    }
    return g;
}

// FP32 gradient vs finite differences: the tolerance of the existing FD checks.
static inline bool CheckFd(const std::string &name, const std::vector<double> &a, const std::vector<double> &fd)
{
    return CheckAccuracy((name + " vs finite differences").c_str(), a, fd, 1e-3, 1e-3, 1e-2);
}

#endif
