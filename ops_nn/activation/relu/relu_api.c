/* aclnnRelu / aclnnInplaceRelu: checks and tiling. */
#include "aclemu_plans.h"
#include "relu_args.h"

/* FLOAT, FLOAT16, INT8, INT32, INT64, BF16 (A2/A3/950 only), and UINT8 which the real code
 * also accepts (relu of an unsigned value is the value). */
#define RELU_DTYPES                                                                                     \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8) |       \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8))

static aclnnStatus plan_relu(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    aclnnStatus st;
    const aclTensor *in[1] = {self};
    relu_args *a = (relu_args *)aclemu_ew_launch(ex, "Relu", sizeof(relu_args), out, in, 1, &st);
    (void)a;
    return st;
}

aclnnStatus aclemu_plan_Relu(aclOpExecutor *executor, const aclTensor *self, const aclTensor *out)
{
    aclnnStatus st = aclemu_check_unary(aclemu_exec_api(executor), self, out, RELU_DTYPES);
    return st ? st : plan_relu(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceRelu(aclOpExecutor *executor, aclTensor *selfRef)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) ||
        (st = aclemu_check_dtype(api, selfRef, "selfRef", RELU_DTYPES)) ||
        (st = aclemu_check_format(api, selfRef, "selfRef")) ||
        (st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    return plan_relu(executor, selfRef, selfRef);
}
