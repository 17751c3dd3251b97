/* Device side of TransformBiasRescaleQkv: each block takes rows (s, b, h, t) of D elements
 * (tbrq_args.h), in chunks, in FLOAT. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "tbrq_args.h"

static int k_tbrq(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(tbrq_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const tbrq_args *a = (const tbrq_args *)args;
    const aclemu_tdesc *x = &a->qkv, *bi = &a->bias;
    if (x->ndim != 3 || bi->ndim != 1 || a->dph <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int s = 0; s < 3; s++)
        if (a->out[s].ndim != 4)
            return ACLEMU_KERNEL_BAD_ARGS;
    int64_t B = x->shape[0], T = x->shape[1], H = a->heads, D = a->dph, rows = 3 * B * H * T;
    int64_t r0 = (int64_t)blk->block_idx * a->per_block, r1 = r0 + a->per_block;
    if (r1 > rows)
        r1 = rows;
    size_t xes = aclemu_kdtype_size(x->dtype), bes = aclemu_kdtype_size(bi->dtype);
    int64_t xs = x->stride[2] * (int64_t)xes, bs = bi->stride[0] * (int64_t)bes;
    float scale = 1.0f / sqrtf((float)D);
    float v[ACLEMU_CHUNK], w[ACLEMU_CHUNK];
    for (int64_t r = r0; r < r1; r++) {
        int64_t t = r % T, h = (r / T) % H, b = (r / (T * H)) % B, s = r / (T * H * B);
        const aclemu_tdesc *o = &a->out[s];
        size_t oes = aclemu_kdtype_size(o->dtype);
        int64_t col = (s * H + h) * D;
        const char *xrow = (const char *)(uintptr_t)x->addr + (x->offset + b * x->stride[0] + t * x->stride[1]) * (int64_t)xes;
        const char *brow = (const char *)(uintptr_t)bi->addr + bi->offset * (int64_t)bes;
        char *orow = (char *)(uintptr_t)o->addr +
                     (o->offset + b * o->stride[0] + h * o->stride[1] + t * o->stride[2]) * (int64_t)oes;
        int64_t os = o->stride[3] * (int64_t)oes;
        for (int64_t d0 = 0; d0 < D; d0 += ACLEMU_CHUNK) {
            int64_t m = D - d0 < ACLEMU_CHUNK ? D - d0 : ACLEMU_CHUNK;
            aclemu_load_f32(v, xrow + (col + d0) * xs, x->dtype, xs, m);
            aclemu_load_f32(w, brow + (col + d0) * bs, bi->dtype, bs, m);
            for (int64_t k = 0; k < m; k++) {
                v[k] = v[k] + w[k];
                if (s == 0)
                    v[k] = v[k] * scale;
            }
            aclemu_store_f32(orow + d0 * os, o->dtype, os, v, m);
        }
    }
    return 0;
}
ACLEMU_KERNEL("TransformBiasRescaleQkv", k_tbrq);
