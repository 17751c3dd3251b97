// IndexSelect, GatherV2, IndexCopy (+Inplace), IndexFill (+Inplace), IndexFillTensor (+Inplace)
// against references written here: every dim of 1-D to 3-D shapes, INT32 / INT64 indices
// (repeated, negative), strided / transposed views, multi-dim gather indices, and the
// validation paths; an index out of range fails the stream (507015) and writes nothing.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gather_v2.h"
#include "aclnnop/aclnn_index_copy.h"
#include "aclnnop/aclnn_index_fill.h"
#include "aclnnop/aclnn_index_fill_tensor.h"
#include "aclnnop/aclnn_index_select.h"

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
    size_t bad = a.size() != g.size();
    for (size_t i = 0; i < g.size() && i < a.size(); i++) bad += a[i] != g[i];
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    uint64_t seed = 1;
    std::vector<std::vector<int64_t>> shapes = {{7}, {4, 5}, {3, 4, 6}};
    for (auto &shape : shapes)
        for (int64_t d = 0; d < (int64_t)shape.size(); d++)
            for (aclDataType idt : {ACL_INT64, ACL_INT32})
                for (Layout lay : {CONTIG, TRANSPOSED}) {
                    int64_t len = shape[(size_t)d];
                    std::vector<double> ix = {0, (double)(len - 1), (double)(1 % len), -1, (double)(len / 2), 0};
                    std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues((size_t)GetShapeSize(shape), seed++, 10));
                    std::vector<int64_t> os = shape;
                    os[(size_t)d] = (int64_t)ix.size();
                    std::vector<double> g((size_t)GetShapeSize(os));
                    for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                        std::vector<int64_t> idx = Unravel(i, os);
                        int64_t v = (int64_t)ix[(size_t)idx[(size_t)d]];
                        idx[(size_t)d] = v < 0 ? v + len : v;
                        g[(size_t)i] = x[(size_t)Ravel(idx, shape)];
                    }
                    DevTensor ts, ti, to;
                    if (!ts.Init(ACL_FLOAT, shape, x, lay) || !ti.Init(idt, {(int64_t)ix.size()}, ix, STRIDED) || !to.Init(ACL_FLOAT, os, {}, STRIDED)) return 1;
                    std::string what = "IndexSelect rank " + std::to_string(shape.size()) + " dim " + std::to_string(d) + " layout " + std::to_string(lay);
                    int rc = Run("IndexSelect", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexSelectGetWorkspaceSize(ts.t, d, ti.t, to.t, w, e); }, aclnnIndexSelect);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) Exact(what, to.Read(), g);
                    // IndexCopy: rows of source (shape os... with the index's count) into a copy of self;
                    // unique indices so the result does not depend on the order
                    std::vector<double> uix;
                    for (int64_t k = len - 1; k >= 0; k -= 2) uix.push_back((double)k);
                    std::vector<int64_t> ss = shape;
                    ss[(size_t)d] = (int64_t)uix.size();
                    std::vector<double> src = QuantAll(ACL_FLOAT, RandomValues((size_t)GetShapeSize(ss), seed++, 10)), gc = x;
                    for (int64_t i = 0; i < (int64_t)src.size(); i++) {
                        std::vector<int64_t> idx = Unravel(i, ss);
                        idx[(size_t)d] = (int64_t)uix[(size_t)idx[(size_t)d]];
                        gc[(size_t)Ravel(idx, shape)] = src[(size_t)i];
                    }
                    DevTensor tu, tsrc, tout, tin;
                    if (!tu.Init(idt, {(int64_t)uix.size()}, uix, CONTIG) || !tsrc.Init(ACL_FLOAT, ss, src, lay) ||
                        !tout.Init(ACL_FLOAT, shape, {}, STRIDED) || !tin.Init(ACL_FLOAT, shape, x, lay)) return 1;
                    rc = Run("IndexCopy", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexCopyGetWorkspaceSize(ts.t, d, tu.t, tsrc.t, tout.t, w, e); }, aclnnIndexCopy);
                    EXPECT(rc == 0, "IndexCopy %s: run failed", what.c_str());
                    if (!rc) { Exact("IndexCopy " + what, tout.Read(), gc); Exact("IndexCopy leaves self " + what, ts.Read(), x); }
                    rc = Run("InplaceIndexCopy", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceIndexCopyGetWorkspaceSize(tin.t, d, tu.t, tsrc.t, w, e); }, aclnnInplaceIndexCopy);
                    EXPECT(rc == 0, "InplaceIndexCopy %s: run failed", what.c_str());
                    if (!rc) Exact("InplaceIndexCopy " + what, tin.Read(), gc);
                    // IndexFill / IndexFillTensor with repeated and negative indices
                    std::vector<double> gf = x;
                    for (int64_t i = 0; i < (int64_t)x.size(); i++) {
                        std::vector<int64_t> idx = Unravel(i, shape);
                        for (double v : ix) if (idx[(size_t)d] == ((int64_t)v < 0 ? (int64_t)v + len : (int64_t)v)) gf[(size_t)i] = 2.5;
                    }
                    float fv = 2.5f;
                    aclScalar *val = aclCreateScalar(&fv, ACL_FLOAT);
                    std::vector<int64_t> ixl(ix.begin(), ix.end());
                    aclIntArray *il = aclCreateIntArray(ixl.data(), ixl.size());
                    DevTensor tf, tf2, tfo;
                    if (!tf.Init(ACL_FLOAT, shape, x, lay) || !tf2.Init(ACL_FLOAT, shape, x, CONTIG) || !tfo.Init(ACL_FLOAT, shape, {}, TRANSPOSED)) return 1;
                    rc = Run("IndexFill", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexFillGetWorkspaceSize(ts.t, d, ti.t, val, tfo.t, w, e); }, aclnnIndexFill);
                    EXPECT(rc == 0, "IndexFill %s: run failed", what.c_str());
                    if (!rc) Exact("IndexFill " + what, tfo.Read(), gf);
                    rc = Run("InplaceIndexFill", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceIndexFillGetWorkspaceSize(tf.t, d, ti.t, val, w, e); }, aclnnInplaceIndexFill);
                    EXPECT(rc == 0, "InplaceIndexFill %s: run failed", what.c_str());
                    if (!rc) Exact("InplaceIndexFill " + what, tf.Read(), gf);
                    rc = Run("InplaceIndexFillTensor", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceIndexFillTensorGetWorkspaceSize(tf2.t, d, il, val, w, e); }, aclnnInplaceIndexFillTensor);
                    EXPECT(rc == 0, "InplaceIndexFillTensor %s: run failed", what.c_str());
                    if (!rc) Exact("InplaceIndexFillTensor " + what, tf2.Read(), gf);
                    aclDestroyScalar(val);
                    aclDestroyIntArray(il);
                }
    // GatherV2 with a 2-D index along each dim of [3, 4, 5]
    for (int64_t d = 0; d < 3; d++) {
        std::vector<int64_t> shape = {3, 4, 5}, ishape = {2, 3};
        int64_t len = shape[(size_t)d];
        std::vector<double> x = QuantAll(ACL_INT32, RandomValues(60, seed++, 100)), ix(6);
        for (size_t k = 0; k < 6; k++) ix[k] = (double)((k * 7 + 1) % (size_t)len);
        std::vector<int64_t> os;
        for (int64_t i = 0; i < d; i++) os.push_back(shape[(size_t)i]);
        os.insert(os.end(), ishape.begin(), ishape.end());
        for (int64_t i = d + 1; i < 3; i++) os.push_back(shape[(size_t)i]);
        std::vector<double> g((size_t)GetShapeSize(os));
        for (int64_t i = 0; i < (int64_t)g.size(); i++) {
            std::vector<int64_t> o = Unravel(i, os), src;
            for (int64_t j = 0; j < d; j++) src.push_back(o[(size_t)j]);
            src.push_back((int64_t)ix[(size_t)(o[(size_t)d] * 3 + o[(size_t)d + 1])]);
            for (int64_t j = d + 1; j < 3; j++) src.push_back(o[(size_t)j + 1]);
            g[(size_t)i] = x[(size_t)Ravel(src, shape)];
        }
        DevTensor ts, ti, to;
        if (!ts.Init(ACL_INT32, shape, x, STRIDED) || !ti.Init(ACL_INT64, ishape, ix, TRANSPOSED) || !to.Init(ACL_INT32, os, {}, CONTIG)) return 1;
        int rc = Run("GatherV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherV2GetWorkspaceSize(ts.t, d, ti.t, to.t, w, e); }, aclnnGatherV2);
        EXPECT(rc == 0, "GatherV2 dim %lld: run failed", (long long)d);
        if (!rc) Exact("GatherV2 dim " + std::to_string(d), to.Read(), g);
    }
    // validation, and an index out of range at run time
    DevTensor s, o, i2, bad, oo;
    if (!s.Init(ACL_FLOAT, {3, 4}, std::vector<double>(12, 1.0), CONTIG) || !o.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) ||
        !i2.Init(ACL_INT64, {2}, {0, 7}, CONTIG) || !bad.Init(ACL_FLOAT, {2}, {}, CONTIG) || !oo.Init(ACL_FLOAT, {3, 4}, {}, CONTIG)) return 1;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("IndexSelect null index", aclnnIndexSelectGetWorkspaceSize(s.t, 0, nullptr, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "index");
    ExpectError("IndexSelect FLOAT index", aclnnIndexSelectGetWorkspaceSize(s.t, 0, bad.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "index");
    ExpectError("IndexSelect dim", aclnnIndexSelectGetWorkspaceSize(s.t, 2, i2.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("IndexSelect out shape", aclnnIndexSelectGetWorkspaceSize(s.t, 1, i2.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Shape of out");
    int64_t big[1] = {9};
    aclIntArray *bl = aclCreateIntArray(big, 1);
    float fv = 1;
    aclScalar *v = aclCreateScalar(&fv, ACL_FLOAT);
    ExpectError("IndexFillTensor index range", aclnnIndexFillTensorGetWorkspaceSize(s.t, 1, bl, v, oo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out of range");
    // index 7 along a dim of 3: the stream fails, out keeps its old values
    ex = nullptr;
    int rc = aclnnIndexSelectGetWorkspaceSize(s.t, 0, i2.t, o.t, &ws, &ex);
    EXPECT(rc == 0, "IndexSelect stage 1 with a bad index value");
    if (rc == 0) {
        void *w = nullptr;
        if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        rc = aclnnIndexSelect(w, ws, ex, g_stream);
        int sync = aclrtSynchronizeStream(g_stream);
        EXPECT(rc == 0 && sync == 507015, "an index out of range fails the stream with 507015 (got %d / %d)", rc, sync);
        EXPECT(o.Read() == std::vector<double>(8, -777.0), "nothing written for an index out of range");
        if (w) aclrtFree(w);
    }
    aclDestroyIntArray(bl);
    aclDestroyScalar(v);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
