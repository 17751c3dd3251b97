/* aclnnLeakyRelu / aclnnInplaceLeakyRelu: FLOAT, FLOAT16, DOUBLE, BF16 (BF16 on A2/A3/950);
 * self must be castable to out; shapes equal. */
#include "aclemu_plans.h"
#include "act_plan.h"

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclScalar *slope,
                        const aclTensor *out, const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, slope, "negativeSlope")))
        return st;
    if ((st = act_check_cast(api, self, sname, out, oname, ACT_FLOATS_DOUBLE, 0)))
        return st;
    act_params p = act_params_default();
    p.alpha = aclemu_scalar_to_f64(slope);
    return act_launch(ex, "LeakyRelu", ACT_LEAKY_RELU, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_LeakyRelu(aclOpExecutor *executor, const aclTensor *self, const aclScalar *negativeSlope,
                                  aclTensor *out)
{
    return plan(executor, self, "self", negativeSlope, out, "out");
}

aclnnStatus aclemu_plan_InplaceLeakyRelu(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *negativeSlope)
{
    return plan(executor, selfRef, "selfRef", negativeSlope, selfRef, "selfRef");
}
