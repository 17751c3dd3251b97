/* aclnnGlu: self and out FLOAT, FLOAT16, DOUBLE, BF16 (BF16 on A2/A3/950), self castable to
 * out; rank 1-8; dim in [-rank, rank-1]; self's size along dim even; out = self's shape with
 * that dim halved. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_Glu(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS_DOUBLE)) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS_DOUBLE)) ||
        (st = aclemu_check_can_cast(api, self->dtype, out, "out")))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (self->ndim < 1)
        return ACLEMU_PARAM_ERROR(api, "self dim num 0 should be at least 1.");
    uint32_t d;
    if ((st = act_check_dim(api, dim, self->ndim, &d)) || (st = act_check_split_shape(api, self, d, out, "out")))
        return st;
    int64_t half = self->shape[d] / 2;
    act_view a, b;
    act_view_slice(&a, self, d, 0, half);
    act_view_slice(&b, self, d, half, half);
    const act_view *views[2] = {&a, &b};
    return act_launch(executor, "GLU", ACT_GLU, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){&a.view, &b.view}, 2, views, 2);
}
