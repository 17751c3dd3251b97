// aclnnGroupedMatmulV3, the float cases: separate tensors (groupType -1), and row groups of one
// x from a cumulative groupList (groupType 0) with one (E, K, N) weight or E weights, y as one
// tensor (splitItem 3) or per group (splitItem 0); bias; FP32 / FP16 / BF16; a transposed weight
// view; against a double reference. A descending group list fails the launch. Validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_grouped_matmul_v3.h"

static std::vector<double> MatMul(const std::vector<double> &x, const std::vector<double> &w, const std::vector<double> *b,
                                  int64_t M, int64_t K, int64_t N)
{
    std::vector<double> y(M * N, 0.0);
    for (int64_t m = 0; m < M; m++) for (int64_t n = 0; n < N; n++) {
        double acc = 0;
        for (int64_t k = 0; k < K; k++) acc += x[m * K + k] * w[k * N + n];
        y[m * N + n] = acc + (b ? (*b)[n] : 0.0);
    }
    return y;
}

static aclTensorList *List(std::vector<DevTensor> &ts)
{
    std::vector<aclTensor *> items;
    for (auto &t : ts) { items.push_back(t.t); t.t = nullptr; }
    return aclCreateTensorList(items.data(), items.size());
}

static void TestSeparated(aclrtStream stream, aclDataType dt)
{
    const int64_t E = 3, K = 12, N = 5, Ms[E] = {4, 1, 7};
    aclDataType bdt = dt == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
    std::vector<DevTensor> xs(E), ws(E), bs(E), ys(E);
    std::vector<std::vector<double>> golden(E);
    for (int64_t g = 0; g < E; g++) {
        std::vector<double> x = QuantAll(dt, RandomValues(Ms[g] * K, 10 + g, 1)), w = QuantAll(dt, RandomValues(K * N, 20 + g, 1)),
                            b = QuantAll(bdt, RandomValues(N, 30 + g, 1));
        golden[g] = MatMul(x, w, &b, Ms[g], K, N);
        if (!xs[g].Init(dt, {Ms[g], K}, x, CONTIG) || !ws[g].Init(dt, {K, N}, w, g == 1 ? TRANSPOSED : CONTIG) ||
            !bs[g].Init(bdt, {N}, b, CONTIG) || !ys[g].Init(dt, {Ms[g], N}, {}, STRIDED)) return;
    }
    std::vector<void *> ydev;
    for (auto &t : ys) ydev.push_back(t.dev);
    aclTensorList *xl = List(xs), *wl = List(ws), *bl = List(bs);
    std::vector<aclTensor *> yitems;
    for (auto &t : ys) yitems.push_back(t.t);
    aclTensorList *yl = aclCreateTensorList(yitems.data(), E);
    int rc = Run("GroupedMatmulV3 separated", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, bl, nullptr, nullptr, nullptr, nullptr, nullptr, 0, -1, yl, w, e); },
        aclnnGroupedMatmulV3);
    EXPECT(rc == 0, "GMM separated %s: run failed", DtName(dt));
    for (int64_t g = 0; rc == 0 && g < E; g++)
        CheckDtype((std::string("GMM separated ") + DtName(dt) + " group " + std::to_string(g)).c_str(), dt, ys[g].Read(), golden[g]);
    for (auto &t : ys) t.t = nullptr;
    aclDestroyTensorList(xl); aclDestroyTensorList(wl); aclDestroyTensorList(bl); aclDestroyTensorList(yl);
}

static void TestSplitM(aclrtStream stream, aclDataType dt, bool single_weight, bool per_group_y)
{
    const int64_t E = 3, K = 9, N = 6, M = 10;
    const int64_t cum[E] = {3, 3, 10}; // an empty middle group
    std::vector<double> x = QuantAll(dt, RandomValues(M * K, 1, 1)), w = QuantAll(dt, RandomValues(E * K * N, 2, 1));
    std::vector<std::vector<double>> golden(E);
    int64_t prev = 0;
    for (int64_t g = 0; g < E; g++) {
        std::vector<double> xg(x.begin() + prev * K, x.begin() + cum[g] * K), wg(w.begin() + g * K * N, w.begin() + (g + 1) * K * N);
        golden[g] = MatMul(xg, wg, nullptr, cum[g] - prev, K, N);
        prev = cum[g];
    }
    DevTensor tx, tw, tgl;
    std::vector<DevTensor> wsep(E), ysep(E);
    if (!tx.Init(dt, {M, K}, x, STRIDED) || !tw.Init(dt, {E, K, N}, w, CONTIG) ||
        !tgl.Init(ACL_INT64, {E}, {3, 3, 10}, CONTIG)) return;
    for (int64_t g = 0; g < E; g++) {
        std::vector<double> wg(w.begin() + g * K * N, w.begin() + (g + 1) * K * N);
        if (!wsep[g].Init(dt, {K, N}, wg, g == 2 ? TRANSPOSED : CONTIG)) return;
        if (!ysep[g].Init(dt, {g == 0 ? 3 : g == 1 ? 0 : 7, N}, {}, CONTIG)) return;
    }
    DevTensor ty;
    if (!ty.Init(dt, {M, N}, {}, CONTIG)) return;
    aclTensor *xt = tx.t;
    aclTensorList *xl = aclCreateTensorList(&xt, 1);
    tx.t = nullptr;
    aclTensorList *wl;
    if (single_weight) { aclTensor *wt = tw.t; wl = aclCreateTensorList(&wt, 1); tw.t = nullptr; }
    else wl = List(wsep);
    aclTensorList *yl;
    std::vector<aclTensor *> yitems;
    if (per_group_y) { for (auto &t : ysep) yitems.push_back(t.t); yl = aclCreateTensorList(yitems.data(), E); }
    else { aclTensor *yt = ty.t; yl = aclCreateTensorList(&yt, 1); }
    int rc = Run("GroupedMatmulV3 splitM", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, tgl.t,
                                                    per_group_y ? 0 : 3, 0, yl, ws, e); }, aclnnGroupedMatmulV3);
    std::string what = std::string("GMM splitM ") + DtName(dt) + (single_weight ? " EKN" : " wlist") + (per_group_y ? " ylist" : " y");
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc == 0) {
        if (per_group_y) {
            CheckDtype((what + " g0").c_str(), dt, ysep[0].Read(), golden[0]);
            CheckDtype((what + " g2").c_str(), dt, ysep[2].Read(), golden[2]);
        } else {
            std::vector<double> all(golden[0]);
            all.insert(all.end(), golden[2].begin(), golden[2].end());
            CheckDtype(what.c_str(), dt, ty.Read(), all);
        }
    }
    if (per_group_y) for (auto &t : ysep) t.t = nullptr; else ty.t = nullptr;
    aclDestroyTensorList(xl); aclDestroyTensorList(wl); aclDestroyTensorList(yl);
}

static void TestBadGroupListAndValidation(aclrtStream stream)
{
    DevTensor x, w, y, gl, gl2, wq;
    if (!x.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !w.Init(ACL_FLOAT, {2, 3, 5}, {}, CONTIG) || !y.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) ||
        !gl.Init(ACL_INT64, {2}, {3, 1}, CONTIG) || !gl2.Init(ACL_INT64, {2, 1}, {}, CONTIG) || !wq.Init(ACL_FLOAT16, {2, 3, 5}, {}, CONTIG)) return;
    aclTensor *xt = x.t, *wt = w.t, *yt = y.t, *wqt = wq.t;
    aclTensorList *xl = aclCreateTensorList(&xt, 1), *wl = aclCreateTensorList(&wt, 1), *yl = aclCreateTensorList(&yt, 1),
                  *wql = aclCreateTensorList(&wqt, 1), *empty = aclCreateTensorList(&xt, 0);
    x.t = w.t = y.t = wq.t = nullptr;
    uint64_t ws;
    aclOpExecutor *ex;
    int rc = aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 0, yl, &ws, &ex);
    EXPECT(rc == 0, "descending group list: stage 1 should pass (%d)", rc);
    if (rc == 0) {
        int r2 = aclnnGroupedMatmulV3(nullptr, 0, ex, stream), r3 = aclrtSynchronizeStream(stream);
        EXPECT(r2 != 0 || r3 != 0, "descending group list: the launch did not fail");
    }
    ExpectError("null x", aclnnGroupedMatmulV3GetWorkspaceSize(nullptr, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 0, yl, &ws, &ex), 161001, "x must not be nullptr");
    ExpectError("empty x", aclnnGroupedMatmulV3GetWorkspaceSize(empty, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 0, yl, &ws, &ex), 161002, "empty tensorlist");
    ExpectError("null y", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 0, nullptr, &ws, &ex), 161001, "y must not be nullptr");
    ExpectError("groupType 1", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 1, yl, &ws, &ex), 161002, "split n");
    ExpectError("splitItem 3 with -1", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, -1, yl, &ws, &ex), 161002, "can not be -1");
    ExpectError("2-d groupList", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl2.t, 3, 0, yl, &ws, &ex), 161002, "groupList dim");
    ExpectError("split K", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 2, yl, &ws, &ex), 161002, "not implemented");
    ExpectError("fp16 weight, fp32 x", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wql, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 3, 0, yl, &ws, &ex), 161002, "weight[0] dtype");
    ExpectError("no groupList", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 3, 0, yl, &ws, &ex), 161001, "groupListOptional");
    ExpectError("splitItem 0 with one y", aclnnGroupedMatmulV3GetWorkspaceSize(xl, wl, nullptr, nullptr, nullptr, nullptr, nullptr, gl.t, 0, 0, yl, &ws, &ex), 161002, "splitItem should be 2/3");
    aclDestroyTensorList(xl); aclDestroyTensorList(wl); aclDestroyTensorList(yl); aclDestroyTensorList(wql);
    aclDestroyTensorList(empty);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        TestSeparated(rt.stream, dt);
        TestSplitM(rt.stream, dt, true, false);
        TestSplitM(rt.stream, dt, false, true);
        TestSplitM(rt.stream, dt, false, false);
    }
    TestBadGroupListAndValidation(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
