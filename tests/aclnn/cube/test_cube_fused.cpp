// aclnnFusedMatmul / aclnnFusedMatmulV2 (Ascend 950; run with the 950 topology) for every fusedOpType — "", "relu",
// "add", "mul", "gelu_erf", "gelu_tanh", "16cast32" — with bias and x3 where they apply, 2-D and
// batched shapes, FP16 / BF16 / FP32 (USE_HF32), against double-precision references; plus the
// real op's validation paths (unknown type, bias where it is refused, missing x3, FP32 without
// USE_HF32, batch broadcast).
#include <string>

#include "aclnnop/aclnn_fused_matmul.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

static double Post(const std::string &op, double v, double x3)
{
    if (op == "add") return v + x3;
    if (op == "mul") return v * x3;
    if (op == "relu") return v > 0 ? v : 0;
    if (op == "gelu_tanh") return 0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
    if (op == "gelu_erf") return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
    return v;
}

// x1 (batch?, M, K), x2 (batch?, K, N); bias (N) for the types that take one; x3 (M, N) or
// (batch, M, N) for add / mul.
static void TestFused(const std::string &op, aclDataType dt, int64_t batch, int64_t M, int64_t K, int64_t N,
                      bool bias_on, bool x3_batched, bool transposed_x2, uint64_t seed)
{
    Lcg rng(seed);
    bool b3 = batch > 0;
    std::vector<int64_t> s1 = b3 ? std::vector<int64_t>{batch, M, K} : std::vector<int64_t>{M, K};
    std::vector<int64_t> so = b3 ? std::vector<int64_t>{batch, M, N} : std::vector<int64_t>{M, N};
    DevT x1, x2, bias, x3, y;
    MakeContig(x1, dt, rng, s1);
    if (transposed_x2 && !b3) { // x2 (K, N) as a view of (N, K) storage
        std::vector<double> v((size_t)(K * N));
        for (auto &e : v) e = rng.value();
        MakeDev(x2, dt, v, {K, N}, {1, K}, 0);
    } else {
        MakeContig(x2, dt, rng, b3 ? std::vector<int64_t>{batch, K, N} : std::vector<int64_t>{K, N});
    }
    MakeContig(bias, dt, rng, {N});
    bool has_x3 = op == "add" || op == "mul";
    MakeContig(x3, dt, rng, x3_batched ? so : std::vector<int64_t>{M, N});
    aclDataType odt = op == "16cast32" ? ACL_FLOAT : dt;
    MakeZeros(y, odt, so);
    int8_t cmt = dt == ACL_FLOAT ? 3 : 0;
    int rc = RunOp("aclnnFusedMatmul", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnFusedMatmulGetWorkspaceSize(x1.t, x2.t, bias_on ? bias.t : nullptr,
                                                               has_x3 ? x3.t : nullptr, op.c_str(), cmt, y.t, ws, ex);
                   },
                   aclnnFusedMatmul);
    EXPECT(rc == 0, "FusedMatmul \"%s\"", op.c_str());
    if (rc) return;
    int64_t nb = b3 ? batch : 1;
    std::vector<double> g;
    for (int64_t b = 0; b < nb; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double s = bias_on ? bias.at({n}) : 0.0;
                for (int64_t k = 0; k < K; k++) {
                    double a = b3 ? x1.at({b, m, k}) : x1.at({m, k}), w = b3 ? x2.at({b, k, n}) : x2.at({k, n});
                    s += CubeOperand(a, dt, cmt) * CubeOperand(w, dt, cmt);
                }
                double e = has_x3 ? (x3_batched ? x3.at({b, m, n}) : x3.at({m, n})) : 0.0;
                g.push_back(Post(op, s, e));
            }
    char name[128];
    snprintf(name, sizeof name, "FusedMatmul \"%s\" dt%d batch%lld %lldx%lldx%lld%s%s", op.c_str(), (int)dt,
             (long long)batch, (long long)M, (long long)K, (long long)N, bias_on ? " bias" : "",
             transposed_x2 ? " x2^T" : "");
    CubeCheck(name, odt, ReadBack(y), g);
}

// aclnnFusedMatmulV2 "add" with alpha / beta (the scale_add form): y = alpha * x1 @ x2 + beta * x3.
static void TestScaleAdd(aclDataType dt)
{
    Lcg rng(77);
    const int64_t B = 2, M = 18, K = 35, N = 26;
    DevT x1, x2, x3, y;
    MakeContig(x1, dt, rng, {B, M, K});
    MakeContig(x2, dt, rng, {B, K, N});
    MakeContig(x3, dt, rng, {B, M, N});
    MakeZeros(y, dt, {B, M, N});
    float af = 0.5f, bf = -2.0f;
    aclScalar *alpha = aclCreateScalar(&af, ACL_FLOAT), *beta = aclCreateScalar(&bf, ACL_FLOAT);
    int rc = RunOp("aclnnFusedMatmulV2", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnFusedMatmulV2GetWorkspaceSize(x1.t, x2.t, nullptr, x3.t, alpha, beta, "add", 0, y.t, ws, ex);
                   },
                   aclnnFusedMatmulV2);
    EXPECT(rc == 0, "FusedMatmulV2 scale_add");
    if (!rc) {
        std::vector<double> g;
        for (int64_t b = 0; b < B; b++)
            for (int64_t m = 0; m < M; m++)
                for (int64_t n = 0; n < N; n++) {
                    double s = 0;
                    for (int64_t k = 0; k < K; k++) s += x1.at({b, m, k}) * x2.at({b, k, n});
                    g.push_back(0.5 * s - 2.0 * x3.at({b, m, n}));
                }
        CubeCheck("FusedMatmulV2 add alpha 0.5 beta -2", dt, ReadBack(y), g);
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnFusedMatmulV2GetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, alpha, beta, "relu", 0, y.t, &ws, &ex) ==
               ACLNN_ERR_PARAM_INVALID, "scale with relu");
    int8_t i8 = 1;
    aclScalar *bad = aclCreateScalar(&i8, ACL_INT8);
    EXPECT(aclnnFusedMatmulV2GetWorkspaceSize(x1.t, x2.t, nullptr, x3.t, bad, beta, "add", 0, y.t, &ws, &ex) ==
               ACLNN_ERR_PARAM_INVALID, "INT8 alpha");
    aclDestroyScalar(bad);
    aclDestroyScalar(alpha);
    aclDestroyScalar(beta);
}

static void TestChecks()
{
    Lcg rng(9);
    DevT a, b, bias, x3, y, y32, a32, b32, ab, bb;
    MakeContig(a, ACL_FLOAT16, rng, {4, 8});
    MakeContig(b, ACL_FLOAT16, rng, {8, 5});
    MakeContig(bias, ACL_FLOAT16, rng, {5});
    MakeContig(x3, ACL_FLOAT16, rng, {4, 5});
    MakeZeros(y, ACL_FLOAT16, {4, 5});
    MakeZeros(y32, ACL_FLOAT, {4, 5});
    MakeContig(a32, ACL_FLOAT, rng, {4, 8});
    MakeContig(b32, ACL_FLOAT, rng, {8, 5});
    MakeContig(ab, ACL_FLOAT16, rng, {2, 4, 8});
    MakeContig(bb, ACL_FLOAT16, rng, {1, 8, 5});
    auto s1 = [&](const aclTensor *x1, const aclTensor *x2, const aclTensor *bs, const aclTensor *e, const char *op,
                  int8_t cmt, const aclTensor *out) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnFusedMatmulGetWorkspaceSize(x1, x2, bs, e, op, cmt, out, &ws, &ex);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        return rc;
    };
    EXPECT(s1(a.t, b.t, nullptr, nullptr, "sigmoid", 0, y.t) == ACLNN_ERR_PARAM_INVALID, "unknown fusedOpType");
    EXPECT(s1(a.t, b.t, nullptr, nullptr, nullptr, 0, y.t) == ACLNN_ERR_PARAM_INVALID, "null fusedOpType");
    EXPECT(s1(a.t, b.t, bias.t, nullptr, "gelu_tanh", 0, y.t) == ACLNN_ERR_PARAM_NULLPTR, "bias with gelu_tanh");
    EXPECT(s1(a.t, b.t, nullptr, nullptr, "add", 0, y.t) == ACLNN_ERR_PARAM_NULLPTR, "add without x3");
    EXPECT(s1(a.t, b.t, nullptr, nullptr, "16cast32", 0, y.t) == ACLNN_ERR_PARAM_INVALID, "16cast32 with FP16 y");
    EXPECT(s1(a.t, b.t, nullptr, nullptr, "16cast32", 0, y32.t) == 0, "16cast32 with FP32 y");
    EXPECT(s1(a32.t, b32.t, nullptr, nullptr, "", 1, y32.t) == ACLNN_ERR_PARAM_INVALID, "FP32 without USE_HF32");
    EXPECT(s1(a32.t, b32.t, nullptr, nullptr, "", 3, y32.t) == 0, "FP32 with USE_HF32");
    EXPECT(s1(a32.t, b32.t, nullptr, nullptr, "gelu_erf", 3, y32.t) == ACLNN_ERR_PARAM_INVALID, "FP32 gelu_erf");
    DevT yb;
    MakeZeros(yb, ACL_FLOAT16, {2, 4, 5});
    EXPECT(s1(ab.t, bb.t, nullptr, nullptr, "relu", 0, yb.t) == ACLNN_ERR_PARAM_INVALID, "batch broadcast");
    EXPECT(s1(a.t, b.t, nullptr, x3.t, "add", 0, y.t) == 0, "add");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    if (soc.find("Ascend950") != 0) {
        printf("SoC %s: aclnnFusedMatmul is an Ascend 950 API; checking it is refused\n", soc.c_str());
        Lcg rng(1);
        DevT a, b, y;
        MakeContig(a, ACL_FLOAT16, rng, {4, 8});
        MakeContig(b, ACL_FLOAT16, rng, {8, 5});
        MakeZeros(y, ACL_FLOAT16, {4, 5});
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        EXPECT(aclnnFusedMatmulGetWorkspaceSize(a.t, b.t, nullptr, nullptr, "", 0, y.t, &ws, &ex) == ACLNN_ERR_PARAM_INVALID,
               "FusedMatmul off the 950");
    } else {
        const char *ops[] = {"", "relu", "add", "mul", "gelu_erf", "gelu_tanh", "16cast32"};
        uint64_t seed = 1;
        for (const char *op : ops) {
            std::string o = op;
            bool bias = o != "gelu_erf" && o != "gelu_tanh";
            TestFused(o, ACL_FLOAT16, 0, 33, 70, 21, bias, false, true, seed++);
            TestFused(o, ACL_BF16, 0, 17, 1, 40, bias, false, false, seed++); // K = 1
            if (o != "gelu_erf" && o != "gelu_tanh")
                TestFused(o, ACL_FLOAT16, 3, 9, 24, 13, bias, true, false, seed++);
        }
        TestFused("add", ACL_FLOAT16, 2, 7, 19, 11, true, false, false, seed++); // 2-D x3 broadcast over the batch
        TestFused("mul", ACL_BF16, 2, 7, 19, 11, false, false, false, seed++);
        TestFused("", ACL_FLOAT, 0, 25, 300, 19, true, false, false, seed++);     // FP32 as HF32
        TestFused("mul", ACL_FLOAT, 2, 6, 33, 10, true, true, false, seed++);
        TestScaleAdd(ACL_FLOAT16);
        TestScaleAdd(ACL_BF16);
        TestChecks();
    }
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
