/* Driver: virtual memory management. Address ranges reserved in the device process (above
 * the arena) and this process's record of them and of the physical blocks mapped into them,
 * so the runtime's own copies find the memory behind a mapped address (drv_mem_host_view,
 * drv_xlate) and lookups classify it as device memory. Physical blocks are ordinary
 * allocations (drv_mem_alloc). Records live under dev->alloc_lock. */
#include <stdlib.h>
#include <string.h>

#include "drv_internal.h"

static int push(drv_vmm_rec **arr, size_t *n, size_t *cap, drv_vmm_rec rec)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        drv_vmm_rec *p = realloc(*arr, nc * sizeof *p);
        if (!p)
            return -1;
        *arr = p;
        *cap = nc;
    }
    (*arr)[(*n)++] = rec;
    return 0;
}

static void drop(drv_vmm_rec *arr, size_t *n, size_t i)
{
    memmove(&arr[i], &arr[i + 1], (*n - i - 1) * sizeof *arr);
    (*n)--;
}

static int inside(const drv_vmm_rec *r, uint64_t a, uint64_t len)
{
    return a >= r->va && len <= r->size && a - r->va <= r->size - len;
}

const drv_vmm_rec *drv_vmm_find_map(drv_device *dev, uint64_t a, uint64_t len)
{
    for (size_t i = 0; i < dev->nvmm_maps; i++)
        if (inside(&dev->vmm_maps[i], a, len ? len : 1))
            return &dev->vmm_maps[i];
    return NULL;
}

int drv_vmm_covered(drv_device *dev, uint64_t a, uint64_t len)
{
    if (len == 0)
        len = 1;
    while (len > 0) {
        const drv_vmm_rec *m = drv_vmm_find_map(dev, a, 1);
        if (!m)
            return 0;
        uint64_t step = m->va + m->size - a < len ? m->va + m->size - a : len;
        a += step;
        len -= step;
    }
    return 1;
}

void drv_vmm_chain(drv_device *dev, uint64_t a, uint64_t *base, uint64_t *size)
{
    const drv_vmm_rec *m = drv_vmm_find_map(dev, a, 1), *x;
    uint64_t lo = m->va, hi = m->va + m->size;
    while (lo > 0 && (x = drv_vmm_find_map(dev, lo - 1, 1)) != NULL)
        lo = x->va;
    while ((x = drv_vmm_find_map(dev, hi, 1)) != NULL)
        hi = x->va + x->size;
    *base = lo;
    *size = hi - lo;
}

size_t drv_mem_contig(drv_device *dev, const void *p, size_t len)
{
    if (!dev)
        return len;
    uint64_t a = (uint64_t)(uintptr_t)p;
    pthread_rwlock_rdlock(&dev->alloc_lock);
    const drv_vmm_rec *m = drv_vmm_find_map(dev, a, 1);
    size_t n = m && m->va + m->size - a < len ? (size_t)(m->va + m->size - a) : len;
    pthread_rwlock_unlock(&dev->alloc_lock);
    return n;
}

static int rpc4(drv_device *dev, uint32_t op, uint64_t a0, uint64_t a1, uint64_t a2, ds_resp *r)
{
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = op;
    req.a[0] = a0;
    req.a[1] = a1;
    req.a[2] = a2;
    return drv_rpc(dev, &req, r, -1, NULL, 0);
}

int drv_vmm_reserve(drv_device *dev, size_t size, size_t align, void **va)
{
    drv_clear_err();
    if (!dev || !va || size == 0)
        return drv_err(E_INVALID_PARAM, "bad argument to an address reservation");
    ds_resp r;
    int rc = rpc4(dev, DS_OP_VMM_RESERVE, size, align, 0, &r);
    if (rc != E_OK)
        return rc;
    pthread_rwlock_wrlock(&dev->alloc_lock);
    int bad = push(&dev->vmm_res, &dev->nvmm_res, &dev->cap_vmm_res, (drv_vmm_rec){r.r[0], size, 0});
    pthread_rwlock_unlock(&dev->alloc_lock);
    if (bad) {
        rpc4(dev, DS_OP_VMM_RELEASE, r.r[0], 0, 0, &r);
        return drv_err(E_BAD_ALLOC, "host out of memory tracking an address reservation");
    }
    *va = (void *)(uintptr_t)r.r[0];
    return E_OK;
}

int drv_vmm_release(drv_device *dev, void *va)
{
    drv_clear_err();
    uint64_t a = (uint64_t)(uintptr_t)va;
    pthread_rwlock_wrlock(&dev->alloc_lock);
    size_t i = 0;
    while (i < dev->nvmm_res && dev->vmm_res[i].va != a)
        i++;
    if (i == dev->nvmm_res) {
        pthread_rwlock_unlock(&dev->alloc_lock);
        return drv_err(E_INVALID_PARAM, "address %p is not the start of a reserved range on device %d", va,
                       dev->devid);
    }
    for (size_t k = 0; k < dev->nvmm_maps; k++)
        if (inside(&dev->vmm_res[i], dev->vmm_maps[k].va, dev->vmm_maps[k].size)) {
            pthread_rwlock_unlock(&dev->alloc_lock);
            return drv_err(E_INVALID_PARAM, "reserved range %p still has memory mapped at %p; unmap it first", va,
                           (void *)(uintptr_t)dev->vmm_maps[k].va);
        }
    drop(dev->vmm_res, &dev->nvmm_res, i);
    pthread_rwlock_unlock(&dev->alloc_lock);
    ds_resp r;
    return rpc4(dev, DS_OP_VMM_RELEASE, a, 0, 0, &r);
}

int drv_vmm_map(drv_device *dev, void *va, size_t size, const void *phys)
{
    drv_clear_err();
    uint64_t a = (uint64_t)(uintptr_t)va, p = (uint64_t)(uintptr_t)phys;
    if (size == 0)
        return drv_err(E_INVALID_PARAM, "mapping size is 0");
    pthread_rwlock_wrlock(&dev->alloc_lock);
    int in_res = 0;
    for (size_t i = 0; i < dev->nvmm_res && !in_res; i++)
        in_res = inside(&dev->vmm_res[i], a, size);
    const alloc_rec *blk = drv_alloc_find(dev, p);
    int overlap = 0;
    for (size_t i = 0; i < dev->nvmm_maps && !overlap; i++)
        overlap = a < dev->vmm_maps[i].va + dev->vmm_maps[i].size && dev->vmm_maps[i].va < a + size;
    int rc = E_OK;
    if (!in_res)
        rc = drv_err(E_INVALID_PARAM, "[%p, +%zu) is not inside an address range reserved on device %d", va, size,
                     dev->devid);
    else if (overlap)
        rc = drv_err(E_INVALID_PARAM, "[%p, +%zu) overlaps memory already mapped there", va, size);
    else if (!blk || size > blk->size || p - blk->addr > blk->size - size)
        rc = drv_err(E_INVALID_PARAM, "the physical memory [%p, +%zu) is not inside one live allocation", phys, size);
    if (rc == E_OK && push(&dev->vmm_maps, &dev->nvmm_maps, &dev->cap_vmm_maps, (drv_vmm_rec){a, size, p}))
        rc = drv_err(E_BAD_ALLOC, "host out of memory tracking a mapping");
    pthread_rwlock_unlock(&dev->alloc_lock);
    if (rc != E_OK)
        return rc;
    ds_resp r;
    rc = rpc4(dev, DS_OP_VMM_MAP, a, size, p, &r);
    if (rc != E_OK) {
        pthread_rwlock_wrlock(&dev->alloc_lock);
        for (size_t i = 0; i < dev->nvmm_maps; i++)
            if (dev->vmm_maps[i].va == a) {
                drop(dev->vmm_maps, &dev->nvmm_maps, i);
                break;
            }
        pthread_rwlock_unlock(&dev->alloc_lock);
    }
    return rc;
}

int drv_vmm_unmap(drv_device *dev, void *va, size_t *size_out)
{
    drv_clear_err();
    uint64_t a = (uint64_t)(uintptr_t)va;
    pthread_rwlock_wrlock(&dev->alloc_lock);
    size_t i = 0;
    while (i < dev->nvmm_maps && dev->vmm_maps[i].va != a)
        i++;
    if (i == dev->nvmm_maps) {
        pthread_rwlock_unlock(&dev->alloc_lock);
        return drv_err(E_INVALID_PARAM, "address %p is not the start of a mapping on device %d", va, dev->devid);
    }
    uint64_t size = dev->vmm_maps[i].size;
    drop(dev->vmm_maps, &dev->nvmm_maps, i);
    pthread_rwlock_unlock(&dev->alloc_lock);
    if (size_out)
        *size_out = size;
    ds_resp r;
    return rpc4(dev, DS_OP_VMM_UNMAP, a, size, 0, &r);
}

void drv_vmm_forget(drv_device *dev)
{
    free(dev->vmm_res);
    free(dev->vmm_maps);
    dev->vmm_res = dev->vmm_maps = NULL;
    dev->nvmm_res = dev->nvmm_maps = dev->cap_vmm_res = dev->cap_vmm_maps = 0;
}
