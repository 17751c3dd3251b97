// The elementwise optimizers of experimental/optim (generated aclnn layers): AdamApplyOne,
// AdamApplyOneWithDecay(+Assign), ApplyGradientDescent, ApplyAdagradD, ApplyAdamD, ApplyFtrl (910B
// kernels; ApplyFtrl's op_api hand-written)
// and ApplyRmsProp, ApplyCenteredRMSProp, ApplyProximalAdagrad, ApplyAdadelta, ApplyAdamax (950
// kernels; the last two with hand-written op_apis taking aclScalar), several steps each
// against double references of the documented rules written here; FP32 / FP16 / BF16 as the
// definitions list them, contiguous / strided / transposed views, in-place and aliased outputs,
// empty tensors, and the validation paths with their codes and messages. Run with no argument
// (910B), "950" or "310p" under that chip's topology: each chip runs its ops and refuses the rest.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_adam_apply_one.h"
#include "aclnnop/aclnn_apply_adadelta.h"
#include "aclnnop/aclnn_apply_adamax.h"
#include "aclnnop/aclnn_adam_apply_one_with_decay.h"
#include "aclnnop/aclnn_adam_apply_one_with_decay_assign.h"
#include "aclnnop/aclnn_apply_adagrad_d.h"
#include "aclnnop/aclnn_apply_adam_d.h"
#include "aclnnop/aclnn_apply_centered_rms_prop.h"
#include "aclnnop/aclnn_apply_ftrl.h"
#include "aclnnop/aclnn_apply_gradient_descent.h"
#include "aclnnop/aclnn_apply_keras_momentum.h"
#include "aclnnop/aclnn_apply_proximal_adagrad.h"
#include "aclnnop/aclnn_apply_rms_prop.h"

static aclrtStream g_stream;
static std::string g_chip = "910b";
static const std::vector<int64_t> kShape = {3, 7, 5};
static const size_t kN = 105;

static std::vector<double> Pos(aclDataType dt, uint64_t seed, double lo, double hi)
{
    Lcg r(seed);
    std::vector<double> v(kN);
    for (auto &e : v) e = Quant(dt, lo + (hi - lo) * r.uniform());
    return v;
}
static std::vector<double> Val(aclDataType dt, uint64_t seed, double scale) { return QuantAll(dt, RandomValues(kN, seed, scale)); }

// The tolerance of a value after `steps` dependent roundings in dt.
static void Check(const std::string &what, aclDataType dt, const DevTensor &t, const std::vector<double> &g, int steps = 1)
{
    if (steps <= 1) { CheckDtype(what.c_str(), dt, t.Read(), g); return; }
    double tol = dt == ACL_FLOAT ? 1e-5 : dt == ACL_FLOAT16 ? 4e-3 : 3e-2;
    CheckAccuracy(what.c_str(), t.Read(), g, tol * steps, tol * steps, 1.0);
}

static void AdamApplyOneCases(int variant) // 0 AdamApplyOne, 1 WithDecay, 2 WithDecayAssign
{
    const char *names[] = {"AdamApplyOne", "AdamApplyOneWithDecay", "AdamApplyOneWithDecayAssign"};
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Layout l = (Layout)(li++ % 3);
        std::vector<double> g = Val(dt, 1 + dt, 0.5), v = Pos(dt, 2 + dt, 0.0, 1.0), m = Val(dt, 3 + dt, 0.3),
                            var = Val(dt, 4 + dt, 1.0), lr = Pos(dt, 5 + dt, 0.01, 0.1), m0 = Pos(dt, 6, 0.85, 0.95),
                            m1 = Pos(dt, 7, 0.05, 0.15), m2 = Pos(dt, 8, 0.99, 0.999), m3 = Pos(dt, 9, 0.001, 0.01),
                            m4 = Pos(dt, 10, 0.0, 0.05), a2 = Pos(dt, 11, 1e-3, 1e-2);
        DevTensor t[11], o[3];
        const std::vector<double> *vals[] = {&g, &v, &m, &var, &lr, &m0, &m1, &m2, &m3, &m4, &a2};
        for (int i = 0; i < 11; i++)
            if (!t[i].Init(dt, kShape, *vals[i], i % 3 == 0 ? l : CONTIG)) return;
        for (int k = 0; k < 3; k++)
            if (!o[k].Init(dt, kShape, {}, k == 1 ? l : CONTIG)) return;
        int rc;
        if (variant == 0)
            rc = Run(names[0], g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnAdamApplyOneGetWorkspaceSize(t[0].t, t[1].t, t[2].t, t[3].t, t[4].t, t[5].t, t[6].t, t[7].t, t[8].t, t[10].t, o[0].t, o[1].t, o[2].t, ws, e); }, aclnnAdamApplyOne);
        else if (variant == 1)
            rc = Run(names[1], g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnAdamApplyOneWithDecayGetWorkspaceSize(t[0].t, t[1].t, t[2].t, t[3].t, t[4].t, t[5].t, t[6].t, t[7].t, t[8].t, t[9].t, t[10].t, o[0].t, o[1].t, o[2].t, ws, e); }, aclnnAdamApplyOneWithDecay);
        else
            rc = Run(names[2], g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnAdamApplyOneWithDecayAssignGetWorkspaceSize(t[0].t, t[1].t, t[2].t, t[3].t, t[4].t, t[5].t, t[6].t, t[7].t, t[8].t, t[9].t, t[10].t, o[0].t, o[1].t, o[2].t, ws, e); }, aclnnAdamApplyOneWithDecayAssign);
        std::string w = std::string(names[variant]) + " " + DtName(dt);
        EXPECT(rc == 0, "%s run", w.c_str());
        std::vector<double> r0(kN), r1(kN), r2(kN);
        for (size_t i = 0; i < kN; i++) {
            r0[i] = g[i] * g[i] * m3[i] + v[i] * m2[i];
            r1[i] = m[i] * m0[i] + g[i] * m1[i];
            double upd = r1[i] / (std::sqrt(r0[i]) + a2[i]) + (variant ? var[i] * m4[i] : 0.0);
            r2[i] = var[i] - upd * lr[i];
        }
        Check(w + " output0", dt, o[0], r0);
        Check(w + " output1", dt, o[1], r1);
        Check(w + " output2", dt, o[2], r2);
    }
}

// ApplyGradientDescent / ApplyAdagradD (in place) and ApplyAdamD (outputs aliasing the inputs)
// over three steps.
static void InPlaceCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Layout l = (Layout)(li++ % 3);
        std::string d = DtName(dt);
        {   // var -= alpha * delta
            std::vector<double> var = Val(dt, 21, 1.0);
            DevTensor tv, ta;
            if (!tv.Init(dt, kShape, var, l) || !ta.Init(dt, {1}, {Quant(dt, 0.25)}, CONTIG)) return;
            for (int step = 0; step < 3; step++) {
                std::vector<double> delta = Val(dt, 30 + step, 0.5);
                DevTensor tdl;
                if (!tdl.Init(dt, kShape, delta, CONTIG)) return;
                EXPECT(Run("GD", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyGradientDescentGetWorkspaceSize(tv.t, ta.t, tdl.t, ws, e); }, aclnnApplyGradientDescent) == 0, "ApplyGradientDescent run");
                for (size_t i = 0; i < kN; i++) var[i] = Quant(dt, var[i] - Quant(dt, 0.25) * delta[i]);
            }
            Check("ApplyGradientDescent " + d, dt, tv, var, 3);
            EXPECT(tv.CountClobbered() == 0, "ApplyGradientDescent wrote outside var's view");
        }
        for (bool slots : {true, false}) { // accum += g^2 (update_slots); var -= lr g / sqrt(accum)
            std::vector<double> var = Val(dt, 41, 1.0), acc = Pos(dt, 42, 0.5, 1.5);
            DevTensor tv, tc, tl;
            if (!tv.Init(dt, kShape, var, CONTIG) || !tc.Init(dt, kShape, acc, l) || !tl.Init(dt, {}, {Quant(dt, 0.1)}, CONTIG)) return;
            for (int step = 0; step < 3; step++) {
                std::vector<double> g = Val(dt, 50 + step, 0.5);
                DevTensor tg;
                if (!tg.Init(dt, kShape, g, STRIDED)) return;
                EXPECT(Run("AdagradD", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyAdagradDGetWorkspaceSize(tv.t, tc.t, tl.t, tg.t, slots, false, ws, e); }, aclnnApplyAdagradD) == 0, "ApplyAdagradD run");
                for (size_t i = 0; i < kN; i++) {
                    double a = slots ? acc[i] + g[i] * g[i] : acc[i];
                    var[i] = Quant(dt, var[i] - Quant(dt, 0.1) * g[i] / std::sqrt(a));
                    acc[i] = Quant(dt, a);
                }
            }
            Check("ApplyAdagradD var " + d + (slots ? "" : " update_slots false"), dt, tv, var, 3);
            Check("ApplyAdagradD accum " + d + (slots ? "" : " update_slots false"), dt, tc, acc, 3);
        }
        for (bool nesterov : {false, true}) {
            std::vector<double> var = Val(dt, 61, 1.0), m(kN, 0.0), v(kN, 0.0);
            double lr = 0.05, b1 = Quant(dt, 0.875), b2 = Quant(dt, 0.9921875), eps = 1e-6, b1p = 1, b2p = 1;
            DevTensor tv, tm, tw;
            if (!tv.Init(dt, kShape, var, l) || !tm.Init(dt, kShape, m, CONTIG) || !tw.Init(dt, kShape, v, CONTIG)) return;
            aclTensor *vo = tv.Alias(), *mo = tm.Alias(), *wo = tw.Alias();
            for (int step = 0; step < 3; step++) {
                b1p = Quant(dt, b1p * b1);
                b2p = Quant(dt, b2p * b2);
                std::vector<double> g = Val(dt, 70 + step, 0.5);
                DevTensor tg, s[6];
                double sv[] = {b1p, b2p, Quant(dt, lr), b1, b2, Quant(dt, eps)};
                if (!tg.Init(dt, kShape, g, TRANSPOSED)) return;
                for (int k = 0; k < 6; k++)
                    if (!s[k].Init(dt, {1}, {sv[k]}, CONTIG)) return;
                EXPECT(Run("AdamD", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyAdamDGetWorkspaceSize(tv.t, tm.t, tw.t, s[0].t, s[1].t, s[2].t, s[3].t, s[4].t, s[5].t, tg.t, false, nesterov, vo, mo, wo, ws, e); }, aclnnApplyAdamD) == 0, "ApplyAdamD run");
                double lr_t = sv[2] * std::sqrt(1 - b2p) / (1 - b1p);
                for (size_t i = 0; i < kN; i++) {
                    double mn = m[i] + (1 - b1) * (g[i] - m[i]), vn = v[i] + (1 - b2) * (g[i] * g[i] - v[i]);
                    double num = nesterov ? mn * b1 + (1 - b1) * g[i] : mn;
                    var[i] = Quant(dt, var[i] - lr_t * num / (sv[5] + std::sqrt(vn)));
                    m[i] = Quant(dt, mn);
                    v[i] = Quant(dt, vn);
                }
            }
            std::string w = " " + d + (nesterov ? " nesterov" : "");
            Check("ApplyAdamD var" + w, dt, tv, var, 3);
            Check("ApplyAdamD m" + w, dt, tm, m, 3);
            Check("ApplyAdamD v" + w, dt, tw, v, 3);
            aclDestroyTensor(vo); aclDestroyTensor(mo); aclDestroyTensor(wo);
        }
    }
}

static void Cases950()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Layout l = (Layout)(li++ % 3);
        std::string d = DtName(dt);
        {   // RMSProp with attributes; outputs into separate tensors
            std::vector<double> var = Val(dt, 81, 1.0), ms = Pos(dt, 82, 0.1, 1.0), mom = Val(dt, 83, 0.1), g = Val(dt, 84, 0.5);
            double lr = 0.01, rho = 0.9, mu = 0.5, eps = 1e-6;
            DevTensor tv, ts, tm, tg, ov, os, om;
            if (!tv.Init(dt, kShape, var, l) || !ts.Init(dt, kShape, ms, CONTIG) || !tm.Init(dt, kShape, mom, STRIDED) ||
                !tg.Init(dt, kShape, g, CONTIG) || !ov.Init(dt, kShape, {}, CONTIG) || !os.Init(dt, kShape, {}, l) || !om.Init(dt, kShape, {}, CONTIG)) return;
            EXPECT(Run("RmsProp", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyRmsPropGetWorkspaceSize(tv.t, ts.t, tm.t, tg.t, lr, rho, mu, eps, ov.t, os.t, om.t, ws, e); }, aclnnApplyRmsProp) == 0, "ApplyRmsProp run");
            std::vector<double> rv(kN), rs(kN), rm(kN);
            for (size_t i = 0; i < kN; i++) {
                rs[i] = ms[i] + (1 - rho) * (g[i] * g[i] - ms[i]);
                rm[i] = mu * mom[i] + lr * g[i] / std::sqrt(eps + rs[i]);
                rv[i] = var[i] - rm[i];
            }
            Check("ApplyRmsProp var " + d, dt, ov, rv);
            Check("ApplyRmsProp ms " + d, dt, os, rs);
            Check("ApplyRmsProp mom " + d, dt, om, rm);
        }
        if (dt != ACL_BF16) { // centered: FLOAT / FLOAT16; outputs aliasing the inputs
            std::vector<double> var = Val(dt, 91, 1.0), mg = Val(dt, 92, 0.1), ms = Pos(dt, 93, 0.5, 1.0), mom = Val(dt, 94, 0.1), g = Val(dt, 95, 0.5);
            double sv[] = {Quant(dt, 0.01), Quant(dt, 0.9), Quant(dt, 0.5), Quant(dt, 1e-3)};
            DevTensor tv, tmg, ts, tm, tg, s[4];
            if (!tv.Init(dt, kShape, var, l) || !tmg.Init(dt, kShape, mg, CONTIG) || !ts.Init(dt, kShape, ms, CONTIG) ||
                !tm.Init(dt, kShape, mom, CONTIG) || !tg.Init(dt, kShape, g, STRIDED)) return;
            for (int k = 0; k < 4; k++)
                if (!s[k].Init(dt, {}, {sv[k]}, CONTIG)) return;
            aclTensor *a0 = tv.Alias(), *a1 = tmg.Alias(), *a2 = ts.Alias(), *a3 = tm.Alias();
            EXPECT(Run("CenteredRMSProp", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyCenteredRMSPropGetWorkspaceSize(tv.t, tmg.t, ts.t, tm.t, s[0].t, s[1].t, s[2].t, s[3].t, tg.t, a0, a1, a2, a3, ws, e); }, aclnnApplyCenteredRMSProp) == 0, "ApplyCenteredRMSProp run");
            std::vector<double> rv(kN), rg(kN), rs(kN), rm(kN);
            for (size_t i = 0; i < kN; i++) {
                rg[i] = sv[1] * mg[i] + (1 - sv[1]) * g[i];
                rs[i] = sv[1] * ms[i] + (1 - sv[1]) * g[i] * g[i];
                rm[i] = sv[2] * mom[i] + sv[0] * g[i] / std::sqrt(rs[i] - rg[i] * rg[i] + sv[3]);
                rv[i] = var[i] - rm[i];
            }
            Check("ApplyCenteredRMSProp var " + d, dt, tv, rv);
            Check("ApplyCenteredRMSProp mg " + d, dt, tmg, rg);
            Check("ApplyCenteredRMSProp ms " + d, dt, ts, rs);
            Check("ApplyCenteredRMSProp mom " + d, dt, tm, rm);
            aclDestroyTensor(a0); aclDestroyTensor(a1); aclDestroyTensor(a2); aclDestroyTensor(a3);
        }
    }
    for (double l1 : {0.0, 1.0}) { // proximal Adagrad: FLOAT only; l1 0 and > 0 (soft threshold)
        std::vector<double> var = Val(ACL_FLOAT, 101, 0.3), acc = Pos(ACL_FLOAT, 102, 0.1, 1.0), g = Val(ACL_FLOAT, 103, 0.5);
        double lr = 0.1, l2 = 0.2;
        DevTensor tv, tc, tl, t1, t2, tg, ov, oc;
        if (!tv.Init(ACL_FLOAT, kShape, var, TRANSPOSED) || !tc.Init(ACL_FLOAT, kShape, acc, CONTIG) || !tl.Init(ACL_FLOAT, {}, {lr}, CONTIG) ||
            !t1.Init(ACL_FLOAT, {}, {l1}, CONTIG) || !t2.Init(ACL_FLOAT, {}, {l2}, CONTIG) || !tg.Init(ACL_FLOAT, kShape, g, CONTIG) ||
            !ov.Init(ACL_FLOAT, kShape, {}, STRIDED) || !oc.Init(ACL_FLOAT, kShape, {}, CONTIG)) return;
        EXPECT(Run("ProximalAdagrad", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyProximalAdagradGetWorkspaceSize(tv.t, tc.t, tl.t, t1.t, t2.t, tg.t, ov.t, oc.t, ws, e); }, aclnnApplyProximalAdagrad) == 0, "ApplyProximalAdagrad run");
        std::vector<double> rv(kN), rc(kN);
        size_t zeros = 0;
        for (size_t i = 0; i < kN; i++) {
            rc[i] = acc[i] + g[i] * g[i];
            double eta = lr / std::sqrt(rc[i]), prox = var[i] - eta * g[i];
            double mag = std::max(std::fabs(prox) - eta * l1, 0.0);
            rv[i] = (prox > 0 ? 1 : prox < 0 ? -1 : 0) * mag / (1 + eta * l2);
            zeros += rv[i] == 0;
        }
        Check("ApplyProximalAdagrad var l1 " + std::to_string(l1), ACL_FLOAT, ov, rv);
        Check("ApplyProximalAdagrad accum", ACL_FLOAT, oc, rc);
        if (l1 > 0) EXPECT(zeros > 0, "ApplyProximalAdagrad: the soft threshold zeroed nothing");
    }
}

struct Scalar {
    aclScalar *s;
    explicit Scalar(float v) { s = aclCreateScalar(&v, ACL_FLOAT); }
    ~Scalar() { aclDestroyScalar(s); }
};

// ApplyAdadelta and ApplyAdamax over two steps, outputs aliasing the inputs.
static void ScalarCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        Layout l = (Layout)(li++ % 3 + 1);
        std::string d = DtName(dt);
        {
            std::vector<double> var = Val(dt, 111, 1.0), acc = Pos(dt, 112, 0.1, 1.0), au = Pos(dt, 113, 0.0, 0.5);
            float lr = 0.5f, rho = 0.9f, eps = 1e-6f;
            Scalar slr(lr), srho(rho), seps(eps);
            DevTensor tv, ta, tu;
            if (!tv.Init(dt, kShape, var, l) || !ta.Init(dt, kShape, acc, CONTIG) || !tu.Init(dt, kShape, au, CONTIG)) return;
            aclTensor *o0 = tv.Alias(), *o1 = ta.Alias(), *o2 = tu.Alias();
            for (int step = 0; step < 2; step++) {
                std::vector<double> g = Val(dt, 120 + step, 0.5);
                DevTensor tg;
                if (!tg.Init(dt, kShape, g, CONTIG)) return;
                EXPECT(Run("Adadelta", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyAdadeltaGetWorkspaceSize(tv.t, ta.t, tu.t, slr.s, srho.s, seps.s, tg.t, o0, o1, o2, ws, e); }, aclnnApplyAdadelta) == 0, "ApplyAdadelta run");
                for (size_t i = 0; i < kN; i++) {
                    double a = rho * acc[i] + (1 - rho) * g[i] * g[i];
                    double u = std::sqrt(au[i] + eps) / std::sqrt(a + eps) * g[i];
                    var[i] = Quant(dt, var[i] - lr * u);
                    acc[i] = Quant(dt, a);
                    au[i] = Quant(dt, rho * au[i] + (1 - rho) * u * u);
                }
            }
            Check("ApplyAdadelta var " + d, dt, tv, var, 2);
            Check("ApplyAdadelta accum " + d, dt, ta, acc, 2);
            Check("ApplyAdadelta accumUpdate " + d, dt, tu, au, 2);
            aclDestroyTensor(o0); aclDestroyTensor(o1); aclDestroyTensor(o2);
        }
        {
            std::vector<double> var = Val(dt, 131, 1.0), m = Val(dt, 132, 0.1), v = Pos(dt, 133, 0.0, 0.5);
            float b1p = 0.81f, lr = 0.01f, b1 = 0.9f, b2 = 0.999f, eps = 1e-6f;
            Scalar s0(b1p), s1(lr), s2(b1), s3(b2), s4(eps);
            std::vector<double> g = Val(dt, 134, 0.5);
            DevTensor tv, tm, tw, tg, ov, om, ow;
            if (!tv.Init(dt, kShape, var, CONTIG) || !tm.Init(dt, kShape, m, l) || !tw.Init(dt, kShape, v, CONTIG) ||
                !tg.Init(dt, kShape, g, TRANSPOSED) || !ov.Init(dt, kShape, {}, STRIDED) || !om.Init(dt, kShape, {}, CONTIG) || !ow.Init(dt, kShape, {}, CONTIG)) return;
            EXPECT(Run("Adamax", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyAdamaxGetWorkspaceSize(tv.t, tm.t, tw.t, s0.s, s1.s, s2.s, s3.s, s4.s, tg.t, ov.t, om.t, ow.t, ws, e); }, aclnnApplyAdamax) == 0, "ApplyAdamax run");
            std::vector<double> rv(kN), rm(kN), rw(kN);
            for (size_t i = 0; i < kN; i++) {
                rm[i] = (double)b1 * m[i] + (1 - (double)b1) * g[i];
                rw[i] = std::max((double)b2 * v[i], std::fabs(g[i]));
                rv[i] = var[i] - (double)lr / (1 - (double)b1p) * rm[i] / (rw[i] + eps);
            }
            Check("ApplyAdamax var " + d, dt, ov, rv);
            Check("ApplyAdamax m " + d, dt, om, rm);
            Check("ApplyAdamax v " + d, dt, ow, rw);
        }
    }
}

static void ScalarValidation(bool is950)
{
    DevTensor x, x2, xb, x0, e;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 3}, {}, CONTIG) ||
        !x0.Init(ACL_FLOAT, {}, {1}, CONTIG) || !e.Init(ACL_FLOAT, {0, 2}, {}, CONTIG)) return;
    Scalar ok(0.5f), neg(-0.1f), one(1.0f), zero(0.0f);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *X = x.t;
    ExpectError("Adadelta null rho", aclnnApplyAdadeltaGetWorkspaceSize(X, X, X, ok.s, nullptr, ok.s, X, X, X, X, &ws, &ex), 161001, "rho");
    ExpectError("Adadelta bf16", aclnnApplyAdadeltaGetWorkspaceSize(xb.t, xb.t, xb.t, ok.s, ok.s, ok.s, xb.t, xb.t, xb.t, xb.t, &ws, &ex), 161002, "DT_BF16");
    ExpectError("Adadelta 0-d", aclnnApplyAdadeltaGetWorkspaceSize(x0.t, x0.t, x0.t, ok.s, ok.s, ok.s, x0.t, x0.t, x0.t, x0.t, &ws, &ex), 161002, "0-dim");
    ExpectError("Adadelta grad shape", aclnnApplyAdadeltaGetWorkspaceSize(X, X, X, ok.s, ok.s, ok.s, x2.t, X, X, X, &ws, &ex), 161002, "grad");
    ExpectError("Adadelta lr < 0", aclnnApplyAdadeltaGetWorkspaceSize(X, X, X, neg.s, ok.s, ok.s, X, X, X, X, &ws, &ex), 161002, "lr must be >= 0");
    ExpectError("Adadelta epsilon 0", aclnnApplyAdadeltaGetWorkspaceSize(X, X, X, ok.s, ok.s, zero.s, X, X, X, X, &ws, &ex), 161002, "epsilon must be > 0");
    ExpectError("Adadelta rho 1", aclnnApplyAdadeltaGetWorkspaceSize(X, X, X, ok.s, one.s, ok.s, X, X, X, X, &ws, &ex), 161002, "rho must be in [0, 1)");
    ExpectError("Adamax null vOut", aclnnApplyAdamaxGetWorkspaceSize(X, X, X, ok.s, ok.s, ok.s, ok.s, ok.s, X, X, X, nullptr, &ws, &ex), 161001, "vOut");
    ExpectError("Adamax beta1Power 1", aclnnApplyAdamaxGetWorkspaceSize(X, X, X, one.s, ok.s, ok.s, ok.s, ok.s, X, X, X, X, &ws, &ex), 161002, "beta1Power must be in [0, 1)");
    ExpectError("Adamax epsilon < 0", aclnnApplyAdamaxGetWorkspaceSize(X, X, X, ok.s, ok.s, ok.s, ok.s, neg.s, X, X, X, X, &ws, &ex), 161002, "epsilon must be >= 0");
    ExpectError("Adamax mOut shape", aclnnApplyAdamaxGetWorkspaceSize(X, X, X, ok.s, ok.s, ok.s, ok.s, ok.s, X, X, x2.t, X, &ws, &ex), 161002, "mOut");
    // an empty var returns before the chip matters
    EXPECT(Run("Adamax empty", g_stream, [&](uint64_t *w, aclOpExecutor **x_) { return aclnnApplyAdamaxGetWorkspaceSize(e.t, e.t, e.t, ok.s, ok.s, ok.s, ok.s, ok.s, e.t, e.t, e.t, e.t, w, x_); }, aclnnApplyAdamax) == 0, "ApplyAdamax of an empty var");
    if (!is950) {
        ExpectError("Adadelta off the 950", aclnnApplyAdadeltaGetWorkspaceSize(X, X, X, ok.s, ok.s, ok.s, X, X, X, X, &ws, &ex), 161002, "not supported");
        ExpectError("Adamax off the 950", aclnnApplyAdamaxGetWorkspaceSize(X, X, X, ok.s, ok.s, ok.s, ok.s, ok.s, X, X, X, X, &ws, &ex), 161002, "not supported");
    }
}

// ApplyFtrl over two steps, in place (TF's ApplyFtrl rule).
static void FtrlCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (double l1 : {0.0, 0.3}) {
            Layout l = (Layout)(li++ % 3);
            std::vector<double> var = Val(dt, 141, 1.0), acc = Pos(dt, 142, 0.1, 1.0), lin = Val(dt, 143, 0.5);
            double lr = Quant(dt, 0.5), l2 = Quant(dt, 0.25), p = Quant(dt, 0.5), l1q = Quant(dt, l1);
            DevTensor tv, ta, tl, s1, s2, s3, s4;
            if (!tv.Init(dt, kShape, var, l) || !ta.Init(dt, kShape, acc, CONTIG) || !tl.Init(dt, kShape, lin, STRIDED) ||
                !s1.Init(dt, {}, {lr}, CONTIG) || !s2.Init(dt, {1}, {l1q}, CONTIG) || !s3.Init(dt, {}, {l2}, CONTIG) || !s4.Init(dt, {1}, {p}, CONTIG)) return;
            size_t zeros = 0;
            for (int step = 0; step < 2; step++) {
                std::vector<double> g = Val(dt, 150 + step, 0.5);
                DevTensor tg;
                if (!tg.Init(dt, kShape, g, CONTIG)) return;
                EXPECT(Run("Ftrl", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyFtrlGetWorkspaceSize(tv.t, ta.t, tl.t, tg.t, s1.t, s2.t, s3.t, s4.t, false, ws, e); }, aclnnApplyFtrl) == 0, "ApplyFtrl run");
                zeros = 0;
                for (size_t i = 0; i < kN; i++) {
                    double an = acc[i] + g[i] * g[i], pn = std::pow(an, -p), po = std::pow(acc[i], -p);
                    double lt = lin[i] + g[i] - (pn - po) / lr * var[i], quad = pn / lr + 2 * l2;
                    double sg = lt > 0 ? 1 : lt < 0 ? -1 : 0;
                    var[i] = Quant(dt, std::fabs(lt) > l1q ? (sg * l1q - lt) / quad : 0.0);
                    zeros += var[i] == 0;
                    acc[i] = Quant(dt, an);
                    lin[i] = Quant(dt, lt);
                }
            }
            std::string w = std::string(" ") + DtName(dt) + " l1 " + std::to_string(l1);
            Check("ApplyFtrl var" + w, dt, tv, var, 3);
            Check("ApplyFtrl accum" + w, dt, ta, acc, 2);
            Check("ApplyFtrl linear" + w, dt, tl, lin, 3);
            if (l1 > 0) EXPECT(zeros > 0, "ApplyFtrl: l1 zeroed nothing");
        }
    DevTensor x, one, two, x2, xh;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !one.Init(ACL_FLOAT, {1}, {0.5}, CONTIG) || !two.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {1}, {0.5}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclTensor *O = one.t;
    ExpectError("Ftrl null lrPower", aclnnApplyFtrlGetWorkspaceSize(x.t, x.t, x.t, x.t, O, O, O, nullptr, false, &ws, &ex), 161001, "lrPower");
    ExpectError("Ftrl fp16 l2", aclnnApplyFtrlGetWorkspaceSize(x.t, x.t, x.t, x.t, O, O, xh.t, O, false, &ws, &ex), 161002, "l2");
    ExpectError("Ftrl linear shape", aclnnApplyFtrlGetWorkspaceSize(x.t, x.t, x2.t, x.t, O, O, O, O, false, &ws, &ex), 161002, "linearRef");
    ExpectError("Ftrl l1 of 2", aclnnApplyFtrlGetWorkspaceSize(x.t, x.t, x.t, x.t, O, two.t, O, O, false, &ws, &ex), 161002, "must be scalar");
}

static void Validation910b()
{
    DevTensor x, one, two, xh, x2, xi, e0, e1;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !one.Init(ACL_FLOAT, {1}, {0.5}, CONTIG) || !two.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !e0.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !e1.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclTensor *X = x.t;
    ExpectError("AdamApplyOne null add2_y", aclnnAdamApplyOneGetWorkspaceSize(X, X, X, X, X, X, X, X, X, nullptr, X, X, X, &ws, &ex), 161001, "add2_y");
    ExpectError("AdamApplyOne null output2", aclnnAdamApplyOneGetWorkspaceSize(X, X, X, X, X, X, X, X, X, X, X, X, nullptr, &ws, &ex), 161001, "output2");
    ExpectError("AdamApplyOne int32", aclnnAdamApplyOneGetWorkspaceSize(xi.t, X, X, X, X, X, X, X, X, X, X, X, X, &ws, &ex), 161002, "DT_INT32");
    ExpectError("AdamApplyOne mixed", aclnnAdamApplyOneGetWorkspaceSize(X, X, X, X, X, xh.t, X, X, X, X, X, X, X, &ws, &ex), 161002, "mul0_x");
    ExpectError("AdamApplyOne shape", aclnnAdamApplyOneGetWorkspaceSize(X, X, X, X, X, X, X, X, x2.t, X, X, X, X, &ws, &ex), 561002, "mul3_x shape");
    ExpectError("AdamApplyOneWithDecay out shape", aclnnAdamApplyOneWithDecayGetWorkspaceSize(X, X, X, X, X, X, X, X, X, X, X, X, x2.t, X, &ws, &ex), 561002, "output1 shape");
    ExpectError("AdamApplyOneWithDecayAssign null mul4_x", aclnnAdamApplyOneWithDecayAssignGetWorkspaceSize(X, X, X, X, X, X, X, X, X, nullptr, X, X, X, X, &ws, &ex), 161001, "mul4_x");
    ExpectError("GD null alpha", aclnnApplyGradientDescentGetWorkspaceSize(x.t, nullptr, X, &ws, &ex), 161001, "alpha");
    ExpectError("GD alpha of 2", aclnnApplyGradientDescentGetWorkspaceSize(x.t, two.t, X, &ws, &ex), 561002, "alpha should hold one element");
    ExpectError("GD delta shape", aclnnApplyGradientDescentGetWorkspaceSize(x.t, one.t, x2.t, &ws, &ex), 561002, "delta shape");
    ExpectError("GD fp16 alpha", aclnnApplyGradientDescentGetWorkspaceSize(x.t, xh.t, X, &ws, &ex), 161002, "alpha");
    ExpectError("AdagradD lr of 2", aclnnApplyAdagradDGetWorkspaceSize(x.t, x.t, two.t, X, true, false, &ws, &ex), 561002, "lr should hold one element");
    ExpectError("AdagradD null accum", aclnnApplyAdagradDGetWorkspaceSize(x.t, nullptr, one.t, X, true, false, &ws, &ex), 161001, "accumRef");
    const aclTensor *O = one.t;
    ExpectError("AdamD null vOut", aclnnApplyAdamDGetWorkspaceSize(X, X, X, O, O, O, O, O, O, X, false, false, X, X, nullptr, &ws, &ex), 161001, "vOut");
    ExpectError("AdamD epsilon of 2", aclnnApplyAdamDGetWorkspaceSize(X, X, X, O, O, O, O, O, two.t, X, false, false, X, X, X, &ws, &ex), 561002, "epsilon should hold one element");
    ExpectError("AdamD grad shape", aclnnApplyAdamDGetWorkspaceSize(X, X, X, O, O, O, O, O, O, x2.t, false, false, X, X, X, &ws, &ex), 561002, "grad shape");
    // empty: nothing launched
    EXPECT(Run("GD empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnApplyGradientDescentGetWorkspaceSize(e0.t, one.t, e1.t, w, e); }, aclnnApplyGradientDescent) == 0, "ApplyGradientDescent of an empty var");
    // the 950 ops are refused here
    ExpectError("RmsProp on 910B", aclnnApplyRmsPropGetWorkspaceSize(X, X, X, X, 0.1, 0.9, 0.0, 1e-6, X, X, X, &ws, &ex), 161002, "not supported");
    ExpectError("CenteredRMSProp on 910B", aclnnApplyCenteredRMSPropGetWorkspaceSize(X, X, X, X, O, O, O, O, X, X, X, X, X, &ws, &ex), 161002, "not supported");
    ExpectError("ProximalAdagrad on 910B", aclnnApplyProximalAdagradGetWorkspaceSize(X, X, O, O, O, X, X, X, &ws, &ex), 161002, "not supported");
}

static void Validation950(bool is950)
{
    DevTensor x, one, two, xh, xb, x2;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !one.Init(ACL_FLOAT, {1}, {0.5}, CONTIG) || !two.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclTensor *X = x.t, *O = one.t, *B = xb.t;
    if (is950) {
        ExpectError("RmsProp null grad", aclnnApplyRmsPropGetWorkspaceSize(X, X, X, nullptr, 0.1, 0.9, 0.0, 1e-6, X, X, X, &ws, &ex), 161001, "grad");
        ExpectError("RmsProp msOut shape", aclnnApplyRmsPropGetWorkspaceSize(X, X, X, X, 0.1, 0.9, 0.0, 1e-6, X, x2.t, X, &ws, &ex), 561002, "msOut shape");
        ExpectError("CenteredRMSProp bf16", aclnnApplyCenteredRMSPropGetWorkspaceSize(B, B, B, B, B, B, B, B, B, B, B, B, B, &ws, &ex), 161002, "DT_BF16");
        ExpectError("CenteredRMSProp rho of 2", aclnnApplyCenteredRMSPropGetWorkspaceSize(X, X, X, X, O, two.t, O, O, X, X, X, X, X, &ws, &ex), 561002, "rho should hold one element");
        ExpectError("ProximalAdagrad fp16", aclnnApplyProximalAdagradGetWorkspaceSize(xh.t, xh.t, xh.t, xh.t, xh.t, xh.t, xh.t, xh.t, &ws, &ex), 161002, "DT_FLOAT16");
        ExpectError("ProximalAdagrad null l2", aclnnApplyProximalAdagradGetWorkspaceSize(X, X, O, O, nullptr, X, X, X, &ws, &ex), 161001, "l2");
    } else {
        ExpectError("RmsProp on 310P", aclnnApplyRmsPropGetWorkspaceSize(X, X, X, X, 0.1, 0.9, 0.0, 1e-6, X, X, X, &ws, &ex), 161002, "not supported");
        ExpectError("ProximalAdagrad on 310P", aclnnApplyProximalAdagradGetWorkspaceSize(X, X, O, O, O, X, X, X, &ws, &ex), 161002, "not supported");
    }
    // the 910B ops are refused on both
    ExpectError("AdamApplyOne off the 910B", aclnnAdamApplyOneGetWorkspaceSize(X, X, X, X, X, X, X, X, X, X, X, X, X, &ws, &ex), 161002, "not supported");
    ExpectError("GD off the 910B", aclnnApplyGradientDescentGetWorkspaceSize(x.t, O, X, &ws, &ex), 161002, "not supported");
    ExpectError("AdagradD off the 910B", aclnnApplyAdagradDGetWorkspaceSize(x.t, x.t, O, X, true, false, &ws, &ex), 161002, "not supported");
    DevTensor xf;
    if (!xf.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return;
    ExpectError("Ftrl off the 910B", aclnnApplyFtrlGetWorkspaceSize(xf.t, xf.t, xf.t, xf.t, O, O, O, O, false, &ws, &ex), 161002, "not supported");
    ExpectError("AdamD off the 910B", aclnnApplyAdamDGetWorkspaceSize(X, X, X, O, O, O, O, O, O, X, false, false, X, X, X, &ws, &ex), 161002, "not supported");
}

// ApplyKerasMomentum over three steps in place (the arch35 golden: accum = mom*accum - lr*grad;
// var += accum, or mom*accum - lr*grad with Nesterov); lr / momentum are FLOAT for every var dtype.
static void KerasMomentumCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool nesterov : {false, true}) {
            Layout l = (Layout)(li++ % 3);
            std::vector<double> var = Val(dt, 141, 1.0), acc = Val(dt, 142, 0.2);
            const double lr = 0.05, mom = 0.875;
            DevTensor tv, ta, tl, tm;
            if (!tv.Init(dt, kShape, var, l) || !ta.Init(dt, kShape, acc, nesterov ? STRIDED : CONTIG) ||
                !tl.Init(ACL_FLOAT, {}, {lr}, CONTIG) || !tm.Init(ACL_FLOAT, {1}, {mom}, CONTIG)) return;
            for (int step = 0; step < 3; step++) {
                std::vector<double> g = Val(dt, 150 + step, 0.5);
                DevTensor tg;
                if (!tg.Init(dt, kShape, g, step == 1 ? TRANSPOSED : CONTIG)) return;
                EXPECT(Run("KerasMomentum", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyKerasMomentumGetWorkspaceSize(tv.t, ta.t, tl.t, tg.t, tm.t, false, nesterov, ws, e); }, aclnnApplyKerasMomentum) == 0, "ApplyKerasMomentum run");
                for (size_t i = 0; i < kN; i++) {
                    double a = mom * acc[i] - lr * g[i];
                    var[i] = Quant(dt, nesterov ? var[i] + mom * a - lr * g[i] : var[i] + a);
                    acc[i] = Quant(dt, a);
                }
            }
            std::string w = std::string(" ") + DtName(dt) + (nesterov ? " nesterov" : "");
            Check("ApplyKerasMomentum var" + w, dt, tv, var, 3);
            Check("ApplyKerasMomentum accum" + w, dt, ta, acc, 3);
            EXPECT(tv.CountClobbered() == 0 && ta.CountClobbered() == 0, "ApplyKerasMomentum wrote outside its views");
        }
    {   // 0-d var with [1] accum / grad: the tiling treats a 0-d shape as [1]
        DevTensor tv, ta, tg, tl, tm;
        if (!tv.Init(ACL_FLOAT, {}, {1.0}, CONTIG) || !ta.Init(ACL_FLOAT, {1}, {0.5}, CONTIG) || !tg.Init(ACL_FLOAT, {1}, {2.0}, CONTIG) ||
            !tl.Init(ACL_FLOAT, {1}, {0.25}, CONTIG) || !tm.Init(ACL_FLOAT, {}, {0.5}, CONTIG)) return;
        EXPECT(Run("KerasMomentum 0-d", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnApplyKerasMomentumGetWorkspaceSize(tv.t, ta.t, tl.t, tg.t, tm.t, true, false, ws, e); }, aclnnApplyKerasMomentum) == 0, "ApplyKerasMomentum 0-d run");
        CheckDtype("ApplyKerasMomentum 0-d accum", ACL_FLOAT, ta.Read(), {0.5 * 0.5 - 0.25 * 2.0});
        CheckDtype("ApplyKerasMomentum 0-d var", ACL_FLOAT, tv.Read(), {1.0 + (0.25 - 0.5)});
    }
}

static void KerasMomentumValidation(bool is950)
{
    DevTensor x, xh, xb, x2, one, oneh;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 3}, {}, CONTIG) ||
        !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !one.Init(ACL_FLOAT, {1}, {0.5}, CONTIG) || !oneh.Init(ACL_FLOAT16, {1}, {0.5}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclTensor *X = x.t, *O = one.t;
    ExpectError("KerasMomentum null momentum", aclnnApplyKerasMomentumGetWorkspaceSize(x.t, X, O, X, nullptr, false, false, &ws, &ex), 161001, "momentum");
    if (!is950) {
        ExpectError("KerasMomentum off the 950", aclnnApplyKerasMomentumGetWorkspaceSize(x.t, X, O, X, O, false, false, &ws, &ex), 161002, "not supported");
        return;
    }
    ExpectError("KerasMomentum grad fp16", aclnnApplyKerasMomentumGetWorkspaceSize(x.t, X, O, xh.t, O, false, false, &ws, &ex), 161002, "grad");
    ExpectError("KerasMomentum lr fp16", aclnnApplyKerasMomentumGetWorkspaceSize(xb.t, xb.t, oneh.t, xb.t, O, false, false, &ws, &ex), 161002, "lr");
    ExpectError("KerasMomentum accum shape", aclnnApplyKerasMomentumGetWorkspaceSize(x.t, x2.t, O, X, O, false, false, &ws, &ex), 561002, "shape(var) != shape(accum)");
    ExpectError("KerasMomentum grad shape", aclnnApplyKerasMomentumGetWorkspaceSize(x.t, X, O, x2.t, O, false, false, &ws, &ex), 561002, "shape(var) != shape(grad)");
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "910b") {
        for (int v = 0; v < 3; v++) AdamApplyOneCases(v);
        InPlaceCases();
        FtrlCases();
        Validation910b();
        ScalarValidation(false);
    } else {
        if (g_chip == "950") { Cases950(); ScalarCases(); KerasMomentumCases(); }
        KerasMomentumValidation(g_chip == "950");
        Validation950(g_chip == "950");
        ScalarValidation(g_chip == "950");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
