// aclnnScale (ops-math math/scale) against a double reference written here: y = x * s + b
// with s / b laid over x's dims [axis, axis + len) (scaleFromBlob: len = numAxes, -1 to the
// end, 0 a single value; else the rank of scale, one element broadcast), dtypes, strided views,
// with and without bias, empty x; every validation path with code and message. argv[1] `310p`:
// BF16 refused, FLOAT16 runs.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_scale.h"

static aclrtStream g_stream;
static const int kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;

static void RunCase(const std::string &what, const std::vector<int64_t> &xs, const std::vector<int64_t> &ss, int64_t first,
                    int64_t axis, int64_t numAxes, bool blob, bool with_bias, aclDataType dt, Layout lay, uint64_t seed)
{
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(xs), seed));
    std::vector<double> s = QuantAll(dt, RandomValues((size_t)GetShapeSize(ss), seed + 1, 0.5));
    std::vector<double> b = QuantAll(dt, RandomValues((size_t)GetShapeSize(ss), seed + 2));
    int64_t n = GetShapeSize(xs);
    std::vector<double> g((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        // index of scale: x's coordinates at [first, first + rank(s)) row-major in ss
        int64_t rem = i, si = 0, mul = 1;
        for (int64_t k = (int64_t)xs.size() - 1; k >= 0; k--) {
            int64_t c = rem % xs[(size_t)k];
            rem /= xs[(size_t)k];
            int64_t j = k - first;
            if (first >= 0 && j >= 0 && j < (int64_t)ss.size()) { si += c * mul; mul *= ss[(size_t)j]; }
        }
        g[(size_t)i] = x[(size_t)i] * s[(size_t)si] + (with_bias ? b[(size_t)si] : 0.0);
    }
    DevTensor tx, ts, tb, ty;
    if (!tx.Init(dt, xs, x, lay) || !ts.Init(dt, ss, s, lay == STRIDED ? TRANSPOSED : STRIDED) || !tb.Init(dt, ss, b, CONTIG) ||
        !ty.Init(dt, xs, {}, lay == CONTIG ? STRIDED : CONTIG)) { EXPECT(false, "%s: setup", what.c_str()); return; }
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnScaleGetWorkspaceSize(tx.t, ts.t, with_bias ? tb.t : nullptr, axis, numAxes, blob, ty.t, w, ex); }, aclnnScale);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    CheckDtype(what.c_str(), dt, ty.Read(), g);
    EXPECT(ty.CountClobbered() == 0, "%s: wrote outside y", what.c_str());
}

static void TestValues(std::vector<aclDataType> dts)
{
    struct { std::vector<int64_t> x, s; int64_t first, axis, num; bool blob; } cs[] = {
        {{2, 3, 4, 5}, {4, 5}, 2, 2, 2, true}, {{2, 3, 4, 5}, {3, 4, 5}, 1, 1, -1, true}, {{2, 3, 4, 5}, {3, 4}, 1, -3, 2, true},
        {{2, 3, 4, 5}, {1}, -1, 1, 0, true}, {{2, 3, 4, 5}, {3}, 1, 1, 0, false}, {{2, 3, 4, 5}, {4, 5}, 2, -2, 7, false},
        {{2, 3, 4, 5}, {}, -1, 0, 0, false}, {{2, 3, 4, 5}, {1}, -1, 3, 0, false}, {{6}, {6}, 0, 0, -1, true},
        {{2, 1, 2, 1, 2, 1, 2, 3}, {2, 3}, 6, 6, -1, true}, {{64, 130}, {130}, 1, 1, 1, true}};
    uint64_t seed = 1;
    for (auto &c : cs)
        for (aclDataType dt : dts)
            for (bool bias : {false, true}) {
                std::string what = "Scale x " + std::to_string(c.x.size()) + "d s " + std::to_string(c.s.size()) + "d axis " + std::to_string(c.axis) + " num " +
                                   std::to_string(c.num) + (c.blob ? " blob " : " ") + DtName(dt) + (bias ? " bias" : "");
                RunCase(what, c.x, c.s, c.first, c.axis, c.num, c.blob, bias, dt, (Layout)(seed % 3), seed);
                seed += 3;
            }
}

static void TestChecks()
{
    DevTensor x, s, b, y, sh, yh, xi, si, s2, yb, s45, s35;
    if (!x.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) || !s.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !b.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) || !sh.Init(ACL_FLOAT16, {4, 5}, {}, CONTIG) || !yh.Init(ACL_FLOAT16, {2, 3, 4, 5}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3, 4, 5}, {}, CONTIG) || !si.Init(ACL_INT32, {4, 5}, {}, CONTIG) || !s2.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !yb.Init(ACL_FLOAT, {2, 3, 4, 6}, {}, CONTIG) || !s45.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !s35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Scale null x", aclnnScaleGetWorkspaceSize(nullptr, s.t, nullptr, 2, 2, true, y.t, &ws, &ex), kNull, "x");
    ExpectError("Scale null scale", aclnnScaleGetWorkspaceSize(x.t, nullptr, nullptr, 2, 2, true, y.t, &ws, &ex), kNull, "scale");
    ExpectError("Scale null y", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 2, 2, true, nullptr, &ws, &ex), kNull, "y");
    ExpectError("Scale int32 x", aclnnScaleGetWorkspaceSize(xi.t, si.t, nullptr, 2, 2, true, y.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("Scale bias dtype", aclnnScaleGetWorkspaceSize(x.t, s.t, sh.t, 2, 2, true, y.t, &ws, &ex), kInvalid, "bias");
    ExpectError("Scale scale dtype", aclnnScaleGetWorkspaceSize(x.t, sh.t, nullptr, 2, 2, true, y.t, &ws, &ex), kInvalid, "scale");
    ExpectError("Scale y dtype", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 2, 2, true, yh.t, &ws, &ex), kInvalid, "y");
    ExpectError("Scale y shape", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 2, 2, true, yb.t, &ws, &ex), kInvalid);
    ExpectError("Scale bias shape", aclnnScaleGetWorkspaceSize(x.t, s.t, s2.t, 2, 2, true, y.t, &ws, &ex), kInvalid);
    ExpectError("Scale axis 4", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 4, 2, true, y.t, &ws, &ex), kInvalid, "axis must be within");
    ExpectError("Scale axis -5", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, -5, 2, true, y.t, &ws, &ex), kInvalid, "[-4, 4)");
    ExpectError("Scale numAxes -2", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 2, -2, true, y.t, &ws, &ex), kInvalid, "numAxes must be >= -1");
    ExpectError("Scale blob numAxes 0", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 2, 0, true, y.t, &ws, &ex), kInvalid, "one num");
    ExpectError("Scale blob too long", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 3, 2, true, y.t, &ws, &ex), kInvalid, "must be <= xRank");
    ExpectError("Scale blob shape", aclnnScaleGetWorkspaceSize(x.t, s45.t, nullptr, 2, 2, true, y.t, &ws, &ex), kInvalid, "the scale must be [4, 5]");
    ExpectError("Scale rank too long", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 3, 0, false, y.t, &ws, &ex), kInvalid, "scale_rank");
    ExpectError("Scale shape from axis", aclnnScaleGetWorkspaceSize(x.t, s35.t, nullptr, 1, 0, false, y.t, &ws, &ex), kInvalid, "from axis dim");
    DevTensor e, ey, es;
    if (!e.Init(ACL_FLOAT, {2, 0, 4}, {}, CONTIG) || !ey.Init(ACL_FLOAT, {2, 0, 4}, {}, CONTIG) || !es.Init(ACL_FLOAT, {4}, {}, CONTIG)) return;
    int rc = Run("Scale empty x", g_stream, [&](uint64_t *w, aclOpExecutor **exr) { return aclnnScaleGetWorkspaceSize(e.t, es.t, nullptr, 2, 1, true, ey.t, w, exr); }, aclnnScale);
    EXPECT(rc == 0, "Scale empty x failed");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        DevTensor x, s, y;
        if (x.Init(ACL_BF16, {2, 3}, {}, CONTIG) && s.Init(ACL_BF16, {3}, {}, CONTIG) && y.Init(ACL_BF16, {2, 3}, {}, CONTIG)) {
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("Scale bf16 on 310P", aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 1, 1, true, y.t, &ws, &ex), kInvalid, "DT_BF16");
        }
        RunCase("Scale 310P f16", {3, 4, 5}, {4, 5}, 1, 1, -1, true, true, ACL_FLOAT16, STRIDED, 3);
    } else {
        TestValues({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
        TestChecks();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
