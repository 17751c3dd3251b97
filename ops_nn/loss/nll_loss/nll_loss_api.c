/* aclnnNLLLoss: self (N, C) or (C) FLOAT, FLOAT16 (+ BF16 on A2/A3/950); target INT64, UINT8 or
 * INT32 of shape (N) / (); weight (C) of self's dtype (NULL = ones); totalWeightOut one element.
 * The loss is a gather per row: one block does it all. */
#include "aclemu_plans.h"
#include "nll_loss_args.h"
#include "nll_loss_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_NLLLoss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                const aclTensor *weight, int64_t reduction, int64_t ignoreIndex, aclTensor *out,
                                aclTensor *totalWeightOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_notnull(api, totalWeightOut, "totalWeightOut")))
        return st;
    int64_t N, C;
    if ((st = nll_check(api, self, target, weight, reduction, &N, &C)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, totalWeightOut, "totalWeightOut", NN_FLOATS)) ||
        (st = nll_check_loss_shape(api, out, "out", self, reduction, N)) ||
        (st = nn_numel_opt(api, totalWeightOut, "totalWeightOut", 1)))
        return st;
    if (C == 0 && N > 0)
        return ACLEMU_PARAM_ERROR(api, "self class dim should not be 0.");
    nn_stage ss, stg, sw, so, stw;
    if ((st = nn_stage_in(executor, self, NULL, -1, &ss)) || (st = nn_stage_in(executor, target, NULL, -1, &stg)) ||
        (st = nn_stage_in(executor, weight, NULL, -1, &sw)) || (st = nn_stage_out(executor, out, NULL, -1, &so)) ||
        (st = nn_stage_out(executor, totalWeightOut, NULL, -1, &stw)))
        return st;
    nll_loss_args *a = (nll_loss_args *)aclemu_exec_add_launch(executor, "NLLLoss", 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->N = N;
    a->C = C;
    a->reduction = reduction;
    a->ignore_index = ignoreIndex;
    a->rows_per_block = N;
    if ((st = nn_stage_bind(executor, a, &a->self, &ss)) || (st = nn_stage_bind(executor, a, &a->target, &stg)) ||
        (st = nn_stage_bind(executor, a, &a->weight, &sw)) || (st = nn_stage_bind(executor, a, &a->out, &so)) ||
        (st = nn_stage_bind(executor, a, &a->total_weight, &stw)))
        return st;
    if ((st = nn_stage_out_finish(executor, &so)) || (st = nn_stage_out_finish(executor, &stw)))
        return st;
    return ACLNN_SUCCESS;
}
