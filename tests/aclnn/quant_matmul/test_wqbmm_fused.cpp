// The fused route of aclnnWeightQuantBatchMatmulV2 (one GEMM launch whose B packer dequantises the
// INT8 / INT4 weight, no workspace) against the two-launch route it replaces (WeightAntiquant into
// an FP32 workspace + CubeGemm, forced with ACLEMU_WQBMM_FUSED=0; =1 forces the fused route where
// the planner would keep the two-launch one for plans with several M tiles): outputs bit for bit equal, for
// FP16 / BF16 x, INT8 / INT4 weights stored (k, n) and (n, k), per-tensor / per-channel / per-group
// scales with and without offset, bias, K split into chunks whose 16-k blocks straddle group
// boundaries, N tails, under each microkernel ISA (the plan is made at stage 1, in this process).
// Both are also checked against an independent double reference (the doc's formula with the
// vector unit's rounding) within the ops-nn standard; the fused route asks for no workspace.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"

enum { P_TENSOR = 0, P_CHANNEL = 1, P_GROUP = 2 };

static void Case(aclrtStream stream, aclDataType xdt, aclDataType wdt, bool nk, int pm, bool with_off, bool with_bias,
                 int64_t m, int64_t k, int64_t n)
{
    const int64_t G = 64;
    const bool i4 = wdt == ACL_INT4;
    std::vector<double> x = QuantAll(xdt, RandomValues(m * k, 7 + m, 0.5));
    Lcg rng(1234 + k + n + pm);
    std::vector<int> w(k * n);
    for (int &v : w) v = i4 ? -8 + (int)(rng.uniform() * 16) % 16 : -128 + (int)(rng.uniform() * 256) % 256;
    const int64_t R = pm == P_GROUP ? (k + G - 1) / G : 1, C = pm == P_TENSOR ? 1 : n;
    std::vector<double> sc(R * C), of(R * C), bias(n);
    for (auto &v : sc) v = Quant(xdt, 0.003 + 0.01 * rng.uniform());
    for (auto &v : of) v = Quant(xdt, std::round(rng.uniform() * 8 - 4) + 0.37);
    for (auto &v : bias) v = Quant(xdt, rng.uniform() - 0.5);
    std::vector<double> golden(m * n, 0.0);
    for (int64_t mm = 0; mm < m; mm++)
        for (int64_t nn = 0; nn < n; nn++) {
            double acc = 0;
            for (int64_t kk = 0; kk < k; kk++) {
                int64_t p = (pm == P_GROUP ? kk / G : 0) * C + (C == 1 ? 0 : nn);
                double wv = w[kk * n + nn];
                if (xdt == ACL_FLOAT16) {
                    if (with_off) wv = Quant(xdt, wv + of[p]);
                    wv = Quant(xdt, wv * sc[p]);
                } else {
                    wv = Quant(xdt, (float)((float)(with_off ? wv + of[p] : wv) * (float)sc[p]));
                }
                acc += x[mm * k + kk] * wv;
            }
            golden[mm * n + nn] = acc + (with_bias ? bias[nn] : 0.0);
        }
    std::vector<unsigned char> bytes(i4 ? (k * n + 1) / 2 : k * n, 0);
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t nn = 0; nn < n; nn++) {
            int64_t e = nk ? nn * k + kk : kk * n + nn;
            if (i4)
                bytes[e / 2] |= (unsigned char)((w[kk * n + nn] & 0xf) << (e % 2 ? 4 : 0));
            else
                bytes[e] = (unsigned char)(int8_t)w[kk * n + nn];
        }
    RawTensor tw;
    DevTensor tx, ts, to, tb, ty;
    std::vector<int64_t> pshape = pm == P_GROUP ? std::vector<int64_t>{R, n} : std::vector<int64_t>{C};
    bool ok = tw.Init(wdt, {k, n}, nk ? std::vector<int64_t>{1, k} : std::vector<int64_t>{n, 1}, bytes, ACL_FORMAT_ND,
                      nk ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n}) &&
              tx.Init(xdt, {m, k}, x, CONTIG) && ts.Init(xdt, pshape, sc, CONTIG) && to.Init(xdt, pshape, of, CONTIG) &&
              tb.Init(xdt, {n}, bias, CONTIG) && ty.Init(xdt, {m, n}, {}, CONTIG);
    EXPECT(ok, "setup failed");
    if (!ok) return;
    const int group = pm == P_GROUP ? (int)G : 0;
    std::string what = std::string("WQBMM V2 ") + DtName(xdt) + (i4 ? " int4" : " int8") + (nk ? " (n,k)" : " (k,n)") +
                       (pm == P_GROUP ? " group" : pm == P_CHANNEL ? " channel" : " tensor") + (with_off ? " off" : "") +
                       (with_bias ? " bias" : "") + " " + std::to_string(m) + "x" + std::to_string(k) + "x" +
                       std::to_string(n);
    { // default route: fused (no workspace) for these short x (one tile along M)
        unsetenv("ACLEMU_WQBMM_FUSED");
        uint64_t ws = 1;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(tx.t, tw.t, ts.t, with_off ? to.t : nullptr, nullptr, nullptr,
                                                               with_bias ? tb.t : nullptr, group, ty.t, &ws, &ex);
        EXPECT(rc == 0 && ws == 0, "%s: default route rc %d workspace %llu", what.c_str(), rc, (unsigned long long)ws);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
    }
    std::vector<double> out[2];
    for (int fused = 1; fused >= 0; fused--) {
        setenv("ACLEMU_WQBMM_FUSED", fused ? "1" : "0", 1); // 1: fused even with several M tiles
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(tx.t, tw.t, ts.t, with_off ? to.t : nullptr, nullptr, nullptr,
                                                               with_bias ? tb.t : nullptr, group, ty.t, &ws, &ex);
        EXPECT(rc == 0, "%s: stage 1 failed (%d)", what.c_str(), rc);
        if (rc) return;
        EXPECT(fused ? ws == 0 : ws >= (uint64_t)(k * n * 4), "%s: fused %d workspace %llu", what.c_str(), fused,
               (unsigned long long)ws);
        void *wsp = nullptr;
        if (ws) aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        rc = aclnnWeightQuantBatchMatmulV2(wsp, ws, ex, stream);
        if (!rc) rc = aclrtSynchronizeStream(stream);
        if (wsp) aclrtFree(wsp);
        EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
        if (rc) return;
        out[fused] = ty.Read();
        CheckDtype((what + (fused ? " fused" : " two-launch")).c_str(), xdt, out[fused], golden);
    }
    unsetenv("ACLEMU_WQBMM_FUSED");
    size_t diff = 0;
    for (size_t i = 0; i < out[0].size(); i++)
        if (memcmp(&out[0][i], &out[1][i], sizeof(double))) diff++;
    EXPECT(diff == 0, "%s: %zu of %zu outputs differ from the two-launch route", what.c_str(), diff, out[0].size());
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    struct Shape { int64_t m, k, n; } shapes[] = {{5, 1000, 100}, {17, 96, 130}, {1, 200, 50}};
    const char *isas[] = {"", "avx2", "scalar"};
    int c = 0;
    for (const char *isa : isas) {
        if (*isa) setenv("ACLEMU_ISA", isa, 1);
        else unsetenv("ACLEMU_ISA");
        for (aclDataType xdt : {ACL_FLOAT16, ACL_BF16})
            for (aclDataType wdt : {ACL_INT8, ACL_INT4})
                for (int nk = 0; nk < 2; nk++)
                    for (int pm = 0; pm < 3; pm++)
                        for (const Shape &s : shapes) {
                            c++;
                            if (*isa && c % 3) continue; // fewer cases off the host's best ISA
                            Case(rt.stream, xdt, wdt, nk, pm, (c + pm) % 2 == 0, c % 3 != 1, s.m, s.k, s.n);
                        }
    }
    unsetenv("ACLEMU_ISA");
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
