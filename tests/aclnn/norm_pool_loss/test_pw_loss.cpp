// The pointwise loss family (issue 12, `act` part): BinaryCrossEntropy(+WithLogits, with weight
// and posWeight), L1Loss, SmoothL1Loss, SoftMarginLoss and MseLossOut (whose mean / sum reduce
// dim 0 only, as its real op_api does) for reductions none / mean / sum against double references
// written here; their backward (and KlDivBackward, with batchmean) against central finite
// differences of those references; broadcast targets, strided / transposed views, FP32 / FP16 /
// BF16, empty inputs, and the validation paths with their codes and messages.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"

// Per-element loss l(x, t, pw) (weights multiply outside).
typedef std::function<double(double, double, double)> LossFn;

static double Bce(double x, double t, double) { return -(t * std::max(std::log(x), -100.0) + (1 - t) * std::max(std::log(1 - x), -100.0)); }
static double BceLogits(double x, double t, double pw) { double s = 1 / (1 + std::exp(-x)); return -(pw * t * std::log(s) + (1 - t) * std::log(1 - s)); }
static double L1(double x, double t, double) { return std::fabs(x - t); }
static LossFn SmoothL1(double beta) { return [beta](double x, double t, double) { double d = std::fabs(x - t); return beta > 0 && d < beta ? 0.5 * d * d / beta : d - 0.5 * beta; }; }
static double SoftMargin(double x, double t, double) { return std::log(1 + std::exp(-t * x)); }
static double Mse(double x, double t, double) { return (x - t) * (x - t); }
static double Fdx(const LossFn &l, double x, double t, double pw, double h = 1e-6)
{
    h *= 1 + std::fabs(x);
    return (l(x + h, t, pw) - l(x - h, t, pw)) / (2 * h);
}

enum Kind { K_BCE, K_BCEL, K_L1, K_SL1, K_SL1_0, K_SM, K_MSE, K_END };
static const char *kNames[] = {"BinaryCrossEntropy", "BinaryCrossEntropyWithLogits", "L1Loss", "SmoothL1Loss(beta 1.5)",
                               "SmoothL1Loss(beta 0)", "SoftMarginLoss", "MseLossOut"};
static LossFn FnOf(int k)
{
    switch (k) {
    case K_BCE: return Bce;
    case K_BCEL: return BceLogits;
    case K_L1: return L1;
    case K_SL1: return SmoothL1(1.5);
    case K_SL1_0: return SmoothL1(0.0);
    case K_SM: return SoftMargin;
    default: return Mse;
    }
}

struct Data {
    std::vector<int64_t> shape = {4, 3, 5}, tshape;
    std::vector<double> x, t, w, pw;
};

// Inputs in each loss's domain, away from the kinks (|x - t| near 0 or beta) for finite differences.
static Data MakeData(int k, aclDataType dt, bool bcast_t)
{
    Data d;
    size_t n = 60;
    d.tshape = bcast_t ? std::vector<int64_t>{3, 5} : d.shape;
    size_t tn = bcast_t ? 15 : n;
    Lcg r(100 + k * 7 + dt);
    d.x.resize(n); d.t.resize(tn); d.w.resize(15); d.pw.resize(5);
    for (auto &v : d.t) v = k == K_BCE || k == K_BCEL ? r.uniform() : k == K_SM ? (r.uniform() < 0.5 ? -1 : 1) : r.value();
    for (size_t i = 0; i < n; i++) {
        double v = k == K_BCE ? 0.02 + 0.96 * r.uniform() : r.value();
        if (k == K_L1 || k == K_SL1 || k == K_SL1_0 || k == K_MSE) {
            double tv = Quant(dt, d.t[i % tn]), dd = v - tv;
            if (std::fabs(dd) < 0.1) v = tv + (dd < 0 ? -0.15 : 0.15);
            if (k == K_SL1 && std::fabs(std::fabs(v - tv) - 1.5) < 0.1) v += 0.3;
        }
        d.x[i] = v;
    }
    for (auto &v : d.w) v = 0.5 + r.uniform();
    for (auto &v : d.pw) v = 0.5 + 2 * r.uniform();
    d.x = QuantAll(dt, d.x); d.t = QuantAll(dt, d.t); d.w = QuantAll(dt, d.w); d.pw = QuantAll(dt, d.pw);
    return d;
}

static void Forward(aclrtStream stream)
{
    for (int k = 0; k < K_END; k++)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (int64_t red = 0; red <= 2; red++) {
                bool weighted = (k == K_BCE || k == K_BCEL) && red != 1;
                bool pos = k == K_BCEL && red != 2;
                bool bcast_t = k == K_L1 || k == K_SM || k == K_MSE;
                if (k == K_SM && bcast_t) bcast_t = false; // SoftMarginLoss: same shapes
                Data d = MakeData(k, dt, bcast_t);
                LossFn l = FnOf(k);
                size_t n = d.x.size(), tn = d.t.size();
                std::vector<double> none(n), cols(15, 0.0);
                double sum = 0;
                for (size_t i = 0; i < n; i++) {
                    double v = l(d.x[i], d.t[i % tn], pos ? d.pw[i % 5] : 1.0) * (weighted ? d.w[i % 15] : 1.0);
                    none[i] = v;
                    sum += v;
                    cols[i % 15] += v;
                }
                // MseLossOut reduces dim 0 only (its real op_api: ReduceMean / ReduceSumOp over {0}):
                // out is {3, 5}, the mean / sum of the 4 rows; the others reduce to one element
                bool dim0 = k == K_MSE && red;
                if (dim0 && red == 1) for (auto &v : cols) v /= 4;
                DevTensor tx, tt, tw, tp, to;
                std::vector<int64_t> oshape = dim0 ? std::vector<int64_t>{3, 5} : red ? std::vector<int64_t>{} : d.shape;
                if (!tx.Init(dt, d.shape, d.x, red == 1 ? TRANSPOSED : STRIDED) || !tt.Init(dt, d.tshape, d.t, CONTIG) ||
                    !tw.Init(dt, {3, 5}, d.w, STRIDED) || !tp.Init(dt, {5}, d.pw, CONTIG) || !to.Init(dt, oshape, {}, red && !dim0 ? CONTIG : TRANSPOSED)) return;
                const aclTensor *w = weighted ? tw.t : nullptr, *p = pos ? tp.t : nullptr;
                int rc = -1;
                switch (k) {
                case K_BCE: rc = Run("BCE", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyGetWorkspaceSize(tx.t, tt.t, w, red, to.t, s, e); }, aclnnBinaryCrossEntropy); break;
                case K_BCEL: rc = Run("BCEL", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(tx.t, tt.t, w, p, red, to.t, s, e); }, aclnnBinaryCrossEntropyWithLogits); break;
                case K_L1: rc = Run("L1", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnL1LossGetWorkspaceSize(tx.t, tt.t, red, to.t, s, e); }, aclnnL1Loss); break;
                case K_SL1: rc = Run("SL1", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnSmoothL1LossGetWorkspaceSize(tx.t, tt.t, red, 1.5f, to.t, s, e); }, aclnnSmoothL1Loss); break;
                case K_SL1_0: rc = Run("SL1_0", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnSmoothL1LossGetWorkspaceSize(tx.t, tt.t, red, 0.0f, to.t, s, e); }, aclnnSmoothL1Loss); break;
                case K_SM: rc = Run("SM", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnSoftMarginLossGetWorkspaceSize(tx.t, tt.t, red, to.t, s, e); }, aclnnSoftMarginLoss); break;
                default: rc = Run("MSE", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnMseLossOutGetWorkspaceSize(tx.t, tt.t, red, to.t, s, e); }, aclnnMseLossOut); break;
                }
                std::string what = std::string(kNames[k]) + " " + DtName(dt) + " reduction " + std::to_string(red) +
                                   (weighted ? " weight" : "") + (pos ? " posWeight" : "");
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                std::vector<double> golden = red == 0 ? none : dim0 ? cols : std::vector<double>{red == 1 ? sum / n : sum};
                if (dim0 && dt != ACL_FLOAT) { // one rounding of each reduced value
                    double tol = dt == ACL_BF16 ? 1.0 / 64 : 1.0 / 512, mx = 0;
                    for (double v : golden) mx = std::max(mx, std::fabs(v));
                    CheckAccuracy(what.c_str(), to.Read(), golden, tol, tol, tol * (1 + mx));
                } else if (red && !dim0 && dt != ACL_FLOAT) { // one rounding of a large reduced value: relative bound
                    double tol = dt == ACL_BF16 ? 1.0 / 64 : 1.0 / 512;
                    CheckAccuracy(what.c_str(), to.Read(), golden, tol, tol, tol * (1 + std::fabs(golden[0])));
                } else {
                    CheckDtype(what.c_str(), dt, to.Read(), golden);
                }
            }
}

static void Backward(aclrtStream stream)
{
    enum { B_BCE, B_BCEL, B_L1, B_SL1, B_SM, B_KL, B_KL_LOG, B_END };
    const char *names[] = {"BinaryCrossEntropyBackward", "BinaryCrossEntropyWithLogitsBackward", "L1LossBackward",
                           "SmoothL1LossBackward", "SoftMarginLossBackward", "KlDivBackward", "KlDivBackward(logTarget)"};
    const int fk[] = {K_BCE, K_BCEL, K_L1, K_SL1, K_SM, K_BCEL, K_BCEL};
    LossFn kl = [](double x, double t, double) { return t * (std::log(t) - x); };
    LossFn kl_log = [](double x, double t, double) { return std::exp(t) * (t - x); };
    for (int b = 0; b < B_END; b++)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (int64_t red = 0; red <= (b >= B_KL ? 3 : 2); red++) {
                bool weighted = (b == B_BCE || b == B_BCEL) && red != 1, pos = b == B_BCEL && red != 2;
                Data d = MakeData(fk[b], dt, b == B_L1);
                LossFn l = b == B_KL ? kl : b == B_KL_LOG ? kl_log : FnOf(fk[b]);
                if (b >= B_KL) for (auto &v : d.t) v = Quant(dt, 0.05 + std::fabs(v) * 0.5);
                size_t n = d.x.size(), tn = d.t.size();
                std::vector<int64_t> gshape = red ? std::vector<int64_t>{} : d.shape;
                std::vector<double> g = red ? std::vector<double>{Quant(dt, 0.75)} : QuantAll(dt, RandomValues(n, 9 + b, 0.5));
                double scale = red == 1 ? 1.0 / n : red == 3 ? 1.0 / d.shape[0] : 1.0;
                std::vector<double> golden(n);
                for (size_t i = 0; i < n; i++)
                    golden[i] = g[red ? 0 : i] * scale * Fdx(l, d.x[i], d.t[i % tn], pos ? d.pw[i % 5] : 1.0) * (weighted ? d.w[i % 15] : 1.0);
                DevTensor tg, tx, tt, tw, tp, to;
                if (!tg.Init(dt, gshape, g, CONTIG) || !tx.Init(dt, d.shape, d.x, red == 1 ? STRIDED : TRANSPOSED) ||
                    !tt.Init(dt, d.tshape, d.t, red == 2 ? STRIDED : CONTIG) || !tw.Init(dt, {3, 5}, d.w, CONTIG) ||
                    !tp.Init(dt, {5}, d.pw, STRIDED) || !to.Init(dt, d.shape, {}, red == 0 ? STRIDED : CONTIG)) return;
                const aclTensor *w = weighted ? tw.t : nullptr, *p = pos ? tp.t : nullptr;
                int rc = -1;
                switch (b) {
                case B_BCE: rc = Run("BCEB", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, w, red, to.t, s, e); }, aclnnBinaryCrossEntropyBackward); break;
                case B_BCEL: rc = Run("BCELB", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, w, p, red, to.t, s, e); }, aclnnBinaryCrossEntropyWithLogitsBackward); break;
                case B_L1: rc = Run("L1B", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnL1LossBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, red, to.t, s, e); }, aclnnL1LossBackward); break;
                case B_SL1: rc = Run("SL1B", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnSmoothL1LossBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, red, 1.5f, to.t, s, e); }, aclnnSmoothL1LossBackward); break;
                case B_SM: rc = Run("SMB", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnSoftMarginLossBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, red, to.t, s, e); }, aclnnSoftMarginLossBackward); break;
                default: rc = Run("KLB", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnKlDivBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, red, b == B_KL_LOG, to.t, s, e); }, aclnnKlDivBackward); break;
                }
                std::string what = std::string(names[b]) + " " + DtName(dt) + " reduction " + std::to_string(red) +
                                   (weighted ? " weight" : "") + (pos ? " posWeight" : "");
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                // one intermediate rounding when the product needs a second launch (weight + posWeight)
                if (weighted && pos && dt != ACL_FLOAT)
                    CheckAccuracy(what.c_str(), to.Read(), golden, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, 1.0);
                else
                    CheckDtype(what.c_str(), dt, to.Read(), golden);
            }
}

// Gradients with respect to target: finite differences of the forward in t.
static void TargetBackward(aclrtStream stream)
{
    LossFn kl = [](double x, double t, double) { return t > 0 ? t * (std::log(t) - x) : 0; };
    LossFn kl_log = [](double x, double t, double) { return std::exp(t) * (t - x); };
    for (int b = 0; b < 3; b++)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (int64_t red = 0; red <= (b < 2 ? 3 : 2); red++) {
                Data d = MakeData(K_BCEL, dt, false);
                if (b < 2) for (auto &v : d.t) v = Quant(dt, 0.05 + v);
                bool weighted = b == 2 && red != 1, pos = b == 2 && red != 2;
                LossFn l = b == 0 ? kl : b == 1 ? kl_log : LossFn(BceLogits);
                size_t n = d.x.size();
                std::vector<int64_t> gshape = red ? std::vector<int64_t>{} : d.shape;
                std::vector<double> g = red ? std::vector<double>{Quant(dt, 1.25)} : QuantAll(dt, RandomValues(n, 19 + b, 0.5)), golden(n);
                double scale = red == 1 ? 1.0 / n : red == 3 ? 1.0 / d.shape[0] : 1.0;
                for (size_t i = 0; i < n; i++) {
                    double t = d.t[i], h = 1e-6 * (1 + std::fabs(t)), pw = pos ? d.pw[i % 5] : 1.0;
                    golden[i] = g[red ? 0 : i] * scale * (weighted ? d.w[i % 15] : 1.0) * (l(d.x[i], t + h, pw) - l(d.x[i], t - h, pw)) / (2 * h);
                }
                DevTensor tg, tx, tt, tw, tp, to;
                if (!tg.Init(dt, gshape, g, CONTIG) || !tx.Init(dt, d.shape, d.x, STRIDED) || !tt.Init(dt, d.shape, d.t, TRANSPOSED) ||
                    !tw.Init(dt, {3, 5}, d.w, CONTIG) || !tp.Init(dt, {5}, d.pw, CONTIG) || !to.Init(dt, d.shape, {}, CONTIG)) return;
                int rc = b < 2 ? Run("KlDivTargetBackward", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnKlDivTargetBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, red, b == 1, to.t, s, e); }, aclnnKlDivTargetBackward)
                               : Run("BCEWithLogitsTargetBackward", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, weighted ? tw.t : nullptr, pos ? tp.t : nullptr, red, to.t, s, e); }, aclnnBinaryCrossEntropyWithLogitsTargetBackward);
                std::string what = std::string(b == 0 ? "KlDivTargetBackward" : b == 1 ? "KlDivTargetBackward(logTarget)" : "BinaryCrossEntropyWithLogitsTargetBackward") +
                                   " " + DtName(dt) + " reduction " + std::to_string(red) + (weighted ? " weight" : "") + (pos ? " posWeight" : "");
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (weighted && pos && dt != ACL_FLOAT)
                    CheckAccuracy(what.c_str(), to.Read(), golden, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, 1.0);
                else
                    CheckDtype(what.c_str(), dt, to.Read(), golden);
            }
}

static void Special(aclrtStream stream)
{
    // empty: mean is NaN, sum 0, none writes nothing
    DevTensor ex, et, om, os;
    if (!ex.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !et.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !om.Init(ACL_FLOAT, {}, {}, CONTIG) ||
        !os.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    EXPECT(Run("L1 empty mean", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnL1LossGetWorkspaceSize(ex.t, et.t, 1, om.t, s, e); }, aclnnL1Loss) == 0, "L1 empty mean");
    EXPECT(Run("BCE empty sum", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyGetWorkspaceSize(ex.t, et.t, nullptr, 2, os.t, s, e); }, aclnnBinaryCrossEntropy) == 0, "BCE empty sum");
    EXPECT(std::isnan(om.Read()[0]), "L1Loss mean of nothing should be NaN");
    EXPECT(os.Read()[0] == 0, "BCE sum of nothing should be 0");
    // BCE clamps its logs at -100: x = 0 with t = 1, x = 1 with t = 0; BCE with logits is stable at |x| = 100
    DevTensor bx, bt, bo, lx, lo;
    if (!bx.Init(ACL_FLOAT, {3}, {0, 1, 0.5}, CONTIG) || !bt.Init(ACL_FLOAT, {3}, {1, 0, 1}, CONTIG) || !bo.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !lx.Init(ACL_FLOAT, {3}, {100, -100, 0}, CONTIG) || !lo.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
    EXPECT(Run("BCE clamp", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyGetWorkspaceSize(bx.t, bt.t, nullptr, 0, bo.t, s, e); }, aclnnBinaryCrossEntropy) == 0, "BCE clamp");
    CheckDtype("BCE log clamp", ACL_FLOAT, bo.Read(), {100, 100, std::log(2.0)});
    EXPECT(Run("BCEL extremes", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(lx.t, bt.t, nullptr, nullptr, 0, lo.t, s, e); }, aclnnBinaryCrossEntropyWithLogits) == 0, "BCEL extremes");
    CheckDtype("BCEWithLogits |x| = 100", ACL_FLOAT, lo.Read(), {std::log1p(std::exp(-100.0)), std::log1p(std::exp(-100.0)), std::log(2.0)});
    // L1Loss of INT64 (exact)
    DevTensor ix, it, io;
    if (!ix.Init(ACL_INT64, {3}, {5, -7, 100}, CONTIG) || !it.Init(ACL_INT64, {3}, {2, 3, 100}, CONTIG) || !io.Init(ACL_INT64, {}, {}, CONTIG)) return;
    EXPECT(Run("L1 int64", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnL1LossGetWorkspaceSize(ix.t, it.t, 2, io.t, s, e); }, aclnnL1Loss) == 0, "L1 int64");
    EXPECT(io.Read()[0] == 13, "L1Loss int64 sum: %g", io.Read()[0]);
    // MseLossOut: an empty self returns before any launch (out, of shape {3}, keeps its values);
    // 0-d operands reduce "dim 0" of a 0-d loss to itself; dim 0 of 1 with a broadcast self
    DevTensor mx, mt, mo, zx, zt, zo, bx1, bt1, bo1;
    if (!mx.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !mt.Init(ACL_FLOAT, {3}, {1, 2, 3}, CONTIG) || !mo.Init(ACL_FLOAT, {3}, {7, 8, 9}, CONTIG) ||
        !zx.Init(ACL_FLOAT, {}, {3}, CONTIG) || !zt.Init(ACL_FLOAT, {}, {1.5}, CONTIG) || !zo.Init(ACL_FLOAT, {}, {}, CONTIG) ||
        !bx1.Init(ACL_FLOAT16, {1, 2}, {1, -2}, CONTIG) || !bt1.Init(ACL_FLOAT, {3, 1, 1}, {0, 1, 3}, CONTIG) || !bo1.Init(ACL_FLOAT, {1, 2}, {}, CONTIG)) return;
    EXPECT(Run("MseLossOut empty", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnMseLossOutGetWorkspaceSize(mx.t, mt.t, 1, mo.t, s, e); }, aclnnMseLossOut) == 0, "MseLossOut empty");
    CheckDtype("MseLossOut empty leaves out", ACL_FLOAT, mo.Read(), {7, 8, 9});
    for (int64_t red : {1, 2}) {
        EXPECT(Run("MseLossOut 0-d", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnMseLossOutGetWorkspaceSize(zx.t, zt.t, red, zo.t, s, e); }, aclnnMseLossOut) == 0, "MseLossOut 0-d");
        CheckDtype("MseLossOut 0-d", ACL_FLOAT, zo.Read(), {2.25});
        // loss {3, 1, 2}: rows (1, 4), (0, 9), (4, 25); out {1, 2}
        EXPECT(Run("MseLossOut bcast", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnMseLossOutGetWorkspaceSize(bx1.t, bt1.t, red, bo1.t, s, e); }, aclnnMseLossOut) == 0, "MseLossOut bcast");
        CheckDtype("MseLossOut mixed dtypes", ACL_FLOAT, bo1.Read(), red == 1 ? std::vector<double>{5.0 / 3, 38.0 / 3} : std::vector<double>{5, 38});
    }
    // NaN / Inf propagate into their column only
    DevTensor nx, nt, no;
    if (!nx.Init(ACL_FLOAT, {2, 2}, {NAN, 1, 2, INFINITY}, CONTIG) || !nt.Init(ACL_FLOAT, {2, 2}, {0, 0, 0, 0}, CONTIG) || !no.Init(ACL_FLOAT, {2}, {}, CONTIG)) return;
    EXPECT(Run("MseLossOut NaN", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnMseLossOutGetWorkspaceSize(nx.t, nt.t, 2, no.t, s, e); }, aclnnMseLossOut) == 0, "MseLossOut NaN");
    std::vector<double> nr = no.Read();
    EXPECT(std::isnan(nr[0]) && std::isinf(nr[1]) && nr[1] > 0, "MseLossOut NaN / Inf columns: %g %g", nr[0], nr[1]);
}

static void Validation()
{
    DevTensor x, t, o, o0, xi, t2, w2;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !t.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !o0.Init(ACL_FLOAT, {}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !t2.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !w2.Init(ACL_FLOAT, {4, 2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    // the real BinaryCrossEntropy returns ACLNN_ERR_INNER_NULLPTR for a null tensor
    ExpectError("BCE null self", aclnnBinaryCrossEntropyGetWorkspaceSize(nullptr, t.t, nullptr, 0, o.t, &ws, &ex), 561103, "self");
    ExpectError("BCE null out", aclnnBinaryCrossEntropyGetWorkspaceSize(x.t, t.t, nullptr, 0, nullptr, &ws, &ex), 561103, "out");
    ExpectError("BCEBackward null gradOutput", aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(nullptr, x.t, t.t, nullptr, 0, o.t, &ws, &ex), 161001, "gradOutput");
    ExpectError("BCE int32", aclnnBinaryCrossEntropyGetWorkspaceSize(xi.t, t.t, nullptr, 0, o.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("BCE reduction 3", aclnnBinaryCrossEntropyGetWorkspaceSize(x.t, t.t, nullptr, 3, o.t, &ws, &ex), 161002, "reduction");
    ExpectError("BCE target shape", aclnnBinaryCrossEntropyGetWorkspaceSize(x.t, t2.t, nullptr, 0, o.t, &ws, &ex), 161002, "target");
    ExpectError("BCE weight grows the shape", aclnnBinaryCrossEntropyGetWorkspaceSize(x.t, t.t, w2.t, 0, o.t, &ws, &ex), 161002, "weight");
    ExpectError("BCE mean out shape", aclnnBinaryCrossEntropyGetWorkspaceSize(x.t, t.t, nullptr, 1, o.t, &ws, &ex), 161002, "0-dimensional");
    ExpectError("L1 none out shape", aclnnL1LossGetWorkspaceSize(x.t, t.t, 0, o0.t, &ws, &ex), 161002, "out");
    ExpectError("SmoothL1 beta < 0", aclnnSmoothL1LossGetWorkspaceSize(x.t, t.t, 0, -1.0f, o.t, &ws, &ex), 161002, "beta should be greater than or equal to 0");
    ExpectError("SmoothL1Backward null gradOut", aclnnSmoothL1LossBackwardGetWorkspaceSize(nullptr, x.t, t.t, 0, 1.0f, o.t, &ws, &ex), 161001, "gradOut");
    ExpectError("KlDivBackward reduction 4", aclnnKlDivBackwardGetWorkspaceSize(x.t, x.t, t.t, 4, false, o.t, &ws, &ex), 161002, "reduction");
    ExpectError("L1Backward out shape", aclnnL1LossBackwardGetWorkspaceSize(x.t, x.t, t.t, 0, o0.t, &ws, &ex), 161002, "gradInput");
    ExpectError("MseLossOut null target", aclnnMseLossOutGetWorkspaceSize(x.t, nullptr, 1, o.t, &ws, &ex), 161001, "target");
    ExpectError("MseLossOut int32", aclnnMseLossOutGetWorkspaceSize(xi.t, t.t, 1, o.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("MseLossOut reduction 3", aclnnMseLossOutGetWorkspaceSize(x.t, t.t, 3, o.t, &ws, &ex), 161002, "reduction");
    ExpectError("MseLossOut mean out 0-d", aclnnMseLossOutGetWorkspaceSize(x.t, t.t, 1, o0.t, &ws, &ex), 161002, "out");
    ExpectError("MseLossOut sum out full", aclnnMseLossOutGetWorkspaceSize(x.t, t.t, 2, o.t, &ws, &ex), 161002, "out");
    ExpectError("MseLossOut none out 0-d", aclnnMseLossOutGetWorkspaceSize(x.t, t.t, 0, o0.t, &ws, &ex), 161002, "out");
    DevTensor t4;
    if (!t4.Init(ACL_FLOAT, {4}, {}, CONTIG)) return;
    ExpectError("MseLossOut target bcast", aclnnMseLossOutGetWorkspaceSize(x.t, t4.t, 1, o.t, &ws, &ex), 161002, "target");
    ExpectError("SoftMarginBackward gradOutput bcast", aclnnSoftMarginLossBackwardGetWorkspaceSize(w2.t, x.t, t.t, 0, o.t, &ws, &ex), 161002, "gradOutput");
}

// The FP32 path over several kernel chunks (3 x 1031, odd), with a strided self, an integer
// target promoted to FLOAT (the real op casts to the promoted dtype) and special values.
static void FastPath(aclrtStream stream)
{
    const std::vector<int64_t> sh{3, 1031};
    const size_t n = 3 * 1031;
    std::vector<double> x = RandomValues(n, 77, 0.0), ti(n), tf = RandomValues(n, 78, 0.0);
    for (size_t i = 0; i < n; i++) ti[i] = (double)((int64_t)(i * 7919 % 11) - 5);
    x[5] = NAN; x[1500] = INFINITY; x[3000] = -INFINITY;
    for (aclDataType tdt : {ACL_INT64}) { // L1Loss: the one row with an integer dtype
        DevTensor tx, tt, to, tm;
        if (!tx.Init(ACL_FLOAT, sh, x, STRIDED) || !tt.Init(tdt, sh, ti, CONTIG) || !to.Init(ACL_FLOAT, sh, {}, STRIDED) ||
            !tm.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
        std::vector<double> g(n);
        double sum = 0;
        for (size_t i = 0; i < n; i++) {
            g[i] = std::fabs(x[i] - ti[i]);
            if (i != 5 && i != 1500 && i != 3000) sum += g[i];
        }
        std::string w = std::string("L1Loss fp32 self, ") + DtName(tdt) + " target";
        EXPECT(Run("L1 int target", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnL1LossGetWorkspaceSize(tx.t, tt.t, 0, to.t, s, e); }, aclnnL1Loss) == 0, "%s: run failed", w.c_str());
        std::vector<double> r = to.Read();
        EXPECT(std::isnan(r[5]) && std::isinf(r[1500]) && std::isinf(r[3000]), "%s: NaN / Inf elements", w.c_str());
        for (size_t i : {5, 1500, 3000}) r[i] = g[i] = 0;
        CheckDtype((w + " none").c_str(), ACL_FLOAT, r, g);
        DevTensor ux, uo;
        std::vector<double> xf = x;
        xf[5] = xf[1500] = xf[3000] = 0.25;
        sum += std::fabs(0.25 - ti[5]) + std::fabs(0.25 - ti[1500]) + std::fabs(0.25 - ti[3000]);
        if (!ux.Init(ACL_FLOAT, sh, xf, TRANSPOSED)) return;
        EXPECT(Run("L1 int target mean", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnL1LossGetWorkspaceSize(ux.t, tt.t, 1, tm.t, s, e); }, aclnnL1Loss) == 0, "%s mean: run failed", w.c_str());
        CheckDtype((w + " mean").c_str(), ACL_FLOAT, tm.Read(), {sum / n});
    }
    // BCE with logits and its target gradient on large |x| (logsigmoid tails) over several chunks
    for (size_t i = 0; i < n; i++) tf[i] = std::fabs(tf[i]) / 5;
    std::vector<double> xl(n);
    for (size_t i = 0; i < n; i++) xl[i] = ((double)i - 1546.0) / 16.0; /* -96.6 .. 96.6 */
    DevTensor lx, lt, lo, lg, lb;
    if (!lx.Init(ACL_FLOAT, sh, xl, TRANSPOSED) || !lt.Init(ACL_FLOAT, sh, tf, STRIDED) || !lo.Init(ACL_FLOAT, sh, {}, CONTIG) ||
        !lg.Init(ACL_FLOAT, sh, std::vector<double>(n, 1.0), CONTIG) || !lb.Init(ACL_FLOAT, sh, {}, STRIDED)) return;
    EXPECT(Run("BCEL tails", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(lx.t, lt.t, nullptr, nullptr, 0, lo.t, s, e); }, aclnnBinaryCrossEntropyWithLogits) == 0, "BCEL tails");
    EXPECT(Run("BCELTB tails", stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(lg.t, lx.t, lt.t, nullptr, nullptr, 0, lb.t, s, e); }, aclnnBinaryCrossEntropyWithLogitsTargetBackward) == 0, "BCELTB tails");
    std::vector<double> gl(n), gb(n);
    for (size_t i = 0; i < n; i++) {
        double v = xl[i], sp_neg = std::log1p(std::exp(-std::fabs(v))) + (v < 0 ? -v : 0.0);
        double sp = std::log1p(std::exp(-std::fabs(v))) + (v > 0 ? v : 0.0);
        gl[i] = (1 - tf[i]) * v + sp_neg;
        gb[i] = sp_neg - sp; /* = -x */
    }
    CheckDtype("BCEWithLogits fp32 tails", ACL_FLOAT, lo.Read(), gl);
    CheckDtype("BCEWithLogitsTargetBackward fp32 tails", ACL_FLOAT, lb.Read(), gb);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    Forward(rt.stream);
    Backward(rt.stream);
    TargetBackward(rt.stream);
    Special(rt.stream);
    FastPath(rt.stream);
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
