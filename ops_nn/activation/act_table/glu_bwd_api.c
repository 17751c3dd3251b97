/* The GLU-family backward ops of the activation table family: GluBackward, SwiGluGrad,
 * GeGluBackward / GeGluV3Backward. One check (nulls, dtypes, ranks, dim, the halving and the
 * half shape of gradOutput) and two launches on the act_common driver, one per half of the
 * gradient, with both halves as views bound to the API tensors. */
#include "aclemu_plans.h"
#include "act_plan.h"

typedef struct split_call {
    const aclTensor *grad, *self, *gelu, *out;
    const char *grad_name, *self_name, *out_name;
    aclemu_dtype_set dtypes;
    int64_t dim;
    int has_gelu; /* GeGlu backward's gelu argument (the others have none) */
} split_call;

static aclnnStatus check_split(const char *api, const split_call *c, uint32_t *d)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, c->grad, c->grad_name)) || (st = aclemu_check_notnull(api, c->self, c->self_name)) ||
        (c->has_gelu && (st = aclemu_check_notnull(api, c->gelu, "gelu"))) ||
        (st = aclemu_check_notnull(api, c->out, c->out_name)))
        return st;
    const aclTensor *gelu = c->has_gelu ? c->gelu : NULL;
    if ((st = aclemu_check_dtype(api, c->grad, c->grad_name, c->dtypes)) ||
        (st = aclemu_check_dtype(api, c->self, c->self_name, c->dtypes)) ||
        (gelu && (st = aclemu_check_dtype(api, gelu, "gelu", c->dtypes))) ||
        (st = aclemu_check_dtype(api, c->out, c->out_name, c->dtypes)) ||
        (st = aclemu_check_same_dtype(api, c->self, c->self_name, c->grad, c->grad_name)) ||
        (gelu && (st = aclemu_check_same_dtype(api, c->self, c->self_name, gelu, "gelu"))) ||
        (st = aclemu_check_same_dtype(api, c->self, c->self_name, c->out, c->out_name)))
        return st;
    const aclTensor *ts[4] = {c->grad, c->self, gelu, c->out};
    const char *ns[4] = {c->grad_name, c->self_name, "gelu", c->out_name};
    for (int i = 0; i < 4; i++)
        if (ts[i] && ((st = aclemu_check_format(api, ts[i], ns[i])) ||
                      (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK))))
            return st;
    if (c->self->ndim < 1)
        return ACLEMU_PARAM_ERROR(api, "%s dim num 0 should be at least 1.", c->self_name);
    if ((st = act_check_dim(api, c->dim, c->self->ndim, d)) ||
        (st = act_check_split_shape(api, c->self, *d, c->grad, c->grad_name)) ||
        (gelu && (st = act_check_split_shape(api, c->self, *d, gelu, "gelu"))))
        return st;
    return aclemu_check_same_shape(api, c->self, c->self_name, c->out, c->out_name);
}

/* First and second halves of self and out along d. */
typedef struct halves {
    act_view a, b, out_a, out_b;
} halves;

static void split(halves *h, const split_call *c, uint32_t d)
{
    int64_t half = c->self->shape[d] / 2;
    act_view_slice(&h->a, c->self, d, 0, half);
    act_view_slice(&h->b, c->self, d, half, half);
    act_view_slice(&h->out_a, c->out, d, 0, half);
    act_view_slice(&h->out_b, c->out, d, half, half);
}

/* out_half = op(ins) where any operand may be one of the halves. */
static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, act_op op, const halves *h, const act_view *out,
                          const aclTensor *const *ins, uint32_t nin)
{
    const act_view *views[4] = {&h->a, &h->b, &h->out_a, &h->out_b};
    return act_launch(ex, kernel, op, NULL, (const aclTensor *[]){&out->view}, 1, ins, nin, views, 4);
}

aclnnStatus aclemu_plan_GluBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *self,
                                    int64_t dim, const aclTensor *out)
{
    split_call c = {gradOut, self, NULL, out, "gradOut", "self", "out", ACT_FLOATS_DOUBLE, dim, 0};
    uint32_t d;
    aclnnStatus st = check_split(aclemu_exec_api(executor), &c, &d);
    if (st)
        return st;
    halves h;
    split(&h, &c, d);
    if ((st = launch(executor, "GluGrad", ACT_GLU_BWD_A, &h, &h.out_a, (const aclTensor *[]){gradOut, &h.b.view}, 2)))
        return st;
    return launch(executor, "GluGrad", ACT_GLU_BWD_B, &h, &h.out_b,
                  (const aclTensor *[]){gradOut, &h.a.view, &h.b.view}, 3);
}

aclnnStatus aclemu_plan_SwiGluGrad(aclOpExecutor *executor, const aclTensor *yGrad, const aclTensor *x, int64_t dim,
                                   const aclTensor *out)
{
    split_call c = {yGrad, x, NULL, out, "yGrad", "x", "out", ACT_FLOATS, dim, 0};
    uint32_t d;
    aclnnStatus st = check_split(aclemu_exec_api(executor), &c, &d);
    if (st)
        return st;
    halves h;
    split(&h, &c, d);
    if ((st = launch(executor, "SwiGluGrad", ACT_SWIGLU_BWD_A, &h, &h.out_a,
                     (const aclTensor *[]){yGrad, &h.a.view, &h.b.view}, 3)))
        return st;
    return launch(executor, "SwiGluGrad", ACT_SILU_MUL, &h, &h.out_b, (const aclTensor *[]){yGrad, &h.a.view}, 2);
}

/* gelu is the forward's outGelu: the gradient of the other half is gradOutput * gelu. */
static aclnnStatus geglu_bwd(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gelu,
                             int64_t dim, int64_t approximate, bool left, const aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(ex);
    split_call c = {gradOutput, self, gelu, gradInput, "gradOutput", "self", "gradInput", ACT_FLOATS, dim, 1};
    uint32_t d;
    aclnnStatus st = check_split(api, &c, &d);
    if (st)
        return st;
    if (approximate != 0 && approximate != 1)
        return ACLEMU_PARAM_ERROR(api, "expected approximate to be 0 or 1, but got %lld.", (long long)approximate);
    halves h;
    split(&h, &c, d);
    const act_view *act = left ? &h.a : &h.b, *other = left ? &h.b : &h.a;
    const act_view *out_act = left ? &h.out_a : &h.out_b, *out_other = left ? &h.out_b : &h.out_a;
    if ((st = launch(ex, "GeGluGradV2", approximate == 1 ? ACT_GEGLU_BWD_TANH : ACT_GEGLU_BWD_ERF, &h, out_act,
                     (const aclTensor *[]){gradOutput, &act->view, &other->view}, 3)))
        return st;
    return launch(ex, "GeGluGradV2", ACT_MUL, &h, out_other, (const aclTensor *[]){gradOutput, gelu}, 2);
}

aclnnStatus aclemu_plan_GeGluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                      const aclTensor *gelu, int64_t dim, int64_t approximate, aclTensor *gradInput)
{
    return geglu_bwd(executor, gradOutput, self, gelu, dim, approximate, false, gradInput);
}

aclnnStatus aclemu_plan_GeGluV3Backward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                        const aclTensor *gelu, int64_t dim, int64_t approximate, bool activateLeft,
                                        aclTensor *gradInput)
{
    return geglu_bwd(executor, gradOutput, self, gelu, dim, approximate, activateLeft, gradInput);
}
