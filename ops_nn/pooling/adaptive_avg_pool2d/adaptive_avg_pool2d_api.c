/* aclnnAdaptiveAvgPool2d: self / out FLOAT, FLOAT16 (+ BF16 on A2/A3/950) of one dtype and
 * format, NCHW (4-D) or NCL (3-D); outputSize two values > 0 equal to out's spatial dims. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "pool_common.h"

aclnnStatus aclemu_plan_AdaptiveAvgPool2d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *outputSize,
                                          aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and out should be equal, input [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, "Format only don't support private format.");
    if (self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_NCL)
        return ACLEMU_PARAM_ERROR(api, "Format only support NCHW or NCL.");
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = aclemu_check_shape(api, out, "out", 4)))
        return st;
    if (self->ndim != 3 && self->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "Self dims %u should be in 3 or 4.", self->ndim);
    if ((self->format == ACL_FORMAT_NCL) != (self->ndim == 3))
        return ACLEMU_PARAM_ERROR(api, "self is %uD tensor but the format is [%s].", self->ndim,
                                  aclemu_format_name(self->format));
    if (out->ndim != self->ndim)
        return ACLEMU_PARAM_ERROR(api, "Out dims %u should equal to self dims %u.", out->ndim, self->ndim);
    for (uint32_t i = 0; i + 2 < self->ndim; i++)
        if (out->shape[i] != self->shape[i])
            return ACLEMU_PARAM_ERROR(api, "Out_shape[%u]: %lld should equal to input_shape[%u]: %lld", i,
                                      (long long)out->shape[i], i, (long long)self->shape[i]);
    for (uint32_t i = self->ndim == 4 ? 1 : 0; i < self->ndim; i++)
        if (self->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "x'dims is invalid, self No.[%u] dim is not bigger than 0.", i + 1);
    if (outputSize->size != 2)
        return ACLEMU_PARAM_ERROR(api, "OutputSize length should be 2.");
    int64_t oh = outputSize->data[0], ow = outputSize->data[1];
    if (oh <= 0 || ow <= 0 || out->shape[out->ndim - 2] != oh || out->shape[out->ndim - 1] != ow)
        return ACLEMU_PARAM_ERROR(api, "outputSize value should match the outputShape value and greater than 0.");
    pool_geom g;
    if ((st = pool_geom_of(api, self, "self", &g)))
        return st;
    vec_pool2d p = {g.H, g.W, oh, ow, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0};
    const aclTensor *ins[1] = {self}, *outs[1] = {out};
    return pool_launch(executor, "AdaptiveAvgPool2d", &g, ins, 1, outs, 1, &p, 0, 0, (uint64_t)(g.H * g.W + oh * ow));
}
