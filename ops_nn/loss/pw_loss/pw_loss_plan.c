/* The pointwise loss planner (see pw_loss_plan.h). The elementwise kernel takes at most four
 * operands; a call with more (out, self, target, posWeight, weight, gradOutput) multiplies the
 * rest in by a second launch over out. */
#include <string.h>

#include "nn_stage.h"
#include "pw_loss_plan.h"

static aclnnStatus check_reduction(const char *api, const pw_row *row, int64_t reduction)
{
    int64_t hi = (row->flags & PW_ROW_BATCHMEAN) ? 3 : 2;
    if (reduction >= 0 && reduction <= hi)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "reduction %lld should be between 0 and %lld.", (long long)reduction,
                              (long long)hi);
}

static aclnnStatus check_notnull(const char *api, const pw_row *row, const void *p, const char *name)
{
    if (p || !(row->flags & PW_ROW_NULL_INNER))
        return aclemu_check_notnull(api, p, name);
    return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", name);
}

static aclnnStatus check_beta(const char *api, const pw_row *row, double beta)
{
    if (!(row->flags & PW_ROW_BETA) || beta >= 0)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "beta should be greater than or equal to 0");
}

static aclnnStatus check_dtypes(const char *api, const pw_row *row, const pw_call *c)
{
    aclnnStatus st;
    const aclTensor *ts[6] = {c->grad, c->self, c->target, c->weight, c->pos_weight, c->out};
    const char *ns[6] = {c->grad_name, "self", "target", "weight", "posWeight", c->out_name};
    for (int i = 0; i < 6; i++)
        if (ts[i] && (st = aclemu_check_dtype(api, ts[i], ns[i], row->dtypes)))
            return st;
    if (row->flags & PW_ROW_PROMOTE) {
        aclDataType p = aclemu_promote_types(c->self->dtype, c->target->dtype);
        if (p == ACL_DT_UNDEFINED)
            return ACLEMU_PARAM_ERROR(api, "self dtype %s and target dtype %s can not promote dtype.",
                                      aclemu_dtype_name(c->self->dtype), aclemu_dtype_name(c->target->dtype));
        return aclemu_check_can_cast(api, p, c->out, c->out_name);
    }
    return ACLNN_SUCCESS;
}

/* Ranks, formats and the broadcast shape of self, target (and weights / gradOutput). */
static aclnnStatus check_shapes(const char *api, const pw_row *row, const pw_call *c, int64_t *b, uint32_t *nd)
{
    aclnnStatus st;
    const aclTensor *ts[6] = {c->self, c->target, c->weight, c->pos_weight, c->grad, c->out};
    const char *ns[6] = {"self", "target", "weight", "posWeight", c->grad_name, c->out_name};
    for (int i = 0; i < 6; i++)
        if (ts[i] && ((st = aclemu_check_format(api, ts[i], ns[i])) ||
                      (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK))))
            return st;
    if ((row->flags & PW_ROW_SAME_SHAPE) && (st = aclemu_check_same_shape(api, c->self, "self", c->target, "target")))
        return st;
    if ((st = aclemu_broadcast_shape(api, c->self, "self", c->target, "target", b, nd)))
        return st;
    /* two bounded tensors can broadcast to a shape past int64: bound the product before use */
    uint64_t n = 1;
    for (uint32_t i = 0; i < *nd; i++) {
        if (b[i] != 0 && n > (uint64_t)ACLEMU_TENSOR_SIZE_MAX / (uint64_t)b[i])
            return ACLEMU_PARAM_ERROR(api, "the broadcast shape of self and target has too many elements.");
        n *= (uint64_t)b[i];
    }
    /* weights and gradOutput must broadcast to the loss shape without growing it */
    for (int i = 2; i < 5; i++) {
        if (!ts[i])
            continue;
        aclTensor like = *c->self;
        like.ndim = *nd;
        like.shape = b;
        int64_t b2[ACLEMU_MAX_RANK];
        uint32_t nd2;
        if ((st = aclemu_broadcast_shape(api, &like, "self", ts[i], ns[i], b2, &nd2)))
            return st;
        char s1[256], s2[256];
        if (nd2 != *nd || memcmp(b2, b, nd2 * sizeof(int64_t)) != 0)
            return ACLEMU_PARAM_ERROR(api, "%s shape %s should broadcast to %s.", ns[i],
                                      aclemu_shape_str(ts[i]->shape, ts[i]->ndim, s1, sizeof s1),
                                      aclemu_shape_str(b, *nd, s2, sizeof s2));
    }
    return ACLNN_SUCCESS;
}

static int uses_pw(pw_loss_op op)
{
    return op == PW_BCE_LOGITS || op == PW_BCE_LOGITS_BWD || op == PW_BCE_LOGITS_TARGET_BWD || op == PW_GAUSS_NLL;
}

/* Operand k (a tensor of rank ew->ndim - 1) broadcast along the last dim of ew's shape, aligned
 * to its leading dims (nn_ew_fill keeps the dims as given, so the strides can be redone). */
static void patch_trailing(aclemu_ew *ew, int k, const aclTensor *t)
{
    for (uint32_t d = 0; d < ew->ndim; d++)
        ew->op[k].stride[d] = (d < t->ndim && t->shape[d] != 1) ? t->stride[d] : 0;
}

/* out = f(x, t, pw) * mults * scale over out's shape, in one or two launches. */
aclnnStatus pw_loss_ew(aclOpExecutor *ex, pw_loss_op op, const pw_call *c, const aclTensor *const *mults,
                             int nmul, double scale)
{
    const aclTensor *ins[ACLEMU_EW_MAX_OPS];
    uint32_t n = 0;
    ins[n++] = c->self;
    ins[n++] = c->target;
    int has_pw = c->pos_weight && uses_pw(op);
    if (has_pw)
        ins[n++] = c->pos_weight;
    int first = nmul < (int)(ACLEMU_EW_MAX_OPS - 1 - n) ? nmul : (int)(ACLEMU_EW_MAX_OPS - 1 - n);
    for (int j = 0; j < first; j++)
        ins[n++] = mults[j];
    aclnnStatus st;
    pw_loss_args *a;
    if (c->pw_trailing && has_pw) { /* the loss shape's dims as given, var's strides redone */
        const aclTensor *ts[ACLEMU_EW_MAX_OPS];
        ts[0] = c->out;
        for (uint32_t j = 0; j < n; j++)
            ts[j + 1] = ins[j];
        uint32_t bd;
        uint64_t per;
        nn_tile((uint64_t)aclemu_tensor_numel(c->out), 1, &bd, &per);
        if (!(a = (pw_loss_args *)aclemu_exec_add_launch(ex, "PwLoss", bd, sizeof(*a))))
            return ACLNN_ERR_INNER;
        if ((st = nn_ew_fill(ex, a, &a->ew, c->out->shape, c->out->ndim, ts, n + 1, per)))
            return st;
        patch_trailing(&a->ew, 3, c->pos_weight);
    } else if (!(a = (pw_loss_args *)aclemu_ew_launch(ex, "PwLoss", sizeof(pw_loss_args), c->out, ins, n, &st))) {
        return st;
    }
    a->op = op;
    a->has_out = 1;
    a->has_t = 1;
    a->has_pw = has_pw;
    a->nmul = first;
    a->beta = c->beta;
    a->flag = c->flag;
    a->scale = scale;
    if (first == nmul)
        return ACLNN_SUCCESS;
    const aclTensor *rest[ACLEMU_EW_MAX_OPS];
    uint32_t m = 0;
    rest[m++] = c->out;
    for (int j = first; j < nmul; j++)
        rest[m++] = mults[j];
    a = (pw_loss_args *)aclemu_ew_launch(ex, "PwLoss", sizeof(pw_loss_args), c->out, rest, m, &st);
    if (!a)
        return st;
    a->op = PW_MUL;
    a->has_out = 1;
    a->nmul = nmul - first;
    a->scale = 1.0;
    return ACLNN_SUCCESS;
}

/* Mean / sum over dim 0 of the loss shape b: the scaled losses go to an FP32 workspace of b
 * (rows of dim 0), whose column sums NnSumParts writes to out (shape b[1..nd)). */
static aclnnStatus forward_dim0(aclOpExecutor *ex, const pw_row *row, const pw_call *c, const int64_t *b, uint32_t nd)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_shape_is(api, c->out, c->out_name, nd ? b + 1 : b, nd ? nd - 1 : 0)))
        return st;
    int64_t n = nn_prod(b, 0, nd);
    if (aclemu_tensor_numel(c->self) == 0 || aclemu_tensor_numel(c->target) == 0 || n == 0)
        return ACLNN_SUCCESS; /* the real op returns before any launch */
    int64_t rows = nd ? b[0] : 1, inner = n / rows;
    uint64_t ws = aclemu_exec_alloc_workspace(ex, (uint64_t)n * sizeof(float));
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)n, 1, &bd, &per);
    pw_loss_args *a = (pw_loss_args *)aclemu_exec_add_launch(ex, "PwLoss", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    const aclTensor *ts[2] = {c->self, c->target};
    a->op = row->op;
    a->has_out = 1;
    a->has_t = 1;
    a->has_pw = 0;
    a->nmul = 0;
    a->beta = c->beta;
    a->scale = c->reduction == 1 ? 1.0 / (double)rows : 1.0;
    if ((st = nn_ew_fill_ws(ex, a, &a->ew, b, nd, ws, ACL_FLOAT, ts, 2, per)))
        return st;
    nn_stage so;
    if ((st = nn_stage_out(ex, c->out, NULL, -1, &so)))
        return st;
    return nn_sum_parts(ex, ws, rows, inner, &so);
}

aclnnStatus pw_loss_forward(aclOpExecutor *ex, const pw_row *row, const pw_call *c)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = check_notnull(api, row, c->self, "self")) || (st = check_notnull(api, row, c->target, "target")) ||
        (st = check_notnull(api, row, c->out, c->out_name)))
        return st;
    if ((st = check_dtypes(api, row, c)) || (st = check_reduction(api, row, c->reduction)))
        return st;
    int64_t b[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = check_shapes(api, row, c, b, &nd)) || (st = check_beta(api, row, c->beta)))
        return st;
    const aclTensor *mults[1] = {c->weight};
    int nmul = c->weight ? 1 : 0;
    if (c->reduction == 0) {
        if ((st = aclemu_check_shape_is(api, c->out, c->out_name, b, nd)))
            return st;
        return pw_loss_ew(ex, row->op, c, mults, nmul, 1.0);
    }
    if (row->flags & PW_ROW_REDUCE_DIM0)
        return forward_dim0(ex, row, c, b, nd);
    if (aclemu_tensor_numel(c->out) != 1)
        return ACLEMU_PARAM_ERROR(api, "Expected a 0-dimensional tensor for %s when reduction is %lld.", c->out_name,
                                  (long long)c->reduction);
    return pw_loss_reduce(ex, row->op, c, b, nd, c->reduction == 1);
}

/* The mean (or sum) of f(x[, t][, pw]) * weight over the loss shape b into the one element of out:
 * per-block FP64 partial sums, then one finishing launch. */
aclnnStatus pw_loss_reduce(aclOpExecutor *ex, pw_loss_op op, const pw_call *c, const int64_t *b, uint32_t nd, int mean)
{
    aclnnStatus st;
    int64_t n = nn_prod(b, 0, nd);
    if (n == 0) { /* torch: the mean of nothing is NaN, the sum 0; batchmean NaN for no batch */
        int nan = mean || (c->reduction == 3 && c->self->ndim > 0 && c->self->shape[0] == 0);
        return nn_fill(ex, c->out, c->out_name, nan ? __builtin_nan("") : 0.0);
    }
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)n, 1, &bd, &per);
    uint64_t parts = aclemu_exec_alloc_workspace(ex, (uint64_t)bd * sizeof(double));
    pw_loss_args *a = (pw_loss_args *)aclemu_exec_add_launch(ex, "PwLoss", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    const aclTensor *ts[4];
    uint32_t nts = 0;
    ts[nts++] = c->self;
    if (c->target)
        ts[nts++] = c->target;
    a->has_pw = c->pos_weight && uses_pw(op);
    if (a->has_pw)
        ts[nts++] = c->pos_weight;
    if (c->weight)
        ts[nts++] = c->weight;
    a->op = op;
    a->has_out = 0;
    a->has_t = c->target != NULL;
    a->nmul = c->weight ? 1 : 0;
    a->beta = c->beta;
    a->flag = c->flag;
    a->scale = 1.0;
    if ((st = nn_ew_fill(ex, a, &a->ew, b, nd, ts, nts, per)) || (st = aclemu_exec_bind_workspace(ex, a, &a->parts, parts)))
        return st;
    if (a->has_pw && c->pw_trailing)
        patch_trailing(&a->ew, c->target ? 2 : 1, c->pos_weight);
    nn_stage so;
    if ((st = nn_stage_out(ex, c->out, NULL, -1, &so)))
        return st;
    pw_finish_args *f = (pw_finish_args *)aclemu_exec_add_launch(ex, "PwLossFinish", 1, sizeof(*f));
    if (!f)
        return ACLNN_ERR_INNER;
    f->nparts = bd;
    /* mean; batchmean (KlDiv): the size of dim 0 of the loss (a 0-d loss counts as a batch of one) */
    f->scale = mean ? 1.0 / (double)n : c->reduction == 3 && nd > 0 ? 1.0 / (double)b[0] : 1.0;
    if ((st = aclemu_exec_bind_workspace(ex, f, &f->parts, parts)) || (st = nn_stage_bind(ex, f, &f->out, &so)))
        return st;
    return nn_stage_out_finish(ex, &so);
}

aclnnStatus pw_loss_backward(aclOpExecutor *ex, const pw_row *row, const pw_call *c)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, c->grad, c->grad_name)) || (st = aclemu_check_notnull(api, c->self, "self")) ||
        (st = aclemu_check_notnull(api, c->target, "target")) || (st = aclemu_check_notnull(api, c->out, c->out_name)))
        return st;
    if ((st = check_dtypes(api, row, c)) || (st = check_reduction(api, row, c->reduction)))
        return st;
    int64_t b[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = check_shapes(api, row, c, b, &nd)) || (st = aclemu_check_shape_is(api, c->out, c->out_name, b, nd)) ||
        (st = check_beta(api, row, c->beta)))
        return st;
    int64_t n = nn_prod(b, 0, nd);
    double scale = 1.0;
    if (c->reduction == 1 && n > 0)
        scale = 1.0 / (double)n;
    else if (c->reduction == 3 && nd > 0 && b[0] > 0) /* batchmean: the size of dim 0 */
        scale = 1.0 / (double)b[0];
    const aclTensor *mults[2];
    int nmul = 0;
    mults[nmul++] = c->grad;
    if (c->weight)
        mults[nmul++] = c->weight;
    return pw_loss_ew(ex, row->op, c, mults, nmul, scale);
}
