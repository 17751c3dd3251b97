/* Host callbacks in stream order.
 * aclrtSubscribeReport binds a stream to a user thread that loops on aclrtProcessReport;
 * aclrtLaunchHostFunc serves the stream from a thread of our own instead. The two mechanisms
 * exclude each other on one stream. As on a card, a blocking callback that the subscribed thread
 * never processes holds its stream: aclrtSynchronizeStream waits until it has run, the
 * ...WithTimeout syncs return their timeout codes (tests/integration/timeouts.c). */
#include <stdio.h>
#include <stdlib.h>

#include "rt_internal.h"

#define MAX_SUBSCRIBED_THREADS 1024
#define MAX_SUBSCRIPTIONS 4096
#define HOSTFUNC_POLL_MS 100

typedef struct subscription {
    uint64_t thread;
    rt_stream *stream; /* referenced */
} subscription;

static pthread_mutex_t sub_lock = PTHREAD_MUTEX_INITIALIZER;
static subscription subs[MAX_SUBSCRIPTIONS];
static size_t nsubs;

static size_t distinct_threads_locked(void)
{
    size_t n = 0;
    for (size_t i = 0; i < nsubs; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++) {
            seen = subs[j].thread == subs[i].thread;
        }
        n += !seen;
    }
    return n;
}

ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtSubscribeReport", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    pthread_mutex_lock(&sub_lock);
    pthread_mutex_lock(&s->cb_lock);
    const char *why = NULL;
    if (s->hostfunc) {
        why = "the stream is served by aclrtLaunchHostFunc; the two mechanisms cannot be mixed";
        ret = ACL_ERROR_RT_STREAM_SUBSCRIBE;
    } else if (s->subscribed) {
        why = "the stream already has a subscribed thread";
        ret = ACL_ERROR_RT_STREAM_SUBSCRIBE;
    } else {
        bool known = false;
        for (size_t i = 0; i < nsubs; i++) {
            if (subs[i].thread == threadId) {
                known = true;
                if (subs[i].stream->ctx->devid != s->ctx->devid) {
                    why = "the thread already serves streams of another device";
                    ret = ACL_ERROR_RT_THREAD_SUBSCRIBE;
                    break;
                }
            }
        }
        if (ret == ACL_SUCCESS && ((!known && distinct_threads_locked() >= MAX_SUBSCRIBED_THREADS) ||
                                   nsubs >= MAX_SUBSCRIPTIONS)) {
            why = "at most 1024 threads can be subscribed";
            ret = ACL_ERROR_RT_THREAD_SUBSCRIBE;
        }
    }
    if (ret == ACL_SUCCESS) {
        s->subscribed = true;
        s->report_thread = threadId;
        handle_ref(&s->hdr);
        subs[nsubs].thread = threadId;
        subs[nsubs].stream = s;
        nsubs++;
    }
    pthread_mutex_unlock(&s->cb_lock);
    pthread_mutex_unlock(&sub_lock);
    handle_put(&s->hdr);
    if (ret != ACL_SUCCESS) {
        ERR_RT_SEQ("aclrtSubscribeReport", why);
        return rt_ret(ret);
    }
    return ACL_SUCCESS;
}

/* Drops the subscription of s (if any); the caller holds sub_lock. */
static bool drop_subscription_locked(rt_stream *s)
{
    for (size_t i = 0; i < nsubs; i++) {
        if (subs[i].stream == s) {
            subs[i] = subs[--nsubs];
            pthread_mutex_lock(&s->cb_lock);
            s->subscribed = false;
            pthread_mutex_unlock(&s->cb_lock);
            return true;
        }
    }
    return false;
}

ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtUnSubscribeReport", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    pthread_mutex_lock(&sub_lock);
    const char *why = NULL;
    bool dropped = false;
    if (!s->subscribed) {
        why = "the stream has no subscribed thread";
        ret = ACL_ERROR_RT_STREAM_NO_CB_REG;
    } else if (s->report_thread != threadId) {
        why = "the stream is subscribed by another thread";
        ret = ACL_ERROR_RT_THREAD_SUBSCRIBE;
    } else {
        dropped = drop_subscription_locked(s);
    }
    pthread_mutex_unlock(&sub_lock);
    if (dropped) {
        handle_put(&s->hdr); /* the subscription's reference */
    }
    handle_put(&s->hdr);
    if (ret != ACL_SUCCESS) {
        ERR_RT_SEQ("aclrtUnSubscribeReport", why);
        return rt_ret(ret);
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn, void *userData,
                                                 aclrtCallbackBlockType blockType,
                                                 aclrtStream stream)
{
    if (blockType != ACL_CALLBACK_BLOCK && blockType != ACL_CALLBACK_NO_BLOCK) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)blockType);
        ERR_EXPECT("aclrtLaunchCallback", v, "blockType", "ACL_CALLBACK_BLOCK or ACL_CALLBACK_NO_BLOCK");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (fn == NULL) {
        ERR_NULL("fn");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtLaunchCallback", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    pthread_mutex_lock(&s->cb_lock);
    bool subscribed = s->subscribed;
    pthread_mutex_unlock(&s->cb_lock);
    if (!subscribed) {
        handle_put(&s->hdr);
        ERR_RT_SEQ("aclrtLaunchCallback",
                   "no thread is subscribed to the stream; call aclrtSubscribeReport first");
        return rt_ret(ACL_ERROR_RT_STREAM_NO_CB_REG);
    }
    ret = drv_launch_host_fn(s->drv, fn, userData, blockType == ACL_CALLBACK_BLOCK);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtLaunchCallback", ret));
}

ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout)
{
    if (timeout == 0 || timeout < -1) {
        char v[16];
        snprintf(v, sizeof(v), "%d", timeout);
        ERR_VALUE("aclrtProcessReport", v, "timeout", "it must be -1 (wait forever) or greater than 0");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    uint64_t self = (uint64_t)pthread_self();
    rt_stream *mine[MAX_SUBSCRIPTIONS];
    drv_stream *drvs[MAX_SUBSCRIPTIONS];
    int n = 0;
    pthread_mutex_lock(&sub_lock);
    for (size_t i = 0; i < nsubs; i++) {
        if (subs[i].thread == self) {
            handle_ref(&subs[i].stream->hdr);
            mine[n] = subs[i].stream;
            drvs[n] = subs[i].stream->drv;
            n++;
        }
    }
    pthread_mutex_unlock(&sub_lock);
    if (n == 0) {
        ERR_RT_SEQ("aclrtProcessReport",
                   "the calling thread is not subscribed to any stream (aclrtSubscribeReport)");
        return rt_ret(ACL_ERROR_RT_THREAD_SUBSCRIBE);
    }
    int ret = drv_process_callbacks(drvs, n, timeout);
    for (int i = 0; i < n; i++) {
        handle_put(&mine[i]->hdr);
    }
    if (ret == ACL_ERROR_RT_REPORT_TIMEOUT) {
        char why[96];
        snprintf(why, sizeof(why), "no callback arrived within %d ms", timeout);
        ERR_RT_SEQ("aclrtProcessReport", why);
        return rt_ret(ret);
    }
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtProcessReport", ret));
}

/* ---- aclrtLaunchHostFunc -------------------------------------------------------------------- */

static void *hostfunc_main(void *arg)
{
    rt_stream *s = arg; /* referenced by this thread */
    while (!__atomic_load_n(&s->hostfunc_stop, __ATOMIC_ACQUIRE)) {
        drv_stream *d = s->drv;
        (void)drv_process_callbacks(&d, 1, HOSTFUNC_POLL_MS);
    }
    handle_put(&s->hdr);
    return NULL;
}

/* Starts our service thread on s unless it has one (or a subscribed thread serves it):
 * ACL_SUCCESS, or the code with the message pushed. */
static int hostfunc_serve(const char *func, rt_stream *s, bool subscribed_ok)
{
    int ret = ACL_SUCCESS;
    pthread_mutex_lock(&s->cb_lock);
    if (s->subscribed) {
        ret = subscribed_ok ? ACL_SUCCESS : ACL_ERROR_RT_STREAM_SUBSCRIBE;
    } else if (!s->hostfunc) {
        handle_ref(&s->hdr);
        s->hostfunc_stop = 0;
        if (pthread_create(&s->hostfunc_thread, NULL, hostfunc_main, s) != 0) {
            handle_put(&s->hdr);
            ret = ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
        } else {
            s->hostfunc = true;
        }
    }
    pthread_mutex_unlock(&s->cb_lock);
    if (ret == ACL_ERROR_RT_STREAM_SUBSCRIBE) {
        ERR_RT_SEQ(func, "the stream has a thread subscribed with "
                         "aclrtSubscribeReport; the two mechanisms cannot be mixed");
    } else if (ret != ACL_SUCCESS) {
        aclemu_errmsg_push("EE1021", "The runtime module failed to create host %s through API %s.",
                           "thread", "pthread_create");
    }
    return ret;
}

int rt_hostfunc_serve_replay(const char *func, rt_stream *s)
{
    return hostfunc_serve(func, s, true);
}

ACL_FUNC_VISIBILITY aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void *args)
{
    if (fn == NULL) {
        ERR_NULL("fn");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtLaunchHostFunc", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    ret = hostfunc_serve("aclrtLaunchHostFunc", s, false);
    if (ret != ACL_SUCCESS) {
        handle_put(&s->hdr);
        return rt_ret(ret);
    }
    /* host functions block the stream's later tasks until they return; on a capturing stream
     * the launch is recorded and runs at each replay (served by the replaying stream) */
    ret = drv_launch_host_fn(s->drv, fn, args, 1);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtLaunchHostFunc", ret));
}

/* Ends all callback service of a stream that is going away. */
void rt_hostfunc_stop(rt_stream *s)
{
    pthread_mutex_lock(&sub_lock);
    bool dropped = drop_subscription_locked(s);
    pthread_mutex_unlock(&sub_lock);
    if (dropped) {
        handle_put(&s->hdr);
    }
    pthread_mutex_lock(&s->cb_lock);
    bool running = s->hostfunc;
    s->hostfunc = false;
    pthread_t th = s->hostfunc_thread;
    pthread_mutex_unlock(&s->cb_lock);
    if (running) {
        __atomic_store_n(&s->hostfunc_stop, 1, __ATOMIC_RELEASE);
        if (pthread_equal(th, pthread_self())) {
            pthread_detach(th); /* a host function destroyed its own stream */
        } else {
            pthread_join(th, NULL);
        }
    }
}
