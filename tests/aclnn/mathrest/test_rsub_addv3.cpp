// Rsub / Rsubs (out = other - alpha * self) and AddV3 / InplaceAddV3 (out = scalar + alpha * other)
// against references written here: same and mixed dtypes (promotion), broadcasting, strided and
// transposed views, 0-d, empty, rank 8, NaN / +-Inf / -0, integer wrap-around; every validation
// path with its code and message; BF16 refused on a 310P topology.
#include <cstring>

#include "aclnnop/aclnn_add_v3.h"
#include "aclnnop/aclnn_rsub.h"
#include "mr_test.h"

static aclrtStream g_stream;

// Exact integer wrap-around of the promoted dtype.
static double WrapInt(aclDataType dt, uint64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)v;
    case ACL_UINT8: return (uint8_t)v;
    case ACL_INT16: return (int16_t)v;
    case ACL_INT32: return (int32_t)v;
    default: return (double)(int64_t)v;
    }
}

// other - alpha * self in the promoted dtype p.
static double RsubRef(aclDataType p, double self, double other, double alpha)
{
    if (IsFloatType(p)) return Quant(p, other - Quant(p, alpha) * self);
    return WrapInt(p, (uint64_t)(int64_t)other - (uint64_t)(int64_t)alpha * (uint64_t)(int64_t)self);
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, IsFloatType(dt) ? 4.0 : 200.0);
    for (double &x : v) {
        if (!IsFloatType(dt)) x = std::trunc(x);
        if (dt == ACL_UINT8) x = std::fabs(x);
    }
    if (IsFloatType(dt) && n > 4) { v[0] = NAN; v[1] = INFINITY; v[2] = -INFINITY; v[3] = -0.0; }
    return QuantAll(dt, v);
}

struct Pair { aclDataType self, other, promoted; };

static void TestRsub(bool is310p)
{
    std::vector<Pair> pairs = {{ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16},
                               {ACL_DOUBLE, ACL_DOUBLE, ACL_DOUBLE}, {ACL_INT32, ACL_INT32, ACL_INT32},
                               {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT8, ACL_INT8, ACL_INT8},
                               {ACL_UINT8, ACL_UINT8, ACL_UINT8}, {ACL_INT16, ACL_INT16, ACL_INT16},
                               {ACL_INT32, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
                               {ACL_INT8, ACL_UINT8, ACL_INT16}};
    if (!is310p) { pairs.push_back({ACL_BF16, ACL_BF16, ACL_BF16}); pairs.push_back({ACL_BF16, ACL_FLOAT16, ACL_FLOAT}); }
    struct Shapes { std::vector<int64_t> s, o, out; };
    std::vector<Shapes> shapes = {{{}, {}, {}}, {{7}, {7}, {7}}, {{3, 1, 4}, {5, 1}, {3, 5, 4}}, {{0, 3}, {3}, {0, 3}},
                                  {{2, 1, 2, 1, 2, 1, 2, 3}, {2, 1, 2, 1, 2, 1, 2, 3}, {2, 1, 2, 1, 2, 1, 2, 3}},
                                  {{4, 33}, {4, 33}, {4, 33}}, {{1000}, {1}, {1000}}};
    uint64_t seed = 11;
    for (const Pair &p : pairs)
        for (const Shapes &sh : shapes)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                bool fl = IsFloatType(p.promoted);
                double alpha = fl ? 1.5 : 3;
                float af = 1.5f;
                int32_t ai = 3;
                aclScalar *sa = fl ? aclCreateScalar(&af, ACL_FLOAT) : aclCreateScalar(&ai, ACL_INT32);
                std::vector<double> x = Values(p.self, (size_t)GetShapeSize(sh.s), seed++);
                std::vector<double> y = Values(p.other, (size_t)GetShapeSize(sh.o), seed++);
                int64_t n = GetShapeSize(sh.out);
                std::vector<double> g((size_t)n);
                for (int64_t i = 0; i < n; i++)
                    g[(size_t)i] = RsubRef(p.promoted, x[(size_t)BcastIndex(sh.out, sh.s, i)],
                                           y[(size_t)BcastIndex(sh.out, sh.o, i)], alpha);
                DevTensor ts, to, tout;
                if (!ts.Init(p.self, sh.s, x, lay) || !to.Init(p.other, sh.o, y, lay == STRIDED ? TRANSPOSED : lay) ||
                    !tout.Init(p.promoted, sh.out, {}, lay == TRANSPOSED ? STRIDED : lay)) return;
                std::string what = std::string("Rsub ") + DtName(p.self) + "/" + DtName(p.other) + " rank " +
                                   std::to_string(sh.out.size()) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
                    return aclnnRsubGetWorkspaceSize(ts.t, to.t, sa, tout.t, w, ex); }, aclnnRsub);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    EXPECT(CountBad(what.c_str(), tout.Read(), g, TolOf(p.promoted)) == 0, "%s: wrong values", what.c_str());
                    EXPECT(tout.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                }
                aclDestroyScalar(sa);
            }
}

// Rsubs: the scalar other; before the 950 a floating self keeps its dtype, an integer self with a
// floating scalar promotes (INT32 - DOUBLE scalar computes in DOUBLE), else self's dtype.
static void TestRsubs(bool is310p)
{
    struct Case { aclDataType self, sdt, promoted; double other; };
    std::vector<Case> cases = {{ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 2.5}, {ACL_FLOAT16, ACL_DOUBLE, ACL_FLOAT16, -0.75},
                               {ACL_INT32, ACL_INT32, ACL_INT32, 100}, {ACL_INT32, ACL_FLOAT, ACL_FLOAT, 0.5},
                               {ACL_INT8, ACL_INT64, ACL_INT8, 120}, {ACL_DOUBLE, ACL_FLOAT, ACL_DOUBLE, 1e300},
                               {ACL_INT64, ACL_INT64, ACL_INT64, -9}};
    if (!is310p) cases.push_back({ACL_BF16, ACL_FLOAT, ACL_BF16, 3.0});
    uint64_t seed = 101;
    for (const Case &c : cases)
        for (auto &s : std::vector<std::vector<int64_t>>{{}, {9}, {3, 7}, {0}, {1, 2, 1, 2, 1, 2, 1, 3}, {2048}})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                bool fl = IsFloatType(c.promoted);
                double alpha = fl ? -2.0 : 7;
                float af = -2.0f;
                int64_t ai = 7;
                aclScalar *sa = fl ? aclCreateScalar(&af, ACL_FLOAT) : aclCreateScalar(&ai, ACL_INT64);
                float of = (float)c.other;
                double od = c.other;
                int32_t oi32 = (int32_t)c.other;
                int64_t oi64 = (int64_t)c.other;
                void *ov = c.sdt == ACL_FLOAT ? (void *)&of : c.sdt == ACL_DOUBLE ? (void *)&od
                           : c.sdt == ACL_INT32 ? (void *)&oi32 : (void *)&oi64;
                aclScalar *so = aclCreateScalar(ov, c.sdt);
                double other_v = c.sdt == ACL_FLOAT ? (double)of : c.other;
                std::vector<double> x = Values(c.self, (size_t)GetShapeSize(s), seed++);
                std::vector<double> g(x.size());
                for (size_t i = 0; i < x.size(); i++) g[i] = RsubRef(c.promoted, x[i], IsFloatType(c.promoted) ? Quant(c.promoted, other_v) : other_v, alpha);
                DevTensor ts, tout;
                if (!ts.Init(c.self, s, x, lay) || !tout.Init(c.promoted, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                for (int inplace_out = 0; inplace_out < 1; inplace_out++) {
                    std::string what = std::string("Rsubs ") + DtName(c.self) + " rank " + std::to_string(s.size()) +
                                       " layout " + std::to_string(lay);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
                        return aclnnRsubsGetWorkspaceSize(ts.t, so, sa, tout.t, w, ex); }, aclnnRsubs);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        EXPECT(CountBad(what.c_str(), tout.Read(), g, TolOf(c.promoted)) == 0, "%s: wrong values", what.c_str());
                        EXPECT(tout.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                }
                aclDestroyScalar(sa);
                aclDestroyScalar(so);
            }
}

// AddV3: a floating other computes in FLOAT; an integer other keeps its dtype with an integer self.
static void TestAddV3(bool is310p)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8};
    if (!is310p) dts.push_back(ACL_BF16);
    uint64_t seed = 501;
    for (aclDataType dt : dts)
        for (auto &s : std::vector<std::vector<int64_t>>{{}, {5}, {4, 6}, {0, 2}, {2, 1, 2, 1, 2, 1, 2, 2}, {777}})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
                for (int inplace = 0; inplace < 2; inplace++) {
                    bool fl = IsFloatType(dt);
                    aclDataType p = fl ? ACL_FLOAT : dt;
                    float sf = 0.3f, af = 2.5f;
                    int32_t si = 77, ai = -5;
                    aclScalar *ss = fl ? aclCreateScalar(&sf, ACL_FLOAT) : aclCreateScalar(&si, ACL_INT32);
                    aclScalar *sa = fl ? aclCreateScalar(&af, ACL_FLOAT) : aclCreateScalar(&ai, ACL_INT32);
                    std::vector<double> x = Values(dt, (size_t)GetShapeSize(s), seed++);
                    std::vector<double> g(x.size());
                    for (size_t i = 0; i < x.size(); i++)
                        g[i] = Quant(dt, fl ? (double)(float)((double)sf + (double)af * x[i])
                                            : WrapInt(dt, (uint64_t)(int64_t)si + (uint64_t)(int64_t)ai * (uint64_t)(int64_t)x[i]));
                    DevTensor to, tout;
                    if (!to.Init(dt, s, x, lay) || (!inplace && !tout.Init(dt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED))) return;
                    std::string what = std::string(inplace ? "InplaceAddV3 " : "AddV3 ") + DtName(dt) + " rank " +
                                       std::to_string(s.size()) + " layout " + std::to_string(lay);
                    int rc = inplace ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
                                           return aclnnInplaceAddV3GetWorkspaceSize(ss, to.t, sa, w, ex); }, aclnnInplaceAddV3)
                                     : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
                                           return aclnnAddV3GetWorkspaceSize(ss, to.t, sa, tout.t, w, ex); }, aclnnAddV3);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        DevTensor &res = inplace ? to : tout;
                        EXPECT(CountBad(what.c_str(), res.Read(), g, TolOf(dt)) == 0, "%s: wrong values", what.c_str());
                        EXPECT(res.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                    (void)p;
                    aclDestroyScalar(ss);
                    aclDestroyScalar(sa);
                }
}

static void TestValidation(bool is310p)
{
    DevTensor f, f2, o, oi, ob, b, i32, i64, o35, bf, bfo;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !oi.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !ob.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !b.Init(ACL_BOOL, {2, 3}, {}, CONTIG) ||
        !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !i64.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !o35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !bf.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !bfo.Init(ACL_BF16, {2, 3}, {}, CONTIG)) return;
    float one = 1.0f, half = 0.5f;
    int32_t ione = 1;
    bool bt = true;
    aclScalar *sf = aclCreateScalar(&one, ACL_FLOAT), *sh = aclCreateScalar(&half, ACL_FLOAT), *si = aclCreateScalar(&ione, ACL_INT32),
              *sb = aclCreateScalar(&bt, ACL_BOOL);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Rsub null self", aclnnRsubGetWorkspaceSize(nullptr, f.t, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("Rsub null alpha", aclnnRsubGetWorkspaceSize(f.t, f.t, nullptr, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "alpha");
    ExpectError("Rsub null out", aclnnRsubGetWorkspaceSize(f.t, f.t, sf, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("Rsub bool self", aclnnRsubGetWorkspaceSize(b.t, f.t, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("Rsub float alpha, int", aclnnRsubGetWorkspaceSize(i32.t, i32.t, sh, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "alpha");
    ExpectError("Rsub float to int out", aclnnRsubGetWorkspaceSize(f.t, i32.t, sf, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Rsub no broadcast", aclnnRsubGetWorkspaceSize(f.t, f2.t, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Rsub out shape", aclnnRsubGetWorkspaceSize(f.t, f.t, sf, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Rsubs null other", aclnnRsubsGetWorkspaceSize(f.t, nullptr, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "other");
    ExpectError("Rsubs bool scalar", aclnnRsubsGetWorkspaceSize(f.t, sb, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("Rsubs out shape", aclnnRsubsGetWorkspaceSize(f.t, sf, sf, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("AddV3 null self", aclnnAddV3GetWorkspaceSize(nullptr, f.t, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("AddV3 int64 other", aclnnAddV3GetWorkspaceSize(sf, i64.t, sf, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT64");
    ExpectError("AddV3 float alpha, int", aclnnAddV3GetWorkspaceSize(si, i32.t, sh, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "Alpha dtype");
    ExpectError("AddV3 float to int out", aclnnAddV3GetWorkspaceSize(sf, f.t, sf, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "desired output");
    ExpectError("AddV3 out shape", aclnnAddV3GetWorkspaceSize(sf, f.t, sf, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("InplaceAddV3 null selfRef", aclnnInplaceAddV3GetWorkspaceSize(nullptr, f.t, sf, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "selfRef");
    if (is310p) {
        ExpectError("Rsub bf16 on 310P", aclnnRsubGetWorkspaceSize(bf.t, bf.t, sf, bfo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
        ExpectError("AddV3 bf16 on 310P", aclnnAddV3GetWorkspaceSize(sf, bf.t, sf, bfo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    }
    for (aclScalar *s : {sf, sh, si, sb}) aclDestroyScalar(s);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = Is310P();
    TestRsub(is310p);
    TestRsubs(is310p);
    TestAddV3(is310p);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
