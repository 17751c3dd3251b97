/* Checks and planning shared by the arithmetic binary ops. Order: null pointers, dtypes
 * (support list, promotion, alpha castable, result castable to out), formats, shapes. */
#include <string.h>

#include "binary_args.h"
#include "binary_plan.h"

/* Rounds a double to what `dt` can hold (the real op casts scalars to the compute dtype). */
static double round_to_dtype(double v, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return (float)v;
    case ACL_FLOAT16: return aclemu_half_to_float(aclemu_float_to_half((float)v));
    case ACL_BF16: return aclemu_bf16_to_float(aclemu_float_to_bf16((float)v));
    default: return v;
    }
}

static aclnnStatus check_common_tail(const char *api, const binary_spec *spec, aclDataType promoted,
                                     const aclScalar *alpha, const aclTensor *out, const char *out_name)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype_value(api, promoted, "promoted", spec->dtypes)))
        return st;
    if (spec->has_alpha && !aclemu_can_cast(alpha->dtype, promoted))
        return ACLEMU_PARAM_ERROR(api, "alpha dtype %s can not cast to the promoted dtype %s.",
                                  aclemu_dtype_name(alpha->dtype), aclemu_dtype_name(promoted));
    if ((st = aclemu_check_dtype(api, out, out_name, spec->dtypes)))
        return st;
    return aclemu_check_can_cast(api, promoted, out, out_name);
}

/* Imaginary part of a complex scalar (0 for the real types). */
static double scalar_imag(const aclScalar *s)
{
    if (s->dtype == ACL_COMPLEX64)
        return s->v.c64[1];
    if (s->dtype == ACL_COMPLEX128)
        return s->v.c128[1];
    return 0.0;
}

/* alpha NULL: the op has none (1). */
static void fill_scalars(binary_args *a, aclDataType promoted, const aclScalar *alpha)
{
    a->promoted = (int32_t)promoted;
    a->alpha_im = 0.0;
    a->other_im = 0.0;
    if (alpha) {
        a->alpha_f = round_to_dtype(aclemu_scalar_to_f64(alpha), promoted);
        a->alpha_i = aclemu_scalar_to_i64(alpha);
        if (aclemu_dtype_is_complex(promoted))
            a->alpha_im = scalar_imag(alpha);
    } else {
        a->alpha_f = 1.0;
        a->alpha_i = 1;
    }
}

aclnnStatus binary_plan_tensor(aclOpExecutor *ex, const binary_spec *spec, const aclTensor *self,
                               const aclTensor *other, const aclScalar *alpha, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex);
    const char *sname = inplace ? "selfRef" : "self";
    const char *oname = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, other, "other")))
        return st;
    if (spec->has_alpha && (st = aclemu_check_notnull(api, alpha, "alpha")))
        return st;
    if (!inplace && (st = aclemu_check_notnull(api, out, "out")))
        return st;

    if ((st = aclemu_check_dtype(api, self, sname, spec->dtypes)) ||
        (st = aclemu_check_dtype(api, other, "other", spec->dtypes)))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s and other dtype %s can not be promoted.", sname,
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    if ((st = check_common_tail(api, spec, promoted, alpha, out, oname)))
        return st;

    if ((st = aclemu_check_format(api, self, sname)) || (st = aclemu_check_format(api, other, "other")) ||
        (st = aclemu_check_format(api, out, oname)))
        return st;

    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, other, "other", ACLEMU_MAX_RANK)) ||
        (!inplace && (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK))))
        return st;
    int64_t bshape[ACLEMU_MAX_RANK];
    uint32_t bnd;
    if ((st = aclemu_broadcast_shape(api, self, sname, other, "other", bshape, &bnd)))
        return st;
    if ((st = aclemu_check_shape_is(api, out, oname, bshape, bnd)))
        return st;

    return binary_launch(ex, spec->kernel, out, self, other, NULL, promoted, spec->has_alpha ? alpha : NULL, 0);
}

aclnnStatus binary_plan_scalar(aclOpExecutor *ex, const binary_spec *spec, const aclTensor *self,
                               const aclScalar *other, const aclScalar *alpha, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex);
    const char *sname = inplace ? "selfRef" : "self";
    const char *oname = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, other, "other")))
        return st;
    if (spec->has_alpha && (st = aclemu_check_notnull(api, alpha, "alpha")))
        return st;
    if (!inplace && (st = aclemu_check_notnull(api, out, "out")))
        return st;

    if ((st = aclemu_check_dtype(api, self, sname, spec->dtypes)))
        return st;
    aclDataType promoted = aclemu_promote_with_scalar(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s and other dtype %s can not be promoted.", sname,
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    if ((st = check_common_tail(api, spec, promoted, alpha, out, oname)))
        return st;

    if ((st = aclemu_check_format(api, self, sname)) || (st = aclemu_check_format(api, out, oname)))
        return st;
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (!inplace && (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK))))
        return st;
    if ((st = aclemu_check_same_shape(api, self, sname, out, oname)))
        return st;

    return binary_launch(ex, spec->kernel, out, self, NULL, other, promoted, spec->has_alpha ? alpha : NULL, 0);
}

aclnnStatus binary_launch(aclOpExecutor *ex, const char *kernel, const aclTensor *out, const aclTensor *x,
                          const aclTensor *y, const aclScalar *y_scalar, aclDataType promoted, const aclScalar *alpha,
                          int negate_alpha)
{
    aclnnStatus st;
    const aclTensor *ins[2] = {x, y};
    binary_args *a = (binary_args *)aclemu_ew_launch(ex, kernel, sizeof(binary_args), out, ins, y ? 2 : 1, &st);
    if (!a)
        return st;
    a->other_is_tensor = y != NULL;
    fill_scalars(a, promoted, alpha);
    if (negate_alpha) { /* exact in every domain; the integer one wraps like the dtype */
        a->alpha_f = -a->alpha_f;
        a->alpha_i = (int64_t)(0u - (uint64_t)a->alpha_i);
        a->alpha_im = -a->alpha_im;
    }
    if (!y) {
        a->other_f = round_to_dtype(aclemu_scalar_to_f64(y_scalar), promoted);
        a->other_i = aclemu_scalar_to_i64(y_scalar);
        if (aclemu_dtype_is_complex(promoted))
            a->other_im = scalar_imag(y_scalar);
    }
    return ACLNN_SUCCESS;
}
