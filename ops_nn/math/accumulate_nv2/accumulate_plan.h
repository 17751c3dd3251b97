/* The launches of the AccumulateNV2 kernel shared by aclnnSum, aclnnAddN and aclnnSumV2 (their
 * own checks first): out = the sum of the list, each tensor broadcast to out's shape, groups of
 * ACC_MAX_INPUTS per launch with a wide partial sum in the workspace. */
#ifndef OPS_MATH_ACCUMULATE_PLAN_H
#define OPS_MATH_ACCUMULATE_PLAN_H

#include "aclemu_op/op_api.h"

aclnnStatus accumulate_launch(aclOpExecutor *executor, const aclTensorList *tensors, const aclTensor *out);

#endif
