/* Blob of the MaskedSoftmaxWithRelPosBias kernel: x / y contiguous rows of S2 elements, row r at
 * (w, n, s1) = ((r / (N * S1)) % W, (r / S1) % N, r % S1); mask [W, S1, S2] (optional), bias
 * [N, S1, S2], all contiguous; blocks take ranges of rows. */
#ifndef OPS_NN_MASKED_SOFTMAX_WITH_REL_POS_BIAS_ARGS_H
#define OPS_NN_MASKED_SOFTMAX_WITH_REL_POS_BIAS_ARGS_H

#include "nn_cbuf.h"

typedef struct msrpb_args {
    nn_cbuf x, mask, bias, y;
    int64_t rows, W, N, S1, S2, rows_per_block;
    float scale;
    int32_t has_mask;
} msrpb_args;

#endif
