// aclnnFusedCrossEntropyLossWithMaxSum (lossopt helper): loss with and without the logits, logits
// FP32 / FP16 / BF16 (BF16 not on the 310P, which refuses the op), contiguous / strided /
// transposed views, an empty batch, ±Inf / NaN, against a double reference written here; every
// validation path with its code and message.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_fused_cross_entropy_loss_with_max_sum.h"

static int Stage1(const aclTensor *mx, const aclTensor *se, const aclTensor *pr, float ls, const aclTensor *v,
                  aclTensor *loss, aclTensor *sm, uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnFusedCrossEntropyLossWithMaxSumGetWorkspaceSize(mx, se, pr, ls, nullptr, nullptr, v, loss, sm, ws, ex);
}

static void Case(Runtime &rt, aclDataType vdt, int64_t BT, int64_t V, Layout l, bool withLogits, bool special)
{
    std::vector<double> x = QuantAll(vdt, RandomValues((size_t)(BT * V), 5 + V, 2.0)), mx((size_t)BT), se((size_t)BT),
                        pr = QuantAll(ACL_FLOAT, RandomValues((size_t)BT, 8, 2.0));
    for (int64_t n = 0; n < BT; n++) {
        double m = -INFINITY, s = 0;
        for (int64_t j = 0; j < V; j++) m = std::max(m, x[(size_t)(n * V + j)]);
        for (int64_t j = 0; j < V; j++) s += std::exp(x[(size_t)(n * V + j)] - m);
        mx[(size_t)n] = Quant(ACL_FLOAT, m);
        se[(size_t)n] = Quant(ACL_FLOAT, s * (1.0 + 0.25 * (double)(n % 2))); // another rank's share
    }
    if (special && BT >= 3) { se[0] = 0.0; se[1] = INFINITY; pr[2] = NAN; }
    std::vector<double> gl((size_t)BT), gs((size_t)(BT * V));
    for (int64_t n = 0; n < BT; n++) {
        gl[(size_t)n] = std::log(se[(size_t)n]) - pr[(size_t)n];
        for (int64_t j = 0; j < V; j++)
            gs[(size_t)(n * V + j)] = std::exp(x[(size_t)(n * V + j)] - mx[(size_t)n]) / se[(size_t)n];
    }
    DevTensor tm, ts, tp, tv, tl, tsm;
    if (!tm.Init(ACL_FLOAT, {BT}, mx, l == CONTIG ? CONTIG : STRIDED) || !ts.Init(ACL_FLOAT, {BT}, se, CONTIG) ||
        !tp.Init(ACL_FLOAT, {BT}, pr, CONTIG) || !tv.Init(vdt, {BT, V}, x, l) || !tl.Init(ACL_FLOAT, {BT}, {}, l == CONTIG ? CONTIG : STRIDED) ||
        !tsm.Init(ACL_FLOAT, {BT, V}, {}, l == TRANSPOSED ? STRIDED : l)) {
        EXPECT(false, "tensors");
        return;
    }
    std::string name = std::string("FusedCrossEntropyLossWithMaxSum ") + DtName(vdt) + " " + std::to_string(BT) + "x" +
                       std::to_string(V) + (withLogits ? "" : " loss only") + (special ? " special" : "");
    int r = Run("aclnnFusedCrossEntropyLossWithMaxSum", rt.stream,
                [&](uint64_t *w, aclOpExecutor **e) {
                    return Stage1(tm.t, ts.t, tp.t, 0.0f, withLogits ? tv.t : nullptr, tl.t, withLogits ? tsm.t : nullptr, w, e);
                },
                aclnnFusedCrossEntropyLossWithMaxSum);
    EXPECT(r == 0, "%s: run %d (%s)", name.c_str(), r, aclGetRecentErrMsg());
    if (r) return;
    CheckDtype((name + " loss").c_str(), ACL_FLOAT, tl.Read(), gl);
    if (withLogits) {
        if (!special) CheckDtype((name + " softmax").c_str(), ACL_FLOAT, tsm.Read(), gs);
        EXPECT(tsm.CountClobbered() == 0, "%s: softmax wrote outside its view", name.c_str());
    } else {
        EXPECT(tsm.Read() == std::vector<double>((size_t)(BT * V), -777.0), "%s: softmax written without logits", name.c_str());
    }
    EXPECT(tl.CountClobbered() == 0, "%s: loss wrote outside its view", name.c_str());
}

static void Validation()
{
    DevTensor m, m2, m16, e, v, v3, v16, vw, s, s2, s16, s3;
    if (!m.Init(ACL_FLOAT, {4}, {}, CONTIG) || !m2.Init(ACL_FLOAT, {4, 1}, {}, CONTIG) || !m16.Init(ACL_FLOAT16, {4}, {}, CONTIG) ||
        !e.Init(ACL_FLOAT, {5}, {}, CONTIG) || !v.Init(ACL_FLOAT, {4, 8}, {}, CONTIG) || !v3.Init(ACL_FLOAT, {4, 8, 1}, {}, CONTIG) ||
        !v16.Init(ACL_INT32, {4, 8}, {}, CONTIG) || !vw.Init(ACL_FLOAT, {3, 8}, {}, CONTIG) || !s.Init(ACL_FLOAT, {4, 8}, {}, CONTIG) ||
        !s2.Init(ACL_FLOAT, {4, 7}, {}, CONTIG) || !s16.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) || !s3.Init(ACL_FLOAT, {3, 8}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null logitsMax", Stage1(nullptr, m.t, m.t, 0, v.t, m.t, s.t, &ws, &ex), 161001, "logitsMax");
    ExpectError("null lossOut", Stage1(m.t, m.t, m.t, 0, v.t, nullptr, s.t, &ws, &ex), 161001, "lossOut");
    ExpectError("null softMaxOut with logits", Stage1(m.t, m.t, m.t, 0, v.t, m.t, nullptr, &ws, &ex), 161001, "softMaxOutOptional");
    ExpectError("fp16 sumExp", Stage1(m.t, m16.t, m.t, 0, v.t, m.t, s.t, &ws, &ex), 161002, "sumExpLogits");
    ExpectError("fp16 lossOut", Stage1(m.t, m.t, m.t, 0, v.t, m16.t, s.t, &ws, &ex), 161002, "lossOut");
    ExpectError("int logits", Stage1(m.t, m.t, m.t, 0, v16.t, m.t, s.t, &ws, &ex), 161002, "vocabParallelLogitsOptional");
    ExpectError("fp16 softmax", Stage1(m.t, m.t, m.t, 0, v.t, m.t, s16.t, &ws, &ex), 161002, "softMaxOutOptional");
    ExpectError("2-D logitsMax", Stage1(m2.t, m2.t, m2.t, 0, v.t, m2.t, s.t, &ws, &ex), 161002, "logitsMax");
    ExpectError("sumExp shape", Stage1(m.t, e.t, m.t, 0, v.t, m.t, s.t, &ws, &ex), 161002, "sumExpLogits");
    ExpectError("3-D logits", Stage1(m.t, m.t, m.t, 0, v3.t, m.t, s.t, &ws, &ex), 161002, "vocabParallelLogitsOptional");
    ExpectError("softmax shape", Stage1(m.t, m.t, m.t, 0, v.t, m.t, s2.t, &ws, &ex), 161002, "softMaxOutOptional");
    ExpectError("labelSmoothing", Stage1(m.t, m.t, m.t, 0.1f, v.t, m.t, s.t, &ws, &ex), 161002, "labelSmoothing=0");
    ExpectError("logits rows", Stage1(m.t, m.t, m.t, 0, vw.t, m.t, s3.t, &ws, &ex), 161002, "rows");
    // without the logits, softMaxOut is not looked at
    ExpectError("no logits, bad softmax", Stage1(m.t, m.t, m.t, 0, nullptr, m.t, s16.t, &ws, &ex), 0);
    if (ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip && std::string(chip) == "310p") {
        DevTensor m, v, s;
        if (!m.Init(ACL_FLOAT, {2}, {}, CONTIG) || !v.Init(ACL_BF16, {2, 4}, {}, CONTIG) || !s.Init(ACL_FLOAT, {2, 4}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P bf16", Stage1(m.t, m.t, m.t, 0, v.t, m.t, s.t, &ws, &ex), 161002, "vocabParallelLogitsOptional");
        int r = Stage1(m.t, m.t, m.t, 0, nullptr, m.t, nullptr, &ws, &ex);
        EXPECT(r == 361001, "310P: %d, expected the chip refusal 361001", r);
    } else {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            Case(rt, dt, 6, 16, CONTIG, true, false);
            Case(rt, dt, 5, 9, STRIDED, true, false);
            Case(rt, dt, 4, 7, TRANSPOSED, true, false);
            Case(rt, dt, 4, 7, CONTIG, false, false);
            Case(rt, dt, 3, 5, CONTIG, true, true);
        }
        Case(rt, ACL_FLOAT, 700, 300, CONTIG, true, false);
        Case(rt, ACL_FLOAT, 0, 4, CONTIG, true, false);
        if (!chip) Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
