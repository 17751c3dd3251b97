// aclnnAffineGrid against a double-precision reference written here: 2-D and 3-D grids, both
// alignCorners modes, extents of 1, FLOAT / FLOAT16 / BF16, strided / transposed theta and out
// views, an empty grid; every validation path with its code and message; the chips (A2 / A3 /
// 910 run it, the 910 without BF16; 310P and 950 refuse it).
#include <string>

#include "aclnnop/aclnn_affine_grid.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

static std::string Soc()
{
    const char *s = aclrtGetSocName();
    return s ? s : "";
}

// The base-grid coordinate of index i of n points: the centre of pixel i in [-1, 1] (corners
// aligned: the pixel itself).
static double Coord(int64_t i, int64_t n, bool align)
{
    if (n == 1) return 0.0;
    return align ? (double)(2 * i - (n - 1)) / (double)(n - 1) : (double)(2 * i + 1) / (double)n - 1.0;
}

static void RunGrid(aclDataType dt, const std::vector<int64_t> &size, bool align, Layout tl, Layout ol, uint64_t &seed)
{
    bool three = size.size() == 5;
    int K = three ? 3 : 2;
    int64_t N = size[0], D = three ? size[2] : 1, H = size[size.size() - 2], W = size[size.size() - 1];
    std::vector<int64_t> ts = {N, K, K + 1};
    std::vector<double> th = QuantAll(dt, RandomValues((size_t)(N * K * (K + 1)), seed++, 0.5));
    std::vector<int64_t> os = three ? std::vector<int64_t>{N, D, H, W, 3} : std::vector<int64_t>{N, H, W, 2};
    std::vector<double> g;
    for (int64_t n = 0; n < N; n++)
        for (int64_t d = 0; d < D; d++)
            for (int64_t h = 0; h < H; h++)
                for (int64_t w = 0; w < W; w++) {
                    double p[4] = {Coord(w, W, align), Coord(h, H, align), three ? Coord(d, D, align) : 1.0, 1.0};
                    for (int k = 0; k < K; k++) {
                        double acc = 0;
                        for (int j = 0; j <= K; j++) acc += th[(size_t)((n * K + k) * (K + 1) + j)] * p[j];
                        g.push_back(Quant(dt, acc));
                    }
                }
    DevTensor t, o;
    if (!t.Init(dt, ts, th, tl) || !o.Init(dt, os, {}, ol)) { EXPECT(false, "tensor creation failed"); return; }
    aclIntArray *sz = aclCreateIntArray(size.data(), size.size());
    std::string what = std::string("AffineGrid ") + DtName(dt) + (three ? " 3d " : " 2d ") + std::to_string(N) + "x" +
                       std::to_string(D) + "x" + std::to_string(H) + "x" + std::to_string(W) + (align ? " align" : "") +
                       " layouts " + std::to_string(tl) + std::to_string(ol);
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnAffineGridGetWorkspaceSize(t.t, sz, align, o.t, ws, ex); }, aclnnAffineGrid);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        // one rounding of the exact value; FLOAT: the float kernel's few ulps
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        EXPECT(CountBad(what.c_str(), o.Read(), g, tol) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
    aclDestroyIntArray(sz);
}

static void TestValues(bool bf16)
{
    uint64_t seed = 11;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (bf16) dts.push_back(ACL_BF16);
    std::vector<std::vector<int64_t>> sizes = {{1, 1, 2, 3}, {3, 2, 5, 7}, {2, 1, 1, 1}, {1, 4, 1, 9}, {2, 3, 33, 1},
                                              {1, 1, 40, 300}, {2, 1, 2, 3, 4}, {1, 2, 1, 1, 1}, {1, 1, 5, 1, 6},
                                              {3, 1, 4, 9, 17}};
    for (aclDataType dt : dts)
        for (auto &s : sizes)
            for (bool align : {false, true})
                RunGrid(dt, s, align, align ? TRANSPOSED : CONTIG, align ? CONTIG : STRIDED, seed);
    RunGrid(ACL_FLOAT, {2, 1, 3, 4}, false, STRIDED, TRANSPOSED, seed);
    RunGrid(ACL_FLOAT, {2, 1, 2, 3, 4}, true, STRIDED, STRIDED, seed);

    // an empty grid (H = 0): nothing to do, nothing written
    DevTensor t, o;
    t.Init(ACL_FLOAT, {2, 2, 3}, RandomValues(12, 3), CONTIG);
    o.Init(ACL_FLOAT, {2, 0, 4, 2}, {}, CONTIG);
    std::vector<int64_t> s = {2, 1, 0, 4};
    aclIntArray *sz = aclCreateIntArray(s.data(), s.size());
    int rc = Run("AffineGrid empty", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnAffineGridGetWorkspaceSize(t.t, sz, false, o.t, ws, ex); }, aclnnAffineGrid);
    EXPECT(rc == 0, "empty grid: %d", rc);
    aclDestroyIntArray(sz);
}

static void TestValidation(bool runs, bool bf16)
{
    DevTensor t23, t34, t_empty, ti, o, o3, oh, obad;
    t23.Init(ACL_FLOAT, {2, 2, 3}, {}, CONTIG);
    t34.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG);
    t_empty.Init(ACL_FLOAT, {0, 2, 3}, {}, CONTIG);
    ti.Init(ACL_INT32, {2, 2, 3}, {}, CONTIG);
    o.Init(ACL_FLOAT, {2, 4, 5, 2}, {}, CONTIG);
    o3.Init(ACL_FLOAT, {2, 3, 4, 5, 3}, {}, CONTIG);
    oh.Init(ACL_FLOAT16, {2, 4, 5, 2}, {}, CONTIG);
    obad.Init(ACL_FLOAT, {2, 4, 5, 3}, {}, CONTIG);
    std::vector<int64_t> s4 = {2, 1, 4, 5}, s5 = {2, 1, 3, 4, 5}, s3 = {2, 4, 5}, s4n = {3, 1, 4, 5};
    aclIntArray *a4 = aclCreateIntArray(s4.data(), 4), *a5 = aclCreateIntArray(s5.data(), 5),
                *a3 = aclCreateIntArray(s3.data(), 3), *a4n = aclCreateIntArray(s4n.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null theta", aclnnAffineGridGetWorkspaceSize(nullptr, a4, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "theta");
    ExpectError("null size", aclnnAffineGridGetWorkspaceSize(t23.t, nullptr, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "size");
    ExpectError("null out", aclnnAffineGridGetWorkspaceSize(t23.t, a4, false, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    if (!runs) {
        int rc = aclnnAffineGridGetWorkspaceSize(t23.t, a4, false, o.t, &ws, &ex);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "AffineGrid on %s: %d", Soc().c_str(), rc);
        EXPECT(m && std::string(m).find("not implemented") != std::string::npos, "message: %s", m ? m : "");
    } else {
        ExpectError("int32 theta", aclnnAffineGridGetWorkspaceSize(ti.t, a4, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "theta");
        ExpectError("out dtype", aclnnAffineGridGetWorkspaceSize(t23.t, a4, false, oh.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
        ExpectError("empty theta", aclnnAffineGridGetWorkspaceSize(t_empty.t, a4, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "not null tensor");
        ExpectError("size of 3", aclnnAffineGridGetWorkspaceSize(t23.t, a3, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "4d or 5d");
        ExpectError("3-D theta, 4 sizes", aclnnAffineGridGetWorkspaceSize(t34.t, a4, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Nx2x3", "[2, 3, 4]");
        ExpectError("2-D theta, 5 sizes", aclnnAffineGridGetWorkspaceSize(t23.t, a5, false, o3.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Nx3x4");
        ExpectError("N differs", aclnnAffineGridGetWorkspaceSize(t23.t, a4n, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "[3, 1, 4, 5]");
        ExpectError("out shape", aclnnAffineGridGetWorkspaceSize(t23.t, a4, false, obad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
        ExpectError("3-D out shape", aclnnAffineGridGetWorkspaceSize(t34.t, a5, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
        DevTensor tb, ob;
        tb.Init(ACL_BF16, {2, 2, 3}, {}, CONTIG);
        ob.Init(ACL_BF16, {2, 4, 5, 2}, {}, CONTIG);
        int rc = aclnnAffineGridGetWorkspaceSize(tb.t, a4, false, ob.t, &ws, &ex);
        if (bf16) {
            EXPECT(rc == 0, "BF16 refused on %s", Soc().c_str());
            if (!rc) aclDestroyAclOpExecutor(ex);
        } else {
            ExpectError("BF16 on the 910", rc, ACLNN_ERR_PARAM_INVALID, "theta");
        }
    }
    for (aclIntArray *a : {a4, a5, a3, a4n}) aclDestroyIntArray(a);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = Soc();
    bool is910a = soc.find("910") != std::string::npos && soc.find("910B") == std::string::npos &&
                  soc.find("910_93") == std::string::npos; // Ascend910A / 910ProA ...
    bool runs = soc.find("310") == std::string::npos && soc.find("950") == std::string::npos;
    bool bf16 = runs && !is910a;
    if (runs) TestValues(bf16);
    TestValidation(runs, bf16);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
