/* Driver: task graphs. A stream in capture appends its tasks to a graph instead of its ring; a
 * finalised graph lives in device memory and one DS_TASK_GRAPH task on any stream of the device
 * runs the whole list (devsim/server/stream_exec.c). Loaded models build their launch lists the
 * same way (acl/src/ri_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "drv_internal.h"

#define TASK_ALIGN(n) (((n) + DS_TASK_ALIGN - 1) & ~(size_t)(DS_TASK_ALIGN - 1))
#define E_RT_MODEL_RUNNING 107037
#define E_RT_FEATURE_NOT_SUPPORT 207000

struct drv_graph {
    drv_device *dev;
    pthread_mutex_t mu;       /* recording and updates */
    unsigned char *rec;       /* task records while recording (host memory) */
    size_t len, cap;
    uint64_t *offs;           /* byte offset of each task in the list */
    uint32_t *owner;          /* id of the stream that issued each task */
    uint32_t count, cap_offs;
    int failed;               /* an append ran out of host memory: the capture is invalid */
    void *devmem;             /* ds_graph_hdr + records, once finalised */
    ds_graph_hdr *hdr;        /* host view of devmem */
    void **staging;           /* device buffers holding task updates in flight */
    uint32_t nstaging, cap_staging;
    _Atomic uint32_t replays; /* DS_TASK_GRAPH tasks published */
    /* host functions recorded (DS_TASK_HOST_FN records with u[2] = 1), in list order: each
     * launch queues them on the replay stream's callback queue (drv_graph_launch) */
    struct graph_host_fn { drv_host_fn fn; void *ud; } *hostfns;
    uint32_t nhostfns, cap_hostfns;
};

int drv_graph_create(drv_device *dev, drv_graph **out)
{
    drv_clear_err();
    if (!dev || !out)
        return drv_err(E_INVALID_PARAM, "NULL argument to graph create");
    drv_graph *g = calloc(1, sizeof *g);
    if (!g)
        return drv_err(E_BAD_ALLOC, "host out of memory");
    g->dev = dev;
    pthread_mutex_init(&g->mu, NULL);
    *out = g;
    return E_OK;
}

drv_device *drv_graph_device(const drv_graph *g) { return g ? g->dev : NULL; }

/* Appends one task record (the stream's enqueue calls this while it captures). */
int drv_graph_append(drv_graph *g, uint32_t owner, const ds_task *hdr, const void *payload, size_t plen)
{
    size_t size = TASK_ALIGN(sizeof(ds_task) + plen);
    pthread_mutex_lock(&g->mu);
    if (g->devmem) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "the task graph is finalised; no task can be added");
    }
    if (g->len + size > g->cap) {
        size_t nc = g->cap ? g->cap * 2 : 16384;
        while (nc < g->len + size)
            nc *= 2;
        unsigned char *n = realloc(g->rec, nc);
        if (!n) {
            g->failed = 1;
            pthread_mutex_unlock(&g->mu);
            return drv_err(E_BAD_ALLOC, "host out of memory recording a task");
        }
        g->rec = n;
        g->cap = nc;
    }
    if (g->count == g->cap_offs) {
        uint32_t nc = g->cap_offs ? g->cap_offs * 2 : 256;
        uint64_t *n = realloc(g->offs, nc * sizeof *n);
        if (n)
            g->offs = n;
        uint32_t *o = n ? realloc(g->owner, nc * sizeof *o) : NULL;
        if (!n || !o) {
            g->failed = 1;
            pthread_mutex_unlock(&g->mu);
            return drv_err(E_BAD_ALLOC, "host out of memory recording a task");
        }
        g->owner = o;
        g->cap_offs = nc;
    }
    ds_task *t = (ds_task *)(g->rec + g->len);
    memset(t, 0, size);
    *t = *hdr;
    t->size = (uint32_t)size;
    if (plen)
        memcpy((unsigned char *)t + sizeof *t, payload, plen);
    g->owner[g->count] = owner;
    g->offs[g->count++] = g->len;
    g->len += size;
    pthread_mutex_unlock(&g->mu);
    return E_OK;
}

/* Records a host function: a HOST_FN task whose sequence number each replay assigns. */
int drv_graph_append_host_fn(drv_graph *g, uint32_t owner, drv_host_fn fn, void *ud, int block)
{
    pthread_mutex_lock(&g->mu);
    if (g->nhostfns == g->cap_hostfns) {
        uint32_t nc = g->cap_hostfns ? g->cap_hostfns * 2 : 8;
        struct graph_host_fn *n = realloc(g->hostfns, nc * sizeof *n);
        if (!n) {
            g->failed = 1;
            pthread_mutex_unlock(&g->mu);
            return drv_err(E_BAD_ALLOC, "host out of memory recording a host function");
        }
        g->hostfns = n;
        g->cap_hostfns = nc;
    }
    pthread_mutex_unlock(&g->mu);
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_HOST_FN;
    t.u[1] = block ? 1 : 0;
    t.u[2] = 1; /* numbered at replay: u[3] of the GRAPH task + its rank among host functions */
    int rc = drv_graph_append(g, owner, &t, NULL, 0);
    if (rc != E_OK)
        return rc;
    pthread_mutex_lock(&g->mu);
    g->hostfns[g->nhostfns++] = (struct graph_host_fn){fn, ud};
    pthread_mutex_unlock(&g->mu);
    return E_OK;
}

uint32_t drv_graph_host_fn_count(drv_graph *g)
{
    if (!g)
        return 0;
    pthread_mutex_lock(&g->mu);
    uint32_t n = g->nhostfns;
    pthread_mutex_unlock(&g->mu);
    return n;
}

uint32_t drv_graph_task_count(drv_graph *g)
{
    if (!g)
        return 0;
    pthread_mutex_lock(&g->mu);
    uint32_t n = g->count;
    pthread_mutex_unlock(&g->mu);
    return n;
}

int drv_graph_failed(drv_graph *g)
{
    pthread_mutex_lock(&g->mu);
    int f = g->failed;
    pthread_mutex_unlock(&g->mu);
    return f;
}

int drv_graph_finalize(drv_graph *g)
{
    drv_clear_err();
    if (!g)
        return drv_err(E_INVALID_PARAM, "graph is NULL");
    pthread_mutex_lock(&g->mu);
    if (g->devmem) {
        pthread_mutex_unlock(&g->mu);
        return E_OK;
    }
    size_t bytes = sizeof(ds_graph_hdr) + g->len;
    void *mem;
    int rc = drv_mem_alloc(g->dev, bytes, &mem);
    if (rc != E_OK) {
        pthread_mutex_unlock(&g->mu);
        return rc;
    }
    ds_graph_hdr *h = drv_mem_host_view(g->dev, mem, bytes);
    if (!h) {
        drv_mem_free(g->dev, mem);
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_RT_INTERNAL, "no host view of the graph's device memory");
    }
    memset(h, 0, sizeof *h);
    if (g->len)
        memcpy(h + 1, g->rec, g->len);
    h->bytes = g->len;
    h->count = g->count;
    atomic_store(&h->replays_done, 0);
    h->magic = DS_GRAPH_MAGIC;
    g->devmem = mem;
    g->hdr = h;
    /* the device reads the list from now on; keep only the offsets (updates, descriptions) */
    free(g->rec);
    g->rec = NULL;
    g->cap = 0;
    pthread_mutex_unlock(&g->mu);
    return E_OK;
}

/* The record of task i in the finalised list (caller holds g->mu). */
static const ds_task *task_at(const drv_graph *g, uint32_t i)
{
    const unsigned char *base = g->devmem ? (const unsigned char *)(g->hdr + 1) : g->rec;
    return (const ds_task *)(base + g->offs[i]);
}

int drv_graph_describe(drv_graph *g, uint32_t i, drv_graph_task_info *out)
{
    if (!g || !out)
        return drv_err(E_INVALID_PARAM, "NULL argument to graph describe");
    pthread_mutex_lock(&g->mu);
    if (i >= g->count) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "task %u of a graph of %u tasks", i, g->count);
    }
    const ds_task *t = task_at(g, i);
    memset(out, 0, sizeof *out);
    out->block_dim = t->block_dim;
    out->args_size = t->args_size;
    out->stream_id = g->owner[i];
    memcpy(out->u, t->u, sizeof out->u);
    switch (t->kind) {
    case DS_TASK_KERNEL: out->kind = DRV_GRAPH_KERNEL; break;
    case DS_TASK_COPY: case DS_TASK_COPY2D: out->kind = DRV_GRAPH_MEMCPY; break;
    case DS_TASK_MEMSET: out->kind = DRV_GRAPH_MEMSET; break;
    case DS_TASK_EVENT_RECORD: out->kind = DRV_GRAPH_EVENT_RECORD; break;
    case DS_TASK_EVENT_WAIT: out->kind = DRV_GRAPH_EVENT_WAIT; break;
    case DS_TASK_HOST_FN: out->kind = DRV_GRAPH_HOST_FN; break;
    default: out->kind = DRV_GRAPH_OTHER; break;
    }
    memcpy(out->kernel, t->kernel, sizeof out->kernel);
    pthread_mutex_unlock(&g->mu);
    return E_OK;
}

int drv_graph_task_args(drv_graph *g, uint32_t i, void *buf, size_t cap)
{
    if (!g || !buf)
        return drv_err(E_INVALID_PARAM, "NULL argument to graph task args");
    pthread_mutex_lock(&g->mu);
    if (i >= g->count) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "task %u of a graph of %u tasks", i, g->count);
    }
    const ds_task *t = task_at(g, i);
    if (t->kind != DS_TASK_KERNEL || t->args_size > cap) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "task %u is no kernel or its %u bytes of arguments do not fit", i,
                       t->args_size);
    }
    memcpy(buf, t + 1, t->args_size);
    pthread_mutex_unlock(&g->mu);
    return E_OK;
}

int drv_graph_set_kernel(drv_graph *g, uint32_t i, const void *args, size_t size, uint32_t block_dim,
                         int32_t timeout_ms)
{
    drv_clear_err();
    if (!g || (!args && size))
        return drv_err(E_INVALID_PARAM, "NULL argument to graph kernel update");
    pthread_mutex_lock(&g->mu);
    int ready = g->devmem != NULL;
    pthread_mutex_unlock(&g->mu);
    if (!ready)
        return drv_err(E_INVALID_PARAM, "the task graph is still being recorded");
    /* the records are read by replays in flight: let them finish first */
    if (!atomic_load(&g->dev->lost)) {
        int rc = drv_wait_counter(g->dev, &g->hdr->replays_done, NULL, atomic_load(&g->replays), timeout_ms,
                                  E_RT_MODEL_RUNNING);
        if (rc != E_OK)
            return drv_err(rc, "the task graph is still running after %d ms", timeout_ms);
    }
    pthread_mutex_lock(&g->mu);
    if (i >= g->count) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "task %u of a graph of %u tasks", i, g->count);
    }
    ds_task *t = (ds_task *)((unsigned char *)(g->hdr + 1) + g->offs[i]);
    if (t->kind != DS_TASK_KERNEL || t->args_size != size) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "task %u is no kernel of %zu bytes of arguments", i, size);
    }
    memcpy(t + 1, args, size);
    t->block_dim = block_dim;
    pthread_mutex_unlock(&g->mu);
    DRV_ORDER_RELEASE(g->dev);
    return E_OK;
}

int drv_graph_launch(drv_graph *g, drv_stream *s)
{
    drv_clear_err();
    if (!g || !s)
        return drv_err(E_INVALID_PARAM, "NULL argument to graph launch");
    if (s->dev != g->dev)
        return drv_err(E_INVALID_PARAM, "a graph of device %d launched on a stream of device %d",
                       g->dev->devid, s->dev->devid);
    pthread_mutex_lock(&g->mu);
    int ready = g->devmem != NULL;
    uint64_t addr = (uint64_t)(uintptr_t)g->devmem, bytes = g->len;
    uint32_t count = g->count, nh = g->nhostfns;
    pthread_mutex_unlock(&g->mu);
    if (!ready)
        return drv_err(E_INVALID_PARAM, "the task graph is still being recorded");
    ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_GRAPH;
    t.u[0] = addr;
    t.u[1] = bytes;
    t.u[2] = count;
    if (nh) {
        /* the list's host functions take the next nh sequence numbers of s, queued and
         * published under cb_mu like single launches so the numbers reach the ring in order */
        pthread_mutex_lock(&s->cb_mu);
        if (drv_cbq_reserve(s, nh) != E_OK) {
            pthread_mutex_unlock(&s->cb_mu);
            return drv_err(E_BAD_ALLOC, "host out of memory");
        }
        uint32_t base = s->cb_seq + 1;
        pthread_mutex_lock(&g->mu);
        for (uint32_t i = 0; i < nh; i++)
            s->cbq[(s->cbq_head + s->cbq_len + i) % s->cbq_cap] =
                (cb_entry){base + i, g->hostfns[i].fn, g->hostfns[i].ud};
        pthread_mutex_unlock(&g->mu);
        s->cbq_len += nh;
        s->cb_seq += nh;
        t.u[3] = base;
        atomic_fetch_add(&g->replays, 1);
        int rc = drv_enqueue_task(s, &t, NULL, 0, 1);
        if (rc != E_OK) {
            atomic_fetch_sub(&g->replays, 1);
            s->cbq_len -= nh;
            s->cb_seq -= nh;
        }
        pthread_mutex_unlock(&s->cb_mu);
        return rc;
    }
    /* counted before publishing: the device may finish it before enqueue returns */
    atomic_fetch_add(&g->replays, 1);
    int rc = drv_enqueue_task(s, &t, NULL, 0, 1);
    if (rc != E_OK)
        atomic_fetch_sub(&g->replays, 1);
    return rc;
}

/* ---- updates of recorded tasks (aclmdlRICaptureTaskUpdate*) ------------------------------ */
int drv_graph_update_task(drv_graph *g, uint32_t i, drv_stream *s, const ds_task *hdr,
                          const void *payload, size_t plen)
{
    size_t size = TASK_ALIGN(sizeof(ds_task) + plen);
    pthread_mutex_lock(&g->mu);
    if (!g->devmem || i >= g->count) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM, "task %u is not in the finalised graph", i);
    }
    const ds_task *old = task_at(g, i);
    if (old->kind != hdr->kind || old->size != size ||
        (hdr->kind == DS_TASK_KERNEL && strcmp(old->kernel, hdr->kernel) != 0)) {
        pthread_mutex_unlock(&g->mu);
        return drv_err(E_INVALID_PARAM,
                       "task %u of the group is a different task (kind %u, %u bytes) than the "
                       "update (kind %u, %zu bytes)", i, old->kind, old->size, hdr->kind, size);
    }
    if (g->nstaging == g->cap_staging) {
        uint32_t nc = g->cap_staging ? g->cap_staging * 2 : 16;
        void **n = realloc(g->staging, nc * sizeof *n);
        if (!n) {
            pthread_mutex_unlock(&g->mu);
            return drv_err(E_BAD_ALLOC, "host out of memory");
        }
        g->staging = n;
        g->cap_staging = nc;
    }
    void *st;
    int rc = drv_mem_alloc(g->dev, size, &st);
    if (rc != E_OK) {
        pthread_mutex_unlock(&g->mu);
        return rc;
    }
    ds_task *v = drv_mem_host_view(g->dev, st, size);
    memset(v, 0, size);
    *v = *hdr;
    v->size = (uint32_t)size;
    if (plen)
        memcpy((unsigned char *)v + sizeof *v, payload, plen);
    g->staging[g->nstaging++] = st;
    uint64_t dst = (uint64_t)(uintptr_t)g->devmem + sizeof(ds_graph_hdr) + g->offs[i];
    pthread_mutex_unlock(&g->mu);
    /* in stream order on s: replays queued before see the old task, later ones the new */
    ds_task c;
    memset(&c, 0, sizeof c);
    c.kind = DS_TASK_COPY;
    c.u[0] = dst;
    c.u[1] = (uint64_t)(uintptr_t)st;
    c.u[2] = size;
    return drv_enqueue_task(s, &c, NULL, 0, 1);
}

int drv_graph_destroy(drv_graph *g, int32_t timeout_ms)
{
    drv_clear_err();
    if (!g)
        return drv_err(E_INVALID_PARAM, "graph is NULL");
    int rc = E_OK;
    if (g->hdr && !atomic_load(&g->dev->lost)) {
        rc = drv_wait_counter(g->dev, &g->hdr->replays_done, NULL, atomic_load(&g->replays),
                              timeout_ms, E_RT_MODEL_RUNNING);
        if (rc == E_RT_MODEL_RUNNING)
            return drv_err(rc, "the task graph is still running after %d ms", timeout_ms);
    }
    /* the device's memory (and so the list) goes with a lost device */
    if (g->devmem && !atomic_load(&g->dev->lost))
        drv_mem_free(g->dev, g->devmem);
    for (uint32_t i = 0; i < g->nstaging; i++)
        if (!atomic_load(&g->dev->lost))
            drv_mem_free(g->dev, g->staging[i]);
    free(g->staging);
    free(g->hostfns);
    free(g->rec);
    free(g->offs);
    free(g->owner);
    pthread_mutex_destroy(&g->mu);
    free(g);
    return rc == E_OK ? E_OK : rc;
}
