/* aclnnRsub / aclnnRsubs: out = other - alpha * self. The order of the real op_api/aclnn_rsub.cpp:
 * null (self, other, alpha, out) -> self / other in the chip's list -> promotion defined, alpha
 * castable to it (and, on the 950's register-based arch, self / other castable and the promoted
 * dtype in the list) -> promoted castable to out -> rank <= 8, broadcast, out's shape. No BOOL
 * and no format check there; BF16 only on 910B / 910_93 / 950 (the common chip rule). */
#include "aclemu_plans.h"
#include "binary_plan.h"

#define RSUB_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_INT32) |     \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_DOUBLE) |       \
     ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128) | ACLEMU_DT(ACL_BF16))

static int is_regbase(void)
{
    return aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950));
}

static aclnnStatus check_promoted(const char *api, aclDataType sdt, aclDataType odt, const aclScalar *alpha,
                                  const aclTensor *out, aclDataType promoted)
{
    aclnnStatus st;
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Expected self dtype %s and other dtype %s can promote dtype but check failed.",
                                  aclemu_dtype_name(sdt), aclemu_dtype_name(odt));
    if (!aclemu_can_cast(alpha->dtype, promoted))
        return ACLEMU_PARAM_ERROR(api, "alpha dtype %s can not cast to the promoted dtype %s.",
                                  aclemu_dtype_name(alpha->dtype), aclemu_dtype_name(promoted));
    if (is_regbase()) {
        if (!aclemu_can_cast(sdt, promoted) || !aclemu_can_cast(odt, promoted))
            return ACLEMU_PARAM_ERROR(api, "self dtype %s or other dtype %s can not cast to the promoted dtype %s.",
                                      aclemu_dtype_name(sdt), aclemu_dtype_name(odt), aclemu_dtype_name(promoted));
        if ((st = aclemu_check_dtype_value(api, promoted, "promoted", RSUB_DTYPES)))
            return st;
    }
    return aclemu_check_can_cast(api, promoted, out, "out");
}

static aclnnStatus check_nulls(const char *api, const void *self, const void *other, const void *alpha,
                               const void *out)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, alpha, "alpha")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Rsub(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other,
                             const aclScalar *alpha, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = check_nulls(api, self, other, alpha, out)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", RSUB_DTYPES)) ||
        (st = aclemu_check_dtype(api, other, "other", RSUB_DTYPES)))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if ((st = check_promoted(api, self->dtype, other->dtype, alpha, out, promoted)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, other, "other", ACLEMU_MAX_RANK)))
        return st;
    int64_t bshape[ACLEMU_MAX_RANK];
    uint32_t bnd;
    if ((st = aclemu_broadcast_shape(api, self, "self", other, "other", bshape, &bnd)) ||
        (st = aclemu_check_shape_is(api, out, "out", bshape, bnd)))
        return st;
    return binary_launch(executor, "Rsub", out, self, other, NULL, promoted, alpha, 0);
}

/* The complex type of a floating dtype's precision (real CombineCategoriesWithComplex). */
static aclDataType complex_of(aclDataType dt)
{
    if (dt == ACL_DOUBLE)
        return ACL_COMPLEX128;
    return ACL_COMPLEX64; /* FLOAT, BF16; FLOAT16's COMPLEX32 is computed as COMPLEX64 */
}

/* Whether v survives a round trip through the 16-bit float dtype within FLT_EPSILON. */
static int keeps_b16(aclDataType dt, double v)
{
    float f = (float)v;
    float r = dt == ACL_FLOAT16 ? aclemu_half_to_float(aclemu_float_to_half(f))
                                : aclemu_bf16_to_float(aclemu_float_to_bf16(f));
    float d = r - f;
    return (d < 0 ? -d : d) <= 1.1920928955078125e-7f;
}

/* The compute dtype of tensor - scalar. Before the 950: self if floating, else self promoted
 * with a floating scalar, else self. On the 950: category combination with the scalar's
 * default dtype, and FLOAT16 / BF16 only when the scalar and alpha fit them. */
static aclDataType rsubs_promote(aclDataType sdt, const aclScalar *other, const aclScalar *alpha)
{
    if (!is_regbase()) {
        if (aclemu_dtype_is_float(sdt))
            return sdt;
        return aclemu_dtype_is_float(other->dtype) ? aclemu_promote_types(sdt, other->dtype) : sdt;
    }
    aclDataType lower = aclemu_dtype_is_complex(other->dtype) ? ACL_COMPLEX64
                        : aclemu_dtype_is_float(other->dtype) ? ACL_FLOAT : other->dtype;
    aclDataType p;
    if (aclemu_dtype_is_complex(sdt))
        p = sdt;
    else if (aclemu_dtype_is_complex(lower))
        p = aclemu_dtype_is_float(sdt) ? complex_of(sdt) : lower;
    else if (aclemu_dtype_is_float(sdt))
        p = sdt;
    else if (sdt == ACL_BOOL || aclemu_dtype_is_float(lower))
        p = aclemu_promote_types(sdt, lower);
    else
        p = sdt;
    if ((p == ACL_FLOAT16 || p == ACL_BF16) &&
        !(keeps_b16(p, aclemu_scalar_to_f64(other)) && keeps_b16(p, aclemu_scalar_to_f64(alpha))))
        p = ACL_FLOAT;
    return p;
}

aclnnStatus aclemu_plan_Rsubs(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other,
                              const aclScalar *alpha, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = check_nulls(api, self, other, alpha, out)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", RSUB_DTYPES)) ||
        (st = aclemu_check_dtype_value(api, other->dtype, "other", RSUB_DTYPES)))
        return st;
    aclDataType promoted = rsubs_promote(self->dtype, other, alpha);
    if ((st = check_promoted(api, self->dtype, other->dtype, alpha, out, promoted)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, out, "out", self, "self")))
        return st;
    return binary_launch(executor, "Rsub", out, self, NULL, other, promoted, alpha, 0);
}
