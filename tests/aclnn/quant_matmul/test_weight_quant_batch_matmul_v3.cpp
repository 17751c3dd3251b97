// aclnnWeightQuantBatchMatmulV3 (= V2 + innerPrecise) and the V2 dequantisation paths it shares:
// y = x @ ((w + offset) * scale) + bias with INT8 weights stored (k, n) and (n, k), per-channel and
// per-group scales, FP16 (each step rounded to FP16, the vector unit's arithmetic) and BF16 (FP32
// math rounded once) x; k not a multiple of 8 (vector tails). The reference accumulates in double
// and is compared within the ops-nn standard. Validation: innerPrecise outside {0, 1}.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"

static void Case(aclrtStream stream, aclDataType xdt, bool nk, bool group, bool with_off, int precise)
{
    const int64_t m = 7, k = group ? 128 : 100, n = 40, G = 64;
    std::vector<double> x = QuantAll(xdt, RandomValues(m * k, 5, 0.5));
    Lcg rng(99 + nk + 2 * group);
    std::vector<int> w(k * n);
    for (int &v : w) v = -128 + (int)(rng.uniform() * 256) % 256;
    int64_t R = group ? k / G : 1;
    std::vector<double> sc(R * n), of(R * n), bias(n);
    for (auto &v : sc) v = Quant(xdt, 0.003 + 0.01 * rng.uniform());
    for (auto &v : of) v = Quant(xdt, std::round(rng.uniform() * 8 - 4) + 0.25);
    for (auto &v : bias) v = Quant(xdt, rng.uniform() - 0.5);
    std::vector<double> golden(m * n, 0.0);
    for (int64_t mm = 0; mm < m; mm++)
        for (int64_t nn = 0; nn < n; nn++) {
            double acc = 0;
            for (int64_t kk = 0; kk < k; kk++) {
                int64_t p = (group ? kk / G : 0) * n + nn;
                double wv = w[kk * n + nn];
                if (xdt == ACL_FLOAT16) {
                    if (with_off) wv = Quant(xdt, wv + of[p]);
                    wv = Quant(xdt, wv * sc[p]);
                } else {
                    wv = Quant(xdt, (float)((float)(with_off ? wv + of[p] : wv) * (float)sc[p]));
                }
                acc += x[mm * k + kk] * wv;
            }
            golden[mm * n + nn] = acc + bias[nn];
        }
    // weight (k, n): row-major bytes, or an (n, k)-stored buffer viewed as (k, n)
    std::vector<unsigned char> bytes(k * n);
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t nn = 0; nn < n; nn++) bytes[nk ? nn * k + kk : kk * n + nn] = (unsigned char)(int8_t)w[kk * n + nn];
    RawTensor tw;
    DevTensor tx, ts, to, tb, ty;
    std::vector<int64_t> pshape = group ? std::vector<int64_t>{R, n} : std::vector<int64_t>{n};
    bool ok = tw.Init(ACL_INT8, {k, n}, nk ? std::vector<int64_t>{1, k} : std::vector<int64_t>{n, 1}, bytes, ACL_FORMAT_ND,
                      nk ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n}) &&
              tx.Init(xdt, {m, k}, x, CONTIG) && ts.Init(xdt, pshape, sc, CONTIG) && to.Init(xdt, pshape, of, CONTIG) &&
              tb.Init(xdt, {n}, bias, CONTIG) && ty.Init(xdt, {m, n}, {}, CONTIG);
    EXPECT(ok, "setup failed");
    if (!ok) return;
    int rc = Run("WeightQuantBatchMatmulV3", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(tx.t, tw.t, ts.t, with_off ? to.t : nullptr, nullptr, nullptr,
                                                             tb.t, group ? (int)G : 0, precise, ty.t, ws, e); },
        aclnnWeightQuantBatchMatmulV3);
    std::string what = std::string("WQBMM V3 ") + DtName(xdt) + (nk ? " (n,k)" : " (k,n)") + (group ? " group" : " channel") +
                       (with_off ? " off" : "") + " precise " + std::to_string(precise);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc == 0) CheckDtype(what.c_str(), xdt, ty.Read(), golden);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    for (aclDataType xdt : {ACL_FLOAT16, ACL_BF16})
        for (int nk = 0; nk < 2; nk++)
            for (int group = 0; group < 2; group++)
                Case(rt.stream, xdt, nk, group, (nk + group) % 2 == 0, group);
    DevTensor x, w, s, y;
    if (x.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG) && w.Init(ACL_INT8, {64, 8}, {}, CONTIG) && s.Init(ACL_FLOAT16, {8}, {}, CONTIG) &&
        y.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG)) {
        uint64_t ws;
        aclOpExecutor *ex;
        ExpectError("innerPrecise 2", aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(x.t, w.t, s.t, nullptr, nullptr, nullptr,
                    nullptr, 0, 2, y.t, &ws, &ex), 161002, "innerPrecise");
        ExpectError("null y", aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(x.t, w.t, s.t, nullptr, nullptr, nullptr,
                    nullptr, 0, 1, nullptr, &ws, &ex), 161001, "y");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
