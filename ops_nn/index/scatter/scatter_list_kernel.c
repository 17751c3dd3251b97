/* ScatterList (see scatter_list_args.h): elements copied bytewise (var and updates share the dtype). */
#include <string.h>

#include "aclemu/kernel.h"
#include "index_elem.h"
#include "scatter_list_args.h"

/* Whether entry b is written, and its start and length along the axis. */
static int entry_target(const scatter_list_args *a, int64_t b, int64_t *s, int64_t *len)
{
    if (a->mask.addr) {
        const aclemu_tdesc *m = &a->mask;
        uint8_t v;
        memcpy(&v, (const char *)(uintptr_t)m->addr + m->offset + b * m->stride[0], 1);
        if (v != 1)
            return 0;
    }
    const aclemu_tdesc *t = &a->indice;
    const char *p = (const char *)(uintptr_t)t->addr;
    int64_t off = t->offset + b * t->stride[0];
    *s = index_elem_value(p, t->dtype, off);
    *len = t->ndim == 2 ? index_elem_value(p, t->dtype, off + t->stride[1]) : a->updates.shape[a->axis + 1];
    return 1;
}

static int k_scatter_list(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(scatter_list_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const scatter_list_args *a = args;
    const aclemu_tdesc *u = &a->updates;
    if (a->ndim < 1 || a->ndim + 1 > ACLEMU_KMAX_RANK || (int)u->ndim != a->ndim + 1 || a->axis < 0 || a->axis >= a->ndim ||
        a->nvar < 0 || a->nvar > SL_MAX_VARS || a->first < 0 || a->first + a->nvar > u->shape[0] || a->indice.ndim < 1 ||
        a->indice.ndim > 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int ax = a->axis;
    const int64_t U = u->shape[ax + 1], V = a->shape[ax];
    for (int64_t e = 0; e < a->nvar; e++) {
        int64_t s, len;
        if (entry_target(a, a->first + e, &s, &len) && (s < 0 || len < 0 || len > U || s > V - len))
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    int64_t pre = 1, post = 1;
    for (int k = 0; k < ax; k++) pre *= a->shape[k];
    for (int k = ax + 1; k < a->ndim; k++) post *= a->shape[k];
    uint64_t r0, r1;
    aclemu_block_range((uint64_t)(a->nvar * pre), (uint64_t)a->rows_per_block, blk, &r0, &r1);
    const size_t es = aclemu_kdtype_size(u->dtype);
    const char *up = (const char *)(uintptr_t)u->addr;
    for (uint64_t r = r0; r < r1; r++) {
        int64_t e = (int64_t)r / pre, p = (int64_t)r % pre, b = a->first + e, s, len;
        if (!entry_target(a, b, &s, &len))
            continue;
        const sl_var *v = &a->var[e];
        char *vp = (char *)(uintptr_t)v->addr;
        /* the pre / post dims of var and updates hold the same counts, maybe split differently */
        int64_t vo = v->offset, uo = u->offset + b * u->stride[0], vr = p, ur = p;
        for (int k = ax - 1; k >= 0; k--) {
            vo += (vr % a->shape[k]) * v->stride[k];
            vr /= a->shape[k];
            uo += (ur % u->shape[k + 1]) * u->stride[k + 1];
            ur /= u->shape[k + 1];
        }
        for (int64_t i = 0; i < len * post; i++) { /* (k, q) row-major */
            int64_t vq = vo + (s + i / post) * v->stride[ax], uq = uo + (i / post) * u->stride[ax + 1], qv = i % post, qu = qv;
            for (int k = a->ndim - 1; k > ax; k--) {
                vq += (qv % a->shape[k]) * v->stride[k];
                qv /= a->shape[k];
                uq += (qu % u->shape[k + 1]) * u->stride[k + 1];
                qu /= u->shape[k + 1];
            }
            memcpy(vp + vq * (int64_t)es, up + uq * (int64_t)es, es);
        }
    }
    return 0;
}

ACLEMU_KERNEL("ScatterList", k_scatter_list);
