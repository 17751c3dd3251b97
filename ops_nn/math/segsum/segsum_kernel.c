/* Device side of ExpSegsum (rows (b, i) of the output, each from a running sum of x leftwards
 * from the diagonal) and ExpSegsumBackward (per batch: rows from the last up, column sums of
 * g * y below the diagonal kept in the block's scratch). See segsum_args.h. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "segsum_args.h"

/* Element offset of batch b (row-major over the dims before the last `keep`) in view d. */
static int64_t batch_offset(const aclemu_tdesc *d, uint32_t keep, int64_t b)
{
    int64_t off = d->offset;
    for (int k = (int)d->ndim - 1 - (int)keep; k >= 0; k--) {
        off += (b % d->shape[k]) * d->stride[k];
        b /= d->shape[k];
    }
    return off;
}

static int segsum_forward(const segsum_args *a, const aclemu_block *blk)
{
    const aclemu_tdesc *x = &a->x, *o = &a->out;
    uint32_t n = x->ndim;
    int64_t N = x->shape[n - 1], B = 1;
    for (uint32_t i = 0; i + 1 < n; i++)
        B *= x->shape[i];
    int64_t r0 = (int64_t)blk->block_idx * a->per_block, r1 = r0 + a->per_block;
    if (r1 > B * N)
        r1 = B * N;
    size_t xes = aclemu_kdtype_size(x->dtype), oes = aclemu_kdtype_size(o->dtype);
    const char *xb = (const char *)(uintptr_t)x->addr;
    char *ob = (char *)(uintptr_t)o->addr;
    int64_t xs = x->stride[n - 1] * (int64_t)xes, ocs = o->stride[n] * (int64_t)oes;
    double xv[ACLEMU_CHUNK], row[ACLEMU_CHUNK];
    for (int64_t r = r0; r < r1; r++) {
        int64_t b = r / N, i = r % N;
        const char *xrow = xb + batch_offset(x, 1, b) * (int64_t)xes;
        char *orow = ob + (batch_offset(o, 2, b) + i * o->stride[n - 1]) * (int64_t)oes;
        /* columns j = i, i-1, ..., 0 in chunks from the diagonal leftwards */
        double s = 0.0;
        for (int64_t hi = i; hi >= 0; hi -= ACLEMU_CHUNK) {
            int64_t lo = hi - ACLEMU_CHUNK + 1 < 0 ? 0 : hi - ACLEMU_CHUNK + 1, m = hi - lo + 1;
            /* x[lo + 1 .. hi + 1), the terms added at columns lo .. hi - 1 (x[i + 1] unused) */
            int64_t nx = hi < i ? m : m - 1;
            if (nx > 0)
                aclemu_load_f64(xv, xrow + (lo + 1) * xs, x->dtype, xs, nx);
            for (int64_t j = hi; j >= lo; j--) {
                if (j < i)
                    s += xv[j - lo];
                row[j - lo] = exp(s);
            }
            aclemu_store_f64(orow + lo * ocs, o->dtype, ocs, row, m);
        }
        if (i + 1 < N)
            aclemu_zero_run(orow + (i + 1) * ocs, o->dtype, ocs, N - i - 1);
    }
    return 0;
}

static int segsum_backward(const segsum_args *a, const aclemu_block *blk)
{
    const aclemu_tdesc *g = &a->g, *y = &a->y, *gi = &a->gin;
    uint32_t n = gi->ndim;
    int64_t N = gi->shape[n - 1], B = 1;
    for (uint32_t i = 0; i + 1 < n; i++)
        B *= gi->shape[i];
    int64_t b0 = (int64_t)blk->block_idx * a->per_block, b1 = b0 + a->per_block;
    if (b1 > B)
        b1 = B;
    double *col = (double *)(uintptr_t)a->scratch + (int64_t)blk->block_idx * N;
    size_t ges = aclemu_kdtype_size(g->dtype), yes = aclemu_kdtype_size(y->dtype), ies = aclemu_kdtype_size(gi->dtype);
    int64_t gcs = g->stride[n] * (int64_t)ges, ycs = y->stride[n] * (int64_t)yes;
    double gv[ACLEMU_CHUNK], yv[ACLEMU_CHUNK];
    for (int64_t b = b0; b < b1; b++) {
        const char *gb = (const char *)(uintptr_t)g->addr + batch_offset(g, 2, b) * (int64_t)ges;
        const char *yb = (const char *)(uintptr_t)y->addr + batch_offset(y, 2, b) * (int64_t)yes;
        char *ib = (char *)(uintptr_t)gi->addr + batch_offset(gi, 1, b) * (int64_t)ies;
        for (int64_t j = 0; j < N; j++)
            col[j] = 0.0;
        for (int64_t i = N - 1; i >= 0; i--) {
            /* col[j] = sum_{i' >= i} g[i', j] y[i', j] for j < i; gradInput[i] = sum_{j < i} col[j] */
            double s = 0.0;
            for (int64_t lo = 0; lo < i; lo += ACLEMU_CHUNK) {
                int64_t m = i - lo < ACLEMU_CHUNK ? i - lo : ACLEMU_CHUNK;
                aclemu_load_f64(gv, gb + i * g->stride[n - 1] * (int64_t)ges + lo * gcs, g->dtype, gcs, m);
                aclemu_load_f64(yv, yb + i * y->stride[n - 1] * (int64_t)yes + lo * ycs, y->dtype, ycs, m);
                for (int64_t t = 0; t < m; t++) {
                    col[lo + t] += gv[t] * yv[t];
                    s += col[lo + t];
                }
            }
            aclemu_store_f64(ib + i * gi->stride[n - 1] * (int64_t)ies, gi->dtype, 0, &s, 1);
        }
    }
    return 0;
}

static int k_segsum(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(segsum_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const segsum_args *a = (const segsum_args *)args;
    if (a->backward) {
        uint32_t n = a->gin.ndim;
        if (n < 1 || a->g.ndim != n + 1 || a->y.ndim != n + 1 || !a->scratch)
            return ACLEMU_KERNEL_BAD_ARGS;
        return segsum_backward(a, blk);
    }
    if (a->x.ndim < 1 || a->out.ndim != a->x.ndim + 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    return segsum_forward(a, blk);
}
ACLEMU_KERNEL("ExpSegsum", k_segsum);
