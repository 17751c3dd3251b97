/* The clamp family of aclnn_clamp.h: Clamp / ClampMin / ClampMax (+InplaceClampMax) with scalar
 * bounds, ClampTensor / ClampMinTensor / ClampMaxTensor (+Inplace Min/Max) with tensor bounds.
 * Rules of conversion/clip_by_value_v2/op_api/aclnn_clamp.cpp: the scalar forms compute in out's
 * dtype (self must cast to it) except on RegBase, where the scalars join by category; the tensor
 * forms promote self with the bound tensors. An absent bound does not clamp (the real op puts
 * the dtype's extreme there). NaN in self or in a bound gives NaN. */
#include <string.h>

#include "aclemu_plans.h"
#include "pw_plan.h"

#define CLAMP_910 \
    (PW_DT(FLOAT16) | PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(INT16) | PW_DT(INT8) | PW_DT(UINT8) | PW_DT(DOUBLE))
static const pw_dtypes clamp_dtypes = {CLAMP_910 | PW_DT(BF16), CLAMP_910 | PW_DT(BF16), CLAMP_910};

static aclnnStatus clamp_head(const char *api, const aclTensor *self, const void *lo, const void *hi,
                              const aclTensor *out, const char *sn, const char *on)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, out, on)))
        return st;
    if (!lo && !hi)
        return ACLEMU_NULL_ERROR(api, "clamp: At least one of 'min' or 'max' must not be None.");
    aclemu_dtype_set dts = pw_pick(&clamp_dtypes);
    if ((st = aclemu_check_dtype(api, self, sn, dts)) || (st = aclemu_check_dtype(api, out, on, dts)))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus clamp_scalar(aclOpExecutor *ex, const aclTensor *self, const aclScalar *lo, const aclScalar *hi,
                                const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = clamp_head(api, self, lo, hi, out, sn, on)))
        return st;
    if ((st = aclemu_check_same_shape(api, self, sn, out, on)) || (st = pw_check_rank(api, self, sn)) ||
        (st = pw_check_rank(api, out, on)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    aclDataType promoted;
    if (pw_arch() == PW_ARCH_REGBASE) {
        aclDataType sd = lo && hi ? aclemu_promote_types(pw_scalar_default(lo->dtype), pw_scalar_default(hi->dtype))
                         : lo     ? pw_scalar_default(lo->dtype)
                                  : pw_scalar_default(hi->dtype);
        promoted = pw_combine_categories(self->dtype, sd);
        if (promoted == ACL_DT_UNDEFINED)
            return ACLEMU_PARAM_ERROR(api, "promote type fail.");
        if ((st = aclemu_check_can_cast(api, promoted, out, on)))
            return st;
        aclemu_dtype_set dts = pw_pick(&clamp_dtypes);
        if (!aclemu_dtype_in(promoted, dts)) {
            char list[512];
            return ACLEMU_PARAM_ERROR(api, "promote dtype not implemented for %s, should be in dtype support list %s.",
                                      aclemu_dtype_name(promoted), aclemu_dtype_set_str(dts, list, sizeof list));
        }
    } else {
        promoted = out->dtype;
        if (!aclemu_can_cast(self->dtype, out->dtype))
            return ACLEMU_PARAM_ERROR(api, "self type %s can't be cast to the output type %s.",
                                      aclemu_dtype_name(self->dtype), aclemu_dtype_name(out->dtype));
    }
    pw_operand ops[3] = {{self, NULL}, {NULL, lo}, {NULL, hi}};
    return pw_launch(ex, PW_CLAMP, promoted, out, ops, 3, (lo ? PW_HAS_LO : 0) | (hi ? PW_HAS_HI : 0), NULL);
}

static aclnnStatus bounds_broadcast(const char *api, const aclTensor *self, const aclTensor *lo, const aclTensor *hi,
                                    const aclTensor *out, const char *on)
{
    int64_t s1[ACLEMU_MAX_RANK], s2[ACLEMU_MAX_RANK];
    uint32_t n1 = 0, n2 = 0;
    char b1[160], b2[160];
    const aclTensor *first = lo ? lo : hi;
    if (!pw_bcast_dims(self->shape, self->ndim, first->shape, first->ndim, s1, &n1)) {
        return ACLEMU_PARAM_ERROR(api, "the size of tensor %s %s must match the size of tensor %s %s.", "self",
                                  aclemu_shape_str(self->shape, self->ndim, b1, sizeof b1), lo ? "min" : "max",
                                  aclemu_shape_str(first->shape, first->ndim, b2, sizeof b2));
    }
    if (lo && hi) {
        if (!pw_bcast_dims(s1, n1, hi->shape, hi->ndim, s2, &n2)) {
            return ACLEMU_PARAM_ERROR(api, "the size of tensor %s %s must match the size of tensor %s %s.", "self/min",
                                      aclemu_shape_str(s1, n1, b1, sizeof b1), "max",
                                      aclemu_shape_str(hi->shape, hi->ndim, b2, sizeof b2));
        }
    } else {
        memcpy(s2, s1, sizeof s1);
        n2 = n1;
    }
    int same = out->ndim == n2;
    for (uint32_t d = 0; same && d < n2; d++)
        same = out->shape[d] == s2[d];
    if (!same)
        return ACLEMU_PARAM_ERROR(api,
                                  "expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.",
                                  on, "broadcast", aclemu_shape_str(out->shape, out->ndim, b1, sizeof b1),
                                  aclemu_shape_str(s2, n2, b2, sizeof b2));
    return ACLNN_SUCCESS;
}

static aclnnStatus clamp_tensor(aclOpExecutor *ex, const aclTensor *self, const aclTensor *lo, const aclTensor *hi,
                                const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = clamp_head(api, self, lo, hi, out, sn, on)))
        return st;
    if ((st = pw_check_rank(api, self, sn)) || (st = pw_check_rank(api, out, on)) ||
        (st = pw_check_rank(api, lo, "clipValueMin")) || (st = pw_check_rank(api, hi, "clipValueMax")))
        return st;
    if (aclemu_tensor_numel(self) == 0 || (lo && aclemu_tensor_numel(lo) == 0) || (hi && aclemu_tensor_numel(hi) == 0))
        return ACLNN_SUCCESS;
    aclDataType promoted = self->dtype;
    if (lo)
        promoted = aclemu_promote_types(promoted, lo->dtype);
    if (hi && promoted != ACL_DT_UNDEFINED)
        promoted = aclemu_promote_types(promoted, hi->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "promote type fail.");
    if ((st = aclemu_check_can_cast(api, promoted, out, on)))
        return st;
    aclemu_dtype_set dts = pw_pick(&clamp_dtypes);
    if (!aclemu_dtype_in(promoted, aclemu_chip_dtypes(dts))) {
        char list[512];
        return ACLEMU_PARAM_ERROR(api, "promote dtype not implemented for %s, should be in dtype support list %s.",
                                  aclemu_dtype_name(promoted),
                                  aclemu_dtype_set_str(aclemu_chip_dtypes(dts), list, sizeof list));
    }
    if ((st = bounds_broadcast(api, self, lo, hi, out, on)))
        return st;
    pw_operand ops[3] = {{self, NULL}, {lo, NULL}, {hi, NULL}};
    return pw_launch(ex, PW_CLAMP, promoted, out, ops, 3, (lo ? PW_HAS_LO : 0) | (hi ? PW_HAS_HI : 0), NULL);
}

aclnnStatus aclemu_plan_Clamp(aclOpExecutor *executor, const aclTensor *self, const aclScalar *clipValueMin,
                              const aclScalar *clipValueMax, aclTensor *out)
{
    return clamp_scalar(executor, self, clipValueMin, clipValueMax, out, 0);
}

aclnnStatus aclemu_plan_ClampMin(aclOpExecutor *executor, const aclTensor *self, const aclScalar *clipValueMin,
                                 aclTensor *out)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), clipValueMin, "clipValueMin");
    return st ? st : clamp_scalar(executor, self, clipValueMin, NULL, out, 0);
}

aclnnStatus aclemu_plan_ClampMax(aclOpExecutor *executor, const aclTensor *self, const aclScalar *clipValueMax,
                                 aclTensor *out)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), clipValueMax, "clipValueMax");
    return st ? st : clamp_scalar(executor, self, NULL, clipValueMax, out, 0);
}

aclnnStatus aclemu_plan_InplaceClampMax(aclOpExecutor *executor, const aclTensor *selfRef,
                                        const aclScalar *clipValueMax)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), clipValueMax, "clipValueMax");
    return st ? st : clamp_scalar(executor, selfRef, NULL, clipValueMax, selfRef, 1);
}

aclnnStatus aclemu_plan_ClampTensor(aclOpExecutor *executor, const aclTensor *self, const aclTensor *clipValueMin,
                                    const aclTensor *clipValueMax, aclTensor *out)
{
    return clamp_tensor(executor, self, clipValueMin, clipValueMax, out, 0);
}

aclnnStatus aclemu_plan_ClampMinTensor(aclOpExecutor *executor, const aclTensor *self, const aclTensor *clipValueMin,
                                       aclTensor *out)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), clipValueMin, "clipValueMin");
    return st ? st : clamp_tensor(executor, self, clipValueMin, NULL, out, 0);
}

aclnnStatus aclemu_plan_InplaceClampMinTensor(aclOpExecutor *executor, aclTensor *selfRef,
                                              const aclTensor *clipValueMin)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), clipValueMin, "clipValueMin");
    return st ? st : clamp_tensor(executor, selfRef, clipValueMin, NULL, selfRef, 1);
}

aclnnStatus aclemu_plan_ClampMaxTensor(aclOpExecutor *executor, const aclTensor *self, const aclTensor *max,
                                       aclTensor *out)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), max, "max");
    return st ? st : clamp_tensor(executor, self, NULL, max, out, 0);
}

aclnnStatus aclemu_plan_InplaceClampMaxTensor(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *max)
{
    aclnnStatus st = aclemu_check_notnull(aclemu_exec_api(executor), max, "max");
    return st ? st : clamp_tensor(executor, selfRef, NULL, max, selfRef, 1);
}

/* ---- Hardtanh / InplaceHardtanh (aclnn_hardtanh.h, conversion/clip_by_value_v2) ----------------
 * clamp(self, min, max) computed in self's dtype (both bounds converted to it, as the op_api's
 * ConvertToTensor); the clamp list for self and for both scalars, out of self's dtype and shape,
 * min <= max compared in min's category. */
static aclnnStatus plan_hardtanh(aclOpExecutor *ex, const aclTensor *self, const aclScalar *lo, const aclScalar *hi,
                                 const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, lo, "clipValueMin")) ||
        (st = aclemu_check_notnull(api, hi, "clipValueMax")) || (st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set dts = pw_pick(&clamp_dtypes);
    if ((st = aclemu_check_dtype(api, self, sn, dts)) || (st = aclemu_check_dtype_value(api, lo->dtype, "clipValueMin", dts)) ||
        (st = aclemu_check_dtype_value(api, hi->dtype, "clipValueMax", dts)) || (st = aclemu_check_same_dtype(api, self, sn, out, on)))
        return st;
    if ((st = pw_check_rank(api, self, sn)) || (st = aclemu_check_same_shape(api, self, sn, out, on)))
        return st;
    if (!aclemu_dtype_is_float(lo->dtype)) {
        int64_t a = aclemu_scalar_to_i64(lo), b = aclemu_scalar_to_i64(hi);
        if (a > b)
            return ACLEMU_PARAM_ERROR(api, "min must less than max or equal to max, but min is %lld and max is %lld.",
                                      (long long)a, (long long)b);
    } else if (aclemu_scalar_to_f64(lo) > aclemu_scalar_to_f64(hi)) {
        return ACLEMU_PARAM_ERROR(api, "min must less than max or equal to max, but min is %f and max is %f.",
                                  aclemu_scalar_to_f64(lo), aclemu_scalar_to_f64(hi));
    }
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    pw_operand ops[3] = {{self, NULL, 0}, {NULL, lo, 0}, {NULL, hi, 0}};
    return pw_launch(ex, PW_CLAMP, self->dtype, out, ops, 3, PW_HAS_LO | PW_HAS_HI, NULL);
}

aclnnStatus aclemu_plan_Hardtanh(aclOpExecutor *executor, const aclTensor *self, const aclScalar *clipValueMin,
                                 const aclScalar *clipValueMax, aclTensor *out)
{
    return plan_hardtanh(executor, self, clipValueMin, clipValueMax, out, 0);
}

aclnnStatus aclemu_plan_InplaceHardtanh(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *clipValueMin,
                                        const aclScalar *clipValueMax)
{
    return plan_hardtanh(executor, selfRef, clipValueMin, clipValueMax, selfRef, 1);
}
