/* aclnnMaxPool3dWithArgmax / aclnnMaxPool3dWithArgmaxBackward (ops-nn pooling/
 * max_pool3d_with_argmax_v2, max_pool3d_grad_with_argmax), checks in the real order.
 * Forward: chip (A2 / A3 / 950 only) -> null (self, kernelSize, stride, padding, dilation, out,
 *   indices) -> dtypes (FLOAT, FLOAT16, BF16; indices INT32, + INT64 on the 950; out of self's)
 *   -> formats (self = out = indices; 4-D / 5-D) -> attributes (kernel 1 / 3 values > 0, stride
 *   0 / 1 / 3 values > 0, padding 1 / 3 values in [0, kernel / 2], dilation 1 / 3 values, = 1 on
 *   A2 / A3) -> out and indices of the computed shape.
 * Backward: null (gradOutput, self, indices, kernelSize, stride, padding, dilation, gradInput)
 *   -> dtypes (self in the list, indices, gradOutput and gradInput of self's dtype) -> formats
 *   and ranks -> attributes -> self's plane <= 2^31 - 1 (but on the 950) -> indices =
 *   gradOutput, self = gradInput in shape. The gradient only needs the indices (range-checked
 *   by the kernel, which fails the launch before writing). */
#include "aclemu_plans.h"
#include "nn_stage.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static int family(void) { return aclemu_op_profile()->family; }
static int is_a23(void) { return family() == ACLEMU_FAMILY_A2 || family() == ACLEMU_FAMILY_A3; }
static int64_t at3(const aclIntArray *a, int i) { return a->size == 1 ? a->data[0] : a->data[i]; }

/* The real CheckParamsValid (messages of the forward; `bwd` gives the backward's variants). */
static aclnnStatus attrs(const char *api, const aclIntArray *kernel, const aclIntArray *stride, const aclIntArray *padding,
                         const aclIntArray *dilation, int bwd, int64_t k[3], int64_t s[3], int64_t p[3], int64_t d[3])
{
    if (kernel->size != 1 && kernel->size != 3)
        return ACLEMU_PARAM_ERROR(api, bwd ? "The length of kernelSize can be only 1 or 3." : "The length of kernelSize can be only 1 or 3");
    for (int i = 0; i < 3; i++) k[i] = at3(kernel, i);
    if (!(k[0] > 0 && k[1] > 0 && k[2] > 0))
        return ACLEMU_PARAM_ERROR(api, "The value of kernel should be greater than 0, but got kernelD:%lld, kernelH:%lld, kernelW:%lld",
                                  (long long)k[0], (long long)k[1], (long long)k[2]);
    if (stride->size != 0 && stride->size != 1 && stride->size != 3)
        return ACLEMU_PARAM_ERROR(api, bwd ? "The length of stride can be only 0, 1 or 3" : "The length of stride can be only 1 or 3");
    for (int i = 0; i < 3; i++) s[i] = stride->size == 0 ? k[i] : at3(stride, i);
    if (!(s[0] > 0 && s[1] > 0 && s[2] > 0))
        return ACLEMU_PARAM_ERROR(api, "The value of stride should be greater than 0, but got strideD:%lld, strideH:%lld, strideW:%lld",
                                  (long long)s[0], (long long)s[1], (long long)s[2]);
    if (padding->size != 1 && padding->size != 3)
        return ACLEMU_PARAM_ERROR(api, bwd ? "The length of padding can be only 1 or 3." : "The length of padding can be only 1 or 3");
    for (int i = 0; i < 3; i++) p[i] = at3(padding, i);
    if (!(p[0] >= 0 && p[1] >= 0 && p[2] >= 0))
        return ACLEMU_PARAM_ERROR(api, "The value of padding should be greater than or equal to 0, but got paddingD:%lld, "
                                       "paddingH:%lld, paddingW:%lld", (long long)p[0], (long long)p[1], (long long)p[2]);
    if (!(p[0] <= k[0] / 2 && p[1] <= k[1] / 2 && p[2] <= k[2] / 2))
        return ACLEMU_PARAM_ERROR(api, "Padding should be smaller than or equal to half of kernel size, but got kernelD:%lld, "
                                       "kernelH:%lld, kernelW:%lld, paddingD:%lld, paddingH:%lld, paddingW:%lld",
                                  (long long)k[0], (long long)k[1], (long long)k[2], (long long)p[0], (long long)p[1], (long long)p[2]);
    if (dilation->size != 1 && dilation->size != 3)
        return ACLEMU_PARAM_ERROR(api, "The length of dilation can be only 1 or 3");
    for (int i = 0; i < 3; i++) d[i] = at3(dilation, i);
    if (is_a23() && !(d[0] == 1 && d[1] == 1 && d[2] == 1))
        return ACLEMU_PARAM_ERROR(api, "The value of dilation should be equal 1, but got dilationD:%lld, dilationH:%lld, dilationW:%lld",
                                  (long long)d[0], (long long)d[1], (long long)d[2]);
    if (!(d[0] > 0 && d[1] > 0 && d[2] > 0))
        return ACLEMU_PARAM_ERROR(api, "The value of dilation should be greater than 0, but got dilationD:%lld, dilationH:%lld, "
                                       "dilationW:%lld", (long long)d[0], (long long)d[1], (long long)d[2]);
    return ACLNN_SUCCESS;
}

/* PyTorch's pooling output size in 128-bit arithmetic (hostile attributes cannot overflow);
 * a last window starting in the right padding is dropped in ceil mode. -1: no valid size. */
static int64_t out_size(int64_t in, int64_t k, int64_t pad, int64_t s, int64_t d, int ceil_mode)
{
    __int128 x = (__int128)in + 2 * (__int128)pad - (__int128)d * (k - 1) - 1;
    if (x < 0)
        return -1;
    __int128 o = x / s + (ceil_mode && x % s ? 1 : 0) + 1;
    if (ceil_mode && (o - 1) * s >= (__int128)in + pad)
        o--;
    return o > INT64_MAX ? -1 : (int64_t)o;
}

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name)
{
    if (t->ndim != 4 && t->ndim != 5)
        return ACLEMU_PARAM_ERROR(api, "4D or 5D tensor expected for %s but got dim num:%u", name, t->ndim);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_MaxPool3dWithArgmax(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *kernelSize,
                                            const aclIntArray *stride, const aclIntArray *padding,
                                            const aclIntArray *dilation, bool ceilMode, aclTensor *out, aclTensor *indices)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int is950 = family() == ACLEMU_FAMILY_950;
    if (!is_a23() && !is950)
        return ACLEMU_PARAM_ERROR(api, "aclnnMaxPool3dWithArgmax is not supported on this platform");
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, dilation, "dilation")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, indices, "indices")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", DT(BF16) | DT(FLOAT16) | DT(FLOAT))) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | (is950 ? DT(INT64) : 0))) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be same, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (self->format != indices->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and indices should be same, self [%s], indices [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(indices->format));
    if (self->ndim != 4 && self->ndim != 5)
        return ACLEMU_PARAM_ERROR(api, "4D or 5D tensor expected for inputs");
    if (is950 && self->format != ACL_FORMAT_NCDHW && self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "Format of input is not supported, self [%s].", aclemu_format_name(self->format));
    pool3d_args p = {0};
    if ((st = attrs(api, kernelSize, stride, padding, dilation, 0, p.k, p.s, p.pad, p.dil)))
        return st;
    uint32_t n = self->ndim;
    int64_t want[5];
    for (uint32_t i = 0; i < n - 3; i++)
        want[i] = self->shape[i];
    for (int i = 0; i < 3; i++) {
        p.in[i] = self->shape[n - 3 + i];
        p.out[i] = out_size(p.in[i], p.k[i], p.pad[i], p.s[i], p.dil[i], ceilMode);
        want[n - 3 + i] = p.out[i];
    }
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_shape_is(api, out, "out", want, n)) || (st = aclemu_check_shape_is(api, indices, "indices", want, n)))
        return st;
    int64_t planes, sp[3];
    pool3d_geom(self, 3, &planes, sp);
    const aclTensor *ins[1] = {self}, *outs[2] = {out, indices};
    return pool3d_launch(executor, "Pool3dMax", &p, planes, ins, 1, outs, 2, 0);
}

aclnnStatus aclemu_plan_MaxPool3dWithArgmaxBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                    const aclTensor *self, const aclTensor *indices,
                                                    const aclIntArray *kernelSize, const aclIntArray *stride,
                                                    const aclIntArray *padding, const aclIntArray *dilation,
                                                    bool ceilMode, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)ceilMode; /* the indices say where each gradient goes */
    int is950 = family() == ACLEMU_FAMILY_950;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, indices, "indices")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, dilation, "dilation")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    aclemu_dtype_set list = is_a23() || is950 ? DT(BF16) | DT(FLOAT16) | DT(FLOAT) : 0;
    if ((st = aclemu_check_dtype(api, self, "self", list)) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | (is950 ? DT(INT64) : 0))) ||
        (st = aclemu_check_same_dtype(api, self, "self", gradOutput, "gradOutput")) ||
        (st = aclemu_check_same_dtype(api, self, "self", gradInput, "gradInput")))
        return st;
    if (self->format != gradOutput->format || self->format != gradInput->format || self->format != indices->format)
        return ACLEMU_PARAM_ERROR(api, "Format of self and gradOutput and gradInput and indices should be same, self[%s], "
                                       "gradOutput[%s], gradInput[%s], indices[%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(gradOutput->format),
                                  aclemu_format_name(gradInput->format), aclemu_format_name(indices->format));
    if ((st = check_rank(api, gradOutput, "gradOutput")) || (st = check_rank(api, gradInput, "gradInput")) ||
        (st = check_rank(api, indices, "indices")) || (st = check_rank(api, self, "self")))
        return st;
    pool3d_args p = {0};
    if ((st = attrs(api, kernelSize, stride, padding, dilation, 1, p.k, p.s, p.pad, p.dil)))
        return st;
    int64_t planes, gplanes;
    pool3d_geom(self, 3, &planes, p.in);
    pool3d_geom(gradOutput, 3, &gplanes, p.out);
    int64_t plane = 1;
    for (int i = 0; i < 3; i++)
        plane = p.in[i] && plane > INT64_MAX / p.in[i] ? INT64_MAX : plane * p.in[i];
    if (!is950 && plane > 2147483647)
        return ACLEMU_PARAM_ERROR(api, "The size of self should be less than or equal to 2^31 - 1, but got selfSize:%lld",
                                  (long long)plane);
    if ((st = aclemu_check_same_shape(api, indices, "indices", gradOutput, "gradOutput")) ||
        (st = aclemu_check_same_shape(api, self, "self", gradInput, "gradInput")))
        return st;
    if (gradOutput->ndim != self->ndim || gplanes != planes)
        return ACLEMU_PARAM_ERROR(api, "gradOutput's leading dims should match self's.");
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (aclemu_tensor_numel(gradOutput) == 0) /* nothing pooled: a zero gradient */
        return nn_fill(executor, gradInput, "gradInput", 0.0);
    p.adaptive = 0;
    const aclTensor *ins[2] = {gradOutput, indices}, *outs[1] = {gradInput};
    return pool3d_launch(executor, "Pool3dMaxGrad", &p, planes, ins, 2, outs, 1, 1);
}
