/* Add kernel: out = self + alpha * other. */
#include "binary_kernel.h"

static int add_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    return binary_kernel_run(args, args_size, blk, BINARY_ADD);
}

ACLEMU_KERNEL("Add", add_kernel);
