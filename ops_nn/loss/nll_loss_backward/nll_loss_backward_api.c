/* aclnnNLLLossBackward: gradOutput / self / weight / totalWeight / out FLOAT, FLOAT16 (+ BF16 on
 * A2/A3/950); gradOutput (N) for reduction none with a 2-D self, else one element; out of
 * self's shape. Rows are split over the vector cores. */
#include "aclemu_plans.h"
#include "nll_loss_plan.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_NLLLossBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                        const aclTensor *target, const aclTensor *weight, int64_t reduction,
                                        int64_t ignoreIndex, const aclTensor *totalWeight, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, target, "target")) || (st = aclemu_check_notnull(api, totalWeight, "totalWeight")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int64_t N, C;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)) ||
        (st = nll_check(api, self, target, weight, reduction, &N, &C)) ||
        (st = aclemu_check_dtype(api, totalWeight, "totalWeight", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = nll_check_loss_shape(api, gradOutput, "gradOutput", self, reduction, N)) ||
        (st = nn_numel_opt(api, totalWeight, "totalWeight", 1)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (N * C == 0)
        return ACLNN_SUCCESS;
    return nll_launch_backward(executor, gradOutput, target, weight, totalWeight, N, C, reduction, ignoreIndex, out,
                               NULL);
}
