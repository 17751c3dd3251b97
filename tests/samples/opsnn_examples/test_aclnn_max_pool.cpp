/* ops-nn example style (max_pool_v3): aclnnMaxPool, ONNX semantics, on NCHW fp32 [2, 2, 3, 3]
 * with kernel 2x2, stride 2, pads {0,0,0,0}, dilation 1, autoPad 0 and ceilMode 1 -> [2, 2, 2, 2]
 * (the real example's configuration; windows that run off the edge are clipped). The input is a
 * permutation of 1..36 with alternating signs, so the maximum is not always the last element. */
#include <algorithm>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_max_pool.h"
#include "example_common.h"

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);

    const int64_t N = 2, C = 2, H = 3, W = 3, K = 2, S = 2;
    const int64_t OH = (H - K + S - 1) / S + 1, OW = (W - K + S - 1) / S + 1; /* ceil mode */
    std::vector<int64_t> selfShape = {N, C, H, W}, outShape = {N, C, OH, OW};
    std::vector<float> x(N * C * H * W);
    for (size_t i = 0; i < x.size(); i++) {
        const int v = static_cast<int>((i * 13) % 36) + 1;
        x[i] = (i % 3 == 1) ? -static_cast<float>(v) : static_cast<float>(v);
    }
    void *xDev = nullptr, *yDev = nullptr;
    aclTensor *xt = nullptr, *yt = nullptr;
    CHECK_RET(CreateAclTensor(x, selfShape, &xDev, ACL_FLOAT, &xt, ACL_FORMAT_NCHW) == 0, return 1);
    std::vector<float> y(static_cast<size_t>(GetShapeSize(outShape)), 0.0f);
    CHECK_RET(CreateAclTensor(y, outShape, &yDev, ACL_FLOAT, &yt, ACL_FORMAT_NCHW) == 0, return 1);
    std::vector<int64_t> kernelV{K, K}, strideV{S, S}, padV{0, 0, 0, 0}, dilV{1, 1};
    aclIntArray *kernel = aclCreateIntArray(kernelV.data(), 2);
    aclIntArray *strides = aclCreateIntArray(strideV.data(), 2);
    aclIntArray *pads = aclCreateIntArray(padV.data(), 4);
    aclIntArray *dilations = aclCreateIntArray(dilV.data(), 2);
    const int64_t autoPad = 0, ceilMode = 1;

    RUN_TWO_STAGE(aclnnMaxPool, stream, xt, kernel, strides, autoPad, pads, dilations, ceilMode, yt);
    CHECK_RET(CopyToHost(yDev, &y) == 0, return 1);

    std::vector<double> golden;
    for (int64_t nc = 0; nc < N * C; nc++)
        for (int64_t i = 0; i < OH; i++)
            for (int64_t j = 0; j < OW; j++) {
                double m = -1e300;
                for (int64_t r = i * S; r < std::min(i * S + K, H); r++)
                    for (int64_t s = j * S; s < std::min(j * S + K, W); s++)
                        m = std::max(m, static_cast<double>(x[(nc * H + r) * W + s]));
                golden.push_back(m);
            }
    const int bad = CompareResult("aclnnMaxPool", y, golden, 0.0, 0.0); /* max is exact */

    aclDestroyIntArray(kernel);
    aclDestroyIntArray(strides);
    aclDestroyIntArray(pads);
    aclDestroyIntArray(dilations);
    aclDestroyTensor(xt);
    aclDestroyTensor(yt);
    aclrtFree(xDev);
    aclrtFree(yDev);
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
