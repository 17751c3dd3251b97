// The order statistics of ops-nn index/gather_v2 (Kthvalue, Median, MedianDim, NanMedian,
// NanMedianDim) against a reference written here: each line stably sorted ascending with NaN
// last (the real op_api sorts so, then gathers one position), so ties give the k-th equal
// element in index order; Median: a NaN in the line gives NaN and the index of the first NaN;
// NanMedian: position (m - 1) / 2 of the m non-NaN values. Shapes: contiguous / strided /
// transposed, 0-d, rank 8, empty, long lines; every validation path with its code.
#include <algorithm>
#include <cstdint>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_kthvalue.h"
#include "aclnnop/aclnn_median.h"

static aclrtStream g_stream;

enum Sel { KTH, MEDIAN, NANMEDIAN };

// Lines of x (row-major over shape) along dim d (d < 0: all elements form one line).
static std::vector<std::vector<std::pair<double, int64_t>>> Lines(const std::vector<double> &x,
                                                                   const std::vector<int64_t> &shape, int64_t d)
{
    std::vector<std::vector<std::pair<double, int64_t>>> lines;
    if (d < 0 || shape.empty()) {
        lines.resize(1);
        for (size_t i = 0; i < x.size(); i++) lines[0].push_back({x[i], (int64_t)i});
        return lines;
    }
    int64_t inner = 1, outer = 1, len = shape[(size_t)d];
    for (size_t i = 0; i < shape.size(); i++) {
        if ((int64_t)i < d) outer *= shape[i];
        if ((int64_t)i > d) inner *= shape[i];
    }
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            lines.emplace_back();
            for (int64_t j = 0; j < len; j++) lines.back().push_back({x[(size_t)((o * len + j) * inner + in)], j});
        }
    return lines;
}

// (value, index) picked from one line.
static std::pair<double, int64_t> Pick(std::vector<std::pair<double, int64_t>> line, Sel sel, int64_t k)
{
    std::stable_sort(line.begin(), line.end(), [](const std::pair<double, int64_t> &a, const std::pair<double, int64_t> &b) {
        if (std::isnan(a.first)) return false;
        if (std::isnan(b.first)) return true;
        return a.first < b.first;
    });
    int64_t n = (int64_t)line.size(), nan = 0;
    for (auto &e : line) nan += std::isnan(e.first);
    int64_t pos = sel == KTH ? k - 1 : sel == MEDIAN ? (nan ? n - nan : (n - 1) / 2) : (n - nan ? (n - nan - 1) / 2 : 0);
    return line[(size_t)pos];
}

static std::string Name(const char *op, aclDataType dt, const std::vector<int64_t> &shape, int64_t dim, bool keep, Layout lay)
{
    std::string s = std::string(op) + " " + DtName(dt) + " [";
    for (auto x : shape) s += std::to_string(x) + ",";
    return s + "] dim " + std::to_string(dim) + (keep ? " keep" : "") +
           (lay == STRIDED ? " strided" : lay == TRANSPOSED ? " transposed" : "");
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed, bool nans)
{
    std::vector<double> v = RandomValues(n, seed, dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 ? 3 : 40);
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64) v[i] = std::fabs(v[i]);
        if (i % 5 == 3 && i > 0) v[i] = v[i - 1];         // ties
        if (nans && i % 7 == 2) v[i] = NAN;                  // a NaN in most lines
    }
    return QuantAll(dt, v);
}

// One dim-wise case (Kthvalue / MedianDim / NanMedianDim).
static void DimCase(Sel sel, aclDataType dt, const std::vector<int64_t> &shape, int64_t dim, bool keep, Layout lay,
                    int64_t k, bool nans, uint64_t seed)
{
    std::vector<double> x = Values(dt, (size_t)GetShapeSize(shape), seed, nans);
    int64_t n = (int64_t)shape.size(), d = n ? (dim < 0 ? dim + n : dim) : -1;
    std::vector<int64_t> os;
    for (int64_t i = 0; i < n; i++)
        if (i != d) os.push_back(shape[(size_t)i]);
        else if (keep) os.push_back(1);
    DevTensor ts, tv, ti;
    if (!ts.Init(dt, shape, x, lay) || !tv.Init(dt, os, {}, STRIDED) || !ti.Init(ACL_INT64, os, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG)) return;
    const char *nm = sel == KTH ? "Kthvalue" : sel == MEDIAN ? "MedianDim" : "NanMedianDim";
    int rc = -1;
    switch (sel) {
    case KTH: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnKthvalueGetWorkspaceSize(ts.t, k, dim, keep, tv.t, ti.t, w, e); }, aclnnKthvalue); break;
    case MEDIAN: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMedianDimGetWorkspaceSize(ts.t, dim, keep, tv.t, ti.t, w, e); }, aclnnMedianDim); break;
    case NANMEDIAN: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNanMedianDimGetWorkspaceSize(ts.t, dim, keep, tv.t, ti.t, w, e); }, aclnnNanMedianDim); break;
    }
    std::string what = Name(nm, dt, shape, dim, keep, lay) + " k " + std::to_string(k);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> av = tv.Read(), ai = ti.Read();
    auto lines = Lines(x, shape, d);
    size_t bad = 0, first = 0;
    for (size_t l = 0; l < lines.size() && !av.empty(); l++) {
        if (lines[l].empty()) { // an empty self: nothing is launched, nothing written
            if (!(av[l] == Quant(dt, -777.0) && ai[l] == -777.0) && !bad++) first = l;
            continue;
        }
        auto p = Pick(lines[l], sel, k);
        bool ok = (av[l] == p.first || (std::isnan(av[l]) && std::isnan(p.first))) && ai[l] == (double)p.second;
        if (!ok && !bad++) first = l;
    }
    EXPECT(bad == 0, "%s: %zu of %zu lines wrong (first %zu: %g #%g)", what.c_str(), bad, lines.size(), first,
           bad ? av[first] : 0.0, bad ? ai[first] : 0.0);
    EXPECT(tv.CountClobbered() == 0, "%s: values written outside the view", what.c_str());
}

static void AllCase(Sel sel, aclDataType dt, const std::vector<int64_t> &shape, Layout lay, bool nans, uint64_t seed,
                    const std::vector<double> &xin = {})
{
    std::vector<double> x = xin.empty() ? Values(dt, (size_t)GetShapeSize(shape), seed, nans) : xin;
    DevTensor ts, to;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(dt, {}, {}, CONTIG)) return;
    const char *nm = sel == MEDIAN ? "Median" : "NanMedian";
    int rc = sel == MEDIAN ? Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMedianGetWorkspaceSize(ts.t, to.t, w, e); }, aclnnMedian)
                           : Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNanMedianGetWorkspaceSize(ts.t, to.t, w, e); }, aclnnNanMedian);
    std::string what = Name(nm, dt, shape, -1, false, lay) + (nans ? " NaN" : "");
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    double a = to.Read()[0], g;
    if (x.empty()) {
        g = dt == ACL_INT64 ? -9223372036854775808.0 : dt == ACL_INT32 ? -2147483648.0 : (dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16) ? NAN : 0;
        // NanMedian fills NaN converted to out's dtype: 0 for the integer ones (NaN -> int as
        // aclemu's scalar conversion and an aarch64 host convert it)
        if (sel == NANMEDIAN) g = (dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16) ? NAN : 0;
    } else {
        g = Pick(Lines(x, shape, -1)[0], sel, 0).first;
    }
    EXPECT(a == g || (std::isnan(a) && std::isnan(g)), "%s: %g, expected %g", what.c_str(), a, g);
}

static void TestValues()
{
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64};
    struct { std::vector<int64_t> shape; int64_t dim; } geo[] = {
        {{4, 9}, 1}, {{4, 9}, 0}, {{3, 4, 5}, -2}, {{13}, 0}, {{}, 0}, {{}, -1}, {{2, 1, 2, 1, 2, 1, 2, 5}, 7},
        {{2, 1, 2, 1, 2, 1, 2, 5}, 2}, {{3, 700}, 1}, {{600, 3}, 0},
    };
    uint64_t seed = 1;
    for (aclDataType dt : dts)
        for (auto &g : geo)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
                for (int keep = 0; keep < 2; keep++) {
                    int64_t len = g.shape.empty() ? 1 : g.shape[(size_t)(g.dim < 0 ? g.dim + (int64_t)g.shape.size() : g.dim)];
                    bool fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
                    if (dt == ACL_BF16 && len == 1) continue; // refused (see the validation)
                    DimCase(KTH, dt, g.shape, g.dim, keep, lay, 1 + (int64_t)(seed % (uint64_t)len), fl && keep, seed);
                    DimCase(KTH, dt, g.shape, g.dim, keep, lay, len, false, seed + 1);
                    DimCase(MEDIAN, dt, g.shape, g.dim, keep, lay, 0, fl && !keep, seed + 2);
                    DimCase(NANMEDIAN, dt, g.shape, g.dim, keep, lay, 0, fl, seed + 3);
                    seed += 4;
                }
    for (aclDataType dt : dts)
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
            bool fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
            AllCase(MEDIAN, dt, {6, 7}, lay, false, seed++);
            AllCase(MEDIAN, dt, {2, 3, 4}, lay, fl, seed++);
            AllCase(NANMEDIAN, dt, {6, 7}, lay, fl, seed++);
            AllCase(NANMEDIAN, dt, {5, 1, 4}, lay, false, seed++);
            if (dt != ACL_BF16) AllCase(MEDIAN, dt, {}, lay, false, seed++);
            AllCase(MEDIAN, dt, {0, 3}, lay, false, seed++); // empty: the documented fill
            AllCase(NANMEDIAN, dt, {0}, lay, false, seed++);
        }
    // NaN-only, -0 / +0 and Inf; a long line over several dims of a non-contiguous view
    std::vector<double> allnan = {NAN, NAN, NAN};
    AllCase(NANMEDIAN, ACL_FLOAT, {3}, CONTIG, false, 0, allnan);
    AllCase(MEDIAN, ACL_FLOAT, {3}, CONTIG, false, 0, allnan);
    AllCase(MEDIAN, ACL_FLOAT, {5}, CONTIG, false, 0, {INFINITY, -0.0, 0.0, -INFINITY, 1});
    AllCase(MEDIAN, ACL_FLOAT, {300, 401}, TRANSPOSED, false, seed++);
    AllCase(NANMEDIAN, ACL_FLOAT16, {3, 100, 101}, STRIDED, true, seed++);
    DimCase(KTH, ACL_FLOAT, {3, 100000}, 1, false, CONTIG, 77777, false, seed++);
    DimCase(NANMEDIAN, ACL_FLOAT, {70000, 2}, 0, true, CONTIG, 0, true, seed++);
    // empty self: no launch, success (Kthvalue / MedianDim), nothing written
    DimCase(KTH, ACL_FLOAT, {0, 4}, 1, false, CONTIG, 2, false, seed++);
    DimCase(MEDIAN, ACL_FLOAT, {0, 4}, 0, false, CONTIG, 0, false, seed++);
    DimCase(NANMEDIAN, ACL_FLOAT, {0, 4}, 1, true, CONTIG, 0, false, seed++);
}

static void TestValidation(bool bf16)
{
    DevTensor s, v, i64, i32, vbad, vi, b1, b1v, v2, s0, e;
    if (!s.Init(ACL_FLOAT, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !v.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !i64.Init(ACL_INT64, {2}, {}, CONTIG) || !i32.Init(ACL_INT32, {2}, {}, CONTIG) || !vbad.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !vi.Init(ACL_INT32, {2}, {}, CONTIG) || !b1.Init(ACL_BF16, {3, 1}, {}, CONTIG) || !b1v.Init(ACL_BF16, {3}, {}, CONTIG) ||
        !v2.Init(ACL_FLOAT, {2, 1, 1}, {}, CONTIG) || !s0.Init(ACL_FLOAT, {}, {1.0}, CONTIG) || !e.Init(ACL_FLOAT, {2, 0}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int NUL = ACLNN_ERR_PARAM_NULLPTR, INV = ACLNN_ERR_PARAM_INVALID;
    ExpectError("Kthvalue null self", aclnnKthvalueGetWorkspaceSize(nullptr, 1, 1, false, v.t, i64.t, &ws, &ex), NUL, "self");
    ExpectError("Kthvalue null indices", aclnnKthvalueGetWorkspaceSize(s.t, 1, 1, false, v.t, nullptr, &ws, &ex), NUL, "indicesOut");
    ExpectError("Kthvalue dim", aclnnKthvalueGetWorkspaceSize(s.t, 1, 2, false, v.t, i64.t, &ws, &ex), INV, "Dimension out of range", "[-2, 1]");
    ExpectError("Kthvalue 0-d dim", aclnnKthvalueGetWorkspaceSize(s0.t, 1, 1, false, s0.t, i64.t, &ws, &ex), INV, "shape of input");
    ExpectError("Kthvalue k 0", aclnnKthvalueGetWorkspaceSize(s.t, 0, 1, false, v.t, i64.t, &ws, &ex), INV, "k is 0");
    ExpectError("Kthvalue k > len", aclnnKthvalueGetWorkspaceSize(s.t, 4, 1, false, v.t, i64.t, &ws, &ex), INV, "is 3, but k is 4");
    ExpectError("Kthvalue k on empty dim", aclnnKthvalueGetWorkspaceSize(e.t, 1, 1, false, v.t, i64.t, &ws, &ex), INV, "k is 1");
    ExpectError("Kthvalue values dtype", aclnnKthvalueGetWorkspaceSize(s.t, 1, 1, false, vi.t, i64.t, &ws, &ex), INV, "valuesOut");
    ExpectError("Kthvalue indices INT32", aclnnKthvalueGetWorkspaceSize(s.t, 1, 1, false, v.t, i32.t, &ws, &ex), INV, "DT_INT32");
    ExpectError("Kthvalue values shape", aclnnKthvalueGetWorkspaceSize(s.t, 1, 1, false, vbad.t, i64.t, &ws, &ex), INV, "valuesOut shape");
    ExpectError("Median null out", aclnnMedianGetWorkspaceSize(s.t, nullptr, &ws, &ex), NUL, "valuesOut");
    ExpectError("Median out dtype", aclnnMedianGetWorkspaceSize(s.t, vi.t, &ws, &ex), INV, "valuesOut");
    ExpectError("Median out 2 elements", aclnnMedianGetWorkspaceSize(s.t, v.t, &ws, &ex), INV, "one element");
    if (bf16) ExpectError("Median BF16 last dim 1", aclnnMedianGetWorkspaceSize(b1.t, b1v.t, &ws, &ex), INV, "not support 1");
    ExpectError("NanMedian null self", aclnnNanMedianGetWorkspaceSize(nullptr, v.t, &ws, &ex), NUL, "self");
    ExpectError("MedianDim null indices", aclnnMedianDimGetWorkspaceSize(s.t, 0, false, v.t, nullptr, &ws, &ex), NUL, "indicesOut");
    ExpectError("MedianDim indices INT32", aclnnMedianDimGetWorkspaceSize(s.t, 1, false, v.t, i32.t, &ws, &ex), INV, "indicesOut");
    ExpectError("MedianDim dim", aclnnMedianDimGetWorkspaceSize(s.t, -3, false, v.t, i64.t, &ws, &ex), INV, "dim should be in range [-2, 1]");
    ExpectError("MedianDim out rank", aclnnMedianDimGetWorkspaceSize(s.t, 1, false, v2.t, i64.t, &ws, &ex), INV, "valuesOut dim num");
    ExpectError("MedianDim out shape", aclnnMedianDimGetWorkspaceSize(s.t, 1, false, vbad.t, i64.t, &ws, &ex), INV, "valuesOut shape");
    if (bf16) ExpectError("MedianDim BF16 dim 1", aclnnMedianDimGetWorkspaceSize(b1.t, 1, false, b1v.t, i64.t, &ws, &ex), INV, "not support 1");
    ExpectError("NanMedianDim empty dim", aclnnNanMedianDimGetWorkspaceSize(e.t, 1, false, v.t, i64.t, &ws, &ex), INV, "non-zero size");
}

// 310P: no BF16 in these lists; the rest still runs.
static void TestChip310p()
{
    DevTensor s, v, i64;
    if (!s.Init(ACL_BF16, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !v.Init(ACL_BF16, {2}, {}, CONTIG) ||
        !i64.Init(ACL_INT64, {2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("310P Kthvalue BF16", aclnnKthvalueGetWorkspaceSize(s.t, 1, 1, false, v.t, i64.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    ExpectError("310P MedianDim BF16", aclnnMedianDimGetWorkspaceSize(s.t, 1, false, v.t, i64.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    DimCase(KTH, ACL_FLOAT16, {4, 9}, 1, false, STRIDED, 3, true, 5);
    DimCase(MEDIAN, ACL_INT32, {4, 9}, 0, true, CONTIG, 0, false, 6);
    AllCase(NANMEDIAN, ACL_FLOAT, {5, 6}, TRANSPOSED, true, 7);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = std::string(aclrtGetSocName()).find("Ascend310P") == 0;
    if (is310p) TestChip310p();
    else TestValues();
    TestValidation(!is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
