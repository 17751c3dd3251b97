// The circular pads and the eight pad backwards (reflection / replication 1d-3d, circular
// 2d-3d) against references written here: the forward as out[o] = x[src(o)] per dim, the
// backward as the scatter-add gi[src(o)] += g[o] in double (the kernel gathers instead), plus
// the adjoint identity <pad(x), g> = <x, pad_backward(g)> with both sides from the device.
// Views (strided, transposed), negative pads (crops), empty batches, complex64, every
// validation path with its code and message; `310p` as argv[1]: the 310P chip rules.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_circular_pad2d.h"
#include "aclnnop/aclnn_circular_pad2d_backward.h"
#include "aclnnop/aclnn_circular_pad3d.h"
#include "aclnnop/aclnn_circular_pad3d_backward.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "aclnnop/aclnn_reflection_pad1d.h"
#include "aclnnop/aclnn_reflection_pad1d_backward.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_reflection_pad3d.h"
#include "aclnnop/aclnn_reflection_pad3d_backward.h"
#include "aclnnop/aclnn_replication_pad1d.h"
#include "aclnnop/aclnn_replication_pad1d_backward.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "aclnnop/aclnn_replication_pad3d.h"
#include "aclnnop/aclnn_replication_pad3d_backward.h"

static aclrtStream g_stream;
static const int kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;

enum Kind { REFLECT, REPLICATE, CIRCULAR };
static const char *KindName(Kind k) { return k == REFLECT ? "Reflection" : k == REPLICATE ? "Replication" : "Circular"; }

// Input index of output index o along a padded dim (input size n, low pad lo).
static int64_t Src(Kind k, int64_t o, int64_t lo, int64_t n)
{
    int64_t i = o - lo;
    if (k == REPLICATE) return i < 0 ? 0 : i >= n ? n - 1 : i;
    if (k == CIRCULAR) return ((i % n) + n) % n;
    if (n == 1) return 0;
    while (i < 0 || i >= n) i = i < 0 ? -i : 2 * (n - 1) - i;
    return i;
}

static std::vector<int64_t> Unravel(int64_t i, const std::vector<int64_t> &shape)
{
    std::vector<int64_t> idx(shape.size());
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) { idx[(size_t)d] = i % shape[(size_t)d]; i /= shape[(size_t)d]; }
    return idx;
}
static int64_t Ravel(const std::vector<int64_t> &idx, const std::vector<int64_t> &shape)
{
    int64_t r = 0;
    for (size_t d = 0; d < shape.size(); d++) r = r * shape[d] + idx[d];
    return r;
}

struct PadCase {
    Kind kind;
    std::vector<int64_t> shape, pad; // pad pairs from the last dim
    size_t k() const { return pad.size() / 2; }
    std::vector<int64_t> lo() const { std::vector<int64_t> l(shape.size(), 0); for (size_t j = 0; j < k(); j++) l[shape.size() - 1 - j] = pad[2 * j]; return l; }
    std::vector<int64_t> outShape() const
    {
        std::vector<int64_t> o = shape;
        for (size_t j = 0; j < k(); j++) o[shape.size() - 1 - j] += pad[2 * j] + pad[2 * j + 1];
        return o;
    }
    // flat input index of each output element
    std::vector<int64_t> SrcMap() const
    {
        std::vector<int64_t> os = outShape(), l = lo(), m((size_t)GetShapeSize(os));
        size_t nd = shape.size();
        for (int64_t i = 0; i < (int64_t)m.size(); i++) {
            std::vector<int64_t> idx = Unravel(i, os);
            for (size_t d = nd - k(); d < nd; d++) idx[d] = Src(kind, idx[d], l[d], shape[d]);
            m[(size_t)i] = Ravel(idx, shape);
        }
        return m;
    }
    std::string Name() const
    {
        std::string s = std::string(KindName(kind)) + "Pad" + std::to_string(k()) + "d [";
        for (int64_t v : shape) s += std::to_string(v) + ",";
        s += "] pad [";
        for (int64_t v : pad) s += std::to_string(v) + ",";
        return s + "]";
    }
};

// ---- stage-1 wrappers by (kind, k) ----------------------------------------------------------
static int PadS1(Kind kind, size_t k, aclTensor *x, aclIntArray *p, aclTensor *o, uint64_t *w, aclOpExecutor **ex)
{
    if (kind == REFLECT) return k == 1 ? aclnnReflectionPad1dGetWorkspaceSize(x, p, o, w, ex) : k == 2 ? aclnnReflectionPad2dGetWorkspaceSize(x, p, o, w, ex) : aclnnReflectionPad3dGetWorkspaceSize(x, p, o, w, ex);
    if (kind == REPLICATE) return k == 1 ? aclnnReplicationPad1dGetWorkspaceSize(x, p, o, w, ex) : k == 2 ? aclnnReplicationPad2dGetWorkspaceSize(x, p, o, w, ex) : aclnnReplicationPad3dGetWorkspaceSize(x, p, o, w, ex);
    return k == 2 ? aclnnCircularPad2dGetWorkspaceSize(x, p, o, w, ex) : aclnnCircularPad3dGetWorkspaceSize(x, p, o, w, ex);
}
static Stage2Fn PadS2(Kind kind, size_t k)
{
    if (kind == REFLECT) return k == 1 ? aclnnReflectionPad1d : k == 2 ? aclnnReflectionPad2d : aclnnReflectionPad3d;
    if (kind == REPLICATE) return k == 1 ? aclnnReplicationPad1d : k == 2 ? aclnnReplicationPad2d : aclnnReplicationPad3d;
    return k == 2 ? aclnnCircularPad2d : aclnnCircularPad3d;
}
static int GradS1(Kind kind, size_t k, aclTensor *g, aclTensor *x, aclIntArray *p, aclTensor *gi, uint64_t *w, aclOpExecutor **ex)
{
    if (kind == REFLECT) return k == 1 ? aclnnReflectionPad1dBackwardGetWorkspaceSize(g, x, p, gi, w, ex) : k == 2 ? aclnnReflectionPad2dBackwardGetWorkspaceSize(g, x, p, gi, w, ex) : aclnnReflectionPad3dBackwardGetWorkspaceSize(g, x, p, gi, w, ex);
    if (kind == REPLICATE) return k == 1 ? aclnnReplicationPad1dBackwardGetWorkspaceSize(g, x, p, gi, w, ex) : k == 2 ? aclnnReplicationPad2dBackwardGetWorkspaceSize(g, x, p, gi, w, ex) : aclnnReplicationPad3dBackwardGetWorkspaceSize(g, x, p, gi, w, ex);
    return k == 2 ? aclnnCircularPad2dBackwardGetWorkspaceSize(g, x, p, gi, w, ex) : aclnnCircularPad3dBackwardGetWorkspaceSize(g, x, p, gi, w, ex);
}
static Stage2Fn GradS2(Kind kind, size_t k)
{
    if (kind == REFLECT) return k == 1 ? aclnnReflectionPad1dBackward : k == 2 ? aclnnReflectionPad2dBackward : aclnnReflectionPad3dBackward;
    if (kind == REPLICATE) return k == 1 ? aclnnReplicationPad1dBackward : k == 2 ? aclnnReplicationPad2dBackward : aclnnReplicationPad3dBackward;
    return k == 2 ? aclnnCircularPad2dBackward : aclnnCircularPad3dBackward;
}

static std::vector<PadCase> GradCases()
{
    std::vector<PadCase> cs;
    for (Kind kind : {REFLECT, REPLICATE, CIRCULAR}) {
        if (kind != CIRCULAR) {
            cs.push_back({kind, {3, 7}, {2, 3}});
            cs.push_back({kind, {2, 3, 5}, {4, 1}});
            cs.push_back({kind, {2, 3, 600}, {5, 2}}); // rows past one 256-element chunk
            cs.push_back({kind, {2, 3, 6}, {-2, 3}}); // a crop on the low side
            cs.push_back({kind, {2, 5, 4, 5}, {4, 1, 3, 0, 1, 2}});
            cs.push_back({kind, {1, 2, 3, 4, 5}, {2, 2, 1, 1, 1, 2}});
        }
        if (kind == REPLICATE) {
            cs.push_back({kind, {2, 2, 1}, {3, 2}});
            cs.push_back({kind, {1, 2, 1, 3}, {2, 0, 9, 1}}); // pads past the dim: long edge preimages
        }
        cs.push_back({kind, {2, 5, 6}, {1, 2, 3, 0}});
        cs.push_back({kind, {2, 3, 4, 5}, {3, 3, 2, 1}});
        cs.push_back({kind, {2, 4, 6}, {-1, 2, 1, -2}});
        cs.push_back({kind, {3, 4, 5, 3}, {2, 1, 0, 3, 2, 2}});
        cs.push_back({kind, {2, 1, 3, 4, 5}, {1, -2, 2, 1, 1, 0}});
    }
    return cs;
}

static bool NegativePad(const PadCase &c)
{
    for (int64_t v : c.pad) if (v < 0) return true;
    return false;
}

// aclnn_pad2d_backward.cpp's BF16 rule: no negative pad, none above 7 unless H is unpadded
static bool Bf16Refused(const PadCase &c)
{
    if (c.k() != 2 || c.kind == CIRCULAR) return false;
    bool big = false;
    for (int64_t v : c.pad) big |= v > 7;
    return NegativePad(c) || (big && (c.pad[2] || c.pad[3]));
}

// ---- forward circular pads ------------------------------------------------------------------
static void TestCircularForward()
{
    std::vector<PadCase> cs = {{CIRCULAR, {2, 5, 6}, {1, 2, 3, 0}}, {CIRCULAR, {2, 3, 4, 5}, {4, 4, 3, 3}},
                               {CIRCULAR, {2, 4, 6}, {-1, 2, 1, -2}}, {CIRCULAR, {3, 4, 5, 3}, {2, 1, 0, 3, 2, 2}},
                               {CIRCULAR, {2, 1, 3, 4, 5}, {1, -2, 2, 1, 1, 0}}, {CIRCULAR, {2, 3, 300}, {299, 1, 1, 2}}};
    uint64_t seed = 1;
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                if (c.shape.back() == 300 && lay != CONTIG) continue;
                std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.shape), seed++, dt == ACL_INT8 ? 20 : 1000));
                std::vector<int64_t> m = c.SrcMap(), os = c.outShape();
                std::vector<double> g(m.size());
                for (size_t i = 0; i < m.size(); i++) g[i] = x[(size_t)m[i]];
                DevTensor tx, to;
                if (!tx.Init(dt, c.shape, x, lay) || !to.Init(dt, os, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                aclIntArray *pa = aclCreateIntArray(c.pad.data(), c.pad.size());
                std::string what = c.Name() + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return PadS1(CIRCULAR, c.k(), tx.t, pa, to.t, w, ex); }, PadS2(CIRCULAR, c.k()));
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    std::vector<double> y = to.Read();
                    size_t bad = 0;
                    for (size_t i = 0; i < g.size(); i++) bad += y[i] != g[i];
                    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
                }
                aclDestroyIntArray(pa);
            }
}

// ---- backwards against the scatter-add reference ---------------------------------------------
static void TestGradReference()
{
    uint64_t seed = 100;
    for (auto &c : GradCases()) {
        std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
        if (c.kind != CIRCULAR) dts.push_back(ACL_DOUBLE);
        for (aclDataType dt : dts)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                if (dt == ACL_BF16 && Bf16Refused(c)) continue; // refused (tested below)
                std::vector<int64_t> m = c.SrcMap(), os = c.outShape();
                std::vector<double> g = QuantAll(dt, RandomValues(m.size(), seed++, 1));
                std::vector<double> ref((size_t)GetShapeSize(c.shape), 0.0);
                for (size_t i = 0; i < m.size(); i++) ref[(size_t)m[i]] += g[i];
                DevTensor tg, tx, tgi;
                if (!tg.Init(dt, os, g, lay) || !tx.Init(dt, c.shape, {}, CONTIG) ||
                    !tgi.Init(dt, c.shape, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                aclIntArray *pa = aclCreateIntArray(c.pad.data(), c.pad.size());
                std::string what = c.Name() + " backward " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return GradS1(c.kind, c.k(), tg.t, tx.t, pa, tgi.t, w, ex); }, GradS2(c.kind, c.k()));
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    CheckDtype(what.c_str(), dt, tgi.Read(), QuantAll(dt, ref));
                    EXPECT(tgi.CountClobbered() == 0, "%s: wrote outside the gradInput view", what.c_str());
                }
                aclDestroyIntArray(pa);
            }
    }
}

// ---- <pad(x), g> = <x, pad_backward(g)>, both from the device --------------------------------
static void TestAdjoint()
{
    uint64_t seed = 500;
    for (auto &c : GradCases()) {
        if (c.kind != CIRCULAR && NegativePad(c)) continue; // our forward reflection / replication pads take no crops
        for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE}) {
            if (dt == ACL_DOUBLE && c.kind == CIRCULAR) continue; // no DOUBLE circular pad
            std::vector<int64_t> os = c.outShape();
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.shape), seed++, 1));
            std::vector<double> g = QuantAll(dt, RandomValues((size_t)GetShapeSize(os), seed++, 1));
            DevTensor tx, ty, tg, tgi;
            if (!tx.Init(dt, c.shape, x, TRANSPOSED) || !ty.Init(dt, os, {}, CONTIG) || !tg.Init(dt, os, g, STRIDED) ||
                !tgi.Init(dt, c.shape, {}, CONTIG)) return;
            aclIntArray *pa = aclCreateIntArray(c.pad.data(), c.pad.size());
            std::string what = c.Name() + " adjoint " + DtName(dt);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return PadS1(c.kind, c.k(), tx.t, pa, ty.t, w, ex); }, PadS2(c.kind, c.k()));
            if (!rc) rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return GradS1(c.kind, c.k(), tg.t, tx.t, pa, tgi.t, w, ex); }, GradS2(c.kind, c.k()));
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) {
                std::vector<double> y = ty.Read(), gi = tgi.Read();
                double lhs = 0, rhs = 0, mag = 0;
                for (size_t i = 0; i < y.size(); i++) { lhs += y[i] * g[i]; mag += std::fabs(y[i] * g[i]); }
                for (size_t i = 0; i < x.size(); i++) rhs += x[i] * gi[i];
                double tol = (dt == ACL_DOUBLE ? 1e-12 : 1e-6) * (mag + 1);
                EXPECT(std::fabs(lhs - rhs) <= tol, "%s: <pad(x), g> = %.17g but <x, pad_backward(g)> = %.17g", what.c_str(), lhs, rhs);
            }
            aclDestroyIntArray(pa);
        }
    }
}

// ---- complex64: real and imaginary parts each take the same sums -------------------------------
static void TestComplex()
{
    PadCase cs[] = {{REFLECT, {2, 3, 5}, {4, 1}}, {REPLICATE, {2, 5, 6}, {1, 2, 3, 0}}, {REFLECT, {3, 4, 5, 3}, {2, 1, 0, 3, 2, 2}}};
    uint64_t seed = 900;
    for (auto &c : cs) {
        std::vector<int64_t> m = c.SrcMap(), os = c.outShape();
        std::vector<double> gre = QuantAll(ACL_FLOAT, RandomValues(m.size(), seed++, 1)), gim = QuantAll(ACL_FLOAT, RandomValues(m.size(), seed++, 1));
        size_t n = (size_t)GetShapeSize(c.shape);
        std::vector<double> rre(n, 0.0), rim(n, 0.0);
        for (size_t i = 0; i < m.size(); i++) { rre[(size_t)m[i]] += gre[i]; rim[(size_t)m[i]] += gim[i]; }
        std::vector<float> gh(2 * m.size()), zero(2 * n, -777.0f);
        for (size_t i = 0; i < m.size(); i++) { gh[2 * i] = (float)gre[i]; gh[2 * i + 1] = (float)gim[i]; }
        void *dg = nullptr, *dx = nullptr, *dgi = nullptr;
        aclTensor *tg = nullptr, *tx = nullptr, *tgi = nullptr;
        if (CreateAclTensor(gh, os, &dg, ACL_COMPLEX64, &tg) || CreateAclTensor(zero, c.shape, &dx, ACL_COMPLEX64, &tx) ||
            CreateAclTensor(zero, c.shape, &dgi, ACL_COMPLEX64, &tgi)) return;
        aclIntArray *pa = aclCreateIntArray(c.pad.data(), c.pad.size());
        std::string what = c.Name() + " backward COMPLEX64";
        int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return GradS1(c.kind, c.k(), tg, tx, pa, tgi, w, ex); }, GradS2(c.kind, c.k()));
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (!rc) {
            std::vector<float> out = Download<float>(dgi, 2 * n);
            std::vector<double> are(n), aim(n);
            for (size_t i = 0; i < n; i++) { are[i] = out[2 * i]; aim[i] = out[2 * i + 1]; }
            CheckDtype((what + " re").c_str(), ACL_FLOAT, are, rre);
            CheckDtype((what + " im").c_str(), ACL_FLOAT, aim, rim);
        }
        aclDestroyIntArray(pa);
        aclDestroyTensor(tg); aclDestroyTensor(tx); aclDestroyTensor(tgi);
        aclrtFree(dg); aclrtFree(dx); aclrtFree(dgi);
    }
}

// ---- empty tensors: a 0 batch runs (nothing to do), other empty dims are refused ----------------
static void TestEmpty()
{
    struct { Kind kind; std::vector<int64_t> shape, pad; bool ok; } cs[] = {
        {REFLECT, {0, 3, 5}, {1, 1}, true},      {REFLECT, {2, 0, 5}, {1, 1}, false},   {REFLECT, {0, 5}, {1, 1}, true},
        {REPLICATE, {0, 5}, {1, 1}, false},      {REPLICATE, {0, 2, 5}, {1, 1}, true},  {REFLECT, {0, 3, 4, 5}, {1, 1, 1, 1}, true},
        {REPLICATE, {2, 3, 0, 5}, {1, 1, 0, 0}, false}, {REPLICATE, {0, 4, 5}, {1, 1, 1, 1}, false}, {CIRCULAR, {0, 4, 5}, {1, 1, 1, 1}, true},
        {REFLECT, {0, 3, 4, 5}, {1, 1, 1, 1, 1, 1}, false}, {CIRCULAR, {0, 2, 3, 4, 5}, {1, 1, 1, 1, 1, 1}, true},
    };
    for (auto &c : cs) {
        PadCase pc{c.kind, c.shape, c.pad};
        DevTensor tg, tx, tgi;
        if (!tg.Init(ACL_FLOAT, pc.outShape(), {}, CONTIG) || !tx.Init(ACL_FLOAT, c.shape, {}, CONTIG) || !tgi.Init(ACL_FLOAT, c.shape, {}, CONTIG)) return;
        aclIntArray *pa = aclCreateIntArray(c.pad.data(), c.pad.size());
        uint64_t ws = 7;
        aclOpExecutor *ex = nullptr;
        int rc = GradS1(c.kind, pc.k(), tg.t, tx.t, pa, tgi.t, &ws, &ex);
        std::string what = pc.Name() + " backward empty";
        if (c.ok) {
            EXPECT(rc == 0 && ws == 0, "%s: returned %d, workspace %llu", what.c_str(), rc, (unsigned long long)ws);
            if (rc == 0) EXPECT(GradS2(c.kind, pc.k())(nullptr, 0, ex, g_stream) == 0, "%s: stage 2 failed", what.c_str());
        } else {
            ExpectError(what.c_str(), rc, kInvalid, pc.k() == 3 ? "possibly 0 batch size" : "should not be empty");
        }
        aclDestroyIntArray(pa);
    }
    // forward circular: the shorter rank empty is refused, a 0 batch of the longer one runs
    for (auto &s : std::vector<std::vector<int64_t>>{{0, 4, 5}, {0, 2, 4, 5}, {2, 0, 4, 5}}) {
        PadCase pc{CIRCULAR, s, {1, 1, 1, 1}};
        DevTensor tx, to;
        if (!tx.Init(ACL_FLOAT, s, {}, CONTIG) || !to.Init(ACL_FLOAT, pc.outShape(), {}, CONTIG)) return;
        aclIntArray *pa = aclCreateIntArray(pc.pad.data(), 4);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnCircularPad2dGetWorkspaceSize(tx.t, pa, to.t, &ws, &ex);
        bool ok = s.size() == 4 && s[1] != 0;
        std::string what = pc.Name() + " empty";
        if (ok) {
            EXPECT(rc == 0, "%s: returned %d", what.c_str(), rc);
            if (!rc) EXPECT(aclnnCircularPad2d(nullptr, 0, ex, g_stream) == 0, "%s: stage 2 failed", what.c_str());
        } else {
            ExpectError(what.c_str(), rc, kInvalid, "possibly 0 batch size");
        }
        aclDestroyIntArray(pa);
    }
}

// ---- validation: null -> dtype -> format -> shape, with codes and messages --------------------
static void TestValidation()
{
    DevTensor g, x, gi, xi, gd, gbf, xbf, gibf, g5, gshort, x2, gi2;
    if (!g.Init(ACL_FLOAT, {2, 6, 9}, {}, CONTIG) || !x.Init(ACL_FLOAT, {2, 4, 5}, {}, CONTIG) ||
        !gi.Init(ACL_FLOAT, {2, 4, 5}, {}, CONTIG) || !xi.Init(ACL_INT32, {2, 4, 5}, {}, CONTIG) ||
        !gd.Init(ACL_DOUBLE, {2, 6, 9}, {}, CONTIG) || !gbf.Init(ACL_BF16, {2, 4 + 16, 5 + 2}, {}, CONTIG) ||
        !xbf.Init(ACL_BF16, {2, 4, 5}, {}, CONTIG) || !gibf.Init(ACL_BF16, {2, 4, 5}, {}, CONTIG) ||
        !g5.Init(ACL_FLOAT, {2, 6, 10}, {}, CONTIG) || !gshort.Init(ACL_FLOAT, {6, 9}, {}, CONTIG) ||
        !x2.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !gi2.Init(ACL_FLOAT, {4, 5}, {}, CONTIG)) return;
    int64_t p4[4] = {2, 2, 1, 1}, p2[2] = {2, 2}, pbig[4] = {5, 0, 1, 1}, pbf[4] = {1, 1, 8, 8};
    aclIntArray *pa = aclCreateIntArray(p4, 4), *pa2 = aclCreateIntArray(p2, 2), *pab = aclCreateIntArray(pbig, 4),
                *pabf = aclCreateIntArray(pbf, 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null gradOutput", aclnnReflectionPad2dBackwardGetWorkspaceSize(nullptr, x.t, pa, gi.t, &ws, &ex), kNull, "gradOutput");
    ExpectError("null self", aclnnReplicationPad2dBackwardGetWorkspaceSize(g.t, nullptr, pa, gi.t, &ws, &ex), kNull, "self");
    ExpectError("null padding", aclnnCircularPad2dBackwardGetWorkspaceSize(g.t, x.t, nullptr, gi.t, &ws, &ex), kNull, "padding");
    ExpectError("null gradInput", aclnnReflectionPad1dBackwardGetWorkspaceSize(g.t, x.t, pa2, nullptr, &ws, &ex), kNull, "gradInput");
    ExpectError("null workspaceSize", aclnnReplicationPad3dBackwardGetWorkspaceSize(g.t, x.t, pa, gi.t, nullptr, &ex), kNull);
    ExpectError("int32 self", aclnnReflectionPad2dBackwardGetWorkspaceSize(g.t, xi.t, pa, gi.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("dtype mismatch", aclnnReflectionPad2dBackwardGetWorkspaceSize(gd.t, x.t, pa, gi.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    DevTensor gdc, xdc, gidc;
    if (!gdc.Init(ACL_DOUBLE, {2, 6, 9}, {}, CONTIG) || !xdc.Init(ACL_DOUBLE, {2, 4, 5}, {}, CONTIG) || !gidc.Init(ACL_DOUBLE, {2, 4, 5}, {}, CONTIG)) return;
    ExpectError("circular double", aclnnCircularPad2dBackwardGetWorkspaceSize(gdc.t, xdc.t, pa, gidc.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    aclTensor *priv = aclCreateTensor(g.shape.data(), 3, ACL_FLOAT, g.strides.data(), 0, ACL_FORMAT_NC1HWC0, g.storage.data(), 1, g.dev);
    ExpectError("private format", aclnnReflectionPad2dBackwardGetWorkspaceSize(priv, x.t, pa, gi.t, &ws, &ex), kInvalid, "format");
    aclDestroyTensor(priv);
    aclTensor *nchw = aclCreateTensor(g.shape.data(), 3, ACL_FLOAT, g.strides.data(), 0, ACL_FORMAT_NCHW, g.storage.data(), 1, g.dev);
    ExpectError("formats differ", aclnnReflectionPad2dBackwardGetWorkspaceSize(nchw, x.t, pa, gi.t, &ws, &ex), kInvalid, "Format of input and output should be equal");
    aclDestroyTensor(nchw);
    ExpectError("gradInput shape", aclnnReflectionPad2dBackwardGetWorkspaceSize(g.t, x.t, pa, gi2.t, &ws, &ex), kInvalid, "gradInput");
    ExpectError("rank", aclnnReflectionPad2dBackwardGetWorkspaceSize(gshort.t, x2.t, pa, gi2.t, &ws, &ex), kInvalid, "dim num");
    ExpectError("ranks differ", aclnnReflectionPad2dBackwardGetWorkspaceSize(gshort.t, x.t, pa, gi.t, &ws, &ex), kInvalid, "dim should be same");
    ExpectError("padding length", aclnnReflectionPad2dBackwardGetWorkspaceSize(g.t, x.t, pa2, gi.t, &ws, &ex), kInvalid, "padding length should be 4");
    ExpectError("reflect pad >= dim", aclnnReflectionPad2dBackwardGetWorkspaceSize(g5.t, x.t, pab, gi.t, &ws, &ex), kInvalid, "padding size should be less");
    ExpectError("circular pad >= dim", aclnnCircularPad2dBackwardGetWorkspaceSize(g5.t, x.t, pab, gi.t, &ws, &ex), kInvalid, "padding size should be less");
    ExpectError("wrong gradOutput", aclnnReplicationPad2dBackwardGetWorkspaceSize(g5.t, x.t, pa, gi.t, &ws, &ex), kInvalid, "wrong gradOutput shape");
    ExpectError("bf16 pad > 7", aclnnReplicationPad2dBackwardGetWorkspaceSize(gbf.t, xbf.t, pabf, gibf.t, &ws, &ex), kInvalid, "bf16 only supports");
    int64_t huge[2] = {INT64_MAX / 2, INT64_MAX / 2};
    aclIntArray *ph = aclCreateIntArray(huge, 2);
    ExpectError("huge pads", aclnnReplicationPad1dBackwardGetWorkspaceSize(g.t, x.t, ph, gi.t, &ws, &ex), kInvalid, "too large");
    // forward circular
    DevTensor o, o5, oi;
    if (!o.Init(ACL_FLOAT, {2, 6, 9}, {}, CONTIG) || !o5.Init(ACL_FLOAT, {2, 6, 10}, {}, CONTIG) || !oi.Init(ACL_INT32, {2, 6, 9}, {}, CONTIG)) return;
    ExpectError("circular null", aclnnCircularPad2dGetWorkspaceSize(nullptr, pa, o.t, &ws, &ex), kNull, "self");
    ExpectError("circular dtype", aclnnCircularPad2dGetWorkspaceSize(x.t, pa, oi.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("circular double self", aclnnCircularPad2dGetWorkspaceSize(xdc.t, pa, o.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("circular rank", aclnnCircularPad3dGetWorkspaceSize(x.t, pa, o.t, &ws, &ex), kInvalid, "dim num");
    ExpectError("circular padding length", aclnnCircularPad2dGetWorkspaceSize(x.t, pa2, o.t, &ws, &ex), kInvalid, "padding length should be 4");
    ExpectError("circular out shape", aclnnCircularPad2dGetWorkspaceSize(x.t, pa, o5.t, &ws, &ex), kInvalid, "out shape");
    ExpectError("circular pad >= dim", aclnnCircularPad2dGetWorkspaceSize(x.t, pab, o5.t, &ws, &ex), kInvalid, "padding size should be less");
    ExpectError("circular huge pads", aclnnCircularPad2dGetWorkspaceSize(x.t, ph, o.t, &ws, &ex), kInvalid);
    int64_t hp4[4] = {INT64_MAX, 1, 1, 1};
    aclIntArray *ph4 = aclCreateIntArray(hp4, 4);
    ExpectError("circular huge pad", aclnnCircularPad2dGetWorkspaceSize(x.t, ph4, o.t, &ws, &ex), kInvalid, "too large");
    for (aclIntArray *a : {pa, pa2, pab, pabf, ph, ph4}) aclDestroyIntArray(a);
}

// 310P: the reflection / replication backwards run (no BF16), the circular pads have no kernel.
static void Test310P()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
    DevTensor g, x, gi, gb, xb, gib, o;
    if (!g.Init(ACL_FLOAT16, {2, 6, 9}, RandomValues(108, 7), CONTIG) || !x.Init(ACL_FLOAT16, {2, 4, 5}, {}, CONTIG) ||
        !gi.Init(ACL_FLOAT16, {2, 4, 5}, {}, CONTIG) || !gb.Init(ACL_BF16, {2, 6, 9}, {}, CONTIG) ||
        !xb.Init(ACL_BF16, {2, 4, 5}, {}, CONTIG) || !gib.Init(ACL_BF16, {2, 4, 5}, {}, CONTIG) || !o.Init(ACL_FLOAT16, {2, 6, 9}, {}, CONTIG)) return;
    int64_t p4[4] = {2, 2, 1, 1};
    aclIntArray *pa = aclCreateIntArray(p4, 4);
    int rc = Run("ReflectionPad2dBackward 310P", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReflectionPad2dBackwardGetWorkspaceSize(g.t, x.t, pa, gi.t, w, ex); }, aclnnReflectionPad2dBackward);
    EXPECT(rc == 0, "ReflectionPad2dBackward FP16 on 310P failed: %d", rc);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("bf16 on 310P", aclnnReflectionPad2dBackwardGetWorkspaceSize(gb.t, xb.t, pa, gib.t, &ws, &ex), kInvalid, "DT_BF16");
    for (int which = 0; which < 2; which++) {
        int r = which ? aclnnCircularPad2dBackwardGetWorkspaceSize(g.t, x.t, pa, gi.t, &ws, &ex) : aclnnCircularPad2dGetWorkspaceSize(x.t, pa, o.t, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(r == ACLNN_ERR_RUNTIME_ERROR && m && std::string(m).find("not implemented") != std::string::npos,
               "CircularPad2d%s on 310P: %d %s", which ? "Backward" : "", r, m ? m : "");
    }
    aclDestroyIntArray(pa);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        Test310P();
    } else {
        TestCircularForward();
        TestGradReference();
        TestAdjoint();
        TestComplex();
        TestEmpty();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
