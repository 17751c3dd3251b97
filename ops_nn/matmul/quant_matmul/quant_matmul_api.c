/* aclnnQuantMatmul / aclnnQuantMatmulV2 (ops-nn matmul/quant_matmul), A2 / A3: out (FLOAT16) =
 * (x1 @ x2 + bias) * deqScale with INT8 x1 / x2 of 2-3 dims (batch dims equal), INT32 bias (n),
 * V1: an FP32 scalar deqScale cut to FP19 (bits & 0xFFFFE000, TransDequantScaleToM1);
 * V2: a UINT64 deqScale of align(n, 16) quant parameters (aclnnTransQuantParam's), adjX1 / adjX2.
 * Checks in the real order: nulls (the op_api returns ACLNN_ERR_INNER_NULLPTR for them), dtypes,
 * formats (no FRACTAL_NZ), dims, batch / k / bias / out shapes, (V2) the deqScale length, then the
 * SoC (561002-style runtime refusal 361001 off A2 / A3). An empty k without bias gives zeros; with
 * a bias it is refused. The product runs on the QuantGemm kernel (qmm_launch). */
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "qmm_plan.h"
#include "quant_param_bits.h"

#define QM_ALIGN 16

static aclnnStatus null_check(const char *api, const aclTensor *t, const char *name)
{
    if (t)
        return ACLNN_SUCCESS;
    return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", name);
}

static aclnnStatus nd_check(const char *api, const aclTensor *t, const char *name)
{
    if (!t || t->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's format should be ND, but actually is %s.", name, aclemu_format_name(t->format));
}

static aclnnStatus dims_check(const char *api, const aclTensor *t, const char *name)
{
    if (t->ndim >= 2 && t->ndim <= 3)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's dim-num should be in the range of [2, 3], but actually is %u.", name, t->ndim);
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
                        const aclTensor *deqScale, float deq_f32, bool adjX1, bool adjX2, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    const int v2 = deqScale != NULL || strcmp(api, "aclnnQuantMatmulV2") == 0;
    aclnnStatus st;
    char b1[160], b2[160];
    if ((st = null_check(api, x1, "x1")) || (st = null_check(api, x2, "x2")) ||
        (v2 && (st = null_check(api, deqScale, "deqScale"))) || (st = null_check(api, out, "out")))
        return st;
    if ((st = qmm_check_dims_nonneg(api, x1, "x1")) || (st = qmm_check_dims_nonneg(api, x2, "x2")) ||
        (st = qmm_check_dims_nonneg(api, out, "out")) || (st = qmm_check_dims_nonneg(api, bias, "bias")) ||
        (st = qmm_check_dims_nonneg(api, deqScale, "deqScale")))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, x2, "x2", ACLEMU_DT(ACL_INT8))) ||
        (bias && (st = aclemu_check_dtype(api, bias, "bias", ACLEMU_DT(ACL_INT32)))) ||
        (v2 && (st = aclemu_check_dtype(api, deqScale, "deqScale", ACLEMU_DT(ACL_UINT64)))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_FLOAT16))))
        return st;
    if ((st = nd_check(api, x1, "x1")) || (st = nd_check(api, x2, "x2")) || (st = nd_check(api, bias, "bias")) ||
        (v2 && (st = nd_check(api, deqScale, "deqScale"))) || (st = nd_check(api, out, "out")))
        return st;
    if ((st = dims_check(api, x1, "x1")) || (st = dims_check(api, x2, "x2")))
        return st;
    if (bias && bias->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "bias's dim should be 1, but actually is %u.", bias->ndim);
    if (v2 && deqScale->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "deqScale's dim should be 1, but actually is %u.", deqScale->ndim);
    if (x1->ndim != x2->ndim)
        return ACLEMU_PARAM_ERROR(api, "The tensor shapes of x1 and x2, %s and %s, have different dim-num",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    if (x1->ndim == 3 && x1->shape[0] != x2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The tensor shapes of x1 and x2, %s and %s, have different batch-dim at shape "
                                       "index 0", cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    const uint32_t d = x1->ndim;
    int64_t m = adjX1 ? x1->shape[d - 1] : x1->shape[d - 2], k1 = adjX1 ? x1->shape[d - 2] : x1->shape[d - 1];
    int64_t k2 = adjX2 ? x2->shape[d - 1] : x2->shape[d - 2], n = adjX2 ? x2->shape[d - 2] : x2->shape[d - 1];
    if (k1 != k2)
        return ACLEMU_PARAM_ERROR(api, "The tensor shapes of x1 and x2, %s and %s, have different k-dim",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    if (bias && bias->shape[0] != n)
        return ACLEMU_PARAM_ERROR(api, "bias 1st-dim should be equal to x2 n-dim %lld, but actually is %lld.",
                                  (long long)n, (long long)bias->shape[0]);
    if (out->ndim != d)
        return ACLEMU_PARAM_ERROR(api, "Infered output dim num %u is not equal to actual out dim num %u.", d, out->ndim);
    if (out->shape[d - 2] != m || out->shape[d - 1] != n || (d == 3 && out->shape[0] != x1->shape[0]))
        return ACLEMU_PARAM_ERROR(api, "out's shape %s should be the infered output shape (batch, %lld, %lld).",
                                  cube_shape_str(out, b1, sizeof b1), (long long)m, (long long)n);
    if (v2 && (n > INT64_MAX - QM_ALIGN || (n + QM_ALIGN - 1) / QM_ALIGN * QM_ALIGN != deqScale->shape[0]))
        return ACLEMU_PARAM_ERROR(api, "deqScale shape %s is invalid.", cube_shape_str(deqScale, b1, sizeof b1));
    aclemu_family f = aclemu_op_profile()->family;
    if (f != ACLEMU_FAMILY_A2 && f != ACLEMU_FAMILY_A3)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "QuantBatchMatmul/V2 support for %s is not implemented",
                               aclemu_op_profile()->short_soc_version);
    if (k1 == 0 && bias && m > 0 && n > 0)
        return ACLEMU_PARAM_ERROR(api, "k(reduce) is not supported to be equal to 0 when bias exists");
    if (k1 > 65535 * 16)
        return ACLEMU_PARAM_ERROR(api, "k %lld is too large.", (long long)k1);
    qmm_inputs in = {x1, x2, deqScale, NULL, NULL, bias, out, adjX1, adjX2, false};
    int64_t batch[1] = {d == 3 ? x1->shape[0] : 1};
    uint32_t bits = (uint32_t)quant_param_scale_bits(deq_f32) & QUANT_PARAM_FP19_MASK; /* TransDequantScaleToM1 */
    float cut;
    memcpy(&cut, &bits, 4);
    return qmm_launch(ex, &in, 0, d == 3 ? 1 : 0, batch, cut);
}

aclnnStatus aclemu_plan_QuantMatmul(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                    const aclTensor *bias, float deqScale, aclTensor *out)
{
    return plan(executor, x1, x2, bias, NULL, deqScale, false, false, out);
}

aclnnStatus aclemu_plan_QuantMatmulV2(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *bias, const aclTensor *deqScale, bool adjX1, bool adjX2,
                                      aclTensor *out)
{
    return plan(executor, x1, x2, bias, deqScale, 0.0f, adjX1, adjX2, out);
}
