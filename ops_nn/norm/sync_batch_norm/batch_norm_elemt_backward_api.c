/* aclnnBatchNormElemtBackward: gradOut / input / mean / invstd / weight / sumDy / sumDyXmu /
 * gradInput FLOAT, FLOAT16 (+ BF16 on A2 / A3 / 950); counter FLOAT, FLOAT16, INT32 (the
 * per-device element counts, summed on the device); gradOut / gradInput input's shape, rank
 * 2..8 with C = dim 1 (not 0); mean / invstd / weight (optional) / sumDy / sumDyXmu 1-D of C. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "sync_bn_args.h"
#include "sync_bn_plan.h"

aclnnStatus aclemu_plan_BatchNormElemtBackward(aclOpExecutor *executor, const aclTensor *gradOut,
                                               const aclTensor *input, const aclTensor *mean, const aclTensor *invstd,
                                               const aclTensor *weight, const aclTensor *sumDy,
                                               const aclTensor *sumDyXmu, aclTensor *counter, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *all[] = {gradOut, input, mean, invstd, weight, sumDy, sumDyXmu, counter, gradInput};
    const char *names[] = {"gradOut", "input", "mean", "invstd", "weight", "sumDy", "sumDyXmu", "counter", "gradInput"};
    aclnnStatus st;
    for (int i = 0; i < 9; i++)
        if (i != 4 && (st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    for (int i = 0; i < 9; i++) {
        aclemu_dtype_set ds = i == 7 ? ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT32) : NN_FLOATS;
        if ((st = nn_dtype_opt(api, all[i], names[i], ds)))
            return st;
    }
    if ((st = sbn_plain_format(api, gradOut, "gradOut")) || (st = sbn_plain_format(api, input, "input")) ||
        (st = sbn_plain_format(api, gradInput, "gradInput")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", 8)) || (st = nn_rank_in(api, input, "input", 2, 8)) ||
        (st = aclemu_check_shape(api, gradOut, "gradOut", 8)) || (st = aclemu_check_shape(api, gradInput, "gradInput", 8)) ||
        (st = aclemu_check_shape(api, counter, "counter", 8)))
        return st;
    if (input->shape[1] == 0)
        return ACLEMU_PARAM_ERROR(api, "Input channel size should not be zero.");
    if ((st = aclemu_check_same_shape(api, input, "input", gradOut, "gradOut")) ||
        (st = aclemu_check_same_shape(api, input, "input", gradInput, "gradInput")))
        return st;
    int64_t N, C, S;
    sbn_dims(input, &N, &C, &S);
    for (int i = 2; i < 7; i++)
        if ((st = sbn_per_channel(api, all[i], names[i], C)))
            return st;
    bn_elemt_backward_args a = {0};
    a.C = C;
    a.W = aclemu_tensor_numel(counter);
    const nr_operand ops[] = {{gradOut, 0, offsetof(bn_elemt_backward_args, dy)},
                              {input, 0, offsetof(bn_elemt_backward_args, x)},
                              {mean, 0, offsetof(bn_elemt_backward_args, mean)},
                              {invstd, 0, offsetof(bn_elemt_backward_args, invstd)},
                              {weight, 0, offsetof(bn_elemt_backward_args, weight)},
                              {sumDy, 0, offsetof(bn_elemt_backward_args, sum_dy)},
                              {sumDyXmu, 0, offsetof(bn_elemt_backward_args, sum_dy_xmu)},
                              {counter, 0, offsetof(bn_elemt_backward_args, counter)},
                              {gradInput, 1, offsetof(bn_elemt_backward_args, dx)}};
    return nr_launch(executor, "BatchNormElemtBackward", &a, sizeof a, N * C, S, 0.0, ops, 9);
}
