/* aclnnAddLora (ops-math math/add_lora; the aclnn is generated from the op definition, kernels for
 * ascend910b and ascend310p). Order: null y / x / weightB / indices / out (161001); no kernel on
 * other chips (361001); the definition's dtypes (161002): FLOAT16 tensors, INT32 indices; ND;
 * then the tiling's checks and messages (561002): ranks, B shared by y / x / indices, H2 <= H3,
 * weightA [W, L, R, H1] against weightB [W, L, H2, R] and x, layerIdx < L, 0 <= yOffset < H3,
 * ySliceSize (-1 = H2) in [0, H2], yOffset + H2 <= H3, R <= 128 (with weightA) and a multiple of
 * 16, W <= 32, L <= 32, H1 / H2 / H3 <= 131072 and multiples of 16. Beyond the real tiling (its
 * kernels would read or write out of bounds): weightA rank 4, x at least R wide without weightA,
 * out shaped like y, no empty tensor (the doc refuses them). The kernels update the H2 columns
 * from yOffset (ySliceSize is validated, not used); out is y with those columns updated, y itself
 * is left alone (out may alias y). */
#include <inttypes.h>

#include "aclemu_plans.h"
#include "add_lora_args.h"
#include "aclemu_op/fp16.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR
#define LORA_ERR(...) aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int lora_check_lim(int64_t v) { return v <= 131072 && v % 16 == 0; }

aclnnStatus aclemu_plan_AddLora(aclOpExecutor *executor, const aclTensor *y, const aclTensor *x, const aclTensor *weightB,
                                const aclTensor *indices, const aclTensor *weightAOptional, int64_t layerIdx, double scale,
                                int64_t yOffset, int64_t ySliceSize, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *wa = weightAOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, y, "y")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, weightB, "weightB")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2) | ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    const aclemu_dtype_set f16 = ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, y, "y", f16)) || (st = aclemu_check_dtype(api, x, "x", f16)) ||
        (st = aclemu_check_dtype(api, weightB, "weightB", f16)) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT32))) ||
        (wa && (st = aclemu_check_dtype(api, wa, "weightAOptional", f16))) ||
        (st = aclemu_check_dtype(api, out, "out", f16)))
        return st;
    const aclTensor *all[6] = {y, x, weightB, indices, wa, out};
    const char *names[6] = {"y", "x", "weightB", "indices", "weightAOptional", "out"};
    for (int k = 0; k < 6; k++)
        if (all[k] && ((st = aclemu_check_format(api, all[k], names[k])) || (st = aclemu_check_shape(api, all[k], names[k], 8))))
            return st;
    /* the tiling's checks, in its order */
    if (y->ndim != 2)
        return LORA_ERR("AddLora tensor y dim number must be 2.");
    if (x->ndim != 2)
        return LORA_ERR("AddLora tensor x dim number must be 2.");
    if (y->shape[0] != x->shape[0])
        return LORA_ERR("AddLora tensor y dim 0 must be same with tensor x dim 0.");
    const int64_t B = y->shape[0], H3 = y->shape[1], H1 = x->shape[1];
    if (weightB->ndim != 4)
        return LORA_ERR("AddLora tensor weightB dim number must be 4.");
    const int64_t W = weightB->shape[0], L = weightB->shape[1], H2 = weightB->shape[2], R = weightB->shape[3];
    if (H2 > H3)
        return LORA_ERR("AddLora tensor weightB dim 3 must less than or equal tensor y dim 1.");
    if (indices->ndim != 1)
        return LORA_ERR("AddLora tensor indices dim number must be 1.");
    if (indices->shape[0] != B)
        return LORA_ERR("AddLora tensor indices dim 1 must same with tensor y and x dim 0.");
    if (wa) {
        if (wa->ndim != 4)
            return LORA_ERR("AddLora tensor weightA dim number must be 4.");
        if (wa->shape[0] != W || wa->shape[1] != L)
            return LORA_ERR("AddLora tensor weightA dim 0 or dim 1 must same with tensor weightB.");
        if (wa->shape[2] != R)
            return LORA_ERR("AddLora tensor weightA dim 2 must same with tensor weightB dim 3, is shape param R.");
        if (wa->shape[3] != H1)
            return LORA_ERR("AddLora tensor weightA dim 3 must same with tensor x dim 1.");
    }
    if ((uint32_t)layerIdx >= (uint64_t)L || layerIdx < 0 || layerIdx > UINT32_MAX)
        return LORA_ERR("AddLora attr layerIdx must less than weightB and weightA dim 1, current is %u.", (uint32_t)layerIdx);
    if (yOffset < 0)
        return LORA_ERR("AddLora attr yOffset must be non-negative, current is %" PRId64 ".", yOffset);
    if (yOffset >= H3)
        return LORA_ERR("AddLora attr yOffset must less than y dim 1, current is %u.", (uint32_t)yOffset);
    int64_t slice = ySliceSize;
    if (ySliceSize == -1)
        slice = H2;
    else if (ySliceSize < 0)
        return LORA_ERR("AddLora attr ySliceSize must be non-negative or -1, current is %" PRId64 ".", ySliceSize);
    if (slice > H2)
        return LORA_ERR("AddLora attr ySliceSize must not exceed weightB dim 2 (H2), current ySliceSize is %u, H2 is %u.",
                        (uint32_t)slice, (uint32_t)H2);
    if (yOffset + H2 > H3)
        return LORA_ERR("AddLora yOffset + H2 must not exceed y dim 1, yOffset is %u, H2 is %u, y dim 1 is %u.",
                        (uint32_t)yOffset, (uint32_t)H2, (uint32_t)H3);
    if (wa && R > 128)
        return LORA_ERR("AddLora rank size R exceeds limit 128.");
    if (R % 16 != 0)
        return LORA_ERR("AddLora R should be align to 16.");
    if (W > 32)
        return LORA_ERR("AddLora weight num wBatch exceeds limit 32.");
    if (L > 32)
        return LORA_ERR("AddLora layer num exceeds limit 32.");
    const int64_t dims[3] = {H1, H2, H3};
    for (int k = 0; k < 3; k++)
        if (!lora_check_lim(dims[k]))
            return LORA_ERR(dims[k] > 131072 ? "AddLora H%d exceeds limit 131072." : "AddLora H%d should be align to 16.", k + 1);
    /* beyond the real tiling */
    if (!wa && H1 < R)
        return LORA_ERR("AddLora without weightA reads R = %" PRId64 " columns of x, but x dim 1 is %" PRId64 ".", R, H1);
    char s1[96], s2[96];
    if (out->ndim != 2 || out->shape[0] != B || out->shape[1] != H3)
        return LORA_ERR("AddLora out shape %s must be the shape of y %s.", aclemu_shape_str(out->shape, out->ndim, s1, sizeof s1),
                        aclemu_shape_str(y->shape, y->ndim, s2, sizeof s2));
    if (B == 0 || H1 == 0 || H2 == 0 || H3 == 0 || R == 0 || W == 0 || L == 0)
        return LORA_ERR("AddLora does not support empty tensors.");
    uint32_t blocks;
    uint64_t per;
    /* blocks of >= 64 tokens: each block converts the weights of the LoRAs its tokens use */
    aclemu_tile_1d((uint64_t)B, aclemu_vector_core_num(aclemu_op_profile()), 64, 1, &blocks, &per);
    add_lora_args *a = aclemu_exec_add_launch(executor, "AddLora", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->y, y)) || (st = aclemu_exec_tdesc(executor, a, &a->x, x)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->weight_b, weightB)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->indices, indices)) ||
        (wa && (st = aclemu_exec_tdesc(executor, a, &a->weight_a, wa))) ||
        (st = aclemu_exec_tdesc(executor, a, &a->out, out)))
        return st;
    a->has_a = wa != NULL;
    a->B = B, a->H1 = H1, a->H2 = H2, a->H3 = H3, a->R = R, a->W = W, a->layer = layerIdx, a->y_offset = yOffset;
    a->per_block = (int64_t)per;
    a->scale = aclemu_half_to_float(aclemu_float_to_half((float)scale));
    return ACLNN_SUCCESS;
}
