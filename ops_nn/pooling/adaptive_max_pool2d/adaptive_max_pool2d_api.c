/* aclnnAdaptiveMaxPool2d: self / outputOut FLOAT, DOUBLE, FLOAT16 (+ BF16 on A2/A3/950) of one
 * dtype, indicesOut INT64; 3-D or 4-D, NCHW / ND (as NCHW) or NHWC; outputSize two values > 0. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "pool_common.h"

aclnnStatus aclemu_plan_AdaptiveMaxPool2d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *outputSize,
                                          aclTensor *outputOut, aclTensor *indicesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (st = aclemu_check_notnull(api, outputOut, "outputOut")) ||
        (st = aclemu_check_notnull(api, indicesOut, "indicesOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS | ACLEMU_DT(ACL_DOUBLE))) ||
        (st = aclemu_check_same_dtype(api, self, "self", outputOut, "outputOut")) ||
        (st = aclemu_check_dtype(api, indicesOut, "indicesOut", ACLEMU_DT(ACL_INT64))))
        return st;
    if ((st = aclemu_check_format(api, self, "self")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = aclemu_check_shape(api, outputOut, "outputOut", 4)) ||
        (st = aclemu_check_shape(api, indicesOut, "indicesOut", 4)))
        return st;
    if (self->ndim != 3 && self->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "Self dims %u should be in 3 or 4.", self->ndim);
    if (outputSize->size != 2)
        return ACLEMU_PARAM_ERROR(api, "outputSize length should be 2, but now is %llu.",
                                  (unsigned long long)outputSize->size);
    for (int i = 0; i < 2; i++)
        if (outputSize->data[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "outputSize value should greater than 0, but the sizes of %d is %lld.", i,
                                      (long long)outputSize->data[i]);
    pool_geom g;
    if ((st = pool_geom_of(api, self, "self", &g)))
        return st;
    if (g.C == 0 || g.H == 0 || g.W == 0)
        return ACLEMU_PARAM_ERROR(api, "self's non-batch dims should be greater than 0.");
    int64_t oh = outputSize->data[0], ow = outputSize->data[1];
    if ((st = pool_check_out(api, outputOut, "outputOut", &g, oh, ow)) ||
        (st = aclemu_check_same_shape(api, outputOut, "outputOut", indicesOut, "indicesOut")))
        return st;
    vec_pool2d p = {g.H, g.W, oh, ow, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0};
    const aclTensor *ins[1] = {self}, *outs[2] = {outputOut, indicesOut};
    return pool_launch(executor, "AdaptiveMaxPool2d", &g, ins, 1, outs, 2, &p, 0, 0, (uint64_t)(g.H * g.W + oh * ow));
}
