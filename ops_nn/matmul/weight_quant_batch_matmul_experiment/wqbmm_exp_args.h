/* Blob of the WqbmmMsd kernel (aclnnWeightQuantBatchMatmulExperiment): x (m, k) FLOAT16 view,
 * weight (k, n) INT4 row-major (two per byte, even element in the low nibble), antiquantScale
 * (k / 128, n) FLOAT16 view, y (m, n) FLOAT16 view. Blocks own runs of `cols_per_block` columns. */
#ifndef OPS_NN_WQBMM_EXP_ARGS_H
#define OPS_NN_WQBMM_EXP_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct wqbmm_exp_args {
    aclemu_tdesc x, scale, y;
    uint64_t weight;   /* storage base of the INT4 weight */
    int64_t w_off;     /* its view offset (elements) */
    int64_t m, k, n;
    int64_t cols_per_block;
} wqbmm_exp_args;

#endif
