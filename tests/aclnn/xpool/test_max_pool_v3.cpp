// aclnnMaxPoolV3 (ops-nn experimental/pooling/max_pool_v3) against the naive window max of
// xpool_util.h: NCHW x, ksize / strides [N, C, H, W] (H, W used), pads [top, bottom, left, right],
// ceilMode a scalar; output size floor/ceil((H + pT + pB - kH) / sH) + 1, a last ceil window
// starting past H + pT dropped; padding never wins (a window wholly in it gives -inf); NaN
// propagates. FLOAT / FLOAT16 / BF16, asymmetric pads, ceil mode, strided and transposed views;
// the validation paths with codes and messages. Argument "310p" / "950": no kernel (361001)
// after the dtype checks (BF16 refused on the 310P first).
#include "xpool_util.h"
#include "aclnnop/aclnn_max_pool_v3.h"

static aclrtStream g_stream;

struct Case {
    Shape xs;
    int64_t kh, kw, sh, sw;
    std::vector<int64_t> pads; // empty: pass nullptr
    int ceil;                  // -1: pass a null ceilMode
};

static int64_t OutSize(int64_t in, int64_t k, int64_t p0, int64_t p1, int64_t s, bool ceil)
{
    int64_t num = in + p0 + p1 - k + (ceil ? s - 1 : 0);
    int64_t o = (num >= 0 ? num / s : -((-num + s - 1) / s)) + 1;
    if (ceil && (o - 1) * s >= in + p0) o--;
    return o;
}

static void TestValues()
{
    std::vector<Case> cases = {
        {{2, 3, 7, 9}, 3, 3, 2, 2, {0, 0, 0, 0}, 0},
        {{2, 3, 7, 9}, 3, 3, 2, 2, {0, 0, 0, 0}, 1},   // ceil: one more row and column
        {{1, 2, 5, 5}, 2, 2, 2, 2, {}, 1},             // pads null, ceil -> 3x3
        {{1, 2, 6, 7}, 3, 2, 1, 3, {1, 0, 2, 1}, 0},   // asymmetric pads
        {{3, 1, 8, 5}, 2, 4, 3, 1, {0, 2, 1, 3}, 1},   // asymmetric, ceil
        {{1, 1, 4, 4}, 2, 2, 2, 2, {0, 1, 0, 1}, 0},   // the UT's padded case -> 3x3
        {{1, 2, 3, 3}, 1, 1, 1, 1, {2, 2, 2, 2}, -1},  // windows wholly in the padding -> -inf
        {{2, 4, 10, 10}, 5, 5, 1, 1, {0, 0, 0, 0}, 0},
        {{1, 1, 1, 17}, 1, 4, 1, 4, {0, 0, 0, 3}, 1},
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    int c = 0;
    for (aclDataType dt : dts)
        for (const Case &cs : cases) {
            int64_t pt = 0, pb = 0, pl = 0, pr = 0;
            if (!cs.pads.empty()) pt = cs.pads[0], pb = cs.pads[1], pl = cs.pads[2], pr = cs.pads[3];
            bool ceil = cs.ceil > 0;
            int64_t N = cs.xs[0], C = cs.xs[1], H = cs.xs[2], W = cs.xs[3];
            int64_t OH = OutSize(H, cs.kh, pt, pb, cs.sh, ceil), OW = OutSize(W, cs.kw, pl, pr, cs.sw, ceil);
            std::vector<double> in = PoolValues(dt, (size_t)GetShapeSize(cs.xs), (uint64_t)c + 11, c % 2 == 1);
            if (dt == ACL_FLOAT && c % 3 == 0) in[(size_t)(c * 7) % in.size()] = NAN;
            Win w = {{1, H, W}, {1, OH, OW}, {1, cs.kh, cs.kw}, {1, cs.sh, cs.sw}, {0, pt, pl}, {1, 1, 1}};
            std::vector<double> want;
            std::vector<int64_t> idx;
            RefMax(in, N * C, w, NAN_WINS, 0, want, idx);
            DevTensor x, y;
            if (!x.Init(dt, cs.xs, in, (Layout)(c % 3)) || !y.Init(dt, {N, C, OH, OW}, {}, (Layout)((c + 1) % 3))) return;
            std::vector<int64_t> kv = {1, 1, cs.kh, cs.kw}, sv = {1, 1, cs.sh, cs.sw};
            aclIntArray *k = aclCreateIntArray(kv.data(), 4), *s = aclCreateIntArray(sv.data(), 4);
            aclIntArray *p = cs.pads.empty() ? nullptr : aclCreateIntArray(cs.pads.data(), 4);
            int64_t cm = cs.ceil > 0 ? 1 : 0;
            aclScalar *cms = cs.ceil < 0 ? nullptr : aclCreateScalar(&cm, ACL_INT64);
            std::string what = std::string("MaxPoolV3 ") + DtName(dt) + " case " + std::to_string(c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnMaxPoolV3GetWorkspaceSize(x.t, k, s, p, cms, y.t, ws, e); }, aclnnMaxPoolV3);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc == 0) {
                ExpectExact(what, y.Read(), want);
                EXPECT(y.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
                ExpectExact(what + " x untouched", x.Read(), in);
            }
            aclDestroyIntArray(k);
            aclDestroyIntArray(s);
            if (p) aclDestroyIntArray(p);
            if (cms) aclDestroyScalar(cms);
        }
}

static void TestValidation()
{
    DevTensor x, y, f64, y16, x9, e, ybad, big, ybig, x3;
    if (!x.Init(ACL_FLOAT, {1, 2, 6, 6}, {}, CONTIG, 1) || !y.Init(ACL_FLOAT, {1, 2, 3, 3}, {}, CONTIG) ||
        !f64.Init(ACL_DOUBLE, {1, 2, 6, 6}, {}, CONTIG) || !y16.Init(ACL_FLOAT16, {1, 2, 3, 3}, {}, CONTIG) ||
        !x9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 2, 2}, {}, CONTIG) || !e.Init(ACL_FLOAT, {0, 2, 6, 6}, {}, CONTIG) ||
        !ybad.Init(ACL_FLOAT, {1, 2, 3, 4}, {}, CONTIG) || !big.Init(ACL_FLOAT, {1, 1, 120, 120}, {}, CONTIG) ||
        !ybig.Init(ACL_FLOAT, {1, 1, 1, 1}, {}, CONTIG) || !x3.Init(ACL_FLOAT, {2, 6, 6}, {}, CONTIG))
        return;
    std::vector<int64_t> k4 = {1, 1, 2, 2}, k2 = {2, 2}, k0 = {1, 1, 0, 2}, s0 = {1, 1, 2, 0}, p3 = {0, 0, 0},
                         pneg = {0, -1, 0, 0}, kbig = {1, 1, 120, 120}, k7 = {1, 1, 7, 2};
    aclIntArray *k = aclCreateIntArray(k4.data(), 4), *s = aclCreateIntArray(k4.data(), 4),
                *ks2 = aclCreateIntArray(k2.data(), 2), *kz = aclCreateIntArray(k0.data(), 4),
                *sz = aclCreateIntArray(s0.data(), 4), *pb3 = aclCreateIntArray(p3.data(), 3),
                *pn = aclCreateIntArray(pneg.data(), 4), *kb = aclCreateIntArray(kbig.data(), 4),
                *kl = aclCreateIntArray(k7.data(), 4);
    int64_t zero = 0;
    aclScalar *cm = aclCreateScalar(&zero, ACL_INT64);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null x", aclnnMaxPoolV3GetWorkspaceSize(nullptr, k, s, nullptr, cm, y.t, &ws, &ex), 161001, "x");
    ExpectError("null out", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, s, nullptr, cm, nullptr, &ws, &ex), 161001, "out");
    ExpectError("null ksize", aclnnMaxPoolV3GetWorkspaceSize(x.t, nullptr, s, nullptr, cm, y.t, &ws, &ex), 161001, "ksize");
    ExpectError("null strides", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, nullptr, nullptr, cm, y.t, &ws, &ex), 161001, "strides");
    ExpectError("x dtype", aclnnMaxPoolV3GetWorkspaceSize(f64.t, k, s, nullptr, cm, y.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("out dtype", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, s, nullptr, cm, y16.t, &ws, &ex), 161002, "out");
    ExpectError("rank 9", aclnnMaxPoolV3GetWorkspaceSize(x9.t, k, s, nullptr, cm, y.t, &ws, &ex), 161002, "x");
    ExpectError("3-D x", aclnnMaxPoolV3GetWorkspaceSize(x3.t, k, s, nullptr, cm, y.t, &ws, &ex), 561002, "4-D");
    ExpectError("ksize of 2", aclnnMaxPoolV3GetWorkspaceSize(x.t, ks2, s, nullptr, cm, y.t, &ws, &ex), 561002, "Length of ksize");
    ExpectError("strides of 2", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, ks2, nullptr, cm, y.t, &ws, &ex), 561002, "Length of strides");
    ExpectError("pads of 3", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, s, pb3, cm, y.t, &ws, &ex), 561002, "Length of pads");
    ExpectError("ksize h 0", aclnnMaxPoolV3GetWorkspaceSize(x.t, kz, s, nullptr, cm, y.t, &ws, &ex), 561002, "ksize spatial dims");
    ExpectError("strides w 0", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, sz, nullptr, cm, y.t, &ws, &ex), 561002, "strides must be greater");
    ExpectError("negative pad", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, s, pn, cm, y.t, &ws, &ex), 561002, "pads");
    ExpectError("no output", aclnnMaxPoolV3GetWorkspaceSize(x.t, kl, s, nullptr, cm, y.t, &ws, &ex), 561002, "Invalid output dims");
    ExpectError("window over UB", aclnnMaxPoolV3GetWorkspaceSize(big.t, kb, kb, nullptr, cm, ybig.t, &ws, &ex), 561002,
                "Kernel window too large for UB");
    ExpectError("out shape", aclnnMaxPoolV3GetWorkspaceSize(x.t, k, s, nullptr, cm, ybad.t, &ws, &ex), 561002, "[1, 2, 3, 3]");
    int rc = aclnnMaxPoolV3GetWorkspaceSize(e.t, k, s, nullptr, cm, y.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty x: %d (workspace %llu)", rc, (unsigned long long)ws);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    for (aclIntArray *a : {k, s, ks2, kz, sz, pb3, pn, kb, kl}) aclDestroyIntArray(a);
    aclDestroyScalar(cm);
}

// Other chips: the dtype list first (no BF16 off the A2 / A3), then no kernel (361001).
static void TestOtherChip()
{
    DevTensor x, y, xb, yb;
    if (!x.Init(ACL_FLOAT, {1, 2, 6, 6}, {}, CONTIG) || !y.Init(ACL_FLOAT, {1, 2, 3, 3}, {}, CONTIG) ||
        !xb.Init(ACL_BF16, {1, 2, 6, 6}, {}, CONTIG) || !yb.Init(ACL_BF16, {1, 2, 3, 3}, {}, CONTIG))
        return;
    std::vector<int64_t> k4 = {1, 1, 2, 2};
    aclIntArray *k = aclCreateIntArray(k4.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnMaxPoolV3GetWorkspaceSize(x.t, k, k, nullptr, nullptr, y.t, &ws, &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    rc = aclnnMaxPoolV3GetWorkspaceSize(xb.t, k, k, nullptr, nullptr, yb.t, &ws, &ex);
    EXPECT(rc == 161002, "BF16 off the A2 / A3: returned %d, expected 161002", rc);
    aclDestroyIntArray(k);
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
