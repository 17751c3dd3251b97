// Quantized matmuls against our FP16 matmul on the same shapes, end to end through aclnn (stage 1
// + stage 2 + synchronize): aclnnMm FP16 x FP16 -> FP16, aclnnQuantMatmulV3 INT8 x INT8 with a
// UINT64 per-channel scale -> FP16, aclnnQuantMatmulV4 INT8 with FLOAT per-channel + per-token
// scales -> BF16, aclnnWeightQuantBatchMatmulV2 FP16 x INT8 weight (per-channel) -> FP16, each
// with the weight as (k, n) and as (n, k) (transposeX2). Prints medians and the ratio to FP16 Mm.
// Usage: [BENCH_ONLY=substr] [BENCH_STAT=best|median] bench_aclnn_quant_matmul [reps=5] (best of the
// timed runs by default: on a shared machine other load only adds time). Goals (issue 12): INT8 >= 1.5x
// FP16, weight-quant >= 1.0x.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_quant_matmul_v3.h"
#include "aclnnop/aclnn_quant_matmul_v4.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"

static aclrtStream g_stream;
static int g_reps = 5;

static double Now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static size_t Esize(aclDataType dt)
{
    return dt == ACL_INT8 ? 1 : (dt == ACL_FLOAT || dt == ACL_INT32) ? 4 : dt == ACL_UINT64 ? 8 : 2;
}

// A contiguous device tensor of `shape` (view strides of `view`: the same shape, or the last two
// dims swapped for a transposed view of the same memory) filled with small valid values.
static aclTensor *Dev(std::vector<int64_t> shape, aclDataType dt, std::vector<void *> &frees)
{
    int64_t n = 1;
    for (auto d : shape) n *= d;
    size_t es = Esize(dt);
    void *p = nullptr;
    aclrtMalloc(&p, (size_t)n * es, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<unsigned char> h((size_t)n * es);
    for (size_t i = 0; i < h.size(); i += es) {
        if (dt == ACL_INT8) h[i] = (unsigned char)(i % 7) - 3;
        else if (dt == ACL_FLOAT) { float f = 0.01f; std::memcpy(&h[i], &f, 4); }
        else if (dt == ACL_UINT64) { uint64_t v = 0x3c23d000ull | (1ull << 46); std::memcpy(&h[i], &v, 8); } // 0.01
        else { uint16_t v = dt == ACL_FLOAT16 ? 0x2000 : 0x3c00; std::memcpy(&h[i], &v, 2); }
    }
    aclrtMemcpy(p, h.size(), h.data(), h.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    frees.push_back(p);
    std::vector<int64_t> st(shape.size(), 1);
    for (int i = (int)shape.size() - 2; i >= 0; i--) st[i] = st[i + 1] * shape[i + 1];
    return aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, ACL_FORMAT_ND, shape.data(), shape.size(), p);
}

// A (k, n) view of a contiguous (n, k) buffer (what callers hand an API with the weight's
// natural layout and no transpose flag).
static aclTensor *DevT(int64_t k, int64_t n, aclDataType dt, std::vector<void *> &frees)
{
    aclTensor *base = Dev({n, k}, dt, frees);
    aclDestroyTensor(base);
    int64_t shape[2] = {k, n}, st[2] = {1, k}, stor[2] = {n, k};
    return aclCreateTensor(shape, 2, dt, st, 0, ACL_FORMAT_ND, stor, 2, frees.back());
}

template <typename S1, typename S2>
static double Time(const std::string &name, S1 s1, S2 s2)
{
    const char *only = getenv("BENCH_ONLY");
    if (only && !strstr(name.c_str(), only)) return 0;
    std::vector<double> t;
    void *ws = nullptr;
    uint64_t wsz = 0;
    double start = Now();
    for (int r = 0; (int)t.size() < g_reps || Now() - start < 0.5; r++) {
        double t0 = Now();
        uint64_t w = 0;
        aclOpExecutor *ex = nullptr;
        int rc = s1(&w, &ex);
        if (rc) { printf("%-44s stage 1 failed: %d %s\n", name.c_str(), rc, aclGetRecentErrMsg()); return 0; }
        if (w > wsz) { if (ws) aclrtFree(ws); aclrtMalloc(&ws, w, ACL_MEM_MALLOC_HUGE_FIRST); wsz = w; }
        rc = s2(ws, w, ex, g_stream);
        aclrtSynchronizeStream(g_stream);
        if (rc) { printf("%-44s stage 2 failed: %d\n", name.c_str(), rc); return 0; }
        if (r >= 1) t.push_back(Now() - t0); // the first run warms up
    }
    if (ws) aclrtFree(ws);
    std::sort(t.begin(), t.end());
    const char *stat = getenv("BENCH_STAT"); // best (default: other load only adds time) or median
    return stat && !strcmp(stat, "median") ? t[t.size() / 2] : t[0];
}

static void Shape(int64_t M, int64_t K, int64_t N)
{
    std::vector<void *> fr;
    char tag[64];
    snprintf(tag, sizeof tag, "%lldx%lldx%lld", (long long)M, (long long)K, (long long)N);
    double flops = 2.0 * M * N * K;
    aclTensor *a16 = Dev({M, K}, ACL_FLOAT16, fr), *b16 = Dev({K, N}, ACL_FLOAT16, fr), *c16 = Dev({M, N}, ACL_FLOAT16, fr);
    aclTensor *a8 = Dev({M, K}, ACL_INT8, fr), *b8 = Dev({K, N}, ACL_INT8, fr), *b8t = Dev({N, K}, ACL_INT8, fr),
              *w8t = DevT(K, N, ACL_INT8, fr);
    aclTensor *u64 = Dev({N}, ACL_UINT64, fr), *sc = Dev({N}, ACL_FLOAT, fr), *pt = Dev({M}, ACL_FLOAT, fr),
              *cb = Dev({M, N}, ACL_BF16, fr), *as16 = Dev({N}, ACL_FLOAT16, fr);
    double base = Time(std::string("Mm fp16 ") + tag, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnMmGetWorkspaceSize(a16, b16, c16, 0, w, e); }, aclnnMm);
    auto Report = [&](const std::string &name, double t) {
        if (t > 0)
            printf("%-44s %9.3f ms %8.1f GOP/s  %5.2fx fp16 Mm\n", name.c_str(), t * 1e3, flops / t / 1e9,
                   base > 0 ? base / t : 0.0);
    };
    Report(std::string("Mm fp16 ") + tag, base);
    Report(std::string("QuantMatmulV3 int8 u64 -> fp16 ") + tag, Time(std::string("QuantMatmulV3 int8 u64 -> fp16 ") + tag,
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnQuantMatmulV3GetWorkspaceSize(a8, b8, u64, nullptr, nullptr, false, false, c16, w, e); },
        aclnnQuantMatmulV3));
    Report(std::string("QuantMatmulV3 int8 u64 x2^T -> fp16 ") + tag, Time(std::string("QuantMatmulV3 int8 u64 x2^T -> fp16 ") + tag,
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnQuantMatmulV3GetWorkspaceSize(a8, b8t, u64, nullptr, nullptr, false, true, c16, w, e); },
        aclnnQuantMatmulV3));
    Report(std::string("QuantMatmulV4 int8 pertoken -> bf16 ") + tag, Time(std::string("QuantMatmulV4 int8 pertoken -> bf16 ") + tag,
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnQuantMatmulV4GetWorkspaceSize(a8, b8, sc, nullptr, pt, nullptr, false, false, cb, w, e); },
        aclnnQuantMatmulV4));
    Report(std::string("WeightQuantBatchMatmulV2 fp16 x int8 ") + tag, Time(std::string("WeightQuantBatchMatmulV2 fp16 x int8 ") + tag,
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(a16, b8, as16, nullptr, nullptr, nullptr, nullptr, 0, c16, w, e); },
        aclnnWeightQuantBatchMatmulV2));
    Report(std::string("WeightQuantBatchMatmulV2 fp16 x int8 (n,k) ") + tag, Time(std::string("WeightQuantBatchMatmulV2 fp16 x int8 (n,k) ") + tag,
        [&](uint64_t *w, aclOpExecutor **e) { return aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(a16, w8t, as16, nullptr, nullptr, nullptr, nullptr, 0, c16, w, e); },
        aclnnWeightQuantBatchMatmulV2));
    for (aclTensor *t : {a16, b16, c16, a8, b8, b8t, w8t, u64, sc, pt, cb, as16}) aclDestroyTensor(t);
    for (auto p : fr) aclrtFree(p);
}

int main(int argc, char **argv)
{
    g_reps = argc > 1 ? atoi(argv[1]) : 5;
    if (aclInit(nullptr) || aclrtSetDevice(0) || aclrtCreateStream(&g_stream)) {
        printf("runtime init failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    Shape(1024, 1024, 1024);
    Shape(256, 4096, 4096);
    Shape(16, 4096, 4096);
    aclrtDestroyStream(g_stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
