// The ops-math cumulative ops (Cumsum, CumsumV2 exclusive / reverse, Cumprod, InplaceCumprod,
// Cummax, Cummin) against a reference written here: every dim of 1-D to 4-D shapes, 0-d,
// contiguous / strided / transposed views, dtype conversion, integer wrap-around, NaN, ties,
// empty tensors and the validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_cummax.h"
#include "aclnnop/aclnn_cummin.h"
#include "aclnnop/aclnn_cumprod.h"
#include "aclnnop/aclnn_cumsum.h"

static aclrtStream g_stream;

enum Op { SUM, PROD, MAX, MIN };

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

// Running op along dim d of row-major x; comp: dtype elements are converted to first.
static std::vector<double> Ref(Op op, const std::vector<double> &x, const std::vector<int64_t> &shape, int64_t d,
                               aclDataType comp, bool exclusive, bool reverse, std::vector<double> *idx = nullptr)
{
    int64_t len = shape.empty() ? 1 : shape[(size_t)d], inner = 1, outer = 1;
    for (size_t i = 0; i < shape.size(); i++) {
        if ((int64_t)i < d) outer *= shape[i];
        if ((int64_t)i > d) inner *= shape[i];
    }
    std::vector<double> out(x.size());
    if (idx) idx->assign(x.size(), 0);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            double f = op == PROD ? 1 : 0;
            int64_t iv = op == PROD ? 1 : 0, bi = 0;
            bool started = false;
            for (int64_t p = 0; p < len; p++) {
                int64_t q = reverse ? len - 1 - p : p;
                size_t at = (size_t)((o * len + q) * inner + in);
                double v = Quant(comp, x[at]);
                double bf = f;
                int64_t bv = iv;
                switch (op) {
                case SUM: if (IsInt(comp)) iv += (int64_t)v; else f += v; break;
                case PROD: if (IsInt(comp)) iv = (int64_t)((uint64_t)iv * (uint64_t)(int64_t)v); else f *= v; break;
                default: {
                    bool mx = op == MAX;
                    bool take = !started || std::isnan(v) || (!std::isnan(f) && (mx ? v >= f : v <= f));
                    if (take) { f = v; bi = q; }
                }
                }
                started = true;
                double r = IsInt(comp) && op != MAX && op != MIN ? Wrap(comp, exclusive ? bv : iv) : (exclusive ? bf : f);
                out[at] = r;
                if (idx) (*idx)[at] = (double)bi;
            }
        }
    return out;
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed, double scale)
{
    std::vector<double> v = RandomValues(n, seed, IsInt(dt) ? 20 : scale);
    if (dt == ACL_BOOL) for (double &x : v) x = x > 5;
    return QuantAll(dt, v);
}

static void Compare(const std::string &what, aclDataType dt, const std::vector<double> &a, std::vector<double> g)
{
    for (double &v : g) v = Quant(dt, v);
    if (IsInt(dt)) {
        size_t bad = 0;
        for (size_t i = 0; i < g.size(); i++) bad += a[i] != g[i];
        EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
    } else {
        CheckDtype(what.c_str(), dt, a, g);
    }
}

static void TestCumsum()
{
    const Layout lays[] = {CONTIG, STRIDED, TRANSPOSED};
    std::vector<std::vector<int64_t>> shapes = {{7}, {3, 5}, {2, 3, 4}, {2, 1, 3, 70}, {}};
    uint64_t seed = 1;
    for (Layout lay : lays)
        for (auto &shape : shapes)
            for (int64_t d = 0; d < (int64_t)std::max<size_t>(shape.size(), 1); d++) {
                struct { aclDataType in, out; } dts[] = {{ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_FLOAT},
                                                         {ACL_INT8, ACL_INT8}, {ACL_INT32, ACL_INT64}, {ACL_BOOL, ACL_INT32}};
                for (auto &t : dts) {
                    std::vector<double> x = Values(t.in, (size_t)GetShapeSize(shape), seed++, 1);
                    DevTensor ts, to;
                    if (!ts.Init(t.in, shape, x, lay) || !to.Init(t.out, shape, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    int64_t dim = shape.empty() ? 0 : d - (int64_t)shape.size(); // negative dims
                    int rc = Run("Cumsum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumsumGetWorkspaceSize(ts.t, dim, t.out, to.t, w, e); }, aclnnCumsum);
                    std::string what = std::string("Cumsum ") + DtName(t.in) + "->" + DtName(t.out) + " rank " +
                                       std::to_string(shape.size()) + " dim " + std::to_string(dim) + " layout " + std::to_string(lay);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    Compare(what, t.out, to.Read(), Ref(SUM, x, shape, shape.empty() ? 0 : d, t.out, false, false));
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                }
                // V2: exclusive / reverse, FP32
                for (int ex = 0; ex < 2; ex++)
                    for (int rev = 0; rev < 2; rev++) {
                        std::vector<double> x = Values(ACL_FLOAT, (size_t)GetShapeSize(shape), seed++, 1);
                        DevTensor ts, to;
                        if (!ts.Init(ACL_FLOAT, shape, x, lay) || !to.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
                        int rc = Run("CumsumV2", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumsumV2GetWorkspaceSize(ts.t, d, ex, rev, to.t, w, e); }, aclnnCumsumV2);
                        std::string what = "CumsumV2 ex " + std::to_string(ex) + " rev " + std::to_string(rev) + " rank " + std::to_string(shape.size()) + " dim " + std::to_string(d);
                        EXPECT(rc == 0, "%s: run failed", what.c_str());
                        if (!rc) Compare(what, ACL_FLOAT, to.Read(), Ref(SUM, x, shape, shape.empty() ? 0 : d, ACL_FLOAT, ex, rev));
                    }
            }
    // a long line over the contiguous dim and many lines along a strided one
    for (int64_t d = 0; d < 2; d++) {
        std::vector<int64_t> shape = {300, 2000};
        std::vector<double> x = Values(ACL_FLOAT, 600000, 77 + (uint64_t)d, 1);
        DevTensor ts, to;
        if (!ts.Init(ACL_FLOAT, shape, x, CONTIG) || !to.Init(ACL_FLOAT, shape, {}, CONTIG)) return;
        int rc = Run("Cumsum", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumsumGetWorkspaceSize(ts.t, d, ACL_FLOAT, to.t, w, e); }, aclnnCumsum);
        EXPECT(rc == 0, "Cumsum large dim %lld: run failed", (long long)d);
        if (!rc) Compare("Cumsum large dim " + std::to_string(d), ACL_FLOAT, to.Read(), Ref(SUM, x, shape, d, ACL_FLOAT, false, false));
    }
}

static void TestCumprodCumext()
{
    std::vector<int64_t> shape = {4, 6};
    uint64_t seed = 500;
    const aclDataType dts[] = {ACL_FLOAT, ACL_DOUBLE, ACL_INT32, ACL_INT8, ACL_FLOAT16};
    for (aclDataType dt : dts)
        for (int64_t d = -2; d < 2; d++) {
            std::vector<double> x = Values(dt, 24, seed++, 1.3);
            DevTensor ts, to, tin;
            if (!ts.Init(dt, shape, x, TRANSPOSED) || !to.Init(dt, shape, {}, CONTIG) || !tin.Init(dt, shape, x, STRIDED)) return;
            int64_t dv = d;
            aclScalar *ds = aclCreateScalar(&dv, ACL_INT64);
            int rc = Run("Cumprod", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumprodGetWorkspaceSize(ts.t, ds, dt, to.t, w, e); }, aclnnCumprod);
            std::string what = std::string("Cumprod ") + DtName(dt) + " dim " + std::to_string(d);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            std::vector<double> g = Ref(PROD, x, shape, d < 0 ? d + 2 : d, dt, false, false);
            if (!rc) Compare(what, dt, to.Read(), g);
            rc = Run("InplaceCumprod", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceCumprodGetWorkspaceSize(tin.t, ds, w, e); }, aclnnInplaceCumprod);
            EXPECT(rc == 0, "Inplace%s: run failed", what.c_str());
            if (!rc) Compare("Inplace" + what, dt, tin.Read(), g);
            aclDestroyScalar(ds);
        }
    // Cummax / Cummin with ties (the later index) and a NaN (wins from where it appears)
    for (aclDataType dt : {ACL_FLOAT, ACL_INT32, ACL_BF16, ACL_BOOL})
        for (int which = 0; which < 2; which++)
            for (int64_t d = 0; d < 2; d++) {
                std::vector<double> x = Values(dt, 24, seed++, 1);
                if (dt == ACL_FLOAT) { x[7] = NAN; x[2] = x[1]; }
                if (dt == ACL_INT32) { x[5] = x[3]; }
                DevTensor ts, tv, ti;
                if (!ts.Init(dt, shape, x, STRIDED) || !tv.Init(dt, shape, {}, TRANSPOSED) || !ti.Init(ACL_INT64, shape, {}, CONTIG)) return;
                int rc = which ? Run("Cummin", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumminGetWorkspaceSize(ts.t, d, tv.t, ti.t, w, e); }, aclnnCummin)
                               : Run("Cummax", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCummaxGetWorkspaceSize(ts.t, d, tv.t, ti.t, w, e); }, aclnnCummax);
                std::string what = std::string(which ? "Cummin " : "Cummax ") + DtName(dt) + " dim " + std::to_string(d);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                std::vector<double> gi, gv = Ref(which ? MIN : MAX, x, shape, d, dt, false, false, &gi);
                std::vector<double> av = tv.Read(), ai = ti.Read();
                size_t bad = 0;
                for (size_t i = 0; i < gv.size(); i++)
                    bad += !(av[i] == gv[i] || (std::isnan(av[i]) && std::isnan(gv[i]))) || ai[i] != gi[i];
                EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, gv.size());
            }
}

static void TestValidationAndEmpty()
{
    DevTensor s, o, o16, obad, e, eo;
    if (!s.Init(ACL_FLOAT, {2, 3}, std::vector<double>(6, 1.0), CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !o16.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !obad.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) ||
        !e.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !eo.Init(ACL_FLOAT, {0, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Cumsum null self", aclnnCumsumGetWorkspaceSize(nullptr, 0, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("Cumsum dtype != out", aclnnCumsumGetWorkspaceSize(s.t, 0, ACL_FLOAT, o16.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dtype");
    ExpectError("Cumsum dim", aclnnCumsumGetWorkspaceSize(s.t, 2, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "range");
    ExpectError("Cumsum shape", aclnnCumsumGetWorkspaceSize(s.t, 0, ACL_FLOAT, obad.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "shape");
    ExpectError("CumsumV2 dtype", aclnnCumsumV2GetWorkspaceSize(s.t, 0, false, false, o16.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dtype");
    int64_t dv = 0;
    float df = 0;
    aclScalar *dsf = aclCreateScalar(&df, ACL_FLOAT), *dsi = aclCreateScalar(&dv, ACL_INT64);
    ExpectError("Cumprod float dim", aclnnCumprodGetWorkspaceSize(s.t, dsf, ACL_FLOAT, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    ExpectError("Cummax null indices", aclnnCummaxGetWorkspaceSize(s.t, 0, o.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "indicesOut");
    ExpectError("Cummin values dtype", aclnnCumminGetWorkspaceSize(s.t, 0, o16.t, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "indicesOut");
    int rc = Run("Cumsum", g_stream, [&](uint64_t *w, aclOpExecutor **x) { return aclnnCumsumGetWorkspaceSize(e.t, 1, ACL_FLOAT, eo.t, w, x); }, aclnnCumsum);
    EXPECT(rc == 0, "Cumsum of an empty tensor succeeds");
    rc = Run("Cumprod", g_stream, [&](uint64_t *w, aclOpExecutor **x) { return aclnnCumprodGetWorkspaceSize(e.t, dsi, ACL_FLOAT, eo.t, w, x); }, aclnnCumprod);
    EXPECT(rc == 0, "Cumprod of an empty tensor succeeds");
    aclDestroyScalar(dsf);
    aclDestroyScalar(dsi);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    TestCumsum();
    TestCumprodCumext();
    TestValidationAndEmpty();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
