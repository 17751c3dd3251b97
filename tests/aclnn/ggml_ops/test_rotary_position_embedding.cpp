// aclnnRotaryPositionEmbedding (ops-transformer): y = x * cos + rotate(x) * sin, mode 0 rotating
// halves, mode 1 interleaved pairs; FP32 / FP16 / BF16, cos / sin broadcast over the first
// three dims, strided views; the validation order with codes; 310P refused (A2 / A3 only).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_rotary_position_embedding.h"

static double At(const std::vector<double> &v, const std::vector<int64_t> &s, int64_t b, int64_t i, int64_t n, int64_t d)
{
    b = s[0] == 1 ? 0 : b; i = s[1] == 1 ? 0 : i; n = s[2] == 1 ? 0 : n;
    return v[((b * s[1] + i) * s[2] + n) * s[3] + d];
}

static void TestValues(aclrtStream stream)
{
    std::vector<int64_t> xs = {2, 3, 4, 8};
    std::vector<std::vector<int64_t>> cs = {{1, 3, 1, 8}, {2, 3, 4, 8}, {1, 1, 1, 8}, {2, 1, 4, 8}};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (aclDataType dt : dts)
        for (auto &c : cs)
            for (int64_t mode = 0; mode < 2; mode++) {
                std::vector<double> x = QuantAll(dt, RandomValues(GetShapeSize(xs), 5, 1.0));
                std::vector<double> co(GetShapeSize(c)), si(GetShapeSize(c));
                for (size_t i = 0; i < co.size(); i++) {
                    co[i] = Quant(dt, std::cos(0.3 * (double)i));
                    si[i] = Quant(dt, std::sin(0.3 * (double)i));
                }
                std::vector<double> golden(x.size());
                int64_t D = xs[3], h = D / 2;
                for (int64_t b = 0; b < xs[0]; b++)
                    for (int64_t s = 0; s < xs[1]; s++)
                        for (int64_t n = 0; n < xs[2]; n++)
                            for (int64_t d = 0; d < D; d++) {
                                int64_t base = ((b * xs[1] + s) * xs[2] + n) * D;
                                double rot = mode == 0 ? (d < h ? -x[base + d + h] : x[base + d - h])
                                                       : (d % 2 == 0 ? -x[base + d + 1] : x[base + d - 1]);
                                golden[base + d] = x[base + d] * At(co, c, b, s, n, d) + rot * At(si, c, b, s, n, d);
                            }
                DevTensor tx, tc, ts, to;
                if (!tx.Init(dt, xs, x, STRIDED) || !tc.Init(dt, c, co, CONTIG) || !ts.Init(dt, c, si, TRANSPOSED) ||
                    !to.Init(dt, xs, {}, mode ? STRIDED : CONTIG)) return;
                int rc = Run("RotaryPositionEmbedding", stream, [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnRotaryPositionEmbeddingGetWorkspaceSize(tx.t, tc.t, ts.t, mode, to.t, w, e); },
                    aclnnRotaryPositionEmbedding);
                std::string what = std::string("RoPE ") + DtName(dt) + " mode " + std::to_string(mode) + " cos " +
                                   std::to_string(c[0]) + std::to_string(c[1]) + std::to_string(c[2]);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                CheckDtype(what.c_str(), dt, to.Read(), golden);
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
            }
}

static void TestValidation(bool is310p)
{
    DevTensor x, c, o, x3, xi, c16, cD, cbad, c1sn, o2, xodd, codd, oodd, xbig, cbig, obig, xe, oe;
    if (!x.Init(ACL_FLOAT, {2, 3, 4, 8}, {}, CONTIG) || !c.Init(ACL_FLOAT, {1, 3, 1, 8}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {2, 3, 4, 8}, {}, CONTIG) || !x3.Init(ACL_FLOAT, {3, 4, 8}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3, 4, 8}, {}, CONTIG) || !c16.Init(ACL_FLOAT16, {1, 3, 1, 8}, {}, CONTIG) ||
        !cD.Init(ACL_FLOAT, {1, 3, 1, 6}, {}, CONTIG) || !cbad.Init(ACL_FLOAT, {1, 2, 1, 8}, {}, CONTIG) ||
        !c1sn.Init(ACL_FLOAT, {1, 3, 4, 8}, {}, CONTIG) || !o2.Init(ACL_FLOAT, {2, 3, 4, 6}, {}, CONTIG) ||
        !xodd.Init(ACL_FLOAT, {1, 1, 1, 7}, {}, CONTIG) || !codd.Init(ACL_FLOAT, {1, 1, 1, 7}, {}, CONTIG) ||
        !oodd.Init(ACL_FLOAT, {1, 1, 1, 7}, {}, CONTIG) || !xbig.Init(ACL_FLOAT, {1, 1, 1, 896}, {}, CONTIG) ||
        !cbig.Init(ACL_FLOAT, {1, 1, 1, 896}, {}, CONTIG) || !obig.Init(ACL_FLOAT, {1, 1, 1, 896}, {}, CONTIG) ||
        !xe.Init(ACL_FLOAT, {0, 3, 4, 8}, {}, CONTIG) || !oe.Init(ACL_FLOAT, {0, 3, 4, 8}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto S1 = [&](aclTensor *a, aclTensor *b, aclTensor *d, int64_t mode, aclTensor *out) {
        return aclnnRotaryPositionEmbeddingGetWorkspaceSize(a, b, d, mode, out, &ws, &ex); };
    if (is310p) {
        int rc = S1(x.t, c.t, c.t, 0, o.t);
        EXPECT(rc == 361001, "RoPE on 310P: %d, expected 361001", rc);
        return;
    }
    ExpectError("null x", S1(nullptr, c.t, c.t, 0, o.t), 161001, "x");
    ExpectError("null cos", S1(x.t, nullptr, c.t, 0, o.t), 161001, "cos");
    ExpectError("null sin", S1(x.t, c.t, nullptr, 0, o.t), 161001, "sin");
    ExpectError("null out", S1(x.t, c.t, c.t, 0, nullptr), 161001, "out");
    ExpectError("int32 x", S1(xi.t, c.t, c.t, 0, o.t), 161002, "DT_INT32");
    ExpectError("fp16 cos", S1(x.t, c16.t, c.t, 0, o.t), 161002, "DT_FLOAT16");
    ExpectError("3-d x", S1(x3.t, c.t, c.t, 0, o.t), 161002, "4-d");
    ExpectError("out shape", S1(x.t, c.t, c.t, 0, o2.t), 161002);
    ExpectError("cos != sin shape", S1(x.t, c.t, c1sn.t, 0, o.t), 161002);
    ExpectError("cos D", S1(x.t, cD.t, cD.t, 0, o.t), 161002, "the D of cos");
    ExpectError("cos S", S1(x.t, cbad.t, cbad.t, 0, o.t), 161002, "supported broadcast");
    ExpectError("cos (1,S,N)", S1(x.t, c1sn.t, c1sn.t, 0, o.t), 161002, "supported broadcast");
    ExpectError("odd D", S1(xodd.t, codd.t, codd.t, 0, oodd.t), 161002, "multiple of 2");
    ExpectError("D 896", S1(xbig.t, cbig.t, cbig.t, 1, obig.t), 161002, "less than 896");
    ExpectError("mode 2", S1(x.t, c.t, c.t, 2, o.t), 161002, "mode 2");
    int rc = S1(xe.t, c.t, c.t, 0, oe.t);
    EXPECT(rc == 0 && ws == 0, "empty x: %d", rc);
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
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
