/* Blobs of the CrossEntropyLoss kernels. Rows: input (N, C) -> logProb, and per row in the
 * workspace parts[3n..3n+2] = {-w[t] logp[t], -sum_c w[c] logp[c], w[t]} (zeros for ignored
 * rows). Finish (one block): combines them into loss. Grad: rows of the gradient. */
#ifndef OPS_NN_CROSS_ENTROPY_ARGS_H
#define OPS_NN_CROSS_ENTROPY_ARGS_H

#include "nn_cbuf.h"

enum { CE_NONE = 0, CE_MEAN = 1, CE_SUM = 2 };

typedef struct cross_entropy_args {
    nn_cbuf input, target, weight, log_prob, loss, grad_loss, out;
    uint64_t parts;
    double smoothing;
    int64_t N, C, ignore_index, reduction, rows_per_block;
} cross_entropy_args;

#endif
