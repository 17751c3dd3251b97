/* aclnnDualLevelQuantMatmulWeightNz (ops-nn matmul/dual_level_quant_batch_matmul, 950):
 * out (m, n) = sum over 512-element K blocks g of x1Level0Scale[m][g] * x2Level0Scale[g][n] *
 * (MX FP4 x1 (m, k) @ x2^T, FLOAT8_E8M0 scales per 32 K) + bias; x1 FLOAT4_E2M1 ND, x2 the
 * (n, k) FP4 weight carried as INT8 (n, k / 2) in FRACTAL_NZ (storage [ceil(k/64), ceil(n/16),
 * 16, 32] bytes, as aclnnNpuFormatCast makes it), level-1 scales (m | n, ceil(k/64), 2).
 * aclnn_dual_level_quant_matmul.cpp's order: the chip (950 only, 361001), nulls (161001), x2 NZ;
 * x1 (contiguous, 2-D, ND, FLOAT4_E2M1, k even), x2 (contiguous, 2-D, FRACTAL_NZ, INT8), the
 * level-0 scales (contiguous, 2-D, FLOAT, ND), level-1 (contiguous, 3-D, FLOAT8_E8M0, ND / NCL),
 * out (contiguous, 2-D, FLOAT16 / BFLOAT16), bias (contiguous, 1-2-D, FLOAT, ND); k match,
 * m / k / n >= 1, out (m, n), bias (n); transposeX1 false, transposeX2 true, group sizes 512 / 32
 * (161002); then the tiling's (dual_level_quant_batch_matmul_checker.cpp, 561002): empty scales,
 * the scale shapes (m, ceil(k/64), 2), (m, ceil(k/512)), (n, ceil(k/64), 2), (ceil(k/512), n).
 * Launches: QmmF8Decode of x1 and of x2's NZ (exact: FP4 codes times the power-of-two MX scales),
 * one batched CubeGemm over the whole 512-blocks (+ one for a shorter last block) with FP32
 * accumulation into [G][m][n], then DlqCombine (dlq_args.h): the FP32 bias, the level-0 scales'
 * product fused-multiply-added per block, one RNE cast. */
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "dlq_args.h"
#include "qf8_plan.h"

#define DLQ_L0 512
#define DLQ_L1 32

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static aclnnStatus contig(const char *api, const aclTensor *t, const char *name)
{
    if (aclemu_tensor_is_contiguous(t))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s is not contiguous: The value of %s must be contiguous", name, name);
}

static aclnnStatus dims(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (t->ndim >= lo && t->ndim <= hi)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's shape dim is %u: The shape dim of %s must be in range [%uD, %uD]", name,
                              t->ndim, name, lo, hi);
}

static aclnnStatus fmt(const char *api, const aclTensor *t, const char *name, aclFormat want)
{
    if (t->format == want)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's format is %s: the format of %s must be %s", name,
                              aclemu_format_name(t->format), name, aclemu_format_name(want));
}

static aclnnStatus dtype(const char *api, const aclTensor *t, const char *name, aclDataType want)
{
    if (t->dtype == want)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s's dtype is %s: The dtype of %s must be within the range [%s]", name,
                              aclemu_dtype_name(t->dtype), name, aclemu_dtype_name(want));
}

static aclnnStatus check_l0(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st;
    if ((st = contig(api, t, name)) || (st = dims(api, t, name, 2, 2)) || (st = dtype(api, t, name, ACL_FLOAT)) ||
        (st = fmt(api, t, name, ACL_FORMAT_ND)))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_l1(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st;
    if ((st = contig(api, t, name)) || (st = dims(api, t, name, 3, 3)) ||
        (st = dtype(api, t, name, ACL_FLOAT8_E8M0)))
        return st;
    if (t->format != ACL_FORMAT_ND && t->format != ACL_FORMAT_NCL)
        return ACLEMU_PARAM_ERROR(api, "%s's format is %s: the format of %s must be ND or NCL", name,
                                  aclemu_format_name(t->format), name);
    return ACLNN_SUCCESS;
}

/* The tiling's CheckInputShape (561002). */
static aclnnStatus tiling_shape(const char *api, const aclTensor *t, const char *name, const int64_t *want,
                                uint32_t n)
{
    char a[128], b[128];
    if (t->ndim != n)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "%s's shape dim is %uD: the shape dim of %s must be %uD", name, t->ndim, name, n);
    for (uint32_t i = 0; i < n; i++)
        if (t->shape[i] != want[i])
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "%s's shape is %s: The shape of %s must be %s", name,
                                   aclemu_shape_str(t->shape, t->ndim, a, sizeof a), name,
                                   aclemu_shape_str(want, n, b, sizeof b));
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_DualLevelQuantMatmulWeightNz(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                                     const aclTensor *x1Level0Scale, const aclTensor *x2Level0Scale,
                                                     const aclTensor *x1Level1Scale, const aclTensor *x2Level1Scale,
                                                     const aclTensor *optionalBias, bool transposeX1,
                                                     bool transposeX2, int64_t level0GroupSize,
                                                     int64_t level1GroupSize, aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    const aclTensor *a0 = x1Level0Scale, *b0 = x2Level0Scale, *a1 = x1Level1Scale, *b1 = x2Level1Scale;
    const aclTensor *bias = optionalBias;
    aclnnStatus st;
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "support for %s is not implemented",
                               aclemu_op_profile()->short_soc_version);
    /* CheckNotNull */
    const char *nn_names[] = {"x1", "x2", "x1Level0Scale", "x1Level1Scale", "x2Level0Scale", "x2Level1Scale", "out"};
    const aclTensor *nn_ts[] = {x1, x2, a0, a1, b0, b1, out};
    for (int i = 0; i < 7; i++)
        if (!nn_ts[i])
            return ACLEMU_NULL_ERROR(api, "Expected a proper Tensor but got null for argument %s.", nn_names[i]);
    if (x2->format != ACL_FORMAT_FRACTAL_NZ && x2->format != ACL_FORMAT_FRACTAL_NZ_C0_2)
        return ACLEMU_PARAM_ERROR(api, "x2's format is %s: the format of x2 must be FORMAT_FRACTAL_NZ",
                                  aclemu_format_name(x2->format));
    /* CheckTensorX1 */
    if ((st = contig(api, x1, "x1")) || (st = dims(api, x1, "x1", 2, 2)) || (st = fmt(api, x1, "x1", ACL_FORMAT_ND)) ||
        (st = dtype(api, x1, "x1", ACL_FLOAT4_E2M1)))
        return st;
    const int64_t m = x1->shape[0], k = x1->shape[1];
    if (k & 1)
        return ACLEMU_PARAM_ERROR(api, "x1.k is %lld: When the value of transposeX1 is false, the value of x1.k must "
                                       "be even", (long long)k);
    /* CheckTensorX2 (the INT8 view (n, k / 2) carries the FP4 (n, k)) */
    if ((st = contig(api, x2, "x2")) || (st = dims(api, x2, "x2", 2, 2)) ||
        (st = fmt(api, x2, "x2", ACL_FORMAT_FRACTAL_NZ)) || (st = dtype(api, x2, "x2", ACL_INT8)))
        return st;
    if ((st = check_l0(api, a0, "x1Level0Scale")) || (st = check_l1(api, a1, "x1Level1Scale")) ||
        (st = check_l0(api, b0, "x2Level0Scale")) || (st = check_l1(api, b1, "x2Level1Scale")))
        return st;
    /* CheckTensorY */
    if ((st = contig(api, out, "y")) || (st = dims(api, out, "y", 2, 2)))
        return st;
    if (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "y's dtype is %s: The dtype of y must be within the range [FLOAT16, BFLOAT16]",
                                  aclemu_dtype_name(out->dtype));
    /* CheckTensorBias */
    if (bias) {
        if ((st = contig(api, bias, "bias")) || (st = dims(api, bias, "bias", 1, 2)))
            return st;
        if (bias->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "bias's dtype is %s: the dtype of bias must be FLOAT",
                                      aclemu_dtype_name(bias->dtype));
        if ((st = fmt(api, bias, "bias", ACL_FORMAT_ND)))
            return st;
    }
    /* CheckInputOutputShape on x2 as FP4 (n, k) */
    const int64_t n = x2->shape[0], k2 = x2->shape[1] * 2;
    if (k != k2)
        return ACLEMU_PARAM_ERROR(api, "x1, x2 are %lld, %lld: The shape sizes of x1.k and x2.k must be equal",
                                  (long long)k, (long long)k2);
    if (k < 1 || m < 1 || n < 1)
        return ACLEMU_PARAM_ERROR(api, "m, k, n are %lld, %lld, %lld: The values of m, k, n must be >= 1", (long long)m,
                                  (long long)k, (long long)n);
    if (out->shape[0] != m)
        return ACLEMU_PARAM_ERROR(api, "y, x1 are %lld, %lld: The shape sizes of y.m and x1.m must be equal",
                                  (long long)out->shape[0], (long long)m);
    if (out->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "y, x2 are %lld, %lld: The shape sizes of y.n and x2.n must be equal",
                                  (long long)out->shape[1], (long long)n);
    if (bias) {
        char b[64];
        if (bias->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "bias's shape dim is %u: the shape dim of bias must be 1D", bias->ndim);
        if (bias->shape[0] != n)
            return ACLEMU_PARAM_ERROR(api, "bias's shape is %s: the shape of bias must be [%lld]",
                                      aclemu_shape_str(bias->shape, bias->ndim, b, sizeof b), (long long)n);
    }
    /* CheckAttrs */
    if (transposeX1)
        return ACLEMU_PARAM_ERROR(api, "transposeX1 is true: The value of transposeX1 can not be true");
    if (!transposeX2)
        return ACLEMU_PARAM_ERROR(api, "transposeX2 is false: The value of transposeX2 must be true");
    if (level0GroupSize != DLQ_L0)
        return ACLEMU_PARAM_ERROR(api, "level0GroupSize is %lld: level0GroupSize must be 512", (long long)level0GroupSize);
    if (level1GroupSize != DLQ_L1)
        return ACLEMU_PARAM_ERROR(api, "level1GroupSize is %lld: level1GroupSize must be 32", (long long)level1GroupSize);
    /* the tiling's CheckInputs */
    if (aclemu_tensor_numel(a0) == 0 || aclemu_tensor_numel(a1) == 0 || aclemu_tensor_numel(b0) == 0 ||
        aclemu_tensor_numel(b1) == 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "x1Level0Scale/x1Level1Scale/x2Level0Scale/x2Level1Scale is 0: The shape size of "
                               "x1Level0Scale/x1Level1Scale/x2Level0Scale/x2Level1Scale can not be 0");
    const int64_t g1 = cdiv(k, 2 * DLQ_L1), G = cdiv(k, DLQ_L0);
    {
        const int64_t wa1[3] = {m, g1, 2}, wa0[2] = {m, G}, wb1[3] = {n, g1, 2}, wb0[2] = {G, n};
        if ((st = tiling_shape(api, a1, "x1Level1Scale", wa1, 3)) || (st = tiling_shape(api, a0, "x1Level0Scale", wa0, 2)) ||
            (st = tiling_shape(api, b1, "x2Level1Scale", wb1, 3)) || (st = tiling_shape(api, b0, "x2Level0Scale", wb0, 2)))
            return st;
    }
    if (bias && aclemu_tensor_numel(bias) == 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "bias is 0: The shape size of bias can not be 0, if no bias is needed, please use a "
                               "null pointer");
    /* aclemu: the NZ storage must hold the (n, k / 2) bytes as [ceil(k/64), ceil(n/16), 16, 32] */
    const int64_t r1 = cdiv(n, 16), kb1 = cdiv(k / 2, 32);
    {
        int64_t have = 1;
        for (uint32_t i = 0; i < x2->storage_ndim; i++)
            have *= x2->storage_shape[i];
        if (x2->storage_ndim != 4 || x2->storage_shape[2] != 16 || x2->storage_shape[3] != 32 ||
            have - x2->offset < kb1 * r1 * 512)
            return ACLEMU_PARAM_ERROR(api, "x2's storage does not hold an INT8 (%lld, %lld) FRACTAL_NZ [%lld, %lld, 16, "
                                           "32] (aclnnNpuFormatCast's layout).", (long long)n, (long long)(k / 2),
                                      (long long)kb1, (long long)r1);
    }
    if (m > ((int64_t)1 << 31) || k > ((int64_t)1 << 31) || n > ((int64_t)1 << 31) ||
        (double)m * (double)n * (double)G + (double)(m + n) * (double)k > (double)((int64_t)1 << 36))
        return ACLEMU_PARAM_ERROR(api, "m, k, n (%lld, %lld, %lld) are too large.", (long long)m, (long long)k,
                                  (long long)n);
    /* x1 (m, k) FP4 rows with its level-1 scales (m, ceil(k/64), 2) */
    qf8_operand oa = {x1, 0, x1->stride[0], 1, 0, 0, 0, 0, a1, 0, a1->stride[0], a1->stride[1], a1->stride[2]};
    /* x2 (n, k) FP4 from the NZ bytes: FP4 element (r, c) at (c / 64) * r1 * 1024 + r * 64 + c % 64 */
    qf8_operand ob = {x2, 0, 64, 1, 0, 0, 64, r1 * 1024, b1, 0, b1->stride[0], b1->stride[1], b1->stride[2]};
    int64_t wa, wb;
    if ((st = qf8_decode(ex, &oa, 1, m, k, &wa)) || (st = qf8_decode_as(ex, &ob, ACL_FLOAT4_E2M1, 1, n, k, &wb)))
        return st;
    /* the Cube unit's FP32 result of each K block g into part[g] (m, n) */
    const int64_t gfull = k / DLQ_L0, tail = k % DLQ_L0;
    int64_t wp = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(G * m * n) * 4u);
    for (int pass = 0; pass < 2; pass++) {
        int64_t nbat = pass ? (tail ? 1 : 0) : gfull, kk = pass ? tail : DLQ_L0, g0 = pass ? gfull : 0;
        if (!nbat)
            continue;
        gemm_desc d;
        qf8_gemm_desc(&d, m, n, kk);
        d.a.rs = k; /* the decoded rows keep their full K */
        d.b.cs = k;
        cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, n, 1);
        d.nbatch_dims = 1;
        d.batch_shape[0] = nbat;
        d.a.bstride[0] = DLQ_L0;
        d.b.bstride[0] = DLQ_L0;
        d.c.bstride[0] = m * n;
        cube_bind bind[CUBE_NOPS] = {{NULL, wa + g0 * DLQ_L0 * 4},
                                     {NULL, wb + g0 * DLQ_L0 * 4},
                                     {NULL, wp + g0 * m * n * 4},
                                     {NULL, -1},
                                     {NULL, -1}};
        if ((st = cube_launch_gemm(ex, &d, bind)))
            return st;
    }
    /* the level-0 scales, bias and cast */
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    if (cores < 1)
        cores = 1;
    int64_t per = cdiv(m, cores);
    dlq_combine_args *c = (dlq_combine_args *)aclemu_exec_add_launch(ex, "DlqCombine", (uint32_t)cdiv(m, per), sizeof *c);
    if (!c)
        return ACLNN_ERR_INNER;
    memset(c, 0, sizeof *c);
    c->s0a_off = a0->offset;
    c->s0a_sm = a0->stride[0];
    c->s0a_sg = a0->stride[1];
    c->s0b_off = b0->offset;
    c->s0b_sg = b0->stride[0];
    c->s0b_sn = b0->stride[1];
    c->out_off = out->offset;
    c->out_sm = out->stride[0];
    c->out_sn = out->stride[1];
    c->out_dtype = out->dtype;
    c->G = G;
    c->M = m;
    c->N = n;
    c->rows_per_block = per;
    if ((st = aclemu_exec_bind_workspace(ex, c, &c->part, (uint64_t)wp)) || (st = aclemu_exec_bind_tensor(ex, c, &c->s0a, a0)) ||
        (st = aclemu_exec_bind_tensor(ex, c, &c->s0b, b0)) || (st = aclemu_exec_bind_tensor(ex, c, &c->out, out)))
        return st;
    if (bias) {
        c->bias_off = bias->offset;
        c->bias_sn = bias->stride[0];
        st = aclemu_exec_bind_tensor(ex, c, &c->bias, bias);
    }
    return st;
}
