// aclnnMatmulEmuSplitWeight (ops-nn matmul/matmul_emu_split_weight, 950): y = x @ wHigh +
// (1/256) * (x @ wLow) in FP32 from BF16 operands, checked against a double reference built from
// the BF16 values (FP32 split of a weight into high / low halves as the docs describe); contiguous,
// transposed and strided views; the op_api's checks with codes and messages; other chips: 361001.
#include <cmath>
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_matmul_emu_split_weight.h"

static aclrtStream g_stream;

static const float kScale = 0.00390625f;

static int Stage1(const aclTensor *x, const aclTensor *h, const aclTensor *l, const aclTensor *y, float s, int8_t d,
                  uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnMatmulEmuSplitWeightGetWorkspaceSize(x, h, l, y, s, d, ws, ex);
}

static void Case(int64_t m, int64_t k, int64_t n, Layout lx, Layout lw, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<double> xv((size_t)(m * k)), hv((size_t)(k * n)), lv((size_t)(k * n));
    for (auto &v : xv) v = Quant(ACL_BF16, rng.uniform() * 4 - 2);
    for (size_t i = 0; i < hv.size(); i++) { // the documented offline split of an FP32 weight
        float w = (float)(rng.uniform() * 2 - 1);
        double hi = Quant(ACL_BF16, w);
        hv[i] = hi;
        lv[i] = Quant(ACL_BF16, (double)(float)((w - (float)hi) / kScale));
    }
    DevTensor x, h, l, y;
    if (!x.Init(ACL_BF16, {m, k}, xv, lx) || !h.Init(ACL_BF16, {k, n}, hv, lw) || !l.Init(ACL_BF16, {k, n}, lv, lw) ||
        !y.Init(ACL_FLOAT, {m, n}, {}, STRIDED)) {
        EXPECT(false, "tensors");
        return;
    }
    int r = Run("aclnnMatmulEmuSplitWeight", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) { return Stage1(x.t, h.t, l.t, y.t, kScale, 0, ws, ex); },
                aclnnMatmulEmuSplitWeight);
    EXPECT(r == 0, "run %lld x %lld x %lld: %d (%s)", (long long)m, (long long)k, (long long)n, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<double> got = y.Read();
    int bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double hs = 0, ls = 0, mag = 0;
            for (int64_t q = 0; q < k; q++) {
                double a = xv[(size_t)(i * k + q)];
                hs += a * hv[(size_t)(q * n + j)];
                ls += a * lv[(size_t)(q * n + j)];
                mag += std::fabs(a * hv[(size_t)(q * n + j)]) + std::fabs(a * lv[(size_t)(q * n + j)]) * kScale;
            }
            double ref = hs + kScale * ls, g = got[(size_t)(i * n + j)];
            if (!(std::fabs(g - ref) <= 2e-6 * mag + 1e-6) && bad++ < 5)
                EXPECT(false, "y[%lld, %lld] = %.9g, expected %.9g", (long long)i, (long long)j, g, ref);
        }
    EXPECT(bad == 0, "%d element(s) off (%lld x %lld x %lld)", bad, (long long)m, (long long)k, (long long)n);
    EXPECT(y.CountClobbered() == 0, "y's storage outside the view was written");
}

static void Validation(bool is950)
{
    DevTensor x, h, l, y, xf, hf, yh, h3, yb, ln, lk;
    if (!x.Init(ACL_BF16, {4, 8}, {}, CONTIG) || !h.Init(ACL_BF16, {8, 6}, {}, CONTIG) ||
        !l.Init(ACL_BF16, {8, 6}, {}, CONTIG) || !y.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !xf.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) || !hf.Init(ACL_FLOAT, {8, 6}, {}, CONTIG) ||
        !yh.Init(ACL_BF16, {4, 6}, {}, CONTIG) || !h3.Init(ACL_BF16, {1, 8, 6}, {}, CONTIG) ||
        !yb.Init(ACL_FLOAT, {4, 7}, {}, CONTIG) || !ln.Init(ACL_BF16, {8, 5}, {}, CONTIG) ||
        !lk.Init(ACL_BF16, {7, 6}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null x", Stage1(nullptr, h.t, l.t, y.t, kScale, 0, &ws, &ex), 161001, "x");
    ExpectError("null wLow", Stage1(x.t, h.t, nullptr, y.t, kScale, 0, &ws, &ex), 161001, "w_low");
    ExpectError("null y", Stage1(x.t, h.t, l.t, nullptr, kScale, 0, &ws, &ex), 161001, "y");
    ExpectError("fp16 x", Stage1(xf.t, h.t, l.t, y.t, kScale, 0, &ws, &ex), 161002, "x");
    ExpectError("fp32 wHigh", Stage1(x.t, hf.t, l.t, y.t, kScale, 0, &ws, &ex), 161002, "w_high");
    ExpectError("yDtype 1", Stage1(x.t, h.t, l.t, y.t, kScale, 1, &ws, &ex), 161002, "yDtype");
    ExpectError("bf16 y", Stage1(x.t, h.t, l.t, yh.t, kScale, 0, &ws, &ex), 161002, "y");
    ExpectError("NaN scale", Stage1(x.t, h.t, l.t, y.t, NAN, 0, &ws, &ex), 161002, "NaN");
    ExpectError("Inf scale", Stage1(x.t, h.t, l.t, y.t, INFINITY, 0, &ws, &ex), 161002, "Inf");
    ExpectError("scale 1/128", Stage1(x.t, h.t, l.t, y.t, 1.0f / 128, 0, &ws, &ex), 161002, "wLowScale");
    ExpectError("3-D wHigh", Stage1(x.t, h3.t, l.t, y.t, kScale, 0, &ws, &ex), 161002, "w_high");
    ExpectError("wLow k", Stage1(x.t, h.t, lk.t, y.t, kScale, 0, &ws, &ex), 161002, "w_low K");
    ExpectError("wLow n", Stage1(x.t, h.t, ln.t, y.t, kScale, 0, &ws, &ex), 161002, "w_low N");
    ExpectError("y shape", Stage1(x.t, h.t, l.t, yb.t, kScale, 0, &ws, &ex), 161002, "[4, 6]");
    // within 1e-7 of 1/256 is accepted
    int r = Stage1(x.t, h.t, l.t, y.t, kScale + 5e-8f, 0, &ws, &ex);
    if (is950) {
        EXPECT(r == 0, "scale near 1/256: %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(ex);
    } else {
        EXPECT(r == 361001, "no kernel off the 950: %d", r);
        const char *msg = aclGetRecentErrMsg();
        EXPECT(msg && std::string(msg).find("not implemented") != std::string::npos, "361001 message: %s", msg ? msg : "");
    }
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is950 = chip && std::string(chip) == "950";
    if (is950) {
        Case(2, 16, 32, CONTIG, CONTIG, 1);          // the example's shape class
        Case(37, 200, 45, CONTIG, CONTIG, 2);
        Case(17, 64, 33, TRANSPOSED, TRANSPOSED, 3); // transposed x and weights read in place
        Case(9, 130, 20, STRIDED, STRIDED, 4);
        Case(128, 512, 96, CONTIG, TRANSPOSED, 5);
    }
    if (chip && std::string(chip) == "310p") { // no BF16 on the 310P: the dtype check refuses first
        DevTensor x, h, y;
        if (x.Init(ACL_BF16, {2, 8}, {}, CONTIG) && h.Init(ACL_BF16, {8, 4}, {}, CONTIG) && y.Init(ACL_FLOAT, {2, 4}, {}, CONTIG)) {
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("310P", Stage1(x.t, h.t, h.t, y.t, kScale, 0, &ws, &ex), 161002, "DT_BF16");
        }
    } else {
        Validation(is950);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
