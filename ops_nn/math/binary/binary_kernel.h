/* Device side of the arithmetic binary ops: one implementation, one thin kernel per op. */
#ifndef OPS_MATH_BINARY_KERNEL_H
#define OPS_MATH_BINARY_KERNEL_H

#include "aclemu/kernel.h"
#include "binary_args.h"

int binary_kernel_run(const void *args, size_t args_size, const aclemu_block *blk, int op);
/* The COMPLEX64 / COMPLEX128 promoted dtypes (binary_complex.c). */
int binary_complex_run(const binary_args *a, const aclemu_block *blk, int op);

#endif
