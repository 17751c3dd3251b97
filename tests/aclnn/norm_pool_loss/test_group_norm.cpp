// aclnnGroupNorm, aclnnGroupNormSilu(V2), aclnnInstanceNorm (310P only: rejected elsewhere),
// aclnnLayerNormBackward and aclnnAddLayerNorm: FLOAT / FLOAT16 / BF16, odd sizes, strided
// views and validation errors, against double-precision references.
#include "npl_util.h"
#include "aclnnop/aclnn_add_layer_norm.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "aclnnop/aclnn_instance_norm.h"
#include "aclnnop/aclnn_layer_norm_backward.h"

static void GroupCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, int64_t G, int silu, Layout xl,
                      uint64_t seed)
{
    Lcg rng(seed);
    int64_t N = shape[0], C = shape[1], HxW = GetShapeSize(shape) / (N * C), cpg = C / G;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * HxW), xl);
    DevTensor g = MakeTensor(dt, {C}, RandVals(rng, C, 0.4)), b = MakeTensor(dt, {C}, RandVals(rng, C, 0.4));
    DevTensor y = MakeOut(dt, shape, CONTIG), m = MakeOut(dt, {N, G}), r = MakeOut(dt, {N, G});
    double eps = 1e-5;
    int rc = silu < 0 ? NPL_RUN(GroupNorm, x.t, g.t, b.t, N, C, HxW, G, eps, y.t, m.t, r.t)
                      : silu == 2 ? NPL_RUN(GroupNormSiluV2, x.t, g.t, b.t, G, eps, false, y.t, m.t, r.t)
                                  : NPL_RUN(GroupNormSilu, x.t, g.t, b.t, G, eps, y.t, m.t, r.t);
    EXPECT(rc == 0, "GroupNorm run");
    std::vector<double> ry(x.vals.size()), rm, rr;
    for (int64_t n = 0; n < N; n++)
        for (int64_t gi = 0; gi < G; gi++) {
            int64_t base = (n * C + gi * cpg) * HxW, len = cpg * HxW;
            double s = 0, q = 0;
            for (int64_t i = 0; i < len; i++) s += x.vals[base + i];
            double mu = s / len;
            for (int64_t i = 0; i < len; i++) q += (x.vals[base + i] - mu) * (x.vals[base + i] - mu);
            double rs = 1.0 / std::sqrt(q / len + eps);
            rm.push_back(mu);
            rr.push_back(rs);
            for (int64_t i = 0; i < len; i++) {
                int64_t c = gi * cpg + i / HxW;
                double v = (x.vals[base + i] - mu) * rs * g.vals[c] + b.vals[c];
                ry[base + i] = silu == 1 ? v / (1 + std::exp(-v)) : v;
            }
        }
    std::string what = "rank " + std::to_string(shape.size()) + " G" + std::to_string(G) + " silu" + std::to_string(silu);
    CheckDtype(Name("GroupNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("GroupNorm mean", dt, what).c_str(), dt, Read(m), rm);
    CheckDtype(Name("GroupNorm rstd", dt, what).c_str(), dt, Read(r), rr);
    for (DevTensor *t : {&x, &g, &b, &y, &m, &r}) t->Free();
}

static void LnBackwardCase(Runtime &rt, aclDataType dt, int64_t rows, int64_t n, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    DevTensor x = MakeTensor(dt, {rows, n}, RandVals(rng, rows * n), xl), dy = MakeTensor(dt, {rows, n}, RandVals(rng, rows * n));
    DevTensor w = MakeTensor(dt, {n}, RandVals(rng, n, 0.5)), b = MakeTensor(dt, {n}, RandVals(rng, n, 0.5));
    std::vector<double> mean(rows), rstd(rows);
    for (int64_t r = 0; r < rows; r++) {
        double s = 0, q = 0;
        for (int64_t j = 0; j < n; j++) s += x.vals[r * n + j];
        mean[r] = s / n;
        for (int64_t j = 0; j < n; j++) q += std::pow(x.vals[r * n + j] - mean[r], 2);
        rstd[r] = 1.0 / std::sqrt(q / n + 1e-5);
    }
    DevTensor mt = MakeTensor(ACL_FLOAT, {rows, 1}, mean), rt_ = MakeTensor(ACL_FLOAT, {rows, 1}, rstd);
    DevTensor dx = MakeOut(dt, {rows, n}, xl), dw = MakeOut(dt, {n}), db = MakeOut(dt, {n});
    int64_t ns[1] = {n};
    aclIntArray *na = aclCreateIntArray(ns, 1);
    bool mask[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 3);
    EXPECT(NPL_RUN(LayerNormBackward, dy.t, x.t, na, mt.t, rt_.t, w.t, b.t, om, dx.t, dw.t, db.t) == 0, "LN bwd run");
    std::vector<double> rdx(rows * n), rdw(n, 0.0), rdb(n, 0.0);
    for (int64_t r = 0; r < rows; r++) {
        double sg = 0, sgx = 0, m = mt.vals[r], rs = rt_.vals[r];
        for (int64_t j = 0; j < n; j++) {
            double xh = (x.vals[r * n + j] - m) * rs, gg = dy.vals[r * n + j] * w.vals[j];
            sg += gg;
            sgx += gg * xh;
            rdw[j] += dy.vals[r * n + j] * xh;
            rdb[j] += dy.vals[r * n + j];
        }
        for (int64_t j = 0; j < n; j++) {
            double xh = (x.vals[r * n + j] - m) * rs;
            rdx[r * n + j] = rs * (dy.vals[r * n + j] * w.vals[j] - sg / n - xh * sgx / n);
        }
    }
    std::string what = std::to_string(rows) + "x" + std::to_string(n);
    CheckDtype(Name("LayerNormBackward dx", dt, what).c_str(), dt, Read(dx), rdx);
    CheckDtype(Name("LayerNormBackward dw", dt, what).c_str(), dt, Read(dw), rdw);
    CheckDtype(Name("LayerNormBackward db", dt, what).c_str(), dt, Read(db), rdb);
    aclDestroyIntArray(na);
    aclDestroyBoolArray(om);
    for (DevTensor *t : {&x, &dy, &w, &b, &mt, &rt_, &dx, &dw, &db}) t->Free();
}

// FP32 dx / dw / db against central differences of an independent double layer norm over the
// last two dims ({2, 3, 4}, normalizedShape {3, 4}), contracted with dy.
static void LnBackwardFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t rows = 2, n = 12;
    const double eps = 1e-5;
    DevTensor x = MakeTensor(ACL_FLOAT, {rows, 3, 4}, RandVals(rng, rows * n)), dy = MakeTensor(ACL_FLOAT, {rows, 3, 4}, RandVals(rng, rows * n));
    DevTensor w = MakeTensor(ACL_FLOAT, {3, 4}, RandVals(rng, n, 0.5)), b = MakeTensor(ACL_FLOAT, {3, 4}, RandVals(rng, n, 0.5));
    auto loss = [&](const std::vector<double> &xv, const std::vector<double> &wv, const std::vector<double> &bv) {
        double L = 0;
        for (int64_t r = 0; r < rows; r++) {
            double s = 0, q = 0;
            for (int64_t j = 0; j < n; j++) s += xv[r * n + j];
            double m = s / n;
            for (int64_t j = 0; j < n; j++) q += (xv[r * n + j] - m) * (xv[r * n + j] - m);
            double rs = 1.0 / std::sqrt(q / n + eps);
            for (int64_t j = 0; j < n; j++) L += dy.vals[r * n + j] * ((xv[r * n + j] - m) * rs * wv[j] + bv[j]);
        }
        return L;
    };
    std::vector<double> mean(rows), rstd(rows);
    for (int64_t r = 0; r < rows; r++) {
        double s = 0, q = 0;
        for (int64_t j = 0; j < n; j++) s += x.vals[r * n + j];
        mean[r] = s / n;
        for (int64_t j = 0; j < n; j++) q += std::pow(x.vals[r * n + j] - mean[r], 2);
        rstd[r] = 1.0 / std::sqrt(q / n + eps);
    }
    DevTensor mt = MakeTensor(ACL_FLOAT, {rows, 1, 1}, mean), rt_ = MakeTensor(ACL_FLOAT, {rows, 1, 1}, rstd);
    DevTensor dx = MakeOut(ACL_FLOAT, {rows, 3, 4}), dw = MakeOut(ACL_FLOAT, {3, 4}), db = MakeOut(ACL_FLOAT, {3, 4});
    int64_t ns[2] = {3, 4};
    aclIntArray *na = aclCreateIntArray(ns, 2);
    bool mask[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 3);
    EXPECT(NPL_RUN(LayerNormBackward, dy.t, x.t, na, mt.t, rt_.t, w.t, b.t, om, dx.t, dw.t, db.t) == 0, "LN bwd fd run");
    CheckFd("LayerNormBackward fp32 dx", Read(dx), FdGrad([&](const std::vector<double> &v) { return loss(v, w.vals, b.vals); }, x.vals));
    CheckFd("LayerNormBackward fp32 dw", Read(dw), FdGrad([&](const std::vector<double> &v) { return loss(x.vals, v, b.vals); }, w.vals));
    CheckFd("LayerNormBackward fp32 db", Read(db), FdGrad([&](const std::vector<double> &v) { return loss(x.vals, w.vals, v); }, b.vals));
    aclDestroyIntArray(na);
    aclDestroyBoolArray(om);
    for (DevTensor *t : {&x, &dy, &w, &b, &mt, &rt_, &dx, &dw, &db}) t->Free();
}

static void AddLnCase(Runtime &rt, aclDataType dt, int64_t rows, int64_t n, bool bias, uint64_t seed)
{
    Lcg rng(seed);
    DevTensor x1 = MakeTensor(dt, {rows, n}, RandVals(rng, rows * n)), x2 = MakeTensor(dt, {rows, n}, RandVals(rng, rows * n));
    DevTensor g = MakeTensor(dt, {n}, RandVals(rng, n, 0.5)), be = MakeTensor(dt, {n}, RandVals(rng, n, 0.5));
    DevTensor bi = MakeTensor(dt, {n}, RandVals(rng, n, 0.5));
    DevTensor y = MakeOut(dt, {rows, n}), m = MakeOut(ACL_FLOAT, {rows, 1}), r = MakeOut(ACL_FLOAT, {rows, 1});
    DevTensor xo = MakeOut(dt, {rows, n});
    EXPECT(NPL_RUN(AddLayerNorm, x1.t, x2.t, g.t, be.t, bias ? bi.t : nullptr, 1e-5, true, y.t, m.t, r.t, xo.t) == 0,
           "AddLayerNorm run");
    std::vector<double> xs(rows * n), ry(rows * n), rm(rows), rr(rows);
    for (int64_t i = 0; i < rows * n; i++) xs[i] = x1.vals[i] + x2.vals[i] + (bias ? bi.vals[i % n] : 0.0);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0, q = 0;
        for (int64_t j = 0; j < n; j++) s += xs[i * n + j];
        rm[i] = s / n;
        for (int64_t j = 0; j < n; j++) q += std::pow(xs[i * n + j] - rm[i], 2);
        rr[i] = 1.0 / std::sqrt(q / n + 1e-5);
        for (int64_t j = 0; j < n; j++) ry[i * n + j] = (xs[i * n + j] - rm[i]) * rr[i] * g.vals[j] + be.vals[j];
    }
    std::string what = std::to_string(rows) + "x" + std::to_string(n) + (bias ? " bias" : "");
    CheckDtype(Name("AddLayerNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("AddLayerNorm mean", dt, what).c_str(), ACL_FLOAT, Read(m), rm);
    CheckDtype(Name("AddLayerNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(r), rr);
    CheckDtype(Name("AddLayerNorm x", dt, what).c_str(), dt, Read(xo), xs);
    for (DevTensor *t : {&x1, &x2, &g, &be, &bi, &y, &m, &r, &xo}) t->Free();
}

static void Errors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 6, 5}), y = MakeOut(ACL_FLOAT, {2, 6, 5}), mv = MakeOut(ACL_FLOAT, {2, 4});
    DevTensor mv3 = MakeOut(ACL_FLOAT, {2, 3}), c6 = MakeOut(ACL_FLOAT, {6}), c16 = MakeOut(ACL_FLOAT16, {6});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "divided by group", GroupNorm, x.t, c6.t, c6.t, 2, 6, 5, 4, 1e-5, y.t, mv.t, mv.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "eps", GroupNorm, x.t, c6.t, c6.t, 2, 6, 5, 3, 0.0, y.t, mv3.t, mv3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "HxW", GroupNorm, x.t, c6.t, c6.t, 2, 6, 4, 3, 1e-5, y.t, mv3.t, mv3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", GroupNorm, x.t, c16.t, c6.t, 2, 6, 5, 3, 1e-5, y.t, mv3.t, mv3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "group", GroupNormSilu, x.t, c6.t, c6.t, 0, 1e-5, y.t, mv3.t, mv3.t);
    DevTensor x4 = MakeOut(ACL_FLOAT, {1, 6, 2, 2}), st = MakeOut(ACL_FLOAT, {1, 6, 1, 1});
    // the default topology is not a 310P: InstanceNorm is rejected there
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Ascend310p", InstanceNorm, x4.t, c6.t, c6.t, "NCHW", 1e-5, x4.t, st.t, st.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dataFormat", InstanceNorm, x4.t, c6.t, c6.t, "NDHW", 1e-5, x4.t, st.t, st.t);
    for (DevTensor *t : {&x, &y, &mv, &mv3, &c6, &c16, &x4, &st}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t seed = 700;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        GroupCase(rt, dt, {2, 6, 5, 7}, 3, -1, CONTIG, seed++);
        GroupCase(rt, dt, {3, 8, 33}, 4, 1, TRANSPOSED, seed++);
        GroupCase(rt, dt, {2, 4, 3, 3}, 2, 2, PADDED, seed++);
        GroupCase(rt, dt, {5, 7}, 7, -1, CONTIG, seed++);
        LnBackwardCase(rt, dt, 37, 65, CONTIG, seed++);
        LnBackwardCase(rt, dt, 9, 17, TRANSPOSED, seed++);
        AddLnCase(rt, dt, 13, 97, true, seed++);
        AddLnCase(rt, dt, 4, 32, false, seed++);
    }
    LnBackwardFd(rt, seed++);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
