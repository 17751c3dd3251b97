// The clamp family (scalar and tensor bounds, absent bounds, NaN bounds, min > max, in-place
// twins), Addcdiv / Addcmul, Lerp / Lerps, SWhere, InplaceMaskedFillScalar / Tensor and Ger
// against double references written here, with views, broadcasting and the validation paths.
#include "aclnnop/aclnn_addcdiv.h"
#include "aclnnop/aclnn_addcmul.h"
#include "aclnnop/aclnn_addr.h"
#include "aclnnop/aclnn_clamp.h"
#include "aclnnop/aclnn_ger.h"
#include "aclnnop/aclnn_lerp_scalar.h"
#include "aclnnop/aclnn_lerp_tensor.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_masked_fill_tensor.h"
#include "aclnnop/aclnn_maxn.h"
#include "aclnnop/aclnn_minn.h"
#include "aclnnop/aclnn_s_where.h"
#include "pw_test.h"

static aclrtStream g_stream;
static bool g_bf16 = true, g_regbase = false;

static double RClamp(double x, bool has_lo, double lo, bool has_hi, double hi)
{
    if (x != x) return x;
    if (has_lo) x = lo != lo ? lo : (x < lo ? lo : x);
    if (has_hi && x == x) x = hi != hi ? hi : (x > hi ? hi : x);
    return x;
}

static void ClampScalar(aclDataType dt, aclDataType dout, Layout layout, bool lo_on, double lo, bool hi_on, double hi)
{
    std::vector<int64_t> shape = {5, 12};
    std::vector<double> v = Values(dt, 60, 61);
    DevT x = Make(dt, shape, v, layout), o = MakeFill(dout, shape, 7);
    float flo = (float)lo, fhi = (float)hi;
    aclScalar *slo = lo_on ? aclCreateScalar(&flo, ACL_FLOAT) : nullptr, *shi = hi_on ? aclCreateScalar(&fhi, ACL_FLOAT) : nullptr;
    int rc;
    if (lo_on && hi_on)
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnClampGetWorkspaceSize(x.t, slo, shi, o.t, w, e); }, aclnnClamp);
    else if (lo_on)
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnClampMinGetWorkspaceSize(x.t, slo, o.t, w, e); }, aclnnClampMin);
    else
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnClampMaxGetWorkspaceSize(x.t, shi, o.t, w, e); }, aclnnClampMax);
    std::string name = std::string("Clamp ") + aclDataTypeName(dt) + "->" + aclDataTypeName(dout) + (lo_on ? " lo" : "") + (hi_on ? " hi" : "");
    EXPECT(rc == 0, "%s: %d %s", name.c_str(), rc, aclGetRecentErrMsg());
    // off RegBase the scalar forms compute in out's dtype: self and the bounds are cast to it
    aclDataType c = g_regbase ? (IsFloatDt(dt) ? dt : ACL_FLOAT) : dout;
    if (g_regbase && !IsFloatDt(dt) && lo == std::floor(lo) && hi == std::floor(hi)) c = ACL_FLOAT;
    std::vector<double> g(v.size());
    for (size_t i = 0; i < v.size(); i++) {
        double lo_c = RoundTo(c, IsFloatDt(c) ? lo : std::trunc(lo)), hi_c = RoundTo(c, IsFloatDt(c) ? hi : std::trunc(hi));
        g[i] = RoundTo(dout, RClamp(RoundTo(c, v[i]), lo_on, lo_c, hi_on, hi_c));
    }
    if (rc == 0) Expect(name, o, g);
    if (slo) aclDestroyScalar(slo);
    if (shi) aclDestroyScalar(shi);
    x.Free(); o.Free();
}

static void Clamp()
{
    ClampScalar(ACL_FLOAT, ACL_FLOAT, CONTIG, true, -1.5, true, 2.25);
    ClampScalar(ACL_FLOAT, ACL_FLOAT, TRANSPOSED, true, -1.5, false, 0);
    ClampScalar(ACL_FLOAT, ACL_FLOAT, STRIDED, false, 0, true, 0.5);
    ClampScalar(ACL_FLOAT16, ACL_FLOAT16, CONTIG, true, -0.3, true, 0.7);
    if (g_bf16) ClampScalar(ACL_BF16, ACL_BF16, STRIDED, true, -2, true, 2);
    ClampScalar(ACL_DOUBLE, ACL_DOUBLE, CONTIG, true, -1, true, 1);
    ClampScalar(ACL_FLOAT, ACL_FLOAT, CONTIG, true, 2, true, -1); // min > max: max wins
    ClampScalar(ACL_FLOAT, ACL_FLOAT, CONTIG, true, NAN, true, 1); // NaN bound: NaN
    if (!g_regbase) {
        ClampScalar(ACL_INT32, ACL_INT32, CONTIG, true, -3, true, 4);
        ClampScalar(ACL_INT8, ACL_INT8, TRANSPOSED, true, -2, false, 0);
        ClampScalar(ACL_INT32, ACL_FLOAT, CONTIG, true, -2.5, true, 3.5); // computed in out's FLOAT
    }
    // InplaceClampMax on a transposed FLOAT view
    std::vector<double> v = Values(ACL_FLOAT, 24, 62);
    DevT x = Make(ACL_FLOAT, {4, 6}, v, TRANSPOSED);
    float m = 0.25f;
    aclScalar *sm = aclCreateScalar(&m, ACL_FLOAT);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceClampMaxGetWorkspaceSize(x.t, sm, w, e); },
                 aclnnInplaceClampMax);
    EXPECT(rc == 0, "InplaceClampMax: %d %s", rc, aclGetRecentErrMsg());
    for (auto &e : v) e = RClamp(e, false, 0, true, 0.25);
    Expect("InplaceClampMax", x, v);
    x.Free();

    // tensor bounds, broadcast, promotion with the bounds (INT32 self, FLOAT bounds -> FLOAT)
    std::vector<double> xs = Values(ACL_INT32, 30, 63), los = Values(ACL_FLOAT, 6, 64, false), his = Values(ACL_FLOAT, 5, 65, false);
    for (auto &h : his) h = std::fabs(h) + 1;
    for (auto &l : los) l = -std::fabs(l) - 1;
    DevT xt = Make(ACL_INT32, {5, 6}, xs, TRANSPOSED), lt = Make(ACL_FLOAT, {6}, los), ht = Make(ACL_FLOAT, {5, 1}, his);
    DevT ot = MakeFill(ACL_FLOAT, {5, 6}, 0);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnClampTensorGetWorkspaceSize(xt.t, lt.t, ht.t, ot.t, w, e); },
             aclnnClampTensor);
    EXPECT(rc == 0, "ClampTensor: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(30);
    for (int i = 0; i < 30; i++) g[(size_t)i] = RClamp(xs[(size_t)i], true, los[(size_t)(i % 6)], true, his[(size_t)(i / 6)]);
    Expect("ClampTensor INT32/FLOAT", ot, g);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnClampMinTensorGetWorkspaceSize(xt.t, lt.t, ot.t, w, e); },
             aclnnClampMinTensor);
    for (int i = 0; i < 30; i++) g[(size_t)i] = RClamp(xs[(size_t)i], true, los[(size_t)(i % 6)], false, 0);
    Expect("ClampMinTensor", ot, g);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnClampMaxTensorGetWorkspaceSize(xt.t, ht.t, ot.t, w, e); },
             aclnnClampMaxTensor);
    for (int i = 0; i < 30; i++) g[(size_t)i] = RClamp(xs[(size_t)i], false, 0, true, his[(size_t)(i / 6)]);
    Expect("ClampMaxTensor", ot, g);
    std::vector<double> fv = Values(ACL_FLOAT, 30, 66);
    DevT ft = Make(ACL_FLOAT, {5, 6}, fv);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceClampMinTensorGetWorkspaceSize(ft.t, lt.t, w, e); },
             aclnnInplaceClampMinTensor);
    for (int i = 0; i < 30; i++) fv[(size_t)i] = RClamp(fv[(size_t)i], true, RoundTo(ACL_FLOAT, los[(size_t)(i % 6)]), false, 0);
    Expect("InplaceClampMinTensor", ft, fv);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceClampMaxTensorGetWorkspaceSize(ft.t, ht.t, w, e); },
             aclnnInplaceClampMaxTensor);
    for (int i = 0; i < 30; i++) fv[(size_t)i] = RClamp(fv[(size_t)i], false, 0, true, RoundTo(ACL_FLOAT, his[(size_t)(i / 6)]));
    Expect("InplaceClampMaxTensor", ft, fv);

    uint64_t ws;
    aclOpExecutor *ex;
    DevT b = MakeFill(ACL_BOOL, {5, 6}, 1), i32 = MakeFill(ACL_INT32, {5, 6}, 1), bad = MakeFill(ACL_FLOAT, {6, 5}, 0);
    DevT l7 = MakeFill(ACL_FLOAT, {7}, 0);
    ExpectRefused("Clamp both null", aclnnClampGetWorkspaceSize(ft.t, nullptr, nullptr, ot.t, &ws, &ex), 161001,
                  "At least one of 'min' or 'max'");
    ExpectRefused("ClampMin null min", aclnnClampMinGetWorkspaceSize(ft.t, nullptr, ot.t, &ws, &ex), 161001, "clipValueMin");
    ExpectRefused("ClampMaxTensor null max", aclnnClampMaxTensorGetWorkspaceSize(ft.t, nullptr, ot.t, &ws, &ex), 161001, "max");
    ExpectRefused("Clamp null self", aclnnClampMaxGetWorkspaceSize(nullptr, sm, ot.t, &ws, &ex), 161001, "self");
    ExpectRefused("Clamp BOOL self", aclnnClampMaxGetWorkspaceSize(b.t, sm, ot.t, &ws, &ex), 161002, "DT_BOOL");
    ExpectRefused("Clamp out shape", aclnnClampMaxGetWorkspaceSize(ft.t, sm, bad.t, &ws, &ex), 161002, "shape");
    if (!g_regbase)
        ExpectRefused("Clamp FLOAT -> INT32", aclnnClampMaxGetWorkspaceSize(ft.t, sm, i32.t, &ws, &ex), 161002,
                      "can't be cast");
    ExpectRefused("ClampTensor broadcast", aclnnClampMinTensorGetWorkspaceSize(ft.t, l7.t, ot.t, &ws, &ex), 161002,
                  "must match the size");
    ExpectRefused("ClampTensor out shape", aclnnClampMinTensorGetWorkspaceSize(ft.t, lt.t, bad.t, &ws, &ex), 161002,
                  "expected tensor for out");
    aclDestroyScalar(sm);
    xt.Free(); lt.Free(); ht.Free(); ot.Free(); ft.Free(); b.Free(); i32.Free(); bad.Free(); l7.Free();
}

static void Addc()
{
    for (int mul = 0; mul < 2; mul++) {
        const char *name = mul ? "Addcmul" : "Addcdiv";
        struct C { aclDataType d; Layout l; };
        std::vector<C> cases = {{ACL_FLOAT, CONTIG}, {ACL_FLOAT16, TRANSPOSED}, {ACL_DOUBLE, STRIDED}};
        if (g_bf16) cases.push_back({ACL_BF16, CONTIG});
        for (auto &c : cases) {
            std::vector<double> s = Values(c.d, 24, 71), t1 = Values(c.d, 6, 72, false), t2 = Values(c.d, 4, 73, false);
            for (auto &v : t2) if (v == 0) v = 1;
            DevT a = Make(c.d, {4, 6}, s, c.l), b = Make(c.d, {6}, t1), d = Make(c.d, {4, 1}, t2);
            DevT o = MakeFill(c.d, {4, 6}, 0);
            float val = 0.75f;
            aclScalar *sv = aclCreateScalar(&val, ACL_FLOAT);
            int rc = mul ? Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddcmulGetWorkspaceSize(a.t, b.t, d.t, sv, o.t, w, e); }, aclnnAddcmul)
                         : Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddcdivGetWorkspaceSize(a.t, b.t, d.t, sv, o.t, w, e); }, aclnnAddcdiv);
            std::string n = std::string(name) + " " + aclDataTypeName(c.d);
            EXPECT(rc == 0, "%s: %d %s", n.c_str(), rc, aclGetRecentErrMsg());
            std::vector<double> g(24);
            for (int i = 0; i < 24; i++) {
                double p = t1[(size_t)(i % 6)], q = t2[(size_t)(i / 6)];
                g[(size_t)i] = RoundTo(c.d, s[(size_t)i] + 0.75 * (mul ? p * q : p / q));
            }
            if (rc == 0) Expect(n, o, g);
            // in place
            rc = mul ? Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAddcmulGetWorkspaceSize(a.t, b.t, d.t, sv, w, e); }, aclnnInplaceAddcmul)
                     : Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAddcdivGetWorkspaceSize(a.t, b.t, d.t, sv, w, e); }, aclnnInplaceAddcdiv);
            EXPECT(rc == 0, "Inplace%s: %d", n.c_str(), rc);
            if (rc == 0) Expect("Inplace" + n, a, g);
            aclDestroyScalar(sv);
            a.Free(); b.Free(); d.Free(); o.Free();
        }
    }
    // INT64 Addcmul wraps; Addcmul INT32 self with FLOAT tensors promotes to FLOAT
    DevT a = Make(ACL_INT32, {3}, {1, 2, 3}), b = Make(ACL_FLOAT, {3}, {0.5, 1.5, -2}), c = Make(ACL_FLOAT, {3}, {2, 2, 2});
    DevT o = MakeFill(ACL_FLOAT, {3}, 0);
    int64_t two = 2;
    aclScalar *s2 = aclCreateScalar(&two, ACL_INT64);
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddcmulGetWorkspaceSize(a.t, b.t, c.t, s2, o.t, w, e); }, aclnnAddcmul);
    Expect("Addcmul INT32+FLOAT", o, {3, 8, -5});
    uint64_t ws;
    aclOpExecutor *ex;
    DevT bl = MakeFill(ACL_BOOL, {3}, 1), b4 = MakeFill(ACL_FLOAT, {4}, 1), i32 = MakeFill(ACL_INT32, {3}, 0);
    ExpectRefused("Addcdiv null value", aclnnAddcdivGetWorkspaceSize(b.t, b.t, c.t, nullptr, o.t, &ws, &ex), 161001, "value");
    ExpectRefused("Addcdiv BOOL tensor1", aclnnAddcdivGetWorkspaceSize(b.t, bl.t, c.t, s2, o.t, &ws, &ex), 161002, "DT_BOOL");
    ExpectRefused("Addcdiv INT32 self", aclnnAddcdivGetWorkspaceSize(a.t, b.t, c.t, s2, o.t, &ws, &ex), 161002, "DT_INT32");
    ExpectRefused("Addcmul FLOAT -> INT32 out", aclnnAddcmulGetWorkspaceSize(b.t, b.t, c.t, s2, i32.t, &ws, &ex), 161002, "cast");
    ExpectRefused("Addcmul broadcast", aclnnAddcmulGetWorkspaceSize(b.t, b4.t, c.t, s2, o.t, &ws, &ex), 161002, "broadcast");
    aclDestroyScalar(s2);
    a.Free(); b.Free(); c.Free(); o.Free(); bl.Free(); b4.Free(); i32.Free();
}

static void Lerp()
{
    std::vector<double> s = Values(ACL_FLOAT, 40, 81), e = Values(ACL_FLOAT, 8, 82), wv = Values(ACL_FLOAT, 5, 83, false);
    DevT a = Make(ACL_FLOAT, {5, 8}, s, TRANSPOSED), b = Make(ACL_FLOAT, {8}, e), w = Make(ACL_FLOAT, {5, 1}, wv);
    DevT o = MakeFill(ACL_FLOAT, {5, 8}, 0);
    int rc = Run(g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnLerpGetWorkspaceSize(a.t, b.t, w.t, o.t, ws, ex); }, aclnnLerp);
    EXPECT(rc == 0, "Lerp: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(40);
    for (int i = 0; i < 40; i++) {
        double x = s[(size_t)i], y = e[(size_t)(i % 8)], t = wv[(size_t)(i / 8)];
        g[(size_t)i] = x + t * (y - x);
    }
    Expect("Lerp FLOAT", o, g);
    float wt = 0.3f;
    aclScalar *sw = aclCreateScalar(&wt, ACL_FLOAT);
    std::vector<double> h = Values(ACL_FLOAT16, 40, 84), he = Values(ACL_FLOAT16, 40, 85);
    DevT ha = Make(ACL_FLOAT16, {40}, h), hb = Make(ACL_FLOAT16, {40}, he, STRIDED), ho = MakeFill(ACL_FLOAT, {40}, 0);
    rc = Run(g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnLerpsGetWorkspaceSize(ha.t, hb.t, sw, ho.t, ws, ex); }, aclnnLerps);
    EXPECT(rc == 0, "Lerps: %d %s", rc, aclGetRecentErrMsg());
    // the weight is converted to self's dtype (FLOAT on 950)
    double w16 = g_regbase ? (double)0.3f : RoundTo(ACL_FLOAT16, 0.3f);
    for (int i = 0; i < 40; i++) g[(size_t)i] = RoundTo(ACL_FLOAT16, h[(size_t)i] + w16 * (he[(size_t)i] - h[(size_t)i]));
    g.resize(40);
    Expect("Lerps FLOAT16 -> FLOAT", ho, std::vector<double>(g.begin(), g.begin() + 40));
    rc = Run(g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnInplaceLerpsGetWorkspaceSize(ha.t, hb.t, sw, ws, ex); }, aclnnInplaceLerps);
    EXPECT(rc == 0, "InplaceLerps: %d", rc);
    Expect("InplaceLerps", ha, std::vector<double>(g.begin(), g.begin() + 40));
    DevT ia = Make(ACL_FLOAT, {4}, {0, 1, 2, 3}), ib = Make(ACL_FLOAT, {4}, {4, 4, 4, 4}), iw = Make(ACL_FLOAT, {4}, {0, 0.5, 1, 0.25});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnInplaceLerpGetWorkspaceSize(ia.t, ib.t, iw.t, ws, ex); }, aclnnInplaceLerp);
    Expect("InplaceLerp", ia, {0, 2.5, 4, 3.25});
    uint64_t ws;
    aclOpExecutor *ex;
    DevT d = MakeFill(ACL_DOUBLE, {4}, 1), i = MakeFill(ACL_INT32, {4}, 1);
    ExpectRefused("Lerp DOUBLE", aclnnLerpGetWorkspaceSize(d.t, d.t, d.t, d.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectRefused("Lerp weight dtype", aclnnLerpGetWorkspaceSize(ia.t, ib.t, i.t, ia.t, &ws, &ex), 161002, "weight");
    ExpectRefused("Lerps null weight", aclnnLerpsGetWorkspaceSize(ia.t, ib.t, nullptr, ia.t, &ws, &ex), 161001, "weight");
    ExpectRefused("Lerp broadcast", aclnnLerpGetWorkspaceSize(a.t, ia.t, w.t, o.t, &ws, &ex), 161002, "can't broadcast");
    aclDestroyScalar(sw);
    a.Free(); b.Free(); w.Free(); o.Free(); ha.Free(); hb.Free(); ho.Free(); ia.Free(); ib.Free(); iw.Free(); d.Free(); i.Free();
}

static void WhereMaskedGer()
{
    // SWhere: UINT8 condition broadcast, INT32 x FLOAT -> FLOAT, transposed self
    std::vector<double> c = {1, 0, 1, 1, 0, 0}, s = Values(ACL_INT32, 24, 91), t = Values(ACL_FLOAT, 24, 92);
    DevT cd = Make(ACL_UINT8, {6}, c), sd = Make(ACL_INT32, {4, 6}, s, TRANSPOSED), td = Make(ACL_FLOAT, {4, 6}, t, STRIDED);
    DevT o = MakeFill(ACL_FLOAT, {4, 6}, 0);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSWhereGetWorkspaceSize(cd.t, sd.t, td.t, o.t, w, e); }, aclnnSWhere);
    EXPECT(rc == 0, "SWhere: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(24);
    for (int i = 0; i < 24; i++) g[(size_t)i] = c[(size_t)(i % 6)] ? s[(size_t)i] : t[(size_t)i];
    Expect("SWhere INT32/FLOAT", o, g);
    // complex values move bit for bit
    DevT ca = Make(ACL_COMPLEX128, {3}, {1, 2, 3}), cb = Make(ACL_COMPLEX128, {3}, {-1, -2, -3}), cc = Make(ACL_BOOL, {3}, {1, 0, 1});
    DevT co = MakeFill(ACL_COMPLEX128, {3}, 0);
    double im = 5;
    aclrtMemcpy((char *)ca.dev + 8, 8, &im, 8, ACL_MEMCPY_HOST_TO_DEVICE);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSWhereGetWorkspaceSize(cc.t, ca.t, cb.t, co.t, w, e); }, aclnnSWhere);
    EXPECT(rc == 0, "SWhere COMPLEX128: %d %s", rc, aclGetRecentErrMsg());
    Expect("SWhere COMPLEX128 real", co, {1, -2, 3});
    double im_out = 0;
    aclrtMemcpy(&im_out, 8, (char *)co.dev + 8, 8, ACL_MEMCPY_DEVICE_TO_HOST);
    EXPECT(im_out == 5, "SWhere COMPLEX128 imaginary part %g", im_out);

    // InplaceMaskedFillScalar (ggml's use: FLOAT self, BOOL mask broadcast) and Tensor (0-d value)
    std::vector<double> x = Values(ACL_FLOAT, 30, 93), m = {1, 0, 0, 1, 0, 1};
    DevT xd = Make(ACL_FLOAT, {5, 6}, x, TRANSPOSED), md = Make(ACL_BOOL, {6}, m);
    float neg = -INFINITY;
    aclScalar *sv = aclCreateScalar(&neg, ACL_FLOAT);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMaskedFillScalarGetWorkspaceSize(xd.t, md.t, sv, w, e); },
             aclnnInplaceMaskedFillScalar);
    EXPECT(rc == 0, "InplaceMaskedFillScalar: %d %s", rc, aclGetRecentErrMsg());
    for (int i = 0; i < 30; i++) if (m[(size_t)(i % 6)]) x[(size_t)i] = -INFINITY;
    Expect("InplaceMaskedFillScalar", xd, x);
    std::vector<double> xi = Values(ACL_INT32, 12, 94);
    DevT xid = Make(ACL_INT32, {2, 6}, xi), vd = Make(ACL_FLOAT, {}, {7.75}), m2 = Make(ACL_BOOL, {2, 6}, {1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1});
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMaskedFillTensorGetWorkspaceSize(xid.t, m2.t, vd.t, w, e); },
             aclnnInplaceMaskedFillTensor);
    EXPECT(rc == 0, "InplaceMaskedFillTensor: %d %s", rc, aclGetRecentErrMsg());
    const int mm[12] = {1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1};
    for (int i = 0; i < 12; i++) if (mm[i]) xi[(size_t)i] = 7; // value cast to INT32
    Expect("InplaceMaskedFillTensor", xid, xi);

    // Ger: FLOAT and FLOAT16 x FLOAT (promoted FLOAT), strided vectors, transposed out
    std::vector<double> u = Values(ACL_FLOAT16, 7, 95, false), v = Values(ACL_FLOAT, 9, 96, false);
    DevT ud = Make(ACL_FLOAT16, {7}, u, STRIDED), vdv = Make(ACL_FLOAT, {9}, v, STRIDED), go = MakeFill(ACL_FLOAT, {7, 9}, 0, TRANSPOSED);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGerGetWorkspaceSize(ud.t, vdv.t, go.t, w, e); }, aclnnGer);
    EXPECT(rc == 0, "Ger: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> gg(63);
    for (int i = 0; i < 63; i++) gg[(size_t)i] = u[(size_t)(i / 9)] * v[(size_t)(i % 9)];
    Expect("Ger FLOAT16 x FLOAT", go, gg);
    DevT ui = Make(ACL_INT32, {3}, {1, -2, 3}), vi = Make(ACL_INT32, {2}, {4, 5}), oi = MakeFill(ACL_INT64, {3, 2}, 0);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGerGetWorkspaceSize(ui.t, vi.t, oi.t, w, e); }, aclnnGer);
    Expect("Ger INT32", oi, {4, 5, -8, -10, 12, 15});

    uint64_t ws;
    aclOpExecutor *ex;
    DevT f32 = MakeFill(ACL_FLOAT, {6}, 1), m8 = MakeFill(ACL_UINT8, {6}, 1), i16 = MakeFill(ACL_INT16, {6}, 1);
    DevT m7 = MakeFill(ACL_BOOL, {7}, 1), two = MakeFill(ACL_FLOAT, {2, 3}, 0), v1 = MakeFill(ACL_FLOAT, {1}, 0);
    ExpectRefused("SWhere FLOAT condition", aclnnSWhereGetWorkspaceSize(f32.t, f32.t, f32.t, f32.t, &ws, &ex), 161002, "condition");
    ExpectRefused("SWhere broadcast", aclnnSWhereGetWorkspaceSize(m7.t, f32.t, f32.t, f32.t, &ws, &ex), 161002, "can't broadcast");
    ExpectRefused("MaskedFill UINT8 mask", aclnnInplaceMaskedFillScalarGetWorkspaceSize(f32.t, m8.t, sv, &ws, &ex), 161002, "DT_BOOL");
    ExpectRefused("MaskedFill INT16 self", aclnnInplaceMaskedFillScalarGetWorkspaceSize(i16.t, md.t, sv, &ws, &ex), 161002, "DT_INT16");
    ExpectRefused("MaskedFill null value", aclnnInplaceMaskedFillScalarGetWorkspaceSize(f32.t, md.t, nullptr, &ws, &ex), 161001, "value");
    ExpectRefused("MaskedFillTensor 1-d value", aclnnInplaceMaskedFillTensorGetWorkspaceSize(f32.t, md.t, v1.t, &ws, &ex), 161002, "value");
    ExpectRefused("Ger 2-D self", aclnnGerGetWorkspaceSize(two.t, vdv.t, go.t, &ws, &ex), 161002, "1-D");
    ExpectRefused("Ger out sizes", aclnnGerGetWorkspaceSize(vdv.t, ud.t, go.t, &ws, &ex), 161002, "Expected sizes");
    ExpectRefused("Ger null vec2", aclnnGerGetWorkspaceSize(ud.t, nullptr, go.t, &ws, &ex), 161001, "vec2");
    aclDestroyScalar(sv);
    cd.Free(); sd.Free(); td.Free(); o.Free(); ca.Free(); cb.Free(); cc.Free(); co.Free(); xd.Free(); md.Free();
    xid.Free(); vd.Free(); m2.Free(); ud.Free(); vdv.Free(); go.Free(); ui.Free(); vi.Free(); oi.Free();
    f32.Free(); m8.Free(); i16.Free(); m7.Free(); two.Free(); v1.Free();
}

// Another aclTensor over d's view (a tensor list owns and destroys its tensors).
static aclTensor *View(const DevT &d)
{
    std::vector<int64_t> st{d.storage};
    return aclCreateTensor(d.shape.data(), d.shape.size(), d.dt, d.strides.data(), d.offset, ACL_FORMAT_ND, st.data(), 1,
                           d.dev);
}

static void MaxMinN()
{
    // MaxN over three broadcast tensors (NaN propagates), MinN over five, and over one
    std::vector<double> a = Values(ACL_FLOAT, 24, 101), b = Values(ACL_FLOAT, 6, 102), c = Values(ACL_FLOAT, 4, 103);
    DevT ta = Make(ACL_FLOAT, {4, 6}, a, TRANSPOSED), tb = Make(ACL_FLOAT, {6}, b), tc = Make(ACL_FLOAT, {4, 1}, c);
    DevT o = MakeFill(ACL_FLOAT, {4, 6}, 0);
    aclTensor *l3[3] = {View(ta), View(tb), View(tc)};
    aclTensorList *list = aclCreateTensorList(l3, 3);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxNGetWorkspaceSize(list, o.t, w, e); }, aclnnMaxN);
    EXPECT(rc == 0, "MaxN: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(24);
    auto mx = [](double p, double q) { return std::isnan(p) || std::isnan(q) ? NAN : std::max(p, q); };
    auto mn = [](double p, double q) { return std::isnan(p) || std::isnan(q) ? NAN : std::min(p, q); };
    for (int i = 0; i < 24; i++) g[(size_t)i] = mx(mx(a[(size_t)i], b[(size_t)(i % 6)]), c[(size_t)(i / 6)]);
    Expect("MaxN", o, g);
    aclTensor *l5[5] = {View(ta), View(tb), View(tc), View(tb), View(ta)};
    aclTensorList *list5 = aclCreateTensorList(l5, 5);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMinNGetWorkspaceSize(list5, o.t, w, e); }, aclnnMinN);
    EXPECT(rc == 0, "MinN: %d %s", rc, aclGetRecentErrMsg());
    for (int i = 0; i < 24; i++) g[(size_t)i] = mn(mn(a[(size_t)i], b[(size_t)(i % 6)]), c[(size_t)(i / 6)]);
    Expect("MinN", o, g);
    aclTensor *l1[1] = {View(ta)};
    aclTensorList *list1 = aclCreateTensorList(l1, 1);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMinNGetWorkspaceSize(list1, o.t, w, e); }, aclnnMinN);
    Expect("MinN of one", o, a);
    uint64_t ws;
    aclOpExecutor *ex;
    DevT i32 = MakeFill(ACL_INT32, {4, 6}, 0), d7 = MakeFill(ACL_FLOAT, {7}, 0);
    aclTensor *lbad[2] = {View(ta), View(d7)};
    aclTensorList *listbad = aclCreateTensorList(lbad, 2);
    ExpectRefused("MaxN null list", aclnnMaxNGetWorkspaceSize(nullptr, o.t, &ws, &ex), 161001, "tensors");
    ExpectRefused("MaxN dtype mismatch", aclnnMaxNGetWorkspaceSize(list, i32.t, &ws, &ex), 161002, "dtype");
    ExpectRefused("MaxN broadcast", aclnnMaxNGetWorkspaceSize(listbad, o.t, &ws, &ex), 161002, "must match the size");
    aclDestroyTensorList(list); aclDestroyTensorList(list5); aclDestroyTensorList(list1); aclDestroyTensorList(listbad);
    ta.Free(); tb.Free(); tc.Free(); o.Free(); i32.Free(); d7.Free();
}

static void Addr()
{
    // out = beta * self + alpha * vec1 x vec2: self [m] broadcast, transposed out, strided vec1
    std::vector<double> sv = Values(ACL_FLOAT, 7, 111, false), v1 = Values(ACL_FLOAT, 5, 112, false),
                        v2 = Values(ACL_FLOAT, 7, 113, false);
    DevT s = Make(ACL_FLOAT, {7}, sv), a = Make(ACL_FLOAT, {5}, v1, STRIDED), b = Make(ACL_FLOAT, {7}, v2);
    DevT o = MakeFill(ACL_FLOAT, {5, 7}, 0, TRANSPOSED);
    float bv = 0.5f, av = -2.0f, zero = 0.0f;
    aclScalar *beta = aclCreateScalar(&bv, ACL_FLOAT), *alpha = aclCreateScalar(&av, ACL_FLOAT),
              *bz = aclCreateScalar(&zero, ACL_FLOAT);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddrGetWorkspaceSize(s.t, a.t, b.t, beta, alpha, o.t, w, e); },
                 aclnnAddr);
    EXPECT(rc == 0, "Addr: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(35);
    for (int i = 0; i < 35; i++) g[(size_t)i] = 0.5 * sv[(size_t)(i % 7)] - 2.0 * v1[(size_t)(i / 7)] * v2[(size_t)(i % 7)];
    Expect("Addr FLOAT", o, g);
    // beta 0 ignores self even where it is NaN; alpha absent is 1
    DevT sn = MakeFill(ACL_FLOAT, {5, 7}, NAN);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddrGetWorkspaceSize(sn.t, a.t, b.t, bz, nullptr, o.t, w, e); },
             aclnnAddr);
    for (int i = 0; i < 35; i++) g[(size_t)i] = v1[(size_t)(i / 7)] * v2[(size_t)(i % 7)];
    Expect("Addr beta 0", o, g);
    // InplaceAddr on INT32
    DevT si = Make(ACL_INT32, {2, 3}, {1, 2, 3, 4, 5, 6}), ai = Make(ACL_INT32, {2}, {1, -1}), bi = Make(ACL_INT32, {3}, {2, 3, 4});
    int64_t two = 2;
    aclScalar *s2 = aclCreateScalar(&two, ACL_INT64);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAddrGetWorkspaceSize(si.t, ai.t, bi.t, s2, nullptr, w, e); },
             aclnnInplaceAddr);
    EXPECT(rc == 0, "InplaceAddr: %d %s", rc, aclGetRecentErrMsg());
    Expect("InplaceAddr INT32", si, {4, 7, 10, 6, 7, 8});
    uint64_t ws;
    aclOpExecutor *ex;
    DevT m2 = MakeFill(ACL_FLOAT, {2, 2}, 0), bad = MakeFill(ACL_FLOAT, {4, 7}, 0);
    bool t = true;
    aclScalar *sb = aclCreateScalar(&t, ACL_BOOL);
    ExpectRefused("Addr null vec2", aclnnAddrGetWorkspaceSize(s.t, a.t, nullptr, beta, alpha, o.t, &ws, &ex), 161001, "vec2");
    ExpectRefused("Addr 2-D vec1", aclnnAddrGetWorkspaceSize(s.t, m2.t, b.t, beta, alpha, o.t, &ws, &ex), 161002, "vec1");
    ExpectRefused("Addr float beta with ints", aclnnAddrGetWorkspaceSize(si.t, ai.t, bi.t, beta, nullptr, si.t, &ws, &ex), 161002,
                  "must not be a floating point");
    ExpectRefused("Addr bool alpha", aclnnAddrGetWorkspaceSize(s.t, a.t, b.t, beta, sb, o.t, &ws, &ex), 161002, "Boolean alpha");
    ExpectRefused("Addr self size", aclnnAddrGetWorkspaceSize(bad.t, a.t, b.t, beta, alpha, o.t, &ws, &ex), 161002, "must match");
    aclDestroyScalar(beta); aclDestroyScalar(alpha); aclDestroyScalar(bz); aclDestroyScalar(s2); aclDestroyScalar(sb);
    s.Free(); a.Free(); b.Free(); o.Free(); sn.Free(); si.Free(); ai.Free(); bi.Free(); m2.Free(); bad.Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = SocName();
    g_bf16 = soc.find("310") == std::string::npos && soc != "Ascend910A" && soc != "Ascend910";
    g_regbase = soc.find("950") != std::string::npos;
    printf("soc %s\n", soc.c_str());
    Clamp();
    Addc();
    Lerp();
    WhereMaskedGer();
    MaxMinN();
    Addr();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
