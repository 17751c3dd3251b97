/* aclnnCast: any supported dtype to any other; float -> integer truncates toward zero; complex ->
 * real keeps the real part. 950 also HIFLOAT8 <-> FLOAT / FLOAT16 / BF16 (the docs' paths; the
 * arch35 cast_struct.h policies: to HiF8 CAST_ROUND without saturation, from HiF8 exact); other
 * HIFLOAT8 pairs (the FP4 ones) are not emulated (361001). Not emulated: COMPLEX32 and the
 * FP8 / FP4 types (950 only). */
#include "aclemu_plans.h"
#include "cast_args.h"

#define CAST_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE) |    \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_UINT16) |      \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT64) |    \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

#define CAST_HIF8_PEERS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_Cast(aclOpExecutor *executor, const aclTensor *self, const aclDataType dtype, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = CAST_DTYPES;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950)
        dts |= ACLEMU_DT(ACL_HIFLOAT8);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype_value(api, dtype, "dtype", dts)))
        return st;
    if (out->dtype != dtype)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be the same as dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(dtype));
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if ((self->dtype == ACL_HIFLOAT8) != (dtype == ACL_HIFLOAT8) &&
        !(ACLEMU_DT(self->dtype == ACL_HIFLOAT8 ? dtype : self->dtype) & CAST_HIF8_PEERS))
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "Cast from %s to %s is not implemented in aclemu.", aclemu_dtype_name(self->dtype),
                               aclemu_dtype_name(dtype));
    const aclTensor *in[1] = {self};
    aclemu_ew_launch(executor, "Cast", sizeof(cast_args), out, in, 1, &st);
    return st;
}
