/* Blobs of the ExpSegsum kernels; x / gradInput (B rows of N), the matrices (B, N, N), any views
 * (the last one or two dims given, the batch dims row-major over the rest). Sums in double,
 * exp in double, one rounding to the output dtype.
 * Forward: out[b, i, j] = exp(sum_{k = j+1}^{i} x[b, k]) for j <= i, 0 for j > i.
 * Backward: gradInput[b, k] = sum_{i >= k} sum_{j < k} g[b, i, j] * y[b, i, j] (g gradOutput, y
 * gradSelf = the forward's output), from column sums kept in the block's scratch. */
#ifndef OPS_MATH_SEGSUM_ARGS_H
#define OPS_MATH_SEGSUM_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct segsum_args {
    aclemu_tdesc x, out;        /* forward: self (.., N), out (.., N, N) */
    aclemu_tdesc g, y, gin;     /* backward: gradOutput, gradSelf (.., N, N), gradInput (.., N) */
    int32_t backward;
    int32_t pad;
    int64_t per_block;          /* forward: out rows (b, i); backward: batches b */
    uint64_t scratch;           /* backward: N doubles per block */
} segsum_args;

#endif
