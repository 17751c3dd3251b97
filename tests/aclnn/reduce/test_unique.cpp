// Data-dependent output shapes: Unique, Unique2, UniqueConsecutive, UniqueDim, Nonzero,
// NonzeroV2 as the ops-nn examples call them — outputs allocated with room for every element (or
// exactly the result, TestRoom),
// the real shape read back with aclGetViewShape after aclrtSynchronizeStream — against
// references written here: values sorted (NaN last, every NaN its own value, -0 equal to +0),
// inverse indices, counts, slices along a dim, coordinates in row-major order; strided /
// transposed inputs, 0-d, rank 8; repeatable executors re-reporting the shape; validation.
#include <algorithm>
#include <cstdint>
#include <map>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_nonzero.h"
#include "aclnnop/aclnn_nonzero_v2.h"
#include "aclnnop/aclnn_unique.h"
#include "aclnnop/aclnn_unique2.h"
#include "aclnnop/aclnn_unique_consecutive.h"
#include "aclnnop/aclnn_unique_dim.h"

static aclrtStream g_stream;

static std::vector<int64_t> ViewShape(const aclTensor *t)
{
    int64_t *dims = nullptr;
    uint64_t n = 0;
    if (aclGetViewShape(t, &dims, &n) != 0) return {-1};
    std::vector<int64_t> r(dims, dims + n);
    delete[] dims;
    return r;
}

static std::string Str(const std::vector<int64_t> &v)
{
    std::string s = "[";
    for (auto x : v) s += std::to_string(x) + ",";
    return s + "]";
}

// Reads the first `n` elements of t's storage from its offset (results are compact).
static std::vector<double> ReadCompact(const DevTensor &t, int64_t n)
{
    std::vector<unsigned char> host(t.storage_elems * ElemSize(t.dt) + 1);
    aclrtMemcpy(host.data(), host.size() - 1, t.dev, host.size() - 1, ACL_MEMCPY_DEVICE_TO_HOST);
    std::vector<double> r((size_t)n);
    for (int64_t i = 0; i < n; i++) r[(size_t)i] = Decode(t.dt, &host[(size_t)(t.offset + i) * ElemSize(t.dt)]);
    return r;
}

// x's slices along d (d < 0: the elements), as vectors.
static std::vector<std::vector<double>> Slices(const std::vector<double> &x, const std::vector<int64_t> &shape, int64_t d)
{
    int64_t outer = 1, inner = 1, len = (int64_t)x.size();
    if (d >= 0) {
        len = shape[(size_t)d];
        for (size_t i = 0; i < shape.size(); i++) {
            if ((int64_t)i < d) outer *= shape[i];
            if ((int64_t)i > d) inner *= shape[i];
        }
    }
    std::vector<std::vector<double>> s((size_t)len);
    for (int64_t j = 0; j < len; j++)
        for (int64_t o = 0; o < outer; o++)
            for (int64_t i = 0; i < inner; i++) s[(size_t)j].push_back(x[(size_t)((o * len + j) * inner + i)]);
    return s;
}

static bool Less(const std::vector<double> &a, const std::vector<double> &b) // NaN last, -0 before +0
{
    for (size_t i = 0; i < a.size(); i++) {
        double p = a[i], q = b[i];
        bool pn = std::isnan(p), qn = std::isnan(q);
        if (pn != qn) return qn;
        if (pn) continue;
        if (p != q) return p < q;
        if (std::signbit(p) != std::signbit(q)) return std::signbit(p);
    }
    return false;
}

static bool Same(const std::vector<double> &a, const std::vector<double> &b)
{
    for (size_t i = 0; i < a.size(); i++) if (!(a[i] == b[i])) return false;
    return true;
}

struct URef { std::vector<std::vector<double>> vals; std::vector<int64_t> inv, cnt; };

static URef RefUnique(const std::vector<double> &x, const std::vector<int64_t> &shape, int64_t d, bool consecutive)
{
    auto s = Slices(x, shape, d);
    std::vector<int64_t> order(s.size());
    for (size_t j = 0; j < s.size(); j++) order[j] = (int64_t)j;
    if (!consecutive) std::stable_sort(order.begin(), order.end(), [&](int64_t p, int64_t q) { return Less(s[(size_t)p], s[(size_t)q]); });
    URef r;
    r.inv.assign(s.size(), 0);
    for (size_t t = 0; t < order.size(); t++) {
        if (t == 0 || !Same(s[(size_t)order[t - 1]], s[(size_t)order[t]])) {
            r.vals.push_back(s[(size_t)order[t]]);
            r.cnt.push_back(0);
        }
        r.inv[(size_t)order[t]] = (int64_t)r.vals.size() - 1;
        r.cnt.back()++;
    }
    return r;
}

static bool Eq(double a, double b) { return a == b ? std::signbit(a) == std::signbit(b) || a != 0 : std::isnan(a) && std::isnan(b); }

enum UApi { U1, U2, UCONS, UDIM };

static void UniqueCase(UApi api, aclDataType dt, const std::vector<int64_t> &shape, int64_t dim, bool inv, bool cnt,
                       Layout lay, const std::vector<double> &x)
{
    int64_t n = GetShapeSize(shape), nd = (int64_t)shape.size();
    int64_t d = (api == UDIM || (api == UCONS && dim != 1000)) && nd ? (dim < 0 ? dim + nd : dim) : -1;
    bool flat = d < 0;
    std::vector<int64_t> vshape = flat ? std::vector<int64_t>{n} : shape;
    std::vector<int64_t> ishape = flat ? shape : std::vector<int64_t>{shape[(size_t)d]};
    std::vector<int64_t> cshape = {flat ? n : shape[(size_t)d]};
    if (api == U2) cshape = vshape; // Unique2 wants countsOut shaped like valueOut
    DevTensor ts, tv, ti, tc;
    if (!ts.Init(dt, shape, x, lay) || !tv.Init(dt, vshape, {}, CONTIG) || !ti.Init(ACL_INT64, ishape, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG) ||
        !tc.Init(ACL_INT64, cshape, {}, CONTIG)) return;
    const char *nm = api == U1 ? "Unique" : api == U2 ? "Unique2" : api == UCONS ? "UniqueConsecutive" : "UniqueDim";
    int rc = -1;
    switch (api) {
    case U1: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnUniqueGetWorkspaceSize(ts.t, true, inv, tv.t, ti.t, w, e); }, aclnnUnique); break;
    case U2: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnUnique2GetWorkspaceSize(ts.t, true, inv, cnt, tv.t, ti.t, tc.t, w, e); }, aclnnUnique2); break;
    case UCONS: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnUniqueConsecutiveGetWorkspaceSize(ts.t, inv, cnt, dim, tv.t, ti.t, tc.t, w, e); }, aclnnUniqueConsecutive); break;
    case UDIM: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnUniqueDimGetWorkspaceSize(ts.t, false, inv, dim, tv.t, ti.t, tc.t, w, e); }, aclnnUniqueDim); break;
    }
    std::string what = std::string(nm) + " " + DtName(dt) + " " + Str(shape) + " dim " + std::to_string(dim) +
                       (lay == STRIDED ? " strided" : lay == TRANSPOSED ? " transposed" : "");
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    URef g = RefUnique(QuantAll(dt, x), shape, d, api == UCONS);
    int64_t U = (int64_t)g.vals.size();
    std::vector<int64_t> want = flat ? std::vector<int64_t>{U} : shape;
    if (!flat) want[(size_t)d] = U;
    EXPECT(ViewShape(tv.t) == want, "%s: valueOut view shape %s, expected %s", what.c_str(), Str(ViewShape(tv.t)).c_str(), Str(want).c_str());
    // values: slice u at (o, u, i) of the compact [outer, U, inner] result
    std::vector<double> av = ReadCompact(tv, U * (flat ? 1 : n / shape[(size_t)d]));
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; !flat && i < nd; i++) { if (i < d) outer *= shape[(size_t)i]; if (i > d) inner *= shape[(size_t)i]; }
    size_t bad = 0;
    for (int64_t u = 0; u < U; u++)
        for (int64_t o = 0; o < outer; o++)
            for (int64_t i = 0; i < inner; i++)
                bad += !Eq(av[(size_t)((o * U + u) * inner + i)], g.vals[(size_t)u][(size_t)(o * inner + i)]);
    EXPECT(bad == 0, "%s: %zu wrong values of %lld groups", what.c_str(), bad, (long long)U);
    if (inv) {
        std::vector<double> ai = ti.Read();
        size_t bi = 0;
        for (size_t j = 0; j < g.inv.size(); j++) bi += ai[j] != (double)g.inv[j];
        EXPECT(bi == 0, "%s: %zu wrong inverse indices", what.c_str(), bi);
    }
    if (cnt || api == UDIM) {
        EXPECT(ViewShape(tc.t) == std::vector<int64_t>{U}, "%s: countsOut view shape %s", what.c_str(), Str(ViewShape(tc.t)).c_str());
        std::vector<double> ac = ReadCompact(tc, U);
        size_t bc = 0;
        for (int64_t u = 0; u < U; u++) bc += ac[(size_t)u] != (double)g.cnt[(size_t)u];
        EXPECT(bc == 0, "%s: %zu wrong counts", what.c_str(), bc);
    }
}

static std::vector<double> Data(aclDataType dt, size_t n, uint64_t seed, int distinct)
{
    std::vector<double> v = RandomValues(n, seed, 1);
    for (double &x : v) {
        x = std::floor((x + 6) * distinct / 12.0) - (dt == ACL_UINT8 || dt == ACL_BOOL || dt == ACL_UINT16 ? 0 : distinct / 2);
        if (dt == ACL_BOOL) x = x > distinct / 2;
        if (x < 0 && (dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64)) x = -x;
    }
    return QuantAll(dt, v);
}

static void TestUnique()
{
    // (UINT16 / 32 / 64 are in the lists too; the shared test encoders do not write them)
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16,
                               ACL_INT32, ACL_INT64, ACL_BOOL};
    uint64_t seed = 1;
    for (aclDataType dt : dts)
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
            std::vector<int64_t> sh = {4, 6};
            std::vector<double> x = Data(dt, 24, seed++, 7);
            UniqueCase(U1, dt, sh, 0, true, false, lay, x);
            UniqueCase(U2, dt, sh, 0, true, true, lay, x);
            UniqueCase(U2, dt, sh, 0, false, true, lay, x);
            UniqueCase(UCONS, dt, sh, 1000, true, true, lay, x);
            UniqueCase(UCONS, dt, sh, 1, true, true, lay, Data(dt, 24, seed++, 2));
            UniqueCase(UDIM, dt, sh, 0, true, true, lay, Data(dt, 24, seed++, 2));
            UniqueCase(UDIM, dt, {3, 5, 2}, -2, true, true, lay, Data(dt, 30, seed++, 2));
        }
    // NaN: each its own value, sorted last; -0 / +0 one value; 0-d; rank 8; a long one
    std::vector<double> sp = {1, NAN, -0.0, 0.0, NAN, 1, -INFINITY, INFINITY, 0.0, -1};
    UniqueCase(U2, ACL_FLOAT, {10}, 0, true, true, CONTIG, sp);
    UniqueCase(UCONS, ACL_FLOAT16, {10}, 1000, true, true, STRIDED, sp);
    UniqueCase(U1, ACL_FLOAT, {}, 0, true, false, CONTIG, {3.5});
    UniqueCase(UDIM, ACL_INT32, {}, 0, true, true, CONTIG, {7});
    UniqueCase(U2, ACL_INT16, {2, 1, 2, 1, 2, 1, 2, 3}, 0, true, true, STRIDED, Data(ACL_INT16, 48, seed++, 9));
    UniqueCase(UDIM, ACL_INT8, {2, 1, 2, 1, 2, 1, 2, 3}, 7, true, true, TRANSPOSED, Data(ACL_INT8, 48, seed++, 2));
    UniqueCase(U2, ACL_FLOAT, {100, 1000}, 0, true, true, CONTIG, Data(ACL_FLOAT, 100000, seed++, 5000));
    // a repeatable executor reports the new shape on each run
    {
        std::vector<double> x = {3, 1, 3, 2};
        DevTensor ts, tv, ti;
        if (!ts.Init(ACL_INT32, {4}, x, CONTIG) || !tv.Init(ACL_INT32, {4}, {}, CONTIG) || !ti.Init(ACL_INT64, {4}, {}, CONTIG)) return;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ACL_OK(aclnnUniqueGetWorkspaceSize(ts.t, true, true, tv.t, ti.t, &ws, &ex));
        ACL_OK(aclSetAclOpExecutorRepeatable(ex));
        void *w = nullptr;
        if (ws) ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
        ACL_OK(aclnnUnique(w, ws, ex, g_stream));
        ACL_OK(aclrtSynchronizeStream(g_stream));
        EXPECT(ViewShape(tv.t) == std::vector<int64_t>{3}, "Unique repeat 1: %s", Str(ViewShape(tv.t)).c_str());
        std::vector<int32_t> y = {5, 5, 5, 5};
        ACL_OK(aclrtMemcpy(ts.dev, 16, y.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE));
        ACL_OK(aclnnUnique(w, ws, ex, g_stream));
        ACL_OK(aclrtSynchronizeStream(g_stream));
        EXPECT(ViewShape(tv.t) == std::vector<int64_t>{1}, "Unique repeat 2: %s", Str(ViewShape(tv.t)).c_str());
        EXPECT(ReadCompact(tv, 1)[0] == 5, "Unique repeat 2 value");
        aclDestroyAclOpExecutor(ex);
        if (w) aclrtFree(w);
    }
}

static void NonzeroCase(bool v2, aclDataType dt, const std::vector<int64_t> &shape, Layout lay, const std::vector<double> &x)
{
    int64_t n = GetShapeSize(shape), D = (int64_t)shape.size();
    std::vector<int64_t> oshape = v2 ? std::vector<int64_t>{D, n} : std::vector<int64_t>{n, D};
    DevTensor ts, to;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(ACL_INT64, oshape, {}, CONTIG)) return;
    const char *nm = v2 ? "NonzeroV2" : "Nonzero";
    int rc = v2 ? Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNonzeroV2GetWorkspaceSize(ts.t, to.t, w, e); }, aclnnNonzeroV2)
                : Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNonzeroGetWorkspaceSize(ts.t, to.t, w, e); }, aclnnNonzero);
    std::string what = std::string(nm) + " " + DtName(dt) + " " + Str(shape) + (lay == STRIDED ? " strided" : lay == TRANSPOSED ? " transposed" : "");
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> q = QuantAll(dt, x);
    std::vector<std::vector<int64_t>> coords;
    for (int64_t i = 0; i < n; i++) {
        if (q[(size_t)i] == 0) continue;
        std::vector<int64_t> c((size_t)D);
        int64_t r = i;
        for (int64_t k = D - 1; k >= 0; k--) { c[(size_t)k] = r % shape[(size_t)k]; r /= shape[(size_t)k]; }
        coords.push_back(c);
    }
    int64_t N = (int64_t)coords.size();
    std::vector<int64_t> want = v2 ? std::vector<int64_t>{D, N} : std::vector<int64_t>{N, D};
    EXPECT(ViewShape(to.t) == want, "%s: out view shape %s, expected %s", what.c_str(), Str(ViewShape(to.t)).c_str(), Str(want).c_str());
    std::vector<double> a = ReadCompact(to, N * D);
    size_t bad = 0;
    for (int64_t k = 0; k < N; k++)
        for (int64_t j = 0; j < D; j++) bad += a[(size_t)(v2 ? j * N + k : k * D + j)] != (double)coords[(size_t)k][(size_t)j];
    EXPECT(bad == 0, "%s: %zu wrong coordinates of %lld", what.c_str(), bad, (long long)N);
}

static void TestNonzero()
{
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL};
    uint64_t seed = 500;
    for (aclDataType dt : dts)
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
            for (int v2 = 0; v2 < 2; v2++) {
                NonzeroCase(v2, dt, {4, 6}, lay, Data(dt, 24, seed++, 3));
                NonzeroCase(v2, dt, {2, 3, 4}, lay, Data(dt, 24, seed++, 3));
                NonzeroCase(v2, dt, {2, 1, 2, 1, 2, 1, 2, 3}, lay, Data(dt, 48, seed++, 3));
            }
    NonzeroCase(false, ACL_FLOAT, {7}, CONTIG, {0.0, -0.0, NAN, 1e-45, 0, INFINITY, 0}); // NaN / denormal non-zero, -0 zero
    NonzeroCase(false, ACL_FLOAT, {3, 3}, CONTIG, std::vector<double>(9, 0.0));           // none: [0, 2]
    NonzeroCase(true, ACL_FLOAT, {300, 400}, CONTIG, Data(ACL_FLOAT, 120000, seed++, 3));
}

// Outputs of any shape with room for the result get its shape and rank (the ops-nn examples: a
// [4, 2] UniqueConsecutive by rows into a [8] valueOut, a UniqueDim into exactly [3, 2], a
// NonzeroV2 into exactly [2, 7]); a result past the room writes nothing and fails stage 2.
// Both stages and the sync, keeping stage 2's message (RunOp prints, and so consumes, it).
static int RunKeepMsg(Stage1Fn s1, Stage2Fn s2, std::string *msg)
{
    uint64_t wsz = 0;
    aclOpExecutor *ex = nullptr;
    int rc = s1(&wsz, &ex);
    void *w = nullptr;
    if (rc == 0 && wsz) rc = aclrtMalloc(&w, wsz, ACL_MEM_MALLOC_HUGE_FIRST);
    if (rc == 0) rc = s2(w, wsz, ex, g_stream);
    const char *m = aclGetRecentErrMsg();
    *msg = m ? m : "";
    if (rc == 0) rc = aclrtSynchronizeStream(g_stream);
    if (w) aclrtFree(w);
    return rc;
}

static void TestRoom()
{
    const std::vector<double> rows = {0, 1, 1, 3, 3, 1, 1, 3}; // rows (0,1) (1,3) (3,1) (1,3)
    const int INNER = ACLNN_ERR_INNER;
    {
        DevTensor ts, tv, ti, tc;
        if (!ts.Init(ACL_FLOAT, {4, 2}, rows, CONTIG) || !tv.Init(ACL_FLOAT, {8}, {}, CONTIG) ||
            !ti.Init(ACL_INT64, {4, 2}, {}, CONTIG) || !tc.Init(ACL_INT64, {8}, {}, CONTIG)) return;
        int rc = Run("UniqueConsecutive room", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnUniqueConsecutiveGetWorkspaceSize(ts.t, false, true, 0, tv.t, ti.t, tc.t, w, e); }, aclnnUniqueConsecutive);
        EXPECT(rc == 0, "UniqueConsecutive by rows into [8]: %d", rc);
        EXPECT(ViewShape(tv.t) == (std::vector<int64_t>{4, 2}), "UniqueConsecutive valueOut shape %s, expected [4, 2]", Str(ViewShape(tv.t)).c_str());
        EXPECT(ReadCompact(tv, 8) == rows, "UniqueConsecutive by rows: values");
        EXPECT(ReadCompact(tc, 4) == (std::vector<double>{1, 1, 1, 1}), "UniqueConsecutive by rows: counts");
    }
    {
        DevTensor ts, tv, ti, tc;
        if (!ts.Init(ACL_FLOAT, {4, 2}, rows, CONTIG) || !tv.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) ||
            !ti.Init(ACL_INT64, {4, 2}, {}, CONTIG) || !tc.Init(ACL_INT64, {3}, {}, CONTIG)) return;
        int rc = Run("UniqueDim exact", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnUniqueDimGetWorkspaceSize(ts.t, false, false, 0, tv.t, ti.t, tc.t, w, e); }, aclnnUniqueDim);
        EXPECT(rc == 0, "UniqueDim into exactly [3, 2]: %d", rc);
        EXPECT(ViewShape(tv.t) == (std::vector<int64_t>{3, 2}), "UniqueDim valueOut shape %s", Str(ViewShape(tv.t)).c_str());
        EXPECT(ReadCompact(tv, 6) == (std::vector<double>{0, 1, 1, 3, 3, 1}), "UniqueDim values (sorted rows)");
        EXPECT(ReadCompact(tc, 3) == (std::vector<double>{1, 2, 1}), "UniqueDim counts");
    }
    {   // flattened into a 2-D valueOut: 1-D [U] back
        DevTensor ts, tv, ti;
        if (!ts.Init(ACL_FLOAT, {4, 2}, rows, CONTIG) || !tv.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) ||
            !ti.Init(ACL_INT64, {4, 2}, {}, CONTIG)) return;
        int rc = Run("Unique into 2-D", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnUniqueGetWorkspaceSize(ts.t, true, false, tv.t, ti.t, w, e); }, aclnnUnique);
        EXPECT(rc == 0, "Unique into [2, 4]: %d", rc);
        EXPECT(ViewShape(tv.t) == (std::vector<int64_t>{3}), "Unique valueOut shape %s, expected [3]", Str(ViewShape(tv.t)).c_str());
        EXPECT(ReadCompact(tv, 3) == (std::vector<double>{0, 1, 3}), "Unique values");
    }
    {   // too little room: stage 2 fails with a message, valueOut / countsOut keep what they held
        DevTensor ts, tv, ti, tc;
        if (!ts.Init(ACL_FLOAT, {4, 2}, rows, CONTIG) || !tv.Init(ACL_FLOAT, {2, 2}, {-7, -7, -7, -7}, CONTIG) ||
            !ti.Init(ACL_INT64, {4, 2}, {}, CONTIG) || !tc.Init(ACL_INT64, {3}, {-7, -7, -7}, CONTIG)) return;
        std::string msg;
        int rc = RunKeepMsg([&](uint64_t *w, aclOpExecutor **e) {
            return aclnnUniqueDimGetWorkspaceSize(ts.t, false, false, 0, tv.t, ti.t, tc.t, w, e); }, aclnnUniqueDim, &msg);
        EXPECT(rc == INNER, "UniqueDim 3 rows into [2, 2]: %d, expected %d", rc, INNER);
        EXPECT(msg.find("room for 4") != std::string::npos, "UniqueDim too small: message %s", msg.c_str());
        EXPECT(ReadCompact(tv, 4) == (std::vector<double>{-7, -7, -7, -7}), "UniqueDim too small: valueOut written");
        EXPECT(ReadCompact(tc, 3) == (std::vector<double>{-7, -7, -7}), "UniqueDim too small: countsOut written");
    }
    {
        DevTensor ts, to, small;
        std::vector<double> x = {0, 1, 2, 3, 4, 5, 6, 7}; // 7 non-zero
        if (!ts.Init(ACL_FLOAT, {4, 2}, x, CONTIG) || !to.Init(ACL_INT64, {2, 7}, {}, CONTIG) ||
            !small.Init(ACL_INT64, {2, 5}, std::vector<double>(10, -7), CONTIG)) return;
        int rc = Run("NonzeroV2 exact", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnNonzeroV2GetWorkspaceSize(ts.t, to.t, w, e); }, aclnnNonzeroV2);
        EXPECT(rc == 0, "NonzeroV2 into exactly [2, 7]: %d", rc);
        EXPECT(ViewShape(to.t) == (std::vector<int64_t>{2, 7}), "NonzeroV2 out shape %s", Str(ViewShape(to.t)).c_str());
        EXPECT(ReadCompact(to, 14) == (std::vector<double>{0, 1, 1, 2, 2, 3, 3, 1, 0, 1, 0, 1, 0, 1}), "NonzeroV2 coordinates");
        std::string msg;
        rc = RunKeepMsg([&](uint64_t *w, aclOpExecutor **e) {
            return aclnnNonzeroV2GetWorkspaceSize(ts.t, small.t, w, e); }, aclnnNonzeroV2, &msg);
        EXPECT(rc == INNER, "NonzeroV2 7 results into [2, 5]: %d, expected %d", rc, INNER);
        EXPECT(msg.find("= 7") != std::string::npos && msg.find("room for 5") != std::string::npos, "NonzeroV2 too small: message %s", msg.c_str());
        EXPECT(ReadCompact(small, 10) == std::vector<double>(10, -7), "NonzeroV2 too small: out written");
    }
}

static void TestValidation()
{
    DevTensor s, v, i64, i32, c, vu, o2, o3, onc;
    if (!s.Init(ACL_FLOAT, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !v.Init(ACL_FLOAT, {6}, {}, CONTIG) ||
        !i64.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !c.Init(ACL_INT64, {6}, {}, CONTIG) ||
        !vu.Init(ACL_FLOAT, {6}, {}, STRIDED) || !o2.Init(ACL_INT64, {6, 2}, {}, CONTIG) || !o3.Init(ACL_INT64, {6, 3}, {}, CONTIG) ||
        !onc.Init(ACL_INT64, {6, 2}, {}, STRIDED)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int NUL = ACLNN_ERR_PARAM_NULLPTR, INV = ACLNN_ERR_PARAM_INVALID;
    ExpectError("Unique null valueOut", aclnnUniqueGetWorkspaceSize(s.t, true, true, nullptr, i64.t, &ws, &ex), NUL, "valueOut");
    ExpectError("Unique inverse INT32", aclnnUniqueGetWorkspaceSize(s.t, true, true, v.t, i32.t, &ws, &ex), INV, "inverseOut");
    ExpectError("Unique inverse shape", aclnnUniqueGetWorkspaceSize(s.t, true, true, v.t, c.t, &ws, &ex), INV, "inverseOut");
    ExpectError("Unique valueOut strided", aclnnUniqueGetWorkspaceSize(s.t, true, true, vu.t, i64.t, &ws, &ex), INV, "valueOut", "contiguous");
    ExpectError("Unique2 null countsOut", aclnnUnique2GetWorkspaceSize(s.t, true, true, true, v.t, i64.t, nullptr, &ws, &ex), NUL, "countsOut");
    ExpectError("Unique2 counts shape", aclnnUnique2GetWorkspaceSize(s.t, true, true, true, v.t, i64.t, i64.t, &ws, &ex), INV, "countsOut");
    ExpectError("UniqueConsecutive dim", aclnnUniqueConsecutiveGetWorkspaceSize(s.t, true, true, 2, v.t, i64.t, c.t, &ws, &ex), INV, "[-2, 1], but got 2");
    ExpectError("UniqueDim dim", aclnnUniqueDimGetWorkspaceSize(s.t, true, true, -3, v.t, i64.t, c.t, &ws, &ex), INV, "but got -3");
    ExpectError("Nonzero null out", aclnnNonzeroGetWorkspaceSize(s.t, nullptr, &ws, &ex), NUL, "out");
    ExpectError("Nonzero out INT32", aclnnNonzeroGetWorkspaceSize(s.t, i32.t, &ws, &ex), INV, "DT_INT32");
    ExpectError("Nonzero out shape", aclnnNonzeroGetWorkspaceSize(s.t, o3.t, &ws, &ex), INV, "out shape");
    ExpectError("Nonzero out strided", aclnnNonzeroGetWorkspaceSize(s.t, onc.t, &ws, &ex), INV, "contiguous");
    ExpectError("NonzeroV2 out shape", aclnnNonzeroV2GetWorkspaceSize(s.t, o2.t, &ws, &ex), INV, "out shape");
    {
        DevTensor c64; // outside the list (and 8 bytes, as the test encoder writes)
        if (c64.Init(ACL_COMPLEX64, {2, 3}, {}, CONTIG))
            ExpectError("Nonzero COMPLEX64", aclnnNonzeroGetWorkspaceSize(c64.t, o2.t, &ws, &ex), INV, "DT_COMPLEX64");
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = std::string(aclrtGetSocName()).find("Ascend310P") == 0;
    if (is310p) {
        DevTensor s, v, i64;
        if (s.Init(ACL_BF16, {4}, {}, CONTIG) && v.Init(ACL_BF16, {4}, {}, CONTIG) && i64.Init(ACL_INT64, {4}, {}, CONTIG)) {
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("310P Unique BF16", aclnnUniqueGetWorkspaceSize(s.t, true, true, v.t, i64.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
        }
        UniqueCase(U2, ACL_FLOAT16, {4, 6}, 0, true, true, STRIDED, Data(ACL_FLOAT16, 24, 3, 7));
        NonzeroCase(false, ACL_INT32, {4, 6}, TRANSPOSED, Data(ACL_INT32, 24, 4, 3));
    } else {
        TestUnique();
        TestNonzero();
        TestRoom();
    }
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
