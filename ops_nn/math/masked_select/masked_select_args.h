/* Blob of the MaskedSelect kernel: self and mask walked over their broadcast shape (both
 * descriptors carry that shape, stride 0 on broadcast dims), the elements where mask is
 * non-zero written compactly into the 1-D out (converted to out's dtype) in row-major order;
 * the count is left in the workspace for the output-shape update (aclemu_exec_out_shape).
 * One block. More selected elements than out holds: nothing written, the count reported (the
 * stage fails). */
#ifndef OPS_MATH_MASKED_SELECT_ARGS_H
#define OPS_MATH_MASKED_SELECT_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct masked_select_args {
    aclemu_tdesc self, mask, out;
    uint64_t ws;
    int64_t ws_dims; /* workspace offset of out's one dim */
    int64_t numel;   /* of the broadcast shape */
    int64_t cap;     /* out's elements */
} masked_select_args;

#endif
