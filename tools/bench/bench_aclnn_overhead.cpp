// Host overhead of the two-stage aclnn API on a small tensor (what a framework pays per op):
//   stage1+2   aclnnReluGetWorkspaceSize + aclnnRelu per op (single-use executors)
//   repeatable aclnnRelu on one repeatable executor (stage 2 only)
//   stage1     aclnnReluGetWorkspaceSize + aclDestroyAclOpExecutor
//   add+2      aclnnAddGetWorkspaceSize + aclnnAdd (broadcasting binary op with alpha)
// Only the enqueueing is timed: batches of BATCH ops, then an untimed synchronize so the
// stream ring never fills. Prints the median per-op time over the batches and the targets
// (<= 10 us repeatable, <= 25 us otherwise).
//   bench_aclnn_overhead [elements=1024] [batches=200]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_relu.h"

static const int BATCH = 64;

static double now_us()
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <typename Fn>
static double median_per_op(aclrtStream stream, int batches, Fn op)
{
    std::vector<double> per;
    for (int b = 0; b < batches; b++) {
        double t0 = now_us();
        for (int i = 0; i < BATCH; i++)
            if (op() != 0) {
                std::printf("op failed: %s\n", aclGetRecentErrMsg());
                std::exit(1);
            }
        per.push_back((now_us() - t0) / BATCH);
        if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
            std::printf("synchronize failed\n");
            std::exit(1);
        }
    }
    std::sort(per.begin(), per.end());
    return per[per.size() / 2];
}

int main(int argc, char **argv)
{
    int64_t n = argc > 1 ? std::atoll(argv[1]) : 1024;
    int batches = argc > 2 ? std::atoi(argv[2]) : 200;
    aclrtStream stream = nullptr;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
        std::printf("runtime init failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    void *dx = nullptr, *dy = nullptr, *db = nullptr;
    aclrtMalloc(&dx, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dy, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&db, 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(dx, n * 4, 0, n * 4);
    aclrtMemset(db, 4, 0, 4);
    int64_t shape[] = {n}, one[] = {1};
    aclTensor *x = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, dx);
    aclTensor *y = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, dy);
    aclTensor *b = aclCreateTensor(one, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, db);
    float av = 1.0f;
    aclScalar *alpha = aclCreateScalar(&av, ACL_FLOAT);

    // warm-up: first launches start the device process and fault pages in
    median_per_op(stream, 5, [&] {
        uint64_t ws; aclOpExecutor *ex;
        int rc = aclnnReluGetWorkspaceSize(x, y, &ws, &ex);
        return rc ? rc : aclnnRelu(nullptr, 0, ex, stream);
    });

    double t12 = median_per_op(stream, batches, [&] {
        uint64_t ws; aclOpExecutor *ex;
        int rc = aclnnReluGetWorkspaceSize(x, y, &ws, &ex);
        return rc ? rc : aclnnRelu(nullptr, 0, ex, stream);
    });
    uint64_t ws;
    aclOpExecutor *rep;
    aclnnReluGetWorkspaceSize(x, y, &ws, &rep);
    aclSetAclOpExecutorRepeatable(rep);
    double t2 = median_per_op(stream, batches, [&] { return aclnnRelu(nullptr, 0, rep, stream); });
    aclDestroyAclOpExecutor(rep);
    double t1 = median_per_op(stream, batches, [&] {
        uint64_t w; aclOpExecutor *ex;
        int rc = aclnnReluGetWorkspaceSize(x, y, &w, &ex);
        return rc ? rc : aclDestroyAclOpExecutor(ex);
    });
    double tadd = median_per_op(stream, batches, [&] {
        uint64_t w; aclOpExecutor *ex;
        int rc = aclnnAddGetWorkspaceSize(x, b, alpha, y, &w, &ex);
        return rc ? rc : aclnnAdd(nullptr, 0, ex, stream);
    });

    // stage 1 of a cube op: validation plus the GEMM tiling (BERT-base 128x768x768 FP32 Mm)
    void *dm = nullptr;
    aclrtMalloc(&dm, 768 * 768 * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    int64_t sa[] = {128, 768}, sb[] = {768, 768};
    aclTensor *ma = aclCreateTensor(sa, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, sa, 2, dm);
    aclTensor *mb = aclCreateTensor(sb, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, sb, 2, dm);
    aclTensor *mc = aclCreateTensor(sa, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, sa, 2, dm);
    double tmm = median_per_op(stream, batches, [&] {
        uint64_t w; aclOpExecutor *ex;
        int rc = aclnnMmGetWorkspaceSize(ma, mb, mc, 0, &w, &ex);
        return rc ? rc : aclDestroyAclOpExecutor(ex);
    });
    aclDestroyTensor(ma);
    aclDestroyTensor(mb);
    aclDestroyTensor(mc);
    aclrtFree(dm);

    std::printf("aclnn host overhead, %lld-element FP32 tensor, median of %d batches of %d ops\n", (long long)n, batches,
                BATCH);
    std::printf("  Relu stage 1 + stage 2        %7.2f us/op  (target <= 25 us)  %s\n", t12, t12 <= 25 ? "ok" : "OVER");
    std::printf("  Relu stage 2, repeatable      %7.2f us/op  (target <= 10 us)  %s\n", t2, t2 <= 10 ? "ok" : "OVER");
    std::printf("  Relu stage 1 only             %7.2f us/op\n", t1);
    std::printf("  Add (broadcast) stage 1 + 2   %7.2f us/op  (target <= 25 us)  %s\n", tadd, tadd <= 25 ? "ok" : "OVER");
    std::printf("  Mm 128x768x768 stage 1 only   %7.2f us/op  (validation + GEMM tiling)\n", tmm);

    aclDestroyScalar(alpha);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyTensor(b);
    aclrtFree(dx);
    aclrtFree(dy);
    aclrtFree(db);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
