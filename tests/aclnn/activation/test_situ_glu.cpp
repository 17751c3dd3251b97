// aclnnSituGlu / aclnnSituGluGrad (nnact part): the forward against the docs' formula in double
// (beta tanh(gate / beta) sigmoid(gate) * up', up' = linearBeta > 0 ? linearBeta tanh(up /
// linearBeta) : up), both activateLeft orders, every dim, strided / transposed views, FP32 / FP16 /
// BF16; the backward against central differences of that forward times gradY; empty tensors; the
// validation paths (161001 / 161002 of the generated layer, 561002 of the tiling). Argument
// "310p" (310P topology): both refused off A2 / A3 / 950.
#include "act_test_util.h"
#include "aclnnop/aclnn_situ_glu.h"
#include "aclnnop/aclnn_situ_glu_grad.h"

static double Situ(double g, double u, double beta, double lb)
{
    double up = lb > 0 ? lb * std::tanh(u / lb) : u;
    return beta * std::tanh(g / beta) / (1 + std::exp(-g)) * up;
}

static void RunCase(aclrtStream stream, bool grad, aclDataType dt, std::vector<int64_t> shape, int64_t dim, bool left,
                    double beta, double lb, Layout lx, uint64_t seed)
{
    size_t d = (size_t)(dim < 0 ? dim + (int64_t)shape.size() : dim);
    std::vector<int64_t> hs = shape;
    hs[d] /= 2;
    int64_t n = GetShapeSize(shape), pre = 1, inner = 1, h = shape[d] / 2;
    for (size_t i = 0; i < d; i++) pre *= shape[i];
    for (size_t i = d + 1; i < shape.size(); i++) inner *= shape[i];
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, seed, 1.0)), gy = QuantAll(dt, RandomValues((size_t)(n / 2), seed + 1, 0.5));
    // element (r, c, i) of the halves' shape -> flat index of gate / up in x
    auto at = [&](int64_t r, int64_t c, int64_t i, bool gate) {
        int64_t cc = (gate == left) ? c : c + h;
        return (size_t)((r * shape[d] + cc) * inner + i);
    };
    std::vector<double> golden(grad ? (size_t)n : (size_t)(n / 2));
    for (int64_t r = 0; r < pre; r++)
        for (int64_t c = 0; c < h; c++)
            for (int64_t i = 0; i < inner; i++) {
                size_t ig = at(r, c, i, true), iu = at(r, c, i, false), k = (size_t)((r * h + c) * inner + i);
                double g = x[ig], u = x[iu];
                if (!grad) { golden[k] = Situ(g, u, beta, lb); continue; }
                double eg = 1e-6 * (1 + std::fabs(g)), eu = 1e-6 * (1 + std::fabs(u));
                golden[ig] = gy[k] * (Situ(g + eg, u, beta, lb) - Situ(g - eg, u, beta, lb)) / (2 * eg);
                golden[iu] = gy[k] * (Situ(g, u + eu, beta, lb) - Situ(g, u - eu, beta, lb)) / (2 * eu);
            }
    DevTensor tx, tg, to;
    if (!tx.Init(dt, shape, x, lx) || !to.Init(dt, grad ? shape : hs, {}, lx == CONTIG ? STRIDED : CONTIG)) return;
    if (grad && !tg.Init(dt, hs, gy, lx == TRANSPOSED ? CONTIG : STRIDED)) return;
    int rc = grad ? Run("aclnnSituGluGrad", stream, [&](uint64_t *w, aclOpExecutor **e) {
                        return aclnnSituGluGradGetWorkspaceSize(tg.t, tx.t, dim, beta, lb, left, to.t, w, e); }, aclnnSituGluGrad)
                  : Run("aclnnSituGlu", stream, [&](uint64_t *w, aclOpExecutor **e) {
                        return aclnnSituGluGetWorkspaceSize(tx.t, dim, beta, lb, left, to.t, w, e); }, aclnnSituGlu);
    char what[200];
    snprintf(what, sizeof what, "%s %s rank %zu dim %lld left %d beta %g lb %g layout %d", grad ? "SituGluGrad" : "SituGlu",
             DtName(dt), shape.size(), (long long)dim, (int)left, beta, lb, (int)lx);
    EXPECT(rc == 0, "%s: run failed", what);
    if (grad && dt == ACL_FLOAT) CheckAccuracy(what, to.Read(), golden, 1e-4, 1e-4, 1e-2);
    else CheckDtype(what, dt, to.Read(), golden);
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what);
}

static void TestValues(aclrtStream stream)
{
    uint64_t seed = 1;
    for (bool grad : {false, true})
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (bool left : {true, false}) {
                RunCase(stream, grad, dt, {4, 6, 8}, -1, left, 1.0, 0.0, CONTIG, seed++);
                RunCase(stream, grad, dt, {4, 6, 8}, 1, left, 2.0, 1.5, STRIDED, seed++);
                RunCase(stream, grad, dt, {6, 5}, 0, left, 0.5, -1.0, TRANSPOSED, seed++);
                RunCase(stream, grad, dt, {10}, 0, left, 1.0, 3.0, CONTIG, seed++);
            }
    RunCase(stream, false, ACL_FLOAT, {128, 1024}, -1, true, 1.0, 2.0, CONTIG, 99); // several blocks
}

static void TestValidation(aclrtStream stream)
{
    DevTensor x, xi, o, oh, x5, o5, obad, s0, full;
    if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !xi.Init(ACL_INT32, {4, 6}, {}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) ||
        !oh.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) || !x5.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !o5.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) ||
        !obad.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) || !s0.Init(ACL_FLOAT, {}, {}, CONTIG) || !full.Init(ACL_FLOAT, {4, 6}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null x", aclnnSituGluGetWorkspaceSize(nullptr, -1, 1, 0, true, o.t, &ws, &ex), 161001, "x");
    ExpectError("null out", aclnnSituGluGetWorkspaceSize(x.t, -1, 1, 0, true, nullptr, &ws, &ex), 161001, "out");
    ExpectError("x int32", aclnnSituGluGetWorkspaceSize(xi.t, -1, 1, 0, true, o.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("out fp16", aclnnSituGluGetWorkspaceSize(x.t, -1, 1, 0, true, oh.t, &ws, &ex), 161002, "out");
    ExpectError("dim 2", aclnnSituGluGetWorkspaceSize(x.t, 2, 1, 0, true, o.t, &ws, &ex), 561002, "dim should in [-2, 1]");
    ExpectError("odd", aclnnSituGluGetWorkspaceSize(x5.t, -1, 1, 0, true, o5.t, &ws, &ex), 561002, "divisible by 2");
    ExpectError("out rank", aclnnSituGluGetWorkspaceSize(x.t, -1, 1, 0, true, s0.t, &ws, &ex), 561002, "dimensions of y");
    ExpectError("out[dim]", aclnnSituGluGetWorkspaceSize(x.t, -1, 1, 0, true, obad.t, &ws, &ex), 561002, "y[dim]");
    ExpectError("grad null gradY", aclnnSituGluGradGetWorkspaceSize(nullptr, x.t, -1, 1, 0, true, full.t, &ws, &ex), 161001, "gradY");
    ExpectError("grad null out", aclnnSituGluGradGetWorkspaceSize(o.t, x.t, -1, 1, 0, true, nullptr, &ws, &ex), 161001, "out");
    ExpectError("grad gradY fp16", aclnnSituGluGradGetWorkspaceSize(oh.t, x.t, -1, 1, 0, true, full.t, &ws, &ex), 161002, "gradY");
    ExpectError("grad gradY[dim]", aclnnSituGluGradGetWorkspaceSize(obad.t, x.t, -1, 1, 0, true, full.t, &ws, &ex), 561002, "grad_y[dim]");
    ExpectError("grad out shape", aclnnSituGluGradGetWorkspaceSize(o.t, x.t, -1, 1, 0, true, o.t, &ws, &ex), 161002, "out");
    // empty x: nothing runs
    DevTensor ex0, eo0;
    if (!ex0.Init(ACL_FLOAT, {0, 6}, {}, CONTIG) || !eo0.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) return;
    int rc = aclnnSituGluGetWorkspaceSize(ex0.t, -1, 1, 0, true, eo0.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty: %d", rc);
    if (rc == 0) EXPECT(aclnnSituGlu(nullptr, 0, ex, stream) == 0, "empty stage 2");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        DevTensor x, o, g;
        if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !g.Init(ACL_FLOAT, {4, 6}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        EXPECT(aclnnSituGluGetWorkspaceSize(x.t, -1, 1, 0, true, o.t, &ws, &ex) == 361001, "SituGlu on 310P");
        EXPECT(aclnnSituGluGradGetWorkspaceSize(o.t, x.t, -1, 1, 0, true, g.t, &ws, &ex) == 361001, "SituGluGrad on 310P");
    } else {
        TestValues(rt.stream);
        TestValidation(rt.stream);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
