/* aclnnGeluBackwardV2: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950). Real order: null (with
 * approximate), promote(gradOutput, self) == gradInput's dtype, broadcast shape, approximate
 * "none" or "tanh". */
#include <string.h>

#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_GeluBackwardV2(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                       char *approximate, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    aclDataType promoted;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, gradInput, "gradInput")) ||
        (st = aclemu_check_notnull(api, approximate, "approximate")))
        return st;
    if ((st = act_check_promote(api, gradOutput, "gradOutput", self, "self", ACT_FLOATS, &promoted)))
        return st;
    if (promoted != gradInput->dtype)
        return ACLEMU_PARAM_ERROR(api, "promote dtype of gradOutput and self is %s, not matching with gradInput %s.",
                                  aclemu_dtype_name(promoted), aclemu_dtype_name(gradInput->dtype));
    if ((st = act_check_bcast(api, gradOutput, "gradOutput", self, "self", gradInput, "gradInput")))
        return st;
    if (strcmp(approximate, "tanh") != 0 && strcmp(approximate, "none") != 0)
        return ACLEMU_PARAM_ERROR(api, "approximate only supports to set none or tanh, but got %s.", approximate);
    return act_launch(executor, "GeluGradV2", strcmp(approximate, "tanh") == 0 ? ACT_GELU_TANH_BWD : ACT_GELU_ERF_BWD,
                      NULL, (const aclTensor *[]){gradInput}, 1, (const aclTensor *[]){gradOutput, self}, 2, NULL, 0);
}
