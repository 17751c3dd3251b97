// End-to-end time of the ops-math reductions through aclnn (stage 1 + stage 2 + synchronize) on
// 64 MiB inputs, against a host memcpy of the same bytes split over as many threads as the device
// has workers, measured in the same run in alternating rounds. pct = GB/s of the op (bytes read
// + written) / GB/s of memcpy (bytes read + written). Cumsum reads and writes 64 MiB. Goal (issue 10): >= 50 % of memcpy
// (reductions are memory-bound), >= 30 % for LogSumExp (one exp per element). sort_rows and
// topk64_rows (4096 x 4096 FP32 along the last dim) print times only: tools/bench/bench_sort_torch.py
// compares them with torch.sort / torch.topk on the same threads.
//   bench_aclnn_reduce [rounds=5] [reps=5] [case-substring]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_cumsum.h"
#include "aclnnop/aclnn_aminmax.h"
#include "aclnnop/aclnn_std.h"
#include "aclnnop/aclnn_var.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_sort.h"
#include "aclnnop/aclnn_topk.h"

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

typedef std::function<int(uint64_t *, aclOpExecutor **)> Stage1;
typedef aclnnStatus (*Stage2)(void *, uint64_t, aclOpExecutor *, aclrtStream);

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Median of reps runs of stage 1 + stage 2 + synchronize (workspace allocated once, outside).
static double run_case(aclrtStream stream, int reps, const Stage1 &s1, Stage2 s2)
{
    uint64_t need = 0;
    aclOpExecutor *ex = nullptr;
    if (s1(&need, &ex) != 0) {
        std::printf("stage 1 failed: %s\n", aclGetRecentErrMsg());
        std::exit(1);
    }
    void *ws = nullptr;
    if (need) aclrtMalloc(&ws, need, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<double> t;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        if (r && s1(&need, &ex) != 0) std::exit(1);
        if (s2(ws, need, ex, stream) != 0 || aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
            std::printf("stage 2 failed: %s\n", aclGetRecentErrMsg());
            std::exit(1);
        }
        if (r) t.push_back(now_ms() - t0);
    }
    if (ws) aclrtFree(ws);
    return median(t);
}

static double memcpy_ms(std::vector<char> &dst, const std::vector<char> &src, int threads, int reps)
{
    size_t bytes = src.size();
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

static aclTensor *tensor(const std::vector<int64_t> &shape, aclDataType dt, void *dev)
{
    std::vector<int64_t> st(shape.size(), 1);
    for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
    int64_t n = 1;
    for (auto x : shape) n *= x;
    return aclCreateTensor(shape.data(), shape.size(), dt, shape.empty() ? nullptr : st.data(), 0, ACL_FORMAT_ND, &n, 1,
                           dev);
}

struct Case {
    const char *name;
    double bytes; // read + written
    Stage1 s1;
    Stage2 s2;
    double goal;
};

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? std::atoi(argv[1]) : 5, reps = argc > 2 ? std::atoi(argv[2]) : 5;
    const char *only = argc > 3 ? argv[3] : "";
    if (aclInit(nullptr) || aclrtSetDevice(0)) return 1;
    aclrtStream stream;
    aclrtCreateStream(&stream);
    const int64_t n = 16 << 20; // 64 MiB of FP32
    void *x = nullptr, *o = nullptr;
    aclrtMalloc(&x, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&o, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    {
        std::vector<float> h((size_t)n);
        for (int64_t i = 0; i < n; i++) h[(size_t)i] = (float)((i * 2654435761u) % 1000) / 500.0f - 1.0f;
        aclrtMemcpy(x, (size_t)n * 4, h.data(), (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    aclTensor *flat = tensor({n}, ACL_FLOAT, x), *rows = tensor({4096, 4096}, ACL_FLOAT, x),
              *half_rows = tensor({4096, 8192}, ACL_FLOAT16, x);
    aclTensor *scalar = tensor({}, ACL_FLOAT, o), *per_row = tensor({4096}, ACL_FLOAT, o),
              *per_col = tensor({4096}, ACL_FLOAT, o), *per_row16 = tensor({4096}, ACL_FLOAT16, o),
              *idx = tensor({4096}, ACL_INT64, o), *rows_out = tensor({4096, 4096}, ACL_FLOAT, o);
    void *si = nullptr, *tv = nullptr, *ti = nullptr;
    aclrtMalloc(&si, (size_t)n * 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&tv, 4096 * 64 * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&ti, 4096 * 64 * 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *sort_idx = tensor({4096, 4096}, ACL_INT64, si), *topv = tensor({4096, 64}, ACL_FLOAT, tv),
              *topi = tensor({4096, 64}, ACL_INT64, ti);
    int64_t d0 = 0, d1 = 1;
    aclIntArray *all = aclCreateIntArray(nullptr, 0), *last = aclCreateIntArray(&d1, 1), *first = aclCreateIntArray(&d0, 1);
    double mb = (double)n * 4;
    std::vector<Case> cases = {
        {"reduce_sum_all", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceSumGetWorkspaceSize(flat, all, false, ACL_FLOAT, scalar, w, e); }, aclnnReduceSum, 0.5},
        {"reduce_sum_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceSumGetWorkspaceSize(rows, last, false, ACL_FLOAT, per_row, w, e); }, aclnnReduceSum, 0.5},
        {"reduce_sum_cols", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnReduceSumGetWorkspaceSize(rows, first, false, ACL_FLOAT, per_col, w, e); }, aclnnReduceSum, 0.5},
        {"mean_fp16_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMeanGetWorkspaceSize(half_rows, last, false, ACL_FLOAT16, per_row16, w, e); }, aclnnMean, 0.5},
        {"amax_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAmaxGetWorkspaceSize(rows, last, false, per_row, w, e); }, aclnnAmax, 0.5},
        {"argmax_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnArgMaxGetWorkspaceSize(rows, 1, false, idx, w, e); }, aclnnArgMax, 0.5},
        // statistics (var / std two-pass per chunk in double; aminmax both extremes in one read)
        {"var_all", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnVarGetWorkspaceSize(flat, all, true, false, scalar, w, e); }, aclnnVar, 0.5},
        {"var_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnVarGetWorkspaceSize(rows, last, true, false, per_row, w, e); }, aclnnVar, 0.5},
        {"std_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnStdGetWorkspaceSize(rows, last, 1, false, per_row, w, e); }, aclnnStd, 0.5},
        {"aminmax_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAminmaxGetWorkspaceSize(rows, last, false, per_row, per_col, w, e); }, aclnnAminmax, 0.5},
        {"cumsum_rows", 2 * mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumsumGetWorkspaceSize(rows, 1, ACL_FLOAT, rows_out, w, e); }, aclnnCumsum, 0.5},
        {"cumsum_cols", 2 * mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCumsumGetWorkspaceSize(rows, 0, ACL_FLOAT, rows_out, w, e); }, aclnnCumsum, 0.5},
        {"sort_rows", 0, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSortGetWorkspaceSize(rows, false, -1, false, rows_out, sort_idx, w, e); }, aclnnSort, 0},
        {"topk64_rows", 0, [&](uint64_t *w, aclOpExecutor **e) { return aclnnTopkGetWorkspaceSize(rows, 64, -1, true, true, topv, topi, w, e); }, aclnnTopk, 0},
        {"logsumexp_rows", mb, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogSumExpGetWorkspaceSize(rows, last, false, per_row, w, e); }, aclnnLogSumExp, 0.3},
    };
    int threads = (int)std::thread::hardware_concurrency();
    std::vector<char> src((size_t)mb, 1), dst((size_t)mb, 0);
    std::vector<std::vector<double>> t(cases.size());
    std::vector<double> tm;
    for (int r = 0; r < rounds; r++) { // alternating rounds: the machine's speed drifts
        tm.push_back(memcpy_ms(dst, src, threads, reps));
        for (size_t c = 0; c < cases.size(); c++)
            if (std::strstr(cases[c].name, only)) t[c].push_back(run_case(stream, reps, cases[c].s1, cases[c].s2));
    }
    double mc = median(tm), mc_gbs = 2 * mb / (mc * 1e6);
    std::printf("%-18s %9.3f ms %7.2f GB/s  (host memcpy of 64 MiB, %d threads; read + written)\n", "memcpy", mc, mc_gbs,
                threads);
    for (size_t c = 0; c < cases.size(); c++) {
        if (t[c].empty()) continue;
        double ms = median(t[c]), gbs = cases[c].bytes / (ms * 1e6);
        if (cases[c].bytes == 0) { /* compute-bound: compared with PyTorch by bench_sort_torch.py */
            std::printf("%-18s %9.3f ms\n", cases[c].name, ms);
            continue;
        }
        std::printf("%-18s %9.3f ms %7.2f GB/s  pct_memcpy=%3.0f%%  goal %.0f%%: %s\n", cases[c].name, ms, gbs,
                    100 * gbs / mc_gbs, 100 * cases[c].goal, gbs / mc_gbs >= cases[c].goal ? "met" : "MISSED");
    }
    aclrtFree(x);
    aclrtFree(o);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
