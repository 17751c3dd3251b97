/* aclnnFastGelu: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); out of self's dtype and shape. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_FastGelu(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), self, "self", out, "out", ACT_FLOATS);
    if (st)
        return st;
    return act_launch(executor, "FastGelu", ACT_FAST_GELU, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}
