/* aclnnAddRmsNormDynamicMxQuant (Ascend 950 only): x = x1 + x2 in FP32 (xOut the sum rounded to
 * x1's dtype; the norm reads the FP32 sum as the arch35 kernels do), y = x * rstd * gamma (+ beta)
 * rounded to x1's dtype, MX-quantised along the last dim (blocks of 32, scaleAlg 0 OCP / 1 cuBLAS
 * for FP8) to yOut, E8M0 scales to mxscaleOut, rstd to rstdOut when outputRstd (shared launches:
 * rms_norm_mx_plan.h).
 * The real op_api: nulls (161001; rstdOut only with outputRstd), success with nothing to do when a
 * dim of x1 before gamma's dims is 0, then the L0 launch whose arch35 tiling checks the rest in its
 * order (input ranks and dims, input shapes, input dtypes, output dtypes, MX parameters, mxscale /
 * rstd / xOut / yOut shapes); a refusal makes the op_api return ACLNN_ERR_INNER_NULLPTR (561103, as
 * the doc lists) with the tiling's message. A beta holding no element counts as absent (the
 * tiling's betaFlag). No kernel off the 950 (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"
#include "rms_norm_mx_plan.h"

#define ARMX_ERR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int dims_positive(const aclTensor *t)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] <= 0)
            return 0;
    return 1;
}

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    return a->ndim == b->ndim && !memcmp(a->shape, b->shape, a->ndim * sizeof(int64_t));
}

aclnnStatus aclemu_plan_AddRmsNormDynamicMxQuant(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *gamma, const aclTensor *beta, double epsilon,
                                                 int64_t scaleAlg, char *roundMode, int64_t dstType, bool outputRstd,
                                                 aclTensor *yOut, aclTensor *xOut, aclTensor *mxscaleOut,
                                                 aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, xOut, "xOut")) || (st = aclemu_check_notnull(api, mxscaleOut, "mxscaleOut")) ||
        (outputRstd && (st = aclemu_check_notnull(api, rstdOut, "rstdOut"))))
        return st;
    const aclTensor *all[7] = {x1, x2, gamma, beta, yOut, xOut, mxscaleOut};
    static const char *names[7] = {"x1", "x2", "gamma", "beta", "yOut", "xOut", "mxscaleOut"};
    for (int i = 0; i < 7; i++)
        if (all[i] && (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    if (outputRstd && (st = aclemu_check_shape(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)))
        return st;
    for (int64_t i = 0; i < (int64_t)x1->ndim - (int64_t)gamma->ndim; i++)
        if (x1->shape[i] == 0)
            return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    /* the tiling: input shapes */
    const aclTensor *bt = beta && aclemu_tensor_numel(beta) > 0 ? beta : NULL;
    char a[200], b[200];
    if (x1->ndim > 7 || x2->ndim > 7 || x1->ndim < 1 || x2->ndim < 1)
        return ARMX_ERR(api, "x1/x2 shape dim %u/%u is invalid: it should be 1D to 7D.", x1->ndim, x2->ndim);
    if (!dims_positive(x1))
        return ARMX_ERR(api, "x1 shape  is invalid: all dims should be greater than 0.");
    if (!dims_positive(x2))
        return ARMX_ERR(api, "x2 shape  is invalid: all dims should be greater than 0.");
    if (!same_shape(x1, x2))
        return ARMX_ERR(api, "x2 shape %s is invalid: same as x1.", aclemu_shape_str(x2->shape, x2->ndim, a, sizeof a));
    if (gamma->ndim != 1)
        return ARMX_ERR(api, "gamma shape dim %u is invalid: it should be 1D.", gamma->ndim);
    uint32_t n = x1->ndim;
    int64_t last = x1->shape[n - 1];
    if (gamma->shape[0] != last)
        return ARMX_ERR(api, "gamma shape %s is invalid: should match last dim of x1.",
                        aclemu_shape_str(gamma->shape, 1, a, sizeof a));
    if (bt && !same_shape(gamma, bt))
        return ARMX_ERR(api, "beta shape %s is invalid: same as gamma.", aclemu_shape_str(bt->shape, bt->ndim, a, sizeof a));
    /* input dtypes */
    aclDataType xd = x1->dtype, gd = gamma->dtype, yd = yOut->dtype;
    if (x2->dtype != xd)
        return ARMX_ERR(api, "x2 dtype %s is invalid: same as x1 (%s).", aclemu_dtype_name(x2->dtype),
                        aclemu_dtype_name(xd));
    if (xd != ACL_FLOAT16 && xd != ACL_BF16)
        return ARMX_ERR(api, "x1 dtype %s is invalid: it should be float16 or bfloat16.", aclemu_dtype_name(xd));
    if (gd != ACL_FLOAT16 && gd != ACL_BF16 && gd != ACL_FLOAT)
        return ARMX_ERR(api, "gamma dtype %s is invalid: it should be float16, bfloat16 or float32.",
                        aclemu_dtype_name(gd));
    if (bt && bt->dtype != gd)
        return ARMX_ERR(api, "beta dtype %s is invalid: same as gamma (%s).", aclemu_dtype_name(bt->dtype),
                        aclemu_dtype_name(gd));
    /* output dtypes */
    if (yd != ACL_FLOAT4_E2M1 && yd != ACL_FLOAT4_E1M2 && yd != ACL_FLOAT8_E4M3FN && yd != ACL_FLOAT8_E5M2)
        return ARMX_ERR(api, "y dtype %s is invalid: it should be float4_e2m1, float4_e1m2, float8_e4m3fn or "
                             "float8_e5m2.", aclemu_dtype_name(yd));
    if (xOut->dtype != xd)
        return ARMX_ERR(api, "output_x dtype %s is invalid: same as input x1/x2.", aclemu_dtype_name(xOut->dtype));
    if (mxscaleOut->dtype != ACL_FLOAT8_E8M0)
        return ARMX_ERR(api, "mxscale dtype %s is invalid: it should be float8_e8m0.",
                        aclemu_dtype_name(mxscaleOut->dtype));
    if (outputRstd && rstdOut->dtype != ACL_FLOAT)
        return ARMX_ERR(api, "rstd dtype %s is invalid: it should be float.", aclemu_dtype_name(rstdOut->dtype));
    /* MX parameters */
    const char *rm = roundMode ? roundMode : "rint"; /* the attribute's default */
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return ARMX_ERR(api, "round_mode %s is invalid: it should be rint, round or floor.", rm);
    if (!quant_is_fp4(yd) && round != QUANT_RINT)
        return ARMX_ERR(api, "round_mode %s is invalid: it should be rint.", rm);
    if (dstType != (int64_t)yd)
        return ARMX_ERR(api, "dst_type %ld is invalid: 40/41/36/35 for float4_e2m1/float4_e1m2/float8_e4m3fn/"
                             "float8_e5m2.", (long)dstType);
    if (scaleAlg < 0 || scaleAlg > 1)
        return ARMX_ERR(api, "quant_alg %ld is invalid: it should be 0 or 1.", (long)scaleAlg);
    if (scaleAlg == 1 && quant_is_fp4(yd))
        return ARMX_ERR(api, "quant_alg %ld is invalid: it should be 0.", (long)scaleAlg);
    if (quant_is_fp4(yd) && last % 2)
        return ARMX_ERR(api, "x1 shape size %ld is invalid: it should be even number when y dtype is fp4.",
                        (long)last);
    /* output shapes: mxscale, rstd, then xOut and yOut */
    uint32_t sr = mxscaleOut->ndim;
    if (sr != n + 1)
        return ARMX_ERR(api, "mxscale shape dim %u is invalid: it should be %u.", sr, n + 1);
    aclemu_shape_str(mxscaleOut->shape, sr, a, sizeof a);
    for (uint32_t i = 0; i + 1 < n; i++)
        if (mxscaleOut->shape[i] != x1->shape[i])
            return ARMX_ERR(api, "mxscale shape %s is invalid: batch dims should match x1.", a);
    int64_t want = ((last + 31) / 32 + 1) / 2;
    if (mxscaleOut->shape[sr - 2] != want)
        return ARMX_ERR(api, "mxscale shape %s is invalid: mxscale -2nd dim should be CeilDiv(CeilDiv(R=%ld, 32), 2) "
                             "= %ld.", a, (long)last, (long)want);
    if (mxscaleOut->shape[sr - 1] != 2)
        return ARMX_ERR(api, "mxscale shape %s is invalid: last dim should be 2.", a);
    if (outputRstd) {
        if (rstdOut->ndim != n)
            return ARMX_ERR(api, "rstd shape dim %u is invalid: it should be %u.", rstdOut->ndim, n);
        aclemu_shape_str(rstdOut->shape, n, b, sizeof b);
        for (uint32_t i = 0; i < n; i++) {
            if (i == n - 1 && rstdOut->shape[i] != 1)
                return ARMX_ERR(api, "rstd shape %s is invalid: norm dims should be 1.", b);
            if (i < n - 1 && rstdOut->shape[i] != x1->shape[i])
                return ARMX_ERR(api, "rstd shape %s is invalid: batch dims should match x1.", b);
        }
    }
    if (!same_shape(x1, xOut))
        return ARMX_ERR(api, "output_x shape %s is invalid: same as input x1.",
                        aclemu_shape_str(xOut->shape, xOut->ndim, a, sizeof a));
    if (!same_shape(x1, yOut))
        return ARMX_ERR(api, "output_y shape %s is invalid: same as input x1.",
                        aclemu_shape_str(yOut->shape, yOut->ndim, a, sizeof a));
    return rms_mx_launch(executor, x1, x2, gamma, bt, epsilon, scaleAlg, round, yOut, xOut, mxscaleOut,
                         outputRstd ? rstdOut : NULL);
}
