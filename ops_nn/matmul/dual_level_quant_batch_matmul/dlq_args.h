/* Blob of "DlqCombine" (aclnnDualLevelQuantMatmulWeightNz, 950): the arch35 kernel's vector side.
 * part: FP32 [G][M][N] in the workspace, the Cube unit's FP32 result of each 512-element K block
 * (level-1 MX scales applied inside the block). Per (m, n):
 *   acc = bias[n] (FLOAT, or 0); for g: acc = fma(part[g][m][n], s0a[m][g] * s0b[g][n], acc)
 *   (the level-0 scales' FP32 product, then MulAddDst); out = acc rounded (RNE) to FLOAT16 / BFLOAT16.
 * Blocks own rows m. */
#ifndef OPS_NN_DLQ_ARGS_H
#define OPS_NN_DLQ_ARGS_H

#include <stdint.h>

typedef struct dlq_combine_args {
    uint64_t part, s0a, s0b, bias, out; /* bias 0: none */
    int64_t part_off;                   /* bytes */
    int64_t s0a_off, s0a_sm, s0a_sg;    /* elements */
    int64_t s0b_off, s0b_sg, s0b_sn;
    int64_t bias_off, bias_sn;
    int64_t out_off, out_sm, out_sn;
    int32_t out_dtype, reserved;
    int64_t G, M, N, rows_per_block;
} dlq_combine_args;

#endif
