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

static void TestFiniteDiff(aclrtStream stream)
{
    RunFiniteDiff(stream, "aclnnSwigluGroupGrad", [](const aclTensor *a, const aclTensor *b, const aclTensor *w, const aclTensor *y,
                                                     const aclTensor *g, double cl, aclTensor *o, aclTensor *o2, uint64_t *ws,
                                                     aclOpExecutor **e) {
        return aclnnSwigluGroupGradGetWorkspaceSize(a, b, w, y, g, (float)cl, o, o2, ws, e); },
        aclnnSwigluGroupGrad, 0);
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
