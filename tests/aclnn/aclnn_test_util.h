// Shared by the aclnn host programs: the helpers the ops-nn examples define (CHECK_RET,
// GetShapeSize, CreateAclTensor) plus what a test needs on top: independent FP16/BF16
// encoders for goldens, strided device tensors, and the ops-nn accuracy check against a
// double-precision reference. Header-only so each program stays a single translation unit.
#ifndef TESTS_ACLNN_TEST_UTIL_H
#define TESTS_ACLNN_TEST_UTIL_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#define CHECK_RET(cond, expr) \
    do {                      \
        if (!(cond)) {        \
            expr;             \
        }                     \
    } while (0)
#define LOG_PRINT(...) printf(__VA_ARGS__)

static int g_failures = 0;
#define EXPECT(cond, ...)                                                    \
    do {                                                                     \
        if (!(cond)) {                                                       \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
            printf(__VA_ARGS__);                                             \
            printf("\n");                                                    \
            g_failures++;                                                    \
        }                                                                    \
    } while (0)
#define ACL_OK(expr)                                                                             \
    do {                                                                                         \
        int rc_ = (int)(expr);                                                                   \
        if (rc_ != 0) {                                                                          \
            const char *m_ = aclGetRecentErrMsg();                                               \
            printf("FAIL %s:%d: %s returned %d: %s\n", __FILE__, __LINE__, #expr, rc_, m_ ? m_ : ""); \
            g_failures++;                                                                        \
            return;                                                                              \
        }                                                                                        \
    } while (0)

static inline int64_t GetShapeSize(const std::vector<int64_t> &shape)
{
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

// ---- independent reference encoders (round to nearest even; overflow to inf) -------------
static inline uint16_t RefToHalf(double v)
{
    if (std::isnan(v)) return 0x7e00;
    uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    double a = std::fabs(v);
    if (a >= 65520.0) return sign | 0x7c00;
    if (a < std::ldexp(1.0, -14)) { // subnormal: multiples of 2^-24
        double q = std::nearbyint(a * std::ldexp(1.0, 24));
        return sign | (uint16_t)q;
    }
    int e;
    double m = std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
    double q = std::nearbyint(m * 2048.0); // 11 significant bits
    if (q == 2048.0) { q = 1024.0; e++; }
    return sign | (uint16_t)(((e + 14) << 10) | ((uint16_t)q - 1024));
}
static inline double RefFromHalf(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double s = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 31) return m ? NAN : s * INFINITY;
    if (e == 0) return s * std::ldexp((double)m, -24);
    return s * std::ldexp(1024.0 + m, e - 25);
}
static inline uint16_t RefToBf16(double v)
{
    float f = (float)v; // exact for the values tests feed (already float)
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (std::isnan(f)) return 0x7fc0;
    uint32_t rounding = 0x7fff + ((u >> 16) & 1);
    return (uint16_t)((u + rounding) >> 16);
}
static inline double RefFromBf16(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// ---- device tensors ---------------------------------------------------------------------
template <typename T>
int CreateAclTensor(const std::vector<T> &hostData, const std::vector<int64_t> &shape, void **deviceAddr,
                    aclDataType dataType, aclTensor **tensor)
{
    size_t size = hostData.size() * sizeof(T);
    int ret = aclrtMalloc(deviceAddr, size ? size : 1, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    if (size) {
        ret = aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
    }
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = (int64_t)shape.size() - 2; i >= 0; i--)
        strides[i] = shape[i + 1] * strides[i + 1];
    *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), *deviceAddr);
    return 0;
}

template <typename T>
std::vector<T> Download(const void *dev, size_t n)
{
    std::vector<T> h(n);
    if (n) {
        int ret = aclrtMemcpy(h.data(), n * sizeof(T), dev, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST);
        EXPECT(ret == ACL_SUCCESS, "download failed: %d", ret);
    }
    return h;
}

// The ops-nn accuracy standard (reference §6): an element passes when
// |actual - golden| <= atol + rtol * |golden|; a case passes when >= 99% pass and the largest
// error stays below max_err. NaN/Inf must match exactly.
static inline bool CheckAccuracy(const char *name, const std::vector<double> &actual, const std::vector<double> &golden,
                                 double rtol, double atol, double max_err)
{
    size_t pass = 0, special_mismatch = 0;
    double worst = 0;
    for (size_t i = 0; i < golden.size(); i++) {
        double a = actual[i], g = golden[i];
        if (std::isnan(g) || std::isinf(g)) {
            bool same = std::isnan(g) ? std::isnan(a) : a == g;
            special_mismatch += !same;
            pass += same;
            continue;
        }
        double err = std::fabs(a - g);
        if (!(err <= worst)) worst = std::isnan(err) ? INFINITY : err;
        if (err <= atol + rtol * std::fabs(g)) pass++;
    }
    bool ok = golden.empty() || ((double)pass >= 0.99 * (double)golden.size() && worst <= max_err && !special_mismatch);
    EXPECT(ok, "%s: %zu/%zu elements pass, max abs err %g (limit %g), %zu NaN/Inf mismatches", name, pass,
           golden.size(), worst, max_err, special_mismatch);
    return ok;
}

// The relative-error criterion of the ops-nn precision standard (English experimental_standard.md):
// MERE = mean(|a - g| / (|g| + 1e-7)) < T and MARE (the max of the same) < 10 T, T = 2^-13 for
// FP32 (2^-10 FP16, 2^-7 BF16). NaN / Inf goldens must match exactly and are left out of the means.
static inline bool CheckRelErr(const char *name, aclDataType dt, const std::vector<double> &actual,
                               const std::vector<double> &golden)
{
    double T = dt == ACL_FLOAT16 ? 1.0 / 1024 : dt == ACL_BF16 ? 1.0 / 128 : 1.0 / 8192, sum = 0, mx = 0;
    size_t n = 0, special_mismatch = 0;
    for (size_t i = 0; i < golden.size(); i++) {
        double a = actual[i], g = golden[i];
        if (std::isnan(g) || std::isinf(g)) {
            special_mismatch += !(std::isnan(g) ? std::isnan(a) : a == g);
            continue;
        }
        double r = std::fabs(a - g) / (std::fabs(g) + 1e-7);
        if (std::isnan(r)) r = INFINITY;
        sum += r;
        mx = std::max(mx, r);
        n++;
    }
    double mere = n ? sum / (double)n : 0;
    bool ok = mere < T && mx < 10 * T && !special_mismatch;
    EXPECT(ok, "%s: MERE %g (limit %g), MARE %g (limit %g), %zu NaN/Inf mismatches", name, mere, T, mx, 10 * T,
           special_mismatch);
    return ok;
}

// Tolerances of the standard per output dtype.
static inline bool CheckDtype(const char *name, aclDataType dt, const std::vector<double> &a, const std::vector<double> &g)
{
    switch (dt) {
    case ACL_FLOAT16: return CheckAccuracy(name, a, g, 1.0 / 512, 1.0 / 512, 1e-1);
    case ACL_BF16: return CheckAccuracy(name, a, g, 1.0 / 64, 1.0 / 64, 1.0);
    case ACL_DOUBLE: return CheckAccuracy(name, a, g, 1e-12, 1e-14, 1e-10);
    default: return CheckAccuracy(name, a, g, 1.0 / 1024, 1.0 / 65536, 1e-2);
    }
}

// Deterministic pseudo-random values: half uniform in [-5, 5], half normal-ish around mu.
struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed * 6364136223846793005ULL + 1442695040888963407ULL) {}
    double uniform() { s = s * 6364136223846793005ULL + 1442695040888963407ULL; return (double)(s >> 11) / 9007199254740992.0; }
    double value() {
        if (uniform() < 0.5) return uniform() * 10.0 - 5.0;
        double mu = uniform() * 10 - 5, sigma = 0.1 + 1.9 * uniform();
        double z = std::sqrt(-2.0 * std::log(uniform() + 1e-300)) * std::cos(6.283185307179586 * uniform());
        return mu + sigma * z;
    }
};

struct Runtime {
    aclrtStream stream = nullptr;
    bool ok = false;
    Runtime()
    {
        int ret = aclInit(nullptr);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return);
        ret = aclrtSetDevice(0);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return);
        ret = aclrtCreateStream(&stream);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return);
        ok = true;
    }
    ~Runtime()
    {
        if (stream) aclrtDestroyStream(stream);
        aclrtResetDevice(0);
        aclFinalize();
    }
};

// Runs a stage-1/stage-2 pair the way the examples do (workspace only when asked for).
template <typename Stage1, typename Stage2>
int RunOp(const char *name, aclrtStream stream, Stage1 s1, Stage2 s2)
{
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    int ret = s1(&workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%sGetWorkspaceSize failed. ERROR: %d %s\n", name, ret, aclGetRecentErrMsg()); return ret);
    void *workspaceAddr = nullptr;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    ret = s2(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%s failed. ERROR: %d %s\n", name, ret, aclGetRecentErrMsg()); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    if (workspaceAddr) aclrtFree(workspaceAddr);
    return 0;
}

#endif
