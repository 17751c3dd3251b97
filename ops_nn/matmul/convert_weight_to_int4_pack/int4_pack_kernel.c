/* Int4Pack: two INT4 values (the low nibbles of two INT32 elements) per byte, the first in the
 * low nibble (int4_pack_args.h). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "int4_pack_args.h"

static uint8_t pack2(const int32_t *w, int64_t i)
{
    return (uint8_t)((((uint32_t)w[2 * i + 1] & 0xFu) << 4) | ((uint32_t)w[2 * i] & 0xFu));
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(int4_pack_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const int4_pack_args *a = args;
    const int32_t *w = (const int32_t *)(uintptr_t)a->src + a->src_off;
    uint8_t *dst = (uint8_t *)(uintptr_t)a->dst + a->dst_off;
    const int64_t nb = a->n / 2;
    if (!a->nz) {
        uint64_t s, e;
        aclemu_block_range((uint64_t)(a->rows * nb), (uint64_t)a->per_block, blk, &s, &e);
        for (uint64_t i = s; i < e; i++)
            dst[i] = pack2(w, (int64_t)i);
        return 0;
    }
    if (blk->block_idx != 0)
        return 0;
    memset(dst, 0, (size_t)(a->n1 * a->k1 * 16 * 32));
    for (int64_t r = 0; r < a->rows; r++)
        for (int64_t j = 0; j < nb; j++)
            dst[((j / 32) * a->k1 * 16 + r) * 32 + j % 32] = pack2(w, r * nb + j);
    return 0;
}

ACLEMU_KERNEL("Int4Pack", k);
