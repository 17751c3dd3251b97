/* aclnnCrossEntropyGrad (experimental/loss/cross_entropy_grad; generated aclnn, an ascend910b
 * kernel only): gradInput = softmax(logits) - one_hot(target) per row, rows = the leading dims
 * of logits, the last dim the classes (a 0-d / 1-d logits is one row). Checks: nulls (161001) ->
 * the chip -> logits FLOAT / FLOAT16 / BF16, target INT32, gradInput of logits' dtype (161002)
 * -> ND formats -> the shapes the kernel walks (561002): target of one element per row,
 * gradInput of logits' shape. A target outside [0, C) (which the real kernel would write past its
 * row) gives a zero row here. On the CrossEntropyLossGrad row kernel, from logits. */
#include <string.h>

#include "aclemu_plans.h"
#include "cross_entropy_args.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_CrossEntropyGrad(aclOpExecutor *executor, const aclTensor *logits, const aclTensor *target,
                                         const aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, logits, "logits")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))) || (st = aclemu_check_dtype(api, logits, "logits", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_same_dtype(api, logits, "logits", gradInput, "gradInput")))
        return st;
    const aclTensor *ts[] = {logits, target, gradInput};
    const char *ns[] = {"logits", "target", "gradInput"};
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    int64_t numel = aclemu_tensor_numel(logits);
    int64_t C = logits->ndim >= 2 ? logits->shape[logits->ndim - 1] : numel;
    int64_t N = logits->ndim >= 2 ? (C ? numel / C : nn_prod(logits->shape, 0, logits->ndim - 1)) : 1;
    if (gradInput->ndim != logits->ndim || memcmp(gradInput->shape, logits->shape, logits->ndim * sizeof(int64_t)) != 0) {
        char s0[256], s1[256];
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "gradInput shape %s should be the same as logits shape %s.",
                               aclemu_shape_str(gradInput->shape, gradInput->ndim, s0, sizeof s0),
                               aclemu_shape_str(logits->shape, logits->ndim, s1, sizeof s1));
    }
    if (aclemu_tensor_numel(target) != N)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "target should hold one index per row (%lld), but holds %lld.", (long long)N,
                               (long long)aclemu_tensor_numel(target));
    if (numel == 0)
        return ACLNN_SUCCESS;
    nn_stage sx, stg, so;
    if ((st = nn_stage_in(executor, logits, NULL, -1, &sx)) || (st = nn_stage_in(executor, target, NULL, -1, &stg)) ||
        (st = nn_stage_out(executor, gradInput, NULL, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)N, (uint64_t)C * 2, &bd, &per);
    cross_entropy_args *a = (cross_entropy_args *)aclemu_exec_add_launch(executor, "CrossEntropyLossGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->N = N;
    a->C = C;
    a->ignore_index = INT64_MIN; /* no row is ignored (out-of-range targets aside) */
    a->reduction = CE_SUM;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->input, &sx)) || (st = nn_stage_bind(executor, a, &a->target, &stg)) ||
        (st = nn_stage_bind(executor, a, &a->out, &so)))
        return st;
    return nn_stage_out_finish(executor, &so);
}
