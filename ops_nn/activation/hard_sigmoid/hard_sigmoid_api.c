/* aclnnHardsigmoid / aclnnInplaceHardsigmoid: FLOAT, FLOAT16, INT32, BF16 (BF16 on A2/A3/950).
 * Real order: null, self dtype, rank and shapes, then out dtype == self dtype and formats. INT32
 * is computed as float and truncated, so it yields 0 or 1. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define HARDSIGMOID_DTYPES (ACT_FLOATS | ACLEMU_DT(ACL_INT32))

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclTensor *out,
                        const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, HARDSIGMOID_DTYPES)))
        return st;
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, sname, out, oname)))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, sname, out, oname)) ||
        (st = aclemu_check_format(api, self, sname)) || (st = aclemu_check_format(api, out, oname)))
        return st;
    return act_launch(ex, "Hardsigmoid", ACT_HARDSIGMOID, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Hardsigmoid(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan(executor, self, "self", out, "out");
}

aclnnStatus aclemu_plan_InplaceHardsigmoid(aclOpExecutor *executor, const aclTensor *self)
{
    return plan(executor, self, "self", self, "self");
}

/* aclnnHardsigmoidV2 / aclnnInplaceHardsigmoidV2 (experimental/activation/hard_sigmoid_v2,
 * aclnn_hardsigmoid_v2.cpp): the same dtype list (FLOAT, FLOAT16, INT32; BF16 on 910B..910E and
 * 950). Its order: null, self and out in the list, out == self dtype, then equal shapes and
 * ranks <= 8 (no format check); the in-place form checks null, dtype and rank of self. INT32:
 * the kernel's min(relu(x - 2), 1), which the float formula truncated equals. */
static aclnnStatus plan_v2(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", HARDSIGMOID_DTYPES)))
        return st;
    if (out != self && ((st = aclemu_check_dtype(api, out, "out", HARDSIGMOID_DTYPES)) ||
                        (st = aclemu_check_same_dtype(api, self, "self", out, "out"))))
        return st;
    if ((out != self && (st = aclemu_check_same_shape(api, self, "self", out, "out"))) ||
        (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    return act_launch(ex, "HardSigmoidV2", ACT_HARDSIGMOID, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_HardsigmoidV2(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan_v2(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceHardsigmoidV2(aclOpExecutor *executor, const aclTensor *self)
{
    return plan_v2(executor, self, self);
}
