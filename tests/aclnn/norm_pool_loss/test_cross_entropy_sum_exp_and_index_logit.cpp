// aclnnCrossEntropySumExpAndIndexLogit (lossopt helper; a 950-only op): with "950", FP32 / BF16
// logits of (N, V) and (S, B, V), contiguous / strided / transposed views, targets inside and outside
// the shard, ±Inf / NaN logits, against a double reference written here; the generated checks
// (nulls, dtypes of the definition's rows, formats) and the tiling's refusals with codes and
// messages. On the 910B and 310P: the refusal of the chip.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_cross_entropy_sum_exp_and_index_logit.h"

struct Outs {
    DevTensor pred, sum, exp, off, mask;
};

static int Stage1(const DevTensor &x, const DevTensor &t, const DevTensor &m, int64_t s, int64_t e, Outs &o,
                  uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnCrossEntropySumExpAndIndexLogitGetWorkspaceSize(x.t, t.t, m.t, s, e, o.pred.t, o.sum.t, o.exp.t,
                                                                o.off.t, o.mask.t, ws, ex);
}

static bool MakeOuts(Outs &o, const std::vector<int64_t> &lead, int64_t V, Layout l)
{
    std::vector<int64_t> full = lead;
    full.push_back(V);
    return o.pred.Init(ACL_FLOAT, lead, {}, l) && o.sum.Init(ACL_FLOAT, lead, {}, CONTIG) &&
           o.exp.Init(ACL_FLOAT, full, {}, l) && o.off.Init(ACL_INT32, lead, {}, l) && o.mask.Init(ACL_INT32, lead, {}, CONTIG);
}

static void Case(Runtime &rt, aclDataType dt, const std::vector<int64_t> &lead, int64_t V, int64_t start, Layout l,
                 bool special)
{
    int64_t N = GetShapeSize(lead);
    std::vector<int64_t> full = lead;
    full.push_back(V);
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)(N * V), 21 + V, 2.0)), mx((size_t)N), tv((size_t)N);
    Lcg rng(7 + N);
    for (int64_t n = 0; n < N; n++) {
        double m = -INFINITY;
        for (int64_t j = 0; j < V; j++) m = std::max(m, x[(size_t)(n * V + j)]);
        mx[(size_t)n] = Quant(dt, m + 0.5 * (double)(n % 3)); // the global max may exceed the local one
        tv[(size_t)n] = (double)(int64_t)(rng.uniform() * (double)(3 * V)) + (double)start - (double)V;
        if (tv[(size_t)n] < 0) tv[(size_t)n] = 0;
    }
    if (special) {
        x[0] = INFINITY;
        x[1] = -INFINITY;
        x[(size_t)V] = NAN;
        tv[0] = (double)start;
        tv[1] = (double)start + 1;
    }
    DevTensor tx, tt, tm;
    Outs o;
    if (!tx.Init(dt, full, x, l) || !tt.Init(ACL_INT32, lead, tv, l == TRANSPOSED ? STRIDED : l) ||
        !tm.Init(dt, lead, mx, CONTIG) || !MakeOuts(o, lead, V, l == CONTIG ? CONTIG : STRIDED)) {
        EXPECT(false, "tensors");
        return;
    }
    std::vector<double> gexp((size_t)(N * V)), gsum((size_t)N), gpred((size_t)N), goff((size_t)N), gmask((size_t)N);
    for (int64_t n = 0; n < N; n++) {
        double s = 0;
        for (int64_t j = 0; j < V; j++) {
            double v = std::exp((double)(float)(x[(size_t)(n * V + j)] - mx[(size_t)n]));
            gexp[(size_t)(n * V + j)] = v;
            s += v;
        }
        gsum[(size_t)n] = s;
        int64_t t = (int64_t)tv[(size_t)n];
        bool masked = t < start || t >= start + V;
        gmask[(size_t)n] = masked;
        goff[(size_t)n] = masked ? 0 : (double)(t - start);
        gpred[(size_t)n] = masked ? 0 : x[(size_t)(n * V + t - start)] - mx[(size_t)n];
    }
    std::string name = std::string("CrossEntropySumExpAndIndexLogit ") + DtName(dt) + " N=" + std::to_string(N) +
                       " V=" + std::to_string(V) + (special ? " special" : "");
    int r = Run("aclnnCrossEntropySumExpAndIndexLogit", rt.stream,
                [&](uint64_t *w, aclOpExecutor **e) { return Stage1(tx, tt, tm, start, start + V, o, w, e); },
                aclnnCrossEntropySumExpAndIndexLogit);
    EXPECT(r == 0, "%s: run %d (%s)", name.c_str(), r, aclGetRecentErrMsg());
    if (r) return;
    CheckDtype((name + " exp").c_str(), ACL_FLOAT, o.exp.Read(), gexp);
    CheckDtype((name + " sumExp").c_str(), ACL_FLOAT, o.sum.Read(), gsum);
    CheckDtype((name + " predicted").c_str(), ACL_FLOAT, o.pred.Read(), gpred);
    EXPECT(o.off.Read() == goff, "%s: targetOffset differs", name.c_str());
    EXPECT(o.mask.Read() == gmask, "%s: targetMask differs", name.c_str());
    EXPECT(o.exp.CountClobbered() == 0 && o.pred.CountClobbered() == 0 && o.off.CountClobbered() == 0,
           "%s: wrote outside the views", name.c_str());
}

static void Validation()
{
    DevTensor x, x1, x4, xv, xbv, xe, xb, t, t64, te, m, mb, m5;
    Outs o, o5, obad;
    if (!x.Init(ACL_FLOAT, {4, 16}, {}, CONTIG) || !x1.Init(ACL_FLOAT, {64}, {}, CONTIG) ||
        !x4.Init(ACL_FLOAT, {1, 1, 4, 16}, {}, CONTIG) || !xv.Init(ACL_FLOAT, {4, 12}, {}, CONTIG) ||
        !xbv.Init(ACL_BF16, {4, 24}, {}, CONTIG) || !xe.Init(ACL_FLOAT, {0, 16}, {}, CONTIG) ||
        !xb.Init(ACL_BF16, {4, 16}, {}, CONTIG) || !t.Init(ACL_INT32, {4}, {}, CONTIG) ||
        !t64.Init(ACL_INT64, {4}, {}, CONTIG) || !te.Init(ACL_INT32, {0}, {}, CONTIG) ||
        !m.Init(ACL_FLOAT, {4}, {}, CONTIG) || !mb.Init(ACL_BF16, {4}, {}, CONTIG) || !m5.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !MakeOuts(o, {4}, 16, CONTIG) || !MakeOuts(o5, {5}, 16, CONTIG) || !obad.pred.Init(ACL_FLOAT16, {4}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor none;
    ExpectError("null logits", Stage1(none, t, m, 0, 16, o, &ws, &ex), 161001, "vocabParallelLogits");
    ExpectError("null target", Stage1(x, none, m, 0, 16, o, &ws, &ex), 161001, "target");
    Outs on;
    if (MakeOuts(on, {4}, 16, CONTIG)) {
        aclDestroyTensor(on.mask.t);
        on.mask.t = nullptr;
        ExpectError("null targetMask", Stage1(x, t, m, 0, 16, on, &ws, &ex), 161001, "targetMaskOut");
    }
    ExpectError("int64 target", Stage1(x, t64, m, 0, 16, o, &ws, &ex), 161002, "target");
    ExpectError("max dtype", Stage1(x, t, mb, 0, 16, o, &ws, &ex), 161002, "globalLogitsMax");
    Outs of;
    if (MakeOuts(of, {4}, 16, CONTIG)) {
        DevTensor p16;
        if (p16.Init(ACL_FLOAT16, {4}, {}, CONTIG)) {
            std::swap(of.sum.t, p16.t);
            ExpectError("sumExp dtype", Stage1(x, t, m, 0, 16, of, &ws, &ex), 161002, "sumExpLogitsOut");
            std::swap(of.sum.t, p16.t);
        }
    }
    ExpectError("end <= start", Stage1(x, t, m, 16, 16, o, &ws, &ex), 561002, "vocab_end_index");
    ExpectError("1-D logits", Stage1(x1, t, m, 0, 16, o, &ws, &ex), 561002, "2D or 3D");
    ExpectError("4-D logits", Stage1(x4, t, m, 0, 16, o, &ws, &ex), 561002, "2D or 3D");
    ExpectError("empty logits", Stage1(xe, te, m, 0, 16, o, &ws, &ex), 561002, "empty tensor");
    ExpectError("V = 12", Stage1(xv, t, m, 0, 12, o, &ws, &ex), 561002, "[16, 204800]");
    ExpectError("bf16 V = 24", Stage1(xbv, t, mb, 0, 24, o, &ws, &ex), 561002, "multiple of 16");
    ExpectError("vocab range", Stage1(x, t, m, 0, 17, o, &ws, &ex), 561002, "vocab_start_index + V_local");
    ExpectError("target numel", Stage1(x, t, m5, 0, 16, o, &ws, &ex), 561002, "globalLogitsMax");
    ExpectError("output numel", Stage1(x, t, m, 0, 16, o5, &ws, &ex), 561002, "predictedLogitsOut");
    ExpectError("ok", Stage1(xb, t, mb, 0, 16, o, &ws, &ex), 0);
    if (ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip && std::string(chip) == "950") {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16}) {
            Case(rt, dt, {5}, 32, 64, CONTIG, false);
            Case(rt, dt, {2, 3}, 48, 0, STRIDED, false);
            Case(rt, dt, {3, 4}, 16, 1000, TRANSPOSED, false);
            Case(rt, dt, {600}, 256, 512, CONTIG, false);
            Case(rt, dt, {3}, 16, 16, CONTIG, true);
        }
        Validation();
    } else {
        DevTensor x, t, m;
        Outs o;
        if (!x.Init(ACL_FLOAT, {2, 16}, {}, CONTIG) || !t.Init(ACL_INT32, {2}, {}, CONTIG) ||
            !m.Init(ACL_FLOAT, {2}, {}, CONTIG) || !MakeOuts(o, {2}, 16, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("chip", Stage1(x, t, m, 0, 16, o, &ws, &ex), 161002, "not supported");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
