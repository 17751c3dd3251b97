/* Logging and checking helpers shared by the runtime-style examples (found through the
 * examples' include of the example root, as in the runtime repository's layout). A check that
 * fails prints what was expected and makes main() return non-zero: the exit code is the verdict. */
#ifndef SAMPLES_RUNTIME_UTILS_H
#define SAMPLES_RUNTIME_UTILS_H

#include <cmath>
#include <cstdio>

#include "acl/acl.h"

#define INFO_LOG(fmt, ...) fprintf(stdout, "[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)

/* An ACL call that must succeed. */
#define CHECK_ERROR(call)                                                                          \
    do {                                                                                           \
        const aclError checkRet_ = (call);                                                         \
        if (checkRet_ != ACL_SUCCESS) {                                                            \
            const char *why_ = aclGetRecentErrMsg();                                               \
            ERROR_LOG("%s:%d: %s returned %d: %s", __FILE__, __LINE__, #call,                      \
                      static_cast<int>(checkRet_), why_ != nullptr ? why_ : "<null>");             \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

/* A condition the sample asserts. */
#define EXPECT_TRUE(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            ERROR_LOG("%s:%d: expected %s", __FILE__, __LINE__, #cond);                            \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

/* An ACL call that must fail with exactly `code`. */
#define EXPECT_CODE(call, code)                                                                    \
    do {                                                                                           \
        const aclError expRet_ = (call);                                                           \
        if (expRet_ != (code)) {                                                                   \
            ERROR_LOG("%s:%d: %s returned %d, expected %d (%s)", __FILE__, __LINE__, #call,        \
                      static_cast<int>(expRet_), static_cast<int>(code), #code);                   \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

/* fp32 results against a double-precision reference: |a - g| <= atol + rtol * |g|. */
inline bool NearlyEqual(double actual, double golden, double rtol = 1e-5, double atol = 1e-6)
{
    return std::fabs(actual - golden) <= atol + rtol * std::fabs(golden);
}

#endif
