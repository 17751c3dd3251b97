/* aclnnNLLLossBackward: gradOutput / self / weight / totalWeight / out FLOAT, FLOAT16 (+ BF16 on
 * A2/A3/950); gradOutput (N) for reduction none with a 2-D self, else one element; out of
 * self's shape. Rows are split over the vector cores. */
#include "aclemu_plans.h"
#include "nll_loss_args.h"
#include "nll_loss_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_NLLLossBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                        const aclTensor *target, const aclTensor *weight, int64_t reduction,
                                        int64_t ignoreIndex, const aclTensor *totalWeight, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, target, "target")) || (st = aclemu_check_notnull(api, totalWeight, "totalWeight")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int64_t N, C;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)) ||
        (st = nll_check(api, self, target, weight, reduction, &N, &C)) ||
        (st = aclemu_check_dtype(api, totalWeight, "totalWeight", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = nll_check_loss_shape(api, gradOutput, "gradOutput", self, reduction, N)) ||
        (st = nn_numel_opt(api, totalWeight, "totalWeight", 1)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (N * C == 0)
        return ACLNN_SUCCESS;
    nn_stage sg, stg, sw, stw, so;
    if ((st = nn_stage_in(executor, gradOutput, NULL, -1, &sg)) || (st = nn_stage_in(executor, target, NULL, -1, &stg)) ||
        (st = nn_stage_in(executor, weight, NULL, -1, &sw)) || (st = nn_stage_in(executor, totalWeight, NULL, -1, &stw)) ||
        (st = nn_stage_out(executor, out, NULL, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)N, (uint64_t)C, &bd, &per);
    nll_loss_args *a = (nll_loss_args *)aclemu_exec_add_launch(executor, "NLLLossGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->N = N;
    a->C = C;
    a->reduction = reduction;
    a->ignore_index = ignoreIndex;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->grad, &sg)) || (st = nn_stage_bind(executor, a, &a->target, &stg)) ||
        (st = nn_stage_bind(executor, a, &a->weight, &sw)) || (st = nn_stage_bind(executor, a, &a->total_weight, &stw)) ||
        (st = nn_stage_bind(executor, a, &a->out, &so)))
        return st;
    return nn_stage_out_finish(executor, &so);
}
