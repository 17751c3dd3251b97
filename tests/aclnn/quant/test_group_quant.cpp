// aclnnGroupQuant bit-exact against a reference written here: row r of x [S, H] takes the scale
// row of the first expert whose cumulative end groupIndex[e] exceeds r; y = rint(x * scale +
// offset) in FP32 (half to even written out), saturated to INT8 / INT4 (two per byte, even
// element in the low nibble) or INT4 packed eight per INT32 word; strided x, INT32 / INT64
// groupIndex, empty experts, bad group indexes (the kernel traps: stage 2 fails), empty x and
// every validation path. On the 310P no dtype is supported (161002).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_group_quant.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001;

static int64_t RefRint(double v)
{
    if (std::isnan(v)) return 0;
    double f = std::floor(v), d = v - f;
    return (int64_t)(d > 0.5 ? f + 1 : d < 0.5 ? f : (std::fmod(f, 2.0) == 0 ? f : f + 1));
}

static uint32_t RefCode(float v, aclDataType y)
{
    int64_t lo = y == ACL_INT8 ? -128 : -8, hi = y == ACL_INT8 ? 127 : 7;
    int64_t r = v >= 1e10f ? hi : v <= -1e10f ? lo : RefRint(v);
    r = r < lo ? lo : r > hi ? hi : r;
    return (uint32_t)r & (y == ACL_INT8 ? 0xffu : 0xfu);
}

// y as raw bytes on the device (INT8 / INT4 / INT32), contiguous
struct RawY {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes;
    RawY(aclDataType dt, std::vector<int64_t> shape)
    {
        int64_t n = GetShapeSize(shape);
        bytes = dt == ACL_INT4 ? (size_t)(n + 1) / 2 : dt == ACL_INT32 ? (size_t)n * 4 : (size_t)n;
        aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<unsigned char> h(bytes + 1, 0xA5);
        if (bytes) aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(), dev);
    }
    ~RawY() { aclDestroyTensor(t); aclrtFree(dev); }
    // the code of element i (of the unpacked x-shaped view)
    std::vector<uint32_t> Codes(aclDataType dt, int64_t n) const
    {
        std::vector<unsigned char> h(bytes + 1);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<uint32_t> c((size_t)n);
        for (int64_t i = 0; i < n; i++) {
            if (dt == ACL_INT8) c[(size_t)i] = h[(size_t)i];
            else if (dt == ACL_INT4) c[(size_t)i] = (i & 1) ? h[(size_t)i / 2] >> 4 : h[(size_t)i / 2] & 0xf;
            else {
                uint32_t w;
                std::memcpy(&w, &h[(size_t)(i / 8) * 4], 4);
                c[(size_t)i] = (w >> (4 * (i % 8))) & 0xf;
            }
        }
        return c;
    }
};

static void RunGroup(aclDataType xd, aclDataType sd, aclDataType gd, aclDataType yd, int64_t S, int64_t H,
                     std::vector<double> ends, bool offset, Layout lay)
{
    int64_t E = (int64_t)ends.size();
    std::vector<double> xv = RandomValues((size_t)(S * H), 5, 40.0);
    const double sp[] = {0.5, 1.5, -2.5, 300.0, -300.0, NAN, INFINITY, -INFINITY, -0.0, 3.5};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0] && i < xv.size(); i++) xv[i * 7 % xv.size()] = sp[i];
    std::vector<double> sv((size_t)(E * H));
    for (size_t i = 0; i < sv.size(); i++) sv[i] = 0.25 + 0.125 * (double)(i % 11);
    DevTensor x, s, g, o;
    x.Init(xd, {S, H}, xv, lay);
    s.Init(sd, {E, H}, sv, CONTIG);
    g.Init(gd, {E}, ends, CONTIG);
    o.Init(sd, {1}, {0.5}, CONTIG);
    std::vector<int64_t> yshape = {S, yd == ACL_INT32 ? H / 8 : H};
    RawY y(yd, yshape);
    int rc = Run("GroupQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnGroupQuantGetWorkspaceSize(x.t, s.t, g.t, offset ? o.t : nullptr, (int32_t)yd, y.t, ws, ex);
                 },
                 aclnnGroupQuant);
    std::string what = std::string("GroupQuant ") + DtName(xd) + "/" + DtName(sd) + " -> " + std::to_string(yd) +
                       (offset ? " offset" : "") + (lay != CONTIG ? " strided" : "");
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<uint32_t> got = y.Codes(yd, S * H), want((size_t)(S * H));
    float off = offset ? (float)Quant(sd, 0.5) : 0.0f;
    for (int64_t r = 0; r < S; r++) {
        int64_t e = 0;
        while (e < E && ends[(size_t)e] <= r) e++;
        for (int64_t c = 0; c < H; c++) {
            float v = (float)Quant(xd, xv[(size_t)(r * H + c)]) * (float)Quant(sd, sv[(size_t)(e * H + c)]);
            if (offset) v = v + off;
            want[(size_t)(r * H + c)] = RefCode(v, yd == ACL_INT8 ? ACL_INT8 : ACL_INT4);
        }
    }
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (got[i] != want[i]) {
            if (bad < 5) LOG_PRINT("  %s[%zu]: got 0x%x want 0x%x\n", what.c_str(), i, got[i], want[i]);
            bad++;
        }
    EXPECT(bad == 0, "%s: %zu of %zu codes differ", what.c_str(), bad, want.size());
}

static void TestCompute()
{
    RunGroup(ACL_FLOAT, ACL_FLOAT, ACL_INT32, ACL_INT8, 6, 16, {2, 2, 5, 6}, true, CONTIG); // an empty expert
    RunGroup(ACL_FLOAT16, ACL_FLOAT16, ACL_INT64, ACL_INT8, 9, 24, {9}, false, STRIDED);
    RunGroup(ACL_BF16, ACL_BF16, ACL_INT32, ACL_INT4, 5, 10, {1, 3, 5}, true, TRANSPOSED);
    RunGroup(ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_INT32, 4, 32, {0, 4}, false, CONTIG);
    RunGroup(ACL_FLOAT16, ACL_FLOAT, ACL_INT32, ACL_INT8, 64, 130, {10, 40, 64}, true, CONTIG);
}

// a group index the kernel traps on: stage 1 passes, stage 2 fails
static void ExpectTrap(const char *what, std::vector<double> ends)
{
    DevTensor x, s, g;
    x.Init(ACL_FLOAT, {4, 8}, RandomValues(32, 3), CONTIG);
    s.Init(ACL_FLOAT, {(int64_t)ends.size(), 8}, std::vector<double>(ends.size() * 8, 1.0), CONTIG);
    g.Init(ACL_INT32, {(int64_t)ends.size()}, ends, CONTIG);
    RawY y(ACL_INT8, {4, 8});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnGroupQuantGetWorkspaceSize(x.t, s.t, g.t, nullptr, ACL_INT8, y.t, &ws, &ex);
    EXPECT(rc == 0, "%s: stage 1 %d", what, rc);
    if (rc) return;
    rc = aclnnGroupQuant(nullptr, 0, ex, g_stream);
    int sync = aclrtSynchronizeStream(g_stream);
    EXPECT(rc != 0 || sync != 0, "%s: the bad group index was not refused", what);
}

static void TestValidation()
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, s, g, o, xi, sh, gf, o2, x3, s1, s3, g2, xe, ge;
    x.Init(ACL_FLOAT, {4, 8}, {}, CONTIG);
    s.Init(ACL_FLOAT, {2, 8}, {}, CONTIG);
    g.Init(ACL_INT32, {2}, {1, 4}, CONTIG);
    o.Init(ACL_FLOAT, {1}, {0}, CONTIG);
    xi.Init(ACL_INT32, {4, 8}, {}, CONTIG);
    sh.Init(ACL_FLOAT16, {1}, {0}, CONTIG);
    gf.Init(ACL_FLOAT, {2}, {}, CONTIG);
    o2.Init(ACL_FLOAT, {2}, {}, CONTIG);
    x3.Init(ACL_FLOAT, {4, 8, 1}, {}, CONTIG);
    s1.Init(ACL_FLOAT, {8}, {}, CONTIG);
    s3.Init(ACL_FLOAT, {2, 7}, {}, CONTIG);
    g2.Init(ACL_INT32, {3}, {}, CONTIG);
    RawY y(ACL_INT8, {4, 8}), yb(ACL_INT8, {4, 7}), y4(ACL_INT4, {4, 8}), y32(ACL_INT32, {4, 1}), y32b(ACL_INT32, {4, 3}),
        y32c(ACL_INT32, {3, 1});
    DevTensor x7;
    x7.Init(ACL_FLOAT, {4, 7}, {}, CONTIG);
    DevTensor s7;
    s7.Init(ACL_FLOAT, {2, 7}, {}, CONTIG);
    RawY y47(ACL_INT4, {4, 7});
    auto gq = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, int32_t dt, aclTensor *yy) {
        return aclnnGroupQuantGetWorkspaceSize(a, b, c, d, dt, yy, &ws, &ex);
    };
    if (std::string(aclrtGetSocName()).find("310P") != std::string::npos) {
        ExpectError("310P x dtype", gq(x.t, s.t, g.t, nullptr, ACL_INT8, y.t), kInvalid, "x");
        return;
    }
    ExpectError("null x", gq(nullptr, s.t, g.t, nullptr, ACL_INT8, y.t), kNull, "x");
    ExpectError("null groupIndex", gq(x.t, s.t, nullptr, nullptr, ACL_INT8, y.t), kNull, "groupIndex");
    ExpectError("null y", gq(x.t, s.t, g.t, nullptr, ACL_INT8, nullptr), kNull, "y");
    ExpectError("x dtype", gq(xi.t, s.t, g.t, nullptr, ACL_INT8, y.t), kInvalid, "x");
    ExpectError("groupIndex dtype", gq(x.t, s.t, gf.t, nullptr, ACL_INT8, y.t), kInvalid, "groupIndex");
    ExpectError("offset dtype vs scale", gq(x.t, s.t, g.t, sh.t, ACL_INT8, y.t), kInvalid, "offsetOptional");
    ExpectError("dstType", gq(x.t, s.t, g.t, nullptr, ACL_INT4, y.t), kInvalid, "y dtype must be the same as dstType.");
    ExpectError("offset size", gq(x.t, s.t, g.t, o2.t, ACL_INT8, y.t), kInvalid, "offsetOptional tensor should be scalar");
    ExpectError("x 3-d", gq(x3.t, s.t, g.t, nullptr, ACL_INT8, y.t), kInvalid, "x tensor should be 2D.");
    ExpectError("scale 1-d", gq(x.t, s1.t, g.t, nullptr, ACL_INT8, y.t), kInvalid, "scale tensor should be 2D.");
    ExpectError("groupIndex 2-d", gq(x.t, s.t, s.t, nullptr, ACL_INT8, y.t), kInvalid, "groupIndex");
    ExpectError("scale dim1", gq(x.t, s3.t, g.t, nullptr, ACL_INT8, y.t), kInvalid, "x dim1 should be same with scale dim1.");
    ExpectError("scale dim0", gq(x.t, s.t, g2.t, nullptr, ACL_INT8, y.t), kInvalid, "scale dim0 should be same with groupIndex dim0.");
    ExpectError("y shape", gq(x.t, s.t, g.t, nullptr, ACL_INT8, yb.t), kInvalid, "y");
    ExpectError("int32 y last", gq(x.t, s.t, g.t, nullptr, ACL_INT32, y32b.t), kInvalid, "1/8 of x last dim");
    ExpectError("int32 y dim0", gq(x.t, s.t, g.t, nullptr, ACL_INT32, y32c.t), kInvalid, "the dim(0) of x must be same with y");
    ExpectError("int4 odd", gq(x7.t, s7.t, g.t, nullptr, ACL_INT4, y47.t), kInvalid, "divisible by 2");
    EXPECT(gq(x.t, s.t, g.t, o.t, ACL_INT4, y4.t) == 0, "int4 valid");
    aclDestroyAclOpExecutor(ex); // never run
    EXPECT(gq(x.t, s.t, g.t, o.t, ACL_INT32, y32.t) == 0, "int32 valid");
    aclDestroyAclOpExecutor(ex);
    // empty x
    DevTensor x0, s0;
    x0.Init(ACL_FLOAT, {0, 8}, {}, CONTIG);
    RawY y0(ACL_INT8, {0, 8});
    int rc = gq(x0.t, s.t, g.t, nullptr, ACL_INT8, y0.t);
    EXPECT(rc == 0 && ws == 0, "empty x: %d", rc);
    if (rc == 0) EXPECT(aclnnGroupQuant(nullptr, 0, ex, g_stream) == 0, "empty stage 2");
    ExpectTrap("negative end", {-1, 4});
    ExpectTrap("decreasing", {3, 2, 4});
    ExpectTrap("past S", {2, 5});
    ExpectTrap("not ending at S", {1, 3});
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    LOG_PRINT("group quant on %s\n", soc.c_str());
    if (soc.find("310P") == std::string::npos) TestCompute();
    TestValidation();
    if (g_failures) { LOG_PRINT("test_group_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_group_quant: ok\n");
    return 0;
}
