/* ops-nn example style (batch_norm_v3): aclnnBatchNorm in training mode on fp32 [2, 3, 4]
 * (N, C, L), momentum 0.1, eps 1e-5, non-trivial weight / bias / running stats. Checked in double:
 *   output     = (x - mean_c) / sqrt(var_c + eps) * w_c + b_c   (biased batch variance)
 *   runningMean = 0.9 * rm + 0.1 * mean_c, runningVar = 0.9 * rv + 0.1 * unbiased var_c
 *   saveMean   = mean_c; saveInvstd = var_c on Atlas A2/A3/910/310P, 1/sqrt(var_c + eps) on 950
 *   (the documented chip difference).
 * Then inference mode, which normalises with the (updated) running statistics. */
#include <cmath>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "example_common.h"

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);

    const int64_t N = 2, C = 3, L = 4;
    const double momentum = 0.1, eps = 1e-5;
    std::vector<int64_t> xShape{N, C, L}, cShape{C};
    std::vector<float> x(N * C * L);
    for (size_t i = 0; i < x.size(); i++)
        x[i] = static_cast<float>(static_cast<int>((i * 7) % 11) - 5) * 0.3f + static_cast<float>(i % 3);
    std::vector<float> w{1.0f, 0.5f, -2.0f}, b{0.0f, 1.5f, -0.25f}, rm{0.2f, -0.1f, 0.0f}, rv{1.0f, 2.0f, 0.5f};
    void *xD, *wD, *bD, *rmD, *rvD, *yD, *smD, *siD;
    aclTensor *xt, *wt, *bt, *rmt, *rvt, *yt, *smt, *sit;
    CHECK_RET(CreateAclTensor(x, xShape, &xD, ACL_FLOAT, &xt, ACL_FORMAT_NCL) == 0, return 1);
    CHECK_RET(CreateAclTensor(w, cShape, &wD, ACL_FLOAT, &wt) == 0, return 1);
    CHECK_RET(CreateAclTensor(b, cShape, &bD, ACL_FLOAT, &bt) == 0, return 1);
    CHECK_RET(CreateAclTensor(rm, cShape, &rmD, ACL_FLOAT, &rmt) == 0, return 1);
    CHECK_RET(CreateAclTensor(rv, cShape, &rvD, ACL_FLOAT, &rvt) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(x.size(), 0.0f), xShape, &yD, ACL_FLOAT, &yt, ACL_FORMAT_NCL) == 0,
              return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(C, 0.0f), cShape, &smD, ACL_FLOAT, &smt) == 0, return 1);
    CHECK_RET(CreateAclTensor(std::vector<float>(C, 0.0f), cShape, &siD, ACL_FLOAT, &sit) == 0, return 1);

    RUN_TWO_STAGE(aclnnBatchNorm, stream, xt, wt, bt, rmt, rvt, true, momentum, eps, yt, smt, sit);

    /* golden statistics per channel */
    std::vector<double> mean(C, 0.0), var(C, 0.0);
    const double cnt = static_cast<double>(N * L);
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t l = 0; l < L; l++)
                mean[c] += x[(n * C + c) * L + l] / cnt;
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t l = 0; l < L; l++) {
                const double d = x[(n * C + c) * L + l] - mean[c];
                var[c] += d * d / cnt;
            }
    std::vector<double> gY, gRm, gRv, gSm, gSi;
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t l = 0; l < L; l++)
                gY.push_back((x[(n * C + c) * L + l] - mean[c]) / std::sqrt(var[c] + eps) * w[c] + b[c]);
    const char *soc = aclrtGetSocName();
    const bool is950 = soc != nullptr && std::strncmp(soc, "Ascend950", 9) == 0;
    for (int64_t c = 0; c < C; c++) {
        gRm.push_back((1.0 - momentum) * rm[c] + momentum * mean[c]);
        gRv.push_back((1.0 - momentum) * rv[c] + momentum * var[c] * cnt / (cnt - 1.0));
        gSm.push_back(mean[c]);
        gSi.push_back(is950 ? 1.0 / std::sqrt(var[c] + eps) : var[c]);
    }
    std::vector<float> y(x.size()), outRm(C), outRv(C), sm(C), si(C);
    CHECK_RET(CopyToHost(yD, &y) == 0 && CopyToHost(rmD, &outRm) == 0 && CopyToHost(rvD, &outRv) == 0 &&
                  CopyToHost(smD, &sm) == 0 && CopyToHost(siD, &si) == 0,
              return 1);
    int bad = CompareResult("aclnnBatchNorm output", y, gY);
    bad += CompareResult("aclnnBatchNorm runningMean", outRm, gRm);
    bad += CompareResult("aclnnBatchNorm runningVar", outRv, gRv);
    bad += CompareResult("aclnnBatchNorm saveMean", sm, gSm);
    bad += CompareResult("aclnnBatchNorm saveInvstd", si, gSi);

    /* inference: normalise with the running statistics just updated; they stay unchanged */
    RUN_TWO_STAGE(aclnnBatchNorm, stream, xt, wt, bt, rmt, rvt, false, momentum, eps, yt, smt, sit);
    CHECK_RET(CopyToHost(yD, &y) == 0 && CopyToHost(rmD, &outRm) == 0, return 1);
    std::vector<double> gInfer;
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t l = 0; l < L; l++)
                gInfer.push_back((x[(n * C + c) * L + l] - static_cast<double>(static_cast<float>(gRm[c]))) /
                                     std::sqrt(static_cast<double>(static_cast<float>(gRv[c])) + eps) * w[c] +
                                 b[c]);
    bad += CompareResult("aclnnBatchNorm inference", y, gInfer);
    bad += CompareResult("aclnnBatchNorm runningMean unchanged", outRm, gRm);

    for (aclTensor *t : {xt, wt, bt, rmt, rvt, yt, smt, sit})
        aclDestroyTensor(t);
    for (void *p : {xD, wD, bD, rmD, rvD, yD, smD, siD})
        aclrtFree(p);
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
