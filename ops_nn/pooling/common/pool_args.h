/* Blob shared by the 2-D pooling kernels: operands as contiguous (planes, H, W) buffers (op[]
 * order is per kernel: inputs first, then outputs), the window geometry, and the plane range of
 * each block. pad_b / pad_r are the bottom / right paddings when they differ from the top / left
 * ones (aclnnMaxPool's asymmetric pads). */
#ifndef OPS_NN_POOL_ARGS_H
#define OPS_NN_POOL_ARGS_H

#include "nn_cbuf.h"
#include "pool.h"

typedef struct pool_args {
    nn_cbuf op[4];
    vec_pool2d p;
    int64_t planes, planes_per_block;
    int64_t pad_b, pad_r;
} pool_args;

#endif
