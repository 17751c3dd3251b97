// Cube calls that real clients make and that the real ops-nn code accepts (run on an Atlas A2
// profile), checked against double-precision references:
//   - Mm / Matmul with operands of different dtypes: FP32 x BF16 and FP16 x BF16 are computed in
//     FP32 (Dav2201MatMulRule's promotion table, matmul/common/op_host/op_api/matmul_util.cpp) —
//     ggml's CANN backend multiplies FP32 activations by BF16 weights this way;
//   - BF16 x BF16 with USE_FP16 (2) computes BF16 (the request is ignored), FP16 with USE_HF32 (3)
//     computes FP16 (ignored: CheckCubeMathTypeForMm only warns);
//   - Convolution (2-D, 1-D, transposed) and ConvolutionBackward with FP32 and KEEP_DTYPE (0):
//     the real CheckCubeMathType (cube_util.cpp) accepts FP32 where the Cube unit has an FP32
//     path; the result is plain FP32 (no HF32 rounding of the operands), which the tight bound
//     below tells apart from HF32.
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// out (M, N) of dtype odt = a (M, K) of adt x b (K, N) of bdt; operands rounded to their own
// dtypes only (mode: 0 exact, 2 FP16 operands).
static void TestMixed(const char *api, aclDataType adt, aclDataType bdt, aclDataType odt, int cmt, int mode,
                      int64_t M, int64_t K, int64_t N, uint64_t seed)
{
    Lcg rng(seed);
    DevT a, b, c;
    MakeContig(a, adt, rng, {M, K});
    // b as a transposed view (weights usually are): storage (N, K)
    std::vector<double> bv((size_t)(K * N));
    for (auto &x : bv) x = rng.value();
    MakeDev(b, bdt, bv, {K, N}, {1, K}, 0, ACL_FORMAT_ND, {N, K});
    MakeZeros(c, odt, {M, N});
    int rc = !strcmp(api, "aclnnMm")
                 ? RunOp(api, g_stream,
                         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMmGetWorkspaceSize(a.t, b.t, c.t, (int8_t)cmt, ws, ex); },
                         aclnnMm)
                 : RunOp(api, g_stream,
                         [&](uint64_t *ws, aclOpExecutor **ex) {
                             return aclnnMatmulGetWorkspaceSize(a.t, b.t, c.t, (int8_t)cmt, ws, ex);
                         },
                         aclnnMatmul);
    char name[160];
    snprintf(name, sizeof name, "%s %dx%d->%d cmt %d (%lldx%lldx%lld)", api, (int)adt, (int)bdt, (int)odt, cmt,
             (long long)M, (long long)K, (long long)N);
    EXPECT(rc == 0, "%s: status %d", name, rc);
    if (rc) return;
    std::vector<double> g((size_t)(M * N));
    for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++)
                s += CubeOperand(a.at({i, k}), adt, mode) * CubeOperand(b.at({k, j}), bdt, mode);
            g[(size_t)(i * N + j)] = s;
        }
    CubeCheck(name, odt, ReadBack(c), g);
}

// FP32 results that must be plain FP32 arithmetic: every element within a rigorous FP32
// accumulation bound (K+2)·2^-24·Σ|products|. HF32 operands (11 significant bits) miss it by far.
static void CheckFp32Exactish(const char *name, const std::vector<double> &got, const std::vector<double> &g,
                              const std::vector<double> &mag, int64_t K)
{
    size_t bad = 0;
    for (size_t i = 0; i < g.size(); i++)
        if (!(std::fabs(got[i] - g[i]) <= (double)(K + 2) * 5.9604644775390625e-08 * mag[i] + 1e-30)) bad++;
    EXPECT(bad == 0, "%s: %zu of %zu elements outside the FP32 bound", name, bad, g.size());
}

static aclIntArray *Ints(std::vector<int64_t> v) { return aclCreateIntArray(v.data(), v.size()); }

// Direct convolution reference (NC + nsp spatial dims, stride/pad/dilation 1/p/1, groups 1).
static void ConvRef(const DevT &x, const DevT &w, int nsp, int64_t pad, std::vector<double> &g,
                    std::vector<double> &mag, const std::vector<int64_t> &oshape)
{
    int64_t N = x.shape[0], C = x.shape[1], O = w.shape[0];
    int64_t L = nsp == 2 ? x.shape[2] : 1, Wd = x.shape[1 + nsp];
    int64_t kh = nsp == 2 ? w.shape[2] : 1, kw = w.shape[1 + nsp];
    int64_t OH = nsp == 2 ? oshape[2] : 1, OW = oshape[1 + nsp];
    g.assign((size_t)(N * O * OH * OW), 0.0);
    mag.assign(g.size(), 0.0);
    for (int64_t n = 0; n < N; n++)
        for (int64_t o = 0; o < O; o++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double s = 0, m = 0;
                    for (int64_t c = 0; c < C; c++)
                        for (int64_t i = 0; i < kh; i++)
                            for (int64_t j = 0; j < kw; j++) {
                                int64_t ih = oh - (nsp == 2 ? pad : 0) + i, iw = ow - pad + j;
                                if (ih < 0 || ih >= L || iw < 0 || iw >= Wd) continue;
                                double p = nsp == 2 ? x.at({n, c, ih, iw}) * w.at({o, c, i, j})
                                                    : x.at({n, c, iw}) * w.at({o, c, j});
                                s += p;
                                m += std::fabs(p);
                            }
                    size_t idx = (size_t)(((n * O + o) * OH + oh) * OW + ow);
                    g[idx] = s;
                    mag[idx] = m;
                }
}

static void TestConvKeepFp32(int nsp)
{
    Lcg rng(40 + nsp);
    DevT x, w, y;
    std::vector<int64_t> xs = nsp == 2 ? std::vector<int64_t>{2, 5, 9, 9} : std::vector<int64_t>{2, 5, 17};
    std::vector<int64_t> ws = nsp == 2 ? std::vector<int64_t>{6, 5, 3, 3} : std::vector<int64_t>{6, 5, 3};
    std::vector<int64_t> ys = nsp == 2 ? std::vector<int64_t>{2, 6, 9, 9} : std::vector<int64_t>{2, 6, 17};
    MakeContig(x, ACL_FLOAT, rng, xs);
    MakeContig(w, ACL_FLOAT, rng, ws);
    MakeZeros(y, ACL_FLOAT, ys);
    aclIntArray *s = Ints(std::vector<int64_t>(nsp, 1)), *p = Ints(std::vector<int64_t>(nsp, 1)),
                *d = Ints(std::vector<int64_t>(nsp, 1)), *op = Ints(std::vector<int64_t>(nsp, 0));
    int rc = RunOp("aclnnConvolution", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s, p, d, false, op, 1, y.t, 0, wsz, ex);
                   },
                   aclnnConvolution);
    EXPECT(rc == 0, "Convolution %d-D FP32 KEEP_DTYPE: status %d", nsp, rc);
    if (!rc) {
        std::vector<double> g, mag;
        ConvRef(x, w, nsp, 1, g, mag, ys);
        char name[96];
        snprintf(name, sizeof name, "Convolution %d-D FP32 KEEP_DTYPE", nsp);
        CheckFp32Exactish(name, ReadBack(y), g, mag, 5 * 9);
    }
    // backward of the same convolution: gradInput and gradWeight through the FP32 path
    DevT dy, gx, gw;
    MakeContig(dy, ACL_FLOAT, rng, ys);
    MakeZeros(gx, ACL_FLOAT, xs);
    MakeZeros(gw, ACL_FLOAT, ws);
    bool mask[3] = {true, true, false};
    aclBoolArray *m = aclCreateBoolArray(mask, 3);
    rc = RunOp("aclnnConvolutionBackward", g_stream,
               [&](uint64_t *wsz, aclOpExecutor **ex) {
                   return aclnnConvolutionBackwardGetWorkspaceSize(dy.t, x.t, w.t, nullptr, s, p, d, false, op, 1, m, 0,
                                                                   gx.t, gw.t, nullptr, wsz, ex);
               },
               aclnnConvolutionBackward);
    EXPECT(rc == 0, "ConvolutionBackward %d-D FP32 KEEP_DTYPE: status %d", nsp, rc);
    if (!rc) {
        // gradWeight[o][c][k...] = sum over n, output positions of dy * x (shifted)
        std::vector<double> g(gw.n, 0.0), mag(gw.n, 0.0);
        int64_t N = xs[0], C = xs[1], O = ws[0], kh = nsp == 2 ? 3 : 1, L = nsp == 2 ? xs[2] : 1, W = xs[1 + nsp];
        for (int64_t o = 0; o < O; o++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t i = 0; i < kh; i++)
                    for (int64_t j = 0; j < 3; j++) {
                        double sum = 0, mm = 0;
                        for (int64_t n = 0; n < N; n++)
                            for (int64_t oh = 0; oh < L; oh++)
                                for (int64_t ow = 0; ow < W; ow++) {
                                    int64_t ih = oh - (nsp == 2 ? 1 : 0) + i, iw = ow - 1 + j;
                                    if (ih < 0 || ih >= L || iw < 0 || iw >= W) continue;
                                    double pr = nsp == 2 ? dy.at({n, o, oh, ow}) * x.at({n, c, ih, iw})
                                                         : dy.at({n, o, ow}) * x.at({n, c, iw});
                                    sum += pr;
                                    mm += std::fabs(pr);
                                }
                        size_t idx = (size_t)(((o * C + c) * kh + i) * 3 + j);
                        g[idx] = sum;
                        mag[idx] = mm;
                    }
        char name[96];
        snprintf(name, sizeof name, "ConvolutionBackward %d-D FP32 KEEP_DTYPE gradWeight", nsp);
        CheckFp32Exactish(name, ReadBack(gw), g, mag, N * L * W);
    }
    aclDestroyBoolArray(m);
    aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
}

// Transposed 2-D convolution (stride 1, pad 0) with FP32 + KEEP_DTYPE: y[n][o][h][w] =
// sum x[n][c][h-i][w-j] * w[c][o][i][j].
static void TestConvTransposeKeepFp32()
{
    Lcg rng(77);
    DevT x, w, y;
    MakeContig(x, ACL_FLOAT, rng, {1, 4, 5, 5});
    MakeContig(w, ACL_FLOAT, rng, {4, 3, 3, 3});
    MakeZeros(y, ACL_FLOAT, {1, 3, 7, 7});
    aclIntArray *s = Ints({1, 1}), *p = Ints({0, 0}), *d = Ints({1, 1}), *op = Ints({0, 0});
    int rc = RunOp("aclnnConvolution", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s, p, d, true, op, 1, y.t, 0, wsz, ex);
                   },
                   aclnnConvolution);
    EXPECT(rc == 0, "transposed Convolution FP32 KEEP_DTYPE: status %d", rc);
    if (!rc) {
        std::vector<double> g(y.n, 0.0), mag(y.n, 0.0);
        for (int64_t o = 0; o < 3; o++)
            for (int64_t h = 0; h < 7; h++)
                for (int64_t ww = 0; ww < 7; ww++) {
                    double sum = 0, mm = 0;
                    for (int64_t c = 0; c < 4; c++)
                        for (int64_t i = 0; i < 3; i++)
                            for (int64_t j = 0; j < 3; j++) {
                                int64_t ih = h - i, iw = ww - j;
                                if (ih < 0 || ih >= 5 || iw < 0 || iw >= 5) continue;
                                double pr = x.at({0, c, ih, iw}) * w.at({c, o, i, j});
                                sum += pr;
                                mm += std::fabs(pr);
                            }
                    g[(size_t)((o * 7 + h) * 7 + ww)] = sum;
                    mag[(size_t)((o * 7 + h) * 7 + ww)] = mm;
                }
        CheckFp32Exactish("transposed Convolution FP32 KEEP_DTYPE", ReadBack(y), g, mag, 36);
    }
    aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    printf("SoC %s\n", aclrtGetSocName());
    // FP32 activations x BF16 weights -> FP32 (ggml's CANN backend), every cubeMathType that
    // keeps FP32 operands exact, and USE_FP16 (2: both rounded to FP16)
    TestMixed("aclnnMm", ACL_FLOAT, ACL_BF16, ACL_FLOAT, 0, 0, 33, 70, 29, 1);
    TestMixed("aclnnMatmul", ACL_FLOAT, ACL_BF16, ACL_FLOAT, 0, 0, 17, 64, 40, 2);
    TestMixed("aclnnMatmul", ACL_BF16, ACL_FLOAT, ACL_FLOAT, 4, 0, 8, 96, 24, 3);
    TestMixed("aclnnMm", ACL_FLOAT, ACL_BF16, ACL_FLOAT, 2, 2, 20, 50, 30, 4);
    // FP16 x BF16 -> FP32 compute, FP16 / BF16 / FP32 outputs
    TestMixed("aclnnMm", ACL_FLOAT16, ACL_BF16, ACL_FLOAT, 0, 0, 21, 40, 19, 5);
    TestMixed("aclnnMm", ACL_BF16, ACL_FLOAT16, ACL_FLOAT16, 0, 0, 21, 40, 19, 6);
    TestMixed("aclnnMm", ACL_BF16, ACL_FLOAT16, ACL_BF16, 1, 0, 21, 40, 19, 7);
    // requests that do not apply are ignored: BF16 with USE_FP16 stays BF16 (operands exact),
    // FP16 with USE_HF32 stays FP16
    TestMixed("aclnnMm", ACL_BF16, ACL_BF16, ACL_BF16, 2, 0, 16, 48, 16, 8);
    TestMixed("aclnnMm", ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 3, 0, 16, 48, 16, 9);
    // convolutions with FP32 and KEEP_DTYPE
    TestConvKeepFp32(2);
    TestConvKeepFp32(1);
    TestConvTransposeKeepFp32();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
