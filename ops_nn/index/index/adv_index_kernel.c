/* AdvIndex (see adv_index_args.h): the result layout is worked out here from the index shapes
 * (a mask's true count is only known on the device), then each result element's self offset. */
#include <string.h>

#include "aclemu/kernel.h"
#include "adv_index_args.h"
#include "index_elem.h"

typedef struct adv_plan {
    adv_layout L;
    int64_t *pos[ACLEMU_KMAX_RANK]; /* ADV_BOOL: flat positions of the true elements */
    int64_t cnt[ACLEMU_KMAX_RANK];
} adv_plan;

/* Lists each mask's true positions (its shape must be self's dims it covers), then the layout. */
static int make_plan(const adv_index_args *a, adv_plan *p)
{
    memset(p, 0, sizeof *p);
    const int32_t nself = (int32_t)a->self.ndim;
    if (a->nentries < 0 || a->nentries > ACLEMU_KMAX_RANK || nself > ACLEMU_KMAX_RANK || a->other.ndim > ACLEMU_KMAX_RANK)
        return 0;
    int32_t at = 0;
    uint64_t ws_used = 0;
    for (int32_t e = 0; e < a->nentries; e++) {
        const aclemu_tdesc *t = &a->idx[e];
        if (a->dims[e] < 0 || a->kind[e] < ADV_SLICE || a->kind[e] > ADV_BOOL || t->ndim > ACLEMU_KMAX_RANK ||
            at + a->dims[e] > nself)
            return 0;
        at += a->dims[e];
        if (a->kind[e] != ADV_BOOL)
            continue;
        if ((int32_t)t->ndim != a->dims[e])
            return 0;
        uint64_t n = 1;
        for (uint32_t d = 0; d < t->ndim; d++) {
            if (t->shape[d] != a->self.shape[at - a->dims[e] + (int32_t)d])
                return 0;
            n *= (uint64_t)t->shape[d];
        }
        if (ws_used + n > a->ws_elems)
            return 0;
        p->pos[e] = (int64_t *)(uintptr_t)a->ws + ws_used;
        ws_used += n;
        const unsigned char *mp = (const unsigned char *)(uintptr_t)t->addr;
        for (uint64_t i = 0; i < n; i++)
            if (mp[index_view_offset(t, i)])
                p->pos[e][p->cnt[e]++] = (int64_t)i;
    }
    return adv_index_layout(nself, a->self.shape, a->nentries, a->kind, a->dims, a->idx, p->cnt, &p->L) == ADV_OK;
}

/* Self element offset of result position i; -1 when an index value is out of range. */
static int64_t self_offset(const adv_index_args *a, const adv_plan *p, uint64_t i)
{
    int64_t rc[ACLEMU_KMAX_RANK], bc[ACLEMU_KMAX_RANK] = {0}, sc[ACLEMU_KMAX_RANK] = {0};
    for (int32_t r = p->L.rnd - 1; r >= 0; r--) {
        rc[r] = (int64_t)(i % (uint64_t)p->L.rshape[r]);
        i /= (uint64_t)p->L.rshape[r];
        if (p->L.role[r] >= 0)
            sc[p->L.role[r]] = rc[r];
        else
            bc[-1 - p->L.role[r]] = rc[r];
    }
    for (int32_t e = 0; e < a->nentries; e++) {
        const aclemu_tdesc *t = &a->idx[e];
        if (a->kind[e] == ADV_INT) {
            int64_t off = t->offset;
            for (uint32_t j = 0; j < t->ndim; j++)
                if (t->shape[j] != 1)
                    off += bc[p->L.bnd - (int32_t)t->ndim + (int32_t)j] * t->stride[j];
            int64_t v = index_elem_value((const char *)(uintptr_t)t->addr, t->dtype, off);
            int64_t len = a->self.shape[p->L.start[e]];
            if (v < 0)
                v += len;
            if (v < 0 || v >= len)
                return -1;
            sc[p->L.start[e]] = v;
        } else if (a->kind[e] == ADV_BOOL) {
            int64_t flat = p->pos[e][p->cnt[e] == 1 ? 0 : bc[p->L.bnd - 1]];
            for (int32_t d = p->L.start[e] + a->dims[e] - 1; d >= p->L.start[e]; d--) {
                sc[d] = flat % a->self.shape[d];
                flat /= a->self.shape[d];
            }
        }
    }
    int64_t off = a->self.offset;
    for (uint32_t d = 0; d < a->self.ndim; d++)
        off += sc[d] * a->self.stride[d];
    return off;
}

/* Element offset in `other` (PUT: values broadcast right-aligned to the result) of position i. */
static int64_t other_offset(const aclemu_tdesc *o, const adv_plan *p, uint64_t i)
{
    int64_t off = o->offset;
    for (int32_t r = p->L.rnd - 1; r >= 0; r--) {
        int64_t c = (int64_t)(i % (uint64_t)p->L.rshape[r]);
        i /= (uint64_t)p->L.rshape[r];
        int32_t j = r - (p->L.rnd - (int32_t)o->ndim);
        if (j >= 0 && o->shape[j] != 1)
            off += c * o->stride[j];
    }
    return off;
}

static int k_adv_index(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(adv_index_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const adv_index_args *a = args;
    adv_plan p;
    if (a->self.dtype != a->other.dtype || !make_plan(a, &p))
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t total = 1;
    for (int32_t r = 0; r < p.L.rnd; r++)
        total *= (uint64_t)p.L.rshape[r];
    const size_t es = aclemu_kdtype_size(a->self.dtype);
    char *self = (char *)(uintptr_t)a->self.addr, *other = (char *)(uintptr_t)a->other.addr;
    const aclemu_tdesc *o = &a->other;
    if (a->mode == ADV_GATHER) {
        if (a->self.ndim == 0) { /* a 0-d self: its value everywhere (the real op copies self) */
            for (uint64_t i = 0; i < a->numel; i++)
                memcpy(other + index_view_offset(o, i) * (int64_t)es, self + a->self.offset * (int64_t)es, es);
            return 0;
        }
        if ((int32_t)o->ndim != p.L.rnd || total != a->numel)
            return ACLEMU_KERNEL_BAD_ARGS;
        for (int32_t r = 0; r < p.L.rnd; r++)
            if (o->shape[r] != p.L.rshape[r])
                return ACLEMU_KERNEL_BAD_ARGS;
        uint64_t s, e;
        aclemu_block_range(a->numel, a->per_block, blk, &s, &e);
        for (uint64_t i = s; i < e; i++)
            if (self_offset(a, &p, i) < 0)
                return ACLEMU_KERNEL_BAD_ARGS;
        for (uint64_t i = s; i < e; i++)
            memcpy(other + index_view_offset(o, i) * (int64_t)es, self + self_offset(a, &p, i) * (int64_t)es, es);
        return 0;
    }
    if (a->mode != ADV_PUT || blk->block_idx != 0 || (int32_t)o->ndim > p.L.rnd)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int32_t j = 0; j < (int32_t)o->ndim; j++) {
        int64_t want = p.L.rshape[p.L.rnd - (int32_t)o->ndim + j];
        if (o->shape[j] != 1 && o->shape[j] != want)
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    for (uint64_t i = 0; i < total; i++)
        if (self_offset(a, &p, i) < 0)
            return ACLEMU_KERNEL_BAD_ARGS;
    for (uint64_t i = 0; i < total; i++) {
        char *dp = self + self_offset(a, &p, i) * (int64_t)es;
        const char *sp = other + other_offset(o, &p, i) * (int64_t)es;
        if (a->accumulate)
            index_elem_add(dp, sp, a->self.dtype, es);
        else
            memcpy(dp, sp, es);
    }
    return 0;
}

ACLEMU_KERNEL("AdvIndex", k_adv_index);
