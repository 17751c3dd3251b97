/* Blob of the Take and Put kernels: self viewed flat, row-major, at each index value (negative
 * values count from the end, as torch.take / put_). Take: out (index's shape) = self[index],
 * blocks take ranges of out. Put: self[index[i]] = source[i] (or += with accumulate), one block
 * in index order, so repeated indices resolve deterministically (last wins / summed in order). */
#ifndef OPS_NN_TAKE_ARGS_H
#define OPS_NN_TAKE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct take_args {
    aclemu_tdesc self, index, out;  /* Put: out is the source */
    int32_t accumulate;
    int32_t pad;
    int64_t self_numel;
    uint64_t numel, per_block;  /* elements of out / index */
} take_args;

#endif
