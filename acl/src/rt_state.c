/* Runtime state: topology and visible devices, contexts, streams, events, the per-thread
 * current context, the per-thread last error and the internal aclemu_* exports. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ri_internal.h"
#include "rt_internal.h"

/* ---- topology and visible devices ------------------------------------------------------------ */

static pthread_mutex_t topo_lock = PTHREAD_MUTEX_INITIALIZER;
static bool topo_loaded;
static char topo_path[1024];
static uint32_t visible_count;
static int32_t visible_map[ACLEMU_MAX_DEVICES]; /* logical -> physical */

uint32_t rt_parse_visible(const char *env, uint32_t total, int32_t *map)
{
    uint32_t n = 0;
    if (env == NULL || env[0] == '\0') {
        for (uint32_t i = 0; i < total && i < ACLEMU_MAX_DEVICES; i++) {
            map[n++] = (int32_t)i;
        }
        return n;
    }
    /* comma-separated ascending ids; parsing stops at the first invalid token */
    const char *p = env;
    long prev = -1;
    while (*p != '\0' && n < ACLEMU_MAX_DEVICES) {
        if (*p < '0' || *p > '9') {
            break;
        }
        long v = 0;
        while (*p >= '0' && *p <= '9' && v < 100000) {
            v = v * 10 + (*p - '0');
            p++;
        }
        if ((*p != ',' && *p != '\0') || v <= prev || v >= (long)total) {
            break;
        }
        map[n++] = (int32_t)v;
        prev = v;
        if (*p == ',') {
            p++;
        }
    }
    return n;
}

void rt_set_topology_path(const char *path)
{
    pthread_mutex_lock(&topo_lock);
    snprintf(topo_path, sizeof(topo_path), "%s", path ? path : "");
    topo_loaded = false;
    pthread_mutex_unlock(&topo_lock);
}

int rt_topology_ready(void)
{
    int ret = ACL_SUCCESS;
    pthread_mutex_lock(&topo_lock);
    if (!topo_loaded) {
        ret = drv_topology_init(topo_path[0] ? topo_path : NULL);
        if (ret == ACL_SUCCESS) {
            const aclemu_topology *t = drv_topology();
            visible_count = rt_parse_visible(getenv("ASCEND_RT_VISIBLE_DEVICES"), t->count,
                                             visible_map);
            topo_loaded = true;
        } else {
            rt_drv_fail("Loading the device topology", ret);
        }
    }
    pthread_mutex_unlock(&topo_lock);
    return ret;
}

uint32_t rt_device_count(void)
{
    return rt_topology_ready() == ACL_SUCCESS ? visible_count : 0;
}

int32_t rt_physical_id(int32_t logical)
{
    if (rt_topology_ready() != ACL_SUCCESS || logical < 0 || (uint32_t)logical >= visible_count) {
        return -1;
    }
    return visible_map[logical];
}

const aclemu_chip_profile *rt_profile(int32_t logical)
{
    int32_t phys = rt_physical_id(logical);
    return phys < 0 ? NULL : &drv_topology()->dev[phys];
}

/* ---- last error ----------------------------------------------------------------------------- */

static __thread int last_error;

int rt_ret(int code)
{
    if (code != ACL_SUCCESS) {
        last_error = code;
    }
    return code;
}

int rt_peek_last_error(void)
{
    return last_error;
}

void rt_clear_last_error(void)
{
    last_error = ACL_SUCCESS;
}

int rt_drv_fail(const char *func, int code)
{
    const char *why = drv_last_error();
    if (why == NULL || why[0] == '\0') {
        why = "the device reported an error";
    }
    if (code == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT || code == ACL_ERROR_RT_EVENT_SYNC_TIMEOUT) {
        aclemu_errmsg_push("EE1002", "Stream synchronize timeout. %s failed: %s", func, why);
    } else if (code / 100000 == 1 && code != ACL_ERROR_RT_TASK_TIMEOUT) {
        aclemu_errmsg_push("EE1001", "The argument is invalid. Reason: %s failed: %s", func, why);
    } else if (code / 100000 == 2) {
        aclemu_errmsg_push("EE1023", "%s failed. Reason: %s.", func, why);
    } else {
        aclemu_errmsg_push("EE1019", "%s failed. Reason: %s.", func, why);
    }
    return code;
}

/* ---- contexts ------------------------------------------------------------------------------- */

static void context_destroy(handle_hdr *h)
{
    rt_context *ctx = (rt_context *)h;
    if (ctx->drv != NULL) {
        drv_device_close(ctx->drv);
    }
    pthread_mutex_destroy(&ctx->lock);
    free(ctx);
}

int rt_context_create(int32_t devid, bool primary, rt_context **out)
{
    int32_t phys = rt_physical_id(devid);
    if (phys < 0) {
        return ACL_ERROR_RT_INVALID_DEVICEID;
    }
    rt_context *ctx = calloc(1, sizeof(*ctx));
    if (ctx == NULL) {
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*ctx), "calloc");
        return ACL_ERROR_BAD_ALLOC;
    }
    int ret = drv_device_open(phys, &ctx->drv);
    if (ret != ACL_SUCCESS) {
        free(ctx);
        return rt_drv_fail("Opening the device", ret);
    }
    ctx->devid = devid;
    ctx->primary = primary;
    pthread_mutex_init(&ctx->lock, NULL);
    handle_register(&ctx->hdr, HANDLE_CONTEXT, context_destroy);
    ret = rt_stream_create(ctx, 0, 0, true, &ctx->default_stream);
    if (ret != ACL_SUCCESS) {
        handle_unregister(&ctx->hdr);
        return ret;
    }
    *out = ctx;
    return ACL_SUCCESS;
}

static void event_destroy(handle_hdr *h)
{
    rt_event *e = (rt_event *)h;
    if (e->drv != NULL) {
        drv_event_destroy(e->drv);
    }
    handle_put(&e->ctx->hdr);
    free(e);
}

void rt_context_teardown(rt_context *ctx)
{
    rt_ri_context_teardown(ctx); /* its model runtime instances go first: they use its device */
    pthread_mutex_lock(&ctx->lock);
    rt_stream *streams = ctx->streams;
    rt_event *events = ctx->events;
    ctx->streams = NULL;
    ctx->events = NULL;
    for (rt_event *e = events; e != NULL; e = e->next_in_ctx) {
        e->in_ctx = false; /* a concurrent rt_event_unlink leaves the detached chain alone */
    }
    pthread_mutex_unlock(&ctx->lock);
    while (streams != NULL) {
        rt_stream *next = streams->next_in_ctx;
        streams->next_in_ctx = NULL;
        rt_hostfunc_stop(streams);
        handle_unregister(&streams->hdr);
        streams = next;
    }
    while (events != NULL) {
        rt_event *next = events->next_in_ctx;
        handle_unregister(&events->hdr);
        events = next;
    }
    if (ctx->default_stream != NULL) {
        rt_hostfunc_stop(ctx->default_stream);
        handle_unregister(&ctx->default_stream->hdr);
        ctx->default_stream = NULL;
    }
    handle_unregister(&ctx->hdr);
}

/* ---- streams -------------------------------------------------------------------------------- */

static void stream_destroy(handle_hdr *h)
{
    rt_stream *s = (rt_stream *)h;
    if (s->drv != NULL) {
        if (s->destroy_force) {
            drv_stream_destroy_force(s->drv);
        } else {
            drv_stream_destroy(s->drv);
        }
    }
    pthread_mutex_destroy(&s->cb_lock);
    handle_put(&s->ctx->hdr);
    free(s);
}

int rt_stream_create(rt_context *ctx, uint32_t priority, uint32_t flags, bool is_default,
                     rt_stream **out)
{
    rt_stream *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    int ret = drv_stream_create(ctx->drv, priority, flags, &s->drv);
    if (ret != ACL_SUCCESS) {
        free(s);
        return rt_drv_fail("Creating a stream", ret);
    }
    s->ctx = ctx;
    s->is_default = is_default;
    s->priority = priority;
    s->flags = flags;
    pthread_mutex_init(&s->cb_lock, NULL);
    handle_ref(&ctx->hdr);
    handle_register(&s->hdr, HANDLE_STREAM, stream_destroy);
    if (!is_default) {
        pthread_mutex_lock(&ctx->lock);
        s->next_in_ctx = ctx->streams;
        ctx->streams = s;
        pthread_mutex_unlock(&ctx->lock);
    }
    *out = s;
    return ACL_SUCCESS;
}

void rt_stream_unlink(rt_stream *s)
{
    rt_context *ctx = s->ctx;
    pthread_mutex_lock(&ctx->lock);
    for (rt_stream **pp = &ctx->streams; *pp != NULL; pp = &(*pp)->next_in_ctx) {
        if (*pp == s) {
            *pp = s->next_in_ctx;
            break;
        }
    }
    pthread_mutex_unlock(&ctx->lock);
    rt_hostfunc_stop(s);
    handle_unregister(&s->hdr);
}

int rt_event_create_in(rt_context *ctx, uint32_t flags, rt_event **out)
{
    rt_event *e = calloc(1, sizeof(*e));
    if (e == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    int ret = drv_event_create(ctx->drv, flags, &e->drv);
    if (ret != ACL_SUCCESS) {
        free(e);
        return rt_drv_fail("Creating an event", ret);
    }
    e->ctx = ctx;
    e->flags = flags;
    handle_ref(&ctx->hdr);
    handle_register(&e->hdr, HANDLE_EVENT, event_destroy);
    pthread_mutex_lock(&ctx->lock);
    e->next_in_ctx = ctx->events;
    e->prev_in_ctx = NULL;
    if (ctx->events != NULL) {
        ctx->events->prev_in_ctx = e;
    }
    ctx->events = e;
    e->in_ctx = true;
    pthread_mutex_unlock(&ctx->lock);
    *out = e;
    return ACL_SUCCESS;
}

void rt_event_unlink(rt_event *e)
{
    rt_context *ctx = e->ctx;
    pthread_mutex_lock(&ctx->lock);
    if (e->in_ctx) {
        if (e->prev_in_ctx != NULL) {
            e->prev_in_ctx->next_in_ctx = e->next_in_ctx;
        } else {
            ctx->events = e->next_in_ctx;
        }
        if (e->next_in_ctx != NULL) {
            e->next_in_ctx->prev_in_ctx = e->prev_in_ctx;
        }
        e->in_ctx = false;
    }
    pthread_mutex_unlock(&ctx->lock);
    handle_unregister(&e->hdr);
}

rt_event *rt_event_lookup(aclrtEvent event)
{
    return (rt_event *)handle_get(event, HANDLE_EVENT);
}

/* ---- current context ------------------------------------------------------------------------ */

static __thread rt_context *tls_ctx;
static int32_t default_device = -1;

int rt_set_device_internal(int32_t devid, rt_context **primary); /* api_device.c */

void rt_set_default_device(int32_t devid)
{
    __atomic_store_n(&default_device, devid, __ATOMIC_RELAXED);
}

void rt_set_current_ctx(rt_context *ctx)
{
    tls_ctx = ctx;
}

rt_context *rt_current_ctx(void)
{
    if (tls_ctx != NULL) {
        rt_context *ctx = (rt_context *)handle_get(tls_ctx, HANDLE_CONTEXT);
        if (ctx != NULL) {
            return ctx;
        }
        tls_ctx = NULL; /* destroyed, or its device was reset */
    }
    int32_t dd = __atomic_load_n(&default_device, __ATOMIC_RELAXED);
    if (dd >= 0) {
        rt_context *primary;
        if (rt_set_device_internal(dd, &primary) == ACL_SUCCESS) {
            tls_ctx = primary;
            return (rt_context *)handle_get(primary, HANDLE_CONTEXT);
        }
    }
    return NULL;
}

rt_context *rt_require_ctx(const char *func, int *code)
{
    rt_context *ctx = rt_current_ctx();
    if (ctx == NULL) {
        ERR_RT_SEQ(func, "no context is current in this thread; call aclrtSetDevice or "
                         "aclrtSetCurrentContext first");
        *code = ACL_ERROR_RT_CONTEXT_NULL;
    }
    return ctx;
}

int rt_stream_resolve(const char *func, aclrtStream stream, rt_stream **out)
{
    int code = ACL_SUCCESS;
    rt_context *ctx = rt_require_ctx(func, &code);
    if (ctx == NULL) {
        return code;
    }
    rt_stream *s;
    if (stream == NULL) {
        s = ctx->default_stream;
        if (s == NULL) {
            handle_put(&ctx->hdr);
            ERR_RT_SEQ(func, "the current context has no default stream");
            return ACL_ERROR_RT_CONTEXT_NULL;
        }
        handle_ref(&s->hdr);
    } else {
        s = (rt_stream *)handle_get(stream, HANDLE_STREAM);
        if (s == NULL) {
            handle_put(&ctx->hdr);
            char v[32];
            snprintf(v, sizeof(v), "%p", stream);
            ERR_VALUE(func, v, "stream", "it is not a live stream (destroyed or never created)");
            return ACL_ERROR_INVALID_PARAM;
        }
        if (s->ctx->devid != ctx->devid) {
            char why[128];
            snprintf(why, sizeof(why), "the stream belongs to device %d, the current device is %d",
                     s->ctx->devid, ctx->devid);
            aclemu_errmsg_push("EE1010",
                               "%s execution failed because %s does not belong to the current "
                               "context. Extended information: %s.",
                               func, "stream", why);
            handle_put(&s->hdr);
            handle_put(&ctx->hdr);
            return ACL_ERROR_RT_STREAM_CONTEXT;
        }
    }
    handle_put(&ctx->hdr);
    *out = s;
    return ACL_SUCCESS;
}

/* ---- internal exports ----------------------------------------------------------------------- */

ACLEMU_API int aclemu_resolve_stream(aclrtStream stream, drv_stream **out)
{
    if (out == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    rt_stream *s;
    int ret = rt_stream_resolve("Resolving the stream", stream, &s);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    *out = s->drv;
    handle_put(&s->hdr);
    return ACL_SUCCESS;
}

ACLEMU_API const aclemu_chip_profile *aclemu_current_profile(void)
{
    static aclemu_chip_profile empty;
    const aclemu_chip_profile *p = NULL;
    if (tls_ctx != NULL) {
        rt_context *ctx = rt_current_ctx();
        if (ctx != NULL) {
            p = drv_device_profile(ctx->drv);
            handle_put(&ctx->hdr);
        }
    }
    if (p == NULL) {
        p = rt_profile(0);
    }
    return p != NULL ? p : &empty;
}

ACLEMU_API int aclemu_device_alloc_of(const void *ptr, void **base, size_t *size)
{
    int32_t phys;
    return ptr != NULL && drv_mem_lookup(ptr, &phys, base, size);
}

ACLEMU_API void *aclemu_host_view(const void *devptr, size_t len)
{
    int32_t phys;
    void *base;
    size_t size;
    if (devptr == NULL || !drv_mem_lookup(devptr, &phys, &base, &size)) {
        return NULL;
    }
    /* any open handle of that device maps the whole arena */
    rt_context *ctx = rt_current_ctx();
    void *view = NULL;
    if (ctx != NULL && drv_device_id(ctx->drv) == phys) {
        view = drv_mem_host_view(ctx->drv, devptr, len);
    } else {
        drv_device *d;
        if (drv_device_open(phys, &d) == ACL_SUCCESS) {
            view = drv_mem_host_view(d, devptr, len);
            drv_device_close(d); /* another reference keeps the device open: it has memory */
        }
    }
    handle_put(ctx ? &ctx->hdr : NULL);
    return view;
}
