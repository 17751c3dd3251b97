/* Blob of the RotaryPositionEmbedding kernel: 4-d x and out, cos and sin of x's shape with
 * 0 strides on their broadcast (size-1) dims; blocks take ranges of the B*S*N rows of D. */
#ifndef OPS_TRANSFORMER_ROPE_ARGS_H
#define OPS_TRANSFORMER_ROPE_ARGS_H

#include "aclemu_op/kargs.h"

enum { ROPE_HALF = 0, ROPE_INTERLEAVE = 1 };

typedef struct rope_args {
    aclemu_tdesc x, cos, sin, out;
    int32_t mode;
    int32_t reserved;
    uint64_t rows, rows_per_block;
} rope_args;

#endif
