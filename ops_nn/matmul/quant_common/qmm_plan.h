/* Stage 1 of the quantized matmuls (QuantMatmulV3 / V4 and their relatives): the real checks of
 * quant_batch_matmul_v3's op_api and the QuantGemm launch. */
#ifndef OPS_NN_QMM_PLAN_H
#define OPS_NN_QMM_PLAN_H

#include "aclemu_op/op_api.h"

typedef struct qmm_inputs {
    const aclTensor *x1, *x2, *scale, *offset, *pertoken, *bias, *out;
    bool transposeX1, transposeX2;
} qmm_inputs;

aclnnStatus qmm_plan(aclOpExecutor *ex, const qmm_inputs *in);

#endif
