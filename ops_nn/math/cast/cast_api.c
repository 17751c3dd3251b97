/* aclnnCast: any supported dtype to any other; float -> integer truncates toward zero; complex ->
 * real keeps the real part. 950 also HIFLOAT8 <-> FLOAT / FLOAT16 / BF16 (the docs' paths; the
 * arch35 cast_struct.h policies: to HiF8 CAST_ROUND without saturation, from HiF8 exact); other
 * HIFLOAT8 pairs (the FP4 ones) are not emulated (361001). 950 also FLOAT / FLOAT16 / BFLOAT16 ->
 * FLOAT4_E2M1 (cast_fp4_plan); the other FLOAT8 / FLOAT4 pairs are accepted by the dtype check
 * as on the card and refused as not emulated (361001). Not emulated: COMPLEX32. */
#include <string.h>

#include "aclemu_plans.h"
#include "cast_args.h"

#define CAST_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE) |    \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_UINT16) |      \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT64) |    \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

#define CAST_HIF8_PEERS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define CAST_MX_TYPES                                                                                  \
    (ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT4_E2M1) |          \
     ACLEMU_DT(ACL_FLOAT4_E1M2))

static int64_t storage_numel(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->storage_ndim; i++)
        if (t->storage_shape[i] < 0 || __builtin_mul_overflow(n, t->storage_shape[i], &n))
            return -1;
    return n;
}

/* FLOAT / FLOAT16 / BFLOAT16 -> FLOAT4_E2M1 (cast_args.h "CastFp4"). The card's Cast runs on the
 * contiguous self and only warns about private formats: an ND pair is cast over its contiguous
 * view; a private-format pair (e.g. FRACTAL_NZ weights) over its storage, which both tensors must
 * then share in format and storage shape. */
static aclnnStatus cast_fp4_plan(aclOpExecutor *ex, const char *api, const aclTensor *self, aclTensor *out)
{
    const int priv = aclemu_format_is_private(self->format) || aclemu_format_is_private(out->format);
    int64_t n;
    if (priv) {
        int same = self->format == out->format && self->storage_ndim == out->storage_ndim;
        for (uint32_t i = 0; same && i < self->storage_ndim; i++)
            same = self->storage_shape[i] == out->storage_shape[i];
        if (!same || self->offset || out->offset)
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "Cast to FLOAT4_E2M1 of %s self into %s out is not implemented in aclemu: a private "
                                   "format pair needs the same format and storage shape.",
                                   aclemu_format_name(self->format), aclemu_format_name(out->format));
        n = storage_numel(self);
    } else {
        if (!aclemu_tensor_is_contiguous(self) || !aclemu_tensor_is_contiguous(out))
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "Cast to FLOAT4_E2M1 of a non-contiguous tensor is not implemented in aclemu.");
        n = aclemu_tensor_numel(self);
    }
    if (n < 0 || (out->offset & 1))
        return ACLEMU_PARAM_ERROR(api, "out view offset %lld is odd: FLOAT4_E2M1 elements start at a byte.",
                                  (long long)out->offset);
    if (n == 0)
        return ACLNN_SUCCESS;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    int64_t per = (n + (cores ? cores : 1) - 1) / (cores ? cores : 1);
    per = (per + 4095) / 4096 * 4096; /* even, and not too small */
    uint32_t nblk = (uint32_t)((n + per - 1) / per);
    cast_fp4_args *a = (cast_fp4_args *)aclemu_exec_add_launch(ex, "CastFp4", nblk, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    memset(a, 0, sizeof *a);
    a->src_off = self->offset;
    a->dst_off = out->offset;
    a->n = n;
    a->per_block = per;
    a->src_dtype = self->dtype;
    aclnnStatus st;
    if ((st = aclemu_exec_bind_tensor(ex, a, &a->src, self)) || (st = aclemu_exec_bind_tensor(ex, a, &a->dst, out)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Cast(aclOpExecutor *executor, const aclTensor *self, const aclDataType dtype, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = CAST_DTYPES;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950)
        dts |= ACLEMU_DT(ACL_HIFLOAT8) | CAST_MX_TYPES;
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype_value(api, dtype, "dtype", dts)))
        return st;
    if (out->dtype != dtype)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be the same as dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(dtype));
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if ((ACLEMU_DT(self->dtype) | ACLEMU_DT(dtype)) & CAST_MX_TYPES) {
        if (dtype == ACL_FLOAT4_E2M1 && (ACLEMU_DT(self->dtype) & CAST_HIF8_PEERS))
            return cast_fp4_plan(executor, api, self, out);
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "Cast from %s to %s is not implemented in aclemu.", aclemu_dtype_name(self->dtype),
                               aclemu_dtype_name(dtype));
    }
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
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
