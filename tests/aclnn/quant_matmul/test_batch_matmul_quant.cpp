// aclnnBatchMatmulQuant (A2 / A3): FLOAT16 x1 @ x2 (+ FLOAT16 bias) in FP32, requantised to INT8
// with UINT64 quant parameters — out = int8(saturate(rint(acc * fp19(scale) + int9(offset)))).
// Operands are multiples of 1/4 with small k, so every FP32 sum is exact and the reference below
// (double sums, one FP32 multiply, the offset, round half to even) must match bit for bit. Cases:
// one parameter for all columns and align16(n) per-column parameters, transposes, batch dims with
// broadcasting, a strided x1, saturation at both ends; then every validation path with its code
// and message, and the SoC refusal on 310P.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_batchmatmul_quant.h"

static std::vector<unsigned char> HalfBytes(const std::vector<double> &v)
{
    std::vector<unsigned char> b(v.size() * 2);
    for (size_t i = 0; i < v.size(); i++) { uint16_t h = RefToHalf(v[i]); std::memcpy(&b[2 * i], &h, 2); }
    return b;
}

struct Case {
    const char *name;
    std::vector<int64_t> b1, b2, ob; // batch dims of x1, x2, out
    int64_t m, k, n;
    bool t1, t2, per_channel, bias, strided;
};

static void RunCase(aclrtStream stream, const Case &c)
{
    Lcg rng(11 + c.m * 3 + c.k * 5 + c.n * 7);
    auto prod = [](const std::vector<int64_t> &v) { int64_t p = 1; for (auto d : v) p *= d; return p; };
    int64_t nb1 = prod(c.b1), nb2 = prod(c.b2), nbo = prod(c.ob);
    std::vector<double> x1((size_t)(nb1 * c.m * c.k)), x2((size_t)(nb2 * c.k * c.n)), bias((size_t)c.n);
    for (auto &v : x1) v = std::floor(rng.uniform() * 33 - 16) / 4;
    for (auto &v : x2) v = std::floor(rng.uniform() * 33 - 16) / 4;
    for (auto &v : bias) v = std::floor(rng.uniform() * 81 - 40) / 4;
    int64_t np = c.per_channel ? (c.n + 15) / 16 * 16 : 1;
    std::vector<float> sc((size_t)np);
    std::vector<int> off((size_t)np);
    std::vector<uint64_t> qp((size_t)np);
    for (int64_t i = 0; i < np; i++) {
        sc[(size_t)i] = (float)(0.05 + 0.4 * rng.uniform());
        off[(size_t)i] = (int)(rng.uniform() * 512) - 256;
        qp[(size_t)i] = RefParam(FloatBits(sc[(size_t)i]), off[(size_t)i]);
    }
    // reference: batch index of each operand from the out batch index (size-1 dims broadcast)
    std::vector<int8_t> want((size_t)(nbo * c.m * c.n));
    size_t nd = c.ob.size();
    for (int64_t b = 0; b < nbo; b++) {
        int64_t i1 = 0, i2 = 0, r = b, s1 = 1, s2 = 1;
        for (int d = (int)nd - 1; d >= 0; d--) {
            int64_t idx = r % c.ob[(size_t)d];
            r /= c.ob[(size_t)d];
            i1 += (c.b1[(size_t)d] == 1 ? 0 : idx) * s1; s1 *= c.b1[(size_t)d];
            i2 += (c.b2[(size_t)d] == 1 ? 0 : idx) * s2; s2 *= c.b2[(size_t)d];
        }
        for (int64_t i = 0; i < c.m; i++)
            for (int64_t j = 0; j < c.n; j++) {
                double acc = c.bias ? bias[(size_t)j] : 0.0;
                for (int64_t l = 0; l < c.k; l++)
                    acc += x1[(size_t)((i1 * c.m + i) * c.k + l)] * x2[(size_t)((i2 * c.k + l) * c.n + j)];
                size_t p = c.per_channel ? (size_t)j : 0;
                float t = (float)acc * BitsFloat(FloatBits(sc[p]) & 0xFFFFE000u) + (float)off[p];
                float q = std::nearbyintf(t);
                want[(size_t)((b * c.m + i) * c.n + j)] = (int8_t)(q > 127 ? 127 : q < -128 ? -128 : q);
            }
    }
    // device tensors: x1 / x2 stored transposed when t1 / t2 (a view with the last two dims swapped)
    auto mat = [&](RawTensor &rt, const std::vector<int64_t> &bd, int64_t rows, int64_t cols, const std::vector<double> &v,
                   bool t, bool strided) {
        int64_t nb = prod(bd), step = strided ? 2 : 1;
        std::vector<double> st((size_t)(nb * rows * cols * step + 1), 0.0);
        std::vector<int64_t> shape = bd, strides;
        shape.push_back(t ? cols : rows);
        shape.push_back(t ? rows : cols);
        for (int64_t b = 0; b < nb; b++)
            for (int64_t r = 0; r < rows; r++)
                for (int64_t cc = 0; cc < cols; cc++)
                    st[(size_t)((b * rows * cols + (t ? cc * rows + r : r * cols + cc)) * step)] = v[(size_t)((b * rows + r) * cols + cc)];
        // the view (API shape) is (.., rows', cols') with rows' = t ? cols : rows: row-major storage of
        // the logical (rows, cols) matrix transposed when t, so the view's shape is the stored one
        strides = RowMajor(shape);
        for (auto &s : strides) s *= step;
        int64_t stor = (int64_t)st.size();
        return rt.Init(ACL_FLOAT16, shape, strides, HalfBytes(st), ACL_FORMAT_ND, {stor});
    };
    // with t the API tensor holds the transposed matrix: x1 (k, m), x2 (n, k)
    RawTensor tx1, tx2, tqp, tb, to;
    if (!mat(tx1, c.b1, c.m, c.k, x1, c.t1, c.strided) || !mat(tx2, c.b2, c.k, c.n, x2, c.t2, false)) return;
    if (!tqp.Init(ACL_UINT64, {np}, {1}, U64Bytes(qp))) return;
    if (c.bias && !tb.Init(ACL_FLOAT16, {c.n}, {1}, HalfBytes(bias))) return;
    std::vector<int64_t> os = c.ob;
    os.push_back(c.m);
    os.push_back(c.n);
    if (!to.Init(ACL_INT8, os, RowMajor(os), std::vector<unsigned char>(want.size(), 0x5a))) return;
    int rc = Run(c.name, stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnBatchMatmulQuantGetWorkspaceSize(tx1.t, tx2.t, tqp.t, c.bias ? tb.t : nullptr, c.t1, c.t2, to.t, ws, e); },
                 aclnnBatchMatmulQuant);
    EXPECT(rc == 0, "%s: run failed", c.name);
    if (rc) return;
    std::vector<unsigned char> got = to.Read();
    size_t bad = 0;
    int sat = 0;
    for (size_t i = 0; i < want.size(); i++) {
        if (want[i] == 127 || want[i] == -128) sat++;
        if ((int8_t)got[i] != want[i] && bad++ < 3) printf("  %s [%zu]: got %d want %d\n", c.name, i, (int8_t)got[i], want[i]);
    }
    EXPECT(bad == 0, "%s: %zu of %zu differ", c.name, bad, want.size());
    EXPECT(sat > 0, "%s: the case reaches no saturation", c.name);
}

static void TestValidation(bool is310p)
{
    auto Z = [](size_t n) { return std::vector<unsigned char>(n, 0); };
    RawTensor x1, x2, qp1, qp16, qp20, b, out, x1f, x2i, b32, out16, x1d1, x2b, x2k, oute, x1e, x2e, bias2, outb, qp2d, x7a, x7b;
    if (!x1.Init(ACL_FLOAT16, {4, 8}, {8, 1}, Z(64)) || !x2.Init(ACL_FLOAT16, {8, 20}, {20, 1}, Z(320)) ||
        !qp1.Init(ACL_UINT64, {1}, {1}, Z(8)) || !qp16.Init(ACL_UINT64, {16}, {1}, Z(128)) ||
        !qp20.Init(ACL_UINT64, {32}, {1}, Z(256)) || !b.Init(ACL_FLOAT16, {20}, {1}, Z(40)) ||
        !out.Init(ACL_INT8, {4, 20}, {20, 1}, Z(80)) || !x1f.Init(ACL_FLOAT, {4, 8}, {8, 1}, Z(128)) ||
        !x2i.Init(ACL_INT8, {8, 20}, {20, 1}, Z(160)) || !b32.Init(ACL_FLOAT, {20}, {1}, Z(80)) ||
        !out16.Init(ACL_FLOAT16, {4, 20}, {20, 1}, Z(160)) || !x1d1.Init(ACL_FLOAT16, {8}, {1}, Z(16)) ||
        !x2b.Init(ACL_FLOAT16, {2, 8, 20}, {160, 20, 1}, Z(640)) || !x2k.Init(ACL_FLOAT16, {9, 20}, {20, 1}, Z(360)) ||
        !oute.Init(ACL_INT8, {4, 21}, {21, 1}, Z(84)) || !x1e.Init(ACL_FLOAT16, {0, 8}, {8, 1}, Z(0)) ||
        !x2e.Init(ACL_INT8, {0, 20}, {20, 1}, Z(0)) || !bias2.Init(ACL_FLOAT16, {1, 20}, {20, 1}, Z(40)) ||
        !outb.Init(ACL_INT8, {0, 20}, {20, 1}, Z(0)) || !qp2d.Init(ACL_UINT64, {1, 1}, {1, 1}, Z(8)) ||
        !x7a.Init(ACL_FLOAT16, {1, 1, 1, 1, 1, 4, 8}, RowMajor({1, 1, 1, 1, 1, 4, 8}), Z(64)) ||
        !x7b.Init(ACL_FLOAT16, {1, 1, 1, 1, 1, 8, 20}, RowMajor({1, 1, 1, 1, 1, 8, 20}), Z(320)))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto S1 = [&](aclTensor *a, aclTensor *bm, aclTensor *q, aclTensor *bias, bool t1, bool t2, aclTensor *o) {
        return aclnnBatchMatmulQuantGetWorkspaceSize(a, bm, q, bias, t1, t2, o, &ws, &ex); };
    if (is310p) {
        ExpectError("310P", S1(x1.t, x2.t, qp1.t, nullptr, false, false, out.t), 161002, "SOC");
        return;
    }
    ExpectError("null x1", S1(nullptr, x2.t, qp1.t, nullptr, false, false, out.t), 161001, "x1");
    ExpectError("null quantParam", S1(x1.t, x2.t, nullptr, nullptr, false, false, out.t), 161001, "quantParam");
    ExpectError("null out", S1(x1.t, x2.t, qp1.t, nullptr, false, false, nullptr), 161001, "out");
    ExpectError("FLOAT x1", S1(x1f.t, x2.t, qp1.t, nullptr, false, false, out.t), 161002, "x1");
    ExpectError("INT8 x2", S1(x1.t, x2i.t, qp1.t, nullptr, false, false, out.t), 161002, "x2");
    ExpectError("FLOAT bias", S1(x1.t, x2.t, qp1.t, b32.t, false, false, out.t), 161002, "bias");
    ExpectError("FLOAT16 quantParam", S1(x1.t, x2.t, b.t, nullptr, false, false, out.t), 161002, "quantParam");
    ExpectError("FLOAT16 out", S1(x1.t, x2.t, qp1.t, nullptr, false, false, out16.t), 161002, "out");
    ExpectError("1-d x1", S1(x1d1.t, x2.t, qp1.t, nullptr, false, false, out.t), 161002, "x1");
    ExpectError("2-d x 3-d", S1(x1.t, x2b.t, qp1.t, nullptr, false, false, out.t), 161002, "should be same");
    ExpectError("7-d", S1(x7a.t, x7b.t, qp1.t, nullptr, false, false, out.t), 161002, "less than 7");
    ExpectError("quantParam 16 for n 20", S1(x1.t, x2.t, qp16.t, nullptr, false, false, out.t), 161002, "align to multiple of 16");
    ExpectError("2-d quantParam", S1(x1.t, x2.t, qp2d.t, nullptr, false, false, out.t), 161002, "quantParam");
    ExpectError("2-d bias", S1(x1.t, x2.t, qp1.t, bias2.t, false, false, out.t), 161002, "biasDim0");
    ExpectError("k 8 vs 9", S1(x1.t, x2k.t, qp1.t, nullptr, false, false, out.t), 161002, "k-axis");
    ExpectError("out n 21", S1(x1.t, x2.t, qp1.t, nullptr, false, false, oute.t), 161002, "last two dim");
    ExpectError("empty x1", S1(x1e.t, x2.t, qp1.t, nullptr, false, false, outb.t), 161002, "empty tensor");
    auto Accept = [&](const char *what, int rc) {
        EXPECT(rc == 0, "%s refused: %d %s", what, rc, aclGetRecentErrMsg());
        if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    };
    Accept("align16 params + bias", S1(x1.t, x2.t, qp20.t, b.t, false, false, out.t));
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) {
        const Case cases[] = {
            {"2-d, one param, bias", {}, {}, {}, 9, 24, 20, false, false, false, true, false},
            {"2-d, per-column, t2", {}, {}, {}, 17, 40, 33, false, true, true, false, false},
            {"3-d, t1, per-column, bias", {3}, {3}, {3}, 5, 16, 48, true, false, true, true, false},
            {"4-d broadcast, strided x1", {2, 1}, {1, 3}, {2, 3}, 6, 12, 18, false, false, true, true, true},
            {"tile edges", {}, {}, {}, 130, 64, 270, false, false, true, true, false},
        };
        for (const Case &c : cases) RunCase(rt.stream, c);
    }
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
