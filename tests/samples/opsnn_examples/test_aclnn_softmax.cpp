/* ops-nn example style (softmax_v2): Softmax over dim 0 of fp32 ND [4, 2] = 0..7 as in the real
 * example, then over the last dim (-1) of a [2, 3, 5] tensor with large values that overflow a
 * naive exp; goldens exp(x - max) / sum in double. */
#include <cmath>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_softmax.h"
#include "example_common.h"

/* Softmax of a row-major tensor with dims [outer, len, inner] along the middle dim. */
static std::vector<double> SoftmaxGolden(const std::vector<float> &x, int64_t outer, int64_t len, int64_t inner)
{
    std::vector<double> y(x.size());
    for (int64_t o = 0; o < outer; o++) {
        for (int64_t i = 0; i < inner; i++) {
            double m = -INFINITY, s = 0.0;
            for (int64_t k = 0; k < len; k++) {
                m = std::fmax(m, x[(o * len + k) * inner + i]);
            }
            for (int64_t k = 0; k < len; k++) {
                s += std::exp(x[(o * len + k) * inner + i] - m);
            }
            for (int64_t k = 0; k < len; k++) {
                y[(o * len + k) * inner + i] = std::exp(x[(o * len + k) * inner + i] - m) / s;
            }
        }
    }
    return y;
}

static int RunSoftmax(aclrtStream stream, const std::vector<float> &x, const std::vector<int64_t> &shape,
                      int64_t dim, int64_t outer, int64_t len, int64_t inner)
{
    void *xDev = nullptr, *yDev = nullptr;
    aclTensor *xt = nullptr, *yt = nullptr;
    CHECK_RET(CreateAclTensor(x, shape, &xDev, ACL_FLOAT, &xt) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(x.size(), 0.0f), shape, &yDev, ACL_FLOAT, &yt) == 0, return 1);
    RUN_TWO_STAGE(aclnnSoftmax, stream, xt, dim, yt);
    std::vector<float> y(x.size());
    CHECK_RET(CopyToHost(yDev, &y) == 0, return 1);
    const int bad = CompareResult("aclnnSoftmax", y, SoftmaxGolden(x, outer, len, inner));
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

    int bad = RunSoftmax(stream, {0, 1, 2, 3, 4, 5, 6, 7}, {4, 2}, 0, 1, 4, 2);
    std::vector<float> big(30);
    for (size_t i = 0; i < big.size(); i++) {
        big[i] = 100.0f + static_cast<float>((i * 7) % 11) - 0.5f * static_cast<float>(i % 3);
    }
    bad += RunSoftmax(stream, big, {2, 3, 5}, -1, 6, 5, 1);

    /* dim out of range is a parameter error */
    void *dev = nullptr;
    aclTensor *t = nullptr;
    CHECK_RET(CreateAclTensor(std::vector<float>(8, 1.0f), {4, 2}, &dev, ACL_FLOAT, &t) == 0, return 1);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    auto st = aclnnSoftmaxGetWorkspaceSize(t, 2, t, &ws, &exec);
    if (st != ACLNN_ERR_PARAM_INVALID) {
        LOG_PRINT("dim 2 of a 2-D tensor gave %d, expected ACLNN_ERR_PARAM_INVALID\n", static_cast<int>(st));
        bad++;
    }
    (void)aclGetRecentErrMsg();
    aclDestroyTensor(t);
    aclrtFree(dev);

    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
