/* aclnnMish / aclnnInplaceMish: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); out of self's dtype
 * and shape. */
#include "aclemu_plans.h"
#include "act_plan.h"

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    return act_launch(ex, "Mish", ACT_MISH, NULL, (const aclTensor *[]){out}, 1, (const aclTensor *[]){self}, 1,
                      NULL, 0);
}

aclnnStatus aclemu_plan_Mish(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), self, "self", out, "out", ACT_FLOATS);
    return st ? st : launch(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceMish(aclOpExecutor *executor, aclTensor *selfRef)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), selfRef, "selfRef", selfRef, "selfRef", ACT_FLOATS);
    return st ? st : launch(executor, selfRef, selfRef);
}
