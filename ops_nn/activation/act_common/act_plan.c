/* Host-side helpers of the activation planners (see act_plan.h). */
#include <string.h>

#include "act_plan.h"

act_params act_params_default(void)
{
    act_params p = {1.0, 1.0, 1.0, 1.0, 20.0};
    return p;
}

void act_view_of(act_view *v, const aclTensor *t)
{
    v->view = *t;
    v->base = t;
    /* own copies of the arrays: the edits below must not touch the API tensor */
    memcpy(v->view.inl_shape, t->shape, t->ndim * sizeof(int64_t));
    memcpy(v->view.inl_stride, t->stride, t->ndim * sizeof(int64_t));
    v->view.shape = v->view.inl_shape;
    v->view.stride = v->view.inl_stride;
}

void act_view_slice(act_view *v, const aclTensor *t, uint32_t dim, int64_t start, int64_t len)
{
    act_view_of(v, t);
    v->view.shape[dim] = len;
    v->view.offset = t->offset + start * t->stride[dim];
}

void act_view_channel_weight(act_view *w, const aclTensor *weight, const aclTensor *self)
{
    act_view_of(w, weight);
    int64_t wn = aclemu_tensor_numel(weight);
    /* the element stride of the weight's (only) non-1 dim */
    int64_t ws = 0;
    for (uint32_t i = 0; i < weight->ndim; i++)
        if (weight->shape[i] != 1)
            ws = weight->stride[i];
    if (wn == 1 || self->ndim <= 1) {
        w->view.ndim = 0; /* one value broadcast everywhere */
        return;
    }
    w->view.ndim = self->ndim - 1;
    for (uint32_t i = 0; i < w->view.ndim; i++) {
        w->view.shape[i] = i == 0 ? self->shape[1] : 1;
        w->view.stride[i] = i == 0 ? ws : 0;
    }
}

aclnnStatus act_launch(aclOpExecutor *ex, const char *kernel, act_op op, const act_params *p,
                       const aclTensor *const *outs, uint32_t nout, const aclTensor *const *ins, uint32_t nin,
                       const act_view *const *views, uint32_t nviews)
{
    const aclTensor *rest[ACLEMU_EW_MAX_OPS];
    uint32_t n = 0;
    for (uint32_t i = 1; i < nout; i++)
        rest[n++] = outs[i];
    for (uint32_t i = 0; i < nin; i++)
        rest[n++] = ins[i];
    aclnnStatus st;
    act_ew_args *a = (act_ew_args *)aclemu_ew_launch(ex, kernel, sizeof(act_ew_args), outs[0], rest, n, &st);
    if (!a)
        return st;
    a->op = (int32_t)op;
    a->nout = (int32_t)nout;
    a->p = p ? *p : act_params_default();
    /* operands that are views: stage 2 patches the base tensor's address (the view offset is
     * already in the operand) */
    for (uint32_t v = 0; v < nviews; v++) {
        const aclTensor *all[ACLEMU_EW_MAX_OPS];
        all[0] = outs[0];
        for (uint32_t k = 0; k < n; k++)
            all[k + 1] = rest[k];
        for (uint32_t k = 0; k <= n; k++)
            if (all[k] == &views[v]->view &&
                (st = aclemu_exec_bind_tensor(ex, a, &a->ew.op[k].addr, views[v]->base)))
                return st;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_tail(const char *api, const aclTensor *self, const char *sname, const aclTensor *out,
                              const char *oname)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, self, sname)) || (out != self && (st = aclemu_check_format(api, out, oname))))
        return st;
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (out != self && (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK))))
        return st;
    return out == self ? ACLNN_SUCCESS : aclemu_check_same_shape(api, self, sname, out, oname);
}

aclnnStatus act_check_same(const char *api, const aclTensor *self, const char *sname, const aclTensor *out,
                           const char *oname, aclemu_dtype_set allowed)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, allowed)) ||
        (out != self && (st = aclemu_check_same_dtype(api, self, sname, out, oname))))
        return st;
    return check_tail(api, self, sname, out, oname);
}

aclnnStatus act_check_cast(const char *api, const aclTensor *self, const char *sname, const aclTensor *out,
                           const char *oname, aclemu_dtype_set allowed, aclemu_dtype_set out_allowed)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, allowed)))
        return st;
    if (out_allowed && (st = aclemu_check_dtype(api, out, oname, out_allowed)))
        return st;
    if ((st = aclemu_check_can_cast(api, self->dtype, out, oname)))
        return st;
    return check_tail(api, self, sname, out, oname);
}

aclnnStatus act_check_scalar_cast(const char *api, const aclScalar *s, const char *name, aclDataType to)
{
    if (aclemu_can_cast(s->dtype, to))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dtype %s can not cast to %s.", name, aclemu_dtype_name(s->dtype),
                              aclemu_dtype_name(to));
}

aclnnStatus act_check_dim(const char *api, int64_t dim, uint32_t rank, uint32_t *d)
{
    int64_t r = (int64_t)rank, lo = r ? -r : -1, hi = r ? r - 1 : 0;
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim %lld should be in the range [%lld, %lld].", (long long)dim, (long long)lo,
                                  (long long)hi);
    *d = r ? (uint32_t)(dim < 0 ? dim + r : dim) : 0;
    return ACLNN_SUCCESS;
}

aclnnStatus act_check_split_shape(const char *api, const aclTensor *self, uint32_t d, const aclTensor *out,
                                  const char *oname)
{
    if (self->shape[d] % 2 != 0)
        return ACLEMU_PARAM_ERROR(api, "split dimension %u of self must be even, but its size is %lld.", d,
                                  (long long)self->shape[d]);
    int64_t want[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i < self->ndim; i++)
        want[i] = i == d ? self->shape[i] / 2 : self->shape[i];
    return aclemu_check_shape_is(api, out, oname, want, self->ndim);
}

/* 1 if t is row-major contiguous (its offset may be anything). */
static int contiguous(const aclTensor *t)
{
    return aclemu_tensor_is_contiguous(t);
}

aclnnStatus act_launch_rows(aclOpExecutor *ex, const char *kernel, act_row_op op, const aclTensor *y,
                            const aclTensor *x, const aclTensor *z, uint32_t d)
{
    int64_t numel = aclemu_tensor_numel(x);
    if (numel == 0)
        return ACLNN_SUCCESS;
    int64_t outer = 1, len = 1, inner = 1;
    for (uint32_t i = 0; i < x->ndim; i++) {
        if (i < d)
            outer *= x->shape[i];
        else if (i == d)
            len = x->shape[i];
        else
            inner *= x->shape[i];
    }
    uint64_t rows = (uint64_t)(outer * inner);
    /* a block should get enough rows to amortise its start (~4096 elements of work) */
    uint64_t min_rows = len >= 4096 ? 1 : (uint64_t)(4096 / len);
    uint32_t block_dim;
    uint64_t per;
    aclemu_tile_1d(rows, aclemu_vector_core_num(aclemu_op_profile()), min_rows, 1, &block_dim, &per);
    act_rows_args *a = (act_rows_args *)aclemu_exec_add_launch(ex, kernel, block_dim, sizeof(act_rows_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->op = (int32_t)op;
    a->dim = (int32_t)d;
    a->outer = outer;
    a->len = len;
    a->inner = inner;
    a->rows = rows;
    a->rows_per_block = per;
    a->contiguous = contiguous(y) && contiguous(x) && (!z || contiguous(z));
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, a, &a->y, y)) || (st = aclemu_exec_tdesc(ex, a, &a->x, x)))
        return st;
    if (z && (st = aclemu_exec_tdesc(ex, a, &a->z, z)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus act_check_bcast(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn,
                            const aclTensor *out, const char *oname)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, a, an)) || (st = aclemu_check_format(api, b, bn)) ||
        (out != a && (st = aclemu_check_format(api, out, oname))))
        return st;
    if ((st = aclemu_check_shape(api, a, an, ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, b, bn, ACLEMU_MAX_RANK)) ||
        (out != a && (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK))))
        return st;
    int64_t shape[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = aclemu_broadcast_shape(api, a, an, b, bn, shape, &nd)))
        return st;
    return aclemu_check_shape_is(api, out, oname, shape, nd);
}

aclnnStatus act_check_promote(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                              const char *bn, aclemu_dtype_set allowed, aclDataType *promoted)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, a, an, allowed)) || (st = aclemu_check_dtype(api, b, bn, allowed)))
        return st;
    *promoted = aclemu_promote_types(a->dtype, b->dtype);
    if (*promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s and %s dtype %s can not promote dtype.", an,
                                  aclemu_dtype_name(a->dtype), bn, aclemu_dtype_name(b->dtype));
    return aclemu_check_dtype_value(api, *promoted, "promoted", allowed);
}

aclnnStatus act_check_experimental(const char *api, const aclTensor *const *ins, const char *const *names,
                                   uint32_t nin, const aclTensor *out, const char *oname, aclemu_dtype_set allowed,
                                   int formats, int out_shape_checked)
{
    aclnnStatus st;
    for (uint32_t i = 1; i < nin; i++)
        if ((st = aclemu_check_same_dtype(api, ins[0], names[0], ins[i], names[i])))
            return st;
    if ((st = aclemu_check_same_dtype(api, ins[0], names[0], out, oname)) ||
        (st = aclemu_check_dtype(api, ins[0], names[0], allowed)))
        return st;
    for (uint32_t i = 0; formats && i <= nin; i++)
        if ((st = aclemu_check_format(api, i < nin ? ins[i] : out, i < nin ? names[i] : oname)))
            return st;
    for (uint32_t i = 0; i <= nin; i++)
        if ((st = aclemu_check_shape(api, i < nin ? ins[i] : out, i < nin ? names[i] : oname, ACLEMU_MAX_RANK)))
            return st;
    for (uint32_t i = 1; i < nin; i++)
        if ((st = aclemu_check_same_shape(api, ins[0], names[0], ins[i], names[i])))
            return st;
    if (out_shape_checked)
        return aclemu_check_same_shape(api, ins[0], names[0], out, oname);
    if (out->ndim != ins[0]->ndim || memcmp(out->shape, ins[0]->shape, out->ndim * sizeof(int64_t)) != 0) {
        char a[160], b[160];
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "the result of shape %s can not be copied into %s of shape %s.",
                               aclemu_shape_str(ins[0]->shape, ins[0]->ndim, a, sizeof a), oname,
                               aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    }
    return ACLNN_SUCCESS;
}
