/* An ordinary ACL host program (C99, public headers only) exercising one device from several
 * processes at once, a client killed with SIGKILL, and the device process killed under load.
 *
 *   multiprocess clients   8 processes x 4 streams x 1000 async tasks each; every task's result
 *                          checked; device memory back to its starting value afterwards
 *   multiprocess killclient
 *   multiprocess killdevice
 * Exit code 0 = pass; failures print what went wrong. */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

enum { STREAMS = 4, TASKS = 1000, SLOT = 64 };

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One client: per stream, 1000 tasks that each write a distinct pattern into their own slot of
 * device memory (memset with a value derived from the task, then a device-to-device copy of
 * the slot into a second buffer); afterwards every slot of both buffers is checked. */
static int client(int id)
{
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    size_t bytes = (size_t)STREAMS * TASKS * SLOT;
    void *a, *b;
    CHECK(aclrtMalloc(&a, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&b, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtStream s[STREAMS];
    for (int i = 0; i < STREAMS; i++)
        CHECK(aclrtCreateStream(&s[i]));
    for (int t = 0; t < TASKS; t++)
        for (int i = 0; i < STREAMS; i++) {
            size_t off = ((size_t)i * TASKS + (size_t)t) * SLOT;
            int v = (id * 31 + i * 7 + t) & 0xff;
            CHECK(aclrtMemsetAsync((char *)a + off, SLOT, v, SLOT, s[i]));
            CHECK(aclrtMemcpyAsync((char *)b + off, SLOT, (char *)a + off, SLOT,
                                   ACL_MEMCPY_DEVICE_TO_DEVICE, s[i]));
        }
    for (int i = 0; i < STREAMS; i++)
        CHECK(aclrtSynchronizeStream(s[i]));
    unsigned char *h = malloc(bytes);
    EXPECT(h != NULL);
    CHECK(aclrtMemcpy(h, bytes, b, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < STREAMS; i++)
        for (int t = 0; t < TASKS; t++) {
            size_t off = ((size_t)i * TASKS + (size_t)t) * SLOT;
            unsigned char v = (unsigned char)((id * 31 + i * 7 + t) & 0xff);
            for (int k = 0; k < SLOT; k++)
                if (h[off + (size_t)k] != v) {
                    fprintf(stderr, "client %d stream %d task %d: byte %d is %u, want %u\n", id, i,
                            t, k, h[off + (size_t)k], v);
                    return 1;
                }
        }
    free(h);
    for (int i = 0; i < STREAMS; i++)
        CHECK(aclrtDestroyStream(s[i]));
    CHECK(aclrtFree(a));
    CHECK(aclrtFree(b));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}

/* Waits (bounded) until nothing is allocated on the device any more (free == total). The
 * caller has the device set; it allocated nothing itself. */
static int wait_all_free(double limit_s)
{
    double t0 = now_s();
    size_t f = 0, total = 0;
    while (now_s() - t0 < limit_s) {
        CHECK(aclrtGetMemInfo(ACL_HBM_MEM, &f, &total));
        if (f == total)
            return 0;
        usleep(10000);
    }
    fprintf(stderr, "device free memory %zu of %zu\n", f, total);
    return 1;
}

/* The parent forks before it touches ACL itself (a process must not fork with a device open,
 * as on a real card), then checks the device is empty again. */
static int run_clients(void)
{
    pid_t kids[8];
    double t0 = now_s();
    for (int i = 0; i < 8; i++) {
        kids[i] = fork();
        if (kids[i] == 0)
            _exit(client(i));
    }
    int bad = 0;
    for (int i = 0; i < 8; i++) {
        int st;
        waitpid(kids[i], &st, 0);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "client %d failed (status %d)\n", i, st);
            bad = 1;
        }
    }
    printf("8 clients x %d streams x %d tasks x 2: %.2f s\n", STREAMS, TASKS, now_s() - t0);
    EXPECT(!bad);
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    EXPECT(wait_all_free(2.0) == 0);
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}

static int run_killclient(void)
{
    int p[2];
    EXPECT(pipe(p) == 0);
    pid_t kid = fork();
    if (kid == 0) {
        void *m;
        aclrtStream s;
        if (aclrtSetDevice(0) || aclrtMalloc(&m, 256 << 20, ACL_MEM_MALLOC_HUGE_FIRST) ||
            aclrtCreateStream(&s))
            _exit(1);
        for (int i = 0; i < 2000; i++)
            aclrtMemsetAsync(m, 256 << 20, i & 0xff, 256 << 20, s); /* lots of pending work */
        if (write(p[1], "x", 1) != 1)
            _exit(1);
        pause();
        _exit(0);
    }
    char c;
    EXPECT(read(p[0], &c, 1) == 1);
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    size_t f, total;
    CHECK(aclrtGetMemInfo(ACL_HBM_MEM, &f, &total));
    EXPECT(f + (256u << 20) <= total); /* the child's memory is in use */
    kill(kid, SIGKILL);
    waitpid(kid, NULL, 0);
    double t0 = now_s();
    EXPECT(wait_all_free(2.0) == 0);
    printf("killed client reclaimed in %.3f s\n", now_s() - t0);
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}

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

static int run_killdevice(void)
{
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    aclrtStream s;
    CHECK(aclrtCreateStream(&s));
    void *m;
    CHECK(aclrtMalloc(&m, 64 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < 200; i++)
        CHECK(aclrtMemsetAsync(m, 64 << 20, i & 0xff, 64 << 20, s));
    int pid = devsim_pid();
    EXPECT(pid > 0);
    kill(pid, SIGKILL);
    double t0 = now_s();
    aclError rc = aclrtSynchronizeStream(s);
    double dt = now_s() - t0;
    printf("synchronize after the device died: %d in %.3f s\n", (int)rc, dt);
    EXPECT(rc == ACL_ERROR_RT_LOST_HEARTBEAT);
    EXPECT(dt < 1.0);
    const char *msg = aclGetRecentErrMsg();
    EXPECT(msg != NULL && strlen(msg) > 0);
    void *m2;
    rc = aclrtMalloc(&m2, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT(rc == ACL_ERROR_RT_LOST_HEARTBEAT);
    rc = aclrtMemcpy(m, 16, "0123456789abcdef", 16, ACL_MEMCPY_HOST_TO_DEVICE);
    EXPECT(rc != ACL_SUCCESS);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "clients";
    if (!strcmp(what, "clients"))
        return run_clients();
    if (!strcmp(what, "killclient"))
        return run_killclient();
    if (!strcmp(what, "killdevice"))
        return run_killdevice();
    fprintf(stderr, "usage: multiprocess clients|killclient|killdevice\n");
    return 2;
}
