/* SoftmaxCrossEntropyWithLogits: per row, in FP32 like the kernel (FP16 / BF16 are widened),
 * with double accumulators: m = max(x), s = sum(exp(x - m)), lse = m + log(s);
 * loss = sum(y * (lse - x)), backprop = exp(x - lse) - y. Three passes over the row in chunks,
 * so any C fits. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "sce_args.h"

static const char *row_ptr(const aclemu_tdesc *d, int64_t n, size_t es)
{
    return (const char *)(uintptr_t)d->addr + (d->offset + n * d->stride[0]) * (int64_t)es;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(sce_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const sce_args *a = args;
    const aclemu_tdesc *x = &a->features, *y = &a->labels, *l = &a->loss, *g = &a->backprop;
    if (x->ndim != 2 || y->ndim != 2 || g->ndim != 2 || l->ndim != 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t xs = aclemu_kdtype_size(x->dtype), ys = aclemu_kdtype_size(y->dtype), gs = aclemu_kdtype_size(g->dtype),
                 ls = aclemu_kdtype_size(l->dtype);
    const int64_t C = x->shape[1];
    const int64_t xst = x->stride[1] * (int64_t)xs, yst = y->stride[1] * (int64_t)ys, gst = g->stride[1] * (int64_t)gs;
    float xb[ACLEMU_CHUNK], yb[ACLEMU_CHUNK], ob[ACLEMU_CHUNK];
    uint64_t s, e;
    aclemu_block_range((uint64_t)x->shape[0], a->rows_per_block, blk, &s, &e);
    for (uint64_t r = s; r < e; r++) {
        const char *xr = row_ptr(x, (int64_t)r, xs), *yr = row_ptr(y, (int64_t)r, ys);
        char *gr = (char *)row_ptr(g, (int64_t)r, gs);
        float m = -INFINITY;
        for (int64_t c = 0; c < C; c += ACLEMU_CHUNK) {
            int64_t n = C - c < ACLEMU_CHUNK ? C - c : ACLEMU_CHUNK;
            aclemu_load_f32(xb, xr + c * xst, x->dtype, xst, n);
            for (int64_t i = 0; i < n; i++)
                m = xb[i] > m || isnan(xb[i]) ? xb[i] : m;
        }
        double sum = 0;
        for (int64_t c = 0; c < C; c += ACLEMU_CHUNK) {
            int64_t n = C - c < ACLEMU_CHUNK ? C - c : ACLEMU_CHUNK;
            aclemu_load_f32(xb, xr + c * xst, x->dtype, xst, n);
            for (int64_t i = 0; i < n; i++)
                sum += exp((double)xb[i] - (double)m);
        }
        const double lse = (double)m + log(sum);
        double loss = 0;
        for (int64_t c = 0; c < C; c += ACLEMU_CHUNK) {
            int64_t n = C - c < ACLEMU_CHUNK ? C - c : ACLEMU_CHUNK;
            aclemu_load_f32(xb, xr + c * xst, x->dtype, xst, n);
            aclemu_load_f32(yb, yr + c * yst, y->dtype, yst, n);
            for (int64_t i = 0; i < n; i++) {
                double lp = (double)xb[i] - lse;
                loss -= (double)yb[i] * lp; /* literally: a -inf logit with a 0 label gives NaN */
                ob[i] = (float)(exp(lp) - (double)yb[i]);
            }
            aclemu_store_f32(gr + c * gst, g->dtype, gst, ob, n);
        }
        float lf = (float)loss;
        aclemu_store_f32((char *)(uintptr_t)l->addr + (l->offset + (int64_t)r * l->stride[0]) * (int64_t)ls, l->dtype,
                         (int64_t)ls, &lf, 1);
    }
    return 0;
}

ACLEMU_KERNEL("SoftmaxCrossEntropyWithLogits", k);
