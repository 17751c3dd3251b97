// ScatterAdd, ScatterReduce (+Inplace; every reduce, with and without includeSelf), Gather,
// Take, IndexAdd, GatherNd, ScatterNd, ScatterNdUpdate and InplacePut against serial references written here (doubles rounded to the dtype after
// every update, as one update at a time does; integers exact): 3-D shapes, every dim, INT32 /
// INT64 indices with duplicates (so the accumulation order matters and must be the index order),
// strided / transposed views, 0-d and empty tensors, the validation paths with codes and
// messages, and out-of-range indices (the launch fails, nothing crashes). With the argument
// "310p" (run under a 310P topology) the chip-dependent rules are checked there: ScatterReduce
// takes every reduce on the 310P but only FLOAT + sum + includeSelf on A2 / A3.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gather.h"
#include "aclnnop/aclnn_gather_nd.h"
#include "aclnnop/aclnn_put.h"
#include "aclnnop/aclnn_scatter_nd.h"
#include "aclnnop/aclnn_scatter_nd_update.h"
#include "aclnnop/aclnn_index_add.h"
#include "aclnnop/aclnn_index_add_v2.h"
#include "aclnnop/aclnn_scatter.h"
#include "aclnnop/aclnn_scatter_add.h"
#include "aclnnop/aclnn_scatter_div.h"
#include "aclnnop/aclnn_scatter_max.h"
#include "aclnnop/aclnn_scatter_min.h"
#include "aclnnop/aclnn_scatter_mul.h"
#include "aclnnop/aclnn_scatter_reduce.h"
#include "aclnnop/aclnn_tf_scatter_add.h"
#include "aclnnop/aclnn_take.h"

static aclrtStream g_stream;
static bool g_310p = false, g_950 = false;

typedef std::vector<int64_t> Shape;

static std::vector<int64_t> Unravel(int64_t i, const Shape &shape)
{
    std::vector<int64_t> idx(shape.size());
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) { idx[(size_t)d] = i % shape[(size_t)d]; i /= shape[(size_t)d]; }
    return idx;
}
static int64_t Ravel(const std::vector<int64_t> &idx, const Shape &shape)
{
    int64_t r = 0;
    for (size_t d = 0; d < shape.size(); d++) r = r * shape[d] + idx[d];
    return r;
}
static bool IsInt(aclDataType dt) { return dt == ACL_INT32 || dt == ACL_INT64 || dt == ACL_INT8 || dt == ACL_INT16 || dt == ACL_UINT8; }
static void Exact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!(got[i] == want[i] || (std::isnan(got[i]) && std::isnan(want[i])))) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}
static double FloorDiv(double a, double n) { return std::floor(a / n); }

// torch.scatter_reduce: reduce 0 none, 1 sum, 2 prod, 3 amax, 4 amin, 5 mean.
static std::vector<double> RefScatterReduce(const std::vector<double> &self, const Shape &s, const std::vector<int64_t> &idx,
                                            const Shape &is, const std::vector<double> &src, const Shape &ss, int dim,
                                            int reduce, bool include_self, aclDataType dt)
{
    std::vector<double> out = self;
    std::vector<int64_t> count(self.size(), 0);
    for (int64_t p = 0; p < GetShapeSize(is); p++) {
        std::vector<int64_t> c = Unravel(p, is);
        double v = src[(size_t)Ravel(c, ss)];
        int64_t j = idx[(size_t)p];
        c[(size_t)dim] = j < 0 ? j + s[(size_t)dim] : j;
        size_t t = (size_t)Ravel(c, s);
        double &o = out[t];
        if (count[t]++ == 0 && !include_self) { o = v; continue; }
        switch (reduce) {
        case 1: case 5: o = Quant(dt, o + v); break;
        case 2: o = Quant(dt, o * v); break;
        case 3: o = std::max(o, v); break;
        case 4: o = std::min(o, v); break;
        default: o = v;
        }
    }
    if (reduce == 5)
        for (size_t t = 0; t < out.size(); t++)
            if (count[t]) {
                double n = (double)(count[t] + (include_self ? 1 : 0));
                out[t] = IsInt(dt) ? FloorDiv(out[t], n) : Quant(dt, out[t] / n);
            }
    return out;
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, IsInt(dt) ? 4 : 2);
    for (double &x : v) x = IsInt(dt) ? std::round(x) : x;
    return QuantAll(dt, v);
}

static void TestScatterReduce(const std::vector<aclDataType> &dts, bool all_modes)
{
    Shape s = {4, 5, 3}, is = {3, 4, 3}, ss = {3, 5, 3};
    uint64_t seed = 11;
    for (aclDataType dt : dts)
        for (int dim = -1; dim < 3; dim++)
            for (int reduce = 0; reduce < 6; reduce++)
                for (int incl = 0; incl < 2; incl++) {
                    bool supported = all_modes || (dt == ACL_FLOAT && reduce == 1 && incl);
                    int d = dim < 0 ? dim + 3 : dim;
                    std::vector<double> self = Values(dt, (size_t)GetShapeSize(s), seed++), src = Values(dt, (size_t)GetShapeSize(ss), seed++);
                    std::vector<int64_t> idx((size_t)GetShapeSize(is));
                    Lcg rng(seed++);
                    for (auto &v : idx) v = (int64_t)(rng.uniform() * (double)s[(size_t)d]) % s[(size_t)d]; // duplicates
                    idx[1] = -1; // negative values count from the end
                    std::vector<double> idxd(idx.begin(), idx.end());
                    std::vector<double> want = RefScatterReduce(self, s, idx, is, src, ss, d, reduce, incl, dt);
                    DevTensor ts, ti, tsrc, to;
                    aclDataType idt = (reduce + dim) % 2 ? ACL_INT32 : ACL_INT64;
                    if (!ts.Init(dt, s, self, TRANSPOSED) || !ti.Init(idt, is, idxd, STRIDED) || !tsrc.Init(dt, ss, src, CONTIG) ||
                        !to.Init(dt, s, {}, STRIDED)) return;
                    std::string what = std::string("ScatterReduce ") + DtName(dt) + " dim " + std::to_string(dim) +
                                       " reduce " + std::to_string(reduce) + " includeSelf " + std::to_string(incl);
                    bool inplace = (dim + reduce + incl) % 2 == 0;
                    if (!supported) {
                        uint64_t ws;
                        aclOpExecutor *ex;
                        int rc = inplace ? aclnnInplaceScatterReduceGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, reduce, incl, &ws, &ex)
                                         : aclnnScatterReduceGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, reduce, incl, to.t, &ws, &ex);
                        ExpectError(what.c_str(), rc, 161002, "scatter_reduce only supports dtype=float32, reduce=sum, include_self=true");
                        continue;
                    }
                    int rc = inplace ? Run("InplaceScatterReduce", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                                 return aclnnInplaceScatterReduceGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, reduce, incl, w, e); }, aclnnInplaceScatterReduce)
                                     : Run("ScatterReduce", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                                 return aclnnScatterReduceGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, reduce, incl, to.t, w, e); }, aclnnScatterReduce);
                    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
                    if (rc) continue;
                    if (inplace) {
                        Exact(what + " (inplace)", ts.Read(), want);
                    } else {
                        Exact(what, to.Read(), want);
                        Exact(what + " leaves self", ts.Read(), self);
                        EXPECT(to.CountClobbered() == 0, "%s: wrote outside out's view", what.c_str());
                    }
                }
}

// ScatterAdd = scatter_reduce sum with self; aclnnScatter reduce 5 (mean) through the same kernel.
static void TestScatterAdd(const std::vector<aclDataType> &dts)
{
    Shape s = {3, 6}, is = {3, 5}, ss = {4, 5};
    uint64_t seed = 100;
    for (aclDataType dt : dts)
        for (int dim = 0; dim < 2; dim++) {
            std::vector<double> self = Values(dt, 18, seed++), src = Values(dt, 20, seed++);
            std::vector<int64_t> idx(15);
            for (size_t i = 0; i < idx.size(); i++) idx[i] = (int64_t)(i * 7 % 3); // heavy duplicates
            std::vector<double> idxd(idx.begin(), idx.end());
            DevTensor ts, ti, tsrc, to, tm;
            if (!ts.Init(dt, s, self, STRIDED) || !ti.Init(ACL_INT64, is, idxd, TRANSPOSED) || !tsrc.Init(dt, ss, src, STRIDED) ||
                !to.Init(dt, s, {}, CONTIG) || !tm.Init(dt, s, {}, CONTIG)) return;
            std::string what = std::string("ScatterAdd ") + DtName(dt) + " dim " + std::to_string(dim);
            int rc = Run("ScatterAdd", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnScatterAddGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, to.t, w, e); }, aclnnScatterAdd);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, to.Read(), RefScatterReduce(self, s, idx, is, src, ss, dim, 1, true, dt));
            rc = Run("Scatter mean", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnScatterGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, 5, tm.t, w, e); }, aclnnScatter);
            EXPECT(rc == 0, "Scatter mean %s: run failed", what.c_str());
            if (!rc) Exact("Scatter mean " + what, tm.Read(), RefScatterReduce(self, s, idx, is, src, ss, dim, 5, true, dt));
        }
    // the result does not depend on the core count: a long duplicate-heavy sum, run twice
    Shape bs = {64, 300};
    std::vector<double> self(64 * 300, 0.0), src = Values(ACL_FLOAT16, 64 * 300, 5);
    std::vector<int64_t> idx(64 * 300);
    for (size_t i = 0; i < idx.size(); i++) idx[i] = (int64_t)(i % 3);
    std::vector<double> idxd(idx.begin(), idx.end());
    DevTensor ts, ti, tsrc, to;
    if (!ts.Init(ACL_FLOAT16, bs, self, CONTIG) || !ti.Init(ACL_INT32, bs, idxd, CONTIG) || !tsrc.Init(ACL_FLOAT16, bs, src, CONTIG) ||
        !to.Init(ACL_FLOAT16, bs, {}, CONTIG)) return;
    std::vector<double> want = RefScatterReduce(self, bs, idx, bs, src, bs, 1, 1, true, ACL_FLOAT16);
    for (int rep = 0; rep < 2; rep++) {
        int rc = Run("ScatterAdd big", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnScatterAddGetWorkspaceSize(ts.t, 1, ti.t, tsrc.t, to.t, w, e); }, aclnnScatterAdd);
        EXPECT(rc == 0, "ScatterAdd big: run failed");
        if (!rc) Exact("ScatterAdd big (index order)", to.Read(), want);
    }
}

static void TestGatherTake(const std::vector<aclDataType> &dts)
{
    Shape s = {4, 5, 6}, is = {3, 4, 5};
    uint64_t seed = 300;
    for (aclDataType dt : dts)
        for (int dim = -3; dim < 3; dim++) {
            int d = dim < 0 ? dim + 3 : dim;
            std::vector<double> x = Values(dt, (size_t)GetShapeSize(s), seed++);
            std::vector<double> idxd((size_t)GetShapeSize(is)), want(idxd.size());
            Lcg rng(seed++);
            for (size_t p = 0; p < idxd.size(); p++) {
                int64_t j = (int64_t)(rng.uniform() * (double)s[(size_t)d]) % s[(size_t)d];
                idxd[p] = (double)j;
                std::vector<int64_t> c = Unravel((int64_t)p, is);
                c[(size_t)d] = j;
                want[p] = x[(size_t)Ravel(c, s)];
            }
            DevTensor ts, ti, to;
            if (!ts.Init(dt, s, x, TRANSPOSED) || !ti.Init(dim % 2 ? ACL_INT32 : ACL_INT64, is, idxd, STRIDED) ||
                !to.Init(dt, is, {}, STRIDED)) return;
            std::string what = std::string("Gather ") + DtName(dt) + " dim " + std::to_string(dim);
            int rc = Run("Gather", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherGetWorkspaceSize(ts.t, dim, ti.t, to.t, w, e); }, aclnnGather);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) { Exact(what, to.Read(), want); EXPECT(to.CountClobbered() == 0, "%s: wrote outside out", what.c_str()); }
        }
    for (aclDataType dt : dts) {
        Shape ts_shape = {3, 4}, ti_shape = {2, 3};
        std::vector<double> x = Values(dt, 12, seed++);
        std::vector<double> idxd = {0, 11, -1, 5, -12, 7}, want(6);
        for (size_t i = 0; i < 6; i++) { int64_t j = (int64_t)idxd[i]; want[i] = x[(size_t)(j < 0 ? j + 12 : j)]; }
        DevTensor ts, ti, to;
        if (!ts.Init(dt, ts_shape, x, TRANSPOSED) || !ti.Init(ACL_INT64, ti_shape, idxd, TRANSPOSED) || !to.Init(dt, ti_shape, {}, STRIDED)) return;
        std::string what = std::string("Take ") + DtName(dt);
        int rc = Run("Take", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTakeGetWorkspaceSize(ts.t, ti.t, to.t, w, e); }, aclnnTake);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (!rc) Exact(what, to.Read(), want);
    }
    // 0-d: Gather of a 0-d self with a 0-d index; Take from a 0-d self
    DevTensor s0, i0, o0, t0;
    if (!s0.Init(ACL_FLOAT, {}, {2.5}, CONTIG) || !i0.Init(ACL_INT64, {}, {0}, CONTIG) || !o0.Init(ACL_FLOAT, {}, {}, CONTIG) ||
        !t0.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    int rc = Run("Gather 0-d", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherGetWorkspaceSize(s0.t, 0, i0.t, o0.t, w, e); }, aclnnGather);
    EXPECT(rc == 0 && o0.Read()[0] == 2.5, "Gather 0-d: rc %d value %g", rc, rc ? 0.0 : o0.Read()[0]);
    rc = Run("Take 0-d", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTakeGetWorkspaceSize(s0.t, i0.t, t0.t, w, e); }, aclnnTake);
    EXPECT(rc == 0 && t0.Read()[0] == 2.5, "Take 0-d: rc %d", rc);
    // empty index: nothing to run, workspace 0
    DevTensor se, ie, oe;
    if (!se.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !ie.Init(ACL_INT64, {0, 4}, {}, CONTIG) || !oe.Init(ACL_FLOAT, {0, 4}, {}, CONTIG)) return;
    rc = Run("Gather empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherGetWorkspaceSize(se.t, 0, ie.t, oe.t, w, e); }, aclnnGather);
    EXPECT(rc == 0, "Gather empty index: %d", rc);
    rc = Run("Take empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTakeGetWorkspaceSize(se.t, ie.t, oe.t, w, e); }, aclnnTake);
    EXPECT(rc == 0, "Take empty index: %d", rc);
}

static void TestIndexAdd(const std::vector<aclDataType> &dts)
{
    Shape s = {4, 5, 3};
    uint64_t seed = 500;
    for (aclDataType dt : dts)
        for (int dim = -1; dim < 3; dim++) {
            int d = dim < 0 ? dim + 3 : dim;
            std::vector<double> ix = {0, (double)(s[(size_t)d] - 1), 0, -1, 1, 0};
            Shape ss = s;
            ss[(size_t)d] = (int64_t)ix.size();
            std::vector<double> x = Values(dt, (size_t)GetShapeSize(s), seed++), src = Values(dt, (size_t)GetShapeSize(ss), seed++);
            double alpha = IsInt(dt) ? 3 : 0.5;
            std::vector<double> want = x;
            for (int64_t p = 0; p < GetShapeSize(ss); p++) {
                std::vector<int64_t> c = Unravel(p, ss);
                int64_t j = (int64_t)ix[(size_t)c[(size_t)d]];
                c[(size_t)d] = j < 0 ? j + s[(size_t)d] : j;
                double &o = want[(size_t)Ravel(c, s)];
                o = Quant(dt, o + alpha * src[(size_t)p]);
            }
            DevTensor ts, ti, tsrc, to;
            if (!ts.Init(dt, s, x, STRIDED) || !ti.Init(dim % 2 ? ACL_INT32 : ACL_INT64, {(int64_t)ix.size()}, ix, STRIDED) ||
                !tsrc.Init(dt, ss, src, TRANSPOSED) || !to.Init(dt, s, {}, TRANSPOSED)) return;
            int64_t ialpha = 3;
            float falpha = 0.5f;
            aclScalar *al = IsInt(dt) ? aclCreateScalar(&ialpha, ACL_INT64) : aclCreateScalar(&falpha, ACL_FLOAT);
            std::string what = std::string("IndexAdd ") + DtName(dt) + " dim " + std::to_string(dim);
            int rc = Run("IndexAdd", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnIndexAddGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, al, to.t, w, e); }, aclnnIndexAdd);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) { Exact(what, to.Read(), want); Exact(what + " leaves self", ts.Read(), x); }
            aclDestroyScalar(al);
        }
    // IndexAddV2: mode 1 = IndexAdd; mode 0 (A2 / A3 AI Core path: 2-D self, dim 0) adds without alpha
    {
        std::vector<double> x = Values(ACL_FLOAT, 12, 77), src = Values(ACL_FLOAT, 8, 78), ix = {2, 0};
        for (int mode = 0; mode < 2; mode++) {
            double alpha = 0.5;
            std::vector<double> want = x;
            for (int k = 0; k < 2; k++)
                for (int j = 0; j < 4; j++)
                    want[(size_t)((int64_t)ix[(size_t)k] * 4 + j)] = Quant(ACL_FLOAT, want[(size_t)((int64_t)ix[(size_t)k] * 4 + j)] +
                                                                           (mode ? alpha : 1.0) * src[(size_t)(k * 4 + j)]);
            DevTensor ts, ti, tsrc, to;
            float fa = 0.5f;
            aclScalar *al = aclCreateScalar(&fa, ACL_FLOAT);
            if (!ts.Init(ACL_FLOAT, {3, 4}, x, CONTIG) || !ti.Init(ACL_INT64, {2}, ix, CONTIG) || !tsrc.Init(ACL_FLOAT, {2, 4}, src, CONTIG) ||
                !to.Init(ACL_FLOAT, {3, 4}, {}, CONTIG)) return;
            if (mode == 0 && g_310p) {
                uint64_t ws;
                aclOpExecutor *ex;
                int rc = aclnnIndexAddV2GetWorkspaceSize(ts.t, 0, ti.t, tsrc.t, al, 0, to.t, &ws, &ex);
                EXPECT(rc == 561103, "IndexAddV2 mode 0 on 310P: %d, expected 561103", rc);
            } else {
                int rc = Run("IndexAddV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnIndexAddV2GetWorkspaceSize(ts.t, 0, ti.t, tsrc.t, al, mode, to.t, w, e); }, aclnnIndexAddV2);
                EXPECT(rc == 0, "IndexAddV2 mode %d: run failed", mode);
                if (!rc) Exact("IndexAddV2 mode " + std::to_string(mode), to.Read(), want);
            }
            aclDestroyScalar(al);
        }
        DevTensor t3, i3, s3, o3;
        float fa = 1;
        aclScalar *al = aclCreateScalar(&fa, ACL_FLOAT);
        if (!t3.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !i3.Init(ACL_INT64, {1}, {0}, CONTIG) || !s3.Init(ACL_FLOAT, {1, 3, 4}, {}, CONTIG) ||
            !o3.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG)) return;
        uint64_t ws;
        aclOpExecutor *ex;
        int rc = aclnnIndexAddV2GetWorkspaceSize(t3.t, 0, i3.t, s3.t, al, 0, o3.t, &ws, &ex);
        EXPECT(rc == 561103, "IndexAddV2 mode 0 with a 3-D self: %d, expected 561103", rc);
        aclDestroyScalar(al);
    }
    // 0-d self, 0-d index and source
    DevTensor s0, i0, src0, o0;
    float one = 2;
    aclScalar *al = aclCreateScalar(&one, ACL_FLOAT);
    if (!s0.Init(ACL_FLOAT, {}, {1.5}, CONTIG) || !i0.Init(ACL_INT64, {}, {0}, CONTIG) || !src0.Init(ACL_FLOAT, {}, {0.25}, CONTIG) ||
        !o0.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    int rc = Run("IndexAdd 0-d", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnIndexAddGetWorkspaceSize(s0.t, -1, i0.t, src0.t, al, o0.t, w, e); }, aclnnIndexAdd);
    EXPECT(rc == 0 && o0.Read()[0] == 2.0, "IndexAdd 0-d: rc %d value %g", rc, rc ? 0.0 : o0.Read()[0]);
    aclDestroyScalar(al);
}

// GatherNd / ScatterNd / ScatterNdUpdate over data [4, 5, 3] with K = 1, 2, 3 and duplicate rows
// (scatter: the last occurrence wins), and InplacePut with and without accumulate.
static void TestNd(const std::vector<aclDataType> &dts)
{
    Shape ds = {4, 5, 3};
    uint64_t seed = 900;
    for (aclDataType dt : dts)
        for (int K = 1; K <= 3; K++) {
            std::vector<double> data = Values(dt, 60, seed++);
            Shape is = {2, 3, (int64_t)K};
            std::vector<double> idx;
            Lcg rng(seed++);
            for (int64_t n = 0; n < 6; n++)
                for (int k = 0; k < K; k++) idx.push_back((double)((int64_t)(rng.uniform() * (double)ds[(size_t)k]) % ds[(size_t)k]));
            for (int k = 0; k < K; k++) idx[(size_t)(5 * K + k)] = idx[(size_t)k]; // row 5 repeats row 0
            int64_t S = 1;
            Shape os = {2, 3};
            for (int i = K; i < 3; i++) { S *= ds[(size_t)i]; os.push_back(ds[(size_t)i]); }
            std::vector<double> gathered((size_t)(6 * S)), scattered = data, upd = Values(dt, (size_t)(6 * S), seed++);
            for (int64_t n = 0; n < 6; n++) {
                int64_t base = 0;
                for (int k = 0; k < 3; k++) base = base * ds[(size_t)k] + (k < K ? (int64_t)idx[(size_t)(n * K + k)] : 0);
                for (int64_t j = 0; j < S; j++) {
                    gathered[(size_t)(n * S + j)] = data[(size_t)(base + j)];
                    scattered[(size_t)(base + j)] = upd[(size_t)(n * S + j)];
                }
            }
            std::string what = std::string(DtName(dt)) + " K " + std::to_string(K);
            DevTensor td, ti, to, tu, tso, tv;
            if (!td.Init(dt, ds, data, TRANSPOSED) || !ti.Init(K % 2 ? ACL_INT64 : ACL_INT32, is, idx, STRIDED) || !to.Init(dt, os, {}, STRIDED) ||
                !tu.Init(dt, os, upd, TRANSPOSED) || !tso.Init(dt, ds, {}, STRIDED) || !tv.Init(dt, ds, data, STRIDED)) return;
            int rc = Run("GatherNd", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherNdGetWorkspaceSize(td.t, ti.t, false, to.t, w, e); }, aclnnGatherNd);
            EXPECT(rc == 0, "GatherNd %s: run failed", what.c_str());
            if (!rc) Exact("GatherNd " + what, to.Read(), gathered);
            if (dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16) {
                rc = Run("ScatterNd", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterNdGetWorkspaceSize(td.t, ti.t, tu.t, tso.t, w, e); }, aclnnScatterNd);
                EXPECT(rc == 0, "ScatterNd %s: run failed", what.c_str());
                if (!rc) { Exact("ScatterNd " + what, tso.Read(), scattered); Exact("ScatterNd leaves data " + what, td.Read(), data); }
            }
            if (dt != ACL_INT8 || !g_310p) {
                rc = Run("ScatterNdUpdate", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterNdUpdateGetWorkspaceSize(tv.t, ti.t, tu.t, w, e); }, aclnnScatterNdUpdate);
                bool listed = g_310p ? (dt == ACL_FLOAT || dt == ACL_FLOAT16) : true;
                if (listed) {
                    EXPECT(rc == 0, "ScatterNdUpdate %s: run failed", what.c_str());
                    if (!rc) Exact("ScatterNdUpdate " + what, tv.Read(), scattered);
                } else {
                    EXPECT(rc == 161002, "ScatterNdUpdate %s on 310P: %d, expected 161002", what.c_str(), rc);
                }
            }
        }
    // GatherNd with negative indices (negativeIndexSupport)
    DevTensor td, ti, to;
    std::vector<double> data = Values(ACL_FLOAT, 12, 3);
    if (!td.Init(ACL_FLOAT, {3, 4}, data, CONTIG) || !ti.Init(ACL_INT64, {2, 2}, {-1, -4, 0, 3}, CONTIG) || !to.Init(ACL_FLOAT, {2}, {}, CONTIG)) return;
    int rc = Run("GatherNd negative", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherNdGetWorkspaceSize(td.t, ti.t, true, to.t, w, e); }, aclnnGatherNd);
    EXPECT(rc == 0, "GatherNd negative: run failed");
    if (!rc) Exact("GatherNd negative", to.Read(), {data[8], data[3]});
    // InplacePut: flat indices with a duplicate (accumulate sums it, otherwise the last one wins)
    for (aclDataType dt : dts)
        for (int acc = 0; acc < 2; acc++) {
            std::vector<double> self = Values(dt, 12, seed++), src = Values(dt, 5, seed++), want = self;
            std::vector<double> ix = {0, 11, -1, 5, 7};
            for (size_t i = 0; i < ix.size(); i++) {
                int64_t j = (int64_t)ix[i];
                j = j < 0 ? j + 12 : j;
                want[(size_t)j] = acc ? Quant(dt, want[(size_t)j] + src[i]) : src[i];
            }
            DevTensor ts, tix, tsrc;
            if (!ts.Init(dt, {3, 4}, self, TRANSPOSED) || !tix.Init(ACL_INT64, {5}, ix, STRIDED) || !tsrc.Init(dt, {5}, src, STRIDED)) return;
            if (dt == ACL_BF16 && acc) { // BF16 is only in the list without accumulate
                uint64_t ws;
                aclOpExecutor *ex;
                ExpectError("InplacePut bf16 accumulate", aclnnInplacePutGetWorkspaceSize(ts.t, tix.t, tsrc.t, true, &ws, &ex), 161002, "DT_BF16");
                continue;
            }
            rc = Run("InplacePut", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplacePutGetWorkspaceSize(ts.t, tix.t, tsrc.t, acc, w, e); }, aclnnInplacePut);
            EXPECT(rc == 0, "InplacePut %s acc %d: run failed", DtName(dt), acc);
            if (!rc) Exact(std::string("InplacePut ") + DtName(dt) + (acc ? " accumulate" : ""), ts.Read(), want);
        }
}

// TF-style scatters: varRef[indices[i], ...] op= updates[i, ...] in index order (duplicates
// apply one after the other). ScatterMax / Min / Mul / Div exist on the 950 only; TfScatterAdd
// also takes scatter_nd_add shapes.
static void TestTfScatter(const std::vector<aclDataType> &dts)
{
    uint64_t seed = 4000;
    for (aclDataType dt : dts)
        for (int op = 0; op < 5; op++) { // add, max, min, mul, div
            if ((op && !g_950) || (op == 0 && g_310p)) continue; // TfScatterAdd has no 310P dtypes
            Shape vs = {5, 3, 2}, is = {2, 3}, us = {2, 3, 3, 2};
            std::vector<double> var = Values(dt, 30, seed++), upd = Values(dt, 36, seed++), idx = {0, 4, 2, 0, 4, 0};
            if (op == 4) for (double &v : upd) if (v == 0) v = 1; // no division by zero
            if (op == 4 && IsInt(dt)) for (double &v : upd) v = v > 0 ? 2 : -2;
            std::vector<double> want = var;
            for (size_t n = 0; n < 6; n++)
                for (size_t j = 0; j < 6; j++) {
                    double &o = want[(size_t)idx[n] * 6 + j], v = upd[n * 6 + j];
                    if (op == 0) o = Quant(dt, o + v);
                    else if (op == 1) o = std::max(o, v);
                    else if (op == 2) o = std::min(o, v);
                    else if (op == 3) o = Quant(dt, o * v);
                    else o = IsInt(dt) ? std::trunc(o / v) : Quant(dt, o / v);
                }
            DevTensor tv, ti, tu;
            if (!tv.Init(dt, vs, var, STRIDED) || !ti.Init(op % 2 ? ACL_INT32 : ACL_INT64, is, idx, TRANSPOSED) || !tu.Init(dt, us, upd, STRIDED)) return;
            const char *names[5] = {"TfScatterAdd", "ScatterMax", "ScatterMin", "ScatterMul", "ScatterDiv"};
            std::string what = std::string(names[op]) + " " + DtName(dt);
            int rc;
            switch (op) {
            case 0: rc = Run(names[op], g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTfScatterAddGetWorkspaceSize(tv.t, ti.t, tu.t, w, e); }, aclnnTfScatterAdd); break;
            case 1: rc = Run(names[op], g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterMaxGetWorkspaceSize(tv.t, ti.t, tu.t, false, w, e); }, aclnnScatterMax); break;
            case 2: rc = Run(names[op], g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterMinGetWorkspaceSize(tv.t, ti.t, tu.t, true, w, e); }, aclnnScatterMin); break;
            case 3: rc = Run(names[op], g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterMulGetWorkspaceSize(tv.t, ti.t, tu.t, false, w, e); }, aclnnScatterMul); break;
            default: rc = Run(names[op], g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterDivGetWorkspaceSize(tv.t, ti.t, tu.t, false, w, e); }, aclnnScatterDiv); break;
            }
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) Exact(what, tv.Read(), want);
        }
    // TfScatterAdd with scatter_nd_add shapes: indices [2, 2] rows into var [3, 4, 2], updates [2, 2]
    if (!g_310p) {
        std::vector<double> var = Values(ACL_FLOAT, 24, 5), upd = {1, 2, 3, 4}, idx = {1, 3, 1, 3}, want = var;
        for (int n = 0; n < 2; n++)
            for (int j = 0; j < 2; j++) want[(size_t)((1 * 4 + 3) * 2 + j)] = Quant(ACL_FLOAT, want[(size_t)((1 * 4 + 3) * 2 + j)] + upd[(size_t)(n * 2 + j)]);
        DevTensor tv, ti, tu;
        if (!tv.Init(ACL_FLOAT, {3, 4, 2}, var, CONTIG) || !ti.Init(ACL_INT64, {2, 2}, idx, CONTIG) || !tu.Init(ACL_FLOAT, {2, 2}, upd, CONTIG)) return;
        int rc = Run("TfScatterAdd nd", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTfScatterAddGetWorkspaceSize(tv.t, ti.t, tu.t, w, e); }, aclnnTfScatterAdd);
        EXPECT(rc == 0, "TfScatterAdd nd: run failed");
        if (!rc) Exact("TfScatterAdd nd", tv.Read(), want);
    }
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor v, i, u;
    if (!v.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) || !i.Init(ACL_INT64, {3}, {}, CONTIG) || !u.Init(ACL_FLOAT, {3, 3}, {}, CONTIG)) return;
    if (!g_950) {
        int rc = aclnnScatterMaxGetWorkspaceSize(v.t, i.t, u.t, false, &ws, &ex);
        EXPECT(rc == 361001, "ScatterMax off the 950: %d, expected 361001 (support for the SoC is not implemented)", rc);
    }
    if (g_950)
        ExpectError("ScatterMax updates shape", aclnnScatterMaxGetWorkspaceSize(v.t, i.t, u.t, false, &ws, &ex), 161002,
                    "updatesShape must have the same number of varShape");
    if (g_310p) ExpectError("TfScatterAdd on 310P", aclnnTfScatterAddGetWorkspaceSize(v.t, i.t, u.t, &ws, &ex), 161002, "DT_FLOAT");
    // an integer division by zero fails the launch and leaves varRef alone
    if (g_950) {
        DevTensor vi, ii, ui;
        if (!vi.Init(ACL_INT32, {2}, {7, 8}, CONTIG) || !ii.Init(ACL_INT64, {2}, {0, 1}, CONTIG) || !ui.Init(ACL_INT32, {2}, {2, 0}, CONTIG)) return;
        int rc = aclnnScatterDivGetWorkspaceSize(vi.t, ii.t, ui.t, false, &ws, &ex);
        EXPECT(rc == 0, "ScatterDiv int / 0: stage 1 (%d)", rc);
        if (rc == 0) {
            int r2 = aclnnScatterDiv(nullptr, 0, ex, g_stream);
            int r3 = aclrtSynchronizeStream(g_stream);
            EXPECT(r2 != 0 || r3 != 0, "ScatterDiv int / 0: the launch did not fail");
            Exact("ScatterDiv int / 0 leaves varRef", vi.Read(), {7, 8});
        }
    }
}

static void TestValidation()
{
    DevTensor s, i, src, o, i16, od, s3, iq, ob, s9, i9, o9, u32, ibig, ie;
    if (!s.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !i.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !src.Init(ACL_FLOAT, {2, 5}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !i16.Init(ACL_INT16, {2, 3}, {}, CONTIG) || !od.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) ||
        !s3.Init(ACL_FLOAT, {4, 5, 1}, {}, CONTIG) || !iq.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !ob.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) ||
        !s9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) || !i9.Init(ACL_INT64, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) ||
        !o9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) || !u32.Init(ACL_UINT32, {4, 5}, {}, CONTIG) ||
        !ibig.Init(ACL_INT64, {2, 6}, {}, CONTIG) || !ie.Init(ACL_INT16, {0, 3}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    // ScatterReduce / ScatterAdd
    ExpectError("ScatterReduce null self", aclnnScatterReduceGetWorkspaceSize(nullptr, 0, i.t, src.t, 1, true, o.t, &ws, &ex), 161001, "self");
    ExpectError("ScatterReduce reduce 6", aclnnScatterReduceGetWorkspaceSize(s.t, 0, i.t, src.t, 6, true, o.t, &ws, &ex), 161002,
                g_310p ? "reduce must be one of" : "reduce=none");
    ExpectError("ScatterReduce null index", aclnnScatterReduceGetWorkspaceSize(s.t, 0, nullptr, src.t, 1, true, o.t, &ws, &ex), 161001, "index");
    ExpectError("ScatterAdd null out", aclnnScatterAddGetWorkspaceSize(s.t, 0, i.t, src.t, nullptr, &ws, &ex), 161001, "out");
    ExpectError("ScatterAdd int16 index", aclnnScatterAddGetWorkspaceSize(s.t, 0, i16.t, src.t, o.t, &ws, &ex), 161002, "DT_INT16");
    ExpectError("ScatterAdd uint32 self", aclnnScatterAddGetWorkspaceSize(u32.t, 0, i.t, src.t, o.t, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("ScatterAdd dim 2", aclnnScatterAddGetWorkspaceSize(s.t, 2, i.t, src.t, o.t, &ws, &ex), 161002, "dim must be in range");
    ExpectError("InplaceScatterReduce rank", aclnnInplaceScatterReduceGetWorkspaceSize(s3.t, 0, i.t, src.t, 1, true, &ws, &ex), 161002,
                "same number of dimensions");
    if (!g_310p)
        ExpectError("ScatterReduce fp32 amax on A2", aclnnScatterReduceGetWorkspaceSize(s.t, 0, i.t, src.t, 3, true, o.t, &ws, &ex), 161002,
                    "Got dtype=DT_FLOAT, reduce=max, include_self=1");
    // Gather
    ExpectError("Gather null self", aclnnGatherGetWorkspaceSize(nullptr, 0, i.t, ob.t, &ws, &ex), 161001, "self");
    ExpectError("Gather int16 index (before out dtype)", aclnnGatherGetWorkspaceSize(s.t, 0, i16.t, iq.t, &ws, &ex), 161002,
                "aclnnGather not implemented for index dtype DT_INT16");
    ExpectError("Gather out dtype", aclnnGatherGetWorkspaceSize(s.t, 0, i.t, od.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("Gather rank", aclnnGatherGetWorkspaceSize(s3.t, 0, i.t, o.t, &ws, &ex), 161002, "same number of dimensions");
    ExpectError("Gather rank 9", aclnnGatherGetWorkspaceSize(s9.t, 0, i9.t, o9.t, &ws, &ex), 161002);
    ExpectError("Gather out shape", aclnnGatherGetWorkspaceSize(s.t, 0, i.t, ob.t, &ws, &ex), 161002, "out");
    DevTensor og;
    if (!og.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return;
    ExpectError("Gather dim", aclnnGatherGetWorkspaceSize(s.t, 2, i.t, og.t, &ws, &ex), 161002, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    DevTensor ogb;
    if (!ogb.Init(ACL_FLOAT, {2, 6}, {}, CONTIG)) return;
    ExpectError("Gather index > self", aclnnGatherGetWorkspaceSize(s.t, 0, ibig.t, ogb.t, &ws, &ex), 161002,
                "Size does not match at dimension 1, expected index shape 6 smaller than self shape 5");
    // Take
    ExpectError("Take null index", aclnnTakeGetWorkspaceSize(s.t, nullptr, og.t, &ws, &ex), 161001, "index");
    ExpectError("Take out dtype", aclnnTakeGetWorkspaceSize(s.t, i.t, od.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("Take index dtype", aclnnTakeGetWorkspaceSize(s.t, i16.t, og.t, &ws, &ex), 161002, "DT_INT16");
    ExpectError("Take out shape", aclnnTakeGetWorkspaceSize(s.t, i.t, ob.t, &ws, &ex), 161002, "out");
    DevTensor sempty;
    if (!sempty.Init(ACL_FLOAT, {0, 5}, {}, CONTIG)) return;
    ExpectError("Take from empty", aclnnTakeGetWorkspaceSize(sempty.t, i.t, og.t, &ws, &ex), 161002, "tried to take from an empty tensor");
    DevTensor sb, ob16;
    if (!sb.Init(ACL_BF16, {4, 5}, {}, CONTIG) || !ob16.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return;
    int rc = aclnnTakeGetWorkspaceSize(sb.t, i.t, ob16.t, &ws, &ex);
    if (g_310p) ExpectError("Take BF16 on 310P", rc, 161002, "take operator doesn't support [DT_BF16]");
    else { EXPECT(rc == 0, "Take BF16 on A2: %d", rc); if (rc == 0) aclDestroyAclOpExecutor(ex); }
    // IndexAdd
    float f = 1;
    aclScalar *al = aclCreateScalar(&f, ACL_FLOAT);
    DevTensor i1, src1, src1b, i2;
    if (!i1.Init(ACL_INT64, {2}, {}, CONTIG) || !src1.Init(ACL_FLOAT, {2, 5}, {}, CONTIG) || !src1b.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !i2.Init(ACL_INT64, {2, 1}, {}, CONTIG)) return;
    ExpectError("IndexAdd null alpha", aclnnIndexAddGetWorkspaceSize(s.t, 0, i1.t, src1.t, nullptr, o.t, &ws, &ex), 161001, "alpha");
    ExpectError("IndexAdd uint32", aclnnIndexAddGetWorkspaceSize(u32.t, 0, i1.t, src1.t, al, o.t, &ws, &ex), 161002, "Self dtype DT_UINT32");
    ExpectError("IndexAdd index dtype", aclnnIndexAddGetWorkspaceSize(s.t, 0, i16.t, src1.t, al, o.t, &ws, &ex), 161002, "index dtype DT_INT16");
    ExpectError("IndexAdd dim", aclnnIndexAddGetWorkspaceSize(s.t, 2, i1.t, src1.t, al, o.t, &ws, &ex), 161002, "dim should be in [-self.dims(), self.dims), but dim is 2");
    ExpectError("IndexAdd source size", aclnnIndexAddGetWorkspaceSize(s.t, 1, i1.t, src1.t, al, o.t, &ws, &ex), 161002,
                "The size of self must match the size of source at dimension 1");
    ExpectError("IndexAdd index rank", aclnnIndexAddGetWorkspaceSize(s.t, 0, i2.t, src1.t, al, o.t, &ws, &ex), 161002, "Index dimension 2 is supposed to be 1");
    ExpectError("IndexAdd index count", aclnnIndexAddGetWorkspaceSize(s.t, 0, i1.t, src1b.t, al, o.t, &ws, &ex), 161002,
                "Number of index should be equal to number of source in dim");
    ExpectError("IndexAdd out shape", aclnnIndexAddGetWorkspaceSize(s.t, 0, i1.t, src1.t, al, ob.t, &ws, &ex), 161002);
    aclDestroyScalar(al);
    // GatherNd / ScatterNd / ScatterNdUpdate / InplacePut
    DevTensor ik4, upd, i1d;
    if (!ik4.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !upd.Init(ACL_FLOAT, {2}, {}, CONTIG) || !i1d.Init(ACL_INT64, {3}, {}, CONTIG)) return;
    ExpectError("GatherNd null indices", aclnnGatherNdGetWorkspaceSize(s.t, nullptr, false, o.t, &ws, &ex), 161001, "indices");
    ExpectError("GatherNd K 3 > rank 2", aclnnGatherNdGetWorkspaceSize(s.t, ik4.t, false, upd.t, &ws, &ex), 161002, "indices last dim 3 not in valid range: [1, 2]");
    ExpectError("GatherNd out dtype", aclnnGatherNdGetWorkspaceSize(s.t, i.t, false, od.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("ScatterNd int32 data", aclnnScatterNdGetWorkspaceSize(u32.t, i.t, src.t, o.t, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("ScatterNd rank rule", aclnnScatterNdGetWorkspaceSize(s.t, i.t, upd.t, o.t, &ws, &ex), 161002, "should match the shape of updates");
    ExpectError("ScatterNdUpdate updates dtype", aclnnScatterNdUpdateGetWorkspaceSize(s.t, i.t, od.t, &ws, &ex), 161002, "updates dtype DT_DOUBLE should be in same with varRef dtype DT_FLOAT");
    ExpectError("InplacePut counts", aclnnInplacePutGetWorkspaceSize(s.t, i1d.t, upd.t, false, &ws, &ex), 161002,
                "Expect source and index to have the same number of elements,but the source has 2,the index has 3");
    ExpectError("InplacePut into empty", aclnnInplacePutGetWorkspaceSize(sempty.t, i1d.t, i1d.t, false, &ws, &ex), 161002, "should be in same");
}

// Out-of-range index values: each launch fails (stage 2 or the synchronize), nothing crashes and
// nothing is written. Run last: a failed launch leaves the stream in error.
static void TestOutOfRange()
{
    DevTensor s, src, o, ibad, ibad1, og, srcb;
    if (!s.Init(ACL_FLOAT, {3, 4}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, CONTIG) || !src.Init(ACL_FLOAT, {2, 4}, {}, CONTIG, 1.0) ||
        !o.Init(ACL_FLOAT, {3, 4}, {}, CONTIG, 0.0) || !ibad.Init(ACL_INT64, {2, 4}, {0, 1, 2, 3, 1, 3, 0, 2}, CONTIG) ||
        !ibad1.Init(ACL_INT64, {2}, {0, 3}, CONTIG) || !og.Init(ACL_FLOAT, {2, 4}, {}, CONTIG, 0.0) ||
        !srcb.Init(ACL_FLOAT, {2, 4}, {}, CONTIG, 1.0)) return;
    float f = 1;
    aclScalar *al = aclCreateScalar(&f, ACL_FLOAT);
    struct Case { const char *name; std::function<int(uint64_t *, aclOpExecutor **)> s1; Stage2Fn s2; };
    Case cases[] = {
        {"ScatterReduce index 3 on dim 0", [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterReduceGetWorkspaceSize(s.t, 0, ibad.t, src.t, 1, true, o.t, w, e); }, aclnnScatterReduce},
        {"Gather index 3 on dim 0", [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherGetWorkspaceSize(s.t, 0, ibad.t, og.t, w, e); }, aclnnGather},
        {"IndexAdd index 3 on dim 0", [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexAddGetWorkspaceSize(s.t, 0, ibad1.t, srcb.t, al, o.t, w, e); }, aclnnIndexAdd},
    };
    for (const Case &c : cases) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = c.s1(&ws, &ex);
        EXPECT(rc == 0, "%s: stage 1 should pass (%d)", c.name, rc);
        if (rc) continue;
        void *w = nullptr;
        if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        int r2 = c.s2(w, ws, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "%s: the launch did not fail", c.name);
        if (w) aclrtFree(w);
    }
    // Take: 12 elements, index 12 is past the end
    DevTensor it, ot;
    if (!it.Init(ACL_INT64, {2}, {1, 12}, CONTIG) || !ot.Init(ACL_FLOAT, {2}, {}, CONTIG, 0.0)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnTakeGetWorkspaceSize(s.t, it.t, ot.t, &ws, &ex);
    EXPECT(rc == 0, "Take index 12: stage 1 (%d)", rc);
    if (rc == 0) {
        int r2 = aclnnTake(nullptr, 0, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "Take index 12: the launch did not fail");
    }
    std::vector<double> got = ot.Read();
    EXPECT(got[0] == 0 && got[1] == 0, "Take out of range wrote %g %g", got[0], got[1]);
    // GatherNd row (2, 4) of a [3, 4] tensor, ScatterNdUpdate and InplacePut past the end
    DevTensor ind, ond, und, ip, sp;
    if (!ind.Init(ACL_INT64, {2, 2}, {0, 1, 2, 4}, CONTIG) || !ond.Init(ACL_FLOAT, {2}, {}, CONTIG, 0.0) || !und.Init(ACL_FLOAT, {2}, {9, 9}, CONTIG) ||
        !ip.Init(ACL_INT64, {2}, {3, -13}, CONTIG) || !sp.Init(ACL_FLOAT, {2}, {9, 9}, CONTIG)) return;
    struct Case2 { const char *name; std::function<int(uint64_t *, aclOpExecutor **)> s1; Stage2Fn s2; };
    Case2 more[] = {
        {"GatherNd index 4 of 4", [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherNdGetWorkspaceSize(s.t, ind.t, false, ond.t, w, e); }, aclnnGatherNd},
        {"ScatterNdUpdate index 4 of 4", [&](uint64_t *w, aclOpExecutor **e) { return aclnnScatterNdUpdateGetWorkspaceSize(s.t, ind.t, und.t, w, e); }, aclnnScatterNdUpdate},
        {"InplacePut index -13 of 12", [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplacePutGetWorkspaceSize(s.t, ip.t, sp.t, false, w, e); }, aclnnInplacePut},
    };
    for (const Case2 &c : more) {
        uint64_t ws2 = 0;
        aclOpExecutor *ex2 = nullptr;
        int rc2 = c.s1(&ws2, &ex2);
        EXPECT(rc2 == 0, "%s: stage 1 should pass (%d)", c.name, rc2);
        if (rc2) continue;
        int r2 = c.s2(nullptr, 0, ex2, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "%s: the launch did not fail", c.name);
    }
    Exact("self untouched by the failed scatters", s.Read(), {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    aclDestroyScalar(al);
}

int main(int argc, char **argv)
{
    g_310p = argc > 1 && std::string(argv[1]) == "310p";
    g_950 = argc > 1 && std::string(argv[1]) == "950";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8};
    if (!g_310p) dts.push_back(ACL_BF16);
    if (g_950) { // the 950 run: only the TF-style scatters (the rest runs under the default chip)
        TestTfScatter({ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8});
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    TestScatterReduce(g_310p ? std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_INT32} : std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16},
                      g_310p);
    TestScatterAdd(dts);
    TestGatherTake(dts);
    TestIndexAdd(dts);
    TestNd(dts);
    TestValidation();
    TestTfScatter({ACL_FLOAT, ACL_FLOAT16, ACL_INT32});
    TestOutOfRange();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
