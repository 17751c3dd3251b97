/* aclnnFakeQuantPerTensorAffineCachemask / aclnnFakeQuantPerChannelAffineCachemask on the quant
 * driver (QUANT_FAKE). self (and scale) are computed in the promoted dtype of self and scale
 * (FLOAT16 only when both are FLOAT16), the result is cast to out's dtype. The kernel's steps
 * (see quant_kernel.c run_fake): t = self * (1 / scale) in FP32; an INT32 zero point gives
 * q = rint(t) + zp, a FLOAT16 / FLOAT one q = rint(t + zp); mask = quantMin <= q <= quantMax
 * (q held in FP16 on the FP16 path); out = (clamp(rint(q), quantMin, quantMax) - zp) * scale,
 * (0 - zp) * scale for a NaN self. fakeQuantEnabled < 1 (per tensor): out = self, mask all true.
 * Check order of the real op_api: nulls (ACLNN_ERR_INNER_NULLPTR, as its CheckParams returns) ->
 * dtypes (self / scale FLOAT16 / FLOAT, zeroPoint INT32 — per channel also FLOAT16 / FLOAT —, the
 * promoted dtype castable to out's, mask BOOL) -> shapes (scale / zeroPoint one element, or 1-D
 * of self's `axis` size; out and mask self's shape) -> quantMin <= quantMax; then the chip (the
 * docs list A2 / A3 only: 361001 elsewhere). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define FQ_FLOATS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT))

typedef struct fq_params {
    const aclTensor *self, *scale, *zp;
    int per_channel;
    int64_t axis, qmin, qmax;
    int off;
    const aclTensor *out, *mask;
} fq_params;

static aclnnStatus fq_null(const char *api, const void *p, const char *name)
{
    if (!p)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", name);
    return ACLNN_SUCCESS;
}

static int64_t fq_numel(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->ndim; i++)
        n *= t->shape[i];
    return n;
}

static aclnnStatus fq_check_shape(const char *api, const fq_params *p)
{
    aclnnStatus st;
    const aclTensor *self = p->self;
    if (!p->per_channel) {
        int64_t ns = fq_numel(p->scale);
        if (ns != 1)
            return ACLEMU_PARAM_ERROR(api, "scale: a Tensor with %ld elements cannot be converted to Scalar", (long)ns);
        int64_t nz = fq_numel(p->zp);
        if (nz != 1)
            return ACLEMU_PARAM_ERROR(api, "zeroPoint: a Tensor with %ld elements cannot be converted to Scalar",
                                      (long)nz);
    } else {
        if (p->scale->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "scale should be a 1-D tensor");
        if (p->zp->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "zero point should be a 1-D tensor");
        if (p->scale->shape[0] != p->zp->shape[0])
            return ACLEMU_PARAM_ERROR(api, "scale and zeroPoint need to have the same dimensions");
        int64_t n = (int64_t)self->ndim, axis = p->axis;
        if (n == 0 && axis != 0 && axis != -1)
            return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [-1, 0], but got %ld)",
                                      (long)axis);
        if (n > 0 && (axis < -n || axis >= n))
            return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [-%ld, %ld], but got "
                                           "%ld)",
                                      (long)n, (long)(n - 1), (long)axis);
        int64_t d = axis < 0 ? axis + (n ? n : 1) : axis;
        int64_t want = n ? self->shape[d] : 1;
        if (want != p->scale->shape[0] || want != p->zp->shape[0])
            return ACLEMU_PARAM_ERROR(api, "dimensions of scale and zero-point are not consistant with input tensor");
    }
    if ((st = aclemu_check_same_shape(api, p->out, "out", self, "self")) ||
        (st = aclemu_check_same_shape(api, p->mask, "mask", self, "self")))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus fq_plan(aclOpExecutor *ex, const fq_params *p)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = fq_null(api, p->self, "self")) || (st = fq_null(api, p->scale, "scale")) ||
        (st = fq_null(api, p->zp, "zeroPoint")) || (st = fq_null(api, p->out, "out")) ||
        (st = fq_null(api, p->mask, "mask")))
        return st;
    aclemu_dtype_set zps = ACLEMU_DT(ACL_INT32) | (p->per_channel ? FQ_FLOATS : 0);
    if ((st = aclemu_check_dtype(api, p->self, "self", FQ_FLOATS)) ||
        (st = aclemu_check_dtype(api, p->scale, "scale", FQ_FLOATS)) ||
        (st = aclemu_check_dtype(api, p->zp, "zeroPoint", zps)))
        return st;
    aclDataType promo = aclemu_promote_types(p->self->dtype, p->scale->dtype);
    /* the real check asks whether out's dtype casts to the promoted one */
    if (!aclemu_can_cast(p->out->dtype, promo))
        return ACLEMU_PARAM_ERROR(api, "Promote dtype %s can't be cast to the desired output type %s.",
                                  aclemu_dtype_name(promo), aclemu_dtype_name(p->out->dtype));
    if ((st = aclemu_check_dtype(api, p->mask, "mask", ACLEMU_DT(ACL_BOOL))))
        return st;
    if ((st = fq_check_shape(api, p)))
        return st;
    if (p->qmin > p->qmax)
        return ACLEMU_PARAM_ERROR(api, "`quantMin` should be less than or equal to `quantMax`.");
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    /* the kernel writes out as FP16 / FP32 / BF16 (what the vector Cast after it produces) */
    if ((st = aclemu_check_dtype(api, p->out, "out", FQ_FLOATS | ACLEMU_DT(ACL_BF16))))
        return st;
    if (aclemu_tensor_numel(p->self) == 0 || aclemu_tensor_numel(p->out) == 0 || aclemu_tensor_numel(p->mask) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_FAKE;
    a.param_dtype = promo;
    a.fake_off = p->off;
    a.qmin = p->qmin;
    a.qmax = p->qmax;
    const aclTensor *self = p->self;
    uint32_t n = self->ndim;
    int64_t d = p->axis < 0 ? p->axis + (int64_t)n : p->axis;
    if (!p->per_channel) {
        a.scale_axis = -1;
    } else if (n == 0 || d == (int64_t)n - 1) {
        a.scale_axis = 1;
    } else { /* a leading dim: index (row / prod(dims d+1 .. n-2)) % dim d */
        a.scale_axis = 0;
        a.scale_div = 1;
        for (uint32_t i = (uint32_t)d + 1; i + 1 < n; i++)
            a.scale_div *= self->shape[i];
        a.scale_mod = self->shape[d];
    }
    a.scale_step = p->scale->ndim ? p->scale->stride[0] : 0;
    a.offset_step = p->zp->ndim ? p->zp->stride[0] : 0;
    if (!p->per_channel)
        a.scale_step = a.offset_step = 0;
    return quant_launch_aux(ex, &a, self, p->out, NULL, NULL, p->scale, p->zp, p->mask);
}

aclnnStatus aclemu_plan_FakeQuantPerTensorAffineCachemask(aclOpExecutor *executor, const aclTensor *self,
                                                          const aclTensor *scale, const aclTensor *zeroPoint,
                                                          float fakeQuantEnabled, int64_t quantMin, int64_t quantMax,
                                                          aclTensor *out, aclTensor *mask)
{
    fq_params p = {self, scale, zeroPoint, 0, 0, quantMin, quantMax, fakeQuantEnabled < 1.0f, out, mask};
    return fq_plan(executor, &p);
}

aclnnStatus aclemu_plan_FakeQuantPerChannelAffineCachemask(aclOpExecutor *executor, const aclTensor *self,
                                                           const aclTensor *scale, const aclTensor *zeroPoint,
                                                           int64_t axis, int64_t quantMin, int64_t quantMax,
                                                           aclTensor *out, aclTensor *mask)
{
    fq_params p = {self, scale, zeroPoint, 1, axis, quantMin, quantMax, 0, out, mask};
    return fq_plan(executor, &p);
}
