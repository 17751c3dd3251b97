// aclnnRelu / aclnnInplaceRelu as a host program would call them: the ops-nn example case, then
// dtypes, ranks, a strided in-place view, an empty tensor and one large tensor, each checked
// against max(x, 0) computed here.
#include "aclnn_test_util.h"
#include "aclnnop/aclnn_relu.h"

template <typename Enc, typename Dec>
static void CheckRelu(aclrtStream stream, const char *name, aclDataType dt, const std::vector<int64_t> &shape,
                      Enc enc, Dec dec, uint64_t seed)
{
    Lcg rng(seed);
    size_t n = (size_t)GetShapeSize(shape);
    std::vector<uint16_t> x(n);
    std::vector<double> golden(n);
    for (size_t i = 0; i < n; i++) {
        x[i] = enc(rng.value());
        double v = dec(x[i]);
        golden[i] = v > 0 ? v : 0;
    }
    void *dx = nullptr, *dy = nullptr;
    aclTensor *tx = nullptr, *ty = nullptr;
    ACL_OK(CreateAclTensor(x, shape, &dx, dt, &tx));
    ACL_OK(CreateAclTensor(std::vector<uint16_t>(n), shape, &dy, dt, &ty));
    ACL_OK(RunOp("aclnnRelu", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReluGetWorkspaceSize(tx, ty, w, e); },
                 aclnnRelu));
    std::vector<uint16_t> y = Download<uint16_t>(dy, n);
    std::vector<double> actual(n);
    for (size_t i = 0; i < n; i++) actual[i] = dec(y[i]);
    CheckDtype(name, dt, actual, golden);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclrtFree(dx);
    aclrtFree(dy);
}

static void TestExample(aclrtStream stream)
{
    std::vector<int64_t> shape = {2, 2};
    std::vector<float> selfHost = {0, 1, -2, 3}, outHost(4, -7.0f);
    void *selfDev = nullptr, *outDev = nullptr;
    aclTensor *self = nullptr, *out = nullptr;
    ACL_OK(CreateAclTensor(selfHost, shape, &selfDev, ACL_FLOAT, &self));
    ACL_OK(CreateAclTensor(outHost, shape, &outDev, ACL_FLOAT, &out));
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    ACL_OK(aclnnReluGetWorkspaceSize(self, out, &workspaceSize, &executor));
    EXPECT(workspaceSize == 0, "workspace %llu", (unsigned long long)workspaceSize);
    ACL_OK(aclnnRelu(nullptr, workspaceSize, executor, stream));
    ACL_OK(aclrtSynchronizeStream(stream));
    std::vector<float> r = Download<float>(outDev, 4);
    for (int i = 0; i < 4; i++) {
        LOG_PRINT("aclnnRelu result[%d] is: %f\n", i, r[i]);
        EXPECT(r[i] == (selfHost[i] > 0 ? selfHost[i] : 0.0f), "element %d", i);
    }
    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclrtFree(selfDev);
    aclrtFree(outDev);
}

static void TestFloat32Shapes(aclrtStream stream)
{
    std::vector<std::vector<int64_t>> shapes = {{1}, {33, 65}, {2, 1, 3, 1, 2, 2, 1, 3}, {1 << 22}};
    for (size_t s = 0; s < shapes.size(); s++) {
        Lcg rng(s + 1);
        size_t n = (size_t)GetShapeSize(shapes[s]);
        std::vector<float> x(n), golden(n);
        for (size_t i = 0; i < n; i++) x[i] = (float)rng.value();
        void *dx = nullptr, *dy = nullptr;
        aclTensor *tx = nullptr, *ty = nullptr;
        ACL_OK(CreateAclTensor(x, shapes[s], &dx, ACL_FLOAT, &tx));
        ACL_OK(CreateAclTensor(std::vector<float>(n), shapes[s], &dy, ACL_FLOAT, &ty));
        ACL_OK(RunOp("aclnnRelu", stream,
                     [&](uint64_t *w, aclOpExecutor **e) { return aclnnReluGetWorkspaceSize(tx, ty, w, e); }, aclnnRelu));
        std::vector<float> y = Download<float>(dy, n);
        size_t bad = 0;
        for (size_t i = 0; i < n; i++) bad += y[i] != (x[i] > 0 ? x[i] : 0.0f);
        EXPECT(bad == 0, "fp32 shape #%zu: %zu wrong elements", s, bad); // relu is exact
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
        aclrtFree(dx);
        aclrtFree(dy);
    }
}

static void TestInplaceStridedView(aclrtStream stream)
{
    // storage [6,10] int32; view [3,4] starting at (1,2), every other row and column
    std::vector<int32_t> base(60);
    for (int i = 0; i < 60; i++) base[i] = (i % 7) - 3;
    void *d = nullptr;
    aclTensor *whole = nullptr;
    ACL_OK(CreateAclTensor(base, {6, 10}, &d, ACL_INT32, &whole));
    std::vector<int64_t> vshape = {3, 4}, vstride = {20, 2}, sshape = {6, 10};
    aclTensor *view = aclCreateTensor(vshape.data(), 2, ACL_INT32, vstride.data(), 12, ACL_FORMAT_ND, sshape.data(), 2, d);
    ACL_OK(RunOp("aclnnInplaceRelu", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceReluGetWorkspaceSize(view, w, e); },
                 aclnnInplaceRelu));
    std::vector<int32_t> r = Download<int32_t>(d, 60);
    for (int i = 0; i < 60; i++) {
        int row = i / 10, col = i % 10;
        bool in_view = row >= 1 && (row - 1) % 2 == 0 && row <= 5 && col >= 2 && (col - 2) % 2 == 0 && col <= 8;
        int32_t want = in_view ? (base[i] > 0 ? base[i] : 0) : base[i];
        EXPECT(r[i] == want, "element %d: %d != %d", i, r[i], want);
    }
    aclDestroyTensor(view);
    aclDestroyTensor(whole);
    aclrtFree(d);
}

static void TestEmpty(aclrtStream stream)
{
    std::vector<int64_t> shape = {0, 4};
    aclTensor *t = aclCreateTensor(shape.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape.data(), 2, nullptr);
    uint64_t ws = 99;
    aclOpExecutor *ex = nullptr;
    ACL_OK(aclnnReluGetWorkspaceSize(t, t, &ws, &ex));
    EXPECT(ws == 0, "empty tensor workspace %llu", (unsigned long long)ws);
    ACL_OK(aclnnRelu(nullptr, 0, ex, stream));
    ACL_OK(aclrtSynchronizeStream(stream));
    aclDestroyTensor(t);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestExample(rt.stream);
    TestFloat32Shapes(rt.stream);
    CheckRelu(rt.stream, "relu fp16 [7,11,13]", ACL_FLOAT16, {7, 11, 13}, RefToHalf, RefFromHalf, 11);
    CheckRelu(rt.stream, "relu bf16 [1000]", ACL_BF16, {1000}, RefToBf16, RefFromBf16, 12);
    TestInplaceStridedView(rt.stream);
    TestEmpty(rt.stream);
    LOG_PRINT("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
