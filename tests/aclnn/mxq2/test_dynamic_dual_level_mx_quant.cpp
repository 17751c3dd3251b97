// aclnnDynamicDualLevelMxQuant (950): per row of x (times smoothScaleOptional, rounded to x's dtype),
// level 0 over blocks of 512 as the arch35 kernel steps it in FP32 (l0 = max |v| over the finite
// elements * fp32(1 / 6), 0 below 2^-126; t = x's dtype(v / l0), a zero v kept), then mx_ref.h's OCP
// MX reference of t along the row in blocks of 32 to FP4 E2M1: level0ScaleOut (FP32 bits), yOut and
// level1ScaleOut bytes must be identical. FP16 / BF16, the round modes, tail blocks, 3-D x, smooth
// scales, an inf element, strided x; the validation paths (161001 / 161002 / 561002 with messages) and
// 361001 off the 950.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_dynamic_dual_level_mx_quant.h"
#include "mx_ref.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002, kRuntime = 361001;

struct Case {
    aclDataType xd = ACL_BF16;
    std::vector<int64_t> shape = {4, 1024};
    bool smooth = false, inf = false;
    const char *round = "rint";
    Layout lay = CONTIG;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t N = k.shape.back(), R = GetShapeSize(k.shape) / N, n0 = (N + 511) / 512;
    std::vector<double> xv = RandomValues((size_t)(R * N), 31 + (uint64_t)(R * N), 20.0);
    std::vector<double> sv = RandomValues((size_t)N, 5, 1.5);
    xv[0] = 0.0;
    xv[1] = -0.0;
    for (int64_t c = 0; c < 512 && c < N && R > 2; c++) xv[(size_t)(2 * N + c)] = 0.0; // an all-zero level-0 block
    if (k.inf) xv[(size_t)(N + 7)] = INFINITY;
    DevTensor x, s;
    x.Init(k.xd, k.shape, xv, k.lay);
    if (k.smooth) s.Init(k.xd, {N}, sv, CONTIG);
    std::vector<int64_t> l0s = k.shape, l1s = k.shape;
    l0s.back() = n0;
    l1s.back() = (N + 63) / 64;
    l1s.push_back(2);
    DevTensor l0;
    l0.Init(ACL_FLOAT, l0s, {}, CONTIG);
    MxBytes y(ACL_FLOAT4_E2M1, k.shape), l1(ACL_FLOAT8_E8M0, l1s);
    int rc = Run("DynamicDualLevelMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnDynamicDualLevelMxQuantGetWorkspaceSize(x.t, k.smooth ? s.t : nullptr, (char *)k.round, 512, 32,
                                                           y.t, l0.t, l1.t, ws, ex); }, aclnnDynamicDualLevelMxQuant);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    float inv6;
    uint32_t ib = 0x3e2aaaabu;
    memcpy(&inv6, &ib, 4);
    std::vector<double> t((size_t)(R * N)), l0r((size_t)(R * n0));
    for (int64_t r = 0; r < R; r++) {
        std::vector<double> v((size_t)N);
        for (int64_t c = 0; c < N; c++) {
            double xq = Quant(k.xd, xv[(size_t)(r * N + c)]);
            v[(size_t)c] = k.smooth ? Quant(k.xd, xq * Quant(k.xd, sv[(size_t)c])) : xq;
        }
        for (int64_t b = 0; b < n0; b++) {
            double amax = 0;
            for (int64_t c = b * 512; c < b * 512 + 512 && c < N; c++)
                if (std::isfinite(v[(size_t)c])) amax = std::max(amax, std::fabs(v[(size_t)c]));
            float l = (float)amax * inv6;
            if (l < std::ldexp(1.0f, -126)) l = 0.0f;
            l0r[(size_t)(r * n0 + b)] = l;
            for (int64_t c = b * 512; c < b * 512 + 512 && c < N; c++) {
                double w = v[(size_t)c];
                t[(size_t)(r * N + c)] = w == 0 ? w : Quant(k.xd, (double)((float)w / l));
            }
        }
    }
    MxOut ref = MxRef(t, R, N, 1, ACL_FLOAT4_E2M1, 0, MxRoundOf(k.round));
    std::vector<double> l0g = l0.Read();
    size_t bad = 0;
    for (size_t i = 0; i < l0g.size(); i++)
        if (l0g[i] != l0r[i] && bad++ < 5) LOG_PRINT("  level0 %zu: got %.9g want %.9g\n", i, l0g[i], l0r[i]);
    bad += MxCompare("y", y.Read(), MxPack(ref.codes, ACL_FLOAT4_E2M1)) + MxCompare("level1", l1.Read(), ref.scale);
    EXPECT(bad == 0, "%s: %zu values differ", k.name.c_str(), bad);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, xo, sm, smh, smb, l0, l0b, l0i;
    x.Init(ACL_BF16, {4, 128}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    xo.Init(ACL_BF16, {4, 127}, {}, CONTIG);
    sm.Init(ACL_BF16, {128}, {}, CONTIG);
    smh.Init(ACL_FLOAT16, {128}, {}, CONTIG);
    smb.Init(ACL_BF16, {64}, {}, CONTIG);
    l0.Init(ACL_FLOAT, {4, 1}, {}, CONTIG);
    l0b.Init(ACL_FLOAT, {4, 2}, {}, CONTIG);
    l0i.Init(ACL_INT32, {4, 1}, {}, CONTIG);
    aclDataType f4 = ACL_FLOAT4_E2M1, e8 = ACL_FLOAT8_E8M0;
    MxBytes y(f4, {4, 128}), l1(e8, {4, 2, 2}), y8(ACL_FLOAT8_E4M3FN, {4, 128}), yb(f4, {4, 64}), l1b(e8, {4, 1, 2}),
        l1u(ACL_UINT8, {4, 2, 2}), yo(f4, {4, 127});
    auto f = [&](const aclTensor *x_, const aclTensor *s_, const char *rm, int64_t b0, int64_t b1, const aclTensor *y_,
                 const aclTensor *l0_, const aclTensor *l1_) {
        return aclnnDynamicDualLevelMxQuantGetWorkspaceSize(x_, s_, (char *)rm, b0, b1, y_, l0_, l1_, &ws, &ex);
    };
    ExpectError("null x", f(nullptr, nullptr, "rint", 512, 32, y.t, l0.t, l1.t), kNull, "x");
    ExpectError("null y", f(x.t, nullptr, "rint", 512, 32, nullptr, l0.t, l1.t), kNull, "yOut");
    ExpectError("null level1", f(x.t, nullptr, "rint", 512, 32, y.t, l0.t, nullptr), kNull, "level1ScaleOut");
    if (!supported) {
        int rc = f(x.t, nullptr, "rint", 512, 32, y.t, l0.t, l1.t);
        EXPECT(rc == kRuntime, "off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xf.t, nullptr, "rint", 512, 32, y.t, l0.t, l1.t), kInvalid, "x");
    ExpectError("y dtype", f(x.t, nullptr, "rint", 512, 32, y8.t, l0.t, l1.t), kInvalid, "yOut");
    ExpectError("level0 dtype", f(x.t, nullptr, "rint", 512, 32, y.t, l0i.t, l1.t), kInvalid, "level0ScaleOut");
    ExpectError("level1 dtype", f(x.t, nullptr, "rint", 512, 32, y.t, l0.t, l1u.t), kInvalid, "level1ScaleOut");
    ExpectError("round", f(x.t, nullptr, "ceil", 512, 32, y.t, l0.t, l1.t), kTiling, "round_mode");
    ExpectError("level0 block", f(x.t, nullptr, "rint", 256, 32, y.t, l0.t, l1.t), kTiling, "should be 512");
    ExpectError("level1 block", f(x.t, nullptr, "rint", 512, 64, y.t, l0.t, l1.t), kTiling, "should be 32");
    ExpectError("odd N", f(xo.t, nullptr, "rint", 512, 32, yo.t, l0.t, l1.t), kTiling, "should be even");
    ExpectError("y shape", f(x.t, nullptr, "rint", 512, 32, yb.t, l0.t, l1.t), kTiling, "x and y");
    ExpectError("level0 shape", f(x.t, nullptr, "rint", 512, 32, y.t, l0b.t, l1.t), kTiling, "level0_scale");
    ExpectError("level1 shape", f(x.t, nullptr, "rint", 512, 32, y.t, l0.t, l1b.t), kTiling, "level1_scale");
    ExpectError("smooth dtype", f(x.t, smh.t, "rint", 512, 32, y.t, l0.t, l1.t), kTiling, "smooth_scale and x");
    ExpectError("smooth shape", f(x.t, smb.t, "rint", 512, 32, y.t, l0.t, l1.t), kTiling, "smooth_scale shape");
    (void)sm;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("dynamic dual level mx quant on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "bf16 4 x 1024");
        k.xd = ACL_FLOAT16; k.shape = {3, 700}; k.round = "round"; k.inf = true; add(k, "fp16 tails, round, inf");
        k.smooth = true; k.round = "floor"; k.inf = false; k.shape = {2, 3, 96}; add(k, "fp16 smooth, floor, 3-D");
        k.xd = ACL_BF16; k.lay = STRIDED; k.shape = {5, 1600}; k.round = "rint"; add(k, "bf16 smooth strided");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_dynamic_dual_level_mx_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dynamic_dual_level_mx_quant: ok (%zu cases)\n", cases.size());
    return 0;
}
