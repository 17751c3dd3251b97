/* NLLLoss checks; see nll_loss_plan.h. */
#include "nll_loss_plan.h"
#include "nn_check.h"

aclnnStatus nll_check(const char *api, const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                      int64_t reduction, int64_t *N, int64_t *C)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target",
                                 ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT32))) ||
        (weight && (st = aclemu_check_same_dtype(api, self, "self", weight, "weight"))))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", 2)) || (st = nn_rank_in(api, self, "self", 1, 2)) ||
        (st = aclemu_check_shape(api, target, "target", 1)) || (st = nn_shape_opt(api, weight, "weight", 1)))
        return st;
    *N = self->ndim == 2 ? self->shape[0] : 1;
    *C = self->shape[self->ndim - 1];
    int64_t tn = target->ndim ? target->shape[0] : 1;
    if ((self->ndim == 2 && (target->ndim != 1 || tn != *N)) || (self->ndim == 1 && target->ndim != 0))
        return ACLEMU_PARAM_ERROR(api, "target shape should be (%lld) for self of %u dims.", (long long)*N, self->ndim);
    if ((st = nn_vec_of(api, weight, "weight", *C)))
        return st;
    if (reduction < 0 || reduction > 2)
        return ACLEMU_PARAM_ERROR(api, "reduction %lld should be 0 (none), 1 (mean) or 2 (sum).", (long long)reduction);
    return ACLNN_SUCCESS;
}

aclnnStatus nll_check_loss_shape(const char *api, const aclTensor *t, const char *name, const aclTensor *self,
                                 int64_t reduction, int64_t N)
{
    if (reduction == 0 && self->ndim == 2) {
        int64_t e[1] = {N};
        return aclemu_check_shape_is(api, t, name, e, 1);
    }
    if (aclemu_tensor_numel(t) != 1)
        return ACLEMU_PARAM_ERROR(api, "%s should hold one element.", name);
    return ACLNN_SUCCESS;
}
