// aclnnDualLevelQuantMatmulWeightNz (ops-nn matmul/dual_level_quant_batch_matmul, 950): the
// two-level MX FP4 matmul against a double reference written from the doc's formula:
//   out(i, j) = bias(j) + sum_g x1Level0Scale(i, g) * x2Level0Scale(g, j) *
//               sum_{kk in block g of 512} (x1(i, kk) * 2^(x1Level1Scale - 127)) * (x2(j, kk) * 2^(...))
// with the level-1 (FLOAT8_E8M0) scales per 32 K; x1 FLOAT4_E2M1 (m, k), x2 the (n, k) FP4 weight
// as INT8 (n, k / 2) in FRACTAL_NZ, built here from the byte matrix by the NZ block definition
// (fractal (cb / 32, r / 16) of 16 rows of 32 bytes; low nibble = even k). The FLOAT16 / BFLOAT16
// result must be the reference's nearest value (or an equally near one at a midpoint within 1e-6).
// Special values: an E8M0 0xFF (NaN) scale, a FLOAT16 overflow to inf. Validation codes /
// messages in the op_api's order, the tiling's scale shapes (561002); A2 / 310P: 361001.
#include <cmath>
#include <cstring>
#include <string>

#include "../nzmm/nzmm_test_util.h"
#include "aclnnop/aclnn_dual_level_quant_matmul_nz.h"

static aclrtStream g_stream = nullptr;

// FP4 E2M1 code -> value: sign, 2 exponent bits (bias 1), 1 mantissa bit; e = 0 subnormal (0, 0.5).
static double Fp4(int c)
{
    int s = (c >> 3) & 1, e = (c >> 1) & 3, m = c & 1;
    double v = e == 0 ? 0.5 * m : std::ldexp(1.0 + 0.5 * m, e - 1);
    return s ? -v : v;
}

static double E8m0(uint8_t c) { return c == 0xFF ? NAN : std::ldexp(1.0, (int)c - 127); }

static int64_t NzByte(int64_t r, int64_t cb, int64_t R)
{
    int64_t r1 = Cdiv(R, 16);
    return ((cb / 32) * r1 + r / 16) * 512 + (r % 16) * 32 + cb % 32;
}

static std::vector<uint8_t> F32Bytes(const std::vector<float> &v)
{
    std::vector<uint8_t> b(v.size() * 4);
    if (!v.empty()) memcpy(b.data(), v.data(), b.size());
    return b;
}

struct Case {
    const char *name;
    int64_t m, k, n;
    aclDataType odt;
    bool bias;
    int special; // 0 none, 1 a NaN level-1 scale (x1 row 1), 2 a FLOAT16 overflow (x1Level0Scale row 0)
    bool ncl;    // level-1 scales in ACL_FORMAT_NCL (as the example passes them)
    uint64_t seed;
};

static void RunCase(const Case &c)
{
    const int64_t m = c.m, k = c.k, n = c.n, kb = Cdiv(k, 64), G = Cdiv(k, 512);
    Lcg rng(c.seed);
    std::vector<int> a((size_t)(m * k)), b((size_t)(n * k));
    for (auto &v : a) v = (int)(rng.uniform() * 16);
    for (auto &v : b) v = (int)(rng.uniform() * 16);
    std::vector<uint8_t> sa((size_t)(m * kb * 2)), sb((size_t)(n * kb * 2));
    for (auto &v : sa) v = (uint8_t)(124 + (int)(rng.uniform() * 6));
    for (auto &v : sb) v = (uint8_t)(124 + (int)(rng.uniform() * 6));
    std::vector<float> l0a((size_t)(m * G)), l0b((size_t)(G * n)), bias((size_t)n);
    for (auto &v : l0a) v = (float)(0.25 + rng.uniform() * 1.75);
    for (auto &v : l0b) v = (float)(rng.uniform() < 0.2 ? -(0.5 + rng.uniform()) : 0.5 + rng.uniform());
    for (auto &v : bias) v = (float)(rng.value() * 3.0);
    if (c.special == 1 && m > 1) sa[(size_t)(1 * kb * 2 + 0)] = 0xFF;
    if (c.special == 2) l0a[0] = 3.0e4f;
    // device images: x1 (m, k) FP4 two per byte (even k in the low nibble)
    std::vector<uint8_t> x1img((size_t)(m * k / 2), 0);
    for (int64_t i = 0; i < m; i++)
        for (int64_t kk = 0; kk < k; kk++)
            x1img[(size_t)((i * k + kk) / 2)] |= (uint8_t)(a[(size_t)(i * k + kk)] << ((kk & 1) * 4));
    // x2: the INT8 (n, k / 2) byte matrix in NZ [ceil(k/64), ceil(n/16), 16, 32]
    const int64_t kbytes = k / 2;
    std::vector<uint8_t> nz((size_t)(Cdiv(kbytes, 32) * Cdiv(n, 16) * 512), 0);
    for (int64_t j = 0; j < n; j++)
        for (int64_t kk = 0; kk < k; kk++)
            nz[(size_t)NzByte(j, kk / 2, n)] |= (uint8_t)(b[(size_t)(j * k + kk)] << ((kk & 1) * 4));
    aclFormat sfmt = c.ncl ? ACL_FORMAT_NCL : ACL_FORMAT_ND;
    RawTensor t1, t2, ta0, ta1, tb0, tb1, tbias, to;
    const size_t oes = 2;
    bool ok = t1.Init(ACL_FLOAT4_E2M1, {m, k}, {k, 1}, ACL_FORMAT_ND, {m, k}, x1img) &&
              t2.Init(ACL_INT8, {n, kbytes}, {kbytes, 1}, ACL_FORMAT_FRACTAL_NZ, {Cdiv(kbytes, 32), Cdiv(n, 16), 16, 32}, nz) &&
              ta0.Init(ACL_FLOAT, {m, G}, {G, 1}, ACL_FORMAT_ND, {m, G}, F32Bytes(l0a)) &&
              ta1.Init(ACL_FLOAT8_E8M0, {m, kb, 2}, {kb * 2, 2, 1}, sfmt, {m, kb, 2}, sa) &&
              tb0.Init(ACL_FLOAT, {G, n}, {n, 1}, ACL_FORMAT_ND, {G, n}, F32Bytes(l0b)) &&
              tb1.Init(ACL_FLOAT8_E8M0, {n, kb, 2}, {kb * 2, 2, 1}, sfmt, {n, kb, 2}, sb) &&
              tbias.Init(ACL_FLOAT, {n}, {1}, ACL_FORMAT_ND, {n}, F32Bytes(bias)) &&
              to.Init(c.odt, {m, n}, {n, 1}, ACL_FORMAT_ND, {m, n}, std::vector<uint8_t>((size_t)(m * n) * oes, 0x55));
    if (!ok) {
        EXPECT(false, "%s: tensors", c.name);
        return;
    }
    int r = Run("aclnnDualLevelQuantMatmulWeightNz", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnDualLevelQuantMatmulWeightNzGetWorkspaceSize(
                        t1.t, t2.t, ta0.t, tb0.t, ta1.t, tb1.t, c.bias ? tbias.t : nullptr, false, true, 512, 32,
                        to.t, ws, ex);
                },
                aclnnDualLevelQuantMatmulWeightNz);
    EXPECT(r == 0, "%s: run %d (%s)", c.name, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<uint8_t> got = to.Read();
    int bad = 0, nans = 0, infs = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double acc = c.bias ? (double)bias[(size_t)j] : 0.0;
            for (int64_t g = 0; g < G; g++) {
                double p = 0;
                for (int64_t kk = g * 512; kk < std::min(k, g * 512 + 512); kk++) {
                    int64_t q = kk / 64, h = (kk / 32) % 2;
                    p += Fp4(a[(size_t)(i * k + kk)]) * E8m0(sa[(size_t)((i * kb + q) * 2 + h)]) *
                         Fp4(b[(size_t)(j * k + kk)]) * E8m0(sb[(size_t)((j * kb + q) * 2 + h)]);
                }
                acc += p * (double)l0a[(size_t)(i * G + g)] * (double)l0b[(size_t)(g * n + j)];
            }
            double v = Decode(c.odt, &got[(size_t)(i * n + j) * oes]);
            if (std::isnan(acc)) {
                nans++;
                if (!std::isnan(v)) bad++;
                continue;
            }
            double q = Quant(c.odt, acc);
            if (std::isinf(q)) infs++;
            bool fine = v == q || (std::isfinite(v) && std::fabs(v - acc) <= std::fabs(q - acc) + 1e-6 * std::fabs(acc));
            if (!fine) {
                if (bad < 6) printf("  %s (%lld,%lld): got %.9g want %.9g\n", c.name, (long long)i, (long long)j, v, acc);
                bad++;
            }
        }
    EXPECT(bad == 0, "%s: %d of %lld values off the reference", c.name, bad, (long long)(m * n));
    if (c.special == 1) EXPECT(nans == n, "%s: %d NaN references (expected a NaN row)", c.name, nans);
    if (c.special == 2) EXPECT(infs > 0, "%s: no overflowing reference", c.name);
}

static void ExpectCode(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle) EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

static void Validation()
{
    const int64_t m = 4, k = 1024, n = 32, kb = 16, G = 2;
    RawTensor x1, x1i8, x1odd, x1t, x2, x2k512, x2nd, x2fp4, x2short, a0, a0h, a0bad, a1, a1_2d, b0, b1, b1bad, o, of32, o_m,
        bias, bias16, bias2d;
    std::vector<uint8_t> z1((size_t)(m * k / 2), 0x22), z2((size_t)(n * k / 2), 0x22), zs((size_t)(64 * kb * 2), 127);
    std::vector<float> one((size_t)(64 * G), 1.0f);
    bool ok = x1.Init(ACL_FLOAT4_E2M1, {m, k}, {k, 1}, ACL_FORMAT_ND, {m, k}, z1) &&
              x1i8.Init(ACL_INT8, {m, k}, {k, 1}, ACL_FORMAT_ND, {m, k}, std::vector<uint8_t>((size_t)(m * k))) &&
              x1odd.Init(ACL_FLOAT4_E2M1, {m, 63}, {63, 1}, ACL_FORMAT_ND, {m, 63}, z1) &&
              x1t.Init(ACL_FLOAT4_E2M1, {m, k}, {1, m}, ACL_FORMAT_ND, {k, m}, z1) &&
              x2.Init(ACL_INT8, {n, k / 2}, {k / 2, 1}, ACL_FORMAT_FRACTAL_NZ, {16, 2, 16, 32}, z2) &&
              x2k512.Init(ACL_INT8, {n, k / 4}, {k / 4, 1}, ACL_FORMAT_FRACTAL_NZ, {8, 2, 16, 32}, z2) &&
              x2nd.Init(ACL_INT8, {n, k / 2}, {k / 2, 1}, ACL_FORMAT_ND, {n, k / 2}, z2) &&
              x2fp4.Init(ACL_FLOAT4_E2M1, {n, k}, {k, 1}, ACL_FORMAT_FRACTAL_NZ, {16, 2, 16, 64}, z2) &&
              x2short.Init(ACL_INT8, {n, k / 2}, {k / 2, 1}, ACL_FORMAT_FRACTAL_NZ, {n, k / 2}, z2) &&
              a0.Init(ACL_FLOAT, {m, G}, {G, 1}, ACL_FORMAT_ND, {m, G}, F32Bytes(one)) &&
              a0h.Init(ACL_FLOAT16, {m, G}, {G, 1}, ACL_FORMAT_ND, {m, G}, F32Bytes(one)) &&
              a0bad.Init(ACL_FLOAT, {m, 1}, {1, 1}, ACL_FORMAT_ND, {m, 1}, F32Bytes(one)) &&
              a1.Init(ACL_FLOAT8_E8M0, {m, kb, 2}, {kb * 2, 2, 1}, ACL_FORMAT_ND, {m, kb, 2}, zs) &&
              a1_2d.Init(ACL_FLOAT8_E8M0, {m, kb * 2}, {kb * 2, 1}, ACL_FORMAT_ND, {m, kb * 2}, zs) &&
              b0.Init(ACL_FLOAT, {G, n}, {n, 1}, ACL_FORMAT_ND, {G, n}, F32Bytes(one)) &&
              b1.Init(ACL_FLOAT8_E8M0, {n, kb, 2}, {kb * 2, 2, 1}, ACL_FORMAT_ND, {n, kb, 2}, zs) &&
              b1bad.Init(ACL_FLOAT8_E8M0, {kb, n, 2}, {n * 2, 2, 1}, ACL_FORMAT_ND, {kb, n, 2}, zs) &&
              o.Init(ACL_FLOAT16, {m, n}, {n, 1}, ACL_FORMAT_ND, {m, n}, std::vector<uint8_t>((size_t)(m * n * 2))) &&
              of32.Init(ACL_FLOAT, {m, n}, {n, 1}, ACL_FORMAT_ND, {m, n}, std::vector<uint8_t>((size_t)(m * n * 4))) &&
              o_m.Init(ACL_BF16, {m + 1, n}, {n, 1}, ACL_FORMAT_ND, {m + 1, n}, std::vector<uint8_t>((size_t)((m + 1) * n * 2))) &&
              bias.Init(ACL_FLOAT, {n}, {1}, ACL_FORMAT_ND, {n}, F32Bytes(one)) &&
              bias16.Init(ACL_FLOAT16, {n}, {1}, ACL_FORMAT_ND, {n}, F32Bytes(one)) &&
              bias2d.Init(ACL_FLOAT, {1, n}, {n, 1}, ACL_FORMAT_ND, {1, n}, F32Bytes(one));
    if (!ok) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    struct A {
        const aclTensor *x1, *x2, *a0, *b0, *a1, *b1, *bias;
        bool t1, t2;
        int64_t g0, g1;
        aclTensor *o;
    };
    A base = {x1.t, x2.t, a0.t, b0.t, a1.t, b1.t, bias.t, false, true, 512, 32, o.t};
    auto S1 = [&](A p) {
        int r = aclnnDualLevelQuantMatmulWeightNzGetWorkspaceSize(p.x1, p.x2, p.a0, p.b0, p.a1, p.b1, p.bias, p.t1, p.t2,
                                                                  p.g0, p.g1, p.o, &ws, &ex);
        if (r == 0) aclDestroyAclOpExecutor(ex);
        return r;
    };
    A v;
    EXPECT(S1(base) == 0, "valid stage 1 (%s)", aclGetRecentErrMsg());
    v = base; v.bias = nullptr;
    EXPECT(S1(v) == 0, "valid stage 1 without bias (%s)", aclGetRecentErrMsg());
    v = base; v.o = of32.t; v.x1 = nullptr;
    ExpectError("null x1", S1(v), 161001, "x1");
    v = base; v.x2 = nullptr;
    ExpectError("null x2", S1(v), 161001, "x2");
    v = base; v.a0 = nullptr;
    ExpectError("null x1Level0Scale", S1(v), 161001, "x1Level0Scale");
    v = base; v.a1 = nullptr;
    ExpectError("null x1Level1Scale", S1(v), 161001, "x1Level1Scale");
    v = base; v.b0 = nullptr;
    ExpectError("null x2Level0Scale", S1(v), 161001, "x2Level0Scale");
    v = base; v.b1 = nullptr;
    ExpectError("null x2Level1Scale", S1(v), 161001, "x2Level1Scale");
    v = base; v.o = nullptr;
    ExpectError("null out", S1(v), 161001, "out");
    v = base; v.x2 = x2nd.t;
    ExpectError("x2 ND", S1(v), 161002, "x2", "FRACTAL_NZ");
    v = base; v.x1 = x1t.t;
    ExpectError("x1 not contiguous", S1(v), 161002, "x1", "contiguous");
    v = base; v.x1 = x1i8.t;
    ExpectError("x1 INT8", S1(v), 161002, "x1", "FLOAT4_E2M1");
    v = base; v.x1 = x1odd.t;
    ExpectError("x1 k odd", S1(v), 161002, "x1.k", "even");
    v = base; v.x2 = x2fp4.t;
    ExpectError("x2 FLOAT4_E2M1", S1(v), 161002, "x2", "INT8");
    v = base; v.a0 = a0h.t;
    ExpectError("x1Level0Scale FLOAT16", S1(v), 161002, "x1Level0Scale", "FLOAT");
    v = base; v.a1 = a1_2d.t;
    ExpectError("x1Level1Scale 2-D", S1(v), 161002, "x1Level1Scale", "3D");
    v = base; v.o = of32.t;
    ExpectError("out FLOAT", S1(v), 161002, "y", "BFLOAT16");
    v = base; v.bias = bias16.t;
    ExpectError("bias FLOAT16", S1(v), 161002, "bias", "FLOAT");
    v = base; v.bias = bias2d.t;
    ExpectError("bias 2-D", S1(v), 161002, "bias", "1D");
    v = base; v.o = o_m.t;
    ExpectError("out m", S1(v), 161002, "y.m");
    v = base; v.x2 = x2k512.t;
    ExpectError("k mismatch", S1(v), 161002, "x1.k and x2.k");
    v = base; v.t1 = true;
    ExpectError("transposeX1", S1(v), 161002, "transposeX1");
    v = base; v.t2 = false;
    ExpectError("transposeX2 false", S1(v), 161002, "transposeX2");
    v = base; v.g0 = 256;
    ExpectError("level0GroupSize 256", S1(v), 161002, "level0GroupSize", "512");
    v = base; v.g1 = 16;
    ExpectError("level1GroupSize 16", S1(v), 161002, "level1GroupSize", "32");
    v = base; v.a0 = a0bad.t;
    ExpectCode("x1Level0Scale (m, 1)", S1(v), 561002, "x1Level0Scale");
    v = base; v.b1 = b1bad.t;
    ExpectCode("x2Level1Scale (k/64, n, 2)", S1(v), 561002, "x2Level1Scale");
    v = base; v.x2 = x2short.t;
    ExpectError("x2 storage not NZ-sized", S1(v), 161002, "x2");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (!chip || std::string(chip) != "950") {
        RawTensor x1, x2, a0, a1, b0, b1, o;
        std::vector<uint8_t> z((size_t)(64 * 64), 0x22), zs((size_t)128, 127);
        std::vector<float> one(16, 1.0f);
        if (!x1.Init(ACL_FLOAT4_E2M1, {4, 64}, {64, 1}, ACL_FORMAT_ND, {4, 64}, z) ||
            !x2.Init(ACL_INT8, {16, 32}, {32, 1}, ACL_FORMAT_FRACTAL_NZ, {1, 1, 16, 32}, z) ||
            !a0.Init(ACL_FLOAT, {4, 1}, {1, 1}, ACL_FORMAT_ND, {4, 1}, F32Bytes(one)) ||
            !a1.Init(ACL_FLOAT8_E8M0, {4, 1, 2}, {2, 2, 1}, ACL_FORMAT_ND, {4, 1, 2}, zs) ||
            !b0.Init(ACL_FLOAT, {1, 16}, {16, 1}, ACL_FORMAT_ND, {1, 16}, F32Bytes(one)) ||
            !b1.Init(ACL_FLOAT8_E8M0, {16, 1, 2}, {2, 2, 1}, ACL_FORMAT_ND, {16, 1, 2}, zs) ||
            !o.Init(ACL_FLOAT16, {4, 16}, {16, 1}, ACL_FORMAT_ND, {4, 16}, z))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnDualLevelQuantMatmulWeightNzGetWorkspaceSize(x1.t, x2.t, a0.t, b0.t, a1.t, b1.t, nullptr, false,
                                                                  true, 512, 32, o.t, &ws, &ex);
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip ? chip : "A2", r, aclGetRecentErrMsg());
    } else {
        RunCase({"f16 bias k 1024", 5, 1024, 48, ACL_FLOAT16, true, 0, false, 1});
        RunCase({"bf16 k 704 (tail block)", 7, 704, 40, ACL_BF16, false, 0, true, 2});
        RunCase({"f16 k 96 n 20", 3, 96, 20, ACL_FLOAT16, true, 0, false, 3});
        RunCase({"bf16 k 2048 n 70", 33, 2048, 70, ACL_BF16, true, 0, false, 4});
        RunCase({"NaN level-1 scale", 3, 512, 16, ACL_BF16, true, 1, false, 5});
        RunCase({"f16 overflow", 2, 512, 16, ACL_FLOAT16, false, 2, false, 6});
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
