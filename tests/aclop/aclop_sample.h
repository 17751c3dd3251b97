// Helpers shared by the aclop host programs (in the style of the Ascend single-op samples):
// checked ACL calls, device tensors with host mirrors, and the accuracy check of the ops-nn
// standard (|actual - golden| <= atol + rtol * |golden| for >= 99% of elements, max error bound).
#ifndef ACLOP_SAMPLE_H
#define ACLOP_SAMPLE_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"

#define CHECK(call)                                                                               \
    do {                                                                                          \
        aclError rc_ = (call);                                                                    \
        if (rc_ != ACL_SUCCESS) {                                                                 \
            std::fprintf(stderr, "%s:%d: %s failed: %d\n%s\n", __FILE__, __LINE__, #call, rc_,  \
                         aclGetRecentErrMsg());                                                   \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

#define EXPECT(cond)                                                                              \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            std::fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #cond);  \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

#define EXPECT_CODE(call, code)                                                                   \
    do {                                                                                          \
        aclError rc_ = (call);                                                                    \
        if (rc_ != (code)) {                                                                      \
            std::fprintf(stderr, "%s:%d: %s returned %d, expected %d\n%s\n", __FILE__, __LINE__,  \
                         #call, rc_, (int)(code), aclGetRecentErrMsg());                          \
            std::exit(1);                                                                         \
        }                                                                                         \
        const char *msg_ = aclGetRecentErrMsg();                                                  \
        std::printf("expected error %d: %s\n", rc_, msg_ ? msg_ : "");                           \
    } while (0)

static inline void *dev_alloc(size_t size)
{
    void *p = nullptr;
    CHECK(aclrtMalloc(&p, size ? size : 32, ACL_MEM_MALLOC_NORMAL_ONLY));
    return p;
}

static inline void *dev_from(const void *host, size_t size)
{
    void *p = dev_alloc(size);
    CHECK(aclrtMemcpy(p, size, host, size, ACL_MEMCPY_HOST_TO_DEVICE));
    return p;
}

template <typename T> static std::vector<T> dev_read(const void *dev, size_t count)
{
    std::vector<T> v(count);
    CHECK(aclrtMemcpy(v.data(), count * sizeof(T), dev, count * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST));
    return v;
}

// Accuracy check: returns true if the case passes (prints the worst element otherwise).
static inline bool close_enough(const std::vector<double> &actual, const std::vector<double> &golden, double atol,
                                double rtol, const char *what)
{
    size_t bad = 0, worst = 0;
    double worst_err = 0;
    for (size_t i = 0; i < golden.size(); i++) {
        double err = std::fabs(actual[i] - golden[i]);
        if (!(err <= atol + rtol * std::fabs(golden[i])))
            bad++;
        if (!(err <= worst_err)) {
            worst_err = err;
            worst = i;
        }
    }
    bool ok = bad * 100 <= golden.size() && worst_err <= 10 * (atol + rtol * std::fabs(golden[worst]));
    std::printf("%s: %zu elements, %zu outside tolerance, max error %.3g at %zu (got %.6g, want %.6g): %s\n", what,
                golden.size(), bad, worst_err, worst, golden.empty() ? 0.0 : actual[worst],
                golden.empty() ? 0.0 : golden[worst], ok ? "PASS" : "FAIL");
    return ok;
}

static inline void init_acl(aclrtStream *stream)
{
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(stream));
}

static inline void fini_acl(aclrtStream stream)
{
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
}

#endif
