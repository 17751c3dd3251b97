// aclnnMxToBlockMxQuant (950): FP4 codes x [(B,) M, N] with their row scales mxscale [(B,) M,
// ceil(N / 64), 2] re-quantized to FP8 in 32 x 32 blocks, against a reference written here from the
// documented rule (block scale = max(row scales in the block, MAX_OFFSET) - MAX_OFFSET with MAX_OFFSET
// 6 / 8 / 13 / 15; y = FP8(value(x) * 2^(row scale - block scale)), 0 when that exponent field is not
// positive; scale1 per row, scale2 per column, pads 0): every byte identical. Both FP4 and both FP8
// types, partial blocks, 3-D, row scales below the offset, the official example's shape; the
// validation paths (161001 / 161002 / 561002 with messages) and 361001 off the 950.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_mx_to_block_mx_quant.h"
#include "mx_ref.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002, kRuntime = 361001;

// A device buffer holding the given bytes, seen as dtype dt of `shape`.
struct HostBytes : MxBytes {
    HostBytes(aclDataType dt, const std::vector<int64_t> &shape, const std::vector<unsigned char> &b) : MxBytes(dt, shape)
    {
        if (n) aclrtMemcpy(dev, n, b.data(), n, ACL_MEMCPY_HOST_TO_DEVICE);
    }
};

struct Case {
    aclDataType xd = ACL_FLOAT4_E2M1, yd = ACL_FLOAT8_E4M3FN;
    int64_t B = 0, M = 64, N = 64;
    std::string name;
};

static void RunCase(const Case &k)
{
    int64_t B = k.B ? k.B : 1, M = k.M, N = k.N, nb = (N + 31) / 32, nb2 = (nb + 1) / 2, nbr = (M + 31) / 32,
            nbr2 = (nbr + 1) / 2;
    std::vector<int64_t> shape = {M, N}, ss = {M, nb2, 2}, s2s = {nbr2, N, 2};
    if (k.B) {
        shape.insert(shape.begin(), k.B);
        ss.insert(ss.begin(), k.B);
        s2s.insert(s2s.begin(), k.B);
    }
    Lcg rng(77 + (uint64_t)(M * N));
    std::vector<uint32_t> xc((size_t)(B * M * N));
    for (auto &c : xc) c = (uint32_t)((rng.value() + 1.0) * 8.0) & 0xf;
    std::vector<unsigned char> msb((size_t)(B * M * nb2 * 2), 0);
    for (int64_t i = 0; i < B * M; i++)
        for (int64_t b = 0; b < nb; b++) {
            double r = rng.value();
            unsigned char v = (unsigned char)(120 + (int)(r * 10));
            if (i % 7 == 3) v = (unsigned char)(2 + b);  // below the offset
            if (i % 11 == 5) v = 0;
            msb[(size_t)((i * nb2 + b / 2) * 2 + b % 2)] = v;
        }
    HostBytes x(k.xd, shape, MxPack(xc, k.xd)), ms(ACL_FLOAT8_E8M0, ss, msb);
    MxBytes y(k.yd, shape), s1(ACL_FLOAT8_E8M0, ss), s2(ACL_FLOAT8_E8M0, s2s);
    int rc = Run("MxToBlockMxQuant", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnMxToBlockMxQuantGetWorkspaceSize(x.t, ms.t, (int64_t)k.yd, y.t, s1.t, s2.t, ws, ex); },
        aclnnMxToBlockMxQuant);
    EXPECT(rc == 0, "%s: %d (%s)", k.name.c_str(), rc, aclGetRecentErrMsg());
    if (rc) return;
    bool e1m2 = k.xd == ACL_FLOAT4_E1M2;
    int off = k.yd == ACL_FLOAT8_E4M3FN ? (e1m2 ? 8 : 6) : (e1m2 ? 15 : 13);
    MxTable tx = MxMakeTable(k.xd), ty = MxMakeTable(k.yd);
    std::vector<uint32_t> yc(xc.size(), 0);
    std::vector<unsigned char> r1((size_t)(B * M * nb2 * 2), 0), r2((size_t)(B * nbr2 * N * 2), 0);
    for (int64_t bt = 0; bt < B; bt++)
        for (int64_t rb = 0; rb < nbr; rb++)
            for (int64_t cb = 0; cb < nb; cb++) {
                int mx = 0;
                for (int64_t r = rb * 32; r < rb * 32 + 32 && r < M; r++)
                    mx = std::max(mx, (int)msb[(size_t)(((bt * M + r) * nb2 + cb / 2) * 2 + cb % 2)]);
                int s = std::max(mx, off) - off;
                for (int64_t r = rb * 32; r < rb * 32 + 32 && r < M; r++) {
                    int rs = msb[(size_t)(((bt * M + r) * nb2 + cb / 2) * 2 + cb % 2)];
                    r1[(size_t)(((bt * M + r) * nb2 + cb / 2) * 2 + cb % 2)] = (unsigned char)s;
                    double mul = rs - s + 127 <= 0 ? 0.0 : std::ldexp(1.0, rs - s);
                    for (int64_t c = cb * 32; c < cb * 32 + 32 && c < N; c++) {
                        size_t i = (size_t)((bt * M + r) * N + c);
                        yc[i] = MxEncode(ty, tx.val[xc[i]] * mul, MX_RINT, false);
                    }
                }
                for (int64_t c = cb * 32; c < cb * 32 + 32 && c < N; c++)
                    r2[(size_t)(((bt * nbr2 + rb / 2) * N + c) * 2 + rb % 2)] = (unsigned char)s;
            }
    size_t bad = MxCompare("y", y.Read(), MxPack(yc, k.yd)) + MxCompare("scale1", s1.Read(), r1) +
                 MxCompare("scale2", s2.Read(), r2);
    EXPECT(bad == 0, "%s: %zu bytes differ", k.name.c_str(), bad);
}

static void TestValidation(bool supported)
{
    uint64_t ws;
    aclOpExecutor *ex;
    aclDataType f4 = ACL_FLOAT4_E2M1, e4 = ACL_FLOAT8_E4M3FN, e8 = ACL_FLOAT8_E8M0;
    MxBytes x(f4, {4, 64}), ms(e8, {4, 1, 2}), y(e4, {4, 64}), s1(e8, {4, 1, 2}), s2(e8, {1, 64, 2}),
        xb(ACL_BF16, {4, 64}), msu(ACL_UINT8, {4, 1, 2}), y4(f4, {4, 64}), y5(ACL_FLOAT8_E5M2, {4, 64}),
        x4(f4, {1, 1, 4, 64}), xo(f4, {4, 62}), x0(f4, {0, 64}), msb(e8, {4, 2, 2}), yb(e4, {4, 32}),
        s1r(e8, {4, 2}), s1b(e8, {4, 2, 2}), s2r(e8, {64, 2}), s2b(e8, {2, 64, 2}), ms0(e8, {0, 1, 2});
    auto f = [&](const aclTensor *x_, const aclTensor *m_, int64_t dst, const aclTensor *y_, const aclTensor *s1_,
                 const aclTensor *s2_) {
        return aclnnMxToBlockMxQuantGetWorkspaceSize(x_, m_, dst, y_, s1_, s2_, &ws, &ex);
    };
    ExpectError("null x", f(nullptr, ms.t, 36, y.t, s1.t, s2.t), kNull, "x");
    ExpectError("null mxscale", f(x.t, nullptr, 36, y.t, s1.t, s2.t), kNull, "mxscale");
    ExpectError("null scale2", f(x.t, ms.t, 36, y.t, s1.t, nullptr), kNull, "scale2");
    if (!supported) {
        int rc = f(x.t, ms.t, 36, y.t, s1.t, s2.t);
        EXPECT(rc == kRuntime, "off the 950: %d", rc);
        return;
    }
    ExpectError("x dtype", f(xb.t, ms.t, 36, y.t, s1.t, s2.t), kInvalid, "x");
    ExpectError("mxscale dtype", f(x.t, msu.t, 36, y.t, s1.t, s2.t), kInvalid, "mxscale");
    ExpectError("y dtype", f(x.t, ms.t, 40, y4.t, s1.t, s2.t), kInvalid, "y");
    ExpectError("dstType", f(x.t, ms.t, 40, y.t, s1.t, s2.t), kTiling, "only supports 35");
    ExpectError("dstType vs y", f(x.t, ms.t, 35, y.t, s1.t, s2.t), kTiling, "do not correspond");
    ExpectError("rank 4", f(x4.t, ms.t, 36, y.t, s1.t, s2.t), kTiling, "should be in [2, 3]");
    ExpectError("M 0", f(x0.t, ms0.t, 36, y.t, s1.t, s2.t), kTiling, "must be positive");
    ExpectError("mxscale shape", f(x.t, msb.t, 36, y.t, s1.t, s2.t), kTiling, "Input mxscale shape");
    ExpectError("y shape", f(x.t, ms.t, 36, yb.t, s1.t, s2.t), kTiling, "Output y shape");
    ExpectError("scale1 rank", f(x.t, ms.t, 36, y.t, s1r.t, s2.t), kTiling, "scale1 rank");
    ExpectError("scale1 shape", f(x.t, ms.t, 36, y.t, s1b.t, s2.t), kTiling, "Output scale1 shape");
    ExpectError("scale2 rank", f(x.t, ms.t, 36, y.t, s1.t, s2r.t), kTiling, "scale2 rank");
    ExpectError("scale2 shape", f(x.t, ms.t, 36, y.t, s1.t, s2b.t), kTiling, "Output scale2 shape");
    (void)xo;
    (void)y5;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("950") != std::string::npos;
    LOG_PRINT("mx to block mx quant on %s\n", soc.c_str());
    std::vector<Case> cases;
    auto add = [&](Case k, const char *name) { k.name = name; cases.push_back(k); };
    if (supported) {
        Case k;
        add(k, "e2m1 -> e4m3 64 x 64");
        k.yd = ACL_FLOAT8_E5M2; k.M = 100; k.N = 70; add(k, "e2m1 -> e5m2 partial blocks");
        k.xd = ACL_FLOAT4_E1M2; k.B = 2; add(k, "e1m2 -> e5m2 3-D");
        k.yd = ACL_FLOAT8_E4M3FN; k.B = 0; k.M = 33; k.N = 160; add(k, "e1m2 -> e4m3");
        Case e; e.M = 128; e.N = 256; add(e, "128 x 256");
    }
    for (const Case &k : cases) RunCase(k);
    TestValidation(supported);
    if (g_failures) { LOG_PRINT("test_mx_to_block_mx_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_mx_to_block_mx_quant: ok (%zu cases)\n", cases.size());
    return 0;
}
