/* aclnnSyncBatchNormGatherStats: totalSum / totalSquareSum (W, C), mean / variance (running,
 * updated in place) and batchMean / batchInvstd (C) FLOAT, FLOAT16 (+ BF16 on the 950),
 * sampleCount (W) those or INT32; the op_api's dtype-equality, format and dim checks in order. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "sync_bn_args.h"
#include "sync_bn_plan.h"

static aclnnStatus dim_eq(const char *api, int64_t a, int64_t b, const char *what)
{
    return a == b ? ACLNN_SUCCESS : ACLEMU_PARAM_ERROR(api, "%s", what);
}

aclnnStatus aclemu_plan_SyncBatchNormGatherStats(aclOpExecutor *executor, const aclTensor *totalSum,
                                                 const aclTensor *totalSquareSum, const aclTensor *sampleCount,
                                                 aclTensor *mean, aclTensor *variance, float momentum, float eps,
                                                 aclTensor *batchMean, aclTensor *batchInvstd)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *all[] = {totalSum, totalSquareSum, sampleCount, mean, variance, batchMean, batchInvstd};
    const char *names[] = {"totalSum", "totalSquareSum", "sampleCount", "mean", "variance", "batchMean", "batchInvstd"};
    aclnnStatus st;
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    int regbase = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    aclemu_dtype_set ds = regbase ? NN_FLOATS : ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_dtype(api, all[i], names[i], i == 2 ? ds | ACLEMU_DT(ACL_INT32) : ds)))
            return st;
    if ((st = aclemu_check_same_dtype(api, totalSum, "totalSum", totalSquareSum, "totalSquareSum")) ||
        (st = aclemu_check_same_dtype(api, totalSum, "totalSum", mean, "mean")) ||
        (st = aclemu_check_same_dtype(api, totalSum, "totalSum", variance, "variance")) ||
        (st = aclemu_check_same_dtype(api, batchMean, "batchMean", batchInvstd, "batchInvstd")))
        return st;
    for (int i = 0; i < 5; i++)
        if (sbn_plain_format(api, all[i], names[i]))
            return ACLEMU_PARAM_ERROR(api, "%s format only support ND, NCL, NCHW, NCDHW.", names[i]);
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_shape(api, all[i], names[i], 8)) || (st = nn_rank_in(api, all[i], names[i], i < 2 ? 2 : 1, i < 2 ? 2 : 1)))
            return st;
    int64_t W = totalSum->shape[0], C = totalSum->shape[1];
    if ((st = dim_eq(api, W, totalSquareSum->shape[0], "totalSumShape dim0 not same totalSquareSumShape dim0")) ||
        (st = dim_eq(api, C, totalSquareSum->shape[1], "totalSumShape dim1 not same totalSquareSumShape dim1")) ||
        (st = dim_eq(api, W, sampleCount->shape[0], "totalSumShape dim0 not same sampleCountShape dim0")) ||
        (st = dim_eq(api, C, mean->shape[0], "totalSumShape dim1 not same meanShape dim0")) ||
        (st = dim_eq(api, C, variance->shape[0], "totalSumShape dim1 not same varianceShape dim0")) ||
        (st = dim_eq(api, C, batchMean->shape[0], "totalSumShape dim1 not same batchMeanShape dim0")) ||
        (st = dim_eq(api, C, batchInvstd->shape[0], "totalSumShape dim1 not same batchInvstdShape dim0")))
        return st;
    bn_gather_args a = {0};
    a.momentum = momentum;
    a.W = W;
    a.C = C;
    const nr_operand ops[] = {{totalSum, 0, offsetof(bn_gather_args, a)},
                              {totalSquareSum, 0, offsetof(bn_gather_args, b)},
                              {sampleCount, 0, offsetof(bn_gather_args, counts)},
                              {mean, 0, offsetof(bn_gather_args, run_mean_in)},
                              {variance, 0, offsetof(bn_gather_args, run_var_in)},
                              {mean, 1, offsetof(bn_gather_args, run_mean_out)},
                              {variance, 1, offsetof(bn_gather_args, run_var_out)},
                              {batchMean, 1, offsetof(bn_gather_args, mean_out)},
                              {batchInvstd, 1, offsetof(bn_gather_args, invstd_out)}};
    return nr_launch(executor, "BatchNormGatherStats", &a, sizeof a, C, W ? W : 1, eps, ops, 9);
}
