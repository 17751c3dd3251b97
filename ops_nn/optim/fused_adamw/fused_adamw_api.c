/* aclnnFusedAdamw (A2 / A3 / 950): checks in the op_api's order — attributes (lr / beta1 / beta2 /
 * weightDecay >= 0, maxExpAvgSqsRef with amsgrad), null lists / elements, list lengths, dtypes
 * (paramsRef FLOAT / FLOAT16 / BF16 and every grad / moment of that dtype, stateSteps FLOAT or
 * INT64 all alike), shapes (every list element of its param's shape). Elements are updated on the
 * tensor-list driver, empty ones skipped. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "optim_list_plan.h"

aclnnStatus aclemu_plan_FusedAdamw(aclOpExecutor *executor, const aclTensorList *paramsRef, const aclTensorList *grads,
                                   const aclTensorList *expAvgsRef, const aclTensorList *expAvgSqsRef,
                                   const aclTensorList *maxExpAvgSqsRef, const aclTensorList *stateSteps,
                                   const aclTensor *gradScaleOptional, const aclTensor *foundInfOptional, double lr,
                                   double beta1, double beta2, double weightDecay, double eps, bool amsgrad,
                                   bool maximize)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const double attrs[] = {lr, beta1, beta2, weightDecay};
    const char *anames[] = {"lr", "beta1", "beta2", "weightDecay"};
    for (int i = 0; i < 4; i++)
        if (attrs[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "The %s[%f] shoule be greater or equal than 0", anames[i], attrs[i]);
    if (amsgrad && !maxExpAvgSqsRef)
        return ACLEMU_PARAM_ERROR(api, "When amsgrad is true, maxExpAvgSqsRef should not be nullptr.");
    if ((st = ol_check_null(api, paramsRef, "paramsRef", 0)) || (st = ol_check_null(api, grads, "grads", 0)) ||
        (st = ol_check_null(api, expAvgsRef, "expAvgsRef", 0)) || (st = ol_check_null(api, expAvgSqsRef, "expAvgSqsRef", 0)) ||
        (st = ol_check_null(api, stateSteps, "stateSteps", 0)) ||
        (st = ol_check_null(api, maxExpAvgSqsRef, "maxExpAvgSqsRef", 1)))
        return st;
    uint64_t n = paramsRef->size;
    if (n == 0)
        return ACLEMU_PARAM_ERROR(api, "paramsRef tensor list is empty.");
    const aclTensorList *lists[] = {grads, expAvgsRef, expAvgSqsRef, stateSteps, maxExpAvgSqsRef};
    const char *lnames[] = {"grads", "expAvgs", "expAvgSqs", "stateSteps", "maxExpAvgSqs"};
    for (int i = 0; i < 5; i++)
        if (lists[i] && lists[i]->size != n)
            return ACLEMU_PARAM_ERROR(api, "%s tensor count does not match params.", lnames[i]);
    if (!amsgrad)
        maxExpAvgSqsRef = NULL; /* not read or written without amsgrad */
    const aclTensor *p0 = paramsRef->items[0], *s0 = stateSteps->items[0];
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)) || (st = aclemu_check_dtype(api, p0, "paramsRef", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, s0, "stateSteps", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT64))))
        return st;
    for (uint64_t i = 1; i < n; i++)
        if (stateSteps->items[i]->dtype != s0->dtype)
            return ACLEMU_PARAM_ERROR(api, "expects all stateSteps tensors with the same dtype.");
    if ((st = ol_check_dtype_all(api, paramsRef, p0->dtype)) || (st = ol_check_dtype_all(api, grads, p0->dtype)) ||
        (st = ol_check_dtype_all(api, expAvgsRef, p0->dtype)) || (st = ol_check_dtype_all(api, expAvgSqsRef, p0->dtype)) ||
        (st = ol_check_dtype_all(api, maxExpAvgSqsRef, p0->dtype)))
        return st;
    if ((st = ol_check_shape_all(api, paramsRef, grads)) || (st = ol_check_shape_all(api, paramsRef, expAvgsRef)) ||
        (st = ol_check_shape_all(api, paramsRef, expAvgSqsRef)) ||
        (st = ol_check_shape_all(api, paramsRef, maxExpAvgSqsRef)))
        return st;
    /* the op_api puts no shape on the step tensors (the official example passes them in the
     * params' shapes); the kernel reads the first element, so an empty one cannot serve */
    for (uint64_t i = 0; i < n; i++)
        if (aclemu_tensor_numel(paramsRef->items[i]) && aclemu_tensor_numel(stateSteps->items[i]) == 0)
            return ACLEMU_PARAM_ERROR(api, "stateSteps[%llu] is empty.", (unsigned long long)i);
    if ((st = nn_dtype_opt(api, gradScaleOptional, "gradScaleOptional", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, foundInfOptional, "foundInfOptional", NN_FLOATS)) ||
        (st = nn_shape_opt(api, gradScaleOptional, "gradScaleOptional", 8)) ||
        (st = nn_shape_opt(api, foundInfOptional, "foundInfOptional", 8)))
        return st;
    if (gradScaleOptional && aclemu_tensor_numel(gradScaleOptional) == 0)
        gradScaleOptional = NULL; /* an empty optional counts as absent */
    if (foundInfOptional && aclemu_tensor_numel(foundInfOptional) == 0)
        foundInfOptional = NULL;
    ol_args a = {0};
    a.s[0] = lr;
    a.s[1] = beta1;
    a.s[2] = beta2;
    a.s[3] = weightDecay;
    a.s[4] = eps;
    a.s[5] = amsgrad;
    a.s[6] = maximize;
    const aclTensorList *roles[] = {paramsRef, grads, expAvgsRef, expAvgSqsRef, maxExpAvgSqsRef, stateSteps};
    const int dirs[] = {OL_INOUT, OL_IN, OL_INOUT, OL_INOUT, OL_INOUT, OL_IN};
    return ol_launch(executor, "FusedAdamw", &a, roles, dirs, 6, gradScaleOptional, foundInfOptional);
}
