/* aclnnMultilabelMarginLoss: self (N, C), (C) or () FLOAT, FLOAT16 (+ BF16 on A2/A3/950), target
 * INT32 / INT64 of self's size, out of self's dtype ((N) for reduction none with a 2-D self, one
 * element otherwise), isTarget of self's dtype and target's shape. In the real order: nulls ->
 * self's dtype -> target's -> out == self -> isTarget == self -> shapes (self non-empty in C,
 * target, out, isTarget); reduction is not checked (0 none, 1 mean, anything else sum). A batch of
 * 0 rows launches nothing. The kernels exist for A2 / A3 / 950 / 910 (not 310P / 310B). */
#include "aclemu_plans.h"
#include "multilabel_margin_loss_args.h"
#include "nn_check.h"
#include "nn_stage.h"

static aclnnStatus mlml_shapes(const char *api, const aclTensor *self, const aclTensor *target, const aclTensor *out,
                               const aclTensor *isTarget, int64_t reduction)
{
    char s0[256], s1[256];
    uint32_t nd = self->ndim;
    int ok = (nd == 2 && self->shape[1] != 0) || (nd == 1 && self->shape[0] != 0) || nd == 0;
    if (!ok)
        return ACLEMU_PARAM_ERROR(api, "Expected non-empty vector or matrix with optional 0-dim batch size, but got: %s",
                                  aclemu_shape_str(self->shape, nd, s0, sizeof s0));
    if (nd <= 1)
        ok = target->ndim <= 1 && aclemu_tensor_numel(target) == (nd ? self->shape[0] : 1);
    else
        ok = target->ndim == 2 && target->shape[0] == self->shape[0] && target->shape[1] == self->shape[1];
    if (!ok)
        return ACLEMU_PARAM_ERROR(api, "inconsistent target size: %s for self of size: %s",
                                  aclemu_shape_str(target->shape, target->ndim, s0, sizeof s0),
                                  aclemu_shape_str(self->shape, nd, s1, sizeof s1));
    if (reduction == 0 && nd == 2) {
        if (out->ndim != 1 || out->shape[0] != self->shape[0])
            return ACLEMU_PARAM_ERROR(api, "Expect out shape [%lld], but got: %s.", (long long)self->shape[0],
                                      aclemu_shape_str(out->shape, out->ndim, s0, sizeof s0));
    } else if (out->ndim > 1 || aclemu_tensor_numel(out) != 1) {
        return ACLEMU_PARAM_ERROR(api, "Expected a single element out tensor, but got: %s",
                                  aclemu_shape_str(out->shape, out->ndim, s0, sizeof s0));
    }
    if (nd == 2 && self->shape[0] == 0) {
        if (isTarget->ndim > 2 || aclemu_tensor_numel(isTarget) != 0)
            return ACLEMU_PARAM_ERROR(api, "inconsistent isTarget size: %s for self of size: %s",
                                      aclemu_shape_str(isTarget->shape, isTarget->ndim, s0, sizeof s0),
                                      aclemu_shape_str(self->shape, nd, s1, sizeof s1));
        return ACLNN_SUCCESS;
    }
    return aclemu_check_same_shape(api, isTarget, "isTarget", target, "target");
}

aclnnStatus aclemu_plan_MultilabelMarginLoss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                             int64_t reduction, aclTensor *out, aclTensor *isTarget)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_notnull(api, isTarget, "isTarget")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target", ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_same_dtype(api, self, "self", isTarget, "isTarget")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, target, "target", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, isTarget, "isTarget", ACLEMU_MAX_RANK)) ||
        (st = mlml_shapes(api, self, target, out, isTarget, reduction)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_910A))))
        return st;
    int64_t N = self->ndim == 2 ? self->shape[0] : 1, C = self->ndim ? self->shape[self->ndim - 1] : 1;
    int64_t red = reduction == 0 ? 0 : reduction == 1 ? 1 : 2;
    nn_stage ss, stg, so, sm;
    if ((st = nn_stage_in(executor, self, NULL, -1, &ss)) || (st = nn_stage_in(executor, target, NULL, -1, &stg)) ||
        (st = nn_stage_out(executor, out, NULL, -1, &so)) || (st = nn_stage_out(executor, isTarget, NULL, -1, &sm)))
        return st;
    uint64_t sums = red ? aclemu_exec_alloc_workspace(executor, (uint64_t)N * sizeof(double)) : 0;
    uint32_t bd;
    uint64_t per;
    /* a row costs about (labels + 1) * C; take C^2 / 4 as the typical weight */
    nn_tile((uint64_t)N, (uint64_t)(C * (C / 4 + 1)), &bd, &per);
    for (int phase = 0; phase < (red ? 2 : 1); phase++) {
        mlml_args *a = (mlml_args *)aclemu_exec_add_launch(executor, "MultilabelMarginLoss", phase ? 1 : bd, sizeof(*a));
        if (!a)
            return ACLNN_ERR_INNER;
        a->N = N;
        a->C = C;
        a->reduction = red;
        a->rows_per_block = phase ? N : (int64_t)per;
        a->phase = phase;
        if ((st = nn_stage_bind(executor, a, &a->self, &ss)) || (st = nn_stage_bind(executor, a, &a->target, &stg)) ||
            (st = nn_stage_bind(executor, a, &a->out, &so)) || (st = nn_stage_bind(executor, a, &a->is_target, &sm)))
            return st;
        if (red) {
            a->sums.dtype = ACL_DOUBLE;
            a->sums.present = 1;
            if ((st = aclemu_exec_bind_workspace(executor, a, &a->sums.addr, sums)))
                return st;
        }
    }
    if ((st = nn_stage_out_finish(executor, &so)))
        return st;
    return nn_stage_out_finish(executor, &sm);
}
