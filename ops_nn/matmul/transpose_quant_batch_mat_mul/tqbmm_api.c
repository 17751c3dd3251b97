/* aclnnTransposeQuantBatchMatMul (+WeightNz) (ops-nn matmul/transpose_quant_batch_mat_mul, 950
 * only): Y[b] = X1[b] @ X2[b] with X1 = permute(x1 (M, B, K), [1, 0, 2]), X2 = x2 (B, K, N) or
 * permute(x2 (B, N, K), [0, 2, 1]), written as out (M, B, N) (permY [1, 0, 2]). FP8 products are
 * exact and summed in FP32 (the Cube unit's L0C); then
 *  - K-C (FLOAT8_E4M3FN / E5M2, FLOAT32 x1Scale (M), x2Scale (N); K = 512, N = 128 as the op_api
 *    demands): out = cast((acc * x2Scale[n]) * x1Scale[m]) in the arch35 kernel's VFDoDequant
 *    order (transpose_quant_batch_mat_mul_asw_kernel_advanced.h), rounded to nearest even;
 *  - MX (FLOAT8_E4M3FN, FLOAT8_E8M0 scales (M, B, K/64, 2) and (B, K/64, N, 2) / (B, N, K/64, 2),
 *    K a multiple of 64): each 32-element K block's products times 2^(s1 - 127) * 2^(s2 - 127),
 *    the FP32 sum cast once to out (FLOAT16 / BFLOAT16).
 * The WeightNz API takes x2 in FRACTAL_NZ (MX only, 5-D storage [B, C1, R1, 16, 32] of the (R, C)
 * matrix x2's last two dims), read in place. Checks in the real op_api's order
 * (aclnn_transpose_quant_batch_mat_mul.cpp): platform (only the 950: 161002), nulls, perms,
 * shapes, dtypes, formats, groupSize, batchSplitFactor, empty inputs, bias (reserved: must be
 * null). T-C (HIFLOAT8 x1 / x2 decoded by quant_from_hif8, UINT64 / INT64 x2Scale quant parameters
 * (N) or (1)): out = cast(acc * FP19(x2Scale[n])), the HIFP8 path of the arch35 kernel, where the
 * fixpipe applies the scale vector and x1Scale is not read; a HIFLOAT8 out is refused (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "qf8_plan.h"

#define TQ_NAME "aclnnTransposeQuantBatchMatMulGetWorkspaceSize"

static int is_mx(const aclTensor *s1, const aclTensor *s2)
{
    return s1 && s2 && s1->dtype == ACL_FLOAT8_E8M0 && s2->dtype == ACL_FLOAT8_E8M0;
}

static int is_hif8(const aclTensor *x1, const aclTensor *x2)
{
    return x1->dtype == ACL_HIFLOAT8 && x2->dtype == ACL_HIFLOAT8;
}

static int perm_is(const aclIntArray *p, int64_t a, int64_t b, int64_t c)
{
    return p->data[0] == a && p->data[1] == b && p->data[2] == c;
}

static aclnnStatus null_err(const char *name)
{
    return ACLEMU_NULL_ERROR(TQ_NAME, "%s is nullptr: The value of %s cannot be null.", name, name);
}

static aclnnStatus check_perms(const aclIntArray *p1, const aclIntArray *p2, const aclIntArray *py, int mx, int hif8)
{
    const aclIntArray *ps[3] = {p1, p2, py};
    const char *names[3] = {"permX1", "permX2", "permY"};
    for (int i = 0; i < 3; i++)
        if (ps[i]->size != 3)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "The size of %s is %llu, it should be 3.", names[i],
                                      (unsigned long long)ps[i]->size);
    int ok2 = perm_is(p2, 0, 1, 2) || ((mx || hif8) && perm_is(p2, 0, 2, 1));
    if (!perm_is(p1, 1, 0, 2))
        return ACLEMU_PARAM_ERROR(TQ_NAME, "permX1 is [%lld, %lld, %lld]: The value of permX1 must be [1, 0, 2].",
                                  (long long)p1->data[0], (long long)p1->data[1], (long long)p1->data[2]);
    if (!ok2)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "permX2 is [%lld, %lld, %lld]: The value of permX2 must be %s",
                                  (long long)p2->data[0], (long long)p2->data[1], (long long)p2->data[2],
                                  (mx || hif8) ? "[0, 1, 2] or [0, 2, 1]." : "[0, 1, 2].");
    if (!perm_is(py, 1, 0, 2))
        return ACLEMU_PARAM_ERROR(TQ_NAME, "permY is [%lld, %lld, %lld]: The value of permY must be [1, 0, 2].",
                                  (long long)py->data[0], (long long)py->data[1], (long long)py->data[2]);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_scales(const aclTensor *s1, const aclTensor *s2, int64_t B, int64_t m, int64_t n, int64_t k,
                                const aclIntArray *p2, int mx, int hif8)
{
    char sb[96];
    int64_t g = ((k + 31) / 32 + 1) / 2;
    if (!hif8) {
        if (mx) {
            if (s1->ndim != 4)
                return ACLEMU_PARAM_ERROR(TQ_NAME, "x1Scale shape dim is %u: In MXFp8 scene, the shape dim of x1Scale "
                                                   "must be 4.", s1->ndim);
            if (s1->shape[0] != m || s1->shape[1] != B || s1->shape[2] != g || s1->shape[3] != 2)
                return ACLEMU_PARAM_ERROR(TQ_NAME, "x1Scale shape %s is invalid: In MXFp8 scene, the shape of x1Scale "
                                                   "must be [%lld, %lld, %lld, 2].",
                                          aclemu_shape_str(s1->shape, s1->ndim, sb, sizeof sb), (long long)m,
                                          (long long)B, (long long)g);
        } else {
            if (s1->ndim != 1)
                return ACLEMU_PARAM_ERROR(TQ_NAME, "x1Scale shape dim is %u: The shape dim of x1Scale must be 1.",
                                          s1->ndim);
            if (s1->shape[0] != m)
                return ACLEMU_PARAM_ERROR(TQ_NAME, "x1Scale shape size is %lld: Shape[0] of x1Scale must be equal to "
                                                   "m-axis of x1 (%lld).", (long long)s1->shape[0], (long long)m);
        }
    }
    if (mx) {
        if (s2->ndim != 4)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2Scale shape dim is %u: In MXFp8 scene, the shape dim of x2Scale must "
                                               "be 4.", s2->ndim);
        int64_t dims[3] = {B, g, n};
        if (s2->shape[0] != B || s2->shape[p2->data[2]] != n || s2->shape[p2->data[1]] != g || s2->shape[3] != 2)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2Scale shape %s is invalid: In MXFp8 scene, the shape of x2Scale must "
                                               "be [%lld, %lld, %lld, 2].",
                                      aclemu_shape_str(s2->shape, s2->ndim, sb, sizeof sb), (long long)B,
                                      (long long)dims[p2->data[1]], (long long)dims[p2->data[2]]);
    } else {
        if (s2->ndim != 1)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2Scale shape dim is %u: The shape dim of x2Scale must be 1.", s2->ndim);
        if (s2->shape[0] != n)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2Scale shape size is %lld: Shape[0] of x2Scale must be equal to "
                                               "n-axis of x2 (%lld).", (long long)s2->shape[0], (long long)n);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_shapes(const aclTensor *x1, const aclTensor *x2, const aclTensor *s1, const aclTensor *s2,
                                const aclIntArray *p1, const aclIntArray *p2, int mx)
{
    char a[96], b[96];
    if (x1->ndim != 3 || x2->ndim != 3)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x1, x2 shape dims are %u, %u: The shape dims of x1, x2 must be 3.",
                                  x1->ndim, x2->ndim);
    int64_t k1 = x1->shape[p1->data[2]], k2 = x2->shape[p2->data[1]], b1 = x1->shape[p1->data[0]],
            b2 = x2->shape[p2->data[0]], m = x1->shape[p1->data[1]], n = x2->shape[p2->data[2]];
    aclemu_shape_str(x1->shape, x1->ndim, a, sizeof a);
    aclemu_shape_str(x2->shape, x2->ndim, b, sizeof b);
    if (b1 != b2)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x1, x2 shapes are %s, %s: batch-axis of x1, x2 must be equal.", a, b);
    if (k1 != k2)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x1, x2 shapes are %s, %s: K-axis of x1, x2 must be equal.", a, b);
    int hif8 = is_hif8(x1, x2);
    if (!mx && !hif8) {
        if (k1 != 512 || n != 128)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2 shape %s is invalid: The k-axis and n-axis of x2 must be 512 and "
                                               "128.", b);
    } else if (mx && k1 % 64 != 0) {
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x1 shape %s is invalid: K-axis of x1 must be exactly divisible by 64.", a);
    }
    return check_scales(s1, s2, b1, m, n, k1, p2, mx, hif8);
}

static aclnnStatus dtype_err(const char *name, aclDataType dt, const char *list)
{
    return ACLEMU_PARAM_ERROR(TQ_NAME, "%s dtype %s is invalid: The dtype of %s must be in %s.", name,
                              aclemu_dtype_name(dt), name, list);
}

static aclnnStatus check_dtypes(const aclTensor *x1, const aclTensor *x2, const aclTensor *s1, const aclTensor *s2,
                                const aclTensor *out, int32_t dtype, int mx)
{
    static const char fp8[] = "[DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN]", mxfp8[] = "[DT_FLOAT8_E4M3FN]",
                      f32[] = "[DT_FLOAT]", e8[] = "[DT_FLOAT8_E8M0]", u64[] = "[DT_UINT64]";
    int hif8 = is_hif8(x1, x2);
    if (!mx) {
        if (hif8) {
            /* INT64 parameters are read as UINT64 (the op_api retags them) */
            int s1ok = !s1 || s1->dtype == ACL_UINT64 || s1->dtype == ACL_INT64;
            if (!s1ok)
                return dtype_err("x1Scale", s1->dtype, u64);
            if (s2->dtype != ACL_UINT64 && s2->dtype != ACL_INT64)
                return dtype_err("x2Scale", s2->dtype, u64);
        } else {
            if (x1->dtype != ACL_FLOAT8_E5M2 && x1->dtype != ACL_FLOAT8_E4M3FN)
                return dtype_err("x1", x1->dtype, fp8);
            if (x2->dtype != ACL_FLOAT8_E5M2 && x2->dtype != ACL_FLOAT8_E4M3FN)
                return dtype_err("x2", x2->dtype, fp8);
            if (s1->dtype != ACL_FLOAT)
                return dtype_err("x1Scale", s1->dtype, f32);
            if (s2->dtype != ACL_FLOAT)
                return dtype_err("x2Scale", s2->dtype, f32);
        }
    } else {
        if (x1->dtype != ACL_FLOAT8_E4M3FN)
            return dtype_err("x1", x1->dtype, mxfp8);
        if (x2->dtype != ACL_FLOAT8_E4M3FN)
            return dtype_err("x2", x2->dtype, mxfp8);
        (void)e8;
    }
    if (hif8) {
        if (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16 && out->dtype != ACL_HIFLOAT8)
            return dtype_err("out", out->dtype, "[DT_FLOAT16, DT_BF16, DT_HIFLOAT8]");
    } else if (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16) {
        return dtype_err("out", out->dtype, "[DT_FLOAT16, DT_BF16]");
    }
    if ((int32_t)out->dtype != dtype)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "out dtype %s is invalid: The dtype of out must be out dtype(%d).",
                                  aclemu_dtype_name(out->dtype), (int)dtype);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_params(const aclTensor *x1, const aclTensor *x2, const aclTensor *s1, const aclTensor *s2,
                                const aclTensor *out, int32_t dtype, const aclIntArray *p1, const aclIntArray *p2,
                                const aclIntArray *py, int32_t bsf, int64_t groupSize)
{
    if (!aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)))
        return ACLEMU_PARAM_ERROR(TQ_NAME, "platform is %s: The value of platform can only be DAV_3510.",
                                  aclemu_op_profile()->short_soc_version);
    if (!x1)
        return null_err("x1");
    if (!x2)
        return null_err("x2");
    if (!is_hif8(x1, x2) && !s1)
        return null_err("x1Scale");
    if (!s2)
        return null_err("x2Scale");
    if (!p1)
        return null_err("permX1");
    if (!p2)
        return null_err("permX2");
    if (!py)
        return null_err("permY");
    if (!out)
        return null_err("out");
    int mx = is_mx(s1, s2), hif8 = is_hif8(x1, x2);
    aclnnStatus st;
    if ((st = check_perms(p1, p2, py, mx, hif8)) || (st = check_shapes(x1, x2, s1, s2, p1, p2, mx)) ||
        (st = check_dtypes(x1, x2, s1, s2, out, dtype, mx)))
        return st;
    if (x2->format == ACL_FORMAT_FRACTAL_NZ) {
        if (!mx)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2 format FRACTAL_NZ is invalid: In non-mxfp8 mode case, the format "
                                               "of x2 cannot be FRACTAL_NZ.");
        if (x2->storage_ndim != 5)
            return ACLEMU_PARAM_ERROR(TQ_NAME, "x2 storage shape dim is %u: The storage shape dim of x2 must be 5.",
                                      x2->storage_ndim);
    }
    if (x1->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ ||
        (s1 && s1->format == ACL_FORMAT_FRACTAL_NZ) || s2->format == ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x1, out, x1Scale, x2Scale formats are %s, %s, %s, %s: The formats of x1, "
                                           "out, x1Scale, x2Scale cannot be FRACTAL_NZ.",
                                  aclemu_format_name(x1->format), aclemu_format_name(out->format),
                                  s1 ? aclemu_format_name(s1->format) : "null", aclemu_format_name(s2->format));
    uint64_t gm, gn, gk;
    qf8_group_size(groupSize, &gm, &gn, &gk);
    if (mx && !((gm == 0 || gm == 1) && (gn == 0 || gn == 1) && gk == 32))
        return ACLEMU_PARAM_ERROR(TQ_NAME, "groupSizeM, groupSizeN, groupSizeK are %llu, %llu, %llu: The values of "
                                           "groupSizeM and groupSizeN must be 0 or 1, and the value of groupSizeK "
                                           "must be 32.",
                                  (unsigned long long)gm, (unsigned long long)gn, (unsigned long long)gk);
    if (bsf != 1)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "batchSplitFactor is %d: The value of batchSplitFactor must be 1.", (int)bsf);
    return ACLNN_SUCCESS;
}

static aclnnStatus tq_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
                           const aclTensor *s1, const aclTensor *s2, int32_t dtype, int64_t groupSize,
                           const aclIntArray *p1, const aclIntArray *p2, const aclIntArray *py, int32_t bsf,
                           aclTensor *out, int nz_api)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st = check_params(x1, x2, s1, s2, out, dtype, p1, p2, py, bsf, groupSize);
    if (st)
        return st;
    if (nz_api && x2->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x2 format %s is invalid: The format of x2 must be FRACTAL_NZ.",
                                  aclemu_format_name(x2->format));
    char a[96], b[96];
    if (aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(x2) == 0)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "x1, x2 shapes are %s, %s: %s", aclemu_shape_str(x1->shape, x1->ndim, a, sizeof a),
                                  aclemu_shape_str(x2->shape, x2->ndim, b, sizeof b),
                                  nz_api ? "The shapes of x1, x2 cannot be empty." : "x1, x2 cannot be empty tensors.");
    if (bias)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "bias is %s: The value of bias must be null.", nz_api ? "not nullptr" : "");
    const int64_t M = x1->shape[0], B = x1->shape[1], K = x1->shape[2];
    const int x2t = perm_is(p2, 0, 2, 1);
    const int64_t N = x2->shape[x2t ? 1 : 2];
    int64_t ys[3] = {M, B, N};
    if (out->ndim != 3 || out->shape[0] != M || out->shape[1] != B || out->shape[2] != N)
        return ACLEMU_PARAM_ERROR(TQ_NAME, "out shape %s is invalid: it must be %s.",
                                  aclemu_shape_str(out->shape, out->ndim, a, sizeof a), aclemu_shape_str(ys, 3, b, sizeof b));
    if (is_hif8(x1, x2) && out->dtype == ACL_HIFLOAT8)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "the T-C route with a DT_HIFLOAT8 out is not implemented in aclemu.");
    if (is_hif8(x1, x2))
        s1 = NULL; /* T-C: only x2Scale's quant parameters reach the fixpipe (the HIFP8 kernel path) */
    const int mx = is_mx(s1, s2);
    /* x1 (M, B, K) as (b, m, k) */
    qf8_operand oa = {x1, x1->stride[1], x1->stride[0], x1->stride[2], 0, 0, 0, 0, NULL, 0, 0, 0, 0};
    if (mx) {
        oa.scale = s1;
        oa.ssb = s1->stride[1];
        oa.ssi = s1->stride[0];
        oa.ssk64 = s1->stride[2];
        oa.ss2 = s1->stride[3];
    }
    /* x2 as (b, n, k) */
    qf8_operand ob = {x2, x2->stride[0], x2->stride[x2t ? 1 : 2], x2->stride[x2t ? 2 : 1], 0, 0, 0, 0,
                      NULL, 0, 0, 0, 0};
    if (x2->format == ACL_FORMAT_FRACTAL_NZ) {
        /* storage [B, C1, R1, 16, 32] of the (R, C) matrix of x2's last two dims: (r, c) at
         * (c / 32) * R1 * 512 + r * 32 + c % 32 */
        const int64_t *ss = x2->storage_shape;
        int64_t R = x2->shape[1], C = x2->shape[2];
        if (ss[0] != B || ss[3] != 16 || ss[4] != 32 || ss[2] * 16 < R || ss[1] * 32 < C)
            return ACLEMU_PARAM_ERROR(api, "x2 storage shape %s does not hold a FRACTAL_NZ [%lld, %lld, %lld] FP8 "
                                           "tensor of [B, C1, R1, 16, 32].",
                                      aclemu_shape_str(ss, x2->storage_ndim, a, sizeof a), (long long)B, (long long)R,
                                      (long long)C);
        int64_t panel = ss[2] * 512;
        ob.sb = ss[1] * panel;
        if (!x2t) { /* R = K, C = N */
            ob.sk = 32;
            ob.si = 1;
            ob.isplit = 32;
            ob.iouter = panel;
        } else {    /* R = N, C = K */
            ob.si = 32;
            ob.sk = 1;
            ob.ksplit = 32;
            ob.kouter = panel;
        }
    }
    if (mx) {
        ob.scale = s2;
        ob.ssb = s2->stride[0];
        ob.ssi = s2->stride[x2t ? 1 : 2];
        ob.ssk64 = s2->stride[x2t ? 2 : 1];
        ob.ss2 = s2->stride[3];
    }
    int64_t wa, wb;
    if ((st = qf8_decode(ex, &oa, B, M, K, &wa)) || (st = qf8_decode(ex, &ob, B, N, K, &wb)))
        return st;
    gemm_desc d;
    qf8_gemm_desc(&d, M, N, K);
    d.nbatch_dims = 1;
    d.batch_shape[0] = B;
    d.a.bstride[0] = M * K;
    d.b.bstride[0] = N * K;
    if (mx) { /* the FP32 sums cast once to out */
        cube_view(&d.c, CUBE_OP_C, out, 0, 2, 0, 1);
        d.c.bstride[0] = out->stride[1];
        cube_bind bind[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {out, -1}, {NULL, -1}, {NULL, -1}};
        return cube_launch_gemm(ex, &d, bind);
    }
    int64_t wc = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(B * M * N) * 4u);
    cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, N, 1);
    d.c.bstride[0] = M * N;
    cube_bind bind[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {NULL, wc}, {NULL, -1}, {NULL, -1}};
    if ((st = cube_launch_gemm(ex, &d, bind)))
        return st;
    return qf8_dequant(ex, wc, out, out->stride[1], out->stride[0], out->stride[2], s1, s2, B, M, N);
}

aclnnStatus aclemu_plan_TransposeQuantBatchMatMul(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                                  const aclTensor *bias, const aclTensor *x1Scale,
                                                  const aclTensor *x2Scale, int32_t dtype, int64_t groupSize,
                                                  const aclIntArray *permX1, const aclIntArray *permX2,
                                                  const aclIntArray *permY, int32_t batchSplitFactor, aclTensor *out)
{
    return tq_plan(ex, x1, x2, bias, x1Scale, x2Scale, dtype, groupSize, permX1, permX2, permY, batchSplitFactor, out,
                   0);
}

aclnnStatus aclemu_plan_TransposeQuantBatchMatMulWeightNz(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                                          const aclTensor *bias, const aclTensor *x1Scale,
                                                          const aclTensor *x2Scale, int32_t dtype, int64_t groupSize,
                                                          const aclIntArray *permX1, const aclIntArray *permX2,
                                                          const aclIntArray *permY, int32_t batchSplitFactor,
                                                          aclTensor *out)
{
    return tq_plan(ex, x1, x2, bias, x1Scale, x2Scale, dtype, groupSize, permX1, permX2, permY, batchSplitFactor, out,
                   1);
}
