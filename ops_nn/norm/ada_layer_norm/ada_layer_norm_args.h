/* Blob of the AdaLayerNorm kernel: x seen as (B * S rows, H); scale / shift rows per batch. */
#ifndef OPS_NN_ADA_LAYER_NORM_ARGS_H
#define OPS_NN_ADA_LAYER_NORM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct ada_layer_norm_args {
    nr_rows h;
    nn_cbuf x, scale, shift, w, b, y, mean, rstd;
    int64_t S; /* rows per batch */
} ada_layer_norm_args;

#endif
