/* Helpers shared by the opbase unit tests: tensor construction with fake or host addresses
 * and checking the message aclGetRecentErrMsg returns for a failed call. */
#ifndef TESTS_OPBASE_UTIL_H
#define TESTS_OPBASE_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclemu_op/executor.h"

/* A device address that stage 1 records but never dereferences. */
#define FAKE_ADDR ((void *)(uintptr_t)0x10000)

/* Contiguous tensor of the given shape at addr. */
static inline aclTensor *mk_tensor(aclDataType dt, const int64_t *shape, uint64_t nd, void *addr)
{
    return aclCreateTensor(shape, nd, dt, NULL, 0, ACL_FORMAT_ND, shape, nd, addr);
}

#define T(dt, addr, ...)                                                                         \
    mk_tensor(dt, (const int64_t[]){__VA_ARGS__}, sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t), addr)

/* Asserts status and that the recent error message has code and mentions every needle. */
static inline void expect_error(aclnnStatus got, aclnnStatus want, const char *code, const char *needle1,
                                const char *needle2)
{
    assert_int_equal(got, want);
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    if (code && !strstr(m, code))
        fail_msg("message lacks %s: %s", code, m);
    if (needle1 && !strstr(m, needle1))
        fail_msg("message lacks \"%s\": %s", needle1, m);
    if (needle2 && !strstr(m, needle2))
        fail_msg("message lacks \"%s\": %s", needle2, m);
}

#endif
