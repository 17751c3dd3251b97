// SliceV2 (ONNX Slice) and StridedSlice (tf.strided_slice, 950 only) against references written
// here: SliceV2 from Python slicing rules, StridedSlice from hand-worked index lists per case
// (masks, ellipsis, new axes, shrinks, negative strides). Views, empty results, validation
// paths with codes and messages. argv[1] `950`: the StridedSlice runs (ACLEMU_TOPOLOGY 950);
// `310p`: SliceV2 has no kernel there, BF16 refused.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_slice_v2.h"
#include "aclnnop/aclnn_strided_slice.h"
#include "aclnnop/aclnn_strided_slice_assign_v2.h"

static aclrtStream g_stream;
static const int kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;

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
    for (size_t i = 0; i < g.size() && i < a.size(); i++) bad += !(a[i] == g[i]);
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
}
// A tensor of a dtype the shared DevTensor cannot encode (UINT32), for dtype refusals.
struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    RawTensor(aclDataType dt, const std::vector<int64_t> &shape)
    {
        if (CreateAclTensor(std::vector<int64_t>((size_t)GetShapeSize(shape), 0), shape, &dev, dt, &t)) t = nullptr;
    }
    ~RawTensor() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
};
struct IntArray {
    aclIntArray *a;
    explicit IntArray(const std::vector<int64_t> &v) : a(aclCreateIntArray(v.data(), v.size())) {}
    ~IntArray() { aclDestroyIntArray(a); }
};

// The selection as index lists per self dim; out = every combination, row-major.
static std::vector<double> Gather(const std::vector<double> &x, const std::vector<int64_t> &shape,
                                  const std::vector<std::vector<int64_t>> &sel)
{
    std::vector<int64_t> counts;
    for (auto &s : sel) counts.push_back((int64_t)s.size());
    std::vector<double> g((size_t)GetShapeSize(counts));
    for (int64_t i = 0; i < (int64_t)g.size(); i++) {
        std::vector<int64_t> k = Unravel(i, counts), idx(shape.size());
        for (size_t d = 0; d < shape.size(); d++) idx[d] = sel[d][(size_t)k[d]];
        g[(size_t)i] = x[(size_t)Ravel(idx, shape)];
    }
    return g;
}

static void TestSliceV2()
{
    struct { std::vector<int64_t> shape, starts, ends, axes, steps; } cs[] = {
        {{10}, {2}, {8}, {0}, {1}},
        {{4, 9}, {1, -100}, {100, 3}, {1, 0}, {3, 1}},
        {{3, 4, 5}, {-3, 4}, {-1, 2}, {-1, 1}, {2, 1}},           // an empty dim
        {{2, 3, 4, 5}, {0, 1}, {3, 5}, {1, 3}, {2, INT64_MAX}},    // a huge step
        {{5, 6}, {}, {}, {}, {}},                                  // nothing sliced: a copy
        {{2, 1, 2, 1, 2, 1, 2, 3}, {1, 0}, {3, 2}, {7, 0}, {1, 1}}, // rank 8
        {{}, {}, {}, {}, {}},                                      // 0-d
    };
    uint64_t seed = 1;
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_INT64, ACL_BF16, ACL_BOOL, ACL_INT8})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                std::vector<std::vector<int64_t>> sel(c.shape.size());
                for (size_t d = 0; d < c.shape.size(); d++) for (int64_t i = 0; i < c.shape[d]; i++) sel[d].push_back(i);
                for (size_t k = 0; k < c.axes.size(); k++) {
                    int64_t n = (int64_t)c.shape.size(), d = c.axes[k] < 0 ? c.axes[k] + n : c.axes[k], len = c.shape[(size_t)d];
                    int64_t s = c.starts[k] < 0 ? c.starts[k] + len : c.starts[k], e = c.ends[k] < 0 ? c.ends[k] + len : c.ends[k];
                    s = std::max<int64_t>(0, std::min(s, len));
                    e = std::max(s, std::min(e, len));
                    sel[(size_t)d].clear();
                    for (int64_t i = s; i < e; i += std::min<int64_t>(c.steps[k], len)) sel[(size_t)d].push_back(i);
                }
                std::vector<int64_t> os;
                for (auto &s : sel) os.push_back((int64_t)s.size());
                std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.shape), seed++, 10));
                if (dt == ACL_BOOL) for (double &v : x) v = v > 0;
                std::vector<double> g = Gather(x, c.shape, sel);
                DevTensor ts, to;
                if (!ts.Init(dt, c.shape, x, lay) || !to.Init(dt, os, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                IntArray st(c.starts), en(c.ends), ax(c.axes), sp(c.steps);
                std::string what = "SliceV2 rank " + std::to_string(c.shape.size()) + " axes " + std::to_string(c.axes.size()) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnSliceV2GetWorkspaceSize(ts.t, st.a, en.a, ax.a, sp.a, to.t, w, ex); }, aclnnSliceV2);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                Exact(what, to.Read(), g);
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
            }
    DevTensor ts, to, ti, tb;
    if (!ts.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !to.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) || !ti.Init(ACL_INT32, {4, 2}, {}, CONTIG) ||
        !tb.Init(ACL_DOUBLE, {4, 5}, {}, CONTIG)) return;
    DevTensor tbo;
    if (!tbo.Init(ACL_DOUBLE, {4, 2}, {}, CONTIG)) return;
    IntArray s1({0}), e1({2}), a1({1}), p1({1}), a2({1, -1}), s2({0, 0}), e2({2, 2}), p2({1, 1}), p0({0}), a9({2});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("SliceV2 null steps", aclnnSliceV2GetWorkspaceSize(ts.t, s1.a, e1.a, a1.a, nullptr, to.t, &ws, &ex), kNull, "steps");
    ExpectError("SliceV2 dtypes differ", aclnnSliceV2GetWorkspaceSize(ts.t, s1.a, e1.a, a1.a, p1.a, ti.t, &ws, &ex), kInvalid);
    ExpectError("SliceV2 double", aclnnSliceV2GetWorkspaceSize(tb.t, s1.a, e1.a, a1.a, p1.a, tbo.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("SliceV2 axis range", aclnnSliceV2GetWorkspaceSize(ts.t, s1.a, e1.a, a9.a, p1.a, to.t, &ws, &ex), kInvalid, "not in the range");
    ExpectError("SliceV2 axis twice", aclnnSliceV2GetWorkspaceSize(ts.t, s2.a, e2.a, a2.a, p2.a, to.t, &ws, &ex), kInvalid, "multiple times");
    ExpectError("SliceV2 starts size", aclnnSliceV2GetWorkspaceSize(ts.t, s2.a, e1.a, a1.a, p1.a, to.t, &ws, &ex), kInvalid, "starts.size()");
    ExpectError("SliceV2 steps size", aclnnSliceV2GetWorkspaceSize(ts.t, s1.a, e1.a, a1.a, p2.a, to.t, &ws, &ex), kInvalid, "steps.size()");
    ExpectError("SliceV2 step 0", aclnnSliceV2GetWorkspaceSize(ts.t, s1.a, e1.a, a1.a, p0.a, to.t, &ws, &ex), kInvalid, "step must be positive");
    ExpectError("SliceV2 out shape", aclnnSliceV2GetWorkspaceSize(ts.t, s1.a, e1.a, a1.a, p1.a, ts.t, &ws, &ex), kInvalid, "Shape of aclnnSliceV2 out");
    IntArray big({INT64_MIN}), bige({INT64_MAX});
    ExpectError("SliceV2 huge bounds, wrong out", aclnnSliceV2GetWorkspaceSize(ts.t, big.a, bige.a, a1.a, p1.a, to.t, &ws, &ex), kInvalid, "[4, 5]");
}

// ---- StridedSliceAssignV2: varRef's selected elements become inputValue, the rest stay ---------
static void TestStridedSliceAssign()
{
    struct { std::vector<int64_t> shape, begin, end, strides, axes; bool axes_given; } cs[] = {
        {{4, 3}, {1, 0}, {4, 2}, {2, 1}, {0, 1}, true},      // the docs' example
        {{4, 3}, {-3}, {100}, {2}, {}, false},               // no axes: dims 0.. in order
        {{2, 5, 6}, {1, -4}, {6, 5}, {1, 3}, {-1, 1}, true}, // negative axis and begin
        {{3, 4}, {2}, {1}, {1}, {0}, true},                  // an empty selection
        {{2, 1, 2, 1, 2, 1, 2, 3}, {0, 1}, {2, 3}, {1, 1}, {0, 7}, true},
    };
    uint64_t seed = 800;
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT64, ACL_DOUBLE, ACL_INT8})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                size_t n = c.shape.size();
                std::vector<std::vector<int64_t>> sel(n);
                for (size_t d = 0; d < n; d++) for (int64_t i = 0; i < c.shape[d]; i++) sel[d].push_back(i);
                for (size_t k = 0; k < c.begin.size(); k++) {
                    int64_t ax = c.axes_given ? c.axes[k] : (int64_t)k, d = ax < 0 ? ax + (int64_t)n : ax, len = c.shape[(size_t)d];
                    int64_t b = c.begin[k] < 0 ? c.begin[k] + len : c.begin[k], e = c.end[k] < 0 ? c.end[k] + len : c.end[k];
                    b = std::max<int64_t>(0, std::min(b, len));
                    e = std::max<int64_t>(0, std::min(e, len));
                    sel[(size_t)d].clear();
                    for (int64_t i = b; i < e; i += c.strides[k]) sel[(size_t)d].push_back(i);
                }
                std::vector<int64_t> vs;
                for (auto &v : sel) vs.push_back((int64_t)v.size());
                std::vector<double> var = QuantAll(dt, RandomValues((size_t)GetShapeSize(c.shape), seed++, 50));
                std::vector<double> val = QuantAll(dt, RandomValues((size_t)GetShapeSize(vs), seed++, 50)), g = var;
                for (int64_t i = 0; i < (int64_t)val.size(); i++) {
                    std::vector<int64_t> k = Unravel(i, vs), idx(n);
                    for (size_t d = 0; d < n; d++) idx[d] = sel[d][(size_t)k[d]];
                    g[(size_t)Ravel(idx, c.shape)] = val[(size_t)i];
                }
                DevTensor tv, ti;
                if (!tv.Init(dt, c.shape, var, lay) || !ti.Init(dt, vs, val, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                IntArray b(c.begin), e(c.end), st(c.strides), ax(c.axes);
                std::string what = "StridedSliceAssignV2 rank " + std::to_string(n) + " of " + std::to_string(c.begin.size()) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnStridedSliceAssignV2GetWorkspaceSize(tv.t, ti.t, b.a, e.a, st.a, c.axes_given ? ax.a : nullptr, w, ex); }, aclnnStridedSliceAssignV2);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                Exact(what, tv.Read(), g);
                EXPECT(tv.CountClobbered() == 0, "%s: wrote outside varRef's view", what.c_str());
            }
    DevTensor v, iv, ii, ib;
    if (!v.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !iv.Init(ACL_FLOAT, {2, 2}, {}, CONTIG) || !ii.Init(ACL_INT32, {2, 2}, {}, CONTIG) ||
        !ib.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return;
    RawTensor u(ACL_UINT32, {4, 3});
    IntArray b({1, 0}), e({4, 2}), st({2, 1}), ax({0, 1}), st2({2, 2}), st0({0, 1}), ax2({0, 0}), b1({1});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("SSA null varRef", aclnnStridedSliceAssignV2GetWorkspaceSize(nullptr, iv.t, b.a, e.a, st.a, ax.a, &ws, &ex), kNull, "varRef");
    ExpectError("SSA null strides", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, iv.t, b.a, e.a, nullptr, ax.a, &ws, &ex), kNull, "strides");
    ExpectError("SSA uint32", aclnnStridedSliceAssignV2GetWorkspaceSize(u.t, iv.t, b.a, e.a, st.a, ax.a, &ws, &ex), kInvalid, "DT_UINT32");
    ExpectError("SSA dtypes differ", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, ii.t, b.a, e.a, st.a, ax.a, &ws, &ex), kInvalid);
    ExpectError("SSA sizes", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, iv.t, b1.a, e.a, st.a, ax.a, &ws, &ex), kInvalid, "same size");
    ExpectError("SSA stride 0", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, iv.t, b.a, e.a, st0.a, ax.a, &ws, &ex), kInvalid, "positive");
    ExpectError("SSA last-dim stride", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, iv.t, b.a, e.a, st2.a, ax.a, &ws, &ex), kInvalid, "last dim");
    ExpectError("SSA axis twice", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, iv.t, b.a, e.a, st.a, ax2.a, &ws, &ex), kInvalid, "more than once");
    ExpectError("SSA value shape", aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, ib.t, b.a, e.a, st.a, ax.a, &ws, &ex), kInvalid, "sliced shape");
}

// ---- StridedSlice ------------------------------------------------------------------------------
struct SSCase {
    const char *name;
    std::vector<int64_t> begin, end, strides;
    int64_t bm, em, elm, nam, sam;
    std::vector<std::vector<int64_t>> sel; // index lists per self dim of (4, 5, 6) (one index: shrunk if in `shrunk`)
    std::vector<int64_t> out;
};
static std::vector<int64_t> All(int64_t n) { std::vector<int64_t> v; for (int64_t i = 0; i < n; i++) v.push_back(i); return v; }
static std::vector<SSCase> SSCases()
{
    return {
        {"strides", {1, 0, 0}, {3, 5, 6}, {1, 2, 3}, 0, 0, 0, 0, 0, {{1, 2}, {0, 2, 4}, {0, 3}}, {2, 3, 2}},
        {"negative stride, implicit ellipsis", {3}, {0}, {-1}, 0, 0, 0, 0, 0, {{3, 2, 1}, All(5), All(6)}, {3, 5, 6}},
        {"masks, stride -2", {0}, {0}, {-2}, 1, 1, 0, 0, 0, {{3, 1}, All(5), All(6)}, {2, 5, 6}},
        {"ellipsis first", {0, 1}, {0, 4}, {1, 1}, 0, 0, 1, 0, 0, {All(4), All(5), {1, 2, 3}}, {4, 5, 3}},
        {"new axis", {0, 0, 0}, {0, 2, 0}, {1, 1, 1}, 4, 4, 0, 1, 0, {{0, 1}, All(5), All(6)}, {1, 2, 5, 6}},
        {"shrinks", {2, -1}, {3, 0}, {1, 1}, 0, 0, 0, 0, 3, {{2}, {4}, All(6)}, {6}},
        {"negative strides, clamped end", {-1, 4, 5}, {-5, 0, 0}, {-1, -3, -2}, 0, 0, 0, 0, 0, {{3, 2, 1, 0}, {4, 1}, {5, 3, 1}}, {4, 2, 3}},
        {"begin past the dim", {10}, {20}, {1}, 0, 0, 0, 0, 0, {{}, All(5), All(6)}, {0, 5, 6}},
        {"ellipsis middle, new axis after", {1, 0, 0}, {2, 0, 0}, {1, 1, 1}, 0, 0, 2, 4, 0, {{1}, All(5), All(6)}, {1, 5, 6, 1}},
    };
}

static void TestStridedSlice950()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("950") != std::string::npos, "SoC %s is not a 950", soc ? soc : "?");
    std::vector<int64_t> shape = {4, 5, 6};
    uint64_t seed = 50;
    for (auto &c : SSCases())
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT64, ACL_BOOL})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                std::vector<double> x = QuantAll(dt, RandomValues(120, seed++, 10));
                if (dt == ACL_BOOL) for (double &v : x) v = v > 0;
                std::vector<double> g = Gather(x, shape, c.sel);
                DevTensor ts, to;
                if (!ts.Init(dt, shape, x, lay) || !to.Init(dt, c.out, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                IntArray b(c.begin), e(c.end), s(c.strides);
                std::string what = std::string("StridedSlice ") + c.name + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnStridedSliceGetWorkspaceSize(ts.t, b.a, e.a, s.a, c.bm, c.em, c.elm, c.nam, c.sam, to.t, w, ex); }, aclnnStridedSlice);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                Exact(what, to.Read(), g);
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
            }
    DevTensor ts, to, ti;
    if (!ts.Init(ACL_FLOAT, shape, {}, CONTIG) || !to.Init(ACL_FLOAT, {2, 5, 6}, {}, CONTIG) || !ti.Init(ACL_INT32, {2, 5, 6}, {}, CONTIG)) return;
    DevTensor td, tdo;
    if (!td.Init(ACL_DOUBLE, shape, {}, CONTIG) || !tdo.Init(ACL_DOUBLE, {2, 5, 6}, {}, CONTIG)) return;
    IntArray b1({0}), e1({2}), s1({1}), s0({0}), b2({0, 0}), sm({-1}), b4({0, 0, 0, 0}), bx({7});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("StridedSlice null strides", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, nullptr, 0, 0, 0, 0, 0, to.t, &ws, &ex), kNull, "strides");
    ExpectError("StridedSlice double", aclnnStridedSliceGetWorkspaceSize(td.t, b1.a, e1.a, s1.a, 0, 0, 0, 0, 0, tdo.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("StridedSlice dtypes differ", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, s1.a, 0, 0, 0, 0, 0, ti.t, &ws, &ex), kInvalid);
    ExpectError("StridedSlice sizes", aclnnStridedSliceGetWorkspaceSize(ts.t, b2.a, e1.a, s1.a, 0, 0, 0, 0, 0, to.t, &ws, &ex), kInvalid, "begin.size()");
    ExpectError("StridedSlice stride 0", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, s0.a, 0, 0, 0, 0, 0, to.t, &ws, &ex), kInvalid, "must not be zero");
    ExpectError("StridedSlice two ellipses", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, s1.a, 0, 0, 3, 0, 0, to.t, &ws, &ex), kInvalid, "Multiple ellipses");
    ExpectError("StridedSlice shrink, negative stride", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, sm.a, 0, 0, 0, 0, 1, to.t, &ws, &ex), kInvalid, "Strides must be positive");
    ExpectError("StridedSlice out shape", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, s1.a, 0, 1, 0, 0, 0, to.t, &ws, &ex), kInvalid, "Shape of out");
    ExpectError("StridedSlice shrink out of bounds", aclnnStridedSliceGetWorkspaceSize(ts.t, bx.a, e1.a, s1.a, 0, 0, 0, 0, 1, to.t, &ws, &ex), kInvalid, "out of bounds");
    IntArray e4({1, 1, 1, 1}), s4({1, 1, 1, 1});
    ExpectError("StridedSlice spec past the rank", aclnnStridedSliceGetWorkspaceSize(ts.t, b4.a, e4.a, s4.a, 0, 0, 0, 0, 0, to.t, &ws, &ex), kInvalid, "out of range");
    IntArray bh({INT64_MIN}), eh({INT64_MAX}), sh({INT64_MIN + 1});
    DevTensor t4;
    if (!t4.Init(ACL_FLOAT, {0, 5, 6}, {}, CONTIG)) return;
    int rc = Run("StridedSlice huge bounds", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnStridedSliceGetWorkspaceSize(ts.t, bh.a, eh.a, sh.a, 0, 0, 0, 0, 0, t4.t, w, e); }, aclnnStridedSlice);
    EXPECT(rc == 0, "StridedSlice with huge bounds and a huge negative stride: an empty selection, got %d", rc);
}

static void TestStridedSliceNot950()
{
    DevTensor ts, to;
    if (!ts.Init(ACL_FLOAT, {4, 5, 6}, {}, CONTIG) || !to.Init(ACL_FLOAT, {2, 5, 6}, {}, CONTIG)) return;
    IntArray b1({0}), e1({2}), s1({1});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("StridedSlice off 950", aclnnStridedSliceGetWorkspaceSize(ts.t, b1.a, e1.a, s1.a, 0, 0, 0, 0, 0, to.t, &ws, &ex), kInvalid, "only support ASCEND950");
}

static void Test310P()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
    DevTensor b, bo, f, fo;
    if (!b.Init(ACL_BF16, {4}, {}, CONTIG) || !bo.Init(ACL_BF16, {2}, {}, CONTIG) || !f.Init(ACL_FLOAT, {4}, {}, CONTIG) || !fo.Init(ACL_FLOAT, {2}, {}, CONTIG)) return;
    IntArray s({0}), e({2}), a({0}), p({1});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("SliceV2 bf16 on 310P", aclnnSliceV2GetWorkspaceSize(b.t, s.a, e.a, a.a, p.a, bo.t, &ws, &ex), kInvalid, "not support bfloat16");
    int rc = aclnnSliceV2GetWorkspaceSize(f.t, s.a, e.a, a.a, p.a, fo.t, &ws, &ex);
    const char *m = aclGetRecentErrMsg();
    EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR && m && std::string(m).find("not implemented") != std::string::npos, "SliceV2 on 310P: %d %s", rc, m ? m : "");
    TestStridedSliceNot950();
    DevTensor v, iv;
    if (!v.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !iv.Init(ACL_FLOAT, {2, 2}, {}, CONTIG)) return;
    IntArray sb({1, 0}), se({4, 2}), ss({2, 1});
    rc = aclnnStridedSliceAssignV2GetWorkspaceSize(v.t, iv.t, sb.a, se.a, ss.a, nullptr, &ws, &ex);
    m = aclGetRecentErrMsg();
    EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR && m && std::string(m).find("not implemented") != std::string::npos, "StridedSliceAssignV2 on 310P: %d %s", rc, m ? m : "");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "310p") {
        Test310P();
    } else if (mode == "950") {
        TestStridedSlice950();
        TestSliceV2();
    } else {
        TestSliceV2();
        TestStridedSliceAssign();
        TestStridedSliceNot950();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
