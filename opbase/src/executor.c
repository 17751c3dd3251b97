/* aclOpExecutor: recording (stage 1), replay (stage 2), repeatability and address rebinding.
 * See aclemu_op/executor.h for the model. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/check.h"
#include "aclemu_op/errors.h"
#include "aclemu_op/executor.h"
#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "exec_dump.h"
#include "manifest.h"

#define EXEC_MAGIC 0x45584543u /* live */
#define EXEC_DEAD 0x44454144u  /* released: a second stage 2 on it is diagnosed */
/* Fixed capacities (stage 2 allocates nothing). Exceeding one fails stage 1 with
 * ACLNN_ERR_INNER (561000) and a message naming the limit; nothing is written past them. */
/* Sized for the foreach family (ops_nn/foreach): tensor lists of hundreds of tensors, up to four
 * lists per API, a few dozen tensors per packed launch. */
#define MAX_LAUNCH 64
#define MAX_IO 1024
#define MAX_PATCH 1152
#define BLOB_INLINE 3072
/* Executors with more tensor arguments than this find a bound tensor through a hash table
 * (tensor lists bind hundreds: a linear search per binding was quadratic). */
#define IO_LINEAR_MAX 32
#define IO_HASH 2048 /* slots, a power of two above MAX_IO */
#define SLOT_WORKSPACE 0xffffu
#define MAX_OUT_SHAPE 4

typedef struct exec_launch {
    const char *kernel;
    uint32_t block_dim;
    uint32_t off;  /* of the blob in the executor's blob buffer */
    uint32_t size;
} exec_launch;

typedef struct exec_io {
    const aclTensor *t;  /* the API's tensor (or a list element) */
    void *addr;          /* its current device address */
    uint16_t in_pos, out_pos; /* position among the API's inputs / outputs (0xffff: none) */
    uint16_t rel;        /* element index for list parameters */
    uint8_t dir;
    uint8_t in_list;
    const char *name;    /* parameter name (memory checker) */
} exec_io;

/* An output whose view shape the kernels decide (aclemu_exec_out_shape). */
typedef struct exec_out_shape {
    aclTensor *t;
    uint64_t ws_off;
    int64_t cap[8];  /* its dims at stage 1: the most the kernels can report (repeatable runs) */
    uint32_t rank;   /* aclemu_exec_out_shape_rank: the result's rank (0: t's own, dims capped) */
    int64_t cap_numel; /* ... and the elements t had room for at stage 1 */
} exec_out_shape;

typedef struct exec_patch {
    uint32_t pos;   /* byte offset of the 8-byte field in the blob buffer */
    uint16_t slot;  /* io index or SLOT_WORKSPACE */
    uint16_t need;  /* 1: a NULL address is an error (non-empty tensor) */
    uint64_t add;   /* workspace offset */
} exec_patch;

struct aclOpExecutor {
    uint32_t magic;
    uint8_t repeatable;
    uint8_t nlaunch;
    uint16_t nio;
    uint8_t io_hashed;        /* io_hash holds io[0..nio) */
    aclnnStatus limit_status; /* first limit hit while recording (sticky, see phase1_end) */
    uint16_t npatch;
    uint16_t n_in, n_out;
    uint16_t nmc;             /* memory-checker ranges (recorded only under the checker) */
    uint16_t nout_shape;      /* data-dependent output shapes */
    const char *api;
    uint64_t ws_size;
    uint32_t blob_used, blob_cap;
    unsigned char *blob;
    struct aclOpExecutor *next_free;
    exec_launch launch[MAX_LAUNCH];
    exec_io io[MAX_IO];
    uint16_t io_hash[IO_HASH]; /* io index + 1 of the first io entry of a tensor; 0: empty */
    exec_patch patch[MAX_PATCH];
    exec_mc mc[MAX_PATCH];
    exec_out_shape out_shape[MAX_OUT_SHAPE];
    _Alignas(64) unsigned char blob_inline[BLOB_INLINE];
};

/* ---- allocation: a small free list keeps stage 1 / 2 free of malloc in steady state ------- */
#define POOL_MAX 32
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static aclOpExecutor *pool_head;
static int pool_count;
static atomic_llong live_count;

static aclOpExecutor *exec_alloc(void)
{
    aclOpExecutor *ex = NULL;
    pthread_mutex_lock(&pool_lock);
    if (pool_head) {
        ex = pool_head;
        pool_head = ex->next_free;
        pool_count--;
    }
    pthread_mutex_unlock(&pool_lock);
    if (!ex && posix_memalign((void **)&ex, 64, sizeof(*ex)) != 0)
        return NULL;
    /* reset the header only; launches/io/patches are counted, the blob is zeroed on use */
    memset(ex, 0, offsetof(aclOpExecutor, launch));
    ex->magic = EXEC_MAGIC;
    ex->blob = ex->blob_inline;
    ex->blob_cap = BLOB_INLINE;
    atomic_fetch_add(&live_count, 1);
    return ex;
}

static void exec_free(aclOpExecutor *ex)
{
    if (ex->blob != ex->blob_inline)
        free(ex->blob);
    ex->blob = ex->blob_inline;
    ex->magic = EXEC_DEAD;
    atomic_fetch_sub(&live_count, 1);
    pthread_mutex_lock(&pool_lock);
    if (pool_count < POOL_MAX) {
        ex->next_free = pool_head;
        pool_head = ex;
        pool_count++;
        ex = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    free(ex);
}

ACLNN_API int64_t aclemu_exec_live_count(void)
{
    return atomic_load(&live_count);
}

ACLNN_API int aclemu_exec_get_launch(const aclOpExecutor *ex, uint32_t i, const char **kernel,
                                     uint32_t *block_dim, const void **blob, size_t *size)
{
    if (!ex || ex->magic != EXEC_MAGIC || i >= ex->nlaunch)
        return -1;
    *kernel = ex->launch[i].kernel;
    *block_dim = ex->launch[i].block_dim;
    *blob = ex->blob + ex->launch[i].off;
    *size = ex->launch[i].size;
    return 0;
}

ACLNN_API uint32_t aclemu_exec_launch_count(const aclOpExecutor *ex)
{
    return ex && ex->magic == EXEC_MAGIC ? ex->nlaunch : 0;
}

/* ---- stage 1 ------------------------------------------------------------------------------ */
/* Records that a capacity was exceeded: the error message now, the status for phase1_end (so a
 * planner that ignores the failure still cannot hand out a half-recorded executor). */
static aclnnStatus sticky(aclOpExecutor *ex, aclnnStatus st)
{
    if (!ex->limit_status)
        ex->limit_status = st;
    return st;
}

static aclnnStatus limit_error(aclOpExecutor *ex, const char *what, unsigned limit)
{
    return sticky(ex, aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, ex->api,
                                      "executor limit exceeded: more than %u %s.", limit, what));
}

static int io_add(aclOpExecutor *ex, const aclTensor *t, uint8_t dir, uint16_t in_pos, uint16_t out_pos, uint16_t rel,
                  uint8_t in_list, const char *name)
{
    if (ex->nio >= MAX_IO) {
        limit_error(ex, "tensor arguments (tensors and tensor-list elements)", MAX_IO);
        return -1;
    }
    exec_io *io = &ex->io[ex->nio++];
    io->t = t;
    io->addr = t ? t->data : NULL;
    io->dir = dir;
    io->in_pos = in_pos;
    io->out_pos = out_pos;
    io->rel = rel;
    io->in_list = in_list;
    io->name = name;
    return 0;
}

aclnnStatus aclemu_phase1_begin(const char *api, uint64_t *workspaceSize, aclOpExecutor **executor,
                                const aclemu_io_param *io, uint32_t nio, aclOpExecutor **out)
{
    *out = NULL;
    if (!workspaceSize)
        return ACLEMU_NULL_ERROR(api, "workspaceSize should not be nullptr.");
    if (!executor)
        return ACLEMU_NULL_ERROR(api, "executor should not be nullptr.");
    for (uint32_t i = 0; i < nio; i++) {
        if (!io[i].obj)
            continue;
        const aclTensorList *l = io[i].is_list ? (const aclTensorList *)io[i].obj : NULL;
        uint64_t n = l ? l->size : 1;
        for (uint64_t k = 0; k < n; k++) {
            const aclTensor *t = l ? l->items[k] : (const aclTensor *)io[i].obj;
            if (t && !aclemu_tensor_sizes_fit(t)) {
                char sh[256], st[256];
                return ACLEMU_PARAM_ERROR(api, "%s%s shape %s (strides %s, offset %lld) is too large: its element "
                                          "count, storage or extent exceeds 2^59.", io[i].name ? io[i].name : "tensor",
                                          l ? "[i]" : "", aclemu_shape_str(t->shape, t->ndim, sh, sizeof sh),
                                          aclemu_shape_str(t->stride, t->ndim, st, sizeof st), (long long)t->offset);
            }
        }
    }
    aclOpExecutor *ex = exec_alloc();
    if (!ex)
        return aclemu_op_error(ACLNN_ERR_INNER_CREATE_EXECUTOR, ACLEMU_ERRCODE_INNER, api,
                               "failed to create an aclOpExecutor: out of host memory.");
    ex->api = api;
    uint16_t nin = 0, nout = 0;
    int full = 0;
    for (uint32_t i = 0; i < nio && !full; i++) {
        uint16_t ip = (io[i].dir & ACLEMU_IO_IN) ? nin++ : 0xffff;
        uint16_t op = (io[i].dir & ACLEMU_IO_OUT) ? nout++ : 0xffff;
        if (!io[i].obj)
            continue;
        if (io[i].is_list) {
            const aclTensorList *l = (const aclTensorList *)io[i].obj;
            for (uint64_t k = 0; k < l->size && !full; k++)
                full = io_add(ex, l->items[k], io[i].dir, ip, op, (uint16_t)k, 1, io[i].name) != 0;
        } else {
            full = io_add(ex, (const aclTensor *)io[i].obj, io[i].dir, ip, op, 0, 0, io[i].name) != 0;
        }
    }
    if (full) {
        aclnnStatus st = ex->limit_status;
        exec_free(ex);
        return st;
    }
    ex->n_in = nin;
    ex->n_out = nout;
    *out = ex;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_phase1_end(aclOpExecutor *ex, aclnnStatus status, uint64_t *workspaceSize,
                              aclOpExecutor **executor)
{
    if (status == ACLNN_SUCCESS)
        status = ex->limit_status;
    if (status != ACLNN_SUCCESS) {
        exec_free(ex);
        return status;
    }
    *workspaceSize = ex->ws_size;
    *executor = ex;
    return ACLNN_SUCCESS;
}

const char *aclemu_exec_api(const aclOpExecutor *ex)
{
    return ex->api;
}

void *aclemu_exec_launch_at(aclOpExecutor *ex, uint32_t i, const char **kernel, size_t *size)
{
    if (!ex || ex->magic != EXEC_MAGIC || i >= ex->nlaunch)
        return NULL;
    *kernel = ex->launch[i].kernel;
    *size = ex->launch[i].size;
    return ex->blob + ex->launch[i].off;
}

void *aclemu_exec_add_launch(aclOpExecutor *ex, const char *kernel, uint32_t block_dim, size_t size)
{
    if (ex->nlaunch >= MAX_LAUNCH) {
        limit_error(ex, "kernel launches", MAX_LAUNCH);
        return NULL;
    }
    if (size > ACLEMU_KERNEL_ARGS_MAX) {
        limit_error(ex, "bytes of kernel arguments in one launch", ACLEMU_KERNEL_ARGS_MAX);
        return NULL;
    }
    uint32_t off = (ex->blob_used + 63u) & ~63u;
    if (off + size > ex->blob_cap) {
        uint32_t cap = ex->blob_cap * 2;
        while (cap < off + size)
            cap *= 2;
        unsigned char *nb = (unsigned char *)aligned_alloc(64, cap);
        if (!nb) {
            sticky(ex, aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, ex->api, "out of host memory."));
            return NULL;
        }
        memcpy(nb, ex->blob, ex->blob_used);
        if (ex->blob != ex->blob_inline)
            free(ex->blob);
        ex->blob = nb;
        ex->blob_cap = cap;
    }
    exec_launch *l = &ex->launch[ex->nlaunch++];
    l->kernel = kernel;
    l->block_dim = block_dim;
    l->off = off;
    l->size = (uint32_t)size;
    ex->blob_used = off + (uint32_t)size;
    memset(ex->blob + off, 0, size);
    return ex->blob + off;
}

uint64_t aclemu_exec_alloc_workspace(aclOpExecutor *ex, uint64_t bytes)
{
    uint64_t off = (ex->ws_size + 63u) & ~(uint64_t)63u;
    ex->ws_size = off + bytes;
    return off;
}

aclnnStatus aclemu_exec_out_shape(aclOpExecutor *ex, aclTensor *t, uint64_t ws_off)
{
    if (ex->nout_shape >= MAX_OUT_SHAPE || !t || t->ndim > ACLEMU_MAX_RANK)
        return sticky(ex, aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, ex->api,
                                          "executor limit exceeded: more than %d data-dependent output shapes.",
                                          MAX_OUT_SHAPE));
    ex->out_shape[ex->nout_shape].t = t;
    ex->out_shape[ex->nout_shape].ws_off = ws_off;
    memcpy(ex->out_shape[ex->nout_shape].cap, t->shape, t->ndim * sizeof(int64_t));
    ex->out_shape[ex->nout_shape].rank = 0;
    ex->nout_shape++;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_exec_out_shape_rank(aclOpExecutor *ex, aclTensor *t, uint64_t ws_off, uint32_t rank)
{
    aclnnStatus st = rank == 0 || rank > ACLEMU_MAX_RANK
                         ? sticky(ex, aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, ex->api,
                                                      "a data-dependent output of rank %u.", rank))
                         : aclemu_exec_out_shape(ex, t, ws_off);
    if (st != ACLNN_SUCCESS)
        return st;
    ex->out_shape[ex->nout_shape - 1].rank = rank;
    ex->out_shape[ex->nout_shape - 1].cap_numel = aclemu_tensor_numel(t);
    return ACLNN_SUCCESS;
}

/* Stage 2, after the launches: waits for them (a copy into pageable host memory returns when
 * done) and applies the dims the kernels left in the workspace. */
static aclnnStatus apply_out_shapes(aclOpExecutor *ex, drv_stream *ds, void *workspace, const char *api)
{
    for (uint32_t i = 0; i < ex->nout_shape; i++) {
        aclTensor *t = ex->out_shape[i].t;
        int64_t dims[ACLEMU_MAX_RANK];
        const exec_out_shape *o = &ex->out_shape[i];
        uint32_t r = o->rank ? o->rank : t->ndim;
        if (r == 0)
            continue;
        int rc = drv_memcpy_async(ds, dims, (char *)workspace + o->ws_off, r * sizeof(int64_t));
        if (rc != 0)
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, "EZ9903", api,
                                   "reading the output shape failed (%d): %s", rc, drv_last_error());
        int64_t numel = 1;
        for (uint32_t d = 0; d < r; d++) {
            if (dims[d] < 0 || (o->rank == 0 && dims[d] > o->cap[d]))
                return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                                       "the result needs output dim %u = %lld, the tensor has room for %lld.", d,
                                       (long long)dims[d], (long long)o->cap[d]);
            numel = dims[d] == 0 || numel == 0 ? 0 : numel > INT64_MAX / dims[d] ? INT64_MAX : numel * dims[d];
        }
        if (o->rank && numel > o->cap_numel) /* the kernels wrote none of it */
            return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                                   "the result needs %lld elements, the output tensor has room for %lld.",
                                   (long long)numel, (long long)o->cap_numel);
        t->ndim = r;
        int64_t stride = 1;
        for (uint32_t d = r; d-- > 0;) {
            t->shape[d] = dims[d];
            t->stride[d] = stride;
            stride *= dims[d] ? dims[d] : 1;
        }
    }
    return ACLNN_SUCCESS;
}

/* A bound field must be an 8-byte slot inside the last launch's blob (the only blob whose
 * pointer a planner may hold, see aclemu_exec_add_launch). */
static aclnnStatus check_field(aclOpExecutor *ex, const void *blob, const uint64_t *field)
{
    const unsigned char *b = (const unsigned char *)blob, *f = (const unsigned char *)field;
    if (ex->nlaunch == 0 || b != ex->blob + ex->launch[ex->nlaunch - 1].off || f < b ||
        f + sizeof(uint64_t) > b + ex->launch[ex->nlaunch - 1].size)
        return sticky(ex, aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, ex->api,
                                          "address field outside the last launch's blob."));
    return ACLNN_SUCCESS;
}

static aclnnStatus add_patch(aclOpExecutor *ex, void *blob, uint64_t *field, uint16_t slot, uint64_t add, int need)
{
    if (ex->npatch >= MAX_PATCH)
        return limit_error(ex, "device-address fields (tensor and workspace bindings)", MAX_PATCH);
    aclnnStatus st = check_field(ex, blob, field);
    if (st)
        return st;
    exec_patch *p = &ex->patch[ex->npatch++];
    p->pos = (uint32_t)((unsigned char *)field - ex->blob);
    p->slot = slot;
    p->add = add;
    p->need = (uint16_t)need;
    return ACLNN_SUCCESS;
}

/* Memory checker: the range a bound tensor (or the workspace) covers in the last launch. */
static void mc_record(aclOpExecutor *ex, uint16_t slot, const aclTensor *t, const uint64_t *field)
{
    if (ex->nlaunch == 0)
        return;
    uint32_t pos = (uint32_t)((const unsigned char *)field - ex->blob);
    if (slot == MC_SLOT_WORKSPACE) /* a placeholder tensor bound first is really workspace */
        for (uint32_t i = 0; i < ex->nmc; i++)
            if (ex->mc[i].slot == MC_SLOT_FIXED && ex->mc[i].pos == pos) {
                ex->mc[i] = ex->mc[--ex->nmc];
                break;
            }
    if (ex->nmc >= MAX_PATCH)
        return;
    exec_mc m = {.launch = (uint8_t)(ex->nlaunch - 1), .slot = slot, .pos = pos};
    if (slot == MC_SLOT_WORKSPACE) {
        m.access = DRV_MC_WRITE | DRV_MC_NOINIT; /* scratch: whatever the kernels leave in it */
    } else {
        int sparse;
        if (aclemu_mc_span(t, &m.lo, &m.extent, &sparse) != 0)
            return;
        uint8_t dir = slot < ex->nio ? ex->io[slot].dir : ACLEMU_IO_INOUT;
        m.access = (uint8_t)(((dir & ACLEMU_IO_IN) ? DRV_MC_READ : 0) | ((dir & ACLEMU_IO_OUT) ? DRV_MC_WRITE : 0) |
                             (sparse ? DRV_MC_SPARSE : 0) | (slot == MC_SLOT_FIXED ? DRV_MC_NOINIT : 0));
        m.fixed = (uint64_t)(uintptr_t)t->data;
    }
    for (uint32_t i = 0; i < ex->nmc; i++) /* one entry per tensor and launch */
        if (ex->mc[i].launch == m.launch && ex->mc[i].slot == m.slot && ex->mc[i].lo == m.lo &&
            ex->mc[i].extent == m.extent && (slot != MC_SLOT_FIXED || ex->mc[i].fixed == m.fixed))
            return;
    ex->mc[ex->nmc++] = m;
}

static uint32_t io_slot(const aclTensor *t)
{
    uint64_t h = (uint64_t)(uintptr_t)t * 0x9e3779b97f4a7c15ull;
    return (uint32_t)(h >> 53) & (IO_HASH - 1);
}

/* The io index of API tensor t (its first entry), or -1 when t is no API parameter. */
static int io_find(aclOpExecutor *ex, const aclTensor *t)
{
    if (ex->nio <= IO_LINEAR_MAX) {
        for (uint32_t i = 0; i < ex->nio; i++)
            if (ex->io[i].t == t)
                return (int)i;
        return -1;
    }
    if (!ex->io_hashed) {
        memset(ex->io_hash, 0, sizeof ex->io_hash);
        for (uint32_t i = 0; i < ex->nio; i++) {
            uint32_t k = io_slot(ex->io[i].t);
            while (ex->io_hash[k] && ex->io[ex->io_hash[k] - 1].t != ex->io[i].t)
                k = (k + 1) & (IO_HASH - 1);
            if (!ex->io_hash[k])
                ex->io_hash[k] = (uint16_t)(i + 1);
        }
        ex->io_hashed = 1;
    }
    for (uint32_t k = io_slot(t); ex->io_hash[k]; k = (k + 1) & (IO_HASH - 1))
        if (ex->io[ex->io_hash[k] - 1].t == t)
            return ex->io_hash[k] - 1;
    return -1;
}

aclnnStatus aclemu_exec_bind_tensor(aclOpExecutor *ex, void *blob, uint64_t *field, const aclTensor *t)
{
    aclnnStatus st = check_field(ex, blob, field);
    if (st || (st = aclemu_check_view_in_storage(ex->api, t)))
        return st;
    *field = (uint64_t)(uintptr_t)t->data;
    int need = aclemu_tensor_numel(t) > 0;
    int i = io_find(ex, t);
    if (i >= 0) {
        if (aclemu_mc_on())
            mc_record(ex, (uint16_t)i, t, field);
        return add_patch(ex, blob, field, (uint16_t)i, 0, need);
    }
    if (aclemu_mc_on() && t->data)
        mc_record(ex, MC_SLOT_FIXED, t, field);
    if (need && !t->data)
        return ACLEMU_NULL_ERROR(ex->api, "a tensor device address should not be nullptr.");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_exec_bind_workspace(aclOpExecutor *ex, void *blob, uint64_t *field, uint64_t offset)
{
    if (aclemu_mc_on())
        mc_record(ex, MC_SLOT_WORKSPACE, NULL, field);
    return add_patch(ex, blob, field, SLOT_WORKSPACE, offset, 1);
}

aclnnStatus aclemu_exec_tdesc(aclOpExecutor *ex, void *blob, aclemu_tdesc *d, const aclTensor *t)
{
    if (t->ndim > ACLEMU_KMAX_RANK)
        return ACLEMU_PARAM_ERROR(ex->api, "tensor rank %u exceeds %d.", t->ndim, ACLEMU_KMAX_RANK);
    d->offset = t->offset;
    d->dtype = (int32_t)t->dtype;
    d->ndim = t->ndim;
    for (uint32_t i = 0; i < t->ndim; i++) {
        d->shape[i] = t->shape[i];
        d->stride[i] = t->stride[i];
    }
    return aclemu_exec_bind_tensor(ex, blob, &d->addr, t);
}

/* ---- stage 2 ------------------------------------------------------------------------------ */
static aclnnStatus check_live(const aclOpExecutor *ex, const char *api)
{
    if (ex->magic == EXEC_MAGIC)
        return ACLNN_SUCCESS;
    if (ex->magic == EXEC_DEAD)
        return ACLEMU_PARAM_ERROR(api, "executor has already been run and released; call "
                                       "aclSetAclOpExecutorRepeatable after stage 1 to run it again.");
    return ACLEMU_PARAM_ERROR(api, "executor is not a valid aclOpExecutor.");
}

/* Launch i with its manifest (the checker is on). */
static int mc_launch(const aclOpExecutor *ex, uint32_t i, drv_stream *ds, void *workspace, const char *api)
{
    drv_mc_range r[MAX_PATCH];
    uint32_t n = 0;
    for (uint32_t k = 0; k < ex->nmc; k++) {
        const exec_mc *m = &ex->mc[k];
        if (m->launch != i)
            continue;
        drv_mc_range *g = &r[n++];
        memset(g, 0, sizeof *g);
        g->access = m->access;
        if (m->slot == MC_SLOT_WORKSPACE) {
            g->addr = (uint64_t)(uintptr_t)workspace;
            g->extent = ex->ws_size;
            snprintf(g->name, sizeof g->name, "workspace");
        } else if (m->slot == MC_SLOT_FIXED) {
            g->addr = m->fixed + (uint64_t)m->lo;
            g->extent = m->extent;
            snprintf(g->name, sizeof g->name, "(internal)");
        } else {
            const exec_io *io = &ex->io[m->slot];
            g->addr = (uint64_t)(uintptr_t)io->addr + (uint64_t)m->lo;
            g->extent = m->extent;
            aclemu_mc_name(g->name, sizeof g->name, io->name, io->in_list, io->rel);
        }
    }
    const exec_launch *l = &ex->launch[i];
    return drv_launch_checked(ds, l->kernel, l->block_dim, ex->blob + l->off, l->size, api, r, n);
}

/* ---- single-operator dump (dump_op_switch "on"; acl/mdl/op_dump.c writes the file) -------- */
typedef struct exec_dump_side {
    aclemu_dump_tensor t[ACLEMU_OPDUMP_MAX];
    void *buf[ACLEMU_OPDUMP_MAX];
    size_t n;
} exec_dump_side;

/* The API's tensors of direction dir (inputs: IN and INOUT; outputs: OUT and INOUT) as they are now:
 * the stream is synchronized first. */
static aclnnStatus dump_take(const aclOpExecutor *ex, aclrtStream stream, uint8_t dir, exec_dump_side *s)
{
    if (aclrtSynchronizeStream(stream) != ACL_SUCCESS)
        return ACLNN_ERR_RUNTIME_ERROR; /* the runtime left the message */
    for (uint32_t i = 0; i < ex->nio && s->n < ACLEMU_OPDUMP_MAX; i++) {
        const exec_io *io = &ex->io[i];
        if (!(io->dir & dir) || io->t == NULL)
            continue;
        if (exec_dump_gather(io->t, io->addr, &s->t[s->n], &s->buf[s->n]) != 0)
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, "EZ9903", ex->api,
                                   "single-operator dump: %s is not readable device memory", io->name ? io->name : "a tensor");
        s->n++;
    }
    return ACLNN_SUCCESS;
}

static void dump_free(exec_dump_side *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->buf[i]);
    s->n = 0;
}

aclnnStatus aclemu_phase2_run(void *workspace, uint64_t workspaceSize, aclOpExecutor *ex, aclrtStream stream,
                              const char *api)
{
    if (!ex)
        return ACLEMU_NULL_ERROR(api, "executor should not be nullptr.");
    aclnnStatus st = check_live(ex, api);
    if (st)
        return st;
    exec_dump_side *dside = NULL; /* single-operator dump: inputs, outputs */
    int dump = 0;
    if (workspaceSize > 0 && !workspace) {
        st = ACLEMU_NULL_ERROR(api, "workspace should not be nullptr when workspaceSize is %llu.",
                               (unsigned long long)workspaceSize);
        goto out;
    }
    if (workspaceSize < ex->ws_size) {
        st = ACLEMU_PARAM_ERROR(api, "workspaceSize %llu is smaller than the %llu bytes stage 1 asked for.",
                                (unsigned long long)workspaceSize, (unsigned long long)ex->ws_size);
        goto out;
    }
    if (ex->nlaunch == 0)
        goto out; /* empty tensors: nothing to run */
    drv_stream *ds = NULL;
    if (aclemu_resolve_stream(stream, &ds) != 0) {
        st = ACLNN_ERR_RUNTIME_ERROR; /* the runtime left the message */
        goto out;
    }
    for (uint32_t i = 0; i < ex->npatch; i++) {
        const exec_patch *p = &ex->patch[i];
        uint64_t v = p->slot == SLOT_WORKSPACE ? (uint64_t)(uintptr_t)workspace + p->add
                                                : (uint64_t)(uintptr_t)ex->io[p->slot].addr;
        if (v == 0 && p->need) {
            st = ACLEMU_NULL_ERROR(api, "the device address of a non-empty tensor is nullptr.");
            goto out;
        }
        memcpy(ex->blob + p->pos, &v, sizeof v);
    }
    dump = aclemu_opdump_mode(stream);
    if (dump) {
        dside = calloc(2, sizeof(*dside));
        if (dside == NULL) {
            st = aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "single-operator dump: out of host memory");
            goto out;
        }
        if ((dump & 1) && (st = dump_take(ex, stream, ACLEMU_IO_IN, &dside[0])) != ACLNN_SUCCESS)
            goto out;
    }
    int checked = aclemu_mc_on();
    for (uint32_t i = 0; i < ex->nlaunch; i++) {
        const exec_launch *l = &ex->launch[i];
        int rc = checked ? mc_launch(ex, i, ds, workspace, api)
                         : drv_launch(ds, l->kernel, l->block_dim, ex->blob + l->off, l->size);
        if (rc != 0) {
            st = aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, "EZ9903", api, "launching kernel %s failed (%d): %s",
                                 l->kernel, rc, drv_last_error());
            goto out;
        }
    }
    if (ex->nout_shape)
        st = apply_out_shapes(ex, ds, workspace, api);
    if (st == ACLNN_SUCCESS && dside != NULL) {
        const char *type = strncmp(api, "aclnn", 5) == 0 ? api + 5 : api;
        if ((dump & 2) && (st = dump_take(ex, stream, ACLEMU_IO_OUT, &dside[1])) != ACLNN_SUCCESS)
            goto out;
        if (aclemu_opdump_write(stream, type, api, dside[0].t, dside[0].n, dside[1].t, dside[1].n) != 0)
            st = ACLNN_ERR_RUNTIME_ERROR; /* with the runtime's message */
    }
out:
    if (dside != NULL) {
        dump_free(&dside[0]);
        dump_free(&dside[1]);
        free(dside);
    }
    if (!ex->repeatable)
        exec_free(ex);
    return st;
}

/* ---- repeatable executors and address rebinding ------------------------------------------ */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    if (!executor || executor->magic != EXEC_MAGIC)
        return ACLNN_ERR_INNER_NULLPTR;
    executor->repeatable = 1;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    if (!executor || executor->magic != EXEC_MAGIC)
        return ACLNN_ERR_INNER_NULLPTR;
    exec_free(executor);
    return ACLNN_SUCCESS;
}

/* dir: ACLEMU_IO_IN or ACLEMU_IO_OUT; list: NULL for plain tensors. */
static aclnnStatus set_addr(aclOpExecutor *ex, uint8_t dir, size_t pos, size_t rel, aclTensor *tensor,
                            aclTensorList *list, void *addr)
{
    if (!ex || ex->magic != EXEC_MAGIC)
        return ACLNN_ERR_INNER_NULLPTR;
    if (!tensor && !list)
        return ACLNN_ERR_INNER_NULLPTR;
    for (uint32_t i = 0; i < ex->nio; i++) {
        exec_io *io = &ex->io[i];
        if (!(io->dir & dir) || io->in_list != (list != NULL) || io->rel != rel)
            continue;
        if ((dir == ACLEMU_IO_IN ? io->in_pos : io->out_pos) != pos)
            continue;
        if (!io->addr)
            return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, ex->api,
                                   "tensor %zu had a nullptr device address at stage 1 and cannot be rebound.", pos);
        io->addr = addr;
        if (list) {
            if (rel < list->size && list->items[rel])
                list->items[rel]->data = addr;
        } else {
            tensor->data = addr;
        }
        return ACLNN_SUCCESS;
    }
    return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, ex->api,
                           "no %s tensor at index %zu (relative index %zu) in this executor.",
                           dir == ACLEMU_IO_IN ? "input" : "output", pos, rel);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                                      void *addr)
{
    return set_addr(executor, ACLEMU_IO_IN, index, 0, tensor, NULL, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr)
{
    return set_addr(executor, ACLEMU_IO_OUT, index, 0, tensor, NULL, addr);
}

/* index counts the inputs first, then the outputs. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                                 void *addr)
{
    if (!executor || executor->magic != EXEC_MAGIC)
        return ACLNN_ERR_INNER_NULLPTR;
    if (index < executor->n_in)
        return set_addr(executor, ACLEMU_IO_IN, index, 0, tensor, NULL, addr);
    return set_addr(executor, ACLEMU_IO_OUT, index - executor->n_in, 0, tensor, NULL, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                             const size_t relativeIndex, aclTensorList *tensors,
                                                             void *addr)
{
    return set_addr(executor, ACLEMU_IO_IN, irIndex, relativeIndex, NULL, tensors, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                              const size_t relativeIndex, aclTensorList *tensors,
                                                              void *addr)
{
    return set_addr(executor, ACLEMU_IO_OUT, irIndex, relativeIndex, NULL, tensors, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                        const size_t relativeIndex, aclTensorList *tensors,
                                                        void *addr)
{
    if (!executor || executor->magic != EXEC_MAGIC)
        return ACLNN_ERR_INNER_NULLPTR;
    if (irIndex < executor->n_in)
        return set_addr(executor, ACLEMU_IO_IN, irIndex, relativeIndex, NULL, tensors, addr);
    return set_addr(executor, ACLEMU_IO_OUT, irIndex - executor->n_in, relativeIndex, NULL, tensors, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                                      void *addr)
{
    return aclSetInputTensorAddr(executor, index, tensor, addr);
}
ACL_FUNC_VISIBILITY aclnnStatus AclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr)
{
    return aclSetOutputTensorAddr(executor, index, tensor, addr);
}
ACL_FUNC_VISIBILITY aclnnStatus AclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                                 void *addr)
{
    return aclSetTensorAddr(executor, index, tensor, addr);
}
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                             const size_t relativeIndex, aclTensorList *tensors,
                                                             void *addr)
{
    return aclSetDynamicInputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                              const size_t relativeIndex, aclTensorList *tensors,
                                                              void *addr)
{
    return aclSetDynamicOutputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                        const size_t relativeIndex, aclTensorList *tensors,
                                                        void *addr)
{
    return aclSetDynamicTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}
