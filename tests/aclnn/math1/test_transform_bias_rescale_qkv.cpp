// aclnnTransformBiasRescaleQkv against a reference written here (double: q = (x + b) / sqrt(D),
// k / v = x + b, compared within the dtype's tolerance): shapes with D of 1 .. 1100,
// FLOAT / FLOAT16 / BF16, +-Inf / NaN, strided / transposed views, empty qkv; every validation
// path with its code and message; the chips (A2 / A3 / 950; 310P: 361001).
#include <string>

#include "aclnnop/aclnn_transform_bias_rescale_qkv.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

static void RunCase(aclDataType dt, int64_t B, int64_t T, int64_t H, int64_t D, Layout xl, Layout ol, uint64_t &seed, bool specials)
{
    int64_t E = 3 * H * D;
    std::vector<double> x = RandomValues((size_t)(B * T * E), seed++), bias = RandomValues((size_t)E, seed++);
    if (specials)
        for (size_t i = 0; i < x.size(); i += 7) x[i] = (i / 7) % 3 == 0 ? INFINITY : (i / 7) % 3 == 1 ? -INFINITY : NAN;
    x = QuantAll(dt, x);
    bias = QuantAll(dt, bias);
    std::vector<std::vector<double>> want(3, std::vector<double>((size_t)(B * H * T * D)));
    for (int64_t s = 0; s < 3; s++)
        for (int64_t b = 0; b < B; b++)
            for (int64_t h = 0; h < H; h++)
                for (int64_t t = 0; t < T; t++)
                    for (int64_t d = 0; d < D; d++) {
                        int64_t c = (s * H + h) * D + d;
                        double v = x[(size_t)((b * T + t) * E + c)] + bias[(size_t)c];
                        if (s == 0) v /= std::sqrt((double)D);
                        want[(size_t)s][(size_t)(((b * H + h) * T + t) * D + d)] = Quant(dt, v);
                    }
    DevTensor tx, tb, o[3];
    if (!tx.Init(dt, {B, T, E}, x, xl) || !tb.Init(dt, {E}, bias, ol)) { EXPECT(false, "init"); return; }
    for (int s = 0; s < 3; s++)
        if (!o[s].Init(dt, {B, H, T, D}, {}, (Layout)((ol + s) % 3))) { EXPECT(false, "init"); return; }
    char what[160];
    snprintf(what, sizeof what, "TransformBiasRescaleQkv %s B %lld T %lld H %lld D %lld%s layouts %d%d", DtName(dt), (long long)B,
             (long long)T, (long long)H, (long long)D, specials ? " specials" : "", xl, ol);
    int rc = Run(what, g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnTransformBiasRescaleQkvGetWorkspaceSize(tx.t, tb.t, H, o[0].t, o[1].t, o[2].t, ws, ex); }, aclnnTransformBiasRescaleQkv);
    EXPECT(rc == 0, "%s: run failed", what);
    if (!rc)
        for (int s = 0; s < 3; s++) {
            // FLOAT: the FLOAT add and scale (a few ulps); 16-bit: one rounding plus that
            double tol = dt == ACL_FLOAT ? 1e-6 : 2 * TolOf(dt);
            EXPECT(CountBad(what, o[s].Read(), want[(size_t)s], tol) == 0, "%s: output %d wrong", what, s);
            EXPECT(o[s].CountClobbered() == 0, "%s: output %d wrote outside the view", what, s);
        }
}

static void TestValues()
{
    uint64_t seed = 41;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        RunCase(dt, 1, 1, 1, 1, CONTIG, CONTIG, seed, false);
        RunCase(dt, 2, 3, 4, 8, STRIDED, CONTIG, seed, false);
        RunCase(dt, 1, 5, 2, 64, TRANSPOSED, STRIDED, seed, true);
        RunCase(dt, 2, 2, 1, 1100, CONTIG, TRANSPOSED, seed, false);
    }
    DevTensor tx, tb, q, k, v;
    tx.Init(ACL_FLOAT, {0, 3, 12}, {}, CONTIG);
    tb.Init(ACL_FLOAT, {12}, {}, CONTIG);
    q.Init(ACL_FLOAT, {0, 2, 3, 2}, {}, CONTIG);
    k.Init(ACL_FLOAT, {0, 2, 3, 2}, {}, CONTIG);
    v.Init(ACL_FLOAT, {0, 2, 3, 2}, {}, CONTIG);
    EXPECT(Run("empty qkv", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnTransformBiasRescaleQkvGetWorkspaceSize(tx.t, tb.t, 2, q.t, k.t, v.t, ws, ex); }, aclnnTransformBiasRescaleQkv) == 0, "empty");
}

static void TestValidation(bool runs)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor x, b, q, k, v, xi, bh, x2, b2, b5, qbad, x13;
    x.Init(ACL_FLOAT, {2, 3, 12}, {}, CONTIG);
    b.Init(ACL_FLOAT, {12}, {}, CONTIG);
    q.Init(ACL_FLOAT, {2, 2, 3, 2}, {}, CONTIG);
    k.Init(ACL_FLOAT, {2, 2, 3, 2}, {}, CONTIG);
    v.Init(ACL_FLOAT, {2, 2, 3, 2}, {}, CONTIG);
    xi.Init(ACL_INT32, {2, 3, 12}, {}, CONTIG);
    bh.Init(ACL_FLOAT16, {12}, {}, CONTIG);
    x2.Init(ACL_FLOAT, {6, 12}, {}, CONTIG);
    b2.Init(ACL_FLOAT, {1, 12}, {}, CONTIG);
    b5.Init(ACL_FLOAT, {5}, {}, CONTIG);
    qbad.Init(ACL_FLOAT, {2, 3, 2, 2}, {}, CONTIG);
    x13.Init(ACL_FLOAT, {2, 3, 13}, {}, CONTIG);
    DevTensor b13;
    b13.Init(ACL_FLOAT, {13}, {}, CONTIG);
    ExpectError("null qkv", aclnnTransformBiasRescaleQkvGetWorkspaceSize(nullptr, b.t, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "qkv");
    ExpectError("null qkvBias", aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, nullptr, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "qkvBias");
    ExpectError("null vOut", aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b.t, 2, q.t, k.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "vOut");
    if (!runs) {
        int rc = aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b.t, 2, q.t, k.t, v.t, &ws, &ex);
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "on this chip: %d", rc);
        return;
    }
    ExpectError("int32 qkv", aclnnTransformBiasRescaleQkvGetWorkspaceSize(xi.t, b.t, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "qkv");
    ExpectError("bias dtype", aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, bh.t, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "qkvBias");
    ExpectError("2-D qkv", aclnnTransformBiasRescaleQkvGetWorkspaceSize(x2.t, b.t, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "3-D");
    ExpectError("2-D bias", aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b2.t, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "qkvBias");
    ExpectError("bias length", aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b5.t, 2, q.t, k.t, v.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "12 elements");
    int rc = aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b.t, 0, q.t, k.t, v.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "numHeads 0: %d", rc);
    rc = aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b.t, 3, q.t, k.t, v.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "4 not a multiple of 3 heads: %d", rc);
    rc = aclnnTransformBiasRescaleQkvGetWorkspaceSize(x13.t, b13.t, 1, q.t, k.t, v.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "13 not a multiple of 3: %d", rc);
    rc = aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b.t, 2, qbad.t, k.t, v.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "qOut shape: %d", rc);
    rc = aclnnTransformBiasRescaleQkvGetWorkspaceSize(x.t, b.t, 2, q.t, k.t, v.t, &ws, &ex);
    EXPECT(rc == 0, "valid call: %d", rc);
    if (!rc) aclDestroyAclOpExecutor(ex);
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
