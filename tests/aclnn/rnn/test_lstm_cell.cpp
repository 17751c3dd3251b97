// ThnnFusedLstmCell and ThnnFusedLstmCellBackward (issue 12, actrnn): FP32 / FP16, with and
// without biases, contiguous / strided / transposed views, +-Inf and NaN gate values, against
// an LSTM cell written here in double; the backward against central finite differences of that
// cell (d/dx of sum(gh * hy + gc * cy)); the validation paths; argument "950": the chip refusal.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell_backward.h"

static const int64_t B = 3, H = 5;

static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The cell: pre-activations in (i, f, g, o) blocks of H along the row.
struct Cell {
    std::vector<double> hy, cy, act;
};
static Cell Forward(const std::vector<double> &ig, const std::vector<double> &hg, const std::vector<double> &cx,
                    const std::vector<double> &bi, const std::vector<double> &bh)
{
    Cell c;
    c.hy.resize(B * H); c.cy.resize(B * H); c.act.resize(B * 4 * H);
    for (int64_t b = 0; b < B; b++)
        for (int64_t h = 0; h < H; h++) {
            double a[4];
            for (int g = 0; g < 4; g++) {
                size_t k = (size_t)(b * 4 * H + g * H + h);
                double p = ig[k] + hg[k] + (bi.empty() ? 0.0 : bi[(size_t)(g * H + h)] + bh[(size_t)(g * H + h)]);
                a[g] = g == 2 ? std::tanh(p) : (std::isinf(p) ? (p > 0 ? 1.0 : 0.0) : Sig(p));
                c.act[k] = a[g];
            }
            double cyv = a[1] * cx[(size_t)(b * H + h)] + a[0] * a[2];
            c.cy[(size_t)(b * H + h)] = cyv;
            c.hy[(size_t)(b * H + h)] = a[3] * std::tanh(cyv);
        }
    return c;
}

static double Objective(const Cell &c, const std::vector<double> &gh, const std::vector<double> &gc)
{
    double s = 0;
    for (size_t i = 0; i < c.hy.size(); i++) s += gh[i] * c.hy[i] + gc[i] * c.cy[i];
    return s;
}

static void TestForward(Runtime &rt, aclDataType dt, bool bias, Layout in_l, Layout out_l, bool special)
{
    std::vector<double> ig = QuantAll(dt, RandomValues(B * 4 * H, 11, 2.0)), hg = QuantAll(dt, RandomValues(B * 4 * H, 12, 2.0)),
                        cx = QuantAll(dt, RandomValues(B * H, 13, 1.5)), bi, bh;
    if (bias) { bi = QuantAll(dt, RandomValues(4 * H, 14, 0.5)); bh = QuantAll(dt, RandomValues(4 * H, 15, 0.5)); }
    if (special) {
        ig[0] = INFINITY;                  // i = 1
        ig[(size_t)(2 * H + 1)] = -INFINITY; // g = -1
        ig[(size_t)(4 * H + 3 * H)] = NAN;   // o of row 1 = NaN -> hy NaN
    }
    Cell ref = Forward(ig, hg, cx, bi, bh);
    DevTensor tig, thg, tcx, tbi, tbh, thy, tcy, tst;
    if (!tig.Init(dt, {B, 4 * H}, ig, in_l) || !thg.Init(dt, {B, 4 * H}, hg, CONTIG) || !tcx.Init(dt, {B, H}, cx, in_l) ||
        (bias && (!tbi.Init(dt, {4 * H}, bi, in_l) || !tbh.Init(dt, {4 * H}, bh, CONTIG))) ||
        !thy.Init(dt, {B, H}, {}, out_l) || !tcy.Init(dt, {B, H}, {}, CONTIG) || !tst.Init(dt, {B, 4 * H}, {}, out_l)) {
        EXPECT(false, "tensor set-up");
        return;
    }
    std::string what = std::string("ThnnFusedLstmCell ") + DtName(dt) + (bias ? " bias" : " no-bias") + " in " +
                       std::to_string((int)in_l) + " out " + std::to_string((int)out_l) + (special ? " special" : "");
    int rc = Run("aclnnThnnFusedLstmCell", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnThnnFusedLstmCellGetWorkspaceSize(tig.t, thg.t, tcx.t, bias ? tbi.t : nullptr, bias ? tbh.t : nullptr,
                                                      thy.t, tcy.t, tst.t, s, e); }, aclnnThnnFusedLstmCell);
    EXPECT(rc == 0, "%s run", what.c_str());
    CheckDtype((what + " hy").c_str(), dt, thy.Read(), ref.hy);
    CheckDtype((what + " cy").c_str(), dt, tcy.Read(), ref.cy);
    CheckDtype((what + " storage").c_str(), dt, tst.Read(), ref.act);
    EXPECT(thy.CountClobbered() == 0 && tst.CountClobbered() == 0, "%s wrote outside the views", what.c_str());
}

static void TestBackward(Runtime &rt, aclDataType dt, bool has_bias, Layout in_l, Layout out_l)
{
    // a forward in double gives consistent storage / cy; the gradient is checked against central
    // differences of Objective over the pre-activations and cx
    std::vector<double> pre = RandomValues(B * 4 * H, 21, 1.5), zero(B * 4 * H, 0.0), cx = QuantAll(dt, RandomValues(B * H, 22)),
                        gh = QuantAll(dt, RandomValues(B * H, 23)), gc = QuantAll(dt, RandomValues(B * H, 24)), none;
    Cell f = Forward(pre, zero, cx, none, none);
    // the device sees storage / cy rounded to dt; the reference uses the same rounded values
    std::vector<double> st = QuantAll(dt, f.act), cy = QuantAll(dt, f.cy);
    // finite differences on the exact cell, then the analytic form evaluated at the rounded
    // inputs must agree with them (for FP32 they are the same point)
    std::vector<double> g_pre(B * 4 * H), g_cx(B * H), g_b(4 * H, 0.0);
    const double eps = 1e-6;
    for (size_t k = 0; k < pre.size(); k++) {
        std::vector<double> p = pre, m = pre;
        p[k] += eps; m[k] -= eps;
        g_pre[k] = (Objective(Forward(p, zero, cx, none, none), gh, gc) - Objective(Forward(m, zero, cx, none, none), gh, gc)) / (2 * eps);
    }
    for (size_t k = 0; k < cx.size(); k++) {
        std::vector<double> p = cx, m = cx;
        p[k] += eps; m[k] -= eps;
        g_cx[k] = (Objective(Forward(pre, zero, p, none, none), gh, gc) - Objective(Forward(pre, zero, m, none, none), gh, gc)) / (2 * eps);
    }
    for (int64_t b = 0; b < B; b++)
        for (int64_t j = 0; j < 4 * H; j++) g_b[(size_t)j] += g_pre[(size_t)(b * 4 * H + j)];
    DevTensor tgh, tgc, tcx, tcy, tst, tgg, tgcx, tgb;
    if (!tgh.Init(dt, {B, H}, gh, in_l) || !tgc.Init(dt, {B, H}, gc, CONTIG) || !tcx.Init(dt, {B, H}, cx, CONTIG) ||
        !tcy.Init(dt, {B, H}, cy, in_l) || !tst.Init(dt, {B, 4 * H}, st, in_l) || !tgg.Init(dt, {B, 4 * H}, {}, out_l) ||
        !tgcx.Init(dt, {B, H}, {}, out_l) || !tgb.Init(dt, {4 * H}, {}, CONTIG)) {
        EXPECT(false, "tensor set-up");
        return;
    }
    std::string what = std::string("ThnnFusedLstmCellBackward ") + DtName(dt) + (has_bias ? " bias" : " no-bias") +
                       " in " + std::to_string((int)in_l) + " out " + std::to_string((int)out_l);
    int rc = Run("aclnnThnnFusedLstmCellBackward", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(tgh.t, tgc.t, tcx.t, tcy.t, tst.t, has_bias, tgg.t, tgcx.t,
                                                              tgb.t, s, e); }, aclnnThnnFusedLstmCellBackward);
    EXPECT(rc == 0, "%s run", what.c_str());
    // FP16 storage / cy are rounded: the finite differences of the exact cell hold to ~1e-3
    bool fp16 = dt == ACL_FLOAT16;
    double rtol = fp16 ? 1e-2 : 1e-4, atol = fp16 ? 1e-2 : 1e-5;
    CheckAccuracy((what + " gradGates").c_str(), tgg.Read(), g_pre, rtol, atol, fp16 ? 5e-2 : 1e-3);
    CheckAccuracy((what + " gradCx").c_str(), tgcx.Read(), g_cx, rtol, atol, fp16 ? 5e-2 : 1e-3);
    if (has_bias)
        CheckAccuracy((what + " gradBias").c_str(), tgb.Read(), g_b, rtol, atol, fp16 ? 1e-1 : 1e-3);
    else
        for (double v : tgb.Read()) EXPECT(v == -777.0, "%s: gradBias written without hasBias (%g)", what.c_str(), v);
    EXPECT(tgg.CountClobbered() == 0 && tgcx.CountClobbered() == 0, "%s wrote outside the views", what.c_str());
}

static void TestValidation()
{
    DevTensor g, c, b, hy, st, g16, bad3, g1d, b2, cnd;
    if (!g.Init(ACL_FLOAT, {B, 4 * H}, {}, CONTIG) || !c.Init(ACL_FLOAT, {B, H}, {}, CONTIG) || !b.Init(ACL_FLOAT, {4 * H}, {}, CONTIG) ||
        !hy.Init(ACL_FLOAT, {B, H}, {}, CONTIG) || !st.Init(ACL_FLOAT, {B, 4 * H}, {}, CONTIG) ||
        !g16.Init(ACL_BF16, {B, 4 * H}, {}, CONTIG) || !bad3.Init(ACL_FLOAT, {B, 4 * H, 1}, {}, CONTIG) ||
        !g1d.Init(ACL_FLOAT, {B, 3 * H}, {}, CONTIG) || !b2.Init(ACL_FLOAT16, {4 * H}, {}, CONTIG)) {
        EXPECT(false, "tensor set-up");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("fwd null inputGates", aclnnThnnFusedLstmCellGetWorkspaceSize(nullptr, g.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex), 161001, "inputGates");
    ExpectError("fwd bias without hiddenBias", aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, g.t, c.t, b.t, nullptr, hy.t, c.t, st.t, &ws, &ex), 161001, "hiddenBias");
    ExpectError("fwd hiddenBias alone", aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, g.t, c.t, nullptr, b.t, hy.t, c.t, st.t, &ws, &ex), 161001, "inputBias");
    ExpectError("fwd null storage", aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, g.t, c.t, nullptr, nullptr, hy.t, c.t, nullptr, &ws, &ex), 161001, "storageOut");
    ExpectError("fwd 3-D hiddenGates", aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, bad3.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex), 161002, "hiddenGates");
    ExpectError("fwd gates width", aclnnThnnFusedLstmCellGetWorkspaceSize(g1d.t, g.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex), 161002, "inputGates", "[3, 20]");
    ExpectError("fwd bias shape", aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, g.t, c.t, b.t, hy.t, hy.t, c.t, st.t, &ws, &ex), 161002, "hiddenBias");
    ExpectError("fwd bf16", aclnnThnnFusedLstmCellGetWorkspaceSize(g16.t, g16.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex), 161002, "DT_BF16");
    ExpectError("fwd bias dtype", aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, g.t, c.t, b.t, b2.t, hy.t, c.t, st.t, &ws, &ex), 161002, "hiddenBias");
    // empty inputGates: nothing else is checked, nothing runs
    DevTensor e0;
    if (!e0.Init(ACL_FLOAT, {0, 4 * H}, {}, CONTIG)) return;
    ex = nullptr;
    int rc = aclnnThnnFusedLstmCellGetWorkspaceSize(e0.t, g1d.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "fwd empty inputGates: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnThnnFusedLstmCell(nullptr, 0, ex, nullptr) == 0, "fwd empty stage 2");
    // backward
    ExpectError("bwd null gradBias", aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(c.t, c.t, c.t, c.t, st.t, false, g.t, c.t, nullptr, &ws, &ex), 161001, "gradBias");
    DevTensor c16;
    if (!c16.Init(ACL_FLOAT16, {B, H}, {}, CONTIG)) return;
    ExpectError("bwd cx dtype", aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(c.t, c.t, c16.t, c.t, st.t, true, g.t, c.t, b.t, &ws, &ex), 161002, "cx");
    ExpectError("bwd storage shape", aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(c.t, c.t, c.t, c.t, g1d.t, true, g.t, c.t, b.t, &ws, &ex), 161002, "storage");
    ExpectError("bwd gradBias shape", aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(c.t, c.t, c.t, c.t, st.t, true, g.t, c.t, c.t, &ws, &ex), 161002, "gradBias");
    DevTensor e1;
    if (!e1.Init(ACL_FLOAT, {0, H}, {}, CONTIG)) return;
    ExpectError("bwd empty batch", aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(e1.t, c.t, c.t, c.t, st.t, true, g.t, c.t, b.t, &ws, &ex), 161002, "positive");
    // every operand must be ND
    int64_t shp[2] = {B, H}, str[2] = {H, 1};
    aclTensor *nchw = aclCreateTensor(shp, 2, ACL_FLOAT, str, 0, ACL_FORMAT_NCHW, shp, 2, c.dev);
    ExpectError("bwd NCHW cy", aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(c.t, c.t, c.t, nchw, st.t, true, g.t, c.t, b.t, &ws, &ex), 161002, "cy format");
    aclDestroyTensor(nchw);
}

static void TestChipRefusal()
{
    DevTensor g, c, hy, st;
    if (!g.Init(ACL_FLOAT, {B, 4 * H}, {}, CONTIG) || !c.Init(ACL_FLOAT, {B, H}, {}, CONTIG) ||
        !hy.Init(ACL_FLOAT, {B, H}, {}, CONTIG) || !st.Init(ACL_FLOAT, {B, 4 * H}, {}, CONTIG)) {
        EXPECT(false, "tensor set-up");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnThnnFusedLstmCellGetWorkspaceSize(g.t, g.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex);
    EXPECT(rc == 361001, "950 forward: returned %d, expected 361001", rc);
    rc = aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(c.t, c.t, c.t, c.t, st.t, false, g.t, c.t, c.t, &ws, &ex);
    EXPECT(rc == 361001, "950 backward: returned %d, expected 361001", rc);
    // the parameter checks still come first
    ExpectError("950 fwd null", aclnnThnnFusedLstmCellGetWorkspaceSize(nullptr, g.t, c.t, nullptr, nullptr, hy.t, c.t, st.t, &ws, &ex), 161001, "inputGates");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "950") {
        TestChipRefusal();
    } else {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
            TestForward(rt, dt, true, CONTIG, CONTIG, false);
            TestForward(rt, dt, false, STRIDED, TRANSPOSED, false);
            TestForward(rt, dt, true, TRANSPOSED, STRIDED, true);
            TestBackward(rt, dt, true, CONTIG, CONTIG);
            TestBackward(rt, dt, false, STRIDED, TRANSPOSED);
            TestBackward(rt, dt, true, TRANSPOSED, STRIDED);
        }
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
