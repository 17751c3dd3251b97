/* aclnnRReluWithNoise / aclnnInplaceRReluWithNoise. self, noise, out FLOAT, FLOAT16, BF16 (BF16 on
 * A2 / A3 / 950), noise and self of out's dtype; lower / upper FLOAT, FLOAT16, BF16 or DOUBLE
 * scalars; out of self's shape; training: numel(noise) >= numel(self); ranks <= 32 and one
 * storage format for self, noise and out — in the real order (null, dtype, shape, then the
 * rank / format checks).
 *
 * Training: noise's first numel(self) elements (its flat row-major order, which is self's) become
 * self < 0 ? lower + (upper - lower) * u : 1, u the uniform draw of that flat index in the random
 * family's Philox stream (seed, offset), the rest of noise is kept; out = self * noise. One
 * RandomFill launch (RD_RRELU) over self's shape (rank > 8: without its size-1 dims, or flat). Eval: LeakyRelu with slope (lower + upper) / 2
 * on the activation driver; noise is not touched. Empty self or noise: nothing runs. */
#include "aclemu_plans.h"
#include "act_plan.h"
#include "math/random/random_plan.h"

#define RRELU_MAX_RANK 32

static aclnnStatus check_scalar_dtype(const char *api, const aclScalar *s, const char *name)
{
    /* the real scalar list has no chip gating */
    const aclemu_dtype_set allowed = ACT_FLOATS_DOUBLE;
    if (aclemu_dtype_in(s->dtype, allowed))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be in dtype support list [DT_FLOAT, DT_FLOAT16, DT_BF16, "
                                   "DT_DOUBLE].", name, aclemu_dtype_name(s->dtype));
}

static aclnnStatus check(const char *api, const aclTensor *self, const aclTensor *noise, const aclScalar *lower,
                         const aclScalar *upper, bool training, const aclTensor *out)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, noise, "noise")) ||
        (st = aclemu_check_notnull(api, lower, "lower")) || (st = aclemu_check_notnull(api, upper, "upper")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) || (st = aclemu_check_dtype(api, noise, "noise", ACT_FLOATS)) ||
        (st = check_scalar_dtype(api, lower, "lower")) || (st = check_scalar_dtype(api, upper, "upper")) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, out, "out", self, "self")) ||
        (st = aclemu_check_same_dtype(api, out, "out", noise, "noise")))
        return st;
    if ((st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    int64_t sn = aclemu_tensor_numel(self), nn = aclemu_tensor_numel(noise);
    if (training && sn > nn)
        return ACLEMU_PARAM_ERROR(api, "tensor size of self larger than noise, self: %lld, noise: %lld.", (long long)sn,
                                  (long long)nn);
    if ((st = aclemu_check_shape(api, self, "self", RRELU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, noise, "noise", RRELU_MAX_RANK)))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Input tensor self's format[%s] should be same with output's format[%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (noise->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Input tensor noise's format[%s] should be same with output's format[%s].",
                                  aclemu_format_name(noise->format), aclemu_format_name(out->format));
    return ACLNN_SUCCESS;
}

/* Rank > 8 (the kernels walk at most 8 dims): t without its size-1 dims when that leaves at most
 * 8, else (t contiguous) as one flat [n] dim, the real op's reshape to [-1]. 0 when neither. */
static int low_rank_view(aclTensor *v, const aclTensor *t, int64_t n)
{
    uint32_t k = 0;
    for (uint32_t d = 0; d < t->ndim; d++)
        k += t->shape[d] != 1;
    *v = *t;
    v->shape = v->inl_shape;
    v->stride = v->inl_stride;
    if (k <= ACLEMU_KMAX_RANK) {
        v->ndim = 0;
        for (uint32_t d = 0; d < t->ndim; d++)
            if (t->shape[d] != 1) {
                v->shape[v->ndim] = t->shape[d];
                v->stride[v->ndim++] = t->stride[d];
            }
        return 1;
    }
    if (!aclemu_tensor_is_contiguous(t))
        return 0;
    v->ndim = 1;
    v->shape[0] = n;
    v->stride[0] = 1;
    return 1;
}

/* t's first numel(like) elements in its flat order, seen with like's shape (t contiguous). */
static void reshaped_view(aclTensor *v, const aclTensor *t, const aclTensor *like)
{
    *v = *t;
    v->ndim = like->ndim;
    v->shape = v->inl_shape;
    v->stride = v->inl_stride;
    int64_t s = 1;
    for (int32_t d = (int32_t)like->ndim - 1; d >= 0; d--) {
        v->shape[d] = like->shape[d];
        v->stride[d] = s;
        s *= like->shape[d];
    }
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const aclTensor *noise, const aclScalar *lower,
                        const aclScalar *upper, bool training, int64_t seed, int64_t offset, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st = check(api, self, noise, lower, upper, training, out);
    if (st)
        return st;
    int64_t n = aclemu_tensor_numel(self);
    if (n == 0 || aclemu_tensor_numel(noise) == 0)
        return ACLNN_SUCCESS;
    float lo = (float)aclemu_scalar_to_f64(lower), hi = (float)aclemu_scalar_to_f64(upper);
    /* rank > 8: the kernels walk contiguous tensors as one flat dim (the real op reshapes to [-1]) */
    act_view fs = {.base = self}, fo = {.base = out};
    aclTensor fnz;
    const aclTensor *s = self, *o = out;
    const act_view *views[2] = {&fs, &fo};
    uint32_t nviews = 0;
    if (self->ndim > ACLEMU_KMAX_RANK) {
        if (!low_rank_view(&fs.view, self, n) || !low_rank_view(&fo.view, out, n) || fs.view.ndim != fo.view.ndim)
            return ACLEMU_PARAM_ERROR(api, "self of rank %u with more than 8 dims other than 1 is supported only as "
                                           "a contiguous tensor.", self->ndim);
        s = &fs.view;
        o = out == self ? &fs.view : &fo.view;
        nviews = 2;
    }
    if (!training) {
        act_params p = act_params_default();
        p.alpha = (float)((lo + hi) / 2.0f);
        st = act_launch(ex, "LeakyRelu", ACT_LEAKY_RELU, &p, (const aclTensor *[]){o}, 1, (const aclTensor *[]){s}, 1,
                        views, nviews);
    } else {
        /* the noise elements of self's flat indices, with s's shape */
        const aclTensor *nz = noise;
        int same = noise->ndim == self->ndim;
        for (uint32_t d = 0; same && d < self->ndim; d++)
            same = noise->shape[d] == self->shape[d];
        if (same && s != self) {
            if (!low_rank_view(&fnz, noise, n) || fnz.ndim != s->ndim)
                return ACLEMU_PARAM_ERROR(api, "noise of rank %u with more than 8 dims other than 1 is supported "
                                               "only as a contiguous tensor.", noise->ndim);
            nz = &fnz;
        } else if (!same) {
            if (!aclemu_tensor_is_contiguous(noise))
                return ACLEMU_PARAM_ERROR(api, "a non-contiguous noise of a shape other than self's is not "
                                               "supported.");
            reshaped_view(&fnz, noise, s);
            nz = &fnz;
        }
        random_args *a = rnd_fill_launch(ex, nz, (const aclTensor *[]){o, s}, 2, RD_RRELU, &st);
        if (!a)
            return st;
        a->a = lo;
        a->b = hi;
        rnd_seed_scalar(&a->rs, (uint64_t)seed, (uint64_t)offset);
        const aclTensor *bases[3] = {noise, out, self};
        for (int k = 0; k < 3; k++)
            if ((st = aclemu_exec_bind_tensor(ex, a, &a->ew.op[k].addr, bases[k])))
                return st;
    }
    return st;
}

aclnnStatus aclemu_plan_RReluWithNoise(aclOpExecutor *executor, const aclTensor *self, const aclTensor *noise,
                                       const aclScalar *lower, const aclScalar *upper, bool training, int64_t seed,
                                       int64_t offset, aclTensor *out)
{
    return plan(executor, self, noise, lower, upper, training, seed, offset, out);
}

aclnnStatus aclemu_plan_InplaceRReluWithNoise(aclOpExecutor *executor, const aclTensor *self, const aclTensor *noise,
                                              const aclScalar *lower, const aclScalar *upper, bool training,
                                              int64_t seed, int64_t offset)
{
    return plan(executor, self, noise, lower, upper, training, seed, offset, self);
}
