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

/* aclnnSwigluClamp (experimental/activation/swiglu_clamp, aclnn_swiglu_clamp.cpp): FLOAT,
 * FLOAT16, BF16 (BF16 on 910B..910E) for x and y, the same dtype; ranks <= 8, y of x's rank and
 * shape with the last dim halved; then limit > 0 (all 161002; no format check). The silu comes
 * before the clamp. A 0-d x (which the shape check lets through) has no last dim for the kernel
 * to split: the tiling refuses it here (561002). Empty x runs nothing. */
aclnnStatus aclemu_plan_SwigluClamp(aclOpExecutor *executor, const aclTensor *x, double limit, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACT_FLOATS)) || (st = aclemu_check_dtype(api, y, "y", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, x, "x", y, "y")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)))
        return st;
    if (x->ndim != y->ndim)
        return ACLEMU_PARAM_ERROR(api, "x/y dim num mismatch: %u vs %u", x->ndim, y->ndim);
    for (uint32_t i = 0; i < x->ndim; i++) {
        int64_t xd = x->shape[i], yd = y->shape[i];
        if (i + 1 == x->ndim && xd != 2 * yd)
            return ACLEMU_PARAM_ERROR(api, "x last dim must be 2*y last dim, got %lld vs %lld", (long long)xd,
                                      (long long)yd);
        if (i + 1 < x->ndim && xd != yd)
            return ACLEMU_PARAM_ERROR(api, "x/y dim %u mismatch: %lld vs %lld", i, (long long)xd, (long long)yd);
    }
    if (!(limit > 0.0))
        return ACLEMU_PARAM_ERROR(api, "limit must be > 0, got %f", limit);
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if (x->ndim == 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "x of rank 0 has no last dim to split into gate and up.");
    const uint32_t d = x->ndim - 1;
    const int64_t half = x->shape[d] / 2;
    act_view a, b;
    act_view_slice(&a, x, d, 0, half);
    act_view_slice(&b, x, d, half, half);
    const act_view *views[2] = {&a, &b};
    act_params p = act_params_default();
    p.hi = (float)limit;
    return act_launch(executor, "SwigluClamp", ACT_SWIGLU_CLAMP, &p, (const aclTensor *[]){y}, 1,
                      (const aclTensor *[]){&a.view, &b.view}, 2, views, 2);
}
