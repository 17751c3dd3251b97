// aclnnLogSpace (ops-math math/logspace) against a double reference written here: base ^ v_k
// with v the torch.linspace points (the second half counted back from end), in FLOAT / FLOAT16 /
// BF16, strided results, float and integer scalars, steps 0 / 1; the validation paths (a null
// argument is ACLNN_ERR_INNER_NULLPTR in the real op) with codes and messages.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_logspace.h"

static aclrtStream g_stream;

static std::vector<double> Reference(double s, double e, int64_t n, double base)
{
    std::vector<double> r((size_t)n);
    double step = n > 1 ? (e - s) / (double)(n - 1) : 0.0;
    for (int64_t i = 0; i < n; i++) {
        double v = n == 1 ? s : i < n / 2 ? s + step * (double)i : e - step * (double)(n - 1 - i);
        r[(size_t)i] = std::pow(base, v);
    }
    return r;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    struct { double s, e; int64_t n; double base; bool ints; } cs[] = {
        {0, 3, 4, 10, false}, {-2, 2, 9, 2, false}, {1, 1, 1, 10, false}, {2.5, -1.5, 5, 0.5, false}, {0, 1, 1000, 3, false},
        {-3, 3, 7, 10, true}, {0, 4, 17, 2.718281828459045, false}, {3, 5, 2, -2, true}};
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (Layout lay : {CONTIG, STRIDED}) {
                int64_t si = (int64_t)c.s, ei = (int64_t)c.e;
                float sf = (float)c.s, ef = (float)c.e;
                aclScalar *s = c.ints ? aclCreateScalar(&si, ACL_INT64) : aclCreateScalar(&sf, ACL_FLOAT);
                aclScalar *e = c.ints ? aclCreateScalar(&ei, ACL_INT64) : aclCreateScalar(&ef, ACL_FLOAT);
                DevTensor to;
                if (!to.Init(dt, {c.n}, {}, lay)) return 1;
                std::string what = "LogSpace " + std::to_string(c.s) + ".." + std::to_string(c.e) + " n " + std::to_string(c.n) + " base " +
                                   std::to_string(c.base) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnLogSpaceGetWorkspaceSize(s, e, c.n, c.base, to.t, w, ex); }, aclnnLogSpace);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    CheckDtype(what.c_str(), dt, to.Read(), Reference(sf, ef, c.n, c.base));
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the result view", what.c_str());
                }
                aclDestroyScalar(s);
                aclDestroyScalar(e);
            }
    // FP32 over the whole float range, many blocks: within 8 ulp of pow rounded to float, the
    // denormal tail within 8 of the smallest step, overflow exactly Inf; then bases on pow's
    // slow path (0, 1) and a NaN start.
    struct { float s, e; int64_t n; double base; } wide[] = {
        {-46.f, 38.6f, 200001, 10.0}, {130.f, -150.f, 65537, 2.0}, {-3.f, 2.f, 4099, 1e-3}, {-1.f, 1.f, 3, 0.0},
        {-2.f, 5.f, 8, 1.0}, {NAN, 1.f, 5, 10.0}};
    for (auto &c : wide) {
        aclScalar *s = aclCreateScalar(&c.s, ACL_FLOAT), *e = aclCreateScalar(&c.e, ACL_FLOAT);
        DevTensor to;
        if (!to.Init(ACL_FLOAT, {c.n}, {}, CONTIG)) return 1;
        std::string what = "LogSpace FP32 " + std::to_string(c.s) + ".." + std::to_string(c.e) + " n " +
                           std::to_string(c.n) + " base " + std::to_string(c.base);
        int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnLogSpaceGetWorkspaceSize(s, e, c.n, c.base, to.t, w, ex); }, aclnnLogSpace);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (!rc) {
            std::vector<double> got = to.Read(), ref = Reference(c.s, c.e, c.n, c.base);
            int64_t bad = 0, first = -1;
            for (int64_t i = 0; i < c.n; i++) {
                float g = (float)ref[(size_t)i], a = (float)got[(size_t)i];
                bool ok;
                if (std::isnan(g) || std::isinf(g)) ok = std::isnan(g) ? std::isnan(a) : a == g;
                else {
                    int ex2 = 0;
                    std::frexp(g, &ex2);
                    double ulp = std::ldexp(1.0, std::max(ex2 - 24, -149));
                    ok = std::fabs((double)a - (double)g) <= 8 * ulp;
                }
                if (!ok && first < 0) first = i;
                bad += !ok;
            }
            EXPECT(bad == 0, "%s: %lld elements beyond 8 ulp, first at %lld: %.9g, pow gives %.9g", what.c_str(),
                   (long long)bad, (long long)first, first < 0 ? 0.0 : got[(size_t)first], first < 0 ? 0.0 : ref[(size_t)first]);
        }
        aclDestroyScalar(s);
        aclDestroyScalar(e);
    }

    float zero = 0, one = 1;
    aclScalar *s = aclCreateScalar(&zero, ACL_FLOAT), *e = aclCreateScalar(&one, ACL_FLOAT);
    DevTensor o, oi, o2, o0;
    if (!o.Init(ACL_FLOAT, {4}, {}, CONTIG) || !oi.Init(ACL_INT32, {4}, {}, CONTIG) || !o2.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) ||
        !o0.Init(ACL_FLOAT, {0}, {}, CONTIG)) return 1;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("LogSpace null start", aclnnLogSpaceGetWorkspaceSize(nullptr, e, 4, 10, o.t, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "start");
    ExpectError("LogSpace null end", aclnnLogSpaceGetWorkspaceSize(s, nullptr, 4, 10, o.t, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "end");
    ExpectError("LogSpace null result", aclnnLogSpaceGetWorkspaceSize(s, e, 4, 10, nullptr, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "result");
    ExpectError("LogSpace int32 result", aclnnLogSpaceGetWorkspaceSize(s, e, 4, 10, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("LogSpace steps -1", aclnnLogSpaceGetWorkspaceSize(s, e, -1, 10, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "non-negative steps");
    ExpectError("LogSpace 2-D result", aclnnLogSpaceGetWorkspaceSize(s, e, 4, 10, o2.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "[4]");
    ExpectError("LogSpace steps vs result", aclnnLogSpaceGetWorkspaceSize(s, e, 3, 10, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "[3]");
    int rc = Run("LogSpace steps 0", g_stream, [&](uint64_t *w, aclOpExecutor **exr) { return aclnnLogSpaceGetWorkspaceSize(s, e, 0, 10, o0.t, w, exr); }, aclnnLogSpace);
    EXPECT(rc == 0, "LogSpace steps 0 failed");
    aclDestroyScalar(s);
    aclDestroyScalar(e);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
