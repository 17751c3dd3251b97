// aclnnLayerNorm / aclnnLayerNormWithImplMode: FLOAT / FLOAT16 / BF16, odd sizes, several
// normalised ranks, optional weight/bias (FLOAT weight with 16-bit input), transposed and padded
// views, empty tensors and the validation errors, against a double-precision reference.
#include "npl_util.h"
#include "aclnnop/aclnn_layer_norm.h"

struct LnRef {
    std::vector<double> y, mean, rstd;
};

static LnRef RefLayerNorm(const std::vector<double> &x, int64_t rows, int64_t n, const std::vector<double> *w,
                          const std::vector<double> *b, double eps)
{
    LnRef r;
    r.y.resize(x.size());
    for (int64_t i = 0; i < rows; i++) {
        double s = 0, v = 0;
        for (int64_t j = 0; j < n; j++) s += x[i * n + j];
        double m = s / n;
        for (int64_t j = 0; j < n; j++) v += (x[i * n + j] - m) * (x[i * n + j] - m);
        double rs = 1.0 / std::sqrt(v / n + eps);
        for (int64_t j = 0; j < n; j++)
            r.y[i * n + j] = (x[i * n + j] - m) * rs * (w ? (*w)[j] : 1.0) + (b ? (*b)[j] : 0.0);
        r.mean.push_back(m);
        r.rstd.push_back(rs);
    }
    return r;
}

static void Case(Runtime &rt, aclDataType dt, aclDataType wdt, std::vector<int64_t> shape, size_t nnorm, bool affine,
                 Layout xl, Layout yl, uint64_t seed, int implMode = -1)
{
    Lcg rng(seed);
    size_t nd = shape.size();
    std::vector<int64_t> nshape(shape.end() - nnorm, shape.end()), sshape(shape);
    for (size_t i = nd - nnorm; i < nd; i++) sshape[i] = 1;
    int64_t n = GetShapeSize(nshape), rows = GetShapeSize(shape) / (n ? n : 1);
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, GetShapeSize(shape)), xl);
    DevTensor w, b;
    if (affine) {
        w = MakeTensor(wdt, nshape, RandVals(rng, n, 0.3));
        b = MakeTensor(wdt, nshape, RandVals(rng, n, 0.3));
    }
    DevTensor y = MakeOut(dt, shape, yl), mean = MakeOut(dt, sshape), rstd = MakeOut(dt, sshape);
    aclIntArray *ns = aclCreateIntArray(nshape.data(), nshape.size());
    double eps = 1e-5;
    int rc = implMode < 0 ? NPL_RUN(LayerNorm, x.t, ns, w.t, b.t, eps, y.t, mean.t, rstd.t)
                          : NPL_RUN(LayerNormWithImplMode, x.t, ns, w.t, b.t, eps, y.t, mean.t, rstd.t, implMode);
    EXPECT(rc == 0, "LayerNorm run failed");
    if (rc == 0) {
        LnRef r = RefLayerNorm(x.vals, rows, n, affine ? &w.vals : nullptr, affine ? &b.vals : nullptr, eps);
        std::string what = "rank " + std::to_string(nd) + " norm " + std::to_string(nnorm) + " layout " +
                           std::to_string(xl) + "/" + std::to_string(yl) + (affine ? " affine" : "");
        CheckDtype(Name("LayerNorm y", dt, what).c_str(), dt, Read(y), r.y);
        CheckDtype(Name("LayerNorm mean", dt, what).c_str(), dt, Read(mean), r.mean);
        CheckDtype(Name("LayerNorm rstd", dt, what).c_str(), dt, Read(rstd), r.rstd);
        CheckUntouched("LayerNorm y storage", y);
    }
    aclDestroyIntArray(ns);
    x.Free(); w.Free(); b.Free(); y.Free(); mean.Free(); rstd.Free();
}

static void Empty(Runtime &rt)
{
    // leading dim 0: nothing runs, workspace 0
    DevTensor x = MakeOut(ACL_FLOAT, {0, 5}), y = MakeOut(ACL_FLOAT, {0, 5});
    int64_t n5 = 5;
    aclIntArray *ns = aclCreateIntArray(&n5, 1);
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    EXPECT(aclnnLayerNormGetWorkspaceSize(x.t, ns, nullptr, nullptr, 1e-5, y.t, nullptr, nullptr, &ws, &ex) == 0 &&
               ws == 0, "empty rows");
    EXPECT(aclnnLayerNorm(nullptr, 0, ex, rt.stream) == 0, "empty run");
    aclDestroyIntArray(ns);
    x.Free(); y.Free();
    // normalised dim 0: mean 0, rstd NaN
    DevTensor x2 = MakeOut(ACL_FLOAT, {3, 0}), y2 = MakeOut(ACL_FLOAT, {3, 0});
    DevTensor m = MakeOut(ACL_FLOAT, {3, 1}), r = MakeOut(ACL_FLOAT, {3, 1});
    int64_t n0 = 0;
    ns = aclCreateIntArray(&n0, 1);
    EXPECT(NPL_RUN(LayerNorm, x2.t, ns, nullptr, nullptr, 1e-5, y2.t, m.t, r.t) == 0, "empty norm dim");
    std::vector<double> mv = Read(m), rv = Read(r);
    for (int i = 0; i < 3; i++) EXPECT(mv[i] == 0 && std::isnan(rv[i]), "mean %g rstd %g", mv[i], rv[i]);
    aclDestroyIntArray(ns);
    x2.Free(); y2.Free(); m.Free(); r.Free();
}

// A repeatable executor runs many times (here with a transposed, staged input), follows new
// contents at the same address and a rebound input address (aclSetInputTensorAddr).
static void Repeatable(Runtime &rt)
{
    Lcg rng(42);
    int64_t R = 9, N = 21;
    DevTensor x = MakeTensor(ACL_FLOAT, {R, N}, RandVals(rng, R * N), TRANSPOSED), y = MakeOut(ACL_FLOAT, {R, N});
    DevTensor x2 = MakeTensor(ACL_FLOAT, {R, N}, RandVals(rng, R * N), TRANSPOSED);
    int64_t nn = N;
    aclIntArray *ns = aclCreateIntArray(&nn, 1);
    uint64_t wsz = 0;
    aclOpExecutor *ex = nullptr;
    ACL_OK(aclnnLayerNormGetWorkspaceSize(x.t, ns, nullptr, nullptr, 1e-5, y.t, nullptr, nullptr, &wsz, &ex));
    ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    void *ws = nullptr;
    if (wsz) aclrtMalloc(&ws, wsz, ACL_MEM_MALLOC_HUGE_FIRST);
    for (int run = 0; run < 3; run++) {
        const DevTensor &src = run == 2 ? x2 : x;
        if (run == 2) ACL_OK(aclSetInputTensorAddr(ex, 0, x.t, x2.dev));
        ACL_OK(aclnnLayerNorm(ws, wsz, ex, rt.stream));
        ACL_OK(aclrtSynchronizeStream(rt.stream));
        LnRef r = RefLayerNorm(src.vals, R, N, nullptr, nullptr, 1e-5);
        CheckDtype(("LayerNorm repeatable run " + std::to_string(run)).c_str(), ACL_FLOAT, Read(y), r.y);
    }
    aclDestroyAclOpExecutor(ex);
    if (ws) aclrtFree(ws);
    aclDestroyIntArray(ns);
    x.Free(); y.Free(); x2.Free();
}

static void Errors()
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 8}), y = MakeOut(ACL_FLOAT, {2, 8}), xi = MakeOut(ACL_INT32, {2, 8});
    DevTensor w16 = MakeOut(ACL_FLOAT16, {8}), yb = MakeOut(ACL_FLOAT, {2, 9});
    int64_t n8 = 8, n7 = 7;
    aclIntArray *ns = aclCreateIntArray(&n8, 1), *bad = aclCreateIntArray(&n7, 1);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "input", LayerNorm, nullptr, ns, nullptr, nullptr, 1e-5, y.t, nullptr, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "normalizedShape", LayerNorm, x.t, nullptr, nullptr, nullptr, 1e-5, y.t,
                   nullptr, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", LayerNorm, xi.t, ns, nullptr, nullptr, 1e-5, y.t, nullptr, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "weightOptional", LayerNorm, x.t, ns, w16.t, nullptr, 1e-5, y.t, nullptr,
                   nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "normalizedShape", LayerNorm, x.t, bad, nullptr, nullptr, 1e-5, y.t, nullptr,
                   nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "out", LayerNorm, x.t, ns, nullptr, nullptr, 1e-5, yb.t, nullptr, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "implMode", LayerNormWithImplMode, x.t, ns, nullptr, nullptr, 1e-5, y.t,
                   nullptr, nullptr, 3);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_FLOAT16", LayerNormWithImplMode, x.t, ns, nullptr, nullptr, 1e-5, y.t,
                   nullptr, nullptr, 2);
    aclDestroyIntArray(ns);
    aclDestroyIntArray(bad);
    x.Free(); y.Free(); xi.Free(); w16.Free(); yb.Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t seed = 1;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Case(rt, dt, dt, {3, 5, 7}, 1, true, CONTIG, CONTIG, seed++);
        Case(rt, dt, dt, {37, 129}, 1, true, CONTIG, CONTIG, seed++);
        Case(rt, dt, dt, {2, 3, 4, 5}, 2, false, CONTIG, CONTIG, seed++);
        Case(rt, dt, dt, {11, 13}, 1, true, TRANSPOSED, PADDED, seed++);
        Case(rt, dt, ACL_FLOAT, {5, 64}, 1, true, PADDED, CONTIG, seed++);
        Case(rt, dt, dt, {1000}, 1, true, CONTIG, CONTIG, seed++);
    }
    Case(rt, ACL_FLOAT, ACL_FLOAT, {257, 300}, 1, true, CONTIG, CONTIG, seed++, 1);
    Case(rt, ACL_FLOAT16, ACL_FLOAT16, {7, 40}, 1, true, CONTIG, CONTIG, seed++, 2);
    Case(rt, ACL_FLOAT, ACL_FLOAT, {2, 2, 2, 2, 2, 2, 2, 3}, 3, true, CONTIG, CONTIG, seed++);
    Empty(rt);
    Repeatable(rt);
    Errors();
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
