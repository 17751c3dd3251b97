// aclnnRReluWithNoise / aclnnInplaceRReluWithNoise (nnact part). Training: noise and out bit for
// bit against the documented stream (an independent Philox4x32-10, ../philox_ref.h: element i of
// self's flat order takes u = (word >> 8) / 2^24, noise = self < 0 ? lower + (upper - lower) u : 1
// in its dtype, out = self * noise), over strided views, a larger noise of another shape (tail
// kept), rank 9, 0 / NaN / -Inf, FP32 / FP16 / BF16; reproducible per (seed, offset). Eval: a
// leaky relu of slope (lower + upper) / 2 with noise untouched. Empty tensors and every validation
// path with its code and message. Argument "310p": the BF16 refusal.
#include "act_test_util.h"
#include "../philox_ref.h"
#include "aclnnop/aclnn_rrelu_with_noise.h"

static aclScalar *F(double v) { float f = (float)v; return aclCreateScalar(&f, ACL_FLOAT); }

static double RefNoise(aclDataType dt, double x, float lo, float hi, uint64_t seed, uint64_t off, uint64_t i)
{
    if (!(x < 0)) return 1.0;
    float u = (float)(RefWord(seed, off, i) >> 8) * (1.0f / 16777216.0f);
    return Quant(dt, lo + (hi - lo) * u);
}

static size_t Mismatches(const std::vector<double> &a, const std::vector<double> &b)
{
    size_t bad = a.size() == b.size() ? 0 : 1;
    for (size_t i = 0; i < a.size() && i < b.size(); i++)
        bad += !(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])));
    return bad;
}

// self of `shape` with layout ls; noise of nshape (contiguous unless same shape, then layout ln).
static void RunTraining(aclrtStream stream, aclDataType dt, const std::vector<int64_t> &shape, Layout ls,
                        const std::vector<int64_t> &nshape, Layout ln, bool inplace, uint64_t seed, uint64_t off)
{
    const float lo = 0.125f, hi = 0.375f;
    int64_t n = GetShapeSize(shape), nn = GetShapeSize(nshape);
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, seed + 3)), noise0 = QuantAll(dt, RandomValues((size_t)nn, 5, 9.0));
    if (n > 3) { x[0] = 0.0; x[1] = -0.0; x[2] = NAN; x[3] = -INFINITY; }
    DevTensor ts, tn, to;
    if (!ts.Init(dt, shape, x, ls) || !tn.Init(dt, nshape, noise0, ln) || !to.Init(dt, shape, {}, ls == CONTIG ? STRIDED : CONTIG)) return;
    aclScalar *slo = F(lo), *shi = F(hi);
    int rc = inplace
        ? Run("aclnnInplaceRReluWithNoise", stream, [&](uint64_t *w, aclOpExecutor **e) {
              return aclnnInplaceRReluWithNoiseGetWorkspaceSize(ts.t, tn.t, slo, shi, true, (int64_t)seed, (int64_t)off, w, e); }, aclnnInplaceRReluWithNoise)
        : Run("aclnnRReluWithNoise", stream, [&](uint64_t *w, aclOpExecutor **e) {
              return aclnnRReluWithNoiseGetWorkspaceSize(ts.t, tn.t, slo, shi, true, (int64_t)seed, (int64_t)off, to.t, w, e); }, aclnnRReluWithNoise);
    char what[160];
    snprintf(what, sizeof what, "RReluWithNoise training %s rank %zu n %lld noise %lld%s", DtName(dt), shape.size(),
             (long long)n, (long long)nn, inplace ? " inplace" : "");
    EXPECT(rc == 0, "%s: run failed", what);
    std::vector<double> want_noise = noise0, want_out((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        want_noise[(size_t)i] = RefNoise(dt, x[(size_t)i], lo, hi, seed, off, (uint64_t)i);
        want_out[(size_t)i] = Quant(dt, (float)x[(size_t)i] * (float)want_noise[(size_t)i]);
    }
    size_t bn = Mismatches(tn.Read(), want_noise), bo = Mismatches(inplace ? ts.Read() : to.Read(), want_out);
    EXPECT(bn == 0 && bo == 0, "%s: %zu noise and %zu out elements differ from the reference stream", what, bn, bo);
    EXPECT(tn.CountClobbered() == 0 && (inplace ? ts.CountClobbered() : to.CountClobbered()) == 0, "%s: wrote outside the views", what);
    aclDestroyScalar(slo);
    aclDestroyScalar(shi);
}

static void TestTraining(aclrtStream stream)
{
    uint64_t seed = 0x1234567890ull;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        RunTraining(stream, dt, {5, 7, 9}, CONTIG, {5, 7, 9}, CONTIG, false, seed, 3);
        RunTraining(stream, dt, {5, 7, 9}, STRIDED, {5, 7, 9}, TRANSPOSED, false, seed + 1, 0);
        RunTraining(stream, dt, {6, 10}, CONTIG, {7, 11}, CONTIG, false, seed + 2, 9);   // larger noise: tail kept
        RunTraining(stream, dt, {4, 8}, STRIDED, {4, 8}, STRIDED, true, seed + 3, 1);    // in place
    }
    RunTraining(stream, ACL_FLOAT, {2, 1, 2, 1, 2, 1, 2, 1, 3}, CONTIG, {2, 1, 2, 1, 2, 1, 2, 1, 3}, CONTIG, false, 77, 0); // rank 9
    RunTraining(stream, ACL_FLOAT, {}, CONTIG, {3}, CONTIG, false, 5, 5);              // 0-d self
    RunTraining(stream, ACL_FLOAT, {300, 129}, CONTIG, {300, 129}, CONTIG, false, 8, 2); // several blocks

    // the same (seed, offset) reproduces; another offset or seed draws other numbers
    std::vector<int64_t> shape = {64, 64};
    std::vector<double> x(4096, -1.0);
    auto draw = [&](int64_t seed_, int64_t off_) {
        DevTensor ts, tn, to;
        if (!ts.Init(ACL_FLOAT, shape, x, CONTIG) || !tn.Init(ACL_FLOAT, shape, {}, CONTIG) || !to.Init(ACL_FLOAT, shape, {}, CONTIG)) return std::vector<double>();
        aclScalar *slo = F(0.0), *shi = F(1.0);
        Run("aclnnRReluWithNoise", stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnRReluWithNoiseGetWorkspaceSize(ts.t, tn.t, slo, shi, true, seed_, off_, to.t, w, e); }, aclnnRReluWithNoise);
        aclDestroyScalar(slo);
        aclDestroyScalar(shi);
        return tn.Read();
    };
    std::vector<double> a = draw(1, 0), b = draw(1, 0), c = draw(1, 1), d = draw(2, 0);
    EXPECT(!a.empty() && a == b, "same seed / offset: noise differs");
    EXPECT(Mismatches(a, c) > 4000 && Mismatches(a, d) > 4000, "another offset / seed: noise repeats");
    double mean = 0;
    for (double v : a) mean += v;
    mean /= (double)a.size();
    EXPECT(std::fabs(mean - 0.5) < 0.02, "U(0, 1) noise mean %g", mean);
}

static void TestEval(aclrtStream stream)
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool inplace : {false, true}) {
            std::vector<int64_t> shape = {3, 4, 5};
            std::vector<double> x = QuantAll(dt, RandomValues(60, 21)), noise0 = QuantAll(dt, RandomValues(2, 22));
            x[0] = NAN; x[1] = -INFINITY; x[2] = -0.0;
            DevTensor ts, tn, to;
            // eval does not need a noise as large as self
            if (!ts.Init(dt, shape, x, inplace ? CONTIG : STRIDED) || !tn.Init(dt, {2}, noise0, CONTIG) || !to.Init(dt, shape, {}, TRANSPOSED)) return;
            aclScalar *slo = F(0.1), *shi = F(0.3);
            int rc = inplace
                ? Run("aclnnInplaceRReluWithNoise", stream, [&](uint64_t *w, aclOpExecutor **e) {
                      return aclnnInplaceRReluWithNoiseGetWorkspaceSize(ts.t, tn.t, slo, shi, false, 0, 0, w, e); }, aclnnInplaceRReluWithNoise)
                : Run("aclnnRReluWithNoise", stream, [&](uint64_t *w, aclOpExecutor **e) {
                      return aclnnRReluWithNoiseGetWorkspaceSize(ts.t, tn.t, slo, shi, false, 0, 0, to.t, w, e); }, aclnnRReluWithNoise);
            std::string what = std::string("RReluWithNoise eval ") + DtName(dt) + (inplace ? " inplace" : "");
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            const double slope = ((double)0.1f + (double)0.3f) / 2;
            std::vector<double> golden(60);
            for (size_t i = 0; i < 60; i++) golden[i] = x[i] > 0 ? x[i] : x[i] * slope;
            CheckDtype(what.c_str(), dt, inplace ? ts.Read() : to.Read(), golden);
            EXPECT(tn.Read() == noise0, "%s: noise written", what.c_str());
            aclDestroyScalar(slo);
            aclDestroyScalar(shi);
        }
}

static void TestEmpty(aclrtStream stream)
{
    DevTensor ts, tn, to;
    if (!ts.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) || !tn.Init(ACL_FLOAT, {3}, {1, 2, 3}, CONTIG) || !to.Init(ACL_FLOAT, {0, 4}, {}, CONTIG)) return;
    aclScalar *slo = F(0.1), *shi = F(0.3);
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnRReluWithNoiseGetWorkspaceSize(ts.t, tn.t, slo, shi, true, 1, 2, to.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnRReluWithNoise(nullptr, 0, ex, stream) == 0, "empty: stage 2");
    aclrtSynchronizeStream(stream);
    EXPECT(tn.Read() == std::vector<double>({1, 2, 3}), "empty: noise written");
    aclDestroyScalar(slo);
    aclDestroyScalar(shi);
}

static void TestValidation()
{
    DevTensor x, xh, xi, nz, small, o, o2, x33;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !nz.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !small.Init(ACL_FLOAT, {5}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG)) return;
    std::vector<int64_t> s33(33, 1);
    if (!x33.Init(ACL_FLOAT, s33, {}, CONTIG)) return;
    aclScalar *lo = F(0.1), *hi = F(0.3);
    int32_t iv = 1;
    aclScalar *li = aclCreateScalar(&iv, ACL_INT32);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null self", aclnnRReluWithNoiseGetWorkspaceSize(nullptr, nz.t, lo, hi, true, 0, 0, o.t, &ws, &ex), 161001, "self");
    ExpectError("null noise", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nullptr, lo, hi, true, 0, 0, o.t, &ws, &ex), 161001, "noise");
    ExpectError("null lower", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, nullptr, hi, true, 0, 0, o.t, &ws, &ex), 161001, "lower");
    ExpectError("null upper", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, lo, nullptr, true, 0, 0, o.t, &ws, &ex), 161001, "upper");
    ExpectError("null out", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, lo, hi, true, 0, 0, nullptr, &ws, &ex), 161001, "out");
    ExpectError("inplace null noise", aclnnInplaceRReluWithNoiseGetWorkspaceSize(x.t, nullptr, lo, hi, true, 0, 0, &ws, &ex), 161001, "noise");
    ExpectError("self int32", aclnnRReluWithNoiseGetWorkspaceSize(xi.t, nz.t, lo, hi, true, 0, 0, o.t, &ws, &ex), 161002, "self", "DT_INT32");
    ExpectError("noise int32", aclnnRReluWithNoiseGetWorkspaceSize(x.t, xi.t, lo, hi, true, 0, 0, o.t, &ws, &ex), 161002, "noise");
    ExpectError("lower int32", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, li, hi, true, 0, 0, o.t, &ws, &ex), 161002, "lower");
    ExpectError("upper int32", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, lo, li, true, 0, 0, o.t, &ws, &ex), 161002, "upper");
    ExpectError("out fp16", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, lo, hi, true, 0, 0, xh.t, &ws, &ex), 161002, "self");
    ExpectError("noise fp16", aclnnRReluWithNoiseGetWorkspaceSize(x.t, xh.t, lo, hi, true, 0, 0, o.t, &ws, &ex), 161002, "noise");
    ExpectError("out shape", aclnnRReluWithNoiseGetWorkspaceSize(x.t, nz.t, lo, hi, true, 0, 0, o2.t, &ws, &ex), 161002, "out");
    ExpectError("noise too small", aclnnRReluWithNoiseGetWorkspaceSize(x.t, small.t, lo, hi, true, 0, 0, o.t, &ws, &ex), 161002, "larger than noise");
    ExpectError("rank 33", aclnnRReluWithNoiseGetWorkspaceSize(x33.t, x33.t, lo, hi, false, 0, 0, x33.t, &ws, &ex), 161002, "self");
    // eval accepts the small noise (and runs)
    int rc = aclnnRReluWithNoiseGetWorkspaceSize(x.t, small.t, lo, hi, false, 0, 0, o.t, &ws, &ex);
    EXPECT(rc == 0, "eval small noise: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    // storage formats must match out's (self NCHW, out ND)
    std::vector<int64_t> sh = {1, 2, 1, 3}, strides = {6, 3, 3, 1};
    aclTensor *nchw = aclCreateTensor(sh.data(), 4, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_NCHW, sh.data(), 4, x.dev);
    aclTensor *nd = aclCreateTensor(sh.data(), 4, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, sh.data(), 4, o.dev);
    aclTensor *nzd = aclCreateTensor(sh.data(), 4, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, sh.data(), 4, nz.dev);
    ExpectError("self format", aclnnRReluWithNoiseGetWorkspaceSize(nchw, nzd, lo, hi, true, 0, 0, nd, &ws, &ex), 161002, "self's format");
    ExpectError("noise format", aclnnRReluWithNoiseGetWorkspaceSize(nd, nchw, lo, hi, true, 0, 0, nzd, &ws, &ex), 161002, "noise's format");
    aclDestroyTensor(nchw); aclDestroyTensor(nd); aclDestroyTensor(nzd);
    aclDestroyScalar(lo); aclDestroyScalar(hi); aclDestroyScalar(li);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        DevTensor x;
        if (!x.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return 1;
        aclScalar *lo = F(0.1), *hi = F(0.3);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P bf16", aclnnRReluWithNoiseGetWorkspaceSize(x.t, x.t, lo, hi, true, 0, 0, x.t, &ws, &ex), 161002, "BF16");
        aclDestroyScalar(lo); aclDestroyScalar(hi);
        RunTraining(rt.stream, ACL_FLOAT16, {5, 7}, CONTIG, {5, 7}, CONTIG, false, 3, 4);
    } else {
        TestTraining(rt.stream);
        TestEval(rt.stream);
        TestEmpty(rt.stream);
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
