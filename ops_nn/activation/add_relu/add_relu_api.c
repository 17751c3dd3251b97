/* aclnnAddRelu / aclnnInplaceAddRelu: self and other FLOAT, FLOAT16, INT8, UINT8, INT16,
 * INT32, INT64, BF16 (BF16 on A2/A3/950); promote(self, other) must exist, alpha castable to
 * it and it castable to out; out of the broadcast shape (selfRef's shape when inplace). */
#include "aclemu_plans.h"
#include "act_plan.h"

#define ADD_RELU_DTYPES                                                                                \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8) |       \
     ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclTensor *other,
                        const aclScalar *alpha, const aclTensor *out, const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, alpha, "alpha")) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, ADD_RELU_DTYPES)) ||
        (st = aclemu_check_dtype(api, other, "other", ADD_RELU_DTYPES)))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and other dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    if (!aclemu_can_cast(alpha->dtype, promoted))
        return ACLEMU_PARAM_ERROR(api, "alpha dtype %s can't be cast to the promote dtype %s.",
                                  aclemu_dtype_name(alpha->dtype), aclemu_dtype_name(promoted));
    if (!aclemu_can_cast(promoted, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "promote dtype %s can't be cast to the desired output type %s.",
                                  aclemu_dtype_name(promoted), aclemu_dtype_name(out->dtype));
    if ((st = act_check_bcast(api, self, sname, other, "other", out, oname)))
        return st;
    act_params p = act_params_default();
    p.alpha = aclemu_scalar_to_f64(alpha);
    return act_launch(ex, "AddRelu", ACT_ADD_RELU, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self, other}, 2, NULL, 0);
}

aclnnStatus aclemu_plan_AddRelu(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other,
                                aclScalar *alpha, aclTensor *out)
{
    return plan(executor, self, "self", other, alpha, out, "out");
}

aclnnStatus aclemu_plan_InplaceAddRelu(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *other,
                                       aclScalar *alpha)
{
    return plan(executor, selfRef, "selfRef", other, alpha, selfRef, "selfRef");
}
