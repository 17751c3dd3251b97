// The quant driver's INT8 row runs against an independent reference of the documented rounding
// (docs: AscendQuantV3 roundMode round = half to even, floor, ceil, trunc; results saturate to
// [-128, 127]; NaN -> 0): rows wide enough for the vector body and its tail, every tie k + 0.5
// from -130.5 to 130.5, the neighbours of 0.5, +-Inf, NaN, -0; scale / offset per column, per
// row and per tensor, with and without sqrtMode. Then DynamicQuant per token on rows holding a
// NaN, an Inf or only zeros: scale = amax / 127 with amax = max |x| over the row's non-NaN
// elements (the rule aclemu implements; the public docs do not state one), a NaN element coding
// to 0. And RmsNormDynamicQuant (A2), whose amax is NaN for a row holding a NaN (its scale NaN,
// every code 0), a rule of aclemu's fused kernels the docs do not state either.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_ascend_quant_v3.h"
#include "aclnnop/aclnn_dynamic_quant.h"
#include "aclnnop/aclnn_rms_norm_dynamic_quant.h"

static aclrtStream g_stream;
static bool g_950;

// x rounded to an integer by `mode` on the exact value, then saturated; NaN -> 0
static int RefInt8(double x, const char *mode)
{
    if (std::isnan(x)) return 0;
    if (std::isinf(x)) return x > 0 ? 127 : -128;
    double fl = std::floor(x), frac = x - fl, r;
    if (!std::strcmp(mode, "floor")) r = fl;
    else if (!std::strcmp(mode, "ceil")) r = frac > 0 ? fl + 1 : fl;
    else if (!std::strcmp(mode, "trunc")) r = x < 0 ? (frac > 0 ? fl + 1 : fl) : fl;
    else { // "round": half to even
        long long f = (long long)fl;
        r = frac < 0.5 ? fl : frac > 0.5 ? fl + 1 : (f % 2 == 0 ? fl : fl + 1);
    }
    return r < -128 ? -128 : r > 127 ? 127 : (int)r;
}

static std::vector<double> EdgeRow(int64_t K, int seed)
{
    std::vector<double> v;
    for (int k = -131; k <= 130; k++) v.push_back(k + 0.5); // every tie, past both ends
    const double more[] = {0.49999997, -0.49999997, 0.50000006, -0.50000006, 1.4999999, -2.5000002, 1e10, -1e10,
                           INFINITY, -INFINITY, NAN, -0.0, 0.0, 127.49999, -128.49998, 3e38};
    for (double d : more) v.push_back(d);
    std::vector<double> row((size_t)K);
    for (int64_t i = 0; i < K; i++) row[(size_t)i] = v[(size_t)((i * 7 + seed * 13) % (int64_t)v.size())];
    return row;
}

// y = round(x * s [* s] + o) per column (axis -1, scale [K]), per row (axis -2, [M, 1]) or one
// scale ([1]); the FP32 steps as documented, the rounding by RefInt8
static void TestAscend()
{
    const char *modes[] = {"round", "floor", "ceil", "trunc"};
    const int64_t M = 5, K = 301; // vector bodies of 32 plus a tail
    const double svals[] = {1.0, 0.5, 2.0, 0.25}, ovals[] = {0.0, 1.0, -1.0, 0.5};
    for (const char *mode : modes)
        for (int kind = 0; kind < 3; kind++)
            for (bool sq : {false, true})
                for (bool off : {false, true}) {
                    std::vector<double> xv;
                    for (int64_t m = 0; m < M; m++) {
                        std::vector<double> r = EdgeRow(K, (int)m);
                        xv.insert(xv.end(), r.begin(), r.end());
                    }
                    int64_t C = kind == 0 ? K : kind == 1 ? M : 1;
                    std::vector<int64_t> sshape = kind == 0 ? std::vector<int64_t>{K}
                                                  : kind == 1 ? std::vector<int64_t>{M, 1} : std::vector<int64_t>{1};
                    std::vector<double> sv((size_t)C), ov((size_t)C);
                    for (int64_t c = 0; c < C; c++) { sv[(size_t)c] = svals[c % 4]; ov[(size_t)c] = ovals[(c / 4) % 4]; }
                    DevTensor x, s, o, y;
                    bool ok = x.Init(ACL_FLOAT, {M, K}, xv, CONTIG) && s.Init(ACL_FLOAT, sshape, sv, CONTIG) &&
                              o.Init(ACL_FLOAT, sshape, ov, CONTIG) && y.Init(ACL_INT8, {M, K}, {}, CONTIG, 0);
                    EXPECT(ok, "tensors");
                    if (!ok) return;
                    int axis = kind == 1 ? -2 : -1;
                    int rc = Run("AscendQuantV3", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                        return aclnnAscendQuantV3GetWorkspaceSize(x.t, s.t, off ? o.t : nullptr, sq, mode, ACL_INT8, axis,
                                                                  y.t, w, e);
                    }, aclnnAscendQuantV3);
                    EXPECT(rc == 0, "AscendQuantV3 %s kind %d: %d", mode, kind, rc);
                    if (rc) continue;
                    std::vector<double> got = y.Read();
                    int bad = 0;
                    for (int64_t m = 0; m < M; m++)
                        for (int64_t k = 0; k < K; k++) {
                            int64_t c = kind == 0 ? k : kind == 1 ? m : 0;
                            float sc = (float)sv[(size_t)c], t = (float)xv[(size_t)(m * K + k)] * sc;
                            if (sq) t = t * sc;
                            if (off) t = t + (float)ov[(size_t)c];
                            int want = RefInt8((double)t, mode);
                            if (got[(size_t)(m * K + k)] != want) {
                                if (bad < 5)
                                    LOG_PRINT("  %s kind %d sq %d off %d [%lld, %lld]: x %.9g t %.9g got %g want %d\n", mode,
                                              kind, sq, off, (long long)m, (long long)k, xv[(size_t)(m * K + k)], t,
                                              got[(size_t)(m * K + k)], want);
                                bad++;
                            }
                        }
                    EXPECT(bad == 0, "AscendQuantV3 %s kind %d sq %d off %d: %d codes differ", mode, kind, sq, off, bad);
                }
}

// per-token rows: ordinary, one NaN, one +Inf, all zeros; FP16 x (values exact in FP16)
static void TestDynamicNanRows()
{
    const int64_t R = 4, K = 77;
    std::vector<double> xv((size_t)(R * K));
    for (int64_t r = 0; r < R; r++)
        for (int64_t k = 0; k < K; k++)
            xv[(size_t)(r * K + k)] = r == 3 ? 0.0 : (double)((k * 37 + r * 11) % 97 - 48) * 0.125;
    xv[(size_t)(1 * K + 40)] = NAN;
    xv[(size_t)(1 * K + 3)] = -20.0; // the row's amax, its sign negative
    xv[(size_t)(2 * K + 70)] = INFINITY;
    DevTensor x, y, sc;
    bool ok = x.Init(ACL_FLOAT16, {R, K}, xv, CONTIG) && y.Init(ACL_INT8, {R, K}, {}, CONTIG, 0) &&
              sc.Init(ACL_FLOAT, {R}, {}, CONTIG, 0);
    EXPECT(ok, "tensors");
    if (!ok) return;
    int rc = Run("DynamicQuant", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnDynamicQuantGetWorkspaceSize(x.t, nullptr, y.t, sc.t, w, e);
    }, aclnnDynamicQuant);
    EXPECT(rc == 0, "DynamicQuant: %d", rc);
    if (rc) return;
    std::vector<double> got = y.Read(), gs = sc.Read();
    for (int64_t r = 0; r < R; r++) {
        float amax = 0.0f;
        for (int64_t k = 0; k < K; k++) {
            double v = xv[(size_t)(r * K + k)];
            if (!std::isnan(v) && std::fabs(v) > amax) amax = (float)std::fabs(v);
        }
        float scale = amax * (1.0f / 127.0f), inv = 127.0f / amax;
        EXPECT(gs[(size_t)r] == (double)scale || (std::isnan(gs[(size_t)r]) && std::isnan(scale)),
               "DynamicQuant row %lld scale: got %.9g want %.9g", (long long)r, gs[(size_t)r], scale);
        int bad = 0;
        for (int64_t k = 0; k < K; k++) {
            float v = (float)xv[(size_t)(r * K + k)], t = g_950 ? v / scale : v * inv;
            int want = RefInt8((double)t, "round");
            if (got[(size_t)(r * K + k)] != want) {
                if (bad < 5)
                    LOG_PRINT("  row %lld [%lld]: x %g got %g want %d\n", (long long)r, (long long)k, v,
                              got[(size_t)(r * K + k)], want);
                bad++;
            }
        }
        EXPECT(bad == 0, "DynamicQuant row %lld: %d codes differ", (long long)r, bad);
    }
    // the pinned facts, spelled out: the NaN row keeps a finite scale (20 / 127) and codes its NaN
    // to 0 and its -20 to -127; the Inf row's scale is Inf and every code 0; the zero row's scale 0
    EXPECT(gs[1] == (double)(20.0f * (1.0f / 127.0f)) && got[(size_t)(1 * K + 40)] == 0 && got[(size_t)(1 * K + 3)] == -127,
           "NaN row: scale %g, NaN code %g, amax code %g", gs[1], got[(size_t)(1 * K + 40)], got[(size_t)(1 * K + 3)]);
    EXPECT(std::isinf(gs[2]) && got[(size_t)(2 * K + 70)] == 0, "Inf row: scale %g, Inf code %g", gs[2],
           got[(size_t)(2 * K + 70)]);
    EXPECT(gs[3] == 0.0, "zero row: scale %g", gs[3]);
}

// rows of 2.0 (y = 2 * rstd * 1 ~ 1: every code 127, scale ~ 1 / 127), with a NaN in the vector
// body, with a NaN last, and zeros (scale 0, codes 0)
static void TestNormNanRows()
{
    const int64_t R = 4, K = 64; // no scalar tail: the NaN must be seen by the vector body
    std::vector<double> xv((size_t)(R * K), 2.0), gv((size_t)K, 1.0);
    xv[(size_t)(1 * K + 37)] = NAN;
    xv[(size_t)(2 * K + 63)] = NAN;
    for (int64_t k = 0; k < K; k++) xv[(size_t)(3 * K + k)] = 0.0;
    DevTensor x, g, y, sc;
    bool ok = x.Init(ACL_FLOAT16, {R, K}, xv, CONTIG) && g.Init(ACL_FLOAT16, {K}, gv, CONTIG) &&
              y.Init(ACL_INT8, {R, K}, {}, CONTIG, 5) && sc.Init(ACL_FLOAT, {R}, {}, CONTIG, 5);
    EXPECT(ok, "tensors");
    if (!ok) return;
    int rc = Run("RmsNormDynamicQuant", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnRmsNormDynamicQuantGetWorkspaceSize(x.t, g.t, nullptr, nullptr, 1e-6, 2, y.t, sc.t, w, e);
    }, aclnnRmsNormDynamicQuant);
    EXPECT(rc == 0, "RmsNormDynamicQuant: %d", rc);
    if (rc) return;
    std::vector<double> got = y.Read(), gs = sc.Read();
    EXPECT(std::fabs(gs[0] * 127.0 - 1.0) < 1e-5, "row 0 scale %.9g", gs[0]);
    EXPECT(std::isnan(gs[1]) && std::isnan(gs[2]), "NaN rows' scales: %g %g (want NaN)", gs[1], gs[2]);
    EXPECT(gs[3] == 0.0, "zero row scale %g", gs[3]);
    int bad = 0;
    for (int64_t r = 0; r < R; r++)
        for (int64_t k = 0; k < K; k++)
            bad += got[(size_t)(r * K + k)] != (r == 0 ? 127.0 : 0.0);
    EXPECT(bad == 0, "RmsNormDynamicQuant codes: %d differ", bad);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    g_950 = soc.find("950") != std::string::npos;
    LOG_PRINT("quant_runs on %s\n", soc.c_str());
    TestAscend();
    TestDynamicNanRows();
    if (soc.find("910B") != std::string::npos) TestNormNanRows();
    if (g_failures) { LOG_PRINT("test_quant_runs: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_quant_runs: ok\n");
    return 0;
}
