// aclnnSwigluGroupQuantGrad (950): the SwigluGroup gradient of its own kernel (clampLimit -1 or
// > 0, open clamp masks, the token weight, rows past the uint32 sum of groupIndex 0 in gradX and
// gradWeight) against the naive double reference of swiglugroup_util.h; the generated layer's and
// the tiling's checks in order; refused off the 950.
// Argument: "950" (values and checks) or "910b" (the chip refusal).
#include "swiglugroup_util.h"
#include "aclnnop/aclnn_swiglu_group_quant_grad.h"

static std::string g_chip = "950";

static void RunCase(aclrtStream stream, const Case &c, uint64_t seed)
{
    RunCase(stream, "aclnnSwigluGroupQuantGrad", [](const aclTensor *a, const aclTensor *b, const aclTensor *w,
                                                    const aclTensor *y, const aclTensor *g, double cl, aclTensor *o,
                                                    aclTensor *o2, uint64_t *ws, aclOpExecutor **e) {
        return aclnnSwigluGroupQuantGradGetWorkspaceSize(a, b, w, y, g, cl, o, o2, ws, e); },
        aclnnSwigluGroupQuantGrad, 1, c, seed);
}

static void TestFiniteDiff(aclrtStream stream)
{
    RunFiniteDiff(stream, "aclnnSwigluGroupQuantGrad", [](const aclTensor *a, const aclTensor *b, const aclTensor *w,
                                                          const aclTensor *y, const aclTensor *g, double cl, aclTensor *o,
                                                          aclTensor *o2, uint64_t *ws, aclOpExecutor **e) {
        return aclnnSwigluGroupQuantGradGetWorkspaceSize(a, b, w, y, g, cl, o, o2, ws, e); },
        aclnnSwigluGroupQuantGrad, 1);
}

static void TestValues(aclrtStream stream)
{
    uint64_t seed = 1900;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool weight : {false, true}) {
            RunCase(stream, {dt, {6, 40}, weight, 0.0f, {}, CONTIG, CONTIG, true, 0}, seed++);
            RunCase(stream, {dt, {2, 3, 24}, weight, 2.5f, {2, 1}, STRIDED, STRIDED, false, 0}, seed++);
            RunCase(stream, {dt, {5, 17}, weight, 1.75f, {9}, CONTIG, STRIDED, true, 0}, seed++);
            RunCase(stream, {dt, {7, 128}, weight, 0.0f, {3, -1, 2}, STRIDED, CONTIG, false, 0}, seed++);
        }
    RunCase(stream, {ACL_FLOAT, {9, 12}, true, 3.0f, {}, TRANSPOSED, CONTIG, false, 0}, 1990);
    RunCase(stream, {ACL_FLOAT, {3, 2, 5}, true, 0.0f, {-4}, CONTIG, CONTIG, true, 0}, 1991); // wraps: every row
    RunCase(stream, {ACL_FLOAT, {2, 2, 2, 8}, true, 1.0f, {1, 2}, CONTIG, STRIDED, false, 0}, 1992);
    RunCase(stream, {ACL_FLOAT, {16}, true, 0.0f, {}, CONTIG, CONTIG, true, 0}, 1993);         // rank 1: one token
    RunCase(stream, {ACL_FLOAT, {4, 8}, false, 0.0f, {}, CONTIG, CONTIG, false, 100.0}, 1994); // exp overflow: NaN
    RunCase(stream, {ACL_FLOAT, {4, 8}, true, 50.0f, {}, CONTIG, CONTIG, false, 100.0}, 1995); // clamped: finite
    RunCase(stream, {ACL_BF16, {32, 512}, true, 0.0f, {20}, CONTIG, CONTIG, true, 0}, 1996);
}

static void TestChecks(aclrtStream stream)
{
    DevTensor gy, x, w, yo, g, gx, gw, gy16, x16, w16, gi32, g2, gy4, x3, xodd, xlead, wbad, gwbad, gwdim, yobad, yodim,
        gx1, gxdim, gy0, x0, gx0, gyr0, xr0;
    if (!gy.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !w.Init(ACL_FLOAT, {4}, {}, CONTIG) || !yo.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) ||
        !g.Init(ACL_INT64, {2}, {1, 1}, CONTIG) || !gx.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !gw.Init(ACL_FLOAT, {4}, {}, CONTIG) || !gy16.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) ||
        !x16.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) || !w16.Init(ACL_FLOAT16, {4}, {}, CONTIG) ||
        !gi32.Init(ACL_INT32, {2}, {}, CONTIG) || !g2.Init(ACL_INT64, {1, 2}, {}, CONTIG) ||
        !gy4.Init(ACL_FLOAT, {1, 4, 3}, {}, CONTIG) || !x3.Init(ACL_FLOAT, {1, 4, 6}, {}, CONTIG) ||
        !xodd.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !xlead.Init(ACL_FLOAT, {5, 6}, {}, CONTIG) ||
        !wbad.Init(ACL_FLOAT, {3}, {}, CONTIG) || !gwbad.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !gwdim.Init(ACL_FLOAT, {4, 1}, {}, CONTIG) || !yobad.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) ||
        !yodim.Init(ACL_FLOAT, {1, 4, 3}, {}, CONTIG) || !gx1.Init(ACL_FLOAT, {4, 8}, {}, CONTIG) ||
        !gxdim.Init(ACL_FLOAT, {1, 4, 6}, {}, CONTIG) || !gy0.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !x0.Init(ACL_FLOAT, {0, 6}, {}, CONTIG) || !gx0.Init(ACL_FLOAT, {0, 6}, {}, CONTIG) ||
        !gyr0.Init(ACL_FLOAT, {}, {}, CONTIG) || !xr0.Init(ACL_FLOAT, {}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, const aclTensor *e,
                    double cl, const aclTensor *o, const aclTensor *o2) {
        return aclnnSwigluGroupQuantGradGetWorkspaceSize(a, b, c, d, e, cl, o, o2, &ws, &ex);
    };
    ExpectError("null gradY", call(nullptr, x.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 161001, "gradY");
    ExpectError("null x", call(gy.t, nullptr, w.t, yo.t, g.t, -1, gx.t, gw.t), 161001, "x");
    ExpectError("null gradXOut", call(gy.t, x.t, w.t, yo.t, g.t, -1, nullptr, gw.t), 161001, "gradXOut");
    ExpectError("gradY int32", call(gi32.t, x.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 161002, "gradY");
    ExpectError("x dtype differs", call(gy.t, x16.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 161002, "x");
    ExpectError("weight fp16", call(gy.t, x.t, w16.t, yo.t, g.t, -1, gx.t, gw.t), 161002, "weightOptional");
    ExpectError("yOrigin dtype differs", call(gy.t, x.t, w.t, gy16.t, g.t, -1, gx.t, gw.t), 161002, "yOriginOptional");
    ExpectError("groupIndex int32", call(gy.t, x.t, w.t, yo.t, gi32.t, -1, gx.t, gw.t), 161002, "groupIndexOptional");
    ExpectError("gradX dtype differs", call(gy16.t, x16.t, w.t, gy16.t, g.t, -1, gx.t, gw.t), 161002, "gradXOut");
    ExpectError("gradWeight fp16", call(gy.t, x.t, w.t, yo.t, g.t, -1, gx.t, w16.t), 161002, "gradWeightOutOptional");
    ExpectError("dtype before tiling", call(gy.t, x16.t, w.t, yo.t, g.t, 0.0, gx.t, gw.t), 161002, "x");
    ExpectError("clamp 0", call(gy.t, x.t, w.t, yo.t, g.t, 0.0, gx.t, gw.t), 561002, "clamp_limit");
    ExpectError("clamp -2", call(gy.t, x.t, w.t, yo.t, g.t, -2.0, gx.t, gw.t), 561002, "clamp_limit");
    ExpectError("clamp NaN", call(gy.t, x.t, w.t, yo.t, g.t, NAN, gx.t, gw.t), 561002, "clamp_limit");
    ExpectError("clamp before shapes", call(gy.t, xodd.t, w.t, yo.t, g.t, 0.0, gx.t, gw.t), 561002, "clamp_limit");
    ExpectError("rank 0", call(gyr0.t, xr0.t, nullptr, nullptr, nullptr, -1, xr0.t, nullptr), 561002, ">= 1");
    ExpectError("ranks differ", call(gy.t, x3.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 561002, "shape dimension must be same");
    ExpectError("leading dims", call(gy.t, xlead.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 561002, "except last dim");
    ExpectError("x last odd", call(gy.t, xodd.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 561002, "divisible by 2");
    ExpectError("gradY last", call(gy.t, gx1.t, w.t, yo.t, g.t, -1, gx.t, gw.t), 561002, "half of x last dim");
    ExpectError("weight numel", call(gy.t, x.t, wbad.t, yo.t, g.t, -1, gx.t, gw.t), 561002, "weight element count");
    ExpectError("yOrigin rank", call(gy.t, x.t, w.t, yodim.t, g.t, -1, gx.t, gw.t), 561002, "y_origin and grad_y");
    ExpectError("yOrigin shape", call(gy.t, x.t, w.t, yobad.t, g.t, -1, gx.t, gw.t), 561002, "y_origin shape");
    ExpectError("weight without yOrigin", call(gy.t, x.t, w.t, nullptr, g.t, -1, gx.t, gw.t), 561002, "y_origin must");
    ExpectError("groupIndex 2-d", call(gy.t, x.t, w.t, yo.t, g2.t, -1, gx.t, gw.t), 561002, "1D");
    ExpectError("gradX rank", call(gy.t, x.t, w.t, yo.t, g.t, -1, gxdim.t, gw.t), 561002, "x and grad_x shape dimension");
    ExpectError("gradX shape", call(gy.t, x.t, w.t, yo.t, g.t, -1, gx1.t, gw.t), 561002, "x and grad_x shape must");
    ExpectError("gradWeight absent", call(gy.t, x.t, w.t, yo.t, g.t, -1, gx.t, nullptr), 561002, "grad_weight");
    ExpectError("gradWeight rank", call(gy.t, x.t, w.t, yo.t, g.t, -1, gx.t, gwdim.t), 561002, "dimension must be same");
    ExpectError("gradWeight shape", call(gy.t, x.t, w.t, yo.t, g.t, -1, gx.t, gwbad.t), 561002, "same as weight");
    // yOrigin without weight: accepted (the kernel ignores it)
    EXPECT(call(gy.t, x.t, nullptr, yo.t, g.t, -1, gx.t, nullptr) == 0, "yOrigin without weight refused");
    if (ex) aclDestroyAclOpExecutor(ex); // stage 1 only: the executor is the caller's to release
    ex = nullptr;
    int rc = call(gy0.t, x0.t, nullptr, nullptr, nullptr, -1, gx0.t, nullptr);
    EXPECT(rc == 0 && ws == 0, "empty gradY: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnSwigluGroupQuantGrad(nullptr, 0, ex, stream) == 0, "empty gradY stage 2");
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
        int rc = aclnnSwigluGroupQuantGradGetWorkspaceSize(gy.t, x.t, nullptr, nullptr, nullptr, -1, gx.t, nullptr, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001, "SwigluGroupQuantGrad off the 950: %d", rc);
        EXPECT(m && strstr(m, "not implemented"), "SwigluGroupQuantGrad off the 950: message %s", m ? m : "(none)");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
