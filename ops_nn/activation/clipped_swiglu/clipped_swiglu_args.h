/* Blob of the ClippedSwiglu kernel (ClippedSwiglu, V2 and ClippedSwigluGrad): an elementwise
 * activation blob over out ([pre, ...] in row-major order, pre the outermost dims) plus the
 * optional groupIndex, whose sum (read on the device) limits the rows of pre that are computed;
 * the other rows of out are kept (forward) or set to 0 (zero_rest, the backward). */
#ifndef OPS_NN_CLIPPED_SWIGLU_ARGS_H
#define OPS_NN_CLIPPED_SWIGLU_ARGS_H

#include "act_args.h"

typedef struct clipped_swiglu_args {
    act_ew_args ew;
    uint64_t group_addr;  /* INT64 groupIndex */
    int32_t has_group;
    int32_t zero_rest;
    int64_t group_off;    /* element offset */
    int64_t group_stride; /* element stride */
    int64_t group_n;
    int64_t rows;         /* pre */
    int64_t row_elems;    /* out elements per row of pre */
    int32_t group_u32;    /* the sum in uint32 (SwigluGroupQuantGrad's kernel: a negative total wraps
                           * to a huge count, i.e. every row) instead of clamping it at 0 */
    int32_t reserved;
} clipped_swiglu_args;

#endif
