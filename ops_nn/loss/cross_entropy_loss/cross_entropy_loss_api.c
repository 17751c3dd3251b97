/* aclnnCrossEntropyLoss: input (N, C) FLOAT, FLOAT16 (+ BF16 on A2/A3/950), C > 0; target (N)
 * INT32 / INT64; weightOptional (C) FLOAT; labelSmoothing in [0, 1]; z-loss not supported
 * (returnZloss must be false, as the real API documents); Atlas A2 / A3 / 950 only. lossOut
 * [N] for "none" else [1],
 * logProbOut (N, C), both of input's dtype. Rows are split over the vector cores, then one
 * block reduces. */
#include "aclemu_plans.h"
#include "cross_entropy_args.h"
#include "cross_entropy_reduction.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_CrossEntropyLoss(aclOpExecutor *executor, const aclTensor *input, const aclTensor *target,
                                         const aclTensor *weightOptional, char *reductionOptional, int64_t ignoreIndex,
                                         double labelSmoothing, double lseSquareScaleForZloss, bool returnZloss,
                                         const aclTensor *lossOut, const aclTensor *logProbOut,
                                         const aclTensor *zlossOut, const aclTensor *lseForZlossOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)zlossOut;
    (void)lseForZlossOut;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, lossOut, "lossOut")) || (st = aclemu_check_notnull(api, logProbOut, "logProbOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))) ||
        (st = nn_dtype_opt(api, weightOptional, "weightOptional", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, input, "input", lossOut, "lossOut")) ||
        (st = aclemu_check_same_dtype(api, input, "input", logProbOut, "logProbOut")))
        return st;
    int64_t red = CE_MEAN;
    if ((st = ce_reduction(api, reductionOptional, &red)))
        return st;
    if (!(labelSmoothing >= 0.0 && labelSmoothing <= 1.0))
        return ACLEMU_PARAM_ERROR(api, "labelSmoothing %f should be in [0.0, 1.0].", labelSmoothing);
    if (returnZloss || lseSquareScaleForZloss != 0.0)
        return ACLEMU_PARAM_ERROR(api, "z-loss (returnZloss, lseSquareScaleForZloss) is not supported yet.");
    if ((st = aclemu_check_shape(api, input, "input", 2)) || (st = nn_rank_in(api, input, "input", 2, 2)) ||
        (st = aclemu_check_shape(api, target, "target", 1)) || (st = aclemu_check_shape(api, logProbOut, "logProbOut", 2)) ||
        (st = aclemu_check_same_shape(api, input, "input", logProbOut, "logProbOut")))
        return st;
    int64_t N = input->shape[0], C = input->shape[1];
    if (C <= 0)
        return ACLEMU_PARAM_ERROR(api, "input class dim C should be greater than 0.");
    int64_t lshape[1] = {red == CE_NONE ? N : 1};
    if ((st = nn_vec_of(api, target, "target", N)) || (st = nn_vec_of(api, weightOptional, "weightOptional", C)) ||
        (st = aclemu_check_shape_is(api, lossOut, "lossOut", lshape, 1)))
        return st;
    if (N == 0)
        return red == CE_NONE ? ACLNN_SUCCESS : nn_fill(executor, lossOut, "lossOut", red == CE_MEAN ? __builtin_nan("") : 0.0);
    nn_stage si, stg, sw, slp, sl;
    if ((st = nn_stage_in(executor, input, NULL, -1, &si)) || (st = nn_stage_in(executor, target, NULL, -1, &stg)) ||
        (st = nn_stage_in(executor, weightOptional, NULL, -1, &sw)) ||
        (st = nn_stage_out(executor, logProbOut, NULL, -1, &slp)) || (st = nn_stage_out(executor, lossOut, NULL, -1, &sl)))
        return st;
    uint64_t parts = aclemu_exec_alloc_workspace(executor, (uint64_t)N * 3 * sizeof(double));
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)N, (uint64_t)C * 3, &bd, &per);
    for (int pass = 0; pass < 2; pass++) {
        cross_entropy_args *a = (cross_entropy_args *)aclemu_exec_add_launch(
            executor, pass ? "CrossEntropyLossFinish" : "CrossEntropyLossRows", pass ? 1 : bd, sizeof(*a));
        if (!a)
            return ACLNN_ERR_INNER;
        a->smoothing = labelSmoothing;
        a->N = N;
        a->C = C;
        a->ignore_index = ignoreIndex;
        a->reduction = red;
        a->rows_per_block = pass ? N : (int64_t)per;
        if ((st = nn_stage_bind(executor, a, &a->input, &si)) || (st = nn_stage_bind(executor, a, &a->target, &stg)) ||
            (st = nn_stage_bind(executor, a, &a->weight, &sw)) || (st = nn_stage_bind(executor, a, &a->log_prob, &slp)) ||
            (st = nn_stage_bind(executor, a, &a->loss, &sl)) ||
            (st = aclemu_exec_bind_workspace(executor, a, &a->parts, parts)))
            return st;
    }
    if ((st = nn_stage_out_finish(executor, &slp)) || (st = nn_stage_out_finish(executor, &sl)))
        return st;
    return ACLNN_SUCCESS;
}
