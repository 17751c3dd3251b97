/* Planners of the index-along-a-dim ops of ops-nn: IndexSelect and GatherV2
 * (index/gather_v2/op_api), IndexCopy (+Inplace, index/scatter_update), IndexFill and
 * IndexFillTensor (+Inplace, index/index_fill_d), IndexAdd (index/inplace_scatter_add),
 * RepeatInterleaveGrad (index/repeat_interleave_grad). Checks in the real order: null -> dtype
 * (self's list, out / source of self's dtype, index INT32 / INT64) -> shapes -> dim. The
 * out-of-place Copy / Fill first copy self to out (ViewCopy), then write into out. Complex
 * dtypes, which the real lists have, are not supported yet. */
#include <string.h>

#include "acl/acl_rt.h"
#include "act_plan.h"
#include "aclemu_plans.h"
#include "index_dim_args.h"
#include "nn_check.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define SELECT_DTYPES (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(BOOL) | \
                       DT(UINT64) | DT(UINT32) | DT(UINT16) | DT(DOUBLE) | DT(BF16))
#define GATHER_DTYPES (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(BOOL) | \
                       DT(DOUBLE) | DT(BF16))
#define COPY_DTYPES (DT(INT64) | DT(DOUBLE) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(BOOL) | DT(FLOAT) | DT(FLOAT16) | \
                     DT(INT32) | DT(BF16))
#define FILL_DTYPES (DT(INT32) | DT(FLOAT16) | DT(FLOAT) | DT(INT64) | DT(BOOL) | DT(BF16) | DT(INT8) | DT(UINT8) | \
                     DT(INT16) | DT(DOUBLE))
#define INDEX_DTYPES (DT(INT32) | DT(INT64))
#define ADD_910 (DT(FLOAT) | DT(INT32) | DT(FLOAT16) | DT(DOUBLE) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(INT64) | DT(BOOL))

static aclnnStatus chk_dim(const char *api, const aclTensor *self, int64_t dim, int64_t *d)
{
    int64_t n = (int64_t)self->ndim, lo = n ? -n : -1, hi = n ? n - 1 : 0;
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim %lld not in valid range: [%lld, %lld]", (long long)dim, (long long)lo,
                                  (long long)hi);
    *d = n == 0 ? -1 : dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

static aclnnStatus chk_index1(const char *api, const aclTensor *index)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, index, "index", INDEX_DTYPES)))
        return st;
    if (index->ndim > 1)
        return ACLEMU_PARAM_ERROR(api, "index dimNum is %u, should not greater than 1", index->ndim);
    return ACLNN_SUCCESS;
}

/* Fills pre / post of `a` from the tensor t indexed along d (-1: a 0-d tensor). */
static void fill_side(idx_dim_args *a, const aclTensor *t, int64_t d, int64_t *pre_st, int64_t *post_st, int64_t *dim_st,
                      int set_shape)
{
    int np = 0, nq = 0;
    for (int64_t i = 0; i < (int64_t)t->ndim; i++) {
        if (i < d) {
            if (set_shape) a->pre[np] = t->shape[i];
            pre_st[np++] = t->stride[i];
        } else if (i > d) {
            if (set_shape) a->post[nq] = t->shape[i];
            post_st[nq++] = t->stride[i];
        }
    }
    *dim_st = d >= 0 ? t->stride[d] : 0;
    if (set_shape) {
        a->npre = np;
        a->npost = nq;
    }
}

/* GATHER (src = self, dst = out with the index dims after pre), COPY (src = source, dst =
 * target), FILL (dst = target): one IndexDim launch. `indexed` is the tensor whose dim d is
 * indexed (its size is len). */
static aclnnStatus launch_batch(aclOpExecutor *ex, int mode, const aclTensor *indexed, int64_t d, const aclTensor *src,
                                const aclTensor *dst, const aclTensor *index, const aclIntArray *inline_idx,
                                const aclScalar *value, int select, int32_t nbatch)
{
    int64_t K = index ? aclemu_tensor_numel(index) : (int64_t)inline_idx->size;
    if (aclemu_tensor_numel(dst) == 0 || K == 0)
        return ACLNN_SUCCESS;
    idx_dim_args a;
    memset(&a, 0, sizeof a);
    a.mode = mode;
    a.K = K;
    a.len = d >= 0 ? indexed->shape[d] : 1;
    fill_side(&a, indexed, d, mode == IDX_GATHER ? a.src_pre : a.dst_pre, mode == IDX_GATHER ? a.src_post : a.dst_post,
              mode == IDX_GATHER ? &a.src_dim : &a.dst_dim, 1);
    if (mode == IDX_GATHER) {
        /* dst = pre + index dims + post; IndexSelect (`select`): the index (0-d or 1-D) is one
         * dim of dst, of its element count */
        uint32_t nk = select ? (dst->ndim ? 1 : 0) : dst->ndim ? index->ndim - (uint32_t)nbatch : 0;
        a.nk = (int32_t)nk;
        a.nbatch = nbatch;
        for (int i = 0; i < nbatch; i++) {
            a.idx_batch[i] = index->stride[i];
            K /= index->shape[i]; /* the rest of the index per batch position (non-empty: checked) */
        }
        a.K = K;
        for (int i = 0; i < a.npre; i++) a.dst_pre[i] = dst->stride[i];
        for (uint32_t j = 0; j < nk; j++) {
            a.kshape[j] = select ? K : index->shape[(uint32_t)nbatch + j];
            a.dst_k[j] = dst->stride[(uint32_t)a.npre + j];
        }
        for (int i = 0; i < a.npost; i++) a.dst_post[i] = dst->stride[(uint32_t)a.npre + nk + (uint32_t)i];
    } else if (mode == IDX_COPY || mode == IDX_ADD) {
        fill_side(&a, src, d, a.src_pre, a.src_post, &a.src_dim, 0);
    }
    if (value) {
        a.fval = aclemu_scalar_to_f64(value);
        a.ival = aclemu_scalar_to_i64(value);
    }
    if (inline_idx) {
        if (inline_idx->size > IDX_MAX_INLINE)
            return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex),
                                   "more than %d indices in an aclIntArray are not supported yet.", IDX_MAX_INLINE);
        a.ninline = (int32_t)inline_idx->size;
        memcpy(a.inline_idx, inline_idx->data, inline_idx->size * sizeof(int64_t));
    }
    a.npre_total = 1;
    for (int i = 0; i < a.npre; i++) a.npre_total *= a.pre[i];
    int64_t per_pre = K; /* work per pre position, saturated (only a tiling hint) */
    for (int i = 0; i < a.npost; i++) per_pre = a.post[i] && per_pre > ((int64_t)1 << 40) / a.post[i] ? (int64_t)1 << 40 : per_pre * a.post[i];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)a.npre_total, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(16384 / (per_pre + 1) + 1),
                   1, &bd, &per);
    a.items_per_block = (int64_t)per;
    idx_dim_args *b = (idx_dim_args *)aclemu_exec_add_launch(ex, "IndexDim", bd, sizeof(idx_dim_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, b, &b->dst, dst)))
        return st;
    if (src && (st = aclemu_exec_tdesc(ex, b, &b->src, src)))
        return st;
    return index ? aclemu_exec_tdesc(ex, b, &b->index, index) : ACLNN_SUCCESS;
}

static aclnnStatus launch(aclOpExecutor *ex, int mode, const aclTensor *indexed, int64_t d, const aclTensor *src,
                          const aclTensor *dst, const aclTensor *index, const aclIntArray *inline_idx,
                          const aclScalar *value, int select)
{
    return launch_batch(ex, mode, indexed, d, src, dst, index, inline_idx, value, select, 0);
}

/* IndexAdd's launch: launch() in ADD mode with alpha as the value. For a 0-d self (d = -1)
 * the source's single dim plays no part (one element per index). */
static aclnnStatus launch_add(aclOpExecutor *ex, const aclTensor *out, int64_t d, const aclTensor *source,
                              const aclTensor *index, const aclScalar *alpha)
{
    return launch(ex, IDX_ADD, out, d, source, out, index, NULL, alpha, 0);
}

/* out (a separate tensor) = self, before the in-place part writes into out. */
static aclnnStatus copy_to(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out)
{
    if (out == self)
        return ACLNN_SUCCESS;
    aclnnStatus st = ACLNN_SUCCESS;
    const aclTensor *in[1] = {self};
    aclemu_ew_launch(ex, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st);
    return st;
}

aclnnStatus aclemu_plan_IndexSelect(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                    aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SELECT_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = chk_index1(api, index)))
        return st;
    if (self->ndim == 0 && out->ndim != 0)
        return ACLEMU_PARAM_ERROR(api, "self is scalar, and out should also be scalar");
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = chk_dim(api, self, dim, &d)))
        return st;
    int64_t want[ACLEMU_KMAX_RANK];
    memcpy(want, self->shape, self->ndim * sizeof(int64_t));
    if (self->ndim) want[d] = aclemu_tensor_numel(index);
    char a[256], b[256];
    if (out->ndim != self->ndim || memcmp(out->shape, want, self->ndim * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.", aclemu_shape_str(want, self->ndim, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    return launch(executor, IDX_GATHER, self, d, self, out, index, NULL, NULL, 1);
}

aclnnStatus aclemu_plan_GatherV2(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                 aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", GATHER_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, index, "index", INDEX_DTYPES)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = chk_dim(api, self, dim, &d)))
        return st;
    if (self->ndim == 0)
        return ACLEMU_PARAM_ERROR(api, "self should have at least one dim.");
    uint32_t n = 0;
    int64_t want[2 * ACLEMU_KMAX_RANK];
    for (int64_t i = 0; i < d; i++) want[n++] = self->shape[i];
    for (uint32_t j = 0; j < index->ndim; j++) want[n++] = index->shape[j];
    for (uint32_t i = (uint32_t)d + 1; i < self->ndim; i++) want[n++] = self->shape[i];
    char a[256], b[256];
    if (n > ACLEMU_MAX_RANK || out->ndim != n || memcmp(out->shape, want, n * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.", aclemu_shape_str(want, n, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    return launch(executor, IDX_GATHER, self, d, self, out, index, NULL, NULL, 0);
}

/* IndexCopy / InplaceIndexCopy: source has self's shape with dim of index's length. */
static aclnnStatus plan_copy(aclOpExecutor *ex, const aclTensor *self, int64_t dim, const aclTensor *index,
                             const aclTensor *source, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "selfRef")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, source, "source")) || (st = aclemu_check_notnull(api, out, "outRef")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "selfRef", COPY_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "selfRef", source, "source")) ||
        (st = aclemu_check_same_dtype(api, self, "selfRef", out, "outRef")) || (st = chk_index1(api, index)))
        return st;
    if ((st = aclemu_check_shape(api, self, "selfRef", ACLEMU_MAX_RANK)) || (st = chk_dim(api, self, dim, &d)) ||
        (st = aclemu_check_same_shape(api, self, "selfRef", out, "outRef")))
        return st;
    int64_t want[ACLEMU_KMAX_RANK];
    memcpy(want, self->shape, self->ndim * sizeof(int64_t));
    if (self->ndim) want[d] = aclemu_tensor_numel(index);
    char a[256], b[256];
    if (source->ndim != self->ndim || memcmp(source->shape, want, self->ndim * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of source should be %s, but current is %s.", aclemu_shape_str(want, self->ndim, a, sizeof a),
                                  aclemu_shape_str(source->shape, source->ndim, b, sizeof b));
    if ((st = copy_to(ex, self, out)))
        return st;
    return launch(ex, IDX_COPY, out, d, source, out, index, NULL, NULL, 0);
}

aclnnStatus aclemu_plan_IndexCopy(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim, const aclTensor *index,
                                  const aclTensor *source, aclTensor *outRef)
{
    return plan_copy(executor, selfRef, dim, index, source, outRef);
}

aclnnStatus aclemu_plan_InplaceIndexCopy(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim, const aclTensor *index,
                                         const aclTensor *source)
{
    return plan_copy(executor, selfRef, dim, index, source, selfRef);
}

/* IndexFill(+Tensor): value (a real scalar) at the index positions along dim. */
static aclnnStatus plan_fill(aclOpExecutor *ex, const aclTensor *self, const char *sn, int64_t dim, const aclTensor *index,
                             const aclIntArray *list, const aclScalar *value, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, index ? (const void *)index : list, "index")) ||
        (st = aclemu_check_notnull(api, value, "value")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, sn, FILL_DTYPES)) || (st = aclemu_check_same_dtype(api, self, sn, out, "out")) ||
        (index && (st = chk_index1(api, index))))
        return st;
    if (value->dtype == ACL_COMPLEX64 || value->dtype == ACL_COMPLEX128)
        return ACLEMU_PARAM_ERROR(api, "Type of value do not support complex type");
    if ((st = aclemu_check_shape(api, self, sn, ACLEMU_MAX_RANK)) || (st = chk_dim(api, self, dim, &d)) ||
        (st = aclemu_check_same_shape(api, self, sn, out, "out")))
        return st;
    int64_t len = self->ndim ? self->shape[d] : 1;
    if (list)
        for (uint64_t i = 0; i < list->size; i++)
            if (list->data[i] < -len || list->data[i] >= len)
                return ACLEMU_PARAM_ERROR(api, "Index value[%lld] is out of range, it should be smaller than [%lld].",
                                          (long long)list->data[i], (long long)len);
    if ((st = copy_to(ex, self, out)))
        return st;
    return launch(ex, IDX_FILL, out, d, NULL, out, index, list, value, 0);
}

aclnnStatus aclemu_plan_IndexFill(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                  const aclScalar *value, aclTensor *out)
{
    return plan_fill(executor, self, "self", dim, index, NULL, value, out);
}

aclnnStatus aclemu_plan_InplaceIndexFill(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim, const aclTensor *index,
                                         const aclScalar *value)
{
    return plan_fill(executor, selfRef, "selfRef", dim, index, NULL, value, selfRef);
}

aclnnStatus aclemu_plan_IndexFillTensor(aclOpExecutor *executor, const aclTensor *self, int64_t dim,
                                        const aclIntArray *index, const aclScalar *value, aclTensor *out)
{
    return plan_fill(executor, self, "self", dim, NULL, index, value, out);
}

aclnnStatus aclemu_plan_InplaceIndexFillTensor(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim,
                                               const aclIntArray *index, const aclScalar *value)
{
    return plan_fill(executor, selfRef, "selfRef", dim, NULL, index, value, selfRef);
}

/* IndexAdd: out = self, then out[..., index[k], ...] += alpha * source[..., k, ...] (index 0-d or
 * 1-D; a 0-d index / source count as 1-D, as the real UnsqueezeNd does). Checks in the real
 * order: null (self, index, source, alpha, out) -> dtypes (self / index / source / out in the
 * list, BF16 on A2 / A3 / 950; source and out of self's dtype) -> shapes (rank <= 8, dim,
 * source's rank and sizes but at dim, index 1-D of source's size at dim, out of self's shape).
 * Repeated indices accumulate in index order (one block per range of leading positions):
 * deterministic, as the real sorted path. */
/* v2: aclnnIndexAddV2's own dtype list (the A2 list on every chip) and alpha cast check. */
static aclnnStatus plan_index_add(aclOpExecutor *executor, const aclTensor *self, const int64_t dim, const aclTensor *index,
                                  const aclTensor *source, const aclScalar *alpha, const aclTensor *out, int v2, int64_t mode)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, source, "source")) || (st = aclemu_check_notnull(api, alpha, "alpha")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int fam = aclemu_op_profile()->family;
    aclemu_dtype_set list = ADD_910 | (v2 || fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3 || fam == ACLEMU_FAMILY_950 ? DT(BF16) : 0);
    if (v2 && !aclemu_dtype_in(self->dtype, list))
        return ACLEMU_PARAM_ERROR(api, "self dtype %s should be in dtype support list [%s].", aclemu_dtype_name(self->dtype),
                                  aclemu_dtype_set_str(list, (char[512]){0}, 512));
    if (v2 && !aclemu_dtype_in(index->dtype, INDEX_DTYPES))
        return ACLEMU_PARAM_ERROR(api, "index dtype %s should be in dtype support list [DT_INT64, DT_INT32].",
                                  aclemu_dtype_name(index->dtype));
    if (v2 && self->dtype != source->dtype)
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and source dtype %s must same.", aclemu_dtype_name(self->dtype),
                                  aclemu_dtype_name(source->dtype));
    if (v2 && (st = aclemu_check_can_cast(api, alpha->dtype, self, "self")))
        return st;
    char lb[512];
    aclemu_dtype_set_str(list, lb, sizeof lb);
    if (!aclemu_dtype_in(self->dtype, list))
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s should be in dtype support list [%s].", aclemu_dtype_name(self->dtype), lb);
    if (!aclemu_dtype_in(index->dtype, INDEX_DTYPES))
        return ACLEMU_PARAM_ERROR(api, "index dtype %s should be in dtype support list [DT_INT64, DT_INT32].",
                                  aclemu_dtype_name(index->dtype));
    if (!aclemu_dtype_in(source->dtype, list))
        return ACLEMU_PARAM_ERROR(api, "source dtype %s should be in dtype support list [%s].", aclemu_dtype_name(source->dtype), lb);
    if (!aclemu_dtype_in(out->dtype, list))
        return ACLEMU_PARAM_ERROR(api, "outDtype dtype %s should be in dtype support list [%s].", aclemu_dtype_name(out->dtype), lb);
    if (self->dtype != source->dtype || self->dtype != out->dtype)
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and source dtype %s must same.", aclemu_dtype_name(self->dtype),
                                  aclemu_dtype_name(self->dtype != source->dtype ? source->dtype : out->dtype));
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, source, "source", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)self->ndim;
    if (n == 0 ? (dim != -1 && dim != 0) : (dim < -n || dim >= n))
        return n == 0 ? ACLEMU_PARAM_ERROR(api, "when self.dims() == 0, dim should be 0 or -1, but dim is %lld.", (long long)dim)
                      : ACLEMU_PARAM_ERROR(api, "dim should be in [-self.dims(), self.dims), but dim is %lld.", (long long)dim);
    uint32_t srank = source->ndim ? source->ndim : 1; /* 0-d source: [1] */
    int64_t sshape0 = source->ndim ? 0 : 1;
    if (n != 0 && (uint32_t)n != srank)
        return ACLEMU_PARAM_ERROR(api, "DimNum of self must be equal to dimNum of source.");
    int64_t d = n == 0 ? 0 : dim < 0 ? dim + n : dim;
    for (int64_t i = 0; i < n; i++)
        if (i != d && self->shape[i] != source->shape[i])
            return ACLEMU_PARAM_ERROR(api, "The size of self must match the size of source at dimension %lld.", (long long)dim);
    if (index->ndim > 1)
        return ACLEMU_PARAM_ERROR(api, "Index dimension %u is supposed to be 1.", index->ndim);
    int64_t icount = index->ndim ? index->shape[0] : 1;
    int64_t scount = source->ndim ? source->shape[n ? d : 0] : sshape0;
    if (icount != scount)
        return ACLEMU_PARAM_ERROR(api, "Number of index should be equal to number of source in dim  %lld.", (long long)dim);
    if ((st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(source) == 0)
        return ACLNN_SUCCESS;
    if (v2 && mode == 0) { /* the AI Core path: A2 / A3, its dtypes, 2-D self, dim 0; no alpha */
        aclemu_dtype_set core = DT(FLOAT) | DT(FLOAT16) | DT(INT32) | DT(INT16) | DT(BF16);
        if (!((fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3) && aclemu_dtype_in(self->dtype, core) && self->ndim == 2 &&
              index->ndim == 1 && (dim == 0 || dim == -2)))
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "Do not support mode == 0, please check!");
    }
    if ((st = copy_to(executor, self, out)))
        return st;
    if (v2 && mode == 0) {
        float one = 1.0f;
        aclScalar *a1 = aclCreateScalar(&one, ACL_FLOAT);
        if (!a1)
            return ACLNN_ERR_INNER;
        st = launch_add(executor, out, n ? d : -1, source, index, a1);
        aclDestroyScalar(a1);
        return st;
    }
    return launch_add(executor, out, n ? d : -1, source, index, alpha);
}

aclnnStatus aclemu_plan_IndexAdd(aclOpExecutor *executor, const aclTensor *self, const int64_t dim, const aclTensor *index,
                                 const aclTensor *source, const aclScalar *alpha, aclTensor *out)
{
    return plan_index_add(executor, self, dim, index, source, alpha, out, 0, 1);
}

/* IndexAddV2: deterministic mode (aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1)) runs IndexAdd;
 * otherwise mode 1 (the AI CPU path, exact in double) computes what IndexAdd does, and mode 0
 * (the AI Core scatter-add) exists only on A2 / A3 for FLOAT / FLOAT16 / INT32 / INT16 / BF16,
 * a 2-D self, a 1-D index and dim 0 (else "Do not support mode == 0", ACLNN_ERR_INNER_NULLPTR
 * as the real op returns) and, like that kernel, adds source without alpha. */
aclnnStatus aclemu_plan_IndexAddV2(aclOpExecutor *executor, const aclTensor *self, const int64_t dim, const aclTensor *index,
                                   const aclTensor *source, const aclScalar *alpha, int64_t mode, aclTensor *out)
{
    int64_t det = 0;
    if (aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &det) != ACL_SUCCESS)
        det = 0;
    if (det != 0)
        return plan_index_add(executor, self, dim, index, source, alpha, out, 0, 1);
    return plan_index_add(executor, self, dim, index, source, alpha, out, 1, mode);
}

/* aclnnGatherV3 (aclnn_gather_v3.cpp), checks in the real order: null (self, index, out) ->
 * out of self's dtype, self in FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, BOOL, DOUBLE,
 * COMPLEX64, COMPLEX128, BF16 (the chip rule), index INT32 / INT64 -> ranks <= 8, dim in
 * [-n, n) (n = max(rank(self), 1)), out of self[:dim] + index[batchDims:] + self[dim+1:] (the
 * 950; A2 / A3 keep every index dim) -> the 950: batchDims in [-rank(index), rank(index)],
 * below rank(self), at most dim, self and index sharing those dims; A2 / A3: only dim 0,
 * batchDims 0 and mode 1 -> empty self or index: nothing to run. The 910 / 310P / 310B have no
 * kernel (361001). `mode` only picks a tiling on the card (out-of-range indices fail the launch). */
aclnnStatus aclemu_plan_GatherV3(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                 int64_t batchDims, int64_t mode, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, self, "self", GATHER_DTYPES | DT(COMPLEX64) | DT(COMPLEX128))) ||
        (st = aclemu_check_dtype(api, index, "index", INDEX_DTYPES)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, index, "index", ACLEMU_MAX_RANK)))
        return st;
    const int regbase = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    int64_t n = self->ndim ? (int64_t)self->ndim : 1, d = dim;
    if (dim < -n || dim >= n)
        return ACLEMU_PARAM_ERROR(api, "dim %lld not in valid range: [%lld, %lld)", (long long)dim, (long long)-n, (long long)n);
    if (d < 0)
        d += n;
    int64_t want[2 * ACLEMU_KMAX_RANK];
    uint32_t nw = 0;
    if (self->ndim) {
        for (int64_t i = 0; i < d; i++) want[nw++] = self->shape[i];
        for (int64_t j = regbase ? batchDims : 0; j >= 0 && j < (int64_t)index->ndim; j++) want[nw++] = index->shape[j];
        for (uint32_t i = (uint32_t)d + 1; i < self->ndim; i++) want[nw++] = self->shape[i];
    }
    char b1[256], b2[256];
    if (out->ndim != nw || memcmp(out->shape, want, nw * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Expected tensor for out to have same size as %s, but got %s.", aclemu_shape_str(want, nw, b1, sizeof b1),
                                  aclemu_shape_str(out->shape, out->ndim, b2, sizeof b2));
    int64_t nb = batchDims;
    if (regbase) {
        int64_t ni = index->ndim ? (int64_t)index->ndim : 1;
        if (nb != 0) {
            if (nb < -ni || nb > ni)
                return ACLEMU_PARAM_ERROR(api, "aclnnGatherV3, batchDims is invalid.");
            if (nb < 0)
                nb += ni;
            if (nb >= n)
                return ACLEMU_PARAM_ERROR(api, "aclnnGatherV3, batchDims must be less than rank(self).");
            if (nb > d)
                return ACLEMU_PARAM_ERROR(api, "aclnnGatherV3, batchDims must be less than or equal to dim.");
            for (int64_t i = 0; i < nb; i++)
                if (i >= (int64_t)index->ndim || self->shape[i] != index->shape[i])
                    return ACLEMU_PARAM_ERROR(api, "aclnnGatherV3, self.shape[:batch_dims] should be equal to indices.shape[:batch_dims].");
        }
    } else if (dim != 0 || batchDims != 0 || mode != 1) {
        return ACLEMU_PARAM_ERROR(api, "Currently, only dim=0, batchDims=0, and mode=1 are supported.");
    }
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(index) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    return launch_batch(executor, IDX_GATHER, self, self->ndim ? d : -1, self, out, index, NULL, NULL, 0, (int32_t)nb);
}

/* ---- aclnnRepeatInterleaveGrad (index/repeat_interleave_grad; its aclnn layer is generated
 * from the op definition). Order: nulls (yGrad, repeats, out; 161001) -> the chips the
 * definition registers a kernel for (A2 / A3 / 950; 161002) -> yGrad FLOAT / FLOAT16 / BFLOAT16,
 * repeats INT32 / INT64, out of yGrad's dtype (161002) -> ND formats -> what the host tilings
 * refuse (561002): yGrad above 8 dims, an empty or 2-D+ repeats, axis outside [-n, n), and an
 * out whose element count is not yGrad's with the axis reduced. A one-element repeats takes its
 * group size from the shapes (yGrad / out elements), as the tilings do; a longer one is read on
 * the device (negative counts or a sum other than yGrad's axis length fail the stream, 507015).
 * out may have any shape of that element count (contiguous), or the reduced shape as any view. */
#define RIG_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16))

#define RIG_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int rig_contiguous(const aclTensor *t)
{
    int64_t s = 1;
    for (int i = (int)t->ndim - 1; i >= 0; i--) {
        if (t->shape[i] != 1 && t->stride[i] != s)
            return 0;
        s *= t->shape[i];
    }
    return 1;
}

aclnnStatus aclemu_plan_RepeatInterleaveGrad(aclOpExecutor *executor, const aclTensor *yGrad, const aclTensor *repeats,
                                             int64_t axis, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, yGrad, "yGrad")) || (st = aclemu_check_notnull(api, repeats, "repeats")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)) || (st = aclemu_check_dtype(api, yGrad, "yGrad", RIG_DTYPES)) ||
        (st = aclemu_check_dtype(api, repeats, "repeats", INDEX_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, yGrad, "yGrad", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, yGrad, "yGrad")) || (st = aclemu_check_format(api, repeats, "repeats")) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    if (yGrad->ndim > 8)
        return RIG_TILING_ERROR(api, "yGrad has %u dims, it should not be greater than 8.", yGrad->ndim);
    if ((st = aclemu_check_shape(api, yGrad, "yGrad", 8)) || (st = aclemu_check_shape(api, repeats, "repeats", 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    int64_t nrep = aclemu_tensor_numel(repeats);
    if (nrep == 0)
        return RIG_TILING_ERROR(api, "repeats is an empty tensor, its size should be > 0.");
    if (repeats->ndim > 1)
        return RIG_TILING_ERROR(api, "repeats has %u dims, it should be a 0-D or 1-D tensor.", repeats->ndim);
    int64_t n = yGrad->ndim ? (int64_t)yGrad->ndim : 1;
    if (axis < -n || axis >= n)
        return RIG_TILING_ERROR(api, "axis %lld should be in [%lld, %lld].", (long long)axis, (long long)-n, (long long)(n - 1));
    int64_t d = axis < 0 ? axis + n : axis;
    /* yGrad as [pre..., len, post...] (a 0-d yGrad as [1]) */
    act_view y;
    act_view_of(&y, yGrad);
    if (yGrad->ndim == 0) {
        y.view.ndim = 1;
        y.view.shape[0] = 1;
        y.view.stride[0] = 1;
    }
    int64_t len = y.view.shape[d], ynum = aclemu_tensor_numel(yGrad), onum = aclemu_tensor_numel(out), K, group = 0;
    if (ynum == 0 || onum == 0) {
        if (ynum != onum)
            return RIG_TILING_ERROR(api, "yGrad holds %lld elements and out %lld: both or neither should be empty.",
                                    (long long)ynum, (long long)onum);
        return ACLNN_SUCCESS;
    }
    if (nrep == 1) {
        if (ynum % onum)
            return RIG_TILING_ERROR(api, "yGrad shape size %lld is not a multiple of out shape size %lld.", (long long)ynum,
                                    (long long)onum);
        group = ynum / onum;
        if (len % group)
            return RIG_TILING_ERROR(api, "yGrad's axis length %lld is not a multiple of the repeat %lld.", (long long)len,
                                    (long long)group);
        K = len / group;
    } else {
        K = nrep;
        if (onum != ynum / len * K)
            return RIG_TILING_ERROR(api, "out holds %lld elements, it should hold %lld (yGrad with axis %lld reduced to %lld).",
                                    (long long)onum, (long long)(ynum / len * K), (long long)d, (long long)K);
    }
    /* out as yGrad's shape with K along d: out itself when it has that shape, else contiguous */
    act_view o;
    act_view_of(&o, out);
    int same = out->ndim == y.view.ndim;
    for (uint32_t i = 0; same && i < out->ndim; i++)
        same = out->shape[i] == ((int64_t)i == d ? K : y.view.shape[i]);
    if (!same) {
        if (!rig_contiguous(out))
            return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                                   "a non-contiguous out of another shape than yGrad's with the axis reduced is not supported yet.");
        o.view.ndim = y.view.ndim;
        int64_t s = 1;
        for (int i = (int)y.view.ndim - 1; i >= 0; i--) {
            o.view.shape[i] = i == d ? K : y.view.shape[i];
            o.view.stride[i] = s;
            s *= o.view.shape[i];
        }
    }
    idx_dim_args a;
    memset(&a, 0, sizeof a);
    a.mode = IDX_SEGSUM;
    a.K = K;
    a.len = len;
    a.seg_fixed = nrep == 1;
    a.ival = group;
    fill_side(&a, &o.view, d, a.dst_pre, a.dst_post, &a.dst_dim, 1);
    fill_side(&a, &y.view, d, a.src_pre, a.src_post, &a.src_dim, 0);
    a.npre_total = 1;
    for (int i = 0; i < a.npre; i++) a.npre_total *= a.pre[i];
    int64_t per_pre = ynum / a.npre_total;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)a.npre_total, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(16384 / (per_pre + 1) + 1),
                   1, &bd, &per);
    a.items_per_block = (int64_t)per;
    idx_dim_args *b = (idx_dim_args *)aclemu_exec_add_launch(executor, "IndexDim", bd, sizeof(idx_dim_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    if ((st = aclemu_exec_tdesc(executor, b, &b->dst, &o.view)) || (st = aclemu_exec_bind_tensor(executor, b, &b->dst.addr, out)) ||
        (st = aclemu_exec_tdesc(executor, b, &b->src, &y.view)) ||
        (st = aclemu_exec_bind_tensor(executor, b, &b->src.addr, yGrad)))
        return st;
    return a.seg_fixed ? ACLNN_SUCCESS : aclemu_exec_tdesc(executor, b, &b->index, repeats);
}
