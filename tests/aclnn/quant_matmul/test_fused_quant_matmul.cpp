// aclnnFusedQuantMatmul / aclnnFusedQuantMatmulWeightNz (A2 / A3): out = gelu(acc * x2Scale[n] *
// x1Scale[m] (+ bias)) with exact INT32 sums acc (INT32 bias added to acc), GELU erf / tanh
// computed here in double from the FP32 dequantised value, the FLOAT16 / BFLOAT16 result within
// two roundings of it. INT8 and INT4 operands, a transposed x2 view (read from its strides), batch
// dims, an NZ weight; then the validation paths with codes and messages, the 310P refusal.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_fused_quant_matmul.h"
#include "aclnnop/aclnn_fused_quant_matmul_weight_nz.h"

struct Case {
    const char *name;
    int64_t b, m, k, n;
    aclDataType xdt, sdt, bdt, odt; // bdt ACL_DT_UNDEFINED: no bias
    bool erf, t2, nz;
};

static double Gelu(double v, bool erf)
{
    if (erf) return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
    return 0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
}

static void RunCase(aclrtStream stream, const Case &c)
{
    Lcg rng(3 + c.m * 5 + c.k * 7 + c.n * 11 + c.b);
    int lo = c.xdt == ACL_INT8 ? -128 : -8, span = c.xdt == ACL_INT8 ? 256 : 16;
    std::vector<int> x1((size_t)(c.b * c.m * c.k)), x2((size_t)(c.b * c.k * c.n));
    for (auto &v : x1) v = lo + (int)(rng.uniform() * span) % span;
    for (auto &v : x2) v = lo + (int)(rng.uniform() * span) % span;
    std::vector<float> s1((size_t)c.m), s2((size_t)c.n), fb((size_t)c.n);
    std::vector<int32_t> ib((size_t)c.n);
    double top = c.xdt == ACL_INT8 ? 128.0 * 128.0 * c.k : 64.0 * c.k;
    for (auto &v : s1) v = (float)(0.5 + rng.uniform());
    for (auto &v : s2) { v = (float)((0.5 + rng.uniform()) * 3.0 / top * 4.0); if (c.sdt == ACL_BF16) v = (float)RefFromBf16(RefToBf16(v)); }
    for (size_t i = 0; i < fb.size(); i++) {
        ib[i] = (int32_t)(rng.uniform() * 2000) - 1000;
        fb[i] = (float)Quant(c.bdt == ACL_DT_UNDEFINED || c.bdt == ACL_INT32 ? ACL_FLOAT : c.bdt, rng.uniform() * 2 - 1);
    }
    std::vector<double> want((size_t)(c.b * c.m * c.n));
    for (int64_t b = 0; b < c.b; b++)
        for (int64_t i = 0; i < c.m; i++)
            for (int64_t j = 0; j < c.n; j++) {
                int64_t acc = c.bdt == ACL_INT32 ? ib[(size_t)j] : 0;
                for (int64_t l = 0; l < c.k; l++)
                    acc += (int64_t)x1[(size_t)((b * c.m + i) * c.k + l)] * x2[(size_t)((b * c.k + l) * c.n + j)];
                float v = (float)acc * s2[(size_t)j] * s1[(size_t)i];
                if (c.bdt != ACL_DT_UNDEFINED && c.bdt != ACL_INT32) v = v + fb[(size_t)j];
                want[(size_t)((b * c.m + i) * c.n + j)] = Gelu(v, c.erf);
            }
    // tensors
    auto pack = [&](RawTensor &rt, const std::vector<int> &vals, std::vector<int64_t> shape, bool t) {
        // logical (.., r, c) row-major values; t: stored transposed, the view's last two strides swapped
        size_t nd = shape.size();
        int64_t rows = shape[nd - 2], cols = shape[nd - 1], nb = (int64_t)vals.size() / (rows * cols);
        size_t cnt = vals.size();
        std::vector<unsigned char> bytes(c.xdt == ACL_INT4 ? (cnt + 1) / 2 : cnt, 0);
        for (int64_t bb = 0; bb < nb; bb++)
            for (int64_t r = 0; r < rows; r++)
                for (int64_t cc = 0; cc < cols; cc++) {
                    int64_t e = bb * rows * cols + (t ? cc * rows + r : r * cols + cc);
                    int v = vals[(size_t)((bb * rows + r) * cols + cc)];
                    if (c.xdt == ACL_INT8) bytes[(size_t)e] = (unsigned char)(int8_t)v;
                    else bytes[(size_t)(e >> 1)] |= (unsigned char)((v & 0xf) << ((e & 1) * 4));
                }
        std::vector<int64_t> st = RowMajor(shape);
        if (t) { st[nd - 2] = 1; st[nd - 1] = rows; }
        return rt.Init(c.xdt, shape, st, bytes, ACL_FORMAT_ND, {(int64_t)cnt});
    };
    RawTensor tx1, tx2, ts1, ts2, tb, to;
    std::vector<int64_t> s1shape = {c.m, c.k}, s2shape = {c.k, c.n}, os = {c.m, c.n};
    if (c.b > 1) { s1shape.insert(s1shape.begin(), c.b); s2shape.insert(s2shape.begin(), c.b); os.insert(os.begin(), c.b); }
    if (!pack(tx1, x1, s1shape, false)) return;
    if (c.nz) { // (k, n) INT8 in [ceil(n / 32), ceil(k / 16), 16, 32]
        int64_t K1 = (c.k + 15) / 16, N1 = (c.n + 31) / 32;
        std::vector<unsigned char> b((size_t)(N1 * K1 * 512), 0);
        for (int64_t l = 0; l < c.k; l++)
            for (int64_t j = 0; j < c.n; j++) b[(size_t)(((j / 32) * K1 * 16 + l) * 32 + j % 32)] = (unsigned char)(int8_t)x2[(size_t)(l * c.n + j)];
        if (!tx2.Init(ACL_INT8, {c.k, c.n}, {c.n, 1}, b, ACL_FORMAT_FRACTAL_NZ, {N1, K1, 16, 32})) return;
    } else if (!pack(tx2, x2, s2shape, c.t2)) {
        return;
    }
    std::vector<unsigned char> b1(s1.size() * 4), b2(s2.size() * (c.sdt == ACL_BF16 ? 2 : 4)), bb;
    std::memcpy(b1.data(), s1.data(), b1.size());
    for (size_t i = 0; i < s2.size(); i++) {
        if (c.sdt == ACL_BF16) { uint16_t h = RefToBf16(s2[i]); std::memcpy(&b2[2 * i], &h, 2); }
        else std::memcpy(&b2[4 * i], &s2[i], 4);
    }
    if (!ts1.Init(ACL_FLOAT, {c.m}, {1}, b1) || !ts2.Init(c.sdt, {c.n}, {1}, b2)) return;
    if (c.bdt != ACL_DT_UNDEFINED) {
        bb.resize((size_t)c.n * ElemSize(c.bdt));
        for (size_t i = 0; i < (size_t)c.n; i++) {
            if (c.bdt == ACL_INT32) std::memcpy(&bb[4 * i], &ib[i], 4);
            else Encode(c.bdt, fb[i], &bb[i * ElemSize(c.bdt)]);
        }
        if (!tb.Init(c.bdt, {c.n}, {1}, bb)) return;
    }
    if (!to.Init(c.odt, os, RowMajor(os), std::vector<unsigned char>(want.size() * 2, 0x7f))) return;
    const char *op = c.erf ? "gelu_erf" : "gelu_tanh";
    int rc = Run(c.name, stream, [&](uint64_t *ws, aclOpExecutor **e) {
        aclTensor *bias = c.bdt == ACL_DT_UNDEFINED ? nullptr : tb.t;
        return c.nz ? aclnnFusedQuantMatmulWeightNzGetWorkspaceSize(tx1.t, tx2.t, ts1.t, ts2.t, nullptr, nullptr, nullptr,
                                                                     nullptr, bias, nullptr, op, 0, to.t, ws, e)
                    : aclnnFusedQuantMatmulGetWorkspaceSize(tx1.t, tx2.t, ts1.t, ts2.t, nullptr, nullptr, nullptr, nullptr,
                                                            bias, nullptr, op, 0, to.t, ws, e); },
                 c.nz ? aclnnFusedQuantMatmulWeightNz : aclnnFusedQuantMatmul);
    EXPECT(rc == 0, "%s: run failed", c.name);
    if (rc) return;
    std::vector<unsigned char> got = to.Read();
    double rel = c.odt == ACL_FLOAT16 ? 1.0 / 512 : 1.0 / 64;
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++) {
        double g = Decode(c.odt, &got[2 * i]), w = want[i];
        if (!(std::fabs(g - w) <= std::fabs(w) * rel + 1e-4) && bad++ < 3) printf("  %s [%zu]: got %.6g want %.6g\n", c.name, i, g, w);
    }
    EXPECT(bad == 0, "%s: %zu of %zu differ", c.name, bad, want.size());
}

static void TestValidation(bool is310p)
{
    auto Z = [](size_t n) { return std::vector<unsigned char>(n, 0); };
    RawTensor x1, x2, s1, s2, out, y, x1d, i4, s1bad, x2nd, x1h;
    if (!x1.Init(ACL_INT8, {4, 32}, {32, 1}, Z(128)) || !x2.Init(ACL_INT8, {32, 16}, {16, 1}, Z(512)) ||
        !s1.Init(ACL_FLOAT, {4}, {1}, Z(16)) || !s2.Init(ACL_FLOAT, {16}, {1}, Z(64)) ||
        !out.Init(ACL_FLOAT16, {4, 16}, {16, 1}, Z(128)) || !y.Init(ACL_FLOAT, {1}, {1}, Z(4)) ||
        !x1d.Init(ACL_INT8, {32}, {1}, Z(32)) || !i4.Init(ACL_INT4, {32, 16}, {16, 1}, Z(256), ACL_FORMAT_ND, {512}) ||
        !s1bad.Init(ACL_FLOAT, {5}, {1}, Z(20)) || !x2nd.Init(ACL_INT8, {32, 16}, {16, 1}, Z(512)) ||
        !x1h.Init(ACL_FLOAT16, {4, 32}, {32, 1}, Z(256)))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto F = [&](aclTensor *a, aclTensor *b, aclTensor *sa, aclTensor *sb, aclTensor *ys, const char *op, int64_t g, aclTensor *o) {
        return aclnnFusedQuantMatmulGetWorkspaceSize(a, b, sa, sb, ys, nullptr, nullptr, nullptr, nullptr, nullptr, op, g, o, &ws, &ex); };
    if (is310p) {
        EXPECT(F(x1.t, x2.t, s1.t, s2.t, nullptr, "gelu_erf", 0, out.t) == 361001, "310P not refused with 361001");
        return;
    }
    ExpectError("null x1", F(nullptr, x2.t, s1.t, s2.t, nullptr, "gelu_erf", 0, out.t), 161001, "x1");
    ExpectError("fusedOpType relu", F(x1.t, x2.t, s1.t, s2.t, nullptr, "relu", 0, out.t), 161002, "fusedOpType");
    ExpectError("null x1Scale", F(x1.t, x2.t, nullptr, s2.t, nullptr, "gelu_erf", 0, out.t), 161001, "x1Scale");
    ExpectError("null out", F(x1.t, x2.t, s1.t, s2.t, nullptr, "gelu_erf", 0, nullptr), 161001, "out");
    ExpectError("yScale given", F(x1.t, x2.t, s1.t, s2.t, y.t, "gelu_tanh", 0, out.t), 161001, "yScale");
    ExpectError("groupSize", F(x1.t, x2.t, s1.t, s2.t, nullptr, "gelu_tanh", 32, out.t), 161001, "groupSize");
    ExpectError("1-d x1", F(x1d.t, x2.t, s1.t, s2.t, nullptr, "gelu_erf", 0, out.t), 161002, "x1");
    ExpectError("int8 x int4", F(x1.t, i4.t, s1.t, s2.t, nullptr, "gelu_erf", 0, out.t), 161002, "A8W8/A4W4");
    ExpectError("fp16 x1", F(x1h.t, x2.t, s1.t, s2.t, nullptr, "gelu_erf", 0, out.t), 161002, "A8W8/A4W4");
    ExpectError("x1Scale (5)", F(x1.t, x2.t, s1bad.t, s2.t, nullptr, "gelu_erf", 0, out.t), 161002, "x1Scale");
    ExpectError("WeightNz with ND x2", aclnnFusedQuantMatmulWeightNzGetWorkspaceSize(x1.t, x2nd.t, s1.t, s2.t, nullptr, nullptr,
                nullptr, nullptr, nullptr, nullptr, "gelu_erf", 0, out.t, &ws, &ex), 161002, "NZ");
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) {
        const Case cases[] = {
            {"int8 erf fp16 + int32 bias", 1, 9, 64, 40, ACL_INT8, ACL_FLOAT, ACL_INT32, ACL_FLOAT16, true, false, false},
            {"int8 tanh bf16 + bf16 bias, t2", 1, 17, 48, 33, ACL_INT8, ACL_BF16, ACL_BF16, ACL_BF16, false, true, false},
            {"int8 batch 3, erf bf16, fp32 bias", 3, 5, 32, 24, ACL_INT8, ACL_FLOAT, ACL_FLOAT, ACL_BF16, true, false, false},
            {"int4 tanh fp16", 1, 6, 64, 32, ACL_INT4, ACL_FLOAT, ACL_DT_UNDEFINED, ACL_FLOAT16, false, false, false},
            {"NZ int8 erf fp16", 1, 11, 40, 70, ACL_INT8, ACL_FLOAT, ACL_DT_UNDEFINED, ACL_FLOAT16, true, false, true},
        };
        for (const Case &c : cases) RunCase(rt.stream, c);
    }
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
