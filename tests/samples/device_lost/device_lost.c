/* A C host program whose device process dies under it: the first synchronous copy or memset that
 * touches device memory afterwards must fail with ACL_ERROR_RT_LOST_HEARTBEAT (507010) and leave
 * a message, instead of "succeeding" through the stale shared-memory mapping; host-only copies
 * keep working and teardown does not hang. Exit 0 = pass. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        aclError rc_ = (x);                                                                        \
        if (rc_ != ACL_SUCCESS) {                                                                  \
            fprintf(stderr, "%s:%d: %s = %d\n%s\n", __FILE__, __LINE__, #x, (int)rc_,             \
                    aclGetRecentErrMsg());                                                         \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #c);                      \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* A call that must report the lost device, with a message. */
#define EXPECT_LOST(x)                                                                             \
    do {                                                                                           \
        aclError rc_ = (x);                                                                        \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        printf("%s -> %d: %s\n", #x, (int)rc_, m_ ? m_ : "(null)");                              \
        EXPECT(rc_ == ACL_ERROR_RT_LOST_HEARTBEAT);                                                \
        EXPECT(m_ != NULL && strlen(m_) > 0);                                                      \
    } while (0)

/* The device process's pid, from the lock file it keeps in the runtime dir. */
static int devsim_pid(void)
{
    char path[512];
    const char *dir = getenv("ACLEMU_RUNTIME_DIR");
    snprintf(path, sizeof path, "%s/dev0.lock", dir ? dir : "/tmp");
    FILE *f = fopen(path, "r");
    int pid = 0;
    if (f) {
        if (fscanf(f, "%d", &pid) != 1)
            pid = 0;
        fclose(f);
    }
    return pid;
}

int main(void)
{
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    enum { N = 4096 };
    static unsigned char host[N], back[N];
    void *dev = NULL, *dev2 = NULL;
    CHECK(aclrtMalloc(&dev, N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&dev2, N, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtStream stream;
    CHECK(aclrtCreateStream(&stream));
    memset(host, 0x3c, N);
    CHECK(aclrtMemcpy(dev, N, host, N, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(back, N, dev, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT(memcmp(back, host, N) == 0);

    int pid = devsim_pid();
    EXPECT(pid > 0);
    EXPECT(kill(pid, SIGKILL) == 0);
    struct timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, NULL); /* let the kernel tear the process and its socket down */

    /* nothing else has noticed yet: the synchronous copies are the first calls to see it */
    EXPECT_LOST(aclrtMemcpy(dev, N, host, N, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_LOST(aclrtMemcpy(back, N, dev, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_LOST(aclrtMemcpy(dev2, N, dev, N, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_LOST(aclrtMemset(dev, N, 0, N));
    EXPECT_LOST(aclrtMemcpy2d(dev, 64, host, 64, 64, 4, ACL_MEMCPY_HOST_TO_DEVICE));

    /* the stream-ordered and allocating calls report it too, and no new device process was
     * started behind the program's back (the copies above must not have reconnected) */
    EXPECT_LOST(aclrtMemcpyAsync(dev, N, host, N, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    EXPECT_LOST(aclrtMemcpyAsync(back, N, dev, N, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    EXPECT_LOST(aclrtMemsetAsync(dev, N, 1, N, stream));
    void *dev3 = NULL;
    EXPECT_LOST(aclrtMalloc(&dev3, N, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT(devsim_pid() == pid);

    /* host memory is still the host's */
    memset(back, 0, N);
    CHECK(aclrtMemcpy(back, N, host, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT(memcmp(back, host, N) == 0);

    (void)aclrtDestroyStream(stream);
    (void)aclrtFree(dev);
    (void)aclrtFree(dev2);
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
    printf("device_lost passed\n");
    return 0;
}
