/* part mathrest (issue 10): Ndtri, FresnelCos, FresnelSin (ops-math experimental). Their real
 * op_api code: null (self / x, out) -> dtype in [FLOAT, FLOAT16, BF16] and out of the input's
 * dtype (Ndtri checks the list first, Fresnel the match first) -> ranks <= 8 and one shape. */
#include "aclemu_plans.h"
#include "special_args.h"

#define SPECIAL_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static aclnnStatus special_plan(aclOpExecutor *ex, int fn, const aclTensor *x, const char *xname, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, xname)) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (fn == SPECIAL_NDTRI) {
        if ((st = aclemu_check_dtype(api, x, xname, SPECIAL_DTYPES)) ||
            (st = aclemu_check_same_dtype(api, out, "out", x, xname)))
            return st;
    } else if ((st = aclemu_check_same_dtype(api, out, "out", x, xname)) ||
               (st = aclemu_check_dtype(api, x, xname, SPECIAL_DTYPES))) {
        return st;
    }
    if ((st = aclemu_check_shape(api, x, xname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, out, "out", x, xname)))
        return st;
    const aclTensor *ins[1] = {x};
    special_args *a = (special_args *)aclemu_ew_launch(ex, "SpecialUnary", sizeof(special_args), out, ins, 1, &st);
    if (a)
        a->fn = fn;
    return st;
}

aclnnStatus aclemu_plan_Ndtri(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return special_plan(executor, SPECIAL_NDTRI, self, "self", out);
}

aclnnStatus aclemu_plan_FresnelCos(aclOpExecutor *executor, const aclTensor *x, aclTensor *out)
{
    return special_plan(executor, SPECIAL_FRESNEL_COS, x, "x", out);
}

aclnnStatus aclemu_plan_FresnelSin(aclOpExecutor *executor, const aclTensor *x, aclTensor *out)
{
    return special_plan(executor, SPECIAL_FRESNEL_SIN, x, "x", out);
}
