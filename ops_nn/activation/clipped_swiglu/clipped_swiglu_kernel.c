/* ClippedSwiglu kernel: the shared elementwise activation driver, over the first
 * min(max(sum(groupIndex), 0), pre) rows of out when groupIndex is present. */
#include "aclemu_op/kernel_util.h"

#include "act_kernel.h"
#include "clipped_swiglu_args.h"

static int clipped_swiglu_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(clipped_swiglu_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const clipped_swiglu_args *a = (const clipped_swiglu_args *)args;
    if (!a->group_addr)
        return act_ew_kernel(&a->ew, sizeof(act_ew_args), blk);
    const int64_t *g = (const int64_t *)(uintptr_t)a->group_addr + a->group_off;
    int64_t sum = 0;
    for (int64_t i = 0; i < a->group_n; i++)
        sum += g[i * a->group_stride];
    if (sum < 0)
        sum = 0;
    if (sum > a->rows)
        sum = a->rows;
    act_ew_args e = a->ew;
    uint64_t lim = (uint64_t)(sum * a->row_elems);
    if (lim < e.ew.numel)
        e.ew.numel = lim; /* row-major: the first rows are the first elements */
    return act_ew_kernel(&e, sizeof e, blk);
}

ACLEMU_KERNEL("ClippedSwiglu", clipped_swiglu_kernel);
