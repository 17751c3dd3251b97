/* Model runtime instance from a captured stream, runtime-repository style: capture an H2D copy
 * from pinned memory, aclnnAdd and aclnnMul and a D2H copy on a stream in GLOBAL mode (one
 * synchronous copy in between after switching this thread to RELAXED), dump the instance as JSON,
 * execute it several times with new pinned inputs and check every run against the same formula
 * computed here in double precision. Links libacl_rt.so + libnnopbase.so + libopapi.so. */
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"
#include "utils.h"

namespace {
constexpr int64_t kCount = 16;
constexpr size_t kBytes = kCount * sizeof(float);

aclTensor *Vector(void *dev)
{
    const int64_t shape[1] = {kCount};
    const int64_t strides[1] = {1};
    return aclCreateTensor(shape, 1, aclDataType::ACL_FLOAT, strides, 0, aclFormat::ACL_FORMAT_ND,
                           shape, 1, dev);
}
} // namespace

int main()
{
    const int32_t deviceId = 0;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    aclrtContext context = nullptr;
    CHECK_ERROR(aclrtCreateContext(&context, deviceId));
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));

    void *selfDev = nullptr, *otherDev = nullptr, *sumDev = nullptr, *outDev = nullptr;
    for (void **p : {&selfDev, &otherDev, &sumDev, &outDev}) {
        CHECK_ERROR(aclrtMalloc(p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    }
    float *selfHost = nullptr, *outHost = nullptr;
    CHECK_ERROR(aclrtMallocHost(reinterpret_cast<void **>(&selfHost), kBytes));
    CHECK_ERROR(aclrtMallocHost(reinterpret_cast<void **>(&outHost), kBytes));
    std::vector<float> otherHost(kCount);
    for (int64_t i = 0; i < kCount; i++) {
        otherHost[i] = 0.5f * static_cast<float>(i) - 3.0f;
    }
    aclTensor *self = Vector(selfDev), *other = Vector(otherDev), *sum = Vector(sumDev),
              *out = Vector(outDev);
    const float alphaValue = 2.0f;
    aclScalar *alpha = aclCreateScalar(const_cast<float *>(&alphaValue), aclDataType::ACL_FLOAT);

    /* out = (self + 2 * other) * self, captured */
    aclmdlRI modelRI = nullptr;
    CHECK_ERROR(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_ERROR(aclrtMemcpyAsync(selfDev, kBytes, selfHost, kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    /* a synchronous copy is refused in GLOBAL mode until this thread relaxes itself */
    EXPECT_CODE(aclrtMemcpy(otherDev, kBytes, otherHost.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
                ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    CHECK_ERROR(aclmdlRICaptureThreadExchangeMode(&mode));
    CHECK_ERROR(aclrtMemcpy(otherDev, kBytes, otherHost.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(aclmdlRICaptureThreadExchangeMode(&mode));
    EXPECT_TRUE(mode == ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    uint64_t wsSize = 0;
    aclOpExecutor *executor = nullptr;
    EXPECT_TRUE(aclnnAddGetWorkspaceSize(self, other, alpha, sum, &wsSize, &executor) == 0);
    EXPECT_TRUE(wsSize == 0);
    EXPECT_TRUE(aclnnAdd(nullptr, 0, executor, stream) == 0);
    EXPECT_TRUE(aclnnMulGetWorkspaceSize(sum, self, out, &wsSize, &executor) == 0);
    EXPECT_TRUE(wsSize == 0);
    EXPECT_TRUE(aclnnMul(nullptr, 0, executor, stream) == 0);
    CHECK_ERROR(aclrtMemcpyAsync(outHost, kBytes, outDev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_ERROR(aclmdlRICaptureEnd(stream, &modelRI));
    INFO_LOG("captured the stream into a model runtime instance");

    CHECK_ERROR(aclmdlRIDebugJsonPrint(modelRI, "./modelRI.json", ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY));
    FILE *json = fopen("./modelRI.json", "r");
    EXPECT_TRUE(json != nullptr);
    fclose(json);

    for (int run = 0; run < 4; run++) {
        for (int64_t i = 0; i < kCount; i++) {
            selfHost[i] = static_cast<float>(run + 1) * 0.25f * static_cast<float>(i - 5);
        }
        CHECK_ERROR(aclmdlRIExecuteAsync(modelRI, stream));
        CHECK_ERROR(aclrtSynchronizeStream(stream));
        for (int64_t i = 0; i < kCount; i++) {
            const double s = selfHost[i];
            const double expect = (s + 2.0 * otherHost[i]) * s;
            EXPECT_TRUE(std::fabs(outHost[i] - expect) <= 1e-5 + 1e-5 * std::fabs(expect));
        }
        INFO_LOG("run %d of the model runtime instance matches", run);
    }

    CHECK_ERROR(aclmdlRIDestroy(modelRI));
    aclDestroyTensor(self);
    aclDestroyTensor(other);
    aclDestroyTensor(sum);
    aclDestroyTensor(out);
    aclDestroyScalar(alpha);
    CHECK_ERROR(aclrtDestroyStreamForce(stream));
    for (void *p : {selfDev, otherDev, sumDev, outDev}) {
        CHECK_ERROR(aclrtFree(p));
    }
    CHECK_ERROR(aclrtFreeHost(selfHost));
    CHECK_ERROR(aclrtFreeHost(outHost));
    CHECK_ERROR(aclrtDestroyContext(context));
    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    CHECK_ERROR(aclFinalize());
    INFO_LOG("model_ri_capture passed");
    return 0;
}
