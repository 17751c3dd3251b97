/* aclemu public header aclnnop/aclnn_trans_matmul_weight.h (ops-math conversion/trans_data):
 * the helpers host programs use to hand the matmul APIs a weight in the Cube-friendly FRACTAL_NZ
 * layout. Written by hand (not generated) because it mixes two-stage APIs with plain functions. */
#ifndef ACLEMU_ACLNNOP_ACLNN_TRANS_MATMUL_WEIGHT_H
#define ACLEMU_ACLNNOP_ACLNN_TRANS_MATMUL_WEIGHT_H

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Elements a weight of shape tensorShape (..., K, N) occupies once converted (K and N aligned:
 * FLOAT16/BFLOAT16 16 x 16, INT8 16 x 32). */
ACLNN_API aclnnStatus aclnnCalculateMatmulWeightSizeV2(const aclIntArray* tensorShape, aclDataType dataType,
                                                       uint64_t* weightTensorSize);
/* Same for a FLOAT16 weight. */
ACLNN_API aclnnStatus aclnnCalculateMatmulWeightSize(const aclIntArray* tensorShape, uint64_t* weightTensorSize);

/* Converts mmWeightRef (ND) in place into FRACTAL_NZ: stage 1 updates the tensor's format and
 * storage shape, stage 2 rewrites its device memory (which must hold the size computed above). */
ACLNN_API aclnnStatus aclnnTransMatmulWeightGetWorkspaceSize(aclTensor* mmWeightRef, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnTransMatmulWeight(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
