/* Virtual memory management: aclrtMemGetAllocationGranularity, aclrtReserveMemAddress /
 * aclrtReleaseMemAddress, aclrtMallocPhysical / aclrtFreePhysical, aclrtMapMem / aclrtUnmapMem.
 * A reservation is a range of the current device's address space with nothing behind it; a
 * physical handle is a block of device memory; a mapping puts part of a handle behind part of a
 * reservation, so kernels, copies and memsets reach it through the reserved address (the driver
 * and the device process keep the mappings: devsim/drv/drv_vmm.c, devsim/server/vmm.c).
 * Physical sizes and mappings go in multiples of the 2 MiB granularity (a reservation's size
 * is rounded up to it); a handle cannot be freed while it is
 * mapped, nor a reservation released while memory is mapped in it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

#define VMM_GRANULARITY (2u << 20)
#define PHYS_MAGIC 0x50485953u /* "PHYS" */

/* What an aclrtDrvMemHandle points at. */
typedef struct rt_phys {
    uint32_t magic;
    int32_t devid;
    drv_device *drv;    /* a reference held while the handle lives */
    void *block;        /* the device allocation */
    size_t size;
    int mapped;         /* live mappings of this handle */
    struct rt_phys *next; /* the live handles (g_phys) */
} rt_phys;

/* The handle of each mapping, so unmapping decrements its handle's count. */
typedef struct rt_vmm_map {
    void *va;
    rt_phys *phys;
    struct rt_vmm_map *next;
} rt_vmm_map;

static pthread_mutex_t g_vmm_mu = PTHREAD_MUTEX_INITIALIZER;
static rt_vmm_map *g_maps;
/* Live handles: a handle is looked up here before it is dereferenced, so a freed or made-up
 * handle is refused instead of being read (a freed one is memory the allocator reused). */
static rt_phys *g_phys;

static int bad_size(const char *func, const char *param, size_t v, const char *reason)
{
    char b[32];
    snprintf(b, sizeof b, "%zu", v);
    ERR_VALUE(func, b, param, reason);
    return rt_ret(ACL_ERROR_INVALID_PARAM);
}

static int granular(size_t v) { return v % VMM_GRANULARITY == 0; }

ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp *prop,
                                                              aclrtMemGranularityOptions option, size_t *granularity)
{
    if (prop == NULL || granularity == NULL) {
        ERR_NULL(prop == NULL ? "prop" : "granularity");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (option != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM && option != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED) {
        char b[16];
        snprintf(b, sizeof b, "%d", (int)option);
        ERR_VALUE("aclrtMemGetAllocationGranularity", b, "option", "it should be MINIMUM (0) or RECOMMENDED (1)");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *granularity = VMM_GRANULARITY; /* huge pages: the minimum and the recommended size */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtReserveMemAddress(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                                                    uint64_t flags)
{
    const char *f = "aclrtReserveMemAddress";
    if (virPtr == NULL) {
        ERR_NULL("virPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    /* the size is rounded up to the granularity (ggml's CANN backend reserves its free-memory
     * figure as it is, and the real runtime takes it) */
    if (size == 0 || size > SIZE_MAX - VMM_GRANULARITY)
        return bad_size(f, "size", size, "it should be non-zero and below the address space");
    size = (size + VMM_GRANULARITY - 1) / VMM_GRANULARITY * VMM_GRANULARITY;
    if (alignment != 0 && (alignment & (alignment - 1)))
        return bad_size(f, "alignment", alignment, "it should be 0 or a power of two");
    if (expectPtr != NULL) {
        ERR_VALUE(f, "non-null", "expectPtr", "it must be nullptr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (flags > 1) {
        char b[24];
        snprintf(b, sizeof b, "%llu", (unsigned long long)flags);
        ERR_VALUE(f, b, "flags", "the page type should be 0 (huge) or 1");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx(f, &code);
    if (ctx == NULL)
        return rt_ret(code);
    int ret = drv_vmm_reserve(ctx->drv, size, alignment > VMM_GRANULARITY ? alignment : VMM_GRANULARITY, virPtr);
    handle_put(&ctx->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(f, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtReleaseMemAddress(void *virPtr)
{
    const char *f = "aclrtReleaseMemAddress";
    if (virPtr == NULL) {
        ERR_NULL("virPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx(f, &code);
    if (ctx == NULL)
        return rt_ret(code);
    int ret = drv_vmm_release(ctx->drv, virPtr);
    handle_put(&ctx->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(f, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtMallocPhysical(aclrtDrvMemHandle *handle, size_t size,
                                                 const aclrtPhysicalMemProp *prop, uint64_t flags)
{
    const char *f = "aclrtMallocPhysical";
    if (handle == NULL || prop == NULL) {
        ERR_NULL(handle == NULL ? "handle" : "prop");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (size == 0 || !granular(size))
        return bad_size(f, "size", size, "it should be a non-zero multiple of the 2 MiB granularity");
    if (flags != 0) {
        ERR_VALUE(f, "non-zero", "flags", "it is unused and must be 0");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (prop->location.type != ACL_MEM_LOCATION_TYPE_DEVICE || prop->allocationType != ACL_MEM_ALLOCATION_TYPE_PINNED ||
        (prop->handleType != ACL_MEM_HANDLE_TYPE_NONE && prop->handleType != ACL_MEM_HANDLE_TYPE_POSIX)) {
        ERR_VALUE(f, "given", "prop", "location.type should be DEVICE, allocationType PINNED, handleType NONE or POSIX");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx(f, &code);
    if (ctx == NULL)
        return rt_ret(code);
    if ((int32_t)prop->location.id != ctx->devid) {
        char b[16];
        snprintf(b, sizeof b, "%u", prop->location.id);
        handle_put(&ctx->hdr);
        ERR_VALUE(f, b, "prop.location.id", "it should be the current device");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_phys *p = calloc(1, sizeof *p);
    if (p == NULL) {
        handle_put(&ctx->hdr);
        return rt_ret(ACL_ERROR_BAD_ALLOC);
    }
    /* the handle holds its own reference on the device: it may outlive the context */
    int ret = drv_device_open(ctx->devid, &p->drv);
    if (ret == ACL_SUCCESS && (ret = drv_mem_alloc(p->drv, size, &p->block)) != ACL_SUCCESS)
        drv_device_close(p->drv);
    if (ret != ACL_SUCCESS) {
        free(p);
        handle_put(&ctx->hdr);
        return rt_ret(rt_drv_fail(f, ret));
    }
    p->magic = PHYS_MAGIC;
    p->devid = ctx->devid;
    p->size = size;
    handle_put(&ctx->hdr);
    pthread_mutex_lock(&g_vmm_mu);
    p->next = g_phys;
    g_phys = p;
    pthread_mutex_unlock(&g_vmm_mu);
    *handle = p;
    return ACL_SUCCESS;
}

/* The live handle `handle` names, or NULL with the message set. Called with g_vmm_mu held. */
static rt_phys *phys_of(const char *f, aclrtDrvMemHandle handle)
{
    if (handle == NULL) {
        ERR_NULL("handle");
        return NULL;
    }
    rt_phys *p = g_phys;
    while (p != NULL && p != handle)
        p = p->next;
    if (p == NULL || p->magic != PHYS_MAGIC) {
        ERR_VALUE(f, "given", "handle", "it is not a live handle from aclrtMallocPhysical");
        return NULL;
    }
    return p;
}

ACL_FUNC_VISIBILITY aclError aclrtFreePhysical(aclrtDrvMemHandle handle)
{
    const char *f = "aclrtFreePhysical";
    pthread_mutex_lock(&g_vmm_mu);
    rt_phys *p = phys_of(f, handle);
    if (p == NULL) {
        pthread_mutex_unlock(&g_vmm_mu);
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (p->mapped) {
        pthread_mutex_unlock(&g_vmm_mu);
        ERR_VALUE(f, "given", "handle", "it is still mapped; call aclrtUnmapMem first");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    p->magic = 0;
    rt_phys **pp = &g_phys;
    while (*pp != p)
        pp = &(*pp)->next;
    *pp = p->next;
    pthread_mutex_unlock(&g_vmm_mu);
    int ret = drv_mem_free(p->drv, p->block);
    drv_device_close(p->drv);
    free(p);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(f, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                                         uint64_t flags)
{
    const char *f = "aclrtMapMem";
    if (virPtr == NULL) {
        ERR_NULL("virPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (size == 0 || !granular(size))
        return bad_size(f, "size", size, "it should be a non-zero multiple of the 2 MiB granularity");
    if (!granular(offset))
        return bad_size(f, "offset", offset, "it should be a multiple of the 2 MiB granularity");
    if ((uintptr_t)virPtr % VMM_GRANULARITY)
        return bad_size(f, "virPtr", (size_t)(uintptr_t)virPtr, "it should be aligned to the 2 MiB granularity");
    if (flags != 0) {
        ERR_VALUE(f, "non-zero", "flags", "it is unused and must be 0");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_vmm_map *m = calloc(1, sizeof *m);
    if (m == NULL)
        return rt_ret(ACL_ERROR_BAD_ALLOC);
    pthread_mutex_lock(&g_vmm_mu);
    rt_phys *p = phys_of(f, handle);
    if (p == NULL || offset > p->size || size > p->size - offset) {
        pthread_mutex_unlock(&g_vmm_mu);
        free(m);
        if (p != NULL)
            return bad_size(f, "size", size, "offset + size goes past the end of the physical memory");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = drv_vmm_map(p->drv, virPtr, size, (const char *)p->block + offset);
    if (ret == ACL_SUCCESS) {
        p->mapped++;
        m->va = virPtr;
        m->phys = p;
        m->next = g_maps;
        g_maps = m;
    } else {
        free(m);
    }
    pthread_mutex_unlock(&g_vmm_mu);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(f, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtUnmapMem(void *virPtr)
{
    const char *f = "aclrtUnmapMem";
    if (virPtr == NULL) {
        ERR_NULL("virPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&g_vmm_mu);
    rt_vmm_map **pp = &g_maps;
    while (*pp && (*pp)->va != virPtr)
        pp = &(*pp)->next;
    if (*pp == NULL) {
        pthread_mutex_unlock(&g_vmm_mu);
        ERR_VALUE(f, "given", "virPtr", "it is not the start of a mapping made by aclrtMapMem");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_vmm_map *m = *pp;
    int ret = drv_vmm_unmap(m->phys->drv, virPtr, NULL);
    if (ret == ACL_SUCCESS) {
        *pp = m->next;
        m->phys->mapped--;
        free(m);
    }
    pthread_mutex_unlock(&g_vmm_mu);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(f, ret));
}
