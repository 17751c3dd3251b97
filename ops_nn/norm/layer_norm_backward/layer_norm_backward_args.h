/* Blob of the LayerNormGrad kernel: rows of (rows, n); block b leaves FP32 partial dweight at
 * parts + b*n and partial dbias at parts + (block_dim + b)*n for two NnSumParts launches. */
#ifndef OPS_NN_LAYER_NORM_BACKWARD_ARGS_H
#define OPS_NN_LAYER_NORM_BACKWARD_ARGS_H

#include "nn_cbuf.h"

typedef struct layer_norm_backward_args {
    nn_cbuf dy, x, mean, rstd, gamma, dx;
    uint64_t parts;   /* 0: no weight/bias gradients wanted */
    int64_t rows, n, rows_per_block;
} layer_norm_backward_args;

#endif
