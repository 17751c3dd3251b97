/* Transpose kernel: copies a (permuted) view of self into out. Same-dtype copies go through the
 * shared strided copy (opbase/kernel/copy_range.c: tiled for any permutation moving the stride-1 dim),
 * dtype changes element run by element run. */
#include "aclemu_op/kernel_util.h"

static int transpose_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    if (aclemu_copy_block(ew, blk) == 0)
        return 0;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        aclemu_convert_run(p[0], ew->op[0].dtype, it.inner_stride[0], p[1], ew->op[1].dtype, it.inner_stride[1], n);
    return 0;
}

ACLEMU_KERNEL("Transpose", transpose_kernel);
