// Sort, Argsort and Topk against std::stable_sort in the program (NaN the largest, as torch
// orders them; equal values keep their index order, also descending), every dim of 1-D to 3-D
// shapes, strided / transposed views, long lines (radix passes), integer and 16-bit dtypes, and
// the validation paths. Under an Ascend910 profile, FP32 is sorted as FP16 (the real op casts).
#include <algorithm>
#include <numeric>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_argsort.h"
#include "aclnnop/aclnn_sort.h"
#include "aclnnop/aclnn_topk.h"

static aclrtStream g_stream;
static bool g_910a = false;

// Sorted order of one line: indices, stable, NaN largest.
static std::vector<int64_t> Order(const std::vector<double> &v, bool desc)
{
    std::vector<int64_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    auto less = [&](int64_t a, int64_t b) {
        double x = v[(size_t)a], y = v[(size_t)b];
        bool xn = std::isnan(x), yn = std::isnan(y);
        if (desc) return xn ? !yn : (yn ? false : x > y);
        return yn ? !xn : (xn ? false : x < y);
    };
    std::stable_sort(idx.begin(), idx.end(), less);
    return idx;
}

// Reference over lines along dim d of row-major x: values and indices of the first k.
static void Ref(const std::vector<double> &x, const std::vector<int64_t> &shape, int64_t d, int64_t k, bool desc,
                std::vector<double> &vals, std::vector<double> &idxs)
{
    int64_t len = shape.empty() ? 1 : shape[(size_t)d], inner = 1, outer = 1;
    for (size_t i = 0; i < shape.size(); i++) {
        if ((int64_t)i < d) outer *= shape[i];
        if ((int64_t)i > d) inner *= shape[i];
    }
    vals.assign((size_t)(outer * k * inner), 0);
    idxs.assign(vals.size(), 0);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            std::vector<double> line((size_t)len);
            for (int64_t p = 0; p < len; p++) line[(size_t)p] = x[(size_t)((o * len + p) * inner + in)];
            std::vector<int64_t> ord = Order(line, desc);
            for (int64_t p = 0; p < k; p++) {
                vals[(size_t)((o * k + p) * inner + in)] = line[(size_t)ord[(size_t)p]];
                idxs[(size_t)((o * k + p) * inner + in)] = (double)ord[(size_t)p];
            }
        }
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, dt == ACL_INT8 || dt == ACL_UINT8 ? 60 : 8);
    if (dt == ACL_UINT8) for (double &x : v) x = std::fabs(x);
    if (dt == ACL_BOOL) for (double &x : v) x = x > 0;
    for (size_t i = 0; i + 7 < n; i += 7) v[i + 3] = v[i]; // ties
    std::vector<double> q = QuantAll(dt, v);
    if ((dt == ACL_FLOAT || dt == ACL_DOUBLE) && n > 10) { q[2] = NAN; q[9] = -INFINITY; q[5] = INFINITY; q[n - 1] = -0.0; }
    return q;
}

static bool Same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

static void Case(aclDataType dt, const std::vector<int64_t> &shape, int64_t dim, bool desc, Layout lay, int64_t k, uint64_t seed,
                 const std::vector<double> *given = nullptr)
{
    std::vector<double> x = given ? *given : Values(dt, (size_t)GetShapeSize(shape), seed);
    x.resize((size_t)GetShapeSize(shape)); // a given line set longer than the shape: its first elements
    std::vector<double> keys = x;
    if (g_910a && dt == ACL_FLOAT) keys = QuantAll(ACL_FLOAT16, x); // sorted (and returned) as FP16
    int64_t nd = (int64_t)shape.size(), d = nd ? (dim < 0 ? dim + nd : dim) : 0;
    int64_t len = nd ? shape[(size_t)d] : 1;
    bool topk = k >= 0;
    if (!topk) k = len;
    std::vector<int64_t> os = shape;
    if (nd) os[(size_t)d] = k;
    std::vector<double> gv, gi;
    Ref(keys, shape, d, k, desc, gv, gi);
    DevTensor ts, tv, ti, ta;
    if (!ts.Init(dt, shape, x, lay) || !tv.Init(dt, os, {}, STRIDED) || !ti.Init(ACL_INT64, os, {}, lay) ||
        !ta.Init(ACL_INT64, shape, {}, CONTIG)) return;
    std::string what = std::string(topk ? "Topk " : "Sort ") + DtName(dt) + " rank " + std::to_string(nd) + " dim " +
                       std::to_string(dim) + (desc ? " desc" : " asc") + " layout " + std::to_string(lay) +
                       (topk ? " k " + std::to_string(k) : "");
    int rc = topk ? Run("Topk", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTopkGetWorkspaceSize(ts.t, k, dim, desc, true, tv.t, ti.t, w, e); }, aclnnTopk)
                  : Run("Sort", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSortGetWorkspaceSize(ts.t, true, dim, desc, tv.t, ti.t, w, e); }, aclnnSort);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<double> av = tv.Read(), ai = ti.Read();
    size_t bad = 0;
    for (size_t i = 0; i < gv.size(); i++) bad += !Same(av[i], gv[i]) || ai[i] != gi[i];
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, gv.size());
    EXPECT(tv.CountClobbered() == 0, "%s: values written outside the view", what.c_str());
    if (topk || dt == ACL_BOOL || dt == ACL_DOUBLE) return;
    rc = Run("Argsort", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnArgsortGetWorkspaceSize(ts.t, dim, desc, ta.t, w, e); }, aclnnArgsort);
    EXPECT(rc == 0, "Arg%s: run failed", what.c_str());
    if (rc) return;
    std::vector<double> aa = ta.Read();
    bad = 0;
    for (size_t i = 0; i < gi.size(); i++) bad += aa[i] != gi[i];
    EXPECT(bad == 0, "Arg%s: %zu of %zu wrong", what.c_str(), bad, gi.size());
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    g_910a = soc.find("Ascend910") == 0 && soc.find("Ascend910B") != 0 && soc.find("Ascend910_") != 0;
    uint64_t seed = 1;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8, ACL_UINT8, ACL_INT64, ACL_DOUBLE, ACL_BOOL};
    if (!g_910a) dts.push_back(ACL_BF16);
    std::vector<std::vector<int64_t>> shapes = {{17}, {5, 8}, {3, 4, 6}, {}, {2, 300}};
    for (aclDataType dt : dts)
        for (auto &shape : shapes)
            for (int64_t dim = -(int64_t)std::max<size_t>(shape.size(), 1); dim < (int64_t)std::max<size_t>(shape.size(), 1); dim++)
                for (int desc = 0; desc < 2; desc++)
                    Case(dt, shape, dim, desc, (seed % 3) == 0 ? TRANSPOSED : (seed % 3) == 1 ? STRIDED : CONTIG, -1, seed), seed++;
    // long lines: several radix passes, and Topk
    Case(ACL_FLOAT, {3, 20000}, 1, false, CONTIG, -1, 900);
    Case(ACL_INT64, {20000, 2}, 0, true, CONTIG, -1, 901);
    Case(ACL_FLOAT, {4, 5000}, -1, true, CONTIG, 7, 902);
    Case(ACL_FLOAT16, {6, 40}, 0, false, TRANSPOSED, 3, 903);
    Case(ACL_INT32, {9, 11}, 1, true, STRIDED, 0, 904);
    Case(ACL_DOUBLE, {3, 11}, 1, false, CONTIG, 11, 905);
    // Topk of a few: candidates from the top-bits histogram (8-, 16- and 32-bit keys, ties)
    Case(ACL_INT8, {5, 400}, 1, false, CONTIG, 20, 906);
    Case(ACL_INT32, {8, 1000}, 1, true, STRIDED, 50, 907);
    Case(ACL_UINT8, {300, 3}, 0, true, TRANSPOSED, 9, 908);
    Case(ACL_FLOAT, {2, 4096}, 1, true, CONTIG, 64, 909);
    Case(ACL_FLOAT16, {3, 2000}, 1, false, CONTIG, 33, 910);
    // Topk of a few by threshold filtering: inputs where every element becomes a candidate
    // (monotone lines, the buffer cut back many times), all ties, many NaNs / +-0, k == 1,
    // k just below len / 4, k == len, a non-last dim; both largest flags
    for (int desc = 0; desc < 2; desc++) {
        std::vector<double> up(4 * 3000), same(3 * 2000, 0.25), nan(4 * 3000), zero(5 * 700);
        for (size_t i = 0; i < up.size(); i++) up[i] = (double)(desc ? i % 3000 / 3 : 3000 - i % 3000 / 3);
        for (size_t i = 0; i < nan.size(); i++) nan[i] = i % 5 == 0 ? NAN : (double)(int)(i * 37 % 101) - 50;
        for (size_t i = 0; i < zero.size(); i++) zero[i] = i % 3 == 0 ? -0.0 : i % 3 == 1 ? 0.0 : (i % 7 ? 1.0 : -1.0);
        Case(ACL_FLOAT, {4, 3000}, 1, desc, CONTIG, 100, 920, &up);
        Case(ACL_FLOAT, {4, 3000}, 1, desc, CONTIG, 300, 933, &up); // k > 256: the refilled buffer
        Case(ACL_FLOAT, {4, 3000}, -1, desc, STRIDED, 257, 934, &nan);
        Case(ACL_FLOAT, {4, 3000}, 1, desc, STRIDED, 1, 921, &up);
        Case(ACL_FLOAT, {3, 2000}, -1, desc, CONTIG, 50, 922, &same);
        Case(ACL_FLOAT, {3, 2000}, 1, desc, CONTIG, 200, 923, &nan);
        Case(ACL_FLOAT, {3, 2000}, 1, desc, TRANSPOSED, 7, 924, &nan);
        Case(ACL_FLOAT, {5, 700}, 1, desc, CONTIG, 30, 925, &zero);
        Case(ACL_FLOAT, {7, 1000}, 1, desc, CONTIG, 1, 926);
        Case(ACL_FLOAT, {2, 4000}, 1, desc, CONTIG, 999, 927);
        Case(ACL_FLOAT, {3, 50}, 1, desc, CONTIG, 50, 928);
        Case(ACL_FLOAT, {1000, 6}, 0, desc, TRANSPOSED, 10, 929);
        Case(ACL_FLOAT, {1000, 6}, 0, desc, STRIDED, 1, 930, &nan);
        Case(ACL_INT32, {4, 3000}, 1, desc, CONTIG, 64, 931, &up);
        Case(ACL_FLOAT16, {3, 2000}, 1, desc, CONTIG, 40, 932, &nan);
    }
    // validation
    DevTensor s, v, i, i32, bad;
    if (!s.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !v.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !i.Init(ACL_INT64, {2, 3}, {}, CONTIG) ||
        !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !bad.Init(ACL_FLOAT, {2, 2}, {}, CONTIG)) return 1;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Sort null indices", aclnnSortGetWorkspaceSize(s.t, false, 0, false, v.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "indicesOut");
    ExpectError("Sort INT32 indices", aclnnSortGetWorkspaceSize(s.t, false, 0, false, v.t, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "indicesOut");
    ExpectError("Sort dim", aclnnSortGetWorkspaceSize(s.t, false, 2, false, v.t, i.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("Sort values shape", aclnnSortGetWorkspaceSize(s.t, false, 1, false, bad.t, i.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "shape");
    ExpectError("Argsort out INT32", aclnnArgsortGetWorkspaceSize(s.t, 1, false, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("Topk k > len", aclnnTopkGetWorkspaceSize(s.t, 4, 1, true, true, v.t, i.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "k");
    ExpectError("Topk out shape", aclnnTopkGetWorkspaceSize(s.t, 2, 1, true, true, v.t, i.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "shape");
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
