/* aclnnTransposeBatchMatMul (+WeightNz): Y[b] = X1[b] @ X2[b] with X1 = permute(x1, permX1),
 * X2 = permute(x2, permX2), written as out = permute(Y, [1, 0, 2]) = (M, B, N); with
 * batchSplitFactor s > 1 out is (s, M, B/s * N), batch b landing in out[b / (B/s), :, (b % (B/s))*N ..];
 * with scale out is INT8 (M, 1, B*N), requantised per (b, n). The permutations are strided views of
 * one CubeGemm launch (no transpose copies); only a dtype change of out (or the INT8 requant) goes
 * through a workspace buffer, as the real op casts its result. */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"
#include "weight_nz.h"

#define TBMM_SOCS (CUBE_SOC(ACLEMU_FAMILY_A2) | CUBE_SOC(ACLEMU_FAMILY_A3) | CUBE_SOC(ACLEMU_FAMILY_950))
/* A2/A3 limits of the batch, N and (untransposed) K axes. */
#define TBMM_INNER_AXIS 65536

static int perm_is(const aclIntArray *p, int64_t a, int64_t b, int64_t c)
{
    return p->data[0] == a && p->data[1] == b && p->data[2] == c;
}

/* The checks of ops-nn aclnn_transpose_batch_mat_mul.cpp, in its order. */
static aclnnStatus tbmm_check(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
                              const aclTensor *scale, const aclIntArray *p1, const aclIntArray *p2,
                              const aclIntArray *py, int8_t *cmt, int32_t bsf, const aclTensor *out, int nz_api)
{
    char s1[128], s2[128];
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_notnull(api, p1, "permX1")) ||
        (st = aclemu_check_notnull(api, p2, "permX2")) || (st = aclemu_check_notnull(api, py, "permY")))
        return st;
    if ((st = cube_check_soc(api, TBMM_SOCS)))
        return st;
    aclemu_family fam = aclemu_op_profile()->family;
    int is950 = fam == ACLEMU_FAMILY_950;
    /* USE_FP32_ADD is routed to KEEP_DTYPE on A2/A3 (DAV_2201): the API has no such path */
    if (!is950 && *cmt == CUBE_USE_FP32_ADD)
        *cmt = CUBE_KEEP_DTYPE;
    if (x1->ndim != 3 || x2->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "The dims of the two inputs should be 3, now they are %s and %s",
                                  cube_shape_str(x1, s1, sizeof s1), cube_shape_str(x2, s2, sizeof s2));
    if (p1->size != 3 || p2->size != 3 || py->size != 3)
        return ACLEMU_PARAM_ERROR(api, "The perm parameter must be three-dimensional.");
    int32_t math;
    aclDataType pd = (x1->dtype == ACL_FLOAT || x2->dtype == ACL_FLOAT) ? ACL_FLOAT : x1->dtype;
    if ((pd == ACL_FLOAT || pd == ACL_FLOAT16 || pd == ACL_BF16) && (st = cube_math(api, CUBE_MATMUL, pd, *cmt, &math)))
        return st;
    if (scale && bsf != 1)
        return ACLEMU_PARAM_ERROR(api, "batch_split_factor should be 1 when the scale is not null.");
    if (x1->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Format of x1 or out cannot be FORMAT_FRACTAL_NZ.");
    if (x1->dtype != x2->dtype)
        return ACLEMU_PARAM_ERROR(api, "x1's dtype [%s] and x2's dtype [%s] are not equal.",
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(x2->dtype));
    aclemu_dtype_set in_dts = aclemu_chip_dtypes(ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16));
    aclemu_dtype_set out_dts = in_dts | ACLEMU_DT(ACL_INT8);
    if (x2->format == ACL_FORMAT_FRACTAL_NZ) {
        in_dts = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
        out_dts = in_dts | ACLEMU_DT(ACL_INT8);
    }
    if ((st = aclemu_check_dtype(api, x1, "x1", in_dts)) || (st = aclemu_check_dtype(api, x2, "x2", in_dts)))
        return st;
    if (scale && ((st = aclemu_check_dtype(api, scale, "scale", ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT64))) ||
                  (st = aclemu_check_dtype(api, x1, "x1", ACLEMU_DT(ACL_FLOAT16))) ||
                  (st = aclemu_check_dtype(api, x2, "x2", ACLEMU_DT(ACL_FLOAT16)))))
        return st;
    if ((st = aclemu_check_dtype(api, out, "out", out_dts)))
        return st;
    if (x2->format == ACL_FORMAT_FRACTAL_NZ && !is950 && x1->dtype != out->dtype)
        return ACLEMU_PARAM_ERROR(api, "x1's dtype [%s] and out's dtype [%s] are not equal in DAV_2201.",
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(out->dtype));
    if (scale && out->dtype != ACL_INT8)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be DT_INT8 when the scale is not null.",
                                  aclemu_dtype_name(out->dtype));
    /* shapes */
    int ok1 = perm_is(p1, 1, 0, 2) || perm_is(p1, 0, 1, 2), ok2 = perm_is(p2, 0, 1, 2) || perm_is(p2, 0, 2, 1);
    if (!ok1)
        return ACLEMU_PARAM_ERROR(api, "the perm of x1 should be [0, 1, 2] or [1, 0, 2].");
    if (!ok2)
        return ACLEMU_PARAM_ERROR(api, "the perm of x2 should be [0, 1, 2] or [0, 2, 1].");
    if (!perm_is(py, 1, 0, 2))
        return ACLEMU_PARAM_ERROR(api, "the perm of y should be [1, 0, 2].");
    int64_t K1 = x1->shape[p1->data[2]], K2 = x2->shape[p2->data[1]], B = x2->shape[p2->data[0]],
            N = x2->shape[p2->data[2]];
    if (K1 != K2)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s",
                                  cube_shape_str(x1, s1, sizeof s1), cube_shape_str(x2, s2, sizeof s2));
    if (!is950) {
        int x1t = perm_is(p1, 1, 0, 2), x2t = perm_is(p2, 0, 2, 1);
        if (N >= TBMM_INNER_AXIS || B >= TBMM_INNER_AXIS)
            return ACLEMU_PARAM_ERROR(api, "Batch and N should be less than 65536.");
        if (!x1t && K1 >= TBMM_INNER_AXIS)
            return ACLEMU_PARAM_ERROR(api, "When x1 is not transposed([B,M,K]), K should be less than 65536.");
        if (x1t && (K1 >= TBMM_INNER_AXIS || B * K1 >= TBMM_INNER_AXIS) && (scale || bsf != 1))
            return ACLEMU_PARAM_ERROR(api, "When x1 is transposed([M,B,K]) and Batch * K > 65535, input scale or "
                                           "batch_split_factor != 1 are not supported.");
        if (x2t && (scale || bsf != 1 || !x1t))
            return ACLEMU_PARAM_ERROR(api, "When x2 is transposed, input scale or batch_split_factor != 1 are not "
                                           "supported, permX1 must be [1,0,2].");
    }
    if (scale) {
        if (scale->ndim != 1 || scale->shape[0] != B * N)
            return ACLEMU_PARAM_ERROR(api, "dimTensorScale[%u] != 1 or the length of the first dim of scale != batch * N",
                                      scale->ndim);
        if (!is950 && B * N >= TBMM_INNER_AXIS)
            return ACLEMU_PARAM_ERROR(api, "batch * N should be less than 65536.");
    }
    if (bsf <= 0)
        return ACLEMU_PARAM_ERROR(api, "batch_split_factor[%d] should be greater than 0.", bsf);
    int64_t Bx1 = x1->shape[p1->data[0]];
    if (bsf > 1 && Bx1 % bsf != 0)
        return ACLEMU_PARAM_ERROR(api, "batch_split_factor[%d] should be factor of batch[%lld]", bsf, (long long)Bx1);
    if (x2->format == ACL_FORMAT_FRACTAL_NZ) {
        if (x2->shape[1] == 1 || x2->shape[2] == 1)
            return ACLEMU_PARAM_ERROR(api, "The k-axis or n-axis cannot be 1 when the format is nz.");
        if (x2->storage_ndim != 5)
            return ACLEMU_PARAM_ERROR(api, "Only supports x2 storageShapeDim is 5, which is [%u].", x2->storage_ndim);
    }
    if (nz_api && x2->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Format of x2 must be FRACTAL_NZ, actual is %s.", aclemu_format_name(x2->format));
    if (aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(x2) == 0)
        return ACLEMU_PARAM_ERROR(api, "%s does not support empty tensor.", api);
    if (bias)
        return ACLEMU_PARAM_ERROR(api, "The bias is not supported in TBMM.");
    if (Bx1 != B)
        return ACLEMU_PARAM_ERROR(api, "batch must be equal, shapes of x1 and x2 are %s, %s.",
                                  cube_shape_str(x1, s1, sizeof s1), cube_shape_str(x2, s2, sizeof s2));
    if ((x2->format != ACL_FORMAT_FRACTAL_NZ && (st = aclemu_check_format(api, x2, "x2"))) ||
        (st = aclemu_check_shape(api, x1, "x1", 3)) ||
        (x2->format != ACL_FORMAT_FRACTAL_NZ && (st = aclemu_check_shape(api, x2, "x2", 3))) ||
        (scale && (st = aclemu_check_shape(api, scale, "scale", 1))))
        return st;
    /* output shape of the real infershape */
    int64_t M = x1->shape[p1->data[1]], ys[3] = {M, B, N};
    if (scale) {
        ys[1] = 1;
        ys[2] = B * N;
    }
    if (bsf > 1) {
        ys[0] = bsf;
        ys[1] = M;
        ys[2] = B * N / bsf;
    }
    return aclemu_check_shape_is(api, out, "out", ys, 3);
}

static aclnnStatus tbmm(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
                        const aclTensor *scale, const aclIntArray *p1, const aclIntArray *p2, const aclIntArray *py,
                        int8_t cmt, int32_t bsf, aclTensor *out, int nz_api)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st = tbmm_check(api, x1, x2, bias, scale, p1, p2, py, &cmt, bsf, out, nz_api);
    if (st)
        return st;
    const int64_t B = x1->shape[p1->data[0]], M = x1->shape[p1->data[1]], K = x1->shape[p1->data[2]];
    const int64_t N = x2->shape[p2->data[2]], Bs = B / bsf;
    /* the L0 kernel only looks at USE_HF32: every other mode computes in the input dtype */
    int32_t math = (cmt == CUBE_USE_HF32 && x1->dtype == ACL_FLOAT) ? GEMM_MATH_HF32 : GEMM_MATH_KEEP;
    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, math);
    mm_bind(mm.bind, x1, x2, out, NULL, NULL);
    /* batch b = s * Bs + b' as two batch dims (s, b') so the split layout is a plain view */
    mm.d.nbatch_dims = 2;
    mm.d.batch_shape[0] = bsf;
    mm.d.batch_shape[1] = Bs;
    cube_view(&mm.d.a, CUBE_OP_A, x1, (int)p1->data[1], (int)p1->data[2], 0, 0);
    mm.d.a.bstride[0] = Bs * x1->stride[p1->data[0]];
    mm.d.a.bstride[1] = x1->stride[p1->data[0]];
    if (x2->format == ACL_FORMAT_FRACTAL_NZ) {
        if (!perm_is(p2, 0, 1, 2))
            return ACLEMU_PARAM_ERROR(api, "permX2 [0, 2, 1] with a FRACTAL_NZ x2 is not supported by the emulator.");
        if ((st = weight_nz_view_batched(api, &mm.d.b, CUBE_OP_B, x2, 1)))
            return st;
        int64_t per = mm.d.b.bstride[0];
        mm.d.b.bstride[0] = Bs * per;
        mm.d.b.bstride[1] = per;
    } else {
        cube_view(&mm.d.b, CUBE_OP_B, x2, (int)p2->data[1], (int)p2->data[2], 0, 0);
        mm.d.b.bstride[0] = Bs * x2->stride[p2->data[0]];
        mm.d.b.bstride[1] = x2->stride[p2->data[0]];
    }
    /* out element of Y[s*Bs + b', m, n] in a tensor of out's shape with strides o[] */
    int direct = !scale && out->dtype == x1->dtype;
    int64_t o[3];
    if (direct) {
        memcpy(o, out->stride, sizeof o);
        cube_view(&mm.d.c, CUBE_OP_C, out, -1, -1, 0, 0);
    } else {
        o[2] = 1;
        o[1] = out->shape[2];
        o[0] = out->shape[1] * out->shape[2];
        cube_view_raw(&mm.d.c, CUBE_OP_C, scale ? GEMM_F32 : cube_gemm_dtype(x1->dtype), 0, 0);
    }
    if (bsf > 1) { /* (s, M, Bs*N) */
        mm.d.c.bstride[0] = o[0];
        mm.d.c.bstride[1] = N * o[2];
        mm.d.c.rs = o[1];
    } else if (scale) { /* (M, 1, B*N) */
        mm.d.c.bstride[1] = N * o[2];
        mm.d.c.rs = o[0];
    } else { /* (M, B, N) */
        mm.d.c.bstride[1] = o[1];
        mm.d.c.rs = o[0];
    }
    mm.d.c.cs = o[2];
    if (direct)
        return cube_launch_gemm(ex, &mm.d, mm.bind);
    int64_t numel = aclemu_tensor_numel(out);
    aclDataType mid = scale ? ACL_FLOAT : x1->dtype;
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)numel * aclemu_dtype_size(mid));
    mm.bind[CUBE_OP_C].t = NULL;
    mm.bind[CUBE_OP_C].ws_off = ws;
    if ((st = cube_launch_gemm(ex, &mm.d, mm.bind)))
        return st;
    if (scale)
        return cube_launch_post(ex, out, ws, scale, CUBE_POST_QUANT);
    /* the real op casts its x1-dtype result to out's dtype */
    return cube_launch_copy(ex, out, -1, out->dtype, NULL, ws, mid);
}

aclnnStatus aclemu_plan_TransposeBatchMatMul(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                             const aclTensor *bias, const aclTensor *scale, const aclIntArray *permX1,
                                             const aclIntArray *permX2, const aclIntArray *permY, int8_t cubeMathType,
                                             const int32_t batchSplitFactor, aclTensor *out)
{
    return tbmm(executor, x1, x2, bias, scale, permX1, permX2, permY, cubeMathType, batchSplitFactor, out, 0);
}

aclnnStatus aclemu_plan_TransposeBatchMatMulWeightNz(aclOpExecutor *executor, const aclTensor *x1,
                                                     const aclTensor *x2, const aclTensor *bias,
                                                     const aclTensor *scale, const aclIntArray *permX1,
                                                     const aclIntArray *permX2, const aclIntArray *permY,
                                                     int8_t cubeMathType, const int32_t batchSplitFactor,
                                                     aclTensor *out)
{
    return tbmm(executor, x1, x2, bias, scale, permX1, permX2, permY, cubeMathType, batchSplitFactor, out, 1);
}
