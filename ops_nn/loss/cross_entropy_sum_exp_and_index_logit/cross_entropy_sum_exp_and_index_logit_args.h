/* Blob of CrossEntropySumExpAndIndexLogit: N rows of V logits (FLOAT or BF16), rows split over
 * the blocks; [start, start + V) is the shard's vocab range. */
#ifndef OPS_NN_CE_SUM_EXP_INDEX_LOGIT_ARGS_H
#define OPS_NN_CE_SUM_EXP_INDEX_LOGIT_ARGS_H

#include "nn_cbuf.h"

typedef struct ce_sumexp_args {
    nn_cbuf logits, target, gmax, pred, sumexp, exp, offset, mask;
    int64_t N, V, start, rows_per_block;
} ce_sumexp_args;

#endif
