/* aclnnChunkCat (ops-math conversion/chunk_cat): tensor t of dim-0 size d is cut into numChunks
 * chunks of c = ceil(d / numChunks) rows (the last ones short or empty, zero-padded), each
 * flattened; out is (numChunks, sum_t c_t * inner_t), row i = chunk i of every tensor in order.
 * Planned as view copies (ViewCopy kernel, dtype converted to out's) of all full chunks at once,
 * one for the short chunk, and ZerosLike over the padding. Checks follow op_api/aclnn_chunk_cat.cpp:
 * dim first (only 0), then tensors null, an empty list is a no-op, then null items / out, dtypes
 * (A2 / A3 / 950 only: FLOAT, FLOAT16, BF16; all items alike; FLOAT in -> FLOAT out), formats,
 * ranks 1..8, and out's shape against the inferred one; empty tensors are left out. */
#include <string.h>

#include "aclemu_plans.h"
#include "movement_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define CHUNK_CAT_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16))

static aclemu_dtype_set chunk_cat_dtypes(void)
{
    /* the real list is empty outside DAV_2201 (A2 / A3) and the RegBase chips (950) */
    return aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950) ? aclemu_chip_dtypes(CHUNK_CAT_DTYPES) : 0;
}

/* v: a rank-n view (shape, strides, offset) into the storage of the API tensor `base`. */
static void chunk_view(act_view *v, const aclTensor *out, int64_t offset, uint32_t n, const int64_t *shape,
                       const int64_t *stride)
{
    act_view_of(v, out);
    v->view.ndim = n;
    memcpy(v->view.inl_shape, shape, n * sizeof(int64_t));
    memcpy(v->view.inl_stride, stride, n * sizeof(int64_t));
    v->view.offset = offset;
}

static aclnnStatus chunk_zero(aclOpExecutor *ex, const act_view *dst)
{
    aclnnStatus st = ACLNN_SUCCESS;
    aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(ex, "ZerosLike", sizeof(aclemu_ew), &dst->view, NULL, 0, &st);
    if (!ew)
        return st;
    return aclemu_exec_bind_tensor(ex, ew, &ew->op[0].addr, dst->base);
}

/* The copies of tensor t into out's columns [c0, c0 + cs * inner) of every row. */
static aclnnStatus chunk_one(aclOpExecutor *ex, const aclTensor *t, const aclTensor *out, int64_t s0, int64_t s1,
                             int64_t nchunks, int64_t cs, int64_t c0)
{
    aclnnStatus st;
    int64_t d0 = t->shape[0];
    /* the dims after 0, adjacent ones merged where t's strides allow (so a chunk index fits) */
    int64_t rs[ACLEMU_KMAX_RANK], rt[ACLEMU_KMAX_RANK], inner = 1;
    uint32_t nr = 0;
    for (uint32_t k = 1; k < t->ndim; k++) {
        inner *= t->shape[k];
        if (t->shape[k] == 1)
            continue;
        if (nr && rt[nr - 1] == t->stride[k] * t->shape[k]) {
            rs[nr - 1] *= t->shape[k];
            rt[nr - 1] = t->stride[k];
        } else {
            rs[nr] = t->shape[k];
            rt[nr++] = t->stride[k];
        }
    }
    int64_t dstr[ACLEMU_KMAX_RANK]; /* out's strides of the merged dims: row-major inside a row */
    for (int64_t k = (int64_t)nr - 1, s = s1; k >= 0; k--) {
        dstr[k] = s;
        s *= rs[k];
    }
    int64_t fc = d0 / cs, rem = d0 - fc * cs;
    int64_t shp[ACLEMU_KMAX_RANK], sstr[ACLEMU_KMAX_RANK], ostr[ACLEMU_KMAX_RANK];
    act_view src, dst;
    if (fc > 0) {
        if (nr + 2 <= ACLEMU_KMAX_RANK) { /* all full chunks in one copy: (chunk, row, rest...) */
            shp[0] = fc; sstr[0] = cs * t->stride[0]; ostr[0] = s0;
            shp[1] = cs; sstr[1] = t->stride[0]; ostr[1] = inner * s1;
            memcpy(shp + 2, rs, nr * sizeof(int64_t));
            memcpy(sstr + 2, rt, nr * sizeof(int64_t));
            memcpy(ostr + 2, dstr, nr * sizeof(int64_t));
            chunk_view(&src, t, t->offset, nr + 2, shp, sstr);
            chunk_view(&dst, out, out->offset + c0 * s1, nr + 2, shp, ostr);
            if ((st = mv_copy(ex, &dst, &src)))
                return st;
        } else { /* rank-8 views that do not merge: one copy per chunk */
            shp[0] = cs; sstr[0] = t->stride[0]; ostr[0] = inner * s1;
            memcpy(shp + 1, rs, nr * sizeof(int64_t));
            memcpy(sstr + 1, rt, nr * sizeof(int64_t));
            memcpy(ostr + 1, dstr, nr * sizeof(int64_t));
            for (int64_t i = 0; i < fc; i++) {
                chunk_view(&src, t, t->offset + i * cs * t->stride[0], nr + 1, shp, sstr);
                chunk_view(&dst, out, out->offset + i * s0 + c0 * s1, nr + 1, shp, ostr);
                if ((st = mv_copy(ex, &dst, &src)))
                    return st;
            }
        }
    }
    if (rem > 0) { /* the short chunk fc */
        shp[0] = rem; sstr[0] = t->stride[0]; ostr[0] = inner * s1;
        memcpy(shp + 1, rs, nr * sizeof(int64_t));
        memcpy(sstr + 1, rt, nr * sizeof(int64_t));
        memcpy(ostr + 1, dstr, nr * sizeof(int64_t));
        chunk_view(&src, t, t->offset + fc * cs * t->stride[0], nr + 1, shp, sstr);
        chunk_view(&dst, out, out->offset + fc * s0 + c0 * s1, nr + 1, shp, ostr);
        if ((st = mv_copy(ex, &dst, &src)))
            return st;
    }
    if (fc < nchunks) { /* padding: the rest of chunk fc, then chunks fc+1.. whole */
        int64_t z[2] = {(cs - rem) * inner, 0}, zs[2] = {s1, 0};
        chunk_view(&dst, out, out->offset + fc * s0 + (c0 + rem * inner) * s1, 1, z, zs);
        if ((st = chunk_zero(ex, &dst)))
            return st;
        if (fc + 1 < nchunks) {
            int64_t z2[2] = {nchunks - fc - 1, cs * inner}, zs2[2] = {s0, s1};
            chunk_view(&dst, out, out->offset + (fc + 1) * s0 + c0 * s1, 2, z2, zs2);
            if ((st = chunk_zero(ex, &dst)))
                return st;
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ChunkCat(aclOpExecutor *executor, const aclTensorList *tensors, int64_t dim,
                                 int64_t numChunks, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (dim != 0)
        return ACLEMU_PARAM_ERROR(api, "dim only support 0 now.");
    if (!tensors)
        return ACLEMU_NULL_ERROR(api, "tensors is nullptr.");
    if (tensors->size == 0)
        return ACLNN_SUCCESS;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (!tensors->items[i])
            return ACLEMU_NULL_ERROR(api, "tensors[%llu] should not be nullptr.", (unsigned long long)i);
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set allowed = chunk_cat_dtypes();
    aclDataType dt = tensors->items[0]->dtype;
    if (!aclemu_dtype_in(dt, allowed)) {
        char list[256];
        aclemu_dtype_set_str(allowed, list, sizeof list);
        return ACLEMU_PARAM_ERROR(api, "tensor 0 not implemented for %s, should be in dtype support list %s.",
                                  aclemu_dtype_name(dt), list);
    }
    for (uint64_t i = 1; i < tensors->size; i++)
        if (tensors->items[i]->dtype != dt)
            return ACLEMU_PARAM_ERROR(api, "expects all input tensors with the same dtype.");
    if (!aclemu_dtype_in(out->dtype, allowed)) {
        char list[256];
        aclemu_dtype_set_str(allowed, list, sizeof list);
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be in dtype support list %s.",
                                  aclemu_dtype_name(out->dtype), list);
    }
    if (dt == ACL_FLOAT && out->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "output dtype must be float when input dtype is float.");
    for (uint64_t i = 0; i <= tensors->size; i++) {
        const aclTensor *t = i < tensors->size ? tensors->items[i] : out;
        if (aclemu_format_is_private(t->format))
            return ACLEMU_PARAM_ERROR(api, "Format only support ND, NCHW, NHWC, HWCN, NDHWC, NCDHW; %s %llu is %s.",
                                      i < tensors->size ? "tensor" : "out", (unsigned long long)i,
                                      aclemu_format_name(t->format));
    }
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        if ((st = aclemu_check_shape(api, t, "tensors", ACLEMU_MAX_RANK)))
            return st;
        if (t->ndim == 0)
            return ACLEMU_PARAM_ERROR(api, "input tensor %llu dimnum is 0.", (unsigned long long)i);
    }
    /* the real infer-shape divides by numChunks and the tiling refuses it below 1: no kernel */
    if (numChunks <= 0)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "numChunk must be greater than 0 now, got %lld.", (long long)numChunks);
    int64_t cols = 0, live = 0;
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        int64_t n = aclemu_tensor_numel(t);
        if (n == 0)
            continue; /* empty tensors take no part */
        int64_t d0 = t->shape[0], cs = d0 / numChunks + (d0 % numChunks != 0);
        cols += cs * (n / d0);
        live++;
        if (cols > MV_MAX_EXTENT)
            return ACLEMU_PARAM_ERROR(api, "the concatenated row is too large.");
    }
    if (live == 0)
        return ACLNN_SUCCESS; /* nothing to write, as the real op */
    int64_t want[2] = {numChunks, cols};
    char a[128], b[256];
    if (!(out->ndim == 2 && out->shape[0] == want[0] && out->shape[1] == want[1]) &&
        !(numChunks * cols == 1 && aclemu_tensor_numel(out) == 1))
        return ACLEMU_PARAM_ERROR(api, "The tensor's shape[%s] is not equal with shape[%s].",
                                  aclemu_shape_str(want, 2, a, sizeof a), aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    if ((st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    /* a one-element out of another rank is addressed as (1, 1) */
    int64_t s0 = out->ndim == 2 ? out->stride[0] : 1, s1 = out->ndim == 2 ? out->stride[1] : 1;
    int64_t c0 = 0;
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        int64_t n = aclemu_tensor_numel(t);
        if (n == 0)
            continue;
        int64_t d0 = t->shape[0], cs = d0 / numChunks + (d0 % numChunks != 0);
        if ((st = chunk_one(executor, t, out, s0, s1, numChunks, cs, c0)))
            return st;
        c0 += cs * (n / d0);
    }
    return ACLNN_SUCCESS;
}
