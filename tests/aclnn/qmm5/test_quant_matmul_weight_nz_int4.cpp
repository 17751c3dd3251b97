// aclnnQuantMatmulWeightNz with an INT4 x2 in FRACTAL_NZ (A2 / A3, ops-nn matmul/quant_batch_matmul_v3):
// x1 INT4 (m, k) (INT32-packed with an INT32 x2), x2 INT4 or INT32 (eight INT4) in the NZ layout [ceil(C / 64), ceil(R / 16), 16, 64]
// (INT32: [.., .., 16, 8]) of its view (R, C) = (n, k) with transposeX2 or (k, n) without, FLOAT
// scale, FLOAT pertoken, BFLOAT16 / FLOAT bias, BFLOAT16 / FLOAT16 out. Reference written here: the
// exact integer sum in 64 bits, times the scales in double, plus bias, compared within one rounding
// of the output dtype; the NZ bytes are laid out here from the layout's definition (padding filled
// with garbage nibbles the kernel must not read). Validation: a bad NZ storage shape (161002); on
// 950 the INT4 NZ x2 is refused (161002).
#include "../quant_matmul/qmm_test_util.h"
#include "aclnnop/aclnn_quant_matmul_weight_nz.h"

static aclrtStream g_stream;
static std::string g_chip;

static void PutNibble(std::vector<unsigned char> &b, int64_t e, int v)
{
    b[(size_t)(e / 2)] = (unsigned char)((b[(size_t)(e / 2)] & ((e & 1) ? 0x0f : 0xf0)) | ((v & 0xf) << ((e & 1) * 4)));
}

// view (R, C) INT4 values (row-major) -> NZ bytes and storage dims
static std::vector<unsigned char> NzInt4(int64_t R, int64_t C, const std::vector<int> &v, std::vector<int64_t> &st,
                                         bool packed)
{
    int64_t C1 = (C + 63) / 64, R1 = (R + 15) / 16;
    std::vector<unsigned char> b((size_t)(C1 * R1 * 16 * 64 / 2), 0x5a); // padding: garbage
    for (int64_t r = 0; r < R; r++)
        for (int64_t c = 0; c < C; c++) PutNibble(b, ((c / 64) * R1 * 16 + r) * 64 + c % 64, v[(size_t)(r * C + c)]);
    st = packed ? std::vector<int64_t>{C1, R1, 16, 8} : std::vector<int64_t>{C1, R1, 16, 64};
    return b;
}

static void Case(int64_t M, int64_t K, int64_t N, bool t2, bool packed, aclDataType bd, aclDataType od, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int> a((size_t)(M * K)), w((size_t)(K * N)); // w logical (k, n)
    for (auto &x : a) x = (int)(rng.uniform() * 16) - 8;
    for (auto &x : w) x = (int)(rng.uniform() * 16) - 8;
    std::vector<unsigned char> b1((size_t)((M * K + 1) / 2), 0);
    for (int64_t e = 0; e < M * K; e++) PutNibble(b1, e, a[(size_t)e]);
    int64_t R = t2 ? N : K, C = t2 ? K : N;
    std::vector<int> view((size_t)(R * C));
    for (int64_t r = 0; r < R; r++)
        for (int64_t c = 0; c < C; c++) view[(size_t)(r * C + c)] = t2 ? w[(size_t)(c * N + r)] : w[(size_t)(r * N + c)];
    std::vector<int64_t> st;
    std::vector<unsigned char> b2 = NzInt4(R, C, view, st, packed);
    std::vector<float> sc((size_t)N), pt((size_t)M), bias((size_t)N);
    for (auto &x : sc) x = (float)std::ldexp(0.5 + rng.uniform(), -6);
    for (auto &x : pt) x = (float)(0.5 + rng.uniform());
    for (auto &x : bias) x = (float)Quant(bd, rng.value());
    std::vector<unsigned char> bsc(N * 4), bpt(M * 4), bb((size_t)N * (bd == ACL_FLOAT ? 4 : 2));
    std::memcpy(bsc.data(), sc.data(), bsc.size());
    std::memcpy(bpt.data(), pt.data(), bpt.size());
    for (int64_t n = 0; n < N; n++) Encode(bd, bias[(size_t)n], &bb[(size_t)n * ElemSize(bd)]);
    RawTensor t1, tw, ts, tp, tb, to;
    int64_t pk = packed ? 8 : 1;
    int64_t nstore = 1;
    for (auto d : st) nstore *= d;
    bool ok = (packed ? t1.Init(ACL_INT32, {M, K / 8}, {K / 8, 1}, b1, ACL_FORMAT_ND, {M * K / 8})
                     : t1.Init(ACL_INT4, {M, K}, {K, 1}, b1, ACL_FORMAT_ND, {M * K})) &&
              tw.Init(packed ? ACL_INT32 : ACL_INT4, {R, C / pk}, {C / pk, 1}, b2, ACL_FORMAT_FRACTAL_NZ, st) &&
              ts.Init(ACL_FLOAT, {N}, {1}, bsc) && tp.Init(ACL_FLOAT, {M}, {1}, bpt) && tb.Init(bd, {N}, {1}, bb) &&
              to.Init(od, {M, N}, {N, 1}, std::vector<unsigned char>((size_t)(M * N * 2), 0xEE));
    (void)nstore;
    if (!ok) { EXPECT(false, "tensors"); return; }
    int r = Run("aclnnQuantMatmulWeightNz", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnQuantMatmulWeightNzGetWorkspaceSize(t1.t, tw.t, tp.t, ts.t, nullptr, nullptr, nullptr,
                                                                    nullptr, tb.t, false, t2, 0, to.t, ws, e);
                },
                aclnnQuantMatmulWeightNz);
    EXPECT(r == 0, "run M=%lld K=%lld N=%lld t2=%d packed=%d: %d (%s)", (long long)M, (long long)K, (long long)N, t2,
           packed, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> g = to.Read();
    size_t bad = 0;
    double worst = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            long long acc = 0;
            for (int64_t k = 0; k < K; k++) acc += (long long)a[(size_t)(m * K + k)] * w[(size_t)(k * N + n)];
            double ref = (double)acc * sc[(size_t)n] * pt[(size_t)m] + bias[(size_t)n];
            double got = Decode(od, &g[(size_t)((m * N + n) * 2)]);
            double lim = std::fabs(ref) * (od == ACL_BF16 ? 1.0 / 128 : 1.0 / 1024) + 1e-3;
            worst = std::max(worst, std::fabs(got - ref) / lim);
            bad += !(std::fabs(got - ref) <= lim);
        }
    EXPECT(bad == 0, "M=%lld K=%lld N=%lld t2=%d packed=%d: %zu bad (worst %.3g of the limit)", (long long)M,
           (long long)K, (long long)N, t2, packed, bad, worst);
}

static void Validation(bool a23)
{
    std::vector<int64_t> st = {2, 4, 16, 64}; // should be [ceil(128 / 64), ceil(64 / 16), 16, 64] -> ok; bad: 32
    std::vector<int64_t> bad = {2, 4, 16, 32};
    RawTensor x1, w, wbad, s, p, o;
    bool ok = x1.Init(ACL_INT4, {8, 128}, {128, 1}, std::vector<unsigned char>(512, 0), ACL_FORMAT_ND, {8 * 128}) &&
              w.Init(ACL_INT4, {64, 128}, {128, 1}, std::vector<unsigned char>(4096, 0), ACL_FORMAT_FRACTAL_NZ, st) &&
              wbad.Init(ACL_INT4, {64, 128}, {128, 1}, std::vector<unsigned char>(2048, 0), ACL_FORMAT_FRACTAL_NZ, bad) &&
              s.Init(ACL_FLOAT, {64}, {1}, std::vector<unsigned char>(256, 0)) &&
              p.Init(ACL_FLOAT, {8}, {1}, std::vector<unsigned char>(32, 0)) &&
              o.Init(ACL_BF16, {8, 64}, {64, 1}, std::vector<unsigned char>(1024, 0));
    EXPECT(ok, "tensors");
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int r = aclnnQuantMatmulWeightNzGetWorkspaceSize(x1.t, a23 ? wbad.t : w.t, p.t, s.t, nullptr, nullptr, nullptr,
                                                     nullptr, nullptr, false, true, 0, o.t, &ws, &ex);
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(r == 161002, "bad NZ: returned %d (%s)", r, msg.c_str());
    EXPECT(msg.find(a23 ? "FRACTAL_NZ" : "INT8 only") != std::string::npos, "message: %s", msg.c_str());
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
        Case(5, 128, 64, true, false, ACL_BF16, ACL_BF16, 1);
        Case(7, 200, 40, true, false, ACL_FLOAT, ACL_BF16, 2);   // padded k and n
        Case(3, 96, 130, false, false, ACL_BF16, ACL_BF16, 3);   // (k, n) view
        Case(4, 256, 80, true, true, ACL_FLOAT, ACL_FLOAT16, 4); // INT32-packed NZ
    }
    Validation(a23);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
