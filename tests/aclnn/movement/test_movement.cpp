// The ops-math data-movement ops (Slice, Cat, Repeat, Tril / Triu + Inplace, Arange, Range)
// against references written here (exact: they move or generate values), with strided /
// transposed views, negative dims and bounds, empty inputs, dtype promotion in Cat, and the
// validation paths with their codes.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_arange.h"
#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_constant_pad_nd.h"
#include "aclnnop/aclnn_expand.h"
#include "aclnnop/aclnn_eye.h"
#include "aclnnop/aclnn_flip.h"
#include "aclnnop/aclnn_linspace.h"
#include "aclnnop/aclnn_split_tensor.h"
#include "aclnnop/aclnn_split_with_size.h"
#include "aclnnop/aclnn_stack.h"
#include "aclnnop/aclnn_im2col.h"
#include "aclnnop/aclnn_range.h"
#include "aclnnop/aclnn_reflection_pad1d.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_reflection_pad3d.h"
#include "aclnnop/aclnn_replication_pad1d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "aclnnop/aclnn_replication_pad3d.h"
#include "aclnnop/aclnn_roll.h"
#include "aclnnop/aclnn_repeat.h"
#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_slice.h"
#include "aclnnop/aclnn_tril.h"
#include "aclnnop/aclnn_triu.h"

static aclrtStream g_stream;

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

static void Exact(const std::string &what, const std::vector<double> &a, const std::vector<double> &g)
{
    size_t bad = a.size() != g.size() ? 1 : 0;
    for (size_t i = 0; i < g.size() && i < a.size(); i++) bad += !(a[i] == g[i] || (std::isnan(a[i]) && std::isnan(g[i])));
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
}

static void TestSlice()
{
    struct { std::vector<int64_t> shape; int64_t dim, start, end, step; } cs[] = {
        {{10}, 0, 2, 8, 1}, {{10}, 0, -7, -1, 2}, {{4, 9}, 1, 1, 100, 3}, {{4, 9}, -2, -100, 3, 1},
        {{3, 4, 5}, 2, 4, 2, 1} /* empty */, {{2, 3, 4, 5}, 1, 0, 3, 2}, {{5, 6}, 0, 5, 9, 1} /* empty */};
    uint64_t seed = 1;
    for (auto &c : cs)
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
            for (aclDataType dt : {ACL_FLOAT, ACL_INT64, ACL_BF16, ACL_BOOL}) {
                int64_t n = (int64_t)c.shape.size(), d = c.dim < 0 ? c.dim + n : c.dim, len = c.shape[(size_t)d];
                int64_t s = c.start < 0 ? c.start + len : c.start, e = c.end < 0 ? c.end + len : c.end;
                s = std::max<int64_t>(0, std::min(s, len));
                e = std::max(s, std::min(e, len));
                std::vector<int64_t> os = c.shape;
                os[(size_t)d] = (e - s + c.step - 1) / c.step;
                std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10));
                if (dt == ACL_BOOL) for (double &v : x) v = v > 0;
                std::vector<double> g((size_t)GetShapeSize(os));
                for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                    std::vector<int64_t> idx = Unravel(i, os);
                    idx[(size_t)d] = s + idx[(size_t)d] * c.step;
                    g[(size_t)i] = x[(size_t)Ravel(idx, c.shape)];
                }
                DevTensor ts, to;
                if (!ts.Init(dt, c.shape, x, lay) || !to.Init(dt, os, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                int rc = Run("Slice", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnSliceGetWorkspaceSize(ts.t, c.dim, c.start, c.end, c.step, to.t, w, ex); }, aclnnSlice);
                std::string what = "Slice dim " + std::to_string(c.dim) + " [" + std::to_string(c.start) + ":" + std::to_string(c.end) +
                                   ":" + std::to_string(c.step) + "] " + DtName(dt) + " layout " + std::to_string(lay);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                Exact(what, to.Read(), g);
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
            }
    DevTensor ts, to;
    if (!ts.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !to.Init(ACL_FLOAT, {4, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Slice step 0", aclnnSliceGetWorkspaceSize(ts.t, 1, 0, 4, 0, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "step");
    ExpectError("Slice dim", aclnnSliceGetWorkspaceSize(ts.t, 2, 0, 4, 1, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("Slice out shape", aclnnSliceGetWorkspaceSize(ts.t, 1, 0, 4, 1, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Shape of out");
    ExpectError("Slice null", aclnnSliceGetWorkspaceSize(nullptr, 1, 0, 4, 1, to.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
}

static void TestCat()
{
    struct Part { aclDataType dt; std::vector<int64_t> shape; Layout lay; };
    struct { std::vector<Part> parts; int64_t dim; aclDataType out; } cs[] = {
        {{{ACL_FLOAT, {2, 3}, CONTIG}, {ACL_FLOAT, {4, 3}, STRIDED}}, 0, ACL_FLOAT},
        {{{ACL_FLOAT16, {2, 3, 4}, TRANSPOSED}, {ACL_FLOAT, {2, 1, 4}, CONTIG}, {ACL_FLOAT, {2, 5, 4}, STRIDED}}, 1, ACL_FLOAT},
        {{{ACL_INT32, {3, 2}, CONTIG}, {ACL_INT64, {3, 7}, TRANSPOSED}}, -1, ACL_INT64},
        {{{ACL_FLOAT, {0}, CONTIG}, {ACL_FLOAT, {2, 2}, CONTIG}, {ACL_FLOAT, {2, 0}, CONTIG}, {ACL_FLOAT, {2, 3}, CONTIG}}, 1, ACL_FLOAT},
        {{{ACL_BF16, {5}, CONTIG}}, 0, ACL_FLOAT},
    };
    uint64_t seed = 200;
    for (auto &c : cs) {
        std::vector<DevTensor> ts(c.parts.size());
        std::vector<aclTensor *> items;
        std::vector<std::vector<double>> vals;
        for (size_t i = 0; i < c.parts.size(); i++) {
            vals.push_back(QuantAll(c.parts[i].dt, RandomValues((size_t)GetShapeSize(c.parts[i].shape), seed++, 10)));
            if (!ts[i].Init(c.parts[i].dt, c.parts[i].shape, vals.back(), c.parts[i].lay)) return;
            items.push_back(ts[i].t);
        }
        // reference: the non-skipped parts along dim
        const Part *p0 = nullptr;
        for (auto &p : c.parts) if (!(p.shape.size() == 1 && p.shape[0] == 0)) { p0 = &p; break; }
        std::vector<int64_t> os = p0->shape;
        int64_t n = (int64_t)os.size(), d = c.dim < 0 ? c.dim + n : c.dim;
        os[(size_t)d] = 0;
        for (auto &p : c.parts) if (!(p.shape.size() == 1 && p.shape[0] == 0)) os[(size_t)d] += p.shape[(size_t)d];
        std::vector<double> g((size_t)GetShapeSize(os));
        for (int64_t i = 0; i < (int64_t)g.size(); i++) {
            std::vector<int64_t> idx = Unravel(i, os);
            int64_t k = idx[(size_t)d];
            for (size_t j = 0; j < c.parts.size(); j++) {
                auto &p = c.parts[j];
                if (p.shape.size() == 1 && p.shape[0] == 0) continue;
                if (k < p.shape[(size_t)d]) { idx[(size_t)d] = k; g[(size_t)i] = Quant(c.out, vals[j][(size_t)Ravel(idx, p.shape)]); break; }
                k -= p.shape[(size_t)d];
            }
        }
        DevTensor to;
        if (!to.Init(c.out, os, {}, STRIDED)) return;
        aclTensorList *list = aclCreateTensorList(items.data(), items.size());
        int rc = Run("Cat", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnCatGetWorkspaceSize(list, c.dim, to.t, w, ex); }, aclnnCat);
        std::string what = "Cat of " + std::to_string(c.parts.size()) + " dim " + std::to_string(c.dim);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (!rc) {
            Exact(what, to.Read(), g);
            EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
        }
        aclDestroyTensorList(list); // the list owns nothing here: DevTensor frees the tensors
        for (auto &t : ts) t.t = nullptr;
    }
    DevTensor a, b, o, ob;
    if (!a.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !b.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 6}, {}, CONTIG) ||
        !ob.Init(ACL_FLOAT, {5, 3}, {}, CONTIG)) return;
    aclTensor *items[2] = {a.t, b.t};
    aclTensorList *list = aclCreateTensorList(items, 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Cat other dim differs", aclnnCatGetWorkspaceSize(list, 1, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "should be equal");
    ExpectError("Cat dim range", aclnnCatGetWorkspaceSize(list, 2, ob.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("Cat null out", aclnnCatGetWorkspaceSize(list, 0, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    aclDestroyTensorList(list);
    a.t = b.t = nullptr;
}

static void TestRepeat()
{
    struct { std::vector<int64_t> shape, reps; } cs[] = {{{2, 3}, {2, 2}}, {{2, 3}, {3, 1, 2}}, {{4}, {1, 3, 2}}, {{3, 1, 2}, {2, 4, 1}},
                                                       {{}, {3}}, {{2, 2}, {0, 3}}};
    uint64_t seed = 300;
    for (auto &c : cs)
        for (Layout lay : {CONTIG, TRANSPOSED}) {
            size_t r = c.reps.size(), nd = c.shape.size();
            std::vector<int64_t> os(r);
            for (size_t i = 0; i < r; i++) os[i] = (i + nd >= r ? c.shape[i + nd - r] : 1) * c.reps[i];
            std::vector<double> x = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10));
            std::vector<double> g((size_t)GetShapeSize(os));
            for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                std::vector<int64_t> idx = Unravel(i, os), src(nd);
                for (size_t k = 0; k < nd; k++) src[k] = idx[k + r - nd] % c.shape[k];
                g[(size_t)i] = x[(size_t)Ravel(src, c.shape)];
            }
            DevTensor ts, to;
            if (!ts.Init(ACL_FLOAT16, c.shape, x, lay) || !to.Init(ACL_FLOAT16, os, {}, CONTIG)) return;
            aclIntArray *ra = aclCreateIntArray(c.reps.data(), r);
            int rc = Run("Repeat", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatGetWorkspaceSize(ts.t, ra, to.t, w, ex); }, aclnnRepeat);
            std::string what = "Repeat rank " + std::to_string(nd) + " by " + std::to_string(r) + " layout " + std::to_string(lay);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, to.Read(), g);
            aclDestroyIntArray(ra);
        }
    DevTensor ts, to;
    if (!ts.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !to.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return;
    int64_t one[1] = {2}, bad[2] = {2, 2};
    aclIntArray *r1 = aclCreateIntArray(one, 1), *r2 = aclCreateIntArray(bad, 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Repeat too few repeats", aclnnRepeatGetWorkspaceSize(ts.t, r1, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "repeat");
    ExpectError("Repeat out shape", aclnnRepeatGetWorkspaceSize(ts.t, r2, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Shape of out");
    aclDestroyIntArray(r1);
    aclDestroyIntArray(r2);
}

static void TestTriangle()
{
    std::vector<std::vector<int64_t>> shapes = {{4, 5}, {2, 3, 6}, {5, 2}, {1, 2, 3, 4}};
    uint64_t seed = 400;
    for (auto &shape : shapes)
        for (int64_t diag : {-2, -1, 0, 1, 3})
            for (int upper = 0; upper < 2; upper++)
                for (int inplace = 0; inplace < 2; inplace++) {
                    aclDataType dt = inplace ? ACL_INT32 : ACL_FLOAT;
                    std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), seed++, 10)), g(x.size());
                    for (int64_t i = 0; i < (int64_t)x.size(); i++) {
                        std::vector<int64_t> idx = Unravel(i, shape);
                        int64_t r = idx[idx.size() - 2], c = idx[idx.size() - 1];
                        bool keep = upper ? c - r >= diag : c - r <= diag;
                        g[(size_t)i] = keep ? x[(size_t)i] : 0;
                    }
                    DevTensor ts, to;
                    if (!ts.Init(dt, shape, x, inplace ? STRIDED : TRANSPOSED) || !to.Init(dt, shape, {}, STRIDED)) return;
                    int rc;
                    if (inplace)
                        rc = upper ? Run("InplaceTriu", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceTriuGetWorkspaceSize(ts.t, diag, w, ex); }, aclnnInplaceTriu)
                                   : Run("InplaceTril", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceTrilGetWorkspaceSize(ts.t, diag, w, ex); }, aclnnInplaceTril);
                    else
                        rc = upper ? Run("Triu", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnTriuGetWorkspaceSize(ts.t, diag, to.t, w, ex); }, aclnnTriu)
                                   : Run("Tril", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnTrilGetWorkspaceSize(ts.t, diag, to.t, w, ex); }, aclnnTril);
                    std::string what = std::string(inplace ? "Inplace" : "") + (upper ? "Triu" : "Tril") + " diag " + std::to_string(diag) +
                                       " rank " + std::to_string(shape.size());
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    DevTensor &res = inplace ? ts : to;
                    Exact(what, res.Read(), g);
                    EXPECT(res.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                }
    DevTensor v, vo;
    if (!v.Init(ACL_FLOAT, {5}, {}, CONTIG) || !vo.Init(ACL_FLOAT, {5}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Tril of 1-D", aclnnTrilGetWorkspaceSize(v.t, 0, vo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "last 2 dims");
}

static void TestArange()
{
    struct { double s, e, st; aclDataType sdt, odt; bool closed; } cs[] = {
        {0, 10, 1, ACL_INT64, ACL_INT64, false}, {0, 10, 3, ACL_INT32, ACL_INT32, false}, {1.5, 4.0, 0.5, ACL_FLOAT, ACL_FLOAT, false},
        {10, -3, -2, ACL_INT64, ACL_FLOAT, false}, {0, 1, 0.1, ACL_DOUBLE, ACL_DOUBLE, false}, {0, 10, 2.5, ACL_FLOAT, ACL_FLOAT, true},
        {5, 5, 1, ACL_INT64, ACL_INT64, false}, {0, 100000, 1, ACL_INT64, ACL_FLOAT16, false}, {-4, 4, 2, ACL_INT32, ACL_INT64, true}};
    for (auto &c : cs) {
        bool integral = c.odt != ACL_FLOAT && c.odt != ACL_FLOAT16 && c.odt != ACL_DOUBLE && c.odt != ACL_BF16;
        double span = (c.e - c.s) / c.st;
        int64_t n = c.closed ? (int64_t)std::floor(span) + 1 : (int64_t)std::ceil(span);
        std::vector<double> g((size_t)std::max<int64_t>(n, 0));
        for (int64_t i = 0; i < n; i++) g[(size_t)i] = Quant(c.odt, integral ? (double)((int64_t)c.s + i * (int64_t)c.st) : c.s + (double)i * c.st);
        auto mk = [](double v, aclDataType dt) -> aclScalar * {
            if (dt == ACL_INT64) { int64_t x = (int64_t)v; return aclCreateScalar(&x, dt); }
            if (dt == ACL_INT32) { int32_t x = (int32_t)v; return aclCreateScalar(&x, dt); }
            if (dt == ACL_DOUBLE) return aclCreateScalar(&v, dt);
            float f = (float)v;
            return aclCreateScalar(&f, ACL_FLOAT);
        };
        aclScalar *s = mk(c.s, c.sdt), *e = mk(c.e, c.sdt), *st = mk(c.st, c.sdt);
        DevTensor to;
        if (!to.Init(c.odt, {(int64_t)g.size()}, {}, STRIDED)) return;
        int rc = c.closed ? Run("Range", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRangeGetWorkspaceSize(s, e, st, to.t, w, ex); }, aclnnRange)
                          : Run("Arange", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnArangeGetWorkspaceSize(s, e, st, to.t, w, ex); }, aclnnArange);
        char what[128];
        snprintf(what, sizeof what, "%s(%g, %g, %g) -> %s", c.closed ? "Range" : "Arange", c.s, c.e, c.st, DtName(c.odt));
        EXPECT(rc == 0, "%s: run failed", what);
        if (!rc) {
            if (integral) Exact(what, to.Read(), g);
            else CheckDtype(what, c.odt, to.Read(), g);
        }
        aclDestroyScalar(s); aclDestroyScalar(e); aclDestroyScalar(st);
    }
    int64_t zero = 0, one = 1, ten = 10;
    aclScalar *z = aclCreateScalar(&zero, ACL_INT64), *o = aclCreateScalar(&one, ACL_INT64), *t = aclCreateScalar(&ten, ACL_INT64);
    DevTensor out10, out3, outb;
    if (!out10.Init(ACL_INT64, {10}, {}, CONTIG) || !out3.Init(ACL_INT64, {3}, {}, CONTIG) || !outb.Init(ACL_BOOL, {10}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Arange step 0", aclnnArangeGetWorkspaceSize(z, t, z, out10.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "nonzero");
    ExpectError("Arange wrong direction", aclnnArangeGetWorkspaceSize(t, z, o, out10.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "step");
    ExpectError("Arange out size", aclnnArangeGetWorkspaceSize(z, t, o, out3.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "elements");
    ExpectError("Arange out BOOL", aclnnArangeGetWorkspaceSize(z, t, o, outb.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("Arange null step", aclnnArangeGetWorkspaceSize(z, t, nullptr, out10.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "step");
    aclDestroyScalar(z); aclDestroyScalar(o); aclDestroyScalar(t);
}

// Pads: the input index of an output index along one dim (independent of the kernel's code).
enum PadKind { CONSTANT, REFLECT, REPLICATE };
static int64_t PadSrc(PadKind k, int64_t o, int64_t lo, int64_t n)
{
    int64_t i = o - lo;
    if (k == CONSTANT) return i >= 0 && i < n ? i : -1;
    if (k == REPLICATE) return std::min(std::max<int64_t>(i, 0), n - 1);
    if (i < 0) return -i; // torch reflection: mirror without repeating the edge
    if (i >= n) return 2 * (n - 1) - i;
    return i;
}

static void TestPads()
{
    struct { PadKind kind; std::vector<int64_t> shape, pad; } cs[] = {
        {CONSTANT, {3, 4}, {1, 2}}, {CONSTANT, {2, 3, 4}, {0, 1, 2, 0, 1, 1}}, {CONSTANT, {5, 6}, {-1, 2, 1, -2}},
        {CONSTANT, {2, 0}, {1, 1}}, {CONSTANT, {4}, {}},
        {REFLECT, {2, 5}, {2, 3}}, {REFLECT, {1, 3, 4, 5}, {1, 2, 3, 0}}, {REFLECT, {2, 3, 3, 4}, {1, 1, 2, 2, 0, 1}},
        {REPLICATE, {3, 6}, {4, 1}}, {REPLICATE, {2, 3, 4}, {2, 0, 1, 3}}, {REPLICATE, {1, 2, 3, 3, 2}, {1, 1, 1, 1, 2, 0}}};
    uint64_t seed = 600;
    for (auto &c : cs)
        for (Layout lay : {CONTIG, TRANSPOSED})
            for (aclDataType dt : {ACL_FLOAT, ACL_INT32, ACL_FLOAT16}) {
                size_t nd = c.shape.size(), np = c.pad.size() / 2;
                std::vector<int64_t> os = c.shape, lo(nd, 0);
                for (size_t j = 0; j < np; j++) {
                    size_t d = nd - 1 - j;
                    lo[d] = c.pad[2 * j];
                    os[d] += c.pad[2 * j] + c.pad[2 * j + 1];
                }
                std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10)), g((size_t)GetShapeSize(os));
                double cval = dt == ACL_INT32 ? 7 : 2.5;
                for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                    std::vector<int64_t> idx = Unravel(i, os), src(nd);
                    bool outside = false;
                    for (size_t d = 0; d < nd; d++) {
                        bool padded = d + np >= nd;
                        src[d] = padded ? PadSrc(c.kind, idx[d], lo[d], c.shape[d]) : idx[d];
                        outside |= src[d] < 0;
                    }
                    g[(size_t)i] = outside ? Quant(dt, cval) : x[(size_t)Ravel(src, c.shape)];
                }
                DevTensor ts, to;
                if (!ts.Init(dt, c.shape, x, lay) || !to.Init(dt, os, {}, STRIDED)) return;
                aclIntArray *pa = aclCreateIntArray(c.pad.data(), c.pad.size());
                float cf = (float)cval;
                aclScalar *v = aclCreateScalar(&cf, ACL_FLOAT);
                int rc = -1;
                std::string name;
                if (c.kind == CONSTANT) {
                    name = "ConstantPadNd";
                    rc = Run("ConstantPadNd", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnConstantPadNdGetWorkspaceSize(ts.t, pa, v, to.t, w, ex); }, aclnnConstantPadNd);
                } else if (c.kind == REFLECT) {
                    name = "ReflectionPad" + std::to_string(np) + "d";
                    if (np == 1) rc = Run("ReflectionPad1d", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReflectionPad1dGetWorkspaceSize(ts.t, pa, to.t, w, ex); }, aclnnReflectionPad1d);
                    if (np == 2) rc = Run("ReflectionPad2d", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReflectionPad2dGetWorkspaceSize(ts.t, pa, to.t, w, ex); }, aclnnReflectionPad2d);
                    if (np == 3) rc = Run("ReflectionPad3d", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReflectionPad3dGetWorkspaceSize(ts.t, pa, to.t, w, ex); }, aclnnReflectionPad3d);
                } else {
                    name = "ReplicationPad" + std::to_string(np) + "d";
                    if (np == 1) rc = Run("ReplicationPad1d", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReplicationPad1dGetWorkspaceSize(ts.t, pa, to.t, w, ex); }, aclnnReplicationPad1d);
                    if (np == 2) rc = Run("ReplicationPad2d", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReplicationPad2dGetWorkspaceSize(ts.t, pa, to.t, w, ex); }, aclnnReplicationPad2d);
                    if (np == 3) rc = Run("ReplicationPad3d", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnReplicationPad3dGetWorkspaceSize(ts.t, pa, to.t, w, ex); }, aclnnReplicationPad3d);
                }
                std::string what = name + " rank " + std::to_string(nd) + " " + DtName(dt) + " layout " + std::to_string(lay);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    Exact(what, to.Read(), g);
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
                }
                aclDestroyIntArray(pa);
                aclDestroyScalar(v);
            }
    DevTensor ts, to;
    if (!ts.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !to.Init(ACL_FLOAT, {2, 9}, {}, CONTIG)) return;
    int64_t big[2] = {3, 3}, odd[3] = {1, 1, 1};
    aclIntArray *pb = aclCreateIntArray(big, 2), *po = aclCreateIntArray(odd, 3);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("ReflectionPad1d pad >= size", aclnnReflectionPad1dGetWorkspaceSize(ts.t, pb, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "padding size");
    float zero = 0;
    aclScalar *z = aclCreateScalar(&zero, ACL_FLOAT);
    ExpectError("ConstantPadNd odd pad", aclnnConstantPadNdGetWorkspaceSize(ts.t, po, z, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "divisible by 2");
    ExpectError("ReplicationPad2d rank", aclnnReplicationPad2dGetWorkspaceSize(ts.t, pb, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    aclDestroyIntArray(pb); aclDestroyIntArray(po); aclDestroyScalar(z);
}

static void TestRoll()
{
    struct { std::vector<int64_t> shape, shifts, dims; } cs[] = {
        {{10}, {3}, {0}}, {{4, 5}, {-2}, {1}}, {{4, 5}, {7, 1}, {0, 1}}, {{3, 4}, {5}, {}}, {{2, 3, 4}, {1, -1}, {-1, 0}}, {{2, 6}, {2, 3}, {1, 1}}};
    uint64_t seed = 700;
    for (auto &c : cs)
        for (Layout lay : {CONTIG, STRIDED}) {
            if (c.dims.empty() && lay != CONTIG) continue; // the flattened roll needs contiguous views
            size_t nd = c.shape.size();
            std::vector<double> x = QuantAll(ACL_BF16, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10)), g(x.size());
            for (int64_t i = 0; i < (int64_t)x.size(); i++) {
                if (c.dims.empty()) {
                    int64_t n = (int64_t)x.size(), j = ((i - c.shifts[0]) % n + n) % n;
                    g[(size_t)i] = x[(size_t)j];
                    continue;
                }
                std::vector<int64_t> idx = Unravel(i, c.shape);
                for (size_t k = 0; k < c.dims.size(); k++) {
                    size_t d = (size_t)(c.dims[k] < 0 ? c.dims[k] + (int64_t)nd : c.dims[k]);
                    idx[d] = ((idx[d] - c.shifts[k]) % c.shape[d] + c.shape[d]) % c.shape[d];
                }
                g[(size_t)i] = x[(size_t)Ravel(idx, c.shape)];
            }
            DevTensor ts, to;
            if (!ts.Init(ACL_BF16, c.shape, x, lay) || !to.Init(ACL_BF16, c.shape, {}, lay)) return;
            aclIntArray *sa = aclCreateIntArray(c.shifts.data(), c.shifts.size()), *da = aclCreateIntArray(c.dims.data(), c.dims.size());
            int rc = Run("Roll", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRollGetWorkspaceSize(ts.t, sa, da, to.t, w, ex); }, aclnnRoll);
            std::string what = "Roll rank " + std::to_string(nd) + " dims " + std::to_string(c.dims.size()) + " layout " + std::to_string(lay);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, to.Read(), g);
            aclDestroyIntArray(sa);
            aclDestroyIntArray(da);
        }
}

static void TestIm2col()
{
    struct { std::vector<int64_t> shape, k, d, p, s; } cs[] = {
        {{1, 2, 5, 5}, {3, 3}, {1, 1}, {0, 0}, {1, 1}}, {{2, 3, 6, 7}, {2, 3}, {1, 2}, {1, 1}, {2, 1}},
        {{3, 4, 4}, {2, 2}, {1, 1}, {1, 0}, {1, 2}}, {{1, 1, 8, 9}, {3, 2}, {2, 1}, {2, 3}, {3, 2}}};
    uint64_t seed = 800;
    for (auto &c : cs)
        for (Layout lay : {CONTIG, TRANSPOSED}) {
            bool b = c.shape.size() == 4;
            int64_t N = b ? c.shape[0] : 1, C = c.shape[b], H = c.shape[b + 1], W = c.shape[b + 2];
            int64_t OH = (H + 2 * c.p[0] - (c.d[0] * (c.k[0] - 1) + 1)) / c.s[0] + 1;
            int64_t OW = (W + 2 * c.p[1] - (c.d[1] * (c.k[1] - 1) + 1)) / c.s[1] + 1, K = C * c.k[0] * c.k[1];
            std::vector<int64_t> os = b ? std::vector<int64_t>{N, K, OH * OW} : std::vector<int64_t>{K, OH * OW};
            std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10)), g((size_t)GetShapeSize(os));
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < K; k++)
                    for (int64_t l = 0; l < OH * OW; l++) {
                        int64_t ch = k / (c.k[0] * c.k[1]), i = (k / c.k[1]) % c.k[0], j = k % c.k[1];
                        int64_t ih = (l / OW) * c.s[0] - c.p[0] + i * c.d[0], iw = (l % OW) * c.s[1] - c.p[1] + j * c.d[1];
                        double v = ih < 0 || ih >= H || iw < 0 || iw >= W ? 0 : x[(size_t)(((n * C + ch) * H + ih) * W + iw)];
                        g[(size_t)((n * K + k) * OH * OW + l)] = v;
                    }
            DevTensor ts, to;
            if (!ts.Init(ACL_FLOAT, c.shape, x, lay) || !to.Init(ACL_FLOAT, os, {}, STRIDED)) return;
            aclIntArray *ka = aclCreateIntArray(c.k.data(), 2), *da = aclCreateIntArray(c.d.data(), 2), *pa = aclCreateIntArray(c.p.data(), 2),
                        *sa = aclCreateIntArray(c.s.data(), 2);
            int rc = Run("Im2col", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnIm2colGetWorkspaceSize(ts.t, ka, da, pa, sa, to.t, w, ex); }, aclnnIm2col);
            std::string what = "Im2col rank " + std::to_string(c.shape.size()) + " layout " + std::to_string(lay);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, to.Read(), g);
            aclDestroyIntArray(ka); aclDestroyIntArray(da); aclDestroyIntArray(pa); aclDestroyIntArray(sa);
        }
    DevTensor ts, to;
    if (!ts.Init(ACL_INT32, {1, 2, 3, 3}, {}, CONTIG) || !to.Init(ACL_INT32, {1, 8, 4}, {}, CONTIG)) return;
    int64_t two[2] = {2, 2}, one[2] = {1, 1}, zero[2] = {0, 0};
    aclIntArray *k2 = aclCreateIntArray(two, 2), *o1 = aclCreateIntArray(one, 2), *z0 = aclCreateIntArray(zero, 2), *k1 = aclCreateIntArray(two, 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Im2col INT32", aclnnIm2colGetWorkspaceSize(ts.t, k2, o1, z0, o1, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    DevTensor tf, tfo;
    if (!tf.Init(ACL_FLOAT, {1, 2, 3, 3}, {}, CONTIG) || !tfo.Init(ACL_FLOAT, {1, 8, 5}, {}, CONTIG)) return;
    ExpectError("Im2col kernelSize len", aclnnIm2colGetWorkspaceSize(tf.t, k1, o1, z0, o1, tfo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "kernelSize");
    ExpectError("Im2col stride 0", aclnnIm2colGetWorkspaceSize(tf.t, k2, o1, z0, z0, tfo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "stride");
    ExpectError("Im2col out shape", aclnnIm2colGetWorkspaceSize(tf.t, k2, o1, z0, o1, tfo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out shape");
    aclDestroyIntArray(k2); aclDestroyIntArray(o1); aclDestroyIntArray(z0); aclDestroyIntArray(k1);
}

static void TestStackSplitExpand()
{
    uint64_t seed = 900;
    // Stack of three [3, 4] tensors along every dim (mixed FP16 / FP32 into FP32)
    for (int64_t dim : {0, 1, 2, -1}) {
        std::vector<int64_t> shape = {3, 4};
        std::vector<std::vector<double>> v;
        DevTensor ts[3];
        std::vector<aclTensor *> items;
        for (int i = 0; i < 3; i++) {
            aclDataType dt = i == 1 ? ACL_FLOAT16 : ACL_FLOAT;
            v.push_back(QuantAll(dt, RandomValues(12, seed++, 10)));
            if (!ts[i].Init(dt, shape, v.back(), i == 2 ? TRANSPOSED : CONTIG)) return;
            items.push_back(ts[i].t);
        }
        int64_t d = dim < 0 ? dim + 3 : dim;
        std::vector<int64_t> os = shape;
        os.insert(os.begin() + d, 3);
        std::vector<double> g((size_t)GetShapeSize(os));
        for (int64_t i = 0; i < (int64_t)g.size(); i++) {
            std::vector<int64_t> idx = Unravel(i, os);
            int64_t which = idx[(size_t)d];
            idx.erase(idx.begin() + d);
            g[(size_t)i] = v[(size_t)which][(size_t)Ravel(idx, shape)];
        }
        DevTensor to;
        if (!to.Init(ACL_FLOAT, os, {}, STRIDED)) return;
        aclTensorList *list = aclCreateTensorList(items.data(), items.size());
        int rc = Run("Stack", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnStackGetWorkspaceSize(list, dim, to.t, w, ex); }, aclnnStack);
        EXPECT(rc == 0, "Stack dim %lld: run failed", (long long)dim);
        if (!rc) Exact("Stack dim " + std::to_string(dim), to.Read(), g);
        aclDestroyTensorList(list);
        for (auto &t : ts) t.t = nullptr;
    }
    // SplitTensor (sections 3 of 8 -> 3, 3, 2) and SplitWithSize along dim 1 of [2, 8, 3]
    for (int with_size = 0; with_size < 2; with_size++) {
        std::vector<int64_t> shape = {2, 8, 3}, sizes = with_size ? std::vector<int64_t>{1, 0, 5, 2} : std::vector<int64_t>{3, 3, 2};
        std::vector<double> x = QuantAll(ACL_INT32, RandomValues(48, seed++, 50));
        DevTensor ts;
        if (!ts.Init(ACL_INT32, shape, x, TRANSPOSED)) return;
        std::vector<DevTensor> outs(sizes.size());
        std::vector<aclTensor *> items;
        for (size_t i = 0; i < sizes.size(); i++) {
            if (!outs[i].Init(ACL_INT32, {2, sizes[i], 3}, {}, STRIDED)) return;
            items.push_back(outs[i].t);
        }
        aclTensorList *list = aclCreateTensorList(items.data(), items.size());
        aclIntArray *sa = aclCreateIntArray(sizes.data(), sizes.size());
        int rc = with_size ? Run("SplitWithSize", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnSplitWithSizeGetWorkspaceSize(ts.t, sa, 1, list, w, ex); }, aclnnSplitWithSize)
                           : Run("SplitTensor", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnSplitTensorGetWorkspaceSize(ts.t, 3, -2, list, w, ex); }, aclnnSplitTensor);
        EXPECT(rc == 0, "Split%s: run failed", with_size ? "WithSize" : "Tensor");
        int64_t at = 0;
        for (size_t i = 0; i < sizes.size() && !rc; i++) {
            std::vector<double> g((size_t)(2 * sizes[i] * 3));
            for (int64_t a = 0; a < 2; a++)
                for (int64_t b = 0; b < sizes[i]; b++)
                    for (int64_t c = 0; c < 3; c++) g[(size_t)((a * sizes[i] + b) * 3 + c)] = x[(size_t)((a * 8 + at + b) * 3 + c)];
            Exact(std::string(with_size ? "SplitWithSize" : "SplitTensor") + " part " + std::to_string(i), outs[i].Read(), g);
            at += sizes[i];
        }
        aclDestroyTensorList(list);
        for (auto &o : outs) o.t = nullptr;
        aclDestroyIntArray(sa);
    }
    // Expand [3, 1] -> [2, 3, 4] (-1 keeps the 3)
    {
        std::vector<double> x = QuantAll(ACL_BF16, RandomValues(3, seed++, 10)), g(24);
        for (int64_t i = 0; i < 24; i++) g[(size_t)i] = x[(size_t)((i / 4) % 3)];
        DevTensor ts, to;
        if (!ts.Init(ACL_BF16, {3, 1}, x, STRIDED) || !to.Init(ACL_BF16, {2, 3, 4}, {}, CONTIG)) return;
        int64_t sz[3] = {2, -1, 4};
        aclIntArray *sa = aclCreateIntArray(sz, 3);
        int rc = Run("Expand", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnExpandGetWorkspaceSize(ts.t, sa, to.t, w, ex); }, aclnnExpand);
        EXPECT(rc == 0, "Expand: run failed");
        if (!rc) Exact("Expand", to.Read(), g);
        int64_t bad[2] = {3, 2};
        aclIntArray *ba = aclCreateIntArray(bad, 2);
        DevTensor x2;
        if (!x2.Init(ACL_BF16, {3, 2}, {}, CONTIG)) return;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        DevTensor s3;
        if (!s3.Init(ACL_BF16, {3, 3}, {}, CONTIG)) return;
        ExpectError("Expand mismatch", aclnnExpandGetWorkspaceSize(s3.t, ba, x2.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "does not match");
        aclDestroyIntArray(sa);
        aclDestroyIntArray(ba);
    }
}

static void TestEyeLinspaceFlip()
{
    for (auto nm : std::vector<std::pair<int64_t, int64_t>>{{3, 3}, {2, 5}, {6, 4}}) {
        DevTensor to;
        if (!to.Init(ACL_INT64, {nm.first, nm.second}, {}, STRIDED)) return;
        int rc = Run("Eye", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnEyeGetWorkspaceSize(nm.first, nm.second, to.t, w, ex); }, aclnnEye);
        std::vector<double> g((size_t)(nm.first * nm.second));
        for (int64_t i = 0; i < nm.first; i++) if (i < nm.second) g[(size_t)(i * nm.second + i)] = 1;
        EXPECT(rc == 0, "Eye: run failed");
        if (!rc) Exact("Eye " + std::to_string(nm.first) + "x" + std::to_string(nm.second), to.Read(), g);
    }
    for (int64_t steps : {1, 2, 7, 100}) {
        float s = -1.5f, e = 3.25f;
        aclScalar *ss = aclCreateScalar(&s, ACL_FLOAT), *es = aclCreateScalar(&e, ACL_FLOAT);
        DevTensor to;
        if (!to.Init(ACL_FLOAT, {steps}, {}, CONTIG)) return;
        int rc = Run("Linspace", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnLinspaceGetWorkspaceSize(ss, es, steps, to.t, w, ex); }, aclnnLinspace);
        std::vector<double> g((size_t)steps);
        for (int64_t i = 0; i < steps; i++) g[(size_t)i] = steps == 1 ? s : s + (e - s) * (double)i / (double)(steps - 1);
        EXPECT(rc == 0, "Linspace %lld: run failed", (long long)steps);
        if (!rc) {
            std::vector<double> a = to.Read();
            CheckDtype(("Linspace " + std::to_string(steps)).c_str(), ACL_FLOAT, a, g);
            EXPECT(a.front() == s && (steps == 1 || a.back() == e), "Linspace %lld: the ends must be exact", (long long)steps);
        }
        aclDestroyScalar(ss);
        aclDestroyScalar(es);
    }
    /* DOUBLE out pins the fill bit for bit against torch.linspace's definition (the first half
     * counted up from start, the rest back from end), over sizes that split into several blocks
     * and end in partial 256-element chunks, odd and even */
    for (int64_t steps : {3, 4, 255, 257, 40000, 40001}) {
        double s = -1.3, e = 7.1, st = (e - s) / (double)(steps - 1);
        aclScalar *ss = aclCreateScalar(&s, ACL_DOUBLE), *es = aclCreateScalar(&e, ACL_DOUBLE);
        DevTensor to;
        if (!to.Init(ACL_DOUBLE, {steps}, {}, CONTIG)) return;
        int rc = Run("Linspace f64", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnLinspaceGetWorkspaceSize(ss, es, steps, to.t, w, ex); }, aclnnLinspace);
        std::vector<double> g((size_t)steps);
        for (int64_t i = 0; i < steps; i++) g[(size_t)i] = i < steps / 2 ? s + (double)i * st : e - (double)(steps - 1 - i) * st;
        EXPECT(rc == 0, "Linspace f64 %lld: run failed", (long long)steps);
        if (!rc) Exact("Linspace f64 " + std::to_string(steps), to.Read(), g);
        aclDestroyScalar(ss);
        aclDestroyScalar(es);
    }
    /* FP32 out, contiguous at element offsets 0 / 1 / 3 of its storage (the fill's unaligned head
     * and tail around its non-temporal body): bit for bit the double formula rounded once, for
     * Linspace and Arange, over multi-block sizes; the storage around the view is untouched */
    for (int64_t steps : {3, 4, 255, 257, 40001, (1 << 20) + 5})
        for (int64_t off : {0, 1, 3})
            for (int lin = 0; lin < 2; lin++) {
                float s = -1.3f, e = lin ? 7.1f : -1.3f + 0.37f * (float)steps, stf = 0.37f;
                double st = lin ? ((double)e - (double)s) / (double)(steps - 1) : (double)stf;
                int64_t n = lin ? steps : (int64_t)std::ceil(((double)e - (double)s) / (double)stf);
                aclScalar *ss = aclCreateScalar(&s, ACL_FLOAT), *es = aclCreateScalar(&e, ACL_FLOAT), *sts = aclCreateScalar(&stf, ACL_FLOAT);
                DevTensor store;
                if (!store.Init(ACL_FLOAT, {n + off + 2}, {}, CONTIG)) return;
                int64_t shp = n, one = 1, full = n + off + 2;
                aclTensor *view = aclCreateTensor(&shp, 1, ACL_FLOAT, &one, off, ACL_FORMAT_ND, &full, 1, store.dev);
                std::string what = std::string(lin ? "Linspace" : "Arange") + " f32 n " + std::to_string(n) + " offset " + std::to_string(off);
                int rc = lin ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnLinspaceGetWorkspaceSize(ss, es, n, view, w, ex); }, aclnnLinspace)
                             : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnArangeGetWorkspaceSize(ss, es, sts, view, w, ex); }, aclnnArange);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    std::vector<double> a = store.Read(), g((size_t)full, -777.0);
                    for (int64_t i = 0; i < n; i++)
                        g[(size_t)(off + i)] = (float)(!lin || i < n / 2 ? (double)s + (double)i * st : (double)e - (double)(n - 1 - i) * st);
                    Exact(what, a, g);
                }
                aclDestroyTensor(view);
                aclDestroyScalar(ss);
                aclDestroyScalar(es);
                aclDestroyScalar(sts);
            }
    struct { std::vector<int64_t> shape, dims; } fc[] = {{{7}, {0}}, {{3, 4}, {1}}, {{3, 4}, {0, -1}}, {{2, 3, 4}, {1}}, {{2, 3}, {}}};
    uint64_t seed = 950;
    for (auto &c : fc)
        for (Layout lay : {CONTIG, TRANSPOSED}) {
            std::vector<double> x = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10)), g(x.size());
            for (int64_t i = 0; i < (int64_t)x.size(); i++) {
                std::vector<int64_t> idx = Unravel(i, c.shape);
                for (int64_t d : c.dims) { size_t k = (size_t)(d < 0 ? d + (int64_t)c.shape.size() : d); idx[k] = c.shape[k] - 1 - idx[k]; }
                g[(size_t)i] = x[(size_t)Ravel(idx, c.shape)];
            }
            DevTensor ts, to;
            if (!ts.Init(ACL_FLOAT16, c.shape, x, lay) || !to.Init(ACL_FLOAT16, c.shape, {}, STRIDED)) return;
            aclIntArray *da = aclCreateIntArray(c.dims.data(), c.dims.size());
            int rc = Run("Flip", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnFlipGetWorkspaceSize(ts.t, da, to.t, w, ex); }, aclnnFlip);
            std::string what = "Flip rank " + std::to_string(c.shape.size()) + " dims " + std::to_string(c.dims.size()) + " layout " + std::to_string(lay);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, to.Read(), g);
            aclDestroyIntArray(da);
        }
}

static void TestRepeatInterleave()
{
    uint64_t seed = 1000;
    std::vector<int64_t> shape = {3, 4, 2};
    std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues(24, seed++, 10));
    for (int64_t dim = -1; dim < 3; dim++)
        for (int tensor = 0; tensor < 3; tensor++) { // 0: Int, 1: tensor of counts, 2: tensor of one count
            bool flat = dim < 0;
            int64_t d = flat ? -1 : dim, len = flat ? 24 : shape[(size_t)d];
            std::vector<double> counts((size_t)len);
            for (int64_t i = 0; i < len; i++) counts[(size_t)i] = tensor == 1 ? (double)((i * 5 + 2) % 4) : 3;
            int64_t total = 0;
            for (double c : counts) total += (int64_t)c;
            std::vector<int64_t> os = flat ? std::vector<int64_t>{total} : shape;
            if (!flat) os[(size_t)d] = total;
            std::vector<double> g((size_t)GetShapeSize(os));
            for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                std::vector<int64_t> idx = Unravel(i, os);
                int64_t pos = flat ? idx[0] : idx[(size_t)d], src = 0;
                while (pos >= (int64_t)counts[(size_t)src]) { pos -= (int64_t)counts[(size_t)src]; src++; }
                if (flat) { g[(size_t)i] = x[(size_t)src]; continue; }
                idx[(size_t)d] = src;
                g[(size_t)i] = x[(size_t)Ravel(idx, shape)];
            }
            DevTensor ts, to, tr;
            std::vector<double> rv = tensor == 2 ? std::vector<double>{3} : counts;
            if (!ts.Init(ACL_FLOAT, shape, x, TRANSPOSED) || !to.Init(ACL_FLOAT, os, {}, STRIDED) ||
                !tr.Init(ACL_INT64, {(int64_t)rv.size()}, rv, CONTIG)) return;
            int rc;
            if (tensor == 0)
                rc = flat ? Run("RepeatInterleaveInt", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatInterleaveIntGetWorkspaceSize(ts.t, 3, total, to.t, w, ex); }, aclnnRepeatInterleaveInt)
                          : Run("RepeatInterleaveIntWithDim", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatInterleaveIntWithDimGetWorkspaceSize(ts.t, 3, dim, total, to.t, w, ex); }, aclnnRepeatInterleaveIntWithDim);
            else
                rc = flat ? Run("RepeatInterleave", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatInterleaveGetWorkspaceSize(ts.t, tr.t, total, to.t, w, ex); }, aclnnRepeatInterleave)
                          : Run("RepeatInterleaveWithDim", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatInterleaveWithDimGetWorkspaceSize(ts.t, tr.t, dim, 0, to.t, w, ex); }, aclnnRepeatInterleaveWithDim);
            std::string what = "RepeatInterleave dim " + std::to_string(dim) + " variant " + std::to_string(tensor);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, to.Read(), g);
        }
    // RepeatInterleaveTensor: [2, 0, 3] -> [0, 0, 2, 2, 2]
    DevTensor tr, to;
    if (!tr.Init(ACL_INT32, {3}, {2, 0, 3}, CONTIG) || !to.Init(ACL_INT64, {5}, {}, CONTIG)) return;
    int rc = Run("RepeatInterleaveTensor", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatInterleaveTensorGetWorkspaceSize(tr.t, 5, to.t, w, ex); }, aclnnRepeatInterleaveTensor);
    EXPECT(rc == 0, "RepeatInterleaveTensor: run failed");
    if (!rc) Exact("RepeatInterleaveTensor", to.Read(), {0, 0, 2, 2, 2});
    // many counts: split over several blocks (the parallel scan), zeros and block-straddling runs;
    // then a negative count in the last block / a wrong total fail the stream and write nothing
    for (int variant = 0; variant < 3; variant++) {
        const int64_t len = 20011;
        std::vector<double> cv((size_t)len), gv;
        for (int64_t i = 0; i < len; i++) {
            cv[(size_t)i] = (double)((i * 7 + 3) % 4);
            for (int64_t r = 0; r < (int64_t)cv[(size_t)i]; r++) gv.push_back((double)i);
        }
        int64_t total = (int64_t)gv.size();
        if (variant == 1) cv[(size_t)len - 2] = -1;
        DevTensor tc, tb;
        if (!tc.Init(ACL_INT32, {len}, cv, CONTIG) || !tb.Init(ACL_INT32, {variant == 2 ? total + 1 : total}, {}, STRIDED)) return;
        if (variant == 0) {
            int r0 = Run("RepeatInterleaveTensor multi-block", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRepeatInterleaveTensorGetWorkspaceSize(tc.t, total, tb.t, w, ex); }, aclnnRepeatInterleaveTensor);
            EXPECT(r0 == 0, "RepeatInterleaveTensor multi-block: run failed");
            if (!r0) Exact("RepeatInterleaveTensor multi-block", tb.Read(), gv);
            continue;
        }
        uint64_t w0 = 0;
        aclOpExecutor *e0 = nullptr;
        if (aclnnRepeatInterleaveTensorGetWorkspaceSize(tc.t, 0, tb.t, &w0, &e0) != 0) { EXPECT(false, "RepeatInterleaveTensor bad counts: stage 1 should pass"); continue; }
        void *wsp = nullptr;
        if (w0) aclrtMalloc(&wsp, w0, ACL_MEM_MALLOC_HUGE_FIRST);
        int r2 = aclnnRepeatInterleaveTensor(wsp, w0, e0, g_stream), sync = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 == 0 && sync == 507015, "RepeatInterleaveTensor multi-block bad counts %d fails the stream (got %d / %d)", variant, r2, sync);
        std::vector<double> rb = tb.Read();
        EXPECT(rb == std::vector<double>(rb.size(), -777.0), "RepeatInterleaveTensor multi-block bad counts %d writes nothing", variant);
        if (wsp) aclrtFree(wsp);
    }
    // counts that do not add up to out's length fail the stream and write nothing
    DevTensor ts, bad, o7;
    if (!ts.Init(ACL_FLOAT, {3}, {1, 2, 3}, CONTIG) || !bad.Init(ACL_INT64, {3}, {1, 1, 1}, CONTIG) || !o7.Init(ACL_FLOAT, {7}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (aclnnRepeatInterleaveGetWorkspaceSize(ts.t, bad.t, 0, o7.t, &ws, &ex) == 0) {
        int r2 = aclnnRepeatInterleave(nullptr, 0, ex, g_stream), sync = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 == 0 && sync == 507015, "RepeatInterleave with a wrong total fails the stream (got %d / %d)", r2, sync);
        EXPECT(o7.Read() == std::vector<double>(7, -777.0), "RepeatInterleave with a wrong total writes nothing");
    } else {
        EXPECT(false, "RepeatInterleave stage 1 with device-side counts should pass");
    }
    ExpectError("RepeatInterleaveInt negative", aclnnRepeatInterleaveIntGetWorkspaceSize(ts.t, -1, 0, o7.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "negative");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    TestSlice();
    TestCat();
    TestRepeat();
    TestTriangle();
    TestArange();
    TestPads();
    TestRoll();
    TestIm2col();
    TestStackSplitExpand();
    TestEyeLinspaceFlip();
    TestRepeatInterleave();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
