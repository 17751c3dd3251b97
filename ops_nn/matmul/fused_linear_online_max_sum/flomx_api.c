/* aclnnFusedLinearOnlineMaxSum (A2 / A3): logits = input @ weight^T (FLOAT16 / BF16 operands, FP32
 * accumulation) as one CubeGemm into an FP32 workspace matrix — copied once, rounded, into
 * vocabParallelLogitsOutOptional when given — then the LinearMaxSum kernel (flomx_args.h) for
 * the per-row statistics. Both branches compute the statistics from the FP32 logits. Checks in
 * op_api/aclnn_fused_linear_online_max_sum.cpp's order: nulls, dtypes, shapes, attributes. */
#include <string.h>

#include "aclemu_plans.h"
#include "flomx_args.h"
#include "mm_common.h"

#define FLOMX_FLOATS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define FLOMX_INTS (ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))
#define FLOMX_MAX_K 65534

static aclnnStatus rank_is(const char *api, const aclTensor *t, const char *name, uint32_t r)
{
    if (t->ndim == r)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s should be %uD, but it is %uD.", name, r, t->ndim);
}

aclnnStatus aclemu_plan_FusedLinearOnlineMaxSum(aclOpExecutor *executor, const aclTensor *input,
                                                const aclTensor *weight, const aclTensor *target,
                                                int64_t vocabStartIndex, int64_t vocabEndIndex,
                                                aclTensor *logitsMaxLocalOut, aclTensor *sumExpLogitsLocalOut,
                                                aclTensor *predictedLogitsLocalOut, aclTensor *targetMaskOut,
                                                aclTensor *maskedTargetOut, aclTensor *vocabParallelLogitsOutOptional)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *vout = vocabParallelLogitsOutOptional;
    aclnnStatus st;
    const aclTensor *req[8] = {input, weight, target, logitsMaxLocalOut, sumExpLogitsLocalOut, predictedLogitsLocalOut,
                               targetMaskOut, maskedTargetOut};
    static const char *const names[8] = {"input", "weight", "target", "logitsMaxLocalOut", "sumExpLogitsLocalOut",
                                         "predictedLogitsLocalOut", "targetMaskOut", "maskedTargetOut"};
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_notnull(api, req[i], names[i])))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    const aclemu_dtype_set f32 = ACLEMU_DT(ACL_FLOAT);
    if ((st = aclemu_check_dtype(api, input, "input", FLOMX_FLOATS)) ||
        (st = aclemu_check_dtype(api, weight, "weight", FLOMX_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target", FLOMX_INTS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", weight, "weight")) ||
        (st = aclemu_check_dtype(api, logitsMaxLocalOut, "logitsMaxLocalOut", f32)) ||
        (st = aclemu_check_dtype(api, sumExpLogitsLocalOut, "sumExpLogitsLocalOut", f32)) ||
        (st = aclemu_check_dtype(api, predictedLogitsLocalOut, "predictedLogitsLocalOut", f32)) ||
        (st = aclemu_check_dtype(api, targetMaskOut, "targetMaskOut", ACLEMU_DT(ACL_UINT8))) ||
        (st = aclemu_check_same_dtype(api, maskedTargetOut, "maskedTargetOut", target, "target")) ||
        (vout && (st = aclemu_check_same_dtype(api, vout, "vocabParallelLogitsOutOptional", input, "input"))))
        return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_format(api, req[i], names[i])))
            return st;
    if (vout && (st = aclemu_check_format(api, vout, "vocabParallelLogitsOutOptional")))
        return st;
    if ((st = rank_is(api, input, "input", 2)) || (st = rank_is(api, weight, "weight", 2)))
        return st;
    for (int i = 2; i < 8; i++)
        if ((st = rank_is(api, req[i], names[i], 1)))
            return st;
    const int64_t M = input->shape[0], K = input->shape[1], N = weight->shape[0];
    char s1[128], s2[128];
    if (N <= 0)
        return ACLEMU_PARAM_ERROR(api, "weight.size(0) should be greater than 0.");
    if (K > FLOMX_MAX_K)
        return ACLEMU_PARAM_ERROR(api, "input.size(1) should be less than or equal to %d, but got %lld", FLOMX_MAX_K,
                                  (long long)K);
    if (weight->shape[1] != K)
        return ACLEMU_PARAM_ERROR(api, "weight.size(1) should be equal to input.size(1), but got weight %s, input %s",
                                  cube_shape_str(weight, s1, sizeof s1), cube_shape_str(input, s2, sizeof s2));
    const int64_t mshape[1] = {M}, bshape[1] = {(M + 7) / 8}, vshape[2] = {M, N};
    if ((st = aclemu_check_shape_is(api, target, "target", mshape, 1)) ||
        (st = aclemu_check_shape_is(api, logitsMaxLocalOut, "logitsMaxLocalOut", mshape, 1)) ||
        (st = aclemu_check_shape_is(api, sumExpLogitsLocalOut, "sumExpLogitsLocalOut", mshape, 1)) ||
        (st = aclemu_check_shape_is(api, predictedLogitsLocalOut, "predictedLogitsLocalOut", mshape, 1)) ||
        (st = aclemu_check_shape_is(api, targetMaskOut, "targetMaskOut", bshape, 1)) ||
        (st = aclemu_check_shape_is(api, maskedTargetOut, "maskedTargetOut", mshape, 1)) ||
        (vout && ((st = rank_is(api, vout, "vocabParallelLogitsOutOptional", 2)) ||
                  (st = aclemu_check_shape_is(api, vout, "vocabParallelLogitsOutOptional", vshape, 2)))))
        return st;
    if (vocabStartIndex < 0)
        return ACLEMU_PARAM_ERROR(api, "vocabStartIndex should be greater than or equal to 0, but got %lld",
                                  (long long)vocabStartIndex);
    if (vocabEndIndex < vocabStartIndex)
        return ACLEMU_PARAM_ERROR(api, "vocabEndIndex should be greater than or equal to vocabStartIndex, but got "
                                  "vocabEndIndex %lld, vocabStartIndex %lld", (long long)vocabEndIndex,
                                  (long long)vocabStartIndex);
    if (M == 0)
        return ACLNN_SUCCESS;

    int32_t math;
    if ((st = cube_math(api, CUBE_MATMUL, input->dtype, 0, &math)))
        return st;
    const int64_t ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(M * N) * sizeof(float));
    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, math);
    mm_bind(mm.bind, input, weight, NULL, NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, input, 0, 1, 0, 0);
    cube_view(&mm.d.b, CUBE_OP_B, weight, 1, 0, 0, 0); /* (k, n) = weight[n, k] */
    cube_view_raw(&mm.d.c, CUBE_OP_C, GEMM_F32, N, 1);
    mm.bind[CUBE_OP_C].ws_off = ws;
    if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
        return st;
    if (vout && (st = cube_launch_copy(executor, vout, -1, vout->dtype, NULL, ws, ACL_FLOAT)))
        return st;
    const uint64_t bytes = (uint64_t)(M + 7) / 8;
    uint32_t blocks = cube_workers();
    if ((uint64_t)blocks > bytes)
        blocks = (uint32_t)bytes;
    flomx_args *a = aclemu_exec_add_launch(executor, "LinearMaxSum", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_bind_workspace(executor, a, &a->logits, (uint64_t)ws)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->target, target)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->lmax, logitsMaxLocalOut)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->sumexp, sumExpLogitsLocalOut)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->pred, predictedLogitsLocalOut)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->mask, targetMaskOut)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->masked, maskedTargetOut)))
        return st;
    a->m = M;
    a->n = N;
    a->start = vocabStartIndex;
    a->end = vocabEndIndex;
    a->per_block = (bytes + blocks - 1) / blocks * 8;
    return ACLNN_SUCCESS;
}
