/* Blob of the GroupNormalizationGrad kernel: x seen as (N * G rows, M). */
#ifndef OPS_NN_GROUP_NORMALIZATION_GRAD_ARGS_H
#define OPS_NN_GROUP_NORMALIZATION_GRAD_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct group_normalization_grad_args {
    nr_rows h;
    nn_cbuf x, dy, gamma, mean, rstd, dx;
} group_normalization_grad_args;

#endif
