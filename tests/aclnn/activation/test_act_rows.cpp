// LogSoftmax, SoftmaxBackward and LogSoftmaxBackward along every dim (negative ones too) of
// odd shapes, contiguous (vectorised path) and strided / transposed views (row path), FP32 /
// FP16 / BF16 and DOUBLE for LogSoftmax, a rank-0 tensor, rows with NaN and -Inf, checked
// against double-precision sums written here.
#include "act_test_util.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax_backward.h"

enum RowKind { LOG_SOFTMAX, SOFTMAX_BWD, LOG_SOFTMAX_BWD };

// Applies f to every line along dim d of a row-major tensor of `shape`.
static std::vector<double> Lines(const std::vector<int64_t> &shape, size_t d, const std::vector<double> &x,
                                 const std::vector<double> &z, RowKind kind)
{
    int64_t outer = 1, inner = 1, len = shape.empty() ? 1 : shape[d];
    for (size_t i = 0; i < shape.size(); i++) {
        if (i < d) outer *= shape[i];
        if (i > d) inner *= shape[i];
    }
    std::vector<double> y(x.size());
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            auto at = [&](int64_t k) { return (size_t)((o * len + k) * inner + in); };
            if (kind == LOG_SOFTMAX) {
                double mx = -INFINITY;
                for (int64_t k = 0; k < len; k++) mx = std::max(mx, x[at(k)]);
                double s = 0;
                for (int64_t k = 0; k < len; k++) s += std::exp(x[at(k)] - mx);
                for (int64_t k = 0; k < len; k++) y[at(k)] = x[at(k)] - mx - std::log(s);
            } else if (kind == SOFTMAX_BWD) {
                double dot = 0;
                for (int64_t k = 0; k < len; k++) dot += x[at(k)] * z[at(k)];
                for (int64_t k = 0; k < len; k++) y[at(k)] = z[at(k)] * (x[at(k)] - dot);
            } else {
                double s = 0;
                for (int64_t k = 0; k < len; k++) s += x[at(k)];
                for (int64_t k = 0; k < len; k++) y[at(k)] = x[at(k)] - std::exp(z[at(k)]) * s;
            }
        }
    return y;
}

static int RunKind(aclrtStream stream, RowKind kind, DevTensor &x, DevTensor *z, int64_t dim, DevTensor &y)
{
    switch (kind) {
    case LOG_SOFTMAX:
        return Run("aclnnLogSoftmax", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSoftmaxGetWorkspaceSize(x.t, dim, y.t, w, e); }, aclnnLogSoftmax);
    case SOFTMAX_BWD:
        return Run("aclnnSoftmaxBackward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftmaxBackwardGetWorkspaceSize(x.t, z->t, dim, y.t, w, e); }, aclnnSoftmaxBackward);
    default:
        return Run("aclnnLogSoftmaxBackward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSoftmaxBackwardGetWorkspaceSize(x.t, z->t, dim, y.t, w, e); }, aclnnLogSoftmaxBackward);
    }
}

static void TestKind(aclrtStream stream, RowKind kind)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    if (kind == LOG_SOFTMAX) dts.push_back(ACL_DOUBLE);
    std::vector<int64_t> shape = {3, 17, 5};
    static const char *names[] = {"LogSoftmax", "SoftmaxBackward", "LogSoftmaxBackward"};
    for (aclDataType dt : dts)
        for (int64_t dim = -3; dim < 3; dim++) {
            size_t d = (size_t)(dim < 0 ? dim + 3 : dim);
            std::vector<double> x = QuantAll(dt, RandomValues(255, 60 + (uint64_t)dim)), z;
            if (kind != LOG_SOFTMAX) { // z: the forward output of some input
                std::vector<double> f = Lines(shape, d, RandomValues(255, 90), {}, LOG_SOFTMAX);
                for (double &v : f) v = kind == SOFTMAX_BWD ? std::exp(v) : v;
                z = QuantAll(dt, f);
            }
            std::vector<double> golden = Lines(shape, d, x, z, kind);
            Layout lx = dim < 0 ? STRIDED : CONTIG, ly = dim == 1 ? TRANSPOSED : CONTIG;
            DevTensor tx, tz, ty;
            if (!tx.Init(dt, shape, x, lx) || !ty.Init(dt, shape, {}, ly)) return;
            if (kind != LOG_SOFTMAX && !tz.Init(dt, shape, z, dim == 2 ? TRANSPOSED : CONTIG)) return;
            std::string what = std::string(names[kind]) + " " + DtName(dt) + " dim " + std::to_string(dim);
            int rc = RunKind(stream, kind, tx, kind == LOG_SOFTMAX ? nullptr : &tz, dim, ty);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, ty.Read(), golden);
        }
}

static void TestSpecialsAndRank0(aclrtStream stream)
{
    // rows: [NaN, 1, 2] -> NaN row; [-inf, 0, 1] -> -inf then finite; [1, 2, 3]
    std::vector<double> x = {NAN, 1, 2, -INFINITY, 0, 1, 1, 2, 3};
    DevTensor tx, ty;
    if (!tx.Init(ACL_FLOAT, {3, 3}, x, CONTIG) || !ty.Init(ACL_FLOAT, {3, 3}, {}, CONTIG)) return;
    EXPECT(RunKind(stream, LOG_SOFTMAX, tx, nullptr, 1, ty) == 0, "specials run");
    std::vector<double> y = ty.Read();
    std::vector<double> g = Lines({3, 3}, 1, x, {}, LOG_SOFTMAX);
    for (size_t i = 0; i < 9; i++) {
        bool ok = std::isnan(g[i]) ? std::isnan(y[i]) : std::isinf(g[i]) ? y[i] == g[i] : std::fabs(y[i] - g[i]) < 1e-5;
        EXPECT(ok, "LogSoftmax special %zu: %g expected %g", i, y[i], g[i]);
    }
    DevTensor s, o;
    if (!s.Init(ACL_FLOAT, {}, {3.5}, CONTIG) || !o.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    EXPECT(RunKind(stream, LOG_SOFTMAX, s, nullptr, -1, o) == 0, "rank 0 run");
    EXPECT(o.Read()[0] == 0.0, "log_softmax of a scalar is 0, got %g", o.Read()[0]);
}

// FP32 SoftmaxBackward / LogSoftmaxBackward against central differences of an independent double
// softmax / log-softmax along dim 1 of {2, 5, 3}: gradInput = d/du sum(g * f(u)), with the op
// given f(u) as its output operand.
static void TestFd(aclrtStream stream, RowKind kind)
{
    const int64_t A = 2, L = 5, B = 3;
    std::vector<int64_t> shape = {A, L, B};
    std::vector<double> u = RandomValues(30, 123), g = QuantAll(ACL_FLOAT, RandomValues(30, 124, 0.5));
    auto fwd = [&](const std::vector<double> &v) { // softmax (or its log) along dim 1
        std::vector<double> y(v.size());
        for (int64_t a = 0; a < A; a++)
            for (int64_t b = 0; b < B; b++) {
                double s = 0;
                for (int64_t k = 0; k < L; k++) s += std::exp(v[(a * L + k) * B + b]);
                for (int64_t k = 0; k < L; k++) {
                    size_t i = (size_t)((a * L + k) * B + b);
                    y[i] = kind == SOFTMAX_BWD ? std::exp(v[i]) / s : v[i] - std::log(s);
                }
            }
        return y;
    };
    std::vector<double> fd(u.size()), z = QuantAll(ACL_FLOAT, fwd(u));
    const double h = 1e-5;
    for (size_t i = 0; i < u.size(); i++) {
        std::vector<double> up = u, um = u;
        up[i] += h;
        um[i] -= h;
        std::vector<double> yp = fwd(up), ym = fwd(um);
        double d = 0;
        for (size_t j = 0; j < u.size(); j++) d += g[j] * (yp[j] - ym[j]);
        fd[i] = d / (2 * h);
    }
    DevTensor tg, tz, ty;
    if (!tg.Init(ACL_FLOAT, shape, g, CONTIG) || !tz.Init(ACL_FLOAT, shape, z, CONTIG) || !ty.Init(ACL_FLOAT, shape, {}, CONTIG))
        return;
    const char *name = kind == SOFTMAX_BWD ? "SoftmaxBackward fp32 vs finite differences" : "LogSoftmaxBackward fp32 vs finite differences";
    int rc = RunKind(stream, kind, tg, &tz, 1, ty);
    EXPECT(rc == 0, "%s: run failed", name);
    if (rc == 0) CheckAccuracy(name, ty.Read(), fd, 1e-3, 1e-3, 1e-2);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestKind(rt.stream, LOG_SOFTMAX);
    TestKind(rt.stream, SOFTMAX_BWD);
    TestKind(rt.stream, LOG_SOFTMAX_BWD);
    TestFd(rt.stream, SOFTMAX_BWD);
    TestFd(rt.stream, LOG_SOFTMAX_BWD);
    TestSpecialsAndRank0(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
