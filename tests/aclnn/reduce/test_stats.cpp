// The ops-math statistics reductions (Var, VarCorrection, VarMean, Std, StdMeanCorrection,
// BatchNormStats, Aminmax, AminmaxAll, AminmaxDim, ReduceLogSum, GlobalMaxPool,
// GlobalAveragePool) called as the ops-math examples do, checked against references written
// here in long double (two-pass): dim lists incl. NULL / empty (= all), negative and 0-d,
// keepdim, contiguous / strided / transposed views, rank 8, empty tensors, long reductions split
// over blocks, data with a large offset (a sum of squares would cancel), correction >= N (NaN /
// Inf as the real ops fill), NaN / Inf, and the validation paths with codes and messages.
#include <cstdint>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_aminmax.h"
#include "aclnnop/aclnn_aminmax_all.h"
#include "aclnnop/aclnn_aminmax_dim.h"
#include "aclnnop/aclnn_batch_norm_stats.h"
#include "aclnnop/aclnn_global_average_pool.h"
#include "aclnnop/aclnn_global_max_pool.h"
#include "aclnnop/aclnn_reduce_log_sum.h"
#include "aclnnop/aclnn_std.h"
#include "aclnnop/aclnn_std_mean_correction.h"
#include "aclnnop/aclnn_var.h"
#include "aclnnop/aclnn_var_mean.h"

static aclrtStream g_stream;

// ---- reference ------------------------------------------------------------------------------
static std::vector<int64_t> ReducedShape(const std::vector<int64_t> &shape, uint64_t mask, bool keep)
{
    std::vector<int64_t> r;
    for (size_t d = 0; d < shape.size(); d++)
        if (!((mask >> d) & 1)) r.push_back(shape[d]);
        else if (keep) r.push_back(1);
    return r;
}

static uint64_t MaskOf(const std::vector<int64_t> &dims, size_t nd)
{
    if (nd == 0) return 0; // a 0-d tensor reduces nothing (its dims -1 / 0 name itself)
    uint64_t m = 0;
    for (int64_t d : dims) m |= 1ull << (d < 0 ? d + (int64_t)nd : d);
    if (dims.empty()) m = nd ? (1ull << nd) - 1 : 0;
    return nd ? m : 0;
}

// The elements (row-major values of `shape`) of each output of the reduction over `mask`.
static std::vector<std::vector<double>> Groups(const std::vector<double> &x, const std::vector<int64_t> &shape, uint64_t mask)
{
    size_t nd = shape.size();
    int64_t nout = 1;
    for (size_t d = 0; d < nd; d++) if (!((mask >> d) & 1)) nout *= shape[d];
    std::vector<std::vector<double>> g((size_t)nout);
    for (int64_t i = 0; i < (int64_t)x.size(); i++) {
        int64_t rem = i, o = 0, mul = 1;
        for (int64_t d = (int64_t)nd - 1; d >= 0; d--) {
            int64_t k = rem % shape[(size_t)d];
            rem /= shape[(size_t)d];
            if (!((mask >> d) & 1)) { o += k * mul; mul *= shape[(size_t)d]; }
        }
        g[(size_t)o].push_back(x[(size_t)i]);
    }
    return g;
}

struct Stat { double mean, var, sd; };

// Two-pass in long double; var with divisor N - correction (NaN for N <= 1, +Inf otherwise when
// that is <= 0, the documented fill of the real ops).
static Stat RefStat(const std::vector<double> &v, int64_t correction)
{
    Stat s;
    long double sum = 0;
    for (double x : v) sum += x;
    int64_t n = (int64_t)v.size();
    long double mean = n ? sum / n : NAN;
    long double m2 = 0;
    for (double x : v) m2 += ((long double)x - mean) * ((long double)x - mean);
    long double div = (long double)n - (long double)correction;
    s.mean = (double)mean;
    s.var = div > 0 ? (double)(m2 / div) : n <= 1 ? NAN : INFINITY;
    s.sd = std::sqrt(s.var);
    return s;
}

// |a - g| <= rtol |g| (+ a tiny floor) per output dtype; NaN / Inf exact.
static double Rtol(aclDataType dt) { return dt == ACL_FLOAT16 ? 1.0 / 1024 : dt == ACL_BF16 ? 1.0 / 128 : 2e-7; }

static void Close(const std::string &what, aclDataType dt, const std::vector<double> &a, const std::vector<double> &g,
                  double floor_abs = 1e-30)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < g.size(); i++) {
        double gq = g[i];
        bool ok = std::isnan(gq) ? std::isnan(a[i]) : std::isinf(gq) ? a[i] == gq
                                                                      : std::fabs(a[i] - gq) <= Rtol(dt) * std::fabs(gq) + floor_abs;
        if (!ok && !bad++) first = i;
    }
    EXPECT(a.size() == g.size() && bad == 0, "%s: %zu of %zu wrong (first #%zu: %.9g vs %.9g)", what.c_str(), bad,
           g.size(), first, bad ? a[first] : 0.0, bad ? g[first] : 0.0);
}

static std::string Name(const char *op, aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &dims,
                        bool keep, Layout lay, int64_t corr)
{
    std::string s = std::string(op) + " " + DtName(dt) + " [";
    for (auto x : shape) s += std::to_string(x) + ",";
    s += "] dims {";
    for (auto x : dims) s += std::to_string(x) + ",";
    s += "}" + std::string(keep ? " keep" : "") + (lay == STRIDED ? " strided" : lay == TRANSPOSED ? " transposed" : "") +
         " corr " + std::to_string(corr);
    return s;
}

// ---- Var / VarCorrection / Std / VarMean / StdMeanCorrection ----------------------------------
enum VarApi { VAR, VAR_CORR, STD, VAR_MEAN, STD_MEAN };

static void VarCase(VarApi api, aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &dims,
                    bool null_dims, bool keep, Layout lay, int64_t corr, aclDataType odt, const std::vector<double> &xin = {})
{
    std::vector<double> x = xin.empty() ? QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), 7 + shape.size() * 31 + corr, 3)) : xin;
    uint64_t mask = MaskOf(dims, shape.size());
    std::vector<int64_t> os = ReducedShape(shape, mask, keep);
    DevTensor ts, to, tm;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(odt, os, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG) ||
        !tm.Init(odt, os, {}, STRIDED)) return;
    aclIntArray *da = null_dims ? nullptr : aclCreateIntArray(dims.data(), dims.size());
    static const char *names[] = {"Var", "VarCorrection", "Std", "VarMean", "StdMeanCorrection"};
    int rc = -1;
    switch (api) {
    case VAR: rc = Run("Var", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnVarGetWorkspaceSize(ts.t, da, corr != 0, keep, to.t, w, e); }, aclnnVar); break;
    case VAR_CORR: rc = Run("VarCorrection", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnVarCorrectionGetWorkspaceSize(ts.t, da, corr, keep, to.t, w, e); }, aclnnVarCorrection); break;
    case STD: rc = Run("Std", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnStdGetWorkspaceSize(ts.t, da, corr, keep, to.t, w, e); }, aclnnStd); break;
    case VAR_MEAN: rc = Run("VarMean", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnVarMeanGetWorkspaceSize(ts.t, da, corr, keep, to.t, tm.t, w, e); }, aclnnVarMean); break;
    case STD_MEAN: rc = Run("StdMeanCorrection", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnStdMeanCorrectionGetWorkspaceSize(ts.t, da, corr, keep, to.t, tm.t, w, e); }, aclnnStdMeanCorrection); break;
    }
    if (da) aclDestroyIntArray(da);
    std::string what = Name(names[api], dt, shape, dims, keep, lay, corr) + (null_dims ? " NULL dims" : "");
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<std::vector<double>> groups = Groups(x, shape, mask);
    std::vector<double> gv, gm;
    for (auto &g : groups) {
        Stat s = RefStat(g, corr);
        gv.push_back(Quant(odt, api == STD || api == STD_MEAN ? s.sd : s.var));
        gm.push_back(Quant(odt, s.mean));
    }
    Close(what, odt, to.Read(), gv);
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
    if (api == VAR_MEAN || api == STD_MEAN) {
        Close(what + " mean", odt, tm.Read(), gm, 1e-6);
        EXPECT(tm.CountClobbered() == 0, "%s: wrote outside the mean view", what.c_str());
    }
}

static void TestVariance()
{
    const Layout lays[] = {CONTIG, STRIDED, TRANSPOSED};
    struct { std::vector<int64_t> shape, dims; } geo[] = {
        {{2, 3, 4}, {1}}, {{2, 3, 4}, {0, 2}}, {{2, 3, 4}, {}}, {{5, 7}, {-1}}, {{5, 7}, {0}}, {{3, 1, 4, 2}, {1, 3}},
        {{2, 2, 2, 2, 2, 2, 2, 3}, {0, 3, 7}}, {{}, {}}, {{6}, {0}}, {{40, 33}, {0}},
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (Layout lay : lays)
        for (auto &g : geo)
            for (aclDataType dt : dts)
                for (int keep = 0; keep < 2; keep++) {
                    VarCase(VAR, dt, g.shape, g.dims, false, keep, lay, 1, dt);
                    VarCase(VAR_CORR, dt, g.shape, g.dims, false, keep, lay, 0, dt);
                    VarCase(STD, dt, g.shape, g.dims, false, keep, lay, 2, dt);
                    if (dt != ACL_BF16) VarCase(VAR_MEAN, dt, g.shape, g.dims, false, keep, lay, 1, dt);
                    VarCase(STD_MEAN, dt, g.shape, g.dims, false, keep, lay, 0, dt);
                }
    // NULL dims = every dim; out of another dtype (Var casts; Std needs a castable one)
    VarCase(VAR, ACL_FLOAT, {4, 5}, {}, true, false, CONTIG, 0, ACL_FLOAT);
    VarCase(VAR_MEAN, ACL_FLOAT16, {4, 5}, {}, true, true, STRIDED, 1, ACL_FLOAT16);
    VarCase(VAR_CORR, ACL_FLOAT16, {6, 9}, {1}, false, false, CONTIG, 1, ACL_FLOAT);
    VarCase(STD, ACL_BF16, {6, 9}, {0}, false, false, CONTIG, 1, ACL_FLOAT);
    // corrections at and past N: N = 1 gives NaN, N <= correction > 1 gives +Inf; negative ones
    for (int64_t corr : {-2, 3, 4, 9, 1000})
        for (VarApi api : {VAR_CORR, STD, VAR_MEAN, STD_MEAN}) {
            VarCase(api, ACL_FLOAT, {2, 4}, {1}, false, false, CONTIG, corr, ACL_FLOAT);
            VarCase(api, ACL_FLOAT, {3, 1}, {1}, false, true, CONTIG, corr, ACL_FLOAT);
        }
    VarCase(VAR, ACL_FLOAT, {}, {}, false, false, CONTIG, 1, ACL_FLOAT); // unbiased of one element: NaN
    // long reductions split over blocks / several rows, and data around 1e4 with a spread of
    // 1e-2 (sum of squares minus square of sums would lose every digit in FP32 or double)
    VarCase(VAR_CORR, ACL_FLOAT, {3, 200000}, {1}, false, false, CONTIG, 1, ACL_FLOAT);
    VarCase(STD_MEAN, ACL_FLOAT16, {300001}, {}, false, false, STRIDED, 0, ACL_FLOAT16);
    VarCase(VAR_MEAN, ACL_FLOAT, {2000, 300}, {0}, false, true, CONTIG, 1, ACL_FLOAT);
    {
        std::vector<double> x = RandomValues(250000, 99, 0.002);
        for (double &v : x) v = Quant(ACL_FLOAT, 1e4 + v);
        VarCase(VAR_MEAN, ACL_FLOAT, {250000}, {0}, false, false, CONTIG, 1, ACL_FLOAT, x);
        VarCase(STD, ACL_FLOAT, {500, 500}, {0}, false, false, CONTIG, 0, ACL_FLOAT, x);
        VarCase(STD, ACL_FLOAT, {500, 500}, {1}, false, false, TRANSPOSED, 0, ACL_FLOAT, x);
    }
    // special values: a NaN or Inf makes the variance NaN, the mean follows the sum
    {
        std::vector<double> x = {1, 2, NAN, 4, 1, 2, INFINITY, 4, 1, 2, 3, 4, -INFINITY, INFINITY, 0, 0};
        VarCase(VAR_MEAN, ACL_FLOAT, {4, 4}, {1}, false, false, CONTIG, 1, ACL_FLOAT, x);
        VarCase(STD_MEAN, ACL_FLOAT16, {4, 4}, {1}, false, false, STRIDED, 0, ACL_FLOAT16, QuantAll(ACL_FLOAT16, x));
        std::vector<double> big(1200, 1.0);
        big[700] = INFINITY; // past the first chunk: the mean stays +Inf, the variance NaN
        VarCase(VAR_MEAN, ACL_FLOAT, {1200}, {0}, false, false, CONTIG, 1, ACL_FLOAT, big);
    }
    // the rows walk over dim 0 of a wide matrix: more rows than one pass (32) with a tail, outputs
    // past one 1024-wide piece, a NaN / +Inf column, columns around 1e4 with a spread of 1e-3 / 1e-1
    {
        const int64_t R = 45, C = 1030;
        std::vector<double> x = RandomValues((size_t)(R * C), 321, 3);
        for (int64_t i = 0; i < R; i++) x[(size_t)(i * C + 1025)] = 1e4 + 1e-3 * x[(size_t)(i * C + 1025)];
        // the same in the first 1024-wide piece (the FP32 deviations of 16 columns at a time)
        for (int64_t i = 0; i < R; i++) x[(size_t)(i * C + 100)] = 1e4 + 1e-1 * x[(size_t)(i * C + 100)];
        x[3 * C + 5] = NAN;
        x[40 * C + 1028] = INFINITY;
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
            std::vector<double> xq = QuantAll(dt, x);
            if (dt == ACL_FLOAT16) for (int64_t i = 0; i < R; i++) xq[(size_t)(i * C + 1025)] = Quant(dt, x[(size_t)(i * C + 20)]);
            VarCase(VAR_MEAN, dt, {R, C}, {0}, false, false, CONTIG, 1, dt, xq);
            VarCase(STD_MEAN, dt, {R, C}, {0}, false, true, STRIDED, 0, dt, xq);
            VarCase(VAR, dt, {R, 2, 515}, {0}, false, false, CONTIG, 1, dt, xq);
        }
    }
    // empty self: NaN where an output exists
    VarCase(VAR_CORR, ACL_FLOAT, {3, 0}, {1}, false, false, CONTIG, 1, ACL_FLOAT);
    VarCase(VAR_MEAN, ACL_FLOAT, {3, 0}, {1}, false, true, CONTIG, 1, ACL_FLOAT);
    VarCase(STD, ACL_FLOAT, {0, 3}, {1}, false, false, CONTIG, 1, ACL_FLOAT);
}

// ---- BatchNormStats ---------------------------------------------------------------------------
static void BnCase(aclDataType dt, const std::vector<int64_t> &shape, Layout lay, double eps)
{
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), 41 + shape.size(), 2));
    int64_t c = shape[1];
    DevTensor ti, tm, tv;
    if (!ti.Init(dt, shape, x, lay) || !tm.Init(ACL_FLOAT, {c}, {}, STRIDED) || !tv.Init(ACL_FLOAT, {c}, {}, CONTIG)) return;
    int rc = Run("BatchNormStats", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnBatchNormStatsGetWorkspaceSize(ti.t, eps, tm.t, tv.t, w, e); }, aclnnBatchNormStats);
    std::string what = Name("BatchNormStats", dt, shape, {}, false, lay, 0);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<int64_t> s2 = shape;
    uint64_t mask = ((1ull << shape.size()) - 1) & ~2ull;
    std::vector<std::vector<double>> groups = Groups(x, shape, mask);
    std::vector<double> gm, gi;
    for (auto &g : groups) {
        Stat s = RefStat(g, 0);
        gm.push_back(g.empty() ? 0.0 : Quant(ACL_FLOAT, s.mean));
        gi.push_back(g.empty() ? NAN : Quant(ACL_FLOAT, 1.0 / std::sqrt(s.var + eps)));
    }
    Close(what + " mean", ACL_FLOAT, tm.Read(), gm, 1e-6);
    Close(what + " invstd", ACL_FLOAT, tv.Read(), gi);
    EXPECT(tm.CountClobbered() == 0, "%s: mean written outside its view", what.c_str());
}

static void TestBatchNormStats()
{
    BnCase(ACL_FLOAT, {4, 3, 5, 2}, CONTIG, 1e-5);
    BnCase(ACL_FLOAT, {4, 3, 5, 2}, TRANSPOSED, 1e-3);
    BnCase(ACL_FLOAT16, {2, 5, 7}, STRIDED, 1e-5);
    BnCase(ACL_FLOAT, {8, 2}, CONTIG, 0.1);
    BnCase(ACL_FLOAT, {64, 4, 1000}, CONTIG, 1e-5);
    BnCase(ACL_FLOAT, {45, 1030}, CONTIG, 1e-5); // the rows walk: (N, C) over more rows than one pass
    BnCase(ACL_FLOAT16, {45, 1030}, STRIDED, 1e-5);
    BnCase(ACL_FLOAT, {2, 3, 1, 1, 1, 1, 2, 2}, CONTIG, 1e-5);
    BnCase(ACL_FLOAT, {0, 3, 4}, CONTIG, 1e-5); // empty batch: mean 0, invstd NaN
}

// ---- Aminmax ----------------------------------------------------------------------------------
enum MmApi { MM_LIST, MM_ALL, MM_DIM };

static void MinMaxCase(MmApi api, aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &dims,
                       bool keep, Layout lay, const std::vector<double> &xin = {})
{
    std::vector<double> x = xin;
    if (x.empty()) {
        x = RandomValues((size_t)GetShapeSize(shape), 5 + shape.size() * 3 + dims.size(), dt == ACL_FLOAT || dt == ACL_DOUBLE || dt == ACL_FLOAT16 || dt == ACL_BF16 ? 3 : 25);
        for (double &v : x) {
            if (dt == ACL_UINT8) v = std::fabs(v);
            if (dt == ACL_BOOL) v = v > 10;
            if (dt == ACL_INT64) v = std::nearbyint(v) * 1e15 + 1; // past 2^53: exact int64 compare
        }
        if (dt != ACL_INT64) x = QuantAll(dt, x);
    }
    uint64_t mask = api == MM_ALL ? MaskOf({}, shape.size()) : MaskOf(dims, shape.size());
    std::vector<int64_t> os = ReducedShape(shape, mask, api == MM_ALL ? false : keep);
    DevTensor ts, tlo, thi;
    if (!ts.Init(dt, shape, x, lay) || !tlo.Init(dt, os, {}, CONTIG) || !thi.Init(dt, os, {}, STRIDED)) return;
    aclIntArray *da = aclCreateIntArray(dims.data(), dims.size());
    int rc = -1;
    const char *nm = api == MM_LIST ? "Aminmax" : api == MM_ALL ? "AminmaxAll" : "AminmaxDim";
    switch (api) {
    case MM_LIST: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAminmaxGetWorkspaceSize(ts.t, da, keep, tlo.t, thi.t, w, e); }, aclnnAminmax); break;
    case MM_ALL: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAminmaxAllGetWorkspaceSize(ts.t, tlo.t, thi.t, w, e); }, aclnnAminmaxAll); break;
    case MM_DIM: rc = Run(nm, g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAminmaxDimGetWorkspaceSize(ts.t, dims[0], keep, tlo.t, thi.t, w, e); }, aclnnAminmaxDim); break;
    }
    aclDestroyIntArray(da);
    std::string what = Name(nm, dt, shape, dims, keep, lay, 0);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> alo = tlo.Read(), ahi = thi.Read();
    // int64 values are compared through the device bytes' exact decode (Decode is exact for them)
    std::vector<std::vector<double>> groups = Groups(x, shape, mask);
    size_t bad = 0;
    for (size_t o = 0; o < groups.size(); o++) {
        if (groups[o].empty()) { // empty self: the real op returns without writing
            bad += !(alo[o] == Quant(dt, -777.0) && ahi[o] == Quant(dt, -777.0));
            continue;
        }
        double lo = groups[o][0], hi = groups[o][0];
        bool nan = false;
        for (double v : groups[o]) { nan |= std::isnan(v); lo = std::min(lo, v); hi = std::max(hi, v); }
        if (nan) bad += !(std::isnan(alo[o]) && std::isnan(ahi[o]));
        else bad += !(alo[o] == lo && ahi[o] == hi);
    }
    EXPECT(bad == 0, "%s: %zu of %zu outputs wrong", what.c_str(), bad, groups.size());
    EXPECT(thi.CountClobbered() == 0, "%s: maxOut written outside its view", what.c_str());
}

static void TestAminmax()
{
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL};
    for (aclDataType dt : dts)
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
            for (int keep = 0; keep < 2; keep++) {
                MinMaxCase(MM_LIST, dt, {3, 4, 5}, {1}, keep, lay);
                MinMaxCase(MM_LIST, dt, {3, 4, 5}, {0, -1}, keep, lay);
                MinMaxCase(MM_LIST, dt, {3, 4, 5}, {}, keep, lay);
                MinMaxCase(MM_DIM, dt, {6, 7}, {-2}, keep, lay);
                MinMaxCase(MM_DIM, dt, {}, {0}, keep, lay);
                MinMaxCase(MM_LIST, dt, {}, {-1}, keep, lay);
            }
    for (aclDataType dt : dts) {
        MinMaxCase(MM_ALL, dt, {5, 9, 3}, {}, false, TRANSPOSED);
        MinMaxCase(MM_ALL, dt, {}, {}, false, CONTIG);
        MinMaxCase(MM_ALL, dt, {2, 1, 2, 1, 2, 1, 2, 3}, {}, false, STRIDED);
    }
    MinMaxCase(MM_ALL, ACL_FLOAT, {400000}, {}, false, CONTIG);
    MinMaxCase(MM_DIM, ACL_FLOAT16, {2, 150000}, {1}, false, CONTIG);
    MinMaxCase(MM_LIST, ACL_INT32, {3000, 70}, {0}, true, CONTIG);
    // NaN propagates to both (also when it sits in a later block's part); +-Inf, -0
    {
        std::vector<double> x(300000, 1.0);
        x[290000] = NAN;
        x[5] = -INFINITY;
        MinMaxCase(MM_ALL, ACL_FLOAT, {300000}, {}, false, CONTIG, x);
        std::vector<double> y = {0.0, -0.0, 3, -INFINITY, NAN, 2, 1, INFINITY, 5, 6, 7, 8};
        MinMaxCase(MM_DIM, ACL_FLOAT, {3, 4}, {1}, false, CONTIG, y);
        MinMaxCase(MM_LIST, ACL_FLOAT16, {3, 4}, {0}, true, STRIDED, y);
    }
    // the rows walk (dim 0 of a wide matrix, more rows than one pass, past one 1024-wide piece)
    {
        std::vector<double> x = RandomValues(45 * 1030, 17, 3);
        x[3 * 1030 + 5] = NAN;
        x[44 * 1030 + 1027] = NAN;
        x[0 * 1030 + 1026] = INFINITY;
        x[40 * 1030 + 9] = -INFINITY;
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16})
            for (Layout lay : {CONTIG, STRIDED})
                MinMaxCase(MM_LIST, dt, {45, 1030}, {0}, false, lay, QuantAll(dt, x));
    }
    // empty self: nothing written, success
    MinMaxCase(MM_ALL, ACL_FLOAT, {0, 3}, {}, false, CONTIG);
    MinMaxCase(MM_DIM, ACL_FLOAT, {0, 3}, {1}, false, CONTIG);
}

// ---- ReduceLogSum / global pools ---------------------------------------------------------------
static void LogSumCase(aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &axes, bool keep,
                       bool noop, Layout lay)
{
    std::vector<double> x = RandomValues((size_t)GetShapeSize(shape), 17 + axes.size(), 2);
    for (double &v : x) v = std::fabs(v) + 0.01;
    x = QuantAll(dt, x);
    bool copy = axes.empty() && noop;
    uint64_t mask = copy ? 0 : MaskOf(axes, shape.size());
    std::vector<int64_t> os = ReducedShape(shape, mask, keep);
    DevTensor ts, to;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(dt, os, {}, STRIDED)) return;
    aclIntArray *da = aclCreateIntArray(axes.data(), axes.size());
    int rc = Run("ReduceLogSum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceLogSumGetWorkspaceSize(ts.t, da, keep, noop, to.t, w, e); }, aclnnReduceLogSum);
    aclDestroyIntArray(da);
    std::string what = Name("ReduceLogSum", dt, shape, axes, keep, lay, 0) + (noop ? " noop" : "");
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> g;
    for (auto &grp : Groups(x, shape, mask)) {
        long double s = 0;
        for (double v : grp) s += v;
        g.push_back(Quant(dt, copy ? grp[0] : grp.empty() ? 0.0 : (double)std::log(s)));
    }
    Close(what, dt, to.Read(), g, 1e-6);
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
}

static void PoolCase(bool avg, aclDataType dt, const std::vector<int64_t> &shape, Layout lay)
{
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(shape), 61 + shape.size(), 3));
    uint64_t mask = ((1ull << shape.size()) - 1) & ~3ull;
    std::vector<int64_t> os = ReducedShape(shape, mask, true);
    DevTensor ts, to;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(dt, os, {}, CONTIG)) return;
    int rc = avg ? Run("GlobalAveragePool", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGlobalAveragePoolGetWorkspaceSize(ts.t, to.t, w, e); }, aclnnGlobalAveragePool)
                 : Run("GlobalMaxPool", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGlobalMaxPoolGetWorkspaceSize(ts.t, to.t, w, e); }, aclnnGlobalMaxPool);
    std::string what = Name(avg ? "GlobalAveragePool" : "GlobalMaxPool", dt, shape, {}, true, lay, 0);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> g;
    for (auto &grp : Groups(x, shape, mask)) {
        long double s = 0;
        double m = -INFINITY;
        for (double v : grp) { s += v; m = std::max(m, v); }
        g.push_back(Quant(dt, avg ? (double)(s / grp.size()) : m));
    }
    Close(what, dt, to.Read(), g, 1e-6);
}

static void TestLogSumPools()
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16})
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
            for (int keep = 0; keep < 2; keep++) {
                LogSumCase(dt, {3, 4, 5}, {1}, keep, false, lay);
                LogSumCase(dt, {3, 4, 5}, {-1, 0}, keep, false, lay);
                LogSumCase(dt, {3, 4, 5}, {}, keep, false, lay);
                LogSumCase(dt, {3, 4, 5}, {}, keep, true, lay); // copy
                LogSumCase(dt, {}, {}, keep, false, lay);
            }
    LogSumCase(ACL_FLOAT, {2, 200000}, {1}, false, false, CONTIG);
    LogSumCase(ACL_FLOAT, {3, 0}, {1}, false, false, CONTIG); // empty data: 0
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE})
        for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
            for (int avg = 0; avg < 2; avg++) {
                PoolCase(avg, dt, {2, 3, 4, 5}, lay);
                PoolCase(avg, dt, {2, 3, 2, 3, 4}, lay);
                PoolCase(avg, dt, {1, 2, 1, 1, 2, 1, 3, 2}, lay);
            }
    PoolCase(true, ACL_BF16, {2, 3, 4, 5}, CONTIG);
    PoolCase(true, ACL_FLOAT, {2, 2, 300, 300}, CONTIG);
    PoolCase(false, ACL_FLOAT16, {1, 1, 500, 400}, CONTIG);
}

// ---- validation ---------------------------------------------------------------------------------
static void TestValidation()
{
    DevTensor s, o, o32, obad, s9, o1, oc, oc2, s4, o4, s3;
    if (!s.Init(ACL_FLOAT, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !o32.Init(ACL_INT32, {2}, {}, CONTIG) || !obad.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !s9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2}, {}, CONTIG) || !o1.Init(ACL_FLOAT, {}, {}, CONTIG) ||
        !oc.Init(ACL_FLOAT, {3}, {}, CONTIG) || !oc2.Init(ACL_FLOAT, {3, 1}, {}, CONTIG) ||
        !s4.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) || !o4.Init(ACL_FLOAT, {2, 3, 1, 2}, {}, CONTIG) ||
        !s3.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG)) return;
    std::vector<int64_t> d1 = {1}, dbad = {2}, drep = {1, -1}, dm3 = {-3};
    aclIntArray *a1 = aclCreateIntArray(d1.data(), 1), *abad = aclCreateIntArray(dbad.data(), 1),
                *arep = aclCreateIntArray(drep.data(), 2), *am3 = aclCreateIntArray(dm3.data(), 1),
                *none = aclCreateIntArray(nullptr, 0);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int NUL = ACLNN_ERR_PARAM_NULLPTR, INV = ACLNN_ERR_PARAM_INVALID;
    // Var family: null -> dtype -> dims -> shape
    ExpectError("Var null self", aclnnVarGetWorkspaceSize(nullptr, a1, true, false, o.t, &ws, &ex), NUL, "self");
    ExpectError("Var null out", aclnnVarGetWorkspaceSize(s.t, a1, true, false, nullptr, &ws, &ex), NUL, "out");
    ExpectError("Var out INT32", aclnnVarGetWorkspaceSize(s.t, a1, true, false, o32.t, &ws, &ex), INV, "out", "DT_INT32");
    ExpectError("Var dim range", aclnnVarGetWorkspaceSize(s.t, abad, true, false, o.t, &ws, &ex), INV, "Provided dim 2 must be in the range of [-2, 1]");
    ExpectError("Var repeated dim", aclnnVarGetWorkspaceSize(s.t, arep, true, false, o.t, &ws, &ex), INV, "appears multiple times");
    ExpectError("Var out shape", aclnnVarGetWorkspaceSize(s.t, a1, true, false, obad.t, &ws, &ex), INV, "shape");
    ExpectError("Var rank 9", aclnnVarGetWorkspaceSize(s9.t, a1, true, false, o.t, &ws, &ex), INV, "no more than 8");
    ExpectError("VarCorrection out shape", aclnnVarCorrectionGetWorkspaceSize(s.t, a1, 1, true, o.t, &ws, &ex), INV, "shape");
    ExpectError("VarMean null meanOut", aclnnVarMeanGetWorkspaceSize(s.t, a1, 1, false, o.t, nullptr, &ws, &ex), NUL, "meanOut");
    ExpectError("VarMean null varOut", aclnnVarMeanGetWorkspaceSize(s.t, a1, 1, false, nullptr, o.t, &ws, &ex), NUL, "varOut");
    ExpectError("VarMean meanOut shape", aclnnVarMeanGetWorkspaceSize(s.t, a1, 1, false, o.t, obad.t, &ws, &ex), INV, "meanOut");
    ExpectError("VarMean varOut INT32", aclnnVarMeanGetWorkspaceSize(s.t, a1, 1, false, o32.t, o.t, &ws, &ex), INV, "varOut", "DT_INT32");
    ExpectError("Std null self", aclnnStdGetWorkspaceSize(nullptr, a1, 1, false, o.t, &ws, &ex), NUL, "self");
    ExpectError("Std out INT32", aclnnStdGetWorkspaceSize(s.t, a1, 1, false, o32.t, &ws, &ex), INV, "DT_INT32");
    ExpectError("Std dim range", aclnnStdGetWorkspaceSize(s.t, am3, 1, false, o.t, &ws, &ex), INV, "range of [-2, 1]");
    ExpectError("StdMeanCorrection dim range", aclnnStdMeanCorrectionGetWorkspaceSize(s.t, abad, 1, false, o.t, o.t, &ws, &ex), INV, "Dimension out of range", "but got 2");
    ExpectError("StdMeanCorrection null meanOut", aclnnStdMeanCorrectionGetWorkspaceSize(s.t, a1, 1, false, o.t, nullptr, &ws, &ex), NUL, "meanOut");
    ExpectError("StdMeanCorrection stdOut shape", aclnnStdMeanCorrectionGetWorkspaceSize(s.t, a1, 1, false, obad.t, o.t, &ws, &ex), INV, "stdOut");
    {
        DevTensor oh;
        if (oh.Init(ACL_FLOAT16, {2}, {}, CONTIG))
            ExpectError("StdMeanCorrection stdOut dtype != self", aclnnStdMeanCorrectionGetWorkspaceSize(s.t, a1, 1, false, oh.t, o.t, &ws, &ex), INV, "stdOut");
    }
    // BatchNormStats
    ExpectError("BatchNormStats null invstd", aclnnBatchNormStatsGetWorkspaceSize(s.t, 1e-5, oc.t, nullptr, &ws, &ex), NUL, "invstd");
    ExpectError("BatchNormStats mean INT32", aclnnBatchNormStatsGetWorkspaceSize(s.t, 1e-5, o32.t, oc.t, &ws, &ex), INV, "mean", "DT_INT32");
    ExpectError("BatchNormStats rank 1", aclnnBatchNormStatsGetWorkspaceSize(oc.t, 1e-5, oc.t, oc.t, &ws, &ex), INV, "no less than 2");
    ExpectError("BatchNormStats mean 2-D", aclnnBatchNormStatsGetWorkspaceSize(s.t, 1e-5, oc2.t, oc.t, &ws, &ex), INV, "mean");
    ExpectError("BatchNormStats mean [2]", aclnnBatchNormStatsGetWorkspaceSize(s.t, 1e-5, o.t, oc.t, &ws, &ex), INV, "mean");
    {
        DevTensor z, zc;
        if (z.Init(ACL_FLOAT, {2, 0, 3}, {}, CONTIG) && zc.Init(ACL_FLOAT, {0}, {}, CONTIG))
            ExpectError("BatchNormStats no channels", aclnnBatchNormStatsGetWorkspaceSize(z.t, 1e-5, zc.t, zc.t, &ws, &ex), INV, "Channel size");
    }
    // Aminmax family
    ExpectError("Aminmax null dim", aclnnAminmaxGetWorkspaceSize(s.t, nullptr, false, o.t, o.t, &ws, &ex), NUL, "dim");
    ExpectError("Aminmax null maxOut", aclnnAminmaxGetWorkspaceSize(s.t, a1, false, o.t, nullptr, &ws, &ex), NUL, "maxOut");
    ExpectError("Aminmax minOut dtype", aclnnAminmaxGetWorkspaceSize(s.t, a1, false, o32.t, o.t, &ws, &ex), INV, "minOut");
    ExpectError("Aminmax dim range", aclnnAminmaxGetWorkspaceSize(s.t, abad, false, o.t, o.t, &ws, &ex), INV, "Expected dim to be in range of [-2, 1], but got 2");
    ExpectError("Aminmax maxOut shape", aclnnAminmaxGetWorkspaceSize(s.t, a1, false, o.t, obad.t, &ws, &ex), INV, "maxOut");
    ExpectError("AminmaxAll null self", aclnnAminmaxAllGetWorkspaceSize(nullptr, o1.t, o1.t, &ws, &ex), NUL, "self");
    ExpectError("AminmaxAll maxOut shape", aclnnAminmaxAllGetWorkspaceSize(s.t, o1.t, obad.t, &ws, &ex), INV, "maxOut");
    ExpectError("AminmaxDim range", aclnnAminmaxDimGetWorkspaceSize(s.t, -3, false, o.t, o.t, &ws, &ex), INV, "Provided dim -3");
    {
        DevTensor e, eo, u;
        if (e.Init(ACL_FLOAT, {2, 0}, {}, CONTIG) && eo.Init(ACL_FLOAT, {2}, {}, CONTIG) && u.Init(ACL_COMPLEX64, {2, 3}, {}, CONTIG)) { // outside the list (and 8 bytes, as the test encoder writes)
            ExpectError("AminmaxDim empty dim", aclnnAminmaxDimGetWorkspaceSize(e.t, 1, false, eo.t, eo.t, &ws, &ex), INV, "non-zero size");
            ExpectError("Aminmax empty self, 2 dims", aclnnAminmaxGetWorkspaceSize(e.t, none, false, eo.t, eo.t, &ws, &ex), INV, "not empty");
            ExpectError("Aminmax COMPLEX64", aclnnAminmaxGetWorkspaceSize(u.t, a1, false, o.t, o.t, &ws, &ex), INV, "DT_COMPLEX64");
        }
    }
    // ReduceLogSum
    ExpectError("ReduceLogSum null axes", aclnnReduceLogSumGetWorkspaceSize(s.t, nullptr, false, false, o.t, &ws, &ex), NUL, "axes");
    ExpectError("ReduceLogSum reduce INT32", aclnnReduceLogSumGetWorkspaceSize(s.t, a1, false, false, o32.t, &ws, &ex), INV, "DT_INT32");
    ExpectError("ReduceLogSum axes range", aclnnReduceLogSumGetWorkspaceSize(s.t, abad, false, false, o.t, &ws, &ex), INV, "Provided axes 2 not in the range");
    ExpectError("ReduceLogSum repeated axes", aclnnReduceLogSumGetWorkspaceSize(s.t, arep, false, false, o.t, &ws, &ex), INV, "Axes 1 appears multiple times");
    ExpectError("ReduceLogSum reduce shape", aclnnReduceLogSumGetWorkspaceSize(s.t, a1, false, false, obad.t, &ws, &ex), INV, "shape");
    // global pools
    ExpectError("GlobalMaxPool null out", aclnnGlobalMaxPoolGetWorkspaceSize(s4.t, nullptr, &ws, &ex), NUL, "out");
    ExpectError("GlobalMaxPool rank 3", aclnnGlobalMaxPoolGetWorkspaceSize(s3.t, s3.t, &ws, &ex), INV, "no less than 4");
    ExpectError("GlobalMaxPool out shape", aclnnGlobalMaxPoolGetWorkspaceSize(s4.t, o4.t, &ws, &ex), INV, "shape");
    ExpectError("GlobalAveragePool out dtype", aclnnGlobalAveragePoolGetWorkspaceSize(s4.t, o32.t, &ws, &ex), INV, "DT_INT32");
    ExpectError("GlobalAveragePool out rank", aclnnGlobalAveragePoolGetWorkspaceSize(s4.t, o.t, &ws, &ex), INV, "dim num");
    {
        int64_t sh[4] = {2, 3, 4, 5}, ost[4] = {3, 1, 1, 1}, osh[4] = {2, 3, 1, 1};
        int64_t st[4] = {60, 20, 5, 1};
        void *dev = nullptr;
        aclrtMalloc(&dev, 480, ACL_MEM_MALLOC_HUGE_FIRST);
        aclTensor *nchw = aclCreateTensor(sh, 4, ACL_FLOAT, st, 0, ACL_FORMAT_NCHW, sh, 4, dev);
        aclTensor *ond = aclCreateTensor(osh, 4, ACL_FLOAT, ost, 0, ACL_FORMAT_ND, osh, 4, dev);
        aclTensor *nhwc = aclCreateTensor(sh, 4, ACL_FLOAT, st, 0, ACL_FORMAT_NHWC, sh, 4, dev);
        aclTensor *onhwc = aclCreateTensor(osh, 4, ACL_FLOAT, ost, 0, ACL_FORMAT_NHWC, osh, 4, dev);
        ExpectError("GlobalAveragePool formats differ", aclnnGlobalAveragePoolGetWorkspaceSize(nchw, ond, &ws, &ex), INV, "format");
        ExpectError("GlobalMaxPool NHWC", aclnnGlobalMaxPoolGetWorkspaceSize(nhwc, onhwc, &ws, &ex), INV, "NCHW");
        aclDestroyTensor(nchw); aclDestroyTensor(ond); aclDestroyTensor(nhwc); aclDestroyTensor(onhwc);
        aclrtFree(dev);
    }
    aclDestroyIntArray(a1); aclDestroyIntArray(abad); aclDestroyIntArray(arep); aclDestroyIntArray(am3); aclDestroyIntArray(none);
}

// Dtype lists per chip: VarMean / BatchNormStats / ReduceLogSum take BF16 only on the regbase
// arch (950); on a 310P nothing takes BF16; GlobalAveragePool's BF16 is A2 / A3 only.
static void TestChipLists(bool is310p)
{
    DevTensor s, o, oc, s4, o4;
    if (!s.Init(ACL_BF16, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !o.Init(ACL_BF16, {2}, {}, CONTIG) ||
        !oc.Init(ACL_FLOAT, {3}, {}, CONTIG) || !s4.Init(ACL_BF16, {2, 3, 4, 5}, {}, CONTIG) || !o4.Init(ACL_BF16, {2, 3, 1, 1}, {}, CONTIG)) return;
    std::vector<int64_t> d1 = {1};
    aclIntArray *a1 = aclCreateIntArray(d1.data(), 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int INV = ACLNN_ERR_PARAM_INVALID;
    ExpectError("VarMean BF16", aclnnVarMeanGetWorkspaceSize(s.t, a1, 1, false, o.t, o.t, &ws, &ex), INV, "DT_BF16");
    ExpectError("BatchNormStats BF16", aclnnBatchNormStatsGetWorkspaceSize(s.t, 1e-5, oc.t, oc.t, &ws, &ex), INV, "DT_BF16");
    ExpectError("ReduceLogSum BF16", aclnnReduceLogSumGetWorkspaceSize(s.t, a1, false, false, o.t, &ws, &ex), INV, "DT_BF16");
    if (is310p) {
        ExpectError("310P Var BF16", aclnnVarGetWorkspaceSize(s.t, a1, true, false, o.t, &ws, &ex), INV, "DT_BF16");
        ExpectError("310P Std BF16", aclnnStdGetWorkspaceSize(s.t, a1, 1, false, o.t, &ws, &ex), INV, "DT_BF16");
        ExpectError("310P Aminmax BF16", aclnnAminmaxDimGetWorkspaceSize(s.t, 1, false, o.t, o.t, &ws, &ex), INV, "DT_BF16");
        ExpectError("310P GlobalAveragePool BF16", aclnnGlobalAveragePoolGetWorkspaceSize(s4.t, o4.t, &ws, &ex), INV, "DT_BF16");
        // what the 310P does take
        VarCase(VAR_MEAN, ACL_FLOAT16, {4, 6}, {1}, false, false, CONTIG, 1, ACL_FLOAT16);
        MinMaxCase(MM_DIM, ACL_INT32, {5, 6}, {0}, false, STRIDED);
        PoolCase(false, ACL_FLOAT16, {2, 3, 4, 5}, TRANSPOSED);
        BnCase(ACL_FLOAT16, {3, 4, 5}, CONTIG, 1e-5);
    }
    aclDestroyIntArray(a1);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = std::string(aclrtGetSocName()).find("Ascend310P") == 0;
    if (!is310p) {
        TestVariance();
        TestBatchNormStats();
        TestAminmax();
        TestLogSumPools();
    }
    TestValidation();
    TestChipLists(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
