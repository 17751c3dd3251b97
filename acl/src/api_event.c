/* Events: record/reset in stream order, queries, host-side waits and elapsed time. */
#include <stdio.h>

#include "ri_internal.h"
#include "rt_internal.h"

#define EVENT_FLAGS_KNOWN                                                                   \
    (ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE |             \
     ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL | ACL_EVENT_IPC)

static int create_event(const char *func, aclrtEvent *event, uint32_t flags, bool check_flags,
                        bool ex_mode)
{
    if (event == NULL) {
        ERR_NULL("event");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (check_flags && (flags == 0 || (flags & ~EVENT_FLAGS_KNOWN) != 0)) {
        char v[16];
        snprintf(v, sizeof(v), "0x%x", flags);
        ERR_VALUE(func, v, "flag", "it must be a non-empty combination of ACL_EVENT_* flags");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx(func, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    rt_event *e;
    int ret = rt_event_create_in(ctx, flags, &e);
    handle_put(&ctx->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    e->ex_mode = ex_mode;
    *event = e;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent *event)
{
    /* a plain event can be waited on and timed */
    return create_event("aclrtCreateEvent", event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE, false, false);
}

ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag)
{
    return create_event("aclrtCreateEventWithFlag", event, flag, true, false);
}

ACL_FUNC_VISIBILITY aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag)
{
    return create_event("aclrtCreateEventExWithFlag", event, flag, true, true);
}

static rt_event *lookup(const char *func, const char *param, aclrtEvent event, int *code)
{
    if (event == NULL) {
        ERR_NULL(param);
        *code = ACL_ERROR_INVALID_PARAM;
        return NULL;
    }
    rt_event *e = rt_event_lookup(event);
    if (e == NULL) {
        char v[32];
        snprintf(v, sizeof(v), "%p", event);
        ERR_VALUE(func, v, param, "it is not a live event (destroyed or never created)");
        *code = ACL_ERROR_INVALID_PARAM;
    }
    return e;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event)
{
    int code;
    rt_event *e = lookup("aclrtDestroyEvent", "event", event, &code);
    if (e == NULL) {
        return rt_ret(code);
    }
    rt_event_unlink(e);
    handle_put(&e->hdr);
    return ACL_SUCCESS;
}

static int record_or_reset(const char *func, aclrtEvent event, aclrtStream stream, bool reset)
{
    int code;
    rt_event *e = lookup(func, "event", event, &code);
    if (e == NULL) {
        return rt_ret(code);
    }
    if (reset && (e->flags & ACL_EVENT_SYNC) == 0) {
        handle_put(&e->hdr);
        ERR_VALUE(func, "event without ACL_EVENT_SYNC", "event",
                  "only events created with the ACL_EVENT_SYNC flag can be reset");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        handle_put(&e->hdr);
        return rt_ret(ret);
    }
    if (s->ctx->devid != e->ctx->devid) {
        aclemu_errmsg_push("EE1010",
                           "%s execution failed because %s does not belong to the current "
                           "context. Extended information: %s.",
                           func, "event", "the event and the stream are on different devices");
        ret = ACL_ERROR_RT_STREAM_CONTEXT;
    } else if (!reset && (ret = rt_capture_event_record(func, e, s)) != ACL_SUCCESS) {
        /* refused by the capture rules (message left) */
    } else {
        ret = reset ? drv_event_reset(e->drv, s->drv) : drv_event_record(e->drv, s->drv);
        if (ret != ACL_SUCCESS) {
            rt_drv_fail(func, ret);
        }
    }
    handle_put(&s->hdr);
    handle_put(&e->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream)
{
    return record_or_reset("aclrtRecordEvent", event, stream, false);
}

ACL_FUNC_VISIBILITY aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream)
{
    return record_or_reset("aclrtResetEvent", event, stream, true);
}

static int query(const char *func, aclrtEvent event, void *status, int *complete, int *recorded)
{
    if (status == NULL) {
        ERR_NULL("status");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_event *e = lookup(func, "event", event, &code);
    if (e == NULL) {
        return rt_ret(code);
    }
    int ret = rt_capture_refuse_event("Event query", e);
    if (ret != ACL_SUCCESS) {
        handle_put(&e->hdr);
        return rt_ret(ret);
    }
    ret = drv_event_query(e->drv, complete);
    if (ret == ACL_SUCCESS && recorded != NULL) {
        ret = drv_event_recorded(e->drv, recorded);
    }
    handle_put(&e->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(func, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status)
{
    int complete = 0;
    int ret = query("aclrtQueryEvent", event, status, &complete, NULL);
    if (ret == ACL_SUCCESS) {
        *status = complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    }
    return ret;
}

ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event,
                                                   aclrtEventRecordedStatus *status)
{
    int complete = 0;
    int ret = query("aclrtQueryEventStatus", event, status, &complete, NULL);
    if (ret == ACL_SUCCESS) {
        /* also COMPLETE before the first record */
        *status = complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE
                           : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    }
    return ret;
}

ACL_FUNC_VISIBILITY aclError aclrtQueryEventWaitStatus(aclrtEvent event,
                                                       aclrtEventWaitStatus *status)
{
    int complete = 0, recorded = 0;
    int ret = query("aclrtQueryEventWaitStatus", event, status, &complete, &recorded);
    if (ret == ACL_SUCCESS) {
        /* a wait on the event would pass once its record has completed */
        *status = (recorded && complete) ? ACL_EVENT_WAIT_STATUS_COMPLETE
                                         : ACL_EVENT_WAIT_STATUS_NOT_READY;
    }
    return ret;
}

static int sync_event(const char *func, aclrtEvent event, int32_t timeout)
{
    int code;
    rt_event *e = lookup(func, "event", event, &code);
    if (e == NULL) {
        return rt_ret(code);
    }
    int ret = rt_capture_refuse_event("Event synchronization", e);
    if (ret != ACL_SUCCESS) {
        handle_put(&e->hdr);
        return rt_ret(ret);
    }
    ret = drv_event_sync(e->drv, timeout);
    handle_put(&e->hdr);
    if (ret == ACL_ERROR_RT_EVENT_SYNC_TIMEOUT || ret == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT) {
        char why[96];
        snprintf(why, sizeof(why), "%s did not complete within %d ms.", func, timeout);
        aclemu_errmsg_push("EE1002", "Stream synchronize timeout. %s", why);
        return rt_ret(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
    }
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(func, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event)
{
    return sync_event("aclrtSynchronizeEvent", event, -1);
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        char v[16];
        snprintf(v, sizeof(v), "%d", timeout);
        ERR_RT_VALUE("aclrtSynchronizeEventWithTimeout", v, "timeout",
                     "it must be -1 (wait forever) or greater than 0");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    return sync_event("aclrtSynchronizeEventWithTimeout", event, timeout);
}

/* Completion time of an event's record; the event must be recorded and complete. */
static int event_time(const char *func, const char *param, rt_event *e, uint64_t *ns)
{
    int recorded = 0, complete = 0;
    int ret = drv_event_recorded(e->drv, &recorded);
    if (ret == ACL_SUCCESS) {
        ret = drv_event_query(e->drv, &complete);
    }
    if (ret != ACL_SUCCESS) {
        return rt_drv_fail(func, ret);
    }
    if (!recorded) {
        ERR_RT_VALUE(func, "not recorded", param, "the event has not been recorded");
        return ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
    }
    if (!complete) {
        ERR_RT_SEQ(func, "the event has not completed yet; synchronize it first");
        return ACL_ERROR_RT_EVENT_NOT_COMPLETE;
    }
    ret = drv_event_timestamp(e->drv, ns);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_drv_fail(func, ret);
}

ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent,
                                                   aclrtEvent endEvent)
{
    if (ms == NULL) {
        ERR_NULL("ms");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_event *a = lookup("aclrtEventElapsedTime", "startEvent", startEvent, &code);
    if (a == NULL) {
        return rt_ret(code);
    }
    rt_event *b = lookup("aclrtEventElapsedTime", "endEvent", endEvent, &code);
    if (b == NULL) {
        handle_put(&a->hdr);
        return rt_ret(code);
    }
    uint64_t ta = 0, tb = 0;
    int ret = event_time("aclrtEventElapsedTime", "startEvent", a, &ta);
    if (ret == ACL_SUCCESS) {
        ret = event_time("aclrtEventElapsedTime", "endEvent", b, &tb);
    }
    handle_put(&a->hdr);
    handle_put(&b->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *ms = (float)((double)((int64_t)(tb - ta)) / 1e6);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp)
{
    if (timestamp == NULL) {
        ERR_NULL("timestamp");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_event *e = lookup("aclrtEventGetTimestamp", "event", event, &code);
    if (e == NULL) {
        return rt_ret(code);
    }
    uint64_t ns = 0;
    int ret = event_time("aclrtEventGetTimestamp", "event", e, &ns);
    handle_put(&e->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *timestamp = ns / 1000; /* microseconds */
    return ACL_SUCCESS;
}
