// aclnnSoftmaxCrossEntropyWithLogits: per row loss = -sum(y * log_softmax(x)) and backprop =
// softmax(x) - y against a double reference; FP32 / FP16 / BF16, strided and transposed views,
// a row of C > one chunk, large logits (shift invariance), empty input; validation order.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"

static void Reference(const std::vector<double> &x, const std::vector<double> &y, int64_t N, int64_t C,
                      std::vector<double> &loss, std::vector<double> &grad)
{
    loss.assign(N, 0);
    grad.assign(N * C, 0);
    for (int64_t n = 0; n < N; n++) {
        double m = -INFINITY, s = 0;
        for (int64_t c = 0; c < C; c++) m = std::max(m, x[n * C + c]);
        for (int64_t c = 0; c < C; c++) s += std::exp(x[n * C + c] - m);
        double lse = m + std::log(s);
        for (int64_t c = 0; c < C; c++) {
            loss[n] += y[n * C + c] * (lse - x[n * C + c]);
            grad[n * C + c] = std::exp(x[n * C + c] - lse) - y[n * C + c];
        }
    }
}

static int RunSce(aclrtStream stream, DevTensor &x, DevTensor &y, DevTensor &l, DevTensor &g)
{
    return Run("SoftmaxCrossEntropyWithLogits", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(x.t, y.t, l.t, g.t, w, e); },
        aclnnSoftmaxCrossEntropyWithLogits);
}

static void TestValues(aclrtStream stream)
{
    struct { int64_t N, C; double shift; } cases[] = {{5, 7, 0}, {3, 2500, 0}, {4, 33, 1000}};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (auto &c : cases)
        for (aclDataType dt : dts) {
            if (c.shift != 0 && dt != ACL_FLOAT) continue;
            std::vector<double> x = RandomValues(c.N * c.C, 3 + c.C, 1.0), y(c.N * c.C);
            for (double &v : x) v = Quant(dt, v + c.shift);
            Lcg rng(11 + c.C);
            for (int64_t n = 0; n < c.N; n++) { // a probability row (soft labels)
                double s = 0;
                for (int64_t k = 0; k < c.C; k++) s += (y[n * c.C + k] = rng.uniform());
                for (int64_t k = 0; k < c.C; k++) y[n * c.C + k] = Quant(dt, y[n * c.C + k] / s);
            }
            std::vector<double> lg, gg;
            Reference(x, y, c.N, c.C, lg, gg);
            for (int layout = CONTIG; layout <= TRANSPOSED; layout++) {
                DevTensor tx, ty, tl, tg;
                if (!tx.Init(dt, {c.N, c.C}, x, (Layout)layout) || !ty.Init(dt, {c.N, c.C}, y, layout == TRANSPOSED ? CONTIG : STRIDED) ||
                    !tl.Init(dt, {c.N}, {}, layout == STRIDED ? STRIDED : CONTIG) || !tg.Init(dt, {c.N, c.C}, {}, (Layout)layout)) return;
                std::string what = std::string("SCE ") + DtName(dt) + " C=" + std::to_string(c.C) + " layout " + std::to_string(layout);
                int rc = RunSce(stream, tx, ty, tl, tg);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                CheckDtype((what + " loss").c_str(), dt, tl.Read(), lg);
                CheckDtype((what + " backprop").c_str(), dt, tg.Read(), gg);
                EXPECT(tl.CountClobbered() == 0 && tg.CountClobbered() == 0, "%s: wrote outside the views", what.c_str());
            }
        }
}

static void TestValidation(bool is310p)
{
    DevTensor x, y, l, g, x3, xi, l16, lbad, gbad, ybad, xe, ye, le, ge;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !y.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !l.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !g.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !x3.Init(ACL_FLOAT, {2, 3, 1}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !l16.Init(ACL_FLOAT16, {2}, {}, CONTIG) || !lbad.Init(ACL_FLOAT, {3}, {}, CONTIG) || !gbad.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) ||
        !ybad.Init(ACL_FLOAT, {1, 3}, {}, CONTIG) || !xe.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !ye.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !le.Init(ACL_FLOAT, {0}, {}, CONTIG) || !ge.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto S1 = [&](aclTensor *a, aclTensor *b, aclTensor *c, aclTensor *d) {
        return aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(a, b, c, d, &ws, &ex); };
    ExpectError("null features", S1(nullptr, y.t, l.t, g.t), 161001, "features");
    ExpectError("null labels", S1(x.t, nullptr, l.t, g.t), 161001, "labels");
    ExpectError("null loss", S1(x.t, y.t, nullptr, g.t), 161001, "loss");
    ExpectError("null backprop", S1(x.t, y.t, l.t, nullptr), 161001, "backprop");
    ExpectError("int32 features", S1(xi.t, y.t, l.t, g.t), 161002, "DT_INT32");
    ExpectError("int32 labels", S1(x.t, xi.t, l.t, g.t), 161002, "DT_INT32");
    ExpectError("fp16 loss with fp32 features", S1(x.t, y.t, l16.t, g.t), 161002, "DT_FLOAT16");
    ExpectError("3-d features", S1(x3.t, y.t, l.t, g.t), 161002, "must be 2");
    ExpectError("labels shape", S1(x.t, ybad.t, l.t, g.t), 161002);
    ExpectError("backprop shape", S1(x.t, y.t, l.t, gbad.t), 161002);
    ExpectError("loss shape", S1(x.t, y.t, lbad.t, g.t), 161002, "loss");
    int rc = S1(xe.t, ye.t, le.t, ge.t);
    EXPECT(rc == 0 && ws == 0, "empty features: %d, workspace %llu", rc, (unsigned long long)ws);
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    DevTensor b, bl, bg;
    if (!b.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !bl.Init(ACL_BF16, {2}, {}, CONTIG) || !bg.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return;
    rc = S1(b.t, b.t, bl.t, bg.t);
    if (is310p) ExpectError("bf16 on 310P", rc, 161002, "DT_BF16");
    else { EXPECT(rc == 0, "bf16 on 910B refused: %d", rc); if (rc == 0 && ex) aclDestroyAclOpExecutor(ex); }
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) TestValues(rt.stream);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
