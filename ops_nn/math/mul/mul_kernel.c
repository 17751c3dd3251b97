/* Mul kernel: out = self * other. */
#include "binary_kernel.h"

static int mul_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    return binary_kernel_run(args, args_size, blk, BINARY_MUL);
}

ACLEMU_KERNEL("Mul", mul_kernel);
