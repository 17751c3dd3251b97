// aclnnRecurrentGatedDeltaRule: per sequence and value head, S = e^g S, S += beta (v - S k) k^T,
// o = S (scale q), each token's state stored at its ssmStateIndices slot, the initial state read
// from the first token's slot (or the last accepted one's with numAcceptedTokens); GQA (two value
// heads per key head); with and without g; against a double reference. Bad device-side values
// (lengths not summing to T, an index past BlockNum) fail the launch. Validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_recurrent_gated_delta_rule.h"

static void Case(aclrtStream stream, bool with_g, bool with_accepted)
{
    const int64_t B = 2, T = 5, Nk = 2, Nv = 4, Dk = 8, Dv = 6, NB = 7;
    const std::vector<double> lens = {2, 3}, idx = {1, 2, 6, 3, 4}, acc = {2, 1};
    std::vector<double> q = QuantAll(ACL_BF16, RandomValues(T * Nk * Dk, 1, 0.5)), k = QuantAll(ACL_BF16, RandomValues(T * Nk * Dk, 2, 0.3)),
                        v = QuantAll(ACL_BF16, RandomValues(T * Nv * Dv, 3, 1.0)), beta(T * Nv), g(T * Nv),
                        st = QuantAll(ACL_BF16, RandomValues(NB * Nv * Dv * Dk, 4, 0.2));
    Lcg rng(9);
    for (auto &x : beta) x = Quant(ACL_BF16, rng.uniform());
    for (auto &x : g) x = (float)(-rng.uniform());
    const float scale = 1.0f / std::sqrt((float)Dk);
    std::vector<double> gold_out(T * Nv * Dv, 0.0), gold_state = st;
    int64_t t0 = 0;
    for (int64_t b = 0; b < B; b++) {
        int64_t t1 = t0 + (int64_t)lens[b];
        for (int64_t h = 0; h < Nv; h++) {
            int64_t hk = h / (Nv / Nk), init = (int64_t)idx[with_accepted ? t0 + (int64_t)acc[b] - 1 : t0];
            std::vector<double> S(Dv * Dk);
            for (int64_t i = 0; i < Dv * Dk; i++) S[i] = st[((init * Nv + h) * Dv) * Dk + i];
            for (int64_t t = t0; t < t1; t++) {
                double gm = with_g ? std::exp(g[t * Nv + h]) : 1.0, bt = beta[t * Nv + h];
                for (int64_t r = 0; r < Dv; r++) {
                    double kv = 0;
                    for (int64_t i = 0; i < Dk; i++) { S[r * Dk + i] *= gm; kv += S[r * Dk + i] * k[(t * Nk + hk) * Dk + i]; }
                    double d = (v[(t * Nv + h) * Dv + r] - kv) * bt, o = 0;
                    for (int64_t i = 0; i < Dk; i++) {
                        S[r * Dk + i] += d * k[(t * Nk + hk) * Dk + i];
                        o += S[r * Dk + i] * q[(t * Nk + hk) * Dk + i] * scale;
                    }
                    gold_out[(t * Nv + h) * Dv + r] = o;
                }
                int64_t dst = (int64_t)idx[t];
                for (int64_t i = 0; i < Dv * Dk; i++) gold_state[((dst * Nv + h) * Dv) * Dk + i] = S[i];
            }
        }
        t0 = t1;
    }
    DevTensor tq, tk, tv, tb, ts, tl, ti, tg, ta, to;
    if (!tq.Init(ACL_BF16, {T, Nk, Dk}, q, STRIDED) || !tk.Init(ACL_BF16, {T, Nk, Dk}, k, CONTIG) || !tv.Init(ACL_BF16, {T, Nv, Dv}, v, CONTIG) ||
        !tb.Init(ACL_BF16, {T, Nv}, beta, TRANSPOSED) || !ts.Init(ACL_BF16, {NB, Nv, Dv, Dk}, st, CONTIG) || !tl.Init(ACL_INT32, {B}, lens, CONTIG) ||
        !ti.Init(ACL_INT32, {T}, idx, CONTIG) || !tg.Init(ACL_FLOAT, {T, Nv}, g, CONTIG) || !ta.Init(ACL_INT32, {B}, acc, CONTIG) ||
        !to.Init(ACL_BF16, {T, Nv, Dv}, {}, STRIDED)) return;
    int rc = Run("RecurrentGatedDeltaRule", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(tq.t, tk.t, tv.t, tb.t, ts.t, tl.t, ti.t, with_g ? tg.t : nullptr, nullptr,
                                                            with_accepted ? ta.t : nullptr, scale, to.t, w, e); },
        aclnnRecurrentGatedDeltaRule);
    std::string what = std::string("RGDR") + (with_g ? " g" : "") + (with_accepted ? " accepted" : "");
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    CheckDtype((what + " out").c_str(), ACL_BF16, to.Read(), gold_out);
    CheckDtype((what + " state").c_str(), ACL_BF16, ts.Read(), gold_state);
}

static void TestBadValuesAndValidation(aclrtStream stream)
{
    const int64_t T = 3;
    DevTensor q, k, v, b, s, l, lbad, i, ibad, o, q16, gk, g16;
    if (!q.Init(ACL_BF16, {T, 1, 4}, {}, CONTIG) || !k.Init(ACL_BF16, {T, 1, 4}, {}, CONTIG) || !v.Init(ACL_BF16, {T, 2, 4}, {}, CONTIG) ||
        !b.Init(ACL_BF16, {T, 2}, {}, CONTIG) || !s.Init(ACL_BF16, {3, 2, 4, 4}, {}, CONTIG) || !l.Init(ACL_INT32, {1}, {3}, CONTIG) ||
        !lbad.Init(ACL_INT32, {1}, {2}, CONTIG) || !i.Init(ACL_INT32, {T}, {0, 1, 2}, CONTIG) || !ibad.Init(ACL_INT32, {T}, {0, 1, 3}, CONTIG) ||
        !o.Init(ACL_BF16, {T, 2, 4}, {}, CONTIG) || !q16.Init(ACL_FLOAT16, {T, 1, 4}, {}, CONTIG) || !gk.Init(ACL_FLOAT, {T, 2, 4}, {}, CONTIG) ||
        !g16.Init(ACL_FLOAT16, {T, 2}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    for (int bad = 0; bad < 2; bad++) {
        int rc = aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(q.t, k.t, v.t, b.t, s.t, bad ? l.t : lbad.t, bad ? ibad.t : i.t,
                                                              nullptr, nullptr, nullptr, 1.0f, o.t, &ws, &ex);
        EXPECT(rc == 0, "bad device values %d: stage 1 should pass (%d)", bad, rc);
        if (rc) continue;
        void *wsp = nullptr;
        if (ws) aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        int r2 = aclnnRecurrentGatedDeltaRule(wsp, ws, ex, stream), r3 = aclrtSynchronizeStream(stream);
        EXPECT(r2 != 0 || r3 != 0, "%s: the launch did not fail", bad ? "index past BlockNum" : "lengths not summing to T");
        if (wsp) aclrtFree(wsp);
    }
    auto S1 = [&](aclTensor *qq, aclTensor *gg, aclTensor *gkk, aclTensor *out, aclTensor *vv) {
        return aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(qq, k.t, vv, b.t, s.t, l.t, i.t, gg, gkk, nullptr, 1.0f, out, &ws, &ex); };
    ExpectError("null query", S1(nullptr, nullptr, nullptr, o.t, v.t), 161001, "query");
    ExpectError("null out", S1(q.t, nullptr, nullptr, nullptr, v.t), 161001, "out");
    ExpectError("gk given", S1(q.t, nullptr, gk.t, o.t, v.t), 161002, "gk");
    ExpectError("fp16 query", S1(q16.t, nullptr, nullptr, o.t, v.t), 161002, "DT_FLOAT16");
    ExpectError("fp16 g", S1(q.t, g16.t, nullptr, o.t, v.t), 161002, "DT_FLOAT16");
    DevTensor o2;
    if (!o2.Init(ACL_BF16, {T, 2, 3}, {}, CONTIG)) return;
    ExpectError("out shape mismatch", S1(q.t, nullptr, nullptr, o2.t, v.t), 161002, "out's shape");
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (is310p) {
        DevTensor q;
        q.Init(ACL_BF16, {1, 1, 4}, {}, CONTIG);
        uint64_t ws;
        aclOpExecutor *ex;
        int rc = aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(q.t, q.t, q.t, q.t, q.t, q.t, q.t, nullptr, nullptr, nullptr, 1.0f, q.t, &ws, &ex);
        EXPECT(rc == 361001, "310P: %d, expected 361001", rc);
    } else {
        for (int gflag = 0; gflag < 2; gflag++)
            for (int acc = 0; acc < 2; acc++) Case(rt.stream, gflag, acc);
        TestBadValuesAndValidation(rt.stream);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
