/* aclnnCrossEntropyLossGrad: gradLoss ([N] for "none"; for "mean"/"sum" 0-D as the doc's table
 * says and its example passes, or [1]) / logProb (N, C) / out (N, C) FLOAT, FLOAT16 (+ BF16 on
 * A2/A3/950) of one dtype; target (N) INT32 / INT64; weightOptional (C) FLOAT; labelSmoothing in
 * [0, 1]; the z-loss inputs are dtype-checked and then ignored ("传入相关输入...不会生效", the
 * doc's constraints); Atlas A2 / A3 / 950 only. Rows over the vector cores. */
#include "aclemu_plans.h"
#include "cross_entropy_args.h"
#include "cross_entropy_reduction.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_CrossEntropyLossGrad(aclOpExecutor *executor, const aclTensor *gradLoss,
                                             const aclTensor *logProb, const aclTensor *target,
                                             const aclTensor *weightOptional, const aclTensor *gradZlossOptional,
                                             const aclTensor *lseForZlossOptional, char *reductionOptional,
                                             int64_t ignoreIndex, double labelSmoothing,
                                             double lseSquareScaleForZloss, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradLoss, "gradLoss")) || (st = aclemu_check_notnull(api, logProb, "logProb")) ||
        (st = aclemu_check_notnull(api, target, "target")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, logProb, "logProb", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, logProb, "logProb", gradLoss, "gradLoss")) ||
        (st = aclemu_check_dtype(api, target, "target", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))) ||
        (st = nn_dtype_opt(api, weightOptional, "weightOptional", ACLEMU_DT(ACL_FLOAT))) ||
        (gradZlossOptional && (st = aclemu_check_same_dtype(api, logProb, "logProb", gradZlossOptional,
                                                            "gradZlossOptional"))) ||
        (lseForZlossOptional && (st = aclemu_check_same_dtype(api, logProb, "logProb", lseForZlossOptional,
                                                              "lseForZlossOptional"))) ||
        (st = aclemu_check_same_dtype(api, logProb, "logProb", out, "out")))
        return st;
    int64_t red = CE_MEAN;
    if ((st = ce_reduction(api, reductionOptional, &red)))
        return st;
    if (!(labelSmoothing >= 0.0 && labelSmoothing <= 1.0))
        return ACLEMU_PARAM_ERROR(api, "labelSmoothing %f should be in [0.0, 1.0].", labelSmoothing);
    (void)lseSquareScaleForZloss;
    if ((st = aclemu_check_shape(api, logProb, "logProb", 2)) || (st = nn_rank_in(api, logProb, "logProb", 2, 2)) ||
        (st = aclemu_check_shape(api, out, "out", 2)) || (st = aclemu_check_same_shape(api, logProb, "logProb", out, "out")))
        return st;
    int64_t N = logProb->shape[0], C = logProb->shape[1];
    int64_t gshape[1] = {red == CE_NONE ? N : 1};
    int scalar_grad = red != CE_NONE && gradLoss->ndim == 0;
    if ((st = nn_vec_of(api, target, "target", N)) || (st = nn_vec_of(api, weightOptional, "weightOptional", C)) ||
        (!scalar_grad && (st = aclemu_check_shape_is(api, gradLoss, "gradLoss", gshape, 1))))
        return st;
    if (N * C == 0)
        return ACLNN_SUCCESS;
    nn_stage sg, slp, stg, sw, so;
    if ((st = nn_stage_in(executor, gradLoss, NULL, -1, &sg)) || (st = nn_stage_in(executor, logProb, NULL, -1, &slp)) ||
        (st = nn_stage_in(executor, target, NULL, -1, &stg)) || (st = nn_stage_in(executor, weightOptional, NULL, -1, &sw)) ||
        (st = nn_stage_out(executor, out, NULL, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)N, (uint64_t)C * 2, &bd, &per);
    cross_entropy_args *a = (cross_entropy_args *)aclemu_exec_add_launch(executor, "CrossEntropyLossGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->smoothing = labelSmoothing;
    a->N = N;
    a->C = C;
    a->ignore_index = ignoreIndex;
    a->reduction = red;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->grad_loss, &sg)) || (st = nn_stage_bind(executor, a, &a->log_prob, &slp)) ||
        (st = nn_stage_bind(executor, a, &a->target, &stg)) || (st = nn_stage_bind(executor, a, &a->weight, &sw)) ||
        (st = nn_stage_bind(executor, a, &a->out, &so)))
        return st;
    return nn_stage_out_finish(executor, &so);
}
