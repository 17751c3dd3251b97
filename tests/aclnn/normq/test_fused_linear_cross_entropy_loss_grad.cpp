// aclnnFusedLinearCrossEntropyLossGrad (ops-nn matmul/fused_linear_cross_entropy_loss_grad, A2 / A3):
// g = (softmax - onehot(maskedTarget) where targetMask is 0) * grad, inputGradOut = g @ weight,
// weightGradOut = g^T @ input; the softmax given (high-performance branch) or recomputed from
// input @ weight^T with logitsMax / sumExpLogits (memory-saving branch). The double reference
// written here is first checked by finite differences of the loss sum_b grad[b] * (logsumexp(l_b)
// - [unmasked] l_b[t_b]), l = input @ weight^T; then the op against it (the kernel rounds g to the
// operands' dtype before the Cube: error within 2^-8 (FP16) / 2^-6 (BF16) of the summed
// magnitudes). targetMask BOOL per row or UINT8 bits, maskedTarget INT32 / INT64, a target out of
// range updates nothing; validation in the op_api's order; the 950 / 310P refusal (361001) comes
// after the parameter checks and an empty input.
#include "aclnnop/aclnn_fused_linear_cross_entropy_loss_grad.h"
#include "normq_util.h"

static aclrtStream g_stream;

static std::vector<double> Logits(const std::vector<double> &in, const std::vector<double> &w, int64_t BT, int64_t V,
                                  int64_t H)
{
    std::vector<double> l((size_t)(BT * V));
    for (int64_t b = 0; b < BT; b++)
        for (int64_t v = 0; v < V; v++) {
            double s = 0;
            for (int64_t h = 0; h < H; h++) s += in[(size_t)(b * H + h)] * w[(size_t)(v * H + h)];
            l[(size_t)(b * V + v)] = s;
        }
    return l;
}

static void Softmax(const std::vector<double> &l, int64_t BT, int64_t V, std::vector<double> &sm,
                    std::vector<double> &mx, std::vector<double> &se)
{
    sm.assign(l.size(), 0);
    mx.assign((size_t)BT, -1e300);
    se.assign((size_t)BT, 0);
    for (int64_t b = 0; b < BT; b++) {
        for (int64_t v = 0; v < V; v++) mx[(size_t)b] = std::max(mx[(size_t)b], l[(size_t)(b * V + v)]);
        for (int64_t v = 0; v < V; v++) se[(size_t)b] += std::exp(l[(size_t)(b * V + v)] - mx[(size_t)b]);
        for (int64_t v = 0; v < V; v++)
            sm[(size_t)(b * V + v)] = std::exp(l[(size_t)(b * V + v)] - mx[(size_t)b]) / se[(size_t)b];
    }
}

// g, then dInput = g @ w, dW = g^T @ in (and the magnitude sums for the tolerance).
static void Reference(const std::vector<double> &sm, const std::vector<double> &grad, const std::vector<bool> &masked,
                      const std::vector<int64_t> &tg, const std::vector<double> &in, const std::vector<double> &w,
                      int64_t BT, int64_t V, int64_t H, std::vector<double> &di, std::vector<double> &dw,
                      std::vector<double> &mi, std::vector<double> &mw)
{
    std::vector<double> g = sm;
    for (int64_t b = 0; b < BT; b++) {
        if (!masked[(size_t)b] && tg[(size_t)b] >= 0 && tg[(size_t)b] < V) g[(size_t)(b * V + tg[(size_t)b])] -= 1.0;
        for (int64_t v = 0; v < V; v++) g[(size_t)(b * V + v)] *= grad[(size_t)b];
    }
    di.assign((size_t)(BT * H), 0);
    mi = di;
    dw.assign((size_t)(V * H), 0);
    mw = dw;
    for (int64_t b = 0; b < BT; b++)
        for (int64_t v = 0; v < V; v++) {
            double gv = g[(size_t)(b * V + v)];
            for (int64_t h = 0; h < H; h++) {
                di[(size_t)(b * H + h)] += gv * w[(size_t)(v * H + h)];
                mi[(size_t)(b * H + h)] += std::fabs(gv * w[(size_t)(v * H + h)]);
                dw[(size_t)(v * H + h)] += gv * in[(size_t)(b * H + h)];
                mw[(size_t)(v * H + h)] += std::fabs(gv * in[(size_t)(b * H + h)]);
            }
        }
}

static void FiniteDifferences()
{
    const int64_t BT = 3, V = 7, H = 4;
    auto in = RandomValues((size_t)(BT * H), 21, 0.3), w = RandomValues((size_t)(V * H), 22, 0.3),
         grad = RandomValues((size_t)BT, 23, 0.5);
    std::vector<bool> masked = {false, true, false};
    std::vector<int64_t> tg = {2, 0, 6};
    auto loss = [&](const std::vector<double> &ii, const std::vector<double> &ww) {
        auto l = Logits(ii, ww, BT, V, H);
        std::vector<double> sm, mx, se;
        Softmax(l, BT, V, sm, mx, se);
        double L = 0;
        for (int64_t b = 0; b < BT; b++)
            L += grad[(size_t)b] * (mx[(size_t)b] + std::log(se[(size_t)b]) -
                                    (masked[(size_t)b] ? 0.0 : l[(size_t)(b * V + tg[(size_t)b])]));
        return L;
    };
    std::vector<double> sm, mx, se, di, dw, mi, mw;
    Softmax(Logits(in, w, BT, V, H), BT, V, sm, mx, se);
    Reference(sm, grad, masked, tg, in, w, BT, V, H, di, dw, mi, mw);
    const double h = 1e-6;
    for (size_t k = 0; k < in.size(); k++) {
        auto p = in, m = in;
        p[k] += h;
        m[k] -= h;
        double fd = (loss(p, w) - loss(m, w)) / (2 * h);
        EXPECT(std::fabs(fd - di[k]) <= 1e-6 * (1 + std::fabs(fd)), "finite differences dInput[%zu]: %g vs %g", k, fd, di[k]);
    }
    for (size_t k = 0; k < w.size(); k++) {
        auto p = w, m = w;
        p[k] += h;
        m[k] -= h;
        double fd = (loss(in, p) - loss(in, m)) / (2 * h);
        EXPECT(std::fabs(fd - dw[k]) <= 1e-6 * (1 + std::fabs(fd)), "finite differences dWeight[%zu]: %g vs %g", k, fd, dw[k]);
    }
}

struct Case {
    aclDataType dt, maskDt, tgtDt;
    int64_t BT, V, H;
    bool soft;
    Layout wl;
    uint64_t seed;
};

static void RunCase(const Case &c)
{
    const int64_t BT = c.BT, V = c.V, H = c.H;
    auto in = QuantAll(c.dt, RandomValues((size_t)(BT * H), c.seed, 0.2));
    auto w = QuantAll(c.dt, RandomValues((size_t)(V * H), c.seed + 1, 0.2));
    auto grad = QuantAll(ACL_FLOAT, RandomValues((size_t)BT, c.seed + 2, 0.3));
    Lcg rng(c.seed + 3);
    std::vector<bool> masked((size_t)BT);
    std::vector<int64_t> tg((size_t)BT);
    std::vector<double> tgv((size_t)BT);
    for (int64_t b = 0; b < BT; b++) {
        masked[(size_t)b] = rng.uniform() < 0.3;
        tg[(size_t)b] = (int64_t)(rng.uniform() * (double)V);
        if (b == 1) tg[(size_t)b] = V + 3, masked[(size_t)b] = false; // out of range: no update
        tgv[(size_t)b] = (double)tg[(size_t)b];
    }
    std::vector<double> maskv;
    if (c.maskDt == ACL_UINT8) {
        maskv.assign((size_t)((BT + 7) / 8), 0);
        for (int64_t b = 0; b < BT; b++)
            if (masked[(size_t)b]) maskv[(size_t)(b / 8)] += (double)(1 << (b % 8));
    } else {
        for (int64_t b = 0; b < BT; b++) maskv.push_back(masked[(size_t)b] ? 1 : 0);
    }
    // the statistics as the forward (FusedLinearOnlineMaxSum) leaves them, from the operands' values
    std::vector<double> sm, mx, se;
    Softmax(Logits(in, w, BT, V, H), BT, V, sm, mx, se);
    DevTensor tgrad, tin, tw, tmask, ttg, tmx, tse, tsm, tdi, tdw;
    if (!tgrad.Init(ACL_FLOAT, {BT}, grad, CONTIG) || !tin.Init(c.dt, {BT, H}, in, CONTIG) ||
        !tw.Init(c.dt, {V, H}, w, c.wl) || !tmask.Init(c.maskDt, {(int64_t)maskv.size()}, maskv, CONTIG) ||
        !ttg.Init(c.tgtDt, {BT}, tgv, CONTIG) || !tmx.Init(ACL_FLOAT, {BT}, mx, CONTIG) ||
        !tse.Init(ACL_FLOAT, {BT}, se, CONTIG) || !tsm.Init(ACL_FLOAT, {BT, V}, sm, CONTIG) ||
        !tdi.Init(c.dt, {BT, H}, {}, CONTIG, 0) || !tdw.Init(c.dt, {V, H}, {}, STRIDED, 0)) {
        EXPECT(false, "tensors");
        return;
    }
    int r = Run("aclnnFusedLinearCrossEntropyLossGrad", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(
                        tgrad.t, tin.t, tw.t, tmask.t, ttg.t, 0.0f, c.soft ? nullptr : tmx.t,
                        c.soft ? nullptr : tse.t, c.soft ? tsm.t : nullptr, tdi.t, tdw.t, ws, e);
                },
                aclnnFusedLinearCrossEntropyLossGrad);
    EXPECT(r == 0, "%s BT %lld V %lld H %lld %s: run %d", DtName(c.dt), (long long)BT, (long long)V, (long long)H,
           c.soft ? "softmax" : "max / sum", r);
    if (r) return;
    // the kernel takes the FP32 softmax as given; the reference reads the same FP32 values
    auto smq = QuantAll(ACL_FLOAT, sm);
    std::vector<double> di, dw, mi, mw;
    Reference(c.soft ? smq : sm, grad, masked, tg, in, w, BT, V, H, di, dw, mi, mw);
    const double tol = c.dt == ACL_BF16 ? 1.0 / 64 : 1.0 / 256;
    auto gi = tdi.Read(), gw = tdw.Read();
    int64_t badI = 0, badW = 0;
    for (size_t k = 0; k < di.size(); k++) badI += std::fabs(gi[k] - di[k]) > tol * mi[k] + 1e-6;
    for (size_t k = 0; k < dw.size(); k++) badW += std::fabs(gw[k] - dw[k]) > tol * mw[k] + 1e-6;
    EXPECT(badI == 0 && badW == 0, "%s BT %lld V %lld H %lld %s (%s mask, %s target): %lld inputGrad / %lld weightGrad wrong",
           DtName(c.dt), (long long)BT, (long long)V, (long long)H, c.soft ? "softmax" : "max / sum",
           DtName(c.maskDt), DtName(c.tgtDt), (long long)badI, (long long)badW);
    EXPECT(tdw.CountClobbered(0) == 0, "weightGradOut view: storage outside it written");
}

static int Stage1(const aclTensor *grad, const aclTensor *in, const aclTensor *w, const aclTensor *mask,
                  const aclTensor *tg, float ls, const aclTensor *mx, const aclTensor *se, const aclTensor *sm,
                  aclTensor *di, aclTensor *dw, aclOpExecutor **ex)
{
    uint64_t ws = 0;
    return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(grad, in, w, mask, tg, ls, mx, se, sm, di, dw, &ws, ex);
}

static void Validation(bool a2, aclDataType hd)
{
    // 16-bit operands: BF16, FLOAT16 on the 310P (no BF16 there); od the other one
    const aclDataType od = hd == ACL_BF16 ? ACL_FLOAT16 : ACL_BF16;
    const int64_t BT = 4, V = 128, H = 8;
    DevTensor grad, in, w, mask, tg, mx, sm, di, dw, grad16, in32, w16, mask8, tg16, sm16, di32, inNz, grad2, inBad,
        w1, maskBad, mask8Bad, tgBad, smBad, dwBad, wSmall, dwSmall, smSmall, in0, di0, mxBad;
    inNz.fmt = ACL_FORMAT_FRACTAL_NZ;
    if (!grad.Init(ACL_FLOAT, {BT}, {}, CONTIG) || !in.Init(hd, {BT, H}, {}, CONTIG) ||
        !w.Init(hd, {V, H}, {}, CONTIG) || !mask.Init(ACL_BOOL, {BT}, {}, CONTIG) ||
        !tg.Init(ACL_INT32, {BT}, {}, CONTIG) || !mx.Init(ACL_FLOAT, {BT}, {}, CONTIG) ||
        !sm.Init(ACL_FLOAT, {BT, V}, {}, CONTIG) || !di.Init(hd, {BT, H}, {}, CONTIG) ||
        !dw.Init(hd, {V, H}, {}, CONTIG) || !grad16.Init(ACL_FLOAT16, {BT}, {}, CONTIG) ||
        !in32.Init(ACL_FLOAT, {BT, H}, {}, CONTIG) || !w16.Init(od, {V, H}, {}, CONTIG) ||
        !mask8.Init(ACL_UINT8, {1}, {}, CONTIG) || !tg16.Init(ACL_INT16, {BT}, {}, CONTIG) ||
        !sm16.Init(ACL_FLOAT16, {BT, V}, {}, CONTIG) || !di32.Init(ACL_FLOAT, {BT, H}, {}, CONTIG) ||
        !inNz.Init(hd, {BT, H}, {}, CONTIG) || !grad2.Init(ACL_FLOAT, {BT, 1}, {}, CONTIG) ||
        !inBad.Init(hd, {BT + 1, H}, {}, CONTIG) || !w1.Init(hd, {V, H + 1}, {}, CONTIG) ||
        !maskBad.Init(ACL_BOOL, {BT + 1}, {}, CONTIG) || !mask8Bad.Init(ACL_UINT8, {0}, {}, CONTIG) ||
        !tgBad.Init(ACL_INT32, {BT - 1}, {}, CONTIG) || !smBad.Init(ACL_FLOAT, {BT, V + 1}, {}, CONTIG) ||
        !dwBad.Init(hd, {V, H - 1}, {}, CONTIG) || !wSmall.Init(hd, {64, H}, {}, CONTIG) ||
        !dwSmall.Init(hd, {64, H}, {}, CONTIG) || !smSmall.Init(ACL_FLOAT, {BT, 64}, {}, CONTIG) ||
        !in0.Init(hd, {BT, 0}, {}, CONTIG) || !di0.Init(hd, {BT, 0}, {}, CONTIG) ||
        !mxBad.Init(ACL_FLOAT, {BT + 2}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    DevTensor w0, dw0;
    if (!w0.Init(hd, {V, 0}, {}, CONTIG) || !dw0.Init(hd, {V, 0}, {}, CONTIG)) return;
    aclOpExecutor *ex = nullptr;
    const aclTensor *N = nullptr;
    ExpectError("no softmax, no max", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, mx.t, N, di.t, dw.t, &ex), 161001, "softmaxOptional can not be nullptr");
    ExpectError("no softmax, no sum", Stage1(N, in.t, w.t, mask.t, tg.t, 0, mx.t, N, N, di.t, dw.t, &ex), 161001, "softmaxOptional can not be nullptr");
    ExpectError("null grad", Stage1(N, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161001, "grad");
    ExpectError("null weightGradOut", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, nullptr, &ex), 161001, "weightGradOut");
    ExpectError("fp16 grad", Stage1(grad16.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "grad");
    ExpectError("fp32 input", Stage1(grad.t, in32.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "input");
    ExpectError("int16 maskedTarget", Stage1(grad.t, in.t, w.t, mask.t, tg16.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "maskedTarget");
    ExpectError("fp16 softmax", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm16.t, di.t, dw.t, &ex), 161002, "softmaxOptional");
    ExpectError("weight fp16, input bf16", Stage1(grad.t, in.t, w16.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "weight");
    ExpectError("fp32 inputGradOut", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di32.t, dw.t, &ex), 161002, "inputGradOut");
    ExpectError("dtype before format", Stage1(grad16.t, inNz.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "grad");
    ExpectError("NZ input", Stage1(grad.t, inNz.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "only supports ND format");
    ExpectError("format before attr", Stage1(grad.t, inNz.t, w.t, mask.t, tg.t, 0.1f, N, N, sm.t, di.t, dw.t, &ex), 161002, "ND format");
    ExpectError("labelSmoothing", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0.1f, N, N, sm.t, di.t, dw.t, &ex), 161002, "labelSmoothing equals 0");
    ExpectError("attr before shape", Stage1(grad2.t, in.t, w.t, mask.t, tg.t, 0.1f, N, N, sm.t, di.t, dw.t, &ex), 161002, "labelSmoothing");
    ExpectError("grad 2-D", Stage1(grad2.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "grad");
    ExpectError("input rows", Stage1(grad.t, inBad.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "input.size(0) should be equal to grad.size(0)");
    ExpectError("V < 128 with softmax", Stage1(grad.t, in.t, wSmall.t, mask.t, tg.t, 0, N, N, smSmall.t, di.t, dwSmall.t, &ex), 161002, "weight.size(0) < 128 is not supported");
    ExpectError("weight H", Stage1(grad.t, in.t, w1.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "weight.size(1) should be equal to input.size(1)");
    ExpectError("bool mask length", Stage1(grad.t, in.t, w.t, maskBad.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "when targetMask is in BOOL");
    ExpectError("uint8 mask bits", Stage1(grad.t, in.t, w.t, mask8Bad.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "when targetMask is in UINT8");
    ExpectError("maskedTarget length", Stage1(grad.t, in.t, w.t, mask.t, tgBad.t, 0, N, N, sm.t, di.t, dw.t, &ex), 161002, "maskedTarget.size(0)");
    ExpectError("softmax shape", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, N, smBad.t, di.t, dw.t, &ex), 161002, "softmaxOptional");
    ExpectError("logitsMax shape", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, mxBad.t, mx.t, N, di.t, dw.t, &ex), 161002, "logitsMaxOptional");
    ExpectError("weightGradOut shape", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dwBad.t, &ex), 161002, "weightGradOut");
    ExpectOk("empty input", Stage1(grad.t, in0.t, w0.t, mask.t, tg.t, 0, N, N, sm.t, di0.t, dw0.t, &ex), &ex);
    if (a2) {
        ExpectOk("V < 128 without softmax", Stage1(grad.t, in.t, wSmall.t, mask8.t, tg.t, 0, mx.t, mx.t, N, di.t, dwSmall.t, &ex), &ex);
    } else {
        ExpectCode("no kernel on this chip", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0, N, N, sm.t, di.t, dw.t, &ex), 361001, "Current platform is not supported");
        ExpectError("params before the chip", Stage1(grad.t, in.t, w.t, mask.t, tg.t, 0.5f, N, N, sm.t, di.t, dw.t, &ex), 161002, "labelSmoothing");
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    FiniteDifferences();
    Chip chip = CurrentChip();
    if (chip == A2 || chip == A3) {
        RunCase({ACL_BF16, ACL_UINT8, ACL_INT32, 16, 128, 32, true, CONTIG, 1}); // like the example
        RunCase({ACL_FLOAT16, ACL_BOOL, ACL_INT64, 9, 130, 24, true, TRANSPOSED, 2});
        RunCase({ACL_BF16, ACL_BOOL, ACL_INT32, 13, 40, 16, false, CONTIG, 3});
        RunCase({ACL_FLOAT16, ACL_UINT8, ACL_INT64, 37, 200, 48, false, STRIDED, 4});
    }
    Validation(chip == A2 || chip == A3, chip == C310P ? ACL_FLOAT16 : ACL_BF16);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
