// Equal (torch.equal: one BOOL), IsInScalarTensor (0-d BOOL: element in testElements, xor invert)
// and IsInTensorScalar (elementwise ==, != with invert) against references written here: dtypes
// and promotion, views, 0-d, empty, rank 8, large tensors (many blocks, the difference in the last
// one), NaN; validation paths with codes and messages; BF16 refused on a 310P topology.
#include "aclnnop/aclnn_equal.h"
#include "aclnnop/aclnn_isin.h"
#include "aclnnop/aclnn_isin_tensor_scalar.h"
#include "mr_test.h"

static aclrtStream g_stream;

static std::vector<double> Ints(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, 50.0);
    for (double &x : v) x = Quant(dt, std::fabs(std::trunc(x)));
    return v;
}

static bool RunEqual(const char *what, DevTensor &a, DevTensor &b, bool *res)
{
    DevTensor o;
    if (!o.Init(ACL_BOOL, {1}, {}, CONTIG)) return false;
    int rc = Run(what, g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnEqualGetWorkspaceSize(a.t, b.t, o.t, w, ex); }, aclnnEqual);
    EXPECT(rc == 0, "%s: run failed", what);
    if (rc) return false;
    *res = o.Read()[0] != 0;
    return true;
}

static void TestEqual(bool is310p)
{
    std::vector<std::pair<aclDataType, aclDataType>> pairs = {{ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_INT32, ACL_INT32},
        {ACL_INT64, ACL_INT64}, {ACL_INT8, ACL_INT8}, {ACL_UINT8, ACL_UINT8}, {ACL_BOOL, ACL_BOOL}, {ACL_DOUBLE, ACL_DOUBLE},
        {ACL_INT16, ACL_INT16}, {ACL_INT32, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_INT8, ACL_INT64}};
    if (!is310p) pairs.push_back({ACL_BF16, ACL_BF16});
    uint64_t seed = 3;
    for (auto &pr : pairs)
        for (auto &s : std::vector<std::vector<int64_t>>{{}, {7}, {3, 5}, {2, 1, 2, 1, 2, 1, 2, 3}, {300000}})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
                for (int variant = 0; variant < 3; variant++) { // 0 equal, 1 last element differs, 2 first differs
                    std::vector<double> x = Ints(pr.first == ACL_BOOL ? ACL_BOOL : pr.first, (size_t)GetShapeSize(s), seed++);
                    if (pr.first == ACL_BOOL) for (double &v : x) v = (double)((int64_t)v & 1);
                    std::vector<double> y = x;
                    size_t n = y.size();
                    if (variant == 1) y[n - 1] = pr.second == ACL_BOOL ? 1 - y[n - 1] : y[n - 1] + 1;
                    if (variant == 2) y[0] = pr.second == ACL_BOOL ? 1 - y[0] : y[0] + 1;
                    DevTensor a, b;
                    if (!a.Init(pr.first, s, x, lay) || !b.Init(pr.second, s, y, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    bool res = false;
                    std::string what = std::string("Equal ") + DtName(pr.first) + "/" + DtName(pr.second) + " n " + std::to_string(n) + " variant " + std::to_string(variant) + " layout " + std::to_string(lay);
                    if (RunEqual(what.c_str(), a, b, &res)) EXPECT(res == (variant == 0), "%s: got %d", what.c_str(), (int)res);
                }
    // shapes that differ (even when broadcastable) are unequal; two empty tensors of one shape equal
    DevTensor a, b, c, e1, e2, e3, n1, n2;
    if (!a.Init(ACL_FLOAT, {2, 3}, {1, 1, 1, 1, 1, 1}, CONTIG) || !b.Init(ACL_FLOAT, {1, 3}, {1, 1, 1}, CONTIG) ||
        !c.Init(ACL_FLOAT, {3, 2}, {1, 1, 1, 1, 1, 1}, CONTIG) || !e1.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) ||
        !e2.Init(ACL_INT32, {0, 3}, {}, CONTIG) || !e3.Init(ACL_FLOAT, {3, 0}, {}, CONTIG) ||
        !n1.Init(ACL_FLOAT, {3}, {1, NAN, 2}, CONTIG) || !n2.Init(ACL_FLOAT, {3}, {1, NAN, 2}, CONTIG)) return;
    bool r = true;
    if (RunEqual("Equal broadcastable shapes", a, b, &r)) EXPECT(!r, "Equal broadcastable shapes: true");
    if (RunEqual("Equal transposed shapes", a, c, &r)) EXPECT(!r, "Equal transposed shapes: true");
    if (RunEqual("Equal empty same shape", e1, e2, &r)) EXPECT(r, "Equal empty: false");
    if (RunEqual("Equal empty other shape", e1, e3, &r)) EXPECT(!r, "Equal empty other shape: true");
    if (RunEqual("Equal NaN", n1, n2, &r)) EXPECT(!r, "Equal NaN: true");
}

static void TestIsInScalarTensor(bool is310p)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64, ACL_INT8, ACL_UINT8, ACL_DOUBLE, ACL_INT16};
    if (!is310p) dts.push_back(ACL_BF16);
    uint64_t seed = 77;
    for (aclDataType dt : dts)
        for (auto &s : std::vector<std::vector<int64_t>>{{}, {5}, {4, 3}, {0, 2}, {2, 1, 2, 1, 2, 1, 2, 2}, {200000}})
            for (int invert = 0; invert < 2; invert++)
                for (int present = 0; present < 2; present++) {
                    std::vector<double> x = Ints(dt, (size_t)GetShapeSize(s), seed++);
                    for (double &v : x) if (v == 60) v = 61;
                    if (present && !x.empty()) x[x.size() - 1] = 60; // in the last block
                    DevTensor t, o;
                    if (!t.Init(dt, s, x, s.size() >= 2 ? TRANSPOSED : STRIDED) || !o.Init(ACL_BOOL, {}, {}, CONTIG)) return;
                    int32_t ev = 60;
                    aclScalar *el = aclCreateScalar(&ev, ACL_INT32);
                    std::string what = std::string("IsInScalarTensor ") + DtName(dt) + " n " + std::to_string(x.size()) + " invert " + std::to_string(invert) + " present " + std::to_string(present);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnIsInScalarTensorGetWorkspaceSize(el, t.t, false, invert != 0, o.t, w, ex); }, aclnnIsInScalarTensor);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    bool want = (present && !x.empty()) != (invert != 0);
                    if (!rc) EXPECT((o.Read()[0] != 0) == want, "%s: wrong result", what.c_str());
                    aclDestroyScalar(el);
                }
    // a NaN element is in nothing; a float element matches after the cast (0.5 in FLOAT16 exactly)
    DevTensor t, o;
    if (!t.Init(ACL_FLOAT16, {3}, {NAN, 0.5, 2}, CONTIG) || !o.Init(ACL_BOOL, {}, {}, CONTIG)) return;
    for (double v : {(double)NAN, 0.5, 0.25}) {
        float f = (float)v;
        aclScalar *el = aclCreateScalar(&f, ACL_FLOAT);
        int rc = Run("IsInScalarTensor float element", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnIsInScalarTensorGetWorkspaceSize(el, t.t, false, false, o.t, w, ex); }, aclnnIsInScalarTensor);
        EXPECT(rc == 0 && (o.Read()[0] != 0) == (v == 0.5), "IsInScalarTensor element %g: wrong", v);
        aclDestroyScalar(el);
    }
}

static void TestIsInTensorScalar(bool is310p)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64, ACL_INT8, ACL_UINT8, ACL_DOUBLE, ACL_INT16};
    if (!is310p) dts.push_back(ACL_BF16);
    uint64_t seed = 177;
    for (aclDataType dt : dts)
        for (auto &s : std::vector<std::vector<int64_t>>{{}, {9}, {4, 3}, {0}, {2, 1, 2, 1, 2, 1, 2, 2}, {5000}})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
                for (int invert = 0; invert < 2; invert++) {
                    std::vector<double> x = Ints(dt, (size_t)GetShapeSize(s), seed++);
                    for (size_t i = 0; i < x.size(); i += 3) x[i] = 7;
                    if (IsFloatType(dt) && x.size() > 2) x[1] = NAN;
                    std::vector<double> g(x.size());
                    for (size_t i = 0; i < x.size(); i++) g[i] = (x[i] == 7) != (invert != 0);
                    DevTensor t, o;
                    if (!t.Init(dt, s, x, lay) || !o.Init(ACL_BOOL, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    int64_t tv = 7;
                    aclScalar *te = aclCreateScalar(&tv, ACL_INT64);
                    std::string what = std::string("IsInTensorScalar ") + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay) + " invert " + std::to_string(invert);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnIsInTensorScalarGetWorkspaceSize(t.t, te, false, invert != 0, o.t, w, ex); }, aclnnIsInTensorScalar);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        EXPECT(CountBad(what.c_str(), o.Read(), g, 0) == 0, "%s: wrong values", what.c_str());
                        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                    aclDestroyScalar(te);
                }
}

static void TestValidation(bool is310p)
{
    DevTensor f, i32, b1, ob, ob2, of, c64, bf, o0;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !b1.Init(ACL_BOOL, {2, 3}, {}, CONTIG) ||
        !ob.Init(ACL_BOOL, {1}, {}, CONTIG) || !ob2.Init(ACL_BOOL, {2}, {}, CONTIG) || !of.Init(ACL_FLOAT, {1}, {}, CONTIG) ||
        !c64.Init(ACL_COMPLEX64, {2, 3}, {}, CONTIG) || !bf.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !o0.Init(ACL_BOOL, {}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int32_t iv = 1;
    bool bv = true;
    aclScalar *si = aclCreateScalar(&iv, ACL_INT32), *sb = aclCreateScalar(&bv, ACL_BOOL);
    ExpectError("Equal null other", aclnnEqualGetWorkspaceSize(f.t, nullptr, ob.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "other");
    ExpectError("Equal complex", aclnnEqualGetWorkspaceSize(c64.t, c64.t, ob.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "promoteType");
    ExpectError("Equal float out", aclnnEqualGetWorkspaceSize(f.t, f.t, of.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT");
    ExpectError("Equal out shape [2]", aclnnEqualGetWorkspaceSize(f.t, f.t, ob2.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("IsInScalarTensor null element", aclnnIsInScalarTensorGetWorkspaceSize(nullptr, f.t, false, false, o0.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "element");
    ExpectError("IsInScalarTensor bool tensor", aclnnIsInScalarTensorGetWorkspaceSize(si, b1.t, false, false, o0.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("IsInScalarTensor bool element", aclnnIsInScalarTensorGetWorkspaceSize(sb, f.t, false, false, o0.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("IsInScalarTensor out not 0-d", aclnnIsInScalarTensorGetWorkspaceSize(si, f.t, false, false, ob.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("IsInTensorScalar null out", aclnnIsInTensorScalarGetWorkspaceSize(f.t, si, false, false, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("IsInTensorScalar bool scalar", aclnnIsInTensorScalarGetWorkspaceSize(f.t, sb, false, false, b1.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("IsInTensorScalar out shape", aclnnIsInTensorScalarGetWorkspaceSize(f.t, si, false, false, ob.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("IsInTensorScalar int out", aclnnIsInTensorScalarGetWorkspaceSize(f.t, si, false, false, i32.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    if (is310p) {
        ExpectError("Equal bf16 on 310P", aclnnEqualGetWorkspaceSize(bf.t, bf.t, ob.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
        ExpectError("IsInTensorScalar bf16 on 310P", aclnnIsInTensorScalarGetWorkspaceSize(bf.t, si, false, false, b1.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    }
    aclDestroyScalar(si);
    aclDestroyScalar(sb);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = Is310P();
    TestEqual(is310p);
    TestIsInScalarTensor(is310p);
    TestIsInTensorScalar(is310p);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
