/* Driver: streams (task rings), launches, stream-ordered copies, host functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../memcheck_proto.h"
#include "drv_internal.h"

#define TASK_ALIGN(n) (((n) + DS_TASK_ALIGN - 1) & ~(size_t)(DS_TASK_ALIGN - 1))

/* Process-wide, as the runtime's settings are; read at every enqueue. */
static _Atomic uint64_t op_execute_timeout_us = DRV_OP_EXECUTE_TIMEOUT_MAX_US;
static _Atomic uint64_t op_wait_timeout_us;

void drv_set_op_execute_timeout(uint64_t us) { atomic_store(&op_execute_timeout_us, us); }
uint64_t drv_op_execute_timeout(void) { return atomic_load(&op_execute_timeout_us); }
void drv_set_op_wait_timeout(uint64_t us) { atomic_store(&op_wait_timeout_us, us); }

int drv_stream_create(drv_device *dev, uint32_t priority, uint32_t flags, drv_stream **out)
{
    drv_clear_err();
    if (!dev || !out)
        return drv_err(E_INVALID_PARAM, "NULL argument to stream create");
    drv_stream *s = calloc(1, sizeof *s);
    if (!s)
        return drv_err(E_BAD_ALLOC, "host out of memory");
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_STREAM_CREATE;
    req.a[0] = priority;
    req.a[1] = flags;
    ds_resp r;
    int rc = drv_rpc(dev, &req, &r, -1, NULL, 0);
    if (rc != E_OK) {
        free(s);
        return rc;
    }
    s->dev = dev;
    s->idx = (uint32_t)r.r[0];
    s->shm = &dev->ctl->streams[s->idx];
    pthread_mutex_init(&s->mu, NULL);
    pthread_mutex_init(&s->cb_mu, NULL);
    pthread_mutex_lock(&dev->obj_mu);
    s->next = dev->streams;
    dev->streams = s;
    pthread_mutex_unlock(&dev->obj_mu);
    *out = s;
    return E_OK;
}

static void stream_unlink(drv_stream *s)
{
    drv_device *dev = s->dev;
    pthread_mutex_lock(&dev->obj_mu);
    for (drv_stream **pp = &dev->streams; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            break;
        }
    pthread_mutex_unlock(&dev->obj_mu);
}

static int stream_release(drv_stream *s)
{
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_STREAM_DESTROY;
    req.a[0] = s->idx;
    ds_resp r;
    int rc = atomic_load(&s->dev->lost) ? E_OK : drv_rpc(s->dev, &req, &r, -1, NULL, 0);
    free(s->cbq);
    free(s);
    return rc;
}

int drv_stream_destroy(drv_stream *s)
{
    drv_clear_err();
    if (!s)
        return drv_err(E_INVALID_PARAM, "stream is NULL");
    int rc = drv_stream_drain(s);
    stream_unlink(s);
    int rc2 = stream_release(s);
    if (rc == E_RT_LOST_HEARTBEAT)
        return rc;
    return rc2;
}

int drv_stream_destroy_force(drv_stream *s)
{
    drv_clear_err();
    if (!s)
        return drv_err(E_INVALID_PARAM, "stream is NULL");
    stream_unlink(s);
    return stream_release(s);
}

/* Called on device close: the device reclaims the rings when the connection goes. */
void drv_stream_release_all(drv_device *dev)
{
    pthread_mutex_lock(&dev->obj_mu);
    drv_stream *s = dev->streams;
    dev->streams = NULL;
    pthread_mutex_unlock(&dev->obj_mu);
    while (s) {
        drv_stream *n = s->next;
        free(s->cbq);
        free(s);
        s = n;
    }
}

drv_device *drv_stream_device(const drv_stream *s) { return s ? s->dev : NULL; }
int32_t drv_stream_id(const drv_stream *s) { return s ? (int32_t)s->idx : -1; }

/* Waits for every published task without consuming the stream's error. */
int drv_stream_drain(drv_stream *s)
{
    uint32_t target = atomic_load(&s->shm->submitted);
    int rc = drv_wait_counter(s->dev, &s->shm->completed, DRV_STREAM_HINTS(s->shm), target, -1, 0);
    DRV_ORDER_ACQUIRE(s->dev);
    return rc;
}

int drv_stream_sync(drv_stream *s, int32_t timeout_ms)
{
    if (!s)
        return drv_err(E_INVALID_PARAM, "stream is NULL");
    uint32_t target = atomic_load(&s->shm->submitted);
    int rc = drv_wait_counter(s->dev, &s->shm->completed, DRV_STREAM_HINTS(s->shm), target, timeout_ms,
                              E_RT_STREAM_SYNC_TIMEOUT);
    if (rc != E_OK)
        return rc;
    DRV_ORDER_ACQUIRE(s->dev);
    /* an idle stream of a dead device must not report success either */
    if (drv_dev_lost(s->dev))
        return drv_lost(s->dev);
    if (s->dev->mc_ring)
        drv_memcheck_flush(s->dev);
    int32_t err = atomic_exchange(&s->shm->error, 0);
    if (err == E_RT_AICORE_TIMEOUT)
        return drv_err(err, "a kernel on stream %u ran past its op execute timeout "
                       "(aclrtSetOpExecuteTimeOut*) and was stopped", s->idx);
    if (err == E_RT_TASK_TIMEOUT)
        return drv_err(err, "stream %u waited for an event longer than its timeout", s->idx);
    if (err != 0)
        return drv_err(err, "a task on stream %u failed with error %d%s", s->idx, err,
                       s->dev->mc_ring ? " (see the memory checker's report)" : "");
    return E_OK;
}

int drv_stream_query(drv_stream *s, int *complete)
{
    if (!s || !complete)
        return drv_err(E_INVALID_PARAM, "NULL argument to stream query");
    if (drv_dev_lost(s->dev))
        return drv_lost(s->dev);
    *complete = atomic_load(&s->shm->completed) == atomic_load(&s->shm->submitted);
    if (*complete)
        DRV_ORDER_ACQUIRE(s->dev);
    return E_OK;
}

int drv_stream_set_failure_mode(drv_stream *s, uint64_t mode)
{
    if (!s || mode > 1)
        return drv_err(E_INVALID_PARAM, "invalid stream failure mode %llu", (unsigned long long)mode);
    s->shm->fail_mode = (uint32_t)mode;
    return E_OK;
}

/* ---- enqueue ------------------------------------------------------------------------------ */
/* Publishes one task (header + payload) on the stream's ring, waiting for ring space; or, while
 * the stream captures, records it (drv_graph.c). */
int drv_enqueue_task(drv_stream *s, const ds_task *hdr, const void *payload, size_t plen, int direct)
{
    if (drv_dev_lost_cheap(s->dev))
        return drv_lost(s->dev);
    ds_stream_shm *sh = s->shm;
    size_t size = TASK_ALIGN(sizeof(ds_task) + plen);
    pthread_mutex_lock(&s->mu);
    if (!direct && s->capture) {
        /* captured: recorded into the graph, run only when the graph is launched */
        int rc = drv_graph_append(s->capture, s->idx, hdr, payload, plen);
        pthread_mutex_unlock(&s->mu);
        return rc;
    }
    if (!direct && s->update) {
        if (s->update_next >= s->update_end) {
            pthread_mutex_unlock(&s->mu);
            return drv_err(E_INVALID_PARAM, "more tasks issued during the task update than the "
                           "task group holds (%u)", s->update_end - s->update_next);
        }
        drv_graph *g = s->update;
        uint32_t i = s->update_next++;
        pthread_mutex_unlock(&s->mu);
        return drv_graph_update_task(g, i, s, hdr, payload, plen);
    }
    uint64_t pos = s->wpos;
    size_t off = (size_t)(pos % DS_RING_BYTES);
    size_t pad = off + size > DS_RING_BYTES ? DS_RING_BYTES - off : 0;
    size_t need = pad + size;
    while (pos + need - atomic_load(&sh->read_pos) > DS_RING_BYTES) {
        /* ring full: wait for the device to finish at least one more task */
        uint32_t c = atomic_load(&sh->completed);
        if (pos + need - atomic_load(&sh->read_pos) <= DS_RING_BYTES)
            break;
        int rc = drv_wait_counter(s->dev, &sh->completed, DRV_STREAM_HINTS(sh), c + 1, -1, 0);
        if (rc != E_OK) {
            pthread_mutex_unlock(&s->mu);
            return rc;
        }
    }
    if (pad) {
        ds_task *p = (ds_task *)(sh->ring + off);
        p->kind = DS_TASK_PAD;
        p->size = (uint32_t)pad;
        pos += pad;
    }
    ds_task *t = (ds_task *)(sh->ring + (pos % DS_RING_BYTES));
    *t = *hdr;
    t->size = (uint32_t)size;
    if (plen)
        memcpy((unsigned char *)t + sizeof *t, payload, plen);
    s->wpos = pos + size;
    atomic_store_explicit(&sh->write_pos, s->wpos, memory_order_release);
    s->submitted++;
    atomic_store_explicit(&sh->submitted, s->submitted, memory_order_seq_cst);
    if (atomic_load_explicit(&sh->dev_sleeping, memory_order_seq_cst))
        ds_futex_wake(&sh->submitted);
    pthread_mutex_unlock(&s->mu);
    return E_OK;
}

int drv_launch(drv_stream *s, const char *kernel, uint32_t block_dim, const void *args,
               size_t args_size)
{
    drv_clear_err();
    if (!s || !kernel)
        return drv_err(E_INVALID_PARAM, "NULL argument to kernel launch");
    if (strlen(kernel) >= ACLEMU_KERNEL_NAME_LEN)
        return drv_err(E_INVALID_PARAM, "kernel name too long: %s", kernel);
    if (args_size > ACLEMU_KERNEL_ARGS_MAX || (args_size && !args))
        return drv_err(E_INVALID_PARAM, "kernel %s: %zu argument bytes (max %d)", kernel,
                       args_size, ACLEMU_KERNEL_ARGS_MAX);
    if (block_dim == 0 || block_dim > 65535)
        return drv_err(E_INVALID_PARAM, "kernel %s: blockDim %u out of range [1, 65535]", kernel,
                       block_dim);
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_KERNEL;
    t.block_dim = block_dim;
    t.u[0] = atomic_load(&op_execute_timeout_us);
    t.args_size = (uint32_t)args_size;
    memcpy(t.kernel, kernel, strlen(kernel) + 1);
    return drv_enqueue_task(s, &t, args, args_size, 0);
}

int drv_launch_checked(drv_stream *s, const char *kernel, uint32_t block_dim, const void *args,
                       size_t args_size, const char *op, drv_mc_range *ranges, uint32_t nranges)
{
    if (!s || !s->dev->mc_ring)
        return drv_launch(s, kernel, block_dim, args, args_size);
    drv_clear_err();
    if (!kernel || strlen(kernel) >= ACLEMU_KERNEL_NAME_LEN || args_size > ACLEMU_KERNEL_ARGS_MAX ||
        (args_size && !args) || block_dim == 0 || block_dim > 65535 || nranges > DS_MC_MAX_RANGES ||
        (nranges && !ranges))
        return drv_launch(s, kernel, block_dim, args, args_size); /* it reports what is wrong */
    /* arguments (padded to 8 bytes), then the manifest (memcheck_proto.h) */
    static __thread unsigned char buf[ACLEMU_KERNEL_ARGS_MAX + 8 + sizeof(ds_mc_manifest) +
                                       DS_MC_MAX_RANGES * sizeof(drv_mc_range)];
    size_t off = (args_size + 7) & ~(size_t)7;
    memset(buf, 0, off);
    if (args_size)
        memcpy(buf, args, args_size);
    ds_mc_manifest m;
    memset(&m, 0, sizeof m);
    snprintf(m.op, sizeof m.op, "%s", op ? op : kernel);
    m.count = nranges;
    memcpy(buf + off, &m, sizeof m);
    for (uint32_t i = 0; i < nranges; i++)
        ranges[i].where = drv_mc_where(s->dev, ranges[i].addr);
    if (nranges)
        memcpy(buf + off + sizeof m, ranges, nranges * sizeof *ranges);
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_KERNEL;
    t.block_dim = block_dim;
    t.args_size = (uint32_t)args_size;
    t.u[0] = atomic_load(&op_execute_timeout_us);
    t.u[1] = sizeof m + nranges * sizeof *ranges;
    t.u[2] = atomic_fetch_add(&s->dev->mc_launches, 1) + 1;
    memcpy(t.kernel, kernel, strlen(kernel) + 1);
    return drv_enqueue_task(s, &t, buf, off + t.u[1], 0);
}

/* ---- stream capture (task graphs) ----------------------------------------------------------- */
drv_graph *drv_stream_capturing(drv_stream *s)
{
    if (!s)
        return NULL;
    pthread_mutex_lock(&s->mu);
    drv_graph *g = s->capture;
    pthread_mutex_unlock(&s->mu);
    return g;
}

int drv_stream_capture_begin(drv_stream *s, drv_graph *g)
{
    drv_clear_err();
    if (!s || !g)
        return drv_err(E_INVALID_PARAM, "NULL argument to capture begin");
    if (drv_graph_device(g) != s->dev)
        return drv_err(E_INVALID_PARAM, "graph and stream belong to different devices");
    pthread_mutex_lock(&s->mu);
    int busy = s->capture != NULL || s->update != NULL;
    if (!busy)
        s->capture = g;
    pthread_mutex_unlock(&s->mu);
    return busy ? drv_err(E_INVALID_PARAM, "stream %u is already capturing or updating", s->idx) : E_OK;
}

drv_graph *drv_stream_capture_end(drv_stream *s)
{
    if (!s)
        return NULL;
    pthread_mutex_lock(&s->mu);
    drv_graph *g = s->capture;
    s->capture = NULL;
    pthread_mutex_unlock(&s->mu);
    return g;
}

int drv_stream_update_begin(drv_stream *s, drv_graph *g, uint32_t first, uint32_t count)
{
    drv_clear_err();
    if (!s || !g)
        return drv_err(E_INVALID_PARAM, "NULL argument to task update begin");
    pthread_mutex_lock(&s->mu);
    int busy = s->capture != NULL || s->update != NULL;
    if (!busy) {
        s->update = g;
        s->update_next = first;
        s->update_end = first + count;
    }
    pthread_mutex_unlock(&s->mu);
    return busy ? drv_err(E_INVALID_PARAM, "stream %u is already capturing or updating", s->idx) : E_OK;
}

int drv_stream_update_end(drv_stream *s, uint32_t *left)
{
    if (!s)
        return drv_err(E_INVALID_PARAM, "stream is NULL");
    pthread_mutex_lock(&s->mu);
    *left = s->update ? s->update_end - s->update_next : 0;
    s->update = NULL;
    pthread_mutex_unlock(&s->mu);
    return E_OK;
}

/* ---- copies ------------------------------------------------------------------------------- */
/* A copy touching pageable host memory (or another device's memory) is done by the host, in
 * stream order: wait for the stream to drain, then copy (the real runtime also completes such
 * copies before returning). */
static int host_side_copy2d(drv_stream *s, void *dst, size_t dpitch, const void *src,
                            size_t spitch, size_t width, size_t height, int value)
{
    if (drv_stream_capturing(s))
        return drv_err(E_RT_PARAM_INVALID, "the pageable memory copy task does not support graph "
                       "capture (use memory from aclrtMallocHost)");
    if (drv_dev_lost(s->dev))
        return drv_lost(s->dev);
    int rc = drv_stream_drain(s);
    if (rc != E_OK)
        return rc;
    size_t dspan = dpitch * (height - 1) + width;
    unsigned char *d = drv_host_addr(dst, dspan);
    const unsigned char *sp = NULL;
    if (value < 0) {
        sp = drv_host_addr(src, spitch * (height - 1) + width);
        if (!sp)
            return drv_err(E_INVALID_PARAM, "source %p is not inside a live allocation", src);
    }
    if (!d)
        return drv_err(E_INVALID_PARAM, "destination %p is not inside a live allocation", dst);
    for (size_t r = 0; r < height; r++) {
        if (value >= 0)
            memset(d + r * dpitch, value, width);
        else
            memmove(d + r * dpitch, sp + r * spitch, width);
    }
    /* the checker's shadow follows (a 2-D copy counts its whole destination span written) */
    if (s->dev->mc_ring)
        drv_memcheck_host_copy(dst, height == 1 && value < 0 ? src : NULL, height == 1 ? width : dspan,
                               value >= 0 ? "aclrtMemsetAsync" : "aclrtMemcpyAsync");
    return E_OK;
}

int drv_memcpy2d_async(drv_stream *s, void *dst, size_t dpitch, const void *src, size_t spitch,
                       size_t width, size_t height)
{
    drv_clear_err();
    if (!s || !dst || !src)
        return drv_err(E_INVALID_PARAM, "NULL argument to async copy");
    if (width == 0 || height == 0)
        return E_OK;
    if (dpitch < width || spitch < width)
        return drv_err(E_INVALID_PARAM, "pitch smaller than width");
    uint64_t d, sr;
    int kd = drv_xlate(s->dev, dst, dpitch * (height - 1) + width, &d);
    if (kd < 0)
        return E_INVALID_PARAM;
    int ks = drv_xlate(s->dev, src, spitch * (height - 1) + width, &sr);
    if (ks < 0)
        return E_INVALID_PARAM;
    if (kd == PTR_HOST || ks == PTR_HOST)
        return host_side_copy2d(s, dst, dpitch, src, spitch, width, height, -1);
    ds_task t;
    memset(&t, 0, sizeof t);
    if (height == 1 || (dpitch == width && spitch == width)) {
        t.kind = DS_TASK_COPY;
        t.u[0] = d;
        t.u[1] = sr;
        t.u[2] = width * height;
    } else {
        t.kind = DS_TASK_COPY2D;
        t.u[0] = d;
        t.u[1] = dpitch;
        t.u[2] = sr;
        t.u[3] = spitch;
        t.u[4] = width;
        t.u[5] = height;
    }
    return drv_enqueue_task(s, &t, NULL, 0, 0);
}

int drv_memcpy_async(drv_stream *s, void *dst, const void *src, size_t count)
{
    return drv_memcpy2d_async(s, dst, count, src, count, count, 1);
}

int drv_memset_async(drv_stream *s, void *dst, uint8_t value, size_t count)
{
    drv_clear_err();
    if (!s || !dst)
        return drv_err(E_INVALID_PARAM, "NULL argument to async memset");
    if (count == 0)
        return E_OK;
    uint64_t d;
    int kd = drv_xlate(s->dev, dst, count, &d);
    if (kd < 0)
        return E_INVALID_PARAM;
    if (kd == PTR_HOST)
        return host_side_copy2d(s, dst, count, NULL, count, count, 1, value);
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_MEMSET;
    t.u[0] = d;
    t.u[1] = value;
    t.u[2] = count;
    return drv_enqueue_task(s, &t, NULL, 0, 0);
}

/* ---- host functions ----------------------------------------------------------------------- */
/* Room for n more entries in the callback queue of s (caller holds s->cb_mu). */
int drv_cbq_reserve(drv_stream *s, uint32_t n)
{
    if (s->cbq_len + n <= s->cbq_cap)
        return E_OK;
    uint32_t nc = s->cbq_cap ? s->cbq_cap * 2 : 16;
    while (nc < s->cbq_len + n)
        nc *= 2;
    cb_entry *q = malloc(nc * sizeof *q);
    if (!q)
        return E_BAD_ALLOC;
    for (uint32_t i = 0; i < s->cbq_len; i++)
        q[i] = s->cbq[(s->cbq_head + i) % s->cbq_cap];
    free(s->cbq);
    s->cbq = q;
    s->cbq_cap = nc;
    s->cbq_head = 0;
    return E_OK;
}

int drv_launch_host_fn(drv_stream *s, drv_host_fn fn, void *user_data, int block)
{
    drv_clear_err();
    if (!s || !fn)
        return drv_err(E_INVALID_PARAM, "NULL argument to host function launch");
    pthread_mutex_lock(&s->mu);
    if (s->update != NULL) {
        pthread_mutex_unlock(&s->mu);
        return drv_err(207000, "a host function cannot replace a task of a task group "
                       "(aclmdlRICaptureTaskUpdateBegin takes kernel launches, copies and memsets)");
    }
    if (s->capture) { /* recorded (under mu, as drv_enqueue_task records): each replay runs it on
                         the replaying stream's callback service */
        int rc = drv_graph_append_host_fn(s->capture, s->idx, fn, user_data, block);
        pthread_mutex_unlock(&s->mu);
        return rc;
    }
    pthread_mutex_unlock(&s->mu);
    pthread_mutex_lock(&s->cb_mu);
    if (drv_cbq_reserve(s, 1) != E_OK) {
        pthread_mutex_unlock(&s->cb_mu);
        return drv_err(E_BAD_ALLOC, "host out of memory");
    }
    uint32_t seq = ++s->cb_seq;
    s->cbq[(s->cbq_head + s->cbq_len) % s->cbq_cap] = (cb_entry){seq, fn, user_data};
    s->cbq_len++;
    /* enqueue under cb_mu so sequence numbers reach the ring in order */
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_HOST_FN;
    t.u[0] = seq;
    t.u[1] = block ? 1 : 0;
    int rc = drv_enqueue_task(s, &t, NULL, 0, 0);
    if (rc != E_OK) {
        s->cbq_len--;
        s->cb_seq--;
    }
    pthread_mutex_unlock(&s->cb_mu);
    return rc;
}

/* Runs the host functions the device has reached on s. Returns how many ran. */
static int run_reached(drv_stream *s)
{
    int ran = 0;
    for (;;) {
        pthread_mutex_lock(&s->cb_mu);
        uint32_t reached = atomic_load(&s->shm->cb_reached);
        if (s->cbq_len == 0 || !ds_reached(reached, s->cb_ran + 1)) {
            pthread_mutex_unlock(&s->cb_mu);
            return ran;
        }
        cb_entry e = s->cbq[s->cbq_head];
        s->cbq_head = (s->cbq_head + 1) % s->cbq_cap;
        s->cbq_len--;
        s->cb_ran = e.seq;
        pthread_mutex_unlock(&s->cb_mu);
        e.fn(e.ud);
        DRV_ORDER_RELEASE(s->dev);
        atomic_store(&s->shm->cb_done, e.seq);
        ds_futex_wake(&s->shm->cb_done);
        ran++;
    }
}

int drv_process_callbacks(drv_stream *const *streams, int n, int32_t timeout_ms)
{
    drv_clear_err();
    if (n <= 0 || !streams)
        return drv_err(E_INVALID_PARAM, "no streams to process callbacks of");
    drv_device *dev = streams[0]->dev;
    _Atomic uint32_t *report = &dev->ctl->clients[dev->slot].report_seq;
    uint64_t start = ds_now_ns();
    uint64_t deadline = timeout_ms < 0 ? UINT64_MAX : start + (uint64_t)timeout_ms * 1000000ull;
    for (;;) {
        uint32_t seen = atomic_load(report);
        int ran = 0;
        for (int i = 0; i < n; i++)
            if (streams[i])
                ran += run_reached(streams[i]);
        if (ran > 0)
            return E_OK;
        if (drv_dev_lost(dev))
            return drv_lost(dev);
        uint64_t now = ds_now_ns();
        if (now >= deadline)
            return drv_err(E_RT_REPORT_TIMEOUT, "no callback arrived within %d ms", timeout_ms);
        uint64_t slice = 100000000ull;
        if (deadline - now < slice)
            slice = deadline - now;
        ds_futex_wait(report, seen, (int64_t)slice);
    }
}

/* ---- events ------------------------------------------------------------------------------- */
int drv_event_create(drv_device *dev, uint32_t flags, drv_event **out)
{
    drv_clear_err();
    if (!dev || !out)
        return drv_err(E_INVALID_PARAM, "NULL argument to event create");
    drv_event *e = calloc(1, sizeof *e);
    if (!e)
        return drv_err(E_BAD_ALLOC, "host out of memory");
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_EVENT_CREATE;
    req.a[0] = flags;
    ds_resp r;
    int rc = drv_rpc(dev, &req, &r, -1, NULL, 0);
    if (rc != E_OK) {
        free(e);
        return rc;
    }
    e->dev = dev;
    e->idx = (uint32_t)r.r[0];
    e->shm = &dev->ctl->events[e->idx];
    e->flags = flags;
    pthread_mutex_lock(&dev->obj_mu);
    e->next = dev->events;
    e->prev = NULL;
    if (dev->events)
        dev->events->prev = e;
    dev->events = e;
    pthread_mutex_unlock(&dev->obj_mu);
    *out = e;
    return E_OK;
}

int drv_event_destroy(drv_event *e)
{
    drv_clear_err();
    if (!e)
        return drv_err(E_INVALID_PARAM, "event is NULL");
    drv_device *dev = e->dev;
    pthread_mutex_lock(&dev->obj_mu);
    if (e->prev)
        e->prev->next = e->next;
    else
        dev->events = e->next;
    if (e->next)
        e->next->prev = e->prev;
    pthread_mutex_unlock(&dev->obj_mu);
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_EVENT_DESTROY;
    req.a[0] = e->idx;
    ds_resp r;
    int rc = atomic_load(&dev->lost) ? E_OK : drv_rpc(dev, &req, &r, -1, NULL, 0);
    free(e);
    return rc;
}

void drv_event_release_all(drv_device *dev)
{
    pthread_mutex_lock(&dev->obj_mu);
    drv_event *e = dev->events;
    dev->events = NULL;
    pthread_mutex_unlock(&dev->obj_mu);
    while (e) {
        drv_event *n = e->next;
        free(e);
        e = n;
    }
}

int drv_event_record(drv_event *e, drv_stream *s)
{
    drv_clear_err();
    if (!e || !s)
        return drv_err(E_INVALID_PARAM, "NULL argument to event record");
    if (e->dev != s->dev)
        return drv_err(E_INVALID_PARAM, "event of device %d recorded on a stream of device %d",
                       e->dev->devid, s->dev->devid);
    ds_task t;
    memset(&t, 0, sizeof t);
    if (drv_stream_capturing(s)) {
        /* inside a capture the record only orders the captured tasks (one stream: program
         * order already does); it is a marker in the list */
        t.kind = DS_TASK_NOP;
        return drv_enqueue_task(s, &t, NULL, 0, 0);
    }
    uint32_t gen = atomic_fetch_add(&e->shm->recorded, 1) + 1;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_EVENT_RECORD;
    t.u[0] = e->idx;
    t.u[1] = gen;
    int rc = drv_enqueue_task(s, &t, NULL, 0, 0);
    if (rc == E_OK)
        atomic_store(&e->was_recorded, 1);
    return rc;
}

int drv_event_reset(drv_event *e, drv_stream *s)
{
    drv_clear_err();
    if (!e)
        return drv_err(E_INVALID_PARAM, "event is NULL");
    atomic_store(&e->was_recorded, 0);
    return E_OK;
}

int drv_event_query(drv_event *e, int *complete)
{
    if (!e || !complete)
        return drv_err(E_INVALID_PARAM, "NULL argument to event query");
    *complete = ds_reached(atomic_load(&e->shm->completed), atomic_load(&e->shm->recorded));
    if (*complete)
        DRV_ORDER_ACQUIRE(e->dev);
    return E_OK;
}

int drv_event_recorded(drv_event *e, int *recorded)
{
    if (!e || !recorded)
        return drv_err(E_INVALID_PARAM, "NULL argument to event query");
    *recorded = atomic_load(&e->was_recorded);
    return E_OK;
}

int drv_event_sync(drv_event *e, int32_t timeout_ms)
{
    if (!e)
        return drv_err(E_INVALID_PARAM, "event is NULL");
    uint32_t target = atomic_load(&e->shm->recorded);
    int rc = drv_wait_counter(e->dev, &e->shm->completed, NULL, target, timeout_ms,
                              E_RT_EVENT_SYNC_TIMEOUT);
    if (rc == E_OK)
        DRV_ORDER_ACQUIRE(e->dev);
    if (e->dev->mc_ring)
        drv_memcheck_flush(e->dev);
    return rc;
}

int drv_event_timestamp(drv_event *e, uint64_t *ns)
{
    if (!e || !ns)
        return drv_err(E_INVALID_PARAM, "NULL argument to event timestamp");
    *ns = atomic_load(&e->shm->timestamp);
    return E_OK;
}

int drv_stream_wait_event(drv_stream *s, drv_event *e)
{
    return drv_stream_wait_event_timeout(s, e, atomic_load(&op_wait_timeout_us));
}

int drv_stream_wait_event_timeout(drv_stream *s, drv_event *e, uint64_t timeout_us)
{
    drv_clear_err();
    if (!s || !e)
        return drv_err(E_INVALID_PARAM, "NULL argument to stream wait event");
    if (drv_stream_capturing(s)) {
        /* the runtime allows this only for a record captured earlier on this stream */
        ds_task t;
        memset(&t, 0, sizeof t);
        t.kind = DS_TASK_NOP;
        return drv_enqueue_task(s, &t, NULL, 0, 0);
    }
    uint32_t gen = atomic_load(&e->shm->recorded);
    if (gen == 0)
        return E_OK; /* never recorded: nothing to wait for */
    if (e->dev != s->dev) {
        /* cross-device dependency: the host waits (the devices share no memory) */
        return drv_event_sync(e, -1);
    }
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_EVENT_WAIT;
    t.u[0] = e->idx;
    t.u[1] = gen;
    t.u[2] = timeout_us;
    return drv_enqueue_task(s, &t, NULL, 0, 0);
}
