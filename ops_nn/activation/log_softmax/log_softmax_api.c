/* aclnnLogSoftmax: FLOAT16, FLOAT, DOUBLE, BF16 (BF16 on A2/A3/950). Real order: null, dim in
 * range, dtypes of self and out, out castable to self, shapes equal (rank <= 8). */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_LogSoftmax(aclOpExecutor *executor, const aclTensor *self, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    uint32_t d;
    if ((st = act_check_dim(api, dim, self->ndim, &d)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS_DOUBLE)) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS_DOUBLE)))
        return st;
    if (!aclemu_can_cast(out->dtype, self->dtype))
        return ACLEMU_PARAM_ERROR(api, "out dtype %s can not cast to self dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(self->dtype));
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    return act_launch_rows(executor, "LogSoftmaxV2", ACT_ROW_LOG_SOFTMAX, out, self, NULL, d);
}
