/* aclnnDynamicMxQuantWithDualAxis / V2 on the quant driver: two QUANT_MX launches over x
 * (FLOAT16 / BF16, 2-7 dims), blocks of 32 along the last axis -> y1Out / mxscale1Out
 * [.., M, ceil(ceil(N / 32) / 2), 2] and along the second-to-last -> y2Out / mxscale2Out
 * [.., ceil(ceil(M / 32) / 2), N, 2] (pairs of blocks interleaved in the last dim), with the
 * scale rules and element casts of aclnnDynamicMxQuant (scaleAlg 0 / 1, V2's scaleAlg 2 with
 * dstTypeMax for FP4 E2M1).
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x FLOAT16 / BF16,
 * y1 = y2 FP4 / FP8, scales E8M0), then the arch35 tiling (561002) in its order: x / y / mxscale
 * dtypes -> round_mode -> dst_type = y -> scale_alg -> dst_type_max -> x rank >= 2 -> FP4 tail dim
 * even -> y1, y2 shapes = x -> mxscale1 -> mxscale2. Other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DMX_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int dmx_same_shape(const aclTensor *a, const aclTensor *b)
{
    return a->ndim == b->ndim && !memcmp(a->shape, b->shape, a->ndim * sizeof(int64_t));
}

/* the scale shape of x quantized along dim ax in blocks of 32 */
static int dmx_scale_ok(const aclTensor *x, uint32_t ax, const aclTensor *s)
{
    uint32_t n = x->ndim;
    if (s->ndim != n + 1)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t want = i == ax ? ((x->shape[i] + 31) / 32 + 1) / 2 : x->shape[i];
        if (s->shape[i] != want)
            return 0;
    }
    return s->shape[n] == 2;
}

static aclnnStatus dmx_plan(aclOpExecutor *executor, const aclTensor *x, const char *roundMode, int64_t dstType,
                            int64_t scaleAlg, double dstTypeMaxD, const aclTensor *y1, const aclTensor *s1,
                            const aclTensor *y2, const aclTensor *s2)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, y1, "y1Out")) ||
        (st = aclemu_check_notnull(api, s1, "mxscale1Out")) || (st = aclemu_check_notnull(api, y2, "y2Out")) ||
        (st = aclemu_check_notnull(api, s2, "mxscale2Out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
                          ACLEMU_DT(ACL_FLOAT8_E5M2);
    aclemu_dtype_set e8 = ACLEMU_DT(ACL_FLOAT8_E8M0);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, y1, "y1Out", ys)) || (st = aclemu_check_dtype(api, s1, "mxscale1Out", e8)) ||
        (st = aclemu_check_dtype(api, y2, "y2Out", ys)) || (st = aclemu_check_dtype(api, s2, "mxscale2Out", e8)))
        return st;
    if (y2->dtype != y1->dtype)
        return ACLEMU_PARAM_ERROR(api, "y2Out dtype %s must be the same as y1Out dtype %s.", aclemu_dtype_name(y2->dtype),
                                  aclemu_dtype_name(y1->dtype));
    const aclTensor *all[5] = {x, y1, s1, y2, s2};
    static const char *names[5] = {"x", "y1Out", "mxscale1Out", "y2Out", "mxscale2Out"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    /* the tiling */
    aclDataType yd = y1->dtype;
    const char *rm = roundMode ? roundMode : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return DMX_TILING(api, "round_mode %s is invalid: The value of round_mode must be rint, floor, or round", rm);
    if (!quant_is_fp4(yd) && round != QUANT_RINT)
        return DMX_TILING(api, "round_mode %s is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter round_mode must be rint", rm);
    if (dstType != (int64_t)yd)
        return DMX_TILING(api, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same",
                          aclemu_dtype_name(yd), (long)dstType);
    if (scaleAlg < 0 || scaleAlg > 2)
        return DMX_TILING(api, "scale_alg %ld is invalid: The value of scale_alg must be 0, 1, or 2", (long)scaleAlg);
    if (scaleAlg == 1 && yd == ACL_FLOAT4_E2M1)
        return DMX_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT4_E2M1, parameter "
                               "scale_alg must be 0 or 2", (long)scaleAlg);
    if (scaleAlg != 0 && yd == ACL_FLOAT4_E1M2)
        return DMX_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT4_E1M2, parameter "
                               "scale_alg must be 0", (long)scaleAlg);
    if (scaleAlg == 2 && !quant_is_fp4(yd))
        return DMX_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter scale_alg must be 0 or 1", (long)scaleAlg);
    float dmax = (float)dstTypeMaxD;
    if (dmax < 0.0f || (dmax > 0.0f && dmax < 6.0f) || dmax > 12.0f)
        return DMX_TILING(api, "dst_type_max %f is invalid: The value of dst_type_max must be 0 or in the range [6, 12]",
                          (double)dmax);
    uint32_t n = x->ndim;
    char a[160], b[160], c[160];
    if (n < 2)
        return DMX_TILING(api, "x shape dim %u is invalid: The shape dim of x must be greater than or equal to 2", n);
    if (quant_is_fp4(yd) && x->shape[n - 1] % 2)
        return DMX_TILING(api, "x shape %s is invalid: When the yDtype is FLOAT4_E2M1 or FLOAT4_E1M2, the tail axis "
                               "of x must be an even number",
                          aclemu_shape_str(x->shape, n, a, sizeof a));
    if (!dmx_same_shape(x, y1) || !dmx_same_shape(x, y2))
        return DMX_TILING(api, "x, y1, y2 shapes %s, %s, %s are invalid: The shapes of x, y1, and y2 must be the same",
                          aclemu_shape_str(x->shape, n, a, sizeof a), aclemu_shape_str(y1->shape, y1->ndim, b, sizeof b),
                          aclemu_shape_str(y2->shape, y2->ndim, c, sizeof c));
    if (!dmx_scale_ok(x, n - 1, s1))
        return DMX_TILING(api, "x, mxscale1 shapes %s, %s are invalid: The shape of mxscale1 must be "
                               "[ceil(x.last_dim/64), ..., 2]",
                          aclemu_shape_str(x->shape, n, a, sizeof a), aclemu_shape_str(s1->shape, s1->ndim, b, sizeof b));
    if (!dmx_scale_ok(x, n - 2, s2))
        return DMX_TILING(api, "x, mxscale2 shapes %s, %s are invalid: The shape of mxscale2 must be "
                               "[ceil(x.second_last_dim/64), ..., 2]",
                          aclemu_shape_str(x->shape, n, a, sizeof a), aclemu_shape_str(s2->shape, s2->ndim, b, sizeof b));
    if ((st = quant_mx_launch(executor, x, n - 1, round, 32, scaleAlg, dmax, 0.0f, y1, s1)))
        return st;
    return quant_mx_launch(executor, x, n - 2, round, 32, scaleAlg, dmax, 0.0f, y2, s2);
}

aclnnStatus aclemu_plan_DynamicMxQuantWithDualAxis(aclOpExecutor *executor, const aclTensor *x,
                                                   char *roundModeOptional, int64_t dstType, int64_t scaleAlg,
                                                   const aclTensor *y1Out, const aclTensor *mxscale1Out,
                                                   const aclTensor *y2Out, const aclTensor *mxscale2Out)
{
    return dmx_plan(executor, x, roundModeOptional, dstType, scaleAlg, 0.0, y1Out, mxscale1Out, y2Out, mxscale2Out);
}

aclnnStatus aclemu_plan_DynamicMxQuantWithDualAxisV2(aclOpExecutor *executor, const aclTensor *x,
                                                     char *roundModeOptional, int64_t dstType, int64_t scaleAlg,
                                                     double dstTypeMax, const aclTensor *y1Out,
                                                     const aclTensor *mxscale1Out, const aclTensor *y2Out,
                                                     const aclTensor *mxscale2Out)
{
    return dmx_plan(executor, x, roundModeOptional, dstType, scaleAlg, dstTypeMax, y1Out, mxscale1Out, y2Out,
                    mxscale2Out);
}
