/* aclnnDynamicMxQuant / V2 / V3 on the quant driver (QUANT_MX), the Ascend950 (arch35) kernel:
 * x FLOAT16 / BF16 / FLOAT (1-7 dims, any strides), blocks of `blocksize` elements along `axis`,
 * one FLOAT8_E8M0 scale per block (quant_mx_scale_of: scaleAlg 0 the OCP rule, 1 the cuBLAS rule
 * for FP8 with V3's maxLowBound, 2 the FP4 E2M1 range rule of V2's dstTypeMax), y = cast(x *
 * 2^-shared_exp) to FLOAT8_E4M3FN / E5M2 (nearest even, saturating) or FLOAT4_E2M1 / E1M2
 * (rint / round / floor, saturating, two per byte). mxscaleOut is x's shape with the axis
 * replaced by ceil(ceil(n / blocksize) / 2) and a last dim 2 (block b at [.., b / 2, .., b % 2],
 * an odd count's pad 0).
 * The real aclnn is generated from the op definition: nulls (161001) and the definition's dtypes
 * (161002) there, then the arch35 tiling (561002) in its order: x / y / mxscale dtypes ->
 * round_mode -> dst_type = y -> blocksize -> FLOAT x needs 32 -> scale_alg -> dst_type_max ->
 * max_low_bound -> x rank 1-7 -> axis -> FP4 tail dim even -> y shape = x shape -> mxscale rank
 * and shape. Other chips: no kernel (361001). */
#include <math.h>
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define MXQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static aclnnStatus mxq_plan(aclOpExecutor *executor, const aclTensor *x, int64_t axis, const char *roundMode,
                            int64_t dstType, int64_t blocksize, int64_t scaleAlg, double dstTypeMaxD,
                            double maxLowBoundD, const aclTensor *yOut, const aclTensor *mxscaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, mxscaleOut, "mxscaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
                          ACLEMU_DT(ACL_FLOAT8_E5M2);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT_FLOATS)) || (st = aclemu_check_dtype(api, yOut, "yOut", ys)) ||
        (st = aclemu_check_dtype(api, mxscaleOut, "mxscaleOut", ACLEMU_DT(ACL_FLOAT8_E8M0))))
        return st;
    const aclTensor *all[3] = {x, yOut, mxscaleOut};
    static const char *names[3] = {"x", "yOut", "mxscaleOut"};
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    /* the tiling */
    aclDataType yd = yOut->dtype;
    const char *rm = roundMode ? roundMode : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return MXQ_TILING(api, "round_mode %s is invalid: The value of round_mode must be [rint, round, floor]", rm);
    if (!quant_is_fp4(yd) && round != QUANT_RINT)
        return MXQ_TILING(api, "round_mode %s is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter round_mode must be rint", rm);
    if (dstType != (int64_t)yd)
        return MXQ_TILING(api, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same",
                          aclemu_dtype_name(yd), (long)dstType);
    if (blocksize <= 0 || blocksize > 1024)
        return MXQ_TILING(api, "block_size %ld is invalid: The value of block_size must be within the range (0, 1024]",
                          (long)blocksize);
    if (blocksize % 32)
        return MXQ_TILING(api, "block_size %ld is invalid: The value of block_size must be a multiple of 32",
                          (long)blocksize);
    if (x->dtype == ACL_FLOAT && blocksize != 32)
        return MXQ_TILING(api, "block_size %ld is invalid: If the dtype of input x is FLOAT, parameter block_size "
                               "must be 32", (long)blocksize);
    if (scaleAlg < 0 || scaleAlg > 2)
        return MXQ_TILING(api, "scale_alg %ld is invalid: The value of scale_alg must be [0, 1, 2]", (long)scaleAlg);
    if (scaleAlg == 1 && yd == ACL_FLOAT4_E2M1)
        return MXQ_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT4_E2M1, parameter "
                               "scale_alg must be 0 or 2", (long)scaleAlg);
    if (scaleAlg != 0 && yd == ACL_FLOAT4_E1M2)
        return MXQ_TILING(api, "scale_alg %ld is invalid: it should be 0.", (long)scaleAlg);
    if (scaleAlg == 2 && !quant_is_fp4(yd))
        return MXQ_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter scale_alg must be 0 or 1", (long)scaleAlg);
    if (scaleAlg == 2 && blocksize != 32)
        return MXQ_TILING(api, "block_size %ld is invalid: it should be 32.", (long)blocksize);
    float dmax = (float)dstTypeMaxD, low = (float)maxLowBoundD;
    if (dmax < 0.0f || (dmax > 0.0f && dmax < 6.0f) || dmax > 12.0f)
        return MXQ_TILING(api, "dst_type_max %f is invalid: The value of dst_type_max must be within the range [6, "
                               "12] or equal to 0", (double)dmax);
    if (scaleAlg != 1 && low != 0.0f)
        return MXQ_TILING(api, "max_low_bound %f is invalid: max_low_bound must be 0 when scale_alg != 1",
                          (double)low);
    if (low < 0.0f)
        return MXQ_TILING(api, "max_low_bound %f is invalid: max_low_bound must be non-negative", (double)low);
    uint32_t n = x->ndim;
    if (n < 1 || n > 7)
        return MXQ_TILING(api, "x shape dim %u is invalid: The shape dim of x must be within the range [1, 7]", n);
    if (axis >= (int64_t)n || axis < -(int64_t)n)
        return MXQ_TILING(api, "axis %ld is invalid: The value of axis must be within the range [-%u, %u]",
                          (long)axis, n, n - 1);
    char a[160], b[160];
    if (quant_is_fp4(yd) && x->shape[n - 1] % 2)
        return MXQ_TILING(api, "x shape %s is invalid: When the yDtype is FLOAT4_E2M1 or FLOAT4_E1M2, the tail axis "
                               "of x must be an even number",
                          aclemu_shape_str(x->shape, n, a, sizeof a));
    if (yOut->ndim != n || memcmp(yOut->shape, x->shape, n * sizeof(int64_t)))
        return MXQ_TILING(api, "x, y shapes %s, %s are invalid: The shapes of x and y must be the same",
                          aclemu_shape_str(x->shape, n, a, sizeof a),
                          aclemu_shape_str(yOut->shape, yOut->ndim, b, sizeof b));
    int64_t ax = axis < 0 ? axis + n : axis;
    if (mxscaleOut->ndim != n + 1)
        return MXQ_TILING(api, "mxscale shape dim %u is invalid: The shape dim of mxscale must be the shape dim of x "
                               "plus 1",
                          mxscaleOut->ndim);
    int64_t want[ACLEMU_MAX_RANK + 1];
    memcpy(want, x->shape, n * sizeof(int64_t));
    int64_t nb = (x->shape[ax] + blocksize - 1) / blocksize;
    want[ax] = (nb + 1) / 2;
    want[n] = 2;
    if (memcmp(want, mxscaleOut->shape, (n + 1) * sizeof(int64_t)))
        return MXQ_TILING(api, "mxscale shape %s is invalid: it should be %s.",
                          aclemu_shape_str(mxscaleOut->shape, n + 1, a, sizeof a),
                          aclemu_shape_str(want, n + 1, b, sizeof b));
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    return quant_mx_launch(executor, x, ax, round, blocksize, scaleAlg, dmax, low, yOut, mxscaleOut);
}

aclnnStatus aclemu_plan_DynamicMxQuant(aclOpExecutor *executor, const aclTensor *x, int64_t axis,
                                       char *roundModeOptional, int64_t dstType, int64_t blocksize, int64_t scaleAlg,
                                       const aclTensor *yOut, const aclTensor *mxscaleOut)
{
    return mxq_plan(executor, x, axis, roundModeOptional, dstType, blocksize, scaleAlg, 0.0, 0.0, yOut, mxscaleOut);
}

aclnnStatus aclemu_plan_DynamicMxQuantV2(aclOpExecutor *executor, const aclTensor *x, int64_t axis,
                                         char *roundModeOptional, int64_t dstType, int64_t blocksize,
                                         int64_t scaleAlg, double dstTypeMax, const aclTensor *yOut,
                                         const aclTensor *mxscaleOut)
{
    return mxq_plan(executor, x, axis, roundModeOptional, dstType, blocksize, scaleAlg, dstTypeMax, 0.0, yOut,
                    mxscaleOut);
}

aclnnStatus aclemu_plan_DynamicMxQuantV3(aclOpExecutor *executor, const aclTensor *x, int64_t axis,
                                         char *roundModeOptional, int64_t dstType, int64_t blocksize,
                                         int64_t scaleAlg, double dstTypeMax, double maxLowBound,
                                         const aclTensor *yOut, const aclTensor *mxscaleOut)
{
    return mxq_plan(executor, x, axis, roundModeOptional, dstType, blocksize, scaleAlg, dstTypeMax, maxLowBound,
                    yOut, mxscaleOut);
}
