// aclemu demo: an ordinary ACL host program, written the way the ops-nn examples are.
// It initialises ACL, opens the default device, shows what it is, runs a small chain of aclnn
// operators (Add -> Relu -> Softmax) and checks the result against a host computation.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softmax.h"

#define CHECK_RET(cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::printf(__VA_ARGS__);                                                              \
            std::printf("\n%s\n", aclGetRecentErrMsg());                                          \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

static aclTensor *make_tensor(const std::vector<int64_t> &shape, void *dev)
{
    std::vector<int64_t> strides(shape.size(), 1);
    for (int i = (int)shape.size() - 2; i >= 0; i--)
        strides[i] = shape[i + 1] * strides[i + 1];
    return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                           shape.data(), shape.size(), dev);
}

// Runs stage 2 of an op whose stage 1 gave (ws, exec).
static int run(aclnnStatus (*stage2)(void *, uint64_t, aclOpExecutor *, aclrtStream), uint64_t ws,
               aclOpExecutor *exec, aclrtStream stream)
{
    void *wsp = nullptr;
    if (ws > 0 && aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        return 1;
    int rc = stage2(wsp, ws, exec, stream);
    if (wsp)
        aclrtFree(wsp);
    return rc;
}

int main()
{
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit failed");
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice(0) failed");
    aclrtStream stream;
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream failed");
    uint32_t count = 0;
    aclrtGetDeviceCount(&count);
    size_t freeB = 0, totalB = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &freeB, &totalB);
    std::printf("aclemu: %u device(s); device 0 is an %s with %.1f GiB of emulated HBM\n", count,
                aclrtGetSocName(), totalB / 1073741824.0);

    const int64_t rows = 4, cols = 8, n = rows * cols;
    std::vector<float> a(n), b(n);
    for (int i = 0; i < n; i++) {
        a[i] = 0.25f * (i % 11) - 1.0f;
        b[i] = 0.5f * (i % 5) - 0.75f;
    }
    void *da, *db, *dsum, *drelu, *dout;
    size_t bytes = n * sizeof(float);
    for (void **p : {&da, &db, &dsum, &drelu, &dout})
        CHECK_RET(aclrtMalloc(p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc failed");
    CHECK_RET(aclrtMemcpy(da, bytes, a.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "copy");
    CHECK_RET(aclrtMemcpy(db, bytes, b.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "copy");

    std::vector<int64_t> shape = {rows, cols};
    aclTensor *ta = make_tensor(shape, da), *tb = make_tensor(shape, db),
              *tsum = make_tensor(shape, dsum), *trelu = make_tensor(shape, drelu),
              *tout = make_tensor(shape, dout);
    float alphaValue = 2.0f;
    aclScalar *alpha = aclCreateScalar(&alphaValue, ACL_FLOAT);

    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    CHECK_RET(aclnnAddGetWorkspaceSize(ta, tb, alpha, tsum, &ws, &exec) == ACL_SUCCESS, "Add stage 1");
    CHECK_RET(run(aclnnAdd, ws, exec, stream) == 0, "Add stage 2");
    CHECK_RET(aclnnReluGetWorkspaceSize(tsum, trelu, &ws, &exec) == ACL_SUCCESS, "Relu stage 1");
    CHECK_RET(run(aclnnRelu, ws, exec, stream) == 0, "Relu stage 2");
    CHECK_RET(aclnnSoftmaxGetWorkspaceSize(trelu, 1, tout, &ws, &exec) == ACL_SUCCESS, "Softmax stage 1");
    CHECK_RET(run(aclnnSoftmax, ws, exec, stream) == 0, "Softmax stage 2");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

    std::vector<float> out(n);
    CHECK_RET(aclrtMemcpy(out.data(), bytes, dout, bytes, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "copy back");

    // the same on the host, in double precision
    double worst = 0;
    for (int r = 0; r < rows; r++) {
        double x[64], mx = -1e300, sum = 0;
        for (int c = 0; c < cols; c++) {
            double v = a[r * cols + c] + 2.0 * b[r * cols + c];
            x[c] = v > 0 ? v : 0;
            mx = x[c] > mx ? x[c] : mx;
        }
        for (int c = 0; c < cols; c++)
            sum += std::exp(x[c] - mx);
        for (int c = 0; c < cols; c++) {
            double want = std::exp(x[c] - mx) / sum;
            double err = std::fabs(out[r * cols + c] - want);
            worst = err > worst ? err : worst;
        }
    }
    std::printf("softmax(relu(a + 2*b)) over a %ldx%ld tensor, row 0:", (long)rows, (long)cols);
    for (int c = 0; c < cols; c++)
        std::printf(" %.4f", out[c]);
    std::printf("\nlargest difference from the double-precision host result: %.2e\n", worst);

    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tsum);
    aclDestroyTensor(trelu);
    aclDestroyTensor(tout);
    aclDestroyScalar(alpha);
    for (void *p : {da, db, dsum, drelu, dout})
        aclrtFree(p);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    CHECK_RET(worst < 1e-5, "FAIL: result differs from the reference");
    std::printf("PASS\n");
    return 0;
}
