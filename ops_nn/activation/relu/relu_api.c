/* aclnnRelu / aclnnInplaceRelu: the common activation checks and one launch of the shared
 * elementwise activation driver (act_common) computing ACT_RELU. */
#include "aclemu_plans.h"
#include "act_plan.h"

/* FLOAT, FLOAT16, INT8, INT32, INT64, BF16 (A2/A3/950 only), and UINT8 which the real code
 * also accepts (relu of an unsigned value is the value). */
#define RELU_DTYPES                                                                                     \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8) |       \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8))

static aclnnStatus plan_relu(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclTensor *out,
                             const char *oname)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(ex), self, sname, out, oname, RELU_DTYPES);
    if (st)
        return st;
    const aclTensor *outs[1] = {out}, *ins[1] = {self};
    return act_launch(ex, "Relu", ACT_RELU, NULL, outs, 1, ins, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Relu(aclOpExecutor *executor, const aclTensor *self, const aclTensor *out)
{
    return plan_relu(executor, self, "self", out, "out");
}

aclnnStatus aclemu_plan_InplaceRelu(aclOpExecutor *executor, aclTensor *selfRef)
{
    return plan_relu(executor, selfRef, "selfRef", selfRef, "selfRef");
}
