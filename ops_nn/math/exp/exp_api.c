/* aclnnExp / aclnnInplaceExp. self: FLOAT, FLOAT16, BF16, DOUBLE, BOOL, INT64, COMPLEX64,
 * COMPLEX128 (BF16 on A2/A3/950); the result (FLOAT for BOOL / INT64) must be castable to out;
 * shapes equal. selfRef: the same floating and complex types. Complex inputs run the ExpComplex
 * kernel (out COMPLEX64 / COMPLEX128). */
#include "aclemu_plans.h"
#include "act_plan.h"

#define EXP_COMPLEX (ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))
#define EXP_DTYPES (ACT_FLOATS_DOUBLE | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_INT64) | EXP_COMPLEX)

/* Complex self: out of a complex dtype, same shape; the ExpComplex kernel. */
static aclnnStatus plan_complex(aclOpExecutor *ex, const char *api, const aclTensor *self, const char *sname,
                                const aclTensor *out, const char *oname)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, out, oname, EXP_COMPLEX)) || (st = aclemu_check_format(api, self, sname)) ||
        (st = aclemu_check_format(api, out, oname)) || (st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, sname, out, oname)))
        return st;
    const aclTensor *in[1] = {self};
    aclemu_ew_launch(ex, "ExpComplex", sizeof(aclemu_ew), out, in, 1, &st);
    return st;
}

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
    if (aclemu_dtype_is_complex(self->dtype))
        return plan_complex(executor, api, self, "self", out, "out");
    aclDataType result = aclemu_dtype_is_float(self->dtype) ? self->dtype : ACL_FLOAT;
    if ((st = aclemu_check_can_cast(api, result, out, "out")))
        return st;
    if ((st = act_check_cast(api, self, "self", out, "out", EXP_DTYPES, 0)))
        return st;
    return launch(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceExp(aclOpExecutor *executor, aclTensor *selfRef)
{
    if (selfRef && aclemu_dtype_is_complex(selfRef->dtype))
        return plan_complex(executor, aclemu_exec_api(executor), selfRef, "selfRef", selfRef, "selfRef");
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), selfRef, "selfRef", selfRef, "selfRef",
                                    ACT_FLOATS_DOUBLE);
    return st ? st : launch(executor, selfRef, selfRef);
}
