/* NLLLoss checks and launches; see nll_loss_plan.h. */
#include "nll_loss_plan.h"
#include "nll_loss_args.h"
#include "nn_check.h"
#include "nn_stage.h"

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

static void set_args(nll_loss_args *a, int64_t rows, int64_t C, int64_t reduction, int64_t ignoreIndex, int64_t per)
{
    a->N = rows;
    a->C = C;
    a->reduction = reduction;
    a->ignore_index = ignoreIndex;
    a->rows_per_block = per;
}

aclnnStatus nll_launch_forward(aclOpExecutor *ex, const aclTensor *self, const int32_t *self_perm,
                               const aclTensor *target, const aclTensor *weight, int64_t rows, int64_t C,
                               int64_t reduction, int64_t ignoreIndex, aclTensor *out, aclTensor *totalWeight)
{
    aclnnStatus st;
    nn_stage ss, stg, sw, so, stw;
    if ((st = nn_stage_in(ex, self, self_perm, -1, &ss)) || (st = nn_stage_in(ex, target, NULL, -1, &stg)) ||
        (st = nn_stage_in(ex, weight, NULL, -1, &sw)) || (st = nn_stage_out(ex, out, NULL, -1, &so)) ||
        (st = nn_stage_out(ex, totalWeight, NULL, -1, &stw)))
        return st;
    nll_loss_args *a = (nll_loss_args *)aclemu_exec_add_launch(ex, "NLLLoss", 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    set_args(a, rows, C, reduction, ignoreIndex, rows);
    if ((st = nn_stage_bind(ex, a, &a->self, &ss)) || (st = nn_stage_bind(ex, a, &a->target, &stg)) ||
        (st = nn_stage_bind(ex, a, &a->weight, &sw)) || (st = nn_stage_bind(ex, a, &a->out, &so)) ||
        (st = nn_stage_bind(ex, a, &a->total_weight, &stw)))
        return st;
    if ((st = nn_stage_out_finish(ex, &so)))
        return st;
    return nn_stage_out_finish(ex, &stw);
}

aclnnStatus nll_launch_backward(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *target,
                                const aclTensor *weight, const aclTensor *totalWeight, int64_t rows, int64_t C,
                                int64_t reduction, int64_t ignoreIndex, aclTensor *out, const int32_t *out_perm)
{
    aclnnStatus st;
    nn_stage sg, stg, sw, stw, so;
    if ((st = nn_stage_in(ex, gradOutput, NULL, -1, &sg)) || (st = nn_stage_in(ex, target, NULL, -1, &stg)) ||
        (st = nn_stage_in(ex, weight, NULL, -1, &sw)) || (st = nn_stage_in(ex, totalWeight, NULL, -1, &stw)) ||
        (st = nn_stage_out(ex, out, out_perm, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)C, &bd, &per);
    nll_loss_args *a = (nll_loss_args *)aclemu_exec_add_launch(ex, "NLLLossGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    set_args(a, rows, C, reduction, ignoreIndex, (int64_t)per);
    if ((st = nn_stage_bind(ex, a, &a->grad, &sg)) || (st = nn_stage_bind(ex, a, &a->target, &stg)) ||
        (st = nn_stage_bind(ex, a, &a->weight, &sw)) || (st = nn_stage_bind(ex, a, &a->total_weight, &stw)) ||
        (st = nn_stage_bind(ex, a, &a->out, &so)))
        return st;
    return nn_stage_out_finish(ex, &so);
}
