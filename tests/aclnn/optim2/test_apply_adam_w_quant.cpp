// aclnnApplyAdamWQuant (ops-nn optim/apply_adam_w_quant): var / UINT8 m, v codes / absmax updated in
// place, checked against a double-precision reference written here (dequantise with the maps and
// the block absmax, the op's AdamW step with t = step + 1, blockwise absmax, nearest map entry by
// a full scan, for m the one-step sign correction); FP32 / FP16 / BF16, a partial last block,
// strided views, many blocks; the generated checks and the tiling's refusals; 310P: the chip
// refusal; 950: the runs and its exact absmax size rule.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_apply_adam_w_quant.h"

static aclrtStream g_stream;
static std::string g_chip;

struct Hyper {
    double lr, b1, b2, wd, eps, gs;
    int64_t step;
};

static std::vector<double> QmapM()
{ // ascending, signed, no exact zero (so the sign correction has work to do)
    std::vector<double> q(256);
    for (int j = 0; j < 256; j++) q[(size_t)j] = (float)(j < 100 ? (j - 100.4) / 100.0 : (j - 100.4) / 155.0);
    return q;
}
static std::vector<double> QmapV()
{
    std::vector<double> q(256);
    for (int j = 0; j < 256; j++) q[(size_t)j] = (float)((j / 255.0) * (j / 255.0));
    return q;
}

static int Nearest(const std::vector<double> &q, double x)
{
    int best = 0;
    for (int j = 1; j < 256; j++)
        if (std::fabs(x - q[(size_t)j]) < std::fabs(x - q[(size_t)best])) best = j;
    return best;
}

static void Case(aclDataType dt, std::vector<int64_t> shape, Layout layout, const Hyper &h, uint64_t seed)
{
    const int64_t n = GetShapeSize(shape), nb = (n + 255) / 256;
    Lcg rng(seed);
    std::vector<double> var(n), grad(n), mc(n), vc(n), am(nb), av(nb);
    for (auto &x : var) x = Quant(dt, rng.value());
    for (auto &x : grad) x = Quant(dt, rng.value() * 2.0);
    for (auto &x : mc) x = (double)(int)(rng.uniform() * 256) ;
    for (auto &x : vc) x = (double)(int)(rng.uniform() * 256);
    for (auto &x : am) x = (float)(0.05 + rng.uniform());
    for (auto &x : av) x = (float)(0.01 + rng.uniform());
    const std::vector<double> qm = QmapM(), qv = QmapV();
    // reference
    const double t = (double)h.step + 1;
    const double c1 = 1 - std::pow((double)(float)h.b1, t), c2 = std::sqrt(1 - std::pow((double)(float)h.b2, t));
    const double lr = (float)h.lr, b1 = (float)h.b1, b2 = (float)h.b2, wd = (float)h.wd, eps = (float)h.eps,
                 gs = (float)h.gs;
    std::vector<double> evar(n), emc(n), evc(n), eam(nb), eav(nb), ms(n), vs(n);
    for (int64_t i = 0; i < n; i++) {
        int64_t b = i / 256;
        double g = grad[(size_t)i] * gs;
        double m = qm[(size_t)mc[(size_t)i]] * am[(size_t)b] * b1 + (1 - b1) * g;
        double v = qv[(size_t)vc[(size_t)i]] * av[(size_t)b] * b2 + (1 - b2) * g * g;
        double x = var[(size_t)i] - lr * c2 / c1 * m / (std::sqrt(v) + eps * c2);
        if (wd > 0) x *= 1 - lr * wd;
        evar[(size_t)i] = x;
        ms[(size_t)i] = m;
        vs[(size_t)i] = v;
    }
    for (int64_t b = 0; b < nb; b++) {
        double mm = 0, mv = 0;
        for (int64_t i = b * 256; i < n && i < (b + 1) * 256; i++) {
            mm = std::max(mm, std::fabs(ms[(size_t)i]));
            mv = std::max(mv, std::fabs(vs[(size_t)i]));
        }
        eam[(size_t)b] = mm;
        eav[(size_t)b] = mv;
        for (int64_t i = b * 256; i < n && i < (b + 1) * 256; i++) {
            double x = ms[(size_t)i] / mm;
            int c = Nearest(qm, x);
            if (x * qm[(size_t)c] < 0) c += x > 0 ? 1 : -1;
            emc[(size_t)i] = std::min(255, std::max(0, c));
            evc[(size_t)i] = Nearest(qv, vs[(size_t)i] / mv);
        }
    }
    DevTensor tvar, tgrad, tm, tv, tqm, tqv, tam, tav, tstep;
    if (!tvar.Init(dt, shape, var, layout) || !tgrad.Init(dt, shape, grad, layout) || !tm.Init(ACL_UINT8, shape, mc, layout) ||
        !tv.Init(ACL_UINT8, shape, vc, CONTIG) || !tqm.Init(ACL_FLOAT, {256}, qm, CONTIG) || !tqv.Init(ACL_FLOAT, {256}, qv, CONTIG) ||
        !tam.Init(ACL_FLOAT, {nb}, am, CONTIG) || !tav.Init(ACL_FLOAT, {nb}, av, CONTIG) ||
        !tstep.Init(ACL_INT64, {1}, {(double)h.step}, CONTIG)) {
        EXPECT(false, "tensors");
        return;
    }
    char mode[] = "BLOCKWISE";
    int r = Run("aclnnApplyAdamWQuant", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnApplyAdamWQuantGetWorkspaceSize(tvar.t, tgrad.t, tm.t, tv.t, tqm.t, tqv.t, tam.t, tav.t,
                                                                tstep.t, h.lr, h.b1, h.b2, h.wd, h.eps, h.gs, mode, 256,
                                                                ws, e);
                },
                aclnnApplyAdamWQuant);
    EXPECT(r == 0, "%s n=%lld: run %d (%s)", DtName(dt), (long long)n, r, aclGetRecentErrMsg());
    if (r) return;
    const double rtol = dt == ACL_FLOAT ? 1e-4 : dt == ACL_FLOAT16 ? 1e-3 : 8e-3;
    std::vector<double> gvar = tvar.Read(), gm = tm.Read(), gv = tv.Read(), gam = tam.Read(), gav = tav.Read();
    size_t bad = 0, badm = 0, badv = 0, far = 0;
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
        double err = std::fabs(gvar[(size_t)i] - evar[(size_t)i]);
        worst = std::max(worst, err / (1e-5 + std::fabs(evar[(size_t)i])));
        bad += err > 1e-5 + rtol * std::fabs(evar[(size_t)i]);
        badm += gm[(size_t)i] != emc[(size_t)i];
        badv += gv[(size_t)i] != evc[(size_t)i];
        far += std::fabs(gm[(size_t)i] - emc[(size_t)i]) > 1 || std::fabs(gv[(size_t)i] - evc[(size_t)i]) > 1;
    }
    EXPECT(bad == 0, "%s n=%lld: var %zu elements off (worst rel %g)", DtName(dt), (long long)n, bad, worst);
    // codes sit on rounding boundaries only rarely: at most 0.5% off, never by more than one step
    EXPECT(badm <= (size_t)(n / 200) && badv <= (size_t)(n / 200) && far == 0,
           "%s n=%lld: m codes %zu, v codes %zu differ, %zu by more than one", DtName(dt), (long long)n, badm, badv, far);
    size_t bada = 0;
    for (int64_t b = 0; b < nb; b++)
        bada += std::fabs(gam[(size_t)b] - eam[(size_t)b]) > 1e-5 * eam[(size_t)b] ||
                std::fabs(gav[(size_t)b] - eav[(size_t)b]) > 1e-5 * eav[(size_t)b];
    EXPECT(bada == 0, "%s n=%lld: absmax %zu blocks off", DtName(dt), (long long)n, bada);
    EXPECT(tvar.CountClobbered() == 0 && tm.CountClobbered() == 0, "%s: storage outside the view written", DtName(dt));
}

static void Validation()
{
    DevTensor var, grad, m, v, qm, qv, am, av, step, var16, m8, qm255, am1, am3, step2, var2, empty, emptyU8, emptyAm;
    if (!var.Init(ACL_FLOAT, {2, 256}, {}, CONTIG) || !grad.Init(ACL_FLOAT, {2, 256}, {}, CONTIG) ||
        !m.Init(ACL_UINT8, {2, 256}, {}, CONTIG) || !v.Init(ACL_UINT8, {2, 256}, {}, CONTIG) ||
        !qm.Init(ACL_FLOAT, {256}, {}, CONTIG) || !qv.Init(ACL_FLOAT, {256}, {}, CONTIG) ||
        !am.Init(ACL_FLOAT, {2}, {}, CONTIG) || !av.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !step.Init(ACL_INT64, {1}, {}, CONTIG) || !var16.Init(ACL_FLOAT16, {2, 256}, {}, CONTIG) ||
        !m8.Init(ACL_INT8, {2, 256}, {}, CONTIG) || !qm255.Init(ACL_FLOAT, {255}, {}, CONTIG) ||
        !am1.Init(ACL_FLOAT, {1}, {}, CONTIG) || !am3.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !step2.Init(ACL_INT64, {2}, {}, CONTIG) || !var2.Init(ACL_FLOAT, {512}, {}, CONTIG) ||
        !empty.Init(ACL_FLOAT, {0}, {}, CONTIG) || !emptyU8.Init(ACL_UINT8, {0}, {}, CONTIG) ||
        !emptyAm.Init(ACL_FLOAT, {0}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char mode[] = "BLOCKWISE";
    auto S1 = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, const aclTensor *e,
                  const aclTensor *f, const aclTensor *g, const aclTensor *hh, const aclTensor *i, int64_t bs) {
        return aclnnApplyAdamWQuantGetWorkspaceSize((aclTensor *)a, b, (aclTensor *)c, (aclTensor *)d, e, f,
                                                    (aclTensor *)g, (aclTensor *)hh, i, 1e-3, 0.9, 0.999, 0.01, 1e-8,
                                                    1.0, mode, bs, &ws, &ex);
    };
    const aclTensor *N = nullptr;
    ExpectError("null varRef", S1(N, grad.t, m.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 256), 161001, "varRef");
    ExpectError("null qmapV", S1(var.t, grad.t, m.t, v.t, qm.t, N, am.t, av.t, step.t, 256), 161001, "qmapV");
    ExpectError("null step", S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, am.t, av.t, N, 256), 161001, "step");
    ExpectError("null before dtype", S1(var.t, grad.t, m8.t, v.t, qm.t, qv.t, am.t, N, step.t, 256), 161001, "absmaxVRef");
    {
        aclOpExecutor *e = nullptr;
        int r = aclnnApplyAdamWQuantGetWorkspaceSize(var.t, grad.t, m.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 1e-3, 0.9,
                                                     0.999, 0.01, 1e-8, 1.0, nullptr, 256, &ws, &e);
        EXPECT(r == 0, "null quantModeOptional: %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(e);
    }
    ExpectError("grad dtype", S1(var.t, var16.t, m.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 256), 161002, "grad");
    ExpectError("int8 mRef", S1(var.t, grad.t, m8.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 256), 161002, "mRef");
    ExpectError("int64 absmax", S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, step.t, av.t, step.t, 256), 161002, "absmaxMRef");
    ExpectError("fp32 step", S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, am.t, av.t, am1.t, 256), 161002, "step");
    ExpectError("dtype before tiling", S1(var.t, grad.t, m8.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 128), 161002, "mRef");
    ExpectError("blockSize 128", S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 128), 561002, "attr block_size should be 256, please check.");
    ExpectError("var vs grad", S1(var.t, var2.t, m.t, v.t, qm.t, qv.t, am.t, av.t, step.t, 256), 561002, "var,grad,m,v should have same shape, please check.");
    ExpectError("qmap 255", S1(var.t, grad.t, m.t, v.t, qm255.t, qv.t, am.t, av.t, step.t, 256), 561002, "qmapM and qmapV should be same shape,shape is [256], please check.");
    ExpectError("absmax too short", S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, am1.t, av.t, step.t, 256), 561002, "ceil(var size / block_size)");
    ExpectError("step [2]", S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, am.t, av.t, step2.t, 256), 561002, "step should have only one element, please check.");
    ExpectError("empty var", S1(empty.t, empty.t, emptyU8.t, emptyU8.t, qm.t, qv.t, emptyAm.t, emptyAm.t, step.t, 256), 561002,
                g_chip == "950" ? "total use num core" : "use_num_core");
    // a longer absmax: the A2 / A3 tiling never looks, the 950's wants the exact size
    int r = S1(var.t, grad.t, m.t, v.t, qm.t, qv.t, am3.t, av.t, step.t, 256);
    if (g_chip == "950") {
        ExpectError("absmax too long (950)", r, 561002, "ceil(var size / block_size)");
    } else {
        EXPECT(r == 0, "absmax too long (A2): %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(ex);
    }
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "310p") {
        DevTensor var, m, qm, am, step;
        if (!var.Init(ACL_FLOAT, {256}, {}, CONTIG) || !m.Init(ACL_UINT8, {256}, {}, CONTIG) || !qm.Init(ACL_FLOAT, {256}, {}, CONTIG) ||
            !am.Init(ACL_FLOAT, {1}, {}, CONTIG) || !step.Init(ACL_INT64, {1}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P", aclnnApplyAdamWQuantGetWorkspaceSize(var.t, var.t, m.t, m.t, qm.t, qm.t, am.t, am.t, step.t, 1e-3, 0.9, 0.999, 0.01,
                                                               1e-8, 1.0, nullptr, 256, &ws, &ex), 161002, "not supported");
    } else {
        Hyper h = {1e-3, 0.9, 0.999, 0.01, 1e-8, 0.8, 3};
        Case(ACL_FLOAT, {10, 100}, CONTIG, h, 1);            // a partial last block (232)
        Case(ACL_FLOAT16, {3, 256}, CONTIG, h, 2);
        Case(ACL_BF16, {517}, CONTIG, h, 3);
        Hyper h0 = {0.05, 0.5, 0.9, 0.0, 0.3, 1.0, 0};       // no weight decay, first step, a large eps
        Case(ACL_FLOAT, {4, 300}, STRIDED, h0, 4);           // strided var / grad / m
        Case(ACL_FLOAT, {1024, 300}, CONTIG, h, 5);          // 1200 blocks over every core
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
