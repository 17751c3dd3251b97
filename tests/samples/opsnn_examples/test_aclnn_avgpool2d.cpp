/* ops-nn example style (avg_pool3_d/avgpool2d): aclnnAvgPool2d on NCHW fp32 with PyTorch semantics
 *   case 1: the real example's shapes, [1, 16, 4, 4], kernel 4, stride 4 -> [1, 16, 1, 1];
 *   case 2: [1, 3, 5, 5], kernel 3, stride 2, padding 1, countIncludePad true  -> [1, 3, 3, 3];
 *   case 3: the same with countIncludePad false (only real elements are counted);
 *   case 4: the same with divisorOverride 4.
 * cubeMathType 1 as the examples pass; goldens in double. */
#include <algorithm>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "example_common.h"

struct PoolCase {
    int64_t c, h, w, k, s, p;
    bool countIncludePad;
    int64_t divisorOverride;
};

static std::vector<double> AvgGolden(const PoolCase &pc, const std::vector<float> &x, int64_t oh, int64_t ow)
{
    std::vector<double> y;
    for (int64_t c = 0; c < pc.c; c++)
        for (int64_t i = 0; i < oh; i++)
            for (int64_t j = 0; j < ow; j++) {
                const int64_t h0 = i * pc.s - pc.p, w0 = j * pc.s - pc.p;
                const int64_t h1 = std::min(h0 + pc.k, pc.h + pc.p), w1 = std::min(w0 + pc.k, pc.w + pc.p);
                const int64_t padded = (h1 - h0) * (w1 - w0);
                double sum = 0.0;
                int64_t real = 0;
                for (int64_t r = std::max<int64_t>(h0, 0); r < std::min(h1, pc.h); r++)
                    for (int64_t q = std::max<int64_t>(w0, 0); q < std::min(w1, pc.w); q++) {
                        sum += x[(c * pc.h + r) * pc.w + q];
                        real++;
                    }
                const int64_t div = pc.divisorOverride != 0 ? pc.divisorOverride
                                    : pc.countIncludePad    ? padded
                                                            : real;
                y.push_back(sum / static_cast<double>(div));
            }
    return y;
}

static int RunCase(aclrtStream stream, const PoolCase &pc)
{
    const int64_t oh = (pc.h + 2 * pc.p - pc.k) / pc.s + 1, ow = (pc.w + 2 * pc.p - pc.k) / pc.s + 1;
    std::vector<int64_t> xShape{1, pc.c, pc.h, pc.w}, yShape{1, pc.c, oh, ow};
    std::vector<float> x(static_cast<size_t>(GetShapeSize(xShape)));
    for (size_t i = 0; i < x.size(); i++)
        x[i] = static_cast<float>(static_cast<int>((i * 29) % 23) - 11) * 0.37f;
    std::vector<float> y(static_cast<size_t>(GetShapeSize(yShape)), 0.0f);
    void *xDev = nullptr, *yDev = nullptr;
    aclTensor *xt = nullptr, *yt = nullptr;
    CHECK_RET(CreateAclTensor(x, xShape, &xDev, ACL_FLOAT, &xt, ACL_FORMAT_NCHW) == 0, return 1);
    CHECK_RET(CreateAclTensor(y, yShape, &yDev, ACL_FLOAT, &yt, ACL_FORMAT_NCHW) == 0, return 1);
    std::vector<int64_t> kV{pc.k, pc.k}, sV{pc.s, pc.s}, pV{pc.p, pc.p};
    aclIntArray *kernelSize = aclCreateIntArray(kV.data(), 2);
    aclIntArray *strides = aclCreateIntArray(sV.data(), 2);
    aclIntArray *paddings = aclCreateIntArray(pV.data(), 2);
    RUN_TWO_STAGE(aclnnAvgPool2d, stream, xt, kernelSize, strides, paddings, false, pc.countIncludePad,
                  pc.divisorOverride, static_cast<int8_t>(1), yt);
    CHECK_RET(CopyToHost(yDev, &y) == 0, return 1);
    const int bad = CompareResult("aclnnAvgPool2d", y, AvgGolden(pc, x, oh, ow));
    aclDestroyIntArray(kernelSize);
    aclDestroyIntArray(strides);
    aclDestroyIntArray(paddings);
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
    int bad = RunCase(stream, {16, 4, 4, 4, 4, 0, true, 0});
    bad += RunCase(stream, {3, 5, 5, 3, 2, 1, true, 0});
    bad += RunCase(stream, {3, 5, 5, 3, 2, 1, false, 0});
    bad += RunCase(stream, {3, 5, 5, 3, 2, 1, true, 4});
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
