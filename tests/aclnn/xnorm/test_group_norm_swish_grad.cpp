// aclnnGroupNormSwishGrad (ops-nn norm/group_norm_swish_grad): dx / dgamma / dbeta against a
// double-precision reference written from the doc's formulas (dy times the swish derivative at
// y = xhat * gamma + beta, then the GroupNorm backward), and — independently of any gradient
// formula — against central finite differences of the double-precision forward
// L = sum(dy * swish(GroupNorm(x))) (statistics recomputed from x) on FLOAT; FLOAT16 / BF16 under
// the per-dtype tolerances; strided views; the dgammaIsRequire / dbetaIsRequire switches; the
// validation order with its codes and messages; the chip list (A2 / A3 / 950, refused on 310P).
#include "../norm_pool_loss/npl_util.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"

static double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

struct Gn {
    int64_t N, C, HW, G;
    int64_t D() const { return C / G; }
    int64_t M() const { return C / G * HW; }
    int64_t Row(int64_t i) const { return (i / (C * HW)) * G + ((i / HW) % C) / D(); }
    int64_t Ch(int64_t i) const { return (i / HW) % C; }
};

static void Stats(const Gn &s, const std::vector<double> &x, double eps, std::vector<double> &mean,
                  std::vector<double> &rstd)
{
    int64_t R = s.N * s.G, M = s.M();
    mean.assign(R, 0);
    rstd.assign(R, 0);
    for (int64_t r = 0; r < R; r++) { // each (n, g) is one contiguous run of M elements
        double m = 0, v = 0;
        for (int64_t j = 0; j < M; j++) m += x[r * M + j];
        m /= M;
        for (int64_t j = 0; j < M; j++) v += (x[r * M + j] - m) * (x[r * M + j] - m);
        mean[r] = m;
        rstd[r] = 1.0 / std::sqrt(v / M + eps);
    }
}

// L = sum(dy * swish(y)), y = GroupNorm(x) * gamma + beta, swish(y) = y * sigmoid(scale * y).
static double Loss(const Gn &s, const std::vector<double> &x, const std::vector<double> &dy,
                   const std::vector<double> &gamma, const std::vector<double> &beta, double scale, double eps)
{
    std::vector<double> m, rs;
    Stats(s, x, eps, m, rs);
    double l = 0;
    for (int64_t i = 0; i < s.N * s.C * s.HW; i++) {
        int64_t r = s.Row(i), c = s.Ch(i);
        double y = (x[i] - m[r]) * rs[r] * gamma[c] + beta[c];
        l += dy[i] * y * Sig(scale * y);
    }
    return l;
}

// The doc's formulas, in double, at the given (possibly rounded) statistics.
static void Ref(const Gn &s, const std::vector<double> &x, const std::vector<double> &dy,
                const std::vector<double> &mean, const std::vector<double> &rstd, const std::vector<double> &gamma,
                const std::vector<double> &beta, double scale, std::vector<double> &dx, std::vector<double> &dg,
                std::vector<double> &db)
{
    int64_t T = s.N * s.C * s.HW, M = s.M();
    std::vector<double> xh(T), dn(T);
    for (int64_t i = 0; i < T; i++) {
        int64_t r = s.Row(i), c = s.Ch(i);
        xh[i] = (x[i] - mean[r]) * rstd[r];
        double y = xh[i] * gamma[c] + beta[c], sg = Sig(scale * y);
        dn[i] = dy[i] * (sg + scale * y * sg * (1 - sg)); // d(y * sigmoid(scale * y)) / dy
    }
    dg.assign(s.C, 0);
    db.assign(s.C, 0);
    for (int64_t i = 0; i < T; i++) {
        dg[s.Ch(i)] += dn[i] * xh[i];
        db[s.Ch(i)] += dn[i];
    }
    dx.assign(T, 0);
    for (int64_t r = 0; r < s.N * s.G; r++) {
        double a = 0, b = 0; // sums of gamma * dyNew and gamma * dyNew * xhat over the group
        for (int64_t j = 0; j < M; j++) {
            int64_t i = r * M + j;
            a += gamma[s.Ch(i)] * dn[i];
            b += gamma[s.Ch(i)] * dn[i] * xh[i];
        }
        for (int64_t j = 0; j < M; j++) {
            int64_t i = r * M + j;
            dx[i] = rstd[r] * (gamma[s.Ch(i)] * dn[i] - a / M - xh[i] * b / M);
        }
    }
}

static void Case(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, int64_t G, double scale, Layout l,
                 uint64_t seed, bool fd, bool gcol)
{
    Lcg rng(seed);
    Gn s{shape[0], shape[1], 1, G};
    for (size_t i = 2; i < shape.size(); i++) s.HW *= shape[i];
    int64_t T = s.N * s.C * s.HW;
    double eps = 1e-5;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, T), l), dy = MakeTensor(dt, shape, RandVals(rng, T, 0.5), l);
    DevTensor g = MakeTensor(dt, {s.C}, RandVals(rng, s.C, 0.4)), b = MakeTensor(dt, {s.C}, RandVals(rng, s.C, 0.4));
    std::vector<double> mean, rstd;
    Stats(s, x.vals, eps, mean, rstd);
    DevTensor tm = MakeTensor(dt, {s.N, G}, mean), tr = MakeTensor(dt, {s.N, G}, rstd);
    std::vector<int64_t> cs = gcol ? std::vector<int64_t>{s.C, 1} : std::vector<int64_t>{s.C}; // the doc's example: (C, 1)
    DevTensor dx = MakeOut(dt, shape, l), dg = MakeOut(dt, cs), db = MakeOut(dt, cs);
    int rc = NPL_RUN(GroupNormSwishGrad, dy.t, tm.t, tr.t, x.t, g.t, b.t, G, (char *)"NCHW", scale, true, true, dx.t,
                     dg.t, db.t);
    std::string what = "shape " + std::to_string(T) + " G " + std::to_string(G) + " scale " + std::to_string(scale) +
                       " layout " + std::to_string(l);
    EXPECT(rc == 0, "GroupNormSwishGrad %s run", what.c_str());
    std::vector<double> rdx, rdg, rdb;
    Ref(s, x.vals, dy.vals, tm.vals, tr.vals, g.vals, b.vals, scale, rdx, rdg, rdb);
    CheckDtype(Name("GroupNormSwishGrad dx", dt, what).c_str(), dt, Read(dx), rdx);
    CheckDtype(Name("GroupNormSwishGrad dgamma", dt, what).c_str(), dt, Read(dg), rdg);
    CheckDtype(Name("GroupNormSwishGrad dbeta", dt, what).c_str(), dt, Read(db), rdb);
    CheckUntouched("GroupNormSwishGrad dx storage", dx);
    if (fd) { // FLOAT statistics of x: against central differences of the forward
        double h = 1e-4;
        std::vector<double> fdx(T), fdg(s.C), fdb(s.C);
        for (int64_t i = 0; i < T; i++) {
            std::vector<double> p = x.vals, m = x.vals;
            p[i] += h;
            m[i] -= h;
            fdx[i] = (Loss(s, p, dy.vals, g.vals, b.vals, scale, eps) - Loss(s, m, dy.vals, g.vals, b.vals, scale, eps)) /
                     (2 * h);
        }
        for (int64_t c = 0; c < s.C; c++) {
            std::vector<double> p = g.vals, m = g.vals;
            p[c] += h;
            m[c] -= h;
            fdg[c] = (Loss(s, x.vals, dy.vals, p, b.vals, scale, eps) - Loss(s, x.vals, dy.vals, m, b.vals, scale, eps)) /
                     (2 * h);
            p = b.vals;
            m = b.vals;
            p[c] += h;
            m[c] -= h;
            fdb[c] = (Loss(s, x.vals, dy.vals, g.vals, p, scale, eps) - Loss(s, x.vals, dy.vals, g.vals, m, scale, eps)) /
                     (2 * h);
        }
        CheckAccuracy(("GroupNormSwishGrad dx vs finite differences " + what).c_str(), Read(dx), fdx, 1e-3, 1e-3, 1e-2);
        CheckAccuracy(("GroupNormSwishGrad dgamma vs finite differences " + what).c_str(), Read(dg), fdg, 1e-3, 1e-3,
                      1e-2);
        CheckAccuracy(("GroupNormSwishGrad dbeta vs finite differences " + what).c_str(), Read(db), fdb, 1e-3, 1e-3,
                      1e-2);
    }
    // dgammaIsRequire / dbetaIsRequire: an output not asked for keeps its contents
    const bool req[3][2] = {{false, true}, {true, false}, {false, false}};
    for (auto &q : req) {
        DevTensor dx2 = MakeOut(dt, shape), dg2 = MakeTensor(dt, cs, std::vector<double>(s.C, 7.0)),
                  db2 = MakeTensor(dt, cs, std::vector<double>(s.C, 7.0));
        EXPECT(NPL_RUN(GroupNormSwishGrad, dy.t, tm.t, tr.t, x.t, g.t, b.t, G, nullptr, scale, q[0], q[1], dx2.t, dg2.t,
                       db2.t) == 0,
               "GroupNormSwishGrad require %d %d", q[0], q[1]);
        std::string w2 = what + " require " + std::to_string(q[0]) + std::to_string(q[1]);
        CheckDtype(Name("GroupNormSwishGrad dx", dt, w2).c_str(), dt, Read(dx2), rdx);
        if (q[0])
            CheckDtype(Name("GroupNormSwishGrad dgamma", dt, w2).c_str(), dt, Read(dg2), rdg);
        else
            for (double v : Read(dg2)) EXPECT(v == 7.0, "%s: dgamma not asked for was written (%g)", w2.c_str(), v);
        if (q[1])
            CheckDtype(Name("GroupNormSwishGrad dbeta", dt, w2).c_str(), dt, Read(db2), rdb);
        else
            for (double v : Read(db2)) EXPECT(v == 7.0, "%s: dbeta not asked for was written (%g)", w2.c_str(), v);
        for (DevTensor *t : {&dx2, &dg2, &db2}) t->Free();
    }
    for (DevTensor *t : {&x, &dy, &g, &b, &tm, &tr, &dx, &dg, &db}) t->Free();
}

static void Errors(Runtime &rt)
{
    const aclDataType F = ACL_FLOAT;
    DevTensor x = MakeOut(F, {2, 6, 4}), m = MakeOut(F, {2, 3}), g = MakeOut(F, {6}), dx = MakeOut(F, {2, 6, 4});
    DevTensor xi = MakeOut(ACL_INT32, {2, 6, 4}), m16 = MakeOut(ACL_FLOAT16, {2, 3}), x16 = MakeOut(ACL_FLOAT16, {2, 6, 4});
    DevTensor g16 = MakeOut(ACL_FLOAT16, {6}), x2 = MakeOut(F, {2, 6, 5}), m4 = MakeOut(F, {2, 4}), m13 = MakeOut(F, {1, 3});
    DevTensor m231 = MakeOut(F, {2, 3, 1}), g7 = MakeOut(F, {7}), g61 = MakeOut(F, {6, 1}), x0 = MakeOut(F, {2, 6, 0});
    DevTensor x1 = MakeOut(F, {6}), xb = MakeOut(F, {1, 4002}), mb = MakeOut(F, {1, 1}), gb = MakeOut(F, {4002});
    DevTensor m6 = MakeOut(F, {2, 6}), g5 = MakeOut(F, {5});
    const int A = ACLNN_ERR_PARAM_NULLPTR, P = ACLNN_ERR_PARAM_INVALID, T = ACLNN_ERR_INNER_TILING_ERROR;
#define E(code, needle, ...) NPL_EXPECT_ERR(code, needle, GroupNormSwishGrad, __VA_ARGS__)
    // null pointers, in parameter order; dgammaOut / dbetaOut even when not asked for
    E(A, "dy", nullptr, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(A, "rstd", x.t, m.t, nullptr, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(A, "beta", x.t, m.t, m.t, x.t, g.t, nullptr, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(A, "dxOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, nullptr, g.t, g.t);
    E(A, "dgammaOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, false, false, dx.t, nullptr, g.t);
    E(A, "dbetaOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, false, dx.t, g.t,
      nullptr);
    // dtypes: dy in the list, everything else dy's dtype (161002) — before any shape rule
    E(P, "DT_INT32", xi.t, m.t, m.t, xi.t, g.t, g.t, 3, nullptr, 1.0, true, true, xi.t, g.t, g.t);
    E(P, "mean", x.t, m16.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(P, "x", x.t, m.t, m.t, x16.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(P, "gamma", x.t, m.t, m.t, x.t, g16.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(P, "dxOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, x16.t, g.t, g.t);
    E(P, "dbetaOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g16.t);
    E(P, "mean", x.t, m16.t, m.t, x.t, g.t, g.t, 4, nullptr, 1.0, true, true, dx.t, g.t, g.t); // dtype before shape
    // the tiling's shape rules (561002), in its order
    E(T, "dim num 1", x1.t, m.t, m.t, x1.t, g.t, g.t, 3, nullptr, 1.0, true, true, x1.t, g.t, g.t);
    E(T, "dy shape should be the same as x shape", x.t, m.t, m.t, x2.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t,
      g.t, g.t);
    E(T, "mean.shape[1]", x.t, m.t, m.t, x.t, g.t, g.t, 2, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "mean.shape[1]", x.t, m.t, m.t, x.t, g.t, g.t, 0, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "mean.shape[0]", x.t, m13.t, m13.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "mean and rstd", x.t, m.t, m231.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "should be 2", x.t, m231.t, m231.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "gamma", x.t, m.t, m.t, x.t, g7.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "gamma", x.t, m.t, m.t, x.t, g61.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "beta", x.t, m.t, m.t, x.t, g.t, g7.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "multiple of numGroups", x.t, m4.t, m4.t, x.t, g.t, g.t, 4, nullptr, 1.0, true, true, dx.t, g.t, g.t);
    E(T, "HxW should not be 0", x0.t, m.t, m.t, x0.t, g.t, g.t, 3, nullptr, 1.0, true, true, x0.t, g.t, g.t);
    E(T, "carrying capacity 4000", xb.t, mb.t, mb.t, xb.t, gb.t, gb.t, 1, nullptr, 1.0, true, true, xb.t, gb.t, gb.t);
    E(T, "dxOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, x2.t, g.t, g.t);
    E(T, "dgammaOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g5.t, g.t);
    E(T, "dbetaOut", x.t, m.t, m.t, x.t, g.t, g.t, 3, nullptr, 1.0, true, true, dx.t, g.t, g5.t);
#undef E
    // C / numGroups == 4000 is still carried; numGroups == C (one channel per group) too
    DevTensor xc = MakeOut(F, {1, 4000}), gc = MakeOut(F, {4000}), dxc = MakeOut(F, {1, 4000});
    EXPECT(NPL_RUN(GroupNormSwishGrad, xc.t, mb.t, mb.t, xc.t, gc.t, gc.t, 1, nullptr, 1.0, true, true, dxc.t, gc.t,
                   gc.t) == 0, "GroupNormSwishGrad C / G == 4000");
    EXPECT(NPL_RUN(GroupNormSwishGrad, x.t, m6.t, m6.t, x.t, g.t, g.t, 6, nullptr, 1.0, true, true, dx.t, g.t, g.t) == 0,
           "GroupNormSwishGrad G == C");
    for (DevTensor *t : {&x, &m, &g, &dx, &xi, &m16, &x16, &g16, &x2, &m4, &m13, &m231, &g7, &g61, &x0, &x1, &xb, &mb,
                         &gb, &m6, &g5, &xc, &gc, &dxc})
        t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    printf("SoC %s\n", soc ? soc : "?");
    if (soc && std::strstr(soc, "310P")) { // not in the doc's chip list
        DevTensor x = MakeOut(ACL_FLOAT, {2, 6, 4}), m = MakeOut(ACL_FLOAT, {2, 3}), g = MakeOut(ACL_FLOAT, {6});
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "dy", GroupNormSwishGrad, nullptr, m.t, m.t, x.t, g.t, g.t, 3, nullptr,
                       1.0, true, true, x.t, g.t, g.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on Ascend310P", GroupNormSwishGrad, x.t, m.t, m.t, x.t,
                       g.t, g.t, 3, nullptr, 1.0, true, true, x.t, g.t, g.t);
        for (DevTensor *t : {&x, &m, &g}) t->Free();
        printf("%s: %d failure(s)\n", __FILE__, g_failures);
        return g_failures ? 1 : 0;
    }
    uint64_t seed = 4100;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        bool f32 = dt == ACL_FLOAT;
        Case(rt, dt, {2, 6, 5}, 3, 1.0, CONTIG, seed++, f32, false);
        Case(rt, dt, {3, 8, 4, 5}, 2, 0.7, TRANSPOSED, seed++, false, true);
        Case(rt, dt, {4, 32, 9}, 8, 1.0, PADDED, seed++, false, false);
        Case(rt, dt, {2, 4}, 2, 2.5, CONTIG, seed++, f32, false);          // HxW 1
        Case(rt, dt, {1, 6, 2, 3, 2}, 6, 1.0, CONTIG, seed++, f32, true); // one channel per group, 5-D
        Case(rt, dt, {5, 12, 3, 7}, 3, 1.3, CONTIG, seed++, false, false);
    }
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
