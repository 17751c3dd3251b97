/* Synchronous aclrtMemcpy of 256 MiB (H2D and D2H) against plain memcpy between two host
 * buffers. Requirement: at least 70% of memcpy's bandwidth. Best of 5 runs each. */
#include <time.h>

#include "acl/acl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
    const size_t n = 256u << 20;
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 1;
    char *a = malloc(n), *b = malloc(n);
    void *d;
    if (aclrtMalloc(&d, n, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        const char *m = aclGetRecentErrMsg();
        fprintf(stderr, "aclrtMalloc of 256 MiB failed\n%s", m ? m : "");
        return 1;
    }
    memset(a, 1, n);
    memset(b, 2, n);
    /* touch everything once so page faults are not measured */
    aclrtMemcpy(d, n, a, n, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(b, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST);
    double best_plain = 1e9, best_h2d = 1e9, best_d2h = 1e9;
    for (int i = 0; i < 5; i++) {
        double t0 = now();
        memcpy(b, a, n);
        double t1 = now();
        if (aclrtMemcpy(d, n, a, n, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return 1;
        double t2 = now();
        if (aclrtMemcpy(b, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) return 1;
        double t3 = now();
        if (t1 - t0 < best_plain) best_plain = t1 - t0;
        if (t2 - t1 < best_h2d) best_h2d = t2 - t1;
        if (t3 - t2 < best_d2h) best_d2h = t3 - t2;
    }
    double gb = n / 1e9;
    printf("memcpy %.2f GB/s, aclrtMemcpy H2D %.2f GB/s (%.0f%%), D2H %.2f GB/s (%.0f%%)\n",
           gb / best_plain, gb / best_h2d, 100 * best_plain / best_h2d, gb / best_d2h,
           100 * best_plain / best_d2h);
    int ok = best_plain / best_h2d >= 0.7 && best_plain / best_d2h >= 0.7;
    aclrtFree(d);
    aclrtResetDevice(0);
    aclFinalize();
    free(a);
    free(b);
    return ok ? 0 : 1;
}
