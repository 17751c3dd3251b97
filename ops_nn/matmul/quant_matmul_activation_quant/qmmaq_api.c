/* aclnnQuantMatmulActivationQuantWeightNz (ops-nn matmul/quant_matmul_activation_quant, 950):
 * matmulOut = MX FP8 x1 (m, k) @ x2 (k, n) (x2 FLOAT8_E4M3FN in FRACTAL_NZ, FLOAT8_E8M0 scales per
 * 32 K elements) + bias (FLOAT); activationOut = GELU (gelu_tanh / gelu_erf) in FP32; y / yScale
 * the dynamic MX quantisation of activationOut along n in blocks of 32 (scaleAlg 0 OCP, 1 cuBLAS).
 * aclnn_quant_matmul_activation_quant_weight_nz.cpp's order: (950) x1 / x2 null (161001), x2's
 * format FRACTAL_NZ, x2's k / n not 1; empty tensors; x1 2-6 dims, x2 storage 4-8 dims; x2's NZ
 * storage size (of [k1, n1, 16, 32] for an (n, k) x2 with transposeX2, [n1, k1, 16, 32]
 * otherwise); groupSize 0 or (1, 1, 32) packed as m << 32 | n << 16 | k; then (161002 for all)
 * nulls, the dtype combination, the MX scale ranks, bias FLOAT, x1 / x2 dtypes, E8M0 scales; x2
 * storage rank, K match, m / k / n positive, the scales' last dim 2, bias rank / size; batch
 * broadcast, x1 / x2 / scale shapes ((m, ceil(k/64), 2) / (ceil(k/64), n, 2), transposed
 * (ceil(k/64), m, 2) / (n, ceil(k/64), 2)); formats; activationType, quantMode "mx",
 * roundMode (rint only for FP8 y), scaleAlg 0 / 1.
 * aclemu refuses, as not implemented (361001): batch dims (x1 or x2 above 2-D), a y dtype other
 * than x1's (the op quantises to x1's dtype and copies the codes into y), and other chips.
 * Launches: QmmF8Decode of both operands (exact: FP8 times the power-of-two scales), CubeGemm
 * with FP32 accumulation, the FP32 bias and the fused GELU into an FP32 workspace, then the
 * QUANT_MX launch (quant_mx_launch_ws) writing y and yScale (m, ceil(n/64), 2). */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"
#include "qf8_plan.h"
#include "quant_plan.h"

#define QA_API "aclnnQuantMatmulActivationQuantWeightNzGetWorkspaceSize"

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static int is_fp8(aclDataType d) { return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2; }

static int64_t numel(const aclTensor *t)
{
    return t ? aclemu_tensor_numel(t) : 1;
}

static aclnnStatus fmt_nd(const aclTensor *t, const char *name)
{
    if (!t || t->format == ACL_FORMAT_ND)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(QA_API, "%s's format is %s: the format of %s must be ND", name,
                              aclemu_format_name(t->format), name);
}

static aclnnStatus shape_is(const aclTensor *t, const char *name, const int64_t *want, uint32_t n)
{
    char a[128], b[128];
    int ok = t->ndim == n;
    for (uint32_t i = 0; ok && i < n; i++)
        ok = t->shape[i] == want[i];
    if (ok)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(QA_API, "%s's shape is %s: the shape of %s must be %s", name,
                              aclemu_shape_str(t->shape, t->ndim, a, sizeof a), name, aclemu_shape_str(want, n, b, sizeof b));
}

aclnnStatus aclemu_plan_QuantMatmulActivationQuantWeightNz(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                                           const aclTensor *x1ScaleOptional, const aclTensor *x2Scale,
                                                           const aclTensor *biasOptional, bool transposeX1,
                                                           bool transposeX2, int64_t groupSize,
                                                           const char *activationType, const char *quantMode,
                                                           const char *roundMode, int64_t scaleAlg, double dstTypeMax,
                                                           aclTensor *yOut, aclTensor *yScaleOut)
{
    const char *api = aclemu_exec_api(ex);
    const aclTensor *s1 = x1ScaleOptional, *s2 = x2Scale, *bias = biasOptional, *y = yOut, *ys = yScaleOut;
    char b1[128], b2[128];
    (void)dstTypeMax; /* FP4 targets only; y is FP8 here */
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "support for %s is not implemented",
                               aclemu_op_profile()->short_soc_version);
    /* CheckWeightNzParamsDAV3510 */
    if (!x1)
        return ACLEMU_NULL_ERROR(api, "x1 is null: x1 can not be null");
    if (!x2)
        return ACLEMU_NULL_ERROR(api, "x2 is null: x2 can not be null");
    if (x2->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "x2's format is %s: the format of x2 must be FRACTAL_NZ",
                                  aclemu_format_name(x2->format));
    if (x2->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "x2's view must have at least 2 dims, actual %u.", x2->ndim);
    {
        int64_t d2 = x2->shape[x2->ndim - 2], d1 = x2->shape[x2->ndim - 1];
        if (d2 == 1 || d1 == 1)
            return ACLEMU_PARAM_ERROR(api, "x2 K, x2 N are %lld, %lld: when the format of x2 is FRACTAL_NZ, the k "
                                           "dimension and n dimension of x2 can not be 1",
                                      (long long)d2, (long long)d1);
    }
    /* empty tensors */
    if (numel(x1) == 0 || numel(x2) == 0 || numel(s1) == 0 || numel(s2) == 0 || (bias && numel(bias) == 0))
        return ACLEMU_PARAM_ERROR(api, "x1, x2, x1Scale, x2Scale, bias are %s, %s, ...: The shapes of x1, x2, x1Scale, "
                                       "x2Scale, bias cannot be empty",
                                  aclemu_shape_str(x1->shape, x1->ndim, b1, sizeof b1),
                                  aclemu_shape_str(x2->shape, x2->ndim, b2, sizeof b2));
    /* CheckInputOutDims */
    if (x1->ndim < 2 || x1->ndim > 6)
        return ACLEMU_PARAM_ERROR(api, "x1 is %uD: the shape dim of x1 must be in the range of 2 to 6", x1->ndim);
    if (x2->storage_ndim < 4 || x2->storage_ndim > 8)
        return ACLEMU_PARAM_ERROR(api, "x2 is %uD: the shape dim of x2 must be in the range of 4 to 8",
                                  x2->storage_ndim);
    /* x2's transposition (a view with swapped strides flips the attribute) and NZ storage size */
    const uint32_t n2 = x2->ndim;
    int tX2 = transposeX2;
    int64_t v2a = x2->shape[n2 - 2], v2b = x2->shape[n2 - 1];
    if (x2->stride[n2 - 2] == 1 && x2->stride[n2 - 1] == v2a) {
        int64_t t = v2a;
        v2a = v2b;
        v2b = t;
        tX2 = !tX2;
    }
    {
        int64_t kk = tX2 ? v2b : v2a, nn = tX2 ? v2a : v2b;
        int64_t want = tX2 ? cdiv(kk, 32) * cdiv(nn, 16) * 512 : cdiv(nn, 32) * cdiv(kk, 16) * 512, have = 1;
        for (uint32_t i = 0; i + 2 < n2; i++)
            want *= x2->shape[i];
        for (uint32_t i = 0; i < x2->storage_ndim; i++)
            have *= x2->storage_shape[i];
        if (want != have)
            return ACLEMU_PARAM_ERROR(api, "x2'format only support NZ, but now x2's format is not NZ(Ascend affinity "
                                           "format). aclnnCalculateMatmulWeightSizeV2 and aclnnTransMatmulWeight can be "
                                           "used to convert the input format from ND to Ascend affinity format.");
    }
    /* x1's transposition */
    const uint32_t n1 = x1->ndim;
    int tX1 = transposeX1;
    int64_t v1a = x1->shape[n1 - 2], v1b = x1->shape[n1 - 1];
    if (x1->stride[n1 - 2] == 1 && x1->stride[n1 - 1] == v1a && !(v1a == v1b && v1a == 1)) {
        int64_t t = v1a;
        v1a = v1b;
        v1b = t;
        tX1 = !tX1;
    }
    /* CheckGroupSize */
    if (groupSize < 0)
        return ACLEMU_PARAM_ERROR(api, "groupSize is %lld: groupSize can not be negative", (long long)groupSize);
    uint64_t gm, gn, gk;
    qf8_group_size(groupSize, &gm, &gn, &gk);
    if (!(gm == 0 && gn == 0 && gk == 0) && (gk != 32 || gm != 1 || gn != 1))
        return ACLEMU_PARAM_ERROR(api, "groupSize, groupSizeM, groupSizeN, groupSizeK are %lld, %llu, %llu, %llu: when "
                                       "the quantization mode is mx, groupSize must be 4295032864 and Torch API "
                                       "group_sizes must be [1, 1, 32]",
                                  (long long)groupSize, (unsigned long long)gm, (unsigned long long)gn,
                                  (unsigned long long)gk);
    /* CheckParams: CheckNotNull (reported as 161002) */
    const char *nn_names[] = {"x1Scale", "x2Scale", "y", "yScale"};
    const aclTensor *nn_ts[] = {s1, s2, y, ys};
    for (int i = 0; i < 4; i++)
        if (!nn_ts[i])
            return ACLEMU_PARAM_ERROR(api, "%s is null: the parameter %s must not be null", nn_names[i], nn_names[i]);
    /* CheckDtype */
    const uint32_t nb1 = n1 - 2;
    if (!(is_fp8(x1->dtype) && x2->dtype == ACL_FLOAT8_E4M3FN &&
          (y->dtype == ACL_FLOAT8_E4M3FN || (y->dtype == ACL_FLOAT8_E5M2 && ys->dtype == ACL_FLOAT8_E8M0))))
        return ACLEMU_PARAM_ERROR(api, "x1, x2, x1Scale, x2Scale, y, yScale are %s, %s, %s, %s: when the dtypes of x1 "
                                       "and x2 are %s and %s, and the dtypes of x1Scale and x2Scale are %s and %s, this "
                                       "dtype combination can not be supported",
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(x2->dtype),
                                  aclemu_dtype_name(s1->dtype), aclemu_dtype_name(s2->dtype),
                                  aclemu_dtype_name(x1->dtype), aclemu_dtype_name(x2->dtype),
                                  aclemu_dtype_name(s1->dtype), aclemu_dtype_name(s2->dtype));
    if (s2->ndim != 3 + nb1)
        return ACLEMU_PARAM_ERROR(api, "x2Scale is %uD: when the quantization mode is mx, the shape dim of x2Scale must "
                                       "be %u (batch dim of x1 %u + fixed dim 3)", s2->ndim, 3 + nb1, nb1);
    if (s1->ndim != 3 + nb1)
        return ACLEMU_PARAM_ERROR(api, "x1Scale is %uD: when the quantization mode is mx, the shape dim of x1Scale must "
                                       "be %u (batch dim of x1 %u + fixed dim 3)", s1->ndim, 3 + nb1, nb1);
    if (bias && bias->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "bias is %s: the dtype of bias must be FLOAT", aclemu_dtype_name(bias->dtype));
    if (s1->dtype != ACL_FLOAT8_E8M0)
        return ACLEMU_PARAM_ERROR(api, "x1Scale is %s: when the quantization mode is mx, the dtype of x1Scale must be "
                                       "FLOAT8_E8M0", aclemu_dtype_name(s1->dtype));
    if (s2->dtype != ACL_FLOAT8_E8M0)
        return ACLEMU_PARAM_ERROR(api, "x2Scale is %s: when the quantization mode is mx, the dtype of x2Scale must be "
                                       "FLOAT8_E8M0", aclemu_dtype_name(s2->dtype));
    /* CheckShape */
    const int64_t m = tX1 ? v1b : v1a, k = tX1 ? v1a : v1b, n = tX2 ? v2a : v2b, k2 = tX2 ? v2b : v2a;
    if (k != k2)
        return ACLEMU_PARAM_ERROR(api, "x1 K, x2 K are %lld, %lld: the K dimension of x1 and x2 must be equal",
                                  (long long)k, (long long)k2);
    if (s1->shape[s1->ndim - 1] != 2)
        return ACLEMU_PARAM_ERROR(api, "x1Scale is %s: when the quantization mode is mx, the last dimension of x1Scale "
                                       "must be 2", aclemu_shape_str(s1->shape, s1->ndim, b1, sizeof b1));
    if (s2->shape[s2->ndim - 1] != 2)
        return ACLEMU_PARAM_ERROR(api, "x2Scale is %s: when the quantization mode is mx, the last dimension of x2Scale "
                                       "must be 2", aclemu_shape_str(s2->shape, s2->ndim, b1, sizeof b1));
    if (bias) {
        if (bias->ndim != 1 && bias->ndim != 3)
            return ACLEMU_PARAM_ERROR(api, "bias is %uD: the shape dim of bias must be 1 or 3", bias->ndim);
        if (bias->ndim == 1 && bias->shape[0] != n)
            return ACLEMU_PARAM_ERROR(api, "bias dim should be equal to N dim %lld, but is %lld", (long long)n,
                                      (long long)bias->shape[0]);
        if (bias->ndim == 3 && y->ndim != 3)
            return ACLEMU_PARAM_ERROR(api, "bias is 3D: when out dim-num is %u, bias only support 1D, but is 3D",
                                      y->ndim);
    }
    {
        int64_t w1[3], w2[3];
        if (tX1) {
            w1[0] = cdiv(k, 64), w1[1] = m;
        } else {
            w1[0] = m, w1[1] = cdiv(k, 64);
        }
        if (tX2) {
            w2[0] = n, w2[1] = cdiv(k, 64);
        } else {
            w2[0] = cdiv(k, 64), w2[1] = n;
        }
        w1[2] = w2[2] = 2;
        if (nb1 == 0 && n2 == 2) {
            aclnnStatus st;
            if ((st = shape_is(s1, "x1Scale", w1, 3)) || (st = shape_is(s2, "x2Scale", w2, 3)))
                return st;
        }
    }
    /* CheckFormat */
    aclnnStatus st;
    if ((st = fmt_nd(x1, "x1")) || (st = fmt_nd(s1, "x1Scale")) || (st = fmt_nd(s2, "x2Scale")) ||
        (st = fmt_nd(bias, "bias")))
        return st;
    /* CheckOptioanlAlg (its null strings are 161002 too) */
    if (!activationType)
        return ACLEMU_PARAM_ERROR(api, "activationType is null.");
    int act = !strcmp(activationType, "gelu_tanh") ? GEMM_ACT_GELU_TANH
              : !strcmp(activationType, "gelu_erf") ? GEMM_ACT_GELU_ERF
                                                    : -1;
    if (act < 0)
        return ACLEMU_PARAM_ERROR(api, "activationType is %s: The activationType must be gelu_tanh or gelu_erf",
                                  activationType);
    if (!quantMode)
        return ACLEMU_PARAM_ERROR(api, "quantMode is null.");
    if (strcmp(quantMode, "mx"))
        return ACLEMU_PARAM_ERROR(api, "quantMode is %s: The quantMode must be mx", quantMode);
    if (!roundMode)
        return ACLEMU_PARAM_ERROR(api, "roundMode is null.");
    if (strcmp(roundMode, "rint") && strcmp(roundMode, "floor") && strcmp(roundMode, "round"))
        return ACLEMU_PARAM_ERROR(api, "roundMode is %s: roundMode optional values are rint/floor/round, it's enabled "
                                       "when dynamic mx quant, fp8 only support rint, fp4 support all", roundMode);
    if (scaleAlg != 0 && scaleAlg != 1)
        return ACLEMU_PARAM_ERROR(api, "scaleAlg is %lld: The scaleAlg optional values are 0/1", (long long)scaleAlg);
    if (is_fp8(y->dtype) && strcmp(roundMode, "rint"))
        return ACLEMU_PARAM_ERROR(api, "roundMode is %s: roundMode must be rint when the dtype of y in "
                                       "[DT_FLOAT8_E4M3FN,DT_FLOAT8_E5M2]", roundMode);
    /* aclemu's limits */
    if (nb1 || n2 != 2)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "batched x1 / x2 (x1 %uD, x2 %uD) are not implemented in aclemu.", n1, n2);
    if (y->dtype != x1->dtype)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "y of dtype %s with x1 of dtype %s (the op quantises to x1's dtype) is not implemented in "
                               "aclemu.", aclemu_dtype_name(y->dtype), aclemu_dtype_name(x1->dtype));
    {
        int64_t wy[2] = {m, n}, wys[3] = {m, cdiv(n, 64), 2};
        if ((st = shape_is(y, "y", wy, 2)) || (st = shape_is(ys, "yScale", wys, 3)))
            return st;
    }
    if (m > ((int64_t)1 << 31) || k > ((int64_t)1 << 31) || n > ((int64_t)1 << 31) ||
        (double)m * (double)n + (double)(m + n) * (double)k > (double)((int64_t)1 << 36))
        return ACLEMU_PARAM_ERROR(api, "m, k, n (%lld, %lld, %lld) are too large.", (long long)m, (long long)k,
                                  (long long)n);
    /* x1 as (m, k): storage (m, k) rows, or (k, m) with transposeX1 */
    /* (the attribute read on the view as given: a view with swapped strides is the same matrix) */
    qf8_operand oa = {x1, 0, x1->stride[transposeX1 ? 1 : 0], x1->stride[transposeX1 ? 0 : 1], 0, 0, 0, 0, s1, 0,
                      s1->stride[tX1 ? 1 : 0], s1->stride[tX1 ? 0 : 1], s1->stride[2]};
    /* x2 as (n, k) from its NZ storage: [C1, R1, 16, 32] of the (R, C) matrix, (r, c) at
     * (c / 32) * R1 * 512 + r * 32 + c % 32; R = k, C = n (or R = n, C = k with transposeX2) */
    qf8_operand ob = {x2, 0, 0, 0, 0, 0, 0, 0, s2, 0, 0, 0, s2->stride[2]};
    const int64_t r1 = tX2 ? cdiv(n, 16) : cdiv(k, 16), panel = r1 * 512;
    if (!tX2) {
        ob.sk = 32;
        ob.si = 1;
        ob.isplit = 32;
        ob.iouter = panel;
        ob.ssi = s2->stride[1];
        ob.ssk64 = s2->stride[0];
    } else {
        ob.si = 32;
        ob.sk = 1;
        ob.ksplit = 32;
        ob.kouter = panel;
        ob.ssi = s2->stride[0];
        ob.ssk64 = s2->stride[1];
    }
    int64_t wa, wb;
    if ((st = qf8_decode(ex, &oa, 1, m, k, &wa)) || (st = qf8_decode(ex, &ob, 1, n, k, &wb)))
        return st;
    /* the FP32 matmul + bias + GELU */
    int64_t wc = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(m * n) * 4u);
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = m;
    d.N = n;
    d.K = k;
    d.math = GEMM_MATH_KEEP;
    d.alpha = 1.0f;
    d.act = act;
    cube_view_raw(&d.a, CUBE_OP_A, GEMM_F32, k, 1);
    cube_view_raw(&d.b, CUBE_OP_B, GEMM_F32, 1, k);
    cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, n, 1);
    if (bias)
        cube_view_bcast(&d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
    cube_bind bind[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {NULL, wc}, {NULL, -1}, {bias, -1}};
    if ((st = cube_launch_gemm(ex, &d, bind)))
        return st;
    /* the MX quantisation of the FP32 activation along n */
    int64_t shp[2] = {m, n};
    aclTensor *act_t = aclCreateTensor(shp, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shp, 2, (void *)(uintptr_t)64);
    if (!act_t)
        return ACLNN_ERR_INNER;
    st = quant_mx_launch_ws(ex, act_t, (uint64_t)wc, 1, quant_mx_round_mode(roundMode), 32, scaleAlg, y, ys);
    aclDestroyTensor(act_t);
    return st;
}
