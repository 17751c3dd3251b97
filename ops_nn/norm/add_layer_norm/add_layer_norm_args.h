/* Blob of the AddLayerNorm kernel: x = x1 + x2 (+ bias) per row, then LayerNorm. */
#ifndef OPS_NN_ADD_LAYER_NORM_ARGS_H
#define OPS_NN_ADD_LAYER_NORM_ARGS_H

#include "nn_cbuf.h"

typedef struct add_layer_norm_args {
    nn_cbuf x1, x2, bias, gamma, beta, y, mean, rstd, xout;
    double eps;
    int64_t rows, n, rows_per_block;
} add_layer_norm_args;

#endif
