/* Stage-1 side of the reduction family: dims, output shape, kept/reduced dims split and merged,
 * tiling over the vector cores (parts of one output over several blocks when there are fewer
 * outputs than blocks, merged by ReduceFinish in a fixed order). */
#include <string.h>

#include "aclemu_plans.h"
#include "reduce_plan.h"

/* Elements a block should at least get (below that, spreading costs more than it saves). */
#define RED_MIN_BLOCK_ELEMS 32768

static int64_t rank1(const aclTensor *t) { return t->ndim ? (int64_t)t->ndim : 1; }

aclnnStatus red_dims_mask(const char *api, const aclTensor *self, const aclIntArray *dims, bool empty_all,
                          uint64_t *mask)
{
    int64_t n = rank1(self);
    *mask = 0;
    for (uint64_t i = 0; i < dims->size; i++) {
        int64_t d = dims->data[i];
        if (d < -n || d >= n)
            return ACLEMU_PARAM_ERROR(api, "Provided dim %lld must be in the range of [%lld, %lld].", (long long)d,
                                      (long long)-n, (long long)(n - 1));
        int64_t w = d < 0 ? d + n : d;
        if (*mask & (1ull << w))
            return ACLEMU_PARAM_ERROR(api, "Dim %lld appears multiple times in the list of dims.", (long long)w);
        *mask |= 1ull << w;
    }
    if (dims->size == 0 && empty_all)
        *mask = n >= 64 ? ~0ull : (1ull << n) - 1;
    if (self->ndim == 0)
        *mask &= 0; /* a 0-d tensor has nothing to reduce: its one element is the result */
    return ACLNN_SUCCESS;
}

aclnnStatus red_dim_one(const char *api, const aclTensor *self, int64_t dim, int64_t *wrapped)
{
    int64_t n = (int64_t)self->ndim, lo = -n, hi = n - 1;
    if (n == 0) {
        lo = -1;
        hi = 0;
    }
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim must be within the range of [%lld, %lld], but it is %lld.",
                                  (long long)lo, (long long)hi, (long long)dim);
    *wrapped = n == 0 ? 0 : dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

/* The reduced shape of self; returns its rank. */
static uint32_t reduced_shape(const aclTensor *self, uint64_t mask, bool keepdim, int64_t *shape)
{
    uint32_t r = 0;
    for (uint32_t i = 0; i < self->ndim; i++) {
        if (mask & (1ull << i)) {
            if (keepdim)
                shape[r++] = 1;
        } else {
            shape[r++] = self->shape[i];
        }
    }
    return r;
}

/* 1 when t has exactly the reduced shape, 2 when only "both one element" holds, 0 otherwise. */
static int out_matches(const aclTensor *self, uint64_t mask, bool keepdim, const aclTensor *t)
{
    int64_t shape[ACLEMU_KMAX_RANK];
    uint32_t r = reduced_shape(self, mask, keepdim, shape);
    int same = t->ndim == r;
    int64_t n = 1;
    for (uint32_t i = 0; i < r; i++) {
        n *= shape[i];
        if (same && t->shape[i] != shape[i])
            same = 0;
    }
    if (same)
        return 1;
    return n == 1 && aclemu_tensor_numel(t) == 1 ? 2 : 0;
}

aclnnStatus red_check_out_shape(const char *api, const aclTensor *self, uint64_t mask, bool keepdim,
                                const aclTensor *out, const char *name)
{
    if (out_matches(self, mask, keepdim, out))
        return ACLNN_SUCCESS;
    int64_t shape[ACLEMU_KMAX_RANK];
    uint32_t r = reduced_shape(self, mask, keepdim, shape);
    char a[256], b[256];
    return ACLEMU_PARAM_ERROR(api, "The tensor's shape[%s] is not equal with shape[%s] (%s).",
                              aclemu_shape_str(shape, r, a, sizeof a), aclemu_shape_str(out->shape, out->ndim, b, sizeof b),
                              name);
}

static int red_domain_of(aclDataType dt)
{
    return aclemu_dtype_is_float(dt) || dt == ACL_DOUBLE ? RED_DOM_F64 : RED_DOM_I64;
}

/* Fills the kept / reduced dims of `a` (size-1 dims dropped, adjacent dims merged). */
static void split_dims(red_args *a, const aclTensor *self, uint64_t mask, bool keepdim, const aclTensor *out,
                       const aclTensor *idx)
{
    int exact_out = out_matches(self, mask, keepdim, out) == 1;
    int exact_idx = idx && out_matches(self, mask, keepdim, idx) == 1;
    int oi = 0;
    a->nk = a->nr = 0;
    for (uint32_t i = 0; i < self->ndim; i++) {
        int red = (mask >> i) & 1;
        int has_out_dim = !red || keepdim;
        int64_t os = exact_out && has_out_dim ? out->stride[oi] : 0;
        int64_t xs = exact_idx && has_out_dim ? idx->stride[oi] : 0;
        if (has_out_dim)
            oi++;
        if (self->shape[i] == 1)
            continue;
        if (red) {
            int n = a->nr;
            if (n && a->rin[n - 1] == self->stride[i] * self->shape[i]) {
                a->rshape[n - 1] *= self->shape[i];
                a->rin[n - 1] = self->stride[i];
            } else {
                a->rshape[n] = self->shape[i];
                a->rin[n] = self->stride[i];
                a->nr++;
            }
        } else {
            int n = a->nk;
            int64_t sz = self->shape[i];
            if (n && a->kin[n - 1] == self->stride[i] * sz && a->kout[n - 1] == os * sz &&
                a->kidx[n - 1] == xs * sz) {
                a->kshape[n - 1] *= sz;
                a->kin[n - 1] = self->stride[i];
                a->kout[n - 1] = os;
                a->kidx[n - 1] = xs;
            } else {
                a->kshape[n] = sz;
                a->kin[n] = self->stride[i];
                a->kout[n] = os;
                a->kidx[n] = xs;
                a->nk++;
            }
        }
    }
    a->nout = 1;
    for (int i = 0; i < a->nk; i++)
        a->nout *= a->kshape[i];
    a->rcount = 1;
    for (int i = 0; i < a->nr; i++)
        a->rcount *= a->rshape[i];
    /* a reduced dim of size 0 was dropped with the size-1 ones only if size 1: keep the count */
    for (uint32_t i = 0; i < self->ndim; i++)
        if (((mask >> i) & 1) && self->shape[i] == 0)
            a->rcount = 0;
}

static aclnnStatus bind_all(aclOpExecutor *ex, red_args *a, const aclTensor *self, const aclTensor *out,
                            const aclTensor *idx, int64_t ws_off, int64_t in_ws_plus1)
{
    aclnnStatus st;
    if (in_ws_plus1 > 0)
        st = aclemu_exec_bind_workspace(ex, a, &a->in, (uint64_t)(in_ws_plus1 - 1));
    else
        st = aclemu_exec_bind_tensor(ex, a, &a->in, self);
    if (st || (st = aclemu_exec_bind_tensor(ex, a, &a->out, out)))
        return st;
    if (idx && (st = aclemu_exec_bind_tensor(ex, a, &a->idx, idx)))
        return st;
    if (ws_off >= 0 && (st = aclemu_exec_bind_workspace(ex, a, &a->ws, (uint64_t)ws_off)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus red_launch(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keepdim, int op,
                       aclDataType comp, const aclTensor *out, const aclTensor *idx)
{
    return red_launch_p(ex, self, mask, keepdim, op, comp, out, idx, 0.0);
}

aclnnStatus red_launch_p(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keepdim, int op,
                         aclDataType comp, const aclTensor *out, const aclTensor *idx, double p)
{
    red_opts o;
    memset(&o, 0, sizeof o);
    o.p = p;
    return red_launch_opts(ex, self, mask, keepdim, op, comp, out, idx, &o);
}

aclnnStatus red_launch_opts(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keepdim, int op,
                            aclDataType comp, const aclTensor *out, const aclTensor *idx, const red_opts *o)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = red_check_out_shape(api, self, mask, keepdim, out, "out")) ||
        (idx && (st = red_check_out_shape(api, self, mask, keepdim, idx, o->idx_name ? o->idx_name : "indices"))))
        return st;
    red_args a;
    memset(&a, 0, sizeof a);
    a.op = op;
    a.in_dtype = self->dtype;
    a.comp_dtype = comp;
    a.domain = red_domain_of(comp);
    a.out_dtype = out->dtype;
    a.idx_dtype = idx ? idx->dtype : ACL_INT64;
    a.in_off = self->offset;
    a.out_off = out->offset;
    a.idx_off = idx ? idx->offset : 0;
    split_dims(&a, self, mask, keepdim, out, idx);
    a.scale = a.rcount ? 1.0 / (double)a.rcount : 0.0;
    a.p = o->p;
    a.correction = o->correction;
    a.eps = o->eps;
    a.post = o->post;
    if (a.nout == 0)
        return ACLNN_SUCCESS; /* nothing to write */
    uint32_t maxb = aclemu_vector_core_num(aclemu_op_profile());
    if (maxb == 0)
        maxb = 1;
    /* parts of one output over several blocks when the outputs alone would leave blocks idle */
    a.parts = 1;
    if ((uint64_t)a.nout < maxb && a.rcount >= 2 * RED_MIN_BLOCK_ELEMS) {
        int64_t want = ((int64_t)maxb + a.nout - 1) / a.nout, cap = a.rcount / RED_MIN_BLOCK_ELEMS;
        a.parts = want < cap ? want : cap;
        if (a.parts < 1)
            a.parts = 1;
    }
    uint64_t items = (uint64_t)(a.nout * a.parts);
    int64_t per_item = a.rcount / a.parts;
    uint64_t min_items = per_item >= RED_MIN_BLOCK_ELEMS ? 1 : (uint64_t)(RED_MIN_BLOCK_ELEMS / (per_item + 1) + 1);
    /* the kernel's rows walk (reduction across the contiguous kept dim): whole 4 KiB pieces of
     * each input row per block (a column sum of a wide matrix read 344 B per row per block) */
    if (a.parts == 1 && a.nk > 0 && a.kin[a.nk - 1] == 1 && a.kshape[a.nk - 1] > 1 && a.nr > 0 &&
        a.rin[a.nr - 1] != 1) {
        uint64_t w = (uint64_t)(a.kshape[a.nk - 1] < RED_ROW_WIDE ? a.kshape[a.nk - 1] : RED_ROW_WIDE);
        if (min_items < w)
            min_items = w;
    }
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d(items, maxb, min_items, 1, &bd, &per);
    a.items_per_block = (int64_t)per;
    int64_t ws_off = -1;
    if (a.parts > 1)
        ws_off = (int64_t)aclemu_exec_alloc_workspace(ex, items * sizeof(red_state));
    red_args *b = (red_args *)aclemu_exec_add_launch(ex, "Reduce", bd, sizeof(red_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    if ((st = bind_all(ex, b, self, out, idx, ws_off, o->in_ws_plus1)))
        return st;
    if (a.parts == 1)
        return ACLNN_SUCCESS;
    uint32_t fb = (uint64_t)a.nout < maxb ? (uint32_t)a.nout : maxb;
    red_args *f = (red_args *)aclemu_exec_add_launch(ex, "ReduceFinish", fb, sizeof(red_args));
    if (!f)
        return ACLNN_ERR_INNER;
    *f = a;
    return bind_all(ex, f, self, out, idx, ws_off, o->in_ws_plus1);
}
