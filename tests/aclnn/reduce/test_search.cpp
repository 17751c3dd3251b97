// SearchSorted, SearchSorteds, Bucketize (950 only), Histc and Bincount against references
// written here: insertion positions by a linear scan (left: first >= v, right: first > v, NaN
// the largest), through a sorter, per line of an N-D sequence; histograms counted directly.
// Views strided / transposed, 0-d and empty; validation paths with codes and messages.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_bincount.h"
#include "aclnnop/aclnn_bucketize.h"
#include "aclnnop/aclnn_histc.h"
#include "aclnnop/aclnn_searchsorted.h"

static aclrtStream g_stream;

static bool LessNan(double a, double b) { return std::isnan(a) ? false : std::isnan(b) ? true : a < b; }

// Position of v in line (values already in the compare dtype).
static int64_t Pos(const std::vector<double> &line, double v, bool right)
{
    int64_t p = 0;
    for (double s : line) p += right ? !LessNan(v, s) : LessNan(s, v);
    return p;
}

static std::vector<double> SortedLines(aclDataType dt, int64_t lines, int64_t m, uint64_t seed, bool nan_tail)
{
    std::vector<double> v;
    for (int64_t l = 0; l < lines; l++) {
        std::vector<double> r = QuantAll(dt, RandomValues((size_t)m, seed + (uint64_t)l, dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_DOUBLE ? 3 : 20));
        if (dt == ACL_UINT8) for (double &x : r) x = std::fabs(x);
        if (m > 4) r[1] = r[2]; // a tie
        std::sort(r.begin(), r.end());
        if (nan_tail) r.back() = NAN;
        v.insert(v.end(), r.begin(), r.end());
    }
    return v;
}

static void SearchCase(aclDataType sdt, aclDataType vdt, const std::vector<int64_t> &seq_shape,
                       const std::vector<int64_t> &self_shape, bool right, bool out32, bool use_sorter, Layout lay, uint64_t seed)
{
    int64_t m = seq_shape.back(), lines = GetShapeSize(seq_shape) / m;
    std::vector<double> seq = SortedLines(sdt, lines, m, seed, sdt == ACL_FLOAT && seed % 2);
    std::vector<double> sorter;
    std::vector<double> stored = seq;
    if (use_sorter) { // store each line reversed, the sorter undoing it
        for (int64_t l = 0; l < lines; l++)
            for (int64_t j = 0; j < m; j++) {
                stored[(size_t)(l * m + j)] = seq[(size_t)(l * m + m - 1 - j)];
                sorter.push_back((double)(m - 1 - j));
            }
    }
    std::vector<double> x = QuantAll(vdt, RandomValues((size_t)GetShapeSize(self_shape), seed + 99, vdt == ACL_FLOAT || vdt == ACL_FLOAT16 ? 3.5 : 22));
    if (!x.empty() && !seq.empty()) x[0] = seq[0]; // an exact hit
    DevTensor tq, ts, to, tr;
    aclDataType odt = out32 ? ACL_INT32 : ACL_INT64;
    if (!tq.Init(sdt, seq_shape, stored, lay) || !ts.Init(vdt, self_shape, x, lay == TRANSPOSED ? STRIDED : lay) ||
        !to.Init(odt, self_shape, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG) ||
        (use_sorter && !tr.Init(ACL_INT64, seq_shape, sorter, CONTIG))) return;
    int rc = Run("SearchSorted", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSearchSortedGetWorkspaceSize(tq.t, ts.t, out32, right, use_sorter ? tr.t : nullptr, to.t, w, e); }, aclnnSearchSorted);
    std::string what = std::string("SearchSorted ") + DtName(sdt) + "/" + DtName(vdt) + (right ? " right" : " left") + (use_sorter ? " sorter" : "") +
                       " lines " + std::to_string(lines);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> a = to.Read();
    int64_t per = self_shape.empty() ? 1 : self_shape.back();
    size_t bad = 0;
    for (size_t i = 0; i < x.size(); i++) {
        int64_t l = seq_shape.size() == 1 ? 0 : (int64_t)i / per;
        std::vector<double> line(seq.begin() + l * m, seq.begin() + (l + 1) * m);
        bad += a[i] != (double)Pos(line, x[i], right);
    }
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, x.size());
}

static void TestSearch()
{
    uint64_t seed = 1;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64})
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
            for (int right = 0; right < 2; right++) {
                SearchCase(dt, dt, {17}, {5, 6}, right, right, false, lay, seed++);
                SearchCase(dt, dt, {3, 9}, {3, 4}, right, false, right, lay, seed++);
                SearchCase(dt, dt, {2, 3, 8}, {2, 3, 5}, !right, true, true, lay, seed++);
            }
    // promotion: int sequence, float values (compared as FLOAT); 0-d self; long sequence
    SearchCase(ACL_INT32, ACL_FLOAT, {40}, {7, 3}, false, false, false, CONTIG, seed++);
    SearchCase(ACL_FLOAT16, ACL_FLOAT, {40}, {7}, true, false, true, STRIDED, seed++);
    SearchCase(ACL_FLOAT, ACL_FLOAT, {12}, {}, false, false, false, CONTIG, seed++);
    SearchCase(ACL_FLOAT, ACL_FLOAT, {100000}, {3, 100}, true, false, false, CONTIG, seed++);
    // SearchSorteds: a scalar value, out's view shape set to {1}
    {
        std::vector<double> seq = {1, 2, 2, 3, 5};
        DevTensor tq, to;
        if (!tq.Init(ACL_FLOAT, {5}, seq, CONTIG) || !to.Init(ACL_INT64, {1}, {}, CONTIG)) return;
        for (int right = 0; right < 2; right++) {
            float v = 2.0f;
            aclScalar *s = aclCreateScalar(&v, ACL_FLOAT);
            int rc = Run("SearchSorteds", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSearchSortedsGetWorkspaceSize(tq.t, s, false, right, nullptr, to.t, w, e); }, aclnnSearchSorteds);
            EXPECT(rc == 0 && to.Read()[0] == (right ? 3 : 1), "SearchSorteds 2.0 %s: %g", right ? "right" : "left", to.Read()[0]);
            aclDestroyScalar(s);
        }
    }
    // empty sequence: out = 0
    {
        DevTensor tq, ts, to;
        if (!tq.Init(ACL_FLOAT, {0}, {}, CONTIG) || !ts.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG) || !to.Init(ACL_INT64, {4}, {}, CONTIG)) return;
        int rc = Run("SearchSorted", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSearchSortedGetWorkspaceSize(tq.t, ts.t, false, false, nullptr, to.t, w, e); }, aclnnSearchSorted);
        EXPECT(rc == 0 && to.Read() == std::vector<double>(4, 0.0), "SearchSorted empty sequence: zeros");
    }
}

static void HistcCase(aclDataType dt, aclDataType odt, const std::vector<int64_t> &shape, int64_t bins, double lo, double hi,
                      Layout lay, uint64_t seed, const std::vector<double> &xin = {})
{
    std::vector<double> x = xin.empty() ? QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), seed, dt == ACL_FLOAT || dt == ACL_FLOAT16 ? 3 : 30)) : xin;
    DevTensor ts, to;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(odt, {bins}, {}, STRIDED)) return;
    float flo = (float)lo, fhi = (float)hi;
    aclScalar *smin = aclCreateScalar(&flo, ACL_FLOAT), *smax = aclCreateScalar(&fhi, ACL_FLOAT);
    int rc = Run("Histc", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnHistcGetWorkspaceSize(ts.t, bins, smin, smax, to.t, w, e); }, aclnnHistc);
    aclDestroyScalar(smin);
    aclDestroyScalar(smax);
    std::string what = std::string("Histc ") + DtName(dt) + "->" + DtName(odt) + " bins " + std::to_string(bins);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    bool isint = !(dt == ACL_FLOAT || dt == ACL_FLOAT16);
    if (isint) { lo = (double)(int32_t)lo; hi = (double)(int32_t)hi; }
    if (lo == hi && !x.empty()) { // the data's range
        lo = *std::min_element(x.begin(), x.end());
        hi = *std::max_element(x.begin(), x.end());
        if (lo == hi) { lo -= 1; hi += 1; }
    }
    std::vector<double> g((size_t)bins, 0.0);
    for (double v : x) {
        if (!(v >= lo && v <= hi)) continue;
        int64_t b = (int64_t)((v - lo) / (hi - lo) * (double)bins);
        g[(size_t)std::min(b, bins - 1)] += 1;
    }
    EXPECT(to.Read() == g, "%s: counts differ", what.c_str());
}

static void BincountCase(aclDataType dt, aclDataType wdt, aclDataType odt, int64_t n, int64_t len, Layout lay, uint64_t seed)
{
    std::vector<double> x = RandomValues((size_t)n, seed, 1);
    for (double &v : x) v = std::floor(std::fabs(v) * 2.5);
    std::vector<double> wv = QuantAll(wdt, RandomValues((size_t)n, seed + 5, 2));
    DevTensor ts, tw, to;
    bool has_w = wdt != ACL_DT_UNDEFINED;
    if (!ts.Init(dt, {n}, x, lay) || (has_w && !tw.Init(wdt, {n}, wv, lay)) || !to.Init(odt, {len}, {}, CONTIG)) return;
    int rc = Run("Bincount", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnBincountGetWorkspaceSize(ts.t, has_w ? tw.t : nullptr, 0, to.t, w, e); }, aclnnBincount);
    std::string what = std::string("Bincount ") + DtName(dt) + (has_w ? " weighted" : "") + " -> " + DtName(odt);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> g((size_t)len, 0.0);
    for (size_t i = 0; i < x.size(); i++)
        if (x[i] < len) g[(size_t)x[i]] += has_w ? wv[i] : 1;
    for (double &v : g) v = Quant(odt, (odt == ACL_INT32 || odt == ACL_INT64) ? std::trunc(v) : v);
    std::vector<double> a = to.Read();
    bool ok = true;
    for (size_t i = 0; i < g.size(); i++) ok &= std::fabs(a[i] - g[i]) <= 1e-5 * (1 + std::fabs(g[i]));
    EXPECT(ok, "%s: counts differ", what.c_str());
}

static void TestHist()
{
    uint64_t seed = 700;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8, ACL_UINT8, ACL_INT64})
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
            HistcCase(dt, dt == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT, {6, 7}, 5, -2, 2.5, lay, seed++);
            HistcCase(dt, ACL_FLOAT, {3, 4, 5}, 13, 0, 0, lay, seed++); // min == max: the data's range
        }
    HistcCase(ACL_INT32, ACL_INT32, {1000}, 100, -30, 30, CONTIG, seed++);
    HistcCase(ACL_FLOAT, ACL_FLOAT, {6}, 3, 0, 3, CONTIG, seed++, {0, 1, 3, NAN, -1, 2.999}); // edges, NaN dropped
    HistcCase(ACL_FLOAT, ACL_FLOAT, {}, 4, 0, 1, CONTIG, seed++, {0.5});
    for (aclDataType dt : {ACL_INT32, ACL_INT64, ACL_INT8, ACL_UINT8, ACL_INT16})
        for (Layout lay : {CONTIG, STRIDED}) {
            BincountCase(dt, ACL_DT_UNDEFINED, ACL_INT64, 50, 14, lay, seed++);
            BincountCase(dt, ACL_FLOAT, ACL_FLOAT, 50, 14, lay, seed++);
            BincountCase(dt, ACL_INT32, ACL_DOUBLE, 50, 6, lay, seed++); // values past out's length dropped
        }
}

// Bucketize (950): boundaries 1-D, positions as SearchSorted's
static void TestBucketize()
{
    uint64_t seed = 900;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT64, ACL_INT8})
        for (int right = 0; right < 2; right++)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                std::vector<double> bnd = SortedLines(dt, 1, 11, seed++, false);
                std::vector<double> x = QuantAll(dt, RandomValues(24, seed++, dt == ACL_INT32 || dt == ACL_INT64 || dt == ACL_INT8 ? 22 : 3.5));
                x[3] = bnd[4];
                DevTensor tb, ts, to;
                if (!tb.Init(dt, {11}, bnd, CONTIG) || !ts.Init(dt, {4, 6}, x, lay) || !to.Init(right ? ACL_INT32 : ACL_INT64, {4, 6}, {}, lay)) return;
                int rc = Run("Bucketize", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnBucketizeGetWorkspaceSize(ts.t, tb.t, right, right, to.t, w, e); }, aclnnBucketize);
                EXPECT(rc == 0, "Bucketize %s: run failed (%d)", DtName(dt), rc);
                if (rc) continue;
                std::vector<double> a = to.Read();
                size_t bad = 0;
                for (size_t i = 0; i < x.size(); i++) bad += a[i] != (double)Pos(bnd, x[i], right);
                EXPECT(bad == 0, "Bucketize %s %s: %zu wrong", DtName(dt), right ? "right" : "left", bad);
            }
}

static void TestValidation(bool is950)
{
    DevTensor q, s, o, o32, obad, q2, sb, ob, ib, fb;
    if (!q.Init(ACL_FLOAT, {5}, {1, 2, 3, 4, 5}, CONTIG) || !s.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_INT64, {2, 3}, {}, CONTIG) ||
        !o32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !obad.Init(ACL_INT64, {3, 2}, {}, CONTIG) || !q2.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !sb.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !ob.Init(ACL_FLOAT, {4}, {}, CONTIG) || !ib.Init(ACL_INT32, {6}, {}, CONTIG) ||
        !fb.Init(ACL_FLOAT, {6}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int NUL = ACLNN_ERR_PARAM_NULLPTR, INV = ACLNN_ERR_PARAM_INVALID;
    ExpectError("SearchSorted null seq", aclnnSearchSortedGetWorkspaceSize(nullptr, s.t, false, false, nullptr, o.t, &ws, &ex), NUL, "sortedSequence");
    ExpectError("SearchSorted BOOL self", aclnnSearchSortedGetWorkspaceSize(q.t, sb.t, false, false, nullptr, o.t, &ws, &ex), INV, "DT_BOOL");
    ExpectError("SearchSorted out32 mismatch", aclnnSearchSortedGetWorkspaceSize(q.t, s.t, true, false, nullptr, o.t, &ws, &ex), INV, "out");
    ExpectError("SearchSorted out shape", aclnnSearchSortedGetWorkspaceSize(q.t, s.t, false, false, nullptr, obad.t, &ws, &ex), INV, "out");
    ExpectError("SearchSorted lead dims", aclnnSearchSortedGetWorkspaceSize(q2.t, s.t, false, false, nullptr, o.t, &ws, &ex), INV, "first N-1 dimension");
    ExpectError("SearchSorted sorter shape", aclnnSearchSortedGetWorkspaceSize(q.t, s.t, false, false, o.t, o.t, &ws, &ex), INV, "sorter");
    {
        DevTensor e;
        float v = 1;
        aclScalar *sc = aclCreateScalar(&v, ACL_FLOAT);
        if (e.Init(ACL_INT64, {0}, {}, CONTIG))
            ExpectError("SearchSorteds empty out", aclnnSearchSortedsGetWorkspaceSize(q.t, sc, false, false, nullptr, e.t, &ws, &ex), INV, "should be {1}");
        ExpectError("SearchSorteds null self", aclnnSearchSortedsGetWorkspaceSize(q.t, nullptr, false, false, nullptr, o.t, &ws, &ex), NUL, "self");
        aclDestroyScalar(sc);
    }
    if (!is950) {
        int rc = aclnnBucketizeGetWorkspaceSize(s.t, q.t, false, false, o.t, &ws, &ex); // an inner error (EZ9999)
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == ACLNN_ERR_INNER && m && strstr(m, "not support this Soc"), "Bucketize off the 950: %d %s", rc, m ? m : "");
    } else {
        ExpectError("Bucketize out dtype", aclnnBucketizeGetWorkspaceSize(s.t, q.t, true, false, o.t, &ws, &ex), INV, "expected dtype is DT_INT32");
        ExpectError("Bucketize 2-D boundaries", aclnnBucketizeGetWorkspaceSize(s.t, q2.t, false, false, o.t, &ws, &ex), INV, "boundaries");
    }
    float lo = 0, hi = 1, bad_hi = -1, inf = INFINITY;
    aclScalar *smin = aclCreateScalar(&lo, ACL_FLOAT), *smax = aclCreateScalar(&hi, ACL_FLOAT), *sbad = aclCreateScalar(&bad_hi, ACL_FLOAT),
              *sinf = aclCreateScalar(&inf, ACL_FLOAT);
    ExpectError("Histc null min", aclnnHistcGetWorkspaceSize(s.t, 4, nullptr, smax, ob.t, &ws, &ex), NUL, "min");
    ExpectError("Histc bins 0", aclnnHistcGetWorkspaceSize(s.t, 0, smin, smax, ob.t, &ws, &ex), INV, "bins");
    ExpectError("Histc min > max", aclnnHistcGetWorkspaceSize(s.t, 4, smin, sbad, ob.t, &ws, &ex), INV, "greater than or equal");
    ExpectError("Histc inf range", aclnnHistcGetWorkspaceSize(s.t, 4, smin, sinf, ob.t, &ws, &ex), INV, "not finite");
    ExpectError("Histc out size", aclnnHistcGetWorkspaceSize(s.t, 5, smin, smax, ob.t, &ws, &ex), INV, "same as bins");
    {
        DevTensor oi;
        if (oi.Init(ACL_INT32, {4}, {}, CONTIG))
            ExpectError("Histc FLOAT -> INT32 out", aclnnHistcGetWorkspaceSize(s.t, 4, smin, smax, oi.t, &ws, &ex), INV, "can not cast");
    }
    ExpectError("Histc BOOL", aclnnHistcGetWorkspaceSize(sb.t, 4, smin, smax, ob.t, &ws, &ex), INV, "DT_BOOL");
    aclDestroyScalar(smin); aclDestroyScalar(smax); aclDestroyScalar(sbad); aclDestroyScalar(sinf);
    ExpectError("Bincount null out", aclnnBincountGetWorkspaceSize(ib.t, nullptr, 0, nullptr, &ws, &ex), NUL, "out");
    ExpectError("Bincount float self", aclnnBincountGetWorkspaceSize(fb.t, nullptr, 0, ob.t, &ws, &ex), INV, "DT_FLOAT");
    ExpectError("Bincount 2-D self", aclnnBincountGetWorkspaceSize(o32.t, nullptr, 0, ob.t, &ws, &ex), INV, "dim num");
    ExpectError("Bincount weights shape", aclnnBincountGetWorkspaceSize(ib.t, ob.t, 0, ob.t, &ws, &ex), INV, "weights");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool is950 = soc.find("Ascend950") == 0;
    if (is950) {
        TestBucketize();
    } else if (soc.find("Ascend310P") != 0) {
        TestSearch();
        TestHist();
    } else {
        SearchCase(ACL_FLOAT16, ACL_FLOAT16, {17}, {5, 6}, true, false, true, STRIDED, 3);
        HistcCase(ACL_FLOAT, ACL_FLOAT, {6, 7}, 5, -2, 2.5, TRANSPOSED, 4);
    }
    TestValidation(is950);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
