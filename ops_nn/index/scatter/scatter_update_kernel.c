/* ScatterUpdate (see scatter_update_args.h): elements copied bytewise (data and updates share the dtype). */
#include <string.h>

#include "aclemu/kernel.h"
#include "index_elem.h"
#include "scatter_update_args.h"

/* Batch and offset of row i. */
static void row_target(const scatter_update_args *a, int64_t i, int64_t *b, int64_t *o)
{
    const aclemu_tdesc *t = &a->indices;
    const char *p = (const char *)(uintptr_t)t->addr;
    if (t->ndim == 0) {
        *b = 0, *o = index_elem_value(p, t->dtype, t->offset);
    } else if (t->ndim == 1) {
        *b = i, *o = index_elem_value(p, t->dtype, t->offset + i * t->stride[0]);
    } else {
        *b = index_elem_value(p, t->dtype, t->offset + i * t->stride[0]);
        *o = index_elem_value(p, t->dtype, t->offset + i * t->stride[0] + t->stride[1]);
    }
}

static int k_scatter_update(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(scatter_update_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const scatter_update_args *a = args;
    const aclemu_tdesc *d = &a->data, *u = &a->updates;
    if (d->ndim < 2 || d->ndim > ACLEMU_KMAX_RANK || u->ndim != d->ndim || a->indices.ndim > 2 || a->axis < 1 ||
        a->axis >= (int32_t)d->ndim || d->dtype != u->dtype)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int64_t i = 0; i < a->rows; i++) {
        int64_t b, o;
        row_target(a, i, &b, &o);
        if (b < 0 || b >= d->shape[0] || o < 0 || o > d->shape[a->axis] - u->shape[a->axis])
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    uint64_t r0, r1;
    aclemu_block_range((uint64_t)a->rows, (uint64_t)a->rows_per_block, blk, &r0, &r1);
    const size_t es = aclemu_kdtype_size(d->dtype);
    uint64_t per_row = 1;
    for (uint32_t k = 1; k < u->ndim; k++)
        per_row *= (uint64_t)u->shape[k];
    char *dp = (char *)(uintptr_t)d->addr;
    const char *up = (const char *)(uintptr_t)u->addr;
    for (uint64_t i = r0; i < r1; i++) {
        int64_t b, o;
        row_target(a, (int64_t)i, &b, &o);
        for (uint64_t j = 0; j < per_row; j++) {
            int64_t rem = (int64_t)j, doff = d->offset + b * d->stride[0], uoff = u->offset + (int64_t)i * u->stride[0];
            for (int k = (int)u->ndim - 1; k >= 1; k--) {
                int64_t c = rem % u->shape[k];
                rem /= u->shape[k];
                uoff += c * u->stride[k];
                doff += (k == a->axis ? c + o : c) * d->stride[k];
            }
            memcpy(dp + doff * (int64_t)es, up + uoff * (int64_t)es, es);
        }
    }
    return 0;
}

ACLEMU_KERNEL("ScatterUpdate", k_scatter_update);
