// aclnnWeightQuantPreprocess (ops-math conversion/weight_quant_preprocess, Ascend950): the MX A8W4
// data flows of its registry. The transposed FLOAT4_E2M1 weight's (N, K) storage in
// FRACTAL_NZ_C0_32 [.., ceil(K/32), ceil(N/16), 16, 32] (checked byte for byte against the layout
// computed here, zero padding in K and N), the scale and bias copied; MM (2-D) and GMM (3-D)
// weights; every check of the registry in its order with codes and messages; off the 950 the
// architecture refusal (361001).
#include <cstring>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_weight_quant_preprocess.h"

static std::string g_chip;
static aclrtStream g_stream;

struct Buf {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    Buf() {}
    Buf(const Buf &) = delete;
    ~Buf()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    bool Init(aclDataType dt, std::vector<int64_t> view, std::vector<int64_t> strides, std::vector<int64_t> storage,
              const std::vector<uint8_t> &host, aclFormat fmt = ACL_FORMAT_ND, int64_t offset = 0)
    {
        bytes = host.size();
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (bytes && aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        t = aclCreateTensor(view.data(), view.size(), dt, strides.empty() ? nullptr : strides.data(), offset, fmt,
                            storage.data(), storage.size(), dev);
        return t != nullptr;
    }
    std::vector<uint8_t> Read() const
    {
        std::vector<uint8_t> h(bytes);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static std::vector<uint8_t> Rnd(size_t n, uint64_t seed)
{
    Lcg r(seed);
    std::vector<uint8_t> v(n);
    for (auto &b : v) b = (uint8_t)(r.uniform() * 256.0);
    return v;
}

static int64_t Cd(int64_t a, int64_t b) { return (a + b - 1) / b; }

// The operands of one call: G groups (0: the 2-D MM flow) of a (K, N) weight over (N, K) storage.
struct Ops {
    int64_t G, K, N, ks;
    bool gmm;
    Buf w, s, ow, os, b, ob;
    std::vector<uint8_t> wh, sh, bh;
    bool Init(int64_t g, int64_t k, int64_t n, int biasKind, uint64_t seed) // biasKind 0 none, 1 (n) / (g, n), 2 (1, n)
    {
        gmm = g > 0;
        G = gmm ? g : 1;
        K = k;
        N = n;
        ks = Cd(K, 64);
        wh = Rnd((size_t)(G * N * K / 2), seed);
        sh = Rnd((size_t)(G * N * ks * 2), seed + 1);
        std::vector<int64_t> wv = {K, N}, wst = {1, K}, wsto = {N, K};
        std::vector<int64_t> sv = {ks, N, 2}, sst = {2, 2 * ks, 1}, ssto = {N, ks, 2};
        std::vector<int64_t> owv = {K, N}, owsto = {Cd(K, 32), Cd(N, 16), 16, 32};
        if (gmm) {
            wv.insert(wv.begin(), G);
            wst.insert(wst.begin(), K * N);
            wsto.insert(wsto.begin(), G);
            sv.insert(sv.begin(), G);
            sst.insert(sst.begin(), 2 * ks * N);
            ssto.insert(ssto.begin(), G);
            owv.insert(owv.begin(), G);
            owsto.insert(owsto.begin(), G);
        }
        size_t owBytes = (size_t)(G * Cd(K, 32) * Cd(N, 16) * 16 * 16);
        bool ok = w.Init(ACL_FLOAT4_E2M1, wv, wst, wsto, wh) && s.Init(ACL_FLOAT8_E8M0, sv, sst, ssto, sh) &&
                  ow.Init(ACL_FLOAT4_E2M1, owv, {}, owsto, std::vector<uint8_t>(owBytes, 0xEE), ACL_FORMAT_FRACTAL_NZ_C0_32) &&
                  os.Init(ACL_FLOAT8_E8M0, sv, sst, ssto, std::vector<uint8_t>(sh.size(), 0x77));
        if (ok && biasKind) {
            std::vector<int64_t> bv = gmm ? std::vector<int64_t>{G, N} : biasKind == 1 ? std::vector<int64_t>{N} : std::vector<int64_t>{1, N};
            bh = Rnd((size_t)(G * N * 2), seed + 2);
            ok = b.Init(ACL_BF16, bv, {}, bv, bh) && ob.Init(ACL_BF16, bv, {}, bv, std::vector<uint8_t>(bh.size(), 0x55));
        }
        return ok;
    }
};

static void Case(const char *what, int64_t g, int64_t k, int64_t n, int biasKind, uint64_t seed)
{
    Ops o;
    if (!o.Init(g, k, n, biasKind, seed)) {
        EXPECT(false, "%s: tensors", what);
        return;
    }
    int ret = RunOp("aclnnWeightQuantPreprocess", g_stream,
                    [&](uint64_t *ws, aclOpExecutor **ex) {
                        return aclnnWeightQuantPreprocessGetWorkspaceSize(
                            o.w.t, o.s.t, nullptr, biasKind ? o.b.t : nullptr, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E8M0, 32,
                            o.ow.t, o.os.t, nullptr, biasKind ? o.ob.t : nullptr, ws, ex);
                    },
                    aclnnWeightQuantPreprocess);
    EXPECT(ret == 0, "%s: returned %d", what, ret);
    if (ret) return;
    // NZ: byte (g, k1, n1, n0, kb) holds the FP4 pair k = k1 * 32 + 2 kb, +1 of row n = n1 * 16 + n0
    std::vector<uint8_t> got = o.ow.Read();
    int64_t K1 = Cd(k, 32), N1 = Cd(n, 16), bad = 0, first = -1;
    for (int64_t gg = 0; gg < o.G; gg++)
        for (int64_t k1 = 0; k1 < K1; k1++)
            for (int64_t n1 = 0; n1 < N1; n1++)
                for (int64_t n0 = 0; n0 < 16; n0++)
                    for (int64_t kb = 0; kb < 16; kb++) {
                        int64_t idx = (((gg * K1 + k1) * N1 + n1) * 16 + n0) * 16 + kb;
                        int64_t row = n1 * 16 + n0, kk = k1 * 32 + 2 * kb;
                        uint8_t want = (row < n && kk < k) ? o.wh[(size_t)(gg * n * k / 2 + row * k / 2 + kk / 2)] : 0;
                        if (got[(size_t)idx] != want) {
                            if (first < 0) first = idx;
                            bad++;
                        }
                    }
    EXPECT(bad == 0, "%s: %lld NZ bytes differ (first %lld)", what, (long long)bad, (long long)first);
    EXPECT(o.os.Read() == o.sh, "%s: scale copy", what);
    if (biasKind) EXPECT(o.ob.Read() == o.bh, "%s: bias copy", what);
}

static void Validation()
{
    Ops o;
    if (!o.Init(0, 64, 32, 1, 99)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *w, const aclTensor *s, const aclTensor *off, const aclTensor *b, aclDataType xd,
                    aclDataType xsd, int64_t gs, aclTensor *ow, aclTensor *os, aclTensor *oof, aclTensor *ob) {
        return aclnnWeightQuantPreprocessGetWorkspaceSize(w, s, off, b, xd, xsd, gs, ow, os, oof, ob, &ws, &ex);
    };
    const aclDataType E4 = ACL_FLOAT8_E4M3FN, E8 = ACL_FLOAT8_E8M0;
    if (g_chip != "950") {
        int r = call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr);
        const char *mp = aclGetRecentErrMsg();
        std::string m = mp ? mp : "";
        EXPECT(r == 361001 && m.find("not implemented") != std::string::npos, "chip: %d %s", r, m.c_str());
        r = call(nullptr, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr);
        EXPECT(r == 361001, "chip before nulls: %d", r);
        return;
    }
    ExpectError("null weight", call(nullptr, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161001, "Weight must not be nullptr");
    ExpectError("null scale", call(o.w.t, nullptr, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161001, "WeightScale must not be nullptr");
    ExpectError("null outWeight", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, nullptr, o.os.t, nullptr, nullptr), 161001, "outWeight must not be nullptr");
    ExpectError("null outScale", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, nullptr, nullptr, nullptr), 161001, "outWeightScale must not be nullptr");
    ExpectError("x dtype", call(o.w.t, o.s.t, nullptr, nullptr, ACL_INT8, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "dataflow is UNKNOWN");
    ExpectError("scale dtype", call(o.w.t, o.ow.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "dataflow is UNKNOWN");
    {   // a contiguous (not transposed) weight
        Buf w;
        if (w.Init(ACL_FLOAT4_E2M1, {64, 32}, {}, {64, 32}, o.wh))
            ExpectError("weight strides", call(w.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "stride [1, 64]");
        Buf wf;
        if (wf.Init(ACL_FLOAT4_E2M1, {64, 32}, {1, 64}, {32, 64}, o.wh, ACL_FORMAT_NHWC))
            ExpectError("weight format", call(wf.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "ND or NCL");
        Buf we;
        if (we.Init(ACL_FLOAT4_E2M1, {0, 32}, {1, 1}, {32, 1}, o.wh))
            ExpectError("empty weight", call(we.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "must not be empty");
    }
    {   // scales of the wrong rank, shape and strides
        Buf s2, s3, s4;
        if (s2.Init(ACL_FLOAT8_E8M0, {32, 2}, {}, {32, 2}, o.sh))
            ExpectError("scale rank", call(o.w.t, s2.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "weightScale dim 2 should be 3");
        if (s3.Init(ACL_FLOAT8_E8M0, {1, 16, 2}, {2, 2, 1}, {16, 1, 2}, o.sh))
            ExpectError("scale shape", call(o.w.t, s3.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "{ceildiv(K,64), N, 2}");
        if (s4.Init(ACL_FLOAT8_E8M0, {1, 32, 2}, {64, 2, 1}, {1, 32, 2}, o.sh))
            ExpectError("scale strides", call(o.w.t, s4.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "transposed at dims 0 and 1");
    }
    ExpectError("offset", call(o.w.t, o.s.t, o.b.t, nullptr, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161002, "weightOffsetOptional must be nullptr");
    ExpectError("out offset", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, o.os.t, o.ob.t, nullptr), 161002, "outWeightOffsetOptional must be nullptr");
    {
        Buf bf, bs, bnc;
        if (bf.Init(ACL_FLOAT, {32}, {}, {32}, std::vector<uint8_t>(128)))
            ExpectError("bias dtype", call(o.w.t, o.s.t, nullptr, bf.t, E4, E8, 32, o.ow.t, o.os.t, nullptr, o.ob.t), 161002, "biasOptional");
        if (bs.Init(ACL_BF16, {2, 32}, {}, {2, 32}, std::vector<uint8_t>(128)))
            ExpectError("bias shape", call(o.w.t, o.s.t, nullptr, bs.t, E4, E8, 32, o.ow.t, o.os.t, nullptr, o.ob.t), 161002, "(32) or (1, 32)");
        if (bnc.Init(ACL_BF16, {32}, {2}, {64}, std::vector<uint8_t>(128)))
            ExpectError("bias strides", call(o.w.t, o.s.t, nullptr, bnc.t, E4, E8, 32, o.ow.t, o.os.t, nullptr, o.ob.t), 161002, "contiguous");
    }
    ExpectError("group size", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 64, o.ow.t, o.os.t, nullptr, nullptr), 161002, "kGroupSize 64 should be 32");
    {
        Buf owd, ows, owf, owsh;
        std::vector<uint8_t> z(2 * 2 * 16 * 16);
        if (owd.Init(ACL_INT8, {64, 32}, {}, {2, 2, 16, 32}, std::vector<uint8_t>(4096), ACL_FORMAT_FRACTAL_NZ_C0_32))
            ExpectError("outWeight dtype", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, owd.t, o.os.t, nullptr, nullptr), 161002, "same dtype");
        if (ows.Init(ACL_FLOAT4_E2M1, {64, 32}, {}, {2, 2, 16 * 32}, z, ACL_FORMAT_FRACTAL_NZ_C0_32))
            ExpectError("outWeight storage rank", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, ows.t, o.os.t, nullptr, nullptr), 161002, "storage dim 3 should be 4");
        if (owf.Init(ACL_FLOAT4_E2M1, {64, 32}, {}, {2, 2, 16, 32}, z, ACL_FORMAT_FRACTAL_NZ))
            ExpectError("outWeight format", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, owf.t, o.os.t, nullptr, nullptr), 161002, "FRACTAL_NZ_C0_32");
        if (owsh.Init(ACL_FLOAT4_E2M1, {64, 32}, {}, {2, 4, 16, 16}, z, ACL_FORMAT_FRACTAL_NZ_C0_32))
            ExpectError("outWeight storage", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, owsh.t, o.os.t, nullptr, nullptr), 161002, "last four dims");
        Buf owv;
        if (owv.Init(ACL_FLOAT4_E2M1, {32, 64}, {}, {2, 2, 16, 32}, z, ACL_FORMAT_FRACTAL_NZ_C0_32))
            ExpectError("outWeight view", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, owv.t, o.os.t, nullptr, nullptr), 161002, "same viewShape");
    }
    {
        Buf osd, oss;
        if (osd.Init(ACL_INT8, {1, 32, 2}, {2, 2, 1}, {32, 1, 2}, o.sh))
            ExpectError("outScale dtype", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, osd.t, nullptr, nullptr), 161002, "same dtype");
        if (oss.Init(ACL_FLOAT8_E8M0, {1, 32, 2}, {2, 2, 1}, {64}, o.sh))
            ExpectError("outScale storage", call(o.w.t, o.s.t, nullptr, nullptr, E4, E8, 32, o.ow.t, oss.t, nullptr, nullptr), 161002, "same storageShape");
    }
    ExpectError("null outBias", call(o.w.t, o.s.t, nullptr, o.b.t, E4, E8, 32, o.ow.t, o.os.t, nullptr, nullptr), 161001, "outBiasOptional must not be nullptr");
    {
        Buf obd;
        if (obd.Init(ACL_FLOAT16, {32}, {}, {32}, std::vector<uint8_t>(64)))
            ExpectError("outBias dtype", call(o.w.t, o.s.t, nullptr, o.b.t, E4, E8, 32, o.ow.t, o.os.t, nullptr, obd.t), 161002, "same dtype");
    }
    // stage 1 alone, executor released
    EXPECT(call(o.w.t, o.s.t, nullptr, o.b.t, E4, E8, 32, o.ow.t, o.os.t, nullptr, o.ob.t) == 0, "stage 1");
    if (ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "950") {
        Case("mm 64x128", 0, 64, 128, 0, 1);        // the official example's shape
        Case("mm padded", 0, 40, 20, 2, 2);         // K and N padded: ceil(40/32), ceil(20/16)
        Case("mm bias (n)", 0, 256, 48, 1, 3);
        Case("gmm", 3, 96, 48, 1, 4);
        Case("gmm padded", 2, 70, 17, 0, 5);
    }
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
