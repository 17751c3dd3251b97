// aclnnOptimizedTransducer (ops-nn experimental/optim/optimized_transducer): loss and grad against a
// double reference written here (the RNN-T forward-backward over the T x U lattice in log space, the
// gradient with respect to the logits: softmax * exp(alpha + beta - logP) less the blank / target
// transitions; unfused: only the blank / target entries with respect to the log-probabilities),
// clamp, sequences shorter than the padded lattice (untouched grad cells), FLOAT16 by the accuracy
// standard; the generated checks and the shape refusals with codes and messages; 310P / 950: no
// kernel (361001).
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_optimized_transducer.h"

static aclrtStream g_stream = nullptr;

static double LogAdd(double a, double b)
{
    double m = std::max(a, b);
    return m + std::log(std::exp(a - m) + std::exp(b - m));
}

static void Case(const char *name, aclDataType dt, int64_t B, int64_t MT, int64_t MU, int64_t V, int64_t blank,
                 double clamp, bool fused, bool reqGrad, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<double> lg = QuantAll(dt, RandomValues((size_t)(B * MT * MU * V), seed, 0.6));
    std::vector<double> tg((size_t)(B * (MU - 1))), tl((size_t)B), ul((size_t)B);
    const int64_t bl = blank >= 0 ? blank : V + blank;
    if (!fused) // log-probabilities in: a log_softmax of the values
        for (int64_t c = 0; c < B * MT * MU; c++) {
            double m = -1e300, s = 0;
            for (int64_t k = 0; k < V; k++) m = std::max(m, lg[(size_t)(c * V + k)]);
            for (int64_t k = 0; k < V; k++) s += std::exp(lg[(size_t)(c * V + k)] - m);
            for (int64_t k = 0; k < V; k++) lg[(size_t)(c * V + k)] = Quant(dt, lg[(size_t)(c * V + k)] - m - std::log(s));
        }
    for (int64_t b = 0; b < B; b++) {
        tl[(size_t)b] = (double)(b == 0 ? MT : 1 + (int64_t)(rng.uniform() * (double)MT));
        ul[(size_t)b] = (double)(b == 0 ? MU - 1 : (int64_t)(rng.uniform() * (double)MU));
        for (int64_t u = 0; u < MU - 1; u++) {
            int64_t y;
            do y = (int64_t)(rng.uniform() * (double)V); while (y == bl);
            tg[(size_t)(b * (MU - 1) + u)] = (double)y;
        }
    }
    DevTensor tL, tT, tTl, tUl, tLoss, tG;
    const double fill = 5.0;
    if (!tL.Init(dt, {B, MT, MU, V}, lg, CONTIG) || !tT.Init(ACL_INT32, {B, MU - 1}, tg, CONTIG) ||
        !tTl.Init(ACL_INT32, {B}, tl, CONTIG) || !tUl.Init(ACL_INT32, {B}, ul, CONTIG) ||
        !tLoss.Init(dt, {B}, {}, CONTIG) || !tG.Init(dt, {B, MT, MU, V}, {}, CONTIG, fill)) {
        EXPECT(false, "%s: tensors", name);
        return;
    }
    int r = Run("aclnnOptimizedTransducer", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnOptimizedTransducerGetWorkspaceSize(tL.t, tT.t, tTl.t, tUl.t, blank, clamp, fused, reqGrad,
                                                                    tLoss.t, tG.t, ws, ex);
                },
                aclnnOptimizedTransducer);
    EXPECT(r == 0, "%s: run %d", name, r);
    if (r) return;
    std::vector<double> wantLoss((size_t)B), wantG((size_t)(B * MT * MU * V), Quant(dt, fill));
    for (int64_t b = 0; b < B; b++) {
        const int64_t T = (int64_t)tl[(size_t)b], U = (int64_t)ul[(size_t)b] + 1;
        auto L = [&](int64_t t, int64_t u, int64_t k) { return lg[(size_t)(((b * MT + t) * MU + u) * V + k)]; };
        std::vector<double> den((size_t)(T * U), 0), pb((size_t)(T * U)), pe((size_t)(T * U), 0), al((size_t)(T * U)),
            be((size_t)(T * U));
        for (int64_t t = 0; t < T; t++)
            for (int64_t u = 0; u < U; u++) {
                double d = 0;
                if (fused) {
                    double m = -1e300, s = 0;
                    for (int64_t k = 0; k < V; k++) m = std::max(m, L(t, u, k));
                    for (int64_t k = 0; k < V; k++) s += std::exp(L(t, u, k) - m);
                    d = m + std::log(s);
                }
                den[(size_t)(t * U + u)] = d;
                pb[(size_t)(t * U + u)] = L(t, u, bl) - d;
                if (u < U - 1) pe[(size_t)(t * U + u)] = L(t, u, (int64_t)tg[(size_t)(b * (MU - 1) + u)]) - d;
            }
        for (int64_t t = 0; t < T; t++)
            for (int64_t u = 0; u < U; u++) {
                double v;
                if (!t && !u) v = 0;
                else if (!u) v = al[(size_t)((t - 1) * U)] + pb[(size_t)((t - 1) * U)];
                else if (!t) v = al[(size_t)(u - 1)] + pe[(size_t)(u - 1)];
                else v = LogAdd(al[(size_t)((t - 1) * U + u)] + pb[(size_t)((t - 1) * U + u)],
                                al[(size_t)(t * U + u - 1)] + pe[(size_t)(t * U + u - 1)]);
                al[(size_t)(t * U + u)] = v;
            }
        for (int64_t t = T - 1; t >= 0; t--)
            for (int64_t u = U - 1; u >= 0; u--) {
                const size_t c = (size_t)(t * U + u);
                double v;
                if (t == T - 1 && u == U - 1) v = pb[c];
                else if (u == U - 1) v = be[c + (size_t)U] + pb[c];
                else if (t == T - 1) v = be[c + 1] + pe[c];
                else v = LogAdd(be[c + (size_t)U] + pb[c], be[c + 1] + pe[c]);
                be[c] = v;
            }
        const double logP = be[0];
        wantLoss[(size_t)b] = -logP;
        if (!reqGrad) continue;
        for (int64_t t = 0; t < T; t++)
            for (int64_t u = 0; u < U; u++) {
                const size_t c = (size_t)(t * U + u);
                const int64_t y = u < U - 1 ? (int64_t)tg[(size_t)(b * (MU - 1) + u)] : -1;
                double *g = &wantG[(size_t)(((b * MT + t) * MU + u) * V)];
                // a blank leaves the lattice only from the last cell
                const bool hasBlank = t < T - 1 || u == U - 1;
                double nb = t < T - 1 ? be[c + (size_t)U] : 0, ab = al[c] - logP;
                if (fused) {
                    for (int64_t k = 0; k < V; k++) g[k] = std::exp(L(t, u, k) - den[c] + al[c] + be[c] - logP);
                    if (hasBlank) g[bl] -= std::exp(pb[c] + ab + nb);
                    if (y >= 0) g[y] -= std::exp(pe[c] + ab + be[c + 1]);
                    if (clamp > 0)
                        for (int64_t k = 0; k < V; k++) g[k] = std::min(std::max(g[k], -clamp), clamp);
                } else {
                    if (hasBlank) g[bl] = -std::exp(pb[c] + ab + nb);
                    if (y >= 0) g[y] = -std::exp(pe[c] + ab + be[c + 1]);
                    if (clamp >= 0) {
                        if (hasBlank) g[bl] = std::max(g[bl], -clamp);
                        if (y >= 0) g[y] = std::max(g[y], -clamp);
                    }
                }
                for (int64_t k = 0; k < V; k++) g[k] = Quant(dt, g[k]);
            }
    }
    std::string n1 = std::string(name) + " loss", n2 = std::string(name) + " grad";
    CheckDtype(n1.c_str(), dt, tLoss.Read(), QuantAll(dt, wantLoss));
    if (reqGrad) CheckDtype(n2.c_str(), dt, tG.Read(), wantG);
    else {
        std::vector<double> g = tG.Read();
        bool same = true;
        for (double v : g) same = same && v == fill;
        EXPECT(same, "%s: grad written without requiresGrad", name);
    }
}

static void Validation()
{
    DevTensor l, t, tl, ul, loss, g, l16, t64, tl16, loss16, g16, l3, tBad, tlBad, lossBad, gBad;
    if (!l.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) || !t.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !tl.Init(ACL_INT32, {2}, {}, CONTIG) || !ul.Init(ACL_INT32, {2}, {}, CONTIG) || !loss.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !g.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) || !l16.Init(ACL_BF16, {2, 3, 4, 5}, {}, CONTIG) ||
        !t64.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !tl16.Init(ACL_INT64, {2}, {}, CONTIG) ||
        !loss16.Init(ACL_FLOAT16, {2}, {}, CONTIG) || !g16.Init(ACL_FLOAT16, {2, 3, 4, 5}, {}, CONTIG) ||
        !l3.Init(ACL_FLOAT, {2, 12, 5}, {}, CONTIG) || !tBad.Init(ACL_INT32, {2, 4}, {}, CONTIG) ||
        !tlBad.Init(ACL_INT32, {3}, {}, CONTIG) || !lossBad.Init(ACL_FLOAT, {2, 1}, {}, CONTIG) ||
        !gBad.Init(ACL_FLOAT, {2, 3, 4, 6}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, int64_t blank,
                  const aclTensor *e, const aclTensor *f) {
        return aclnnOptimizedTransducerGetWorkspaceSize(a, b, c, d, blank, -1.0, true, true, e, f, &ws, &ex);
    };
    ExpectError("null logits", S1(nullptr, t.t, tl.t, ul.t, 0, loss.t, g.t), 161001, "logits");
    ExpectError("null targets", S1(l.t, nullptr, tl.t, ul.t, 0, loss.t, g.t), 161001, "targets");
    ExpectError("null logitLengths", S1(l.t, t.t, nullptr, ul.t, 0, loss.t, g.t), 161001, "logitLengths");
    ExpectError("null targetLengths", S1(l.t, t.t, tl.t, nullptr, 0, loss.t, g.t), 161001, "targetLengths");
    ExpectError("null loss", S1(l.t, t.t, tl.t, ul.t, 0, nullptr, g.t), 161001, "loss");
    ExpectError("null grad", S1(l.t, t.t, tl.t, ul.t, 0, loss.t, nullptr), 161001, "grad");
    ExpectError("logits bf16", S1(l16.t, t.t, tl.t, ul.t, 0, loss.t, g.t), 161002, "logits");
    ExpectError("targets int64", S1(l.t, t64.t, tl.t, ul.t, 0, loss.t, g.t), 161002, "targets");
    ExpectError("lengths int64", S1(l.t, t.t, tl16.t, ul.t, 0, loss.t, g.t), 161002, "logitLengths");
    ExpectError("loss fp16", S1(l.t, t.t, tl.t, ul.t, 0, loss16.t, g.t), 161002, "loss");
    ExpectError("grad fp16", S1(l.t, t.t, tl.t, ul.t, 0, loss.t, g16.t), 161002, "grad");
    ExpectError("logits 3-D", S1(l3.t, t.t, tl.t, ul.t, 0, loss.t, g.t), 561002, "[B, maxT, maxU, V]");
    ExpectError("targets shape", S1(l.t, tBad.t, tl.t, ul.t, 0, loss.t, g.t), 561002, "targets");
    ExpectError("lengths shape", S1(l.t, t.t, tlBad.t, ul.t, 0, loss.t, g.t), 561002, "logitLengths");
    ExpectError("loss shape", S1(l.t, t.t, tl.t, ul.t, 0, lossBad.t, g.t), 561002, "loss");
    ExpectError("grad shape", S1(l.t, t.t, tl.t, ul.t, 0, loss.t, gBad.t), 561002, "grad");
    ExpectError("blank", S1(l.t, t.t, tl.t, ul.t, 5, loss.t, g.t), 561002, "blank");
    ExpectError("blank negative", S1(l.t, t.t, tl.t, ul.t, -6, loss.t, g.t), 561002, "blank");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && (std::string(chip) == "310p" || std::string(chip) == "950")) {
        DevTensor l, t, tl, ul, loss, g;
        if (!l.Init(ACL_FLOAT, {1, 2, 2, 3}, {}, CONTIG) || !t.Init(ACL_INT32, {1, 1}, {}, CONTIG) ||
            !tl.Init(ACL_INT32, {1}, {}, CONTIG) || !ul.Init(ACL_INT32, {1}, {}, CONTIG) ||
            !loss.Init(ACL_FLOAT, {1}, {}, CONTIG) || !g.Init(ACL_FLOAT, {1, 2, 2, 3}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnOptimizedTransducerGetWorkspaceSize(l.t, t.t, tl.t, ul.t, 0, -1.0, true, true, loss.t, g.t, &ws, &ex);
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip, r, aclGetRecentErrMsg());
    } else {
        Case("fp32 fused", ACL_FLOAT, 4, 6, 5, 12, 0, -1.0, true, true, 1);
        Case("fp32 fused blank -1 clamp", ACL_FLOAT, 3, 5, 7, 9, -1, 0.05, true, true, 2);
        Case("fp16 fused", ACL_FLOAT16, 5, 4, 4, 16, 0, -1.0, true, true, 3);
        Case("fp32 log-probs", ACL_FLOAT, 3, 6, 4, 8, 2, -1.0, false, true, 4);
        Case("fp32 log-probs clamp", ACL_FLOAT, 2, 5, 5, 7, 0, 0.1, false, true, 5);
        Case("fp32 no grad", ACL_FLOAT, 60, 3, 3, 5, 0, -1.0, true, false, 6);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
