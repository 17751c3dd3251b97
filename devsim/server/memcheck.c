/* The device-memory checker: allocation registry, quarantine, initialisation shadow, the checks
 * of a checked client's launches and copies, and its reports. See devsim/MEMCHECK.md. */
#include "memcheck.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../common/futex.h"
#include "../memcheck_proto.h"
#include "devsim.h"

#define ERR_INVALID_PARAM 100000
#define ERR_AICORE_EXCEPTION 507015 /* a kernel's illegal address (as the fault guard reports) */
#define ERR_SYS_DMA 507013          /* a copy's illegal address */

/* Freed blocks of checked clients stay reserved this long (bytes) before the arena gets them
 * back, so that a later allocation does not hide a use after free. */
#define QUARANTINE_DEFAULT (256ull << 20)
/* Blocks given back to the arena are remembered as freed until reused, up to this many. */
#define FREED_REMEMBERED 4096

enum { BLK_LIVE, BLK_QUARANTINED, BLK_FREED };

typedef struct mc_block {
    uint64_t addr;
    uint64_t size;     /* bytes the user asked for */
    uint64_t reserved; /* bytes the arena holds */
    uint32_t owner;
    uint16_t state;
    uint16_t full;     /* every byte of [addr, addr+size) written: reads and writes skip the
                          shadow (set under the read lock: __atomic accesses) */
} mc_block;

typedef struct mc_client {
    _Atomic(ds_mc_ring *) ring; /* NULL: not checked; set before the client's streams exist */
    pthread_mutex_t mu;         /* writers of the ring */
    int32_t pid;
    _Atomic uint64_t check_ns;  /* time the checks of its tasks took (the device log shows it) */
    _Atomic uint64_t checked_tasks;
} mc_client;

struct ds_memcheck {
    pthread_rwlock_t rw;         /* registry; writers also hold srv->lock */
    mc_block *blk;               /* sorted by addr, ranges [addr, addr+reserved) disjoint */
    size_t nblk, capblk, nfreed;
    uint64_t *fifo;              /* quarantined block addresses, oldest first */
    size_t fifo_len, fifo_cap;
    uint64_t q_bytes, q_cap;
    uint64_t base, size;
    _Atomic uint64_t *shadow;    /* bit i: 4-byte word i of the arena has been written */
    size_t shadow_bytes;
    mc_client cl[DS_MAX_CLIENTS];
};

/* ---- shadow ------------------------------------------------------------------------------ */
/* Words [w0, w1) of the arena set (val 1) or cleared (val 0). */
static void shadow_fill(ds_memcheck *mc, uint64_t w0, uint64_t w1, int val)
{
    while (w0 < w1) {
        uint64_t i = w0 >> 6, b = w0 & 63;
        uint64_t n = w1 - w0 < 64 - b ? w1 - w0 : 64 - b;
        if (b == 0 && n == 64) {
            /* whole 64-bit words: plain relaxed stores */
            uint64_t iend = w1 >> 6;
            for (; i < iend; i++)
                atomic_store_explicit(&mc->shadow[i], val ? ~0ull : 0, memory_order_relaxed);
            w0 = iend << 6;
            continue;
        }
        uint64_t mask = (n == 64 ? ~0ull : ((1ull << n) - 1)) << b;
        if (val)
            atomic_fetch_or_explicit(&mc->shadow[i], mask, memory_order_relaxed);
        else
            atomic_fetch_and_explicit(&mc->shadow[i], ~mask, memory_order_relaxed);
        w0 += n;
    }
}

/* Marks [a, a+n) written (words it touches) or unwritten. */
static void shadow_mark(ds_memcheck *mc, uint64_t a, uint64_t n, int val)
{
    if (n == 0 || a < mc->base || a - mc->base >= mc->size)
        return;
    uint64_t off = a - mc->base, end = n > mc->size - off ? mc->size : off + n;
    shadow_fill(mc, off >> 2, (end + 3) >> 2, val);
}

/* Unwritten bytes (by 4-byte words) of [a, a+n); *first = the first of them. */
static uint64_t shadow_unwritten(ds_memcheck *mc, uint64_t a, uint64_t n, uint64_t *first)
{
    if (a < mc->base || a - mc->base >= mc->size || n == 0)
        return 0;
    uint64_t off = a - mc->base, end = n > mc->size - off ? mc->size : off + n;
    uint64_t w0 = off >> 2, w1 = (end + 3) >> 2, bad = 0, firstw = UINT64_MAX;
    while (w0 < w1) {
        uint64_t i = w0 >> 6, b = w0 & 63;
        uint64_t k = w1 - w0 < 64 - b ? w1 - w0 : 64 - b;
        uint64_t mask = (k == 64 ? ~0ull : ((1ull << k) - 1)) << b;
        uint64_t zero = ~atomic_load_explicit(&mc->shadow[i], memory_order_relaxed) & mask;
        if (zero) {
            if (firstw == UINT64_MAX)
                firstw = (i << 6) + (uint64_t)__builtin_ctzll(zero);
            bad += (uint64_t)__builtin_popcountll(zero);
        }
        w0 += k;
    }
    if (!bad)
        return 0;
    uint64_t fb = firstw << 2 < off ? off : firstw << 2;
    *first = mc->base + fb;
    uint64_t bytes = bad * 4;
    return bytes > n ? n : bytes;
}

/* dst takes src's state (a device-to-device copy of n bytes). */
static void shadow_copy(ds_memcheck *mc, uint64_t dst, uint64_t src, uint64_t n)
{
    uint64_t first;
    uint64_t bad = shadow_unwritten(mc, src, n, &first);
    if (bad == 0) {
        shadow_mark(mc, dst, n, 1);
    } else if (bad >= n) {
        shadow_mark(mc, dst, n, 0);
    } else {
        for (uint64_t o = 0; o < n; o += 4) { /* mixed: word by word */
            uint64_t len = n - o < 4 ? n - o : 4;
            shadow_mark(mc, dst + o, len, shadow_unwritten(mc, src + o, len, &first) == 0);
        }
    }
}

/* ---- registry ---------------------------------------------------------------------------- */
/* Index of the last block with addr <= a, or -1. */
static long blk_floor(const ds_memcheck *mc, uint64_t a)
{
    size_t lo = 0, hi = mc->nblk;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (mc->blk[mid].addr <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

static void blk_erase(ds_memcheck *mc, size_t i)
{
    if (mc->blk[i].state == BLK_FREED)
        mc->nfreed--;
    memmove(&mc->blk[i], &mc->blk[i + 1], (mc->nblk - i - 1) * sizeof *mc->blk);
    mc->nblk--;
}

/* Forgets the oldest remembered freed blocks beyond the limit (their order is lost: any). */
static void forget_freed(ds_memcheck *mc)
{
    for (size_t i = 0; i < mc->nblk && mc->nfreed > FREED_REMEMBERED;)
        if (mc->blk[i].state == BLK_FREED)
            blk_erase(mc, i);
        else
            i++;
}

static void blk_insert(ds_memcheck *mc, const mc_block *nb)
{
    /* remembered freed blocks the new one overlaps are reused now */
    long i = blk_floor(mc, nb->addr);
    if (i >= 0 && mc->blk[i].addr + mc->blk[i].reserved <= nb->addr)
        i++;
    if (i < 0)
        i = 0;
    while ((size_t)i < mc->nblk && mc->blk[i].addr < nb->addr + nb->reserved)
        blk_erase(mc, (size_t)i);
    if (mc->nblk == mc->capblk) {
        size_t nc = mc->capblk ? mc->capblk * 2 : 256;
        mc_block *n = realloc(mc->blk, nc * sizeof *n);
        if (!n)
            return; /* untracked: its accesses are reported as outside any allocation */
        mc->blk = n;
        mc->capblk = nc;
    }
    memmove(&mc->blk[i + 1], &mc->blk[i], (mc->nblk - (size_t)i) * sizeof *mc->blk);
    mc->blk[i] = *nb;
    mc->nblk++;
}

static mc_block *blk_at(ds_memcheck *mc, uint64_t addr)
{
    long i = blk_floor(mc, addr);
    return i >= 0 && mc->blk[i].addr == addr ? &mc->blk[i] : NULL;
}

static void import_live(void *ctx, uint64_t addr, uint64_t size, uint32_t owner)
{
    mc_block b = {addr, size, size, owner, BLK_LIVE, 0};
    blk_insert(ctx, &b);
}

static ds_memcheck *mc_create(ds_server *srv)
{
    ds_memcheck *mc = calloc(1, sizeof *mc);
    if (!mc)
        return NULL;
    mc->base = srv->arena_base;
    mc->size = srv->arena_size;
    mc->shadow_bytes = (size_t)(((srv->arena_size >> 2) + 63) / 64 * 8);
    void *sh = mmap(NULL, mc->shadow_bytes, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (sh == MAP_FAILED) {
        free(mc);
        return NULL;
    }
    mc->shadow = sh;
    pthread_rwlock_init(&mc->rw, NULL);
    for (int i = 0; i < DS_MAX_CLIENTS; i++)
        pthread_mutex_init(&mc->cl[i].mu, NULL);
    const char *q = getenv("ACLEMU_MEMCHECK_QUARANTINE_MB");
    mc->q_cap = q && *q ? (uint64_t)strtoull(q, NULL, 10) << 20 : QUARANTINE_DEFAULT;
    /* blocks allocated before checking began (other clients') */
    arena_for_each_live(srv->alloc, import_live, mc);
    return mc;
}

/* ---- reports ----------------------------------------------------------------------------- */
typedef struct report {
    char buf[2048];
    size_t len;
} report;

static void rp(report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rp(report *r, const char *fmt, ...)
{
    if (r->len >= sizeof r->buf)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->buf + r->len, sizeof r->buf - r->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        r->len = r->len + (size_t)n < sizeof r->buf ? r->len + (size_t)n : sizeof r->buf - 1;
}

/* Appends a whole report to the client's ring (or counts it dropped) and counts the error. */
static void emit(ds_memcheck *mc, uint32_t slot, const report *r)
{
    mc_client *c = &mc->cl[slot];
    pthread_mutex_lock(&c->mu);
    ds_mc_ring *ring = c->ring;
    if (ring) {
        atomic_fetch_add(&ring->errors, 1);
        uint64_t head = atomic_load(&ring->head), tail = atomic_load(&ring->tail);
        if (head - tail + r->len > DS_MC_RING_BYTES) {
            atomic_fetch_add(&ring->dropped, 1);
        } else {
            for (size_t k = 0; k < r->len; k++)
                ring->data[(head + k) % DS_MC_RING_BYTES] = (unsigned char)r->buf[k];
            atomic_store_explicit(&ring->head, head + r->len, memory_order_release);
        }
    }
    pthread_mutex_unlock(&c->mu);
}

/* Where a check happens: a launch (op + kernel) or a copy task / runtime call. */
typedef struct site {
    const char *op;      /* "aclnnAdd", "aclrtMemcpyAsync", ... */
    const char *kernel;  /* NULL for copies */
    uint32_t stream;     /* UINT32_MAX: no stream (a synchronous runtime call) */
    uint32_t task;       /* task number on the stream */
    uint64_t launch;     /* launch sequence number of the client (kernels) */
    int32_t pid;
} site;

static void rp_site(report *r, const site *w)
{
    if (w->stream == UINT32_MAX)
        rp(r, "======    called from %s (synchronous), process %d\n", w->op, (int)w->pid);
    else if (w->kernel)
        rp(r, "======    launch #%" PRIu64 " of process %d: %s on stream %u (task %u)\n", w->launch,
           (int)w->pid, w->op, w->stream, w->task);
    else
        rp(r, "======    %s on stream %u (task %u), process %d\n", w->op, w->stream, w->task,
           (int)w->pid);
}

static void rp_at(report *r, const site *w, uint64_t at, const char *space, const char *verb,
                  const char *name)
{
    if (w->kernel)
        rp(r, "======    at 0x%" PRIx64 " on %s in %s (kernel %s) when %s tensor %s\n", at, space,
           w->op, w->kernel, verb, name);
    else
        rp(r, "======    at 0x%" PRIx64 " on %s in %s when %s %s\n", at, space, w->op, verb, name);
}

static int32_t owner_pid(ds_server *srv, uint32_t owner)
{
    return owner < DS_MAX_CLIENTS ? srv->clients[owner].pid : 0;
}

/* ---- whole written blocks ------------------------------------------------------------------- */
/* The live block [a, a+n) lies in, or NULL. The registry is locked. */
static mc_block *live_block_of(ds_memcheck *mc, uint64_t a, uint64_t n)
{
    long i = blk_floor(mc, a);
    if (i < 0)
        return NULL;
    mc_block *b = &mc->blk[i];
    return b->state == BLK_LIVE && a - b->addr < b->size && n <= b->size - (a - b->addr) ? b : NULL;
}

static int block_full(const mc_block *b) { return b && __atomic_load_n(&b->full, __ATOMIC_RELAXED); }

/* [a, a+n) has no unwritten word: if it covers its block, the block is whole. */
static void note_written(mc_block *b, uint64_t a, uint64_t n)
{
    if (b && a <= b->addr && a + n >= b->addr + b->size)
        __atomic_store_n(&b->full, 1, __ATOMIC_RELAXED);
}

/* A write of [a, a+n): the shadow (unless its block is already whole). */
static void mark_written(ds_memcheck *mc, uint64_t a, uint64_t n)
{
    mc_block *b = live_block_of(mc, a, n);
    if (block_full(b))
        return;
    shadow_mark(mc, a, n, 1);
    note_written(b, a, n);
}

/* ---- one range ----------------------------------------------------------------------------- */
static const char *where_text(uint32_t where)
{
    switch (where) {
    case DRV_MC_WHERE_PINNED:
        return "is pinned host memory (aclrtMallocHost) of the process: a kernel cannot address "
               "it, copy it to device memory first";
    case DRV_MC_WHERE_HOST:
        return "is host memory of the process (heap, stack or a mapping), not a device address: "
               "tensors need device memory (aclrtMalloc)";
    case DRV_MC_WHERE_OTHER_DEVICE:
        return "is device memory of another device";
    default:
        return "is not mapped in the process: neither device nor host memory";
    }
}

/* Checks one range of a checked client. Returns 1 if it is legal (in one live allocation of the
 * client), else reports and returns 0. The registry is read-locked. */
static int check_range(ds_server *srv, ds_memcheck *mc, uint32_t slot, const site *w,
                       const drv_mc_range *g, const char *name)
{
    int write = (g->access & DRV_MC_WRITE) != 0;
    const char *rw = write ? "write" : "read", *verb = write ? "writing" : "reading";
    uint64_t a = g->addr, n = g->extent, end = a + n;
    report r = {.len = 0};
    if (end < a)
        end = UINT64_MAX;
    if (a < mc->base || a >= mc->base + mc->size) {
        int host = g->where != DRV_MC_WHERE_DEVICE && g->where != DRV_MC_WHERE_OTHER_DEVICE;
        rp(&r, "====== ERROR: illegal %s of size %" PRIu64 "\n", rw, n);
        rp_at(&r, w, a, host ? "host memory" : "an address outside device memory", verb, name);
        rp(&r, "======    0x%" PRIx64 " %s\n", a,
           g->where == DRV_MC_WHERE_DEVICE ? "is not a device address of this device"
                                           : where_text(g->where));
        rp_site(&r, w);
        emit(mc, slot, &r);
        return 0;
    }
    long i = blk_floor(mc, a);
    const mc_block *b = i >= 0 ? &mc->blk[i] : NULL;
    if (b && a < b->addr + b->reserved && b->owner == slot && b->state == BLK_LIVE) {
        if (a < b->addr + b->size && end <= b->addr + b->size)
            return 1;
        /* out of bounds: the first byte past the user's size onwards */
        uint64_t bad_from = a > b->addr + b->size ? a : b->addr + b->size;
        rp(&r, "====== ERROR: illegal %s of size %" PRIu64 "\n", rw, end - bad_from);
        rp_at(&r, w, bad_from, "GM", verb, name);
        rp(&r, "======    %s covers [0x%" PRIx64 ", 0x%" PRIx64 "), %" PRIu64
               " bytes past the end of its %" PRIu64 "-byte allocation at 0x%" PRIx64 "\n",
           name, a, end, end - (b->addr + b->size), b->size, b->addr);
        const mc_block *nx = (size_t)(i + 1) < mc->nblk ? &mc->blk[i + 1] : NULL;
        if (nx && nx->addr < end && nx->state == BLK_LIVE)
            rp(&r, "======    it straddles into the %" PRIu64 "-byte allocation at 0x%" PRIx64
                   "%s\n", nx->size, nx->addr, nx->owner == slot ? "" : " of another process");
        rp_site(&r, w);
        emit(mc, slot, &r);
        return 0;
    }
    if (b && a < b->addr + b->reserved && b->state != BLK_LIVE) {
        rp(&r, "====== ERROR: illegal %s of size %" PRIu64 " (use after free)\n", rw, n);
        rp_at(&r, w, a, "GM", verb, name);
        rp(&r, "======    0x%" PRIx64 " is %" PRIu64 " bytes into the %" PRIu64
               "-byte allocation at 0x%" PRIx64 ", freed by %s (aclrtFree)\n",
           a, a - b->addr, b->size, b->addr,
           b->owner == slot ? "this process" : "another process");
        rp_site(&r, w);
        emit(mc, slot, &r);
        return 0;
    }
    if (b && a < b->addr + b->reserved) { /* live, another client's */
        rp(&r, "====== ERROR: illegal %s of size %" PRIu64 "\n", rw, n);
        rp_at(&r, w, a, "GM", verb, name);
        rp(&r, "======    0x%" PRIx64 " lies in the %" PRIu64 "-byte allocation at 0x%" PRIx64
               " of another process (pid %d)\n", a, b->size, b->addr, (int)owner_pid(srv, b->owner));
        rp_site(&r, w);
        emit(mc, slot, &r);
        return 0;
    }
    rp(&r, "====== ERROR: illegal %s of size %" PRIu64 "\n", rw, n);
    rp_at(&r, w, a, "GM", verb, name);
    if (b)
        rp(&r, "======    0x%" PRIx64 " is not inside any allocation: %" PRIu64
               " bytes past the %" PRIu64 "-byte allocation at 0x%" PRIx64 "\n",
           a, a - (b->addr + b->size), b->size, b->addr);
    else
        rp(&r, "======    0x%" PRIx64 " is not inside any allocation\n", a);
    rp_site(&r, w);
    emit(mc, slot, &r);
    return 0;
}

/* initcheck of a legal read. */
static void check_init(ds_memcheck *mc, uint32_t slot, const site *w, uint64_t a, uint64_t n,
                       const char *name)
{
    mc_block *b = live_block_of(mc, a, n);
    if (block_full(b))
        return;
    uint64_t first = 0, bad = shadow_unwritten(mc, a, n, &first);
    if (!bad) {
        note_written(b, a, n);
        return;
    }
    long i = blk_floor(mc, a);
    report r = {.len = 0};
    rp(&r, "====== ERROR: uninitialized read of size %" PRIu64 "\n", bad);
    rp_at(&r, w, first, "GM", "reading", name);
    if (i >= 0)
        rp(&r, "======    %" PRIu64 " of the %" PRIu64 " bytes read from the %" PRIu64
               "-byte allocation at 0x%" PRIx64 " were never written\n",
           bad, n, mc->blk[i].size, mc->blk[i].addr);
    rp_site(&r, w);
    emit(mc, slot, &r);
}

/* ---- hooks ------------------------------------------------------------------------------- */
int ds_mc_attach(ds_server *srv, uint32_t slot, int fd, int32_t pid)
{
    void *p = mmap(NULL, sizeof(ds_mc_ring), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return -1;
    pthread_mutex_lock(&srv->lock);
    ds_memcheck *mc = atomic_load(&srv->mc);
    if (!mc) {
        mc = mc_create(srv);
        atomic_store(&srv->mc, mc);
    }
    if (!mc) {
        pthread_mutex_unlock(&srv->lock);
        munmap(p, sizeof(ds_mc_ring));
        return -1;
    }
    pthread_mutex_lock(&mc->cl[slot].mu);
    mc->cl[slot].ring = p;
    mc->cl[slot].pid = pid;
    pthread_mutex_unlock(&mc->cl[slot].mu);
    pthread_mutex_unlock(&srv->lock);
    return 0;
}

static int checked(ds_memcheck *mc, uint32_t slot)
{
    return slot < DS_MAX_CLIENTS && mc->cl[slot].ring != NULL;
}

void ds_mc_on_alloc(ds_server *srv, uint32_t slot, uint64_t addr, uint64_t size)
{
    ds_memcheck *mc = atomic_load(&srv->mc);
    if (!mc)
        return;
    mc_block b = {addr, size, (size + 511) & ~511ull, slot, BLK_LIVE, 0};
    pthread_rwlock_wrlock(&mc->rw);
    blk_insert(mc, &b);
    pthread_rwlock_unlock(&mc->rw);
    if (checked(mc, slot))
        shadow_mark(mc, addr, b.reserved, 0); /* aclrtMalloc'ed memory starts uninitialised */
}

/* Gives the oldest quarantined block back to the arena. rw write-locked. */
static void evict_oldest(ds_server *srv, ds_memcheck *mc)
{
    uint64_t addr = mc->fifo[0];
    memmove(mc->fifo, mc->fifo + 1, (mc->fifo_len - 1) * sizeof *mc->fifo);
    mc->fifo_len--;
    mc_block *b = blk_at(mc, addr);
    if (!b || b->state != BLK_QUARANTINED)
        return;
    uint64_t size = 0;
    if (arena_free(srv->alloc, addr, b->owner, &size) == 0)
        ds_arena_release_pages(srv, addr, size);
    mc->q_bytes -= b->reserved;
    b->state = BLK_FREED;
    mc->nfreed++;
    forget_freed(mc);
}

int ds_mc_on_free(ds_server *srv, uint32_t slot, uint64_t addr)
{
    ds_memcheck *mc = atomic_load(&srv->mc);
    if (!mc)
        return 0;
    pthread_rwlock_wrlock(&mc->rw);
    long i = blk_floor(mc, addr);
    mc_block *b = i >= 0 ? &mc->blk[i] : NULL;
    if (b && b->addr == addr && b->owner == slot && b->state == BLK_LIVE) {
        if (!checked(mc, slot)) {
            blk_erase(mc, (size_t)i);
            pthread_rwlock_unlock(&mc->rw);
            return 0;
        }
        if (mc->fifo_len == mc->fifo_cap) {
            size_t nc = mc->fifo_cap ? mc->fifo_cap * 2 : 256;
            uint64_t *f = realloc(mc->fifo, nc * sizeof *f);
            if (!f) { /* no quarantine for it */
                blk_erase(mc, (size_t)i);
                pthread_rwlock_unlock(&mc->rw);
                return 0;
            }
            mc->fifo = f;
            mc->fifo_cap = nc;
        }
        b->state = BLK_QUARANTINED;
        mc->q_bytes += b->reserved;
        mc->fifo[mc->fifo_len++] = addr;
        while (mc->q_bytes > mc->q_cap && mc->fifo_len > 0)
            evict_oldest(srv, mc);
        pthread_rwlock_unlock(&mc->rw);
        return 1;
    }
    if (!checked(mc, slot)) {
        pthread_rwlock_unlock(&mc->rw);
        return 0;
    }
    report r = {.len = 0};
    rp(&r, "====== ERROR: illegal free()\n");
    rp(&r, "======    at 0x%" PRIx64 " on GM in aclrtFree\n", addr);
    if (b && addr < b->addr + b->reserved) {
        if (b->state != BLK_LIVE && b->addr == addr)
            rp(&r, "======    the %" PRIu64 "-byte allocation at 0x%" PRIx64
                   " was already freed (double free)\n", b->size, b->addr);
        else if (b->state != BLK_LIVE)
            rp(&r, "======    0x%" PRIx64 " lies inside the freed %" PRIu64
                   "-byte allocation at 0x%" PRIx64 "\n", addr, b->size, b->addr);
        else if (b->owner != slot)
            rp(&r, "======    0x%" PRIx64 " belongs to another process (pid %d)\n", addr,
               (int)owner_pid(srv, b->owner));
        else
            rp(&r, "======    0x%" PRIx64 " is %" PRIu64 " bytes into the %" PRIu64
                   "-byte allocation at 0x%" PRIx64 ", not its start\n",
               addr, addr - b->addr, b->size, b->addr);
    } else {
        rp(&r, "======    0x%" PRIx64 " is not an address aclrtMalloc returned\n", addr);
    }
    rp(&r, "======    called from aclrtFree, process %d\n", (int)mc->cl[slot].pid);
    pthread_rwlock_unlock(&mc->rw);
    emit(mc, slot, &r);
    return -1;
}

uint64_t ds_mc_drain_quarantine(ds_server *srv)
{
    ds_memcheck *mc = atomic_load(&srv->mc);
    if (!mc)
        return 0;
    pthread_rwlock_wrlock(&mc->rw);
    uint64_t before = mc->q_bytes;
    while (mc->fifo_len > 0)
        evict_oldest(srv, mc);
    pthread_rwlock_unlock(&mc->rw);
    return before;
}

uint64_t ds_mc_quarantined(ds_server *srv)
{
    ds_memcheck *mc = atomic_load(&srv->mc);
    return mc ? mc->q_bytes : 0;
}

uint32_t ds_mc_client_gone(ds_server *srv, uint32_t slot, uint64_t *tasks, uint64_t *ns)
{
    ds_memcheck *mc = atomic_load(&srv->mc);
    *tasks = *ns = 0;
    if (!mc || slot >= DS_MAX_CLIENTS)
        return 0;
    *tasks = atomic_exchange(&mc->cl[slot].checked_tasks, 0);
    *ns = atomic_exchange(&mc->cl[slot].check_ns, 0);
    pthread_rwlock_wrlock(&mc->rw);
    size_t k = 0;
    for (size_t j = 0; j < mc->fifo_len; j++) {
        mc_block *b = blk_at(mc, mc->fifo[j]);
        if (b && b->owner == slot)
            mc->q_bytes -= b->reserved; /* the arena reclaims it with the client's memory */
        else
            mc->fifo[k++] = mc->fifo[j];
    }
    mc->fifo_len = k;
    for (size_t j = 0; j < mc->nblk;)
        if (mc->blk[j].owner == slot)
            blk_erase(mc, j);
        else
            j++;
    pthread_rwlock_unlock(&mc->rw);
    mc_client *c = &mc->cl[slot];
    pthread_mutex_lock(&c->mu);
    uint32_t errors = 0;
    if (c->ring) {
        errors = atomic_load(&c->ring->errors);
        munmap(c->ring, sizeof(ds_mc_ring));
        c->ring = NULL;
    }
    pthread_mutex_unlock(&c->mu);
    return errors;
}

/* A copy of n bytes dst <- src (src 0: memset) the runtime did or a copy task does: writes mark,
 * device-to-device copies carry the source's state, reads of device memory into the host are
 * initchecked. */
static void note_copy(ds_memcheck *mc, uint32_t slot, const site *w, uint64_t dst, uint64_t src,
                      uint64_t n)
{
    int ddev = dst >= mc->base && dst - mc->base < mc->size;
    int sdev = src && src >= mc->base && src - mc->base < mc->size;
    if (ddev && sdev) {
        mc_block *sb = live_block_of(mc, src, n);
        if (block_full(sb)) {
            mark_written(mc, dst, n);
        } else {
            mc_block *db = live_block_of(mc, dst, n);
            if (db) /* the copy may bring unwritten words into it */
                __atomic_store_n(&db->full, 0, __ATOMIC_RELAXED);
            shadow_copy(mc, dst, src, n);
        }
    } else if (ddev) {
        mark_written(mc, dst, n);
    } else if (sdev)
        check_init(mc, slot, w, src, n, "src");
}

void ds_mc_request(ds_server *srv, uint32_t slot, const ds_req *req, ds_resp *r)
{
    ds_memcheck *mc = atomic_load(&srv->mc);
    if (!mc || !checked(mc, slot)) {
        r->status = ERR_INVALID_PARAM;
        snprintf(r->msg, sizeof r->msg, "this process is not under the memory checker");
        return;
    }
    if (req->flags == DS_MC_REQ_SIZE) {
        pthread_rwlock_wrlock(&mc->rw);
        mc_block *b = blk_at(mc, req->a[0]);
        if (b && b->owner == slot && b->state == BLK_LIVE && req->a[1] <= b->reserved)
            b->size = req->a[1];
        pthread_rwlock_unlock(&mc->rw);
    } else if (req->flags == DS_MC_REQ_COPY) {
        char op[64];
        snprintf(op, sizeof op, "%.63s", req->name);
        site w = {op, NULL, UINT32_MAX, 0, 0, mc->cl[slot].pid};
        pthread_rwlock_rdlock(&mc->rw);
        note_copy(mc, slot, &w, req->a[0], req->a[1], req->a[2]);
        pthread_rwlock_unlock(&mc->rw);
    }
}

/* ---- tasks ------------------------------------------------------------------------------- */
static int check_kernel(ds_server *srv, ds_memcheck *mc, uint32_t slot, ds_stream_shm *s,
                        const ds_task *t)
{
    uint64_t args = ((uint64_t)t->args_size + 7) & ~7ull, mbytes = t->u[1];
    if (mbytes < sizeof(ds_mc_manifest) || sizeof(ds_task) + args + mbytes > t->size)
        return 0; /* no usable manifest: nothing to check */
    const ds_mc_manifest *m = (const ds_mc_manifest *)((const unsigned char *)t + sizeof *t + args);
    uint32_t count = m->count;
    if (count > DS_MC_MAX_RANGES || sizeof *m + (uint64_t)count * sizeof(drv_mc_range) > mbytes)
        return 0;
    const drv_mc_range *g = (const drv_mc_range *)(m + 1);
    char op[sizeof m->op + 1], kernel[ACLEMU_KERNEL_NAME_LEN + 1];
    snprintf(op, sizeof op, "%.*s", (int)sizeof m->op, m->op);
    snprintf(kernel, sizeof kernel, "%.*s", ACLEMU_KERNEL_NAME_LEN, t->kernel);
    site w = {op, kernel, (uint32_t)(s - srv->ctl->streams), atomic_load(&s->completed) + 1,
              t->u[2], mc->cl[slot].pid};
    int legal = 1;
    unsigned char ok[DS_MC_MAX_RANGES];
    pthread_rwlock_rdlock(&mc->rw);
    for (uint32_t i = 0; i < count; i++) {
        char name[sizeof g[i].name + 1];
        snprintf(name, sizeof name, "%.*s", (int)sizeof g[i].name, g[i].name);
        ok[i] = g[i].extent == 0 || check_range(srv, mc, slot, &w, &g[i], name);
        legal &= ok[i];
        if (ok[i] && g[i].extent && (g[i].access & DRV_MC_READ) &&
            !(g[i].access & (DRV_MC_SPARSE | DRV_MC_NOINIT)))
            check_init(mc, slot, &w, g[i].addr, g[i].extent, name);
    }
    if (legal) /* the kernel runs: its outputs count as written */
        for (uint32_t i = 0; i < count; i++)
            if (g[i].access & DRV_MC_WRITE)
                mark_written(mc, g[i].addr, g[i].extent);
    pthread_rwlock_unlock(&mc->rw);
    return legal ? 0 : ERR_AICORE_EXCEPTION;
}

/* A copy task's device ranges must lie in live allocations of the client (a block freed after the
 * copy was queued is caught here); then the shadow follows the copy. */
static int check_copy(ds_server *srv, ds_memcheck *mc, uint32_t slot, ds_stream_shm *s,
                      const ds_task *t)
{
    const char *op = t->kind == DS_TASK_MEMSET   ? "aclrtMemsetAsync"
                     : t->kind == DS_TASK_COPY2D ? "aclrtMemcpy2dAsync"
                                                 : "aclrtMemcpyAsync";
    site w = {op, NULL, (uint32_t)(s - srv->ctl->streams), atomic_load(&s->completed) + 1, 0,
              mc->cl[slot].pid};
    uint64_t dst = t->u[0], src = 0, dspan, sspan = 0;
    if (t->kind == DS_TASK_COPY2D) {
        if (t->u[5] == 0 || t->u[4] == 0)
            return 0;
        src = t->u[2];
        dspan = t->u[1] * (t->u[5] - 1) + t->u[4];
        sspan = t->u[3] * (t->u[5] - 1) + t->u[4];
    } else {
        dspan = t->u[2];
        if (t->kind == DS_TASK_COPY) {
            src = t->u[1];
            sspan = t->u[2];
        }
    }
    /* only device-memory sides are checked: the others are the client's pinned regions */
    drv_mc_range d = {dst, dspan, DRV_MC_WRITE, DRV_MC_WHERE_DEVICE, "dst"};
    drv_mc_range sr = {src, sspan, DRV_MC_READ, DRV_MC_WHERE_DEVICE, "src"};
    int ddev = dst >= mc->base && dst - mc->base < mc->size;
    int sdev = src && src >= mc->base && src - mc->base < mc->size;
    int legal = 1;
    pthread_rwlock_rdlock(&mc->rw);
    if (ddev && dspan)
        legal &= check_range(srv, mc, slot, &w, &d, "dst");
    if (sdev && sspan)
        legal &= check_range(srv, mc, slot, &w, &sr, "src");
    if (legal) {
        if (t->kind == DS_TASK_COPY2D) {
            for (uint64_t row = 0; row < t->u[5]; row++)
                note_copy(mc, slot, &w, dst + row * t->u[1], src + row * t->u[3], t->u[4]);
        } else {
            note_copy(mc, slot, &w, dst, src, dspan);
        }
    }
    pthread_rwlock_unlock(&mc->rw);
    return legal ? 0 : ERR_SYS_DMA;
}

int ds_mc_task(ds_server *srv, ds_stream_shm *s, const ds_task *t)
{
    ds_memcheck *mc = atomic_load_explicit(&srv->mc, memory_order_acquire);
    if (!mc)
        return 0;
    uint32_t slot = s->owner_slot;
    if (!checked(mc, slot))
        return 0;
    uint64_t t0 = ds_now_ns();
    int rc;
    switch (t->kind) {
    case DS_TASK_KERNEL:
        rc = t->u[1] ? check_kernel(srv, mc, slot, s, t) : 0;
        break;
    case DS_TASK_COPY:
    case DS_TASK_COPY2D:
    case DS_TASK_MEMSET:
        rc = check_copy(srv, mc, slot, s, t);
        break;
    default:
        return 0;
    }
    atomic_fetch_add_explicit(&mc->cl[slot].check_ns, ds_now_ns() - t0, memory_order_relaxed);
    atomic_fetch_add_explicit(&mc->cl[slot].checked_tasks, 1, memory_order_relaxed);
    return rc;
}
