/* aclnnGeluV2: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); y of x's dtype and shape. The real
 * API maps approximate 1 to "tanh" and every other value to "none" without rejecting it. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_GeluV2(aclOpExecutor *executor, const aclTensor *x, int64_t approximate, aclTensor *y)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), x, "x", y, "y", ACT_FLOATS);
    if (st)
        return st;
    return act_launch(executor, "GeluV2", approximate == 1 ? ACT_GELU_TANH : ACT_GELU_ERF, NULL,
                      (const aclTensor *[]){y}, 1, (const aclTensor *[]){x}, 1, NULL, 0);
}
