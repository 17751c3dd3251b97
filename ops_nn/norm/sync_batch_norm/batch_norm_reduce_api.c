/* aclnnBatchNormReduce: x FLOAT, FLOAT16, BF16 (BF16 per chip), 4-D NCHW or NHWC (C = dim 1 or
 * 3); sum / squareSum FLOAT, ND, 1-D of C. Checks in the op_api's order: dtype, format, shape. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"
#include "sync_bn_args.h"
#include "sync_bn_plan.h"

aclnnStatus aclemu_plan_BatchNormReduce(aclOpExecutor *executor, const aclTensor *x, aclTensor *sum,
                                        aclTensor *squareSum)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, sum, "sum")) ||
        (st = aclemu_check_notnull(api, squareSum, "squareSum")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, sum, "sum", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, squareSum, "squareSum", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (x->format != ACL_FORMAT_NCHW && x->format != ACL_FORMAT_NHWC)
        return ACLEMU_PARAM_ERROR(api, "Format of x only supports [NCHW, NHWC], but format is [%s].",
                                  aclemu_format_name(x->format));
    if (sum->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "Format of sum only supports [ND], but format is [%s].",
                                  aclemu_format_name(sum->format));
    if (squareSum->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "Format of squareSum only supports [ND], but format is [%s].",
                                  aclemu_format_name(squareSum->format));
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, sum, "sum", 8)) ||
        (st = aclemu_check_shape(api, squareSum, "squareSum", 8)))
        return st;
    if (x->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "x dim num %u should be 4.", x->ndim);
    if (sum->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "It is expected dimNum of sum equals to 1, but size is %u", sum->ndim);
    if (squareSum->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "It is expected dimNum of squareSum equals to 1, but size is %u", squareSum->ndim);
    int nhwc = x->format == ACL_FORMAT_NHWC;
    int64_t C = x->shape[nhwc ? 3 : 1], N = x->shape[0], S = nhwc ? x->shape[1] * x->shape[2] : x->shape[2] * x->shape[3];
    if (sum->shape[0] != C)
        return ACLEMU_PARAM_ERROR(api, "It is expected size of sum equals to input_C(%lld), but size is %lld",
                                  (long long)C, (long long)sum->shape[0]);
    if (squareSum->shape[0] != C)
        return ACLEMU_PARAM_ERROR(api, "It is expected size of squareSum equals to input_C(%lld), but size is %lld",
                                  (long long)C, (long long)squareSum->shape[0]);
    if (C == 0)
        return ACLNN_SUCCESS;
    if (N == 0 || S == 0) /* nothing to add up */
        return (st = nn_fill(executor, sum, "sum", 0.0)) ? st : nn_fill(executor, squareSum, "squareSum", 0.0);
    /* channel-first view: NHWC is staged through the (0, 3, 1, 2) permutation */
    static const int32_t to_nchw[4] = {0, 3, 1, 2};
    bn_chan_reduce_args a = {0};
    a.N = N;
    a.C = C;
    a.S = S;
    const nr_operand ops[] = {{x, 0, offsetof(bn_chan_reduce_args, x), nhwc ? to_nchw : NULL},
                              {sum, 1, offsetof(bn_chan_reduce_args, sum), NULL},
                              {squareSum, 1, offsetof(bn_chan_reduce_args, sq_sum), NULL}};
    return nr_launch(executor, "BatchNormChanReduce", &a, sizeof a, C, N * S, 0.0, ops, 3);
}
