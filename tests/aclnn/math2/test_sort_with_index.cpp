// aclnnSortWithIndex (experimental/math/sort_with_index) against std::stable_sort written here:
// last-axis sort, NaN first in both orders, -0 == +0, INT32 compared as its FLOAT conversion,
// index permuted like x. Validation codes / messages, the UB-bound axis limit (561002) and the
// chip rule (the kernel exists for the A2 only: 361001 elsewhere).
#include <algorithm>
#include <numeric>

#include "aclnnop/aclnn_sort_with_index.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

static double KeyOf(aclDataType dt, double v) { return dt == ACL_INT32 ? (double)(float)v : v; }

static void TestValues()
{
    const std::vector<std::vector<int64_t>> shapes = {{}, {1}, {5}, {33}, {3, 17}, {2, 3, 64}, {4, 1000}, {2, 1, 2, 1, 2, 1, 2, 9}, {0, 4}};
    uint64_t seed = 5;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32})
        for (size_t si = 0; si < shapes.size(); si++)
            for (int desc = 0; desc < 2; desc++)
                for (Layout lay : {CONTIG, TRANSPOSED}) {
                    const std::vector<int64_t> &s = shapes[si];
                    size_t n = (size_t)GetShapeSize(s);
                    int64_t len = s.empty() ? 1 : s.back();
                    std::vector<double> x = RandomValues(n, seed++, 3.0), idx(n);
                    for (size_t i = 0; i < n; i++) {
                        x[i] = dt == ACL_INT32 ? std::trunc(x[i] * 7) : Quant(dt, std::round(x[i] * 4) / 4); // many ties
                        idx[i] = (double)((i * 7919) % 100003) - 500;
                    }
                    if (dt == ACL_INT32 && n > 4) { x[0] = 16777217; x[1] = 16777216; x[2] = -2147483647; x[3] = 2147483647; }
                    if (dt != ACL_INT32 && n > 6) { x[0] = NAN; x[1] = INFINITY; x[2] = -INFINITY; x[3] = -0.0; x[4] = 0.0; x[5] = NAN; }
                    std::vector<double> gy(n), gi(n);
                    for (size_t r = 0; r * (size_t)len < n; r++) {
                        std::vector<size_t> p((size_t)len);
                        std::iota(p.begin(), p.end(), r * (size_t)len);
                        std::stable_sort(p.begin(), p.end(), [&](size_t a, size_t b) {
                            double ka = KeyOf(dt, x[a]), kb = KeyOf(dt, x[b]);
                            if (std::isnan(ka) || std::isnan(kb)) return std::isnan(ka) && !std::isnan(kb);
                            return desc ? ka > kb : ka < kb;
                        });
                        for (size_t k = 0; k < (size_t)len; k++) { gy[r * len + k] = x[p[k]]; gi[r * len + k] = idx[p[k]]; }
                    }
                    DevTensor tx, ti, ty, to;
                    if (!tx.Init(dt, s, x, lay) || !ti.Init(ACL_INT32, s, idx, CONTIG) || !ty.Init(dt, s, {}, lay == CONTIG ? STRIDED : CONTIG) ||
                        !to.Init(ACL_INT32, s, {}, STRIDED))
                        return;
                    std::string what = std::string("SortWithIndex ") + DtName(dt) + " shape " + std::to_string(si) + (desc ? " desc" : " asc") +
                                       " layout " + std::to_string(lay);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
                        return aclnnSortWithIndexGetWorkspaceSize(tx.t, ti.t, -1, desc, desc == 0, ty.t, to.t, w, ex);
                    }, aclnnSortWithIndex);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    std::vector<double> y = ty.Read();
                    EXPECT(CountBad((what + " values").c_str(), y, gy, 0) == 0, "%s: wrong values", what.c_str());
                    EXPECT(CountBad((what + " indices").c_str(), to.Read(), gi, 0) == 0, "%s: wrong indices", what.c_str());
                    for (size_t i = 0; i < n && i < y.size(); i++) // -0 and +0 keep their own signs (they tie)
                        if (dt != ACL_INT32 && gy[i] == 0 && !std::isnan(y[i]))
                            EXPECT(std::signbit(y[i]) == std::signbit(gy[i]), "%s: sign of zero at %zu", what.c_str(), i);
                    EXPECT(ty.CountClobbered() == 0 && to.CountClobbered() == 0, "%s: wrote outside the views", what.c_str());
                }
    // axis given as rank - 1
    DevTensor tx, ti, ty, to;
    if (!tx.Init(ACL_FLOAT, {2, 3}, {3, 1, 2, 0, 5, 4}, CONTIG) || !ti.Init(ACL_INT32, {2, 3}, {10, 11, 12, 13, 14, 15}, CONTIG) ||
        !ty.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !to.Init(ACL_INT32, {2, 3}, {}, CONTIG))
        return;
    int rc = Run("SortWithIndex axis 1", g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnSortWithIndexGetWorkspaceSize(tx.t, ti.t, 1, false, false, ty.t, to.t, w, ex);
    }, aclnnSortWithIndex);
    EXPECT(rc == 0 && CountBad("axis 1 y", ty.Read(), {1, 2, 3, 0, 4, 5}, 0) == 0 &&
           CountBad("axis 1 idx", to.Read(), {11, 12, 10, 13, 15, 14}, 0) == 0, "SortWithIndex axis 1: wrong result");
}

// The axis limit of one core's UB (192 KiB on the 910B1): 85% over the per-element bytes of the
// tile's buffers, whole 32-element blocks.
static void TestLimit()
{
    struct L { aclDataType dt; int64_t per; };
    for (L l : {L{ACL_FLOAT16, 48}, L{ACL_FLOAT, 52}, L{ACL_BF16, 56}, L{ACL_INT32, 60}}) {
        int64_t cap = (196608 * 17 / 20) / l.per / 32 * 32;
        for (int64_t n : {cap, cap + 1}) {
            DevTensor tx, ti, ty, to;
            if (!tx.Init(l.dt, {n}, {}, CONTIG, 0) || !ti.Init(ACL_INT32, {n}, {}, CONTIG, 0) || !ty.Init(l.dt, {n}, {}, CONTIG) ||
                !to.Init(ACL_INT32, {n}, {}, CONTIG))
                return;
            uint64_t ws;
            aclOpExecutor *ex;
            int rc = aclnnSortWithIndexGetWorkspaceSize(tx.t, ti.t, -1, false, true, ty.t, to.t, &ws, &ex);
            if (n == cap) {
                EXPECT(rc == 0, "SortWithIndex %s N=%lld: returned %d", DtName(l.dt), (long long)n, rc);
                if (rc == 0) aclDestroyAclOpExecutor(ex);
            } else {
                EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "SortWithIndex %s N=%lld: returned %d, expected 561002", DtName(l.dt), (long long)n, rc);
            }
        }
    }
}

static void TestErrors(bool onA2)
{
    DevTensor f, h, i32, i64, d, f35, f2, e, ie, big, ibig;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !i64.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !d.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !f35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !f2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !e.Init(ACL_FLOAT, {2, 0}, {}, CONTIG) || !ie.Init(ACL_INT32, {2, 0}, {}, CONTIG) ||
        !big.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 2, 3}, {}, CONTIG) || !ibig.Init(ACL_INT32, {1, 1, 1, 1, 1, 1, 1, 2, 3}, {}, CONTIG))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto call = [&](const aclTensor *x, const aclTensor *ix, int64_t axis, aclTensor *y, aclTensor *o) {
        return aclnnSortWithIndexGetWorkspaceSize(x, ix, axis, false, false, y, o, &ws, &ex);
    };
    ExpectError("null x", call(nullptr, i32.t, -1, f.t, i32.t), ACLNN_ERR_PARAM_NULLPTR, "x");
    ExpectError("null valuesOut", call(f.t, i32.t, -1, nullptr, i32.t), ACLNN_ERR_PARAM_NULLPTR, "y");
    ExpectError("null indicesOut", call(f.t, i32.t, -1, f.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "sortedIndex");
    ExpectError("double x", call(d.t, i32.t, -1, d.t, i32.t), ACLNN_ERR_PARAM_INVALID, "DT_DOUBLE");
    ExpectError("y dtype", call(f.t, i32.t, -1, h.t, i32.t), ACLNN_ERR_PARAM_INVALID, "y");
    ExpectError("int64 index", call(f.t, i64.t, -1, f.t, i64.t), ACLNN_ERR_PARAM_INVALID, "DT_INT64");
    ExpectError("sortedIndex dtype", call(f.t, i32.t, -1, f.t, i64.t), ACLNN_ERR_PARAM_INVALID, "sortedIndex");
    ExpectError("rank 9", call(big.t, ibig.t, -1, big.t, ibig.t), ACLNN_ERR_PARAM_INVALID);
    ExpectError("x / index shapes", call(f35.t, i32.t, -1, f35.t, i32.t), ACLNN_ERR_PARAM_INVALID, "x shape [3, 5] and index shape [2, 3]");
    ExpectError("y shape", call(f.t, i32.t, -1, f2.t, i32.t), ACLNN_ERR_PARAM_INVALID, "y shape [3, 2] must equal x shape [2, 3]");
    ExpectError("axis out of range", call(f.t, i32.t, 2, f.t, i32.t), ACLNN_ERR_PARAM_INVALID, "out of range [-2, 2)");
    ExpectError("axis 0", call(f.t, i32.t, 0, f.t, i32.t), ACLNN_ERR_PARAM_INVALID, "only last-axis sort");
    ExpectError("axis -2", call(f.t, i32.t, -2, f.t, i32.t), ACLNN_ERR_PARAM_INVALID, "only last-axis sort");
    ws = 9;
    int rc = call(e.t, ie.t, -1, e.t, ie.t);
    EXPECT(rc == 0 && ws == 0, "SortWithIndex empty: returned %d, workspace %llu", rc, (unsigned long long)ws);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    if (!onA2) {
        rc = call(f.t, i32.t, -1, f.t, i32.t);
        EXPECT(rc == 361001, "SortWithIndex off the A2: returned %d, expected 361001", rc);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName() ? aclrtGetSocName() : "";
    bool a2 = soc.find("910B") != std::string::npos;
    if (a2) {
        TestValues();
        TestLimit();
    }
    TestErrors(a2);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
