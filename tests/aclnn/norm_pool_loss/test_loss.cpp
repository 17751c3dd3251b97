// Losses and the rest: aclnnMseLoss (+Backward), aclnnNLLLoss (+Backward), aclnnCrossEntropyLoss
// (+Grad, label smoothing, weights, ignoreIndex), aclnnEmbedding (+DenseBackward), aclnnApplyAdamWV2
// (amsgrad / maximize): FLOAT / FLOAT16 / BF16, broadcasting, strided views, reductions and
// validation errors, against double-precision references.
#include "npl_util.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

static void Mse(Runtime &rt, aclDataType dt, uint64_t seed)
{
    Lcg rng(seed);
    // self (5, 7, 9) padded view, target (7, 1) broadcast
    DevTensor x = MakeTensor(dt, {5, 7, 9}, RandVals(rng, 315), PADDED), t = MakeTensor(dt, {7, 1}, RandVals(rng, 7));
    std::vector<double> sq(315);
    double sum = 0;
    for (int64_t i = 0; i < 315; i++) {
        double d = x.vals[i] - t.vals[(i / 9) % 7];
        sq[i] = d * d;
        sum += d * d;
    }
    DevTensor none = MakeOut(dt, {5, 7, 9}, TRANSPOSED), mean = MakeOut(dt, {}), s = MakeOut(dt, {1});
    EXPECT(NPL_RUN(MseLoss, x.t, t.t, 0, none.t) == 0, "MseLoss none");
    EXPECT(NPL_RUN(MseLoss, x.t, t.t, 1, mean.t) == 0, "MseLoss mean");
    EXPECT(NPL_RUN(MseLoss, x.t, t.t, 2, s.t) == 0, "MseLoss sum");
    CheckDtype(Name("MseLoss none", dt, "").c_str(), dt, Read(none), sq);
    CheckDtype(Name("MseLoss mean", dt, "").c_str(), dt, Read(mean), {sum / 315});
    // a large sum: the standard's error limit is then 32 ULP, so compare relative to the value
    CheckDtype(Name("MseLoss sum (relative)", dt, "").c_str(), dt, {Read(s)[0] / sum}, {1.0});
    // backward with reduction mean: grad is one element
    DevTensor g = MakeTensor(dt, {}, {0.75}), gx = MakeOut(dt, {5, 7, 9});
    EXPECT(NPL_RUN(MseLossBackward, g.t, x.t, t.t, 1, gx.t) == 0, "MseLossBackward");
    std::vector<double> rg(315);
    for (int64_t i = 0; i < 315; i++) rg[i] = 2.0 * (x.vals[i] - t.vals[(i / 9) % 7]) * g.vals[0] / 315;
    CheckDtype(Name("MseLossBackward", dt, "mean").c_str(), dt, Read(gx), rg);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "reduction", MseLoss, x.t, t.t, 3, s.t);
    for (DevTensor *p : {&x, &t, &none, &mean, &s, &g, &gx}) p->Free();
}

static void Nll(Runtime &rt, aclDataType dt, int64_t N, int64_t C, int64_t red, uint64_t seed)
{
    Lcg rng(seed);
    DevTensor x = MakeTensor(dt, {N, C}, RandVals(rng, N * C));
    std::vector<double> tv(N), wv = RandVals(rng, C, 0.2);
    for (auto &w : wv) w = std::fabs(w) + 0.5;
    for (int64_t n = 0; n < N; n++) tv[n] = n % 5 == 3 ? -100 : (double)((n * 7) % C);
    DevTensor t = MakeTensor(ACL_INT64, {N}, tv), w = MakeTensor(dt, {C}, wv);
    DevTensor out = MakeOut(dt, red == 0 ? std::vector<int64_t>{N} : std::vector<int64_t>{1}), tw = MakeOut(dt, {1});
    EXPECT(NPL_RUN(NLLLoss, x.t, t.t, w.t, red, -100, out.t, tw.t) == 0, "NLLLoss");
    std::vector<double> l(N, 0.0);
    double sum = 0, tot = 0;
    for (int64_t n = 0; n < N; n++) {
        if (tv[n] == -100) continue;
        int64_t c = (int64_t)tv[n];
        l[n] = -w.vals[c] * x.vals[n * C + c];
        sum += l[n];
        tot += w.vals[c];
    }
    std::vector<double> ref = red == 0 ? l : std::vector<double>{red == 1 ? sum / tot : sum};
    CheckDtype(Name("NLLLoss", dt, "red " + std::to_string(red)).c_str(), dt, Read(out), ref);
    CheckDtype(Name("NLLLoss totalWeight", dt, "").c_str(), dt, Read(tw), {tot});
    DevTensor g = MakeTensor(dt, red == 0 ? std::vector<int64_t>{N} : std::vector<int64_t>{1}, RandVals(rng, red == 0 ? N : 1));
    DevTensor gx = MakeOut(dt, {N, C});
    EXPECT(NPL_RUN(NLLLossBackward, g.t, x.t, t.t, w.t, red, -100, tw.t, gx.t) == 0, "NLLLossBackward");
    std::vector<double> rg(N * C, 0.0);
    double twr = Read(tw)[0];
    for (int64_t n = 0; n < N; n++) {
        if (tv[n] == -100) continue;
        int64_t c = (int64_t)tv[n];
        double gg = red == 0 ? g.vals[n] : g.vals[0];
        rg[n * C + c] = -w.vals[c] * gg / (red == 1 ? twr : 1.0);
    }
    CheckDtype(Name("NLLLossBackward", dt, "red " + std::to_string(red)).c_str(), dt, Read(gx), rg);
    for (DevTensor *p : {&x, &t, &w, &out, &tw, &g, &gx}) p->Free();
}

static void CrossEntropy(Runtime &rt, aclDataType dt, int64_t N, int64_t C, const char *red, double ls, bool weighted,
                         uint64_t seed)
{
    Lcg rng(seed);
    DevTensor x = MakeTensor(dt, {N, C}, RandVals(rng, N * C));
    std::vector<double> tv(N), wv(C);
    for (int64_t n = 0; n < N; n++) tv[n] = n % 4 == 1 ? -100 : (double)((n * 5 + 1) % C);
    for (auto &w : wv) w = 0.5 + rng.uniform();
    DevTensor t = MakeTensor(ACL_INT32, {N}, tv), w = MakeTensor(ACL_FLOAT, {C}, wv);
    bool none = std::strcmp(red, "none") == 0;
    DevTensor loss = MakeOut(dt, {none ? N : 1}), lp = MakeOut(dt, {N, C});
    char rbuf[8];
    std::strcpy(rbuf, red);
    EXPECT(NPL_RUN(CrossEntropyLoss, x.t, t.t, weighted ? w.t : nullptr, rbuf, -100, ls, 0.0, false, loss.t, lp.t,
                   nullptr, nullptr) == 0, "CrossEntropyLoss");
    std::vector<double> rlp(N * C), rl(N, 0.0);
    double nll = 0, sm = 0, tw = 0;
    for (int64_t n = 0; n < N; n++) {
        double mx = -INFINITY, s = 0;
        for (int64_t c = 0; c < C; c++) mx = std::max(mx, x.vals[n * C + c]);
        for (int64_t c = 0; c < C; c++) s += std::exp(x.vals[n * C + c] - mx);
        for (int64_t c = 0; c < C; c++) rlp[n * C + c] = x.vals[n * C + c] - mx - std::log(s);
        if (tv[n] == -100) continue;
        int64_t tt = (int64_t)tv[n];
        double wt = weighted ? wv[tt] : 1.0, smooth = 0;
        for (int64_t c = 0; c < C; c++) smooth -= (weighted ? wv[c] : 1.0) * rlp[n * C + c];
        rl[n] = (1 - ls) * (-wt * rlp[n * C + tt]) + ls / C * smooth;
        nll += -wt * rlp[n * C + tt];
        sm += smooth;
        tw += wt;
    }
    double total = (1 - ls) * nll + ls / C * sm;
    std::vector<double> ref = none ? rl : std::vector<double>{std::strcmp(red, "mean") == 0 ? total / tw : total};
    std::string what = std::string(red) + " ls " + std::to_string(ls) + (weighted ? " weighted" : "");
    CheckDtype(Name("CrossEntropyLoss loss", dt, what).c_str(), dt, Read(loss), ref);
    CheckDtype(Name("CrossEntropyLoss logProb", dt, what).c_str(), dt, Read(lp), rlp);
    // gradient; for mean/sum gradLoss is 0-D as the doc's table says (its example passes shape {}),
    // and also [1]. The second round passes the z-loss inputs, which the doc says take no effect.
    DevTensor lpin = MakeTensor(dt, {N, C}, Read(lp));
    for (int round = 0; round < 2; round++) {
        bool zero_d = !none && round == 1;
        DevTensor gl = MakeTensor(dt, none ? std::vector<int64_t>{N} : zero_d ? std::vector<int64_t>{} : std::vector<int64_t>{1},
                                  RandVals(rng, none ? N : 1)),
                  gx = MakeOut(dt, {N, C});
        DevTensor gz = MakeTensor(dt, {N}, RandVals(rng, N)), lse = MakeTensor(dt, {N}, RandVals(rng, N));
        EXPECT(NPL_RUN(CrossEntropyLossGrad, gl.t, lpin.t, t.t, weighted ? w.t : nullptr, round ? gz.t : nullptr,
                       round ? lse.t : nullptr, rbuf, -100, ls, round ? 0.5 : 0.0, gx.t) == 0,
               "CrossEntropyLossGrad round %d", round);
        std::vector<double> rg(N * C, 0.0);
        double W = 0;
        for (int64_t c = 0; c < C; c++) W += weighted ? wv[c] : 1.0;
        for (int64_t n = 0; n < N; n++) {
            if (tv[n] == -100) continue;
            int64_t tt = (int64_t)tv[n];
            double g = (none ? gl.vals[n] : gl.vals[0]) / (std::strcmp(red, "mean") == 0 ? tw : 1.0);
            double wt = weighted ? wv[tt] : 1.0;
            for (int64_t c = 0; c < C; c++) {
                double p = std::exp(lpin.vals[n * C + c]), wc = weighted ? wv[c] : 1.0;
                rg[n * C + c] = g * ((1 - ls) * wt * (p - (c == tt)) + ls / C * (p * W - wc));
            }
        }
        CheckDtype(Name("CrossEntropyLossGrad", dt, what + (zero_d ? " 0-D gradLoss" : "") + (round ? " z-loss inputs" : "")).c_str(),
                   dt, Read(gx), rg);
        for (DevTensor *p : {&gl, &gx, &gz, &lse}) p->Free();
    }
    char bad[8] = "avg";
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "reductionOptional", CrossEntropyLoss, x.t, t.t, nullptr, bad, -100, 0.0,
                   0.0, false, loss.t, lp.t, nullptr, nullptr);
    for (DevTensor *p : {&x, &t, &w, &loss, &lp, &lpin}) p->Free();
}

static void Embedding(Runtime &rt, aclDataType dt, uint64_t seed)
{
    Lcg rng(seed);
    int64_t num = 11, D = 13;
    DevTensor w = MakeTensor(dt, {num, D}, RandVals(rng, num * D), TRANSPOSED);
    std::vector<double> iv(3 * 5);
    for (size_t i = 0; i < iv.size(); i++) iv[i] = (double)((i * 4 + 3) % num);
    DevTensor idx = MakeTensor(ACL_INT64, {3, 5}, iv), out = MakeOut(dt, {3, 5, D});
    EXPECT(NPL_RUN(Embedding, w.t, idx.t, out.t) == 0, "Embedding");
    std::vector<double> ref(15 * D);
    for (int64_t i = 0; i < 15; i++)
        for (int64_t j = 0; j < D; j++) ref[i * D + j] = w.vals[(int64_t)iv[i] * D + j];
    CheckDtype(Name("Embedding", dt, "").c_str(), dt, Read(out), ref);
    if (dt != ACL_BF16) {
        DevTensor g = MakeTensor(dt, {3, 5, D}, RandVals(rng, 15 * D)), gw = MakeOut(dt, {num, D});
        EXPECT(NPL_RUN(EmbeddingDenseBackward, g.t, idx.t, (uint64_t)num, (uint64_t)3, true, gw.t) == 0,
               "EmbeddingDenseBackward");
        std::vector<double> rg(num * D, 0.0), cnt(num, 0.0);
        for (int64_t i = 0; i < 15; i++) {
            int64_t k = (int64_t)iv[i];
            if (k == 3) continue;
            cnt[k] += 1;
            for (int64_t j = 0; j < D; j++) rg[k * D + j] += g.vals[i * D + j];
        }
        for (int64_t k = 0; k < num; k++)
            for (int64_t j = 0; j < D; j++) rg[k * D + j] /= std::max(1.0, cnt[k]);
        CheckDtype(Name("EmbeddingDenseBackward", dt, "").c_str(), dt, Read(gw), rg);
        g.Free();
        gw.Free();
    }
    DevTensor bad = MakeOut(dt, {3, 5, D + 1});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", Embedding, w.t, idx.t, bad.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "indices", Embedding, w.t, w.t, out.t);
    for (DevTensor *p : {&w, &idx, &out, &bad}) p->Free();
}

static void AdamW(Runtime &rt, aclDataType dt, bool amsgrad, bool maximize, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = 1001;
    std::vector<double> vv(n);
    for (auto &x : vv) x = rng.uniform();
    DevTensor var = MakeTensor(dt, {7, 143}, RandVals(rng, n)), m = MakeTensor(dt, {7, 143}, RandVals(rng, n, 0.1));
    DevTensor v = MakeTensor(dt, {7, 143}, vv), mx = MakeTensor(dt, {7, 143}, vv), g = MakeTensor(dt, {7, 143}, RandVals(rng, n));
    DevTensor step = MakeTensor(ACL_INT64, {1}, {3});
    float lr = 0.01f, b1 = 0.9f, b2 = 0.999f, wd = 0.01f, eps = 1e-8f;
    EXPECT(NPL_RUN(ApplyAdamWV2, var.t, m.t, v.t, mx.t, g.t, step.t, lr, b1, b2, wd, eps, amsgrad, maximize) == 0,
           "ApplyAdamWV2");
    std::vector<double> rvar(n), rm(n), rv(n), rmx(n);
    for (int64_t i = 0; i < n; i++) {
        double gg = maximize ? -g.vals[i] : g.vals[i];
        double p = var.vals[i] * (1 - (double)lr * wd);
        rm[i] = b1 * m.vals[i] + (1 - (double)b1) * gg;
        rv[i] = b2 * v.vals[i] + (1 - (double)b2) * gg * gg;
        rmx[i] = amsgrad ? std::max(mx.vals[i], rv[i]) : mx.vals[i];
        double bc1 = 1 - std::pow((double)b1, 3), bc2 = 1 - std::pow((double)b2, 3);
        double denom = std::sqrt(amsgrad ? rmx[i] : rv[i]) / std::sqrt(bc2) + eps;
        rvar[i] = p - lr / bc1 * rm[i] / denom;
    }
    std::string what = std::string(amsgrad ? "amsgrad" : "") + (maximize ? " maximize" : "");
    CheckDtype(Name("ApplyAdamWV2 var", dt, what).c_str(), dt, Read(var), rvar);
    CheckDtype(Name("ApplyAdamWV2 m", dt, what).c_str(), dt, Read(m), rm);
    CheckDtype(Name("ApplyAdamWV2 v", dt, what).c_str(), dt, Read(v), rv);
    CheckDtype(Name("ApplyAdamWV2 max", dt, what).c_str(), dt, Read(mx), rmx);
    DevTensor step2 = MakeOut(ACL_INT64, {2});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "step", ApplyAdamWV2, var.t, m.t, v.t, mx.t, g.t, step2.t, lr, b1, b2, wd,
                   eps, amsgrad, maximize);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "maxGradNormOptionalRef", ApplyAdamWV2, var.t, m.t, v.t, nullptr, g.t,
                   step.t, lr, b1, b2, wd, eps, true, maximize);
    for (DevTensor *p : {&var, &m, &v, &mx, &g, &step, &step2}) p->Free();
}

// FP32 MseLossBackward / NLLLossBackward (every reduction) against central differences in self of
// independent double forwards, contracted with gradOutput; MSE target broadcast (3, 1) over (2, 3, 4).
static void LossFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    DevTensor x = MakeTensor(ACL_FLOAT, {2, 3, 4}, RandVals(rng, 24)), t = MakeTensor(ACL_FLOAT, {3, 1}, RandVals(rng, 3));
    for (int64_t red : {0, 1, 2}) {
        std::vector<int64_t> gs = red == 0 ? std::vector<int64_t>{2, 3, 4} : std::vector<int64_t>{};
        DevTensor g = MakeTensor(ACL_FLOAT, gs, RandVals(rng, red == 0 ? 24 : 1)), gx = MakeOut(ACL_FLOAT, {2, 3, 4});
        EXPECT(NPL_RUN(MseLossBackward, g.t, x.t, t.t, red, gx.t) == 0, "MseLossBackward fd run");
        auto loss = [&](const std::vector<double> &v) {
            double L = 0, sum = 0;
            for (int64_t i = 0; i < 24; i++) {
                double d = v[i] - t.vals[(i / 4) % 3];
                if (red == 0) L += g.vals[i] * d * d;
                sum += d * d;
            }
            return red == 0 ? L : g.vals[0] * (red == 1 ? sum / 24 : sum);
        };
        CheckFd("MseLossBackward fp32 red " + std::to_string(red), Read(gx), FdGrad(loss, x.vals));
        g.Free();
        gx.Free();
    }
    const int64_t N = 5, C = 4;
    DevTensor xn = MakeTensor(ACL_FLOAT, {N, C}, RandVals(rng, N * C));
    std::vector<double> tv = {1, 3, -100, 0, 3}, wv = {0.5, 1.25, 0.75, 2.0};
    DevTensor tn = MakeTensor(ACL_INT64, {N}, tv), w = MakeTensor(ACL_FLOAT, {C}, wv);
    double tot = 0;
    for (int64_t n = 0; n < N; n++)
        if (tv[n] != -100) tot += wv[(size_t)tv[n]];
    DevTensor tw = MakeTensor(ACL_FLOAT, {1}, {tot});
    for (int64_t red : {0, 1, 2}) {
        std::vector<int64_t> gs = red == 0 ? std::vector<int64_t>{N} : std::vector<int64_t>{1};
        DevTensor g = MakeTensor(ACL_FLOAT, gs, RandVals(rng, red == 0 ? N : 1)), gx = MakeOut(ACL_FLOAT, {N, C});
        EXPECT(NPL_RUN(NLLLossBackward, g.t, xn.t, tn.t, w.t, red, -100, tw.t, gx.t) == 0, "NLLLossBackward fd run");
        auto loss = [&](const std::vector<double> &v) { // -w[t] x[n, t], ignoring -100; mean over the weights
            double L = 0, sum = 0;
            for (int64_t n = 0; n < N; n++) {
                if (tv[n] == -100) continue;
                double l = -wv[(size_t)tv[n]] * v[n * C + (int64_t)tv[n]];
                if (red == 0) L += g.vals[n] * l;
                sum += l;
            }
            return red == 0 ? L : g.vals[0] * (red == 1 ? sum / tot : sum);
        };
        CheckFd("NLLLossBackward fp32 red " + std::to_string(red), Read(gx), FdGrad(loss, xn.vals));
        g.Free();
        gx.Free();
    }
    for (DevTensor *p : {&x, &t, &xn, &tn, &w, &tw}) p->Free();
}

// FP32 CrossEntropyLossGrad (weights, label smoothing 0.1, an ignored row; none / mean / sum)
// against central differences in the logits of an independent double cross entropy.
static void CrossEntropyFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t N = 4, C = 5;
    const double ls = 0.1;
    DevTensor x = MakeTensor(ACL_FLOAT, {N, C}, RandVals(rng, N * C, 0.5));
    std::vector<double> tv = {2, -100, 0, 4}, wv = {0.5, 1.5, 1.0, 0.75, 1.25};
    DevTensor t = MakeTensor(ACL_INT32, {N}, tv), w = MakeTensor(ACL_FLOAT, {C}, wv);
    auto logsm = [&](const std::vector<double> &v, int64_t n, int64_t c) {
        double s = 0;
        for (int64_t j = 0; j < C; j++) s += std::exp(v[n * C + j]);
        return v[n * C + c] - std::log(s);
    };
    std::vector<double> lpv(N * C);
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++) lpv[n * C + c] = logsm(x.vals, n, c);
    DevTensor lp = MakeTensor(ACL_FLOAT, {N, C}, lpv);
    for (const char *red : {"none", "mean", "sum"}) {
        bool none = std::strcmp(red, "none") == 0, mean = std::strcmp(red, "mean") == 0;
        char rbuf[8];
        std::strcpy(rbuf, red);
        DevTensor gl = MakeTensor(ACL_FLOAT, none ? std::vector<int64_t>{N} : std::vector<int64_t>{}, RandVals(rng, none ? N : 1));
        DevTensor gx = MakeOut(ACL_FLOAT, {N, C});
        EXPECT(NPL_RUN(CrossEntropyLossGrad, gl.t, lp.t, t.t, w.t, nullptr, nullptr, rbuf, -100, ls, 0.0, gx.t) == 0,
               "CrossEntropyLossGrad fd run");
        auto loss = [&](const std::vector<double> &v) { // per row (1-ls) w[t] nll + ls/C sum_c w[c] (-logp_c)
            double L = 0, sum = 0, tw = 0;
            for (int64_t n = 0; n < N; n++) {
                if (tv[n] == -100) continue;
                int64_t tt = (int64_t)tv[n];
                double l = -(1 - ls) * wv[tt] * logsm(v, n, tt);
                for (int64_t c = 0; c < C; c++) l -= ls / C * wv[c] * logsm(v, n, c);
                if (none) L += gl.vals[n] * l;
                sum += l;
                tw += wv[tt];
            }
            return none ? L : gl.vals[0] * (mean ? sum / tw : sum);
        };
        CheckFd(std::string("CrossEntropyLossGrad fp32 ") + red, Read(gx), FdGrad(loss, x.vals));
        gl.Free();
        gx.Free();
    }
    for (DevTensor *p : {&x, &t, &w, &lp}) p->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t seed = 900;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Mse(rt, dt, seed++);
        for (int64_t red : {0, 1, 2}) Nll(rt, dt, 23, 9, red, seed++);
        CrossEntropy(rt, dt, 19, 11, "mean", 0.0, true, seed++);
        CrossEntropy(rt, dt, 17, 7, "none", 0.1, false, seed++);
        CrossEntropy(rt, dt, 9, 33, "sum", 0.2, true, seed++);
        Embedding(rt, dt, seed++);
        AdamW(rt, dt, false, false, seed++);
        AdamW(rt, dt, true, true, seed++);
    }
    LossFd(rt, seed++);
    CrossEntropyFd(rt, seed++);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
