/* aclnnTanh / aclnnInplaceTanh. self: FLOAT, FLOAT16, BOOL, UINT8, INT8, INT16, INT32, INT64,
 * BF16; out: FLOAT, FLOAT16, BF16, castable from self's dtype (FLOAT for integers / BOOL);
 * self and out of the same format; selfRef: FLOAT, FLOAT16, BF16. BF16 on A2/A3/950. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define TANH_OUT_DTYPES ACT_FLOATS
#define TANH_IN_DTYPES                                                                                 \
    (ACT_FLOATS | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) | \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    return act_launch(ex, "Tanh", ACT_TANH, NULL, (const aclTensor *[]){out}, 1, (const aclTensor *[]){self}, 1,
                      NULL, 0);
}

aclnnStatus aclemu_plan_Tanh(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", TANH_IN_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", TANH_OUT_DTYPES)) ||
        (st = aclemu_check_can_cast(api, aclemu_dtype_is_float(self->dtype) ? self->dtype : ACL_FLOAT, out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if ((st = act_check_cast(api, self, "self", out, "out", TANH_IN_DTYPES, TANH_OUT_DTYPES)))
        return st;
    return launch(executor, self, out);
}

aclnnStatus aclemu_plan_InplaceTanh(aclOpExecutor *executor, aclTensor *selfRef)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(executor), selfRef, "selfRef", selfRef, "selfRef", ACT_FLOATS);
    return st ? st : launch(executor, selfRef, selfRef);
}
