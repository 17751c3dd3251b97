/* Blob of the LayerNorm kernel: x seen as (rows, n), one mean/rstd per row. */
#ifndef OPS_NN_LAYER_NORM_ARGS_H
#define OPS_NN_LAYER_NORM_ARGS_H

#include "nn_cbuf.h"

typedef struct layer_norm_args {
    nn_cbuf x, gamma, beta, y, mean, rstd;
    double eps;
    int64_t rows, n, rows_per_block;
} layer_norm_args;

#endif
