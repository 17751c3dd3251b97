// The ops-math random family end to end through aclnn: InplaceUniform, InplaceNormal,
// DropoutGenMask, DropoutDoMask and (A2 / A3) Dropout on a 64 MiB FP32 tensor (16 Mi elements)
// as a framework pays them (stage 1 + stage 2 + aclrtSynchronizeStream). Bandwidth = bytes read +
// written per second (a fill only writes), as a fraction of a host memcpy of 64 MiB over
// BENCH_THREADS (default 2) threads run alternately with the op (medians of each). Goal (issue 10):
// >= 0.5 for uniform and do-mask, >= 0.3 for normal (marked T).
//   bench_aclnn_random [reps=5] [case-substring]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_dropout.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "aclnnop/aclnn_normal.h"
#include "aclnnop/aclnn_uniform.h"

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void *dev_alloc(size_t bytes)
{
    void *d = nullptr;
    if (aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        std::printf("device allocation of %zu bytes failed\n", bytes);
        std::exit(1);
    }
    return d;
}

static aclTensor *tensor(int64_t n, aclDataType dt, void *dev)
{
    return aclCreateTensor(&n, 1, dt, nullptr, 0, ACL_FORMAT_ND, &n, 1, dev);
}

static double median(std::vector<double> t)
{
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static double memcpy_once(std::vector<char> &dst, const std::vector<char> &src, int threads)
{
    double t0 = now_ms();
    std::vector<std::thread> pool;
    size_t bytes = src.size(), part = (bytes / (size_t)threads + 63) & ~(size_t)63;
    for (int i = 0; i < threads; i++) {
        size_t s = (size_t)i * part, e = std::min(bytes, s + part);
        if (s < e) pool.emplace_back([&, s, e] { std::memcpy(&dst[s], &src[s], e - s); });
    }
    for (auto &th : pool) th.join();
    return now_ms() - t0;
}

typedef std::function<int(uint64_t *, aclOpExecutor **)> S1;
typedef aclnnStatus (*S2)(void *, uint64_t, aclOpExecutor *, aclrtStream);
struct Case {
    const char *name;
    S1 s1;
    S2 s2;
    double bytes;
    bool transcendental;
};

static double one_run(aclrtStream stream, const Case &c)
{
    double t0 = now_ms();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (c.s1(&ws, &ex) != 0 || ws != 0) {
        std::printf("%s stage 1 failed: %s\n", c.name, aclGetRecentErrMsg());
        std::exit(1);
    }
    if (c.s2(nullptr, 0, ex, stream) != 0 || aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
        std::printf("%s stage 2 failed: %s\n", c.name, aclGetRecentErrMsg());
        std::exit(1);
    }
    return now_ms() - t0;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 5;
    const char *only = argc > 2 ? argv[2] : "";
    int threads = 2;
    if (const char *e = std::getenv("BENCH_THREADS")) threads = std::max(1, std::atoi(e));
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
        std::printf("runtime init failed\n");
        return 1;
    }
    aclrtStream stream;
    aclrtCreateStream(&stream);
    const int64_t E = 16 << 20, MB = (E + 127) / 128 * 16;
    const double eb = (double)E * 4;
    void *x = dev_alloc((size_t)eb), *y = dev_alloc((size_t)eb), *m = dev_alloc((size_t)MB);
    aclTensor *tx = tensor(E, ACL_FLOAT, x), *ty = tensor(E, ACL_FLOAT, y), *tm = tensor(MB, ACL_UINT8, m);
    aclIntArray *shape = aclCreateIntArray(&E, 1);
    const char *soc = aclrtGetSocName();
    bool has_dropout = soc && (std::strstr(soc, "910B") || std::strstr(soc, "910_93"));
    std::vector<Case> cases = {
        {"uniform", [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceUniformGetWorkspaceSize(tx, -1, 1, 1, 2, w, e); },
         aclnnInplaceUniform, eb, false},
        {"normal", [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceNormalGetWorkspaceSize(ty, 0, 1, 1, 2, w, e); },
         aclnnInplaceNormal, eb, true},
        {"dropout_gen_mask", [&](uint64_t *w, aclOpExecutor **e) { return aclnnDropoutGenMaskGetWorkspaceSize(shape, 0.1, 1, 2, tm, w, e); },
         aclnnDropoutGenMask, (double)MB, false},
        {"dropout_do_mask", [&](uint64_t *w, aclOpExecutor **e) { return aclnnDropoutDoMaskGetWorkspaceSize(tx, tm, 0.1, ty, w, e); },
         aclnnDropoutDoMask, 2 * eb + MB, false},
    };
    if (has_dropout)
        cases.push_back({"dropout", [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnDropoutGetWorkspaceSize(tx, 0.1, true, 1, 2, ty, tm, w, e); }, aclnnDropout, 2 * eb + 2 * MB, false});
    std::vector<char> hsrc((size_t)eb, 1), hdst((size_t)eb, 0);
    std::printf("# random family, 64 MiB FP32, %d reps, stage 1 + stage 2 + sync; memcpy = host, %d threads\n", reps,
                threads);
    std::printf("# %-16s %9s %7s %9s %7s %5s\n", "case", "op_ms", "GB/s", "cpy_ms", "GB/s", "frac");
    int below = 0;
    for (const Case &c : cases) {
        if (*only && !std::strstr(c.name, only)) continue;
        std::vector<double> to, tc;
        one_run(stream, c); /* warm-up */
        memcpy_once(hdst, hsrc, threads);
        for (int r = 0; r < reps; r++) {
            tc.push_back(memcpy_once(hdst, hsrc, threads));
            to.push_back(one_run(stream, c));
        }
        double ms = median(to), cms = median(tc);
        double gbs = c.bytes / (ms * 1e6), cgbs = 2 * eb / (cms * 1e6), frac = gbs / cgbs;
        bool ok = frac >= (c.transcendental ? 0.3 : 0.5);
        below += !ok;
        std::printf("%-18s %9.3f %7.2f %9.3f %7.2f %5.2f %s%s\n", c.name, ms, gbs, cms, cgbs, frac,
                    c.transcendental ? "T" : " ", ok ? "" : "  (below goal)");
        std::fflush(stdout);
    }
    std::printf("# %d case(s) below the goal\n", below);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tm);
    aclDestroyIntArray(shape);
    aclrtFree(x);
    aclrtFree(y);
    aclrtFree(m);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
