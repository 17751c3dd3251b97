// aclnnScatter / ScatterValue / InplaceScatter(Value): out = self, then out[p with dim ->
// index[p]] = reduce(out[..], src[p] or value) for every index position p, against a serial
// double / int64 reference (duplicate indices: the last one wins for none, all accumulate for
// add / mul); index smaller than src and self, negative dim, INT32 / INT64 index, strided views,
// FP32 / FP16 / BF16 / INT32 / INT8 / BOOL / COMPLEX64; an out-of-range index fails the launch;
// the validation order with codes and messages.
#include <complex>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_scatter.h"

struct Shape3 { int64_t a, b, c; };

static std::vector<double> Ref(const std::vector<double> &self, Shape3 s, const std::vector<int64_t> &idx, Shape3 is,
                               const std::vector<double> &src, Shape3 ss, int dim, int reduce, bool use_value, double value,
                               aclDataType dt)
{
    std::vector<double> out = self;
    for (int64_t i = 0; i < is.a; i++)
        for (int64_t j = 0; j < is.b; j++)
            for (int64_t k = 0; k < is.c; k++) {
                int64_t t = idx[(i * is.b + j) * is.c + k];
                int64_t ti = dim == 0 ? t : i, tj = dim == 1 ? t : j, tk = dim == 2 ? t : k;
                double v = use_value ? value : src[(i * ss.b + j) * ss.c + k];
                double &o = out[(ti * s.b + tj) * s.c + tk];
                if (reduce == 1) o = Quant(dt, o + v);
                else if (reduce == 2) o = Quant(dt, o * v);
                else o = v;
            }
    return out;
}

static void TestValues(aclrtStream stream)
{
    Shape3 s = {4, 5, 6}, is = {3, 4, 5}, ss = {3, 5, 6};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8, ACL_BOOL};
    for (aclDataType dt : dts)
        for (int dim = -1; dim < 3; dim++)
            for (int reduce = 0; reduce < 3; reduce++)
                for (int use_value = 0; use_value < 2; use_value++) {
                    if (dt == ACL_BOOL && reduce) continue;
                    int d = dim < 0 ? dim + 3 : dim;
                    int64_t lim = d == 0 ? s.a : d == 1 ? s.b : s.c;
                    bool ints = dt == ACL_INT32 || dt == ACL_INT8 || dt == ACL_BOOL;
                    std::vector<double> self = QuantAll(dt, RandomValues(s.a * s.b * s.c, 1 + dt, ints ? 3 : 1));
                    std::vector<double> src = QuantAll(dt, RandomValues(ss.a * ss.b * ss.c, 2 + dt, ints ? 3 : 1));
                    if (dt == ACL_BOOL) { for (double &v : self) v = v > 0; for (double &v : src) v = v > 0; }
                    if (ints) { for (double &v : self) v = std::round(v); for (double &v : src) v = std::round(v); }
                    std::vector<int64_t> idx(is.a * is.b * is.c);
                    Lcg rng(7 + dim + reduce);
                    for (auto &v : idx) v = (int64_t)(rng.uniform() * (double)lim) % lim; // duplicates likely
                    double value = ints ? 2 : 1.25;
                    if (dt == ACL_BOOL) value = 1;
                    std::vector<double> golden = Ref(self, s, idx, is, src, ss, d, reduce, use_value, Quant(dt, value), dt);
                    aclDataType idt = reduce == 1 ? ACL_INT32 : ACL_INT64;
                    std::vector<double> idxd(idx.begin(), idx.end());
                    DevTensor ts, ti, tsrc, to;
                    bool inplace = (reduce + dim) % 2 == 0;
                    if (!ts.Init(dt, {s.a, s.b, s.c}, self, STRIDED) || !ti.Init(idt, {is.a, is.b, is.c}, idxd, TRANSPOSED) ||
                        !tsrc.Init(dt, {ss.a, ss.b, ss.c}, src, CONTIG) || !to.Init(dt, {s.a, s.b, s.c}, {}, CONTIG)) return;
                    float fv = (float)value;
                    aclScalar *sv = aclCreateScalar(&fv, ACL_FLOAT);
                    int rc;
                    if (use_value && inplace)
                        rc = Run("InplaceScatterValue", stream, [&](uint64_t *w, aclOpExecutor **e) {
                            return aclnnInplaceScatterValueGetWorkspaceSize(ts.t, dim, ti.t, sv, reduce, w, e); }, aclnnInplaceScatterValue);
                    else if (use_value)
                        rc = Run("ScatterValue", stream, [&](uint64_t *w, aclOpExecutor **e) {
                            return aclnnScatterValueGetWorkspaceSize(ts.t, dim, ti.t, sv, reduce, to.t, w, e); }, aclnnScatterValue);
                    else if (inplace)
                        rc = Run("InplaceScatter", stream, [&](uint64_t *w, aclOpExecutor **e) {
                            return aclnnInplaceScatterGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, reduce, w, e); }, aclnnInplaceScatter);
                    else
                        rc = Run("Scatter", stream, [&](uint64_t *w, aclOpExecutor **e) {
                            return aclnnScatterGetWorkspaceSize(ts.t, dim, ti.t, tsrc.t, reduce, to.t, w, e); }, aclnnScatter);
                    aclDestroyScalar(sv);
                    std::string what = std::string("Scatter ") + DtName(dt) + " dim " + std::to_string(dim) + " reduce " +
                                       std::to_string(reduce) + (use_value ? " value" : "") + (inplace ? " inplace" : "");
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    std::vector<double> a = inplace ? ts.Read() : to.Read();
                    size_t bad = 0;
                    for (size_t i = 0; i < golden.size(); i++) bad += a[i] != golden[i];
                    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, golden.size());
                    if (inplace) EXPECT(ts.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                }
}

static void TestComplexAndRange(aclrtStream stream)
{
    // COMPLEX64, reduce mul, 1-d
    std::vector<std::complex<float>> self = {{1, 2}, {3, -1}, {0.5f, 0.5f}}, src = {{2, 1}, {-1, 1}};
    std::vector<int64_t> idx = {2, 2};
    void *ds, *di, *dsrc;
    aclTensor *ts, *ti, *tsrc;
    if (CreateAclTensor(self, {3}, &ds, ACL_COMPLEX64, &ts) || CreateAclTensor(idx, {2}, &di, ACL_INT64, &ti) ||
        CreateAclTensor(src, {2}, &dsrc, ACL_COMPLEX64, &tsrc)) return;
    EXPECT(Run("InplaceScatter complex", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnInplaceScatterGetWorkspaceSize(ts, 0, ti, tsrc, 2, w, e); }, aclnnInplaceScatter) == 0, "complex: run failed");
    std::vector<std::complex<float>> got = Download<std::complex<float>>(ds, 3);
    std::complex<double> want = std::complex<double>(0.5, 0.5) * std::complex<double>(2, 1) * std::complex<double>(-1, 1);
    EXPECT(got[0] == self[0] && got[1] == self[1], "complex: untouched elements changed");
    EXPECT(std::abs(std::complex<double>(got[2]) - want) < 1e-6, "complex mul: (%g, %g), expected (%g, %g)",
           got[2].real(), got[2].imag(), want.real(), want.imag());
    // an index past the dim fails the launch (stage 2 or the synchronize reports it)
    std::vector<int64_t> bad = {3, 0};
    void *db;
    aclTensor *tb;
    if (CreateAclTensor(bad, {2}, &db, ACL_INT64, &tb)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnInplaceScatterGetWorkspaceSize(ts, 0, tb, tsrc, 0, &ws, &ex);
    EXPECT(rc == 0, "out-of-range index: stage 1 should pass (%d)", rc);
    if (rc == 0) {
        int r2 = aclnnInplaceScatter(nullptr, 0, ex, stream);
        int r3 = aclrtSynchronizeStream(stream);
        EXPECT(r2 != 0 || r3 != 0, "out-of-range index: the launch did not fail");
    }
    aclDestroyTensor(ts); aclDestroyTensor(ti); aclDestroyTensor(tsrc); aclDestroyTensor(tb);
    aclrtFree(ds); aclrtFree(di); aclrtFree(dsrc); aclrtFree(db);
}

static void TestValidation()
{
    DevTensor s, i, src, o, s2, i16, srcd, obad, ibig, ie, src_small, s9, i9, src9;
    if (!s.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !i.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !src.Init(ACL_FLOAT, {2, 5}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !s2.Init(ACL_UINT32, {4, 5}, {}, CONTIG) || !i16.Init(ACL_INT16, {2, 3}, {}, CONTIG) ||
        !srcd.Init(ACL_DOUBLE, {2, 5}, {}, CONTIG) || !obad.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !ibig.Init(ACL_INT64, {2, 6}, {}, CONTIG) ||
        !ie.Init(ACL_INT64, {0, 3}, {}, CONTIG) || !src_small.Init(ACL_FLOAT, {1, 5}, {}, CONTIG) ||
        !s9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) || !i9.Init(ACL_INT64, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) ||
        !src9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG)) return;
    DevTensor i3;
    if (!i3.Init(ACL_INT64, {2, 3, 1}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    float f = 1;
    aclScalar *v = aclCreateScalar(&f, ACL_FLOAT);
    float cv[2] = {1, 1};
    aclScalar *vc = aclCreateScalar(cv, ACL_COMPLEX64);
    ExpectError("null self", aclnnScatterGetWorkspaceSize(nullptr, 0, i.t, src.t, 0, o.t, &ws, &ex), 161001, "self");
    ExpectError("null index", aclnnScatterGetWorkspaceSize(s.t, 0, nullptr, src.t, 0, o.t, &ws, &ex), 161001, "index");
    ExpectError("null src", aclnnScatterGetWorkspaceSize(s.t, 0, i.t, nullptr, 0, o.t, &ws, &ex), 161001, "src");
    ExpectError("null out", aclnnScatterGetWorkspaceSize(s.t, 0, i.t, src.t, 0, nullptr, &ws, &ex), 161001, "out");
    ExpectError("null value", aclnnScatterValueGetWorkspaceSize(s.t, 0, i.t, nullptr, 0, o.t, &ws, &ex), 161001, "value");
    ExpectError("complex value, float self", aclnnScatterValueGetWorkspaceSize(s.t, 0, i.t, vc, 0, o.t, &ws, &ex), 161002, "COMPLEX");
    ExpectError("uint32 self", aclnnScatterGetWorkspaceSize(s2.t, 0, i.t, src.t, 0, o.t, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("double src", aclnnScatterGetWorkspaceSize(s.t, 0, i.t, srcd.t, 0, o.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("int16 index", aclnnScatterGetWorkspaceSize(s.t, 0, i16.t, src.t, 0, o.t, &ws, &ex), 161002, "DT_INT16");
    ExpectError("rank mismatch", aclnnScatterGetWorkspaceSize(s.t, 0, i3.t, src.t, 0, o.t, &ws, &ex), 161002, "same number of dimensions");
    ExpectError("out shape", aclnnScatterGetWorkspaceSize(s.t, 0, i.t, src.t, 0, obad.t, &ws, &ex), 161002);
    ExpectError("index > src", aclnnScatterGetWorkspaceSize(s.t, 0, i.t, src_small.t, 0, o.t, &ws, &ex), 161002, "smaller than src");
    ExpectError("index > self", aclnnScatterGetWorkspaceSize(s.t, 0, ibig.t, srcd.t, 0, o.t, &ws, &ex), 161002, "DT_DOUBLE");
    DevTensor srcbig;
    if (!srcbig.Init(ACL_FLOAT, {2, 6}, {}, CONTIG)) return;
    ExpectError("index > self (not dim)", aclnnScatterGetWorkspaceSize(s.t, 0, ibig.t, srcbig.t, 0, o.t, &ws, &ex), 161002, "Apart from dimension");
    ExpectError("rank 9", aclnnInplaceScatterGetWorkspaceSize(s9.t, 0, i9.t, src9.t, 0, &ws, &ex), 161002);
    ExpectError("dim 2", aclnnScatterGetWorkspaceSize(s.t, 2, i.t, src.t, 0, o.t, &ws, &ex), 161002, "dim must be in range");
    // reduce 5 (mean) is accepted (computed and checked in tests/aclnn/index/test_scatter_gather.cpp)
    int rm = aclnnScatterGetWorkspaceSize(s.t, 0, i.t, src.t, 5, o.t, &ws, &ex);
    EXPECT(rm == 0, "reduce mean: %d", rm);
    if (rm == 0 && ex) aclDestroyAclOpExecutor(ex);
    int rc = aclnnScatterGetWorkspaceSize(s.t, 7, ie.t, src.t, 0, o.t, &ws, &ex); // empty index: a copy, dim unchecked
    EXPECT(rc == 0, "empty index: %d", rc);
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    aclDestroyScalar(v); aclDestroyScalar(vc);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestValues(rt.stream);
    TestComplexAndRange(rt.stream);
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
