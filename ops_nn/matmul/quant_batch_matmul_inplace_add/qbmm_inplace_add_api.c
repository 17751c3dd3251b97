/* aclnnQuantBatchMatmulInplaceAdd (ops-nn matmul/quant_batch_matmul_inplace_add, 950 only):
 *   yRef[m, n] += sum_j (sum_{k in block j} x1[m, k] * x2[k, n]) * 2^(x1Scale[j, m] - 127) * 2^(x2Scale[j, n] - 127)
 * with x1 given as (K, M) (transposeX1 = true), x2 as (K, N), FLOAT8_E4M3FN / E5M2 elements,
 * FLOAT8_E8M0 scales of shape (ceil(K / 64), M | N, 2) (blocks of 32 along K, the last one may be
 * short), FP32 accumulation as the Cube unit's L0C and the addition to yRef in FP32 (the fixpipe's
 * in-place accumulate). Checks in the real op_api's order (aclnn_quant_batch_matmul_inplace_add.cpp):
 * nulls, the 2-D ranks, groupSize inference and check, formats, dtypes (the MX / HIFLOAT8 routes),
 * shapes; m = 0 or n = 0 succeeds with nothing to run. The HIFLOAT8 per-tensor route (x1 / x2
 * HIFLOAT8 decoded exactly by quant_from_hif8, FLOAT32 one-element scales): FP32 sums, then
 * yRef += (acc * x2Scale) * x1Scale in FP32 (the fixpipe's per-tensor dequant and atomic add);
 * other chips have no kernel (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "qf8_plan.h"

static aclnnStatus dim_is(const char *api, const aclTensor *t, const char *name, uint32_t want, const char *why)
{
    if (t->ndim != want)
        return ACLEMU_PARAM_ERROR(api, "%s shape dim is %uD, %sthe shape dim of %s must be %u.", name, t->ndim,
                                  why, name, want);
    return ACLNN_SUCCESS;
}

static int is_fp8(aclDataType d) { return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2; }

static int is_mx(const aclTensor *s1, const aclTensor *s2)
{
    return s1->dtype == ACL_FLOAT8_E8M0 && s2->dtype == ACL_FLOAT8_E8M0;
}

/* ReCalcGroupSize of the op_api: infer a 0 group size from input / scale extents. */
static aclnnStatus recalc(const char *api, int64_t in, int64_t sc, uint64_t *g, const char *dim)
{
    int isn = strcmp(dim, "n") == 0;
    const char *sname = isn ? "x2Scale(scale)" : "x1Scale(pertokenScale)";
    if (sc == 0) {
        if (in == 0) {
            if (*g == 0)
                *g = 1;
            return ACLNN_SUCCESS;
        }
        return ACLEMU_PARAM_ERROR(api, "%s dimension of %s is 0: the %s dimension of %s must be positive.", dim, sname,
                                  dim, sname);
    }
    if (*g == 0) {
        if (in % sc != 0)
            return ACLEMU_PARAM_ERROR(api,
                                      "%s dimension of %s, %s dimension of %s are %lld, %lld: when groupSize in %s "
                                      "dimension is 0, the %s dimension of %s must be divisible by the %s dimension "
                                      "of %s to infer the real groupSize.",
                                      dim, isn ? "x2" : "x1", dim, sname, (long long)in, (long long)sc, dim, dim,
                                      isn ? "x2" : "x1", dim, sname);
        *g = (uint64_t)(in / sc);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus infer_group(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *s1,
                               const aclTensor *s2, bool t1, bool t2, int64_t *groupSize)
{
    if (s1->ndim < 2 || s2->ndim < 2)
        return ACLNN_SUCCESS;
    uint64_t gm, gn, gk;
    qf8_group_size(*groupSize, &gm, &gn, &gk);
    int mx = is_mx(s1, s2);
    int64_t inM = x1->shape[t1 ? 1 : 0], inK = x1->shape[t1 ? 0 : 1], inN = x2->shape[t2 ? 0 : 1];
    int64_t scM = mx ? s1->shape[t1 ? 1 : 0] : s1->shape[t1 ? s1->ndim - 1 : s1->ndim - 2];
    int64_t scK = mx ? s1->shape[t1 ? 0 : 1] * 2 : s1->shape[t1 ? s1->ndim - 2 : s1->ndim - 1];
    int64_t scN = mx ? s2->shape[t2 ? 0 : 1] : s2->shape[t2 ? s2->ndim - 2 : s2->ndim - 1];
    aclnnStatus st;
    if ((st = recalc(api, inM, scM, &gm, "m")) || (st = recalc(api, inK, scK, &gk, "k")) ||
        (st = recalc(api, inN, scN, &gn, "n")))
        return st;
    *groupSize = (int64_t)((gm << 32) | (gn << 16) | gk);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_group(const char *api, const aclTensor *s1, const aclTensor *s2, int64_t g)
{
    uint64_t gm, gn, gk;
    qf8_group_size(g, &gm, &gn, &gk);
    if (is_mx(s1, s2)) {
        if (gk != 32 || gm != 1 || gn != 1)
            return ACLEMU_PARAM_ERROR(api,
                                      "groupSize, groupSizeM, groupSizeN, groupSizeK are %lld, %llu, %llu, %llu: when "
                                      "the quantization mode is mx, groupSize must be 4295032864 and Torch API "
                                      "group_sizes must be [1, 1, 32].",
                                      (long long)g, (unsigned long long)gm, (unsigned long long)gn,
                                      (unsigned long long)gk);
    } else if (g != 0) {
        return ACLEMU_PARAM_ERROR(api,
                                  "groupSize, groupSizeM, groupSizeN, groupSizeK are %lld, %llu, %llu, %llu: when the "
                                  "quantization mode is not mx, groupSize must be 0 and Torch API group_sizes must be "
                                  "[0, 0, 0] or None.",
                                  (long long)g, (unsigned long long)gm, (unsigned long long)gn, (unsigned long long)gk);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_format(const char *api, const aclTensor *t, const char *name)
{
    if (t->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "%s format %s is invalid: the format of %s must be ND.", name,
                                  aclemu_format_name(t->format), name);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_x_dtypes(const char *api, const aclTensor *x1, const aclTensor *x2)
{
    static const char list[] = "[DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2, DT_HIFLOAT8]";
    if (!is_fp8(x1->dtype) && x1->dtype != ACL_HIFLOAT8)
        return ACLEMU_PARAM_ERROR(api, "x1 dtype %s is invalid: the dtype of x1 must be in dtype support list %s.",
                                  aclemu_dtype_name(x1->dtype), list);
    if (!is_fp8(x2->dtype) && x2->dtype != ACL_HIFLOAT8)
        return ACLEMU_PARAM_ERROR(api, "x2 dtype %s is invalid: the dtype of x2 must be in dtype support list %s.",
                                  aclemu_dtype_name(x2->dtype), list);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_dtypes(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *s1,
                                const aclTensor *s2, const aclTensor *y)
{
    aclnnStatus st;
    if (is_fp8(x1->dtype) && is_fp8(x2->dtype)) {
        static const char mxw[] = "when the quantization mode is mx, ";
        if ((st = dim_is(api, s2, "x2Scale", 3, mxw)) || (st = dim_is(api, s1, "x1Scale", 3, mxw)))
            return st;
        if ((st = check_x_dtypes(api, x1, x2)))
            return st;
        if (s1->dtype != ACL_FLOAT8_E8M0)
            return ACLEMU_PARAM_ERROR(api, "x1Scale dtype %s is invalid: when the quantization mode is mx, the dtype "
                                           "of x1Scale must be FLOAT8_E8M0.", aclemu_dtype_name(s1->dtype));
        if (s2->dtype != ACL_FLOAT8_E8M0)
            return ACLEMU_PARAM_ERROR(api, "x2Scale dtype %s is invalid: when the quantization mode is mx, the dtype "
                                           "of x2Scale must be FLOAT8_E8M0.", aclemu_dtype_name(s2->dtype));
    } else if (x1->dtype == ACL_HIFLOAT8 && x2->dtype == ACL_HIFLOAT8) {
        if ((st = check_x_dtypes(api, x1, x2)))
            return st;
        static const char ptw[] = "when the quantization mode is HiFloat8 per-tensor, ";
        if (s1->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "x1Scale dtype %s is invalid: %sthe dtype of x1Scale must be FLOAT32.",
                                      aclemu_dtype_name(s1->dtype), ptw);
        if (s2->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "x2Scale dtype %s is invalid: %sthe dtype of x2Scale must be FLOAT32.",
                                      aclemu_dtype_name(s2->dtype), ptw);
        if (y->dtype != ACL_FLOAT)
            return ACLEMU_PARAM_ERROR(api, "yRef dtype %s is invalid: the dtype of yRef must be in dtype support list "
                                           "[DT_FLOAT].", aclemu_dtype_name(y->dtype));
        if ((st = dim_is(api, s1, "x1Scale", 1, ptw)) || (st = dim_is(api, s2, "x2Scale", 1, ptw)))
            return st;
        if (s1->shape[0] != 1 || s2->shape[0] != 1)
            return ACLEMU_PARAM_ERROR(api, "%s shape is invalid: %sthe shape of %s must be [1].",
                                      s1->shape[0] != 1 ? "x1Scale" : "x2Scale", ptw,
                                      s1->shape[0] != 1 ? "x1Scale" : "x2Scale");
        return ACLNN_SUCCESS;
    } else {
        return ACLEMU_PARAM_ERROR(api,
                                  "x1, x2, x1Scale, x2Scale dtypes are %s, %s, %s, %s: when the dtypes of x1 and x2 "
                                  "are %s and %s, and the dtypes of x1Scale and x2Scale are %s and %s, this dtype "
                                  "combination can not be supported.",
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(x2->dtype),
                                  aclemu_dtype_name(s1->dtype), aclemu_dtype_name(s2->dtype),
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(x2->dtype),
                                  aclemu_dtype_name(s1->dtype), aclemu_dtype_name(s2->dtype));
    }
    if (y->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "yRef dtype %s is invalid: the dtype of yRef must be in dtype support list "
                                       "[DT_FLOAT].", aclemu_dtype_name(y->dtype));
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_is(const char *api, const aclTensor *t, const char *name, const int64_t *want, uint32_t n)
{
    int ok = t->ndim == n;
    for (uint32_t i = 0; ok && i < n; i++) ok = t->shape[i] == want[i];
    if (!ok) {
        char a[96], b[96];
        return ACLEMU_PARAM_ERROR(api, "%s shape %s is invalid: the shape of %s must be %s.", name,
                                  aclemu_shape_str(t->shape, t->ndim, a, sizeof a), name,
                                  aclemu_shape_str(want, n, b, sizeof b));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_shapes(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *s1,
                                const aclTensor *s2, const aclTensor *y, bool t1, bool t2, int64_t *pm, int64_t *pk,
                                int64_t *pn)
{
    if (!t1 || t2)
        return ACLEMU_PARAM_ERROR(api, "transposeX1, transposeX2 are %s, %s: transposeX1 must be true and transposeX2 "
                                       "must be false.", t1 ? "true" : "false", t2 ? "true" : "false");
    int64_t m = x1->shape[1], k = x1->shape[0], n = x2->shape[1], k2 = x2->shape[0];
    if (k != k2)
        return ACLEMU_PARAM_ERROR(api, "x1 K, x2 K are %lld, %lld: the K dimension of x1 and x2 must be equal.",
                                  (long long)k, (long long)k2);
    if (m != y->shape[0])
        return ACLEMU_PARAM_ERROR(api, "x1 M, yRef M are %lld, %lld: the M dimension of x1 and yRef must be equal.",
                                  (long long)m, (long long)y->shape[0]);
    if (n != y->shape[1])
        return ACLEMU_PARAM_ERROR(api, "x2 N, yRef N are %lld, %lld: the N dimension of x2 and yRef must be equal.",
                                  (long long)n, (long long)y->shape[1]);
    if (m < 0)
        return ACLEMU_PARAM_ERROR(api, "x1 M is %lld: the M dimension of x1 must be non-negative.", (long long)m);
    if (k <= 0)
        return ACLEMU_PARAM_ERROR(api, "K is %lld: the K dimension of x1 and x2 must be positive.", (long long)k);
    if (n < 0)
        return ACLEMU_PARAM_ERROR(api, "x2 N is %lld: the N dimension of x2 must be non-negative.", (long long)n);
    int mx = is_mx(s1, s2);
    if (mx && s1->shape[2] != 2)
        return ACLEMU_PARAM_ERROR(api, "x1Scale shape is invalid: when the quantization mode is mx, the last "
                                       "dimension of x1Scale must be 2.");
    if (mx && s2->shape[2] != 2)
        return ACLEMU_PARAM_ERROR(api, "x2Scale shape is invalid: when the quantization mode is mx, the last "
                                       "dimension of x2Scale must be 2.");
    int64_t kb = (k + 63) / 64;
    int64_t ex1[2] = {k, m}, ex2[2] = {k, n}, ey[2] = {m, n}, one[1] = {1};
    int64_t es1[3] = {kb, m, 2}, es2[3] = {kb, n, 2};
    aclnnStatus st;
    if ((st = shape_is(api, x1, "x1", ex1, 2)) || (st = shape_is(api, s1, "x1Scale", mx ? es1 : one, mx ? 3 : 1)) ||
        (st = shape_is(api, x2, "x2", ex2, 2)) || (st = shape_is(api, s2, "x2Scale", mx ? es2 : one, mx ? 3 : 1)) ||
        (st = shape_is(api, y, "yRef", ey, 2)))
        return st;
    *pm = m;
    *pk = k;
    *pn = n;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_QuantBatchMatmulInplaceAdd(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                                   const aclTensor *x1Scale, const aclTensor *x2Scale, aclTensor *yRef,
                                                   bool transposeX1, bool transposeX2, int64_t groupSize)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, x2Scale, "x2Scale")) || (st = aclemu_check_notnull(api, yRef, "yRef")) ||
        (st = aclemu_check_notnull(api, x1Scale, "x1ScaleOptional")))
        return st;
    if ((st = dim_is(api, x1, "x1", 2, "")) || (st = dim_is(api, x2, "x2", 2, "")) ||
        (st = dim_is(api, yRef, "yRef", 2, "")))
        return st;
    if ((st = infer_group(api, x1, x2, x1Scale, x2Scale, transposeX1, transposeX2, &groupSize)) ||
        (st = check_group(api, x1Scale, x2Scale, groupSize)))
        return st;
    if ((st = check_format(api, x1, "x1")) || (st = check_format(api, x2, "x2")) ||
        (st = check_format(api, x2Scale, "x2Scale")) || (st = check_format(api, yRef, "yRef")) ||
        (st = check_format(api, x1Scale, "x1Scale")))
        return st;
    int64_t m = 0, k = 0, n = 0;
    if ((st = check_dtypes(api, x1, x2, x1Scale, x2Scale, yRef)) ||
        (st = check_shapes(api, x1, x2, x1Scale, x2Scale, yRef, transposeX1, transposeX2, &m, &k, &n)))
        return st;
    if (m == 0 || n == 0)
        return ACLNN_SUCCESS; /* the real op_api returns before building the kernel */
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    const int hif8 = x1->dtype == ACL_HIFLOAT8;
    /* x1 (K, M) viewed as (m, k); x1Scale (kb, M, 2): (m, k) -> (k / 64) * s0 + m * s1 + ((k / 32) & 1) * s2 */
    qf8_operand a = {x1, 0, x1->stride[1], x1->stride[0], 0, 0, 0, 0,
                     x1Scale, 0, x1Scale->stride[1], x1Scale->stride[0], x1Scale->stride[2]};
    qf8_operand b = {x2, 0, x2->stride[1], x2->stride[0], 0, 0, 0, 0,
                     x2Scale, 0, x2Scale->stride[1], x2Scale->stride[0], x2Scale->stride[2]};
    if (hif8) /* T-T: FLOAT per-tensor scales applied after the sums */
        a.scale = b.scale = NULL;
    int64_t wa, wb;
    if ((st = qf8_decode(ex, &a, 1, m, k, &wa)) || (st = qf8_decode(ex, &b, 1, n, k, &wb)))
        return st;
    /* yRef = A (M, K) @ B (K, N) + yRef: the engine adds beta * D in FP32 after the FP32 sums */
    gemm_desc d;
    qf8_gemm_desc(&d, m, n, k);
    d.beta = 1.0f;
    if (hif8) { /* FP32 sums to the workspace, then yRef += (acc * x2Scale) * x1Scale */
        int64_t wc = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(m * n) * 4u);
        d.beta = 0.0f;
        cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, n, 1);
        cube_bind hb[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {NULL, wc}, {NULL, -1}, {NULL, -1}};
        if ((st = cube_launch_gemm(ex, &d, hb)))
            return st;
        return qf8_dequant_add_pt(ex, wc, yRef, yRef->stride[0], yRef->stride[1], x1Scale, x2Scale, m, n);
    }
    cube_view(&d.c, CUBE_OP_C, yRef, 0, 1, 0, 0);
    cube_view(&d.d, CUBE_OP_D, yRef, 0, 1, 0, 0);
    cube_bind bind[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {yRef, -1}, {yRef, -1}, {NULL, -1}};
    return cube_launch_gemm(ex, &d, bind);
}
