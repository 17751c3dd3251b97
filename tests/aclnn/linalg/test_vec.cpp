// aclnnDot, aclnnTrace and aclnnLinalgCross against references computed here (long double for
// floating dtypes, int64 arithmetic wrapped to the dtype's width for integers): strided views,
// empty inputs (0 written), broadcasting and negative dims of Cross, integer overflow, and the
// validation paths with their codes and messages.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_dot.h"
#include "aclnnop/aclnn_linalg_cross.h"
#include "aclnnop/aclnn_trace.h"

typedef std::vector<double> Vec;
static aclrtStream g_stream;
static bool g_bf16;

// v wrapped to an integer dtype's width.
static double Wrap(aclDataType dt, int64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)v;
    case ACL_UINT8: return (uint8_t)v;
    case ACL_INT16: return (int16_t)v;
    case ACL_INT32: return (int32_t)v;
    default: return (double)v;
    }
}

static bool IsInt(aclDataType dt) { return dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_DOUBLE; }

static Vec Values(aclDataType dt, size_t n, uint64_t seed)
{
    Vec v = RandomValues(n, seed, IsInt(dt) ? 20.0 : 1.0);
    for (double &x : v) x = IsInt(dt) ? std::floor(x) : x;
    if (dt == ACL_UINT8) for (double &x : v) x = std::fabs(x);
    return QuantAll(dt, v);
}

static void CheckOut(const std::string &what, aclDataType dt, const Vec &got, const Vec &ref)
{
    if (!IsInt(dt)) { CheckDtype(what.c_str(), dt, got, ref); return; }
    size_t bad = 0;
    for (size_t i = 0; i < ref.size(); i++) bad += got[i] != ref[i];
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, ref.size());
}

static void DotCase(aclDataType dt, int64_t n, Layout lay, uint64_t seed)
{
    Vec x = Values(dt, (size_t)n, seed), y = Values(dt, (size_t)n, seed + 7);
    DevTensor a, b, o;
    if (!a.Init(dt, {n}, x, lay) || !b.Init(dt, {n}, y, CONTIG) || !o.Init(dt, {}, {}, CONTIG, 5)) return;
    std::string what = std::string("Dot ") + DtName(dt) + " n " + std::to_string(n) + (lay ? " strided" : "");
    int rc = Run("Dot", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDotGetWorkspaceSize(a.t, b.t, o.t, w, e); }, aclnnDot);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    long double s = 0;
    int64_t si = 0;
    for (int64_t i = 0; i < n; i++) { s += (long double)x[(size_t)i] * y[(size_t)i]; si += (int64_t)x[(size_t)i] * (int64_t)y[(size_t)i]; }
    CheckOut(what, dt, o.Read(), {IsInt(dt) ? Wrap(dt, si) : (double)s});
}

static void TraceCase(aclDataType dt, int64_t m, int64_t n, Layout lay, uint64_t seed)
{
    aclDataType odt = IsInt(dt) || dt == ACL_BOOL ? ACL_INT64 : dt;
    Vec x = dt == ACL_BOOL ? QuantAll(dt, RandomValues((size_t)(m * n), seed)) : Values(dt, (size_t)(m * n), seed);
    DevTensor a, o;
    if (!a.Init(dt, {m, n}, x, lay) || !o.Init(odt, {}, {}, CONTIG, 5)) return;
    std::string what = std::string("Trace ") + DtName(dt) + " " + std::to_string(m) + "x" + std::to_string(n) + (lay == TRANSPOSED ? " transposed" : lay ? " strided" : "");
    int rc = Run("Trace", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTraceGetWorkspaceSize(a.t, o.t, w, e); }, aclnnTrace);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    long double s = 0;
    for (int64_t i = 0; i < std::min(m, n); i++) s += x[(size_t)(i * n + i)];
    CheckOut(what, odt, o.Read(), {(double)s});
}

static void CrossCase(aclDataType dt, std::vector<int64_t> sa, std::vector<int64_t> sb, std::vector<int64_t> so, int64_t dim,
                      int64_t rdim, Layout lay, uint64_t seed)
{
    Vec x = Values(dt, (size_t)GetShapeSize(sa), seed), y = Values(dt, (size_t)GetShapeSize(sb), seed + 3);
    DevTensor a, b, o;
    if (!a.Init(dt, sa, x, lay) || !b.Init(dt, sb, y, CONTIG) || !o.Init(dt, so, {}, lay == CONTIG ? CONTIG : STRIDED)) return;
    std::string what = std::string("LinalgCross ") + DtName(dt) + " dim " + std::to_string(dim) + " rank " + std::to_string(so.size()) + (lay ? " view" : "");
    int rc = Run("LinalgCross", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgCrossGetWorkspaceSize(a.t, b.t, dim, o.t, w, e); }, aclnnLinalgCross);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    // reference: out index -> broadcast operand indices; rdim is the cross dim in out's rank
    int64_t n = GetShapeSize(so), nd = (int64_t)so.size();
    Vec ref((size_t)n);
    auto flat = [&](const std::vector<int64_t> &s, const std::vector<int64_t> &idx) {
        int64_t f = 0;
        for (size_t i = 0; i < s.size(); i++) { size_t o2 = (size_t)nd - s.size() + i; f = f * s[i] + (s[i] == 1 ? 0 : idx[o2]); }
        return f;
    };
    for (int64_t e = 0; e < n; e++) {
        std::vector<int64_t> idx((size_t)nd);
        for (int64_t d = nd - 1, r = e; d >= 0; d--) { idx[(size_t)d] = r % so[(size_t)d]; r /= so[(size_t)d]; }
        int64_t c = idx[(size_t)rdim];
        auto comp = [&](const Vec &v, const std::vector<int64_t> &s, int64_t k) { auto j = idx; j[(size_t)rdim] = k; return v[(size_t)flat(s, j)]; };
        int64_t c1 = (c + 1) % 3, c2 = (c + 2) % 3;
        if (IsInt(dt))
            ref[(size_t)e] = Wrap(dt, (int64_t)((uint64_t)(int64_t)comp(x, sa, c1) * (uint64_t)(int64_t)comp(y, sb, c2) - (uint64_t)(int64_t)comp(x, sa, c2) * (uint64_t)(int64_t)comp(y, sb, c1)));
        else
            ref[(size_t)e] = (double)((long double)comp(x, sa, c1) * comp(y, sb, c2) - (long double)comp(x, sa, c2) * comp(y, sb, c1));
    }
    CheckOut(what, dt, o.Read(), ref);
}

static void TestValidation()
{
    DevTensor f3, f4, i3, h3, f33, f23, s0, i0, f2, f34, f43;
    if (!f3.Init(ACL_FLOAT, {3}, {}, CONTIG) || !f4.Init(ACL_FLOAT, {4}, {}, CONTIG) || !i3.Init(ACL_INT16, {3}, {}, CONTIG) ||
        !h3.Init(ACL_FLOAT16, {3}, {}, CONTIG) || !f33.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !f23.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !s0.Init(ACL_FLOAT, {}, {}, CONTIG) || !i0.Init(ACL_INT32, {}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !f34.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !f43.Init(ACL_FLOAT, {4, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int P = ACLNN_ERR_PARAM_INVALID, N = ACLNN_ERR_PARAM_NULLPTR;
    ExpectError("Dot null tensor", aclnnDotGetWorkspaceSize(f3.t, nullptr, s0.t, &ws, &ex), N, "tensor");
    ExpectError("Dot dtype mismatch", aclnnDotGetWorkspaceSize(f3.t, h3.t, s0.t, &ws, &ex), P, "DT_FLOAT16");
    ExpectError("Dot INT16", aclnnDotGetWorkspaceSize(i3.t, i3.t, s0.t, &ws, &ex), P, "out", "DT_INT16");
    ExpectError("Dot 2-D", aclnnDotGetWorkspaceSize(f33.t, f3.t, s0.t, &ws, &ex), P, "1D");
    ExpectError("Dot sizes", aclnnDotGetWorkspaceSize(f3.t, f4.t, s0.t, &ws, &ex), P, "consistent");
    ExpectError("Dot 1-D out", aclnnDotGetWorkspaceSize(f3.t, f3.t, f3.t, &ws, &ex), P, "0D output");
    ExpectError("Trace null", aclnnTraceGetWorkspaceSize(nullptr, s0.t, &ws, &ex), N, "self");
    ExpectError("Trace 1-D", aclnnTraceGetWorkspaceSize(f3.t, s0.t, &ws, &ex), P, "expected a matrix");
    ExpectError("Trace 1-D out", aclnnTraceGetWorkspaceSize(f33.t, f3.t, &ws, &ex), P, "0D output");
    ExpectError("Trace out dtype", aclnnTraceGetWorkspaceSize(f33.t, i0.t, &ws, &ex), P, "DT_INT32", "DT_FLOAT");
    ExpectError("Cross null out", aclnnLinalgCrossGetWorkspaceSize(f3.t, f3.t, 0, nullptr, &ws, &ex), N, "out");
    ExpectError("Cross other dtype", aclnnLinalgCrossGetWorkspaceSize(f3.t, h3.t, 0, f3.t, &ws, &ex), P, "other");
    ExpectError("Cross broadcast", aclnnLinalgCrossGetWorkspaceSize(f23.t, f43.t, 1, f43.t, &ws, &ex), P, "broadcast");
    ExpectError("Cross out shape", aclnnLinalgCrossGetWorkspaceSize(f23.t, f3.t, 1, f33.t, &ws, &ex), P, "[2, 3]", "[3, 3]");
    ExpectError("Cross dim range", aclnnLinalgCrossGetWorkspaceSize(f23.t, f23.t, 2, f23.t, &ws, &ex), P, "[-2, 1]");
    ExpectError("Cross dim size", aclnnLinalgCrossGetWorkspaceSize(f34.t, f34.t, 1, f34.t, &ws, &ex), P, "dimension 1 does not have size 3");
    ExpectError("Cross negative dim size", aclnnLinalgCrossGetWorkspaceSize(f43.t, f43.t, -2, f43.t, &ws, &ex), P, "dimension -2 does not have size 3");
    if (!g_bf16) {
        DevTensor b3, bo;
        if (b3.Init(ACL_BF16, {3}, {}, CONTIG) && bo.Init(ACL_BF16, {}, {}, CONTIG)) {
            ExpectError("310P Dot BF16", aclnnDotGetWorkspaceSize(b3.t, b3.t, bo.t, &ws, &ex), P, "DT_BF16");
            ExpectError("310P Cross BF16", aclnnLinalgCrossGetWorkspaceSize(b3.t, b3.t, 0, b3.t, &ws, &ex), P, "DT_BF16");
        }
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_bf16 = std::string(aclrtGetSocName()).find("Ascend310P") != 0;
    uint64_t seed = 3;
    std::vector<aclDataType> dots = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT32, ACL_UINT8};
    if (g_bf16) dots.push_back(ACL_BF16);
    for (aclDataType dt : dots) {
        DotCase(dt, 1, CONTIG, seed++);
        DotCase(dt, 1000, STRIDED, seed++);
        DotCase(dt, 0, CONTIG, seed++); // empty: 0
    }
    std::vector<aclDataType> traces = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT32, ACL_INT64, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_BOOL};
    if (g_bf16) traces.push_back(ACL_BF16);
    for (aclDataType dt : traces) {
        TraceCase(dt, 5, 5, CONTIG, seed++);
        TraceCase(dt, 7, 3, TRANSPOSED, seed++);
        TraceCase(dt, 2, 9, STRIDED, seed++);
    }
    TraceCase(ACL_FLOAT, 0, 4, CONTIG, seed++);
    std::vector<aclDataType> crosses = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8};
    if (g_bf16) crosses.push_back(ACL_BF16);
    for (aclDataType dt : crosses) {
        CrossCase(dt, {4, 3}, {4, 3}, {4, 3}, 1, 1, CONTIG, seed++);
        CrossCase(dt, {3, 5}, {3, 5}, {3, 5}, -2, 0, TRANSPOSED, seed++);
        CrossCase(dt, {2, 1, 3, 2}, {4, 3, 1}, {2, 4, 3, 2}, 2, 2, STRIDED, seed++);   // broadcast both ways
        CrossCase(dt, {3, 1}, {2, 5, 3, 4}, {2, 5, 3, 4}, 0, 2, CONTIG, seed++);       // lower-rank self: dim shifted
    }
    DevTensor e1, e2, eo; // empty out: nothing runs
    if (e1.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) && e2.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) && eo.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) {
        uint64_t ws = 1;
        aclOpExecutor *ex = nullptr;
        EXPECT(aclnnLinalgCrossGetWorkspaceSize(e1.t, e2.t, 1, eo.t, &ws, &ex) == 0 && ws == 0, "LinalgCross empty: stage 1");
        EXPECT(aclnnLinalgCross(nullptr, 0, ex, g_stream) == 0 && aclrtSynchronizeStream(g_stream) == 0, "LinalgCross empty: stage 2");
    }
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
