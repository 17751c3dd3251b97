/* Argument blob of the SoftmaxV2 kernel: one "row" per position of the non-reduced dims. */
#ifndef OPS_NN_SOFTMAX_ARGS_H
#define OPS_NN_SOFTMAX_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct softmax_args {
    aclemu_tdesc x, y;
    int32_t dim;             /* normalised reduce dim (0 for rank 0) */
    int32_t reserved;
    uint64_t rows;           /* product of the other dims */
    uint64_t rows_per_block;
} softmax_args;

#endif
