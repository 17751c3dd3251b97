/* aclnnSiluBackward: FLOAT16, FLOAT, BF16 (BF16 on A2/A3/950) for all three tensors; equal
 * dtypes, or (mixed precision) gradOutput != self with a FLOAT gradInput; gradOutput and self
 * broadcast to gradInput's shape. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_SiluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                     aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, gradInput, "gradInput", ACT_FLOATS)))
        return st;
    if (gradOutput->dtype != self->dtype) {
        if (gradInput->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "gradInput dtype %s should be DT_FLOAT when gradOutput (%s) and self (%s) "
                                           "dtypes differ.", aclemu_dtype_name(gradInput->dtype),
                                      aclemu_dtype_name(gradOutput->dtype), aclemu_dtype_name(self->dtype));
    } else if ((st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", gradInput, "gradInput"))) {
        return st;
    }
    if ((st = act_check_bcast(api, gradOutput, "gradOutput", self, "self", gradInput, "gradInput")))
        return st;
    return act_launch(executor, "SiluGrad", ACT_SILU_BWD, NULL, (const aclTensor *[]){gradInput}, 1,
                      (const aclTensor *[]){gradOutput, self}, 2, NULL, 0);
}
