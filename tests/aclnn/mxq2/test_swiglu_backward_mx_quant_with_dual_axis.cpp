// aclnnSwigluBackwardMxQuantWithDualAxis (950): the SwiGlu gradient computed here as the arch35 kernel
// does (FP32: sig = 1 / (exp(-A) + 1), first half ((1 - sig) * A + 1) * B * sig * dy, second half
// sig * dy * A, each rounded to x's dtype), then the MX reference of mx_ref.h (cuBLAS scales, FP8 E4M3)
// along the last axis (y1, mxscale1) and along M (y2, mxscale2; per leading index, or by row groups with
// groupIndexOptional): every byte of the four outputs must be identical. 2-D and batched x, tails,
// groups (empty, 64-aligned), strided inputs; the validation paths (161001 / 161002 / 561002 with
// messages), groups with leading dims (361001) and 361001 off the 950.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_swiglu_backward_mx_quant_with_dual_axis.h"
#include "mx_ref.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002, kRuntime = 361001;

struct Case {
    aclDataType xd = ACL_BF16;
    std::vector<int64_t> lead; // leading dims
    int64_t M = 64, N = 64;    // x [.., M, 2N]
    std::vector<int64_t> groups;
    Layout lay = CONTIG;
    std::string name;
};

static std::vector<int64_t> Cat(std::vector<int64_t> a, std::initializer_list<int64_t> b)
{
    a.insert(a.end(), b);
    return a;
}

static void RunCase(const Case &k)
{
    int64_t B = 1, M = k.M, N = k.N;
    for (int64_t d : k.lead) B *= d;
    int64_t R = B * M;
    std::vector<double> xv = RandomValues((size_t)(R * 2 * N), 5 + (uint64_t)R, 4.0);
    std::vector<double> gv = RandomValues((size_t)(R * N), 9 + (uint64_t)R, 3.0);
    xv[0] = 0.0;
    xv[3] = 60.0;
    gv[1] = -0.0;
    DevTensor x, dy, g;
    x.Init(k.xd, Cat(k.lead, {M, 2 * N}), xv, k.lay);
    dy.Init(k.xd, Cat(k.lead, {M, N}), gv, k.lay);
    std::vector<double> dx((size_t)(R * 2 * N));
    for (int64_t r = 0; r < R; r++)
        for (int64_t j = 0; j < N; j++) {
            float A = (float)Quant(k.xd, xv[(size_t)(r * 2 * N + j)]), Bv = (float)Quant(k.xd, xv[(size_t)(r * 2 * N + N + j)]);
            float d = (float)Quant(k.xd, gv[(size_t)(r * N + j)]);
            float sig = 1.0f / (std::exp(A * -1.0f) + 1.0f);
            float ga = sig * -1.0f + 1.0f;
            ga = ga * A;
            ga = ga + 1.0f;
            ga = ga * Bv;
            ga = ga * sig;
            ga = ga * d;
            float gb = sig * d;
            gb = gb * A;
            dx[(size_t)(r * 2 * N + j)] = Quant(k.xd, (double)ga);
            dx[(size_t)(r * 2 * N + N + j)] = Quant(k.xd, (double)gb);
        }
    bool grp = !k.groups.empty();
    int64_t G = (int64_t)k.groups.size();
    if (grp) {
        std::vector<double> gi(k.groups.begin(), k.groups.end());
        g.Init(ACL_INT64, {G}, gi, CONTIG);
    }
    aclDataType yd = ACL_FLOAT8_E4M3FN;
    MxBytes y1(yd, Cat(k.lead, {M, 2 * N})), s1(ACL_FLOAT8_E8M0, Cat(k.lead, {M, (2 * N + 63) / 64, 2})),
        y2(yd, Cat(k.lead, {M, 2 * N})), s2(ACL_FLOAT8_E8M0, Cat(k.lead, {grp ? M / 64 + G : (M + 63) / 64, 2 * N, 2}));
    int rc = Run("SwigluBackwardMxQuantWithDualAxis", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnSwigluBackwardMxQuantWithDualAxisGetWorkspaceSize(x.t, dy.t, grp ? g.t : nullptr, true, nullptr, 1,
                                                                     36, 0.0, y1.t, s1.t, y2.t, s2.t, ws, ex); },
        aclnnSwigluBackwardMxQuantWithDualAxis);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    MxOut r1 = MxRef(dx, R, 2 * N, 1, yd, 1, MX_RINT);
    MxOut r2 = grp ? MxRefGrouped(dx, M, 2 * N, k.groups, yd, 1, MX_RINT) : MxRef(dx, B, M, 2 * N, yd, 1, MX_RINT);
    size_t bad = MxCompare("y1", y1.Read(), MxPack(r1.codes, yd)) + MxCompare("mxscale1", s1.Read(), r1.scale) +
                 MxCompare("y2", y2.Read(), MxPack(r2.codes, yd)) + MxCompare("mxscale2", s2.Read(), r2.scale);
    EXPECT(bad == 0, "%s: %zu bytes differ", k.name.c_str(), bad);
    size_t nz = 0;
    for (uint32_t c : r1.codes) nz += (c & 0x7f) != 0;
    EXPECT(nz * 2 > r1.codes.size(), "%s: only %zu non-zero codes", k.name.c_str(), nz);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, dy, xf, dyh, x3, dy3, xo, dyo, dyb, g, g2, g3;
    x.Init(ACL_BF16, {4, 128}, {}, CONTIG);
    dy.Init(ACL_BF16, {4, 64}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 128}, {}, CONTIG);
    dyh.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG);
    x3.Init(ACL_BF16, {2, 4, 128}, {}, CONTIG);
    dy3.Init(ACL_BF16, {2, 4, 64}, {}, CONTIG);
    xo.Init(ACL_BF16, {4, 96}, {}, CONTIG);
    dyo.Init(ACL_BF16, {4, 48}, {}, CONTIG);
    dyb.Init(ACL_BF16, {4, 32}, {}, CONTIG);
    g.Init(ACL_INT64, {1}, {4}, CONTIG);
    g2.Init(ACL_INT64, {1, 1}, {4}, CONTIG);
    g3.Init(ACL_INT32, {1}, {4}, CONTIG);
    aclDataType e4 = ACL_FLOAT8_E4M3FN, e8 = ACL_FLOAT8_E8M0;
    MxBytes y(e4, {4, 128}), s1(e8, {4, 2, 2}), s2(e8, {1, 128, 2}), y5(ACL_FLOAT8_E5M2, {4, 128}),
        yi8(ACL_INT8, {4, 128}), su8(ACL_UINT8, {4, 2, 2}), yb(e4, {4, 64}), s1b(e8, {4, 1, 2}), s2b(e8, {1, 64, 2}),
        s2r(e8, {128, 2}), yo(e4, {4, 96}), s1o(e8, {4, 2, 2}), s2o(e8, {1, 96, 2}), y3(e4, {2, 4, 128}),
        s13(e8, {2, 4, 2, 2}), s23(e8, {2, 1, 128, 2}), s2g(e8, {1, 128, 2});
    auto f = [&](const aclTensor *x_, const aclTensor *dy_, const aclTensor *g_, bool left, const char *rm, int64_t alg,
                 int64_t dst, const aclTensor *y1_, const aclTensor *s1_, const aclTensor *y2_, const aclTensor *s2_) {
        return aclnnSwigluBackwardMxQuantWithDualAxisGetWorkspaceSize(x_, dy_, g_, left, (char *)rm, alg, dst, 0.0, y1_,
                                                                     s1_, y2_, s2_, &ws, &ex);
    };
    ExpectError("null x", f(nullptr, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2.t), kNull, "x");
    ExpectError("null yGrad", f(x.t, nullptr, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2.t), kNull, "yGrad");
    ExpectError("null y1", f(x.t, dy.t, nullptr, true, "rint", 1, 36, nullptr, s1.t, y.t, s2.t), kNull, "y1Out");
    ExpectError("null mxscale2", f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, nullptr), kNull,
                "mxscale2Out");
    if (!supported) {
        int rc = f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2.t);
        EXPECT(rc == kRuntime, "off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xf.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2.t), kInvalid, "x");
    ExpectError("group dtype", f(x.t, dy.t, g3.t, true, "rint", 1, 36, y.t, s1.t, y.t, s2g.t), kInvalid,
                "groupIndexOptional");
    ExpectError("y1 dtype", f(x.t, dy.t, nullptr, true, "rint", 1, 2, yi8.t, s1.t, y.t, s2.t), kInvalid, "y1Out");
    ExpectError("scale1 dtype", f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, su8.t, y.t, s2.t), kInvalid,
                "mxscale1Out");
    ExpectError("yGrad vs x", f(x.t, dyh.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2.t), kTiling, "same as x");
    ExpectError("y E5M2", f(x.t, dy.t, nullptr, true, "rint", 1, 35, y5.t, s1.t, y5.t, s2.t), kTiling,
                "must be FLOAT8_E4M3FN");
    ExpectError("round mode", f(x.t, dy.t, nullptr, true, "up", 1, 36, y.t, s1.t, y.t, s2.t), kTiling, "round_mode");
    ExpectError("fp8 floor", f(x.t, dy.t, nullptr, true, "floor", 1, 36, y.t, s1.t, y.t, s2.t), kTiling,
                "only support rint");
    ExpectError("scaleAlg 0", f(x.t, dy.t, nullptr, true, "rint", 0, 36, y.t, s1.t, y.t, s2.t), kTiling, "cuBLAS");
    ExpectError("activateLeft", f(x.t, dy.t, nullptr, false, "rint", 1, 36, y.t, s1.t, y.t, s2.t), kTiling,
                "activate_left");
    ExpectError("dstDtype", f(x.t, dy.t, nullptr, true, "rint", 1, 35, y.t, s1.t, y.t, s2.t), kTiling, "dst_dtype");
    ExpectError("y1 shape", f(x.t, dy.t, nullptr, true, "rint", 1, 36, yb.t, s1.t, yb.t, s2.t), kTiling, "identical");
    ExpectError("2N % 64", f(xo.t, dyo.t, nullptr, true, "rint", 1, 36, yo.t, s1o.t, yo.t, s2o.t), kTiling,
                "multiple of 64");
    ExpectError("y2 shape", f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, yb.t, s2.t), kTiling,
                "same as y2_out");
    ExpectError("group 2-D", f(x.t, dy.t, g2.t, true, "rint", 1, 36, y.t, s1.t, y.t, s2g.t), kTiling, "group_index");
    ExpectError("yGrad shape", f(x.t, dyb.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2.t), kTiling, "dimN");
    ExpectError("scale rank", f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2r.t), kTiling,
                "shape dims must be 3");
    ExpectError("mxscale1 shape", f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1b.t, y.t, s2.t), kTiling,
                "Ceil(grad_x_col / 64)");
    ExpectError("mxscale2 shape", f(x.t, dy.t, nullptr, true, "rint", 1, 36, y.t, s1.t, y.t, s2b.t), kTiling,
                "grad_x column count");
    DevTensor x64, dy64, g64;
    x64.Init(ACL_BF16, {64, 128}, {}, CONTIG);
    dy64.Init(ACL_BF16, {64, 64}, {}, CONTIG);
    g64.Init(ACL_INT64, {1}, {64}, CONTIG);
    MxBytes y64(e4, {64, 128}), s164(e8, {64, 2, 2});
    ExpectError("mxscale2 with group", f(x64.t, dy64.t, g64.t, true, "rint", 1, 36, y64.t, s164.t, y64.t, s2.t),
                kTiling, "FloorDiv(dimM, 64) + numGroups");
    int rc = f(x3.t, dy3.t, g.t, true, "rint", 1, 36, y3.t, s13.t, y3.t, s23.t);
    EXPECT(rc == kRuntime, "groups with leading dims: %d (%s)", rc, aclGetRecentErrMsg());
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("swiglu backward mx quant with dual axis on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "bf16 64 x 128");
        k.xd = ACL_FLOAT16; k.M = 70; k.N = 96; add(k, "fp16 70 x 192, tails");
        k.lead = {2, 3}; k.M = 33; k.N = 32; add(k, "fp16 batched [2, 3, 33, 64]");
        k.lay = STRIDED; k.xd = ACL_BF16; k.lead = {2}; add(k, "bf16 batched strided");
        Case g; g.M = 100; g.N = 96; g.groups = {30, 100}; add(g, "2 groups");
        g.M = 129; g.groups = {0, 64, 64, 129}; g.xd = ACL_FLOAT16; add(g, "empty and 64-aligned groups");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_swiglu_backward_mx_quant_with_dual_axis: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_swiglu_backward_mx_quant_with_dual_axis: ok (%zu cases)\n", cases.size());
    return 0;
}
