// The ops-nn quant family run the ops-nn example way (two stages, workspace, stream, sync):
// DynamicQuant / V2 / V3 / V4 and AscendQuant / V3, bit-exact against references written here:
// FP8 codes chosen by searching the decoded table of all 256 codes (nearest, ties to the even
// code, saturating), integer rounding modes and saturation, INT4 packing (two per byte, even
// element low nibble) and INT32 packing (eight per word), the chips' scale arithmetic in FP32,
// strided views, empty tensors and the validation paths with their codes and messages. The chip
// comes from the topology the test runs under (910B, 950, 310P).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_ascend_anti_quant.h"
#include "aclnnop/aclnn_ascend_quant.h"
#include "aclnnop/aclnn_ascend_quant_v3.h"
#include "aclnnop/aclnn_dynamic_quant.h"
#include "aclnnop/aclnn_dynamic_quant_v2.h"
#include "aclnnop/aclnn_dynamic_quant_v3.h"
#include "aclnnop/aclnn_dynamic_quant_v4.h"
#include "aclnnop/aclnn_quantize.h"
#include "aclnnop/aclnn_swi_glu_quant.h"
#include "aclnnop/aclnn_swi_glu_quant_v2.h"

static const int kInvalid = 161002, kNull = 161001;
static aclrtStream g_stream;
static bool g_950, g_310p;

// ---- raw device tensors (any dtype, bytes as given) --------------------------------------
static size_t RawSize(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_INT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: return 2;
    case ACL_INT64: return 8;
    default: return 1; // INT8, FP8; INT4 handled by element counts
    }
}

struct Raw {
    aclDataType dt;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0, storage = 0;
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    // contiguous (step 1) or every `step`-th element from offset `off`
    Raw(aclDataType d, std::vector<int64_t> s, int64_t step = 1, int64_t off = 0, unsigned char fill = 0xA5)
        : dt(d), shape(s), offset(off)
    {
        strides.assign(shape.size(), 1);
        int64_t st = step;
        for (int i = (int)shape.size() - 1; i >= 0; i--) { strides[i] = st; st *= shape[i]; }
        storage = off + st;
        bytes = dt == ACL_INT4 ? (size_t)(storage + 1) / 2 : (size_t)storage * RawSize(dt);
        aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(bytes + 1, fill);
        if (bytes) aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), dt, strides.data(), offset, ACL_FORMAT_ND, &storage, 1, dev);
    }
    ~Raw() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
    int64_t numel() const { return GetShapeSize(shape); }
    int64_t Where(int64_t i) const
    {
        int64_t o = offset;
        for (int d = (int)shape.size() - 1; d >= 0; d--) { o += (i % shape[d]) * strides[d]; i /= shape[d]; }
        return o;
    }
    std::vector<unsigned char> Bytes() const
    {
        std::vector<unsigned char> h(bytes + 1);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
    void Put(const std::vector<double> &v)
    {
        std::vector<unsigned char> h = Bytes();
        for (int64_t i = 0; i < numel(); i++) Encode(dt, v[(size_t)i], &h[(size_t)Where(i) * RawSize(dt)]);
        aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    // codes of the view's elements (INT4: the nibble, INT32 packing read by the caller)
    std::vector<uint32_t> Codes() const
    {
        std::vector<unsigned char> h = Bytes();
        std::vector<uint32_t> c((size_t)numel());
        for (int64_t i = 0; i < numel(); i++) {
            int64_t e = Where(i);
            if (dt == ACL_INT4) c[(size_t)i] = (e & 1) ? h[(size_t)e / 2] >> 4 : h[(size_t)e / 2] & 0xf;
            else if (dt == ACL_INT32) { uint32_t w; std::memcpy(&w, &h[(size_t)e * 4], 4); c[(size_t)i] = w; }
            else c[(size_t)i] = h[(size_t)e];
        }
        return c;
    }
    std::vector<float> Floats() const
    {
        std::vector<unsigned char> h = Bytes();
        std::vector<float> f((size_t)numel());
        for (int64_t i = 0; i < numel(); i++) std::memcpy(&f[(size_t)i], &h[(size_t)Where(i) * 4], 4);
        return f;
    }
};

// ---- independent references -----------------------------------------------------------------
// Value of an FP8 code (E4M3FN: bias 7, no infinities, S.1111.111 NaN; E5M2: bias 15, IEEE-like).
static double Fp8Value(uint32_t c, bool e4m3)
{
    int mb = e4m3 ? 3 : 2, eb = e4m3 ? 4 : 5, bias = e4m3 ? 7 : 15;
    int s = (c >> 7) & 1, e = (int)((c >> mb) & ((1u << eb) - 1)), m = (int)(c & ((1u << mb) - 1));
    double v;
    if (e4m3 && (c & 0x7f) == 0x7f) return NAN;
    if (!e4m3 && e == 31) return m ? NAN : INFINITY * (s ? -1 : 1);
    if (e == 0) v = std::ldexp((double)m, 1 - bias - mb);
    else v = std::ldexp(1.0 + m / (double)(1 << mb), e - bias);
    return s ? -v : v;
}

// The code for v: the nearest finite code, ties to the even code, saturating at the largest.
static uint32_t RefFp8(float v, bool e4m3)
{
    uint32_t sign = std::signbit(v) ? 0x80 : 0;
    if (std::isnan(v)) return sign | 0x7f;
    double a = std::fabs((double)v);
    if (std::isinf(a)) return sign | (e4m3 ? 0x7e : 0x7b); // saturated
    uint32_t best = 0;
    double bd = INFINITY;
    uint32_t maxc = e4m3 ? 0x7e : 0x7b;
    for (uint32_t c = 0; c <= maxc; c++) {
        double d = std::fabs(Fp8Value(c, e4m3) - a);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    return sign | best;
}

static int32_t RefRound(float v, const std::string &mode)
{
    double r;
    if (mode == "floor") r = std::floor(v);
    else if (mode == "ceil") r = std::ceil(v);
    else if (mode == "trunc") r = std::trunc(v);
    else { // half to even, written out
        double f = std::floor(v), d = (double)v - f;
        r = d > 0.5 ? f + 1 : d < 0.5 ? f : (std::fmod(f, 2.0) == 0 ? f : f + 1);
    }
    return (int32_t)r;
}

static uint32_t RefInt(float v, const std::string &mode, int lo, int hi)
{
    if (std::isnan(v)) return 0;
    double r = v >= 2147483520.0f ? hi : v <= -2147483520.0f ? lo : RefRound(v, mode);
    int32_t i = r < lo ? lo : r > hi ? hi : (int32_t)r;
    return (uint32_t)i & (hi == 7 ? 0xfu : 0xffu);
}

static uint32_t RefCode(float v, aclDataType y, const std::string &mode = "round")
{
    if (y == ACL_UINT8) return std::isnan(v) ? 0 : v <= 0 ? 0 : v >= 255 ? 255 : (uint32_t)RefRound(v, mode);
    if (y == ACL_UINT16) { // stands for plain INT32 here
        if (std::isnan(v)) return 0;
        if (v >= 2147483648.0f) return 0x7fffffffu;
        if (v <= -2147483648.0f) return 0x80000000u;
        return (uint32_t)RefRound(v, mode);
    }
    if (y == ACL_FLOAT8_E4M3FN) return RefFp8(v, true);
    if (y == ACL_FLOAT8_E5M2) return RefFp8(v, false);
    if (y == ACL_INT4 || y == ACL_INT32) return RefInt(v, mode, -8, 7);
    return RefInt(v, mode, -128, 127);
}

static float Stored(aclDataType dt, double v) { return (float)Quant(dt, v); }

static int Stage2(void *w, uint64_t s, aclOpExecutor *e, aclrtStream st) { return aclnnAscendQuantV3(w, s, e, st); }

// ---- AscendQuant ------------------------------------------------------------------------------
static void CheckCodes(const char *what, const std::vector<uint32_t> &got, const std::vector<uint32_t> &want)
{
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (got[i] != want[i]) {
            if (bad < 5) LOG_PRINT("  %s[%zu]: got 0x%x want 0x%x\n", what, i, got[i], want[i]);
            bad++;
        }
    EXPECT(bad == 0 && got.size() == want.size(), "%s: %zu of %zu codes differ", what, bad, want.size());
}

// every FP8 code's value, the midpoints between neighbours (ties), just off them, out of range
static std::vector<double> Fp8Probe(bool e4m3)
{
    std::vector<double> v;
    uint32_t maxc = e4m3 ? 0x7e : 0x7b;
    for (uint32_t c = 0; c <= maxc; c++) {
        double a = Fp8Value(c, e4m3), b = Fp8Value(c + 1, e4m3);
        v.push_back(a);
        v.push_back(-a);
        if (c < maxc) {
            double m = (a + b) / 2;
            v.push_back(m);
            v.push_back(-m);
            v.push_back(std::nextafter((float)m, 0.0f));
            v.push_back(std::nextafter((float)m, 1e30f));
        }
    }
    double mx = Fp8Value(maxc, e4m3);
    for (double f : {1.03, 1.2, 2.0, 1e10}) { v.push_back(mx * f); v.push_back(-mx * f); }
    v.push_back(INFINITY); v.push_back(-INFINITY); v.push_back(-0.0); v.push_back(1e-30); v.push_back(NAN);
    return v;
}

static void TestAscendFp8()
{
    for (aclDataType yd : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2}) {
        std::vector<double> v = Fp8Probe(yd == ACL_FLOAT8_E4M3FN);
        Raw x(ACL_FLOAT, {1, (int64_t)v.size()}), s(ACL_FLOAT, {1}), y(yd, {1, (int64_t)v.size()});
        x.Put(v);
        s.Put({1.0});
        int rc = Run("AscendQuantV3", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, nullptr, false, "round", yd, -1, y.t, w, e);
        }, Stage2);
        EXPECT(rc == 0, "AscendQuantV3 fp8 %d: %d", (int)yd, rc);
        std::vector<uint32_t> want;
        for (double d : v) want.push_back(RefCode((float)d, yd));
        CheckCodes(yd == ACL_FLOAT8_E4M3FN ? "e4m3fn codes" : "e5m2 codes", y.Codes(), want);
    }
}

// x * scale (* scale) + offset with scale / offset per channel along `axis`, every integer target
static void TestAscendInt(bool v3)
{
    const char *modes[] = {"round", "floor", "ceil", "trunc"};
    std::vector<aclDataType> xts = {ACL_FLOAT, ACL_FLOAT16};
    if (!g_310p) xts.push_back(ACL_BF16);
    std::vector<aclDataType> yts = {ACL_INT8};
    if (!g_310p) { yts.push_back(ACL_INT4); yts.push_back(ACL_INT32); }
    int64_t M = 3, K = 16;
    for (aclDataType xd : xts)
        for (aclDataType yd : yts)
            for (const char *mode : modes)
                for (int axis : {-1, -2}) {
                    if ((!v3 || g_310p) && axis == -2) continue;
                    for (bool sq : {false, true}) {
                        std::vector<double> xv((size_t)(M * K));
                        Lcg rng(7 + (int)xd * 5 + (int)yd);
                        for (size_t i = 0; i < xv.size(); i++)
                            xv[i] = i % 7 == 0 ? (double)((int)(i % 13) - 6) + 0.5 : rng.value() * (yd == ACL_INT8 ? 40 : 3);
                        xv[1] = 1e6; xv[2] = -1e6; // saturation
                        int64_t C = axis == -1 ? K : M;
                        std::vector<double> sv((size_t)C), ov((size_t)C);
                        for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = 0.5 + 0.25 * (double)(c % 5); ov[(size_t)c] = (double)(c % 3) - 1.0; }
                        aclDataType pd = xd == ACL_FLOAT ? ACL_FLOAT : xd;
                        std::vector<int64_t> sshape = axis == -1 ? std::vector<int64_t>{K} : std::vector<int64_t>{M, 1};
                        Raw x(xd, {M, K}, 2, 1), s(pd, sshape), o(pd, sshape);
                        std::vector<int64_t> yshape = {M, yd == ACL_INT32 ? K / 8 : K};
                        Raw y(yd, yshape);
                        x.Put(xv); s.Put(sv); o.Put(ov);
                        int rc;
                        if (v3)
                            rc = Run("AscendQuantV3", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                                return aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, o.t, sq, mode, yd, axis, y.t, w, e);
                            }, Stage2);
                        else
                            rc = Run("AscendQuant", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                                return aclnnAscendQuantGetWorkspaceSize(x.t, s.t, o.t, sq, mode, yd, y.t, w, e);
                            }, aclnnAscendQuant);
                        EXPECT(rc == 0, "AscendQuant%s x %d y %d %s: %d", v3 ? "V3" : "", (int)xd, (int)yd, mode, rc);
                        std::vector<uint32_t> want((size_t)(M * K));
                        for (int64_t m = 0; m < M; m++)
                            for (int64_t k = 0; k < K; k++) {
                                int64_t c = axis == -1 ? k : m;
                                float sc = Stored(pd, sv[(size_t)c]), of = Stored(pd, ov[(size_t)c]);
                                float t = Stored(xd, xv[(size_t)(m * K + k)]) * sc;
                                if (sq) t = t * sc;
                                t = t + of;
                                want[(size_t)(m * K + k)] = RefCode(t, yd, mode);
                            }
                        std::vector<uint32_t> got = y.Codes();
                        if (yd == ACL_INT32) { // unpack eight per word, lowest nibble first
                            std::vector<uint32_t> u;
                            for (uint32_t w : got) for (int j = 0; j < 8; j++) u.push_back((w >> (4 * j)) & 0xf);
                            got = u;
                        }
                        CheckCodes("ascend int codes", got, want);
                    }
                }
}

// ---- DynamicQuant -----------------------------------------------------------------------------
struct DqRef {
    std::vector<uint32_t> y;
    std::vector<float> scale, offset;
};

static float DMax(aclDataType y)
{
    return y == ACL_INT4 || y == ACL_INT32 ? 7.0f : y == ACL_FLOAT8_E4M3FN ? 448.0f : y == ACL_FLOAT8_E5M2 ? 57344.0f : 127.0f;
}

// groups: indices of x (flattened) each scale covers; v: x * smooth in FP32
static DqRef RefDynamic(const std::vector<float> &v, const std::vector<std::vector<int64_t>> &groups, aclDataType yd,
                        bool sym)
{
    DqRef r;
    r.y.assign(v.size(), 0);
    float dm = DMax(yd);
    float range = yd == ACL_INT8 ? 255.0f : (yd == ACL_INT4 || yd == ACL_INT32) ? 15.0f : 2.0f * dm;
    for (const auto &g : groups) {
        float amax = 0, mx = -INFINITY, mn = INFINITY;
        for (int64_t i : g) { amax = std::max(amax, std::fabs(v[(size_t)i])); mx = std::max(mx, v[(size_t)i]); mn = std::min(mn, v[(size_t)i]); }
        float scale, inv = 0, off = 0;
        if (sym) { scale = amax * (1.0f / dm); inv = dm / amax; }
        else if (!g_950) { scale = std::max((mx - mn) / range, 1e-12f); off = dm - mx / scale; inv = 1.0f / scale; }
        else { scale = (mx - mn) * (1.0f / range); off = dm - mx / scale; }
        r.scale.push_back(scale);
        r.offset.push_back(off);
        for (int64_t i : g) {
            float t = g_950 ? v[(size_t)i] / scale : v[(size_t)i] * inv;
            if (!sym) t = t + off;
            r.y[(size_t)i] = RefCode(t, yd);
        }
    }
    return r;
}

static void ExpectFloats(const char *what, const std::vector<float> &got, const std::vector<float> &want)
{
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (std::memcmp(&got[i], &want[i], 4)) {
            if (bad < 5) LOG_PRINT("  %s[%zu]: got %.9g want %.9g\n", what, i, got[i], want[i]);
            bad++;
        }
    EXPECT(bad == 0 && got.size() == want.size(), "%s: %zu of %zu differ", what, bad, want.size());
}

static std::vector<uint32_t> Unpack(const Raw &y)
{
    std::vector<uint32_t> got = y.Codes();
    if (y.dt != ACL_INT32) return got;
    std::vector<uint32_t> u;
    for (uint32_t w : got) for (int j = 0; j < 8; j++) u.push_back((w >> (4 * j)) & 0xf);
    return u;
}

// mode 0 pertoken, 1 pertensor, 2 perchannel; api 1 = V1, 2 = V2, 3 = V3, 4 = V4
static void RunDynamic(int api, int mode, aclDataType xd, aclDataType yd, bool sym, bool smooth, bool group,
                       bool strided)
{
    int64_t B = 2, M = 3, K = 16;
    std::vector<int64_t> xs = {B, M, K};
    int64_t n = B * M * K;
    Lcg rng(11 + api * 3 + mode + (int)yd);
    std::vector<double> xv((size_t)n);
    for (auto &d : xv) d = rng.value() * 3;
    xv[5] = 0.0;
    Raw x(xd, xs, strided ? 2 : 1, strided ? 3 : 0);
    x.Put(xv);
    int64_t E = 3;
    std::vector<int64_t> sshape = group ? std::vector<int64_t>{E, K} : mode == 2 ? std::vector<int64_t>{M} : std::vector<int64_t>{K};
    Raw sm(xd, sshape);
    std::vector<double> smv((size_t)GetShapeSize(sshape));
    for (size_t i = 0; i < smv.size(); i++) smv[i] = 0.5 + 0.125 * (double)(i % 9);
    sm.Put(smv);
    Raw gi(ACL_INT32, {E});
    gi.Put({1, 4, 6}); // rows 0 | 1..3 | 4..5
    std::vector<int64_t> ys = {B, M, yd == ACL_INT32 ? K / 8 : K};
    Raw y(yd, ys, strided ? 2 : 1, strided ? 2 : 0);
    std::vector<int64_t> scs = mode == 0 ? std::vector<int64_t>{B, M} : mode == 1 ? std::vector<int64_t>{1} : std::vector<int64_t>{B, K};
    Raw sc(ACL_FLOAT, scs), of(ACL_FLOAT, scs);
    const aclTensor *smt = smooth ? sm.t : nullptr, *git = group ? gi.t : nullptr, *oft = sym ? nullptr : of.t;
    const char *qm = mode == 0 ? "pertoken" : mode == 1 ? "pertensor" : "perchannel";
    int rc;
    if (api == 1)
        rc = Run("DynamicQuant", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDynamicQuantGetWorkspaceSize(x.t, smt, y.t, sc.t, w, e); }, aclnnDynamicQuant);
    else if (api == 2)
        rc = Run("DynamicQuantV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDynamicQuantV2GetWorkspaceSize(x.t, smt, git, (int64_t)yd, y.t, sc.t, oft, w, e); }, aclnnDynamicQuantV2);
    else if (api == 3)
        rc = Run("DynamicQuantV3", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDynamicQuantV3GetWorkspaceSize(x.t, smt, git, (int64_t)yd, sym, qm, y.t, sc.t, oft, w, e); }, aclnnDynamicQuantV3);
    else
        rc = Run("DynamicQuantV4", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDynamicQuantV4GetWorkspaceSize(x.t, smt, git, (int64_t)yd, sym, qm, 0.0f, y.t, sc.t, oft, w, e); }, aclnnDynamicQuantV4);
    char what[160];
    snprintf(what, sizeof what, "DynamicQuant api %d mode %s x %d y %d sym %d smooth %d group %d strided %d", api, qm,
             (int)xd, (int)yd, sym, smooth, group, strided);
    EXPECT(rc == 0, "%s: %d", what, rc);
    // reference: v = x * smooth in FP32
    std::vector<float> v((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        int64_t row = i / K, k = i % K, m = row % M;
        float f = Stored(xd, xv[(size_t)i]);
        if (smooth && !g_310p) { // reserved (unused) on 310P
            int64_t si = k;
            if (group) { int64_t ends[3] = {1, 4, 6}, e = 2; for (int j = 0; j < 3; j++) if (ends[j] >= row + 1) { e = j; break; } si = e * K + k; }
            else if (mode == 2) si = m;
            f = f * Stored(xd, smv[(size_t)si]);
        }
        v[(size_t)i] = f;
    }
    std::vector<std::vector<int64_t>> groups;
    if (mode == 0) for (int64_t r = 0; r < B * M; r++) { groups.emplace_back(); for (int64_t k = 0; k < K; k++) groups.back().push_back(r * K + k); }
    else if (mode == 1) { groups.emplace_back(); for (int64_t i = 0; i < n; i++) groups.back().push_back(i); }
    else for (int64_t b = 0; b < B; b++) for (int64_t k = 0; k < K; k++) { groups.emplace_back(); for (int64_t m = 0; m < M; m++) groups.back().push_back((b * M + m) * K + k); }
    DqRef ref = RefDynamic(v, groups, yd, sym);
    std::string w = what;
    CheckCodes((w + " y").c_str(), Unpack(y), ref.y);
    ExpectFloats((w + " scale").c_str(), sc.Floats(), ref.scale);
    if (!sym) ExpectFloats((w + " offset").c_str(), of.Floats(), ref.offset);
}

static void TestDynamic()
{
    std::vector<aclDataType> xts = {ACL_FLOAT16};
    if (!g_310p) xts.push_back(ACL_BF16);
    std::vector<aclDataType> yts = {ACL_INT8};
    if (!g_310p) { yts.push_back(ACL_INT4); yts.push_back(ACL_INT32); }
    if (g_950) { yts.push_back(ACL_FLOAT8_E4M3FN); yts.push_back(ACL_FLOAT8_E5M2); }
    for (aclDataType xd : xts) {
        RunDynamic(1, 0, xd, ACL_INT8, true, false, false, false);
        RunDynamic(1, 0, xd, ACL_INT8, true, true, false, true);
    }
    for (aclDataType xd : xts)
        for (aclDataType yd : yts) {
            if (g_310p) continue;
            RunDynamic(2, 0, xd, yd, true, true, false, false);
            RunDynamic(2, 0, xd, yd, false, true, true, true);
            RunDynamic(2, 0, xd, yd, false, false, false, false);
            if (!g_950) continue;
            for (int mode = 0; mode < 3; mode++)
                for (bool sym : {true, false}) {
                    RunDynamic(3, mode, xd, yd, sym, mode != 1, false, mode == 2);
                    RunDynamic(4, mode, xd, yd, sym, false, false, false);
                }
            RunDynamic(3, 1, xd, yd, true, true, true, false);
        }
}

// ---- Quantize -------------------------------------------------------------------------------------
static void RunQuantize(aclDataType xd, aclDataType sd, aclDataType zd, aclDataType od, int axis, bool per_tensor)
{
    int64_t A = 3, B = 4, K = 8;
    std::vector<int64_t> xs = {A, B, K};
    int64_t n = A * B * K;
    Lcg rng(31 + (int)od * 3 + axis);
    std::vector<double> xv((size_t)n);
    for (size_t i = 0; i < xv.size(); i++) xv[i] = i % 5 == 0 ? (double)((int)(i % 11) - 5) * 0.25 : rng.value() * 30;
    xv[3] = 1e9; xv[4] = -1e9;
    int64_t ax = axis < 0 ? axis + 3 : axis;
    int64_t C = per_tensor ? 1 : xs[(size_t)ax];
    std::vector<double> sv((size_t)C), zv((size_t)C);
    for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = 0.25 + 0.5 * (double)c; zv[(size_t)c] = (double)(c % 4) - 1; }
    Raw x(xd, xs, 2, 1), s(sd, {C}), z(zd, {C}), y(od, xs);
    x.Put(xv); s.Put(sv);
    if (zd != ACL_DT_UNDEFINED) z.Put(zv);
    int rc = Run("Quantize", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnQuantizeGetWorkspaceSize(x.t, s.t, zd != ACL_DT_UNDEFINED ? z.t : nullptr, od, axis, y.t, w, e);
    }, aclnnQuantize);
    EXPECT(rc == 0, "Quantize x %d out %d axis %d: %d", (int)xd, (int)od, axis, rc);
    std::vector<uint32_t> want((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        int64_t idx[3] = {i / (B * K), (i / K) % B, i % K};
        int64_t c = per_tensor ? 0 : idx[ax];
        float t = Stored(xd, xv[(size_t)i]) / Stored(sd, sv[(size_t)c]);
        if (zd != ACL_DT_UNDEFINED) t = t + Stored(zd, zv[(size_t)c]);
        want[(size_t)i] = RefCode(t, od == ACL_INT32 ? ACL_UINT16 : od);
    }
    std::vector<uint32_t> got = y.Codes();
    char what[96];
    snprintf(what, sizeof what, "Quantize x %d zp %d out %d axis %d", (int)xd, (int)zd, (int)od, axis);
    CheckCodes(what, got, want);
}

static void TestQuantize()
{
    std::vector<aclDataType> ods = {ACL_INT8, ACL_UINT8, ACL_INT32};
    if (g_950) { ods.push_back(ACL_FLOAT8_E4M3FN); ods.push_back(ACL_FLOAT8_E5M2); }
    for (aclDataType od : ods)
        for (int axis : {0, 1, -1}) {
            RunQuantize(ACL_FLOAT, ACL_FLOAT, ACL_INT8, od, axis, false);
            RunQuantize(ACL_FLOAT16, ACL_FLOAT16, ACL_INT32, od, axis, false);
            RunQuantize(ACL_FLOAT16, ACL_FLOAT, ACL_DT_UNDEFINED, od, axis, axis == 1);
            if (!g_310p) RunQuantize(ACL_BF16, ACL_BF16, ACL_BF16, od, axis, false);
        }
}

// ---- SwiGluQuant: swish and exp are not bit-exact across libraries: codes within 1, scales 1e-5 --
static void RunSwiGluQuant(bool v2, aclDataType xd, aclDataType yd, bool is_static, bool left, bool group,
                           bool per_channel, int64_t list_type)
{
    int64_t R = 7, N = 16;
    Lcg rng(41 + (int)xd + (int)yd * 3 + is_static);
    std::vector<double> xv((size_t)(R * 2 * N));
    for (auto &d : xv) d = rng.value();
    Raw x(xd, {R, 2 * N}, 2, 1);
    x.Put(xv);
    int64_t G = group ? 3 : 1;
    std::vector<int64_t> ps = per_channel ? std::vector<int64_t>{G, N} : std::vector<int64_t>{G};
    Raw sm(ACL_FLOAT, ps), of(ACL_FLOAT, ps), gi(ACL_INT32, {3});
    std::vector<double> smv((size_t)GetShapeSize(ps)), ofv(smv.size());
    for (size_t i = 0; i < smv.size(); i++) { smv[i] = (is_static ? 20.0 : 1.0) * (0.5 + 0.125 * (double)(i % 7)); ofv[i] = (double)(i % 3) - 1; }
    sm.Put(smv); of.Put(ofv);
    // rows 0..1 | 2..4 | 5 ; row 6 past the last expert
    gi.Put(list_type == 1 ? std::vector<double>{2, 3, 1} : std::vector<double>{2, 5, 6});
    Raw y(yd, {R, N}), sc(ACL_FLOAT, {R});
    char mode[16];
    std::strcpy(mode, is_static ? "static" : "dynamic");
    const aclTensor *gt = group ? gi.t : nullptr, *ot = is_static ? of.t : nullptr;
    int rc;
    if (v2)
        rc = Run("SwiGluQuantV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnSwiGluQuantV2GetWorkspaceSize(x.t, sm.t, ot, gt, left, mode, list_type, (int64_t)yd, y.t, sc.t, w, e); }, aclnnSwiGluQuantV2);
    else
        rc = Run("SwiGluQuant", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnSwiGluQuantGetWorkspaceSize(x.t, sm.t, ot, gt, left, mode, y.t, sc.t, w, e); }, aclnnSwiGluQuant);
    char what[128];
    snprintf(what, sizeof what, "SwiGluQuant%s x %d y %d static %d left %d group %d per_channel %d list %ld", v2 ? "V2" : "",
             (int)xd, (int)yd, is_static, left, group, per_channel, (long)list_type);
    EXPECT(rc == 0, "%s: %d", what, rc);
    std::vector<uint32_t> got = y.Codes();
    std::vector<float> gs = sc.Floats();
    int64_t ends[3] = {2, 5, 6};
    int lo = yd == ACL_INT4 ? -8 : -128, hi = yd == ACL_INT4 ? 7 : 127;
    size_t bad = 0;
    for (int64_t r = 0; r < R; r++) {
        int64_t e = 0;
        if (group) { e = -1; for (int j = 0; j < 3; j++) if (ends[j] >= r + 1) { e = j; break; } }
        std::vector<double> v((size_t)N);
        double amax = 0;
        for (int64_t c = 0; c < N; c++) {
            double a0 = Stored(xd, xv[(size_t)(r * 2 * N + c)]), b0 = Stored(xd, xv[(size_t)(r * 2 * N + N + c)]);
            double A = left ? a0 : b0, B = left ? b0 : a0;
            double t = A / (1.0 + std::exp(-A)) * B;
            if (e >= 0) {
                size_t pi = (size_t)(per_channel ? e * N + c : e);
                t = t * (float)smv[pi];
                if (is_static) t = t + (float)ofv[pi];
            }
            v[(size_t)c] = t;
            amax = std::max(amax, std::fabs(t));
        }
        double scale = (yd == ACL_INT4 ? 7.0 : 127.0) / amax;
        if (!is_static && std::fabs(gs[(size_t)r] - scale) > 1e-5 * scale) { if (bad < 5) LOG_PRINT("  scale[%lld] %.9g vs %.9g\n", (long long)r, gs[(size_t)r], scale); bad++; }
        for (int64_t c = 0; c < N; c++) {
            double t = is_static ? v[(size_t)c] : v[(size_t)c] * scale;
            double want = std::max((double)lo, std::min((double)hi, std::nearbyint(t)));
            uint32_t code = got[(size_t)(r * N + c)];
            int gv = yd == ACL_INT4 ? ((int)code ^ 8) - 8 : (int8_t)code;
            if (std::fabs(gv - want) > 1 || (std::fabs(t - std::nearbyint(t)) < 0.45 && gv != want)) {
                if (bad < 5) LOG_PRINT("  y[%lld,%lld] %d vs %g (t %g)\n", (long long)r, (long long)c, gv, want, t);
                bad++;
            }
        }
    }
    EXPECT(bad == 0, "%s: %zu differ", what, bad);
}

static void TestSwiGluQuant()
{
    if (g_310p) {
        Raw x(ACL_FLOAT16, {4, 32}), y(ACL_INT8, {4, 16}), sc(ACL_FLOAT, {4});
        uint64_t ws; aclOpExecutor *ex;
        int rc = aclnnSwiGluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, nullptr, y.t, sc.t, &ws, &ex);
        EXPECT(rc == 361001, "SwiGluQuant on 310P: %d", rc);
        return;
    }
    for (aclDataType xd : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT})
        for (bool st : {false, true})
            for (bool left : {true, false}) {
                RunSwiGluQuant(false, xd, ACL_INT8, st, left, true, true, 0);
                RunSwiGluQuant(false, xd, ACL_INT8, st, left, false, !st, 0);
                RunSwiGluQuant(true, xd, ACL_INT4, st, left, true, true, 1);
                RunSwiGluQuant(true, xd, ACL_INT8, st, left, true, false, 0);
            }
    uint64_t ws; aclOpExecutor *ex;
    Raw x(ACL_FLOAT16, {4, 32}), y(ACL_INT8, {4, 16}), sc(ACL_FLOAT, {4}), y15(ACL_INT8, {4, 15}), x3(ACL_FLOAT16, {4, 30}), y4(ACL_INT4, {4, 15});
    char bad[] = "per_tensor", stat[] = "static";
    ExpectError("SGQ null y", aclnnSwiGluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, nullptr, nullptr, sc.t, &ws, &ex), kNull, "yOut");
    ExpectError("SGQ mode", aclnnSwiGluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, bad, y.t, sc.t, &ws, &ex), kInvalid, "quantModeOptional");
    ExpectError("SGQ y shape", aclnnSwiGluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, nullptr, y15.t, sc.t, &ws, &ex), kInvalid, "yOut");
    ExpectError("SGQ static no smooth", aclnnSwiGluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, stat, y.t, sc.t, &ws, &ex), kNull, "smoothScalesOptional");
    ExpectError("SGQV2 list type", aclnnSwiGluQuantV2GetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, nullptr, 2, 2, y.t, sc.t, &ws, &ex), kInvalid, "groupListType");
    ExpectError("SGQV2 dstType", aclnnSwiGluQuantV2GetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, nullptr, 0, 3, y.t, sc.t, &ws, &ex), kInvalid, "dstType");
    ExpectError("SGQV2 int4 align", aclnnSwiGluQuantV2GetWorkspaceSize(x3.t, nullptr, nullptr, nullptr, true, nullptr, 0, 29, y4.t, sc.t, &ws, &ex), kInvalid, "multiple of 4");
}

// ---- AscendAntiQuant: every code of every x dtype --------------------------------------------------
static void RunAnti(aclDataType xd, aclDataType yd, aclDataType sd, bool per_col, bool with_off, bool sq)
{
    bool fp8 = xd == ACL_FLOAT8_E4M3FN || xd == ACL_FLOAT8_E5M2;
    int64_t ncodes = xd == ACL_INT4 || xd == ACL_INT32 ? 16 : 256;
    int64_t K = 16, M = (ncodes + K - 1) / K + 1;
    std::vector<int64_t> xs = {M, xd == ACL_INT32 ? K / 8 : K};
    Raw x(xd, xs), y(yd, {M, K}, 2, 1);
    // codes in element order: code i at y element i (wrapping)
    std::vector<unsigned char> h = x.Bytes();
    std::vector<uint32_t> code((size_t)(M * K));
    for (int64_t i = 0; i < M * K; i++) {
        uint32_t c = (uint32_t)((i * 7 + 3) % ncodes);
        code[(size_t)i] = c;
        if (xd == ACL_INT4) { unsigned char &b = h[(size_t)i / 2]; b = (i & 1) ? (unsigned char)((b & 0x0f) | (c << 4)) : (unsigned char)((b & 0xf0) | c); }
        else if (xd == ACL_INT32) { uint32_t w; std::memcpy(&w, &h[(size_t)(i / 8) * 4], 4); w = (w & ~(0xfu << (4 * (i % 8)))) | (c << (4 * (i % 8))); std::memcpy(&h[(size_t)(i / 8) * 4], &w, 4); }
        else h[(size_t)i] = (unsigned char)c;
    }
    aclrtMemcpy(x.dev, x.bytes, h.data(), x.bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    int64_t C = per_col ? K : 1;
    Raw s(sd, {C}), o(sd, {C});
    std::vector<double> sv((size_t)C), ov((size_t)C);
    for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = 0.37 + 0.11 * (double)c; ov[(size_t)c] = (double)(c % 5) - 2.25; }
    s.Put(sv); o.Put(ov);
    int rc = Run("AscendAntiQuant", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnAscendAntiQuantGetWorkspaceSize(x.t, s.t, with_off ? o.t : nullptr, (int64_t)yd, sq, y.t, w, e);
    }, aclnnAscendAntiQuant);
    EXPECT(rc == 0, "AscendAntiQuant x %d y %d: %d", (int)xd, (int)yd, rc);
    std::vector<unsigned char> yb = y.Bytes();
    size_t bad = 0;
    for (int64_t i = 0; i < M * K; i++) {
        uint32_t c = code[(size_t)i];
        float v = fp8 ? (float)Fp8Value(c, xd == ACL_FLOAT8_E4M3FN)
                      : xd == ACL_INT8 ? (float)(int8_t)c : (float)((int)c - (c >= 8 ? 16 : 0));
        int64_t col = per_col ? i % K : 0;
        float sc = Stored(sd, sv[(size_t)col]);
        if (with_off) v = v + Stored(sd, ov[(size_t)col]);
        v = v * sc;
        if (sq) v = v * sc;
        uint16_t want = yd == ACL_FLOAT16 ? RefToHalf(v) : RefToBf16(v), got;
        std::memcpy(&got, &yb[(size_t)y.Where(i) * 2], 2);
        bool both_nan = std::isnan(v) && (yd == ACL_FLOAT16 ? std::isnan(RefFromHalf(got)) : std::isnan(RefFromBf16(got)));
        if (got != want && !both_nan) { if (bad < 5) LOG_PRINT("  anti[%lld] code 0x%x: got 0x%04x want 0x%04x\n", (long long)i, c, got, want); bad++; }
    }
    EXPECT(bad == 0, "AscendAntiQuant x %d y %d scale %d per_col %d off %d sqrt %d: %zu differ", (int)xd, (int)yd, (int)sd, per_col, with_off, sq, bad);
}

static void TestAnti()
{
    std::vector<aclDataType> xts = {ACL_INT8};
    std::vector<aclDataType> yts = {ACL_FLOAT16};
    std::vector<aclDataType> sts = {ACL_FLOAT};
    if (!g_310p) { xts.push_back(ACL_INT4); xts.push_back(ACL_INT32); yts.push_back(ACL_BF16); sts.push_back(ACL_BF16); }
    if (g_950) { xts.push_back(ACL_FLOAT8_E4M3FN); xts.push_back(ACL_FLOAT8_E5M2); }
    for (aclDataType xd : xts)
        for (aclDataType yd : yts)
            for (aclDataType sd : sts) {
                bool fp8 = xd == ACL_FLOAT8_E4M3FN || xd == ACL_FLOAT8_E5M2;
                if (fp8 && sd != ACL_FLOAT) continue;
                RunAnti(xd, yd, sd, true, true, false);
                RunAnti(xd, yd, sd, false, false, !fp8);
                RunAnti(xd, yd, sd, true, false, !fp8);
            }
}

// ---- empty tensors and validation ---------------------------------------------------------------
static void TestEmpty()
{
    Raw x(ACL_FLOAT16, {0, 16}), y(ACL_INT8, {0, 16}), sc(ACL_FLOAT, {0});
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, y.t, sc.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "DynamicQuant empty: %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnDynamicQuant(nullptr, 0, ex, g_stream) == 0, "DynamicQuant empty stage 2");
    Raw s(ACL_FLOAT16, {16});
    rc = aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, nullptr, false, "round", ACL_INT8, -1, y.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "AscendQuantV3 empty: %d", rc);
    if (rc == 0) EXPECT(aclnnAscendQuantV3(nullptr, 0, ex, g_stream) == 0, "AscendQuantV3 empty stage 2");
}

static void TestValidation()
{
    uint64_t ws;
    aclOpExecutor *ex;
    aclDataType hx = ACL_FLOAT16;
    Raw x(hx, {4, 16}), y(ACL_INT8, {4, 16}), sc(ACL_FLOAT, {4}), of(ACL_FLOAT, {4}), y3(ACL_INT8, {4, 8});
    Raw x1(hx, {16}), y1(ACL_INT8, {16}), scb(ACL_FLOAT16, {4}), sm(hx, {15}), i32(ACL_INT32, {4, 3}), i4(ACL_INT4, {4, 15});
    Raw x15(hx, {4, 15});
    ExpectError("DQ null x", aclnnDynamicQuantGetWorkspaceSize(nullptr, nullptr, y.t, sc.t, &ws, &ex), kNull, "x");
    ExpectError("DQ null scale", aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, y.t, nullptr, &ws, &ex), kNull, "scale");
    ExpectError("DQ x 1-d", aclnnDynamicQuantGetWorkspaceSize(x1.t, nullptr, y1.t, sc.t, &ws, &ex), kInvalid, "The dimNum[1] of x should be greater than 1");
    ExpectError("DQ y shape", aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, y3.t, sc.t, &ws, &ex), kInvalid, "The shapes of x and y are inconsistent.");
    ExpectError("DQ scale dtype", aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, y.t, scb.t, &ws, &ex), kInvalid, "scaleOut dtype DT_FLOAT16");
    ExpectError("DQ smooth shape", aclnnDynamicQuantGetWorkspaceSize(x.t, sm.t, y.t, sc.t, &ws, &ex), kInvalid, "smooth_scales shoule be equal");
    Raw sc5(ACL_FLOAT, {5});
    ExpectError("DQ scale shape", aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, y.t, sc5.t, &ws, &ex), kInvalid, "except for the last dimension");
    Raw xf(ACL_FLOAT, {4, 16});
    ExpectError("DQ x dtype", aclnnDynamicQuantGetWorkspaceSize(xf.t, nullptr, y.t, sc.t, &ws, &ex), kInvalid, "x dtype DT_FLOAT");
    if (!g_310p) {
        ExpectError("DQ int32 y", aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, i32.t, sc.t, &ws, &ex), kInvalid, "1/8 of the last dimension");
        ExpectError("DQ int4 odd", aclnnDynamicQuantGetWorkspaceSize(x15.t, nullptr, i4.t, sc.t, &ws, &ex), kInvalid, "divisible by 2");
        Raw of5(ACL_FLOAT, {5});
        ExpectError("DQV2 offset shape", aclnnDynamicQuantV2GetWorkspaceSize(x.t, nullptr, nullptr, 2, y.t, sc.t, of5.t, &ws, &ex), kInvalid, "offset");
    } else {
        ExpectError("DQ 310P int4", aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, i4.t, sc.t, &ws, &ex), kInvalid, "DT_INT4");
    }
    if (g_950) {
        ExpectError("DQV3 sym+offset", aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, 2, true, "pertoken", y.t, sc.t, of.t, &ws, &ex), kInvalid, "If isSymmetrical is True, offset must be nullptr.");
        ExpectError("DQV3 asym no offset", aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, 2, false, "pertoken", y.t, sc.t, nullptr, &ws, &ex), kInvalid, "offset can't be nullptr");
        ExpectError("DQV3 mode", aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, 2, true, "perrow", y.t, sc.t, nullptr, &ws, &ex), kInvalid, "quantMode only support");
        Raw gi(ACL_INT32, {2});
        ExpectError("DQV3 perchannel group", aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, gi.t, 2, true, "perchannel", y.t, sc.t, nullptr, &ws, &ex), kInvalid, "groupIndexOptional must be nullptr");
        ExpectError("DQV3 pertensor scale", aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, 2, true, "pertensor", y.t, sc.t, nullptr, &ws, &ex), kInvalid, "shape of scale must be (1,)");
        Raw hf(ACL_HIFLOAT8, {4, 16});
        int rc = aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, 34, true, "pertoken", hf.t, sc.t, nullptr, &ws, &ex);
        EXPECT(rc == 0, "DQV3 hifloat8 (encoded: tests/aclnn/hif8): %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex); // never run
    } else {
        int rc = aclnnDynamicQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, 2, true, "pertoken", y.t, sc.t, nullptr, &ws, &ex);
        const char *mp = aclGetRecentErrMsg(); // reading it clears it
        std::string m = mp ? mp : "";
        EXPECT(rc == 561000 && m.find("only support socVersion Ascend950") != std::string::npos, "DQV3 off 950: %d %s", rc, m.c_str());
        rc = aclnnDynamicQuantV4GetWorkspaceSize(x.t, nullptr, nullptr, 2, true, "pertoken", 0.0f, y.t, sc.t, nullptr, &ws, &ex);
        EXPECT(rc == 561000, "DQV4 off 950: %d", rc);
    }
    // AscendAntiQuant
    {
        Raw q(ACL_INT8, {4, 16}), h(ACL_FLOAT16, {4, 16}), sf(ACL_FLOAT, {16}), s5(ACL_FLOAT, {5}), s2d(ACL_FLOAT, {1, 16}), h3(ACL_FLOAT16, {4, 8});
        ExpectError("AA null y", aclnnAscendAntiQuantGetWorkspaceSize(q.t, sf.t, nullptr, 1, false, nullptr, &ws, &ex), kNull, "y");
        ExpectError("AA dstType", aclnnAscendAntiQuantGetWorkspaceSize(q.t, sf.t, nullptr, 27, false, h.t, &ws, &ex), kInvalid, "out(y) data type must be the same as dstType.");
        ExpectError("AA y dtype", aclnnAscendAntiQuantGetWorkspaceSize(q.t, sf.t, nullptr, 0, false, sc.t, &ws, &ex), kInvalid, "y dtype DT_FLOAT");
        ExpectError("AA shape", aclnnAscendAntiQuantGetWorkspaceSize(q.t, sf.t, nullptr, 1, false, h3.t, &ws, &ex), kInvalid, "y");
        if (!g_950) {
            ExpectError("AA scale size", aclnnAscendAntiQuantGetWorkspaceSize(q.t, s5.t, nullptr, 1, false, h.t, &ws, &ex), kInvalid, "the last dim size(16) of out(y) must be same as scale and offset(5).");
            ExpectError("AA scale 2-d", aclnnAscendAntiQuantGetWorkspaceSize(q.t, s2d.t, nullptr, 1, false, h.t, &ws, &ex), kInvalid, "scale dim num must be 1. scale:2");
        } else {
            Raw f8(ACL_FLOAT8_E4M3FN, {4, 16}), sb(ACL_BF16, {16});
            ExpectError("AA fp8 sqrt", aclnnAscendAntiQuantGetWorkspaceSize(f8.t, sf.t, nullptr, 1, true, h.t, &ws, &ex), kInvalid, "sqrtMode must be False");
            ExpectError("AA fp8 bf16 scale", aclnnAscendAntiQuantGetWorkspaceSize(f8.t, sb.t, nullptr, 1, false, h.t, &ws, &ex), kInvalid, "scale must be FLOAT");
        }
        if (!g_310p) {
            Raw i4(ACL_INT4, {4, 15}), h15(ACL_FLOAT16, {4, 15}), i32(ACL_INT32, {4, 3});
            ExpectError("AA int4 odd", aclnnAscendAntiQuantGetWorkspaceSize(i4.t, sf.t, nullptr, 1, false, h15.t, &ws, &ex), kInvalid, "must be an even number");
            ExpectError("AA int32 y", aclnnAscendAntiQuantGetWorkspaceSize(i32.t, sf.t, nullptr, 1, false, h.t, &ws, &ex), kInvalid, "8 times the last dim of x");
        } else {
            Raw i4(ACL_INT4, {4, 16});
            ExpectError("AA 310P int4", aclnnAscendAntiQuantGetWorkspaceSize(i4.t, sf.t, nullptr, 1, false, h.t, &ws, &ex), kInvalid, "x dtype DT_INT4");
        }
    }
    // Quantize
    {
        Raw xq(ACL_FLOAT, {4, 16}), o8(ACL_INT8, {4, 16}), s4(ACL_FLOAT, {4}), s5(ACL_FLOAT, {5}), s2(ACL_FLOAT, {2, 2}), z3(ACL_INT8, {3}), sb(ACL_BF16, {4});
        ExpectError("QZ null", aclnnQuantizeGetWorkspaceSize(xq.t, nullptr, nullptr, ACL_INT8, 0, o8.t, &ws, &ex), kNull, "scales");
        ExpectError("QZ scales 2-d", aclnnQuantizeGetWorkspaceSize(xq.t, s2.t, nullptr, ACL_INT8, 0, o8.t, &ws, &ex), kInvalid, "Input scales shape only support 1 dimension.");
        ExpectError("QZ zp size", aclnnQuantizeGetWorkspaceSize(xq.t, s4.t, z3.t, ACL_INT8, 0, o8.t, &ws, &ex), kInvalid, "Scales size should be equal to zeroPoints size.");
        ExpectError("QZ axis", aclnnQuantizeGetWorkspaceSize(xq.t, s4.t, nullptr, ACL_INT8, 2, o8.t, &ws, &ex), kInvalid, "Axis out of range (expected to be in range of [-2, 1], but got 2)");
        ExpectError("QZ size", aclnnQuantizeGetWorkspaceSize(xq.t, s5.t, nullptr, ACL_INT8, 0, o8.t, &ws, &ex), kInvalid, "specified dimension of x, which is 4.");
        ExpectError("QZ dtype", aclnnQuantizeGetWorkspaceSize(xq.t, s4.t, nullptr, ACL_UINT8, 0, o8.t, &ws, &ex), kInvalid, "out dtype DT_INT8 should be DT_UINT8");
        ExpectError("QZ dtype list", aclnnQuantizeGetWorkspaceSize(xq.t, s4.t, nullptr, ACL_INT16, 0, o8.t, &ws, &ex), kInvalid, "DT_INT16");
        if (!g_310p) ExpectError("QZ bf16", aclnnQuantizeGetWorkspaceSize(xq.t, sb.t, nullptr, ACL_INT8, 0, o8.t, &ws, &ex), kInvalid, "x dtype DT_FLOAT should be DT_BF16");
    }
    // AscendQuant
    Raw s16(hx, {16}), s16f(ACL_FLOAT, {16}), s2(hx, {2, 16}), s3(hx, {3});
    ExpectError("AQ null scale", aclnnAscendQuantV3GetWorkspaceSize(x.t, nullptr, nullptr, false, "round", 2, -1, y.t, &ws, &ex), kNull, "scale");
    ExpectError("AQ compat", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16f.t, nullptr, false, "round", 2, -1, y.t, &ws, &ex), kInvalid, "is not compatible with scale");
    ExpectError("AQ dstType", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, "round", 3, -1, y.t, &ws, &ex), kInvalid, "must be able to represent the y dtype");
    ExpectError("AQ round", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, "half", 2, -1, y.t, &ws, &ex), kInvalid, "roundMode[half]");
    ExpectError("AQ round null", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, nullptr, 2, -1, y.t, &ws, &ex), kInvalid, "roundMode cannot be empty");
    ExpectError("AQ axis", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, "round", 2, 2, y.t, &ws, &ex), kInvalid, g_310p ? "axis only support the last dimension in 310P" : "invalid axis: 2");
    ExpectError("AQ scale dims", aclnnAscendQuantV3GetWorkspaceSize(x.t, s2.t, nullptr, false, "round", 2, -1, y.t, &ws, &ex), kInvalid, "all dimensions except the dimension");
    ExpectError("AQ scale size", aclnnAscendQuantV3GetWorkspaceSize(x.t, s3.t, nullptr, false, "round", 2, -1, y.t, &ws, &ex), kInvalid, "is invalid, should be same as x dim");
    ExpectError("AQ y shape", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, "round", 2, -1, y3.t, &ws, &ex), kInvalid, "same size");
    if (!g_950) {
        ExpectError("AQV1 last dim", aclnnAscendQuantGetWorkspaceSize(x.t, s3.t, nullptr, false, "round", 2, y.t, &ws, &ex), kInvalid, "the last dim size(16) of x must be same as scale and offset(3).");
        ExpectError("AQV1 scale dims", aclnnAscendQuantGetWorkspaceSize(x.t, s2.t, nullptr, false, "round", 2, y.t, &ws, &ex), kInvalid, "scale dim num must be 1");
        ExpectError("AQV1 round", aclnnAscendQuantGetWorkspaceSize(x.t, s16.t, nullptr, false, "rint", 2, y.t, &ws, &ex), kInvalid, "roundMode[rint] not in ['round','floor','ceil','trunc'].");
    } else {
        ExpectError("AQV1 on 950", aclnnAscendQuantGetWorkspaceSize(x.t, s16.t, nullptr, false, "round", 2, y.t, &ws, &ex), kInvalid, "x dtype DT_FLOAT16");
        Raw f8(ACL_FLOAT8_E4M3FN, {4, 16});
        ExpectError("AQV3 fp8 floor", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, "floor", 36, -1, f8.t, &ws, &ex), kInvalid, "not in ['round'] for float8_e5m2/float8_e4m3fn.");
    }
    if (!g_950 && !g_310p) {
        Raw f8(ACL_FLOAT8_E4M3FN, {4, 16});
        ExpectError("AQV3 fp8 on 910B", aclnnAscendQuantV3GetWorkspaceSize(x.t, s16.t, nullptr, false, "round", 36, -1, f8.t, &ws, &ex), kInvalid, "y dtype DT_FLOAT8_E4M3FN");
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    g_950 = soc.find("950") != std::string::npos;
    g_310p = soc.find("310P") != std::string::npos;
    LOG_PRINT("quant on %s\n", soc.c_str());
    if (g_950) TestAscendFp8();
    if (!g_950) TestAscendInt(false);
    TestAscendInt(true);
    TestDynamic();
    TestAnti();
    TestQuantize();
    TestSwiGluQuant();
    TestEmpty();
    TestValidation();
    if (g_failures) { LOG_PRINT("test_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_quant: ok\n");
    return 0;
}
