/* Sub kernel: out = self - alpha * other. */
#include "binary_kernel.h"

static int sub_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    return binary_kernel_run(args, args_size, blk, BINARY_SUB);
}

ACLEMU_KERNEL("Sub", sub_kernel);

/* Rsub kernel (aclnnRsub / Rsubs / AddV3): out = other - alpha * self. */
static int rsub_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    return binary_kernel_run(args, args_size, blk, BINARY_RSUB);
}

ACLEMU_KERNEL("Rsub", rsub_kernel);
