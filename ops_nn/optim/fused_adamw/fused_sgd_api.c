/* aclnnFusedSgd (A2 / A3 / 950): checks in the op_api's order — attributes (weightDecay /
 * momentum / lr >= 0, nesterov needs momentum > 0 and zero dampening, momentum 0 exactly when
 * there is no momentum buffer list), null lists / elements, list lengths, dtypes (FLOAT, FLOAT16,
 * BF16 per chip, all alike), shapes. */
#include <math.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "optim_list_plan.h"

aclnnStatus aclemu_plan_FusedSgd(aclOpExecutor *executor, const aclTensorList *paramsRef, const aclTensorList *gradsRef,
                                 const aclTensorList *momentumBufferListOptionalRef, const aclTensor *gradScaleOptional,
                                 float weightDecay, float momentum, float lr, float dampening, bool nesterov,
                                 bool maximize, bool isFirstStep)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensorList *mb = momentumBufferListOptionalRef;
    const float eps = 1e-6f;
    aclnnStatus st;
    if (weightDecay < 0)
        return ACLEMU_PARAM_ERROR(api, "weightDecay[%f] shoule be greater or equal than 0", weightDecay);
    if (momentum < 0)
        return ACLEMU_PARAM_ERROR(api, "momentum[%f] shoule be greater or equal than 0", momentum);
    if (lr < 0)
        return ACLEMU_PARAM_ERROR(api, "lr[%f] shoule be greater or equal than 0", lr);
    if (nesterov && (momentum <= 0 || fabsf(dampening) >= eps))
        return ACLEMU_PARAM_ERROR(api, "nesterov[%d] momentum requires a momentum[%f] and zero dampening[%f].",
                                  (int)nesterov, momentum, dampening);
    if (!mb && fabsf(momentum) >= eps)
        return ACLEMU_PARAM_ERROR(api, "momentum[%f] is invalid. momentum shoube be 0 when momentumBufferListOptionalRef "
                                       "is nullptr.", momentum);
    if (mb && fabsf(momentum) < eps)
        return ACLEMU_PARAM_ERROR(api, "momentum[%f] is invalid. momentum shoube be greater than 0 when "
                                       "momentumBufferListOptionalRef is not nullptr.", momentum);
    if ((st = ol_check_null(api, paramsRef, "paramsRef", 0)) || (st = ol_check_null(api, gradsRef, "gradsRef", 0)) ||
        (st = ol_check_null(api, mb, "momentumBufferListOptionalRef", 1)))
        return st;
    uint64_t n = paramsRef->size;
    if (n == 0)
        return ACLEMU_PARAM_ERROR(api, "paramsRef tensor list is empty.");
    if (gradsRef->size != n)
        return ACLEMU_PARAM_ERROR(api, "gradsRef tensor count does not match paramsRef.");
    if (mb && mb->size != n)
        return ACLEMU_PARAM_ERROR(api, "momentumBufferListOptionalRef tensor count does not match paramsRef.");
    const aclTensor *p0 = paramsRef->items[0];
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)) || (st = aclemu_check_dtype(api, p0, "paramsRef", NN_FLOATS)) ||
        (st = ol_check_dtype_all(api, paramsRef, p0->dtype)) || (st = ol_check_dtype_all(api, gradsRef, p0->dtype)) ||
        (mb && (st = aclemu_check_dtype(api, mb->items[0], "momentumBufferListOptionalRef", NN_FLOATS))) ||
        (st = ol_check_dtype_all(api, mb, p0->dtype)))
        return st;
    if ((st = ol_check_shape_all(api, paramsRef, gradsRef)) || (st = ol_check_shape_all(api, paramsRef, mb)))
        return st;
    if ((st = nn_dtype_opt(api, gradScaleOptional, "gradScaleOptional", NN_FLOATS)) ||
        (st = nn_shape_opt(api, gradScaleOptional, "gradScaleOptional", 8)))
        return st;
    if (gradScaleOptional && aclemu_tensor_numel(gradScaleOptional) == 0)
        gradScaleOptional = NULL;
    ol_args a = {0};
    a.s[0] = weightDecay;
    a.s[1] = momentum;
    a.s[2] = lr;
    a.s[3] = dampening;
    a.s[4] = nesterov;
    a.s[5] = maximize;
    a.s[6] = mb ? isFirstStep : 0; /* documented: no effect without momentum buffers */
    const aclTensorList *roles[] = {paramsRef, gradsRef, mb};
    /* gradsRef is written only with a grad scale (it receives grad / scale) */
    const int dirs[] = {OL_INOUT, gradScaleOptional ? OL_INOUT : OL_IN, OL_INOUT};
    return ol_launch(executor, "FusedSgd", &a, roles, dirs, 3, gradScaleOptional, NULL);
}
