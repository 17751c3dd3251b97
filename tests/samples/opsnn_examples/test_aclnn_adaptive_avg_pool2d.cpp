/* ops-nn example style (adaptive_avg_pool2d): aclnnAdaptiveAvgPool2d on NCHW fp32 [1, 2, 5, 7]
 * -> outputSize {3, 4}, and on a 3-D CHW input [3, 4, 4] -> {1, 1} (a global average).
 * Window of output (i, j): rows [floor(i*H/OH), ceil((i+1)*H/OH)), same for columns. */
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d.h"
#include "example_common.h"

static std::vector<double> AdaptiveGolden(const std::vector<float> &x, int64_t planes, int64_t H, int64_t W,
                                          int64_t OH, int64_t OW)
{
    std::vector<double> y;
    for (int64_t c = 0; c < planes; c++)
        for (int64_t i = 0; i < OH; i++)
            for (int64_t j = 0; j < OW; j++) {
                const int64_t h0 = i * H / OH, h1 = ((i + 1) * H + OH - 1) / OH;
                const int64_t w0 = j * W / OW, w1 = ((j + 1) * W + OW - 1) / OW;
                double sum = 0.0;
                for (int64_t r = h0; r < h1; r++)
                    for (int64_t q = w0; q < w1; q++)
                        sum += x[(c * H + r) * W + q];
                y.push_back(sum / static_cast<double>((h1 - h0) * (w1 - w0)));
            }
    return y;
}

static int RunCase(aclrtStream stream, const std::vector<int64_t> &xShape, int64_t OH, int64_t OW)
{
    const size_t rank = xShape.size();
    const int64_t H = xShape[rank - 2], W = xShape[rank - 1];
    const int64_t planes = GetShapeSize(xShape) / (H * W);
    std::vector<int64_t> yShape = xShape;
    yShape[rank - 2] = OH;
    yShape[rank - 1] = OW;
    std::vector<float> x(static_cast<size_t>(GetShapeSize(xShape)));
    for (size_t i = 0; i < x.size(); i++)
        x[i] = static_cast<float>(static_cast<int>((i * 17) % 19) - 9) * 0.5f + 0.125f;
    std::vector<float> y(static_cast<size_t>(GetShapeSize(yShape)), 0.0f);
    void *xDev = nullptr, *yDev = nullptr;
    aclTensor *xt = nullptr, *yt = nullptr;
    const aclFormat fmt = rank == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCL;
    CHECK_RET(CreateAclTensor(x, xShape, &xDev, ACL_FLOAT, &xt, fmt) == 0, return 1);
    CHECK_RET(CreateAclTensor(y, yShape, &yDev, ACL_FLOAT, &yt, fmt) == 0, return 1);
    std::vector<int64_t> osV{OH, OW};
    aclIntArray *outputSize = aclCreateIntArray(osV.data(), 2);
    RUN_TWO_STAGE(aclnnAdaptiveAvgPool2d, stream, xt, outputSize, yt);
    CHECK_RET(CopyToHost(yDev, &y) == 0, return 1);
    const int bad = CompareResult("aclnnAdaptiveAvgPool2d", y, AdaptiveGolden(x, planes, H, W, OH, OW));
    aclDestroyIntArray(outputSize);
    aclDestroyTensor(xt);
    aclDestroyTensor(yt);
    aclrtFree(xDev);
    aclrtFree(yDev);
    return bad;
}

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);
    int bad = RunCase(stream, {1, 2, 5, 7}, 3, 4);
    bad += RunCase(stream, {3, 4, 4}, 1, 1);
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
