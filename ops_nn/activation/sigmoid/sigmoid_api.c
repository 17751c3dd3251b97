/* aclnnSigmoid / aclnnInplaceSigmoid. self: FLOAT, FLOAT16, DOUBLE, BF16 and the integer /
 * BOOL types (computed as floats); out (and selfRef): FLOAT, FLOAT16, DOUBLE, BF16. BF16 on
 * A2/A3/950 only. The complex types of the real list are not emulated. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define SIGMOID_OUT_DTYPES ACT_FLOATS_DOUBLE
#define SIGMOID_IN_DTYPES                                                                               \
    (SIGMOID_OUT_DTYPES | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) |           \
     ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_UINT8))

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    return act_launch(ex, "Sigmoid", ACT_SIGMOID, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Sigmoid(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    aclnnStatus st = act_check_cast(aclemu_exec_api(executor), self, "self", out, "out", SIGMOID_IN_DTYPES,
                                    SIGMOID_OUT_DTYPES);
    if (st)
        return st;
    return launch(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceSigmoid(aclOpExecutor *executor, aclTensor *selfRef)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), selfRef, "selfRef", selfRef, "selfRef",
                                    SIGMOID_OUT_DTYPES);
    return st ? st : launch(executor, selfRef, selfRef);
}
