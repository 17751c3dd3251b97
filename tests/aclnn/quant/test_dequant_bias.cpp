// aclnnDequantBias bit-exact against a reference written here in the kernel's FP32 steps:
// INT32 bias: t = float(x + bias) (the INT32 add wraps) * ws [* as]; float bias: t = float(x) *
// ws [* as] + bias; y = t rounded to FLOAT16 (ws FLOAT) / BF16 (ws BF16), round to nearest even.
// Every bias dtype, with / without activateScale, empty optional tensors (count as none), large
// values (FP16 overflow to Inf), strided x, empty x, the validation paths (161001 / 161002 /
// 561002) and the 361001 refusal on the 950 / 310P.
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_dequant_bias.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002;

static void RunDequantBias(aclDataType wsd, aclDataType bd, bool with_as, Layout lay, int64_t M, int64_t N,
                           bool empty_opt = false)
{
    aclDataType yd = wsd == ACL_BF16 ? ACL_BF16 : ACL_FLOAT16;
    std::vector<double> xv((size_t)(M * N)), wv((size_t)N), av((size_t)M), bv((size_t)N);
    Lcg rng(17);
    for (size_t i = 0; i < xv.size(); i++) xv[i] = (double)(int64_t)(rng.value() * 200000.0);
    xv[0] = 2147483647.0;
    if (xv.size() > 1) xv[1] = -2147483648.0;
    for (int64_t c = 0; c < N; c++) {
        wv[(size_t)c] = 0.001 * (double)(c + 1) + rng.value() * 1e-4;
        bv[(size_t)c] = bd == ACL_INT32 ? (double)(int64_t)(rng.value() * 1000.0) : rng.value() * 10.0;
    }
    if (bd == ACL_INT32 && N) bv[0] = 5; // wraps with x = INT32_MAX
    for (int64_t r = 0; r < M; r++) av[(size_t)r] = 0.5 + rng.value();
    DevTensor x, w, as, b, y, e;
    x.Init(ACL_INT32, {M, N}, xv, lay);
    w.Init(wsd, {N}, wv, CONTIG);
    as.Init(ACL_FLOAT, {M}, av, CONTIG);
    b.Init(bd, {N}, bv, CONTIG);
    e.Init(ACL_FLOAT, {0}, {}, CONTIG);
    y.Init(yd, {M, N}, {}, CONTIG);
    const aclTensor *ast = with_as ? as.t : empty_opt ? e.t : nullptr;
    const aclTensor *bt = bd == ACL_DT_UNDEFINED ? (empty_opt ? e.t : nullptr) : b.t;
    int rc = Run("DequantBias", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnDequantBiasGetWorkspaceSize(x.t, w.t, ast, bt, wsd == ACL_BF16 ? 27 : 1, y.t, ws, ex);
                 },
                 aclnnDequantBias);
    std::string what = std::string("DequantBias ws ") + DtName(wsd) + " bias " +
                       (bd == ACL_DT_UNDEFINED ? "none" : DtName(bd)) + (with_as ? " as" : "") +
                       (lay != CONTIG ? " strided" : "") + (empty_opt ? " empty-opt" : "");
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<double> got = y.Read();
    size_t bad = 0;
    for (int64_t r = 0; r < M; r++)
        for (int64_t c = 0; c < N; c++) {
            int32_t xi = (int32_t)xv[(size_t)(r * N + c)];
            float wsv = (float)Quant(wsd, wv[(size_t)c]);
            if (bd == ACL_INT32) xi = (int32_t)((uint32_t)xi + (uint32_t)(int32_t)bv[(size_t)c]);
            float t = (float)xi * wsv;
            if (with_as) t = t * (float)av[(size_t)r];
            if (bd != ACL_DT_UNDEFINED && bd != ACL_INT32) t = t + (float)Quant(bd, bv[(size_t)c]);
            double want = Quant(yd, (double)t), g = got[(size_t)(r * N + c)];
            if (!(g == want || (std::isnan(g) && std::isnan(want)))) {
                if (bad < 5) LOG_PRINT("  %s[%lld,%lld]: got %.9g want %.9g\n", what.c_str(), (long long)r, (long long)c, g, want);
                bad++;
            }
        }
    EXPECT(bad == 0, "%s: %zu of %lld differ", what.c_str(), bad, (long long)(M * N));
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, w, as, b, y, xf, wh, yb, x3, w2, as2, b2, y3, wn, am, bn, ym, bi8, ah, xb;
    x.Init(ACL_INT32, {4, 8}, {}, CONTIG);
    w.Init(ACL_FLOAT, {8}, {}, CONTIG);
    as.Init(ACL_FLOAT, {4}, {}, CONTIG);
    b.Init(ACL_FLOAT, {8}, {}, CONTIG);
    y.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 8}, {}, CONTIG);
    wh.Init(ACL_FLOAT16, {8}, {}, CONTIG);
    yb.Init(ACL_BF16, {4, 8}, {}, CONTIG);
    x3.Init(ACL_INT32, {4, 8, 1}, {}, CONTIG);
    w2.Init(ACL_FLOAT, {8, 1}, {}, CONTIG);
    as2.Init(ACL_FLOAT, {4, 1}, {}, CONTIG);
    b2.Init(ACL_FLOAT, {8, 1}, {}, CONTIG);
    y3.Init(ACL_FLOAT16, {4, 8, 1}, {}, CONTIG);
    wn.Init(ACL_FLOAT, {7}, {}, CONTIG);
    am.Init(ACL_FLOAT, {5}, {}, CONTIG);
    bn.Init(ACL_FLOAT, {9}, {}, CONTIG);
    ym.Init(ACL_FLOAT16, {3, 8}, {}, CONTIG);
    bi8.Init(ACL_INT8, {8}, {}, CONTIG);
    ah.Init(ACL_FLOAT16, {4}, {}, CONTIG);
    xb.Init(ACL_INT32, {25001, 1}, {}, CONTIG);
    DevTensor wb, yn, yb2;
    wb.Init(ACL_FLOAT, {1}, {}, CONTIG);
    yb2.Init(ACL_FLOAT16, {25001, 1}, {}, CONTIG);
    yn.Init(ACL_FLOAT16, {4, 9}, {}, CONTIG);
    auto db = [&](const aclTensor *a, const aclTensor *b_, const aclTensor *c, const aclTensor *d, int64_t od,
                  const aclTensor *o) { return aclnnDequantBiasGetWorkspaceSize(a, b_, c, d, od, o, &ws, &ex); };
    ExpectError("null x", db(nullptr, w.t, as.t, b.t, 1, y.t), kNull, "x");
    ExpectError("null weightScale", db(x.t, nullptr, as.t, b.t, 1, y.t), kNull, "weightScale");
    ExpectError("null out", db(x.t, w.t, as.t, b.t, 1, nullptr), kNull, "out");
    if (!supported) {
        int rc = db(x.t, w.t, as.t, b.t, 1, y.t);
        EXPECT(rc == 361001, "DequantBias off A2 / A3: %d", rc);
        return;
    }
    ExpectError("x dtype", db(xf.t, w.t, as.t, b.t, 1, y.t), kInvalid, "x");
    ExpectError("ws dtype", db(x.t, wh.t, as.t, b.t, 1, y.t), kInvalid, "weightScale");
    ExpectError("out dtype vs ws", db(x.t, w.t, as.t, b.t, 1, yb.t), kInvalid, "out");
    ExpectError("outputDtype", db(x.t, w.t, as.t, b.t, 2, y.t), kTiling, "Attr outputDtype should be 1 or 27.");
    ExpectError("x 3-d", db(x3.t, w.t, as.t, b.t, 1, y.t), kTiling, "The dim number of x should be 2.");
    ExpectError("ws 2-d", db(x.t, w2.t, as.t, b.t, 1, y.t), kTiling, "The dim number of weightScale should be 1.");
    ExpectError("as 2-d", db(x.t, w.t, as2.t, b.t, 1, y.t), kTiling, "The dim number of activateScale should be 1.");
    ExpectError("bias 2-d", db(x.t, w.t, as.t, b2.t, 1, y.t), kTiling, "The dim number of bias should be 1.");
    ExpectError("y 3-d", db(x.t, w.t, as.t, b.t, 1, y3.t), kTiling, "The dim number of y should be 2.");
    ExpectError("ws size", db(x.t, wn.t, as.t, b.t, 1, y.t), kTiling, "dim 1 of x and weightScale should be same.");
    ExpectError("as size", db(x.t, w.t, am.t, b.t, 1, y.t), kTiling, "activateScale 5 and 4 should be same");
    ExpectError("bias size", db(x.t, w.t, as.t, bn.t, 1, y.t), kTiling, "dim 0 of bias 8 should be same");
    ExpectError("out dim 0", db(x.t, w.t, as.t, b.t, 1, ym.t), kTiling, "dim 0 of input and output should be same.");
    ExpectError("out dim 1", db(x.t, w.t, as.t, b.t, 1, yn.t), kTiling, "dim 1 of input and output should be same.");
    ExpectError("as dtype", db(x.t, w.t, ah.t, b.t, 1, y.t), kTiling, "activate_scale's dtype should be float");
    ExpectError("bias dtype", db(x.t, w.t, as.t, bi8.t, 1, y.t), kTiling, "bias's dtype should be");
    ExpectError("M too large", db(xb.t, wb.t, nullptr, nullptr, 1, yb2.t), kTiling, "input x size is too large.");
    DevTensor x0, w0, y0;
    x0.Init(ACL_INT32, {0, 8}, {}, CONTIG);
    y0.Init(ACL_FLOAT16, {0, 8}, {}, CONTIG);
    int rc = db(x0.t, w.t, nullptr, nullptr, 1, y0.t);
    EXPECT(rc == 0 && ws == 0, "empty x: %d", rc);
    if (rc == 0) EXPECT(aclnnDequantBias(nullptr, 0, ex, g_stream) == 0, "empty stage 2");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("910B") != std::string::npos || soc.find("910_93") != std::string::npos;
    LOG_PRINT("dequant bias on %s\n", soc.c_str());
    if (supported) {
        for (aclDataType wsd : {ACL_FLOAT, ACL_BF16})
            for (aclDataType bd : {ACL_DT_UNDEFINED, ACL_INT32, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                RunDequantBias(wsd, bd, true, CONTIG, 5, 33);
                RunDequantBias(wsd, bd, false, CONTIG, 3, 16);
            }
        RunDequantBias(ACL_FLOAT, ACL_INT32, true, STRIDED, 7, 9);
        RunDequantBias(ACL_BF16, ACL_FLOAT, false, TRANSPOSED, 6, 10);
        RunDequantBias(ACL_FLOAT, ACL_DT_UNDEFINED, false, CONTIG, 4, 8, true);
    }
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_dequant_bias: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dequant_bias: ok\n");
    return 0;
}
