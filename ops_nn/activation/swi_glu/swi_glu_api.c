/* aclnnSwiGlu: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); out of x's dtype; dim in
 * [-rank, rank-1]; x's size along dim even; out = x's shape with that dim halved. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_SwiGlu(aclOpExecutor *executor, const aclTensor *x, int64_t dim, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACT_FLOATS)) || (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (x->ndim < 1)
        return ACLEMU_PARAM_ERROR(api, "x dim num 0 should be at least 1.");
    uint32_t d;
    if ((st = act_check_dim(api, dim, x->ndim, &d)) || (st = act_check_split_shape(api, x, d, out, "out")))
        return st;
    int64_t half = x->shape[d] / 2;
    act_view a, b;
    act_view_slice(&a, x, d, 0, half);
    act_view_slice(&b, x, d, half, half);
    const act_view *views[2] = {&a, &b};
    return act_launch(executor, "SwiGlu", ACT_SWIGLU, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){&a.view, &b.view}, 2, views, 2);
}
