/* Blob of the Modulate / ModulateGrad kernels: contiguous [B, L, D] operands and [B, D] scale /
 * shift (a [B, 1, D] view has the same layout); blocks take ranges of b. */
#ifndef OPS_NN_MODULATE_ARGS_H
#define OPS_NN_MODULATE_ARGS_H

#include "nn_cbuf.h"

typedef struct modulate_args {
    nn_cbuf op[6]; /* forward: x, scale, shift, y; backward: g, x, scale, grad_input, grad_scale, grad_shift */
    int64_t B, L, D;
    int64_t per_block;
} modulate_args;

#endif
