// Time of the batched factorisations through aclnn (stage 1 + stage 2 + synchronize) on a batch
// of 256 FP32 64 x 64 matrices: LinalgQr (reduced), Svd (reduced, with U and V), Inverse and
// LinalgCholesky (symmetric positive-definite input). tools/bench/bench_aclnn_linalg_torch.py
// times torch.linalg on the CPU with the same batch and threads.
//   bench_aclnn_linalg [reps=5] [batch=256] [n=64]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_inverse.h"
#include "aclnnop/aclnn_linalg_cholesky.h"
#include "aclnnop/aclnn_linalg_qr.h"
#include "aclnnop/aclnn_svd.h"

typedef std::function<int(uint64_t *, aclOpExecutor **)> Stage1;
typedef aclnnStatus (*Stage2)(void *, uint64_t, aclOpExecutor *, aclrtStream);

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Median of reps runs (workspace allocated once, outside the timing).
static double run_case(aclrtStream stream, int reps, const Stage1 &s1, Stage2 s2)
{
    std::vector<double> t;
    void *ws = nullptr;
    uint64_t have = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        uint64_t need = 0;
        aclOpExecutor *ex = nullptr;
        if (s1(&need, &ex) != 0) { std::printf("stage 1 failed: %s\n", aclGetRecentErrMsg()); std::exit(1); }
        if (need > have) {
            if (ws) aclrtFree(ws);
            if (aclrtMalloc(&ws, need, ACL_MEM_MALLOC_HUGE_FIRST)) std::exit(1);
            have = need;
            t0 = now_ms();
        }
        if (s2(ws, need, ex, stream) != 0 || aclrtSynchronizeStream(stream) != 0) { std::printf("stage 2 failed\n"); std::exit(1); }
        t.push_back(now_ms() - t0);
    }
    if (ws) aclrtFree(ws);
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

struct Dev {
    void *p = nullptr;
    aclTensor *t = nullptr;
    Dev(const std::vector<int64_t> &shape, const std::vector<float> &host)
    {
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        std::vector<int64_t> st(shape.size());
        int64_t s = 1;
        for (size_t i = shape.size(); i-- > 0;) { st[i] = s; s *= shape[i]; }
        if (aclrtMalloc(&p, (size_t)n * 4 + 4, ACL_MEM_MALLOC_HUGE_FIRST)) std::exit(1);
        if (!host.empty()) aclrtMemcpy(p, (size_t)n * 4, host.data(), (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, st.data(), 0, ACL_FORMAT_ND, &n, 1, p);
    }
    ~Dev() { aclDestroyTensor(t); aclrtFree(p); }
};

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    int64_t b = argc > 2 ? atoll(argv[2]) : 256, n = argc > 3 ? atoll(argv[3]) : 64;
    if (aclInit(nullptr) || aclrtSetDevice(0)) return 1;
    aclrtStream stream;
    aclrtCreateStream(&stream);
    std::vector<float> a((size_t)(b * n * n)), spd((size_t)(b * n * n));
    uint64_t s = 12345;
    for (float &x : a) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; x = (float)((double)(s >> 11) / 9007199254740992.0 - 0.5); }
    for (int64_t k = 0; k < b; k++) // A A^T + n I
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < n; j++) {
                double v = i == j ? (double)n : 0;
                for (int64_t l = 0; l < n; l++) v += (double)a[(size_t)((k * n + i) * n + l)] * a[(size_t)((k * n + j) * n + l)];
                spd[(size_t)((k * n + i) * n + j)] = (float)v;
            }
    Dev A({b, n, n}, a), S({b, n, n}, spd), Q({b, n, n}, {}), R({b, n, n}, {}), U({b, n, n}, {}), V({b, n, n}, {}), sig({b, n}, {});
    std::printf("batched %lld x %lld FP32, batch %lld, median of %d (ms, stage 1 + 2 + sync)\n", (long long)n, (long long)n, (long long)b, reps);
    std::printf("%-16s %10.2f\n", "qr_reduced", run_case(stream, reps, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnLinalgQrGetWorkspaceSize(A.t, 0, Q.t, R.t, w, e); }, aclnnLinalgQr));
    std::printf("%-16s %10.2f\n", "svd_reduced_uv", run_case(stream, reps, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnSvdGetWorkspaceSize(A.t, false, true, sig.t, U.t, V.t, w, e); }, aclnnSvd));
    std::printf("%-16s %10.2f\n", "inverse", run_case(stream, reps, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnInverseGetWorkspaceSize(A.t, U.t, w, e); }, aclnnInverse));
    std::printf("%-16s %10.2f\n", "cholesky", run_case(stream, reps, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnLinalgCholeskyGetWorkspaceSize(S.t, false, U.t, w, e); }, aclnnLinalgCholesky));
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
