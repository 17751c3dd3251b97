/* aclnnAscendQuant / aclnnAscendQuantV3 on the quant driver: y = round(x * scale [* scale] + offset)
 * with scale and offset first cast to x's dtype (as the real op does before its kernel), the
 * product in FP32, the round mode's rounding and the target's saturation. Check order: nulls ->
 * (V3: x not a scalar) -> dtypes -> (V3: axis) -> shapes -> roundMode. Per chip:
 *  - V1: A2 / A3 x FLOAT / FLOAT16 / BF16, y INT8 / INT32 / INT4; 310P x FLOAT / FLOAT16, y INT8;
 *    other chips no x dtype;
 *  - V3: as V1, and on 950 x with BF16 and y also FLOAT8_E4M3FN / FLOAT8_E5M2 / HIFLOAT8; 310P only
 *    the last axis. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define AQ_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))
#define AQ_INTS (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT4))

/* x (and scale / offset) dtypes; v3 also knows the 950 */
static aclemu_dtype_set aq_x_dtypes(int v3)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: return AQ_FLOATS | ACLEMU_DT(ACL_BF16);
    case ACLEMU_FAMILY_950: return v3 ? AQ_FLOATS | ACLEMU_DT(ACL_BF16) : 0;
    case ACLEMU_FAMILY_310P: return AQ_FLOATS;
    default: return 0;
    }
}

static aclemu_dtype_set aq_y_dtypes(int v3)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_310P: return ACLEMU_DT(ACL_INT8);
    case ACLEMU_FAMILY_950:
        return v3 ? AQ_INTS | ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_HIFLOAT8)
                  : AQ_INTS;
    default: return AQ_INTS;
    }
}

static aclnnStatus aq_check_dtype(const char *api, int v3, const aclTensor *x, const aclTensor *scale,
                                  const aclTensor *offset, const aclTensor *y, int32_t dstType)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, x, "x", aq_x_dtypes(v3))) ||
        (st = aclemu_check_dtype(api, y, "y", aq_y_dtypes(v3))) ||
        (st = aclemu_check_dtype(api, scale, "scale", aq_x_dtypes(v3))))
        return st;
    if (offset && ((st = aclemu_check_dtype(api, offset, "offset", aq_x_dtypes(v3))) ||
                   (st = aclemu_check_same_dtype(api, scale, "scale", offset, "offset"))))
        return st;
    if (x->dtype != ACL_FLOAT && scale->dtype != x->dtype)
        return v3 ? ACLEMU_PARAM_ERROR(api, "dtype of input x:%s is not compatible with scale:%s.",
                                       aclemu_dtype_name(x->dtype), aclemu_dtype_name(scale->dtype))
                  : ACLEMU_PARAM_ERROR(api, "input x:%s not compatible with scale:%s.", aclemu_dtype_name(x->dtype),
                                       aclemu_dtype_name(scale->dtype));
    if ((int32_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "dstType:%d(%s) must be able to represent the y dtype[%s].", (int)dstType,
                                  aclemu_dtype_name((aclDataType)dstType), aclemu_dtype_name(y->dtype));
    return ACLNN_SUCCESS;
}

static int mode_of(const char *m)
{
    if (!m)
        return -1;
    if (!strcmp(m, "round")) return QUANT_RINT;
    if (!strcmp(m, "floor")) return QUANT_FLOOR;
    if (!strcmp(m, "ceil")) return QUANT_CEIL;
    if (!strcmp(m, "trunc")) return QUANT_TRUNC;
    return -1;
}

static aclnnStatus aq_check_round(const char *api, int v3, const char *roundMode, aclDataType y)
{
    if (!roundMode)
        return ACLEMU_PARAM_ERROR(api, "roundMode cannot be empty");
    if (v3 && y == ACL_HIFLOAT8) {
        if (strcmp(roundMode, "round") && strcmp(roundMode, "hybrid"))
            return ACLEMU_PARAM_ERROR(api, "check roundMode failed, roundMode[%s] not in ['round','hybrid'] for "
                                           "hifloat8.",
                                      roundMode);
        return ACLNN_SUCCESS;
    }
    if (v3 && (y == ACL_FLOAT8_E4M3FN || y == ACL_FLOAT8_E5M2)) {
        if (strcmp(roundMode, "round"))
            return ACLEMU_PARAM_ERROR(api, "check roundMode failed, roundMode[%s] not in ['round'] for "
                                           "float8_e5m2/float8_e4m3fn.",
                                      roundMode);
        return ACLNN_SUCCESS;
    }
    if (mode_of(roundMode) < 0)
        return v3 ? ACLEMU_PARAM_ERROR(api, "check roundMode failed, roundMode[%s] not in "
                                            "['round','floor','ceil','trunc'] for int8/int4/int32.",
                                       roundMode)
                  : ACLEMU_PARAM_ERROR(api, "check roundMode failed, roundMode[%s] not in "
                                            "['round','floor','ceil','trunc'].",
                                       roundMode);
    return ACLNN_SUCCESS;
}

static aclnnStatus aq_check_formats(const char *api, const aclTensor *x, const aclTensor *scale,
                                    const aclTensor *offset, const aclTensor *y)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, scale, "scale")) ||
        (st = aclemu_check_format(api, y, "y")) || (offset && (st = aclemu_check_format(api, offset, "offset"))))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, scale, "scale", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)) ||
        (offset && (st = aclemu_check_shape(api, offset, "offset", ACLEMU_MAX_RANK))))
        return st;
    return ACLNN_SUCCESS;
}

/* V1's scale / offset: all dims but the last 1, broadcastable to x */
static aclnnStatus aq_check_param_v1(const char *api, const aclTensor *x, const aclTensor *t, const char *name)
{
    for (uint32_t i = 0; i + 1 < t->ndim; i++)
        if (t->shape[i] != 1) {
            ACLEMU_PARAM_ERROR(api, "the dim(%u) of scale or offset must be 1, but it is(%ld).", i, (long)t->shape[i]);
            return ACLEMU_PARAM_ERROR(api, "%s dim num must be 1. %s:%u", name, name, t->ndim);
        }
    int64_t shape[ACLEMU_MAX_RANK];
    uint32_t nd;
    aclnnStatus st = aclemu_broadcast_shape(api, t, name, x, "x", shape, &nd);
    if (st)
        return st;
    if (nd != x->ndim || memcmp(shape, x->shape, nd * sizeof(int64_t))) {
        char a[160], b[160];
        return ACLEMU_PARAM_ERROR(api, "%s shape %s can not broadcast to %s.", name,
                                  aclemu_shape_str(t->shape, t->ndim, a, sizeof a),
                                  aclemu_shape_str(x->shape, x->ndim, b, sizeof b));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus aq_launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *scale, const aclTensor *offset,
                             bool sqrtMode, const char *roundMode, const aclTensor *y, int scale_axis,
                             uint32_t param_dim)
{
    aclnnStatus st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if ((st = quant_check_hif8_round(aclemu_exec_api(ex), y, roundMode)))
        return st;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_STATIC;
    a.round = mode_of(roundMode) < 0 ? QUANT_RINT : mode_of(roundMode);
    a.code = quant_code_of(y->dtype);
    a.sqrt_mode = sqrtMode;
    a.param_dtype = x->dtype;
    a.scale_axis = scale->shape[param_dim] == 1 ? -1 : scale_axis;
    a.scale_step = scale->stride[param_dim];
    a.scale_div = 1;
    a.scale_mod = x->ndim >= 2 ? x->shape[x->ndim - 2] : 1;
    a.offset_step = offset ? offset->stride[offset->ndim == scale->ndim ? param_dim : offset->ndim - 1] : 0;
    return quant_launch(ex, &a, x, y, NULL, NULL, scale, offset);
}

aclnnStatus aclemu_plan_AscendQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                    const aclTensor *offset, bool sqrtMode, const char *roundMode, int32_t dstType,
                                    const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aq_check_dtype(api, 0, x, scale, offset, y, dstType)) ||
        (st = aq_check_formats(api, x, scale, offset, y)))
        return st;
    if (x->ndim == 0 && (y->dtype == ACL_INT32 || y->dtype == ACL_INT4))
        return ACLEMU_PARAM_ERROR(api, "dtype %s not support scalar.", y->dtype == ACL_INT32 ? "int32" : "int4");
    if (scale->ndim == 0 || (offset && offset->ndim == 0))
        return ACLEMU_PARAM_ERROR(api, "scale and offset not support scalar.");
    if ((st = quant_check_y_shape(api, x, y, 1)))
        return st;
    int64_t sdim = scale->shape[scale->ndim - 1];
    if (offset && offset->shape[offset->ndim - 1] != sdim)
        return ACLEMU_PARAM_ERROR(api, "dim of scale must be the same as dim of offset");
    int64_t last = x->ndim ? x->shape[x->ndim - 1] : 1;
    if (sdim != last && sdim != 1)
        return ACLEMU_PARAM_ERROR(api, "the last dim size(%ld) of x must be same as scale and offset(%ld).",
                                  (long)last, (long)sdim);
    if ((st = aq_check_param_v1(api, x, scale, "scale")) || (offset && (st = aq_check_param_v1(api, x, offset, "offset"))))
        return st;
    if ((st = aq_check_round(api, 0, roundMode, y->dtype)))
        return st;
    return aq_launch(executor, x, scale, offset, sqrtMode, roundMode, y, 1, scale->ndim - 1);
}

aclnnStatus aclemu_plan_AscendQuantV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                      const aclTensor *offset, bool sqrtMode, const char *roundMode, int32_t dstType,
                                      int32_t axis, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if (x->ndim == 0)
        return ACLEMU_PARAM_ERROR(api, "input x not support scalar.");
    if ((st = aq_check_dtype(api, 1, x, scale, offset, y, dstType)))
        return st;
    int32_t n = (int32_t)x->ndim;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_310P && axis != -1 && axis != n - 1)
        return ACLEMU_PARAM_ERROR(api, "axis only support the last dimension in 310P");
    if (axis >= n || axis < -n)
        return ACLEMU_PARAM_ERROR(api, "invalid axis: %d, axis can't exceed the dimension of x: %d", (int)axis, n);
    if (n > 2 && (axis < -2 || (axis >= 0 && axis < n - 2)))
        return ACLEMU_PARAM_ERROR(api, "invalid axis: %d, axis must be one of last two dimensions of x", (int)axis);
    if ((st = aq_check_formats(api, x, scale, offset, y)) || (st = quant_check_y_shape(api, x, y, 1)))
        return st;
    if (offset && (st = aclemu_check_same_shape(api, scale, "scale", offset, "offset")))
        return st;
    uint32_t sn = scale->ndim;
    if (sn == 0)
        return ACLEMU_PARAM_ERROR(api, "scale and offset not support scalar.");
    if (sn != 1 && sn != (uint32_t)n)
        return ACLEMU_PARAM_ERROR(api, "scale dimNum must be same as x dimNum or 1.");
    int32_t xa = axis >= 0 ? axis : n + axis;
    uint32_t sa = sn == 1 ? 0 : (uint32_t)xa;
    int64_t xdim = x->shape[xa], sdim = scale->shape[sa];
    if (sdim != xdim && sdim != 1)
        return ACLEMU_PARAM_ERROR(api, "scale dim(%u)'s value(%ld) is invalid, should be same as x dim(%d)'s "
                                       "value(%ld) or 1",
                                  sa, (long)sdim, (int)xa, (long)xdim);
    if (aclemu_tensor_numel(scale) != sdim)
        return ACLEMU_PARAM_ERROR(api, "If scale is not 1-dimensional tensor, all dimensions except the dimension "
                                       "specified by axis should be 1");
    if ((st = aq_check_round(api, 1, roundMode, y->dtype)))
        return st;
    return aq_launch(executor, x, scale, offset, sqrtMode, roundMode, y, xa == n - 1 ? 1 : 0, sa);
}
