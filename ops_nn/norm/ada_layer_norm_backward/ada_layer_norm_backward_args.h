/* Blob of the AdaLayerNormGrad kernel: dy / x / dx as B x S rows of H, mean / rstd one FP32 per
 * row, scale / dscale / dshift B x H, gamma / beta H (absent: 1 / 0); blocks take ranges of
 * batches (as the real tiling splits them); block b leaves FP32 partial dgamma at parts + b*H and
 * partial dbeta at parts + (block_dim + b)*H for two NnSumParts launches (parts 0: not wanted). */
#ifndef OPS_NN_ADA_LAYER_NORM_BACKWARD_ARGS_H
#define OPS_NN_ADA_LAYER_NORM_BACKWARD_ARGS_H

#include "nn_cbuf.h"

typedef struct ada_layer_norm_backward_args {
    nn_cbuf dy, x, mean, rstd, scale, gamma, beta, dx, dscale, dshift;
    uint64_t parts;
    int64_t B, S, H, batches_per_block;
} ada_layer_norm_backward_args;

#endif
