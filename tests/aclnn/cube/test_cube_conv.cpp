// aclnnConvolution (depthwise as groups == C too) / aclnnConvolutionBackward on the emulated Cube unit,
// called as the ops-nn examples do, checked against a direct double-precision convolution:
// 1D/2D/3D, stride, asymmetric 2-D padding, dilation, groups, depthwise, transposed with
// outputPadding (1D/2D/3D), bias, FP16/BF16, non-contiguous inputs, every outputMask combination
// (plain and transposed, 2-D and 3-D).
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

struct ConvCase {
    int nsp;
    bool transposed;
    int64_t N, Cin, Cout, groups;
    int64_t in[3], k[3], s[3], pl[3], ph[3], d[3], op[3];
    bool bias;
    aclDataType dt;
    int mode; // cubeMathType
};

static int64_t OutSize(const ConvCase &c, int i)
{
    if (c.transposed) return (c.in[i] - 1) * c.s[i] - c.pl[i] - c.ph[i] + c.d[i] * (c.k[i] - 1) + c.op[i] + 1;
    return (c.in[i] + c.pl[i] + c.ph[i] - c.d[i] * (c.k[i] - 1) - 1) / c.s[i] + 1;
}

static aclFormat Fmt(int nsp) { return nsp == 1 ? ACL_FORMAT_NCL : nsp == 2 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCDHW; }

// Every (x position, y position, tap) edge of the convolution, with the channel pairing, feeds
// forward, grad input and grad weight alike.
template <typename F>
static void ForEachEdge(const ConvCase &c, const std::vector<int64_t> &xs, const std::vector<int64_t> &ys, F f)
{
    int64_t in3[3] = {1, 1, 1}, out3[3] = {1, 1, 1}, k3[3] = {1, 1, 1};
    for (int i = 0; i < c.nsp; i++) { in3[i] = c.in[i]; out3[i] = ys[2 + i]; k3[i] = c.k[i]; }
    (void)xs;
    int64_t cin_g = c.Cin / c.groups, cout_g = c.Cout / c.groups;
    int64_t (&src)[3] = c.transposed ? in3 : out3; // positions we iterate
    int64_t (&dst)[3] = c.transposed ? out3 : in3; // positions the tap lands on
    for (int64_t p0 = 0; p0 < src[0]; p0++)
        for (int64_t p1 = 0; p1 < src[1]; p1++)
            for (int64_t p2 = 0; p2 < src[2]; p2++)
                for (int64_t t0 = 0; t0 < k3[0]; t0++)
                    for (int64_t t1 = 0; t1 < k3[1]; t1++)
                        for (int64_t t2 = 0; t2 < k3[2]; t2++) {
                            int64_t p[3] = {p0, p1, p2}, t[3] = {t0, t1, t2}, q[3] = {0, 0, 0};
                            bool ok = true;
                            for (int i = 0; i < c.nsp && ok; i++) {
                                q[i] = p[i] * c.s[i] - c.pl[i] + t[i] * c.d[i];
                                ok = q[i] >= 0 && q[i] < dst[i];
                            }
                            if (!ok) continue;
                            int64_t sp = (p[0] * src[1] + p[1]) * src[2] + p[2], dp = (q[0] * dst[1] + q[1]) * dst[2] + q[2];
                            int64_t xpos = c.transposed ? sp : dp, ypos = c.transposed ? dp : sp;
                            int64_t tap = (t[0] * k3[1] + t[1]) * k3[2] + t[2];
                            for (int64_t g = 0; g < c.groups; g++)
                                for (int64_t a = 0; a < (c.transposed ? cin_g : cout_g); a++)
                                    for (int64_t b = 0; b < (c.transposed ? cout_g : cin_g); b++) {
                                        int64_t ci = g * cin_g + (c.transposed ? a : b), co = g * cout_g + (c.transposed ? b : a);
                                        int64_t widx = c.transposed ? ((ci * cout_g + b) * k3[0] * k3[1] * k3[2] + tap)
                                                                    : ((co * cin_g + b) * k3[0] * k3[1] * k3[2] + tap);
                                        f(ci, co, xpos, ypos, widx);
                                    }
                        }
}

static void Shapes(const ConvCase &c, std::vector<int64_t> &xs, std::vector<int64_t> &ws, std::vector<int64_t> &ys)
{
    xs = {c.N, c.Cin};
    ws = c.transposed ? std::vector<int64_t>{c.Cin, c.Cout / c.groups} : std::vector<int64_t>{c.Cout, c.Cin / c.groups};
    ys = {c.N, c.Cout};
    for (int i = 0; i < c.nsp; i++) { xs.push_back(c.in[i]); ws.push_back(c.k[i]); ys.push_back(OutSize(c, i)); }
}

static std::vector<int64_t> Arr(const int64_t *v, int n) { return std::vector<int64_t>(v, v + n); }

static void TestForward(const char *name, const ConvCase &c, bool strided_input = false)
{
    Lcg rng(c.nsp * 100 + c.groups);
    std::vector<int64_t> xs, wsh, ys;
    Shapes(c, xs, wsh, ys);
    DevT x, w, b, y;
    if (strided_input) { // x as a view of a buffer with a doubled last dim (every other element)
        std::vector<int64_t> st = xs;
        st.back() *= 2;
        std::vector<double> v((size_t)GetShapeSize(st));
        for (auto &e : v) e = rng.value();
        std::vector<int64_t> strides = Contig(st);
        strides.back() = 2;
        MakeDev(x, c.dt, v, xs, strides, 1, Fmt(c.nsp), st);
    } else {
        std::vector<double> v((size_t)GetShapeSize(xs));
        for (auto &e : v) e = rng.value();
        MakeDev(x, c.dt, v, xs, Contig(xs), 0, Fmt(c.nsp));
    }
    std::vector<double> wv((size_t)GetShapeSize(wsh));
    for (auto &e : wv) e = rng.value();
    MakeDev(w, c.dt, wv, wsh, Contig(wsh), 0, Fmt(c.nsp));
    if (c.bias) MakeContig(b, c.dt, rng, {c.Cout});
    std::vector<double> yz((size_t)GetShapeSize(ys), 0.0);
    MakeDev(y, c.dt, yz, ys, Contig(ys), 0, Fmt(c.nsp));
    std::vector<int64_t> pads;
    for (int i = 0; i < c.nsp; i++) pads.push_back(c.pl[i]);
    bool asym = false;
    for (int i = 0; i < c.nsp; i++) asym |= c.pl[i] != c.ph[i];
    if (asym) { pads.clear(); for (int i = 0; i < c.nsp; i++) { pads.push_back(c.pl[i]); pads.push_back(c.ph[i]); } }
    auto sv = Arr(c.s, c.nsp), dv = Arr(c.d, c.nsp), ov = Arr(c.op, c.nsp);
    aclIntArray *stride = aclCreateIntArray(sv.data(), sv.size()), *pad = aclCreateIntArray(pads.data(), pads.size()),
                *dil = aclCreateIntArray(dv.data(), dv.size()), *opad = aclCreateIntArray(ov.data(), ov.size());
    int rc = RunOp("aclnnConvolution", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionGetWorkspaceSize(x.t, w.t, c.bias ? b.t : nullptr, stride, pad, dil,
                                                               c.transposed, opad, c.groups, y.t, (int8_t)c.mode, wsz, ex);
                   },
                   aclnnConvolution);
    EXPECT(rc == 0, "%s", name);
    if (!rc) {
        std::vector<double> g((size_t)GetShapeSize(ys), 0.0);
        int64_t xsp = GetShapeSize(xs) / (c.N * c.Cin), ysp = GetShapeSize(ys) / (c.N * c.Cout);
        for (int64_t n = 0; n < c.N; n++) {
            ForEachEdge(c, xs, ys, [&](int64_t ci, int64_t co, int64_t xp, int64_t yp, int64_t wi) {
                std::vector<int64_t> xi = {n, ci};
                double xv = strided_input ? x.stored[(size_t)(1 + ((n * c.Cin + ci) * xsp + xp) * 2)]
                                          : x.stored[(size_t)((n * c.Cin + ci) * xsp + xp)];
                g[(size_t)((n * c.Cout + co) * ysp + yp)] += CubeOperand(xv, c.dt, c.mode) * CubeOperand(w.stored[(size_t)wi], c.dt, c.mode);
            });
            if (c.bias)
                for (int64_t co = 0; co < c.Cout; co++)
                    for (int64_t p = 0; p < ysp; p++) g[(size_t)((n * c.Cout + co) * ysp + p)] += b.stored[(size_t)co];
        }
        CubeCheck(name, c.dt, ReadBack(y), g);
    }
    aclDestroyIntArray(stride); aclDestroyIntArray(pad); aclDestroyIntArray(dil); aclDestroyIntArray(opad);
}

static void TestBackward(const char *name, const ConvCase &c, bool mask[3])
{
    Lcg rng(77 + c.nsp);
    std::vector<int64_t> xs, wsh, ys;
    Shapes(c, xs, wsh, ys);
    DevT x, w, dy, dx, dw, db;
    MakeContig(x, c.dt, rng, xs);
    MakeContig(w, c.dt, rng, wsh);
    MakeContig(dy, c.dt, rng, ys);
    MakeZeros(dx, c.dt, xs);
    MakeZeros(dw, c.dt, wsh);
    MakeZeros(db, c.dt, {c.Cout});
    std::vector<int64_t> pads;
    for (int i = 0; i < c.nsp; i++) pads.push_back(c.pl[i]);
    auto sv = Arr(c.s, c.nsp), dv = Arr(c.d, c.nsp), ov = Arr(c.op, c.nsp);
    int64_t bs = c.Cout;
    aclIntArray *stride = aclCreateIntArray(sv.data(), sv.size()), *pad = aclCreateIntArray(pads.data(), pads.size()),
                *dil = aclCreateIntArray(dv.data(), dv.size()), *opad = aclCreateIntArray(ov.data(), ov.size()),
                *bsz = aclCreateIntArray(&bs, 1);
    aclBoolArray *m = aclCreateBoolArray(mask, 3);
    int rc = RunOp("aclnnConvolutionBackward", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionBackwardGetWorkspaceSize(dy.t, x.t, w.t, bsz, stride, pad, dil, c.transposed,
                                                                       opad, (int)c.groups, m, (int8_t)c.mode,
                                                                       mask[0] ? dx.t : nullptr, mask[1] ? dw.t : nullptr,
                                                                       mask[2] ? db.t : nullptr, wsz, ex);
                   },
                   aclnnConvolutionBackward);
    EXPECT(rc == 0, "%s", name);
    if (!rc) {
        std::vector<double> gx((size_t)GetShapeSize(xs), 0.0), gw((size_t)GetShapeSize(wsh), 0.0), gb((size_t)c.Cout, 0.0);
        int64_t xsp = GetShapeSize(xs) / (c.N * c.Cin), ysp = GetShapeSize(ys) / (c.N * c.Cout);
        for (int64_t n = 0; n < c.N; n++) {
            ForEachEdge(c, xs, ys, [&](int64_t ci, int64_t co, int64_t xp, int64_t yp, int64_t wi) {
                size_t xo = (size_t)((n * c.Cin + ci) * xsp + xp), yo = (size_t)((n * c.Cout + co) * ysp + yp);
                double dyv = CubeOperand(dy.stored[yo], c.dt, c.mode);
                gx[xo] += dyv * CubeOperand(w.stored[(size_t)wi], c.dt, c.mode);
                gw[(size_t)wi] += dyv * CubeOperand(x.stored[xo], c.dt, c.mode);
            });
            for (int64_t co = 0; co < c.Cout; co++)
                for (int64_t p = 0; p < ysp; p++) gb[(size_t)co] += dy.stored[(size_t)((n * c.Cout + co) * ysp + p)];
        }
        std::string nm(name);
        if (mask[0]) CubeCheck((nm + " gradInput").c_str(), c.dt, ReadBack(dx), gx);
        if (mask[1]) CubeCheck((nm + " gradWeight").c_str(), c.dt, ReadBack(dw), gw);
        if (mask[2]) CubeCheck((nm + " gradBias").c_str(), c.dt, ReadBack(db), gb);
        // outputs not asked for stay untouched
        if (!mask[0]) { auto v = ReadBack(dx); bool z = true; for (double e : v) z &= e == 0; EXPECT(z, "%s: gradInput written", name); }
        if (!mask[1]) { auto v = ReadBack(dw); bool z = true; for (double e : v) z &= e == 0; EXPECT(z, "%s: gradWeight written", name); }
    }
    aclDestroyIntArray(stride); aclDestroyIntArray(pad); aclDestroyIntArray(dil); aclDestroyIntArray(opad);
    aclDestroyIntArray(bsz); aclDestroyBoolArray(m);
}

// Independent direct 2-D forward in double (plain or transposed, groups/stride/padding/dilation),
// for the finite-difference check: loss = sum(dy * conv(x, w) + dy * b).
static double ConvLoss2d(const ConvCase &c, const std::vector<int64_t> &ys, const std::vector<double> &x,
                         const std::vector<double> &w, const std::vector<double> &b, const std::vector<double> &dy)
{
    int64_t H = c.in[0], W = c.in[1], OH = ys[2], OW = ys[3], KH = c.k[0], KW = c.k[1];
    int64_t cig = c.Cin / c.groups, cog = c.Cout / c.groups;
    double loss = 0;
    for (int64_t n = 0; n < c.N; n++)
        for (int64_t ci = 0; ci < c.Cin; ci++)
            for (int64_t j = 0; j < cog; j++)
                for (int64_t kh = 0; kh < KH; kh++)
                    for (int64_t kw = 0; kw < KW; kw++)
                        for (int64_t ih = 0; ih < H; ih++)
                            for (int64_t iw = 0; iw < W; iw++) {
                                int64_t g = ci / cig, co = g * cog + j, oh, ow;
                                double wv;
                                if (c.transposed) { // input (ih, iw) scatters to ih*s - p + k*d
                                    oh = ih * c.s[0] - c.pl[0] + kh * c.d[0];
                                    ow = iw * c.s[1] - c.pl[1] + kw * c.d[1];
                                    wv = w[(size_t)(((ci * cog + j) * KH + kh) * KW + kw)];
                                } else { // output (oh, ow) gathers ih = oh*s - p + k*d
                                    int64_t th = ih + c.pl[0] - kh * c.d[0], tw = iw + c.pl[1] - kw * c.d[1];
                                    if (th % c.s[0] || tw % c.s[1]) continue;
                                    oh = th / c.s[0];
                                    ow = tw / c.s[1];
                                    wv = w[(size_t)(((co * cig + ci % cig) * KH + kh) * KW + kw)];
                                }
                                if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
                                loss += dy[(size_t)(((n * c.Cout + co) * OH + oh) * OW + ow)] *
                                        x[(size_t)(((n * c.Cin + ci) * H + ih) * W + iw)] * wv;
                            }
    for (int64_t n = 0; n < c.N; n++)
        for (int64_t co = 0; co < c.Cout; co++)
            for (int64_t p = 0; p < OH * OW; p++) loss += dy[(size_t)((n * c.Cout + co) * OH * OW + p)] * b[(size_t)co];
    return loss;
}

// FP32 (cubeMathType 0: exact operands) gradInput / gradWeight / gradBias against central
// differences of ConvLoss2d in every input.
static void TestBackwardFd(const char *name, ConvCase c)
{
    c.dt = ACL_FLOAT;
    c.mode = 0;
    Lcg rng(501 + c.transposed);
    std::vector<int64_t> xs, wsh, ys;
    Shapes(c, xs, wsh, ys);
    DevT x, w, dy, dx, dw, db;
    MakeContig(x, c.dt, rng, xs);
    MakeContig(w, c.dt, rng, wsh);
    MakeContig(dy, c.dt, rng, ys);
    MakeZeros(dx, c.dt, xs);
    MakeZeros(dw, c.dt, wsh);
    MakeZeros(db, c.dt, {c.Cout});
    std::vector<int64_t> pads = {c.pl[0], c.pl[1]};
    auto sv = Arr(c.s, 2), dv = Arr(c.d, 2), ov = Arr(c.op, 2);
    int64_t bs = c.Cout;
    bool mask[3] = {true, true, true};
    aclIntArray *stride = aclCreateIntArray(sv.data(), 2), *pad = aclCreateIntArray(pads.data(), 2),
                *dil = aclCreateIntArray(dv.data(), 2), *opad = aclCreateIntArray(ov.data(), 2), *bsz = aclCreateIntArray(&bs, 1);
    aclBoolArray *m = aclCreateBoolArray(mask, 3);
    int rc = RunOp("aclnnConvolutionBackward", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionBackwardGetWorkspaceSize(dy.t, x.t, w.t, bsz, stride, pad, dil, c.transposed, opad,
                                                                       (int)c.groups, m, 0, dx.t, dw.t, db.t, wsz, ex);
                   },
                   aclnnConvolutionBackward);
    EXPECT(rc == 0, "%s", name);
    if (!rc) {
        const double h = 1e-3;
        std::vector<double> b0((size_t)c.Cout, 0.0), fx(x.n), fw(w.n), fb((size_t)c.Cout);
        auto fdOf = [&](std::vector<double> &v, std::vector<double> &out, int which) {
            for (size_t i = 0; i < v.size(); i++) {
                double keep = v[i], lp, lm;
                v[i] = keep + h;
                lp = ConvLoss2d(c, ys, which == 0 ? v : x.stored, which == 1 ? v : w.stored, which == 2 ? v : b0, dy.stored);
                v[i] = keep - h;
                lm = ConvLoss2d(c, ys, which == 0 ? v : x.stored, which == 1 ? v : w.stored, which == 2 ? v : b0, dy.stored);
                v[i] = keep;
                out[i] = (lp - lm) / (2 * h);
            }
        };
        std::vector<double> xv = x.stored, wv = w.stored, bv = b0;
        fdOf(xv, fx, 0);
        fdOf(wv, fw, 1);
        fdOf(bv, fb, 2);
        std::string nm(name);
        CheckAccuracy((nm + " gradInput vs finite differences").c_str(), ReadBack(dx), fx, 1e-3, 1e-3, 1e-2);
        CheckAccuracy((nm + " gradWeight vs finite differences").c_str(), ReadBack(dw), fw, 1e-3, 1e-3, 1e-2);
        CheckAccuracy((nm + " gradBias vs finite differences").c_str(), ReadBack(db), fb, 1e-3, 1e-3, 1e-2);
    }
    aclDestroyIntArray(stride); aclDestroyIntArray(pad); aclDestroyIntArray(dil); aclDestroyIntArray(opad);
    aclDestroyIntArray(bsz); aclDestroyBoolArray(m);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    // nsp, transposed, N, Cin, Cout, groups, in, k, s, pl, ph, d, op, bias, dtype, cubeMathType
    ConvCase c2d = {2, false, 2, 6, 10, 1, {13, 11, 1}, {3, 3, 1}, {2, 1, 1}, {1, 1, 0}, {1, 1, 0}, {1, 2, 1}, {0, 0, 0}, true, ACL_FLOAT16, 0};
    TestForward("conv2d fp16 stride/dilation/bias", c2d);
    ConvCase c2a = {2, false, 1, 4, 8, 2, {9, 10, 1}, {3, 2, 1}, {1, 2, 1}, {2, 0, 0}, {1, 1, 0}, {1, 1, 1}, {0, 0, 0}, true, ACL_FLOAT, 1};
    TestForward("conv2d fp32 HF32 groups 4-value padding", c2a);
    TestForward("conv2d fp32 HF32 non-contiguous input", c2a, true);
    ConvCase c2b = c2a; c2b.dt = ACL_BF16; c2b.mode = 0;
    TestForward("conv2d bf16", c2b);
    ConvCase c1d = {1, false, 3, 5, 7, 1, {20, 1, 1}, {4, 1, 1}, {3, 1, 1}, {2, 0, 0}, {2, 0, 0}, {1, 1, 1}, {0, 0, 0}, true, ACL_FLOAT, 1};
    TestForward("conv1d", c1d);
    ConvCase c3d = {3, false, 1, 3, 4, 1, {5, 6, 7}, {2, 3, 3}, {1, 2, 1}, {1, 1, 0}, {1, 1, 0}, {1, 1, 2}, {0, 0, 0}, false, ACL_FLOAT16, 0};
    TestForward("conv3d fp16", c3d);
    ConvCase cdw = {2, false, 2, 8, 8, 8, {12, 12, 1}, {3, 3, 1}, {1, 1, 1}, {1, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 0, 0}, true, ACL_FLOAT, 1};
    TestForward("depthwise 3x3", cdw);
    ConvCase ctr = {2, true, 2, 6, 4, 2, {5, 6, 1}, {3, 3, 1}, {2, 2, 1}, {1, 0, 0}, {1, 0, 0}, {1, 1, 1}, {1, 1, 0}, true, ACL_FLOAT, 1};
    TestForward("conv_transpose2d groups outputPadding", ctr);
    ConvCase ct1 = {1, true, 1, 3, 5, 1, {7, 1, 1}, {3, 1, 1}, {3, 1, 1}, {1, 0, 0}, {1, 0, 0}, {1, 1, 1}, {2, 0, 0}, false, ACL_FLOAT16, 0};
    TestForward("conv_transpose1d fp16", ct1);

    ConvCase b2 = {2, false, 2, 4, 6, 2, {8, 7, 1}, {3, 3, 1}, {2, 1, 1}, {1, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 0, 0}, true, ACL_FLOAT, 1};
    for (int mbits = 1; mbits < 8; mbits++) {
        bool mask[3] = {(mbits & 1) != 0, (mbits & 2) != 0, (mbits & 4) != 0};
        char nm[64];
        snprintf(nm, sizeof nm, "backward 2d mask %d%d%d", mask[0], mask[1], mask[2]);
        TestBackward(nm, b2, mask);
    }
    bool all[3] = {true, true, true};
    ConvCase bt = ctr;
    // transposed: every outputMask combination, none at all included (nothing may be written)
    for (int mbits = 0; mbits < 8; mbits++) {
        bool mask[3] = {(mbits & 1) != 0, (mbits & 2) != 0, (mbits & 4) != 0};
        char nm[64];
        snprintf(nm, sizeof nm, "backward transposed 2d mask %d%d%d", mask[0], mask[1], mask[2]);
        TestBackward(nm, bt, mask);
    }
    bool none[3] = {false, false, false};
    TestBackward("backward 2d mask 000", b2, none);
    ConvCase bt1 = ct1; // transposed 1-D, FP16, stride 3 with outputPadding 2
    TestBackward("backward transposed 1d fp16", bt1, all);
    ConvCase b1 = c1d; b1.pl[0] = b1.ph[0] = 1; b1.dt = ACL_FLOAT16; b1.mode = 0;
    TestBackward("backward 1d fp16", b1, all);
    ConvCase b3 = c3d; b3.pl[0] = b3.ph[0] = 0; b3.pl[1] = b3.ph[1] = 0;
    TestBackward("backward 3d fp16", b3, all);
    // 3-D: FP32 as HF32 with groups, dilation, stride and bias; BF16; transposed with
    // outputPadding (forward and every backward output)
    ConvCase c3g = {3, false, 2, 4, 6, 2, {6, 7, 5}, {3, 2, 2}, {2, 1, 2}, {1, 0, 1}, {1, 0, 1}, {1, 2, 1}, {0, 0, 0}, true, ACL_FLOAT, 1};
    TestForward("conv3d fp32 HF32 groups dilation bias", c3g);
    TestForward("conv3d fp32 HF32 non-contiguous input", c3g, true);
    ConvCase c3b = c3g; c3b.dt = ACL_BF16; c3b.mode = 0;
    TestForward("conv3d bf16", c3b);
    ConvCase c3t = {3, true, 1, 4, 6, 2, {3, 4, 3}, {2, 3, 3}, {2, 2, 1}, {0, 1, 1}, {0, 1, 1}, {1, 1, 1}, {1, 1, 0}, true, ACL_FLOAT16, 0};
    TestForward("conv_transpose3d fp16 groups outputPadding", c3t);
    for (int mbits = 1; mbits < 8; mbits++) {
        bool mask[3] = {(mbits & 1) != 0, (mbits & 2) != 0, (mbits & 4) != 0};
        char nm[64];
        snprintf(nm, sizeof nm, "backward transposed 3d mask %d%d%d", mask[0], mask[1], mask[2]);
        TestBackward(nm, c3t, mask);
    }
    ConvCase b3g = c3g; b3g.pl[2] = b3g.ph[2] = 0;
    TestBackward("backward 3d fp32 HF32 groups", b3g, all);
    // depthwise through aclnnConvolution with a tail-heavy size and stride 2
    ConvCase cdw2 = {2, false, 1, 5, 5, 5, {17, 19, 1}, {3, 3, 1}, {2, 2, 1}, {1, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 0, 0}, false, ACL_FLOAT16, 0};
    TestForward("depthwise 3x3 stride 2 fp16", cdw2);
    // small FP32 shapes against finite differences: groups, stride, padding, dilation
    ConvCase f2 = {2, false, 2, 4, 6, 2, {6, 5, 1}, {3, 2, 1}, {2, 1, 1}, {1, 1, 0}, {1, 1, 0}, {1, 2, 1}, {0, 0, 0}, true, ACL_FLOAT, 0};
    TestBackwardFd("backward 2d fd", f2);
    ConvCase ft = {2, true, 1, 4, 6, 2, {4, 3, 1}, {3, 2, 1}, {2, 2, 1}, {1, 0, 0}, {1, 0, 0}, {1, 1, 1}, {1, 1, 0}, true, ACL_FLOAT, 0};
    TestBackwardFd("backward transposed 2d fd", ft);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
