// aclnnSwigluGroupQuant: values of the four quant modes against a double reference written from
// docs/aclnnSwigluGroupQuant.md (SwiGLU with clamp and per-token weight over the first
// min(sum(groupIndex), N) rows; block FP8 scales max(amax, 1e-4) / fp8max, optionally rounded up to
// a power of two; MX E8M0 scales 2^ceil(log2(max(amax, 1e-4) / fp8max)) for FP8 and the OCP
// floor(log2(amax)) - emax for FP4 of the values rounded to x's dtype; static HiF8 with invScale per
// group; dynamic HiF8 amax / dstTypeMax per group or global), with element codes checked by
// nearest-value decoding tables written here (FP8 E4M3FN / E5M2, HiFloat8, FP4 E2M1 / E1M2), then
// every validation path (status + message) and the chip refusal.
// Argument: "950" (values and checks) or "910b" (the chip refusal).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_swiglu_group_quant.h"
#include "../activation/act_test_util.h"

static std::string g_chip = "950";

// ---- independent decoders of the 8 / 4-bit codes ------------------------------------------
static double DecFp8(int dt, unsigned c)
{
    int mb = dt == ACL_FLOAT8_E5M2 ? 2 : 3, bias = dt == ACL_FLOAT8_E5M2 ? 15 : 7, eb = 7 - mb;
    unsigned e = (c >> mb) & ((1u << eb) - 1), m = c & ((1u << mb) - 1);
    double s = (c & 0x80) ? -1.0 : 1.0;
    if (dt == ACL_FLOAT8_E4M3FN && (c & 0x7f) == 0x7f) return NAN;
    if (dt == ACL_FLOAT8_E5M2 && e == 31) return m ? NAN : s * INFINITY;
    if (e == 0) return s * std::ldexp((double)m, 1 - bias - mb);
    return s * std::ldexp(1.0 + m / (double)(1u << mb), (int)e - bias);
}

// HiFloat8: sign, a prefix "dot" field giving the exponent width (0 / 0 / 1 / 2 / 3 bits, 0001 the
// exponent 0, 0000 the denormals 2^(M - 23)), the exponent in sign-magnitude with an implicit
// leading one, the mantissa (3 / 3 / 3 / 2 / 1 bits); 0x80 NaN, +-0x6F +-Inf.
static double DecHif8(unsigned c)
{
    double s = (c & 0x80) ? -1.0 : 1.0;
    unsigned b = c & 0x7f;
    if (c == 0x80) return NAN;
    if (b == 0x6f) return s * INFINITY;
    if (b < 8) return b ? s * std::ldexp(1.0, (int)b - 23) : 0.0 * s;
    int E, mb;
    unsigned m;
    if ((b >> 5) == 3) { mb = 1; int ex = (b >> 1) & 0xf; E = 8 + (ex & 7); if (ex & 8) E = -E; m = b & 1; }
    else if ((b >> 5) == 2) { mb = 2; int ex = (b >> 2) & 7; E = 4 + (ex & 3); if (ex & 4) E = -E; m = b & 3; }
    else if ((b >> 5) == 1) { mb = 3; int ex = (b >> 3) & 3; E = 2 + (ex & 1); if (ex & 2) E = -E; m = b & 7; }
    else if ((b >> 4) == 1) { mb = 3; E = (b & 8) ? -1 : 1; m = b & 7; }
    else { mb = 3; E = 0; m = b & 7; }
    return s * std::ldexp(1.0 + m / (double)(1u << mb), E);
}

static double DecFp4(int dt, unsigned c)
{
    static const double e2m1[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    double v = dt == ACL_FLOAT4_E1M2 ? (c & 7) * 0.25 : e2m1[c & 7];
    return (c & 8) ? -v : v;
}

static double Dec(int dt, unsigned c)
{
    if (dt == ACL_HIFLOAT8) return DecHif8(c);
    if (dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2) return DecFp4(dt, c);
    return DecFp8(dt, c);
}

// The finite value of dt closest to ref (saturating).
static double Nearest(int dt, double ref)
{
    int n = (dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2) ? 16 : 256;
    double best = 0, bd = INFINITY;
    for (int c = 0; c < n; c++) {
        double v = Dec(dt, (unsigned)c);
        if (!std::isfinite(v)) continue;
        double d = std::fabs(v - ref);
        if (d < bd) { bd = d; best = v; }
    }
    return best;
}

// actual code c encodes ref to the nearest value (ties either way, FP32 vs double slack)
static bool CodeOk(int dt, unsigned c, double ref)
{
    double a = Dec(dt, c), g = Nearest(dt, ref);
    if (std::isnan(a)) return false;
    if (a == g) return true;
    return std::fabs(a - ref) <= std::fabs(g - ref) * (1 + 1e-3) + 1e-30;
}

// ---- raw device tensors --------------------------------------------------------------------
static size_t Bits(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return 32;
    case ACL_FLOAT16: case ACL_BF16: return 16;
    case ACL_INT64: return 64;
    case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2: return 4;
    default: return 8;
    }
}

struct Raw {
    aclDataType dt = ACL_FLOAT;
    std::vector<int64_t> shape;
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    Raw() {}
    Raw(const Raw &) = delete;
    ~Raw()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    bool Init(aclDataType d, const std::vector<int64_t> &s, const std::vector<uint8_t> &host = {}, uint8_t fill = 0x5a)
    {
        dt = d;
        shape = s;
        bytes = (size_t)(GetShapeSize(s) * (int64_t)Bits(d) + 7) / 8;
        std::vector<uint8_t> h(bytes ? bytes : 1, fill);
        if (!host.empty()) memcpy(h.data(), host.data(), std::min(bytes, host.size()));
        if (aclrtMalloc(&dev, h.size(), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        aclrtMemcpy(dev, h.size(), h.data(), h.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> st(s.size(), 1);
        for (int64_t i = (int64_t)s.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * s[(size_t)i + 1];
        t = aclCreateTensor(s.data(), s.size(), d, st.data(), 0, ACL_FORMAT_ND, s.data(), s.size(), dev);
        return t != nullptr;
    }
    bool InitValues(aclDataType d, const std::vector<int64_t> &s, const std::vector<double> &v)
    {
        size_t esz = Bits(d) / 8;
        std::vector<uint8_t> h(v.size() * esz);
        for (size_t i = 0; i < v.size(); i++) Encode(d, v[i], &h[i * esz]);
        return Init(d, s, h);
    }
    // a view with every other element of a twice as large storage (offset 1): x read through strides
    bool InitStrided(aclDataType d, const std::vector<int64_t> &s, const std::vector<double> &v)
    {
        dt = d;
        shape = s;
        size_t esz = Bits(d) / 8, n = v.size();
        bytes = (2 * n + 1) * esz;
        std::vector<uint8_t> h(bytes, 0x7f);
        for (size_t i = 0; i < n; i++) Encode(d, v[i], &h[(1 + 2 * i) * esz]);
        if (aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> st(s.size(), 2), storage = {(int64_t)(2 * n + 1)};
        for (int64_t i = (int64_t)s.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * s[(size_t)i + 1];
        t = aclCreateTensor(s.data(), s.size(), d, st.data(), 1, ACL_FORMAT_ND, storage.data(), 1, dev);
        return t != nullptr;
    }
    std::vector<uint8_t> Bytes() const
    {
        std::vector<uint8_t> h(bytes ? bytes : 1);
        aclrtMemcpy(h.data(), h.size(), dev, h.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
    std::vector<double> Values() const
    {
        std::vector<uint8_t> h = Bytes();
        size_t esz = Bits(dt) / 8, n = (size_t)GetShapeSize(shape);
        std::vector<double> v(n);
        for (size_t i = 0; i < n; i++) v[i] = Decode(dt, &h[i * esz]);
        return v;
    }
};

static unsigned CodeAt(const std::vector<uint8_t> &b, aclDataType dt, size_t i)
{
    if (Bits(dt) == 4) return (i & 1) ? (b[i / 2] >> 4) & 0xf : b[i / 2] & 0xf;
    return b[i];
}

// ---- the reference -------------------------------------------------------------------------
struct Case {
    const char *name;
    aclDataType xdt;
    std::vector<int64_t> xshape;
    int64_t mode, dst;          // dst: y dtype
    bool round, weight;
    double clamp;               // -1: none
    std::vector<int64_t> groups;
    bool origin;
    double dmax;                // mode 3
    int special;                // 1: Infs in x1 (mode 0), 2: row 0 zero, 3: x zero
    bool strided;               // x a strided view (omitted: false)
};

static void RunCase(aclrtStream stream, const Case &c, uint64_t seed)
{
    const int64_t D = c.xshape.back(), H = D / 2, N = GetShapeSize(c.xshape) / D;
    std::vector<double> x = QuantAll(c.xdt, RandomValues((size_t)(N * D), seed, 0.6));
    if (c.special == 1) { x[(size_t)H + 3] = INFINITY; x[(size_t)H + 5] = -INFINITY; x[3] = 1.0; x[5] = 2.0; }
    if (c.special == 2) std::fill(x.begin(), x.begin() + D, 0.0);  // row 0 zero: the 1e-4 / 1e-8 floors
    if (c.special == 3) std::fill(x.begin(), x.end(), 0.0);        // all zero
    if (c.clamp > 0) { x[7] = c.clamp + 2; x[(size_t)H + 7] = -c.clamp - 3; x[(size_t)H + 8] = c.clamp + 1; }
    std::vector<double> w = QuantAll(ACL_FLOAT, RandomValues((size_t)N, seed + 1, 0.3));
    const int64_t G = (int64_t)c.groups.size();
    std::vector<double> inv(G ? G : 1);
    for (size_t g = 0; g < inv.size(); g++) inv[g] = Quant(ACL_FLOAT, 3.0 + 2.5 * g);
    int64_t sum = 0;
    for (int64_t g : c.groups) sum += g;
    const int64_t real = G ? std::max<int64_t>(0, std::min(sum, N)) : N;
    // y in double
    std::vector<double> y((size_t)(N * H));
    for (int64_t r = 0; r < N; r++)
        for (int64_t h = 0; h < H; h++) {
            double a = x[(size_t)(r * D + h)], b = x[(size_t)(r * D + H + h)];
            if (c.clamp > 0) { a = std::min(a, c.clamp); b = std::max(-c.clamp, std::min(b, c.clamp)); }
            double v = a / (1.0 + std::exp(-a)) * b;
            y[(size_t)(r * H + h)] = c.weight ? v * w[(size_t)r] : v;
        }
    std::vector<int64_t> lead(c.xshape.begin(), c.xshape.end() - 1), yshape = lead, sshape = lead;
    yshape.push_back(H);
    aclDataType sdt = ACL_FLOAT;
    int64_t sc = 0;
    if (c.mode == 0) { sc = H / 128; sshape.push_back(sc); }
    else if (c.mode == 1) { sc = H / 32; sshape.push_back((sc + 1) / 2); sshape.push_back(2); sdt = ACL_FLOAT8_E8M0; }
    else sshape = {G ? G : 1};
    Raw tx, tw, tg, ts, ty, tys, tyo;
    std::vector<double> gv(c.groups.begin(), c.groups.end());
    if (!(c.strided ? tx.InitStrided(c.xdt, c.xshape, x) : tx.InitValues(c.xdt, c.xshape, x)) || !ty.Init((aclDataType)c.dst, yshape) || !tys.Init(sdt, sshape) ||
        !tyo.Init(c.xdt, yshape))
        return;
    if (c.weight && !tw.InitValues(ACL_FLOAT, {N}, w)) return;
    if (G && !tg.InitValues(ACL_INT64, {G}, gv)) return;
    if (c.mode == 2 && !ts.InitValues(ACL_FLOAT, {G ? G : 1}, inv)) return;
    int64_t dstType = c.mode <= 1 ? c.dst : 34;
    int rc = Run("SwigluGroupQuant", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnSwigluGroupQuantGetWorkspaceSize(tx.t, c.weight ? tw.t : nullptr, G ? tg.t : nullptr,
                                                     c.mode == 2 ? ts.t : nullptr, dstType, c.mode, 0, c.round,
                                                     c.clamp, c.dmax, c.origin, ty.t, tys.t, tyo.t, ws, e);
    }, aclnnSwigluGroupQuant);
    EXPECT(rc == 0, "%s: run failed %d", c.name, rc);
    if (rc) return;
    std::vector<uint8_t> yb = ty.Bytes(), sb = tys.Bytes();
    const aclDataType yd = (aclDataType)c.dst;
    int bad = 0, badscale = 0, touched = 0;
    double fmax = yd == ACL_FLOAT8_E5M2 ? 57344.0 : 448.0;
    std::vector<float> sf((size_t)GetShapeSize(sshape));
    if (sdt == ACL_FLOAT) memcpy(sf.data(), sb.data(), sf.size() * 4);
    for (int64_t r = 0; r < N; r++) {
        if (c.mode <= 1 && r >= real) { // left as it was
            for (int64_t h = 0; h < H; h++)
                if (Bits(yd) == 8 ? yb[(size_t)(r * H + h)] != 0x5a : CodeAt(yb, yd, (size_t)(r * H + h)) != (((r * H + h) & 1) ? 5u : 0xau)) touched++;
            for (int64_t k = 0; k < (c.mode == 0 ? sc : 2 * ((sc + 1) / 2)); k++)
                if (c.mode == 0 ? sb[(size_t)(r * sc + k) * 4] != 0x5a : sb[(size_t)(r * 2 * ((sc + 1) / 2) + k)] != 0x5a) touched++;
            continue;
        }
        if (c.mode == 0) {
            for (int64_t k = 0; k < sc; k++) {
                double m = 0;
                for (int j = 0; j < 128; j++) {
                    double v = y[(size_t)(r * H + k * 128 + j)];
                    if (std::isfinite(v)) m = std::max(m, std::fabs(v));
                }
                double raw = std::max(m, 1e-4) / fmax, s = raw, iv = fmax / std::max(m, 1e-4);
                if (c.round) { s = std::ldexp(1.0, (int)std::ceil(std::log2(raw))); iv = 1.0 / s; }
                double got = sf[(size_t)(r * sc + k)];
                if (!(std::fabs(got - s) <= 1e-5 * s)) { if (badscale++ < 3) printf("  %s scale[%ld,%ld] %g vs %g\n", c.name, (long)r, (long)k, got, s); }
                for (int j = 0; j < 128; j++) {
                    size_t i = (size_t)(r * H + k * 128 + j);
                    double t = y[i] * iv;
                    if (!std::isfinite(t)) t = y[i];
                    unsigned code = yb[i];
                    bool ok = std::isinf(t) ? Dec(yd, code) == std::copysign(fmax, t) : CodeOk(yd, code, t);
                    if (!ok && bad++ < 3) printf("  %s y[%zu] code %#x (%g) vs %g\n", c.name, i, code, Dec(yd, code), t);
                }
            }
        } else if (c.mode == 1) {
            bool fp4 = Bits(yd) == 4;
            for (int64_t k = 0; k < sc; k++) {
                double m = 0, vals[32];
                for (int j = 0; j < 32; j++) {
                    double v = y[(size_t)(r * H + k * 32 + j)];
                    vals[j] = fp4 ? Quant(c.xdt, v) : v;
                    m = std::max(m, std::fabs(vals[j]));
                }
                int e; // the E8M0 code is e + 127
                if (fp4) { // OCP: floor(log2(amax)) - emax (2 for E2M1, 0 for E1M2), the code at least 0
                    int emax = yd == ACL_FLOAT4_E2M1 ? 2 : 0;
                    e = m == 0 ? -127 : std::max((int)std::floor(std::log2(m)) + 127, emax) - emax - 127;
                } else {
                    e = (int)std::ceil(std::log2(std::max(m, 1e-4) / fmax));
                }
                unsigned want = (unsigned)(e + 127), got = sb[(size_t)(r * 2 * ((sc + 1) / 2) + k)];
                if (got != want && badscale++ < 3) printf("  %s e8m0[%ld,%ld] %u vs %u\n", c.name, (long)r, (long)k, got, want);
                for (int j = 0; j < 32; j++) {
                    size_t i = (size_t)(r * H + k * 32 + j);
                    double t = std::ldexp(vals[j], -e);
                    unsigned code = CodeAt(yb, yd, i);
                    if (!CodeOk(yd, code, t) && bad++ < 3) printf("  %s y[%zu] code %#x (%g) vs %g\n", c.name, i, code, Dec(yd, code), t);
                }
            }
        }
    }
    if (c.mode >= 2) {
        // group of each row (-1: past the groups), the multiplier of each group
        std::vector<int64_t> grp((size_t)N, G ? -1 : 0);
        int64_t start = 0;
        for (int64_t g = 0; g < G; g++) {
            for (int64_t r = start; r < std::min(start + c.groups[(size_t)g], N); r++) grp[(size_t)r] = g;
            start += c.groups[(size_t)g];
        }
        std::vector<double> mult(G ? G : 1, 0.0), scale(G ? G : 1, -1.0);
        for (int64_t g = 0; g < (G ? G : 1); g++) {
            if (c.mode == 2) { mult[(size_t)g] = inv[(size_t)g]; continue; }
            double m = -1;
            for (int64_t r = 0; r < N; r++)
                if (grp[(size_t)r] == g)
                    for (int64_t h = 0; h < H; h++) m = std::max(m, std::max(std::fabs(y[(size_t)(r * H + h)]), 1e-8));
            if (m < 0) continue; // an empty group: y_scale kept
            scale[(size_t)g] = m / c.dmax;
            mult[(size_t)g] = c.dmax / m;
        }
        if (c.mode == 3)
            for (int64_t g = 0; g < (G ? G : 1); g++) {
                bool keep = scale[(size_t)g] < 0;
                uint32_t bits;
                memcpy(&bits, &sf[(size_t)g], 4);
                if (keep ? bits != 0x5a5a5a5au : !(std::fabs(sf[(size_t)g] - scale[(size_t)g]) <= 1e-5 * scale[(size_t)g])) {
                    if (badscale++ < 3) printf("  %s y_scale[%ld] %g vs %g\n", c.name, (long)g, (double)sf[(size_t)g], scale[(size_t)g]);
                }
            }
        for (int64_t r = 0; r < N; r++)
            for (int64_t h = 0; h < H; h++) {
                size_t i = (size_t)(r * H + h);
                int64_t g = grp[(size_t)r];
                double t = g < 0 ? 0.0 : y[i] * mult[(size_t)g];
                unsigned code = yb[i];
                if (!CodeOk(ACL_HIFLOAT8, code, t) && bad++ < 3) printf("  %s y[%zu] code %#x (%g) vs %g\n", c.name, i, code, DecHif8(code), t);
            }
        if (c.mode == 2) { // y_scale is not written in static mode
            for (uint8_t b : sb) if (b != 0x5a) touched++;
        }
    }
    std::vector<uint8_t> ob = tyo.Bytes();
    if (c.origin && c.mode >= 2) {
        std::vector<double> o = tyo.Values();
        std::vector<double> g((size_t)(N * H));
        for (size_t i = 0; i < g.size(); i++) g[i] = Quant(c.xdt, y[i]);
        EXPECT(CheckAccuracy(c.name, o, g, c.xdt == ACL_FLOAT ? 1e-5 : 8e-3, c.xdt == ACL_FLOAT ? 1e-6 : 1e-3, c.xdt == ACL_FLOAT ? 1e-4 : 2e-2), "%s: y_origin", c.name);
    } else {
        for (uint8_t b : ob) if (b != 0x5a) touched++;
    }
    EXPECT(bad == 0, "%s: %d element codes wrong", c.name, bad);
    EXPECT(badscale == 0, "%s: %d scales wrong", c.name, badscale);
    EXPECT(touched == 0, "%s: %d bytes written that must be kept", c.name, touched);
}

static void TestValues(aclrtStream s)
{
    const aclDataType E4 = ACL_FLOAT8_E4M3FN, E5 = ACL_FLOAT8_E5M2, H8 = ACL_HIFLOAT8;
    uint64_t seed = 4100;
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        RunCase(s, {"block e4m3", dt, {2, 3, 256}, 0, E4, false, false, -1, {}, false, 0, 0}, seed++);
        RunCase(s, {"block e5m2 weight clamp", dt, {4, 512}, 0, E5, false, true, 1.5, {}, false, 0, 0}, seed++);
        RunCase(s, {"block round groups", dt, {5, 768}, 0, E4, true, true, -1, {1, 2}, false, 0, 0}, seed++);
        RunCase(s, {"block e5m2 round", dt, {3, 256}, 0, E5, true, false, 2.0, {7}, false, 0, 0}, seed++);
        RunCase(s, {"mx e4m3", dt, {2, 2, 256}, 1, E4, true, false, -1, {}, false, 0, 0}, seed++);
        RunCase(s, {"mx e5m2 weight groups", dt, {6, 512}, 1, E5, true, true, 1.0, {2, 0, 2}, false, 0, 0}, seed++);
        RunCase(s, {"mx fp4 e2m1", dt, {3, 256}, 1, ACL_FLOAT4_E2M1, true, true, -1, {}, false, 0, 0}, seed++);
        RunCase(s, {"mx fp4 e1m2 groups", dt, {4, 512}, 1, ACL_FLOAT4_E1M2, true, false, 3.0, {3}, false, 0, 0}, seed++);
    }
    RunCase(s, {"block inf", ACL_FLOAT16, {2, 256}, 0, E4, false, false, -1, {}, false, 0, 1}, seed++);
    RunCase(s, {"block zero row", ACL_FLOAT16, {2, 256}, 0, E4, false, false, -1, {}, false, 0, 2}, seed++);
    RunCase(s, {"block round zero row", ACL_BF16, {2, 512}, 0, E5, true, false, -1, {}, false, 0, 2}, seed++);
    RunCase(s, {"mx zero row", ACL_FLOAT16, {2, 256}, 1, E4, true, false, -1, {}, false, 0, 2}, seed++);
    RunCase(s, {"mx fp4 zero row", ACL_BF16, {2, 256}, 1, ACL_FLOAT4_E2M1, true, false, -1, {}, false, 0, 2}, seed++);
    RunCase(s, {"hif8 dynamic zero", ACL_FLOAT, {3, 64}, 3, H8, false, false, -1, {}, false, 15.0, 3}, seed++);
    RunCase(s, {"hif8 dynamic groups zero", ACL_FLOAT16, {3, 64}, 3, H8, false, false, -1, {1, 2}, false, 15.0, 2}, seed++);
    RunCase(s, {"block groups sum 0", ACL_BF16, {3, 256}, 0, E4, false, false, -1, {0}, false, 0, 0}, seed++);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        RunCase(s, {"hif8 static", dt, {3, 64}, 2, H8, false, false, -1, {}, false, 448.0, 0}, seed++);
        RunCase(s, {"hif8 static groups origin", dt, {5, 40}, 2, H8, false, true, 1.25, {2, 1}, true, 448.0, 0}, seed++);
        RunCase(s, {"hif8 dynamic", dt, {2, 3, 48}, 3, H8, false, true, -1, {}, true, 15.0, 0}, seed++);
        RunCase(s, {"hif8 dynamic groups", dt, {6, 32}, 3, H8, false, false, 2.0, {2, 0, 2}, true, 224.0, 0}, seed++);
        RunCase(s, {"hif8 dynamic groups past N", dt, {4, 16}, 3, H8, false, true, -1, {3, 5}, false, 56.0, 0}, seed++);
    }
    RunCase(s, {"block strided x", ACL_FLOAT16, {3, 512}, 0, E4, true, true, 1.0, {}, false, 0, 0, true}, seed++);
    RunCase(s, {"mx strided x", ACL_BF16, {2, 2, 256}, 1, E5, true, true, -1, {3}, false, 0, 0, true}, seed++);
    RunCase(s, {"fp4 strided x", ACL_FLOAT16, {3, 256}, 1, ACL_FLOAT4_E1M2, true, false, -1, {}, false, 0, 0, true}, seed++);
    RunCase(s, {"hif8 dynamic strided x", ACL_FLOAT, {4, 96}, 3, H8, false, true, -1, {1, 2}, true, 15.0, 0, true}, seed++);
    RunCase(s, {"hif8 rank1", ACL_FLOAT, {64}, 3, H8, false, false, -1, {}, false, 32768.0, 0}, seed++);
    RunCase(s, {"hif8 static large", ACL_BF16, {33, 1024}, 2, H8, false, true, -1, {10, 13}, true, 15.0, 0}, seed++);
    RunCase(s, {"block large", ACL_BF16, {70, 1024}, 0, E4, false, true, -1, {}, false, 0, 0}, seed++);
}

// ---- validation paths ----------------------------------------------------------------------
struct Args {
    const aclTensor *x, *w, *g, *s;
    int64_t dst, mode, bs;
    bool round;
    double clamp, dmax;
    bool origin;
    const aclTensor *y, *ys, *yo;
};

static int Call(Args a)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnSwigluGroupQuantGetWorkspaceSize(a.x, a.w, a.g, a.s, a.dst, a.mode, a.bs, a.round, a.clamp,
                                                   a.dmax, a.origin, a.y, a.ys, a.yo, &ws, &ex);
    if (rc == 0) aclDestroyAclOpExecutor(ex); // stage 1 only: the executor is the caller's to free
    return rc;
}

static void TestChecks()
{
    Raw x, x32, xi8, x128, x3, y, y5, y32, yh, ys, ys8, ys2, yo, yo32, w, wbad, g, g2, sc, sc2, ys3, yhb, yf4, ysm,
        ysmb, ysh2, x32s, yh32;
    if (!x.Init(ACL_FLOAT16, {4, 256}) || !x32.Init(ACL_FLOAT, {4, 256}) || !xi8.Init(ACL_INT8, {4, 256}) ||
        !x128.Init(ACL_FLOAT16, {4, 128}) || !x3.Init(ACL_FLOAT16, {4}) || !y.Init(ACL_FLOAT8_E4M3FN, {4, 128}) ||
        !y5.Init(ACL_FLOAT8_E5M2, {4, 128}) || !y32.Init(ACL_FLOAT8_E4M3FN, {4, 64}) ||
        !yh.Init(ACL_HIFLOAT8, {4, 128}) || !ys.Init(ACL_FLOAT, {4, 1}) || !ys8.Init(ACL_FLOAT8_E8M0, {4, 1}) ||
        !ys2.Init(ACL_FLOAT, {4, 2}) || !yo.Init(ACL_FLOAT16, {4, 128}) || !yo32.Init(ACL_FLOAT, {4, 128}) ||
        !w.Init(ACL_FLOAT, {4}) || !wbad.Init(ACL_FLOAT, {3}) || !g.Init(ACL_INT64, {2}) ||
        !g2.Init(ACL_INT64, {1, 2}) || !sc.Init(ACL_FLOAT, {1}) || !sc2.Init(ACL_FLOAT, {2}) ||
        !ys3.Init(ACL_FLOAT, {1}) || !yhb.Init(ACL_HIFLOAT8, {4, 127}) || !yf4.Init(ACL_FLOAT4_E2M1, {4, 128}) ||
        !ysm.Init(ACL_FLOAT8_E8M0, {4, 2, 2}) || !ysmb.Init(ACL_FLOAT8_E8M0, {4, 1, 2}) ||
        !ysh2.Init(ACL_FLOAT, {2}) || !x32s.Init(ACL_FLOAT, {4, 256}) || !yh32.Init(ACL_FLOAT, {4, 128}))
        return;
    const Args ok0 = {x.t, nullptr, nullptr, nullptr, ACL_FLOAT8_E4M3FN, 0, 0, false, -1.0, 15.0, false, y.t, ys.t, yo.t};
    EXPECT(Call(ok0) == 0, "the base block case must pass: %s", aclGetRecentErrMsg());
    const Args ok1 = {x.t, nullptr, nullptr, nullptr, ACL_FLOAT8_E4M3FN, 1, 0, true, -1.0, 15.0, false, y.t, ysm.t, yo.t};
    EXPECT(Call(ok1) == 0, "the base mx case must pass: %s", aclGetRecentErrMsg());
    const Args ok3 = {x32.t, nullptr, nullptr, nullptr, 34, 3, 0, false, -1.0, 15.0, true, yh.t, ys3.t, yo32.t};
    EXPECT(Call(ok3) == 0, "the base hif8 case must pass: %s", aclGetRecentErrMsg());
    struct E { const char *what; Args a; int code; const char *needle; };
    Args a;
    std::vector<E> es;
    a = ok0; a.x = nullptr; es.push_back({"null x", a, 161001, "x"});
    a = ok0; a.y = nullptr; es.push_back({"null yOut", a, 161001, "yOut"});
    a = ok0; a.ys = nullptr; es.push_back({"null yScaleOut", a, 161001, "yScaleOut"});
    a = ok0; a.yo = nullptr; es.push_back({"null yOriginOut", a, 161001, "yOriginOut"});
    a = ok0; a.x = xi8.t; es.push_back({"x int8", a, 161002, "x"});
    a = ok0; a.w = g.t; es.push_back({"weight int64", a, 161002, "weightOptional"});
    a = ok0; a.g = w.t; es.push_back({"group float", a, 161002, "groupIndexOptional"});
    a = ok0; a.y = yh32.t; es.push_back({"y float", a, 161002, "yOut"});
    a = ok0; a.yo = yo32.t; es.push_back({"y_origin dtype", a, 161002, "yOriginOut"});
    a = ok0; a.x = x32.t; a.yo = yo32.t; es.push_back({"x fp32 with fp8", a, 161002, "combination"});
    a = ok0; a.ys = ys8.t; a.y = yf4.t; a.ys = ys.t; es.push_back({"fp4 with float scale", a, 161002, "combination"});
    a = ok0; a.x = x32.t; a.yo = yo32.t; a.y = yh.t; es.push_back({"mode 0 x fp32", a, 561002, "input x dtype only supports FLOAT16 or BFLOAT16"});
    a = ok0; a.x = x3.t; a.y = y32.t; es.push_back({"x rank 1", a, 561002, "input x dim num should be in [2, 8]"});
    a = ok0; a.x = x128.t; a.y = y32.t; es.push_back({"D 128", a, 561002, "divisible by 256"});
    a = ok0; a.w = wbad.t; es.push_back({"weight numel", a, 561002, "input weight element num"});
    a = ok0; a.g = g2.t; es.push_back({"group 2-D", a, 561002, "input group_index dim num should be 1"});
    a = ok0; a.dst = 2; es.push_back({"dstType 2", a, 561002, "attr dst_type only support"});
    a = ok0; a.dst = ACL_FLOAT4_E2M1; es.push_back({"fp4 in mode 0", a, 561002, "must be 1(mx_quant)"});
    a = ok0; a.mode = 5; es.push_back({"quantMode 5", a, 561002, "attr quant_mode only supports 0(block_quant)"});
    a = ok0; a.bs = 64; es.push_back({"blockSize 64", a, 561002, "attr block_size should be 0 or 128"});
    a = ok1; a.bs = 128; es.push_back({"mx blockSize 128", a, 561002, "attr block_size should be 0 or 32"});
    a = ok1; a.round = false; es.push_back({"mx round false", a, 561002, "attr round_scale should be true"});
    a = ok0; a.origin = true; es.push_back({"block origin", a, 561002, "attr output_origin must be false"});
    a = ok0; a.clamp = 0.0; es.push_back({"block clamp 0", a, 561002, "attr clamp_limit should be greater than 0.0"});
    a = ok0; a.y = y5.t; es.push_back({"y vs dstType", a, 561002, "output y dtype should be same as dst_type"});
    a = ok0; a.ys = ys8.t; es.push_back({"block scale e8m0", a, 561002, "output y_scale dtype should be DT_FLOAT"});
    a = ok0; a.ys = ys2.t; es.push_back({"block scale shape", a, 561002, "output y_scale last dim should be 1"});
    a = ok0; a.y = y32.t; es.push_back({"y last dim", a, 561002, "output y last dim should be 128"});
    a = ok1; a.ys = ysmb.t; es.push_back({"mx scale shape", a, 561002, "output y_scale last two dims should be [2, 2]"});
    a = ok1; a.ys = ys8.t; es.push_back({"mx scale rank", a, 561002, "output y_scale dim num should be 3"});
    a = ok3; a.mode = 2; es.push_back({"static no scale", a, 561002, "scale input is required for quant_mode=2."});
    a = ok3; a.mode = 2; a.s = sc2.t; es.push_back({"static scale size", a, 561002, "must be 1 when group_index is not present"});
    a = ok3; a.mode = 2; a.s = sc.t; a.g = g.t; es.push_back({"static scale vs groups", a, 561002, "must equal group_index size"});
    a = ok3; a.dmax = 0.0; es.push_back({"dstTypeMax 0", a, 561002, "dst_type_max must be > 0"});
    a = ok3; a.clamp = -2.0; es.push_back({"hif8 clamp -2", a, 561002, "clamp_limit must be -1 or > 0.0"});
    a = ok3; a.ys = ysh2.t; es.push_back({"dynamic scale size", a, 561002, "must be 1 in non-group mode"});
    a = ok3; a.g = g.t; es.push_back({"dynamic scale vs groups", a, 561002, "must equal groupNum [2] in group mode"});
    a = ok3; a.y = yhb.t; es.push_back({"hif8 y last dim", a, 561002, "y last dim [127] must equal dimH [128]"});
    a = ok3; a.yo = yh32.t; a.yo = x32s.t; es.push_back({"hif8 origin shape", a, 561002, "y_origin last dim [256] must equal dimH [128]"});
    a = ok3; a.w = wbad.t; es.push_back({"hif8 weight numel", a, 561002, "input weight element num"});
    for (const E &e : es) ExpectError(e.what, Call(e.a), e.code, e.needle);
}

int main(int argc, char **argv)
{
    if (argc > 1 && argv[1][0]) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    if (g_chip == "950") {
        TestValues(rt.stream);
        TestChecks();
    } else {
        Raw x, y, ys, yo;
        if (!x.Init(ACL_FLOAT16, {4, 256}) || !y.Init(ACL_FLOAT8_E4M3FN, {4, 128}) || !ys.Init(ACL_FLOAT, {4, 1}) ||
            !yo.Init(ACL_FLOAT16, {4, 128}))
            return 1;
        int rc = Call({x.t, nullptr, nullptr, nullptr, ACL_FLOAT8_E4M3FN, 0, 0, false, -1.0, 15.0, false, y.t, ys.t, yo.t});
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001, "SwigluGroupQuant off the 950: %d", rc);
        EXPECT(m && strstr(m, "not implemented"), "SwigluGroupQuant off the 950: message %s", m ? m : "(none)");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
