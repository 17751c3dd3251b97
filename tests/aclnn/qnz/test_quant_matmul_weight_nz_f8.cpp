// aclnnQuantMatmulWeightNz / aclnnQuantMatmulV5 float routes with the weight on the 950
// (docs/aclnnQuantMatmulWeightNz.md, docs/aclnnQuantMatmulV5.md):
//  - MX pseudo-quantisation (A8W4): FLOAT8_E4M3FN x1 (m, k), FLOAT4_E2M1 x2 (n, k), FLOAT8_E8M0
//    scales per 32-element K block, bias null or (1, n) of out's dtype, out BFLOAT16 / FLOAT16. The
//    arch35 kernel feeds each FP4 weight to the Cube as the FP8_E4M3 its bits make when moved into
//    E4M3's low exponent bits (exponent bias 1 -> 7): x2 * 2^-6. Reference:
//      out = sum_k x1 * 2^(s1 - 127) * x2 * 2^-6 * 2^(s2 - 127) + bias[n];
//  - MX full quantisation (E4M3 x E4M3, FP4 x FP4) and HIFLOAT8 static with an x2 in FRACTAL_NZ.
// The NZ storage is laid out here: the view's (R, C) matrix as [ceil(C / c0), ceil(R / 16), 16, c0]
// (c0 32 for 8-bit and A8W4 FP4, 64 for FP4 x FP4), zero padded, FP4 two per byte (even = low
// nibble). A view with transposed strides ((k, n) with strides (1, k)) is read as its (n, k)
// matrix with transposeX2 flipped. Values from bit fields (tests/aclnn/qmm3/qf8_ref.h), sums in
// double. Validation paths with their codes and messages; off the 950 the float routes are 161002.
#include "../quant_matmul/qmm_test_util.h"
#include "../hif8/hif8_ref.h"
#include "../qmm3/qf8_ref.h"
#include "aclnnop/aclnn_quant_matmul_v5.h"
#include "aclnnop/aclnn_quant_matmul_weight_nz.h"

static aclrtStream g_stream;
static std::string g_chip;




// Codes of an (R, C) row-major matrix -> NZ storage bytes [C1][R1][16][c0]; fp4: nibbles.
static std::vector<unsigned char> NzPack(const std::vector<unsigned> &codes, int64_t R, int64_t C, int64_t c0, bool fp4,
                                         std::vector<int64_t> *storage)
{
    int64_t C1 = (C + c0 - 1) / c0, R1 = (R + 15) / 16, total = C1 * R1 * 16 * c0;
    std::vector<unsigned char> b((size_t)(fp4 ? (total + 1) / 2 : total), 0);
    for (int64_t r = 0; r < R; r++)
        for (int64_t c = 0; c < C; c++) {
            int64_t e = ((c / c0) * R1 * 16 + r) * c0 + c % c0;
            unsigned v = codes[(size_t)(r * C + c)];
            if (fp4) b[(size_t)(e / 2)] |= (unsigned char)((v & 0xf) << ((e & 1) * 4));
            else b[(size_t)e] = (unsigned char)v;
        }
    *storage = {C1, R1, 16, c0};
    return b;
}

static void Encode16(aclDataType dt, double v, unsigned char *p) { Encode(dt, v, p); }

// MX A8W4. nz: x2 in FRACTAL_NZ_C0_32 through aclnnQuantMatmulWeightNz (kn: the view (k, n) with
// strides (1, k) and transposeX2 false, x2Scale (kb, n, 2) likewise); else ND x2 through V5.
static void CaseA8W4(const char *what, int64_t M, int64_t K, int64_t N, bool nz, bool kn, int biasKind,
                     aclDataType od, bool fullGroup, uint64_t seed, bool b32 = false)
{
    Lcg rng(seed);
    const int64_t kb = (K + 63) / 64;
    std::vector<unsigned char> c1((size_t)(M * K));
    for (auto &c : c1) c = (unsigned char)RandFp8(rng, ACL_FLOAT8_E4M3FN, 8.0);
    std::vector<unsigned> c2((size_t)(N * K));  // (n, k)
    for (auto &c : c2) c = (unsigned)(rng.uniform() * 16) & 0xf;
    std::vector<unsigned char> e1((size_t)(M * kb * 2)), e2((size_t)(N * kb * 2));
    for (auto &c : e1) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
    for (auto &c : e2) c = (unsigned char)(124 + (int)(rng.uniform() * 10));
    auto s2at = [&](int64_t n, int64_t blk, int64_t h) {  // x2Scale value index
        return kn ? (size_t)((blk * N + n) * 2 + h) : (size_t)((n * kb + blk) * 2 + h);
    };
    std::vector<double> bias((size_t)N, 0.0);
    std::vector<unsigned char> bb((size_t)N * 2);
    for (int64_t n = 0; n < N; n++) {
        bias[(size_t)n] = Quant(od, rng.value() * 2.0);
        Encode16(od, bias[(size_t)n], &bb[(size_t)n * 2]);
    }
    RawTensor t1, t2, s1, s2, tb, to;
    bool ok = t1.Init(ACL_FLOAT8_E4M3FN, {M, K}, {K, 1}, c1) &&
              s1.Init(ACL_FLOAT8_E8M0, {M, kb, 2}, {kb * 2, 2, 1}, e1) &&
              to.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N) * 2, 0xEE));
    if (kn) ok = ok && s2.Init(ACL_FLOAT8_E8M0, {kb, N, 2}, {N * 2, 2, 1}, e2);
    else ok = ok && s2.Init(ACL_FLOAT8_E8M0, {N, kb, 2}, {kb * 2, 2, 1}, e2);
    if (nz) {
        std::vector<int64_t> st;
        std::vector<unsigned char> b = NzPack(c2, N, K, 32, true, &st);
        if (b32) {  // FLOAT words of eight FP4: the packed dim / 8, storage c0 32 FP4 = 4 words
            st.back() = 4;
            if (kn) ok = ok && t2.Init(ACL_FLOAT, {K / 8, N}, {1, K / 8}, b, ACL_FORMAT_FRACTAL_NZ, st);
            else ok = ok && t2.Init(ACL_FLOAT, {N, K / 8}, {K / 8, 1}, b, ACL_FORMAT_FRACTAL_NZ, st);
        } else if (kn) {
            ok = ok && t2.Init(ACL_FLOAT4_E2M1, {K, N}, {1, K}, b, ACL_FORMAT_FRACTAL_NZ_C0_32, st);
        } else {
            ok = ok && t2.Init(ACL_FLOAT4_E2M1, {N, K}, {K, 1}, b, ACL_FORMAT_FRACTAL_NZ_C0_32, st);
        }
    } else {
        std::vector<unsigned char> b((size_t)(N * K / 2), 0);
        for (size_t i = 0; i < c2.size(); i++) b[i / 2] |= (unsigned char)(c2[i] << ((i & 1) * 4));
        ok = ok && t2.Init(ACL_FLOAT4_E2M1, {N, K}, {K, 1}, b, ACL_FORMAT_ND, {N * K});
    }
    if (biasKind) ok = ok && tb.Init(od, {1, N}, {N, 1}, bb);
    if (!ok) { EXPECT(false, "%s: tensors", what); return; }
    const int64_t gs = fullGroup ? 4295032864LL : 32;
    const bool t2f = !kn;
    int r = nz ? Run("aclnnQuantMatmulWeightNz", g_stream,
                     [&](uint64_t *w, aclOpExecutor **e) {
                         return aclnnQuantMatmulWeightNzGetWorkspaceSize(t1.t, t2.t, s1.t, s2.t, nullptr, nullptr,
                                                                         nullptr, nullptr, biasKind ? tb.t : nullptr,
                                                                         false, t2f, gs, to.t, w, e);
                     },
                     aclnnQuantMatmulWeightNz)
               : Run("aclnnQuantMatmulV5", g_stream,
                     [&](uint64_t *w, aclOpExecutor **e) {
                         return aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, s1.t, s2.t, nullptr, nullptr, nullptr,
                                                                   nullptr, biasKind ? tb.t : nullptr, false, true, gs,
                                                                   to.t, w, e);
                     },
                     aclnnQuantMatmulV5);
    EXPECT(r == 0, "%s: run %d (%s)", what, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    double worst = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0, mag = 0;
            for (int64_t k = 0; k < K; k++) {
                int64_t blk = k / 64, h = (k / 32) & 1;
                double p = Fp8Value(ACL_FLOAT8_E4M3FN, c1[(size_t)(m * K + k)]) * Fp4Value(c2[(size_t)(n * K + k)]) / 64.0 *
                           E8m0Value(e1[(size_t)((m * kb + blk) * 2 + h)]) * E8m0Value(e2[s2at(n, blk, h)]);
                acc += p;
                mag += std::fabs(p);
            }
            double bv = biasKind ? bias[(size_t)n] : 0.0, ref = acc + bv;
            double got = ReadOut(od, g, (size_t)(m * N + n));
            double err = std::fabs(got - ref);
            if (!(err <= OutUlp(od) * std::fabs(ref) + 4e-7 * (mag + std::fabs(bv)) * (1 + K / 64.0) + 1e-30)) bad++;
            worst = std::max(worst, err);
        }
    EXPECT(bad == 0, "%s: %zu of %lld wrong (worst %g)", what, bad, (long long)(M * N), worst);
}

// Full quantisation with an NZ x2 through aclnnQuantMatmulWeightNz: MX E4M3 x E4M3 (c0 32), MX
// FP4 x FP4 (c0 64) or HIFLOAT8 static (UINT64 (n,) quant parameters, c0 32). t2: view (n, k)
// with transposeX2, else (k, n).
enum FullKind { MX8, MX4, HIF8S };
static void CaseFullNz(const char *what, FullKind kind, int64_t M, int64_t K, int64_t N, bool t2, aclDataType od,
                       uint64_t seed)
{
    Lcg rng(seed);
    const int64_t kb = (K + 63) / 64;
    const bool fp4 = kind == MX4;
    const aclDataType xd = kind == MX8 ? ACL_FLOAT8_E4M3FN : kind == MX4 ? ACL_FLOAT4_E2M1 : ACL_HIFLOAT8;
    auto pick = [&]() -> unsigned {
        if (fp4) return (unsigned)(rng.uniform() * 16) & 0xf;
        if (kind == MX8) return RandFp8(rng, ACL_FLOAT8_E4M3FN, 8.0);
        for (;;) {
            int c = (int)(rng.uniform() * 256) & 0xff;
            double v = hif8_ref_value(c);
            if (std::isfinite(v) && std::fabs(v) <= 8) return (unsigned)c;
        }
    };
    auto val = [&](unsigned c) { return fp4 ? Fp4Value(c) : kind == MX8 ? Fp8Value(ACL_FLOAT8_E4M3FN, c) : hif8_ref_value((int)c); };
    std::vector<unsigned> c1((size_t)(M * K)), c2((size_t)(K * N));  // x1 (m, k); x2 as its view (t2: (n, k), else (k, n))
    for (auto &c : c1) c = pick();
    for (auto &c : c2) c = pick();
    auto x2v = [&](int64_t k, int64_t n) { return val(c2[(size_t)(t2 ? n * K + k : k * N + n)]); };
    std::vector<unsigned char> b1;
    if (fp4) {
        b1.assign((size_t)(M * K / 2), 0);
        for (size_t i = 0; i < c1.size(); i++) b1[i / 2] |= (unsigned char)(c1[i] << ((i & 1) * 4));
    } else {
        for (auto c : c1) b1.push_back((unsigned char)c);
    }
    std::vector<int64_t> st;
    std::vector<unsigned char> b2 = t2 ? NzPack(c2, N, K, fp4 ? 64 : 32, fp4, &st) : NzPack(c2, K, N, fp4 ? 64 : 32, fp4, &st);
    RawTensor t1, tx2, s1, s2, to;
    size_t oes = od == ACL_FLOAT ? 4 : 2;
    bool ok = t1.Init(xd, {M, K}, {K, 1}, b1, ACL_FORMAT_ND, {fp4 ? M * K : (int64_t)b1.size()}) &&
              (t2 ? tx2.Init(xd, {N, K}, {K, 1}, b2, ACL_FORMAT_FRACTAL_NZ, st)
                  : tx2.Init(xd, {K, N}, {N, 1}, b2, ACL_FORMAT_FRACTAL_NZ, st)) &&
              to.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N) * oes, 0xEE));
    std::vector<unsigned char> e1, e2;
    std::vector<double> qs;
    if (kind == HIF8S) {
        std::vector<uint64_t> q((size_t)N);
        for (int64_t n = 0; n < N; n++) {
            float f = (float)(0.01 + 0.05 * rng.uniform());
            q[(size_t)n] = FloatBits(f) | (1ull << 46);
            qs.push_back(BitsFloat(RefFp19(f, true)));
        }
        ok = ok && s2.Init(ACL_UINT64, {N}, {1}, U64Bytes(q));
    } else {
        e1.resize((size_t)(M * kb * 2));
        e2.resize((size_t)(N * kb * 2));
        for (auto &c : e1) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
        for (auto &c : e2) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
        ok = ok && s1.Init(ACL_FLOAT8_E8M0, {M, kb, 2}, {kb * 2, 2, 1}, e1) &&
             (t2 ? s2.Init(ACL_FLOAT8_E8M0, {N, kb, 2}, {kb * 2, 2, 1}, e2) : s2.Init(ACL_FLOAT8_E8M0, {kb, N, 2}, {N * 2, 2, 1}, e2));
    }
    if (!ok) { EXPECT(false, "%s: tensors", what); return; }
    const int64_t gs = kind == HIF8S ? 0 : 4295032864LL;
    int r = Run("aclnnQuantMatmulWeightNz", g_stream,
                [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnQuantMatmulWeightNzGetWorkspaceSize(t1.t, tx2.t, kind == HIF8S ? nullptr : s1.t, s2.t,
                                                                    nullptr, nullptr, nullptr, nullptr, nullptr, false,
                                                                    t2, gs, to.t, w, e);
                },
                aclnnQuantMatmulWeightNz);
    EXPECT(r == 0, "%s: run %d (%s)", what, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0, mag = 0;
            for (int64_t k = 0; k < K; k++) {
                double p = val(c1[(size_t)(m * K + k)]) * x2v(k, n);
                if (kind != HIF8S) {
                    int64_t blk = k / 64, h = (k / 32) & 1;
                    p *= E8m0Value(e1[(size_t)((m * kb + blk) * 2 + h)]) *
                         E8m0Value(e2[t2 ? (size_t)((n * kb + blk) * 2 + h) : (size_t)((blk * N + n) * 2 + h)]);
                }
                acc += p;
                mag += std::fabs(p);
            }
            double sc = kind == HIF8S ? qs[(size_t)n] : 1.0, ref = acc * sc;
            double got = ReadOut(od, g, (size_t)(m * N + n));
            bad += !(std::fabs(got - ref) <= OutUlp(od) * std::fabs(ref) + 4e-7 * mag * sc * (1 + K / 64.0) + 1e-30);
        }
    EXPECT(bad == 0, "%s: %zu of %lld wrong", what, bad, (long long)(M * N));
}

static void Validation()
{
    const int64_t M = 4, K = 64, N = 16, kb = 1;
    std::vector<unsigned> c2((size_t)(N * K), 2);
    std::vector<int64_t> st;
    std::vector<unsigned char> b2 = NzPack(c2, N, K, 32, true, &st);
    RawTensor x1, x2, x2nd, x2short, s1, s2, s2bad, out, out32, bias16, biasbf, s1f;
    bool ok = x1.Init(ACL_FLOAT8_E4M3FN, {M, K}, {K, 1}, std::vector<unsigned char>((size_t)(M * K), 0x38)) &&
              x2.Init(ACL_FLOAT4_E2M1, {N, K}, {K, 1}, b2, ACL_FORMAT_FRACTAL_NZ_C0_32, st) &&
              x2nd.Init(ACL_FLOAT4_E2M1, {N, K}, {K, 1}, std::vector<unsigned char>((size_t)(N * K / 2), 0x22), ACL_FORMAT_ND, {N * K}) &&
              x2short.Init(ACL_FLOAT4_E2M1, {N, K}, {K, 1}, b2, ACL_FORMAT_FRACTAL_NZ_C0_32, {1, 1, 16, 32}) &&
              s1.Init(ACL_FLOAT8_E8M0, {M, kb, 2}, {2, 2, 1}, std::vector<unsigned char>((size_t)(M * 2), 127)) &&
              s2.Init(ACL_FLOAT8_E8M0, {N, kb, 2}, {2, 2, 1}, std::vector<unsigned char>((size_t)(N * 2), 127)) &&
              s2bad.Init(ACL_FLOAT8_E8M0, {N, 2, 2}, {4, 2, 1}, std::vector<unsigned char>((size_t)(N * 4), 127)) &&
              s1f.Init(ACL_FLOAT, {M}, {1}, std::vector<unsigned char>((size_t)(M * 4), 0)) &&
              out.Init(ACL_BF16, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N * 2))) &&
              out32.Init(ACL_FLOAT, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N * 4))) &&
              bias16.Init(ACL_FLOAT16, {1, N}, {N, 1}, std::vector<unsigned char>((size_t)(N * 2))) &&
              biasbf.Init(ACL_BF16, {N}, {1}, std::vector<unsigned char>((size_t)(N * 2)));
    if (!ok) { EXPECT(false, "validation tensors"); return; }
    uint64_t ws;
    aclOpExecutor *ex;
    auto nz = [&](const aclTensor *w, const aclTensor *a1, const aclTensor *a2, const aclTensor *b, bool tx1, bool tx2,
                  int64_t gs, const aclTensor *o) {
        return aclnnQuantMatmulWeightNzGetWorkspaceSize(x1.t, w, a1, a2, nullptr, nullptr, nullptr, nullptr, b, tx1, tx2,
                                                        gs, (aclTensor *)o, &ws, &ex);
    };
    ExpectCode("A8W4 ND x2 to WeightNz", nz(x2nd.t, s1.t, s2.t, nullptr, false, true, 32, out.t), 161002, "the format of x2 must be FRACTAL_NZ");
    ExpectCode("A8W4 out FLOAT", nz(x2.t, s1.t, s2.t, nullptr, false, true, 32, out32.t), 161002, "the dtype of out must be BFLOAT16 or FLOAT16");
    ExpectCode("A8W4 FLOAT x1Scale", nz(x2.t, s1f.t, s2.t, nullptr, false, true, 32, out.t), 161002, "must be mx or t-cg");
    ExpectCode("A8W4 bias FLOAT16 with BF16 out", nz(x2.t, s1.t, s2.t, bias16.t, false, true, 32, out.t), 161002, "the dtype of bias must be the same");
    ExpectCode("A8W4 bias (n,)", nz(x2.t, s1.t, s2.t, biasbf.t, false, true, 32, out.t), 161002, "the shape of bias must be [1, 16]");
    ExpectCode("A8W4 transposeX1", nz(x2.t, s1.t, s2.t, nullptr, true, true, 32, out.t), 161002, "transposeX1 must be false");
    ExpectCode("A8W4 transposeX2 false", nz(x2.t, s1.t, s2.t, nullptr, false, false, 32, out.t), 161002, "transposeX2 must be true");
    ExpectCode("A8W4 groupSize 64", nz(x2.t, s1.t, s2.t, nullptr, false, true, 64, out.t), 161002, "groupSize must be 32");
    ExpectCode("A8W4 x2Scale shape", nz(x2.t, s1.t, s2bad.t, nullptr, false, true, 32, out.t), 161002, "the shape of x2Scale must be [16, 1, 2]");
    ExpectCode("A8W4 storage too small", nz(x2short.t, s1.t, s2.t, nullptr, false, true, 32, out.t), 161002, "is not NZ(Ascend affinity format)");
    // k % 8 and n % 8
    RawTensor x1k, s1k, x2k, s2k, outk, x2n, s2n, outn;
    std::vector<unsigned> ck((size_t)(N * 36), 2), cn((size_t)(12 * K), 2);
    std::vector<int64_t> stk, stn;
    std::vector<unsigned char> bk = NzPack(ck, N, 36, 32, true, &stk), bn = NzPack(cn, 12, K, 32, true, &stn);
    ok = x1k.Init(ACL_FLOAT8_E4M3FN, {M, 36}, {36, 1}, std::vector<unsigned char>((size_t)(M * 36), 0x38)) &&
         s1k.Init(ACL_FLOAT8_E8M0, {M, 1, 2}, {2, 2, 1}, std::vector<unsigned char>((size_t)(M * 2), 127)) &&
         x2k.Init(ACL_FLOAT4_E2M1, {N, 36}, {36, 1}, bk, ACL_FORMAT_FRACTAL_NZ_C0_32, stk) &&
         s2k.Init(ACL_FLOAT8_E8M0, {N, 1, 2}, {2, 2, 1}, std::vector<unsigned char>((size_t)(N * 2), 127)) &&
         x2n.Init(ACL_FLOAT4_E2M1, {12, K}, {K, 1}, bn, ACL_FORMAT_FRACTAL_NZ_C0_32, stn) &&
         s2n.Init(ACL_FLOAT8_E8M0, {12, 1, 2}, {2, 2, 1}, std::vector<unsigned char>(24, 127)) &&
         outn.Init(ACL_BF16, {M, 12}, {12, 1}, std::vector<unsigned char>((size_t)(M * 24)));
    if (!ok) { EXPECT(false, "validation tensors 2"); return; }
    ExpectCode("A8W4 k 36", aclnnQuantMatmulWeightNzGetWorkspaceSize(x1k.t, x2k.t, s1k.t, s2k.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, true, 32, out.t, &ws, &ex), 161002, "aligned to 8 for MX");
    ExpectCode("A8W4 n 12", nz(x2n.t, s1.t, s2n.t, nullptr, false, true, 32, outn.t), 161002, "the n dimension of x2 must be aligned to 8");
    // full quantisation: the NZ storage must hold the computed layout's element count
    RawTensor f1, f2, fs1, fs2, fo;
    std::vector<unsigned> cf((size_t)(N * K), 0x38);
    std::vector<int64_t> stf;
    std::vector<unsigned char> bf = NzPack(cf, N, K, 32, false, &stf);
    ok = f1.Init(ACL_FLOAT8_E4M3FN, {M, K}, {K, 1}, std::vector<unsigned char>((size_t)(M * K), 0x38)) &&
         f2.Init(ACL_FLOAT8_E4M3FN, {N, K}, {K, 1}, bf, ACL_FORMAT_FRACTAL_NZ, {1, 2, 16, 16}) &&
         fs1.Init(ACL_FLOAT8_E8M0, {M, 1, 2}, {2, 2, 1}, std::vector<unsigned char>((size_t)(M * 2), 127)) &&
         fs2.Init(ACL_FLOAT8_E8M0, {N, 1, 2}, {2, 2, 1}, std::vector<unsigned char>((size_t)(N * 2), 127)) &&
         fo.Init(ACL_BF16, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N * 2)));
    if (!ok) { EXPECT(false, "validation tensors 3"); return; }
    ExpectCode("MX E4M3 NZ storage 512 of 1024", aclnnQuantMatmulWeightNzGetWorkspaceSize(f1.t, f2.t, fs1.t, fs2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, true, 4295032864LL, fo.t, &ws, &ex), 161002, "is not NZ(Ascend affinity format)");
    ExpectCode("MX E4M3 ND x2 to WeightNz", aclnnQuantMatmulWeightNzGetWorkspaceSize(f1.t, x2nd.t, fs1.t, fs2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, true, 4295032864LL, fo.t, &ws, &ex), 161002, "");
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    hif8_ref_init();
    (void)hif8_ref_encode;
    if (g_chip != "950") {
        RawTensor x1, x2, s1, s2, out;
        std::vector<unsigned> c2(16 * 64, 2);
        std::vector<int64_t> st;
        std::vector<unsigned char> b2 = NzPack(c2, 16, 64, 32, true, &st);
        if (!x1.Init(ACL_FLOAT8_E4M3FN, {4, 64}, {64, 1}, std::vector<unsigned char>(256, 0x38)) ||
            !x2.Init(ACL_FLOAT4_E2M1, {16, 64}, {64, 1}, b2, ACL_FORMAT_FRACTAL_NZ_C0_32, st) ||
            !s1.Init(ACL_FLOAT8_E8M0, {4, 1, 2}, {2, 2, 1}, std::vector<unsigned char>(8, 127)) ||
            !s2.Init(ACL_FLOAT8_E8M0, {16, 1, 2}, {2, 2, 1}, std::vector<unsigned char>(32, 127)) ||
            !out.Init(ACL_BF16, {4, 16}, {16, 1}, std::vector<unsigned char>(128)))
            return 1;
        uint64_t ws;
        aclOpExecutor *ex;
        aclnnStatus st2 = aclnnQuantMatmulWeightNzGetWorkspaceSize(x1.t, x2.t, s1.t, s2.t, nullptr, nullptr, nullptr,
                                                                   nullptr, nullptr, false, true, 32, out.t, &ws, &ex);
        EXPECT(st2 == 161002, "A8W4 off the 950: %d (%s)", (int)st2, aclGetRecentErrMsg());
    } else {
        CaseA8W4("A8W4 NZ (n,k) bf16", 5, 64, 128, true, false, 0, ACL_BF16, false, 1);
        CaseA8W4("A8W4 NZ (k,n) view, padded k 40 n 24, bias fp16", 7, 40, 24, true, true, 1, ACL_FLOAT16, true, 2);
        CaseA8W4("A8W4 NZ k 160 n 40 bias bf16", 3, 160, 40, true, false, 1, ACL_BF16, true, 3);
        CaseA8W4("A8W4 ND V5 k 96 bias bf16", 6, 96, 16, false, false, 1, ACL_BF16, false, 4);
        CaseA8W4("A8W4 NZ FLOAT-packed (n,k/8) bias bf16", 4, 96, 40, true, false, 1, ACL_BF16, false, 6, true);
        CaseA8W4("A8W4 NZ FLOAT-packed (k/8,n) view fp16", 3, 64, 24, true, true, 0, ACL_FLOAT16, true, 7, true);
        CaseA8W4("A8W4 ND V5 fp16", 2, 64, 8, false, false, 0, ACL_FLOAT16, true, 5);
        CaseFullNz("MX E4M3 NZ (n,k) bf16", MX8, 5, 96, 40, true, ACL_BF16, 11);
        CaseFullNz("MX E4M3 NZ (k,n) fp32 padded", MX8, 4, 72, 20, false, ACL_FLOAT, 12);
        CaseFullNz("MX FP4 NZ (n,k) bf16", MX4, 5, 128, 24, true, ACL_BF16, 13);
        CaseFullNz("MX FP4 NZ (k,n) fp32 padded", MX4, 3, 96, 70, false, ACL_FLOAT, 14);
        CaseFullNz("HiF8 static NZ (k,n) fp16", HIF8S, 6, 48, 36, false, ACL_FLOAT16, 15);
        CaseFullNz("HiF8 static NZ (n,k) bf16", HIF8S, 4, 40, 18, true, ACL_BF16, 16);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
