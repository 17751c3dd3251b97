/* Blob of the WeightAntiquant kernel: the (K, N) weight (INT8, INT4, or INT32 holding eight
 * INT4 along N) dequantised (rounded as x's dtype does) into an FP32 buffer in the workspace,
 * which the CubeGemm launch then reads as its B operand: FP32 B needs no conversion while
 * packing. The buffer is (N, K) with `ld` FP32 elements per row (padded off multiples of 4 KiB):
 * the engine packs it with unit-stride k runs (a row-major FP32 B read in place by short tiles
 * touched a new page per k). Blocks split the weight's storage rows: rows of K for a row-major
 * weight (its runs land in buffer columns), rows of N for an (n, k)-stored one (`transposed`).
 * Scale and offset are (R, C) views with R = 1 or ceil(K / group) and C = 1 or N; size-1 dims
 * carry stride 0. */
#ifndef OPS_NN_WQBMM_ARGS_H
#define OPS_NN_WQBMM_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct wqbmm_antiquant_args {
    aclemu_tdesc weight;   /* (K, N) view, or (K, N / 8) of INT32 */
    aclemu_tdesc scale;    /* (R, C) */
    aclemu_tdesc offset;   /* (R, C); addr 0: no offset */
    uint64_t out;          /* workspace: N x ld FP32 */
    int32_t out_dtype;     /* x's dtype (FLOAT16 or BF16): the rounding of each step */
    int32_t transposed;    /* the weight is stored (n, k): its rows are the buffer's rows */
    int64_t ld;            /* FP32 elements per buffer row (>= K) */
    int32_t group;         /* antiquantGroupSize (0: per tensor / per channel) */
    int64_t K, N;
    uint64_t rows_per_block; /* buffer rows (of K, or of N when transposed) */
    /* aclnnWeightQuantBatchMatmul (V1) modes; 0: the V2 / V3 formula above.
     * 1 (m > 64, vector ops): v = fp16((w + aq_offset) * aq_scale) (FP32 steps), then
     *   v = fp16(v + offset) and v = fp16(v * scale), each optional (addr 0), FP16 (1, C) views;
     * 2 (m <= 64, fixpipe): v = fp16((w + offset) * scale), offset INT32 (deqOffset), scale UINT64
     *   (deqScale from aclnnTransQuantParam: the FP32 bits in the low 32 bits). */
    int32_t mode;
    float aq_offset, aq_scale;
    /* aclnnWeightQuantBatchMatmulNz (950): the weight is FRACTAL_NZ, read from weight.addr at
     * element nz_elem_off + ((c / nz_c0) * nz_rows + r) * nz_c0 + c % nz_c0 of the (R, C) matrix
     * it stores: (K, N), or (N, K) when nz_tr. nz_bits 8: INT8 bytes; 4: nibbles (even element:
     * low nibble), INT4 codes or FLOAT4_E2M1 codes (nz_fp4). The scale may be FLOAT8_E8M0 (MX). */
    int32_t nz, nz_bits, nz_fp4, nz_tr;
    int64_t nz_c0, nz_rows, nz_elem_off;
    /* ND INT32 / FLOAT weights (eight 4-bit codes a word): 0 packed along n (the (k, n / 8) view),
     * 1 along k (950, a transposed weight: the (k / 8, n) view of an (n, k / 8) storage) */
    int32_t pack_k, reserved;
} wqbmm_antiquant_args;

#endif
