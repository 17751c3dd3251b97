// Memory of the cube operators: an operation may use its workspace plus O(tile) scratch per device
// worker, never a buffer that grows with the operands (an im2col of the whole input, a K-long
// accumulator). Measured on the device process itself: its anonymous memory (scratch buffers are
// per-thread and kept, so their high-water mark stays visible after the operation; device memory
// is a shared mapping and not counted) before and after large operations:
//   Convolution 3x3 64->64 on (2, 64, 256, 256)  (a full im2col would be 288 MiB),
//   ConvolutionBackward of it (input and weight gradients, implicit GEMM both ways),
//   Mm 512 x 16384 x 512 (K split into many chunks) and BatchMatMul (8, 256, 4096, 256).
// A few outputs of each are checked against a double-precision reference, so the operations are
// known to have run. Prints the measured growth (the figure of the issue) and fails above 64 MiB.
#include <cstdlib>
#include <fstream>
#include <unistd.h>
#include <string>

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_mm.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// Pid of device 0's process: the runtime directory's lock file holds it.
static int DevicePid()
{
    const char *rt = getenv("ACLEMU_RUNTIME_DIR");
    std::string dir = rt && *rt ? rt : "/tmp/aclemu-" + std::to_string(getuid());
    std::ifstream f(dir + "/dev0.lock");
    int pid = 0;
    f >> pid;
    return pid;
}

// RssAnon of a process in KiB (-1 if unreadable).
static long RssAnonKib(int pid)
{
    std::ifstream f("/proc/" + std::to_string(pid) + "/status");
    std::string key;
    while (f >> key) {
        if (key == "RssAnon:") {
            long v = -1;
            f >> v;
            return v;
        }
        std::getline(f, key);
    }
    return -1;
}

// A contiguous FP32 device tensor filled with values of a fixed pattern in [-0.5, 0.5) whose
// products are exact in FP32 and HF32 (multiples of 1/64 with 6 significant bits).
struct Big {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    std::vector<float> host;
    std::vector<int64_t> shape;
    Big(const std::vector<int64_t> &s, aclFormat fmt, uint32_t seed, bool fill = true) : shape(s)
    {
        size_t n = (size_t)GetShapeSize(s);
        host.resize(n);
        uint32_t x = seed;
        for (auto &v : host) {
            x = x * 1664525u + 1013904223u;
            v = fill ? (float)((int)((x >> 10) % 64) - 32) / 64.0f : 0.0f;
        }
        aclrtMalloc(&dev, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(dev, n * 4, host.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> st = Contig(s);
        t = aclCreateTensor(s.data(), s.size(), ACL_FLOAT, st.data(), 0, fmt, s.data(), s.size(), dev);
    }
    void Fetch()
    {
        aclrtMemcpy(host.data(), host.size() * 4, dev, host.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    }
    ~Big()
    {
        aclDestroyTensor(t);
        aclrtFree(dev);
    }
};

template <typename S1, typename S2>
static void Run(const char *name, S1 s1, S2 s2)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = s1(&ws, &ex);
    EXPECT(rc == 0, "%s stage 1: %d %s", name, rc, aclGetRecentErrMsg());
    if (rc) return;
    void *w = nullptr;
    if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    rc = s2(w, ws, ex, g_stream);
    EXPECT(rc == 0, "%s stage 2: %d", name, rc);
    EXPECT(aclrtSynchronizeStream(g_stream) == 0, "%s sync: %s", name, aclGetRecentErrMsg());
    if (w) aclrtFree(w);
    printf("%s: workspace %.1f MiB\n", name, ws / 1048576.0);
}

static void ConvForwardBackward()
{
    const int64_t N = 2, C = 64, H = 256, K = 64;
    Big x({N, C, H, H}, ACL_FORMAT_NCHW, 1), wt({K, C, 3, 3}, ACL_FORMAT_NCHW, 2);
    Big y({N, K, H, H}, ACL_FORMAT_NCHW, 3, false);
    int64_t one[2] = {1, 1}, zero[2] = {0, 0};
    aclIntArray *st = aclCreateIntArray(one, 2), *pd = aclCreateIntArray(one, 2), *dl = aclCreateIntArray(one, 2),
                *op = aclCreateIntArray(zero, 2);
    Run("Convolution 3x3 64->64 (2,64,256,256)",
        [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnConvolutionGetWorkspaceSize(x.t, wt.t, nullptr, st, pd, dl, false, op, 1, y.t, 1, w, e);
        },
        aclnnConvolution);
    y.Fetch();
    // a few outputs (borders and interior) against a double reference; inputs and products are
    // exact in HF32, so the sums are exact up to FP32 accumulation
    const int64_t pts[][4] = {{0, 0, 0, 0}, {1, 63, 255, 255}, {0, 17, 100, 3}, {1, 5, 0, 128}, {1, 40, 77, 254}};
    for (auto &p : pts) {
        double ref = 0;
        for (int64_t c = 0; c < C; c++)
            for (int64_t r = 0; r < 3; r++)
                for (int64_t s = 0; s < 3; s++) {
                    int64_t ih = p[2] + r - 1, iw = p[3] + s - 1;
                    if (ih < 0 || iw < 0 || ih >= H || iw >= H) continue;
                    ref += (double)x.host[(size_t)(((p[0] * C + c) * H + ih) * H + iw)] *
                           wt.host[(size_t)(((p[1] * C + c) * 3 + r) * 3 + s)];
                }
        double got = y.host[(size_t)(((p[0] * K + p[1]) * H + p[2]) * H + p[3])];
        EXPECT(std::fabs(got - ref) <= 1e-4 * (1 + std::fabs(ref)), "conv out[%lld,%lld,%lld,%lld] = %g, want %g",
               (long long)p[0], (long long)p[1], (long long)p[2], (long long)p[3], got, ref);
    }

    // backward: gradOutput = y's shape, input and weight gradients
    Big gy({N, K, H, H}, ACL_FORMAT_NCHW, 4), gx({N, C, H, H}, ACL_FORMAT_NCHW, 5, false),
        gw({K, C, 3, 3}, ACL_FORMAT_NCHW, 6, false);
    bool mask[3] = {true, true, false};
    aclBoolArray *om = aclCreateBoolArray(mask, 3);
    int64_t bias_sz[1] = {K};
    aclIntArray *bs = aclCreateIntArray(bias_sz, 1);
    Run("ConvolutionBackward input+weight",
        [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnConvolutionBackwardGetWorkspaceSize(gy.t, x.t, wt.t, bs, st, pd, dl, false, op, 1, om, 1, gx.t,
                                                             gw.t, nullptr, w, e);
        },
        aclnnConvolutionBackward);
    gw.Fetch();
    // grad weight [k, c, r, s] = sum over n, oh, ow of gy[n, k, oh, ow] * x[n, c, oh + r - 1, ow + s - 1]
    const int64_t wp[][4] = {{0, 0, 0, 0}, {63, 63, 2, 2}, {10, 20, 1, 0}};
    for (auto &p : wp) {
        double ref = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t oh = 0; oh < H; oh++)
                for (int64_t ow = 0; ow < H; ow++) {
                    int64_t ih = oh + p[2] - 1, iw = ow + p[3] - 1;
                    if (ih < 0 || iw < 0 || ih >= H || iw >= H) continue;
                    ref += (double)gy.host[(size_t)(((n * K + p[0]) * H + oh) * H + ow)] *
                           x.host[(size_t)(((n * C + p[1]) * H + ih) * H + iw)];
                }
        double got = gw.host[(size_t)(((p[0] * C + p[1]) * 3 + p[2]) * 3 + p[3])];
        EXPECT(std::fabs(got - ref) <= 1e-3 * (1 + std::fabs(ref)), "grad weight[%lld,%lld,%lld,%lld] = %g, want %g",
               (long long)p[0], (long long)p[1], (long long)p[2], (long long)p[3], got, ref);
    }
    aclDestroyBoolArray(om);
    aclDestroyIntArray(bs);
    aclDestroyIntArray(st);
    aclDestroyIntArray(pd);
    aclDestroyIntArray(dl);
    aclDestroyIntArray(op);
}

static void MatmulLongK()
{
    const int64_t M = 512, K = 16384, N = 512;
    Big a({M, K}, ACL_FORMAT_ND, 7), b({K, N}, ACL_FORMAT_ND, 8), c({M, N}, ACL_FORMAT_ND, 9, false);
    Run("Mm 512x16384x512",
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnMmGetWorkspaceSize(a.t, b.t, c.t, 0, w, e); }, aclnnMm);
    c.Fetch();
    const int64_t pts[][2] = {{0, 0}, {511, 511}, {100, 300}};
    for (auto &p : pts) {
        double ref = 0;
        for (int64_t k = 0; k < K; k++) ref += (double)a.host[(size_t)(p[0] * K + k)] * b.host[(size_t)(k * N + p[1])];
        double got = c.host[(size_t)(p[0] * N + p[1])];
        EXPECT(std::fabs(got - ref) <= 1e-4 * (1 + std::fabs(ref)), "mm out[%lld,%lld] = %g, want %g", (long long)p[0],
               (long long)p[1], got, ref);
    }
    Big ba({8, 256, 4096}, ACL_FORMAT_ND, 10), bb({8, 4096, 256}, ACL_FORMAT_ND, 11),
        bc({8, 256, 256}, ACL_FORMAT_ND, 12, false);
    Run("BatchMatMul (8,256,4096,256)",
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnBatchMatMulGetWorkspaceSize(ba.t, bb.t, bc.t, 0, w, e); },
        aclnnBatchMatMul);
    bc.Fetch();
    double ref = 0;
    for (int64_t k = 0; k < 4096; k++) ref += (double)ba.host[(size_t)(7 * 256 * 4096 + 255 * 4096 + k)] *
                                              bb.host[(size_t)(7 * 4096 * 256 + k * 256 + 128)];
    double got = bc.host[(size_t)(7 * 256 * 256 + 255 * 256 + 128)];
    EXPECT(std::fabs(got - ref) <= 1e-4 * (1 + std::fabs(ref)), "bmm out = %g, want %g", got, ref);
}

int main()
{
    if (aclInit(nullptr) != 0 || aclrtSetDevice(0) != 0 || aclrtCreateStream(&g_stream) != 0) {
        printf("FAIL: runtime init: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    // a small matmul first: the device's threads exist and have their first scratch
    {
        Big a({64, 64}, ACL_FORMAT_ND, 1), b({64, 64}, ACL_FORMAT_ND, 2), c({64, 64}, ACL_FORMAT_ND, 3, false);
        Run("Mm 64^3 (warm-up)",
            [&](uint64_t *w, aclOpExecutor **e) { return aclnnMmGetWorkspaceSize(a.t, b.t, c.t, 0, w, e); }, aclnnMm);
    }
    int pid = DevicePid();
    long before = RssAnonKib(pid);
    EXPECT(pid > 0 && before > 0, "device process %d: RssAnon unreadable", pid);

    ConvForwardBackward();
    MatmulLongK();

    long after = RssAnonKib(pid);
    double grown = (after - before) / 1024.0;
    // the planner bounds a block's scratch to a few MiB (panels of A and B, an accumulator of at
    // most 1 Mi floats, a 320 KiB conv stage); 3 threads (2 workers + the stream thread) here
    printf("device process anonymous memory: %.1f MiB before, %.1f MiB after, grew %.1f MiB "
           "(a full im2col of the convolution input would be 288 MiB)\n",
           before / 1024.0, after / 1024.0, grown);
    EXPECT(after > 0 && grown <= 64.0, "device scratch grew by %.1f MiB", grown);

    aclrtDestroyStream(g_stream);
    aclrtResetDevice(0);
    aclFinalize();
    if (g_failures) printf("%d failure(s)\n", g_failures);
    else printf("PASS\n");
    return g_failures ? 1 : 0;
}
