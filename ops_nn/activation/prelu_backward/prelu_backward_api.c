/* aclnnPreluBackward: all five tensors FLOAT, FLOAT16, BF16 (BF16 on A2 / A3 / 950), every
 * dtype equal to self's; ranks <= 8, no format check (the real op has none); gradInput of self's
 * shape; weight holds 1 element (gradWeight then of weight's shape) or C = self's dim 1 elements
 * (self rank >= 1, gradWeight of shape [C]); broadcast(self, gradOutput) must be self's shape.
 *
 * Launches: gradInput on the elementwise driver (weight seen as a [C, 1, ...] view); the
 * gradWeight terms x <= 0 ? dy * x : 0 into an FP32 workspace laid out [rest, C] (self's dims
 * with dim 1 moved last, so every channel is a column), whose column sums NnSumParts writes to
 * gradWeight. Empty gradOutput / self / weight: nothing runs (the real op returns early). */
#include "aclemu_plans.h"
#include "act_plan.h"
#include "nn_stage.h"

static aclnnStatus check(const char *api, const aclTensor *gradOutput, const aclTensor *self, const aclTensor *weight,
                         const aclTensor *gradInput, const aclTensor *gradWeight, int64_t *channels)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")) ||
        (st = aclemu_check_notnull(api, gradWeight, "gradWeight")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, weight, "weight", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradInput, "gradInput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradWeight, "gradWeight", self, "self")))
        return st;
    const aclTensor *ts[5] = {gradOutput, self, weight, gradInput, gradWeight};
    const char *ns[5] = {"gradOutput", "self", "weight", "gradInput", "gradWeight"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    if ((st = aclemu_check_same_shape(api, gradInput, "gradInput", self, "self")))
        return st;
    int64_t wn = aclemu_tensor_numel(weight);
    *channels = 1;
    if (wn != 1) {
        if (self->ndim < 1)
            return ACLEMU_PARAM_ERROR(api, "self dim num 0 should be at least 1 when weight does not have exactly "
                                           "one element.");
        *channels = self->ndim > 1 ? self->shape[1] : 1;
        if (wn != *channels)
            return ACLEMU_PARAM_ERROR(api, "the number of weight elements must be 1 or self channel size, but weight "
                                           "has %lld and self channel size is %lld.", (long long)wn,
                                      (long long)*channels);
        if ((st = aclemu_check_shape_is(api, gradWeight, "gradWeight", channels, 1)))
            return st;
    } else if ((st = aclemu_check_same_shape(api, weight, "weight", gradWeight, "gradWeight"))) {
        return st;
    }
    int64_t b[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = aclemu_broadcast_shape(api, self, "self", gradOutput, "gradOutput", b, &nd)))
        return st;
    int same = nd == self->ndim;
    for (uint32_t i = 0; same && i < nd; i++)
        same = b[i] == self->shape[i];
    if (!same) {
        char bs[160], ss[160];
        return ACLEMU_PARAM_ERROR(api, "the broadcastShape%s of gradOutput and self must be equal with selfShape%s.",
                                  aclemu_shape_str(b, nd, bs, sizeof bs),
                                  aclemu_shape_str(self->shape, self->ndim, ss, sizeof ss));
    }
    return ACLNN_SUCCESS;
}

/* t broadcast to self's shape (right-aligned, stride 0 where t has 1 or no dim), then its dims
 * reordered as perm (view dim i = self dim perm[i]). */
static void expand_permute(act_view *v, const aclTensor *t, const aclTensor *self, const uint32_t *perm)
{
    act_view_of(v, t);
    int64_t stride[ACLEMU_MAX_RANK];
    for (uint32_t d = 0; d < self->ndim; d++) {
        int32_t td = (int32_t)d - (int32_t)self->ndim + (int32_t)t->ndim;
        stride[d] = td >= 0 && t->shape[td] != 1 ? t->stride[td] : 0;
    }
    v->view.ndim = self->ndim;
    for (uint32_t i = 0; i < self->ndim; i++) {
        v->view.shape[i] = self->shape[perm[i]];
        v->view.stride[i] = stride[perm[i]];
    }
}

static aclnnStatus grad_weight(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *self,
                               const aclTensor *gradWeight, int64_t channels)
{
    uint32_t nd = self->ndim, perm[ACLEMU_MAX_RANK];
    /* per-channel: self's dim 1 last; one weight: self's own order, one column */
    int per_channel = channels > 1;
    for (uint32_t i = 0, k = 0; i < nd; i++)
        if (!per_channel || i != 1)
            perm[k++] = i;
    if (per_channel)
        perm[nd - 1] = 1;
    act_view dy, x;
    expand_permute(&dy, gradOutput, self, perm);
    expand_permute(&x, self, self, perm);
    int64_t n = aclemu_tensor_numel(self), cols = per_channel ? channels : 1;
    uint64_t ws = aclemu_exec_alloc_workspace(ex, (uint64_t)n * sizeof(float));
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)n, 1, &bd, &per);
    act_ew_args *a = (act_ew_args *)aclemu_exec_add_launch(ex, "PReluGradReduce", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->op = ACT_PRELU_GRAD_W;
    a->nout = 1;
    a->p = act_params_default();
    const aclTensor *ts[2] = {&dy.view, &x.view};
    aclnnStatus st;
    if ((st = nn_ew_fill_ws(ex, a, &a->ew, x.view.shape, nd, ws, ACL_FLOAT, ts, 2, per)) ||
        (st = aclemu_exec_bind_tensor(ex, a, &a->ew.op[1].addr, gradOutput)) ||
        (st = aclemu_exec_bind_tensor(ex, a, &a->ew.op[2].addr, self)))
        return st;
    nn_stage so;
    if ((st = nn_stage_out(ex, gradWeight, NULL, -1, &so)))
        return st;
    return nn_sum_parts(ex, ws, n / cols, cols, &so);
}

aclnnStatus aclemu_plan_PreluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                      const aclTensor *weight, aclTensor *gradInput, aclTensor *gradWeight)
{
    int64_t channels;
    aclnnStatus st = check(aclemu_exec_api(executor), gradOutput, self, weight, gradInput, gradWeight, &channels);
    if (st)
        return st;
    if (aclemu_tensor_numel(gradOutput) == 0 || aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(weight) == 0)
        return ACLNN_SUCCESS;
    act_view w;
    act_view_channel_weight(&w, weight, self);
    const act_view *views[1] = {&w};
    if ((st = act_launch(executor, "PReluGradUpdate", ACT_PRELU_BWD, NULL, (const aclTensor *[]){gradInput}, 1,
                         (const aclTensor *[]){gradOutput, self, &w.view}, 3, views, 1)))
        return st;
    return grad_weight(executor, gradOutput, self, gradWeight, channels);
}
