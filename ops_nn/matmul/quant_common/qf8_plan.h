/* Stage-1 launches of the FP8 quantized matmuls (950): FP8 operands decoded to FP32 in the
 * workspace (QmmF8Decode), the GEMM engine (CubeGemm), the vector dequantisation (QmmF8Dequant).
 * See qf8_args.h for the numerics. */
#ifndef OPS_NN_QF8_PLAN_H
#define OPS_NN_QF8_PLAN_H

#include "aclemu_op/op_api.h"
#include "gemm.h"

/* An FP8 matrix operand viewed as (b, i, k): i runs along M (x1) or N (x2), k along K. Offsets
 * and strides in elements (the tensor's own view offset is added by qf8_decode). */
typedef struct qf8_operand {
    const aclTensor *t;
    int64_t sb, si, sk, isplit, iouter, ksplit, kouter;
    const aclTensor *scale; /* FLOAT8_E8M0 MX scale, or NULL */
    int64_t ssb, ssi, ssk64, ss2;
    int fp4_as_e4m3; /* FP4 read times 2^-6 (the MX A8W4 routes, qf8_args.h) */
    int fp4_in_b32;  /* a FLOAT tensor whose words hold eight FP4 each: read as FP4, offset x 8 */
} qf8_operand;

/* Records the decode of o ([nb][rows][K] FP32 in a new workspace buffer at *ws_off). */
aclnnStatus qf8_decode(aclOpExecutor *ex, const qf8_operand *o, int64_t nb, int64_t rows, int64_t K,
                       int64_t *ws_off);
/* The same reading o->t's bytes as src_dtype (FLOAT4_E2M1 codes carried by an INT8 / UINT8 tensor:
 * o's offsets and strides count FP4 elements, the tensor's view offset bytes). */
aclnnStatus qf8_decode_as(aclOpExecutor *ex, const qf8_operand *o, aclDataType src_dtype, int64_t nb, int64_t rows,
                          int64_t K, int64_t *ws_off);

/* A GEMM over two decoded operands: A [M][K] and B [N][K] FP32 contiguous (one batch: callers add
 * batch dims, the C view, beta and D), the engine's exact FP32 math, alpha 1. */
void qf8_gemm_desc(gemm_desc *d, int64_t M, int64_t N, int64_t K);

/* Records out[b](m, n) = round(acc[b][m][n] * s2[n] (* s1[m])); acc FP32 [nb][M][N] at acc_ws.
 * A UINT64 / INT64 s2 holds quant parameters (FP19 scale); a one-element s2 applies to every n.
 * out's batch / row / column strides osb / osm / osn (elements). s1 may be NULL. */
aclnnStatus qf8_dequant(aclOpExecutor *ex, int64_t acc_ws, const aclTensor *out, int64_t osb, int64_t osm,
                        int64_t osn, const aclTensor *s1, const aclTensor *s2, int64_t nb, int64_t M, int64_t N);

/* qf8_dequant with an optional FLOAT bias [n] or (nb, 1, n) (bias_sb: its batch stride, 0 to
 * share one row) and s2 optional (NULL: 1): bias_first adds it to acc before the scale (static
 * UINT64 / INT64 scales: the fixpipe's order), else after (the vector dequantisation). */
aclnnStatus qf8_dequant_bias(aclOpExecutor *ex, int64_t acc_ws, const aclTensor *out, int64_t osb, int64_t osm,
                             int64_t osn, const aclTensor *s1, const aclTensor *s2, const aclTensor *bias,
                             int64_t bias_sb, int bias_first, int64_t nb, int64_t M, int64_t N);

/* Records out(m, n) (FLOAT) += (acc[m][n] * s2) * s1 for one-element FLOAT scales s1, s2 (the
 * per-tensor routes: read at stride 0). */
aclnnStatus qf8_dequant_add_pt(aclOpExecutor *ex, int64_t acc_ws, const aclTensor *out, int64_t osm, int64_t osn,
                               const aclTensor *s1, const aclTensor *s2, int64_t M, int64_t N);

/* The groupSize triple of the MX APIs: k | n << 16 | m << 32 (the top 16 bits ignored). */
static inline void qf8_group_size(int64_t g, uint64_t *gm, uint64_t *gn, uint64_t *gk)
{
    *gk = (uint64_t)g & 0xFFFF;
    *gn = ((uint64_t)g >> 16) & 0xFFFF;
    *gm = ((uint64_t)g >> 32) & 0xFFFF;
}

#endif
