/* Blobs of NLLLoss / NLLLossGrad: self as (N, C) (a 1-D self is N = 1), target N class ids. */
#ifndef OPS_NN_NLL_LOSS_ARGS_H
#define OPS_NN_NLL_LOSS_ARGS_H

#include "nn_cbuf.h"

typedef struct nll_loss_args {
    nn_cbuf self, target, weight, out, total_weight, grad;
    int64_t N, C, reduction, ignore_index, rows_per_block;
} nll_loss_args;

#endif
