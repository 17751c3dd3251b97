/* Int4Pack: two INT4 values (the low nibbles of two INT32 elements) per byte, the first in the
 * low nibble (int4_pack_args.h). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "int4_pack_args.h"

/* FLOAT -> FP4 E2M1 code by the masked bit pattern (int4_pack_args.h). */
static uint32_t fp4_code(uint32_t bits)
{
    static const uint32_t pat[8] = {0x00000000u, 0x3F000000u, 0x3F800000u, 0x3FC00000u,
                                    0x40000000u, 0x40400000u, 0x40800000u, 0x40C00000u};
    uint32_t b = bits & 0xFFC00000u;
    for (uint32_t c = 0; c < 8; c++) {
        if (b == pat[c])
            return c;
        if (b == (pat[c] | 0x80000000u))
            return c | 8u;
    }
    return 0;
}

static uint32_t code_of(const int32_t *w, int64_t i, int fp4)
{
    return fp4 ? fp4_code((uint32_t)w[i]) : ((uint32_t)w[i] & 0xFu);
}

static uint8_t pack2f(const int32_t *w, int64_t i, int fp4)
{
    return (uint8_t)((code_of(w, 2 * i + 1, fp4) << 4) | code_of(w, 2 * i, fp4));
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
            dst[i] = pack2f(w, (int64_t)i, a->fp4);
        return 0;
    }
    if (blk->block_idx != 0)
        return 0;
    const int64_t c0 = a->c0;
    if (c0 < 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    memset(dst, 0, (size_t)(a->n1 * a->k1 * 16 * c0));
    for (int64_t r = 0; r < a->rows; r++)
        for (int64_t j = 0; j < nb; j++)
            dst[((j / c0) * a->k1 * 16 + r) * c0 + j % c0] = pack2f(w, r * nb + j, a->fp4);
    return 0;
}

ACLEMU_KERNEL("Int4Pack", k);
