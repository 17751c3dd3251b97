/* aclnnPowTensorScalar / InplacePowTensorScalar / PowScalarTensor / PowTensorTensor /
 * InplacePowTensorTensor. Dtypes FLOAT, FLOAT16, BF16 (A2/A3/950), DOUBLE, INT8, UINT8, INT16,
 * INT32, INT64 (BOOL promotes like torch; the complex types are not emulated). The power is
 * computed in the torch promotion of the operands and cast to out. */
#include "aclemu_plans.h"
#include "pow_args.h"

#define POW_DTYPES (ACLEMU_DT_FLOATS | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT_INTS | ACLEMU_DT(ACL_BOOL))

static double round_to(double v, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return (float)v;
    case ACL_FLOAT16: return aclemu_half_to_float(aclemu_float_to_half((float)v));
    case ACL_BF16: return aclemu_bf16_to_float(aclemu_float_to_bf16((float)v));
    default: return v;
    }
}

/* t: the tensor operand (self, or the exponent of PowScalarTensor); other: the exponent tensor
 * of PowTensorTensor; s: the scalar of the two scalar forms. */
static aclnnStatus plan(aclOpExecutor *ex, int mode, const aclTensor *t, const char *tname, const aclTensor *other,
                        const aclScalar *s, const char *sname, const aclTensor *out, const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, t, tname)) ||
        (mode == POW_TT && (st = aclemu_check_notnull(api, other, "exponent"))) ||
        (mode != POW_TT && (st = aclemu_check_notnull(api, s, sname))) ||
        (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if ((st = aclemu_check_dtype(api, t, tname, POW_DTYPES)) ||
        (other && (st = aclemu_check_dtype(api, other, "exponent", POW_DTYPES))) ||
        (s && (st = aclemu_check_dtype_value(api, s->dtype, sname, POW_DTYPES))))
        return st;
    aclDataType promoted = other ? aclemu_promote_types(t->dtype, other->dtype)
                                 : aclemu_promote_with_scalar(t->dtype, s->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s and %s dtype %s can not be promoted.", tname,
                                  aclemu_dtype_name(t->dtype), other ? "exponent" : sname,
                                  aclemu_dtype_name(other ? other->dtype : s->dtype));
    if (promoted == ACL_BOOL) /* torch computes bool ** bool in the default integer type */
        promoted = ACL_INT64;
    if ((st = aclemu_check_dtype(api, out, oname, POW_DTYPES & ~ACLEMU_DT(ACL_BOOL))) ||
        (st = aclemu_check_can_cast(api, promoted, out, oname)))
        return st;
    if ((st = aclemu_check_format(api, t, tname)) || (other && (st = aclemu_check_format(api, other, "exponent"))) ||
        (st = aclemu_check_format(api, out, oname)))
        return st;
    if ((st = aclemu_check_shape(api, t, tname, ACLEMU_MAX_RANK)) ||
        (other && (st = aclemu_check_shape(api, other, "exponent", ACLEMU_MAX_RANK))) ||
        (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)))
        return st;
    if (other) {
        int64_t shape[ACLEMU_MAX_RANK];
        uint32_t nd;
        if ((st = aclemu_broadcast_shape(api, t, tname, other, "exponent", shape, &nd)) ||
            (st = aclemu_check_shape_is(api, out, oname, shape, nd)))
            return st;
    } else if ((st = aclemu_check_same_shape(api, t, tname, out, oname))) {
        return st;
    }
    const aclTensor *ins[2] = {t, other};
    pow_args *a = (pow_args *)aclemu_ew_launch(ex, "Pow", sizeof(pow_args), out, ins, other ? 2 : 1, &st);
    if (!a)
        return st;
    a->mode = mode;
    a->promoted = (int32_t)promoted;
    if (s) {
        a->scalar_f = round_to(aclemu_scalar_to_f64(s), promoted);
        a->scalar_i = aclemu_scalar_to_i64(s);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_PowTensorScalar(aclOpExecutor *executor, const aclTensor *self, const aclScalar *exponent,
                                        const aclTensor *out)
{
    return plan(executor, POW_TS, self, "self", NULL, exponent, "exponent", out, "out");
}

aclnnStatus aclemu_plan_InplacePowTensorScalar(aclOpExecutor *executor, const aclTensor *selfRef,
                                               const aclScalar *exponent)
{
    return plan(executor, POW_TS, selfRef, "selfRef", NULL, exponent, "exponent", selfRef, "selfRef");
}

aclnnStatus aclemu_plan_PowScalarTensor(aclOpExecutor *executor, const aclScalar *self, const aclTensor *exponent,
                                        const aclTensor *out)
{
    return plan(executor, POW_ST, exponent, "exponent", NULL, self, "self", out, "out");
}

aclnnStatus aclemu_plan_PowTensorTensor(aclOpExecutor *executor, const aclTensor *self, const aclTensor *exponent,
                                        aclTensor *out)
{
    return plan(executor, POW_TT, self, "self", exponent, NULL, NULL, out, "out");
}

aclnnStatus aclemu_plan_InplacePowTensorTensor(aclOpExecutor *executor, const aclTensor *selfRef,
                                               const aclTensor *exponent)
{
    return plan(executor, POW_TT, selfRef, "selfRef", exponent, NULL, NULL, selfRef, "selfRef");
}
