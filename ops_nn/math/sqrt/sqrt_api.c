/* aclnnSqrt / aclnnInplaceSqrt: self FLOAT, FLOAT16, BF16 (A2/A3/950), DOUBLE, and the integer
 * types and BOOL, whose result is FLOAT; the result must be castable to out; same shapes.
 * selfRef: the floating types. Negative inputs give NaN. */
#include "aclemu_plans.h"
#include "sqrt_args.h"

#define SQRT_FLOATS (ACLEMU_DT_FLOATS | ACLEMU_DT(ACL_DOUBLE))
#define SQRT_DTYPES (SQRT_FLOATS | ACLEMU_DT_INTS | ACLEMU_DT(ACL_BOOL))

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclTensor *out,
                        const char *oname, aclemu_dtype_set in_dtypes)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, in_dtypes)))
        return st;
    aclDataType result = aclemu_dtype_is_float(self->dtype) ? self->dtype : ACL_FLOAT;
    if ((st = aclemu_check_dtype(api, out, oname, SQRT_DTYPES)) || (st = aclemu_check_can_cast(api, result, out, oname)))
        return st;
    if ((st = aclemu_check_format(api, self, sname)) || (st = aclemu_check_format(api, out, oname)))
        return st;
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, sname, out, oname)))
        return st;
    const aclTensor *ins[1] = {self};
    sqrt_args *a = (sqrt_args *)aclemu_ew_launch(ex, "Sqrt", sizeof(sqrt_args), out, ins, 1, &st);
    if (a)
        a->result = (int32_t)result;
    return a ? ACLNN_SUCCESS : st;
}

aclnnStatus aclemu_plan_Sqrt(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan(executor, self, "self", out, "out", SQRT_DTYPES);
}

aclnnStatus aclemu_plan_InplaceSqrt(aclOpExecutor *executor, aclTensor *selfRef)
{
    return plan(executor, selfRef, "selfRef", selfRef, "selfRef", SQRT_FLOATS);
}
