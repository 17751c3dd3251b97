/* aclnnWeightQuantBatchMatmulV2 (ops-nn matmul/weight_quant_batch_matmul_v2), the A2 / A3 ND
 * pseudo-quant path: y(m, n) = x(m, k) @ ((weight + antiquantOffset) * antiquantScale) + bias.
 * Checks, in the real order where the op_api states one:
 *  - A2 / A3 here; the 950 takes wqbmm_plan_950 (below); other chips 361001 "support for <SoC>
 *    is not implemented";
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
#include "wqbmm_fused.h"

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
    if (!t || (t->ndim >= lo && t->ndim <= hi))
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

/* The two launches of every route: WeightAntiquant (its weight read as a strided view, or in
 * FRACTAL_NZ with nz's nz_* fields) into the (N, K) FP32 workspace, then CubeGemm. */
static aclnnStatus wqbmm_emit(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                              const aclTensor *antiquantScale, const aclTensor *off, const aclTensor *bias,
                              const aclTensor *y, int64_t R, int64_t C, int antiquantGroupSize, int64_t m, int64_t k,
                              int64_t n, const wqbmm_antiquant_args *nz)
{
    aclnnStatus st;
    /* one launch when the GEMM engine dequantises the weight while packing (wqbmm_fused.h) */
    int declined = 1;
    if (!nz && wqbmm_fused_ok(x, weight, antiquantScale, off) &&
        ((st = wqbmm_fused_emit(executor, x, weight, antiquantScale, off, bias, y, R, C, antiquantGroupSize, m, k, n,
                                &declined)) || !declined))
        return st;
    /* 1: dequantise the weight into the workspace (FP32, the weight's storage order) */
    const int trans = !(nz && nz->nz) && weight->dtype != ACL_INT32 && weight->dtype != ACL_FLOAT && n > 1 && weight->stride[0] == 1 && weight->stride[1] >= k;
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
    if (nz && !nz->nz)
        a->pack_k = nz->pack_k;
    if (nz && nz->nz) {
        a->nz = 1;
        a->nz_bits = nz->nz_bits;
        a->nz_fp4 = nz->nz_fp4;
        a->nz_tr = nz->nz_tr;
        a->nz_c0 = nz->nz_c0;
        a->nz_rows = nz->nz_rows;
        a->nz_elem_off = nz->nz_elem_off;
    }
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

/* y (m, n) (CheckXWeightY). */
static aclnnStatus wq_y_mn(const char *api, const aclTensor *y, int64_t m, int64_t n)
{
    if (y->shape[0] != m)
        return ACLEMU_PARAM_ERROR(api, "y's m and x's m should be equal, actual y's m is %lld, x's m is %lld.",
                                  (long long)y->shape[0], (long long)m);
    if (y->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "y's n and weight's n should be equal, actual y's n is %lld, weight's n is %lld.",
                                  (long long)y->shape[1], (long long)n);
    return ACLNN_SUCCESS;
}

static int is_trans(const aclTensor *t);
static int64_t cdiv(int64_t a, int64_t b);

/* ---- V2 / V3 on the 950 (DAV_3510) with an ND weight, aclnn_weight_quant_batch_matmul_v2.cpp's
 * order for that arch:
 *  - null x, weight, antiquantScale, y (161001); quantScaleOptional / quantOffsetOptional must be
 *    null (161001); the weight's storage format ND; (V3) innerPrecise 0 / 1;
 *  - ContiguousCheck: x and weight contiguous or transposed; a 2-D antiquantScale / offset (not
 *    (1, 1)) laid out as the weight (transposed with a transposed weight, else contiguous); y and
 *    bias contiguous;
 *  - packed weights: INT32 -> eight INT4, FLOAT -> eight FLOAT4_E2M1 a word (2-D), along n, or
 *    along k for a transposed weight (the (k / 8, n) view); a UINT8 scale with a FLOAT weight is
 *    FLOAT8_E8M0;
 *  - dtypes: x FLOAT16 / BFLOAT16, weight INT8 / INT4 / FLOAT8_E4M3FN / HIFLOAT8 / FLOAT4_E2M1,
 *    antiquantScale FLOAT16 / BFLOAT16 / FLOAT8_E8M0, y of x's dtype; x, weight, y 2-D; an INT32
 *    offset refused; the scale of x's dtype unless E8M0; no offset with FP4 / FP8 / HiF8 weights;
 *    the offset of the scale's dtype; bias FLOAT16 with FP16 x, with BF16 x BFLOAT16 (FP4 / FP8 /
 *    HiF8) or FLOAT / BFLOAT16 (INT8 / INT4); formats (x, bias: anything but NZ; scale / offset ND);
 *    bias 1-2-D, scale / offset 1-2-D;
 *  - k match, m / k / n >= 1, INT4 n even (k even when transposed), y (m, n); antiquantGroupSize 0
 *    or a multiple of 32 in [32, k - 1]; scale / offset shapes; MX (FP4 + E8M0): group 32, no
 *    offset; bias (0), (n) or (1, n); FP4 with a 16-bit scale: per group; FP8 / HiF8: no E8M0, no
 *    group, not per tensor (unless n is 1);
 *  - x neither transposed nor strided.
 * Compute: the V2 path's (WeightAntiquant decodes every code exactly and rounds w * scale as x's
 * dtype, then CubeGemm with FP32 accumulation and the bias in FP32). */
#define W950_W                                                                                             \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_HIFLOAT8) |     \
     ACLEMU_DT(ACL_FLOAT4_E2M1))
#define W950_S (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT8_E8M0))

/* m, k, n of the 2-D x and weight (packed 1: eight elements a word along n, 2: along k): the k
 * match and m, k, n >= 1 (CheckXWeight). */
static aclnnStatus wq_mkn(const char *api, const aclTensor *x, const aclTensor *weight, int packed, int64_t *m,
                          int64_t *k, int64_t *n)
{
    *m = x->shape[0];
    *k = x->shape[1];
    if (weight->shape[1] > ((int64_t)1 << 40) || weight->shape[0] > ((int64_t)1 << 40))
        return ACLEMU_PARAM_ERROR(api, "weight's shape [%lld, %lld] is too large.", (long long)weight->shape[0],
                                  (long long)weight->shape[1]);
    const int64_t kw = weight->shape[0] * (packed == 2 ? 8 : 1);
    *n = weight->shape[1] * (packed == 1 ? 8 : 1);
    if (*k != kw)
        return ACLEMU_PARAM_ERROR(api, "x's k and weight's k should be equal, actual x'k is %lld, weight's k is %lld.",
                                  (long long)*k, (long long)kw);
    if (*m < 1 || *k < 1 || *n < 1)
        return ACLEMU_PARAM_ERROR(api, "m,k,n shouldn't be smaller than 1, actual m is %lld, k is %lld, n is %lld.",
                                  (long long)*m, (long long)*k, (long long)*n);
    return ACLNN_SUCCESS;
}

/* The 950's CheckNotNull and CheckOptionalNotNull (161001). */
static aclnnStatus wq950_nulls(const char *api, const aclTensor *x, const aclTensor *weight, const aclTensor *sc,
                               const aclTensor *y, const aclTensor *qs, const aclTensor *qo)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, sc, "antiquantScale")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if (qs || qo)
        return ACLEMU_NULL_ERROR(api, "Current Soc do not support quantScaleOptional or quantOffsetOptional");
    return ACLNN_SUCCESS;
}

static int is_contig_or_trans(const aclTensor *t) { return aclemu_tensor_is_contiguous(t) || is_trans(t); }

static int is_11(const aclTensor *t) { return t->ndim == 2 && t->shape[0] == 1 && t->shape[1] == 1; }

static aclnnStatus wqbmm_plan_950(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                  const aclTensor *sc, const aclTensor *off, const aclTensor *qs,
                                  const aclTensor *qo, const aclTensor *bias, int group, int innerPrecise, int v3,
                                  const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    char b1[160], b2[160];
    if ((st = wq950_nulls(api, x, weight, sc, y, qs, qo)))
        return st;
    if (weight->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "weight's format is %s: the format of weight must be FORMAT_ND",
                                  aclemu_format_name(weight->format));
    if (v3 && innerPrecise != 0 && innerPrecise != 1)
        return ACLEMU_PARAM_ERROR(api, "cannot support innerPrecise[%d]. only support 0 or 1.", innerPrecise);
    /* ContiguousCheck */
    if (!is_contig_or_trans(x))
        return ACLEMU_PARAM_ERROR(api, "only support x tensor is contiguous or transpose last two dims.");
    if (!is_contig_or_trans(weight))
        return ACLEMU_PARAM_ERROR(api, "only support weight tensor is contiguous or transpose last two dims.");
    const int trw = is_trans(weight);
    const aclTensor *pr[2] = {sc, off};
    const char *prn[2] = {"antiquantScale", "antiquantOffsetOptional"};
    for (int i = 0; i < 2; i++)
        if (pr[i] && pr[i]->ndim == 2 && !is_11(pr[i]) &&
            !(trw ? is_trans(pr[i]) : aclemu_tensor_is_contiguous(pr[i])))
            return ACLEMU_PARAM_ERROR(api, "%s is not consistent with weight: The value of %s must be consistent with "
                                           "weight (contiguous or transposed)", prn[i], prn[i]);
    if (!aclemu_tensor_is_contiguous(y))
        return ACLEMU_PARAM_ERROR(api, "y is not contiguous: The value of y must be contiguous");
    if (bias && !aclemu_tensor_is_contiguous(bias))
        return ACLEMU_PARAM_ERROR(api, "only support biasOptional tensor is contiguous.");
    /* TensorPreProcess: packed weights */
    aclDataType wd = weight->dtype, sd = sc->dtype;
    const int packed = wd == ACL_INT32 || wd == ACL_FLOAT ? (trw ? 2 : 1) : 0;
    if (packed) {
        if ((st = check_dim(api, weight, "weight", 2, 2)))
            return st;
        if (wd == ACL_FLOAT && sd == ACL_UINT8)
            sd = ACL_FLOAT8_E8M0;
        wd = wd == ACL_INT32 ? ACL_INT4 : ACL_FLOAT4_E2M1;
    }
    /* CheckDtypeValid, CheckDimValid */
    if ((st = aclemu_check_dtype(api, x, "x", WQBMM_X)) ||
        (st = aclemu_check_dtype_value(api, wd, "weight", W950_W)) ||
        (st = aclemu_check_dtype_value(api, sd, "antiquantScale", W950_S)) ||
        (st = aclemu_check_dtype(api, y, "y", WQBMM_X)))
        return st;
    if (y->dtype != x->dtype)
        return ACLEMU_PARAM_ERROR(api, "when quantScaleOptional is null, y's dtype should be same as x [%s], actual is "
                                       "[%s].", aclemu_dtype_name(x->dtype), aclemu_dtype_name(y->dtype));
    if ((st = check_dim(api, x, "x", 2, 2)) || (st = check_dim(api, weight, "weight", 2, 2)) ||
        (st = check_dim(api, y, "y", 2, 2)))
        return st;
    /* CheckScaleDtypeValid */
    const int fp8 = wd == ACL_FLOAT8_E4M3FN || wd == ACL_HIFLOAT8, fp4 = wd == ACL_FLOAT4_E2M1;
    if (off && off->dtype == ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "antiquantOffsetOptional's dtype is DT_INT32: The dtype of "
                                       "antiquantOffsetOptional must be FLOAT16 or BF16");
    if (sd != ACL_FLOAT8_E8M0 && x->dtype != sd)
        return ACLEMU_PARAM_ERROR(api, "x's dtype must be same as antiquantScale's dtype, actual x's dtype is [%s], "
                                       "antiquantScale's dtype is [%s].", aclemu_dtype_name(x->dtype),
                                  aclemu_dtype_name(sd));
    if (off && (fp4 || fp8))
        return ACLEMU_PARAM_ERROR(api, "antiquantOffsetOptional is not null: When the weight dtype is "
                                       "FP32/FP4_E2M1/FP8_E4M3/HIFLOAT8, the value of antiquantOffsetOptional must be null");
    if (off && off->dtype != sd)
        return ACLEMU_PARAM_ERROR(api, "antiquantOffsetOptional's dtype must be same as antiquantScale's dtype, actual "
                                       "antiquantOffsetOptional's dtype is [%s], antiquantScale's dtype is [%s].",
                                  aclemu_dtype_name(off->dtype), aclemu_dtype_name(sd));
    /* BasicParamsBiasCheck */
    if (bias) {
        if (x->dtype == ACL_FLOAT16 && bias->dtype != ACL_FLOAT16)
            return ACLEMU_PARAM_ERROR(api, "When x dtype is [DF_FLOAT16], biasOptional's dtype should be [DT_FLOAT16], "
                                           "actual is [%s].", aclemu_dtype_name(bias->dtype));
        if (x->dtype == ACL_BF16 && (fp4 || fp8) && bias->dtype != ACL_BF16)
            return ACLEMU_PARAM_ERROR(api, "biasOptional's dtype is %s: the dtype of biasOptional must be BF16",
                                      aclemu_dtype_name(bias->dtype));
        if (x->dtype == ACL_BF16 && !(fp4 || fp8) && bias->dtype != ACL_BF16 && bias->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "biasOptional's dtype is %s: The dtype of biasOptional must be FLOAT or BF16",
                                      aclemu_dtype_name(bias->dtype));
    }
    if (x->format == ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "x's format should be ND. actual is [%s].", aclemu_format_name(x->format));
    if (sc->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "antiquantScale's format should be ND. actual is [%s].",
                                  aclemu_format_name(sc->format));
    if (bias && bias->format == ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "biasOptional's format should be ND. actual is [%s].",
                                  aclemu_format_name(bias->format));
    if ((st = check_dim(api, bias, "biasOptional", 1, 2)))
        return st;
    /* BasicOptionalParamsCheck */
    if (off && off->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "antiquantOffsetOptional's format should be ND. actual is [%s].",
                                  aclemu_format_name(off->format));
    if ((st = check_dim(api, sc, "antiquantScale", 1, 2)) || (st = check_dim(api, off, "antiquantOffsetOptional", 1, 2)))
        return st;
    /* AdvancedWeightParamsCheck */
    int64_t m, k, n;
    if ((st = wq_mkn(api, x, weight, packed, &m, &k, &n)))
        return st;
    if (wd == ACL_INT4 && trw && (k & 1))
        return ACLEMU_PARAM_ERROR(api, "In the int4 scenario, if weight is transposed, k[%lld] should be an even number.",
                                  (long long)k);
    if (wd == ACL_INT4 && !trw && (n & 1))
        return ACLEMU_PARAM_ERROR(api, "In the int4 scenario, if weight is not transposed, n[%lld] should be an even "
                                       "number ", (long long)n);
    if ((st = wq_y_mn(api, y, m, n)))
        return st;
    /* AdvancedAntiquantParamsCheck */
    if (group != 0) {
        if (group < 0)
            return ACLEMU_PARAM_ERROR(api, "cannot support group_size[%d] less than 0.", group);
        if (group % 32)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should be an integer multiple of 32, actual is %d.", group);
        if ((int64_t)group + 1 > k)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize should not be greater than k-1, which is %lld.actual "
                                           "antiquantGroupSize is %d.", (long long)(k - 1), group);
    }
    {
        int64_t ns = sc->shape[sc->ndim - 1];
        if (sc->ndim == 1 && (group > 0 || (ns != 1 && ns != n)))
            return ACLEMU_PARAM_ERROR(api, "antiquantScale shape must be [1] or [%lld] and group size is 0 when the size "
                                           "is 1, but it is %s and group size is [%d]", (long long)n,
                                      cube_shape_str(sc, b1, sizeof b1), group);
        if (sc->ndim == 2) {
            int64_t ks = sc->shape[0];
            if (group == 0 && (ks != 1 || (ns != n && ns != 1)))
                return ACLEMU_PARAM_ERROR(api, "antiquantScale shape must be [1, %lld] or [1, 1]when the size is 2 and "
                                               "without group size, but it is %s", (long long)n,
                                          cube_shape_str(sc, b1, sizeof b1));
            if (group > 0 && (ks != cdiv(k, group) || ns != n))
                return ACLEMU_PARAM_ERROR(api, "antiquantScale shape must be [%lld, %lld] when the size is 2 and with "
                                               "group size, but it is %s", (long long)cdiv(k, group), (long long)n,
                                          cube_shape_str(sc, b1, sizeof b1));
        }
        if (off) {
            int same = off->ndim == sc->ndim;
            for (uint32_t i = 0; same && i < sc->ndim; i++)
                same = off->shape[i] == sc->shape[i];
            if (!same)
                return ACLEMU_PARAM_ERROR(api, "The ViewShape of antiquant offset must same with scale when it is not "
                                               "null, but they are %s and %s", cube_shape_str(off, b1, sizeof b1),
                                          cube_shape_str(sc, b2, sizeof b2));
        }
    }
    const int mx = fp4 && sd == ACL_FLOAT8_E8M0;
    if (mx && group != 32)
        return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize is %d: When the quant mode is fp4 micro-scaling, the value of "
                                       "antiquantGroupSize must be 32", group);
    /* AdvancedShapeParamsCheck: bias (0), (n) or (1, n) */
    if (bias && bias->ndim == 1 && bias->shape[0] != 0 && bias->shape[0] != n)
        return ACLEMU_PARAM_ERROR(api, "when bias's shape size is 1, it's shape should be [0], or [%lld], actual is %s.",
                                  (long long)n, cube_shape_str(bias, b1, sizeof b1));
    if (bias && bias->ndim == 2 && (bias->shape[0] != 1 || bias->shape[1] != n))
        return ACLEMU_PARAM_ERROR(api, "when bias's shape size is 2, it's shape should be [1, %lld], actual is %s.",
                                  (long long)n, cube_shape_str(bias, b1, sizeof b1));
    /* AdvancedParamsCheck */
    if (fp4 && !mx && group == 0)
        return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize is 0: When the dtype of weight is FLOAT4_E2M1, quantization "
                                       "mode perchannel/pertensor is not supported");
    if (fp8) {
        if (sd == ACL_FLOAT8_E8M0)
            return ACLEMU_PARAM_ERROR(api, "antiquantScale is DT_FLOAT8_E8M0: When the dtype of weight is FP8_E4M3FN or "
                                           "HIFLOAT8, only perchannel quantization is supported, MX mode is not "
                                           "supported");
        if (group > 0)
            return ACLEMU_PARAM_ERROR(api, "antiquantGroupSize is %d: When the dtype of weight is FP8_E4M3FN or "
                                           "HIFLOAT8, only perchannel quantization is supported, antiquantGroupSize "
                                           "must be 0", group);
        if (aclemu_tensor_numel(sc) == 1 && n != 1)
            return ACLEMU_PARAM_ERROR(api, "antiquantScale is pertensor: When the dtype of weight is FP8_E4M3FN or "
                                           "HIFLOAT8, only perchannel quantization is supported, pertensor is not "
                                           "supported");
    }
    /* CheckContiguous (DAV3510) */
    if (is_trans(x) || !aclemu_tensor_is_contiguous(x))
        return ACLEMU_PARAM_ERROR(api, "x is transposed or not contiguous: On DAV3510, the value of x can not be "
                                       "transposed and the value of x must be contiguous");
    if (k > INT64_MAX / 8 / (n + 16))
        return ACLEMU_PARAM_ERROR(api, "k * n (%lld * %lld) is too large.", (long long)k, (long long)n);
    int64_t R, C;
    if (param_rc(sc, k, n, group, &R, &C))
        return ACLEMU_PARAM_ERROR(api, "antiquantScale's shape %s fits no layout.", cube_shape_str(sc, b1, sizeof b1));
    if (bias && aclemu_tensor_numel(bias) == 0)
        bias = NULL; /* the (0) bias: none */
    /* packed weights and a UINT8 scale are read as their element dtypes by WeightAntiquant */
    wqbmm_antiquant_args pk = {0};
    pk.pack_k = packed == 2;
    return wqbmm_emit(executor, x, weight, sc, off, bias, y, R, C, group, m, k, n, &pk);
}

static int64_t cdiv(int64_t a, int64_t b);
static int is_trans(const aclTensor *t);

/* The A2 / A3 FRACTAL_NZ weight (aclnn_weight_quant_batch_matmul_v2.cpp's CheckValForWeightInt4Nz
 * and the doc's A2 list): INT8 per channel; INT4 (from aclnnConvertWeightToINT4Pack) not per
 * tensor, per channel only transposed ((n, k) stored), per group only untransposed x and weight,
 * group 64 or 128, k a multiple of the group, n of 64. The storage is the fractal of the stored
 * (R, C) matrix ((k, n), or (n, k) transposed) with 32-byte rows: [ceil(C / c0), ceil(R / 16),
 * 16, c0], c0 32 INT8 / 64 INT4 elements (8 INT32 words). The kernel reads it in place. */
static aclnnStatus a2_nz_check(const char *api, const aclTensor *x, const aclTensor *weight, int group, int64_t C,
                               int64_t k, int64_t n, wqbmm_antiquant_args *nz)
{
    const aclDataType wd = weight->dtype;
    const int tr = is_trans(weight), packed = wd == ACL_INT32;
    char b1[160];
    if (wd != ACL_INT8) {
        if (group > 0) {
            if (is_trans(x) || tr)
                return ACLEMU_PARAM_ERROR(api, "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], and "
                                               "antiquantGroupSize is larger than 0, x and weight should not be "
                                               "transposed, actual x is [%s], weight is [%s].",
                                          is_trans(x) ? "transposed" : "not transposed",
                                          tr ? "transposed" : "not transposed");
            if (group != 64 && group != 128)
                return ACLEMU_PARAM_ERROR(api, "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], "
                                               "antiquantGroupSize should be 128 or 64, but actual antiquantGroupSize "
                                               "is [%d].", group);
            if (k % group)
                return ACLEMU_PARAM_ERROR(api, "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], "
                                               "antiquantGroupSize is larger than 0,k should be an integer multiple of "
                                               "antiquantGroupSize, actual k is [%lld], antiquantGroupSize is [%d].",
                                          (long long)k, group);
            if (n % 64)
                return ACLEMU_PARAM_ERROR(api, "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], "
                                               "antiquantGroupSize is larger than 0,n should be an integer multiple of "
                                               "64, actual n is [%lld].", (long long)n);
        } else {
            if (C == 1 && n > 1)
                return ACLEMU_PARAM_ERROR(api, "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], "
                                               "antiquant mode should not be per-tensor.");
            if (!tr)
                return ACLEMU_PARAM_ERROR(api, "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], and "
                                               "antiquantGroupSize is 0, weight should be transposed.");
            if (packed)
                return ACLEMU_PARAM_ERROR(api, "a transposed INT32 (eight INT4 along k) FRACTAL_NZ weight is not "
                                               "implemented; pass the INT4 view.");
        }
    } else if (group > 0 || (C == 1 && n > 1)) {
        return ACLEMU_PARAM_ERROR(api, "a FRACTAL_NZ INT8 weight takes a per-channel antiquantScale only "
                                       "(antiquantGroupSize %d).", group);
    }
    const int64_t c0 = wd == ACL_INT8 ? 32 : 64;
    const int64_t sr = tr ? n : k, scol = tr ? k : n;
    const int64_t e1 = cdiv(scol, c0), e2 = cdiv(sr, 16), e3 = packed ? 8 : c0;
    const int64_t *ss = weight->storage_shape;
    if (weight->storage_ndim != 4 || ss[0] != e1 || ss[1] != e2 || ss[2] != 16 || ss[3] != e3)
        return ACLEMU_PARAM_ERROR(api, "weight's storage shape should be [%lld, %lld, 16, %lld], actual is %s.",
                                  (long long)e1, (long long)e2, (long long)e3,
                                  aclemu_shape_str(weight->storage_shape, weight->storage_ndim, b1, sizeof b1));
    nz->nz = 1;
    nz->nz_bits = wd == ACL_INT8 ? 8 : 4;
    nz->nz_tr = tr;
    nz->nz_c0 = c0;
    nz->nz_rows = e2 * 16;
    nz->nz_elem_off = weight->offset * (packed ? 8 : 1);
    return ACLNN_SUCCESS;
}

/* V2 and V3 (innerPrecise 0: high precision, 1: high performance; both compute the same here). */
static aclnnStatus wqbmm_plan(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                              const aclTensor *antiquantScale, const aclTensor *antiquantOffsetOptional,
                              const aclTensor *quantScaleOptional, const aclTensor *quantOffsetOptional,
                              const aclTensor *biasOptional, int antiquantGroupSize, int innerPrecise, int v3,
                              const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *off = antiquantOffsetOptional, *bias = biasOptional;
    aclnnStatus st;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950)
        return wqbmm_plan_950(executor, x, weight, antiquantScale, off, quantScaleOptional, quantOffsetOptional, bias,
                              antiquantGroupSize, innerPrecise, v3, y);
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
    if (weight->format != ACL_FORMAT_ND && weight->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "weight's format should be ND or FRACTAL_NZ. actual is [%s].",
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
    if ((st = wq_y_mn(api, y, m, n)))
        return st;
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
    if (weight->format == ACL_FORMAT_FRACTAL_NZ) {
        wqbmm_antiquant_args nzinfo = {0};
        if ((st = a2_nz_check(api, x, weight, antiquantGroupSize, C, k, n, &nzinfo)))
            return st;
        return wqbmm_emit(executor, x, weight, antiquantScale, off, bias, y, R, C, antiquantGroupSize, m, k, n,
                          &nzinfo);
    }
    return wqbmm_emit(executor, x, weight, antiquantScale, off, bias, y, R, C, antiquantGroupSize, m, k, n, NULL);
}

aclnnStatus aclemu_plan_WeightQuantBatchMatmulV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                                 const aclTensor *antiquantScale,
                                                 const aclTensor *antiquantOffsetOptional,
                                                 const aclTensor *quantScaleOptional,
                                                 const aclTensor *quantOffsetOptional, const aclTensor *biasOptional,
                                                 int antiquantGroupSize, const aclTensor *y)
{
    return wqbmm_plan(executor, x, weight, antiquantScale, antiquantOffsetOptional, quantScaleOptional,
                      quantOffsetOptional, biasOptional, antiquantGroupSize, 0, 0, y);
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
                      quantOffsetOptional, biasOptional, antiquantGroupSize, innerPrecise, 1, y);
}

/* ---- aclnnWeightQuantBatchMatmulNz (ops-nn matmul/weight_quant_batch_matmul_v2, 950 only):
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
#define NZ_X (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define NZ_W                                                                                                   \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT4_E2M1) |       \
     ACLEMU_DT(ACL_FLOAT))
#define NZ_BLOCK 16

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static int is_trans(const aclTensor *t)
{
    return t->ndim >= 2 && t->shape[t->ndim - 1] > 1 && t->stride[t->ndim - 2] == 1 &&
           t->stride[t->ndim - 1] == t->shape[t->ndim - 2];
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
    if ((st = wq950_nulls(api, x, weight, sc, y, quantScaleOptional, quantOffsetOptional)))
        return st;
    if (weight->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Parameter weight's format %s is invalid, expected FORMAT_FRACTAL_NZ.",
                                  aclemu_format_name(weight->format));
    if (is_trans(x) || !aclemu_tensor_is_contiguous(x))
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
    if ((st = check_nd(api, x, "x")) || (st = check_nd(api, sc, "antiquantScale")) ||
        (st = check_nd(api, off, "antiquantOffsetOptional")) || (st = check_nd(api, bias, "biasOptional")) ||
        (st = check_nd(api, y, "y")))
        return st;
    if ((st = check_dim(api, x, "x", 2, 2)) || (st = check_dim(api, weight, "weight", 2, 2)) ||
        (st = check_dim(api, y, "y", 2, 2)) || (st = check_dim(api, sc, "antiquantScale", 1, 2)) ||
        (st = check_dim(api, off, "antiquantOffsetOptional", 1, 2)) || (st = check_dim(api, bias, "biasOptional", 1, 2)))
        return st;
    /* shapes */
    const int tr = is_trans(weight);
    int64_t m, k, n;
    if ((st = wq_mkn(api, x, weight, packed, &m, &k, &n)))
        return st;
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
    if (param_rc(sc, k, n, group, &R, &C))
        return ACLEMU_PARAM_ERROR(api, "antiquantScale's shape %s fits no per-channel [%lld] or per-group [%lld, %lld] "
                                       "layout (antiquantGroupSize %d).",
                                  cube_shape_str(sc, b1, sizeof b1), (long long)n,
                                  (long long)(group ? cdiv(k, group) : 1), (long long)n, group);
    if (off && (param_rc(off, k, n, group, &R2, &C2) || R2 != R || C2 != C))
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
    wqbmm_antiquant_args nzinfo = {0};
    nzinfo.nz = 1;
    nzinfo.nz_bits = wd == ACL_INT8 ? 8 : 4;
    nzinfo.nz_fp4 = fp4;
    nzinfo.nz_tr = tr;
    nzinfo.nz_c0 = c0;
    nzinfo.nz_rows = e2 * NZ_BLOCK;
    nzinfo.nz_elem_off = weight->offset * (packed ? 8 : 1);
    return wqbmm_emit(executor, x, weight, sc, off, bias, y, R, C, group, m, k, n, &nzinfo);
}
