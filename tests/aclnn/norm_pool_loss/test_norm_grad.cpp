// aclnnAddLayerNormGrad, aclnnDeepNormGrad and aclnnGroupNormBackward (norm part, session 10): against double-precision
// analytic references for FLOAT / FLOAT16 / BF16 with strided views, and — independently of any
// gradient formula — against central finite differences of the double-precision forward
// L = sum(dy * norm(...)) on small FLOAT shapes; validation paths with codes and messages.
#include "npl_util.h"
#include "aclnnop/aclnn_add_layer_norm_grad.h"
#include "aclnnop/aclnn_deep_norm_grad.h"
#include "aclnnop/aclnn_group_norm_backward.h"

static bool g_310p = false;

static std::vector<int64_t> StatShape(std::vector<int64_t> s, size_t nnorm)
{
    for (size_t i = s.size() - nnorm; i < s.size(); i++) s[i] = 1;
    return s;
}

// Row statistics of x (rows x n) in double.
static void Stats(const std::vector<double> &x, int64_t rows, int64_t n, double eps, std::vector<double> &mean,
                  std::vector<double> &rstd)
{
    mean.assign(rows, 0);
    rstd.assign(rows, 0);
    for (int64_t r = 0; r < rows; r++) {
        double s = 0, v = 0;
        for (int64_t j = 0; j < n; j++) s += x[r * n + j];
        mean[r] = s / n;
        for (int64_t j = 0; j < n; j++) v += (x[r * n + j] - mean[r]) * (x[r * n + j] - mean[r]);
        rstd[r] = 1.0 / std::sqrt(v / n + eps);
    }
}

// L = sum(dy * ((x - mean(x)) * rstd(x) * gamma)) with the statistics recomputed from x.
static double Loss(const std::vector<double> &x, const std::vector<double> &dy, const std::vector<double> &gamma,
                   int64_t rows, int64_t n, double eps)
{
    std::vector<double> m, rs;
    Stats(x, rows, n, eps, m, rs);
    double l = 0;
    for (int64_t r = 0; r < rows; r++)
        for (int64_t j = 0; j < n; j++) l += dy[r * n + j] * (x[r * n + j] - m[r]) * rs[r] * gamma[j];
    return l;
}

// Analytic LayerNorm backward at x (double): dx, dgamma, dbeta.
static void RefLnGrad(const std::vector<double> &x, const std::vector<double> &dy, const std::vector<double> &gamma,
                      const std::vector<double> &mean, const std::vector<double> &rstd, int64_t rows, int64_t n,
                      std::vector<double> &dx, std::vector<double> &dg, std::vector<double> &db)
{
    dx.assign(rows * n, 0);
    dg.assign(n, 0);
    db.assign(n, 0);
    for (int64_t r = 0; r < rows; r++) {
        double sg = 0, sgx = 0;
        for (int64_t j = 0; j < n; j++) {
            double xh = (x[r * n + j] - mean[r]) * rstd[r], g = dy[r * n + j] * gamma[j];
            sg += g;
            sgx += g * xh;
            dg[j] += dy[r * n + j] * xh;
            db[j] += dy[r * n + j];
        }
        for (int64_t j = 0; j < n; j++) {
            double xh = (x[r * n + j] - mean[r]) * rstd[r], g = dy[r * n + j] * gamma[j];
            dx[r * n + j] = rstd[r] * (g - (sg + xh * sgx) / n);
        }
    }
}

// ---- AddLayerNormGrad
static void AddLnGradCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, size_t nnorm, Layout l, bool dsum,
                          uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> gs(shape.end() - nnorm, shape.end());
    int64_t n = GetShapeSize(gs), rows = GetShapeSize(shape) / n;
    double eps = 1e-5;
    DevTensor x1 = MakeTensor(dt, shape, RandVals(rng, rows * n), l), x2 = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor dy = MakeTensor(dt, shape, RandVals(rng, rows * n), l), g = MakeTensor(dt, gs, RandVals(rng, n, 0.5));
    DevTensor ds = MakeTensor(dt, shape, RandVals(rng, rows * n, 0.1));
    std::vector<double> x(rows * n), mean, rstd;
    for (int64_t i = 0; i < rows * n; i++) x[i] = x1.vals[i] + x2.vals[i];
    Stats(x, rows, n, eps, mean, rstd);
    DevTensor tm = MakeTensor(ACL_FLOAT, StatShape(shape, nnorm), mean), tr = MakeTensor(ACL_FLOAT, StatShape(shape, nnorm), rstd);
    DevTensor dx = MakeOut(dt, shape, l), dg = MakeOut(ACL_FLOAT, gs), db = MakeOut(ACL_FLOAT, gs);
    int rc = NPL_RUN(AddLayerNormGrad, dy.t, x1.t, x2.t, tr.t, tm.t, g.t, dsum ? ds.t : nullptr, dx.t, dg.t, db.t);
    EXPECT(rc == 0, "AddLayerNormGrad run");
    std::vector<double> rdx, rdg, rdb;
    RefLnGrad(x, dy.vals, g.vals, tm.vals, tr.vals, rows, n, rdx, rdg, rdb);
    if (dsum)
        for (int64_t i = 0; i < rows * n; i++) rdx[i] += ds.vals[i];
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(l) + (dsum ? " dsum" : "");
    CheckDtype(Name("AddLayerNormGrad dx", dt, what).c_str(), dt, Read(dx), rdx);
    // dgamma / dbeta are FP32 sums over rows of 16-bit products: the dtype's tolerance
    CheckDtype(Name("AddLayerNormGrad dgamma", dt, what).c_str(), dt == ACL_FLOAT ? ACL_FLOAT : dt, Read(dg), rdg);
    CheckDtype(Name("AddLayerNormGrad dbeta", dt, what).c_str(), ACL_FLOAT, Read(db), rdb);
    CheckUntouched("AddLayerNormGrad dx storage", dx);
    for (DevTensor *t : {&x1, &x2, &dy, &g, &ds, &tm, &tr, &dx, &dg, &db}) t->Free();
}

// Central differences of L w.r.t. x1 (= d/dx) and gamma; dbeta = d/dbeta of sum(dy * beta).
static void AddLnGradFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    int64_t rows = 3, n = 6;
    double eps = 1e-5, h = 1e-4;
    std::vector<double> v1 = RandVals(rng, rows * n), v2 = RandVals(rng, rows * n), vdy = RandVals(rng, rows * n);
    std::vector<double> vg = RandVals(rng, n, 0.5);
    DevTensor x1 = MakeTensor(ACL_FLOAT, {rows, n}, v1), x2 = MakeTensor(ACL_FLOAT, {rows, n}, v2);
    DevTensor dy = MakeTensor(ACL_FLOAT, {rows, n}, vdy), g = MakeTensor(ACL_FLOAT, {n}, vg);
    std::vector<double> x(rows * n), mean, rstd;
    for (int64_t i = 0; i < rows * n; i++) x[i] = x1.vals[i] + x2.vals[i];
    Stats(x, rows, n, eps, mean, rstd);
    DevTensor tm = MakeTensor(ACL_FLOAT, {rows, 1}, mean), tr = MakeTensor(ACL_FLOAT, {rows, 1}, rstd);
    DevTensor dx = MakeOut(ACL_FLOAT, {rows, n}), dg = MakeOut(ACL_FLOAT, {n}), db = MakeOut(ACL_FLOAT, {n});
    EXPECT(NPL_RUN(AddLayerNormGrad, dy.t, x1.t, x2.t, tr.t, tm.t, g.t, nullptr, dx.t, dg.t, db.t) == 0,
           "AddLayerNormGrad fd run");
    std::vector<double> fdx(rows * n), fdg(n), fdb(n, 0.0);
    for (int64_t i = 0; i < rows * n; i++) {
        std::vector<double> xp = x, xm = x;
        xp[i] += h;
        xm[i] -= h;
        fdx[i] = (Loss(xp, dy.vals, g.vals, rows, n, eps) - Loss(xm, dy.vals, g.vals, rows, n, eps)) / (2 * h);
    }
    for (int64_t j = 0; j < n; j++) {
        std::vector<double> gp = g.vals, gm = g.vals;
        gp[j] += h;
        gm[j] -= h;
        fdg[j] = (Loss(x, dy.vals, gp, rows, n, eps) - Loss(x, dy.vals, gm, rows, n, eps)) / (2 * h);
        for (int64_t r = 0; r < rows; r++) fdb[j] += dy.vals[r * n + j];
    }
    CheckAccuracy("AddLayerNormGrad dx vs finite differences", Read(dx), fdx, 1e-3, 1e-3, 1e-2);
    CheckAccuracy("AddLayerNormGrad dgamma vs finite differences", Read(dg), fdg, 1e-3, 1e-3, 1e-2);
    CheckAccuracy("AddLayerNormGrad dbeta vs finite differences", Read(db), fdb, 1e-4, 1e-4, 1e-3);
    for (DevTensor *t : {&x1, &x2, &dy, &g, &tm, &tr, &dx, &dg, &db}) t->Free();
}

// ---- DeepNormGrad: x' = alpha x + gx
static void DeepGradCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, size_t nnorm, Layout l, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> gs(shape.end() - nnorm, shape.end());
    int64_t n = GetShapeSize(gs), rows = GetShapeSize(shape) / n;
    double eps = 1e-6, alpha = 0.6;
    DevTensor dy = MakeTensor(dt, shape, RandVals(rng, rows * n), l), x = MakeTensor(dt, shape, RandVals(rng, rows * n));
    DevTensor gx = MakeTensor(dt, shape, RandVals(rng, rows * n), l), g = MakeTensor(dt, gs, RandVals(rng, n, 0.5));
    std::vector<double> xp(rows * n), mean, rstd;
    for (int64_t i = 0; i < rows * n; i++) xp[i] = alpha * x.vals[i] + gx.vals[i];
    Stats(xp, rows, n, eps, mean, rstd);
    DevTensor tm = MakeTensor(ACL_FLOAT, StatShape(shape, nnorm), mean), tr = MakeTensor(ACL_FLOAT, StatShape(shape, nnorm), rstd);
    DevTensor dx = MakeOut(dt, shape, l), dgx = MakeOut(dt, shape), db = MakeOut(ACL_FLOAT, gs), dg = MakeOut(ACL_FLOAT, gs);
    EXPECT(NPL_RUN(DeepNormGrad, dy.t, x.t, gx.t, g.t, tm.t, tr.t, alpha, dx.t, dgx.t, db.t, dg.t) == 0,
           "DeepNormGrad run");
    std::vector<double> rdgx, rdg, rdb, rdx(rows * n);
    RefLnGrad(xp, dy.vals, g.vals, tm.vals, tr.vals, rows, n, rdgx, rdg, rdb);
    for (int64_t i = 0; i < rows * n; i++) rdx[i] = alpha * rdgx[i];
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(l);
    CheckDtype(Name("DeepNormGrad dgx", dt, what).c_str(), dt, Read(dgx), rdgx);
    CheckDtype(Name("DeepNormGrad dx", dt, what).c_str(), dt, Read(dx), rdx);
    CheckDtype(Name("DeepNormGrad dgamma", dt, what).c_str(), dt == ACL_FLOAT ? ACL_FLOAT : dt, Read(dg), rdg);
    CheckDtype(Name("DeepNormGrad dbeta", dt, what).c_str(), ACL_FLOAT, Read(db), rdb);
    for (DevTensor *t : {&dy, &x, &gx, &g, &tm, &tr, &dx, &dgx, &db, &dg}) t->Free();
}

static void DeepGradFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    int64_t rows = 2, n = 7;
    double eps = 1e-6, alpha = 1.7, h = 1e-4;
    DevTensor dy = MakeTensor(ACL_FLOAT, {rows, n}, RandVals(rng, rows * n)), x = MakeTensor(ACL_FLOAT, {rows, n}, RandVals(rng, rows * n));
    DevTensor gx = MakeTensor(ACL_FLOAT, {rows, n}, RandVals(rng, rows * n)), g = MakeTensor(ACL_FLOAT, {n}, RandVals(rng, n, 0.5));
    auto xprime = [&](const std::vector<double> &xv, const std::vector<double> &gv) {
        std::vector<double> o(rows * n);
        for (int64_t i = 0; i < rows * n; i++) o[i] = alpha * xv[i] + gv[i];
        return o;
    };
    std::vector<double> mean, rstd;
    Stats(xprime(x.vals, gx.vals), rows, n, eps, mean, rstd);
    DevTensor tm = MakeTensor(ACL_FLOAT, {rows, 1}, mean), tr = MakeTensor(ACL_FLOAT, {rows, 1}, rstd);
    DevTensor dx = MakeOut(ACL_FLOAT, {rows, n}), dgx = MakeOut(ACL_FLOAT, {rows, n});
    DevTensor db = MakeOut(ACL_FLOAT, {n}), dg = MakeOut(ACL_FLOAT, {n});
    EXPECT(NPL_RUN(DeepNormGrad, dy.t, x.t, gx.t, g.t, tm.t, tr.t, alpha, dx.t, dgx.t, db.t, dg.t) == 0,
           "DeepNormGrad fd run");
    std::vector<double> fdx(rows * n), fdgx(rows * n), fdg(n);
    for (int64_t i = 0; i < rows * n; i++) {
        std::vector<double> p = x.vals, m = x.vals;
        p[i] += h;
        m[i] -= h;
        fdx[i] = (Loss(xprime(p, gx.vals), dy.vals, g.vals, rows, n, eps) -
                  Loss(xprime(m, gx.vals), dy.vals, g.vals, rows, n, eps)) / (2 * h);
        p = gx.vals;
        m = gx.vals;
        p[i] += h;
        m[i] -= h;
        fdgx[i] = (Loss(xprime(x.vals, p), dy.vals, g.vals, rows, n, eps) -
                   Loss(xprime(x.vals, m), dy.vals, g.vals, rows, n, eps)) / (2 * h);
    }
    std::vector<double> xp = xprime(x.vals, gx.vals);
    for (int64_t j = 0; j < n; j++) {
        std::vector<double> gp = g.vals, gm = g.vals;
        gp[j] += h;
        gm[j] -= h;
        fdg[j] = (Loss(xp, dy.vals, gp, rows, n, eps) - Loss(xp, dy.vals, gm, rows, n, eps)) / (2 * h);
    }
    CheckAccuracy("DeepNormGrad dx vs finite differences", Read(dx), fdx, 1e-3, 1e-3, 1e-2);
    CheckAccuracy("DeepNormGrad dgx vs finite differences", Read(dgx), fdgx, 1e-3, 1e-3, 1e-2);
    CheckAccuracy("DeepNormGrad dgamma vs finite differences", Read(dg), fdg, 1e-3, 1e-3, 1e-2);
    for (DevTensor *t : {&dy, &x, &gx, &g, &tm, &tr, &dx, &dgx, &db, &dg}) t->Free();
}

// ---- GroupNormBackward: x (N, C, HxW) in G groups
static void GnStats(const std::vector<double> &x, int64_t N, int64_t C, int64_t HW, int64_t G, double eps,
                    std::vector<double> &mean, std::vector<double> &rstd)
{
    Stats(x, N * G, C / G * HW, eps, mean, rstd); // each (n, g) is one contiguous row
}

static double GnLoss(const std::vector<double> &x, const std::vector<double> &dy, const std::vector<double> &gamma,
                     int64_t N, int64_t C, int64_t HW, int64_t G, double eps)
{
    std::vector<double> m, rs;
    GnStats(x, N, C, HW, G, eps, m, rs);
    double l = 0;
    int64_t D = C / G;
    for (int64_t i = 0; i < N * C * HW; i++) {
        int64_t n = i / (C * HW), c = (i / HW) % C, r = n * G + c / D;
        l += dy[i] * (x[i] - m[r]) * rs[r] * gamma[c];
    }
    return l;
}

static void GnGradCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, int64_t G, bool with_gamma, Layout l,
                       uint64_t seed, bool fd)
{
    Lcg rng(seed);
    int64_t N = shape[0], C = shape[1], HW = 1;
    for (size_t i = 2; i < shape.size(); i++) HW *= shape[i];
    double eps = 1e-5;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * HW), l), dy = MakeTensor(dt, shape, RandVals(rng, N * C * HW));
    DevTensor g = MakeTensor(dt, {C}, RandVals(rng, C, 0.5));
    std::vector<double> mean, rstd;
    GnStats(x.vals, N, C, HW, G, eps, mean, rstd);
    DevTensor tm = MakeTensor(dt, {N, G}, mean), tr = MakeTensor(dt, {N, G}, rstd);
    DevTensor dx = MakeOut(dt, shape, l), dg = MakeOut(dt, {C}), db = MakeOut(dt, {C});
    bool mask[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 3);
    int rc = NPL_RUN(GroupNormBackward, dy.t, x.t, tm.t, tr.t, with_gamma ? g.t : nullptr, N, C, HW, G, om, dx.t,
                     dg.t, db.t);
    EXPECT(rc == 0, "GroupNormBackward run");
    std::vector<double> gv = with_gamma ? g.vals : std::vector<double>(C, 1.0);
    int64_t D = C / G, M = D * HW;
    std::vector<double> rdx(N * C * HW), rdg(C, 0.0), rdb(C, 0.0);
    for (int64_t r = 0; r < N * G; r++) {
        double ds = 0, dbs = 0, mu = tm.vals[r], rs = tr.vals[r];
        for (int64_t j = 0; j < M; j++) {
            int64_t c = (r % G) * D + j / HW;
            ds += dy.vals[r * M + j] * gv[c] * x.vals[r * M + j];
            dbs += dy.vals[r * M + j] * gv[c];
            rdg[c] += dy.vals[r * M + j] * (x.vals[r * M + j] - mu) * rs;
            rdb[c] += dy.vals[r * M + j];
        }
        double c2 = (dbs * mu - ds) * rs * rs * rs / M, c3 = -c2 * mu - dbs * rs / M;
        for (int64_t j = 0; j < M; j++) {
            int64_t c = (r % G) * D + j / HW;
            rdx[r * M + j] = rs * gv[c] * dy.vals[r * M + j] + c2 * x.vals[r * M + j] + c3;
        }
    }
    std::string what = "G " + std::to_string(G) + (with_gamma ? " gamma" : "") + " layout " + std::to_string(l);
    CheckDtype(Name("GroupNormBackward gradInput", dt, what).c_str(), dt, Read(dx), rdx);
    CheckDtype(Name("GroupNormBackward gradGamma", dt, what).c_str(), dt, Read(dg), rdg);
    CheckDtype(Name("GroupNormBackward gradBeta", dt, what).c_str(), dt, Read(db), rdb);
    if (fd) { // FLOAT statistics consistent with x: against central differences of the forward
        std::vector<double> fdx(N * C * HW), fdg(C);
        double h = 1e-4;
        for (int64_t i = 0; i < N * C * HW; i++) {
            std::vector<double> p = x.vals, m = x.vals;
            p[i] += h;
            m[i] -= h;
            fdx[i] = (GnLoss(p, dy.vals, gv, N, C, HW, G, eps) - GnLoss(m, dy.vals, gv, N, C, HW, G, eps)) / (2 * h);
        }
        for (int64_t c = 0; c < C; c++) {
            std::vector<double> p = gv, m = gv;
            p[c] += h;
            m[c] -= h;
            fdg[c] = (GnLoss(x.vals, dy.vals, p, N, C, HW, G, eps) - GnLoss(x.vals, dy.vals, m, N, C, HW, G, eps)) / (2 * h);
        }
        CheckAccuracy("GroupNormBackward gradInput vs finite differences", Read(dx), fdx, 1e-3, 1e-3, 1e-2);
        CheckAccuracy("GroupNormBackward gradGamma vs finite differences", Read(dg), fdg, 1e-3, 1e-3, 1e-2);
    }
    // outputMask: gradBeta only (others may be null)
    bool mask2[3] = {false, false, true};
    aclBoolArray *om2 = aclCreateBoolArray(mask2, 3);
    DevTensor db2 = MakeOut(dt, {C});
    EXPECT(NPL_RUN(GroupNormBackward, dy.t, x.t, tm.t, tr.t, with_gamma ? g.t : nullptr, N, C, HW, G, om2, nullptr,
                   nullptr, db2.t) == 0, "GroupNormBackward gradBeta only");
    CheckDtype(Name("GroupNormBackward gradBeta (masked)", dt, what).c_str(), dt, Read(db2), rdb);
    aclDestroyBoolArray(om);
    aclDestroyBoolArray(om2);
    for (DevTensor *t : {&x, &dy, &g, &tm, &tr, &dx, &dg, &db, &db2}) t->Free();
}

static void GnErrors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 6, 4}), m = MakeOut(ACL_FLOAT, {2, 3}), g = MakeOut(ACL_FLOAT, {6});
    DevTensor m16 = MakeOut(ACL_FLOAT16, {2, 3}), g5 = MakeOut(ACL_FLOAT, {5}), xi = MakeOut(ACL_INT32, {2, 6, 4});
    bool all[3] = {true, true, true}, two[2] = {true, true};
    aclBoolArray *om = aclCreateBoolArray(all, 3), *om2 = aclCreateBoolArray(two, 2);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "rstd", GroupNormBackward, x.t, x.t, m.t, nullptr, g.t, 2, 6, 4, 3, om,
                   x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "outputMask len to be 3, but got 2", GroupNormBackward, x.t, x.t, m.t, m.t,
                   g.t, 2, 6, 4, 3, om2, x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradGammaOut", GroupNormBackward, x.t, x.t, m.t, m.t, g.t, 2, 6, 4, 3, om,
                   x.t, nullptr, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", GroupNormBackward, xi.t, xi.t, m.t, m.t, g.t, 2, 6, 4, 3, om,
                   xi.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstd", GroupNormBackward, x.t, x.t, m.t, m16.t, g.t, 2, 6, 4, 3, om, x.t,
                   g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected group to be greater than 0, got 0", GroupNormBackward, x.t, x.t,
                   m.t, m.t, g.t, 2, 6, 4, 0, om, x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Expected C can be divided by group", GroupNormBackward, x.t, x.t, m.t,
                   m.t, g.t, 2, 6, 4, 4, om, x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradOut.numel() == N * C * HxW", GroupNormBackward, x.t, x.t, m.t, m.t,
                   g.t, 2, 6, 5, 3, om, x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradOut.numel() == N * C * HxW", GroupNormBackward, x.t, x.t, m.t, m.t,
                   g.t, (int64_t)1 << 62, 6, 4, 3, om, x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "mean.numel() == N * group", GroupNormBackward, x.t, x.t, g5.t, m.t, g.t, 2,
                   6, 4, 3, om, x.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma.numel() == C", GroupNormBackward, x.t, x.t, m.t, m.t, g5.t, 2, 6, 4,
                   3, om, x.t, g.t, g.t);
    aclDestroyBoolArray(om);
    aclDestroyBoolArray(om2);
    for (DevTensor *t : {&x, &m, &g, &m16, &g5, &xi}) t->Free();
}

static void Errors(Runtime &rt)
{
    DevTensor a = MakeOut(ACL_FLOAT, {2, 8}), g = MakeOut(ACL_FLOAT, {8}), s = MakeOut(ACL_FLOAT, {2, 1});
    DevTensor a16 = MakeOut(ACL_FLOAT16, {2, 8}), g7 = MakeOut(ACL_FLOAT, {7}), s3 = MakeOut(ACL_FLOAT, {3, 1});
    DevTensor e = MakeOut(ACL_FLOAT, {0, 8}), e1 = MakeOut(ACL_FLOAT, {0, 1}), a1 = MakeOut(ACL_FLOAT, {8});
    DevTensor g16 = MakeOut(ACL_FLOAT16, {8});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "mean", AddLayerNormGrad, a.t, a.t, a.t, s.t, nullptr, g.t, nullptr, a.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x2", AddLayerNormGrad, a.t, a.t, a16.t, s.t, s.t, g.t, nullptr, a.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dgammaOut", AddLayerNormGrad, a16.t, a16.t, a16.t, s.t, s.t, g16.t, nullptr,
                   a16.t, g16.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "trailing dims", AddLayerNormGrad, a.t, a.t, a.t, s.t, s.t, g7.t, nullptr,
                   a.t, g7.t, g7.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstd", AddLayerNormGrad, a.t, a.t, a.t, s3.t, s.t, g.t, nullptr, a.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dbetaOut", AddLayerNormGrad, a.t, a.t, a.t, s.t, s.t, g.t, nullptr, a.t, g.t, g7.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "empty", AddLayerNormGrad, e.t, e.t, e.t, e1.t, e1.t, g.t, nullptr, e.t,
                   g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "dgxOut", DeepNormGrad, a.t, a.t, a.t, g.t, s.t, s.t, 0.5, a.t, nullptr, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gx", DeepNormGrad, a.t, a.t, a16.t, g.t, s.t, s.t, 0.5, a.t, a.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dim num 1 should be in [2, 8]", DeepNormGrad, a1.t, a1.t, a1.t, g.t, s.t,
                   s.t, 0.5, a1.t, a1.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "mean", DeepNormGrad, a.t, a.t, a.t, g.t, s3.t, s.t, 0.5, a.t, a.t, g.t, g.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "trailing dims", DeepNormGrad, a.t, a.t, a.t, g7.t, s.t, s.t, 0.5, a.t, a.t,
                   g7.t, g7.t);
    // DeepNormGrad accepts empty tensors: no rows -> dbeta / dgamma are 0
    DevTensor db = MakeTensor(ACL_FLOAT, {8}, std::vector<double>(8, 5.0)), dg = MakeTensor(ACL_FLOAT, {8}, std::vector<double>(8, 5.0));
    EXPECT(NPL_RUN(DeepNormGrad, e.t, e.t, e.t, g.t, e1.t, e1.t, 0.5, e.t, e.t, db.t, dg.t) == 0, "DeepNormGrad empty");
    for (double v : Read(db)) EXPECT(v == 0, "DeepNormGrad empty: dbeta %g, want 0", v);
    for (double v : Read(dg)) EXPECT(v == 0, "DeepNormGrad empty: dgamma %g, want 0", v);
    for (DevTensor *t : {&a, &g, &s, &a16, &g7, &s3, &e, &e1, &a1, &g16, &db, &dg}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    g_310p = soc && std::strstr(soc, "310P");
    uint64_t seed = 1300;
    std::vector<aclDataType> dts = g_310p ? std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16}
                                          : std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (aclDataType dt : dts) {
        AddLnGradCase(rt, dt, {3, 7, 33}, 1, CONTIG, false, seed++);
        AddLnGradCase(rt, dt, {5, 4, 6}, 2, TRANSPOSED, true, seed++);
        AddLnGradCase(rt, dt, {67, 130}, 1, PADDED, true, seed++);
        DeepGradCase(rt, dt, {3, 7, 33}, 1, CONTIG, seed++);
        DeepGradCase(rt, dt, {5, 4, 6}, 2, TRANSPOSED, seed++);
        DeepGradCase(rt, dt, {67, 130}, 1, PADDED, seed++);
    }
    for (aclDataType dt : dts) {
        GnGradCase(rt, dt, {2, 6, 5}, 3, true, CONTIG, seed++, dt == ACL_FLOAT);
        GnGradCase(rt, dt, {3, 8, 4, 5}, 2, false, TRANSPOSED, seed++, false);
        GnGradCase(rt, dt, {4, 32, 9}, 8, true, PADDED, seed++, false);
    }
    GnErrors(rt);
    AddLnGradFd(rt, seed++);
    DeepGradFd(rt, seed++);
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
