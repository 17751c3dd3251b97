/* aclnnAscendAntiQuant on the quant driver (QUANT_ANTI): y = (x + offset) * scale [* scale] in
 * FP32, rounded once to y's dtype. Check order: nulls -> dtypes (y == dstType, FP8 x wants a FLOAT
 * scale) -> sqrtMode (not with FP8 x) -> shapes (INT4 x: same shape, last dim even; INT32 x: eight
 * INT4 per element along the last dim, a 0-d x gives y (8,); else the same shape) -> empty ->
 * INT4 x contiguous. Per chip:
 *  - A2 / A3: x INT4 / INT8 / INT32, y FLOAT16 / BF16, scale / offset FLOAT / BF16, 1-D;
 *  - 950: x also FLOAT8_E5M2 / FLOAT8_E4M3FN / HIFLOAT8 (its codes exactly in FP32, the arch35
 *    CAST_TRAIT_HIFP8_TO_FP32 of ascend_anti_quant_v2_common.h);
 *  - 310P: x INT8, y FLOAT16, scale FLOAT; other chips nothing.
 * scale (and offset) hold one value or one per y column. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define AA_FP8 (ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN))

static void aa_lists(aclemu_dtype_set *x, aclemu_dtype_set *y, aclemu_dtype_set *s)
{
    aclemu_dtype_set ints = ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32);
    aclemu_dtype_set halfs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    aclemu_dtype_set fb = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16);
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_950: *x = ints | AA_FP8; *y = halfs; *s = fb; break;
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: *x = ints; *y = halfs; *s = fb; break;
    case ACLEMU_FAMILY_310P:
        *x = ACLEMU_DT(ACL_INT8); *y = ACLEMU_DT(ACL_FLOAT16); *s = ACLEMU_DT(ACL_FLOAT);
        break;
    default: *x = *y = *s = 0; break;
    }
}

static int is_fp8(aclDataType dt) { return (AA_FP8 & ACLEMU_DT(dt)) != 0; }

static aclnnStatus aa_check_xy_shape(const char *api, const aclTensor *x, const aclTensor *y)
{
    char a[160], b[160];
    uint32_t n = x->ndim;
    if (x->dtype == ACL_INT32) {
        if (n == 0) {
            if (y->ndim == 1 && y->shape[0] == 8)
                return ACLNN_SUCCESS;
            return ACLEMU_PARAM_ERROR(api, "x dtype is int32. And x is scalar, y should be (8,). x shape:%s, y shape:%s",
                                      aclemu_shape_str(x->shape, n, a, sizeof a),
                                      aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
        }
        if (y->ndim != n)
            return ACLEMU_PARAM_ERROR(api, "dim num of x and y should be same. x shape:%s, y shape:%s",
                                      aclemu_shape_str(x->shape, n, a, sizeof a),
                                      aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
        for (uint32_t i = 0; i + 1 < n; i++)
            if (x->shape[i] != y->shape[i])
                return ACLEMU_PARAM_ERROR(api, "x dtype is int32. The shape of x and y should be same, expect for the "
                                               "size of the last axis.x shape:%s, y shape:%s, axis:%u",
                                          aclemu_shape_str(x->shape, n, a, sizeof a),
                                          aclemu_shape_str(y->shape, y->ndim, b, sizeof b), i);
        if (!quant_is_8x(y->shape[n - 1], x->shape[n - 1]))
            return ACLEMU_PARAM_ERROR(api, "x dtype is int32. The last dim of y should be 8 times the last dim of x. x "
                                           "shape:%s, y shape:%s",
                                      aclemu_shape_str(x->shape, n, a, sizeof a),
                                      aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
        return ACLNN_SUCCESS;
    }
    aclnnStatus st = aclemu_check_same_shape(api, y, "y", x, "x");
    if (st)
        return st;
    if (x->dtype == ACL_INT4 && (n == 0 || x->shape[n - 1] % 2))
        return ACLEMU_PARAM_ERROR(api, "x dtype is int4, the size of last dim must be an even number. x shape:%s, y "
                                       "shape:%s",
                                  aclemu_shape_str(x->shape, n, a, sizeof a),
                                  aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
    return ACLNN_SUCCESS;
}

/* t (scale or offset) must broadcast to y */
static aclnnStatus aa_check_bcast(const char *api, const aclTensor *t, const char *name, const aclTensor *y)
{
    int64_t shape[ACLEMU_MAX_RANK];
    uint32_t nd;
    aclnnStatus st = aclemu_broadcast_shape(api, t, name, y, "y", shape, &nd);
    if (st)
        return st;
    if (nd != y->ndim || memcmp(shape, y->shape, nd * sizeof(int64_t))) {
        char a[160], b[160];
        return ACLEMU_PARAM_ERROR(api, "%s shape %s can not broadcast to %s.", name,
                                  aclemu_shape_str(t->shape, t->ndim, a, sizeof a),
                                  aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus aa_check_params(const char *api, const aclTensor *x, const aclTensor *scale,
                                   const aclTensor *offset, const aclTensor *y)
{
    aclnnStatus st;
    int64_t ylast = y->ndim ? y->shape[y->ndim - 1] : 1;
    if (!quant_is_950()) {
        if (scale->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "scale dim num must be 1. scale:%u", scale->ndim);
        if (offset) {
            if (offset->ndim != 1)
                return ACLEMU_PARAM_ERROR(api, "offset dim num must be 1. offset:%u", offset->ndim);
            if ((st = aa_check_bcast(api, offset, "offset", y)))
                return st;
            if ((st = aclemu_check_same_shape(api, scale, "scale", offset, "offset")))
                return st;
        }
        if (scale->shape[0] != 1 && scale->shape[0] != ylast)
            return ACLEMU_PARAM_ERROR(api, "the last dim size(%ld) of out(y) must be same as scale and offset(%ld).",
                                      (long)ylast, (long)scale->shape[0]);
        return aa_check_bcast(api, scale, "scale", y);
    }
    if (offset && (st = aclemu_check_same_shape(api, scale, "scale", offset, "offset")))
        return st;
    if (x->ndim == 0 && x->dtype != ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "when the dtype of x is not int32, x cannot be a scalar.");
    if (aclemu_tensor_numel(scale) == 0)
        return ACLEMU_PARAM_ERROR(api, "scale cannot be an empty tensor.");
    if (x->dtype == ACL_INT32) {
        int64_t sl = scale->ndim ? scale->shape[scale->ndim - 1] : 1, xl = x->ndim ? x->shape[x->ndim - 1] : 0;
        int64_t x2 = x->ndim > 1 ? x->shape[x->ndim - 2] : 0;
        if (x->ndim == 1 && sl != 1 && !quant_is_8x(sl, xl))
            return ACLEMU_PARAM_ERROR(api, "when the dtype of x is int32 and x dim is 1, scale shape must be [1] or 8 "
                                           "times of x shape.");
        if (x->ndim > 1 && scale->ndim == 1 && sl != x2 && sl != 1 && !quant_is_8x(sl, xl))
            return ACLEMU_PARAM_ERROR(api, "when the dtype of x is int32 and scale dim is 1, scale last dim must be "
                                           "[1], 8 times of x last dim or x -2 dim.");
        if (x->ndim > 1 && scale->ndim > 1 && sl != 1 && !quant_is_8x(sl, xl))
            return ACLEMU_PARAM_ERROR(api, "when the dtype of x is int32, scale last dim must be [1] or 8 times of x "
                                           "last dim.");
    }
    /* the emulated kernel takes one value or one per y column */
    int64_t n = aclemu_tensor_numel(scale);
    if (n != 1 && !(scale->shape[scale->ndim - 1] == ylast && n == ylast))
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "a scale of %ld elements that is not per column of y is not implemented in aclemu.",
                               (long)n);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_AscendAntiQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                        const aclTensor *offset, int64_t dstType, bool sqrtMode, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    aclemu_dtype_set xs, ys, ss;
    aa_lists(&xs, &ys, &ss);
    if ((st = aclemu_check_dtype(api, x, "x", xs)) || (st = aclemu_check_dtype(api, y, "y", ys)) ||
        (st = aclemu_check_dtype(api, scale, "scale", ss)))
        return st;
    if (offset && ((st = aclemu_check_dtype(api, offset, "offset", ss)) ||
                   (st = aclemu_check_same_dtype(api, scale, "scale", offset, "offset"))))
        return st;
    if ((int64_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "out(y) data type must be the same as dstType.");
    if (scale->dtype != ACL_FLOAT && is_fp8(x->dtype))
        return ACLEMU_PARAM_ERROR(api, "when x is of type %s, scale must be FLOAT", aclemu_dtype_name(x->dtype));
    if (sqrtMode && is_fp8(x->dtype))
        return ACLEMU_PARAM_ERROR(api, "when x is of type %s, sqrtMode must be False", aclemu_dtype_name(x->dtype));
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, scale, "scale")) ||
        (st = aclemu_check_format(api, y, "y")) || (offset && (st = aclemu_check_format(api, offset, "offset"))))
        return st;
    if ((st = aa_check_xy_shape(api, x, y)) || (st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, scale, "scale", ACLEMU_MAX_RANK)) ||
        (offset && (st = aclemu_check_shape(api, offset, "offset", ACLEMU_MAX_RANK))))
        return st;
    if ((st = aa_check_params(api, x, scale, offset, y)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if (x->dtype == ACL_INT4 && !aclemu_tensor_is_contiguous(x))
        return ACLEMU_PARAM_ERROR(api, "when x is of type int4, it must be contiguous");
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_ANTI;
    a.code = quant_code_of(x->dtype);
    a.sqrt_mode = sqrtMode;
    a.scale_axis = aclemu_tensor_numel(scale) == 1 ? -1 : 1;
    a.scale_step = scale->ndim ? scale->stride[scale->ndim - 1] : 0;
    a.offset_step = offset && offset->ndim ? offset->stride[offset->ndim - 1] : 0;
    return quant_launch(executor, &a, x, y, NULL, NULL, scale, offset);
}
