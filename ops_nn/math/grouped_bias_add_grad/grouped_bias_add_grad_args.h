/* Blob of the GroupedBiasAddGrad kernel. With groupIdx (gradY (M, H), idx (G)): group j spans
 * rows [start_j, end_j) of gradY, end_j = idx[j] (sizes: idx[0] + ... + idx[j]), start_0 = 0,
 * start_j = end_{j-1}; a range that is empty or reversed sums to 0, rows past M are not read.
 * Without (gradY (G, C, H)): out[g] = sum over c of gradY[g, c]. Sums in double, one rounding. */
#ifndef OPS_MATH_GROUPED_BIAS_ADD_GRAD_ARGS_H
#define OPS_MATH_GROUPED_BIAS_ADD_GRAD_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct gbag_args {
    aclemu_tdesc grad, idx, out; /* idx unused (ndim 0) without groupIdx */
    int32_t has_idx;
    int32_t sizes;               /* groupIdxType 1 */
    int64_t per_block;           /* out rows per block */
} gbag_args;

#endif
