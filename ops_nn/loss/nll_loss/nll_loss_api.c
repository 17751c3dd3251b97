/* aclnnNLLLoss: self (N, C) or (C) FLOAT, FLOAT16 (+ BF16 on A2/A3/950); target INT64, UINT8 or
 * INT32 of shape (N) / (); weight (C) of self's dtype (NULL = ones); totalWeightOut one element.
 * The loss is a gather per row: one block does it all. */
#include "aclemu_plans.h"
#include "nll_loss_plan.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_NLLLoss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                const aclTensor *weight, int64_t reduction, int64_t ignoreIndex, aclTensor *out,
                                aclTensor *totalWeightOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_notnull(api, totalWeightOut, "totalWeightOut")))
        return st;
    int64_t N, C;
    if ((st = nll_check(api, self, target, weight, reduction, &N, &C)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, totalWeightOut, "totalWeightOut", NN_FLOATS)) ||
        (st = nll_check_loss_shape(api, out, "out", self, reduction, N)) ||
        (st = nn_numel_opt(api, totalWeightOut, "totalWeightOut", 1)))
        return st;
    if (C == 0 && N > 0)
        return ACLEMU_PARAM_ERROR(api, "self class dim should not be 0.");
    return nll_launch_forward(executor, self, NULL, target, weight, N, C, reduction, ignoreIndex, out, totalWeightOut);
}
