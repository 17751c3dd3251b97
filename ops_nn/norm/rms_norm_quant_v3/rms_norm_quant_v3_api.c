/* aclnnRmsNormQuantV3 (950 only) on the NormStaticQuant kernel (norm_rows, rms mode). The op_api
 * itself checks null (rstd only with outputRstd), gamma rank 1..2, scale rank 1 and the INT32
 * packing of y (x's last dim a multiple of 8, y's last dim 1/8 of it), in that order; the rest
 * (the dtype table of the documentation, gamma / beta = [n] or [1, n], scale / offset 1 or n
 * values of one shape, y = x's shape, rstd = x's shape with a last dim of 1, INT4 last dim even)
 * is checked after it here. y INT8, INT4, INT32 (eight INT4 per word), FLOAT8_E4M3FN,
 * FLOAT8_E5M2 (HIFLOAT8 is not emulated); the 950 kernel rounds half to even and saturates. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "norm_static_quant_args.h"

#define RNQ3_Y                                                                                                   \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |           \
     ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_HIFLOAT8))

static aclnnStatus dtypes(const char *api, const aclTensor *x, const aclTensor *gamma, const aclTensor *scale,
                          const aclTensor *offset, const aclTensor *beta, const aclTensor *y, const aclTensor *rstd)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma")) ||
        (beta && (st = aclemu_check_same_dtype(api, x, "x", beta, "beta"))) ||
        (st = aclemu_check_dtype(api, scale, "scale", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, offset, "offset", NN_FLOATS | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, y, "y", RNQ3_Y)) ||
        (rstd && (st = aclemu_check_dtype(api, rstd, "rstd", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    if (y->dtype == ACL_HIFLOAT8)
        return ACLEMU_PARAM_ERROR(api, "y dtype DT_HIFLOAT8 is not supported by the emulator (not emulated).");
    /* the rows of the documentation's dtype table */
    int ok;
    if (scale->dtype == x->dtype)
        ok = !offset || offset->dtype == x->dtype || (x->dtype != ACL_FLOAT && offset->dtype == ACL_INT8);
    else
        ok = x->dtype != ACL_FLOAT && scale->dtype == ACL_FLOAT &&
             (!offset || offset->dtype == ACL_FLOAT || offset->dtype == ACL_INT32);
    if (!ok)
        return ACLEMU_PARAM_ERROR(api, "the dtypes of x (%s), scale (%s) and offset (%s) are not a supported "
                                       "combination.", aclemu_dtype_name(x->dtype), aclemu_dtype_name(scale->dtype),
                                  offset ? aclemu_dtype_name(offset->dtype) : "none");
    return ACLNN_SUCCESS;
}

/* gamma / beta: [n] or [1, n]. */
static aclnnStatus weight_shape(const char *api, const aclTensor *t, const char *name, int64_t n)
{
    if ((t->ndim == 1 && t->shape[0] == n) || (t->ndim == 2 && t->shape[0] == 1 && t->shape[1] == n))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s should have shape [%lld] or [1, %lld].", name, (long long)n, (long long)n);
}

aclnnStatus aclemu_plan_RmsNormQuantV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                       const aclTensor *scale, const aclTensor *offset, const aclTensor *beta,
                                       double epsilon, bool divMode, bool outputRstd, aclTensor *y, aclTensor *rstd)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, scale, "scale")) || (st = aclemu_check_notnull(api, y, "y")) ||
        (outputRstd && (st = aclemu_check_notnull(api, rstd, "rstd"))))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = nn_rank_in(api, x, "x", 1, 8)) ||
        (st = aclemu_check_shape(api, y, "y", 8)) || (st = nn_rank_in(api, y, "y", 1, 8)) ||
        (st = aclemu_check_shape(api, gamma, "gamma", 8)) || (st = aclemu_check_shape(api, scale, "scale", 8)))
        return st;
    if (gamma->ndim < 1 || gamma->ndim > 2)
        return ACLEMU_PARAM_ERROR(api, "DimNum of gamma must be 1 or 2, but get [%u]", gamma->ndim);
    if (scale->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "DimNum of scale must be 1, but get [%u]", scale->ndim);
    int64_t n = x->shape[x->ndim - 1], yn = y->shape[y->ndim - 1];
    if (y->dtype == ACL_INT32) {
        if (n % 8 != 0)
            return ACLEMU_PARAM_ERROR(api, "if outType is int32, the last dim of x must be a multiple of 8, but got "
                                           "%lld.", (long long)n);
        if (n != yn * 8)
            return ACLEMU_PARAM_ERROR(api, "if outType is int32, the out last dim must be 1/8 of x last dim, x last "
                                           "dim is (%lld), out last dim is (%lld).", (long long)n, (long long)yn);
    }
    const aclTensor *r = outputRstd ? rstd : NULL;
    if ((st = dtypes(api, x, gamma, scale, offset, beta, y, r)))
        return st;
    if ((st = weight_shape(api, gamma, "gamma", n)) || (beta && (st = weight_shape(api, beta, "beta", n))))
        return st;
    int64_t sn = aclemu_tensor_numel(scale);
    if (sn != 1 && sn != n)
        return ACLEMU_PARAM_ERROR(api, "scale should hold 1 or %lld elements, but holds %lld.", (long long)n,
                                  (long long)sn);
    if (offset && (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, scale, "scale", offset, "offset")))
        return st;
    int same_rank = y->ndim == x->ndim;
    for (uint32_t i = 0; same_rank && i + 1 < x->ndim; i++)
        same_rank = x->shape[i] == y->shape[i];
    if (!same_rank || (y->dtype != ACL_INT32 && yn != n))
        return ACLEMU_PARAM_ERROR(api, "y shape should be the shape of x%s.",
                                  y->dtype == ACL_INT32 ? " with the last dim divided by 8" : "");
    if ((y->dtype == ACL_INT4 || y->dtype == ACL_INT32) && n % 2 != 0)
        return ACLEMU_PARAM_ERROR(api, "if y is int4, the last dim of x must be even, but got %lld.", (long long)n);
    if (r) {
        int ok = r->ndim == x->ndim && r->shape[r->ndim - 1] == 1;
        for (uint32_t i = 0; ok && i + 1 < x->ndim; i++)
            ok = r->shape[i] == x->shape[i];
        if (!ok)
            return ACLEMU_PARAM_ERROR(api, "rstd should have the shape of x with a last dim of 1.");
    }
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if (y->dtype == ACL_INT4 && !aclemu_tensor_is_contiguous(y))
        return ACLEMU_PARAM_ERROR(api, "a non-contiguous INT4 y is not supported by the emulator.");
    norm_static_quant_args a = {0};
    a.rms = 1;
    a.scale_n = sn;
    a.mode = divMode ? NSQ_DIV : NSQ_MUL;
    a.code = y->dtype == ACL_INT32 ? ACL_INT4 : (int32_t)y->dtype;
    const nr_operand ops[] = {{x, 0, offsetof(norm_static_quant_args, x1)},
                              {gamma, 0, offsetof(norm_static_quant_args, gamma)},
                              {beta, 0, offsetof(norm_static_quant_args, beta)},
                              {scale, 0, offsetof(norm_static_quant_args, s1)},
                              {offset, 0, offsetof(norm_static_quant_args, z1)},
                              {y, 1, offsetof(norm_static_quant_args, y1)},
                              {r, 1, offsetof(norm_static_quant_args, rstd)}};
    return nr_launch(executor, "NormStaticQuant", &a, sizeof a, aclemu_tensor_numel(x) / n, n, epsilon, ops, 7);
}
