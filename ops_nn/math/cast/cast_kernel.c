/* Cast kernel: element conversion between any two supported dtypes (round to nearest even into
 * floating types, truncation toward zero with saturation into integers, NaN -> 0, != 0 -> true). */
#include "aclemu_op/kernel_util.h"
#include "cast_args.h"

static int cast_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(cast_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const cast_args *a = (const cast_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        aclemu_convert_run(p[0], a->ew.op[0].dtype, it.inner_stride[0], p[1], a->ew.op[1].dtype,
                           it.inner_stride[1], n);
    return 0;
}

ACLEMU_KERNEL("Cast", cast_kernel);
