/* Shared helpers of the runtime integration tests (ordinary ACL host programs). */
#ifndef RT_TEST_H
#define RT_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "acl/acl.h"

/* Asserts an ACL call's code and, on mismatch, shows the runtime's error text. */
#define ACL_EXPECT(expected, call)                                                          \
    do {                                                                                    \
        aclError rt_test_ret = (call);                                                      \
        if (rt_test_ret != (aclError)(expected)) {                                          \
            const char *rt_test_msg = aclGetRecentErrMsg();                                 \
            fail_msg("%s returned %d, expected %d\n%s", #call, rt_test_ret, (int)(expected), \
                     rt_test_msg ? rt_test_msg : "(no error message)");                     \
        }                                                                                   \
    } while (0)
#define ACL_OK(call) ACL_EXPECT(0, call)

/* Reads and clears the pending message; asserts it contains `needle`. */
static inline void expect_errmsg(const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    if (m == NULL || strstr(m, needle) == NULL) {
        fail_msg("error message lacks \"%s\":\n%s", needle, m ? m : "(null)");
    }
}

/* Writes text to a fresh temporary file and returns its path (static buffer per call site). */
static inline void write_temp(char *path, size_t len, const char *name, const char *text)
{
    const char *dir = getenv("ACLEMU_RUNTIME_DIR");
    snprintf(path, len, "%s/%s.%d", dir ? dir : "/tmp", name, (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

#endif
