// aclnnExpSegsum / aclnnExpSegsumBackward against references written here (the sums of the
// definition in double; the backward also by central finite differences of sum(g * ExpSegsum(x))):
// 3-D / 4-D inputs, N = 1 .. 70, FLOAT / FLOAT16 / BF16 (mixed gradSelf dtype), +-Inf / NaN,
// strided / transposed views, empty inputs; every validation path with its code and message; the
// chips (A2 / A3 / 950 run them, 310P has no kernel: 361001).
#include <string>

#include "aclnnop/aclnn_exp_segsum_backward.h"
#include "aclnnop/aclnn_segsum.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

// y[b, i, j] = exp(x[b, j+1] + ... + x[b, i]) for j <= i, else 0 (B batches of N)
static std::vector<double> SegsumRef(const std::vector<double> &x, int64_t B, int64_t N)
{
    std::vector<double> y((size_t)(B * N * N), 0.0);
    for (int64_t b = 0; b < B; b++)
        for (int64_t i = 0; i < N; i++)
            for (int64_t j = 0; j <= i; j++) {
                double s = 0;
                for (int64_t k = j + 1; k <= i; k++) s += x[(size_t)(b * N + k)];
                y[(size_t)((b * N + i) * N + j)] = std::exp(s);
            }
    return y;
}

static std::string ShapeStr(const std::vector<int64_t> &s)
{
    std::string r = "[";
    for (size_t i = 0; i < s.size(); i++) r += (i ? "," : "") + std::to_string(s[i]);
    return r + "]";
}

static void RunForward(aclDataType dt, const std::vector<int64_t> &xs, Layout xl, Layout ol, uint64_t &seed, bool specials)
{
    int64_t N = xs.back(), B = GetShapeSize(xs) / N;
    std::vector<double> x = RandomValues((size_t)(B * N), seed++, 0.3);
    if (specials)
        for (size_t i = 0; i < x.size(); i += 5) x[i] = (i / 5) % 3 == 0 ? INFINITY : (i / 5) % 3 == 1 ? -INFINITY : NAN;
    x = QuantAll(dt, x);
    std::vector<double> want = QuantAll(dt, SegsumRef(x, B, N));
    std::vector<int64_t> os = xs;
    os.push_back(N);
    DevTensor t, o;
    if (!t.Init(dt, xs, x, xl) || !o.Init(dt, os, {}, ol)) { EXPECT(false, "init"); return; }
    std::string what = std::string("ExpSegsum ") + DtName(dt) + " " + ShapeStr(xs) + (specials ? " specials" : "") +
                       " layouts " + std::to_string(xl) + std::to_string(ol);
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnExpSegsumGetWorkspaceSize(t.t, o.t, ws, ex); }, aclnnExpSegsum);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        EXPECT(CountBad(what.c_str(), o.Read(), want, tol) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

static void RunBackward(aclDataType dt, aclDataType ydt, const std::vector<int64_t> &xs, Layout l1, Layout l2, uint64_t &seed, bool fd)
{
    int64_t N = xs.back(), B = GetShapeSize(xs) / N;
    std::vector<double> x = RandomValues((size_t)(B * N), seed++, 0.3);
    std::vector<double> g = QuantAll(dt, RandomValues((size_t)(B * N * N), seed++));
    std::vector<double> y = QuantAll(ydt, SegsumRef(x, B, N));
    std::vector<double> want((size_t)(B * N), 0.0);
    for (int64_t b = 0; b < B; b++)
        for (int64_t k = 0; k < N; k++)
            for (int64_t i = k; i < N; i++)
                for (int64_t j = 0; j < k; j++) want[(size_t)(b * N + k)] += g[(size_t)((b * N + i) * N + j)] * y[(size_t)((b * N + i) * N + j)];
    if (fd) { // d/dx of sum(g * ExpSegsum(x)) by central differences (y exact: FLOAT gradSelf only)
        const double h = 1e-5;
        auto L = [&](const std::vector<double> &xv) { std::vector<double> yv = SegsumRef(xv, B, N); double s = 0; for (size_t e = 0; e < yv.size(); e++) s += g[e] * yv[e]; return s; };
        for (size_t k = 0; k < x.size(); k++) {
            std::vector<double> xp = x, xm = x;
            xp[k] += h;
            xm[k] -= h;
            double d = (L(xp) - L(xm)) / (2 * h);
            EXPECT(std::fabs(d - want[k]) <= 1e-4 * (1 + std::fabs(d)), "FD %zu: %g vs reference %g", k, d, want[k]);
        }
    }
    std::vector<int64_t> ms = xs;
    ms.push_back(N);
    DevTensor tg, ty, ti;
    if (!tg.Init(dt, ms, g, l1) || !ty.Init(ydt, ms, y, l2) || !ti.Init(dt, xs, {}, l1 == CONTIG ? STRIDED : CONTIG)) { EXPECT(false, "init"); return; }
    std::string what = std::string("ExpSegsumBackward ") + DtName(dt) + "/" + DtName(ydt) + " " + ShapeStr(xs) + " layouts " +
                       std::to_string(l1) + std::to_string(l2);
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnExpSegsumBackwardGetWorkspaceSize(tg.t, ty.t, ti.t, ws, ex); }, aclnnExpSegsumBackward);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        std::vector<double> got = ti.Read();
        size_t bad = 0;
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        for (size_t k = 0; k < want.size(); k++) {
            double w = Quant(dt, want[k]);
            // sums of about N^2 / 2 products: an absolute floor for the cancellations
            if (std::fabs(got[k] - w) > tol * (std::fabs(w) + (double)N)) { if (!bad) printf("  %s: [%zu] got %.9g want %.9g\n", what.c_str(), k, got[k], w); bad++; }
        }
        EXPECT(bad == 0, "%s: %zu wrong values", what.c_str(), bad);
        EXPECT(ti.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

static void TestValues()
{
    uint64_t seed = 7;
    std::vector<std::vector<int64_t>> shapes = {{1, 1, 1}, {2, 3, 5}, {1, 2, 2, 8}, {2, 1, 3, 17}, {1, 1, 70}};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (size_t i = 0; i < shapes.size(); i++) {
            RunForward(dt, shapes[i], (Layout)(i % 3), (Layout)((i + 2) % 3), seed, false);
            RunBackward(dt, dt, shapes[i], (Layout)((i + 1) % 3), (Layout)(i % 3), seed, false);
        }
        RunForward(dt, {2, 2, 9}, CONTIG, CONTIG, seed, true);
    }
    RunForward(ACL_FLOAT, {1, 1, 1100}, CONTIG, CONTIG, seed, false); // rows longer than a chunk
    RunBackward(ACL_FLOAT, ACL_FLOAT, {2, 3, 6}, CONTIG, CONTIG, seed, true);
    RunBackward(ACL_FLOAT, ACL_FLOAT, {1, 2, 1, 4}, STRIDED, TRANSPOSED, seed, true);
    RunBackward(ACL_FLOAT16, ACL_FLOAT, {1, 2, 7}, CONTIG, STRIDED, seed, false);
    RunBackward(ACL_BF16, ACL_FLOAT16, {2, 1, 2, 5}, TRANSPOSED, CONTIG, seed, false);
}

static void TestValidation(bool runs)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor x, y, xi, yh, x2, y5, ybad, ylast, e, m, mh, mi, gin, gi3, gbad, mnot, m3, gbad2;
    x.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG);
    y.Init(ACL_FLOAT, {2, 3, 4, 4}, {}, CONTIG);
    xi.Init(ACL_INT32, {2, 3, 4}, {}, CONTIG);
    yh.Init(ACL_FLOAT16, {2, 3, 4, 4}, {}, CONTIG);
    x2.Init(ACL_FLOAT, {3, 4}, {}, CONTIG);
    y5.Init(ACL_FLOAT, {2, 3, 4, 4, 1}, {}, CONTIG);
    ybad.Init(ACL_FLOAT, {2, 5, 4, 4}, {}, CONTIG);
    ylast.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG);
    e.Init(ACL_FLOAT, {2, 0, 4}, {}, CONTIG);
    // the forward: an empty self returns before any other check (out may even be null)
    int rc = aclnnExpSegsumGetWorkspaceSize(e.t, nullptr, &ws, &ex);
    EXPECT(rc == 0, "empty self: %d", rc);
    if (!rc) EXPECT(aclnnExpSegsum(nullptr, ws, ex, g_stream) == 0, "empty run");
    ExpectError("null self", aclnnExpSegsumGetWorkspaceSize(nullptr, y.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("null out", aclnnExpSegsumGetWorkspaceSize(x.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("int32 self", aclnnExpSegsumGetWorkspaceSize(xi.t, y.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "self");
    ExpectError("out dtype", aclnnExpSegsumGetWorkspaceSize(x.t, yh.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("2-D self", aclnnExpSegsumGetWorkspaceSize(x2.t, y.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "equals to 3 or 4", "got sizes 2");
    ExpectError("out rank", aclnnExpSegsumGetWorkspaceSize(x.t, y5.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "1 large than input size");
    ExpectError("out dim 1", aclnnExpSegsumGetWorkspaceSize(x.t, ybad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "at index 1");
    ExpectError("out last dim", aclnnExpSegsumGetWorkspaceSize(x.t, ylast.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "at index 2 equals to input size at index 3");
    {
        aclTensor *nchw = aclCreateTensor(y.shape.data(), 4, ACL_FLOAT, y.strides.data(), 0, ACL_FORMAT_NCHW, y.storage.data(), 1, y.dev);
        ExpectError("out format", aclnnExpSegsumGetWorkspaceSize(x.t, nchw, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "should be equal");
        aclDestroyTensor(nchw);
    }
    rc = aclnnExpSegsumGetWorkspaceSize(x.t, y.t, &ws, &ex);
    if (runs) {
        EXPECT(rc == 0, "valid forward: %d", rc);
        if (!rc) aclDestroyAclOpExecutor(ex);
    } else {
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "forward on this chip: %d", rc);
    }
    // the backward
    m.Init(ACL_FLOAT, {2, 3, 4, 4}, {}, CONTIG);
    mh.Init(ACL_FLOAT16, {2, 3, 4, 4}, {}, CONTIG);
    mi.Init(ACL_INT32, {2, 3, 4, 4}, {}, CONTIG);
    gin.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG);
    gi3.Init(ACL_FLOAT, {3, 4}, {}, CONTIG);
    gbad.Init(ACL_FLOAT, {2, 5, 4}, {}, CONTIG);
    mnot.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG);
    m3.Init(ACL_FLOAT, {3, 4, 4}, {}, CONTIG);
    gbad2.Init(ACL_FLOAT, {2, 3, 4, 4}, {}, CONTIG);
    DevTensor m5;
    m5.Init(ACL_FLOAT, {1, 2, 3, 4, 4}, {}, CONTIG);
    ExpectError("null gradOutput", aclnnExpSegsumBackwardGetWorkspaceSize(nullptr, m.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "gradOutput");
    ExpectError("null gradSelf", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, nullptr, gin.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "gradSelf");
    ExpectError("null gradInput", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, m.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "gradInput");
    DevTensor me;
    me.Init(ACL_FLOAT, {2, 0, 4, 4}, {}, CONTIG);
    rc = aclnnExpSegsumBackwardGetWorkspaceSize(me.t, mi.t, gin.t, &ws, &ex); // empty: no other check
    EXPECT(rc == 0, "empty gradOutput: %d", rc);
    if (!rc) aclDestroyAclOpExecutor(ex);
    ExpectError("int32 gradOutput", aclnnExpSegsumBackwardGetWorkspaceSize(mi.t, m.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradOutput");
    ExpectError("int32 gradSelf", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, mi.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradSelf");
    DevTensor gh;
    gh.Init(ACL_FLOAT16, {2, 3, 4}, {}, CONTIG);
    ExpectError("gradInput dtype", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, m.t, gh.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "gradInput");
    ExpectError("3-D gradOutput", aclnnExpSegsumBackwardGetWorkspaceSize(m3.t, m3.t, gi3.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "equals to 4 or 5");
    ExpectError("gradSelf rank", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, m5.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dimNum of gradSelf");
    ExpectError("gradInput rank", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, m.t, gi3.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "1 small than");
    ExpectError("not square", aclnnExpSegsumBackwardGetWorkspaceSize(mnot.t, mnot.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "last two dimensions");
    DevTensor mo;
    mo.Init(ACL_FLOAT, {2, 5, 4, 4}, {}, CONTIG);
    ExpectError("gradSelf shape", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, mo.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "shape of gradSelf");
    ExpectError("gradInput shape", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, m.t, gbad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "at index 1");
    {
        aclTensor *nchw = aclCreateTensor(m.shape.data(), 4, ACL_FLOAT, m.strides.data(), 0, ACL_FORMAT_NCHW, m.storage.data(), 1, m.dev);
        ExpectError("gradOutput format", aclnnExpSegsumBackwardGetWorkspaceSize(nchw, m.t, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "format of gradOutput is ND");
        ExpectError("gradSelf format", aclnnExpSegsumBackwardGetWorkspaceSize(m.t, nchw, gin.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "format of gradSelf");
        aclDestroyTensor(nchw);
    }
    rc = aclnnExpSegsumBackwardGetWorkspaceSize(m.t, mh.t, gin.t, &ws, &ex); // mixed gradSelf dtype is accepted
    if (runs) {
        EXPECT(rc == 0, "valid backward: %d", rc);
        if (!rc) aclDestroyAclOpExecutor(ex);
    } else {
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "backward on this chip: %d", rc);
    }
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
