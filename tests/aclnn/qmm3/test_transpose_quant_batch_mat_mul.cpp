// aclnnTransposeQuantBatchMatMul (+WeightNz) (ops-nn matmul/transpose_quant_batch_mat_mul, 950):
// out (M, B, N) = x1 (M, B, K) permuted to (B, M, K) times x2 (B, K, N) or (B, N, K), checked
// against a double reference written here: K-C (FP32 x1Scale (M), x2Scale (N): (acc * s2) * s1
// rounded to FLOAT16 / BFLOAT16), MX (E8M0 scales per 32 K, (M, B, K/64, 2) and (B, K/64, N, 2) /
// (B, N, K/64, 2)); FRACTAL_NZ weights laid out here ([B, C1, R1, 16, 32]); validation in the real
// op_api's order (platform, nulls, perms, shapes, dtypes, formats, groupSize, batchSplitFactor,
// empty, bias); HIFLOAT8 (T-C) validated and accepted; the A2 refusal (161002 platform).
#include "qf8_ref.h"
#include "aclnnop/aclnn_transpose_quant_batch_mat_mul.h"

static aclrtStream g_stream;
static std::string g_chip;

static const char *F8Name(aclDataType d) { return d == ACL_FLOAT8_E4M3FN ? "E4M3FN" : "E5M2"; }

// NZ storage of the (R, C) matrices of a [B, R, C] byte tensor: [B, C1, R1, 16, 32].
static std::vector<unsigned char> ToNz(const std::vector<unsigned char> &nd, int64_t B, int64_t R, int64_t C,
                                       std::vector<int64_t> &storage)
{
    int64_t R1 = (R + 15) / 16, C1 = (C + 31) / 32;
    storage = {B, C1, R1, 16, 32};
    std::vector<unsigned char> nz((size_t)(B * C1 * R1 * 512), 0);
    for (int64_t b = 0; b < B; b++)
        for (int64_t r = 0; r < R; r++)
            for (int64_t c = 0; c < C; c++)
                nz[(size_t)(b * C1 * R1 * 512 + (c / 32) * R1 * 512 + r * 32 + c % 32)] = nd[(size_t)((b * R + r) * C + c)];
    return nz;
}

static void Case(bool mx, aclDataType d1, aclDataType d2, aclDataType od, int64_t M, int64_t B, int64_t K, int64_t N,
                 bool x2t, bool nz, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t G = K / 64;
    std::vector<unsigned char> b1((size_t)(M * B * K)), b2((size_t)(B * K * N));
    const double vmax = od == ACL_FLOAT16 ? 8.0 : 1e9; // FP16 results stay finite
    for (auto &c : b1) c = (unsigned char)RandFp8(rng, d1, vmax);
    for (auto &c : b2) c = (unsigned char)RandFp8(rng, d2, vmax);
    const int span = od == ACL_FLOAT16 ? 8 : 16;
    // x2 element (b, k, n) in logical order of its shape: (B, K, N) or (B, N, K)
    auto x2at = [&](int64_t b, int64_t k, int64_t n) {
        return b2[(size_t)(x2t ? (b * N + n) * K + k : (b * K + k) * N + n)];
    };
    std::vector<unsigned char> bs1, bs2;
    std::vector<float> f1, f2;
    if (mx) {
        bs1.resize((size_t)(M * B * G * 2));
        bs2.resize((size_t)(B * G * N * 2));
        for (auto &c : bs1) c = (unsigned char)(118 + (int)(rng.uniform() * span));
        for (auto &c : bs2) c = (unsigned char)(118 + (int)(rng.uniform() * span));
    } else {
        f1.resize((size_t)M);
        f2.resize((size_t)N);
        for (auto &v : f1) v = (float)(0.001 + rng.uniform() * 0.01);
        for (auto &v : f2) v = (float)(0.01 + rng.uniform());
        bs1.resize(f1.size() * 4);
        bs2.resize(f2.size() * 4);
        std::memcpy(bs1.data(), f1.data(), bs1.size());
        std::memcpy(bs2.data(), f2.data(), bs2.size());
    }
    auto s1at = [&](int64_t m, int64_t b, int64_t j) { // j: 32-block of K
        return bs1[(size_t)(((m * B + b) * G + j / 2) * 2 + (j & 1))];
    };
    auto s2at = [&](int64_t b, int64_t n, int64_t j) {
        return bs2[(size_t)(x2t ? ((b * N + n) * G + j / 2) * 2 + (j & 1) : ((b * G + j / 2) * N + n) * 2 + (j & 1))];
    };
    RawTensor t1, t2, ts1, ts2, to;
    std::vector<int64_t> x2shape = x2t ? std::vector<int64_t>{B, N, K} : std::vector<int64_t>{B, K, N};
    bool ok = t1.Init(d1, {M, B, K}, RowMajor({M, B, K}), b1);
    if (nz) {
        std::vector<int64_t> st;
        std::vector<unsigned char> nzb = ToNz(b2, B, x2shape[1], x2shape[2], st);
        ok = ok && t2.Init(d2, x2shape, RowMajor(x2shape), nzb, ACL_FORMAT_FRACTAL_NZ, st);
    } else {
        ok = ok && t2.Init(d2, x2shape, RowMajor(x2shape), b2);
    }
    if (mx) {
        std::vector<int64_t> s2shape = x2t ? std::vector<int64_t>{B, N, G, 2} : std::vector<int64_t>{B, G, N, 2};
        ok = ok && ts1.Init(ACL_FLOAT8_E8M0, {M, B, G, 2}, RowMajor({M, B, G, 2}), bs1) &&
             ts2.Init(ACL_FLOAT8_E8M0, s2shape, RowMajor(s2shape), bs2);
    } else {
        ok = ok && ts1.Init(ACL_FLOAT, {M}, {1}, bs1) && ts2.Init(ACL_FLOAT, {N}, {1}, bs2);
    }
    ok = ok && to.Init(od, {M, B, N}, RowMajor({M, B, N}), std::vector<unsigned char>((size_t)(M * B * N * 2), 0xEE));
    EXPECT(ok, "tensors");
    if (!ok) return;
    std::vector<int64_t> p1 = {1, 0, 2}, p2 = x2t ? std::vector<int64_t>{0, 2, 1} : std::vector<int64_t>{0, 1, 2},
                         py = {1, 0, 2};
    aclIntArray *a1 = aclCreateIntArray(p1.data(), 3), *a2 = aclCreateIntArray(p2.data(), 3),
                *ay = aclCreateIntArray(py.data(), 3);
    int r = Run(nz ? "aclnnTransposeQuantBatchMatMulWeightNz" : "aclnnTransposeQuantBatchMatMul", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    auto f = nz ? aclnnTransposeQuantBatchMatMulWeightNzGetWorkspaceSize
                                : aclnnTransposeQuantBatchMatMulGetWorkspaceSize;
                    return f(t1.t, t2.t, nullptr, ts1.t, ts2.t, (int32_t)od, mx ? 32 : 0, a1, a2, ay, 1, to.t, ws, e);
                },
                nz ? aclnnTransposeQuantBatchMatMulWeightNz : aclnnTransposeQuantBatchMatMul);
    aclDestroyIntArray(a1);
    aclDestroyIntArray(a2);
    aclDestroyIntArray(ay);
    EXPECT(r == 0, "run %s: %d (%s)", mx ? "MX" : "K-C", r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    double worst = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t b = 0; b < B; b++)
            for (int64_t n = 0; n < N; n++) {
                double acc = 0, mag = 0;
                for (int64_t j = 0; j * 32 < K; j++) {
                    double part = 0, pm = 0;
                    for (int64_t k = j * 32; k < j * 32 + 32 && k < K; k++) {
                        double p = Fp8Value(d1, b1[(size_t)((m * B + b) * K + k)]) * Fp8Value(d2, x2at(b, k, n));
                        part += p;
                        pm += std::fabs(p);
                    }
                    double sc = mx ? E8m0Value(s1at(m, b, j)) * E8m0Value(s2at(b, n, j)) : 1.0;
                    acc += part * sc;
                    mag += pm * sc;
                }
                if (!mx) {
                    acc = acc * f2[(size_t)n] * f1[(size_t)m];
                    mag = mag * f2[(size_t)n] * f1[(size_t)m];
                }
                double got = Decode(od, &g[(size_t)(((m * B + b) * N + n) * 2)]);
                double ulp = od == ACL_BF16 ? 1.0 / 128 : 1.0 / 1024; // one step of the output dtype
                double lim = ulp * std::fabs(acc) + 4e-6 * mag + 1e-30;
                double err = std::fabs(got - acc);
                worst = std::max(worst, err / lim);
                bad += !(err <= lim);
            }
    EXPECT(bad == 0, "%s %s x %s -> %s M=%lld B=%lld K=%lld N=%lld%s%s: %zu mismatches (worst %.3g of the limit)",
           mx ? "MX" : "K-C", F8Name(d1), F8Name(d2), DtName(od), (long long)M, (long long)B, (long long)K, (long long)N,
           x2t ? " x2^T" : "", nz ? " NZ" : "", bad, worst);
}

static void Validation()
{
    const int64_t M = 4, B = 2, K = 64, N = 16;
    RawTensor x1, x2, x2t, s1, s2, s2t, out, s1f, s2f, x1kc, x2kc, s2kc, outkc, h1, h2, hs, x2nzkc, out16, x1e5, x1b;
    bool ok = x1.Init(ACL_FLOAT8_E4M3FN, {M, B, K}, RowMajor({M, B, K}), std::vector<unsigned char>(M * B * K, 0x38)) &&
              x2.Init(ACL_FLOAT8_E4M3FN, {B, K, N}, RowMajor({B, K, N}), std::vector<unsigned char>(B * K * N, 0x38)) &&
              s1.Init(ACL_FLOAT8_E8M0, {M, B, 1, 2}, RowMajor({M, B, 1, 2}), std::vector<unsigned char>(M * B * 2, 127)) &&
              s2.Init(ACL_FLOAT8_E8M0, {B, 1, N, 2}, RowMajor({B, 1, N, 2}), std::vector<unsigned char>(B * N * 2, 127)) &&
              s2t.Init(ACL_FLOAT8_E8M0, {B, N, 1, 2}, RowMajor({B, N, 1, 2}), std::vector<unsigned char>(B * N * 2, 127)) &&
              out.Init(ACL_BF16, {M, B, N}, RowMajor({M, B, N}), std::vector<unsigned char>(M * B * N * 2, 0)) &&
              out16.Init(ACL_FLOAT16, {M, B, N}, RowMajor({M, B, N}), std::vector<unsigned char>(M * B * N * 2, 0)) &&
              s1f.Init(ACL_FLOAT, {M}, {1}, std::vector<unsigned char>(M * 4, 0)) &&
              x1e5.Init(ACL_FLOAT8_E5M2, {M, B, K}, RowMajor({M, B, K}), std::vector<unsigned char>(M * B * K, 0x3c)) &&
              x1b.Init(ACL_FLOAT8_E4M3FN, {M, B + 1, K}, RowMajor({M, B + 1, K}), std::vector<unsigned char>(M * (B + 1) * K, 0x38)) &&
              h1.Init(ACL_HIFLOAT8, {M, B, K}, RowMajor({M, B, K}), std::vector<unsigned char>(M * B * K, 8)) &&
              h2.Init(ACL_HIFLOAT8, {B, K, N}, RowMajor({B, K, N}), std::vector<unsigned char>(B * K * N, 8)) &&
              hs.Init(ACL_UINT64, {N}, {1}, std::vector<unsigned char>(N * 8, 0)) &&
              s2f.Init(ACL_FLOAT, {N}, {1}, std::vector<unsigned char>(N * 4, 0));
    EXPECT(ok, "validation tensors");
    if (!ok) return;
    std::vector<int64_t> v102 = {1, 0, 2}, v012 = {0, 1, 2}, v021 = {0, 2, 1}, v01 = {0, 1};
    aclIntArray *p102 = aclCreateIntArray(v102.data(), 3), *p012 = aclCreateIntArray(v012.data(), 3),
                *p021 = aclCreateIntArray(v021.data(), 3), *p01 = aclCreateIntArray(v01.data(), 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *b, const aclTensor *bias, const aclTensor *c, const aclTensor *d,
                  int32_t dt, int64_t g, const aclIntArray *q1, const aclIntArray *q2, const aclIntArray *qy, int32_t bsf,
                  aclTensor *o) {
        return aclnnTransposeQuantBatchMatMulGetWorkspaceSize(a, b, bias, c, d, dt, g, q1, q2, qy, bsf, o, &ws, &ex);
    };
    if (g_chip != "950") {
        ExpectError("A2 platform", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t), 161002,
                    "The value of platform can only be DAV_3510");
        ExpectError("platform before null", S1(nullptr, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t),
                    161002, "platform");
    } else {
        ExpectError("null x1", S1(nullptr, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t), 161001, "x1");
        ExpectError("null x1Scale", S1(x1.t, x2.t, nullptr, nullptr, s2.t, 27, 32, p102, p012, p102, 1, out.t), 161001, "x1Scale");
        ExpectError("null permY", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, nullptr, 1, out.t), 161001, "permY");
        ExpectError("null out", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, nullptr), 161001, "out");
        ExpectError("permX1 size", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p01, p012, p102, 1, out.t), 161002, "permX1");
        ExpectError("permX1 012", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p012, p012, p102, 1, out.t), 161002, "The value of permX1 must be [1, 0, 2]");
        ExpectError("K-C permX2 021", S1(x1.t, x2.t, nullptr, s1f.t, s2f.t, 27, 0, p102, p021, p102, 1, out.t), 161002, "The value of permX2 must be [0, 1, 2].");
        ExpectError("batch mismatch", S1(x1b.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t), 161002, "batch-axis of x1, x2 must be equal");
        ExpectError("K-C K 64", S1(x1.t, x2.t, nullptr, s1f.t, s2f.t, 27, 0, p102, p012, p102, 1, out.t), 161002, "The k-axis and n-axis of x2 must be 512 and 128");
        ExpectError("MX x2Scale perm", S1(x1.t, x2.t, nullptr, s1.t, s2t.t, 27, 32, p102, p012, p102, 1, out.t), 161002, "the shape of x2Scale must be [2, 1, 16, 2]");
        ExpectError("MX E5M2", S1(x1e5.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t), 161002, "The dtype of x1 must be in [DT_FLOAT8_E4M3FN]");
        ExpectError("dtype attr", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 1, 32, p102, p012, p102, 1, out.t), 161002, "The dtype of out must be out dtype(1)");
        ExpectError("groupSize 64", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 64, p102, p012, p102, 1, out.t), 161002, "groupSizeK must be 32");
        ExpectError("batchSplitFactor", S1(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 2, out.t), 161002, "batchSplitFactor must be 1");
        ExpectError("bias", S1(x1.t, x2.t, out.t, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t), 161002, "The value of bias must be null");
        ExpectError("ND to WeightNz", aclnnTransposeQuantBatchMatMulWeightNzGetWorkspaceSize(x1.t, x2.t, nullptr, s1.t, s2.t, 27, 32, p102, p012, p102, 1, out.t, &ws, &ex),
                    161002, "The format of x2 must be FRACTAL_NZ");
        { /* the T-C route runs (tests/aclnn/qmm5 checks its numbers) */
            int rh = S1(h1.t, h2.t, nullptr, nullptr, hs.t, 27, 0, p102, p012, p102, 1, out.t);
            EXPECT(rh == 0, "HIFLOAT8 T-C: %d (%s)", rh, aclGetRecentErrMsg());
            if (rh == 0) aclDestroyAclOpExecutor(ex);
        }
        ExpectError("HIFLOAT8 FP32 scale", S1(h1.t, h2.t, nullptr, nullptr, s2f.t, 27, 0, p102, p012, p102, 1, out.t), 161002, "x2Scale");
        int r = S1(x1.t, x2.t, nullptr, s1.t, s2.t, 1, 32, p102, p012, p102, 1, out16.t);
        EXPECT(r == 0, "MX FP16 out accepted: %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(ex);
    }
    aclDestroyIntArray(p102);
    aclDestroyIntArray(p012);
    aclDestroyIntArray(p021);
    aclDestroyIntArray(p01);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "950") {
        Case(true, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_BF16, 5, 3, 128, 40, false, false, 1);
        Case(true, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT16, 17, 2, 192, 33, true, false, 2);
        Case(true, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_BF16, 9, 2, 64, 50, false, true, 3);   // NZ (B, K, N)
        Case(true, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_BF16, 7, 3, 128, 20, true, true, 4);   // NZ (B, N, K)
        Case(false, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_FLOAT16, 6, 2, 512, 128, false, false, 5);
        Case(false, ACL_FLOAT8_E5M2, ACL_FLOAT8_E5M2, ACL_BF16, 3, 4, 512, 128, false, false, 6);
    }
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
