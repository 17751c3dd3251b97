/* aclnnBatchNormGatherStatsWithCounts: input (N, C, ...) rank 2..8 (only its C is used), mean /
 * invstd (W, C), counts (W), runningMean / runningVar (optional, updated in place) and meanAll /
 * invstdAll (C): FLOAT, FLOAT16 (+ BF16 on A2 / A3 / 950). */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "sync_bn_args.h"
#include "sync_bn_plan.h"

aclnnStatus aclemu_plan_BatchNormGatherStatsWithCounts(aclOpExecutor *executor, const aclTensor *input,
                                                       const aclTensor *mean, const aclTensor *invstd,
                                                       aclTensor *runningMean, aclTensor *runningVar, double momentum,
                                                       double eps, const aclTensor *counts, aclTensor *meanAll,
                                                       aclTensor *invstdAll)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *all[] = {input, mean, invstd, runningMean, runningVar, counts, meanAll, invstdAll};
    const char *names[] = {"input", "mean", "invstd", "runningMean", "runningVar", "counts", "meanAll", "invstdAll"};
    aclnnStatus st;
    for (int i = 0; i < 8; i++)
        if (i != 3 && i != 4 && (st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    for (int i = 0; i < 8; i++)
        if ((st = nn_dtype_opt(api, all[i], names[i], NN_FLOATS)))
            return st;
    for (int i = 0; i < 3; i++)
        if (sbn_plain_format(api, all[i], names[i]))
            return ACLEMU_PARAM_ERROR(api, "Format only support ND,NCHW,NCL,NCDHW.");
    if (sbn_plain_format(api, counts, "counts"))
        return ACLEMU_PARAM_ERROR(api, "Format only support ND,NCHW,NCL,NCDHW.");
    for (int i = 0; i < 8; i++)
        if (all[i] && (st = aclemu_check_shape(api, all[i], names[i], 8)))
            return st;
    if ((st = nn_rank_in(api, input, "input", 2, 8)) || (st = nn_rank_in(api, mean, "mean", 2, 2)) ||
        (st = nn_rank_in(api, invstd, "invstd", 2, 2)))
        return st;
    char s1[256], s2[256], s3[256];
    if (mean->shape[0] != invstd->shape[0] || counts->ndim < 1 || counts->shape[0] != mean->shape[0])
        return ACLEMU_PARAM_ERROR(api, "first dimension of mean, invstd and count should be the same, but got mean: %s, "
                                       "invstd: %s, counts: %s.", aclemu_shape_str(mean->shape, mean->ndim, s1, sizeof s1),
                                  aclemu_shape_str(invstd->shape, invstd->ndim, s2, sizeof s2),
                                  aclemu_shape_str(counts->shape, counts->ndim, s3, sizeof s3));
    int64_t C = input->shape[1], W = mean->shape[0];
    if (mean->shape[1] != C || invstd->shape[1] != C)
        return ACLEMU_PARAM_ERROR(api, "second dimension of mean/invstd should be the channel size of input %lld, but "
                                       "got mean: %s, invstd: %s.", (long long)C,
                                  aclemu_shape_str(mean->shape, mean->ndim, s1, sizeof s1),
                                  aclemu_shape_str(invstd->shape, invstd->ndim, s2, sizeof s2));
    if ((st = sbn_per_channel(api, runningMean, "runningMean", C)) || (st = sbn_per_channel(api, runningVar, "runningVar", C)))
        return st;
    if (counts->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "dim of counts should be one.");
    if ((st = sbn_per_channel(api, meanAll, "meanAll", C)) || (st = sbn_per_channel(api, invstdAll, "invstdAll", C)))
        return st;
    bn_gather_args a = {0};
    a.momentum = momentum;
    a.W = W;
    a.C = C;
    a.with_counts = 1;
    const nr_operand ops[] = {{mean, 0, offsetof(bn_gather_args, a)},
                              {invstd, 0, offsetof(bn_gather_args, b)},
                              {counts, 0, offsetof(bn_gather_args, counts)},
                              {runningMean, 0, offsetof(bn_gather_args, run_mean_in)},
                              {runningVar, 0, offsetof(bn_gather_args, run_var_in)},
                              {runningMean, 1, offsetof(bn_gather_args, run_mean_out)},
                              {runningVar, 1, offsetof(bn_gather_args, run_var_out)},
                              {meanAll, 1, offsetof(bn_gather_args, mean_out)},
                              {invstdAll, 1, offsetof(bn_gather_args, invstd_out)}};
    return nr_launch(executor, "BatchNormGatherStats", &a, sizeof a, C, W ? W : 1, eps, ops, 9);
}
