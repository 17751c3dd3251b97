// aclnnRmsNorm, aclnnAddRmsNorm, aclnnInplaceAddRmsNorm, aclnnRmsNormGrad: FLOAT / FLOAT16 / BF16
// (gamma also FLOAT with 16-bit x), one and two normalised dims, strided views, validation
// errors, against double-precision references.
#include "npl_util.h"
#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_inplace_add_rms_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"

static void RefRms(const std::vector<double> &x, int64_t rows, int64_t n, const std::vector<double> &g, double eps,
                   std::vector<double> &y, std::vector<double> &rstd)
{
    y.assign(x.size(), 0);
    rstd.assign(rows, 0);
    for (int64_t r = 0; r < rows; r++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += x[r * n + j] * x[r * n + j];
        rstd[r] = 1.0 / std::sqrt(s / n + eps);
        for (int64_t j = 0; j < n; j++) y[r * n + j] = x[r * n + j] * rstd[r] * g[j];
    }
}

static std::vector<int64_t> StatShape(std::vector<int64_t> s, size_t nnorm)
{
    for (size_t i = s.size() - nnorm; i < s.size(); i++) s[i] = 1;
    return s;
}

static void RmsCase(Runtime &rt, aclDataType dt, aclDataType gdt, std::vector<int64_t> shape, size_t nnorm, Layout xl,
                    uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> gs(shape.end() - nnorm, shape.end());
    int64_t n = GetShapeSize(gs), rows = GetShapeSize(shape) / n;
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, rows * n), xl), g = MakeTensor(gdt, gs, RandVals(rng, n, 0.5));
    DevTensor y = MakeOut(dt, shape, xl), r = MakeOut(ACL_FLOAT, StatShape(shape, nnorm));
    double eps = 1e-6;
    EXPECT(NPL_RUN(RmsNorm, x.t, g.t, eps, y.t, r.t) == 0, "RmsNorm run");
    std::vector<double> ry, rr;
    RefRms(x.vals, rows, n, g.vals, eps, ry, rr);
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(xl);
    CheckDtype(Name("RmsNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("RmsNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(r), rr);

    // AddRmsNorm / InplaceAddRmsNorm: gamma of x's dtype
    DevTensor gx = MakeTensor(dt, gs, g.vals);
    DevTensor x2 = MakeTensor(dt, shape, RandVals(rng, rows * n)), xo = MakeOut(dt, shape);
    DevTensor y2 = MakeOut(dt, shape), r2 = MakeOut(ACL_FLOAT, StatShape(shape, nnorm));
    EXPECT(NPL_RUN(AddRmsNorm, x.t, x2.t, gx.t, eps, y2.t, r2.t, xo.t) == 0, "AddRmsNorm run");
    std::vector<double> xs(x.vals.size());
    for (size_t i = 0; i < xs.size(); i++) xs[i] = RoundTo(dt, x.vals[i] + x2.vals[i]);
    std::vector<double> xsum_exact(x.vals.size());
    for (size_t i = 0; i < xs.size(); i++) xsum_exact[i] = x.vals[i] + x2.vals[i];
    RefRms(xsum_exact, rows, n, gx.vals, eps, ry, rr);
    CheckDtype(Name("AddRmsNorm y", dt, what).c_str(), dt, Read(y2), ry);
    CheckDtype(Name("AddRmsNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(r2), rr);
    CheckDtype(Name("AddRmsNorm x", dt, what).c_str(), dt, Read(xo), xsum_exact);

    // InplaceAddRmsNorm: x1Ref <- y, x2Ref <- x1 + x2
    DevTensor a1 = MakeTensor(dt, shape, x.vals, xl), a2 = MakeTensor(dt, shape, x2.vals);
    DevTensor r3 = MakeOut(ACL_FLOAT, StatShape(shape, nnorm));
    EXPECT(NPL_RUN(InplaceAddRmsNorm, a1.t, a2.t, gx.t, eps, r3.t) == 0, "InplaceAddRmsNorm run");
    CheckDtype(Name("InplaceAddRmsNorm y", dt, what).c_str(), dt, Read(a1), ry);
    CheckDtype(Name("InplaceAddRmsNorm x", dt, what).c_str(), dt, Read(a2), xsum_exact);
    CheckDtype(Name("InplaceAddRmsNorm rstd", dt, what).c_str(), ACL_FLOAT, Read(r3), rr);

    // RmsNormGrad with rstd of x
    RefRms(x.vals, rows, n, g.vals, eps, ry, rr);
    DevTensor dy = MakeTensor(dt, shape, RandVals(rng, rows * n)), rs = MakeTensor(ACL_FLOAT, StatShape(shape, nnorm), rr);
    DevTensor dx = MakeOut(dt, shape), dg = MakeOut(ACL_FLOAT, gs);
    EXPECT(NPL_RUN(RmsNormGrad, dy.t, x.t, rs.t, g.t, dx.t, dg.t) == 0, "RmsNormGrad run");
    std::vector<double> rdx(x.vals.size()), rdg(n, 0.0);
    for (int64_t row = 0; row < rows; row++) {
        double rsd = rs.vals[row], dot = 0;
        for (int64_t j = 0; j < n; j++) dot += dy.vals[row * n + j] * g.vals[j] * x.vals[row * n + j];
        for (int64_t j = 0; j < n; j++) {
            double xi = x.vals[row * n + j];
            rdx[row * n + j] = rsd * dy.vals[row * n + j] * g.vals[j] - xi * rsd * rsd * rsd * dot / n;
            rdg[j] += dy.vals[row * n + j] * xi * rsd;
        }
    }
    CheckDtype(Name("RmsNormGrad dx", dt, what).c_str(), dt, Read(dx), rdx);
    CheckDtype(Name("RmsNormGrad dgamma", dt, what).c_str(), ACL_FLOAT, Read(dg), rdg);
    for (DevTensor *t : {&x, &g, &gx, &y, &r, &x2, &xo, &y2, &r2, &a1, &a2, &r3, &dy, &rs, &dx, &dg}) t->Free();
}

// AddRmsNorm "post" mode: rstdOut and xOut NULL, FLOAT16 / BF16 only, gamma [1, D].
static void AddRmsPost(Runtime &rt, aclDataType dt, uint64_t seed)
{
    Lcg rng(seed);
    int64_t B = 6, D = 40;
    DevTensor x1 = MakeTensor(dt, {2, 3, D}, RandVals(rng, B * D)), x2 = MakeTensor(dt, {2, 3, D}, RandVals(rng, B * D));
    DevTensor g = MakeTensor(dt, {1, D}, RandVals(rng, D, 0.5)), y = MakeOut(dt, {2, 3, D});
    int rc = NPL_RUN(AddRmsNorm, x1.t, x2.t, g.t, 1e-6, y.t, nullptr, nullptr);
    if (dt == ACL_FLOAT) {
        EXPECT(rc != 0, "post mode should reject FLOAT");
    } else {
        EXPECT(rc == 0, "AddRmsNorm post mode");
        std::vector<double> xs(B * D), ry, rr;
        for (int64_t i = 0; i < B * D; i++) xs[i] = x1.vals[i] + x2.vals[i];
        RefRms(xs, B, D, g.vals, 1e-6, ry, rr);
        CheckDtype(Name("AddRmsNorm post", dt, "").c_str(), dt, Read(y), ry);
    }
    for (DevTensor *t : {&x1, &x2, &g, &y}) t->Free();
}

static void Errors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 8}), g = MakeOut(ACL_FLOAT, {8}), y = MakeOut(ACL_FLOAT, {2, 8});
    DevTensor r = MakeOut(ACL_FLOAT, {2, 1}), r16 = MakeOut(ACL_FLOAT16, {2, 1}), gb = MakeOut(ACL_FLOAT, {7});
    DevTensor xi = MakeOut(ACL_INT32, {2, 8}), y16 = MakeOut(ACL_FLOAT16, {2, 8});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "gamma", RmsNorm, x.t, nullptr, 1e-6, y.t, r.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", RmsNorm, xi.t, g.t, 1e-6, y.t, r.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "rstdOut", RmsNorm, x.t, g.t, 1e-6, y.t, r16.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "yOut", RmsNorm, x.t, g.t, 1e-6, y16.t, r.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gamma", RmsNorm, x.t, gb.t, 1e-6, y.t, r.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "xOut", AddRmsNorm, x.t, x.t, g.t, 1e-6, y.t, r.t, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x2Ref", InplaceAddRmsNorm, x.t, nullptr, g.t, 1e-6, r.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dgammaOut", RmsNormGrad, x.t, x.t, r.t, g.t, y.t, y.t);
    for (DevTensor *t : {&x, &g, &y, &r, &r16, &gb, &xi, &y16}) t->Free();
}

// FP32 dx / dgamma against central differences of RefRms (rstd a function of x), contracted with dy.
static void RmsGradFd(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t rows = 3, n = 5;
    const double eps = 1e-6;
    DevTensor x = MakeTensor(ACL_FLOAT, {rows, n}, RandVals(rng, rows * n)), g = MakeTensor(ACL_FLOAT, {n}, RandVals(rng, n, 0.5));
    DevTensor dy = MakeTensor(ACL_FLOAT, {rows, n}, RandVals(rng, rows * n));
    std::vector<double> ry, rr;
    RefRms(x.vals, rows, n, g.vals, eps, ry, rr);
    DevTensor rs = MakeTensor(ACL_FLOAT, {rows, 1}, rr), dx = MakeOut(ACL_FLOAT, {rows, n}), dg = MakeOut(ACL_FLOAT, {n});
    EXPECT(NPL_RUN(RmsNormGrad, dy.t, x.t, rs.t, g.t, dx.t, dg.t) == 0, "RmsNormGrad fd run");
    auto loss = [&](const std::vector<double> &xv, const std::vector<double> &gv) {
        std::vector<double> y, r;
        RefRms(xv, rows, n, gv, eps, y, r);
        double L = 0;
        for (size_t i = 0; i < y.size(); i++) L += dy.vals[i] * y[i];
        return L;
    };
    CheckFd("RmsNormGrad fp32 dx", Read(dx), FdGrad([&](const std::vector<double> &v) { return loss(v, g.vals); }, x.vals));
    CheckFd("RmsNormGrad fp32 dgamma", Read(dg), FdGrad([&](const std::vector<double> &v) { return loss(x.vals, v); }, g.vals));
    for (DevTensor *t : {&x, &g, &dy, &rs, &dx, &dg}) t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t seed = 100;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        RmsCase(rt, dt, dt, {3, 7, 33}, 1, CONTIG, seed++);
        RmsCase(rt, dt, dt, {5, 4, 6}, 2, CONTIG, seed++);
        RmsCase(rt, dt, ACL_FLOAT, {67, 129}, 1, CONTIG, seed++);
        RmsCase(rt, dt, dt, {9, 17}, 1, TRANSPOSED, seed++);
        RmsCase(rt, dt, dt, {4, 19}, 1, PADDED, seed++);
    }
    RmsCase(rt, ACL_FLOAT, ACL_FLOAT, {513}, 1, CONTIG, seed++);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) AddRmsPost(rt, dt, seed++);
    RmsGradFd(rt, seed++);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
