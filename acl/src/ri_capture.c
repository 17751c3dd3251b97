/* Model runtime instances: the capture state of streams, the capture-mode rules, replay and
 * destruction. The public aclmdlRI* entry points are in api_mdl_ri.c. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ri_capture.h"

/* Guards every capture field: rt_stream.capture/.update, rt_context.capture_mode_refs,
 * rt_event.capture_id, the instance list and the instances' state. */
static pthread_mutex_t ri_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_ri *ri_list;
static uint32_t ri_next_id = 1;
static uint64_t capture_next_id = 1;
/* Captures in progress (public ones, which bring mode rules): zero keeps the checks free. */
static _Atomic int captures_active;

/* This thread's captures per mode, and the mode aclmdlRICaptureThreadExchangeMode set. */
static __thread int tls_mode_refs[3];
static __thread int tls_exchange_mode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;

#define MODE_NONE 3 /* "no capture" in the min-of-modes below */

void ri_lock_acquire(void) { pthread_mutex_lock(&ri_lock); }
void ri_lock_release(void) { pthread_mutex_unlock(&ri_lock); }

const char *ri_mode_name(int mode)
{
    switch (mode) {
    case ACL_MODEL_RI_CAPTURE_MODE_GLOBAL: return "ACL_MODEL_RI_CAPTURE_MODE_GLOBAL";
    case ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL: return "ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL";
    case ACL_MODEL_RI_CAPTURE_MODE_RELAXED: return "ACL_MODEL_RI_CAPTURE_MODE_RELAXED";
    default: return "none";
    }
}

static uint64_t thread_id(void) { return (uint64_t)syscall(SYS_gettid); }

/* ---- instances ------------------------------------------------------------------------------ */
aclemu_ri *ri_first_locked(void) { return ri_list; }

aclemu_ri *ri_lookup_locked(const void *p)
{
    for (aclemu_ri *r = ri_list; r != NULL; r = r->next) {
        if (r == p) {
            return r;
        }
    }
    return NULL;
}

aclemu_ri *ri_new_locked(rt_context *ctx, drv_graph *g)
{
    aclemu_ri *ri = calloc(1, sizeof(*ri));
    if (ri == NULL) {
        return NULL;
    }
    ri->id = ri_next_id++;
    ri->ctx = ctx;
    handle_ref(&ctx->hdr);
    ri->graph = g;
    ri->next = ri_list;
    ri_list = ri;
    return ri;
}

static void ri_unlink_locked(aclemu_ri *ri)
{
    for (aclemu_ri **pp = &ri_list; *pp != NULL; pp = &(*pp)->next) {
        if (*pp == ri) {
            *pp = ri->next;
            return;
        }
    }
}

/* Frees an unlinked instance whose graph has no launch in flight (or is gone). */
void ri_build_unbind_locked(aclemu_ri *ri)
{
    if (ri->origin == NULL) {
        return;
    }
    if (ri->recording) {
        drv_stream_capture_end(ri->origin->drv);
        ri->origin->capture = NULL;
        ri->recording = false;
    }
    handle_put(&ri->origin->hdr);
    ri->origin = NULL;
}

void ri_run_destroy_cbs(aclemu_ri *ri)
{
    for (uint32_t i = 0; i < ri->ncbs; i++) {
        ri->cbs[i].fn(ri->cbs[i].ud);
    }
    free(ri->cbs);
    ri->cbs = NULL;
    ri->ncbs = 0;
}

static void ri_free(aclemu_ri *ri)
{
    ri_run_destroy_cbs(ri);
    for (uint32_t i = 0; i < ri->ntasks; i++) {
        free(ri->tasks[i].args);
    }
    free(ri->tasks);
    free(ri->mstreams);
    while (ri->groups != NULL) {
        aclemu_task_grp *n = ri->groups->next;
        free(ri->groups);
        ri->groups = n;
    }
    handle_put(&ri->ctx->hdr);
    free(ri);
}

aclemu_task_grp *ri_group_lookup_locked(const void *p)
{
    for (aclemu_ri *r = ri_list; r != NULL; r = r->next) {
        for (aclemu_task_grp *g = r->groups; g != NULL; g = g->next) {
            if (g == p) {
                return g;
            }
        }
    }
    return NULL;
}

uint32_t aclemu_ri_task_count(const aclemu_ri *ri)
{
    return ri != NULL ? drv_graph_task_count(ri->graph) : 0;
}

/* ---- capture begin / end ------------------------------------------------------------------- */
/* Leaves the capture state (stream, modes) of ri; caller holds ri_lock. */
static void capture_exit_locked(aclemu_ri *ri, bool on_this_thread)
{
    for (int i = 0; i < ri->njoined; i++) {
        drv_stream_capture_end(ri->joined[i]->drv);
        ri->joined[i]->capture = NULL;
        handle_put(&ri->joined[i]->hdr);
    }
    ri->njoined = 0;
    if (ri->origin != NULL) {
        drv_stream_capture_end(ri->origin->drv);
        ri->origin->capture = NULL;
        handle_put(&ri->origin->hdr);
        ri->origin = NULL;
    }
    if (ri->counted) {
        ri->ctx->capture_mode_refs[ri->mode]--;
        atomic_fetch_sub(&captures_active, 1);
        if (on_this_thread && tls_mode_refs[ri->mode] > 0) {
            tls_mode_refs[ri->mode]--;
        }
        ri->counted = false;
    }
    ri->state = RI_READY;
}

int ri_capture_begin_locked(rt_stream *s, int mode, bool counted, aclemu_ri **out)
{
    drv_graph *g;
    int ret = drv_graph_create(s->ctx->drv, &g);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    aclemu_ri *ri = ri_new_locked(s->ctx, g);
    if (ri == NULL) {
        drv_graph_destroy(g, 0);
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*ri), "calloc");
        return ACL_ERROR_BAD_ALLOC;
    }
    ret = drv_stream_capture_begin(s->drv, g);
    if (ret != ACL_SUCCESS) {
        ri_unlink_locked(ri);
        drv_graph_destroy(g, 0);
        ri_free(ri);
        return ret;
    }
    ri->state = RI_CAPTURING;
    ri->mode = mode;
    ri->capture_id = capture_next_id++;
    ri->begin_thread = thread_id();
    ri->origin = s;
    handle_ref(&s->hdr);
    s->capture = ri;
    if (counted) {
        ri->counted = true;
        s->ctx->capture_mode_refs[mode]++;
        tls_mode_refs[mode]++;
        atomic_fetch_add(&captures_active, 1);
    }
    *out = ri;
    return ACL_SUCCESS;
}

/* Ends the capture of s: the finished instance in *out, or a code (the capture is discarded). */
int ri_capture_end_locked(const char *func, rt_stream *s, bool check_thread, aclemu_ri **out)
{
    aclemu_ri *ri = s->capture;
    int ret = ACL_SUCCESS;
    if (ri->origin != s) {
        /* a stream that joined the capture: the origin ends it (the capture goes on) */
        aclemu_errmsg_push("EE1016", "%s failed. Reason: The capture was not initiated in this "
                           "stream (stream_id=%d).", func, (int)drv_stream_id(s->drv));
        return ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED;
    }
    int unjoined = -1;
    for (int i = 0; i < ri->njoined && unjoined < 0; i++) {
        if (ri->joined_rec[i] == 0 || ri->joined_waited[i] != ri->joined_rec[i]) {
            unjoined = (int)drv_stream_id(ri->joined[i]->drv);
        }
    }
    if (check_thread && ri->mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED &&
        ri->begin_thread != thread_id()) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the capture of stream %d began on thread "
                           "%llu in mode %s and must end on that thread, not on %llu.", func,
                           (int)drv_stream_id(s->drv), (unsigned long long)ri->begin_thread,
                           ri_mode_name(ri->mode), (unsigned long long)thread_id());
        ret = ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD;
    } else if (ri->invalidated || drv_graph_failed(ri->graph)) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: The current stream (stream_id=%d, "
                           "model_id=%u) is invalid because an error occurred during model "
                           "capture.", func, (int)drv_stream_id(s->drv), ri->id);
        ret = ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED;
    } else if (unjoined >= 0) {
        aclemu_errmsg_push("EE1017", "%s failed. Parameter stream is invalid. Reason: stream %d "
                           "joined the capture but was not joined back to the origin stream %d "
                           "(record an event on it last and wait for that event on the origin "
                           "stream).", func, unjoined, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_UNJOINED;
    } else if (ri->group_open) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: a task group begun with "
                           "aclmdlRICaptureTaskGrpBegin on stream %d was not ended.", func,
                           (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    }
    bool same_thread = ri->begin_thread == thread_id();
    capture_exit_locked(ri, same_thread);
    if (ret == ACL_SUCCESS) {
        ret = drv_graph_finalize(ri->graph);
        if (ret != ACL_SUCCESS) {
            rt_drv_fail(func, ret);
        }
    }
    if (ret != ACL_SUCCESS) {
        ri_unlink_locked(ri);
        drv_graph_destroy(ri->graph, -1);
        ri_free(ri);
        return ret;
    }
    *out = ri;
    return ACL_SUCCESS;
}

/* ---- replay and destruction ------------------------------------------------------------------ */
static int stale_ri(const char *func, const void *p)
{
    char v[32];
    snprintf(v, sizeof(v), "%p", p);
    ERR_VALUE(func, v, "modelRI", "it is not a live model runtime instance (destroyed or never "
              "created)");
    return ACL_ERROR_INVALID_PARAM;
}

int ri_launch(const char *func, aclemu_ri *handle, rt_stream *s)
{
    pthread_mutex_lock(&ri_lock);
    int ret = ACL_SUCCESS;
    aclemu_ri *ri = ri_lookup_locked(handle);
    if (ri == NULL || ri->destroying) {
        ret = stale_ri(func, handle);
    } else if (ri->state == RI_CAPTURING) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model runtime instance (model_id=%u) "
                           "is still capturing; end the capture first.", func, ri->id);
        ret = ACL_ERROR_RT_MODEL_CAPTURED;
    } else if (ri->state == RI_BUILDING) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model runtime instance (model_id=%u) "
                           "is still being built; call aclmdlRIBuildEnd first.", func, ri->id);
        ret = ACL_ERROR_RT_PARAM_INVALID;
    } else if (s->capture != NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream (stream_id=%d) during the "
                           "capture stage is not supported.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_CAPTURED;
    } else if (s->ctx->devid != ri->ctx->devid) {
        aclemu_errmsg_push("EE1010", "%s execution failed because %s does not belong to the "
                           "current context. Extended information: %s.", func, "stream",
                           "the stream and the model runtime instance are on different devices");
        ret = ACL_ERROR_RT_STREAM_CONTEXT;
    } else {
        ri->launching++; /* keeps destroy from freeing the graph under the enqueue */
    }
    pthread_mutex_unlock(&ri_lock);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    /* recorded host functions run on the replaying stream's callback service */
    if (drv_graph_host_fn_count(ri->graph) > 0) {
        ret = rt_hostfunc_serve_replay(func, s);
    }
    if (ret == ACL_SUCCESS) {
        ret = drv_graph_launch(ri->graph, s->drv);
        if (ret != ACL_SUCCESS) {
            rt_drv_fail(func, ret);
        }
    }
    pthread_mutex_lock(&ri_lock);
    ri->launching--;
    pthread_mutex_unlock(&ri_lock);
    return ret;
}

#define DESTROY_WAIT_MS 10000 /* the real runtime waits as long for a running instance */

int ri_destroy(const char *func, aclemu_ri *handle)
{
    pthread_mutex_lock(&ri_lock);
    aclemu_ri *ri = ri_lookup_locked(handle);
    if (ri == NULL) {
        pthread_mutex_unlock(&ri_lock);
        return stale_ri(func, handle);
    }
    if (ri->state == RI_CAPTURING) {
        pthread_mutex_unlock(&ri_lock);
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Model is in capture mode and cannot be "
                           "destroyed, model_id=%u.", func, ri->id);
        return ACL_ERROR_RT_MODEL_CAPTURED;
    }
    if (ri->launching > 0 || ri->destroying) {
        pthread_mutex_unlock(&ri_lock);
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model runtime instance (model_id=%u) "
                           "is being launched or destroyed by another thread.", func, ri->id);
        return ACL_ERROR_RT_MODEL_RUNNING;
    }
    ri->destroying = true;
    if (ri->state == RI_BUILDING) {
        ri_build_unbind_locked(ri);
    }
    pthread_mutex_unlock(&ri_lock);
    int ret = drv_graph_destroy(ri->graph, DESTROY_WAIT_MS);
    pthread_mutex_lock(&ri_lock);
    if (ret == ACL_ERROR_RT_MODEL_RUNNING) {
        ri->destroying = false;
        pthread_mutex_unlock(&ri_lock);
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Model is still running and cannot be "
                           "destroyed, model_id=%u.", func, ri->id);
        return ret;
    }
    ri_unlink_locked(ri);
    ri_build_unbind_locked(ri);
    pthread_mutex_unlock(&ri_lock);
    ri_free(ri);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_drv_fail(func, ret);
}

void rt_ri_context_teardown(rt_context *ctx)
{
    for (;;) {
        pthread_mutex_lock(&ri_lock);
        aclemu_ri *ri = ri_list;
        while (ri != NULL && ri->ctx != ctx) {
            ri = ri->next;
        }
        if (ri == NULL) {
            pthread_mutex_unlock(&ri_lock);
            return;
        }
        if (ri->state == RI_CAPTURING) {
            capture_exit_locked(ri, ri->begin_thread == thread_id());
        }
        ri_build_unbind_locked(ri);
        ri_unlink_locked(ri);
        pthread_mutex_unlock(&ri_lock);
        drv_graph_destroy(ri->graph, -1);
        ri_free(ri);
    }
}

/* ---- the model loader's direct build ---------------------------------------------------------- */
int aclemu_ri_build_begin(aclrtStream stream)
{
    rt_stream *s;
    int ret = rt_stream_resolve("aclemu_ri_build_begin", stream, &s);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    pthread_mutex_lock(&ri_lock);
    aclemu_ri *ri = NULL;
    if (s->capture != NULL || s->update != NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream is already in capture status.",
                           "aclemu_ri_build_begin");
        ret = ACL_ERROR_RT_STREAM_CAPTURED;
    } else {
        ret = ri_capture_begin_locked(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED, false, &ri);
    }
    pthread_mutex_unlock(&ri_lock);
    handle_put(&s->hdr);
    return ret;
}

int aclemu_ri_build_end(aclrtStream stream, aclemu_ri **out)
{
    rt_stream *s;
    int ret = rt_stream_resolve("aclemu_ri_build_end", stream, &s);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    pthread_mutex_lock(&ri_lock);
    if (s->capture == NULL) {
        ERR_RT_SEQ("aclemu_ri_build_end", "the stream is not building a task list");
        ret = ACL_ERROR_RT_STREAM_NOT_CAPTURED;
    } else {
        ret = ri_capture_end_locked("aclemu_ri_build_end", s, false, out);
    }
    pthread_mutex_unlock(&ri_lock);
    handle_put(&s->hdr);
    return ret;
}

int aclemu_ri_launch(aclemu_ri *ri, aclrtStream stream)
{
    rt_stream *s;
    int ret = rt_stream_resolve("aclemu_ri_launch", stream, &s);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    ret = ri_launch("aclemu_ri_launch", ri, s);
    handle_put(&s->hdr);
    return ret;
}

int aclemu_ri_destroy(aclemu_ri *ri)
{
    return ri_destroy("aclemu_ri_destroy", ri);
}

/* ---- capture-mode rules ----------------------------------------------------------------------- */
static int min_mode(const int refs[3])
{
    for (int m = 0; m < 3; m++) {
        if (refs[m] > 0) {
            return m;
        }
    }
    return MODE_NONE;
}

int ri_exchange_mode(int mode)
{
    int old = tls_exchange_mode;
    tls_exchange_mode = mode;
    return old;
}

int rt_capture_check_unsafe(const char *func, int refused_code)
{
    if (atomic_load_explicit(&captures_active, memory_order_relaxed) == 0) {
        return ACL_SUCCESS;
    }
    rt_context *ctx = rt_current_ctx();
    if (ctx == NULL) {
        return ACL_SUCCESS;
    }
    pthread_mutex_lock(&ri_lock);
    int ctx_mode = min_mode(ctx->capture_mode_refs);
    pthread_mutex_unlock(&ri_lock);
    handle_put(&ctx->hdr);
    int thr_mode = min_mode(tls_mode_refs);
    int exch = tls_exchange_mode;
    bool refused = false;
    if (ctx_mode != MODE_NONE && exch != ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        if (exch == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) {
            refused = ctx_mode == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
                      thr_mode == ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
        } else { /* THREAD_LOCAL */
            refused = thr_mode == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
                      thr_mode == ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
        }
    }
    if (!refused) {
        return ACL_SUCCESS;
    }
    const char *what = refused_code == ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC
                           ? "the operation has been converted to a synchronous operation. "
                           : "";
    if (thr_mode == MODE_NONE) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: %sOther threads of the current context are "
                           "in the capture state. As a result, the current operation cannot be "
                           "performed on thread %llu. To perform this operation in the current "
                           "thread, call aclmdlRICaptureThreadExchangeMode to change the capture "
                           "mode of the current thread. The mode set using the "
                           "aclmdlRICaptureBegin API is %d, and the mode set using the "
                           "aclmdlRICaptureThreadExchangeMode API is %d.", func, what,
                           (unsigned long long)thread_id(), ctx_mode, exch);
    } else {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: %sThe current thread %llu is in the "
                           "capture state and the current operation cannot be performed. Check "
                           "whether the mode set by the aclmdlRICaptureBegin API supports the "
                           "current operation. This operation is supported only in the RELAXED "
                           "mode. The mode set using the aclmdlRICaptureBegin API is %d, the "
                           "capture mode of the current thread is %d, and the mode set using the "
                           "aclmdlRICaptureThreadExchangeMode API is %d.", func, what,
                           (unsigned long long)thread_id(), ctx_mode, thr_mode, exch);
    }
    RT_LOG(ACLEMU_LOG_ERROR, "operation not permitted when a stream is capturing and the "
           "specified capture mode is not relaxed, ret=%d", refused_code);
    return refused_code;
}

bool rt_stream_capturing(rt_stream *s)
{
    pthread_mutex_lock(&ri_lock);
    bool c = s->capture != NULL;
    pthread_mutex_unlock(&ri_lock);
    return c;
}

int rt_capture_refuse_stream(const char *func, rt_stream *s)
{
    pthread_mutex_lock(&ri_lock);
    bool capturing = s->capture != NULL && s->capture->counted;
    pthread_mutex_unlock(&ri_lock);
    if (!capturing) {
        return ACL_SUCCESS;
    }
    aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream (stream_id=%d) during the capture "
                       "stage is not supported.", func, (int)drv_stream_id(s->drv));
    return ACL_ERROR_RT_STREAM_CAPTURED;
}

int rt_capture_refuse_ctx(const char *func, rt_context *ctx)
{
    if (atomic_load_explicit(&captures_active, memory_order_relaxed) == 0) {
        return ACL_SUCCESS;
    }
    int stream_id = -1;
    pthread_mutex_lock(&ri_lock);
    for (aclemu_ri *r = ri_list; r != NULL; r = r->next) {
        if (r->ctx == ctx && r->state == RI_CAPTURING && r->counted && r->origin != NULL) {
            stream_id = (int)drv_stream_id(r->origin->drv);
            break;
        }
    }
    pthread_mutex_unlock(&ri_lock);
    if (stream_id < 0) {
        return ACL_SUCCESS;
    }
    aclemu_errmsg_push("EE1016", "%s failed. Reason: Not allow to synchronize captured-stream, "
                       "stream_id=%d.", func, stream_id);
    return ACL_ERROR_RT_STREAM_CAPTURED;
}

static bool capture_id_active_locked(uint64_t id)
{
    for (aclemu_ri *r = ri_list; r != NULL && id != 0; r = r->next) {
        if (r->state == RI_CAPTURING && r->capture_id == id) {
            return true;
        }
    }
    return false;
}

int rt_capture_event_record(const char *func, rt_event *e, rt_stream *s)
{
    pthread_mutex_lock(&ri_lock);
    aclemu_ri *ri = s->capture;
    int ret = ACL_SUCCESS;
    if (ri != NULL) {
        if (!e->ex_mode) {
            aclemu_errmsg_push("EE1006", "%s failed. Reason: events created with aclrtCreateEvent "
                               "or aclrtCreateEventWithFlag cannot be recorded on a capturing "
                               "stream; create it with aclrtCreateEventExWithFlag.", func);
            ret = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        } else {
            e->capture_id = ri->capture_id; /* the driver records a marker into the list */
            e->capture_stream = s;
            e->capture_rec = 0;
            for (int i = 0; i < ri->njoined; i++) {
                if (ri->joined[i] == s) {
                    e->capture_rec = ++ri->joined_rec[i];
                }
            }
        }
    } else if (capture_id_active_locked(e->capture_id)) {
        /* recorded inside a capture, recorded again outside it: leave that capture */
        e->capture_id = 0;
    }
    pthread_mutex_unlock(&ri_lock);
    return ret;
}

static aclemu_ri *capture_of_locked(uint64_t id)
{
    for (aclemu_ri *r = ri_list; r != NULL && id != 0; r = r->next) {
        if (r->state == RI_CAPTURING && r->capture_id == id) {
            return r;
        }
    }
    return NULL;
}

/* s waits on an event recorded in ri's capture: s joins it (cross-stream capture). */
static int join_locked(const char *func, aclemu_ri *ri, rt_stream *s)
{
    if (s->is_default) {
        aclemu_errmsg_push("EE1017", "%s failed. Parameter stream is invalid. Reason: The default "
                           "stream cannot be used in the ACL Graph.", func);
        return ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT;
    }
    if (s->update != NULL || ri->njoined == RI_MAX_JOINED || s->ctx != ri->ctx) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: stream %d cannot join the capture of "
                           "stream %d (%s).", func, (int)drv_stream_id(s->drv),
                           (int)drv_stream_id(ri->origin->drv),
                           s->update != NULL ? "it is updating a task group"
                           : s->ctx != ri->ctx ? "another context"
                                               : "too many streams joined it");
        return s->update != NULL ? ACL_ERROR_STREAM_TASK_GROUP_STATUS
                                 : ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    }
    int ret = drv_stream_capture_begin(s->drv, ri->graph);
    if (ret != ACL_SUCCESS) {
        return rt_drv_fail(func, ret);
    }
    s->capture = ri;
    handle_ref(&s->hdr);
    ri->joined[ri->njoined] = s;
    ri->joined_rec[ri->njoined] = 0;
    ri->joined_waited[ri->njoined] = 0;
    ri->njoined++;
    return ACL_SUCCESS;
}

int rt_capture_event_wait(const char *func, rt_event *e, rt_stream *s)
{
    pthread_mutex_lock(&ri_lock);
    aclemu_ri *ri = s->capture;
    int ret = ACL_SUCCESS;
    if (ri != NULL) {
        if (!e->ex_mode) {
            aclemu_errmsg_push("EE1006", "%s failed. Reason: events created with aclrtCreateEvent "
                               "or aclrtCreateEventWithFlag cannot be waited on by a capturing "
                               "stream.", func);
            ret = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        } else if (e->capture_id != ri->capture_id) {
            aclemu_errmsg_push("EE1016", "%s failed. Reason: The event wait task is not supported "
                               "during model capture because the corresponding event record "
                               "task is not in the current model.", func);
            ret = ACL_ERROR_RT_CAPTURE_DEPENDENCY;
        } else if (s == ri->origin) {
            for (int i = 0; i < ri->njoined; i++) {
                if (ri->joined[i] == e->capture_stream && e->capture_rec == ri->joined_rec[i]) {
                    ri->joined_waited[i] = e->capture_rec; /* joined back */
                }
            }
        }
    } else if ((ri = capture_of_locked(e->capture_id)) != NULL) {
        ret = join_locked(func, ri, s);
    }
    pthread_mutex_unlock(&ri_lock);
    return ret;
}

int rt_capture_refuse_event(const char *func, rt_event *e)
{
    if (atomic_load_explicit(&captures_active, memory_order_relaxed) == 0) {
        return ACL_SUCCESS;
    }
    pthread_mutex_lock(&ri_lock);
    bool captured = capture_id_active_locked(e->capture_id);
    pthread_mutex_unlock(&ri_lock);
    if (!captured) {
        return ACL_SUCCESS;
    }
    aclemu_errmsg_push("EE1016", "%s failed. Reason: Event during the capture stage is not "
                       "supported.", func);
    return ACL_ERROR_RT_EVENT_CAPTURED;
}
