// aclnnRmsNormDynamicMxQuant (ops-nn norm/rms_norm_dynamic_mx_quant, Ascend 950) against the
// double reference of mxnorm_ref.h: FLOAT16 / BF16 x (contiguous and strided), gamma of x's
// dtype or FLOAT, beta present or absent, the four targets (FP8 E4M3 / E5M2, FP4 E2M1 / E1M2),
// scaleAlg 0 / 1, the FP4 round modes, a tail block and an odd block count (scale pad 0), rstd
// optional; the validation paths in the op_api / tiling order with codes and messages. No
// argument: the default Atlas A2 topology, where the op has no kernel (361001).
#include "mxnorm_ref.h"
#include "aclnnop/aclnn_rms_norm_dynamic_mx_quant.h"

static aclrtStream g_stream;

static void ExpectScales(const std::string &what, const std::vector<unsigned char> &got,
                         const std::vector<unsigned> &want)
{
    size_t diff = 0, far = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (got[i] != want[i]) {
            diff++;
            if (std::abs((int)got[i] - (int)want[i]) > 1) far++;
        }
    EXPECT(diff * 100 <= want.size() && far == 0, "%s: %zu of %zu scales differ (%zu by more than one)",
           what.c_str(), diff, want.size(), far);
}

struct Case {
    Shape xs;
    aclDataType xd, gd;
    bool beta;
    aclDataType yd;
    int alg, rm;
    bool rstd;
    Layout layout;
};

static const char *RmName(int rm) { return rm == RM_RINT ? "rint" : rm == RM_ROUND ? "round" : "floor"; }

static void RunCase(const Case &c, int id)
{
    uint32_t nd = (uint32_t)c.xs.size();
    int64_t n = c.xs[nd - 1], numel = GetShapeSize(c.xs), rows = numel / n;
    int64_t nb2 = ((n + 31) / 32 + 1) / 2;
    std::vector<double> x = QuantAll(c.xd, RandomValues((size_t)numel, 100 + id, 1.0));
    std::vector<double> g = QuantAll(c.gd, RandomValues((size_t)n, 200 + id, 0.4));
    std::vector<double> b = QuantAll(c.gd, RandomValues((size_t)n, 300 + id, 0.2));
    double eps = 1e-6;
    MxRef ref = MxReference(c.xd, c.yd, rows, n, x, nullptr, g, c.beta ? &b : nullptr, eps, c.alg, c.rm);
    DevTensor xt, gt, bt, rt;
    Shape rs = c.xs;
    rs[nd - 1] = 1;
    Shape ss = c.xs;
    ss[nd - 1] = nb2;
    ss.push_back(2);
    RawTensor yt, st;
    if (!xt.Init(c.xd, c.xs, x, c.layout) || !gt.Init(c.gd, {n}, g, CONTIG) || !bt.Init(c.gd, {n}, b, CONTIG) ||
        !rt.Init(ACL_FLOAT, rs, {}, CONTIG, 5.0) ||
        !yt.Init(c.yd, c.xs, (size_t)(MxFp4(c.yd) ? numel / 2 : numel)) ||
        !st.Init(ACL_FLOAT8_E8M0, ss, (size_t)(rows * nb2 * 2))) {
        EXPECT(false, "case %d: set-up failed", id);
        return;
    }
    std::string rm = RmName(c.rm);
    char *rmp = c.rm == RM_RINT && id % 2 ? nullptr : &rm[0]; // null roundMode = "rint"
    int rc = Run("aclnnRmsNormDynamicMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnRmsNormDynamicMxQuantGetWorkspaceSize(xt.t, gt.t, c.beta ? bt.t : nullptr, eps, c.alg, rmp,
                                                          (int64_t)c.yd, c.rstd, yt.t, st.t,
                                                          c.rstd ? rt.t : nullptr, ws, ex);
    }, aclnnRmsNormDynamicMxQuant);
    std::string what = "case " + std::to_string(id) + " (" + DtName(c.xd) + "/" + DtName(c.gd) + " -> " +
                       std::to_string((int)c.yd) + ", alg " + std::to_string(c.alg) + ", " + rm + ")";
    EXPECT(rc == 0, "%s: returned %d", what.c_str(), rc);
    if (rc) return;
    MxExpectCodes(what + " y", c.yd, MxCodes(c.yd, yt.Read(), numel), ref.codes);
    ExpectScales(what + " mxscale", st.Read(), ref.scales);
    std::vector<double> r = rt.Read();
    size_t bad = 0;
    for (int64_t i = 0; i < rows; i++) {
        double want = c.rstd ? ref.rstd[(size_t)i] : 5.0; // outputRstd false: rstd untouched
        if (!(std::fabs(r[(size_t)i] - want) <= 1e-5 * std::fabs(want) + 1e-7)) bad++;
    }
    EXPECT(bad == 0, "%s: %zu of %lld rstd values wrong", what.c_str(), bad, (long long)rows);
}

static void TestValues()
{
    const aclDataType F16 = ACL_FLOAT16, B16 = ACL_BF16, F32 = ACL_FLOAT;
    const aclDataType E4 = ACL_FLOAT8_E4M3FN, E5 = ACL_FLOAT8_E5M2, F4 = ACL_FLOAT4_E2M1, F41 = ACL_FLOAT4_E1M2;
    std::vector<Case> cases = {
        {{2, 64}, F16, F16, false, E4, 0, RM_RINT, true, CONTIG},      // the example's shape
        {{3, 5, 100}, F16, F16, true, E4, 0, RM_RINT, true, CONTIG},  // tail block of 4
        {{7, 70}, B16, B16, true, E5, 0, RM_RINT, true, STRIDED},     // 3 blocks: scale pad
        {{4, 256}, F16, F32, false, E5, 1, RM_RINT, true, CONTIG},    // cuBLAS scale
        {{5, 96}, B16, F32, true, E4, 1, RM_RINT, false, TRANSPOSED}, // no rstd
        {{6, 128}, F16, F16, true, F4, 0, RM_RINT, true, CONTIG},
        {{3, 2, 62}, B16, B16, false, F4, 0, RM_ROUND, true, CONTIG},
        {{9, 40}, F16, F32, true, F4, 0, RM_FLOOR, true, STRIDED},
        {{4, 160}, B16, F32, true, F41, 0, RM_RINT, true, CONTIG},
        {{2, 34}, F16, F16, false, F41, 0, RM_FLOOR, true, CONTIG},
        {{64}, F16, F16, true, E4, 0, RM_RINT, true, CONTIG},         // 1-D x
        {{33, 1000}, B16, B16, true, E4, 0, RM_RINT, true, CONTIG},   // several blocks of rows
        {{17, 2, 3, 48}, F16, F32, false, F4, 0, RM_ROUND, true, CONTIG},
    };
    for (size_t i = 0; i < cases.size(); i++) RunCase(cases[i], (int)i);
}

// Calls stage 1 with the given tensors and expects `code` (and message needles).
static void TestValidation()
{
    DevTensor x, g, gb, g32, b16, x32, r, rbad, xodd, godd;
    RawTensor y, s, y5, sbad, ybad, yodd, sodd, y4;
    Shape xs = {2, 64};
    if (!x.Init(ACL_FLOAT16, xs, RandomValues(128, 1), CONTIG) || !g.Init(ACL_FLOAT16, {64}, RandomValues(64, 2), CONTIG) ||
        !gb.Init(ACL_BF16, {64}, RandomValues(64, 2), CONTIG) || !g32.Init(ACL_FLOAT, {64}, RandomValues(64, 2), CONTIG) ||
        !b16.Init(ACL_BF16, {64}, RandomValues(64, 2), CONTIG) || !x32.Init(ACL_FLOAT, xs, RandomValues(128, 1), CONTIG) ||
        !r.Init(ACL_FLOAT, {2, 1}, {}, CONTIG) || !rbad.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) ||
        !xodd.Init(ACL_FLOAT16, {2, 63}, RandomValues(126, 1), CONTIG) ||
        !godd.Init(ACL_FLOAT16, {63}, RandomValues(63, 1), CONTIG) || !y.Init(ACL_FLOAT8_E4M3FN, xs, 128) ||
        !y5.Init(ACL_FLOAT8_E5M2, xs, 128) || !y4.Init(ACL_FLOAT4_E2M1, xs, 64) ||
        !s.Init(ACL_FLOAT8_E8M0, {2, 1, 2}, 4) || !sbad.Init(ACL_FLOAT8_E8M0, {2, 2, 2}, 8) ||
        !ybad.Init(ACL_FLOAT8_E4M3FN, {2, 32}, 64) || !yodd.Init(ACL_FLOAT4_E2M1, {2, 63}, 63) ||
        !sodd.Init(ACL_FLOAT8_E8M0, {2, 1, 2}, 4)) {
        EXPECT(false, "validation set-up failed");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char rint[] = "rint", floor_[] = "floor", bad[] = "nearest";
    auto call = [&](const aclTensor *xx, const aclTensor *gg, const aclTensor *bb, int64_t alg, char *rm, int64_t dst,
                    bool orstd, aclTensor *yy, aclTensor *ss, aclTensor *rr) {
        return aclnnRmsNormDynamicMxQuantGetWorkspaceSize(xx, gg, bb, 1e-6, alg, rm, dst, orstd, yy, ss, rr, &ws, &ex);
    };
    ExpectError("null x", call(nullptr, g.t, nullptr, 0, rint, 36, true, y.t, s.t, r.t), 161001, "x");
    ExpectError("null gamma", call(x.t, nullptr, nullptr, 0, rint, 36, true, y.t, s.t, r.t), 161001, "gamma");
    ExpectError("null yOut", call(x.t, g.t, nullptr, 0, rint, 36, true, nullptr, s.t, r.t), 161001, "yOut");
    ExpectError("null mxscaleOut", call(x.t, g.t, nullptr, 0, rint, 36, true, y.t, nullptr, r.t), 161001, "mxscaleOut");
    ExpectError("null rstdOut with outputRstd", call(x.t, g.t, nullptr, 0, rint, 36, true, y.t, s.t, nullptr), 161001,
                "rstdOut");
    int rc = call(x.t, g.t, nullptr, 0, rint, 36, false, y.t, s.t, nullptr);
    EXPECT(rc == 0, "null rstdOut without outputRstd: returned %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    ExpectError("scaleAlg 2", call(x.t, g.t, nullptr, 2, rint, 36, true, y.t, s.t, r.t), 561103, "scale_alg 2",
                "0 or 1");
    ExpectError("round mode", call(x.t, g.t, nullptr, 0, bad, 36, true, y.t, s.t, r.t), 561103, "round_mode nearest");
    ExpectError("x FLOAT", call(x32.t, g32.t, nullptr, 0, rint, 36, true, y.t, s.t, r.t), 561103, "x dtype",
                "float16 or bfloat16");
    ExpectError("gamma BF16 for FP16 x", call(x.t, gb.t, nullptr, 0, rint, 36, true, y.t, s.t, r.t), 561103,
                "gamma dtype");
    ExpectError("beta unlike gamma", call(x.t, g.t, b16.t, 0, rint, 36, true, y.t, s.t, r.t), 561103, "beta dtype");
    ExpectError("y FLOAT", call(x.t, g.t, nullptr, 0, rint, 36, true, (aclTensor *)x32.t, s.t, r.t), 561103,
                "y dtype");
    ExpectError("dstType unlike y", call(x.t, g.t, nullptr, 0, rint, 35, true, y.t, s.t, r.t), 561103,
                "dst_type 35");
    ExpectError("scaleAlg 1 with FP4", call(x.t, g.t, nullptr, 1, rint, 40, true, y4.t, s.t, r.t), 561103,
                "scale_alg 1");
    ExpectError("FP8 with floor", call(x.t, g.t, nullptr, 0, floor_, 35, true, y5.t, s.t, r.t), 561103, "round_mode",
                "rint");
    ExpectError("mxscale FLOAT", call(x.t, g.t, nullptr, 0, rint, 36, true, y.t, (aclTensor *)r.t, r.t), 561103,
                "mxscale dtype");
    ExpectError("FP4 odd last dim", call(xodd.t, godd.t, nullptr, 0, rint, 40, true, yodd.t, sodd.t, r.t), 561103,
                "even number");
    ExpectError("gamma length", call(x.t, godd.t, nullptr, 0, rint, 36, true, y.t, s.t, r.t), 561103, "gamma shape");
    ExpectError("y shape", call(x.t, g.t, nullptr, 0, rint, 36, true, ybad.t, s.t, r.t), 561103, "y shape");
    ExpectError("rstd shape", call(x.t, g.t, nullptr, 0, rint, 36, true, y.t, s.t, rbad.t), 561103, "rstd shape");
    ExpectError("mxscale shape", call(x.t, g.t, nullptr, 0, rint, 36, true, y.t, sbad.t, r.t), 561103,
                "mxscale shape", "[2, 1, 2]");
    // a zero leading dim: nothing to do, workspace 0
    DevTensor xe, re;
    RawTensor ye, se;
    if (xe.Init(ACL_FLOAT16, {0, 64}, {}, CONTIG) && re.Init(ACL_FLOAT, {0, 1}, {}, CONTIG) &&
        ye.Init(ACL_FLOAT8_E4M3FN, {0, 64}, 0) && se.Init(ACL_FLOAT8_E8M0, {0, 1, 2}, 0)) {
        rc = Run("empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnRmsNormDynamicMxQuantGetWorkspaceSize(xe.t, g.t, nullptr, 1e-6, 0, rint, 36, true, ye.t, se.t,
                                                              re.t, w, e);
        }, aclnnRmsNormDynamicMxQuant);
        EXPECT(rc == 0, "empty x: returned %d", rc);
    }
}

static void TestOtherChip()
{
    DevTensor x, g, r;
    RawTensor y, s;
    if (!x.Init(ACL_FLOAT16, {2, 64}, RandomValues(128, 1), CONTIG) || !g.Init(ACL_FLOAT16, {64}, {}, CONTIG) ||
        !r.Init(ACL_FLOAT, {2, 1}, {}, CONTIG) || !y.Init(ACL_FLOAT8_E4M3FN, {2, 64}, 128) ||
        !s.Init(ACL_FLOAT8_E8M0, {2, 1, 2}, 4))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char rint[] = "rint";
    int rc = aclnnRmsNormDynamicMxQuantGetWorkspaceSize(x.t, g.t, nullptr, 1e-6, 0, rint, 36, true, y.t, s.t, r.t, &ws,
                                                        &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    rc = aclnnRmsNormDynamicMxQuantGetWorkspaceSize(nullptr, g.t, nullptr, 1e-6, 0, rint, 36, true, y.t, s.t, r.t, &ws,
                                                    &ex);
    EXPECT(rc == 161001, "null x first: returned %d, expected 161001", rc);
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "950") {
        TestValues();
        TestValidation();
    } else {
        TestOtherChip();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
