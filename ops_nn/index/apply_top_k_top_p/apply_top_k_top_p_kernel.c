/* ApplyTopKTopP (see apply_top_k_top_p_args.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "apply_top_k_top_p_args.h"
#include "sort_keys.h"

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static int k_apply_top_k_top_p(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(topktopp_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const topktopp_args *a = args;
    const aclemu_tdesc *x = &a->logits, *o = &a->out;
    if (x->ndim != 2 || o->ndim != 2 || a->cols < 1 || a->cols > 0xffffffffll || a->ws_per_block < a->cols * 12)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t r0, r1;
    aclemu_block_range((uint64_t)a->rows, (uint64_t)a->rows_per_block, blk, &r0, &r1);
    const int64_t V = a->cols;
    const size_t es = aclemu_kdtype_size(x->dtype);
    char *slot = (char *)(uintptr_t)a->ws + (int64_t)blk->block_idx * a->ws_per_block;
    uint64_t *c = (uint64_t *)slot;
    float *sv = (float *)(c + V);
    const char *xb = (const char *)(uintptr_t)x->addr;
    char *ob = (char *)(uintptr_t)o->addr;
    for (uint64_t r = r0; r < r1; r++) {
        const char *row = xb + (x->offset + (int64_t)r * x->stride[0]) * (int64_t)es;
        for (int64_t i = 0; i < V; i++)
            c[i] = key_of(x->dtype, row + i * x->stride[1] * (int64_t)es) << 32 | (uint64_t)i;
        qsort(c, (size_t)V, sizeof *c, cmp_u64); /* composites are unique: stable by index */
        for (int64_t j = 0; j < V; j++) {
            double v;
            aclemu_load_f64(&v, row + (int64_t)(c[j] & 0xffffffffu) * x->stride[1] * (int64_t)es, x->dtype, 0, 1);
            sv[j] = (float)v;
        }
        if (a->k.addr) {
            int32_t k;
            memcpy(&k, (const char *)(uintptr_t)a->k.addr + (a->k.offset + (int64_t)r * a->k.stride[0]) * 4, 4);
            if (k > 0 && k < V) {
                float thr = sv[V - k];
                for (int64_t j = 0; j < V - k; j++)
                    if (sv[j] < thr) sv[j] = -INFINITY;
            }
        }
        if (a->p.addr) {
            double pv;
            aclemu_load_f64(&pv, (const char *)(uintptr_t)a->p.addr +
                                     (a->p.offset + (int64_t)r * a->p.stride[0]) * (int64_t)aclemu_kdtype_size(a->p.dtype),
                            a->p.dtype, 0, 1);
            float m = sv[V - 1], sum = 0.0f, lim = 1.0f - (float)pv, cum = 0.0f;
            for (int64_t j = 0; j < V; j++) sum += expf(sv[j] - m);
            for (int64_t j = 0; j + 1 < V; j++) {
                cum += expf(sv[j] - m) / sum;
                if (cum <= lim) sv[j] = -INFINITY;
            }
        }
        char *orow = ob + (o->offset + (int64_t)r * o->stride[0]) * (int64_t)es;
        for (int64_t j = 0; j < V; j++) {
            double v = sv[j];
            aclemu_store_f64(orow + (int64_t)(c[j] & 0xffffffffu) * o->stride[1] * (int64_t)es, o->dtype, 0, &v, 1);
        }
    }
    return 0;
}

ACLEMU_KERNEL("ApplyTopKTopP", k_apply_top_k_top_p);
