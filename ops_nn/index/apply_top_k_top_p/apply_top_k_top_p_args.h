/* Blob of the ApplyTopKTopP kernel (aclnnApplyTopKTopP: Sort + ApplyTopKTopPWithSorted of the
 * real op in one pass per row). Row b of logits [B, V] is sorted ascending (stable, with the
 * sort family's order keys; NaN largest); then
 *  - top-k (k given and 0 < k[b] < V): sorted values below sorted[V - k[b]] become -Inf;
 *  - top-p (p given): the softmax of those values, summed from the smallest, masks every
 *    position whose running sum is <= 1 - p[b] (never the largest) to -Inf (FP32 arithmetic);
 * and the values go back to their original positions of out. The workspace holds V (key,
 * index) composites and V FP32 values per block. */
#ifndef OPS_NN_APPLY_TOP_K_TOP_P_ARGS_H
#define OPS_NN_APPLY_TOP_K_TOP_P_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct topktopp_args {
    aclemu_tdesc logits, p, k, out; /* p.addr / k.addr 0: not given */
    uint64_t ws;
    int64_t rows, cols, rows_per_block, ws_per_block;
} topktopp_args;

#endif
