/* Streams: creation in the current context, destruction, synchronisation, queries and
 * cross-stream waits on events. */
#include <stdio.h>

#include "ri_internal.h"
#include "rt_internal.h"

#define STREAM_FLAGS_KNOWN                                                                    \
    (ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC | ACL_STREAM_PERSISTENT | ACL_STREAM_HUGE | \
     ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY)
/* Streams whose tasks the host cannot wait for: synchronising them returns at once. */
#define STREAM_FLAGS_NO_SYNC (ACL_STREAM_PERSISTENT | ACL_STREAM_DEVICE_USE_ONLY | ACL_STREAM_CPU_SCHEDULE)
#define STREAM_PRIORITY_MAX 7u

static int create_stream(const char *func, aclrtStream *stream, uint32_t priority, uint32_t flag)
{
    if (stream == NULL) {
        ERR_NULL("stream");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if ((flag & ~STREAM_FLAGS_KNOWN) != 0) {
        char v[16];
        snprintf(v, sizeof(v), "0x%x", flag);
        ERR_VALUE(func, v, "flag", "it contains bits that are not ACL_STREAM_* flags");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (priority > STREAM_PRIORITY_MAX) {
        char v[16];
        snprintf(v, sizeof(v), "%u", priority);
        ERR_VALUE(func, v, "priority", "it must be in the range [0, 7]");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx(func, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    rt_stream *s;
    int ret = rt_stream_create(ctx, priority, flag, false, &s);
    handle_put(&ctx->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *stream = s;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream *stream)
{
    return create_stream("aclrtCreateStream", stream, 0, 0);
}

ACL_FUNC_VISIBILITY aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority,
                                                         uint32_t flag)
{
    return create_stream("aclrtCreateStreamWithConfig", stream, priority, flag);
}

ACL_FUNC_VISIBILITY aclError aclrtCreateStreamV2(aclrtStream *stream,
                                                 const aclrtStreamConfigHandle *handle)
{
    if (handle == NULL) {
        return create_stream("aclrtCreateStreamV2", stream, 0, 0);
    }
    return create_stream("aclrtCreateStreamV2", stream, handle->priority, (uint32_t)handle->flag);
}

static rt_stream *lookup_explicit(const char *func, aclrtStream stream, int *code)
{
    if (stream == NULL) {
        ERR_NULL("stream");
        *code = ACL_ERROR_INVALID_PARAM;
        return NULL;
    }
    rt_stream *s = (rt_stream *)handle_get(stream, HANDLE_STREAM);
    if (s == NULL) {
        char v[32];
        snprintf(v, sizeof(v), "%p", stream);
        ERR_VALUE(func, v, "stream", "it is not a live stream (destroyed or never created)");
        *code = ACL_ERROR_INVALID_PARAM;
        return NULL;
    }
    if (s->is_default) {
        handle_put(&s->hdr);
        ERR_VALUE(func, "default stream", "stream",
                  "the default stream is released with its context");
        *code = ACL_ERROR_INVALID_PARAM;
        return NULL;
    }
    return s;
}

static int destroy_stream(const char *func, aclrtStream stream, bool force)
{
    int code;
    rt_stream *s = lookup_explicit(func, stream, &code);
    if (s == NULL) {
        return rt_ret(code);
    }
    int ret = rt_capture_refuse_stream("Stream destruction", s);
    if (ret != ACL_SUCCESS) {
        handle_put(&s->hdr);
        return rt_ret(ret);
    }
    if (!force) {
        ret = drv_stream_sync(s->drv, -1); /* destroying waits for the queued tasks */
        if (ret == ACL_ERROR_RT_LOST_HEARTBEAT) {
            rt_drv_fail(func, ret);
        } else {
            ret = ACL_SUCCESS; /* a failed task was the user's to collect; the stream goes */
        }
    }
    s->destroy_force = force;
    rt_stream_unlink(s);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream)
{
    return destroy_stream("aclrtDestroyStream", stream, false);
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamForce(aclrtStream stream)
{
    return destroy_stream("aclrtDestroyStreamForce", stream, true);
}

static int sync_stream(const char *func, aclrtStream stream, int32_t timeout)
{
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    ret = rt_capture_refuse_stream("Synchronizing a stream", s);
    if (ret == ACL_SUCCESS && (s->flags & STREAM_FLAGS_NO_SYNC) == 0) {
        ret = drv_stream_sync(s->drv, timeout);
        if (ret == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT) {
            char why[96];
            snprintf(why, sizeof(why), "%s did not complete within %d ms.", func, timeout);
            aclemu_errmsg_push("EE1002", "Stream synchronize timeout. %s", why);
        } else if (ret != ACL_SUCCESS) {
            rt_drv_fail(func, ret);
        }
    }
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream)
{
    return sync_stream("aclrtSynchronizeStream", stream, -1);
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        char v[16];
        snprintf(v, sizeof(v), "%d", timeout);
        ERR_RT_VALUE("aclrtSynchronizeStreamWithTimeout", v, "timeout",
                     "it must be -1 (wait forever) or greater than 0");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    return sync_stream("aclrtSynchronizeStreamWithTimeout", stream, timeout);
}

ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status)
{
    if (status == NULL) {
        ERR_NULL("status");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtStreamQuery", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    int complete = 0;
    ret = rt_capture_refuse_stream("Querying a stream", s);
    if (ret != ACL_SUCCESS) {
        handle_put(&s->hdr);
        return rt_ret(ret);
    }
    ret = drv_stream_query(s->drv, &complete);
    handle_put(&s->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(rt_drv_fail("aclrtStreamQuery", ret));
    }
    *status = complete ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId)
{
    if (streamId == NULL) {
        ERR_NULL("streamId");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtStreamGetId", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *streamId = drv_stream_id(s->drv);
    handle_put(&s->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t *priority)
{
    if (priority == NULL) {
        ERR_NULL("priority");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtStreamGetPriority", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *priority = s->priority;
    handle_put(&s->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t *flags)
{
    if (flags == NULL) {
        ERR_NULL("flags");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtStreamGetFlags", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *flags = s->flags;
    handle_put(&s->hdr);
    return ACL_SUCCESS;
}

/* timeout_us < 0: the process's op wait timeout (aclrtSetOpWaitTimeout); else this wait's own
 * limit (0: none). Enforced by the device: an expired wait fails the stream at its next sync. */
static int wait_event(const char *func, aclrtStream stream, aclrtEvent event, int64_t timeout_us)
{
    if (event == NULL) {
        ERR_NULL("event");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_event *e = rt_event_lookup(event);
    if (e == NULL) {
        char v[32];
        snprintf(v, sizeof(v), "%p", event);
        ERR_VALUE(func, v, "event", "it is not a live event (destroyed or never created)");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if ((e->flags & ACL_EVENT_SYNC) == 0) {
        handle_put(&e->hdr);
        ERR_VALUE(func, "event without ACL_EVENT_SYNC", "event",
                  "only events created with the ACL_EVENT_SYNC flag can be waited on");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        handle_put(&e->hdr);
        return rt_ret(ret);
    }
    ret = rt_capture_event_wait(func, e, s);
    if (ret != ACL_SUCCESS) {
        handle_put(&s->hdr);
        handle_put(&e->hdr);
        return rt_ret(ret);
    }
    ret = timeout_us < 0 ? drv_stream_wait_event(s->drv, e->drv)
                         : drv_stream_wait_event_timeout(s->drv, e->drv, (uint64_t)timeout_us);
    handle_put(&s->hdr);
    handle_put(&e->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(func, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event)
{
    return wait_event("aclrtStreamWaitEvent", stream, event, -1);
}

ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event,
                                                             int32_t timeout)
{
    /* seconds, 0 = never, as the real runtime (unlike the host-side sync timeouts in ms) */
    if (timeout < 0) {
        char v[16];
        snprintf(v, sizeof(v), "%d", timeout);
        ERR_RT_VALUE("aclrtStreamWaitEventWithTimeout", v, "timeout",
                     "it must be in [0, INT_MAX] seconds (0: wait forever)");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    return wait_event("aclrtStreamWaitEventWithTimeout", stream, event, (int64_t)timeout * 1000000);
}

ACL_FUNC_VISIBILITY aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode)
{
    if (mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE) {
        char v[24];
        snprintf(v, sizeof(v), "%llu", (unsigned long long)mode);
        ERR_EXPECT("aclrtSetStreamFailureMode", v, "mode",
                   "ACL_CONTINUE_ON_FAILURE or ACL_STOP_ON_FAILURE");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtSetStreamFailureMode", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    ret = drv_stream_set_failure_mode(s->drv, mode);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS
                              : rt_ret(rt_drv_fail("aclrtSetStreamFailureMode", ret));
}
