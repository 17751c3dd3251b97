/* aclnnInstanceNorm (Atlas inference / 310P only): x / gamma / beta / y / mean / variance FLOAT
 * or FLOAT16 of one dtype; x 4-D in dataFormat "NCHW" or "NHWC"; gamma / beta 1-D of length C;
 * mean / variance N*C values. Runs the GroupNorm kernel with one group per channel. */
#include <string.h>

#include "aclemu_plans.h"
#include "group_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_InstanceNorm(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                     const aclTensor *beta, const char *dataFormat, double eps, aclTensor *y,
                                     aclTensor *mean, aclTensor *variance)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) || (st = aclemu_check_notnull(api, y, "y")) ||
        (st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, variance, "variance")) ||
        (st = aclemu_check_notnull(api, dataFormat, "dataFormat")))
        return st;
    int nhwc = strncmp(dataFormat, "NHWC", 4) == 0;
    if (!nhwc && strncmp(dataFormat, "NCHW", 4) != 0)
        return ACLEMU_PARAM_ERROR(api, "dataFormat %s should be NCHW or NHWC.", dataFormat);
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_310P)
        return ACLEMU_PARAM_ERROR(api, "aclnnInstanceNorm only supports Ascend310p");
    aclemu_dtype_set dts = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, x, "x", dts)) || (st = aclemu_check_same_dtype(api, x, "x", gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, x, "x", beta, "beta")) || (st = aclemu_check_same_dtype(api, x, "x", y, "y")) ||
        (st = aclemu_check_same_dtype(api, x, "x", mean, "mean")) ||
        (st = aclemu_check_same_dtype(api, x, "x", variance, "variance")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, y, "y", 8)))
        return st;
    if (x->ndim != 4 || gamma->ndim != 1 || beta->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "x dim should be 4, gamma dim should be 1, beta dim should be 1");
    int64_t N = x->shape[0], C = nhwc ? x->shape[3] : x->shape[1];
    int64_t HxW = nhwc ? x->shape[1] * x->shape[2] : x->shape[2] * x->shape[3];
    if (gamma->shape[0] != C)
        return ACLEMU_PARAM_ERROR(api, "gamma.shape[0] must be equal to x's C axis");
    if ((st = nn_vec_of(api, beta, "beta", C)) || (st = aclemu_check_same_shape(api, x, "x", y, "y")) ||
        (st = nn_numel_opt(api, mean, "mean", N * C)) || (st = nn_numel_opt(api, variance, "variance", N * C)))
        return st;
    static const int32_t to_nchw[4] = {0, 3, 1, 2};
    return group_norm_launch(executor, x, gamma, beta, nhwc ? to_nchw : NULL, N, C, HxW, C, eps, 0, 1, y, mean,
                             variance);
}
