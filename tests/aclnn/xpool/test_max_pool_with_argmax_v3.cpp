// aclnnMaxPoolWithArgmaxV3 (ops-nn experimental/pooling/max_pool_with_argmax_v3) against the
// naive window max of xpool_util.h under the kernel's rule: each window starts at the dtype's
// lowest finite value with index 0 and keeps the first strictly greater tap (NaN and -inf never
// win; a window wholly in the padding gives the lowest value and index 0); argmax = h*W + w in
// the plane (INT64). kH / kW = kernelSize[0] / [1] (one value: both; empty: 1), strides and
// dilations alike, pads [padH, padW]; the output grid is yOut's H / W (the example's
// InferShape size, or any other). FLOAT / FLOAT16 / BF16, strided and transposed views; the
// validation paths with codes and messages. Argument "310p" / "950": no kernel (361001).
#include "xpool_util.h"
#include "aclnnop/aclnn_max_pool_with_argmax_v3.h"

static aclrtStream g_stream;

struct Case {
    Shape xs;
    std::vector<int64_t> k, s, p, d;
    bool ceil;
    int64_t extra_h; // rows added to the inferred yOut height
};

static double Lowest(aclDataType dt)
{
    return dt == ACL_FLOAT16 ? -65504.0 : dt == ACL_BF16 ? RefFromBf16(0xFF7F) : -(double)std::numeric_limits<float>::max();
}

static void Two(const std::vector<int64_t> &a, int64_t dflt, int64_t v[2])
{
    v[0] = a.size() >= 1 ? a[0] : dflt;
    v[1] = a.size() >= 2 ? a[1] : v[0];
}

static void TestValues()
{
    std::vector<Case> cases = {
        {{1, 1, 4, 4}, {3, 3}, {1, 1}, {0, 0}, {1, 1}, false, 0},      // the example: y 11 12 15 16, argmax 10 11 14 15
        {{2, 3, 7, 9}, {3, 2}, {2, 2}, {1, 1}, {1, 1}, false, 0},
        {{2, 3, 7, 9}, {3, 2}, {2, 2}, {1, 0}, {1, 1}, true, 0},       // ceil (no drop rule: a window in the padding)
        {{1, 2, 8, 8}, {3}, {2}, {1}, {2}, false, 0},                  // one value each: square, dilation 2
        {{1, 2, 6, 5}, {}, {}, {}, {}, false, 0},                      // empty lists: k 1, s 1, p 0, d 1
        {{2, 2, 5, 6}, {2, 3}, {1, 2}, {2, 3}, {1, 1}, false, 0},      // pads above half the kernel
        {{1, 1, 5, 5}, {2, 2}, {2, 2}, {0, 0}, {1, 1}, false, 2},      // yOut taller than inferred
        {{3, 1, 9, 4}, {4, 1}, {3, 1}, {1, 0}, {2, 1}, true, 0},
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    int c = 0;
    for (aclDataType dt : dts)
        for (const Case &cs : cases) {
            int64_t k[2], s[2], p[2], d[2];
            Two(cs.k, 1, k), Two(cs.s, 1, s), Two(cs.p, 0, p), Two(cs.d, 1, d);
            int64_t N = cs.xs[0], C = cs.xs[1], H = cs.xs[2], W = cs.xs[3], out[2];
            for (int i = 0; i < 2; i++) {
                int64_t num = cs.xs[2 + i] + 2 * p[i] - d[i] * (k[i] - 1) - 1;
                out[i] = (cs.ceil ? (num + s[i] - 1) / s[i] : num / s[i]) + 1;
            }
            out[0] += cs.extra_h;
            std::vector<double> in = PoolValues(dt, (size_t)GetShapeSize(cs.xs), (uint64_t)c + 3, c % 2 == 0);
            if (c == 0) for (int64_t i = 0; i < 16; i++) in[(size_t)i] = (double)(i + 1);
            if (c % 3 == 1) { // NaN and -inf never win; an all-NaN window keeps the start
                in[(size_t)(c * 5) % in.size()] = NAN;
                in[(size_t)(c * 11 + 1) % in.size()] = -INFINITY;
                if (dt != ACL_FLOAT16 && cs.xs == Shape{2, 3, 7, 9})
                    for (int64_t h = 0; h < 3; h++) for (int64_t w = 0; w < 3; w++) in[(size_t)(h * W + w)] = NAN;
            }
            Win w = {{1, H, W}, {1, out[0], out[1]}, {1, k[0], k[1]}, {1, s[0], s[1]}, {0, p[0], p[1]}, {1, d[0], d[1]}};
            std::vector<double> want;
            std::vector<int64_t> widx;
            RefMax(in, N * C, w, LOWEST_INIT, Lowest(dt), want, widx);
            std::vector<double> wantIdx(widx.begin(), widx.end());
            DevTensor x, y, am;
            if (!x.Init(dt, cs.xs, in, (Layout)(c % 3)) || !y.Init(dt, {N, C, out[0], out[1]}, {}, (Layout)((c + 1) % 3)) ||
                !am.Init(ACL_INT64, {N, C, out[0], out[1]}, {}, (Layout)((c + 2) % 3)))
                return;
            aclIntArray *ka = aclCreateIntArray(cs.k.data(), cs.k.size()), *sa = aclCreateIntArray(cs.s.data(), cs.s.size()),
                        *pa = aclCreateIntArray(cs.p.data(), cs.p.size()), *da = aclCreateIntArray(cs.d.data(), cs.d.size());
            std::string what = std::string("MaxPoolWithArgmaxV3 ") + DtName(dt) + " case " + std::to_string(c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(x.t, ka, sa, pa, da, cs.ceil, y.t, am.t, ws, e); },
                aclnnMaxPoolWithArgmaxV3);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc == 0) {
                ExpectExact(what + " y", y.Read(), want);
                ExpectExact(what + " argmax", am.Read(), wantIdx);
                EXPECT(y.CountClobbered() == 0 && am.CountClobbered() == 0, "%s: wrote outside its views", what.c_str());
                if (c == 1) ExpectExact("the example's y", y.Read(), QuantAll(dt, {11, 12, 15, 16}));
                if (c == 1) ExpectExact("the example's argmax", am.Read(), {10, 11, 14, 15});
            }
            for (aclIntArray *a : {ka, sa, pa, da}) aclDestroyIntArray(a);
        }
}

static void TestValidation()
{
    DevTensor x, y, am, f64, y16, a32, x3, y3, yc, an, e, ye, ae, xh, yh, ah;
    if (!x.Init(ACL_FLOAT, {1, 2, 4, 4}, {}, CONTIG, 1) || !y.Init(ACL_FLOAT, {1, 2, 2, 2}, {}, CONTIG) ||
        !am.Init(ACL_INT64, {1, 2, 2, 2}, {}, CONTIG) || !f64.Init(ACL_DOUBLE, {1, 2, 4, 4}, {}, CONTIG) ||
        !y16.Init(ACL_FLOAT16, {1, 2, 2, 2}, {}, CONTIG) || !a32.Init(ACL_INT32, {1, 2, 2, 2}, {}, CONTIG) ||
        !x3.Init(ACL_FLOAT, {2, 4, 4}, {}, CONTIG) || !y3.Init(ACL_FLOAT, {2, 2, 2}, {}, CONTIG) ||
        !yc.Init(ACL_FLOAT, {1, 3, 2, 2}, {}, CONTIG) || !an.Init(ACL_INT64, {1, 2, 2, 3}, {}, CONTIG) ||
        !e.Init(ACL_FLOAT, {0, 2, 4, 4}, {}, CONTIG) || !ye.Init(ACL_FLOAT, {0, 2, 2, 2}, {}, CONTIG) ||
        !ae.Init(ACL_INT64, {0, 2, 2, 2}, {}, CONTIG) || !xh.Init(ACL_FLOAT, {1, 2, 0, 4}, {}, CONTIG) ||
        !yh.Init(ACL_FLOAT, {1, 2, 2, 2}, {}, CONTIG) || !ah.Init(ACL_INT64, {1, 2, 2, 2}, {}, CONTIG))
        return;
    std::vector<int64_t> v2 = {2, 2}, v0 = {0, 0}, v1 = {1}, big = {(int64_t)1 << 33, 2}, z = {0}, neg = {-1, -1};
    auto A = [](const std::vector<int64_t> &v) { return aclCreateIntArray(v.data(), v.size()); };
    aclIntArray *k = A(v2), *pz = A(v0), *d1 = A(v1), *kb = A(big), *k0 = A(z), *pn = A(neg);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define MPA(X, K, S, P, D, Y, AM) aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(X, K, S, P, D, false, Y, AM, &ws, &ex)
    ExpectError("null x", MPA(nullptr, k, k, pz, d1, y.t, am.t), 161001, "x");
    ExpectError("null kernelSize", MPA(x.t, nullptr, k, pz, d1, y.t, am.t), 161001, "kernelSize");
    ExpectError("null strides", MPA(x.t, k, nullptr, pz, d1, y.t, am.t), 161001, "strides");
    ExpectError("null pads", MPA(x.t, k, k, nullptr, d1, y.t, am.t), 161001, "pads");
    ExpectError("null dilations", MPA(x.t, k, k, pz, nullptr, y.t, am.t), 161001, "dilations");
    ExpectError("null yOut", MPA(x.t, k, k, pz, d1, nullptr, am.t), 161001, "yOut");
    ExpectError("null argmaxOut", MPA(x.t, k, k, pz, d1, y.t, nullptr), 161001, "argmaxOut");
    ExpectError("x dtype", MPA(f64.t, k, k, pz, d1, y.t, am.t), 161002, "DT_DOUBLE");
    ExpectError("yOut dtype", MPA(x.t, k, k, pz, d1, y16.t, am.t), 161002, "yOut");
    ExpectError("argmax dtype", MPA(x.t, k, k, pz, d1, y.t, a32.t), 161002, "DT_INT32");
    ExpectError("3-D x", MPA(x3.t, k, k, pz, d1, y.t, am.t), 561002, "input must be 4D");
    ExpectError("3-D yOut", MPA(x.t, k, k, pz, d1, y3.t, am.t), 561002, "should be 4-D with x's N and C");
    ExpectError("yOut C", MPA(x.t, k, k, pz, d1, yc.t, am.t), 561002, "should be 4-D with x's N and C");
    ExpectError("argmax shape", MPA(x.t, k, k, pz, d1, y.t, an.t), 561002, "should have yOut's shape");
    ExpectError("kernel over int32", MPA(x.t, kb, k, pz, d1, y.t, am.t), 561002, "within int32");
    ExpectError("kernel 0", MPA(x.t, k0, k, pz, d1, y.t, am.t), 561002, "should be at least 1");
    ExpectError("stride 0", MPA(x.t, k, k0, pz, d1, y.t, am.t), 561002, "should be at least 1");
    ExpectError("dilation 0", MPA(x.t, k, k, pz, k0, y.t, am.t), 561002, "should be at least 1");
    int rc = MPA(e.t, k, k, pz, d1, ye.t, ae.t);
    EXPECT(rc == 0 && ws == 0, "empty x: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    // negative pads are read as they are: windows start further in
    rc = Run("negative pads", g_stream, [&](uint64_t *w_, aclOpExecutor **e_) {
        return aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(x.t, d1, d1, pn, d1, false, y.t, am.t, w_, e_); },
        aclnnMaxPoolWithArgmaxV3);
    EXPECT(rc == 0, "negative pads: %d", rc);
    // an empty plane: every window finds nothing
    rc = Run("empty plane", g_stream, [&](uint64_t *w_, aclOpExecutor **e_) {
        return aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(xh.t, k, k, pz, d1, false, yh.t, ah.t, w_, e_); },
        aclnnMaxPoolWithArgmaxV3);
    EXPECT(rc == 0, "empty plane: %d", rc);
    if (rc == 0) {
        ExpectExact("empty plane y", yh.Read(), std::vector<double>(8, Lowest(ACL_FLOAT)));
        ExpectExact("empty plane argmax", ah.Read(), std::vector<double>(8, 0.0));
    }
#undef MPA
    for (aclIntArray *a : {k, pz, d1, kb, k0, pn}) aclDestroyIntArray(a);
}

static void TestOtherChip()
{
    DevTensor x, y, am;
    if (!x.Init(ACL_FLOAT, {1, 2, 4, 4}, {}, CONTIG) || !y.Init(ACL_FLOAT, {1, 2, 2, 2}, {}, CONTIG) ||
        !am.Init(ACL_INT64, {1, 2, 2, 2}, {}, CONTIG))
        return;
    std::vector<int64_t> v2 = {2, 2}, v0 = {0, 0}, v1 = {1, 1};
    aclIntArray *k = aclCreateIntArray(v2.data(), 2), *p = aclCreateIntArray(v0.data(), 2), *d = aclCreateIntArray(v1.data(), 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(x.t, k, k, p, d, false, y.t, am.t, &ws, &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    rc = aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(x.t, k, k, p, d, false, y.t, nullptr, &ws, &ex);
    EXPECT(rc == 161001, "null argmaxOut before the chip: returned %d, expected 161001", rc);
    for (aclIntArray *a : {k, p, d}) aclDestroyIntArray(a);
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "310p" || chip == "950") {
        TestOtherChip();
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
