// aclnnTriangularSolve against a reference solved here in long double from the same rounded
// operands (and checked by substituting the solution back): lower / upper, transposed, unit
// diagonal, batch broadcasting of A and b, strided views, mOut (the broadcast clone of A), and
// the validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_triangular_solve.h"

static aclrtStream g_stream;

// Solves op(A) x = b for one batch (row-major m x m and m x n) in long double.
static std::vector<double> Solve(const std::vector<double> &A, const std::vector<double> &b, int64_t m, int64_t n,
                                 bool upper, bool trans, bool unit)
{
    std::vector<double> x((size_t)(m * n));
    auto at = [&](int64_t i, int64_t k) { return trans ? A[(size_t)(k * m + i)] : A[(size_t)(i * m + k)]; };
    bool lower = upper == trans;
    for (int64_t c = 0; c < n; c++)
        for (int64_t s = 0; s < m; s++) {
            int64_t i = lower ? s : m - 1 - s;
            long double v = b[(size_t)(i * n + c)];
            for (int64_t k = lower ? 0 : i + 1; lower ? k < i : k < m; k++) v -= (long double)at(i, k) * x[(size_t)(k * n + c)];
            x[(size_t)(i * n + c)] = (double)(unit ? v : v / at(i, i));
        }
    return x;
}

static void Case(aclDataType dt, const std::vector<int64_t> &as, const std::vector<int64_t> &bs, bool upper, bool trans,
                 bool unit, Layout lay, bool with_m, uint64_t seed)
{
    int64_t m = as.back(), n = bs.back();
    size_t na = as.size() - 2, nb = bs.size() - 2, nbt = std::max(na, nb);
    std::vector<int64_t> bshape(nbt);
    for (size_t i = 0; i < nbt; i++) {
        int64_t x = i + na >= nbt ? as[i + na - nbt] : 1, y = i + nb >= nbt ? bs[i + nb - nbt] : 1;
        bshape[i] = x == 1 ? y : x;
    }
    // well-conditioned triangular A: dominant diagonal
    std::vector<double> A = QuantAll(dt, RandomValues((size_t)GetShapeSize(as), seed, 0.5)), b = QuantAll(dt, RandomValues((size_t)GetShapeSize(bs), seed + 1, 2));
    for (size_t q = 0; q < A.size(); q++) {
        int64_t i = (int64_t)(q / (size_t)m) % m, k = (int64_t)(q % (size_t)m);
        if (i == k) A[q] = Quant(dt, 2.0 + std::fabs(A[q]));
    }
    std::vector<int64_t> xs = bshape, ms = bshape;
    xs.push_back(m); xs.push_back(n);
    ms.push_back(m); ms.push_back(m);
    int64_t batches = GetShapeSize(bshape);
    std::vector<double> gx((size_t)(batches * m * n)), gm((size_t)(batches * m * m));
    for (int64_t bt = 0; bt < batches; bt++) {
        int64_t rem = bt, ao = 0, bo = 0, amul = 1, bmul = 1;
        for (int64_t d = (int64_t)nbt - 1; d >= 0; d--) {
            int64_t q = rem % bshape[(size_t)d];
            rem /= bshape[(size_t)d];
            int64_t ia = d - (int64_t)(nbt - na), ib = d - (int64_t)(nbt - nb);
            if (ia >= 0) { ao += (as[(size_t)ia] == 1 ? 0 : q) * amul; amul *= as[(size_t)ia]; }
            if (ib >= 0) { bo += (bs[(size_t)ib] == 1 ? 0 : q) * bmul; bmul *= bs[(size_t)ib]; }
        }
        std::vector<double> Ab(A.begin() + ao * m * m, A.begin() + (ao + 1) * m * m), bb(b.begin() + bo * m * n, b.begin() + (bo + 1) * m * n);
        std::vector<double> x = Solve(Ab, bb, m, n, upper, trans, unit);
        std::copy(x.begin(), x.end(), gx.begin() + bt * m * n);
        std::copy(Ab.begin(), Ab.end(), gm.begin() + bt * m * m);
    }
    DevTensor ta, tb, tx, tm;
    if (!ta.Init(dt, as, A, lay) || !tb.Init(dt, bs, b, lay == TRANSPOSED ? STRIDED : CONTIG) || !tx.Init(dt, xs, {}, STRIDED) ||
        !tm.Init(dt, ms, {}, CONTIG)) return;
    int rc = Run("TriangularSolve", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnTriangularSolveGetWorkspaceSize(tb.t, ta.t, upper, trans, unit, tx.t, with_m ? tm.t : nullptr, w, e); }, aclnnTriangularSolve);
    std::string what = std::string("TriangularSolve ") + DtName(dt) + (upper ? " upper" : " lower") + (trans ? " T" : "") +
                       (unit ? " unit" : "") + " m " + std::to_string(m) + " n " + std::to_string(n) + " batch " + std::to_string(batches);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    CheckDtype(what.c_str(), dt, tx.Read(), gx);
    if (with_m) {
        std::vector<double> am = tm.Read();
        size_t bad = 0;
        for (size_t i = 0; i < gm.size(); i++) bad += am[i] != gm[i];
        EXPECT(bad == 0, "%s: mOut %zu of %zu wrong", what.c_str(), bad, gm.size());
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    uint64_t seed = 1;
    for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE})
        for (int upper = 0; upper < 2; upper++)
            for (int trans = 0; trans < 2; trans++) {
                Case(dt, {5, 5}, {5, 3}, upper, trans, false, CONTIG, true, seed += 2);
                Case(dt, {2, 1, 6, 6}, {3, 6, 4}, upper, trans, false, TRANSPOSED, true, seed += 2);
                Case(dt, {40, 40}, {2, 40, 7}, upper, trans, false, STRIDED, false, seed += 2);
                if (dt == ACL_FLOAT) Case(dt, {7, 7}, {7, 2}, upper, trans, true, CONTIG, true, seed += 2);
            }
    DevTensor a, b, x, a2, b16;
    if (!a.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !b.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !x.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) ||
        !a2.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !b16.Init(ACL_FLOAT16, {3, 2}, {}, CONTIG)) return 1;
    DevTensor ad, bd, xd;
    if (!ad.Init(ACL_DOUBLE, {3, 3}, {}, CONTIG) || !bd.Init(ACL_DOUBLE, {3, 2}, {}, CONTIG) || !xd.Init(ACL_DOUBLE, {3, 2}, {}, CONTIG)) return 1;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("TriangularSolve null A", aclnnTriangularSolveGetWorkspaceSize(b.t, nullptr, false, false, false, x.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "A");
    ExpectError("TriangularSolve FP16", aclnnTriangularSolveGetWorkspaceSize(b16.t, a.t, false, false, false, x.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT16");
    ExpectError("TriangularSolve non-square", aclnnTriangularSolveGetWorkspaceSize(b.t, a2.t, false, false, false, x.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "square");
    ExpectError("TriangularSolve unit DOUBLE", aclnnTriangularSolveGetWorkspaceSize(bd.t, ad.t, false, false, true, xd.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "unitriangular");
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
