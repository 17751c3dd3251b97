// ApproximateEqual, AddMatMatElements, FusedMulAddN, AddrV2 (+Inplace) against references written
// here: dtypes, views, 0-d, empty, rank 8, NaN / Inf, integer wrap (FusedMulAddN); validation.
#include "aclnnop/aclnn_add_mat_mat_elements.h"
#include "aclnnop/aclnn_addr_v2.h"
#include "aclnnop/aclnn_approximate_equal.h"
#include "aclnnop/aclnn_div_v3.h"
#include "aclnnop/aclnn_fused_mul_add_n.h"
#include "mr_test.h"

static aclrtStream g_stream;
static const std::vector<std::vector<int64_t>> kShapes = {{}, {7}, {3, 5}, {0, 4}, {2, 1, 2, 1, 2, 1, 2, 3}, {2500}};

static std::vector<double> Vals(aclDataType dt, size_t n, uint64_t seed, double scale)
{
    std::vector<double> v = RandomValues(n, seed, scale);
    for (double &x : v) x = Quant(dt, IsFloatType(dt) ? x : std::trunc(x));
    if (IsFloatType(dt) && n > 3) { v[0] = NAN; v[1] = INFINITY; v[2] = -0.0; }
    return v;
}

static void TestApproxAndAmme(bool is310p)
{
    uint64_t seed = 1;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (!is310p) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts)
        for (auto &s : kShapes)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                size_t n = (size_t)GetShapeSize(s);
                std::vector<double> x1 = Vals(dt, n, seed++, 3), x2 = x1, c = Vals(dt, n, seed++, 3);
                std::vector<double> d = RandomValues(n, seed++, 0.2);
                for (size_t i = 3; i < n; i++) x2[i] = Quant(dt, x1[i] + d[i]);
                float tol = 0.1f;
                std::vector<double> ge(n), gm(n);
                for (size_t i = 0; i < n; i++) {
                    ge[i] = std::fabs(x1[i] - x2[i]) < (double)tol; // differences of 16-bit values are exact in float
                    gm[i] = Quant(dt, c[i] * (double)0.5f + (double)-1.25f * x1[i] * x2[i]);
                }
                DevTensor t1, t2, tc, ty, to;
                if (!t1.Init(dt, s, x1, lay) || !t2.Init(dt, s, x2, CONTIG) || !tc.Init(dt, s, c, lay) ||
                    !ty.Init(ACL_BOOL, s, {}, STRIDED) || !to.Init(dt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                std::string w1 = std::string("ApproximateEqual ") + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                int rc = Run(w1.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnApproximateEqualGetWorkspaceSize(t1.t, t2.t, tol, ty.t, w, ex); }, aclnnApproximateEqual);
                EXPECT(rc == 0, "%s: run failed", w1.c_str());
                if (!rc) EXPECT(CountBad(w1.c_str(), ty.Read(), ge, 0) == 0, "%s: wrong", w1.c_str());
                if (!rc) EXPECT(ty.CountClobbered() == 0, "%s: wrote outside", w1.c_str());
                float al = -1.25f, be = 0.5f;
                aclScalar *sa = aclCreateScalar(&al, ACL_FLOAT), *sb = aclCreateScalar(&be, ACL_FLOAT);
                std::string w2 = std::string("AddMatMatElements ") + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                rc = Run(w2.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAddMatMatElementsGetWorkspaceSize(t1.t, t2.t, tc.t, sa, sb, to.t, w, ex); }, aclnnAddMatMatElements);
                EXPECT(rc == 0, "%s: run failed", w2.c_str());
                if (!rc) {
                    EXPECT(CountBad(w2.c_str(), to.Read(), gm, dt == ACL_FLOAT ? 2e-6 : TolOf(dt)) == 0, "%s: wrong", w2.c_str());
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside", w2.c_str());
                }
                aclDestroyScalar(sa);
                aclDestroyScalar(sb);
            }
}

static void TestFusedMulAddN(bool is310p)
{
    uint64_t seed = 300;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT16};
    if (!is310p) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts)
        for (auto &s : kShapes)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                size_t n = (size_t)GetShapeSize(s);
                double sc = IsFloatType(dt) ? 3 : 30000;
                std::vector<double> x1 = Vals(dt, n, seed++, sc), x2 = Vals(dt, n, seed++, sc);
                double k = IsFloatType(dt) ? Quant(dt, -1.75) : 3;
                std::vector<double> g(n);
                for (size_t i = 0; i < n; i++)
                    g[i] = IsFloatType(dt) ? Quant(dt, x1[i] * k + x2[i])
                                           : Quant(dt, (double)(int64_t)((uint64_t)(int64_t)x1[i] * 3u + (uint64_t)(int64_t)x2[i]));
                DevTensor t1, t2, t3, ty;
                std::vector<int64_t> s3 = s.empty() ? std::vector<int64_t>{} : std::vector<int64_t>{1};
                if (!t1.Init(dt, s, x1, lay) || !t2.Init(dt, s, x2, CONTIG) || !t3.Init(dt, s3, {k}, CONTIG) ||
                    !ty.Init(dt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                std::string what = std::string("FusedMulAddN ") + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnFusedMulAddNGetWorkspaceSize(t1.t, t2.t, t3.t, ty.t, w, ex); }, aclnnFusedMulAddN);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    EXPECT(CountBad(what.c_str(), ty.Read(), g, dt == ACL_FLOAT ? 2e-6 : TolOf(dt)) == 0, "%s: wrong", what.c_str());
                    EXPECT(ty.CountClobbered() == 0, "%s: wrote outside", what.c_str());
                }
            }
}

static void TestAddrV2()
{
    uint64_t seed = 700;
    for (aclDataType dt : {ACL_FLOAT, ACL_INT32})
        for (int inplace = 0; inplace < 2; inplace++) {
            std::vector<double> s = Vals(dt, 12, seed++, 5), v1 = Vals(dt, 3, seed++, 5), v2 = Vals(dt, 4, seed++, 5);
            if (!IsFloatType(dt)) {} else { s[0] = 1; s[1] = 2; s[2] = 3; v1[0] = 1; v2[0] = 2; }
            double be = 2, al = 3;
            std::vector<double> g(12);
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 4; j++) g[(size_t)(i * 4 + j)] = Quant(dt, be * s[(size_t)(i * 4 + j)] + al * v1[(size_t)i] * v2[(size_t)j]);
            DevTensor ts, t1, t2, to;
            if (!ts.Init(dt, {3, 4}, s, TRANSPOSED) || !t1.Init(dt, {3}, v1, STRIDED) || !t2.Init(dt, {4}, v2, CONTIG) ||
                (!inplace && !to.Init(dt, {3, 4}, {}, STRIDED))) return;
            int32_t bi = 2, ai = 3;
            aclScalar *sb = aclCreateScalar(&bi, ACL_INT32), *sa = aclCreateScalar(&ai, ACL_INT32);
            std::string what = std::string(inplace ? "InplaceAddrV2 " : "AddrV2 ") + DtName(dt);
            int rc = inplace ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceAddrV2GetWorkspaceSize(ts.t, t1.t, t2.t, sb, sa, w, ex); }, aclnnInplaceAddrV2)
                             : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAddrV2GetWorkspaceSize(ts.t, t1.t, t2.t, sb, sa, to.t, w, ex); }, aclnnAddrV2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) EXPECT(CountBad(what.c_str(), (inplace ? ts : to).Read(), g, dt == ACL_FLOAT ? 2e-6 : 0) == 0, "%s: wrong", what.c_str());
            aclDestroyScalar(sb);
            aclDestroyScalar(sa);
        }
}

// DivV3: the quotient in FLOAT (integers cast in), rounded by the mode, cast back (ints truncate)
static void TestDivV3(bool is310p)
{
    uint64_t seed = 900;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT16};
    if (!is310p) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts)
        for (int64_t mode = 0; mode < 3; mode++)
            for (auto sh : std::vector<std::vector<std::vector<int64_t>>>{{{}, {}, {}}, {{3, 1, 4}, {5, 1}, {3, 5, 4}}, {{0, 2}, {2}, {0, 2}}, {{2500}, {2500}, {2500}}}) {
                std::vector<double> a = Vals(dt, (size_t)GetShapeSize(sh[0]), seed++, IsFloatType(dt) ? 9 : 3000);
                std::vector<double> b = Vals(dt, (size_t)GetShapeSize(sh[1]), seed++, IsFloatType(dt) ? 3 : 40);
                for (double &v : b) if (v == 0 && !IsFloatType(dt)) v = 7;
                int64_t n = GetShapeSize(sh[2]);
                std::vector<double> g((size_t)n);
                for (int64_t i = 0; i < n; i++) {
                    double x = a[(size_t)BcastIndex(sh[2], sh[0], i)], y = b[(size_t)BcastIndex(sh[2], sh[1], i)];
                    double q = (double)(float)((double)(float)x / (double)(float)y);
                    q = mode == 1 ? std::trunc(q) : mode == 2 ? std::floor(q) : q;
                    g[(size_t)i] = IsFloatType(dt) ? Quant(dt, q) : Quant(dt, std::trunc(q));
                }
                DevTensor ta, tb, to;
                if (!ta.Init(dt, sh[0], a, TRANSPOSED) || !tb.Init(dt, sh[1], b, STRIDED) || !to.Init(dt, sh[2], {}, STRIDED)) return;
                std::string what = std::string("DivV3 ") + DtName(dt) + " mode " + std::to_string(mode) + " rank " + std::to_string(sh[2].size());
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnDivV3GetWorkspaceSize(ta.t, tb.t, mode, to.t, w, ex); }, aclnnDivV3);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    EXPECT(CountBad(what.c_str(), to.Read(), g, IsFloatType(dt) && dt != ACL_FLOAT ? TolOf(dt) : 0) == 0, "%s: wrong", what.c_str());
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside", what.c_str());
                }
            }
    DevTensor f, h, o;
    if (!f.Init(ACL_FLOAT, {2}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("DivV3 mode 3", aclnnDivV3GetWorkspaceSize(f.t, f.t, 3, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "mode");
    ExpectError("DivV3 other dtype", aclnnDivV3GetWorkspaceSize(f.t, h.t, 0, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "same dtype");
    ExpectError("DivV3 out dtype", aclnnDivV3GetWorkspaceSize(f.t, f.t, 0, h.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "output");
}

static void TestValidation()
{
    DevTensor f, f2, h, b, i8, o35, one, two;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !b.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !i8.Init(ACL_INT8, {2, 3}, {}, CONTIG) || !o35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !one.Init(ACL_FLOAT, {1}, {2}, CONTIG) || !two.Init(ACL_FLOAT, {2}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    float one_f = 1;
    aclScalar *s1 = aclCreateScalar(&one_f, ACL_FLOAT);
    ExpectError("ApproximateEqual null y", aclnnApproximateEqualGetWorkspaceSize(f.t, f2.t, 0.1f, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "y");
    ExpectError("ApproximateEqual x2 dtype", aclnnApproximateEqualGetWorkspaceSize(f.t, h.t, 0.1f, b.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("ApproximateEqual y dtype", aclnnApproximateEqualGetWorkspaceSize(f.t, f2.t, 0.1f, f.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT");
    ExpectError("ApproximateEqual negative tolerance", aclnnApproximateEqualGetWorkspaceSize(f.t, f2.t, -1.0f, b.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "tolerance");
    ExpectError("ApproximateEqual NaN tolerance", aclnnApproximateEqualGetWorkspaceSize(f.t, f2.t, NAN, b.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "tolerance");
    ExpectError("AddMatMatElements null beta", aclnnAddMatMatElementsGetWorkspaceSize(f.t, f2.t, f.t, s1, nullptr, f.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "beta");
    ExpectError("AddMatMatElements int8", aclnnAddMatMatElementsGetWorkspaceSize(i8.t, i8.t, i8.t, s1, s1, i8.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT8");
    ExpectError("AddMatMatElements shape", aclnnAddMatMatElementsGetWorkspaceSize(f.t, f2.t, f.t, s1, s1, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("FusedMulAddN x3 two elements", aclnnFusedMulAddNGetWorkspaceSize(f.t, f2.t, two.t, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("FusedMulAddN x3 two elements, shapes ok", aclnnFusedMulAddNGetWorkspaceSize(f.t, f2.t, two.t, f.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "single-element");
    ExpectError("FusedMulAddN int8", aclnnFusedMulAddNGetWorkspaceSize(i8.t, i8.t, i8.t, i8.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT8");
    ExpectError("AddrV2 null vec1", aclnnAddrV2GetWorkspaceSize(f.t, nullptr, two.t, s1, s1, f.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "vec1");
    aclDestroyScalar(s1);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = Is310P();
    TestApproxAndAmme(is310p);
    TestFusedMulAddN(is310p);
    TestAddrV2();
    TestDivV3(is310p);
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
