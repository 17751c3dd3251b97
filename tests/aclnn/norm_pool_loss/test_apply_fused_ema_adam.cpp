// aclnnApplyFusedEmaAdam (lossopt helper): FP32 / FP16 / BF16, mode 0 (L2) and 1 (AdamW), with and
// without bias correction, contiguous and strided in-place tensors, against a double reference of
// the documented update; the generated checks and the tiling's refusals with codes and messages;
// on the 310P / 950 the chip refusal.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_apply_fused_ema_adam.h"

static const double kLr = 1e-2, kEma = 0.9, kB1 = 0.9, kB2 = 0.99, kEps = 1e-8, kWd = 0.05;

static int Stage1(const DevTensor &g, const DevTensor &var, const DevTensor &m, const DevTensor &v, const DevTensor &s,
                  const DevTensor &st, int64_t mode, bool bc, uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnApplyFusedEmaAdamGetWorkspaceSize(g.t, var.t, m.t, v.t, s.t, st.t, kLr, kEma, kB1, kB2, kEps, mode, bc,
                                                  kWd, ws, ex);
}

static void Case(Runtime &rt, aclDataType dt, int64_t mode, bool bc, Layout l, int64_t step, bool wideStep = false)
{
    const int64_t R = 7, C = 9, N = R * C;
    std::vector<double> g = QuantAll(dt, RandomValues(N, 1, 0.5)), var = QuantAll(dt, RandomValues(N, 2)),
                        m = QuantAll(dt, RandomValues(N, 3, 0.1)), v(N), s = QuantAll(dt, RandomValues(N, 4));
    Lcg rng(5);
    for (auto &e : v) e = Quant(dt, 0.01 + 0.2 * rng.uniform());
    std::vector<double> ev(N), em(N), evv(N), es(N);
    double c1 = bc ? 1 - std::pow(kB1, (double)step) : 1, c2 = bc ? 1 - std::pow(kB2, (double)step) : 1;
    for (int64_t i = 0; i < N; i++) {
        double gg = mode == 0 ? g[i] + kWd * var[i] : g[i];
        em[i] = kB1 * m[i] + (1 - kB1) * gg;
        evv[i] = kB2 * v[i] + (1 - kB2) * gg * gg;
        double upd = (em[i] / c1) / (std::sqrt(evv[i] / c2) + kEps) + (mode == 1 ? kWd * var[i] : 0);
        ev[i] = var[i] - kLr * upd;
        es[i] = kEma * s[i] + (1 - kEma) * ev[i];
    }
    DevTensor tg, tvar, tm, tv, ts, tst;
    if (!tg.Init(dt, {R, C}, g, l) || !tvar.Init(dt, {R, C}, var, l) || !tm.Init(dt, {R, C}, m, CONTIG) ||
        !tv.Init(dt, {R, C}, v, l) || !ts.Init(dt, {R, C}, s, l == CONTIG ? CONTIG : TRANSPOSED) ||
        !(wideStep ? tst.Init(ACL_INT64, {2, 2}, {(double)step, 9, 9, 9}, CONTIG)
                   : tst.Init(ACL_INT64, {1}, {(double)step}, CONTIG))) {
        EXPECT(false, "tensors");
        return;
    }
    std::string name = std::string("ApplyFusedEmaAdam ") + DtName(dt) + " mode " + std::to_string(mode) +
                       (bc ? " bias-corrected" : "") + " step " + std::to_string(step);
    int r = Run("aclnnApplyFusedEmaAdam", rt.stream,
                [&](uint64_t *w, aclOpExecutor **e) { return Stage1(tg, tvar, tm, tv, ts, tst, mode, bc, w, e); },
                aclnnApplyFusedEmaAdam);
    EXPECT(r == 0, "%s: run %d (%s)", name.c_str(), r, aclGetRecentErrMsg());
    if (r) return;
    CheckDtype((name + " var").c_str(), dt, tvar.Read(), ev);
    CheckDtype((name + " m").c_str(), dt, tm.Read(), em);
    CheckDtype((name + " v").c_str(), dt, tv.Read(), evv);
    CheckDtype((name + " s").c_str(), dt, ts.Read(), es);
    EXPECT(tvar.CountClobbered() == 0 && tv.CountClobbered() == 0, "%s: wrote outside the views", name.c_str());
}

static void Validation()
{
    DevTensor g, g16, gi, var, varw, st, st32, st2;
    if (!g.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !g16.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !gi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !var.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !varw.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !st.Init(ACL_INT64, {1}, {1}, CONTIG) ||
        !st32.Init(ACL_INT32, {1}, {1}, CONTIG) || !st2.Init(ACL_INT64, {0}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor none;
    ExpectError("null grad", Stage1(none, var, var, var, var, st, 1, true, &ws, &ex), 161001, "grad");
    ExpectError("null sRef", Stage1(g, var, var, var, none, st, 1, true, &ws, &ex), 161001, "sRef");
    ExpectError("null step", Stage1(g, var, var, var, var, none, 1, true, &ws, &ex), 161001, "step");
    ExpectError("int grad", Stage1(gi, var, var, var, var, st, 1, true, &ws, &ex), 161002, "grad");
    ExpectError("mixed dtypes", Stage1(g16, var, var, var, var, st, 1, true, &ws, &ex), 161002, "varRef");
    ExpectError("int32 step", Stage1(g, var, var, var, var, st32, 1, true, &ws, &ex), 161002, "step");
    ExpectError("shape", Stage1(g, var, var, varw, var, st, 1, true, &ws, &ex), 561002, "same shape");
    ExpectError("empty step", Stage1(g, var, var, var, var, st2, 1, true, &ws, &ex), 561002, "step");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip) {
        DevTensor g, st;
        if (!g.Init(ACL_FLOAT, {2}, {}, CONTIG) || !st.Init(ACL_INT64, {1}, {1}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("chip", Stage1(g, g, g, g, g, st, 1, true, &ws, &ex), 161002, "not supported");
    } else {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (int64_t mode : {0, 1})
                for (bool bc : {false, true}) Case(rt, dt, mode, bc, mode ? STRIDED : CONTIG, bc ? 3 : 1);
        Case(rt, ACL_FLOAT, 1, true, TRANSPOSED, 1000);
        Case(rt, ACL_FLOAT, 0, true, CONTIG, 2, true); // a [2, 2] step: element 0 is used
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
