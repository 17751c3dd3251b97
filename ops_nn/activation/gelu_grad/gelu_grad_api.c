/* aclnnGeluBackward: only the promoted dtype of (gradOutput, self) is checked, as the real
 * CheckPromoteTypeGeluBackward does (ops-nn common/inc/op_api/level2_base.h): it must exist, be
 * FLOAT, FLOAT16 or BF16 (BF16 on A2/A3/950); the operands themselves may be of any dtype that
 * promotes there (an INT32 gradOutput with a FLOAT self is valid) and the result is cast to
 * gradInput's dtype, whatever it is. gradInput has the broadcast shape. */
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
    promoted = aclemu_promote_types(gradOutput->dtype, self->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "GradOutput dtype %s and Self dtype %s can not be promoted.",
                                  aclemu_dtype_name(gradOutput->dtype), aclemu_dtype_name(self->dtype));
    if (promoted == ACL_BF16 && !aclemu_dtype_in(ACL_BF16, aclemu_chip_dtypes(ACT_FLOATS)))
        return ACLEMU_PARAM_ERROR(api, "Input dtype of gelu is not support bfloat16 in current socversion.");
    if ((st = aclemu_check_dtype_value(api, promoted, "promoteType", ACT_FLOATS)))
        return st;
    if ((st = act_check_bcast(api, gradOutput, "gradOutput", self, "self", gradInput, "gradInput")))
        return st;
    return act_launch(executor, "GeluGrad", ACT_GELU_TANH_BWD, NULL, (const aclTensor *[]){gradInput}, 1,
                      (const aclTensor *[]){gradOutput, self}, 2, NULL, 0);
}
