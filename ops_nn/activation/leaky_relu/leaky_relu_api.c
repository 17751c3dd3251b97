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

/* aclnnFusedBiasLeakyRelu (experimental/activation/fused_bias_leaky_relu,
 * aclnn_fused_bias_leaky_relu.cpp): nulls (x, bias, out), bias and out of x's dtype, x FLOAT16 /
 * FLOAT, no private format, ranks <= 8, bias of x's shape (161002). out's shape is not checked:
 * the final copy into a differently shaped out fails (561103). Empty x or bias runs nothing. */
aclnnStatus aclemu_plan_FusedBiasLeakyRelu(aclOpExecutor *executor, const aclTensor *x, const aclTensor *bias,
                                           double negativeSlope, double scale, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, bias, "bias")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = act_check_experimental(api, (const aclTensor *const[]){x, bias}, (const char *const[]){"x", "bias"}, 2,
                                     out, "out", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16), 1, 0)))
        return st;
    act_params p = act_params_default();
    p.alpha = (float)negativeSlope;
    p.scale = (float)scale;
    return act_launch(executor, "FusedBiasLeakyRelu", ACT_FUSED_BIAS_LEAKY_RELU, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){x, bias}, 2, NULL, 0);
}
