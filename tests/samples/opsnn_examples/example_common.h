/* The skeleton every ops-nn example repeats (device/stream init, CreateAclTensor, copy back,
 * teardown), plus a result check the real examples lack: outputs are compared with a golden the
 * example computes itself in double precision, and any mismatch makes main() return non-zero. */
#ifndef SAMPLES_OPSNN_EXAMPLE_COMMON_H
#define SAMPLES_OPSNN_EXAMPLE_COMMON_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"

#define LOG_PRINT(message, ...) printf(message, ##__VA_ARGS__)
#define CHECK_RET(cond, return_expr)                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            return_expr;                                                                           \
        }                                                                                          \
    } while (0)
/* An aclnn / ACL call that must succeed; prints the pending error text otherwise. */
#define CHECK_ACL(call)                                                                            \
    do {                                                                                           \
        auto r_ = (call);                                                                          \
        if (r_ != 0) {                                                                             \
            const char *m_ = aclGetRecentErrMsg();                                                 \
            LOG_PRINT("%s:%d: %s failed. ERROR: %d\n%s\n", __FILE__, __LINE__, #call,              \
                      static_cast<int>(r_), m_ != nullptr ? m_ : "");                              \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

inline int64_t GetShapeSize(const std::vector<int64_t> &shape)
{
    int64_t n = 1;
    for (int64_t d : shape) {
        n *= d;
    }
    return n;
}

inline int Init(int32_t deviceId, aclrtStream *stream)
{
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(deviceId));
    CHECK_ACL(aclrtCreateStream(stream));
    return 0;
}

inline int Finalize(int32_t deviceId, aclrtStream stream)
{
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtResetDevice(deviceId));
    CHECK_ACL(aclFinalize());
    return 0;
}

/* Device copy of hostData and a contiguous tensor over it (strides = suffix products). */
template <typename T>
int CreateAclTensor(const std::vector<T> &hostData, const std::vector<int64_t> &shape, void **deviceAddr,
                    aclDataType dataType, aclTensor **tensor, aclFormat format = ACL_FORMAT_ND)
{
    auto size = GetShapeSize(shape) * sizeof(T);
    CHECK_ACL(aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, format, shape.data(),
                              shape.size(), *deviceAddr);
    CHECK_RET(*tensor != nullptr, LOG_PRINT("aclCreateTensor failed\n"); return 1);
    return 0;
}

/* Runs stage 1's executor on the stream with a workspace of the size stage 1 asked for. */
#define RUN_TWO_STAGE(op, stream, ...)                                                             \
    do {                                                                                           \
        uint64_t workspaceSize_ = 0;                                                               \
        aclOpExecutor *executor_ = nullptr;                                                        \
        CHECK_ACL(op##GetWorkspaceSize(__VA_ARGS__, &workspaceSize_, &executor_));                 \
        void *workspace_ = nullptr;                                                                \
        if (workspaceSize_ > 0) {                                                                  \
            CHECK_ACL(aclrtMalloc(&workspace_, workspaceSize_, ACL_MEM_MALLOC_HUGE_FIRST));        \
        }                                                                                          \
        CHECK_ACL(op(workspace_, workspaceSize_, executor_, stream));                              \
        CHECK_ACL(aclrtSynchronizeStream(stream));                                                 \
        if (workspace_ != nullptr) {                                                               \
            CHECK_ACL(aclrtFree(workspace_));                                                      \
        }                                                                                          \
    } while (0)

template <typename T>
int CopyToHost(const void *deviceAddr, std::vector<T> *host)
{
    const size_t bytes = host->size() * sizeof(T);
    CHECK_ACL(aclrtMemcpy(host->data(), bytes, deviceAddr, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    return 0;
}

/* Every element within atol + rtol * |golden| (ops-nn fp32 standard: 1e-4 / 1e-4). Prints each
 * result the way the examples do, and the mismatches. Returns the number of mismatches. */
inline int CompareResult(const char *api, const std::vector<float> &actual, const std::vector<double> &golden,
                         double rtol = 1e-4, double atol = 1e-4)
{
    int bad = 0;
    if (actual.size() != golden.size()) {
        LOG_PRINT("%s: %zu results, expected %zu\n", api, actual.size(), golden.size());
        return 1;
    }
    for (size_t i = 0; i < actual.size(); i++) {
        const bool ok = std::fabs(actual[i] - golden[i]) <= atol + rtol * std::fabs(golden[i]);
        if (!ok || actual.size() <= 16) {
            LOG_PRINT("%s result[%zu] is: %f (expected %f)%s\n", api, i, actual[i], golden[i],
                      ok ? "" : "  <-- MISMATCH");
        }
        bad += !ok;
    }
    if (bad > 0) {
        LOG_PRINT("%s: %d of %zu results out of tolerance\n", api, bad, actual.size());
    }
    return bad;
}

#endif
