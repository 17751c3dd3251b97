/* aclnnQuantMatmulV3 / V4 / V5 / WeightNz (ops-nn matmul/quant_batch_matmul_v3, V5 from
 * quant_batch_matmul_v4): all go through qmm_plan (quant_common/); V3 has no per-token scale,
 * V5 and WeightNz name the scales per side (qmm_plan_v5), WeightNz takes only FRACTAL_NZ x2. */
#include "aclemu_plans.h"
#include "qmm_plan.h"

aclnnStatus aclemu_plan_QuantMatmulV3(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *scale, const aclTensor *offset, const aclTensor *bias,
                                      bool transposeX1, bool transposeX2, const aclTensor *out)
{
    qmm_inputs in = {x1, x2, scale, offset, NULL, bias, out, transposeX1, transposeX2, false};
    return qmm_plan(executor, &in);
}

aclnnStatus aclemu_plan_QuantMatmulV4(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *scale, const aclTensor *offset,
                                      const aclTensor *pertokenScaleOptional, const aclTensor *bias, bool transposeX1,
                                      bool transposeX2, const aclTensor *out)
{
    qmm_inputs in = {x1, x2, scale, offset, pertokenScaleOptional, bias, out, transposeX1, transposeX2, false};
    return qmm_plan(executor, &in);
}

aclnnStatus aclemu_plan_QuantMatmulV5(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                                      const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset,
                                      const aclTensor *bias, bool transposeX1, bool transposeX2, int64_t groupSize,
                                      aclTensor *out)
{
    return qmm_plan_v5(executor, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                       transposeX2, groupSize, out, false);
}

aclnnStatus aclemu_plan_QuantMatmulWeightNz(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                            const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                                            const aclTensor *x1Offset, const aclTensor *x2Offset,
                                            const aclTensor *yOffset, const aclTensor *bias, bool transposeX1,
                                            bool transposeX2, int64_t groupSize, aclTensor *out)
{
    return qmm_plan_v5(executor, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                       transposeX2, groupSize, out, true);
}
