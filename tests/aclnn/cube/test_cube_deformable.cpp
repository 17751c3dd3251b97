// aclnnDeformableConv2d (modulated, DCNv2) against a double-precision reference written here from
// the ops-nn doc's formulas: offset channels hold the x shifts, then the y shifts, then the masks
// (per deformable group and kernel point); each sample interpolates its four neighbours
// bilinearly (outside the image: 0) and is scaled by its mask; deformOut[n, c, oh*kH + ki,
// ow*kW + kj] holds the samples and out is their convolution with the weight (stride = kernel).
// Groups, deformable groups, stride/padding/dilation, bias, a non-contiguous weight; FLOAT16/BF16
// (on A2 the op computes in FP32 and rounds once; on the 950 the samples are rounded to the
// dtype first); then the validation paths and the chip list (not on the 310P). The backward (950 only):
// grad weight / bias from gradOutput and offsetOut, and the samples' gradient W^T gradOutput spread
// back through the bilinear form onto x, the shifts and the masks, all in double here.
#include <string>

#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_deformable_conv2d.h"
#include "cube_test_util.h"

static aclrtStream g_stream;
static bool g_950 = false;

struct Geo {
    int64_t N, C, H, W, OC, kh, kw, sh, sw, pt, pb, pl, pr, dh, dw, groups, dg;
    int64_t OH() const { return (H + pt + pb - (kh - 1) * dh - 1) / sh + 1; }
    int64_t OW() const { return (W + pl + pr - (kw - 1) * dw - 1) / sw + 1; }
};

// 4-D tensors in NCHW (the 950 takes only NCHW; A2/A3 also ND), 1-D in ND.
static aclFormat g_fmt = ACL_FORMAT_NCHW;
static void Make4(DevT &d, aclDataType dt, Lcg &rng, const std::vector<int64_t> &shape)
{
    std::vector<double> v((size_t)GetShapeSize(shape));
    for (auto &x : v) x = rng.value();
    MakeDev(d, dt, v, shape, Contig(shape), 0, g_fmt);
}
static void Zeros4(DevT &d, aclDataType dt, const std::vector<int64_t> &shape)
{
    MakeDev(d, dt, std::vector<double>((size_t)GetShapeSize(shape), 0.0), shape, Contig(shape), 0, g_fmt);
}

static double Bilinear(const DevT &x, int64_t n, int64_t c, int64_t H, int64_t W, double py, double px)
{
    double fy = std::floor(py), fx = std::floor(px), dy = py - fy, dx = px - fx;
    auto at = [&](int64_t y, int64_t xx) { return (y >= 0 && y < H && xx >= 0 && xx < W) ? x.at({n, c, y, xx}) : 0.0; };
    int64_t y0 = (int64_t)fy, x0 = (int64_t)fx;
    double top = at(y0, x0) * (1 - dx) + at(y0, x0 + 1) * dx;
    double bot = at(y0 + 1, x0) * (1 - dx) + at(y0 + 1, x0 + 1) * dx;
    return top * (1 - dy) + bot * dy;
}

static int RunDcn(const Geo &g, DevT &x, DevT &w, DevT &off, DevT *bias, DevT &out, DevT *dout, bool modulated = true)
{
    std::vector<int64_t> ks = {g.kh, g.kw}, st = {1, 1, g.sh, g.sw}, pd = {g.pt, g.pb, g.pl, g.pr}, dl = {1, 1, g.dh, g.dw};
    aclIntArray *a = aclCreateIntArray(ks.data(), 2), *b = aclCreateIntArray(st.data(), 4),
                *c = aclCreateIntArray(pd.data(), 4), *d = aclCreateIntArray(dl.data(), 4);
    int rc = RunOp("aclnnDeformableConv2d", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnDeformableConv2dGetWorkspaceSize(x.t, w.t, off.t, bias ? bias->t : nullptr, a, b, c,
                                                                    d, g.groups, g.dg, modulated, out.t,
                                                                    dout ? dout->t : nullptr, ws, ex);
                   },
                   aclnnDeformableConv2d);
    aclDestroyIntArray(a); aclDestroyIntArray(b); aclDestroyIntArray(c); aclDestroyIntArray(d);
    return rc;
}

static void TestDcn(const char *name, aclDataType dt, const Geo &g, bool with_bias, bool with_dout, bool weight_nc,
                    uint64_t seed)
{
    Lcg rng(seed);
    const int64_t OH = g.OH(), OW = g.OW(), K = g.kh * g.kw, icg = g.C / g.groups, ocg = g.OC / g.groups;
    DevT x, w, off, bias, out, dout;
    Make4(x, dt, rng, {g.N, g.C, g.H, g.W});
    if (weight_nc) { // storage (OC, kh, kw, icg) viewed as (OC, icg, kh, kw): kernel points not one run
        std::vector<double> v((size_t)(g.OC * icg * K));
        for (auto &e : v) e = rng.value();
        MakeDev(w, dt, v, {g.OC, icg, g.kh, g.kw}, {K * icg, 1, g.kw * icg, icg}, 0, g_fmt);
    } else {
        Make4(w, dt, rng, {g.OC, icg, g.kh, g.kw});
    }
    std::vector<double> ov((size_t)(g.N * 3 * g.dg * K * OH * OW));
    for (size_t i = 0; i < ov.size(); i++) {
        size_t ch = i / (size_t)(OH * OW) % (size_t)(3 * g.dg * K);
        ov[i] = ch < (size_t)(2 * g.dg * K) ? 2.5 * rng.value() + 0.37 : 0.5 + 0.5 * rng.value(); // shifts, masks
    }
    MakeDev(off, dt, ov, {g.N, 3 * g.dg * K, OH, OW}, Contig({g.N, 3 * g.dg * K, OH, OW}), 0, g_fmt);
    if (with_bias) MakeContig(bias, dt, rng, {g.OC});
    Zeros4(out, dt, {g.N, g.OC, OH, OW});
    if (with_dout) Zeros4(dout, dt, {g.N, g.C, OH * g.kh, OW * g.kw});
    int rc = RunDcn(g, x, w, off, with_bias ? &bias : nullptr, out, with_dout ? &dout : nullptr);
    EXPECT(rc == 0, "%s: run", name);
    if (rc) return;
    // samples
    std::vector<double> smp((size_t)(g.N * g.C * OH * g.kh * OW * g.kw));
    auto sidx = [&](int64_t n, int64_t c, int64_t y, int64_t xx) { return (size_t)(((n * g.C + c) * OH * g.kh + y) * OW * g.kw + xx); };
    for (int64_t n = 0; n < g.N; n++)
        for (int64_t c = 0; c < g.C; c++) {
            int64_t dgi = c / (g.C / g.dg);
            for (int64_t oy = 0; oy < OH; oy++)
                for (int64_t ox = 0; ox < OW; ox++)
                    for (int64_t ki = 0; ki < g.kh; ki++)
                        for (int64_t kj = 0; kj < g.kw; kj++) {
                            int64_t ch = dgi * K + ki * g.kw + kj;
                            double sx = off.at({n, ch, oy, ox}), sy = off.at({n, g.dg * K + ch, oy, ox});
                            double m = off.at({n, 2 * g.dg * K + ch, oy, ox});
                            double py = (double)(oy * g.sh - g.pt + ki * g.dh) + sy;
                            double px = (double)(ox * g.sw - g.pl + kj * g.dw) + sx;
                            double v = Bilinear(x, n, c, g.H, g.W, py, px) * m;
                            if (g_950 && dt != ACL_FLOAT) v = RoundTo(dt, v);
                            smp[sidx(n, c, oy * g.kh + ki, ox * g.kw + kj)] = v;
                        }
        }
    std::vector<double> ref;
    for (int64_t n = 0; n < g.N; n++)
        for (int64_t oc = 0; oc < g.OC; oc++)
            for (int64_t oy = 0; oy < OH; oy++)
                for (int64_t ox = 0; ox < OW; ox++) {
                    int64_t gi = oc / ocg;
                    double s = with_bias ? bias.at({oc}) : 0.0;
                    for (int64_t c = 0; c < icg; c++)
                        for (int64_t ki = 0; ki < g.kh; ki++)
                            for (int64_t kj = 0; kj < g.kw; kj++)
                                s += w.at({oc, c, ki, kj}) * smp[sidx(n, gi * icg + c, oy * g.kh + ki, ox * g.kw + kj)];
                    ref.push_back(s);
                }
    std::string nm = std::string(name) + " out";
    CubeCheck(nm.c_str(), dt, ReadBack(out), ref);
    if (with_dout) {
        nm = std::string(name) + " deformOut";
        CubeCheck(nm.c_str(), dt, ReadBack(dout), smp);
    }
}

static int Stage1(const Geo &g, const aclTensor *x, const aclTensor *w, const aclTensor *off, const aclTensor *bias,
                  aclTensor *out, aclTensor *dout, bool modulated, std::vector<int64_t> st = {},
                  std::vector<int64_t> ks = {})
{
    if (ks.empty()) ks = {g.kh, g.kw};
    if (st.empty()) st = {1, 1, g.sh, g.sw};
    std::vector<int64_t> pd = {g.pt, g.pb, g.pl, g.pr}, dl = {1, 1, g.dh, g.dw};
    aclIntArray *a = aclCreateIntArray(ks.data(), ks.size()), *b = aclCreateIntArray(st.data(), st.size()),
                *c = aclCreateIntArray(pd.data(), 4), *d = aclCreateIntArray(dl.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnDeformableConv2dGetWorkspaceSize(x, w, off, bias, a, b, c, d, g.groups, g.dg, modulated, out, dout,
                                                   &ws, &ex);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    aclDestroyIntArray(a); aclDestroyIntArray(b); aclDestroyIntArray(c); aclDestroyIntArray(d);
    return rc;
}

static bool MsgHas(const char *what)
{
    const char *m = aclGetRecentErrMsg();
    return m && std::string(m).find(what) != std::string::npos;
}

static void TestChecks()
{
    Geo g = {1, 4, 5, 5, 2, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    Lcg rng(9);
    DevT x, w, off, out, dout, b, x16, off_bad, out_bad, wbig, xbig, offbig, outbig;
    Make4(x, ACL_FLOAT, rng, {1, 4, 5, 5});
    Make4(w, ACL_FLOAT, rng, {2, 4, 3, 3});
    Make4(off, ACL_FLOAT, rng, {1, 27, 5, 5});
    Zeros4(out, ACL_FLOAT, {1, 2, 5, 5});
    Zeros4(dout, ACL_FLOAT, {1, 4, 15, 15});
    MakeContig(b, ACL_FLOAT, rng, {2});
    Make4(x16, ACL_FLOAT16, rng, {1, 4, 5, 5});
    Make4(off_bad, ACL_FLOAT, rng, {1, 18, 5, 5});
    Zeros4(out_bad, ACL_FLOAT, {1, 2, 4, 5});
    const int INV = ACLNN_ERR_PARAM_INVALID, NUL = ACLNN_ERR_PARAM_NULLPTR;
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, out.t, dout.t, true) == 0, "valid call: %s", aclGetRecentErrMsg());
    DevT xnd;
    MakeContig(xnd, ACL_FLOAT, rng, {1, 4, 5, 5}); // ND: refused on the 950; elsewhere filter's NCHW differs
    EXPECT(Stage1(g, xnd.t, w.t, off.t, b.t, out.t, nullptr, true) == INV &&
           MsgHas(g_950 ? "should be NCHW" : "formats of offset and x"), "ND x");
    EXPECT(Stage1(g, nullptr, w.t, off.t, b.t, out.t, nullptr, true) == NUL && MsgHas("x"), "null x");
    EXPECT(Stage1(g, x.t, nullptr, off.t, b.t, out.t, nullptr, true) == NUL && MsgHas("filter"), "null weight");
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, nullptr, nullptr, true) == NUL && MsgHas("y"), "null out");
    EXPECT(Stage1(g, x16.t, w.t, off.t, b.t, out.t, nullptr, true) == INV && MsgHas("bias"), "dtype mismatch: %s",
           aclGetRecentErrMsg());
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, out.t, nullptr, false) == INV && MsgHas("modulated"), "modulated false");
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, out.t, nullptr, true, {2, 1, 1, 1}) == INV && MsgHas("strides"),
           "stride N != 1");
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, out.t, nullptr, true, {1, 1, 1}) == INV && MsgHas("strides"),
           "stride size 3");
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, out.t, nullptr, true, {}, {0, 3}) == INV && MsgHas("kernelSize"),
           "kernel 0");
    EXPECT(Stage1(g, x.t, w.t, off_bad.t, b.t, out.t, nullptr, true) == INV && MsgHas("offset"), "offset shape: %s",
           aclGetRecentErrMsg());
    EXPECT(Stage1(g, x.t, w.t, off.t, b.t, out_bad.t, nullptr, true) == INV && MsgHas("inferred shape"), "y shape");
    Geo g3 = g;
    g3.dg = 3;
    EXPECT(Stage1(g3, x.t, w.t, off.t, b.t, out.t, nullptr, true) == INV && MsgHas("deformableGroups"), "dg divides C");
    // K * inC / groups > 65535: 3x3 kernel over 7282 channels
    Geo gb = {1, 7282, 1, 1, 1, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    Zeros4(xbig, ACL_FLOAT, {1, 7282, 1, 1});
    Zeros4(wbig, ACL_FLOAT, {1, 7282, 3, 3});
    Zeros4(offbig, ACL_FLOAT, {1, 27, 1, 1});
    Zeros4(outbig, ACL_FLOAT, {1, 1, 1, 1});
    EXPECT(Stage1(gb, xbig.t, wbig.t, offbig.t, nullptr, outbig.t, nullptr, true) == INV && MsgHas("65535"),
           "matmul K limit: %s", aclGetRecentErrMsg());
}


// aclnnDeformableConv2dBackward (950): forward first (its deformOut is the backward's offsetOut),
// then the gradients against double-precision sums over the same samples.
static void TestDcnBackward(const char *name, aclDataType dt, const Geo &g, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t OH = g.OH(), OW = g.OW(), K = g.kh * g.kw, icg = g.C / g.groups, ocg = g.OC / g.groups, P = OH * OW;
    DevT x, w, off, out, dout, oo, dy, gx, gw, go, gb; // oo: offsetOut, a copy of dout
    Make4(x, dt, rng, {g.N, g.C, g.H, g.W});
    Make4(w, dt, rng, {g.OC, icg, g.kh, g.kw});
    std::vector<double> ov((size_t)(g.N * 3 * g.dg * K * P));
    for (size_t i = 0; i < ov.size(); i++) {
        size_t ch = i / (size_t)P % (size_t)(3 * g.dg * K);
        ov[i] = ch < (size_t)(2 * g.dg * K) ? 2.5 * rng.value() + 0.37 : 0.5 + 0.5 * rng.value();
    }
    MakeDev(off, dt, ov, {g.N, 3 * g.dg * K, OH, OW}, Contig({g.N, 3 * g.dg * K, OH, OW}), 0, g_fmt);
    Zeros4(out, dt, {g.N, g.OC, OH, OW});
    Zeros4(dout, dt, {g.N, g.C, OH * g.kh, OW * g.kw});
    if (RunDcn(g, x, w, off, nullptr, out, &dout) != 0) { EXPECT(false, "%s: forward", name); return; }
    std::vector<double> dsv = ReadBack(dout); // offsetOut as the forward stored it
    MakeDev(oo, dt, dsv, {g.N, g.C, OH * g.kh, OW * g.kw}, Contig({g.N, g.C, OH * g.kh, OW * g.kw}), 0, g_fmt);
    Make4(dy, dt, rng, {g.N, g.OC, OH, OW});
    Zeros4(gx, dt, {g.N, g.C, g.H, g.W});
    Zeros4(gw, dt, {g.OC, icg, g.kh, g.kw});
    Zeros4(go, dt, {g.N, 3 * g.dg * K, OH, OW});
    MakeZeros(gb, dt, {g.OC});
    std::vector<int64_t> ks = {g.kh, g.kw}, st = {1, 1, g.sh, g.sw}, pd = {g.pt, g.pb, g.pl, g.pr}, dl = {1, 1, g.dh, g.dw};
    aclIntArray *a = aclCreateIntArray(ks.data(), 2), *b = aclCreateIntArray(st.data(), 4),
                *c = aclCreateIntArray(pd.data(), 4), *d = aclCreateIntArray(dl.data(), 4);
    int rc = RunOp("aclnnDeformableConv2dBackward", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnDeformableConv2dBackwardGetWorkspaceSize(x.t, dy.t, oo.t, w.t, off.t, a, b, c, d,
                                                                            g.groups, g.dg, true, gx.t, gw.t, go.t,
                                                                            gb.t, ws, ex);
                   },
                   aclnnDeformableConv2dBackward);
    aclDestroyIntArray(a); aclDestroyIntArray(b); aclDestroyIntArray(c); aclDestroyIntArray(d);
    EXPECT(rc == 0, "%s: backward run", name);
    if (rc) return;
    auto S = [&](int64_t n, int64_t ch, int64_t y, int64_t xx) { return oo.at({n, ch, y, xx}); };
    std::vector<double> rw((size_t)(g.OC * icg * K), 0.0), rb((size_t)g.OC, 0.0);
    std::vector<double> rx((size_t)(g.N * g.C * g.H * g.W), 0.0), ro((size_t)(g.N * 3 * g.dg * K * P), 0.0);
    for (int64_t oc = 0; oc < g.OC; oc++)
        for (int64_t n = 0; n < g.N; n++)
            for (int64_t oy = 0; oy < OH; oy++)
                for (int64_t ox = 0; ox < OW; ox++) {
                    double v = dy.at({n, oc, oy, ox});
                    rb[(size_t)oc] += v;
                    for (int64_t ci = 0; ci < icg; ci++)
                        for (int64_t ki = 0; ki < g.kh; ki++)
                            for (int64_t kj = 0; kj < g.kw; kj++)
                                rw[(size_t)(((oc * icg + ci) * g.kh + ki) * g.kw + kj)] +=
                                    v * S(n, (oc / ocg) * icg + ci, oy * g.kh + ki, ox * g.kw + kj);
                }
    const int64_t GK = g.dg * K;
    for (int64_t n = 0; n < g.N; n++)
        for (int64_t cch = 0; cch < g.C; cch++) {
            int64_t gi = cch / icg, dgi = cch / (g.C / g.dg);
            for (int64_t oy = 0; oy < OH; oy++)
                for (int64_t ox = 0; ox < OW; ox++)
                    for (int64_t ki = 0; ki < g.kh; ki++)
                        for (int64_t kj = 0; kj < g.kw; kj++) {
                            double gs = 0; // d loss / d sample
                            for (int64_t o = 0; o < ocg; o++)
                                gs += w.at({gi * ocg + o, cch - gi * icg, ki, kj}) * dy.at({n, gi * ocg + o, oy, ox});
                            int64_t ch = dgi * K + ki * g.kw + kj;
                            double sx = off.at({n, ch, oy, ox}), sy = off.at({n, GK + ch, oy, ox}), m = off.at({n, 2 * GK + ch, oy, ox});
                            double py = (double)(oy * g.sh - g.pt + ki * g.dh) + sy, px = (double)(ox * g.sw - g.pl + kj * g.dw) + sx;
                            double fy = std::floor(py), fx = std::floor(px), wy = py - fy, wx = px - fx;
                            int64_t y0 = (int64_t)fy, x0 = (int64_t)fx;
                            double v[4];
                            for (int q = 0; q < 4; q++) {
                                int64_t yy = y0 + (q >> 1), xx = x0 + (q & 1);
                                bool in = yy >= 0 && yy < g.H && xx >= 0 && xx < g.W;
                                v[q] = in ? x.at({n, cch, yy, xx}) : 0.0;
                                double cw = ((q >> 1) ? wy : 1 - wy) * ((q & 1) ? wx : 1 - wx);
                                if (in) rx[(size_t)(((n * g.C + cch) * g.H + yy) * g.W + xx)] += gs * m * cw;
                            }
                            double top = v[0] * (1 - wx) + v[1] * wx, bot = v[2] * (1 - wx) + v[3] * wx;
                            size_t pi = (size_t)(oy * OW + ox);
                            ro[(size_t)((n * 3 * GK + ch) * P) + pi] += gs * m * ((1 - wy) * (v[1] - v[0]) + wy * (v[3] - v[2]));
                            ro[(size_t)((n * 3 * GK + GK + ch) * P) + pi] += gs * m * (bot - top);
                            ro[(size_t)((n * 3 * GK + 2 * GK + ch) * P) + pi] += gs * (top * (1 - wy) + bot * wy);
                        }
        }
    std::string nm(name);
    CubeCheck((nm + " gradWeight").c_str(), dt, ReadBack(gw), rw);
    CubeCheck((nm + " gradBias").c_str(), dt, ReadBack(gb), rb);
    CubeCheck((nm + " gradInput").c_str(), dt, ReadBack(gx), rx);
    CubeCheck((nm + " gradOffset").c_str(), dt, ReadBack(go), ro);
}

static void TestDcnBackwardChip()
{
    Lcg rng(5);
    DevT x, w, off, dy, dout, gx, gw, go, gb;
    Make4(x, ACL_FLOAT, rng, {1, 2, 4, 4});
    Make4(w, ACL_FLOAT, rng, {2, 2, 1, 1});
    Make4(off, ACL_FLOAT, rng, {1, 3, 4, 4});
    Make4(dy, ACL_FLOAT, rng, {1, 2, 4, 4});
    Make4(dout, ACL_FLOAT, rng, {1, 2, 4, 4});
    Zeros4(gx, ACL_FLOAT, {1, 2, 4, 4});
    Zeros4(gw, ACL_FLOAT, {2, 2, 1, 1});
    Zeros4(go, ACL_FLOAT, {1, 3, 4, 4});
    MakeZeros(gb, ACL_FLOAT, {2});
    std::vector<int64_t> ks = {1, 1}, st = {1, 1, 1, 1}, pd = {0, 0, 0, 0}, dl = {1, 1, 1, 1};
    aclIntArray *a = aclCreateIntArray(ks.data(), 2), *b = aclCreateIntArray(st.data(), 4),
                *c = aclCreateIntArray(pd.data(), 4), *d = aclCreateIntArray(dl.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnDeformableConv2dBackwardGetWorkspaceSize(x.t, dy.t, dout.t, w.t, off.t, a, b, c, d, 1, 1, true, gx.t,
                                                           gw.t, go.t, gb.t, &ws, &ex);
    if (g_950) {
        EXPECT(rc == 0, "backward stage 1 on 950: %s", aclGetRecentErrMsg());
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        rc = aclnnDeformableConv2dBackwardGetWorkspaceSize(x.t, dy.t, dout.t, w.t, off.t, a, b, c, d, 1, 1, true, nullptr,
                                                           gw.t, go.t, gb.t, &ws, &ex);
        EXPECT(rc == ACLNN_ERR_PARAM_NULLPTR && MsgHas("gradInput"), "null gradInput");
        rc = aclnnDeformableConv2dBackwardGetWorkspaceSize(x.t, dy.t, dout.t, w.t, off.t, a, b, c, d, 1, 1, true, gx.t,
                                                           gw.t, go.t, x.t, &ws, &ex);
        EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "gradBias format / shape");
    } else {
        EXPECT(rc == ACLNN_ERR_PARAM_INVALID && MsgHas("npuarch"), "backward refused off the 950: %d", rc);
    }
    aclDestroyIntArray(a); aclDestroyIntArray(b); aclDestroyIntArray(c); aclDestroyIntArray(d);
}

// FP32 backward (950) against central differences of an independent double DCNv2 forward,
// loss = sum(dy * out), in x, weight, every offset channel (shifts and masks) and bias. The
// shifts keep their fractional part in [0.15, 0.85] so no sample sits on a bilinear kink.
static void TestDcnBackwardFd(uint64_t seed)
{
    const Geo g = {1, 4, 4, 5, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2};
    const int64_t OH = g.OH(), OW = g.OW(), K = g.kh * g.kw, icg = g.C / g.groups, ocg = g.OC / g.groups, GK = g.dg * K;
    Lcg rng(seed);
    DevT x, w, off, out, dout, oo, dy, gx, gw, go, gb;
    Make4(x, ACL_FLOAT, rng, {g.N, g.C, g.H, g.W});
    Make4(w, ACL_FLOAT, rng, {g.OC, icg, g.kh, g.kw});
    std::vector<int64_t> os = {g.N, 3 * GK, OH, OW};
    std::vector<double> ov((size_t)GetShapeSize(os));
    for (size_t i = 0; i < ov.size(); i++)
        ov[i] = i / (size_t)(OH * OW) % (size_t)(3 * GK) < (size_t)(2 * GK) ? std::floor(0.5 * rng.value()) + 0.15 + 0.7 * rng.uniform()
                                                                             : 0.25 + 0.75 * rng.uniform();
    MakeDev(off, ACL_FLOAT, ov, os, Contig(os), 0, g_fmt);
    Zeros4(out, ACL_FLOAT, {g.N, g.OC, OH, OW});
    Zeros4(dout, ACL_FLOAT, {g.N, g.C, OH * g.kh, OW * g.kw});
    if (RunDcn(g, x, w, off, nullptr, out, &dout) != 0) { EXPECT(false, "dcn fd: forward"); return; }
    MakeDev(oo, ACL_FLOAT, ReadBack(dout), {g.N, g.C, OH * g.kh, OW * g.kw}, Contig({g.N, g.C, OH * g.kh, OW * g.kw}), 0, g_fmt);
    Make4(dy, ACL_FLOAT, rng, {g.N, g.OC, OH, OW});
    Zeros4(gx, ACL_FLOAT, {g.N, g.C, g.H, g.W});
    Zeros4(gw, ACL_FLOAT, {g.OC, icg, g.kh, g.kw});
    Zeros4(go, ACL_FLOAT, os);
    MakeZeros(gb, ACL_FLOAT, {g.OC});
    std::vector<int64_t> ks = {g.kh, g.kw}, st = {1, 1, g.sh, g.sw}, pd = {g.pt, g.pb, g.pl, g.pr}, dl = {1, 1, g.dh, g.dw};
    aclIntArray *a = aclCreateIntArray(ks.data(), 2), *b = aclCreateIntArray(st.data(), 4),
                *c = aclCreateIntArray(pd.data(), 4), *d = aclCreateIntArray(dl.data(), 4);
    int rc = RunOp("aclnnDeformableConv2dBackward", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnDeformableConv2dBackwardGetWorkspaceSize(x.t, dy.t, oo.t, w.t, off.t, a, b, c, d, g.groups,
                                                                            g.dg, true, gx.t, gw.t, go.t, gb.t, ws, ex);
                   },
                   aclnnDeformableConv2dBackward);
    aclDestroyIntArray(a); aclDestroyIntArray(b); aclDestroyIntArray(c); aclDestroyIntArray(d);
    EXPECT(rc == 0, "dcn fd: backward run");
    if (rc) return;
    // all tensors contiguous NCHW: plain flat indexing
    auto loss = [&](const std::vector<double> &X, const std::vector<double> &Wt, const std::vector<double> &O,
                    const std::vector<double> &B) {
        auto px_at = [&](int64_t ch, int64_t y, int64_t xx) {
            return (y >= 0 && y < g.H && xx >= 0 && xx < g.W) ? X[(size_t)((ch * g.H + y) * g.W + xx)] : 0.0;
        };
        auto oat = [&](int64_t ch, int64_t oy, int64_t ox) { return O[(size_t)((ch * OH + oy) * OW + ox)]; };
        double L = 0;
        for (int64_t oc = 0; oc < g.OC; oc++)
            for (int64_t oy = 0; oy < OH; oy++)
                for (int64_t ox = 0; ox < OW; ox++) {
                    double acc = B[(size_t)oc];
                    for (int64_t ci = 0; ci < icg; ci++)
                        for (int64_t ki = 0; ki < g.kh; ki++)
                            for (int64_t kj = 0; kj < g.kw; kj++) {
                                int64_t cch = (oc / ocg) * icg + ci, k = (cch / (g.C / g.dg)) * K + ki * g.kw + kj;
                                double py = (double)(oy * g.sh - g.pt + ki * g.dh) + oat(GK + k, oy, ox);
                                double px = (double)(ox * g.sw - g.pl + kj * g.dw) + oat(k, oy, ox);
                                int64_t y0 = (int64_t)std::floor(py), x0 = (int64_t)std::floor(px);
                                double ly = py - (double)y0, lx = px - (double)x0;
                                double v = (1 - ly) * ((1 - lx) * px_at(cch, y0, x0) + lx * px_at(cch, y0, x0 + 1)) +
                                           ly * ((1 - lx) * px_at(cch, y0 + 1, x0) + lx * px_at(cch, y0 + 1, x0 + 1));
                                acc += Wt[(size_t)(((oc * icg + ci) * g.kh + ki) * g.kw + kj)] * oat(2 * GK + k, oy, ox) * v;
                            }
                    L += dy.stored[(size_t)((oc * OH + oy) * OW + ox)] * acc;
                }
        return L;
    };
    auto fd = [&](std::vector<double> v, int which) {
        std::vector<double> r(v.size()), b0((size_t)g.OC, 0.0);
        const double h = 1e-4;
        for (size_t i = 0; i < v.size(); i++) {
            double keep = v[i], l[2];
            for (int s = 0; s < 2; s++) {
                v[i] = keep + (s ? -h : h);
                l[s] = loss(which == 0 ? v : x.stored, which == 1 ? v : w.stored, which == 2 ? v : off.stored, which == 3 ? v : b0);
            }
            v[i] = keep;
            r[i] = (l[0] - l[1]) / (2 * h);
        }
        return r;
    };
    CheckAccuracy("dcn backward fp32 gradInput vs finite differences", ReadBack(gx), fd(x.stored, 0), 1e-3, 1e-3, 1e-2);
    CheckAccuracy("dcn backward fp32 gradWeight vs finite differences", ReadBack(gw), fd(w.stored, 1), 1e-3, 1e-3, 1e-2);
    CheckAccuracy("dcn backward fp32 gradOffset vs finite differences", ReadBack(go), fd(off.stored, 2), 1e-3, 1e-3, 1e-2);
    CheckAccuracy("dcn backward fp32 gradBias vs finite differences", ReadBack(gb), fd(std::vector<double>((size_t)g.OC, 0.0), 3),
                  1e-3, 1e-3, 1e-2);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    g_950 = soc.find("Ascend950") == 0;
    printf("SoC %s\n", soc.c_str());
    if (soc.find("Ascend310P") == 0) { // not in the op's product list
        Geo g = {1, 2, 4, 4, 2, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1};
        Lcg rng(2);
        DevT x, w, off, out;
        MakeContig(x, ACL_FLOAT16, rng, {1, 2, 4, 4});
        MakeContig(w, ACL_FLOAT16, rng, {2, 2, 1, 1});
        MakeContig(off, ACL_FLOAT16, rng, {1, 3, 4, 4});
        MakeZeros(out, ACL_FLOAT16, {1, 2, 4, 4});
        int rc = Stage1(g, x.t, w.t, off.t, nullptr, out.t, nullptr, true);
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR && MsgHas("not implemented"), "310P refused: %d", rc);
    } else {
        //        N  C  H  W  OC kh kw sh sw pt pb pl pr dh dw grp dg
        Geo g1 = {2, 4, 7, 6, 6, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        Geo g2 = {1, 8, 9, 11, 4, 3, 2, 2, 1, 1, 0, 2, 1, 2, 1, 2, 2};
        Geo g3 = {3, 3, 5, 5, 3, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 3, 3}; // 1x1 kernel, depthwise-like
        TestDcn("fp32 3x3 bias deformOut", ACL_FLOAT, g1, true, true, false, 1);
        TestDcn("fp32 strided groups dg", ACL_FLOAT, g2, false, false, false, 2);
        TestDcn("fp32 1x1 groups=3", ACL_FLOAT, g3, true, true, false, 3);
        TestDcn("fp32 non-contiguous weight", ACL_FLOAT, g2, true, true, true, 4);
        TestDcn("fp16 3x3", ACL_FLOAT16, g1, true, true, false, 5);
        TestDcn("bf16 strided", ACL_BF16, g2, true, false, false, 6);
        TestChecks();
        TestDcnBackwardChip();
        if (g_950) {
            TestDcnBackward("backward fp32 3x3", ACL_FLOAT, g1, 21);
            TestDcnBackward("backward fp32 strided groups dg", ACL_FLOAT, g2, 22);
            TestDcnBackward("backward fp16", ACL_FLOAT16, g1, 23);
            TestDcnBackwardFd(24);
        }
        if (!g_950) { // A2/A3 take ND too
            g_fmt = ACL_FORMAT_ND;
            TestDcn("fp32 ND", ACL_FLOAT, g1, true, true, false, 7);
        }
    }
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
