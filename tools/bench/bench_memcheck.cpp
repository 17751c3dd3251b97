// End-to-end time of the vector ops (aclnnAdd, aclnnRelu, aclnnMul; stage 1 + stage 2 +
// aclrtSynchronizeStream, FP32) at a small and a large size: what the device-memory checker costs
// when it is on (memcheck_cost.sh runs this with and without ACLEMU_MEMCHECK=1 and prints the
// ratios). Prints one line per case: name and median microseconds over the reps.
//   bench_memcheck [reps=51] [16KiB|64MiB: that size only]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_relu.h"

static double now_us()
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void check(int rc, const char *what)
{
    if (rc != 0) {
        std::printf("%s failed (%d): %s\n", what, rc, aclGetRecentErrMsg());
        std::exit(1);
    }
}

static aclTensor *tensor(void *d, int64_t n)
{
    int64_t shape[1] = {n}, strides[1] = {1};
    return aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, d);
}

static void *dev_filled(int64_t n, float base)
{
    std::vector<float> h((size_t)n);
    for (size_t i = 0; i < h.size(); i++)
        h[i] = base + (float)(i % 101) * 0.5f - 25.0f;
    void *d = nullptr;
    check(aclrtMalloc(&d, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    check(aclrtMemcpy(d, (size_t)n * 4, h.data(), (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
    return d;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 51;
    const char *only = argc > 2 ? argv[2] : nullptr;
    check(aclInit(nullptr), "aclInit");
    check(aclrtSetDevice(0), "aclrtSetDevice");
    aclrtStream stream = nullptr;
    check(aclrtCreateStream(&stream), "aclrtCreateStream");
    const int64_t sizes[2] = {4096, 16 << 20};
    const char *size_names[2] = {"16KiB", "64MiB"};
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    std::printf("# case            median_us   (stage 1 + stage 2 + sync, FP32, %d reps)\n", reps);
    for (int s = 0; s < 2; s++) {
        if (only && std::strcmp(only, size_names[s]) != 0)
            continue;
        int64_t n = sizes[s];
        void *x = dev_filled(n, 1), *y = dev_filled(n, 2), *z = nullptr;
        check(aclrtMalloc(&z, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
        aclTensor *tx = tensor(x, n), *ty = tensor(y, n), *tz = tensor(z, n);
        int r = s == 0 ? reps * 4 : reps;
        for (int op = 0; op < 3; op++) {
            std::vector<double> t;
            for (int i = 0; i < r + 2; i++) {
                double t0 = now_us();
                uint64_t ws = 0;
                aclOpExecutor *ex = nullptr;
                if (op == 0) {
                    check(aclnnAddGetWorkspaceSize(tx, ty, alpha, tz, &ws, &ex), "stage 1");
                    check(aclnnAdd(nullptr, ws, ex, stream), "stage 2");
                } else if (op == 1) {
                    check(aclnnReluGetWorkspaceSize(tx, tz, &ws, &ex), "stage 1");
                    check(aclnnRelu(nullptr, ws, ex, stream), "stage 2");
                } else {
                    check(aclnnMulGetWorkspaceSize(tz, ty, tz, &ws, &ex), "stage 1");
                    check(aclnnMul(nullptr, ws, ex, stream), "stage 2");
                }
                check(aclrtSynchronizeStream(stream), "synchronize");
                if (i >= 2) /* warm-up */
                    t.push_back(now_us() - t0);
            }
            std::sort(t.begin(), t.end());
            const char *names[3] = {"add", "relu", "mul"};
            std::printf("%s_%-10s %10.1f\n", names[op], size_names[s], t[t.size() / 2]);
        }
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
        aclDestroyTensor(tz);
        aclrtFree(x);
        aclrtFree(y);
        aclrtFree(z);
    }
    aclDestroyScalar(alpha);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
