// aclnnQuantMatmul (FP32 scalar deqScale, cut to FP19) and aclnnQuantMatmulV2 (UINT64 quant
// parameters, align(n, 16) of them; adjX1 / adjX2): out = (x1 @ x2 + bias) * deqScale in FP32,
// rounded once to FLOAT16, compared bit for bit with a reference written here (exact INT32 sums);
// an empty k gives zeros; validation paths (nulls are ACLNN_ERR_INNER_NULLPTR in this op_api);
// the 310P is refused at run time.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_quant_matmul.h"

static void Case(aclrtStream stream, int version, int64_t B, int64_t m, int64_t k, int64_t n, bool adj1, bool adj2, bool with_bias)
{
    Lcg rng(7 + m + k + n);
    int64_t nb = B ? B : 1;
    std::vector<int> x1(nb * m * k), x2(nb * k * n), bias(n);
    for (auto &v : x1) v = -128 + (int)(rng.uniform() * 256) % 256;
    for (auto &v : x2) v = -128 + (int)(rng.uniform() * 256) % 256;
    for (auto &v : bias) v = (int)(rng.uniform() * 4000) - 2000;
    std::vector<float> sc(n);
    for (auto &v : sc) v = (float)(0.0005 + 0.002 * rng.uniform());
    float deq = 0.00123f;
    std::vector<double> golden(nb * m * n), x1d, x2d, bd(bias.begin(), bias.end());
    for (int64_t b = 0; b < nb; b++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                int64_t acc = with_bias ? bias[j] : 0;
                for (int64_t kk = 0; kk < k; kk++) acc += (int64_t)x1[(b * m + i) * k + kk] * x2[(b * k + kk) * n + j];
                float s = BitsFloat(FloatBits(version == 1 ? deq : sc[j]) & 0xFFFFE000u);
                golden[(b * m + i) * n + j] = Quant(ACL_FLOAT16, (float)(int32_t)acc * s);
            }
    // logical values into (possibly transposed) contiguous storage: x1 (b, m, k) or (b, k, m)
    for (int64_t b = 0; b < nb; b++) {
        for (int64_t r = 0; r < (adj1 ? k : m); r++) for (int64_t c = 0; c < (adj1 ? m : k); c++)
            x1d.push_back(adj1 ? x1[(b * m + c) * k + r] : x1[(b * m + r) * k + c]);
        for (int64_t r = 0; r < (adj2 ? n : k); r++) for (int64_t c = 0; c < (adj2 ? k : n); c++)
            x2d.push_back(adj2 ? x2[(b * k + c) * n + r] : x2[(b * k + r) * n + c]);
    }
    std::vector<int64_t> s1 = {adj1 ? k : m, adj1 ? m : k}, s2 = {adj2 ? n : k, adj2 ? k : n}, so = {m, n};
    if (B) { s1.insert(s1.begin(), B); s2.insert(s2.begin(), B); so.insert(so.begin(), B); }
    DevTensor t1, t2, tb, to;
    RawTensor tq;
    std::vector<uint64_t> params((n + 15) / 16 * 16, 0);
    for (int64_t j = 0; j < n; j++) params[j] = RefParam(FloatBits(sc[j]), 0);
    bool ok = t1.Init(ACL_INT8, s1, x1d, CONTIG) && t2.Init(ACL_INT8, s2, x2d, CONTIG) && tb.Init(ACL_INT32, {n}, bd, CONTIG) &&
              to.Init(ACL_FLOAT16, so, {}, STRIDED, 0) && tq.Init(ACL_UINT64, {(int64_t)params.size()}, {1}, U64Bytes(params));
    EXPECT(ok, "setup failed");
    if (!ok) return;
    int rc;
    if (version == 1)
        rc = Run("QuantMatmul", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnQuantMatmulGetWorkspaceSize(t1.t, t2.t, with_bias ? tb.t : nullptr, deq, to.t, ws, e); }, aclnnQuantMatmul);
    else
        rc = Run("QuantMatmulV2", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnQuantMatmulV2GetWorkspaceSize(t1.t, t2.t, with_bias ? tb.t : nullptr, tq.t, adj1, adj2, to.t, ws, e); },
            aclnnQuantMatmulV2);
    EXPECT(rc == 0, "V%d %lldx%lldx%lld: run failed", version, (long long)m, (long long)k, (long long)n);
    if (rc) return;
    std::vector<double> got = to.Read();
    size_t bad = 0;
    for (size_t i = 0; i < got.size(); i++) bad += got[i] != golden[i];
    EXPECT(bad == 0, "V%d %lldx%lldx%lld adj %d%d: %zu of %zu differ", version, (long long)m, (long long)k, (long long)n,
           adj1, adj2, bad, got.size());
    EXPECT(to.CountClobbered(0) == 0, "V%d: wrote outside out's view", version);
}

static void TestValidation(bool is310p)
{
    DevTensor x1, x2, b32, out, x1b, x2b, outb, x1e, x2e, oute, be;
    RawTensor q, q20;
    if (!x1.Init(ACL_INT8, {4, 32}, {}, CONTIG) || !x2.Init(ACL_INT8, {32, 20}, {}, CONTIG) || !b32.Init(ACL_INT32, {20}, {}, CONTIG) ||
        !out.Init(ACL_FLOAT16, {4, 20}, {}, CONTIG) || !x1b.Init(ACL_INT8, {2, 4, 32}, {}, CONTIG) ||
        !x2b.Init(ACL_INT8, {3, 32, 20}, {}, CONTIG) || !outb.Init(ACL_FLOAT16, {2, 4, 20}, {}, CONTIG) ||
        !q.Init(ACL_UINT64, {32}, {1}, std::vector<unsigned char>(256, 0)) || !q20.Init(ACL_UINT64, {20}, {1}, std::vector<unsigned char>(160, 0)))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    if (is310p) {
        EXPECT(aclnnQuantMatmulGetWorkspaceSize(x1.t, x2.t, b32.t, 0.5f, out.t, &ws, &ex) == 361001, "310P: not refused with 361001");
        return;
    }
    ExpectError("V1 null x1", aclnnQuantMatmulGetWorkspaceSize(nullptr, x2.t, nullptr, 0.5f, out.t, &ws, &ex), 561103, "x1");
    ExpectError("V2 null deqScale", aclnnQuantMatmulV2GetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, false, false, out.t, &ws, &ex),
                561103, "deqScale");
    ExpectError("V2 deqScale 20", aclnnQuantMatmulV2GetWorkspaceSize(x1.t, x2.t, nullptr, q20.t, false, false, out.t, &ws, &ex),
                161002, "deqScale shape");
    ExpectError("V1 int32 out", aclnnQuantMatmulGetWorkspaceSize(x1.t, x2.t, nullptr, 0.5f, b32.t, &ws, &ex), 161002, "out");
    ExpectError("V1 batch 2 vs 3", aclnnQuantMatmulGetWorkspaceSize(x1b.t, x2b.t, nullptr, 0.5f, outb.t, &ws, &ex), 161002,
                "batch-dim");
    ExpectError("V1 2-d x 3-d", aclnnQuantMatmulGetWorkspaceSize(x1.t, x2b.t, nullptr, 0.5f, outb.t, &ws, &ex), 161002, "dim-num");
    if (x1e.Init(ACL_INT8, {4, 0}, {}, CONTIG) && x2e.Init(ACL_INT8, {0, 20}, {}, CONTIG))
        ExpectError("V1 k 0 with bias", aclnnQuantMatmulGetWorkspaceSize(x1e.t, x2e.t, b32.t, 0.5f, out.t, &ws, &ex), 161002,
                    "k(reduce)");
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) {
        Case(rt.stream, 1, 2, 9, 40, 20, false, false, true);
        Case(rt.stream, 1, 0, 30, 77, 50, false, false, false);
        Case(rt.stream, 2, 0, 13, 64, 40, false, true, true);
        Case(rt.stream, 2, 3, 6, 33, 17, true, false, false);
        Case(rt.stream, 1, 0, 5, 0, 9, false, false, false); // empty k: zeros
    }
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
