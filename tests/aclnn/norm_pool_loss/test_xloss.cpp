// The experimental (generated) losses of ops-nn on the pointwise loss kernel: BinaryCrossEntropyV2,
// BinaryCrossEntropyGradV2, HingeLoss, HingeLossGrad, HuberLoss, HuberLossGrad, MseLossGrad,
// L2Loss, HingeEmbeddingLoss, GaussianNllLoss (every target / var broadcast form), SoftmaxGrad and CrossEntropyGrad (on the CrossEntropyLossGrad row
// kernel) (on the softmax-backward row kernel). Forward results against double references written here, the gradients against central
// finite differences of those references (BinaryCrossEntropyGradV2 against its documented
// product), FP32 / FP16 / BF16 (INT32 / INT16 exact where the definition lists them),
// contiguous / strided / transposed views, empty inputs, NaN / Inf, and the validation paths with
// their codes and messages. With "310p" or "950" (under that chip's topology) only the refusal of
// the chip: the op definitions register a kernel for ascend910b only.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_binary_cross_entropy_grad_v2.h"
#include "aclnnop/aclnn_binary_cross_entropy_v2.h"
#include "aclnnop/aclnn_cross_entropy_grad.h"
#include "aclnnop/aclnn_gaussian_nll_loss.h"
#include "aclnnop/aclnn_hinge_embedding_loss.h"
#include "aclnnop/aclnn_hinge_loss.h"
#include "aclnnop/aclnn_hinge_loss_grad.h"
#include "aclnnop/aclnn_huber_loss.h"
#include "aclnnop/aclnn_huber_loss_grad.h"
#include "aclnnop/aclnn_l2_loss.h"
#include "aclnnop/aclnn_mse_loss_grad.h"
#include "aclnnop/aclnn_softmax_grad.h"

static aclrtStream g_stream;

static double Bce(double x, double t) { return -(t * std::log(x) + (1 - t) * std::log(1 - x)); }
static double Hinge(double x, double t) { return std::max(0.0, 1 - t * x); }
static double Huber(double x, double t, double delta)
{
    double e = std::fabs(x - t);
    return e <= delta ? 0.5 * e * e : delta * (e - 0.5 * delta);
}
template <typename F> static double Fd(F f, double x, double h = 1e-6)
{
    h *= 1 + std::fabs(x);
    return (f(x + h) - f(x - h)) / (2 * h);
}

static const std::vector<int64_t> kShape = {4, 3, 5};
static const Layout kLayouts[] = {CONTIG, STRIDED, TRANSPOSED};

static void Forward()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Layout lx = kLayouts[li++ % 3], lo = kLayouts[li % 3];
        size_t n = 60;
        Lcg r(11 + dt);
        std::vector<double> p(n), q(n), t(n), s(n);
        for (size_t i = 0; i < n; i++) {
            p[i] = Quant(dt, 0.02 + 0.96 * r.uniform()); // a probability
            q[i] = Quant(dt, r.uniform());
            t[i] = r.uniform() < 0.5 ? -1 : 1;            // a hinge label
            s[i] = Quant(dt, 3 * (r.uniform() - 0.5));
        }
        std::vector<double> x = QuantAll(dt, RandomValues(n, 21 + dt, 0.6)), y = QuantAll(dt, RandomValues(n, 31 + dt, 0.6));
        std::string d = DtName(dt);
        if (dt != ACL_BF16) {
            DevTensor tx, ty, tz;
            if (!tx.Init(dt, kShape, p, lx) || !ty.Init(dt, kShape, q, CONTIG) || !tz.Init(dt, kShape, {}, lo)) return;
            EXPECT(Run("BCEV2", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnBinaryCrossEntropyV2GetWorkspaceSize(tx.t, ty.t, tz.t, ws, e); }, aclnnBinaryCrossEntropyV2) == 0, "BCEV2 run");
            std::vector<double> g(n);
            for (size_t i = 0; i < n; i++) g[i] = Bce(p[i], q[i]);
            CheckDtype(("BinaryCrossEntropyV2 " + d).c_str(), dt, tz.Read(), g);
            EXPECT(tz.CountClobbered() == 0, "BCEV2 wrote outside its view");
        }
        {
            DevTensor tx, ty, to;
            if (!tx.Init(dt, kShape, s, lx) || !ty.Init(dt, kShape, t, lo) || !to.Init(dt, kShape, {}, lo)) return;
            EXPECT(Run("HingeLoss", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHingeLossGetWorkspaceSize(tx.t, ty.t, to.t, ws, e); }, aclnnHingeLoss) == 0, "HingeLoss run");
            std::vector<double> g(n);
            for (size_t i = 0; i < n; i++) g[i] = Hinge(s[i], t[i]);
            CheckDtype(("HingeLoss " + d).c_str(), dt, to.Read(), g);
        }
        for (double delta : {1.0, 0.25}) {
            DevTensor tx, ty, to;
            if (!tx.Init(dt, kShape, x, lo) || !ty.Init(dt, kShape, y, lx) || !to.Init(dt, kShape, {}, CONTIG)) return;
            EXPECT(Run("HuberLoss", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHuberLossGetWorkspaceSize(tx.t, ty.t, delta, to.t, ws, e); }, aclnnHuberLoss) == 0, "HuberLoss run");
            std::vector<double> g(n);
            for (size_t i = 0; i < n; i++) g[i] = Huber(x[i], y[i], delta);
            CheckDtype(("HuberLoss " + d + " delta " + std::to_string(delta)).c_str(), dt, to.Read(), g);
        }
        for (auto shp : {kShape, std::vector<int64_t>{}, std::vector<int64_t>{1000}}) {
            DevTensor tx, to;
            int64_t m = GetShapeSize(shp);
            std::vector<double> v = QuantAll(dt, RandomValues((size_t)m, 41 + dt + m, 0.3));
            if (!tx.Init(dt, shp, v, shp.size() > 1 ? TRANSPOSED : STRIDED) || !to.Init(dt, {1}, {}, CONTIG)) return;
            EXPECT(Run("L2Loss", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnL2LossGetWorkspaceSize(tx.t, to.t, ws, e); }, aclnnL2Loss) == 0, "L2Loss run");
            double sum = 0;
            for (double a : v) sum += a * a / 2;
            double tol = dt == ACL_FLOAT ? 1e-6 : dt == ACL_BF16 ? 1.0 / 128 : 1.0 / 1024; // one rounding of the sum
            CheckAccuracy(("L2Loss " + d + " numel " + std::to_string(m)).c_str(), to.Read(), {sum}, tol, tol, tol * (1 + sum));
        }
    }
}

static void Backward()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Layout l1 = kLayouts[li++ % 3], l2 = kLayouts[li % 3];
        size_t n = 60;
        Lcg r(51 + dt);
        std::vector<double> x(n), y(n), t(n), g = QuantAll(dt, RandomValues(n, 61 + dt, 0.5));
        for (size_t i = 0; i < n; i++) {
            t[i] = r.uniform() < 0.5 ? -1 : 1;
            double v = 3 * (r.uniform() - 0.5);
            if (std::fabs(1 - t[i] * v) < 0.05) v += 0.2 * t[i]; // away from the hinge's kink
            x[i] = Quant(dt, v);
            double w = Quant(dt, v + 2 * (r.uniform() - 0.5));
            double e = std::fabs(x[i] - w);
            if (e < 0.05 || std::fabs(e - 0.5) < 0.05) w = Quant(dt, w + 0.15); // away from 0 and delta 0.5
            y[i] = w;
        }
        std::string d = DtName(dt);
        {
            DevTensor tx, tt, tg, to;
            if (!tx.Init(dt, kShape, x, l1) || !tt.Init(dt, kShape, t, CONTIG) || !tg.Init(dt, kShape, g, l2) || !to.Init(dt, kShape, {}, l2)) return;
            EXPECT(Run("HingeLossGrad", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHingeLossGradGetWorkspaceSize(tx.t, tt.t, tg.t, to.t, ws, e); }, aclnnHingeLossGrad) == 0, "HingeLossGrad run");
            std::vector<double> gold(n);
            for (size_t i = 0; i < n; i++) gold[i] = g[i] * Fd([&](double v) { return Hinge(v, t[i]); }, x[i]);
            CheckDtype(("HingeLossGrad " + d + " (finite differences)").c_str(), dt, to.Read(), gold);
        }
        {
            double delta = 0.5;
            DevTensor tx, ty, to;
            if (!tx.Init(dt, kShape, x, l2) || !ty.Init(dt, kShape, y, l1) || !to.Init(dt, kShape, {}, l1)) return;
            EXPECT(Run("HuberLossGrad", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHuberLossGradGetWorkspaceSize(tx.t, ty.t, delta, to.t, ws, e); }, aclnnHuberLossGrad) == 0, "HuberLossGrad run");
            std::vector<double> gold(n);
            for (size_t i = 0; i < n; i++) gold[i] = Fd([&](double v) { return Huber(v, y[i], delta); }, x[i]);
            CheckDtype(("HuberLossGrad " + d + " (finite differences)").c_str(), dt, to.Read(), gold);
        }
        // MseLossGrad: d/dx of mean / sum of (x - y)^2, times dout (full or one element)
        for (const char *red : {"mean", "sum", "none"})
            for (bool scalar_dout : {false, true}) {
                std::vector<double> dv = scalar_dout ? std::vector<double>{Quant(dt, 0.75)} : g;
                DevTensor tx, ty, tg, to;
                if (!tx.Init(dt, kShape, x, l1) || !ty.Init(dt, kShape, y, l2) ||
                    !tg.Init(dt, scalar_dout ? std::vector<int64_t>{1} : kShape, dv, CONTIG) || !to.Init(dt, kShape, {}, l2)) return;
                EXPECT(Run("MseLossGrad", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnMseLossGradGetWorkspaceSize(tx.t, ty.t, tg.t, (char *)red, to.t, ws, e); }, aclnnMseLossGrad) == 0, "MseLossGrad run");
                double scale = std::string(red) == "mean" ? 1.0 / n : 1.0;
                std::vector<double> gold(n);
                for (size_t i = 0; i < n; i++) gold[i] = dv[scalar_dout ? 0 : i] * scale * Fd([&](double v) { return (v - y[i]) * (v - y[i]); }, x[i]);
                CheckDtype(("MseLossGrad " + d + " " + red + (scalar_dout ? " one-element dout" : "")).c_str(), dt, to.Read(), gold);
            }
    }
    // BinaryCrossEntropyGradV2: z = (logits - labels) * grad * weight; FP32 / FP16 and integers exact
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT16}) {
        bool ints = dt == ACL_INT32 || dt == ACL_INT16;
        size_t n = 60;
        Lcg r(71 + dt);
        std::vector<double> a(n), b(n), g(n), w(n), gold(n);
        for (size_t i = 0; i < n; i++) {
            a[i] = ints ? std::floor(20 * r.uniform()) - 10 : Quant(dt, r.uniform());
            b[i] = ints ? std::floor(20 * r.uniform()) - 10 : Quant(dt, r.uniform());
            g[i] = ints ? std::floor(8 * r.uniform()) - 4 : Quant(dt, r.value() * 0.5);
            w[i] = ints ? std::floor(5 * r.uniform()) : Quant(dt, 0.5 + r.uniform());
            gold[i] = (a[i] - b[i]) * g[i] * w[i];
        }
        DevTensor tg, ta, tb, tw, to;
        if (!tg.Init(dt, kShape, g, STRIDED) || !ta.Init(dt, kShape, a, TRANSPOSED) || !tb.Init(dt, kShape, b, CONTIG) ||
            !tw.Init(dt, kShape, w, CONTIG) || !to.Init(dt, kShape, {}, STRIDED)) return;
        EXPECT(Run("BCEGradV2", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(tg.t, ta.t, tb.t, tw.t, 1, to.t, ws, e); }, aclnnBinaryCrossEntropyGradV2) == 0, "BCEGradV2 run");
        std::vector<double> got = to.Read();
        if (ints) {
            size_t bad = 0;
            for (size_t i = 0; i < n; i++) bad += got[i] != gold[i];
            EXPECT(bad == 0, "BinaryCrossEntropyGradV2 %s: %zu of %zu differ", DtName(dt), bad, n);
        } else {
            CheckDtype((std::string("BinaryCrossEntropyGradV2 ") + DtName(dt)).c_str(), dt, got, gold);
        }
    }
}

static void HingeEmbeddingCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (double margin : {1.0, 0.5})
            for (const char *red : {"none", "mean", "sum"}) {
                Layout l = kLayouts[li++ % 3];
                size_t n = 60;
                Lcg r(101 + dt);
                std::vector<double> x(n), t(n), none(n);
                double sum = 0;
                for (size_t i = 0; i < n; i++) {
                    x[i] = Quant(dt, 2 * r.uniform() - 0.5);
                    t[i] = r.uniform() < 0.5 ? -1 : 1;
                    none[i] = t[i] == 1 ? x[i] : std::max(0.0, margin - x[i]);
                    sum += none[i];
                }
                bool reduce = std::string(red) != "none";
                DevTensor tx, tt, to;
                if (!tx.Init(dt, kShape, x, l) || !tt.Init(dt, kShape, t, CONTIG) || !to.Init(dt, reduce ? std::vector<int64_t>{} : kShape, {}, reduce ? CONTIG : l)) return;
                EXPECT(Run("HingeEmbeddingLoss", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHingeEmbeddingLossGetWorkspaceSize(tx.t, tt.t, margin, (char *)red, to.t, ws, e); }, aclnnHingeEmbeddingLoss) == 0, "HingeEmbeddingLoss run");
                std::string w = std::string("HingeEmbeddingLoss ") + DtName(dt) + " margin " + std::to_string(margin) + " " + red;
                if (!reduce) {
                    CheckDtype(w.c_str(), dt, to.Read(), none);
                } else {
                    double g = std::string(red) == "mean" ? sum / n : sum, tol = dt == ACL_FLOAT ? 1e-6 : dt == ACL_BF16 ? 1.0 / 128 : 1.0 / 1024;
                    CheckAccuracy(w.c_str(), to.Read(), {g}, tol, tol, tol * (1 + std::fabs(g)));
                }
            }
    DevTensor x, t2, o, o2, os;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !t2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {2}, {}, CONTIG) || !os.Init(ACL_FLOAT, {1}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char none[] = "none", mean[] = "mean", bad[] = "batchmean";
    ExpectError("HingeEmbeddingLoss null target", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, nullptr, 1.0, mean, os.t, &ws, &ex), 161001, "target");
    ExpectError("HingeEmbeddingLoss null reduction", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, x.t, 1.0, nullptr, os.t, &ws, &ex), 161001, "reduction");
    ExpectError("HingeEmbeddingLoss target shape", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, t2.t, 1.0, mean, os.t, &ws, &ex), 561002, "target shape");
    ExpectError("HingeEmbeddingLoss margin inf", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, x.t, INFINITY, mean, os.t, &ws, &ex), 561002, "margin must be finite");
    ExpectError("HingeEmbeddingLoss reduction", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, x.t, 1.0, bad, os.t, &ws, &ex), 561002, "reduction must be none, sum, or mean");
    ExpectError("HingeEmbeddingLoss none shape", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, x.t, 1.0, none, o2.t, &ws, &ex), 561002, "loss shape");
    ExpectError("HingeEmbeddingLoss mean of 2", aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, x.t, 1.0, mean, o2.t, &ws, &ex), 561002, "one element");
}

// CrossEntropyGrad: d/dz of -log softmax(z)[t] per row, by central differences in FP32.
static void CrossEntropyGradCases()
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (auto shp : {std::vector<int64_t>{4, 9}, std::vector<int64_t>{2, 3, 33}, std::vector<int64_t>{7}}) {
            int64_t c = shp.back(), n = GetShapeSize(shp), rows = n / c;
            std::vector<double> z = QuantAll(dt, RandomValues((size_t)n, 111 + n + dt, 0.8)), t((size_t)rows), gold((size_t)n);
            Lcg r(7 + n);
            for (auto &v : t) v = std::floor(r.uniform() * (double)c);
            auto loss = [&](const std::vector<double> &zz, int64_t row) {
                double mx = -1e300, sum = 0;
                for (int64_t j = 0; j < c; j++) mx = std::max(mx, zz[row * c + j]);
                for (int64_t j = 0; j < c; j++) sum += std::exp(zz[row * c + j] - mx);
                return -(zz[row * c + (int64_t)t[row]] - mx - std::log(sum));
            };
            std::vector<double> zz = z;
            for (int64_t k = 0; k < n; k++) {
                double h = 1e-6;
                zz[k] = z[k] + h; double fp = loss(zz, k / c);
                zz[k] = z[k] - h; double fm = loss(zz, k / c);
                zz[k] = z[k];
                gold[k] = (fp - fm) / (2 * h);
            }
            DevTensor tz, tt, to;
            if (!tz.Init(dt, shp, z, shp.size() > 1 ? TRANSPOSED : CONTIG) || !tt.Init(ACL_INT32, shp.size() > 1 ? std::vector<int64_t>(shp.begin(), shp.end() - 1) : std::vector<int64_t>{1}, t, STRIDED) ||
                !to.Init(dt, shp, {}, STRIDED)) return;
            EXPECT(Run("CrossEntropyGrad", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnCrossEntropyGradGetWorkspaceSize(tz.t, tt.t, to.t, ws, e); }, aclnnCrossEntropyGrad) == 0, "CrossEntropyGrad run");
            CheckDtype((std::string("CrossEntropyGrad ") + DtName(dt) + " rank " + std::to_string(shp.size()) + " (finite differences)").c_str(), dt, to.Read(), gold);
        }
    // a target outside [0, C) gives a zero row here
    DevTensor z, t, o;
    if (!z.Init(ACL_FLOAT, {2, 3}, {1, 2, 3, 4, 5, 6}, CONTIG) || !t.Init(ACL_INT32, {2}, {3, -1}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return;
    EXPECT(Run("CrossEntropyGrad oob", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnCrossEntropyGradGetWorkspaceSize(z.t, t.t, o.t, ws, e); }, aclnnCrossEntropyGrad) == 0, "CrossEntropyGrad oob run");
    CheckDtype("CrossEntropyGrad out-of-range targets", ACL_FLOAT, o.Read(), {0, 0, 0, 0, 0, 0});
    DevTensor t64, t3, o2, zh;
    if (!t64.Init(ACL_INT64, {2}, {}, CONTIG) || !t3.Init(ACL_INT32, {3}, {}, CONTIG) || !o2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !zh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("CrossEntropyGrad null target", aclnnCrossEntropyGradGetWorkspaceSize(z.t, nullptr, o.t, &ws, &ex), 161001, "target");
    ExpectError("CrossEntropyGrad int64 target", aclnnCrossEntropyGradGetWorkspaceSize(z.t, t64.t, o.t, &ws, &ex), 161002, "DT_INT64");
    ExpectError("CrossEntropyGrad mixed out", aclnnCrossEntropyGradGetWorkspaceSize(z.t, t.t, zh.t, &ws, &ex), 161002, "gradInput");
    ExpectError("CrossEntropyGrad out shape", aclnnCrossEntropyGradGetWorkspaceSize(z.t, t.t, o2.t, &ws, &ex), 561002, "gradInput shape");
    ExpectError("CrossEntropyGrad target count", aclnnCrossEntropyGradGetWorkspaceSize(z.t, t3.t, o.t, &ws, &ex), 561002, "one index per row");
}

static void GaussianNllCases()
{
    // input {4, 3, 5}; target forms: same, dim 1 of size 1; var forms: same, last dim 1, no last dim, 0-d
    const std::vector<std::vector<int64_t>> tforms = {{4, 3, 5}, {4, 1, 5}};
    const std::vector<std::vector<int64_t>> vforms = {{4, 3, 5}, {4, 3, 1}, {4, 3}, {}};
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (size_t ti = 0; ti < tforms.size(); ti++)
            for (size_t vi = 0; vi < vforms.size(); vi++) {
                const char *red = (li % 3 == 0) ? "none" : (li % 3 == 1) ? "mean" : "sum";
                bool full = li % 2;
                Layout l = kLayouts[li++ % 3];
                size_t n = 60, tn = (size_t)GetShapeSize(tforms[ti]), vn = (size_t)GetShapeSize(vforms[vi]);
                std::vector<double> x = QuantAll(dt, RandomValues(n, 201 + li, 0.6)), t = QuantAll(dt, RandomValues(tn, 211 + li, 0.6));
                std::vector<double> v = QuantAll(dt, RandomValues(vn, 221 + li, 0.5));
                for (auto &e : v) e = Quant(dt, std::fabs(e) < 0.05 ? 0.0 : std::fabs(e)); // some zeros: eps clamps
                double eps = 1e-3, sum = 0;
                std::vector<double> none(n);
                for (size_t i = 0; i < n; i++) {
                    size_t a = i / 15, b = (i / 5) % 3, c = i % 5;
                    double tv = ti == 0 ? t[i] : t[a * 5 + c];
                    double vv = vi == 0 ? v[i] : vi == 1 || vi == 2 ? v[a * 3 + b] : v[0];
                    vv = std::max(vv, (double)(float)eps);
                    none[i] = 0.5 * (std::log(vv) + (x[i] - tv) * (x[i] - tv) / vv) + (full ? 0.5 * std::log(2 * M_PI) : 0.0);
                    sum += none[i];
                }
                bool reduce = std::string(red) != "none";
                DevTensor tx, tt, tv, to;
                if (!tx.Init(dt, kShape, x, l) || !tt.Init(dt, tforms[ti], t, CONTIG) || !tv.Init(dt, vforms[vi], v, vforms[vi].size() > 1 ? STRIDED : CONTIG) ||
                    !to.Init(dt, reduce ? std::vector<int64_t>{1} : kShape, {}, reduce ? CONTIG : l)) return;
                EXPECT(Run("GaussianNllLoss", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnGaussianNllLossGetWorkspaceSize(tx.t, tt.t, tv.t, full, eps, (char *)red, to.t, ws, e); }, aclnnGaussianNllLoss) == 0, "GaussianNllLoss run");
                std::string w = std::string("GaussianNllLoss ") + DtName(dt) + " target form " + std::to_string(ti) + " var form " + std::to_string(vi) + " " + red + (full ? " full" : "");
                if (!reduce) {
                    CheckDtype(w.c_str(), dt, to.Read(), none);
                } else {
                    double g = std::string(red) == "mean" ? sum / n : sum, tol = dt == ACL_FLOAT ? 1e-6 : dt == ACL_BF16 ? 1.0 / 128 : 1.0 / 1024;
                    CheckAccuracy(w.c_str(), to.Read(), {g}, tol, tol, tol * (1 + std::fabs(g)));
                }
            }
    DevTensor x, t2, t3, v1, v5, o, o2, os;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !t2.Init(ACL_FLOAT, {1, 1}, {}, CONTIG) || !t3.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !v1.Init(ACL_FLOAT, {3}, {}, CONTIG) || !v5.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {2}, {}, CONTIG) || !os.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char none[] = "none", mean[] = "mean", bad[] = "avg";
    ExpectError("GaussianNllLoss null var", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, nullptr, false, 1e-6, mean, os.t, &ws, &ex), 161001, "var");
    ExpectError("GaussianNllLoss target 2 dims", aclnnGaussianNllLossGetWorkspaceSize(x.t, t2.t, x.t, false, 1e-6, mean, os.t, &ws, &ex), 561002, "exactly one dimension");
    ExpectError("GaussianNllLoss target rank", aclnnGaussianNllLossGetWorkspaceSize(x.t, t3.t, x.t, false, 1e-6, mean, os.t, &ws, &ex), 561002, "same rank");
    ExpectError("GaussianNllLoss var numpy-style", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, v1.t, false, 1e-6, mean, os.t, &ws, &ex), 561002, "var must match input");
    ExpectError("GaussianNllLoss var shape", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, v5.t, false, 1e-6, mean, os.t, &ws, &ex), 561002, "var must match input");
    ExpectError("GaussianNllLoss eps 0", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, x.t, false, 0.0, mean, os.t, &ws, &ex), 561002, "eps must be finite");
    ExpectError("GaussianNllLoss reduction", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, x.t, false, 1e-6, bad, os.t, &ws, &ex), 561002, "reduction must be");
    ExpectError("GaussianNllLoss none shape", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, x.t, false, 1e-6, none, o2.t, &ws, &ex), 561002, "loss shape");
    ExpectError("GaussianNllLoss mean of 2", aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, x.t, false, 1e-6, mean, o2.t, &ws, &ex), 561002, "one element");
}

// SoftmaxGrad: dx = d/dz of sum(dy * softmax(z)) by central differences, y = softmax(z).
static void SoftmaxGradCases()
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (int64_t c : {5, 67}) {
            int64_t rows = 6;
            size_t n = (size_t)(rows * c);
            std::vector<double> z = RandomValues(n, 81 + c + dt, 0.5), y(n), dy = QuantAll(dt, RandomValues(n, 91 + c, 0.7)), gold(n);
            auto softmax = [&](const std::vector<double> &zz, int64_t r, std::vector<double> &out) {
                double mx = -1e300, sum = 0;
                for (int64_t j = 0; j < c; j++) mx = std::max(mx, zz[r * c + j]);
                for (int64_t j = 0; j < c; j++) sum += std::exp(zz[r * c + j] - mx);
                for (int64_t j = 0; j < c; j++) out[r * c + j] = std::exp(zz[r * c + j] - mx) / sum;
            };
            for (int64_t r = 0; r < rows; r++) softmax(z, r, y);
            y = QuantAll(dt, y);
            // the kernel sees the rounded y: the reference uses it too (d/dz at the z whose softmax is y)
            for (int64_t r = 0; r < rows; r++) {
                double dot = 0;
                for (int64_t j = 0; j < c; j++) dot += dy[r * c + j] * y[r * c + j];
                for (int64_t j = 0; j < c; j++) gold[r * c + j] = y[r * c + j] * (dy[r * c + j] - dot);
            }
            if (dt == ACL_FLOAT) { // finite differences agree with the closed form (unrounded y)
                std::vector<double> yy(n), zz = z, fd(n), exact(n);
                for (int64_t r = 0; r < rows; r++) softmax(z, r, yy);
                for (size_t k = 0; k < n; k++) {
                    int64_t r = (int64_t)k / c;
                    double h = 1e-6, fp = 0, fm = 0;
                    zz[k] = z[k] + h; softmax(zz, r, yy);
                    for (int64_t j = 0; j < c; j++) fp += dy[r * c + j] * yy[r * c + j];
                    zz[k] = z[k] - h; softmax(zz, r, yy);
                    for (int64_t j = 0; j < c; j++) fm += dy[r * c + j] * yy[r * c + j];
                    zz[k] = z[k];
                    softmax(zz, r, yy);
                    fd[k] = (fp - fm) / (2 * h);
                }
                for (size_t k = 0; k < n; k++) gold[k] = fd[k];
            }
            DevTensor ty, tdy, tdx;
            if (!ty.Init(dt, {rows, c}, y, c == 5 ? TRANSPOSED : CONTIG) || !tdy.Init(dt, {rows, c}, dy, STRIDED) || !tdx.Init(dt, {rows, c}, {}, c == 5 ? CONTIG : TRANSPOSED)) return;
            EXPECT(Run("SoftmaxGrad", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnSoftmaxGradGetWorkspaceSize(ty.t, tdy.t, tdx.t, ws, e); }, aclnnSoftmaxGrad) == 0, "SoftmaxGrad run");
            std::string w = std::string("SoftmaxGrad ") + DtName(dt) + " C " + std::to_string(c) + (dt == ACL_FLOAT ? " (finite differences)" : "");
            CheckDtype(w.c_str(), dt, tdx.Read(), gold);
        }
    DevTensor y1, y3, y0, yb, yh, ybig;
    if (!y1.Init(ACL_FLOAT, {4}, {}, CONTIG) || !y3.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !y0.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) ||
        !yb.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !yh.Init(ACL_FLOAT16, {2, 4}, {}, CONTIG) || !ybig.Init(ACL_FLOAT, {1, 8200}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("SoftmaxGrad null dy", aclnnSoftmaxGradGetWorkspaceSize(yb.t, nullptr, yb.t, &ws, &ex), 161001, "dy");
    ExpectError("SoftmaxGrad mixed", aclnnSoftmaxGradGetWorkspaceSize(yb.t, yh.t, yb.t, &ws, &ex), 161002, "dy");
    ExpectError("SoftmaxGrad rank 1", aclnnSoftmaxGradGetWorkspaceSize(y1.t, y1.t, y1.t, &ws, &ex), 561002, "dim num");
    ExpectError("SoftmaxGrad rank 3", aclnnSoftmaxGradGetWorkspaceSize(y3.t, y3.t, y3.t, &ws, &ex), 561002, "rank");
    ExpectError("SoftmaxGrad empty", aclnnSoftmaxGradGetWorkspaceSize(y0.t, y0.t, y0.t, &ws, &ex), 561002, "N or C is 0");
    ExpectError("SoftmaxGrad row past UB", aclnnSoftmaxGradGetWorkspaceSize(ybig.t, ybig.t, ybig.t, &ws, &ex), 561002, "does not fit in UB");
    ExpectError("SoftmaxGrad dx shape", aclnnSoftmaxGradGetWorkspaceSize(yb.t, yb.t, ybig.t, &ws, &ex), 561002, "dx shape");
}

static void Special()
{
    // empty inputs launch nothing (outputs keep their values); L2Loss of nothing is 0
    DevTensor ex, et, eo, l2o;
    if (!ex.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !et.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !eo.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !l2o.Init(ACL_FLOAT, {1}, {5}, CONTIG)) return;
    EXPECT(Run("HingeLoss empty", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHingeLossGetWorkspaceSize(ex.t, et.t, eo.t, ws, e); }, aclnnHingeLoss) == 0, "HingeLoss empty");
    EXPECT(Run("MseLossGrad empty", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnMseLossGradGetWorkspaceSize(ex.t, et.t, et.t, (char *)"mean", eo.t, ws, e); }, aclnnMseLossGrad) == 0, "MseLossGrad empty");
    EXPECT(Run("L2Loss empty", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnL2LossGetWorkspaceSize(ex.t, l2o.t, ws, e); }, aclnnL2Loss) == 0, "L2Loss empty");
    EXPECT(l2o.Read()[0] == 0, "L2Loss of nothing: %g", l2o.Read()[0]);
    // NaN / Inf: hinge and huber propagate NaN; BCE without a clamp: log(0) gives Inf, 0 * log(0) NaN
    DevTensor sx, st, so, bx, by, bz;
    if (!sx.Init(ACL_FLOAT, {4}, {NAN, INFINITY, -INFINITY, 2}, CONTIG) || !st.Init(ACL_FLOAT, {4}, {1, 1, 1, NAN}, CONTIG) ||
        !so.Init(ACL_FLOAT, {4}, {}, CONTIG) || !bx.Init(ACL_FLOAT, {3}, {0, 1, 0}, CONTIG) || !by.Init(ACL_FLOAT, {3}, {1, 0, 0}, CONTIG) ||
        !bz.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
    EXPECT(Run("HingeLoss special", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHingeLossGetWorkspaceSize(sx.t, st.t, so.t, ws, e); }, aclnnHingeLoss) == 0, "HingeLoss special");
    CheckDtype("HingeLoss NaN / Inf", ACL_FLOAT, so.Read(), {NAN, 0, INFINITY, NAN});
    EXPECT(Run("HuberLoss special", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHuberLossGetWorkspaceSize(sx.t, st.t, 1.0, so.t, ws, e); }, aclnnHuberLoss) == 0, "HuberLoss special");
    CheckDtype("HuberLoss NaN / Inf", ACL_FLOAT, so.Read(), {NAN, INFINITY, INFINITY, NAN});
    EXPECT(Run("HuberLossGrad special", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHuberLossGradGetWorkspaceSize(sx.t, st.t, 1.0, so.t, ws, e); }, aclnnHuberLossGrad) == 0, "HuberLossGrad special");
    CheckDtype("HuberLossGrad NaN / Inf", ACL_FLOAT, so.Read(), {NAN, 1, -1, NAN});
    EXPECT(Run("BCEV2 special", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnBinaryCrossEntropyV2GetWorkspaceSize(bx.t, by.t, bz.t, ws, e); }, aclnnBinaryCrossEntropyV2) == 0, "BCEV2 special");
    std::vector<double> z = bz.Read();
    EXPECT(std::isinf(z[0]) && z[0] > 0 && std::isinf(z[1]) && z[1] > 0 && std::isnan(z[2]), "BCEV2 without clamp (x = y = 0: 0 * log 0 is NaN): %g %g %g", z[0], z[1], z[2]);
    // HuberLossGrad at |d| == delta takes the quadratic branch (LE), +-0 keeps its sign
    DevTensor hx, hy, ho;
    if (!hx.Init(ACL_FLOAT, {3}, {1.5, -0.0, 0.0}, CONTIG) || !hy.Init(ACL_FLOAT, {3}, {1.0, 0.0, 0.0}, CONTIG) || !ho.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
    EXPECT(Run("HuberLossGrad edge", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnHuberLossGradGetWorkspaceSize(hx.t, hy.t, 0.5, ho.t, ws, e); }, aclnnHuberLossGrad) == 0, "HuberLossGrad edge");
    std::vector<double> h = ho.Read();
    EXPECT(h[0] == 0.5 && h[1] == 0 && std::signbit(h[1]) && h[2] == 0 && !std::signbit(h[2]), "HuberLossGrad edge: %g %g %g", h[0], h[1], h[2]);
}

static void Validation()
{
    DevTensor x, t, o, xi, xh, x2, o2, ob;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !t.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {2}, {}, CONTIG) || !ob.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char mean[] = "mean";
    ExpectError("BCEV2 null x", aclnnBinaryCrossEntropyV2GetWorkspaceSize(nullptr, t.t, o.t, &ws, &ex), 161001, "x");
    ExpectError("BCEV2 null z", aclnnBinaryCrossEntropyV2GetWorkspaceSize(x.t, t.t, nullptr, &ws, &ex), 161001, "z");
    ExpectError("BCEV2 bf16", aclnnBinaryCrossEntropyV2GetWorkspaceSize(ob.t, ob.t, ob.t, &ws, &ex), 161002, "DT_BF16");
    ExpectError("BCEV2 mixed", aclnnBinaryCrossEntropyV2GetWorkspaceSize(x.t, xh.t, o.t, &ws, &ex), 161002, "y");
    ExpectError("BCEV2 shape", aclnnBinaryCrossEntropyV2GetWorkspaceSize(x.t, x2.t, o.t, &ws, &ex), 561002, "y shape");
    ExpectError("BCEGradV2 null weight", aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(x.t, x.t, t.t, nullptr, 0, o.t, &ws, &ex), 161001, "weight");
    ExpectError("BCEGradV2 bf16", aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(ob.t, ob.t, ob.t, ob.t, 0, ob.t, &ws, &ex), 161002, "DT_BF16");
    ExpectError("BCEGradV2 out shape", aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(x.t, x.t, t.t, t.t, 0, o2.t, &ws, &ex), 561002, "z shape");
    ExpectError("HingeLoss int32", aclnnHingeLossGetWorkspaceSize(xi.t, xi.t, xi.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("HingeLoss mixed out", aclnnHingeLossGetWorkspaceSize(x.t, t.t, xh.t, &ws, &ex), 161002, "loss");
    ExpectError("HingeLossGrad null gradOutput", aclnnHingeLossGradGetWorkspaceSize(x.t, t.t, nullptr, o.t, &ws, &ex), 161001, "gradOutput");
    ExpectError("HingeLossGrad shape", aclnnHingeLossGradGetWorkspaceSize(x.t, t.t, x2.t, o.t, &ws, &ex), 561002, "gradOutput shape");
    ExpectError("HuberLoss delta 0", aclnnHuberLossGetWorkspaceSize(x.t, t.t, 0.0, o.t, &ws, &ex), 561002, "delta > 0");
    ExpectError("HuberLoss delta NaN", aclnnHuberLossGetWorkspaceSize(x.t, t.t, NAN, o.t, &ws, &ex), 561002, "delta > 0");
    ExpectError("HuberLoss shape", aclnnHuberLossGetWorkspaceSize(x.t, x2.t, 1.0, o.t, &ws, &ex), 561002, "targets shape");
    ExpectError("HuberLossGrad null out", aclnnHuberLossGradGetWorkspaceSize(x.t, t.t, 1.0, nullptr, &ws, &ex), 161001, "gradOutput");
    ExpectError("MseLossGrad null dout", aclnnMseLossGradGetWorkspaceSize(x.t, t.t, nullptr, mean, o.t, &ws, &ex), 161001, "dout");
    ExpectError("MseLossGrad dout shape", aclnnMseLossGradGetWorkspaceSize(x.t, t.t, o2.t, mean, o.t, &ws, &ex), 561002, "dout shape");
    ExpectError("MseLossGrad y shape", aclnnMseLossGradGetWorkspaceSize(x.t, t.t, t.t, mean, x2.t, &ws, &ex), 561002, "y shape");
    ExpectError("MseLossGrad mixed", aclnnMseLossGradGetWorkspaceSize(x.t, xh.t, t.t, mean, o.t, &ws, &ex), 161002, "label");
    ExpectError("L2Loss y of 2", aclnnL2LossGetWorkspaceSize(x.t, o2.t, &ws, &ex), 561002, "one element");
    ExpectError("L2Loss int32", aclnnL2LossGetWorkspaceSize(xi.t, o2.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("L2Loss null x", aclnnL2LossGetWorkspaceSize(nullptr, o2.t, &ws, &ex), 161001, "x");
}

// Other chips: the definitions register no kernel there.
static void ChipRefused(const char *chip)
{
    DevTensor x, o;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char mean[] = "mean";
    std::string w = std::string(" on ") + chip;
    ExpectError(("BCEV2" + w).c_str(), aclnnBinaryCrossEntropyV2GetWorkspaceSize(x.t, x.t, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("BCEGradV2" + w).c_str(), aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(x.t, x.t, x.t, x.t, 0, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("HingeLoss" + w).c_str(), aclnnHingeLossGetWorkspaceSize(x.t, x.t, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("HingeLossGrad" + w).c_str(), aclnnHingeLossGradGetWorkspaceSize(x.t, x.t, x.t, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("HuberLoss" + w).c_str(), aclnnHuberLossGetWorkspaceSize(x.t, x.t, 1.0, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("HuberLossGrad" + w).c_str(), aclnnHuberLossGradGetWorkspaceSize(x.t, x.t, 1.0, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("MseLossGrad" + w).c_str(), aclnnMseLossGradGetWorkspaceSize(x.t, x.t, x.t, mean, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("L2Loss" + w).c_str(), aclnnL2LossGetWorkspaceSize(x.t, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("HingeEmbeddingLoss" + w).c_str(), aclnnHingeEmbeddingLossGetWorkspaceSize(x.t, x.t, 1.0, mean, o.t, &ws, &ex), 161002, "not supported");
    DevTensor ti;
    if (!ti.Init(ACL_INT32, {2}, {0, 1}, CONTIG)) return;
    ExpectError(("CrossEntropyGrad" + w).c_str(), aclnnCrossEntropyGradGetWorkspaceSize(x.t, ti.t, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("GaussianNllLoss" + w).c_str(), aclnnGaussianNllLossGetWorkspaceSize(x.t, x.t, x.t, false, 1e-6, mean, o.t, &ws, &ex), 161002, "not supported");
    ExpectError(("SoftmaxGrad" + w).c_str(), aclnnSoftmaxGradGetWorkspaceSize(x.t, x.t, o.t, &ws, &ex), 161002, "not supported");
    // nulls come first there too
    ExpectError(("L2Loss null" + w).c_str(), aclnnL2LossGetWorkspaceSize(x.t, nullptr, &ws, &ex), 161001, "y");
}

// The log / log1p of the FP32 kernel (BinaryCrossEntropyV2, GaussianNllLoss) over a wide range
// against the standard's relative-error criterion (the terms of each loss have one sign: no
// cancellation in the reference); an odd count (a vector tail), a strided input.
static void Accuracy()
{
    const size_t n = 20001;
    Lcg r(991);
    std::vector<double> p(n), q(n), x(n), t(n), v(n), gb(n), gg(n);
    for (size_t i = 0; i < n; i++) {
        p[i] = Quant(ACL_FLOAT, 0.001 + 0.998 * r.uniform());
        q[i] = Quant(ACL_FLOAT, r.uniform());
        x[i] = Quant(ACL_FLOAT, 10 * r.uniform() - 5);
        t[i] = Quant(ACL_FLOAT, 10 * r.uniform() - 5);
        v[i] = Quant(ACL_FLOAT, 1.5 + 8.5 * r.uniform());
        gb[i] = Bce(p[i], q[i]);
        gg[i] = 0.5 * (std::log(v[i]) + (x[i] - t[i]) * (x[i] - t[i]) / v[i]) + 0.5 * std::log(2 * M_PI);
    }
    std::vector<int64_t> sh = {(int64_t)n};
    DevTensor tp, tq, tb, tx, tt, tv, tg;
    if (!tp.Init(ACL_FLOAT, sh, p, STRIDED) || !tq.Init(ACL_FLOAT, sh, q, CONTIG) || !tb.Init(ACL_FLOAT, sh, {}, CONTIG) ||
        !tx.Init(ACL_FLOAT, sh, x, STRIDED) || !tt.Init(ACL_FLOAT, sh, t, CONTIG) || !tv.Init(ACL_FLOAT, sh, v, CONTIG) ||
        !tg.Init(ACL_FLOAT, sh, {}, CONTIG)) return;
    int rc = Run("BCEV2", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnBinaryCrossEntropyV2GetWorkspaceSize(tp.t, tq.t, tb.t, ws, e); }, aclnnBinaryCrossEntropyV2);
    EXPECT(rc == 0, "BCEV2 accuracy run");
    if (!rc) CheckRelErr("BinaryCrossEntropyV2 fp32 accuracy", ACL_FLOAT, tb.Read(), gb);
    rc = Run("GaussianNllLoss", g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnGaussianNllLossGetWorkspaceSize(tx.t, tt.t, tv.t, true, 1e-6, (char *)"none", tg.t, ws, e); }, aclnnGaussianNllLoss);
    EXPECT(rc == 0, "GaussianNllLoss accuracy run");
    if (!rc) CheckRelErr("GaussianNllLoss fp32 accuracy", ACL_FLOAT, tg.Read(), gg);
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip) {
        ChipRefused(chip);
    } else {
        Forward();
        Backward();
        SoftmaxGradCases();
        HingeEmbeddingCases();
        CrossEntropyGradCases();
        GaussianNllCases();
        Accuracy();
        Special();
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
