/* Blob of the QuantGemmGroup kernel: the K-grouped routes of aclnnQuantMatmulV5 on A2 / A3.
 * For every row m (blocks own rows) and column n, the K axis is cut into groups of gk; each
 * group's sum is an exact INT32 Cube accumulation, then per mode:
 *  QMMG_A8W4 (K-C / K-G, quant_batch_matmul_v4_msd.h): x1 INT8 is split by the pre-kernel into
 *    hi = floor(x / 16) and lo = (x & 15) - 8 (both INT4, x = 16 hi + lo + 8); for each half
 *    P the fixpipe writes FP16(float(sum_g P @ x2) * x2Scale[g][n]) (FP19 scale of the UINT64
 *    quant parameter) and later groups are added atomically in FP16 (one rounding per add);
 *    the vector then computes (16 * hi + lo + yOffset[n]) * x1Scale[m] in FP32 and rounds once
 *    (RNE) to FLOAT16 / BFLOAT16.
 *  QMMG_PERBLOCK (G-B, quant_batch_matmul_v4_perblock.h): x1, x2 INT8; per K block kb the FP32
 *    acc = float(sum) * (x1Scale[m][kb] * x2Scale[n / gn][kb]) is added to an FP32 accumulator
 *    (from zero), then + bias[n] (FP32), one RNE rounding to BFLOAT16 / FLOAT16.
 *  QMMG_KG_INT4 (K-G on the 950, pertoken-pergroup asymmetric): x1, x2 INT4; per group g of gk
 *    K values the exact sums S = sum x1 * x2 and T = sum x1 give the FP32 term
 *    x2Scale[g][n] * (S - T * x2Offset[g][n]) (x2Offset FLOAT16), added from zero over the groups,
 *    then times x1Scale[m] and one RNE rounding to BFLOAT16: the doc's
 *    out = x1Scale * x2Scale * (x1 @ x2 - x1 @ x2Offset).
 * Element (i, j) of a matrix operand at off + i * rs + j * cs (INT4: nibble index, even = low). */
#ifndef OPS_NN_QMM_GROUP_ARGS_H
#define OPS_NN_QMM_GROUP_ARGS_H

#include <stdint.h>

enum { QMMG_A8W4 = 1, QMMG_PERBLOCK = 2, QMMG_KG_INT4 = 3 };

typedef struct qmmg_args {
    uint64_t x1, x2, x1s, x2s, yoff, bias, out; /* patched at stage 2; 0 absent */
    int64_t x1_off, x1_rs, x1_cs;  /* (m, k) */
    int64_t x2_off, x2_rs, x2_cs;  /* (k, n) */
    int64_t x1s_off, x1s_rs, x1s_cs; /* A8W4: (m) along rs; PERBLOCK: (m, kb) */
    int64_t x2s_off, x2s_rs, x2s_cs; /* A8W4: (g, n); PERBLOCK: (n / gn, kb) */
    int64_t yoff_off, yoff_cs, bias_off, bias_cs; /* KG_INT4: yoff is x2Offset (g, n), rows yoff_rs */
    int64_t yoff_rs;
    int64_t out_off, out_rs, out_cs;
    int64_t M, N, K, gk, gn;
    int32_t mode, out_dtype;
    int64_t rows_per_block;
} qmmg_args;

#endif
