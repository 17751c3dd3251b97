/* Driver: the client side of the device-memory checker (ACLEMU_MEMCHECK=1, devsim/MEMCHECK.md).
 * The device checks and writes reports into a ring this process shares with it; here they are
 * printed (stderr, or the file $ACLEMU_MEMCHECK_LOG) at synchronisations, at close and at exit. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../memcheck_proto.h"
#include "drv_internal.h"

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static int g_enabled;
static int g_out = STDERR_FILENO;

static void mc_init(void)
{
    const char *e = getenv("ACLEMU_MEMCHECK");
    g_enabled = e && *e && strcmp(e, "0") != 0;
    const char *log = getenv("ACLEMU_MEMCHECK_LOG");
    if (g_enabled && log && *log) {
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (fd >= 0)
            g_out = fd;
    }
}

int drv_memcheck_enabled(void)
{
    pthread_once(&g_once, mc_init);
    return g_enabled;
}

static void out_write(const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(g_out, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        p += n;
        len -= (size_t)n;
    }
}

/* Devices still open at exit print what is left (a program need not reset its devices). */
static pthread_mutex_t g_open_mu = PTHREAD_MUTEX_INITIALIZER;
static drv_device *g_open[ACLEMU_MAX_DEVICES * 4];

static void print_summary(drv_device *dev)
{
    uint32_t errors = atomic_load(&dev->mc_ring->errors);
    uint32_t dropped = atomic_load(&dev->mc_ring->dropped);
    char line[160];
    int n;
    if (dropped)
        n = snprintf(line, sizeof line, "====== %u reports did not fit the report ring\n", dropped);
    else
        n = 0;
    n += snprintf(line + n, sizeof line - (size_t)n, "====== ERROR SUMMARY: %u error%s\n", errors,
                  errors == 1 ? "" : "s");
    out_write(line, (size_t)n);
}

static void at_exit(void)
{
    pthread_mutex_lock(&g_open_mu);
    for (size_t i = 0; i < sizeof g_open / sizeof *g_open; i++)
        if (g_open[i]) {
            drv_memcheck_flush(g_open[i]);
            print_summary(g_open[i]);
        }
    pthread_mutex_unlock(&g_open_mu);
}

static void at_exit_register(void) { atexit(at_exit); }

int drv_mc_ring_create(struct ds_mc_ring **ring)
{
    static pthread_once_t exit_once = PTHREAD_ONCE_INIT;
    pthread_once(&exit_once, at_exit_register);
    int fd = memfd_create("aclemu-memcheck", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    if (ftruncate(fd, sizeof(ds_mc_ring)) != 0) {
        close(fd);
        return -1;
    }
    void *p = mmap(NULL, sizeof(ds_mc_ring), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        close(fd);
        return -1;
    }
    *ring = p;
    return fd;
}

void drv_mc_opened(drv_device *dev)
{
    if (!dev->mc_ring)
        return;
    pthread_mutex_lock(&g_open_mu);
    for (size_t i = 0; i < sizeof g_open / sizeof *g_open; i++)
        if (!g_open[i]) {
            g_open[i] = dev;
            break;
        }
    pthread_mutex_unlock(&g_open_mu);
}

void drv_mc_close(drv_device *dev)
{
    if (!dev->mc_ring)
        return;
    pthread_mutex_lock(&g_open_mu);
    for (size_t i = 0; i < sizeof g_open / sizeof *g_open; i++)
        if (g_open[i] == dev)
            g_open[i] = NULL;
    pthread_mutex_unlock(&g_open_mu);
    drv_memcheck_flush(dev);
    print_summary(dev);
    munmap(dev->mc_ring, sizeof(ds_mc_ring));
    dev->mc_ring = NULL;
}

void drv_memcheck_flush(drv_device *dev)
{
    if (!dev || !dev->mc_ring)
        return;
    ds_mc_ring *ring = dev->mc_ring;
    pthread_mutex_lock(&dev->mc_mu);
    uint64_t head = atomic_load_explicit(&ring->head, memory_order_acquire);
    uint64_t tail = atomic_load(&ring->tail);
    while (tail < head) {
        size_t off = (size_t)(tail % DS_MC_RING_BYTES);
        size_t len = head - tail < DS_MC_RING_BYTES - off ? (size_t)(head - tail) : DS_MC_RING_BYTES - off;
        out_write(ring->data + off, len);
        tail += len;
    }
    atomic_store(&ring->tail, tail);
    pthread_mutex_unlock(&dev->mc_mu);
}

/* ---- what the runtime does itself ---------------------------------------------------------- */
static void mc_rpc(drv_device *dev, uint32_t what, uint64_t a0, uint64_t a1, uint64_t a2,
                   const char *op)
{
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_MEMCHECK;
    req.flags = what;
    req.a[0] = a0;
    req.a[1] = a1;
    req.a[2] = a2;
    if (op)
        snprintf(req.name, sizeof req.name, "%s", op);
    ds_resp r;
    char saved[512]; /* the caller's error message (if any) stays */
    snprintf(saved, sizeof saved, "%s", drv_last_error());
    drv_rpc(dev, &req, &r, -1, NULL, 0);
    if (saved[0])
        drv_err(0, "%s", saved);
    else
        drv_clear_err();
}

void drv_memcheck_alloc_size(drv_device *dev, void *devptr, size_t requested)
{
    if (dev && dev->mc_ring)
        mc_rpc(dev, DS_MC_REQ_SIZE, (uint64_t)(uintptr_t)devptr, requested, 0, NULL);
}

void drv_memcheck_host_copy(void *dst, const void *src, size_t count, const char *op)
{
    if (!drv_memcheck_enabled() || count == 0)
        return;
    drv_device *dd = drv_device_of_addr(dst), *sd = src ? drv_device_of_addr(src) : NULL;
    if (dd && dd->mc_ring) /* dst device: written (device-to-device: src state carried) */
        mc_rpc(dd, DS_MC_REQ_COPY, (uint64_t)(uintptr_t)dst, sd == dd ? (uint64_t)(uintptr_t)src : 0,
               count, op);
    if (sd && sd->mc_ring && sd != dd) /* src device, dst elsewhere: initcheck of the read */
        mc_rpc(sd, DS_MC_REQ_COPY, 0, (uint64_t)(uintptr_t)src, count, op);
    if (dd)
        drv_memcheck_flush(dd);
    if (sd && sd != dd)
        drv_memcheck_flush(sd);
}

void drv_memcheck_bad_free(const void *devptr)
{
    if (!drv_memcheck_enabled())
        return;
    drv_device *dev = drv_device_of_addr(devptr);
    if (dev)
        drv_mc_bad_free(dev, (uint64_t)(uintptr_t)devptr);
}

void drv_mc_bad_free(drv_device *dev, uint64_t addr)
{
    if (!dev->mc_ring)
        return;
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_FREE; /* the device names what addr is (double free, inside a block...) */
    req.a[0] = addr;
    ds_resp r;
    char saved[512];
    snprintf(saved, sizeof saved, "%s", drv_last_error());
    drv_rpc(dev, &req, &r, -1, NULL, 0);
    drv_err(0, "%s", saved);
    drv_memcheck_flush(dev);
}

uint32_t drv_mc_where(drv_device *dev, uint64_t addr)
{
    if (addr >= dev->arena_base && addr - dev->arena_base < dev->arena_size)
        return DRV_MC_WHERE_DEVICE;
    if (drv_device_of_addr((const void *)(uintptr_t)addr))
        return DRV_MC_WHERE_OTHER_DEVICE;
    if (drv_host_lookup((const void *)(uintptr_t)addr, NULL, NULL))
        return DRV_MC_WHERE_PINNED;
    /* mapped here? mincore fails with ENOMEM on an unmapped page */
    long pg = sysconf(_SC_PAGESIZE);
    unsigned char v;
    void *page = (void *)(uintptr_t)(addr & ~(uint64_t)(pg - 1));
    if (mincore(page, 1, &v) == 0)
        return DRV_MC_WHERE_HOST;
    return DRV_MC_WHERE_UNMAPPED;
}
