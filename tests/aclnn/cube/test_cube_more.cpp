// More cube APIs, called as the ops-nn examples do and checked against double-precision
// references: TransposeBatchMatMul (permuted x1 / x2, batchSplitFactor, FP32 output cast, INT8
// output with a TransQuantParam scale), FusedMatmulGelu, InplaceBaddbmm, ConvTbc (pad 0 and > 0,
// strided self) and ConvTbcBackward (its three gradients, pad, strided self, empty batch), and address rebinding of a repeatable Mm executor (aclSetInputTensorAddr /
// aclSetOutputTensorAddr) run twice on different buffers.
#include "aclnnop/aclnn_baddbmm.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_fused_matmul_gelu.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_transpose_batch_mat_mul.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// X1[b, m, k] of a (x1, permX1) pair: logical dim i is x1 dim perm[i].
static double PermAt(const DevT &x, const std::vector<int64_t> &perm, int64_t i0, int64_t i1, int64_t i2)
{
    int64_t idx[3];
    idx[perm[0]] = i0;
    idx[perm[1]] = i1;
    idx[perm[2]] = i2;
    return x.at({idx[0], idx[1], idx[2]});
}

static void TestTbmm(aclDataType dt, aclDataType odt, std::vector<int64_t> p1, std::vector<int64_t> p2, int32_t bsf,
                     int64_t B, int64_t M, int64_t K, int64_t N, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> s1(3), s2(3), l1 = {B, M, K}, l2 = {B, K, N};
    for (int i = 0; i < 3; i++) s1[p1[i]] = l1[i], s2[p2[i]] = l2[i];
    DevT x1, x2, out;
    MakeContig(x1, dt, rng, s1);
    MakeContig(x2, dt, rng, s2);
    std::vector<int64_t> os = bsf > 1 ? std::vector<int64_t>{bsf, M, B * N / bsf} : std::vector<int64_t>{M, B, N};
    MakeZeros(out, odt, os);
    std::vector<int64_t> py = {1, 0, 2};
    aclIntArray *a1 = aclCreateIntArray(p1.data(), 3), *a2 = aclCreateIntArray(p2.data(), 3), *ay = aclCreateIntArray(py.data(), 3);
    int rc = RunOp("aclnnTransposeBatchMatMul", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, a1, a2, ay, 0, bsf,
                                                                        out.t, ws, ex);
                   },
                   aclnnTransposeBatchMatMul);
    aclDestroyIntArray(a1); aclDestroyIntArray(a2); aclDestroyIntArray(ay);
    EXPECT(rc == 0, "TransposeBatchMatMul");
    if (rc) return;
    std::vector<double> g((size_t)(B * M * N));
    int64_t Bs = B / bsf;
    for (int64_t b = 0; b < B; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += PermAt(x1, p1, b, m, k) * PermAt(x2, p2, b, k, n);
                if (odt != dt) s = RoundTo(dt, s); // the op casts its x1-dtype result
                size_t at = bsf > 1 ? (size_t)(((b / Bs) * M + m) * (Bs * N) + (b % Bs) * N + n)
                                    : (size_t)((m * B + b) * N + n);
                g[at] = s;
            }
    char name[128];
    snprintf(name, sizeof name, "TBMM dt%d->%d p1[%lld%lld%lld] p2[%lld%lld%lld] bsf%d", (int)dt, (int)odt,
             (long long)p1[0], (long long)p1[1], (long long)p1[2], (long long)p2[0], (long long)p2[1], (long long)p2[2], bsf);
    CubeCheck(name, odt, ReadBack(out), g);
}

// scale: out INT8 (M, 1, B*N) = saturate(rne(Y * scale[b*N + n])), scale from the TransQuantParam rule.
static void TestTbmmQuant()
{
    Lcg rng(41);
    const int64_t B = 2, M = 8, K = 24, N = 16;
    DevT x1, x2;
    MakeContig(x1, ACL_FLOAT16, rng, {M, B, K});
    MakeContig(x2, ACL_FLOAT16, rng, {B, K, N});
    std::vector<uint64_t> q((size_t)(B * N));
    std::vector<double> sc(q.size());
    for (size_t i = 0; i < q.size(); i++) {
        float f = (float)(0.02 + 0.3 * rng.uniform());
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        bits &= 0xFFFFE000u;
        std::memcpy(&f, &bits, 4);
        sc[i] = f;
        q[i] = (uint64_t)bits | (1ULL << 46);
    }
    void *qdev = nullptr, *odev = nullptr;
    aclTensor *qt = nullptr, *ot = nullptr;
    CreateAclTensor(q, {B * N}, &qdev, ACL_UINT64, &qt);
    std::vector<int8_t> o0((size_t)(M * B * N), 0);
    CreateAclTensor(o0, {M, 1, B * N}, &odev, ACL_INT8, &ot);
    std::vector<int64_t> p1 = {1, 0, 2}, p2 = {0, 1, 2}, py = {1, 0, 2};
    aclIntArray *a1 = aclCreateIntArray(p1.data(), 3), *a2 = aclCreateIntArray(p2.data(), 3), *ay = aclCreateIntArray(py.data(), 3);
    int rc = RunOp("aclnnTransposeBatchMatMul(scale)", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, nullptr, qt, a1, a2, ay, 0, 1, ot, ws, ex);
                   },
                   aclnnTransposeBatchMatMul);
    EXPECT(rc == 0, "TransposeBatchMatMul with scale");
    if (!rc) {
        auto got = Download<int8_t>(odev, (size_t)(M * B * N));
        size_t bad = 0;
        for (int64_t m = 0; m < M; m++)
            for (int64_t b = 0; b < B; b++)
                for (int64_t n = 0; n < N; n++) {
                    double s = 0;
                    for (int64_t k = 0; k < K; k++) s += x1.at({m, b, k}) * x2.at({b, k, n});
                    double v = std::nearbyint((double)(float)s * sc[(size_t)(b * N + n)]);
                    v = std::max(-128.0, std::min(127.0, v));
                    // FP32 accumulation order may move a value sitting on a .5 boundary by one
                    if (std::fabs(got[(size_t)(m * B * N + b * N + n)] - v) > 1) bad++;
                }
        EXPECT(bad == 0, "TBMM INT8: %zu elements off by more than 1", bad);
    }
    // validation: scale with batchSplitFactor 2, FLOAT32 inputs with scale, bias given, perms
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, nullptr, qt, a1, a2, ay, 0, 2, ot, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "scale with batchSplitFactor 2");
    EXPECT(aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, x2.t, nullptr, a1, a2, ay, 0, 1, ot, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "bias");
    EXPECT(aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, a1, a2, a2, 0, 1, ot, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "permY [0,1,2]");
    EXPECT(aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, nullptr, a2, ay, 0, 1, ot, &ws, &ex) == ACLNN_ERR_PARAM_NULLPTR,
           "null permX1");
    EXPECT(aclnnTransposeBatchMatMulGetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, a1, a2, ay, 0, 0, ot, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "batchSplitFactor 0");
    aclDestroyIntArray(a1); aclDestroyIntArray(a2); aclDestroyIntArray(ay);
    aclDestroyTensor(qt); aclDestroyTensor(ot);
    aclrtFree(qdev); aclrtFree(odev);
}

static double GeluTanh(double x) { return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }

static void TestFusedMatmulGelu(aclDataType dt, bool with_bias)
{
    Lcg rng(51);
    const int64_t B = 2, M = 11, K = 40, N = 27;
    DevT x, w, bias, y;
    MakeContig(x, dt, rng, {B, M, K});
    MakeContig(w, dt, rng, {N, K});
    MakeContig(bias, dt, rng, {N});
    MakeZeros(y, dt, {B, M, N});
    int rc = RunOp("aclnnFusedMatmulGelu", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnFusedMatmulGeluGetWorkspaceSize(x.t, w.t, with_bias ? bias.t : nullptr, 1, y.t, ws, ex);
                   },
                   aclnnFusedMatmulGelu);
    EXPECT(rc == 0, "FusedMatmulGelu");
    if (rc) return;
    std::vector<double> g;
    for (int64_t b = 0; b < B; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = with_bias ? bias.at({n}) : 0.0;
                for (int64_t k = 0; k < K; k++) s += x.at({b, m, k}) * w.at({n, k});
                g.push_back(GeluTanh(s));
            }
    CubeCheck(with_bias ? "FusedMatmulGelu bias" : "FusedMatmulGelu", dt, ReadBack(y), g);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnFusedMatmulGeluGetWorkspaceSize(x.t, w.t, nullptr, 0, y.t, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "approximate 0");
    EXPECT(aclnnFusedMatmulGeluGetWorkspaceSize(x.t, x.t, nullptr, 1, y.t, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
           "3-D weight");
}

static void TestInplaceBaddbmm()
{
    Lcg rng(61);
    const int64_t B = 4, M = 19, K = 23, N = 17;
    DevT self, b1, b2;
    MakeContig(self, ACL_FLOAT, rng, {B, M, N});
    MakeContig(b1, ACL_FLOAT, rng, {B, M, K});
    // batch2 as a transposed view of (B, N, K) storage
    std::vector<double> v((size_t)(B * N * K));
    for (auto &x : v) x = rng.value();
    MakeDev(b2, ACL_FLOAT, v, {B, K, N}, {N * K, 1, K}, 0);
    std::vector<double> g;
    for (int64_t b = 0; b < B; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += RoundHf32(b1.at({b, m, k})) * RoundHf32(b2.at({b, k, n}));
                g.push_back(-0.5 * self.at({b, m, n}) + 3.0 * s);
            }
    float betaf = -0.5f, alphaf = 3.0f;
    aclScalar *beta = aclCreateScalar(&betaf, ACL_FLOAT), *alpha = aclCreateScalar(&alphaf, ACL_FLOAT);
    int rc = RunOp("aclnnInplaceBaddbmm", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnInplaceBaddbmmGetWorkspaceSize(self.t, b1.t, b2.t, beta, alpha, 1, ws, ex);
                   },
                   aclnnInplaceBaddbmm);
    EXPECT(rc == 0, "InplaceBaddbmm");
    if (!rc) CubeCheck("InplaceBaddbmm HF32", ACL_FLOAT, ReadBack(self), g);
    aclDestroyScalar(beta);
    aclDestroyScalar(alpha);
}

// ConvTbc: self (T, B, Cin) (optionally a strided view), weight (L, Cin, Cout), bias (Cout).
static void TestConvTbc(aclDataType dt, int64_t T, int64_t B, int64_t Cin, int64_t L, int64_t Cout, int64_t pad,
                        bool strided_self, int8_t cmt, uint64_t seed)
{
    Lcg rng(seed);
    DevT x, w, bias, y;
    if (strided_self) { // self stored as (B, T, Cin): the (T, B, Cin) view swaps the first two dims
        std::vector<double> v((size_t)(B * T * Cin));
        for (auto &e : v) e = rng.value();
        MakeDev(x, dt, v, {T, B, Cin}, {Cin, T * Cin, 1}, 0);
    } else {
        MakeContig(x, dt, rng, {T, B, Cin});
    }
    MakeContig(w, dt, rng, {L, Cin, Cout});
    MakeContig(bias, dt, rng, {Cout});
    int64_t To = T + 2 * pad + 1 - L;
    MakeZeros(y, dt, {To, B, Cout});
    int rc = RunOp("aclnnConvTbc", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnConvTbcGetWorkspaceSize(x.t, w.t, bias.t, pad, y.t, cmt, ws, ex);
                   },
                   aclnnConvTbc);
    EXPECT(rc == 0, "ConvTbc");
    if (rc) return;
    int mode = dt == ACL_FLOAT && cmt != 0 ? 1 : 0;
    std::vector<double> g;
    for (int64_t t = 0; t < To; t++)
        for (int64_t b = 0; b < B; b++)
            for (int64_t co = 0; co < Cout; co++) {
                double s = bias.at({co});
                for (int64_t k = 0; k < L; k++) {
                    int64_t ti = t + k - pad;
                    if (ti < 0 || ti >= T) continue;
                    for (int64_t ci = 0; ci < Cin; ci++)
                        s += CubeOperand(x.at({ti, b, ci}), dt, mode) * CubeOperand(w.at({k, ci, co}), dt, mode);
                }
                g.push_back(s);
            }
    char name[128];
    snprintf(name, sizeof name, "ConvTbc dt%d T%lld B%lld Cin%lld L%lld Cout%lld pad%lld%s", (int)dt, (long long)T,
             (long long)B, (long long)Cin, (long long)L, (long long)Cout, (long long)pad, strided_self ? " strided" : "");
    CubeCheck(name, dt, ReadBack(y), g);
}

static void TestConvTbcChecks()
{
    Lcg rng(71);
    DevT x, w, bias, badb, y;
    MakeContig(x, ACL_FLOAT16, rng, {5, 2, 3});
    MakeContig(w, ACL_FLOAT16, rng, {3, 3, 4});
    MakeContig(bias, ACL_FLOAT16, rng, {4});
    MakeContig(badb, ACL_FLOAT16, rng, {3});
    MakeZeros(y, ACL_FLOAT16, {5, 2, 4});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnConvTbcGetWorkspaceSize(x.t, w.t, nullptr, 1, y.t, 0, &ws, &ex) == ACLNN_ERR_PARAM_NULLPTR, "null bias");
    EXPECT(aclnnConvTbcGetWorkspaceSize(x.t, w.t, badb.t, 1, y.t, 0, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "bias size");
    EXPECT(aclnnConvTbcGetWorkspaceSize(x.t, w.t, bias.t, -1, y.t, 0, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "pad -1");
    EXPECT(aclnnConvTbcGetWorkspaceSize(x.t, w.t, bias.t, 2, y.t, 0, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "out shape");
    EXPECT(aclnnConvTbcGetWorkspaceSize(x.t, x.t, bias.t, 1, y.t, 0, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "Cin mismatch");
}


// ConvTbcBackward against the adjoint of the forward sum above, in double:
//   dx[t,b,ci] = sum_{k,co} dy[t - k + pad, b, co] w[k,ci,co],  dw[k,ci,co] = sum_{t',b} x[t'+k-pad,b,ci] dy[t',b,co],
//   db[co] = sum_{t',b} dy[t',b,co].
static void TestConvTbcBackward(aclDataType dt, int64_t T, int64_t B, int64_t Cin, int64_t L, int64_t Cout, int64_t pad,
                                bool strided_self, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t To = T + 2 * pad + 1 - L;
    DevT dy, x, w, bias, dx, dw, db;
    if (strided_self) { // dy stored (B, To, Cout), viewed (To, B, Cout)
        std::vector<double> v((size_t)(B * To * Cout));
        for (auto &e : v) e = rng.value();
        MakeDev(dy, dt, v, {To, B, Cout}, {Cout, To * Cout, 1}, 0);
    } else {
        MakeContig(dy, dt, rng, {To, B, Cout});
    }
    MakeContig(x, dt, rng, {T, B, Cin});
    MakeContig(w, dt, rng, {L, Cin, Cout});
    MakeContig(bias, dt, rng, {Cout});
    MakeDev(dx, dt, std::vector<double>((size_t)(T * B * Cin), 7.0), {T, B, Cin}, Contig({T, B, Cin}), 0);
    MakeDev(dw, dt, std::vector<double>((size_t)(L * Cin * Cout), 7.0), {L, Cin, Cout}, Contig({L, Cin, Cout}), 0);
    MakeDev(db, dt, std::vector<double>((size_t)Cout, 7.0), {Cout}, {1}, 0);
    int rc = RunOp("aclnnConvTbcBackward", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnConvTbcBackwardGetWorkspaceSize(dy.t, x.t, w.t, bias.t, pad, 0, dx.t, dw.t, db.t, ws, ex);
                   },
                   aclnnConvTbcBackward);
    EXPECT(rc == 0, "ConvTbcBackward");
    if (rc) return;
    std::vector<double> gx, gw, gb;
    for (int64_t t = 0; t < T; t++)
        for (int64_t b = 0; b < B; b++)
            for (int64_t ci = 0; ci < Cin; ci++) {
                double s = 0;
                for (int64_t k = 0; k < L; k++) {
                    int64_t to = t - k + pad;
                    if (to < 0 || to >= To) continue;
                    for (int64_t co = 0; co < Cout; co++) s += dy.at({to, b, co}) * w.at({k, ci, co});
                }
                gx.push_back(s);
            }
    for (int64_t k = 0; k < L; k++)
        for (int64_t ci = 0; ci < Cin; ci++)
            for (int64_t co = 0; co < Cout; co++) {
                double s = 0;
                for (int64_t to = 0; to < To; to++) {
                    int64_t ti = to + k - pad;
                    if (ti < 0 || ti >= T) continue;
                    for (int64_t b = 0; b < B; b++) s += x.at({ti, b, ci}) * dy.at({to, b, co});
                }
                gw.push_back(s);
            }
    for (int64_t co = 0; co < Cout; co++) {
        double s = 0;
        for (int64_t to = 0; to < To; to++)
            for (int64_t b = 0; b < B; b++) s += dy.at({to, b, co});
        gb.push_back(s);
    }
    char name[128];
    snprintf(name, sizeof name, "ConvTbcBackward dt%d T%lld B%lld Cin%lld L%lld Cout%lld pad%lld%s", (int)dt, (long long)T,
             (long long)B, (long long)Cin, (long long)L, (long long)Cout, (long long)pad, strided_self ? " strided" : "");
    std::string n(name);
    CubeCheck((n + " gradInput").c_str(), dt, ReadBack(dx), gx);
    CubeCheck((n + " gradWeight").c_str(), dt, ReadBack(dw), gw);
    CubeCheck((n + " gradBias").c_str(), dt, ReadBack(db), gb);
}

// FP32 ConvTbcBackward against central differences of an independent double ConvTbc forward,
// loss = sum(dy * y), in x, weight and bias (cubeMathType 0: exact FP32 operands).
static void TestConvTbcBackwardFd(uint64_t seed)
{
    const int64_t T = 5, B = 2, Cin = 3, L = 3, Cout = 2, pad = 1, To = T + 2 * pad + 1 - L;
    Lcg rng(seed);
    DevT dy, x, w, bias, dx, dw, db;
    MakeContig(dy, ACL_FLOAT, rng, {To, B, Cout});
    MakeContig(x, ACL_FLOAT, rng, {T, B, Cin});
    MakeContig(w, ACL_FLOAT, rng, {L, Cin, Cout});
    MakeContig(bias, ACL_FLOAT, rng, {Cout});
    MakeZeros(dx, ACL_FLOAT, {T, B, Cin});
    MakeZeros(dw, ACL_FLOAT, {L, Cin, Cout});
    MakeZeros(db, ACL_FLOAT, {Cout});
    int rc = RunOp("aclnnConvTbcBackward", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnConvTbcBackwardGetWorkspaceSize(dy.t, x.t, w.t, bias.t, pad, 0, dx.t, dw.t, db.t, ws, ex);
                   },
                   aclnnConvTbcBackward);
    EXPECT(rc == 0, "ConvTbcBackward fd run");
    if (rc) return;
    // y[o, b, co] = bias[co] + sum_{k, ci} x[o + k - pad, b, ci] w[k, ci, co] (x zero outside [0, T))
    auto loss = [&](const std::vector<double> &X, const std::vector<double> &W, const std::vector<double> &Bv) {
        double Ls = 0;
        for (int64_t o = 0; o < To; o++)
            for (int64_t b = 0; b < B; b++)
                for (int64_t co = 0; co < Cout; co++) {
                    double y = Bv[(size_t)co];
                    for (int64_t k = 0; k < L; k++)
                        for (int64_t ci = 0; ci < Cin; ci++) {
                            int64_t t = o + k - pad;
                            if (t >= 0 && t < T) y += X[(size_t)((t * B + b) * Cin + ci)] * W[(size_t)((k * Cin + ci) * Cout + co)];
                        }
                    Ls += dy.stored[(size_t)((o * B + b) * Cout + co)] * y;
                }
        return Ls;
    };
    auto fd = [&](std::vector<double> v, int which) {
        std::vector<double> r(v.size());
        const double h = 1e-3;
        for (size_t i = 0; i < v.size(); i++) {
            double keep = v[i], l[2];
            for (int s = 0; s < 2; s++) {
                v[i] = keep + (s ? -h : h);
                l[s] = loss(which == 0 ? v : x.stored, which == 1 ? v : w.stored, which == 2 ? v : bias.stored);
            }
            v[i] = keep;
            r[i] = (l[0] - l[1]) / (2 * h);
        }
        return r;
    };
    CheckAccuracy("ConvTbcBackward fp32 gradInput vs finite differences", ReadBack(dx), fd(x.stored, 0), 1e-3, 1e-3, 1e-2);
    CheckAccuracy("ConvTbcBackward fp32 gradWeight vs finite differences", ReadBack(dw), fd(w.stored, 1), 1e-3, 1e-3, 1e-2);
    CheckAccuracy("ConvTbcBackward fp32 gradBias vs finite differences", ReadBack(db), fd(bias.stored, 2), 1e-3, 1e-3, 1e-2);
}

static void TestConvTbcBackwardChecks()
{
    Lcg rng(72);
    DevT dy, x, w, bias, dx, dw, db, badb, dy_bad, x_ncl;
    MakeContig(dy, ACL_FLOAT, rng, {5, 2, 4}); // T 5, pad 1, L 3 -> To 5
    MakeContig(x, ACL_FLOAT, rng, {5, 2, 3});
    MakeContig(w, ACL_FLOAT, rng, {3, 3, 4});
    MakeContig(bias, ACL_FLOAT, rng, {4});
    MakeZeros(dx, ACL_FLOAT, {5, 2, 3});
    MakeZeros(dw, ACL_FLOAT, {3, 3, 4});
    MakeZeros(db, ACL_FLOAT, {4});
    MakeContig(badb, ACL_FLOAT, rng, {3});
    MakeContig(dy_bad, ACL_FLOAT, rng, {4, 2, 4});
    std::vector<double> v(30, 0.5);
    MakeDev(x_ncl, ACL_FLOAT, v, {5, 2, 3}, Contig({5, 2, 3}), 0, ACL_FORMAT_NCL);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, int64_t pad, int8_t cmt) {
        int rc = aclnnConvTbcBackwardGetWorkspaceSize(a, b, c, d, pad, cmt, dx.t, dw.t, db.t, &ws, &ex);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        return rc;
    };
    EXPECT(call(dy.t, x.t, w.t, bias.t, 1, 0) == 0, "valid: %s", aclGetRecentErrMsg());
    EXPECT(call(dy.t, x_ncl.t, w.t, bias.t, 1, 0) == 0, "NCL input accepted: %s", aclGetRecentErrMsg());
    EXPECT(call(dy.t, x.t, w.t, nullptr, 1, 0) == ACLNN_ERR_PARAM_NULLPTR, "null bias");
    EXPECT(call(dy.t, x.t, w.t, badb.t, 1, 0) == ACLNN_ERR_PARAM_INVALID, "bias size");
    EXPECT(call(dy.t, x.t, w.t, bias.t, -1, 0) == ACLNN_ERR_PARAM_INVALID, "pad -1");
    EXPECT(call(dy_bad.t, x.t, w.t, bias.t, 1, 0) == ACLNN_ERR_PARAM_INVALID, "self shape");
    EXPECT(call(dy.t, x.t, w.t, bias.t, 1, 4) == ACLNN_ERR_PARAM_INVALID, "cubeMathType 4");
    EXPECT(call(dy.t, x.t, x.t, bias.t, 1, 0) == ACLNN_ERR_PARAM_INVALID, "Cin mismatch");
}

// A repeatable Mm executor run on two sets of buffers: rebinding input 1 (mat2) and output 0.
static void TestRebind()
{
    Lcg rng(81);
    const int64_t M = 24, K = 31, N = 18;
    DevT a, b1, b2, o1, o2;
    MakeContig(a, ACL_FLOAT16, rng, {M, K});
    MakeContig(b1, ACL_FLOAT16, rng, {K, N});
    MakeContig(b2, ACL_FLOAT16, rng, {K, N});
    MakeZeros(o1, ACL_FLOAT16, {M, N});
    MakeZeros(o2, ACL_FLOAT16, {M, N});
    uint64_t wsz = 0;
    aclOpExecutor *ex = nullptr;
    ACL_OK(aclnnMmGetWorkspaceSize(a.t, b1.t, o1.t, 0, &wsz, &ex));
    ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    void *wsp = nullptr;
    if (wsz) aclrtMalloc(&wsp, wsz, ACL_MEM_MALLOC_HUGE_FIRST);
    ACL_OK(aclnnMm(wsp, wsz, ex, g_stream));
    ACL_OK(aclrtSynchronizeStream(g_stream));
    ACL_OK(aclSetInputTensorAddr(ex, 1, b1.t, b2.dev));
    ACL_OK(aclSetOutputTensorAddr(ex, 0, o1.t, o2.dev));
    ACL_OK(aclnnMm(wsp, wsz, ex, g_stream));
    ACL_OK(aclrtSynchronizeStream(g_stream));
    EXPECT(aclSetInputTensorAddr(ex, 5, b1.t, b2.dev) == ACLNN_ERR_PARAM_INVALID, "rebind index out of range");
    aclDestroyAclOpExecutor(ex);
    if (wsp) aclrtFree(wsp);
    auto gold = [&](const DevT &b) {
        std::vector<double> g;
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += a.at({m, k}) * b.at({k, n});
                g.push_back(s);
            }
        return g;
    };
    CubeCheck("Mm first run (mat2 b1 -> o1)", ACL_FLOAT16, ReadBack(o1), gold(b1));
    CubeCheck("Mm rebound run (mat2 b2 -> o2)", ACL_FLOAT16, ReadBack(o2), gold(b2));
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    TestTbmm(ACL_FLOAT16, ACL_FLOAT16, {1, 0, 2}, {0, 1, 2}, 1, 4, 17, 40, 24, 1); // the doc's [M, B, K] case
    TestTbmm(ACL_FLOAT16, ACL_FLOAT16, {0, 1, 2}, {0, 1, 2}, 2, 4, 9, 33, 20, 2);   // batchSplitFactor 2
    TestTbmm(ACL_BF16, ACL_BF16, {1, 0, 2}, {0, 2, 1}, 1, 3, 15, 29, 22, 3);        // x2 transposed
    TestTbmm(ACL_FLOAT, ACL_FLOAT, {1, 0, 2}, {0, 1, 2}, 1, 2, 13, 47, 31, 4);
    TestTbmm(ACL_FLOAT16, ACL_FLOAT, {0, 1, 2}, {0, 1, 2}, 4, 8, 5, 16, 7, 5);       // FP32 out: cast of the FP16 result
    TestTbmmQuant();
    TestFusedMatmulGelu(ACL_FLOAT16, true);
    TestFusedMatmulGelu(ACL_BF16, false);
    TestInplaceBaddbmm();
    TestConvTbc(ACL_FLOAT16, 9, 3, 5, 3, 7, 1, false, 0, 1);
    TestConvTbc(ACL_FLOAT, 12, 2, 16, 4, 9, 0, true, 1, 2);
    TestConvTbc(ACL_BF16, 7, 4, 6, 5, 3, 3, true, 0, 3);
    TestConvTbc(ACL_FLOAT16, 2, 2, 3, 3, 4, 1, false, 0, 4); // the doc example's shapes
    TestConvTbcChecks();
    TestConvTbcBackward(ACL_FLOAT, 9, 3, 5, 3, 4, 0, false, 11);
    TestConvTbcBackward(ACL_FLOAT, 7, 2, 6, 4, 5, 2, true, 12);
    TestConvTbcBackward(ACL_FLOAT16, 12, 4, 8, 3, 16, 1, false, 13);
    TestConvTbcBackward(ACL_BF16, 6, 2, 3, 2, 3, 1, true, 14);
    TestConvTbcBackward(ACL_FLOAT, 5, 0, 3, 3, 2, 1, false, 15); // empty batch: zero weight / bias gradients
    TestConvTbcBackwardFd(16);
    TestConvTbcBackwardChecks();
    TestRebind();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
