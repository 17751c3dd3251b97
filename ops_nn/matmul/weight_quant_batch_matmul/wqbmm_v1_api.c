/* aclnnWeightQuantBatchMatmul (ops-nn matmul/weight_quant_batch_matmul; A2 / A3), the V1
 * pseudo-quant matmul: out(m, n) = x1(m, k) @ W(k, n) + bias with W dequantised from the INT8 x2
 * (transposeX1 / transposeX2 read x1 as (k, m) and x2 as (n, k)). Two routes chosen by m, as the
 * real op_api does:
 *  - m > 64 (the vector ops): W = fp16(fp16((x2 + antiquantOffset) * antiquantScale) [+ addOffset])
 *    [* mulScale], the scalar steps in FP32 and each tensor step rounded to FP16;
 *  - m <= 64 (the fixpipe kernel): W = fp16((x2 + deqOffset) * deqScale) with deqScale the UINT64
 *    of aclnnTransQuantParam (diagonalMatrix, the (32, 32) identity the Cube multiplies x2 by,
 *    is checked but changes nothing).
 * Checks in the op_api's order: null (x1, x2, out; diagonalMatrix / deqOffset / deqScale on the
 * m <= 64 route), dtypes (x1 FLOAT16, x2 INT8, bias FLOAT, diagonalMatrix INT8, deqOffset INT32,
 * deqScale UINT64 / addOffset, mulScale FLOAT16, out FLOAT16), shapes (ranks >= 2, parameters of 1
 * or n elements, diagonalMatrix (32, 32), bias's last dim 1 or n, equal k, out (m, n)). Batched
 * (rank > 2) inputs are refused: not implemented here. Every check failure, a null pointer too,
 * returns 161002 ACLNN_ERR_PARAM_INVALID as the real GetWorkspaceSize does (it maps CheckParam's
 * result). The WeightAntiquant kernel of V2 writes W
 * (FP32 holding FP16 values) into the workspace and CubeGemm multiplies with FP32 accumulation. */
#include "aclemu_plans.h"
#include "mm_common.h"
#include "../weight_quant_batch_matmul_v2/wqbmm_args.h"

#define WQ1_M_THRESHOLD 64

/* A parameter of 1 or n elements whose broadcast dim (the last, or the second last for a
 * transposed x2 on the vector route) is 1 or n. */
static int wq1_param_ok(const aclTensor *t, int use_m2, int64_t n)
{
    if (t->ndim == 1)
        return use_m2 ? t->shape[0] == 1 : (t->shape[0] == 1 || t->shape[0] == n);
    if (t->ndim > 1) {
        int64_t d = t->shape[t->ndim + (use_m2 ? -2 : -1)];
        return d == 1 || d == n;
    }
    return 1;
}

/* A (1, n) view of a parameter: the stride of its dim of size n, 0 when it has one element. */
static aclnnStatus wq1_param_desc(aclOpExecutor *ex, void *blob, aclemu_tdesc *d, const aclTensor *t, int64_t n)
{
    aclnnStatus st = aclemu_exec_tdesc(ex, blob, d, t);
    if (st)
        return st;
    int64_t cs = 0;
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] == n && n > 1)
            cs = t->stride[i];
    d->ndim = 2;
    d->shape[0] = 1;
    d->shape[1] = n;
    d->stride[0] = 0;
    d->stride[1] = cs;
    return ACLNN_SUCCESS;
}

static aclnnStatus wq1_plan(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *diagonalMatrix, const aclTensor *deqOffset,
                                               const aclTensor *deqScale, const aclTensor *addOffset,
                                               const aclTensor *mulScale, const aclTensor *bias, bool transposeX1,
                                               bool transposeX2, float antiquantScale, float antiquantOffset,
                                               aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    char b1[160], b2[160], b3[160];
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    const int64_t m = x1->ndim >= 2 ? x1->shape[x1->ndim - (transposeX1 ? 1 : 2)] : (x1->ndim ? x1->shape[0] : 1);
    const int fix = m <= WQ1_M_THRESHOLD;
    if (fix && ((st = aclemu_check_notnull(api, diagonalMatrix, "diagonalMatrix")) ||
                (st = aclemu_check_notnull(api, deqOffset, "deqOffset")) ||
                (st = aclemu_check_notnull(api, deqScale, "deqScale"))))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", ACLEMU_DT(ACL_FLOAT16))) ||
        (st = aclemu_check_dtype(api, x2, "x2", ACLEMU_DT(ACL_INT8))) ||
        (bias && (st = aclemu_check_dtype(api, bias, "bias", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    if (fix) {
        if ((st = aclemu_check_dtype(api, diagonalMatrix, "diagonalMatrix", ACLEMU_DT(ACL_INT8))) ||
            (st = aclemu_check_dtype(api, deqOffset, "deqOffset", ACLEMU_DT(ACL_INT32))) ||
            (st = aclemu_check_dtype(api, deqScale, "deqScale", ACLEMU_DT(ACL_UINT64))))
            return st;
    } else if ((addOffset && (st = aclemu_check_dtype(api, addOffset, "addOffset", ACLEMU_DT(ACL_FLOAT16)))) ||
               (mulScale && (st = aclemu_check_dtype(api, mulScale, "mulScale", ACLEMU_DT(ACL_FLOAT16)))))
        return st;
    if ((st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_FLOAT16))))
        return st;
    if (x1->ndim < 2 || x2->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "The dims of the two inputs should be same or larger than 2,now the shapes are  "
                                       "%s, %s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    const uint32_t d1 = x1->ndim, d2 = x2->ndim, dout = out->ndim;
    const int64_t k1 = x1->shape[d1 - (transposeX1 ? 2 : 1)], k2 = x2->shape[d2 - (transposeX2 ? 1 : 2)];
    const int64_t n = x2->shape[d2 - (transposeX2 ? 2 : 1)];
    if (fix) {
        if (!wq1_param_ok(deqOffset, 0, n))
            return ACLEMU_PARAM_ERROR(api, "fixpipe Offset's broad cast dim is not equal to one or N, can't broadcast");
        if (!wq1_param_ok(deqScale, 0, n))
            return ACLEMU_PARAM_ERROR(api, "fixpipe Scale's broad cast dim is not equal to one or N, can't broadcast");
        if (diagonalMatrix->ndim != 2 || diagonalMatrix->shape[0] != 32 || diagonalMatrix->shape[1] != 32)
            return ACLEMU_PARAM_ERROR(api, "diagonalMatrix shape is not equal to [32, 32]");
    } else {
        if (addOffset && !wq1_param_ok(addOffset, transposeX2, n))
            return ACLEMU_PARAM_ERROR(api, "single op Offset's broad cast dim is not equal to one or N, can't "
                                           "broadcast");
        if (mulScale && !wq1_param_ok(mulScale, transposeX2, n))
            return ACLEMU_PARAM_ERROR(api, "single op Scale's broad cast dim is not equal to one or N, can't broadcast");
    }
    if (bias && bias->ndim && bias->shape[bias->ndim - 1] != 1 && bias->shape[bias->ndim - 1] != n)
        return ACLEMU_PARAM_ERROR(api, "Bias shape last dim need equal to 1 or N");
    if (d1 > 8 || d2 > 8)
        return ACLEMU_PARAM_ERROR(api, "The dims of the two inputs should not be larger than 8, now the shapes are %s, "
                                       "%s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    if (k1 != k2)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    if (dout < 2)
        return ACLEMU_PARAM_ERROR(api, "The m-axis or n-axis of inputs %s, %s are not match output %s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2),
                                  cube_shape_str(out, b3, sizeof b3));
    for (uint32_t i = 0; i + 2 < dout; i++)
        if (i >= d1 || x1->shape[i] != out->shape[i])
            return ACLEMU_PARAM_ERROR(api, "The shape above 2 dims of input %s is not match output %s",
                                      cube_shape_str(x1, b1, sizeof b1), cube_shape_str(out, b2, sizeof b2));
    if (m != out->shape[dout - 2] || n != out->shape[dout - 1])
        return ACLEMU_PARAM_ERROR(api, "The m-axis or n-axis of inputs %s, %s are not match output %s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2),
                                  cube_shape_str(out, b3, sizeof b3));
    if (d1 > 2 || d2 > 2 || dout > 2)
        return ACLEMU_PARAM_ERROR(api, "batched inputs (x1 %s, x2 %s) are not implemented: x1 and x2 should be 2-D.",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    const int64_t k = k1;
    if (m == 0 || n == 0)
        return ACLNN_SUCCESS; /* nothing to write */
    if (k == 0) {             /* out = bias (rounded to FP16), or zeros */
        cube_mm mm;
        mm_desc_init(&mm.d, m, n, 0, GEMM_MATH_KEEP);
        mm_bind(mm.bind, x1, NULL, out, NULL, bias);
        cube_view(&mm.d.a, CUBE_OP_A, x1, transposeX1 ? 1 : 0, transposeX1 ? 0 : 1, 0, 0);
        cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, 1, 1);
        cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
        if (bias)
            cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
        return cube_launch_gemm(executor, &mm.d, mm.bind);
    }
    if (k > INT64_MAX / 8 / (n + 16))
        return ACLEMU_PARAM_ERROR(api, "k * n (%lld * %lld) is too large.", (long long)k, (long long)n);
    /* 1: W into the workspace, (N, K) FP32 rows */
    int64_t ws_rs = transposeX2 ? x2->stride[1] : x2->stride[0], ws_cs = transposeX2 ? x2->stride[0] : x2->stride[1];
    const int trans = n > 1 && ws_rs == 1 && ws_cs >= k; /* the (k, n) view is stored (n, k) */
    const int64_t rows = trans ? n : k;
    const int64_t ld = (k * 4) % 4096 ? k : k + 16;
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(n * ld) * 4);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = ((uint64_t)rows + cores - 1) / cores;
    uint32_t blocks = (uint32_t)(((uint64_t)rows + per - 1) / per);
    wqbmm_antiquant_args *a = aclemu_exec_add_launch(executor, "WeightAntiquant", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->weight, x2)) || (st = aclemu_exec_bind_workspace(executor, a, &a->out, ws)))
        return st;
    a->weight.shape[0] = k;
    a->weight.shape[1] = n;
    a->weight.stride[0] = ws_rs;
    a->weight.stride[1] = ws_cs;
    const aclTensor *sc = fix ? deqScale : mulScale, *of = fix ? deqOffset : addOffset;
    if ((sc && (st = wq1_param_desc(executor, a, &a->scale, sc, n))) ||
        (of && (st = wq1_param_desc(executor, a, &a->offset, of, n))))
        return st;
    a->mode = fix ? 2 : 1;
    a->aq_offset = antiquantOffset;
    a->aq_scale = antiquantScale;
    a->out_dtype = ACL_FLOAT16;
    a->transposed = trans;
    a->ld = ld;
    a->K = k;
    a->N = n;
    a->rows_per_block = per;
    /* 2: out = x1 @ W (+ bias) */
    cube_mm mm;
    mm_desc_init(&mm.d, m, n, k, GEMM_MATH_KEEP);
    mm_bind(mm.bind, x1, NULL, out, NULL, bias);
    mm.bind[CUBE_OP_B].ws_off = (int64_t)ws;
    cube_view(&mm.d.a, CUBE_OP_A, x1, transposeX1 ? 1 : 0, transposeX1 ? 0 : 1, 0, 0);
    cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, 1, ld);
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_WeightQuantBatchMatmul(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *diagonalMatrix, const aclTensor *deqOffset,
                                               const aclTensor *deqScale, const aclTensor *addOffset,
                                               const aclTensor *mulScale, const aclTensor *bias, bool transposeX1,
                                               bool transposeX2, float antiquantScale, float antiquantOffset,
                                               aclTensor *out)
{
    aclnnStatus st = wq1_plan(executor, x1, x2, diagonalMatrix, deqOffset, deqScale, addOffset, mulScale, bias,
                              transposeX1, transposeX2, antiquantScale, antiquantOffset, out);
    return st == ACLNN_ERR_PARAM_NULLPTR ? ACLNN_ERR_PARAM_INVALID : st;
}
