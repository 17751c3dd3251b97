/* AdaptiveAvgPool2dGrad kernel: the block's planes through the vector kernel. */
#include "nn_kernel.h"
#include "pool_args.h"

static int adaptive_avg_pool2d_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    return vec_adaptive_avg_pool2d_backward(nn_vbuf(&a->op[0]), nn_vbuf(&a->op[1]), &a->p, s, e)
               ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("AdaptiveAvgPool2dGrad", adaptive_avg_pool2d_grad_kernel);
