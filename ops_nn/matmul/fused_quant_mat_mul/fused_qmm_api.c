/* aclnnFusedQuantMatmul / aclnnFusedQuantMatmulWeightNz (ops-nn matmul/fused_quant_mat_mul), A2 / A3:
 * the QuantGemm of QuantMatmulV4 (x1Scale the per-token scale, x2Scale the scale) with the GELU
 * (gelu_erf or gelu_tanh, the GEMM engine's gemm_act_apply) applied to the dequantised FP32 value
 * before the one rounding to FLOAT16 / BFLOAT16. Transposed operands are views with their last two
 * strides swapped (the real op's IsTransposeLastTwoDims); QuantGemm reads them as they are.
 * Checks in the real op_api's order: null x1 / x2 (161001); (WeightNz) x2's view at least 2-D and
 * its storage the NZ one of the view; fusedOpType "gelu_erf" / "gelu_tanh" (161002); null x1Scale /
 * x2Scale / out and the reserved yScale / x1Offset / x2Offset / yOffset / x3 non-empty or groupSize
 * != 0 — all 161001, as the real CheckInputExistence's failures are returned; dim ranges (x2's
 * storage 2-6 ND / 4-8 NZ, x1 and out 2-6, scales 1-D); A8W8 or A4W4 only; x1Scale (m), x2Scale (n)
 * or (1); then QuantMatmulV3/V4's checker (qmm_check: the SoC, the dtype table, shapes, formats). */
#include <string.h>

#include "aclemu_plans.h"
#include "gemm.h"
#include "qmm_plan.h"

static aclnnStatus reserved_null(const char *api, const aclTensor *t, const char *name)
{
    if (!t || aclemu_tensor_numel(t) == 0)
        return ACLNN_SUCCESS;
    return ACLEMU_NULL_ERROR(api, "Do not support %s now, %s should be empty tensor or nullptr.", name, name);
}

static aclnnStatus dim_range(const char *api, const aclTensor *t, const char *name, uint32_t d, uint32_t lo, uint32_t hi)
{
    if (d >= lo && d <= hi)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Input %s's dimension should be in range[%u, %u], but actual is %u.", name, lo, hi, d);
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                        const aclTensor *x2Scale, const aclTensor *const *res, const aclTensor *bias,
                        const char *fusedOpType, int64_t groupSize, aclTensor *out, int nz)
{
    static const char *rn[5] = {"yScale", "x1Offset", "x2Offset", "yOffset", "x3"};
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")))
        return st;
    if (nz) {
        if (x2->ndim < 2)
            return ACLEMU_PARAM_ERROR(api, "x2's view dimNum should greater than 1, but is %u.", x2->ndim);
        if (x2->format != ACL_FORMAT_FRACTAL_NZ || x2->storage_ndim != x2->ndim + 2)
            return ACLEMU_PARAM_ERROR(api, "x2'format only support NZ, but now x2's format is not NZ(Ascend affinity "
                                           "format). aclnnCalculateMatmulWeightSizeV2 and aclnnTransMatmulWeight can be "
                                           "used to convert the input format from ND to Ascend affinity format.");
    }
    int act = fusedOpType && !strcmp(fusedOpType, "gelu_erf")    ? GEMM_ACT_GELU_ERF
              : fusedOpType && !strcmp(fusedOpType, "gelu_tanh") ? GEMM_ACT_GELU_TANH
                                                                 : 0;
    if (!act)
        return ACLEMU_PARAM_ERROR(api, "fusedOpType must be in the type of gelu_erf/gelu_tanh");
    if ((st = aclemu_check_notnull(api, x1Scale, "x1Scale")) || (st = aclemu_check_notnull(api, x2Scale, "x2Scale")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    for (int i = 0; i < 5; i++)
        if ((st = reserved_null(api, res[i], rn[i])))
            return st;
    if (groupSize != 0)
        return ACLEMU_NULL_ERROR(api, "Do not support groupSize now, groupSize should be 0.");
    int x2nz = x2->format == ACL_FORMAT_FRACTAL_NZ;
    /* the real op counts x2's storage dims; an ND tensor is counted by its view (a flat storage
     * shape, as tests and examples often pass, describes the same bytes) */
    if ((st = dim_range(api, x2, "x2", x2nz ? x2->storage_ndim : x2->ndim, x2nz ? 4 : 2, x2nz ? 8 : 6)) ||
        (st = dim_range(api, x1, "x1", x1->ndim, 2, 6)) || (st = dim_range(api, out, "out", out->ndim, 2, 6)))
        return st;
    if (x1Scale->ndim != 1 || x2Scale->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "x1Scale and x2Scale should be 1-D, but are %u-D and %u-D.", x1Scale->ndim,
                                  x2Scale->ndim);
    if (!(x1->dtype == ACL_INT8 && x2->dtype == ACL_INT8) && !(x1->dtype == ACL_INT4 && x2->dtype == ACL_INT4))
        return ACLEMU_PARAM_ERROR(api, "aclnnfusedQuantMatmul only support A8W8/A4W4 scenario, but got x1: %s x2: %s",
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(x2->dtype));
    const uint32_t d1 = x1->ndim, d2 = x2->ndim;
    int64_t m = x1->shape[d1 - 2], n = x2->shape[d2 - 1];
    if (x1Scale->shape[0] != m)
        return ACLEMU_PARAM_ERROR(api, "When quantification of x1 is pertoken quant, the shape of x1Scale should equal to "
                                       "the m: (%lld), but actual is (%lld).", (long long)m, (long long)x1Scale->shape[0]);
    if (x2Scale->shape[0] != n && x2Scale->shape[0] != 1)
        return ACLEMU_PARAM_ERROR(api, "When quantification of x2 is perchannel/pertensor quant, the shape of x2Scale "
                                       "should equal to the n: (%lld) or (1), but actual is (%lld).", (long long)n,
                                  (long long)x2Scale->shape[0]);
    /* QuantGemm reads any strided view: a transposed x1 / x2 needs no flag */
    qmm_inputs in = {x1, x2, x2Scale, NULL, x1Scale, bias, out, false, false, (bool)nz};
    in.act = act;
    int a4w4 = 0, nb = 0;
    int64_t batch[8];
    if ((st = qmm_check(ex, &in, &a4w4, batch, &nb)))
        return st;
    if (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "out's dtype should be FLOAT16 or BFLOAT16, actual is %s.",
                                  aclemu_dtype_name(out->dtype));
    aclemu_family f = aclemu_op_profile()->family;
    if (f != ACLEMU_FAMILY_A2 && f != ACLEMU_FAMILY_A3)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "FusedQuantMatMul support for %s is not implemented", aclemu_op_profile()->short_soc_version);
    return qmm_launch(ex, &in, a4w4, nb, batch, 0.0f);
}

aclnnStatus aclemu_plan_FusedQuantMatmul(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                         const aclTensor *x1Scale, const aclTensor *x2Scale,
                                         const aclTensor *yScaleOptional, const aclTensor *x1OffsetOptional,
                                         const aclTensor *x2OffsetOptional, const aclTensor *yOffsetOptional,
                                         const aclTensor *biasOptional, const aclTensor *x3Optional,
                                         const char *fusedOpType, int64_t groupSizeOptional, aclTensor *out)
{
    const aclTensor *res[5] = {yScaleOptional, x1OffsetOptional, x2OffsetOptional, yOffsetOptional, x3Optional};
    return plan(executor, x1, x2, x1Scale, x2Scale, res, biasOptional, fusedOpType, groupSizeOptional, out, 0);
}

aclnnStatus aclemu_plan_FusedQuantMatmulWeightNz(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *x1Scale, const aclTensor *x2Scale,
                                                 const aclTensor *yScaleOptional, const aclTensor *x1OffsetOptional,
                                                 const aclTensor *x2OffsetOptional, const aclTensor *yOffsetOptional,
                                                 const aclTensor *biasOptional, const aclTensor *x3Optional,
                                                 const char *fusedOpType, int64_t groupSizeOptional, aclTensor *out)
{
    const aclTensor *res[5] = {yScaleOptional, x1OffsetOptional, x2OffsetOptional, yOffsetOptional, x3Optional};
    return plan(executor, x1, x2, x1Scale, x2Scale, res, biasOptional, fusedOpType, groupSizeOptional, out, 1);
}
