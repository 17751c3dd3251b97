// FatreluMul (issue 12, actrnn): FP32 / FP16 / BF16, contiguous / strided / transposed views,
// thresholds of rank 0 and 2, +-0 / +-Inf / NaN in both halves, against a reference written
// here in double; the validation and tiling refusals; argument "310p": the chip refusal.
#include <string>

#include "act_test_util.h"
#include "aclnnop/aclnn_fatrelu_mul.h"

static std::vector<double> Ref(const std::vector<double> &x, int64_t rows, int64_t last, double thr)
{
    std::vector<double> y((size_t)(rows * last / 2));
    for (int64_t r = 0; r < rows; r++)
        for (int64_t j = 0; j < last / 2; j++) {
            double a = x[(size_t)(r * last + j)], b = x[(size_t)(r * last + last / 2 + j)];
            y[(size_t)(r * last / 2 + j)] = (a < thr ? 0.0 : a) * b;
        }
    return y;
}

static void Case(Runtime &rt, aclDataType dt, const std::vector<int64_t> &shape, Layout in_l, Layout out_l,
                 const std::vector<int64_t> &tshape, double thr, bool special)
{
    int64_t n = GetShapeSize(shape), last = shape.back(), rows = n / last;
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, 31 + (uint64_t)dt, 2.0));
    if (special) {
        x[0] = INFINITY; x[1] = -INFINITY; x[2] = NAN; x[3] = -0.0;
        x[(size_t)(last / 2)] = 0.0;           // inf * 0 -> NaN
        x[(size_t)(last / 2 + 1)] = 2.0;       // -inf below the threshold -> 0 * 2
        x[(size_t)(last + last / 2)] = INFINITY; // row 1: (x < thr ? 0 : x) * inf
    }
    thr = Quant(dt, thr);
    std::vector<double> golden = Ref(x, rows, last, thr);
    std::vector<int64_t> oshape = shape;
    oshape.back() /= 2;
    DevTensor ti, tt, to;
    if (!ti.Init(dt, shape, x, in_l) || !tt.Init(dt, tshape, {thr}, CONTIG) || !to.Init(dt, oshape, {}, out_l)) {
        EXPECT(false, "tensor set-up");
        return;
    }
    std::string what = std::string("FatreluMul ") + DtName(dt) + " rank " + std::to_string(shape.size()) + " in " +
                       std::to_string((int)in_l) + " out " + std::to_string((int)out_l) + (special ? " special" : "");
    EXPECT(Run("aclnnFatreluMul", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnFatreluMulGetWorkspaceSize(ti.t, tt.t, to.t, s, e); }, aclnnFatreluMul) == 0, "%s run", what.c_str());
    CheckDtype(what.c_str(), dt, to.Read(), golden);
    EXPECT(to.CountClobbered() == 0, "%s wrote outside the view", what.c_str());
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor x, t, o;
    if (!x.Init(ACL_FLOAT, {3, 8}, {}, CONTIG) || !t.Init(ACL_FLOAT, {}, {0.1}, CONTIG) || !o.Init(ACL_FLOAT, {3, 4}, {}, CONTIG)) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        ExpectError("310P null", aclnnFatreluMulGetWorkspaceSize(x.t, nullptr, o.t, &ws, &ex), 161001, "threshold");
        int rc = aclnnFatreluMulGetWorkspaceSize(x.t, t.t, o.t, &ws, &ex);
        EXPECT(rc == 361001, "310P: returned %d, expected 361001", rc);
    } else {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            Case(rt, dt, {3, 8}, CONTIG, CONTIG, {}, 0.25, true);
            Case(rt, dt, {2, 3, 6}, STRIDED, TRANSPOSED, {1, 1}, -0.5, false);
            Case(rt, dt, {4, 32}, TRANSPOSED, STRIDED, {1}, 0.0, true);
        }
        Case(rt, ACL_FLOAT, {5, 1024}, CONTIG, CONTIG, {1}, 0.3, false);
        // empty input: nothing runs
        DevTensor e, eo;
        if (!e.Init(ACL_FLOAT, {0, 8}, {}, CONTIG) || !eo.Init(ACL_FLOAT, {0, 4}, {}, CONTIG)) return 1;
        EXPECT(Run("aclnnFatreluMul", rt.stream, [&](uint64_t *s, aclOpExecutor **ee) {
            return aclnnFatreluMulGetWorkspaceSize(e.t, t.t, eo.t, s, ee); }, aclnnFatreluMul) == 0, "empty run");
        DevTensor x16, t2, o5, x1, o1, x7, o7, xb, ob;
        if (!x16.Init(ACL_FLOAT16, {3, 8}, {}, CONTIG) || !t2.Init(ACL_FLOAT, {2}, {}, CONTIG) || !o5.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
            !x1.Init(ACL_FLOAT, {8}, {}, CONTIG) || !o1.Init(ACL_FLOAT, {4}, {}, CONTIG) || !x7.Init(ACL_FLOAT, {3, 7}, {}, CONTIG) ||
            !o7.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !xb.Init(ACL_FLOAT, {2, 2048}, {}, CONTIG) || !ob.Init(ACL_FLOAT, {2, 1024}, {}, CONTIG)) return 1;
        DevTensor xi, oi;
        if (!xi.Init(ACL_INT32, {3, 8}, {}, CONTIG) || !oi.Init(ACL_INT32, {3, 4}, {}, CONTIG)) return 1;
        ExpectError("null input", aclnnFatreluMulGetWorkspaceSize(nullptr, t.t, o.t, &ws, &ex), 161001, "input");
        ExpectError("null out", aclnnFatreluMulGetWorkspaceSize(x.t, t.t, nullptr, &ws, &ex), 161001, "out");
        ExpectError("int32 input", aclnnFatreluMulGetWorkspaceSize(xi.t, t.t, oi.t, &ws, &ex), 161002, "DT_INT32");
        ExpectError("threshold dtype", aclnnFatreluMulGetWorkspaceSize(x16.t, t.t, o.t, &ws, &ex), 161002, "threshold");
        ExpectError("out shape", aclnnFatreluMulGetWorkspaceSize(x.t, t.t, o5.t, &ws, &ex), 161002, "out", "[3, 4]");
        ExpectError("two thresholds", aclnnFatreluMulGetWorkspaceSize(x.t, t2.t, o.t, &ws, &ex), 561002, "one");
        ExpectError("rank 1", aclnnFatreluMulGetWorkspaceSize(x1.t, t.t, o1.t, &ws, &ex), 561002, "no less than 2");
        ExpectError("odd last dim", aclnnFatreluMulGetWorkspaceSize(x7.t, t.t, o7.t, &ws, &ex), 561002, "even");
        ExpectError("last dim 2048", aclnnFatreluMulGetWorkspaceSize(xb.t, t.t, ob.t, &ws, &ex), 561002, "1024");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
