/* aclnnGaussianNllLossGrad: generated from the op definition (ascend910b only): the generated
 * checks (pw_gen_check: nulls, chip, gradOutput's dtype FLOAT / FLOAT16 / BFLOAT16 and the others
 * of it, formats), then the tiling's refusals (561002) in its order: gradInput not input's shape or
 * gradVar not var's; target neither input's shape nor input's with exactly one dim 1; var neither
 * input's shape, nor of one element, nor input's with the last dim 1, nor input's without its last
 * dim; eps not > 0; reduction "none" with gradOutput not input's shape, "sum" / "mean" with
 * gradOutput not of one element, any other reduction. full does not change the gradients. Inputs
 * of any strides are accepted (AutoContiguous); an empty input launches nothing. */
#include <string.h>

#include "aclemu_plans.h"
#include "gaussian_nll_loss_grad_args.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "pw_loss_plan.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    return a->ndim == b->ndim && memcmp(a->shape, b->shape, a->ndim * sizeof(int64_t)) == 0;
}

/* target: input's shape (axis 0) or one differing dim of size 1 (its size and inner stride). */
static int classify_target(const aclTensor *x, const aclTensor *t, int64_t *axis, int64_t *inner)
{
    *axis = 0;
    *inner = 1;
    if (same_shape(x, t))
        return 1;
    if (x->ndim != t->ndim)
        return 0;
    int found = -1;
    for (uint32_t d = 0; d < x->ndim; d++) {
        if (x->shape[d] == t->shape[d])
            continue;
        if (found >= 0 || t->shape[d] != 1)
            return 0;
        found = (int)d;
    }
    if (found < 0)
        return 0;
    *axis = x->shape[found];
    for (uint32_t d = (uint32_t)found + 1; d < x->ndim; d++)
        *inner *= x->shape[d];
    return 1;
}

/* var: the group of input elements sharing one var element, 0 when var is of no accepted form. */
static int64_t classify_var(const aclTensor *x, const aclTensor *v)
{
    if (same_shape(x, v))
        return 1;
    int64_t total = aclemu_tensor_numel(x);
    if (aclemu_tensor_numel(v) == 1)
        return total ? total : 1;
    if (x->ndim == 0)
        return 0;
    uint32_t last = x->ndim - 1;
    int64_t L = x->shape[last];
    if (v->ndim == x->ndim && v->shape[last] == 1 && memcmp(v->shape, x->shape, last * sizeof(int64_t)) == 0)
        return L ? L : 1;
    if (v->ndim == last && memcmp(v->shape, x->shape, last * sizeof(int64_t)) == 0)
        return L ? L : 1;
    return 0;
}

aclnnStatus aclemu_plan_GaussianNllLossGrad(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *input,
                                            const aclTensor *target, const aclTensor *var, bool full, double eps,
                                            char *reduction, const aclTensor *gradInput, const aclTensor *gradVar)
{
    (void)full;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {gradOutput, input, target, var, gradInput, gradVar};
    static const char *const ns[6] = {"gradOutput", "input", "target", "var", "gradInput", "gradVar"};
    aclnnStatus st;
    if ((st = pw_gen_check(api, ts, ns, 6, NN_FLOATS)) || (st = aclemu_check_notnull(api, reduction, "reduction")))
        return st;
    if (!same_shape(input, gradInput) || !same_shape(var, gradVar))
        return TILING_ERROR(api, "output shapes must be input shape and var shape");
    int64_t t_axis, t_inner;
    if (!classify_target(input, target, &t_axis, &t_inner))
        return TILING_ERROR(api, "target must match input or broadcast in exactly one size-1 dimension");
    int64_t group = classify_var(input, var);
    if (!group)
        return TILING_ERROR(api, "var shape is not a supported broadcast form");
    float e = (float)eps; /* the attribute is a float */
    if (!(e > 0.0f))
        return TILING_ERROR(api, "eps must be greater than zero, but is %g.", (double)e);
    int red;
    if (strcmp(reduction, "none") == 0) {
        red = 0;
        if (!same_shape(gradOutput, input))
            return TILING_ERROR(api, "none reduction requires gradOutput to match input");
    } else if (strcmp(reduction, "sum") == 0 || strcmp(reduction, "mean") == 0) {
        red = reduction[0] == 's' ? 2 : 1;
        if (aclemu_tensor_numel(gradOutput) != 1)
            return TILING_ERROR(api, "%s reduction requires scalar gradOutput", reduction);
    } else {
        return TILING_ERROR(api, "invalid reduction %s", reduction);
    }
    int64_t total = aclemu_tensor_numel(input);
    if (total == 0)
        return ACLNN_SUCCESS;
    nn_stage s[6];
    for (int i = 0; i < 6; i++)
        if ((st = (i < 4 ? nn_stage_in : nn_stage_out)(executor, ts[i], NULL, -1, &s[i])))
            return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)(total / group), (uint64_t)group, &bd, &per);
    gnll_grad_args *a = (gnll_grad_args *)aclemu_exec_add_launch(executor, "GaussianNllLossGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->total = total;
    a->group = group;
    a->groups_per_block = (int64_t)per;
    a->t_axis = t_axis;
    a->t_inner = t_inner;
    a->grad_scalar = red != 0;
    a->eps = e;
    a->scale = red == 1 ? 1.0f / (float)total : 1.0f;
    nn_cbuf *b[6] = {&a->grad, &a->input, &a->target, &a->var, &a->grad_input, &a->grad_var};
    for (int i = 0; i < 6; i++)
        if ((st = nn_stage_bind(executor, a, b[i], &s[i])))
            return st;
    if ((st = nn_stage_out_finish(executor, &s[4])))
        return st;
    return nn_stage_out_finish(executor, &s[5]);
}
