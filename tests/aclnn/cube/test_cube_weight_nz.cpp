// FRACTAL_NZ weights as a host program prepares them: aclnnCalculateMatmulWeightSize(V2) sizes,
// aclnnTransMatmulWeight converting an ND weight in place (its device bytes checked against an
// independent packing), then aclnnMm / aclnnMatmul reading the converted weight; and the
// ...WeightNz APIs fed pre-packed weights: BatchMatMulWeightNz, AddmmWeightNz.
// Goldens: double-precision products of the stored operands.
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// Independent FRACTAL_NZ packing of a row-major (batch, K, N) matrix: [batch, N1, K1, 16, N0].
static std::vector<double> PackNz(const std::vector<double> &nd, int64_t batch, int64_t K, int64_t N, int64_t n0)
{
    int64_t K1 = (K + 15) / 16, N1 = (N + n0 - 1) / n0;
    std::vector<double> nz((size_t)(batch * N1 * K1 * 16 * n0), 0.0);
    for (int64_t b = 0; b < batch; b++)
        for (int64_t k = 0; k < K; k++)
            for (int64_t n = 0; n < N; n++)
                nz[(size_t)((((b * N1 + n / n0) * K1 * 16) + k) * n0 + n % n0)] = nd[(size_t)((b * K + k) * N + n)];
    return nz;
}

static void TestWeightSizes()
{
    std::vector<int64_t> s1 = {510, 510}, s2 = {510, 270}, s3 = {3, 17, 33};
    aclIntArray *a1 = aclCreateIntArray(s1.data(), 2), *a2 = aclCreateIntArray(s2.data(), 2),
                *a3 = aclCreateIntArray(s3.data(), 3);
    uint64_t n = 0;
    EXPECT(aclnnCalculateMatmulWeightSizeV2(a1, ACL_FLOAT16, &n) == 0 && n == 512 * 512, "V2 fp16 510x510: %llu",
           (unsigned long long)n);
    EXPECT(aclnnCalculateMatmulWeightSizeV2(a2, ACL_INT8, &n) == 0 && n == 512 * 288, "V2 int8 510x270: %llu",
           (unsigned long long)n);
    EXPECT(aclnnCalculateMatmulWeightSizeV2(a3, ACL_BF16, &n) == 0 && n == 3 * 32 * 48, "V2 bf16 3x17x33: %llu",
           (unsigned long long)n);
    EXPECT(aclnnCalculateMatmulWeightSize(a1, &n) == 0 && n == 512 * 512, "V1 510x510: %llu", (unsigned long long)n);
    EXPECT(aclnnCalculateMatmulWeightSizeV2(nullptr, ACL_FLOAT16, &n) == ACLNN_ERR_PARAM_NULLPTR, "V2 null shape");
    EXPECT(aclnnCalculateMatmulWeightSizeV2(a1, ACL_FLOAT16, nullptr) == ACLNN_ERR_PARAM_NULLPTR, "V2 null size");
    std::vector<int64_t> z = {4, 0}, one = {8};
    aclIntArray *az = aclCreateIntArray(z.data(), 2), *a1d = aclCreateIntArray(one.data(), 1);
    EXPECT(aclnnCalculateMatmulWeightSizeV2(az, ACL_FLOAT16, &n) == ACLNN_ERR_PARAM_INVALID, "V2 zero dim");
    EXPECT(aclnnCalculateMatmulWeightSizeV2(a1d, ACL_FLOAT16, &n) == ACLNN_ERR_PARAM_INVALID, "V2 1-D shape");
    aclDestroyIntArray(a1); aclDestroyIntArray(a2); aclDestroyIntArray(a3); aclDestroyIntArray(az); aclDestroyIntArray(a1d);
}

// aclnnTransMatmulWeight on a (batch?, K, N) weight, as the ops-math example: allocation of the
// computed size, storage shape [numel]; then the matmul reads it.
static void TestTransWeight(aclDataType dt, const std::vector<int64_t> &wshape, int64_t M, uint64_t seed)
{
    Lcg rng(seed);
    int nd = (int)wshape.size();
    int64_t batch = nd == 3 ? wshape[0] : 1, K = wshape[nd - 2], N = wshape[nd - 1];
    std::vector<double> wv((size_t)(batch * K * N));
    for (auto &x : wv) x = RoundTo(dt, rng.value());
    aclIntArray *sa = aclCreateIntArray(wshape.data(), wshape.size());
    uint64_t elems = 0;
    int rc = aclnnCalculateMatmulWeightSizeV2(sa, dt, &elems);
    aclDestroyIntArray(sa);
    EXPECT(rc == 0, "CalculateMatmulWeightSizeV2");
    if (rc) return;
    std::vector<double> padded(elems, 0.0); // allocation as large as the size helper says
    std::copy(wv.begin(), wv.end(), padded.begin());
    DevT w;
    MakeDev(w, dt, padded, wshape, Contig(wshape), 0, ACL_FORMAT_ND, {GetShapeSize(wshape)});
    rc = RunOp("aclnnTransMatmulWeight", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnTransMatmulWeightGetWorkspaceSize(w.t, ws, ex); },
               aclnnTransMatmulWeight);
    EXPECT(rc == 0, "TransMatmulWeight");
    if (rc) return;
    aclFormat fmt;
    aclGetFormat(w.t, &fmt);
    EXPECT(fmt == ACL_FORMAT_FRACTAL_NZ, "format after TransMatmulWeight: %d", (int)fmt);
    int64_t *ss = nullptr;
    uint64_t sn = 0;
    aclGetStorageShape(w.t, &ss, &sn);
    int64_t K1 = (K + 15) / 16, N1 = (N + 15) / 16;
    bool shape_ok = sn == (uint64_t)nd + 2 && ss[sn - 4] == N1 && ss[sn - 3] == K1 && ss[sn - 2] == 16 && ss[sn - 1] == 16;
    EXPECT(shape_ok, "NZ storage shape");
    delete[] ss;
    // the device bytes are the independent packing
    std::vector<double> want = PackNz(wv, batch, K, N, 16), got = ReadBack(w);
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++) bad += got[i] != want[i];
    EXPECT(want.size() == elems && bad == 0, "NZ bytes: %zu of %zu differ", bad, want.size());

    // the converted weight feeds the ordinary matmul APIs
    DevT a, o;
    std::vector<int64_t> ashape = nd == 3 ? std::vector<int64_t>{batch, M, K} : std::vector<int64_t>{M, K};
    std::vector<int64_t> oshape = nd == 3 ? std::vector<int64_t>{batch, M, N} : std::vector<int64_t>{M, N};
    MakeContig(a, dt, rng, ashape);
    MakeZeros(o, dt, oshape);
    if (nd == 2)
        rc = RunOp("aclnnMm", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMmGetWorkspaceSize(a.t, w.t, o.t, 1, ws, ex); },
                   aclnnMm);
    else
        rc = RunOp("aclnnMatmul", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMatmulGetWorkspaceSize(a.t, w.t, o.t, 1, ws, ex); },
                   aclnnMatmul);
    EXPECT(rc == 0, "matmul on the NZ weight");
    if (rc) return;
    std::vector<double> g;
    for (int64_t b = 0; b < batch; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += a.stored[(size_t)((b * M + m) * K + k)] * wv[(size_t)((b * K + k) * N + n)];
                g.push_back(s);
            }
    char name[96];
    snprintf(name, sizeof name, "%s on TransMatmulWeight output dt%d K%lld N%lld", nd == 2 ? "Mm" : "Matmul", (int)dt,
             (long long)K, (long long)N);
    CubeCheck(name, dt, ReadBack(o), g);
}

// BatchMatMulWeightNz: mat2 (B, K, N) stored [B, N1, K1, 16, 16] (FLOAT16 / BFLOAT16).
static void TestBatchMatMulWeightNz(aclDataType dt)
{
    Lcg rng(21);
    const int64_t B = 3, M = 13, K = 37, N = 29, K1 = (K + 15) / 16, N1 = (N + 15) / 16;
    std::vector<double> wv((size_t)(B * K * N));
    for (auto &x : wv) x = RoundTo(dt, rng.value());
    DevT a, w, o;
    MakeContig(a, dt, rng, {B, M, K});
    MakeDev(w, dt, PackNz(wv, B, K, N, 16), {B, K, N}, Contig({B, K, N}), 0, ACL_FORMAT_FRACTAL_NZ, {B, N1, K1, 16, 16});
    MakeZeros(o, dt, {B, M, N});
    int rc = RunOp("aclnnBatchMatMulWeightNz", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnBatchMatMulWeightNzGetWorkspaceSize(a.t, w.t, o.t, 0, ws, ex); },
                   aclnnBatchMatMulWeightNz);
    EXPECT(rc == 0, "BatchMatMulWeightNz");
    if (rc) return;
    std::vector<double> g;
    for (int64_t b = 0; b < B; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += a.at({b, m, k}) * wv[(size_t)((b * K + k) * N + n)];
                g.push_back(s);
            }
    CubeCheck(dt == ACL_BF16 ? "BatchMatMulWeightNz bf16" : "BatchMatMulWeightNz fp16", dt, ReadBack(o), g);
}

// AddmmWeightNz: out = beta*self + alpha*(mat1 @ mat2), mat2 (K, N) in [N1, K1, 16, 16], self (N).
static void TestAddmmWeightNz()
{
    Lcg rng(23);
    const int64_t M = 20, K = 48, N = 33, K1 = 3, N1 = 3;
    const aclDataType dt = ACL_FLOAT16;
    std::vector<double> wv((size_t)(K * N));
    for (auto &x : wv) x = RoundTo(dt, rng.value());
    DevT a, w, self, o;
    MakeContig(a, dt, rng, {M, K});
    MakeDev(w, dt, PackNz(wv, 1, K, N, 16), {K, N}, {N, 1}, 0, ACL_FORMAT_FRACTAL_NZ, {N1, K1, 16, 16});
    MakeContig(self, dt, rng, {N});
    MakeZeros(o, dt, {M, N});
    float betaf = 0.75f, alphaf = -1.25f;
    aclScalar *beta = aclCreateScalar(&betaf, ACL_FLOAT), *alpha = aclCreateScalar(&alphaf, ACL_FLOAT);
    int rc = RunOp("aclnnAddmmWeightNz", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnAddmmWeightNzGetWorkspaceSize(self.t, a.t, w.t, beta, alpha, o.t, 0, ws, ex);
                   },
                   aclnnAddmmWeightNz);
    EXPECT(rc == 0, "AddmmWeightNz");
    if (!rc) {
        std::vector<double> g;
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += a.at({m, k}) * wv[(size_t)(k * N + n)];
                g.push_back(0.75 * self.at({n}) - 1.25 * s);
            }
        CubeCheck("AddmmWeightNz", dt, ReadBack(o), g);
    }
    // a weight whose storage is not NZ is refused
    DevT plain;
    MakeContig(plain, dt, rng, {K, N});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnAddmmWeightNzGetWorkspaceSize(self.t, a.t, plain.t, beta, alpha, o.t, 0, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "AddmmWeightNz with an ND mat2");
    aclDestroyScalar(beta);
    aclDestroyScalar(alpha);
}

static void TestTransWeightChecks()
{
    Lcg rng(3);
    DevT f32, nd1;
    MakeContig(f32, ACL_FLOAT, rng, {16, 16});
    MakeContig(nd1, ACL_FLOAT16, rng, {2, 3, 16, 16});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnTransMatmulWeightGetWorkspaceSize(nullptr, &ws, &ex) == ACLNN_ERR_PARAM_NULLPTR, "null weight");
    EXPECT(aclnnTransMatmulWeightGetWorkspaceSize(f32.t, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "FLOAT weight");
    EXPECT(aclnnTransMatmulWeightGetWorkspaceSize(nd1.t, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "4-D FLOAT16 weight");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    TestWeightSizes();
    TestTransWeight(ACL_FLOAT16, {40, 21}, 9, 1);
    TestTransWeight(ACL_BF16, {64, 48}, 17, 2);
    TestTransWeight(ACL_FLOAT16, {2, 35, 50}, 6, 3); // 3-D weight (A2/A3)
    TestBatchMatMulWeightNz(ACL_FLOAT16);
    TestBatchMatMulWeightNz(ACL_BF16);
    TestAddmmWeightNz();
    TestTransWeightChecks();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
