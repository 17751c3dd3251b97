/* aclnnHardswish / aclnnInplaceHardswish: self and out FLOAT, FLOAT16, BF16 (BF16 on
 * A2/A3/950), self castable to out, shapes equal. */
#include "aclemu_plans.h"
#include "act_plan.h"

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    return act_launch(ex, "Hardswish", ACT_HARDSWISH, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Hardswish(aclOpExecutor *executor, const aclTensor *self, const aclTensor *out)
{
    aclnnStatus st = act_check_cast(aclemu_exec_api(executor), self, "self", out, "out", ACT_FLOATS, ACT_FLOATS);
    return st ? st : launch(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceHardswish(aclOpExecutor *executor, const aclTensor *self)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), self, "self", self, "self", ACT_FLOATS);
    return st ? st : launch(executor, self, self);
}
