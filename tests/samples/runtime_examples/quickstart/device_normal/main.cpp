/* Device lifecycle, runtime-repository style: aclnnAdd launched on two streams (one of them with a
 * broadcast operand), completion waited for with aclrtSynchronizeDevice alone, results checked
 * against a double-precision reference; then aclrtGetDevice / aclrtResetDeviceForce. */
#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "utils.h"

namespace {
struct DeviceTensor {
    void *addr = nullptr;
    aclTensor *tensor = nullptr;
};

int Upload(const std::vector<float> &host, const std::vector<int64_t> &shape, DeviceTensor *t)
{
    const size_t bytes = host.size() * sizeof(float);
    CHECK_ERROR(aclrtMalloc(&t->addr, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemcpy(t->addr, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    t->tensor = aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0,
                                aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), t->addr);
    EXPECT_TRUE(t->tensor != nullptr);
    return 0;
}

/* Queues out = self + alpha * other on the stream; the workspace is returned for freeing. */
int LaunchAdd(const DeviceTensor &self, const DeviceTensor &other, float alphaValue,
              const DeviceTensor &out, aclrtStream stream, void **workspace)
{
    aclScalar *alpha = aclCreateScalar(&alphaValue, aclDataType::ACL_FLOAT);
    EXPECT_TRUE(alpha != nullptr);
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_ERROR(aclnnAddGetWorkspaceSize(self.tensor, other.tensor, alpha, out.tensor,
                                         &workspaceSize, &executor));
    *workspace = nullptr;
    if (workspaceSize > 0) {
        CHECK_ERROR(aclrtMalloc(workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST));
    }
    CHECK_ERROR(aclnnAdd(*workspace, workspaceSize, executor, stream));
    CHECK_ERROR(aclDestroyScalar(alpha));
    return 0;
}

int Release(DeviceTensor &t)
{
    CHECK_ERROR(aclDestroyTensor(t.tensor));
    CHECK_ERROR(aclrtFree(t.addr));
    return 0;
}
} // namespace

int main()
{
    const int32_t deviceId = 0;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    int32_t current = -1;
    CHECK_ERROR(aclrtGetDevice(&current));
    EXPECT_TRUE(current == deviceId);

    aclrtStream s1 = nullptr, s2 = nullptr;
    CHECK_ERROR(aclrtCreateStream(&s1));
    CHECK_ERROR(aclrtCreateStream(&s2));

    /* case 1: [4,2] + 1.2 * [4,2]; case 2: [4,2] + (-0.5) * [2] broadcast over rows */
    const std::vector<int64_t> shape{4, 2}, rowShape{2};
    const std::vector<float> a{0, 1, 2, 3, 4, 5, 6, 7};
    const std::vector<float> b{1, 1, 1, 2, 2, 2, 3, 3};
    const std::vector<float> row{10, -20};
    DeviceTensor ta, tb, trow, out1, out2;
    if (Upload(a, shape, &ta) || Upload(b, shape, &tb) || Upload(row, rowShape, &trow) ||
        Upload(std::vector<float>(8, 0.0f), shape, &out1) ||
        Upload(std::vector<float>(8, 0.0f), shape, &out2)) {
        return -1;
    }
    void *ws1 = nullptr, *ws2 = nullptr;
    if (LaunchAdd(ta, tb, 1.2f, out1, s1, &ws1) != 0 || LaunchAdd(ta, trow, -0.5f, out2, s2, &ws2) != 0) {
        return -1;
    }
    /* one call waits for every stream of the device */
    CHECK_ERROR(aclrtSynchronizeDevice());

    std::vector<float> r1(8), r2(8);
    CHECK_ERROR(aclrtMemcpy(r1.data(), 32, out1.addr, 32, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_ERROR(aclrtMemcpy(r2.data(), 32, out2.addr, 32, ACL_MEMCPY_DEVICE_TO_HOST));
    int bad = 0;
    for (size_t i = 0; i < 8; i++) {
        const double g1 = static_cast<double>(a[i]) + static_cast<double>(1.2f) * b[i];
        const double g2 = static_cast<double>(a[i]) - 0.5 * row[i % 2];
        INFO_LOG("result[%zu]: %g (expected %g), %g (expected %g)", i, r1[i], g1, r2[i], g2);
        bad += !NearlyEqual(r1[i], g1) + !NearlyEqual(r2[i], g2);
    }
    EXPECT_TRUE(bad == 0);

    if (Release(ta) || Release(tb) || Release(trow) || Release(out1) || Release(out2)) {
        return -1;
    }
    if (ws1 != nullptr) {
        CHECK_ERROR(aclrtFree(ws1));
    }
    if (ws2 != nullptr) {
        CHECK_ERROR(aclrtFree(ws2));
    }
    CHECK_ERROR(aclrtDestroyStream(s1));
    CHECK_ERROR(aclrtDestroyStream(s2));
    /* setting the device again only adds a reference; the forced reset drops them all */
    CHECK_ERROR(aclrtSetDevice(deviceId));
    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    EXPECT_CODE(aclrtGetDevice(&current), ACL_ERROR_RT_CONTEXT_NULL);
    (void)aclGetRecentErrMsg();
    CHECK_ERROR(aclFinalize());
    INFO_LOG("device_normal passed");
    return 0;
}
