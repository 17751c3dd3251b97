// The N-d window pooling ops: AdaptiveAvgPool3d, AdaptiveMaxPool3d and the backwards
// AdaptiveAvgPool3dBackward, AdaptiveMaxPool3dBackward, AdaptiveMaxPool2dBackward against
// references written here (adaptive windows [floor(i*I/O), ceil((i+1)*I/O)), sums in double,
// first maximum wins), NCDHW and CDHW shapes with non-dividing sizes, strided / transposed views,
// FP32 / FP16 / BF16; the backwards also by central finite differences of the forward ops; out-of-
// range indices fail the launch; validation paths with codes and messages. With "310p" (under a
// 310P topology): the average pool runs in FP32 / FP16, the max pool refuses every dtype.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool3d.h"
#include "aclnnop/aclnn_adaptive_max_pool3d_backward.h"
#include "aclnnop/aclnn_avgpool3d.h"
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "aclnnop/aclnn_max_unpool2d.h"
#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "aclnnop/aclnn_max_unpool3d.h"
#include "aclnnop/aclnn_max_unpool3d_backward.h"

static aclrtStream g_stream;
static bool g_310p = false;
typedef std::vector<int64_t> Shape;

static int64_t Lo(int64_t o, int64_t I, int64_t O) { return o * I / O; }
static int64_t Hi(int64_t o, int64_t I, int64_t O) { return ((o + 1) * I + O - 1) / O; }

struct Geo { int64_t planes, in[3], out[3]; };
static Geo GeoOf(const Shape &x, const Shape &y, int sd)
{
    Geo g;
    g.planes = 1;
    for (size_t i = 0; i + sd < x.size(); i++) g.planes *= x[i];
    for (int i = 0; i < 3; i++) g.in[i] = g.out[i] = 1;
    for (int i = 0; i < sd; i++) { g.in[3 - sd + i] = x[x.size() - sd + i]; g.out[3 - sd + i] = y[y.size() - sd + i]; }
    return g;
}

// Forward references: avg (y) or max (y, flat index).
static void RefPool(const Geo &g, const std::vector<double> &x, bool max, std::vector<double> &y, std::vector<double> &idx)
{
    int64_t IP = g.in[0] * g.in[1] * g.in[2], OP = g.out[0] * g.out[1] * g.out[2];
    y.assign((size_t)(g.planes * OP), 0);
    idx.assign(y.size(), 0);
    for (int64_t p = 0; p < g.planes; p++)
        for (int64_t od = 0; od < g.out[0]; od++)
            for (int64_t oh = 0; oh < g.out[1]; oh++)
                for (int64_t ow = 0; ow < g.out[2]; ow++) {
                    double sum = 0, best = -INFINITY;
                    int64_t bi = -1, n = 0;
                    for (int64_t d = Lo(od, g.in[0], g.out[0]); d < Hi(od, g.in[0], g.out[0]); d++)
                        for (int64_t h = Lo(oh, g.in[1], g.out[1]); h < Hi(oh, g.in[1], g.out[1]); h++)
                            for (int64_t w = Lo(ow, g.in[2], g.out[2]); w < Hi(ow, g.in[2], g.out[2]); w++) {
                                int64_t at = (d * g.in[1] + h) * g.in[2] + w;
                                double v = x[(size_t)(p * IP + at)];
                                sum += v, n++;
                                if (v > best) { best = v; bi = at; }
                            }
                    size_t o = (size_t)(p * OP + (od * g.out[1] + oh) * g.out[2] + ow);
                    y[o] = max ? best : sum / (double)n;
                    idx[o] = (double)bi;
                }
}

static bool IsInt(aclDataType dt) { return dt == ACL_INT32 || dt == ACL_INT64 || dt == ACL_INT8; }
static void Close(const std::string &what, const std::vector<double> &got, const std::vector<double> &want, double tol)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= tol * (1 + std::fabs(want[i])))) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %.9g, expected %.9g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}


static aclIntArray *Ints(const std::vector<int64_t> &v) { return aclCreateIntArray(v.data(), v.size()); }

static int RunAvg(DevTensor &x, const Shape &os, DevTensor &y)
{
    aclIntArray *sz = Ints(os);
    int rc = Run("AdaptiveAvgPool3d", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnAdaptiveAvgPool3dGetWorkspaceSize(x.t, sz, y.t, w, e); }, aclnnAdaptiveAvgPool3d);
    aclDestroyIntArray(sz);
    return rc;
}

static void TestAvg(const std::vector<aclDataType> &dts)
{
    struct Case { Shape x; Shape o; };
    std::vector<Case> cases = {{{2, 3, 5, 4, 7}, {3, 2, 4}}, {{3, 6, 5, 4}, {6, 5, 4}}, {{1, 2, 4, 6, 3}, {1, 1, 1}}, {{2, 2, 3, 3}, {5, 4, 7}}};
    uint64_t seed = 1;
    for (aclDataType dt : dts)
        for (size_t ci = 0; ci < cases.size(); ci++) {
            const Case &c = cases[ci];
            Shape ys = c.x;
            for (int i = 0; i < 3; i++) ys[ys.size() - 3 + i] = c.o[(size_t)i];
            Geo g = GeoOf(c.x, ys, 3);
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.x), seed++, 2)), y, idx;
            RefPool(g, x, false, y, idx);
            DevTensor tx, ty;
            aclFormat f = c.x.size() == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_ND;
            (void)f;
            if (!tx.Init(dt, c.x, x, ci % 2 ? TRANSPOSED : STRIDED) || !ty.Init(dt, ys, {}, ci % 2 ? CONTIG : STRIDED)) return;
            std::string what = std::string("AdaptiveAvgPool3d ") + DtName(dt) + " case " + std::to_string(ci);
            int rc = RunAvg(tx, c.o, ty);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) { Close(what, ty.Read(), QuantAll(dt, y), 0); EXPECT(ty.CountClobbered() == 0, "%s: clobbered", what.c_str()); }
            // backward: gradient of sum(gy * y) is gy / count spread over each window
            std::vector<double> gy = QuantAll(dt, RandomValues(y.size(), seed++, 1)), gx(x.size(), 0.0);
            int64_t IP = g.in[0] * g.in[1] * g.in[2], OP = g.out[0] * g.out[1] * g.out[2];
            for (int64_t p = 0; p < g.planes; p++)
                for (int64_t od = 0; od < g.out[0]; od++)
                    for (int64_t oh = 0; oh < g.out[1]; oh++)
                        for (int64_t ow = 0; ow < g.out[2]; ow++) {
                            int64_t n = (Hi(od, g.in[0], g.out[0]) - Lo(od, g.in[0], g.out[0])) * (Hi(oh, g.in[1], g.out[1]) - Lo(oh, g.in[1], g.out[1])) *
                                        (Hi(ow, g.in[2], g.out[2]) - Lo(ow, g.in[2], g.out[2]));
                            double v = gy[(size_t)(p * OP + (od * g.out[1] + oh) * g.out[2] + ow)] / (double)n;
                            for (int64_t d = Lo(od, g.in[0], g.out[0]); d < Hi(od, g.in[0], g.out[0]); d++)
                                for (int64_t h = Lo(oh, g.in[1], g.out[1]); h < Hi(oh, g.in[1], g.out[1]); h++)
                                    for (int64_t w = Lo(ow, g.in[2], g.out[2]); w < Hi(ow, g.in[2], g.out[2]); w++)
                                        gx[(size_t)(p * IP + (d * g.in[1] + h) * g.in[2] + w)] += v;
                        }
            DevTensor tgy, tgx;
            if (!tgy.Init(dt, ys, gy, ci % 2 ? STRIDED : TRANSPOSED) || !tgx.Init(dt, c.x, {}, STRIDED)) return;
            rc = Run("AdaptiveAvgPool3dBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(tgy.t, tx.t, tgx.t, w, e); }, aclnnAdaptiveAvgPool3dBackward);
            EXPECT(rc == 0, "%s backward: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> got = tgx.Read();
            Close(what + " backward", got, QuantAll(dt, gx), dt == ACL_FLOAT ? 1e-6 : 0);
            if (dt != ACL_FLOAT || ci != 0) continue;
            // central finite differences of L = sum(gy * AdaptiveAvgPool3d(x)) through the device forward
            for (size_t k : {(size_t)0, (size_t)17, x.size() / 2, x.size() - 1}) {
                double hstep = 0.25, L[2];
                for (int sgn = 0; sgn < 2; sgn++) {
                    std::vector<double> xp = x;
                    xp[k] += sgn ? -hstep : hstep;
                    DevTensor txp, typ;
                    if (!txp.Init(ACL_FLOAT, c.x, xp, CONTIG) || !typ.Init(ACL_FLOAT, ys, {}, CONTIG)) return;
                    RunAvg(txp, c.o, typ);
                    std::vector<double> yp = typ.Read();
                    L[sgn] = 0;
                    for (size_t i = 0; i < yp.size(); i++) L[sgn] += gy[i] * yp[i];
                }
                double fd = (L[0] - L[1]) / (2 * hstep);
                EXPECT(std::fabs(fd - got[k]) <= 1e-5 * (1 + std::fabs(fd)), "%s FD at %zu: %.9g vs backward %.9g", what.c_str(), k, fd, got[k]);
            }
        }
}

static void TestMax(const std::vector<aclDataType> &dts)
{
    uint64_t seed = 100;
    struct Case { Shape x; Shape o; };
    std::vector<Case> cases = {{{2, 3, 5, 4, 7}, {3, 2, 4}}, {{3, 6, 5, 4}, {2, 3, 3}}};
    for (aclDataType dt : dts)
        for (size_t ci = 0; ci < cases.size(); ci++) {
            const Case &c = cases[ci];
            Shape ys = c.x;
            for (int i = 0; i < 3; i++) ys[ys.size() - 3 + i] = c.o[(size_t)i];
            Geo g = GeoOf(c.x, ys, 3);
            size_t n = (size_t)GetShapeSize(c.x);
            std::vector<double> x(n), y, idx;
            for (size_t i = 0; i < n; i++) x[i] = (double)((i * 7919) % n) / 8.0 - 20; // distinct, exact in BF16? scaled below
            if (dt == ACL_BF16) for (double &v : x) v = Quant(dt, v);
            // distinct after rounding: break ties by keeping the first maximum (the reference does)
            RefPool(g, x, true, y, idx);
            DevTensor tx, ty, ti;
            aclFormat fmt = c.x.size() == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_NCHW;
            if (!tx.Init(dt, c.x, x, STRIDED) || !ty.Init(dt, ys, {}, TRANSPOSED) || !ti.Init(ACL_INT32, ys, {}, STRIDED)) return;
            aclDestroyTensor(tx.t); aclDestroyTensor(ty.t); aclDestroyTensor(ti.t); // the 3-D pool wants NCDHW / NCHW
            tx.t = aclCreateTensor(tx.shape.data(), tx.shape.size(), dt, tx.strides.data(), tx.offset, fmt, tx.storage.data(), 1, tx.dev);
            ty.t = aclCreateTensor(ty.shape.data(), ty.shape.size(), dt, ty.strides.data(), ty.offset, fmt, ty.storage.data(), 1, ty.dev);
            ti.t = aclCreateTensor(ti.shape.data(), ti.shape.size(), ACL_INT32, ti.strides.data(), ti.offset, fmt, ti.storage.data(), 1, ti.dev);
            aclIntArray *sz = Ints(c.o);
            std::string what = std::string("AdaptiveMaxPool3d ") + DtName(dt) + " case " + std::to_string(ci);
            int rc = Run("AdaptiveMaxPool3d", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnAdaptiveMaxPool3dGetWorkspaceSize(tx.t, sz, ty.t, ti.t, w, e); }, aclnnAdaptiveMaxPool3d);
            aclDestroyIntArray(sz);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            Close(what, ty.Read(), y, 0);
            Close(what + " indices", ti.Read(), idx, 0);
            // backward: gradInput[plane, idx] += gy
            std::vector<double> gy = QuantAll(dt, RandomValues(y.size(), seed++, 1)), gx(n, 0.0);
            int64_t IP = g.in[0] * g.in[1] * g.in[2], OP = g.out[0] * g.out[1] * g.out[2];
            for (size_t o = 0; o < y.size(); o++) gx[(size_t)((int64_t)o / OP * IP + (int64_t)idx[o])] += gy[o];
            DevTensor tgy, tgx;
            if (!tgy.Init(dt, ys, gy, CONTIG) || !tgx.Init(dt, c.x, {}, TRANSPOSED)) return;
            aclDestroyTensor(tgy.t); aclDestroyTensor(tgx.t);
            tgy.t = aclCreateTensor(tgy.shape.data(), tgy.shape.size(), dt, tgy.strides.data(), tgy.offset, fmt, tgy.storage.data(), 1, tgy.dev);
            tgx.t = aclCreateTensor(tgx.shape.data(), tgx.shape.size(), dt, tgx.strides.data(), tgx.offset, fmt, tgx.storage.data(), 1, tgx.dev);
            rc = Run("AdaptiveMaxPool3dBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(tgy.t, tx.t, ti.t, tgx.t, w, e); }, aclnnAdaptiveMaxPool3dBackward);
            EXPECT(rc == 0, "%s backward: run failed", what.c_str());
            if (!rc) Close(what + " backward", tgx.Read(), QuantAll(dt, gx), 0);
        }
}

// Regular windows (PyTorch semantics): output size, taps start o*s - pad, dil apart, clipped.
struct Win { int64_t k[3], s[3], p[3], d[3]; bool ceil, incl; int64_t div; };
static int64_t OutSize(int64_t in, int64_t k, int64_t p, int64_t s, int64_t d, bool ceil)
{
    int64_t x = in + 2 * p - d * (k - 1) - 1;
    int64_t o = (ceil ? (x + s - 1) / s : x / s) + 1;
    if (ceil && (o - 1) * s >= in + p) o--;
    return o;
}
// avg (y) or max (y, idx); grad != nullptr: the avg backward of gy into *grad instead
static void RefWin(const Shape &xs, const Win &w, const std::vector<double> &x, bool max, std::vector<double> &y,
                   std::vector<double> &idx, Shape &ys, const std::vector<double> *gy = nullptr, std::vector<double> *grad = nullptr)
{
    size_t n = xs.size();
    int64_t in[3] = {xs[n - 3], xs[n - 2], xs[n - 1]}, out[3];
    ys = xs;
    for (int i = 0; i < 3; i++) ys[n - 3 + i] = out[i] = OutSize(in[i], w.k[i], w.p[i], w.s[i], w.d[i], w.ceil);
    int64_t planes = 1;
    for (size_t i = 0; i + 3 < n; i++) planes *= xs[i];
    int64_t IP = in[0] * in[1] * in[2], OP = out[0] * out[1] * out[2];
    y.assign((size_t)(planes * OP), 0);
    idx.assign(y.size(), 0);
    if (grad) grad->assign(x.size(), 0.0);
    for (int64_t pl = 0; pl < planes; pl++)
        for (int64_t o = 0; o < OP; o++) {
            int64_t oc[3] = {o / (out[1] * out[2]), o / out[2] % out[1], o % out[2]};
            double sum = 0, best = -INFINITY;
            int64_t bi = 0, cnt = 0, full = 1;
            std::vector<int64_t> taps;
            for (int i = 0; i < 3; i++) {
                int64_t st = oc[i] * w.s[i] - w.p[i];
                full *= std::min(st + w.k[i], in[i] + w.p[i]) - st;
            }
            for (int64_t a = 0; a < w.k[0]; a++)
                for (int64_t b = 0; b < w.k[1]; b++)
                    for (int64_t c = 0; c < w.k[2]; c++) {
                        int64_t pd = oc[0] * w.s[0] - w.p[0] + a * w.d[0], ph = oc[1] * w.s[1] - w.p[1] + b * w.d[1],
                                pw = oc[2] * w.s[2] - w.p[2] + c * w.d[2];
                        if (pd < 0 || pd >= in[0] || ph < 0 || ph >= in[1] || pw < 0 || pw >= in[2]) continue;
                        int64_t at = (pd * in[1] + ph) * in[2] + pw;
                        double v = x[(size_t)(pl * IP + at)];
                        sum += v, cnt++;
                        taps.push_back(at);
                        if (v > best) { best = v; bi = at; }
                    }
            int64_t div = w.div ? w.div : w.incl ? full : cnt;
            size_t oi = (size_t)(pl * OP + o);
            y[oi] = max ? best : sum / (double)div;
            idx[oi] = (double)bi;
            if (grad)
                for (int64_t at : taps) (*grad)[(size_t)(pl * IP + at)] += (*gy)[oi] / (double)div;
        }
}

static aclTensor *Fmt(DevTensor &t, aclFormat f)
{
    aclDestroyTensor(t.t);
    t.t = aclCreateTensor(t.shape.data(), t.shape.size(), t.dt, t.shape.empty() ? nullptr : t.strides.data(), t.offset, f,
                          t.storage.data(), 1, t.dev);
    return t.t;
}

static void TestWindowed(const std::vector<aclDataType> &dts)
{
    std::vector<std::pair<Shape, Win>> cases = {
        {{2, 3, 6, 7, 5}, {{2, 3, 2}, {2, 2, 1}, {1, 1, 0}, {1, 1, 1}, false, true, 0}},
        {{2, 3, 6, 7, 5}, {{3, 3, 3}, {2, 2, 2}, {1, 1, 1}, {1, 1, 1}, true, false, 0}},
        {{3, 5, 6, 4}, {{2, 2, 2}, {1, 2, 3}, {0, 1, 1}, {1, 1, 1}, true, true, 5}},
    };
    uint64_t seed = 700;
    for (aclDataType dt : dts)
        for (size_t ci = 0; ci < cases.size(); ci++) {
            const Shape &xs = cases[ci].first;
            const Win &w = cases[ci].second;
            size_t n = (size_t)GetShapeSize(xs);
            std::vector<double> x(n), y, idx, ym, idxm;
            for (size_t i = 0; i < n; i++) x[i] = Quant(dt, (double)((i * 7919) % n) / 16.0 - 10);
            Shape ys;
            RefWin(xs, w, x, false, y, idx, ys);
            RefWin(xs, w, x, true, ym, idxm, ys);
            std::vector<int64_t> k(w.k, w.k + 3), s(w.s, w.s + 3), p(w.p, w.p + 3), d(w.d, w.d + 3);
            aclIntArray *ka = Ints(k), *sa = Ints(s), *pa = Ints(p), *da = Ints(d);
            std::string what = std::string(DtName(dt)) + " case " + std::to_string(ci);
            DevTensor tx, ty;
            if (!tx.Init(dt, xs, x, ci % 2 ? TRANSPOSED : STRIDED) || !ty.Init(dt, ys, {}, STRIDED)) return;
            int rc = Run("AvgPool3d", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnAvgPool3dGetWorkspaceSize(tx.t, ka, sa, pa, w.ceil, w.incl, w.div, ty.t, ws, e); }, aclnnAvgPool3d);
            EXPECT(rc == 0, "AvgPool3d %s: run failed", what.c_str());
            if (!rc) Close("AvgPool3d " + what, ty.Read(), QuantAll(dt, y), 0);
            // backward, and by finite differences (FP32, first case) of L = sum(gy * AvgPool3d(x))
            std::vector<double> gy = QuantAll(dt, RandomValues(y.size(), seed++, 1)), gx;
            Shape ys2;
            RefWin(xs, w, x, false, y, idx, ys2, &gy, &gx);
            DevTensor tgy, tgx;
            if (!tgy.Init(dt, ys, gy, CONTIG) || !tgx.Init(dt, xs, {}, TRANSPOSED)) return;
            rc = Run("AvgPool3dBackward", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnAvgPool3dBackwardGetWorkspaceSize(tgy.t, tx.t, ka, sa, pa, w.ceil, w.incl, w.div, tgx.t, ws, e); }, aclnnAvgPool3dBackward);
            EXPECT(rc == 0, "AvgPool3dBackward %s: run failed", what.c_str());
            std::vector<double> got = rc ? std::vector<double>() : tgx.Read();
            // one rounding of the double sum to the dtype; the device store may round through FP32
            // first (a double rounding), so allow one unit in the last place
            if (!rc) Close("AvgPool3dBackward " + what, got, QuantAll(dt, gx), dt == ACL_FLOAT ? 1e-6 : dt == ACL_FLOAT16 ? 1.0 / 1024 : 1.0 / 128);
            if (!rc && dt == ACL_FLOAT)
                for (size_t kk : {(size_t)1, n / 3, n - 2}) {
                    double h = 0.25, L[2];
                    for (int sg = 0; sg < 2; sg++) {
                        std::vector<double> xp = x;
                        xp[kk] += sg ? -h : h;
                        DevTensor txp, typ;
                        if (!txp.Init(ACL_FLOAT, xs, xp, CONTIG) || !typ.Init(ACL_FLOAT, ys, {}, CONTIG)) return;
                        Run("AvgPool3d", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                            return aclnnAvgPool3dGetWorkspaceSize(txp.t, ka, sa, pa, w.ceil, w.incl, w.div, typ.t, ws, e); }, aclnnAvgPool3d);
                        std::vector<double> yp = typ.Read();
                        L[sg] = 0;
                        for (size_t i = 0; i < yp.size(); i++) L[sg] += gy[i] * yp[i];
                    }
                    double fd = (L[0] - L[1]) / (2 * h);
                    EXPECT(std::fabs(fd - got[kk]) <= 1e-5 * (1 + std::fabs(fd)), "AvgPool3dBackward %s FD at %zu: %.9g vs %.9g", what.c_str(), kk, fd, got[kk]);
                }
            // max with argmax (NCDHW / NCHW formats) and its backward
            aclFormat f = xs.size() == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_NCHW;
            DevTensor tmx, tmy, tmi, tmgy, tmgx;
            if (!tmx.Init(dt, xs, x, STRIDED) || !tmy.Init(dt, ys, {}, TRANSPOSED) || !tmi.Init(ACL_INT32, ys, {}, STRIDED) ||
                !tmgy.Init(dt, ys, gy, STRIDED) || !tmgx.Init(dt, xs, {}, CONTIG)) return;
            Fmt(tmx, f); Fmt(tmy, f); Fmt(tmi, f); Fmt(tmgy, f); Fmt(tmgx, f);
            rc = Run("MaxPool3dWithArgmax", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnMaxPool3dWithArgmaxGetWorkspaceSize(tmx.t, ka, sa, pa, da, w.ceil, tmy.t, tmi.t, ws, e); }, aclnnMaxPool3dWithArgmax);
            EXPECT(rc == 0, "MaxPool3dWithArgmax %s: run failed", what.c_str());
            if (!rc) { Close("MaxPool3dWithArgmax " + what, tmy.Read(), ym, 0); Close("MaxPool3dWithArgmax indices " + what, tmi.Read(), idxm, 0); }
            std::vector<double> gmx(n, 0.0);
            int64_t OP = GetShapeSize(ys) / (int64_t)(ym.size() / (size_t)(ys[ys.size() - 1] * ys[ys.size() - 2] * ys[ys.size() - 3])), IP = xs[xs.size() - 1] * xs[xs.size() - 2] * xs[xs.size() - 3];
            OP = ys[ys.size() - 1] * ys[ys.size() - 2] * ys[ys.size() - 3];
            for (size_t o = 0; o < ym.size(); o++) gmx[(size_t)((int64_t)o / OP * IP + (int64_t)idxm[o])] += gy[o];
            rc = Run("MaxPool3dWithArgmaxBackward", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(tmgy.t, tmx.t, tmi.t, ka, sa, pa, da, w.ceil, tmgx.t, ws, e); },
                aclnnMaxPool3dWithArgmaxBackward);
            EXPECT(rc == 0, "MaxPool3dWithArgmaxBackward %s: run failed", what.c_str());
            if (!rc) Close("MaxPool3dWithArgmaxBackward " + what, tmgx.Read(), QuantAll(dt, gmx), 0);
            aclDestroyIntArray(ka); aclDestroyIntArray(sa); aclDestroyIntArray(pa); aclDestroyIntArray(da);
        }
}

static void TestAvgOnly310p()
{
    Shape xs = {2, 3, 4, 5, 6};
    std::vector<double> x = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(xs), 77, 2)), y, idx;
    Win w = {{2, 2, 3}, {2, 1, 2}, {1, 0, 1}, {1, 1, 1}, false, true, 0};
    Shape ys;
    RefWin(xs, w, x, false, y, idx, ys);
    std::vector<int64_t> k(w.k, w.k + 3), s(w.s, w.s + 3), p(w.p, w.p + 3);
    aclIntArray *ka = Ints(k), *sa = Ints(s), *pa = Ints(p);
    DevTensor tx, ty;
    if (!tx.Init(ACL_FLOAT16, xs, x, CONTIG) || !ty.Init(ACL_FLOAT16, ys, {}, CONTIG)) return;
    int rc = Run("AvgPool3d", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnAvgPool3dGetWorkspaceSize(tx.t, ka, sa, pa, w.ceil, w.incl, w.div, ty.t, ws, e); }, aclnnAvgPool3d);
    EXPECT(rc == 0, "AvgPool3d fp16 on 310P: run failed");
    if (!rc) Close("AvgPool3d fp16 on 310P", ty.Read(), QuantAll(ACL_FLOAT16, y), 0);
    DevTensor tb;
    if (!tb.Init(ACL_BF16, xs, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("AvgPool3d bf16 on 310P", aclnnAvgPool3dGetWorkspaceSize(tb.t, ka, sa, pa, false, true, 0, ty.t, &ws, &ex), 161002, "DT_BF16");
    aclDestroyIntArray(ka); aclDestroyIntArray(sa); aclDestroyIntArray(pa);
}

// MaxUnpool2d / 3d (out = 0, out[plane, idx] = self; a repeated index: the last one wins) and
// their backwards (a gather), INT32 / INT64 indices, float and integer dtypes (bytewise exact).
static void TestUnpool(const std::vector<aclDataType> &dts)
{
    uint64_t seed = 1234;
    for (aclDataType dt : dts)
        for (int sd = 2; sd <= 3; sd++) {
            Shape xs = sd == 2 ? Shape{2, 3, 2, 3} : Shape{2, 2, 2, 2, 3};
            std::vector<int64_t> osz = sd == 2 ? std::vector<int64_t>{4, 5} : std::vector<int64_t>{3, 4, 5};
            Shape os = xs;
            int64_t IP = 1, XP = 1;
            for (int i = 0; i < sd; i++) { os[os.size() - sd + i] = osz[(size_t)i]; IP *= osz[(size_t)i]; XP *= xs[xs.size() - sd + i]; }
            int64_t planes = GetShapeSize(xs) / XP;
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(xs), seed++, IsInt(dt) ? 50 : 3)), idx(x.size());
            if (IsInt(dt)) for (double &v : x) v = std::round(v);
            Lcg rng(seed++);
            for (double &v : idx) v = (double)((int64_t)(rng.uniform() * (double)IP) % IP);
            idx[1] = idx[0]; // a repeated index in plane 0: the later element wins
            std::vector<double> want((size_t)(planes * IP), 0.0);
            for (int64_t p = 0; p < planes; p++)
                for (int64_t y = 0; y < XP; y++) want[(size_t)(p * IP + (int64_t)idx[(size_t)(p * XP + y)])] = x[(size_t)(p * XP + y)];
            DevTensor tx, ti, to;
            if (!tx.Init(dt, xs, x, TRANSPOSED) || !ti.Init(sd == 2 ? ACL_INT64 : ACL_INT32, xs, idx, STRIDED) || !to.Init(dt, os, {}, sd == 2 ? STRIDED : CONTIG, 7.0)) return;
            aclIntArray *oa = Ints(osz);
            std::vector<int64_t> three = {1, 1, 1};
            aclIntArray *st3 = Ints(three), *pd3 = Ints(three);
            std::string what = std::string("MaxUnpool") + std::to_string(sd) + "d " + DtName(dt);
            int rc = sd == 2 ? Run("MaxUnpool2d", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxUnpool2dGetWorkspaceSize(tx.t, ti.t, oa, to.t, w, e); }, aclnnMaxUnpool2d)
                             : Run("MaxUnpool3d", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxUnpool3dGetWorkspaceSize(tx.t, ti.t, oa, st3, pd3, to.t, w, e); }, aclnnMaxUnpool3d);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Close(what, to.Read(), want, 0);
            // backward: out[p] = gradOutput[plane, idx[p]]
            std::vector<double> g = QuantAll(dt, RandomValues(want.size(), seed++, IsInt(dt) ? 50 : 3)), gw(x.size());
            if (IsInt(dt)) for (double &v : g) v = std::round(v);
            for (int64_t p = 0; p < planes; p++)
                for (int64_t y = 0; y < XP; y++) gw[(size_t)(p * XP + y)] = g[(size_t)(p * IP + (int64_t)idx[(size_t)(p * XP + y)])];
            DevTensor tg, tgo;
            if (!tg.Init(dt, os, g, STRIDED) || !tgo.Init(dt, xs, {}, TRANSPOSED)) return;
            rc = sd == 2 ? Run("MaxUnpool2dBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxUnpool2dBackwardGetWorkspaceSize(tg.t, tx.t, ti.t, oa, tgo.t, w, e); }, aclnnMaxUnpool2dBackward)
                         : Run("MaxUnpool3dBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxUnpool3dBackwardGetWorkspaceSize(tg.t, tx.t, ti.t, oa, st3, pd3, tgo.t, w, e); }, aclnnMaxUnpool3dBackward);
            EXPECT(rc == 0, "%s backward: run failed", what.c_str());
            if (!rc) Close(what + " backward", tgo.Read(), gw, 0);
            aclDestroyIntArray(oa); aclDestroyIntArray(st3); aclDestroyIntArray(pd3);
        }
    {   // backward from a gradOutput plane smaller than self's (the official example's [3, 1] for a
        // [2, 2] self): only the forward needs room for every element
        DevTensor tg, tx, ti, to;
        std::vector<int64_t> o31 = {3, 1};
        aclIntArray *a31 = Ints(o31);
        if (tg.Init(ACL_FLOAT, {1, 1, 3, 1}, {10, 11, 12}, CONTIG) && tx.Init(ACL_FLOAT, {1, 1, 2, 2}, {0, 0, 0, 0}, CONTIG) &&
            ti.Init(ACL_INT64, {1, 1, 2, 2}, {0, 2, 1, 2}, CONTIG) && to.Init(ACL_FLOAT, {1, 1, 2, 2}, {}, CONTIG)) {
            int rc = Run("MaxUnpool2dBackward small gradOutput", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnMaxUnpool2dBackwardGetWorkspaceSize(tg.t, tx.t, ti.t, a31, to.t, w, e); }, aclnnMaxUnpool2dBackward);
            EXPECT(rc == 0, "MaxUnpool2dBackward from a [3, 1] gradOutput: %d", rc);
            if (!rc) Close("MaxUnpool2dBackward small gradOutput", to.Read(), {10, 12, 11, 12}, 0);
        }
        aclDestroyIntArray(a31);
    }
    // validation and an index past the plane
    DevTensor x, i, o, ob, i16;
    if (!x.Init(ACL_FLOAT, {2, 2, 2}, {}, CONTIG) || !i.Init(ACL_INT64, {2, 2, 2}, {0, 1, 2, 20, 0, 0, 0, 0}, CONTIG) ||
        !o.Init(ACL_FLOAT, {2, 4, 5}, {}, CONTIG, 3.0) || !ob.Init(ACL_FLOAT, {2, 4, 4}, {}, CONTIG) || !i16.Init(ACL_INT16, {2, 2, 2}, {}, CONTIG)) return;
    std::vector<int64_t> o45 = {4, 5}, o1 = {1, 1};
    aclIntArray *a45 = Ints(o45), *a1 = Ints(o1);
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("MaxUnpool2d null outputSize", aclnnMaxUnpool2dGetWorkspaceSize(x.t, i.t, nullptr, o.t, &ws, &ex), 161001, "outputSize");
    ExpectError("MaxUnpool2d int16 indices", aclnnMaxUnpool2dGetWorkspaceSize(x.t, i16.t, a45, o.t, &ws, &ex), 161002, "DT_INT16");
    ExpectError("MaxUnpool2d small output", aclnnMaxUnpool2dGetWorkspaceSize(x.t, i.t, a1, o.t, &ws, &ex), 161002, "output volums");
    ExpectError("MaxUnpool2d out shape", aclnnMaxUnpool2dGetWorkspaceSize(x.t, i.t, a45, ob.t, &ws, &ex), 161002, "out");
    int rc = aclnnMaxUnpool2dGetWorkspaceSize(x.t, i.t, a45, o.t, &ws, &ex);
    EXPECT(rc == 0, "MaxUnpool2d index 20 of 20: stage 1 (%d)", rc);
    if (rc == 0) {
        void *w = nullptr;
        if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        int r2 = aclnnMaxUnpool2d(w, ws, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "MaxUnpool2d index 20 of a 4x5 plane: the launch did not fail");
        if (w) aclrtFree(w);
        std::vector<double> got = o.Read();
        EXPECT(got[0] == 3.0 && got[39] == 3.0, "MaxUnpool2d out of range wrote out (%g %g)", got[0], got[39]);
    }
    aclDestroyIntArray(a45); aclDestroyIntArray(a1);
}

static void TestWindowedValidation()
{
    DevTensor x, y;
    if (!x.Init(ACL_FLOAT, {1, 2, 4, 4, 4}, {}, CONTIG) || !y.Init(ACL_FLOAT, {1, 2, 2, 2, 2}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    std::vector<int64_t> k2 = {2}, k5 = {5}, kbad = {2, 2}, s0 = {}, p2 = {2}, p0 = {0}, d2 = {2}, d1 = {1};
    aclIntArray *a_k2 = Ints(k2), *a_k5 = Ints(k5), *a_kbad = Ints(kbad), *a_s0 = Ints(s0), *a_p2 = Ints(p2), *a_p0 = Ints(p0),
                *a_d2 = Ints(d2), *a_d1 = Ints(d1);
    ExpectError("AvgPool3d null stride", aclnnAvgPool3dGetWorkspaceSize(x.t, a_k2, nullptr, a_p0, false, true, 0, y.t, &ws, &ex), 161001, "stride");
    ExpectError("AvgPool3d kernel length", aclnnAvgPool3dGetWorkspaceSize(x.t, a_kbad, a_s0, a_p0, false, true, 0, y.t, &ws, &ex), 161002,
                "Expected length of kernel is 1 or 3, but got 2");
    ExpectError("AvgPool3d kernel > input", aclnnAvgPool3dGetWorkspaceSize(x.t, a_k5, a_s0, a_p0, false, true, 0, y.t, &ws, &ex), 161002,
                "kernel value(5) is invaild, must be (0, 4]");
    ExpectError("AvgPool3d padding > k/2", aclnnAvgPool3dGetWorkspaceSize(x.t, a_k2, a_s0, a_p2, false, true, 0, y.t, &ws, &ex), 161002,
                "padding value(2) is invaild");
    DevTensor ybad;
    if (!ybad.Init(ACL_FLOAT, {1, 2, 3, 2, 2}, {}, CONTIG)) return;
    ExpectError("AvgPool3d out shape", aclnnAvgPool3dGetWorkspaceSize(x.t, a_k2, a_s0, a_p0, false, true, 0, ybad.t, &ws, &ex), 161002, "out");
    ExpectError("AvgPool3dBackward gradOutput shape", aclnnAvgPool3dBackwardGetWorkspaceSize(ybad.t, x.t, a_k2, a_s0, a_p0, false, true, 0, x.t, &ws, &ex),
                161002, "gradOutput");
    DevTensor i32;
    if (!i32.Init(ACL_INT32, {1, 2, 2, 2, 2}, {}, CONTIG)) return;
    int rc = aclnnMaxPool3dWithArgmaxGetWorkspaceSize(x.t, a_k2, a_s0, a_p0, a_d2, false, y.t, i32.t, &ws, &ex);
    if (g_310p) ExpectError("MaxPool3dWithArgmax on 310P", rc, 161002, "not supported on this platform");
    else ExpectError("MaxPool3dWithArgmax dilation 2 on A2", rc, 161002, "The value of dilation should be equal 1");
    DevTensor i16;
    if (!i16.Init(ACL_INT16, {1, 2, 2, 2, 2}, {}, CONTIG)) return;
    if (!g_310p)
        ExpectError("MaxPool3dWithArgmax int16 indices", aclnnMaxPool3dWithArgmaxGetWorkspaceSize(x.t, a_k2, a_s0, a_p0, a_d1, false, y.t, i16.t, &ws, &ex),
                    161002, "DT_INT16");
    ExpectError("MaxPool3dWithArgmaxBackward null dilation", aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(y.t, x.t, i32.t, a_k2, a_s0, a_p0, nullptr, false, x.t, &ws, &ex),
                161001, "dilation");
    aclDestroyIntArray(a_k2); aclDestroyIntArray(a_k5); aclDestroyIntArray(a_kbad); aclDestroyIntArray(a_s0);
    aclDestroyIntArray(a_p2); aclDestroyIntArray(a_p0); aclDestroyIntArray(a_d2); aclDestroyIntArray(a_d1);
}

// AdaptiveMaxPool2dBackward with the indices of AdaptiveMaxPool2d (INT64), and by finite
// differences of the forward (distinct values: the max is locally linear).
static void TestMax2dBackward()
{
    Shape xs = {2, 3, 7, 5}, ys = {2, 3, 3, 2};
    size_t n = (size_t)GetShapeSize(xs);
    std::vector<double> x(n);
    for (size_t i = 0; i < n; i++) x[i] = (double)((i * 37) % n) * 0.5;
    DevTensor tx, ty, ti, tgy, tgx;
    std::vector<double> gy = QuantAll(ACL_FLOAT, RandomValues((size_t)GetShapeSize(ys), 9, 1));
    if (!tx.Init(ACL_FLOAT, xs, x, CONTIG) || !ty.Init(ACL_FLOAT, ys, {}, CONTIG) || !ti.Init(ACL_INT64, ys, {}, CONTIG) ||
        !tgy.Init(ACL_FLOAT, ys, gy, STRIDED) || !tgx.Init(ACL_FLOAT, xs, {}, STRIDED)) return;
    std::vector<int64_t> os = {3, 2};
    aclIntArray *sz = Ints(os);
    auto forward = [&](DevTensor &in, DevTensor &out, DevTensor &ind) {
        return Run("AdaptiveMaxPool2d", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnAdaptiveMaxPool2dGetWorkspaceSize(in.t, sz, out.t, ind.t, w, e); }, aclnnAdaptiveMaxPool2d);
    };
    int rc = forward(tx, ty, ti);
    EXPECT(rc == 0, "AdaptiveMaxPool2d forward failed");
    if (rc) { aclDestroyIntArray(sz); return; }
    rc = Run("AdaptiveMaxPool2dBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(tgy.t, tx.t, ti.t, tgx.t, w, e); }, aclnnAdaptiveMaxPool2dBackward);
    EXPECT(rc == 0, "AdaptiveMaxPool2dBackward failed");
    if (!rc) {
        std::vector<double> got = tgx.Read(), idx = ti.Read(), want(n, 0.0);
        for (size_t o = 0; o < idx.size(); o++) want[(size_t)((int64_t)o / 6 * 35 + (int64_t)idx[o])] += gy[o];
        Close("AdaptiveMaxPool2dBackward", got, QuantAll(ACL_FLOAT, want), 0);
        for (size_t k : {(size_t)3, (size_t)34, n / 2, n - 1}) {
            double h = 0.125, L[2];
            for (int sgn = 0; sgn < 2; sgn++) {
                std::vector<double> xp = x;
                xp[k] += sgn ? -h : h;
                DevTensor txp, typ, tip;
                if (!txp.Init(ACL_FLOAT, xs, xp, CONTIG) || !typ.Init(ACL_FLOAT, ys, {}, CONTIG) || !tip.Init(ACL_INT64, ys, {}, CONTIG)) return;
                forward(txp, typ, tip);
                std::vector<double> yp = typ.Read();
                L[sgn] = 0;
                for (size_t i = 0; i < yp.size(); i++) L[sgn] += gy[i] * yp[i];
            }
            double fd = (L[0] - L[1]) / (2 * h);
            EXPECT(std::fabs(fd - got[k]) <= 1e-5 * (1 + std::fabs(fd)), "AdaptiveMaxPool2dBackward FD at %zu: %.9g vs %.9g", k, fd, got[k]);
        }
    }
    aclDestroyIntArray(sz);
}

static void TestValidation()
{
    DevTensor x, y, y4, xh, yb;
    if (!x.Init(ACL_FLOAT, {1, 2, 4, 4, 4}, {}, CONTIG) || !y.Init(ACL_FLOAT, {1, 2, 2, 2, 2}, {}, CONTIG) ||
        !y4.Init(ACL_FLOAT, {2, 2, 2, 2}, {}, CONTIG) || !xh.Init(ACL_INT32, {1, 2, 4, 4, 4}, {}, CONTIG) ||
        !yb.Init(ACL_FLOAT, {1, 3, 2, 2, 2}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    std::vector<int64_t> o3 = {2, 2, 2}, o2 = {2, 2}, obad = {2, 3, 2};
    aclIntArray *s3 = Ints(o3), *s2 = Ints(o2), *sb = Ints(obad);
    ExpectError("avg null self", aclnnAdaptiveAvgPool3dGetWorkspaceSize(nullptr, s3, y.t, &ws, &ex), 161001, "self");
    ExpectError("avg null outputSize", aclnnAdaptiveAvgPool3dGetWorkspaceSize(x.t, nullptr, y.t, &ws, &ex), 161001, "outputSize");
    ExpectError("avg rank of out", aclnnAdaptiveAvgPool3dGetWorkspaceSize(x.t, s3, y4.t, &ws, &ex), 161002, "Out dims 4 should equal to self dims 5");
    ExpectError("avg leading dims", aclnnAdaptiveAvgPool3dGetWorkspaceSize(x.t, s3, yb.t, &ws, &ex), 161002, "Out dims No.[1] must match self dims");
    ExpectError("avg int32", aclnnAdaptiveAvgPool3dGetWorkspaceSize(xh.t, s3, y.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("avg outputSize length", aclnnAdaptiveAvgPool3dGetWorkspaceSize(x.t, s2, y.t, &ws, &ex), 161002, "outputSize length should be 3");
    ExpectError("avg outputSize value", aclnnAdaptiveAvgPool3dGetWorkspaceSize(x.t, sb, y.t, &ws, &ex), 161002, "should match the outputSize");
    DevTensor gi, idx, idx64, gbad;
    if (!gi.Init(ACL_FLOAT, {1, 2, 4, 4, 4}, {}, CONTIG) || !idx.Init(ACL_INT32, {1, 2, 2, 2, 2}, {}, CONTIG) ||
        !idx64.Init(ACL_INT16, {1, 2, 2, 2, 2}, {}, CONTIG) || !gbad.Init(ACL_FLOAT, {1, 2, 4, 4, 3}, {}, CONTIG)) return;
    ExpectError("max3d bwd null indices", aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(y.t, x.t, nullptr, gi.t, &ws, &ex), 161001, "indices");
    // on the 310P every dtype is refused first (its list is empty)
    ExpectError("max3d bwd gradInput shape", aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(y.t, x.t, idx.t, gbad.t, &ws, &ex), 161002,
                g_310p ? "should be in dtype support list []" : "gradInput");
    ExpectError("max3d bwd indices dtype", aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(y.t, x.t, idx64.t, gi.t, &ws, &ex), 161002,
                g_310p ? "gradOutput dtype DT_FLOAT" : "DT_INT16");
    ExpectError("avg3d bwd rank", aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(y4.t, x.t, gi.t, &ws, &ex), 161002, "same DimNum");
    DevTensor i3;
    if (!i3.Init(ACL_INT32, {1, 2, 2, 2, 2}, {}, CONTIG)) return;
    int rc = aclnnAdaptiveMaxPool3dGetWorkspaceSize(x.t, s3, y.t, i3.t, &ws, &ex);
    if (g_310p) {
        ExpectError("max3d on 310P", rc, 161002, "DT_FLOAT");
    } else {
        // x is ND here (the DevTensor default): the max pool wants NCDHW / NCHW
        ExpectError("max3d ND format", rc, 161002, "Format of input should be NCDHW or NCHW");
    }
    aclDestroyIntArray(s3); aclDestroyIntArray(s2); aclDestroyIntArray(sb);
}

static void TestOutOfRange()
{
    DevTensor x, gy, idx, gx;
    if (!x.Init(ACL_FLOAT, {1, 2, 2, 2, 2}, {}, CONTIG) || !gy.Init(ACL_FLOAT, {1, 2, 1, 1, 1}, {1, 1}, CONTIG) ||
        !idx.Init(ACL_INT32, {1, 2, 1, 1, 1}, {0, 8}, CONTIG) || !gx.Init(ACL_FLOAT, {1, 2, 2, 2, 2}, {}, CONTIG, 5.0)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(gy.t, x.t, idx.t, gx.t, &ws, &ex);
    if (g_310p) { ExpectError("max3d bwd on 310P", rc, 161002); return; }
    EXPECT(rc == 0, "out-of-range indices: stage 1 (%d)", rc);
    if (rc) return;
    void *w = nullptr;
    if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    int r2 = aclnnAdaptiveMaxPool3dBackward(w, ws, ex, g_stream);
    int r3 = aclrtSynchronizeStream(g_stream);
    EXPECT(r2 != 0 || r3 != 0, "index 8 of a 2x2x2 plane: the launch did not fail");
    if (w) aclrtFree(w);
    std::vector<double> got = gx.Read();
    EXPECT(got[0] == 5.0 && got[15] == 5.0, "out-of-range indices: gradInput written (%g %g)", got[0], got[15]);
}

int main(int argc, char **argv)
{
    g_310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_310p) {
        TestAvg({ACL_FLOAT, ACL_FLOAT16});
    } else {
        TestAvg({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
        TestMax({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
        TestMax2dBackward();
        TestWindowed({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    }
    if (g_310p) {
        // the 310P runs the average pools (FP32 / FP16) but not the max pool with argmax
        TestAvgOnly310p();
    }
    TestWindowedValidation();
    TestValidation();
    TestUnpool({ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64}); // ends with a failed launch, as the next
    TestOutOfRange();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
