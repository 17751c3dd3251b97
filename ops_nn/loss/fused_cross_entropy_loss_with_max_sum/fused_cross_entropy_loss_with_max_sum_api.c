/* aclnnFusedCrossEntropyLossWithMaxSum: logitsMax, sumExpLogits, predictedLogits, lossOut FLOAT
 * (BT); vocabParallelLogitsOptional FLOAT / FLOAT16 / BFLOAT16 (BT, V) with softMaxOutOptional
 * FLOAT of its shape. The real order: nulls (softMaxOut required only with the logits) -> dtypes
 * (the four FLOAT tensors, then logits and softMax) -> shapes (logitsMax 1-D, the others equal to
 * it; the logits 2-D, softMax equal to them) -> labelSmoothing must be 0 (161002). inputOptional
 * and weightOptional are not used. The real checks do not tie the logits' rows to BT; here other
 * than BT rows are refused (161002) rather than read out of bounds. A2 / A3 / 950 only. */
#include "aclemu_plans.h"
#include "fused_cross_entropy_loss_with_max_sum_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define F32 ACLEMU_DT(ACL_FLOAT)

aclnnStatus aclemu_plan_FusedCrossEntropyLossWithMaxSum(aclOpExecutor *executor, const aclTensor *logitsMax,
                                                        const aclTensor *sumExpLogits, const aclTensor *predictedLogits,
                                                        float labelSmoothing, const aclTensor *inputOptional,
                                                        const aclTensor *weightOptional,
                                                        const aclTensor *vocabParallelLogitsOptional,
                                                        aclTensor *lossOut, aclTensor *softMaxOutOptional)
{
    (void)inputOptional;
    (void)weightOptional;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *v = vocabParallelLogitsOptional, *sm = v ? softMaxOutOptional : NULL;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, logitsMax, "logitsMax")) ||
        (st = aclemu_check_notnull(api, sumExpLogits, "sumExpLogits")) ||
        (st = aclemu_check_notnull(api, predictedLogits, "predictedLogits")) ||
        (st = aclemu_check_notnull(api, lossOut, "lossOut")) ||
        (v && (st = aclemu_check_notnull(api, softMaxOutOptional, "softMaxOutOptional"))))
        return st;
    if ((st = aclemu_check_dtype(api, logitsMax, "logitsMax", F32)) ||
        (st = aclemu_check_dtype(api, sumExpLogits, "sumExpLogits", F32)) ||
        (st = aclemu_check_dtype(api, predictedLogits, "predictedLogits", F32)) ||
        (st = aclemu_check_dtype(api, lossOut, "lossOut", F32)) ||
        (v && (st = aclemu_check_dtype(api, v, "vocabParallelLogitsOptional", NN_FLOATS))) ||
        (v && (st = aclemu_check_dtype(api, sm, "softMaxOutOptional", F32))))
        return st;
    if ((st = aclemu_check_shape(api, logitsMax, "logitsMax", 1)) || (st = nn_rank_in(api, logitsMax, "logitsMax", 1, 1)) ||
        (st = aclemu_check_same_shape(api, logitsMax, "logitsMax", sumExpLogits, "sumExpLogits")) ||
        (st = aclemu_check_same_shape(api, logitsMax, "logitsMax", predictedLogits, "predictedLogits")) ||
        (st = aclemu_check_same_shape(api, logitsMax, "logitsMax", lossOut, "lossOut")))
        return st;
    if (v && ((st = aclemu_check_shape(api, v, "vocabParallelLogitsOptional", 2)) ||
              (st = nn_rank_in(api, v, "vocabParallelLogitsOptional", 2, 2)) ||
              (st = aclemu_check_same_shape(api, v, "vocabParallelLogitsOptional", sm, "softMaxOutOptional"))))
        return st;
    if (labelSmoothing != 0)
        return ACLEMU_PARAM_ERROR(api, "Currently, only labelSmoothing=0 are supported.");
    int64_t BT = logitsMax->shape[0];
    if (v && v->shape[0] != BT)
        return ACLEMU_PARAM_ERROR(api, "vocabParallelLogitsOptional should have %lld rows (logitsMax), but has %lld.",
                                  (long long)BT, (long long)v->shape[0]);
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if (BT == 0)
        return ACLNN_SUCCESS;
    int64_t V = v ? v->shape[1] : 0;
    const aclTensor *ts[6] = {logitsMax, sumExpLogits, predictedLogits, v, lossOut, sm};
    nn_stage s[6];
    for (int i = 0; i < 6; i++)
        if ((st = (i < 4 ? nn_stage_in : nn_stage_out)(executor, ts[i], NULL, -1, &s[i])))
            return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)BT, (uint64_t)(V + 1), &bd, &per);
    fused_ce_args *a = (fused_ce_args *)aclemu_exec_add_launch(executor, "FusedCrossEntropyLossWithMaxSum", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->BT = BT;
    a->V = V;
    a->rows_per_block = (int64_t)per;
    nn_cbuf *b[6] = {&a->max, &a->sumexp, &a->pred, &a->logits, &a->loss, &a->softmax};
    for (int i = 0; i < 6; i++)
        if ((st = nn_stage_bind(executor, a, b[i], &s[i])))
            return st;
    if ((st = nn_stage_out_finish(executor, &s[4])))
        return st;
    return v ? nn_stage_out_finish(executor, &s[5]) : ACLNN_SUCCESS;
}
