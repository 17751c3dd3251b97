// Accuracy sweep of the reducing ops of issue 3 over ranks 1 to 8: Softmax / LogSoftmax along
// first, middle, last and negative dims of a rank-8 tensor with size-1 dims and a strided view,
// LayerNorm over the trailing 1-3 dims and RmsNorm over the trailing 2 dims of rank-8 inputs,
// rank-1 inputs, -Inf inside a softmax row; FP32 / FP16 / BF16 (+ DOUBLE for softmax), each
// against a double-precision reference written here.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_softmax.h"

static std::string ShapeStr(const std::vector<int64_t> &s)
{
    std::string r = "(";
    for (size_t i = 0; i < s.size(); i++) r += (i ? "," : "") + std::to_string(s[i]);
    return r + ")";
}

// Reference softmax / log-softmax along dim d of a row-major shape.
static std::vector<double> RefSoftmax(const std::vector<double> &x, const std::vector<int64_t> &s, int64_t d, bool log)
{
    int64_t inner = 1, n = s[(size_t)d], outer = 1;
    for (size_t i = (size_t)d + 1; i < s.size(); i++) inner *= s[i];
    for (int64_t i = 0; i < d; i++) outer *= s[(size_t)i];
    std::vector<double> y(x.size());
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            double m = -INFINITY, sum = 0;
            for (int64_t k = 0; k < n; k++) m = std::max(m, x[(size_t)((o * n + k) * inner + in)]);
            for (int64_t k = 0; k < n; k++) sum += std::exp(x[(size_t)((o * n + k) * inner + in)] - m);
            for (int64_t k = 0; k < n; k++) {
                double v = x[(size_t)((o * n + k) * inner + in)] - m;
                y[(size_t)((o * n + k) * inner + in)] = log ? v - std::log(sum) : std::exp(v) / sum;
            }
        }
    return y;
}

static void SweepSoftmax(aclrtStream stream)
{
    const std::vector<int64_t> s8 = {2, 1, 3, 2, 1, 3, 2, 5}, s1 = {37};
    for (int log = 0; log < 2; log++) {
        const char *name = log ? "LogSoftmax" : "Softmax";
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
            struct Case { std::vector<int64_t> s; int64_t dim; Layout l; };
            for (const Case &c : {Case{s8, 0, CONTIG}, Case{s8, 2, STRIDED}, Case{s8, 5, CONTIG}, Case{s8, -1, STRIDED},
                                  Case{s8, -8, CONTIG}, Case{s1, 0, CONTIG}, Case{s1, -1, STRIDED}}) {
                std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.s), 7 + (uint64_t)c.dim + 50));
                int64_t d = c.dim < 0 ? c.dim + (int64_t)c.s.size() : c.dim;
                std::vector<double> g = RefSoftmax(x, c.s, d, log != 0);
                DevTensor in, out;
                if (!in.Init(dt, c.s, x, c.l) || !out.Init(dt, c.s, {}, c.l == STRIDED ? TRANSPOSED : CONTIG)) return;
                std::string what = std::string(name) + " " + DtName(dt) + " " + ShapeStr(c.s) + " dim " + std::to_string(c.dim);
                int rc = log ? Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSoftmaxGetWorkspaceSize(in.t, c.dim, out.t, w, e); }, aclnnLogSoftmax)
                             : Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftmaxGetWorkspaceSize(in.t, c.dim, out.t, w, e); }, aclnnSoftmax);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc == 0) CheckDtype(what.c_str(), dt, out.Read(), g);
            }
        }
        // -Inf inside a row: probability 0 (log: -Inf); the other entries still sum to one
        std::vector<double> x = {1.0, -INFINITY, 2.0, 0.5};
        DevTensor in, out;
        if (!in.Init(ACL_FLOAT, {1, 4}, x, CONTIG) || !out.Init(ACL_FLOAT, {1, 4}, {}, CONTIG)) return;
        int rc = log ? Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSoftmaxGetWorkspaceSize(in.t, 1, out.t, w, e); }, aclnnLogSoftmax)
                     : Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftmaxGetWorkspaceSize(in.t, 1, out.t, w, e); }, aclnnSoftmax);
        EXPECT(rc == 0, "%s -inf: run failed", name);
        if (rc == 0) {
            std::vector<double> y = out.Read();
            EXPECT(log ? y[1] == -INFINITY : y[1] == 0, "%s with -Inf: got %g", name, y[1]);
            CheckDtype((std::string(name) + " with -Inf").c_str(), ACL_FLOAT, y, RefSoftmax(x, {1, 4}, 1, log != 0));
        }
    }
}

// mean / rstd over the trailing `k` dims; returns y (with weight/bias when given).
static void RefNorm(const std::vector<double> &x, int64_t rows, int64_t cols, const std::vector<double> *w,
                    const std::vector<double> *b, double eps, bool rms, std::vector<double> &y, std::vector<double> &mean,
                    std::vector<double> &rstd)
{
    y.assign(x.size(), 0);
    mean.assign((size_t)rows, 0);
    rstd.assign((size_t)rows, 0);
    for (int64_t r = 0; r < rows; r++) {
        double m = 0, v = 0;
        for (int64_t c = 0; c < cols; c++) m += x[(size_t)(r * cols + c)];
        m /= (double)cols;
        for (int64_t c = 0; c < cols; c++) {
            double d = x[(size_t)(r * cols + c)] - (rms ? 0 : m);
            v += d * d;
        }
        v /= (double)cols;
        double rs = 1.0 / std::sqrt(v + eps);
        mean[(size_t)r] = m;
        rstd[(size_t)r] = rs;
        for (int64_t c = 0; c < cols; c++) {
            double o = (x[(size_t)(r * cols + c)] - (rms ? 0 : m)) * rs;
            if (w) o *= (*w)[(size_t)c];
            if (b) o += (*b)[(size_t)c];
            y[(size_t)(r * cols + c)] = o;
        }
    }
}

static void SweepNorms(aclrtStream stream)
{
    const std::vector<int64_t> s8 = {2, 1, 3, 2, 1, 3, 2, 5};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        // LayerNorm over the trailing k dims of a rank-8 input (k = 1, 3), and a rank-1 input
        for (int k : {1, 3, 8}) {
            std::vector<int64_t> s = k == 8 ? std::vector<int64_t>{37} : s8;
            int nk = k == 8 ? 1 : k;
            std::vector<int64_t> ns(s.end() - nk, s.end()), ms = s;
            for (size_t i = s.size() - (size_t)nk; i < s.size(); i++) ms[i] = 1;
            int64_t cols = GetShapeSize(ns), rows = GetShapeSize(s) / cols;
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(s), 60 + (uint64_t)k));
            std::vector<double> w = QuantAll(dt, RandomValues((size_t)cols, 61, 0.5)), b = QuantAll(dt, RandomValues((size_t)cols, 62, 0.5));
            std::vector<double> y, mean, rstd;
            RefNorm(x, rows, cols, &w, &b, 1e-5, false, y, mean, rstd);
            DevTensor tx, tw, tb, ty, tm, tr;
            Layout lx = k == 3 ? STRIDED : CONTIG;
            if (!tx.Init(dt, s, x, lx) || !tw.Init(dt, ns, w, CONTIG) || !tb.Init(dt, ns, b, CONTIG) ||
                !ty.Init(dt, s, {}, CONTIG) || !tm.Init(dt, ms, {}, CONTIG) || !tr.Init(dt, ms, {}, CONTIG)) return;
            aclIntArray *na = aclCreateIntArray(ns.data(), ns.size());
            std::string what = std::string("LayerNorm ") + DtName(dt) + " " + ShapeStr(s) + " over " + ShapeStr(ns) + (lx == STRIDED ? " strided" : "");
            int rc = Run("aclnnLayerNorm", stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnLayerNormGetWorkspaceSize(tx.t, na, tw.t, tb.t, 1e-5, ty.t, tm.t, tr.t, ws, e); }, aclnnLayerNorm);
            aclDestroyIntArray(na);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            CheckDtype(what.c_str(), dt, ty.Read(), y);
            CheckDtype((what + " mean").c_str(), dt, tm.Read(), mean);
            CheckDtype((what + " rstd").c_str(), dt, tr.Read(), rstd);
        }
        // RmsNorm over the trailing 2 dims of a rank-8 input; rstd FLOAT32 with those dims set to 1
        {
            std::vector<int64_t> gs = {2, 5}, rs = s8;
            rs[6] = rs[7] = 1;
            int64_t cols = 10, rows = GetShapeSize(s8) / cols;
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(s8), 70)), g = QuantAll(dt, RandomValues(10, 71, 0.5));
            std::vector<double> y, mean, rstd;
            RefNorm(x, rows, cols, &g, nullptr, 1e-6, true, y, mean, rstd);
            DevTensor tx, tg, ty, tr;
            if (!tx.Init(dt, s8, x, STRIDED) || !tg.Init(dt, gs, g, CONTIG) || !ty.Init(dt, s8, {}, TRANSPOSED) ||
                !tr.Init(ACL_FLOAT, rs, {}, CONTIG)) return;
            std::string what = std::string("RmsNorm ") + DtName(dt) + " " + ShapeStr(s8) + " strided -> transposed";
            int rc = Run("aclnnRmsNorm", stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnRmsNormGetWorkspaceSize(tx.t, tg.t, 1e-6, ty.t, tr.t, ws, e); }, aclnnRmsNorm);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) {
                CheckDtype(what.c_str(), dt, ty.Read(), y);
                CheckDtype((what + " rstd").c_str(), ACL_FLOAT, tr.Read(), rstd);
            }
        }
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    SweepSoftmax(rt.stream);
    SweepNorms(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
