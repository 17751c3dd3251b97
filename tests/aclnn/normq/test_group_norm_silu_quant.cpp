// aclnnGroupNormSiluQuant (ops-nn norm/group_norm_silu_quant): GroupNorm over (N, group) rows,
// SiLU, then out = round(silu / quantScale) (one scale or one per channel) as INT8, with
// meanOut / rstdOut in self's dtype; checked against a double reference written here (A2 / A3: the
// code of the FP16 value, as the kernel casts; codes may differ by one step in at most 1% of the
// elements (+2): FP32 statistics against double ones), absent gamma / beta (1 / 0), strided views, an empty HxW (meanOut 0, rstdOut NaN), the
// op_api's check order with its codes and messages, and the 310P refusal (361001).
#include "aclnnop/aclnn_group_norm_silu_quant.h"
#include "normq_util.h"

static aclrtStream g_stream;

struct Case {
    aclDataType dt;
    std::vector<int64_t> x; // (N, C, ...)
    int64_t group;
    bool perChannel, hasGamma, hasBeta;
    Layout xl;
    uint64_t seed;
};

static int Stage1(const aclTensor *x, const aclTensor *g, const aclTensor *b, const aclTensor *qs, int64_t group,
                  double eps, bool silu, aclTensor *out, aclTensor *mean, aclTensor *rstd, aclOpExecutor **ex)
{
    uint64_t ws = 0;
    return aclnnGroupNormSiluQuantGetWorkspaceSize(x, g, b, qs, group, eps, silu, out, mean, rstd, &ws, ex);
}

static void RunCase(const Case &c)
{
    const int64_t N = c.x[0], C = c.x[1], n = GetShapeSize(c.x), HxW = n / (N * C), G = c.group, cpg = C / G;
    auto xv = QuantAll(c.dt, RandomValues((size_t)n, c.seed, 1.0));
    auto gv = QuantAll(c.dt, RandomValues((size_t)C, c.seed + 1, 0.4));
    auto bv = QuantAll(c.dt, RandomValues((size_t)C, c.seed + 2, 0.2));
    std::vector<double> qv((size_t)(c.perChannel ? C : 1));
    Lcg rng(c.seed + 3);
    for (auto &q : qv) q = (float)(0.004 + 0.03 * rng.uniform());
    DevTensor tx, tg, tb, tq, tout, tm, tr;
    if (!tx.Init(c.dt, c.x, xv, c.xl) || !tg.Init(c.dt, {C}, gv, CONTIG) || !tb.Init(c.dt, {C}, bv, CONTIG) ||
        !tq.Init(ACL_FLOAT, {(int64_t)qv.size()}, qv, CONTIG) || !tout.Init(ACL_INT8, c.x, {}, CONTIG, 0) ||
        !tm.Init(c.dt, {N, G}, {}, CONTIG, 0) || !tr.Init(c.dt, {N, G}, {}, STRIDED, 0)) {
        EXPECT(false, "tensors");
        return;
    }
    const double eps = 1e-5;
    int r = Run("aclnnGroupNormSiluQuant", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnGroupNormSiluQuantGetWorkspaceSize(tx.t, c.hasGamma ? tg.t : nullptr,
                                                                   c.hasBeta ? tb.t : nullptr, tq.t, G, eps, true,
                                                                   tout.t, tm.t, tr.t, ws, e);
                },
                aclnnGroupNormSiluQuant);
    EXPECT(r == 0, "%s %lld x %lld x %lld group %lld: run %d", DtName(c.dt), (long long)N, (long long)C,
           (long long)HxW, (long long)G, r);
    if (r) return;
    auto out = tout.Read(), mo = tm.Read(), ro = tr.Read();
    int64_t bad = 0, off1 = 0, badStat = 0;
    const double stol = c.dt == ACL_BF16 ? 1e-2 : 2e-3;
    for (int64_t ni = 0; ni < N; ni++)
        for (int64_t g = 0; g < G; g++) {
            const int64_t base = (ni * C + g * cpg) * HxW, len = cpg * HxW;
            double mean = 0, var = 0;
            for (int64_t i = 0; i < len; i++) mean += xv[(size_t)(base + i)];
            mean /= (double)len;
            for (int64_t i = 0; i < len; i++) { double d = xv[(size_t)(base + i)] - mean; var += d * d; }
            var /= (double)len;
            double rstd = 1.0 / std::sqrt(var + eps);
            size_t si = (size_t)(ni * G + g);
            if (std::fabs(mo[si] - mean) > stol * (std::fabs(mean) + 0.05) || std::fabs(ro[si] - rstd) > stol * rstd)
                badStat++;
            for (int64_t i = 0; i < len; i++) {
                int64_t ch = g * cpg + i / HxW;
                double y = (xv[(size_t)(base + i)] - mean) * rstd * (c.hasGamma ? gv[(size_t)ch] : 1.0) +
                           (c.hasBeta ? bv[(size_t)ch] : 0.0);
                double s = y / (1.0 + std::exp(-y));
                double t = s / qv[c.perChannel ? (size_t)ch : 0];
                double ref = RintI8(CurrentChip() == C950 ? t : Quant(ACL_FLOAT16, t)); // A2 / A3: via FP16
                double d = std::fabs(out[(size_t)(base + i)] - ref);
                if (d > 1) bad++;
                else if (d == 1) off1++;
            }
        }
    EXPECT(bad == 0 && off1 <= n / 100 + 2 && badStat == 0,
           "%s %lld x %lld x %lld group %lld: %lld codes off by > 1, %lld by 1, %lld mean / rstd wrong", DtName(c.dt),
           (long long)N, (long long)C, (long long)HxW, (long long)G, (long long)bad, (long long)off1,
           (long long)badStat);
    EXPECT(tr.CountClobbered(0) == 0, "rstdOut view: storage outside it written");
}

static void EmptyCase()
{
    DevTensor x, q, out, m, r;
    if (!x.Init(ACL_FLOAT16, {2, 4, 0}, {}, CONTIG) || !q.Init(ACL_FLOAT, {1}, {0.1}, CONTIG) ||
        !out.Init(ACL_INT8, {2, 4, 0}, {}, CONTIG) || !m.Init(ACL_FLOAT16, {2, 2}, {}, CONTIG, 5) ||
        !r.Init(ACL_FLOAT16, {2, 2}, {}, CONTIG, 5)) {
        EXPECT(false, "empty tensors");
        return;
    }
    int rc = Run("aclnnGroupNormSiluQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **e) {
                     return aclnnGroupNormSiluQuantGetWorkspaceSize(x.t, nullptr, nullptr, q.t, 2, 1e-5, true, out.t,
                                                                    m.t, r.t, ws, e);
                 },
                 aclnnGroupNormSiluQuant);
    EXPECT(rc == 0, "empty HxW: run %d", rc);
    if (rc) return;
    auto mv = m.Read(), rv = r.Read();
    for (size_t i = 0; i < 4; i++)
        EXPECT(mv[i] == 0 && std::isnan(rv[i]), "empty HxW: meanOut[%zu] %g rstdOut %g (want 0 / NaN)", i, mv[i], rv[i]);
}

static void Validation()
{
    DevTensor x, g, q, out, m, r, x32, g32, q16, out16, m32, x1d, gBad, qBad, mBad, outBad, bBf;
    if (!x.Init(ACL_FLOAT16, {2, 4, 3}, {}, CONTIG) || !g.Init(ACL_FLOAT16, {4}, {}, CONTIG) ||
        !q.Init(ACL_FLOAT, {4}, {}, CONTIG) || !out.Init(ACL_INT8, {2, 4, 3}, {}, CONTIG) ||
        !m.Init(ACL_FLOAT16, {2, 2}, {}, CONTIG) || !r.Init(ACL_FLOAT16, {2, 2}, {}, CONTIG) ||
        !x32.Init(ACL_FLOAT, {2, 4, 3}, {}, CONTIG) || !g32.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !q16.Init(ACL_FLOAT16, {4}, {}, CONTIG) || !out16.Init(ACL_FLOAT16, {2, 4, 3}, {}, CONTIG) ||
        !m32.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) || !x1d.Init(ACL_FLOAT16, {8}, {}, CONTIG) ||
        !gBad.Init(ACL_FLOAT16, {3}, {}, CONTIG) || !qBad.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !mBad.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !outBad.Init(ACL_INT8, {2, 4, 2}, {}, CONTIG) ||
        !bBf.Init(ACL_BF16, {4}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    aclOpExecutor *ex = nullptr;
    const aclTensor *N = nullptr;
    ExpectError("null self", Stage1(N, g.t, g.t, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161001, "self");
    ExpectError("null quantScale", Stage1(x.t, g.t, g.t, N, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161001, "quantScale");
    ExpectError("null rstdOut", Stage1(x.t, g.t, g.t, q.t, 2, 1e-5, true, out.t, m.t, nullptr, &ex), 161001, "rstdOut");
    ExpectError("null before dtype", Stage1(x32.t, g.t, g.t, q.t, 2, 1e-5, true, out.t, nullptr, r.t, &ex), 161001, "meanOut");
    ExpectError("float self", Stage1(x32.t, g.t, g.t, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "self");
    ExpectError("float gamma", Stage1(x.t, g32.t, N, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "gamma");
    ExpectError("fp16 quantScale", Stage1(x.t, g.t, g.t, q16.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "quantScale");
    ExpectError("beta bf16, gamma fp16", Stage1(x.t, g.t, bBf.t, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "gamma");
    ExpectError("fp16 out", Stage1(x.t, g.t, g.t, q.t, 2, 1e-5, true, out16.t, m.t, r.t, &ex), 161002, "out");
    ExpectError("float meanOut", Stage1(x.t, g.t, g.t, q.t, 2, 1e-5, true, out.t, m32.t, r.t, &ex), 161002, "meanOut");
    ExpectError("dtype before shape", Stage1(x.t, g.t, g.t, q16.t, 2, 1e-5, true, outBad.t, m.t, r.t, &ex), 161002, "quantScale");
    ExpectError("self 1-D", Stage1(x1d.t, N, N, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "self");
    ExpectError("out shape", Stage1(x.t, g.t, g.t, q.t, 2, 1e-5, true, outBad.t, m.t, r.t, &ex), 161002, "out");
    ExpectError("meanOut shape", Stage1(x.t, g.t, g.t, q.t, 2, 1e-5, true, out.t, mBad.t, r.t, &ex), 161002, "meanOut");
    ExpectError("gamma shape", Stage1(x.t, gBad.t, N, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "Expected weight to be a vector");
    ExpectError("beta shape", Stage1(x.t, N, gBad.t, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "Expected bias to be a vector");
    ExpectError("quantScale shape", Stage1(x.t, g.t, g.t, qBad.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), 161002, "Expected quantScale to be a vector");
    ExpectError("shape before attr", Stage1(x.t, g.t, g.t, qBad.t, 2, -1.0, false, out.t, m.t, r.t, &ex), 161002, "quantScale");
    ExpectError("eps 0", Stage1(x.t, g.t, g.t, q.t, 2, 0.0, true, out.t, m.t, r.t, &ex), 161002, "Expected eps to be greater than 0");
    ExpectError("activateSilu false", Stage1(x.t, g.t, g.t, q.t, 2, 1e-5, false, out.t, m.t, r.t, &ex), 161002, "Expected activateSilu is TRUE");
    DevTensor m3, r3;
    if (!m3.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !r3.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG)) return;
    ExpectError("C % group", Stage1(x.t, g.t, g.t, q.t, 3, 1e-5, true, out.t, m3.t, r3.t, &ex), 161002, "divisible by group");
    DevTensor m0, r0;
    if (!m0.Init(ACL_FLOAT16, {2, 0}, {}, CONTIG) || !r0.Init(ACL_FLOAT16, {2, 0}, {}, CONTIG)) return;
    ExpectError("group 0", Stage1(x.t, g.t, g.t, q.t, 0, 1e-5, true, out.t, m0.t, r0.t, &ex), 161002, "Expected group to be greater than 0");
    ExpectOk("scalar quantScale, no gamma / beta", Stage1(x.t, N, N, q.t, 2, 1e-5, true, out.t, m.t, r.t, &ex), &ex);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (CurrentChip() == C310P) {
        DevTensor x, q, out, m;
        if (!x.Init(ACL_FLOAT16, {2, 4, 3}, {}, CONTIG) || !q.Init(ACL_FLOAT, {1}, {}, CONTIG) ||
            !out.Init(ACL_INT8, {2, 4, 3}, {}, CONTIG) || !m.Init(ACL_FLOAT16, {2, 2}, {}, CONTIG))
            return 1;
        aclOpExecutor *ex = nullptr;
        ExpectCode("310P", Stage1(x.t, nullptr, nullptr, q.t, 2, 1e-5, true, out.t, m.t, m.t, &ex), 361001,
                   "not implemented");
    } else {
        RunCase({ACL_FLOAT16, {2, 4, 4, 4}, 2, false, true, true, CONTIG, 1}); // like the example
        RunCase({ACL_BF16, {3, 6, 17}, 3, true, true, true, CONTIG, 2});
        RunCase({ACL_FLOAT16, {2, 8, 5, 3}, 4, true, false, false, STRIDED, 3});
        RunCase({ACL_BF16, {1, 32, 40, 40}, 8, false, true, false, CONTIG, 4});
        RunCase({ACL_FLOAT16, {5, 12}, 12, true, false, true, CONTIG, 5}); // rank 2, one channel a group
        EmptyCase();
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
