/* aclnnTopKTopPSample: generated from the op definition (ascend910b / 910_93, AutoContiguous
 * inputs), so: nulls of logits, topK, topP and both outputs (161001; q is optional) -> no kernel
 * off the A2 / A3 (361001) -> the definition's dtype rows (161002): logits FLOAT16 / BF16, topK
 * INT32, topP of logits' dtype, q FLOAT, logitsSelectIdx INT64, logitsTopKPSelect FLOAT -> ND
 * formats -> the tiling's refusals (561002) in its order and with its messages
 * (top_k_top_p_sample_tiling.cpp: CheckOpInputShape, CheckOpOutputShape): logits of one dim,
 * a last dim over 2^20, topK / topP not of logits' rank - 1, batch sizes that differ, q not of
 * logits' shape, logitsTopKPSelect not of logits' shape, logitsSelectIdx not of topK's shape.
 * The attributes reach the kernel as the tiling stores them: eps FP32, topKGuess uint32 (the
 * kernel caps it at 1024). Rows are split over the vector cores (the tiling's head / tail cores);
 * an empty logits runs nothing. */
#include "nn_check.h"
#include "top_k_top_p_sample_args.h"
#include "top_k_top_p_sample_plan.h"

#define TKS_HALF (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_TopKTopPSample(aclOpExecutor *executor, const aclTensor *logits, const aclTensor *topK,
                                       const aclTensor *topP, const aclTensor *q, double eps, bool isNeedLogits,
                                       int64_t topKGuess, const aclTensor *logitsSelectIdx,
                                       const aclTensor *logitsTopKPSelect)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, logits, "logits")) || (st = aclemu_check_notnull(api, topK, "topK")) ||
        (st = aclemu_check_notnull(api, topP, "topP")) ||
        (st = aclemu_check_notnull(api, logitsSelectIdx, "logitsSelectIdx")) ||
        (st = aclemu_check_notnull(api, logitsTopKPSelect, "logitsTopKPSelect")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_dtype(api, logits, "logits", TKS_HALF)) ||
        (st = aclemu_check_dtype(api, topK, "topK", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, topP, "topP", TKS_HALF)) ||
        (st = aclemu_check_same_dtype(api, logits, "logits", topP, "topP")) ||
        (st = nn_dtype_opt(api, q, "q", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, logitsSelectIdx, "logitsSelectIdx", ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_dtype(api, logitsTopKPSelect, "logitsTopKPSelect", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, logits, "logits")) || (st = aclemu_check_format(api, topK, "topK")) ||
        (st = aclemu_check_format(api, topP, "topP")) || (st = nn_format_opt(api, q, "q")) ||
        (st = aclemu_check_format(api, logitsSelectIdx, "logitsSelectIdx")) ||
        (st = aclemu_check_format(api, logitsTopKPSelect, "logitsTopKPSelect")))
        return st;
    if ((st = aclemu_check_shape(api, logits, "logits", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, topK, "topK", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, topP, "topP", ACLEMU_MAX_RANK)) || (st = nn_shape_opt(api, q, "q", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, logitsSelectIdx, "logitsSelectIdx", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, logitsTopKPSelect, "logitsTopKPSelect", ACLEMU_MAX_RANK)))
        return st;
    /* the tiling, CheckOpInputShape */
    if ((st = tkps_check_rows(api, logits, topK, topP)))
        return st;
    const int64_t B = logits->shape[0], V = logits->shape[1];
    if (q && !tkps_same_shape(logits, q))
        return TKPS_TILING_ERROR(api, "logits and q shape is inconsistency.");
    /* CheckOpOutputShape */
    if (!tkps_same_shape(logits, logitsTopKPSelect))
        return TKPS_TILING_ERROR(api, "input logits and output selected logits shape is inconsistency.");
    if (!tkps_same_shape(topK, logitsSelectIdx))
        return TKPS_TILING_ERROR(api, "topKs and output selected index shape is inconsistency.");
    if (B == 0 || V == 0)
        return ACLNN_SUCCESS;
    uint64_t ws;
    tktps_args *a = tkps_add_row_launch(executor, "TopKTopPSample", B, V, sizeof *a, offsetof(tktps_args, geo), &ws);
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = (float)eps;
    a->need_logits = isNeedLogits ? 1 : 0;
    a->top_k_guess = (uint32_t)(uint64_t)topKGuess;
    if ((st = aclemu_exec_tdesc(executor, a, &a->logits, logits)) || (st = aclemu_exec_tdesc(executor, a, &a->topk, topK)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->topp, topP)) || (q && (st = aclemu_exec_tdesc(executor, a, &a->q, q))) ||
        (st = aclemu_exec_tdesc(executor, a, &a->idx, logitsSelectIdx)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->sel, logitsTopKPSelect)))
        return st;
    return aclemu_exec_bind_workspace(executor, a, &a->geo.ws, ws);
}
