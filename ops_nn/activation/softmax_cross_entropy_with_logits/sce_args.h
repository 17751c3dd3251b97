/* Blob of the SoftmaxCrossEntropyWithLogits kernel: (N, C) features and labels, (N) loss and
 * (N, C) backprop, any strides; blocks take ranges of rows. */
#ifndef OPS_NN_SCE_ARGS_H
#define OPS_NN_SCE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct sce_args {
    aclemu_tdesc features, labels, loss, backprop;
    uint64_t rows_per_block;
} sce_args;

#endif
