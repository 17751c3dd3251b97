// aclnnDynamicBlockMxQuant (950): x [(B,) M, N] in 32 x 32 blocks against a reference written here on
// mx_ref.h's codes and scale rules (OCP scaleAlg 0; the FP4 E2M1 range rule of scaleAlg 2 with
// dstTypeMax 0 / 6 / 7): one scale per block from its max |x|, y codes of x * 2^-e, the scale written
// for each of the block's rows to scale1 [(B,) M, ceil(N / 64), 2] and each of its columns to scale2
// [(B,) ceil(M / 64), N, 2], odd block counts padded with 0: every byte must be identical. Every target,
// the FP4 round modes, partial blocks, 3-D x, strided x, NaN / inf blocks; the validation paths (161001 /
// 161002 / 561002 with messages) and 361001 off the 950.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_dynamic_block_mx_quant.h"
#include "mx_ref.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002, kRuntime = 361001;

struct Case {
    aclDataType xd = ACL_BF16, yd = ACL_FLOAT8_E4M3FN;
    int64_t B = 0, M = 64, N = 64, alg = 0;
    double dmax = 0.0;
    const char *round = "rint";
    bool special = false;
    Layout lay = CONTIG;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t B = k.B ? k.B : 1, M = k.M, N = k.N;
    std::vector<int64_t> shape = {M, N};
    if (k.B) shape.insert(shape.begin(), k.B);
    std::vector<double> xv = RandomValues((size_t)(B * M * N), 21 + (uint64_t)(M * N), 6.0);
    xv[0] = 0.0;
    xv[1] = -0.0;
    xv[2] = 90.0;
    for (int64_t r = 32; r < 64 && r < M; r++)
        for (int64_t c = 0; c < 32 && c < N; c++) xv[(size_t)(r * N + c)] = 0.0; // a zero block
    if (k.special && M > 40 && N > 40) {
        xv[(size_t)(35 * N + 40)] = NAN;
        xv[(size_t)(5 * N + 36)] = INFINITY;
    }
    DevTensor x;
    x.Init(k.xd, shape, xv, k.lay);
    std::vector<double> xq = QuantAll(k.xd, xv);
    int64_t nbr = (M + 31) / 32, nbc = (N + 31) / 32, nbr2 = (nbr + 1) / 2, nbc2 = (nbc + 1) / 2;
    std::vector<int64_t> sh1 = shape, sh2 = shape;
    sh1.back() = nbc2;
    sh1.push_back(2);
    sh2[sh2.size() - 2] = nbr2;
    sh2.push_back(2);
    MxBytes y(k.yd, shape), s1(ACL_FLOAT8_E8M0, sh1), s2(ACL_FLOAT8_E8M0, sh2);
    int rc = Run("DynamicBlockMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnDynamicBlockMxQuantGetWorkspaceSize(x.t, (char *)k.round, (int64_t)k.yd, k.alg, k.dmax, y.t, s1.t,
                                                       s2.t, ws, ex); }, aclnnDynamicBlockMxQuant);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    MxTable t = MxMakeTable(k.yd);
    std::vector<uint32_t> codes(xq.size(), 0);
    std::vector<unsigned char> r1((size_t)(B * M * nbc2 * 2), 0), r2((size_t)(B * nbr2 * N * 2), 0);
    int round = MxRoundOf(k.round);
    for (int64_t b = 0; b < B; b++)
        for (int64_t rb = 0; rb < nbr; rb++)
            for (int64_t cb = 0; cb < nbc; cb++) {
                std::vector<double> blk;
                for (int64_t r = rb * 32; r < rb * 32 + 32 && r < M; r++)
                    for (int64_t c = cb * 32; c < cb * 32 + 32 && c < N; c++) blk.push_back(xq[(size_t)((b * M + r) * N + c)]);
                MxScale s = MxRefScale(blk, k.yd, (int)k.alg, k.dmax);
                for (int64_t r = rb * 32; r < rb * 32 + 32 && r < M; r++) {
                    r1[(size_t)(((b * M + r) * nbc2 + cb / 2) * 2 + cb % 2)] = (unsigned char)s.code;
                    for (int64_t c = cb * 32; c < cb * 32 + 32 && c < N; c++) {
                        size_t i = (size_t)((b * M + r) * N + c);
                        codes[i] = MxEncode(t, std::isnan(s.mul) ? NAN : xq[i] * s.mul, round, MxFp4(k.yd));
                    }
                }
                for (int64_t c = cb * 32; c < cb * 32 + 32 && c < N; c++)
                    r2[(size_t)(((b * nbr2 + rb / 2) * N + c) * 2 + rb % 2)] = (unsigned char)s.code;
            }
    size_t bad = MxCompare("y", y.Read(), MxPack(codes, k.yd)) + MxCompare("scale1", s1.Read(), r1) +
                 MxCompare("scale2", s2.Read(), r2);
    EXPECT(bad == 0, "%s: %zu bytes differ", k.name.c_str(), bad);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, xf, x4, x1, xo, xe;
    x.Init(ACL_BF16, {4, 64}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 64}, {}, CONTIG);
    x4.Init(ACL_BF16, {1, 1, 4, 64}, {}, CONTIG);
    x1.Init(ACL_BF16, {64}, {}, CONTIG);
    xo.Init(ACL_BF16, {4, 63}, {}, CONTIG);
    xe.Init(ACL_BF16, {0, 64}, {}, CONTIG);
    aclDataType e4 = ACL_FLOAT8_E4M3FN, e8 = ACL_FLOAT8_E8M0, f4 = ACL_FLOAT4_E2M1;
    MxBytes y(e4, {4, 64}), s1(e8, {4, 1, 2}), s2(e8, {1, 64, 2}), y4(f4, {4, 64}), yi(ACL_INT8, {4, 64}),
        su(ACL_UINT8, {4, 1, 2}), yb(e4, {4, 32}), s1b(e8, {4, 2, 2}), s2b(e8, {2, 64, 2}), y41(ACL_FLOAT4_E1M2, {4, 64}),
        yo(f4, {4, 63}), ye(e4, {0, 64}), s1e(e8, {0, 1, 2}), s2e(e8, {0, 64, 2});
    auto f = [&](const aclTensor *x_, const char *rm, int64_t dst, int64_t alg, double dm, const aclTensor *y_,
                 const aclTensor *s1_, const aclTensor *s2_) {
        return aclnnDynamicBlockMxQuantGetWorkspaceSize(x_, (char *)rm, dst, alg, dm, y_, s1_, s2_, &ws, &ex);
    };
    ExpectError("null x", f(nullptr, "rint", 36, 0, 0, y.t, s1.t, s2.t), kNull, "x");
    ExpectError("null y", f(x.t, "rint", 36, 0, 0, nullptr, s1.t, s2.t), kNull, "yOut");
    ExpectError("null scale2", f(x.t, "rint", 36, 0, 0, y.t, s1.t, nullptr), kNull, "scale2Out");
    if (!supported) {
        int rc = f(x.t, "rint", 36, 0, 0, y.t, s1.t, s2.t);
        EXPECT(rc == kRuntime, "off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xf.t, "rint", 36, 0, 0, y.t, s1.t, s2.t), kInvalid, "x");
    ExpectError("y dtype", f(x.t, "rint", 2, 0, 0, yi.t, s1.t, s2.t), kInvalid, "yOut");
    ExpectError("scale dtype", f(x.t, "rint", 36, 0, 0, y.t, su.t, s2.t), kInvalid, "scale1Out");
    ExpectError("round", f(x.t, "ceil", 36, 0, 0, y.t, s1.t, s2.t), kTiling, "round_mode");
    ExpectError("fp8 round", f(x.t, "floor", 36, 0, 0, y.t, s1.t, s2.t), kTiling, "must be rint");
    ExpectError("dst vs y", f(x.t, "rint", 35, 0, 0, y.t, s1.t, s2.t), kTiling, "y and dst_type");
    ExpectError("scaleAlg 1", f(x.t, "rint", 36, 1, 0, y.t, s1.t, s2.t), kTiling, "must be 0 or 2");
    ExpectError("scaleAlg 2 fp8", f(x.t, "rint", 36, 2, 0, y.t, s1.t, s2.t), kTiling, "scale_alg must be 0");
    ExpectError("scaleAlg 2 e1m2", f(x.t, "rint", 41, 2, 0, y41.t, s1.t, s2.t), kTiling, "scale_alg must be 0");
    ExpectError("dstTypeMax alg 0", f(x.t, "rint", 40, 0, 6, y4.t, s1.t, s2.t), kTiling, "dst_type_max");
    ExpectError("dstTypeMax 5", f(x.t, "rint", 40, 2, 5, y4.t, s1.t, s2.t), kTiling, "0.0, 6.0, or 7.0");
    ExpectError("empty", f(xe.t, "rint", 36, 0, 0, ye.t, s1e.t, s2e.t), kTiling, "empty tensor");
    ExpectError("rank 4", f(x4.t, "rint", 36, 0, 0, y.t, s1.t, s2.t), kTiling, "2 or 3");
    ExpectError("rank 1", f(x1.t, "rint", 36, 0, 0, y.t, s1.t, s2.t), kTiling, "2 or 3");
    ExpectError("fp4 odd", f(xo.t, "rint", 40, 0, 0, yo.t, s1.t, s2.t), kTiling, "must be even");
    ExpectError("y shape", f(x.t, "rint", 36, 0, 0, yb.t, s1.t, s2.t), kTiling, "x and y");
    ExpectError("scale1 shape", f(x.t, "rint", 36, 0, 0, y.t, s1b.t, s2.t), kTiling, "scale1");
    ExpectError("scale2 shape", f(x.t, "rint", 36, 0, 0, y.t, s1.t, s2b.t), kTiling, "scale2");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("dynamic block mx quant on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "bf16 e4m3 64 x 64");
        k.xd = ACL_FLOAT16; k.yd = ACL_FLOAT8_E5M2; k.M = 100; k.N = 70; k.special = true; add(k, "fp16 e5m2 partial blocks, nan / inf");
        k.yd = ACL_FLOAT4_E2M1; k.round = "round"; k.special = false; k.B = 2; add(k, "fp4 e2m1 round 3-D");
        k.round = "floor"; k.yd = ACL_FLOAT4_E1M2; k.lay = STRIDED; add(k, "fp4 e1m2 floor strided");
        Case d; d.yd = ACL_FLOAT4_E2M1; d.alg = 2; d.M = 96; d.N = 160; add(d, "scaleAlg 2 dstTypeMax 0");
        d.dmax = 6.0; d.xd = ACL_FLOAT16; add(d, "scaleAlg 2 dstTypeMax 6");
        d.dmax = 7.0; d.round = "round"; d.B = 3; d.M = 33; add(d, "scaleAlg 2 dstTypeMax 7, 3-D");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_dynamic_block_mx_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dynamic_block_mx_quant: ok (%zu cases)\n", cases.size());
    return 0;
}
