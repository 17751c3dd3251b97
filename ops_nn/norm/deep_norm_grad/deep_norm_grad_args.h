/* Blob of the DeepNormGrad kernel: partial 0 is dbeta, partial 1 dgamma. */
#ifndef OPS_NN_DEEP_NORM_GRAD_ARGS_H
#define OPS_NN_DEEP_NORM_GRAD_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct deep_norm_grad_args {
    nr_rows h;
    nn_cbuf dy, x, gx, gamma, mean, rstd, dx, dgx;
    double alpha;
} deep_norm_grad_args;

#endif
