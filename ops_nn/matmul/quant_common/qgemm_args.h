/* Blob of the QuantGemm kernel (the quantized matmuls): for every batch b, row m, column n
 *   acc = sum_k x1[b](m, k) * x2[b](k, n)      exact INT32 (wrapping), as the Cube unit's L0C
 *   acc += bias_i32[n]                           (INT32 bias: added in the accumulator)
 *   out = acc                                     INT32 out, or
 *   v = float(acc) * scale[n] (* pertoken[b][m]) (+ bias_f[n]) (+ offset[n])   in FP32,
 * (then act(v), a gemm_act such as the GELUs of aclnnFusedQuantMatmul, for FLOAT16 / BFLOAT16 / FLOAT)
 * rounded once (to nearest even) to FLOAT16 / BFLOAT16 (/ FLOAT), or to INT8 with saturation.
 * UINT64 / INT64 scales are quant parameters (quant_param_bits.h): the FP19 scale, and for INT8
 * out the offset tensor's value rounded to INT9 as TransQuantParamV2 would pack it.
 * x1 / x2 elements are INT8 or INT4 (nibbles, even element = low nibble); every operand is a
 * strided view; batch dims are broadcast with stride 0. Blocks own tiles of (batch, M, N). */
#ifndef OPS_NN_QGEMM_ARGS_H
#define OPS_NN_QGEMM_ARGS_H

#include <stdint.h>

#define QGEMM_MAX_BATCH 4

enum { QGEMM_SCALE_PARAM = 0, QGEMM_SCALE_F32 = 1, QGEMM_SCALE_BF16 = 2, QGEMM_SCALE_CONST = 3 };
enum { QGEMM_BIAS_NONE = 0, QGEMM_BIAS_I32 = 1, QGEMM_BIAS_F32 = 2, QGEMM_BIAS_F16 = 3, QGEMM_BIAS_BF16 = 4 };

/* Element (i, j) at off + idx(i, rsplit, rs, rs_outer) + idx(j, csplit, cs, cs_outer), with
 * idx(i, split, s, outer) = i * s, or (i % split) * s + (i / split) * outer when split > 0 (a
 * FRACTAL_NZ weight: its ND column index is cut into groups of 32 INT8). */
typedef struct qgemm_operand {
    uint64_t addr;   /* storage base (patched at stage 2); 0: absent */
    int64_t off;     /* first element, in elements */
    int64_t rs, cs;  /* row / column strides (elements); vectors use cs */
    int64_t rsplit, rs_outer, csplit, cs_outer;
    int64_t bs[QGEMM_MAX_BATCH];
} qgemm_operand;

typedef struct qgemm_args {
    qgemm_operand x1, x2, out, scale, offset, pertoken, bias;
    int64_t M, N, K;
    int32_t nb; /* batch dims */
    int32_t x_int4;     /* x1 and x2 are INT4 */
    int64_t bshape[QGEMM_MAX_BATCH];
    int32_t out_dtype;  /* aclDataType: FLOAT16, BF16, INT8, INT32 */
    int32_t scale_kind; /* QGEMM_SCALE_* */
    int32_t bias_kind;  /* QGEMM_BIAS_* */
    int32_t isa;        /* gemm_isa chosen at run time when 0 */
    float scale_value;  /* QGEMM_SCALE_CONST */
    int32_t act;        /* gemm_act applied to the dequantised FP32 value (FLOAT16 / BF16 out); 0 none */
    int64_t tm, tn;     /* tile */
    int64_t gm, gn, ntiles, tiles_per_block;
} qgemm_args;

#endif
