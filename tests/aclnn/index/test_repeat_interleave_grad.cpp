// aclnnRepeatInterleaveGrad against a double-precision reference written here: FLOAT / FLOAT16 /
// BFLOAT16 yGrad, INT32 / INT64 repeats (per-element counts with zeros, one count, a 0-d
// count), every axis of 1-D to 3-D shapes, transposed yGrad and strided out views, an out of
// another shape of the same size, a 0-d yGrad, empty tensors, Inf / NaN, and the validation
// paths (161001 / 161002 / 561002; bad counts fail the stream with 507015, nothing written).
// `310p`: the op definition has no kernel there (161002).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_repeat_interleave_grad.h"

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

// out[.., k, ..] = sum over the k-th run of counts[k] rows of y along d.
static std::vector<double> Reference(const std::vector<double> &y, const std::vector<int64_t> &shape, int64_t d,
                                     const std::vector<int64_t> &counts)
{
    std::vector<int64_t> os = shape;
    os[(size_t)d] = (int64_t)counts.size();
    std::vector<int64_t> seg;
    for (size_t k = 0; k < counts.size(); k++)
        for (int64_t r = 0; r < counts[k]; r++) seg.push_back((int64_t)k);
    std::vector<double> g((size_t)GetShapeSize(os), 0.0);
    for (int64_t i = 0; i < GetShapeSize(shape); i++) {
        std::vector<int64_t> idx = Unravel(i, shape);
        idx[(size_t)d] = seg[(size_t)idx[(size_t)d]];
        g[(size_t)Ravel(idx, os)] += y[(size_t)i];
    }
    return g;
}

static int Stage1(const aclTensor *y, const aclTensor *r, int64_t axis, const aclTensor *o)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnRepeatInterleaveGradGetWorkspaceSize(y, r, axis, o, &ws, &ex);
    if (rc == 0 && ex) {
        aclSetAclOpExecutorRepeatable(ex);
        aclDestroyAclOpExecutor(ex);
    }
    return rc;
}

static void Case(aclDataType dt, aclDataType rdt, const std::vector<int64_t> &shape, int64_t axis,
                 const std::vector<int64_t> &counts, bool one, Layout ylay, Layout olay, uint64_t seed,
                 const std::vector<int64_t> &flat_out = {})
{
    int64_t n = (int64_t)shape.size(), d = axis < 0 ? axis + n : axis;
    std::vector<double> y = QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), seed, 1.0));
    std::vector<double> g = Reference(y, shape, d, counts);
    std::vector<int64_t> os = shape;
    os[(size_t)d] = (int64_t)counts.size();
    if (!flat_out.empty()) os = flat_out;
    std::vector<double> rv;
    std::vector<int64_t> rs;
    if (one) {
        rv = {(double)counts[0]};
        rs = {1};
    } else {
        for (int64_t c : counts) rv.push_back((double)c);
        rs = {(int64_t)rv.size()};
    }
    DevTensor ty, tr, to;
    if (!ty.Init(dt, shape, y, ylay) || !tr.Init(rdt, rs, rv, CONTIG) || !to.Init(dt, os, {}, olay)) {
        EXPECT(false, "tensor creation failed");
        return;
    }
    char what[160];
    snprintf(what, sizeof what, "RepeatInterleaveGrad %s/%s rank %lld axis %lld %s y%d o%d", DtName(dt), DtName(rdt),
             (long long)n, (long long)axis, one ? "one" : "counts", (int)ylay, (int)olay);
    int rc = Run("RepeatInterleaveGrad", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnRepeatInterleaveGradGetWorkspaceSize(ty.t, tr.t, axis, to.t, w, e); }, aclnnRepeatInterleaveGrad);
    EXPECT(rc == 0, "%s: run failed (%d)", what, rc);
    if (rc) return;
    CheckDtype(what, dt, to.Read(), QuantAll(dt, g));
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const bool p310 = argc > 1 && std::string(argv[1]) == "310p";
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (p310) { // the definition registers no 310P kernel
        DevTensor y, r, o;
        if (!y.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG) || !r.Init(ACL_INT64, {1}, {2}, CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG)) return 1;
        ExpectError("310P", aclnnRepeatInterleaveGradGetWorkspaceSize(y.t, r.t, 0, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "not supported");
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    uint64_t seed = 1;
    std::vector<std::vector<int64_t>> shapes = {{7}, {4, 6}, {3, 4, 5}};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (auto &shape : shapes)
            for (int64_t d = 0; d < (int64_t)shape.size(); d++) {
                int64_t len = shape[(size_t)d];
                // per-element counts incl. a zero (the last run takes the rest)
                std::vector<int64_t> counts;
                int64_t left = len;
                for (int64_t k = 0; left > 0; k++) {
                    int64_t c = k % 3 == 1 ? 0 : std::min<int64_t>(left, 1 + k % 2);
                    counts.push_back(c);
                    left -= c;
                }
                if (counts.size() == 1) counts.push_back(0); // a 1-long repeats would mean a group size
                aclDataType rdt = (seed & 1) ? ACL_INT64 : ACL_INT32;
                Case(dt, rdt, shape, d, counts, false, TRANSPOSED, STRIDED, seed++);
                Case(dt, rdt == ACL_INT64 ? ACL_INT32 : ACL_INT64, shape, d - (int64_t)shape.size(), counts, false, CONTIG, CONTIG, seed++);
                // one count: a group size dividing the axis
                int64_t gsz = len % 2 == 0 ? 2 : len;
                Case(dt, rdt, shape, d, std::vector<int64_t>((size_t)(len / gsz), gsz), true, STRIDED, TRANSPOSED, seed++);
            }
    // an out of another shape of the same element count (contiguous): [3,4,5] axis 1 by 2 -> [30]
    Case(ACL_FLOAT, ACL_INT64, {3, 4, 5}, 1, {2, 2}, true, CONTIG, CONTIG, seed++, {30});
    Case(ACL_FLOAT, ACL_INT32, {3, 4, 5}, 1, {1, 3}, false, TRANSPOSED, CONTIG, seed++, {5, 6});
    // the official example: [4,3] by [2,2] along 0
    {
        DevTensor y, r, o;
        if (!y.Init(ACL_FLOAT, {4, 3}, {3, 4, 5, 3, 4, 5, -3, -4, -5, -3, -4, -5}, CONTIG) || !r.Init(ACL_INT64, {2}, {2, 2}, CONTIG) ||
            !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) return 1;
        int rc = Run("RIG example", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnRepeatInterleaveGradGetWorkspaceSize(y.t, r.t, 0, o.t, w, e); }, aclnnRepeatInterleaveGrad);
        EXPECT(rc == 0 && o.Read() == std::vector<double>({6, 8, 10, -6, -8, -10}), "the official example's values");
    }
    // 0-d yGrad and 0-d repeats
    {
        DevTensor y, r, o;
        if (!y.Init(ACL_FLOAT, {}, {2.5}, CONTIG) || !r.Init(ACL_INT32, {}, {1}, CONTIG) || !o.Init(ACL_FLOAT, {}, {}, CONTIG)) return 1;
        int rc = Run("RIG 0-d", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnRepeatInterleaveGradGetWorkspaceSize(y.t, r.t, -1, o.t, w, e); }, aclnnRepeatInterleaveGrad);
        EXPECT(rc == 0 && o.Read() == std::vector<double>({2.5}), "0-d yGrad");
    }
    // empty yGrad and out: nothing to do
    {
        DevTensor y, r, o;
        if (!y.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) || !r.Init(ACL_INT64, {1}, {2}, CONTIG) || !o.Init(ACL_FLOAT, {0, 2}, {}, CONTIG)) return 1;
        int rc = Run("RIG empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnRepeatInterleaveGradGetWorkspaceSize(y.t, r.t, 1, o.t, w, e); }, aclnnRepeatInterleaveGrad);
        EXPECT(rc == 0, "empty yGrad runs");
    }
    // Inf / NaN propagate through the sums; +Inf + -Inf is NaN
    {
        std::vector<double> v = {INFINITY, 1, -INFINITY, INFINITY, NAN, 2, -0.0, -0.0};
        DevTensor y, r, o;
        if (!y.Init(ACL_FLOAT16, {8}, v, CONTIG) || !r.Init(ACL_INT64, {4}, {2, 2, 2, 2}, CONTIG) || !o.Init(ACL_FLOAT16, {4}, {}, CONTIG)) return 1;
        int rc = Run("RIG special", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnRepeatInterleaveGradGetWorkspaceSize(y.t, r.t, 0, o.t, w, e); }, aclnnRepeatInterleaveGrad);
        std::vector<double> got = o.Read();
        EXPECT(rc == 0 && got.size() == 4 && std::isinf(got[0]) && got[0] > 0 && std::isnan(got[1]) && std::isnan(got[2]) &&
               got[3] == 0 && std::signbit(got[3]), "Inf / NaN / -0 sums");
    }
    // ---- validation ----
    DevTensor y, r, o, yi, rf, o16, r2, re, o3, onz;
    if (!y.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !r.Init(ACL_INT64, {3}, {2, 2, 2}, CONTIG) || !o.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) ||
        !yi.Init(ACL_INT32, {4, 6}, {}, CONTIG) || !rf.Init(ACL_FLOAT, {3}, {}, CONTIG) || !o16.Init(ACL_FLOAT16, {4, 3}, {}, CONTIG) ||
        !r2.Init(ACL_INT64, {1, 3}, {}, CONTIG) || !re.Init(ACL_INT64, {0}, {}, CONTIG) || !o3.Init(ACL_FLOAT, {4, 4}, {}, CONTIG))
        return 1;
    ExpectError("null yGrad", Stage1(nullptr, r.t, 1, o.t), ACLNN_ERR_PARAM_NULLPTR, "yGrad");
    ExpectError("null repeats", Stage1(y.t, nullptr, 1, o.t), ACLNN_ERR_PARAM_NULLPTR, "repeats");
    ExpectError("null out", Stage1(y.t, r.t, 1, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("yGrad INT32", Stage1(yi.t, r.t, 1, o.t), ACLNN_ERR_PARAM_INVALID, "yGrad");
    ExpectError("repeats FLOAT", Stage1(y.t, rf.t, 1, o.t), ACLNN_ERR_PARAM_INVALID, "repeats");
    ExpectError("out FLOAT16", Stage1(y.t, r.t, 1, o16.t), ACLNN_ERR_PARAM_INVALID, "out");
    {
        int64_t shp[2] = {4, 3}, st[2] = {3, 1}, stor[2] = {4, 3};
        aclTensor *nz = aclCreateTensor(shp, 2, ACL_FLOAT, st, 0, ACL_FORMAT_FRACTAL_NZ, stor, 2, o.dev);
        ExpectError("out NZ", Stage1(y.t, r.t, 1, nz), ACLNN_ERR_PARAM_INVALID, "out");
        aclDestroyTensor(nz);
    }
    ExpectError("repeats empty", Stage1(y.t, re.t, 1, o.t), ACLNN_ERR_INNER_TILING_ERROR, "repeats");
    ExpectError("repeats 2-D", Stage1(y.t, r2.t, 1, o.t), ACLNN_ERR_INNER_TILING_ERROR, "repeats");
    ExpectError("axis 2", Stage1(y.t, r.t, 2, o.t), ACLNN_ERR_INNER_TILING_ERROR, "axis");
    ExpectError("axis -3", Stage1(y.t, r.t, -3, o.t), ACLNN_ERR_INNER_TILING_ERROR, "axis");
    ExpectError("out size", Stage1(y.t, r.t, 1, o3.t), ACLNN_ERR_INNER_TILING_ERROR, "out");
    {
        DevTensor r1, o5;
        if (!r1.Init(ACL_INT64, {1}, {5}, CONTIG) || !o5.Init(ACL_FLOAT, {5}, {}, CONTIG)) return 1;
        ExpectError("not a multiple", Stage1(y.t, r1.t, 1, o5.t), ACLNN_ERR_INNER_TILING_ERROR, "multiple");
        DevTensor o8;
        if (!o8.Init(ACL_FLOAT, {4, 1, 2}, {}, CONTIG)) return 1; // 24 / 8: groups of 3 along the 6
        EXPECT(Stage1(y.t, r1.t, 1, o8.t) == 0, "group size from the shapes (out of another shape)");
    }
    // counts adding up to 5, not 6: the stream fails and out keeps its values
    {
        DevTensor rb, ob;
        if (!rb.Init(ACL_INT32, {3}, {2, 2, 1}, CONTIG) || !ob.Init(ACL_FLOAT, {4, 3}, {}, CONTIG)) return 1;
        ex = nullptr;
        int rc = aclnnRepeatInterleaveGradGetWorkspaceSize(y.t, rb.t, 1, ob.t, &ws, &ex);
        EXPECT(rc == 0, "stage 1 with counts of a wrong sum");
        if (rc == 0) {
            void *w = nullptr;
            if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
            rc = aclnnRepeatInterleaveGrad(w, ws, ex, g_stream);
            int sync = aclrtSynchronizeStream(g_stream);
            EXPECT(rc == 0 && sync == 507015, "counts of a wrong sum fail the stream with 507015 (got %d / %d)", rc, sync);
            EXPECT(ob.Read() == std::vector<double>(12, -777.0), "nothing written for bad counts");
            if (w) aclrtFree(w);
        }
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
