// aclnnApplyTopKTopP against a double-precision reference written here (stable ascending sort,
// k-th largest threshold with ties kept, softmax summed from the smallest against 1 - p, the
// largest always kept): FLOAT / FLOAT16 / BFLOAT16, p only / k only / both / neither, k <= 0 or
// >= V (no top-k), p 0 and 1, repeated values, transposed logits and strided out views, a last
// dim of 1, empty tensors, and the validation paths. Rows whose running sum lies within 1e-4 of
// 1 - p are left out of the exact comparison (FP32 on the device). `310p`: no kernel (361001).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_apply_top_k_top_p.h"

#include <algorithm>
#include <numeric>

static aclrtStream g_stream;
static int g_rows_checked, g_rows_skipped;

// Filters one row; returns false when a running sum sits on the 1 - p boundary.
static bool RefRow(std::vector<double> &x, const double *p, const int *k)
{
    int64_t V = (int64_t)x.size();
    std::vector<int64_t> idx((size_t)V);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](int64_t a, int64_t b) { return x[(size_t)a] < x[(size_t)b]; });
    std::vector<double> s((size_t)V);
    for (int64_t j = 0; j < V; j++) s[(size_t)j] = x[(size_t)idx[(size_t)j]];
    if (k && *k > 0 && *k < V) {
        double thr = s[(size_t)(V - *k)];
        for (auto &v : s) if (v < thr) v = -INFINITY;
    }
    bool clean = true;
    if (p) {
        double m = s[(size_t)V - 1], sum = 0, cum = 0, lim = 1.0 - (double)(float)*p;
        for (double v : s) sum += std::exp(v - m);
        for (int64_t j = 0; j + 1 < V; j++) {
            double e = std::exp(s[(size_t)j] - m) / sum;
            cum += e;
            if (e > 0 && std::fabs(cum - lim) < 1e-4) clean = false;
            if (cum <= lim) s[(size_t)j] = -INFINITY;
        }
    }
    for (int64_t j = 0; j < V; j++) x[(size_t)idx[(size_t)j]] = s[(size_t)j];
    return clean;
}

static void Case(aclDataType dt, int64_t B, int64_t V, bool usep, bool usek, Layout xl, Layout ol, uint64_t seed, bool ties = false)
{
    Lcg rng(seed);
    std::vector<double> x((size_t)(B * V)), pv((size_t)B), kv((size_t)B);
    for (auto &v : x) v = Quant(dt, ties ? (double)(int64_t)(rng.uniform() * 4) : rng.value() * 0.7);
    for (int64_t b = 0; b < B; b++) {
        pv[(size_t)b] = Quant(dt, b % 5 == 0 ? 1.0 : b % 5 == 1 ? 0.0 : rng.uniform());
        int64_t ks[6] = {1, V - 1, 0, -3, V, 1 + (int64_t)(rng.uniform() * (double)V)};
        kv[(size_t)b] = (double)ks[b % 6];
    }
    std::vector<double> g = x;
    std::vector<bool> clean((size_t)B);
    for (int64_t b = 0; b < B; b++) {
        std::vector<double> row(g.begin() + b * V, g.begin() + (b + 1) * V);
        int kk = (int)kv[(size_t)b];
        clean[(size_t)b] = RefRow(row, usep ? &pv[(size_t)b] : nullptr, usek ? &kk : nullptr);
        for (int64_t j = 0; j < V; j++) g[(size_t)(b * V + j)] = Quant(dt, row[(size_t)j]);
    }
    DevTensor tx, tp, tk, to;
    if (!tx.Init(dt, {B, V}, x, xl) || !tp.Init(dt, {B}, pv, STRIDED) || !tk.Init(ACL_INT32, {B}, kv, CONTIG) || !to.Init(dt, {B, V}, {}, ol)) {
        EXPECT(false, "tensor creation");
        return;
    }
    char what[160];
    snprintf(what, sizeof what, "ApplyTopKTopP %s [%lld, %lld] %s%s x%d o%d", DtName(dt), (long long)B, (long long)V,
             usep ? "p" : "", usek ? "k" : "", (int)xl, (int)ol);
    int rc = Run("ApplyTopKTopP", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnApplyTopKTopPGetWorkspaceSize(tx.t, usep ? tp.t : nullptr, usek ? tk.t : nullptr, to.t, w, e); }, aclnnApplyTopKTopP);
    EXPECT(rc == 0, "%s: run failed (%d)", what, rc);
    if (rc) return;
    std::vector<double> got = to.Read();
    size_t bad = 0;
    for (int64_t b = 0; b < B; b++) {
        if (!clean[(size_t)b]) { g_rows_skipped++; continue; }
        g_rows_checked++;
        for (int64_t j = 0; j < V; j++) bad += got[(size_t)(b * V + j)] != g[(size_t)(b * V + j)];
    }
    EXPECT(bad == 0 && to.CountClobbered() == 0, "%s: %zu elements differ", what, bad);
}

static int Stage1(const aclTensor *x, const aclTensor *p, const aclTensor *k, aclTensor *o)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnApplyTopKTopPGetWorkspaceSize(x, p, k, o, &ws, &ex);
    if (rc == 0 && ex) {
        aclSetAclOpExecutorRepeatable(ex);
        aclDestroyAclOpExecutor(ex);
    }
    return rc;
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        DevTensor x, p, o;
        if (!x.Init(ACL_FLOAT, {2, 3}, {1, 2, 3, 4, 5, 6}, CONTIG) || !p.Init(ACL_FLOAT, {2}, {0.5, 0.5}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return 1;
        int rc = Stage1(x.t, p.t, nullptr, o.t);
        EXPECT(rc == 361001, "310P: no kernel (361001), got %d", rc);
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    // the official example
    {
        DevTensor x, p, k, o;
        if (!x.Init(ACL_FLOAT, {3, 4}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, CONTIG) || !p.Init(ACL_FLOAT, {3}, {0.2, 0.4, 0.6}, CONTIG) ||
            !k.Init(ACL_INT32, {3}, {1, 2, 3}, CONTIG) || !o.Init(ACL_FLOAT, {3, 4}, {}, CONTIG)) return 1;
        int rc = Run("example", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnApplyTopKTopPGetWorkspaceSize(x.t, p.t, k.t, o.t, w, e); }, aclnnApplyTopKTopP);
        double ni = -INFINITY;
        EXPECT(rc == 0 && o.Read() == std::vector<double>({ni, ni, ni, 4, ni, ni, ni, 8, ni, ni, ni, 12}), "the official example");
    }
    uint64_t seed = 1;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Case(dt, 12, 7, true, true, CONTIG, CONTIG, seed++);
        Case(dt, 6, 50, true, false, TRANSPOSED, STRIDED, seed++);
        Case(dt, 6, 50, false, true, STRIDED, CONTIG, seed++);
        Case(dt, 7, 9, true, true, CONTIG, TRANSPOSED, seed++, true); // repeated values
    }
    Case(ACL_FLOAT, 3, 1000, true, true, CONTIG, CONTIG, seed++);
    Case(ACL_FLOAT, 40, 33, true, true, CONTIG, CONTIG, seed++);
    Case(ACL_FLOAT, 4, 1, true, true, CONTIG, STRIDED, seed++); // last dim 1: a copy
    EXPECT(g_rows_checked > 10 * g_rows_skipped, "too many boundary rows skipped (%d checked, %d skipped)", g_rows_checked, g_rows_skipped);
    // p and k both null: the message is logged but the call succeeds, out = logits
    {
        DevTensor x, o;
        if (!x.Init(ACL_FLOAT16, {2, 3}, {1, -2, 3, 4, 5, -6}, CONTIG) || !o.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG)) return 1;
        int rc = Run("no p, no k", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnApplyTopKTopPGetWorkspaceSize(x.t, nullptr, nullptr, o.t, w, e); }, aclnnApplyTopKTopP);
        EXPECT(rc == 0 && o.Read() == std::vector<double>({1, -2, 3, 4, 5, -6}), "p and k null: logits unchanged");
    }
    // empty logits: nothing to do
    {
        DevTensor x, p, o;
        if (!x.Init(ACL_FLOAT, {0, 5}, {}, CONTIG) || !p.Init(ACL_FLOAT, {0}, {}, CONTIG) || !o.Init(ACL_FLOAT, {0, 5}, {}, CONTIG)) return 1;
        EXPECT(Stage1(x.t, p.t, nullptr, o.t) == 0, "empty logits");
    }
    // ---- validation ----
    DevTensor x, p, k, o, x3, xi, p16, kf, o16, o2, p2, pB, kB, oT;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !p.Init(ACL_FLOAT, {2}, {}, CONTIG) || !k.Init(ACL_INT32, {2}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !x3.Init(ACL_FLOAT, {2, 3, 1}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !p16.Init(ACL_FLOAT16, {2}, {}, CONTIG) || !kf.Init(ACL_INT64, {2}, {}, CONTIG) || !o16.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !p2.Init(ACL_FLOAT, {2, 1}, {}, CONTIG) || !pB.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !kB.Init(ACL_INT32, {1}, {}, CONTIG) || !oT.Init(ACL_FLOAT, {3, 2}, {}, CONTIG))
        return 1;
    ExpectError("null logits", Stage1(nullptr, p.t, k.t, o.t), ACLNN_ERR_PARAM_NULLPTR, "logits");
    ExpectError("null out", Stage1(x.t, p.t, k.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("logits INT32", Stage1(xi.t, p.t, k.t, o.t), ACLNN_ERR_PARAM_INVALID, "logits");
    ExpectError("k INT64", Stage1(x.t, p.t, kf.t, o.t), ACLNN_ERR_PARAM_INVALID, "k");
    ExpectError("p FLOAT16", Stage1(x.t, p16.t, k.t, o.t), ACLNN_ERR_PARAM_INVALID, "p");
    ExpectError("out FLOAT16", Stage1(x.t, p.t, k.t, o16.t), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("logits 3-D", Stage1(x3.t, p.t, k.t, o.t), ACLNN_ERR_PARAM_INVALID, "logits");
    ExpectError("out shape", Stage1(x.t, p.t, k.t, o2.t), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("p 2-D", Stage1(x.t, p2.t, k.t, o.t), ACLNN_ERR_PARAM_INVALID, "p");
    ExpectError("p size", Stage1(x.t, pB.t, k.t, o.t), ACLNN_ERR_PARAM_INVALID, "p.size(0)");
    ExpectError("k size", Stage1(x.t, p.t, kB.t, o.t), ACLNN_ERR_PARAM_INVALID, "k.size(0)");
    {
        int64_t shp[2] = {2, 3}, st[2] = {3, 1}, stor[2] = {2, 3};
        aclTensor *nz = aclCreateTensor(shp, 2, ACL_FLOAT, st, 0, ACL_FORMAT_NC1HWC0, stor, 2, o.dev);
        ExpectError("out NC1HWC0", Stage1(x.t, p.t, k.t, nz), ACLNN_ERR_PARAM_INVALID, "format");
        aclDestroyTensor(nz);
    }
    printf("rows checked %d, skipped %d\n", g_rows_checked, g_rows_skipped);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
