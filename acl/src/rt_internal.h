/* Private state of the ACL runtime: handle registry, devices, contexts, streams, events and
 * the per-thread current context. Shared by the api_*.c files only. */
#ifndef ACLEMU_RT_INTERNAL_H
#define ACLEMU_RT_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"
#include "aclemu/drv.h"
#include "aclemu_runtime.h"

/* ---- handle registry ------------------------------------------------------------------------
 * Every context, stream and event handed to the user is registered; API calls look the raw
 * pointer up before touching it, so stale or garbage handles are rejected instead of
 * dereferenced. A successful lookup takes a reference; the object is freed (its destroy hook
 * runs) when the registry reference and all lookups are gone. */
typedef enum handle_kind { HANDLE_CONTEXT = 1, HANDLE_STREAM, HANDLE_EVENT } handle_kind;

typedef struct handle_hdr {
    handle_kind kind;
    int refs;
    void (*destroy)(struct handle_hdr *h);
} handle_hdr;

void handle_register(handle_hdr *h, handle_kind kind, void (*destroy)(handle_hdr *));
/* The live object of that kind at p with a reference taken, or NULL. */
handle_hdr *handle_get(const void *p, handle_kind kind);
void handle_ref(handle_hdr *h);
void handle_put(handle_hdr *h);
/* Removes h from the registry and drops the registry's reference. False if another caller
 * already did (so exactly one destroy call wins). */
bool handle_unregister(handle_hdr *h);

/* ---- objects --------------------------------------------------------------------------------- */
typedef struct rt_stream rt_stream;
typedef struct rt_event rt_event;

typedef struct rt_context {
    handle_hdr hdr;
    int32_t devid;       /* logical device id */
    drv_device *drv;     /* this context's own reference on the device */
    bool primary;        /* the device's default context (aclrtSetDevice) */
    rt_stream *default_stream;
    pthread_mutex_t lock; /* guards the member lists */
    rt_stream *streams;  /* explicit streams, linked by next_in_ctx */
    rt_event *events;
    /* stream capture (ri_capture.c, under its lock): captures in progress per mode */
    int capture_mode_refs[3];
} rt_context;

struct rt_stream {
    handle_hdr hdr;
    rt_context *ctx;     /* referenced */
    drv_stream *drv;
    bool is_default;
    bool destroy_force;  /* release without waiting for queued tasks */
    uint32_t flags, priority;
    rt_stream *next_in_ctx;
    /* host callbacks: either subscribed to a user thread or served by our own thread */
    pthread_mutex_t cb_lock;
    bool subscribed;
    uint64_t report_thread;
    bool hostfunc;
    pthread_t hostfunc_thread;
    int hostfunc_stop;
    /* stream capture (ri_capture.c, under its lock) */
    struct aclemu_ri *capture;       /* the model runtime instance this stream records into */
    struct aclemu_task_grp *update;  /* the task group this stream updates */
};

struct rt_event {
    handle_hdr hdr;
    rt_context *ctx;     /* referenced */
    drv_event *drv;
    uint32_t flags;
    rt_event *next_in_ctx, *prev_in_ctx; /* doubly linked: a program may hold 65536 events */
    bool in_ctx;                         /* on ctx->events (under ctx->lock) */
    bool ex_mode;                        /* from aclrtCreateEventExWithFlag (capturable) */
    uint64_t capture_id;                 /* the capture that recorded it (0: none) */
    rt_stream *capture_stream;           /* the stream it was recorded on in that capture */
    uint64_t capture_rec;                /* that stream's record count then (joined streams) */
};

/* ---- runtime state ---------------------------------------------------------------------------- */
/* Loads the topology (once) and the visible-device map. ACL code. */
int rt_topology_ready(void);
/* Topology path requested by aclInit ("" = environment/default). */
void rt_set_topology_path(const char *path);
uint32_t rt_device_count(void);
int32_t rt_physical_id(int32_t logical);
const aclemu_chip_profile *rt_profile(int32_t logical);
/* Parses ASCEND_RT_VISIBLE_DEVICES against `total` devices into map; returns the count. */
uint32_t rt_parse_visible(const char *env, uint32_t total, int32_t *map);

/* Current context of the calling thread with a reference taken (implicitly setting the
 * aclInit default device when none is current), or NULL. */
rt_context *rt_current_ctx(void);
/* Same, but pushes the "no context" message and sets *code = ACL_ERROR_RT_CONTEXT_NULL. */
rt_context *rt_require_ctx(const char *func, int *code);
void rt_set_current_ctx(rt_context *ctx); /* no reference kept */

int rt_context_create(int32_t devid, bool primary, rt_context **out);
/* Destroys every stream/event of the context and unregisters it. */
void rt_context_teardown(rt_context *ctx);

int rt_stream_create(rt_context *ctx, uint32_t priority, uint32_t flags, bool is_default,
                     rt_stream **out);
/* Stops callback service and unregisters (drv stream released with the last reference). */
void rt_stream_unlink(rt_stream *s);

/* Resolves a user stream (NULL = current default) with a reference; checks the device. */
int rt_stream_resolve(const char *func, aclrtStream stream, rt_stream **out);
rt_event *rt_event_lookup(aclrtEvent event);
int rt_event_create_in(rt_context *ctx, uint32_t flags, rt_event **out);
void rt_event_unlink(rt_event *e);

void rt_set_default_device(int32_t devid); /* -1 = none */
void rt_hostfunc_stop(rt_stream *s);
/* A replay of a list holding host functions needs a callback service on s: a subscribed
 * thread, else our own (started here). ACL code, message pushed. */
int rt_hostfunc_serve_replay(const char *func, rt_stream *s);

/* ---- errors -------------------------------------------------------------------------------- */
/* Records a failing runtime call for aclrtGetLastError / aclrtPeekAtLastError. */
int rt_ret(int code);
int rt_peek_last_error(void);
void rt_clear_last_error(void);
/* Forwards a driver failure (drv_last_error) to the error store under a runtime code. */
int rt_drv_fail(const char *func, int code);

#define ERR_NULL(param) aclemu_errmsg_push("EH0002", "Argument %s must not be null.", (param))
#define ERR_VALUE(func, value, param, reason)                                                     \
    aclemu_errmsg_push("EH0009", "%s failed. Value %s for parameter %s is invalid. Reason: %s.", \
                       (func), (value), (param), (reason))
#define ERR_EXPECT(func, value, param, expect)                                                   \
    aclemu_errmsg_push("EH0007",                                                                 \
                       "%s failed because value %s for parameter %s is invalid. Expected value: " \
                       "%s.",                                                                    \
                       (func), (value), (param), (expect))
#define ERR_RT_VALUE(func, value, param, reason)                                                  \
    aclemu_errmsg_push("EE1011", "%s failed. Value %s for parameter %s is invalid. Reason: %s.", \
                       (func), (value), (param), (reason))
#define ERR_RT_SEQ(func, reason) \
    aclemu_errmsg_push("EE1018", "%s failed. Reason: %s.", (func), (reason))

#define RT_LOG(level, ...) ACLEMU_LOG((level), "RUNTIME", __VA_ARGS__)
#define ACL_LOG(level, ...) ACLEMU_LOG((level), "ASCENDCL", __VA_ARGS__)

#endif
