/* aclnnAddV3 / aclnnInplaceAddV3: out = self + alpha * other, self a scalar; the in-place form
 * writes into other (the real one passes other as out). The order of the real
 * op_api/aclnn_add_v3.cpp: null (self, other, alpha, out) -> other in [FLOAT, INT32, FLOAT16,
 * BF16, INT8] -> promotion defined, alpha castable (an integral alpha for a BOOL result) ->
 * promoted castable to out -> other rank <= 8 and out's shape == other's. It runs as the
 * reversed subtraction self - (-alpha) * other on the Rsub kernel. */
#include "aclemu_plans.h"
#include "binary_plan.h"

#define ADD_V3_DTYPES                                                                                  \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) |     \
     ACLEMU_DT(ACL_INT8))

/* The real PromoteTypeScalar: a floating other computes in FLOAT whatever its width. */
static aclDataType add_v3_promote(aclDataType sdt, aclDataType odt, aclDataType outdt)
{
    if (aclemu_dtype_is_complex(odt) || aclemu_dtype_is_complex(sdt))
        return aclemu_promote_types(odt, sdt);
    if (aclemu_dtype_is_float(odt))
        return ACL_FLOAT;
    if (sdt == ACL_DOUBLE && outdt == ACL_FLOAT)
        return ACL_FLOAT;
    if (aclemu_dtype_is_float(sdt) || odt == ACL_BOOL)
        return aclemu_promote_types(odt, sdt);
    return odt;
}

static aclnnStatus plan_add_v3(aclOpExecutor *ex, const aclScalar *self, const aclTensor *other,
                               const aclScalar *alpha, const aclTensor *out, const char *sname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, alpha, "alpha")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, other, "other", ADD_V3_DTYPES)))
        return st;
    aclDataType promoted = add_v3_promote(self->dtype, other->dtype, out->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s can not promote dtype.",
                                  aclemu_dtype_name(other->dtype), aclemu_dtype_name(self->dtype));
    int alpha_ok = promoted == ACL_BOOL ? (aclemu_dtype_is_int(alpha->dtype) || alpha->dtype == ACL_BOOL)
                                        : aclemu_can_cast(alpha->dtype, promoted);
    if (!alpha_ok)
        return ACLEMU_PARAM_ERROR(api, "Alpha dtype %s can't be cast to the promote dtype %s.",
                                  aclemu_dtype_name(alpha->dtype), aclemu_dtype_name(promoted));
    if (!aclemu_can_cast(promoted, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "Promote dtype %s can't be cast to the desired output type %s.",
                                  aclemu_dtype_name(promoted), aclemu_dtype_name(out->dtype));
    if ((st = aclemu_check_shape(api, other, "other", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, other, "other", out, "out")))
        return st;
    return binary_launch(ex, "Rsub", out, other, NULL, self, promoted, alpha, 1);
}

aclnnStatus aclemu_plan_AddV3(aclOpExecutor *executor, const aclScalar *self, const aclTensor *other,
                              const aclScalar *alpha, aclTensor *out)
{
    return plan_add_v3(executor, self, other, alpha, out, "self");
}

aclnnStatus aclemu_plan_InplaceAddV3(aclOpExecutor *executor, const aclScalar *selfRef, const aclTensor *other,
                                     const aclScalar *alpha)
{
    return plan_add_v3(executor, selfRef, other, alpha, other, "selfRef");
}
