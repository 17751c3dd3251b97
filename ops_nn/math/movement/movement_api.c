/* Planners of the ops-math data-movement ops: Slice, Cat, Repeat (views of the input and output
 * copied by the ViewCopy kernel: a slice is a strided view, a repeat a broadcast view, a cat one
 * copy per input into its part of out), Tril / Triu (+Inplace) and Arange / Range (own kernels).
 * Checks follow op_api/aclnn_*.cpp of hicann/ops-math (conversion/slice, concat_d, tril, triu,
 * math/tile, math/range). */
#include <math.h>
#include <string.h>

#include "act_plan.h"
#include "aclemu_plans.h"
#include "movement_args.h"
#include "movement_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define SLICE_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT64) | DT(INT8) | DT(INT32) | DT(UINT8) | DT(BOOL) | DT(BF16))
#define CAT_DTYPES (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | \
                    DT(BF16) | DT(BOOL))
#define REPEAT_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(DOUBLE) | DT(UINT8) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | \
                       DT(BOOL) | DT(BF16) | DT(UINT32) | DT(UINT64))
#define TRI_DTYPES (DT(UINT8) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE) | \
                    DT(BOOL) | DT(BF16) | DT(UINT16) | DT(UINT32) | DT(UINT64))
#define RANGE_IN (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | \
                  DT(BOOL) | DT(BF16))
#define RANGE_OUT (DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE) | DT(INT64) | DT(INT32) | DT(BF16))

aclnnStatus mv_copy(aclOpExecutor *ex, const act_view *dst, const act_view *src)
{
    aclnnStatus st = ACLNN_SUCCESS;
    const aclTensor *in[1] = {&src->view};
    aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(ex, "ViewCopy", sizeof(aclemu_ew), &dst->view, in, 1, &st);
    if (!ew)
        return st; /* empty: nothing to copy */
    if ((st = aclemu_exec_bind_tensor(ex, ew, &ew->op[0].addr, dst->base)))
        return st;
    return aclemu_exec_bind_tensor(ex, ew, &ew->op[1].addr, src->base);
}

/* ---- Slice ----------------------------------------------------------------------------------- */
aclnnStatus aclemu_plan_Slice(aclOpExecutor *executor, const aclTensor *self, int64_t dim, int64_t start, int64_t end,
                              int64_t step, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, self, "self", SLICE_DTYPES)))
        return st;
    int64_t n = (int64_t)self->ndim;
    if (n > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnSlice self len %lld to not be greater than %d but check failed.",
                                  (long long)n, ACLEMU_MAX_RANK);
    if (n <= 0)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnSlice self len %lld to not be less than one but check failed.",
                                  (long long)n);
    if (dim < -n || dim > n - 1)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnSlice dim value %lld to be in range [%lld, %lld] but check failed.",
                                  (long long)dim, (long long)-n, (long long)(n - 1));
    if (step <= 0)
        return ACLEMU_PARAM_ERROR(api, "aclnnSlice step must be positive.");
    if (dim < 0)
        dim += n;
    int64_t len = self->shape[dim];
    /* start / end as Python slicing clamps them */
    if (start < 0) start += len;
    if (end < 0) end += len;
    if (start < 0) start = 0;
    else if (start > len) start = len;
    if (end < start) end = start;
    else if (end > len) end = len;
    act_view src, dst;
    act_view_of(&src, self);
    int64_t count = end > start ? 1 + (end - start - 1) / step : 0; /* no overflow for a huge step */
    src.view.shape[dim] = count;
    src.view.stride[dim] = count > 1 ? self->stride[dim] * step : self->stride[dim]; /* step < len there */
    src.view.offset = self->offset + start * self->stride[dim];
    char a[256], b[256];
    if (out->ndim != self->ndim || memcmp(out->shape, src.view.shape, self->ndim * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.",
                                  aclemu_shape_str(src.view.shape, self->ndim, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    act_view_of(&dst, out);
    return mv_copy(executor, &dst, &src);
}

/* ---- Cat ------------------------------------------------------------------------------------- */
/* torch keeps accepting 1-D empty tensors of any other shape in cat: they are skipped */
static int cat_skipped(const aclTensor *t) { return t->ndim == 1 && t->shape[0] == 0; }

aclnnStatus aclemu_plan_Cat(aclOpExecutor *executor, const aclTensorList *tensors, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensors, "tensors")))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (!tensors->items[i])
            return ACLEMU_NULL_ERROR(api, "tensors[%llu] should not be nullptr.", (unsigned long long)i);
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (tensors->size == 0)
        return ACLEMU_PARAM_ERROR(api, "tensors should not be an empty list.");
    aclDataType pd = tensors->items[0]->dtype;
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        if (!aclemu_dtype_in(t->dtype, aclemu_chip_dtypes(CAT_DTYPES))) {
            char list[512];
            aclemu_dtype_set_str(aclemu_chip_dtypes(CAT_DTYPES), list, sizeof list);
            return ACLEMU_PARAM_ERROR(api, "tensor %llu not implemented for %s, should be in dtype support list %s.",
                                      (unsigned long long)i, aclemu_dtype_name(t->dtype), list);
        }
        aclDataType np = aclemu_promote_types(pd, t->dtype);
        if (np == ACL_DT_UNDEFINED)
            return ACLEMU_PARAM_ERROR(api, "tensor %llu dtype %s and dtype %s can not promote dtype.",
                                      (unsigned long long)i, aclemu_dtype_name(t->dtype), aclemu_dtype_name(pd));
        pd = np;
    }
    if ((st = aclemu_check_dtype(api, out, "out", CAT_DTYPES)))
        return st;
    if (!aclemu_can_cast(pd, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "Result type %s can't be cast to the desired output type %s.",
                                  aclemu_dtype_name(pd), aclemu_dtype_name(out->dtype));
    /* the reference tensor: the first one that is not a skipped empty 1-D tensor */
    const aclTensor *t0 = tensors->items[0];
    for (uint64_t i = 0; i < tensors->size && cat_skipped(t0); i++)
        t0 = tensors->items[i];
    if ((st = aclemu_check_shape(api, t0, "tensors", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)t0->ndim, d = dim < 0 ? dim + n : dim;
    if (n == 0 || d < 0 || d >= n)
        return ACLEMU_PARAM_ERROR(api, "dimnum %lld exceed the dim range of the tensor %lld.", (long long)dim,
                                  (long long)n);
    int64_t total = 0;
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        if (cat_skipped(t) && t != t0)
            continue;
        if ((int64_t)t->ndim != n)
            return ACLEMU_PARAM_ERROR(api, "dimnum of tensor %llu is [%u], should be equal to tensor 0 [%lld].",
                                      (unsigned long long)i, t->ndim, (long long)n);
        for (int64_t k = 0; k < n; k++)
            if (k != d && t->shape[k] != t0->shape[k])
                return ACLEMU_PARAM_ERROR(api, "dim %lld of tensor %llu is [%lld], should be equal to tensor 0 [%lld].",
                                          (long long)k, (unsigned long long)i, (long long)t->shape[k],
                                          (long long)t0->shape[k]);
        total += t->shape[d];
        if (total > MV_MAX_EXTENT)
            return ACLEMU_PARAM_ERROR(api, "the concatenated dim is too large.");
    }
    int64_t want[ACLEMU_KMAX_RANK];
    memcpy(want, t0->shape, (size_t)n * sizeof(int64_t));
    want[d] = total;
    char a[256], b[256];
    if ((int64_t)out->ndim != n || memcmp(out->shape, want, (size_t)n * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.",
                                  aclemu_shape_str(want, (uint32_t)n, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    int64_t at = 0;
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        if (cat_skipped(t) && t != t0)
            continue;
        act_view src, dst;
        act_view_of(&src, t);
        act_view_slice(&dst, out, (uint32_t)d, at, t->shape[d]);
        if ((st = mv_copy(executor, &dst, &src)))
            return st;
        at += t->shape[d];
    }
    return ACLNN_SUCCESS;
}

/* ---- Repeat ---------------------------------------------------------------------------------- */
aclnnStatus aclemu_plan_Repeat(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *repeats,
                               aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, repeats, "repeats")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", REPEAT_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    uint64_t r = repeats->size;
    if (r < self->ndim)
        return ACLEMU_PARAM_ERROR(api, "Number of dimensions of repeat dims %llu can not be smaller than number of "
                                       "dimensions of tensor %u.",
                                  (unsigned long long)r, self->ndim);
    if (r > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "Number of repeat dims %llu should not be greater than %d.",
                                  (unsigned long long)r, ACLEMU_MAX_RANK);
    int64_t want[ACLEMU_KMAX_RANK];
    for (uint64_t i = 0; i < r; i++) {
        if (repeats->data[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "Trying to create tensor with negative dimension %lld.",
                                      (long long)repeats->data[i]);
        int64_t s = i + self->ndim >= r ? self->shape[i + self->ndim - r] : 1;
        if (repeats->data[i] && s > MV_MAX_EXTENT / repeats->data[i])
            return ACLEMU_PARAM_ERROR(api, "repeats[%llu] %lld makes the output too large.", (unsigned long long)i,
                                      (long long)repeats->data[i]);
        want[i] = s * repeats->data[i];
    }
    char a[256], b[256];
    if (out->ndim != r || memcmp(out->shape, want, r * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.",
                                  aclemu_shape_str(want, (uint32_t)r, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    /* out viewed as (repeat_i, size_i) pairs, self broadcast over the repeat dims; pairs of a
     * trivial repeat or size stay one dim, so the view fits the rank limit where it can */
    act_view src, dst;
    act_view_of(&src, self);
    act_view_of(&dst, out);
    uint32_t nd = 0;
    for (uint64_t i = 0; i < r; i++) {
        int64_t s = i + self->ndim >= r ? self->shape[i + self->ndim - r] : 1;
        int64_t ss = i + self->ndim >= r ? self->stride[i + self->ndim - r] : 0;
        int64_t rep = repeats->data[i];
        if (nd + (rep != 1 && s != 1) + 1 > ACLEMU_KMAX_RANK)
            return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                                   "repeat of this rank needs more than %d view dims, not supported yet.",
                                   ACLEMU_KMAX_RANK);
        if (rep != 1) {
            dst.view.shape[nd] = rep;
            dst.view.stride[nd] = out->stride[i] * s;
            src.view.shape[nd] = 1; /* broadcast */
            src.view.stride[nd] = 0;
            nd++;
        }
        if (s != 1 || rep == 1) {
            dst.view.shape[nd] = s;
            dst.view.stride[nd] = out->stride[i];
            src.view.shape[nd] = s;
            src.view.stride[nd] = ss;
            nd++;
        }
    }
    dst.view.ndim = src.view.ndim = nd;
    return mv_copy(executor, &dst, &src);
}

/* ---- Tril / Triu ------------------------------------------------------------------------------- */
static aclnnStatus plan_triangle(aclOpExecutor *ex, const aclTensor *self, const char *sn, int64_t diagonal,
                                 const aclTensor *out, int upper)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, sn, TRI_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", TRI_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, sn, out, "out")))
        return st;
    if (self->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "Dim of self should be last 2 dims.");
    if ((st = aclemu_check_shape(api, self, sn, ACLEMU_MAX_RANK)) || (st = aclemu_check_same_shape(api, self, sn, out, "out")))
        return st;
    int64_t numel = aclemu_tensor_numel(self);
    if (numel == 0)
        return ACLNN_SUCCESS;
    int64_t rows = numel / self->shape[self->ndim - 1];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()),
                   (uint64_t)(8192 / self->shape[self->ndim - 1] + 1), 1, &bd, &per);
    mv_triangle_args *a = (mv_triangle_args *)aclemu_exec_add_launch(ex, "Triangle", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    /* beyond +-2^58 every diagonal keeps or clears whole rows alike: clamped, so i + diagonal
     * cannot overflow in the kernel */
    a->diagonal = diagonal > MV_MAX_EXTENT ? MV_MAX_EXTENT : diagonal < -MV_MAX_EXTENT ? -MV_MAX_EXTENT : diagonal;
    a->upper = upper;
    a->rows_per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(ex, a, &a->self, self)))
        return st;
    return aclemu_exec_tdesc(ex, a, &a->out, out);
}

aclnnStatus aclemu_plan_Tril(aclOpExecutor *executor, const aclTensor *self, int64_t diagonal, aclTensor *out)
{
    return plan_triangle(executor, self, "self", diagonal, out, 0);
}

aclnnStatus aclemu_plan_InplaceTril(aclOpExecutor *executor, const aclTensor *selfRef, int64_t diagonal)
{
    return plan_triangle(executor, selfRef, "selfRef", diagonal, selfRef, 0);
}

aclnnStatus aclemu_plan_Triu(aclOpExecutor *executor, const aclTensor *self, int64_t diagonal, aclTensor *out)
{
    return plan_triangle(executor, self, "self", diagonal, out, 1);
}

aclnnStatus aclemu_plan_InplaceTriu(aclOpExecutor *executor, aclTensor *selfRef, int64_t diagonal)
{
    return plan_triangle(executor, selfRef, "selfRef", diagonal, selfRef, 1);
}

/* ---- Arange / Range -------------------------------------------------------------------------- */
/* t's elements as one strided run (ggml hands Arange a 4-D out): the stride of its innermost
 * non-unit dim, each outer non-unit dim nested without gaps. 0 if they do not form one. */
static int collapse_1d(const aclTensor *t, int64_t *stride)
{
    int64_t st = 1, expect = -1;
    for (int32_t i = (int32_t)t->ndim - 1; i >= 0; i--) {
        if (t->shape[i] == 1)
            continue;
        if (expect < 0) {
            st = t->stride[i];
            expect = st * t->shape[i];
        } else if (t->stride[i] != expect) {
            return 0;
        } else {
            expect *= t->shape[i];
        }
    }
    *stride = st;
    return 1;
}

/* v as int64, saturated (a double past the int64 range has no integer value to take) */
static int64_t sat_i64(double v)
{
    if (!(v == v))
        return 0;
    if (v >= 9223372036854775807.0)
        return INT64_MAX;
    if (v <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)v;
}

static aclnnStatus plan_range(aclOpExecutor *ex, const aclScalar *start, const aclScalar *end, const aclScalar *step,
                              const aclTensor *out, int closed)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, start, "start")) || (st = aclemu_check_notnull(api, end, "end")) ||
        (st = aclemu_check_notnull(api, step, "step")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype_value(api, start->dtype, "start", RANGE_IN)) ||
        (st = aclemu_check_dtype_value(api, end->dtype, "end", RANGE_IN)) ||
        (st = aclemu_check_dtype_value(api, step->dtype, "step", RANGE_IN)) ||
        (st = aclemu_check_dtype(api, out, "out", RANGE_OUT)))
        return st;
    /* computed in out's dtype class: the bounds as doubles for floats, as integers otherwise */
    int integral = !aclemu_dtype_is_float(out->dtype);
    double fs = aclemu_scalar_to_f64(start), fe = aclemu_scalar_to_f64(end), fst = aclemu_scalar_to_f64(step);
    if (integral) {
        fs = (double)aclemu_scalar_to_i64(start);
        fe = (double)aclemu_scalar_to_i64(end);
        fst = (double)aclemu_scalar_to_i64(step);
    }
    if (!(fst > 0 || fst < 0))
        return ACLEMU_PARAM_ERROR(api, "step must be nonzero.");
    if (isinf(fs) || isinf(fe) || isnan(fs) || isnan(fe))
        return ACLEMU_PARAM_ERROR(api, "unsupported range: start %g, end %g.", fs, fe);
    if ((fst > 0 && fs > fe) || (fst < 0 && fs < fe))
        return ACLEMU_PARAM_ERROR(api, "upper bound and larger bound inconsistent with step sign: start %g, end %g, "
                                       "step %g.",
                                  fs, fe, fst);
    double span = (fe - fs) / fst;
    if (!(span < (double)MV_MAX_EXTENT))
        return ACLEMU_PARAM_ERROR(api, "the range (%g, %g, step %g) has too many elements.", fs, fe, fst);
    int64_t n = closed ? (int64_t)floor(span) + 1 : (int64_t)ceil(span);
    if (n < 0)
        n = 0;
    /* The real op_api leaves out's shape to ViewCopy, which only needs n elements (ggml's CANN
     * backend passes a 4-D out); the kernel walks them with one stride, so out must collapse
     * to one strided run (checked below). */
    if (aclemu_tensor_numel(out) != n)
        return ACLEMU_PARAM_ERROR(api, "out should be a 1-D tensor of %lld elements, got shape with %lld elements.",
                                  (long long)n, (long long)aclemu_tensor_numel(out));
    int64_t flat_stride = 1;
    if (!collapse_1d(out, &flat_stride)) {
        char b1[160];
        return ACLEMU_PARAM_ERROR(api, "out %s should be one strided run of elements.",
                                  aclemu_shape_str(out->shape, out->ndim, b1, sizeof b1));
    }
    if (n == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)n, aclemu_vector_core_num(aclemu_op_profile()), 16384, 64, &bd, &per);
    mv_arange_args *a = (mv_arange_args *)aclemu_exec_add_launch(ex, "ArangeFill", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->integral = integral;
    a->fstart = fs;
    a->fstep = fst;
    /* the integer forms only matter for integral outputs; a float range may lie past int64 */
    a->istart = integral ? sat_i64(fs) : 0;
    a->istep = integral ? sat_i64(fst) : 0;
    a->per_block = (int64_t)per;
    st = aclemu_exec_tdesc(ex, a, &a->out, out);
    if (!st && out->ndim != 1) { /* the n elements as a 1-D run */
        a->out.ndim = 1;
        a->out.shape[0] = n;
        a->out.stride[0] = flat_stride;
    }
    return st;
}

aclnnStatus aclemu_plan_Arange(aclOpExecutor *executor, const aclScalar *start, const aclScalar *end,
                               const aclScalar *step, aclTensor *out)
{
    return plan_range(executor, start, end, step, out, 0);
}

aclnnStatus aclemu_plan_Range(aclOpExecutor *executor, const aclScalar *start, const aclScalar *end,
                              const aclScalar *step, aclTensor *out)
{
    return plan_range(executor, start, end, step, out, 1);
}

/* ---- pads and Roll (the IndexMap kernel) ------------------------------------------------------ */
#define PAD_DTYPES (DT(FLOAT) | DT(INT32) | DT(FLOAT16) | DT(INT8) | DT(DOUBLE) | DT(INT16) | DT(INT64) | DT(UINT64) | \
                    DT(UINT32) | DT(UINT16) | DT(UINT8) | DT(BOOL) | DT(BF16))
#define MIRROR_DTYPES (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(DOUBLE) | DT(INT8) | DT(UINT8) | \
                       DT(BOOL) | DT(BF16))
#define ROLL_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT8) | DT(UINT8) | DT(INT32) | DT(UINT32) | DT(BOOL) | DT(INT64) | \
                     DT(BF16) | DT(INT16))

aclnnStatus mv_map_launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out, const int32_t *kind,
                          const int64_t *shift, const aclScalar *value, const aclTensor *self_base,
                          const aclTensor *out_base)
{
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    if (out->ndim == 0) { /* 0-d: nothing to map, the element itself */
        act_view src, dst;
        act_view_of(&src, self_base ? self_base : self);
        act_view_of(&dst, out_base ? out_base : out);
        return mv_copy(ex, &dst, &src);
    }
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)aclemu_tensor_numel(out), aclemu_vector_core_num(aclemu_op_profile()), 8192, 1, &bd, &per);
    mv_map_args *a = (mv_map_args *)aclemu_exec_add_launch(ex, "IndexMap", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    for (uint32_t d = 0; d < out->ndim; d++) {
        a->kind[d] = kind[d];
        a->shift[d] = shift[d];
    }
    if (value) {
        a->cval_f = aclemu_scalar_to_f64(value);
        a->cval_i = aclemu_scalar_to_i64(value);
    }
    a->elems_per_block = (int64_t)per;
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, a, &a->self, self)) || (st = aclemu_exec_tdesc(ex, a, &a->out, out)))
        return st;
    /* views made here (a flattened Roll) take their addresses from the API tensors */
    if (self_base && (st = aclemu_exec_bind_tensor(ex, a, &a->self.addr, self_base)))
        return st;
    return out_base ? aclemu_exec_bind_tensor(ex, a, &a->out.addr, out_base) : ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ConstantPadNd(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *pad,
                                      const aclScalar *value, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, pad, "pad")) ||
        (st = aclemu_check_notnull(api, value, "value")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, self, "self", PAD_DTYPES)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    uint32_t nd = self->ndim;
    if (out->ndim != nd)
        return ACLEMU_PARAM_ERROR(api, "Dim of self[%u] and out[%u] can't be different.", nd, out->ndim);
    if (pad->size % 2)
        return ACLEMU_PARAM_ERROR(api, "Pad len must be divisible by 2");
    if (pad->size / 2 > nd)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnConstantPadNd pad len [%llu] to not be greater than twice of [%u] "
                                       "but check failed.",
                                  (unsigned long long)pad->size, nd);
    int32_t kind[ACLEMU_KMAX_RANK] = {0};
    int64_t shift[ACLEMU_KMAX_RANK] = {0};
    for (uint32_t d = 0; d < nd; d++) {
        int64_t lo = 0, hi = 0;
        uint32_t k = nd - 1 - d; /* pad pairs start at the last dim */
        if (2 * k + 1 < pad->size) {
            lo = pad->data[2 * k];
            hi = pad->data[2 * k + 1];
            kind[d] = MV_CONST;
        }
        if (lo > MV_MAX_EXTENT || lo < -MV_MAX_EXTENT || hi > MV_MAX_EXTENT || hi < -MV_MAX_EXTENT)
            return ACLEMU_PARAM_ERROR(api, "pad values %lld, %lld of dim %u are too large.", (long long)lo, (long long)hi, d);
        int64_t want = self->shape[d] + lo + hi;
        if (want < 0)
            return ACLEMU_PARAM_ERROR(api, "The input size %lld plus padding %lld and %lld resulted in a negative output "
                                           "size, which is invalid. Check dimension %u of your input.",
                                      (long long)self->shape[d], (long long)lo, (long long)hi, d);
        if (out->shape[d] != want)
            return ACLEMU_PARAM_ERROR(api, "output shape at dim %u check failed,The output shape you provided is %lld at "
                                           "dim %u, and the expected one is %lld at dim %u based on the infershape.",
                                      d, (long long)out->shape[d], d, (long long)want, d);
        shift[d] = lo;
    }
    if (aclemu_tensor_numel(self) == 0) /* nothing to copy: every element is the constant */
        for (uint32_t d = 0; d < nd; d++)
            kind[d] = MV_CONST;
    return mv_map_launch(executor, self, out, kind, shift, value, NULL, NULL);
}

/* Reflection / replication pads of the last k dims (rank k+1 or k+2). */
static aclnnStatus plan_edge_pad(aclOpExecutor *ex, const aclTensor *self, const aclIntArray *padding,
                                 const aclTensor *out, uint32_t k, int kind_of)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", MIRROR_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", MIRROR_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    uint32_t nd = self->ndim;
    if (nd < k + 1 || nd > k + 2)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be in [%u, %u].", nd, k + 1, k + 2);
    if (out->ndim != nd)
        return ACLEMU_PARAM_ERROR(api, "self, out dim should be same.");
    if (padding->size != 2 * k)
        return ACLEMU_PARAM_ERROR(api, "padding length should be %u, but got %llu.", 2 * k,
                                  (unsigned long long)padding->size);
    int32_t kind[ACLEMU_KMAX_RANK] = {0};
    int64_t shift[ACLEMU_KMAX_RANK] = {0};
    for (uint32_t d = 0; d < nd; d++) {
        int64_t lo = 0, hi = 0;
        if (d >= nd - k) {
            uint32_t j = nd - 1 - d;
            lo = padding->data[2 * j];
            hi = padding->data[2 * j + 1];
            kind[d] = kind_of;
            if (kind_of == MV_REFLECT && (lo >= self->shape[d] || hi >= self->shape[d] || lo < 0 || hi < 0))
                return ACLEMU_PARAM_ERROR(api, "padding size should be less than the corresponding self dimention.");
            if (lo > MV_MAX_EXTENT || hi > MV_MAX_EXTENT)
                return ACLEMU_PARAM_ERROR(api, "padding %lld, %lld of dim %u is too large.", (long long)lo, (long long)hi, d);
            if (kind_of == MV_REPLICATE && (self->shape[d] == 0 || lo < 0 || hi < 0))
                return ACLEMU_PARAM_ERROR(api, "padding should be non-negative and the padded dim %u of self non-empty.", d);
        }
        if (out->shape[d] != self->shape[d] + lo + hi)
            return ACLEMU_PARAM_ERROR(api, "wrong out shape.");
        shift[d] = lo;
    }
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS; /* a non-padded dim of size 0: out is empty too */
    return mv_map_launch(ex, self, out, kind, shift, NULL, NULL, NULL);
}

#define EDGE_PAD(name, k, kind)                                                                                      \
    aclnnStatus aclemu_plan_##name(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *padding,       \
                                   aclTensor *out)                                                                   \
    {                                                                                                                \
        return plan_edge_pad(executor, self, padding, out, k, kind);                                                \
    }
EDGE_PAD(ReflectionPad1d, 1, MV_REFLECT)
EDGE_PAD(ReflectionPad2d, 2, MV_REFLECT)
EDGE_PAD(ReflectionPad3d, 3, MV_REFLECT)
EDGE_PAD(ReplicationPad1d, 1, MV_REPLICATE)
EDGE_PAD(ReplicationPad2d, 2, MV_REPLICATE)
EDGE_PAD(ReplicationPad3d, 3, MV_REPLICATE)

aclnnStatus aclemu_plan_Roll(aclOpExecutor *executor, const aclTensor *x, const aclIntArray *shifts,
                             const aclIntArray *dims, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, shifts, "shifts")) ||
        (st = aclemu_check_notnull(api, dims, "dims")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ROLL_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", ROLL_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, x, "x", out, "out")) || (st = aclemu_check_same_shape(api, x, "x", out, "out")))
        return st;
    if (dims->size == 0 && shifts->size != 1)
        return ACLEMU_PARAM_ERROR(api, "The size of shifts must be 1 if the size of dims is 0.");
    if (dims->size && dims->size != shifts->size)
        return ACLEMU_PARAM_ERROR(api, "shifts and dims must have the same size, got %llu and %llu.",
                                  (unsigned long long)shifts->size, (unsigned long long)dims->size);
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)x->ndim;
    for (uint64_t i = 0; i < dims->size; i++)
        if (dims->data[i] < -n || dims->data[i] >= n)
            return ACLEMU_PARAM_ERROR(api, "The values of dims should be in range [%lld, %lld].", (long long)-n,
                                      (long long)(n - 1));
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    int32_t kind[ACLEMU_KMAX_RANK] = {0};
    int64_t shift[ACLEMU_KMAX_RANK] = {0};
    if (dims->size == 0) {
        /* the flattened tensor rolls: as a 1-D view, which needs both views contiguous */
        if (!aclemu_tensor_is_contiguous(x) || !aclemu_tensor_is_contiguous(out))
            return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                                   "Roll over the flattened tensor of a non-contiguous view is not supported yet.");
        act_view fx, fo;
        act_view_of(&fx, x);
        act_view_of(&fo, out);
        fx.view.ndim = fo.view.ndim = 1;
        fx.view.shape[0] = fo.view.shape[0] = aclemu_tensor_numel(x);
        fx.view.stride[0] = fo.view.stride[0] = 1;
        kind[0] = MV_ROLL;
        shift[0] = shifts->data[0] % aclemu_tensor_numel(x); /* |shift| < size: no overflow in the map */
        return mv_map_launch(executor, &fx.view, &fo.view, kind, shift, NULL, x, out);
    }
    for (uint64_t i = 0; i < dims->size; i++) {
        int64_t d = dims->data[i] < 0 ? dims->data[i] + n : dims->data[i];
        kind[d] = MV_ROLL;
        shift[d] = (shift[d] + shifts->data[i] % x->shape[d]) % x->shape[d]; /* a dim named twice: the sum */
    }
    return mv_map_launch(executor, x, out, kind, shift, NULL, NULL, NULL);
}

/* ---- Im2col ---------------------------------------------------------------------------------- */
#define IM2COL_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16))

static int64_t floor_div(int64_t x, int64_t y)
{
    int64_t q = x / y;
    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
}

aclnnStatus aclemu_plan_Im2col(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *kernelSize,
                               const aclIntArray *dilation, const aclIntArray *padding, const aclIntArray *stride,
                               const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, dilation, "dilation")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", IM2COL_DTYPES)))
        return st;
    if (self->ndim != 3 && self->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "Expected self dim [%u] to be 3 or 4 but check failed.", self->ndim);
    int b = self->ndim == 4;
    for (uint32_t i = (uint32_t)b; i < self->ndim; i++)
        if (self->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "self'dims is invalid, self No.[%u] dim is [%lld].", i + 1,
                                      (long long)self->shape[i]);
    const aclIntArray *arr[4] = {kernelSize, dilation, padding, stride};
    const char *names[4] = {"kernelSize", "dilation", "padding", "stride"};
    for (int k = 0; k < 4; k++) {
        if (arr[k]->size != 2)
            return ACLEMU_PARAM_ERROR(api, "It is expected %s equals to 2, but got size %llu.", names[k],
                                      (unsigned long long)arr[k]->size);
        for (int i = 0; i < 2; i++)
            if (arr[k]->data[i] > (1 << 24))
                return ACLEMU_PARAM_ERROR(api, "%s No.[%d] dim [%lld] is too large.", names[k], i, (long long)arr[k]->data[i]);
            else if (k == 2 ? arr[k]->data[i] < 0 : arr[k]->data[i] <= 0)
                return ACLEMU_PARAM_ERROR(api, "It is expected %s be greater than %szero, but %s No.[%d] dim is [%lld].",
                                          names[k], k == 2 ? "or equal to " : "", names[k], i, (long long)arr[k]->data[i]);
    }
    int64_t H = self->shape[b + 1], W = self->shape[b + 2];
    int64_t OH = floor_div(H + 2 * padding->data[0] - (dilation->data[0] * (kernelSize->data[0] - 1) + 1), stride->data[0]) + 1;
    int64_t OW = floor_div(W + 2 * padding->data[1] - (dilation->data[1] * (kernelSize->data[1] - 1) + 1), stride->data[1]) + 1;
    if (OH < 1 || OW < 1)
        return ACLEMU_PARAM_ERROR(api, "The shape (%lld, %lld) of the array calculated by other parameters must be at "
                                       "least one.",
                                  (long long)OH, (long long)OW);
    int64_t kk = kernelSize->data[0] * kernelSize->data[1]; /* each <= 2^24 */
    if (self->shape[b] > MV_MAX_EXTENT / kk || OH > MV_MAX_EXTENT / OW)
        return ACLEMU_PARAM_ERROR(api, "the unfolded output of shape (%lld x %lld, %lld x %lld) is too large.",
                                  (long long)self->shape[b], (long long)kk, (long long)OH, (long long)OW);
    int64_t K = self->shape[b] * kk;
    int64_t want[3] = {b ? self->shape[0] : K, b ? K : OH * OW, OH * OW};
    uint32_t wn = b ? 3 : 2;
    char s1[128], s2[128];
    if (out->ndim != wn || memcmp(out->shape, want, wn * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Expect out shape [%s], but got: [%s].", aclemu_shape_str(want, wn, s1, sizeof s1),
                                  aclemu_shape_str(out->shape, out->ndim, s2, sizeof s2));
    if ((st = aclemu_check_can_cast(api, self->dtype, out, "out")))
        return st;
    int64_t rows = (b ? self->shape[0] : 1) * K;
    if (rows == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(8192 / (OH * OW) + 1), 1,
                   &bd, &per);
    mv_im2col_args *a = (mv_im2col_args *)aclemu_exec_add_launch(executor, "Im2col", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->kh = kernelSize->data[0];
    a->kw = kernelSize->data[1];
    a->dh = dilation->data[0];
    a->dw = dilation->data[1];
    a->ph = padding->data[0];
    a->pw = padding->data[1];
    a->sh = stride->data[0];
    a->sw = stride->data[1];
    a->OH = OH;
    a->OW = OW;
    a->batched = b;
    a->rows_per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->self, self)))
        return st;
    return aclemu_exec_tdesc(executor, a, &a->out, out);
}

/* ---- Stack / SplitTensor / SplitWithSize / Expand -------------------------------------------- */
#define STACK_DTYPES (DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8) | DT(UINT16) | DT(UINT32) | DT(UINT64) | \
                      DT(FLOAT16) | DT(FLOAT) | DT(BOOL) | DT(DOUBLE) | DT(BF16))
#define SPLIT_DTYPES (DT(DOUBLE) | DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(INT64) | DT(UINT64) | DT(INT32) | DT(UINT32) | \
                      DT(INT16) | DT(UINT16) | DT(INT8) | DT(UINT8) | DT(BOOL))
#define EXPAND_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(UINT8) | DT(INT8) | DT(INT32) | DT(INT64) | DT(BOOL) | DT(BF16))

/* t viewed without dim d, at index i along it. */
static void view_select(act_view *v, const aclTensor *t, uint32_t d, int64_t i)
{
    act_view_of(v, t);
    v->view.offset = t->offset + i * t->stride[d];
    for (uint32_t k = d; k + 1 < t->ndim; k++) {
        v->view.shape[k] = t->shape[k + 1];
        v->view.stride[k] = t->stride[k + 1];
    }
    v->view.ndim = t->ndim - 1;
}

aclnnStatus aclemu_plan_Stack(aclOpExecutor *executor, const aclTensorList *tensors, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensors, "tensors")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (tensors->size == 0)
        return ACLEMU_PARAM_ERROR(api, "tensors should not be an empty list.");
    const aclTensor *t0 = tensors->items[0];
    aclDataType pd = ACL_DT_UNDEFINED;
    for (uint64_t i = 0; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        if (!t)
            return ACLEMU_NULL_ERROR(api, "tensors[%llu] should not be nullptr.", (unsigned long long)i);
        if ((st = aclemu_check_dtype(api, t, "tensors", STACK_DTYPES)))
            return st;
        pd = i ? aclemu_promote_types(pd, t->dtype) : t->dtype;
        if (pd == ACL_DT_UNDEFINED)
            return ACLEMU_PARAM_ERROR(api, "tensor %llu dtype %s can not promote with the others.", (unsigned long long)i,
                                      aclemu_dtype_name(t->dtype));
        if (t->ndim != t0->ndim || memcmp(t->shape, t0->shape, t0->ndim * sizeof(int64_t)))
            return ACLEMU_PARAM_ERROR(api, "stack expects each tensor to be equal size, tensor %llu differs.",
                                      (unsigned long long)i);
    }
    if ((st = aclemu_check_dtype(api, out, "out", STACK_DTYPES)) || (st = aclemu_check_can_cast(api, pd, out, "out")))
        return st;
    int64_t n = (int64_t)t0->ndim + 1, d = dim < 0 ? dim + n : dim;
    if (d < 0 || d >= n || n > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "dim %lld should be in the range [%lld, %lld] (at most %d dims).", (long long)dim,
                                  (long long)-n, (long long)(n - 1), ACLEMU_MAX_RANK);
    int64_t want[ACLEMU_KMAX_RANK];
    for (int64_t k = 0, j = 0; k < n; k++)
        want[k] = k == d ? (int64_t)tensors->size : t0->shape[j++];
    char a[256], b[256];
    if ((int64_t)out->ndim != n || memcmp(out->shape, want, (size_t)n * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.",
                                  aclemu_shape_str(want, (uint32_t)n, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    for (uint64_t i = 0; i < tensors->size; i++) {
        act_view src, dst;
        act_view_of(&src, tensors->items[i]);
        view_select(&dst, out, (uint32_t)d, (int64_t)i);
        if ((st = mv_copy(executor, &dst, &src)))
            return st;
    }
    return ACLNN_SUCCESS;
}

/* self split along dim into parts of sizes[i] (summing to the dim), into out[i]. */
static aclnnStatus plan_split(aclOpExecutor *ex, const aclTensor *self, const int64_t *sizes, uint64_t nparts, int64_t d,
                              const aclTensorList *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if (out->size != nparts)
        return ACLEMU_PARAM_ERROR(api, "out should hold %llu tensors, got %llu.", (unsigned long long)nparts,
                                  (unsigned long long)out->size);
    int64_t at = 0;
    for (uint64_t i = 0; i < nparts; i++) {
        const aclTensor *o = out->items[i];
        if (!o)
            return ACLEMU_NULL_ERROR(api, "out[%llu] should not be nullptr.", (unsigned long long)i);
        act_view src, dst;
        act_view_slice(&src, self, (uint32_t)d, at, sizes[i]);
        if ((st = aclemu_check_same_dtype(api, self, "self", o, "out")))
            return st;
        char a[256], b[256];
        if (o->ndim != self->ndim || memcmp(o->shape, src.view.shape, self->ndim * sizeof(int64_t)))
            return ACLEMU_PARAM_ERROR(api, "out[%llu] shape should be %s, but current is %s.", (unsigned long long)i,
                                      aclemu_shape_str(src.view.shape, self->ndim, a, sizeof a),
                                      aclemu_shape_str(o->shape, o->ndim, b, sizeof b));
        act_view_of(&dst, o);
        if ((st = mv_copy(ex, &dst, &src)))
            return st;
        at += sizes[i];
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus split_common(const char *api, const aclTensor *self, const aclTensorList *out, int64_t dim, int64_t *d)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SPLIT_DTYPES)) || (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)self->ndim;
    if (n == 0 || dim < -n || dim >= n)
        return ACLEMU_PARAM_ERROR(api, "dim %lld should be in the range [%lld, %lld].", (long long)dim, (long long)-n,
                                  (long long)(n - 1));
    *d = dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_SplitTensor(aclOpExecutor *executor, const aclTensor *self, uint64_t splitSections, int64_t dim,
                                    aclTensorList *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = 0;
    if ((st = split_common(api, self, out, dim, &d)))
        return st;
    int64_t len = self->shape[d];
    if (splitSections == 0 && len != 0)
        return ACLEMU_PARAM_ERROR(api, "splitSections should be greater than 0 for a non-empty dim.");
    uint64_t parts = splitSections == 0 || splitSections >= (uint64_t)len
                         ? 1 /* one part (also of an empty dim) */
                         : (uint64_t)((len + (int64_t)splitSections - 1) / (int64_t)splitSections);
    if (parts == 0)
        parts = 1; /* an empty dim still gives one (empty) part */
    if (parts > 64)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "more than 64 parts are not supported yet.");
    int64_t sizes[64];
    for (uint64_t i = 0; i < parts; i++) {
        int64_t s = (int64_t)i * (int64_t)splitSections;
        sizes[i] = len - s < (int64_t)splitSections ? len - s : (int64_t)splitSections;
        if (sizes[i] < 0) sizes[i] = 0;
    }
    return plan_split(executor, self, sizes, parts, d, out);
}

aclnnStatus aclemu_plan_SplitWithSize(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *splitSize,
                                      int64_t dim, aclTensorList *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = 0;
    if ((st = aclemu_check_notnull(api, splitSize, "splitSize")) || (st = split_common(api, self, out, dim, &d)))
        return st;
    int64_t sum = 0;
    for (uint64_t i = 0; i < splitSize->size; i++) {
        if (splitSize->data[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "splitSize[%llu] %lld should not be negative.", (unsigned long long)i,
                                      (long long)splitSize->data[i]);
        if (splitSize->data[i] > self->shape[d] - sum) /* already past the dim: no overflowing sum */
            return ACLEMU_PARAM_ERROR(api, "the sum of splitSize exceeds the size %lld of dim %lld.",
                                      (long long)self->shape[d], (long long)d);
        sum += splitSize->data[i];
    }
    if (sum != self->shape[d])
        return ACLEMU_PARAM_ERROR(api, "the sum of splitSize %lld should be the size %lld of dim %lld.", (long long)sum,
                                  (long long)self->shape[d], (long long)d);
    return plan_split(executor, self, splitSize->data, splitSize->size, d, out);
}

aclnnStatus aclemu_plan_Expand(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *size, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, size, "size")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", EXPAND_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (size->size < self->ndim || size->size > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "the number of sizes %llu should be in [%u, %d].", (unsigned long long)size->size,
                                  self->ndim, ACLEMU_MAX_RANK);
    int64_t want[ACLEMU_KMAX_RANK];
    char a[256], b[256];
    for (uint64_t i = 0; i < size->size; i++) {
        int64_t lead = (int64_t)(size->size - self->ndim), s = (int64_t)i >= lead ? self->shape[i - lead] : 1;
        int64_t w = size->data[i];
        if (w == -1 && (int64_t)i >= lead) w = s;
        if (w < 0 || (s != 1 && w != s))
            return ACLEMU_PARAM_ERROR(api, "the self shape [%s] does not match size [%s].",
                                      aclemu_shape_str(self->shape, self->ndim, a, sizeof a),
                                      aclemu_shape_str(size->data, (uint32_t)size->size, b, sizeof b));
        want[i] = w;
    }
    if (out->ndim != size->size || memcmp(out->shape, want, size->size * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.",
                                  aclemu_shape_str(want, (uint32_t)size->size, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    act_view src, dst;
    act_view_of(&src, self);
    act_view_of(&dst, out);
    return mv_copy(executor, &dst, &src); /* self broadcast to out's shape */
}

/* ---- Eye / Linspace / Flip --------------------------------------------------------------------- */
#define EYE_DTYPES (DT(FLOAT) | DT(INT32) | DT(FLOAT16) | DT(INT8) | DT(INT16) | DT(UINT8) | DT(INT64) | DT(BOOL) | DT(BF16))
#define LINSPACE_IN (DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(INT32) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(INT64) | DT(DOUBLE))
#define LINSPACE_OUT LINSPACE_IN
#define FLIP_DTYPES (DT(INT8) | DT(UINT8) | DT(INT16) | DT(UINT16) | DT(INT32) | DT(UINT32) | DT(INT64) | DT(UINT64) | \
                     DT(FLOAT16) | DT(BF16) | DT(FLOAT) | DT(DOUBLE) | DT(BOOL))

aclnnStatus aclemu_plan_Eye(aclOpExecutor *executor, int64_t n, int64_t m, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_dtype(api, out, "out", EYE_DTYPES)))
        return st;
    if (out->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "Expected out to be 2-D tensor, but the dimension of out is %u.", out->ndim);
    if (n < 0)
        return ACLEMU_PARAM_ERROR(api, "n must be greater or equal to 0, got %lld", (long long)n);
    if (m < 0)
        return ACLEMU_PARAM_ERROR(api, "m must be greater or equal to 0, got %lld", (long long)m);
    if (out->shape[0] != n || out->shape[1] != m)
        return ACLEMU_PARAM_ERROR(api, "out shape should be [%lld, %lld].", (long long)n, (long long)m);
    if (n == 0 || m == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)n, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(8192 / m + 1), 1, &bd, &per);
    mv_arange_args *a = (mv_arange_args *)aclemu_exec_add_launch(executor, "ArangeFill", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->eye = 1;
    a->per_block = (int64_t)per;
    return aclemu_exec_tdesc(executor, a, &a->out, out);
}

/* The ArangeFill launch of Linspace (logspace: base raised to each value): steps values from s
 * to e (one step: the start, as torch.linspace). */
static aclnnStatus linspace_launch(aclOpExecutor *executor, const aclTensor *out, double s, double e, int64_t steps,
                                   int logspace, double base)
{
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)steps, aclemu_vector_core_num(aclemu_op_profile()), 16384, 64, &bd, &per);
    mv_arange_args *a = (mv_arange_args *)aclemu_exec_add_launch(executor, "ArangeFill", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->linspace = 1;
    a->logspace = logspace;
    a->base = base;
    a->fstart = s;
    a->fend = steps > 1 ? e : s;
    a->fstep = steps > 1 ? (e - s) / (double)(steps - 1) : 0.0;
    a->per_block = (int64_t)per;
    return aclemu_exec_tdesc(executor, a, &a->out, out);
}

aclnnStatus aclemu_plan_Linspace(aclOpExecutor *executor, const aclScalar *start, const aclScalar *end, int64_t steps,
                                 aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, start, "start")) || (st = aclemu_check_notnull(api, end, "end")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype_value(api, start->dtype, "start", LINSPACE_IN)) ||
        (st = aclemu_check_dtype_value(api, end->dtype, "end", LINSPACE_IN)) ||
        (st = aclemu_check_dtype(api, out, "out", LINSPACE_OUT)))
        return st;
    if (steps < 0)
        return ACLEMU_PARAM_ERROR(api, "number of steps must be non-negative, got %lld.", (long long)steps);
    if (out->ndim != 1 || out->shape[0] != steps)
        return ACLEMU_PARAM_ERROR(api, "out should be a 1-D tensor of %lld elements.", (long long)steps);
    if (steps == 0)
        return ACLNN_SUCCESS;
    return linspace_launch(executor, out, aclemu_scalar_to_f64(start), aclemu_scalar_to_f64(end), steps, 0, 0.0);
}

/* aclnnLogSpace (ops-math math/logspace): base ^ Linspace(start, end, steps), on the Linspace
 * fill (double, one rounding on store). A null argument is ACLNN_ERR_INNER_NULLPTR there. */
#define LOGSPACE_OUT (DT(FLOAT) | DT(FLOAT16) | DT(BF16))
aclnnStatus aclemu_plan_LogSpace(aclOpExecutor *executor, const aclScalar *start, const aclScalar *end, int64_t steps,
                                 double base, const aclTensor *result)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const void *ps[3] = {start, end, result};
    const char *ns[3] = {"start", "end", "result"};
    for (int i = 0; i < 3; i++)
        if (!ps[i])
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", ns[i]);
    if ((st = aclemu_check_dtype(api, result, "result", LOGSPACE_OUT)))
        return st;
    if (steps < 0)
        return ACLEMU_PARAM_ERROR(api, "LogSpace requires non-negative steps, given steps is %lld", (long long)steps);
    if (steps == 0)
        return ACLNN_SUCCESS;
    /* the real op view-copies its [steps] result into result */
    char b[256];
    if (result->ndim != 1 || result->shape[0] != steps)
        return ACLEMU_PARAM_ERROR(api, "result shape %s should be [%lld].",
                                  aclemu_shape_str(result->shape, result->ndim, b, sizeof b), (long long)steps);
    return linspace_launch(executor, result, aclemu_scalar_to_f64(start), aclemu_scalar_to_f64(end), steps, 1, base);
}

aclnnStatus aclemu_plan_Flip(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dims, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, dims, "dims")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", FLIP_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    int64_t n = (int64_t)self->ndim;
    int32_t kind[ACLEMU_KMAX_RANK] = {0};
    int64_t shift[ACLEMU_KMAX_RANK] = {0};
    for (uint64_t i = 0; i < dims->size; i++) {
        int64_t lo = n ? -n : -1, hi = n ? n - 1 : 0, d = dims->data[i];
        if (d < lo || d > hi)
            return ACLEMU_PARAM_ERROR(api, "dims value %lld should be in the range [%lld, %lld].", (long long)d,
                                      (long long)lo, (long long)hi);
        d = d < 0 ? d + n : d;
        if (n && kind[d] == MV_FLIP)
            return ACLEMU_PARAM_ERROR(api, "dim %lld appears multiple times in the list of dims.", (long long)d);
        if (n) kind[d] = MV_FLIP;
    }
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (n == 0) { /* a 0-d tensor: a copy */
        act_view src, dst;
        act_view_of(&src, self);
        act_view_of(&dst, out);
        return mv_copy(executor, &dst, &src);
    }
    return mv_map_launch(executor, self, out, kind, shift, NULL, NULL, NULL);
}

/* ---- RepeatInterleave (ops-nn index/repeat_interleave) ---------------------------------------- */
#define RI_DTYPES (DT(UINT8) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(BOOL) | DT(FLOAT16) | DT(FLOAT) | DT(BF16) | \
                   DT(UINT16) | DT(UINT32) | DT(UINT64))

static aclnnStatus ri_common(const char *api, const aclTensor *self, const aclTensor *out)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", RI_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus ri_dim(const char *api, const aclTensor *self, int64_t dim, int64_t *d)
{
    int64_t n = (int64_t)self->ndim;
    if (n == 0)
        return ACLEMU_PARAM_ERROR(api, "dimension specified as %lld but tensor has no dimensions.", (long long)dim);
    if (dim < -n || dim >= n)
        return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [%lld, %lld], but got %lld).",
                                  (long long)-n, (long long)(n - 1), (long long)dim);
    *d = dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

/* Int variants: a broadcast view copy (out's dim split into (len, repeats)). d -1: flattened. */
static aclnnStatus ri_int(aclOpExecutor *ex, const aclTensor *self, int64_t repeats, int64_t d, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    if (repeats < 0)
        return ACLEMU_PARAM_ERROR(api, "repeats %lld can not be negative.", (long long)repeats);
    int64_t numel = aclemu_tensor_numel(self);
    if (repeats && (numel > MV_MAX_EXTENT / repeats || (d >= 0 && self->shape[d] > MV_MAX_EXTENT / repeats)))
        return ACLEMU_PARAM_ERROR(api, "repeats %lld makes the output too large.", (long long)repeats);
    char a[256], b[256];
    act_view src, dst;
    act_view_of(&src, self);
    act_view_of(&dst, out);
    if (d < 0) {
        if (out->ndim != 1 || out->shape[0] != numel * repeats)
            return ACLEMU_PARAM_ERROR(api, "out should be a 1-D tensor of %lld elements, but its shape is %s.",
                                      (long long)(numel * repeats), aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
        if (self->ndim + 1 > ACLEMU_KMAX_RANK)
            return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "a rank-8 self is not supported yet here.");
        /* dst as [self.shape..., repeats] over out's one dim; src broadcast in the last */
        int64_t st = out->stride[0] * repeats;
        for (int k = (int)self->ndim - 1; k >= 0; k--) {
            dst.view.shape[k] = self->shape[k];
            dst.view.stride[k] = st;
            st *= self->shape[k];
        }
        dst.view.shape[self->ndim] = repeats;
        dst.view.stride[self->ndim] = out->stride[0];
        dst.view.ndim = self->ndim + 1;
        src.view.shape[self->ndim] = 1;
        src.view.stride[self->ndim] = 0;
        src.view.ndim = self->ndim + 1;
        return mv_copy(ex, &dst, &src);
    }
    int64_t want[ACLEMU_KMAX_RANK];
    memcpy(want, self->shape, self->ndim * sizeof(int64_t));
    want[d] *= repeats;
    if (out->ndim != self->ndim || memcmp(out->shape, want, self->ndim * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.", aclemu_shape_str(want, self->ndim, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    if (self->ndim + 1 > ACLEMU_KMAX_RANK)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "a rank-8 self is not supported yet here.");
    /* insert the repeats dim after d: dst (len, repeats) strides (r*s, s), src (len, 1) (s, 0) */
    for (int k = (int)self->ndim; k > (int)d + 1; k--) {
        dst.view.shape[k] = dst.view.shape[k - 1];
        dst.view.stride[k] = dst.view.stride[k - 1];
        src.view.shape[k] = src.view.shape[k - 1];
        src.view.stride[k] = src.view.stride[k - 1];
    }
    dst.view.shape[d] = self->shape[d];
    dst.view.stride[d] = out->stride[d] * repeats;
    dst.view.shape[d + 1] = repeats;
    dst.view.stride[d + 1] = out->stride[d];
    src.view.shape[d + 1] = 1;
    src.view.stride[d + 1] = 0;
    dst.view.ndim = src.view.ndim = self->ndim + 1;
    return mv_copy(ex, &dst, &src);
}

aclnnStatus aclemu_plan_RepeatInterleaveInt(aclOpExecutor *executor, const aclTensor *self, int64_t repeats,
                                            int64_t outputSize, aclTensor *out)
{
    aclnnStatus st = ri_common(aclemu_exec_api(executor), self, out);
    (void)outputSize; /* the out shape says it */
    return st ? st : ri_int(executor, self, repeats, -1, out);
}

aclnnStatus aclemu_plan_RepeatInterleaveIntWithDim(aclOpExecutor *executor, const aclTensor *self, int64_t repeats,
                                                   int64_t dim, int64_t outputSize, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = 0;
    (void)outputSize;
    if ((st = ri_common(api, self, out)) || (st = ri_dim(api, self, dim, &d)))
        return st;
    return ri_int(executor, self, repeats, d, out);
}

/* Tensor variants: the counts live on the device, so the RepeatInterleaveT kernel checks them
 * against out's length (outputSize when given must be that length). */
static aclnnStatus ri_tensor(aclOpExecutor *ex, const aclTensor *self, const aclTensor *repeats, int64_t d,
                             int64_t outputSize, const aclTensor *out, int tensor_only)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, repeats, "repeats")) ||
        (st = aclemu_check_dtype(api, repeats, "repeats", DT(INT32) | DT(INT64))))
        return st;
    if (repeats->ndim > 1)
        return ACLEMU_PARAM_ERROR(api, "repeats must be an empty tensor / 1D tensor.");
    int64_t len = tensor_only ? aclemu_tensor_numel(repeats) : d < 0 ? aclemu_tensor_numel(self) : self->shape[d];
    int64_t nrep = aclemu_tensor_numel(repeats);
    if (!tensor_only && nrep != 1 && nrep != len)
        return ACLEMU_PARAM_ERROR(api, "repeats must have the same size as input along dim.");
    int64_t od = d < 0 ? 0 : d;
    if ((d < 0 && out->ndim != 1) || (d >= 0 && out->ndim != self->ndim))
        return ACLEMU_PARAM_ERROR(api, "out has %u dims, expected %u.", out->ndim, d < 0 ? 1u : self->ndim);
    for (uint32_t k = 0; d >= 0 && k < self->ndim; k++)
        if ((int64_t)k != d && out->shape[k] != self->shape[k])
            return ACLEMU_PARAM_ERROR(api, "out dim %u is %lld, should be %lld.", k, (long long)out->shape[k],
                                      (long long)self->shape[k]);
    int64_t total = out->shape[od];
    if (outputSize > 0 && outputSize != total)
        return ACLEMU_PARAM_ERROR(api, "outputSize %lld should be out's length %lld along the dim.", (long long)outputSize,
                                  (long long)total);
    if (len == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    int64_t npre = 1;
    for (int64_t k = 0; k < d; k++) npre *= self->shape[k];
    /* blocks over the pre positions when there are enough of them, else over the counts (each
     * block finds its output start from the counts before its range) */
    uint32_t bd = 1, cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = 1, lper = 0;
    if (d >= 0 && npre >= (int64_t)cores)
        aclemu_tile_1d((uint64_t)npre, cores, 1, 1, &bd, &per);
    else
        aclemu_tile_1d((uint64_t)len, cores, 4096, 1, &bd, &lper);
    if (lper && bd == 1) { /* one block: it checks the counts itself, no workspace */
        lper = 0;
        per = (uint64_t)npre;
    }
    /* split over the counts: a scan launch first sums (and checks) each block's counts into
     * the workspace, in parallel */
    uint64_t wsoff = lper ? aclemu_exec_alloc_workspace(ex, ((uint64_t)bd + 1) * sizeof(int64_t)) : 0;
    for (int k = lper ? 0 : 1; k < 2; k++) {
        mv_rpt_args *a = (mv_rpt_args *)aclemu_exec_add_launch(ex, k ? "RepeatInterleaveT" : "RepeatInterleaveScan",
                                                               bd, sizeof(*a));
        if (!a)
            return ACLNN_ERR_INNER;
        a->dim = (int32_t)d;
        a->tensor_only = tensor_only;
        a->len = len;
        a->total = total;
        a->pre_per_block = d < 0 ? 1 : lper ? npre : (int64_t)per;
        a->len_per_block = (int64_t)lper;
        a->nblocks = bd;
        if ((st = aclemu_exec_tdesc(ex, a, &a->out, out)) || (st = aclemu_exec_tdesc(ex, a, &a->repeats, repeats)) ||
            (!tensor_only && (st = aclemu_exec_tdesc(ex, a, &a->self, self))) ||
            (lper && (st = aclemu_exec_bind_workspace(ex, a, &a->starts, wsoff))))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_RepeatInterleave(aclOpExecutor *executor, const aclTensor *self, const aclTensor *repeats,
                                         int64_t outputSize, aclTensor *out)
{
    aclnnStatus st = ri_common(aclemu_exec_api(executor), self, out);
    return st ? st : ri_tensor(executor, self, repeats, -1, outputSize, out, 0);
}

aclnnStatus aclemu_plan_RepeatInterleaveWithDim(aclOpExecutor *executor, const aclTensor *self, const aclTensor *repeats,
                                                int64_t dim, int64_t outputSize, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = 0;
    if ((st = ri_common(api, self, out)) || (st = ri_dim(api, self, dim, &d)))
        return st;
    return ri_tensor(executor, self, repeats, d, outputSize, out, 0);
}

aclnnStatus aclemu_plan_RepeatInterleaveTensor(aclOpExecutor *executor, const aclTensor *repeats, int64_t outputSize,
                                               aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, repeats, "repeats")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_dtype(api, out, "out", DT(INT32) | DT(INT64))))
        return st;
    return ri_tensor(executor, NULL, repeats, -1, outputSize, out, 1);
}
