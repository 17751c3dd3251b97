/* aclnnGeGlu / aclnnGeGluV3: FLOAT16, FLOAT, BF16 (BF16 on A2/A3/950); out and outGelu of
 * self's dtype and of self's shape with dim halved; approximate 0 or 1. */
#include "aclemu_plans.h"
#include "act_plan.h"

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, int64_t dim, int64_t approximate, bool left,
                        const aclTensor *out, const aclTensor *out_gelu)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, out_gelu, "outGelu")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, out_gelu, "outGelu", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_same_dtype(api, self, "self", out_gelu, "outGelu")))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")) ||
        (st = aclemu_check_format(api, out_gelu, "outGelu")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out_gelu, "outGelu", ACLEMU_MAX_RANK)))
        return st;
    if (self->ndim < 1)
        return ACLEMU_PARAM_ERROR(api, "self dim num 0 should be at least 1.");
    uint32_t d;
    if ((st = act_check_dim(api, dim, self->ndim, &d)) || (st = act_check_split_shape(api, self, d, out, "out")) ||
        (st = act_check_split_shape(api, self, d, out_gelu, "outGelu")))
        return st;
    if (approximate != 0 && approximate != 1)
        return ACLEMU_PARAM_ERROR(api, "approximate should be 0 or 1, but current is %lld.", (long long)approximate);
    int64_t half = self->shape[d] / 2;
    act_view act, other;
    act_view_slice(&act, self, d, left ? 0 : half, half);
    act_view_slice(&other, self, d, left ? half : 0, half);
    const act_view *views[2] = {&act, &other};
    return act_launch(ex, "GeGluV2", approximate == 1 ? ACT_GEGLU_TANH : ACT_GEGLU_ERF, NULL,
                      (const aclTensor *[]){out, out_gelu}, 2, (const aclTensor *[]){&act.view, &other.view}, 2,
                      views, 2);
}

aclnnStatus aclemu_plan_GeGlu(aclOpExecutor *executor, const aclTensor *self, int64_t dim, int64_t approximate,
                              aclTensor *out, aclTensor *outGelu)
{
    return plan(executor, self, dim, approximate, false, out, outGelu);
}

aclnnStatus aclemu_plan_GeGluV3(aclOpExecutor *executor, const aclTensor *self, int64_t dim, int64_t approximate,
                                bool activateLeft, aclTensor *out, aclTensor *outGelu)
{
    return plan(executor, self, dim, approximate, activateLeft, out, outGelu);
}
