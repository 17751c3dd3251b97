/* aclnnWeightQuantBatchMatmulNz (ops-nn matmul/weight_quant_batch_matmul_v2, 950 only):
 * y(m, n) = x(m, k) @ ((weight + antiquantOffset) * antiquantScale) + bias with the weight in
 * FRACTAL_NZ. aclnn_weight_quant_batch_matmul_v2.cpp's Nz entry, in its order:
 *  - 950 only (361001 "aclnn nz support for <SoC> is not implemented");
 *  - null x, weight, antiquantScale, y (161001); quantScaleOptional / quantOffsetOptional must be
 *    null on the 950 (161001);
 *  - the weight's storage format FRACTAL_NZ;
 *  - x neither transposed nor strided (the 950 rule);
 *  - dtypes (the doc's 950 table): x FLOAT16 / BFLOAT16, y of x's dtype; weight INT8, INT4 /
 *    INT32 (eight INT4), FLOAT4_E2M1 / FLOAT (eight FP4); antiquantScale of x's dtype, or
 *    FLOAT8_E8M0 with an FP4 weight (MX); antiquantOffset of x's dtype, integer weights only;
 *    bias FLOAT16 with FP16 x; with BF16 x: FLOAT (INT8), BFLOAT16 / FLOAT (INT4), BFLOAT16 (FP4);
 *  - x, antiquantScale, offset, bias, y ND; x, weight, y 2-D, scale / offset / bias 1-2-D;
 *  - k, n from the weight's view (k, n) (INT32 / FLOAT: (k, n / 8)); x's k equal; y (m, n);
 *  - antiquantGroupSize 0 or a multiple of 32 in [32, k - 1]; MX: 32 and no offset; INT8: 0, not
 *    per tensor, k in [1, 65535], n in [2, 65535]; FP4 with a FLOAT16 / BFLOAT16 scale: per group;
 *  - scale / offset per channel (n) / (1, n) or per group (ceil(k / group), n); bias (n) / (1, n);
 *  - the NZ storage shape: INT8 [ceil(n / 32), ceil(k / 16), 16, 32] ([ceil(k / 32),
 *    ceil(n / 16), 16, 32] for an (n, k)-stored, transposed view), INT4 / FP4 [ceil(n / 16),
 *    ceil(k / 16), 16, 16], INT32 / FLOAT [ceil(n / 16), ceil(k / 16), 16, 2]; 4-bit weights only
 *    non-transposed.
 * The compute is the V2 path's: WeightAntiquant dequantises the NZ weight (read in place: element
 * (r, c) of the stored (R, C) matrix at ((c / C0) * R1 * 16 + r) * C0 + c % C0) into the FP32
 * workspace rounded as x's dtype, then CubeGemm with FP32 accumulation and the bias in FP32. */
#include "aclemu_plans.h"
#include "mm_common.h"
#include "wqbmm_args.h"

#define NZ_X (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define NZ_W                                                                                                   \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT4_E2M1) |       \
     ACLEMU_DT(ACL_FLOAT))
#define NZ_BLOCK 16

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static aclnnStatus nz_nd(const char *api, const aclTensor *t, const char *name)
{
    if (!t || t->format == ACL_FORMAT_ND || t->format == ACL_FORMAT_NCHW)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's format should be ND. actual is [%s].", name, aclemu_format_name(t->format));
}

static aclnnStatus nz_dim(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (!t || (t->ndim >= lo && t->ndim <= hi))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's dim should be in range [%u, %u]. actual is [%u].", name, lo, hi, t->ndim);
}

static int is_trans(const aclTensor *t)
{
    return t->ndim >= 2 && t->shape[t->ndim - 1] > 1 && t->stride[t->ndim - 2] == 1 &&
           t->stride[t->ndim - 1] == t->shape[t->ndim - 2];
}

static int is_contiguous(const aclTensor *t)
{
    int64_t s = 1;
    for (int i = (int)t->ndim - 1; i >= 0; i--) {
        if (t->shape[i] != 1 && t->stride[i] != s)
            return 0;
        s *= t->shape[i];
    }
    return 1;
}

/* (R, C) of a per-tensor / per-channel / per-group parameter, or -1. */
static int nz_param_rc(const aclTensor *t, int64_t k, int64_t n, int group, int64_t *R, int64_t *C)
{
    int64_t a = t->ndim == 2 ? t->shape[0] : 1, b = t->ndim ? t->shape[t->ndim - 1] : 1;
    int64_t groups = group ? cdiv(k, group) : 1;
    if (t->ndim > 2 || !(group ? (a == groups && b == n) : (a == 1 && (b == 1 || b == n))))
        return -1;
    *R = a;
    *C = b;
    return 0;
}

static void nz_rc_desc(aclemu_tdesc *d, int64_t R, int64_t C)
{
    int64_t rs = d->ndim == 2 ? d->stride[0] : 0, cs = d->ndim ? d->stride[d->ndim - 1] : 0;
    d->ndim = 2;
    d->shape[0] = R;
    d->shape[1] = C;
    d->stride[0] = R == 1 ? 0 : rs;
    d->stride[1] = C == 1 ? 0 : cs;
}

aclnnStatus aclemu_plan_WeightQuantBatchMatmulNz(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                                 const aclTensor *antiquantScale,
                                                 const aclTensor *antiquantOffsetOptional,
                                                 const aclTensor *quantScaleOptional,
                                                 const aclTensor *quantOffsetOptional, const aclTensor *biasOptional,
                                                 int antiquantGroupSize, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *sc = antiquantScale, *off = antiquantOffsetOptional, *bias = biasOptional;
    const int group = antiquantGroupSize;
    aclnnStatus st;
    char b1[160], b2[160];
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "aclnn nz support for %s is not "
                               "implemented", aclemu_op_profile()->short_soc_version);
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, sc, "antiquantScale")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if (quantScaleOptional || quantOffsetOptional)
        return ACLEMU_NULL_ERROR(api, "Current Soc do not support quantScaleOptional or quantOffsetOptional");
    if (weight->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Parameter weight's format %s is invalid, expected FORMAT_FRACTAL_NZ.",
                                  aclemu_format_name(weight->format));
    if (is_trans(x) || !is_contiguous(x))
        return ACLEMU_PARAM_ERROR(api, "Parameter x is transposed or not contiguous: on DAV3510, the value of x can "
                                       "not be transposed and the value of x must be contiguous.");
    /* dtypes */
    if ((st = aclemu_check_dtype(api, x, "x", NZ_X)) || (st = aclemu_check_dtype(api, weight, "weight", NZ_W)) ||
        (st = aclemu_check_same_dtype(api, x, "x", y, "y")))
        return st;
    const aclDataType wd = weight->dtype;
    const int fp4 = wd == ACL_FLOAT4_E2M1 || wd == ACL_FLOAT, packed = wd == ACL_INT32 || wd == ACL_FLOAT;
    const int mx = fp4 && sc->dtype == ACL_FLOAT8_E8M0;
    if (!mx && (st = aclemu_check_same_dtype(api, x, "x", sc, "antiquantScale")))
        return st;
    if (off) {
        if (fp4)
            return ACLEMU_PARAM_ERROR(api, "When the dtype of weight is %s, antiquantOffsetOptional must be null.",
                                      aclemu_dtype_name(wd));
        if ((st = aclemu_check_same_dtype(api, x, "x", off, "antiquantOffsetOptional")))
            return st;
    }
    if (bias) {
        aclemu_dtype_set bd = ACLEMU_DT(ACL_FLOAT16);
        if (x->dtype == ACL_BF16)
            bd = wd == ACL_INT8 ? ACLEMU_DT(ACL_FLOAT)
                 : fp4          ? ACLEMU_DT(ACL_BF16)
                                : ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT);
        if ((st = aclemu_check_dtype(api, bias, "biasOptional", bd)))
            return st;
    }
    /* formats, dims */
    if ((st = nz_nd(api, x, "x")) || (st = nz_nd(api, sc, "antiquantScale")) ||
        (st = nz_nd(api, off, "antiquantOffsetOptional")) || (st = nz_nd(api, bias, "biasOptional")) ||
        (st = nz_nd(api, y, "y")))
        return st;
    if ((st = nz_dim(api, x, "x", 2, 2)) || (st = nz_dim(api, weight, "weight", 2, 2)) ||
        (st = nz_dim(api, y, "y", 2, 2)) || (st = nz_dim(api, sc, "antiquantScale", 1, 2)) ||
        (st = nz_dim(api, off, "antiquantOffsetOptional", 1, 2)) || (st = nz_dim(api, bias, "biasOptional", 1, 2)))
        return st;
    /* shapes */
    const int tr = is_trans(weight);
    const int64_t m = x->shape[0], k = x->shape[1], kw = weight->shape[0];
    if (weight->shape[1] > ((int64_t)1 << 40))
        return ACLEMU_PARAM_ERROR(api, "weight's n %lld is too large.", (long long)weight->shape[1]);
    const int64_t n = weight->shape[1] * (packed ? 8 : 1);
    if (k != kw)
        return ACLEMU_PARAM_ERROR(api, "x's k and weight's k should be equal, actual x'k is %lld, weight's k is %lld.",
                                  (long long)k, (long long)kw);
    if (m < 1 || k < 1 || n < 1)
        return ACLEMU_PARAM_ERROR(api, "m,k,n shouldn't be smaller than 1, actual m is %lld, k is %lld, n is %lld.",
                                  (long long)m, (long long)k, (long long)n);
    if (y->shape[0] != m || y->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "y's shape should be [%lld, %lld], actual is %s.", (long long)m, (long long)n,
                                  cube_shape_str(y, b1, sizeof b1));
    if (m > INT32_MAX)
        return ACLEMU_PARAM_ERROR(api, "m should be in [1, 2^31-1], actual is %lld.", (long long)m);
    if (group < 0)
        return ACLEMU_PARAM_ERROR(api, "cannot support group_size[%d] less than 0.", group);
    if (mx) {
        if (group != 32)
            return ACLEMU_PARAM_ERROR(api, "When the quant mode is fp4 micro-scaling, the value of antiquantGroupSize "
                                           "must be 32, actual is %d.", group);
    } else if (group > 0) {
        if (group % 32)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should be an integer multiple of 32, actual is %d.", group);
        if (group > k - 1)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should be in [32, k - 1] = [32, %lld], actual is %d.",
                                      (long long)(k - 1), group);
    }
    int64_t R, C, R2, C2;
    if (nz_param_rc(sc, k, n, group, &R, &C))
        return ACLEMU_PARAM_ERROR(api, "antiquantScale's shape %s fits no per-channel [%lld] or per-group [%lld, %lld] "
                                       "layout (antiquantGroupSize %d).",
                                  cube_shape_str(sc, b1, sizeof b1), (long long)n,
                                  (long long)(group ? cdiv(k, group) : 1), (long long)n, group);
    if (off && (nz_param_rc(off, k, n, group, &R2, &C2) || R2 != R || C2 != C))
        return ACLEMU_PARAM_ERROR(api, "antiquantOffsetOptional's shape %s should be antiquantScale's %s.",
                                  cube_shape_str(off, b1, sizeof b1), cube_shape_str(sc, b2, sizeof b2));
    if (bias && (bias->shape[bias->ndim - 1] != n || (bias->ndim == 2 && bias->shape[0] != 1)))
        return ACLEMU_PARAM_ERROR(api, "bias's shape should be [%lld] or [1, %lld], actual is %s.", (long long)n,
                                  (long long)n, cube_shape_str(bias, b1, sizeof b1));
    if (C == 1 && n > 1)
        return ACLEMU_PARAM_ERROR(api, "When the format of weight is FRACTAL_NZ, the value of antiquantScale can not "
                                       "be per-tensor.");
    if (wd == ACL_INT8) {
        if (group > 0)
            return ACLEMU_PARAM_ERROR(api, "When the dtype of weight is INT8 and the format of weight is FRACTAL_NZ, "
                                           "the value of antiquantGroupSize must be 0, actual is %d.", group);
        if (k > 65535 || n < 2 || n > 65535)
            return ACLEMU_PARAM_ERROR(api, "When the dtype of weight is INT8 and the format of weight is FRACTAL_NZ, "
                                           "k should be in [1, 65535] and n in [2, 65535], actual k is %lld, n is %lld.",
                                      (long long)k, (long long)n);
    } else {
        if (tr)
            return ACLEMU_PARAM_ERROR(api, "When the format of weight is FRACTAL_NZ and its dtype is %s, weight can not "
                                           "be transposed.", aclemu_dtype_name(wd));
        if (fp4 && !mx && group == 0)
            return ACLEMU_PARAM_ERROR(api, "When the dtype of weight is FLOAT4_E2M1, quantization mode "
                                           "perchannel/pertensor is not supported.");
        if (n % (packed ? 8 : 2))
            return ACLEMU_PARAM_ERROR(api, "The n of the original ND weight should be %d-aligned, actual is %lld.",
                                      packed ? 8 : 2, (long long)n);
    }
    /* the NZ storage shape */
    const int64_t c0 = wd == ACL_INT8 ? 32 : 16; /* elements per fractal row */
    const int64_t sr = tr ? n : k, scol = tr ? k : n; /* the stored (R, C) matrix */
    const int64_t e1 = cdiv(scol, c0), e2 = cdiv(sr, NZ_BLOCK), e3 = packed ? 2 : c0;
    const int64_t *ss = weight->storage_shape;
    if (weight->storage_ndim != 4 || ss[0] != e1 || ss[1] != e2 || ss[2] != NZ_BLOCK || ss[3] != e3)
        return ACLEMU_PARAM_ERROR(api, "weight's storage shape should be [%lld, %lld, 16, %lld], actual is %s.",
                                  (long long)e1, (long long)e2, (long long)e3,
                                  aclemu_shape_str(weight->storage_shape, weight->storage_ndim, b1, sizeof b1));
    if (k > INT64_MAX / 8 / (n + 16))
        return ACLEMU_PARAM_ERROR(api, "k * n (%lld * %lld) is too large.", (long long)k, (long long)n);
    /* 1: dequantise the NZ weight into the workspace (FP32 (N, K) buffer) */
    const int64_t ld = (k * 4) % 4096 ? k : k + 16;
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(n * ld) * 4);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = ((uint64_t)k + cores - 1) / cores;
    uint32_t blocks = (uint32_t)(((uint64_t)k + per - 1) / per);
    wqbmm_antiquant_args *a = aclemu_exec_add_launch(executor, "WeightAntiquant", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->weight, weight)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->scale, sc)) ||
        (off && (st = aclemu_exec_tdesc(executor, a, &a->offset, off))) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->out, ws)))
        return st;
    nz_rc_desc(&a->scale, R, C);
    if (off)
        nz_rc_desc(&a->offset, R, C);
    a->out_dtype = x->dtype;
    a->transposed = 0;
    a->ld = ld;
    a->group = group;
    a->K = k;
    a->N = n;
    a->rows_per_block = per;
    a->nz = 1;
    a->nz_bits = wd == ACL_INT8 ? 8 : 4;
    a->nz_fp4 = fp4;
    a->nz_tr = tr;
    a->nz_c0 = c0;
    a->nz_rows = e2 * NZ_BLOCK;
    a->nz_elem_off = weight->offset * (packed ? 8 : 1);
    /* 2: y = x @ W' (+ bias) */
    cube_mm mm;
    mm_desc_init(&mm.d, m, n, k, GEMM_MATH_KEEP);
    mm_bind(mm.bind, x, NULL, y, NULL, bias);
    mm.bind[CUBE_OP_B].ws_off = (int64_t)ws;
    cube_view(&mm.d.a, CUBE_OP_A, x, 0, 1, 0, 0);
    cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, 1, ld);
    cube_view(&mm.d.c, CUBE_OP_C, y, 0, 1, 0, 0);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
