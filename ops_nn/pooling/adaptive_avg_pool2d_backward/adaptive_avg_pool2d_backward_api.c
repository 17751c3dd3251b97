/* aclnnAdaptiveAvgPool2dBackward: gradOutput / self / out FLOAT, FLOAT16 (+ BF16 on A2/A3/950) of
 * one dtype, 3-D or 4-D of one rank and format; out of self's shape; leading dims equal. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "pool_common.h"

aclnnStatus aclemu_plan_AdaptiveAvgPool2dBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                  const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", out, "out")))
        return st;
    if (gradOutput->format != self->format)
        return ACLEMU_PARAM_ERROR(api, "Format of inputs should be equal, gradOutput [%s], self [%s]",
                                  aclemu_format_name(gradOutput->format), aclemu_format_name(self->format));
    if (aclemu_format_is_private(gradOutput->format) || gradOutput->format == ACL_FORMAT_NHWC)
        return ACLEMU_PARAM_ERROR(api, "Format don't support private format.");
    if ((st = aclemu_check_shape(api, gradOutput, "gradOutput", 4)) || (st = aclemu_check_shape(api, self, "self", 4)) ||
        (st = aclemu_check_shape(api, out, "out", 4)))
        return st;
    if (gradOutput->ndim != self->ndim)
        return ACLEMU_PARAM_ERROR(api, "DimNum of inputs should be equal, gradOutput [%u], self [%u]", gradOutput->ndim,
                                  self->ndim);
    if (out->ndim != 3 && out->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "out dims %u should be in 3 or 4.", out->ndim);
    if ((st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    pool_geom g;
    if ((st = pool_geom_of(api, self, "self", &g)))
        return st;
    for (uint32_t i = 0; i + 2 < self->ndim; i++)
        if (gradOutput->shape[i] != self->shape[i])
            return ACLEMU_PARAM_ERROR(api, "gradOut_Shape[%u]: %lld should equal to input_shape[%u]: %lld", i,
                                      (long long)gradOutput->shape[i], i, (long long)self->shape[i]);
    for (uint32_t i = self->ndim == 4 ? 1 : 0; i < self->ndim; i++) {
        if (self->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "self'dims is invalid, self No.[%u] dim is [%lld].", i + 1,
                                      (long long)self->shape[i]);
        if (gradOutput->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "gradOutput'dims is invalid, self No.[%u] dim is [%lld].", i + 1,
                                      (long long)gradOutput->shape[i]);
    }
    int64_t oh = gradOutput->shape[gradOutput->ndim - 2], ow = gradOutput->shape[gradOutput->ndim - 1];
    vec_pool2d p = {g.H, g.W, oh, ow, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0};
    const aclTensor *ins[1] = {gradOutput}, *outs[1] = {out};
    return pool_launch(executor, "AdaptiveAvgPool2dGrad", &g, ins, 1, outs, 1, &p, 0, 0,
                       (uint64_t)(g.H * g.W + oh * ow));
}
