/* aclnnAvgPool2d: self / out FLOAT, FLOAT16 (+ BF16 on A2/A3/950) of one dtype, NCHW (4-D) or
 * NCL (3-D, one plane per channel); planes are split over the vector cores. */
#include "aclemu_plans.h"
#include "avgpool2d_attrs.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_AvgPool2d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *kernelSize,
                                  const aclIntArray *strides, const aclIntArray *paddings, const bool ceilMode,
                                  const bool countIncludePad, const int64_t divisorOverride, const int8_t cubeMathType,
                                  aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, strides, "strides")) || (st = aclemu_check_notnull(api, paddings, "paddings")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = avgpool2d_format(api, self, "self")) || (st = avgpool2d_format(api, out, "out")))
        return st;
    pool_geom g;
    vec_pool2d p;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, out, "out", 4)) ||
        (st = avgpool2d_attrs(api, &g, kernelSize, strides, paddings, ceilMode, countIncludePad, divisorOverride, &p)) ||
        (st = pool_check_out(api, out, "out", &g, p.OH, p.OW)) || (st = avgpool2d_cube_math(api, self, cubeMathType)))
        return st;
    const aclTensor *ins[1] = {self}, *outs[1] = {out};
    return pool_launch(executor, "AvgPool2d", &g, ins, 1, outs, 1, &p, p.ph, p.pw,
                       (uint64_t)(p.OH * p.OW * p.kh * p.kw + g.H * g.W));
}
