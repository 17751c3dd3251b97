/* aclnnWeightQuantBatchMatmulV2 (ops-nn matmul/weight_quant_batch_matmul_v2), the A2 / A3 ND
 * pseudo-quant path: y(m, n) = x(m, k) @ ((weight + antiquantOffset) * antiquantScale) + bias.
 * Checks, in the real order where the op_api states one:
 *  - A2 / A3 only (361001 "support for <SoC> is not implemented" elsewhere);
 *  - null x, weight, antiquantScale, y;
 *  - x FLOAT16 / BFLOAT16; weight INT8, INT4 or INT32 (eight INT4 packed along n);
 *    antiquantScale and antiquantOffset of x's dtype; y of x's dtype; bias FLOAT16 with FP16 x,
 *    FLOAT or BFLOAT16 with BF16 x;
 *  - formats ND (the FRACTAL_NZ weight and the UINT64 / INT64 scale routes, and the INT8 output
 *    quantisation through quantScale / quantOffset, are refused here: not implemented);
 *  - x, weight, y 2-D; the k of x and weight equal; m, k, n >= 1; y (m, n);
 *  - antiquantGroupSize 0, or a multiple of 32 in [32, k - 1] (per-group);
 *  - antiquantScale per tensor (1) / (1, 1), per channel (n) / (1, n), or per group
 *    (ceil(k / groupSize), n); antiquantOffset of the scale's shape; bias (n) or (1, n).
 * Two launches, as the Vector and Cube units split the work: WeightAntiquant writes the
 * dequantised weight into the workspace with x's dtype's values, held as FP32 (FP16: the offset add and the scale
 * multiply each round to FP16 like the vector unit's FP16 arithmetic; BF16: computed in FP32
 * and rounded once), then CubeGemm multiplies with FP32 accumulation, adds the bias in FP32 and
 * rounds into y. */
#include "aclemu_plans.h"
#include "mm_common.h"
#include "wqbmm_args.h"

#define WQBMM_X (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define WQBMM_W (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT32))

static aclnnStatus check_nd(const char *api, const aclTensor *t, const char *name)
{
    if (!t || t->format == ACL_FORMAT_ND || t->format == ACL_FORMAT_NCHW)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's format should be ND. actual is [%s].", name, aclemu_format_name(t->format));
}

static aclnnStatus check_dim(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (t->ndim >= lo && t->ndim <= hi)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's dim should be in range [%u, %u]. actual is [%u].", name, lo, hi, t->ndim);
}

/* (R, C) of a per-tensor / per-channel / per-group parameter, or -1 when its shape fits none. */
static int param_rc(const aclTensor *t, int64_t k, int64_t n, int group, int64_t *R, int64_t *C)
{
    int64_t a = t->ndim == 2 ? t->shape[0] : 1, b = t->ndim ? t->shape[t->ndim - 1] : 1;
    if (t->ndim > 2)
        return -1;
    int64_t groups = group ? (k + group - 1) / group : 1;
    if (group ? (a == groups && b == n) : (a == 1 && (b == 1 || b == n))) {
        *R = a;
        *C = b;
        return 0;
    }
    return -1;
}

/* A (R, C) descriptor of a scale / offset tensor (size-1 dims with stride 0). */
static void rc_desc(aclemu_tdesc *d, int64_t R, int64_t C)
{
    int64_t rs = d->ndim == 2 ? d->stride[0] : 0, cs = d->ndim ? d->stride[d->ndim - 1] : 0;
    d->ndim = 2;
    d->shape[0] = R;
    d->shape[1] = C;
    d->stride[0] = R == 1 ? 0 : rs;
    d->stride[1] = C == 1 ? 0 : cs;
}

/* V2 and V3 (innerPrecise 0: high precision, 1: high performance; both compute the same here). */
static aclnnStatus wqbmm_plan(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                              const aclTensor *antiquantScale, const aclTensor *antiquantOffsetOptional,
                              const aclTensor *quantScaleOptional, const aclTensor *quantOffsetOptional,
                              const aclTensor *biasOptional, int antiquantGroupSize, int innerPrecise,
                              const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *off = antiquantOffsetOptional, *bias = biasOptional;
    aclnnStatus st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, antiquantScale, "antiquantScale")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if (innerPrecise != 0 && innerPrecise != 1)
        return ACLEMU_PARAM_ERROR(api, "cannot support innerPrecise[%d]. only support 0 or 1.", innerPrecise);
    if (quantScaleOptional || quantOffsetOptional)
        return ACLEMU_PARAM_ERROR(api, "the INT8 output quantisation (quantScaleOptional / quantOffsetOptional) is not "
                                       "implemented.");
    if ((st = aclemu_check_dtype(api, x, "x", WQBMM_X)) || (st = aclemu_check_dtype(api, weight, "weight", WQBMM_W)))
        return st;
    if (antiquantScale->dtype == ACL_UINT64 || antiquantScale->dtype == ACL_INT64)
        return ACLEMU_PARAM_ERROR(api, "antiquantScale of dtype %s (the UINT64 / INT64 route) is not implemented.",
                                  aclemu_dtype_name(antiquantScale->dtype));
    if ((st = aclemu_check_same_dtype(api, x, "x", antiquantScale, "antiquantScale")) ||
        (off && (st = aclemu_check_same_dtype(api, x, "x", off, "antiquantOffsetOptional"))) ||
        (st = aclemu_check_same_dtype(api, x, "x", y, "y")))
        return st;
    if (bias) {
        aclemu_dtype_set bd = x->dtype == ACL_FLOAT16 ? ACLEMU_DT(ACL_FLOAT16) : ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16);
        if ((st = aclemu_check_dtype(api, bias, "biasOptional", bd)))
            return st;
    }
    if ((st = check_nd(api, x, "x")) || (st = check_nd(api, antiquantScale, "antiquantScale")) ||
        (st = check_nd(api, off, "antiquantOffsetOptional")) || (st = check_nd(api, bias, "biasOptional")) ||
        (st = check_nd(api, y, "y")))
        return st;
    if (weight->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "weight's format should be ND (FRACTAL_NZ is not implemented). actual is [%s].",
                                  aclemu_format_name(weight->format));
    if ((st = check_dim(api, x, "x", 2, 2)) || (st = check_dim(api, weight, "weight", 2, 2)) ||
        (st = check_dim(api, y, "y", 2, 2)) || (st = check_dim(api, antiquantScale, "antiquantScale", 1, 2)) ||
        (off && (st = check_dim(api, off, "antiquantOffsetOptional", 1, 2))) ||
        (bias && (st = check_dim(api, bias, "biasOptional", 1, 2))))
        return st;
    const int64_t m = x->shape[0], k = x->shape[1], kw = weight->shape[0];
    const int64_t packs = weight->dtype == ACL_INT32 ? 8 : 1;
    if (weight->shape[1] > INT64_MAX / packs)
        return ACLEMU_PARAM_ERROR(api, "weight's n %lld is too large.", (long long)weight->shape[1]);
    const int64_t n = weight->shape[1] * packs;
    if (k != kw)
        return ACLEMU_PARAM_ERROR(api, "x's k and weight's k should be equal, actual x'k is %lld, weight's k is %lld.",
                                  (long long)k, (long long)kw);
    if (m < 1 || k < 1 || n < 1)
        return ACLEMU_PARAM_ERROR(api, "m,k,n shouldn't be smaller than 1, actual m is %lld, k is %lld, n is %lld.",
                                  (long long)m, (long long)k, (long long)n);
    if (y->shape[0] != m)
        return ACLEMU_PARAM_ERROR(api, "y's m and x's m should be equal, actual y's m is %lld, x's m is %lld.",
                                  (long long)y->shape[0], (long long)m);
    if (y->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "y's n and weight's n should be equal, actual y's n is %lld, weight's n is %lld.",
                                  (long long)y->shape[1], (long long)n);
    if (antiquantGroupSize < 0)
        return ACLEMU_PARAM_ERROR(api, "cannot support group_size[%d] less than 0.", antiquantGroupSize);
    if (antiquantGroupSize > 0) {
        if (antiquantGroupSize % 32)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should be an integer multiple of 32, actual is %d.",
                                      antiquantGroupSize);
        if (antiquantGroupSize < 32)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should not be smaller than 32, actual is %d.",
                                      antiquantGroupSize);
        if (antiquantGroupSize > k - 1)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should be in [32, k - 1] = [32, %lld], actual is %d.",
                                      (long long)(k - 1), antiquantGroupSize);
    }
    int64_t R, C, R2, C2;
    char b1[160], b2[160];
    if (param_rc(antiquantScale, k, n, antiquantGroupSize, &R, &C))
        return ACLEMU_PARAM_ERROR(api, "antiquantScale's shape %s fits no per-tensor, per-channel [%lld] or per-group "
                                       "[%lld, %lld] layout (antiquantGroupSize %d).",
                                  cube_shape_str(antiquantScale, b1, sizeof b1), (long long)n,
                                  (long long)(antiquantGroupSize ? (k + antiquantGroupSize - 1) / antiquantGroupSize : 1),
                                  (long long)n, antiquantGroupSize);
    if (off && (param_rc(off, k, n, antiquantGroupSize, &R2, &C2) || R2 != R || C2 != C))
        return ACLEMU_PARAM_ERROR(api, "antiquantOffsetOptional's shape %s should be antiquantScale's %s.",
                                  cube_shape_str(off, b1, sizeof b1), cube_shape_str(antiquantScale, b2, sizeof b2));
    if (bias && (bias->shape[bias->ndim - 1] != n || (bias->ndim == 2 && bias->shape[0] != 1)))
        return ACLEMU_PARAM_ERROR(api, "bias's shape should be [%lld] or [1, %lld], actual is %s.", (long long)n,
                                  (long long)n, cube_shape_str(bias, b1, sizeof b1));
    if (k > INT64_MAX / 8 / (n + 16))
        return ACLEMU_PARAM_ERROR(api, "k * n (%lld * %lld) is too large.", (long long)k, (long long)n);
    /* 1: dequantise the weight into the workspace (FP32, the weight's storage order) */
    const int trans = weight->dtype != ACL_INT32 && n > 1 && weight->stride[0] == 1 && weight->stride[1] >= k;
    const int64_t rows = trans ? n : k; /* blocks split the weight's storage rows */
    const int64_t ld = (k * 4) % 4096 ? k : k + 16; /* the (N, K) buffer's rows: off multiples of 4 KiB */
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(n * ld) * 4);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = ((uint64_t)rows + cores - 1) / cores;
    uint32_t blocks = (uint32_t)(((uint64_t)rows + per - 1) / per);
    wqbmm_antiquant_args *a = aclemu_exec_add_launch(executor, "WeightAntiquant", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->weight, weight)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->scale, antiquantScale)) ||
        (off && (st = aclemu_exec_tdesc(executor, a, &a->offset, off))) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->out, ws)))
        return st;
    rc_desc(&a->scale, R, C);
    if (off)
        rc_desc(&a->offset, R, C);
    a->out_dtype = x->dtype;
    a->transposed = trans;
    a->ld = ld;
    a->group = antiquantGroupSize;
    a->K = k;
    a->N = n;
    a->rows_per_block = per;
    /* 2: y = x @ W' (+ bias) on the Cube engine */
    cube_mm mm;
    mm_desc_init(&mm.d, m, n, k, GEMM_MATH_KEEP);
    mm_bind(mm.bind, x, NULL, y, NULL, bias);
    mm.bind[CUBE_OP_B].ws_off = (int64_t)ws;
    cube_view(&mm.d.a, CUBE_OP_A, x, 0, 1, 0, 0);
    cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, 1, ld); /* (K, N) view of the (N, K) buffer */
    cube_view(&mm.d.c, CUBE_OP_C, y, 0, 1, 0, 0);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_WeightQuantBatchMatmulV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                                 const aclTensor *antiquantScale,
                                                 const aclTensor *antiquantOffsetOptional,
                                                 const aclTensor *quantScaleOptional,
                                                 const aclTensor *quantOffsetOptional, const aclTensor *biasOptional,
                                                 int antiquantGroupSize, const aclTensor *y)
{
    return wqbmm_plan(executor, x, weight, antiquantScale, antiquantOffsetOptional, quantScaleOptional,
                      quantOffsetOptional, biasOptional, antiquantGroupSize, 0, y);
}

/* quantized matmul part: aclnnWeightQuantBatchMatmulV3 = V2 + innerPrecise */
aclnnStatus aclemu_plan_WeightQuantBatchMatmulV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                                 const aclTensor *antiquantScale,
                                                 const aclTensor *antiquantOffsetOptional,
                                                 const aclTensor *quantScaleOptional,
                                                 const aclTensor *quantOffsetOptional, const aclTensor *biasOptional,
                                                 int antiquantGroupSize, int innerPrecise, const aclTensor *y)
{
    return wqbmm_plan(executor, x, weight, antiquantScale, antiquantOffsetOptional, quantScaleOptional,
                      quantOffsetOptional, biasOptional, antiquantGroupSize, innerPrecise, y);
}
