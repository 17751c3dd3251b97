// aclnnRenorm, aclnnInplaceRenorm, aclnnEmbeddingRenorm (norm part, issue 12) against
// double-precision references: per slice along dim, norm_p (p = 0 count, 1, 2, 3, inf),
// factor = min(max(norm, eps), maxNorm) / max(norm, eps) (rounded to the dtype before the multiply
// except on the 950, which computes in FP32), every dtype the chip lists, transposed / padded
// views, negative dim, empty tensors, EmbeddingRenorm with repeated / out-of-order indices (rows not
// listed unchanged) and the validation paths with codes and messages. Runs on the default chip
// (Ascend910B), a 310P and a 950.
#include "npl_util.h"
#include "aclnnop/aclnn_embedding_renorm.h"
#include "aclnnop/aclnn_renorm.h"

enum Chip { CHIP_A2, CHIP_310P, CHIP_950 };
static Chip g_chip = CHIP_A2;

static double NormP(const std::vector<double> &v, double p)
{
    double acc = 0;
    for (double x : v) {
        double a = std::fabs(x);
        if (p == 0) acc += a != 0;
        else if (std::isinf(p)) acc = std::max(acc, a);
        else acc += std::pow(a, p);
    }
    if (p == 0 || std::isinf(p)) return acc;
    return std::pow(acc, 1.0 / p);
}

static double Factor(aclDataType dt, double norm, double maxnorm)
{
    double eps = (dt == ACL_FLOAT || g_chip == CHIP_950) ? 1e-12 : 1e-7;
    double n = std::max(norm, eps);
    double f = std::min(n, maxnorm) / n;
    return (g_chip != CHIP_950 && dt != ACL_FLOAT) ? RoundTo(dt, f) : f;
}

// Reference of Renorm over view-ordered values.
static std::vector<double> RenormRef(aclDataType dt, const std::vector<double> &x, const std::vector<int64_t> &shape,
                                     int64_t dim, double p, double maxnorm)
{
    int64_t outer = 1, inner = 1, d = shape[dim];
    for (int64_t i = 0; i < (int64_t)shape.size(); i++) {
        if (i < dim) outer *= shape[i];
        if (i > dim) inner *= shape[i];
    }
    std::vector<double> y(x.size());
    for (int64_t k = 0; k < d; k++) {
        std::vector<double> s;
        for (int64_t o = 0; o < outer; o++)
            for (int64_t i = 0; i < inner; i++) s.push_back(x[(o * d + k) * inner + i]);
        double f = Factor(dt, NormP(s, p), maxnorm);
        for (int64_t o = 0; o < outer; o++)
            for (int64_t i = 0; i < inner; i++) {
                int64_t j = (o * d + k) * inner + i;
                y[j] = x[j] * f;
            }
    }
    return y;
}

static void RenormCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, int64_t dim, double p, double maxnorm,
                       Layout xl, bool inplace, uint64_t seed)
{
    Lcg rng(seed);
    int64_t n = GetShapeSize(shape);
    std::vector<double> v = RandVals(rng, n);
    if (n > 3) { v[1] = 0; v[2] = -0.0; }
    DevTensor x = MakeTensor(dt, shape, v, xl), y = MakeOut(dt, shape, xl == TRANSPOSED ? CONTIG : PADDED);
    aclScalar *ps = aclCreateScalar(&p, ACL_DOUBLE), *ms = aclCreateScalar(&maxnorm, ACL_DOUBLE);
    int rc = inplace ? NPL_RUN(InplaceRenorm, x.t, ps, dim, ms) : NPL_RUN(Renorm, x.t, ps, dim, ms, y.t);
    int64_t d = dim < 0 ? dim + (int64_t)shape.size() : dim;
    std::string what = std::string(inplace ? "Inplace " : "") + "rank " + std::to_string(shape.size()) + " dim " +
                       std::to_string(dim) + " p " + std::to_string(p) + " layout " + std::to_string(xl);
    EXPECT(rc == 0, "Renorm run (%s %s)", DtName(dt), what.c_str());
    std::vector<double> ref = RenormRef(dt, x.vals, shape, d, p, maxnorm);
    CheckDtype(Name("Renorm", dt, what).c_str(), dt, Read(inplace ? x : y), ref);
    CheckUntouched("Renorm out storage", inplace ? x : y);
    aclDestroyScalar(ps);
    aclDestroyScalar(ms);
    x.Free();
    y.Free();
}

static void EmbeddingCase(Runtime &rt, aclDataType dt, aclDataType idt, double p, Layout xl, uint64_t seed)
{
    Lcg rng(seed);
    int64_t V = 11, D = 17;
    DevTensor x = MakeTensor(dt, {V, D}, RandVals(rng, V * D), xl);
    std::vector<double> iv = {3, 7, 3, 0, 10, 7};
    DevTensor idx = MakeTensor(idt, {2, 3}, iv);
    double maxnorm = 2.5;
    EXPECT(NPL_RUN(EmbeddingRenorm, x.t, idx.t, maxnorm, p) == 0, "EmbeddingRenorm run");
    std::vector<double> ref = x.vals;
    for (int64_t r = 0; r < V; r++) {
        if (std::find(iv.begin(), iv.end(), (double)r) == iv.end()) continue;
        std::vector<double> row(x.vals.begin() + r * D, x.vals.begin() + (r + 1) * D);
        double f = Factor(dt, NormP(row, p), maxnorm);
        for (int64_t j = 0; j < D; j++) ref[r * D + j] = row[j] * f;
    }
    std::vector<double> got = Read(x);
    CheckDtype(Name("EmbeddingRenorm", dt, "p " + std::to_string(p) + " layout " + std::to_string(xl)).c_str(), dt,
               got, ref);
    size_t changed = 0;
    for (int64_t r : {1, 2, 4, 5, 6, 8, 9})
        for (int64_t j = 0; j < D; j++) changed += got[r * D + j] != x.vals[r * D + j];
    EXPECT(changed == 0, "EmbeddingRenorm: %zu elements of rows not listed changed", changed);
    CheckUntouched("EmbeddingRenorm selfRef storage", x);
    x.Free();
    idx.Free();
}

static void Empty(Runtime &rt)
{
    double p = 2, m = 1;
    aclScalar *ps = aclCreateScalar(&p, ACL_DOUBLE), *ms = aclCreateScalar(&m, ACL_DOUBLE);
    DevTensor x = MakeOut(ACL_FLOAT, {0, 4}), y = MakeOut(ACL_FLOAT, {0, 4}), i = MakeOut(ACL_INT64, {0});
    DevTensor e = MakeOut(ACL_FLOAT, {4, 3});
    EXPECT(NPL_RUN(Renorm, x.t, ps, 1, ms, y.t) == 0, "Renorm empty");
    EXPECT(NPL_RUN(EmbeddingRenorm, e.t, i.t, 1.0, 2.0) == 0, "EmbeddingRenorm empty indices");
    aclDestroyScalar(ps);
    aclDestroyScalar(ms);
    for (DevTensor *t : {&x, &y, &i, &e}) t->Free();
}

static void Errors()
{
    double p = 2, m = 1, neg = -1;
    aclScalar *ps = aclCreateScalar(&p, ACL_DOUBLE), *ms = aclCreateScalar(&m, ACL_DOUBLE);
    aclScalar *pn = aclCreateScalar(&neg, ACL_DOUBLE);
    DevTensor x = MakeOut(ACL_FLOAT, {3, 4}), y16 = MakeOut(ACL_FLOAT16, {3, 4}), x1 = MakeOut(ACL_FLOAT, {12});
    DevTensor y5 = MakeOut(ACL_FLOAT, {3, 5}), xi = MakeOut(ACL_INT32, {3, 4}), xb = MakeOut(ACL_BF16, {3, 4});
    DevTensor i = MakeOut(ACL_INT64, {2}), if32 = MakeOut(ACL_FLOAT, {2}), x3 = MakeOut(ACL_FLOAT, {2, 3, 4});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "maxNorm", Renorm, x.t, ps, 0, nullptr, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "out", Renorm, x.t, ps, 0, ms, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "self dtype", Renorm, xi.t, ps, 0, ms, xi.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", Renorm, x.t, ps, 0, ms, y16.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "self", Renorm, x1.t, ps, 0, ms, x1.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", Renorm, x.t, ps, 0, ms, y5.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "p only support non-negative values", Renorm, x.t, pn, 0, ms, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "but now dim is [2]", Renorm, x.t, ps, 2, ms, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "but now dim is [-3]", InplaceRenorm, x.t, ps, -3, ms);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "maxNorm should be greater than 0", Renorm, x.t, ps, 0, pn, x.t);
    if (g_chip == CHIP_310P)
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "self dtype", Renorm, xb.t, ps, 0, ms, xb.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "indices", EmbeddingRenorm, x.t, nullptr, 1.0, 2.0);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "indices", EmbeddingRenorm, x.t, if32.t, 1.0, 2.0);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Except 2-dimension Tensor", EmbeddingRenorm, x3.t, i.t, 1.0, 2.0);
    aclDestroyScalar(ps);
    aclDestroyScalar(ms);
    aclDestroyScalar(pn);
    for (DevTensor *t : {&x, &y16, &x1, &y5, &xi, &xb, &i, &if32, &x3}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    std::string sv = soc ? soc : "";
    g_chip = sv.find("310P") != std::string::npos ? CHIP_310P : (sv.find("950") != std::string::npos ? CHIP_950 : CHIP_A2);
    printf("chip %s\n", sv.c_str());
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (g_chip != CHIP_310P) dts.push_back(ACL_BF16);
    uint64_t seed = 1500;
    for (aclDataType dt : dts) {
        RenormCase(rt, dt, {4, 5, 6}, 1, 2.0, 5.0, CONTIG, false, seed++);
        RenormCase(rt, dt, {4, 5, 6}, -1, 1.0, 8.0, TRANSPOSED, false, seed++);
        RenormCase(rt, dt, {7, 9}, 0, 3.0, 4.0, PADDED, false, seed++);
        RenormCase(rt, dt, {3, 2, 4, 5}, 2, INFINITY, 3.0, CONTIG, true, seed++);
        RenormCase(rt, dt, {6, 8}, 1, 0.0, 4.0, CONTIG, false, seed++);
        RenormCase(rt, dt, {5, 33}, 0, 2.0, 1e9, TRANSPOSED, true, seed++); // nothing exceeds maxNorm
        EmbeddingCase(rt, dt, ACL_INT64, 2.0, CONTIG, seed++);
        EmbeddingCase(rt, dt, ACL_INT32, 1.0, PADDED, seed++);
    }
    Empty(rt);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
