// aclnnGatherElementsV3 (A2) against a reference written here: FLOAT / FLOAT16 / BFLOAT16 /
// INT32, every dim of 1-D to 3-D shapes with an index smaller than x, strided views, and the
// validation paths (161001 / 161002 / 561002; an index out of range fails the stream, 507015).
// `950`: the definition has no kernel there (161002).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gather_elements_v3.h"

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
static int Stage1(const aclTensor *x, const aclTensor *i, int64_t dim, const aclTensor *y)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnGatherElementsV3GetWorkspaceSize(x, i, dim, y, &ws, &ex);
    if (rc == 0 && ex) { aclSetAclOpExecutorRepeatable(ex); aclDestroyAclOpExecutor(ex); }
    return rc;
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "950") {
        DevTensor x, i, y;
        if (!x.Init(ACL_FLOAT, {3}, {1, 2, 3}, CONTIG) || !i.Init(ACL_INT32, {2}, {0, 2}, CONTIG) || !y.Init(ACL_FLOAT, {2}, {}, CONTIG)) return 1;
        ExpectError("950", Stage1(x.t, i.t, 0, y.t), ACLNN_ERR_PARAM_INVALID, "not supported");
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    uint64_t seed = 1;
    std::vector<std::vector<int64_t>> shapes = {{7}, {4, 5}, {3, 4, 6}};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32})
        for (auto &xs : shapes)
            for (int64_t d = 0; d < (int64_t)xs.size(); d++) {
                std::vector<int64_t> is = xs;
                for (auto &v : is) v = v > 1 ? v - 1 : v;
                is[(size_t)d] = xs[(size_t)d] + 2; // longer than x along dim
                Lcg rng(seed++);
                std::vector<double> x((size_t)GetShapeSize(xs)), ix((size_t)GetShapeSize(is)), g(ix.size());
                for (auto &v : x) v = Quant(dt, dt == ACL_INT32 ? (double)(int64_t)(rng.value() * 100) : rng.value());
                for (size_t k = 0; k < ix.size(); k++) {
                    ix[k] = (double)(int64_t)(rng.uniform() * (double)xs[(size_t)d]);
                    std::vector<int64_t> p = Unravel((int64_t)k, is);
                    p[(size_t)d] = (int64_t)ix[k];
                    g[k] = x[(size_t)Ravel(p, xs)];
                }
                DevTensor tx, ti, ty;
                if (!tx.Init(dt, xs, x, TRANSPOSED) || !ti.Init(ACL_INT32, is, ix, STRIDED) || !ty.Init(dt, is, {}, STRIDED)) return 1;
                int rc = Run("GatherElementsV3", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnGatherElementsV3GetWorkspaceSize(tx.t, ti.t, d, ty.t, w, e); }, aclnnGatherElementsV3);
                EXPECT(rc == 0 && ty.Read() == g && ty.CountClobbered() == 0, "%s rank %zu dim %lld: wrong (rc %d)", DtName(dt), xs.size(),
                       (long long)d, rc);
            }
    DevTensor x, i, y, i64, xd, y16, i3, ibig, y2;
    if (!x.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !i.Init(ACL_INT32, {2, 4}, {}, CONTIG) || !y.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) ||
        !i64.Init(ACL_INT64, {2, 4}, {}, CONTIG) || !xd.Init(ACL_DOUBLE, {3, 4}, {}, CONTIG) || !y16.Init(ACL_FLOAT16, {2, 4}, {}, CONTIG) ||
        !i3.Init(ACL_INT32, {2, 4, 1}, {}, CONTIG) || !ibig.Init(ACL_INT32, {2, 5}, {}, CONTIG) || !y2.Init(ACL_FLOAT, {2, 3}, {}, CONTIG))
        return 1;
    ExpectError("null x", Stage1(nullptr, i.t, 0, y.t), ACLNN_ERR_PARAM_NULLPTR, "x");
    ExpectError("null index", Stage1(x.t, nullptr, 0, y.t), ACLNN_ERR_PARAM_NULLPTR, "index");
    ExpectError("null y", Stage1(x.t, i.t, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "y");
    ExpectError("x DOUBLE", Stage1(xd.t, i.t, 0, y.t), ACLNN_ERR_PARAM_INVALID, "x");
    ExpectError("index INT64", Stage1(x.t, i64.t, 0, y.t), ACLNN_ERR_PARAM_INVALID, "index");
    ExpectError("y FLOAT16", Stage1(x.t, i.t, 0, y16.t), ACLNN_ERR_PARAM_INVALID, "y");
    ExpectError("dim 2", Stage1(x.t, i.t, 2, y.t), ACLNN_ERR_INNER_TILING_ERROR, "dim");
    ExpectError("dim -1", Stage1(x.t, i.t, -1, y.t), ACLNN_ERR_INNER_TILING_ERROR, "dim");
    ExpectError("index rank", Stage1(x.t, i3.t, 0, y.t), ACLNN_ERR_INNER_TILING_ERROR, "index");
    ExpectError("index larger", Stage1(x.t, ibig.t, 0, y.t), ACLNN_ERR_INNER_TILING_ERROR, "no larger");
    ExpectError("y shape", Stage1(x.t, i.t, 0, y2.t), ACLNN_ERR_INNER_TILING_ERROR, "y shape");
    {
        DevTensor ib, yb;
        if (!ib.Init(ACL_INT32, {2, 4}, {0, 1, 2, 3, 0, 1, 2, 0}, CONTIG) || !yb.Init(ACL_FLOAT, {2, 4}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGatherElementsV3GetWorkspaceSize(x.t, ib.t, 0, yb.t, &ws, &ex);
        EXPECT(rc == 0, "stage 1 with an index of 3 along a dim of 3");
        if (rc == 0) {
            void *w = nullptr;
            if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
            rc = aclnnGatherElementsV3(w, ws, ex, g_stream);
            int sync = aclrtSynchronizeStream(g_stream);
            EXPECT(rc == 0 && sync == 507015, "an index out of range fails the stream (got %d / %d)", rc, sync);
            if (w) aclrtFree(w);
        }
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
