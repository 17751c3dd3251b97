/* Blob of the Take kernel: out (index's shape) = self viewed flat, row-major, at each index
 * value (negative values count from the end, as torch.take). Blocks take ranges of out. */
#ifndef OPS_NN_TAKE_ARGS_H
#define OPS_NN_TAKE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct take_args {
    aclemu_tdesc self, index, out;
    int64_t self_numel;
    uint64_t numel, per_block;  /* elements of out / index */
} take_args;

#endif
