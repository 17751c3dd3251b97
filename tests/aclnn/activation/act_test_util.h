// Helpers of the activation / ops-math host programs on top of ../aclnn_test_util.h: device
// tensors of any dtype filled from doubles, with contiguous, strided (every element two apart,
// offset 1) or transposed (column-major) views; reading a view back as doubles; the values a
// dtype actually holds (for goldens); and checking a stage-1 error code and message.
#ifndef TESTS_ACLNN_ACT_TEST_UTIL_H
#define TESTS_ACLNN_ACT_TEST_UTIL_H

#include <functional>
#include <string>

#include "../aclnn_test_util.h"

enum Layout { CONTIG = 0, STRIDED = 1, TRANSPOSED = 2 };

static inline size_t ElemSize(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
    default: return 8;
    }
}

static inline void Encode(aclDataType dt, double v, unsigned char *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f = (float)v; std::memcpy(p, &f, 4); break; }
    case ACL_DOUBLE: std::memcpy(p, &v, 8); break;
    case ACL_FLOAT16: { uint16_t h = RefToHalf(v); std::memcpy(p, &h, 2); break; }
    case ACL_BF16: { uint16_t h = RefToBf16(v); std::memcpy(p, &h, 2); break; }
    case ACL_INT8: { int8_t x = (int8_t)v; std::memcpy(p, &x, 1); break; }
    case ACL_UINT8: { uint8_t x = (uint8_t)v; std::memcpy(p, &x, 1); break; }
    case ACL_BOOL: p[0] = v != 0; break;
    case ACL_INT16: { int16_t x = (int16_t)v; std::memcpy(p, &x, 2); break; }
    case ACL_INT32: { int32_t x = (int32_t)v; std::memcpy(p, &x, 4); break; }
    case ACL_UINT16: { uint16_t x = (uint16_t)(int64_t)v; std::memcpy(p, &x, 2); break; }
    case ACL_UINT32: { uint32_t x = (uint32_t)(int64_t)v; std::memcpy(p, &x, 4); break; }
    case ACL_UINT64: { uint64_t x = v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v; std::memcpy(p, &x, 8); break; }
    default: { int64_t x = (int64_t)v; std::memcpy(p, &x, ElemSize(dt) < 8 ? ElemSize(dt) : 8); break; }
    }
}

static inline double Decode(aclDataType dt, const unsigned char *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
    case ACL_DOUBLE: { double d; std::memcpy(&d, p, 8); return d; }
    case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromHalf(h); }
    case ACL_BF16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromBf16(h); }
    case ACL_INT8: return (int8_t)p[0];
    case ACL_UINT8: return p[0];
    case ACL_BOOL: return p[0] != 0;
    case ACL_INT16: { int16_t x; std::memcpy(&x, p, 2); return x; }
    case ACL_INT32: { int32_t x; std::memcpy(&x, p, 4); return x; }
    case ACL_UINT16: { uint16_t x; std::memcpy(&x, p, 2); return x; }
    case ACL_UINT32: { uint32_t x; std::memcpy(&x, p, 4); return x; }
    case ACL_UINT64: { uint64_t x; std::memcpy(&x, p, 8); return (double)x; }
    default: { int64_t x = 0; std::memcpy(&x, p, ElemSize(dt) < 8 ? ElemSize(dt) : 8); return (double)x; }
    }
}

// The value a dtype stores for v (what the device really reads).
static inline double Quant(aclDataType dt, double v)
{
    unsigned char b[8];
    Encode(dt, v, b);
    return Decode(dt, b);
}

static inline const char *DtName(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "fp32";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_DOUBLE: return "fp64";
    case ACL_INT32: return "int32";
    case ACL_INT8: return "int8";
    case ACL_UINT8: return "uint8";
    case ACL_INT64: return "int64";
    case ACL_BOOL: return "bool";
    default: return "dt";
    }
}

// A device tensor: a storage buffer and a view of `shape` over it.
struct DevTensor {
    aclDataType dt = ACL_FLOAT;
    std::vector<int64_t> shape, strides, storage;
    int64_t offset = 0;
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t storage_elems = 0;
    aclFormat fmt = ACL_FORMAT_ND; // set before Init for ops that check formats

    DevTensor() {}
    DevTensor(const DevTensor &) = delete;
    DevTensor &operator=(const DevTensor &) = delete;
    ~DevTensor()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    int64_t numel() const { return GetShapeSize(shape); }
    // Storage offset of logical (row-major) element i.
    int64_t Where(int64_t i) const
    {
        int64_t off = offset;
        for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) {
            off += (i % shape[d]) * strides[d];
            i /= shape[d];
        }
        return off;
    }
    // Creates the tensor; values in logical order (may be empty: storage filled with `fill`).
    bool Init(aclDataType dtype, const std::vector<int64_t> &shp, const std::vector<double> &values, Layout layout,
              double fill = -777.0)
    {
        dt = dtype;
        shape = shp;
        size_t nd = shape.size();
        strides.assign(nd, 1);
        int64_t n = GetShapeSize(shape);
        if (layout == TRANSPOSED && nd >= 2) { // column-major storage
            int64_t s = 1;
            for (size_t d = 0; d < nd; d++) { strides[d] = s; s *= shape[d]; }
            storage.assign(1, n);
            offset = 0;
        } else {
            int64_t step = layout == STRIDED ? 2 : 1;
            int64_t s = step;
            for (int64_t d = (int64_t)nd - 1; d >= 0; d--) { strides[d] = s; s *= shape[d]; }
            offset = layout == STRIDED ? 1 : 0;
            storage.assign(1, offset + s);
            if (nd == 0) storage.assign(1, offset + 1);
        }
        if (nd == 0) strides.clear();
        storage_elems = (size_t)storage[0];
        std::vector<unsigned char> host(storage_elems * ElemSize(dt) + 1);
        for (size_t i = 0; i < storage_elems; i++) Encode(dt, fill, &host[i * ElemSize(dt)]);
        for (int64_t i = 0; i < n && !values.empty(); i++) Encode(dt, values[(size_t)i], &host[(size_t)Where(i) * ElemSize(dt)]);
        size_t bytes = storage_elems * ElemSize(dt);
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (bytes && aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        t = aclCreateTensor(shape.data(), nd, dt, nd ? strides.data() : nullptr, offset, fmt, storage.data(),
                            1, dev);
        return t != nullptr;
    }
    // A second tensor over the same memory, owned by the caller (e.g. by a tensor list, which
    // destroys its items when it is destroyed).
    aclTensor *Alias() const
    {
        size_t nd = shape.size();
        return aclCreateTensor(shape.data(), nd, dt, nd ? strides.data() : nullptr, offset, fmt, storage.data(),
                               1, dev);
    }
    std::vector<double> Read() const
    {
        size_t bytes = storage_elems * ElemSize(dt);
        std::vector<unsigned char> host(bytes + 1);
        if (bytes) aclrtMemcpy(host.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<double> r((size_t)numel());
        for (int64_t i = 0; i < numel(); i++) r[(size_t)i] = Decode(dt, &host[(size_t)Where(i) * ElemSize(dt)]);
        return r;
    }
    // Storage elements outside the view must keep `fill` (views write only their elements).
    size_t CountClobbered(double fill = -777.0) const
    {
        size_t bytes = storage_elems * ElemSize(dt);
        std::vector<unsigned char> host(bytes + 1);
        if (bytes) aclrtMemcpy(host.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<char> inview(storage_elems, 0);
        for (int64_t i = 0; i < numel(); i++) inview[(size_t)Where(i)] = 1;
        size_t bad = 0;
        for (size_t i = 0; i < storage_elems; i++)
            if (!inview[i] && Decode(dt, &host[i * ElemSize(dt)]) != Quant(dt, fill)) bad++;
        return bad;
    }
};

static inline std::vector<double> RandomValues(size_t n, uint64_t seed, double scale = 1.0)
{
    Lcg rng(seed);
    std::vector<double> v(n);
    for (size_t i = 0; i < n; i++) v[i] = rng.value() * scale;
    return v;
}

static inline std::vector<double> QuantAll(aclDataType dt, const std::vector<double> &v)
{
    std::vector<double> q(v.size());
    for (size_t i = 0; i < v.size(); i++) q[i] = Quant(dt, v[i]);
    return q;
}

// Stage 1 must fail with `code` and leave a message naming every needle.
static inline void ExpectError(const char *what, int got, int code, const char *needle1 = nullptr,
                               const char *needle2 = nullptr)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && code != 0) {
        EXPECT(msg.find("EZ1001") != std::string::npos, "%s: message lacks EZ1001: %s", what, msg.c_str());
        if (needle1) EXPECT(msg.find(needle1) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle1, msg.c_str());
        if (needle2) EXPECT(msg.find(needle2) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle2, msg.c_str());
    }
}

typedef std::function<int(uint64_t *, aclOpExecutor **)> Stage1Fn;
typedef int (*Stage2Fn)(void *, uint64_t, aclOpExecutor *, aclrtStream);

static inline int Run(const char *name, aclrtStream stream, Stage1Fn s1, Stage2Fn s2)
{
    return RunOp(name, stream, s1, s2);
}

#endif
