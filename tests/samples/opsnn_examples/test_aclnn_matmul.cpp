/* ops-nn example style (mat_mul_v3): aclnnMatmul with cubeMathType 1 on fp32 ND
 *   case 1: [16, 32] @ [32, 16] (the real example's shapes, here with varied values);
 *   case 2: [2, 3, 4] @ [4, 5], torch.matmul broadcasting of the batch dim;
 *   case 3: [4] @ [4, 3], a 1-D left operand (promoted to [1, 4] and squeezed -> [3]).
 * Values are multiples of 1/4 with small magnitudes, exact in HF32/FP16, so sums are exact in fp32
 * and the double-precision golden must match to rounding. */
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_matmul.h"
#include "example_common.h"

static std::vector<float> Pattern(size_t n, unsigned mul, unsigned mod)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++)
        v[i] = 0.25f * static_cast<float>(static_cast<int>((i * mul) % mod) - static_cast<int>(mod / 2));
    return v;
}

/* out[b, m, n] = sum_k a[b, m, k] * w[k, n] (w shared by every batch). */
static std::vector<double> MatmulGolden(const std::vector<float> &a, const std::vector<float> &w, int64_t batch,
                                        int64_t m, int64_t k, int64_t n)
{
    std::vector<double> y;
    for (int64_t bi = 0; bi < batch; bi++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                double acc = 0.0;
                for (int64_t p = 0; p < k; p++)
                    acc += static_cast<double>(a[(bi * m + i) * k + p]) * w[p * n + j];
                y.push_back(acc);
            }
    return y;
}

static int RunCase(aclrtStream stream, const std::vector<int64_t> &aShape, const std::vector<int64_t> &wShape,
                   const std::vector<int64_t> &outShape, int64_t batch, int64_t m, int64_t k, int64_t n)
{
    const std::vector<float> a = Pattern(static_cast<size_t>(GetShapeSize(aShape)), 7, 13);
    const std::vector<float> w = Pattern(static_cast<size_t>(GetShapeSize(wShape)), 5, 11);
    void *aDev = nullptr, *wDev = nullptr, *oDev = nullptr;
    aclTensor *at = nullptr, *wt = nullptr, *ot = nullptr;
    std::vector<float> out(static_cast<size_t>(GetShapeSize(outShape)), 0.0f);
    CHECK_RET(CreateAclTensor(a, aShape, &aDev, ACL_FLOAT, &at) == 0, return 1);
    CHECK_RET(CreateAclTensor(w, wShape, &wDev, ACL_FLOAT, &wt) == 0, return 1);
    CHECK_RET(CreateAclTensor(out, outShape, &oDev, ACL_FLOAT, &ot) == 0, return 1);
    RUN_TWO_STAGE(aclnnMatmul, stream, at, wt, ot, static_cast<int8_t>(1));
    CHECK_RET(CopyToHost(oDev, &out) == 0, return 1);
    const int bad = CompareResult("aclnnMatmul", out, MatmulGolden(a, w, batch, m, k, n), 1e-5, 1e-5);
    aclDestroyTensor(at);
    aclDestroyTensor(wt);
    aclDestroyTensor(ot);
    aclrtFree(aDev);
    aclrtFree(wDev);
    aclrtFree(oDev);
    return bad;
}

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);
    int bad = RunCase(stream, {16, 32}, {32, 16}, {16, 16}, 1, 16, 32, 16);
    bad += RunCase(stream, {2, 3, 4}, {4, 5}, {2, 3, 5}, 2, 3, 4, 5);
    bad += RunCase(stream, {4}, {4, 3}, {3}, 1, 1, 4, 3);
    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
