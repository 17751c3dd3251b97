/* aclnnSoftmaxBackward: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); output of gradOutput's dtype;
 * out castable from it. Real order: null, dtypes, dim, shapes (rank <= 8, all equal). */
#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_SoftmaxBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                        const aclTensor *output, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) ||
        (st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, output, "output", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", output, "output")) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS)) ||
        (st = aclemu_check_can_cast(api, gradOutput->dtype, out, "out")))
        return st;
    uint32_t d;
    if ((st = act_check_dim(api, dim, gradOutput->ndim, &d)))
        return st;
    if ((st = aclemu_check_format(api, gradOutput, "gradOutput")) || (st = aclemu_check_format(api, output, "output")) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, gradOutput, "gradOutput", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, output, "output", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", output, "output")) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", out, "out")))
        return st;
    return act_launch_rows(executor, "SoftmaxGrad", ACT_ROW_SOFTMAX_BWD, out, gradOutput, output, d);
}
