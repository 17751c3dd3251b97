/* aclnnGeluMul: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); out of input's dtype; rank 2-8;
 * last dim even; out = input's shape with the last dim halved. */
#include <string.h>

#include "aclemu_plans.h"
#include "act_plan.h"

aclnnStatus aclemu_plan_GeluMul(aclOpExecutor *executor, const aclTensor *input, char *approximateOptional,
                                const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, input, "input")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (input->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "input dim num %u should be in [2, 8].", input->ndim);
    uint32_t d = input->ndim - 1;
    if ((st = act_check_split_shape(api, input, d, out, "out")))
        return st;
    const char *mode = approximateOptional ? approximateOptional : "none";
    if (strcmp(mode, "none") != 0 && strcmp(mode, "tanh") != 0)
        return ACLEMU_PARAM_ERROR(api, "approximate only supports none or tanh, but got %s.", mode);
    int64_t half = input->shape[d] / 2;
    act_view a, b;
    act_view_slice(&a, input, d, 0, half);
    act_view_slice(&b, input, d, half, half);
    const act_view *views[2] = {&a, &b};
    return act_launch(executor, "GeluMul", strcmp(mode, "tanh") == 0 ? ACT_GELU_TANH_MUL : ACT_GELU_ERF_MUL, NULL,
                      (const aclTensor *[]){out}, 1, (const aclTensor *[]){&a.view, &b.view}, 2, views, 2);
}
