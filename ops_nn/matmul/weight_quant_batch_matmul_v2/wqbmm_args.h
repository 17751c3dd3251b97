/* Blob of the WeightAntiquant kernel: the (K, N) weight (INT8, INT4, or INT32 holding eight
 * INT4 along N) dequantised into a contiguous (K, N) buffer of x's dtype in the workspace, which
 * the CubeGemm launch then reads as its B operand. Scale and offset are (R, C) views with R = 1
 * or ceil(K / group) and C = 1 or N; size-1 dims carry stride 0. */
#ifndef OPS_NN_WQBMM_ARGS_H
#define OPS_NN_WQBMM_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct wqbmm_antiquant_args {
    aclemu_tdesc weight;   /* (K, N) view, or (K, N / 8) of INT32 */
    aclemu_tdesc scale;    /* (R, C) */
    aclemu_tdesc offset;   /* (R, C); addr 0: no offset */
    uint64_t out;          /* workspace: K * N elements of out_dtype, row-major */
    int32_t out_dtype;     /* x's dtype: FLOAT16 or BF16 */
    int32_t group;         /* antiquantGroupSize (0: per tensor / per channel) */
    int64_t K, N;
    uint64_t rows_per_block; /* rows of K */
} wqbmm_antiquant_args;

#endif
