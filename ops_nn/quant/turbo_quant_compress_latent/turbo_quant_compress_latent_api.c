/* aclnnTurboQuantCompressLatent: generated from the op definition (ascend910b / 910_93, AutoContiguous
 * inputs), so: nulls of latent, centroids, slot (161001) -> no kernel off the A2 / A3 (361001) -> the
 * definition's dtypes (161002): latent FLOAT, centroids FLOAT, slot UINT8 -> ND formats -> the
 * tiling's refusals (turbo_quant_compress_latent_tiling.cpp, 561002, its messages): latent not 2-D,
 * headDim other than 512, centroids not 16 elements. slot must be [numTokens, ceil((headDim / 2 + 2)
 * / 64) * 64] (the infershape's shape; the kernel writes that many bytes), refused otherwise with the
 * same code. Tokens are split over the vector cores as the tiling does; no tokens run nothing. */
#include "aclemu_plans.h"
#include "turbo_quant_compress_latent_args.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_TurboQuantCompressLatent(aclOpExecutor *executor, const aclTensor *latent,
                                                 const aclTensor *centroids, const aclTensor *slot)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, latent, "latent")) || (st = aclemu_check_notnull(api, centroids, "centroids")) ||
        (st = aclemu_check_notnull(api, slot, "slot")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_dtype(api, latent, "latent", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, centroids, "centroids", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, slot, "slot", ACLEMU_DT(ACL_UINT8))))
        return st;
    if ((st = aclemu_check_format(api, latent, "latent")) || (st = aclemu_check_format(api, centroids, "centroids")) ||
        (st = aclemu_check_format(api, slot, "slot")))
        return st;
    if ((st = aclemu_check_shape(api, latent, "latent", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, centroids, "centroids", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, slot, "slot", ACLEMU_MAX_RANK)))
        return st;
    if (latent->ndim != 2)
        return TILING_ERROR(api, "latent must be 2-dimensional [numTokens, headDim], but got %u-d", latent->ndim);
    const int64_t T = latent->shape[0], D = latent->shape[1];
    if (D != 512)
        return TILING_ERROR(api, "headDim only supports 512 for now, but got %lld", (long long)D);
    if (aclemu_tensor_numel(centroids) != 16)
        return TILING_ERROR(api, "centroids must hold exactly 16 elements, but got %lld",
                            (long long)aclemu_tensor_numel(centroids));
    const int64_t S = (D / 2 + 2 + 63) / 64 * 64;
    if (slot->ndim != 2 || slot->shape[0] != T || slot->shape[1] != S)
        return TILING_ERROR(api, "slot must be [%lld, %lld] ([numTokens, slotSize]).", (long long)T, (long long)S);
    if (T == 0)
        return ACLNN_SUCCESS;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    if (cores < 1)
        cores = 1;
    uint64_t per = ((uint64_t)T + cores - 1) / cores;
    uint32_t bd = (uint32_t)(((uint64_t)T + per - 1) / per);
    tqcl_args *a = aclemu_exec_add_launch(executor, "TurboQuantCompressLatent", bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->tokens = T;
    a->head_dim = D;
    a->slot_size = S;
    a->tokens_per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->latent, latent)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->centroids, centroids)))
        return st;
    return aclemu_exec_tdesc(executor, a, &a->slot, slot);
}
