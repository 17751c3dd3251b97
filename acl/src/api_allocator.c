/* User allocators (acl_rt_allocator.h): a descriptor holds the user's allocator object and its
 * callbacks; registering it on a stream copies the callbacks into a per-stream registry (the
 * last registration wins, unregistering an unknown stream is a no-op). Single-operator
 * execution on that stream (aclopExecuteV2 & co.) takes its workspace from the registered
 * allocator: a block is allocated before the launch and handed back after it, stream-ordered. */
#include <pthread.h>
#include <stdlib.h>

#include "acl/acl_rt_allocator.h"
#include "aclemu_runtime.h"
#include "rt_internal.h"

typedef struct alloc_desc {
    aclrtAllocator obj;
    aclrtAllocatorAllocFunc alloc;
    aclrtAllocatorFreeFunc free;
    aclrtAllocatorAllocAdviseFunc advise;
    aclrtAllocatorGetAddrFromBlockFunc addr;
} alloc_desc;

typedef struct alloc_reg {
    aclrtStream stream;
    aclrtAllocatorDesc desc; /* the handle the user registered, returned by GetByStream */
    alloc_desc copy;         /* its callbacks at registration time */
    struct alloc_reg *next;
} alloc_reg;

static alloc_reg *g_regs;
static pthread_mutex_t g_reg_lock = PTHREAD_MUTEX_INITIALIZER;

ACL_FUNC_VISIBILITY aclrtAllocatorDesc aclrtAllocatorCreateDesc(void)
{
    alloc_desc *d = calloc(1, sizeof(*d));
    return (aclrtAllocatorDesc)d;
}

ACL_FUNC_VISIBILITY aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc)
{
    if (allocatorDesc == NULL) {
        ERR_NULL("allocatorDesc");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    free(allocatorDesc);
    return ACL_SUCCESS;
}

#define SETTER(NAME, TYPE, FIELD, PNAME)                                  \
    ACL_FUNC_VISIBILITY aclError NAME(aclrtAllocatorDesc allocatorDesc, TYPE v) \
    {                                                                     \
        if (allocatorDesc == NULL) {                                      \
            ERR_NULL("allocatorDesc");                                    \
            return rt_ret(ACL_ERROR_INVALID_PARAM);                       \
        }                                                                 \
        if (v == NULL) {                                                  \
            ERR_NULL(PNAME);                                              \
            return rt_ret(ACL_ERROR_INVALID_PARAM);                       \
        }                                                                 \
        ((alloc_desc *)allocatorDesc)->FIELD = v;                         \
        return ACL_SUCCESS;                                               \
    }

SETTER(aclrtAllocatorSetObjToDesc, aclrtAllocator, obj, "allocator")
SETTER(aclrtAllocatorSetAllocFuncToDesc, aclrtAllocatorAllocFunc, alloc, "func")
SETTER(aclrtAllocatorSetFreeFuncToDesc, aclrtAllocatorFreeFunc, free, "func")
SETTER(aclrtAllocatorSetAllocAdviseFuncToDesc, aclrtAllocatorAllocAdviseFunc, advise, "func")
SETTER(aclrtAllocatorSetGetAddrFromBlockFuncToDesc, aclrtAllocatorGetAddrFromBlockFunc, addr, "func")

static alloc_reg **find_locked(aclrtStream stream)
{
    alloc_reg **p = &g_regs;
    while (*p != NULL && (*p)->stream != stream)
        p = &(*p)->next;
    return p;
}

ACL_FUNC_VISIBILITY aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc)
{
    if (stream == NULL) {
        ERR_NULL("stream");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (allocatorDesc == NULL) {
        ERR_NULL("allocatorDesc");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    const alloc_desc *d = allocatorDesc;
    const char *missing = d->obj == NULL     ? "allocatorDesc->obj"
                          : d->alloc == NULL ? "allocatorDesc->allocFunc"
                          : d->free == NULL  ? "allocatorDesc->freeFunc"
                          : d->addr == NULL  ? "allocatorDesc->getAddrFromBlockFunc"
                                             : NULL;
    if (missing != NULL) {
        ERR_NULL(missing);
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&g_reg_lock);
    alloc_reg **p = find_locked(stream);
    if (*p == NULL) {
        *p = calloc(1, sizeof(**p));
        if (*p == NULL) {
            pthread_mutex_unlock(&g_reg_lock);
            return rt_ret(ACL_ERROR_BAD_ALLOC);
        }
        (*p)->stream = stream;
    }
    (*p)->desc = allocatorDesc;
    (*p)->copy = *d;
    pthread_mutex_unlock(&g_reg_lock);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtAllocatorGetByStream(
    aclrtStream stream, aclrtAllocatorDesc *allocatorDesc, aclrtAllocator *allocator,
    aclrtAllocatorAllocFunc *allocFunc, aclrtAllocatorFreeFunc *freeFunc,
    aclrtAllocatorAllocAdviseFunc *allocAdviseFunc, aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc)
{
    if (allocatorDesc == NULL) {
        ERR_NULL("allocatorDesc");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (stream == NULL) {
        ERR_NULL("stream");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&g_reg_lock);
    alloc_reg *r = *find_locked(stream);
    if (r == NULL) {
        pthread_mutex_unlock(&g_reg_lock);
        ERR_VALUE("aclrtAllocatorGetByStream", "stream", "stream",
                  "The stream is not registered with any allocator");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *allocatorDesc = r->desc;
    if (allocator)
        *allocator = r->copy.obj;
    if (allocFunc)
        *allocFunc = r->copy.alloc;
    if (freeFunc)
        *freeFunc = r->copy.free;
    if (allocAdviseFunc)
        *allocAdviseFunc = r->copy.advise;
    if (getAddrFromBlockFunc)
        *getAddrFromBlockFunc = r->copy.addr;
    pthread_mutex_unlock(&g_reg_lock);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtAllocatorUnregister(aclrtStream stream)
{
    if (stream == NULL) {
        ERR_NULL("stream");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&g_reg_lock);
    alloc_reg **p = find_locked(stream);
    if (*p != NULL) {
        alloc_reg *r = *p;
        *p = r->next;
        free(r);
    }
    pthread_mutex_unlock(&g_reg_lock);
    return ACL_SUCCESS;
}

/* For the runtime's own users (single-op workspace): the allocator registered on stream. */
ACLEMU_API bool aclemu_stream_allocator(aclrtStream stream, aclemu_user_allocator *out)
{
    if (stream == NULL)
        return false;
    pthread_mutex_lock(&g_reg_lock);
    alloc_reg *r = *find_locked(stream);
    if (r != NULL) {
        out->obj = r->copy.obj;
        out->alloc = r->copy.alloc;
        out->free = r->copy.free;
        out->addr = r->copy.addr;
    }
    pthread_mutex_unlock(&g_reg_lock);
    return r != NULL;
}
