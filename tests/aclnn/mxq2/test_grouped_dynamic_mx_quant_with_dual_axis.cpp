// aclnnGroupedDynamicMxQuantWithDualAxis (950): x [M, N] against the MX reference of mx_ref.h (cuBLAS
// scales, FP8 rint) along the last axis (y1, y1Scale) and along the rows by groups (y2, y2Scale
// [M / 64 + G, N, 2], group g from row start / 64 + g, the rows between groups 0): every byte must be
// identical. E4M3 / E5M2, FP16 / BF16, groups with tails, empty and 64-aligned groups, strided x, the
// official example's shape; the validation paths (161001 / 161002 / 561002 with messages) and 361001
// off the 950.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_grouped_dynamic_mx_quant_with_dual_axis.h"
#include "mx_ref.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002, kRuntime = 361001;

struct Case {
    aclDataType xd = ACL_BF16, yd = ACL_FLOAT8_E4M3FN;
    int64_t M = 64, N = 128;
    std::vector<int64_t> groups = {64};
    Layout lay = CONTIG;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t M = k.M, N = k.N, G = (int64_t)k.groups.size();
    std::vector<double> xv = RandomValues((size_t)(M * N), 3 + (uint64_t)(M * N), 8.0);
    xv[0] = 0.0;
    xv[1] = -0.0;
    xv[5] = 1000.0;
    xv[(size_t)(M * N / 2)] = 3e-5; // small values
    DevTensor x, g;
    x.Init(k.xd, {M, N}, xv, k.lay);
    std::vector<double> gi(k.groups.begin(), k.groups.end());
    g.Init(ACL_INT64, {G}, gi, CONTIG);
    std::vector<double> xq = QuantAll(k.xd, xv);
    MxBytes y1(k.yd, {M, N}), s1(ACL_FLOAT8_E8M0, {M, N / 64, 2}), y2(k.yd, {M, N}),
        s2(ACL_FLOAT8_E8M0, {M / 64 + G, N, 2});
    int rc = Run("GroupedDynamicMxQuantWithDualAxis", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnGroupedDynamicMxQuantWithDualAxisGetWorkspaceSize(x.t, g.t, (char *)"rint", 1, (int64_t)k.yd, 0.0,
                                                                     y1.t, s1.t, y2.t, s2.t, ws, ex); },
        aclnnGroupedDynamicMxQuantWithDualAxis);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    MxOut r1 = MxRef(xq, M, N, 1, k.yd, 1, MX_RINT);
    MxOut r2 = MxRefGrouped(xq, M, N, k.groups, k.yd, 1, MX_RINT);
    size_t bad = MxCompare("y1", y1.Read(), MxPack(r1.codes, k.yd)) + MxCompare("y1Scale", s1.Read(), r1.scale) +
                 MxCompare("y2", y2.Read(), MxPack(r2.codes, k.yd)) + MxCompare("y2Scale", s2.Read(), r2.scale);
    EXPECT(bad == 0, "%s: %zu bytes differ", k.name.c_str(), bad);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, x3, x96, g, g32, g2, g0;
    x.Init(ACL_BF16, {4, 128}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    x3.Init(ACL_BF16, {1, 4, 128}, {}, CONTIG);
    x96.Init(ACL_BF16, {4, 96}, {}, CONTIG);
    g.Init(ACL_INT64, {1}, {4}, CONTIG);
    g32.Init(ACL_INT32, {1}, {4}, CONTIG);
    g2.Init(ACL_INT64, {1, 1}, {4}, CONTIG);
    g0.Init(ACL_INT64, {0}, {}, CONTIG);
    aclDataType e4 = ACL_FLOAT8_E4M3FN, e8 = ACL_FLOAT8_E8M0;
    MxBytes y(e4, {4, 128}), s1(e8, {4, 2, 2}), s2(e8, {1, 128, 2}), y5(ACL_FLOAT8_E5M2, {4, 128}),
        y4(ACL_FLOAT4_E2M1, {4, 128}), su8(ACL_UINT8, {4, 2, 2}), yb(e4, {4, 64}), s1b(e8, {4, 1, 2}),
        s2b(e8, {2, 128, 2});
    auto f = [&](const aclTensor *x_, const aclTensor *g_, const char *rm, int64_t alg, int64_t dst, double mdv,
                 const aclTensor *y1_, const aclTensor *s1_, const aclTensor *y2_, const aclTensor *s2_) {
        return aclnnGroupedDynamicMxQuantWithDualAxisGetWorkspaceSize(x_, g_, (char *)rm, alg, dst, mdv, y1_, s1_, y2_,
                                                                     s2_, &ws, &ex);
    };
    ExpectError("null x", f(nullptr, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kNull, "x");
    ExpectError("null groupIndex", f(x.t, nullptr, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kNull, "groupIndex");
    ExpectError("null y1Scale", f(x.t, g.t, "rint", 1, 36, 0, y.t, nullptr, y.t, s2.t), kNull, "y1ScaleOut");
    ExpectError("null y2", f(x.t, g.t, "rint", 1, 36, 0, y.t, s1.t, nullptr, s2.t), kNull, "y2Out");
    if (!supported) {
        int rc = f(x.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t);
        EXPECT(rc == kRuntime, "off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xf.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kInvalid, "x");
    ExpectError("group dtype", f(x.t, g32.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kInvalid, "groupIndex");
    ExpectError("y FP4", f(x.t, g.t, "rint", 1, 40, 0, y4.t, s1.t, y4.t, s2.t), kInvalid, "y1Out");
    ExpectError("scale dtype", f(x.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, su8.t), kInvalid, "y2ScaleOut");
    ExpectError("x 3-D", f(x3.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "x dimension count");
    ExpectError("group 2-D", f(x.t, g2.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "group_index dimension");
    ExpectError("group empty", f(x.t, g0.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "group_index length");
    ExpectError("N % 64", f(x96.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "64 aligned");
    ExpectError("y2 vs y1", f(x.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y5.t, s2.t), kTiling, "dtypes should match and");
    ExpectError("round", f(x.t, g.t, "floor", 1, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "round_mode should be rint");
    ExpectError("scaleAlg", f(x.t, g.t, "rint", 0, 36, 0, y.t, s1.t, y.t, s2.t), kTiling, "scale_alg should be 1");
    ExpectError("dstDtype", f(x.t, g.t, "rint", 1, 40, 0, y.t, s1.t, y.t, s2.t), kTiling, "dst_dtype should be");
    ExpectError("maxDtypeValue", f(x.t, g.t, "rint", 1, 36, 6.0, y.t, s1.t, y.t, s2.t), kTiling, "max_dtype_value");
    ExpectError("y vs dst", f(x.t, g.t, "rint", 1, 35, 0, y.t, s1.t, y.t, s2.t), kTiling, "should match dst_dtype");
    ExpectError("y shape", f(x.t, g.t, "rint", 1, 36, 0, yb.t, s1.t, yb.t, s2.t), kTiling, "y1 and y2 shapes");
    ExpectError("y1Scale shape", f(x.t, g.t, "rint", 1, 36, 0, y.t, s1b.t, y.t, s2.t), kTiling, "y1_scale shape");
    ExpectError("y2Scale shape", f(x.t, g.t, "rint", 1, 36, 0, y.t, s1.t, y.t, s2b.t), kTiling, "y2_scale shape");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("grouped dynamic mx quant with dual axis on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        k.M = 256; k.N = 256; k.groups = {64, 128, 192, 256}; add(k, "the example's shape");
        k.xd = ACL_FLOAT16; k.yd = ACL_FLOAT8_E5M2; k.M = 150; k.N = 192; k.groups = {10, 10, 97, 150}; add(k, "fp16 e5m2 tails, empty group");
        k.lay = STRIDED; k.yd = ACL_FLOAT8_E4M3FN; k.groups = {150}; add(k, "strided, one group");
        Case s; s.M = 33; s.N = 64; s.groups = {1, 2, 33}; add(s, "small groups");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_grouped_dynamic_mx_quant_with_dual_axis: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_grouped_dynamic_mx_quant_with_dual_axis: ok (%zu cases)\n", cases.size());
    return 0;
}
