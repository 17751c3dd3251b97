// aclnnKlDiv (ops-math math/kl_div_v2) against a double-precision reference written here: the
// pointwise loss of the real kernel (t (log t - x) with log(0) taken as 0, so t = 0 adds 0 and
// t < 0 gives NaN; logTarget: exp(t) (t - x)) and the reductions none / mean / sum / batchmean
// (sum / size of dim 0), over dtypes incl. mixed self / target (promoted), broadcasts, 0-d,
// strided views, empty inputs (mean NaN, sum 0, batchmean NaN without a batch) and every
// validation path with code and message. argv[1] `310p`: BF16 refused there.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_kl_div.h"

static aclrtStream g_stream;
static const int kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;

static double Pointwise(double x, double t, bool logt) { return logt ? std::exp(t) * (t - x) : t * (std::log(t != 0 ? t : 1.0) - x); }

static std::vector<int64_t> Broadcast(const std::vector<int64_t> &a, const std::vector<int64_t> &b)
{
    size_t n = std::max(a.size(), b.size());
    std::vector<int64_t> r(n);
    for (size_t k = 0; k < n; k++) {
        int64_t x = k + a.size() >= n ? a[k + a.size() - n] : 1, y = k + b.size() >= n ? b[k + b.size() - n] : 1;
        r[k] = x == 1 ? y : x;
    }
    return r;
}
static int64_t Source(int64_t i, const std::vector<int64_t> &bs, const std::vector<int64_t> &s)
{
    int64_t r = 0, mul = 1;
    for (int64_t k = (int64_t)bs.size() - 1; k >= 0; k--) {
        int64_t c = i % bs[(size_t)k];
        i /= bs[(size_t)k];
        int64_t sk = k - (int64_t)(bs.size() - s.size());
        if (sk < 0) continue;
        if (s[(size_t)sk] != 1) r += c * mul;
        mul *= s[(size_t)sk];
    }
    return r;
}

static void RunCase(const std::string &what, const std::vector<int64_t> &xs, const std::vector<int64_t> &ts, aclDataType xdt,
                    aclDataType tdt, aclDataType odt, int64_t red, bool logt, Layout lay, uint64_t seed)
{
    std::vector<double> x = QuantAll(xdt, RandomValues((size_t)GetShapeSize(xs), seed, 0.3));
    std::vector<double> t = RandomValues((size_t)GetShapeSize(ts), seed + 1, 0.2);
    for (size_t i = 0; i < t.size(); i++) t[i] = Quant(tdt, logt ? t[i] : (i % 7 == 3 ? 0.0 : std::fabs(t[i])));
    std::vector<int64_t> bs = (xs.empty() && ts.empty()) ? std::vector<int64_t>{} : Broadcast(xs, ts);
    int64_t n = GetShapeSize(bs);
    std::vector<double> pw((size_t)n);
    double sum = 0;
    for (int64_t i = 0; i < n; i++) sum += pw[(size_t)i] = Pointwise(x[(size_t)Source(i, bs, xs)], t[(size_t)Source(i, bs, ts)], logt);
    std::vector<double> g;
    std::vector<int64_t> os;
    if (red == 0) { g = pw; os = bs; }
    else {
        int64_t b0 = bs.empty() ? 1 : bs[0];
        g = {red == 1 ? sum / (double)n : red == 2 ? sum : sum / (double)b0};
        os = {};
    }
    DevTensor tx, tt, to;
    if (!tx.Init(xdt, xs, x, lay) || !tt.Init(tdt, ts, t, lay == STRIDED ? TRANSPOSED : CONTIG) || !to.Init(odt, os, {}, lay)) { EXPECT(false, "%s: setup", what.c_str()); return; }
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnKlDivGetWorkspaceSize(tx.t, tt.t, red, logt, to.t, w, ex); }, aclnnKlDiv);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    if (red == 0) {
        CheckDtype(what.c_str(), odt, to.Read(), g);
    } else { // one reduced value: the dtype's relative tolerance of the standard, on its magnitude
        double rtol = odt == ACL_FLOAT16 ? 1.0 / 512 : odt == ACL_BF16 ? 1.0 / 64 : 1.0 / 1024;
        double v = to.Read()[0];
        EXPECT(std::fabs(v - g[0]) <= rtol * (std::fabs(g[0]) + 1.0), "%s: %g vs %g", what.c_str(), v, g[0]);
    }
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
}

static void TestValues()
{
    struct { std::vector<int64_t> x, t; } shapes[] = {{{4, 5}, {4, 5}}, {{3, 1, 4}, {2, 1}}, {{}, {}}, {{6}, {}}, {{}, {2, 3}}, {{2, 33, 17}, {2, 33, 17}}};
    struct { aclDataType x, t, o; } dts[] = {{ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16, ACL_BF16},
                                             {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT16, ACL_FLOAT}};
    uint64_t seed = 1;
    for (auto &s : shapes)
        for (auto &d : dts)
            for (int64_t red = 0; red <= 3; red++)
                for (bool logt : {false, true}) {
                    std::string what = "KlDiv " + std::to_string(s.x.size()) + "d/" + std::to_string(s.t.size()) + "d " + DtName(d.x) + "/" + DtName(d.t) + "->" + DtName(d.o) +
                                       " red " + std::to_string(red) + (logt ? " logTarget" : "");
                    RunCase(what, s.x, s.t, d.x, d.t, d.o, red, logt, (Layout)(seed % 3), seed);
                    seed += 2;
                }
    // the log / exp of the FP32 kernel over a wide range against the standard's relative-error
    // criterion (inputs keep log t - x and t - x away from 0: no cancellation in the reference);
    // an odd count (a vector tail) and a strided self
    for (bool logt : {false, true}) {
        const size_t n = 20001;
        Lcg r(logt ? 77 : 78);
        std::vector<double> xv(n), tv(n), g(n);
        for (size_t i = 0; i < n; i++) {
            tv[i] = Quant(ACL_FLOAT, logt ? 10 * r.uniform() - 5 : 0.1 + 9.9 * r.uniform());
            xv[i] = Quant(ACL_FLOAT, logt ? 6 + 2 * r.uniform() : -5 + 2 * r.uniform());
            g[i] = Pointwise(xv[i], tv[i], logt);
        }
        DevTensor tx, tt, to;
        if (!tx.Init(ACL_FLOAT, {(int64_t)n}, xv, STRIDED) || !tt.Init(ACL_FLOAT, {(int64_t)n}, tv, CONTIG) ||
            !to.Init(ACL_FLOAT, {(int64_t)n}, {}, CONTIG)) return;
        int rc = Run("KlDiv accuracy", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnKlDivGetWorkspaceSize(tx.t, tt.t, 0, logt, to.t, w, ex); }, aclnnKlDiv);
        EXPECT(rc == 0, "KlDiv accuracy run failed");
        if (!rc) CheckRelErr(logt ? "KlDiv fp32 logTarget accuracy" : "KlDiv fp32 accuracy", ACL_FLOAT, to.Read(), g);
    }
    // special values: t = 0 adds 0, t < 0 is NaN, NaN propagates
    DevTensor x, t, o;
    if (!x.Init(ACL_FLOAT, {4}, {1.0, 2.0, 3.0, NAN}, CONTIG) || !t.Init(ACL_FLOAT, {4}, {0.0, -1.0, 0.5, 0.5}, CONTIG) || !o.Init(ACL_FLOAT, {4}, {}, CONTIG)) return;
    int rc = Run("KlDiv specials", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnKlDivGetWorkspaceSize(x.t, t.t, 0, false, o.t, w, ex); }, aclnnKlDiv);
    EXPECT(rc == 0, "KlDiv specials failed");
    if (!rc) {
        std::vector<double> r = o.Read();
        EXPECT(r[0] == 0 && std::isnan(r[1]) && std::fabs(r[2] - 0.5 * (std::log(0.5) - 3.0)) < 1e-6 && std::isnan(r[3]), "KlDiv specials: %g %g %g %g", r[0], r[1], r[2], r[3]);
    }
    // empty inputs: mean NaN, sum 0, batchmean NaN (no batch) or 0 (an empty later dim), none nothing
    struct { std::vector<int64_t> s; int64_t red; double want; } es[] = {{{0, 3}, 1, NAN}, {{0, 3}, 2, 0.0}, {{0, 3}, 3, NAN}, {{2, 0}, 3, 0.0}};
    for (auto &e : es) {
        DevTensor ex_, et, eo;
        if (!ex_.Init(ACL_FLOAT, e.s, {}, CONTIG) || !et.Init(ACL_FLOAT, e.s, {}, CONTIG) || !eo.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
        std::string what = "KlDiv empty red " + std::to_string(e.red) + " dim0 " + std::to_string(e.s[0]);
        rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **exr) { return aclnnKlDivGetWorkspaceSize(ex_.t, et.t, e.red, false, eo.t, w, exr); }, aclnnKlDiv);
        EXPECT(rc == 0, "%s failed", what.c_str());
        if (!rc) {
            double v = eo.Read()[0];
            EXPECT(std::isnan(e.want) ? std::isnan(v) : v == e.want, "%s: got %g", what.c_str(), v);
        }
    }
    DevTensor nx, nt, no;
    if (!nx.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !nt.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !no.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) return;
    rc = Run("KlDiv empty none", g_stream, [&](uint64_t *w, aclOpExecutor **exr) { return aclnnKlDivGetWorkspaceSize(nx.t, nt.t, 0, true, no.t, w, exr); }, aclnnKlDiv);
    EXPECT(rc == 0, "KlDiv empty none failed");
}

static void TestChecks()
{
    DevTensor x, t, o, o1, oh, xi, t4, ob;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !t.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !o1.Init(ACL_FLOAT, {2}, {}, CONTIG) || !oh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !t4.Init(ACL_FLOAT, {4}, {}, CONTIG) || !ob.Init(ACL_FLOAT, {3, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("KlDiv null self", aclnnKlDivGetWorkspaceSize(nullptr, t.t, 0, false, o.t, &ws, &ex), kNull, "self");
    ExpectError("KlDiv null target", aclnnKlDivGetWorkspaceSize(x.t, nullptr, 0, false, o.t, &ws, &ex), kNull, "target");
    ExpectError("KlDiv null out", aclnnKlDivGetWorkspaceSize(x.t, t.t, 0, false, nullptr, &ws, &ex), kNull, "out");
    ExpectError("KlDiv int32 self", aclnnKlDivGetWorkspaceSize(xi.t, t.t, 0, false, o.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("KlDiv int32 out", aclnnKlDivGetWorkspaceSize(x.t, t.t, 0, false, xi.t, &ws, &ex), kInvalid, "DT_INT32");
    int rc = Run("KlDiv float to half out", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnKlDivGetWorkspaceSize(x.t, t.t, 0, false, oh.t, w, e); }, aclnnKlDiv);
    EXPECT(rc == 0, "KlDiv float -> half out should be accepted (castable), got %d", rc);
    ExpectError("KlDiv reduction 4", aclnnKlDivGetWorkspaceSize(x.t, t.t, 4, false, o.t, &ws, &ex), kInvalid, "reduction");
    ExpectError("KlDiv reduction -1", aclnnKlDivGetWorkspaceSize(x.t, t.t, -1, false, o.t, &ws, &ex), kInvalid, "reduction");
    ExpectError("KlDiv broadcast", aclnnKlDivGetWorkspaceSize(x.t, t4.t, 0, false, o.t, &ws, &ex), kInvalid);
    ExpectError("KlDiv none out shape", aclnnKlDivGetWorkspaceSize(x.t, t.t, 0, false, ob.t, &ws, &ex), kInvalid);
    ExpectError("KlDiv sum out shape", aclnnKlDivGetWorkspaceSize(x.t, t.t, 2, false, o1.t, &ws, &ex), kInvalid);
    std::vector<int64_t> s9(9, 1);
    void *dev = nullptr;
    aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *t9 = aclCreateTensor(s9.data(), 9, ACL_FLOAT, s9.data(), 0, ACL_FORMAT_ND, s9.data(), 9, dev);
    ExpectError("KlDiv rank 9", aclnnKlDivGetWorkspaceSize(t9, t.t, 0, false, o.t, &ws, &ex), kInvalid);
    aclDestroyTensor(t9);
    aclrtFree(dev);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        DevTensor b, o;
        if (b.Init(ACL_BF16, {2, 3}, {}, CONTIG) && o.Init(ACL_BF16, {2, 3}, {}, CONTIG)) {
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("KlDiv bf16 on 310P", aclnnKlDivGetWorkspaceSize(b.t, b.t, 0, false, o.t, &ws, &ex), kInvalid, "DT_BF16");
        }
        RunCase("KlDiv 310P f16 batchmean", {3, 4}, {4}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 3, false, STRIDED, 9);
    } else {
        TestValues();
        TestChecks();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
