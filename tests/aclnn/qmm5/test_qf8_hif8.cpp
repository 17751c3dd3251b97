// aclnnQuantBatchMatmulInplaceAdd's HIFLOAT8 T-T route (950, ops-nn matmul/quant_batch_matmul_inplace_add):
// yRef (M, N) FLOAT += (x1^T @ x2) * x2Scale * x1Scale with x1 (K, M), x2 (K, N) HIFLOAT8 and
// one-element FLOAT scales. Reference written here: HiF8 codes decoded from their bit strings
// (tests/aclnn/hif8/hif8_ref.h), products summed in double, times the scales, plus the old y;
// compared within FP32 summation error. On A2 the op has no kernel (361001).
// aclnnTransposeQuantBatchMatMul's HIFLOAT8 T-C route (950): out (M, B, N) = cast(sum_k x1 (M, B, K) *
// x2 (B, K, N) * FP19(x2Scale[n])) with UINT64 quant parameters, FLOAT16 / BFLOAT16 out (one rounding
// of the double reference), x1Scale not read; a HIFLOAT8 out is refused (361001).
#include "../quant_matmul/qmm_test_util.h"
#include "../hif8/hif8_ref.h"
#include "aclnnop/aclnn_quant_batch_matmul_inplace_add.h"
#include "aclnnop/aclnn_transpose_quant_batch_mat_mul.h"

static aclrtStream g_stream;
static std::string g_chip;

static void Case(int64_t M, int64_t K, int64_t N, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<unsigned char> c1((size_t)(K * M)), c2((size_t)(K * N));
    auto pick = [&]() {
        for (;;) {
            int c = (int)(rng.uniform() * 256) & 0xff;
            double v = hif8_ref_value(c);
            if (std::isfinite(v) && std::fabs(v) <= 64) return (unsigned char)c;
        }
    };
    for (auto &c : c1) c = pick();
    for (auto &c : c2) c = pick();
    float s1 = 0.375f, s2 = 1.0f / 3.0f;
    std::vector<float> y((size_t)(M * N));
    for (auto &v : y) v = (float)rng.value();
    std::vector<unsigned char> bs1(4), bs2(4), by(y.size() * 4);
    std::memcpy(bs1.data(), &s1, 4);
    std::memcpy(bs2.data(), &s2, 4);
    std::memcpy(by.data(), y.data(), by.size());
    RawTensor t1, t2, ts1, ts2, ty;
    bool ok = t1.Init(ACL_HIFLOAT8, {K, M}, {M, 1}, c1) && t2.Init(ACL_HIFLOAT8, {K, N}, {N, 1}, c2) &&
              ts1.Init(ACL_FLOAT, {1}, {1}, bs1) && ts2.Init(ACL_FLOAT, {1}, {1}, bs2) &&
              ty.Init(ACL_FLOAT, {M, N}, {N, 1}, by);
    if (!ok) { EXPECT(false, "tensors"); return; }
    int r = Run("aclnnQuantBatchMatmulInplaceAdd", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize(t1.t, t2.t, ts1.t, ts2.t, ty.t, true, false,
                                                                           0, ws, e);
                },
                aclnnQuantBatchMatmulInplaceAdd);
    EXPECT(r == 0, "HiF8 run M=%lld K=%lld N=%lld: %d (%s)", (long long)M, (long long)K, (long long)N, r,
           aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = ty.Read();
    size_t bad = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0, mag = 0;
            for (int64_t k = 0; k < K; k++) {
                double p = hif8_ref_value(c1[(size_t)(k * M + m)]) * hif8_ref_value(c2[(size_t)(k * N + n)]);
                acc += p;
                mag += std::fabs(p);
            }
            double ref = acc * s2 * s1 + y[(size_t)(m * N + n)];
            float got;
            std::memcpy(&got, &g[(size_t)((m * N + n) * 4)], 4);
            double lim = 4e-7 * (mag * std::fabs(s1 * s2) * (1 + K / 64.0) + std::fabs(ref)) + 1e-30;
            bad += !(std::fabs(got - ref) <= lim);
        }
    EXPECT(bad == 0, "HiF8 M=%lld K=%lld N=%lld: %zu bad", (long long)M, (long long)K, (long long)N, bad);
}


static unsigned char PickHif8(Lcg &rng)
{
    for (;;) {
        int c = (int)(rng.uniform() * 256) & 0xff;
        double v = hif8_ref_value(c);
        if (std::isfinite(v) && std::fabs(v) <= 16) return (unsigned char)c;
    }
}

static void CaseTC(int64_t M, int64_t B, int64_t K, int64_t N, aclDataType od, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<unsigned char> c1((size_t)(M * B * K)), c2((size_t)(B * K * N));
    for (auto &c : c1) c = PickHif8(rng);
    for (auto &c : c2) c = PickHif8(rng);
    std::vector<uint64_t> q((size_t)N);
    std::vector<double> sc((size_t)N);
    for (int64_t n = 0; n < N; n++) {
        float f = (float)(0.001 + 0.01 * rng.uniform());
        q[(size_t)n] = FloatBits(f) | (1ull << 46);
        sc[(size_t)n] = BitsFloat(RefFp19(f, true));
    }
    RawTensor t1, t2, ts, to;
    bool ok = t1.Init(ACL_HIFLOAT8, {M, B, K}, RowMajor({M, B, K}), c1) &&
              t2.Init(ACL_HIFLOAT8, {B, K, N}, RowMajor({B, K, N}), c2) && ts.Init(ACL_UINT64, {N}, {1}, U64Bytes(q)) &&
              to.Init(od, {M, B, N}, RowMajor({M, B, N}), std::vector<unsigned char>((size_t)(M * B * N * 2), 0xEE));
    if (!ok) { EXPECT(false, "tensors"); return; }
    int64_t p102v[3] = {1, 0, 2}, p012v[3] = {0, 1, 2};
    aclIntArray *p102 = aclCreateIntArray(p102v, 3), *p012 = aclCreateIntArray(p012v, 3);
    int r = Run("aclnnTransposeQuantBatchMatMul", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnTransposeQuantBatchMatMulGetWorkspaceSize(t1.t, t2.t, nullptr, nullptr, ts.t,
                                                                          (int32_t)od, 0, p102, p012, p102, 1, to.t,
                                                                          ws, e);
                },
                aclnnTransposeQuantBatchMatMul);
    EXPECT(r == 0, "T-C run: %d (%s)", r, aclGetRecentErrMsg());
    if (r == 0) {
        std::vector<unsigned char> g = to.Read();
        size_t bad = 0;
        for (int64_t m = 0; m < M; m++)
            for (int64_t b = 0; b < B; b++)
                for (int64_t n = 0; n < N; n++) {
                    double acc = 0, mag = 0;
                    for (int64_t k = 0; k < K; k++) {
                        double p = hif8_ref_value(c1[(size_t)((m * B + b) * K + k)]) *
                                   hif8_ref_value(c2[(size_t)((b * K + k) * N + n)]);
                        acc += p;
                        mag += std::fabs(p);
                    }
                    double ref = acc * sc[(size_t)n];
                    double got = Decode(od, &g[(size_t)(((m * B + b) * N + n) * 2)]);
                    double lim = std::fabs(ref) * (od == ACL_BF16 ? 1.0 / 256 : 1.0 / 2048) * 1.01 +
                                 mag * sc[(size_t)n] * 1e-6 + 1e-6;
                    bad += !(std::fabs(got - ref) <= lim);
                }
        EXPECT(bad == 0, "T-C M=%lld B=%lld K=%lld N=%lld: %zu bad", (long long)M, (long long)B, (long long)K,
               (long long)N, bad);
    }
    // a HIFLOAT8 out is refused
    RawTensor oh;
    if (oh.Init(ACL_HIFLOAT8, {M, B, N}, RowMajor({M, B, N}), std::vector<unsigned char>((size_t)(M * B * N), 0))) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rh = aclnnTransposeQuantBatchMatMulGetWorkspaceSize(t1.t, t2.t, nullptr, nullptr, ts.t, ACL_HIFLOAT8, 0,
                                                                p102, p012, p102, 1, oh.t, &ws, &ex);
        EXPECT(rh == 361001, "HIFLOAT8 out: returned %d (%s)", rh, aclGetRecentErrMsg());
        if (rh == 0 && ex) aclDestroyAclOpExecutor(ex);
    }
    aclDestroyIntArray(p102);
    aclDestroyIntArray(p012);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    (void)hif8_ref_encode;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "950") {
        Case(8, 16, 8, 1);
        Case(33, 200, 47, 2);
        CaseTC(5, 3, 64, 24, ACL_BF16, 3);
        CaseTC(4, 2, 100, 17, ACL_FLOAT16, 4);
    } else {
        RawTensor t1, t2, ts, ty;
        bool ok = t1.Init(ACL_HIFLOAT8, {4, 2}, {2, 1}, std::vector<unsigned char>(8, 8)) &&
                  t2.Init(ACL_HIFLOAT8, {4, 3}, {3, 1}, std::vector<unsigned char>(12, 8)) &&
                  ts.Init(ACL_FLOAT, {1}, {1}, std::vector<unsigned char>(4, 0)) &&
                  ty.Init(ACL_FLOAT, {2, 3}, {3, 1}, std::vector<unsigned char>(24, 0));
        EXPECT(ok, "tensors");
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize(t1.t, t2.t, ts.t, ts.t, ty.t, true, false, 0, &ws, &ex);
        EXPECT(r == 361001, "A2: returned %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
