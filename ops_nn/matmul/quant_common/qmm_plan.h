/* Stage 1 of the quantized matmuls (QuantMatmulV3 / V4 and their relatives): the real checks of
 * quant_batch_matmul_v3's op_api and the QuantGemm launch. */
#ifndef OPS_NN_QMM_PLAN_H
#define OPS_NN_QMM_PLAN_H

#include "aclemu_op/op_api.h"

typedef struct qmm_inputs {
    const aclTensor *x1, *x2, *scale, *offset, *pertoken, *bias, *out;
    bool transposeX1, transposeX2;
    bool nz_only; /* aclnnQuantMatmulWeightNz: x2 must be FRACTAL_NZ */
    /* qmm_launch only, per operand in the order x1, x2, out, scale, offset, pertoken, bias:
     * addr_of: the API tensor whose address the operand takes (NULL: the operand itself; set when
     * the operand is a view the planner derived from it, e.g. a 2-D view of a 4-D NZ weight);
     * ws_plus1: 1 + the workspace offset the operand lives at (0: not in the workspace). */
    const aclTensor *addr_of[7];
    int64_t ws_plus1[7];
    int32_t act; /* gemm_act on the dequantised value before the rounding (FusedQuantMatmul) */
} qmm_inputs;

/* qmm_plan's checks without the launch: *a4w4, the broadcast batch dims batch[0..*nb). */
aclnnStatus qmm_check(aclOpExecutor *ex, const qmm_inputs *in, int *a4w4, int64_t *batch, int *nb);

/* aclnnQuantMatmulV5 / aclnnQuantMatmulWeightNz (x1Scale, x2Scale, yScale, x1Offset, x2Offset,
 * yOffset, groupSize): the K-C / K-T / T-C / T-T routes through qmm_plan (x1Scale is the
 * per-token scale, x2Scale the scale, x2Offset the offset); yScale, x1Offset, yOffset and
 * groupSize > 0 take qmm_group_plan's routes on A2 / A3 (A8W4, G-B) and are refused as not
 * implemented elsewhere (MX, 950 groups). */
aclnnStatus qmm_plan_v5(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                        const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset,
                        const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias, bool transposeX1,
                        bool transposeX2, int64_t groupSize, const aclTensor *out, bool nz_only);

aclnnStatus qmm_plan(aclOpExecutor *ex, const qmm_inputs *in);

/* QuantMatmulV5's 950 routes for FLOAT8_E4M3FN / FLOAT8_E5M2 / HIFLOAT8 (and, refused as not
 * implemented, FLOAT4_E2M1) x1 (qmm_v5_f8.c): applies tells whether x1 / x2 take them. */
int qmm_v5_f8_applies(const aclTensor *x1, const aclTensor *x2);
aclnnStatus qmm_v5_f8_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                           const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset,
                           const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias,
                           bool transposeX1, bool transposeX2, int64_t groupSize, const aclTensor *out, bool nz_only);

/* aclnnQuantMatmulV5's K-grouped routes on A2 / A3 (A8W4 INT8 x INT4 K-C / K-G, G-B per-block
 * INT8): *handled = 1 when the inputs take one of them (then the return is final). */
aclnnStatus qmm_group_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                           const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset,
                           const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias,
                           bool transposeX1, bool transposeX2, int64_t groupSize, const aclTensor *out, bool nz_only,
                           int *handled);

/* 161002 when t (may be NULL) has a negative dim. */
aclnnStatus qmm_check_dims_nonneg(const char *api, const aclTensor *t, const char *name);

/* The QuantGemm launch of validated inputs (batch[0..nb): the broadcast batch dims). scale NULL:
 * the FP32 constant const_scale for every column. */
aclnnStatus qmm_launch(aclOpExecutor *ex, const qmm_inputs *in, int a4w4, int nb, const int64_t *batch,
                       float const_scale);

#endif
