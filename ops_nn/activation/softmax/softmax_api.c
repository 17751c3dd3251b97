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
