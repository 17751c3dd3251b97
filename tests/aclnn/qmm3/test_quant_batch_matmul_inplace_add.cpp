// aclnnQuantBatchMatmulInplaceAdd (ops-nn matmul/quant_batch_matmul_inplace_add, 950): yRef += the
// MX FP8 matmul of x1 (K, M)^T and x2 (K, N), checked against a double reference written here
// (FP8 codes decoded from their bit fields, per 32-element K block sums times 2^(s1 - 127) *
// 2^(s2 - 127), the last block short, plus y); E4M3FN / E5M2 mixes, strided yRef, K not a multiple
// of 32 or 64, m = 0. Validation: nulls, ranks, groupSize inference and check, formats, dtypes,
// shapes (the real op_api's order and messages); the HIFLOAT8 T-T route is accepted on 950;
// on the default A2 topology the op has no kernel (361001).
#include "qf8_ref.h"
#include "aclnnop/aclnn_quant_batch_matmul_inplace_add.h"

static aclrtStream g_stream;
static std::string g_chip;

static const char *F8Name(aclDataType d) { return d == ACL_FLOAT8_E4M3FN ? "E4M3FN" : "E5M2"; }

struct Mx {
    RawTensor x1, x2, s1, s2;
    std::vector<unsigned> c1, c2, e1, e2; // codes in logical order
};

static void Case(aclDataType d1, aclDataType d2, int64_t M, int64_t K, int64_t N, bool stridedY, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t kb = (K + 63) / 64;
    Mx t;
    std::vector<unsigned char> b1((size_t)(K * M)), b2((size_t)(K * N)), bs1((size_t)(kb * M * 2)), bs2((size_t)(kb * N * 2));
    for (auto &c : b1) c = (unsigned char)RandFp8(rng, d1);
    for (auto &c : b2) c = (unsigned char)RandFp8(rng, d2);
    for (auto &c : bs1) c = (unsigned char)(120 + (int)(rng.uniform() * 14));
    for (auto &c : bs2) c = (unsigned char)(120 + (int)(rng.uniform() * 14));
    // yRef: (M, N) FP32, strided: row stride 2N + 3, column stride 2
    int64_t ys0 = stridedY ? 2 * N + 3 : N, ys1 = stridedY ? 2 : 1;
    int64_t ystore = M ? (M - 1) * ys0 + (N - 1) * ys1 + 1 : 1;
    std::vector<float> y((size_t)ystore, -777.0f);
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) y[(size_t)(m * ys0 + n * ys1)] = (float)(rng.value());
    std::vector<unsigned char> yb(y.size() * 4);
    std::memcpy(yb.data(), y.data(), yb.size());
    RawTensor ty;
    bool ok = t.x1.Init(d1, {K, M}, {M, 1}, b1) && t.x2.Init(d2, {K, N}, {N, 1}, b2) &&
              t.s1.Init(ACL_FLOAT8_E8M0, {kb, M, 2}, {M * 2, 2, 1}, bs1) &&
              t.s2.Init(ACL_FLOAT8_E8M0, {kb, N, 2}, {N * 2, 2, 1}, bs2) &&
              ty.Init(ACL_FLOAT, {M, N}, {ys0, ys1}, yb, ACL_FORMAT_ND, {ystore});
    EXPECT(ok, "tensors");
    if (!ok) return;
    int r = Run("aclnnQuantBatchMatmulInplaceAdd", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize(t.x1.t, t.x2.t, t.s1.t, t.s2.t, ty.t, true,
                                                                           false, 32, ws, e);
                },
                aclnnQuantBatchMatmulInplaceAdd);
    EXPECT(r == 0, "run M=%lld K=%lld N=%lld: %d (%s)", (long long)M, (long long)K, (long long)N, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> gb = ty.Read();
    std::vector<float> got(y.size());
    std::memcpy(got.data(), gb.data(), gb.size());
    size_t bad = 0, clobbered = 0;
    double worst = 0;
    std::vector<char> inview(y.size(), 0);
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0, mag = 0;
            for (int64_t j = 0; j * 32 < K; j++) {
                double part = 0, pm = 0;
                for (int64_t k = j * 32; k < K && k < j * 32 + 32; k++) {
                    double p = Fp8Value(d1, b1[(size_t)(k * M + m)]) * Fp8Value(d2, b2[(size_t)(k * N + n)]);
                    part += p;
                    pm += std::fabs(p);
                }
                double sc = E8m0Value(bs1[(size_t)(((j / 2) * M + m) * 2 + (j & 1))]) *
                            E8m0Value(bs2[(size_t)(((j / 2) * N + n) * 2 + (j & 1))]);
                acc += part * sc;
                mag += pm * sc;
            }
            size_t at = (size_t)(m * ys0 + n * ys1);
            inview[at] = 1;
            double ref = acc + (double)y[at];
            double err = std::fabs((double)got[at] - ref), lim = 2e-6 * (mag + std::fabs((double)y[at])) + 1e-30;
            worst = std::max(worst, err / lim);
            bad += !(err <= lim);
        }
    for (size_t i = 0; i < y.size(); i++) clobbered += !inview[i] && got[i] != -777.0f;
    EXPECT(bad == 0, "%s x %s M=%lld K=%lld N=%lld: %zu mismatches (worst %.3g of the limit)", F8Name(d1), F8Name(d2),
           (long long)M, (long long)K, (long long)N, bad, worst);
    EXPECT(clobbered == 0, "yRef: %zu elements outside the view written", clobbered);
}

static void Validation()
{
    const int64_t M = 8, K = 64, N = 16;
    RawTensor x1, x2, s1, s2, y, y3, x1b, s1f, s2f, h1, h2, p1, p2, x1nz, y16, s1bad, x1i8;
    std::vector<unsigned char> z(4096, 0x38);
    bool ok = x1.Init(ACL_FLOAT8_E4M3FN, {K, M}, {M, 1}, std::vector<unsigned char>(K * M, 0x38)) &&
              x2.Init(ACL_FLOAT8_E4M3FN, {K, N}, {N, 1}, std::vector<unsigned char>(K * N, 0x38)) &&
              s1.Init(ACL_FLOAT8_E8M0, {1, M, 2}, {2 * M, 2, 1}, std::vector<unsigned char>(2 * M, 127)) &&
              s2.Init(ACL_FLOAT8_E8M0, {1, N, 2}, {2 * N, 2, 1}, std::vector<unsigned char>(2 * N, 127)) &&
              y.Init(ACL_FLOAT, {M, N}, {N, 1}, std::vector<unsigned char>(M * N * 4, 0)) &&
              y3.Init(ACL_FLOAT, {1, M, N}, {M * N, N, 1}, std::vector<unsigned char>(M * N * 4, 0)) &&
              x1b.Init(ACL_FLOAT8_E4M3FN, {K + 1, M}, {M, 1}, std::vector<unsigned char>((K + 1) * M, 0x38)) &&
              s1f.Init(ACL_FLOAT, {1}, {1}, std::vector<unsigned char>(4, 0)) &&
              s2f.Init(ACL_FLOAT, {1}, {1}, std::vector<unsigned char>(4, 0)) &&
              h1.Init(ACL_HIFLOAT8, {K, M}, {M, 1}, std::vector<unsigned char>(K * M, 8)) &&
              h2.Init(ACL_HIFLOAT8, {K, N}, {N, 1}, std::vector<unsigned char>(K * N, 8)) &&
              x1nz.Init(ACL_FLOAT8_E4M3FN, {K, M}, {M, 1}, std::vector<unsigned char>(K * M, 0x38), ACL_FORMAT_NCHW) &&
              y16.Init(ACL_FLOAT16, {M, N}, {N, 1}, std::vector<unsigned char>(M * N * 2, 0)) &&
              s1bad.Init(ACL_FLOAT8_E8M0, {1, M, 4}, {4 * M, 4, 1}, std::vector<unsigned char>(4 * M, 127)) &&
              x1i8.Init(ACL_INT8, {K, M}, {M, 1}, std::vector<unsigned char>(K * M, 1));
    EXPECT(ok, "validation tensors");
    if (!ok) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, aclTensor *e, bool t1,
                  bool t2, int64_t g) {
        return aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize(a, b, c, d, e, t1, t2, g, &ws, &ex);
    };
    ExpectError("null x1", S1(nullptr, x2.t, s1.t, s2.t, y.t, true, false, 32), 161001, "x1");
    ExpectError("null x1Scale", S1(x1.t, x2.t, nullptr, s2.t, y.t, true, false, 32), 161001, "x1ScaleOptional");
    ExpectError("null yRef first", S1(x1.t, x2.t, nullptr, s2.t, nullptr, true, false, 32), 161001, "yRef");
    ExpectError("3-D yRef", S1(x1.t, x2.t, s1.t, s2.t, y3.t, true, false, 32), 161002, "the shape dim of yRef must be 2");
    ExpectError("groupSize 64", S1(x1.t, x2.t, s1.t, s2.t, y.t, true, false, 64), 161002, "groupSize must be 4295032864");
    // groupSize 0: inferred (m / scale m = 1, n likewise, k = 64 / 2 = 32): accepted
    {
        int r = S1(x1.t, x2.t, s1.t, s2.t, y.t, true, false, 0);
        if (g_chip == "950") {
            EXPECT(r == 0, "groupSize 0 inferred: %d (%s)", r, aclGetRecentErrMsg());
            if (r == 0) aclDestroyAclOpExecutor(ex);
        } else {
            ExpectCode("groupSize 0 inferred (A2: no kernel)", r, 361001, "not implemented");
        }
    }
    ExpectError("k not divisible", S1(x1b.t, x2.t, s1.t, s2.t, y.t, true, false, 0), 161002, "divisible");
    ExpectError("format before dtype", S1(x1nz.t, x2.t, s1.t, s2.t, y16.t, true, false, 32), 161002, "the format of x1 must be ND");
    ExpectError("FP32 scales with FP8", S1(x1.t, x2.t, s1f.t, s2f.t, y.t, true, false, 0), 161002, "the shape dim of x2Scale must be 3");
    ExpectError("INT8 x1", S1(x1i8.t, x2.t, s1.t, s2.t, y.t, true, false, 32), 161002, "this dtype combination can not be supported");
    ExpectError("FP16 yRef", S1(x1.t, x2.t, s1.t, s2.t, y16.t, true, false, 32), 161002, "the dtype of yRef must be");
    ExpectError("transposeX1 false", S1(x1.t, x2.t, s1.t, s2.t, y.t, false, false, 4295032864LL), 161002, "transposeX1 must be true");
    ExpectError("K mismatch", S1(x1b.t, x2.t, s1.t, s2.t, y.t, true, false, 32), 161002, "the K dimension of x1 and x2 must be equal");
    ExpectError("scale last dim", S1(x1.t, x2.t, s1bad.t, s2.t, y.t, true, false, 32), 161002, "the last dimension of x1Scale must be 2");
    ExpectError("HIFLOAT8 MX scales", S1(h1.t, h2.t, s1.t, s2.t, y.t, true, false, 32), 161002, "the dtype of x1Scale must be FLOAT32");
    int r = S1(h1.t, h2.t, s1f.t, s2f.t, y.t, true, false, 0);
    if (g_chip == "950") { /* the T-T route runs (tests/aclnn/qmm5 checks its numbers) */
        EXPECT(r == 0, "HIFLOAT8 T-T: %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(ex);
    } else
        ExpectCode("A2: no kernel", r, 361001, "not implemented");
    r = S1(x1.t, x2.t, s1.t, s2.t, y.t, true, false, 32);
    if (g_chip != "950")
        ExpectCode("A2: no kernel (MX)", r, 361001, "not implemented");
    else if (r == 0)
        aclDestroyAclOpExecutor(ex);
    (void)z; (void)p1; (void)p2;
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "950") {
        Case(ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, 8, 16, 8, false, 1);   // the example's shape (one short block)
        Case(ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, 33, 200, 47, false, 2);  // K = 6 blocks + 8
        Case(ACL_FLOAT8_E5M2, ACL_FLOAT8_E5M2, 70, 128, 130, true, 3);    // strided yRef
        Case(ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, 0, 64, 5, false, 4);     // m = 0: nothing to run
    }
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
