// aclnnCast with HIFLOAT8 (950: the docs' paths FLOAT / FLOAT16 / BF16 <-> HIFLOAT8), bit-exact
// against hif8_ref.h: to HiF8 the nearest code, ties away from zero, without saturation (the
// arch35 cast_struct.h policies use CAST_ROUND and leave SatMode to the overflow mode): from the
// tie 40960 between 32768 and the pattern 0x6F (read as 1.5 * 2^15) on, and for infinities, +-Inf;
// from HiF8 every code exactly (FLOAT16 / BF16 hold all of them). Other HIFLOAT8 pairs: 361001;
// on the 910B HIFLOAT8 is not a Cast dtype (161002).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_cast.h"
#include "hif8_ref.h"

static aclrtStream g_stream;

// the code of v when 0x6F / 0xEF stand for +-1.5 * 2^15 beyond the finite ones (no saturation)
static int RefNoSat(double v)
{
    if (std::isinf(v)) return v > 0 ? 0x6f : 0xef;
    if (std::fabs(v) > 32768.0) {
        double inf_val = 49152.0, d_inf = inf_val - std::fabs(v), d_max = std::fabs(v) - 32768.0;
        if (d_inf <= d_max) return v > 0 ? 0x6f : 0xef; // ties away: to the larger
    }
    return hif8_ref_encode(v);
}

struct Bytes {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t n;
    Bytes(std::vector<int64_t> shape, const std::vector<unsigned char> &init = {})
    {
        n = (size_t)GetShapeSize(shape);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        aclrtMalloc(&dev, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(n + 1, 0xA5);
        for (size_t i = 0; i < init.size() && i < n; i++) h[i] = init[i];
        if (n) aclrtMemcpy(dev, n, h.data(), n, ACL_MEMCPY_HOST_TO_DEVICE);
        int64_t storage = (int64_t)n;
        t = aclCreateTensor(shape.data(), shape.size(), ACL_HIFLOAT8, st.data(), 0, ACL_FORMAT_ND, &storage, 1, dev);
    }
    Bytes(const Bytes &) = delete;
    Bytes &operator=(const Bytes &) = delete;
    ~Bytes() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<unsigned char> Read() const
    {
        std::vector<unsigned char> h(n + 1);
        if (n) aclrtMemcpy(h.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static void ToHif8(aclDataType xd)
{
    std::vector<double> xv = RandomValues(512, 3, 50.0);
    // magnitudes over the whole range, every tie of the positive grid, overflow and specials
    for (int i = 0; i < 64; i++) xv[(size_t)i] = std::ldexp(1.0 + (i % 7) / 7.0, i - 30);
    std::vector<double> grid;
    for (int c = 1; c < 0x6f; c++) grid.push_back(hif8_ref_value(c));
    std::sort(grid.begin(), grid.end());
    size_t k = 64;
    for (size_t i = 0; i + 1 < grid.size() && k < 400; i++) {
        double mid = (grid[i] + grid[i + 1]) / 2;
        if (Quant(xd, mid) != mid) continue; // FP16 / BF16 cannot hold every midpoint
        xv[k] = (k & 1) ? -mid : mid;
        k++;
    }
    const double sp[] = {INFINITY, -INFINITY, NAN, -0.0, 0.0, 32768.0, 36000.0, 40960.0, -40960.0, 40000.0,
                         49152.0, 60000.0, 1e30, std::ldexp(1.0, -23), std::ldexp(1.0, -24), 3e-8};
    for (double v : sp) if (k < xv.size()) xv[k++] = v;
    int64_t n = (int64_t)xv.size();
    DevTensor x;
    x.Init(xd, {n / 8, 8}, xv, STRIDED);
    Bytes y({n / 8, 8});
    int rc = Run("Cast", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnCastGetWorkspaceSize(x.t, ACL_HIFLOAT8, y.t, ws, ex); }, aclnnCast);
    std::string what = std::string("Cast ") + DtName(xd) + " -> hif8";
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<unsigned char> got = y.Read();
    size_t bad = 0;
    for (int64_t i = 0; i < n; i++) {
        double xq = Quant(xd, xv[(size_t)i]);
        int want = RefNoSat(xq);
        if (got[(size_t)i] != want) {
            if (bad < 6) LOG_PRINT("  %s[%lld]: %.9g got 0x%02x want 0x%02x\n", what.c_str(), (long long)i, xq, got[(size_t)i], want);
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %zu of %lld codes differ", what.c_str(), bad, (long long)n);
}

static void FromHif8(aclDataType yd)
{
    std::vector<unsigned char> codes(256);
    for (int c = 0; c < 256; c++) codes[(size_t)c] = (unsigned char)c;
    Bytes x({16, 16}, codes);
    DevTensor y;
    y.Init(yd, {16, 16}, {}, CONTIG);
    int rc = Run("Cast", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnCastGetWorkspaceSize(x.t, yd, y.t, ws, ex); }, aclnnCast);
    std::string what = std::string("Cast hif8 -> ") + DtName(yd);
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<double> got = y.Read();
    size_t bad = 0;
    for (int c = 0; c < 256; c++) {
        double want = hif8_ref_value(c), g = got[(size_t)c];
        bool ok = std::isnan(want) ? std::isnan(g) : g == want;
        if (!ok) {
            if (bad < 6) LOG_PRINT("  %s 0x%02x: got %.9g want %.9g\n", what.c_str(), c, g, want);
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %zu of 256 values differ", what.c_str(), bad);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    LOG_PRINT("hif8 cast on %s\n", soc.c_str());
    uint64_t ws;
    aclOpExecutor *ex;
    if (soc.find("950") == std::string::npos) {
        DevTensor x;
        x.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG);
        Bytes y({4});
        ExpectError("Cast to hif8 off the 950", aclnnCastGetWorkspaceSize(x.t, ACL_HIFLOAT8, y.t, &ws, &ex), 161002,
                    "DT_HIFLOAT8");
    } else {
        ToHif8(ACL_FLOAT);
        ToHif8(ACL_FLOAT16);
        ToHif8(ACL_BF16);
        FromHif8(ACL_FLOAT);
        FromHif8(ACL_FLOAT16);
        FromHif8(ACL_BF16);
        Bytes x({4});
        DevTensor yi;
        yi.Init(ACL_INT32, {4}, {}, CONTIG);
        int rc = aclnnCastGetWorkspaceSize(x.t, ACL_INT32, yi.t, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001 && m && std::strstr(m, "not implemented"), "Cast hif8 -> int32: %d (%s)", rc, m ? m : "");
    }
    if (g_failures) { LOG_PRINT("test_hif8_cast: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_hif8_cast: ok\n");
    return 0;
}
