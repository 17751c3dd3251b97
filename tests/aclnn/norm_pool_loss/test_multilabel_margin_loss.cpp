// aclnnMultilabelMarginLoss (lossopt helper): (N, C), (C) and () inputs of FP32 / FP16 / BF16 with
// INT32 / INT64 targets (labels before the first -1, repeated and out-of-range labels, no label),
// reductions none / mean / sum (and 7, taken as sum), contiguous, strided and transposed views,
// ±Inf and NaN inputs, an empty batch, against a double reference written here; every validation
// path with its code and message. With "310p" / "950" (under that chip's topology): the dtype list
// and chip refusal of the 310P, BF16 on the 950.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_multilabel_margin_loss.h"

// Reference: per-row losses (divided by C) and the 0/1 mask.
static void Ref(const std::vector<double> &x, const std::vector<double> &t, int64_t N, int64_t C,
                std::vector<double> &loss, std::vector<double> &mask)
{
    loss.assign((size_t)N, 0.0);
    mask.assign((size_t)(N * C), 0.0);
    for (int64_t n = 0; n < N; n++) {
        std::vector<int64_t> labels;
        for (int64_t k = 0; k < C; k++) {
            int64_t l = (int64_t)t[(size_t)(n * C + k)];
            if (l == -1) break;
            if (l < 0 || l >= C) continue;
            labels.push_back(l);
            mask[(size_t)(n * C + l)] = 1;
        }
        double s = 0;
        for (int64_t l : labels)
            for (int64_t i = 0; i < C; i++) {
                if (mask[(size_t)(n * C + i)] != 0) continue;
                double z = 1.0 - x[(size_t)(n * C + l)] + x[(size_t)(n * C + i)];
                if (z > 0) s += z;
            }
        loss[(size_t)n] = s / (double)C;
    }
}

static int Call(Runtime &rt, const DevTensor &x, const DevTensor &t, int64_t red, const DevTensor &o, const DevTensor &m)
{
    return Run("aclnnMultilabelMarginLoss", rt.stream,
               [&](uint64_t *w, aclOpExecutor **e) {
                   return aclnnMultilabelMarginLossGetWorkspaceSize(x.t, t.t, red, o.t, m.t, w, e);
               },
               aclnnMultilabelMarginLoss);
}

// One case: x / target values given (N rows of C); self's shape `xs` (rank 0..2).
static void Case(Runtime &rt, aclDataType dt, aclDataType tdt, const std::vector<int64_t> &xs, int64_t N, int64_t C,
                 const std::vector<double> &xv, const std::vector<double> &tv, int64_t red, Layout lx, Layout lo,
                 const char *what)
{
    std::vector<double> x = QuantAll(dt, xv), loss, mask;
    Ref(x, tv, N, C, loss, mask);
    std::vector<int64_t> os = (red == 0 && xs.size() == 2) ? std::vector<int64_t>{N} : std::vector<int64_t>{};
    DevTensor tx, tt, to, tm;
    if (!tx.Init(dt, xs, x, lx) || !tt.Init(tdt, xs, tv, lx == TRANSPOSED ? STRIDED : lx) || !to.Init(dt, os, {}, lo) ||
        !tm.Init(dt, xs, {}, lo)) {
        EXPECT(false, "%s: tensors", what);
        return;
    }
    std::string name = std::string("MultilabelMarginLoss ") + DtName(dt) + " " + what + " red " + std::to_string(red);
    int r = Call(rt, tx, tt, red, to, tm);
    EXPECT(r == 0, "%s: run %d (%s)", name.c_str(), r, aclGetRecentErrMsg());
    if (r) return;
    double sum = 0;
    for (double v : loss) sum += v;
    std::vector<double> golden = red == 0 ? loss : std::vector<double>{red == 1 ? sum / (double)N : sum};
    if (red == 0 && xs.size() < 2) golden = loss;
    CheckDtype(name.c_str(), dt, to.Read(), golden);
    std::vector<double> got = tm.Read();
    bool same = got == mask;
    EXPECT(same, "%s: isTarget differs from the label mask", name.c_str());
    EXPECT(to.CountClobbered() == 0 && tm.CountClobbered() == 0, "%s: wrote outside the views", name.c_str());
}

// Targets: some labels, then -1, then noise the op must ignore; one row with a repeated label and
// an out-of-range one; one row with no label.
static std::vector<double> Targets(int64_t N, int64_t C, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<double> t((size_t)(N * C));
    for (int64_t n = 0; n < N; n++) {
        int64_t cnt = (int64_t)(rng.uniform() * (double)C);
        for (int64_t k = 0; k < C; k++) t[(size_t)(n * C + k)] = (double)(int64_t)(rng.uniform() * (double)C);
        if (n % 4 == 1 && C > 2) { t[(size_t)(n * C + 1)] = t[(size_t)(n * C)]; t[(size_t)(n * C + 2)] = (double)(C + 3); cnt = C > 3 ? 3 : C; }
        if (n % 4 == 2) cnt = 0;
        if (cnt < C) t[(size_t)(n * C + cnt)] = -1;
    }
    return t;
}

static void Results(Runtime &rt, aclDataType dt)
{
    int64_t N = 5, C = 6;
    std::vector<double> xv = RandomValues((size_t)(N * C), 11, 0.3);
    std::vector<double> tv = Targets(N, C, 5);
    for (int64_t red : {0, 1, 2, 7}) {
        Case(rt, dt, ACL_INT64, {N, C}, N, C, xv, tv, red, CONTIG, CONTIG, "2-D");
        Case(rt, dt, ACL_INT32, {N, C}, N, C, xv, tv, red, TRANSPOSED, STRIDED, "2-D transposed int32");
        Case(rt, dt, ACL_INT32, {C}, 1, C, xv, tv, red, STRIDED, CONTIG, "1-D");
        Case(rt, dt, ACL_INT64, {}, 1, 1, {0.5}, {0}, red, CONTIG, CONTIG, "0-d label");
        Case(rt, dt, ACL_INT64, {}, 1, 1, {0.5}, {-1}, red, CONTIG, CONTIG, "0-d no label");
    }
    // a wider batch split over several blocks
    int64_t N2 = 300, C2 = 40;
    Case(rt, dt, ACL_INT32, {N2, C2}, N2, C2, RandomValues((size_t)(N2 * C2), 3, 0.1), Targets(N2, C2, 9), 0, CONTIG,
         CONTIG, "300x40");
    Case(rt, dt, ACL_INT32, {N2, C2}, N2, C2, RandomValues((size_t)(N2 * C2), 3, 0.1), Targets(N2, C2, 9), 1, CONTIG,
         CONTIG, "300x40");
    // special values: +Inf at a non-label class propagates, at a label gives 0 terms; NaN adds nothing
    std::vector<double> sx = {INFINITY, 0.2, -INFINITY, NAN, 0.1, -0.0, 0.0, 0.3, NAN, 1.0, -1.0, 2.0};
    std::vector<double> st = {1, 2, -1, 0, 0, 0, 3, -1, 0, 0, 0, 0};
    for (int64_t red : {0, 2}) Case(rt, dt, ACL_INT64, {2, 6}, 2, 6, sx, st, red, CONTIG, CONTIG, "special");
    // empty batch: nothing launched, the outputs keep their contents
    DevTensor ex, et, eo, em;
    if (ex.Init(dt, {0, 4}, {}, CONTIG) && et.Init(ACL_INT64, {0, 4}, {}, CONTIG) && eo.Init(dt, {0}, {}, CONTIG) &&
        em.Init(dt, {0, 4}, {}, CONTIG)) {
        EXPECT(Call(rt, ex, et, 0, eo, em) == 0, "MultilabelMarginLoss %s empty batch", DtName(dt));
        DevTensor eo1;
        if (eo1.Init(dt, {1}, {}, CONTIG))
            EXPECT(Call(rt, ex, et, 1, eo1, em) == 0 && eo1.Read()[0] == Quant(dt, -777.0),
                   "MultilabelMarginLoss %s empty batch mean leaves out alone", DtName(dt));
    }
}

static void Validation()
{
    DevTensor x, x3, t, t64, tf, o, o2, o1, m, m2, xe, xc0, te, me, mbad, xi, xd, o16, m16;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !x3.Init(ACL_FLOAT, {2, 3, 1}, {}, CONTIG) ||
        !t.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !t64.Init(ACL_INT64, {3, 2}, {}, CONTIG) ||
        !tf.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {3}, {}, CONTIG) || !o1.Init(ACL_FLOAT, {}, {}, CONTIG) ||
        !m.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !m2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) ||
        !xe.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !xc0.Init(ACL_FLOAT, {2, 0}, {}, CONTIG) ||
        !te.Init(ACL_INT32, {0, 3}, {}, CONTIG) || !me.Init(ACL_FLOAT, {0}, {}, CONTIG) ||
        !mbad.Init(ACL_FLOAT, {1, 1}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !xd.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !o16.Init(ACL_FLOAT16, {2}, {}, CONTIG) ||
        !m16.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define MML(xx, tt, red, oo, mm) aclnnMultilabelMarginLossGetWorkspaceSize(xx, tt, red, oo, mm, &ws, &ex)
    ExpectError("null self", MML(nullptr, t.t, 0, o.t, m.t), 161001, "self");
    ExpectError("null target", MML(x.t, nullptr, 0, o.t, m.t), 161001, "target");
    ExpectError("null out", MML(x.t, t.t, 0, nullptr, m.t), 161001, "out");
    ExpectError("null isTarget", MML(x.t, t.t, 0, o.t, nullptr), 161001, "isTarget");
    ExpectError("null workspaceSize", aclnnMultilabelMarginLossGetWorkspaceSize(x.t, t.t, 0, o.t, m.t, nullptr, &ex), 161001);
    ExpectError("int self", MML(xi.t, t.t, 0, o.t, m.t), 161002, "self");
    ExpectError("double self", MML(xd.t, t.t, 0, o.t, m.t), 161002, "self");
    ExpectError("float target", MML(x.t, tf.t, 0, o.t, m.t), 161002, "target");
    ExpectError("out dtype", MML(x.t, t.t, 0, o16.t, m.t), 161002, "out");
    ExpectError("isTarget dtype", MML(x.t, t.t, 0, o.t, m16.t), 161002, "isTarget");
    // dtype before shape: a bad dtype wins over a bad shape
    ExpectError("dtype before shape", MML(x3.t, tf.t, 0, o.t, m.t), 161002, "target");
    ExpectError("3-D self", MML(x3.t, t.t, 0, o.t, m.t), 161002, "Expected non-empty vector or matrix", "[2, 3, 1]");
    ExpectError("C = 0", MML(xc0.t, t.t, 0, o.t, m.t), 161002, "Expected non-empty vector or matrix");
    ExpectError("target shape", MML(x.t, t64.t, 0, o.t, m.t), 161002, "inconsistent target size");
    ExpectError("none out shape", MML(x.t, t.t, 0, o2.t, m.t), 161002, "Expect out shape [2]");
    ExpectError("mean out shape", MML(x.t, t.t, 1, o.t, m.t), 161002, "single element out tensor");
    ExpectError("sum out 2-D", MML(x.t, t.t, 2, mbad.t, m.t), 161002, "single element out tensor");
    ExpectError("isTarget shape", MML(x.t, t.t, 0, o.t, m2.t), 161002, "isTarget");
    ExpectError("empty batch isTarget", MML(xe.t, te.t, 1, o1.t, mbad.t), 161002, "inconsistent isTarget size");
    ExpectError("empty batch ok", MML(xe.t, te.t, 1, o1.t, me.t), 0);
    if (ex) aclDestroyAclOpExecutor(ex);
#undef MML
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip && std::string(chip) == "310p") {
        DevTensor x, xb, t, o, m, ob, mb;
        if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 3}, {}, CONTIG) ||
            !t.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
            !m.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !ob.Init(ACL_BF16, {2}, {}, CONTIG) ||
            !mb.Init(ACL_BF16, {2, 3}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P bf16", aclnnMultilabelMarginLossGetWorkspaceSize(xb.t, t.t, 0, ob.t, mb.t, &ws, &ex), 161002, "self");
        int r = aclnnMultilabelMarginLossGetWorkspaceSize(x.t, t.t, 0, o.t, m.t, &ws, &ex);
        EXPECT(r == 361001, "310P fp32: %d, expected the chip refusal 361001 (%s)", r, aclGetRecentErrMsg());
    } else if (chip && std::string(chip) == "950") {
        Results(rt, ACL_BF16);
        Results(rt, ACL_FLOAT);
    } else {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) Results(rt, dt);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
