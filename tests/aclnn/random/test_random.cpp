// The ops-math random family run the ops-nn example way. Statistical checks that can fail
// (mean / variance within 6 sigma of the sample size, Kolmogorov-Smirnov against the CDF,
// chi-square over bins, Bernoulli frequencies per prob element, multinomial frequencies), the
// stream itself against an independent Philox4x32-10 written here (checked on the Random123
// known answers): bit-exact for uniform, so an element's value depends only on (seed, offset,
// index) and not on the tiling or the worker threads; prefixes of different-size tensors (other
// block splits) bit-identical for every distribution; same seed + offset reproduces, another
// offset differs; dropout gen-mask + do-mask against a reference applying the produced mask;
// p = 0 / 1 edges; every validation path with its code and message. argv[1] names the topology
// the program runs under (910b, 310p, 950): chip lists and dtype lists differ.
#include <algorithm>
#include <map>
#include <set>

#include "../activation/act_test_util.h"
#include "../philox_ref.h"
#include "aclnnop/aclnn_bernoulli.h"
#include "aclnnop/aclnn_dropout.h"
#include "aclnnop/aclnn_dropout_backward.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "aclnnop/aclnn_dropout_v3.h"
#include "aclnnop/aclnn_dropout_v3_grad.h"
#include "aclnnop/aclnn_multinomial.h"
#include "aclnnop/aclnn_normal.h"
#include "aclnnop/aclnn_normal_out.h"
#include "aclnnop/aclnn_random.h"
#include "aclnnop/aclnn_randperm.h"
#include "aclnnop/aclnn_sim_thread_exponential.h"
#include "aclnnop/aclnn_uniform.h"

static const int kNull = 161001, kInvalid = 161002, kChip = 361001;
static std::string g_chip = "910b";
static bool is950() { return g_chip == "950"; }
static bool is310p() { return g_chip == "310p"; }
static aclrtStream g_stream;

static void TestPhiloxKat()
{
    struct { uint32_t c[4], k[2], want[4]; } kat[] = {
        {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
        {{~0u, ~0u, ~0u, ~0u}, {~0u, ~0u}, {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
        {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0},
         {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
    };
    for (auto &t : kat) {
        RefPhilox(t.c, t.k);
        for (int q = 0; q < 4; q++) EXPECT(t.c[q] == t.want[q], "philox KAT word %d: %08x != %08x", q, t.c[q], t.want[q]);
    }
}

// ---- statistics ------------------------------------------------------------------------------
static void Moments(const std::vector<double> &v, double *mean, double *var)
{
    double s = 0, s2 = 0;
    for (double x : v) s += x;
    *mean = s / v.size();
    for (double x : v) s2 += (x - *mean) * (x - *mean);
    *var = s2 / (v.size() - 1);
}
// mean within 6 sigma / sqrt(n); variance within 6 of its standard error (kurtosis k4 given).
static void ExpectMoments(const char *what, const std::vector<double> &v, double mu, double sigma2, double kurt)
{
    double m, s2, n = (double)v.size();
    Moments(v, &m, &s2);
    EXPECT(std::fabs(m - mu) <= 6 * std::sqrt(sigma2 / n), "%s: mean %g, expected %g", what, m, mu);
    double se = sigma2 * std::sqrt((kurt - 1) / n);
    EXPECT(std::fabs(s2 - sigma2) <= 6 * se, "%s: variance %g, expected %g", what, s2, sigma2);
}
// Kolmogorov-Smirnov: sup |F_n - F| below the 0.1% critical value 1.95 / sqrt(n).
template <typename Cdf>
static void ExpectKs(const char *what, std::vector<double> v, Cdf cdf)
{
    std::sort(v.begin(), v.end());
    double n = (double)v.size(), d = 0;
    for (size_t i = 0; i < v.size(); i++) {
        double f = cdf(v[i]);
        d = std::max(d, std::max(std::fabs((i + 1) / n - f), std::fabs(f - i / n)));
    }
    EXPECT(d < 1.95 / std::sqrt(n), "%s: KS distance %g >= %g", what, d, 1.95 / std::sqrt(n));
}
// chi-square of counts against expected probabilities, below a loose 0.1% bound.
static void ExpectChi2(const char *what, const std::vector<double> &count, const std::vector<double> &prob, double n)
{
    double chi = 0;
    int df = -1;
    for (size_t j = 0; j < count.size(); j++) {
        if (prob[j] <= 0) { EXPECT(count[j] == 0, "%s: category %zu has probability 0 but %g draws", what, j, count[j]); continue; }
        double e = prob[j] * n;
        chi += (count[j] - e) * (count[j] - e) / e;
        df++;
    }
    double bound = df + 6 * std::sqrt(2.0 * df) + 10; // well past the 0.1% point for these df
    EXPECT(chi < bound, "%s: chi-square %g over %d df (bound %g)", what, chi, df, bound);
}
static double NormCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

static std::vector<double> Fill(const std::function<int(aclTensor *, uint64_t *, aclOpExecutor **)> &s1, Stage2Fn s2,
                                aclDataType dt, std::vector<int64_t> shape, Layout lay = CONTIG)
{
    DevTensor t;
    if (!t.Init(dt, shape, {}, lay)) { EXPECT(false, "tensor init"); return {}; }
    int rc = Run("fill", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return s1(t.t, w, e); }, s2);
    EXPECT(rc == 0, "fill returned %d", rc);
    EXPECT(t.CountClobbered() == 0, "elements outside the view were written");
    return t.Read();
}

// ---- uniform ---------------------------------------------------------------------------------
static void TestUniform()
{
    const uint64_t seed = 0x123456789abcdefull, off = 7;
    auto s1 = [&](uint64_t sd, uint64_t of, double lo, double hi) {
        return [=](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceUniformGetWorkspaceSize(t, lo, hi, sd, of, w, e); };
    };
    // bit-exact against the reference stream, over a strided view
    std::vector<int64_t> shape = {257, 129};
    auto v = Fill(s1(seed, off, -2.0, 3.0), aclnnInplaceUniform, ACL_FLOAT, shape, STRIDED);
    size_t bad = 0;
    for (size_t i = 0; i < v.size(); i++) {
        float u = (float)(RefWord(seed, off, i) >> 8) * (1.0f / 16777216.0f);
        float want = -2.0f + 5.0f * u;
        bad += v[i] != (double)want;
    }
    EXPECT(bad == 0, "uniform: %zu of %zu elements differ from the reference Philox stream", bad, v.size());
    ExpectMoments("uniform moments", v, 0.5, 25.0 / 12, 1.8);
    ExpectKs("uniform KS", v, [](double x) { return std::min(1.0, std::max(0.0, (x + 2) / 5)); });
    for (double x : v) { if (!(x >= -2 && x < 3)) { EXPECT(false, "uniform value %g outside [-2, 3)", x); break; } }
    // reproducible; another offset / seed differs; transposed view same logical values
    auto v2 = Fill(s1(seed, off, -2.0, 3.0), aclnnInplaceUniform, ACL_FLOAT, shape, TRANSPOSED);
    EXPECT(v2 == v, "uniform: same seed and offset on a transposed view gave other values");
    auto v3 = Fill(s1(seed, off + 1, -2.0, 3.0), aclnnInplaceUniform, ACL_FLOAT, shape);
    size_t same = 0;
    for (size_t i = 0; i < v.size(); i++) same += v3[i] == v[i];
    EXPECT(same < v.size() / 100, "uniform: offset + 1 repeats %zu of %zu values", same, v.size());
    // the Tensor form: seed from the tensor, offset = offsetTensor[0] + offset
    DevTensor sd, of;
    sd.Init(ACL_INT64, {1}, {(double)(seed & 0xffffffffffull)}, CONTIG);
    of.Init(ACL_INT64, {1}, {3}, CONTIG);
    if (is310p()) { // not on the Atlas inference products
        uint64_t ws;
        aclOpExecutor *ex;
        int rc = aclnnInplaceUniformTensorGetWorkspaceSize(sd.t, -2.0, 3.0, sd.t, of.t, 4, &ws, &ex);
        EXPECT(rc == kChip, "InplaceUniformTensor on 310P: %d", rc);
    } else {
        auto vt = Fill([&](aclTensor *t, uint64_t *w, aclOpExecutor **e) {
            return aclnnInplaceUniformTensorGetWorkspaceSize(t, -2.0, 3.0, sd.t, of.t, 4, w, e); }, aclnnInplaceUniformTensor, ACL_FLOAT, shape);
        auto vs = Fill(s1(seed & 0xffffffffffull, 7, -2.0, 3.0), aclnnInplaceUniform, ACL_FLOAT, shape);
        EXPECT(vt == vs, "uniform Tensor form: seedTensor / offsetTensor + offset differ from the scalar form");
        EXPECT(sd.Read()[0] == (double)(seed & 0xffffffffffull) && of.Read()[0] == 3, "seed / offset tensors were modified");
    }
    // other dtypes: range and moments
    aclDataType dts[] = {ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT32};
    for (aclDataType dt : dts) {
        if (dt == ACL_BF16 && is310p()) continue;
        auto w = Fill(s1(99, 0, 1.0, 9.0), aclnnInplaceUniform, dt, {40000});
        std::string n = std::string("uniform ") + DtName(dt);
        if (dt == ACL_INT32) {
            std::vector<double> cnt(10, 0), pr(10, 0);
            for (double x : w) if (x >= 0 && x < 10) cnt[(int)x]++;
            for (int j = 1; j < 9; j++) pr[j] = 1.0 / 8;
            ExpectChi2(n.c_str(), cnt, pr, (double)w.size()); // truncation of U[1, 9)
        } else {
            ExpectMoments(n.c_str(), w, 5.0, 64.0 / 12, 1.8);
            for (double x : w) { if (!(x >= 1 && x <= 9)) { EXPECT(false, "%s value %g outside", n.c_str(), x); break; } }
        }
    }
}

// Prefix property: element i depends only on i, whatever the tensor size (block split).
static void TestSplitIndependence()
{
    struct Case { const char *name; std::function<int(aclTensor *, uint64_t *, aclOpExecutor **)> s1; Stage2Fn s2; };
    std::vector<Case> cases = {
        {"uniform", [](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceUniformGetWorkspaceSize(t, 0, 1, 5, 6, w, e); }, aclnnInplaceUniform},
        {"normal", [](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceNormalGetWorkspaceSize(t, 1.f, 2.f, 5, 6, w, e); }, aclnnInplaceNormal},
        {"random", [](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomGetWorkspaceSize(t, -50, 50, 5, 6, w, e); }, aclnnInplaceRandom},
    };
    for (auto &c : cases) {
        if (is310p() && std::string(c.name) != "uniform") continue; // Normal / Random are not on 310P
        auto small = Fill(c.s1, c.s2, ACL_FLOAT, {1000});
        auto big = Fill(c.s1, c.s2, ACL_FLOAT, {3, 333333});
        size_t bad = 0;
        for (size_t i = 0; i < small.size(); i++) bad += small[i] != big[i];
        EXPECT(bad == 0, "%s: %zu of the first 1000 elements differ between a 1000- and a 999999-element fill", c.name, bad);
        auto again = Fill(c.s1, c.s2, ACL_FLOAT, {3, 333333}, STRIDED);
        EXPECT(again == big, "%s: not reproducible (same seed / offset, strided view)", c.name);
    }
}

// ---- normal / exponential / random / bernoulli ---------------------------------------------
static void TestNormal()
{
    if (is310p()) return; // not on the Atlas inference products (ExpectChipRefusals covers it)
    auto s1 = [](float mean, float sd, int64_t off) {
        return [=](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceNormalGetWorkspaceSize(t, mean, sd, 11, off, w, e); };
    };
    auto v = Fill(s1(1.5f, 2.0f, 0), aclnnInplaceNormal, ACL_FLOAT, {300000}, STRIDED);
    ExpectMoments("normal moments", v, 1.5, 4.0, 3.0);
    ExpectKs("normal KS", v, [](double x) { return NormCdf((x - 1.5) / 2.0); });
    // Box-Muller on the reference words: element 2j / 2j+1 = r cos t / r sin t of pair j,
    // r = sqrt(-2 ln u1), t = 2 pi (u2 - 1/2)
    size_t bad = 0;
    for (size_t i = 0; i < 4096; i++) {
        size_t e0 = i & ~(size_t)1;
        double u1 = ((RefWord(11, 0, e0) >> 8) + 1.0) / 16777216.0, u2 = (RefWord(11, 0, e0 + 1) >> 8) / 16777216.0;
        double r = std::sqrt(-2 * std::log(u1)), t = 2 * M_PI * (u2 - 0.5);
        double z = (i & 1) ? r * std::sin(t) : r * std::cos(t);
        bad += std::fabs(v[i] - (1.5 + 2.0 * z)) > 1e-4 * (1 + std::fabs(z));
    }
    EXPECT(bad == 0, "normal: %zu of 4096 elements differ from Box-Muller on the reference stream", bad);
    aclDataType dts[] = {ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (aclDataType dt : dts) {
        auto w = Fill(s1(-1.0f, 0.5f, 3), aclnnInplaceNormal, dt, {100000});
        ExpectMoments((std::string("normal ") + DtName(dt)).c_str(), w, -1.0, 0.25, 3.0);
    }
    auto z = Fill(s1(3.0f, 0.0f, 0), aclnnInplaceNormal, ACL_FLOAT, {1000});
    EXPECT(std::all_of(z.begin(), z.end(), [](double x) { return x == 3.0; }), "normal with std 0 is not the mean");
    // Tensor form
    DevTensor sd, of;
    sd.Init(ACL_INT64, {1}, {11}, CONTIG);
    of.Init(ACL_INT64, {1}, {1}, CONTIG);
    auto vt = Fill([&](aclTensor *t, uint64_t *w, aclOpExecutor **e) {
        return aclnnInplaceNormalTensorGetWorkspaceSize(t, -1.f, 0.5f, sd.t, of.t, 2, w, e); }, aclnnInplaceNormalTensor, ACL_FLOAT, {5000});
    auto vs = Fill(s1(-1.0f, 0.5f, 3), aclnnInplaceNormal, ACL_FLOAT, {5000});
    EXPECT(vt == vs, "normal Tensor form differs from the scalar form with the summed offset");
}

static void TestNormalOut()
{
    if (!is950()) return;
    // TensorTensor: mean [R, 1] and std [1, K] broadcast to out [R, K]: per-column / row moments
    const int R = 4, K = 3, N = 40000;
    std::vector<double> mean = {-3, 0, 2, 10}, stdv = {0.5, 1, 2};
    DevTensor m, s, o;
    m.Init(ACL_FLOAT, {R, 1}, mean, CONTIG);
    s.Init(ACL_FLOAT, {1, K}, stdv, CONTIG);
    std::vector<std::vector<double>> cols(R * K);
    for (int rep = 0; rep < N / 1000; rep++) {
        DevTensor out;
        out.Init(ACL_FLOAT, {R, K}, {}, CONTIG);
        int rc = Run("NormalTensorTensor", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnNormalTensorTensorGetWorkspaceSize(m.t, s.t, 1, rep, out.t, w, e); }, aclnnNormalTensorTensor);
        EXPECT(rc == 0, "NormalTensorTensor %d", rc);
        auto v = out.Read();
        for (int i = 0; i < R * K; i++) cols[i].push_back(v[i]);
    }
    for (int i = 0; i < R * K; i++) {
        double mu = mean[i / K], sg = stdv[i % K];
        double mm, vv;
        Moments(cols[i], &mm, &vv);
        EXPECT(std::fabs(mm - mu) <= 6 * sg / std::sqrt((double)cols[i].size()), "TensorTensor [%d]: mean %g vs %g", i, mm, mu);
    }
    DevTensor big;
    big.Init(ACL_FLOAT, {100000}, {}, CONTIG);
    DevTensor mt, st2;
    mt.Init(ACL_FLOAT, {1}, {4.0}, CONTIG);
    st2.Init(ACL_BF16, {100000}, std::vector<double>(100000, 3.0), CONTIG);
    ACL_OK(Run("NormalTensorFloat", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnNormalTensorFloatGetWorkspaceSize(mt.t, 3.0f, 8, 0, big.t, w, e); }, aclnnNormalTensorFloat));
    ExpectMoments("NormalTensorFloat", big.Read(), 4.0, 9.0, 3.0);
    ACL_OK(Run("NormalFloatTensor", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnNormalFloatTensorGetWorkspaceSize(-2.0f, st2.t, 8, 0, big.t, w, e); }, aclnnNormalFloatTensor));
    ExpectMoments("NormalFloatTensor", big.Read(), -2.0, 9.0, 3.0);
    ACL_OK(Run("NormalFloatFloat", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnNormalFloatFloatGetWorkspaceSize(0.5f, 0.25f, 8, 0, big.t, w, e); }, aclnnNormalFloatFloat));
    auto ff = big.Read();
    ExpectMoments("NormalFloatFloat", ff, 0.5, 0.0625, 3.0);
    ExpectKs("NormalFloatFloat KS", ff, [](double x) { return NormCdf((x - 0.5) / 0.25); });
}

static void TestExponential()
{
    if (is310p()) return;
    const int64_t n = 200000;
    auto v = Fill([&](aclTensor *t, uint64_t *w, aclOpExecutor **e) {
        return aclnnSimThreadExponentialGetWorkspaceSize(t, n, 2.0, 3, 4, w, e); }, aclnnSimThreadExponential, ACL_FLOAT, {n});
    ExpectMoments("exponential moments", v, 0.5, 0.25, 9.0);
    ExpectKs("exponential KS", v, [](double x) { return x <= 0 ? 0.0 : 1 - std::exp(-2 * x); });
    EXPECT(std::all_of(v.begin(), v.end(), [](double x) { return x >= 0 && std::isfinite(x); }), "exponential value < 0 or not finite");
}

static void TestRandomInts()
{
    if (is310p()) return;
    auto v = Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomGetWorkspaceSize(t, -3, 7, 1, 2, w, e); },
                  aclnnInplaceRandom, ACL_INT32, {100000}, STRIDED);
    std::vector<double> cnt(10, 0), pr(10, 0.1);
    bool inrange = true;
    for (double x : v) { if (x < -3 || x >= 7 || x != std::floor(x)) inrange = false; else cnt[(int)x + 3]++; }
    EXPECT(inrange, "InplaceRandom INT32 value outside [-3, 7)");
    ExpectChi2("InplaceRandom [-3, 7)", cnt, pr, (double)v.size());
    auto b = Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomGetWorkspaceSize(t, 0, 2, 1, 2, w, e); },
                  aclnnInplaceRandom, ACL_BOOL, {10000});
    double ones = 0;
    for (double x : b) ones += x;
    EXPECT(std::fabs(ones - 5000) < 6 * 50, "InplaceRandom BOOL: %g ones of 10000", ones);
    auto big = Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) {
        return aclnnInplaceRandomGetWorkspaceSize(t, -(1LL << 62), 1LL << 62, 1, 2, w, e); }, aclnnInplaceRandom, ACL_INT64, {20000});
    std::set<double> distinct(big.begin(), big.end());
    EXPECT(distinct.size() > 19990, "InplaceRandom INT64 wide range: only %zu distinct values", distinct.size());
    ExpectMoments("InplaceRandom INT64 wide", big, 0.0, std::ldexp(1.0, 124) / 3, 1.8);
    // FLOAT16 holds multiples of 4 around 5000: to - 1 = 4999 rounds to 5000, so the real op
    // moves to down (updateTo) and no value reaches 5000
    auto h = Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomGetWorkspaceSize(t, 0, 5000, 1, 2, w, e); },
                  aclnnInplaceRandom, ACL_FLOAT16, {20000});
    double hmax = *std::max_element(h.begin(), h.end()), hmin = *std::min_element(h.begin(), h.end());
    EXPECT(hmin >= 0 && hmax < 5000 && hmax >= 4900, "InplaceRandom FLOAT16 [0, 5000): values in [%g, %g]", hmin, hmax);
    if (is950()) {
        auto f = Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomWithoutFromToGetWorkspaceSize(t, 3, 0, w, e); },
                      aclnnInplaceRandomWithoutFromTo, ACL_FLOAT16, {50000});
        double mx = 0;
        for (double x : f) { EXPECT(x >= 0 && x <= 2048 && x == std::floor(x), "WithoutFromTo FLOAT16 value %g", x); mx = std::max(mx, x); if (!(x >= 0 && x <= 2048)) break; }
        ExpectMoments("WithoutFromTo FLOAT16", f, 1024.0, (2049.0 * 2049.0 - 1) / 12, 1.8);
        auto i8 = Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomWithoutFromToGetWorkspaceSize(t, 3, 0, w, e); },
                       aclnnInplaceRandomWithoutFromTo, ACL_INT8, {50000});
        std::vector<double> c8(128, 0), p8(128, 1.0 / 128);
        for (double x : i8) { if (x >= 0 && x < 128) c8[(int)x]++; else { EXPECT(false, "INT8 value %g", x); break; } }
        ExpectChi2("WithoutFromTo INT8", c8, p8, (double)i8.size());
    }
}

static void TestBernoulli()
{
    if (is310p()) return;
    double ps[] = {0.0, 0.3, 1.0};
    for (double p : ps) {
        aclScalar *sp = aclCreateScalar(&p, ACL_DOUBLE);
        DevTensor self, out;
        self.Init(ACL_FLOAT, {200, 100}, {}, CONTIG);
        out.Init(ACL_FLOAT16, {200, 100}, {}, STRIDED);
        // out dtype must equal self's: FLOAT16 both
        DevTensor s16;
        s16.Init(ACL_FLOAT16, {200, 100}, {}, CONTIG);
        ACL_OK(Run("Bernoulli", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnBernoulliGetWorkspaceSize(s16.t, sp, 4, 5, out.t, w, e); }, aclnnBernoulli));
        auto v = out.Read();
        double ones = 0;
        bool binary = true;
        for (double x : v) { ones += x; binary &= x == 0 || x == 1; }
        EXPECT(binary, "Bernoulli p=%g: non 0/1 value", p);
        double n = (double)v.size();
        EXPECT(std::fabs(ones - p * n) <= 6 * std::sqrt(n * p * (1 - p)) + 1e-9, "Bernoulli p=%g: %g ones of %g", p, ones, n);
        aclDestroyScalar(sp);
    }
    // per-element probabilities, prob [K] broadcast over [R, K]
    const int R = 4000, K = 5;
    std::vector<double> pk = {0.0, 0.1, 0.5, 0.9, 1.0};
    DevTensor prob, self, out;
    prob.Init(ACL_FLOAT, {K}, pk, CONTIG);
    self.Init(ACL_INT32, {R, K}, {}, CONTIG);
    out.Init(ACL_INT32, {R, K}, {}, TRANSPOSED);
    ACL_OK(Run("BernoulliTensor", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnBernoulliTensorGetWorkspaceSize(self.t, prob.t, 9, 0, out.t, w, e); }, aclnnBernoulliTensor));
    auto v = out.Read();
    for (int k = 0; k < K; k++) {
        double ones = 0;
        for (int r = 0; r < R; r++) ones += v[r * K + k];
        EXPECT(std::fabs(ones - pk[k] * R) <= 6 * std::sqrt(R * pk[k] * (1 - pk[k])) + 1e-9, "BernoulliTensor p[%d]=%g: %g of %d", k, pk[k], ones, R);
    }
    // in-place twin writes its selfRef
    double half = 0.5;
    aclScalar *sp = aclCreateScalar(&half, ACL_DOUBLE);
    auto ip = Fill([&](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBernoulliGetWorkspaceSize(t, sp, 1, 1, w, e); },
                   aclnnInplaceBernoulli, ACL_FLOAT, {10000}, STRIDED);
    double ones = 0;
    for (double x : ip) ones += x;
    EXPECT(std::fabs(ones - 5000) <= 300, "InplaceBernoulli: %g ones", ones);
    aclDestroyScalar(sp);
}

// ---- dropout -------------------------------------------------------------------------------
static int64_t MaskBytes(int64_t n) { return (n + 127) / 128 * 16; }
static bool Bit(const std::vector<double> &mask, int64_t i) { return ((int)mask[(size_t)(i / 8)] >> (i % 8)) & 1; }

static void TestDropout()
{
    const int64_t n = 100000 + 37;
    const double p = 0.3;
    std::vector<int64_t> shp = {n};
    aclIntArray *shape = aclCreateIntArray(shp.data(), 1);
    DevTensor mask;
    mask.Init(ACL_UINT8, {MaskBytes(n)}, {}, CONTIG);
    ACL_OK(Run("DropoutGenMask", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnDropoutGenMaskGetWorkspaceSize(shape, p, 21, 22, mask.t, w, e); }, aclnnDropoutGenMask));
    auto mb = mask.Read();
    double kept = 0;
    for (int64_t i = 0; i < n; i++) kept += Bit(mb, i);
    EXPECT(std::fabs(kept - (1 - p) * n) <= 6 * std::sqrt(n * p * (1 - p)), "GenMask: %g kept of %lld", kept, (long long)n);
    // bit i = keep element i when its 24-bit uniform is below 1 - p, from the reference stream
    uint32_t thr = (uint32_t)std::ceil((1 - p) * 16777216.0);
    size_t badbits = 0;
    for (int64_t i = 0; i < n; i++) badbits += Bit(mb, i) != ((RefWord(21, 22, (uint64_t)i) >> 8) < thr);
    EXPECT(badbits == 0, "GenMask: %zu of %lld bits differ from the reference stream", badbits, (long long)n);
    // DoMask against a reference applying that mask, FLOAT and FLOAT16
    aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (aclDataType dt : dts) {
        if (dt == ACL_BF16 && is310p()) continue;
        auto xv = RandomValues((size_t)n, 5);
        DevTensor x, out;
        x.Init(dt, {n}, xv, STRIDED);
        out.Init(dt, {n}, {}, CONTIG);
        ACL_OK(Run("DropoutDoMask", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutDoMaskGetWorkspaceSize(x.t, mask.t, p, out.t, w, e); }, aclnnDropoutDoMask));
        auto ov = out.Read();
        std::vector<double> golden(n);
        for (int64_t i = 0; i < n; i++) golden[i] = Bit(mb, i) ? Quant(dt, xv[i]) / (1 - p) : 0.0;
        CheckDtype((std::string("DoMask ") + DtName(dt)).c_str(), dt, ov, golden);
        if (is310p()) continue;
        // DropoutBackward with scale 1 / (1 - p) is the same map
        DevTensor gb;
        gb.Init(dt, {n}, {}, CONTIG);
        ACL_OK(Run("DropoutBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutBackwardGetWorkspaceSize(x.t, mask.t, 1 / (1 - p), gb.t, w, e); }, aclnnDropoutBackward));
        CheckDtype((std::string("DropoutBackward ") + DtName(dt)).c_str(), dt, gb.Read(), golden);
    }
    // V2 and V2Tensor give the same mask for the same seed / offset (probDataType FLOAT)
    if (!is310p()) {
        DevTensor m2, sd, of;
        m2.Init(ACL_UINT8, {MaskBytes(n)}, {}, CONTIG);
        sd.Init(ACL_INT64, {1}, {21}, CONTIG);
        of.Init(ACL_INT64, {1}, {20}, CONTIG);
        ACL_OK(Run("DropoutGenMaskV2Tensor", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutGenMaskV2TensorGetWorkspaceSize(shape, p, sd.t, of.t, 2, ACL_FLOAT, m2.t, w, e); }, aclnnDropoutGenMaskV2Tensor));
        EXPECT(m2.Read() == mb, "GenMaskV2Tensor (seed 21, offset 20 + 2) differs from GenMask (21, 22)");
    }
    // p = 0: all ones, p = 1: zeros
    for (double pe : {0.0, 1.0}) {
        DevTensor me;
        me.Init(ACL_UINT8, {MaskBytes(n)}, {}, CONTIG);
        ACL_OK(Run("DropoutGenMaskV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutGenMaskV2GetWorkspaceSize(shape, pe, 1, 1, ACL_FLOAT16, me.t, w, e); }, aclnnDropoutGenMaskV2));
        auto v = me.Read();
        double want = pe == 0 ? 255 : 0;
        EXPECT(std::all_of(v.begin(), v.end(), [&](double b) { return b == want; }), "GenMaskV2 p=%g: mask not all %g", pe, want);
    }
    // fused Dropout (A2 / A3 / 910A): out = input * maskOut / (1 - p)
    if (!is950() && !is310p()) {
        auto xv = RandomValues((size_t)n, 6);
        DevTensor x, out, mo;
        x.Init(ACL_FLOAT, {n}, xv, CONTIG);
        out.Init(ACL_FLOAT, {n}, {}, CONTIG);
        mo.Init(ACL_UINT8, {MaskBytes(n)}, {}, CONTIG);
        ACL_OK(Run("Dropout", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutGetWorkspaceSize(x.t, p, true, 21, 22, out.t, mo.t, w, e); }, aclnnDropout));
        auto m = mo.Read();
        EXPECT(m == mb, "Dropout maskOut differs from DropoutGenMask with the same seed / offset");
        std::vector<double> golden(n);
        for (int64_t i = 0; i < n; i++) golden[i] = Bit(m, i) ? xv[i] / (1 - p) : 0.0;
        CheckDtype("Dropout out", ACL_FLOAT, out.Read(), golden);
        ACL_OK(Run("Dropout eval", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutGetWorkspaceSize(x.t, p, false, 21, 22, out.t, mo.t, w, e); }, aclnnDropout));
        CheckDtype("Dropout eval = input", ACL_FLOAT, out.Read(), QuantAll(ACL_FLOAT, xv));
    }
    if (is950()) {
        auto xv = RandomValues((size_t)n, 7);
        DevTensor x, out, mo, gx;
        x.Init(ACL_BF16, {n}, xv, CONTIG);
        out.Init(ACL_BF16, {n}, {}, CONTIG);
        mo.Init(ACL_UINT8, {MaskBytes(n)}, {}, CONTIG);
        gx.Init(ACL_FLOAT, {n}, {}, CONTIG);
        ACL_OK(Run("DropoutV3", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutV3GetWorkspaceSize(x.t, nullptr, p, 21, 22, out.t, mo.t, w, e); }, aclnnDropoutV3));
        auto m = mo.Read();
        EXPECT(m == mb, "DropoutV3 maskOut differs from DropoutGenMask with the same seed / offset");
        std::vector<double> golden(n), g2(n);
        for (int64_t i = 0; i < n; i++) golden[i] = Bit(m, i) ? Quant(ACL_BF16, xv[i]) / (1 - p) : 0.0;
        CheckDtype("DropoutV3 out", ACL_BF16, out.Read(), golden);
        ACL_OK(Run("DropoutV3Grad", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutV3GradGetWorkspaceSize(x.t, mo.t, 2.5, gx.t, w, e); }, aclnnDropoutV3Grad));
        for (int64_t i = 0; i < n; i++) g2[i] = Bit(m, i) ? Quant(ACL_BF16, xv[i]) * 2.5 : 0.0;
        CheckDtype("DropoutV3Grad", ACL_FLOAT, gx.Read(), g2);
        ACL_OK(Run("DropoutV3 p=1", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutV3GetWorkspaceSize(x.t, nullptr, 1.0, 21, 22, out.t, mo.t, w, e); }, aclnnDropoutV3));
        auto o1 = out.Read(), m1 = mo.Read();
        EXPECT(std::all_of(o1.begin(), o1.end(), [](double v) { return v == 0; }) &&
               std::all_of(m1.begin(), m1.end(), [](double v) { return v == 0; }), "DropoutV3 p=1: out / mask not all zero");
    }
    aclDestroyIntArray(shape);
}

// ---- samplers ------------------------------------------------------------------------------
static void TestMultinomial()
{
    const int rows = 3, ncat = 6, ns = 20000;
    std::vector<double> w = {1, 2, 3, 0, 4, 10, /**/ 5, 5, 5, 5, 5, 5, /**/ 0, 0, 1, 0, 0, 3};
    DevTensor self, out;
    self.Init(ACL_FLOAT, {rows, ncat}, w, TRANSPOSED);
    out.Init(ACL_INT64, {rows, ns}, {}, CONTIG);
    ACL_OK(Run("Multinomial", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnMultinomialGetWorkspaceSize(self.t, ns, true, 3, 4, out.t, ws, e); }, aclnnMultinomial));
    auto v = out.Read();
    for (int r = 0; r < rows; r++) {
        std::vector<double> cnt(ncat, 0), pr(ncat);
        double tot = 0;
        for (int j = 0; j < ncat; j++) tot += w[r * ncat + j];
        for (int j = 0; j < ncat; j++) pr[j] = w[r * ncat + j] / tot;
        for (int s = 0; s < ns; s++) { int64_t c = (int64_t)v[r * ns + s]; if (c >= 0 && c < ncat) cnt[c]++; else { EXPECT(false, "index %lld", (long long)c); break; } }
        ExpectChi2(("multinomial with replacement row " + std::to_string(r)).c_str(), cnt, pr, ns);
    }
    // without replacement: distinct indices, zero weights never drawn while others remain; the
    // first draw follows the weights
    const int reps = 4000;
    std::vector<double> first(ncat, 0);
    std::vector<double> w1 = {1, 2, 3, 0, 4, 10};
    DevTensor s1;
    s1.Init(ACL_DOUBLE, {ncat}, w1, CONTIG);
    for (int rep = 0; rep < reps; rep++) {
        DevTensor o;
        o.Init(ACL_INT64, {5}, {}, CONTIG);
        int rc = Run("Multinomial norepl", g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnMultinomialGetWorkspaceSize(s1.t, 5, false, 77, rep, o.t, ws, e); }, aclnnMultinomial);
        if (rc) { EXPECT(false, "Multinomial without replacement: %d", rc); break; }
        auto ov = o.Read();
        std::set<double> d(ov.begin(), ov.end());
        EXPECT(d.size() == 5 && !d.count(3.0), "without replacement: repeated or zero-weight index (rep %d)", rep);
        if (d.size() != 5) break;
        first[(int)ov[0]]++;
    }
    std::vector<double> pr(ncat);
    for (int j = 0; j < ncat; j++) pr[j] = w1[j] / 20.0;
    ExpectChi2("multinomial without replacement, first draw", first, pr, reps);
}

static void TestRandperm()
{
    if (is310p()) return;
    aclDataType dts[] = {ACL_INT64, ACL_INT32, ACL_FLOAT, ACL_INT16};
    for (aclDataType dt : dts) {
        const int64_t n = dt == ACL_INT16 ? 3000 : 100000;
        DevTensor o;
        o.Init(dt, {n}, {}, STRIDED);
        ACL_OK(Run("Randperm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRandpermGetWorkspaceSize(n, 5, 6, o.t, w, e); }, aclnnRandperm));
        auto v = o.Read();
        std::vector<double> s = v;
        std::sort(s.begin(), s.end());
        bool perm = true;
        for (int64_t i = 0; i < n; i++) perm &= s[i] == (double)i;
        EXPECT(perm, "Randperm %s: not a permutation of 0..%lld", DtName(dt), (long long)n - 1);
        int64_t fixed = 0;
        for (int64_t i = 0; i < n; i++) fixed += v[i] == (double)i;
        EXPECT(fixed < 12, "Randperm %s: %lld fixed points (expected ~1)", DtName(dt), (long long)fixed);
        // the documented stream exactly: Fisher-Yates, step i swapping with draw64(i) mod (i + 1),
        // draw64(i) = words 0 and 1 of group i (the independent Philox of philox_ref.h)
        std::vector<int64_t> ref(n);
        for (int64_t i = 0; i < n; i++) ref[i] = i;
        for (int64_t i = n - 1; i > 0; i--) {
            uint64_t d = ((uint64_t)RefWord(5, 6, 4 * (uint64_t)i) << 32) | RefWord(5, 6, 4 * (uint64_t)i + 1);
            std::swap(ref[i], ref[d % (uint64_t)(i + 1)]);
        }
        int64_t differ = 0;
        for (int64_t i = 0; i < n; i++) differ += v[i] != (double)ref[i];
        EXPECT(differ == 0, "Randperm %s: %lld elements differ from the documented shuffle", DtName(dt), (long long)differ);
    }
    // position of element 0 over many offsets: uniform over 8 places
    std::vector<double> cnt(8, 0), pr(8, 1.0 / 8);
    for (int rep = 0; rep < 1600; rep++) {
        DevTensor o;
        o.Init(ACL_INT64, {8}, {}, CONTIG);
        if (Run("Randperm 8", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRandpermGetWorkspaceSize(8, 1, rep, o.t, w, e); }, aclnnRandperm)) break;
        auto v = o.Read();
        for (int i = 0; i < 8; i++) if (v[i] == 0) cnt[i]++;
    }
    ExpectChi2("Randperm position of 0", cnt, pr, 1600);
}

// ---- validation ----------------------------------------------------------------------------
static void ExpectCode(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle) EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

static void TestValidation()
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor f, f2, i32, u8, u8bad, bf, r9, i64one, f64;
    f.Init(ACL_FLOAT, {300}, {}, CONTIG);
    f2.Init(ACL_FLOAT, {301}, {}, CONTIG);
    i32.Init(ACL_INT32, {300}, {}, CONTIG);
    u8.Init(ACL_UINT8, {MaskBytes(300)}, {}, CONTIG);
    u8bad.Init(ACL_UINT8, {MaskBytes(300) - 16}, {}, CONTIG);
    bf.Init(ACL_BF16, {300}, {}, CONTIG);
    r9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2}, {}, CONTIG);
    i64one.Init(ACL_INT64, {1}, {0}, CONTIG);
    f64.Init(ACL_DOUBLE, {2}, {0, 0}, CONTIG);
    std::vector<int64_t> shp = {300};
    aclIntArray *shape = aclCreateIntArray(shp.data(), 1);
    std::vector<int64_t> negshp = {-5, 3};
    aclIntArray *neg = aclCreateIntArray(negshp.data(), 2);
    double half = 0.5, two = 2.0;
    int32_t ione = 1;
    aclScalar *sp = aclCreateScalar(&half, ACL_DOUBLE), *sbad = aclCreateScalar(&two, ACL_DOUBLE),
              *sint = aclCreateScalar(&ione, ACL_INT32);

    // uniform: null -> dtype -> rank -> from > to
    ExpectError("Uniform null", aclnnInplaceUniformGetWorkspaceSize(nullptr, 0, 1, 0, 0, &ws, &ex), kNull, "nullptr");
    if (is310p())
        ExpectError("Uniform BF16 on 310P", aclnnInplaceUniformGetWorkspaceSize(bf.t, 0, 1, 0, 0, &ws, &ex), kInvalid, "DT_BF16");
    ExpectError("Uniform rank 9", aclnnInplaceUniformGetWorkspaceSize(r9.t, 0, 1, 0, 0, &ws, &ex), kInvalid, "dim");
    ExpectError("Uniform from > to", aclnnInplaceUniformGetWorkspaceSize(f.t, 2, 1, 0, 0, &ws, &ex), kInvalid, "from cannot be greater than to");
    // gen mask: out dtype, prob range, size
    ExpectError("GenMask null shape", aclnnDropoutGenMaskGetWorkspaceSize(nullptr, 0.5, 0, 0, u8.t, &ws, &ex), kNull, "nullptr");
    ExpectError("GenMask out dtype", aclnnDropoutGenMaskGetWorkspaceSize(shape, 0.5, 0, 0, f.t, &ws, &ex), kInvalid, "DT_UINT8");
    ExpectError("GenMask prob", aclnnDropoutGenMaskGetWorkspaceSize(shape, 1.5, 0, 0, u8.t, &ws, &ex), kInvalid, "between 0 and 1");
    ExpectError("GenMask size", aclnnDropoutGenMaskGetWorkspaceSize(shape, 0.5, 0, 0, u8bad.t, &ws, &ex), kInvalid, "has to be 48");
    ExpectError("GenMask negative dim", aclnnDropoutGenMaskGetWorkspaceSize(neg, 0.5, 0, 0, u8.t, &ws, &ex), kInvalid, ">= 0");
    if (!is950() && !is310p()) {
        int rc = aclnnDropoutGenMaskV2GetWorkspaceSize(shape, 0.5, 0, 0, ACL_INT32, u8.t, &ws, &ex);
        EXPECT(rc == 561103, "GenMaskV2 probDataType INT32 on the DSA path: %d (expected 561103)", rc);
    }
    // do mask: empty self short-cuts, dtype, prob, mask size
    ExpectError("DoMask null", aclnnDropoutDoMaskGetWorkspaceSize(f.t, nullptr, 0.5, f.t, &ws, &ex), kNull, "nullptr");
    ExpectError("DoMask dtype", aclnnDropoutDoMaskGetWorkspaceSize(i32.t, u8.t, 0.5, i32.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("DoMask mask dtype", aclnnDropoutDoMaskGetWorkspaceSize(f.t, f.t, 0.5, f.t, &ws, &ex), kInvalid, "DT_UINT8");
    ExpectError("DoMask prob", aclnnDropoutDoMaskGetWorkspaceSize(f.t, u8.t, -0.1, f.t, &ws, &ex), kInvalid, "between 0 and 1");
    ExpectError("DoMask mask size", aclnnDropoutDoMaskGetWorkspaceSize(f.t, u8bad.t, 0.5, f.t, &ws, &ex), kInvalid, "Size of mask");
    ExpectError("DoMask shape", aclnnDropoutDoMaskGetWorkspaceSize(f.t, u8.t, 0.5, f2.t, &ws, &ex), kInvalid, "shape");
    if (is310p())
        ExpectError("DoMask BF16 on 310P", aclnnDropoutDoMaskGetWorkspaceSize(bf.t, u8.t, 0.5, bf.t, &ws, &ex), kInvalid, "DT_BF16");
    if (is310p()) {
        // the products the docs mark unsupported on the Atlas inference series
        ExpectCode("Normal on 310P", aclnnInplaceNormalGetWorkspaceSize(f.t, 0, 1, 0, 0, &ws, &ex), kChip, "not implemented");
        ExpectCode("Bernoulli on 310P", aclnnBernoulliGetWorkspaceSize(f.t, sp, 0, 0, f.t, &ws, &ex), kChip, "not implemented");
        ExpectCode("Randperm on 310P", aclnnRandpermGetWorkspaceSize(300, 0, 0, i32.t, &ws, &ex), kChip, "not implemented");
        ExpectCode("DropoutBackward on 310P", aclnnDropoutBackwardGetWorkspaceSize(f.t, u8.t, 2.0, f.t, &ws, &ex), kChip, "not implemented");
    } else {
        ExpectError("Normal std < 0", aclnnInplaceNormalGetWorkspaceSize(f.t, 0, -1, 0, 0, &ws, &ex), kInvalid, "std >= 0.0");
        ExpectError("NormalTensor seed dtype", aclnnInplaceNormalTensorGetWorkspaceSize(f.t, 0, 1, f64.t, i64one.t, 0, &ws, &ex), kInvalid, "DT_DOUBLE");
        ExpectError("NormalTensor seed shape", aclnnInplaceNormalTensorGetWorkspaceSize(f.t, 0, 1, i64one.t, i32.t, 0, &ws, &ex), kInvalid, "DT_INT32");
        ExpectError("Random from >= to", aclnnInplaceRandomGetWorkspaceSize(f.t, 3, 3, 0, 0, &ws, &ex), kInvalid, "must be less than to");
        ExpectError("Bernoulli prob range", aclnnBernoulliGetWorkspaceSize(f.t, sbad, 0, 0, f.t, &ws, &ex), kInvalid, "0<=prob<=1");
        ExpectError("Bernoulli prob dtype", aclnnBernoulliGetWorkspaceSize(f.t, sint, 0, 0, f.t, &ws, &ex), kInvalid, "DT_INT32");
        ExpectError("Bernoulli out dtype", aclnnBernoulliGetWorkspaceSize(f.t, sp, 0, 0, i32.t, &ws, &ex), kInvalid, "same");
        ExpectError("Bernoulli shape", aclnnBernoulliGetWorkspaceSize(f.t, sp, 0, 0, f2.t, &ws, &ex), kInvalid, "shape");
        ExpectError("BernoulliTensor null prob", aclnnBernoulliTensorGetWorkspaceSize(f.t, nullptr, 0, 0, f.t, &ws, &ex), kNull, "nullptr");
        ExpectError("BernoulliTensor prob bcast", aclnnBernoulliTensorGetWorkspaceSize(f.t, f2.t, 0, 0, f.t, &ws, &ex), kInvalid, "broadcast");
        ExpectError("DropoutBackward scale", aclnnDropoutBackwardGetWorkspaceSize(f.t, u8.t, 0.5, f.t, &ws, &ex), kInvalid, "scale");
        ExpectError("Exponential lambda", aclnnSimThreadExponentialGetWorkspaceSize(f.t, 300, 0.0, 0, 0, &ws, &ex), kInvalid, "lambda");
        ExpectError("Exponential dtype", aclnnSimThreadExponentialGetWorkspaceSize(i32.t, 300, 1.0, 0, 0, &ws, &ex), kInvalid, "DT_INT32");
        ExpectCode("Exponential count", aclnnSimThreadExponentialGetWorkspaceSize(f.t, 299, 1.0, 0, 0, &ws, &ex), 561002, "Count 299");
        ExpectCode("Randperm null out", aclnnRandpermGetWorkspaceSize(3, 0, 0, nullptr, &ws, &ex), 561103, "nullptr");
        DevTensor b8;
        b8.Init(ACL_BOOL, {300}, {}, CONTIG);
        ExpectError("Randperm dtype", aclnnRandpermGetWorkspaceSize(300, 0, 0, b8.t, &ws, &ex), kInvalid, "DT_BOOL");
        ExpectError("Randperm shape", aclnnRandpermGetWorkspaceSize(299, 0, 0, i32.t, &ws, &ex), kInvalid, "shape");
    }
    // multinomial
    DevTensor w2, o2, o2b, w3;
    w2.Init(ACL_FLOAT, {2, 4}, {1, 1, 1, 1, 1, 1, 1, 1}, CONTIG);
    o2.Init(ACL_INT64, {2, 3}, {}, CONTIG);
    o2b.Init(ACL_INT32, {2, 3}, {}, CONTIG);
    w3.Init(ACL_FLOAT, {2, 2, 4}, {}, CONTIG);
    ExpectError("Multinomial null", aclnnMultinomialGetWorkspaceSize(nullptr, 3, true, 0, 0, o2.t, &ws, &ex), kNull, "nullptr");
    ExpectError("Multinomial out dtype", aclnnMultinomialGetWorkspaceSize(w2.t, 3, true, 0, 0, o2b.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("Multinomial rank", aclnnMultinomialGetWorkspaceSize(w3.t, 3, true, 0, 0, o2.t, &ws, &ex), kInvalid, "1 or 2");
    ExpectError("Multinomial numsamples vs out", aclnnMultinomialGetWorkspaceSize(w2.t, 2, true, 0, 0, o2.t, &ws, &ex), kInvalid, "numsamples 2");
    DevTensor o5;
    o5.Init(ACL_INT64, {2, 5}, {}, CONTIG);
    ExpectError("Multinomial too many without replacement", aclnnMultinomialGetWorkspaceSize(w2.t, 5, false, 0, 0, o5.t, &ws, &ex), kInvalid, "without replacement");
    if (!is310p())
        ExpectError("MultinomialTensor seed dtype", aclnnMultinomialTensorGetWorkspaceSize(w2.t, 3, true, f64.t, i64one.t, 0, o2.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    // the 950-only APIs elsewhere
    if (!is950()) {
        ExpectError("DropoutV3Grad off 950", aclnnDropoutV3GradGetWorkspaceSize(f.t, u8.t, 2.0, f.t, &ws, &ex), kInvalid, "not supported in current socversion");
        ExpectCode("NormalFloatFloat off 950", aclnnNormalFloatFloatGetWorkspaceSize(0, 1, 0, 0, f.t, &ws, &ex), kChip, "not implemented");
        ExpectCode("DropoutV3 off 950", aclnnDropoutV3GetWorkspaceSize(f.t, nullptr, 0.5, 0, 0, f.t, u8.t, &ws, &ex), kChip, "not implemented");
    } else {
        ExpectCode("Dropout on 950", aclnnDropoutGetWorkspaceSize(f.t, 0.5, true, 0, 0, f.t, u8.t, &ws, &ex), kChip, "not implemented");
        ExpectError("DropoutV3 noise shape", aclnnDropoutV3GetWorkspaceSize(f.t, f.t, 0.5, 0, 0, f.t, u8.t, &ws, &ex), kInvalid, "noise_shape");
        ExpectError("NormalTensorTensor shape", aclnnNormalTensorTensorGetWorkspaceSize(f.t, f.t, 0, 0, f2.t, &ws, &ex), kInvalid, "Shape of out");
        ExpectError("NormalFloatTensor shape", aclnnNormalFloatTensorGetWorkspaceSize(0, f.t, 0, 0, f2.t, &ws, &ex), kInvalid, "Shape of std");
        ExpectError("NormalFloatFloat dtype", aclnnNormalFloatFloatGetWorkspaceSize(0, 1, 0, 0, i32.t, &ws, &ex), kInvalid, "DT_INT32");
        ExpectCode("RandomTensor seed dtype off the DSA path", aclnnInplaceRandomTensorGetWorkspaceSize(f.t, 0, 5, f64.t, i64one.t, 0, &ws, &ex), 561103, "must be DT_INT64");
        ExpectError("WithoutFromToTensor seed dtype", aclnnInplaceRandomWithoutFromToTensorGetWorkspaceSize(f.t, f64.t, i64one.t, 0, &ws, &ex), kInvalid, "must be DT_INT64");
    }
    aclDestroyScalar(sp);
    aclDestroyScalar(sbad);
    aclDestroyScalar(sint);
    aclDestroyIntArray(shape);
    aclDestroyIntArray(neg);
}

// ---- digests for the cross-topology check (split_check.sh) ---------------------------------
// Writes the raw results of fixed fills: <path>.common (ops every topology of the check has) and
// <path>.full (ops the 910B / 910A / A3 share). Each topology tiles over other block counts.
static void AppendRaw(std::vector<double> &sink, const std::vector<double> &v) { sink.insert(sink.end(), v.begin(), v.end()); }
static void WriteFile(const std::string &path, const std::vector<double> &v)
{
    FILE *f = fopen(path.c_str(), "wb");
    EXPECT(f != nullptr, "cannot write %s", path.c_str());
    if (!f) return;
    fwrite(v.data(), sizeof(double), v.size(), f);
    fclose(f);
}
static void Digest(const std::string &path)
{
    std::vector<double> common, full;
    const int64_t n = 300007;
    AppendRaw(common, Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceUniformGetWorkspaceSize(t, -1, 1, 42, 9, w, e); },
                           aclnnInplaceUniform, ACL_FLOAT, {n}, STRIDED));
    std::vector<int64_t> shp = {n};
    aclIntArray *shape = aclCreateIntArray(shp.data(), 1);
    DevTensor mask, x, out;
    mask.Init(ACL_UINT8, {MaskBytes(n)}, {}, CONTIG);
    x.Init(ACL_FLOAT16, {n}, RandomValues((size_t)n, 3), CONTIG);
    out.Init(ACL_FLOAT16, {n}, {}, CONTIG);
    ACL_OK(Run("DropoutGenMask", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDropoutGenMaskGetWorkspaceSize(shape, 0.25, 42, 9, mask.t, w, e); }, aclnnDropoutGenMask));
    ACL_OK(Run("DropoutDoMask", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDropoutDoMaskGetWorkspaceSize(x.t, mask.t, 0.25, out.t, w, e); }, aclnnDropoutDoMask));
    AppendRaw(common, mask.Read());
    AppendRaw(common, out.Read());
    DevTensor wts, idx;
    std::vector<double> wv(64 * 50);
    for (size_t i = 0; i < wv.size(); i++) wv[i] = 1 + (double)(i * 7 % 13);
    wts.Init(ACL_FLOAT, {64, 50}, wv, TRANSPOSED);
    idx.Init(ACL_INT64, {64, 20}, {}, CONTIG);
    ACL_OK(Run("Multinomial", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMultinomialGetWorkspaceSize(wts.t, 20, false, 42, 9, idx.t, w, e); }, aclnnMultinomial));
    AppendRaw(common, idx.Read());
    ACL_OK(Run("Multinomial", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMultinomialGetWorkspaceSize(wts.t, 20, true, 42, 9, idx.t, w, e); }, aclnnMultinomial));
    AppendRaw(common, idx.Read());
    WriteFile(path + ".common", common);
    aclDestroyIntArray(shape);
    if (is310p()) return;
    AppendRaw(full, Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceNormalGetWorkspaceSize(t, 0.f, 1.f, 42, 9, w, e); },
                         aclnnInplaceNormal, ACL_FLOAT, {n}, TRANSPOSED));
    AppendRaw(full, Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceNormalGetWorkspaceSize(t, 0.f, 1.f, 42, 9, w, e); },
                         aclnnInplaceNormal, ACL_DOUBLE, {n}));
    AppendRaw(full, Fill([](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRandomGetWorkspaceSize(t, -1000, 1000, 42, 9, w, e); },
                         aclnnInplaceRandom, ACL_INT32, {n}));
    double p = 0.4;
    aclScalar *sp = aclCreateScalar(&p, ACL_DOUBLE);
    AppendRaw(full, Fill([&](aclTensor *t, uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBernoulliGetWorkspaceSize(t, sp, 42, 9, w, e); },
                         aclnnInplaceBernoulli, ACL_FLOAT, {n}));
    aclDestroyScalar(sp);
    DevTensor perm;
    perm.Init(ACL_INT64, {n}, {}, CONTIG);
    ACL_OK(Run("Randperm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRandpermGetWorkspaceSize(n, 42, 9, perm.t, w, e); }, aclnnRandperm));
    AppendRaw(full, perm.Read());
    WriteFile(path + ".full", full);
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 3 && std::string(argv[2]) == "digest") {
        Digest(argv[3]);
        printf("%s digest: %d failures\n", g_chip.c_str(), g_failures);
        return g_failures ? 1 : 0;
    }
    TestPhiloxKat();
    TestUniform();
    TestSplitIndependence();
    TestNormal();
    TestNormalOut();
    TestExponential();
    TestRandomInts();
    TestBernoulli();
    TestDropout();
    TestMultinomial();
    TestRandperm();
    TestValidation();
    printf("%s: %d failures\n", g_chip.c_str(), g_failures);
    return g_failures ? 1 : 0;
}
