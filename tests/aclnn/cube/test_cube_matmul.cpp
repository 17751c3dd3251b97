// aclnn matmul family on the emulated Cube unit, called as the ops-nn examples do, checked
// against double-precision references: Matmul (1-D operands, broadcast batch dims), Mm (odd
// shapes, K = 1, transposed views, every dtype and cubeMathType), BatchMatMul, Addmm and
// InplaceAddmm, Baddbmm, Addbmm, Gemm (transA/transB), Mv, Addmv, MatmulWeightNz.
#include "aclnnop/aclnn_addbmm.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_addmv.h"
#include "aclnnop/aclnn_baddbmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_gemm.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_mv.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// Checks out (any dtype) against golden computed from operands under `mode`; FP32 outputs with
// HF32/FP16 operands are judged against a golden built from the same rounded operands.
static void Judge(const char *name, const DevT &out, const std::vector<double> &golden)
{
    CubeCheck(name, out.dt, ReadBack(out), golden);
}

static void TestMm(aclDataType dt, int64_t M, int64_t K, int64_t N, int mode, bool transA, bool transB, uint64_t seed)
{
    Lcg rng(seed);
    DevT a, b, c;
    std::vector<double> av((size_t)(M * K)), bv((size_t)(K * N));
    for (auto &x : av) x = rng.value();
    for (auto &x : bv) x = rng.value();
    // transposed operands: storage is the transpose, the view swaps dims/strides
    if (transA) MakeDev(a, dt, av, {M, K}, {1, M}, 0, ACL_FORMAT_ND, {K, M});
    else MakeDev(a, dt, av, {M, K}, {K, 1}, 0);
    if (transB) MakeDev(b, dt, bv, {K, N}, {1, K}, 0, ACL_FORMAT_ND, {N, K});
    else MakeDev(b, dt, bv, {K, N}, {N, 1}, 0);
    MakeZeros(c, dt, {M, N});
    int8_t cmt = (int8_t)mode;
    int rc = RunOp("aclnnMm", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMmGetWorkspaceSize(a.t, b.t, c.t, cmt, ws, ex); },
                   aclnnMm);
    EXPECT(rc == 0, "Mm %lldx%lldx%lld dt %d mode %d", (long long)M, (long long)K, (long long)N, dt, mode);
    if (rc) return;
    std::vector<double> g((size_t)(M * N));
    for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++) s += CubeOperand(a.at({i, k}), dt, mode) * CubeOperand(b.at({k, j}), dt, mode);
            g[(size_t)(i * N + j)] = s;
        }
    char name[128];
    snprintf(name, sizeof name, "Mm %lldx%lldx%lld dt%d mode%d tA%d tB%d", (long long)M, (long long)K, (long long)N,
             (int)dt, mode, transA, transB);
    Judge(name, c, g);
}

// torch.matmul shapes: returns the golden over out's row-major elements.
static void TestMatmul(const std::vector<int64_t> &sa, const std::vector<int64_t> &sb, const std::vector<int64_t> &so)
{
    Lcg rng(sa.size() * 31 + sb.size());
    DevT a, b, o;
    MakeContig(a, ACL_FLOAT, rng, sa);
    MakeContig(b, ACL_FLOAT, rng, sb);
    MakeZeros(o, ACL_FLOAT, so);
    int rc = RunOp("aclnnMatmul", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMatmulGetWorkspaceSize(a.t, b.t, o.t, 0, ws, ex); },
                   aclnnMatmul);
    EXPECT(rc == 0, "Matmul rank %zu x %zu", sa.size(), sb.size());
    if (rc) return;
    // promote to batched 2-D the torch way
    std::vector<int64_t> A = sa, B = sb;
    bool a1 = A.size() == 1, b1 = B.size() == 1;
    if (a1) A.insert(A.begin(), 1);
    if (b1) B.push_back(1);
    int64_t M = A[A.size() - 2], K = A.back(), N = B.back();
    size_t nbA = A.size() - 2, nbB = B.size() - 2, nb = std::max(nbA, nbB);
    std::vector<int64_t> bs(nb);
    for (size_t i = 0; i < nb; i++) {
        int64_t x = i + nbA >= nb ? A[i + nbA - nb] : 1, y = i + nbB >= nb ? B[i + nbB - nb] : 1;
        bs[i] = x == 1 ? y : x;
    }
    int64_t nbatch = 1;
    for (auto x : bs) nbatch *= x;
    std::vector<double> g;
    std::vector<int64_t> sA = Contig(A), sB = Contig(B);
    for (int64_t bi = 0; bi < nbatch; bi++) {
        int64_t offA = 0, offB = 0, r = bi;
        for (int i = (int)nb - 1; i >= 0; i--) {
            int64_t idx = r % bs[i];
            r /= bs[i];
            int ia = i - (int)(nb - nbA), ib = i - (int)(nb - nbB);
            if (ia >= 0 && A[ia] != 1) offA += idx * sA[ia];
            if (ib >= 0 && B[ib] != 1) offB += idx * sB[ib];
        }
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++)
                    s += a.stored[(size_t)(offA + m * sA[nbA] + k)] * b.stored[(size_t)(offB + k * sB[nbB] + n)];
                g.push_back(s);
            }
    }
    Judge("Matmul", o, g);
}

static void TestBatchAndAdd()
{
    Lcg rng(7);
    const int64_t B = 3, M = 17, K = 33, N = 19;
    DevT x, y, o, self;
    MakeContig(x, ACL_FLOAT16, rng, {B, M, K});
    // batch2 as a transposed view of (B, N, K) storage: strides (N*K, 1, K)
    std::vector<double> yv((size_t)(B * N * K));
    for (auto &v : yv) v = rng.value();
    MakeDev(y, ACL_FLOAT16, yv, {B, K, N}, {N * K, 1, K}, 0);
    MakeZeros(o, ACL_FLOAT16, {B, M, N});
    int rc = RunOp("aclnnBatchMatMul", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnBatchMatMulGetWorkspaceSize(x.t, y.t, o.t, 0, ws, ex); },
                   aclnnBatchMatMul);
    EXPECT(rc == 0, "BatchMatMul");
    auto bmm = [&](int64_t b, int64_t m, int64_t n) {
        double s = 0;
        for (int64_t k = 0; k < K; k++) s += x.at({b, m, k}) * y.at({b, k, n});
        return s;
    };
    std::vector<double> g;
    for (int64_t b = 0; b < B; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) g.push_back(bmm(b, m, n));
    if (!rc) Judge("BatchMatMul fp16 transposed batch2", o, g);

    // Baddbmm: self (M, N) broadcast over the batch
    float betaf = 0.5f, alphaf = 2.0f;
    aclScalar *beta = aclCreateScalar(&betaf, ACL_FLOAT), *alpha = aclCreateScalar(&alphaf, ACL_FLOAT);
    MakeContig(self, ACL_FLOAT16, rng, {M, N});
    DevT o2;
    MakeZeros(o2, ACL_FLOAT16, {B, M, N});
    rc = RunOp("aclnnBaddbmm", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnBaddbmmGetWorkspaceSize(self.t, x.t, y.t, beta, alpha, o2.t, 0, ws, ex);
               },
               aclnnBaddbmm);
    EXPECT(rc == 0, "Baddbmm");
    g.clear();
    for (int64_t b = 0; b < B; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) g.push_back(0.5 * self.at({m, n}) + 2.0 * bmm(b, m, n));
    if (!rc) Judge("Baddbmm", o2, g);

    // Addbmm (batch2 not foldable: goes through a workspace copy) and InplaceAddbmm
    DevT o3;
    MakeZeros(o3, ACL_FLOAT16, {M, N});
    rc = RunOp("aclnnAddbmm", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnAddbmmGetWorkspaceSize(self.t, x.t, y.t, beta, alpha, o3.t, 0, ws, ex);
               },
               aclnnAddbmm);
    EXPECT(rc == 0, "Addbmm");
    g.clear();
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double s = 0;
            for (int64_t b = 0; b < B; b++) s += bmm(b, m, n);
            g.push_back(0.5 * self.at({m, n}) + 2.0 * s);
        }
    if (!rc) Judge("Addbmm", o3, g);
    rc = RunOp("aclnnInplaceAddbmm", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnInplaceAddbmmGetWorkspaceSize(self.t, x.t, y.t, beta, alpha, 0, ws, ex);
               },
               aclnnInplaceAddbmm);
    EXPECT(rc == 0, "InplaceAddbmm");
    if (!rc) { self.dt = ACL_FLOAT16; Judge("InplaceAddbmm", self, g); }
    aclDestroyScalar(beta);
    aclDestroyScalar(alpha);
}

static void TestAddmmGemmMv()
{
    Lcg rng(11);
    const int64_t M = 37, K = 70, N = 23;
    DevT a, b, bias, out;
    MakeContig(a, ACL_FLOAT, rng, {M, K});
    MakeContig(b, ACL_FLOAT, rng, {K, N});
    MakeContig(bias, ACL_FLOAT, rng, {N});
    MakeZeros(out, ACL_FLOAT, {M, N});
    float betaf = 1.5f, alphaf = -0.5f;
    aclScalar *beta = aclCreateScalar(&betaf, ACL_FLOAT), *alpha = aclCreateScalar(&alphaf, ACL_FLOAT);
    int rc = RunOp("aclnnAddmm", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnAddmmGetWorkspaceSize(bias.t, a.t, b.t, beta, alpha, out.t, 1, ws, ex);
                   },
                   aclnnAddmm);
    EXPECT(rc == 0, "Addmm");
    std::vector<double> g;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++) s += RoundHf32(a.at({m, k})) * RoundHf32(b.at({k, n}));
            g.push_back(1.5 * bias.at({n}) + -0.5 * s);
        }
    if (!rc) Judge("Addmm bias row, HF32", out, g);

    // InplaceAddmm on a (M, N) selfRef
    DevT sref;
    MakeContig(sref, ACL_FLOAT, rng, {M, N});
    std::vector<double> g2;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++) s += a.at({m, k}) * b.at({k, n});
            g2.push_back(1.5 * sref.at({m, n}) - 0.5 * s);
        }
    rc = RunOp("aclnnInplaceAddmm", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnInplaceAddmmGetWorkspaceSize(sref.t, a.t, b.t, beta, alpha, 0, ws, ex);
               },
               aclnnInplaceAddmm);
    EXPECT(rc == 0, "InplaceAddmm");
    if (!rc) Judge("InplaceAddmm", sref, g2);

    // Gemm with transA and transB: A stored (K, M), B stored (N, K)
    DevT at, bt, c, o;
    MakeContig(at, ACL_FLOAT, rng, {K, M});
    MakeContig(bt, ACL_FLOAT, rng, {N, K});
    MakeContig(c, ACL_FLOAT, rng, {M, N});
    MakeZeros(o, ACL_FLOAT, {M, N});
    rc = RunOp("aclnnGemm", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnGemmGetWorkspaceSize(at.t, bt.t, c.t, 2.0f, 0.25f, 1, 1, o.t, 0, ws, ex);
               },
               aclnnGemm);
    EXPECT(rc == 0, "Gemm");
    g.clear();
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++) s += at.at({k, m}) * bt.at({n, k});
            g.push_back(2.0 * s + 0.25 * c.at({m, n}));
        }
    if (!rc) Judge("Gemm transA transB", o, g);

    // Mv and Addmv
    DevT v, mv, self1;
    MakeContig(v, ACL_FLOAT, rng, {K});
    MakeZeros(mv, ACL_FLOAT, {M});
    rc = RunOp("aclnnMv", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMvGetWorkspaceSize(a.t, v.t, mv.t, 0, ws, ex); },
               aclnnMv);
    EXPECT(rc == 0, "Mv");
    g.clear();
    for (int64_t m = 0; m < M; m++) {
        double s = 0;
        for (int64_t k = 0; k < K; k++) s += a.at({m, k}) * v.at({k});
        g.push_back(s);
    }
    if (!rc) Judge("Mv", mv, g);
    MakeContig(self1, ACL_FLOAT, rng, {1});
    DevT amv;
    MakeZeros(amv, ACL_FLOAT, {M});
    rc = RunOp("aclnnAddmv", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnAddmvGetWorkspaceSize(self1.t, a.t, v.t, alpha, beta, amv.t, 0, ws, ex);
               },
               aclnnAddmv);
    EXPECT(rc == 0, "Addmv");
    for (auto &x : g) x = -0.5 * x + 1.5 * self1.at({0});
    if (!rc) Judge("Addmv", amv, g);
    aclDestroyScalar(beta);
    aclDestroyScalar(alpha);
}

// MatmulWeightNz: mat2 (K, N) FP16 stored as FRACTAL_NZ [N1, K1, 16, 16].
static void TestWeightNz()
{
    Lcg rng(5);
    const int64_t M = 9, K = 40, N = 21, K1 = (K + 15) / 16, N1 = (N + 15) / 16;
    DevT a, w, o;
    MakeContig(a, ACL_FLOAT16, rng, {M, K});
    std::vector<double> logical((size_t)(K * N)), nz((size_t)(N1 * K1 * 256), 0.0);
    for (int64_t k = 0; k < K; k++)
        for (int64_t n = 0; n < N; n++) {
            double v = rng.value();
            logical[(size_t)(k * N + n)] = RoundTo(ACL_FLOAT16, v);
            nz[(size_t)(((n / 16) * K1 * 16 + k) * 16 + n % 16)] = v;
        }
    std::vector<int64_t> storage = {N1, K1, 16, 16};
    MakeDev(w, ACL_FLOAT16, nz, {K, N}, {N, 1}, 0, ACL_FORMAT_FRACTAL_NZ, storage);
    MakeZeros(o, ACL_FLOAT16, {M, N});
    int rc = RunOp("aclnnMatmulWeightNz", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMatmulWeightNzGetWorkspaceSize(a.t, w.t, o.t, 0, ws, ex); },
                   aclnnMatmulWeightNz);
    EXPECT(rc == 0, "MatmulWeightNz");
    std::vector<double> g;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++) s += a.at({m, k}) * logical[(size_t)(k * N + n)];
            g.push_back(s);
        }
    if (!rc) Judge("MatmulWeightNz", o, g);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    // Mm: odd shapes, K = 1, transposed views, dtypes and cubeMathType modes
    const int64_t shapes[][3] = {{1, 1, 1}, {17, 1, 23}, {33, 65, 47}, {128, 300, 96}, {5, 1000, 3}};
    for (auto &s : shapes) {
        TestMm(ACL_FLOAT, s[0], s[1], s[2], 0, false, false, 1);
        TestMm(ACL_FLOAT16, s[0], s[1], s[2], 0, false, false, 2);
        TestMm(ACL_BF16, s[0], s[1], s[2], 0, false, false, 3);
    }
    TestMm(ACL_FLOAT, 45, 77, 31, 0, true, false, 4);
    TestMm(ACL_FLOAT, 45, 77, 31, 1, false, true, 5);  // HF32
    TestMm(ACL_FLOAT, 45, 77, 31, 3, true, true, 6);   // USE_HF32
    TestMm(ACL_FLOAT, 45, 77, 31, 2, false, false, 7); // USE_FP16
    TestMm(ACL_FLOAT16, 45, 77, 31, 2, true, true, 8);
    TestMm(ACL_BF16, 45, 77, 31, 1, true, false, 9);
    TestMm(ACL_FLOAT, 64, 2048, 40, 4, false, false, 10); // USE_FP32_ADD, large K
    // Matmul: 1-D operands and broadcast batch dims
    TestMatmul({7}, {7}, {});
    TestMatmul({7}, {7, 5}, {5});
    TestMatmul({4, 7}, {7}, {4});
    TestMatmul({3, 4, 7}, {7}, {3, 4});
    TestMatmul({7}, {2, 7, 5}, {2, 5});
    TestMatmul({2, 1, 4, 7}, {3, 7, 5}, {2, 3, 4, 5});
    TestMatmul({2, 3, 4, 7}, {7, 5}, {2, 3, 4, 5}); // batch folded into M
    TestMatmul({1, 2, 1, 3, 4, 6}, {2, 1, 1, 6, 5}, {1, 2, 1, 3, 4, 5});
    TestBatchAndAdd();
    TestAddmmGemmMv();
    TestWeightNz();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
