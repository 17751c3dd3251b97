// Views whose declared storage shape leaves their offset out (as ggml's CANN backend builds
// them): a contiguous or last-two-dims transposed view is used in place by the real stack, so
// it runs when the elements it reaches lie inside the device allocation behind it; past the
// allocation, or for other strided views, stage 1 refuses it with 561103.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_threshold.h"

// 561103 is an inner error (EZ9999), not a parameter one: check the code and the text.
static void ExpectInner(const char *what, int got)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == 561103, "%s: returned %d, expected 561103 (%s)", what, got, msg.c_str());
    EXPECT(msg.find("outside its storage shape") != std::string::npos, "%s: message lacks the reason: %s", what, msg.c_str());
}

static int Thr(aclrtStream stream, aclTensor *t)
{
    float zero = 0.0f;
    aclScalar *s = aclCreateScalar(&zero, ACL_FLOAT);
    int rc = Run("InplaceThreshold", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnInplaceThresholdGetWorkspaceSize(t, s, s, w, e); }, aclnnInplaceThreshold);
    aclDestroyScalar(s);
    return rc;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const int64_t n = 256;
    std::vector<float> host(n);
    for (int64_t i = 0; i < n; i++) host[i] = (i % 2 ? 1.0f : -1.0f) * (float)i;
    void *dev = nullptr;
    if (aclrtMalloc(&dev, n * 4, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 1;
    aclrtMemcpy(dev, n * 4, host.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    {   // contiguous (4, 10) at offset 100, storage declared as 40 elements: runs, touches only its elements
        std::vector<int64_t> shape = {4, 10}, strides = {10, 1}, storage = {40};
        aclTensor *t = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 100, ACL_FORMAT_ND, storage.data(), 1, dev);
        EXPECT(Thr(rt.stream, t) == 0, "contiguous view past its storage shape, inside the allocation: refused");
        std::vector<float> got = Download<float>(dev, n);
        size_t bad = 0;
        for (int64_t i = 0; i < n; i++) {
            float want = i >= 100 && i < 140 && host[i] <= 0 ? 0.0f : host[i];
            bad += got[i] != want;
        }
        EXPECT(bad == 0, "contiguous view: %zu elements wrong", bad);
        aclDestroyTensor(t);
    }
    {   // transposed (8, 16) view of a (16, 8) block at offset 128, storage 128: runs
        std::vector<int64_t> shape = {8, 16}, strides = {1, 8}, storage = {128};
        aclTensor *t = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 128, ACL_FORMAT_ND, storage.data(), 1, dev);
        EXPECT(Thr(rt.stream, t) == 0, "transposed view past its storage shape, inside the allocation: refused");
        aclDestroyTensor(t);
    }
    uint64_t ws;
    aclOpExecutor *ex;
    float zero = 0.0f;
    aclScalar *s = aclCreateScalar(&zero, ACL_FLOAT);
    {   // past the end of the allocation
        std::vector<int64_t> shape = {40}, strides = {1}, storage = {40};
        aclTensor *t = aclCreateTensor(shape.data(), 1, ACL_FLOAT, strides.data(), 240, ACL_FORMAT_ND, storage.data(), 1, dev);
        ExpectInner("contiguous view past the allocation", aclnnInplaceThresholdGetWorkspaceSize(t, s, s, &ws, &ex));
        aclDestroyTensor(t);
    }
    {   // a strided (every other element) view past its storage: l0op::Contiguous would refuse it
        std::vector<int64_t> shape = {20}, strides = {2}, storage = {20};
        aclTensor *t = aclCreateTensor(shape.data(), 1, ACL_FLOAT, strides.data(), 100, ACL_FORMAT_ND, storage.data(), 1, dev);
        ExpectInner("strided view past its storage", aclnnInplaceThresholdGetWorkspaceSize(t, s, s, &ws, &ex));
        aclDestroyTensor(t);
    }
    aclDestroyScalar(s);
    aclrtFree(dev);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
