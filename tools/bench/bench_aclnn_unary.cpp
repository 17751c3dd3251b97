// The ops-math elementwise unary family end to end through aclnn, one table row per op: each op
// on a 64 MiB FP32 tensor (16 Mi elements; BitwiseNot on INT32; predicates write BOOL) as a
// framework pays it (stage 1 + stage 2 + aclrtSynchronizeStream), inputs inside the op's domain.
// Bandwidth = bytes read + written per second, as a fraction of a 64 MiB aclrtMemcpy device to
// device run alternately with the op (so both see the same machine load; medians of each), and
// the host memcpy over the device's worker count printed once for scale. Goal (issue 10):
// >= 0.5 of the copy, >= 0.3 for the transcendental ops (marked T).
//   bench_aclnn_unary [reps=5] [case-substring]
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
#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_acos.h"
#include "aclnnop/aclnn_acosh.h"
#include "aclnnop/aclnn_asin.h"
#include "aclnnop/aclnn_asinh.h"
#include "aclnnop/aclnn_atan.h"
#include "aclnnop/aclnn_atanh.h"
#include "aclnnop/aclnn_bitwise_not.h"
#include "aclnnop/aclnn_ceil.h"
#include "aclnnop/aclnn_cos.h"
#include "aclnnop/aclnn_cosh.h"
#include "aclnnop/aclnn_digamma.h"
#include "aclnnop/aclnn_erf.h"
#include "aclnnop/aclnn_erfc.h"
#include "aclnnop/aclnn_exp2.h"
#include "aclnnop/aclnn_expm1.h"
#include "aclnnop/aclnn_floor.h"
#include "aclnnop/aclnn_frac.h"
#include "aclnnop/aclnn_is_inf.h"
#include "aclnnop/aclnn_isfinite.h"
#include "aclnnop/aclnn_isneginf.h"
#include "aclnnop/aclnn_isposinf.h"
#include "aclnnop/aclnn_lgamma.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_log10.h"
#include "aclnnop/aclnn_log1p.h"
#include "aclnnop/aclnn_log2.h"
#include "aclnnop/aclnn_logical_not.h"
#include "aclnnop/aclnn_nan_to_num.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_round.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_sign.h"
#include "aclnnop/aclnn_signbit.h"
#include "aclnnop/aclnn_sin.h"
#include "aclnnop/aclnn_sinc.h"
#include "aclnnop/aclnn_sinh.h"
#include "aclnnop/aclnn_square.h"
#include "aclnnop/aclnn_tan.h"
#include "aclnnop/aclnn_trunc.h"

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

// n FP32 values uniform in [lo, hi] (or INT32 in [-1000, 1000])
static void *dev_values(int64_t n, double lo, double hi, bool as_int, uint64_t seed)
{
    std::vector<float> h((size_t)n);
    uint64_t s = seed * 6364136223846793005ULL + 1;
    for (auto &v : h) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double u = (double)(s >> 11) / 9007199254740992.0;
        v = (float)(lo + (hi - lo) * u);
        if (as_int) {
            int32_t i = (int32_t)(u * 2000) - 1000;
            std::memcpy(&v, &i, 4);
        }
    }
    void *d = dev_alloc((size_t)n * 4);
    aclrtMemcpy(d, (size_t)n * 4, h.data(), (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    return d;
}

static aclTensor *tensor(int64_t n, aclDataType dt, void *dev)
{
    return aclCreateTensor(&n, 1, dt, nullptr, 0, ACL_FORMAT_ND, &n, 1, dev);
}

typedef int (*S1)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*S2)(void *, uint64_t, aclOpExecutor *, aclrtStream);
#define OP_(N) [](const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e) -> int { return aclnn##N##GetWorkspaceSize(s, o, w, e); }, aclnn##N

enum Domain { SYM, POS, UNIT, GE1, TRIG, INT };
struct Case {
    const char *name;
    S1 s1;
    S2 s2;
    Domain dom;
    bool transcendental;
    bool bool_out;
};

static double one_run(aclrtStream stream, const aclTensor *x, aclTensor *y, const Case &c)
{
    double t0 = now_ms();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (c.s1(x, y, &ws, &ex) != 0 || ws != 0) {
        std::printf("%s stage 1 failed: %s\n", c.name, aclGetRecentErrMsg());
        std::exit(1);
    }
    if (c.s2(nullptr, 0, ex, stream) != 0 || aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
        std::printf("%s stage 2 failed: %s\n", c.name, aclGetRecentErrMsg());
        std::exit(1);
    }
    return now_ms() - t0;
}

static double copy_run(void *dst, const void *src, size_t bytes)
{
    double t0 = now_ms();
    if (aclrtMemcpy(dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE) != ACL_SUCCESS) std::exit(1);
    return now_ms() - t0;
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
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 5;
    const char *only = argc > 2 ? argv[2] : "";
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
        std::printf("runtime init failed\n");
        return 1;
    }
    aclrtStream stream;
    aclrtCreateStream(&stream);
    const std::vector<Case> cases = {
        {"abs", OP_(Abs), SYM, false, false},          {"neg", OP_(Neg), SYM, false, false},
        {"sign", OP_(Sign), SYM, false, false},        {"square", OP_(Square), SYM, false, false},
        {"reciprocal", OP_(Reciprocal), SYM, false, false}, {"rsqrt", OP_(Rsqrt), POS, false, false},
        {"floor", OP_(Floor), SYM, false, false},      {"ceil", OP_(Ceil), SYM, false, false},
        {"trunc", OP_(Trunc), SYM, false, false},      {"round", OP_(Round), SYM, false, false},
        {"frac", OP_(Frac), SYM, false, false},        {"bitwise_not_i32", OP_(BitwiseNot), INT, false, false},
        {"nan_to_num",
         [](const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e) -> int {
             return aclnnNanToNumGetWorkspaceSize(s, 0.0f, 1.0f, -1.0f, o, w, e);
         },
         aclnnNanToNum, SYM, false, false},
        {"isfinite", OP_(IsFinite), SYM, false, true}, {"isinf", OP_(IsInf), SYM, false, true},
        {"isposinf", OP_(IsPosInf), SYM, false, true}, {"isneginf", OP_(IsNegInf), SYM, false, true},
        {"signbit", OP_(Signbit), SYM, false, true},   {"logical_not", OP_(LogicalNot), SYM, false, true},
        {"log", OP_(Log), POS, true, false},           {"log2", OP_(Log2), POS, true, false},
        {"log10", OP_(Log10), POS, true, false},       {"log1p", OP_(Log1p), POS, true, false},
        {"exp2", OP_(Exp2), SYM, true, false},         {"expm1", OP_(Expm1), SYM, true, false},
        {"sin", OP_(Sin), TRIG, true, false},          {"cos", OP_(Cos), TRIG, true, false},
        {"tan", OP_(Tan), TRIG, true, false},          {"asin", OP_(Asin), UNIT, true, false},
        {"acos", OP_(Acos), UNIT, true, false},        {"atan", OP_(Atan), SYM, true, false},
        {"sinh", OP_(Sinh), SYM, true, false},         {"cosh", OP_(Cosh), SYM, true, false},
        {"asinh", OP_(Asinh), SYM, true, false},       {"acosh", OP_(Acosh), GE1, true, false},
        {"atanh", OP_(Atanh), UNIT, true, false},      {"erf", OP_(Erf), SYM, true, false},
        {"erfc", OP_(Erfc), SYM, true, false},         {"sinc", OP_(Sinc), SYM, true, false},
        {"digamma", OP_(Digamma), POS, true, false},   {"lgamma", OP_(Lgamma), POS, true, false},
    };
    const int64_t E = 16 << 20;
    const double eb = (double)E * 4;
    const double lo[] = {-4, 0.01, -0.99, 1, -100, 0}, hi[] = {4, 8, 0.99, 9, 100, 0};
    void *in[6];
    for (int d = 0; d < 6; d++) in[d] = dev_values(E, lo[d], hi[d], d == INT, 11 + d);
    void *out = dev_alloc((size_t)eb);
    int threads = (int)std::thread::hardware_concurrency();
    if (const char *e = std::getenv("BENCH_THREADS")) threads = std::atoi(e);
    if (threads < 1) threads = 1;
    double mc = memcpy_ms((size_t)eb, threads, reps), mc_gbs = 2 * eb / (mc * 1e6);
    std::printf("# unary family, 64 MiB FP32 in, %d reps, stage 1 + stage 2 + sync\n", reps);
    std::printf("%-18s %9.3f ms %6.2f GB/s  (host memcpy, %d threads, for scale)\n", "memcpy_64MiB", mc, mc_gbs, threads);
    std::printf("# frac = op GB/s / GB/s of a D2D aclrtMemcpy of 64 MiB run alternately with it;"
                " goal >= 0.5 (T: transcendental, >= 0.3)\n");
    std::printf("# %-16s %9s %7s %9s %7s %5s\n", "case", "op_ms", "GB/s", "copy_ms", "GB/s", "frac");
    int below = 0;
    for (const Case &c : cases) {
        if (*only && !std::strstr(c.name, only)) continue;
        aclDataType xt = c.dom == INT ? ACL_INT32 : ACL_FLOAT;
        aclDataType yt = c.bool_out ? ACL_BOOL : xt;
        aclTensor *tx = tensor(E, xt, in[c.dom]), *ty = tensor(E, yt, out);
        std::vector<double> to, tc;
        one_run(stream, tx, ty, c); /* warm-up */
        for (int r = 0; r < reps; r++) {
            tc.push_back(copy_run(out, in[0], (size_t)eb));
            to.push_back(one_run(stream, tx, ty, c));
        }
        double ms = median(to), cms = median(tc);
        double bytes = eb + (c.bool_out ? eb / 4 : eb), gbs = bytes / (ms * 1e6), cgbs = 2 * eb / (cms * 1e6);
        double frac = gbs / cgbs;
        bool ok = frac >= (c.transcendental ? 0.3 : 0.5);
        below += !ok;
        std::printf("%-18s %9.3f %7.2f %9.3f %7.2f %5.2f %s%s\n", c.name, ms, gbs, cms, cgbs, frac,
                    c.transcendental ? "T" : " ", ok ? "" : "  (below goal)");
        std::fflush(stdout);
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
    }
    std::printf("# %d case(s) below the goal\n", below);
    for (void *p : in) aclrtFree(p);
    aclrtFree(out);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
