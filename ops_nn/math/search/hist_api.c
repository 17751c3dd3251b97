/* Planners of Histc (ops-math math/histogram_v2: op_api/aclnn_histc.cpp) and Bincount
 * (math/bincount: op_api/aclnn_bincount.cpp), one Histogram launch each. */
#include <math.h>
#include <string.h>

#include "../fill_scalar/fill_scalar_args.h"
#include "aclemu_plans.h"
#include "search_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define HISTC_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT64) | DT(INT32) | DT(INT16) | DT(INT8) | DT(UINT8))
#define BINCOUNT_SELF (DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8))
#define BINCOUNT_WEIGHTS \
    (DT(FLOAT) | DT(FLOAT16) | DT(DOUBLE) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8) | DT(BOOL))
#define BINCOUNT_OUT (DT(FLOAT) | DT(DOUBLE) | DT(INT32) | DT(INT64))

static aclnnStatus fill_zero(aclOpExecutor *ex, const aclTensor *out)
{
    aclnnStatus st;
    fill_scalar_args *a = (fill_scalar_args *)aclemu_ew_launch(ex, "Fill", sizeof(fill_scalar_args), out, NULL, 0, &st);
    if (a)
        memset(a->elem, 0, sizeof a->elem);
    return st;
}

static aclnnStatus hist_launch(aclOpExecutor *ex, hist_args *a, const aclTensor *self, const aclTensor *weights,
                               const aclTensor *out)
{
    a->self_dtype = self->dtype;
    a->out_dtype = out->dtype;
    a->nd = (int32_t)self->ndim;
    a->self_off = self->offset;
    a->out_off = out->offset;
    a->out_stride = out->ndim ? out->stride[0] : 1;
    for (uint32_t i = 0; i < self->ndim; i++) {
        a->shape[i] = self->shape[i];
        a->stride[i] = self->stride[i];
    }
    a->numel = aclemu_tensor_numel(self);
    if (weights) {
        a->w_dtype = weights->dtype;
        a->w_off = weights->offset;
        a->w_stride = weights->stride[0];
    }
    hist_args *b = (hist_args *)aclemu_exec_add_launch(ex, "Histogram", 1, sizeof(hist_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = *a;
    aclnnStatus st;
    if ((st = aclemu_exec_bind_tensor(ex, b, &b->self, self)) || (st = aclemu_exec_bind_tensor(ex, b, &b->out, out)))
        return st;
    return weights ? aclemu_exec_bind_tensor(ex, b, &b->weights, weights) : ACLNN_SUCCESS;
}

/* Histc: null -> dtypes (castable) -> bins / range -> out 1-D of `bins` elements. min == max
 * takes the data's range (the A2 / A3 / 950 rule; torch's too). Empty self: out = 0. */
aclnnStatus aclemu_plan_Histc(aclOpExecutor *executor, const aclTensor *self, int64_t bins, const aclScalar *min,
                              const aclScalar *max, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, max, "max")) || (st = aclemu_check_notnull(api, min, "min")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", HISTC_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", HISTC_DTYPES)) ||
        (st = aclemu_check_can_cast(api, self->dtype, out, "out")))
        return st;
    if (bins <= 0)
        return ACLEMU_PARAM_ERROR(api, "The value of bins can not less or equal 0.");
    int is_int = !aclemu_dtype_is_float(self->dtype);
    double lo = is_int ? (double)(int32_t)aclemu_scalar_to_i64(min) : (double)(float)aclemu_scalar_to_f64(min);
    double hi = is_int ? (double)(int32_t)aclemu_scalar_to_i64(max) : (double)(float)aclemu_scalar_to_f64(max);
    if (lo > hi)
        return ACLEMU_PARAM_ERROR(api, "The value of max should greater than or equal to min.");
    int both_inf = isinf(lo) && isinf(hi) && (lo > 0) == (hi > 0);
    if (!both_inf && (!isfinite(lo) || !isfinite(hi)))
        return ACLEMU_PARAM_ERROR(api, "range of [%f, %f] is not finite", lo, hi);
    if (out->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "out dim num %u should be 1.", out->ndim);
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)))
        return st;
    if (out->shape[0] != bins)
        return ACLEMU_PARAM_ERROR(api, "The size of out tensor should be same as bins.");
    if (aclemu_tensor_numel(self) == 0)
        return fill_zero(executor, out);
    hist_args a;
    memset(&a, 0, sizeof a);
    a.mode = HIST_HISTC;
    a.bins = bins;
    a.lo = lo;
    a.hi = hi;
    aclemu_family f = aclemu_op_profile()->family;
    int range_rule = f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950;
    a.data_range = range_rule && (both_inf || fabs(hi - lo) < 1e-6);
    return hist_launch(executor, &a, self, NULL, out);
}

/* Bincount: self 1-D integers, weights (optional) of self's shape, out FLOAT / DOUBLE / INT32 /
 * INT64 whose length is the number of bins counted (values past it, and negative ones, are not
 * counted). Empty self: out = 0 when minlength > 0. */
aclnnStatus aclemu_plan_Bincount(aclOpExecutor *executor, const aclTensor *self, const aclTensor *weights,
                                 int64_t minlength, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", BINCOUNT_SELF)) || (st = aclemu_check_dtype(api, out, "out", BINCOUNT_OUT)) ||
        (weights && (st = aclemu_check_dtype(api, weights, "weights", BINCOUNT_WEIGHTS))))
        return st;
    if (aclemu_format_is_private(self->format) || aclemu_format_is_private(out->format))
        return ACLEMU_PARAM_ERROR(api, "Format only support ND,NCL,NCHW,NHWC,HWCN,NDHWC,NCDHW, input format is [%s] and "
                                       "out format is [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (self->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be 1.", self->ndim);
    if (weights) {
        if (weights->format != self->format)
            return ACLEMU_PARAM_ERROR(api, "Input and weights should have same format, but input format is [%s] and "
                                           "weights format is [%s].",
                                      aclemu_format_name(self->format), aclemu_format_name(weights->format));
        if ((st = aclemu_check_same_shape(api, self, "self", weights, "weights")))
            return st;
    }
    if (out->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "out dim num %u should be 1.", out->ndim);
    if (aclemu_tensor_numel(self) == 0)
        return minlength > 0 && aclemu_tensor_numel(out) ? fill_zero(executor, out) : ACLNN_SUCCESS;
    int64_t size = out->shape[0] > minlength ? out->shape[0] : minlength;
    if (size > 2147483647)
        return ACLEMU_PARAM_ERROR(api, "The maximum output size cannot exceed 2147483647.");
    if (out->shape[0] == 0)
        return ACLNN_SUCCESS;
    hist_args a;
    memset(&a, 0, sizeof a);
    a.mode = HIST_BINCOUNT;
    a.bins = out->shape[0];
    return hist_launch(executor, &a, self, weights, out);
}
