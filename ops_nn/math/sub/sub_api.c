/* aclnnSub / Subs / InplaceSub / InplaceSubs: the shared binary-op checks with an alpha; like
 * torch, subtracting two BOOL operands is rejected. */
#include "aclemu_plans.h"
#include "binary_plan.h"

static const binary_spec sub_spec = {"Sub", 1, BINARY_DTYPES};

static aclnnStatus check_bool(aclOpExecutor *ex, const aclTensor *self, aclDataType other_dt)
{
    if (self && self->dtype == ACL_BOOL && other_dt == ACL_BOOL)
        return ACLEMU_PARAM_ERROR(aclemu_exec_api(ex), "subtraction with two bool tensors is not supported, use "
                                                       "the logical xor instead.");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Sub(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other,
                            const aclScalar *alpha, aclTensor *out)
{
    aclnnStatus st = other && alpha && out ? check_bool(executor, self, other->dtype) : ACLNN_SUCCESS;
    return st ? st : binary_plan_tensor(executor, &sub_spec, self, other, alpha, out, 0);
}

aclnnStatus aclemu_plan_Subs(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other,
                             const aclScalar *alpha, aclTensor *out)
{
    aclnnStatus st = other && alpha && out ? check_bool(executor, self, other->dtype) : ACLNN_SUCCESS;
    return st ? st : binary_plan_scalar(executor, &sub_spec, self, other, alpha, out, 0);
}

aclnnStatus aclemu_plan_InplaceSub(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *other,
                                   const aclScalar *alpha)
{
    aclnnStatus st = other && alpha ? check_bool(executor, selfRef, other->dtype) : ACLNN_SUCCESS;
    return st ? st : binary_plan_tensor(executor, &sub_spec, selfRef, other, alpha, selfRef, 1);
}

aclnnStatus aclemu_plan_InplaceSubs(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *other,
                                    const aclScalar *alpha)
{
    aclnnStatus st = other && alpha ? check_bool(executor, selfRef, other->dtype) : ACLNN_SUCCESS;
    return st ? st : binary_plan_scalar(executor, &sub_spec, selfRef, other, alpha, selfRef, 1);
}
