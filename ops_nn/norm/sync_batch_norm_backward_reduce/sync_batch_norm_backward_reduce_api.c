/* aclnnSyncBatchNormBackwardReduce on the elementwise rule kernel (optim_ew, rule
 * OE_SYNC_BN_BACKWARD_REDUCE). Generated from the op definition (ascend910b / 910_93), so: nulls
 * in prototype order (161001) -> the chip (161002 off A2 / A3) -> the definition's dtypes: sumDy
 * BFLOAT16 / FLOAT16 / FLOAT, every other tensor of its dtype (161002) -> ND formats, ranks up to
 * 8 -> the tiling (sync_batch_norm_backward_reduce_tiling.cpp): an empty sumDy is refused (561002,
 * its message). The kernel walks sumDy's element count over all six tensors, so here the others
 * must have sumDy's shape (561002). FP32 arithmetic, one rounding into each output. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "optim_ew_plan.h"

static const oe_spec kSpec = {OE_SYNC_BN_BACKWARD_REDUCE, NN_CHIP(ACLEMU_FAMILY_A2) | NN_CHIP(ACLEMU_FAMILY_A3),
                              NN_FLOATS, 0, 4, 2, 0, {"sumDy", "sumDyDxPad", "mean", "invertStd"},
                              {"sumDyXmu", "y"}, 0, "input shape size must not be 0."};

aclnnStatus aclemu_plan_SyncBatchNormBackwardReduce(aclOpExecutor *executor, const aclTensor *sumDy,
                                                    const aclTensor *sumDyDxPad, const aclTensor *mean,
                                                    const aclTensor *invertStd, aclTensor *sumDyXmu, aclTensor *y)
{
    const aclTensor *in[] = {sumDy, sumDyDxPad, mean, invertStd};
    const aclTensor *out[] = {sumDyXmu, y};
    return oe_plan(executor, &kSpec, in, out, NULL, 0, 0);
}
