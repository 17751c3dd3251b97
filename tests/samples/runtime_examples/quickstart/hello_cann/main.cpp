/* Hello CANN, runtime-repository style: out = self + alpha * other with aclnnAdd on a stream,
 * the output device buffer wrapped in an aclDataBuffer, the result checked against the same
 * sum computed here in double precision. Links libacl_rt.so + libnnopbase.so + libopapi.so. */
#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "utils.h"

namespace {
int64_t ElementCount(const std::vector<int64_t> &shape)
{
    int64_t n = 1;
    for (int64_t d : shape) {
        n *= d;
    }
    return n;
}

/* Device copy of hostData plus a contiguous ND aclTensor over it. */
int MakeDeviceTensor(const std::vector<float> &hostData, const std::vector<int64_t> &shape,
                     void **devAddr, aclTensor **tensor)
{
    const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(float);
    CHECK_ERROR(aclrtMalloc(devAddr, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemcpy(*devAddr, bytes, hostData.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    *tensor = aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0,
                              aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), *devAddr);
    EXPECT_TRUE(*tensor != nullptr);
    return 0;
}
} // namespace

int main()
{
    const int32_t deviceId = 0;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));
    INFO_LOG("device %d and a stream are ready", deviceId);

    const std::vector<int64_t> shape{8};
    std::vector<float> selfHost{-3.5f, -1.0f, 0.0f, 0.25f, 2.0f, 7.5f, 100.0f, 1e-3f};
    std::vector<float> otherHost{1.0f, 2.0f, -4.0f, 8.0f, 0.5f, -2.5f, 3.0f, 1e3f};
    std::vector<float> outHost(8, -1.0f);
    float alphaValue = 1.5f;

    void *selfDev = nullptr, *otherDev = nullptr, *outDev = nullptr;
    aclTensor *self = nullptr, *other = nullptr, *out = nullptr;
    if (MakeDeviceTensor(selfHost, shape, &selfDev, &self) != 0 ||
        MakeDeviceTensor(otherHost, shape, &otherDev, &other) != 0 ||
        MakeDeviceTensor(outHost, shape, &outDev, &out) != 0) {
        return -1;
    }
    aclScalar *alpha = aclCreateScalar(&alphaValue, aclDataType::ACL_FLOAT);
    EXPECT_TRUE(alpha != nullptr);

    aclDataBuffer *outBuffer = aclCreateDataBuffer(outDev, outHost.size() * sizeof(float));
    EXPECT_TRUE(outBuffer != nullptr);
    void *outBufferAddr = aclGetDataBufferAddr(outBuffer);
    EXPECT_TRUE(outBufferAddr == outDev);
    EXPECT_TRUE(aclGetDataBufferSizeV2(outBuffer) == outHost.size() * sizeof(float));

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_ERROR(aclnnAddGetWorkspaceSize(self, other, alpha, out, &workspaceSize, &executor));
    void *workspace = nullptr;
    if (workspaceSize > 0) {
        CHECK_ERROR(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST));
    }
    CHECK_ERROR(aclnnAdd(workspace, workspaceSize, executor, stream));
    CHECK_ERROR(aclrtSynchronizeStream(stream));

    std::vector<float> result(8, 0.0f);
    CHECK_ERROR(aclrtMemcpy(result.data(), result.size() * sizeof(float), outBufferAddr,
                            result.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST));
    int bad = 0;
    for (size_t i = 0; i < result.size(); i++) {
        const double golden = static_cast<double>(selfHost[i]) + 1.5 * static_cast<double>(otherHost[i]);
        INFO_LOG("result[%zu] = %g (expected %g)", i, result[i], golden);
        if (!NearlyEqual(result[i], golden)) {
            ERROR_LOG("result[%zu] = %.9g, expected %.9g", i, result[i], golden);
            bad++;
        }
    }
    EXPECT_TRUE(bad == 0);

    CHECK_ERROR(aclDestroyTensor(self));
    CHECK_ERROR(aclDestroyTensor(other));
    CHECK_ERROR(aclDestroyTensor(out));
    CHECK_ERROR(aclDestroyScalar(alpha));
    CHECK_ERROR(aclDestroyDataBuffer(outBuffer));
    CHECK_ERROR(aclrtFree(selfDev));
    CHECK_ERROR(aclrtFree(otherDev));
    CHECK_ERROR(aclrtFree(outDev));
    if (workspace != nullptr) {
        CHECK_ERROR(aclrtFree(workspace));
    }
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    CHECK_ERROR(aclFinalize());
    INFO_LOG("hello_cann passed");
    return 0;
}
