// aclnnClippedSwiglu / aclnnClippedSwigluV2 (nnact part) against a double reference written here
// from the docs' formula (x merged to [pre, H] at dim, halves A / B front-back or even-odd of H,
// rows limited to sum(groupIndex), A clamped above, B clamped both ways plus bias; V2 clampMode 1
// clamps silu(A) instead and drops alpha and bias), FP32 / FP16 / BF16, every dim, strided and
// transposed views, rows past the group sum left untouched, empty tensors, and the validation
// paths (161001 / 161002 of the generated layer, 561002 of the tilings, 361001 off the chips).
// aclnnClippedSwigluGrad: both halves against central differences of that forward reference
// times gradY, rows past the group sum zeroed, and its tiling refusals.
// aclnnSwigluGroup (950): silu(min(A, L)) clamp(B, +-L) * weight[token], tokens past the group sum
// untouched, its tiling refusals; refused elsewhere.
// Argument: "910b" (default topology), "950" (V2 and the 950 tiling checks), "310p" (refused).
#include "act_test_util.h"
#include "aclnnop/aclnn_clipped_swiglu.h"
#include "aclnnop/aclnn_clipped_swiglu_v2.h"
#include "aclnnop/aclnn_clipped_swiglu_grad.h"
#include "aclnnop/aclnn_swiglu_group.h"

static std::string g_chip = "910b";

struct Params { double alpha, limit, bias; int64_t mode; };

static double Ref(double a, double b, const Params &p)
{
    double lim = (float)p.limit, al = (float)p.alpha, bi = (float)p.bias;
    double bc = std::min(std::max(b, -lim), lim);
    if (p.mode == 1) {
        double g = a / (1 + std::exp(-a));
        return std::min(g, lim) * bc;
    }
    double ac = std::min(a, lim);
    return ac / (1 + std::exp(-al * ac)) * (bc + bi);
}

// out (row-major) from x (row-major) of shape; rows >= rows_done keep `fill`.
static std::vector<double> RefOut(const std::vector<double> &x, const std::vector<int64_t> &shape, int64_t dim,
                                  bool inter, const Params &p, int64_t rows_done, double fill)
{
    size_t d = (size_t)(dim < 0 ? dim + (int64_t)shape.size() : dim);
    int64_t pre = 1, H = 1;
    for (size_t i = 0; i < shape.size(); i++) (i < d ? pre : H) *= shape[i];
    std::vector<double> y((size_t)(pre * H / 2));
    for (int64_t r = 0; r < pre; r++)
        for (int64_t j = 0; j < H / 2; j++) {
            double a = inter ? x[(size_t)(r * H + 2 * j)] : x[(size_t)(r * H + j)];
            double b = inter ? x[(size_t)(r * H + 2 * j + 1)] : x[(size_t)(r * H + H / 2 + j)];
            y[(size_t)(r * (H / 2) + j)] = r < rows_done ? Ref(a, b, p) : fill;
        }
    return y;
}

static int Call(bool v2, const aclTensor *x, const aclTensor *g, int64_t dim, const Params &p, bool inter,
                const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    if (v2) return aclnnClippedSwigluV2GetWorkspaceSize(x, g, dim, p.alpha, p.limit, p.bias, inter, p.mode, out, ws, ex);
    return aclnnClippedSwigluGetWorkspaceSize(x, g, dim, p.alpha, p.limit, p.bias, inter, out, ws, ex);
}

static void RunCase(aclrtStream stream, bool v2, aclDataType dt, std::vector<int64_t> shape, int64_t dim, bool inter,
                    const Params &p, Layout lx, const std::vector<int64_t> &groups, uint64_t seed)
{
    size_t d = (size_t)(dim < 0 ? dim + (int64_t)shape.size() : dim);
    std::vector<int64_t> oshape = shape;
    oshape[d] /= 2;
    int64_t n = GetShapeSize(shape), pre = 1;
    for (size_t i = 0; i < d; i++) pre *= shape[i];
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, seed, 2.0));
    if (n > 4) { x[0] = 20.0; x[1] = -20.0; x[2] = 9.0; x[3] = -9.0; } // past the limit both ways
    x = QuantAll(dt, x);
    int64_t rows = pre;
    if (!groups.empty()) {
        int64_t s = 0;
        for (int64_t g : groups) s += g;
        rows = std::min(s, pre);
    }
    const double fill = -777.0;
    std::vector<double> golden = RefOut(x, shape, dim, inter, p, rows, Quant(dt, fill));
    DevTensor tx, to, tg;
    std::vector<double> gv(groups.begin(), groups.end());
    if (!tx.Init(dt, shape, x, lx) || !to.Init(dt, oshape, {}, lx == CONTIG ? STRIDED : CONTIG, fill)) return;
    if (!groups.empty() && !tg.Init(ACL_INT64, {(int64_t)groups.size()}, gv, CONTIG)) return;
    int rc = Run(v2 ? "aclnnClippedSwigluV2" : "aclnnClippedSwiglu", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return Call(v2, tx.t, groups.empty() ? nullptr : tg.t, dim, p, inter, to.t, w, e); },
        v2 ? aclnnClippedSwigluV2 : aclnnClippedSwiglu);
    char what[200];
    snprintf(what, sizeof what, "%s %s rank %zu dim %lld %s mode %lld layout %d groups %zu", v2 ? "ClippedSwigluV2" : "ClippedSwiglu",
             DtName(dt), shape.size(), (long long)dim, inter ? "interleaved" : "halves", (long long)p.mode, (int)lx, groups.size());
    EXPECT(rc == 0, "%s: run failed", what);
    CheckDtype(what, dt, to.Read(), golden);
    EXPECT(to.CountClobbered(fill) == 0, "%s: wrote outside the view", what);
}

static void TestValues(aclrtStream stream, bool v2)
{
    const Params gpt = {1.702, 7.0, 1.0, 0}, other = {1.0, 2.5, 0.5, 0};
    uint64_t seed = 1;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool inter : {true, false}) {
            RunCase(stream, v2, dt, {4, 6, 8}, -1, inter, gpt, CONTIG, {}, seed++);
            RunCase(stream, v2, dt, {4, 6, 8}, 1, inter, other, STRIDED, {}, seed++);
            RunCase(stream, v2, dt, {4, 6, 5}, 1, inter, gpt, CONTIG, {}, seed++); // odd after: pairs cross rows of dim
            RunCase(stream, v2, dt, {6, 3}, 0, inter, gpt, CONTIG, {}, seed++);
            RunCase(stream, v2, dt, {10}, 0, inter, other, CONTIG, {}, seed++);
            RunCase(stream, v2, dt, {5, 4, 6}, 1, inter, gpt, CONTIG, {1, 2}, seed++); // rows 3, 4 untouched
        }
    RunCase(stream, v2, ACL_FLOAT, {3, 4, 8}, -1, false, gpt, TRANSPOSED, {}, 90);
    RunCase(stream, v2, ACL_FLOAT, {3, 4, 8}, 1, false, gpt, CONTIG, {2, 9}, 91);    // sum past pre: every row
    RunCase(stream, v2, ACL_FLOAT, {3, 4, 8}, 1, true, gpt, CONTIG, {0, 0}, 92);     // sum 0: nothing written
    RunCase(stream, v2, ACL_FLOAT, {64, 2048}, -1, true, gpt, CONTIG, {}, 93);       // several blocks
    if (v2)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (bool inter : {true, false}) {
                RunCase(stream, true, dt, {4, 6, 8}, -1, inter, {1.702, 0.75, 1.0, 1}, CONTIG, {}, seed++);
                RunCase(stream, true, dt, {5, 4, 6}, 1, inter, {1.0, 3.0, 0.5, 1}, STRIDED, {3}, seed++);
            }
}

static void TestEmpty(aclrtStream stream, bool v2)
{
    DevTensor tx, to;
    if (!tx.Init(ACL_FLOAT, {0, 8}, {}, CONTIG) || !to.Init(ACL_FLOAT, {0, 4}, {}, CONTIG)) return;
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    int rc = Call(v2, tx.t, nullptr, -1, {1.702, 7, 1, 0}, true, to.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty: rc %d", rc);
    if (rc == 0) EXPECT((v2 ? aclnnClippedSwigluV2 : aclnnClippedSwiglu)(nullptr, 0, ex, stream) == 0, "empty stage 2");
}

static void TestValidation(bool v2)
{
    DevTensor x, xi, o, oh, g, gi, g2, x5, o5, obad, s0;
    if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !xi.Init(ACL_INT32, {4, 6}, {}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) ||
        !oh.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) || !g.Init(ACL_INT64, {2}, {1, 1}, CONTIG) || !gi.Init(ACL_INT32, {2}, {}, CONTIG) ||
        !g2.Init(ACL_INT64, {1, 2}, {}, CONTIG) || !x5.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !o5.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) ||
        !obad.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) || !s0.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const Params p = {1.702, 7.0, 1.0, 0};
    ExpectError("null x", Call(v2, nullptr, nullptr, -1, p, true, o.t, &ws, &ex), 161001, "x");
    ExpectError("null out", Call(v2, x.t, g.t, -1, p, true, nullptr, &ws, &ex), 161001, "out");
    ExpectError("x int32", Call(v2, xi.t, nullptr, -1, p, true, o.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("groupIndex int32", Call(v2, x.t, gi.t, -1, p, true, o.t, &ws, &ex), 161002, "groupIndexOptional");
    ExpectError("out fp16", Call(v2, x.t, nullptr, -1, p, true, oh.t, &ws, &ex), 161002, "out");
    ExpectError("dim 2", Call(v2, x.t, nullptr, 2, p, true, o.t, &ws, &ex), 561002, "dim should in [-2, 1]");
    ExpectError("dim -3", Call(v2, x.t, nullptr, -3, p, true, o.t, &ws, &ex), 561002, "dim");
    ExpectError("odd x[dim]", Call(v2, x5.t, nullptr, -1, p, true, o5.t, &ws, &ex), 561002, "divisible by 2");
    ExpectError("groupIndex 2-d", Call(v2, x.t, g2.t, -1, p, true, o.t, &ws, &ex), 561002, "group_index");
    ExpectError("out[dim]", Call(v2, x.t, nullptr, -1, p, true, obad.t, &ws, &ex), 561002, "y[dim]");
    ExpectError("out rank", Call(v2, x.t, nullptr, -1, p, true, s0.t, &ws, &ex), 561002, "dimensions of y");
    if (g_chip == "950") {
        ExpectError("limit 0", Call(v2, x.t, nullptr, -1, {1.702, 0.0, 1.0, 0}, true, o.t, &ws, &ex), 561002, "limit");
        DevTensor ge;
        if (!ge.Init(ACL_INT64, {0}, {}, CONTIG)) return;
        ExpectError("0 groups on 950", Call(v2, x.t, ge.t, -1, p, true, o.t, &ws, &ex), 561002, "8192");
        if (v2) ExpectError("clampMode 2", Call(true, x.t, nullptr, -1, {1.702, 7.0, 1.0, 2}, true, o.t, &ws, &ex), 561002, "clamp_mode");
    } else {
        // A2 / A3: no limit check in their tiling; an empty groupIndex is accepted (nothing written)
        DevTensor ge;
        if (!ge.Init(ACL_INT64, {0}, {}, CONTIG)) return;
        int rc = Call(false, x.t, ge.t, -1, p, true, o.t, &ws, &ex);
        EXPECT(rc == 0, "A2 empty groupIndex: %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
    }
}

static void TestChip(bool v2)
{
    DevTensor x, o;
    if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = Call(v2, x.t, nullptr, -1, {1.702, 7, 1, 0}, true, o.t, &ws, &ex);
    EXPECT(rc == 361001, "%s: %d", v2 ? "V2 off 950" : "ClippedSwiglu off A2/A3/950", rc);
}


// ---- ClippedSwigluGrad -----------------------------------------------------------------------
static void RunGrad(aclrtStream stream, aclDataType dt, std::vector<int64_t> shape, int64_t dim, bool inter,
                    const Params &p, Layout lx, const std::vector<int64_t> &groups, uint64_t seed)
{
    size_t d = (size_t)(dim < 0 ? dim + (int64_t)shape.size() : dim);
    std::vector<int64_t> hshape = shape;
    hshape[d] /= 2;
    int64_t n = GetShapeSize(shape), pre = 1, H = 1;
    for (size_t i = 0; i < shape.size(); i++) (i < d ? pre : H) *= shape[i];
    std::vector<double> x = RandomValues((size_t)n, seed, 2.0);
    const double lim = (float)p.limit;
    for (double &v : x) // away from the clamp kinks (finite differences)
        for (double k : {lim, -lim})
            if (std::fabs(v - k) < 0.05) v = k + (v < k ? -0.1 : 0.1);
    if (n > 4) { x[0] = 20.0; x[1] = -20.0; x[2] = 9.0; x[3] = -9.0; }
    x = QuantAll(dt, x);
    std::vector<double> gy = QuantAll(dt, RandomValues((size_t)(n / 2), seed + 1, 0.5));
    int64_t rows = pre;
    if (!groups.empty()) { int64_t s = 0; for (int64_t g : groups) s += g; rows = std::min(s, pre); }
    std::vector<double> golden((size_t)n, 0.0);
    for (int64_t r = 0; r < pre; r++)
        for (int64_t j = 0; j < H / 2; j++) {
            size_t ia = (size_t)(inter ? r * H + 2 * j : r * H + j), ib = (size_t)(inter ? r * H + 2 * j + 1 : r * H + H / 2 + j);
            if (r >= rows) continue;
            double a = x[ia], b = x[ib], g = gy[(size_t)(r * (H / 2) + j)], h = 1e-6 * (1 + std::fabs(a)), hb = 1e-6 * (1 + std::fabs(b));
            golden[ia] = g * (Ref(a + h, b, p) - Ref(a - h, b, p)) / (2 * h);
            golden[ib] = g * (Ref(a, b + hb, p) - Ref(a, b - hb, p)) / (2 * hb);
        }
    DevTensor tx, tg, to, tgi;
    std::vector<double> gv(groups.begin(), groups.end());
    if (!tx.Init(dt, shape, x, lx) || !tg.Init(dt, hshape, gy, lx == TRANSPOSED ? STRIDED : lx) ||
        !to.Init(dt, shape, {}, lx == CONTIG ? STRIDED : CONTIG)) return;
    if (!groups.empty() && !tgi.Init(ACL_INT64, {(int64_t)groups.size()}, gv, CONTIG)) return;
    int rc = Run("aclnnClippedSwigluGrad", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnClippedSwigluGradGetWorkspaceSize(tg.t, tx.t, groups.empty() ? nullptr : tgi.t, dim, p.alpha, p.limit, p.bias, inter, to.t, w, e); },
        aclnnClippedSwigluGrad);
    char what[200];
    snprintf(what, sizeof what, "ClippedSwigluGrad %s rank %zu dim %lld %s layout %d groups %zu", DtName(dt), shape.size(),
             (long long)dim, inter ? "interleaved" : "halves", (int)lx, groups.size());
    EXPECT(rc == 0, "%s: run failed", what);
    if (dt == ACL_FLOAT) CheckAccuracy(what, to.Read(), golden, 1e-4, 1e-4, 1e-2);
    else CheckDtype(what, dt, to.Read(), golden);
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what);
}

static void TestGrad(aclrtStream stream)
{
    const Params gpt = {1.702, 7.0, 1.0, 0}, other = {1.0, 2.5, 0.5, 0};
    uint64_t seed = 300;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool inter : {true, false}) {
            RunGrad(stream, dt, {4, 6, 8}, -1, inter, gpt, CONTIG, {}, seed++);
            RunGrad(stream, dt, {4, 6, 5}, 1, inter, other, STRIDED, {}, seed++);
            RunGrad(stream, dt, {5, 4, 6}, 1, inter, gpt, CONTIG, {1, 2}, seed++); // rows 3, 4 zeroed
        }
    RunGrad(stream, ACL_FLOAT, {3, 4, 8}, -1, false, other, TRANSPOSED, {}, 390);
    RunGrad(stream, ACL_FLOAT, {3, 4, 8}, 1, true, gpt, CONTIG, {0}, 391);            // sum 0: all zero
    RunGrad(stream, ACL_FLOAT, {32, 2048}, -1, true, gpt, CONTIG, {7, 9}, 392);       // several blocks

    DevTensor x, gy, go, gbad, gyh, x5, gy5, go5, g2;
    if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !gy.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !go.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !gbad.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) || !gyh.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) || !x5.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) ||
        !gy5.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) || !go5.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !g2.Init(ACL_INT64, {1, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *g, const aclTensor *xx, const aclTensor *gi, int64_t dim, double limit, const aclTensor *o) {
        return aclnnClippedSwigluGradGetWorkspaceSize(g, xx, gi, dim, 1.702, limit, 1.0, true, o, &ws, &ex);
    };
    ExpectError("grad null gradY", call(nullptr, x.t, nullptr, -1, 7, go.t), 161001, "gradY");
    ExpectError("grad null x", call(gy.t, nullptr, nullptr, -1, 7, go.t), 161001, "x");
    ExpectError("grad null gradXOut", call(gy.t, x.t, nullptr, -1, 7, nullptr), 161001, "gradXOut");
    ExpectError("grad gradY fp16", call(gyh.t, x.t, nullptr, -1, 7, go.t), 161002, "gradY");
    ExpectError("grad limit 0", call(gy.t, x.t, nullptr, -1, 0.0, go.t), 561002, "limit must be > 0");
    ExpectError("grad dim 2", call(gy.t, x.t, nullptr, 2, 7, go.t), 561002, "dim should in");
    ExpectError("grad odd", call(gy5.t, x5.t, nullptr, -1, 7, go5.t), 561002, "divisible by 2");
    ExpectError("grad gradY half", call(gbad.t, x.t, nullptr, -1, 7, go.t), 561002, "should be half of x dim 1");
    ExpectError("grad gradY dim 0", call(gy.t, x.t, nullptr, 0, 7, go.t), 561002, "grad_y dim 0");
    ExpectError("grad group 2-d", call(gy.t, x.t, g2.t, -1, 7, go.t), 561002, "group_index");
    ExpectError("grad gradXOut shape", call(gy.t, x.t, nullptr, -1, 7, gy.t), 161002, "gradXOut");
}

// ---- SwigluGroup (950) -----------------------------------------------------------------------
static void RunGroup(aclrtStream stream, aclDataType dt, std::vector<int64_t> shape, bool weight, double limit,
                     const std::vector<int64_t> &groups, Layout lx, uint64_t seed)
{
    std::vector<int64_t> os = shape;
    os.back() /= 2;
    int64_t n = GetShapeSize(shape), D = shape.back(), bs = n / D;
    std::vector<double> x = RandomValues((size_t)n, seed, 2.0);
    if (n > 4) { x[0] = 20.0; x[1] = -20.0; x[D / 2] = 9.0; x[D / 2 + 1] = -9.0; }
    x = QuantAll(dt, x);
    std::vector<double> w = QuantAll(ACL_FLOAT, RandomValues((size_t)bs, seed + 5, 0.5));
    int64_t rows = bs;
    if (!groups.empty()) { int64_t s = 0; for (int64_t g : groups) s += g; rows = std::min(s, bs); }
    const double fill = -777.0, L = limit > 0 ? (double)(float)limit : INFINITY;
    std::vector<double> golden((size_t)(n / 2));
    for (int64_t t = 0; t < bs; t++)
        for (int64_t j = 0; j < D / 2; j++) {
            double a = std::min(x[(size_t)(t * D + j)], L), b = std::min(std::max(x[(size_t)(t * D + D / 2 + j)], -L), L);
            double y = a / (1 + std::exp(-a)) * b * (weight ? w[(size_t)t] : 1.0);
            golden[(size_t)(t * (D / 2) + j)] = t < rows ? y : Quant(dt, fill);
        }
    DevTensor tx, tw, tg, to;
    std::vector<double> gv(groups.begin(), groups.end());
    std::vector<int64_t> wshape(shape.begin(), shape.end() - 1);
    if (wshape.empty()) wshape = {1};
    if (!tx.Init(dt, shape, x, lx) || !to.Init(dt, os, {}, lx == CONTIG ? STRIDED : CONTIG, fill) || !tw.Init(ACL_FLOAT, wshape, w, CONTIG)) return;
    if (!groups.empty() && !tg.Init(ACL_INT64, {(int64_t)groups.size()}, gv, CONTIG)) return;
    int rc = Run("aclnnSwigluGroup", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnSwigluGroupGetWorkspaceSize(tx.t, weight ? tw.t : nullptr, groups.empty() ? nullptr : tg.t, limit, to.t, ws, e); },
        aclnnSwigluGroup);
    char what[160];
    snprintf(what, sizeof what, "SwigluGroup %s rank %zu weight %d limit %g groups %zu layout %d", DtName(dt), shape.size(),
             (int)weight, limit, groups.size(), (int)lx);
    EXPECT(rc == 0, "%s: run failed", what);
    CheckDtype(what, dt, to.Read(), golden);
    EXPECT(to.CountClobbered(fill) == 0, "%s: wrote outside the view", what);
}

static void TestSwigluGroup(aclrtStream stream)
{
    uint64_t seed = 500;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (bool weight : {false, true}) {
            RunGroup(stream, dt, {4, 3, 8}, weight, -1.0, {}, CONTIG, seed++);
            RunGroup(stream, dt, {6, 10}, weight, 2.5, {2, 1}, STRIDED, seed++);
            RunGroup(stream, dt, {12}, weight, 7.0, {}, CONTIG, seed++);
        }
    RunGroup(stream, ACL_FLOAT, {5, 6}, true, -1.0, {9}, TRANSPOSED, 590);
    DevTensor x, o, w, wbad, wi, g2, g0, gi, oh, x0, o0, xodd, oodd;
    if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !w.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !wbad.Init(ACL_FLOAT, {3}, {}, CONTIG) || !wi.Init(ACL_FLOAT16, {4}, {}, CONTIG) || !g2.Init(ACL_INT64, {1, 2}, {}, CONTIG) ||
        !g0.Init(ACL_INT64, {0}, {}, CONTIG) || !gi.Init(ACL_INT32, {2}, {}, CONTIG) || !oh.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) ||
        !x0.Init(ACL_FLOAT, {0, 6}, {}, CONTIG) || !o0.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !xodd.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) ||
        !oodd.Init(ACL_FLOAT, {4, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("group null x", aclnnSwigluGroupGetWorkspaceSize(nullptr, w.t, nullptr, -1, o.t, &ws, &ex), 161001, "x");
    ExpectError("group null out", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, nullptr, -1, nullptr, &ws, &ex), 161001, "out");
    ExpectError("group out fp16", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, nullptr, -1, oh.t, &ws, &ex), 161002, "out");
    ExpectError("group empty x", aclnnSwigluGroupGetWorkspaceSize(x0.t, nullptr, nullptr, -1, o0.t, &ws, &ex), 561002, "empty");
    ExpectError("group odd", aclnnSwigluGroupGetWorkspaceSize(xodd.t, nullptr, nullptr, -1, oodd.t, &ws, &ex), 561002, "divisible by 2");
    ExpectError("group weight fp16", aclnnSwigluGroupGetWorkspaceSize(x.t, wi.t, nullptr, -1, o.t, &ws, &ex), 561002, "weight dtype");
    ExpectError("group weight size", aclnnSwigluGroupGetWorkspaceSize(x.t, wbad.t, nullptr, -1, o.t, &ws, &ex), 561002, "element num");
    ExpectError("group index int32", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, gi.t, -1, o.t, &ws, &ex), 561002, "INT64");
    ExpectError("group index 2-d", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, g2.t, -1, o.t, &ws, &ex), 561002, "dim num should be 1");
    ExpectError("group index empty", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, g0.t, -1, o.t, &ws, &ex), 561002, "empty");
    ExpectError("group limit 0", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, nullptr, 0.0, o.t, &ws, &ex), 561002, "clamp_limit");
    ExpectError("group out shape", aclnnSwigluGroupGetWorkspaceSize(x.t, w.t, nullptr, -1, oodd.t, &ws, &ex), 561002, "output y dim 1");
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    if (g_chip == "310p") {
        TestChip(false);
        TestChip(true);
        DevTensor x, gy, go;
        if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !gy.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !go.Init(ACL_FLOAT, {4, 6}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnClippedSwigluGradGetWorkspaceSize(gy.t, x.t, nullptr, -1, 1.702, 7, 1, true, go.t, &ws, &ex);
        EXPECT(rc == 361001, "ClippedSwigluGrad off A2/A3/950: %d", rc);
    } else {
        bool v2 = g_chip == "950";
        TestValues(rt.stream, false);
        TestEmpty(rt.stream, false);
        TestValidation(false);
        TestGrad(rt.stream);
        if (v2) {
            TestSwigluGroup(rt.stream);
            TestValues(rt.stream, true);
            TestEmpty(rt.stream, true);
            TestValidation(true);
        } else {
            TestChip(true);
            DevTensor x, o;
            if (!x.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG)) return 1;
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            EXPECT(aclnnSwigluGroupGetWorkspaceSize(x.t, nullptr, nullptr, -1, o.t, &ws, &ex) == 361001, "SwigluGroup off 950");
        }
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
