/* aclnnSoftmax: dtype FLOAT16 / FLOAT / DOUBLE / BF16 (BF16 on A2/A3/950) for self and out, rank
 * 0-8, dim in [-rank, rank-1] (rank 0: -1 or 0), out of self's shape. One launch of the shared
 * softmax-family row driver (act_common), rows split over the vector cores. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define SOFTMAX_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE))

aclnnStatus aclemu_plan_Softmax(aclOpExecutor *executor, const aclTensor *self, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SOFTMAX_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", SOFTMAX_DTYPES)))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    uint32_t d;
    if ((st = act_check_dim(api, dim, self->ndim, &d)))
        return st;
    return act_launch_rows(executor, "SoftmaxV2", ACT_ROW_SOFTMAX, out, self, NULL, d);
}

/* aclnnSoftmaxV2 (experimental/activation/softmax_v2; the aclnn layer is generated from the op
 * definition): nulls, the 910B config only (361001 elsewhere), FLOAT / FLOAT16 with yOut of x's
 * dtype, ND, ranks <= 8, yOut of x's shape (161002). The real tiling reads dim unchecked (the
 * doc: "only positive"); here a dim outside [0, rank) fails the tiling (561002). */
aclnnStatus aclemu_plan_SoftmaxV2(aclOpExecutor *executor, const aclTensor *x, int64_t dim, const aclTensor *yOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, yOut, "yOut")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x, "x", yOut, "yOut")))
        return st;
    if (dim < 0 || dim >= (int64_t)(x->ndim ? x->ndim : 1))
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "dim %lld should be in the range [0, %u).", (long long)dim, x->ndim ? x->ndim : 1);
    return act_launch_rows(executor, "SoftmaxV2", ACT_ROW_SOFTMAX, yOut, x, NULL, (uint32_t)dim);
}
