/* Blob of the AccumulateNV2 kernel: one launch sums up to ACC_MAX_INPUTS tensors (each a view
 * broadcast to out's shape, 0 strides on broadcast dims) into out, optionally adding the
 * running FP32 / int64 partial sum kept in the workspace by the previous launch. */
#ifndef OPS_MATH_ACCUMULATE_ARGS_H
#define OPS_MATH_ACCUMULATE_ARGS_H

#include "aclemu_op/kargs.h"

#define ACC_MAX_INPUTS 16

typedef struct accumulate_args {
    aclemu_tdesc out;                       /* the API's out view */
    aclemu_tdesc in[ACC_MAX_INPUTS];        /* out's shape, broadcast strides */
    uint64_t partial;                       /* workspace: numel doubles (float inputs) or int64 */
    int32_t nin;
    int32_t read_partial;                   /* add the previous launch's partial sum */
    int32_t write_out;                      /* last launch: round into out; else store the partial */
    int32_t reserved;
    uint64_t rows, rows_per_block;          /* rows of out's last dim */
} accumulate_args;

#endif
