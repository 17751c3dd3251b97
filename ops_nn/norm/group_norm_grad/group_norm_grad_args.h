/* Blobs of the GroupNorm backward kernels: x / dy seen as (N, C, HxW) contiguous, mean / rstd as
 * (N, G), D = C / G channels per group. GroupNormGradDx: rows = N * G rows of D * HxW;
 * GroupNormGradGamma: rows = C channels, each summed over N. With `swish` (GroupNormSwishGrad)
 * dy is first multiplied by the derivative of y * sigmoid(swish_scale * y) at the recomputed
 * forward output y = (x - mean) * rstd * gamma + beta. */
#ifndef OPS_NN_GROUP_NORM_GRAD_ARGS_H
#define OPS_NN_GROUP_NORM_GRAD_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct group_norm_grad_args {
    nr_rows h;
    nn_cbuf dy, x, mean, rstd, gamma, dx, dgamma, dbeta;
    int64_t N, C, HxW, G;
    nn_cbuf beta;      /* swish only; absent = 0 */
    int32_t swish;     /* 1: apply the swish derivative to dy first */
    float swish_scale;
} group_norm_grad_args;

#endif
