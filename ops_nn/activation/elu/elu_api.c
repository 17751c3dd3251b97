/* aclnnElu / aclnnInplaceElu: FLOAT, FLOAT16, DOUBLE, BF16 (BF16 on A2/A3/950). Real order:
 * null (self, alpha, scale, inputScale, out), self dtype, scale / alpha / inputScale castable
 * to FLOAT, self castable to out, shapes equal, rank <= 8. */
#include "aclemu_plans.h"
#include "act_plan.h"

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclScalar *alpha,
                        const aclScalar *scale, const aclScalar *input_scale, const aclTensor *out,
                        const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, alpha, "alpha")) ||
        (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, input_scale, "inputScale")) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, ACT_FLOATS_DOUBLE)) ||
        (st = act_check_scalar_cast(api, scale, "scale", ACL_FLOAT)) ||
        (st = act_check_scalar_cast(api, alpha, "alpha", ACL_FLOAT)) ||
        (st = act_check_scalar_cast(api, input_scale, "inputScale", ACL_FLOAT)))
        return st;
    if ((st = act_check_cast(api, self, sname, out, oname, ACT_FLOATS_DOUBLE, 0)))
        return st;
    act_params p = act_params_default();
    p.alpha = aclemu_scalar_to_f64(alpha);
    p.scale = aclemu_scalar_to_f64(scale);
    p.input_scale = aclemu_scalar_to_f64(input_scale);
    return act_launch(ex, "Elu", ACT_ELU, &p, (const aclTensor *[]){out}, 1, (const aclTensor *[]){self}, 1, NULL,
                      0);
}

aclnnStatus aclemu_plan_Elu(aclOpExecutor *executor, const aclTensor *self, const aclScalar *alpha,
                            const aclScalar *scale, const aclScalar *inputScale, aclTensor *out)
{
    return plan(executor, self, "self", alpha, scale, inputScale, out, "out");
}

aclnnStatus aclemu_plan_InplaceElu(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *alpha,
                                   const aclScalar *scale, const aclScalar *inputScale)
{
    return plan(executor, selfRef, "selfRef", alpha, scale, inputScale, selfRef, "selfRef");
}

/* aclnnEluV2 (experimental/activation/elu_v2, aclnn_elu_v2.cpp): nulls (self, alpha, scale,
 * inputScale, out), out of self's dtype, self FLOAT / FLOAT16 / BF16, the three scalars castable
 * to FLOAT (scale, alpha, inputScale in that order), no private format, ranks <= 8 and out of
 * self's shape (161002). */
aclnnStatus aclemu_plan_EluV2(aclOpExecutor *executor, const aclTensor *self, const aclScalar *alpha,
                              const aclScalar *scale, const aclScalar *inputScale, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, alpha, "alpha")) ||
        (st = aclemu_check_notnull(api, scale, "scale")) || (st = aclemu_check_notnull(api, inputScale, "inputScale")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = act_check_scalar_cast(api, scale, "scale", ACL_FLOAT)) ||
        (st = act_check_scalar_cast(api, alpha, "alpha", ACL_FLOAT)) ||
        (st = act_check_scalar_cast(api, inputScale, "inputScale", ACL_FLOAT)))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")) ||
        (st = aclemu_check_same_shape(api, out, "out", self, "self")) ||
        (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)))
        return st;
    act_params p = act_params_default();
    p.alpha = (float)aclemu_scalar_to_f64(alpha);
    p.scale = (float)aclemu_scalar_to_f64(scale);
    p.input_scale = (float)aclemu_scalar_to_f64(inputScale);
    return act_launch(executor, "EluV2", ACT_ELU, &p, (const aclTensor *[]){out}, 1, (const aclTensor *[]){self}, 1,
                      NULL, 0);
}
