/* Driver: device memory (allocation registry, host views) and pinned host memory. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "drv_internal.h"

/* ---- registry of this process's live device allocations (sorted by address) --------------- */
static size_t alloc_lower_bound(drv_device *dev, uint64_t addr)
{
    size_t lo = 0, hi = dev->nallocs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (dev->allocs[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The allocation containing addr, or NULL. Caller holds alloc_lock. */
const alloc_rec *drv_alloc_find(drv_device *dev, uint64_t addr)
{
    size_t i = alloc_lower_bound(dev, addr);
    if (i < dev->nallocs && dev->allocs[i].addr == addr)
        return &dev->allocs[i];
    if (i == 0)
        return NULL;
    const alloc_rec *r = &dev->allocs[i - 1];
    return addr < r->addr + r->size ? r : NULL;
}

static int alloc_insert(drv_device *dev, uint64_t addr, uint64_t size)
{
    if (dev->nallocs == dev->cap_allocs) {
        size_t nc = dev->cap_allocs ? dev->cap_allocs * 2 : 256;
        alloc_rec *n = realloc(dev->allocs, nc * sizeof *n);
        if (!n)
            return -1;
        dev->allocs = n;
        dev->cap_allocs = nc;
    }
    size_t i = alloc_lower_bound(dev, addr);
    memmove(&dev->allocs[i + 1], &dev->allocs[i], (dev->nallocs - i) * sizeof *dev->allocs);
    dev->allocs[i].addr = addr;
    dev->allocs[i].size = size;
    dev->nallocs++;
    return 0;
}

int drv_mem_alloc(drv_device *dev, size_t size, void **devptr)
{
    drv_clear_err();
    if (!dev || !devptr)
        return drv_err(E_INVALID_PARAM, "NULL argument to device allocation");
    if (size == 0)
        return drv_err(E_INVALID_PARAM, "allocation size is 0");
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_ALLOC;
    req.a[0] = size;
    ds_resp r;
    int rc = drv_rpc(dev, &req, &r, -1, NULL, 0);
    if (rc != E_OK)
        return rc;
    pthread_rwlock_wrlock(&dev->alloc_lock);
    int bad = alloc_insert(dev, r.r[0], size);
    pthread_rwlock_unlock(&dev->alloc_lock);
    if (bad) {
        req.op = DS_OP_FREE;
        req.a[0] = r.r[0];
        drv_rpc(dev, &req, &r, -1, NULL, 0);
        return drv_err(E_BAD_ALLOC, "host out of memory tracking a device allocation");
    }
    *devptr = (void *)(uintptr_t)r.r[0];
    return E_OK;
}

int drv_mem_free(drv_device *dev, void *devptr)
{
    drv_clear_err();
    if (!dev || !devptr)
        return drv_err(E_INVALID_PARAM, "NULL argument to device free");
    uint64_t addr = (uint64_t)(uintptr_t)devptr;
    pthread_rwlock_wrlock(&dev->alloc_lock);
    size_t i = alloc_lower_bound(dev, addr);
    if (i >= dev->nallocs || dev->allocs[i].addr != addr) {
        pthread_rwlock_unlock(&dev->alloc_lock);
        int rc = drv_err(E_INVALID_PARAM,
                         "address %p is not the start of a live allocation on device %d", devptr,
                         dev->devid);
        drv_mc_bad_free(dev, addr); /* the memory checker reports it */
        return rc;
    }
    memmove(&dev->allocs[i], &dev->allocs[i + 1], (dev->nallocs - i - 1) * sizeof *dev->allocs);
    dev->nallocs--;
    pthread_rwlock_unlock(&dev->alloc_lock);
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_FREE;
    req.a[0] = addr;
    ds_resp r;
    return drv_rpc(dev, &req, &r, -1, NULL, 0);
}

int drv_mem_info(drv_device *dev, size_t *free_bytes, size_t *total_bytes)
{
    drv_clear_err();
    if (!dev || !free_bytes || !total_bytes)
        return drv_err(E_INVALID_PARAM, "NULL argument to memory info");
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_MEMINFO;
    ds_resp r;
    int rc = drv_rpc(dev, &req, &r, -1, NULL, 0);
    if (rc == E_OK) {
        *free_bytes = r.r[0];
        *total_bytes = r.r[1];
    }
    return rc;
}

void *drv_mem_host_view(drv_device *dev, const void *devptr, size_t len)
{
    if (!dev)
        return NULL;
    uint64_t a = (uint64_t)(uintptr_t)devptr;
    if (a < dev->arena_base || a >= dev->arena_base + dev->arena_size) {
        /* a mapped address: the memory of the physical block behind it */
        pthread_rwlock_rdlock(&dev->alloc_lock);
        const drv_vmm_rec *m = drv_vmm_find_map(dev, a, len);
        unsigned char *v = m ? dev->arena + (m->phys - dev->arena_base) + (a - m->va) : NULL;
        pthread_rwlock_unlock(&dev->alloc_lock);
        return v;
    }
    pthread_rwlock_rdlock(&dev->alloc_lock);
    const alloc_rec *r = drv_alloc_find(dev, a);
    int ok = r && len <= r->size && a - r->addr <= r->size - len;
    pthread_rwlock_unlock(&dev->alloc_lock);
    return ok ? dev->arena + (a - dev->arena_base) : NULL;
}

int drv_mem_lookup(const void *ptr, int32_t *devid, void **base, size_t *size)
{
    drv_device *dev = drv_device_of_addr(ptr);
    if (!dev)
        return 0;
    pthread_rwlock_rdlock(&dev->alloc_lock);
    uint64_t a = (uint64_t)(uintptr_t)ptr;
    const alloc_rec *r = drv_alloc_find(dev, a);
    const drv_vmm_rec *m = r ? NULL : drv_vmm_find_map(dev, a, 1);
    if (r || m) {
        uint64_t b = r ? r->addr : 0, sz = r ? r->size : 0;
        if (m) /* a mapped address: the run of adjacent mappings is one contiguous range */
            drv_vmm_chain(dev, a, &b, &sz);
        if (devid)
            *devid = dev->devid;
        if (base)
            *base = (void *)(uintptr_t)b;
        if (size)
            *size = sz;
    }
    pthread_rwlock_unlock(&dev->alloc_lock);
    return r != NULL || m != NULL;
}

/* ---- pinned host memory -------------------------------------------------------------------- */
typedef struct pinned {
    unsigned char *ptr;
    size_t size;
    drv_device *dev;
    uint64_t dev_addr; /* the device process's mapping */
    uint64_t region_id;
    struct pinned *next;
} pinned;

static pthread_rwlock_t g_pin_lock = PTHREAD_RWLOCK_INITIALIZER;
static pinned *g_pins;

int drv_host_alloc(drv_device *dev, size_t size, void **hostptr)
{
    drv_clear_err();
    if (!dev || !hostptr)
        return drv_err(E_INVALID_PARAM, "NULL argument to pinned allocation");
    if (size == 0)
        return drv_err(E_INVALID_PARAM, "pinned allocation size is 0");
    size_t len = (size + 4095) & ~(size_t)4095;
    int fd = memfd_create("aclemu-pinned", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)len) != 0) {
        if (fd >= 0)
            close(fd);
        return drv_err(E_BAD_ALLOC, "pinned host memory of %zu bytes: %s", size, strerror(errno));
    }
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    pinned *pn = calloc(1, sizeof *pn);
    if (p == MAP_FAILED || !pn) {
        close(fd);
        if (p != MAP_FAILED)
            munmap(p, len);
        free(pn);
        return drv_err(E_BAD_ALLOC, "pinned host memory of %zu bytes: out of memory", size);
    }
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_HOST_REGISTER;
    req.a[0] = len;
    ds_resp r;
    int rc = drv_rpc(dev, &req, &r, fd, NULL, 0);
    close(fd);
    if (rc != E_OK) {
        munmap(p, len);
        free(pn);
        return rc;
    }
    pn->ptr = p;
    pn->size = len;
    pn->dev = dev;
    pn->dev_addr = r.r[0];
    pn->region_id = r.r[1];
    pthread_rwlock_wrlock(&g_pin_lock);
    pn->next = g_pins;
    g_pins = pn;
    pthread_rwlock_unlock(&g_pin_lock);
    *hostptr = p;
    return E_OK;
}

int drv_host_free(void *hostptr)
{
    drv_clear_err();
    pthread_rwlock_wrlock(&g_pin_lock);
    pinned **pp = &g_pins;
    while (*pp && (*pp)->ptr != hostptr)
        pp = &(*pp)->next;
    pinned *pn = *pp;
    if (pn)
        *pp = pn->next;
    pthread_rwlock_unlock(&g_pin_lock);
    if (!pn)
        return drv_err(E_INVALID_PARAM, "%p was not allocated by aclrtMallocHost", hostptr);
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_HOST_UNREGISTER;
    req.a[0] = pn->region_id;
    ds_resp r;
    if (!atomic_load(&pn->dev->lost))
        drv_rpc(pn->dev, &req, &r, -1, NULL, 0);
    munmap(pn->ptr, pn->size);
    free(pn);
    return E_OK;
}

static pinned *pin_find(const void *ptr, size_t len)
{
    const unsigned char *p = ptr;
    for (pinned *pn = g_pins; pn; pn = pn->next)
        if (p >= pn->ptr && p < pn->ptr + pn->size && len <= (size_t)(pn->ptr + pn->size - p))
            return pn;
    return NULL;
}

int drv_host_lookup(const void *ptr, void **base, size_t *size)
{
    pthread_rwlock_rdlock(&g_pin_lock);
    pinned *pn = pin_find(ptr, 1);
    if (pn) {
        if (base)
            *base = pn->ptr;
        if (size)
            *size = pn->size;
    }
    pthread_rwlock_unlock(&g_pin_lock);
    return pn != NULL;
}

/* Pinned memory of a device that is being closed stays usable as plain host memory; its device
 * mapping goes with the device process's reclaim. */

/* ---- pointer classification ------------------------------------------------------------------ */
int drv_xlate(drv_device *dev, const void *p, size_t len, uint64_t *out)
{
    uint64_t a = (uint64_t)(uintptr_t)p;
    if (a >= dev->arena_base && a < dev->arena_base + dev->arena_size) {
        if (!drv_mem_host_view(dev, p, len ? len : 1))
            return drv_err(E_INVALID_PARAM,
                           "device range [%p, +%zu) is not inside a live allocation of device %d",
                           p, len, dev->devid), -1;
        *out = a;
        return PTR_DEVICE;
    }
    pthread_rwlock_rdlock(&dev->alloc_lock);
    int mapped = drv_vmm_covered(dev, a, len);
    pthread_rwlock_unlock(&dev->alloc_lock);
    if (mapped) { /* the device process reaches a mapped address directly */
        *out = a;
        return PTR_DEVICE;
    }
    drv_device *other = drv_device_of_addr(p);
    if (other) {
        if (!drv_mem_host_view(other, p, len ? len : 1))
            return drv_err(E_INVALID_PARAM,
                           "device range [%p, +%zu) is not inside a live allocation of device %d",
                           p, len, other->devid), -1;
        return PTR_HOST; /* another device's memory: copied by the host, in stream order */
    }
    pthread_rwlock_rdlock(&g_pin_lock);
    pinned *pn = pin_find(p, len ? len : 1);
    int kind = PTR_HOST;
    if (pn && pn->dev == dev) {
        *out = pn->dev_addr + (uint64_t)((const unsigned char *)p - pn->ptr);
        kind = PTR_PINNED;
    }
    pthread_rwlock_unlock(&g_pin_lock);
    return kind;
}

void *drv_host_addr(const void *p, size_t len)
{
    drv_device *dev = drv_device_of_addr(p);
    if (dev)
        return drv_mem_host_view(dev, p, len ? len : 1);
    return (void *)p;
}
