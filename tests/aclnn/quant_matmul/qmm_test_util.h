// Helpers of the quantized-matmul host programs: device tensors from raw bytes (INT4 nibbles,
// INT32 words holding eight INT4, exact UINT64 bit patterns), and the independent references of
// the packed quant parameter (FP19 cut / round-to-nearest-even, INT9 offset).
#ifndef TESTS_ACLNN_QMM_TEST_UTIL_H
#define TESTS_ACLNN_QMM_TEST_UTIL_H

#include <cfloat>

#include "../activation/act_test_util.h"

// A device tensor over bytes the test laid out itself.
struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    std::vector<unsigned char> bytes;
    RawTensor() {}
    RawTensor(const RawTensor &) = delete;
    RawTensor &operator=(const RawTensor &) = delete;
    ~RawTensor() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
    bool Init(aclDataType dt, std::vector<int64_t> shape, std::vector<int64_t> strides, std::vector<unsigned char> b,
              aclFormat fmt = ACL_FORMAT_ND, std::vector<int64_t> storage = {})
    {
        bytes = b;
        if (storage.empty()) storage = {(int64_t)bytes.size()};
        if (aclrtMalloc(&dev, bytes.size() ? bytes.size() : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (!bytes.empty()) aclrtMemcpy(dev, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), dt, strides.data(), 0, fmt, storage.data(), storage.size(), dev);
        return t != nullptr;
    }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(bytes.size());
        if (!h.empty()) aclrtMemcpy(h.data(), h.size(), dev, h.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

// Row-major contiguous strides of a shape.
static inline std::vector<int64_t> RowMajor(const std::vector<int64_t> &shape)
{
    std::vector<int64_t> s(shape.size(), 1);
    for (int i = (int)shape.size() - 2; i >= 0; i--) s[i] = s[i + 1] * shape[i + 1];
    return s;
}

static inline uint32_t FloatBits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static inline float BitsFloat(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// FP19 (1 sign, 8 exponent, 10 mantissa bits) of f as FP32 bits. cut: drop the 13 low mantissa
// bits; else round to nearest even on the value (frexp / nearbyint), subnormals -> signed zero.
static inline uint32_t RefFp19(float f, bool cut)
{
    uint32_t u = FloatBits(f);
    if (cut || std::isnan(f) || std::isinf(f)) return u & 0xFFFFE000u;
    if (std::fabs(f) < FLT_MIN) return u & 0x80000000u;
    int e;
    double fr = std::frexp(std::fabs((double)f), &e);   // [0.5, 1): 11 significant bits kept
    double q = std::nearbyint(std::ldexp(fr, 11));       // default rounding: to nearest even
    double v = std::ldexp(q, e - 11);
    float r = v > FLT_MAX ? INFINITY : (float)v;
    return FloatBits(std::signbit(f) ? -r : r);
}

// The packed parameter: scale bits | bit 46 | INT9 offset in bits 37..45.
static inline uint64_t RefParam(uint32_t scale_bits, int off9)
{
    return (uint64_t)scale_bits | (1ull << 46) | ((uint64_t)(off9 & 0x1ff) << 37);
}

static inline std::vector<unsigned char> U64Bytes(const std::vector<uint64_t> &v)
{
    std::vector<unsigned char> b(v.size() * 8);
    std::memcpy(b.data(), v.data(), b.size());
    return b;
}

static inline std::vector<uint64_t> BytesU64(const std::vector<unsigned char> &b)
{
    std::vector<uint64_t> v(b.size() / 8);
    std::memcpy(v.data(), b.data(), v.size() * 8);
    return v;
}

#endif
