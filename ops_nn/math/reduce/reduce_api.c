/* Planners of the ops-math reductions. Checks follow each op's op_api/aclnn_*.cpp in
 * hicann/ops-math: null -> dtype (the lists below; BF16 only where the chip has it, which the
 * shared dtype check applies) -> rank (<= 8) -> dims -> output shape. The arithmetic is the
 * shared Reduce kernel's (reduce_kernel.c). Complex inputs, which some of the real lists
 * include, are not supported yet and are refused by the dtype check. */
#include "aclemu_plans.h"
#include "reduce_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define INTS (DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8))
#define FLOATS (DT(FLOAT) | DT(FLOAT16) | DT(BF16))
/* aclnnReduceSum's list (ASCEND910B_DTYPE_SUPPORT_LIST without the complex types) */
#define SUM_DTYPES (FLOATS | DT(DOUBLE) | INTS | DT(BOOL))
/* aclnnMean */
#define MEAN_DTYPES (FLOATS | DT(DOUBLE) | INTS)
/* aclnnAmax / Amin / Max / Min / Any / All inputs */
#define CMP_DTYPES (FLOATS | DT(DOUBLE) | INTS | DT(BOOL))
/* aclnnArgMax / ArgMin */
#define ARG_DTYPES (FLOATS | DT(DOUBLE) | INTS)
/* aclnnMaxDim / MinDim (INT32 only on the regbase arch, i.e. 950) */
#define MAXDIM_DTYPES (FLOATS | DT(INT64) | DT(BOOL))
#define IDX_DTYPES (DT(INT32) | DT(INT64))
/* aclnnLogSumExp */
#define LSE_IN (FLOATS | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8) | DT(BOOL))
#define LSE_OUT FLOATS
/* aclnnReduceNansum (Atlas A2/A3; 950: floats only) */
#define NANSUM_DTYPES (FLOATS | INTS | DT(BOOL))

static aclnnStatus chk_notnull3(const char *api, const void *a, const char *an, const void *b, const char *bn,
                                const void *c, const char *cn)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, a, an)) || (st = aclemu_check_notnull(api, b, bn)))
        return st;
    return c || !cn ? ACLNN_SUCCESS : aclemu_check_notnull(api, c, cn);
}

/* rank <= 8 and a public format for self and out (and idx) */
static aclnnStatus chk_shapes(const char *api, const aclTensor *self, const aclTensor *out, const char *on,
                              const aclTensor *idx)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, on)) ||
        (idx && (st = aclemu_check_format(api, idx, "indices"))))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, on, ACLEMU_MAX_RANK)) ||
        (idx && (st = aclemu_check_shape(api, idx, "indices", ACLEMU_MAX_RANK))))
        return st;
    return ACLNN_SUCCESS;
}

/* "Expected reduction dim N to have non-zero size." for max/min-like ops over an empty dim. */
static aclnnStatus chk_nonzero_dims(const char *api, const aclTensor *self, uint64_t mask)
{
    for (uint32_t i = 0; i < self->ndim; i++)
        if (((mask >> i) & 1) && self->shape[i] == 0)
            return ACLEMU_PARAM_ERROR(api, "Expected reduction dim %u to have non-zero size.", i);
    return ACLNN_SUCCESS;
}

static aclnnStatus chk_dtype_arg(const char *api, aclDataType dtype, aclemu_dtype_set allowed)
{
    return aclemu_check_dtype_value(api, dtype, "dtype", allowed);
}

static aclnnStatus chk_out_is(const char *api, const aclTensor *out, aclDataType dt, const char *what)
{
    if (out->dtype == dt)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "out dtype %s should be the same as %s dtype %s.", aclemu_dtype_name(out->dtype),
                              what, aclemu_dtype_name(dt));
}

/* ReduceSum / ReduceNansum: elements cast to dtype, summed in it, cast to out (== dtype). */
static aclnnStatus plan_sum(aclOpExecutor *ex, const aclTensor *self, const aclIntArray *dims, bool keep,
                            aclDataType dtype, const aclTensor *out, aclemu_dtype_set dts, int op, const char *dn)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", dims, dn, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, out, "out", dts)) ||
        (st = chk_dtype_arg(api, dtype, dts)) || (st = chk_out_is(api, out, dtype, "dtype")))
        return st;
    if ((st = chk_shapes(api, self, out, "out", NULL)) || (st = red_dims_mask(api, self, dims, true, &mask)))
        return st;
    /* a sum to BOOL is a logical or (the real op runs ReduceAny) */
    return red_launch(ex, self, mask, keep, dtype == ACL_BOOL ? RED_ANY : op, dtype, out, NULL);
}

aclnnStatus aclemu_plan_ReduceSum(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dims,
                                  bool keepDims, aclDataType dtype, aclTensor *out)
{
    return plan_sum(executor, self, dims, keepDims, dtype, out, SUM_DTYPES, RED_SUM, "dims");
}

aclnnStatus aclemu_plan_ReduceNansum(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim,
                                     bool keepDim, aclDataType dtype, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclemu_family f = aclemu_op_profile()->family;
    if (f != ACLEMU_FAMILY_A2 && f != ACLEMU_FAMILY_A3 && f != ACLEMU_FAMILY_950)
        return ACLEMU_PARAM_ERROR(api, "ReduceNansum is not supported on this device.");
    return plan_sum(executor, self, dim, keepDim, dtype, out, f == ACLEMU_FAMILY_950 ? FLOATS : NANSUM_DTYPES,
                    RED_NANSUM, "dim");
}

aclnnStatus aclemu_plan_Mean(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepDim,
                             aclDataType dtype, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", dim, "dim", out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", MEAN_DTYPES)) || (st = chk_dtype_arg(api, dtype, MEAN_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", MEAN_DTYPES)))
        return st;
    if (!aclemu_can_cast(self->dtype, dtype) || !aclemu_can_cast(dtype, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "self dtype %s can not cast to dtype %s, or dtype %s to out dtype %s.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(dtype), aclemu_dtype_name(dtype),
                                  aclemu_dtype_name(out->dtype));
    if ((st = red_dims_mask(api, self, dim, true, &mask)) || (st = chk_shapes(api, self, out, "out", NULL)))
        return st;
    return red_launch(executor, self, mask, keepDim, RED_MEAN, dtype, out, NULL);
}

aclnnStatus aclemu_plan_MeanV2(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepDim,
                               bool noopWithEmptyAxes, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", dim, "dim", out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", MEAN_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", MEAN_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = red_dims_mask(api, self, dim, !noopWithEmptyAxes, &mask)) ||
        (st = chk_shapes(api, self, out, "out", NULL)))
        return st;
    return red_launch(executor, self, mask, keepDim, RED_MEAN, self->dtype, out, NULL);
}

/* Amax / Amin / MaxV2: out of self's dtype. */
static aclnnStatus plan_extreme(aclOpExecutor *ex, const aclTensor *self, const aclIntArray *dims, bool keep,
                                bool empty_all, const aclTensor *out, int op, const char *dn)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", dims, dn, out, "out")))
        return st;
    if ((st = chk_out_is(api, out, self->dtype, "self")) || (st = aclemu_check_dtype(api, self, "self", CMP_DTYPES)))
        return st;
    if ((st = red_dims_mask(api, self, dims, empty_all, &mask)) || (st = chk_nonzero_dims(api, self, mask)) ||
        (st = chk_shapes(api, self, out, "out", NULL)))
        return st;
    return red_launch(ex, self, mask, keep, op, self->dtype, out, NULL);
}

aclnnStatus aclemu_plan_Amax(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepDim,
                             aclTensor *out)
{
    return plan_extreme(executor, self, dim, keepDim, true, out, RED_MAX, "dim");
}

aclnnStatus aclemu_plan_Amin(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepDim,
                             aclTensor *out)
{
    return plan_extreme(executor, self, dim, keepDim, true, out, RED_MIN, "dim");
}

aclnnStatus aclemu_plan_MaxV2(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dims, bool keepDims,
                              bool noopWithEmptyDims, aclTensor *out)
{
    return plan_extreme(executor, self, dims, keepDims, !noopWithEmptyDims, out, RED_MAX, "dims");
}

/* Max / Min of all elements: out has one element; an empty self or out is a no-op. */
static aclnnStatus plan_all_extreme(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out, int op)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = chk_notnull3(api, self, "self", out, "out", NULL, NULL)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", CMP_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", CMP_DTYPES)))
        return st;
    if ((st = chk_shapes(api, self, out, "out", NULL)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    uint64_t mask = self->ndim >= 64 ? ~0ull : (1ull << self->ndim) - 1;
    return red_launch(ex, self, mask, false, op, self->dtype, out, NULL);
}

aclnnStatus aclemu_plan_Max(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan_all_extreme(executor, self, out, RED_MAX);
}

aclnnStatus aclemu_plan_Min(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan_all_extreme(executor, self, out, RED_MIN);
}

/* ArgMax / ArgMin: out INT32 / INT64; ArgMax of an empty tensor does nothing (as the real op),
 * ArgMin refuses an empty reduced dim. */
static aclnnStatus plan_arg(aclOpExecutor *ex, const aclTensor *self, int64_t dim, bool keep, const aclTensor *out,
                            int op)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t d;
    if ((st = chk_notnull3(api, self, "self", out, "out", NULL, NULL)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ARG_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", IDX_DTYPES)))
        return st;
    if ((st = chk_shapes(api, self, out, "out", NULL)) || (st = red_dim_one(api, self, dim, &d)))
        return st;
    uint64_t mask = self->ndim ? 1ull << d : 0;
    if (op == RED_ARGMIN && (st = chk_nonzero_dims(api, self, mask)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    return red_launch(ex, self, mask, keep, op, self->dtype, out, NULL);
}

aclnnStatus aclemu_plan_ArgMax(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepdim,
                               aclTensor *out)
{
    return plan_arg(executor, self, dim, keepdim, out, RED_ARGMAX);
}

aclnnStatus aclemu_plan_ArgMin(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepdim,
                               aclTensor *out)
{
    return plan_arg(executor, self, dim, keepdim, out, RED_ARGMIN);
}

/* MaxDim / MinDim: values of self's dtype and their first index (INT64; INT32 accepted too). */
static aclnnStatus plan_dim_idx(aclOpExecutor *ex, const aclTensor *self, int64_t dim, bool keep,
                                const aclTensor *out, const aclTensor *indices, int op)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t d;
    if ((st = chk_notnull3(api, self, "self", out, "out", indices, "indices")))
        return st;
    aclemu_dtype_set dts = MAXDIM_DTYPES | (aclemu_op_profile()->family == ACLEMU_FAMILY_950 ? DT(INT32) : 0);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, indices, "indices", IDX_DTYPES)))
        return st;
    if ((st = chk_shapes(api, self, out, "out", indices)))
        return st;
    if (self->ndim == 0 ? (dim < -1 || dim > 0) : (dim < -(int64_t)self->ndim || dim >= (int64_t)self->ndim))
        return ACLEMU_PARAM_ERROR(api, "dim should within the range of [[%lld], [%lld]].",
                                  (long long)(self->ndim ? -(int64_t)self->ndim : -1),
                                  (long long)(self->ndim ? (int64_t)self->ndim - 1 : 0));
    if ((st = red_dim_one(api, self, dim, &d)))
        return st;
    uint64_t mask = self->ndim ? 1ull << d : 0;
    if ((st = chk_nonzero_dims(api, self, mask)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    return red_launch(ex, self, mask, keep, op, self->dtype, out, indices);
}

aclnnStatus aclemu_plan_MaxDim(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepdim,
                               aclTensor *out, aclTensor *indices)
{
    return plan_dim_idx(executor, self, dim, keepdim, out, indices, RED_MAX_IDX);
}

aclnnStatus aclemu_plan_MinDim(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepdim,
                               aclTensor *out, aclTensor *indices)
{
    return plan_dim_idx(executor, self, dim, keepdim, out, indices, RED_MIN_IDX);
}

/* Prod / ProdDim: elements cast to dtype (== out's), multiplied in it; empty -> 1. */
static aclnnStatus plan_prod(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, int has_dim, int64_t dim,
                             bool keep, aclDataType dtype, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = chk_notnull3(api, self, "self", out, "out", NULL, NULL)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SUM_DTYPES)) || (st = chk_out_is(api, out, dtype, "dtype")) ||
        (st = chk_dtype_arg(api, dtype, SUM_DTYPES)))
        return st;
    if ((st = chk_shapes(api, self, out, "out", NULL)))
        return st;
    if (has_dim) {
        int64_t d;
        if ((st = red_dim_one(api, self, dim, &d)))
            return st;
        mask = self->ndim ? 1ull << d : 0;
    }
    return red_launch(ex, self, mask, keep, RED_PROD, dtype, out, NULL);
}

aclnnStatus aclemu_plan_Prod(aclOpExecutor *executor, const aclTensor *self, const aclDataType dtype, aclTensor *out)
{
    uint64_t mask = self && self->ndim ? (1ull << self->ndim) - 1 : 0;
    return plan_prod(executor, self, mask, 0, 0, false, dtype, out);
}

aclnnStatus aclemu_plan_ProdDim(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepDim,
                                const aclDataType dtype, aclTensor *out)
{
    return plan_prod(executor, self, 0, 1, dim, keepDim, dtype, out);
}

/* Any / All: out BOOL or UINT8. */
static aclnnStatus plan_logical(aclOpExecutor *ex, const aclTensor *self, const aclIntArray *dim, bool keep,
                                const aclTensor *out, int op)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", dim, "dim", out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", CMP_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", DT(UINT8) | DT(BOOL))))
        return st;
    if ((st = chk_shapes(api, self, out, "out", NULL)) || (st = red_dims_mask(api, self, dim, true, &mask)))
        return st;
    return red_launch(ex, self, mask, keep, op, self->dtype, out, NULL);
}

aclnnStatus aclemu_plan_Any(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepdim,
                            aclTensor *out)
{
    return plan_logical(executor, self, dim, keepdim, out, RED_ANY);
}

aclnnStatus aclemu_plan_All(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim, bool keepdim,
                            aclTensor *out)
{
    return plan_logical(executor, self, dim, keepdim, out, RED_ALL);
}

/* LogSumExp: integer / BOOL inputs computed as FLOAT; out FLOAT / FLOAT16 / BF16, castable. */
aclnnStatus aclemu_plan_LogSumExp(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dim,
                                  bool keepDim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", dim, "dim", out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", LSE_IN)) || (st = aclemu_check_dtype(api, out, "out", LSE_OUT)))
        return st;
    if ((st = red_dims_mask(api, self, dim, true, &mask)) || (st = chk_shapes(api, self, out, "out", NULL)))
        return st;
    if ((st = aclemu_check_can_cast(api, self->dtype, out, "out")))
        return st;
    aclDataType comp = aclemu_dtype_is_float(self->dtype) ? self->dtype : ACL_FLOAT;
    return red_launch(executor, self, mask, keepDim, RED_LOGSUMEXP, comp, out, NULL);
}

/* Norm / LinalgVectorNorm (ops-nn norm/lp_norm_v2): FLOAT / FLOAT16 / BF16 (the 910's list has
 * no BF16, which the chip's dtype gating covers); p from a scalar; dims empty -> all; computed
 * in double from the elements, rounded once to out. LinalgVectorNorm's dtype must be FLOAT or
 * self's own dtype (aclnn_linalg_vector_norm.cpp), and out must be of it. */
#define NORM_DTYPES FLOATS

static aclnnStatus plan_norm(aclOpExecutor *ex, const aclTensor *self, const aclScalar *p, const char *pn,
                             const aclIntArray *dims, const char *dn, bool keep, const aclTensor *out, int has_dtype,
                             aclDataType dtype)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    uint64_t mask;
    if ((st = chk_notnull3(api, self, "self", p, pn, dims, dn)) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NORM_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", NORM_DTYPES)))
        return st;
    if (has_dtype) {
        if ((st = aclemu_check_dtype_value(api, dtype, "dtype", NORM_DTYPES)))
            return st;
        if (dtype != ACL_FLOAT && dtype != self->dtype)
            return ACLEMU_PARAM_ERROR(api, "For self with dtype %s, dtype should be %s or DT_FLOAT, but got %s.",
                                      aclemu_dtype_name(self->dtype), aclemu_dtype_name(self->dtype),
                                      aclemu_dtype_name(dtype));
        if ((st = chk_out_is(api, out, dtype, "dtype")))
            return st;
    }
    if (!aclemu_dtype_is_float(p->dtype) && !aclemu_dtype_is_int(p->dtype))
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be a real number type.", pn, aclemu_dtype_name(p->dtype));
    if ((st = chk_shapes(api, self, out, "out", NULL)) || (st = red_dims_mask(api, self, dims, true, &mask)))
        return st;
    return red_launch_p(ex, self, mask, keep, RED_NORM, has_dtype ? dtype : self->dtype, out, NULL,
                        aclemu_scalar_to_f64(p));
}

aclnnStatus aclemu_plan_Norm(aclOpExecutor *executor, const aclTensor *self, const aclScalar *pScalar,
                             const aclIntArray *dim, bool keepdim, aclTensor *out)
{
    return plan_norm(executor, self, pScalar, "pScalar", dim, "dim", keepdim, out, 0, ACL_DT_UNDEFINED);
}

aclnnStatus aclemu_plan_LinalgVectorNorm(aclOpExecutor *executor, const aclTensor *self, const aclScalar *ord,
                                         const aclIntArray *dims, bool keepDims, const aclDataType dtype, aclTensor *out)
{
    return plan_norm(executor, self, ord, "ord", dims, "dims", keepDims, out, 1, dtype);
}
