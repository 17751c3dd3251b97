/* aclnnSoftsign / aclnnSoftsignBackward (ops-nn experimental/activation/softsign and softsign_grad,
 * aclnn_softsign.cpp / aclnn_softsign_backward.cpp; the op_api checks no chip) on the shared
 * elementwise activation driver. Softsign: nulls, out of self's dtype, self FLOAT / FLOAT16 /
 * BF16, no private format, ranks <= 8, out of self's shape (161002). SoftsignBackward: nulls
 * (gradients, features, out), features and out of gradients' dtype, FLOAT16 / FLOAT / BF16, no
 * private format, ranks <= 8, features of gradients' shape (161002); out's shape is left to the
 * final copy (561103 when it differs). Empty tensors run nothing. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_Softsign(aclOpExecutor *executor, const aclTensor *self, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = act_check_experimental(api, (const aclTensor *const[]){self}, (const char *const[]){"self"}, 1, out,
                                     "out", ACT_FLOATS, 1, 1)))
        return st;
    return act_launch(executor, "Softsign", ACT_SOFTSIGN, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){self}, 1, NULL, 0);
}

aclnnStatus aclemu_plan_SoftsignBackward(aclOpExecutor *executor, const aclTensor *gradients, const aclTensor *features,
                                         const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradients, "gradients")) || (st = aclemu_check_notnull(api, features, "features")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = act_check_experimental(api, (const aclTensor *const[]){gradients, features},
                                     (const char *const[]){"gradients", "features"}, 2, out, "out", ACT_FLOATS, 1, 0)))
        return st;
    return act_launch(executor, "SoftsignGrad", ACT_SOFTSIGN_BWD, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){gradients, features}, 2, NULL, 0);
}
