// aclnnWeightQuantBatchMatmulExperiment (ops-nn experimental/matmul/weight_quant_batch_matmul_experiment,
// A2): y = x @ (w * scale[group]) for an INT4 weight and groups of 128 along k, checked against the
// exact double product with the tolerance the MSD algorithm's three INT4 slices leave (the residual
// |s2 - round(s2)| <= 0.5 of 1 / (7.49 * 14.98^2) of the group max) plus FP16 rounding; the generated
// checks and the tiling's refusals; on the 310P / 950 the chip refusal.
#include <cmath>
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_experiment.h"

static aclrtStream g_stream;

static int S1(const aclTensor *x, const aclTensor *w, const aclTensor *s, const aclTensor *y, uint64_t *ws,
              aclOpExecutor **ex)
{
    return aclnnWeightQuantBatchMatmulExperimentGetWorkspaceSize(x, w, s, y, ws, ex);
}

// An INT4 (k, n) tensor, row-major, two per byte (even element low nibble).
struct Int4Tensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    ~Int4Tensor() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
    bool Init(const std::vector<int> &v, int64_t k, int64_t n)
    {
        std::vector<uint8_t> b((size_t)((k * n + 1) / 2), 0);
        for (int64_t e = 0; e < k * n; e++) b[(size_t)(e / 2)] |= (uint8_t)((v[(size_t)e] & 0xf) << (4 * (e & 1)));
        if (aclrtMalloc(&dev, b.size(), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (aclrtMemcpy(dev, b.size(), b.data(), b.size(), ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        int64_t shape[2] = {k, n}, strides[2] = {n, 1};
        t = aclCreateTensor(shape, 2, ACL_INT4, strides, 0, ACL_FORMAT_ND, shape, 2, dev);
        return t != nullptr;
    }
};

static void Case(int64_t m, int64_t k, int64_t n, Layout lx, uint64_t seed, bool zero_group = false)
{
    Lcg rng(seed);
    const int64_t G = k / 128;
    std::vector<double> xv((size_t)(m * k)), sv((size_t)(G * n));
    std::vector<int> wv((size_t)(k * n));
    for (auto &v : xv) v = Quant(ACL_FLOAT16, rng.uniform() * 4 - 2);
    if (zero_group) for (int64_t q = 0; q < 128; q++) xv[(size_t)q] = 0; // row 0, group 0: max 0
    for (auto &v : wv) v = (int)(rng.uniform() * 16) - 8;
    for (auto &v : sv) v = Quant(ACL_FLOAT16, 0.01 + rng.uniform() * 0.05);
    DevTensor x, s, y;
    Int4Tensor w;
    if (!x.Init(ACL_FLOAT16, {m, k}, xv, lx) || !w.Init(wv, k, n) || !s.Init(ACL_FLOAT16, {G, n}, sv, CONTIG) ||
        !y.Init(ACL_FLOAT16, {m, n}, {}, CONTIG)) {
        EXPECT(false, "tensors");
        return;
    }
    int r = Run("aclnnWeightQuantBatchMatmulExperiment", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) { return S1(x.t, w.t, s.t, y.t, ws, ex); },
                aclnnWeightQuantBatchMatmulExperiment);
    EXPECT(r == 0, "run %lld x %lld x %lld: %d (%s)", (long long)m, (long long)k, (long long)n, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<double> got = y.Read();
    int bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double ref = 0, tol = 0;
            for (int64_t g = 0; g < G; g++) {
                double amax = 0, sumw = 0;
                for (int64_t q = g * 128; q < (g + 1) * 128; q++) {
                    amax = std::max(amax, std::fabs(xv[(size_t)(i * k + q)]));
                    ref += xv[(size_t)(i * k + q)] * wv[(size_t)(q * n + j)] * sv[(size_t)(g * n + j)];
                    sumw += std::abs(wv[(size_t)(q * n + j)]);
                }
                tol += 0.5 / (7.49 * 14.98 * 14.98) * amax * sumw * sv[(size_t)(g * n + j)] * 1.05;
            }
            tol += std::fabs(ref) * (1.0 / 1024) + 1e-3;
            double gv = got[(size_t)(i * n + j)];
            if (!(std::fabs(gv - ref) <= tol) && bad++ < 5)
                EXPECT(false, "y[%lld, %lld] = %.6g, expected %.6g (tol %.3g)", (long long)i, (long long)j, gv, ref, tol);
        }
    EXPECT(bad == 0, "%d element(s) off (%lld x %lld x %lld)", bad, (long long)m, (long long)k, (long long)n);
}

static void Validation()
{
    DevTensor x, s, y, xb, y2, s2, xk;
    Int4Tensor w, wk;
    std::vector<int> wv(256 * 32, 1);
    if (!x.Init(ACL_FLOAT16, {2, 256}, {}, CONTIG) || !w.Init(wv, 256, 32) || !s.Init(ACL_FLOAT16, {2, 32}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT16, {2, 32}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 256}, {}, CONTIG) ||
        !y2.Init(ACL_FLOAT16, {2, 31}, {}, CONTIG) || !s2.Init(ACL_FLOAT16, {1, 32}, {}, CONTIG) ||
        !xk.Init(ACL_FLOAT16, {2, 200}, {}, CONTIG) || !wk.Init(std::vector<int>(200 * 32, 1), 200, 32)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null weight", S1(x.t, nullptr, s.t, y.t, &ws, &ex), 161001, "weight");
    ExpectError("null yOut", S1(x.t, w.t, s.t, nullptr, &ws, &ex), 161001, "yOut");
    ExpectError("bf16 x", S1(xb.t, w.t, s.t, y.t, &ws, &ex), 161002, "x");
    ExpectError("y shape", S1(x.t, w.t, s.t, y2.t, &ws, &ex), 561002, "yOut's shape");
    ExpectError("scale groups", S1(x.t, w.t, s2.t, y.t, &ws, &ex), 561002, "antiquantScale's shape");
    ExpectError("k 200", S1(xk.t, wk.t, s.t, y.t, &ws, &ex), 561002, "multiple of the group size 128");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && *chip) {
        DevTensor x, s, y;
        Int4Tensor w;
        if (x.Init(ACL_FLOAT16, {1, 128}, {}, CONTIG) && w.Init(std::vector<int>(128 * 16, 1), 128, 16) &&
            s.Init(ACL_FLOAT16, {1, 16}, {}, CONTIG) && y.Init(ACL_FLOAT16, {1, 16}, {}, CONTIG)) {
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("chip", S1(x.t, w.t, s.t, y.t, &ws, &ex), 161002, "not supported");
        }
    } else {
        Case(1, 128, 512, CONTIG, 1);
        Case(3, 512, 1024, CONTIG, 2, true); // an all-zero group
        Case(5, 256, 100, STRIDED, 3);
        Case(17, 1024, 64, TRANSPOSED, 4);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
