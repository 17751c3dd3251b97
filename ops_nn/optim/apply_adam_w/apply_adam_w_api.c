/* aclnnApplyAdamW (documented for the 950 only): every tensor FLOAT, FLOAT16, BF16 (FLOAT,
 * FLOAT16 on 910), all of varRef's dtype; mRef / vRef / grad / maxGradNormOptional (required with
 * amsgrad) of varRef's shape; beta1Power / beta2Power / lr / weightDecay / beta1 / beta2 / eps
 * one element each (read on the device). Checks in the op_api's order: null, dtype, shape; a
 * kernel exists for the 950 (optim/apply_adam_w, ascend950) and for the 910B (the same op_api
 * in experimental/optim/apply_adam_w, whose definition registers ascend910b; its official example
 * runs there), so other chips are refused after the checks. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "apply_adam_w_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_ApplyAdamW(aclOpExecutor *executor, aclTensor *varRef, aclTensor *mRef, aclTensor *vRef,
                                   const aclTensor *beta1Power, const aclTensor *beta2Power, const aclTensor *lr,
                                   const aclTensor *weightDecay, const aclTensor *beta1, const aclTensor *beta2,
                                   const aclTensor *eps, const aclTensor *grad, const aclTensor *maxGradNormOptional,
                                   bool amsgrad, bool maximize)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *scalars[] = {beta1Power, beta2Power, lr, weightDecay, beta1, beta2, eps};
    const char *snames[] = {"beta1Power", "beta2Power", "lr", "weightDecay", "beta1", "beta2", "eps"};
    const aclTensor *mx = maxGradNormOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, varRef, "varRef")) || (st = aclemu_check_notnull(api, mRef, "mRef")) ||
        (st = aclemu_check_notnull(api, vRef, "vRef")))
        return st;
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_notnull(api, scalars[i], snames[i])))
            return st;
    if ((st = aclemu_check_notnull(api, grad, "grad")) ||
        (amsgrad && (st = aclemu_check_notnull(api, mx, "maxGradNormOptional"))))
        return st;
    aclemu_dtype_set ds = aclemu_op_profile()->family == ACLEMU_FAMILY_910A
                              ? ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) : NN_FLOATS;
    if ((st = aclemu_check_dtype(api, varRef, "varRef", ds)) || (st = aclemu_check_dtype(api, mRef, "mRef", ds)) ||
        (st = aclemu_check_dtype(api, vRef, "vRef", ds)))
        return st;
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_dtype(api, scalars[i], snames[i], ds)))
            return st;
    if ((st = aclemu_check_dtype(api, grad, "grad", ds)) || (st = aclemu_check_same_dtype(api, varRef, "varRef", mRef, "mRef")) ||
        (st = aclemu_check_same_dtype(api, varRef, "varRef", vRef, "vRef")))
        return st;
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_same_dtype(api, varRef, "varRef", scalars[i], snames[i])))
            return st;
    if ((st = aclemu_check_same_dtype(api, varRef, "varRef", grad, "grad")) ||
        (mx && ((st = aclemu_check_dtype(api, mx, "maxGradNormOptional", ds)) ||
                (st = aclemu_check_same_dtype(api, varRef, "varRef", mx, "maxGradNormOptional")))))
        return st;
    if ((st = aclemu_check_shape(api, varRef, "varRef", 8)) || (st = aclemu_check_shape(api, mRef, "mRef", 8)) ||
        (st = aclemu_check_shape(api, vRef, "vRef", 8)) || (st = aclemu_check_shape(api, grad, "grad", 8)) ||
        (st = nn_shape_opt(api, mx, "maxGradNormOptional", 8)))
        return st;
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_shape(api, scalars[i], snames[i], 8)))
            return st;
    if ((st = aclemu_check_same_shape(api, varRef, "varRef", mRef, "mRef")) ||
        (st = aclemu_check_same_shape(api, varRef, "varRef", vRef, "vRef")) ||
        (mx && (st = aclemu_check_same_shape(api, varRef, "varRef", mx, "maxGradNormOptional"))) ||
        (st = aclemu_check_same_shape(api, varRef, "varRef", grad, "grad")))
        return st;
    for (int i = 0; i < 7; i++)
        if (aclemu_tensor_numel(scalars[i]) != 1)
            return ACLEMU_PARAM_ERROR(api, "%s should hold one element, but holds %lld.", snames[i],
                                      (long long)aclemu_tensor_numel(scalars[i]));
    int64_t n = aclemu_tensor_numel(varRef);
    if (n == 0)
        return ACLNN_SUCCESS;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_950) | NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    apply_adam_w_args a = {0};
    a.amsgrad = amsgrad;
    a.maximize = maximize;
    const nr_operand ops[] = {{varRef, 0, offsetof(apply_adam_w_args, var_in)},
                              {mRef, 0, offsetof(apply_adam_w_args, m_in)},
                              {vRef, 0, offsetof(apply_adam_w_args, v_in)},
                              {grad, 0, offsetof(apply_adam_w_args, grad)},
                              {amsgrad ? mx : NULL, 0, offsetof(apply_adam_w_args, max_norm)},
                              {beta1Power, 0, offsetof(apply_adam_w_args, beta1_power)},
                              {beta2Power, 0, offsetof(apply_adam_w_args, beta2_power)},
                              {lr, 0, offsetof(apply_adam_w_args, lr)},
                              {weightDecay, 0, offsetof(apply_adam_w_args, weight_decay)},
                              {beta1, 0, offsetof(apply_adam_w_args, beta1)},
                              {beta2, 0, offsetof(apply_adam_w_args, beta2)},
                              {eps, 0, offsetof(apply_adam_w_args, eps)},
                              {varRef, 1, offsetof(apply_adam_w_args, var_out)},
                              {mRef, 1, offsetof(apply_adam_w_args, m_out)},
                              {vRef, 1, offsetof(apply_adam_w_args, v_out)}};
    return nr_launch(executor, "ApplyAdamW", &a, sizeof a, n, 1, 0.0, ops, 15);
}
