// End-to-end time of row / pooling operators through aclnn, as a framework pays it: stage 1
// (aclnnXxxGetWorkspaceSize) + stage 2 (aclnnXxx) + aclrtSynchronizeStream, FP32:
//   softmax_4096x4096     aclnnSoftmax over the last dim
//   layernorm_4096x4096   aclnnLayerNorm over the last dim, weight + bias
//   rmsnorm_4096x4096     aclnnRmsNorm over the last dim (gamma, rstd out)
//   maxpool_3x3s2         aclnnMaxPool 3x3 stride 2 pad 1 on (8, 64, 112, 112)
//   maxpool_idx_3x3s2     aclnnMaxPool2dWithIndices, same geometry, INT64 indices
// Prints one line per case: name, median ms over the reps, effective GB/s (bytes read + written).
// bench_aclnn_ops_torch.py runs this program and PyTorch on the CPU for the ratios.
//   bench_aclnn_ops [reps=9] [case-substring]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_softmax.h"

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void *dev_random(int64_t n, float scale, uint64_t seed)
{
    std::vector<float> h((size_t)n);
    uint64_t s = seed * 6364136223846793005ULL + 1;
    for (auto &v : h) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        v = ((float)(s >> 40) / 16777216.0f * 2.0f - 1.0f) * scale;
    }
    void *d = nullptr;
    if (aclrtMalloc(&d, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtMemcpy(d, (size_t)n * 4, h.data(), (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
        std::printf("device allocation of %lld floats failed\n", (long long)n);
        std::exit(1);
    }
    return d;
}

static aclTensor *tensor(const std::vector<int64_t> &shape, aclDataType dt, void *dev, aclFormat fmt = ACL_FORMAT_ND)
{
    return aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, fmt, shape.data(), shape.size(), dev);
}

typedef std::function<int(uint64_t *, aclOpExecutor **)> Stage1;
typedef aclnnStatus (*Stage2)(void *, uint64_t, aclOpExecutor *, aclrtStream);

// Median of reps runs of stage 1 + stage 2 + synchronize (after one warm-up run).
static double run_case(aclrtStream stream, int reps, Stage1 s1, Stage2 s2)
{
    void *ws = nullptr;
    uint64_t ws_size = 0;
    std::vector<double> t;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        uint64_t need = 0;
        aclOpExecutor *ex = nullptr;
        if (s1(&need, &ex) != 0) {
            std::printf("stage 1 failed: %s\n", aclGetRecentErrMsg());
            std::exit(1);
        }
        if (need > ws_size) { /* allocated once, outside the steady state */
            if (ws) aclrtFree(ws);
            aclrtMalloc(&ws, need, ACL_MEM_MALLOC_HUGE_FIRST);
            ws_size = need;
            t0 = now_ms();
            if (s1(&need, &ex) != 0) std::exit(1);
        }
        if (s2(ws, need, ex, stream) != 0 || aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
            std::printf("stage 2 failed: %s\n", aclGetRecentErrMsg());
            std::exit(1);
        }
        if (r) t.push_back(now_ms() - t0);
    }
    if (ws) aclrtFree(ws);
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 9;
    const char *only = argc > 2 ? argv[2] : "";
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
        std::printf("runtime init failed\n");
        return 1;
    }
    aclrtStream stream;
    aclrtCreateStream(&stream);
    const int64_t R = 4096, N = 4096;
    void *x = dev_random(R * N, 3.0f, 1), *y = dev_random(R * N, 1.0f, 2), *w = dev_random(N, 1.0f, 3);
    void *b = dev_random(N, 1.0f, 4), *rs = dev_random(R, 1.0f, 5);
    aclTensor *tx = tensor({R, N}, ACL_FLOAT, x), *ty = tensor({R, N}, ACL_FLOAT, y), *tw = tensor({N}, ACL_FLOAT, w);
    aclTensor *tb = tensor({N}, ACL_FLOAT, b), *trs = tensor({R, 1}, ACL_FLOAT, rs);
    int64_t ns[1] = {N};
    aclIntArray *norm = aclCreateIntArray(ns, 1);
    const int64_t PN = 8, PC = 64, PH = 112, PW = 112, OH = 56, OW = 56;
    void *px = dev_random(PN * PC * PH * PW, 3.0f, 6), *py = dev_random(PN * PC * OH * OW, 1.0f, 7);
    void *pi = nullptr;
    aclrtMalloc(&pi, (size_t)(PN * PC * OH * OW) * 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *tpx = tensor({PN, PC, PH, PW}, ACL_FLOAT, px, ACL_FORMAT_NCHW);
    aclTensor *tpy = tensor({PN, PC, OH, OW}, ACL_FLOAT, py, ACL_FORMAT_NCHW);
    aclTensor *tpi = tensor({PN, PC, OH, OW}, ACL_INT64, pi, ACL_FORMAT_NCHW);
    int64_t k3[2] = {3, 3}, s2[2] = {2, 2}, p1[4] = {1, 1, 1, 1}, d1[2] = {1, 1};
    aclIntArray *ka = aclCreateIntArray(k3, 2), *sa = aclCreateIntArray(s2, 2), *pa4 = aclCreateIntArray(p1, 4);
    aclIntArray *pa2 = aclCreateIntArray(p1, 2), *da = aclCreateIntArray(d1, 2), *da0 = aclCreateIntArray(d1, 0);

    struct Case {
        const char *name;
        double bytes;
        Stage1 s1;
        Stage2 s2;
    };
    double mat = (double)R * N * 4, pin = (double)PN * PC * PH * PW * 4, pout = (double)PN * PC * OH * OW * 4;
    std::vector<Case> cases = {
        {"softmax_4096x4096", 2 * mat,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSoftmaxGetWorkspaceSize(tx, -1, ty, ws, ex); }, aclnnSoftmax},
        {"layernorm_4096x4096", 2 * mat,
         [&](uint64_t *ws, aclOpExecutor **ex) {
             return aclnnLayerNormGetWorkspaceSize(tx, norm, tw, tb, 1e-5, ty, nullptr, nullptr, ws, ex);
         },
         aclnnLayerNorm},
        {"rmsnorm_4096x4096", 2 * mat,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRmsNormGetWorkspaceSize(tx, tw, 1e-6, ty, trs, ws, ex); },
         aclnnRmsNorm},
        {"maxpool_3x3s2", pin + pout,
         [&](uint64_t *ws, aclOpExecutor **ex) {
             return aclnnMaxPoolGetWorkspaceSize(tpx, ka, sa, 0, pa4, da0, 0, tpy, ws, ex);
         },
         aclnnMaxPool},
        {"maxpool_idx_3x3s2", pin + 3 * pout,
         [&](uint64_t *ws, aclOpExecutor **ex) {
             return aclnnMaxPool2dWithIndicesGetWorkspaceSize(tpx, ka, sa, pa2, da, false, tpy, tpi, ws, ex);
         },
         aclnnMaxPool2dWithIndices},
    };
    std::printf("# case                 median_ms   GB/s   (stage 1 + stage 2 + sync, FP32, %d reps)\n", reps);
    for (auto &c : cases) {
        if (*only && !std::strstr(c.name, only)) continue;
        double ms = run_case(stream, reps, c.s1, c.s2);
        std::printf("%-22s %9.3f ms %6.2f\n", c.name, ms, c.bytes / (ms * 1e6));
        std::fflush(stdout);
    }
    aclDestroyTensor(tx); aclDestroyTensor(ty); aclDestroyTensor(tw); aclDestroyTensor(tb); aclDestroyTensor(trs);
    aclDestroyTensor(tpx); aclDestroyTensor(tpy); aclDestroyTensor(tpi);
    for (aclIntArray *a : {norm, ka, sa, pa4, pa2, da, da0}) aclDestroyIntArray(a);
    for (void *p : {x, y, w, b, rs, px, py, pi}) aclrtFree(p);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
