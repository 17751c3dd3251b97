/* ops-nn example style: Gelu (tanh approximation) on fp32 ND [4, 2] with negative, small and
 * large inputs; golden 0.5x(1 + tanh(sqrt(2/pi)(x + 0.044715x^3))) in double. */
#include <cmath>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_gelu.h"
#include "example_common.h"

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);

    std::vector<int64_t> shape = {4, 2};
    std::vector<float> selfHostData = {-16.9f, -3.1f, -1.0f, -0.2f, 0.0f, 0.7f, 2.5f, 6.7f};
    void *selfDeviceAddr = nullptr, *outDeviceAddr = nullptr;
    aclTensor *self = nullptr, *out = nullptr;
    CHECK_RET(CreateAclTensor(selfHostData, shape, &selfDeviceAddr, ACL_FLOAT, &self) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(8, 0.0f), shape, &outDeviceAddr, ACL_FLOAT, &out) == 0, return 1);

    RUN_TWO_STAGE(aclnnGelu, stream, self, out);

    std::vector<float> result(8);
    CHECK_RET(CopyToHost(outDeviceAddr, &result) == 0, return 1);
    std::vector<double> golden;
    const double k = std::sqrt(2.0 / M_PI);
    for (float xf : selfHostData) {
        const double x = xf;
        golden.push_back(0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x))));
    }
    const int bad = CompareResult("aclnnGelu", result, golden);

    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclrtFree(selfDeviceAddr);
    aclrtFree(outDeviceAddr);
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
