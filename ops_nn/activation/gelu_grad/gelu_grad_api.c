/* aclnnGeluBackward: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); promote(gradOutput, self) in
 * that list and castable to gradInput; gradInput of the broadcast shape. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_GeluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                     const aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    aclDataType promoted;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = act_check_promote(api, gradOutput, "gradOutput", self, "self", ACT_FLOATS, &promoted)) ||
        (st = aclemu_check_can_cast(api, promoted, gradInput, "gradInput")))
        return st;
    if ((st = act_check_bcast(api, gradOutput, "gradOutput", self, "self", gradInput, "gradInput")))
        return st;
    return act_launch(executor, "GeluGrad", ACT_GELU_TANH_BWD, NULL, (const aclTensor *[]){gradInput}, 1,
                      (const aclTensor *[]){gradOutput, self}, 2, NULL, 0);
}
