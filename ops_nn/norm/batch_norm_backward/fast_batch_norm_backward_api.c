/* aclnnFastBatchNormBackward (Atlas A2 only, per its doc) on the BatchNormGrad kernel
 * (batch_norm_grad_plan.h). The op_api's order: null gradOut / input (161001); the chip; an
 * empty gradOut or input succeeds at once with nothing to run (before any other check, as the
 * real op does); outputMask null or empty (161001, the real op returns the null code for both),
 * 1 or 2 entries (161002, the doc's rule; the real op would read past them), the first three
 * entries used; gradInput / gradWeight / gradBias null when asked for (161001); dtypes: gradOut
 * and input FLOAT, FLOAT16 or BF16 and equal, the wanted outputs and the given weight /
 * runningMean / runningVar / saveMean / saveInvstd in that list (any mix: the real op casts the
 * per-channel ones to FLOAT), gradInput gradOut's dtype (the doc's rule); formats: input and
 * gradInput gradOut's storage format, no private format; shapes: input / gradOut rank 2..8 and
 * equal, gradInput gradOut's; weight / runningMean / runningVar 1-D of C = dim 1 (channel always
 * dim 1, whatever the format); then, where the real op leaves them unchecked but the kernel
 * would read / write C elements, saveMean / saveInvstd (training) and the wanted gradWeight /
 * gradBias must hold C elements (561002). Absent weight / statistics are the real fills (weight 1,
 * means 0, variances 1). On A2 saveInvstd holds the batch variance (what aclnnBatchNorm writes
 * there): invstd = 1 / sqrt(saveInvstd + eps). `version` (documented 0 or 1) is not read by the
 * real op and selects nothing here. */
#include "aclemu_plans.h"
#include "batch_norm_grad_plan.h"
#include "nn_check.h"

static aclnnStatus vec_c(const char *api, const aclTensor *t, const char *name, int64_t C)
{
    if (t && (t->ndim != 1 || t->shape[0] != C)) {
        char buf[128];
        return ACLEMU_PARAM_ERROR(api, "Dim of %s should be one and shape is channel num of input[%lld], but got %s.",
                                  name, (long long)C, aclemu_shape_str(t->shape, t->ndim, buf, sizeof buf));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus numel_c(const char *api, const aclTensor *t, const char *name, int64_t C)
{
    if (t && aclemu_tensor_numel(t) != C)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "%s should hold the channel num of input (%lld) elements.", name, (long long)C);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_FastBatchNormBackward(aclOpExecutor *executor, const aclTensor *gradOut,
                                              const aclTensor *input, const aclTensor *weight,
                                              const aclTensor *runningMean, const aclTensor *runningVar,
                                              const aclTensor *saveMean, const aclTensor *saveInvstd, bool training,
                                              double eps, const aclBoolArray *outputMask, int version,
                                              aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias)
{
    (void)version;
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOut, "gradOut")) || (st = aclemu_check_notnull(api, input, "input")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if (aclemu_tensor_numel(input) == 0 || aclemu_tensor_numel(gradOut) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_notnull(api, outputMask, "outputMask")))
        return st;
    if (outputMask->size < 1)
        return ACLEMU_NULL_ERROR(api, "outputMask size should not less than 1.");
    if (outputMask->size < 3)
        return ACLEMU_PARAM_ERROR(api, "outputMask size %llu should be 3.", (unsigned long long)outputMask->size);
    if (!outputMask->data[0]) gradInput = NULL;
    else if ((st = aclemu_check_notnull(api, gradInput, "gradInput"))) return st;
    if (!outputMask->data[1]) gradWeight = NULL;
    else if ((st = aclemu_check_notnull(api, gradWeight, "gradWeight"))) return st;
    if (!outputMask->data[2]) gradBias = NULL;
    else if ((st = aclemu_check_notnull(api, gradBias, "gradBias"))) return st;
    if ((st = aclemu_check_dtype(api, gradOut, "gradOut", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, input, "input", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", gradOut, "gradOut")) ||
        (st = nn_dtype_opt(api, gradInput, "gradInput", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, gradWeight, "gradWeight", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, gradBias, "gradBias", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, weight, "weight", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, runningMean, "runningMean", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, runningVar, "runningVar", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, saveMean, "saveMean", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, saveInvstd, "saveInvstd", NN_FLOATS)) ||
        (gradInput && (st = aclemu_check_same_dtype(api, gradOut, "gradOut", gradInput, "gradInput"))))
        return st;
    if (gradOut->format != input->format)
        return ACLEMU_PARAM_ERROR(api, "Format of gradOut and input should be equal, gradOut [%s], input [%s].",
                                  aclemu_format_name(gradOut->format), aclemu_format_name(input->format));
    if (gradInput && gradOut->format != gradInput->format)
        return ACLEMU_PARAM_ERROR(api,
                                  "Format of gradOut and gradInput should be equal, gradOut [%s], gradInput [%s].",
                                  aclemu_format_name(gradOut->format), aclemu_format_name(gradInput->format));
    if ((st = aclemu_check_format(api, gradOut, "gradOut")) || (st = aclemu_check_format(api, input, "input")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", 8)) || (st = nn_rank_in(api, input, "input", 2, 8)) ||
        (st = aclemu_check_shape(api, gradOut, "gradOut", 8)) || (st = nn_rank_in(api, gradOut, "gradOut", 2, 8)) ||
        (st = aclemu_check_same_shape(api, gradOut, "gradOut", input, "input")))
        return st;
    if (gradInput && ((st = aclemu_check_shape(api, gradInput, "gradInput", 8)) ||
                      (st = nn_rank_in(api, gradInput, "gradInput", 2, 8)) ||
                      (st = aclemu_check_same_shape(api, gradInput, "gradInput", gradOut, "gradOut"))))
        return st;
    int64_t N = input->shape[0], C = input->shape[1], S = 1;
    for (uint32_t i = 2; i < input->ndim; i++)
        S *= input->shape[i];
    if ((st = nn_shape_opt(api, weight, "weight", 8)) || (st = nn_shape_opt(api, runningMean, "runningMean", 8)) ||
        (st = nn_shape_opt(api, runningVar, "runningVar", 8)) || (st = vec_c(api, weight, "weight", C)) || (st = vec_c(api, runningMean, "runningMean", C)) ||
        (st = vec_c(api, runningVar, "runningVar", C)))
        return st;
    const aclTensor *sm = training ? saveMean : NULL, *si = training ? saveInvstd : NULL;
    if ((st = nn_shape_opt(api, sm, "saveMean", 8)) || (st = nn_shape_opt(api, si, "saveInvstd", 8)) ||
        (st = nn_shape_opt(api, gradWeight, "gradWeight", 8)) || (st = nn_shape_opt(api, gradBias, "gradBias", 8)) ||
        (st = numel_c(api, sm, "saveMean", C)) || (st = numel_c(api, si, "saveInvstd", C)) ||
        (st = numel_c(api, gradWeight, "gradWeight", C)) || (st = numel_c(api, gradBias, "gradBias", C)))
        return st;
    if (!gradInput && !gradWeight && !gradBias)
        return ACLNN_SUCCESS;
    bn_grad_ops o = {gradOut, input, weight, runningMean, runningVar, sm, si, gradInput, gradWeight, gradBias};
    return bn_grad_launch(executor, &o, NULL, N, C, S, training, 1, eps);
}
