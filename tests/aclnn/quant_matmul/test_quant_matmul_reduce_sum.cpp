// aclnnQuantMatmulReduceSumWeightNz (A2 / A3): out (BFLOAT16) = sum_b (x1[b] @ x2[b]) *
// x1Scale[b, m] * x2Scale[n] with INT8 x1 (batch, m, k), INT8 x2 in FRACTAL_NZ (laid out here:
// (k, n) of batch b at b * N1 * K1 * 512 + ((n / 32) * K1 * 16 + k) * 32 + n % 32), exact integer
// sums and a double reference; the BFLOAT16 result must be within one BFLOAT16 rounding of it (the
// op sums FP32 values once per batch). x2 as a 5-D storage and as the flat buffer the official
// example passes; k and n off the fractal sizes; then every validation path with code and message.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_quant_matmul_reduce_sum.h"

struct Case { const char *name; int64_t b, m, k, n; bool flat; };

static void RunCase(aclrtStream stream, const Case &c)
{
    Lcg rng(5 + c.b * 3 + c.m * 7 + c.k * 11 + c.n * 13);
    std::vector<int> x1((size_t)(c.b * c.m * c.k)), x2((size_t)(c.b * c.k * c.n));
    for (auto &v : x1) v = (int)(rng.uniform() * 256) - 128;
    for (auto &v : x2) v = (int)(rng.uniform() * 256) - 128;
    std::vector<float> s1((size_t)(c.b * c.m)), s2((size_t)c.n);
    for (auto &v : s1) v = (float)(0.001 + 0.01 * rng.uniform());
    for (auto &v : s2) v = (float)RefFromBf16(RefToBf16(0.01 + 0.05 * rng.uniform()));
    std::vector<double> want((size_t)(c.m * c.n), 0.0);
    for (int64_t b = 0; b < c.b; b++)
        for (int64_t i = 0; i < c.m; i++)
            for (int64_t j = 0; j < c.n; j++) {
                int64_t acc = 0;
                for (int64_t l = 0; l < c.k; l++)
                    acc += (int64_t)x1[(size_t)((b * c.m + i) * c.k + l)] * x2[(size_t)((b * c.k + l) * c.n + j)];
                want[(size_t)(i * c.n + j)] += (double)acc * s2[(size_t)j] * s1[(size_t)(b * c.m + i)];
            }
    int64_t K1 = (c.k + 15) / 16, N1 = (c.n + 31) / 32, per = N1 * K1 * 512;
    std::vector<unsigned char> nz((size_t)(c.b * per), 0), b1(x1.size());
    for (int64_t b = 0; b < c.b; b++)
        for (int64_t l = 0; l < c.k; l++)
            for (int64_t j = 0; j < c.n; j++)
                nz[(size_t)(b * per + ((j / 32) * K1 * 16 + l) * 32 + j % 32)] = (unsigned char)(int8_t)x2[(size_t)((b * c.k + l) * c.n + j)];
    for (size_t i = 0; i < x1.size(); i++) b1[i] = (unsigned char)(int8_t)x1[i];
    std::vector<unsigned char> sb1(s1.size() * 4), sb2(s2.size() * 2);
    std::memcpy(sb1.data(), s1.data(), sb1.size());
    for (size_t i = 0; i < s2.size(); i++) { uint16_t h = RefToBf16(s2[i]); std::memcpy(&sb2[2 * i], &h, 2); }
    RawTensor tx1, tx2, ts1, ts2, to;
    std::vector<int64_t> x2v = {c.b, c.k, c.n};
    std::vector<int64_t> st5 = {c.b, N1, K1, 16, 32}, flat = {c.b * c.k * c.n};
    if (!tx1.Init(ACL_INT8, {c.b, c.m, c.k}, RowMajor({c.b, c.m, c.k}), b1) ||
        !tx2.Init(ACL_INT8, x2v, RowMajor(x2v), nz, ACL_FORMAT_FRACTAL_NZ, c.flat ? flat : st5) ||
        !ts1.Init(ACL_FLOAT, {c.b, c.m}, {c.m, 1}, sb1) || !ts2.Init(ACL_BF16, {c.n}, {1}, sb2) ||
        !to.Init(ACL_BF16, {c.m, c.n}, {c.n, 1}, std::vector<unsigned char>((size_t)(c.m * c.n * 2), 0xff)))
        return;
    int64_t d0 = 0;
    aclIntArray *dims = aclCreateIntArray(&d0, 1);
    int rc = Run(c.name, stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(tx1.t, tx2.t, ts1.t, ts2.t, nullptr, nullptr, nullptr,
                                                                 nullptr, nullptr, false, false, 0, dims, false, to.t, ws, e); },
                 aclnnQuantMatmulReduceSumWeightNz);
    aclDestroyIntArray(dims);
    EXPECT(rc == 0, "%s: run failed", c.name);
    if (rc) return;
    std::vector<unsigned char> got = to.Read();
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++) {
        uint16_t h;
        std::memcpy(&h, &got[2 * i], 2);
        double g = RefFromBf16(h), w = want[i];
        if (!(std::fabs(g - w) <= std::fabs(w) * (1.0 / 128) + 1e-6) && bad++ < 3)
            printf("  %s [%zu]: got %.8g want %.8g\n", c.name, i, g, w);
    }
    EXPECT(bad == 0, "%s: %zu of %zu outside one BFLOAT16 rounding", c.name, bad, want.size());
}

static void ExpectTiling(const char *what, int got, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == 561002 && msg.find(needle) != std::string::npos, "%s: returned %d (%s)", what, got, msg.c_str());
}

static void TestValidation(bool is310p)
{
    auto Z = [](size_t n) { return std::vector<unsigned char>(n, 0); };
    RawTensor x1, x2, s1, s2, out, x2nd, x1f, s2f, outf, x1b, x2k, s2n, s1b, y, outbad, x1e, x2e, s1e, oute, x2_4d;
    std::vector<int64_t> v = {2, 32, 64}, st5 = {2, 2, 2, 16, 32};
    if (!x1.Init(ACL_INT8, {2, 4, 32}, RowMajor({2, 4, 32}), Z(256)) ||
        !x2.Init(ACL_INT8, v, RowMajor(v), Z(4096), ACL_FORMAT_FRACTAL_NZ, st5) ||
        !s1.Init(ACL_FLOAT, {2, 4}, {4, 1}, Z(32)) || !s2.Init(ACL_BF16, {64}, {1}, Z(128)) ||
        !out.Init(ACL_BF16, {4, 64}, {64, 1}, Z(512)) || !x2nd.Init(ACL_INT8, v, RowMajor(v), Z(4096)) ||
        !x1f.Init(ACL_FLOAT16, {2, 4, 32}, RowMajor({2, 4, 32}), Z(512)) || !s2f.Init(ACL_FLOAT, {64}, {1}, Z(256)) ||
        !outf.Init(ACL_FLOAT16, {4, 64}, {64, 1}, Z(512)) ||
        !x1b.Init(ACL_INT8, {3, 4, 32}, RowMajor({3, 4, 32}), Z(384)) ||
        !x2k.Init(ACL_INT8, {2, 48, 64}, RowMajor({2, 48, 64}), Z(8192), ACL_FORMAT_FRACTAL_NZ, {2, 2, 3, 16, 32}) ||
        !s2n.Init(ACL_BF16, {63}, {1}, Z(126)) || !s1b.Init(ACL_FLOAT, {8}, {1}, Z(32)) ||
        !y.Init(ACL_FLOAT, {1}, {1}, Z(4)) || !outbad.Init(ACL_BF16, {4, 63}, {63, 1}, Z(504)) ||
        !x2_4d.Init(ACL_INT8, v, RowMajor(v), Z(4096), ACL_FORMAT_FRACTAL_NZ, {2, 2, 2, 16, 31}))
        return;
    int64_t d0 = 0, d1 = 1;
    aclIntArray *dims = aclCreateIntArray(&d0, 1), *dims1 = aclCreateIntArray(&d1, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    auto S1 = [&](aclTensor *a, aclTensor *b, aclTensor *sa, aclTensor *sb, aclTensor *ys, aclTensor *bias, bool t1, bool t2,
                  int64_t g, aclIntArray *d, bool kd, aclTensor *o) {
        return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(a, b, sa, sb, ys, nullptr, nullptr, nullptr, bias, t1, t2, g,
                                                                 d, kd, o, &ws, &ex); };
    if (is310p) {
        EXPECT(S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t) == 361001, "310P not refused");
    } else {
        ExpectError("null x1", S1(nullptr, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161001, "x1");
        ExpectError("null x2Scale", S1(x1.t, x2.t, s1.t, nullptr, nullptr, nullptr, false, false, 0, dims, false, out.t), 161001, "x2Scale");
        ExpectError("null dims", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, nullptr, false, out.t), 161001, "dims");
        ExpectError("yScale", S1(x1.t, x2.t, s1.t, s2.t, y.t, nullptr, false, false, 0, dims, false, out.t), 161002, "yScale");
        ExpectError("bias", S1(x1.t, x2.t, s1.t, s2.t, nullptr, y.t, false, false, 0, dims, false, out.t), 161002, "bias");
        ExpectError("transposeX1", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, true, false, 0, dims, false, out.t), 161002, "transposeX1");
        ExpectError("transposeX2", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, true, 0, dims, false, out.t), 161002, "transposeX2");
        ExpectError("groupSize", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 32, dims, false, out.t), 161002, "groupSize");
        ExpectError("keepDims", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, true, out.t), 161002, "keepDims");
        ExpectError("FLOAT16 x1", S1(x1f.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "x1");
        ExpectError("FLOAT x2Scale", S1(x1.t, x2.t, s1.t, s2f.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "x2Scale");
        ExpectError("FLOAT16 out", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, outf.t), 161002, "out");
        ExpectError("ND x2", S1(x1.t, x2nd.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "only support NZ");
        ExpectError("batch 3 vs 2", S1(x1b.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "batch size");
        ExpectError("k 32 vs 48", S1(x1.t, x2k.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "kSize");
        ExpectError("x2Scale 63", S1(x1.t, x2.t, s1.t, s2n.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "x2Scale shape");
        ExpectError("1-d x1Scale", S1(x1.t, x2.t, s1b.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), 161002, "x1Scale dim");
        ExpectTiling("dims [1]", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims1, false, out.t), "dims");
        ExpectTiling("out (4, 63)", S1(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, outbad.t), "out");
        ExpectTiling("bad 5-d storage", S1(x1.t, x2_4d.t, s1.t, s2.t, nullptr, nullptr, false, false, 0, dims, false, out.t), "storage");
    }
    aclDestroyIntArray(dims);
    aclDestroyIntArray(dims1);
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) {
        const Case cases[] = {
            {"b 3, aligned", 3, 8, 32, 64, false},
            {"b 4, k 40 n 70", 4, 13, 40, 70, false},
            {"b 1, k 1 n 2, flat storage", 1, 1, 1, 2, true},
            {"b 8, flat storage", 8, 33, 64, 96, true},
            {"b 2, tile edges", 2, 100, 48, 300, false},
        };
        for (const Case &c : cases) RunCase(rt.stream, c);
    }
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
