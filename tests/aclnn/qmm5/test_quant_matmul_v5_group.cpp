// aclnnQuantMatmulV5's K-grouped routes on A2 / A3 (ops-nn matmul/quant_batch_matmul_v4):
//  - A8W4 [int8/4] K-G (groupSize 256, x2Scale (k / 256, n)) and K-C (groupSize 0, x2Scale (n)):
//    x1 INT8, x2 INT32 (eight INT4) or INT4, UINT64 x2Scale, yOffset, x1Scale, FLOAT16 / BF16 out;
//  - G-B per-block: INT8 x INT8^T, FLOAT x1Scale (m, k / 128), x2Scale (n / 128, k / 128),
//    FLOAT bias, BF16 / FLOAT16 out, groupSize packed as [1, 128, 128] (and zeros inferred).
// References written here: the integer group sums, the MSD split x = 16 * floor(x / 16) + lo + 8
// with its FP16 fixpipe writes and FP16 atomic adds, the FP19-cut parameter scale, and FP32 steps
// (checked bit-exact); plus the documented formula in double (with yOffset = 8 * sum x2 * scale)
// within the FP16 rounding bound. Validation: codes and messages; 950 refuses these routes.
#include "../quant_matmul/qmm_test_util.h"
#include "aclnnop/aclnn_quant_matmul_v5.h"

static aclrtStream g_stream;
static std::string g_chip;

static float F16(float v) { return (float)Quant(ACL_FLOAT16, v); }

static void ExpectErr(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle)
        EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

struct A8W4 {
    int64_t M, K, N, G;
    std::vector<int8_t> x1;
    std::vector<int> w; // (k, n) INT4 values
    std::vector<uint64_t> s2;
    std::vector<float> yoff, s1;
    RawTensor tx1, tx2, ts1, ts2, tyo, tout;
};

static bool MakeA8W4(A8W4 &c, int64_t M, int64_t K, int64_t N, bool grouped, bool int4dtype, aclDataType od,
                     uint64_t seed)
{
    Lcg rng(seed);
    c.M = M, c.K = K, c.N = N, c.G = grouped ? K / 256 : 1;
    c.x1.resize((size_t)(M * K));
    c.w.resize((size_t)(K * N));
    for (auto &v : c.x1) v = (int8_t)((int)(rng.uniform() * 256) - 128);
    for (auto &v : c.w) v = (int)(rng.uniform() * 16) - 8;
    c.s2.resize((size_t)(c.G * N));
    std::vector<float> sf(c.s2.size());
    for (size_t i = 0; i < c.s2.size(); i++) {
        sf[i] = (float)std::ldexp(0.5 + rng.uniform(), -14 + (int)(rng.uniform() * 4));
        c.s2[i] = FloatBits(sf[i]) | (rng.uniform() < 0.5 ? (1ull << 46) : 0); // high bits ignored by the scale
    }
    // yOffset = 8 * sum_k x2 * x2Scale (the docs' offline value), in FP32
    c.yoff.assign((size_t)N, 0.0f);
    for (int64_t n = 0; n < N; n++) {
        double s = 0;
        for (int64_t k = 0; k < K; k++)
            s += 8.0 * c.w[(size_t)(k * N + n)] * BitsFloat(RefFp19(sf[(size_t)((k / (K / c.G)) * N + n)], true));
        c.yoff[(size_t)n] = (float)s;
    }
    c.s1.resize((size_t)M);
    for (auto &v : c.s1) v = (float)(0.25 + rng.uniform());
    std::vector<unsigned char> b1(c.x1.size());
    std::memcpy(b1.data(), c.x1.data(), b1.size());
    std::vector<unsigned char> b2((size_t)(K * N / 2));
    for (int64_t e = 0; e < K * N; e++)
        b2[(size_t)(e / 2)] |= (unsigned char)((c.w[(size_t)e] & 0xf) << ((e & 1) * 4));
    std::vector<unsigned char> bs1(c.s1.size() * 4), bo(c.yoff.size() * 4);
    std::memcpy(bs1.data(), c.s1.data(), bs1.size());
    std::memcpy(bo.data(), c.yoff.data(), bo.size());
    std::vector<int64_t> s2shape = grouped ? std::vector<int64_t>{c.G, N} : std::vector<int64_t>{N};
    bool ok = c.tx1.Init(ACL_INT8, {M, K}, {K, 1}, b1) &&
              (int4dtype ? c.tx2.Init(ACL_INT4, {K, N}, {N, 1}, b2, ACL_FORMAT_ND, {K * N}) : c.tx2.Init(ACL_INT32, {K, N / 8}, {N / 8, 1}, b2)) &&
              c.ts1.Init(ACL_FLOAT, {M, 1}, {1, 1}, bs1) && c.ts2.Init(ACL_UINT64, s2shape, RowMajor(s2shape), U64Bytes(c.s2)) &&
              c.tyo.Init(ACL_FLOAT, {N}, {1}, bo) &&
              c.tout.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N * 2), 0xEE));
    return ok;
}

static void CaseA8W4(int64_t M, int64_t K, int64_t N, bool grouped, bool int4dtype, aclDataType od, uint64_t seed)
{
    A8W4 c;
    if (!MakeA8W4(c, M, K, N, grouped, int4dtype, od, seed)) { EXPECT(false, "tensors"); return; }
    int64_t gs = grouped ? 256 : 0;
    int r = Run("aclnnQuantMatmulV5", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnQuantMatmulV5GetWorkspaceSize(c.tx1.t, c.tx2.t, c.ts1.t, c.ts2.t, nullptr, nullptr,
                                                              nullptr, c.tyo.t, nullptr, false, false, gs, c.tout.t,
                                                              ws, e);
                },
                aclnnQuantMatmulV5);
    EXPECT(r == 0, "A8W4 run M=%lld K=%lld N=%lld: %d (%s)", (long long)M, (long long)K, (long long)N, r,
           aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> gb = c.tout.Read();
    size_t bad = 0, badf = 0;
    const int64_t gk = K / c.G;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            float whi = 0, wlo = 0;
            double exact = 0, mag = 0;
            for (int64_t g = 0; g < c.G; g++) {
                long long hi = 0, lo = 0, full = 0;
                for (int64_t k = g * gk; k < (g + 1) * gk; k++) {
                    int x = c.x1[(size_t)(m * K + k)], w = c.w[(size_t)(k * N + n)];
                    int h = x >= 0 ? x / 16 : -((-x + 15) / 16); // floor(x / 16)
                    int l = x - 16 * h - 8;
                    hi += (long long)h * w, lo += (long long)l * w, full += (long long)x * w;
                    mag += std::fabs((double)x * w);
                }
                float s = BitsFloat(RefFp19(BitsFloat((uint32_t)c.s2[(size_t)(g * N + n)]), true));
                float ph = F16((float)hi * s), pl = F16((float)lo * s);
                whi = g ? F16(whi + ph) : ph;
                wlo = g ? F16(wlo + pl) : pl;
                exact += (double)full * s;
            }
            float v = wlo + whi * 16.0f;
            v = v + c.yoff[(size_t)n];
            v = v * c.s1[(size_t)m];
            double ref = Quant(od, v);
            double got = Decode(od, &gb[(size_t)((m * N + n) * 2)]);
            bad += !(got == ref);
            // the documented formula: x1 @ (x2 * x2Scale) * x1Scale (yOffset cancels the split's +8)
            double lim = (mag * 4e-3 / 16 * c.G + 2.0 * std::fabs(exact) / 256) * c.s1[(size_t)m] + 1e-3;
            badf += !(std::fabs(got - exact * c.s1[(size_t)m]) <= lim);
        }
    EXPECT(bad == 0, "A8W4 M=%lld K=%lld N=%lld grouped=%d: %zu elements differ from the kernel rule", (long long)M,
           (long long)K, (long long)N, grouped, bad);
    EXPECT(badf == 0, "A8W4 M=%lld K=%lld N=%lld: %zu elements far from the documented formula", (long long)M,
           (long long)K, (long long)N, badf);
}

static void CasePerblock(int64_t M, int64_t K, int64_t N, bool withBias, aclDataType od, int64_t gs, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t kb = K / 128, nb = (N + 127) / 128;
    std::vector<int8_t> x1((size_t)(M * K)), x2((size_t)(N * K));
    for (auto &v : x1) v = (int8_t)((int)(rng.uniform() * 256) - 128);
    for (auto &v : x2) v = (int8_t)((int)(rng.uniform() * 256) - 128);
    std::vector<float> s1((size_t)(M * kb)), s2((size_t)(nb * kb)), bias((size_t)N);
    for (auto &v : s1) v = (float)std::ldexp(0.5 + rng.uniform(), -7);
    for (auto &v : s2) v = (float)std::ldexp(0.5 + rng.uniform(), -7);
    for (auto &v : bias) v = (float)rng.value();
    auto bytes = [](const void *p, size_t n) {
        std::vector<unsigned char> b(n);
        std::memcpy(b.data(), p, n);
        return b;
    };
    RawTensor t1, t2, ts1, ts2, tb, to;
    bool ok = t1.Init(ACL_INT8, {M, K}, {K, 1}, bytes(x1.data(), x1.size())) &&
              t2.Init(ACL_INT8, {N, K}, {K, 1}, bytes(x2.data(), x2.size())) &&
              ts1.Init(ACL_FLOAT, {M, kb}, {kb, 1}, bytes(s1.data(), s1.size() * 4)) &&
              ts2.Init(ACL_FLOAT, {nb, kb}, {kb, 1}, bytes(s2.data(), s2.size() * 4)) &&
              tb.Init(ACL_FLOAT, {N}, {1}, bytes(bias.data(), bias.size() * 4)) &&
              to.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N * 2), 0xEE));
    if (!ok) { EXPECT(false, "tensors"); return; }
    int r = Run("aclnnQuantMatmulV5", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnQuantMatmulV5GetWorkspaceSize(t1.t, t2.t, ts1.t, ts2.t, nullptr, nullptr, nullptr,
                                                              nullptr, withBias ? tb.t : nullptr, false, true, gs,
                                                              to.t, ws, e);
                },
                aclnnQuantMatmulV5);
    EXPECT(r == 0, "G-B run M=%lld K=%lld N=%lld: %d (%s)", (long long)M, (long long)K, (long long)N, r,
           aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> gb = to.Read();
    size_t bad = 0, badd = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            float acc = 0;
            double exact = 0, mag = 0;
            for (int64_t b = 0; b < kb; b++) {
                long long s = 0;
                for (int64_t k = b * 128; k < (b + 1) * 128; k++) s += (long long)x1[(size_t)(m * K + k)] * x2[(size_t)(n * K + k)];
                float sc = s1[(size_t)(m * kb + b)] * s2[(size_t)((n / 128) * kb + b)];
                acc = (float)s * sc + acc;
                exact += (double)s * s1[(size_t)(m * kb + b)] * s2[(size_t)((n / 128) * kb + b)];
                mag += std::fabs((double)s * sc);
            }
            if (withBias) acc = bias[(size_t)n] + acc, exact += bias[(size_t)n], mag += std::fabs(bias[(size_t)n]);
            double got = Decode(od, &gb[(size_t)((m * N + n) * 2)]);
            bad += !(got == Quant(od, acc));
            badd += !(std::fabs(got - exact) <= mag * 1e-5 + std::fabs(exact) / (od == ACL_BF16 ? 128 : 1024));
        }
    EXPECT(bad == 0 && badd == 0, "G-B M=%lld K=%lld N=%lld: %zu differ from the kernel rule, %zu from double",
           (long long)M, (long long)K, (long long)N, bad, badd);
}

static void Validation(bool supported)
{
    A8W4 c;
    if (!MakeA8W4(c, 2, 512, 16, true, false, ACL_FLOAT16, 99)) { EXPECT(false, "tensors"); return; }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto v5 = [&](const aclTensor *s1, const aclTensor *yo, bool t2, int64_t gs) {
        ex = nullptr;
        int r = aclnnQuantMatmulV5GetWorkspaceSize(c.tx1.t, c.tx2.t, s1, c.ts2.t, nullptr, nullptr, nullptr, yo, nullptr,
                                                   false, t2, gs, c.tout.t, &ws, &ex);
        if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
        return r;
    };
    if (!supported) {
        ExpectErr("950 A8W4", v5(c.ts1.t, c.tyo.t, false, 256), 161002, "not implemented");
        return;
    }
    ExpectErr("null x1Scale", v5(nullptr, c.tyo.t, false, 256), 161001, "x1Scale");
    ExpectErr("null yOffset", v5(c.ts1.t, nullptr, false, 256), 161001, "yOffset");
    ExpectErr("groupSize 128", v5(c.ts1.t, c.tyo.t, false, 128), 161002, "groupSize equal to 256");
    ExpectErr("transposeX2", v5(c.ts1.t, c.tyo.t, true, 256), 161002, "transposeX1 and transposeX2");
    // G-B: a packed groupSize of [1, 64, 128] is refused
    std::vector<unsigned char> z8((size_t)(256 * 512), 1), zs((size_t)(2 * 4 * 4), 0), zo((size_t)(2 * 256 * 2), 0);
    RawTensor a, b, s1, s2, o;
    bool ok = a.Init(ACL_INT8, {2, 512}, {512, 1}, std::vector<unsigned char>(1024, 1)) &&
              b.Init(ACL_INT8, {256, 512}, {512, 1}, z8) && s1.Init(ACL_FLOAT, {2, 4}, {4, 1}, zs) &&
              s2.Init(ACL_FLOAT, {2, 4}, {4, 1}, zs) && o.Init(ACL_BF16, {2, 256}, {256, 1}, zo);
    EXPECT(ok, "tensors");
    ex = nullptr;
    int r = aclnnQuantMatmulV5GetWorkspaceSize(a.t, b.t, s1.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr,
                                               false, true, (1ll << 32) | (64 << 16) | 128, o.t, &ws, &ex);
    ExpectErr("G-B groupSize", r, 161002, "[1, 128, 128]");
    if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
    ex = nullptr;
    r = aclnnQuantMatmulV5GetWorkspaceSize(a.t, b.t, s1.t, s2.t, nullptr, nullptr, nullptr, nullptr, nullptr, false,
                                           false, (1ll << 32) | (128 << 16) | 128, o.t, &ws, &ex);
    ExpectErr("G-B transposeX2 false", r, 161002, "transposeX2 true");
    if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool a23 = g_chip != "950";
    if (a23) {
        CaseA8W4(3, 1024, 48, true, false, ACL_FLOAT16, 1);
        CaseA8W4(5, 512, 272, true, true, ACL_BF16, 2);
        CaseA8W4(2, 320, 24, false, false, ACL_FLOAT16, 3); // K-C: one group of all K
        const int64_t packed = (1ll << 32) | (128ll << 16) | 128;
        CasePerblock(3, 512, 256, true, ACL_BF16, packed, 4);
        CasePerblock(4, 1024, 512, false, ACL_FLOAT16, packed, 5);
        CasePerblock(2, 512, 256, true, ACL_BF16, 0, 6); // [0, 0, 0]: inferred from the scales
    }
    Validation(a23);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
