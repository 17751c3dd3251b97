// The foreach family's tensor-list driver against the same work done one tensor at a time:
// ForeachAddListV2 (out_i = x1_i + alpha * x2_i) and ForeachMulScalarV2 (out_i = x_i * s) over
// N FP32 tensors totalling 64 MiB, each call as a framework pays it (stage 1 + stage 2 +
// aclrtSynchronizeStream), vs N aclnnAdd / aclnnMuls launches and one sync. Bandwidth = bytes
// read + written per second, as a fraction of a host memcpy of 64 MiB over BENCH_THREADS
// threads (default 2, the device's workers here) measured in the same run. Goal (issue 12):
// the foreach call >= 0.5 of that memcpy.
//   bench_aclnn_foreach [reps=5] [tensors=64] [total MiB=64]   (many small tensors: launch costs show)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_foreach_add_list_v2.h"
#include "aclnnop/aclnn_foreach_mul_scalar_v2.h"
#include "aclnnop/aclnn_mul.h"

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> t)
{
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static double memcpy_ms(size_t bytes, int threads, int reps)
{
    std::vector<char> src(bytes, 1), dst(bytes, 0);
    std::vector<double> t;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        std::vector<std::thread> pool;
        size_t part = (bytes / (size_t)threads + 63) & ~(size_t)63;
        for (int i = 0; i < threads; i++) {
            size_t s = (size_t)i * part, e = std::min(bytes, s + part);
            if (s < e) pool.emplace_back([&, s, e] { std::memcpy(&dst[s], &src[s], e - s); });
        }
        for (auto &th : pool) th.join();
        if (r) t.push_back(now_ms() - t0);
    }
    return median(t);
}

static void check(int rc, const char *what)
{
    if (rc != 0) {
        std::printf("%s failed (%d): %s\n", what, rc, aclGetRecentErrMsg());
        std::exit(1);
    }
}

struct Lists {
    std::vector<void *> dev;
    std::vector<aclTensor *> t;
    aclTensorList *l = nullptr;
};

static void make(Lists &L, int n, int64_t per, float v)
{
    std::vector<float> h((size_t)per, v);
    for (int i = 0; i < n; i++) {
        void *d = nullptr;
        check(aclrtMalloc(&d, (size_t)per * 4, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
        check(aclrtMemcpy(d, (size_t)per * 4, h.data(), (size_t)per * 4, ACL_MEMCPY_HOST_TO_DEVICE), "upload");
        L.dev.push_back(d);
        L.t.push_back(aclCreateTensor(&per, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &per, 1, d));
    }
    // a second set of aclTensor objects for the list (a list owns and destroys its tensors)
    std::vector<aclTensor *> own;
    for (int i = 0; i < n; i++) own.push_back(aclCreateTensor(&per, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &per, 1, L.dev[i]));
    L.l = aclCreateTensorList(own.data(), own.size());
}

typedef std::function<int(uint64_t *, aclOpExecutor **)> S1;
typedef aclnnStatus (*S2)(void *, uint64_t, aclOpExecutor *, aclrtStream);

static void launch(aclrtStream stream, S1 s1, S2 s2)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    check(s1(&ws, &ex), "stage 1");
    void *w = nullptr;
    if (ws) check(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST), "workspace");
    check(s2(w, ws, ex, stream), "stage 2");
    if (w) {
        aclrtSynchronizeStream(stream);
        aclrtFree(w);
    }
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 5;
    int n = argc > 2 ? std::atoi(argv[2]) : 64;
    int mib = argc > 3 ? std::atoi(argv[3]) : 64;
    if (reps < 1 || n < 1 || n > 300 || mib < 1 || mib > 1024) return 2;
    check(aclInit(nullptr), "aclInit");
    check(aclrtSetDevice(0), "aclrtSetDevice");
    aclrtStream stream;
    check(aclrtCreateStream(&stream), "aclrtCreateStream");
    const size_t total = (size_t)mib << 20;
    const int64_t per = (int64_t)(total / 4 / (size_t)n);
    const double eb = (double)per * 4 * n; // bytes of one list
    Lists x1, x2, out;
    make(x1, n, per, 1.5f);
    make(x2, n, per, 2.0f);
    make(out, n, per, 0.0f);
    double alpha = 0.5, s = 3.0;
    aclScalar *as = aclCreateScalar(&alpha, ACL_DOUBLE), *ss = aclCreateScalar(&s, ACL_DOUBLE);
    float alphaf = 0.5f, sf = 3.0f;
    aclScalar *asf = aclCreateScalar(&alphaf, ACL_FLOAT), *ssf = aclCreateScalar(&sf, ACL_FLOAT);
    int threads = 2;
    if (const char *e = std::getenv("BENCH_THREADS")) threads = std::atoi(e);
    if (threads < 1) threads = 1;
    std::printf("# foreach: %d FP32 tensors of %lld elements (%.2f MiB per list), %d rounds, stage 1 + 2 + sync\n", n,
                (long long)per, eb / (1 << 20), reps);
    std::printf("# %-26s %9s %7s %6s\n", "case", "ms", "GB/s", "frac");
    struct Case {
        const char *name;
        double bytes;
        std::function<void()> run;
    };
    std::vector<Case> cases = {
        {"ForeachAddListV2", 3 * eb,
         [&] {
             launch(stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachAddListV2GetWorkspaceSize(x1.l, x2.l, as, out.l, w, e); },
                    aclnnForeachAddListV2);
             check(aclrtSynchronizeStream(stream), "sync");
         }},
        {"aclnnAdd x n", 3 * eb,
         [&] {
             for (int i = 0; i < n; i++)
                 launch(stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddGetWorkspaceSize(x1.t[i], x2.t[i], asf, out.t[i], w, e); },
                        aclnnAdd);
             check(aclrtSynchronizeStream(stream), "sync");
         }},
        {"ForeachMulScalarV2", 2 * eb,
         [&] {
             launch(stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachMulScalarV2GetWorkspaceSize(x1.l, ss, out.l, w, e); },
                    aclnnForeachMulScalarV2);
             check(aclrtSynchronizeStream(stream), "sync");
         }},
        {"aclnnMuls x n", 2 * eb,
         [&] {
             for (int i = 0; i < n; i++)
                 launch(stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulsGetWorkspaceSize(x1.t[i], ssf, out.t[i], w, e); },
                        aclnnMuls);
             check(aclrtSynchronizeStream(stream), "sync");
         }},
    };
    // rounds: the memcpy and every case once each, so all see the same machine load (medians)
    std::vector<std::vector<double>> t(cases.size());
    std::vector<double> tm;
    for (const Case &c : cases) c.run(); // warm-up
    for (int r = 0; r < reps; r++) {
        tm.push_back(memcpy_ms((size_t)eb, threads, 1));
        for (size_t k = 0; k < cases.size(); k++) {
            double t0 = now_ms();
            cases[k].run();
            t[k].push_back(now_ms() - t0);
        }
    }
    double mc = median(tm), mc_gbs = 2 * eb / (mc * 1e6);
    std::printf("%-28s %9.3f %7.2f %6s  (host memcpy of one list, %d threads)\n", "memcpy", mc, mc_gbs, "1", threads);
    int below = 0;
    for (size_t k = 0; k < cases.size(); k++) {
        const Case &c = cases[k];
        double ms = median(t[k]), gbs = c.bytes / (ms * 1e6), frac = gbs / mc_gbs;
        bool fe = std::strncmp(c.name, "Foreach", 7) == 0;
        if (fe && frac < 0.5) below++;
        std::printf("%-28s %9.3f %7.2f %6.2f%s\n", c.name, ms, gbs, frac, fe && frac < 0.5 ? "  (below goal)" : "");
    }
    std::printf("# %d foreach case(s) below the goal\n", below);
    aclDestroyScalar(as);
    aclDestroyScalar(ss);
    aclDestroyScalar(asf);
    aclDestroyScalar(ssf);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
