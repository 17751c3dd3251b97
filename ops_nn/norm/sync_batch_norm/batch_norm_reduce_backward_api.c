/* aclnnBatchNormReduceBackward: gradOut / input / mean / invstd / weight and the outputs FLOAT,
 * FLOAT16 (+ BF16 on A2 / A3 / 950), gradOut input's dtype; sumDy / sumDyXmu are written when
 * inputG, gradWeight when weightG, gradBias when biasG (each required then), all 1-D of C;
 * gradOut / input rank 2..8 of one shape with C = dim 1 (not 0). */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"
#include "sync_bn_args.h"
#include "sync_bn_plan.h"

aclnnStatus aclemu_plan_BatchNormReduceBackward(aclOpExecutor *executor, const aclTensor *gradOut,
                                                const aclTensor *input, const aclTensor *mean,
                                                const aclTensor *invstd, const aclTensor *weight, const bool inputG,
                                                const bool weightG, const bool biasG, aclTensor *sumDy,
                                                aclTensor *sumDyXmu, aclTensor *gradWeight, aclTensor *gradBias)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ins[] = {gradOut, input, mean, invstd};
    const char *in_names[] = {"gradOut", "input", "mean", "invstd"};
    const aclTensor *outs[] = {inputG ? sumDy : NULL, inputG ? sumDyXmu : NULL, weightG ? gradWeight : NULL,
                               biasG ? gradBias : NULL};
    const aclTensor *given[] = {sumDy, sumDyXmu, gradWeight, gradBias};
    const char *out_names[] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    const bool mask[] = {inputG, inputG, weightG, biasG};
    aclnnStatus st;
    for (int i = 0; i < 4; i++)
        if (!ins[i])
            return ACLEMU_NULL_ERROR(api, "expected a proper Tensor but got null for argument %s.", in_names[i]);
    for (int i = 0; i < 4; i++)
        if (mask[i] && !given[i])
            return ACLEMU_NULL_ERROR(api, "expected a proper Tensor but got null for argument %s.", out_names[i]);
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_dtype(api, ins[i], in_names[i], NN_FLOATS)))
            return st;
    if ((st = nn_dtype_opt(api, weight, "weight", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", gradOut, "gradOut")))
        return st;
    for (int i = 0; i < 4; i++)
        if ((st = nn_dtype_opt(api, outs[i], out_names[i], NN_FLOATS)))
            return st;
    if (gradOut->format != input->format)
        return ACLEMU_PARAM_ERROR(api, "Format of gradOut and input should be equal. self [%s], out [%s].",
                                  aclemu_format_name(gradOut->format), aclemu_format_name(input->format));
    for (int i = 0; i < 4; i++)
        if ((st = sbn_plain_format(api, ins[i], in_names[i])) || (outs[i] && (st = sbn_plain_format(api, outs[i], out_names[i]))))
            return st;
    if ((st = aclemu_check_shape(api, gradOut, "gradOut", 8)) || (st = nn_rank_in(api, gradOut, "gradOut", 2, 8)) ||
        (st = aclemu_check_shape(api, input, "input", 8)) || (st = nn_rank_in(api, input, "input", 2, 8)) ||
        (st = aclemu_check_same_shape(api, input, "input", gradOut, "gradOut")))
        return st;
    int64_t N, C, S;
    sbn_dims(input, &N, &C, &S);
    if (C == 0)
        return ACLEMU_PARAM_ERROR(api, "channel size of input should not be zero.");
    if ((st = sbn_per_channel(api, mean, "mean", C)) || (st = sbn_per_channel(api, invstd, "invstd", C)) ||
        (st = sbn_per_channel(api, weight, "weight", C)))
        return st;
    for (int i = 0; i < 4; i++)
        if ((st = sbn_per_channel(api, outs[i], out_names[i], C)))
            return st;
    if (!outs[0] && !outs[1] && !outs[2] && !outs[3])
        return ACLNN_SUCCESS;
    if (N == 0 || S == 0) { /* empty reductions: every sum is 0 */
        for (int i = 0; i < 4; i++)
            if (outs[i] && (st = nn_fill(executor, outs[i], out_names[i], 0.0)))
                return st;
        return ACLNN_SUCCESS;
    }
    bn_chan_reduce_args a = {0};
    a.N = N;
    a.C = C;
    a.S = S;
    const nr_operand ops[] = {{gradOut, 0, offsetof(bn_chan_reduce_args, dy)},
                              {input, 0, offsetof(bn_chan_reduce_args, x)},
                              {mean, 0, offsetof(bn_chan_reduce_args, mean)},
                              {invstd, 0, offsetof(bn_chan_reduce_args, invstd)},
                              {outs[0], 1, offsetof(bn_chan_reduce_args, sum)},
                              {outs[1], 1, offsetof(bn_chan_reduce_args, sq_sum)},
                              {outs[2], 1, offsetof(bn_chan_reduce_args, grad_weight)},
                              {outs[3], 1, offsetof(bn_chan_reduce_args, grad_bias)}};
    return nr_launch(executor, "BatchNormChanReduceGrad", &a, sizeof a, C, N * S, 0.0, ops, 8);
}
