// aclnnFakeQuantPerTensorAffineCachemask / aclnnFakeQuantPerChannelAffineCachemask, bit-exact
// against a reference written here from the documented formula in the kernel's FP32 steps:
// t = self * (1 / scale); INT32 zero point: q = rint(t) + zp, float zero point: q = rint(t + zp)
// (rint = half to even, NaN -> 0, saturating to INT32); mask = quantMin <= q <= quantMax (q in
// FP16 on the FP16 path); out = (clamp(rint(q)) - zp) * scale ((0 - zp) * scale for NaN self),
// rounded to the promoted dtype, then to out's. Ties, NaN, +-Inf, huge values, strided views,
// 0-d and empty tensors, every axis, fakeQuantEnabled < 1 and the validation paths; on chips
// other than A2 / A3 (950, 310P) the ops are refused with 361001 as their docs list no kernel.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_fake_quant_per_channel_affine_cachemask.h"
#include "aclnnop/aclnn_fake_quant_per_tensor_affine_cachemask.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kInnerNull = 561103;

// half to even on a double, written out; NaN -> 0; saturating to INT32
static int32_t RoundSat(double v)
{
    if (std::isnan(v)) return 0;
    if (v >= 2147483647.0) return INT32_MAX;
    if (v <= -2147483648.0) return INT32_MIN;
    double f = std::floor(v), d = v - f;
    double r = d > 0.5 ? f + 1 : d < 0.5 ? f : (std::fmod(f, 2.0) == 0 ? f : f + 1);
    return (int32_t)r;
}

struct FqRef {
    double out;
    bool mask;
};

static FqRef RefFake(double xv, double sv, double zpv, bool zp_int, aclDataType promo, int64_t qmin, int64_t qmax)
{
    bool half = promo == ACL_FLOAT16;
    float x = (float)Quant(promo, xv), s = (float)Quant(promo, sv), zp = (float)zpv;
    float t = x * (1.0f / s);
    float q = zp_int ? (float)RoundSat(t) + zp : (float)RoundSat((double)(t + zp));
    float qm = half ? (float)Quant(ACL_FLOAT16, q) : q;
    float lo = (float)Quant(promo, (double)qmin), hi = (float)Quant(promo, (double)qmax);
    FqRef r;
    r.mask = qm >= lo && qm <= hi;
    int32_t qi = RoundSat(q);
    if (qi < (int32_t)qmin) qi = (int32_t)qmin;
    if (qi > (int32_t)qmax) qi = (int32_t)qmax;
    float qf = std::isnan(x) ? 0.0f : (float)qi;
    r.out = Quant(promo, (double)((qf - zp) * s));
    return r;
}

static bool SameBits(double a, double b)
{
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

static void Compare(const char *what, const std::vector<double> &out, const std::vector<double> &mask,
                    const std::vector<FqRef> &want, aclDataType od)
{
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++) {
        double w = Quant(od, want[i].out);
        if (!SameBits(out[i], w) || (mask[i] != 0) != want[i].mask) {
            if (bad < 5) LOG_PRINT("  %s[%zu]: out %.9g mask %g, want %.9g mask %d\n", what, i, out[i], mask[i], w, want[i].mask);
            bad++;
        }
    }
    EXPECT(bad == 0 && out.size() == want.size(), "%s: %zu of %zu differ", what, bad, want.size());
}

// values around the ties of x / scale and the range edges, specials
static std::vector<double> Probe(size_t n, double scale, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, 200.0 * scale);
    const double sp[] = {0.5, 1.5, 2.5, -0.5, -2.5, 127.5, 128.5, -128.5, -129.5, 127.4, -0.0, 0.0,
                         NAN, INFINITY, -INFINITY, 1e30, -1e30, 3e9, 126.5};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0] && i < n; i++) v[i * 3 % n] = sp[i] * scale;
    return v;
}

static void RunPerTensor(aclDataType xd, aclDataType sd, aclDataType od, Layout lay, float enabled, int64_t qmin,
                         int64_t qmax, std::vector<int64_t> shape)
{
    int64_t n = GetShapeSize(shape);
    double scale = 0.25, zp = 3;
    std::vector<double> xv = Probe((size_t)n, scale, 7);
    DevTensor x, s, z, out, mask;
    x.Init(xd, shape, xv, lay);
    s.Init(sd, {1}, {scale}, CONTIG);
    z.Init(ACL_INT32, {1}, {zp}, CONTIG);
    out.Init(od, shape, {}, lay);
    mask.Init(ACL_BOOL, shape, {}, lay, 0);
    int rc = Run("FakeQuantPerTensor", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnFakeQuantPerTensorAffineCachemaskGetWorkspaceSize(x.t, s.t, z.t, enabled, qmin, qmax,
                                                                                    out.t, mask.t, ws, ex);
                 },
                 aclnnFakeQuantPerTensorAffineCachemask);
    EXPECT(rc == 0, "per tensor %s/%s -> %s: %d", DtName(xd), DtName(sd), DtName(od), rc);
    if (rc) return;
    aclDataType promo = xd == ACL_FLOAT16 && sd == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
    std::vector<FqRef> want((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        if (enabled < 1.0f) want[(size_t)i] = {Quant(promo, Quant(xd, xv[(size_t)i])), true};
        else want[(size_t)i] = RefFake(Quant(xd, xv[(size_t)i]), Quant(sd, scale), zp, true, promo, qmin, qmax);
    }
    std::string what = std::string("per tensor ") + DtName(xd) + "/" + DtName(sd) + "->" + DtName(od) +
                       (enabled < 1 ? " disabled" : "") + (lay != CONTIG ? " strided" : "");
    Compare(what.c_str(), out.Read(), mask.Read(), want, od);
    EXPECT(out.CountClobbered() == 0 && mask.CountClobbered(0) == 0, "%s: wrote outside the view", what.c_str());
}

static void RunPerChannel(aclDataType xd, aclDataType sd, aclDataType zd, std::vector<int64_t> shape, int64_t axis,
                          Layout lay)
{
    int64_t n = GetShapeSize(shape), nd = (int64_t)shape.size();
    int64_t d = axis < 0 ? axis + (nd ? nd : 1) : axis, C = nd ? shape[(size_t)d] : 1;
    std::vector<double> sv((size_t)C), zv((size_t)C);
    for (int64_t c = 0; c < C; c++) {
        sv[(size_t)c] = 0.1 * (double)(c + 1) + 0.013;
        zv[(size_t)c] = zd == ACL_INT32 ? (double)(c % 5) - 2 : 0.5 * (double)c - 1.25;
    }
    std::vector<double> xv = Probe((size_t)n, 0.25, 11);
    DevTensor x, s, z, out, mask;
    x.Init(xd, shape, xv, lay);
    s.Init(sd, {C}, sv, CONTIG);
    z.Init(zd, {C}, zv, lay == CONTIG ? CONTIG : STRIDED);
    out.Init(xd, shape, {}, lay);
    mask.Init(ACL_BOOL, shape, {}, CONTIG, 0);
    int64_t qmin = -10, qmax = 20;
    int rc = Run("FakeQuantPerChannel", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(x.t, s.t, z.t, axis, qmin, qmax,
                                                                                     out.t, mask.t, ws, ex);
                 },
                 aclnnFakeQuantPerChannelAffineCachemask);
    std::string what = std::string("per channel ") + DtName(xd) + "/" + DtName(sd) + " zp " + DtName(zd) + " axis " +
                       std::to_string(axis) + " rank " + std::to_string(nd);
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    aclDataType promo = xd == ACL_FLOAT16 && sd == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
    std::vector<FqRef> want((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        int64_t c = 0, r = i;
        for (int64_t k = nd - 1; k >= 0; k--) {
            if (k == d) c = r % shape[(size_t)k];
            r /= shape[(size_t)k];
        }
        want[(size_t)i] = RefFake(Quant(xd, xv[(size_t)i]), Quant(sd, sv[(size_t)c]), Quant(zd, zv[(size_t)c]),
                                  zd == ACL_INT32, promo, qmin, qmax);
    }
    Compare(what.c_str(), out.Read(), mask.Read(), want, xd);
}

static void TestCompute()
{
    const aclDataType f = ACL_FLOAT, h = ACL_FLOAT16;
    RunPerTensor(f, f, f, CONTIG, 1.0f, -128, 127, {3, 40});
    RunPerTensor(f, f, f, STRIDED, 1.0f, -128, 127, {4, 9});
    RunPerTensor(h, h, h, CONTIG, 1.0f, -128, 127, {2, 3, 20});
    RunPerTensor(h, f, h, TRANSPOSED, 1.0f, 0, 255, {6, 7});
    RunPerTensor(f, h, f, CONTIG, 1.0f, -5, 5, {50});
    RunPerTensor(h, h, f, CONTIG, 2.0f, -70000, 70000, {30}); // the FP16 mask compare rounds q and the bounds
    RunPerTensor(f, f, f, CONTIG, 1.0f, 3, 3, {});          // 0-d, one-value range
    RunPerTensor(f, f, h, STRIDED, 0.5f, -128, 127, {5, 6}); // disabled: out = self, mask all true
    RunPerTensor(h, h, h, CONTIG, 0.0f, -128, 127, {17});
    for (aclDataType zd : {ACL_INT32, ACL_FLOAT, ACL_FLOAT16}) {
        RunPerChannel(f, f, zd, {3, 4, 5}, 0, CONTIG);
        RunPerChannel(f, f, zd, {3, 4, 5}, 1, STRIDED);
        RunPerChannel(h, h, zd, {3, 4, 5}, -1, CONTIG);
    }
    RunPerChannel(h, f, ACL_INT32, {2, 3, 4, 6}, 2, TRANSPOSED);
    RunPerChannel(f, h, ACL_FLOAT, {2, 3, 4, 6}, -4, CONTIG);
    RunPerChannel(f, f, ACL_INT32, {40}, 0, CONTIG);
    RunPerChannel(f, f, ACL_INT32, {}, -1, CONTIG);
}

static void TestEmpty()
{
    DevTensor x, s, z, out, mask;
    x.Init(ACL_FLOAT, {0, 4}, {}, CONTIG);
    s.Init(ACL_FLOAT, {4}, {1, 1, 1, 1}, CONTIG);
    z.Init(ACL_INT32, {4}, {0, 0, 0, 0}, CONTIG);
    out.Init(ACL_FLOAT, {0, 4}, {}, CONTIG);
    mask.Init(ACL_BOOL, {0, 4}, {}, CONTIG);
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(x.t, s.t, z.t, 1, -128, 127, out.t, mask.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "per channel empty: %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnFakeQuantPerChannelAffineCachemask(nullptr, 0, ex, g_stream) == 0, "empty stage 2");
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, s, z, out, mask, xi, zf, mf, s2, z2, o2, sc3, s2d, z2d, z3, oi;
    x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG);
    s.Init(ACL_FLOAT, {1}, {1}, CONTIG);
    z.Init(ACL_INT32, {1}, {0}, CONTIG);
    out.Init(ACL_FLOAT, {2, 3}, {}, CONTIG);
    mask.Init(ACL_BOOL, {2, 3}, {}, CONTIG);
    xi.Init(ACL_INT32, {2, 3}, {}, CONTIG);
    zf.Init(ACL_FLOAT, {1}, {0}, CONTIG);
    mf.Init(ACL_FLOAT, {2, 3}, {}, CONTIG);
    s2.Init(ACL_FLOAT, {2}, {1, 1}, CONTIG);
    z2.Init(ACL_INT32, {2}, {0, 0}, CONTIG);
    o2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG);
    sc3.Init(ACL_FLOAT, {3}, {1, 1, 1}, CONTIG);
    s2d.Init(ACL_FLOAT, {1, 2}, {1, 1}, CONTIG);
    z2d.Init(ACL_INT32, {1, 2}, {0, 0}, CONTIG);
    z3.Init(ACL_INT32, {3}, {0, 0, 0}, CONTIG);
    oi.Init(ACL_COMPLEX64, {2, 3}, {}, CONTIG);
    auto pt = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, int64_t lo, int64_t hi, aclTensor *o,
                  aclTensor *m) {
        return aclnnFakeQuantPerTensorAffineCachemaskGetWorkspaceSize(a, b, c, 1.0f, lo, hi, o, m, &ws, &ex);
    };
    auto pc = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, int64_t axis, aclTensor *o, aclTensor *m) {
        return aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(a, b, c, axis, -128, 127, o, m, &ws, &ex);
    };
    // the real CheckParams returns ACLNN_ERR_INNER_NULLPTR for a null tensor
    ExpectError("PT null self", pt(nullptr, s.t, z.t, 0, 1, out.t, mask.t), kInnerNull, "self");
    ExpectError("PT null zp", pt(x.t, s.t, nullptr, 0, 1, out.t, mask.t), kInnerNull, "zeroPoint");
    ExpectError("PC null mask", pc(x.t, sc3.t, z3.t, 1, out.t, nullptr), kInnerNull, "mask");
    ExpectError("PT self dtype", pt(xi.t, s.t, z.t, 0, 1, out.t, mask.t), kInvalid, "self");
    ExpectError("PT zp float", pt(x.t, s.t, zf.t, 0, 1, out.t, mask.t), kInvalid, "zeroPoint");
    ExpectError("PT out complex", pt(x.t, s.t, z.t, 0, 1, oi.t, mask.t), kInvalid, "can't be cast to the desired output type");
    ExpectError("PT mask dtype", pt(x.t, s.t, z.t, 0, 1, out.t, mf.t), kInvalid, "mask");
    ExpectError("PT scale size", pt(x.t, s2.t, z.t, 0, 1, out.t, mask.t), kInvalid, "scale: a Tensor with 2 elements cannot be converted to Scalar");
    ExpectError("PT zp size", pt(x.t, s.t, z2.t, 0, 1, out.t, mask.t), kInvalid, "zeroPoint: a Tensor with 2 elements");
    ExpectError("PT out shape", pt(x.t, s.t, z.t, 0, 1, o2.t, mask.t), kInvalid, "out");
    ExpectError("PT min > max", pt(x.t, s.t, z.t, 2, 1, out.t, mask.t), kInvalid, "`quantMin` should be less than or equal to `quantMax`.");
    ExpectError("PC scale 2-d", pc(x.t, s2d.t, z2.t, 0, out.t, mask.t), kInvalid, "scale should be a 1-D tensor");
    ExpectError("PC zp 2-d", pc(x.t, s2.t, z2d.t, 0, out.t, mask.t), kInvalid, "zero point should be a 1-D tensor");
    ExpectError("PC scale vs zp", pc(x.t, s2.t, z3.t, 0, out.t, mask.t), kInvalid, "scale and zeroPoint need to have the same dimensions");
    ExpectError("PC axis", pc(x.t, s2.t, z2.t, 2, out.t, mask.t), kInvalid, "Dimension out of range (expected to be in range of [-2, 1]");
    ExpectError("PC axis -3", pc(x.t, s2.t, z2.t, -3, out.t, mask.t), kInvalid, "Dimension out of range");
    ExpectError("PC size", pc(x.t, s2.t, z2.t, 1, out.t, mask.t), kInvalid, "not consistant with input tensor");
    ExpectError("PC mask shape", pc(x.t, s2.t, z2.t, 0, out.t, o2.t), kInvalid, "mask");
    int rc = pc(x.t, s2.t, z2.t, 0, out.t, mask.t);
    if (supported) {
        EXPECT(rc == 0, "PC valid: %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex); // never run
    } else {
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001 && m && std::string(m).find("not implemented") != std::string::npos,
               "PC on an unsupported chip: %d (%s)", rc, m ? m : "");
        rc = pt(x.t, s.t, z.t, 0, 1, out.t, mask.t);
        EXPECT(rc == 361001, "PT on an unsupported chip: %d", rc);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("910B") != std::string::npos || soc.find("910_93") != std::string::npos;
    LOG_PRINT("fake quant on %s\n", soc.c_str());
    if (supported) {
        TestCompute();
        TestEmpty();
    }
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_fake_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_fake_quant: ok\n");
    return 0;
}
