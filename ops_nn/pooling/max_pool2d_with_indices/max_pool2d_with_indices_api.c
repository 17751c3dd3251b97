/* aclnnMaxPool2dWithIndices: self / out FLOAT16, FLOAT (+ BF16 on A2/A3/950), 3-D (CHW) or 4-D
 * (NCHW, ND, or NHWC), out of self's format; indices INT32 or INT64 of out's shape holding
 * h*W + w inside the plane. Padding is -inf; planes are split over the vector cores. */
#include "aclemu_plans.h"
#include "max_pool2d_attrs.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_MaxPool2dWithIndices(aclOpExecutor *executor, const aclTensor *self,
                                             const aclIntArray *kernelSize, const aclIntArray *stride,
                                             const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode,
                                             aclTensor *out, aclTensor *indices)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, dilation, "dilation")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, indices, "indices")))
        return st;
    if ((st = max_pool2d_dtypes(api, self, "self")) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be same, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if ((st = aclemu_check_format(api, self, "self")))
        return st;
    pool_geom g;
    vec_pool2d p;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, out, "out", 4)) || (st = aclemu_check_shape(api, indices, "indices", 4)) ||
        (st = max_pool2d_attrs(api, &g, kernelSize, stride, padding, dilation, ceilMode, &p)) ||
        (st = pool_check_out(api, out, "out", &g, p.OH, p.OW)) ||
        (st = aclemu_check_same_shape(api, out, "out", indices, "indices")))
        return st;
    const aclTensor *ins[1] = {self}, *outs[2] = {out, indices};
    return pool_launch(executor, "MaxPool2dWithIndices", &g, ins, 1, outs, 2, &p, p.ph, p.pw,
                       (uint64_t)(p.OH * p.OW * p.kh * p.kw + g.H * g.W));
}

/* aclnnMaxPool2dWithMask: as aclnnMaxPool2dWithIndices (NCHW / ND / CHW only; FLOAT only on
 * 310P) with indices an INT8 position mask of shape [N,] C, kh*kw, (ceil(OH*OW/16)+1)*32 that
 * aclnnMaxPool2dWithMaskBackward reads back. */
aclnnStatus aclemu_plan_MaxPool2dWithMask(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *kernelSize,
                                          const aclIntArray *stride, const aclIntArray *padding,
                                          const aclIntArray *dilation, bool ceilMode, aclTensor *out,
                                          aclTensor *indices)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, dilation, "dilation")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, indices, "indices")))
        return st;
    if ((st = max_pool2d_mask_dtypes(api, self, "self")) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT8))))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be same, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (self->format == ACL_FORMAT_NHWC || aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, "Format only support NCHW or CHW");
    pool_geom g;
    vec_pool2d p;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, out, "out", 4)) || (st = aclemu_check_shape(api, indices, "indices", 4)) ||
        (st = max_pool2d_attrs(api, &g, kernelSize, stride, padding, dilation, ceilMode, &p)) ||
        (st = pool_check_out(api, out, "out", &g, p.OH, p.OW)) ||
        (st = max_pool2d_check_mask(api, indices, "indices", &g, &p)))
        return st;
    const aclTensor *ins[1] = {self}, *outs[2] = {out, indices};
    return pool_launch(executor, "MaxPool2dWithMask", &g, ins, 1, outs, 2, &p, p.ph, p.pw,
                       (uint64_t)(p.OH * p.OW * p.kh * p.kw + g.H * g.W));
}
