/* aclnnRmsNormDynamicMxQuant (Ascend 950 only): y = x * rstd * gamma (+ beta) in FP32, rounded to
 * x's dtype, then MX-quantised along the last dim (blocks of 32, scaleAlg 0 the OCP rule, 1 the
 * cuBLAS rule for FP8) to yOut (FLOAT8_E4M3FN / E5M2 / FLOAT4_E2M1 / E1M2), the E8M0 scales to
 * mxscaleOut [.., ceil(ceil(n / 32) / 2), 2], rstd to rstdOut when outputRstd.
 * The real op_api: nulls (161001; rstdOut only with outputRstd), success with nothing to do when a
 * dim of x before gamma's dims is 0, then the L0 launch whose arch35 tiling checks everything else
 * (attributes, dtypes, shapes); its refusal makes the op_api return ACLNN_ERR_INNER_NULLPTR
 * (561103, as the doc lists) with the tiling's message. No kernel off the 950 (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"
#include "rms_norm_mx_plan.h"

#define RMX_ERR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_RmsNormDynamicMxQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *gamma,
                                              const aclTensor *beta, double epsilon, int64_t scaleAlg,
                                              char *roundMode, int64_t dstType, bool outputRstd, aclTensor *yOut,
                                              aclTensor *mxscaleOut, aclTensor *rstdOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, mxscaleOut, "mxscaleOut")) ||
        (outputRstd && (st = aclemu_check_notnull(api, rstdOut, "rstdOut"))))
        return st;
    const aclTensor *all[5] = {x, gamma, beta, yOut, mxscaleOut};
    static const char *names[5] = {"x", "gamma", "beta", "yOut", "mxscaleOut"};
    for (int i = 0; i < 5; i++)
        if (all[i] && (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    if (outputRstd && (st = aclemu_check_shape(api, rstdOut, "rstdOut", ACLEMU_MAX_RANK)))
        return st;
    /* a zero dim of x outside the normalised dims: nothing to do */
    for (int64_t i = 0; i < (int64_t)x->ndim - (int64_t)gamma->ndim; i++)
        if (x->shape[i] == 0)
            return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    /* the tiling: attributes */
    if (scaleAlg != 0 && scaleAlg != 1)
        return RMX_ERR(api, "scale_alg %ld is invalid: it should be 0 or 1.", (long)scaleAlg);
    int32_t round = QUANT_RINT;
    if (roundMode) {
        round = quant_mx_round_mode(roundMode);
        if (round < 0)
            return RMX_ERR(api, "round_mode %s is invalid: it should be rint, round or floor.", roundMode);
    }
    /* dtypes */
    aclDataType xd = x->dtype, gd = gamma->dtype, yd = yOut->dtype;
    if (xd != ACL_FLOAT16 && xd != ACL_BF16)
        return RMX_ERR(api, "x dtype %s is invalid: it should be float16 or bfloat16.", aclemu_dtype_name(xd));
    if (gd != xd && gd != ACL_FLOAT)
        return RMX_ERR(api, "gamma dtype %s is invalid: same as x (%s) or float.", aclemu_dtype_name(gd),
                       aclemu_dtype_name(xd));
    if (beta && beta->dtype != gd)
        return RMX_ERR(api, "beta dtype %s is invalid: same as gamma (%s).", aclemu_dtype_name(beta->dtype),
                       aclemu_dtype_name(gd));
    if (yd != ACL_FLOAT4_E2M1 && yd != ACL_FLOAT4_E1M2 && yd != ACL_FLOAT8_E4M3FN && yd != ACL_FLOAT8_E5M2)
        return RMX_ERR(api, "y dtype %s is invalid: it should be float4_e2m1, float4_e1m2, float8_e4m3fn and "
                            "float8_e5m2.", aclemu_dtype_name(yd));
    if (dstType != (int64_t)yd)
        return RMX_ERR(api, "dst_type %ld is invalid: 40/41/36/35 for float4_e2m1/float4_e1m2/float8_e4m3fn/"
                            "float8_e5m2.", (long)dstType);
    if (scaleAlg == 1 && quant_is_fp4(yd))
        return RMX_ERR(api, "scale_alg %ld is invalid: it should be 0.", (long)scaleAlg);
    if (!quant_is_fp4(yd) && round != QUANT_RINT) /* the tiling prints its enum value */
        return RMX_ERR(api, "round_mode %d is invalid: it should be rint.", round == QUANT_ROUND ? 0 : 1);
    if (mxscaleOut->dtype != ACL_FLOAT8_E8M0)
        return RMX_ERR(api, "mxscale dtype %s is invalid: it should be float8_e8m0.",
                       aclemu_dtype_name(mxscaleOut->dtype));
    if (outputRstd && rstdOut->dtype != ACL_FLOAT)
        return RMX_ERR(api, "rstd dtype %s is invalid: it should be float.", aclemu_dtype_name(rstdOut->dtype));
    /* shapes */
    char a[200], b[200];
    uint32_t n = x->ndim;
    if (n < 1 || n > 7)
        return RMX_ERR(api, "x shape dim %u is invalid: it should be 1D to 7D.", n);
    int64_t last = x->shape[n - 1];
    if (quant_is_fp4(yd) && last % 2)
        return RMX_ERR(api, "x shape size %ld is invalid: it should be even number when y dtype is fp4.", (long)last);
    if (gamma->ndim != 1)
        return RMX_ERR(api, "gamma shape dim %u is invalid: it should be 1D.", gamma->ndim);
    if (gamma->shape[0] != last)
        return RMX_ERR(api, "gamma shape %ld is invalid: gamma dim should be %ld, same as x's last dim.",
                       (long)gamma->shape[0], (long)last);
    if (beta) {
        if (beta->ndim != 1)
            return RMX_ERR(api, "beta shape dim %u is invalid: it should be 1D.", beta->ndim);
        if (beta->shape[0] != last)
            return RMX_ERR(api, "beta shape %ld is invalid: beta dim should be %ld, same as x's last dim.",
                           (long)beta->shape[0], (long)last);
    }
    if (yOut->ndim != n || memcmp(yOut->shape, x->shape, n * sizeof(int64_t)))
        return RMX_ERR(api, "y shape %s is invalid: y shape should be %s, same as x's shape.",
                       aclemu_shape_str(yOut->shape, yOut->ndim, a, sizeof a), aclemu_shape_str(x->shape, n, b, sizeof b));
    if (outputRstd) {
        if (rstdOut->ndim != n)
            return RMX_ERR(api, "rstd shape dim %u is invalid: it should be %u.", rstdOut->ndim, n);
        int64_t want[ACLEMU_MAX_RANK];
        memcpy(want, x->shape, n * sizeof(int64_t));
        want[n - 1] = 1;
        if (memcmp(want, rstdOut->shape, n * sizeof(int64_t)))
            return RMX_ERR(api, "rstd shape %s is invalid: rstd shape should be %s, same dims as x except last dim is 1.",
                           aclemu_shape_str(rstdOut->shape, n, a, sizeof a), aclemu_shape_str(want, n, b, sizeof b));
    }
    if (mxscaleOut->ndim != n + 1)
        return RMX_ERR(api, "mxscale shape dim %u is invalid: it should be %u.", mxscaleOut->ndim, n + 1);
    int64_t want[ACLEMU_MAX_RANK + 1];
    memcpy(want, x->shape, n * sizeof(int64_t));
    want[n - 1] = ((last + 31) / 32 + 1) / 2;
    want[n] = 2;
    if (memcmp(want, mxscaleOut->shape, (n + 1) * sizeof(int64_t)))
        return RMX_ERR(api, "mxscale shape %s is invalid: mxscale shape should be %s.",
                       aclemu_shape_str(mxscaleOut->shape, n + 1, a, sizeof a),
                       aclemu_shape_str(want, n + 1, b, sizeof b));
    return rms_mx_launch(executor, x, NULL, gamma, beta, epsilon, scaleAlg, round, yOut, NULL, mxscaleOut,
                         outputRstd ? rstdOut : NULL);
}
