/* Blob of the ExpandIntoJaggedPermute kernel: for segment i < n (n = permute's length),
 *   out[outputOffset[i] + k] = inputOffset[permute[i]] + k   for k < outputOffset[i+1] - outputOffset[i].
 * Every block checks the whole input first — permute[i] in [0, n], outputOffset non-decreasing
 * from >= 0 to <= out's length — or nothing is written (the stream fails). Blocks take ranges
 * of segments; all tensors INT32. */
#ifndef OPS_NN_JAGGED_PERMUTE_ARGS_H
#define OPS_NN_JAGGED_PERMUTE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct jagged_permute_args {
    aclemu_tdesc permute, in_off, out_off, out;
    int64_t n, seg_per_block;
} jagged_permute_args;

#endif
