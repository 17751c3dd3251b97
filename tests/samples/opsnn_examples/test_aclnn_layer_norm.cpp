/* ops-nn example style (layer_norm_v4): aclnnLayerNorm on fp32 [1, 2, 32] with normalizedShape
 * {32} (the real example's shapes) and on [2, 3, 4, 5] normalised over {4, 5}; weight and bias
 * given, eps 1e-5, mean and rstd outputs with the trailing normalised dims set to 1. Golden in
 * double: mean, biased variance, rstd = 1/sqrt(var + eps), y = (x - mean) * rstd * w + b. */
#include <cmath>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "example_common.h"

static int RunCase(aclrtStream stream, const std::vector<int64_t> &xShape, size_t normDims)
{
    const double eps = 1e-5;
    const std::vector<int64_t> normShape(xShape.end() - normDims, xShape.end());
    std::vector<int64_t> statShape = xShape;
    for (size_t i = xShape.size() - normDims; i < xShape.size(); i++)
        statShape[i] = 1;
    const int64_t inner = GetShapeSize(normShape), rows = GetShapeSize(xShape) / inner;
    std::vector<float> x(static_cast<size_t>(rows * inner)), w(inner), b(inner);
    for (size_t i = 0; i < x.size(); i++)
        x[i] = static_cast<float>(static_cast<int>((i * 31) % 27) - 13) * 0.21f + 3.0f * static_cast<float>(i % 2);
    for (int64_t i = 0; i < inner; i++) {
        w[i] = 0.5f + 0.05f * static_cast<float>(i);
        b[i] = -0.3f + 0.02f * static_cast<float>(i);
    }
    void *xD, *wD, *bD, *yD, *mD, *rD;
    aclTensor *xt, *wt, *bt, *yt, *mt, *rt;
    CHECK_RET(CreateAclTensor(x, xShape, &xD, ACL_FLOAT, &xt) == 0, return 1);
    CHECK_RET(CreateAclTensor(w, normShape, &wD, ACL_FLOAT, &wt) == 0, return 1);
    CHECK_RET(CreateAclTensor(b, normShape, &bD, ACL_FLOAT, &bt) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(x.size(), 0.0f), xShape, &yD, ACL_FLOAT, &yt) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(rows, 0.0f), statShape, &mD, ACL_FLOAT, &mt) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(rows, 0.0f), statShape, &rD, ACL_FLOAT, &rt) == 0, return 1);
    aclIntArray *normalizedShape = aclCreateIntArray(normShape.data(), normShape.size());

    RUN_TWO_STAGE(aclnnLayerNorm, stream, xt, normalizedShape, wt, bt, eps, yt, mt, rt);

    std::vector<double> gY, gM, gR;
    for (int64_t r = 0; r < rows; r++) {
        double mean = 0.0, var = 0.0;
        for (int64_t i = 0; i < inner; i++)
            mean += x[r * inner + i];
        mean /= static_cast<double>(inner);
        for (int64_t i = 0; i < inner; i++)
            var += (x[r * inner + i] - mean) * (x[r * inner + i] - mean);
        var /= static_cast<double>(inner);
        const double rstd = 1.0 / std::sqrt(var + eps);
        for (int64_t i = 0; i < inner; i++)
            gY.push_back((x[r * inner + i] - mean) * rstd * w[i] + b[i]);
        gM.push_back(mean);
        gR.push_back(rstd);
    }
    std::vector<float> y(x.size()), m(rows), rs(rows);
    CHECK_RET(CopyToHost(yD, &y) == 0 && CopyToHost(mD, &m) == 0 && CopyToHost(rD, &rs) == 0, return 1);
    int bad = CompareResult("aclnnLayerNorm out", y, gY);
    bad += CompareResult("aclnnLayerNorm meanOut", m, gM);
    bad += CompareResult("aclnnLayerNorm rstdOut", rs, gR);

    aclDestroyIntArray(normalizedShape);
    for (aclTensor *t : {xt, wt, bt, yt, mt, rt})
        aclDestroyTensor(t);
    for (void *p : {xD, wD, bD, yD, mD, rD})
        aclrtFree(p);
    return bad;
}

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);
    int bad = RunCase(stream, {1, 2, 32}, 1);
    bad += RunCase(stream, {2, 3, 4, 5}, 2);
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
