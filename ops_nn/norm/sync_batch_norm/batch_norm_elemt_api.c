/* aclnnBatchNormElemt: input / weight / bias / mean / invstd / output FLOAT, FLOAT16 (+ BF16 on
 * A2 / A3 / 950); input rank 2..8 with C = dim 1 (not 0), output input's shape and format,
 * weight / bias (optional: 1 / 0) / mean / invstd 1-D of C. A null tensor is refused with 161002
 * (the op_api maps its null check to PARAM_INVALID). */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "sync_bn_args.h"
#include "sync_bn_plan.h"

aclnnStatus aclemu_plan_BatchNormElemt(aclOpExecutor *executor, const aclTensor *input, const aclTensor *weight,
                                       const aclTensor *bias, aclTensor *mean, aclTensor *invstd, double eps,
                                       aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *req[] = {input, mean, invstd, output};
    const char *rn[] = {"input", "mean", "invstd", "output"};
    aclnnStatus st;
    for (int i = 0; i < 4; i++)
        if (!req[i])
            return ACLEMU_PARAM_ERROR(api, "%s should not be nullptr.", rn[i]);
    const aclTensor *all[] = {input, weight, bias, mean, invstd, output};
    const char *names[] = {"input", "weight", "bias", "mean", "invstd", "output"};
    for (int i = 0; i < 6; i++)
        if ((st = nn_dtype_opt(api, all[i], names[i], NN_FLOATS)))
            return st;
    if (input->format != output->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and out should be equal, input [%s], out [%s].",
                                  aclemu_format_name(input->format), aclemu_format_name(output->format));
    if ((st = sbn_plain_format(api, input, "input")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", 8)) || (st = nn_rank_in(api, input, "input", 2, 8)) ||
        (st = aclemu_check_shape(api, output, "output", 8)) || (st = nn_rank_in(api, output, "output", 2, 8)) ||
        (st = aclemu_check_same_shape(api, input, "input", output, "output")))
        return st;
    if (input->shape[1] == 0)
        return ACLEMU_PARAM_ERROR(api, "Input channel size should not be zero.");
    int64_t N, C, S;
    sbn_dims(input, &N, &C, &S);
    for (int i = 1; i < 5; i++)
        if (all[i] && (st = aclemu_check_shape(api, all[i], names[i], 8)))
            return st;
    for (int i = 1; i < 5; i++)
        if (all[i] && (all[i]->ndim != 1 || all[i]->shape[0] != C))
            return ACLEMU_PARAM_ERROR(api, all[i]->ndim != 1 ? "Weight/bias/mean/invstd dim size should be one."
                                                             : "Weight/bias/mean/invstd shape should be same as the "
                                                               "channel size of input.");
    bn_elemt_args a = {0};
    a.C = C;
    const nr_operand ops[] = {{input, 0, offsetof(bn_elemt_args, x)},     {weight, 0, offsetof(bn_elemt_args, weight)},
                              {bias, 0, offsetof(bn_elemt_args, bias)},   {mean, 0, offsetof(bn_elemt_args, mean)},
                              {invstd, 0, offsetof(bn_elemt_args, invstd)}, {output, 1, offsetof(bn_elemt_args, y)}};
    return nr_launch(executor, "BatchNormElemt", &a, sizeof a, N * C, S, eps, ops, 6);
}
