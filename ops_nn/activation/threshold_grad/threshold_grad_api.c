/* aclnnThresholdBackward: FLOAT, INT32, FLOAT16, INT8, UINT8, BF16 (BF16 on A2/A3/950), INT64
 * (950 only, per the doc's chip constraints); gradOutput, self and out of one dtype; out of the
 * broadcast shape. */
#include <float.h>
#include <math.h>

#include "aclemu_plans.h"
#include "act_plan.h"

#define THRESHOLD_GRAD_DTYPES                                                                          \
    (ACT_FLOATS | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8))

static aclemu_dtype_set chip_dtypes(void)
{
    aclemu_dtype_set d = THRESHOLD_GRAD_DTYPES;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950)
        d |= ACLEMU_DT(ACL_INT64);
    return d;
}

aclnnStatus aclemu_plan_ThresholdBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                          const aclTensor *self, const aclScalar *threshold, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, threshold, "threshold")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", chip_dtypes())) ||
        (st = aclemu_check_dtype(api, self, "self", chip_dtypes())) ||
        (st = aclemu_check_same_dtype(api, self, "self", gradOutput, "gradOutput")) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = act_check_bcast(api, self, "self", gradOutput, "gradOutput", out, "out")))
        return st;
    act_params p = act_params_default();
    p.threshold = aclemu_scalar_to_f64(threshold);
    /* the comparison happens in self's dtype: round the threshold like the kernel's cast does */
    if (self->dtype == ACL_FLOAT16)
        p.threshold = aclemu_half_to_float(aclemu_float_to_half((float)p.threshold));
    else if (self->dtype == ACL_BF16)
        p.threshold = aclemu_bf16_to_float(aclemu_float_to_bf16((float)p.threshold));
    else if (self->dtype == ACL_FLOAT)
        p.threshold = (float)p.threshold;
    return act_launch(executor, "ThresholdGradV2D", ACT_THRESHOLD_BWD, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){gradOutput, self}, 2, NULL, 0);
}

/* aclnnReluGradV4 (experimental/activation/relu_grad_v4, aclnn_relu_grad_v4.cpp): nulls
 * (gradOutput, self, threshold, out); gradOutput and out in FLOAT, FLOAT16, INT8, UINT8, INT32
 * (+ BF16 on A2/A3/950), self UINT8 (the forward's mask), out of gradOutput's dtype; ranks <= 8,
 * self and out of gradOutput's shape; threshold within FLT_EPSILON of 0 (all 161002). Out is
 * exactly 0 where the mask is 0, also for Inf / NaN gradients (a select, no product). */
aclnnStatus aclemu_plan_ReluGradV4(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                   const aclScalar *threshold, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const aclemu_dtype_set dts = THRESHOLD_GRAD_DTYPES;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, threshold, "threshold")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", dts)) || (st = aclemu_check_dtype(api, out, "out", dts)) ||
        (st = aclemu_check_dtype(api, self, "self", ACLEMU_DT(ACL_UINT8))) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, gradOutput, "gradOutput", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", out, "out")))
        return st;
    float thr = (float)aclemu_scalar_to_f64(threshold);
    if (!(fabsf(thr) <= FLT_EPSILON))
        return ACLEMU_PARAM_ERROR(api, "threshold should be 0, but got %f.", (double)thr);
    act_params p = act_params_default();
    p.threshold = 0.0;
    return act_launch(executor, "ReluGradV4", ACT_THRESHOLD_BWD, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){gradOutput, self}, 2, NULL, 0);
}
