/* Blob of the Embedding / EmbeddingDenseGrad kernels: weight (num, D), nidx indices. */
#ifndef OPS_NN_EMBEDDING_ARGS_H
#define OPS_NN_EMBEDDING_ARGS_H

#include "nn_cbuf.h"

typedef struct embedding_args {
    nn_cbuf weight, indices, out, grad;
    int64_t num, D, nidx, per_block;
    int64_t padding_idx;      /* dense backward: rows never updated (-1 none) */
    int32_t scale_by_freq;
    int32_t reserved;
} embedding_args;

#endif
