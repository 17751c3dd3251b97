/* Runtime figures of issue 2, measured through the public ACL API where one exists:
 *   1. launch-to-completion round trip of a tiny kernel (launch, aclrtSynchronizeStream)
 *   2. aclrtMemcpy H2D and D2H of 256 MiB vs a plain memcpy of the same size, same run
 *   3. the idle device process: CPU share and resident memory
 * Usage: bench_runtime [--iters N] [--mib M]. Prints medians. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclemu/drv.h"
#include "aclemu_runtime.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        int rc_ = (x);                                                                             \
        if (rc_ != 0) {                                                                            \
            fprintf(stderr, "%s failed: %d %s\n", #x, rc_, aclGetRecentErrMsg());                  \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* /proc/<pid>/stat utime+stime in seconds, and VmRSS in KiB */
static int proc_usage(int pid, double *cpu_s, long *rss_kib)
{
    char path[64], buf[4096];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p)
        return -1;
    unsigned long ut = 0, st = 0;
    /* fields after ") ": state(3) ... utime(14) stime(15) */
    int field = 2;
    for (char *tok = strtok(p + 1, " "); tok; tok = strtok(NULL, " ")) {
        field++;
        if (field == 14)
            ut = strtoul(tok, NULL, 10);
        if (field == 15) {
            st = strtoul(tok, NULL, 10);
            break;
        }
    }
    *cpu_s = (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    f = fopen(path, "r");
    if (!f)
        return -1;
    *rss_kib = -1;
    while (fgets(buf, sizeof buf, f))
        if (!strncmp(buf, "VmRSS:", 6))
            *rss_kib = atol(buf + 6);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    int iters = 20000, mib = 256, reps = 7;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--iters"))
            iters = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--mib"))
            mib = atoi(argv[i + 1]);
    }
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream;
    CHECK(aclrtCreateStream(&stream));
    printf("device: %s\n", aclrtGetSocName());

    /* 1. tiny kernel round trip */
    drv_stream *ds;
    CHECK(aclemu_resolve_stream(stream, &ds));
    double *lat = malloc(sizeof(double) * (size_t)iters);
    for (int i = 0; i < 1000; i++) { /* warm up */
        CHECK(drv_launch(ds, "aclemu.noop", 1, NULL, 0));
        CHECK(aclrtSynchronizeStream(stream));
    }
    for (int i = 0; i < iters; i++) {
        double t0 = now_s();
        CHECK(drv_launch(ds, "aclemu.noop", 1, NULL, 0));
        CHECK(aclrtSynchronizeStream(stream));
        lat[i] = (now_s() - t0) * 1e6;
    }
    double lat_med = median(lat, iters);
    printf("launch+sync round trip: median %.2f us, p90 %.2f us (%d launches; goal <= 15 us)\n",
           lat_med, lat[(int)(iters * 0.9)], iters);

    /* 2. 256 MiB copies vs memcpy */
    size_t bytes = (size_t)mib << 20;
    void *dev, *host = NULL, *host2 = NULL;
    CHECK(aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    if (posix_memalign(&host, 64, bytes) || posix_memalign(&host2, 64, bytes))
        return 1;
    memset(host, 1, bytes);
    memset(host2, 2, bytes);
    CHECK(aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE)); /* fault pages in */
    double th2d[16], td2h[16], tmc[16];
    for (int r = 0; r < reps; r++) {
        double t0 = now_s();
        memcpy(host2, host, bytes);
        tmc[r] = now_s() - t0;
        t0 = now_s();
        CHECK(aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
        th2d[r] = now_s() - t0;
        t0 = now_s();
        CHECK(aclrtMemcpy(host2, bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
        td2h[r] = now_s() - t0;
    }
    double gb = (double)bytes / 1e9;
    double mc = gb / median(tmc, reps), h2d = gb / median(th2d, reps), d2h = gb / median(td2h, reps);
    printf("memcpy %d MiB: %.2f GB/s | aclrtMemcpy H2D %.2f GB/s (%.0f%%) | D2H %.2f GB/s (%.0f%%) "
           "(goal >= 70%%)\n",
           mib, mc, h2d, 100 * h2d / mc, d2h, 100 * d2h / mc);
    CHECK(aclrtFree(dev));
    free(host);
    free(host2);

    /* 3. idle device process */
    drv_device_status st;
    CHECK(drv_query_status(0, &st));
    double c0, c1;
    long rss0, rss1;
    if (st.running && proc_usage(st.devsim_pid, &c0, &rss0) == 0) {
        double t0 = now_s();
        sleep(3);
        proc_usage(st.devsim_pid, &c1, &rss1);
        double cpu = 100 * (c1 - c0) / (now_s() - t0);
        printf("idle device process (pid %d, a client connected with a stream): CPU %.2f%% of "
               "one core (goal < 1%%), RSS %.1f MiB with %.1f MiB allocated by clients (goal < "
               "64 MiB + allocated)\n",
               st.devsim_pid, cpu, rss1 / 1024.0, (double)st.mem_used / (1 << 20));
    }
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    free(lat);
    return 0;
}
