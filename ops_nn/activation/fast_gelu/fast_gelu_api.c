/* aclnnFastGelu: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); out of self's dtype and shape. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_FastGelu(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), self, "self", out, "out", ACT_FLOATS);
    if (st)
        return st;
    return act_launch(executor, "FastGelu", ACT_FAST_GELU, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

/* aclnnFastGeluV2 (experimental/activation/fast_gelu_v2, aclnn_fast_gelu_v2.cpp; kernel on the
 * 950 only, the op_api checks no chip): nulls, out of x's dtype, x FLOAT / FLOAT16 / BF16, no
 * private format, ranks <= 8, out of x's shape (161002). */
aclnnStatus aclemu_plan_FastGeluV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = act_check_experimental(api, (const aclTensor *const[]){x}, (const char *const[]){"x"}, 1, out, "out",
                                     ACT_FLOATS, 1, 1)))
        return st;
    return act_launch(executor, "FastGeluV2", ACT_FAST_GELU_V2, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){x}, 1, NULL, 0);
}
