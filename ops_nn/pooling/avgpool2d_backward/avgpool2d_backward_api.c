/* aclnnAvgPool2dBackward: gradOutput / self / gradInput FLOAT, FLOAT16 (+ BF16 on A2/A3/950) of
 * one dtype, NCHW or NCL; gradOutput of the forward's output shape, gradInput of self's. */
#include "aclemu_plans.h"
#include "avgpool2d_attrs.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_AvgPool2dBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                          const aclIntArray *kernelSize, const aclIntArray *stride,
                                          const aclIntArray *padding, bool ceilMode, bool countIncludePad,
                                          int64_t divisorOverride, int8_t cubeMathType, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", gradInput, "gradInput")))
        return st;
    if ((st = avgpool2d_format(api, gradOutput, "gradOutput")) || (st = avgpool2d_format(api, self, "self")) ||
        (st = avgpool2d_format(api, gradInput, "gradInput")))
        return st;
    pool_geom g;
    vec_pool2d p;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, gradOutput, "gradOutput", 4)) ||
        (st = aclemu_check_shape(api, gradInput, "gradInput", 4)) ||
        (st = avgpool2d_attrs(api, &g, kernelSize, stride, padding, ceilMode, countIncludePad, divisorOverride, &p)) ||
        (st = pool_check_out(api, gradOutput, "gradOutput", &g, p.OH, p.OW)) ||
        (st = aclemu_check_same_shape(api, self, "self", gradInput, "gradInput")) ||
        (st = avgpool2d_cube_math(api, self, cubeMathType)))
        return st;
    const aclTensor *ins[1] = {gradOutput}, *outs[1] = {gradInput};
    return pool_launch(executor, "AvgPool2dGrad", &g, ins, 1, outs, 1, &p, p.ph, p.pw,
                       (uint64_t)(p.OH * p.OW * p.kh * p.kw + g.H * g.W));
}
