/* aclnnExp / aclnnInplaceExp. self: FLOAT, FLOAT16, BF16, DOUBLE, BOOL, INT64 (BF16 on
 * A2/A3/950; the complex types are not emulated); the result (FLOAT for BOOL / INT64) must be
 * castable to out; shapes equal. selfRef: FLOAT, FLOAT16, BF16, DOUBLE. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define EXP_DTYPES (ACT_FLOATS_DOUBLE | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_INT64))

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    return act_launch(ex, "Exp", ACT_EXP, NULL, (const aclTensor *[]){out}, 1, (const aclTensor *[]){self}, 1,
                      NULL, 0);
}

aclnnStatus aclemu_plan_Exp(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", EXP_DTYPES)))
        return st;
    aclDataType result = aclemu_dtype_is_float(self->dtype) ? self->dtype : ACL_FLOAT;
    if ((st = aclemu_check_can_cast(api, result, out, "out")))
        return st;
    if ((st = act_check_cast(api, self, "self", out, "out", EXP_DTYPES, 0)))
        return st;
    return launch(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceExp(aclOpExecutor *executor, aclTensor *selfRef)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), selfRef, "selfRef", selfRef, "selfRef",
                                    ACT_FLOATS_DOUBLE);
    return st ? st : launch(executor, selfRef, selfRef);
}
