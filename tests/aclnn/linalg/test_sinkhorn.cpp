// aclnnSinkhorn against the iteration of its docs run here in long double (same stopping rule),
// and the invariant the fixed point has: every row of p sums to 1 / R and every column to 1 / C
// (to the tolerance); NULL tol (0.0001), strided / transposed views, FLOAT16 / BF16, 1 x 1,
// empty input, and the validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_sinkhorn.h"

typedef std::vector<double> Vec;
typedef long double LD;
static aclrtStream g_stream;
static bool g_bf16;

static Vec Ref(const Vec &cost, int64_t r, int64_t c, double tol)
{
    std::vector<LD> k(cost.begin(), cost.end()), d0((size_t)r), d1((size_t)c, 1);
    for (LD &x : k) x = std::exp(x);
    const LD eps = 1e-8L;
    for (int it = 0; it < 10000; it++) { // the kernel's bound
        for (int64_t i = 0; i < r; i++) {
            LD s = 0;
            for (int64_t j = 0; j < c; j++) s += d1[(size_t)j] * k[(size_t)(i * c + j)];
            d0[(size_t)i] = 1 / (r * (s + eps));
        }
        LD err = 0;
        for (int64_t j = 0; j < c; j++) {
            LD s = 0;
            for (int64_t i = 0; i < r; i++) s += d0[(size_t)i] * k[(size_t)(i * c + j)];
            LD n1 = 1 / (c * (s + eps));
            err += std::fabs(d1[(size_t)j] - n1);
            d1[(size_t)j] = n1;
        }
        if (err / c <= tol) break;
    }
    Vec p((size_t)(r * c));
    for (int64_t i = 0; i < r; i++)
        for (int64_t j = 0; j < c; j++) p[(size_t)(i * c + j)] = (double)(d0[(size_t)i] * k[(size_t)(i * c + j)] * d1[(size_t)j]);
    return p;
}

static void Case(aclDataType dt, int64_t r, int64_t c, const float *tol, Layout lay, uint64_t seed)
{
    Vec cost = QuantAll(dt, RandomValues((size_t)(r * c), seed, 0.3));
    DevTensor tc, tp;
    if (!tc.Init(dt, {r, c}, cost, lay) || !tp.Init(dt, {r, c}, {}, lay == TRANSPOSED ? STRIDED : lay)) return;
    aclScalar *ts = tol ? aclCreateScalar(const_cast<float *>(tol), ACL_FLOAT) : nullptr;
    std::string what = std::string("Sinkhorn ") + DtName(dt) + " " + std::to_string(r) + "x" + std::to_string(c) + (tol ? "" : " default tol");
    int rc = Run("Sinkhorn", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSinkhornGetWorkspaceSize(tc.t, ts, tp.t, w, e); }, aclnnSinkhorn);
    if (ts) aclDestroyScalar(ts);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    double t = tol ? *tol : 1e-4;
    Vec got = tp.Read(), ref = Ref(cost, r, c, t);
    CheckDtype(what.c_str(), dt, got, ref);
    // columns sum to 1 / C after the last d1 update; rows to 1 / R up to the last change of d1
    double worst_col = 0, worst_row = 0;
    for (int64_t j = 0; j < c; j++) { LD s = 0; for (int64_t i = 0; i < r; i++) s += got[(size_t)(i * c + j)]; worst_col = std::max(worst_col, (double)std::fabs(s * c - 1)); }
    for (int64_t i = 0; i < r; i++) { LD s = 0; for (int64_t j = 0; j < c; j++) s += got[(size_t)(i * c + j)]; worst_row = std::max(worst_row, (double)std::fabs(s * r - 1)); }
    double q = dt == ACL_FLOAT ? 1e-4 : dt == ACL_FLOAT16 ? 2e-2 : 1e-1;
    EXPECT(worst_col <= q * std::max<int64_t>(r, 1) && worst_row <= q * std::max<int64_t>(r, 1) + t * c * r,
           "%s: rows / columns off their marginals by %g / %g", what.c_str(), worst_row, worst_col);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_bf16 = std::string(aclrtGetSocName()).find("Ascend310P") != 0;
    static const float tight = 1e-7f, loose = 1e-3f;
    uint64_t seed = 21;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (g_bf16) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts) {
        Case(dt, 1, 1, &tight, CONTIG, seed++);
        Case(dt, 6, 9, &tight, STRIDED, seed++);
        Case(dt, 12, 5, nullptr, TRANSPOSED, seed++);
        Case(dt, 7, 7, &loose, CONTIG, seed++);
    }
    Case(ACL_FLOAT, 64, 300, nullptr, CONTIG, seed++); // tol 1e-7 never converges here: eps makes d1 drift by ~1e-6
    DevTensor f23, f32, i23, f5, e0, big;
    if (!f23.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !f32.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !i23.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !f5.Init(ACL_FLOAT, {5}, {}, CONTIG) || !e0.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !big.Init(ACL_FLOAT, {1, 4097}, {}, CONTIG)) return 1;
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    const int P = ACLNN_ERR_PARAM_INVALID;
    ExpectError("Sinkhorn null p", aclnnSinkhornGetWorkspaceSize(f23.t, nullptr, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "p");
    ExpectError("Sinkhorn INT32", aclnnSinkhornGetWorkspaceSize(i23.t, nullptr, f23.t, &ws, &ex), P, "DT_INT32");
    ExpectError("Sinkhorn 1-D", aclnnSinkhornGetWorkspaceSize(f5.t, nullptr, f5.t, &ws, &ex), P, "dim");
    ExpectError("Sinkhorn p shape", aclnnSinkhornGetWorkspaceSize(f23.t, nullptr, f32.t, &ws, &ex), P, "shape");
    ExpectError("Sinkhorn 4097 columns", aclnnSinkhornGetWorkspaceSize(big.t, nullptr, big.t, &ws, &ex), P, "4096");
    EXPECT(aclnnSinkhornGetWorkspaceSize(e0.t, nullptr, e0.t, &ws, &ex) == 0 && ws == 0, "Sinkhorn empty: stage 1");
    EXPECT(aclnnSinkhorn(nullptr, 0, ex, g_stream) == 0 && aclrtSynchronizeStream(g_stream) == 0, "Sinkhorn empty: stage 2");
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
