/* aclnnMul / Muls / InplaceMul / InplaceMuls: the shared binary-op checks, no alpha. */
#include "aclemu_plans.h"
#include "binary_plan.h"

static const binary_spec mul_spec = {"Mul", 0, BINARY_DTYPES};

aclnnStatus aclemu_plan_Mul(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, aclTensor *out)
{
    return binary_plan_tensor(executor, &mul_spec, self, other, NULL, out, 0);
}

aclnnStatus aclemu_plan_Muls(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other, aclTensor *out)
{
    return binary_plan_scalar(executor, &mul_spec, self, other, NULL, out, 0);
}

aclnnStatus aclemu_plan_InplaceMul(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *other)
{
    return binary_plan_tensor(executor, &mul_spec, selfRef, other, NULL, selfRef, 1);
}

aclnnStatus aclemu_plan_InplaceMuls(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *other)
{
    return binary_plan_scalar(executor, &mul_spec, selfRef, other, NULL, selfRef, 1);
}
