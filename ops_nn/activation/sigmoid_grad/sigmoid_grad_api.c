/* aclnnSigmoidBackward: FLOAT, FLOAT16, DOUBLE, BF16, COMPLEX64, COMPLEX128 (BF16 on A2/A3/950)
 * for all three tensors; promote(gradOutput, output) castable to gradInput; gradInput of the
 * broadcast shape. A complex promoted dtype runs the SigmoidGradComplex kernel. */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_SigmoidBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                        const aclTensor *output, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    aclDataType promoted;
    const aclemu_dtype_set dts = ACT_FLOATS_DOUBLE | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128);
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) ||
        (st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = aclemu_check_dtype(api, gradInput, "gradInput", dts)) ||
        (st = act_check_promote(api, gradOutput, "gradOutput", output, "output", dts, &promoted)) ||
        (st = aclemu_check_can_cast(api, promoted, gradInput, "gradInput")))
        return st;
    if ((st = act_check_bcast(api, gradOutput, "gradOutput", output, "output", gradInput, "gradInput")))
        return st;
    if (aclemu_dtype_is_complex(promoted)) {
        const aclTensor *in[2] = {gradOutput, output};
        aclemu_ew_launch(executor, "SigmoidGradComplex", sizeof(aclemu_ew), gradInput, in, 2, &st);
        return st;
    }
    return act_launch(executor, "SigmoidGrad", ACT_SIGMOID_BWD, NULL, (const aclTensor *[]){gradInput}, 1,
                      (const aclTensor *[]){gradOutput, output}, 2, NULL, 0);
}
