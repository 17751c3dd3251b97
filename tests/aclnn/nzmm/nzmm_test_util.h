// Helpers of the nzmm host programs: a device tensor over a raw byte image with an explicit
// storage shape and format (the FRACTAL_NZ weights), read back as bytes.
#ifndef TESTS_ACLNN_NZMM_TEST_UTIL_H
#define TESTS_ACLNN_NZMM_TEST_UTIL_H

#include "../activation/act_test_util.h"

struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    RawTensor() {}
    RawTensor(const RawTensor &) = delete;
    RawTensor &operator=(const RawTensor &) = delete;
    ~RawTensor()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    bool Init(aclDataType dt, std::vector<int64_t> view, std::vector<int64_t> strides, aclFormat fmt,
              std::vector<int64_t> storage, const std::vector<uint8_t> &img)
    {
        bytes = img.size();
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (bytes && aclrtMemcpy(dev, bytes, img.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        t = aclCreateTensor(view.data(), view.size(), dt, strides.data(), 0, fmt, storage.data(), storage.size(), dev);
        return t != nullptr;
    }
    std::vector<uint8_t> Read() const
    {
        std::vector<uint8_t> h(bytes);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static inline int64_t Cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

#endif
