/* Blob of the AddLayerNormGrad kernel: partial 0 is dgamma, partial 1 dbeta. */
#ifndef OPS_NN_ADD_LAYER_NORM_GRAD_ARGS_H
#define OPS_NN_ADD_LAYER_NORM_GRAD_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct add_layer_norm_grad_args {
    nr_rows h;
    nn_cbuf dy, x1, x2, rstd, mean, gamma, dsum, dx;
} add_layer_norm_grad_args;

#endif
