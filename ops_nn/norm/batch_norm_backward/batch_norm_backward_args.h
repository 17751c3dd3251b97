/* Blob of the BatchNormGrad kernel: tensors seen as (N, C, S); blocks take channel ranges. */
#ifndef OPS_NN_BATCH_NORM_BACKWARD_ARGS_H
#define OPS_NN_BATCH_NORM_BACKWARD_ARGS_H

#include "nn_cbuf.h"

typedef struct batch_norm_backward_args {
    nn_cbuf dy, x, w, rm, rv, sm, si, dx, dw, db;
    double eps;
    int64_t N, C, S, ch_per_block;
    int32_t training;
    int32_t invstd_is_var; /* saveInvstd holds the batch variance (all chips but 950) */
} batch_norm_backward_args;

#endif
