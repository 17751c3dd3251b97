/* aclnnTopKTopPSampleV2: generated from the op definition (ascend910b / 910_93 / 950,
 * AutoContiguous inputs), so: nulls of logits, topK, topP and the four outputs (161001; q and
 * minPs are optional) -> no kernel off A2 / A3 / 950 (361001) -> the definition's dtype rows
 * (161002): logits FLOAT16 / BF16 / FLOAT, topK INT32, topP and minPs of logits' dtype, q FLOAT,
 * logitsSelectIdx / logitsIdx INT64, logitsTopKPSelect / logitsSortMasked FLOAT -> ND formats ->
 * the tiling's refusals (561002) in its order and with its messages
 * (top_k_top_p_sample_v2_tiling.cpp: CheckOpInputShape, CheckOpOutputShape): logits of one dim, a
 * last dim over 2^20, topK / topP not of logits' rank - 1, batch sizes that differ, q with
 * isNeedSampleResult, q not of logits' shape, minPs of another rank or batch, then the outputs
 * the attributes use (isNeedLogits: logitsTopKPSelect; not isNeedSampleResult: logitsSelectIdx;
 * isNeedSampleResult: logitsIdx, logitsSortMasked). The attributes reach the kernel as the tiling
 * reads them: eps FP32, topKGuess int32, ksMax uint32 aligned up to 8 and capped at 1024. */
#include "../top_k_top_p_sample/top_k_top_p_sample_plan.h"
#include "nn_check.h"
#include "top_k_top_p_sample_v2_args.h"

#define TKS2_FLOATS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT))

aclnnStatus aclemu_plan_TopKTopPSampleV2(aclOpExecutor *executor, const aclTensor *logits, const aclTensor *topK,
                                         const aclTensor *topP, const aclTensor *q, const aclTensor *minPs,
                                         double eps, bool isNeedLogits, int64_t topKGuess, int64_t ksMax,
                                         bool inputIsLogits, bool isNeedSampleResult,
                                         const aclTensor *logitsSelectIdx, const aclTensor *logitsTopKPSelect,
                                         const aclTensor *logitsIdx, const aclTensor *logitsSortMasked)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, logits, "logits")) || (st = aclemu_check_notnull(api, topK, "topK")) ||
        (st = aclemu_check_notnull(api, topP, "topP")) ||
        (st = aclemu_check_notnull(api, logitsSelectIdx, "logitsSelectIdx")) ||
        (st = aclemu_check_notnull(api, logitsTopKPSelect, "logitsTopKPSelect")) ||
        (st = aclemu_check_notnull(api, logitsIdx, "logitsIdx")) ||
        (st = aclemu_check_notnull(api, logitsSortMasked, "logitsSortMasked")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, logits, "logits", TKS2_FLOATS)) ||
        (st = aclemu_check_dtype(api, topK, "topK", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, topP, "topP", TKS2_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, logits, "logits", topP, "topP")) ||
        (st = nn_dtype_opt(api, q, "q", ACLEMU_DT(ACL_FLOAT))) ||
        (st = nn_dtype_opt(api, minPs, "minPs", TKS2_FLOATS)) ||
        (minPs && (st = aclemu_check_same_dtype(api, logits, "logits", minPs, "minPs"))) ||
        (st = aclemu_check_dtype(api, logitsSelectIdx, "logitsSelectIdx", ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_dtype(api, logitsTopKPSelect, "logitsTopKPSelect", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, logitsIdx, "logitsIdx", ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_dtype(api, logitsSortMasked, "logitsSortMasked", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, logits, "logits")) || (st = aclemu_check_format(api, topK, "topK")) ||
        (st = aclemu_check_format(api, topP, "topP")) || (st = nn_format_opt(api, q, "q")) ||
        (st = nn_format_opt(api, minPs, "minPs")) ||
        (st = aclemu_check_format(api, logitsSelectIdx, "logitsSelectIdx")) ||
        (st = aclemu_check_format(api, logitsTopKPSelect, "logitsTopKPSelect")) ||
        (st = aclemu_check_format(api, logitsIdx, "logitsIdx")) ||
        (st = aclemu_check_format(api, logitsSortMasked, "logitsSortMasked")))
        return st;
    if ((st = aclemu_check_shape(api, logits, "logits", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, topK, "topK", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, topP, "topP", ACLEMU_MAX_RANK)) || (st = nn_shape_opt(api, q, "q", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, minPs, "minPs", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, logitsSelectIdx, "logitsSelectIdx", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, logitsTopKPSelect, "logitsTopKPSelect", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, logitsIdx, "logitsIdx", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, logitsSortMasked, "logitsSortMasked", ACLEMU_MAX_RANK)))
        return st;
    /* the tiling, CheckOpInputShape */
    if ((st = tkps_check_rows(api, logits, topK, topP)))
        return st;
    const int64_t B = logits->shape[0], V = logits->shape[1];
    if (q && isNeedSampleResult)
        return TKPS_TILING_ERROR(api, "is_need_sample_result must be false when q is passed in");
    if (q && !tkps_same_shape(logits, q))
        return TKPS_TILING_ERROR(api, "logits and q shape is inconsistency.");
    if (minPs && (minPs->ndim != logits->ndim - 1 || minPs->shape[0] != B))
        return TKPS_TILING_ERROR(api, "minPS shape dimension is invalid!");
    /* CheckOpOutputShape */
    if (isNeedLogits && !tkps_same_shape(logits, logitsTopKPSelect))
        return TKPS_TILING_ERROR(api, "input logits and output selected logits shape is inconsistency.");
    if (!isNeedSampleResult && !tkps_same_shape(topK, logitsSelectIdx))
        return TKPS_TILING_ERROR(api, "topKs and output selected index shape is inconsistency.");
    if (isNeedSampleResult && !tkps_same_shape(logits, logitsIdx))
        return TKPS_TILING_ERROR(api, "input logits and output logits_idx shape is inconsistency.");
    if (isNeedSampleResult && !tkps_same_shape(logits, logitsSortMasked))
        return TKPS_TILING_ERROR(api, "input logits and output logits_sort_masked shape is inconsistency.");
    if (B == 0 || V == 0)
        return ACLNN_SUCCESS;
    uint64_t ws;
    tktps2_args *a = tkps_add_row_launch(executor, "TopKTopPSampleV2", B, V, sizeof *a, offsetof(tktps2_args, geo), &ws);
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = (float)eps;
    a->need_logits = isNeedLogits ? 1 : 0;
    a->input_is_logits = inputIsLogits ? 1 : 0;
    a->need_sample_result = isNeedSampleResult ? 1 : 0;
    /* GetAttr: the int64 attributes read through int32 / uint32 pointers (their low words) */
    const uint32_t guess = (uint32_t)(int32_t)(uint32_t)(uint64_t)topKGuess;
    a->top_k_guess = guess > 1024u ? 1024u : guess; /* InitTilingParams: topKGuess > TOPK_MAX (unsigned) */
    uint64_t ks = ((uint64_t)(uint32_t)(uint64_t)ksMax * 4 + 31) / 32 * 32 / 4; /* Align(ksMax, SIZEOF_FP32) */
    a->ks_max = (uint32_t)(ks > 1024 ? 1024 : ks);
    if ((st = aclemu_exec_tdesc(executor, a, &a->logits, logits)) || (st = aclemu_exec_tdesc(executor, a, &a->topk, topK)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->topp, topP)) || (q && (st = aclemu_exec_tdesc(executor, a, &a->q, q))) ||
        (minPs && (st = aclemu_exec_tdesc(executor, a, &a->minp, minPs))) ||
        (!isNeedSampleResult && (st = aclemu_exec_tdesc(executor, a, &a->idx, logitsSelectIdx))) ||
        (isNeedLogits && (st = aclemu_exec_tdesc(executor, a, &a->sel, logitsTopKPSelect))) ||
        (isNeedSampleResult && (st = aclemu_exec_tdesc(executor, a, &a->lidx, logitsIdx))) ||
        (isNeedSampleResult && (st = aclemu_exec_tdesc(executor, a, &a->smask, logitsSortMasked))))
        return st;
    return aclemu_exec_bind_workspace(executor, a, &a->geo.ws, ws);
}
