/* ExpandIntoJaggedPermute (see jagged_permute_args.h). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "jagged_permute_args.h"

static int32_t at(const aclemu_tdesc *t, int64_t i)
{
    int32_t v;
    memcpy(&v, (const char *)(uintptr_t)t->addr + (t->offset + i * t->stride[0]) * 4, 4);
    return v;
}

static int k_jagged_permute(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(jagged_permute_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const jagged_permute_args *a = args;
    if (a->permute.ndim != 1 || a->in_off.ndim != 1 || a->out_off.ndim != 1 || a->out.ndim != 1 || a->n < 0 ||
        a->permute.shape[0] < a->n || a->in_off.shape[0] < a->n + 1 || a->out_off.shape[0] < a->n + 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int64_t olen = a->out.shape[0];
    if (at(&a->out_off, 0) < 0 || at(&a->out_off, a->n) > olen)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int64_t i = 0; i < a->n; i++) {
        int32_t p = at(&a->permute, i);
        if (p < 0 || p > a->n || at(&a->out_off, i + 1) < at(&a->out_off, i))
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    uint64_t s0, s1;
    aclemu_block_range((uint64_t)a->n, (uint64_t)a->seg_per_block, blk, &s0, &s1);
    char *op = (char *)(uintptr_t)a->out.addr;
    for (uint64_t i = s0; i < s1; i++) {
        int64_t o0 = at(&a->out_off, (int64_t)i), o1 = at(&a->out_off, (int64_t)i + 1);
        int64_t base = at(&a->in_off, at(&a->permute, (int64_t)i));
        for (int64_t k = 0; k < o1 - o0; k++) {
            int32_t v = (int32_t)(base + k);
            memcpy(op + (a->out.offset + (o0 + k) * a->out.stride[0]) * 4, &v, 4);
        }
    }
    return 0;
}

ACLEMU_KERNEL("ExpandIntoJaggedPermute", k_jagged_permute);
