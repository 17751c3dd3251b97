/* Resolving and calling the aclnn layer from the aclop path (see aclnn_bridge.h). */
#include "aclnn_bridge.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"

static pthread_once_t nn_once = PTHREAD_ONCE_INIT;
static void *nn_handle;      /* libopapi.so, or RTLD_DEFAULT when the program linked it */
static aclop_nn nn_api;
static int nn_ok;
static char nn_why[512];

static void *open_opapi(void)
{
    const char *env = getenv("ACLEMU_OPAPI_LIB");
    if (env && *env)
        return dlopen(env, RTLD_NOW | RTLD_GLOBAL);
    Dl_info info;
    if (dladdr((void *)open_opapi, &info) && info.dli_fname) {
        char path[PATH_MAX];
        snprintf(path, sizeof(path), "%s", info.dli_fname);
        char *slash = strrchr(path, '/');
        if (slash) {
            snprintf(slash + 1, sizeof(path) - (size_t)(slash + 1 - path), "libopapi.so");
            void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
            if (h)
                return h;
        }
    }
    return dlopen("libopapi.so", RTLD_NOW | RTLD_GLOBAL);
}

static void nn_load(void)
{
    /* Already in the process (the program links libopapi / libnnopbase)? */
    if (dlsym(RTLD_DEFAULT, "aclCreateTensor") && dlsym(RTLD_DEFAULT, "aclnnAddGetWorkspaceSize")) {
        nn_handle = RTLD_DEFAULT;
    } else {
        nn_handle = open_opapi();
        if (nn_handle == NULL) {
            const char *e = dlerror();
            snprintf(nn_why, sizeof(nn_why), "cannot load the operator library libopapi.so (%s)", e ? e : "not found");
            return;
        }
    }
    nn_api.create_tensor = dlsym(nn_handle, "aclCreateTensor");
    nn_api.destroy_tensor = dlsym(nn_handle, "aclDestroyTensor");
    nn_api.create_scalar = dlsym(nn_handle, "aclCreateScalar");
    nn_api.destroy_scalar = dlsym(nn_handle, "aclDestroyScalar");
    nn_api.create_int_array = dlsym(nn_handle, "aclCreateIntArray");
    nn_api.destroy_int_array = dlsym(nn_handle, "aclDestroyIntArray");
    if (!nn_api.create_tensor || !nn_api.destroy_tensor || !nn_api.create_scalar || !nn_api.destroy_scalar ||
        !nn_api.create_int_array || !nn_api.destroy_int_array) {
        snprintf(nn_why, sizeof(nn_why), "libnnopbase.so lacks the aclnn meta API (aclCreateTensor ...)");
        return;
    }
    nn_ok = 1;
}

const aclop_nn *aclop_nn_get(const aclop_call *c)
{
    pthread_once(&nn_once, nn_load);
    if (!nn_ok) {
        aclop_fail(c, ACL_ERROR_KERNEL_NOT_FOUND, "op %s cannot run: %s", c->spec->type, nn_why);
        return NULL;
    }
    return &nn_api;
}

void *aclop_nn_sym(const char *name)
{
    pthread_once(&nn_once, nn_load);
    return nn_ok ? dlsym(nn_handle, name) : NULL;
}

aclTensor *aclop_nn_tensor(const aclop_nn *nn, aclDataType dt, aclFormat fmt, size_t ndims, const int64_t *dims,
                           void *addr)
{
    int64_t strides[ACLOP_MAX_DIMS];
    int64_t s = 1;
    for (size_t i = ndims; i-- > 0;) {
        strides[i] = s;
        s *= dims[i] > 0 ? dims[i] : 1;
    }
    /* aclnn takes ND for anything that is not a conv/pool layout */
    if (fmt == ACL_FORMAT_UNDEFINED)
        fmt = ACL_FORMAT_ND;
    return nn->create_tensor(dims, ndims, dt, strides, 0, fmt, dims, ndims, addr);
}

aclTensor *aclop_nn_input(const aclop_nn *nn, const aclop_call *c, int k)
{
    const aclTensorDesc *d = c->in[k];
    return aclop_nn_tensor(nn, d->dtype, d->format, d->ndims, d->dims, c->in_addr[k]);
}

aclTensor *aclop_nn_output(const aclop_nn *nn, const aclop_call *c, int k)
{
    const aclop_tinfo *t = &c->inferred[k];
    return aclop_nn_tensor(nn, t->dtype, t->format, t->ndims, t->dims, c->out_addr[k]);
}

void *aclop_nn_stage1(const aclop_call *c, const char *api)
{
    char name[128];
    snprintf(name, sizeof(name), "%sGetWorkspaceSize", api);
    void *f = aclop_nn_sym(name);
    if (f == NULL)
        aclop_fail(c, ACL_ERROR_KERNEL_NOT_FOUND,
                   "op %s runs on %s, which the loaded operator library does not provide", c->spec->type, api);
    return f;
}

/* ---- workspace: one growing device buffer per stream ----------------------------------- */
#define WS_SLOTS 16
static struct ws_slot {
    drv_stream *stream;
    void *mem;
    uint64_t size;
    uint64_t last_use;
} ws_slots[WS_SLOTS];
static uint64_t ws_clock;
static pthread_mutex_t ws_lock = PTHREAD_MUTEX_INITIALIZER;

static int workspace_for(const aclop_call *c, uint64_t need, void **out)
{
    *out = NULL;
    if (need == 0)
        return ACL_SUCCESS;
    drv_stream *ds;
    int rc = aclemu_resolve_stream(c->stream, &ds);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&ws_lock);
    struct ws_slot *slot = NULL, *oldest = &ws_slots[0];
    for (int k = 0; k < WS_SLOTS; k++) {
        if (ws_slots[k].stream == ds)
            slot = &ws_slots[k];
        if (ws_slots[k].last_use < oldest->last_use)
            oldest = &ws_slots[k];
    }
    /* a device reset frees everything: only trust memory the runtime still knows */
    if (slot && slot->mem && aclemu_host_view(slot->mem, slot->size) == NULL) {
        slot->mem = NULL;
        slot->size = 0;
    }
    if (slot == NULL) {
        slot = oldest;
        if (slot->mem && aclemu_host_view(slot->mem, slot->size)) {
            /* the evicted stream may still use it: drain the device before freeing */
            aclrtSynchronizeDevice();
            aclrtFree(slot->mem);
        }
        memset(slot, 0, sizeof(*slot));
        slot->stream = ds;
    }
    if (slot->size < need) {
        if (slot->mem) {
            /* earlier launches on this stream may still read it */
            aclrtSynchronizeStream(c->stream);
            aclrtFree(slot->mem);
            slot->mem = NULL;
            slot->size = 0;
        }
        uint64_t size = need < (1u << 20) ? (1u << 20) : need;
        rc = aclrtMalloc(&slot->mem, size, ACL_MEM_MALLOC_HUGE_FIRST);
        if (rc != ACL_SUCCESS) {
            slot->mem = NULL;
            pthread_mutex_unlock(&ws_lock);
            return rc;
        }
        slot->size = size;
    }
    slot->last_use = ++ws_clock;
    *out = slot->mem;
    pthread_mutex_unlock(&ws_lock);
    return ACL_SUCCESS;
}

static int map_status(const aclop_call *c, const char *api, aclnnStatus st)
{
    int code;
    if (st == ACLNN_ERR_PARAM_NULLPTR || st == ACLNN_ERR_PARAM_INVALID)
        code = ACL_ERROR_INVALID_PARAM;
    else if (st >= 100000 && st < 600000 && st / 1000 != 161 && st / 1000 != 361 && st / 1000 != 561)
        code = st; /* already an ACL / runtime code */
    else
        code = ACL_ERROR_FAILURE;
    return aclop_fail(c, code, "op %s: %s returned %d", c->spec->type, api, (int)st);
}

int aclop_nn_launch(const aclop_call *c, const char *api, aclnnStatus st, uint64_t ws_size, aclOpExecutor *ex)
{
    char name[128];
    if (st != ACLNN_SUCCESS) {
        snprintf(name, sizeof(name), "%sGetWorkspaceSize", api);
        return map_status(c, name, st);
    }
    aclnnStatus (*run)(void *, uint64_t, aclOpExecutor *, aclrtStream) = aclop_nn_sym(api);
    if (run == NULL)
        return aclop_fail(c, ACL_ERROR_KERNEL_NOT_FOUND, "op %s: the operator library lacks %s", c->spec->type, api);
    void *ws = NULL;
    aclemu_user_allocator ua;
    if (ws_size > 0 && aclemu_stream_allocator(c->stream, &ua)) {
        /* a user allocator on this stream (aclrtAllocatorRegister) provides the workspace: the
         * block goes back to it once the launch is queued (its pool is stream-ordered) */
        void *block = ua.alloc(ua.obj, (size_t)ws_size);
        ws = block ? ua.addr(block) : NULL;
        if (ws == NULL || aclemu_host_view(ws, ws_size) == NULL) {
            if (block)
                ua.free(ua.obj, block);
            return aclop_fail(c, ACL_ERROR_BAD_ALLOC,
                              "op %s: the allocator registered on the stream gave no device block of %llu bytes",
                              c->spec->type, (unsigned long long)ws_size);
        }
        st = run(ws, ws_size, ex, c->stream);
        ua.free(ua.obj, block);
        return st == ACLNN_SUCCESS ? ACL_SUCCESS : map_status(c, api, st);
    }
    int rc = workspace_for(c, ws_size, &ws);
    if (rc != ACL_SUCCESS)
        return rc;
    st = run(ws, ws_size, ex, c->stream);
    return st == ACLNN_SUCCESS ? ACL_SUCCESS : map_status(c, api, st);
}
