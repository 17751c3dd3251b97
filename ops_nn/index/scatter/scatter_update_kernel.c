/* ScatterUpdate and QuantUpdateScatter (see scatter_update_args.h): one walk over the rows of
 * updates, a run along the last dim at a time — copied bytewise (data and updates share the
 * dtype) or quantised through the quant driver's encoder. */
#include <string.h>

#include "aclemu/kernel.h"
#include "index_elem.h"
#include "quant_codec.h"
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

/* Per-block state of the quantising walk: the FP32 scales and zero points of the last dim and
 * a row of loaded updates, in the worker's scratch. */
typedef struct quant_row {
    float *scale, *zp, *x;
} quant_row;

static int quant_row_init(const scatter_update_args *a, int64_t n, quant_row *q)
{
    q->scale = aclemu_worker_scratch((size_t)n * 3 * sizeof(float));
    if (!q->scale)
        return ACLEMU_KERNEL_BAD_ARGS;
    q->zp = q->scale + n, q->x = q->zp + n;
    for (int64_t j = 0; j < n; j++) {
        const aclemu_tdesc *s = &a->scales;
        aclemu_load_f32(&q->scale[j], (const char *)(uintptr_t)s->addr +
                        index_view_offset(s, (uint64_t)j) * (int64_t)aclemu_kdtype_size(s->dtype), s->dtype, 0, 1);
        if (a->has_zero_points) {
            const aclemu_tdesc *z = &a->zero_points;
            aclemu_load_f32(&q->zp[j], (const char *)(uintptr_t)z->addr +
                            index_view_offset(z, (uint64_t)j) * (int64_t)aclemu_kdtype_size(z->dtype), z->dtype, 0, 1);
        }
    }
    return 0;
}

static int scatter_update_walk(const void *args, size_t size, const aclemu_block *blk, int quant)
{
    if (size < sizeof(scatter_update_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const scatter_update_args *a = args;
    const aclemu_tdesc *d = &a->data, *u = &a->updates;
    if (d->ndim < 2 || d->ndim > ACLEMU_KMAX_RANK || u->ndim != d->ndim || a->indices.ndim > 2 || a->axis < 1 ||
        a->axis >= (int32_t)d->ndim || (quant ? a->axis == (int32_t)d->ndim - 1 : d->dtype != u->dtype))
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int64_t i = 0; i < a->rows; i++) {
        int64_t b, o;
        row_target(a, i, &b, &o);
        if (b < 0 || b >= d->shape[0] || o < 0 || o > d->shape[a->axis] - u->shape[a->axis])
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    uint64_t r0, r1;
    aclemu_block_range((uint64_t)a->rows, (uint64_t)a->rows_per_block, blk, &r0, &r1);
    const int last = (int)u->ndim - 1;
    const int64_t n = u->shape[last];
    const size_t des = aclemu_kdtype_size(d->dtype), ues = aclemu_kdtype_size(u->dtype);
    uint64_t runs = 1; /* runs of the last dim per row */
    for (int k = 1; k < last; k++)
        runs *= (uint64_t)u->shape[k];
    quant_row q = {0};
    if (quant && r0 < r1) {
        int rc = quant_row_init(a, n, &q);
        if (rc)
            return rc;
    }
    char *dp = (char *)(uintptr_t)d->addr;
    const char *up = (const char *)(uintptr_t)u->addr;
    for (uint64_t i = r0; i < r1; i++) {
        int64_t b, o;
        row_target(a, (int64_t)i, &b, &o);
        for (uint64_t j = 0; j < runs; j++) {
            int64_t rem = (int64_t)j, doff = d->offset + b * d->stride[0], uoff = u->offset + (int64_t)i * u->stride[0];
            for (int k = last - 1; k >= 1; k--) {
                int64_t c = rem % u->shape[k];
                rem /= u->shape[k];
                uoff += c * u->stride[k];
                doff += (k == a->axis ? c + o : c) * d->stride[k];
            }
            if (a->axis == last)
                doff += o * d->stride[last];
            char *dr = dp + doff * (int64_t)des;
            const char *ur = up + uoff * (int64_t)ues;
            const int64_t ds = d->stride[last] * (int64_t)des, us = u->stride[last] * (int64_t)ues;
            if (quant) {
                aclemu_load_f32(q.x, ur, u->dtype, us, n);
                for (int64_t e = 0; e < n; e++) {
                    float y = q.x[e] / q.scale[e];
                    if (a->has_zero_points) /* no add without them (keeps -0) */
                        y += q.zp[e];
                    uint32_t c = quant_encode(y, a->code_dtype, a->round);
                    dr[e * ds] = (char)(uint8_t)c;
                }
            } else if (ds == (int64_t)des && us == (int64_t)ues) {
                memcpy(dr, ur, (size_t)n * des);
            } else {
                for (int64_t e = 0; e < n; e++)
                    memcpy(dr + e * ds, ur + e * us, des);
            }
        }
    }
    return 0;
}

static int k_scatter_update(const void *args, size_t size, const aclemu_block *blk)
{
    return scatter_update_walk(args, size, blk, 0);
}

static int k_quant_update_scatter(const void *args, size_t size, const aclemu_block *blk)
{
    return scatter_update_walk(args, size, blk, 1);
}

ACLEMU_KERNEL("ScatterUpdate", k_scatter_update);
ACLEMU_KERNEL("QuantUpdateScatter", k_quant_update_scatter);
