// aclnnGroupedDynamicBlockQuant / V2 (ops-nn quant/grouped_dynamic_block_quant, 950): row groups
// (cumulative ends) cut into blocks of rowBlockSize absolute rows x colBlockSize columns; per block
// scale = fp32(max |x| / DMAX) (at most fp32(1 / minScale)), y = FP8(fp32(x / scale)) to nearest even,
// saturating; the scale of group g's rows r at row r / rowBlockSize + g; rows in no group untouched.
// The reference (FP32 steps of the rule, FP8 by a nearest-code search over all 256 codes) is written
// here; the tiling's checks (561002) with messages; HIFLOAT8 "round" (hif8_ref.h), "hybrid" 361001; A2 / 310P
// have no kernel (361001). Also aclnnDynamicBlockQuant / V2 on the 950 (its arch35 kernels: the same
// rule with one group of all rows, scale [(B,) ceil(M / rowBlockSize), ceil(N / colBlockSize)], INT8
// targets rint saturating, FLOAT x too) with its tiling's checks.
#include <cmath>
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_grouped_dynamic_block_quant.h"
#include "aclnnop/aclnn_grouped_dynamic_block_quant_v2.h"
#include "aclnnop/aclnn_dynamic_block_quant.h"
#include "aclnnop/aclnn_dynamic_block_quant_v2.h"
#include "../hif8/hif8_ref.h"

static aclrtStream g_stream;

struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    bool Init(aclDataType dt, const std::vector<int64_t> &shape, size_t nbytes)
    {
        bytes = nbytes;
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        std::vector<unsigned char> fill(bytes ? bytes : 1, 0xA5);
        aclrtMemcpy(dev, fill.size(), fill.data(), fill.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(), dev);
        return t != nullptr;
    }
    std::vector<unsigned char> Bytes() const
    {
        std::vector<unsigned char> h(bytes);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
    ~RawTensor()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
};

// FP8 code values (NaN codes excluded: E4M3FN 0x7f / 0xff, E5M2 exponent 31).
static double Fp8Value(int c, bool e5m2, bool *nan)
{
    int s = c >> 7, mb = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7;
    int e = (c >> mb) & (e5m2 ? 31 : 15), m = c & ((1 << mb) - 1);
    *nan = e5m2 ? e == 31 : (e == 15 && m == 7);
    double v = e == 0 ? std::ldexp((double)m, 1 - bias - mb) : std::ldexp((double)((1 << mb) + m), e - bias - mb);
    return s ? -v : v;
}

static int Fp8Nearest(double v, bool e5m2)
{
    if (std::isnan(v)) return -1;
    int best = -1;
    double bd = 0;
    for (int c = 0; c < 256; c++) {
        bool nan;
        double cv = Fp8Value(c, e5m2, &nan);
        if (nan || (std::signbit(cv) != std::signbit(v))) continue;
        double d = std::fabs(cv - v);
        if (best < 0 || d < bd || (d == bd && (c & 1) == 0)) { best = c; bd = d; }
    }
    return best; // beyond the largest finite value the largest (saturation)
}

struct Case {
    int64_t B, M, N;
    aclDataType dt, yDt;
    int64_t rowBlock, colBlock;
    std::vector<double> groups;
    double minScale;
    bool v2;
    bool dbq; // aclnnDynamicBlockQuant(V2) (groups must be {M})
    double dmax; // V2 dstTypeMax (HIFLOAT8)
};

static void RunCase(const Case &c, uint64_t seed)
{
    int64_t B = c.B, M = c.M, N = c.N, G = (int64_t)c.groups.size();
    bool e5 = c.yDt == ACL_FLOAT8_E5M2;
    bool i8 = c.yDt == ACL_INT8;
    bool h8 = c.yDt == ACL_HIFLOAT8;
    double DMAX = h8 ? (c.dmax != 0 ? c.dmax : 32768.0) : i8 ? 127.0 : e5 ? 57344.0 : 448.0;
    char *rm = (char *)(h8 ? "round" : "rint");
    std::vector<double> x = QuantAll(c.dt, RandomValues((size_t)(B * M * N), seed, 3.0));
    int64_t SR = c.dbq ? (M + c.rowBlock - 1) / c.rowBlock : M / c.rowBlock + G, SC = (N + c.colBlock - 1) / c.colBlock;
    std::vector<int64_t> xs = {M, N}, ss = {SR, SC};
    if (B > 1) { xs.insert(xs.begin(), B); ss.insert(ss.begin(), B); }
    DevTensor tx, tg;
    RawTensor ty, ts;
    if (!tx.Init(c.dt, xs, x, CONTIG) || !tg.Init(ACL_INT32, {G}, c.groups, CONTIG) ||
        !ty.Init(c.yDt, xs, (size_t)(B * M * N)) || !ts.Init(ACL_FLOAT, ss, (size_t)(B * SR * SC * 4))) {
        EXPECT(false, "tensors");
        return;
    }
    int r = Run("aclnnGroupedDynamicBlockQuant", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    if (c.dbq && c.v2)
                        return aclnnDynamicBlockQuantV2GetWorkspaceSize(tx.t, c.minScale, rm, c.yDt, c.rowBlock,
                                                                        c.colBlock, c.dmax, ty.t, ts.t, ws, e);
                    if (c.dbq)
                        return aclnnDynamicBlockQuantGetWorkspaceSize(tx.t, c.minScale, rm, c.yDt, c.rowBlock,
                                                                      c.colBlock, ty.t, ts.t, ws, e);
                    if (c.v2)
                        return aclnnGroupedDynamicBlockQuantV2GetWorkspaceSize(tx.t, tg.t, c.minScale, rm, c.yDt,
                                                                               c.rowBlock, c.colBlock, 0, c.dmax, ty.t, ts.t, ws, e);
                    return aclnnGroupedDynamicBlockQuantGetWorkspaceSize(tx.t, tg.t, c.minScale, h8 ? rm : nullptr, c.yDt, c.rowBlock,
                                                                         c.colBlock, 0, ty.t, ts.t, ws, e);
                },
                c.dbq ? (c.v2 ? aclnnDynamicBlockQuantV2 : aclnnDynamicBlockQuant)
                      : (c.v2 ? aclnnGroupedDynamicBlockQuantV2 : aclnnGroupedDynamicBlockQuant));
    EXPECT(r == 0, "run %d (%s)", r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<unsigned char> yb = ty.Bytes(), sb = ts.Bytes();
    std::vector<int> wantY((size_t)(B * M * N), 0xA5); // untouched: the fill
    std::vector<double> wantS((size_t)(B * SR * SC), NAN);   // NaN: untouched
    for (int64_t b = 0; b < B; b++)
        for (int64_t g = 0; g < G; g++) {
            int64_t gs = g ? (int64_t)c.groups[(size_t)g - 1] : 0, ge = std::min(M, (int64_t)c.groups[(size_t)g]);
            for (int64_t p0 = gs; p0 < ge;) {
                int64_t p1 = std::min(ge, (p0 / c.rowBlock + 1) * c.rowBlock);
                for (int64_t cb = 0; cb < SC; cb++) {
                    int64_t c0 = cb * c.colBlock, c1 = std::min(N, c0 + c.colBlock);
                    double m = 0;
                    for (int64_t rr = p0; rr < p1; rr++)
                        for (int64_t cc = c0; cc < c1; cc++) m = std::max(m, std::fabs(x[(size_t)((b * M + rr) * N + cc)]));
                    float sc = (float)m / (float)DMAX;
                    if (c.minScale > 0) sc = std::min(sc, 1.0f / (float)c.minScale);
                    wantS[(size_t)((b * SR + p0 / c.rowBlock + g) * SC + cb)] = sc;
                    for (int64_t rr = p0; rr < p1; rr++)
                        for (int64_t cc = c0; cc < c1; cc++) {
                            float q = (float)x[(size_t)((b * M + rr) * N + cc)] / sc;
                            wantY[(size_t)((b * M + rr) * N + cc)] =
                                h8 ? hif8_ref_encode((double)q) :
                                i8 ? (int)(unsigned char)(signed char)std::max(-128.0, std::min(127.0, std::nearbyint((double)q)))
                                   : Fp8Nearest((double)q, e5);
                        }
                }
                p0 = p1;
            }
        }
    size_t badY = 0, badS = 0;
    for (size_t i = 0; i < wantY.size(); i++) badY += yb[i] != (unsigned char)wantY[i];
    for (size_t i = 0; i < wantS.size(); i++) {
        float got;
        std::memcpy(&got, &sb[i * 4], 4);
        uint32_t bits;
        std::memcpy(&bits, &got, 4);
        if (std::isnan(wantS[i])) badS += bits != 0xA5A5A5A5u;
        else badS += got != (float)wantS[i];
    }
    EXPECT(badY == 0, "%lldx%lldx%lld %s rb %lld cb %lld: %zu codes wrong", (long long)B, (long long)M, (long long)N,
           h8 ? "hif8" : i8 ? "int8" : e5 ? "e5m2" : "e4m3", (long long)c.rowBlock, (long long)c.colBlock, badY);
    EXPECT(badS == 0, "%lldx%lldx%lld: %zu scales wrong", (long long)B, (long long)M, (long long)N, badS);
}

static int S1(const aclTensor *x, const aclTensor *g, double ms, const char *rm, int64_t dt, int64_t rb, int64_t cb,
              int64_t glt, const aclTensor *y, const aclTensor *s)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int r = aclnnGroupedDynamicBlockQuantGetWorkspaceSize(x, g, ms, (char *)rm, dt, rb, cb, glt, y, s, &ws, &ex);
    if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
    return r;
}

static void ExpectTiling(const char *what, int got, const char *needle)
{
    const char *mp = aclGetRecentErrMsg();
    std::string m = mp ? mp : "";
    EXPECT(got == 561002, "%s: returned %d, expected 561002 (%s)", what, got, m.c_str());
    EXPECT(m.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, m.c_str());
}

static void Validation()
{
    DevTensor x, g, g64, x4, g2, x1;
    RawTensor y, s, yh, y8, sbad, y3;
    if (!x.Init(ACL_FLOAT16, {8, 256}, {}, CONTIG) || !g.Init(ACL_INT32, {2}, {3, 8}, CONTIG) ||
        !g64.Init(ACL_INT64, {2}, {3, 8}, CONTIG) || !x4.Init(ACL_FLOAT16, {1, 1, 8, 256}, {}, CONTIG) ||
        !g2.Init(ACL_INT32, {1, 2}, {3, 8}, CONTIG) || !y.Init(ACL_FLOAT8_E4M3FN, {8, 256}, 2048) ||
        !s.Init(ACL_FLOAT, {10, 2}, 80) || !yh.Init(ACL_HIFLOAT8, {8, 256}, 2048) || !y8.Init(ACL_INT8, {8, 256}, 2048) ||
        !sbad.Init(ACL_FLOAT, {9, 2}, 72) || !y3.Init(ACL_FLOAT8_E4M3FN, {8, 128}, 1024)) {
        EXPECT(false, "validation tensors");
        return;
    }
    const int64_t E4 = ACL_FLOAT8_E4M3FN;
    ExpectError("null x", S1(nullptr, g.t, 0, "rint", E4, 1, 128, 0, y.t, s.t), 161001, "x");
    ExpectError("null scale", S1(x.t, g.t, 0, "rint", E4, 1, 128, 0, y.t, nullptr), 161001, "scaleOut");
    ExpectError("group int64", S1(x.t, g64.t, 0, "rint", E4, 1, 128, 0, y.t, s.t), 161002, "groupList");
    ExpectError("y int8", S1(x.t, g.t, 0, "rint", E4, 1, 128, 0, y8.t, s.t), 161002, "yOut");
    ExpectTiling("min_scale", S1(x.t, g.t, -1, "rint", E4, 1, 128, 0, y.t, s.t), "The value of min_scale must be greater than or equal to 0");
    ExpectTiling("dst_type", S1(x.t, g.t, 0, "rint", ACL_INT8, 1, 128, 0, y.t, s.t), "The value of dst_type must be DT_HIFLOAT8");
    ExpectTiling("dst_type != y", S1(x.t, g.t, 0, "rint", ACL_FLOAT8_E5M2, 1, 128, 0, y.t, s.t), "The dtypes of y and dst_type must be the same");
    ExpectTiling("fp8 round", S1(x.t, g.t, 0, "round", E4, 1, 128, 0, y.t, s.t), "parameter round_mode must be rint");
    ExpectTiling("hif8 rint", S1(x.t, g.t, 0, "rint", ACL_HIFLOAT8, 1, 128, 0, yh.t, s.t), "parameter round_mode must be round or hybrid");
    ExpectTiling("row block", S1(x.t, g.t, 0, "rint", E4, 64, 128, 0, y.t, s.t), "must be 1, 128, 256, or 512");
    ExpectTiling("col block", S1(x.t, g.t, 0, "rint", E4, 1, 32, 0, y.t, s.t), "must be 64, 128, 192, or 256");
    ExpectTiling("group type", S1(x.t, g.t, 0, "rint", E4, 1, 128, 1, y.t, s.t), "The value of group_list_type must be 0");
    ExpectTiling("y shape", S1(x.t, g.t, 0, "rint", E4, 1, 128, 0, y3.t, s.t), "The shapes of x and y must be the same");
    ExpectTiling("group 2-D", S1(x.t, g2.t, 0, "rint", E4, 1, 128, 0, y.t, s.t), "group_list");
    ExpectTiling("scale shape", S1(x.t, g.t, 0, "rint", E4, 1, 128, 0, y.t, sbad.t), "row_block_size + groupListSize");
    int r = S1(x.t, g.t, 0, "hybrid", ACL_HIFLOAT8, 1, 128, 0, yh.t, s.t);
    EXPECT(r == 361001, "HIFLOAT8 hybrid: returned %d, expected 361001 (%s)", r, aclGetRecentErrMsg());
    r = S1(x.t, g.t, 0, nullptr, E4, 1, 128, 0, y.t, s.t); // stage 1 only, executor released
    EXPECT(r == 0, "stage 1 only: %d (%s)", r, aclGetRecentErrMsg());
}

static void ValidationDbq()
{
    DevTensor x;
    RawTensor y, s, y16, sbad, yh;
    if (!x.Init(ACL_FLOAT16, {8, 256}, {}, CONTIG) || !y.Init(ACL_FLOAT8_E4M3FN, {8, 256}, 2048) ||
        !s.Init(ACL_FLOAT, {8, 2}, 64) || !sbad.Init(ACL_FLOAT, {8, 3}, 96) || !yh.Init(ACL_HIFLOAT8, {8, 256}, 2048)) {
        EXPECT(false, "dbq tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto dq = [&](double ms, const char *rm, int64_t dt, int64_t rb, int64_t cb, double dmax, const aclTensor *yy,
                  const aclTensor *ss) {
        ex = nullptr;
        int r = aclnnDynamicBlockQuantV2GetWorkspaceSize(x.t, ms, (char *)rm, dt, rb, cb, dmax, yy, ss, &ws, &ex);
        if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
        return r;
    };
    const int64_t E4 = ACL_FLOAT8_E4M3FN;
    ExpectTiling("dbq min_scale", dq(-1, "rint", E4, 1, 128, 0, y.t, s.t), "The value of min_scale must be greater than or equal to 0");
    ExpectTiling("dbq dst_type", dq(0, "rint", ACL_FLOAT8_E5M2, 1, 128, 0, y.t, s.t), "The dtypes of y and dst_type must be the same");
    ExpectTiling("dbq round", dq(0, "round", E4, 1, 128, 0, y.t, s.t), "parameter round_mode must be rint");
    ExpectTiling("dbq row block", dq(0, "rint", E4, 32, 128, 0, y.t, s.t), "must be 1, 64, 128, 256, or 512");
    ExpectTiling("dbq col block", dq(0, "rint", E4, 1, 100, 0, y.t, s.t), "must be 64, 128, 192, or 256");
    ExpectTiling("dbq dst_type_max", dq(0, "rint", E4, 1, 128, 20.0, y.t, s.t), "must be 0.0, 15.0, 56.0, 224.0, or 32768.0");
    ExpectTiling("dbq dst_type_max fp8", dq(0, "rint", E4, 1, 128, 15.0, y.t, s.t), "parameter dst_type_max must be 0.0");
    ExpectTiling("dbq scale shape", dq(0, "rint", E4, 1, 128, 0, y.t, sbad.t), "ceil(x.rows/row_block_size)");
    ExpectTiling("dbq hif8 hybrid", dq(0, "hybrid", ACL_HIFLOAT8, 1, 128, 0, yh.t, s.t), "parameter round_mode must be round");
    int r = dq(0, "round", ACL_HIFLOAT8, 1, 128, 224.0, yh.t, s.t);
    EXPECT(r == 0, "dbq HIFLOAT8 stage 1: returned %d (%s)", r, aclGetRecentErrMsg());
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (!chip || std::string(chip) != "950") {
        DevTensor x, g;
        RawTensor y, s;
        if (!x.Init(ACL_FLOAT16, {4, 128}, {}, CONTIG) || !g.Init(ACL_INT32, {1}, {4}, CONTIG) ||
            !y.Init(ACL_INT8, {4, 128}, 512) || !s.Init(ACL_FLOAT, {5, 1}, 20))
            return 1;
        int r = S1(x.t, g.t, 0, "rint", ACL_FLOAT8_E4M3FN, 1, 128, 0, y.t, s.t);
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip ? chip : "A2", r, aclGetRecentErrMsg());
    } else {
        RunCase({1, 12, 300, ACL_FLOAT16, ACL_FLOAT8_E4M3FN, 1, 128, {3, 7, 7, 12}, 0.0, false}, 1);
        RunCase({2, 300, 200, ACL_BF16, ACL_FLOAT8_E5M2, 128, 64, {100, 250}, 0.0, true}, 2);   // rows 250.. in no group
        RunCase({1, 600, 256, ACL_FLOAT16, ACL_FLOAT8_E4M3FN, 256, 192, {130, 600}, 1000.0, false}, 3); // 1/minScale clamps
        RunCase({3, 40, 64, ACL_BF16, ACL_FLOAT8_E4M3FN, 512, 256, {40}, 0.5, true}, 4);
        RunCase({1, 30, 200, ACL_FLOAT16, ACL_HIFLOAT8, 1, 64, {10, 30}, 0.0, false}, 5);               // HIFLOAT8, 32768
        RunCase({2, 260, 128, ACL_BF16, ACL_HIFLOAT8, 128, 128, {5, 200, 260}, 0.0, true, false, 15.0}, 6); // dst_type_max
        Validation();
        // aclnnDynamicBlockQuant / V2 on the 950
        RunCase({1, 10, 300, ACL_FLOAT16, ACL_FLOAT8_E4M3FN, 1, 128, {10}, 0.0, false, true}, 11);
        RunCase({2, 150, 200, ACL_BF16, ACL_FLOAT8_E5M2, 64, 192, {150}, 0.0, true, true}, 12);
        RunCase({1, 300, 100, ACL_FLOAT, ACL_INT8, 128, 64, {300}, 0.0, false, true}, 13);
        RunCase({1, 40, 256, ACL_FLOAT16, ACL_INT8, 512, 256, {40}, 100.0, true, true}, 14);
        RunCase({1, 20, 300, ACL_FLOAT16, ACL_HIFLOAT8, 1, 128, {20}, 0.0, false, true, 0.0}, 15);
        RunCase({2, 70, 128, ACL_BF16, ACL_HIFLOAT8, 64, 64, {70}, 0.0, true, true, 224.0}, 16);
        ValidationDbq();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
