/* aclnnFusedLinearCrossEntropyLossGrad (A2 / A3), checks in the order of the real op_api
 * (ops-nn matmul/fused_linear_cross_entropy_loss_grad/op_host/op_api/
 * aclnn_fused_linear_cross_entropy_loss_grad.cpp): softmaxOptional NULL with logitsMaxOptional or
 * sumExpLogitsOptional NULL, then the required tensors (161001); dtypes (grad FLOAT, input / weight
 * FLOAT16 or BF16, targetMask BOOL or UINT8, maskedTarget INT32 or INT64, softmax or logitsMax /
 * sumExpLogits FLOAT, weight / inputGradOut / weightGradOut input's dtype), ND formats,
 * labelSmoothing 0, then shapes (ranks; input [BT, H], weight [V, H] with V >= 128 in the softmax
 * branch, targetMask [BT] (BOOL) or at least BT bits (UINT8), maskedTarget [BT], softmax [BT, V] or
 * logitsMax / sumExpLogits [BT], inputGradOut [BT, H], weightGradOut [V, H]) (161002); an empty
 * input or weight succeeds with nothing to do; then the chip (A2 / A3, else 361001 "Current platform
 * is not supported"). Launches: (memory-saving branch) CubeGemm logits = input @ weight^T into FP32
 * workspace; LinearCeGrad (flceg_args.h) the logits' gradient g in input's dtype into workspace;
 * CubeGemm inputGradOut = g @ weight and CubeGemm weightGradOut = g^T @ input (FP32 accumulation,
 * one rounding to the output dtype as the kernel's final Cast). */
#include <stdint.h>
#include <string.h>

#include "aclemu_plans.h"
#include "flceg_args.h"
#include "mm_common.h"

#define FLCEG_HALF (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define FLCEG_F32 ACLEMU_DT(ACL_FLOAT)

static aclnnStatus dim_is(const char *api, const aclTensor *t, const char *name, uint32_t r)
{
    if (t->ndim == r)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dim num should be %u, but got %u.", name, r, t->ndim);
}

static aclnnStatus nd_only(const char *api, const aclTensor *t, const char *name)
{
    if (!t || t->format == ACL_FORMAT_ND)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Tensor %s only supports ND format.", name);
}

aclnnStatus aclemu_plan_FusedLinearCrossEntropyLossGrad(aclOpExecutor *executor, const aclTensor *grad,
                                                        const aclTensor *input, const aclTensor *weight,
                                                        const aclTensor *targetMask, const aclTensor *maskedTarget,
                                                        float labelSmoothing, const aclTensor *logitsMaxOptional,
                                                        const aclTensor *sumExpLogitsOptional,
                                                        const aclTensor *softmaxOptional, aclTensor *inputGradOut,
                                                        aclTensor *weightGradOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *lmax = logitsMaxOptional, *sumexp = sumExpLogitsOptional, *soft = softmaxOptional;
    aclnnStatus st;
    if (!soft && (!lmax || !sumexp))
        return ACLEMU_NULL_ERROR(
            api, "softmaxOptional can not be nullptr when logitsMaxOptional or sumExpLogitsOptional is nullptr");
    const aclTensor *req[7] = {grad, input, weight, targetMask, maskedTarget, inputGradOut, weightGradOut};
    static const char *const names[7] = {"grad", "input", "weight", "targetMask", "maskedTarget", "inputGradOut",
                                         "weightGradOut"};
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_notnull(api, req[i], names[i])))
            return st;
    if ((st = aclemu_check_dtype(api, grad, "grad", FLCEG_F32)) ||
        (st = aclemu_check_dtype(api, input, "input", FLCEG_HALF)) ||
        (st = aclemu_check_dtype(api, weight, "weight", FLCEG_HALF)) ||
        (st = aclemu_check_dtype(api, targetMask, "targetMask", ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_UINT8))) ||
        (st = aclemu_check_dtype(api, maskedTarget, "maskedTarget", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    if (soft ? (st = aclemu_check_dtype(api, soft, "softmaxOptional", FLCEG_F32))
             : ((st = aclemu_check_dtype(api, lmax, "logitsMaxOptional", FLCEG_F32)) ||
                (st = aclemu_check_dtype(api, sumexp, "sumExpLogitsOptional", FLCEG_F32))))
        return st;
    if ((st = aclemu_check_same_dtype(api, input, "input", weight, "weight")) ||
        (st = aclemu_check_same_dtype(api, input, "input", inputGradOut, "inputGradOut")) ||
        (st = aclemu_check_same_dtype(api, input, "input", weightGradOut, "weightGradOut")))
        return st;
    for (int i = 0; i < 5; i++)
        if ((st = nd_only(api, req[i], names[i])))
            return st;
    if (soft ? (st = nd_only(api, soft, "softmaxOptional"))
             : ((st = nd_only(api, lmax, "logitsMaxOptional")) || (st = nd_only(api, sumexp, "sumExpLogitsOptional"))))
        return st;
    if ((st = nd_only(api, inputGradOut, "inputGradOut")) || (st = nd_only(api, weightGradOut, "weightGradOut")))
        return st;
    if (labelSmoothing != 0.0f)
        return ACLEMU_PARAM_ERROR(api, "aclnnFusedLinearCrossEntropyLossGrad currently only support labelSmoothing "
                                       "equals 0.");
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_shape(api, req[i], names[i], 8)))
            return st;
    if ((soft && (st = aclemu_check_shape(api, soft, "softmaxOptional", 8))) ||
        (!soft && ((st = aclemu_check_shape(api, lmax, "logitsMaxOptional", 8)) ||
                   (st = aclemu_check_shape(api, sumexp, "sumExpLogitsOptional", 8)))))
        return st;
    if ((st = dim_is(api, grad, "grad", 1)) || (st = dim_is(api, input, "input", 2)) ||
        (st = dim_is(api, weight, "weight", 2)) || (st = dim_is(api, targetMask, "targetMask", 1)) ||
        (st = dim_is(api, maskedTarget, "maskedTarget", 1)))
        return st;
    if (soft ? (st = dim_is(api, soft, "softmaxOptional", 2))
             : ((st = dim_is(api, lmax, "logitsMaxOptional", 1)) || (st = dim_is(api, sumexp, "sumExpLogitsOptional", 1))))
        return st;
    if ((st = dim_is(api, inputGradOut, "inputGradOut", 2)) || (st = dim_is(api, weightGradOut, "weightGradOut", 2)))
        return st;
    const int64_t BT = grad->shape[0], H = input->shape[1], V = weight->shape[0];
    if (input->shape[0] != BT)
        return ACLEMU_PARAM_ERROR(api, "input.size(0) should be equal to grad.size(0)");
    if (V < 128 && soft)
        return ACLEMU_PARAM_ERROR(api, "weight.size(0) < 128 is not supported");
    if (weight->shape[1] != H)
        return ACLEMU_PARAM_ERROR(api, "weight.size(1) should be equal to input.size(1)");
    const int bits = targetMask->dtype == ACL_UINT8;
    if (!bits && targetMask->shape[0] != BT)
        return ACLEMU_PARAM_ERROR(api, "targetMask.size(0) should be equal to grad.size(0) when targetMask is in BOOL");
    if (bits && targetMask->shape[0] * 8 < BT)
        return ACLEMU_PARAM_ERROR(api, "targetMask.size(0) * 8 should not be less than grad.size(0) when targetMask "
                                       "is in UINT8");
    if (maskedTarget->shape[0] != BT)
        return ACLEMU_PARAM_ERROR(api, "maskedTarget.size(0) should be equal to grad.size(0)");
    const int64_t sBTV[2] = {BT, V}, sBTH[2] = {BT, H}, sVH[2] = {V, H}, sBT[1] = {BT};
    if (soft ? (st = aclemu_check_shape_is(api, soft, "softmaxOptional", sBTV, 2))
             : ((st = aclemu_check_shape_is(api, lmax, "logitsMaxOptional", sBT, 1)) ||
                (st = aclemu_check_shape_is(api, sumexp, "sumExpLogitsOptional", sBT, 1))))
        return st;
    if ((st = aclemu_check_shape_is(api, inputGradOut, "inputGradOut", sBTH, 2)) ||
        (st = aclemu_check_shape_is(api, weightGradOut, "weightGradOut", sVH, 2)))
        return st;
    if (aclemu_tensor_numel(input) == 0 || aclemu_tensor_numel(weight) == 0)
        return ACLNN_SUCCESS;
    aclemu_family fam = aclemu_op_profile()->family;
    if (fam != ACLEMU_FAMILY_A2 && fam != ACLEMU_FAMILY_A3)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "Current platform is not supported");

    int64_t cells;
    if (__builtin_mul_overflow(BT, V, &cells) || cells > INT64_MAX / 4)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "BT x V (%lld x %lld) is too large.",
                               (long long)BT, (long long)V);
    int32_t math;
    if ((st = cube_math(api, CUBE_MATMUL, input->dtype, 0, &math)))
        return st;
    const int32_t gdt = cube_gemm_dtype(input->dtype);
    int64_t logits_ws = -1;
    if (!soft) { /* logits = input @ weight^T, FP32 */
        logits_ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(BT * V) * sizeof(float));
        cube_mm mm;
        mm_desc_init(&mm.d, BT, V, H, math);
        mm_bind(mm.bind, input, weight, NULL, NULL, NULL);
        cube_view(&mm.d.a, CUBE_OP_A, input, 0, 1, 0, 0);
        cube_view(&mm.d.b, CUBE_OP_B, weight, 1, 0, 0, 0); /* (k, n) = weight[n, k] */
        cube_view_raw(&mm.d.c, CUBE_OP_C, GEMM_F32, V, 1);
        mm.bind[CUBE_OP_C].ws_off = logits_ws;
        if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
            return st;
    }
    const int64_t g_ws =
        (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(BT * V) * aclemu_dtype_size(input->dtype));
    uint32_t blocks = cube_workers();
    if ((uint64_t)blocks > (uint64_t)BT)
        blocks = (uint32_t)BT;
    flceg_args *a = aclemu_exec_add_launch(executor, "LinearCeGrad", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    memset(a, 0, sizeof *a);
    a->bt = BT;
    a->v = V;
    a->g_dtype = (int32_t)input->dtype;
    a->mask_bits = bits;
    a->has_soft = soft != NULL;
    a->per_block = ((uint64_t)BT + blocks - 1) / blocks;
    if ((st = aclemu_exec_bind_workspace(executor, a, &a->g, (uint64_t)g_ws)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->grad, grad)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->mask, targetMask)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->target, maskedTarget)))
        return st;
    if (soft)
        st = aclemu_exec_tdesc(executor, a, &a->soft, soft);
    else if (!(st = aclemu_exec_bind_workspace(executor, a, &a->logits, (uint64_t)logits_ws)) &&
             !(st = aclemu_exec_tdesc(executor, a, &a->lmax, lmax)))
        st = aclemu_exec_tdesc(executor, a, &a->sumexp, sumexp);
    if (st)
        return st;
    /* inputGradOut [BT, H] = g [BT, V] @ weight [V, H] */
    cube_mm m1;
    mm_desc_init(&m1.d, BT, H, V, math);
    mm_bind(m1.bind, NULL, weight, inputGradOut, NULL, NULL);
    cube_view_raw(&m1.d.a, CUBE_OP_A, gdt, V, 1);
    m1.bind[CUBE_OP_A].ws_off = g_ws;
    cube_view(&m1.d.b, CUBE_OP_B, weight, 0, 1, 0, 0);
    cube_view(&m1.d.c, CUBE_OP_C, inputGradOut, 0, 1, 0, 0);
    if ((st = cube_launch_gemm(executor, &m1.d, m1.bind)))
        return st;
    /* weightGradOut [V, H] = g^T [V, BT] @ input [BT, H] */
    cube_mm m2;
    mm_desc_init(&m2.d, V, H, BT, math);
    mm_bind(m2.bind, NULL, input, weightGradOut, NULL, NULL);
    cube_view_raw(&m2.d.a, CUBE_OP_A, gdt, 1, V);
    m2.bind[CUBE_OP_A].ws_off = g_ws;
    cube_view(&m2.d.b, CUBE_OP_B, input, 0, 1, 0, 0);
    cube_view(&m2.d.c, CUBE_OP_C, weightGradOut, 0, 1, 0, 0);
    return cube_launch_gemm(executor, &m2.d, m2.bind);
}
