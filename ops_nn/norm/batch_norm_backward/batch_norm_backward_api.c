/* aclnnBatchNormBackward: gradOut / input / gradInput FLOAT, FLOAT16, BF16 (no BF16 on 910 /
 * 310P), formats as aclnnBatchNorm; per-channel tensors 1-D of length C. Training needs
 * saveMean / saveInvstd (saveInvstd read as aclnnBatchNorm writes it on this chip), inference
 * runningMean / runningVar. outputMask has 3 entries. Channels are split over the vector cores. */
#include "aclemu_plans.h"
#include "batch_norm_grad_plan.h"
#include "batch_norm_layout.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_BatchNormBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *input,
                                          const aclTensor *weight, const aclTensor *runningMean,
                                          const aclTensor *runningVar, const aclTensor *saveMean,
                                          const aclTensor *saveInvstd, bool training, double eps,
                                          const aclBoolArray *outputMask, aclTensor *gradInput, aclTensor *gradWeight,
                                          aclTensor *gradBias)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOut, "gradOut")) || (st = aclemu_check_notnull(api, input, "input")) ||
        (st = aclemu_check_notnull(api, outputMask, "outputMask")))
        return st;
    if (outputMask->size != 3)
        return ACLEMU_PARAM_ERROR(api, "outputMask size %llu should be 3.", (unsigned long long)outputMask->size);
    if (!outputMask->data[0]) gradInput = NULL;
    else if ((st = aclemu_check_notnull(api, gradInput, "gradInput"))) return st;
    if (!outputMask->data[1]) gradWeight = NULL;
    else if ((st = aclemu_check_notnull(api, gradWeight, "gradWeight"))) return st;
    if (!outputMask->data[2]) gradBias = NULL;
    else if ((st = aclemu_check_notnull(api, gradBias, "gradBias"))) return st;
    if (training && ((st = aclemu_check_notnull(api, saveMean, "saveMean")) ||
                     (st = aclemu_check_notnull(api, saveInvstd, "saveInvstd"))))
        return st;
    if (!training && ((st = aclemu_check_notnull(api, runningMean, "runningMean")) ||
                      (st = aclemu_check_notnull(api, runningVar, "runningVar"))))
        return st;
    if ((st = aclemu_check_dtype(api, gradOut, "gradOut", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradOut, "gradOut", input, "input")) ||
        (st = nn_dtype_opt(api, weight, "weight", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, runningMean, "runningMean", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, runningVar, "runningVar", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, saveMean, "saveMean", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, saveInvstd, "saveInvstd", NN_FLOATS)) ||
        (gradInput && (st = aclemu_check_same_dtype(api, input, "input", gradInput, "gradInput"))) ||
        (st = nn_dtype_opt(api, gradWeight, "gradWeight", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, gradBias, "gradBias", NN_FLOATS)))
        return st;
    if ((st = bn_check_format(api, gradOut, "gradOut")) || (st = bn_check_format(api, input, "input")) ||
        (gradInput && (st = bn_check_format(api, gradInput, "gradInput"))))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", 8)) || (st = nn_rank_in(api, input, "input", 2, 8)) ||
        (st = aclemu_check_shape(api, gradOut, "gradOut", 8)) ||
        (st = aclemu_check_same_shape(api, input, "input", gradOut, "gradOut")) ||
        (gradInput && (st = aclemu_check_same_shape(api, input, "input", gradInput, "gradInput"))))
        return st;
    int64_t N, C, S;
    bn_dims(input, &N, &C, &S);
    if ((st = nn_vec_of(api, weight, "weight", C)) || (st = nn_vec_of(api, runningMean, "runningMean", C)) ||
        (st = nn_vec_of(api, runningVar, "runningVar", C)) || (st = nn_vec_of(api, saveMean, "saveMean", C)) ||
        (st = nn_vec_of(api, saveInvstd, "saveInvstd", C)) || (st = nn_vec_of(api, gradWeight, "gradWeight", C)) ||
        (st = nn_vec_of(api, gradBias, "gradBias", C)))
        return st;
    if (C == 0)
        return ACLNN_SUCCESS;
    int32_t perm[ACLEMU_MAX_RANK];
    const int32_t *pp = bn_channel_perm(input, perm) ? perm : NULL;
    bn_grad_ops o = {gradOut, input, weight, runningMean, runningVar, saveMean, saveInvstd, gradInput, gradWeight,
                     gradBias};
    return bn_grad_launch(executor, &o, pp, N, C, S, training, aclemu_op_profile()->family != ACLEMU_FAMILY_950, eps);
}
