/* aclnnQuantMatmulV3 / V4 (ops-nn matmul/quant_batch_matmul_v3): both go through qmm_plan
 * (quant_common/), V3 without a per-token scale. */
#include "aclemu_plans.h"
#include "qmm_plan.h"

aclnnStatus aclemu_plan_QuantMatmulV3(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *scale, const aclTensor *offset, const aclTensor *bias,
                                      bool transposeX1, bool transposeX2, const aclTensor *out)
{
    qmm_inputs in = {x1, x2, scale, offset, NULL, bias, out, transposeX1, transposeX2};
    return qmm_plan(executor, &in);
}

aclnnStatus aclemu_plan_QuantMatmulV4(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *scale, const aclTensor *offset,
                                      const aclTensor *pertokenScaleOptional, const aclTensor *bias, bool transposeX1,
                                      bool transposeX2, const aclTensor *out)
{
    qmm_inputs in = {x1, x2, scale, offset, pertokenScaleOptional, bias, out, transposeX1, transposeX2};
    return qmm_plan(executor, &in);
}
