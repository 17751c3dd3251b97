// aclnnQuantMatmulV5's float routes on the 950 (docs/aclnnQuantMatmulV5.md, 950 constraints):
// FLOAT8_E4M3FN / FLOAT8_E5M2 / HIFLOAT8 x1 and x2 with
//   dynamic T-T / T-C / K-C scales: out = (acc * x2Scale[n]) * x1Scale[m] + bias[n],
//   static UINT64 quant parameters:  out = (acc + bias[n]) * FP19(x2Scale[n]),
//   MX (FLOAT8_E8M0 scales per 32-element K block): out = sum x1 2^(s1-127) x2 2^(s2-127) + bias[n],
// FLOAT16 / BFLOAT16 / FLOAT out, transposed operands, batch broadcast and (batch, 1, n) bias.
// References written here: FP8 / HiF8 / E8M0 codes decoded from their bit fields
// (tests/aclnn/qmm3/qf8_ref.h, tests/aclnn/hif8/hif8_ref.h), products summed in double, compared
// within the FP32 summation error plus one rounding into out. Validation paths with their codes.
// T-CG (E4M3 x FP4 with 16-bit per-32 weight scales and a UINT64 yScale), MX FP4 x FP4,
// K-G [int4/4] (INT4 x INT4, per-group FLOAT x2Scale and FLOAT16 x2Offset, groupSize 256).
// On A2 / A3 FLOAT8 x1 is outside the dtype list (161002).
#include "../quant_matmul/qmm_test_util.h"
#include "../hif8/hif8_ref.h"
#include "../qmm3/qf8_ref.h"
#include "aclnnop/aclnn_quant_matmul_v5.h"

static aclrtStream g_stream;
static std::string g_chip;

static double CodeValue(aclDataType dt, unsigned c) { return dt == ACL_HIFLOAT8 ? hif8_ref_value((int)c) : Fp8Value(dt, c); }

static unsigned PickCode(Lcg &rng, aclDataType dt)
{
    if (dt != ACL_HIFLOAT8) return RandFp8(rng, dt, 12.0);
    for (;;) {
        int c = (int)(rng.uniform() * 256) & 0xff;
        double v = hif8_ref_value(c);
        if (std::isfinite(v) && std::fabs(v) <= 12) return (unsigned)c;
    }
}

static std::vector<unsigned char> F32Bytes(const std::vector<float> &v)
{
    std::vector<unsigned char> b(v.size() * 4);
    std::memcpy(b.data(), v.data(), b.size());
    return b;
}



struct Mode {
    enum { DYN, STATIC, MX } kind;
    bool x1ScaleM;  // DYN: x1Scale (m,) instead of (1,) (null when !hasX1Scale)
    bool hasX1Scale;
    bool x2ScaleN;  // DYN / STATIC: x2Scale (n,) instead of (1,)
};

// x1 (B1.., M, K) or transposed (B1.., K, M); x2 (B2.., K, N) or transposed (B2.., N, K).
static void Case(const char *what, aclDataType d1, aclDataType d2, std::vector<int64_t> b1, std::vector<int64_t> b2,
                 int64_t M, int64_t K, int64_t N, bool t1, bool t2, Mode mode, int biasKind /*0 none 1 (n) 2 (1,n) 3 (b,1,n)*/,
                 aclDataType od, uint64_t seed)
{
    Lcg rng(seed);
    size_t nbo = std::max(b1.size(), b2.size());
    std::vector<int64_t> ob(nbo);
    for (size_t i = 0; i < nbo; i++) {
        int64_t e1 = i + b1.size() >= nbo ? b1[i + b1.size() - nbo] : 1, e2 = i + b2.size() >= nbo ? b2[i + b2.size() - nbo] : 1;
        ob[i] = std::max(e1, e2);
    }
    int64_t n1 = 1, n2 = 1, no = 1;
    for (auto v : b1) n1 *= v;
    for (auto v : b2) n2 *= v;
    for (auto v : ob) no *= v;
    std::vector<int64_t> s1 = b1, s2 = b2, so = ob;
    if (t1) { s1.push_back(K); s1.push_back(M); } else { s1.push_back(M); s1.push_back(K); }
    if (t2) { s2.push_back(N); s2.push_back(K); } else { s2.push_back(K); s2.push_back(N); }
    so.push_back(M);
    so.push_back(N);
    std::vector<unsigned char> c1((size_t)(n1 * M * K)), c2((size_t)(n2 * K * N));
    for (auto &c : c1) c = (unsigned char)PickCode(rng, d1);
    for (auto &c : c2) c = (unsigned char)PickCode(rng, d2);
    auto x1v = [&](int64_t b, int64_t m, int64_t k) { return CodeValue(d1, c1[(size_t)(b * M * K + (t1 ? k * M + m : m * K + k))]); };
    auto x2v = [&](int64_t b, int64_t k, int64_t n) { return CodeValue(d2, c2[(size_t)(b * K * N + (t2 ? n * K + k : k * N + n))]); };
    const int64_t kb = (K + 63) / 64;
    std::vector<unsigned char> e1, e2;  // MX scale codes
    std::vector<float> fs1, fs2;         // DYN scales
    std::vector<uint64_t> q2;            // STATIC parameters
    std::vector<double> r1, r2;          // the scale values the reference uses
    RawTensor tx1, tx2, ts1, ts2, tb, to;
    bool ok = tx1.Init(d1, s1, RowMajor(s1), c1) && tx2.Init(d2, s2, RowMajor(s2), c2);
    if (mode.kind == Mode::MX) {
        std::vector<int64_t> q1 = b1, q2s = b2;
        if (t1) { q1.push_back(kb); q1.push_back(M); } else { q1.push_back(M); q1.push_back(kb); }
        if (t2) { q2s.push_back(N); q2s.push_back(kb); } else { q2s.push_back(kb); q2s.push_back(N); }
        q1.push_back(2);
        q2s.push_back(2);
        e1.resize((size_t)(n1 * M * kb * 2));
        e2.resize((size_t)(n2 * N * kb * 2));
        for (auto &c : e1) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
        for (auto &c : e2) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
        ok = ok && ts1.Init(ACL_FLOAT8_E8M0, q1, RowMajor(q1), e1) && ts2.Init(ACL_FLOAT8_E8M0, q2s, RowMajor(q2s), e2);
    } else if (mode.kind == Mode::DYN) {
        int64_t ln2 = mode.x2ScaleN ? N : 1, ln1 = mode.x1ScaleM ? M : 1;
        for (int64_t i = 0; i < ln2; i++) fs2.push_back((float)(0.01 + 0.05 * rng.uniform()));
        for (int64_t i = 0; i < ln1; i++) fs1.push_back((float)(0.5 + rng.uniform()));
        ok = ok && ts2.Init(ACL_FLOAT, {ln2}, {1}, F32Bytes(fs2));
        if (mode.hasX1Scale) ok = ok && ts1.Init(ACL_FLOAT, {ln1}, {1}, F32Bytes(fs1));
        for (auto f : fs2) r2.push_back(f);
        for (auto f : fs1) r1.push_back(f);
    } else {
        int64_t ln2 = mode.x2ScaleN ? N : 1;
        for (int64_t i = 0; i < ln2; i++) {
            float f = (float)(0.001 + 0.01 * rng.uniform());
            q2.push_back(FloatBits(f) | (1ull << 46));
            r2.push_back(BitsFloat(RefFp19(f, true)));
        }
        ok = ok && ts2.Init(ACL_UINT64, {ln2}, {1}, U64Bytes(q2));
    }
    std::vector<float> bias;
    std::vector<int64_t> bs;
    int64_t bnb = 1;
    if (biasKind == 1) bs = {N};
    if (biasKind == 2) bs = {1, N};
    if (biasKind == 3) { bs = {ob[0], 1, N}; bnb = ob[0]; }
    if (biasKind) {
        bias.resize((size_t)(bnb * N));
        for (auto &v : bias) v = (float)(rng.value() * 0.5);
        ok = ok && tb.Init(ACL_FLOAT, bs, RowMajor(bs), F32Bytes(bias));
    }
    size_t oes = od == ACL_FLOAT ? 4 : 2;
    ok = ok && to.Init(od, so, RowMajor(so), std::vector<unsigned char>((size_t)(no * M * N) * oes, 0xEE));
    if (!ok) { EXPECT(false, "%s: tensors", what); return; }
    int64_t groupSize = mode.kind == Mode::MX ? 4295032864LL : 0;
    int r = Run("aclnnQuantMatmulV5", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnQuantMatmulV5GetWorkspaceSize(tx1.t, tx2.t, ts1.t, ts2.t, nullptr, nullptr, nullptr,
                                                              nullptr, biasKind ? tb.t : nullptr, t1, t2, groupSize,
                                                              to.t, ws, e);
                },
                aclnnQuantMatmulV5);
    EXPECT(r == 0, "%s: run %d (%s)", what, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    double worst = 0;
    for (int64_t o = 0; o < no; o++) {
        // batch index of x1 / x2 for output batch o (broadcast, aligned right)
        int64_t rem = o, i1 = 0, i2 = 0, m1 = 1, m2 = 1;
        for (int i = (int)nbo - 1; i >= 0; i--) {
            int64_t idx = rem % ob[(size_t)i];
            rem /= ob[(size_t)i];
            int j1 = i - (int)(nbo - b1.size()), j2 = i - (int)(nbo - b2.size());
            if (j1 >= 0) { if (b1[(size_t)j1] > 1) i1 += idx * m1; m1 *= b1[(size_t)j1]; }
            if (j2 >= 0) { if (b2[(size_t)j2] > 1) i2 += idx * m2; m2 *= b2[(size_t)j2]; }
        }
        int64_t bb = biasKind == 3 && bnb > 1 ? o / (no / bnb) : 0;
        for (int64_t m = 0; m < M; m++)
            for (int64_t n = 0; n < N; n++) {
                double acc = 0, mag = 0;
                for (int64_t k = 0; k < K; k++) {
                    double p = x1v(i1, m, k) * x2v(i2, k, n);
                    if (mode.kind == Mode::MX) {
                        int64_t blk = k / 64, half = (k / 32) & 1;
                        size_t a1 = t1 ? (size_t)(((i1 * kb + blk) * M + m) * 2 + half) : (size_t)(((i1 * M + m) * kb + blk) * 2 + half);
                        size_t a2 = t2 ? (size_t)(((i2 * N + n) * kb + blk) * 2 + half) : (size_t)(((i2 * kb + blk) * N + n) * 2 + half);
                        p *= E8m0Value(e1[a1]) * E8m0Value(e2[a2]);
                    }
                    acc += p;
                    mag += std::fabs(p);
                }
                double bv = biasKind ? bias[(size_t)(bb * N + n)] : 0.0, ref, sc = 1;
                if (mode.kind == Mode::MX) {
                    ref = acc + bv;
                } else if (mode.kind == Mode::STATIC) {
                    sc = r2[r2.size() == 1 ? 0 : (size_t)n];
                    ref = (acc + bv) * sc;
                    mag += std::fabs(bv);
                } else {
                    sc = r2[r2.size() == 1 ? 0 : (size_t)n] * (mode.hasX1Scale ? r1[r1.size() == 1 ? 0 : (size_t)m] : 1.0);
                    ref = acc * sc + bv;
                }
                double got = ReadOut(od, g, (size_t)((o * M + m) * N + n));
                double lim = 4e-7 * (mag * std::fabs(sc) * (1 + K / 64.0) + std::fabs(bv)) + OutUlp(od) * std::fabs(ref) + 1e-30;
                double err = std::fabs(got - ref);
                if (!(err <= lim)) bad++;
                worst = std::max(worst, err);
            }
    }
    EXPECT(bad == 0, "%s: %zu of %lld wrong (worst abs err %g)", what, bad, (long long)(no * M * N), worst);
}

// K-G [int4/4] on the 950: out (BF16) = x1Scale[m] * sum_g x2Scale[g][n] * (sum_k x1 x2 - sum_k x1 *
// x2Offset[g][n]) over groups of 256 K values, x2 (n, k) transposed, x2Offset FLOAT16.
static void CaseKgInt4(int64_t M, int64_t K, int64_t N, uint64_t seed, bool badGroup)
{
    Lcg rng(seed);
    const int64_t G = K / 256;
    std::vector<int> v1((size_t)(M * K)), v2((size_t)(N * K));
    for (auto &v : v1) v = (int)(rng.uniform() * 16) - 8;
    for (auto &v : v2) v = (int)(rng.uniform() * 16) - 8;
    auto pack = [](const std::vector<int> &v) {
        std::vector<unsigned char> b((v.size() + 1) / 2, 0);
        for (size_t i = 0; i < v.size(); i++) b[i / 2] |= (unsigned char)((v[i] & 0xf) << ((i & 1) * 4));
        return b;
    };
    std::vector<float> s1((size_t)M), s2((size_t)(G * N));
    std::vector<double> off((size_t)(G * N));
    std::vector<unsigned char> offb((size_t)(G * N) * 2);
    for (auto &v : s1) v = (float)(0.5 + rng.uniform());
    for (auto &v : s2) v = (float)(0.01 + 0.02 * rng.uniform());
    for (size_t i = 0; i < off.size(); i++) {
        off[i] = Quant(ACL_FLOAT16, rng.value() * 0.5);
        Encode(ACL_FLOAT16, off[i], &offb[i * 2]);
    }
    RawTensor t1, t2, ts1, ts2, to, tout;
    // INT4 storage shapes count elements (two per byte)
    bool ok = t1.Init(ACL_INT4, {M, K}, {K, 1}, pack(v1), ACL_FORMAT_ND, {M * K}) &&
              t2.Init(ACL_INT4, {N, K}, {K, 1}, pack(v2), ACL_FORMAT_ND, {N * K}) &&
              ts1.Init(ACL_FLOAT, {M, 1}, {1, 1}, F32Bytes(s1)) && ts2.Init(ACL_FLOAT, {G, N}, {N, 1}, F32Bytes(s2)) &&
              to.Init(ACL_FLOAT16, {G, N}, {N, 1}, offb) &&
              tout.Init(ACL_BF16, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N) * 2, 0xEE));
    if (!ok) { EXPECT(false, "K-G tensors"); return; }
    uint64_t ws;
    aclOpExecutor *ex;
    if (badGroup) {
        ExpectCode("K-G groupSize 128", aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, ts1.t, ts2.t, nullptr, nullptr, to.t, nullptr, nullptr, false, true, 128, tout.t, &ws, &ex), 161002, "groupSizeK");
        ExpectCode("K-G not transposed", aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, ts1.t, ts2.t, nullptr, nullptr, to.t, nullptr, nullptr, false, false, 256, tout.t, &ws, &ex), 161002, "transposeX2");
        ExpectCode("K-G x2Offset FLOAT", aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, ts1.t, ts2.t, nullptr, nullptr, ts2.t, nullptr, nullptr, false, true, 256, tout.t, &ws, &ex), 161002, "x2Offset");
        return;
    }
    int r = Run("aclnnQuantMatmulV5", g_stream,
                [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, ts1.t, ts2.t, nullptr, nullptr, to.t,
                                                              nullptr, nullptr, false, true, 256, tout.t, w, e);
                },
                aclnnQuantMatmulV5);
    EXPECT(r == 0, "K-G int4 run: %d (%s)", r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = tout.Read();
    size_t bad = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double ref = 0, mag = 0;
            for (int64_t gi = 0; gi < G; gi++) {
                double s = 0, t = 0;
                for (int64_t k = gi * 256; k < (gi + 1) * 256; k++) {
                    s += v1[(size_t)(m * K + k)] * v2[(size_t)(n * K + k)];
                    t += v1[(size_t)(m * K + k)];
                }
                double term = s2[(size_t)(gi * N + n)] * (s - t * off[(size_t)(gi * N + n)]);
                ref += term;
                mag += std::fabs(term);
            }
            ref *= s1[(size_t)m];
            double got = ReadOut(ACL_BF16, g, (size_t)(m * N + n));
            bad += !(std::fabs(got - ref) <= OutUlp(ACL_BF16) * std::fabs(ref) + 1e-6 * mag * s1[(size_t)m] + 1e-30);
        }
    EXPECT(bad == 0, "K-G int4 M=%lld K=%lld N=%lld: %zu wrong", (long long)M, (long long)K, (long long)N, bad);
}


static std::vector<unsigned char> PackNibbles(const std::vector<unsigned> &c)
{
    std::vector<unsigned char> b((c.size() + 1) / 2, 0);
    for (size_t i = 0; i < c.size(); i++) b[i / 2] |= (unsigned char)((c[i] & 0xf) << ((i & 1) * 4));
    return b;
}

// T-CG: out = (x1 @ (x2 * x2Scale)) * FP19(yScale[n]) with x1 E4M3 (m, k), x2 FP4 (n, k), x2Scale
// (n, k / 32) of out's dtype, yScale UINT64 (1, n).
static void CaseTcg(int64_t M, int64_t K, int64_t N, aclDataType od, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<unsigned char> c1((size_t)(M * K));
    for (auto &c : c1) c = (unsigned char)RandFp8(rng, ACL_FLOAT8_E4M3FN, 8.0);
    std::vector<unsigned> c2((size_t)(N * K));
    for (auto &c : c2) c = (unsigned)(rng.uniform() * 16) & 0xf;
    std::vector<double> sv((size_t)(N * (K / 32)));
    std::vector<unsigned char> sb(sv.size() * 2);
    for (size_t i = 0; i < sv.size(); i++) {
        sv[i] = Quant(od, 0.05 + 0.2 * rng.uniform());
        Encode(od, sv[i], &sb[i * 2]);
    }
    std::vector<uint64_t> q((size_t)N);
    std::vector<double> ys((size_t)N);
    for (int64_t n = 0; n < N; n++) {
        float f = (float)(0.5 + rng.uniform());
        q[(size_t)n] = FloatBits(f) | (1ull << 46);
        ys[(size_t)n] = BitsFloat(RefFp19(f, true));
    }
    RawTensor t1, t2, ts, ty, to;
    bool ok = t1.Init(ACL_FLOAT8_E4M3FN, {M, K}, {K, 1}, c1) &&
              t2.Init(ACL_FLOAT4_E2M1, {N, K}, {K, 1}, PackNibbles(c2), ACL_FORMAT_ND, {N * K}) &&
              ts.Init(od, {N, K / 32}, {K / 32, 1}, sb) && ty.Init(ACL_UINT64, {1, N}, {N, 1}, U64Bytes(q)) &&
              to.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N) * 2, 0xEE));
    if (!ok) { EXPECT(false, "T-CG tensors"); return; }
    int r = Run("aclnnQuantMatmulV5", g_stream,
                [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, nullptr, ts.t, ty.t, nullptr, nullptr,
                                                              nullptr, nullptr, false, true, 32, to.t, w, e);
                },
                aclnnQuantMatmulV5);
    EXPECT(r == 0, "T-CG run: %d (%s)", r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0, mag = 0;
            for (int64_t k = 0; k < K; k++) {
                double p = Fp8Value(ACL_FLOAT8_E4M3FN, c1[(size_t)(m * K + k)]) * Fp4Value(c2[(size_t)(n * K + k)]) *
                           sv[(size_t)(n * (K / 32) + k / 32)];
                acc += p;
                mag += std::fabs(p);
            }
            double ref = acc * ys[(size_t)n], got = ReadOut(od, g, (size_t)(m * N + n));
            bad += !(std::fabs(got - ref) <= OutUlp(od) * std::fabs(ref) + 4e-7 * mag * ys[(size_t)n] * (1 + K / 64.0) + 1e-30);
        }
    EXPECT(bad == 0, "T-CG M=%lld K=%lld N=%lld %s: %zu wrong", (long long)M, (long long)K, (long long)N, DtName(od), bad);
}

// MX with FLOAT4_E2M1 x1 (m, k) and x2 (k, n), E8M0 scales (m, kb, 2) and (kb, n, 2).
static void CaseMxFp4(int64_t M, int64_t K, int64_t N, aclDataType od, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t kb = (K + 63) / 64;
    std::vector<unsigned> c1((size_t)(M * K)), c2((size_t)(K * N));
    for (auto &c : c1) c = (unsigned)(rng.uniform() * 16) & 0xf;
    for (auto &c : c2) c = (unsigned)(rng.uniform() * 16) & 0xf;
    std::vector<unsigned char> e1((size_t)(M * kb * 2)), e2((size_t)(kb * N * 2));
    for (auto &c : e1) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
    for (auto &c : e2) c = (unsigned char)(122 + (int)(rng.uniform() * 10));
    RawTensor t1, t2, s1, s2, to;
    size_t oes = od == ACL_FLOAT ? 4 : 2;
    bool ok = t1.Init(ACL_FLOAT4_E2M1, {M, K}, {K, 1}, PackNibbles(c1), ACL_FORMAT_ND, {M * K}) &&
              t2.Init(ACL_FLOAT4_E2M1, {K, N}, {N, 1}, PackNibbles(c2), ACL_FORMAT_ND, {K * N}) &&
              s1.Init(ACL_FLOAT8_E8M0, {M, kb, 2}, {kb * 2, 2, 1}, e1) && s2.Init(ACL_FLOAT8_E8M0, {kb, N, 2}, {N * 2, 2, 1}, e2) &&
              to.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N) * oes, 0xEE));
    if (!ok) { EXPECT(false, "MX FP4 tensors"); return; }
    int r = Run("aclnnQuantMatmulV5", g_stream,
                [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, s1.t, s2.t, nullptr, nullptr, nullptr,
                                                              nullptr, nullptr, false, false, 4295032864LL, to.t, w, e);
                },
                aclnnQuantMatmulV5);
    EXPECT(r == 0, "MX FP4 run: %d (%s)", r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0, mag = 0;
            for (int64_t k = 0; k < K; k++) {
                int64_t blk = k / 64, half = (k / 32) & 1;
                double p = Fp4Value(c1[(size_t)(m * K + k)]) * Fp4Value(c2[(size_t)(k * N + n)]) *
                           E8m0Value(e1[(size_t)((m * kb + blk) * 2 + half)]) * E8m0Value(e2[(size_t)((blk * N + n) * 2 + half)]);
                acc += p;
                mag += std::fabs(p);
            }
            double got = ReadOut(od, g, (size_t)(m * N + n));
            bad += !(std::fabs(got - acc) <= OutUlp(od) * std::fabs(acc) + 4e-7 * mag * (1 + K / 64.0) + 1e-30);
        }
    EXPECT(bad == 0, "MX FP4 M=%lld K=%lld N=%lld: %zu wrong", (long long)M, (long long)K, (long long)N, bad);
}

static void Validation()
{
    std::vector<unsigned char> z(64 * 64, 0x38);
    RawTensor x, xh, x4, s, sn, s2, sq, out, outi8, bh, e1, e2;
    bool ok = x.Init(ACL_FLOAT8_E4M3FN, {4, 16}, {16, 1}, z) && xh.Init(ACL_HIFLOAT8, {16, 8}, {8, 1}, z) &&
              x4.Init(ACL_FLOAT4_E2M1, {16, 8}, {8, 1}, z) && s.Init(ACL_FLOAT, {1}, {1}, F32Bytes({1.0f})) &&
              sn.Init(ACL_FLOAT, {9}, {1}, F32Bytes(std::vector<float>(9, 1.0f))) &&
              s2.Init(ACL_FLOAT, {1}, {1}, F32Bytes({1.0f})) && sq.Init(ACL_UINT64, {1}, {1}, U64Bytes({1ull << 46})) &&
              out.Init(ACL_FLOAT16, {4, 8}, {8, 1}, std::vector<unsigned char>(64)) &&
              outi8.Init(ACL_INT8, {4, 8}, {8, 1}, std::vector<unsigned char>(32)) &&
              bh.Init(ACL_FLOAT16, {8}, {1}, std::vector<unsigned char>(16)) &&
              e1.Init(ACL_FLOAT8_E8M0, {4, 1, 2}, {2, 2, 1}, std::vector<unsigned char>(8, 127)) &&
              e2.Init(ACL_FLOAT8_E8M0, {1, 9, 2}, {18, 2, 1}, std::vector<unsigned char>(18, 127));
    RawTensor x2;
    ok = ok && x2.Init(ACL_FLOAT8_E4M3FN, {16, 8}, {8, 1}, z);
    if (!ok) { EXPECT(false, "validation tensors"); return; }
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectCode("fp8 x hif8", aclnnQuantMatmulV5GetWorkspaceSize(x.t, xh.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "does not go with");
    ExpectCode("T-CG with x1Scale", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x4.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "T-CG scenario");
    ExpectCode("fp4 x fp8", aclnnQuantMatmulV5GetWorkspaceSize(x4.t, x.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "does not go with");
    ExpectCode("static with x1Scale", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, sq.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "x1Scale must be nullptr");
    ExpectCode("groupSize", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 32, out.t, &ws, &ex), 161002, "groupSize 32");
    ExpectCode("bias fp16", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, bh.t, false, false, 0, out.t, &ws, &ex), 161002, "bias dtype");
    ExpectCode("out int8", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, outi8.t, &ws, &ex), 161002, "out dtype");
    ExpectCode("x2Scale (9,)", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, sn.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "x2Scale shape");
    ExpectCode("x2Offset", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, s2.t, nullptr, nullptr, s.t, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "x2Offset");
    ExpectCode("k mismatch", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, true, 0, out.t, &ws, &ex), 161002, "k of x1");
    ExpectCode("MX x2Scale shape", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, e1.t, e2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 4295032864LL, out.t, &ws, &ex), 161002, "x2Scale shape");
    ExpectCode("MX with FLOAT x1Scale", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, e2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "FLOAT8_E8M0");
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    hif8_ref_init();
    (void)hif8_ref_encode; // the shared reference header also encodes
    if (g_chip != "950") {
        std::vector<unsigned char> z(64, 0x38);
        RawTensor x, s, out;
        if (!x.Init(ACL_FLOAT8_E4M3FN, {4, 16}, {16, 1}, z) || !s.Init(ACL_FLOAT, {1}, {1}, F32Bytes({1.0f})) ||
            !out.Init(ACL_FLOAT16, {4, 4}, {4, 1}, std::vector<unsigned char>(32)))
            return 1;
        RawTensor x2;
        if (!x2.Init(ACL_FLOAT8_E4M3FN, {16, 4}, {4, 1}, z)) return 1;
        uint64_t ws;
        aclOpExecutor *ex;
        ExpectCode("FLOAT8 off the 950", aclnnQuantMatmulV5GetWorkspaceSize(x.t, x2.t, s.t, s.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, out.t, &ws, &ex), 161002, "DT_FLOAT8_E4M3FN");
    } else {
        Case("E4M3 K-C bf16 bias(n)", ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, {}, {}, 7, 40, 9, false, false, {Mode::DYN, true, true, true}, 1, ACL_BF16, 1);
        Case("E5M2 x E4M3 T-T fp32 t2 broadcast batch", ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, {2}, {}, 5, 33, 6, false, true, {Mode::DYN, false, true, false}, 0, ACL_FLOAT, 2);
        Case("E4M3 T-C no x1Scale fp16 t1 bias(1,n)", ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, {}, {}, 6, 70, 5, true, false, {Mode::DYN, false, false, true}, 2, ACL_FLOAT16, 3);
        Case("E4M3 batched 3 bias(b,1,n) fp32", ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, {3}, {3}, 4, 24, 7, false, false, {Mode::DYN, true, true, true}, 3, ACL_FLOAT, 4);
        Case("E4M3 batch (2,1) x (3) broadcast", ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, {2, 1}, {3}, 3, 16, 4, false, false, {Mode::DYN, false, true, true}, 1, ACL_BF16, 5);
        Case("HiF8 static (n) bias(n) fp16", ACL_HIFLOAT8, ACL_HIFLOAT8, {}, {}, 8, 48, 10, false, false, {Mode::STATIC, false, false, true}, 1, ACL_FLOAT16, 6);
        Case("HiF8 static (1) t2 bf16", ACL_HIFLOAT8, ACL_HIFLOAT8, {}, {}, 5, 20, 12, false, true, {Mode::STATIC, false, false, false}, 0, ACL_BF16, 7);
        Case("HiF8 dynamic K-C fp32", ACL_HIFLOAT8, ACL_HIFLOAT8, {}, {}, 6, 31, 5, false, false, {Mode::DYN, true, true, true}, 1, ACL_FLOAT, 8);
        Case("MX E4M3 k 96 bias fp16", ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, {}, {}, 6, 96, 8, false, false, {Mode::MX, false, true, false}, 1, ACL_FLOAT16, 9);
        Case("MX E5M2 t1 t2 batched bf16", ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, {2}, {2}, 5, 128, 7, true, true, {Mode::MX, false, true, false}, 0, ACL_BF16, 10);
        CaseTcg(5, 64, 8, ACL_BF16, 21);
        CaseTcg(7, 96, 10, ACL_FLOAT16, 22);
        CaseMxFp4(6, 96, 8, ACL_FLOAT, 23);
        CaseMxFp4(4, 128, 6, ACL_BF16, 24);
        CaseKgInt4(3, 1024, 256, 11, false);
        CaseKgInt4(2, 2048, 512, 12, false);
        CaseKgInt4(2, 1024, 256, 13, true);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
