/* Host side shared by aclnnTopKTopPSample and aclnnTopKTopPSampleV2: the tilings' common input
 * refusals (CheckOpInputShape up to the batch match, 561002 with their messages) and the row
 * split over the vector cores with the emulator's per-row scratch. */
#ifndef OPS_NN_TOP_K_TOP_P_SAMPLE_PLAN_H
#define OPS_NN_TOP_K_TOP_P_SAMPLE_PLAN_H

#include <stddef.h>

#include "aclemu_plans.h"
#include "top_k_top_p_sample_rows.h"

#define TKPS_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static inline int tkps_same_shape(const aclTensor *a, const aclTensor *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (uint32_t i = 0; i < a->ndim; i++)
        if (a->shape[i] != b->shape[i])
            return 0;
    return 1;
}

/* logits of one dim, not 2-D (the kernels read [B, V] only; the doc: logits 2-D), a last dim
 * over 2^20, topK / topP not of logits' rank - 1, batch sizes that differ */
static inline aclnnStatus tkps_check_rows(const char *api, const aclTensor *logits, const aclTensor *topK,
                                          const aclTensor *topP)
{
    if (logits->ndim < 2)
        return TKPS_TILING_ERROR(api, "logitsDimNum shape dimension is less than 2!");
    if (logits->ndim != 2)
        return TKPS_TILING_ERROR(api, "logits should be 2-D, but it has %u dims.", logits->ndim);
    if (logits->shape[1] > 1048576)
        return TKPS_TILING_ERROR(api, "logitsDim-V must less than 1048576!");
    if (topK->ndim != logits->ndim - 1)
        return TKPS_TILING_ERROR(api, "topKsDimNum shape dimension is invalid!");
    if (topP->ndim != logits->ndim - 1)
        return TKPS_TILING_ERROR(api, "topPsDimNum shape dimension is invalid!");
    if (topK->shape[0] != logits->shape[0] || topP->shape[0] != logits->shape[0])
        return TKPS_TILING_ERROR(api, "input shape dimension does not match!");
    return ACLNN_SUCCESS;
}

/* Adds the launch of `kernel` over B rows of V (the tiling's head / tail cores: at most one block
 * per vector core) with a workspace of 24 V bytes per block (at most 256 MiB of rows in flight):
 * the blob (geo at geo_off filled), *ws: the workspace to bind to geo.ws. */
static inline void *tkps_add_row_launch(aclOpExecutor *executor, const char *kernel, int64_t B, int64_t V,
                                        size_t args_size, size_t geo_off, uint64_t *ws)
{
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t row = ((uint64_t)V * 24 + 63) / 64 * 64;
    uint64_t cap = ((uint64_t)256 << 20) / row;
    uint32_t bd = (uint32_t)(B < (int64_t)cores ? B : (int64_t)cores);
    if (cap < 1)
        cap = 1;
    if (bd > cap)
        bd = (uint32_t)cap;
    uint64_t p = ((uint64_t)B + bd - 1) / bd;
    bd = (uint32_t)(((uint64_t)B + p - 1) / p);
    char *a = aclemu_exec_add_launch(executor, kernel, bd, args_size);
    if (!a)
        return NULL;
    tkps_rows *g = (tkps_rows *)(a + geo_off);
    g->rows = B;
    g->cols = V;
    g->rows_per_block = (int64_t)p;
    g->ws_per_block = (int64_t)row;
    *ws = aclemu_exec_alloc_workspace(executor, row * bd);
    return a;
}

#endif
