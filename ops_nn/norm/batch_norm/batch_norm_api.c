/* aclnnBatchNorm: input / output FLOAT, FLOAT16, BF16 (no BF16 on 910 / 310P), rank 2..8,
 * formats NC, NCL, NCHW, NCDHW, ND (+ NHWC / NDHWC on 950); weight, bias, running and saved
 * statistics 1-D of length C (float dtypes). Inference needs runningMean / runningVar. In
 * training saveInvstd holds 1/sqrt(var + eps) on 950 and the batch variance on the other chips
 * (the documented chip difference). Channels are split over the vector cores. */
#include "aclemu_plans.h"
#include "batch_norm_plan.h"
#include "batch_norm_layout.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_BatchNorm(aclOpExecutor *executor, const aclTensor *input, const aclTensor *weight,
                                  const aclTensor *bias, aclTensor *runningMean, aclTensor *runningVar, bool training,
                                  double momentum, double eps, aclTensor *output, aclTensor *saveMean,
                                  aclTensor *saveInvstd)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, output, "output")))
        return st;
    if (!training && ((st = aclemu_check_notnull(api, runningMean, "runningMean")) ||
                      (st = aclemu_check_notnull(api, runningVar, "runningVar"))))
        return st;
    if (training && ((st = aclemu_check_notnull(api, saveMean, "saveMean")) ||
                     (st = aclemu_check_notnull(api, saveInvstd, "saveInvstd"))))
        return st;
    if (aclemu_tensor_numel(input) == 0) { /* as the real op: before the other checks */
        if ((saveMean && (st = nn_fill(executor, saveMean, "saveMean", 0.0))) ||
            (saveInvstd && (st = nn_fill(executor, saveInvstd, "saveInvstd", __builtin_nan("")))))
            return st;
        return ACLNN_SUCCESS;
    }
    if ((st = aclemu_check_dtype(api, input, "input", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", output, "output")) ||
        (st = nn_dtype_opt(api, weight, "weight", NN_FLOATS)) || (st = nn_dtype_opt(api, bias, "bias", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, runningMean, "runningMean", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, runningVar, "runningVar", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, saveMean, "saveMean", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, saveInvstd, "saveInvstd", NN_FLOATS)))
        return st;
    if (input->format != output->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, input [%s], output [%s].",
                                  aclemu_format_name(input->format), aclemu_format_name(output->format));
    if ((st = bn_check_format(api, input, "input")) || (st = bn_check_format(api, output, "output")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", 8)) || (st = nn_rank_in(api, input, "input", 2, 8)) ||
        (st = aclemu_check_shape(api, output, "output", 8)) ||
        (st = aclemu_check_same_shape(api, input, "input", output, "output")))
        return st;
    int64_t N, C, S;
    bn_dims(input, &N, &C, &S);
    if ((st = nn_vec_of(api, weight, "weight", C)) || (st = nn_vec_of(api, bias, "bias", C)) ||
        (st = nn_vec_of(api, runningMean, "runningMean", C)) || (st = nn_vec_of(api, runningVar, "runningVar", C)) ||
        (st = nn_vec_of(api, saveMean, "saveMean", C)) || (st = nn_vec_of(api, saveInvstd, "saveInvstd", C)))
        return st;
    int32_t perm[ACLEMU_MAX_RANK];
    const int32_t *pp = bn_channel_perm(input, perm) ? perm : NULL;
    bn_fwd_ops o = {input, weight, bias, runningMean, runningVar, training ? runningMean : NULL,
                    training ? runningVar : NULL, output, training ? saveMean : NULL, training ? saveInvstd : NULL};
    return bn_fwd_launch(executor, &o, pp, N, C, S, training, momentum, eps,
                         aclemu_op_profile()->family != ACLEMU_FAMILY_950, 0);
}
