// A C++ host program in the style of the CANN samples: RAII wrappers, std::vector buffers,
// captureless lambdas as callbacks. Exits non-zero on the first wrong result.
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"

#define CHECK(expr, expected)                                                               \
    do {                                                                                    \
        aclError r_ = (expr);                                                               \
        if (r_ != static_cast<aclError>(expected)) {                                        \
            const char *m_ = aclGetRecentErrMsg();                                          \
            std::fprintf(stderr, "%s:%d: %s = %d, expected %d\n%s\n", __FILE__, __LINE__,   \
                         #expr, r_, static_cast<int>(expected), m_ ? m_ : "");              \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)
#define EXPECT(cond)                                                                        \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            std::fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #cond);          \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)

namespace {
struct DeviceBuffer {
    void *ptr = nullptr;
    explicit DeviceBuffer(size_t n) { aclrtMalloc(&ptr, n, ACL_MEM_MALLOC_HUGE_FIRST); }
    ~DeviceBuffer() { if (ptr) aclrtFree(ptr); }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
};

int run()
{
    CHECK(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream), ACL_SUCCESS);
    {
        std::vector<float> in(4096), out(4096, 0.0f);
        for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i) * 0.5f;
        const size_t bytes = in.size() * sizeof(float);
        DeviceBuffer dev(bytes);
        EXPECT(dev.ptr != nullptr);
        CHECK(aclrtMemcpy(dev.ptr, bytes, in.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        CHECK(aclrtMemcpyAsync(out.data(), bytes, dev.ptr, bytes, ACL_MEMCPY_DEVICE_TO_HOST, stream),
              ACL_SUCCESS);
        static int counter = 0;
        CHECK(aclrtLaunchHostFunc(stream, [](void *p) { *static_cast<int *>(p) += 1; }, &counter),
              ACL_SUCCESS);
        CHECK(aclrtSynchronizeStream(stream), ACL_SUCCESS);
        EXPECT(counter == 1);
        EXPECT(std::memcmp(in.data(), out.data(), bytes) == 0);

        // fp16 helpers as the samples print results
        aclFloat16 h = aclFloatToFloat16(1.5f);
        EXPECT(aclFloat16ToFloat(h) == 1.5f);
        EXPECT(aclDataTypeSize(ACL_FLOAT16) == 2);

        aclDataBuffer *db = aclCreateDataBuffer(dev.ptr, bytes);
        EXPECT(aclGetDataBufferAddr(db) == dev.ptr);
        EXPECT(aclGetDataBufferSizeV2(db) == bytes);
        CHECK(aclDestroyDataBuffer(db), ACL_SUCCESS);
    }
    // errors through the C++ lens: codes are plain ints
    CHECK(aclrtMemcpy(nullptr, 8, nullptr, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    const char *msg = aclGetRecentErrMsg();
    EXPECT(msg != nullptr && std::strstr(msg, "EH0002") != nullptr);

    // another thread, its own current device
    aclError in_thread = ACL_SUCCESS;
    std::thread t([&in_thread] {
        int32_t dev = -1;
        in_thread = aclrtGetDevice(&dev);
        (void)aclGetRecentErrMsg();
    });
    t.join();
    EXPECT(in_thread == ACL_ERROR_RT_CONTEXT_NULL);

    CHECK(aclrtDestroyStream(stream), ACL_SUCCESS);
    CHECK(aclrtResetDevice(0), ACL_SUCCESS);
    return 0;
}
} // namespace

int main()
{
    if (aclInit(nullptr) != ACL_SUCCESS) return 1;
    int rc = run();
    if (aclFinalize() != ACL_SUCCESS) return 1;
    if (rc == 0) std::printf("C++ ACL program: all checks passed\n");
    return rc;
}
