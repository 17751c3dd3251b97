/* The fused single-launch route of aclnnWeightQuantBatchMatmulV2 / V3 (wqbmm_fused_api.c). */
#ifndef OPS_NN_WQBMM_FUSED_H
#define OPS_NN_WQBMM_FUSED_H

#include "aclemu_op/op_api.h"

/* 1 when the GEMM engine's dequantising B source covers the case: ND INT8 / INT4 2-D weight,
 * FLOAT16 / BFLOAT16 x, scale / offset of a float dtype. ACLEMU_WQBMM_FUSED=0 (read at stage 1)
 * keeps the two-launch route (WeightAntiquant + CubeGemm) for every case, =1 forces the fused one
 * where covered (comparisons, tests). */
int wqbmm_fused_ok(const aclTensor *x, const aclTensor *weight, const aclTensor *scale, const aclTensor *off);

/* y = x @ dequant(weight) (+ bias) as one "WqbmmFusedGemm" launch; scale / offset are (R, C)
 * parameters (R = 1 or ceil(k / group), C = 1 or n), group 0 without groups. *declined = 1 (and
 * nothing recorded) when the plan has more than one tile along M (the weight would be dequantised
 * once per tile) unless ACLEMU_WQBMM_FUSED=1: the caller then takes the two-launch route. */
aclnnStatus wqbmm_fused_emit(aclOpExecutor *ex, const aclTensor *x, const aclTensor *weight, const aclTensor *scale,
                             const aclTensor *off, const aclTensor *bias, const aclTensor *y, int64_t R, int64_t C,
                             int group, int64_t m, int64_t k, int64_t n, int *declined);

#endif
