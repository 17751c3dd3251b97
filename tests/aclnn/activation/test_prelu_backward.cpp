// aclnnPreluBackward (nnact part): gradInput and gradWeight against a double reference written
// here (per-channel and one-element weights, weight given as [C], [1, C, 1] or [1], gradOutput
// broadcast to self, strided / transposed views, FP32 / FP16 / BF16, 1-d and 0-d self, empty
// tensors, NaN / Inf), both gradients also by central finite differences of the PRelu forward
// loss sum(gradOutput * prelu(self, weight)), and every validation path with its code and
// message. Argument "310p" (under a 310P topology): the BF16 refusal, FP16 still runs.
#include "act_test_util.h"
#include "aclnnop/aclnn_prelu_backward.h"

static double Prelu(double x, double w) { return x > 0 ? x : w * x; }

struct Case {
    std::vector<int64_t> self, grad, weight;
    bool per_channel;
};

// The forward loss L(x, w) = sum_i g_i * prelu(x_i, w_c(i)) in double.
static double Loss(const std::vector<int64_t> &shape, const std::vector<double> &x, const std::vector<double> &g,
                   const std::vector<int64_t> &gshape, const std::vector<double> &w, bool per_channel)
{
    int64_t n = GetShapeSize(shape), C = shape.size() > 1 ? shape[1] : 1, Q = 1;
    for (size_t d = 2; d < shape.size(); d++) Q *= shape[d];
    int64_t gn = GetShapeSize(gshape);
    double s = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t c = per_channel ? (i / Q) % C : 0;
        s += g[(size_t)(i % gn)] * Prelu(x[(size_t)i], w[(size_t)c]);
    }
    return s;
}

static void RunCase(aclrtStream stream, aclDataType dt, const Case &k, Layout lx, Layout lg, uint64_t seed)
{
    int64_t n = GetShapeSize(k.self), gn = GetShapeSize(k.grad), wn = GetShapeSize(k.weight);
    int64_t C = k.self.size() > 1 ? k.self[1] : 1, Q = 1;
    for (size_t d = 2; d < k.self.size(); d++) Q *= k.self[d];
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, seed)), g = QuantAll(dt, RandomValues((size_t)gn, seed + 1, 0.5));
    std::vector<double> w = QuantAll(dt, RandomValues((size_t)wn, seed + 2, 0.2));
    // gradOutput broadcast to self: the right-aligned trailing dims (the tests use suffix shapes)
    std::vector<double> gi((size_t)n), gw((size_t)wn, 0.0);
    for (int64_t i = 0; i < n; i++) {
        int64_t c = k.per_channel ? (i / Q) % C : 0;
        double gv = g[(size_t)(i % gn)], xv = x[(size_t)i];
        gi[(size_t)i] = xv > 0 ? gv : gv * w[(size_t)c];
        if (!(xv > 0)) gw[(size_t)c] += gv * xv;
    }
    std::vector<int64_t> gwshape = k.per_channel ? std::vector<int64_t>{C} : k.weight;
    DevTensor tg, tx, tw, tgi, tgw;
    if (!tg.Init(dt, k.grad, g, lg) || !tx.Init(dt, k.self, x, lx) || !tw.Init(dt, k.weight, w, STRIDED) ||
        !tgi.Init(dt, k.self, {}, lx == CONTIG ? STRIDED : CONTIG) || !tgw.Init(dt, gwshape, {}, STRIDED)) return;
    int rc = Run("aclnnPreluBackward", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnPreluBackwardGetWorkspaceSize(tg.t, tx.t, tw.t, tgi.t, tgw.t, ws, e); }, aclnnPreluBackward);
    char what[160];
    snprintf(what, sizeof what, "PreluBackward %s self rank %zu n %lld weight %lld grad %lld", DtName(dt), k.self.size(),
             (long long)n, (long long)wn, (long long)gn);
    EXPECT(rc == 0, "%s: run failed", what);
    CheckDtype((std::string(what) + " gradInput").c_str(), dt, tgi.Read(), gi);
    // gradWeight sums up to n terms: the error of the FP32 terms grows with their count
    std::vector<double> gwq = tgw.Read();
    if (dt == ACL_FLOAT) CheckAccuracy((std::string(what) + " gradWeight").c_str(), gwq, gw, 1e-5, 1e-4, 1e-3);
    else CheckDtype((std::string(what) + " gradWeight").c_str(), dt, gwq, gw);
    EXPECT(tgi.CountClobbered() == 0 && tgw.CountClobbered() == 0, "%s: wrote outside the views", what);
}

static void TestValues(aclrtStream stream)
{
    const Case cases[] = {
        {{4, 3, 5}, {4, 3, 5}, {3}, true},
        {{4, 3, 5}, {3, 5}, {1, 3, 1}, true},   // gradOutput broadcast, weight [1, C, 1]
        {{2, 6, 2, 3}, {2, 6, 2, 3}, {1}, false}, // one weight for every channel
        {{5, 7}, {5, 7}, {7}, true},            // [N, C]: channel is the inner dim
        {{9}, {9}, {1}, false},                 // 1-d: one channel
        {{}, {}, {1}, false},                   // 0-d self
        {{3, 1, 4}, {1}, {1}, false},           // one channel, scalar-like gradOutput
    };
    uint64_t seed = 11;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (const Case &k : cases) {
            RunCase(stream, dt, k, CONTIG, CONTIG, seed++);
            if (k.self.size() >= 2) RunCase(stream, dt, k, dt == ACL_FLOAT16 ? TRANSPOSED : STRIDED, STRIDED, seed++);
        }
    // a larger per-channel case across several blocks
    RunCase(stream, ACL_FLOAT, {{64, 16, 33}, {64, 16, 33}, {16}, true}, CONTIG, CONTIG, 99);
}

// Both gradients against central differences of the forward loss (FP32, small shapes, x away from 0).
static void TestFiniteDifferences(aclrtStream stream)
{
    for (bool per_channel : {true, false}) {
        std::vector<int64_t> shape = {3, 4, 2}, wshape = per_channel ? std::vector<int64_t>{4} : std::vector<int64_t>{1};
        std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues(24, 5)), g = QuantAll(ACL_FLOAT, RandomValues(24, 6, 0.5));
        for (double &v : x) if (std::fabs(v) < 0.05) v = v < 0 ? -0.1 : 0.1;
        std::vector<double> w = QuantAll(ACL_FLOAT, RandomValues((size_t)wshape[0], 7, 0.3));
        std::vector<double> fdx(24), fdw(w.size());
        for (size_t i = 0; i < 24; i++) {
            double h = 1e-4, keep = x[i];
            x[i] = keep + h; double lp = Loss(shape, x, g, shape, w, per_channel);
            x[i] = keep - h; double lm = Loss(shape, x, g, shape, w, per_channel);
            x[i] = keep;
            fdx[i] = (lp - lm) / (2 * h);
        }
        for (size_t c = 0; c < w.size(); c++) {
            double h = 1e-4, keep = w[c];
            w[c] = keep + h; double lp = Loss(shape, x, g, shape, w, per_channel);
            w[c] = keep - h; double lm = Loss(shape, x, g, shape, w, per_channel);
            w[c] = keep;
            fdw[c] = (lp - lm) / (2 * h);
        }
        DevTensor tg, tx, tw, tgi, tgw;
        if (!tg.Init(ACL_FLOAT, shape, g, CONTIG) || !tx.Init(ACL_FLOAT, shape, x, TRANSPOSED) ||
            !tw.Init(ACL_FLOAT, wshape, w, CONTIG) || !tgi.Init(ACL_FLOAT, shape, {}, CONTIG) ||
            !tgw.Init(ACL_FLOAT, wshape, {}, CONTIG)) return;
        int rc = Run("aclnnPreluBackward", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnPreluBackwardGetWorkspaceSize(tg.t, tx.t, tw.t, tgi.t, tgw.t, ws, e); }, aclnnPreluBackward);
        EXPECT(rc == 0, "finite differences: run failed");
        CheckAccuracy(per_channel ? "FD gradInput per channel" : "FD gradInput one weight", tgi.Read(), fdx, 1e-4, 1e-4, 1e-3);
        CheckAccuracy(per_channel ? "FD gradWeight per channel" : "FD gradWeight one weight", tgw.Read(), fdw, 1e-4, 1e-4, 1e-3);
    }
}

// NaN / Inf / -0: x = NaN takes the x <= 0 branch of the select (gradInput g * w, gradWeight NaN).
static void TestSpecial(aclrtStream stream)
{
    std::vector<int64_t> shape = {2, 3};
    std::vector<double> x = {NAN, -INFINITY, INFINITY, -0.0, 2.0, -1.0}, g = {1, 2, 3, 4, 5, 6}, w = {0.5, 0.25, 2.0};
    DevTensor tg, tx, tw, tgi, tgw;
    if (!tg.Init(ACL_FLOAT, shape, g, CONTIG) || !tx.Init(ACL_FLOAT, shape, x, CONTIG) ||
        !tw.Init(ACL_FLOAT, {3}, w, CONTIG) || !tgi.Init(ACL_FLOAT, shape, {}, CONTIG) || !tgw.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
    int rc = Run("aclnnPreluBackward", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnPreluBackwardGetWorkspaceSize(tg.t, tx.t, tw.t, tgi.t, tgw.t, ws, e); }, aclnnPreluBackward);
    EXPECT(rc == 0, "special: run failed");
    std::vector<double> gi = {0.5, 0.5, 3.0, 4.0 * 0.5, 5.0, 6.0 * 2.0};
    std::vector<double> gw = {NAN, -INFINITY, -6.0};
    CheckAccuracy("special gradInput", tgi.Read(), gi, 0, 0, 0);
    CheckAccuracy("special gradWeight", tgw.Read(), gw, 0, 0, 0);
    std::vector<double> r = tgw.Read();
    EXPECT(r.size() == 3 && r[2] == -6.0, "gradWeight[2] = %g", r.size() == 3 ? r[2] : 0.0);
}

// Empty tensors: success, nothing written (the real op returns before any launch).
static void TestEmpty(aclrtStream stream)
{
    DevTensor tg, tx, tw, tgi, tgw;
    if (!tg.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !tx.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !tw.Init(ACL_FLOAT, {3}, {1, 2, 3}, CONTIG) || !tgi.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !tgw.Init(ACL_FLOAT, {3}, {7, 7, 7}, CONTIG)) return;
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnPreluBackwardGetWorkspaceSize(tg.t, tx.t, tw.t, tgi.t, tgw.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnPreluBackward(nullptr, 0, ex, stream) == 0, "empty: stage 2 failed");
    aclrtSynchronizeStream(stream);
    std::vector<double> r = tgw.Read();
    EXPECT(r == std::vector<double>({7, 7, 7}), "empty: gradWeight changed");
}

static void TestValidation()
{
    DevTensor x, xh, xi, g, w, w1, w4, gi, gw, gw1, gwbad, x9, s0, gbad, gi2;
    if (!x.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {2, 3, 4}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3, 4}, {}, CONTIG) || !g.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) ||
        !w.Init(ACL_FLOAT, {3}, {}, CONTIG) || !w1.Init(ACL_FLOAT, {1}, {}, CONTIG) || !w4.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !gi.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !gw.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !gw1.Init(ACL_FLOAT, {1}, {}, CONTIG) || !gwbad.Init(ACL_FLOAT, {1, 3}, {}, CONTIG) ||
        !x9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2}, {}, CONTIG) || !s0.Init(ACL_FLOAT, {}, {}, CONTIG) ||
        !gbad.Init(ACL_FLOAT, {2, 1, 3, 4}, {}, CONTIG) || !gi2.Init(ACL_FLOAT, {2, 3, 5}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const char *names[5] = {"gradOutput", "self", "weight", "gradInput", "gradWeight"};
    for (int i = 0; i < 5; i++) {
        const aclTensor *a[5] = {g.t, x.t, w.t, gi.t, gw.t};
        a[i] = nullptr;
        ExpectError(names[i], aclnnPreluBackwardGetWorkspaceSize(a[0], a[1], a[2], (aclTensor *)a[3], (aclTensor *)a[4], &ws, &ex),
                    161001, names[i]);
    }
    // null comes first even when a dtype is wrong too
    ExpectError("null before dtype", aclnnPreluBackwardGetWorkspaceSize(xi.t, xi.t, w.t, gi.t, nullptr, &ws, &ex), 161001, "gradWeight");
    ExpectError("self int32", aclnnPreluBackwardGetWorkspaceSize(g.t, xi.t, w.t, gi.t, gw.t, &ws, &ex), 161002, "self", "DT_INT32");
    ExpectError("gradOutput fp16", aclnnPreluBackwardGetWorkspaceSize(xh.t, x.t, w.t, gi.t, gw.t, &ws, &ex), 161002, "gradOutput");
    ExpectError("gradInput fp16", aclnnPreluBackwardGetWorkspaceSize(g.t, x.t, w.t, xh.t, gw.t, &ws, &ex), 161002, "gradInput");
    // dtype before shape
    ExpectError("dtype before shape", aclnnPreluBackwardGetWorkspaceSize(g.t, x.t, w4.t, xh.t, gw.t, &ws, &ex), 161002, "gradInput");
    ExpectError("rank 9", aclnnPreluBackwardGetWorkspaceSize(g.t, x9.t, w1.t, x9.t, gw1.t, &ws, &ex), 161002, "self");
    ExpectError("gradInput shape", aclnnPreluBackwardGetWorkspaceSize(g.t, x.t, w.t, gi2.t, gw.t, &ws, &ex), 161002, "gradInput");
    ExpectError("weight size", aclnnPreluBackwardGetWorkspaceSize(g.t, x.t, w4.t, gi.t, gw.t, &ws, &ex), 161002, "channel size");
    ExpectError("gradWeight shape", aclnnPreluBackwardGetWorkspaceSize(g.t, x.t, w.t, gi.t, gwbad.t, &ws, &ex), 161002, "gradWeight");
    ExpectError("gradWeight vs one weight", aclnnPreluBackwardGetWorkspaceSize(g.t, x.t, w1.t, gi.t, gw.t, &ws, &ex), 161002, "gradWeight");
    ExpectError("0-d self, 3 weights", aclnnPreluBackwardGetWorkspaceSize(s0.t, s0.t, w.t, s0.t, gw.t, &ws, &ex), 161002, "self");
    ExpectError("broadcast past self", aclnnPreluBackwardGetWorkspaceSize(gbad.t, x.t, w.t, gi.t, gw.t, &ws, &ex), 161002, "broadcastShape");
    ExpectError("gradOutput does not broadcast", aclnnPreluBackwardGetWorkspaceSize(gi2.t, x.t, w.t, gi.t, gw.t, &ws, &ex), 161002);
}

static void Test310p(aclrtStream stream)
{
    DevTensor x, w, gw;
    if (!x.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !w.Init(ACL_BF16, {3}, {}, CONTIG) || !gw.Init(ACL_BF16, {3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("310P bf16", aclnnPreluBackwardGetWorkspaceSize(x.t, x.t, w.t, x.t, gw.t, &ws, &ex), 161002, "BF16");
    RunCase(stream, ACL_FLOAT16, {{4, 3, 5}, {4, 3, 5}, {3}, true}, CONTIG, CONTIG, 3);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        Test310p(rt.stream);
    } else {
        TestValues(rt.stream);
        TestFiniteDifferences(rt.stream);
        TestSpecial(rt.stream);
        TestEmpty(rt.stream);
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
