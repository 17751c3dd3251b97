/* aclnnFatreluMul (A2 / A3; BF16, FLOAT16, FLOAT; threshold and out of input's dtype). Its
 * aclnn layer is the generated one: nulls, dtypes and formats from the op definition, out's
 * shape from the shape inference (input's with the last dim halved), then the host tiling's
 * refusals (561002): rank < 2, a last dim of 0, odd or over 1024, more than 200000 rows, a
 * threshold of other than one element. An empty input runs nothing. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define FATRELU_MAX_LAST 1024
#define FATRELU_MAX_ROWS 200000

static aclnnStatus tiling_error(const char *api, const char *what)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, "%s", what);
}

aclnnStatus aclemu_plan_FatreluMul(aclOpExecutor *executor, const aclTensor *input, const aclTensor *threshold,
                                   const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, threshold, "threshold")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", threshold, "threshold")) ||
        (st = aclemu_check_same_dtype(api, input, "input", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, input, "input")) || (st = aclemu_check_format(api, threshold, "threshold")) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, threshold, "threshold", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (input->ndim >= 1) {
        int64_t want[ACLEMU_MAX_RANK];
        for (uint32_t i = 0; i < input->ndim; i++)
            want[i] = i + 1 == input->ndim ? input->shape[i] / 2 : input->shape[i];
        if ((st = aclemu_check_shape_is(api, out, "out", want, input->ndim)))
            return st;
    }
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if (aclemu_tensor_numel(input) == 0 && input->ndim >= 2)
        return ACLNN_SUCCESS;
    if (input->ndim < 2)
        return tiling_error(api, "Input shape dim should be no less than 2.");
    const uint32_t d = input->ndim - 1;
    const int64_t last = input->shape[d];
    if (aclemu_tensor_numel(threshold) != 1)
        return tiling_error(api, "Threshold elements can only be one.");
    if (last > FATRELU_MAX_LAST)
        return tiling_error(api, "Last dim size should be no more than 1024.");
    if (last % 2)
        return tiling_error(api, "Last dim size should be even.");
    if (aclemu_tensor_numel(input) / last > FATRELU_MAX_ROWS)
        return tiling_error(api, "Batch dim size should be no more than 200000.");
    act_view a, b, t;
    act_view_slice(&a, input, d, 0, last / 2);
    act_view_slice(&b, input, d, last / 2, last / 2);
    act_view_of(&t, threshold);
    t.view.ndim = 0; /* its one element, broadcast */
    const act_view *views[3] = {&a, &b, &t};
    return act_launch(executor, "FatreluMul", ACT_FATRELU_MUL, NULL, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){&a.view, &b.view, &t.view}, 3, views, 3);
}
