/* Blob of FusedCrossEntropyLossWithMaxSum: BT rows (of V logits when `logits` is present), rows
 * split over the blocks. */
#ifndef OPS_NN_FUSED_CE_MAX_SUM_ARGS_H
#define OPS_NN_FUSED_CE_MAX_SUM_ARGS_H

#include "nn_cbuf.h"

typedef struct fused_ce_args {
    nn_cbuf max, sumexp, pred, logits, loss, softmax;
    int64_t BT, V, rows_per_block;
} fused_ce_args;

#endif
