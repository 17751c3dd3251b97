// Ndtri, FresnelCos, FresnelSin against references computed here by other means: the inverse
// normal CDF by bisection on erfc, the Fresnel integrals by composite Simpson quadrature in long
// double (their limits +-1/2 at +-inf); views, 0-d, empty, rank 8; validation paths.
#include "aclnnop/aclnn_fresnel_cos.h"
#include "aclnnop/aclnn_fresnel_sin.h"
#include "aclnnop/aclnn_ndtri.h"
#include "mr_test.h"

#include <map>

static aclrtStream g_stream;

static double RefNdtri(double p)
{
    if (std::isnan(p) || p < 0 || p > 1) return NAN;
    if (p == 0) return -INFINITY;
    if (p == 1) return INFINITY;
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p) lo = mid; else hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double RefFresnel(double x, bool sine)
{
    if (std::isnan(x)) return NAN;
    if (std::isinf(x)) return x > 0 ? 0.5 : -0.5;
    static std::map<std::pair<double, bool>, double> memo; // values repeat over dtypes / layouts
    auto it = memo.find({x, sine});
    if (it != memo.end()) return it->second;
    const int n = 12000; // even; Simpson's error ~1e-9 on |x| <= 6
    long double h = (long double)x / n, s = 0;
    for (int i = 0; i <= n; i++) {
        long double t = h * i, ph = 3.14159265358979323846264L * t * t / 2;
        long double f = sine ? sinl(ph) : cosl(ph);
        s += f * (i == 0 || i == n ? 1 : (i % 2 ? 4 : 2));
    }
    return memo[{x, sine}] = (double)(s * h / 3);
}

static void TestValues(bool is310p)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (!is310p) dts.push_back(ACL_BF16);
    const uint64_t seed = 3;
    for (int fn = 0; fn < 3; fn++)
        for (aclDataType dt : dts)
            for (auto &s : std::vector<std::vector<int64_t>>{{}, {13}, {4, 5}, {0, 3}, {2, 1, 2, 1, 2, 1, 1, 3}, {257}})
                for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                    size_t n = (size_t)GetShapeSize(s);
                    // the same values per layout; Ndtri over (0, 1), Fresnel over [-6, 6]
                    std::vector<double> x = fn == 0 ? Uniform(n, seed + n, 1e-4, 1 - 1e-4) : Uniform(n, seed + n, -6, 6);
                    for (double &v : x) v = Quant(dt, v);
                    if (n > 6) {
                        x[0] = NAN;
                        if (fn == 0) { x[1] = 0; x[2] = 1; x[3] = 1.5; x[4] = Quant(dt, 1e-3); x[5] = Quant(dt, 0.999); }
                        else { x[1] = INFINITY; x[2] = -INFINITY; x[3] = -0.0; x[4] = Quant(dt, 3.5); x[5] = Quant(dt, -3.49); }
                    }
                    std::vector<double> g(n);
                    for (size_t i = 0; i < n; i++) g[i] = Quant(dt, fn == 0 ? RefNdtri(x[i]) : RefFresnel(x[i], fn == 2));
                    DevTensor tx, to;
                    if (!tx.Init(dt, s, x, lay) || !to.Init(dt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    const char *name = fn == 0 ? "Ndtri" : fn == 1 ? "FresnelCos" : "FresnelSin";
                    std::string what = std::string(name) + " " + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                    int rc = fn == 0 ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnNdtriGetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnNdtri)
                             : fn == 1 ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnFresnelCosGetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnFresnelCos)
                                       : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnFresnelSinGetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnFresnelSin);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        // one rounding of an (almost) exact value: within the dtype's half ulp (+ slack)
                        EXPECT(CountBad(what.c_str(), to.Read(), g, dt == ACL_FLOAT ? 3e-7 : TolOf(dt)) == 0, "%s: wrong values", what.c_str());
                        EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                }
}

static void TestValidation()
{
    DevTensor f, h, i32, o35;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !o35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("Ndtri null self", aclnnNdtriGetWorkspaceSize(nullptr, f.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("Ndtri int32", aclnnNdtriGetWorkspaceSize(i32.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("Ndtri out dtype", aclnnNdtriGetWorkspaceSize(f.t, h.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("FresnelCos null out", aclnnFresnelCosGetWorkspaceSize(f.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("FresnelCos shape", aclnnFresnelCosGetWorkspaceSize(f.t, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("FresnelSin int32", aclnnFresnelSinGetWorkspaceSize(i32.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    TestValues(Is310P());
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
