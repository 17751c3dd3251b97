// aclnnSwigluMxQuantWithDualAxis (950): the SwiGlu of x's halves computed here as the arch35 kernel
// does (FP32 A / (exp(-A) + 1) * B, rounded to x's dtype), then the MX reference of mx_ref.h along the
// last axis (y1, mxscale1) and along the rows (y2, mxscale2; by row groups with groupIndexOptional,
// the scale [M / 64 + G, N, 2]): every byte of the four outputs must be identical. FP8 / FP4 targets,
// the round modes, scaleAlg 0 / 1, activateLeft, tail blocks, odd block counts, empty and 64-aligned
// groups, strided x; the validation paths (161001 / 161002 / 561002 with messages) and 361001 off the 950.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_swiglu_mx_quant_with_dual_axis.h"
#include "mx_ref.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002, kRuntime = 361001;

struct Case {
    aclDataType xd = ACL_BF16, yd = ACL_FLOAT8_E4M3FN;
    int64_t M = 64, N = 128, scaleAlg = 0;
    bool left = true;
    const char *round = "rint";
    std::vector<int64_t> groups; // cumulative ends; empty = no groupIndexOptional
    Layout lay = CONTIG;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t M = k.M, N = k.N;
    std::vector<double> xv = RandomValues((size_t)(M * 2 * N), 11 + (uint64_t)(M * N), 5.0);
    xv[0] = 0.0;
    xv[1] = -0.0;
    xv[2] = 200.0;
    for (int64_t i = 0; i < 2 * N && M > 40; i++) xv[(size_t)(37 * 2 * N + i)] = 0.0; // a zero row
    DevTensor x, g;
    x.Init(k.xd, {M, 2 * N}, xv, k.lay);
    std::vector<double> sv((size_t)(M * N));
    for (int64_t r = 0; r < M; r++)
        for (int64_t j = 0; j < N; j++) {
            int64_t a0 = r * 2 * N + j, a1 = a0 + N;
            if (!k.left) std::swap(a0, a1);
            float A = (float)Quant(k.xd, xv[(size_t)a0]), B = (float)Quant(k.xd, xv[(size_t)a1]);
            float v = A / (std::exp(A * -1.0f) + 1.0f) * B;
            sv[(size_t)(r * N + j)] = Quant(k.xd, (double)v);
        }
    bool grp = !k.groups.empty();
    int64_t G = (int64_t)k.groups.size();
    if (grp) {
        std::vector<double> gv(k.groups.begin(), k.groups.end());
        g.Init(ACL_INT64, {G}, gv, CONTIG);
    }
    std::vector<int64_t> s2shape = {grp ? M / 64 + G : (M + 63) / 64, N, 2};
    MxBytes y1(k.yd, {M, N}), s1(ACL_FLOAT8_E8M0, {M, (N + 63) / 64, 2}), y2(k.yd, {M, N}),
        s2(ACL_FLOAT8_E8M0, s2shape);
    int rc = Run("SwigluMxQuantWithDualAxis", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnSwigluMxQuantWithDualAxisGetWorkspaceSize(x.t, grp ? g.t : nullptr, k.left, (char *)k.round,
                                                             k.scaleAlg, (int64_t)k.yd, 0.0, y1.t, s1.t, y2.t, s2.t,
                                                             ws, ex); }, aclnnSwigluMxQuantWithDualAxis);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    int round = MxRoundOf(k.round), alg = (int)k.scaleAlg;
    MxOut r1 = MxRef(sv, M, N, 1, k.yd, alg, round);
    MxOut r2 = grp ? MxRefGrouped(sv, M, N, k.groups, k.yd, alg, round) : MxRef(sv, 1, M, N, k.yd, alg, round);
    size_t bad = MxCompare("y1", y1.Read(), MxPack(r1.codes, k.yd)) + MxCompare("mxscale1", s1.Read(), r1.scale) +
                 MxCompare("y2", y2.Read(), MxPack(r2.codes, k.yd)) + MxCompare("mxscale2", s2.Read(), r2.scale);
    EXPECT(bad == 0, "%s: %zu bytes differ", k.name.c_str(), bad);
    size_t nz = 0;
    for (uint32_t c : r1.codes) nz += (c & 0x7f) != 0;
    EXPECT(nz * 2 > r1.codes.size(), "%s: only %zu non-zero codes", k.name.c_str(), nz);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, x3, xo, x6, g, g32, g2;
    x.Init(ACL_BF16, {4, 128}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    x3.Init(ACL_BF16, {1, 4, 128}, {}, CONTIG);
    xo.Init(ACL_BF16, {4, 127}, {}, CONTIG);
    x6.Init(ACL_BF16, {4, 126}, {}, CONTIG);
    g.Init(ACL_INT64, {1}, {4}, CONTIG);
    g32.Init(ACL_INT32, {1}, {4}, CONTIG);
    g2.Init(ACL_INT64, {1, 1}, {4}, CONTIG);
    aclDataType e4 = ACL_FLOAT8_E4M3FN, e8 = ACL_FLOAT8_E8M0;
    MxBytes y(e4, {4, 64}), s1(e8, {4, 1, 2}), s2(e8, {1, 64, 2}), s2g(e8, {1, 64, 2}), y5(ACL_FLOAT8_E5M2, {4, 64}),
        yi8(ACL_INT8, {4, 64}), su8(ACL_UINT8, {4, 1, 2}), y4(ACL_FLOAT4_E2M1, {4, 64}), y63(e4, {4, 63}),
        y3(e4, {4, 32}), s1b(e8, {4, 2, 2}), s2b(e8, {2, 64, 2}), y4b(ACL_FLOAT4_E2M1, {4, 63}), s2r(e8, {1, 64});
    auto f = [&](const aclTensor *x_, const aclTensor *g_, const char *rm, int64_t alg, int64_t dst, const aclTensor *y1_,
                 const aclTensor *s1_, const aclTensor *y2_, const aclTensor *s2_) {
        return aclnnSwigluMxQuantWithDualAxisGetWorkspaceSize(x_, g_, true, (char *)rm, alg, dst, 0.0, y1_, s1_, y2_, s2_,
                                                             &ws, &ex);
    };
    ExpectError("null x", f(nullptr, nullptr, "rint", 0, 36, y.t, s1.t, y.t, s2.t), kNull, "x");
    ExpectError("null y1", f(x.t, nullptr, "rint", 0, 36, nullptr, s1.t, y.t, s2.t), kNull, "y1Out");
    ExpectError("null mxscale1", f(x.t, nullptr, "rint", 0, 36, y.t, nullptr, y.t, s2.t), kNull, "mxscale1Out");
    ExpectError("null y2", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, nullptr, s2.t), kNull, "y2Out");
    ExpectError("null mxscale2", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, nullptr), kNull, "mxscale2Out");
    if (!supported) {
        int rc = f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, s2.t);
        EXPECT(rc == kRuntime, "off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xf.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, s2.t), kInvalid, "x");
    ExpectError("group dtype", f(x.t, g32.t, "rint", 0, 36, y.t, s1.t, y.t, s2g.t), kInvalid, "groupIndexOptional");
    ExpectError("y1 dtype", f(x.t, nullptr, "rint", 0, 2, yi8.t, s1.t, y.t, s2.t), kInvalid, "y1Out");
    ExpectError("scale2 dtype", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, su8.t), kInvalid, "mxscale2Out");
    ExpectError("y2 vs y1 dtype", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y5.t, s2.t), kTiling, "y2 dtype must be same");
    ExpectError("round mode", f(x.t, nullptr, "ceil", 0, 36, y.t, s1.t, y.t, s2.t), kTiling, "round_mode");
    ExpectError("fp8 floor", f(x.t, nullptr, "floor", 0, 36, y.t, s1.t, y.t, s2.t), kTiling, "only support rint");
    ExpectError("scaleAlg 2", f(x.t, nullptr, "rint", 2, 36, y.t, s1.t, y.t, s2.t), kTiling, "scale_alg");
    ExpectError("fp4 scaleAlg 1", f(x.t, nullptr, "rint", 1, 40, y4.t, s1.t, y4.t, s2.t), kTiling, "scaleAlg must be 0");
    ExpectError("dstType vs y", f(x.t, nullptr, "rint", 0, 35, y.t, s1.t, y.t, s2.t), kTiling, "dst_type");
    ExpectError("x 3-D", f(x3.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, s2.t), kTiling, "2D");
    ExpectError("x odd", f(xo.t, nullptr, "rint", 0, 36, y63.t, s1.t, y63.t, s2.t), kTiling, "multiple of two");
    ExpectError("fp4 2N % 4", f(x6.t, nullptr, "rint", 0, 40, y4b.t, s1.t, y4b.t, s2.t), kTiling, "divisible by 4");
    ExpectError("y1 shape", f(x.t, nullptr, "rint", 0, 36, y3.t, s1.t, y3.t, s2.t), kTiling, "y1");
    ExpectError("y2 shape", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y3.t, s2.t), kTiling, "same as y2");
    ExpectError("group 2-D", f(x.t, g2.t, "rint", 0, 36, y.t, s1.t, y.t, s2g.t), kTiling, "group_index");
    ExpectError("scale rank", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, s2r.t), kTiling, "three");
    ExpectError("mxscale1 shape", f(x.t, nullptr, "rint", 0, 36, y.t, s1b.t, y.t, s2.t), kTiling, "mx_scale1");
    ExpectError("mxscale2 shape", f(x.t, nullptr, "rint", 0, 36, y.t, s1.t, y.t, s2b.t), kTiling, "mx_scale2");
    DevTensor x64, g64;
    x64.Init(ACL_BF16, {64, 128}, {}, CONTIG);
    g64.Init(ACL_INT64, {1}, {64}, CONTIG);
    MxBytes y64(e4, {64, 64}), s164(e8, {64, 1, 2});
    ExpectError("mxscale2 with group", f(x64.t, g64.t, "rint", 0, 36, y64.t, s164.t, y64.t, s2.t), kTiling,
                "FloorDiv(M, 64)");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("swiglu mx quant with dual axis on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "bf16 e4m3 64 x 128");
        k.xd = ACL_FLOAT16; k.yd = ACL_FLOAT8_E5M2; k.left = false; k.M = 70; k.N = 96; add(k, "fp16 e5m2 right, tails");
        k.scaleAlg = 1; add(k, "fp16 e5m2 cuBLAS");
        k.yd = ACL_FLOAT8_E4M3FN; k.xd = ACL_BF16; k.lay = STRIDED; add(k, "bf16 e4m3 cuBLAS strided");
        Case f; f.yd = ACL_FLOAT4_E2M1; f.round = "round"; f.M = 100; f.N = 64; f.groups = {30, 100}; add(f, "fp4 e2m1 round, 2 groups");
        f.yd = ACL_FLOAT4_E1M2; f.round = "floor"; f.M = 129; f.N = 34; f.groups = {0, 40, 40, 129}; add(f, "fp4 e1m2 floor, empty groups");
        Case a; a.M = 128; a.N = 160; a.groups = {64, 128}; a.scaleAlg = 1; a.xd = ACL_FLOAT16; add(a, "64-aligned groups cuBLAS");
        a.groups = {128}; a.yd = ACL_FLOAT4_E2M1; a.scaleAlg = 0; add(a, "one group fp4 rint");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_swiglu_mx_quant_with_dual_axis: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_swiglu_mx_quant_with_dual_axis: ok (%zu cases)\n", cases.size());
    return 0;
}
