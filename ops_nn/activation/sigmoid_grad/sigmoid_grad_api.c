/* aclnnSigmoidBackward: FLOAT, FLOAT16, DOUBLE, BF16 (BF16 on A2/A3/950; the complex types of
 * the real list are not emulated) for all three tensors; promote(gradOutput, output) castable
 * to gradInput; gradInput of the broadcast shape. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_SigmoidBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                        const aclTensor *output, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    aclDataType promoted;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) ||
        (st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = aclemu_check_dtype(api, gradInput, "gradInput", ACT_FLOATS_DOUBLE)) ||
        (st = act_check_promote(api, gradOutput, "gradOutput", output, "output", ACT_FLOATS_DOUBLE, &promoted)) ||
        (st = aclemu_check_can_cast(api, promoted, gradInput, "gradInput")))
        return st;
    if ((st = act_check_bcast(api, gradOutput, "gradOutput", output, "output", gradInput, "gradInput")))
        return st;
    return act_launch(executor, "SigmoidGrad", ACT_SIGMOID_BWD, NULL, (const aclTensor *[]){gradInput}, 1,
                      (const aclTensor *[]){gradOutput, output}, 2, NULL, 0);
}
