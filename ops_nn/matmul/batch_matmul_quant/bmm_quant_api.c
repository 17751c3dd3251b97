/* aclnnBatchMatmulQuant (ops-nn matmul/batch_matmul_quant), A2 / A3:
 *   acc = x1 @ x2 (+ bias)   FLOAT16 operands on the GEMM engine, FP32 accumulation, FP16 bias
 *   out = int8(saturate(rint(acc * scale19[n] + offset9[n])))
 * with quantParam the UINT64 parameters of aclnnTransQuantParam (one, or align16(n)): bits 0..31
 * the FP32 scale cut to FP19, bits 37..45 the INT9 offset (CubeEwPost, CUBE_POST_QUANT_OFS).
 * Checks in the real op_api's order: nulls x1, x2, quantParam, out (161001); dtypes x1 / x2
 * FLOAT16, bias FLOAT16, quantParam UINT64, out INT8; x1 / x2 at least 2-D, the same rank <= 6;
 * quantParam 1-D of 1 or align16(n); bias 1-D (n); k equal; out's last two dims (m, n); empty x1 /
 * x2 refused. The batch dims broadcast (out has them). Off A2 / A3: 161002 (no kernel). */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"

static aclnnStatus check(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *qp,
                         const aclTensor *bias, const aclTensor *out, bool t1, bool t2)
{
    aclnnStatus st;
    char b1[160], b2[160];
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, qp, "quantParam")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", ACLEMU_DT(ACL_FLOAT16))) ||
        (st = aclemu_check_dtype(api, x2, "x2", ACLEMU_DT(ACL_FLOAT16))) ||
        (bias && (st = aclemu_check_dtype(api, bias, "bias", ACLEMU_DT(ACL_FLOAT16)))) ||
        (st = aclemu_check_dtype(api, qp, "quantParam", ACLEMU_DT(ACL_UINT64))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_INT8))))
        return st;
    if (x1->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "x1's dim num %u should be at least 2.", x1->ndim);
    if (x2->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "x2's dim num %u should be at least 2.", x2->ndim);
    const uint32_t d = x1->ndim;
    if (x2->ndim != d || d > 6)
        return ACLEMU_PARAM_ERROR(api, "The dims of the two inputs should be same and be less than 7, now they are %s, %s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    int64_t k1 = t1 ? x1->shape[d - 2] : x1->shape[d - 1], k2 = t2 ? x2->shape[d - 1] : x2->shape[d - 2];
    int64_t m = t1 ? x1->shape[d - 1] : x1->shape[d - 2], n = t2 ? x2->shape[d - 2] : x2->shape[d - 1];
    int64_t n16 = n > INT64_MAX - 15 ? -1 : (n + 15) / 16 * 16;
    if (qp->ndim != 1 || (qp->shape[0] != 1 && qp->shape[0] != n16))
        return ACLEMU_PARAM_ERROR(api, "quantParam[%u] != 1 or quantParam dim == 1, but quantParamDim0[%lld] not equal "
                                       "to 1 or n align to multiple of 16", qp->ndim,
                                  (long long)(qp->ndim ? qp->shape[0] : 0));
    if (bias && (bias->ndim != 1 || bias->shape[0] != n))
        return ACLEMU_PARAM_ERROR(api, "dimTensorBias[%u] != 1 or Bias dim == 1, but biasDim0[%lld] not equal to n",
                                  bias->ndim, (long long)(bias->ndim ? bias->shape[0] : 0));
    if (k1 != k2)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    if (out->ndim != d || out->shape[d - 2] != m || out->shape[d - 1] != n)
        return ACLEMU_PARAM_ERROR(api, "The last two dim of out shape %s need equal [%lld, %lld]",
                                  cube_shape_str(out, b1, sizeof b1), (long long)m, (long long)n);
    if (aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(x2) == 0)
        return ACLEMU_PARAM_ERROR(api, "aclnnBatchMatmulQuant do not support empty tensor!");
    for (uint32_t i = 0; i < d; i++)
        if (x1->shape[i] < 0 || x2->shape[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "x1 / x2 have a negative dim.");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_BatchMatmulQuant(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                         const aclTensor *quantParam, const aclTensor *bias, bool transposeX1,
                                         bool transposeX2, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st = check(api, x1, x2, quantParam, bias, out, transposeX1, transposeX2);
    if (st || (st = cube_check_soc(api, CUBE_SOC(ACLEMU_FAMILY_A2) | CUBE_SOC(ACLEMU_FAMILY_A3))))
        return st;
    const uint32_t d = x1->ndim;
    const int nb = (int)d - 2;
    int64_t M = transposeX1 ? x1->shape[d - 1] : x1->shape[d - 2], K = transposeX1 ? x1->shape[d - 2] : x1->shape[d - 1];
    int64_t N = transposeX2 ? x2->shape[d - 2] : x2->shape[d - 1];
    int64_t batch[6];
    char b1[160], b2[160];
    if (mm_broadcast(x1->shape, nb, x2->shape, nb, batch) < 0)
        return ACLEMU_PARAM_ERROR(api, "the batch dims of x1 %s and x2 %s cannot be broadcast.",
                                  cube_shape_str(x1, b1, sizeof b1), cube_shape_str(x2, b2, sizeof b2));
    for (int i = 0; i < nb; i++)
        if (out->shape[i] != batch[i])
            return ACLEMU_PARAM_ERROR(api, "out's shape %s should have the broadcast batch dims of x1 and x2.",
                                      cube_shape_str(out, b1, sizeof b1));
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, GEMM_MATH_KEEP);
    mm.d.nbatch_dims = nb;
    for (int i = 0; i < nb; i++)
        mm.d.batch_shape[i] = batch[i];
    mm_bind(mm.bind, x1, x2, NULL, NULL, bias);
    cube_view(&mm.d.a, CUBE_OP_A, x1, transposeX1 ? (int)d - 1 : (int)d - 2, transposeX1 ? (int)d - 2 : (int)d - 1, nb, nb);
    cube_view(&mm.d.b, CUBE_OP_B, x2, transposeX2 ? (int)d - 1 : (int)d - 2, transposeX2 ? (int)d - 2 : (int)d - 1, nb, nb);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, nb, CUBE_BCAST_MATRIX);
    /* the FP32 result, contiguous in out's shape, in the workspace */
    int64_t numel = aclemu_tensor_numel(out);
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)numel * 4);
    cube_view_raw(&mm.d.c, CUBE_OP_C, GEMM_F32, N, 1);
    int64_t s = M * N;
    for (int i = nb - 1; i >= 0; i--) {
        mm.d.c.bstride[i] = s;
        s *= batch[i];
    }
    mm.bind[CUBE_OP_C].t = NULL;
    mm.bind[CUBE_OP_C].ws_off = ws;
    if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
        return st;
    if (quantParam->shape[0] == 1 || quantParam->shape[0] == N)
        return cube_launch_post(executor, out, ws, quantParam, CUBE_POST_QUANT_OFS);
    /* the first n of the align16(n) parameters */
    int64_t n1 = N;
    aclTensor *v = aclCreateTensor(&n1, 1, ACL_UINT64, quantParam->stride, quantParam->offset, ACL_FORMAT_ND,
                                   quantParam->storage_shape, quantParam->storage_ndim, quantParam->data);
    if (!v)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    st = cube_launch_post_view(executor, out, ws, v, quantParam, CUBE_POST_QUANT_OFS);
    aclDestroyTensor(v);
    return st;
}
