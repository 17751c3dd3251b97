/* Blob of the RmsNormGrad kernel: rows of (rows, n); each block leaves its FP32 partial dgamma
 * (n values) at parts + block_idx * n for a following NnSumParts launch. */
#ifndef OPS_NN_RMS_NORM_GRAD_ARGS_H
#define OPS_NN_RMS_NORM_GRAD_ARGS_H

#include "nn_cbuf.h"

typedef struct rms_norm_grad_args {
    nn_cbuf dy, x, rstd, gamma, dx;
    uint64_t parts;
    int64_t rows, n, rows_per_block;
} rms_norm_grad_args;

#endif
