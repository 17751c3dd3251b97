/* RotaryPositionEmbedding: per row of D, y = x * cos + r * sin in FP32 (FP16 / BF16 widened,
 * one rounding on the store) with r = cat(-x[D/2:], x[:D/2]) (half) or r[2k] = -x[2k+1],
 * r[2k+1] = x[2k] (interleave). */
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "rope_args.h"

#define ROPE_MAX_D 1024

static const char *row_ptr(const aclemu_tdesc *d, uint64_t r, size_t es)
{
    int64_t off = d->offset;
    for (int i = 2; i >= 0; i--) {
        off += (int64_t)(r % (uint64_t)d->shape[i]) * d->stride[i];
        r /= (uint64_t)d->shape[i];
    }
    return (const char *)(uintptr_t)d->addr + off * (int64_t)es;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(rope_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const rope_args *a = args;
    const int64_t D = a->x.shape[3];
    if (a->x.ndim != 4 || D <= 0 || D > ROPE_MAX_D || D % 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t es = aclemu_kdtype_size(a->x.dtype);
    float x[ROPE_MAX_D], c[ROPE_MAX_D], s[ROPE_MAX_D], y[ROPE_MAX_D];
    const int64_t h = D / 2;
    uint64_t b, e;
    aclemu_block_range(a->rows, a->rows_per_block, blk, &b, &e);
    for (uint64_t r = b; r < e; r++) {
        aclemu_load_f32(x, row_ptr(&a->x, r, es), a->x.dtype, a->x.stride[3] * (int64_t)es, D);
        aclemu_load_f32(c, row_ptr(&a->cos, r, es), a->cos.dtype, a->cos.stride[3] * (int64_t)es, D);
        aclemu_load_f32(s, row_ptr(&a->sin, r, es), a->sin.dtype, a->sin.stride[3] * (int64_t)es, D);
        if (a->mode == ROPE_HALF) {
            for (int64_t i = 0; i < h; i++) {
                y[i] = x[i] * c[i] - x[i + h] * s[i];
                y[i + h] = x[i + h] * c[i + h] + x[i] * s[i + h];
            }
        } else {
            for (int64_t i = 0; i < D; i += 2) {
                y[i] = x[i] * c[i] - x[i + 1] * s[i];
                y[i + 1] = x[i + 1] * c[i + 1] + x[i] * s[i + 1];
            }
        }
        aclemu_store_f32((char *)row_ptr(&a->out, r, es), a->out.dtype, a->out.stride[3] * (int64_t)es, y, D);
    }
    return 0;
}

ACLEMU_KERNEL("RotaryPositionEmbedding", k);
