/* ClippedSwiglu kernel: the shared elementwise activation driver, over the first
 * min(max(sum(groupIndex), 0), pre) rows of out when groupIndex is present; zero_rest: this block's
 * elements past those rows are set to 0. */
#include "aclemu_op/kernel_util.h"

#include "act_kernel.h"
#include "clipped_swiglu_args.h"

static int clipped_swiglu_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(clipped_swiglu_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const clipped_swiglu_args *a = (const clipped_swiglu_args *)args;
    if (!a->has_group)
        return act_ew_kernel(&a->ew, sizeof(act_ew_args), blk);
    const int64_t *g = (const int64_t *)(uintptr_t)a->group_addr + a->group_off;
    int64_t sum = 0;
    uint32_t sum32 = 0;
    for (int64_t i = 0; i < a->group_n; i++) {
        sum += g[i * a->group_stride];
        sum32 += (uint32_t)g[i * a->group_stride];
    }
    if (a->group_u32)
        sum = (int64_t)sum32;
    if (sum < 0)
        sum = 0;
    if (sum > a->rows)
        sum = a->rows;
    act_ew_args e = a->ew;
    uint64_t lim = (uint64_t)(sum * a->row_elems);
    if (lim < e.ew.numel)
        e.ew.numel = lim; /* row-major: the first rows are the first elements */
    int rc = act_ew_kernel(&e, sizeof e, blk);
    if (rc || !a->zero_rest)
        return rc;
    uint64_t s, end;
    aclemu_block_range(a->ew.ew.numel, a->ew.ew.per_block, blk, &s, &end);
    if (s < lim)
        s = lim;
    if (s >= end)
        return 0;
    static const double zeros[ACLEMU_CHUNK];
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew.ew, s, end);
    char *p[ACLEMU_EW_MAX_OPS];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t k = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            aclemu_store_f64(p[0] + c * it.inner_stride[0], a->ew.ew.op[0].dtype, it.inner_stride[0], zeros, k);
        }
    return 0;
}

ACLEMU_KERNEL("ClippedSwiglu", clipped_swiglu_kernel);
