// aclnnFusedInferAttentionScoreV2: softmax(scale * q k^T + pse, masked) v per batch and head
// against a double reference, in the BSH / BSND / BNSD layouts, GQA (2 query heads per key
// head), with pseShift (broadcast over N by a 0 stride, as ggml passes it), a BOOL mask, a
// causal band (nextTokens 0), actual sequence lengths, softmaxLse; FP16 and BF16; then the
// validation paths with codes and messages; 310P refused.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v2.h"

struct Cfg { const char *layout; int64_t B, N, Nkv, Sq, Skv, D; bool pse, mask, causal, lens, lse; };

// element (b, n, s, d) of a logical BNSD tensor stored in `layout`: its row-major index
static int64_t Idx(const char *layout, int64_t B, int64_t N, int64_t S, int64_t D, int64_t b, int64_t n, int64_t s, int64_t d)
{
    (void)B;
    if (!strcmp(layout, "BNSD")) return ((b * N + n) * S + s) * D + d;
    return ((b * S + s) * N + n) * D + d; // BSND and BSH store the same bytes
}

static std::vector<int64_t> Shape(const char *layout, int64_t B, int64_t N, int64_t S, int64_t D)
{
    if (!strcmp(layout, "BNSD")) return {B, N, S, D};
    if (!strcmp(layout, "BSND")) return {B, S, N, D};
    return {B, S, N * D};
}

static void Case(aclrtStream stream, aclDataType dt, const Cfg &c)
{
    const int64_t B = c.B, N = c.N, Nk = c.Nkv, Sq = c.Sq, Skv = c.Skv, D = c.D;
    std::vector<double> q = QuantAll(dt, RandomValues(B * N * Sq * D, 1, 0.3)), k = QuantAll(dt, RandomValues(B * Nk * Skv * D, 2, 0.3)),
                        v = QuantAll(dt, RandomValues(B * Nk * Skv * D, 3, 1.0)), pse = QuantAll(dt, RandomValues(B * Sq * Skv, 4, 0.5));
    std::vector<double> mask(Sq * Skv);
    for (int64_t i = 0; i < Sq; i++) for (int64_t j = 0; j < Skv; j++) mask[i * Skv + j] = (i * 7 + j * 3) % 5 == 0 && j != 0;
    std::vector<int64_t> aq(B, Sq), akv(B, Skv);
    if (c.lens) { aq[B - 1] = Sq - 1; akv[0] = Skv - 2; }
    double scale = 1.0 / std::sqrt((double)D);
    std::vector<double> golden(B * N * Sq * D, 0.0), glse(B * N * Sq, INFINITY);
    for (int64_t b = 0; b < B; b++) for (int64_t n = 0; n < N; n++) for (int64_t i = 0; i < Sq; i++) {
        if (i >= aq[b]) continue;
        int64_t nk = n / (N / Nk);
        std::vector<double> s(Skv, -INFINITY);
        double mx = -INFINITY;
        for (int64_t j = 0; j < Skv; j++) {
            if (j >= akv[b] || (c.causal && j > i) || (c.mask && mask[i * Skv + j])) continue;
            double dot = 0;
            for (int64_t d = 0; d < D; d++) dot += q[Idx(c.layout, B, N, Sq, D, b, n, i, d)] * k[Idx(c.layout, B, Nk, Skv, D, b, nk, j, d)];
            s[j] = scale * dot + (c.pse ? pse[(b * Sq + i) * Skv + j] : 0.0);
            mx = std::max(mx, s[j]);
        }
        if (mx == -INFINITY) continue;
        double sum = 0;
        for (int64_t j = 0; j < Skv; j++) if (s[j] > -INFINITY) sum += std::exp(s[j] - mx);
        for (int64_t d = 0; d < D; d++) {
            double o = 0;
            for (int64_t j = 0; j < Skv; j++) if (s[j] > -INFINITY) o += std::exp(s[j] - mx) / sum * v[Idx(c.layout, B, Nk, Skv, D, b, nk, j, d)];
            golden[Idx(c.layout, B, N, Sq, D, b, n, i, d)] = o;
        }
        glse[(b * N + n) * Sq + i] = mx + std::log(sum);
    }
    DevTensor tq, tk, tv, to, tm, tl;
    if (!tq.Init(dt, Shape(c.layout, B, N, Sq, D), q, CONTIG) || !tk.Init(dt, Shape(c.layout, B, Nk, Skv, D), k, CONTIG) ||
        !tv.Init(dt, Shape(c.layout, B, Nk, Skv, D), v, CONTIG) || !to.Init(dt, Shape(c.layout, B, N, Sq, D), {}, CONTIG) ||
        !tm.Init(ACL_BOOL, {Sq, Skv}, mask, CONTIG) || !tl.Init(ACL_FLOAT, {B, N, Sq, 1}, {}, CONTIG)) return;
    // pse (B, N, Sq, Skv) over (B, Sq, Skv) storage: N stride 0 as ggml builds it
    DevTensor tp;
    if (!tp.Init(dt, {B, Sq, Skv}, pse, CONTIG)) return;
    std::vector<int64_t> pshape = {B, N, Sq, Skv}, pstr = {Sq * Skv, 0, Skv, 1};
    aclTensor *pt = aclCreateTensor(pshape.data(), 4, dt, pstr.data(), 0, ACL_FORMAT_ND, tp.storage.data(), 1, tp.dev);
    aclTensor *kt = tk.t, *vt = tv.t;
    aclTensorList *kl = aclCreateTensorList(&kt, 1), *vl = aclCreateTensorList(&vt, 1);
    aclIntArray *aqa = aclCreateIntArray(aq.data(), B), *akva = aclCreateIntArray(akv.data(), B);
    char layout[8];
    snprintf(layout, sizeof layout, "%s", c.layout);
    int rc = Run("FusedInferAttentionScoreV2", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnFusedInferAttentionScoreV2GetWorkspaceSize(tq.t, kl, vl, c.pse ? pt : nullptr, c.mask ? tm.t : nullptr,
            c.lens ? aqa : nullptr, c.lens ? akva : nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
            nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, N, scale,
            65535, c.causal ? 0 : 65535, layout, Nk, 0, 0, 0, 0, c.lse, 0, 0, to.t, c.lse ? tl.t : nullptr, ws, e); },
        aclnnFusedInferAttentionScoreV2);
    tk.t = tv.t = nullptr; // owned by the lists now
    std::string what = std::string("FIA ") + DtName(dt) + " " + c.layout + (c.pse ? " pse" : "") + (c.mask ? " mask" : "") +
                       (c.causal ? " causal" : "") + (c.lens ? " lens" : "") + " Sq=" + std::to_string(Sq);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc == 0) {
        CheckDtype(what.c_str(), dt, to.Read(), golden);
        if (c.lse) CheckAccuracy((what + " lse").c_str(), tl.Read(), glse, 1e-4, 1e-4, 1e-3);
    }
    aclDestroyTensorList(kl); aclDestroyTensorList(vl); aclDestroyTensor(pt);
    aclDestroyIntArray(aqa); aclDestroyIntArray(akva);
}

static void TestValues(aclrtStream stream)
{
    const Cfg cfgs[] = {
        {"BSND", 2, 4, 2, 5, 7, 16, true, false, false, false, true},
        {"BNSD", 1, 2, 2, 6, 6, 8, false, true, true, false, true},
        {"BSH", 2, 2, 1, 1, 9, 32, true, true, false, true, false},
        {"BSND", 3, 2, 2, 4, 5, 64, false, false, false, true, true},
    };
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16})
        for (const Cfg &c : cfgs) Case(stream, dt, c);
}

static void TestValidation(bool is310p)
{
    DevTensor q, k, o, q32, kbad, o3, m16, q9;
    if (!q.Init(ACL_FLOAT16, {1, 4, 2, 16}, {}, CONTIG) || !k.Init(ACL_FLOAT16, {1, 6, 2, 16}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT16, {1, 4, 2, 16}, {}, CONTIG) || !q32.Init(ACL_FLOAT, {1, 4, 2, 16}, {}, CONTIG) ||
        !kbad.Init(ACL_FLOAT16, {1, 6, 2, 8}, {}, CONTIG) || !o3.Init(ACL_FLOAT16, {1, 4, 32}, {}, CONTIG) ||
        !m16.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) || !q9.Init(ACL_FLOAT16, {1, 4, 2, 600}, {}, CONTIG)) return;
    aclTensor *kt = k.t, *kb = kbad.t;
    aclTensorList *kl = aclCreateTensorList(&kt, 1), *kbl = aclCreateTensorList(&kb, 1);
    k.t = kbad.t = nullptr;
    uint64_t ws;
    aclOpExecutor *ex;
    char bsnd[] = "BSND", tnd[] = "TND";
    auto S1 = [&](aclTensor *qq, aclTensorList *kk, aclTensorList *vv, aclTensor *mask, aclTensor *quant, int64_t heads,
                  char *layout, int64_t kvh, int64_t sparse, aclTensor *out) {
        return aclnnFusedInferAttentionScoreV2GetWorkspaceSize(qq, kk, vv, nullptr, mask, nullptr, nullptr, nullptr, nullptr,
            nullptr, quant, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
            nullptr, nullptr, heads, 0.25, 65535, 65535, layout, kvh, sparse, 0, 0, 0, false, 0, 0, out, nullptr, &ws, &ex); };
    if (is310p) {
        EXPECT(S1(q.t, kl, kl, nullptr, nullptr, 2, bsnd, 2, 0, o.t) == 361001, "310P: not refused with 361001");
        aclDestroyTensorList(kl); aclDestroyTensorList(kbl);
        return;
    }
    ExpectError("null query", S1(nullptr, kl, kl, nullptr, nullptr, 2, bsnd, 2, 0, o.t), 161001, "query");
    ExpectError("null key", S1(q.t, nullptr, kl, nullptr, nullptr, 2, bsnd, 2, 0, o.t), 161001, "key");
    ExpectError("null out", S1(q.t, kl, kl, nullptr, nullptr, 2, bsnd, 2, 0, nullptr), 161001, "attentionOut");
    ExpectError("quantScale2", S1(q.t, kl, kl, nullptr, o.t, 2, bsnd, 2, 0, o.t), 161002, "not implemented");
    ExpectError("fp32 query", S1(q32.t, kl, kl, nullptr, nullptr, 2, bsnd, 2, 0, o.t), 161002, "DT_FLOAT");
    ExpectError("fp16 mask", S1(q.t, kl, kl, m16.t, nullptr, 2, bsnd, 2, 0, o.t), 161002, "DT_FLOAT16");
    ExpectError("layout TND", S1(q.t, kl, kl, nullptr, nullptr, 2, tnd, 2, 0, o.t), 161002, "inputLayout");
    ExpectError("3-d out for BSND", S1(q.t, kl, kl, nullptr, nullptr, 2, bsnd, 2, 0, o3.t), 161002, "attentionOut");
    ExpectError("sparseMode 2", S1(q.t, kl, kl, nullptr, nullptr, 2, bsnd, 2, 2, o.t), 161002, "sparseMode");
    ExpectError("numHeads 3", S1(q.t, kl, kl, nullptr, nullptr, 3, bsnd, 2, 0, o.t), 161002, "numHeads");
    ExpectError("kv heads 3", S1(q.t, kl, kl, nullptr, nullptr, 2, bsnd, 3, 0, o.t), 161002, "numKeyValueHeads");
    ExpectError("key D", S1(q.t, kbl, kbl, nullptr, nullptr, 2, bsnd, 2, 0, o.t), 161002, "same B and D");
    DevTensor k9;
    if (!k9.Init(ACL_FLOAT16, {1, 6, 2, 600}, {}, CONTIG)) return;
    aclTensor *k9t = k9.t;
    aclTensorList *k9l = aclCreateTensorList(&k9t, 1);
    k9.t = nullptr;
    ExpectError("D 600", S1(q9.t, k9l, k9l, nullptr, nullptr, 2, bsnd, 2, 0, q9.t), 161002, "head dim");
    aclDestroyTensorList(k9l);
    int rc = S1(q.t, kl, kl, nullptr, nullptr, 2, bsnd, 2, 0, o.t);
    EXPECT(rc == 0, "valid call refused: %d %s", rc, aclGetRecentErrMsg());
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    aclDestroyTensorList(kl); aclDestroyTensorList(kbl);
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) TestValues(rt.stream);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
