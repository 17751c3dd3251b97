/* aclnnPrelu: self, weight, out FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); promote(self,
 * weight) castable to out; out of self's shape; weight holds 1 or C elements, C = self's dim 1
 * (1 when self has rank <= 1). The weight is walked as a [C, 1, ...] view aligned on dim 1. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_Prelu(aclOpExecutor *executor, const aclTensor *self, const aclTensor *weight,
                              aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, weight, "weight", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS)))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, weight->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and weight dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(weight->dtype));
    if ((st = aclemu_check_can_cast(api, promoted, out, "out")))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, weight, "weight")) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, weight, "weight", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    int64_t channels = self->ndim <= 1 ? 1 : self->shape[1];
    int64_t wn = aclemu_tensor_numel(weight);
    if (wn != channels && wn != 1)
        return ACLEMU_PARAM_ERROR(api, "expected weight tensor size equal input channels, but found %lld does not "
                                       "equal %lld.", (long long)wn, (long long)channels);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    act_view w;
    act_view_channel_weight(&w, weight, self);
    const act_view *views[1] = {&w};
    return act_launch(executor, "PRelu", ACT_PRELU, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self, &w.view}, 2, views, 1);
}
