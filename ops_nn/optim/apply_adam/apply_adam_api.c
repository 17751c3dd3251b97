/* aclnnApplyAdam (950 only; the API is generated from the op definition): varRef / m / v / grad
 * FLOAT, FLOAT16, BF16 of one dtype and shape; beta1Power / beta2Power / lr / beta1 / beta2 /
 * epsilon FLOAT, one element each. Null 161001, dtypes 161002, shapes at tiling 561002. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "apply_adam_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_ApplyAdam(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *m, const aclTensor *v,
                                  const aclTensor *beta1Power, const aclTensor *beta2Power, const aclTensor *lr,
                                  const aclTensor *beta1, const aclTensor *beta2, const aclTensor *epsilon,
                                  const aclTensor *grad, bool useLocking, bool useNesterov)
{
    (void)useLocking; /* no concurrent updates to guard against */
    const char *api = aclemu_exec_api(executor);
    const aclTensor *all[] = {varRef, m, v, beta1Power, beta2Power, lr, beta1, beta2, epsilon, grad};
    const char *names[] = {"varRef", "m", "v", "beta1Power", "beta2Power", "lr", "beta1", "beta2", "epsilon", "grad"};
    aclnnStatus st;
    for (int i = 0; i < 10; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_950))) || (st = aclemu_check_dtype(api, varRef, "varRef", NN_FLOATS)))
        return st;
    for (int i = 1; i < 10; i++) {
        st = (i >= 3 && i <= 8) ? aclemu_check_dtype(api, all[i], names[i], ACLEMU_DT(ACL_FLOAT))
                                : aclemu_check_same_dtype(api, varRef, "varRef", all[i], names[i]);
        if (st)
            return st;
    }
    for (int i = 0; i < 10; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) || (st = aclemu_check_shape(api, all[i], names[i], 8)))
            return st;
    const aclTensor *same[] = {m, v, grad};
    const char *snames[] = {"m", "v", "grad"};
    for (int i = 0; i < 3; i++)
        if ((st = nr_same_shape(api, ACLNN_ERR_INNER_TILING_ERROR, varRef, "varRef", same[i], snames[i])))
            return st;
    for (int i = 3; i < 9; i++)
        if (aclemu_tensor_numel(all[i]) != 1)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                                   "%s should hold one element, but holds %lld.", names[i],
                                   (long long)aclemu_tensor_numel(all[i]));
    apply_adam_args a = {0};
    a.nesterov = useNesterov;
    const nr_operand ops[] = {{varRef, 0, offsetof(apply_adam_args, var_in)},
                              {m, 0, offsetof(apply_adam_args, m_in)},
                              {v, 0, offsetof(apply_adam_args, v_in)},
                              {grad, 0, offsetof(apply_adam_args, grad)},
                              {beta1Power, 0, offsetof(apply_adam_args, beta1_power)},
                              {beta2Power, 0, offsetof(apply_adam_args, beta2_power)},
                              {lr, 0, offsetof(apply_adam_args, lr)},
                              {beta1, 0, offsetof(apply_adam_args, beta1)},
                              {beta2, 0, offsetof(apply_adam_args, beta2)},
                              {epsilon, 0, offsetof(apply_adam_args, eps)},
                              {varRef, 1, offsetof(apply_adam_args, var_out)},
                              {m, 1, offsetof(apply_adam_args, m_out)},
                              {v, 1, offsetof(apply_adam_args, v_out)}};
    return nr_launch(executor, "ApplyAdam", &a, sizeof a, aclemu_tensor_numel(varRef), 1, 0.0, ops, 13);
}
