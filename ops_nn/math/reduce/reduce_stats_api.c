/* Planners of the ops-math statistics reductions (Var, VarCorrection, VarMean, Std,
 * StdMeanCorrection, BatchNormStats, Aminmax, AminmaxAll, AminmaxDim, ReduceLogSum,
 * GlobalMaxPool, GlobalAveragePool) on the shared Reduce kernel. The checks follow each op's
 * op_api/aclnn_*.cpp in hicann/ops-math (math/reduce_var, reduce_std_v2, reduce_std_with_mean,
 * reduce_min, reduce_log_sum, reduce_max, reduce_mean): null -> dtype -> dims -> shape, with
 * the per-chip dtype lists noted at each op. Arithmetic: double, see reduce_kernel.c. */
#include <string.h>

#include "aclemu_plans.h"
#include "reduce_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
/* Var / VarCorrection / Std / StdMeanCorrection: FLOAT, FLOAT16 (+ BF16 where the chip has it) */
#define VAR_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16))
/* Aminmax*: the 910B / 910_93 / regbase list; BF16 falls off elsewhere through the chip rule */
#define AMINMAX_DTYPES                                                                                         \
    (DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(INT32) | DT(UINT8) | DT(BOOL) | DT(INT8) | DT(INT16) | DT(INT64) | \
     DT(DOUBLE))

static int is_regbase(void) { return aclemu_op_profile()->family == ACLEMU_FAMILY_950; }

static uint64_t all_dims(const aclTensor *t) { return t->ndim >= 64 ? ~0ull : t->ndim ? (1ull << t->ndim) - 1 : 0; }

static aclnnStatus notnull3(const char *api, const void *a, const char *an, const void *b, const char *bn,
                            const void *c, const char *cn)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, a, an)) || (st = aclemu_check_notnull(api, b, bn)))
        return st;
    return c || !cn ? ACLNN_SUCCESS : aclemu_check_notnull(api, c, cn);
}

/* rank <= 8 for each tensor given (and a public format) */
static aclnnStatus ranks(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn,
                         const aclTensor *c, const char *cn)
{
    const aclTensor *t[3] = {a, b, c};
    const char *n[3] = {an, bn, cn};
    aclnnStatus st;
    for (int i = 0; i < 3; i++)
        if (t[i] && ((st = aclemu_check_format(api, t[i], n[i])) ||
                     (st = aclemu_check_shape(api, t[i], n[i], ACLEMU_MAX_RANK))))
            return st;
    return ACLNN_SUCCESS;
}

/* A dim list that may be NULL; NULL or empty means every dim (the real CalcDimWithVar). */
static aclnnStatus opt_dims(const char *api, const aclTensor *self, const aclIntArray *dim, uint64_t *mask)
{
    if (!dim) {
        *mask = all_dims(self);
        return ACLNN_SUCCESS;
    }
    return red_dims_mask(api, self, dim, true, mask);
}

/* ---- variance family ------------------------------------------------------------------------ */

/* One statistic (op) over the dims of `mask` into out (and mean into meanOut when given).
 * Results are computed in double and rounded once to each output's dtype (the real ops cast
 * the kernel result to out's dtype). */
static aclnnStatus stat_launch(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keep, int op,
                               int64_t correction, double eps, const aclTensor *out, const aclTensor *meanOut,
                               const char *mean_name)
{
    red_opts o;
    memset(&o, 0, sizeof o);
    o.correction = correction;
    o.eps = eps;
    o.idx_name = mean_name;
    return red_launch_opts(ex, self, mask, keep, op, self->dtype, out, meanOut, &o);
}

/* Var / VarCorrection (aclnn_var.cpp): self and out in the list (out may differ: cast), dims
 * (NULL = all), rank <= 8, out of the reduced shape. */
static aclnnStatus plan_var(aclOpExecutor *ex, const aclTensor *self, const aclIntArray *dim, int64_t correction,
                            bool keep, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    uint64_t mask;
    if ((st = notnull3(api, self, "self", out, "out", NULL, NULL)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", VAR_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", VAR_DTYPES)))
        return st;
    /* ranks before dims here (the real order is dims first): a dim mask is only safe for rank <= 8 */
    if ((st = ranks(api, self, "self", out, "out", NULL, NULL)) || (st = opt_dims(api, self, dim, &mask)))
        return st;
    return stat_launch(ex, self, mask, keep, RED_VAR, correction, 0.0, out, NULL, NULL);
}

aclnnStatus aclemu_plan_Var(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool unbiased,
                            bool keepdim, aclTensor *out)
{
    return plan_var(executor, self, dim, unbiased ? 1 : 0, keepdim, out);
}

aclnnStatus aclemu_plan_VarCorrection(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim,
                                      int64_t correction, bool keepdim, aclTensor *out)
{
    return plan_var(executor, self, dim, correction, keepdim, out);
}

/* VarMean (aclnn_var_mean.cpp): FLOAT / FLOAT16, BF16 only on the regbase arch (950); self,
 * meanOut, varOut in that order; both outputs of the reduced shape (meanOut checked first). */
aclnnStatus aclemu_plan_VarMean(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim,
                                int64_t correction, bool keepdim, aclTensor *varOut, aclTensor *meanOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = notnull3(api, self, "self", meanOut, "meanOut", varOut, "varOut")))
        return st;
    aclemu_dtype_set dts = DT(FLOAT) | DT(FLOAT16) | (is_regbase() ? DT(BF16) : 0);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, meanOut, "meanOut", dts)) ||
        (st = aclemu_check_dtype(api, varOut, "varOut", dts)))
        return st;
    if ((st = ranks(api, self, "self", meanOut, "meanOut", varOut, "varOut")) ||
        (st = opt_dims(api, self, dim, &mask)) ||
        (st = red_check_out_shape(api, self, mask, keepdim, meanOut, "meanOut")))
        return st;
    return stat_launch(executor, self, mask, keepdim, RED_VAR, correction, 0.0, varOut, meanOut, "meanOut");
}

/* Std (aclnn_std.cpp): the Var list, self castable to out; out's shape is checked only for a
 * non-empty dim list there, here always against the reduced shape (a one-element out is
 * accepted for a full reduction). */
aclnnStatus aclemu_plan_Std(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim,
                            const int64_t correction, bool keepdim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = notnull3(api, self, "self", out, "out", NULL, NULL)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", VAR_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", VAR_DTYPES)) ||
        (st = aclemu_check_can_cast(api, self->dtype, out, "out")))
        return st;
    if ((st = ranks(api, self, "self", out, "out", NULL, NULL)) || (st = opt_dims(api, self, dim, &mask)))
        return st;
    return stat_launch(executor, self, mask, keepdim, RED_STD, correction, 0.0, out, NULL, NULL);
}

/* StdMeanCorrection (aclnn_std_mean_correction.cpp): the Var list; stdOut and meanOut of self's
 * dtype except on the regbase arch; its own dim-range wording. */
aclnnStatus aclemu_plan_StdMeanCorrection(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim,
                                          int64_t correction, bool keepdim, aclTensor *stdOut, aclTensor *meanOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = notnull3(api, self, "self", stdOut, "stdOut", meanOut, "meanOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", VAR_DTYPES)) ||
        (st = aclemu_check_dtype(api, stdOut, "stdOut", VAR_DTYPES)) ||
        (st = aclemu_check_dtype(api, meanOut, "meanOut", VAR_DTYPES)))
        return st;
    if (!is_regbase() && ((st = aclemu_check_same_dtype(api, self, "self", stdOut, "stdOut")) ||
                          (st = aclemu_check_same_dtype(api, self, "self", meanOut, "meanOut"))))
        return st;
    if (dim) {
        int64_t n = (int64_t)self->ndim, lo = n ? -n : -1, hi = n ? n - 1 : 0;
        for (uint64_t i = 0; i < dim->size; i++)
            if (dim->data[i] < lo || dim->data[i] > hi)
                return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
                                          (long long)lo, (long long)hi, (long long)dim->data[i]);
    }
    if ((st = ranks(api, self, "self", stdOut, "stdOut", meanOut, "meanOut")) ||
        (st = opt_dims(api, self, dim, &mask)) ||
        (st = red_check_out_shape(api, self, mask, keepdim, stdOut, "stdOut")))
        return st;
    return stat_launch(executor, self, mask, keepdim, RED_STD, correction, 0.0, stdOut, meanOut, "meanOut");
}

/* BatchNormStats (aclnn_batch_norm_stats.cpp): input FLOAT / FLOAT16 (BF16 on the regbase
 * arch), mean and invstd FLOAT; formats; input rank 2..8 with a non-zero channel dim 1; mean
 * and invstd 1-D of [C]. Statistics over every dim but 1, biased, invstd = 1 / sqrt(var + eps). */
aclnnStatus aclemu_plan_BatchNormStats(aclOpExecutor *executor, const aclTensor *input, double eps, aclTensor *mean,
                                       aclTensor *invstd)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = notnull3(api, input, "input", mean, "mean", invstd, "invstd")))
        return st;
    aclemu_dtype_set dts = DT(FLOAT) | DT(FLOAT16) | (is_regbase() ? DT(BF16) : 0);
    if ((st = aclemu_check_dtype(api, input, "input", dts)) || (st = aclemu_check_dtype(api, mean, "mean", DT(FLOAT))) ||
        (st = aclemu_check_dtype(api, invstd, "invstd", DT(FLOAT))))
        return st;
    const aclTensor *t[3] = {input, mean, invstd};
    const char *tn[3] = {"Input", "Mean", "Invstd"};
    for (int i = 0; i < 3; i++)
        if (aclemu_format_is_private(t[i]->format))
            return ACLEMU_PARAM_ERROR(api, "%s format only support ND, NCL, NCHW, NCDHW.", tn[i]);
    if ((st = aclemu_check_shape(api, input, "input", ACLEMU_MAX_RANK)))
        return st;
    if (input->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "input dim num %u should be no less than 2.", input->ndim);
    if (mean->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "mean dim num %u should be 1.", mean->ndim);
    if (invstd->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "invstd dim num %u should be 1.", invstd->ndim);
    if (input->shape[1] == 0)
        return ACLEMU_PARAM_ERROR(api, "Channel size of input should not be zero.");
    int64_t c = input->shape[1];
    if ((st = aclemu_check_shape_is(api, mean, "mean", &c, 1)) || (st = aclemu_check_shape_is(api, invstd, "invstd", &c, 1)))
        return st;
    uint64_t mask = all_dims(input) & ~2ull;
    return stat_launch(executor, input, mask, false, RED_INVSTD, 0, eps, invstd, mean, "mean");
}

/* ---- Aminmax ------------------------------------------------------------------------------- */

/* min and max of self's dtype over `mask` (the real ops run ReduceMin and ReduceMax) */
static aclnnStatus minmax_launch(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keep,
                                 const aclTensor *minOut, const aclTensor *maxOut)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = red_check_out_shape(api, self, mask, keep, maxOut, "maxOut")))
        return st;
    red_opts o;
    memset(&o, 0, sizeof o);
    o.idx_name = "maxOut";
    return red_launch_opts(ex, self, mask, keep, RED_AMINMAX, self->dtype, minOut, maxOut, &o);
}

/* dtype list, then minOut / maxOut of self's dtype, then ranks (aclnn_aminmax*.cpp) */
static aclnnStatus minmax_common(const char *api, const aclTensor *self, const aclTensor *minOut,
                                 const aclTensor *maxOut)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, self, "self", AMINMAX_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", minOut, "minOut")) ||
        (st = aclemu_check_same_dtype(api, self, "self", maxOut, "maxOut")))
        return st;
    return ranks(api, self, "self", minOut, "minOut", maxOut, "maxOut");
}

/* Aminmax: a dim list; one dim is range-checked and must not be empty; any other count needs a
 * non-empty self (an empty list reduces every dim). */
aclnnStatus aclemu_plan_Aminmax(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                aclTensor *minOut, aclTensor *maxOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = notnull3(api, self, "self", dim, "dim", minOut, "minOut")) ||
        (st = aclemu_check_notnull(api, maxOut, "maxOut")) || (st = minmax_common(api, self, minOut, maxOut)))
        return st;
    int64_t n = (int64_t)self->ndim;
    if (dim->size != 1 && aclemu_tensor_numel(self) == 0)
        return ACLEMU_PARAM_ERROR(api, "Expected self to be not empty tensor.");
    if (dim->size == 1) {
        int64_t d = dim->data[0], lo = n ? -n : -1, hi = n ? n - 1 : 0;
        if (d < lo || d > hi)
            return ACLEMU_PARAM_ERROR(api, "Expected dim to be in range of [%lld, %lld], but got %lld.", (long long)lo,
                                      (long long)hi, (long long)d);
        if (n && self->shape[d < 0 ? d + n : d] == 0)
            return ACLEMU_PARAM_ERROR(api, "Expected reduction dim %lld to have non-zero size, but check failed.",
                                      (long long)d);
    }
    if ((st = red_dims_mask(api, self, dim, true, &mask)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS; /* the real op returns without a launch */
    return minmax_launch(executor, self, mask, keepDim, minOut, maxOut);
}

aclnnStatus aclemu_plan_AminmaxAll(aclOpExecutor *executor, const aclTensor *self, aclTensor *minOut,
                                   aclTensor *maxOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = notnull3(api, self, "self", minOut, "minOut", maxOut, "maxOut")) ||
        (st = minmax_common(api, self, minOut, maxOut)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    return minmax_launch(executor, self, all_dims(self), false, minOut, maxOut);
}

aclnnStatus aclemu_plan_AminmaxDim(aclOpExecutor *executor, const aclTensor *self, const int64_t dim, bool keepDim,
                                   aclTensor *minOut, aclTensor *maxOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = notnull3(api, self, "self", minOut, "minOut", maxOut, "maxOut")) ||
        (st = minmax_common(api, self, minOut, maxOut)))
        return st;
    int64_t n = self->ndim ? (int64_t)self->ndim : 1;
    if (dim < -n || dim >= n)
        return ACLEMU_PARAM_ERROR(api, "Provided dim %lld must be in the range of [%lld, %lld].", (long long)dim,
                                  (long long)-n, (long long)(n - 1));
    int64_t d = dim < 0 ? dim + n : dim;
    if (self->ndim && self->shape[d] == 0)
        return ACLEMU_PARAM_ERROR(api, "Expected reduction dim %lld to have non-zero size, but check failed.",
                                  (long long)dim);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    return minmax_launch(executor, self, self->ndim ? 1ull << d : 0, keepDim, minOut, maxOut);
}

/* ---- ReduceLogSum, global pools --------------------------------------------------------------- */

/* ReduceLogSum (aclnn_reduce_log_sum.cpp): FLOAT16 / FLOAT (+ BF16 on the regbase arch); its
 * own axes messages; empty data fills reduce with 0; empty axes reduce all, or copy data with
 * noopWithEmptyAxes. */
aclnnStatus aclemu_plan_ReduceLogSum(aclOpExecutor *executor, const aclTensor *data, const aclIntArray *axes,
                                     bool keepDims, bool noopWithEmptyAxes, aclTensor *reduce)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = notnull3(api, data, "data", axes, "axes", reduce, "reduce")))
        return st;
    aclemu_dtype_set dts = DT(FLOAT) | DT(FLOAT16) | (is_regbase() ? DT(BF16) : 0);
    if ((st = aclemu_check_dtype(api, data, "data", dts)) || (st = aclemu_check_dtype(api, reduce, "reduce", dts)))
        return st;
    if ((st = ranks(api, data, "data", reduce, "reduce", NULL, NULL)))
        return st;
    int64_t n = data->ndim ? (int64_t)data->ndim : 1;
    uint64_t mask = 0;
    for (uint64_t i = 0; i < axes->size; i++) {
        int64_t d = axes->data[i];
        if (d < -n || d >= n)
            return ACLEMU_PARAM_ERROR(api, "Provided axes %lld not in the range of input tensor size %lld.", (long long)d,
                                      (long long)n);
        int64_t w = d < 0 ? d + n : d;
        if (mask & (1ull << w))
            return ACLEMU_PARAM_ERROR(api, "Axes %lld appears multiple times in the list of axes", (long long)w);
        mask |= 1ull << w;
    }
    red_opts o;
    memset(&o, 0, sizeof o);
    o.post = RED_POST_LOG;
    if (axes->size == 0) {
        if (noopWithEmptyAxes) {
            o.post = RED_POST_NONE; /* a copy of data */
            mask = 0;
        } else {
            mask = all_dims(data);
        }
    }
    if (!data->ndim)
        mask = 0;
    return red_launch_opts(executor, data, mask, keepDims, RED_SUM, data->dtype, reduce, NULL, &o);
}

/* GlobalMaxPool / GlobalAveragePool (aclnn_global_max_pool.cpp, aclnn_global_average_pool.cpp):
 * same dtype for self and out; formats equal and ND / NCHW / NCDHW; rank 4..8; out of the
 * same rank, [N, C, 1, ...]. Reduce every dim from 2 on, keeping them. */
static aclnnStatus plan_global_pool(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out, int op,
                                    aclemu_dtype_set dts)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = notnull3(api, self, "self", out, "out", NULL, NULL)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, out, "out", dts)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "The format of self and out must be the same.");
    if (self->format != ACL_FORMAT_ND && self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_NCDHW)
        return ACLEMU_PARAM_ERROR(api, "Format only support ND, NCHW and NCDHW, but got %s.",
                                  aclemu_format_name(self->format));
    if (self->ndim < 4)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be no less than 4.", self->ndim);
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)))
        return st;
    if (out->ndim != self->ndim)
        return ACLEMU_PARAM_ERROR(api, "out dim num %u should be %u.", out->ndim, self->ndim);
    uint64_t mask = all_dims(self) & ~3ull;
    if ((st = red_check_out_shape(api, self, mask, true, out, "out")))
        return st;
    return red_launch(ex, self, mask, true, op, self->dtype, out, NULL);
}

aclnnStatus aclemu_plan_GlobalMaxPool(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    /* FLOAT, FLOAT16, DOUBLE on every chip */
    return plan_global_pool(executor, self, out, RED_MAX, DT(FLOAT) | DT(FLOAT16) | DT(DOUBLE));
}

aclnnStatus aclemu_plan_GlobalAveragePool(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    /* FLOAT, FLOAT16, DOUBLE; BF16 from 910B to 910E (Atlas A2 / A3) */
    aclemu_family f = aclemu_op_profile()->family;
    aclemu_dtype_set dts = DT(FLOAT) | DT(FLOAT16) | DT(DOUBLE) |
                           (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 ? DT(BF16) : 0);
    return plan_global_pool(executor, self, out, RED_MEAN, dts);
}
