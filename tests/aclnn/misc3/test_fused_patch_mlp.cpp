// aclnnFusedPatchMlp (ops-nn experimental/matmul/fused_patch_mlp): y against a double reference written
// here from the op's formulas (per layer z = h W^T + b with the transposed flattened weights, rounded
// to the dtype as the kernel stores it, GELU tanh between layers, rounded again; none after the last),
// judged by the accuracy standard per dtype; 2-D to 4-D x, one to four layers, a strided x and out;
// the generated checks and the tiling's refusals with codes and messages; 310P / 950: no kernel
// (361001).
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_fused_patch_mlp.h"

static aclrtStream g_stream = nullptr;

static void Case(const char *name, aclDataType dt, std::vector<int64_t> xs, int64_t hidden, int64_t L, Layout layout,
                 uint64_t seed)
{
    const int64_t patch = xs.back();
    int64_t N = 1;
    for (size_t i = 0; i + 1 < xs.size(); i++) N *= xs[i];
    const aclDataType bdt = dt == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
    const int64_t wlen = patch * hidden + (L - 1) * hidden * hidden;
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)(N * patch), seed, 0.3));
    std::vector<double> w = QuantAll(dt, RandomValues((size_t)wlen, seed + 1, 0.4 / std::sqrt((double)patch)));
    std::vector<double> b = QuantAll(bdt, RandomValues((size_t)(L * hidden), seed + 2, 0.1));
    std::vector<int64_t> ys = xs;
    ys.back() = hidden;
    DevTensor tx, tw, tb, ty;
    if (!tx.Init(dt, xs, x, layout) || !tw.Init(dt, {wlen}, w, CONTIG) || !tb.Init(bdt, {L * hidden}, b, CONTIG) ||
        !ty.Init(dt, ys, {}, layout)) {
        EXPECT(false, "%s: tensors", name);
        return;
    }
    int r = Run("aclnnFusedPatchMlp", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnFusedPatchMlpGetWorkspaceSize(tx.t, tw.t, tb.t, L, ty.t, ws, ex); },
                aclnnFusedPatchMlp);
    EXPECT(r == 0, "%s: run %d", name, r);
    if (r) return;
    std::vector<double> h = x, z;
    int64_t K = patch, off = 0;
    for (int64_t l = 0; l < L; l++) {
        z.assign((size_t)(N * hidden), 0);
        for (int64_t n = 0; n < N; n++)
            for (int64_t j = 0; j < hidden; j++) {
                double s = b[(size_t)(l * hidden + j)];
                for (int64_t k = 0; k < K; k++) s += h[(size_t)(n * K + k)] * w[(size_t)(off + k * hidden + j)];
                double v = Quant(dt, s);
                if (l + 1 < L) v = Quant(dt, 0.5 * v * (1 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v))));
                z[(size_t)(n * hidden + j)] = v;
            }
        off += K * hidden;
        K = hidden;
        h = z;
    }
    CheckDtype(name, dt, ty.Read(), z);
    EXPECT(ty.CountClobbered() == 0, "%s: storage outside out written", name);
}

static void Validation()
{
    DevTensor x, w, b, y, x64, wh, b16, y16, x1, xz, bOdd, wBad, yBad, bF;
    if (!x.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) || !w.Init(ACL_FLOAT16, {8 * 6 + 6 * 6}, {}, CONTIG) ||
        !b.Init(ACL_FLOAT16, {12}, {}, CONTIG) || !y.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) ||
        !x64.Init(ACL_INT32, {4, 8}, {}, CONTIG) || !wh.Init(ACL_FLOAT, {84}, {}, CONTIG) ||
        !b16.Init(ACL_FLOAT16, {12}, {}, CONTIG) || !y16.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !x1.Init(ACL_FLOAT16, {8}, {}, CONTIG) || !xz.Init(ACL_FLOAT16, {0, 8}, {}, CONTIG) ||
        !bOdd.Init(ACL_FLOAT16, {13}, {}, CONTIG) || !wBad.Init(ACL_FLOAT16, {83}, {}, CONTIG) ||
        !yBad.Init(ACL_FLOAT16, {4, 7}, {}, CONTIG) || !bF.Init(ACL_FLOAT, {12}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *bw, const aclTensor *bb, int64_t L, const aclTensor *o) {
        return aclnnFusedPatchMlpGetWorkspaceSize(a, bw, bb, L, o, &ws, &ex);
    };
    ExpectError("null x", S1(nullptr, w.t, b.t, 2, y.t), 161001, "x");
    ExpectError("null weights", S1(x.t, nullptr, b.t, 2, y.t), 161001, "weights");
    ExpectError("null biases", S1(x.t, w.t, nullptr, 2, y.t), 161001, "biases");
    ExpectError("null out", S1(x.t, w.t, b.t, 2, nullptr), 161001, "out");
    ExpectError("x int32", S1(x64.t, w.t, b.t, 2, y.t), 161002, "x");
    ExpectError("weights float", S1(x.t, wh.t, b.t, 2, y.t), 161002, "weights");
    ExpectError("biases float with fp16 x", S1(x.t, w.t, bF.t, 2, y.t), 161002, "biases");
    ExpectError("out float", S1(x.t, w.t, b.t, 2, y16.t), 161002, "out");
    ExpectError("numLayers 0", S1(x.t, w.t, b.t, 0, y.t), 561002, "num_layers is out of range");
    ExpectError("x 1-D", S1(x1.t, w.t, b.t, 2, y.t), 561002, "at least two dimensions");
    ExpectError("x empty", S1(xz.t, w.t, b.t, 2, y.t), 561002, "invalid or overflowing x shape");
    ExpectError("biases odd", S1(x.t, w.t, bOdd.t, 2, y.t), 561002, "divisible by num_layers");
    ExpectError("weights count", S1(x.t, wBad.t, b.t, 2, y.t), 561002, "expected 84 but got 83");
    ExpectError("out shape", S1(x.t, w.t, b.t, 2, yBad.t), 561002, "hidden_size 6");
    (void)b16;
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && (std::string(chip) == "310p" || std::string(chip) == "950")) {
        DevTensor x, w, b, y;
        if (!x.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) || !w.Init(ACL_FLOAT16, {48}, {}, CONTIG) ||
            !b.Init(ACL_FLOAT16, {6}, {}, CONTIG) || !y.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnFusedPatchMlpGetWorkspaceSize(x.t, w.t, b.t, 1, y.t, &ws, &ex);
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip, r, aclGetRecentErrMsg());
    } else {
        Case("fp16 3 layers", ACL_FLOAT16, {2, 5, 16}, 32, 3, CONTIG, 1);
        Case("bf16 2 layers", ACL_BF16, {37, 24}, 48, 2, CONTIG, 2);
        Case("fp32 4 layers", ACL_FLOAT, {3, 2, 2, 12}, 20, 4, CONTIG, 3);
        Case("fp32 1 layer", ACL_FLOAT, {9, 7}, 5, 1, CONTIG, 4);
        Case("fp16 strided", ACL_FLOAT16, {3, 4, 16}, 24, 2, STRIDED, 5);
        Case("bf16 transposed", ACL_BF16, {3, 4, 16}, 24, 3, TRANSPOSED, 6);
        Case("fp16 large", ACL_FLOAT16, {300, 64}, 128, 3, CONTIG, 7);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
