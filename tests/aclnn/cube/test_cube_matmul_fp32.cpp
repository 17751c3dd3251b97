// aclnnMatmulFp32 (experimental sample, A2): out = op(a) @ op(b) + bias in FLOAT32, against a double
// reference (FP32 accumulation: relative error within K * 2^-23 of the sum of |terms|), with
// transposes (column-major views), strided views, K = 0 (out = bias); then the validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_matmul_fp32.h"

static void RunCase(aclrtStream stream, int64_t m, int64_t k, int64_t n, bool t1, bool t2, Layout la)
{
    std::vector<double> a = RandomValues((size_t)(m * k), 7 + m), b = RandomValues((size_t)(k * n), 9 + n),
                        bias = RandomValues((size_t)n, 3);
    for (auto *v : {&a, &b, &bias}) *v = QuantAll(ACL_FLOAT, *v);
    DevTensor ta, tb, tbias, to;
    // the API tensor of a transposed operand is (k, m) / (n, k): logical element (r, c) = a(c, r)
    std::vector<double> av((size_t)(m * k)), bv((size_t)(k * n));
    for (int64_t i = 0; i < m; i++)
        for (int64_t l = 0; l < k; l++) av[(size_t)(t1 ? l * m + i : i * k + l)] = a[(size_t)(i * k + l)];
    for (int64_t l = 0; l < k; l++)
        for (int64_t j = 0; j < n; j++) bv[(size_t)(t2 ? j * k + l : l * n + j)] = b[(size_t)(l * n + j)];
    if (!ta.Init(ACL_FLOAT, t1 ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k}, av, la) ||
        !tb.Init(ACL_FLOAT, t2 ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n}, bv, CONTIG) ||
        !tbias.Init(ACL_FLOAT, {n}, bias, CONTIG) || !to.Init(ACL_FLOAT, {m, n}, {}, STRIDED))
        return;
    int rc = Run("MatmulFp32", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnMatmulFp32GetWorkspaceSize(ta.t, tb.t, tbias.t, t1, t2, to.t, ws, e); }, aclnnMatmulFp32);
    EXPECT(rc == 0, "MatmulFp32 %lldx%lldx%lld failed", (long long)m, (long long)k, (long long)n);
    if (rc) return;
    std::vector<double> got = to.Read();
    size_t bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double s = bias[(size_t)j], mag = std::fabs(s);
            for (int64_t l = 0; l < k; l++) {
                s += a[(size_t)(i * k + l)] * b[(size_t)(l * n + j)];
                mag += std::fabs(a[(size_t)(i * k + l)] * b[(size_t)(l * n + j)]);
            }
            if (!(std::fabs(got[(size_t)(i * n + j)] - s) <= mag * (k + 2) * 1.2e-7) && bad++ < 3)
                printf("  [%lld, %lld]: got %.9g want %.9g\n", (long long)i, (long long)j, got[(size_t)(i * n + j)], s);
        }
    EXPECT(bad == 0, "MatmulFp32 %lldx%lldx%lld t%d%d: %zu differ", (long long)m, (long long)k, (long long)n, t1, t2, bad);
    EXPECT(to.CountClobbered() == 0, "MatmulFp32 wrote outside out's view");
}

static void TestValidation()
{
    DevTensor a, b, bias, out, ah, a3, bk, bias2, outbad;
    if (!a.Init(ACL_FLOAT, {4, 8}, {}, CONTIG) || !b.Init(ACL_FLOAT, {8, 5}, {}, CONTIG) || !bias.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !out.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !ah.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) ||
        !a3.Init(ACL_FLOAT, {1, 4, 8}, {}, CONTIG) || !bk.Init(ACL_FLOAT, {7, 5}, {}, CONTIG) ||
        !bias2.Init(ACL_FLOAT, {6}, {}, CONTIG) || !outbad.Init(ACL_FLOAT, {4, 6}, {}, CONTIG))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto S = [&](aclTensor *x, aclTensor *y, aclTensor *bi, aclTensor *o) {
        return aclnnMatmulFp32GetWorkspaceSize(x, y, bi, false, false, o, &ws, &ex); };
    auto T = [&](const char *what, int got, const char *needle) {
        const char *m = aclGetRecentErrMsg();
        std::string msg = m ? m : "";
        EXPECT(got == 561002 && msg.find(needle) != std::string::npos, "%s: %d %s", what, got, msg.c_str());
    };
    ExpectError("null a", S(nullptr, b.t, bias.t, out.t), 161001, "a");
    ExpectError("null out", S(a.t, b.t, bias.t, nullptr), 161001, "out");
    ExpectError("fp16 a", S(ah.t, b.t, bias.t, out.t), 161002, "a");
    T("no bias", S(a.t, b.t, nullptr, out.t), "invalid");
    T("3-d a", S(a3.t, b.t, bias.t, out.t), "dimensions");
    T("k 8 vs 7", S(a.t, bk.t, bias.t, out.t), "k");
    T("bias (6)", S(a.t, b.t, bias2.t, out.t), "bias");
    T("out (4, 6)", S(a.t, b.t, bias.t, outbad.t), "out");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    RunCase(rt.stream, 13, 40, 21, false, false, CONTIG);
    RunCase(rt.stream, 7, 33, 65, true, false, CONTIG);
    RunCase(rt.stream, 30, 17, 9, false, true, STRIDED);
    RunCase(rt.stream, 64, 128, 96, true, true, CONTIG);
    RunCase(rt.stream, 5, 0, 6, false, false, CONTIG);
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
