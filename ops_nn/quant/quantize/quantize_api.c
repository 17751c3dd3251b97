/* aclnnQuantize on the quant driver (QUANT_STATIC with division): out = rint(x / scales +
 * zeroPoints) in FP32, saturated to the target. Check order (the real one: shapes before dtypes):
 * nulls -> shapes (rank <= 8, out == x, scales / zeroPoints 1-D of one size, 1 or x's size along
 * axis) -> dtypes -> formats; empty -> nothing to run. Per chip:
 *  - 910 / 310P: x, scales FLOAT / FLOAT16; zeroPoints INT8 / UINT8 / INT32; out INT8 / UINT8 / INT32;
 *  - A2 / A3: x, scales also BF16, zeroPoints also BF16 (BF16 scales or zeroPoints: all BF16);
 *  - 950: zeroPoints also FLOAT, out also HIFLOAT8 (CAST_ROUND, the arch35 kernel's
 *    CAST_TRAIT_FP32_TO_HIFP8) / FLOAT8_E4M3FN /
 *    FLOAT8_E5M2; 310B nothing. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

static void qz_lists(aclemu_dtype_set *x, aclemu_dtype_set *zp, aclemu_dtype_set *out)
{
    aclemu_dtype_set f = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    aclemu_dtype_set ints = ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT32);
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_910A: case ACLEMU_FAMILY_310P: *x = f; *zp = ints; *out = ints; break;
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3:
        *x = f | ACLEMU_DT(ACL_BF16); *zp = ints | ACLEMU_DT(ACL_BF16); *out = ints;
        break;
    case ACLEMU_FAMILY_950:
        *x = f | ACLEMU_DT(ACL_BF16);
        *zp = ints | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16);
        *out = ints | ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2);
        break;
    default: *x = *zp = *out = 0; break;
    }
}

static aclnnStatus qz_must_be(const char *api, const aclTensor *t, const char *name, aclDataType dt)
{
    if (t->dtype != dt)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be %s.", name, aclemu_dtype_name(t->dtype),
                                  aclemu_dtype_name(dt));
    return ACLNN_SUCCESS;
}

static aclnnStatus qz_check_shape(const char *api, const aclTensor *x, const aclTensor *scales, const aclTensor *zp,
                                  int32_t axis, const aclTensor *out)
{
    aclnnStatus st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, scales, "scales", ACLEMU_MAX_RANK)) ||
        (zp && (st = aclemu_check_shape(api, zp, "zeroPoints", ACLEMU_MAX_RANK))) ||
        (st = aclemu_check_same_shape(api, out, "out", x, "x")))
        return st;
    if (scales->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "Input scales shape only support 1 dimension.");
    int64_t n = scales->shape[0];
    if (zp) {
        if (zp->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "Input zeroPoints shape only support 1 dimension.");
        if (zp->shape[0] != n)
            return ACLEMU_PARAM_ERROR(api, "Scales size should be equal to zeroPoints size.");
    }
    if (n == 1)
        return ACLNN_SUCCESS;
    int64_t xd = x->ndim;
    if (axis < -xd || axis >= xd)
        return ACLEMU_PARAM_ERROR(api, "Axis out of range (expected to be in range of [-%ld, %ld], but got %d)",
                                  (long)xd, (long)(xd - 1), (int)axis);
    int64_t a = axis < 0 ? axis + xd : axis;
    if (n != x->shape[a])
        return ACLEMU_PARAM_ERROR(api, "The size of scales must equal to 1 or the specified dimension of x, which is "
                                       "%ld.",
                                  (long)x->shape[a]);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Quantize(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scales,
                                 const aclTensor *zeroPoints, aclDataType dtype, int32_t axis, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scales, "scales")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = qz_check_shape(api, x, scales, zeroPoints, axis, out)))
        return st;
    aclemu_dtype_set xs, zs, os;
    qz_lists(&xs, &zs, &os);
    if ((st = aclemu_check_dtype(api, x, "x", xs)) || (st = aclemu_check_dtype(api, scales, "scales", xs)) ||
        (zeroPoints && (st = aclemu_check_dtype(api, zeroPoints, "zeroPoints", zs))))
        return st;
    if ((st = aclemu_check_dtype_value(api, dtype, "Param", os)) || (st = aclemu_check_dtype(api, out, "out", os)) ||
        (st = qz_must_be(api, out, "out", dtype)))
        return st;
    if ((zeroPoints && zeroPoints->dtype == ACL_BF16) || scales->dtype == ACL_BF16) {
        if ((st = qz_must_be(api, x, "x", ACL_BF16)) || (st = qz_must_be(api, scales, "scales", ACL_BF16)) ||
            (zeroPoints && (st = qz_must_be(api, zeroPoints, "zeroPoints", ACL_BF16))))
            return st;
    }
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, scales, "scales")) ||
        (st = aclemu_check_format(api, out, "out")) ||
        (zeroPoints && (st = aclemu_check_format(api, zeroPoints, "zeroPoints"))))
        return st;
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(scales) == 0 ||
        (zeroPoints && aclemu_tensor_numel(zeroPoints) == 0))
        return ACLNN_SUCCESS;
    int64_t n = x->ndim;
    int64_t ax = axis < 0 ? axis + n : axis;
    if (ax < 0 || ax >= n)
        ax = n ? n - 1 : 0;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_STATIC;
    a.round = QUANT_RINT;
    a.divide = 1;
    a.code = out->dtype;
    a.param_dtype = ACL_FLOAT; /* FLOAT16 scales are cast to FLOAT: exact */
    a.scale_step = scales->stride[0];
    a.offset_step = zeroPoints ? zeroPoints->stride[0] : 0;
    a.scale_div = 1;
    a.scale_mod = 1;
    if (scales->shape[0] == 1) {
        a.scale_axis = -1;
    } else if (ax == n - 1) {
        a.scale_axis = 1;
    } else {
        a.scale_axis = 0;
        for (int64_t d = ax + 1; d < n - 1; d++)
            a.scale_div *= x->shape[d];
        a.scale_mod = x->shape[ax];
    }
    return quant_launch(executor, &a, x, out, NULL, NULL, scales, zeroPoints);
}
