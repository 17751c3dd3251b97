// aclnnUnfoldGrad against a reference written here (the adjoint of Tensor.unfold scattered in
// double) and by central finite differences of sum(unfold(x) * gradOut); dims inner and outer,
// overlapping (step < size), gapped (step > size) and single windows, FLOAT / FLOAT16 / BF16,
// strided / transposed views, empty tensors; every validation path with its code and message;
// the chips (A2 / A3 / 950 run it, 310P refuses it).
#include <string>

#include "aclnnop/aclnn_unfold_grad.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

struct Case {
    std::vector<int64_t> in; // inputSizes
    int64_t dim, size, step;
};

static std::vector<int64_t> OutShape(const Case &c)
{
    std::vector<int64_t> s = c.in;
    s[(size_t)c.dim] = (c.in[(size_t)c.dim] - c.size) / c.step + 1;
    s.push_back(c.size);
    return s;
}

// unfold(x)[..., w, ..., k] = x[..., w * step + k, ...]: the flat index of x each element reads
static std::vector<int64_t> UnfoldSource(const Case &c)
{
    std::vector<int64_t> os = OutShape(c);
    int64_t n = GetShapeSize(os);
    size_t R = c.in.size();
    std::vector<int64_t> src((size_t)n);
    for (int64_t e = 0; e < n; e++) {
        std::vector<int64_t> idx(R + 1);
        int64_t r = e;
        for (int64_t i = (int64_t)R; i >= 0; i--) { idx[(size_t)i] = r % os[(size_t)i]; r /= os[(size_t)i]; }
        idx[(size_t)c.dim] = idx[(size_t)c.dim] * c.step + idx[R];
        int64_t f = 0;
        for (size_t i = 0; i < R; i++) f = f * c.in[i] + idx[i];
        src[(size_t)e] = f;
    }
    return src;
}

static std::string ShapeStr(const std::vector<int64_t> &s)
{
    std::string r = "[";
    for (size_t i = 0; i < s.size(); i++) r += (i ? "," : "") + std::to_string(s[i]);
    return r + "]";
}

static void RunCase(aclDataType dt, const Case &c, Layout gl, Layout ol, uint64_t &seed, bool fd)
{
    std::vector<int64_t> os = OutShape(c);
    std::vector<double> go = QuantAll(dt, RandomValues((size_t)GetShapeSize(os), seed++));
    std::vector<int64_t> src = UnfoldSource(c);
    int64_t ni = GetShapeSize(c.in);
    std::vector<double> want((size_t)ni, 0.0);
    for (size_t e = 0; e < src.size(); e++) want[(size_t)src[e]] += go[e];
    if (fd) { // d/dx_i of L(x) = sum_e x[src[e]] * go[e], by central differences
        std::vector<double> x = RandomValues((size_t)ni, seed++);
        auto L = [&](const std::vector<double> &xv) { double s = 0; for (size_t e = 0; e < src.size(); e++) s += xv[(size_t)src[e]] * go[e]; return s; };
        const double h = 1e-3;
        for (int64_t i = 0; i < ni; i++) {
            std::vector<double> xp = x, xm = x;
            xp[(size_t)i] += h;
            xm[(size_t)i] -= h;
            double d = (L(xp) - L(xm)) / (2 * h);
            EXPECT(std::fabs(d - want[(size_t)i]) <= 1e-6 * (1 + std::fabs(d)), "FD reference %lld: %g vs %g", (long long)i, d, want[(size_t)i]);
            want[(size_t)i] = d;
        }
    }
    for (double &v : want) v = Quant(dt, v);
    DevTensor g, o;
    if (!g.Init(dt, os, go, gl) || !o.Init(dt, c.in, {}, ol)) { EXPECT(false, "init"); return; }
    aclIntArray *is = aclCreateIntArray(c.in.data(), c.in.size());
    std::string what = std::string("UnfoldGrad ") + DtName(dt) + " " + ShapeStr(c.in) + " dim " + std::to_string(c.dim) +
                       " size " + std::to_string(c.size) + " step " + std::to_string(c.step) + " layouts " + std::to_string(gl) + std::to_string(ol);
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnUnfoldGradGetWorkspaceSize(g.t, is, c.dim, c.size, c.step, o.t, ws, ex); }, aclnnUnfoldGrad);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        // sums of up to size / step terms, each rounded once at the end; FLOAT16/BF16: one rounding
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        EXPECT(CountBad(what.c_str(), o.Read(), want, tol) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
    aclDestroyIntArray(is);
}

static void TestValues()
{
    uint64_t seed = 21;
    std::vector<Case> cases = {
        {{8, 2}, 0, 3, 2},  {{7}, 0, 2, 1},      {{7}, 0, 7, 1},       {{10}, 0, 2, 3},     {{3, 11}, 1, 4, 1},
        {{2, 9, 5}, 1, 3, 2}, {{2, 3, 40}, 2, 5, 5}, {{4, 6, 2, 3}, 0, 2, 1}, {{3, 500}, 1, 16, 3},
        {{1, 2, 1, 2, 1, 2, 13}, 6, 4, 2}, {{2, 1030}, 1, 1, 1},
    };
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (size_t i = 0; i < cases.size(); i++)
            RunCase(dt, cases[i], (Layout)(i % 3), (Layout)((i + 1) % 3), seed, dt == ACL_FLOAT && GetShapeSize(cases[i].in) <= 200);
    // empty: nothing to do
    DevTensor g, o;
    g.Init(ACL_FLOAT, {0, 3, 2}, {}, CONTIG);
    o.Init(ACL_FLOAT, {0, 4}, {}, CONTIG);
    std::vector<int64_t> s = {0, 4};
    aclIntArray *is = aclCreateIntArray(s.data(), 2);
    EXPECT(Run("UnfoldGrad empty", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnUnfoldGradGetWorkspaceSize(g.t, is, 1, 2, 1, o.t, ws, ex); }, aclnnUnfoldGrad) == 0, "empty");
    aclDestroyIntArray(is);
}

static void TestValidation(bool runs)
{
    DevTensor g, o, gi, oh, g9, o0, g1, o_bad, g_w, g_last, g_other, gnz;
    g.Init(ACL_FLOAT, {3, 2, 3}, {}, CONTIG);   // unfold of (8, 2) along 0, size 3, step 2
    o.Init(ACL_FLOAT, {8, 2}, {}, CONTIG);
    gi.Init(ACL_INT32, {3, 2, 3}, {}, CONTIG);
    oh.Init(ACL_FLOAT16, {8, 2}, {}, CONTIG);
    g9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG);
    o0.Init(ACL_FLOAT, {}, {}, CONTIG);
    o_bad.Init(ACL_FLOAT, {8, 3}, {}, CONTIG);
    g_w.Init(ACL_FLOAT, {4, 2, 3}, {}, CONTIG);
    g_last.Init(ACL_FLOAT, {3, 2, 2}, {}, CONTIG);
    g_other.Init(ACL_FLOAT, {3, 5, 3}, {}, CONTIG);
    std::vector<int64_t> s = {8, 2}, s3 = {8, 2, 1}, s1 = {8};
    aclIntArray *is = aclCreateIntArray(s.data(), 2), *is3 = aclCreateIntArray(s3.data(), 3), *is1 = aclCreateIntArray(s1.data(), 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnUnfoldGradGetWorkspaceSize(nullptr, is, 0, 3, 2, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "null gradOut: %d", rc);
    rc = aclnnUnfoldGradGetWorkspaceSize(g.t, nullptr, 0, 3, 2, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "null inputSizes: %d", rc);
    rc = aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 2, nullptr, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "null gradIn: %d", rc);
    if (!runs) {
        rc = aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 2, o.t, &ws, &ex);
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "UnfoldGrad on this chip: %d", rc);
        aclDestroyIntArray(is);
        aclDestroyIntArray(is3);
        aclDestroyIntArray(is1);
        return;
    }
    ExpectError("int32 gradOut", aclnnUnfoldGradGetWorkspaceSize(gi.t, is, 0, 3, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradOut");
    ExpectError("rank 9", aclnnUnfoldGradGetWorkspaceSize(g9.t, is, 0, 1, 1, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradOut");
    ExpectError("0-d gradIn", aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 2, o0.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradIn");
    ExpectError("inputSizes length", aclnnUnfoldGradGetWorkspaceSize(g.t, is3, 0, 3, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "inputSizes length", "got 3");
    ExpectError("gradIn shape", aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 2, o_bad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradIn");
    ExpectError("dim 2", aclnnUnfoldGradGetWorkspaceSize(g.t, is, 2, 3, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("dim -1", aclnnUnfoldGradGetWorkspaceSize(g.t, is, -1, 3, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("size 0", aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 0, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "size");
    ExpectError("step 0", aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 0, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "step");
    {
        aclTensor *nz = aclCreateTensor(g.shape.data(), 3, ACL_FLOAT, g.strides.data(), 0, ACL_FORMAT_FRACTAL_NZ, g.storage.data(), 1, g.dev);
        ExpectError("NZ gradOut", aclnnUnfoldGradGetWorkspaceSize(nz, is, 0, 3, 2, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "format not support");
        aclDestroyTensor(nz);
    }
    rc = aclnnUnfoldGradGetWorkspaceSize(g_w.t, is, 0, 3, 2, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "windows differ: %d", rc);
    rc = aclnnUnfoldGradGetWorkspaceSize(g_last.t, is, 0, 3, 2, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "last dim differs: %d", rc);
    rc = aclnnUnfoldGradGetWorkspaceSize(g_other.t, is, 0, 3, 2, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "other dim differs: %d", rc);
    rc = aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 2, oh.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "gradIn dtype differs: %d", rc);
    rc = aclnnUnfoldGradGetWorkspaceSize(g.t, is, 0, 3, 2, o.t, &ws, &ex);
    EXPECT(rc == 0, "valid call: %d", rc);
    if (!rc) aclDestroyAclOpExecutor(ex);
    for (aclIntArray *a : {is, is3, is1}) aclDestroyIntArray(a);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *soc = aclrtGetSocName();
    bool runs = soc && std::string(soc).find("310") == std::string::npos && std::string(soc).find("910A") == std::string::npos;
    if (runs) TestValues();
    TestValidation(runs);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
