// aclnnNpuFormatCastCalculateSizeAndFormat + aclnnNpuFormatCast as the ops-math example drives
// them: the size function gives the NZ storage shape and format, the destination is created
// with them, the cast packs ND -> NZ; then NZ -> ND back. Bytes checked bit for bit against an
// independent packing ([..., N1, K1, 16, c0], zero padded) and the round trip against the input.
// Run under the A2 (default) and 950 profiles (argv[1] == "950").
#include "aclnnop/aclnn_npu_format_cast.h"
#include "cube_test_util.h"

static aclrtStream g_stream;
static bool g_950;

static size_t Es(aclDataType dt) { return dt == ACL_FLOAT || dt == ACL_INT32 ? 4 : dt == ACL_INT8 ? 1 : 2; }

struct Buf {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    ~Buf() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
};

static void MakeBuf(Buf &b, aclDataType dt, const std::vector<int64_t> &view, aclFormat fmt,
                    const std::vector<int64_t> &storage, const std::vector<uint8_t> &bytes)
{
    b.bytes = bytes.size();
    aclrtMalloc(&b.dev, b.bytes ? b.bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
    if (b.bytes) aclrtMemcpy(b.dev, b.bytes, bytes.data(), b.bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    std::vector<int64_t> st = Contig(view);
    b.t = aclCreateTensor(view.data(), view.size(), dt, st.data(), 0, fmt, storage.data(), storage.size(), b.dev);
}

static int Cast(const aclTensor *src, aclTensor *dst)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnNpuFormatCastGetWorkspaceSize(src, dst, &ws, &ex);
    if (rc) return rc;
    void *w = nullptr;
    if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    rc = aclnnNpuFormatCast(w, ws, ex, g_stream);
    if (!rc) rc = aclrtSynchronizeStream(g_stream);
    if (w) aclrtFree(w);
    return rc;
}

// Independent packing of the bytes of a row-major (batch, K, N) tensor into NZ with c0.
static std::vector<uint8_t> RefNz(const std::vector<uint8_t> &nd, size_t es, int64_t batch, int64_t K, int64_t N,
                                  int64_t c0)
{
    int64_t K1 = (K + 15) / 16, N1 = (N + c0 - 1) / c0;
    std::vector<uint8_t> nz((size_t)(batch * N1 * K1 * 16 * c0) * es, 0);
    for (int64_t b = 0; b < batch; b++)
        for (int64_t k = 0; k < K; k++)
            for (int64_t n = 0; n < N; n++)
                std::memcpy(&nz[(size_t)((((b * N1 + n / c0) * K1 * 16) + k) * c0 + n % c0) * es],
                            &nd[(size_t)((b * K + k) * N + n) * es], es);
    return nz;
}

static void RoundTrip(aclDataType dt, const std::vector<int64_t> &shape, int add, int64_t want_c0, int want_fmt,
                      uint64_t seed)
{
    size_t es = Es(dt);
    int64_t numel = GetShapeSize(shape), r = (int64_t)shape.size(), K = shape[r - 2], N = shape[r - 1];
    std::vector<uint8_t> nd((size_t)numel * es);
    Lcg rng(seed);
    for (auto &x : nd) x = (uint8_t)(rng.uniform() * 256);
    if (dt == ACL_FLOAT16 || dt == ACL_BF16) // one NaN, one -0 and one Inf bit pattern travel too
        for (size_t i = 1; i + 1 < nd.size() && i < 7; i += 2) nd[i] = (uint8_t)(i == 1 ? 0x7f : i == 3 ? 0x80 : 0xff);
    Buf src;
    MakeBuf(src, dt, shape, ACL_FORMAT_ND, shape, nd);
    int64_t *ds = nullptr;
    uint64_t dn = 0;
    int fmt = -7;
    int rc = aclnnNpuFormatCastCalculateSizeAndFormat(src.t, ACL_FORMAT_FRACTAL_NZ, add, &ds, &dn, &fmt);
    EXPECT(rc == 0, "size dt %d: rc %d", (int)dt, rc);
    if (rc) return;
    std::vector<int64_t> storage(ds, ds + dn);
    free(ds); // ours is malloc()ed (the real one new[]s it; the example delete[]s)
    int64_t batch = numel / (K * N);
    std::vector<int64_t> want(shape.begin(), shape.end() - 2);
    want.insert(want.end(), {(N + want_c0 - 1) / want_c0, (K + 15) / 16, 16, want_c0});
    EXPECT(storage == want && fmt == want_fmt, "dt %d K %lld N %lld: storage/format (c0 %lld fmt %d, got %d)", (int)dt,
           (long long)K, (long long)N, (long long)want_c0, want_fmt, fmt);
    if (storage != want) return;
    std::vector<uint8_t> ref = RefNz(nd, es, batch, K, N, want_c0);
    Buf dst;
    MakeBuf(dst, dt, shape, (aclFormat)fmt, storage, std::vector<uint8_t>(ref.size(), 0xA5));
    rc = Cast(src.t, dst.t);
    EXPECT(rc == 0, "cast nd->nz dt %d: %d", (int)dt, rc);
    auto got = Download<uint8_t>(dst.dev, ref.size());
    EXPECT(got == ref, "nd->nz bytes dt %d shape K %lld N %lld", (int)dt, (long long)K, (long long)N);
    // back: NZ -> ND into a fresh ND tensor
    int64_t *bs = nullptr;
    uint64_t bn = 0;
    int bf = -1;
    rc = aclnnNpuFormatCastCalculateSizeAndFormat(dst.t, ACL_FORMAT_ND, -1, &bs, &bn, &bf);
    EXPECT(rc == 0 && bf == ACL_FORMAT_ND && std::vector<int64_t>(bs, bs + bn) == shape, "size nz->nd dt %d rc %d",
           (int)dt, rc);
    free(bs);
    Buf back;
    MakeBuf(back, dt, shape, ACL_FORMAT_ND, shape, std::vector<uint8_t>(nd.size(), 0x5A));
    rc = Cast(dst.t, back.t);
    EXPECT(rc == 0, "cast nz->nd dt %d: %d", (int)dt, rc);
    EXPECT(Download<uint8_t>(back.dev, nd.size()) == nd, "round trip bytes dt %d", (int)dt);
}

static void Validation()
{
    int64_t *ds = nullptr;
    uint64_t dn = 0;
    int fmt = 0;
    EXPECT(aclnnNpuFormatCastCalculateSizeAndFormat(nullptr, 29, -1, &ds, &dn, &fmt) == ACLNN_ERR_PARAM_INVALID,
           "size null src");
    std::vector<uint8_t> z(4 * 32 * 2);
    Buf b64, e, nz;
    {
        std::vector<int64_t> s = {4, 32};
        aclrtMalloc(&b64.dev, 4 * 32 * 8, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<int64_t> st = Contig(s);
        b64.t = aclCreateTensor(s.data(), 2, ACL_INT64, st.data(), 0, ACL_FORMAT_ND, s.data(), 2, b64.dev);
    }
    EXPECT(aclnnNpuFormatCastCalculateSizeAndFormat(b64.t, 29, -1, &ds, &dn, &fmt) == ACLNN_ERR_PARAM_INVALID,
           "size int64");
    EXPECT(strstr(aclGetRecentErrMsg(), "INT64") || strstr(aclGetRecentErrMsg(), "dtype"), "int64 message: %s",
           aclGetRecentErrMsg());
    MakeBuf(e, ACL_FLOAT16, {0, 32}, ACL_FORMAT_ND, {0, 32}, {});
    int rc = aclnnNpuFormatCastCalculateSizeAndFormat(e.t, 29, -1, &ds, &dn, &fmt);
    EXPECT(rc == (g_950 ? ACLNN_ERR_PARAM_INVALID : ACLNN_ERR_RUNTIME_ERROR), "size empty: %d", rc);
    Buf src;
    MakeBuf(src, ACL_FLOAT16, {4, 32}, ACL_FORMAT_ND, {4, 32}, z);
    EXPECT(aclnnNpuFormatCastCalculateSizeAndFormat(src.t, ACL_FORMAT_NC1HWC0, -1, &ds, &dn, &fmt) ==
               ACLNN_ERR_RUNTIME_ERROR, "size unsupported pair");
    uint64_t ws;
    aclOpExecutor *ex;
    EXPECT(aclnnNpuFormatCastGetWorkspaceSize(nullptr, src.t, &ws, &ex) == ACLNN_ERR_INNER_NULLPTR, "cast null src");
    // storage that does not match the view: n1 of 3 for N = 32 with c0 = 16
    MakeBuf(nz, ACL_FLOAT16, {4, 32}, ACL_FORMAT_FRACTAL_NZ, {3, 1, 16, 16}, std::vector<uint8_t>(3 * 16 * 16 * 2));
    rc = aclnnNpuFormatCastGetWorkspaceSize(src.t, nz.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "cast mismatched storage: %d", rc);
    EXPECT(strstr(aclGetRecentErrMsg(), "does not match") != nullptr, "mismatch message: %s", aclGetRecentErrMsg());
    Buf nd2;
    MakeBuf(nd2, ACL_FLOAT16, {4, 32}, ACL_FORMAT_ND, {4, 32}, z);
    EXPECT(aclnnNpuFormatCastGetWorkspaceSize(src.t, nd2.t, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "cast nd->nd");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_950 = argc > 1 && std::string(argv[1]) == "950";
    printf("SoC %s\n", aclrtGetSocName());
    const int NZ = ACL_FORMAT_FRACTAL_NZ;
    // same dtype: c0 = 32 bytes / element on every chip
    RoundTrip(ACL_FLOAT16, {33, 17}, -1, 16, NZ, 1);
    RoundTrip(ACL_BF16, {2, 40, 70}, -1, 16, NZ, 2);
    RoundTrip(ACL_INT8, {5, 65}, -1, 32, NZ, 3);
    RoundTrip(ACL_FLOAT, {18, 9}, -1, 8, NZ, 4);
    RoundTrip(ACL_INT8, {2, 3, 16, 32}, -1, 32, NZ, 5);
    if (g_950) {
        // quant weights: INT8 weight for FP16 activations -> C0_16; INT32 weight for INT8 -> C0_32
        RoundTrip(ACL_INT8, {64, 48}, ACL_FLOAT16, 16, ACL_FORMAT_FRACTAL_NZ_C0_16, 6);
        RoundTrip(ACL_INT32, {16, 40}, ACL_INT8, 32, ACL_FORMAT_FRACTAL_NZ_C0_32, 7);
    } else {
        // A2/A3: c0 from additionalDtype (FP32 data in FP16-sized c0 = 16)
        RoundTrip(ACL_FLOAT, {20, 20}, ACL_FLOAT16, 16, NZ, 8);
    }
    Validation();
    printf("%s: %d failures\n", argv[0], g_failures);
    return g_failures ? 1 : 0;
}
