/* LinearMaxSum (flomx_args.h): one pass per row for the max, a second for the exp sum, in FP32
 * like the vector unit; the exp sum accumulates in double-free FP32 order of the columns. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "flomx_args.h"

static char *at(const aclemu_tdesc *t, int64_t i)
{
    return (char *)(uintptr_t)t->addr + (t->offset + i * t->stride[0]) * (int64_t)aclemu_kdtype_size(t->dtype);
}

static int masked_row(int64_t tg, const flomx_args *a) { return tg < a->start || tg >= a->end; }

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(flomx_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const flomx_args *a = (const flomx_args *)args;
    const float *L = (const float *)(uintptr_t)a->logits;
    const int64_t padded = (a->m + 7) / 8 * 8;
    uint64_t s, e;
    aclemu_block_range((uint64_t)padded, a->per_block, blk, &s, &e);
    uint8_t byte = 0;
    for (int64_t b = (int64_t)s; b < (int64_t)e; b++) {
        int64_t tg = 0;
        if (b < a->m)
            aclemu_load_i64(&tg, at(&a->target, b), a->target.dtype, 0, 1);
        const int msk = masked_row(tg, a);
        byte |= (uint8_t)(msk << (b % 8));
        if (b % 8 == 7) {
            *(uint8_t *)at(&a->mask, b / 8) = byte;
            byte = 0;
        }
        if (b >= a->m)
            continue;
        const float *row = L + b * a->n;
        float mx = -INFINITY, sum = 0.0f;
        for (int64_t j = 0; j < a->n; j++)
            mx = row[j] > mx ? row[j] : mx;
        for (int64_t j = 0; j < a->n; j++)
            sum += expf(row[j] - mx);
        int64_t mt = msk ? 0 : tg - a->start;
        float pred = 0.0f;
        if (mt < 0 || mt >= a->n)
            mt = 0;
        else if (!msk)
            pred = row[mt] - mx;
        aclemu_store_f32(at(&a->lmax, b), a->lmax.dtype, 0, &mx, 1);
        aclemu_store_f32(at(&a->sumexp, b), a->sumexp.dtype, 0, &sum, 1);
        aclemu_store_f32(at(&a->pred, b), a->pred.dtype, 0, &pred, 1);
        aclemu_store_i64(at(&a->masked, b), a->masked.dtype, 0, &mt, 1);
    }
    return 0;
}

ACLEMU_KERNEL("LinearMaxSum", k);
