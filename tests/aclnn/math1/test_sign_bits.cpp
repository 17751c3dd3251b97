// aclnnSignBitsPack / aclnnSignBitsUnpack against references written here (exact bytes and
// +-1 values): lengths that are and are not multiples of 8, several `size`s, FLOAT / FLOAT16,
// special values (+-0, +-Inf, NaN), strided / transposed views, empty tensors; every validation
// path with its code and message; the chips (A2 / A3 / 310P: bit k set for x >= 0, the pair the
// unpack inverts; 950: bit 7 - k set for x < 0, the tail padded with -1; the 910 refuses both).
#include <cstring>
#include <string>

#include "aclnnop/aclnn_sign_bits_pack.h"
#include "aclnnop/aclnn_sign_bits_unpack.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;
static bool g_950;

static std::string Soc()
{
    const char *s = aclrtGetSocName();
    return s ? s : "";
}

static std::vector<double> PackRef(const std::vector<double> &x, bool msb_negative)
{
    size_t n = x.size(), len = (n + 7) / 8;
    std::vector<double> out(len);
    for (size_t j = 0; j < len; j++) {
        unsigned b = 0;
        for (size_t k = 0; k < 8; k++) {
            size_t i = j * 8 + k;
            bool negative = i >= n ? true : (x[i] < 0); // NaN < 0 and -0 < 0 are false
            if (msb_negative) b += negative ? 1u << (7 - k) : 0;
            else b += negative ? 0 : 1u << k;
        }
        out[j] = b;
    }
    return out;
}

static void RunPack(aclDataType dt, int64_t n, int64_t size, Layout sl, Layout ol, uint64_t &seed, bool specials)
{
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, seed++, 2.0));
    if (specials) {
        const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1e-30, -1e-30};
        for (int64_t i = 0; i < n; i++)
            if (i % 3 == 0) x[(size_t)i] = sp[(i / 3) % 8];
        x = QuantAll(dt, x); // +-1e-30 become +-0 in FLOAT16
    }
    std::vector<double> g = PackRef(x, g_950);
    int64_t len = (n + 7) / 8;
    DevTensor s, o;
    if (!s.Init(dt, {n}, x, sl) || !o.Init(ACL_UINT8, {size, len / size}, {}, ol, 77)) { EXPECT(false, "init"); return; }
    std::string what = std::string("SignBitsPack ") + DtName(dt) + " n " + std::to_string(n) + " size " + std::to_string(size) +
                       " layouts " + std::to_string(sl) + std::to_string(ol);
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnSignBitsPackGetWorkspaceSize(s.t, size, o.t, ws, ex); }, aclnnSignBitsPack);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        EXPECT(CountBad(what.c_str(), o.Read(), g, 0) == 0, "%s: wrong bytes", what.c_str());
        EXPECT(o.CountClobbered(77) == 0, "%s: wrote outside the view", what.c_str());
    }
}

static void RunUnpack(aclDataType dt, int64_t n, int64_t size, Layout sl, Layout ol, uint64_t &seed)
{
    Lcg rng(seed++);
    std::vector<double> b((size_t)n);
    for (double &v : b) v = (double)(int)(rng.uniform() * 256);
    std::vector<double> g;
    for (int64_t j = 0; j < n; j++)
        for (int k = 0; k < 8; k++) g.push_back((((int)b[(size_t)j] >> k) & 1) ? 1.0 : -1.0);
    DevTensor s, o;
    if (!s.Init(ACL_UINT8, {n}, b, sl) || !o.Init(dt, {size, n * 8 / size}, {}, ol)) { EXPECT(false, "init"); return; }
    std::string what = std::string("SignBitsUnpack ") + DtName(dt) + " n " + std::to_string(n) + " size " +
                       std::to_string(size) + " layouts " + std::to_string(sl) + std::to_string(ol);
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnSignBitsUnpackGetWorkspaceSize(s.t, size, dt, o.t, ws, ex); }, aclnnSignBitsUnpack);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        EXPECT(CountBad(what.c_str(), o.Read(), g, 0) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

static void TestValues()
{
    uint64_t seed = 3;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        RunPack(dt, 16, 2, CONTIG, CONTIG, seed, false);
        RunPack(dt, 14, 2, CONTIG, CONTIG, seed, true);
        RunPack(dt, 1, 1, STRIDED, CONTIG, seed, false);
        RunPack(dt, 7, 1, CONTIG, STRIDED, seed, true);
        RunPack(dt, 8 * 12 - 3, 4, STRIDED, TRANSPOSED, seed, true);
        RunPack(dt, 100003, 3, CONTIG, CONTIG, seed, true);
        RunPack(dt, 8 * 4096, 4096, STRIDED, STRIDED, seed, false);
        RunUnpack(dt, 1, 1, CONTIG, CONTIG, seed);
        RunUnpack(dt, 2, 4, STRIDED, CONTIG, seed);
        RunUnpack(dt, 5, 5, CONTIG, TRANSPOSED, seed);
        RunUnpack(dt, 9, 3, CONTIG, STRIDED, seed);
        RunUnpack(dt, 30001, 8, STRIDED, CONTIG, seed);
    }
    // A2 / A3 / 310P: unpacking a pack gives the signs back (x >= 0 -> +1)
    if (!g_950) {
        int64_t n = 1000;
        std::vector<double> x = RandomValues((size_t)n, 99);
        DevTensor s, p, u;
        s.Init(ACL_FLOAT, {n}, x, CONTIG);
        p.Init(ACL_UINT8, {1, 125}, {}, CONTIG);
        u.Init(ACL_FLOAT, {1, 1000}, {}, CONTIG);
        EXPECT(Run("pack", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSignBitsPackGetWorkspaceSize(s.t, 1, p.t, ws, ex); }, aclnnSignBitsPack) == 0, "pack");
        aclTensor *p1 = aclCreateTensor(std::vector<int64_t>{125}.data(), 1, ACL_UINT8, std::vector<int64_t>{1}.data(), 0, ACL_FORMAT_ND,
                                        std::vector<int64_t>{125}.data(), 1, p.dev);
        EXPECT(Run("unpack", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSignBitsUnpackGetWorkspaceSize(p1, 1, ACL_FLOAT, u.t, ws, ex); }, aclnnSignBitsUnpack) == 0, "unpack");
        std::vector<double> got = u.Read(), want((size_t)n);
        for (int64_t i = 0; i < n; i++) want[(size_t)i] = x[(size_t)i] >= 0 ? 1.0 : -1.0;
        EXPECT(CountBad("round trip", got, want, 0) == 0, "round trip");
        aclDestroyTensor(p1);
    }
    // empty tensors: nothing to do
    DevTensor e, eo, eu;
    e.Init(ACL_FLOAT, {0}, {}, CONTIG);
    eo.Init(ACL_UINT8, {2, 0}, {}, CONTIG);
    EXPECT(Run("pack empty", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSignBitsPackGetWorkspaceSize(e.t, 2, eo.t, ws, ex); }, aclnnSignBitsPack) == 0, "pack empty");
    DevTensor eb;
    eb.Init(ACL_UINT8, {0}, {}, CONTIG);
    eu.Init(ACL_FLOAT16, {3, 0}, {}, CONTIG);
    EXPECT(Run("unpack empty", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSignBitsUnpackGetWorkspaceSize(eb.t, 3, ACL_FLOAT16, eu.t, ws, ex); }, aclnnSignBitsUnpack) == 0, "unpack empty");
}

static void TestValidation(bool runs)
{
    DevTensor f16, f14, i8, u8, d2, o21, o21f, o22, o1, o3, fp, u4, of;
    f16.Init(ACL_FLOAT, {16}, {}, CONTIG);
    f14.Init(ACL_FLOAT, {24}, {}, CONTIG);
    i8.Init(ACL_INT8, {16}, {}, CONTIG);
    u8.Init(ACL_UINT8, {4}, {}, CONTIG);
    d2.Init(ACL_FLOAT, {16, 2}, {}, CONTIG); // dim 0 passes the value checks
    o21.Init(ACL_UINT8, {2, 1}, {}, CONTIG);
    o21f.Init(ACL_FLOAT, {2, 1}, {}, CONTIG);
    o22.Init(ACL_UINT8, {2, 2}, {}, CONTIG);
    o1.Init(ACL_UINT8, {2}, {}, CONTIG);
    o3.Init(ACL_UINT8, {1, 2, 1}, {}, CONTIG);
    u4.Init(ACL_FLOAT, {4, 8}, {}, CONTIG);
    of.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("pack null self", aclnnSignBitsPackGetWorkspaceSize(nullptr, 2, o21.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("pack null out", aclnnSignBitsPackGetWorkspaceSize(f16.t, 2, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("unpack null self", aclnnSignBitsUnpackGetWorkspaceSize(nullptr, 4, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("unpack null out", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 4, ACL_FLOAT, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    if (!runs) {
        ExpectError("pack on this chip", aclnnSignBitsPackGetWorkspaceSize(f16.t, 2, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "unsupported by the current SOC version");
        ExpectError("unpack on this chip", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 4, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "not supported on this device");
        return;
    }
    ExpectError("pack int8 self", aclnnSignBitsPackGetWorkspaceSize(i8.t, 2, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "self");
    ExpectError("pack float out", aclnnSignBitsPackGetWorkspaceSize(f16.t, 2, o21f.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("pack size 0", aclnnSignBitsPackGetWorkspaceSize(f16.t, 0, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "bigger than zero");
    ExpectError("pack size -1", aclnnSignBitsPackGetWorkspaceSize(f16.t, -1, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "bigger than zero");
    ExpectError("pack not divisible", aclnnSignBitsPackGetWorkspaceSize(f14.t, 2, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "packed bytes 3", "size 2");
    ExpectError("pack out dim 0", aclnnSignBitsPackGetWorkspaceSize(f16.t, 1, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "first dimension");
    ExpectError("pack 2-D self", aclnnSignBitsPackGetWorkspaceSize(d2.t, 2, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Self dims 2 should be 1");
    ExpectError("pack 3-D out", aclnnSignBitsPackGetWorkspaceSize(f16.t, 1, o3.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Out dims 3 should be 2");
    // the real op leaves out's second dim to its final ViewCopy: an inner error
    int rc = aclnnSignBitsPackGetWorkspaceSize(f16.t, 2, o22.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "pack out dim 1: %d", rc);
    {
        DevTensor nz;
        nz.Init(ACL_FLOAT, {16}, {}, CONTIG);
        aclDestroyTensor(nz.t);
        nz.t = aclCreateTensor(nz.shape.data(), 1, ACL_FLOAT, nz.strides.data(), 0, ACL_FORMAT_NCHW, nz.storage.data(), 1, nz.dev);
        ExpectError("pack NCHW self", aclnnSignBitsPackGetWorkspaceSize(nz.t, 2, o21.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "format should be ND");
        ExpectError("unpack NCHW out", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 4, ACL_FLOAT, nz.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out format should be ND");
    }
    ExpectError("unpack float self", aclnnSignBitsUnpackGetWorkspaceSize(f16.t, 4, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "self");
    ExpectError("unpack uint8 out", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 2, ACL_UINT8, o22.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("unpack dtype differs", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 4, ACL_FLOAT16, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dtype");
    ExpectError("unpack size 0", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 0, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "bigger than zero");
    ExpectError("unpack not divisible", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 5, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "cannot be divided");
    ExpectError("unpack out dim 0", aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 8, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "first dimension");
    ExpectError("unpack 2-D self", aclnnSignBitsUnpackGetWorkspaceSize(u4.t, 4, ACL_FLOAT, u4.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "self");
    DevTensor u48;
    u48.Init(ACL_FLOAT, {4, 4}, {}, CONTIG);
    rc = aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 4, ACL_FLOAT, u48.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "unpack out dim 1: %d", rc);
    rc = aclnnSignBitsUnpackGetWorkspaceSize(u8.t, 4, ACL_FLOAT16, of.t, &ws, &ex);
    EXPECT(rc == 0, "unpack FLOAT16: %d", rc);
    if (!rc) aclDestroyAclOpExecutor(ex);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = Soc();
    g_950 = soc.find("950") != std::string::npos;
    bool runs = g_950 || soc.find("910B") != std::string::npos || soc.find("910_93") != std::string::npos ||
                soc.find("310P") != std::string::npos;
    if (runs) TestValues();
    TestValidation(runs);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
