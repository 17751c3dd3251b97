// aclnnAdaLayerNormBackward (ops-nn norm/ada_layer_norm_grad; A2 / A3): the five gradients
// against a double-precision reference written from the doc's formulas (z = (x - mean) * rstd
// with the given mean / rstd, dy_g = dy * w * (1 + scale), ...), FLOAT / FLOAT16 / BF16 data,
// FLOAT weight with 16-bit data, absent weight / bias (1 / 0), both scale layouts, ranks 2..5,
// strided views, outputs left NULL; the validation order with codes and messages; on 950 / 310P
// the real op_api launches nothing and succeeds: outputs keep their contents.
#include "../norm_pool_loss/npl_util.h"
#include "aclnnop/aclnn_ada_layer_norm_backward.h"

static bool g_computes = true; // A2 / A3
static bool aclemu_like_a2_a3() { return g_computes; }

struct Ref {
    std::vector<double> dx, ds, dt, dw, db;
};

static Ref Reference(int64_t B, int64_t S, int64_t H, const std::vector<double> &dy, const std::vector<double> &x,
                     const std::vector<double> &mean, const std::vector<double> &rstd, const std::vector<double> &sc,
                     const std::vector<double> &w, const std::vector<double> &bias)
{
    Ref r;
    r.dx.assign(B * S * H, 0);
    r.ds.assign(B * H, 0);
    r.dt.assign(B * H, 0);
    r.dw.assign(H, 0);
    r.db.assign(H, 0);
    for (int64_t b = 0; b < B; b++)
        for (int64_t s = 0; s < S; s++) {
            int64_t row = b * S + s;
            std::vector<double> z(H), g(H);
            double sg = 0, sgz = 0;
            for (int64_t h = 0; h < H; h++) {
                double d = dy[row * H + h];
                z[h] = (x[row * H + h] - mean[row]) * rstd[row];
                double dg = d * (1 + sc[b * H + h]);
                g[h] = dg * w[h];
                sg += g[h];
                sgz += g[h] * z[h];
                r.ds[b * H + h] += d * (z[h] * w[h] + bias[h]);
                r.dt[b * H + h] += d;
                r.dw[h] += dg * z[h];
                r.db[h] += dg;
            }
            for (int64_t h = 0; h < H; h++)
                r.dx[row * H + h] = (g[h] - sg / H - z[h] * sgz / H) * rstd[row];
        }
    return r;
}

struct CaseOpts {
    aclDataType dt, wdt;
    std::vector<int64_t> bdims; // B...
    int64_t S, H;
    bool scale_keep; // scale [B..., 1, H] (else [B..., H])
    bool weight, bias;
    Layout layout;
    unsigned outs; // bit i: output i given (dx, dscale, dshift, dw, db)
};

static void Case(Runtime &rt, const CaseOpts &o, uint64_t seed, bool computes)
{
    Lcg rng(seed);
    int64_t B = 1;
    for (auto v : o.bdims) B *= v;
    int64_t S = o.S, H = o.H, rows = B * S;
    std::vector<int64_t> xs = o.bdims, ms, ss = o.bdims;
    xs.push_back(S);
    xs.push_back(H);
    ms = xs;
    ms.back() = 1;
    if (o.scale_keep) ss.push_back(1);
    ss.push_back(H);
    DevTensor x = MakeTensor(o.dt, xs, RandVals(rng, rows * H), o.layout);
    DevTensor dy = MakeTensor(o.dt, xs, RandVals(rng, rows * H, 0.5), o.layout);
    // mean / rstd of x's rows as the forward would give them (rounded to the dtype)
    std::vector<double> mv(rows), rv(rows);
    for (int64_t r = 0; r < rows; r++) {
        double m = 0, q = 0;
        for (int64_t h = 0; h < H; h++) m += x.vals[r * H + h] / H;
        for (int64_t h = 0; h < H; h++) q += (x.vals[r * H + h] - m) * (x.vals[r * H + h] - m) / H;
        mv[r] = m;
        rv[r] = 1 / std::sqrt(q + 1e-5);
    }
    DevTensor mean = MakeTensor(o.dt, ms, mv), rstd = MakeTensor(o.dt, ms, rv);
    DevTensor sc = MakeTensor(o.dt, ss, RandVals(rng, B * H, 0.3), o.layout == TRANSPOSED ? CONTIG : o.layout);
    DevTensor sh = MakeTensor(o.dt, ss, RandVals(rng, B * H, 0.3));
    DevTensor w = MakeTensor(o.wdt, {H}, RandVals(rng, H, 0.5)), bb = MakeTensor(o.wdt, {H}, RandVals(rng, H, 0.5));
    DevTensor dx = MakeOut(o.dt, xs, o.layout), ds = MakeOut(o.dt, ss), dt = MakeOut(o.dt, ss);
    DevTensor dw = MakeOut(o.wdt, {H}), db = MakeOut(o.wdt, {H});
    int64_t nsv[1] = {H};
    aclIntArray *ns = aclCreateIntArray(nsv, 1);
    auto pick = [&](int i, DevTensor &t) { return (o.outs >> i) & 1 ? t.t : nullptr; };
    int rc = NPL_RUN(AdaLayerNormBackward, dy.t, x.t, ns, rstd.t, mean.t, sc.t, sh.t, o.weight ? w.t : nullptr,
                     o.bias ? bb.t : nullptr, pick(0, dx), pick(1, ds), pick(2, dt), pick(3, dw), pick(4, db));
    char what[200];
    snprintf(what, sizeof what, "AdaLayerNormBackward %s w %s rank %zu S %lld H %lld%s%s%s layout %d outs %x",
             DtName(o.dt), DtName(o.wdt), xs.size(), (long long)S, (long long)H, o.scale_keep ? " scale[B,1,H]" : "",
             o.weight ? "" : " no-weight", o.bias ? "" : " no-bias", (int)o.layout, o.outs);
    EXPECT(rc == 0, "%s: run %d", what, rc);
    if (rc == 0 && computes) {
        std::vector<double> ones(H, 1.0), zeros(H, 0.0);
        Ref r = Reference(B, S, H, dy.vals, x.vals, mean.vals, rstd.vals, sc.vals, o.weight ? w.vals : ones,
                          o.bias ? bb.vals : zeros);
        std::string n(what);
        if (o.outs & 1) CheckDtype((n + " gradInput").c_str(), o.dt, Read(dx), r.dx);
        if (o.outs & 2) CheckDtype((n + " gradScale").c_str(), o.dt, Read(ds), r.ds);
        if (o.outs & 4) CheckDtype((n + " gradShift").c_str(), o.dt, Read(dt), r.dt);
        if (o.outs & 8) CheckDtype((n + " gradWeight").c_str(), o.wdt, Read(dw), r.dw);
        if (o.outs & 16) CheckDtype((n + " gradBias").c_str(), o.wdt, Read(db), r.db);
        CheckUntouched((n + " gradInput storage").c_str(), dx);
    }
    if (rc == 0 && !computes) { // nothing launched: every output keeps its zero fill
        for (DevTensor *t : {&dx, &ds, &dt, &dw, &db}) {
            std::vector<double> v = Read(*t);
            bool zero = std::all_of(v.begin(), v.end(), [](double e) { return e == 0; });
            EXPECT(zero, "%s: an output was written off A2 / A3", what);
        }
    }
    aclDestroyIntArray(ns);
    for (DevTensor *t : {&x, &dy, &mean, &rstd, &sc, &sh, &w, &bb, &dx, &ds, &dt, &dw, &db}) t->Free();
}

static void Errors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4}), m = MakeOut(ACL_FLOAT, {2, 3, 1}), sc = MakeOut(ACL_FLOAT, {2, 1, 4});
    DevTensor w = MakeOut(ACL_FLOAT, {4}), w5 = MakeOut(ACL_FLOAT, {5}), xh = MakeOut(ACL_FLOAT16, {2, 3, 4});
    DevTensor mh = MakeOut(ACL_FLOAT16, {2, 3, 1}), sc2 = MakeOut(ACL_FLOAT, {2, 2, 4}), m2 = MakeOut(ACL_FLOAT, {2, 1, 1});
    DevTensor wh = MakeOut(ACL_FLOAT16, {4}), gw3 = MakeOut(ACL_FLOAT, {3}), w2d = MakeOut(ACL_FLOAT, {1, 4});
    DevTensor dx = MakeOut(ACL_FLOAT, {2, 3, 4}), dxh = MakeOut(ACL_FLOAT16, {2, 3, 4}), x1 = MakeOut(ACL_FLOAT, {4});
    int64_t n4[1] = {4}, n5[1] = {5}, n34[2] = {3, 4};
    aclIntArray *ns = aclCreateIntArray(n4, 1), *ns5 = aclCreateIntArray(n5, 1), *ns2 = aclCreateIntArray(n34, 2);
    const aclTensor *n = nullptr;
    aclTensor *no = nullptr;
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gradOut", AdaLayerNormBackward, n, x.t, ns, m.t, m.t, sc.t, sc.t, w.t, w.t,
                   dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "normalizedShape", AdaLayerNormBackward, x.t, x.t, nullptr, m.t, m.t,
                   sc.t, sc.t, w.t, w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "shift", AdaLayerNormBackward, xh.t, x.t, ns, m.t, m.t, sc.t, n, w.t, w.t,
                   dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "input", AdaLayerNormBackward, x.t, xh.t, ns, m.t, m.t, sc.t, sc.t, w.t,
                   w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstd", AdaLayerNormBackward, x.t, x.t, ns, mh.t, m.t, sc.t, sc.t, w.t,
                   w.t, dx.t, no, no, no, no);
    // FLOAT16 weight with FLOAT data: not FLOAT, so it must be input's dtype
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weightOptional", AdaLayerNormBackward, x.t, x.t, ns, m.t, m.t, sc.t,
                   sc.t, wh.t, nullptr, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradInputOut", AdaLayerNormBackward, x.t, x.t, ns, m.t, m.t, sc.t, sc.t,
                   w.t, w.t, dxh.t, no, no, no, no);
    // dtypes before shapes: a wrong-dtype output with a bad normalizedShape is a dtype error
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradInputOut", AdaLayerNormBackward, x.t, x.t, ns2, m.t, m.t, sc.t, sc.t,
                   w.t, w.t, dxh.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected normalizedShape len 1, but got 2", AdaLayerNormBackward, x.t,
                   x.t, ns2, m.t, m.t, sc.t, sc.t, w.t, w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected normalized index [0] shape [5]", AdaLayerNormBackward, x.t, x.t,
                   ns5, m.t, m.t, sc.t, sc.t, w.t, w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "input dim num", AdaLayerNormBackward, x1.t, x1.t, ns, x1.t, x1.t, sc.t,
                   sc.t, w.t, w.t, no, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weightOptional", AdaLayerNormBackward, x.t, x.t, ns, m.t, m.t, sc.t, sc.t,
                   w2d.t, w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected scale/shape shape [2, 2, 4]", AdaLayerNormBackward, x.t, x.t, ns,
                   m.t, m.t, sc2.t, sc.t, w.t, w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected mean shape [2, 1, 1] to be [2, 3, 1]", AdaLayerNormBackward,
                   x.t, x.t, ns, m2.t, m2.t, sc.t, sc.t, w.t, w.t, dx.t, no, no, no, no);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected gradWeightOut shape size [[3]] to be [4]", AdaLayerNormBackward,
                   x.t, x.t, ns, m.t, m.t, sc.t, sc.t, w.t, w.t, dx.t, no, no, gw3.t, no);
    if (aclemu_like_a2_a3())
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "is not equal togamma dim value(=5)", AdaLayerNormBackward, x.t,
                       x.t, ns, m.t, m.t, sc.t, sc.t, w5.t, nullptr, dx.t, no, no, no, no);
    for (aclIntArray *a : {ns, ns5, ns2}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &m, &sc, &w, &w5, &xh, &mh, &sc2, &m2, &wh, &gw3, &w2d, &dx, &dxh, &x1}) t->Free();
}

// FP32, all five gradients against central differences of an independent double forward
// y = ((x - mean) rstd w + b)(1 + scale) + shift with mean / rstd functions of x, contracted with dy.
static void FdCase(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t B = 2, S = 3, H = 4;
    const double eps = 1e-5;
    DevTensor x = MakeTensor(ACL_FLOAT, {B, S, H}, RandVals(rng, B * S * H)), dy = MakeTensor(ACL_FLOAT, {B, S, H}, RandVals(rng, B * S * H, 0.5));
    DevTensor sc = MakeTensor(ACL_FLOAT, {B, 1, H}, RandVals(rng, B * H, 0.3)), sh = MakeTensor(ACL_FLOAT, {B, 1, H}, RandVals(rng, B * H, 0.3));
    DevTensor w = MakeTensor(ACL_FLOAT, {H}, RandVals(rng, H, 0.5)), bb = MakeTensor(ACL_FLOAT, {H}, RandVals(rng, H, 0.5));
    auto loss = [&](const std::vector<double> &xv, const std::vector<double> &sv, const std::vector<double> &tv,
                    const std::vector<double> &wv, const std::vector<double> &bv) {
        double L = 0;
        for (int64_t r = 0; r < B * S; r++) {
            double m = 0, q = 0;
            for (int64_t h = 0; h < H; h++) m += xv[r * H + h] / H;
            for (int64_t h = 0; h < H; h++) q += (xv[r * H + h] - m) * (xv[r * H + h] - m) / H;
            int64_t b = r / S;
            for (int64_t h = 0; h < H; h++) {
                double n = (xv[r * H + h] - m) / std::sqrt(q + eps) * wv[h] + bv[h];
                L += dy.vals[r * H + h] * (n * (1 + sv[b * H + h]) + tv[b * H + h]);
            }
        }
        return L;
    };
    std::vector<double> mv(B * S), rv(B * S);
    for (int64_t r = 0; r < B * S; r++) {
        double m = 0, q = 0;
        for (int64_t h = 0; h < H; h++) m += x.vals[r * H + h] / H;
        for (int64_t h = 0; h < H; h++) q += (x.vals[r * H + h] - m) * (x.vals[r * H + h] - m) / H;
        mv[r] = m;
        rv[r] = 1 / std::sqrt(q + eps);
    }
    DevTensor mean = MakeTensor(ACL_FLOAT, {B, S, 1}, mv), rstd = MakeTensor(ACL_FLOAT, {B, S, 1}, rv);
    DevTensor dx = MakeOut(ACL_FLOAT, {B, S, H}), ds = MakeOut(ACL_FLOAT, {B, 1, H}), dt = MakeOut(ACL_FLOAT, {B, 1, H});
    DevTensor dw = MakeOut(ACL_FLOAT, {H}), db = MakeOut(ACL_FLOAT, {H});
    int64_t nsv[1] = {H};
    aclIntArray *ns = aclCreateIntArray(nsv, 1);
    EXPECT(NPL_RUN(AdaLayerNormBackward, dy.t, x.t, ns, rstd.t, mean.t, sc.t, sh.t, w.t, bb.t, dx.t, ds.t, dt.t, dw.t,
                   db.t) == 0, "AdaLayerNormBackward fd run");
    const std::vector<double> &X = x.vals, &Sc = sc.vals, &Sh = sh.vals, &W = w.vals, &Bb = bb.vals;
    typedef const std::vector<double> V;
    CheckFd("AdaLayerNormBackward fp32 gradInput", Read(dx), FdGrad([&](V &v) { return loss(v, Sc, Sh, W, Bb); }, X));
    CheckFd("AdaLayerNormBackward fp32 gradScale", Read(ds), FdGrad([&](V &v) { return loss(X, v, Sh, W, Bb); }, Sc));
    CheckFd("AdaLayerNormBackward fp32 gradShift", Read(dt), FdGrad([&](V &v) { return loss(X, Sc, v, W, Bb); }, Sh));
    CheckFd("AdaLayerNormBackward fp32 gradWeight", Read(dw), FdGrad([&](V &v) { return loss(X, Sc, Sh, v, Bb); }, W));
    CheckFd("AdaLayerNormBackward fp32 gradBias", Read(db), FdGrad([&](V &v) { return loss(X, Sc, Sh, W, v); }, Bb));
    aclDestroyIntArray(ns);
    for (DevTensor *t : {&x, &dy, &sc, &sh, &w, &bb, &mean, &rstd, &dx, &ds, &dt, &dw, &db}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    printf("SoC %s\n", soc ? soc : "?");
    g_computes = soc && (std::strncmp(soc, "Ascend910B", 10) == 0 || std::strncmp(soc, "Ascend910_93", 12) == 0);
    bool is310p = soc && std::strncmp(soc, "Ascend310P", 10) == 0;
    uint64_t seed = 9100;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (!is310p) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts) {
        Case(rt, {dt, dt, {2}, 5, 16, true, true, true, CONTIG, 31}, seed++, g_computes);
        Case(rt, {dt, dt, {3, 2}, 4, 24, false, true, true, PADDED, 31}, seed++, g_computes);
        Case(rt, {dt, dt, {}, 7, 33, true, false, false, CONTIG, 31}, seed++, g_computes);  // rank 2, no weight / bias
        Case(rt, {dt, dt, {}, 3, 8, false, true, false, TRANSPOSED, 31}, seed++, g_computes);
        Case(rt, {dt, dt, {2, 1, 2}, 3, 40, true, false, true, CONTIG, 1 | 8}, seed++, g_computes); // dx, dw only
        Case(rt, {dt, dt, {4}, 64, 128, true, true, true, CONTIG, 2 | 4 | 16}, seed++, g_computes);
        if (dt != ACL_FLOAT) {
            Case(rt, {dt, ACL_FLOAT, {2}, 6, 20, true, true, true, CONTIG, 31}, seed++, g_computes); // FLOAT weight
            Case(rt, {dt, ACL_FLOAT, {3}, 2, 12, false, false, false, CONTIG, 8 | 16}, seed++, g_computes); // FLOAT grads
        }
    }
    // no output asked for: nothing to do, success
    Case(rt, {ACL_FLOAT, ACL_FLOAT, {2}, 3, 8, true, true, true, CONTIG, 0}, seed++, false);
    if (g_computes) FdCase(rt, seed++);
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
