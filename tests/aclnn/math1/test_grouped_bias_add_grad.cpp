// aclnnGroupedBiasAddGrad / aclnnGroupedBiasAddGradV2 against a reference written here (the
// group sums in double): groups given by ends (type 0) and sizes (type 1), INT32 / INT64 index,
// empty groups, ends past the rows and decreasing ends (the documented golden's slicing), the
// 3-D form without groupIdx, FLOAT / FLOAT16 / BF16, strided / transposed views, empty gradY;
// every validation path with its code and message; the chips (A2 / A3 / 950; 310P: 361001).
#include <string>

#include "aclnnop/aclnn_grouped_bias_add_grad.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

static void RunIdx(aclDataType dt, aclDataType idt, int64_t M, int64_t H, const std::vector<int64_t> &idx, int type,
                   bool v1, Layout gl, Layout ol, uint64_t &seed)
{
    std::vector<double> gy = QuantAll(dt, RandomValues((size_t)(M * H), seed++));
    int64_t G = (int64_t)idx.size();
    std::vector<double> want((size_t)(G * H), 0.0);
    int64_t start = 0, end = 0;
    for (int64_t j = 0; j < G; j++) {
        end = type == 1 ? end + idx[(size_t)j] : idx[(size_t)j];
        for (int64_t r = start; r < end && r < M; r++)
            for (int64_t h = 0; h < H; h++) want[(size_t)(j * H + h)] += gy[(size_t)(r * H + h)];
        start = end;
    }
    for (double &w : want) w = Quant(dt, w);
    std::vector<double> iv(idx.begin(), idx.end());
    DevTensor g, ix, o;
    if (!g.Init(dt, {M, H}, gy, gl) || !ix.Init(idt, {G}, iv, ol) || !o.Init(dt, {G, H}, {}, ol)) { EXPECT(false, "init"); return; }
    std::string what = std::string(v1 ? "GroupedBiasAddGrad " : "GroupedBiasAddGradV2 ") + DtName(dt) + "/" + DtName(idt) +
                       " M " + std::to_string(M) + " H " + std::to_string(H) + " G " + std::to_string(G) + " type " +
                       std::to_string(type) + " layouts " + std::to_string(gl) + std::to_string(ol);
    int rc = v1 ? Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
                      return aclnnGroupedBiasAddGradGetWorkspaceSize(g.t, ix.t, o.t, ws, ex); }, aclnnGroupedBiasAddGrad)
                : Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
                      return aclnnGroupedBiasAddGradV2GetWorkspaceSize(g.t, ix.t, type, o.t, ws, ex); }, aclnnGroupedBiasAddGradV2);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        EXPECT(CountBad(what.c_str(), o.Read(), want, tol) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

static void Run3d(aclDataType dt, int64_t G, int64_t C, int64_t H, bool v1, Layout gl, Layout ol, uint64_t &seed)
{
    std::vector<double> gy = QuantAll(dt, RandomValues((size_t)(G * C * H), seed++));
    std::vector<double> want((size_t)(G * H), 0.0);
    for (int64_t g = 0; g < G; g++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t h = 0; h < H; h++) want[(size_t)(g * H + h)] += gy[(size_t)((g * C + c) * H + h)];
    for (double &w : want) w = Quant(dt, w);
    DevTensor g, o;
    if (!g.Init(dt, {G, C, H}, gy, gl) || !o.Init(dt, {G, H}, {}, ol)) { EXPECT(false, "init"); return; }
    std::string what = std::string("GroupedBiasAddGrad 3-D ") + DtName(dt) + " " + std::to_string(G) + "x" + std::to_string(C) +
                       "x" + std::to_string(H) + " layouts " + std::to_string(gl) + std::to_string(ol);
    int rc = v1 ? Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
                      return aclnnGroupedBiasAddGradGetWorkspaceSize(g.t, nullptr, o.t, ws, ex); }, aclnnGroupedBiasAddGrad)
                : Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
                      return aclnnGroupedBiasAddGradV2GetWorkspaceSize(g.t, nullptr, 1, o.t, ws, ex); }, aclnnGroupedBiasAddGradV2);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        EXPECT(CountBad(what.c_str(), o.Read(), want, tol) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

static void TestValues()
{
    uint64_t seed = 31;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        RunIdx(dt, ACL_INT64, 10, 7, {3, 3, 6, 10}, 0, true, CONTIG, CONTIG, seed);   // an empty group
        RunIdx(dt, ACL_INT32, 10, 7, {3, 0, 3, 4}, 1, false, STRIDED, CONTIG, seed);
        RunIdx(dt, ACL_INT64, 37, 1500, {5, 20, 37}, 0, false, TRANSPOSED, STRIDED, seed); // H over a chunk
        Run3d(dt, 3, 5, 9, true, CONTIG, STRIDED, seed);
        Run3d(dt, 2, 1, 1100, false, TRANSPOSED, CONTIG, seed);
    }
    std::vector<int64_t> many(100);
    for (size_t i = 0; i < many.size(); i++) many[i] = (int64_t)(i % 4);
    RunIdx(ACL_FLOAT, ACL_INT32, 150, 3, many, 1, false, CONTIG, CONTIG, seed);       // sum 150
    RunIdx(ACL_FLOAT, ACL_INT64, 8, 4, {5, 2, 12}, 0, true, CONTIG, CONTIG, seed);    // decreasing, past the rows
    RunIdx(ACL_FLOAT, ACL_INT64, 8, 4, {8}, 0, false, STRIDED, TRANSPOSED, seed);
    // empty gradY: nothing to do
    DevTensor g, ix, o;
    g.Init(ACL_FLOAT, {0, 4}, {}, CONTIG);
    ix.Init(ACL_INT64, {2}, {0, 0}, CONTIG);
    o.Init(ACL_FLOAT, {2, 4}, {}, CONTIG);
    EXPECT(Run("empty gradY", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnGroupedBiasAddGradGetWorkspaceSize(g.t, ix.t, o.t, ws, ex); }, aclnnGroupedBiasAddGrad) == 0, "empty");
}

static void TestValidation(bool runs)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor g2, g3, gi, oh, ix, ixf, ix2, ixbig, o, o3, obad, g4, o1;
    g2.Init(ACL_FLOAT, {10, 4}, {}, CONTIG);
    g3.Init(ACL_FLOAT, {3, 5, 4}, {}, CONTIG);
    gi.Init(ACL_INT32, {10, 4}, {}, CONTIG);
    oh.Init(ACL_FLOAT16, {3, 4}, {}, CONTIG);
    ix.Init(ACL_INT64, {3}, {2, 5, 10}, CONTIG);
    ixf.Init(ACL_FLOAT, {3}, {}, CONTIG);
    ix2.Init(ACL_INT64, {3, 1}, {}, CONTIG);
    ixbig.Init(ACL_INT64, {2049}, {}, CONTIG);
    o.Init(ACL_FLOAT, {3, 4}, {}, CONTIG);
    o3.Init(ACL_FLOAT, {3, 4, 1}, {}, CONTIG);
    obad.Init(ACL_FLOAT, {3, 5}, {}, CONTIG);
    o1.Init(ACL_INT8, {3, 4}, {}, CONTIG);
    ExpectError("null gradY", aclnnGroupedBiasAddGradGetWorkspaceSize(nullptr, ix.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "gradY");
    ExpectError("null out", aclnnGroupedBiasAddGradV2GetWorkspaceSize(g2.t, ix.t, 0, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("int32 gradY", aclnnGroupedBiasAddGradGetWorkspaceSize(gi.t, ix.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradY");
    ExpectError("int8 out", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ix.t, o1.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("out dtype", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ix.t, oh.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("float groupIdx", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ixf.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "groupIdx");
    ExpectError("2-D without groupIdx", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, nullptr, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "3D tensor");
    ExpectError("3-D with groupIdx", aclnnGroupedBiasAddGradGetWorkspaceSize(g3.t, ix.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "2D tensor");
    ExpectError("2-D groupIdx", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ix2.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "1D tensor");
    ExpectError("2049 groups", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ixbig.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "more than 2048", "2049");
    ExpectError("3-D out", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ix.t, o3.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "should be two");
    ExpectError("out shape", aclnnGroupedBiasAddGradGetWorkspaceSize(g2.t, ix.t, obad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "[3, 4], but got [3, 5]");
    ExpectError("3-D out shape", aclnnGroupedBiasAddGradGetWorkspaceSize(g3.t, nullptr, obad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "[3, 4]");
    ExpectError("type 2", aclnnGroupedBiasAddGradV2GetWorkspaceSize(g2.t, ix.t, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "0 or 1", "current is 2");
    ExpectError("type -1", aclnnGroupedBiasAddGradV2GetWorkspaceSize(g3.t, nullptr, -1, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "0 or 1");
    int rc = aclnnGroupedBiasAddGradV2GetWorkspaceSize(g2.t, ix.t, 1, o.t, &ws, &ex);
    if (runs) {
        EXPECT(rc == 0, "valid call: %d", rc);
        if (!rc) aclDestroyAclOpExecutor(ex);
    } else {
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "on this chip: %d", rc);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *soc = aclrtGetSocName();
    bool runs = soc && std::string(soc).find("310") == std::string::npos && std::string(soc).find("910A") == std::string::npos;
    if (runs) TestValues();
    TestValidation(runs);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
