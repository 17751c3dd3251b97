/* aclnnModulate / aclnnModulateBackward (ops-nn vfusion/modulate, modulate_grad), checks in the
 * real order.
 * Forward: null (self, out) -> dtypes (FLOAT, FLOAT16, BF16 on A2 / A3 / 950, none elsewhere;
 *   scale / shift in the list and of self's dtype; out of self's dtype) -> shapes (scale and
 *   shift given; self 3-D; an empty self needs empty scale / shift; out = self; scale / shift
 *   [B, D] or [B, 1, D] with self's B and D).
 * Backward: null (grad_output, input, grad_input) -> dtypes (all in the list) -> shapes
 *   (grad_output and input 3-D; empty ones need empty scale / shift; scale / shift [B, D]) ->
 *   empty: nothing to run. Formats other than ND only warn in the real code. */
#include "aclemu_plans.h"
#include "modulate_args.h"
#include "nn_stage.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static aclemu_dtype_set dtypes(void)
{
    int f = aclemu_op_profile()->family;
    return f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950 ? DT(FLOAT) | DT(FLOAT16) | DT(BF16) : 0;
}

/* Stages the operands (NULL = absent) and records `kernel` over B. */
static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, const aclTensor *const *ins, int nin,
                          const aclTensor *const *outs, int nout, int64_t B, int64_t L, int64_t D)
{
    aclnnStatus st;
    nn_stage s[6];
    for (int i = 0; i < nin; i++)
        if ((st = nn_stage_in(ex, ins[i], NULL, -1, &s[i])))
            return st;
    for (int i = 0; i < nout; i++)
        if ((st = nn_stage_out(ex, outs[i], NULL, -1, &s[nin + i])))
            return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)B, (uint64_t)(L * D + 1), &bd, &per);
    modulate_args *a = aclemu_exec_add_launch(ex, kernel, bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->B = B, a->L = L, a->D = D, a->per_block = (int64_t)per;
    for (int i = 0; i < nin + nout; i++)
        if ((st = nn_stage_bind(ex, a, &a->op[i], &s[i])))
            return st;
    for (int i = 0; i < nout; i++)
        if ((st = nn_stage_out_finish(ex, &s[nin + i])))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_param(const char *api, const aclTensor *self, const aclTensor *t, const char *name)
{
    if (t->ndim != 2 && t->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "The dimension of %s and shiftOptional must be 2 or 3, but got %u.", name, t->ndim);
    if (self->shape[0] != t->shape[0] || self->shape[2] != t->shape[t->ndim - 1])
        return ACLEMU_PARAM_ERROR(api, "The first and last dimension of self and %s must be the same.", name);
    if (t->ndim == 3 && t->shape[1] != 1)
        return ACLEMU_PARAM_ERROR(api, "when the dimension of %s is 3, the second dimension must be 1.", name);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Modulate(aclOpExecutor *executor, const aclTensor *self, const aclTensor *scaleOptional,
                                 const aclTensor *shiftOptional, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set list = dtypes();
    if ((st = aclemu_check_dtype(api, self, "self", list)) || (st = aclemu_check_dtype(api, out, "out", list)))
        return st;
    const aclTensor *opt[2] = {scaleOptional, shiftOptional};
    const char *names[2] = {"scaleOptional", "shiftOptional"};
    for (int i = 0; i < 2; i++)
        if (opt[i]) {
            if ((st = aclemu_check_dtype(api, opt[i], names[i], list)))
                return st;
            if (opt[i]->dtype != self->dtype)
                return ACLEMU_PARAM_ERROR(api, "The dtype of self [%s], %s [%s] need to be the same.",
                                          aclemu_dtype_name(self->dtype), names[i], aclemu_dtype_name(opt[i]->dtype));
        }
    if (self->dtype != out->dtype)
        return ACLEMU_PARAM_ERROR(api, "The dtype of self [%s], out [%s] need to be the same.", aclemu_dtype_name(self->dtype),
                                  aclemu_dtype_name(out->dtype));
    if (!scaleOptional || !shiftOptional)
        return ACLEMU_PARAM_ERROR(api, "scaleOptional and shiftOptional can not be nullptr");
    if (self->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "The dimension of self must be 3, but got %u.", self->ndim);
    if (aclemu_tensor_numel(self) == 0 && (aclemu_tensor_numel(scaleOptional) != 0 || aclemu_tensor_numel(shiftOptional) != 0))
        return ACLEMU_PARAM_ERROR(api, "when self is empty, scaleOptional and shiftOptional must be empty");
    if ((st = aclemu_check_same_shape(api, out, "out", self, "self")) ||
        (st = check_param(api, self, scaleOptional, "scaleOptional")) || (st = check_param(api, self, shiftOptional, "shiftOptional")))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *ins[3] = {self, scaleOptional, shiftOptional}, *outs[1] = {out};
    return launch(executor, "Modulate", ins, 3, outs, 1, self->shape[0], self->shape[1], self->shape[2]);
}

aclnnStatus aclemu_plan_ModulateBackward(aclOpExecutor *executor, const aclTensor *grad_output, const aclTensor *input,
                                         const aclTensor *scale, const aclTensor *shift, const aclTensor *grad_input,
                                         const aclTensor *grad_scale, const aclTensor *grad_shift)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, grad_output, "grad_output")) || (st = aclemu_check_notnull(api, input, "input")) ||
        (st = aclemu_check_notnull(api, grad_input, "grad_input")))
        return st;
    aclemu_dtype_set list = dtypes();
    const aclTensor *ts[7] = {grad_output, input, scale, shift, grad_scale, grad_shift, grad_input};
    const char *names[7] = {"grad_output", "input", "scale", "shift", "grad_scale", "grad_shift", "grad_input"};
    for (int i = 0; i < 7; i++)
        if (ts[i] && (st = aclemu_check_dtype(api, ts[i], names[i], list)))
            return st;
    for (int i = 1; i < 7; i++) /* the kernel reads and writes one dtype */
        if (ts[i] && (st = aclemu_check_same_dtype(api, grad_output, "grad_output", ts[i], names[i])))
            return st;
    if (grad_output->ndim != 3 || input->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "The dimension of self must be 3");
    int empty = aclemu_tensor_numel(grad_output) == 0 || aclemu_tensor_numel(input) == 0;
    if (empty && ((scale && aclemu_tensor_numel(scale)) || (shift && aclemu_tensor_numel(shift))))
        return ACLEMU_PARAM_ERROR(api, "when grad_output or input is empty, scale and shift must be empty");
    const int64_t *g = grad_output->shape;
    if (scale) {
        if (scale->ndim != 2)
            return ACLEMU_PARAM_ERROR(api, "scale dim is not equal 2");
        if (g[0] != scale->shape[0] || g[2] != scale->shape[1])
            return ACLEMU_PARAM_ERROR(api, "gradoutput_Shape dim0 or dim 2 not match scale dim 0 or dim 1");
    }
    if (shift) {
        if (shift->ndim != 2)
            return ACLEMU_PARAM_ERROR(api, "shift dim is not equal 2");
        if (g[0] != shift->shape[0] || g[2] != shift->shape[1])
            return ACLEMU_PARAM_ERROR(api, "gradoutput_Shape dim0 or dim 2 not match shift dim 0 or dim 1");
    }
    /* the kernel's operands must have the shapes it walks */
    int64_t bd[2] = {g[0], g[2]};
    if ((st = aclemu_check_same_shape(api, input, "input", grad_output, "grad_output")) ||
        (st = aclemu_check_same_shape(api, grad_input, "grad_input", grad_output, "grad_output")) ||
        (grad_scale && (st = aclemu_check_shape_is(api, grad_scale, "grad_scale", bd, 2))) ||
        (grad_shift && (st = aclemu_check_shape_is(api, grad_shift, "grad_shift", bd, 2))))
        return st;
    if (empty || aclemu_tensor_numel(grad_input) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *ins[3] = {grad_output, input, scale}, *outs[3] = {grad_input, grad_scale, grad_shift};
    return launch(executor, "ModulateGrad", ins, 3, outs, 3, g[0], g[1], g[2]);
}
