// aclnnQuantizedBatchNorm (ops-nn norm/quantized_batch_norm; A2 / A3 / 950): INT8 / UINT8 /
// INT32 NCHW outputs against a double-precision reference written from the doc's formulas
//   x' = (x - inputZeroPoint) * inputScale, y = (x' - mean) / sqrt(var + eps) * weight + bias,
//   output = round(y / outputScale + outputZeroPoint)
// with rounding half away from zero and saturation to the output type; an element whose exact
// value lies within 1e-4 of a rounding boundary may differ by one (the kernel works in FP32).
// Exact halves (eps 0) check the rounding mode; large values the saturation; absent weight /
// bias (the real fills 1 / 0); strided views; the validation order with codes and messages;
// refused on 310P (no kernel).
#include "../norm_pool_loss/npl_util.h"
#include "aclnnop/aclnn_quantized_batch_norm.h"

static double Lo(aclDataType dt) { return dt == ACL_INT8 ? -128 : dt == ACL_UINT8 ? 0 : -2147483648.0; }
static double Hi(aclDataType dt) { return dt == ACL_INT8 ? 127 : dt == ACL_UINT8 ? 255 : 2147483647.0; }

struct Q {
    float is, os;
    int32_t izp, ozp;
};

// The doc's formula in double, before rounding.
static std::vector<double> RefRaw(const std::vector<int64_t> &sh, const std::vector<double> &x,
                                  const std::vector<double> &mean, const std::vector<double> &var,
                                  const std::vector<double> &w, const std::vector<double> &b, const Q &q, double eps)
{
    int64_t C = sh[1], S = sh[2] * sh[3], T = sh[0] * C * S;
    std::vector<double> r((size_t)T);
    for (int64_t i = 0; i < T; i++) {
        int64_t c = (i / S) % C;
        double xd = (x[i] - q.izp) * (double)q.is;
        double y = (xd - mean[c]) / std::sqrt(var[c] + eps) * w[c] + b[c];
        r[i] = y / (double)q.os + q.ozp;
    }
    return r;
}

static double RoundAwaySat(double v, aclDataType dt)
{
    double r = v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5);
    return std::min(std::max(r, Lo(dt)), Hi(dt));
}

static void Compare(const char *what, aclDataType dt, const std::vector<double> &got, const std::vector<double> &raw)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < raw.size(); i++) {
        double want = RoundAwaySat(raw[i], dt);
        double frac = std::fabs(raw[i] - std::floor(raw[i]) - 0.5);
        bool near_tie = frac < 1e-4 * std::max(1.0, std::fabs(raw[i]) * 1e-3);
        bool ok = got[i] == want || (near_tie && std::fabs(got[i] - want) <= 1);
        if (!ok && !bad++) first = i;
    }
    EXPECT(bad == 0, "%s: %zu/%zu elements wrong (first %zu: got %g want %g from %.9g)", what, bad, raw.size(), first,
           bad ? got[first] : 0.0, bad ? RoundAwaySat(raw[first], dt) : 0.0, bad ? raw[first] : 0.0);
}

static std::vector<double> IntVals(Lcg &rng, int64_t n, double lo, double hi)
{
    std::vector<double> v((size_t)n);
    for (auto &e : v) e = std::floor(lo + (hi - lo + 1) * rng.uniform());
    return v;
}

static void Case(Runtime &rt, aclDataType dt, const std::vector<int64_t> &sh, Layout layout, bool wb, Q q, double eps,
                 uint64_t seed)
{
    Lcg rng(seed);
    int64_t C = sh[1], T = GetShapeSize(sh);
    double xlo = dt == ACL_UINT8 ? 0 : dt == ACL_INT8 ? -128 : -100000, xhi = dt == ACL_UINT8 ? 255 : dt == ACL_INT8 ? 127 : 100000;
    DevTensor x = MakeTensor(dt, sh, IntVals(rng, T, xlo, xhi), layout, ACL_FORMAT_NCHW);
    std::vector<double> mv(C), vv(C), wv(C), bv(C);
    double span = (xhi - xlo) * q.is;
    for (int64_t c = 0; c < C; c++) {
        mv[c] = (rng.uniform() - 0.5) * span * 0.3;
        vv[c] = span * span * (0.01 + 0.05 * rng.uniform());
        wv[c] = 0.5 + rng.uniform();
        bv[c] = (rng.uniform() - 0.5) * 4;
    }
    DevTensor m = MakeTensor(ACL_FLOAT, {C}, mv), v = MakeTensor(ACL_FLOAT, {C}, vv);
    DevTensor w = MakeTensor(ACL_FLOAT, {C}, wv), b = MakeTensor(ACL_FLOAT, {C}, bv);
    DevTensor y = MakeOut(dt, sh, layout, ACL_FORMAT_NCHW);
    aclScalar *is = aclCreateScalar(&q.is, ACL_FLOAT), *izp = aclCreateScalar(&q.izp, ACL_INT32);
    aclScalar *os = aclCreateScalar(&q.os, ACL_FLOAT), *ozp = aclCreateScalar(&q.ozp, ACL_INT32);
    int rc = NPL_RUN(QuantizedBatchNorm, x.t, m.t, v.t, is, izp, os, ozp, wb ? w.t : nullptr, wb ? b.t : nullptr,
                     (float)eps, y.t);
    char what[160];
    snprintf(what, sizeof what, "QuantizedBatchNorm dt %d shape [%lld,%lld,%lld,%lld] layout %d%s", (int)dt,
             (long long)sh[0], (long long)sh[1], (long long)sh[2], (long long)sh[3], (int)layout,
             wb ? "" : " no weight/bias");
    EXPECT(rc == 0, "%s: run %d", what, rc);
    if (rc == 0) {
        std::vector<double> one(C, 1.0), zero(C, 0.0);
        // the reference sees the stored (FP32) statistics
        Compare(what, dt, Read(y),
                RefRaw(sh, x.vals, m.vals, v.vals, wb ? w.vals : one, wb ? b.vals : zero, q, (double)(float)eps));
        CheckUntouched(what, y);
    }
    for (aclScalar *s : {is, izp, os, ozp}) aclDestroyScalar(s);
    for (DevTensor *t : {&x, &m, &v, &w, &b, &y}) t->Free();
}

// x = 0..T-1 (mod range), eps 0, var 1, mean 0: y = (x - izp) / 2 + ozp lands on exact halves.
static void Ties(Runtime &rt, aclDataType dt)
{
    std::vector<int64_t> sh = {1, 2, 3, 4};
    std::vector<double> xv(24);
    for (int i = 0; i < 24; i++) xv[i] = dt == ACL_UINT8 ? i * 3 : i * 3 - 36;
    DevTensor x = MakeTensor(dt, sh, xv, CONTIG, ACL_FORMAT_NCHW);
    DevTensor m = MakeTensor(ACL_FLOAT, {2}, {0, 0}), v = MakeTensor(ACL_FLOAT, {2}, {1, 1});
    DevTensor y = MakeOut(dt, sh, CONTIG, ACL_FORMAT_NCHW);
    Q q{1.0f, 2.0f, 0, dt == ACL_UINT8 ? 1 : 0};
    aclScalar *is = aclCreateScalar(&q.is, ACL_FLOAT), *izp = aclCreateScalar(&q.izp, ACL_INT32);
    aclScalar *os = aclCreateScalar(&q.os, ACL_FLOAT), *ozp = aclCreateScalar(&q.ozp, ACL_INT32);
    int rc = NPL_RUN(QuantizedBatchNorm, x.t, m.t, v.t, is, izp, os, ozp, nullptr, nullptr, 0.0f, y.t);
    EXPECT(rc == 0, "ties dt %d run %d", (int)dt, rc);
    std::vector<double> got = Read(y);
    for (int i = 0; i < 24; i++) {
        double raw = (x.vals[i] - q.izp) / 2.0 + q.ozp, want = RoundAwaySat(raw, dt);
        EXPECT(got[i] == want, "ties dt %d: x %g -> %g, want %g (half away from zero)", (int)dt, x.vals[i], got[i],
               want);
    }
    for (aclScalar *s : {is, izp, os, ozp}) aclDestroyScalar(s);
    for (DevTensor *t : {&x, &m, &v, &y}) t->Free();
}

static void Errors(Runtime &rt)
{
    std::vector<int64_t> sh = {2, 3, 2, 2};
    DevTensor x = MakeOut(ACL_INT8, sh, CONTIG, ACL_FORMAT_NCHW), y = MakeOut(ACL_INT8, sh, CONTIG, ACL_FORMAT_NCHW);
    DevTensor c = MakeTensor(ACL_FLOAT, {3}, {0, 0, 0}), c4 = MakeOut(ACL_FLOAT, {4}), ch = MakeOut(ACL_FLOAT16, {3});
    DevTensor xf = MakeOut(ACL_FLOAT, sh, CONTIG, ACL_FORMAT_NCHW), xe = MakeOut(ACL_INT8, {2, 3, 0, 2}, CONTIG,
                                                                                 ACL_FORMAT_NCHW);
    DevTensor xnd = MakeOut(ACL_INT8, sh), y3 = MakeOut(ACL_INT8, {2, 3, 4}, CONTIG, ACL_FORMAT_NCHW);
    DevTensor x3 = MakeOut(ACL_INT8, {2, 3, 4}, CONTIG, ACL_FORMAT_NCHW), yo = MakeOut(ACL_INT8, {2, 3, 2, 3}, CONTIG,
                                                                                        ACL_FORMAT_NCHW);
    DevTensor y32 = MakeOut(ACL_INT32, sh, CONTIG, ACL_FORMAT_NCHW);
    float f = 1.0f;
    int32_t i0 = 0;
    aclScalar *sf = aclCreateScalar(&f, ACL_FLOAT), *si = aclCreateScalar(&i0, ACL_INT32);
    const aclTensor *n = nullptr;
    const aclScalar *ns = nullptr;
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "input", QuantizedBatchNorm, n, c.t, c.t, sf, si, sf, si, c.t, c.t, 1e-5f,
                   y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "var", QuantizedBatchNorm, x.t, c.t, n, sf, si, sf, si, c.t, c.t, 1e-5f,
                   y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "outputScale", QuantizedBatchNorm, x.t, c.t, c.t, sf, si, ns, si, c.t, c.t,
                   1e-5f, y.t);
    // nulls before anything else: a FLOAT input with a null output scalar is a null error
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "outputZeroPoint", QuantizedBatchNorm, xf.t, c.t, c.t, sf, si, sf, ns,
                   c.t, c.t, 1e-5f, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "empty", QuantizedBatchNorm, xe.t, c.t, c.t, sf, si, sf, si, c.t, c.t,
                   1e-5f, xe.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_FLOAT", QuantizedBatchNorm, xf.t, c.t, c.t, sf, si, sf, si, c.t, c.t,
                   1e-5f, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal", QuantizedBatchNorm, xnd.t,
                   c.t, c.t, sf, si, sf, si, c.t, c.t, 1e-5f, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "output", QuantizedBatchNorm, x.t, c.t, c.t, sf, si, sf, si, c.t, c.t,
                   1e-5f, yo.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weight", QuantizedBatchNorm, x.t, c.t, c.t, sf, si, sf, si, ch.t, c.t,
                   1e-5f, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Dim of mean should be one", QuantizedBatchNorm, x.t, c4.t, c.t, sf, si,
                   sf, si, nullptr, nullptr, 1e-5f, y.t);
    // dtypes of the per-channel tensors come before their shapes
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "var", QuantizedBatchNorm, x.t, c4.t, ch.t, sf, si, sf, si, nullptr,
                   nullptr, 1e-5f, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "inputZeroPoint", QuantizedBatchNorm, x.t, c.t, c.t, sf, sf, sf, si, c.t,
                   c.t, 1e-5f, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "4-D", QuantizedBatchNorm, x3.t, c.t, c.t, sf, si, sf, si, c.t, c.t, 1e-5f,
                   y3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "Not supported x format", QuantizedBatchNorm, xnd.t, c.t, c.t, sf, si,
                   sf, si, c.t, c.t, 1e-5f, xnd.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_NULLPTR, "ViewCopy", QuantizedBatchNorm, x.t, c.t, c.t, sf, si, sf, si, c.t, c.t,
                   1e-5f, y32.t);
    aclDestroyScalar(sf);
    aclDestroyScalar(si);
    for (DevTensor *t : {&x, &y, &c, &c4, &ch, &xf, &xe, &xnd, &y3, &x3, &yo, &y32}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    printf("SoC %s\n", soc ? soc : "?");
    if (soc && std::strncmp(soc, "Ascend310P", 10) == 0) { // not in the doc's list: no kernel
        std::vector<int64_t> sh = {1, 2, 1, 4};
        DevTensor x = MakeOut(ACL_INT8, sh, CONTIG, ACL_FORMAT_NCHW), c = MakeOut(ACL_FLOAT, {2});
        float f = 1.0f;
        int32_t i0 = 0;
        aclScalar *sf = aclCreateScalar(&f, ACL_FLOAT), *si = aclCreateScalar(&i0, ACL_INT32);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "mean", QuantizedBatchNorm, x.t, nullptr, c.t, sf, si, sf, si, c.t,
                       c.t, 1e-5f, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_RUNTIME_ERROR, "support for", QuantizedBatchNorm, x.t, c.t, c.t, sf, si, sf, si, c.t,
                       c.t, 1e-5f, x.t);
        aclDestroyScalar(sf);
        aclDestroyScalar(si);
        x.Free();
        c.Free();
        printf("%s: %d failure(s)\n", __FILE__, g_failures);
        return g_failures ? 1 : 0;
    }
    uint64_t seed = 7100;
    for (aclDataType dt : {ACL_INT8, ACL_UINT8, ACL_INT32}) {
        Q q = dt == ACL_INT32 ? Q{0.01f, 0.5f, 7, -3} : dt == ACL_UINT8 ? Q{0.05f, 0.04f, 128, 120} : Q{0.1f, 0.08f, -2, 3};
        Case(rt, dt, {2, 3, 4, 5}, CONTIG, true, q, 1e-5, seed++);
        Case(rt, dt, {3, 5, 2, 7}, PADDED, true, q, 1e-3, seed++);
        Case(rt, dt, {2, 4, 3, 3}, TRANSPOSED, false, q, 1e-5, seed++);
        Case(rt, dt, {1, 37, 16, 16}, CONTIG, true, q, 1e-5, seed++);
        // saturation: a small output scale pushes most values past the type's range
        Q sat = q;
        sat.os = dt == ACL_INT32 ? 1e-6f : 1e-3f;
        Case(rt, dt, {2, 3, 4, 5}, CONTIG, true, sat, 1e-5, seed++);
        Ties(rt, dt);
    }
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
