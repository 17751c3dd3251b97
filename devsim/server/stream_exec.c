/* One thread per live stream: takes tasks from the stream's ring in order and executes them. */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../common/futex.h"
#include "client_order.h"
#include "devsim.h"

#define ERR_KERNEL_LOOKUP 507027
#define ERR_TASK_TIMEOUT 107020 /* an event wait past the op wait timeout (aclrtSetOpWaitTimeout) */

#ifdef ACLEMU_DS_TSAN
char ds_client_order_sync;
#endif

typedef struct stream_ctx {
    ds_server *srv;
    uint32_t idx;
} stream_ctx;

typedef struct copy_args {
    void *dst;
    const void *src;
    size_t n;
    int value; /* memset when >= 0 */
    _Atomic uint32_t *state;
} copy_args;

/* Large copies go in chunks so that a stream being torn down (its client died) stops soon. */
#define COPY_CHUNK (4u << 20)

static int do_copy(void *arg)
{
    copy_args *c = arg;
    int backward = c->value < 0 && (char *)c->dst > (const char *)c->src &&
                   (char *)c->dst < (const char *)c->src + c->n;
    if (backward) { /* overlapping, destination after source */
        memmove(c->dst, c->src, c->n);
        return 0;
    }
    for (size_t off = 0; off < c->n; off += COPY_CHUNK) {
        size_t len = c->n - off < COPY_CHUNK ? c->n - off : COPY_CHUNK;
        if (c->value >= 0)
            memset((char *)c->dst + off, c->value, len);
        else
            memmove((char *)c->dst + off, (const char *)c->src + off, len);
        if (atomic_load_explicit(c->state, memory_order_relaxed) != DS_STREAM_LIVE)
            break;
    }
    return 0;
}

typedef struct copy2d_args {
    const uint64_t *u;
} copy2d_args;

static int do_copy2d(void *arg)
{
    const uint64_t *u = ((copy2d_args *)arg)->u;
    char *dst = (char *)(uintptr_t)u[0];
    const char *src = (const char *)(uintptr_t)u[2];
    for (uint64_t r = 0; r < u[5]; r++)
        memmove(dst + r * u[1], src + r * u[3], u[4]);
    return 0;
}

static uint64_t us_to_ns(uint64_t us) { return us > UINT64_MAX / 1000u ? UINT64_MAX : us * 1000u; }

static int aborting(ds_stream_shm *s) { return atomic_load(&s->state) != DS_STREAM_LIVE; }

static int exec_task(ds_server *srv, ds_stream_shm *s, const ds_task *t)
{
    ds_ctl *ctl = srv->ctl;
    switch (t->kind) {
    case DS_TASK_KERNEL: {
        aclemu_kernel_fn fn = aclemu_kernel_find(t->kernel);
        if (!fn)
            return ERR_KERNEL_LOOKUP;
        return ds_pool_run_timed(&srv->pool, fn, (const unsigned char *)t + sizeof *t,
                                 t->args_size, t->block_dim, us_to_ns(t->u[0]));
    }
    case DS_TASK_COPY: {
        copy_args c = {(void *)(uintptr_t)t->u[0], (const void *)(uintptr_t)t->u[1], t->u[2], -1,
                       &s->state};
        return ds_guarded(do_copy, &c);
    }
    case DS_TASK_MEMSET: {
        copy_args c = {(void *)(uintptr_t)t->u[0], NULL, t->u[2], (int)(t->u[1] & 0xff),
                       &s->state};
        return ds_guarded(do_copy, &c);
    }
    case DS_TASK_COPY2D: {
        copy2d_args c = {t->u};
        return ds_guarded(do_copy2d, &c);
    }
    case DS_TASK_EVENT_RECORD: {
        if (t->u[0] >= DS_MAX_EVENTS)
            return 0;
        ds_event_shm *ev = &ctl->events[t->u[0]];
        atomic_store(&ev->timestamp, ds_now_ns());
        atomic_store(&ev->completed, (uint32_t)t->u[1]);
        ds_futex_wake(&ev->completed);
        return 0;
    }
    case DS_TASK_EVENT_WAIT: {
        if (t->u[0] >= DS_MAX_EVENTS)
            return 0;
        ds_event_shm *ev = &ctl->events[t->u[0]];
        uint32_t gen = (uint32_t)t->u[1];
        uint64_t limit_ns = us_to_ns(t->u[2]), t0 = limit_ns ? ds_now_ns() : 0;
        for (;;) {
            uint32_t c = atomic_load(&ev->completed);
            if (ds_reached(c, gen) || !atomic_load(&ev->live) || aborting(s))
                return 0;
            int64_t slice = 50000000;
            if (limit_ns) {
                uint64_t waited = ds_now_ns() - t0;
                if (waited >= limit_ns)
                    return ERR_TASK_TIMEOUT;
                if (limit_ns - waited < (uint64_t)slice)
                    slice = (int64_t)(limit_ns - waited);
            }
            ds_futex_wait(&ev->completed, c, slice);
        }
    }
    case DS_TASK_HOST_FN: {
        uint32_t seq = (uint32_t)t->u[0];
        atomic_store(&s->cb_reached, seq);
        ds_futex_wake(&s->cb_reached);
        if (s->owner_slot < DS_MAX_CLIENTS) {
            ds_client_shm *cl = &ctl->clients[s->owner_slot];
            atomic_fetch_add(&cl->report_seq, 1);
            ds_futex_wake(&cl->report_seq);
        }
        if (t->u[1]) { /* blocking: the stream waits for the host function to have run */
            for (;;) {
                uint32_t d = atomic_load(&s->cb_done);
                if (ds_reached(d, seq) || aborting(s))
                    break;
                ds_futex_wait(&s->cb_done, d, 50000000);
            }
        }
        return 0;
    }
    default:
        return 0;
    }
}

/* ---- task graphs (stream capture / model replay) --------------------------------------------
 * A DS_TASK_GRAPH names a list of task records in device memory; one submission runs the whole
 * list in order on this stream, each record exactly as if it had come through the ring. */
#define ERR_GRAPH_INVALID 507000

static ds_graph_hdr *graph_of(ds_server *srv, const ds_task *t)
{
    uint64_t a = t->u[0], bytes = t->u[1];
    if (a < srv->arena_base || a - srv->arena_base > srv->arena_size ||
        srv->arena_size - (a - srv->arena_base) < sizeof(ds_graph_hdr) ||
        bytes > srv->arena_size - (a - srv->arena_base) - sizeof(ds_graph_hdr))
        return NULL;
    return (ds_graph_hdr *)(uintptr_t)a;
}

static int exec_graph(ds_server *srv, ds_stream_shm *s, const ds_task *t)
{
    ds_graph_hdr *g = graph_of(srv, t);
    if (!g || g->magic != DS_GRAPH_MAGIC || g->bytes != t->u[1] || g->count != t->u[2])
        return ERR_GRAPH_INVALID;
    const unsigned char *p = (const unsigned char *)(g + 1);
    uint64_t off = 0;
    int first_err = 0;
    uint32_t host_fns = 0; /* recorded host functions: numbered from u[3] of the GRAPH task */
    for (uint32_t i = 0; i < g->count; i++) {
        const ds_task *sub = (const ds_task *)(p + off);
        if (g->bytes - off < sizeof(ds_task) || sub->size < sizeof(ds_task) ||
            sub->size > g->bytes - off || sub->kind == DS_TASK_GRAPH || sub->kind == DS_TASK_PAD)
            return first_err ? first_err : ERR_GRAPH_INVALID;
        off += sub->size;
        ds_task numbered;
        if (sub->kind == DS_TASK_HOST_FN && sub->u[2] == 1) {
            numbered = *sub;
            numbered.u[0] = (uint32_t)(t->u[3] + host_fns++);
            sub = &numbered;
        }
        if (aborting(s) || (first_err && s->fail_mode == 1))
            continue;
        int rc = ds_mc_task(srv, s, sub);
        if (rc == 0)
            rc = exec_task(srv, s, sub);
        if (rc != 0 && !first_err)
            first_err = rc;
    }
    return first_err;
}

/* Counts the run (or the skip) for the client waiting to destroy the graph. */
static void graph_done(ds_server *srv, const ds_task *t)
{
    ds_graph_hdr *g = graph_of(srv, t);
    if (!g)
        return;
    atomic_fetch_add(&g->replays_done, 1);
    ds_futex_wake(&g->replays_done);
}

static void *stream_main(void *arg)
{
    stream_ctx *sc = arg;
    ds_server *srv = sc->srv;
    uint32_t idx = sc->idx;
    free(sc);
    ds_stream_shm *s = &srv->ctl->streams[idx];
    uint32_t done = atomic_load(&s->completed);
    uint64_t rpos = atomic_load(&s->read_pos);

    for (;;) {
        uint32_t sub = atomic_load_explicit(&s->submitted, memory_order_acquire);
        if (sub == done) {
            if (aborting(s))
                break;
            /* Spin a while before sleeping on the futex: waking a sleeping thread costs 20-100 us
             * on a VM, a sizeable share of a sub-millisecond kernel. */
            ds_spin sp;
            ds_spin_begin(&sp);
            while (atomic_load_explicit(&s->submitted, memory_order_acquire) == done &&
                   !aborting(s) && ds_spin_on(&sp, DS_WORKER_SPIN_NS))
                ds_cpu_relax();
            if (atomic_load(&s->submitted) != done || aborting(s))
                continue;
            atomic_store(&s->dev_sleeping, 1);
            if (atomic_load(&s->submitted) == done && !aborting(s))
                ds_futex_wait(&s->submitted, done, 1000000000);
            atomic_store(&s->dev_sleeping, 0);
            continue;
        }
        const ds_task *t = (const ds_task *)(s->ring + (rpos % DS_RING_BYTES));
        if (t->kind == DS_TASK_PAD) {
            rpos += DS_RING_BYTES - (rpos % DS_RING_BYTES);
            continue;
        }
        uint32_t size = t->size;
        if (size < sizeof(ds_task) || size > DS_RING_BYTES) {
            /* corrupt ring: fail everything from here on */
            int32_t zero = 0;
            atomic_compare_exchange_strong(&s->error, &zero, 507000);
            atomic_store(&s->state, DS_STREAM_ABORT);
            break;
        }
        int skip = aborting(s) || (s->fail_mode == 1 && atomic_load(&s->error) != 0);
        int multi = (t->kind == DS_TASK_KERNEL && t->block_dim > 1) ||
                    t->kind == DS_TASK_GRAPH; /* read before the slot is released */
        if (!skip) {
            ds_client_order_acquire();
            int rc = 0;
            if (t->kind == DS_TASK_GRAPH)
                rc = exec_graph(srv, s, t);
            else if ((rc = ds_mc_task(srv, s, t)) == 0) /* the memory checker may refuse it */
                rc = exec_task(srv, s, t);
            if (rc != 0) {
                int32_t zero = 0;
                atomic_compare_exchange_strong(&s->error, &zero, rc);
            }
        }
        if (t->kind == DS_TASK_GRAPH)
            graph_done(srv, t);
        rpos += size;
        atomic_store_explicit(&s->read_pos, rpos, memory_order_release);
        atomic_store_explicit(&s->completed_ns, ds_now_ns(), memory_order_relaxed);
        ds_client_order_release();
        atomic_store_explicit(&s->completed, ++done, memory_order_seq_cst);
        if (atomic_load(&s->client_waiting))
            ds_pool_wake(&srv->pool, &s->completed, atomic_load(&s->waiter_cpu), multi && !skip);
    }
    /* give the ring's pages back to the host, tell waiters the stream is gone, free the slot */
    {
        uint64_t off = (uint64_t)((unsigned char *)s->ring - (unsigned char *)srv->ctl);
        fallocate(srv->ctl_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)off,
                  DS_RING_BYTES);
    }
    atomic_store(&s->completed, atomic_load(&s->submitted));
    ds_futex_wake(&s->completed);
    ds_futex_wake(&s->cb_reached);
    atomic_store(&s->state, DS_STREAM_FREE);
    ds_futex_wake(&s->state);
    return NULL;
}

int ds_stream_start(ds_server *srv, uint32_t idx)
{
    stream_ctx *sc = malloc(sizeof *sc);
    if (!sc)
        return -1;
    sc->srv = srv;
    sc->idx = idx;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&at, 8u << 20);
    pthread_t th;
    int rc = pthread_create(&th, &at, stream_main, sc);
    pthread_attr_destroy(&at);
    if (rc != 0) {
        free(sc);
        return -1;
    }
    return 0;
}

void ds_stream_abort(ds_server *srv, uint32_t idx)
{
    ds_stream_shm *s = &srv->ctl->streams[idx];
    uint32_t expected = DS_STREAM_LIVE;
    atomic_compare_exchange_strong(&s->state, &expected, DS_STREAM_ABORT);
    ds_futex_wake(&s->submitted);
    ds_futex_wake(&s->cb_done);
}

void ds_stream_wait_free(ds_server *srv, uint32_t idx, uint32_t owner)
{
    ds_stream_shm *s = &srv->ctl->streams[idx];
    for (;;) {
        uint32_t st = atomic_load(&s->state);
        /* once free it may be created again for another client: then ours is gone too */
        if (st == DS_STREAM_FREE || atomic_load(&s->owner_slot) != owner)
            return;
        ds_futex_wait(&s->state, st, 50000000);
    }
}
