// aclnnQuantConvolution (ops-nn conv/convolution_forward): outputs against a double-precision direct
// convolution written here from the doc's formula,
//   out[n, co, o] = round( sum_{ci in co's group, taps} w[co, ci, t] * x_pad[n, ci, o*stride + t*dil - pad]
//                          * scale[co] + bias[co] )
// (an INT32 bias on the 950 is added to the integer accumulator before the scale; an INT64 / UINT64
// scale is a quant parameter whose FP32 scale is cut to its top 19 bits; offsetx is the pad value of
// an INT8 input on the 950's QuantConv routes), 2-D and 3-D, stride / asymmetric pads / dilation /
// groups, strided tensors; the stage-1 checks in the real op's order with codes and messages; the
// chip rules of the doc (A2/A3: 3-D INT8 only; 950: INT8 / HIFLOAT8 / FLOAT8_E4M3FN; 310P refused).
#include <cmath>
#include <cstring>
#include <string>

#include "../aclnn_test_util.h"
#include "../hif8/hif8_ref.h"
#include "aclnnop/aclnn_quant_convolution.h"

static aclrtStream g_stream = nullptr;

static size_t Esz(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_INT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: return 2;
    case ACL_INT64: case ACL_UINT64: return 8;
    default: return 1;
    }
}

// FLOAT8_E4M3FN: bias 7, 3 mantissa bits, no infinities, 0x7f / 0xff NaN.
static double E4m3Value(int c)
{
    int e = (c >> 3) & 15, m = c & 7;
    double v = e == 0 ? std::ldexp((double)m, -9) : std::ldexp(1.0 + m / 8.0, e - 7);
    if ((c & 0x7f) == 0x7f) v = NAN;
    return (c & 0x80) ? -v : v;
}

// Nearest E4M3 code, ties to even, saturating to 448 (by search over the finite codes).
static int E4m3Encode(double v)
{
    if (std::isnan(v)) return 0x7f;
    double a = std::fabs(v);
    int best = 0;
    double bd = 1e300;
    for (int c = 0; c < 0x7f; c++) {
        double d = std::fabs(E4m3Value(c) - a);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    if (a > 448) best = 0x7e;
    return best | (v < 0 ? 0x80 : 0);
}

static void Put(aclDataType dt, double v, unsigned char *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f = (float)v; std::memcpy(p, &f, 4); break; }
    case ACL_FLOAT16: { uint16_t h = RefToHalf(v); std::memcpy(p, &h, 2); break; }
    case ACL_BF16: { uint16_t h = RefToBf16(v); std::memcpy(p, &h, 2); break; }
    case ACL_INT32: { int32_t x = (int32_t)v; std::memcpy(p, &x, 4); break; }
    case ACL_INT8: { int8_t x = (int8_t)v; std::memcpy(p, &x, 1); break; }
    case ACL_FLOAT8_E4M3FN: p[0] = (unsigned char)E4m3Encode(v); break;
    case ACL_HIFLOAT8: p[0] = (unsigned char)hif8_ref_encode(v); break;
    default: { int64_t x = (int64_t)v; std::memcpy(p, &x, 8); break; }
    }
}

static double Get(aclDataType dt, const unsigned char *p)
{
    switch (dt) {
    case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
    case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromHalf(h); }
    case ACL_BF16: { uint16_t h; std::memcpy(&h, p, 2); return RefFromBf16(h); }
    case ACL_INT32: { int32_t x; std::memcpy(&x, p, 4); return x; }
    case ACL_INT8: return (int8_t)p[0];
    case ACL_FLOAT8_E4M3FN: return E4m3Value(p[0]);
    case ACL_HIFLOAT8: return hif8_ref_value(p[0]);
    default: { int64_t x; std::memcpy(&x, p, 8); return (double)x; }
    }
}

// A device tensor with a given format; strided: every element two apart from offset 1.
struct QT {
    aclDataType dt = ACL_FLOAT;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0, storage = 0;
    void *dev = nullptr;
    aclTensor *t = nullptr;
    QT() {}
    QT(const QT &) = delete;
    ~QT()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    int64_t numel() const { return GetShapeSize(shape); }
    int64_t Where(int64_t i) const
    {
        int64_t off = offset;
        for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) { off += (i % shape[d]) * strides[d]; i /= shape[d]; }
        return off;
    }
    // raw: 8-byte values written as-is (quant parameters); else values encoded to dt.
    bool Init(aclDataType d, const std::vector<int64_t> &shp, aclFormat fmt, const std::vector<double> &vals,
              bool strided = false, const std::vector<uint64_t> *raw = nullptr)
    {
        dt = d;
        shape = shp;
        strides.assign(shape.size(), 1);
        int64_t step = strided ? 2 : 1, s = step;
        for (int64_t i = (int64_t)shape.size() - 1; i >= 0; i--) { strides[i] = s; s *= shape[i]; }
        offset = strided ? 1 : 0;
        storage = offset + s;
        std::vector<unsigned char> host((size_t)storage * Esz(dt) + 1, 0x5a);
        for (int64_t i = 0; i < numel(); i++) {
            unsigned char *p = &host[(size_t)Where(i) * Esz(dt)];
            if (raw) std::memcpy(p, &(*raw)[(size_t)i], 8);
            else if (!vals.empty()) Put(dt, vals[(size_t)i], p);
        }
        size_t bytes = (size_t)storage * Esz(dt);
        if (aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        t = aclCreateTensor(shape.data(), shape.size(), dt, strides.data(), offset, fmt, &storage, 1, dev);
        return t != nullptr;
    }
    // A 3-D weight (view [N, C, D, H, W]) stored in FRACTAL_Z_3D [D*C1*H*W, N1, 16, 32] (the doc's
    // layout: C0 = 32, N0 = 16), zeros where no element lies.
    bool InitFz3d(aclDataType d, const std::vector<int64_t> &shp, const std::vector<double> &vals)
    {
        dt = d;
        shape = shp;
        strides.assign(5, 1);
        for (int i = 3; i >= 0; i--) strides[i] = strides[i + 1] * shape[i + 1];
        const int64_t N = shp[0], C = shp[1], D = shp[2], H = shp[3], W = shp[4], C1 = (C + 31) / 32, N1 = (N + 15) / 16;
        int64_t fz[4] = {D * C1 * H * W, N1, 16, 32};
        storage = fz[0] * fz[1] * 512;
        std::vector<unsigned char> host((size_t)storage, 0);
        size_t i = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t dd = 0; dd < D; dd++)
                    for (int64_t h = 0; h < H; h++)
                        for (int64_t w = 0; w < W; w++) {
                            int64_t row = ((dd * C1 + c / 32) * H + h) * W + w;
                            Put(dt, vals[i++], &host[(size_t)(((row * N1 + n / 16) * 16 + n % 16) * 32 + c % 32)]);
                        }
        if (aclrtMalloc(&dev, (size_t)storage, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (aclrtMemcpy(dev, (size_t)storage, host.data(), (size_t)storage, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS)
            return false;
        t = aclCreateTensor(shape.data(), 5, dt, strides.data(), 0, ACL_FRACTAL_Z_3D, fz, 4, dev);
        return t != nullptr;
    }
    std::vector<unsigned char> Host() const
    {
        size_t bytes = (size_t)storage * Esz(dt);
        std::vector<unsigned char> h(bytes + 1);
        aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
    std::vector<double> Read() const
    {
        std::vector<unsigned char> h = Host();
        std::vector<double> r((size_t)numel());
        for (int64_t i = 0; i < numel(); i++) r[(size_t)i] = Get(dt, &h[(size_t)Where(i) * Esz(dt)]);
        return r;
    }
    // bytes outside the view keep their 0x5a fill
    size_t Clobbered() const
    {
        std::vector<unsigned char> h = Host();
        std::vector<char> in((size_t)storage, 0);
        for (int64_t i = 0; i < numel(); i++) in[(size_t)Where(i)] = 1;
        size_t bad = 0;
        for (int64_t e = 0; e < storage; e++)
            for (size_t b = 0; b < Esz(dt); b++)
                if (!in[(size_t)e] && h[(size_t)e * Esz(dt) + b] != 0x5a) bad++;
        return bad;
    }
};

struct Array {
    aclIntArray *a = nullptr;
    explicit Array(const std::vector<int64_t> &v) { a = aclCreateIntArray(v.data(), v.size()); }
    ~Array() { if (a) aclDestroyIntArray(a); }
};

// Random operand values the dtype holds exactly.
static std::vector<double> Operand(aclDataType dt, size_t n, Lcg &rng)
{
    std::vector<double> v(n);
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_INT8) {
            v[i] = std::floor(rng.uniform() * 256.0) - 128.0;
        } else if (dt == ACL_FLOAT8_E4M3FN) { // |v| in [2^-3, 2^3)
            int e = 4 + (int)(rng.uniform() * 6), m = (int)(rng.uniform() * 8);
            v[i] = E4m3Value((rng.uniform() < 0.5 ? 0x80 : 0) | (e << 3) | m);
        } else { // HIFLOAT8: values of the codes with |v| in [1/8, 8]
            double r = std::ldexp(1.0 + std::floor(rng.uniform() * 8) / 8.0, (int)(rng.uniform() * 6) - 3);
            v[i] = hif8_ref_value(hif8_ref_encode(rng.uniform() < 0.5 ? -r : r));
        }
    }
    return v;
}

static double Fp19(double s)
{
    float f = (float)s;
    uint32_t u;
    std::memcpy(&u, &f, 4);
    u &= 0xffffe000u;
    std::memcpy(&f, &u, 4);
    return f;
}

struct Conv {
    aclDataType xdt = ACL_INT8, ydt = ACL_FLOAT16, bdt = ACL_FLOAT, sdt = ACL_FLOAT;
    bool has_bias = true;
    std::vector<int64_t> xs, ws, stride, pads, dil;
    int64_t groups = 1;
    int32_t offsetx = 0;
    bool fill = false; // the reference pads with offsetx
    const char *round = nullptr;
    bool strided = false;
    bool nz = false; // aclnnQuantConvolutionWeightNz with a FRACTAL_Z_3D weight
};

static void Case(const char *name, const Conv &c, uint64_t seed)
{
    Lcg rng(seed);
    const int nsp = (int)c.xs.size() - 2;
    const aclFormat fmt = nsp == 2 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCDHW;
    std::vector<int64_t> lo(3, 0), hi(3, 0);
    for (int d = 0; d < nsp; d++) {
        if (c.pads.size() == (size_t)nsp) lo[d] = hi[d] = c.pads[d];
        else { lo[d] = c.pads[2 * d]; hi[d] = c.pads[2 * d + 1]; }
    }
    const int64_t N = c.xs[0], Cin = c.xs[1], Cout = c.ws[0], Cg = c.ws[1];
    std::vector<int64_t> ys = {N, Cout};
    int64_t I[3] = {1, 1, 1}, K[3] = {1, 1, 1}, O[3] = {1, 1, 1}, S[3] = {1, 1, 1}, D[3] = {1, 1, 1}, L[3] = {0, 0, 0};
    for (int d = 0; d < nsp; d++) {
        int q = 3 - nsp + d;
        I[q] = c.xs[2 + d];
        K[q] = c.ws[2 + d];
        S[q] = c.stride[d];
        D[q] = c.dil[d];
        L[q] = lo[d];
        O[q] = (I[q] + lo[d] + hi[d] - D[q] * (K[q] - 1) - 1) / S[q] + 1;
        ys.push_back(O[q]);
    }
    std::vector<double> x = Operand(c.xdt, (size_t)GetShapeSize(c.xs), rng);
    std::vector<double> w = Operand(c.xdt, (size_t)GetShapeSize(c.ws), rng);
    std::vector<double> scale(Cout), bias(Cout);
    std::vector<uint64_t> params(Cout);
    for (int64_t o = 0; o < Cout; o++) {
        double s = (c.xdt == ACL_INT8 ? 1.0 / 512 : 1.0 / 16) * (0.5 + rng.uniform());
        if (c.sdt != ACL_FLOAT) {
            float f = (float)s;
            uint32_t u;
            std::memcpy(&u, &f, 4);
            params[(size_t)o] = (uint64_t)u | (1ull << 46); // the flag TransQuantParam sets
            s = Fp19(s);
        }
        scale[(size_t)o] = c.sdt == ACL_FLOAT ? (double)(float)s : s;
        double b = c.bdt == ACL_INT32 ? std::floor(rng.uniform() * 2001) - 1000 : rng.uniform() * 4 - 2;
        if (c.bdt == ACL_FLOAT16) b = RefFromHalf(RefToHalf(b));
        if (c.bdt == ACL_BF16) b = RefFromBf16(RefToBf16(b));
        if (c.bdt == ACL_FLOAT) b = (float)b;
        bias[(size_t)o] = c.has_bias ? b : 0;
    }
    QT tx, tw, tb, ts, ty;
    if (!tx.Init(c.xdt, c.xs, fmt, x, c.strided) || !(c.nz ? tw.InitFz3d(c.xdt, c.ws, w) : tw.Init(c.xdt, c.ws, fmt, w)) ||
        (c.has_bias && !tb.Init(c.bdt, {Cout}, ACL_FORMAT_ND, bias, c.strided)) ||
        !ts.Init(c.sdt, {Cout}, ACL_FORMAT_ND, scale, c.strided, c.sdt == ACL_FLOAT ? nullptr : &params) ||
        !ty.Init(c.ydt, ys, fmt, {}, c.strided)) {
        EXPECT(false, "%s: tensors", name);
        return;
    }
    Array st(c.stride), pd(c.pads), dl(c.dil);
    int r = RunOp(c.nz ? "aclnnQuantConvolutionWeightNz" : "aclnnQuantConvolution", g_stream,
                  [&](uint64_t *wsz, aclOpExecutor **ex) {
                      auto s1 = c.nz ? aclnnQuantConvolutionWeightNzGetWorkspaceSize
                                     : aclnnQuantConvolutionGetWorkspaceSize;
                      return s1(tx.t, tw.t, c.has_bias ? tb.t : nullptr, ts.t, nullptr, st.a, pd.a, dl.a, false,
                                nullptr, c.groups, c.offsetx, c.round, ty.t, wsz, ex);
                  },
                  c.nz ? aclnnQuantConvolutionWeightNz : aclnnQuantConvolution);
    EXPECT(r == 0, "%s: run %d", name, r);
    if (r) return;
    // the reference (double)
    std::vector<double> ref((size_t)GetShapeSize(ys));
    const int64_t og = Cout / c.groups;
    size_t at = 0;
    for (int64_t n = 0; n < N; n++)
        for (int64_t co = 0; co < Cout; co++)
            for (int64_t o0 = 0; o0 < O[0]; o0++)
                for (int64_t o1 = 0; o1 < O[1]; o1++)
                    for (int64_t o2 = 0; o2 < O[2]; o2++) {
                        double acc = 0;
                        const int64_t g = co / og;
                        for (int64_t cg = 0; cg < Cg; cg++) {
                            const int64_t ci = g * Cg + cg;
                            for (int64_t k0 = 0; k0 < K[0]; k0++)
                                for (int64_t k1 = 0; k1 < K[1]; k1++)
                                    for (int64_t k2 = 0; k2 < K[2]; k2++) {
                                        int64_t p0 = o0 * S[0] + k0 * D[0] - L[0], p1 = o1 * S[1] + k1 * D[1] - L[1],
                                                p2 = o2 * S[2] + k2 * D[2] - L[2];
                                        double xv;
                                        if (p0 < 0 || p0 >= I[0] || p1 < 0 || p1 >= I[1] || p2 < 0 || p2 >= I[2])
                                            xv = c.fill ? c.offsetx : 0.0;
                                        else
                                            xv = x[(size_t)((((n * Cin + ci) * I[0] + p0) * I[1] + p1) * I[2] + p2)];
                                        acc += xv * w[(size_t)((((co * Cg + cg) * K[0] + k0) * K[1] + k1) * K[2] + k2)];
                                    }
                        }
                        const double s = scale[(size_t)co], b = bias[(size_t)co];
                        ref[at++] = c.bdt == ACL_INT32 && c.has_bias ? (acc + b) * s : acc * s + b;
                    }
    std::vector<double> got = ty.Read();
    if (c.ydt == ACL_FLOAT8_E4M3FN || c.ydt == ACL_HIFLOAT8) {
        // the stored code of the reference (one rounding of the exact value); the device rounds an
        // FP32 value, so a tie may go the other way: at most 1% and one code apart
        size_t off = 0, far = 0;
        for (size_t i = 0; i < ref.size(); i++) {
            unsigned char b;
            Put(c.ydt, ref[i], &b);
            double want = Get(c.ydt, &b);
            if (got[i] != want) {
                off++;
                if (std::fabs(got[i] - want) > 0.26 * std::fabs(want) + 1e-6) far++;
            }
        }
        EXPECT(off * 100 <= ref.size() && far == 0, "%s: %zu of %zu codes differ from the reference (%zu far)", name,
               off, ref.size(), far);
    } else {
        // one rounding of the exact value, within one unit in the last place (the device rounds
        // acc * scale + bias in FP32 first)
        const double ulp = c.ydt == ACL_BF16 ? 1.0 / 128 : c.ydt == ACL_FLOAT16 ? 1.0 / 1024 : 1.0 / 4194304;
        size_t bad = 0;
        double worst = 0;
        for (size_t i = 0; i < ref.size(); i++) {
            double e = std::fabs(got[i] - ref[i]), lim = ulp * std::fabs(ref[i]) + 1e-4;
            if (!(e <= lim)) bad++;
            if (e / lim > worst) worst = e / lim;
        }
        EXPECT(bad == 0, "%s (%s): %zu of %zu elements off by more than an ulp (worst %.3g of the limit)", name,
               c.ydt == ACL_BF16 ? "bf16" : c.ydt == ACL_FLOAT16 ? "fp16" : "fp32", bad, ref.size(), worst);
    }
    EXPECT(ty.Clobbered() == 0, "%s: storage outside y written", name);
}

// Stage-1 error: code and a message naming needle.
static void Err(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle)
        EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

struct V {
    const aclTensor *x, *w, *b, *s;
    aclTensor *y;
    const aclIntArray *st, *pd, *dl;
    int64_t groups;
    int32_t offsetx;
    const char *round;
    bool nz = false;
    V(const aclTensor *x_, const aclTensor *w_, const aclTensor *b_, const aclTensor *s_, aclTensor *y_,
      const aclIntArray *st_, const aclIntArray *pd_, const aclIntArray *dl_)
        : x(x_), w(w_), b(b_), s(s_), y(y_), st(st_), pd(pd_), dl(dl_), groups(1), offsetx(0), round(nullptr)
    {
    }
    int Call() const
    {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        auto s1 = nz ? aclnnQuantConvolutionWeightNzGetWorkspaceSize : aclnnQuantConvolutionGetWorkspaceSize;
        int r = s1(x, w, b, s, nullptr, st, pd, dl, false, nullptr, groups, offsetx, round, y, &ws, &ex);
        if (r == 0) aclDestroyAclOpExecutor(ex); // accepted and not run
        return r;
    }
};

static void ValidationA2()
{
    QT x, w, b, s, y, s64, x4, w4, y4, b32, xh, wh, yf, xf, bBad, sBad, yBad, b2;
    const aclFormat F5 = ACL_FORMAT_NCDHW;
    if (!x.Init(ACL_INT8, {1, 2, 4, 5, 6}, F5, {}) || !w.Init(ACL_INT8, {3, 2, 2, 2, 2}, F5, {}) ||
        !b.Init(ACL_FLOAT, {3}, ACL_FORMAT_ND, {}) || !s.Init(ACL_FLOAT, {3}, ACL_FORMAT_ND, {}) ||
        !y.Init(ACL_BF16, {1, 3, 3, 4, 5}, F5, {}) || !s64.Init(ACL_INT64, {3}, ACL_FORMAT_ND, {}) ||
        !x4.Init(ACL_INT8, {1, 2, 5, 6}, ACL_FORMAT_NCHW, {}) || !w4.Init(ACL_INT8, {3, 2, 2, 2}, ACL_FORMAT_NCHW, {}) ||
        !y4.Init(ACL_BF16, {1, 3, 4, 5}, ACL_FORMAT_NCHW, {}) || !b32.Init(ACL_INT32, {3}, ACL_FORMAT_ND, {}) ||
        !xh.Init(ACL_HIFLOAT8, {1, 2, 4, 5, 6}, F5, {}) || !wh.Init(ACL_HIFLOAT8, {3, 2, 2, 2, 2}, F5, {}) ||
        !yf.Init(ACL_FLOAT, {1, 3, 3, 4, 5}, F5, {}) || !xf.Init(ACL_INT8, {1, 2, 4, 5, 6}, ACL_FORMAT_NCHW, {}) ||
        !bBad.Init(ACL_FLOAT, {4}, ACL_FORMAT_ND, {}) || !sBad.Init(ACL_FLOAT, {2}, ACL_FORMAT_ND, {}) ||
        !yBad.Init(ACL_BF16, {1, 3, 3, 4, 4}, F5, {}) || !b2.Init(ACL_FLOAT, {1, 3}, ACL_FORMAT_ND, {})) {
        EXPECT(false, "validation tensors");
        return;
    }
    Array st({1, 1, 1}), pd({0, 0, 0}), dl({1, 1, 1}), pd6({0, 0, 0, 0, 0, 0}), st2({1, 1}), st0({1, 0, 1}),
        pdn({0, -1, 0}), st64({1, 64, 1}), dl256({1, 1, 256}), pd256({0, 256, 0});
    V ok{x.t, w.t, b.t, s.t, y.t, st.a, pd.a, dl.a};
    Err("valid", ok.Call(), 0, nullptr);
    V v = ok; v.b = nullptr; Err("A2 null bias", v.Call(), 161001, "bias");
    v = ok; v.x = nullptr; Err("null x", v.Call(), 161001, "x");
    v = ok; v.w = nullptr; Err("null filter", v.Call(), 161001, "filter");
    v = ok; v.s = nullptr; Err("null scale", v.Call(), 161001, "scale");
    v = ok; v.st = nullptr; Err("null strides", v.Call(), 161001, "strides");
    v = ok; v.pd = nullptr; Err("null pads", v.Call(), 161001, "pads");
    v = ok; v.y = nullptr; Err("null y", v.Call(), 161001, "y");
    v = ok; v.s = s64.t; Err("A2 INT64 scale", v.Call(), 161002, "scale");
    v = ok; v.b = b32.t; Err("A2 INT32 bias", v.Call(), 161002, "x, filter, bias, y");
    v = ok; v.x = xh.t; v.w = wh.t; Err("A2 HIFLOAT8", v.Call(), 161002, "DT_HIFLOAT8");
    v = ok; v.y = yf.t; Err("A2 FLOAT output", v.Call(), 161002, "combinations");
    v = ok; v.x = x4.t; v.w = w4.t; v.y = y4.t; Err("A2 2-D", v.Call(), 161002, "x dim num 4");
    v = ok; v.b = b2.t; Err("bias 2-D", v.Call(), 161002, "bias dim num");
    v = ok; v.st = st2.a; Err("strides size", v.Call(), 161002, "strides");
    v = ok; v.pd = pd6.a; Err("A2 6 pads", v.Call(), 161002, "pads");
    v = ok; v.x = xf.t; Err("x format NCHW", v.Call(), 161002, "format");
    v = ok; v.b = bBad.t; Err("bias shape", v.Call(), 161002, "bias");
    v = ok; v.s = sBad.t; Err("scale shape", v.Call(), 161002, "scale");
    v = ok; v.st = st0.a; Err("stride 0", v.Call(), 161002, "strides");
    v = ok; v.pd = pdn.a; Err("pad -1", v.Call(), 161002, "pads");
    v = ok; v.groups = 2; Err("A2 groups 2", v.Call(), 161002, "groups");
    v = ok; v.y = yBad.t; Err("y shape", v.Call(), 161002, "inferred");
    QT yp, ys, xd, yd;
    if (!yp.Init(ACL_BF16, {1, 3, 3, 516, 5}, F5, {}) || !ys.Init(ACL_BF16, {1, 3, 3, 1, 5}, F5, {}) ||
        !xd.Init(ACL_INT8, {1, 2, 4, 5, 300}, F5, {}) || !yd.Init(ACL_BF16, {1, 3, 3, 4, 44}, F5, {})) {
        EXPECT(false, "limit tensors");
        return;
    }
    v = ok; v.st = st64.a; v.y = ys.t; Err("strideH 64", v.Call(), 161002, "strideH");
    v = ok; v.dl = dl256.a; v.x = xd.t; v.y = yd.t; Err("dilationW 256", v.Call(), 161002, "dilationW");
    v = ok; v.pd = pd256.a; v.y = yp.t; Err("padH 256", v.Call(), 161002, "paddingH");
    v = ok; v.offsetx = 100; v.round = "xx"; Err("A2 ignores offsetx / roundMode", v.Call(), 0, nullptr);
}

static void ValidationNz()
{
    QT x, w, wfz, wbad, b, s, y;
    const aclFormat F5 = ACL_FORMAT_NCDHW;
    std::vector<double> wv(3 * 2 * 8, 1.0);
    if (!x.Init(ACL_INT8, {1, 2, 4, 5, 6}, F5, {}) || !w.Init(ACL_INT8, {3, 2, 2, 2, 2}, F5, {}) ||
        !wfz.InitFz3d(ACL_INT8, {3, 2, 2, 2, 2}, wv) || !b.Init(ACL_FLOAT, {3}, ACL_FORMAT_ND, {}) ||
        !s.Init(ACL_FLOAT, {3}, ACL_FORMAT_ND, {}) || !y.Init(ACL_BF16, {1, 3, 3, 4, 5}, F5, {})) {
        EXPECT(false, "nz validation tensors");
        return;
    }
    int64_t vs[5] = {3, 2, 2, 2, 2}, st5[5] = {16, 8, 4, 2, 1}, bad[4] = {8, 1, 16, 16};
    void *dev = nullptr;
    aclrtMalloc(&dev, 8 * 16 * 16, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *wb = aclCreateTensor(vs, 5, ACL_INT8, st5, 0, ACL_FRACTAL_Z_3D, bad, 4, dev);
    Array sta({1, 1, 1}), pd({0, 0, 0}), dl({1, 1, 1});
    V ok(x.t, wfz.t, b.t, s.t, y.t, sta.a, pd.a, dl.a);
    ok.nz = true;
    Err("nz valid", ok.Call(), 0, nullptr);
    V v = ok; v.w = w.t; Err("nz with an NCDHW weight", v.Call(), 161002, "FRACTAL_Z_3D");
    v = ok; v.w = wb; Err("nz storage shape", v.Call(), 161002, "[8, 1, 16, 32]");
    v = ok; v.nz = false; v.w = wfz.t; Err("FRACTAL_Z_3D weight to aclnnQuantConvolution", v.Call(), 161002, "NCDHW");
    aclDestroyTensor(wb);
    aclrtFree(dev);
}

static void Validation950()
{
    QT x, w, s, y, yh, y8, x8, w8, xh, wh, b32, bf, w5, wg, s3, yg;
    const aclFormat F4 = ACL_FORMAT_NCHW;
    if (!x.Init(ACL_INT8, {1, 4, 5, 6}, F4, {}) || !w.Init(ACL_INT8, {2, 4, 2, 2}, F4, {}) ||
        !s.Init(ACL_UINT64, {2}, ACL_FORMAT_ND, {}) || !y.Init(ACL_FLOAT16, {1, 2, 4, 5}, F4, {}) ||
        !yh.Init(ACL_HIFLOAT8, {1, 2, 4, 5}, F4, {}) || !y8.Init(ACL_FLOAT8_E4M3FN, {1, 2, 4, 5}, F4, {}) ||
        !x8.Init(ACL_FLOAT8_E4M3FN, {1, 4, 5, 6}, F4, {}) || !w8.Init(ACL_FLOAT8_E4M3FN, {2, 4, 2, 2}, F4, {}) ||
        !xh.Init(ACL_HIFLOAT8, {1, 4, 5, 6}, F4, {}) || !wh.Init(ACL_HIFLOAT8, {2, 4, 2, 2}, F4, {}) ||
        !b32.Init(ACL_INT32, {2}, ACL_FORMAT_ND, {}) || !bf.Init(ACL_FLOAT, {2}, ACL_FORMAT_ND, {}) ||
        !w5.Init(ACL_INT8, {2, 4, 1, 2, 2}, ACL_FORMAT_NCDHW, {}) || !wg.Init(ACL_INT8, {3, 2, 2, 2}, F4, {}) ||
        !s3.Init(ACL_UINT64, {3}, ACL_FORMAT_ND, {}) || !yg.Init(ACL_FLOAT16, {1, 3, 4, 5}, F4, {})) {
        EXPECT(false, "validation tensors");
        return;
    }
    Array st({1, 1}), pd({0, 0}), dl({1, 1}), pd3({0, 0, 0});
    V ok{x.t, w.t, nullptr, s.t, y.t, st.a, pd.a, dl.a};
    Err("950 no bias", ok.Call(), 0, nullptr);
    V v = ok; v.b = b32.t; Err("950 INT32 bias", v.Call(), 0, nullptr);
    v = ok; v.x = x8.t; v.w = w8.t; v.y = y8.t; v.b = bf.t; v.round = "rint"; Err("fp8 rint", v.Call(), 0, nullptr);
    v.round = nullptr; Err("fp8 null roundMode", v.Call(), 161001, "roundMode");
    v.round = "round"; Err("fp8 roundMode round", v.Call(), 161002, "round_mode");
    v = ok; v.x = xh.t; v.w = wh.t; v.y = yh.t; v.round = "rint"; Err("hif8 roundMode rint", v.Call(), 161002, "'round'");
    v.round = "round"; v.offsetx = 1; Err("hif8 offsetx", v.Call(), 161002, "offset_x");
    v = ok; v.offsetx = 128; Err("offsetx 128", v.Call(), 161002, "[-128, 127]");
    v = ok; v.round = "a-b"; Err("bad roundMode char", v.Call(), 161002, "invalid character");
    v = ok; v.round = "whatever_1"; Err("roundMode ignored for FLOAT16", v.Call(), 0, nullptr);
    v = ok; v.w = w5.t; Err("x 4-D filter 5-D", v.Call(), 161002, "must be the same");
    v = ok; v.pd = pd3.a; Err("2-D 3 pads", v.Call(), 161002, "pads");
    v = ok; v.w = wg.t; v.s = s3.t; v.y = yg.t; v.groups = 2; Err("groups divide Cout", v.Call(), 161002, "groups(2)");
    v = ok; v.groups = 0; Err("groups 0", v.Call(), 161002, "groups");
    v = ok; v.x = xh.t; v.w = wh.t; Err("hif8 FLOAT16 out with INT32 bias", (v.b = b32.t, v.Call()), 161002,
                                        "combinations");
}

int main(int argc, char **argv)
{
    const std::string chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    hif8_ref_init();
    if (chip == "310p") {
        QT x, w, b, s, y;
        const aclFormat F5 = ACL_FORMAT_NCDHW;
        if (!x.Init(ACL_INT8, {1, 2, 3, 3, 3}, F5, {}) || !w.Init(ACL_INT8, {2, 2, 1, 1, 1}, F5, {}) ||
            !b.Init(ACL_FLOAT, {2}, ACL_FORMAT_ND, {}) || !s.Init(ACL_FLOAT, {2}, ACL_FORMAT_ND, {}) ||
            !y.Init(ACL_FLOAT16, {1, 2, 3, 3, 3}, F5, {}))
            return 1;
        Array st({1, 1, 1}), pd({0, 0, 0}), dl({1, 1, 1});
        V v{x.t, w.t, b.t, s.t, y.t, st.a, pd.a, dl.a};
        Err("310P", v.Call(), 161002, "SoC version");
    } else if (chip == "950") {
        Conv c;
        c.xs = {2, 4, 7, 9};
        c.ws = {6, 2, 3, 2};
        c.stride = {2, 1};
        c.pads = {1, 0, 2, 1};
        c.dil = {1, 2};
        c.groups = 2;
        c.bdt = ACL_INT32;
        c.sdt = ACL_INT64;
        c.ydt = ACL_FLOAT16;
        c.offsetx = 3;
        c.fill = true;
        Case("950 2-D int8 groups offsetx int64 scale int32 bias", c, 11);
        c.strided = true;
        c.offsetx = -7;
        c.sdt = ACL_UINT64;
        Case("950 2-D int8 strided uint64 scale", c, 12);
        Conv d;
        d.xs = {1, 3, 5, 6, 7};
        d.ws = {4, 3, 2, 3, 2};
        d.stride = {1, 2, 1};
        d.pads = {1, 0, 0, 1, 2, 0};
        d.dil = {2, 1, 1};
        d.bdt = ACL_BF16;
        d.ydt = ACL_BF16;
        d.offsetx = 9; // Conv3DV2 route (FLOAT scale): pads with zeros
        Case("950 3-D int8 float scale bf16 (offsetx not the pad value)", d, 13);
        d.sdt = ACL_UINT64;
        d.bdt = ACL_FLOAT;
        d.ydt = ACL_FLOAT16;
        d.fill = true;
        Case("950 3-D int8 uint64 scale offsetx", d, 14);
        d.fill = false;
        d.offsetx = 0;
        d.has_bias = false;
        d.sdt = ACL_FLOAT;
        Case("950 3-D int8 no bias", d, 15);
        Conv h;
        h.xdt = ACL_HIFLOAT8;
        h.xs = {2, 4, 6, 6};
        h.ws = {4, 1, 3, 3};
        h.stride = {1, 1};
        h.pads = {1, 1};
        h.dil = {1, 1};
        h.groups = 4; // depthwise
        h.ydt = ACL_HIFLOAT8;
        h.round = "round";
        Case("950 hif8 -> hif8 depthwise", h, 16);
        h.ydt = ACL_FLOAT;
        h.round = nullptr;
        h.groups = 1;
        h.ws = {3, 4, 3, 3};
        h.strided = true;
        Case("950 hif8 -> fp32 strided", h, 17);
        h.ydt = ACL_BF16;
        h.has_bias = false;
        h.strided = false;
        Case("950 hif8 -> bf16 no bias", h, 18);
        Conv f;
        f.xdt = ACL_FLOAT8_E4M3FN;
        f.xs = {1, 5, 4, 5, 6};
        f.ws = {3, 5, 2, 2, 3};
        f.stride = {1, 1, 2};
        f.pads = {0, 1, 1};
        f.dil = {1, 2, 1};
        f.ydt = ACL_FLOAT;
        f.sdt = ACL_INT64;
        Case("950 fp8 3-D -> fp32", f, 19);
        f.ydt = ACL_FLOAT8_E4M3FN;
        f.round = "rint";
        Case("950 fp8 3-D -> fp8", f, 20);
        f.ydt = ACL_FLOAT16;
        f.round = nullptr;
        f.xs = {1, 5, 9, 9};
        f.ws = {3, 5, 3, 3};
        f.stride = {1, 1};
        f.pads = {1, 1};
        f.dil = {1, 1};
        Case("950 fp8 2-D -> fp16", f, 21);
        Conv z;
        z.nz = true;
        z.xdt = ACL_HIFLOAT8;
        z.xs = {1, 33, 3, 5, 4};
        z.ws = {17, 33, 1, 3, 2};
        z.stride = {1, 1, 1};
        z.pads = {0, 1, 0, 1, 1, 0};
        z.dil = {1, 1, 1};
        z.ydt = ACL_FLOAT16;
        Case("950 WeightNz hif8 3-D (C1 2, N1 2)", z, 22);
        z.xdt = ACL_INT8;
        z.bdt = ACL_INT32;
        z.sdt = ACL_UINT64;
        z.offsetx = -4;
        z.fill = true;
        Case("950 WeightNz int8 int32 bias uint64 scale offsetx", z, 23);
        Validation950();
    } else { // Atlas A2, and A3 ("a3") by the same rules
        Conv c;
        c.xs = {2, 3, 5, 7, 6};
        c.ws = {4, 3, 2, 3, 2};
        c.stride = {1, 2, 1};
        c.pads = {1, 0, 2};
        c.dil = {1, 1, 2};
        c.ydt = ACL_BF16;
        c.bdt = ACL_FLOAT;
        c.offsetx = 5; // not used on A2 / A3
        Case("A2 3-D int8 bf16 float bias", c, 1);
        c.ydt = ACL_FLOAT16;
        c.bdt = ACL_FLOAT16;
        c.strided = true;
        Case("A2 3-D int8 fp16 fp16 bias strided", c, 2);
        c.ydt = ACL_BF16;
        c.bdt = ACL_BF16;
        c.strided = false;
        c.xs = {1, 16, 4, 8, 8};
        c.ws = {8, 16, 3, 3, 3};
        c.stride = {1, 1, 1};
        c.pads = {1, 1, 1};
        c.dil = {1, 1, 1};
        Case("A2 3-D int8 bf16 bf16 bias 3x3x3", c, 3);
        c.nz = true;
        c.xs = {2, 40, 4, 6, 5};
        c.ws = {20, 40, 2, 3, 2};
        c.stride = {1, 2, 1};
        c.pads = {1, 1, 0};
        c.dil = {2, 1, 1};
        c.ydt = ACL_FLOAT16;
        c.bdt = ACL_FLOAT;
        Case("A2 WeightNz 3-D int8 fp16 (C1 2, N1 2)", c, 4);
        c.strided = true;
        c.ydt = ACL_BF16;
        Case("A2 WeightNz 3-D int8 bf16 strided x / y", c, 5);
        ValidationA2();
        ValidationNz();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
