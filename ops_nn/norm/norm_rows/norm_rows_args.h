/* Header every row-norm blob starts with (GemmaRmsNorm, DeepNorm, the fused norm+quant ops ...):
 * the normalised input seen as (rows, n) contiguous, rows split over the blocks. */
#ifndef OPS_NN_NORM_ROWS_ARGS_H
#define OPS_NN_NORM_ROWS_ARGS_H

#include <stdint.h>

typedef struct nr_rows {
    int64_t rows, n, rows_per_block;
    double eps;
    /* Column reductions (dgamma / dbeta ...): block b leaves FP32 partial sums k = 0..nparts-1
     * of n floats each at parts + (k * block_dim + b) * n; NnSumParts launches add them up. */
    uint64_t parts;   /* workspace address, 0 when nparts is 0 */
    int64_t nparts;
} nr_rows;

#endif
