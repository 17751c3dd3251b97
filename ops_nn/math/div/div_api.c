/* aclnnDiv / Divs / DivMod / DivMods and their inplace forms. Result dtype: the torch promotion
 * of self and other; true division (mode 0) of integers or BOOL gives FLOAT. Real null order:
 * out, other, self. COMPLEX64 / COMPLEX128 divide in true division only (like torch, the rounding
 * modes refuse complex operands). */
#include "aclemu_plans.h"
#include "binary_plan.h"
#include "div_args.h"

static double round_to(double v, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return (float)v;
    case ACL_FLOAT16: return aclemu_half_to_float(aclemu_float_to_half((float)v));
    case ACL_BF16: return aclemu_bf16_to_float(aclemu_float_to_bf16((float)v));
    default: return v;
    }
}

/* other_t or other_s is given. */
static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const aclTensor *other_t, const aclScalar *other_s,
                        int mode, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex);
    const char *sname = inplace ? "selfRef" : "self", *oname = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((!inplace && (st = aclemu_check_notnull(api, out, oname))) ||
        (st = aclemu_check_notnull(api, other_t ? (const void *)other_t : (const void *)other_s, "other")) ||
        (st = aclemu_check_notnull(api, self, sname)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, BINARY_DTYPES)) ||
        (other_t && (st = aclemu_check_dtype(api, other_t, "other", BINARY_DTYPES))))
        return st;
    if (mode < DIV_MODE_REAL || mode > DIV_MODE_FLOOR)
        return ACLEMU_PARAM_ERROR(api, "mode %d should be 0 (true division), 1 (trunc) or 2 (floor).", mode);
    aclDataType promoted = other_t ? aclemu_promote_types(self->dtype, other_t->dtype)
                                   : aclemu_promote_with_scalar(self->dtype, other_s->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s and other dtype %s can not be promoted.", sname,
                                  aclemu_dtype_name(self->dtype),
                                  aclemu_dtype_name(other_t ? other_t->dtype : other_s->dtype));
    if (mode != DIV_MODE_REAL && aclemu_dtype_is_complex(promoted))
        return ACLEMU_PARAM_ERROR(api, "mode %d (rounding division) does not support the complex dtype %s.", mode,
                                  aclemu_dtype_name(promoted));
    if (mode == DIV_MODE_REAL && !aclemu_dtype_is_float(promoted) && !aclemu_dtype_is_complex(promoted))
        promoted = ACL_FLOAT;
    if ((st = aclemu_check_dtype(api, out, oname, BINARY_DTYPES)) ||
        (st = aclemu_check_can_cast(api, promoted, out, oname)))
        return st;
    if ((st = aclemu_check_format(api, self, sname)) || (other_t && (st = aclemu_check_format(api, other_t, "other"))) ||
        (!inplace && (st = aclemu_check_format(api, out, oname))))
        return st;
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (other_t && (st = aclemu_check_shape(api, other_t, "other", ACLEMU_MAX_RANK))) ||
        (!inplace && (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK))))
        return st;
    if (other_t) {
        int64_t shape[ACLEMU_MAX_RANK];
        uint32_t nd;
        if ((st = aclemu_broadcast_shape(api, self, sname, other_t, "other", shape, &nd)) ||
            (st = aclemu_check_shape_is(api, out, oname, shape, nd)))
            return st;
    } else if ((st = aclemu_check_same_shape(api, self, sname, out, oname))) {
        return st;
    }
    const aclTensor *ins[2] = {self, other_t};
    div_args *a = (div_args *)aclemu_ew_launch(ex, "RealDiv", sizeof(div_args), out, ins, other_t ? 2 : 1, &st);
    if (!a)
        return st;
    a->mode = mode;
    a->b.other_is_tensor = other_t != NULL;
    a->b.promoted = (int32_t)promoted;
    a->b.alpha_f = 1.0;
    a->b.alpha_i = 1;
    a->b.alpha_im = 0.0;
    a->b.other_im = 0.0;
    if (other_s) {
        a->b.other_f = round_to(aclemu_scalar_to_f64(other_s), promoted);
        a->b.other_i = aclemu_scalar_to_i64(other_s);
        if (other_s->dtype == ACL_COMPLEX64)
            a->b.other_im = other_s->v.c64[1];
        else if (other_s->dtype == ACL_COMPLEX128)
            a->b.other_im = other_s->v.c128[1];
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Div(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, aclTensor *out)
{
    return plan(executor, self, other, NULL, DIV_MODE_REAL, out, 0);
}

aclnnStatus aclemu_plan_Divs(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other, aclTensor *out)
{
    return plan(executor, self, NULL, other, DIV_MODE_REAL, out, 0);
}

aclnnStatus aclemu_plan_DivMod(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, int mode,
                               aclTensor *out)
{
    return plan(executor, self, other, NULL, mode, out, 0);
}

aclnnStatus aclemu_plan_DivMods(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other, int mode,
                                aclTensor *out)
{
    return plan(executor, self, NULL, other, mode, out, 0);
}

aclnnStatus aclemu_plan_InplaceDiv(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *other)
{
    return plan(executor, selfRef, other, NULL, DIV_MODE_REAL, selfRef, 1);
}

aclnnStatus aclemu_plan_InplaceDivs(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *other)
{
    return plan(executor, selfRef, NULL, other, DIV_MODE_REAL, selfRef, 1);
}

aclnnStatus aclemu_plan_InplaceDivMod(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *other, int mode)
{
    return plan(executor, selfRef, other, NULL, mode, selfRef, 1);
}

aclnnStatus aclemu_plan_InplaceDivMods(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *other, int mode)
{
    return plan(executor, selfRef, NULL, other, mode, selfRef, 1);
}
