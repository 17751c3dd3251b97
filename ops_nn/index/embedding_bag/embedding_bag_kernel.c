/* EmbeddingBag (see embedding_bag_args.h). */
#include <string.h>

#include "aclemu/kernel.h"
#include "embedding_bag_args.h"
#include "index_elem.h"

#define EB_CHUNK 256

static int64_t load_int(const aclemu_tdesc *t, uint64_t i)
{
    int64_t v;
    const size_t es = aclemu_kdtype_size(t->dtype);
    aclemu_load_i64(&v, (const char *)(uintptr_t)t->addr + index_view_offset(t, i) * (int64_t)es, t->dtype, (int64_t)es, 1);
    return v;
}

static void store_int(const aclemu_tdesc *t, uint64_t i, int64_t v)
{
    const size_t es = aclemu_kdtype_size(t->dtype);
    aclemu_store_i64((char *)(uintptr_t)t->addr + index_view_offset(t, i) * (int64_t)es, t->dtype, (int64_t)es, &v, 1);
}

static int64_t bag_end(const embedding_bag_args *a, int64_t b)
{
    return b + 1 < a->noffsets ? load_int(&a->offsets, (uint64_t)(b + 1)) : a->nidx;
}

static int k_embedding_bag(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(embedding_bag_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const embedding_bag_args *a = args;
    if (a->weight.ndim != 2 || a->output.ndim != 2 || a->indices.ndim > 2 || a->offsets.ndim > 1 || a->psw.ndim > 2 ||
        a->offset2bag.ndim > 1 || a->bag_size.ndim > 1 || a->max_indices.ndim > 2 || a->mode < EMB_BAG_SUM ||
        a->mode > EMB_BAG_MAX || a->nbags > a->noffsets)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int64_t rows = a->weight.shape[0], D = a->weight.shape[1];
    for (int64_t b = 0; b < a->nbags; b++) { /* everything in range, or nothing is written */
        int64_t s = load_int(&a->offsets, (uint64_t)b), e = bag_end(a, b);
        if (s < 0 || s > e || e > a->nidx)
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    for (int64_t i = 0; i < a->nidx; i++) {
        int64_t v = load_int(&a->indices, (uint64_t)i);
        if (v < 0 || v >= rows)
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    uint64_t b0, b1;
    aclemu_block_range((uint64_t)a->nbags, (uint64_t)a->bags_per_block, blk, &b0, &b1);
    const int32_t wdt = a->weight.dtype;
    const size_t wes = aclemu_kdtype_size(wdt);
    const char *w = (const char *)(uintptr_t)a->weight.addr;
    char *out = (char *)(uintptr_t)a->output.addr;
    if (blk->block_idx == 0) {
        for (int64_t i = 0; i < a->o2b_numel; i++)
            store_int(&a->offset2bag, (uint64_t)i, 0);
        for (int64_t b = a->nbags; b < a->bag_numel; b++)
            store_int(&a->bag_size, (uint64_t)b, 0);
    }
    double acc[EB_CHUNK];
    int64_t arg[EB_CHUNK];
    for (uint64_t b = b0; b < b1; b++) {
        const int64_t s = load_int(&a->offsets, b), e = bag_end(a, (int64_t)b);
        int64_t count = 0;
        for (int64_t i = s; i < e; i++) {
            if (i < a->o2b_numel)
                store_int(&a->offset2bag, (uint64_t)i, (int64_t)b);
            count += load_int(&a->indices, (uint64_t)i) != a->padding_idx;
        }
        for (int64_t c0 = 0; c0 < D; c0 += EB_CHUNK) {
            const int64_t m = D - c0 < EB_CHUNK ? D - c0 : EB_CHUNK;
            for (int64_t j = 0; j < m; j++)
                acc[j] = 0, arg[j] = 0;
            int first = 1;
            for (int64_t i = s; i < e; i++) {
                const int64_t r = load_int(&a->indices, (uint64_t)i);
                if (r == a->padding_idx)
                    continue;
                double row[EB_CHUNK], scale = 1;
                aclemu_load_f64(row, w + (a->weight.offset + r * a->weight.stride[0] + c0 * a->weight.stride[1]) * (int64_t)wes, wdt,
                                a->weight.stride[1] * (int64_t)wes, m);
                if (a->has_psw)
                    aclemu_load_f64(&scale, (const char *)(uintptr_t)a->psw.addr + index_view_offset(&a->psw, (uint64_t)i) * (int64_t)wes,
                                    wdt, (int64_t)wes, 1);
                for (int64_t j = 0; j < m; j++) {
                    double v = row[j] * scale;
                    if (a->mode != EMB_BAG_MAX)
                        acc[j] += v;
                    else if (first || v > acc[j])
                        acc[j] = v, arg[j] = r;
                }
                first = 0;
            }
            if (a->mode == EMB_BAG_MEAN && count > 0)
                for (int64_t j = 0; j < m; j++)
                    acc[j] /= (double)count;
            aclemu_store_f64(out + (a->output.offset + (int64_t)b * a->output.stride[0] + c0 * a->output.stride[1]) * (int64_t)wes, wdt,
                             a->output.stride[1] * (int64_t)wes, acc, m);
            if (a->mode == EMB_BAG_MAX && a->max_numel)
                for (int64_t j = 0; j < m; j++)
                    store_int(&a->max_indices, (uint64_t)((int64_t)b * D + c0 + j), arg[j]);
        }
        if ((int64_t)b < a->bag_numel)
            store_int(&a->bag_size, b, count);
        if (a->mode != EMB_BAG_MAX && (int64_t)b < a->max_numel)
            store_int(&a->max_indices, b, count);
    }
    return 0;
}

ACLEMU_KERNEL("EmbeddingBag", k_embedding_bag);
