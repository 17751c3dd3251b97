/* Device side of GroupedBiasAddGrad: each block takes a range of out's rows (groups), finds each
 * group's row range from groupIdx and sums those rows of gradY in chunks of H
 * (grouped_bias_add_grad_args.h). */
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "grouped_bias_add_grad_args.h"

static int k_gbag(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(gbag_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const gbag_args *a = (const gbag_args *)args;
    const aclemu_tdesc *gy = &a->grad, *o = &a->out, *ix = &a->idx;
    if (o->ndim != 2 || gy->ndim != (a->has_idx ? 2u : 3u) || (a->has_idx && ix->ndim != 1))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t G = o->shape[0], H = o->shape[1];
    int64_t g0 = (int64_t)blk->block_idx * a->per_block, g1 = g0 + a->per_block;
    if (g1 > G)
        g1 = G;
    if (g0 >= g1)
        return 0;
    size_t ges = aclemu_kdtype_size(gy->dtype), oes = aclemu_kdtype_size(o->dtype);
    const char *gb = (const char *)(uintptr_t)gy->addr;
    char *ob = (char *)(uintptr_t)o->addr;
    int64_t hs = gy->stride[gy->ndim - 1] * (int64_t)ges, ohs = o->stride[1] * (int64_t)oes;
    /* start of group g0: the end of group g0 - 1 */
    int64_t start = 0;
    if (a->has_idx && g0 > 0) {
        int64_t v;
        const char *ib = (const char *)(uintptr_t)ix->addr;
        size_t ies = aclemu_kdtype_size(ix->dtype);
        if (a->sizes) {
            for (int64_t j = 0; j < g0; j++) {
                aclemu_load_i64(&v, ib + (ix->offset + j * ix->stride[0]) * (int64_t)ies, ix->dtype, 0, 1);
                start += v;
            }
        } else {
            aclemu_load_i64(&start, ib + (ix->offset + (g0 - 1) * ix->stride[0]) * (int64_t)ies, ix->dtype, 0, 1);
        }
    }
    double acc[ACLEMU_CHUNK], v[ACLEMU_CHUNK];
    for (int64_t g = g0; g < g1; g++) {
        int64_t lo, hi, base; /* rows [lo, hi) of the row dim (0 with groupIdx, 1 without) */
        if (a->has_idx) {
            int64_t e;
            aclemu_load_i64(&e, (const char *)(uintptr_t)ix->addr + (ix->offset + g * ix->stride[0]) *
                                    (int64_t)aclemu_kdtype_size(ix->dtype), ix->dtype, 0, 1);
            int64_t end = a->sizes ? start + e : e;
            lo = start < 0 ? 0 : start;
            hi = end > gy->shape[0] ? gy->shape[0] : end;
            start = end;
            base = gy->offset;
        } else {
            lo = 0;
            hi = gy->shape[1];
            base = gy->offset + g * gy->stride[0];
        }
        int64_t rs = gy->stride[a->has_idx ? 0 : 1];
        for (int64_t h0 = 0; h0 < H; h0 += ACLEMU_CHUNK) {
            int64_t m = H - h0 < ACLEMU_CHUNK ? H - h0 : ACLEMU_CHUNK;
            for (int64_t t = 0; t < m; t++)
                acc[t] = 0.0;
            for (int64_t r = lo; r < hi; r++) {
                aclemu_load_f64(v, gb + (base + r * rs) * (int64_t)ges + h0 * hs, gy->dtype, hs, m);
                for (int64_t t = 0; t < m; t++)
                    acc[t] += v[t];
            }
            aclemu_store_f64(ob + (o->offset + g * o->stride[0]) * (int64_t)oes + h0 * ohs, o->dtype, ohs, acc, m);
        }
    }
    return 0;
}
ACLEMU_KERNEL("GroupedBiasAddGrad", k_gbag);
