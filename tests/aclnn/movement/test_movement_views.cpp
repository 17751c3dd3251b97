// Flatten, ChannelShuffle, Diag, DiagFlat against references written here (exact: data
// movement), on contiguous / strided / transposed views, 0-d, empty and rank-8 inputs, plus the
// validation paths with their codes and messages; `310p`: BF16 refused there.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_channel_shuffle.h"
#include "aclnnop/aclnn_confusion_transpose.h"
#include "aclnnop/aclnn_diag.h"
#include "aclnnop/aclnn_diag_flat.h"
#include "aclnnop/aclnn_flatten.h"
#include "aclnnop/aclnn_one_hot.h"

static aclrtStream g_stream;

// A tensor of a dtype the shared DevTensor cannot encode (UINT16 / UINT32), for dtype refusals:
// zero-filled storage of 8 bytes per element, freed with the struct.
struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    RawTensor(aclDataType dt, const std::vector<int64_t> &shape)
    {
        if (CreateAclTensor(std::vector<int64_t>((size_t)GetShapeSize(shape), 0), shape, &dev, dt, &t)) t = nullptr;
    }
    ~RawTensor() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
};
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
static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = QuantAll(dt, RandomValues(n, seed, dt == ACL_INT8 || dt == ACL_UINT8 ? 20 : 1000));
    if (dt == ACL_BOOL) for (double &x : v) x = x > 0;
    if (dt == ACL_UINT8) for (double &x : v) x = std::fabs(x);
    return v;
}

static void TestFlatten()
{
    struct { std::vector<int64_t> shape; int64_t axis; } cs[] = {
        {{}, 0}, {{}, -1}, {{5}, 0}, {{5}, -1}, {{3, 4}, 1}, {{3, 4}, 0}, {{2, 3, 4}, -1}, {{2, 3, 4}, 2}, {{2, 0, 4}, 1},
        {{2, 1, 3, 1, 2, 2, 1, 2}, 3}, {{2, 1, 3, 1, 2, 2, 1, 2}, -8}};
    uint64_t seed = 1;
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT64, ACL_INT16, ACL_BOOL})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                int64_t n = (int64_t)c.shape.size(), a = c.axis < 0 ? c.axis + (n ? n : 1) : c.axis;
                std::vector<int64_t> os = {1, 1};
                for (int64_t k = 0; k < n; k++) os[k >= a] *= c.shape[(size_t)k];
                std::vector<double> x = Values(dt, (size_t)GetShapeSize(c.shape), seed++);
                DevTensor tx, to;
                if (!tx.Init(dt, c.shape, x, lay) || !to.Init(dt, os, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                std::string what = "Flatten rank " + std::to_string(n) + " axis " + std::to_string(c.axis) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnFlattenGetWorkspaceSize(tx.t, c.axis, to.t, w, ex); }, aclnnFlatten);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                Exact(what, to.Read(), x); // row-major order is kept
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
            }
    DevTensor x, o, o2, u;
    if (!x.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !o.Init(ACL_FLOAT, {6, 4}, {}, CONTIG) || !o2.Init(ACL_FLOAT, {2, 12}, {}, CONTIG) ||
        !u.Init(ACL_DOUBLE, {2, 3, 4}, {}, CONTIG)) return;
    DevTensor od;
    if (!od.Init(ACL_DOUBLE, {6, 4}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Flatten null", aclnnFlattenGetWorkspaceSize(nullptr, 1, o.t, &ws, &ex), kNull, "self");
    ExpectError("Flatten dtypes differ", aclnnFlattenGetWorkspaceSize(u.t, 2, o.t, &ws, &ex), kInvalid);
    ExpectError("Flatten double", aclnnFlattenGetWorkspaceSize(u.t, 2, od.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("Flatten axis", aclnnFlattenGetWorkspaceSize(x.t, 3, o.t, &ws, &ex), kInvalid, "Dimension out of range");
    ExpectError("Flatten axis low", aclnnFlattenGetWorkspaceSize(x.t, -4, o.t, &ws, &ex), kInvalid, "Dimension out of range");
    ExpectError("Flatten out shape", aclnnFlattenGetWorkspaceSize(x.t, 2, o2.t, &ws, &ex), kInvalid, "out shape");
    DevTensor s0;
    if (!s0.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    ExpectError("Flatten 0-d axis 1", aclnnFlattenGetWorkspaceSize(s0.t, 1, o.t, &ws, &ex), kInvalid, "[-1, 0]");
}

static void TestChannelShuffle()
{
    struct { std::vector<int64_t> shape; int64_t groups; } cs[] = {
        {{2, 6, 3}, 2}, {{2, 6, 3}, 3}, {{1, 12, 2, 3}, 4}, {{2, 4, 1, 2, 3}, 1}, {{2, 8, 1, 2, 1, 2, 2}, 8}, {{0, 4, 3}, 2}};
    uint64_t seed = 100;
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_INT64, ACL_BOOL})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                std::vector<double> x = Values(dt, (size_t)GetShapeSize(c.shape), seed++), g(x.size());
                int64_t C = c.shape[1], cpg = C / c.groups;
                for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                    std::vector<int64_t> idx = Unravel(i, c.shape);
                    int64_t co = idx[1], k = co / c.groups, gi = co % c.groups;
                    idx[1] = gi * cpg + k;
                    g[(size_t)i] = x[(size_t)Ravel(idx, c.shape)];
                }
                DevTensor tx, to;
                if (!tx.Init(dt, c.shape, x, lay) || !to.Init(dt, c.shape, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                std::string what = "ChannelShuffle rank " + std::to_string(c.shape.size()) + " groups " + std::to_string(c.groups) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnChannelShuffleGetWorkspaceSize(tx.t, c.groups, to.t, w, ex); }, aclnnChannelShuffle);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                Exact(what, to.Read(), g);
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
            }
    DevTensor x, o, x2, o2, x8, o8, oi;
    if (!x.Init(ACL_FLOAT, {2, 6, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 6, 3}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {6, 3}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {6, 3}, {}, CONTIG) || !x8.Init(ACL_FLOAT, {1, 2, 1, 1, 1, 1, 1, 1}, {}, CONTIG) ||
        !o8.Init(ACL_FLOAT, {1, 2, 1, 1, 1, 1, 1, 1}, {}, CONTIG) || !oi.Init(ACL_INT32, {2, 6, 3}, {}, CONTIG)) return;
    DevTensor ob;
    if (!ob.Init(ACL_FLOAT, {2, 6, 4}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("ChannelShuffle null out", aclnnChannelShuffleGetWorkspaceSize(x.t, 2, nullptr, &ws, &ex), kNull, "out");
    ExpectError("ChannelShuffle dtypes differ", aclnnChannelShuffleGetWorkspaceSize(x.t, 2, oi.t, &ws, &ex), kInvalid);
    ExpectError("ChannelShuffle groups 0", aclnnChannelShuffleGetWorkspaceSize(x.t, 0, o.t, &ws, &ex), kInvalid, "must be positive");
    ExpectError("ChannelShuffle groups 4", aclnnChannelShuffleGetWorkspaceSize(x.t, 4, o.t, &ws, &ex), kInvalid, "divisible by groups");
    ExpectError("ChannelShuffle rank 2", aclnnChannelShuffleGetWorkspaceSize(x2.t, 2, o2.t, &ws, &ex), kInvalid, "dim num");
    ExpectError("ChannelShuffle rank 8", aclnnChannelShuffleGetWorkspaceSize(x8.t, 2, o8.t, &ws, &ex), kInvalid, "dim num");
    ExpectError("ChannelShuffle out shape", aclnnChannelShuffleGetWorkspaceSize(x.t, 2, ob.t, &ws, &ex), kInvalid);
}

// reference of torch.diag / diagflat for a vector: (n + |d|)^2 with v on diagonal d
static std::vector<double> Embed(const std::vector<double> &v, int64_t d, int64_t *R)
{
    int64_t n = (int64_t)v.size();
    *R = n + (d < 0 ? -d : d);
    std::vector<double> o((size_t)(*R * *R), 0.0);
    for (int64_t k = 0; k < n; k++) {
        int64_t r = d >= 0 ? k : k - d, c = d >= 0 ? k + d : k;
        o[(size_t)(r * *R + c)] = v[(size_t)k];
    }
    return o;
}

static void TestDiag()
{
    uint64_t seed = 300;
    // vectors (and 0-d) onto a diagonal
    for (auto &s : std::vector<std::vector<int64_t>>{{}, {1}, {5}, {300}})
        for (int64_t d : {0, 2, -3})
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_UINT8, ACL_BOOL, ACL_DOUBLE})
                for (Layout lay : {CONTIG, STRIDED}) {
                    std::vector<double> x = Values(dt, (size_t)GetShapeSize(s), seed++);
                    int64_t R;
                    std::vector<double> g = Embed(x, d, &R);
                    DevTensor tx, to;
                    if (!tx.Init(dt, s, x, lay) || !to.Init(dt, {R, R}, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    std::string what = "Diag of " + std::to_string(GetShapeSize(s)) + " d " + std::to_string(d) + " " + DtName(dt) + " layout " + std::to_string(lay);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnDiagGetWorkspaceSize(tx.t, d, to.t, w, ex); }, aclnnDiag);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) { Exact(what, to.Read(), g); EXPECT(to.CountClobbered() == 0, "%s: clobbered", what.c_str()); }
                }
    // a matrix's diagonal
    struct { int64_t m, n, d; } ms[] = {{4, 4, 0}, {3, 5, 1}, {3, 5, -2}, {5, 3, 2}, {4, 6, 6}, {4, 6, 9}, {4, 6, -7}, {1, 1, 0}};
    for (auto &c : ms)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_BOOL})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                std::vector<int64_t> s = {c.m, c.n};
                std::vector<double> x = Values(dt, (size_t)(c.m * c.n), seed++), g;
                for (int64_t i = 0; i < c.m; i++)
                    if (i + c.d >= 0 && i + c.d < c.n) g.push_back(x[(size_t)(i * c.n + i + c.d)]);
                DevTensor tx, to;
                if (!tx.Init(dt, s, x, lay) || !to.Init(dt, {(int64_t)g.size()}, {}, STRIDED)) return;
                std::string what = "Diag of (" + std::to_string(c.m) + "," + std::to_string(c.n) + ") d " + std::to_string(c.d) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnDiagGetWorkspaceSize(tx.t, c.d, to.t, w, ex); }, aclnnDiag);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) { Exact(what, to.Read(), g); EXPECT(to.CountClobbered() == 0, "%s: clobbered", what.c_str()); }
            }
    // an empty vector with d != 0: an all-zero (|d|, |d|) matrix
    {
        DevTensor tx, to;
        if (!tx.Init(ACL_FLOAT, {0}, {}, CONTIG) || !to.Init(ACL_FLOAT, {2, 2}, {}, CONTIG)) return;
        int rc = Run("Diag empty d 2", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnDiagGetWorkspaceSize(tx.t, 2, to.t, w, ex); }, aclnnDiag);
        EXPECT(rc == 0, "Diag empty d 2: run failed");
        if (!rc) Exact("Diag empty d 2", to.Read(), std::vector<double>(4, 0.0));
    }
    DevTensor x3, o, x, oi, ob;
    RawTensor c0(ACL_UINT32, {3}), oc(ACL_UINT32, {3, 3});
    if (!x3.Init(ACL_FLOAT, {2, 2, 2}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG) || !x.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !oi.Init(ACL_INT32, {3, 3}, {}, CONTIG) || !ob.Init(ACL_FLOAT, {4, 4}, {}, CONTIG) || !c0.t || !oc.t) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Diag null", aclnnDiagGetWorkspaceSize(nullptr, 0, o.t, &ws, &ex), kNull, "self");
    ExpectError("Diag uint32", aclnnDiagGetWorkspaceSize(c0.t, 0, oc.t, &ws, &ex), kInvalid, "DT_UINT32");
    ExpectError("Diag dtypes differ", aclnnDiagGetWorkspaceSize(x.t, 0, oi.t, &ws, &ex), kInvalid);
    ExpectError("Diag rank 3", aclnnDiagGetWorkspaceSize(x3.t, 0, o.t, &ws, &ex), kInvalid, "dim num");
    ExpectError("Diag out shape", aclnnDiagGetWorkspaceSize(x.t, 0, ob.t, &ws, &ex), kInvalid, "out shape");
    ExpectError("Diag huge diagonal", aclnnDiagGetWorkspaceSize(x.t, INT64_MIN, ob.t, &ws, &ex), kInvalid, "out shape");
}

static void TestDiagFlat()
{
    uint64_t seed = 700;
    struct { std::vector<int64_t> shape; int64_t d; aclDataType in, out; } cs[] = {
        {{}, 0, ACL_FLOAT, ACL_FLOAT},          {{2, 3}, 1, ACL_FLOAT, ACL_FLOAT},     {{2, 3}, -2, ACL_FLOAT16, ACL_FLOAT},
        {{3, 1, 2}, 0, ACL_INT32, ACL_INT64},   {{2, 1, 2, 1, 1, 2, 1, 2}, 3, ACL_BF16, ACL_BF16},
        {{4}, -1, ACL_FLOAT, ACL_INT32},        {{2, 2}, 0, ACL_BOOL, ACL_FLOAT},       {{2, 0}, 4, ACL_FLOAT, ACL_FLOAT}};
    for (auto &c : cs)
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
            std::vector<double> x = Values(c.in, (size_t)GetShapeSize(c.shape), seed++);
            if (c.out == ACL_INT32) for (double &v : x) v = std::trunc(v);
            int64_t R;
            std::vector<double> g = Embed(x, c.d, &R);
            for (double &v : g) v = Quant(c.out, v);
            DevTensor tx, to;
            if (!tx.Init(c.in, c.shape, x, lay) || !to.Init(c.out, {R, R}, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
            std::string what = "DiagFlat rank " + std::to_string(c.shape.size()) + " d " + std::to_string(c.d) + " " + DtName(c.in) + "->" + DtName(c.out) + " layout " + std::to_string(lay);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnDiagFlatGetWorkspaceSize(tx.t, c.d, to.t, w, ex); }, aclnnDiagFlat);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc || GetShapeSize(c.shape) == 0) continue; // an empty self launches nothing (as the real op)
            Exact(what, to.Read(), g);
            EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
        }
    DevTensor x, o, ob;
    RawTensor u(ACL_UINT16, {3, 3});
    if (!x.Init(ACL_FLOAT, {3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !ob.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !u.t) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnDiagFlatGetWorkspaceSize(nullptr, 0, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "DiagFlat null self: %d (the real op returns 561103)", rc);
    ExpectError("DiagFlat out dtype", aclnnDiagFlatGetWorkspaceSize(x.t, 0, u.t, &ws, &ex), kInvalid, "DT_UINT16");
    ExpectError("DiagFlat out shape", aclnnDiagFlatGetWorkspaceSize(x.t, 0, ob.t, &ws, &ex), kInvalid, "out shape");
}

// out[..., c at axis, ...] = self == c ? on : off; indices outside [0, C) give all off
static void TestOneHot()
{
    struct { std::vector<int64_t> shape; int C; int64_t axis; } cs[] = {
        {{6}, 4, -1}, {{2, 3}, 5, 0}, {{2, 3}, 3, 1}, {{}, 3, 0}, {{2, 1, 2, 1, 2, 1, 2}, 2, 3}, {{3, 0}, 2, -1}, {{3}, 0, -1}, {{2, 50}, 300, 1}};
    uint64_t seed = 900;
    for (auto &c : cs)
        for (aclDataType sdt : {ACL_INT32, ACL_INT64})
            for (aclDataType odt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64})
                for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                    int64_t n = (int64_t)c.shape.size(), d = c.axis < 0 ? n : c.axis, numel = GetShapeSize(c.shape);
                    std::vector<double> x((size_t)numel);
                    Lcg rng(seed++);
                    for (double &v : x) v = std::floor(rng.uniform() * (c.C + 2)) - 1; // -1 .. C: some outside
                    std::vector<int64_t> os = c.shape;
                    os.insert(os.begin() + d, c.C);
                    double on = odt == ACL_FLOAT16 ? 0.75 : 3, off = odt == ACL_INT32 || odt == ACL_INT64 ? -2 : -0.5;
                    std::vector<double> g((size_t)GetShapeSize(os));
                    for (int64_t i = 0; i < (int64_t)g.size(); i++) {
                        std::vector<int64_t> idx = Unravel(i, os);
                        int64_t cls = idx[(size_t)d];
                        idx.erase(idx.begin() + d);
                        g[(size_t)i] = x[(size_t)Ravel(idx, c.shape)] == cls ? on : off;
                    }
                    DevTensor tx, to, ton, toff;
                    if (!tx.Init(sdt, c.shape, x, lay) || !to.Init(odt, os, {}, lay == STRIDED ? TRANSPOSED : STRIDED) ||
                        !ton.Init(odt, {1}, {on}, STRIDED) || !toff.Init(odt, {}, {off}, CONTIG)) return;
                    std::string what = "OneHot rank " + std::to_string(n) + " C " + std::to_string(c.C) + " axis " + std::to_string(c.axis) + " " + DtName(sdt) + "->" + DtName(odt) + " layout " + std::to_string(lay);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnOneHotGetWorkspaceSize(tx.t, c.C, ton.t, toff.t, c.axis, to.t, w, ex); }, aclnnOneHot);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    Exact(what, to.Read(), g);
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
                }
    DevTensor x, o, on, off, oh, x0, o0;
    if (!x.Init(ACL_INT32, {3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !on.Init(ACL_FLOAT, {}, {1}, CONTIG) ||
        !off.Init(ACL_FLOAT, {}, {0}, CONTIG) || !oh.Init(ACL_FLOAT16, {}, {1}, CONTIG) || !x0.Init(ACL_INT32, {0}, {}, CONTIG) ||
        !o0.Init(ACL_FLOAT, {0, 0}, {}, CONTIG)) return;
    DevTensor xf;
    if (!xf.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("OneHot null onValue", aclnnOneHotGetWorkspaceSize(x.t, 4, nullptr, off.t, -1, o.t, &ws, &ex), kNull, "onValue");
    ExpectError("OneHot float self", aclnnOneHotGetWorkspaceSize(xf.t, 4, on.t, off.t, -1, o.t, &ws, &ex), kInvalid, "DT_FLOAT");
    ExpectError("OneHot on dtype", aclnnOneHotGetWorkspaceSize(x.t, 4, oh.t, off.t, -1, o.t, &ws, &ex), kInvalid);
    ExpectError("OneHot classes < 0", aclnnOneHotGetWorkspaceSize(x.t, -1, on.t, off.t, -1, o.t, &ws, &ex), kInvalid, "NumClasses");
    ExpectError("OneHot empty, classes 0", aclnnOneHotGetWorkspaceSize(x0.t, 0, on.t, off.t, -1, o0.t, &ws, &ex), kInvalid, "greater than 0");
    ExpectError("OneHot axis -2", aclnnOneHotGetWorkspaceSize(x.t, 4, on.t, off.t, -2, o.t, &ws, &ex), kInvalid, "axis");
    ExpectError("OneHot axis 2", aclnnOneHotGetWorkspaceSize(x.t, 4, on.t, off.t, 2, o.t, &ws, &ex), kInvalid, "axis");
    ExpectError("OneHot out shape", aclnnOneHotGetWorkspaceSize(x.t, 5, on.t, off.t, -1, o.t, &ws, &ex), kInvalid, "out shape");
}

// transpose_first: out = reshape(permute(x, perm), shape); else out = permute(reshape(x, shape), perm)
static void TestConfusionTranspose()
{
    struct { std::vector<int64_t> xs, perm, shape; bool tf; } cs[] = {
        {{2, 3, 4}, {1, 0, 2}, {6, 4}, true}, {{2, 3, 4}, {2, 0, 1}, {4, 6}, true}, {{6, 4}, {1, 0, 2}, {2, 3, 4}, false},
        {{4, 6}, {0, 2, 1, 3}, {2, 2, 3, 2}, false}, {{2, 1, 2, 1, 2, 1, 2, 3}, {7, 6, 5, 4, 3, 2, 1, 0}, {12, 4}, true}};
    uint64_t seed = 1000;
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT64, ACL_INT8})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                std::vector<double> x = Values(dt, (size_t)GetShapeSize(c.xs), seed++);
                // the reference: permute then flatten, or flatten-reshape then permute
                std::vector<int64_t> ps, os;
                std::vector<double> mid, g;
                auto permute = [](const std::vector<double> &v, const std::vector<int64_t> &shp, const std::vector<int64_t> &perm,
                                  std::vector<int64_t> *outs) {
                    outs->clear();
                    for (int64_t p : perm) outs->push_back(shp[(size_t)p]);
                    std::vector<double> r(v.size());
                    for (int64_t i = 0; i < (int64_t)r.size(); i++) {
                        std::vector<int64_t> oi = Unravel(i, *outs), si(shp.size());
                        for (size_t k = 0; k < perm.size(); k++) si[(size_t)perm[k]] = oi[k];
                        r[(size_t)i] = v[(size_t)Ravel(si, shp)];
                    }
                    return r;
                };
                if (c.tf) { g = permute(x, c.xs, c.perm, &ps); os = c.shape; }
                else g = permute(x, c.shape, c.perm, &os); // x's row-major order reshaped: the same flat data
                DevTensor tx, to;
                if (!tx.Init(dt, c.xs, x, lay) || !to.Init(dt, os, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                aclIntArray *pa = aclCreateIntArray(c.perm.data(), c.perm.size()), *sa = aclCreateIntArray(c.shape.data(), c.shape.size());
                std::string what = std::string("ConfusionTranspose ") + (c.tf ? "transpose first " : "reshape first ") + "rank " + std::to_string(c.xs.size()) + " " + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnConfusionTransposeGetWorkspaceSize(tx.t, pa, sa, c.tf, to.t, w, ex); }, aclnnConfusionTranspose);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    Exact(what, to.Read(), g);
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
                    EXPECT(tx.CountClobbered() == 0, "%s: x changed outside its view", what.c_str());
                    Exact(what + " (x unchanged)", tx.Read(), x);
                }
                aclDestroyIntArray(pa);
                aclDestroyIntArray(sa);
            }
    DevTensor x, o, od;
    if (!x.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !o.Init(ACL_FLOAT, {6, 4}, {}, CONTIG) || !od.Init(ACL_DOUBLE, {6, 4}, {}, CONTIG)) return;
    DevTensor xd;
    if (!xd.Init(ACL_DOUBLE, {2, 3, 4}, {}, CONTIG)) return;
    int64_t p3[3] = {1, 0, 2}, pbad[3] = {1, 1, 2}, s2[2] = {6, 4}, s2b[2] = {5, 4}, s2c[2] = {4, 6};
    aclIntArray *pa = aclCreateIntArray(p3, 3), *pb = aclCreateIntArray(pbad, 3), *p2 = aclCreateIntArray(p3, 2), *sa = aclCreateIntArray(s2, 2),
                *sb = aclCreateIntArray(s2b, 2), *sc = aclCreateIntArray(s2c, 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("ConfusionTranspose null perm", aclnnConfusionTransposeGetWorkspaceSize(x.t, nullptr, sa, true, o.t, &ws, &ex), kNull, "perm");
    ExpectError("ConfusionTranspose double", aclnnConfusionTransposeGetWorkspaceSize(xd.t, pa, sa, true, od.t, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("ConfusionTranspose dtypes differ", aclnnConfusionTransposeGetWorkspaceSize(x.t, pa, sa, true, od.t, &ws, &ex), kInvalid);
    int rc = aclnnConfusionTransposeGetWorkspaceSize(x.t, pb, sa, true, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "ConfusionTranspose repeated perm: %d", rc);
    rc = aclnnConfusionTransposeGetWorkspaceSize(x.t, p2, sa, true, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "ConfusionTranspose perm length: %d", rc);
    rc = aclnnConfusionTransposeGetWorkspaceSize(x.t, pa, sb, true, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "ConfusionTranspose shape product: %d", rc);
    rc = aclnnConfusionTransposeGetWorkspaceSize(x.t, pa, sc, true, o.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "ConfusionTranspose out shape: %d", rc);
    for (aclIntArray *a : {pa, pb, p2, sa, sb, sc}) aclDestroyIntArray(a);
}

static void Test310P()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
    DevTensor b, bo, h, ho;
    if (!b.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !bo.Init(ACL_BF16, {1, 6}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, RandomValues(6, 5), CONTIG) ||
        !ho.Init(ACL_FLOAT16, {1, 6}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Flatten bf16 on 310P", aclnnFlattenGetWorkspaceSize(b.t, 0, bo.t, &ws, &ex), kInvalid, "DT_BF16");
    int rc = Run("Flatten fp16 310P", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnFlattenGetWorkspaceSize(h.t, 0, ho.t, w, e); }, aclnnFlatten);
    EXPECT(rc == 0, "Flatten fp16 on 310P failed");
    if (!rc) Exact("Flatten fp16 310P", ho.Read(), h.Read());
    DevTensor v, vo;
    if (!v.Init(ACL_BF16, {3}, {}, CONTIG) || !vo.Init(ACL_BF16, {3, 3}, {}, CONTIG)) return;
    ExpectError("Diag bf16 on 310P", aclnnDiagGetWorkspaceSize(v.t, 0, vo.t, &ws, &ex), kInvalid, "DT_BF16");
    ExpectError("DiagFlat bf16 on 310P", aclnnDiagFlatGetWorkspaceSize(v.t, 0, vo.t, &ws, &ex), kInvalid, "DT_BF16");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        Test310P();
    } else {
        TestFlatten();
        TestChannelShuffle();
        TestDiag();
        TestDiagFlat();
        TestOneHot();
        TestConfusionTranspose();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
