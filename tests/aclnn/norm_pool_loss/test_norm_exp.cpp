// The experimental/norm ops of ops-nn (helper xnorm) against double-precision references:
// aclnnBatchNormalizationGrad (also by central finite differences of the training-mode BatchNorm
// loss sum(dy * y) with the saved statistics taken from x) and aclnnBnInferGrad (NCHW / NHWC /
// NC1HWC0 layouts), every dtype, padded / transposed views, empty tensors and the validation paths
// with codes and messages. Both ship for the Atlas A2 only: on the 310P and the 950 they are
// rejected (161002).
#include "npl_util.h"
#include "aclnnop/aclnn_batch_normalization_grad.h"
#include "aclnnop/aclnn_bn_infer_grad.h"
#include "aclnnop/aclnn_fused_add_rms_norm.h"
#include "aclnnop/aclnn_group_normalization_grad.h"
#include "aclnnop/aclnn_layer_normalization_grad.h"
#include "aclnnop/aclnn_lp_norm_v3.h"
#include "aclnnop/aclnn_renorm_v2.h"
#include "aclnnop/aclnn_sync_bn_training_update_v2.h"
#include "aclnnop/aclnn_ada_layer_norm.h"
#include "aclnnop/aclnn_ada_layer_norm_v2.h"

enum Chip { CHIP_A2, CHIP_310P, CHIP_950 };
static Chip g_chip = CHIP_A2;

// ---- BatchNormalizationGrad --------------------------------------------------------------
struct BnDims {
    int64_t N, C, S;
};
static BnDims Dims(const std::vector<int64_t> &shape)
{
    BnDims d{shape[0], shape[1], 1};
    for (size_t i = 2; i < shape.size(); i++) d.S *= shape[i];
    return d;
}

// Batch mean and 1 / sqrt(var + eps) of x per channel.
static void BatchStats(const std::vector<double> &x, BnDims d, double eps, std::vector<double> &mean,
                       std::vector<double> &invstd)
{
    mean.assign(d.C, 0);
    invstd.assign(d.C, 0);
    double M = (double)(d.N * d.S);
    for (int64_t c = 0; c < d.C; c++) {
        double s = 0, q = 0;
        for (int64_t n = 0; n < d.N; n++)
            for (int64_t i = 0; i < d.S; i++) s += x[(n * d.C + c) * d.S + i];
        double m = s / M;
        for (int64_t n = 0; n < d.N; n++)
            for (int64_t i = 0; i < d.S; i++) {
                double t = x[(n * d.C + c) * d.S + i] - m;
                q += t * t;
            }
        mean[c] = m;
        invstd[c] = 1.0 / std::sqrt(q / M + eps);
    }
}

// dx, dw, db from the documented formulas with the given statistics.
static void BnGradRef(const std::vector<double> &dy, const std::vector<double> &x, const std::vector<double> &w,
                      const std::vector<double> &mean, const std::vector<double> &invstd, BnDims d,
                      std::vector<double> &dx, std::vector<double> &dw, std::vector<double> &db)
{
    dx.assign(x.size(), 0);
    dw.assign(d.C, 0);
    db.assign(d.C, 0);
    double M = (double)(d.N * d.S);
    for (int64_t c = 0; c < d.C; c++) {
        double sg = 0, sgx = 0;
        for (int64_t n = 0; n < d.N; n++)
            for (int64_t i = 0; i < d.S; i++) {
                int64_t j = (n * d.C + c) * d.S + i;
                sg += dy[j];
                sgx += dy[j] * (x[j] - mean[c]) * invstd[c];
            }
        dw[c] = sgx;
        db[c] = sg;
        for (int64_t n = 0; n < d.N; n++)
            for (int64_t i = 0; i < d.S; i++) {
                int64_t j = (n * d.C + c) * d.S + i;
                double xh = (x[j] - mean[c]) * invstd[c];
                dx[j] = w[c] * invstd[c] * (dy[j] - sg / M - xh * sgx / M);
            }
    }
}

static void BngCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    BnDims d = Dims(shape);
    int64_t n = GetShapeSize(shape);
    double eps = 1e-5;
    DevTensor dy = MakeTensor(dt, shape, RandVals(rng, n), xl), x = MakeTensor(dt, shape, RandVals(rng, n));
    std::vector<double> mean, invstd;
    BatchStats(x.vals, d, eps, mean, invstd);
    DevTensor w = MakeTensor(dt, {d.C}, RandVals(rng, d.C)), b = MakeTensor(dt, {d.C}, RandVals(rng, d.C));
    DevTensor sm = MakeTensor(dt, {d.C}, mean), si = MakeTensor(dt, {d.C}, invstd);
    DevTensor dx = MakeOut(dt, shape, xl == TRANSPOSED ? PADDED : TRANSPOSED), dw = MakeOut(dt, {d.C}),
              db = MakeOut(dt, {d.C});
    int rc = NPL_RUN(BatchNormalizationGrad, dy.t, x.t, w.t, b.t, sm.t, si.t, eps, dx.t, dw.t, db.t);
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "BatchNormalizationGrad run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> rdx, rdw, rdb;
    BnGradRef(dy.vals, x.vals, w.vals, sm.vals, si.vals, d, rdx, rdw, rdb);
    CheckDtype(Name("BatchNormalizationGrad dx", dt, what).c_str(), dt, Read(dx), rdx);
    // the sums are over N*S values: scale the tolerance with their magnitude
    std::vector<double> gdw = Read(dw), gdb = Read(db);
    double tol = dt == ACL_FLOAT ? 1e-4 : dt == ACL_FLOAT16 ? 4e-3 : 2e-2;
    for (int64_t c = 0; c < d.C; c++) {
        double lim = tol * (1.0 + (double)(d.N * d.S) * 0.5);
        EXPECT(std::fabs(gdw[c] - rdw[c]) <= lim + tol * std::fabs(rdw[c]), "%s dw[%lld] %g vs %g", what.c_str(),
               (long long)c, gdw[c], rdw[c]);
        EXPECT(std::fabs(gdb[c] - rdb[c]) <= lim + tol * std::fabs(rdb[c]), "%s db[%lld] %g vs %g", what.c_str(),
               (long long)c, gdb[c], rdb[c]);
    }
    CheckUntouched("BatchNormalizationGrad dx storage", dx);
    for (DevTensor *t : {&dy, &x, &w, &b, &sm, &si, &dx, &dw, &db}) t->Free();
}

// Training BatchNorm loss sum(dy * (w * (x - mean(x)) * invstd(x) + b)).
static double BnLoss(const std::vector<double> &x, const std::vector<double> &dy, const std::vector<double> &w,
                     BnDims d, double eps)
{
    std::vector<double> mean, invstd;
    BatchStats(x, d, eps, mean, invstd);
    double l = 0;
    for (int64_t nn = 0; nn < d.N; nn++)
        for (int64_t c = 0; c < d.C; c++)
            for (int64_t i = 0; i < d.S; i++) {
                int64_t j = (nn * d.C + c) * d.S + i;
                l += dy[j] * w[c] * (x[j] - mean[c]) * invstd[c];
            }
    return l;
}

static void BngFiniteDiff(Runtime &rt)
{
    std::vector<int64_t> shape = {3, 2, 5};
    BnDims d = Dims(shape);
    int64_t n = GetShapeSize(shape);
    double eps = 1e-3;
    Lcg rng(77);
    DevTensor dy = MakeTensor(ACL_FLOAT, shape, RandVals(rng, n)), x = MakeTensor(ACL_FLOAT, shape, RandVals(rng, n));
    std::vector<double> mean, invstd;
    BatchStats(x.vals, d, eps, mean, invstd);
    DevTensor w = MakeTensor(ACL_FLOAT, {d.C}, {1.5, -0.75}), b = MakeTensor(ACL_FLOAT, {d.C}, {0.5, 2});
    DevTensor sm = MakeTensor(ACL_FLOAT, {d.C}, mean), si = MakeTensor(ACL_FLOAT, {d.C}, invstd);
    DevTensor dx = MakeOut(ACL_FLOAT, shape), dw = MakeOut(ACL_FLOAT, {d.C}), db = MakeOut(ACL_FLOAT, {d.C});
    EXPECT(NPL_RUN(BatchNormalizationGrad, dy.t, x.t, w.t, b.t, sm.t, si.t, eps, dx.t, dw.t, db.t) == 0,
           "BatchNormalizationGrad finite-difference run");
    std::vector<double> got = Read(dx), gw = Read(dw), gb = Read(db);
    const double h = 1e-5;
    for (int64_t j = 0; j < n; j++) {
        std::vector<double> xp = x.vals, xm = x.vals;
        xp[j] += h;
        xm[j] -= h;
        double fd = (BnLoss(xp, dy.vals, w.vals, d, eps) - BnLoss(xm, dy.vals, w.vals, d, eps)) / (2 * h);
        EXPECT(std::fabs(got[j] - fd) <= 1e-3 * (1 + std::fabs(fd)), "BN grad FD dx[%lld]: %g vs %g", (long long)j,
               got[j], fd);
    }
    // dL/dw[c] and dL/db[c] of the same loss (+ sum dy * b)
    for (int64_t c = 0; c < d.C; c++) {
        std::vector<double> wp = w.vals, wm = w.vals;
        wp[c] += h;
        wm[c] -= h;
        double fd = (BnLoss(x.vals, dy.vals, wp, d, eps) - BnLoss(x.vals, dy.vals, wm, d, eps)) / (2 * h);
        EXPECT(std::fabs(gw[c] - fd) <= 1e-3 * (1 + std::fabs(fd)), "BN grad FD dw[%lld]: %g vs %g", (long long)c,
               gw[c], fd);
        double sdy = 0;
        for (int64_t nn = 0; nn < d.N; nn++)
            for (int64_t i = 0; i < d.S; i++) sdy += dy.vals[(nn * d.C + c) * d.S + i];
        EXPECT(std::fabs(gb[c] - sdy) <= 1e-4 * (1 + std::fabs(sdy)), "BN grad db[%lld]: %g vs %g", (long long)c,
               gb[c], sdy);
    }
    for (DevTensor *t : {&dy, &x, &w, &b, &sm, &si, &dx, &dw, &db}) t->Free();
}

static void BngErrors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4}), c3 = MakeOut(ACL_FLOAT, {3}), c4 = MakeOut(ACL_FLOAT, {4});
    DevTensor x16 = MakeOut(ACL_FLOAT16, {2, 3, 4}), c316 = MakeOut(ACL_FLOAT16, {3}), xi = MakeOut(ACL_INT32, {2, 3, 4});
    DevTensor x1 = MakeOut(ACL_FLOAT, {6}), c6 = MakeOut(ACL_FLOAT, {6}), xe = MakeOut(ACL_FLOAT, {0, 3, 4});
    DevTensor x5 = MakeOut(ACL_FLOAT, {2, 3, 5}), c33 = MakeOut(ACL_FLOAT, {3, 1});
    DevTensor xnz = MakeOut(ACL_FLOAT, {2, 3, 4}, CONTIG, ACL_FORMAT_FRACTAL_NZ);
    const double e = 1e-5;
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", BatchNormalizationGrad, x.t, x.t, c3.t, c3.t, c3.t,
                       c3.t, e, x.t, c3.t, c3.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gradOutput", BatchNormalizationGrad, nullptr, x.t, c3.t, c3.t, c3.t,
                       c3.t, e, x.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "bias", BatchNormalizationGrad, x.t, x.t, c3.t, nullptr, c3.t, c3.t, e,
                       x.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gradBiasOut", BatchNormalizationGrad, x.t, x.t, c3.t, c3.t, c3.t,
                       c3.t, e, x.t, c3.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradOutput", BatchNormalizationGrad, xi.t, xi.t, c3.t, c3.t, c3.t,
                       c3.t, e, xi.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "saveMean", BatchNormalizationGrad, x16.t, x16.t, c316.t, c316.t, c3.t,
                       c316.t, e, x16.t, c316.t, c316.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradInputOut", BatchNormalizationGrad, x.t, x.t, c3.t, c3.t, c3.t,
                       c3.t, e, x16.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "input format", BatchNormalizationGrad, x.t, xnz.t, c3.t, c3.t, c3.t,
                       c3.t, e, x.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gradOutput shape", BatchNormalizationGrad, x5.t, x.t, c3.t, c3.t,
                       c3.t, c3.t, e, x.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "at least 2", BatchNormalizationGrad, x1.t, x1.t, c6.t, c6.t,
                       c6.t, c6.t, e, x1.t, c6.t, c6.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "weight should be 1-D", BatchNormalizationGrad, x.t, x.t, c4.t,
                       c4.t, c4.t, c4.t, e, x.t, c4.t, c4.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "weight should be 1-D", BatchNormalizationGrad, x.t, x.t, c33.t,
                       c3.t, c3.t, c3.t, e, x.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "saveInvstd shape", BatchNormalizationGrad, x.t, x.t, c3.t, c3.t,
                       c3.t, c33.t, e, x.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gradInputOut shape", BatchNormalizationGrad, x.t, x.t, c3.t,
                       c3.t, c3.t, c3.t, e, x5.t, c3.t, c3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gradWeightOut shape", BatchNormalizationGrad, x.t, x.t, c3.t,
                       c3.t, c3.t, c3.t, e, x.t, c4.t, c3.t);
        // the real tiling refuses empty inputs
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "greater than 0", BatchNormalizationGrad, xe.t, xe.t, c3.t, c3.t,
                       c3.t, c3.t, e, xe.t, c3.t, c3.t);
    }
    for (DevTensor *t : {&x, &c3, &c4, &x16, &c316, &xi, &x1, &c6, &xe, &x5, &c33, &xnz}) t->Free();
}

// ---- BnInferGrad -------------------------------------------------------------------------
// mode 0 NCHW (channel dim 1), 1 NHWC (channel last), 2 NC1HWC0 (channel c1 * C0 + c0).
static int64_t ChannelOf(const std::vector<int64_t> &shape, int mode, int64_t flat)
{
    std::vector<int64_t> idx(shape.size());
    for (size_t k = shape.size(); k-- > 0;) {
        idx[k] = flat % shape[k];
        flat /= shape[k];
    }
    if (mode == 2) return idx[1] * shape[4] + idx[4];
    if (mode == 1) return idx.back();
    return idx[1];
}

static void BigCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, int64_t formatMode, aclFormat fmt,
                    Layout gl, uint64_t seed)
{
    Lcg rng(seed);
    int mode = shape.size() == 5 ? 2 : formatMode == 1 ? 1 : formatMode == 2 ? 2 : 0;
    int64_t C = mode == 2 ? shape[1] * shape[4] : mode == 1 ? shape.back() : shape[1];
    int64_t n = GetShapeSize(shape);
    std::vector<double> gv = RandVals(rng, n);
    if (n > 4) { gv[0] = INFINITY; gv[1] = -0.0; gv[2] = NAN; }
    DevTensor g = MakeTensor(dt, shape, gv, gl, fmt);
    std::vector<double> var(C);
    for (auto &v : var) v = 0.5 + rng.uniform() * 3;
    if (dt == ACL_FLOAT) var[0] = 0; // only eps keeps it finite (large results: FP32 only)
    std::vector<int64_t> cshape = mode == 2 ? std::vector<int64_t>{shape[1], 1, 1, shape[4]} : std::vector<int64_t>{C};
    DevTensor sc = MakeTensor(ACL_FLOAT, cshape, RandVals(rng, C)), va = MakeTensor(ACL_FLOAT, cshape, var);
    DevTensor out = MakeOut(dt, shape, (gl == PADDED || mode == 2) ? CONTIG : PADDED, fmt);
    double eps = 1e-4;
    int rc = NPL_RUN(BnInferGrad, g.t, sc.t, va.t, eps, formatMode, out.t);
    std::string what = "mode " + std::to_string(mode) + " rank " + std::to_string(shape.size()) + " layout " +
                       std::to_string(gl);
    EXPECT(rc == 0, "BnInferGrad run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> ref(n);
    double feps = (double)(float)eps;
    for (int64_t i = 0; i < n; i++) {
        int64_t c = ChannelOf(shape, mode, i);
        ref[i] = g.vals[i] * sc.vals[c] / std::sqrt(va.vals[c] + feps);
    }
    CheckDtype(Name("BnInferGrad", dt, what).c_str(), dt, Read(out), ref);
    CheckUntouched("BnInferGrad out storage", out);
    for (DevTensor *t : {&g, &sc, &va, &out}) t->Free();
}

static void BigErrors(Runtime &rt)
{
    DevTensor g = MakeOut(ACL_FLOAT, {2, 3, 2, 2}), c3 = MakeOut(ACL_FLOAT, {3}), c2 = MakeOut(ACL_FLOAT, {2});
    DevTensor g16 = MakeOut(ACL_FLOAT16, {2, 3, 2, 2}), c316 = MakeOut(ACL_FLOAT16, {3}), g3 = MakeOut(ACL_FLOAT, {2, 3, 4});
    DevTensor gi = MakeOut(ACL_INT32, {2, 3, 2, 2}), go = MakeOut(ACL_FLOAT, {2, 3, 2, 3}), ge = MakeOut(ACL_FLOAT, {0, 3, 2, 2});
    DevTensor gnz = MakeOut(ACL_FLOAT, {2, 3, 2, 2}, CONTIG, ACL_FORMAT_FRACTAL_NZ);
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", BnInferGrad, g.t, c3.t, c3.t, 1e-4, 0, g.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "grads", BnInferGrad, nullptr, c3.t, c3.t, 1e-4, 0, g.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "batchVariance", BnInferGrad, g.t, c3.t, nullptr, 1e-4, 0, g.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "xBackpropOut", BnInferGrad, g.t, c3.t, c3.t, 1e-4, 0, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "grads", BnInferGrad, gi.t, c3.t, c3.t, 1e-4, 0, gi.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scale", BnInferGrad, g16.t, c316.t, c3.t, 1e-4, 0, g16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "xBackpropOut", BnInferGrad, g.t, c3.t, c3.t, 1e-4, 0, g16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "grads format", BnInferGrad, gnz.t, c3.t, c3.t, 1e-4, 0, gnz.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "xBackpropOut shape", BnInferGrad, g.t, c3.t, c3.t, 1e-4, 0, go.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "at least 4 for NCHW", BnInferGrad, g3.t, c3.t, c3.t, 1e-4, 0, g3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "at least 4 for NHWC", BnInferGrad, g3.t, c3.t, c3.t, 1e-4, 1, g3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "should be 5 for NC1HWC0", BnInferGrad, g.t, c3.t, c3.t, 1e-4, 2, g.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "one value per channel", BnInferGrad, g.t, c2.t, c3.t, 1e-4, 0, g.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "one value per channel", BnInferGrad, g.t, c3.t, c3.t, 1e-4, 1, g.t);
        // empty grads: nothing runs (the real tiling's early exit), even with mismatched channels
        EXPECT(NPL_RUN(BnInferGrad, ge.t, c2.t, c2.t, 1e-4, 0, ge.t) == 0, "BnInferGrad empty");
    }
    for (DevTensor *t : {&g, &c3, &c2, &g16, &c316, &g3, &gi, &go, &ge, &gnz}) t->Free();
}

// ---- FusedAddRmsNorm ---------------------------------------------------------------------
static void FarnCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, size_t gdims, double scale, Layout xl,
                     uint64_t seed)
{
    Lcg rng(seed);
    int64_t total = GetShapeSize(shape);
    std::vector<int64_t> gshape(shape.end() - gdims, shape.end()), rshape = shape;
    for (size_t i = shape.size() - gdims; i < shape.size(); i++) rshape[i] = 1;
    int64_t n = GetShapeSize(gshape), rows = total / n;
    std::vector<double> v1 = RandVals(rng, total);
    if (total > 2 * n) { v1[n] = INFINITY; v1[2 * n + 1] = NAN; } // rows 1 and 2 turn Inf / NaN
    DevTensor x1 = MakeTensor(dt, shape, v1, xl), x2 = MakeTensor(dt, shape, RandVals(rng, total));
    DevTensor g = MakeTensor(dt, gshape, RandVals(rng, n)), y = MakeOut(dt, shape, xl == PADDED ? TRANSPOSED : PADDED);
    DevTensor rs = MakeOut(ACL_FLOAT, rshape), xo = MakeOut(dt, shape);
    double eps = 1e-6;
    int rc = NPL_RUN(FusedAddRmsNorm, x1.t, x2.t, g.t, eps, scale, y.t, rs.t, xo.t);
    std::string what = "rank " + std::to_string(shape.size()) + " gamma dims " + std::to_string(gdims) + " layout " +
                       std::to_string(xl);
    EXPECT(rc == 0, "FusedAddRmsNorm run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> rx(total), ry(total), rr(rows);
    double fs = (double)(float)scale, feps = (double)(float)eps;
    for (int64_t r = 0; r < rows; r++) {
        double sq = 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t j = r * n + i;
            double t = (double)(float)(x1.vals[j] * fs);
            if (dt == ACL_FLOAT16) t = RoundTo(dt, t);
            rx[j] = RoundTo(dt, t + x2.vals[j]);
            sq += rx[j] * rx[j];
        }
        rr[r] = 1.0 / std::sqrt(sq / (double)n + feps);
        for (int64_t i = 0; i < n; i++) ry[r * n + i] = rx[r * n + i] * rr[r] * g.vals[i];
    }
    CheckDtype(Name("FusedAddRmsNorm x", dt, what).c_str(), dt, Read(xo), rx);
    CheckDtype(Name("FusedAddRmsNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(rs), rr);
    CheckDtype(Name("FusedAddRmsNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckUntouched("FusedAddRmsNorm y storage", y);
    for (DevTensor *t : {&x1, &x2, &g, &y, &rs, &xo}) t->Free();
}

static void FarnErrors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 8}), g = MakeOut(ACL_FLOAT, {8}), r = MakeOut(ACL_FLOAT, {2, 3, 1});
    DevTensor x16 = MakeOut(ACL_FLOAT16, {2, 3, 8}), g16 = MakeOut(ACL_FLOAT16, {8}), xi = MakeOut(ACL_INT32, {2, 3, 8});
    DevTensor r16 = MakeOut(ACL_FLOAT16, {2, 3, 1}), r2 = MakeOut(ACL_FLOAT, {2, 3}), r4 = MakeOut(ACL_FLOAT, {2, 4, 1});
    DevTensor rb = MakeOut(ACL_FLOAT, {2, 3, 2}), g2 = MakeOut(ACL_FLOAT, {3, 8}), g7 = MakeOut(ACL_FLOAT, {7});
    DevTensor x5 = MakeOut(ACL_FLOAT, {2, 3, 9}), xe = MakeOut(ACL_FLOAT, {2, 0, 8}), re = MakeOut(ACL_FLOAT, {2, 0, 1});
    DevTensor x2d = MakeOut(ACL_FLOAT, {3, 8}), g4 = MakeOut(ACL_FLOAT, {2, 2, 3, 8}), g0 = MakeOut(ACL_FLOAT, {});
    DevTensor xb = MakeOut(ACL_FLOAT, {1, 10241}), gb = MakeOut(ACL_FLOAT, {10241}), rbig = MakeOut(ACL_FLOAT, {1, 1});
    DevTensor xnz = MakeOut(ACL_FLOAT, {2, 3, 8}, CONTIG, ACL_FORMAT_FRACTAL_NZ);
    DevTensor xbf = MakeOut(ACL_BF16, {2, 3, 8}), gbf = MakeOut(ACL_BF16, {8});
    const double e = 1e-6, sc = 1.0;
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x2", FusedAddRmsNorm, x.t, nullptr, g.t, e, sc, x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "rstdOut", FusedAddRmsNorm, x.t, x.t, g.t, e, sc, x.t, nullptr, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1", FusedAddRmsNorm, xi.t, xi.t, g.t, e, sc, xi.t, r.t, xi.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", FusedAddRmsNorm, x16.t, x16.t, g.t, e, sc, x16.t, r.t, x16.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstdOut", FusedAddRmsNorm, x16.t, x16.t, g16.t, e, sc, x16.t, r16.t, x16.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "xOut", FusedAddRmsNorm, x.t, x.t, g.t, e, sc, x.t, r.t, x16.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1 format", FusedAddRmsNorm, xnz.t, x.t, g.t, e, sc, x.t, r.t, x.t);
    if (g_chip == CHIP_310P)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1", FusedAddRmsNorm, xbf.t, xbf.t, gbf.t, e, sc, xbf.t, r.t, xbf.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gamma's dim num", FusedAddRmsNorm, x.t, x.t, g0.t, e, sc, x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "equal to output y's dim num", FusedAddRmsNorm, x.t, x.t, g.t, e, sc,
                   x2d.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x2/x1", FusedAddRmsNorm, x.t, x2d.t, g.t, e, sc, x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "y/x/rstd", FusedAddRmsNorm, x.t, x.t, g.t, e, sc, x.t, r2.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "smaller than gamma dim num", FusedAddRmsNorm, x2d.t, x2d.t, g4.t, e,
                   sc, x2d.t, r2.t, x2d.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "can not be 0", FusedAddRmsNorm, xe.t, xe.t, g.t, e, sc, xe.t, re.t,
                   xe.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x2/x1 shape", FusedAddRmsNorm, x.t, x5.t, g.t, e, sc, x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "y/x shape", FusedAddRmsNorm, x.t, x.t, g.t, e, sc, x.t, r.t, x5.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "first few dim", FusedAddRmsNorm, x.t, x.t, g.t, e, sc, x.t, r4.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "last few dim", FusedAddRmsNorm, x.t, x.t, g7.t, e, sc, x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "not equal to 1", FusedAddRmsNorm, x.t, x.t, g.t, e, sc, x.t, rb.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "not equal to 1", FusedAddRmsNorm, x.t, x.t, g2.t, e, sc, x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "Epsilon less than zero", FusedAddRmsNorm, x.t, x.t, g.t, -1e-3, sc,
                   x.t, r.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "UB factor", FusedAddRmsNorm, xb.t, xb.t, gb.t, e, sc, xb.t, rbig.t,
                   xb.t);
    for (DevTensor *t : {&x, &g, &r, &x16, &g16, &xi, &r16, &r2, &r4, &rb, &g2, &g7, &x5, &xe, &re, &x2d, &g4, &g0, &xb,
                         &gb, &rbig, &xnz, &xbf, &gbf})
        t->Free();
}

// ---- GroupNormalizationGrad --------------------------------------------------------------
// Group statistics of rows of m values (mean, 1 / sqrt(var + eps)).
static void RowStats(const std::vector<double> &x, int64_t rows, int64_t m, double eps, std::vector<double> &mean,
                     std::vector<double> &rstd)
{
    mean.assign(rows, 0);
    rstd.assign(rows, 0);
    for (int64_t r = 0; r < rows; r++) {
        double s = 0, q = 0;
        for (int64_t i = 0; i < m; i++) s += x[r * m + i];
        double mu = s / (double)m;
        for (int64_t i = 0; i < m; i++) q += (x[r * m + i] - mu) * (x[r * m + i] - mu);
        mean[r] = mu;
        rstd[r] = 1.0 / std::sqrt(q / (double)m + eps);
    }
}

// The documented formula: dx = rstd / M * gamma * (M * dy - s1 - xhat * s2).
static std::vector<double> GngRef(const std::vector<double> &x, const std::vector<double> &dy,
                                  const std::vector<double> &g, const std::vector<double> &mean,
                                  const std::vector<double> &rstd, int64_t rows, int64_t m)
{
    std::vector<double> dx(x.size());
    for (int64_t r = 0; r < rows; r++) {
        double s1 = 0, s2 = 0;
        for (int64_t i = 0; i < m; i++) {
            int64_t j = r * m + i;
            double xh = (x[j] - mean[r]) * rstd[r];
            s1 += dy[j] * g[j];
            s2 += dy[j] * g[j] * xh;
        }
        for (int64_t i = 0; i < m; i++) {
            int64_t j = r * m + i;
            double xh = (x[j] - mean[r]) * rstd[r];
            dx[j] = rstd[r] / (double)m * g[j] * ((double)m * dy[j] - s1 - xh * s2);
        }
    }
    return dx;
}

static void GngCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t total = GetShapeSize(shape), rows = shape[0] * shape[1], m = total / rows;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, total), xl), dy = MakeTensor(dt, shape, RandVals(rng, total));
    DevTensor g = MakeTensor(dt, shape, RandVals(rng, total), xl == PADDED ? TRANSPOSED : CONTIG);
    std::vector<double> mean, rstd;
    RowStats(x.vals, rows, m, 1e-5, mean, rstd);
    DevTensor mt = MakeTensor(dt, {shape[0], shape[1]}, mean), rt_ = MakeTensor(dt, {shape[0], shape[1]}, rstd);
    DevTensor dx = MakeOut(dt, shape, PADDED);
    int rc = NPL_RUN(GroupNormalizationGrad, x.t, dy.t, g.t, mt.t, rt_.t, dx.t);
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "GroupNormalizationGrad run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> ref = GngRef(x.vals, dy.vals, g.vals, mt.vals, rt_.vals, rows, m);
    CheckDtype(Name("GroupNormalizationGrad", dt, what).c_str(), dt, Read(dx), ref);
    CheckUntouched("GroupNormalizationGrad dx storage", dx);
    for (DevTensor *t : {&x, &dy, &g, &mt, &rt_, &dx}) t->Free();
}

// The real formula applies gamma both inside the sums and outside: it is the gradient of
// sum(dy * gamma * xhat(x)) only for gamma == 1 (checked here; other gammas against GngRef).
static void GngFiniteDiff(Runtime &rt)
{
    std::vector<int64_t> shape = {2, 3, 2, 3};
    int64_t total = GetShapeSize(shape), rows = 6, m = 6;
    double eps = 1e-3;
    Lcg rng(91);
    std::vector<double> gv(total);
    for (int64_t r = 0; r < rows; r++)
        for (int64_t i = 0; i < m; i++) gv[r * m + i] = 1.0;
    DevTensor x = MakeTensor(ACL_FLOAT, shape, RandVals(rng, total)), dy = MakeTensor(ACL_FLOAT, shape, RandVals(rng, total));
    DevTensor g = MakeTensor(ACL_FLOAT, shape, gv);
    std::vector<double> mean, rstd;
    RowStats(x.vals, rows, m, eps, mean, rstd);
    DevTensor mt = MakeTensor(ACL_FLOAT, {2, 3}, mean), rt_ = MakeTensor(ACL_FLOAT, {2, 3}, rstd), dx = MakeOut(ACL_FLOAT, shape);
    EXPECT(NPL_RUN(GroupNormalizationGrad, x.t, dy.t, g.t, mt.t, rt_.t, dx.t) == 0, "GroupNormalizationGrad FD run");
    std::vector<double> got = Read(dx);
    auto loss = [&](const std::vector<double> &xv) {
        std::vector<double> mu, rs;
        RowStats(xv, rows, m, eps, mu, rs);
        double l = 0;
        for (int64_t r = 0; r < rows; r++)
            for (int64_t i = 0; i < m; i++) l += dy.vals[r * m + i] * gv[r * m + i] * (xv[r * m + i] - mu[r]) * rs[r];
        return l;
    };
    const double h = 1e-5;
    for (int64_t j = 0; j < total; j++) {
        std::vector<double> xp = x.vals, xm = x.vals;
        xp[j] += h;
        xm[j] -= h;
        double fd = (loss(xp) - loss(xm)) / (2 * h);
        EXPECT(std::fabs(got[j] - fd) <= 1e-3 * (1 + std::fabs(fd)), "GN grad FD dx[%lld]: %g vs %g", (long long)j,
               got[j], fd);
    }
    for (DevTensor *t : {&x, &dy, &g, &mt, &rt_, &dx}) t->Free();
}

static void GngErrors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4}), m = MakeOut(ACL_FLOAT, {2, 3}), x16 = MakeOut(ACL_FLOAT16, {2, 3, 4});
    DevTensor m16 = MakeOut(ACL_FLOAT16, {2, 3}), xi = MakeOut(ACL_INT32, {2, 3, 4}), x2 = MakeOut(ACL_FLOAT, {6, 4});
    DevTensor x5 = MakeOut(ACL_FLOAT, {2, 3, 5}), m6 = MakeOut(ACL_FLOAT, {6}), m32 = MakeOut(ACL_FLOAT, {3, 2});
    DevTensor xz = MakeOut(ACL_FLOAT, {2, 3, 0}), xn = MakeOut(ACL_FLOAT, {0, 3, 4}), mn = MakeOut(ACL_FLOAT, {0, 3});
    DevTensor xnz = MakeOut(ACL_FLOAT, {2, 3, 4}, CONTIG, ACL_FORMAT_FRACTAL_NZ);
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", GroupNormalizationGrad, x.t, x.t, x.t, m.t, m.t, x.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x", GroupNormalizationGrad, nullptr, x.t, x.t, m.t, m.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "rstd", GroupNormalizationGrad, x.t, x.t, x.t, m.t, nullptr, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "dx", GroupNormalizationGrad, x.t, x.t, x.t, m.t, m.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x", GroupNormalizationGrad, xi.t, xi.t, xi.t, m.t, m.t, xi.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "mean", GroupNormalizationGrad, x16.t, x16.t, x16.t, m.t, m16.t, x16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dx", GroupNormalizationGrad, x.t, x.t, x.t, m.t, m.t, x16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma format", GroupNormalizationGrad, x.t, x.t, xnz.t, m.t, m.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x dim num", GroupNormalizationGrad, x2.t, x2.t, x2.t, m6.t, m6.t, x2.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dy", GroupNormalizationGrad, x.t, x5.t, x.t, m.t, m.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", GroupNormalizationGrad, x.t, x.t, x5.t, m.t, m.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "mean", GroupNormalizationGrad, x.t, x.t, x.t, m6.t, m.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstd", GroupNormalizationGrad, x.t, x.t, x.t, m.t, m32.t, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "group size", GroupNormalizationGrad, xz.t, xz.t, xz.t, m.t, m.t, xz.t);
        EXPECT(NPL_RUN(GroupNormalizationGrad, xn.t, xn.t, xn.t, mn.t, mn.t, xn.t) == 0, "GroupNormalizationGrad N = 0");
    }
    for (DevTensor *t : {&x, &m, &x16, &m16, &xi, &x2, &x5, &m6, &m32, &xz, &xn, &mn, &xnz}) t->Free();
}

// ---- LayerNormalizationGrad --------------------------------------------------------------
static void LngRef(const std::vector<double> &dy, const std::vector<double> &x, const std::vector<double> &g,
                   const std::vector<double> &mean, const std::vector<double> &rstd, int64_t N, int64_t D,
                   std::vector<double> &dx, std::vector<double> &dg, std::vector<double> &db)
{
    dx.assign(N * D, 0);
    dg.assign(D, 0);
    db.assign(D, 0);
    for (int64_t r = 0; r < N; r++) {
        double sg = 0, sgx = 0;
        for (int64_t i = 0; i < D; i++) {
            double xh = (x[r * D + i] - mean[r]) * rstd[r], gg = dy[r * D + i] * g[i];
            sg += gg;
            sgx += gg * xh;
            dg[i] += dy[r * D + i] * xh;
            db[i] += dy[r * D + i];
        }
        for (int64_t i = 0; i < D; i++) {
            double xh = (x[r * D + i] - mean[r]) * rstd[r];
            dx[r * D + i] = rstd[r] * (dy[r * D + i] * g[i] - (sg + xh * sgx) / (double)D);
        }
    }
}

static void LngCase(Runtime &rt, aclDataType dt, int64_t N, int64_t D, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    DevTensor dy = MakeTensor(dt, {N, D}, RandVals(rng, N * D), xl), x = MakeTensor(dt, {N, D}, RandVals(rng, N * D));
    std::vector<double> mean, rstd;
    RowStats(x.vals, N, D, 1e-5, mean, rstd);
    DevTensor g = MakeTensor(dt, {D}, RandVals(rng, D)), mt = MakeTensor(dt, {N}, mean), rs = MakeTensor(dt, {N}, rstd);
    DevTensor dx = MakeOut(dt, {N, D}, xl == TRANSPOSED ? PADDED : TRANSPOSED), dg = MakeOut(dt, {D}), db = MakeOut(dt, {D});
    int rc = NPL_RUN(LayerNormalizationGrad, dy.t, x.t, g.t, mt.t, rs.t, dx.t, dg.t, db.t);
    std::string what = std::to_string(N) + "x" + std::to_string(D) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "LayerNormalizationGrad run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> rdx, rdg, rdb;
    LngRef(dy.vals, x.vals, g.vals, mt.vals, rs.vals, N, D, rdx, rdg, rdb);
    CheckDtype(Name("LayerNormalizationGrad dx", dt, what).c_str(), dt, Read(dx), rdx);
    std::vector<double> gdg = Read(dg), gdb = Read(db);
    double tol = dt == ACL_FLOAT ? 1e-4 : dt == ACL_FLOAT16 ? 4e-3 : 2e-2;
    for (int64_t i = 0; i < D; i++) {
        double lim = tol * (1.0 + (double)N * 0.5);
        EXPECT(std::fabs(gdg[i] - rdg[i]) <= lim + tol * std::fabs(rdg[i]), "%s dgamma[%lld] %g vs %g", what.c_str(),
               (long long)i, gdg[i], rdg[i]);
        EXPECT(std::fabs(gdb[i] - rdb[i]) <= lim + tol * std::fabs(rdb[i]), "%s dbeta[%lld] %g vs %g", what.c_str(),
               (long long)i, gdb[i], rdb[i]);
    }
    CheckUntouched("LayerNormalizationGrad dx storage", dx);
    for (DevTensor *t : {&dy, &x, &g, &mt, &rs, &dx, &dg, &db}) t->Free();
}

// dx / dgamma / dbeta against central differences of sum(dy * (gamma * xhat(x) + beta)).
static void LngFiniteDiff(Runtime &rt)
{
    const int64_t N = 3, D = 7;
    const double eps = 1e-3, h = 1e-5;
    Lcg rng(93);
    DevTensor dy = MakeTensor(ACL_FLOAT, {N, D}, RandVals(rng, N * D)), x = MakeTensor(ACL_FLOAT, {N, D}, RandVals(rng, N * D));
    std::vector<double> mean, rstd;
    RowStats(x.vals, N, D, eps, mean, rstd);
    DevTensor g = MakeTensor(ACL_FLOAT, {D}, RandVals(rng, D)), mt = MakeTensor(ACL_FLOAT, {N}, mean);
    DevTensor rs = MakeTensor(ACL_FLOAT, {N}, rstd), dx = MakeOut(ACL_FLOAT, {N, D}), dg = MakeOut(ACL_FLOAT, {D});
    DevTensor db = MakeOut(ACL_FLOAT, {D});
    EXPECT(NPL_RUN(LayerNormalizationGrad, dy.t, x.t, g.t, mt.t, rs.t, dx.t, dg.t, db.t) == 0, "LN grad FD run");
    auto loss = [&](const std::vector<double> &xv, const std::vector<double> &gv) {
        std::vector<double> mu, r;
        RowStats(xv, N, D, eps, mu, r);
        double l = 0;
        for (int64_t k = 0; k < N; k++)
            for (int64_t i = 0; i < D; i++) l += dy.vals[k * D + i] * gv[i] * (xv[k * D + i] - mu[k]) * r[k];
        return l;
    };
    std::vector<double> gx = Read(dx), gg = Read(dg), gb = Read(db);
    for (int64_t j = 0; j < N * D; j++) {
        std::vector<double> xp = x.vals, xm = x.vals;
        xp[j] += h;
        xm[j] -= h;
        double fd = (loss(xp, g.vals) - loss(xm, g.vals)) / (2 * h);
        EXPECT(std::fabs(gx[j] - fd) <= 1e-3 * (1 + std::fabs(fd)), "LN grad FD dx[%lld]: %g vs %g", (long long)j, gx[j], fd);
    }
    for (int64_t i = 0; i < D; i++) {
        std::vector<double> gp = g.vals, gm = g.vals;
        gp[i] += h;
        gm[i] -= h;
        double fd = (loss(x.vals, gp) - loss(x.vals, gm)) / (2 * h), sdy = 0;
        for (int64_t k = 0; k < N; k++) sdy += dy.vals[k * D + i];
        EXPECT(std::fabs(gg[i] - fd) <= 1e-3 * (1 + std::fabs(fd)), "LN grad FD dgamma[%lld]: %g vs %g", (long long)i,
               gg[i], fd);
        EXPECT(std::fabs(gb[i] - sdy) <= 1e-4 * (1 + std::fabs(sdy)), "LN grad dbeta[%lld]: %g vs %g", (long long)i,
               gb[i], sdy);
    }
    for (DevTensor *t : {&dy, &x, &g, &mt, &rs, &dx, &dg, &db}) t->Free();
}

static void LngErrors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {4, 6}), d = MakeOut(ACL_FLOAT, {6}), n = MakeOut(ACL_FLOAT, {4});
    DevTensor x16 = MakeOut(ACL_FLOAT16, {4, 6}), d16 = MakeOut(ACL_FLOAT16, {6}), xi = MakeOut(ACL_INT32, {4, 6});
    DevTensor x3 = MakeOut(ACL_FLOAT, {2, 2, 6}), x1 = MakeOut(ACL_FLOAT, {6}), xe = MakeOut(ACL_FLOAT, {0, 6});
    DevTensor x5 = MakeOut(ACL_FLOAT, {4, 5}), d5 = MakeOut(ACL_FLOAT, {5}), n3 = MakeOut(ACL_FLOAT, {3});
    DevTensor xnz = MakeOut(ACL_FLOAT, {4, 6}, CONTIG, ACL_FORMAT_FRACTAL_NZ);
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", LayerNormalizationGrad, x.t, x.t, d.t, n.t, n.t, x.t,
                       d.t, d.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "dy", LayerNormalizationGrad, nullptr, x.t, d.t, n.t, n.t, x.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "mean", LayerNormalizationGrad, x.t, x.t, d.t, nullptr, n.t, x.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "dbeta", LayerNormalizationGrad, x.t, x.t, d.t, n.t, n.t, x.t, d.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dy", LayerNormalizationGrad, xi.t, xi.t, d.t, n.t, n.t, xi.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", LayerNormalizationGrad, x16.t, x16.t, d.t, n.t, n.t, x16.t,
                       d16.t, d16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dgamma", LayerNormalizationGrad, x.t, x.t, d.t, n.t, n.t, x.t, d16.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x format", LayerNormalizationGrad, x.t, xnz.t, d.t, n.t, n.t, x.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "should be 2", LayerNormalizationGrad, x1.t, x1.t, d.t, n.t, n.t,
                       x1.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "should be 2", LayerNormalizationGrad, x3.t, x3.t, d.t, n.t, n.t,
                       x3.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "greater than 0", LayerNormalizationGrad, xe.t, xe.t, d.t, n.t, n.t,
                       xe.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x shape", LayerNormalizationGrad, x.t, x5.t, d.t, n.t, n.t, x.t,
                       d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "dx shape", LayerNormalizationGrad, x.t, x.t, d.t, n.t, n.t, x5.t,
                       d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "gamma shape", LayerNormalizationGrad, x.t, x.t, d5.t, n.t, n.t,
                       x.t, d.t, d.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "dbeta shape", LayerNormalizationGrad, x.t, x.t, d.t, n.t, n.t, x.t,
                       d.t, d5.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "rstd shape", LayerNormalizationGrad, x.t, x.t, d.t, n.t, n3.t,
                       x.t, d.t, d.t);
    }
    for (DevTensor *t : {&x, &d, &n, &x16, &d16, &xi, &x3, &x1, &xe, &x5, &d5, &n3, &xnz}) t->Free();
}

// ---- LpNormV3 ----------------------------------------------------------------------------
static double LpOf(const std::vector<double> &v, double p)
{
    if (std::isinf(p)) {
        double m = std::fabs(v[0]);
        for (double x : v) m = p > 0 ? std::max(m, std::fabs(x)) : std::min(m, std::fabs(x));
        return m;
    }
    double acc = 0;
    for (double x : v) acc += std::pow(std::fabs(x), p);
    return std::pow(acc + 1e-6, 1.0 / p);
}

static void LpCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, double p, int64_t axis, Layout xl,
                   uint64_t seed)
{
    Lcg rng(seed);
    int64_t total = GetShapeSize(shape);
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, total), xl), y = MakeOut(dt, shape, xl == PADDED ? CONTIG : PADDED);
    int rc = NPL_RUN(LpNormV3, x.t, p, axis, y.t);
    std::string what = "p " + std::to_string(p) + " axis " + std::to_string(axis) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "LpNormV3 run (%s %s)", DtName(dt), what.c_str());
    int64_t R = shape[0], C = total / shape[0];
    std::vector<double> ref(total);
    auto apply = [&](const std::vector<int64_t> &idx) {
        std::vector<double> v;
        for (int64_t j : idx) v.push_back(x.vals[j]);
        double nrm = RoundTo(dt, LpOf(v, (double)(float)p));
        for (int64_t j : idx) ref[j] = x.vals[j] / nrm;
    };
    if (axis == -1) {
        std::vector<int64_t> all(total);
        for (int64_t j = 0; j < total; j++) all[j] = j;
        apply(all);
    } else if (axis == 0) {
        for (int64_t r = 0; r < R; r++) {
            std::vector<int64_t> idx;
            for (int64_t c = 0; c < C; c++) idx.push_back(r * C + c);
            apply(idx);
        }
    } else {
        for (int64_t c = 0; c < C; c++) {
            std::vector<int64_t> idx;
            for (int64_t r = 0; r < R; r++) idx.push_back(r * C + c);
            apply(idx);
        }
    }
    CheckDtype(Name("LpNormV3", dt, what).c_str(), dt, Read(y), ref);
    CheckUntouched("LpNormV3 y storage", y);
    x.Free();
    y.Free();
}

static void LpErrors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {3, 4}), x16 = MakeOut(ACL_FLOAT16, {3, 4}), xb = MakeOut(ACL_BF16, {3, 4});
    DevTensor x3 = MakeOut(ACL_FLOAT, {2, 3, 4}), xe = MakeOut(ACL_FLOAT, {0, 4}), y5 = MakeOut(ACL_FLOAT, {3, 5});
    DevTensor xnz = MakeOut(ACL_FLOAT, {3, 4}, CONTIG, ACL_FORMAT_FRACTAL_NZ);
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", LpNormV3, x.t, 2.0, 0, x.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x", LpNormV3, nullptr, 2.0, 0, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "yOut", LpNormV3, x.t, 2.0, 0, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x", LpNormV3, xb.t, 2.0, 0, xb.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "yOut", LpNormV3, x.t, 2.0, 0, x16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x format", LpNormV3, xnz.t, 2.0, 0, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "empty", LpNormV3, xe.t, 2.0, 0, xe.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "yOut shape", LpNormV3, x.t, 2.0, 0, y5.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "axis 2 should be -1, 0 or 1", LpNormV3, x.t, 2.0, 2, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "should be 2 for axis 1", LpNormV3, x3.t, 2.0, 1, x3.t);
    }
    for (DevTensor *t : {&x, &x16, &xb, &x3, &xe, &y5, &xnz}) t->Free();
}

// ---- RenormV2 ----------------------------------------------------------------------------
static void RnCase(Runtime &rt, aclDataType dt, int64_t R, int64_t C, double p, int64_t dim, double maxnorm, Layout xl,
                   uint64_t seed)
{
    Lcg rng(seed);
    DevTensor x = MakeTensor(dt, {R, C}, RandVals(rng, R * C), xl), y = MakeOut(dt, {R, C}, xl == PADDED ? CONTIG : PADDED);
    int rc = NPL_RUN(RenormV2, x.t, p, dim, maxnorm, y.t);
    std::string what = "p " + std::to_string(p) + " dim " + std::to_string(dim) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "RenormV2 run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> ref(R * C);
    int64_t outer = dim == 0 ? R : C, inner = dim == 0 ? C : R;
    double fp = (double)(float)p, fm = (double)(float)maxnorm;
    for (int64_t o = 0; o < outer; o++) {
        double acc = 0;
        for (int64_t i = 0; i < inner; i++) acc += std::pow(std::fabs(x.vals[dim == 0 ? o * C + i : i * C + o]), fp);
        double nrm = std::pow(acc, 1.0 / fp), f = nrm > fm ? fm / nrm : 1.0;
        for (int64_t i = 0; i < inner; i++) {
            int64_t j = dim == 0 ? o * C + i : i * C + o;
            ref[j] = x.vals[j] * f;
        }
    }
    CheckDtype(Name("RenormV2", dt, what).c_str(), dt, Read(y), ref);
    CheckUntouched("RenormV2 y storage", y);
    x.Free();
    y.Free();
}

static void RnErrors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {3, 4}), x16 = MakeOut(ACL_FLOAT16, {3, 4}), xi = MakeOut(ACL_INT32, {3, 4});
    DevTensor x3 = MakeOut(ACL_FLOAT, {2, 3, 4}), xe = MakeOut(ACL_FLOAT, {0, 4}), y5 = MakeOut(ACL_FLOAT, {3, 5});
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", RenormV2, x.t, 1.0, 0, 5.0, x.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x", RenormV2, nullptr, 1.0, 0, 5.0, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "yOut", RenormV2, x.t, 1.0, 0, 5.0, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x", RenormV2, xi.t, 1.0, 0, 5.0, xi.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "yOut", RenormV2, x.t, 1.0, 0, 5.0, x16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "empty", RenormV2, xe.t, 1.0, 0, 5.0, xe.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "only supports 2D", RenormV2, x3.t, 1.0, 0, 5.0, x3.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "yOut shape", RenormV2, x.t, 1.0, 0, 5.0, y5.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "dim -1 should be 0 or 1", RenormV2, x.t, 1.0, -1, 5.0, x.t);
    }
    for (DevTensor *t : {&x, &x16, &xi, &x3, &xe, &y5}) t->Free();
}

// ---- SyncBnTrainingUpdateV2 ---------------------------------------------------------------
static void SbuCase(Runtime &rt, std::vector<int64_t> shape, double momentum, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    BnDims d = Dims(shape);
    int64_t n = GetShapeSize(shape);
    DevTensor x1 = MakeTensor(ACL_FLOAT, shape, RandVals(rng, n), xl), x2 = MakeTensor(ACL_FLOAT, {d.C}, RandVals(rng, d.C));
    std::vector<double> v3(d.C);
    for (auto &v : v3) v = rng.uniform() * 4;
    DevTensor x3 = MakeTensor(ACL_FLOAT, {d.C}, v3), y1 = MakeOut(ACL_FLOAT, shape, xl == PADDED ? CONTIG : PADDED);
    DevTensor y2 = MakeOut(ACL_FLOAT, {d.C}), y3 = MakeOut(ACL_FLOAT, {d.C});
    int rc = NPL_RUN(SyncBnTrainingUpdateV2, x1.t, x2.t, x3.t, momentum, y1.t, y2.t, y3.t);
    std::string what = "momentum " + std::to_string(momentum) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "SyncBnTrainingUpdateV2 run (%s)", what.c_str());
    std::vector<double> mean, invstd, ry1(n), ry2(d.C), ry3(d.C);
    BatchStats(x1.vals, d, 1e-6, mean, invstd);
    double m = (double)(float)momentum;
    for (int64_t c = 0; c < d.C; c++) {
        double var = 1.0 / (invstd[c] * invstd[c]) - 1e-6;
        ry2[c] = m * x2.vals[c] + (1 - m) * mean[c];
        ry3[c] = m * x3.vals[c] + (1 - m) * var;
        for (int64_t k = 0; k < d.N; k++)
            for (int64_t i = 0; i < d.S; i++) {
                int64_t j = (k * d.C + c) * d.S + i;
                ry1[j] = (x1.vals[j] - mean[c]) * invstd[c];
            }
    }
    CheckDtype(("SyncBnTrainingUpdateV2 y1 " + what).c_str(), ACL_FLOAT, Read(y1), ry1);
    CheckDtype(("SyncBnTrainingUpdateV2 y2 " + what).c_str(), ACL_FLOAT, Read(y2), ry2);
    CheckDtype(("SyncBnTrainingUpdateV2 y3 " + what).c_str(), ACL_FLOAT, Read(y3), ry3);
    CheckUntouched("SyncBnTrainingUpdateV2 y1 storage", y1);
    for (DevTensor *t : {&x1, &x2, &x3, &y1, &y2, &y3}) t->Free();
}

static void SbuErrors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 2, 2}), c = MakeOut(ACL_FLOAT, {3}), c4 = MakeOut(ACL_FLOAT, {4});
    DevTensor x16 = MakeOut(ACL_FLOAT16, {2, 3, 2, 2}), c16 = MakeOut(ACL_FLOAT16, {3}), x3 = MakeOut(ACL_FLOAT, {2, 3, 4});
    DevTensor xe = MakeOut(ACL_FLOAT, {0, 3, 2, 2}), xo = MakeOut(ACL_FLOAT, {2, 3, 2, 3});
    if (g_chip != CHIP_A2) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", SyncBnTrainingUpdateV2, x.t, c.t, c.t, 0.9, x.t, c.t, c.t);
    } else {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x3", SyncBnTrainingUpdateV2, x.t, c.t, nullptr, 0.9, x.t, c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "y3Out", SyncBnTrainingUpdateV2, x.t, c.t, c.t, 0.9, x.t, c.t, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x1", SyncBnTrainingUpdateV2, x16.t, c.t, c.t, 0.9, x16.t, c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x2", SyncBnTrainingUpdateV2, x.t, c16.t, c.t, 0.9, x.t, c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "empty", SyncBnTrainingUpdateV2, xe.t, c.t, c.t, 0.9, xe.t, c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "should be 4", SyncBnTrainingUpdateV2, x3.t, c.t, c.t, 0.9, x3.t,
                       c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "y1Out shape", SyncBnTrainingUpdateV2, x.t, c.t, c.t, 0.9, xo.t,
                       c.t, c.t);
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "y2Out shape", SyncBnTrainingUpdateV2, x.t, c.t, c.t, 0.9, x.t,
                       c4.t, c.t);
    }
    for (DevTensor *t : {&x, &c, &c4, &x16, &c16, &x3, &xe, &xo}) t->Free();
}

// ---- AdaLayerNorm / AdaLayerNormV2 (norm/ada_layer_norm*) ---------------------------------
static void AlnCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, bool keepdim1, bool affine, bool v2,
                    aclDataType wdt, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    size_t nd = shape.size();
    int64_t H = shape[nd - 1], S = shape[nd - 2], total = GetShapeSize(shape), rows = total / H, B = rows / S;
    std::vector<int64_t> ss(shape.begin(), shape.end() - 2), ms = shape;
    if (keepdim1) ss.push_back(1);
    ss.push_back(H);
    ms[nd - 1] = 1;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, total), xl), sc = MakeTensor(dt, ss, RandVals(rng, B * H, 0.2));
    DevTensor sh = MakeTensor(dt, ss, RandVals(rng, B * H)), w = MakeTensor(wdt, {H}, RandVals(rng, H));
    DevTensor b = MakeTensor(wdt, {H}, RandVals(rng, H)), y = MakeOut(dt, shape, xl == PADDED ? CONTIG : PADDED);
    DevTensor mo = MakeOut(dt, ms), ro = MakeOut(dt, ms);
    double eps = 1e-5;
    int rc = v2 ? NPL_RUN(AdaLayerNormV2, x.t, sc.t, sh.t, affine ? w.t : nullptr, affine ? b.t : nullptr, eps, y.t,
                          mo.t, ro.t)
                : NPL_RUN(AdaLayerNorm, x.t, sc.t, sh.t, affine ? w.t : nullptr, affine ? b.t : nullptr, eps, y.t);
    std::string what = std::string(v2 ? "V2 " : "") + "rank " + std::to_string(nd) + (affine ? " affine" : "") +
                       " layout " + std::to_string(xl);
    EXPECT(rc == 0, "AdaLayerNorm run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> ry(total), rm(rows), rr(rows);
    for (int64_t r = 0; r < rows; r++) {
        double m = 0, q = 0;
        for (int64_t i = 0; i < H; i++) m += x.vals[r * H + i];
        m /= (double)H;
        for (int64_t i = 0; i < H; i++) q += (x.vals[r * H + i] - m) * (x.vals[r * H + i] - m);
        double rs = 1.0 / std::sqrt(q / (double)H + eps);
        rm[r] = m;
        rr[r] = rs;
        int64_t bt = r / S;
        for (int64_t i = 0; i < H; i++) {
            double ln = (x.vals[r * H + i] - m) * rs * (affine ? w.vals[i] : 1.0) + (affine ? b.vals[i] : 0.0);
            ry[r * H + i] = ln * (1 + sc.vals[bt * H + i]) + sh.vals[bt * H + i];
        }
    }
    CheckDtype(Name("AdaLayerNorm out", dt, what).c_str(), dt, Read(y), ry);
    if (v2) {
        CheckDtype(Name("AdaLayerNormV2 mean", dt, what).c_str(), dt, Read(mo), rm);
        CheckDtype(Name("AdaLayerNormV2 rstd", dt, what).c_str(), dt, Read(ro), rr);
    }
    CheckUntouched("AdaLayerNorm out storage", y);
    for (DevTensor *t : {&x, &sc, &sh, &w, &b, &y, &mo, &ro}) t->Free();
}

static void AlnErrors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 8}), s = MakeOut(ACL_FLOAT, {2, 1, 8}), h = MakeOut(ACL_FLOAT, {8});
    DevTensor x16 = MakeOut(ACL_FLOAT16, {2, 3, 8}), s16 = MakeOut(ACL_FLOAT16, {2, 8}), xi = MakeOut(ACL_INT32, {2, 3, 8});
    DevTensor h16 = MakeOut(ACL_FLOAT16, {8}), x1 = MakeOut(ACL_FLOAT, {8}), xe = MakeOut(ACL_FLOAT, {2, 0, 8});
    DevTensor sb = MakeOut(ACL_FLOAT, {2, 3, 8}), h7 = MakeOut(ACL_FLOAT, {7}), m = MakeOut(ACL_FLOAT, {2, 3, 1});
    DevTensor mb = MakeOut(ACL_FLOAT, {2, 3}), xo = MakeOut(ACL_FLOAT, {2, 3, 9});
    bool v1ok = g_chip == CHIP_A2, v2ok = g_chip != CHIP_310P;
    if (!v1ok)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", AdaLayerNorm, x.t, s.t, s.t, h.t, h.t, 1e-5, x.t);
    if (!v2ok)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported", AdaLayerNormV2, x.t, s.t, s.t, h.t, h.t, 1e-5, x.t,
                       m.t, m.t);
    if (v1ok) {
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "scale", AdaLayerNorm, x.t, nullptr, s.t, h.t, h.t, 1e-5, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "out", AdaLayerNorm, x.t, s.t, s.t, h.t, h.t, 1e-5, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "x", AdaLayerNorm, xi.t, s.t, s.t, h.t, h.t, 1e-5, xi.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scale", AdaLayerNorm, x16.t, s.t, s16.t, nullptr, nullptr, 1e-5, x16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weightOptional", AdaLayerNorm, x.t, s.t, s.t, h.t, h16.t, 1e-5, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weightOptional", AdaLayerNorm, x16.t, s16.t, s16.t, h.t, nullptr, 1e-5,
                       x16.t); // V1: no FLOAT weight for 16-bit x
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", AdaLayerNorm, x.t, s.t, s.t, h.t, h.t, 1e-5, x16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "between 2 and 8", AdaLayerNorm, x1.t, h.t, h.t, nullptr, nullptr,
                       1e-5, x1.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "greater than 0", AdaLayerNorm, xe.t, s.t, s.t, nullptr, nullptr, 1e-5,
                       xe.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "scale shape", AdaLayerNorm, x.t, sb.t, s.t, nullptr, nullptr, 1e-5, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "shift shape", AdaLayerNorm, x.t, s.t, sb.t, nullptr, nullptr, 1e-5, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "biasOptional", AdaLayerNorm, x.t, s.t, s.t, h.t, h7.t, 1e-5, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", AdaLayerNorm, x.t, s.t, s.t, nullptr, nullptr, 1e-5, xo.t);
    }
    if (v2ok) {
        // V2 takes FLOAT weight / bias with a 16-bit x, checks shift before scale and shapes the stats
        EXPECT(NPL_RUN(AdaLayerNormV2, x16.t, s16.t, s16.t, h.t, h.t, 1e-5, x16.t, nullptr, nullptr) == 0,
               "AdaLayerNormV2 FLOAT weight");
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "shift dtype", AdaLayerNormV2, x16.t, s.t, s.t, nullptr, nullptr, 1e-5,
                       x16.t, nullptr, nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstdOutOptional", AdaLayerNormV2, x.t, s.t, s.t, nullptr, nullptr,
                       1e-5, x.t, m.t, h16.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "meanOutOptional", AdaLayerNormV2, x.t, s.t, s.t, nullptr, nullptr,
                       1e-5, x.t, mb.t, m.t);
    }
    for (DevTensor *t : {&x, &s, &h, &x16, &s16, &xi, &h16, &x1, &xe, &sb, &h7, &m, &mb, &xo}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    std::string sv = soc ? soc : "";
    g_chip = sv.find("310P") != std::string::npos ? CHIP_310P : (sv.find("950") != std::string::npos ? CHIP_950 : CHIP_A2);
    printf("chip %s\n", sv.c_str());
    if (g_chip == CHIP_A2) {
        uint64_t seed = 4100;
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            BngCase(rt, dt, {2, 4, 8}, CONTIG, seed++);
            BngCase(rt, dt, {3, 5, 4, 6}, TRANSPOSED, seed++);
            BngCase(rt, dt, {7, 3}, PADDED, seed++);
            BngCase(rt, dt, {2, 17, 1, 3, 5}, CONTIG, seed++);
            BigCase(rt, dt, {2, 3, 4, 5}, 0, ACL_FORMAT_NCHW, CONTIG, seed++);
            BigCase(rt, dt, {2, 4, 5, 3}, 1, ACL_FORMAT_NHWC, PADDED, seed++);
            BigCase(rt, dt, {2, 3, 4, 5}, 7, ACL_FORMAT_ND, TRANSPOSED, seed++); // unknown mode: NCHW
            BigCase(rt, dt, {2, 2, 3, 3, 16}, 0, ACL_FORMAT_NC1HWC0, CONTIG, seed++); // 5-D: NC1HWC0
            BigCase(rt, dt, {1, 3, 2, 2, 2, 3}, 0, ACL_FORMAT_ND, CONTIG, seed++);
            BigCase(rt, dt, {2, 2, 2, 2, 3, 5}, 1, ACL_FORMAT_ND, CONTIG, seed++);
        }
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            GngCase(rt, dt, {2, 4, 128}, CONTIG, seed++);
            GngCase(rt, dt, {3, 2, 5, 7}, TRANSPOSED, seed++);
            GngCase(rt, dt, {1, 5, 3, 2, 2, 3}, PADDED, seed++);
        }
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            LngCase(rt, dt, 8, 64, CONTIG, seed++);
            LngCase(rt, dt, 37, 9, TRANSPOSED, seed++);
            LngCase(rt, dt, 3, 300, PADDED, seed++);
        }
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
            LpCase(rt, dt, {2, 3}, 2.0, 0, CONTIG, seed++);
            LpCase(rt, dt, {17, 40}, 2.0, 1, TRANSPOSED, seed++);
            LpCase(rt, dt, {9, 33}, 1.0, -1, PADDED, seed++);
            LpCase(rt, dt, {5, 4, 6}, 3.5, -1, CONTIG, seed++);
            LpCase(rt, dt, {6, 7}, INFINITY, 0, CONTIG, seed++);
            // min |x| can be tiny: the large quotients only fit the FP32 limits
            LpCase(rt, dt, {6, 7}, dt == ACL_FLOAT ? -INFINITY : INFINITY, 1, CONTIG, seed++);
            LpCase(rt, dt, {4, 9}, 0.0, 0, CONTIG, seed++); // every norm infinite: y = 0
        }
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
            RnCase(rt, dt, 8, 5, 1.0, 0, 5.0, CONTIG, seed++);
            RnCase(rt, dt, 13, 40, 2.0, 1, 6.0, TRANSPOSED, seed++);
            RnCase(rt, dt, 6, 30, 3.0, 0, 1e9, PADDED, seed++); // nothing exceeds maxNorm
            RnCase(rt, dt, 7, 9, 2.0, 0, 0.5, CONTIG, seed++);  // every row scaled
        }
        SbuCase(rt, {2, 3, 4, 5}, 0.9, CONTIG, seed++);
        SbuCase(rt, {3, 5, 2, 7}, 0.25, TRANSPOSED, seed++);
        SbuCase(rt, {1, 4, 3, 3}, 0.0, PADDED, seed++);
        BngFiniteDiff(rt);
        LngFiniteDiff(rt);
        GngFiniteDiff(rt);
    }
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (g_chip != CHIP_310P) dts.push_back(ACL_BF16);
    uint64_t fseed = 4300;
    for (aclDataType dt : dts) {
        FarnCase(rt, dt, {4, 3, 16}, 1, 1.0, CONTIG, fseed++);
        FarnCase(rt, dt, {5, 3, 8}, 2, 0.375, TRANSPOSED, fseed++);
        FarnCase(rt, dt, {9, 1000}, 1, -1.25, PADDED, fseed++);
        FarnCase(rt, dt, {7}, 1, 2.5, CONTIG, fseed++);
    }
    FarnErrors();
    if (g_chip != CHIP_310P) {
        for (aclDataType dt : dts) {
            if (g_chip == CHIP_A2) {
                AlnCase(rt, dt, {2, 5, 16}, true, true, false, dt, CONTIG, fseed++);
                AlnCase(rt, dt, {3, 2, 4, 24}, false, false, false, dt, TRANSPOSED, fseed++);
            }
            AlnCase(rt, dt, {2, 7, 33}, false, true, true, ACL_FLOAT, PADDED, fseed++);
            AlnCase(rt, dt, {4, 9}, true, true, true, dt, CONTIG, fseed++);
        }
    }
    AlnErrors(rt);
    BngErrors();
    BigErrors(rt);
    GngErrors(rt);
    LngErrors();
    LpErrors();
    RnErrors();
    SbuErrors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
