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
    }
    TestValidation();
    TestOutOfRange();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
