// aclnnDataFormatDimMap (950) against a reference written here: INT32 / INT64, format pairs of
// 1 to 5 letters, indices in [-n, n) and beyond (floor-mod), 0-d to 3-D shapes, strided /
// transposed views, an empty x, and the validation paths (161001 / 161002 / 561002 / 561103).
// `910b`: no kernel there (361001).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_data_format_dim_map.h"

static aclrtStream g_stream;

static int Stage1(const aclTensor *x, const char *s, const char *d, const aclTensor *y)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnDataFormatDimMapGetWorkspaceSize(x, s, d, y, &ws, &ex);
    if (rc == 0 && ex) {
        aclSetAclOpExecutorRepeatable(ex);
        aclDestroyAclOpExecutor(ex);
    }
    return rc;
}

static void Case(aclDataType dt, const std::vector<int64_t> &shape, const char *src, const char *dst, Layout xl, Layout yl, uint64_t seed)
{
    int64_t n = (int64_t)strlen(src);
    Lcg rng(seed);
    std::vector<double> x((size_t)GetShapeSize(shape)), g(x.size());
    for (size_t i = 0; i < x.size(); i++) {
        int64_t v = (int64_t)(rng.uniform() * (double)(4 * n)) - 2 * n; // [-2n, 2n)
        x[i] = (double)v;
        int64_t m = ((v % n) + n) % n;
        g[i] = (double)(strchr(dst, src[m]) - dst);
    }
    DevTensor tx, ty;
    if (!tx.Init(dt, shape, x, xl) || !ty.Init(dt, shape, {}, yl)) { EXPECT(false, "tensor creation"); return; }
    int rc = Run("DataFormatDimMap", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnDataFormatDimMapGetWorkspaceSize(tx.t, src, dst, ty.t, w, e); }, aclnnDataFormatDimMap);
    EXPECT(rc == 0 && ty.Read() == g && ty.CountClobbered() == 0, "%s %s -> %s rank %zu x%d y%d: wrong result (rc %d)", DtName(dt),
           src, dst, shape.size(), (int)xl, (int)yl, rc);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "910b") {
        DevTensor x, y;
        if (!x.Init(ACL_INT32, {4}, {0, 1, 2, 3}, CONTIG) || !y.Init(ACL_INT32, {4}, {}, CONTIG)) return 1;
        int rc = Stage1(x.t, "NHWC", "NCHW", y.t);
        EXPECT(rc == 361001, "910B: no kernel (361001), got %d", rc);
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    {
        DevTensor x, y;
        if (!x.Init(ACL_INT32, {4}, {0, 1, 2, 3}, CONTIG) || !y.Init(ACL_INT32, {4}, {}, CONTIG)) return 1;
        int rc = Run("example", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDataFormatDimMapGetWorkspaceSize(x.t, "NHWC", "NCHW", y.t, w, e); }, aclnnDataFormatDimMap);
        EXPECT(rc == 0 && y.Read() == std::vector<double>({0, 2, 3, 1}), "the official example");
    }
    uint64_t seed = 1;
    const char *pairs[][2] = {{"NHWC", "NCHW"}, {"NCHW", "NHWC"}, {"NDHWC", "NCDHW"}, {"ABC", "CAB"}, {"X", "X"}, {"HW", "WH"}};
    for (aclDataType dt : {ACL_INT32, ACL_INT64})
        for (auto &pr : pairs) {
            Case(dt, {}, pr[0], pr[1], CONTIG, CONTIG, seed++);
            Case(dt, {37}, pr[0], pr[1], STRIDED, CONTIG, seed++);
            Case(dt, {3, 5, 4}, pr[0], pr[1], TRANSPOSED, STRIDED, seed++);
        }
    Case(ACL_INT64, {5000}, "NHWC", "NCHW", CONTIG, CONTIG, seed++);
    {
        DevTensor x, y;
        if (!x.Init(ACL_INT32, {0, 3}, {}, CONTIG) || !y.Init(ACL_INT32, {0, 3}, {}, CONTIG)) return 1;
        EXPECT(Stage1(x.t, "NHWC", "NCHW", y.t) == 0, "empty x");
    }
    DevTensor x, y, y64, xf, y5, x9;
    if (!x.Init(ACL_INT32, {4}, {}, CONTIG) || !y.Init(ACL_INT32, {4}, {}, CONTIG) || !y64.Init(ACL_INT64, {4}, {}, CONTIG) ||
        !xf.Init(ACL_FLOAT, {4}, {}, CONTIG) || !y5.Init(ACL_INT32, {5}, {}, CONTIG) ||
        !x9.Init(ACL_INT32, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG)) return 1;
    ExpectError("null x", Stage1(nullptr, "NHWC", "NCHW", y.t), ACLNN_ERR_PARAM_NULLPTR, "x");
    ExpectError("null y", Stage1(x.t, "NHWC", "NCHW", nullptr), ACLNN_ERR_PARAM_NULLPTR, "y");
    ExpectError("null srcFormat", Stage1(x.t, nullptr, "NCHW", y.t), ACLNN_ERR_PARAM_NULLPTR, "srcFormat");
    ExpectError("null dstFormat", Stage1(x.t, "NHWC", nullptr, y.t), ACLNN_ERR_PARAM_NULLPTR, "dstFormat");
    ExpectError("y INT64", Stage1(x.t, "NHWC", "NCHW", y64.t), ACLNN_ERR_PARAM_INVALID, "y");
    {
        DevTensor yf;
        if (!yf.Init(ACL_FLOAT, {4}, {}, CONTIG)) return 1;
        ExpectError("x FLOAT", Stage1(xf.t, "NHWC", "NCHW", yf.t), ACLNN_ERR_PARAM_INVALID, "x");
        int64_t shp[1] = {4}, st[1] = {1}, stor[1] = {4};
        aclTensor *nz = aclCreateTensor(shp, 1, ACL_INT32, st, 0, ACL_FORMAT_FRACTAL_NZ, stor, 1, y.dev);
        ExpectError("y NZ", Stage1(x.t, "NHWC", "NCHW", nz), ACLNN_ERR_PARAM_INVALID, "y");
        aclDestroyTensor(nz);
    }
    ExpectError("rank 9", Stage1(x9.t, "NHWC", "NCHW", x9.t), ACLNN_ERR_PARAM_INVALID, "x");
    ExpectError("empty format", Stage1(x.t, "", "", y.t), ACLNN_ERR_INNER_TILING_ERROR, "formatLen");
    ExpectError("6 letters", Stage1(x.t, "NCDHWX", "NCDHWX", y.t), ACLNN_ERR_INNER_TILING_ERROR, "formatLen");
    ExpectError("length mismatch", Stage1(x.t, "NHWC", "NCH", y.t), ACLNN_ERR_INNER_TILING_ERROR, "mismatch");
    ExpectError("letter missing", Stage1(x.t, "NHWC", "NCHX", y.t), ACLNN_ERR_INNER_TILING_ERROR, "not found");
    int rc = Stage1(x.t, "NHWC", "NCHW", y5.t);
    EXPECT(rc == ACLNN_ERR_INNER_NULLPTR, "y of another shape fails the ViewCopy (561103), got %d", rc);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
