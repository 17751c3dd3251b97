/* Blob of the DeepNorm kernel. */
#ifndef OPS_NN_DEEP_NORM_ARGS_H
#define OPS_NN_DEEP_NORM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct deep_norm_args {
    nr_rows h;
    nn_cbuf x, gx, beta, gamma, mean, rstd, y;
    double alpha;
} deep_norm_args;

#endif
