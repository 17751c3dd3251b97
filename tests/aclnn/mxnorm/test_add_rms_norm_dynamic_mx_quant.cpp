// aclnnAddRmsNormDynamicMxQuant (ops-nn norm/add_rms_norm_dynamic_mx_quant, Ascend 950) against
// the double reference of mxnorm_ref.h: x = x1 + x2 (xOut rounded to x1's dtype; the norm of the
// unrounded sum), FLOAT16 / BF16 inputs (contiguous, strided, transposed), gamma of x's dtype or
// FLOAT, beta present / absent / empty (absent), the four targets, scaleAlg 0 / 1, the FP4 round
// modes, tail blocks and odd block counts, rstd optional; the validation paths in the tiling's
// order with codes and messages. No argument: the default Atlas A2, no kernel (361001).
#include "mxnorm_ref.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_mx_quant.h"

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
    int beta; // 0 none, 1 present, 2 an empty beta tensor (counts as absent)
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
    std::vector<double> x1 = QuantAll(c.xd, RandomValues((size_t)numel, 100 + id, 0.6));
    std::vector<double> x2 = QuantAll(c.xd, RandomValues((size_t)numel, 150 + id, 0.6));
    std::vector<double> g = QuantAll(c.gd, RandomValues((size_t)n, 200 + id, 0.4));
    std::vector<double> b = QuantAll(c.gd, RandomValues((size_t)n, 300 + id, 0.2));
    double eps = 1e-5;
    MxRef ref = MxReference(c.xd, c.yd, rows, n, x1, &x2, g, c.beta == 1 ? &b : nullptr, eps, c.alg, c.rm);
    DevTensor x1t, x2t, gt, bt, rt, xo;
    Shape rs = c.xs;
    rs[nd - 1] = 1;
    Shape ss = c.xs;
    ss[nd - 1] = nb2;
    ss.push_back(2);
    RawTensor yt, st;
    bool ok = x1t.Init(c.xd, c.xs, x1, c.layout) && x2t.Init(c.xd, c.xs, x2, (Layout)((c.layout + 1) % 3)) &&
              gt.Init(c.gd, {n}, g, CONTIG) &&
              (c.beta == 2 ? bt.Init(c.gd, {0}, {}, CONTIG) : bt.Init(c.gd, {n}, b, CONTIG)) &&
              rt.Init(ACL_FLOAT, rs, {}, CONTIG, 5.0) && xo.Init(c.xd, c.xs, {}, (Layout)((c.layout + 2) % 3)) &&
              yt.Init(c.yd, c.xs, (size_t)(MxFp4(c.yd) ? numel / 2 : numel)) &&
              st.Init(ACL_FLOAT8_E8M0, ss, (size_t)(rows * nb2 * 2));
    if (!ok) {
        EXPECT(false, "case %d: set-up failed", id);
        return;
    }
    std::string rm = RmName(c.rm);
    char *rmp = c.rm == RM_RINT && id % 2 ? nullptr : &rm[0]; // null roundMode = "rint"
    int rc = Run("aclnnAddRmsNormDynamicMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnAddRmsNormDynamicMxQuantGetWorkspaceSize(x1t.t, x2t.t, gt.t, c.beta ? bt.t : nullptr, eps, c.alg,
                                                             rmp, (int64_t)c.yd, c.rstd, yt.t, xo.t, st.t,
                                                             c.rstd ? rt.t : nullptr, ws, ex);
    }, aclnnAddRmsNormDynamicMxQuant);
    std::string what = "case " + std::to_string(id) + " (" + DtName(c.xd) + "/" + DtName(c.gd) + " -> " +
                       std::to_string((int)c.yd) + ", alg " + std::to_string(c.alg) + ", " + rm + ")";
    EXPECT(rc == 0, "%s: returned %d", what.c_str(), rc);
    if (rc) return;
    MxExpectCodes(what + " y", c.yd, MxCodes(c.yd, yt.Read(), numel), ref.codes);
    ExpectScales(what + " mxscale", st.Read(), ref.scales);
    std::vector<double> xs = xo.Read();
    size_t badx = 0;
    for (int64_t i = 0; i < numel; i++)
        if (xs[(size_t)i] != ref.xsum[(size_t)i]) badx++;
    EXPECT(badx == 0, "%s: %zu of %lld xOut values wrong", what.c_str(), badx, (long long)numel);
    EXPECT(xo.CountClobbered() == 0, "%s: xOut wrote outside its view", what.c_str());
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
        {{2, 64}, F16, F16, 0, E4, 0, RM_RINT, true, CONTIG},      // the example's shape
        {{3, 5, 100}, F16, F16, 1, E4, 0, RM_RINT, true, STRIDED}, // tail block of 4
        {{7, 70}, B16, B16, 1, E5, 0, RM_RINT, true, TRANSPOSED},  // 3 blocks: scale pad
        {{4, 256}, F16, F32, 2, E5, 1, RM_RINT, true, CONTIG},     // cuBLAS scale, empty beta
        {{5, 96}, B16, F32, 1, E4, 1, RM_RINT, false, CONTIG},     // no rstd
        {{6, 128}, F16, F16, 1, F4, 0, RM_RINT, true, CONTIG},
        {{3, 2, 62}, B16, B16, 0, F4, 0, RM_ROUND, true, STRIDED},
        {{9, 40}, F16, F32, 1, F4, 0, RM_FLOOR, true, CONTIG},
        {{4, 160}, B16, F32, 1, F41, 0, RM_RINT, true, CONTIG},
        {{2, 34}, F16, F16, 0, F41, 0, RM_FLOOR, true, CONTIG},
        {{64}, F16, F16, 1, E4, 0, RM_RINT, true, CONTIG},         // 1-D x
        {{33, 1000}, B16, B16, 1, E4, 0, RM_RINT, true, CONTIG},   // several blocks of rows
    };
    for (size_t i = 0; i < cases.size(); i++) RunCase(cases[i], (int)i);
}

static void TestValidation()
{
    DevTensor x, xb, x32, xs2, g, g8, bbad, b16, r, rbad, xodd, godd, xo, xob, xz;
    RawTensor y, y5, y4, s, sbad, sbad2, ybad, yodd, sodd;
    Shape xs = {2, 64};
    bool ok = x.Init(ACL_FLOAT16, xs, RandomValues(128, 1), CONTIG) && xb.Init(ACL_BF16, xs, RandomValues(128, 1), CONTIG) &&
              x32.Init(ACL_FLOAT, xs, RandomValues(128, 1), CONTIG) &&
              xs2.Init(ACL_FLOAT16, {2, 2, 32}, RandomValues(128, 1), CONTIG) &&
              g.Init(ACL_FLOAT16, {64}, RandomValues(64, 2), CONTIG) && g8.Init(ACL_INT8, {64}, {}, CONTIG) &&
              bbad.Init(ACL_FLOAT16, {32}, {}, CONTIG) && b16.Init(ACL_BF16, {64}, {}, CONTIG) &&
              r.Init(ACL_FLOAT, {2, 1}, {}, CONTIG) && rbad.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) &&
              xodd.Init(ACL_FLOAT16, {2, 63}, RandomValues(126, 1), CONTIG) &&
              godd.Init(ACL_FLOAT16, {63}, RandomValues(63, 1), CONTIG) && xo.Init(ACL_FLOAT16, xs, {}, CONTIG) &&
              xob.Init(ACL_BF16, xs, {}, CONTIG) && xz.Init(ACL_FLOAT16, {2, 0}, {}, CONTIG) &&
              y.Init(ACL_FLOAT8_E4M3FN, xs, 128) && y5.Init(ACL_FLOAT8_E5M2, xs, 128) &&
              y4.Init(ACL_FLOAT4_E2M1, xs, 64) && s.Init(ACL_FLOAT8_E8M0, {2, 1, 2}, 4) &&
              sbad.Init(ACL_FLOAT8_E8M0, {2, 2, 2}, 8) && sbad2.Init(ACL_FLOAT8_E8M0, {2, 1, 1}, 2) &&
              ybad.Init(ACL_FLOAT8_E4M3FN, {2, 32}, 64) && yodd.Init(ACL_FLOAT4_E2M1, {2, 63}, 63) &&
              sodd.Init(ACL_FLOAT8_E8M0, {2, 1, 2}, 4);
    if (!ok) {
        EXPECT(false, "validation set-up failed");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char rint[] = "rint", floor_[] = "floor", bad[] = "nearest";
    auto call = [&](const aclTensor *a1, const aclTensor *a2, const aclTensor *gg, const aclTensor *bb, int64_t alg,
                    char *rm, int64_t dst, bool orstd, aclTensor *yy, aclTensor *xx, aclTensor *ss, aclTensor *rr) {
        return aclnnAddRmsNormDynamicMxQuantGetWorkspaceSize(a1, a2, gg, bb, 1e-6, alg, rm, dst, orstd, yy, xx, ss, rr,
                                                             &ws, &ex);
    };
    ExpectError("null x1", call(nullptr, x.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 161001, "x1");
    ExpectError("null x2", call(x.t, nullptr, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 161001, "x2");
    ExpectError("null xOut", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, y.t, nullptr, s.t, r.t), 161001, "xOut");
    ExpectError("null rstdOut", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, nullptr), 161001,
                "rstdOut");
    int rc = call(x.t, x.t, g.t, nullptr, 0, rint, 36, false, y.t, xo.t, s.t, nullptr);
    EXPECT(rc == 0, "null rstdOut without outputRstd: returned %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    ExpectError("zero last dim", call(xz.t, xz.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "x1 shape", "greater than 0");
    ExpectError("x2 shape", call(x.t, xs2.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "x2 shape", "same as x1");
    ExpectError("gamma length", call(x.t, x.t, godd.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "gamma shape", "last dim of x1");
    ExpectError("beta shape", call(x.t, x.t, g.t, bbad.t, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "beta shape");
    ExpectError("x2 dtype", call(x.t, xb.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "x2 dtype");
    ExpectError("x1 FLOAT", call(x32.t, x32.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "x1 dtype");
    ExpectError("gamma INT8", call(x.t, x.t, g8.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "gamma dtype");
    ExpectError("beta dtype", call(x.t, x.t, g.t, b16.t, 0, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "beta dtype");
    ExpectError("y FLOAT16", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, xo.t, xo.t, s.t, r.t), 561103,
                "y dtype");
    ExpectError("xOut dtype", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, y.t, xob.t, s.t, r.t), 561103,
                "output_x dtype");
    ExpectError("round mode", call(x.t, x.t, g.t, nullptr, 0, bad, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "round_mode nearest");
    ExpectError("FP8 floor", call(x.t, x.t, g.t, nullptr, 0, floor_, 35, true, y5.t, xo.t, s.t, r.t), 561103,
                "round_mode floor", "rint");
    ExpectError("dst_type", call(x.t, x.t, g.t, nullptr, 0, rint, 35, true, y.t, xo.t, s.t, r.t), 561103,
                "dst_type 35");
    ExpectError("quant_alg 2", call(x.t, x.t, g.t, nullptr, 2, rint, 36, true, y.t, xo.t, s.t, r.t), 561103,
                "quant_alg 2");
    ExpectError("quant_alg 1 FP4", call(x.t, x.t, g.t, nullptr, 1, rint, 40, true, y4.t, xo.t, s.t, r.t), 561103,
                "quant_alg 1");
    ExpectError("FP4 odd", call(xodd.t, xodd.t, godd.t, nullptr, 0, rint, 40, true, yodd.t, xodd.t, sodd.t, r.t),
                561103, "even number");
    ExpectError("mxscale -2nd dim", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, sbad.t, r.t), 561103,
                "mxscale shape", "CeilDiv");
    ExpectError("mxscale last dim", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, sbad2.t, r.t), 561103,
                "last dim should be 2");
    ExpectError("rstd shape", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, y.t, xo.t, s.t, rbad.t), 561103,
                "rstd shape", "norm dims");
    ExpectError("y shape", call(x.t, x.t, g.t, nullptr, 0, rint, 36, true, ybad.t, xo.t, s.t, r.t), 561103,
                "output_y shape");
    DevTensor xe, re;
    RawTensor ye, se;
    if (xe.Init(ACL_FLOAT16, {0, 64}, {}, CONTIG) && re.Init(ACL_FLOAT, {0, 1}, {}, CONTIG) &&
        ye.Init(ACL_FLOAT8_E4M3FN, {0, 64}, 0) && se.Init(ACL_FLOAT8_E8M0, {0, 1, 2}, 0)) {
        rc = Run("empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnAddRmsNormDynamicMxQuantGetWorkspaceSize(xe.t, xe.t, g.t, nullptr, 1e-6, 0, rint, 36, true,
                                                                 ye.t, xe.t, se.t, re.t, w, e);
        }, aclnnAddRmsNormDynamicMxQuant);
        EXPECT(rc == 0, "empty x1: returned %d", rc);
    }
}

static void TestOtherChip()
{
    DevTensor x, g, r, xo;
    RawTensor y, s;
    if (!x.Init(ACL_FLOAT16, {2, 64}, RandomValues(128, 1), CONTIG) || !g.Init(ACL_FLOAT16, {64}, {}, CONTIG) ||
        !r.Init(ACL_FLOAT, {2, 1}, {}, CONTIG) || !xo.Init(ACL_FLOAT16, {2, 64}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT8_E4M3FN, {2, 64}, 128) || !s.Init(ACL_FLOAT8_E8M0, {2, 1, 2}, 4))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    char rint[] = "rint";
    int rc = aclnnAddRmsNormDynamicMxQuantGetWorkspaceSize(x.t, x.t, g.t, nullptr, 1e-6, 0, rint, 36, true, y.t, xo.t,
                                                           s.t, r.t, &ws, &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    rc = aclnnAddRmsNormDynamicMxQuantGetWorkspaceSize(x.t, nullptr, g.t, nullptr, 1e-6, 0, rint, 36, true, y.t, xo.t,
                                                       s.t, r.t, &ws, &ex);
    EXPECT(rc == 161001, "null x2 first: returned %d, expected 161001", rc);
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
