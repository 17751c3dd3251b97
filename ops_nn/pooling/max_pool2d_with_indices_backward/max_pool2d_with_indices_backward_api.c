/* aclnnMaxPool2dWithIndicesBackward: gradOutput / self / gradInput FLOAT16, FLOAT (+ BF16 on
 * A2/A3/950) of one dtype; indices INT32 / INT64 as the forward wrote them; gradOutput and
 * indices of the forward's output shape, gradInput of self's. */
#include "aclemu_plans.h"
#include "max_pool2d_attrs.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_MaxPool2dWithIndicesBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                     const aclTensor *self, const aclTensor *indices,
                                                     const aclIntArray *kernelSize, const aclIntArray *stride,
                                                     const aclIntArray *padding, const aclIntArray *dilation,
                                                     bool ceilMode, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, dilation, "dilation")) ||
        (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = max_pool2d_dtypes(api, gradOutput, "gradOutput")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", gradInput, "gradInput")) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, gradOutput, "gradOutput")))
        return st;
    pool_geom g;
    vec_pool2d p;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, gradOutput, "gradOutput", 4)) ||
        (st = aclemu_check_shape(api, indices, "indices", 4)) ||
        (st = aclemu_check_shape(api, gradInput, "gradInput", 4)) ||
        (st = max_pool2d_attrs(api, &g, kernelSize, stride, padding, dilation, ceilMode, &p)) ||
        (st = pool_check_out(api, gradOutput, "gradOutput", &g, p.OH, p.OW)) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", indices, "indices")) ||
        (st = aclemu_check_same_shape(api, self, "self", gradInput, "gradInput")))
        return st;
    const aclTensor *ins[2] = {gradOutput, indices}, *outs[1] = {gradInput};
    return pool_launch(executor, "MaxPool2dWithIndicesGrad", &g, ins, 2, outs, 1, &p, p.ph, p.pw,
                       (uint64_t)(p.OH * p.OW + g.H * g.W));
}

/* aclnnMaxPool2dWithMaskBackward: as the WithIndices backward with indices the INT8 mask that
 * aclnnMaxPool2dWithMask wrote. */
aclnnStatus aclemu_plan_MaxPool2dWithMaskBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                  const aclTensor *self, const aclTensor *indices,
                                                  const aclIntArray *kernelSize, const aclIntArray *stride,
                                                  const aclIntArray *padding, const aclIntArray *dilation,
                                                  bool ceilMode, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, dilation, "dilation")) ||
        (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = max_pool2d_mask_dtypes(api, gradOutput, "gradOutput")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", gradInput, "gradInput")) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT8))))
        return st;
    if (self->format == ACL_FORMAT_NHWC || aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, "Format only support NCHW or CHW");
    pool_geom g;
    vec_pool2d p;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, gradOutput, "gradOutput", 4)) ||
        (st = aclemu_check_shape(api, indices, "indices", 4)) ||
        (st = aclemu_check_shape(api, gradInput, "gradInput", 4)) ||
        (st = max_pool2d_attrs(api, &g, kernelSize, stride, padding, dilation, ceilMode, &p)) ||
        (st = pool_check_out(api, gradOutput, "gradOutput", &g, p.OH, p.OW)) ||
        (st = max_pool2d_check_mask(api, indices, "indices", &g, &p)) ||
        (st = aclemu_check_same_shape(api, self, "self", gradInput, "gradInput")))
        return st;
    const aclTensor *ins[2] = {gradOutput, indices}, *outs[1] = {gradInput};
    return pool_launch(executor, "MaxPool2dWithMaskGrad", &g, ins, 2, outs, 1, &p, p.ph, p.pw,
                       (uint64_t)(p.OH * p.OW * p.kh * p.kw + g.H * g.W));
}
