/* Device side of the activations: the elementwise driver (act_ew_args) and the softmax-family
 * row driver (act_rows_args). Each op's <op>_kernel.c registers its kernel name with one of
 * these macros. */
#ifndef OPS_NN_ACT_KERNEL_H
#define OPS_NN_ACT_KERNEL_H

#include "aclemu/kernel.h"
#include "act_args.h"

int act_ew_kernel(const void *args, size_t args_size, const aclemu_block *blk);
int act_rows_kernel(const void *args, size_t args_size, const aclemu_block *blk);

#define ACT_EW_KERNEL(name) ACLEMU_KERNEL(name, act_ew_kernel)
#define ACT_ROWS_KERNEL(name) ACLEMU_KERNEL(name, act_rows_kernel)

#endif
