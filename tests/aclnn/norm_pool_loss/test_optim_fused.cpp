// aclnnFusedAdamw, aclnnFusedSgd and aclnnApplyAdam (950 only) (norm part, session 10): tensor lists of mixed shapes
// (contiguous, transposed, padded, empty elements) over several steps against double-precision
// references of the documented formulas, amsgrad / maximize / gradScale / foundInf, momentum,
// nesterov, dampening and the first step; validation paths with codes and messages; the 310P
// refuses both.
#include "npl_util.h"
#include "aclnnop/aclnn_apply_adam.h"
#include "aclnnop/aclnn_fused_adamw.h"
#include "aclnnop/aclnn_fused_sgd.h"

static bool g_310p = false, g_950 = false;
static const std::vector<std::vector<int64_t>> kShapes = {{5, 7}, {3, 4, 6}, {0, 3}, {129}, {9, 5}};
static const Layout kLayouts[] = {CONTIG, TRANSPOSED, CONTIG, CONTIG, PADDED};

struct TList {
    std::vector<DevTensor> ts;
    aclTensorList *l = nullptr;
    void Make()
    {
        std::vector<aclTensor *> p;
        for (auto &t : ts) p.push_back(t.t);
        l = aclCreateTensorList(p.data(), p.size());
    }
    void Free()
    {
        if (l) aclDestroyTensorList(l); // destroys the tensors too
        for (auto &t : ts) {
            t.t = nullptr;
            t.Free();
        }
        l = nullptr;
    }
};

// FLOAT: the step itself (new - old) against the reference step, so that small terms of the
// update (weight decay, bias correction) are checked, not hidden by the parameter's magnitude.
static void CheckUpdate(const char *name, const std::vector<double> &before, const std::vector<double> &got,
                        const std::vector<double> &want)
{
    std::vector<double> d(got.size()), r(got.size());
    for (size_t i = 0; i < got.size(); i++) {
        d[i] = got[i] - before[i];
        r[i] = want[i] - before[i];
    }
    CheckAccuracy(name, d, r, 2e-3, 1e-6, 1e-3);
}

static TList MakeList(aclDataType dt, Lcg &rng, double scale, bool zero, bool positive = false)
{
    TList L;
    for (size_t k = 0; k < kShapes.size(); k++) {
        int64_t n = GetShapeSize(kShapes[k]);
        std::vector<double> v = zero ? std::vector<double>(n, 0.0) : RandVals(rng, n, scale);
        if (positive)
            for (auto &x : v) x = std::fabs(x);
        L.ts.push_back(MakeTensor(dt, kShapes[k], v, kLayouts[k]));
    }
    L.Make();
    return L;
}

static void AdamwCase(Runtime &rt, aclDataType dt, bool amsgrad, bool maximize, bool scaled, uint64_t seed)
{
    Lcg rng(seed);
    TList p = MakeList(dt, rng, 1.0, false), m = MakeList(dt, rng, 0, true), v = MakeList(dt, rng, 0, true);
    TList mx = MakeList(dt, rng, 0.02, false, true);
    double lr = 0.05, b1 = 0.9, b2 = 0.99, wd = 0.5, eps = 1e-8, gscale = scaled ? 4.0 : 1.0;
    DevTensor gs = MakeTensor(ACL_FLOAT, {1}, {gscale});
    size_t K = kShapes.size();
    std::vector<std::vector<double>> rp(K), rm(K), rv(K), rmx(K);
    for (size_t k = 0; k < K; k++) {
        rp[k] = p.ts[k].vals;
        rm[k] = m.ts[k].vals;
        rv[k] = v.ts[k].vals;
        rmx[k] = mx.ts[k].vals;
    }
    for (int step = 1; step <= 3; step++) {
        TList g = MakeList(dt, rng, 1.0, false);
        TList steps;
        for (size_t k = 0; k < K; k++) steps.ts.push_back(MakeTensor(k % 2 ? ACL_INT64 : ACL_FLOAT, {1}, {(double)step}));
        // stateSteps share one dtype (FLOAT here); at step 2 they have the params' shapes, as in
        // the official example (the first element is the step)
        for (size_t k = 0; k < K; k++) {
            steps.ts[k].Free();
            std::vector<int64_t> sh = step == 2 && GetShapeSize(kShapes[k]) ? kShapes[k] : std::vector<int64_t>{1};
            steps.ts[k] = MakeTensor(ACL_FLOAT, sh, std::vector<double>(GetShapeSize(sh), (double)step));
        }
        steps.Make();
        int rc = NPL_RUN(FusedAdamw, p.l, g.l, m.l, v.l, amsgrad ? mx.l : nullptr, steps.l, scaled ? gs.t : nullptr,
                         nullptr, lr, b1, b2, wd, eps, amsgrad, maximize);
        EXPECT(rc == 0, "FusedAdamw run step %d", step);
        double bc1 = 1 - std::pow(b1, step), bc2 = 1 - std::pow(b2, step);
        std::string what = std::string(DtName(dt)) + " step " + std::to_string(step) + (amsgrad ? " amsgrad" : "") +
                           (maximize ? " maximize" : "") + (scaled ? " scaled" : "");
        for (size_t k = 0; k < K; k++) {
            std::vector<double> p0 = rp[k];
            for (size_t i = 0; i < rp[k].size(); i++) {
                double gi = g.ts[k].vals[i] / gscale;
                if (maximize) gi = -gi;
                rp[k][i] *= 1 - lr * wd;
                rm[k][i] = b1 * rm[k][i] + (1 - b1) * gi;
                rv[k][i] = b2 * rv[k][i] + (1 - b2) * gi * gi;
                double vd = rv[k][i];
                if (amsgrad) vd = rmx[k][i] = std::max(rmx[k][i], rv[k][i]);
                rp[k][i] -= lr / bc1 * rm[k][i] / (std::sqrt(vd) / std::sqrt(bc2) + eps);
            }
            std::string w = what + " tensor " + std::to_string(k);
            CheckDtype(("FusedAdamw param " + w).c_str(), dt, Read(p.ts[k]), rp[k]);
            if (dt == ACL_FLOAT) CheckUpdate(("FusedAdamw param update " + w).c_str(), p0, Read(p.ts[k]), rp[k]);
            CheckDtype(("FusedAdamw expAvg " + w).c_str(), dt, Read(m.ts[k]), rm[k]);
            CheckDtype(("FusedAdamw expAvgSq " + w).c_str(), dt, Read(v.ts[k]), rv[k]);
            if (amsgrad) CheckDtype(("FusedAdamw maxExpAvgSq " + w).c_str(), dt, Read(mx.ts[k]), rmx[k]);
            // continue from the device state (16-bit state rounds every step)
            rp[k] = Read(p.ts[k]);
            rm[k] = Read(m.ts[k]);
            rv[k] = Read(v.ts[k]);
            rmx[k] = Read(mx.ts[k]);
        }
        CheckUntouched("FusedAdamw transposed param storage", p.ts[1]);
        CheckUntouched("FusedAdamw padded param storage", p.ts[4]);
        g.Free();
        steps.Free();
    }
    // foundInf != 0: nothing changes
    {
        TList g = MakeList(dt, rng, 1.0, false), steps;
        for (size_t k = 0; k < K; k++) steps.ts.push_back(MakeTensor(ACL_INT64, {1}, {4.0}));
        steps.Make();
        DevTensor inf = MakeTensor(ACL_FLOAT, {1}, {1.0});
        std::vector<std::vector<double>> before(K);
        for (size_t k = 0; k < K; k++) before[k] = Read(p.ts[k]);
        EXPECT(NPL_RUN(FusedAdamw, p.l, g.l, m.l, v.l, amsgrad ? mx.l : nullptr, steps.l, nullptr, inf.t, lr, b1, b2,
                       wd, eps, amsgrad, maximize) == 0, "FusedAdamw foundInf run");
        for (size_t k = 0; k < K; k++) {
            std::vector<double> after = Read(p.ts[k]);
            EXPECT(after == before[k], "FusedAdamw foundInf: tensor %zu changed", k);
        }
        g.Free();
        steps.Free();
        inf.Free();
    }
    p.Free();
    m.Free();
    v.Free();
    mx.Free();
    gs.Free();
}

static void SgdCase(Runtime &rt, aclDataType dt, double momentum, double dampening, bool nesterov, bool maximize,
                    bool scaled, uint64_t seed)
{
    Lcg rng(seed);
    bool has_buf = momentum != 0;
    TList p = MakeList(dt, rng, 1.0, false), buf = MakeList(dt, rng, 0.5, false);
    double lr = 0.05, wd = 0.3, gscale = scaled ? 8.0 : 1.0;
    DevTensor gs = MakeTensor(ACL_FLOAT, {1}, {gscale});
    size_t K = kShapes.size();
    std::vector<std::vector<double>> rp(K), rb(K);
    for (size_t k = 0; k < K; k++) {
        rp[k] = p.ts[k].vals;
        rb[k] = buf.ts[k].vals;
    }
    for (int step = 1; step <= 3; step++) {
        TList g = MakeList(dt, rng, 1.0, false);
        bool first = step == 1;
        int rc = NPL_RUN(FusedSgd, p.l, g.l, has_buf ? buf.l : nullptr, scaled ? gs.t : nullptr, (float)wd,
                         (float)momentum, (float)lr, (float)dampening, nesterov, maximize, first);
        EXPECT(rc == 0, "FusedSgd run step %d", step);
        std::string what = std::string(DtName(dt)) + " step " + std::to_string(step) + " momentum " +
                           std::to_string(momentum) + (nesterov ? " nesterov" : "") + (maximize ? " maximize" : "") +
                           (scaled ? " scaled" : "");
        for (size_t k = 0; k < K; k++) {
            std::vector<double> rg(rp[k].size()), p0 = rp[k];
            for (size_t i = 0; i < rp[k].size(); i++) {
                double gt = g.ts[k].vals[i] / gscale;
                rg[i] = gt;
                double gh = maximize ? -gt : gt;
                double gb = gh + wd * rp[k][i];
                double d = gb;
                if (has_buf) {
                    rb[k][i] = first ? gb : momentum * rb[k][i] + (1 - dampening) * gb;
                    d = nesterov ? gb + momentum * rb[k][i] : rb[k][i];
                }
                rp[k][i] -= lr * d;
            }
            std::string w = what + " tensor " + std::to_string(k);
            CheckDtype(("FusedSgd param " + w).c_str(), dt, Read(p.ts[k]), rp[k]);
            if (dt == ACL_FLOAT) CheckUpdate(("FusedSgd param update " + w).c_str(), p0, Read(p.ts[k]), rp[k]);
            if (has_buf) CheckDtype(("FusedSgd momentum buffer " + w).c_str(), dt, Read(buf.ts[k]), rb[k]);
            if (scaled) CheckDtype(("FusedSgd unscaled grad " + w).c_str(), dt, Read(g.ts[k]), rg);
            rp[k] = Read(p.ts[k]);
            rb[k] = Read(buf.ts[k]);
        }
        g.Free();
    }
    p.Free();
    buf.Free();
    gs.Free();
}

// A second aclTensor over d's memory (a list owns and destroys its elements).
static aclTensor *Alias(const DevTensor &d)
{
    std::vector<int64_t> st = {d.storage};
    return aclCreateTensor(d.shape.data(), d.shape.size(), d.dt, d.strides.data(), d.offset, ACL_FORMAT_ND, st.data(),
                           1, d.dev);
}

// ---- ApplyAdam (TensorFlow style) over several steps, FLOAT hyper-parameters
static void ApplyAdamCase(Runtime &rt, aclDataType dt, bool nesterov, Layout l, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> shape = {6, 11};
    int64_t n = 66;
    DevTensor var = MakeTensor(dt, shape, RandVals(rng, n), l), m = MakeTensor(dt, shape, {}), v = MakeTensor(dt, shape, {});
    std::vector<double> rvar = var.vals, rm(n, 0.0), rv(n, 0.0);
    double lr = 0.05, b1 = 0.9, b2 = 0.999, eps = 1e-7, b1p = 1, b2p = 1;
    for (int step = 1; step <= 3; step++) {
        b1p *= b1;
        b2p *= b2;
        DevTensor g = MakeTensor(dt, shape, RandVals(rng, n));
        DevTensor t_b1p = MakeTensor(ACL_FLOAT, {1}, {b1p}), t_b2p = MakeTensor(ACL_FLOAT, {1}, {b2p});
        DevTensor t_lr = MakeTensor(ACL_FLOAT, {1}, {lr}), t_b1 = MakeTensor(ACL_FLOAT, {1}, {b1});
        DevTensor t_b2 = MakeTensor(ACL_FLOAT, {1}, {b2}), t_eps = MakeTensor(ACL_FLOAT, {1}, {eps});
        EXPECT(NPL_RUN(ApplyAdam, var.t, m.t, v.t, t_b1p.t, t_b2p.t, t_lr.t, t_b1.t, t_b2.t, t_eps.t, g.t, false,
                       nesterov) == 0, "ApplyAdam run step %d", step);
        double lr_t = t_lr.vals[0] * std::sqrt(1 - t_b2p.vals[0]) / (1 - t_b1p.vals[0]);
        std::vector<double> before = rvar;
        for (int64_t i = 0; i < n; i++) {
            double gi = g.vals[i];
            rm[i] = t_b1.vals[0] * rm[i] + (1 - t_b1.vals[0]) * gi;
            rv[i] = t_b2.vals[0] * rv[i] + (1 - t_b2.vals[0]) * gi * gi;
            double num = nesterov ? t_b1.vals[0] * rm[i] + (1 - t_b1.vals[0]) * gi : rm[i];
            rvar[i] -= lr_t * num / (std::sqrt(rv[i]) + t_eps.vals[0]);
        }
        std::string what = std::string(DtName(dt)) + " step " + std::to_string(step) + (nesterov ? " nesterov" : "") +
                           " layout " + std::to_string(l);
        CheckDtype(("ApplyAdam var " + what).c_str(), dt, Read(var), rvar);
        CheckDtype(("ApplyAdam m " + what).c_str(), dt, Read(m), rm);
        CheckDtype(("ApplyAdam v " + what).c_str(), dt, Read(v), rv);
        if (dt == ACL_FLOAT) CheckUpdate(("ApplyAdam var update " + what).c_str(), before, Read(var), rvar);
        rvar = Read(var);
        rm = Read(m);
        rv = Read(v);
        for (DevTensor *t : {&g, &t_b1p, &t_b2p, &t_lr, &t_b1, &t_b2, &t_eps}) t->Free();
    }
    CheckUntouched("ApplyAdam var storage", var);
    for (DevTensor *t : {&var, &m, &v}) t->Free();
}

static void ApplyAdamErrors(Runtime &rt)
{
    DevTensor a = MakeOut(ACL_FLOAT, {4, 5}), b = MakeOut(ACL_FLOAT, {4, 6}), o = MakeOut(ACL_FLOAT, {1});
    DevTensor o16 = MakeOut(ACL_FLOAT16, {1}), a16 = MakeOut(ACL_FLOAT16, {4, 5}), o2 = MakeOut(ACL_FLOAT, {2});
    const aclTensor *s = o.t;
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "epsilon", ApplyAdam, a.t, a.t, a.t, s, s, s, s, s, nullptr, a.t, false, false);
    if (!g_950) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on", ApplyAdam, a.t, a.t, a.t, s, s, s, s, s, s, a.t,
                       false, false);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "lr", ApplyAdam, a.t, a.t, a.t, s, s, o16.t, s, s, s, a.t, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "grad", ApplyAdam, a.t, a.t, a.t, s, s, s, s, s, s, a16.t, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "v shape", ApplyAdam, a.t, a.t, b.t, s, s, s, s, s, s, a.t, false,
                       false);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "beta2 should hold one element", ApplyAdam, a.t, a.t, a.t, s, s, s,
                       s, o2.t, s, a.t, false, false);
    }
    for (DevTensor *t : {&a, &b, &o, &o16, &a16, &o2}) t->Free();
}

static void Errors(Runtime &rt)
{
    Lcg rng(5);
    TList p = MakeList(ACL_FLOAT, rng, 1.0, false), g = MakeList(ACL_FLOAT, rng, 1.0, false);
    TList p16 = MakeList(ACL_FLOAT16, rng, 1.0, false), steps;
    for (size_t k = 0; k < kShapes.size(); k++) steps.ts.push_back(MakeTensor(ACL_FLOAT, {1}, {1.0}));
    steps.Make();
    DevTensor a = MakeOut(ACL_FLOAT, {5, 7}), b = MakeOut(ACL_FLOAT, {5, 8}), c = MakeOut(ACL_FLOAT, {0});
    aclTensor *two_a[2] = {Alias(a), Alias(a)}, *two_b[2] = {Alias(a), Alias(b)}, *one_a[1] = {Alias(a)};
    aclTensor *steps2[2] = {Alias(c), Alias(c)};
    aclTensorList *la = aclCreateTensorList(two_a, 2), *lb = aclCreateTensorList(two_b, 2), *l1 = aclCreateTensorList(one_a, 1);
    aclTensorList *ls3 = aclCreateTensorList(steps2, 2);
    if (g_310p) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on Ascend310P", FusedAdamw, p.l, g.l, p.l, p.l, nullptr,
                       steps.l, nullptr, nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on Ascend310P", FusedSgd, p.l, g.l, nullptr, nullptr,
                       0.0f, 0.0f, 0.1f, 0.0f, false, false, false);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "The lr[-0.100000] shoule be greater or equal than 0", FusedAdamw, p.l,
                       g.l, p.l, p.l, nullptr, steps.l, nullptr, nullptr, -0.1, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "maxExpAvgSqsRef should not be nullptr", FusedAdamw, p.l, g.l, p.l, p.l,
                       nullptr, steps.l, nullptr, nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, true, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "grads", FusedAdamw, p.l, nullptr, p.l, p.l, nullptr, steps.l, nullptr,
                       nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "grads tensor count does not match params", FusedAdamw, p.l, la, p.l,
                       p.l, nullptr, steps.l, nullptr, nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "expects all input tensors with the same dtype", FusedAdamw, p.l, p16.l,
                       p.l, p.l, nullptr, steps.l, nullptr, nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "expects all input tensors with the same shape", FusedAdamw, la, lb, la,
                       la, nullptr, ls3, nullptr, nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "stateSteps[0] is empty", FusedAdamw, la, la, la, la,
                       nullptr, ls3, nullptr, nullptr, 0.01, 0.9, 0.99, 0.0, 1e-8, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "nesterov[1] momentum requires", FusedSgd, p.l, g.l, p.l, nullptr, 0.0f,
                       0.9f, 0.1f, 0.5f, true, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "momentum shoube be 0 when momentumBufferListOptionalRef is nullptr",
                       FusedSgd, p.l, g.l, nullptr, nullptr, 0.0f, 0.9f, 0.1f, 0.0f, false, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradsRef tensor count does not match paramsRef", FusedSgd, p.l, l1,
                       nullptr, nullptr, 0.0f, 0.0f, 0.1f, 0.0f, false, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "expects all input tensors with the same shape", FusedSgd, la, lb,
                       nullptr, nullptr, 0.0f, 0.0f, 0.1f, 0.0f, false, false, false);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "paramsRef", FusedSgd, nullptr, g.l, nullptr, nullptr, 0.0f, 0.0f,
                       0.1f, 0.0f, false, false, false);
    }
    for (aclTensorList *l : {la, lb, l1, ls3}) aclDestroyTensorList(l); // and their alias tensors
    a.Free();
    b.Free();
    c.Free();
    p.Free();
    g.Free();
    p16.Free();
    steps.Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    g_310p = soc && std::strstr(soc, "310P");
    g_950 = soc && std::strstr(soc, "950");
    uint64_t seed = 2100;
    if (!g_310p) {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            AdamwCase(rt, dt, false, false, false, seed++);
            AdamwCase(rt, dt, true, true, true, seed++);
            SgdCase(rt, dt, 0.0, 0.0, false, false, false, seed++);
            SgdCase(rt, dt, 0.9, 0.1, false, true, true, seed++);
            SgdCase(rt, dt, 0.8, 0.0, true, false, false, seed++);
        }
    }
    if (g_950)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            ApplyAdamCase(rt, dt, false, CONTIG, seed++);
            ApplyAdamCase(rt, dt, true, TRANSPOSED, seed++);
        }
    ApplyAdamErrors(rt);
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
