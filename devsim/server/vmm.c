/* Virtual memory management of the device (aclrtReserveMemAddress / aclrtMapMem ...): address
 * ranges reserved above the HBM arena, inside this device's address window, and physical
 * allocations (ordinary arena blocks) mapped into them. A mapping is a second view of the
 * arena's memfd at the reserved address, so kernels and copy tasks of the device process reach
 * the memory through either address, and a handle mapped twice aliases. Reservations belong to
 * the client that made them and go with it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "devsim.h"

/* The window for reservations: from the first 1 GiB boundary past the arena to the end of this
 * device's address stride. */
static void window(const ds_server *srv, uint64_t *lo, uint64_t *hi)
{
    const uint64_t gib = 1ull << 30;
    *lo = (srv->arena_base + srv->arena_size + gib - 1) & ~(gib - 1);
    *hi = DS_DEV_BASE(srv->devid) + DS_DEV_STRIDE;
}

int ds_vmm_reserve(ds_server *srv, uint32_t slot, uint64_t size, uint64_t align, uint64_t *va_out)
{
    if (size == 0 || align == 0 || (align & (align - 1)))
        return EINVAL;
    uint64_t lo, hi, cand;
    window(srv, &lo, &hi);
    /* first fit over the sorted list */
    cand = (lo + align - 1) & ~(align - 1);
    ds_vmm_res **pp = &srv->vmm;
    while (*pp) {
        if (cand + size <= (*pp)->va && cand + size > cand)
            break;
        uint64_t end = (*pp)->va + (*pp)->size;
        cand = (end + align - 1) & ~(align - 1);
        pp = &(*pp)->next;
    }
    if (cand < lo || cand + size < cand || cand + size > hi)
        return ENOMEM;
    void *p = mmap((void *)(uintptr_t)cand, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                                                           MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED || p != (void *)(uintptr_t)cand) {
        if (p != MAP_FAILED)
            munmap(p, size);
        return ENOMEM;
    }
    ds_vmm_res *r = calloc(1, sizeof *r);
    if (!r) {
        munmap(p, size);
        return ENOMEM;
    }
    r->va = cand;
    r->size = size;
    r->owner = slot;
    r->next = *pp;
    *pp = r;
    *va_out = cand;
    return 0;
}

static ds_vmm_res *find(ds_server *srv, uint32_t slot, uint64_t va, uint64_t size)
{
    for (ds_vmm_res *r = srv->vmm; r; r = r->next)
        if (r->owner == slot && va >= r->va && size <= r->size && va - r->va <= r->size - size)
            return r;
    return NULL;
}

int ds_vmm_release(ds_server *srv, uint32_t slot, uint64_t va)
{
    for (ds_vmm_res **pp = &srv->vmm; *pp; pp = &(*pp)->next) {
        ds_vmm_res *r = *pp;
        if (r->owner == slot && r->va == va) {
            *pp = r->next;
            munmap((void *)(uintptr_t)r->va, r->size);
            free(r);
            return 0;
        }
    }
    return EINVAL;
}

int ds_vmm_map(ds_server *srv, uint32_t slot, uint64_t va, uint64_t size, uint64_t phys)
{
    if (!find(srv, slot, va, size))
        return EINVAL;
    if (phys < srv->arena_base || size > srv->arena_size || phys - srv->arena_base > srv->arena_size - size)
        return EINVAL;
    void *p = mmap((void *)(uintptr_t)va, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, srv->arena_fd,
                   (off_t)(phys - srv->arena_base));
    return p == MAP_FAILED ? ENOMEM : 0;
}

int ds_vmm_unmap(ds_server *srv, uint32_t slot, uint64_t va, uint64_t size)
{
    if (!find(srv, slot, va, size))
        return EINVAL;
    void *p = mmap((void *)(uintptr_t)va, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
                   -1, 0);
    return p == MAP_FAILED ? ENOMEM : 0;
}

void ds_vmm_client_gone(ds_server *srv, uint32_t slot)
{
    for (ds_vmm_res **pp = &srv->vmm; *pp;) {
        ds_vmm_res *r = *pp;
        if (r->owner == slot) {
            *pp = r->next;
            munmap((void *)(uintptr_t)r->va, r->size);
            free(r);
        } else {
            pp = &r->next;
        }
    }
}
