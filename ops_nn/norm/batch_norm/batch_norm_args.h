/* Blob of the BatchNorm kernel: x seen as (N, C, S) (channel-last inputs are staged into this
 * order); blocks take ranges of channels. */
#ifndef OPS_NN_BATCH_NORM_ARGS_H
#define OPS_NN_BATCH_NORM_ARGS_H

#include "nn_cbuf.h"

typedef struct batch_norm_args {
    nn_cbuf x, w, b, rm_in, rv_in, rm_out, rv_out, y, save_mean, save_invstd;
    double momentum, eps;
    int64_t N, C, S, ch_per_block;
    int32_t training;
    int32_t invstd_is_var; /* saveInvstd holds the batch variance (all chips but 950) */
    int32_t running_var_biased; /* running variance from the biased batch variance */
} batch_norm_args;

#endif
