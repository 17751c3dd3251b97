// aclnnBatchNorm (training and inference, running-stat update with momentum, saveInvstd as this
// chip defines it) and aclnnBatchNormBackward: FLOAT / FLOAT16 / BF16, ranks 2-5, odd channel
// counts, a padded view, empty batch and validation errors, against double-precision references.
#include "npl_util.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"

// 950 stores 1/sqrt(var+eps) in saveInvstd, the other chips the batch variance.
static bool InvstdIsVar()
{
    const char *soc = aclrtGetSocName();
    return !(soc && std::strstr(soc, "950"));
}

static void Dims(const std::vector<int64_t> &s, int64_t &N, int64_t &C, int64_t &S)
{
    N = s[0];
    C = s[1];
    S = 1;
    for (size_t i = 2; i < s.size(); i++) S *= s[i];
}

static void Case(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, bool training, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t N, C, S;
    Dims(shape, N, C, S);
    aclFormat fmt = shape.size() == 5 ? ACL_FORMAT_NCDHW : shape.size() == 4 ? ACL_FORMAT_NCHW
                  : shape.size() == 3 ? ACL_FORMAT_NCL : ACL_FORMAT_ND;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * S), xl, fmt);
    DevTensor w = MakeTensor(ACL_FLOAT, {C}, RandVals(rng, C, 0.3)), b = MakeTensor(ACL_FLOAT, {C}, RandVals(rng, C, 0.3));
    std::vector<double> rmv = RandVals(rng, C, 0.2), rvv(C);
    for (auto &v : rvv) v = 0.5 + rng.uniform();
    DevTensor rm = MakeTensor(ACL_FLOAT, {C}, rmv), rv = MakeTensor(ACL_FLOAT, {C}, rvv);
    DevTensor y = MakeOut(dt, shape, CONTIG, fmt), sm = MakeOut(ACL_FLOAT, {C}), si = MakeOut(ACL_FLOAT, {C});
    double momentum = 0.1, eps = 1e-5;
    EXPECT(NPL_RUN(BatchNorm, x.t, w.t, b.t, rm.t, rv.t, training, momentum, eps, y.t, sm.t, si.t) == 0, "BatchNorm run");
    std::vector<double> ry(x.vals.size()), mean(C), var(C), rrm(C), rrv(C), rsi(C);
    for (int64_t c = 0; c < C; c++) {
        double s = 0, q = 0, M = (double)N * S;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) s += x.vals[(n * C + c) * S + i];
        mean[c] = training ? s / M : rm.vals[c];
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) q += std::pow(x.vals[(n * C + c) * S + i] - s / M, 2);
        var[c] = training ? q / M : rv.vals[c];
        double is = 1.0 / std::sqrt(var[c] + eps);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) {
                int64_t k = (n * C + c) * S + i;
                ry[k] = (x.vals[k] - mean[c]) * is * w.vals[c] + b.vals[c];
            }
        rrm[c] = training ? 0.9 * rm.vals[c] + 0.1 * mean[c] : rm.vals[c];
        rrv[c] = training ? 0.9 * rv.vals[c] + 0.1 * var[c] * M / (M - 1) : rv.vals[c];
        rsi[c] = InvstdIsVar() ? var[c] : is;
    }
    std::string what = "rank " + std::to_string(shape.size()) + (training ? " train" : " infer") + " layout " +
                       std::to_string(xl);
    CheckDtype(Name("BatchNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("BatchNorm runningMean", dt, what).c_str(), ACL_FLOAT, Read(rm), rrm);
    CheckDtype(Name("BatchNorm runningVar", dt, what).c_str(), ACL_FLOAT, Read(rv), rrv);
    if (training) {
        CheckDtype(Name("BatchNorm saveMean", dt, what).c_str(), ACL_FLOAT, Read(sm), mean);
        CheckDtype(Name("BatchNorm saveInvstd", dt, what).c_str(), ACL_FLOAT, Read(si), rsi);
    }

    // backward, with the statistics the forward saved
    DevTensor dy = MakeTensor(dt, shape, RandVals(rng, N * C * S), CONTIG, fmt);
    DevTensor dx = MakeOut(dt, shape, xl, fmt), dw = MakeOut(ACL_FLOAT, {C}), db = MakeOut(ACL_FLOAT, {C});
    DevTensor rm0 = MakeTensor(ACL_FLOAT, {C}, rmv), rv0 = MakeTensor(ACL_FLOAT, {C}, rvv);
    DevTensor sm2 = MakeTensor(ACL_FLOAT, {C}, Read(sm)), si2 = MakeTensor(ACL_FLOAT, {C}, Read(si));
    bool mask[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 3);
    EXPECT(NPL_RUN(BatchNormBackward, dy.t, x.t, w.t, rm0.t, rv0.t, sm2.t, si2.t, training, eps, om, dx.t, dw.t, db.t) == 0,
           "BatchNormBackward run");
    std::vector<double> rdx(x.vals.size()), rdw(C), rdb(C);
    for (int64_t c = 0; c < C; c++) {
        double M = (double)N * S, m, is;
        if (training) {
            m = sm2.vals[c];
            is = InvstdIsVar() ? 1.0 / std::sqrt(si2.vals[c] + eps) : si2.vals[c];
        } else {
            m = rmv[c];
            is = 1.0 / std::sqrt(rv0.vals[c] + eps);
        }
        double sdy = 0, sdyx = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) {
                int64_t k = (n * C + c) * S + i;
                sdy += dy.vals[k];
                sdyx += dy.vals[k] * (x.vals[k] - m) * is;
            }
        rdw[c] = sdyx;
        rdb[c] = sdy;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) {
                int64_t k = (n * C + c) * S + i;
                double xh = (x.vals[k] - m) * is;
                rdx[k] = training ? w.vals[c] * is * (dy.vals[k] - sdy / M - xh * sdyx / M) : w.vals[c] * is * dy.vals[k];
            }
    }
    CheckDtype(Name("BatchNormBackward dx", dt, what).c_str(), dt, Read(dx), rdx);
    CheckDtype(Name("BatchNormBackward dw", dt, what).c_str(), dt == ACL_FLOAT ? ACL_FLOAT : ACL_FLOAT16, Read(dw), rdw);
    CheckDtype(Name("BatchNormBackward db", dt, what).c_str(), dt == ACL_FLOAT ? ACL_FLOAT : ACL_FLOAT16, Read(db), rdb);
    aclDestroyBoolArray(om);
    for (DevTensor *t : {&x, &w, &b, &rm, &rv, &y, &sm, &si, &dy, &dx, &dw, &db, &rm0, &rv0, &sm2, &si2}) t->Free();
}

static void Errors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4}), y = MakeOut(ACL_FLOAT, {2, 3, 4}), c3 = MakeOut(ACL_FLOAT, {3});
    DevTensor c4 = MakeOut(ACL_FLOAT, {4}), xi = MakeOut(ACL_INT32, {2, 3, 4}), x1 = MakeOut(ACL_FLOAT, {5});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "input", BatchNorm, nullptr, c3.t, c3.t, c3.t, c3.t, true, 0.1, 1e-5, y.t,
                   c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "runningMean", BatchNorm, x.t, c3.t, c3.t, nullptr, c3.t, false, 0.1, 1e-5,
                   y.t, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", BatchNorm, xi.t, c3.t, c3.t, c3.t, c3.t, true, 0.1, 1e-5, y.t,
                   c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weight", BatchNorm, x.t, c4.t, c3.t, c3.t, c3.t, true, 0.1, 1e-5, y.t,
                   c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "input", BatchNorm, x1.t, nullptr, nullptr, nullptr, nullptr, true, 0.1,
                   1e-5, x1.t, c3.t, c3.t);
    bool mask[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 3), *om2 = aclCreateBoolArray(mask, 2);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "outputMask", BatchNormBackward, y.t, x.t, c3.t, c3.t, c3.t, c3.t, c3.t,
                   true, 1e-5, om2, y.t, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gradBias", BatchNormBackward, y.t, x.t, c3.t, c3.t, c3.t, c3.t, c3.t,
                   true, 1e-5, om, y.t, c3.t, nullptr);
    aclDestroyBoolArray(om);
    aclDestroyBoolArray(om2);
    // empty batch: success, nothing runs
    DevTensor e = MakeOut(ACL_FLOAT, {0, 3, 2}), ey = MakeOut(ACL_FLOAT, {0, 3, 2});
    EXPECT(NPL_RUN(BatchNorm, e.t, c3.t, c3.t, c3.t, c3.t, false, 0.1, 1e-5, ey.t, c3.t, c3.t) == 0, "empty batch");
    // training on an empty batch: saveMean 0, saveInvstd NaN (checked before anything else)
    DevTensor sm = MakeOut(ACL_FLOAT, {3}), si = MakeOut(ACL_FLOAT, {3});
    EXPECT(NPL_RUN(BatchNorm, e.t, nullptr, nullptr, nullptr, nullptr, true, 0.1, 1e-5, ey.t, sm.t, si.t) == 0,
           "empty batch training");
    std::vector<double> smv = Read(sm), siv = Read(si);
    for (int i = 0; i < 3; i++) EXPECT(smv[i] == 0 && std::isnan(siv[i]), "saveMean %g saveInvstd %g", smv[i], siv[i]);
    // 5-D input must be NCDHW here
    DevTensor x5 = MakeOut(ACL_FLOAT, {1, 3, 2, 2, 2}), y5 = MakeOut(ACL_FLOAT, {1, 3, 2, 2, 2});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "NCDHW", BatchNorm, x5.t, c3.t, c3.t, c3.t, c3.t, true, 0.1, 1e-5, y5.t,
                   c3.t, c3.t);
    for (DevTensor *t : {&sm, &si, &x5, &y5}) t->Free();
    for (DevTensor *t : {&x, &y, &c3, &c4, &xi, &x1, &e, &ey}) t->Free();
}

// FP32 gradients against central differences of an independent double forward, contracted
// with dy. Training: the statistics are functions of x (dx sees them); inference: running stats.
static void BnFd(Runtime &rt, bool training, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t N = 2, C = 3, S = 4;
    const double eps = 1e-5;
    DevTensor x = MakeTensor(ACL_FLOAT, {N, C, S}, RandVals(rng, N * C * S), CONTIG, ACL_FORMAT_NCL);
    DevTensor w = MakeTensor(ACL_FLOAT, {C}, RandVals(rng, C, 0.3)), dy = MakeTensor(ACL_FLOAT, {N, C, S}, RandVals(rng, N * C * S), CONTIG, ACL_FORMAT_NCL);
    std::vector<double> rmv = RandVals(rng, C, 0.2), rvv(C), mean(C), var(C);
    for (auto &v : rvv) v = 0.5 + rng.uniform();
    for (auto &v : rmv) v = (double)(float)v; // as FP32 holds them
    for (int64_t c = 0; c < C; c++) {
        double s = 0, q = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) s += x.vals[(n * C + c) * S + i];
        mean[c] = s / (N * S);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) q += std::pow(x.vals[(n * C + c) * S + i] - mean[c], 2);
        var[c] = q / (N * S);
    }
    std::vector<double> sinv(C);
    for (int64_t c = 0; c < C; c++) sinv[c] = InvstdIsVar() ? var[c] : 1.0 / std::sqrt(var[c] + eps);
    DevTensor rm = MakeTensor(ACL_FLOAT, {C}, rmv), rv = MakeTensor(ACL_FLOAT, {C}, rvv);
    DevTensor sm = MakeTensor(ACL_FLOAT, {C}, mean), si = MakeTensor(ACL_FLOAT, {C}, sinv);
    DevTensor dx = MakeOut(ACL_FLOAT, {N, C, S}, CONTIG, ACL_FORMAT_NCL), dw = MakeOut(ACL_FLOAT, {C}), db = MakeOut(ACL_FLOAT, {C});
    bool mask[3] = {true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 3);
    EXPECT(NPL_RUN(BatchNormBackward, dy.t, x.t, w.t, rm.t, rv.t, sm.t, si.t, training, eps, om, dx.t, dw.t, db.t) == 0,
           "BatchNormBackward fd run");
    // loss(x, w, b) = sum(dy * batchnorm(x))
    auto loss = [&](const std::vector<double> &xv, const std::vector<double> &wv, const std::vector<double> &bv) {
        double L = 0;
        for (int64_t c = 0; c < C; c++) {
            double m = rm.vals[c], v = rv.vals[c];
            if (training) {
                double s = 0, q = 0;
                for (int64_t n = 0; n < N; n++)
                    for (int64_t i = 0; i < S; i++) s += xv[(n * C + c) * S + i];
                m = s / (N * S);
                for (int64_t n = 0; n < N; n++)
                    for (int64_t i = 0; i < S; i++) q += std::pow(xv[(n * C + c) * S + i] - m, 2);
                v = q / (N * S);
            }
            for (int64_t n = 0; n < N; n++)
                for (int64_t i = 0; i < S; i++) {
                    int64_t k = (n * C + c) * S + i;
                    L += dy.vals[k] * ((xv[k] - m) / std::sqrt(v + eps) * wv[c] + bv[c]);
                }
        }
        return L;
    };
    std::vector<double> b0(C, 0.0);
    std::string what = std::string("BatchNormBackward fp32 ") + (training ? "train" : "infer");
    CheckFd(what + " dx", Read(dx), FdGrad([&](const std::vector<double> &v) { return loss(v, w.vals, b0); }, x.vals));
    CheckFd(what + " dw", Read(dw), FdGrad([&](const std::vector<double> &v) { return loss(x.vals, v, b0); }, w.vals));
    CheckFd(what + " db", Read(db), FdGrad([&](const std::vector<double> &v) { return loss(x.vals, w.vals, v); }, b0));
    aclDestroyBoolArray(om);
    for (DevTensor *t : {&x, &w, &dy, &rm, &rv, &sm, &si, &dx, &dw, &db}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t seed = 300;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool training : {true, false}) {
            Case(rt, dt, {4, 5, 7, 3}, training, CONTIG, seed++);
            Case(rt, dt, {3, 17}, training, CONTIG, seed++);
            Case(rt, dt, {2, 3, 33}, training, PADDED, seed++);
            Case(rt, dt, {2, 3, 2, 3, 5}, training, TRANSPOSED, seed++);
        }
    BnFd(rt, true, seed++);
    BnFd(rt, false, seed++);
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
