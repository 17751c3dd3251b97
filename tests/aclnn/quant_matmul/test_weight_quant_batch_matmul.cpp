// aclnnWeightQuantBatchMatmul (V1): the vector route (m > 64: FP32 antiquantOffset / antiquantScale
// steps rounded once to FP16, then FP16 addOffset and mulScale) with x2 (k, n) and transposed, and
// the fixpipe route (m <= 64: fp16((x2 + deqOffset) * deqScale), deqScale's FP32 bits in the low
// word); double-precision references over FP16-rounded weights; validation (every failure 161002).
#include "qmm_test_util.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul.h"

static void Case(aclrtStream stream, int64_t m, bool tx2)
{
    const int64_t k = 40, n = 24;
    const bool fix = m <= 64;
    const float aqs = 0.5f, aqo = 1.0f;
    std::vector<double> x = QuantAll(ACL_FLOAT16, RandomValues(m * k, 3, 0.5));
    Lcg rng(7 + m);
    std::vector<int> w(k * n);
    for (int &v : w) v = -128 + (int)(rng.uniform() * 256) % 256;
    std::vector<double> ao(n), ms(n), bias(n);
    std::vector<int32_t> dof(n);
    std::vector<uint64_t> dsc(n);
    std::vector<float> dscf(n);
    for (int64_t i = 0; i < n; i++) {
        ao[i] = Quant(ACL_FLOAT16, rng.uniform() * 2 - 1);
        ms[i] = Quant(ACL_FLOAT16, 0.01 + 0.02 * rng.uniform());
        bias[i] = (float)(rng.uniform() - 0.5);
        dof[i] = (int32_t)(rng.uniform() * 8) - 4;
        dscf[i] = (float)(0.01 + 0.02 * rng.uniform());
        dsc[i] = FloatBits(dscf[i]);
    }
    std::vector<double> golden(m * n);
    for (int64_t mm = 0; mm < m; mm++)
        for (int64_t nn = 0; nn < n; nn++) {
            double acc = 0;
            for (int64_t kk = 0; kk < k; kk++) {
                double wv;
                if (fix) {
                    wv = Quant(ACL_FLOAT16, (float)(w[kk * n + nn] + dof[nn]) * dscf[nn]);
                } else {
                    wv = Quant(ACL_FLOAT16, ((float)w[kk * n + nn] + aqo) * aqs);
                    wv = Quant(ACL_FLOAT16, wv + ao[nn]);
                    wv = Quant(ACL_FLOAT16, wv * ms[nn]);
                }
                acc += x[mm * k + kk] * wv;
            }
            golden[mm * n + nn] = acc + bias[nn];
        }
    std::vector<unsigned char> wb(k * n), diag(32 * 32, 0), ob(n * 4);
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t nn = 0; nn < n; nn++) wb[tx2 ? nn * k + kk : kk * n + nn] = (unsigned char)(int8_t)w[kk * n + nn];
    for (int i = 0; i < 32; i++) diag[i * 33] = 1;
    std::memcpy(ob.data(), dof.data(), ob.size());
    RawTensor tw, td, toff, tsc;
    DevTensor tx, tao, tms, tb, ty;
    // transposed x2 on the vector route: the real rule wants the parameters' second last dim n
    std::vector<int64_t> ps = tx2 && !fix ? std::vector<int64_t>{n, 1} : std::vector<int64_t>{n};
    std::vector<int64_t> ws = tx2 ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n};
    bool ok = tw.Init(ACL_INT8, ws, RowMajor(ws), wb) && td.Init(ACL_INT8, {32, 32}, {32, 1}, diag) &&
              toff.Init(ACL_INT32, {n}, {1}, ob) && tsc.Init(ACL_UINT64, {n}, {1}, U64Bytes(dsc)) &&
              tx.Init(ACL_FLOAT16, {m, k}, x, CONTIG) && tao.Init(ACL_FLOAT16, ps, ao, CONTIG) &&
              tms.Init(ACL_FLOAT16, ps, ms, CONTIG) && tb.Init(ACL_FLOAT, {n}, bias, CONTIG) &&
              ty.Init(ACL_FLOAT16, {m, n}, {}, CONTIG);
    EXPECT(ok, "setup failed");
    if (!ok) return;
    int rc = Run("WeightQuantBatchMatmul", stream, [&](uint64_t *wsz, aclOpExecutor **e) {
        return aclnnWeightQuantBatchMatmulGetWorkspaceSize(tx.t, tw.t, td.t, toff.t, tsc.t, tao.t, tms.t, tb.t, false, tx2,
                                                           aqs, aqo, ty.t, wsz, e); },
        aclnnWeightQuantBatchMatmul);
    std::string what = std::string("WQBMM V1 m ") + std::to_string(m) + (tx2 ? " transposeX2" : "");
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc == 0) CheckDtype(what.c_str(), ACL_FLOAT16, ty.Read(), golden);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    for (int64_t m : {8, 70})
        for (int t = 0; t < 2; t++) Case(rt.stream, m, t);
    DevTensor x, w, w16, y;
    if (x.Init(ACL_FLOAT16, {8, 16}, {}, CONTIG) && w.Init(ACL_INT8, {16, 4}, {}, CONTIG) &&
        w16.Init(ACL_FLOAT16, {16, 4}, {}, CONTIG) && y.Init(ACL_FLOAT16, {8, 4}, {}, CONTIG)) {
        uint64_t ws;
        aclOpExecutor *ex;
        ExpectError("null diagonalMatrix (m <= 64)", aclnnWeightQuantBatchMatmulGetWorkspaceSize(x.t, w.t, nullptr, nullptr,
                    nullptr, nullptr, nullptr, nullptr, false, false, 1.0f, 0.0f, y.t, &ws, &ex), 161002, "diagonalMatrix");
        ExpectError("x2 FLOAT16", aclnnWeightQuantBatchMatmulGetWorkspaceSize(x.t, w16.t, nullptr, nullptr,
                    nullptr, nullptr, nullptr, nullptr, false, false, 1.0f, 0.0f, y.t, &ws, &ex), 161002, nullptr);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
