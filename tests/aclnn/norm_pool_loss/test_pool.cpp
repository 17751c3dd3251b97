// 2-D pooling: aclnnMaxPool2dWithIndices (+Backward), aclnnMaxPool (ONNX pads), aclnnAvgPool2d
// (+Backward), aclnnAdaptiveAvgPool2d (+Backward), aclnnAdaptiveMaxPool2d. FLOAT / FLOAT16 / BF16,
// 3-D and 4-D, odd sizes, padding, ceil mode, count_include_pad, divisorOverride, strided views
// and validation errors, against double-precision references written here.
#include "npl_util.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"

struct Geo {
    int64_t P, H, W, kh, kw, sh, sw, pt, pl, pb, pr;
    bool ceil;
    int64_t OH, OW;
};

static int64_t OutSize(int64_t in, int64_t k, int64_t pa, int64_t pb, int64_t s, bool ceil)
{
    double v = (double)(in + pa + pb - k) / s;
    int64_t o = (int64_t)(ceil ? std::ceil(v) : std::floor(v)) + 1;
    if (ceil && (o - 1) * s >= in + pa) o--;
    return o;
}

static Geo MakeGeo(int64_t P, int64_t H, int64_t W, int64_t k, int64_t s, int64_t p, bool ceil)
{
    Geo g{P, H, W, k, k, s, s, p, p, p, p, ceil, 0, 0};
    g.OH = OutSize(H, k, p, p, s, ceil);
    g.OW = OutSize(W, k, p, p, s, ceil);
    return g;
}

// max pool reference: -inf padding, first maximum wins, NaN wins
static void RefMax(const Geo &g, const std::vector<double> &x, std::vector<double> &y, std::vector<double> &idx)
{
    y.assign(g.P * g.OH * g.OW, 0);
    idx.assign(y.size(), 0);
    for (int64_t p = 0; p < g.P; p++)
        for (int64_t oh = 0; oh < g.OH; oh++)
            for (int64_t ow = 0; ow < g.OW; ow++) {
                double best = -INFINITY;
                int64_t bi = -1;
                for (int64_t i = 0; i < g.kh; i++)
                    for (int64_t j = 0; j < g.kw; j++) {
                        int64_t h = oh * g.sh - g.pt + i, w = ow * g.sw - g.pl + j;
                        if (h < 0 || h >= g.H || w < 0 || w >= g.W) continue;
                        double v = x[(p * g.H + h) * g.W + w];
                        if (bi < 0 || v > best) { best = v; bi = h * g.W + w; }
                    }
                y[(p * g.OH + oh) * g.OW + ow] = best;
                idx[(p * g.OH + oh) * g.OW + ow] = (double)bi;
            }
}

static double AvgDiv(const Geo &g, int64_t oh, int64_t ow, bool cip, int64_t div, int64_t &h0, int64_t &h1, int64_t &w0,
                     int64_t &w1)
{
    h0 = oh * g.sh - g.pt;
    w0 = ow * g.sw - g.pl;
    h1 = std::min(h0 + g.kh, g.H + g.pb);
    w1 = std::min(w0 + g.kw, g.W + g.pr);
    double pool = (double)((h1 - h0) * (w1 - w0));
    h0 = std::max<int64_t>(h0, 0);
    w0 = std::max<int64_t>(w0, 0);
    h1 = std::min(h1, g.H);
    w1 = std::min(w1, g.W);
    if (div) return (double)div;
    return cip ? pool : (double)((h1 - h0) * (w1 - w0));
}

static void RefAvg(const Geo &g, const std::vector<double> &x, bool cip, int64_t div, std::vector<double> &y)
{
    y.assign(g.P * g.OH * g.OW, 0);
    for (int64_t p = 0; p < g.P; p++)
        for (int64_t oh = 0; oh < g.OH; oh++)
            for (int64_t ow = 0; ow < g.OW; ow++) {
                int64_t h0, h1, w0, w1;
                double d = AvgDiv(g, oh, ow, cip, div, h0, h1, w0, w1), s = 0;
                for (int64_t h = h0; h < h1; h++)
                    for (int64_t w = w0; w < w1; w++) s += x[(p * g.H + h) * g.W + w];
                y[(p * g.OH + oh) * g.OW + ow] = s / d;
            }
}

static void RefAvgGrad(const Geo &g, const std::vector<double> &dy, bool cip, int64_t div, std::vector<double> &dx)
{
    dx.assign(g.P * g.H * g.W, 0);
    for (int64_t p = 0; p < g.P; p++)
        for (int64_t oh = 0; oh < g.OH; oh++)
            for (int64_t ow = 0; ow < g.OW; ow++) {
                int64_t h0, h1, w0, w1;
                double d = AvgDiv(g, oh, ow, cip, div, h0, h1, w0, w1);
                for (int64_t h = h0; h < h1; h++)
                    for (int64_t w = w0; w < w1; w++) dx[(p * g.H + h) * g.W + w] += dy[(p * g.OH + oh) * g.OW + ow] / d;
            }
}

static std::vector<int64_t> Shape4(int64_t N, int64_t C, int64_t H, int64_t W, bool is3d)
{
    if (is3d) return {C, H, W};
    return {N, C, H, W};
}

static void MaxCase(Runtime &rt, aclDataType dt, int64_t N, int64_t C, int64_t H, int64_t W, int64_t k, int64_t s,
                    int64_t p, bool ceil, bool is3d, Layout xl, aclDataType idt, uint64_t seed)
{
    Lcg rng(seed);
    Geo g = MakeGeo((is3d ? 1 : N) * C, H, W, k, s, p, ceil);
    if (is3d) N = 1;
    aclFormat fmt = is3d ? ACL_FORMAT_ND : ACL_FORMAT_NCHW;
    DevTensor x = MakeTensor(dt, Shape4(N, C, H, W, is3d), RandVals(rng, g.P * H * W), xl, fmt);
    DevTensor y = MakeOut(dt, Shape4(N, C, g.OH, g.OW, is3d), CONTIG, fmt);
    DevTensor ix = MakeOut(idt, Shape4(N, C, g.OH, g.OW, is3d), CONTIG, fmt);
    int64_t ks[2] = {k, k}, ss[2] = {s, s}, ps[2] = {p, p}, ds[2] = {1, 1};
    aclIntArray *ka = aclCreateIntArray(ks, 2), *sa = aclCreateIntArray(ss, 1), *pa = aclCreateIntArray(ps, 2),
                *da = aclCreateIntArray(ds, 1);
    EXPECT(NPL_RUN(MaxPool2dWithIndices, x.t, ka, sa, pa, da, ceil, y.t, ix.t) == 0, "MaxPool2dWithIndices run");
    std::vector<double> ry, ri;
    RefMax(g, x.vals, ry, ri);
    std::string what = std::to_string(H) + "x" + std::to_string(W) + " k" + std::to_string(k) + " s" +
                       std::to_string(s) + " p" + std::to_string(p) + (ceil ? " ceil" : "") + " layout " +
                       std::to_string(xl);
    CheckDtype(Name("MaxPool2dWithIndices out", dt, what).c_str(), dt, Read(y), ry);
    std::vector<double> got_i = Read(ix);
    size_t bad = 0;
    for (size_t i = 0; i < ri.size(); i++) bad += got_i[i] != ri[i];
    EXPECT(bad == 0, "%s: %zu wrong indices", Name("MaxPool2dWithIndices", dt, what).c_str(), bad);

    // backward: gradInput[idx] += gradOutput
    DevTensor dy = MakeTensor(dt, Shape4(N, C, g.OH, g.OW, is3d), RandVals(rng, g.P * g.OH * g.OW), CONTIG, fmt);
    DevTensor dx = MakeOut(dt, Shape4(N, C, H, W, is3d), xl, fmt);
    EXPECT(NPL_RUN(MaxPool2dWithIndicesBackward, dy.t, x.t, ix.t, ka, sa, pa, da, ceil, dx.t) == 0, "MaxPool bwd run");
    std::vector<double> rdx(g.P * H * W, 0.0);
    for (int64_t pl = 0; pl < g.P; pl++)
        for (int64_t o = 0; o < g.OH * g.OW; o++)
            rdx[pl * H * W + (int64_t)ri[pl * g.OH * g.OW + o]] += dy.vals[pl * g.OH * g.OW + o];
    CheckDtype(Name("MaxPool2dWithIndicesBackward", dt, what).c_str(), dt, Read(dx), rdx);

    // ONNX MaxPool (symmetric pads here; strides given explicitly)
    if (dt != ACL_BF16) {
        DevTensor y2 = MakeOut(dt, Shape4(N, C, g.OH, g.OW, is3d), CONTIG, fmt);
        int64_t p4[4] = {p, p, p, p};
        aclIntArray *pads = aclCreateIntArray(p4, 4), *dil = aclCreateIntArray(ds, 0);
        EXPECT(NPL_RUN(MaxPool, x.t, ka, sa, 0, pads, dil, ceil ? 1 : 0, y2.t) == 0, "MaxPool run");
        CheckDtype(Name("MaxPool out", dt, what).c_str(), dt, Read(y2), ry);
        aclDestroyIntArray(pads);
        aclDestroyIntArray(dil);
        y2.Free();
    }
    for (aclIntArray *a : {ka, sa, pa, da}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &y, &ix, &dy, &dx}) t->Free();
}

static void MaxPoolAsym(Runtime &rt, aclDataType dt, uint64_t seed)
{
    Lcg rng(seed);
    Geo g{6, 9, 11, 3, 2, 2, 1, 1, 0, 2, 1, false, 0, 0};
    g.OH = OutSize(g.H, g.kh, g.pt, g.pb, g.sh, false);
    g.OW = OutSize(g.W, g.kw, g.pl, g.pr, g.sw, false);
    DevTensor x = MakeTensor(dt, {2, 3, 9, 11}, RandVals(rng, 6 * 99), CONTIG, ACL_FORMAT_NCHW);
    DevTensor y = MakeOut(dt, {2, 3, g.OH, g.OW}, CONTIG, ACL_FORMAT_NCHW);
    int64_t ks[2] = {3, 2}, ss[2] = {2, 1}, p4[4] = {1, 0, 2, 1};
    aclIntArray *ka = aclCreateIntArray(ks, 2), *sa = aclCreateIntArray(ss, 2), *pa = aclCreateIntArray(p4, 4),
                *da = aclCreateIntArray(ks, 0);
    EXPECT(NPL_RUN(MaxPool, x.t, ka, sa, 0, pa, da, 0, y.t) == 0, "MaxPool asym run");
    std::vector<double> ry, ri;
    RefMax(g, x.vals, ry, ri);
    CheckDtype(Name("MaxPool asym pads", dt, "").c_str(), dt, Read(y), ry);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "autoPad", MaxPool, x.t, ka, sa, 1, pa, da, 0, y.t);
    int64_t bigp[4] = {3, 0, 1, 0};
    aclIntArray *bp = aclCreateIntArray(bigp, 4);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "padding", MaxPool, x.t, ka, sa, 0, bp, da, 0, y.t);
    for (aclIntArray *a : {ka, sa, pa, da, bp}) aclDestroyIntArray(a);
    x.Free();
    y.Free();
}

static void AvgCase(Runtime &rt, aclDataType dt, int64_t N, int64_t C, int64_t H, int64_t W, int64_t k, int64_t s,
                    int64_t p, bool ceil, bool cip, int64_t div, bool is3d, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    if (is3d) N = 1;
    Geo g = MakeGeo(N * C, H, W, k, s, p, ceil);
    aclFormat fmt = is3d ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW;
    DevTensor x = MakeTensor(dt, Shape4(N, C, H, W, is3d), RandVals(rng, g.P * H * W), xl, fmt);
    DevTensor y = MakeOut(dt, Shape4(N, C, g.OH, g.OW, is3d), CONTIG, fmt);
    int64_t ks[2] = {k, k}, ss[2] = {s, s}, ps[2] = {p, p};
    aclIntArray *ka = aclCreateIntArray(ks, 1), *sa = aclCreateIntArray(ss, 2), *pa = aclCreateIntArray(ps, 2);
    EXPECT(NPL_RUN(AvgPool2d, x.t, ka, sa, pa, ceil, cip, div, (int8_t)1, y.t) == 0, "AvgPool2d run");
    std::vector<double> ry;
    RefAvg(g, x.vals, cip, div, ry);
    std::string what = std::to_string(H) + "x" + std::to_string(W) + " k" + std::to_string(k) + " s" +
                       std::to_string(s) + " p" + std::to_string(p) + (ceil ? " ceil" : "") + (cip ? " cip" : "") +
                       " div" + std::to_string(div);
    CheckDtype(Name("AvgPool2d", dt, what).c_str(), dt, Read(y), ry);
    DevTensor dy = MakeTensor(dt, Shape4(N, C, g.OH, g.OW, is3d), RandVals(rng, g.P * g.OH * g.OW), CONTIG, fmt);
    DevTensor dx = MakeOut(dt, Shape4(N, C, H, W, is3d), xl, fmt);
    EXPECT(NPL_RUN(AvgPool2dBackward, dy.t, x.t, ka, sa, pa, ceil, cip, div, (int8_t)1, dx.t) == 0, "AvgPool bwd run");
    std::vector<double> rdx;
    RefAvgGrad(g, dy.vals, cip, div, rdx);
    CheckDtype(Name("AvgPool2dBackward", dt, what).c_str(), dt, Read(dx), rdx);
    for (aclIntArray *a : {ka, sa, pa}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &y, &dy, &dx}) t->Free();
}

static void AdaptiveCase(Runtime &rt, aclDataType dt, int64_t N, int64_t C, int64_t H, int64_t W, int64_t OH, int64_t OW,
                         Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t P = N * C;
    DevTensor x = MakeTensor(dt, {N, C, H, W}, RandVals(rng, P * H * W), xl, ACL_FORMAT_NCHW);
    DevTensor y = MakeOut(dt, {N, C, OH, OW}, CONTIG, ACL_FORMAT_NCHW);
    int64_t os[2] = {OH, OW};
    aclIntArray *oa = aclCreateIntArray(os, 2);
    EXPECT(NPL_RUN(AdaptiveAvgPool2d, x.t, oa, y.t) == 0, "AdaptiveAvgPool2d run");
    std::vector<double> ry(P * OH * OW), rmax(P * OH * OW), ridx(P * OH * OW), rdx(P * H * W, 0.0);
    DevTensor dy = MakeTensor(dt, {N, C, OH, OW}, RandVals(rng, P * OH * OW), CONTIG, ACL_FORMAT_NCHW);
    for (int64_t p = 0; p < P; p++)
        for (int64_t oh = 0; oh < OH; oh++)
            for (int64_t ow = 0; ow < OW; ow++) {
                int64_t h0 = oh * H / OH, h1 = ((oh + 1) * H + OH - 1) / OH;
                int64_t w0 = ow * W / OW, w1 = ((ow + 1) * W + OW - 1) / OW;
                double s = 0, best = -INFINITY, bi = -1, cnt = (double)((h1 - h0) * (w1 - w0));
                for (int64_t h = h0; h < h1; h++)
                    for (int64_t w = w0; w < w1; w++) {
                        double v = x.vals[(p * H + h) * W + w];
                        s += v;
                        if (bi < 0 || v > best) { best = v; bi = (double)(h * W + w); }
                    }
                int64_t o = (p * OH + oh) * OW + ow;
                ry[o] = s / cnt;
                rmax[o] = best;
                ridx[o] = bi;
                for (int64_t h = h0; h < h1; h++)
                    for (int64_t w = w0; w < w1; w++) rdx[(p * H + h) * W + w] += dy.vals[o] / cnt;
            }
    std::string what = std::to_string(H) + "x" + std::to_string(W) + "->" + std::to_string(OH) + "x" + std::to_string(OW);
    CheckDtype(Name("AdaptiveAvgPool2d", dt, what).c_str(), dt, Read(y), ry);
    DevTensor dx = MakeOut(dt, {N, C, H, W}, xl, ACL_FORMAT_NCHW);
    EXPECT(NPL_RUN(AdaptiveAvgPool2dBackward, dy.t, x.t, dx.t) == 0, "AdaptiveAvgPool2dBackward run");
    CheckDtype(Name("AdaptiveAvgPool2dBackward", dt, what).c_str(), dt, Read(dx), rdx);
    DevTensor my = MakeOut(dt, {N, C, OH, OW}, CONTIG, ACL_FORMAT_NCHW), mi = MakeOut(ACL_INT64, {N, C, OH, OW});
    EXPECT(NPL_RUN(AdaptiveMaxPool2d, x.t, oa, my.t, mi.t) == 0, "AdaptiveMaxPool2d run");
    CheckDtype(Name("AdaptiveMaxPool2d", dt, what).c_str(), dt, Read(my), rmax);
    std::vector<double> gi = Read(mi);
    size_t bad = 0;
    for (size_t i = 0; i < gi.size(); i++) bad += gi[i] != ridx[i];
    EXPECT(bad == 0, "AdaptiveMaxPool2d %s: %zu wrong indices", what.c_str(), bad);
    aclDestroyIntArray(oa);
    for (DevTensor *t : {&x, &y, &dy, &dx, &my, &mi}) t->Free();
}

// WithMask pair: the mask has the real shape [N, C, kh*kw, (ceil(OH*OW/16)+1)*32] INT8 and the
// backward built from it equals the scatter of gradOutput at the argmax positions.
static void MaskCase(Runtime &rt, aclDataType dt, int64_t N, int64_t C, int64_t H, int64_t W, int64_t k, int64_t s,
                     int64_t p, bool ceil, uint64_t seed)
{
    Lcg rng(seed);
    Geo g = MakeGeo(N * C, H, W, k, s, p, ceil);
    DevTensor x = MakeTensor(dt, {N, C, H, W}, RandVals(rng, g.P * H * W), CONTIG, ACL_FORMAT_NCHW);
    DevTensor y = MakeOut(dt, {N, C, g.OH, g.OW}, CONTIG, ACL_FORMAT_NCHW);
    int64_t row = ((g.OH * g.OW + 15) / 16 + 1) * 32;
    DevTensor mask = MakeOut(ACL_INT8, {N, C, k * k, row}, CONTIG, ACL_FORMAT_NCHW);
    int64_t ks[1] = {k}, ss[1] = {s}, ps[1] = {p}, ds[1] = {1};
    aclIntArray *ka = aclCreateIntArray(ks, 1), *sa = aclCreateIntArray(ss, 1), *pa = aclCreateIntArray(ps, 1),
                *da = aclCreateIntArray(ds, 1);
    EXPECT(NPL_RUN(MaxPool2dWithMask, x.t, ka, sa, pa, da, ceil, y.t, mask.t) == 0, "MaxPool2dWithMask run");
    std::vector<double> ry, ri;
    RefMax(g, x.vals, ry, ri);
    CheckDtype(Name("MaxPool2dWithMask out", dt, "").c_str(), dt, Read(y), ry);
    DevTensor dy = MakeTensor(dt, {N, C, g.OH, g.OW}, RandVals(rng, g.P * g.OH * g.OW), CONTIG, ACL_FORMAT_NCHW);
    DevTensor dx = MakeOut(dt, {N, C, H, W}, PADDED, ACL_FORMAT_NCHW);
    EXPECT(NPL_RUN(MaxPool2dWithMaskBackward, dy.t, x.t, mask.t, ka, sa, pa, da, ceil, dx.t) == 0, "mask bwd run");
    std::vector<double> rdx(g.P * H * W, 0.0);
    for (int64_t pl = 0; pl < g.P; pl++)
        for (int64_t o = 0; o < g.OH * g.OW; o++)
            rdx[pl * H * W + (int64_t)ri[pl * g.OH * g.OW + o]] += dy.vals[pl * g.OH * g.OW + o];
    CheckDtype(Name("MaxPool2dWithMaskBackward", dt, "").c_str(), dt, Read(dx), rdx);
    DevTensor badmask = MakeOut(ACL_INT8, {N, C, k * k, row + 1}, CONTIG, ACL_FORMAT_NCHW);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "indices", MaxPool2dWithMask, x.t, ka, sa, pa, da, ceil, y.t, badmask.t);
    for (aclIntArray *a : {ka, sa, pa, da}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &y, &mask, &dy, &dx, &badmask}) t->Free();
}

// AdaptiveMaxPool2d also takes DOUBLE (computed exactly).
static void AdaptiveMaxDouble(Runtime &rt)
{
    Lcg rng(77);
    int64_t C = 3, H = 9, W = 10, OH = 4, OW = 3;
    DevTensor x = MakeTensor(ACL_DOUBLE, {C, H, W}, RandVals(rng, C * H * W)), y = MakeOut(ACL_DOUBLE, {C, OH, OW});
    DevTensor ix = MakeOut(ACL_INT64, {C, OH, OW});
    int64_t os[2] = {OH, OW};
    aclIntArray *oa = aclCreateIntArray(os, 2);
    EXPECT(NPL_RUN(AdaptiveMaxPool2d, x.t, oa, y.t, ix.t) == 0, "AdaptiveMaxPool2d double");
    std::vector<double> ry, ri;
    for (int64_t c = 0; c < C; c++)
        for (int64_t oh = 0; oh < OH; oh++)
            for (int64_t ow = 0; ow < OW; ow++) {
                double best = -INFINITY, bi = -1;
                for (int64_t h = oh * H / OH; h < ((oh + 1) * H + OH - 1) / OH; h++)
                    for (int64_t w = ow * W / OW; w < ((ow + 1) * W + OW - 1) / OW; w++)
                        if (bi < 0 || x.vals[(c * H + h) * W + w] > best) { best = x.vals[(c * H + h) * W + w]; bi = (double)(h * W + w); }
                ry.push_back(best);
                ri.push_back(bi);
            }
    std::vector<double> gy = Read(y), gi = Read(ix);
    EXPECT(gy == ry && gi == ri, "AdaptiveMaxPool2d double: values or indices differ");
    aclDestroyIntArray(oa);
    x.Free(); y.Free(); ix.Free();
}

static void Errors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {1, 2, 8, 8}, CONTIG, ACL_FORMAT_NCHW), y = MakeOut(ACL_FLOAT, {1, 2, 4, 4}, CONTIG, ACL_FORMAT_NCHW);
    DevTensor i32 = MakeOut(ACL_INT32, {1, 2, 4, 4}, CONTIG, ACL_FORMAT_NCHW), f = MakeOut(ACL_FLOAT, {1, 2, 4, 4}, CONTIG, ACL_FORMAT_NCHW);
    DevTensor x2d = MakeOut(ACL_FLOAT, {8, 8}), xi = MakeOut(ACL_INT32, {1, 2, 8, 8}, CONTIG, ACL_FORMAT_NCHW);
    int64_t k2[1] = {2}, k3[1] = {3}, z[1] = {0}, one[1] = {1}, two[1] = {2}, p2[1] = {2};
    aclIntArray *ka = aclCreateIntArray(k2, 1), *k0 = aclCreateIntArray(z, 1), *pa = aclCreateIntArray(z, 1),
                *da = aclCreateIntArray(one, 1), *d2 = aclCreateIntArray(two, 1), *pbig = aclCreateIntArray(p2, 1),
                *empty = aclCreateIntArray(k3, 0), *k3a = aclCreateIntArray(k3, 1);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "indices", MaxPool2dWithIndices, x.t, ka, empty, pa, da, false, y.t, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", MaxPool2dWithIndices, xi.t, ka, empty, pa, da, false, i32.t, i32.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "indices", MaxPool2dWithIndices, x.t, ka, empty, pa, da, false, y.t, f.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "3D or 4D", MaxPool2dWithIndices, x2d.t, ka, empty, pa, da, false, x2d.t, i32.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "kernel", MaxPool2dWithIndices, x.t, k0, empty, pa, da, false, y.t, i32.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "pad", MaxPool2dWithIndices, x.t, k3a, empty, pbig, da, false, y.t, i32.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dilation", MaxPool2dWithIndices, x.t, ka, empty, pa, d2, false, y.t, i32.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", MaxPool2dWithIndices, x.t, k3a, empty, pa, da, false, y.t, i32.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "format", AvgPool2d, x2d.t, ka, empty, pa, false, true, 0, (int8_t)0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "paddingH", AvgPool2d, x.t, ka, empty, pbig, false, true, 0, (int8_t)0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "cubeMathType", AvgPool2d, x.t, ka, empty, pa, false, true, 0, (int8_t)7, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "OutputSize", AdaptiveAvgPool2d, x.t, ka, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "indicesOut", AdaptiveMaxPool2d, x.t, ka, y.t, i32.t);
    for (aclIntArray *a : {ka, k0, pa, da, d2, pbig, empty, k3a}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &y, &i32, &f, &x2d, &xi}) t->Free();
}

// FP32 backward pools against central differences of independent double forwards (written here
// without the reference helpers above), contracted with dy, on N=1, C=2, 5x6. Max pool inputs are
// distinct multiples of 0.05 so no window has a tie within the step.
static void PoolFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t C = 2, H = 5, W = 6, k = 3, s = 2, p = 1, OH = (H + 2 * p - k) / s + 1, OW = (W + 2 * p - k) / s + 1;
    std::vector<double> xv(C * H * W);
    for (size_t i = 0; i < xv.size(); i++) xv[i] = (double)((i * 37) % xv.size()) * 0.05 - 1.5;
    DevTensor x = MakeTensor(ACL_FLOAT, {1, C, H, W}, xv, CONTIG, ACL_FORMAT_NCHW);
    DevTensor dy = MakeTensor(ACL_FLOAT, {1, C, OH, OW}, RandVals(rng, C * OH * OW), CONTIG, ACL_FORMAT_NCHW);
    int64_t ks[2] = {k, k}, ss[2] = {s, s}, ps[2] = {p, p}, ds[2] = {1, 1};
    aclIntArray *ka = aclCreateIntArray(ks, 2), *sa = aclCreateIntArray(ss, 2), *pa = aclCreateIntArray(ps, 2),
                *da = aclCreateIntArray(ds, 2);
    // loss = sum(dy * pool(v)), windows clipped to the input (padding never wins a max)
    auto pool = [&](const std::vector<double> &v, int kind) { // 0 max, 1 avg incl. pad, 2 avg excl. pad
        double L = 0;
        for (int64_t c = 0; c < C; c++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double acc = kind == 0 ? -INFINITY : 0, cnt = 0;
                    for (int64_t h = oh * s - p; h < oh * s - p + k; h++)
                        for (int64_t w = ow * s - p; w < ow * s - p + k; w++) {
                            if (h < 0 || h >= H || w < 0 || w >= W) continue;
                            double e = v[(c * H + h) * W + w];
                            acc = kind == 0 ? std::max(acc, e) : acc + e;
                            cnt++;
                        }
                    double y = kind == 0 ? acc : acc / (kind == 1 ? (double)(k * k) : cnt);
                    L += dy.vals[(c * OH + oh) * OW + ow] * y;
                }
        return L;
    };
    // MaxPool2dWithIndicesBackward with the indices of the device forward
    DevTensor y = MakeOut(ACL_FLOAT, {1, C, OH, OW}, CONTIG, ACL_FORMAT_NCHW), ix = MakeOut(ACL_INT64, {1, C, OH, OW}, CONTIG, ACL_FORMAT_NCHW);
    DevTensor dx = MakeOut(ACL_FLOAT, {1, C, H, W}, CONTIG, ACL_FORMAT_NCHW);
    EXPECT(NPL_RUN(MaxPool2dWithIndices, x.t, ka, sa, pa, da, false, y.t, ix.t) == 0, "MaxPool fd fwd run");
    EXPECT(NPL_RUN(MaxPool2dWithIndicesBackward, dy.t, x.t, ix.t, ka, sa, pa, da, false, dx.t) == 0, "MaxPool fd bwd run");
    CheckFd("MaxPool2dWithIndicesBackward fp32", Read(dx), FdGrad([&](const std::vector<double> &v) { return pool(v, 0); }, x.vals));
    // AvgPool2dBackward, padding counted and not
    for (bool cip : {true, false}) {
        DevTensor da2 = MakeOut(ACL_FLOAT, {1, C, H, W}, CONTIG, ACL_FORMAT_NCHW);
        EXPECT(NPL_RUN(AvgPool2dBackward, dy.t, x.t, ka, sa, pa, false, cip, 0, (int8_t)0, da2.t) == 0, "AvgPool fd bwd run");
        CheckFd(cip ? "AvgPool2dBackward fp32 countIncludePad" : "AvgPool2dBackward fp32", Read(da2),
                FdGrad([&](const std::vector<double> &v) { return pool(v, cip ? 1 : 2); }, x.vals));
        da2.Free();
    }
    // AdaptiveAvgPool2dBackward 5x6 -> 3x4: bins [floor(o*H/OH), ceil((o+1)*H/OH))
    const int64_t AH = 3, AW = 4;
    DevTensor ady = MakeTensor(ACL_FLOAT, {1, C, AH, AW}, RandVals(rng, C * AH * AW), CONTIG, ACL_FORMAT_NCHW);
    DevTensor adx = MakeOut(ACL_FLOAT, {1, C, H, W}, CONTIG, ACL_FORMAT_NCHW);
    EXPECT(NPL_RUN(AdaptiveAvgPool2dBackward, ady.t, x.t, adx.t) == 0, "AdaptiveAvgPool2dBackward fd run");
    auto adaptive = [&](const std::vector<double> &v) {
        double L = 0;
        for (int64_t c = 0; c < C; c++)
            for (int64_t oh = 0; oh < AH; oh++)
                for (int64_t ow = 0; ow < AW; ow++) {
                    int64_t h0 = (int64_t)std::floor((double)oh * H / AH), h1 = (int64_t)std::ceil((double)(oh + 1) * H / AH);
                    int64_t w0 = (int64_t)std::floor((double)ow * W / AW), w1 = (int64_t)std::ceil((double)(ow + 1) * W / AW);
                    double acc = 0;
                    for (int64_t h = h0; h < h1; h++)
                        for (int64_t w = w0; w < w1; w++) acc += v[(c * H + h) * W + w];
                    L += ady.vals[(c * AH + oh) * AW + ow] * acc / (double)((h1 - h0) * (w1 - w0));
                }
        return L;
    };
    CheckFd("AdaptiveAvgPool2dBackward fp32", Read(adx), FdGrad(adaptive, x.vals));
    for (aclIntArray *a : {ka, sa, pa, da}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &dy, &y, &ix, &dx, &ady, &adx}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t seed = 500;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        MaxCase(rt, dt, 2, 3, 13, 11, 3, 2, 1, false, false, CONTIG, ACL_INT64, seed++);
        MaxCase(rt, dt, 1, 5, 10, 9, 2, 2, 0, true, false, TRANSPOSED, ACL_INT32, seed++);
        MaxCase(rt, dt, 1, 4, 7, 15, 3, 1, 1, true, true, PADDED, ACL_INT64, seed++);
        AvgCase(rt, dt, 2, 3, 13, 11, 3, 2, 1, false, true, 0, false, CONTIG, seed++);
        AvgCase(rt, dt, 1, 4, 10, 9, 3, 2, 1, true, false, 0, false, TRANSPOSED, seed++);
        AvgCase(rt, dt, 1, 3, 8, 7, 2, 1, 1, false, true, 3, true, PADDED, seed++);
        AdaptiveCase(rt, dt, 2, 3, 13, 11, 4, 5, CONTIG, seed++);
        AdaptiveCase(rt, dt, 1, 2, 7, 7, 7, 3, TRANSPOSED, seed++);
    }
    MaskCase(rt, ACL_FLOAT, 2, 3, 13, 11, 3, 2, 1, false, seed++);
    MaskCase(rt, ACL_FLOAT16, 1, 2, 10, 9, 2, 2, 0, true, seed++);
    MaskCase(rt, ACL_BF16, 1, 2, 35, 33, 3, 1, 1, false, seed++);
    MaxPoolAsym(rt, ACL_FLOAT, seed++);
    MaxPoolAsym(rt, ACL_FLOAT16, seed++);
    MaxCase(rt, ACL_FLOAT, 2, 16, 56, 56, 3, 2, 1, false, false, CONTIG, ACL_INT64, seed++);
    AdaptiveMaxDouble(rt);
    PoolFd(rt, seed++);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
