/* aclnnThreshold / aclnnInplaceThreshold (ops-nn activation/threshold, aclnn_threshold.cpp):
 * checks self, out, threshold, value for null in that order; self in FLOAT, INT32, FLOAT16,
 * INT8, UINT8, INT16, INT64 (+ BF16 on A2/A3); self castable to out; equal shapes, rank <= 8. The kernel runs in self's dtype, so both scalars are
 * converted to it first (round for floats, truncation for integers) and the result is cast
 * to out. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define THRESHOLD_DTYPES                                                                                 \
    (ACT_FLOATS | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | \
     ACLEMU_DT(ACL_INT64))

/* A double truncated to int64 without overflow (the fuzzer feeds 1e300 and NaN): saturates,
 * NaN -> 0. */
static int64_t trunc_i64(double v)
{
    if (!(v == v))
        return 0;
    if (v >= 9223372036854775807.0)
        return INT64_MAX;
    if (v <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)v;
}

/* v as the dtype the comparison runs in holds it. */
static double in_dtype(aclDataType dt, double v)
{
    switch (dt) {
    case ACL_FLOAT16: return aclemu_half_to_float(aclemu_float_to_half((float)v));
    case ACL_BF16: return aclemu_bf16_to_float(aclemu_float_to_bf16((float)v));
    case ACL_FLOAT: return (float)v;
    case ACL_INT8: return (double)(int8_t)trunc_i64(v);
    case ACL_UINT8: return (double)(uint8_t)trunc_i64(v);
    case ACL_INT16: return (double)(int16_t)trunc_i64(v);
    case ACL_INT32: return (double)(int32_t)trunc_i64(v);
    default: return (double)trunc_i64(v);
    }
}

/* An integer self: the scalar converted to its dtype (truncation, then wrap-around). */
static int64_t int_in_dtype(aclDataType dt, const aclScalar *s)
{
    int64_t v = aclemu_dtype_in(s->dtype, ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
                    ? trunc_i64(aclemu_scalar_to_f64(s))
                    : aclemu_scalar_to_i64(s);
    switch (dt) {
    case ACL_INT8: return (int8_t)v;
    case ACL_UINT8: return (uint8_t)v;
    case ACL_INT16: return (int16_t)v;
    case ACL_INT32: return (int32_t)v;
    default: return v;
    }
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclScalar *thr,
                        const aclScalar *val, const aclTensor *out, const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, out, oname)) ||
        (st = aclemu_check_notnull(api, thr, "threshold")) || (st = aclemu_check_notnull(api, val, "value")))
        return st;
    /* the 950 (DAV_3510) skips the cast check; we keep it there too (stricter: an out dtype
     * self cannot be cast to is refused) */
    if ((st = act_check_cast(api, self, sname, out, oname, THRESHOLD_DTYPES, 0)))
        return st;
    act_params p = act_params_default();
    p.threshold = in_dtype(self->dtype, aclemu_scalar_to_f64(thr));
    p.alpha = in_dtype(self->dtype, aclemu_scalar_to_f64(val));
    /* integers: the scalars in self's dtype exactly (an INT64 scalar past 2^53 keeps its value) */
    p.int_threshold = int_in_dtype(self->dtype, thr);
    p.int_value = int_in_dtype(self->dtype, val);
    return act_launch(ex, "Threshold", ACT_THRESHOLD, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Threshold(aclOpExecutor *executor, const aclTensor *self, const aclScalar *threshold,
                                  const aclScalar *value, aclTensor *out)
{
    return plan(executor, self, "self", threshold, value, out, "out");
}

aclnnStatus aclemu_plan_InplaceThreshold(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *threshold,
                                         const aclScalar *value)
{
    return plan(executor, selfRef, "selfRef", threshold, value, selfRef, "selfRef");
}

/* aclnnThresholdV2 (experimental/activation/threshold_v2, aclnn_threshold_v2.cpp): nulls (self,
 * threshold, value, out), self FLOAT / FLOAT16 / BF16, out of self's dtype, ranks <= 8, out of
 * self's shape (161002; no format check). The kernel takes both scalars as FLOAT attributes. */
aclnnStatus aclemu_plan_ThresholdV2(aclOpExecutor *executor, const aclTensor *self, const aclScalar *threshold,
                                    const aclScalar *value, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, threshold, "threshold")) ||
        (st = aclemu_check_notnull(api, value, "value")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    act_params p = act_params_default();
    p.threshold = (float)aclemu_scalar_to_f64(threshold);
    p.alpha = (float)aclemu_scalar_to_f64(value);
    return act_launch(executor, "ThresholdV2", ACT_THRESHOLD, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}
