// aclnnInplaceQuantScatter / V2 against a reference written here: row i of updates goes to batch
// b / offset o of selfRef along axis (1-D indices: b = i, o = indices[i]; 2-D: (b, o) =
// indices[i]), quantised on the way: code(x / scale[j] + zp[j]) computed in FP32, j the position
// along the last dim; INT8 codes round half to even and saturate, FLOAT8 codes (V2 on the 950)
// come from a brute-force nearest-code search (ties to the even code, saturating). Ranks 3-4, axis
// positive and negative, updates narrower than selfRef along axis, INT32 / INT64 indices, the
// (FLOAT16, FLOAT, INT32) and (BF16, BF16, BF16) combinations with and without zero points,
// strided views; every validation path with its code and message; an out-of-range offset fails
// the launch and writes nothing; empty tensors succeed untouched. Chips: "" = 910B (V2 refused),
// "950" (V2, FLOAT8 targets, unaligned last dims), "310p" (BF16 refused), "910a" (no kernel).
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_quant_scatter.h"
#include "aclnnop/aclnn_quant_scatter_v2.h"

static aclrtStream g_stream;
static std::string g_chip;
typedef std::vector<int64_t> Shape;

static void Exact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (got[i] != want[i]) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}

// The value of an FP8 code (E4M3FN: bias 7, no infinities, 0x7f NaN; E5M2: bias 15).
static double Fp8Value(int code, bool e4m3)
{
    int mb = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
    int e = (code >> mb) & ((1 << (7 - mb)) - 1), m = code & ((1 << mb) - 1);
    double v = e == 0 ? std::ldexp((double)m, 1 - bias - mb) : std::ldexp(1.0 + m / (double)(1 << mb), e - bias);
    return (code & 0x80) ? -v : v;
}

// The stored code of an FP32 value: INT8 (RINT, saturating) or the nearest finite FP8 code.
static int RefCode(float y, aclDataType dt)
{
    if (dt == ACL_INT8) {
        if (std::isnan(y)) return 0;
        float r = std::nearbyint(y);
        return r <= -128 ? -128 : r >= 127 ? 127 : (int)r;
    }
    bool e4m3 = dt == ACL_FLOAT8_E4M3FN;
    int maxcode = e4m3 ? 0x7e : 0x7b;
    int sign = std::signbit(y) ? 0x80 : 0;
    if (std::isnan(y)) return (int)(int8_t)(uint8_t)(sign | 0x7f);
    double a = std::fabs((double)y);
    int best = 0;
    double bd = INFINITY;
    for (int c = 0; c <= maxcode; c++) {
        double d = std::fabs(Fp8Value(c, e4m3) - a);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    return (int)(int8_t)(uint8_t)(sign | best);
}

struct Case { Shape ds, us; int axis; int irank; };

// One run over the given target dtype / combination; v2 uses the V2 entry.
static void RunCase(const Case &cs, aclDataType target, aclDataType udt, bool with_zp, bool v2, int c)
{
    int r = (int)cs.ds.size(), ax = cs.axis < 0 ? cs.axis + r : cs.axis;
    int64_t n = cs.us[0], span = cs.ds[(size_t)ax] - cs.us[(size_t)ax], last = cs.us.back();
    Lcg rng((uint64_t)c + 5);
    std::vector<int64_t> b(n), o(n);
    for (int64_t i = 0; i < n; i++) {
        b[(size_t)i] = cs.irank == 2 ? (n - 1 - i) % cs.ds[0] : i;
        o[(size_t)i] = (int64_t)(rng.uniform() * (double)(span + 1)) % (span + 1);
    }
    std::vector<double> idx;
    for (int64_t i = 0; i < n; i++) {
        if (cs.irank == 2) idx.push_back((double)b[(size_t)i]);
        idx.push_back((double)o[(size_t)i]);
    }
    aclDataType sdt = udt == ACL_FLOAT16 ? ACL_FLOAT : ACL_BF16, zdt = udt == ACL_FLOAT16 ? ACL_INT32 : ACL_BF16;
    std::vector<double> upd = QuantAll(udt, RandomValues((size_t)GetShapeSize(cs.us), (uint64_t)c + 2, 30.0));
    std::vector<double> sc((size_t)last), zp((size_t)last, 0.0);
    for (int64_t j = 0; j < last; j++) {
        sc[(size_t)j] = Quant(sdt, (j % 7 == 3 ? -1 : 1) * (0.05 + 0.5 * rng.uniform()));
        zp[(size_t)j] = with_zp ? Quant(zdt, zdt == ACL_INT32 ? (double)((j * 5) % 11 - 5) : 3.0 * rng.uniform() - 1.5) : 0.0;
    }
    // data starts as codes 7 (an INT8 view of the target's bytes)
    std::vector<double> data((size_t)GetShapeSize(cs.ds), 7.0), want = data;
    for (int64_t u = 0; u < GetShapeSize(cs.us); u++) {
        std::vector<int64_t> co(cs.us.size());
        int64_t q = u;
        for (size_t k = cs.us.size(); k-- > 0;) { co[k] = q % cs.us[k]; q /= cs.us[k]; }
        int64_t i = co[0], j = co.back();
        co[0] = b[(size_t)i];
        co[(size_t)ax] += o[(size_t)i];
        int64_t f = 0;
        for (size_t k = 0; k < cs.ds.size(); k++) f = f * cs.ds[k] + co[k];
        float y = (float)upd[(size_t)u] / (float)sc[(size_t)j];
        if (with_zp) y += (float)zp[(size_t)j];
        want[(size_t)f] = RefCode(y, target);
    }
    DevTensor td, ti, tu, ts, tz;
    Shape is = cs.irank == 1 ? Shape{n} : Shape{n, 2};
    Shape ss = c % 2 ? Shape{1, 1, last} : Shape{last};
    if (!td.Init(ACL_INT8, cs.ds, data, (Layout)(c % 2)) || !ti.Init(c % 2 ? ACL_INT32 : ACL_INT64, is, idx, (Layout)((c + 1) % 2)) ||
        !tu.Init(udt, cs.us, upd, (Layout)((c + 1) % 3)) || !ts.Init(sdt, ss, sc, CONTIG) || !tz.Init(zdt, ss, zp, (Layout)(c % 2)))
        return;
    // the target's view over the INT8 storage
    aclTensor *self = aclCreateTensor(td.shape.data(), td.shape.size(), target, td.strides.data(), td.offset, ACL_FORMAT_ND,
                                      td.storage.data(), 1, td.dev);
    std::string what = std::string(v2 ? "V2" : "V1") + " target " + std::to_string((int)target) + " upd " + DtName(udt) +
                       (with_zp ? " zp" : "") + " case " + std::to_string(c);
    const char *rm = "rint";
    int rc = v2 ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                 return aclnnInplaceQuantScatterV2GetWorkspaceSize(self, ti.t, tu.t, ts.t, with_zp ? tz.t : nullptr, cs.axis, -1, 1,
                                                                   rm, w, e); }, aclnnInplaceQuantScatterV2)
                : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                 return aclnnInplaceQuantScatterGetWorkspaceSize(self, ti.t, tu.t, ts.t, with_zp ? tz.t : nullptr, cs.axis,
                                                                 (int64_t)r - 1, 1, w, e); }, aclnnInplaceQuantScatter);
    aclDestroyTensor(self);
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    Exact(what, td.Read(), want);
    EXPECT(td.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
}

static void TestValues(bool v2)
{
    const bool aligned = g_chip != "950";
    int64_t L = aligned ? 32 : 5;
    std::vector<Case> cases = {
        {{4, 8, L}, {4, 3, L}, -2, 1}, {{3, 6, 2, L}, {2, 6, 2, L}, 2, 2}, {{3, 6, 2, L}, {3, 4, 2, L}, 1, 1},
        {{2, 5, 2 * L}, {2, 5, 2 * L}, 1, 2}, {{5, 1, 4, L}, {5, 1, 1, L}, -2, 1},
    };
    std::vector<aclDataType> targets = {ACL_INT8};
    if (v2) targets.push_back(ACL_FLOAT8_E4M3FN), targets.push_back(ACL_FLOAT8_E5M2);
    std::vector<aclDataType> udts = {ACL_FLOAT16};
    if (g_chip != "310p") udts.push_back(ACL_BF16);
    int c = 0;
    for (aclDataType t : targets)
        for (aclDataType u : udts)
            for (const Case &cs : cases) {
                RunCase(cs, t, u, c % 3 != 2, v2, c);
                c++;
            }
}

// Special values: ties, saturation, NaN (INT8: 0), signed zero of the FP8 codes.
static void TestSpecial(bool v2)
{
    std::vector<aclDataType> targets = {ACL_INT8};
    if (v2) targets.push_back(ACL_FLOAT8_E4M3FN);
    const int64_t L = 32;
    for (aclDataType target : targets) {
        std::vector<double> upd((size_t)L), want((size_t)L);
        const double vals[] = {0.5, 1.5, 2.5, -0.5, -2.5, 126.5, 127.5, 300, -300, NAN, INFINITY, -INFINITY, -0.0, 1e-9, 3.25, 1000};
        for (int64_t j = 0; j < L; j++) {
            upd[(size_t)j] = Quant(ACL_FLOAT16, vals[j % 16]);
            want[(size_t)j] = RefCode((float)upd[(size_t)j], target);
        }
        DevTensor td, ti, tu, ts;
        if (!td.Init(ACL_INT8, {1, 1, L}, {}, CONTIG, 0) || !ti.Init(ACL_INT32, {1}, {0}, CONTIG) ||
            !tu.Init(ACL_FLOAT16, {1, 1, L}, upd, CONTIG) || !ts.Init(ACL_FLOAT, {L}, std::vector<double>((size_t)L, 1.0), CONTIG))
            return;
        aclTensor *self = aclCreateTensor(td.shape.data(), 3, target, td.strides.data(), 0, ACL_FORMAT_ND, td.storage.data(), 1, td.dev);
        std::string what = "special target " + std::to_string((int)target);
        int rc = v2 ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                     return aclnnInplaceQuantScatterV2GetWorkspaceSize(self, ti.t, tu.t, ts.t, nullptr, -2, -1, 1, "rint", w, e); },
                     aclnnInplaceQuantScatterV2)
                    : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                     return aclnnInplaceQuantScatterGetWorkspaceSize(self, ti.t, tu.t, ts.t, nullptr, -2, -1, 1, w, e); },
                     aclnnInplaceQuantScatter);
        aclDestroyTensor(self);
        EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
        if (rc == 0) Exact(what, td.Read(), want);
    }
}

static void TestValidation()
{
    const int64_t L = 32;
    DevTensor d, i, u, s, z, f16, i16, f32u, s16, z16, u2, i3, i22, e, sbad, zbad, ubig, d4, u4, zbf;
    if (!d.Init(ACL_INT8, {2, 4, L}, {}, CONTIG, 1) || !i.Init(ACL_INT64, {2}, {0, 3}, CONTIG) ||
        !u.Init(ACL_FLOAT16, {2, 1, L}, std::vector<double>((size_t)(2 * L), 2.0), CONTIG) ||
        !s.Init(ACL_FLOAT, {L}, std::vector<double>((size_t)L, 1.0), CONTIG) || !z.Init(ACL_INT32, {L}, {}, CONTIG, 0) ||
        !f16.Init(ACL_FLOAT16, {2, 4, L}, {}, CONTIG) || !i16.Init(ACL_INT16, {2}, {}, CONTIG) || !f32u.Init(ACL_FLOAT, {2, 1, L}, {}, CONTIG) ||
        !s16.Init(ACL_FLOAT16, {L}, {}, CONTIG) || !z16.Init(ACL_FLOAT16, {L}, {}, CONTIG) || !u2.Init(ACL_FLOAT16, {2, L}, {}, CONTIG) ||
        !i3.Init(ACL_INT64, {2, 1, 1}, {}, CONTIG, 0) || !i22.Init(ACL_INT64, {2, 3}, {}, CONTIG, 0) || !e.Init(ACL_INT8, {0, 4, L}, {}, CONTIG) ||
        !sbad.Init(ACL_FLOAT, {L - 1}, {}, CONTIG, 1) || !zbad.Init(ACL_INT32, {2}, {}, CONTIG, 0) ||
        !ubig.Init(ACL_FLOAT16, {2, 5, L}, {}, CONTIG) || !d4.Init(ACL_INT8, {2, 4, 3, L}, {}, CONTIG) ||
        !u4.Init(ACL_FLOAT16, {2, 4, 2, L}, {}, CONTIG) || !zbf.Init(ACL_BF16, {L}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto V1 = [&](aclTensor *sr, const aclTensor *ix, const aclTensor *up, const aclTensor *sc, const aclTensor *zz, int64_t ax, int64_t qax) {
        return aclnnInplaceQuantScatterGetWorkspaceSize(sr, ix, up, sc, zz, ax, qax, 1, &ws, &ex);
    };
    ExpectError("null selfRef", V1(nullptr, i.t, u.t, s.t, z.t, -2, -1), 161001, "selfRef");
    ExpectError("null indices", V1(d.t, nullptr, u.t, s.t, z.t, -2, -1), 161001, "indices");
    ExpectError("null updates", V1(d.t, i.t, nullptr, s.t, z.t, -2, -1), 161001, "updates");
    ExpectError("null scales", V1(d.t, i.t, u.t, nullptr, z.t, -2, -1), 161001, "quantScales");
    ExpectError("selfRef dtype", V1(f16.t, i.t, u.t, s.t, z.t, -2, -1), 161002, "DT_FLOAT16");
    ExpectError("indices dtype", V1(d.t, i16.t, u.t, s.t, z.t, -2, -1), 161002, "DT_INT16");
    ExpectError("updates dtype", V1(d.t, i.t, f32u.t, s.t, z.t, -2, -1), 161002, "DT_FLOAT");
    ExpectError("scales dtype", V1(d.t, i.t, u.t, s16.t, z.t, -2, -1), 161002, "DT_FLOAT16");
    ExpectError("zp dtype", V1(d.t, i.t, u.t, s.t, z16.t, -2, -1), 161002, "DT_FLOAT16");
    if (g_chip != "310p") {
        ExpectError("combination with zp", V1(d.t, i.t, u.t, s.t, zbf.t, -2, -1), 161002, "(float16, float, int32) or (bfloat16");
    }
    ExpectError("ranks", V1(d.t, i.t, u2.t, s.t, z.t, -2, -1), 161002, "dimension of selfRef and updates should equal");
    EXPECT(V1(e.t, i.t, u.t, s.t, z.t, -2, -1) == 0, "empty selfRef: stage 1 should succeed");
    if (ex) { aclDestroyAclOpExecutor(ex); ex = nullptr; }
    ExpectError("axis -1", V1(d.t, i.t, u.t, s.t, z.t, -1, -1), 161002, "the value of axis must be within the range [1, 1]");
    ExpectError("axis 0", V1(d.t, i.t, u.t, s.t, z.t, 0, -1), 161002, "axis 0");
    ExpectError("quantAxis", V1(d.t, i.t, u.t, s.t, z.t, -2, 1), 161002, "quant_axis must be -1 or 2");
    ExpectError("scales count", V1(d.t, i.t, u.t, sbad.t, z.t, -2, -1), 161002, "must equal the last dim of updates");
    ExpectError("zp count", V1(d.t, i.t, u.t, s.t, zbad.t, -2, -1), 161002, "the same as the shape size of quant_zero_points");
    ExpectError("updates wider", V1(d.t, i.t, ubig.t, s.t, z.t, -2, -1), 161002, "dim[axis] of updates must be less than dim[axis]");
    ExpectError("other dims", V1(d4.t, i.t, u4.t, s.t, z.t, 1, -1), 161002, "dim[2] of updates must be equal to dim[2] of var");
    ExpectError("indices rank", V1(d.t, i3.t, u.t, s.t, z.t, -2, -1), 161002, "indices must be 1 or 2");
    ExpectError("indices [n, 3]", V1(d.t, i22.t, u.t, s.t, z.t, -2, -1), 161002, "should be 2");
    if (g_chip != "950") {
        DevTensor du, uu, su;
        if (!du.Init(ACL_INT8, {2, 4, 8}, {}, CONTIG) || !uu.Init(ACL_FLOAT16, {2, 1, 8}, {}, CONTIG) || !su.Init(ACL_FLOAT, {8}, {}, CONTIG, 1))
            return;
        ExpectError("32-byte rule", V1(du.t, i.t, uu.t, su.t, nullptr, -2, -1), 161002, "32-byte aligned");
        ExpectError("V2 not on this chip", aclnnInplaceQuantScatterV2GetWorkspaceSize(d.t, i.t, u.t, s.t, z.t, -2, -1, 1, "rint", &ws, &ex),
                    161002, "is not implemented");
    } else {
        ExpectError("V2 roundMode", aclnnInplaceQuantScatterV2GetWorkspaceSize(d.t, i.t, u.t, s.t, z.t, -2, -1, 1, "round", &ws, &ex),
                    161002, "not in ['rint']");
        ExpectError("V2 null roundMode", aclnnInplaceQuantScatterV2GetWorkspaceSize(d.t, i.t, u.t, s.t, z.t, -2, -1, 1, nullptr, &ws, &ex),
                    161001, "roundMode");
        aclTensor *h = aclCreateTensor(d.shape.data(), 3, ACL_HIFLOAT8, d.strides.data(), 0, ACL_FORMAT_ND, d.storage.data(), 1, d.dev);
        ExpectError("V2 hifloat8 rint", aclnnInplaceQuantScatterV2GetWorkspaceSize(h, i.t, u.t, s.t, z.t, -2, -1, 1, "rint", &ws, &ex),
                    161002, "['round','hybrid']");
        ExpectError("V2 hifloat8", aclnnInplaceQuantScatterV2GetWorkspaceSize(h, i.t, u.t, s.t, z.t, -2, -1, 1, "round", &ws, &ex),
                    161002, "HIFLOAT8 is not emulated");
        aclDestroyTensor(h);
        aclTensor *f8 = aclCreateTensor(d.shape.data(), 3, ACL_FLOAT8_E4M3FN, d.strides.data(), 0, ACL_FORMAT_ND, d.storage.data(), 1, d.dev);
        ExpectError("V1 fp8 selfRef", V1(f8, i.t, u.t, s.t, z.t, -2, -1), 161002, "DT_FLOAT8_E4M3FN");
        aclDestroyTensor(f8);
    }
    // offset 3 fits (dim 4, one row); offset 4 does not: the launch fails, selfRef untouched
    int rc = Run("offset 3", g_stream, [&](uint64_t *w, aclOpExecutor **e2) {
        return aclnnInplaceQuantScatterGetWorkspaceSize(d.t, i.t, u.t, s.t, z.t, -2, -1, 1, w, e2); }, aclnnInplaceQuantScatter);
    EXPECT(rc == 0, "offset 3: %d", rc);
    std::vector<double> want((size_t)(8 * L), 1.0);
    for (int64_t j = 0; j < L; j++) want[(size_t)j] = 2, want[(size_t)(7 * L + j)] = 2;
    Exact("offset 3", d.Read(), want);
    DevTensor ibad;
    if (!ibad.Init(ACL_INT64, {2}, {0, 4}, CONTIG)) return;
    rc = aclnnInplaceQuantScatterGetWorkspaceSize(d.t, ibad.t, u.t, s.t, z.t, -2, -1, 1, &ws, &ex);
    EXPECT(rc == 0, "offset 4: stage 1 (%d)", rc);
    if (rc == 0) {
        int r2 = aclnnInplaceQuantScatter(nullptr, 0, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "offset 4: the launch did not fail");
    }
    Exact("selfRef untouched", d.Read(), want);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "910a") {
        DevTensor d, i, u, s;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!d.Init(ACL_INT8, {2, 4, 32}, {}, CONTIG) || !i.Init(ACL_INT64, {2}, {0, 1}, CONTIG) ||
            !u.Init(ACL_FLOAT16, {2, 1, 32}, {}, CONTIG) || !s.Init(ACL_FLOAT, {32}, {}, CONTIG, 1)) return 1;
        int rc = aclnnInplaceQuantScatterGetWorkspaceSize(d.t, i.t, u.t, s.t, nullptr, -2, -1, 1, &ws, &ex);
        EXPECT(rc == 361001, "910: returned %d, expected 361001", rc);
    } else {
        if (g_chip == "310p") {
            DevTensor d, i, u, s;
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            if (!d.Init(ACL_INT8, {2, 4, 32}, {}, CONTIG) || !i.Init(ACL_INT64, {2}, {0, 1}, CONTIG) ||
                !u.Init(ACL_BF16, {2, 1, 32}, {}, CONTIG) || !s.Init(ACL_BF16, {32}, {}, CONTIG, 1)) return 1;
            ExpectError("310P bf16", aclnnInplaceQuantScatterGetWorkspaceSize(d.t, i.t, u.t, s.t, nullptr, -2, -1, 1, &ws, &ex), 161002,
                        "DT_BF16");
        }
        TestValues(false);
        TestSpecial(false);
        if (g_chip == "950") {
            TestValues(true);
            TestSpecial(true);
        }
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
