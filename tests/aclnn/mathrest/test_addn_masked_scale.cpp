// AddN / SumV2 (sums of a tensor list) and MaskedScale (self * mask * scale) against references
// written here: dtypes, lists longer than one launch's 16 inputs, views, 0-d, empty, rank 8,
// broadcasting (SumV2 only); validation paths; the chip lists (AddN only on A2/A3/950,
// MaskedScale only on the 950).
#include <string>

#include "aclnnop/aclnn_add_n.h"
#include "aclnnop/aclnn_masked_scale.h"
#include "aclnnop/aclnn_sum_v2.h"
#include "mr_test.h"

static aclrtStream g_stream;

static std::string Soc()
{
    const char *s = aclrtGetSocName();
    return s ? s : "";
}

static bool Is950() { return Soc().find("950") != std::string::npos; }

// sum of n tensors of `shapes[i]` broadcast to `out`; AddN when same shapes, else SumV2.
static void RunSum(bool addn, aclDataType dt, const std::vector<std::vector<int64_t>> &shapes, const std::vector<int64_t> &out,
                   Layout lay, uint64_t &seed)
{
    size_t n = shapes.size();
    std::vector<DevTensor> ts(n);
    std::vector<std::vector<double>> vals(n);
    std::vector<aclTensor *> items(n);
    for (size_t i = 0; i < n; i++) {
        vals[i] = RandomValues((size_t)GetShapeSize(shapes[i]), seed++, IsFloatType(dt) ? 3.0 : 100.0);
        for (double &v : vals[i]) v = Quant(dt, IsFloatType(dt) ? v : std::trunc(v));
        if (!ts[i].Init(dt, shapes[i], vals[i], i % 2 ? lay : CONTIG)) return;
        items[i] = ts[i].Alias();
    }
    aclTensorList *list = aclCreateTensorList(items.data(), n);
    int64_t m = GetShapeSize(out);
    std::vector<double> g((size_t)m);
    for (int64_t k = 0; k < m; k++) {
        double acc = 0;
        int64_t iacc = 0;
        for (size_t i = 0; i < n; i++) {
            double v = vals[i][(size_t)BcastIndex(out, shapes[i], k)];
            acc += v;
            iacc = (int64_t)((uint64_t)iacc + (uint64_t)(int64_t)v);
        }
        g[(size_t)k] = IsFloatType(dt) ? Quant(dt, acc) : Quant(dt, (double)iacc); // one rounding; ints wrap
    }
    DevTensor o;
    if (!o.Init(dt, out, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) { aclDestroyTensorList(list); return; }
    std::string what = std::string(addn ? "AddN " : "SumV2 ") + DtName(dt) + " n " + std::to_string(n) + " rank " + std::to_string(out.size()) + " layout " + std::to_string(lay);
    int rc = addn ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAddNGetWorkspaceSize(list, o.t, w, ex); }, aclnnAddN)
                  : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnSumV2GetWorkspaceSize(list, o.t, w, ex); }, aclnnSumV2);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (!rc) {
        double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
        EXPECT(CountBad(what.c_str(), o.Read(), g, tol) == 0, "%s: wrong values", what.c_str());
        EXPECT(o.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
    aclDestroyTensorList(list);
}

static void TestSums(bool a2_or_950, bool is310p)
{
    uint64_t seed = 5;
    std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 4}, {0, 5}, {2, 1, 2, 1, 2, 1, 2, 3}, {1031}};
    if (a2_or_950) {
        std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64};
        if (!is310p) dts.push_back(ACL_BF16);
        for (aclDataType dt : dts)
            for (auto &s : shapes)
                for (size_t n : {1, 3, 17, 40})
                    for (Layout lay : {CONTIG, TRANSPOSED})
                        RunSum(true, dt, std::vector<std::vector<int64_t>>(n, s), s, lay, seed);
    }
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8, ACL_UINT8})
        for (size_t n : {1, 2, 18}) {
            std::vector<std::vector<int64_t>> sh(n, std::vector<int64_t>{3, 1, 4});
            if (n > 1) sh[1] = {5, 1};
            RunSum(false, dt, sh, n > 1 ? std::vector<int64_t>{3, 5, 4} : sh[0], STRIDED, seed);
            RunSum(false, dt, std::vector<std::vector<int64_t>>(n, std::vector<int64_t>{2, 6}), {2, 6}, TRANSPOSED, seed);
        }
}

static void TestMaskedScale(bool on950)
{
    uint64_t seed = 50;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (aclDataType dt : dts)
        for (aclDataType mdt : {ACL_UINT8, ACL_INT8, ACL_FLOAT, ACL_FLOAT16})
            for (auto &s : std::vector<std::vector<int64_t>>{{}, {9}, {4, 5}, {0, 3}, {2, 1, 2, 1, 2, 1, 2, 2}, {4000}})
                for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                    std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(s), seed++, 4.0));
                    if (x.size() > 3) { x[0] = NAN; x[1] = INFINITY; x[2] = -0.0; }
                    std::vector<double> mk = RandomValues(x.size(), seed++, 1.0);
                    for (double &v : mk) v = v > 0 ? 1 : 0;
                    float scale = 1.25f;
                    std::vector<double> g(x.size());
                    for (size_t i = 0; i < x.size(); i++) g[i] = Quant(dt, x[i] * mk[i] * scale);
                    DevTensor tx, tm, to;
                    if (!tx.Init(dt, s, x, lay) || !tm.Init(mdt, s, mk, CONTIG) || !to.Init(dt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED)) return;
                    std::string what = std::string("MaskedScale ") + DtName(dt) + "/" + DtName(mdt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                    if (!on950) {
                        uint64_t ws;
                        aclOpExecutor *ex;
                        ExpectError(what.c_str(), aclnnMaskedScaleGetWorkspaceSize(tx.t, tm.t, scale, to.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dtype");
                        return;
                    }
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnMaskedScaleGetWorkspaceSize(tx.t, tm.t, scale, to.t, w, ex); }, aclnnMaskedScale);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        EXPECT(CountBad(what.c_str(), to.Read(), g, dt == ACL_FLOAT ? 2e-7 : TolOf(dt)) == 0, "%s: wrong values", what.c_str());
                        EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                }
}

static void TestValidation(bool a2_or_950, bool on950)
{
    DevTensor f, f2, h, i64, o, o35, m, mb;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !i64.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !m.Init(ACL_UINT8, {2, 3}, {}, CONTIG) || !mb.Init(ACL_BOOL, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *two[2] = {f.Alias(), f2.Alias()};
    aclTensorList *mixed = aclCreateTensorList(two, 2);
    aclTensor *withnull[2] = {f.Alias(), nullptr};
    aclTensorList *nulls = aclCreateTensorList(withnull, 2);
    aclTensor *i64s[1] = {i64.Alias()};
    aclTensorList *ints = aclCreateTensorList(i64s, 1);
    aclTensorList *empty = aclCreateTensorList(nullptr, 0);
    ExpectError("AddN null list", aclnnAddNGetWorkspaceSize(nullptr, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "tensors");
    ExpectError("AddN null item", aclnnAddNGetWorkspaceSize(nulls, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "tensor 1");
    ExpectError("AddN empty list", aclnnAddNGetWorkspaceSize(empty, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "empty");
    if (a2_or_950) {
        ExpectError("AddN different shapes", aclnnAddNGetWorkspaceSize(mixed, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "same shape");
        ExpectError("AddN out shape", aclnnAddNGetWorkspaceSize(ints, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "same shape with output");
    } else {
        ExpectError("AddN on this chip", aclnnAddNGetWorkspaceSize(ints, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "only support");
    }
    ExpectError("SumV2 int64", aclnnSumV2GetWorkspaceSize(ints, i64.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_INT64");
    ExpectError("SumV2 no broadcast", aclnnSumV2GetWorkspaceSize(mixed, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "broadcast");
    ExpectError("MaskedScale null mask", aclnnMaskedScaleGetWorkspaceSize(f.t, nullptr, 1.0f, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "mask");
    ExpectError("MaskedScale out dtype", aclnnMaskedScaleGetWorkspaceSize(f.t, m.t, 1.0f, h.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    if (on950) {
        ExpectError("MaskedScale bool mask", aclnnMaskedScaleGetWorkspaceSize(f.t, mb.t, 1.0f, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
        ExpectError("MaskedScale shape", aclnnMaskedScaleGetWorkspaceSize(f.t, m.t, 1.0f, o35.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    }
    for (aclTensorList *l : {mixed, nulls, ints, empty}) aclDestroyTensorList(l);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool is310p = Is310P(), on950 = Is950();
    bool a2_or_950 = !is310p; // the topologies run here: 910B1, 310P3, 950
    TestSums(a2_or_950, is310p);
    TestMaskedScale(on950);
    TestValidation(a2_or_950, on950);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
