// AsinhV2 / AsinhWithAgent / AsinWithAgent (the experimental asin / asinh variants: their own
// out-dtype rules) against double references, and aclnnSleep (950 only: the stream waits
// cycles / 1.65 GHz; validation codes 161001 / 561002 / 361001 elsewhere).
#include <chrono>

#include "aclnnop/aclnn_asin_with_agent.h"
#include "aclnnop/aclnn_asinh_v2.h"
#include "aclnnop/aclnn_asinh_with_agent.h"
#include "aclnnop/aclnn_sleep.h"
#include "mr_test.h"

static aclrtStream g_stream;

static void TestAgents()
{
    struct Op { const char *name; int which; }; // 0 AsinhV2, 1 AsinhWithAgent, 2 AsinWithAgent
    uint64_t seed = 9;
    for (Op op : {Op{"AsinhV2", 0}, Op{"AsinhWithAgent", 1}, Op{"AsinWithAgent", 2}})
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT32, ACL_INT8, ACL_BOOL, ACL_UINT8, ACL_INT64})
            for (auto &s : std::vector<std::vector<int64_t>>{{}, {11}, {3, 4}, {0, 2}, {2, 1, 2, 1, 2, 1, 2, 2}, {3000}})
                for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                    bool asin = op.which == 2;
                    aclDataType odt = dt == ACL_FLOAT16 ? ACL_FLOAT16 : (dt == ACL_DOUBLE && asin) ? ACL_DOUBLE : ACL_FLOAT;
                    std::vector<double> x = asin ? Uniform((size_t)GetShapeSize(s), seed++, -1, 1)
                                                 : RandomValues((size_t)GetShapeSize(s), seed++, 6.0);
                    for (double &v : x) {
                        if (dt == ACL_BOOL) v = v > 0;
                        else if (!IsFloatType(dt)) v = asin ? std::round(v) : std::trunc(v * 20);
                        if (dt == ACL_UINT8) v = std::fabs(v);
                        v = Quant(dt, v);
                    }
                    if (IsFloatType(dt) && x.size() > 4) { x[0] = NAN; x[1] = -0.0; x[2] = asin ? 1.5 : INFINITY; x[3] = -INFINITY; }
                    std::vector<double> g(x.size());
                    for (size_t i = 0; i < x.size(); i++) {
                        double v = odt == ACL_DOUBLE ? x[i] : (double)(float)x[i];
                        g[i] = Quant(odt, asin ? std::asin(v) : std::asinh(v));
                    }
                    DevTensor tx, to;
                    if (!tx.Init(dt, s, x, lay) || !to.Init(odt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    std::string what = std::string(op.name) + " " + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                    int rc = op.which == 0 ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAsinhV2GetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnAsinhV2)
                             : op.which == 1 ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAsinhWithAgentGetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnAsinhWithAgent)
                                             : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAsinWithAgentGetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnAsinWithAgent);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        double tol = odt == ACL_FLOAT ? 1e-6 : TolOf(odt);
                        EXPECT(CountBad(what.c_str(), to.Read(), g, tol) == 0, "%s: wrong values", what.c_str());
                        EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                }
    DevTensor f, d, o16, od, c, o35;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !d.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !o16.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !od.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !c.Init(ACL_COMPLEX64, {2, 3}, {}, CONTIG) || !o35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("AsinhV2 null out", aclnnAsinhV2GetWorkspaceSize(f.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("AsinhV2 complex", aclnnAsinhV2GetWorkspaceSize(c.t, f.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_COMPLEX64");
    ExpectError("AsinhV2 double out", aclnnAsinhV2GetWorkspaceSize(d.t, od.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "mismatch");
    ExpectError("AsinhWithAgent fp16 out for fp32", aclnnAsinhWithAgentGetWorkspaceSize(f.t, o16.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "mismatch");
    ExpectError("AsinWithAgent float out for double", aclnnAsinWithAgentGetWorkspaceSize(d.t, f.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "mismatch");
    ExpectError("AsinWithAgent shape", aclnnAsinWithAgentGetWorkspaceSize(f.t, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
}

static void TestSleep(bool on950)
{
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("Sleep null", aclnnSleepGetWorkspaceSize(nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "cycles");
    int64_t c = 165000000; // 0.1 s at 1.65 GHz
    aclIntArray *cyc = aclCreateIntArray(&c, 1);
    if (!on950) {
        int rc = aclnnSleepGetWorkspaceSize(cyc, &ws, &ex);
        EXPECT(rc == 361001, "Sleep off the 950: returned %d, expected 361001", rc);
        aclDestroyIntArray(cyc);
        return;
    }
    int64_t zero = 0;
    aclIntArray *z = aclCreateIntArray(&zero, 1), *e = aclCreateIntArray(nullptr, 0);
    int rz = aclnnSleepGetWorkspaceSize(z, &ws, &ex), re = aclnnSleepGetWorkspaceSize(e, &ws, &ex);
    EXPECT(rz == ACLNN_ERR_INNER_TILING_ERROR, "Sleep 0 cycles: returned %d", rz);
    EXPECT(re == ACLNN_ERR_INNER_TILING_ERROR, "Sleep empty: returned %d", re);
    auto t0 = std::chrono::steady_clock::now();
    int rc = Run("Sleep 0.1 s", g_stream, [&](uint64_t *w, aclOpExecutor **x) { return aclnnSleepGetWorkspaceSize(cyc, w, x); }, aclnnSleep);
    double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT(rc == 0, "Sleep: run failed");
    ws = 1;
    int r1 = aclnnSleepGetWorkspaceSize(cyc, &ws, &ex);
    EXPECT(r1 == 0 && ws == 0, "Sleep: stage 1 returned %d, workspace %llu", r1, (unsigned long long)ws);
    if (r1 == 0) aclDestroyAclOpExecutor(ex);
    EXPECT(dt >= 0.099, "Sleep: the stream waited only %.3f s", dt);
    for (aclIntArray *a : {cyc, z, e}) aclDestroyIntArray(a);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *soc = aclrtGetSocName();
    bool on950 = soc && std::string(soc).find("950") != std::string::npos;
    TestAgents();
    TestSleep(on950);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
