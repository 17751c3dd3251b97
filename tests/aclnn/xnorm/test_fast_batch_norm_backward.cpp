// aclnnFastBatchNormBackward (ops-nn norm/batch_norm_grad_v3, Atlas A2 only): gradInput /
// gradWeight / gradBias against a double-precision reference written from the doc's formulas
// (training: saveInvstd holds the batch variance on A2; inference: running statistics) and —
// independently of any gradient formula — against central finite differences of the
// double-precision forward L = sum(dy * BatchNorm(x)) on FLOAT; FLOAT16 / BF16 with per-channel
// tensors of the data's dtype or FLOAT; ranks 2..6 with their formats; strided views; the
// outputMask; absent weight / statistics (the real fills); both versions; empty input; the
// validation order with codes and messages; refused on A3 / 950 / 310P (not in the doc's list).
#include "../norm_pool_loss/npl_util.h"
#include "aclnnop/aclnn_fast_batch_norm_backward.h"

struct Bn {
    int64_t N, C, S;
    int64_t T() const { return N * C * S; }
    int64_t Ch(int64_t i) const { return (i / S) % C; }
};

// Biased batch mean / variance per channel.
static void BatchStats(const Bn &s, const std::vector<double> &x, std::vector<double> &mean, std::vector<double> &var)
{
    mean.assign(s.C, 0);
    var.assign(s.C, 0);
    double M = (double)(s.N * s.S);
    for (int64_t i = 0; i < s.T(); i++) mean[s.Ch(i)] += x[i] / M;
    for (int64_t i = 0; i < s.T(); i++) var[s.Ch(i)] += (x[i] - mean[s.Ch(i)]) * (x[i] - mean[s.Ch(i)]) / M;
}

// L = sum(dy * y), y = (x - mu) / sqrt(var + eps) * w + b; training recomputes mu / var from x.
static double Loss(const Bn &s, const std::vector<double> &x, const std::vector<double> &dy,
                   const std::vector<double> &w, const std::vector<double> &b, bool training,
                   const std::vector<double> &rm, const std::vector<double> &rv, double eps)
{
    std::vector<double> mu = rm, var = rv;
    if (training) BatchStats(s, x, mu, var);
    double l = 0;
    for (int64_t i = 0; i < s.T(); i++) {
        int64_t c = s.Ch(i);
        l += dy[i] * ((x[i] - mu[c]) / std::sqrt(var[c] + eps) * w[c] + b[c]);
    }
    return l;
}

// The doc's formulas in double; mu / var: saveMean / saveInvstd (training) or runningMean /
// runningVar (inference).
static void Ref(const Bn &s, const std::vector<double> &x, const std::vector<double> &dy, const std::vector<double> &w,
                const std::vector<double> &mu, const std::vector<double> &var, bool training, double eps,
                std::vector<double> &dx, std::vector<double> &dw, std::vector<double> &db)
{
    double n = (double)(s.N * s.S);
    std::vector<double> sdy(s.C, 0), sdyx(s.C, 0);
    for (int64_t i = 0; i < s.T(); i++) {
        int64_t c = s.Ch(i);
        sdy[c] += dy[i];
        sdyx[c] += dy[i] * (x[i] - mu[c]) / std::sqrt(var[c] + eps);
    }
    dx.assign(s.T(), 0);
    for (int64_t i = 0; i < s.T(); i++) {
        int64_t c = s.Ch(i);
        double sd = std::sqrt(var[c] + eps);
        if (training)
            dx[i] = w[c] / (n * sd) * (n * dy[i] - sdy[c] - (x[i] - mu[c]) / sd * sdyx[c]);
        else
            dx[i] = dy[i] / sd * w[c];
    }
    dw = sdyx;
    db = sdy;
}

struct CaseOpts {
    aclDataType dt, wdt;
    std::vector<int64_t> shape;
    aclFormat fmt;
    bool training;
    Layout layout;
    bool weight, stats; // given (else the real fills: weight 1, means 0, variances 1)
    int version;
    bool fd;
};

static void Case(Runtime &rt, const CaseOpts &o, uint64_t seed)
{
    Lcg rng(seed);
    Bn s{o.shape[0], o.shape[1], 1};
    for (size_t i = 2; i < o.shape.size(); i++) s.S *= o.shape[i];
    double eps = 1e-5;
    DevTensor x = MakeTensor(o.dt, o.shape, RandVals(rng, s.T()), o.layout, o.fmt);
    DevTensor dy = MakeTensor(o.dt, o.shape, RandVals(rng, s.T(), 0.5), o.layout, o.fmt);
    std::vector<double> wv = RandVals(rng, s.C, 0.4), bmean, bvar, rmv = RandVals(rng, s.C, 0.5), rvv(s.C);
    for (auto &v : rvv) v = 0.5 + 1.5 * rng.uniform();
    BatchStats(s, x.vals, bmean, bvar);
    DevTensor w = MakeTensor(o.wdt, {s.C}, wv), rm = MakeTensor(o.wdt, {s.C}, rmv), rv = MakeTensor(o.wdt, {s.C}, rvv);
    DevTensor sm = MakeTensor(o.wdt, {s.C}, bmean), si = MakeTensor(o.wdt, {s.C}, bvar); // A2: saveInvstd = variance
    DevTensor dx = MakeOut(o.dt, o.shape, o.layout, o.fmt), dw = MakeOut(o.dt, {s.C}), db = MakeOut(o.dt, {s.C});
    bool all[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(all, 3);
    const aclTensor *tw = o.weight ? w.t : nullptr, *trm = o.stats ? rm.t : nullptr, *trv = o.stats ? rv.t : nullptr,
                    *tsm = o.stats ? sm.t : nullptr, *tsi = o.stats ? si.t : nullptr;
    int rc = NPL_RUN(FastBatchNormBackward, dy.t, x.t, tw, trm, trv, tsm, tsi, o.training, eps, om, o.version, dx.t,
                     dw.t, db.t);
    std::string what = std::string(o.training ? "training" : "inference") + " rank " + std::to_string(o.shape.size()) +
                       " per-channel " + DtName(o.wdt) + " layout " + std::to_string(o.layout) +
                       (o.weight ? "" : " no-weight") + (o.stats ? "" : " no-stats") + " version " +
                       std::to_string(o.version);
    EXPECT(rc == 0, "FastBatchNormBackward %s run", what.c_str());
    std::vector<double> gw = o.weight ? w.vals : std::vector<double>(s.C, 1.0);
    std::vector<double> mu, var;
    if (o.training) {
        mu = o.stats ? sm.vals : std::vector<double>(s.C, 0.0);
        var = o.stats ? si.vals : std::vector<double>(s.C, 1.0);
    } else {
        mu = o.stats ? rm.vals : std::vector<double>(s.C, 0.0);
        var = o.stats ? rv.vals : std::vector<double>(s.C, 1.0);
    }
    std::vector<double> rdx, rdw, rdb;
    Ref(s, x.vals, dy.vals, gw, mu, var, o.training, eps, rdx, rdw, rdb);
    CheckDtype(Name("FastBatchNormBackward gradInput", o.dt, what).c_str(), o.dt, Read(dx), rdx);
    CheckDtype(Name("FastBatchNormBackward gradWeight", o.dt, what).c_str(), o.dt, Read(dw), rdw);
    CheckDtype(Name("FastBatchNormBackward gradBias", o.dt, what).c_str(), o.dt, Read(db), rdb);
    CheckUntouched("FastBatchNormBackward gradInput storage", dx);
    if (o.fd) { // against central differences of the forward (statistics of x in training)
        double h = 1e-4;
        std::vector<double> zb(s.C, 0.0), fdx(s.T()), fdw(s.C), fdb(s.C);
        std::vector<double> rmf = mu, rvf = var;
        for (int64_t i = 0; i < s.T(); i++) {
            std::vector<double> p = x.vals, m = x.vals;
            p[i] += h;
            m[i] -= h;
            fdx[i] = (Loss(s, p, dy.vals, gw, zb, o.training, rmf, rvf, eps) -
                      Loss(s, m, dy.vals, gw, zb, o.training, rmf, rvf, eps)) / (2 * h);
        }
        for (int64_t c = 0; c < s.C; c++) {
            std::vector<double> p = gw, m = gw;
            p[c] += h;
            m[c] -= h;
            fdw[c] = (Loss(s, x.vals, dy.vals, p, zb, o.training, rmf, rvf, eps) -
                      Loss(s, x.vals, dy.vals, m, zb, o.training, rmf, rvf, eps)) / (2 * h);
            p = zb;
            m = zb;
            p[c] += h;
            m[c] -= h;
            fdb[c] = (Loss(s, x.vals, dy.vals, gw, p, o.training, rmf, rvf, eps) -
                      Loss(s, x.vals, dy.vals, gw, m, o.training, rmf, rvf, eps)) / (2 * h);
        }
        CheckAccuracy(("FastBatchNormBackward gradInput vs finite differences " + what).c_str(), Read(dx), fdx, 1e-3,
                      1e-3, 1e-2);
        CheckAccuracy(("FastBatchNormBackward gradWeight vs finite differences " + what).c_str(), Read(dw), fdw, 1e-3,
                      1e-3, 1e-2);
        CheckAccuracy(("FastBatchNormBackward gradBias vs finite differences " + what).c_str(), Read(db), fdb, 1e-3,
                      1e-3, 1e-2);
    }
    // outputMask: the outputs not asked for may be null, or are left as they are
    const bool masks[4][3] = {{true, false, false}, {false, true, true}, {false, true, false}, {false, false, false}};
    for (auto &mk : masks) {
        aclBoolArray *m2 = aclCreateBoolArray(mk, 3);
        DevTensor dx2 = MakeTensor(o.dt, o.shape, std::vector<double>(s.T(), 7.0), CONTIG, o.fmt);
        DevTensor dw2 = MakeTensor(o.dt, {s.C}, std::vector<double>(s.C, 7.0));
        DevTensor db2 = MakeTensor(o.dt, {s.C}, std::vector<double>(s.C, 7.0));
        std::string w2 = what + " mask " + std::to_string(mk[0]) + std::to_string(mk[1]) + std::to_string(mk[2]);
        EXPECT(NPL_RUN(FastBatchNormBackward, dy.t, x.t, tw, trm, trv, tsm, tsi, o.training, eps, m2, o.version,
                       mk[0] ? dx2.t : nullptr, dw2.t, mk[2] ? db2.t : nullptr) == 0,
               "FastBatchNormBackward %s", w2.c_str());
        if (mk[0]) CheckDtype(Name("FastBatchNormBackward gradInput", o.dt, w2).c_str(), o.dt, Read(dx2), rdx);
        if (mk[1])
            CheckDtype(Name("FastBatchNormBackward gradWeight", o.dt, w2).c_str(), o.dt, Read(dw2), rdw);
        else
            for (double v : Read(dw2)) EXPECT(v == 7.0, "%s: gradWeight not asked for was written (%g)", w2.c_str(), v);
        if (mk[2]) CheckDtype(Name("FastBatchNormBackward gradBias", o.dt, w2).c_str(), o.dt, Read(db2), rdb);
        for (double v : Read(dx2))
            if (!mk[0]) { EXPECT(v == 7.0, "%s: gradInput not asked for was written (%g)", w2.c_str(), v); break; }
        aclDestroyBoolArray(m2);
        for (DevTensor *t : {&dx2, &dw2, &db2}) t->Free();
    }
    aclDestroyBoolArray(om);
    for (DevTensor *t : {&x, &dy, &w, &rm, &rv, &sm, &si, &dx, &dw, &db}) t->Free();
}

static void Errors(Runtime &rt)
{
    const aclDataType F = ACL_FLOAT;
    const int A = ACLNN_ERR_PARAM_NULLPTR, P = ACLNN_ERR_PARAM_INVALID, T = ACLNN_ERR_INNER_TILING_ERROR;
    DevTensor x = MakeOut(F, {2, 3, 4}), c = MakeOut(F, {3}), xi = MakeOut(ACL_INT32, {2, 3, 4});
    DevTensor x16 = MakeOut(ACL_FLOAT16, {2, 3, 4}), ci = MakeOut(ACL_INT32, {3}), c4 = MakeOut(F, {4});
    DevTensor c31 = MakeOut(F, {3, 1}), x1 = MakeOut(F, {6}), x9 = MakeOut(F, {1, 3, 1, 1, 1, 1, 1, 1, 2});
    DevTensor x2 = MakeOut(F, {2, 3, 5}), xn = MakeOut(F, {2, 3, 4}, CONTIG, ACL_FORMAT_NCL), c2 = MakeOut(F, {2});
    DevTensor xz = MakeOut(F, {2, 0, 4}), xe = MakeOut(F, {0, 3, 4}), cd = MakeOut(ACL_DOUBLE, {3});
    bool all[3] = {true, true, true}, two[2] = {true, true};
    aclBoolArray *om = aclCreateBoolArray(all, 3), *om2 = aclCreateBoolArray(two, 2), *om0 = aclCreateBoolArray(all, 0);
#define E(code, needle, ...) NPL_EXPECT_ERR(code, needle, FastBatchNormBackward, __VA_ARGS__)
    E(A, "gradOut", nullptr, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(A, "input", x.t, nullptr, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(A, "outputMask", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, nullptr, 0, x.t, c.t, c.t);
    E(A, "not less than 1", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om0, 0, x.t, c.t, c.t);
    E(P, "outputMask size 2 should be 3", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om2, 0, x.t, c.t, c.t);
    E(A, "gradInput", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, nullptr, c.t, c.t);
    E(A, "gradWeight", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, nullptr, c.t);
    E(A, "gradBias", xi.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, nullptr); // null before dtype
    E(P, "DT_INT32", xi.t, xi.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, xi.t, c.t, c.t);
    E(P, "input", x.t, x16.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(P, "gradWeight", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, ci.t, c.t);
    E(P, "weight", x.t, x.t, ci.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(P, "saveInvstd", x.t, x.t, c.t, c.t, c.t, c.t, cd.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(P, "gradInput", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x16.t, c.t, c.t);
    E(P, "DT_INT32", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, ci.t); // dtype before shape
    E(P, "Format of gradOut and input", xn.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, xn.t, c.t, c.t);
    E(P, "Format of gradOut and gradInput", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, xn.t, c.t, c.t);
    E(P, "dim num 1", x1.t, x1.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x1.t, c.t, c.t);
    E(P, "input", x9.t, x9.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x9.t, c.t, c.t);
    E(P, "gradOut", x2.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x2.t, c.t, c.t);
    E(P, "gradInput", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x2.t, c.t, c.t);
    E(P, "Dim of weight", x.t, x.t, c4.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(P, "Dim of runningMean", x.t, x.t, c.t, c31.t, c.t, c.t, c.t, false, 1e-5, om, 0, x.t, c.t, c.t);
    E(P, "Dim of runningVar", x.t, x.t, c.t, c.t, c2.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(T, "saveMean", x.t, x.t, c.t, c.t, c.t, c4.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
    E(T, "gradBias", x.t, x.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c4.t);
#undef E
    // saveMean / saveInvstd are not read in inference (any length), (C, 1) per-channel outputs pass
    EXPECT(NPL_RUN(FastBatchNormBackward, x.t, x.t, c.t, c.t, c.t, c4.t, c2.t, false, 1e-5, om, 1, x.t, c31.t, c31.t) == 0,
           "FastBatchNormBackward inference ignores saveMean / saveInvstd");
    // an empty input succeeds before the other checks (even a null outputMask), nothing written
    EXPECT(NPL_RUN(FastBatchNormBackward, xe.t, xe.t, nullptr, nullptr, nullptr, nullptr, nullptr, true, 1e-5, nullptr,
                   0, nullptr, nullptr, nullptr) == 0, "FastBatchNormBackward empty input");
    EXPECT(NPL_RUN(FastBatchNormBackward, xz.t, xz.t, c.t, c.t, c.t, c.t, c.t, true, 1e-5, om, 0, xz.t, c.t, c.t) == 0,
           "FastBatchNormBackward no channels");
    aclDestroyBoolArray(om);
    aclDestroyBoolArray(om2);
    aclDestroyBoolArray(om0);
    for (DevTensor *t : {&x, &c, &xi, &x16, &ci, &c4, &c31, &x1, &x9, &x2, &xn, &c2, &xz, &xe, &cd}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    printf("SoC %s\n", soc ? soc : "?");
    if (!soc || std::strncmp(soc, "Ascend910B", 10) != 0) { // the doc lists Atlas A2 only
        DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4}), c = MakeOut(ACL_FLOAT, {3});
        bool all[3] = {true, true, true};
        aclBoolArray *om = aclCreateBoolArray(all, 3);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gradOut", FastBatchNormBackward, nullptr, x.t, c.t, c.t, c.t, c.t,
                       c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "is not supported on", FastBatchNormBackward, x.t, x.t, c.t, c.t, c.t,
                       c.t, c.t, true, 1e-5, om, 0, x.t, c.t, c.t);
        aclDestroyBoolArray(om);
        for (DevTensor *t : {&x, &c}) t->Free();
        printf("%s: %d failure(s)\n", __FILE__, g_failures);
        return g_failures ? 1 : 0;
    }
    uint64_t seed = 5200;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        bool f32 = dt == ACL_FLOAT;
        for (bool tr : {true, false}) {
            Case(rt, {dt, dt, {6, 5}, ACL_FORMAT_ND, tr, CONTIG, true, true, 0, f32}, seed++);
            Case(rt, {dt, dt, {3, 4, 7}, ACL_FORMAT_NCL, tr, PADDED, true, true, 1, false}, seed++);
            Case(rt, {dt, ACL_FLOAT, {2, 3, 4, 5}, ACL_FORMAT_NCHW, tr, TRANSPOSED, true, true, 0, f32}, seed++);
            Case(rt, {dt, dt, {2, 3, 2, 3, 2}, ACL_FORMAT_NCDHW, tr, CONTIG, false, true, 1, false}, seed++);
            Case(rt, {dt, dt, {2, 3, 2, 2, 1, 3}, ACL_FORMAT_ND, tr, CONTIG, true, false, 0, f32 && !tr}, seed++);
            Case(rt, {dt, dt, {16, 8, 33}, ACL_FORMAT_ND, tr, CONTIG, false, false, 0, false}, seed++);
        }
    }
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
