/* aclnnSilu / aclnnSwish: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); out of self's dtype and
 * shape; Swish's optional beta must be castable to FLOAT. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_Silu(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), self, "self", out, "out", ACT_FLOATS);
    if (st)
        return st;
    return act_launch(executor, "Silu", ACT_SILU, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Swish(aclOpExecutor *executor, const aclTensor *self, const aclScalar *betaOptional,
                              aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (betaOptional && (st = act_check_scalar_cast(api, betaOptional, "betaOptional", ACL_FLOAT)))
        return st;
    if ((st = act_check_same(api, self, "self", out, "out", ACT_FLOATS)))
        return st;
    act_params p = act_params_default();
    p.scale = betaOptional ? (float)aclemu_scalar_to_f64(betaOptional) : 1.0;
    return act_launch(executor, "Swish", ACT_SWISH, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}
