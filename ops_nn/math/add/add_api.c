/* aclnnAdd / Adds / InplaceAdd / InplaceAdds: the shared binary-op checks with an alpha. */
#include "aclemu_plans.h"
#include "binary_plan.h"

static const binary_spec add_spec = {"Add", 1, BINARY_DTYPES};

aclnnStatus aclemu_plan_Add(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other,
                            const aclScalar *alpha, aclTensor *out)
{
    return binary_plan_tensor(executor, &add_spec, self, other, alpha, out, 0);
}

aclnnStatus aclemu_plan_Adds(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other,
                             const aclScalar *alpha, aclTensor *out)
{
    return binary_plan_scalar(executor, &add_spec, self, other, alpha, out, 0);
}

aclnnStatus aclemu_plan_InplaceAdd(aclOpExecutor *executor, const aclTensor *selfRef, const aclTensor *other,
                                   const aclScalar *alpha)
{
    return binary_plan_tensor(executor, &add_spec, selfRef, other, alpha, selfRef, 1);
}

aclnnStatus aclemu_plan_InplaceAdds(aclOpExecutor *executor, const aclTensor *selfRef, const aclScalar *other,
                                    const aclScalar *alpha)
{
    return binary_plan_scalar(executor, &add_spec, selfRef, other, alpha, selfRef, 1);
}
