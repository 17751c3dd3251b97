// aclnnSwigluGroupGrad (950): gradX of the gate / up halves (open clamp masks when clampLimit > 0,
// times the token weight, rows past sum(groupIndex) 0) and gradWeight = sum_h gradY * yOrigin,
// against a naive double reference and against finite differences of the forward; the op_api's
// checks in order; refused off the 950.
// Argument: "950" (values and checks) or "910b" (the chip refusal).
#include "swiglugroup_util.h"
#include "aclnnop/aclnn_swiglu_group_grad.h"

static std::string g_chip = "950";

static void RunCase(aclrtStream stream, const Case &c, uint64_t seed)
{
    RunCase(stream, "aclnnSwigluGroupGrad", [](const aclTensor *a, const aclTensor *b, const aclTensor *w, const aclTensor *y,
                                               const aclTensor *g, double cl, aclTensor *o, aclTensor *o2, uint64_t *ws,
                                               aclOpExecutor **e) {
        return aclnnSwigluGroupGradGetWorkspaceSize(a, b, w, y, g, (float)cl, o, o2, ws, e); },
        aclnnSwigluGroupGrad, 0, c, seed);
}

static void TestValues(aclrtStream stream)
{
    uint64_t seed = 900;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool weight : {false, true}) {
            RunCase(stream, {dt, {6, 40}, weight, 0.0f, {}, CONTIG, CONTIG}, seed++);
            RunCase(stream, {dt, {2, 3, 24}, weight, 2.5f, {2, 1}, STRIDED, STRIDED}, seed++);
            RunCase(stream, {dt, {5, 17}, weight, 1.75f, {9}, CONTIG, STRIDED}, seed++);
            RunCase(stream, {dt, {7, 256}, weight, 0.0f, {3, -1, 2}, STRIDED, CONTIG}, seed++);
        }
    RunCase(stream, {ACL_FLOAT, {9, 12}, true, 3.0f, {}, TRANSPOSED, CONTIG}, 990);
    RunCase(stream, {ACL_FLOAT, {3, 2, 5}, true, 0.0f, {-4}, CONTIG, CONTIG}, 991); // negative sum: every row 0
    RunCase(stream, {ACL_BF16, {64, 2048}, false, 0.0f, {}, CONTIG, CONTIG}, 992);
}

// Independently of the reference above: gradX and gradWeight against central finite differences
// of the forward loss sum(gradY * weight[t] * silu(min(gate, c)) * clamp(up, -c, c)) in double
// (h = 1e-6 (1 + |v|)), FP32 [3, 5] tokens x H, with and without the clamp, inputs at least 0.05
// away from +-c (the kinks); yOrigin the forward's unweighted output, rounded to FP32. Tolerance:
// the FP32 kernel (a few ulps of values below ~10) against an FD error below 1e-8.
static void TestFiniteDiff(aclrtStream stream)
{
    const int64_t T = 3, H = 5;
    for (double L : {0.0, 1.5}) {
        std::vector<double> x = RandomValues((size_t)(T * 2 * H), 77, 1.0), dy = QuantAll(ACL_FLOAT, RandomValues((size_t)(T * H), 78, 0.5));
        std::vector<double> w = QuantAll(ACL_FLOAT, RandomValues((size_t)T, 79, 0.5)), yo((size_t)(T * H));
        if (L > 0)
            for (double &v : x)
                for (double k : {L, -L})
                    if (std::fabs(v - k) < 0.05) v = k + (v < k ? -0.07 : 0.07);
        x = QuantAll(ACL_FLOAT, x);
        auto gate = [&](double g) { return L > 0 ? std::min(g, L) : g; };
        auto up = [&](double u) { return L > 0 ? std::max(-L, std::min(u, L)) : u; };
        auto silu = [](double v) { return v / (1.0 + std::exp(-v)); };
        auto loss = [&](const std::vector<double> &xv, const std::vector<double> &wv) {
            double s = 0;
            for (int64_t t = 0; t < T; t++)
                for (int64_t h = 0; h < H; h++)
                    s += dy[(size_t)(t * H + h)] * wv[(size_t)t] * silu(gate(xv[(size_t)(t * 2 * H + h)])) *
                         up(xv[(size_t)(t * 2 * H + H + h)]);
            return s;
        };
        for (int64_t t = 0; t < T; t++)
            for (int64_t h = 0; h < H; h++)
                yo[(size_t)(t * H + h)] = Quant(ACL_FLOAT, silu(gate(x[(size_t)(t * 2 * H + h)])) * up(x[(size_t)(t * 2 * H + H + h)]));
        auto fd = [&](bool of_w) {
            std::vector<double> v = of_w ? w : x, g(v.size());
            for (size_t i = 0; i < v.size(); i++) {
                double keep = v[i], h = 1e-6 * (1 + std::fabs(keep));
                v[i] = keep + h;
                double lp = of_w ? loss(x, v) : loss(v, w);
                v[i] = keep - h;
                double lm = of_w ? loss(x, v) : loss(v, w);
                v[i] = keep;
                g[i] = (lp - lm) / (2 * h);
            }
            return g;
        };
        DevTensor tdy, tx, tw, tyo, tgx, tgw;
        if (!tdy.Init(ACL_FLOAT, {T, H}, dy, CONTIG) || !tx.Init(ACL_FLOAT, {T, 2 * H}, x, CONTIG) ||
            !tw.Init(ACL_FLOAT, {T, 1}, w, CONTIG) || !tyo.Init(ACL_FLOAT, {T, H}, yo, CONTIG) ||
            !tgx.Init(ACL_FLOAT, {T, 2 * H}, {}, CONTIG) || !tgw.Init(ACL_FLOAT, {T, 1}, {}, CONTIG))
            return;
        std::string what = std::string("SwigluGroupGrad fp32 clamp ") + (L > 0 ? "1.5" : "none");
        int rc = Run(what.c_str(), stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnSwigluGroupGradGetWorkspaceSize(tdy.t, tx.t, tw.t, tyo.t, nullptr, (float)L, tgx.t, tgw.t, ws, e); },
            aclnnSwigluGroupGrad);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc) continue;
        CheckAccuracy((what + " gradX vs finite differences").c_str(), tgx.Read(), fd(false), 2e-5, 2e-5, 1e-4);
        CheckAccuracy((what + " gradWeight vs finite differences").c_str(), tgw.Read(), fd(true), 2e-5, 2e-5, 1e-4);
    }
}

static void TestChecks(aclrtStream stream)
{
    DevTensor gy, x, w, yo, g, gx, gw, gy16, x16, w16, gi32, g2, g0, gy4, x4, xodd, xlead, wbad, gwbad, yobad, gx1, gy0,
        x0, gx0;
    if (!gy.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !w.Init(ACL_FLOAT, {4, 1}, {}, CONTIG) || !yo.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) ||
        !g.Init(ACL_INT64, {2}, {1, 1}, CONTIG) || !gx.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !gw.Init(ACL_FLOAT, {4, 1}, {}, CONTIG) || !gy16.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) ||
        !x16.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) || !w16.Init(ACL_FLOAT16, {4, 1}, {}, CONTIG) ||
        !gi32.Init(ACL_INT32, {2}, {}, CONTIG) || !g2.Init(ACL_INT64, {1, 2}, {}, CONTIG) ||
        !g0.Init(ACL_INT64, {0}, {}, CONTIG) || !gy4.Init(ACL_FLOAT, {1, 1, 4, 3}, {}, CONTIG) ||
        !x4.Init(ACL_FLOAT, {1, 1, 4, 6}, {}, CONTIG) || !xodd.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) ||
        !xlead.Init(ACL_FLOAT, {5, 6}, {}, CONTIG) || !wbad.Init(ACL_FLOAT, {3, 1}, {}, CONTIG) ||
        !gwbad.Init(ACL_FLOAT, {1, 4}, {}, CONTIG) || !yobad.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) ||
        !gx1.Init(ACL_FLOAT, {4, 7}, {}, CONTIG) || !gy0.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !x0.Init(ACL_FLOAT, {0, 6}, {}, CONTIG) || !gx0.Init(ACL_FLOAT, {0, 6}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, const aclTensor *e,
                    float cl, aclTensor *o, aclTensor *o2) {
        return aclnnSwigluGroupGradGetWorkspaceSize(a, b, c, d, e, cl, o, o2, &ws, &ex);
    };
    ExpectError("null gradY", call(nullptr, x.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161001, "gradY");
    ExpectError("null x", call(gy.t, nullptr, w.t, yo.t, g.t, 0, gx.t, gw.t), 161001, "x");
    ExpectError("null gradXOut", call(gy.t, x.t, w.t, yo.t, g.t, 0, nullptr, gw.t), 161001, "gradXOut");
    ExpectError("null gradWeight with weight", call(gy.t, x.t, w.t, yo.t, g.t, 0, gx.t, nullptr), 161001, "gradWeightOut");
    EXPECT(aclnnSwigluGroupGradGetWorkspaceSize(gy.t, x.t, w.t, yo.t, g.t, 0, gx.t, gw.t, nullptr, &ex) == 161001,
           "null workspaceSize");
    ExpectError("weight without yOrigin", call(gy.t, x.t, w.t, nullptr, g.t, 0, gx.t, gw.t), 161002, "provided together");
    ExpectError("yOrigin without weight", call(gy.t, x.t, nullptr, yo.t, g.t, 0, gx.t, nullptr), 161002, "provided together");
    ExpectError("clamp -1", call(gy.t, x.t, w.t, yo.t, g.t, -1.0f, gx.t, gw.t), 161002, "clampLimit");
    ExpectError("clamp NaN", call(gy.t, x.t, w.t, yo.t, g.t, NAN, gx.t, gw.t), 161002, "clampLimit");
    ExpectError("clamp before dtype", call(gy16.t, x.t, w.t, yo.t, g.t, -1.0f, gx.t, gw.t), 161002, "clampLimit");
    ExpectError("gradY int32", call(gi32.t, x.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "gradY");
    ExpectError("x dtype differs", call(gy.t, x16.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "x");
    ExpectError("gradX dtype differs", call(gy16.t, x16.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "gradXOut");
    ExpectError("weight fp16", call(gy.t, x.t, w16.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "weightOptional");
    ExpectError("yOrigin dtype differs", call(gy.t, x.t, w.t, gy16.t, g.t, 0, gx.t, gw.t), 161002, "yOriginOptional");
    ExpectError("groupIndex int32", call(gy.t, x.t, w.t, yo.t, gi32.t, 0, gx.t, gw.t), 161002, "groupIndexOptional");
    ExpectError("gradWeight fp16", call(gy.t, x.t, w.t, yo.t, g.t, 0, gx.t, w16.t), 161002, "gradWeightOutOptional");
    ExpectError("dtype before shape", call(gy4.t, x16.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "x");
    ExpectError("rank 4", call(gy4.t, x4.t, w.t, yo.t, g.t, 0, x4.t, gw.t), 161002, "2D or 3D");
    ExpectError("x rank", call(gy.t, x4.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "x rank");
    ExpectError("x leading", call(gy.t, xlead.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "x.shape[0]");
    ExpectError("x last", call(gy.t, xodd.t, w.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "2*H");
    ExpectError("gradX shape", call(gy.t, x.t, w.t, yo.t, g.t, 0, gx1.t, gw.t), 161002, "gradXOut");
    ExpectError("weight numel", call(gy.t, x.t, wbad.t, yo.t, g.t, 0, gx.t, gw.t), 161002, "weightOptional");
    ExpectError("gradWeight shape", call(gy.t, x.t, w.t, yo.t, g.t, 0, gx.t, gwbad.t), 161002, "gradWeightOutOptional");
    ExpectError("yOrigin shape", call(gy.t, x.t, w.t, yobad.t, g.t, 0, gx.t, gw.t), 161002, "yOriginOptional");
    ExpectError("groupIndex 2-d", call(gy.t, x.t, w.t, yo.t, g2.t, 0, gx.t, gw.t), 161002, "1D");
    ExpectError("groupIndex empty", call(gy.t, x.t, w.t, yo.t, g0.t, 0, gx.t, gw.t), 161002, "numel>=1");
    // gradWeightOut without weight: accepted and left as it is
    {
        std::vector<double> gwv = {5, 6, 7, 8};
        DevTensor gw2;
        if (!gw2.Init(ACL_FLOAT, {4, 1}, gwv, CONTIG)) return;
        int rc = Run("aclnnSwigluGroupGrad", stream, [&](uint64_t *s, aclOpExecutor **e) {
            return aclnnSwigluGroupGradGetWorkspaceSize(gy.t, x.t, nullptr, nullptr, nullptr, 0, gx.t, gw2.t, s, e); },
            aclnnSwigluGroupGrad);
        EXPECT(rc == 0, "gradWeightOut without weight: %d", rc);
        EXPECT(gw2.Read() == gwv, "gradWeightOut without weight was written");
    }
    // empty gradY: workspace 0, nothing run
    int rc = call(gy0.t, x0.t, nullptr, nullptr, nullptr, 0, gx0.t, nullptr);
    EXPECT(rc == 0 && ws == 0, "empty gradY: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnSwigluGroupGrad(nullptr, 0, ex, stream) == 0, "empty gradY stage 2");
}

int main(int argc, char **argv)
{
    if (argc > 1 && argv[1][0]) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    if (g_chip == "950") {
        TestValues(rt.stream);
        TestFiniteDiff(rt.stream);
        TestChecks(rt.stream);
    } else {
        DevTensor gy, x, gx;
        if (!gy.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
            !gx.Init(ACL_FLOAT, {4, 6}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnSwigluGroupGradGetWorkspaceSize(gy.t, x.t, nullptr, nullptr, nullptr, 0, gx.t, nullptr, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001, "SwigluGroupGrad off the 950: %d", rc);
        EXPECT(m && strstr(m, "not implemented"), "SwigluGroupGrad off the 950: message %s", m ? m : "(none)");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
