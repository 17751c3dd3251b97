// The ops-math reductions (ReduceSum, ReduceNansum, Mean, MeanV2, Amax, Amin, MaxV2, Max, Min,
// ArgMax, ArgMin, MaxDim, MinDim, Prod, ProdDim, Any, All, LogSumExp) called as the ops-math
// examples do, checked against a reference written here in double / int64 (integer sums wrap
// like the dtype): dims lists incl. negative, empty (= all) and 0-d self, keepdim, contiguous /
// strided / transposed views, empty tensors, long reductions split over several blocks, rows
// reduced across the contiguous dim, NaN / Inf, and the validation paths with their codes.
#include <cstdint>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_all.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_any.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"
#include "aclnnop/aclnn_linalg_vector_norm.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_norm.h"
#include "aclnnop/aclnn_max.h"
#include "aclnnop/aclnn_max_dim.h"
#include "aclnnop/aclnn_max_v2.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_min.h"
#include "aclnnop/aclnn_min_dim.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_reduce_nansum.h"
#include "aclnnop/aclnn_reduce_sum.h"

static aclrtStream g_stream;

enum Op { SUM, NANSUM, MEAN, PROD, AMAX, AMIN, ARGMAX, ARGMIN, ANY, ALL, LSE };

static bool IsInt(aclDataType dt) { return dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_DOUBLE; }

// Wraps v to the integer dtype dt (two's complement), as integer arithmetic in dt does.
static double Wrap(aclDataType dt, int64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)(uint8_t)((uint64_t)v & 0xff);
    case ACL_UINT8: return (uint8_t)((uint64_t)v & 0xff);
    case ACL_INT16: return (int16_t)(uint16_t)((uint64_t)v & 0xffff);
    case ACL_INT32: return (int32_t)(uint32_t)((uint64_t)v & 0xffffffffu);
    case ACL_BOOL: return v != 0;
    default: return (double)v;
    }
}

// Reference: values in row-major order of shape; result in row-major order of the reduced shape.
// comp: dtype elements are converted to first. idx receives arg indices (flat over reduced dims).
static std::vector<double> Ref(Op op, const std::vector<double> &x, const std::vector<int64_t> &shape, uint64_t mask,
                               aclDataType comp, std::vector<double> *idx = nullptr)
{
    size_t nd = shape.size();
    std::vector<int64_t> kshape, rshape;
    for (size_t d = 0; d < nd; d++) ((mask >> d) & 1 ? rshape : kshape).push_back(shape[d]);
    int64_t nout = GetShapeSize(kshape), nred = GetShapeSize(rshape);
    std::vector<double> out((size_t)nout);
    if (idx) idx->assign((size_t)nout, 0);
    for (int64_t o = 0; o < nout; o++) {
        double s = op == PROD ? 1 : 0, best = 0, m = -INFINITY, se = 0;
        int64_t is = op == PROD ? 1 : 0, bi = -1;
        bool b = op == ALL;
        for (int64_t r = 0; r < nred; r++) {
            // compose the full index from o (kept) and r (reduced)
            int64_t ko = o, ro = r, flat = 0;
            int64_t full[8] = {0};
            for (int64_t d = (int64_t)nd - 1; d >= 0; d--) {
                if ((mask >> d) & 1) { full[d] = ro % shape[(size_t)d]; ro /= shape[(size_t)d]; }
                else { full[d] = ko % shape[(size_t)d]; ko /= shape[(size_t)d]; }
            }
            for (size_t d = 0; d < nd; d++) flat = flat * shape[d] + full[d];
            double v = Quant(comp, x[(size_t)flat]);
            bool vnan = std::isnan(v);
            switch (op) {
            case SUM: case MEAN: if (IsInt(comp)) is += (int64_t)v; else s += v; break;
            case NANSUM: if (IsInt(comp)) is += (int64_t)v; else if (!vnan) s += v; break;
            case PROD: if (IsInt(comp)) is = (int64_t)((uint64_t)is * (uint64_t)(int64_t)v); else s *= v; break;
            case AMAX: case ARGMAX:
                if (bi < 0 || (!std::isnan(best) && (vnan || v > best))) { best = v; bi = r; }
                break;
            case AMIN: case ARGMIN:
                if (bi < 0 || (!std::isnan(best) && (vnan || v < best))) { best = v; bi = r; }
                break;
            case ANY: b = b || v != 0; break;
            case ALL: b = b && v != 0; break;
            case LSE: if (vnan || v > m) m = v; break;
            }
        }
        if (op == LSE && !std::isnan(m) && std::isfinite(m)) {
            for (int64_t r = 0; r < nred; r++) {
                int64_t ko = o, ro = r, flat = 0;
                int64_t full[8] = {0};
                for (int64_t d = (int64_t)nd - 1; d >= 0; d--) {
                    if ((mask >> d) & 1) { full[d] = ro % shape[(size_t)d]; ro /= shape[(size_t)d]; }
                    else { full[d] = ko % shape[(size_t)d]; ko /= shape[(size_t)d]; }
                }
                for (size_t d = 0; d < nd; d++) flat = flat * shape[d] + full[d];
                se += std::exp(Quant(comp, x[(size_t)flat]) - m);
            }
        }
        double res = 0;
        switch (op) {
        case SUM: case NANSUM: case PROD: res = IsInt(comp) ? Wrap(comp, is) : s; break;
        case MEAN: res = (IsInt(comp) ? (double)is : s) / (double)nred; break;
        case AMAX: case AMIN: res = best; break;
        case ARGMAX: case ARGMIN: res = (double)bi; break;
        case ANY: case ALL: res = b; break;
        case LSE: res = std::isnan(m) || std::isinf(m) ? m : m + std::log(se); break;
        }
        if (idx) (*idx)[(size_t)o] = (double)bi;
        out[(size_t)o] = res;
    }
    return out;
}

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
    uint64_t m = 0;
    for (int64_t d : dims) m |= 1ull << (d < 0 ? d + (int64_t)nd : d);
    if (dims.empty()) m = nd ? (1ull << nd) - 1 : 0;
    return nd ? m : 0;
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, IsInt(dt) ? 50 : 2);
    if (dt == ACL_BOOL) for (double &x : v) x = x > 10;
    if (dt == ACL_UINT8) for (double &x : v) x = std::fabs(x);
    return QuantAll(dt, v);
}

static std::string Name(const char *op, aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &dims,
                        bool keep, Layout lay)
{
    std::string s = std::string(op) + " " + DtName(dt) + " [";
    for (auto x : shape) s += std::to_string(x) + ",";
    s += "] dims {";
    for (auto x : dims) s += std::to_string(x) + ",";
    s += "}" + std::string(keep ? " keep" : "") + (lay == STRIDED ? " strided" : lay == TRANSPOSED ? " transposed" : "");
    return s;
}

// One call of a dims-list reduction with out of dtype odt; compares with Ref.
// poke: (flat index, value) pairs written over the random values (special values).
static void Case(Op op, aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &dims, bool keep,
                 Layout lay, aclDataType odt, aclDataType comp, uint64_t seed,
                 const std::vector<std::pair<size_t, double>> &poke = {})
{
    std::vector<double> x = Values(dt, (size_t)GetShapeSize(shape), seed);
    for (auto &pv : poke) x[pv.first] = Quant(dt, pv.second);
    uint64_t mask = MaskOf(dims, shape.size());
    std::vector<int64_t> oshape = ReducedShape(shape, mask, keep);
    DevTensor ts, to;
    if (!ts.Init(dt, shape, x, lay) || !to.Init(odt, oshape, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG)) return;
    aclIntArray *da = aclCreateIntArray(dims.data(), dims.size());
    static const char *names[] = {"ReduceSum", "ReduceNansum", "Mean", "Prod", "Amax", "Amin", "ArgMax", "ArgMin", "Any", "All", "LogSumExp"};
    int rc = -1;
    switch (op) {
    case SUM: rc = Run("ReduceSum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceSumGetWorkspaceSize(ts.t, da, keep, odt, to.t, w, e); }, aclnnReduceSum); break;
    case NANSUM: rc = Run("ReduceNansum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceNansumGetWorkspaceSize(ts.t, da, keep, odt, to.t, w, e); }, aclnnReduceNansum); break;
    case MEAN: rc = Run("Mean", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMeanGetWorkspaceSize(ts.t, da, keep, odt, to.t, w, e); }, aclnnMean); break;
    case AMAX: rc = Run("Amax", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAmaxGetWorkspaceSize(ts.t, da, keep, to.t, w, e); }, aclnnAmax); break;
    case AMIN: rc = Run("Amin", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAminGetWorkspaceSize(ts.t, da, keep, to.t, w, e); }, aclnnAmin); break;
    case ANY: rc = Run("Any", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAnyGetWorkspaceSize(ts.t, da, keep, to.t, w, e); }, aclnnAny); break;
    case ALL: rc = Run("All", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAllGetWorkspaceSize(ts.t, da, keep, to.t, w, e); }, aclnnAll); break;
    case LSE: rc = Run("LogSumExp", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSumExpGetWorkspaceSize(ts.t, da, keep, to.t, w, e); }, aclnnLogSumExp); break;
    default: break;
    }
    aclDestroyIntArray(da);
    std::string what = Name(names[op], dt, shape, dims, keep, lay);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc) return;
    std::vector<double> g = Ref(op, x, shape, mask, comp), a = to.Read();
    for (double &v : g) v = Quant(odt, v);
    if (IsInt(odt) || op == AMAX || op == AMIN) {
        size_t bad = 0;
        for (size_t i = 0; i < g.size(); i++) bad += !(a[i] == g[i] || (std::isnan(a[i]) && std::isnan(g[i])));
        EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
    } else {
        CheckDtype(what.c_str(), odt, a, g);
    }
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
}

static void TestDimsReductions()
{
    const Layout lays[] = {CONTIG, STRIDED, TRANSPOSED};
    struct { std::vector<int64_t> shape, dims; } geo[] = {
        {{2, 3, 4}, {1}}, {{2, 3, 4}, {0, 2}}, {{2, 3, 4}, {}}, {{2, 3, 4}, {-1}}, {{5, 7}, {0}}, {{5, 7}, {1}},
        {{3, 1, 4, 2}, {1, 3}}, {{2, 2, 2, 2, 2, 2, 2, 3}, {0, 3, 7}}, {{}, {}}, {{6}, {0}},
    };
    uint64_t seed = 1;
    for (Layout lay : lays)
        for (auto &g : geo)
            for (int keep = 0; keep < 2; keep++) {
                Case(SUM, ACL_FLOAT, g.shape, g.dims, keep, lay, ACL_FLOAT, ACL_FLOAT, seed++);
                Case(MEAN, ACL_FLOAT16, g.shape, g.dims, keep, lay, ACL_FLOAT16, ACL_FLOAT16, seed++);
                Case(AMAX, ACL_BF16, g.shape, g.dims, keep, lay, ACL_BF16, ACL_BF16, seed++);
                Case(AMIN, ACL_INT32, g.shape, g.dims, keep, lay, ACL_INT32, ACL_INT32, seed++);
                Case(ANY, ACL_FLOAT, g.shape, g.dims, keep, lay, ACL_BOOL, ACL_FLOAT, seed++);
                Case(ALL, ACL_INT8, g.shape, g.dims, keep, lay, ACL_UINT8, ACL_INT8, seed++);
                Case(LSE, ACL_FLOAT, g.shape, g.dims, keep, lay, ACL_FLOAT, ACL_FLOAT, seed++);
            }
    // dtypes of ReduceSum: elements converted to dtype, integer sums wrap in it
    Case(SUM, ACL_INT8, {40, 30}, {0}, false, CONTIG, ACL_INT8, ACL_INT8, 100);
    Case(SUM, ACL_INT8, {40, 30}, {1}, false, STRIDED, ACL_INT32, ACL_INT32, 101);
    Case(SUM, ACL_INT32, {3, 500}, {1}, true, CONTIG, ACL_INT64, ACL_INT64, 102);
    Case(SUM, ACL_BOOL, {7, 9}, {1}, false, CONTIG, ACL_INT64, ACL_INT64, 103);
    Case(SUM, ACL_FLOAT, {7, 9}, {0}, false, TRANSPOSED, ACL_FLOAT16, ACL_FLOAT16, 104);
    Case(SUM, ACL_FLOAT, {7, 9}, {1}, false, CONTIG, ACL_INT32, ACL_INT32, 105); // each element truncated first
    Case(SUM, ACL_DOUBLE, {11, 13}, {0, 1}, false, CONTIG, ACL_DOUBLE, ACL_DOUBLE, 106);
    Case(SUM, ACL_BF16, {11, 130}, {1}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 107);
    Case(SUM, ACL_FLOAT, {4, 5}, {1}, false, CONTIG, ACL_BOOL, ACL_BOOL, 108); // a sum to BOOL is any()
    Case(NANSUM, ACL_FLOAT, {6, 50}, {1}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 109);
    Case(MEAN, ACL_INT32, {6, 50}, {0}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 110);
    Case(MEAN, ACL_FLOAT, {6, 50}, {0}, false, CONTIG, ACL_DOUBLE, ACL_DOUBLE, 111);
    Case(AMAX, ACL_UINT8, {6, 50}, {0}, false, CONTIG, ACL_UINT8, ACL_UINT8, 112);
    Case(AMAX, ACL_BOOL, {6, 50}, {1}, false, CONTIG, ACL_BOOL, ACL_BOOL, 113);
    Case(AMIN, ACL_DOUBLE, {6, 50}, {1}, false, CONTIG, ACL_DOUBLE, ACL_DOUBLE, 114);
    Case(LSE, ACL_INT32, {6, 50}, {1}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 115);
    Case(LSE, ACL_FLOAT16, {6, 50}, {0}, true, CONTIG, ACL_FLOAT16, ACL_FLOAT16, 116);
    // long reductions over fewer outputs than blocks: parts merged in order; rows mode across the
    // contiguous dim (reduce dim 0 of a wide tensor)
    Case(SUM, ACL_FLOAT, {3, 200000}, {1}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 120);
    Case(SUM, ACL_FLOAT16, {400000}, {}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 121);
    Case(MEAN, ACL_FLOAT, {2, 150001}, {1}, true, STRIDED, ACL_FLOAT, ACL_FLOAT, 122);
    Case(AMAX, ACL_FLOAT, {300000}, {0}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 123);
    Case(AMIN, ACL_INT64, {2, 140000}, {1}, false, CONTIG, ACL_INT64, ACL_INT64, 124);
    Case(LSE, ACL_FLOAT, {2, 140000}, {1}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 125);
    Case(ALL, ACL_FLOAT, {200000}, {}, false, CONTIG, ACL_BOOL, ACL_FLOAT, 126);
    Case(SUM, ACL_FLOAT, {3000, 700}, {0}, false, CONTIG, ACL_FLOAT, ACL_FLOAT, 127);
    Case(AMAX, ACL_FLOAT16, {500, 2, 300}, {0, 1}, true, CONTIG, ACL_FLOAT16, ACL_FLOAT16, 128);
    Case(MEAN, ACL_BF16, {256, 1000}, {0}, false, CONTIG, ACL_BF16, ACL_BF16, 129);
}

// (sum |v|^p)^(1/p) in double; p = 0 counts non-zeros, +-Inf the max / min |v|; a NaN decides.
static double NormRef(const std::vector<double> &v, double p)
{
    double r = p == -INFINITY ? INFINITY : 0.0;
    bool nan = false;
    for (double x : v) {
        double a = std::fabs(x);
        nan |= std::isnan(a);
        if (p == INFINITY) r = std::max(r, a);
        else if (p == -INFINITY) r = std::min(r, a);
        else if (p == 0) r += a != 0;
        else r += std::pow(a, p);
    }
    return nan ? NAN : (p == 0 || std::isinf(p)) ? r : std::pow(r, 1.0 / p);
}

// The rows walk (a reduction across the contiguous kept dim, e.g. over dim 0 of a wide matrix) of
// every op: more rows than one pass of the kernel (32) with a tail, outputs past one 1024-wide
// piece, FP32 / FP16, contiguous and strided, NaN / +-Inf / zeros in single columns.
static void TestRowsWalk()
{
    const int64_t R = 45, C = 1030;
    std::vector<std::pair<size_t, double>> poke = {
        {3 * C + 5, NAN}, {40 * C + 1027, NAN}, {30 * C + 7, INFINITY}, {31 * C + 8, -INFINITY},
        {33 * C + 11, 0.0}, {44 * C + 1029, INFINITY}, {0 * C + 1026, NAN}, {5 * C + 1026, INFINITY}};
    uint64_t seed = 4000;
    for (Op op : {SUM, NANSUM, MEAN, AMAX, AMIN, ANY, ALL, LSE}) {
        bool lg = op == ANY || op == ALL;
        Case(op, ACL_FLOAT, {R, C}, {0}, false, CONTIG, lg ? ACL_BOOL : ACL_FLOAT, ACL_FLOAT, seed++, poke);
        Case(op, ACL_FLOAT16, {R, C}, {0}, false, STRIDED, lg ? ACL_BOOL : ACL_FLOAT16, ACL_FLOAT16, seed++, poke);
        Case(op, ACL_FLOAT, {R, 3, 350}, {0}, true, CONTIG, lg ? ACL_BOOL : ACL_FLOAT, ACL_FLOAT, seed++);
    }
    // Prod (values near 1: no overflow over 45 rows) and the norms over dim 0 (a NaN propagates,
    // also for p = 0, as the per-output walk has it)
    std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues((size_t)(R * C), 4100, 0.5));
    for (double &v : x) v = Quant(ACL_FLOAT, 1.0 + v * 0.1);
    x[7] = 0;
    x[20 * C + 9] = NAN;
    x[30 * C + 1020] = -INFINITY;
    for (Layout lay : {CONTIG, STRIDED}) {
        DevTensor ts, tp;
        if (!ts.Init(ACL_FLOAT, {R, C}, x, lay) || !tp.Init(ACL_FLOAT, {C}, {}, CONTIG)) return;
        int rc = Run("ProdDim", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnProdDimGetWorkspaceSize(ts.t, 0, false, ACL_FLOAT, tp.t, w, e); }, aclnnProdDim);
        EXPECT(rc == 0, "ProdDim rows: run failed");
        if (!rc) CheckDtype("ProdDim rows fp32", ACL_FLOAT, tp.Read(), Ref(PROD, x, {R, C}, 1, ACL_FLOAT));
        for (double p : {0.0, 1.0, 2.0, 3.0, (double)INFINITY, -(double)INFINITY}) {
            std::vector<double> g((size_t)C), col((size_t)R);
            for (int64_t c = 0; c < C; c++) {
                for (int64_t i = 0; i < R; i++) col[(size_t)i] = x[(size_t)(i * C + c)];
                g[(size_t)c] = NormRef(col, p);
            }
            DevTensor to;
            if (!to.Init(ACL_FLOAT, {C}, {}, CONTIG)) return;
            int64_t d0 = 0;
            aclIntArray *da = aclCreateIntArray(&d0, 1);
            float pf = (float)p;
            aclScalar *ps = aclCreateScalar(&pf, ACL_FLOAT);
            rc = Run("Norm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNormGetWorkspaceSize(ts.t, ps, da, false, to.t, w, e); }, aclnnNorm);
            char what[64];
            snprintf(what, sizeof what, "Norm rows p %g%s", p, lay == STRIDED ? " strided" : "");
            EXPECT(rc == 0, "%s: run failed", what);
            if (!rc) {
                for (double &v : g) v = Quant(ACL_FLOAT, v);
                CheckDtype(what, ACL_FLOAT, to.Read(), g);
            }
            // every dim (the per-output walk: chunks, parts over blocks): the same orders, and
            // without the NaN (which decides every order)
            double gall = Quant(ACL_FLOAT, NormRef(x, p));
            std::vector<double> y = x;
            y[20 * C + 9] = 1.5;
            double gy = Quant(ACL_FLOAT, NormRef(y, p));
            DevTensor tall, ty, tyo;
            aclIntArray *none = aclCreateIntArray(nullptr, 0);
            if (!tall.Init(ACL_FLOAT, {}, {}, CONTIG) || !ty.Init(ACL_FLOAT, {R, C}, y, lay) || !tyo.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
            rc = Run("Norm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNormGetWorkspaceSize(ts.t, ps, none, false, tall.t, w, e); }, aclnnNorm);
            rc |= Run("Norm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNormGetWorkspaceSize(ty.t, ps, none, false, tyo.t, w, e); }, aclnnNorm);
            snprintf(what, sizeof what, "Norm all p %g%s", p, lay == STRIDED ? " strided" : "");
            EXPECT(rc == 0, "%s: run failed", what);
            if (!rc) {
                CheckDtype(what, ACL_FLOAT, tall.Read(), {gall});
                CheckDtype(what, ACL_FLOAT, tyo.Read(), {gy});
            }
            aclDestroyIntArray(none);
            aclDestroyIntArray(da);
            aclDestroyScalar(ps);
        }
        // Prod, Any and All of every element (no NaN / zero / Inf: x near 1), then with a zero
        // and a NaN past the first chunks
        std::vector<double> z(x.size());
        for (size_t i = 0; i < z.size(); i++) z[i] = Quant(ACL_FLOAT, 1.0 + 0.02 * std::sin((double)i));
        for (int var = 0; var < 2; var++) {
            if (var) { z[30000] = 0; z[40001] = NAN; }
            DevTensor tz, tpa, tany, tallb;
            if (!tz.Init(ACL_FLOAT, {R, C}, z, lay) || !tpa.Init(ACL_FLOAT, {}, {}, CONTIG) ||
                !tany.Init(ACL_BOOL, {}, {}, CONTIG) || !tallb.Init(ACL_BOOL, {}, {}, CONTIG)) return;
            aclIntArray *none = aclCreateIntArray(nullptr, 0);
            rc = Run("Prod", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnProdGetWorkspaceSize(tz.t, ACL_FLOAT, tpa.t, w, e); }, aclnnProd);
            rc |= Run("Any", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAnyGetWorkspaceSize(tz.t, none, false, tany.t, w, e); }, aclnnAny);
            rc |= Run("All", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAllGetWorkspaceSize(tz.t, none, false, tallb.t, w, e); }, aclnnAll);
            aclDestroyIntArray(none);
            EXPECT(rc == 0, "Prod/Any/All all: run failed");
            if (rc) continue;
            double pr = 1;
            for (double v : z) pr *= v;
            CheckDtype("Prod all fp32", ACL_FLOAT, tpa.Read(), {Quant(ACL_FLOAT, pr)});
            EXPECT(tany.Read()[0] == 1 && tallb.Read()[0] == (var ? 0 : 1), "Any/All all (%d): %g %g", var,
                   tany.Read()[0], tallb.Read()[0]);
        }
    }
}

// Arg ops, MaxDim / MinDim, Max / Min, Prod / ProdDim, MeanV2 / MaxV2.
static void TestDimOps()
{
    struct { std::vector<int64_t> shape; int64_t dim; } geo[] = {{{4, 6}, 1}, {{4, 6}, 0}, {{3, 4, 5}, -2}, {{7}, 0}, {{}, 0}, {{2, 100000}, 1},
                                                               {{45, 1030}, 0} /* the rows walk: row groups, a tail */};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8, ACL_DOUBLE};
    uint64_t seed = 300;
    for (auto &g : geo)
        for (aclDataType dt : dts)
            for (int keep = 0; keep < 2; keep++) {
                std::vector<double> x = Values(dt, (size_t)GetShapeSize(g.shape), seed++);
                if (dt == ACL_FLOAT && x.size() > 5) { x[3] = NAN; } // a NaN wins (first one)
                if (dt == ACL_INT8 && x.size() > 8) { x[1] = x[7]; }  // ties: the first index
                uint64_t mask = g.shape.empty() ? 0 : 1ull << (g.dim < 0 ? g.dim + (int64_t)g.shape.size() : g.dim);
                std::vector<int64_t> os = ReducedShape(g.shape, mask, keep);
                for (int which = 0; which < 2; which++) {
                    DevTensor ts, to, tv, ti;
                    if (!ts.Init(dt, g.shape, x, which ? STRIDED : CONTIG) || !to.Init(ACL_INT64, os, {}, CONTIG) ||
                        !tv.Init(dt, os, {}, CONTIG) || !ti.Init(ACL_INT64, os, {}, STRIDED)) return;
                    int rc = which ? Run("ArgMin", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnArgMinGetWorkspaceSize(ts.t, g.dim, keep, to.t, w, e); }, aclnnArgMin)
                                   : Run("ArgMax", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnArgMaxGetWorkspaceSize(ts.t, g.dim, keep, to.t, w, e); }, aclnnArgMax);
                    std::string what = Name(which ? "ArgMin" : "ArgMax", dt, g.shape, {g.dim}, keep, which ? STRIDED : CONTIG);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    std::vector<double> gi, gv = Ref(which ? ARGMIN : ARGMAX, x, g.shape, mask, dt, &gi);
                    if (!rc) {
                        std::vector<double> a = to.Read();
                        size_t bad = 0;
                        for (size_t i = 0; i < gi.size(); i++) bad += a[i] != gi[i];
                        EXPECT(bad == 0, "%s: %zu of %zu wrong indices", what.c_str(), bad, gi.size());
                    }
                    if (dt == ACL_INT32 || dt == ACL_INT8 || dt == ACL_DOUBLE) continue; // MaxDim's list
                    rc = which ? Run("MinDim", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMinDimGetWorkspaceSize(ts.t, g.dim, keep, tv.t, ti.t, w, e); }, aclnnMinDim)
                               : Run("MaxDim", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxDimGetWorkspaceSize(ts.t, g.dim, keep, tv.t, ti.t, w, e); }, aclnnMaxDim);
                    what = Name(which ? "MinDim" : "MaxDim", dt, g.shape, {g.dim}, keep, which ? STRIDED : CONTIG);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    std::vector<double> av = tv.Read(), ai = ti.Read();
                    std::vector<double> gvals = Ref(which ? AMIN : AMAX, x, g.shape, mask, dt);
                    size_t bad = 0;
                    for (size_t i = 0; i < gi.size(); i++)
                        bad += ai[i] != gi[i] || !(av[i] == gvals[i] || (std::isnan(av[i]) && std::isnan(gvals[i])));
                    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, gi.size());
                    EXPECT(ti.CountClobbered() == 0, "%s: indices written outside the view", what.c_str());
                }
            }
    // Max / Min of everything into a 0-d out
    for (aclDataType dt : dts) {
        std::vector<int64_t> shape = {5, 9, 3};
        std::vector<double> x = Values(dt, 135, seed++);
        DevTensor ts, tmax, tmin;
        if (!ts.Init(dt, shape, x, TRANSPOSED) || !tmax.Init(dt, {}, {}, CONTIG) || !tmin.Init(dt, {}, {}, CONTIG)) return;
        int rc = Run("Max", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxGetWorkspaceSize(ts.t, tmax.t, w, e); }, aclnnMax);
        rc |= Run("Min", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMinGetWorkspaceSize(ts.t, tmin.t, w, e); }, aclnnMin);
        EXPECT(rc == 0, "Max/Min %s: run failed", DtName(dt));
        if (rc) continue;
        EXPECT(tmax.Read()[0] == Ref(AMAX, x, shape, 7, dt)[0], "Max %s wrong", DtName(dt));
        EXPECT(tmin.Read()[0] == Ref(AMIN, x, shape, 7, dt)[0], "Min %s wrong", DtName(dt));
    }
    // Prod (all) / ProdDim with dtype conversion; integer products wrap
    {
        std::vector<int64_t> shape = {3, 7};
        std::vector<double> x = QuantAll(ACL_FLOAT, RandomValues(21, 77, 1.5));
        DevTensor ts, tp, tpd, tpi, tsi;
        std::vector<double> xi = QuantAll(ACL_INT32, RandomValues(21, 78, 20));
        if (!ts.Init(ACL_FLOAT, shape, x, STRIDED) || !tp.Init(ACL_DOUBLE, {}, {}, CONTIG) ||
            !tpd.Init(ACL_FLOAT, {3}, {}, CONTIG) || !tsi.Init(ACL_INT32, shape, xi, CONTIG) || !tpi.Init(ACL_INT32, {3, 1}, {}, CONTIG)) return;
        int rc = Run("Prod", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnProdGetWorkspaceSize(ts.t, ACL_DOUBLE, tp.t, w, e); }, aclnnProd);
        EXPECT(rc == 0, "Prod: run failed");
        if (!rc) CheckDtype("Prod fp32->fp64", ACL_DOUBLE, tp.Read(), Ref(PROD, x, shape, 3, ACL_DOUBLE));
        rc = Run("ProdDim", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnProdDimGetWorkspaceSize(ts.t, -1, false, ACL_FLOAT, tpd.t, w, e); }, aclnnProdDim);
        EXPECT(rc == 0, "ProdDim: run failed");
        if (!rc) CheckDtype("ProdDim fp32", ACL_FLOAT, tpd.Read(), Ref(PROD, x, shape, 2, ACL_FLOAT));
        rc = Run("ProdDim", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnProdDimGetWorkspaceSize(tsi.t, 1, true, ACL_INT32, tpi.t, w, e); }, aclnnProdDim);
        EXPECT(rc == 0, "ProdDim int32: run failed");
        if (!rc) {
            std::vector<double> a = tpi.Read(), g = Ref(PROD, xi, shape, 2, ACL_INT32);
            for (size_t i = 0; i < 3; i++) EXPECT(a[i] == g[i], "ProdDim int32 row %zu: %g vs %g", i, a[i], g[i]);
        }
    }
    // MeanV2 / MaxV2: empty dims with noop copy the input; without noop reduce everything
    {
        std::vector<int64_t> shape = {4, 5};
        std::vector<double> x = Values(ACL_FLOAT, 20, 91);
        DevTensor ts, tcopy, tall, tmax;
        aclIntArray *none = aclCreateIntArray(nullptr, 0);
        if (!ts.Init(ACL_FLOAT, shape, x, CONTIG) || !tcopy.Init(ACL_FLOAT, shape, {}, STRIDED) || !tall.Init(ACL_FLOAT, {}, {}, CONTIG) ||
            !tmax.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
        int rc = Run("MeanV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMeanV2GetWorkspaceSize(ts.t, none, false, true, tcopy.t, w, e); }, aclnnMeanV2);
        EXPECT(rc == 0 && tcopy.Read() == x, "MeanV2 noop with empty axes copies self");
        rc = Run("MeanV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMeanV2GetWorkspaceSize(ts.t, none, false, false, tall.t, w, e); }, aclnnMeanV2);
        EXPECT(rc == 0, "MeanV2 all: run failed");
        if (!rc) CheckDtype("MeanV2 all", ACL_FLOAT, tall.Read(), Ref(MEAN, x, shape, 3, ACL_FLOAT));
        rc = Run("MaxV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaxV2GetWorkspaceSize(ts.t, none, false, true, tmax.t, w, e); }, aclnnMaxV2);
        EXPECT(rc == 0 && tmax.Read() == x, "MaxV2 noop with empty dims copies self");
        aclDestroyIntArray(none);
    }
}

// Special values, empty tensors.
static void TestSpecials()
{
    std::vector<int64_t> shape = {3, 4};
    std::vector<double> x = {1, NAN, 3, -1, INFINITY, 2, -INFINITY, 0, -INFINITY, -INFINITY, -INFINITY, -INFINITY};
    struct { Op op; const char *name; } ops[] = {{SUM, "sum"}, {NANSUM, "nansum"}, {AMAX, "amax"}, {AMIN, "amin"}, {LSE, "lse"}};
    for (auto &o : ops) {
        DevTensor ts, to;
        if (!ts.Init(ACL_FLOAT, shape, x, CONTIG) || !to.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
        std::vector<int64_t> dims = {1};
        aclIntArray *da = aclCreateIntArray(dims.data(), 1);
        int rc = -1;
        switch (o.op) {
        case SUM: rc = Run("ReduceSum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceSumGetWorkspaceSize(ts.t, da, false, ACL_FLOAT, to.t, w, e); }, aclnnReduceSum); break;
        case NANSUM: rc = Run("ReduceNansum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceNansumGetWorkspaceSize(ts.t, da, false, ACL_FLOAT, to.t, w, e); }, aclnnReduceNansum); break;
        case AMAX: rc = Run("Amax", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAmaxGetWorkspaceSize(ts.t, da, false, to.t, w, e); }, aclnnAmax); break;
        case AMIN: rc = Run("Amin", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAminGetWorkspaceSize(ts.t, da, false, to.t, w, e); }, aclnnAmin); break;
        default: rc = Run("LogSumExp", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSumExpGetWorkspaceSize(ts.t, da, false, to.t, w, e); }, aclnnLogSumExp); break;
        }
        aclDestroyIntArray(da);
        EXPECT(rc == 0, "specials %s: run failed", o.name);
        if (!rc) CheckDtype((std::string("specials ") + o.name).c_str(), ACL_FLOAT, to.Read(), Ref(o.op, x, shape, 2, ACL_FLOAT));
    }
    // empty self: sum 0, mean NaN, prod 1 into outs of the reduced shape
    DevTensor te, ts0, tm0, tp0;
    if (!te.Init(ACL_FLOAT, {3, 0}, {}, CONTIG) || !ts0.Init(ACL_FLOAT, {3}, {}, CONTIG) || !tm0.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !tp0.Init(ACL_FLOAT, {3}, {}, CONTIG)) return;
    std::vector<int64_t> d1 = {1};
    aclIntArray *da = aclCreateIntArray(d1.data(), 1);
    int rc = Run("ReduceSum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceSumGetWorkspaceSize(te.t, da, false, ACL_FLOAT, ts0.t, w, e); }, aclnnReduceSum);
    EXPECT(rc == 0 && ts0.Read() == std::vector<double>(3, 0.0), "ReduceSum of an empty dim is 0");
    rc = Run("Mean", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMeanGetWorkspaceSize(te.t, da, false, ACL_FLOAT, tm0.t, w, e); }, aclnnMean);
    EXPECT(rc == 0 && std::isnan(tm0.Read()[0]), "Mean of an empty dim is NaN");
    rc = Run("ProdDim", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnProdDimGetWorkspaceSize(te.t, 1, false, ACL_FLOAT, tp0.t, w, e); }, aclnnProdDim);
    EXPECT(rc == 0 && tp0.Read() == std::vector<double>(3, 1.0), "ProdDim of an empty dim is 1");
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Amax over an empty dim", aclnnAmaxGetWorkspaceSize(te.t, da, false, ts0.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "non-zero size");
    aclDestroyIntArray(da);
}

static void TestValidation()
{
    DevTensor s, o, o32, obad, oi8;
    if (!s.Init(ACL_FLOAT, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !o32.Init(ACL_INT32, {2}, {}, CONTIG) || !obad.Init(ACL_FLOAT, {3}, {}, CONTIG) || !oi8.Init(ACL_INT16, {2}, {}, CONTIG)) return;
    std::vector<int64_t> d1 = {1}, dbad = {2}, drep = {1, -1};
    aclIntArray *a1 = aclCreateIntArray(d1.data(), 1), *abad = aclCreateIntArray(dbad.data(), 1), *arep = aclCreateIntArray(drep.data(), 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("ReduceSum null self", aclnnReduceSumGetWorkspaceSize(nullptr, a1, false, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("ReduceSum null dims", aclnnReduceSumGetWorkspaceSize(s.t, nullptr, false, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "dims");
    ExpectError("ReduceSum dtype != out", aclnnReduceSumGetWorkspaceSize(s.t, a1, false, ACL_INT32, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dtype");
    ExpectError("ReduceSum dim range", aclnnReduceSumGetWorkspaceSize(s.t, abad, false, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "range");
    ExpectError("ReduceSum repeated dim", aclnnReduceSumGetWorkspaceSize(s.t, arep, false, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "multiple times");
    ExpectError("ReduceSum out shape", aclnnReduceSumGetWorkspaceSize(s.t, a1, false, ACL_FLOAT, obad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "shape");
    ExpectError("ReduceSum dtype UINT16", aclnnReduceSumGetWorkspaceSize(s.t, a1, false, ACL_UINT16, oi8.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_UINT16");
    ExpectError("Amax out dtype", aclnnAmaxGetWorkspaceSize(s.t, a1, false, o32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dtype");
    ExpectError("ArgMax dim", aclnnArgMaxGetWorkspaceSize(s.t, 2, false, o32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim must be within");
    ExpectError("ArgMax out dtype", aclnnArgMaxGetWorkspaceSize(s.t, 1, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT");
    ExpectError("Any out dtype", aclnnAnyGetWorkspaceSize(s.t, a1, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("LogSumExp out INT32", aclnnLogSumExpGetWorkspaceSize(s.t, a1, false, o32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "out");
    ExpectError("MaxDim null indices", aclnnMaxDimGetWorkspaceSize(s.t, 1, false, o.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "indices");
    aclDestroyIntArray(a1); aclDestroyIntArray(abad); aclDestroyIntArray(arep);
}

// Norm / LinalgVectorNorm of several orders against a double reference.
static void TestNorms()
{
    std::vector<int64_t> shape = {4, 6, 5};
    uint64_t seed = 2000;
    for (double p : std::vector<double>{0.0, 1.0, 2.0, 3.0, 0.5, (double)INFINITY, -(double)INFINITY})
        for (auto dims : std::vector<std::vector<int64_t>>{{}, {1}, {0, 2}})
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                std::vector<double> x = QuantAll(dt, RandomValues(120, seed++, 3));
                x[7] = 0; // a zero for p = 0 / -inf
                uint64_t mask = MaskOf(dims, 3);
                std::vector<int64_t> os = ReducedShape(shape, mask, false);
                std::vector<double> g((size_t)GetShapeSize(os), 0.0);
                // reference: fold |x| per output
                std::vector<int64_t> kshape;
                for (size_t d = 0; d < 3; d++) if (!((mask >> d) & 1)) kshape.push_back(shape[d]);
                std::vector<double> acc(g.size(), p == -INFINITY ? INFINITY : 0.0);
                for (int64_t i = 0; i < 120; i++) {
                    int64_t idx[3] = {i / 30, (i / 5) % 6, i % 5}, o = 0;
                    for (size_t d = 0; d < 3; d++) if (!((mask >> d) & 1)) o = o * shape[d] + idx[d];
                    double a = std::fabs(x[(size_t)i]);
                    double &r = acc[(size_t)o];
                    if (p == INFINITY) r = std::max(r, a);
                    else if (p == -INFINITY) r = std::min(r, a);
                    else if (p == 0) r += a != 0;
                    else r += std::pow(a, p);
                }
                for (size_t o = 0; o < g.size(); o++)
                    g[o] = (p == 0 || std::isinf(p)) ? acc[o] : std::pow(acc[o], 1.0 / p);
                for (int which = 0; which < 2; which++) {
                    aclDataType odt = which ? ACL_FLOAT : dt;
                    DevTensor ts, to;
                    if (!ts.Init(dt, shape, x, which ? TRANSPOSED : STRIDED) || !to.Init(odt, os, {}, CONTIG)) return;
                    aclIntArray *da = aclCreateIntArray(dims.data(), dims.size());
                    float pf = (float)p;
                    aclScalar *ps = aclCreateScalar(&pf, ACL_FLOAT);
                    int rc = which ? Run("LinalgVectorNorm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgVectorNormGetWorkspaceSize(ts.t, ps, da, false, ACL_FLOAT, to.t, w, e); }, aclnnLinalgVectorNorm)
                                   : Run("Norm", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNormGetWorkspaceSize(ts.t, ps, da, false, to.t, w, e); }, aclnnNorm);
                    char what[96];
                    snprintf(what, sizeof what, "%s p %g %s dims %zu", which ? "LinalgVectorNorm" : "Norm", p, DtName(dt), dims.size());
                    EXPECT(rc == 0, "%s: run failed", what);
                    if (!rc) {
                        std::vector<double> gq = g;
                        for (double &v : gq) v = Quant(odt, v);
                        CheckDtype(what, odt, to.Read(), gq);
                    }
                    aclDestroyIntArray(da);
                    aclDestroyScalar(ps);
                }
            }
    DevTensor s, o;
    if (!s.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG)) return;
    int64_t d1 = 1;
    aclIntArray *da = aclCreateIntArray(&d1, 1);
    float two = 2;
    aclScalar *ps = aclCreateScalar(&two, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Norm INT32", aclnnNormGetWorkspaceSize(s.t, ps, da, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("Norm null p", aclnnNormGetWorkspaceSize(s.t, nullptr, da, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "pScalar");
    aclDestroyIntArray(da);
    aclDestroyScalar(ps);
}

// Under a 310P profile (no BF16; ReduceNansum is an A2/A3/950 API): the refusals.
static void TestChip310p()
{
    DevTensor s, o, oi;
    if (!s.Init(ACL_BF16, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !o.Init(ACL_BF16, {2}, {}, CONTIG) ||
        !oi.Init(ACL_INT64, {2}, {}, CONTIG)) return;
    std::vector<int64_t> d1 = {1};
    aclIntArray *a1 = aclCreateIntArray(d1.data(), 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("310P ReduceSum BF16", aclnnReduceSumGetWorkspaceSize(s.t, a1, false, ACL_BF16, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    ExpectError("310P Amax BF16", aclnnAmaxGetWorkspaceSize(s.t, a1, false, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    ExpectError("310P ArgMax BF16", aclnnArgMaxGetWorkspaceSize(s.t, 1, false, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    ExpectError("310P MaxDim BF16", aclnnMaxDimGetWorkspaceSize(s.t, 1, false, o.t, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    ExpectError("310P ReduceNansum", aclnnReduceNansumGetWorkspaceSize(s.t, a1, false, ACL_BF16, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "not supported");
    aclDestroyIntArray(a1);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (std::string(aclrtGetSocName()).find("Ascend310P") == 0) {
        TestChip310p();
        TestValidation();
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    TestDimsReductions();
    TestDimOps();
    TestSpecials();
    TestNorms();
    TestRowsWalk();
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
