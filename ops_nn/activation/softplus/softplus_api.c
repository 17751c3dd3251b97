/* aclnnSoftplus: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950). Real order: null, self dtype, beta
 * and threshold castable to self's dtype, self castable to out, rank, shapes equal. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_Softplus(aclOpExecutor *executor, const aclTensor *self, const aclScalar *beta,
                                 const aclScalar *threshold, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, beta, "beta")) ||
        (st = aclemu_check_notnull(api, threshold, "threshold")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = act_check_scalar_cast(api, beta, "beta", self->dtype)) ||
        (st = act_check_scalar_cast(api, threshold, "threshold", self->dtype)))
        return st;
    if ((st = act_check_cast(api, self, "self", out, "out", ACT_FLOATS, 0)))
        return st;
    act_params p = act_params_default();
    p.beta = aclemu_scalar_to_f64(beta);
    p.threshold = aclemu_scalar_to_f64(threshold);
    return act_launch(executor, "SoftplusV2", ACT_SOFTPLUS, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}
