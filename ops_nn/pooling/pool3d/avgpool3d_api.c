/* aclnnAvgPool3d / aclnnAvgPool3dBackward (ops-nn pooling/avg_pool3_d, avg_pool3_d_grad), checks
 * in the real order.
 * Forward: null (self, kernelSize, stride, padding, out) -> dtypes (FLOAT, FLOAT16, + BF16 on
 *   A2 / A3 / 950; out of self's dtype) -> format (self = out, not private) -> shapes (4-D / 5-D
 *   of one rank; kernelSize 1 or 3 values, padding 1 or 3, stride 0 (= kernel), 1 or 3; per dim
 *   kernel in (0, input], stride > 0, padding in [0, kernel / 2]; out of the computed shape).
 * Backward: null (gradOutput, self, kernelSize, stride, padding, output) -> dtypes (gradOutput,
 *   self and output in the list) -> ranks (gradOutput 4-D / 5-D; self, gradOutput, output one
 *   rank; output = self; list lengths) -> format (gradOutput = output, not private) -> empty
 *   gradOutput: nothing to run -> values (kernel / stride > 0, padding in [0, kernel / 2]) ->
 *   gradOutput of the forward's output shape.
 * Both run the N-d window driver; the backward accumulates in doubles and rounds once. */
#include "aclemu_plans.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static aclemu_dtype_set avg_dtypes(void)
{
    int f = aclemu_op_profile()->family;
    return DT(FLOAT) | DT(FLOAT16) |
           (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950 ? DT(BF16) : 0);
}

/* Value i (of 3) of a 1- or 3-element list; stride 0 elements = the kernel's. */
static int64_t at3(const aclIntArray *a, int i) { return a->size == 1 ? a->data[0] : a->data[i]; }

/* Window attributes into p (sizes from t's last three dims) and the forward's output D, H, W;
 * the real CheckAttrValue / PoolingOutShape. */
static aclnnStatus avg_attrs(const char *api, const aclTensor *t, const aclIntArray *kernel, const aclIntArray *stride,
                             const aclIntArray *padding, bool ceil_mode, pool3d_args *p)
{
    uint32_t n = t->ndim;
    for (int i = 0; i < 3; i++) {
        int64_t in = t->shape[n - 3 + i], k = at3(kernel, i);
        int64_t s = stride->size == 0 ? k : at3(stride, i), pad = at3(padding, i);
        if (k <= 0 || k > in)
            return ACLEMU_PARAM_ERROR(api, "kernel value(%lld) is invaild, must be (0, %lld].", (long long)k, (long long)in);
        if (s <= 0)
            return ACLEMU_PARAM_ERROR(api, "stride value(%lld) is less than or equal to 0.", (long long)s);
        if (!(pad >= 0 && pad <= k / 2))
            return ACLEMU_PARAM_ERROR(api, "padding value(%lld) is invaild, must be [0, kernel/2].", (long long)pad);
        /* in + 2 pad stays far from overflow: pad <= k / 2 <= in / 2 and in is a tensor dim */
        int64_t x = in + pad * 2 - k; /* >= 0; the ceil form without adding s - 1 (no overflow) */
        int64_t o = x / s + (ceil_mode && x % s ? 1 : 0) + 1;
        if (ceil_mode && (o - 1) * s >= in + pad)
            o--;
        p->in[i] = in, p->out[i] = o, p->k[i] = k, p->s[i] = s, p->pad[i] = pad, p->dil[i] = 1;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_out_shape(const char *api, const aclTensor *t, const aclTensor *out, const char *oname,
                                   const pool3d_args *p)
{
    int64_t want[5];
    uint32_t n = t->ndim;
    for (uint32_t i = 0; i < n - 3; i++)
        want[i] = t->shape[i];
    for (int i = 0; i < 3; i++)
        want[n - 3 + i] = p->out[i];
    return aclemu_check_shape_is(api, out, oname, want, n);
}

aclnnStatus aclemu_plan_AvgPool3d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *kernelSize,
                                  const aclIntArray *stride, const aclIntArray *padding, bool ceilMode,
                                  bool countIncludePad, int64_t divisorOverride, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", avg_dtypes())) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "self and out format should be same. Actual: self is [%s], out is [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, "Not support format [%s].", aclemu_format_name(self->format));
    if (!((self->ndim == 4 || self->ndim == 5) && self->ndim == out->ndim))
        return ACLEMU_PARAM_ERROR(api, "self and out must maintain same format, support 4D or 5D.");
    if (kernelSize->size != 1 && kernelSize->size != 3)
        return ACLEMU_PARAM_ERROR(api, "Expected length of kernel is 1 or 3, but got %llu.", (unsigned long long)kernelSize->size);
    if (padding->size != 1 && padding->size != 3)
        return ACLEMU_PARAM_ERROR(api, "Expected length of padding is 1 or 3, but got %llu.", (unsigned long long)padding->size);
    if (stride->size != 0 && stride->size != 1 && stride->size != 3)
        return ACLEMU_PARAM_ERROR(api, "Expected length of stride is 0 or 1 or 3, but got: %llu.", (unsigned long long)stride->size);
    pool3d_args p = {0};
    if ((st = avg_attrs(api, self, kernelSize, stride, padding, ceilMode, &p)) ||
        (st = check_out_shape(api, self, out, "out", &p)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    p.count_include_pad = countIncludePad;
    p.divisor = divisorOverride;
    int64_t planes, sp[3];
    pool3d_geom(self, 3, &planes, sp);
    const aclTensor *ins[1] = {self}, *outs[1] = {out};
    return pool3d_launch(executor, "Pool3dAvg", &p, planes, ins, 1, outs, 1, 0);
}

aclnnStatus aclemu_plan_AvgPool3dBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                          const aclIntArray *kernelSize, const aclIntArray *stride,
                                          const aclIntArray *padding, bool ceilMode, bool countIncludePad,
                                          int64_t divisorOverride, aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, output, "output")))
        return st;
    aclemu_dtype_set list = avg_dtypes();
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", list)) || (st = aclemu_check_dtype(api, self, "self", list)) ||
        (st = aclemu_check_dtype(api, output, "output", list)))
        return st;
    if ((st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", output, "output")))
        return st; /* the kernel reads and writes one dtype (the real casts back to output's) */
    if (gradOutput->ndim != 4 && gradOutput->ndim != 5)
        return ACLEMU_PARAM_ERROR(api, "grad dim [%u] should be 4 or 5", gradOutput->ndim);
    if (self->ndim != gradOutput->ndim || self->ndim != output->ndim)
        return ACLEMU_PARAM_ERROR(api, "self dim num [%u] should be equal to grad dim num [%u] and out dim num [%u]",
                                  self->ndim, gradOutput->ndim, output->ndim);
    for (uint32_t i = 0; i < self->ndim; i++)
        if (self->shape[i] != output->shape[i])
            return ACLEMU_PARAM_ERROR(api, "self dim [%u] is [%lld] should be equal to out dim [%lld]", i,
                                      (long long)self->shape[i], (long long)output->shape[i]);
    if (kernelSize->size != 1 && kernelSize->size != 3)
        return ACLEMU_PARAM_ERROR(api, "kernel size [%llu] must be 1 or 3", (unsigned long long)kernelSize->size);
    if (padding->size != 1 && padding->size != 3)
        return ACLEMU_PARAM_ERROR(api, "padding size [%llu] must be 1 or 3", (unsigned long long)padding->size);
    if (stride->size != 0 && stride->size != 1 && stride->size != 3)
        return ACLEMU_PARAM_ERROR(api, "stride size [%llu] must be 0 or 1 or 3", (unsigned long long)stride->size);
    if (gradOutput->format != output->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and out should be equal, input [%s], out [%s].",
                                  aclemu_format_name(gradOutput->format), aclemu_format_name(output->format));
    if (aclemu_format_is_private(gradOutput->format))
        return ACLEMU_PARAM_ERROR(api, "Format only don't support private format.");
    if (aclemu_tensor_numel(gradOutput) == 0)
        return ACLNN_SUCCESS;
    for (int i = 0; i < 3; i++) {
        int64_t k = at3(kernelSize, i), s = stride->size == 0 ? k : at3(stride, i), pad = at3(padding, i);
        if (k <= 0)
            return ACLEMU_PARAM_ERROR(api, "kernelSize [%d] data [%lld] is less than or equal to 0.", i, (long long)k);
        if (s <= 0)
            return ACLEMU_PARAM_ERROR(api, "stride [%d] data [%lld] is less than or equal to 0.", i, (long long)s);
        if (k / 2 < pad)
            return ACLEMU_PARAM_ERROR(api, "padding [%d] data [%lld] should less than kernelSize / 2 [%lld].", i,
                                      (long long)pad, (long long)(k / 2));
        if (pad < 0)
            return ACLEMU_PARAM_ERROR(api, "padding [%d] data [%lld] is less than 0.", i, (long long)pad);
    }
    pool3d_args p = {0};
    if ((st = avg_attrs(api, self, kernelSize, stride, padding, ceilMode, &p)) ||
        (st = check_out_shape(api, self, gradOutput, "gradOutput", &p)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    p.count_include_pad = countIncludePad;
    p.divisor = divisorOverride;
    int64_t planes, sp[3];
    pool3d_geom(self, 3, &planes, sp);
    const aclTensor *ins[1] = {gradOutput}, *outs[1] = {output};
    return pool3d_launch(executor, "Pool3dAvgGrad", &p, planes, ins, 1, outs, 1, 1);
}
