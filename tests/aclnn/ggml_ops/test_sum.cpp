// aclnnSum (ops-math accumulate_nv2): out = the elementwise sum of a tensor list, broadcast
// together; FP32 / FP16 (summed in FP32, one rounding: checked with values whose FP16 partial
// sums would round) / INT8 / INT32 / UINT8 wrapping; strided views, 0-d, lists longer than one
// launch (17 and 40 tensors); the validation order with codes and messages.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_sum.h"

static int RunSum(aclrtStream stream, std::vector<DevTensor> &ts, DevTensor &out)
{
    std::vector<aclTensor *> items;
    for (auto &t : ts) items.push_back(t.t);
    aclTensorList *list = aclCreateTensorList(items.data(), items.size());
    int rc = Run("Sum", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSumGetWorkspaceSize(list, out.t, w, e); }, aclnnSum);
    // the list does not own the tensors' device memory but destroys the tensors: detach them
    for (auto &t : ts) t.t = nullptr;
    aclDestroyTensorList(list);
    return rc;
}

// Sum of `count` tensors; tensor k has shape shapes[k % shapes.size()] (broadcast to oshape).
static void Case(aclrtStream stream, aclDataType dt, int count, const std::vector<std::vector<int64_t>> &shapes,
                 const std::vector<int64_t> &oshape, double scale)
{
    int64_t on = GetShapeSize(oshape);
    std::vector<std::vector<double>> vals(count);
    std::vector<DevTensor> ts(count);
    std::vector<double> golden(on, 0.0);
    bool ints = dt == ACL_INT8 || dt == ACL_INT32 || dt == ACL_UINT8;
    for (int k = 0; k < count; k++) {
        const std::vector<int64_t> &s = shapes[k % shapes.size()];
        vals[k] = RandomValues(GetShapeSize(s), 100 + k, scale);
        for (double &v : vals[k]) v = Quant(dt, ints ? std::round(dt == ACL_UINT8 ? std::fabs(v) : v) : v);
        if (!ts[k].Init(dt, s, vals[k], k % 2 ? STRIDED : CONTIG)) return;
        for (int64_t i = 0; i < on; i++) { // right-aligned broadcast index
            int64_t r = i, src = 0, mul = 1;
            for (int64_t d = (int64_t)oshape.size() - 1; d >= 0; d--) {
                int64_t od = r % oshape[d]; r /= oshape[d];
                int64_t sd = d - ((int64_t)oshape.size() - (int64_t)s.size());
                if (sd < 0) continue;
                src += (s[sd] == 1 ? 0 : od) * mul;
                mul *= s[sd];
            }
            golden[i] += vals[k][src];
        }
    }
    DevTensor out;
    if (!out.Init(dt, oshape, {}, STRIDED)) return;
    std::string what = std::string("Sum ") + DtName(dt) + " x" + std::to_string(count);
    int rc = RunSum(stream, ts, out);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<double> a = out.Read();
    if (ints) {
        size_t bad = 0;
        for (int64_t i = 0; i < on; i++) bad += a[i] != Quant(dt, (double)(int64_t)golden[i]);
        EXPECT(bad == 0, "%s: %zu of %lld wrong (wrap-around)", what.c_str(), bad, (long long)on);
    } else if (dt == ACL_FLOAT16) { // one rounding of the exact sum
        size_t bad = 0;
        for (int64_t i = 0; i < on; i++) bad += a[i] != Quant(dt, golden[i]);
        EXPECT(bad == 0, "%s: %zu of %lld not the once-rounded sum", what.c_str(), bad, (long long)on);
    } else {
        CheckDtype(what.c_str(), dt, a, golden);
    }
    EXPECT(out.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
}

static void TestValues(aclrtStream stream)
{
    std::vector<std::vector<int64_t>> bshapes = {{4, 1, 6}, {5, 1}, {4, 5, 6}, {6}};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT32, ACL_UINT8};
    for (aclDataType dt : dts) {
        double scale = dt == ACL_INT8 || dt == ACL_UINT8 ? 30 : 3; // int8 / uint8 sums wrap
        Case(stream, dt, 1, {{4, 5, 6}}, {4, 5, 6}, scale);
        Case(stream, dt, 3, bshapes, {4, 5, 6}, scale);
        Case(stream, dt, 17, bshapes, {4, 5, 6}, scale);
    }
    Case(stream, ACL_FLOAT16, 40, {{3, 7}}, {3, 7}, 3);
    Case(stream, ACL_FLOAT, 2, {{}, {}}, {}, 3); // 0-d
}

static void TestValidation()
{
    DevTensor a, b, o, ai, ad, bbad, obad, a9, o16;
    if (!a.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !b.Init(ACL_FLOAT, {3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !ai.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !ad.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !bbad.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !obad.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !a9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) ||
        !o16.Init(ACL_INT16, {2, 3}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    // Each list holds aliases of the DevTensors' tensors (a list destroys its items).
    ExpectError("null list", aclnnSumGetWorkspaceSize(nullptr, o.t, &ws, &ex), 161001, "tensors");
    std::vector<aclTensor *> withnull = {a.Alias(), nullptr};
    aclTensorList *ln = aclCreateTensorList(withnull.data(), 2);
    ExpectError("null item", aclnnSumGetWorkspaceSize(ln, o.t, &ws, &ex), 161001, "tensor 1");
    ExpectError("null out", aclnnSumGetWorkspaceSize(ln, nullptr, &ws, &ex), 161001);
    std::vector<aclTensor *> dbl = {a.Alias(), ad.Alias()};
    aclTensorList *ld = aclCreateTensorList(dbl.data(), 2);
    ExpectError("double item", aclnnSumGetWorkspaceSize(ld, o.t, &ws, &ex), 161002, "tensor 1 not implemented for DT_DOUBLE");
    std::vector<aclTensor *> ok = {a.Alias(), b.Alias()};
    aclTensorList *lo = aclCreateTensorList(ok.data(), 2);
    ExpectError("int16 out", aclnnSumGetWorkspaceSize(lo, o16.t, &ws, &ex), 161002, "DT_INT16");
    std::vector<aclTensor *> mixed = {a.Alias(), ai.Alias()};
    aclTensorList *lm = aclCreateTensorList(mixed.data(), 2);
    ExpectError("mixed dtypes", aclnnSumGetWorkspaceSize(lm, o.t, &ws, &ex), 161002, "DT_INT32");
    std::vector<aclTensor *> r9 = {a9.Alias()};
    aclTensorList *l9 = aclCreateTensorList(r9.data(), 1);
    ExpectError("rank 9", aclnnSumGetWorkspaceSize(l9, o.t, &ws, &ex), 161002, "Dim of tensor 0");
    std::vector<aclTensor *> nb = {a.Alias(), bbad.Alias()};
    aclTensorList *lb = aclCreateTensorList(nb.data(), 2);
    ExpectError("no broadcast", aclnnSumGetWorkspaceSize(lb, o.t, &ws, &ex), 161002, "can not broadcast");
    ExpectError("out shape", aclnnSumGetWorkspaceSize(lo, obad.t, &ws, &ex), 161002, "out shape");
    aclTensorList *le = aclCreateTensorList(ok.data(), 0);
    ExpectError("empty list", aclnnSumGetWorkspaceSize(le, o.t, &ws, &ex), 161002, "empty");
    for (aclTensorList *l : {ln, ld, lo, lm, l9, lb, le}) aclDestroyTensorList(l);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestValues(rt.stream);
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
