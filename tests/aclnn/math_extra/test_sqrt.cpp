// aclnnop/aclnn_sqrt.h run the ops-nn example way: aclnnSqrt over FLOAT, FLOAT16, BF16 and DOUBLE
// (same-dtype out, and a wider / narrower float out), the integer dtypes and BOOL (FLOAT result),
// contiguous / strided / transposed views, rank 0, an empty and a large tensor; aclnnInplaceSqrt
// over the float dtypes. Special values: negative -> NaN, -0 -> -0, +inf -> +inf, -inf -> NaN,
// NaN -> NaN, denormals. Goldens are double-precision sqrt of the values the device holds.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_sqrt.h"

static std::vector<double> SqrtAll(const std::vector<double> &x)
{
    std::vector<double> g(x.size());
    for (size_t i = 0; i < x.size(); i++) g[i] = std::sqrt(x[i]);
    return g;
}

static int RunSqrt(aclrtStream stream, const aclTensor *x, aclTensor *out)
{
    return Run("aclnnSqrt", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnSqrtGetWorkspaceSize(x, out, w, ex); }, aclnnSqrt);
}

static int RunInplaceSqrt(aclrtStream stream, aclTensor *x)
{
    return Run("aclnnInplaceSqrt", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnInplaceSqrtGetWorkspaceSize(x, w, ex); }, aclnnInplaceSqrt);
}

struct SqrtCase {
    aclDataType in, out;
};

static void TestDtypesAndViews(aclrtStream stream)
{
    const SqrtCase cases[] = {
        {ACL_FLOAT, ACL_FLOAT},   {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16},    {ACL_DOUBLE, ACL_DOUBLE},
        {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT16},   {ACL_INT32, ACL_FLOAT},  {ACL_INT8, ACL_FLOAT},
        {ACL_UINT8, ACL_FLOAT16}, {ACL_INT16, ACL_FLOAT},     {ACL_INT64, ACL_DOUBLE}, {ACL_BOOL, ACL_FLOAT},
    };
    const std::vector<int64_t> shape = {5, 9, 13};
    int round = 0;
    for (const SqrtCase &c : cases) {
        bool is_int = !(c.in == ACL_FLOAT || c.in == ACL_FLOAT16 || c.in == ACL_BF16 || c.in == ACL_DOUBLE);
        std::vector<double> x = RandomValues(585, 200 + round, is_int ? 30 : 3);
        for (double &v : x) v = c.in == ACL_BOOL ? (double)(v > 0) : Quant(c.in, std::fabs(v));
        // the result is computed in the float dtype of self (FLOAT for integers) and cast to out
        aclDataType compute = is_int ? ACL_FLOAT : c.in;
        std::vector<double> golden = SqrtAll(x);
        for (double &g : golden) g = Quant(compute, g);
        DevTensor tx, to;
        if (!tx.Init(c.in, shape, x, (Layout)(round % 3)) || !to.Init(c.out, shape, {}, (Layout)((round + 1) % 3))) return;
        round++;
        std::string what = std::string("Sqrt ") + DtName(c.in) + "->" + DtName(c.out);
        int rc = RunSqrt(stream, tx.t, to.t);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        aclDataType tol = (compute == ACL_FLOAT16 || c.out == ACL_FLOAT16) ? ACL_FLOAT16 : c.out;
        if (compute == ACL_BF16) tol = ACL_BF16;
        if (rc == 0) CheckDtype(what.c_str(), tol, to.Read(), golden);
        EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
    // inplace over the float dtypes, strided and transposed views
    const aclDataType fdts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (aclDataType dt : fdts)
        for (int lay = 1; lay <= 2; lay++) {
            std::vector<double> x = QuantAll(dt, RandomValues(8 * 17, 300 + lay, 4));
            for (double &v : x) v = Quant(dt, std::fabs(v));
            std::vector<double> golden = SqrtAll(x);
            DevTensor tx;
            if (!tx.Init(dt, {8, 17}, x, (Layout)lay)) return;
            std::string what = std::string("InplaceSqrt ") + DtName(dt) + (lay == 1 ? " strided" : " transposed");
            int rc = RunInplaceSqrt(stream, tx.t);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, tx.Read(), golden);
            EXPECT(tx.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
        }
}

static void TestSpecialValues(aclrtStream stream)
{
    const double inf = INFINITY, nan = NAN;
    const std::vector<double> x = {-1.0, -0.0, 0.0, inf, -inf, nan, 4.0, -1e-30, 1e-40, 2.0};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (aclDataType dt : dts) {
        std::vector<double> xq = QuantAll(dt, x);
        DevTensor tx, to;
        if (!tx.Init(dt, {(int64_t)x.size()}, xq, STRIDED) || !to.Init(dt, {(int64_t)x.size()}, {}, CONTIG)) return;
        std::string what = std::string("Sqrt special ") + DtName(dt);
        int rc = RunSqrt(stream, tx.t, to.t);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc != 0) continue;
        std::vector<double> got = to.Read();
        for (size_t i = 0; i < x.size(); i++) {
            double want = Quant(dt, std::sqrt(xq[i]));
            bool ok = std::isnan(want)   ? std::isnan(got[i])
                      : std::isinf(want) ? got[i] == want
                                         : (std::fabs(got[i] - want) <= 1e-3 * std::fabs(want) &&
                                            std::signbit(got[i]) == std::signbit(want));
            EXPECT(ok, "%s: sqrt(%g) = %g, expected %g", what.c_str(), xq[i], got[i], want);
        }
    }
}

static void TestShapes(aclrtStream stream)
{
    // rank 0
    DevTensor s, so;
    if (!s.Init(ACL_FLOAT, {}, {6.25}, CONTIG) || !so.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    int rc = RunSqrt(stream, s.t, so.t);
    EXPECT(rc == 0 && so.Read()[0] == 2.5, "rank-0 sqrt");
    // empty: workspace 0, nothing runs
    DevTensor e, eo;
    if (!e.Init(ACL_FLOAT, {0, 7}, {}, CONTIG) || !eo.Init(ACL_FLOAT, {0, 7}, {}, CONTIG)) return;
    uint64_t ws = 99;
    aclOpExecutor *ex = nullptr;
    rc = aclnnSqrtGetWorkspaceSize(e.t, eo.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty Sqrt: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnSqrt(nullptr, 0, ex, stream) == 0, "empty Sqrt stage 2");
    rc = aclnnInplaceSqrtGetWorkspaceSize(e.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty InplaceSqrt: rc %d", rc);
    if (rc == 0) EXPECT(aclnnInplaceSqrt(nullptr, 0, ex, stream) == 0, "empty InplaceSqrt stage 2");
    // rank 8, odd sizes
    std::vector<int64_t> r8 = {2, 3, 1, 2, 3, 1, 2, 5};
    std::vector<double> x = RandomValues((size_t)GetShapeSize(r8), 400, 5);
    for (double &v : x) v = Quant(ACL_FLOAT16, std::fabs(v));
    DevTensor t8, o8;
    if (!t8.Init(ACL_FLOAT16, r8, x, TRANSPOSED) || !o8.Init(ACL_FLOAT16, r8, {}, STRIDED)) return;
    rc = RunSqrt(stream, t8.t, o8.t);
    EXPECT(rc == 0, "rank 8: run failed");
    if (rc == 0) CheckDtype("Sqrt rank 8 fp16", ACL_FLOAT16, o8.Read(), SqrtAll(x));
    // one large tensor over every vector core
    const int64_t n = (1 << 21) + 5;
    std::vector<double> big((size_t)n);
    for (int64_t i = 0; i < n; i++) big[(size_t)i] = Quant(ACL_FLOAT, (double)(i % 100003) * 0.37);
    DevTensor tb, ob;
    if (!tb.Init(ACL_FLOAT, {n}, big, CONTIG) || !ob.Init(ACL_FLOAT, {n}, {}, CONTIG)) return;
    rc = RunSqrt(stream, tb.t, ob.t);
    EXPECT(rc == 0, "large: run failed");
    if (rc == 0) CheckDtype("Sqrt large fp32", ACL_FLOAT, ob.Read(), SqrtAll(big));
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestDtypesAndViews(rt.stream);
    TestSpecialValues(rt.stream);
    TestShapes(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
