/* aclnnGroupedDynamicMxQuant / V2 on the quant driver (QUANT_GROUPED_MX), the Ascend950 kernel:
 * x [M, N] FLOAT16 / BF16, groupIndex INT32 [G] (cumulative row ends: non-decreasing, the last M;
 * otherwise the launch fails), per group blocks of 32 rows from the group's first row, the scale
 * and element rules of aclnnDynamicMxQuant (V1: FP8, rint, OCP; V2: also FP4 with rint / round /
 * floor and scaleAlg 1 for FP8), mxscale [M / 64 + G, N, 2] with group g's block pairs from row
 * start / 64 + g (rows no group uses are written 0).
 * The op_api checks (161002) in its order: nulls (roundMode null: 161001) -> on regbase chips x /
 * groupIndex / y / mxscale dtypes, roundMode, blocksize 32, [V2 scaleAlg 0-2], y = dstType (other
 * chips: "support for npuArch ... is not implemented", returned as 161002 by the real code) ->
 * ranks (x 2, groupIndex 1, y 2, mxscale 3), y = x shape, mxscale [M / 64 + G, N, 2] -> empty
 * groupIndex refused, empty x succeeds -> mxscale contiguous; then the V2 tiling's (561002): FP8
 * round mode rint, scaleAlg 1 not for FP4, 2 not for FP8, dstTypeMax ranges, FP4 N even.
 * V2 scaleAlg 2 (the FP4 range rules of the grouped kernel) is not implemented here: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define GMQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static aclnnStatus gmq_plan(aclOpExecutor *executor, const aclTensor *x, const aclTensor *groupIndex,
                            const char *roundMode, int64_t dstType, int64_t blocksize, int64_t scaleAlg,
                            double dstTypeMaxD, const aclTensor *y, const aclTensor *mxscale, int v2)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, groupIndex, "groupIndex")))
        return st;
    if (!roundMode)
        return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "roundMode cannot be nullptr");
    if ((st = aclemu_check_notnull(api, y, "y")) || (st = aclemu_check_notnull(api, mxscale, "mxscale")))
        return st;
    if (!aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)))
        return ACLEMU_PARAM_ERROR(api, "support for npuArch %s is not implemented",
                                  aclemu_op_profile()->short_soc_version);
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2);
    if (v2)
        ys |= ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, groupIndex, "groupIndex", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, y, "y", ys)) ||
        (st = aclemu_check_dtype(api, mxscale, "mxscale", ACLEMU_DT(ACL_FLOAT8_E8M0))))
        return st;
    int32_t round = quant_mx_round_mode(roundMode);
    if (!v2 && round != QUANT_RINT)
        return ACLEMU_PARAM_ERROR(api, "expected roundMode equals 'rint', get: %s", roundMode);
    if (v2 && round < 0)
        return ACLEMU_PARAM_ERROR(api, "expected roundMode equals 'rint'/'round'/'floor', get: %s", roundMode);
    if (blocksize != 32)
        return ACLEMU_PARAM_ERROR(api, "blocksize only support '32' now, get: %ld", (long)blocksize);
    if (v2 && (scaleAlg < 0 || scaleAlg > 2))
        return ACLEMU_PARAM_ERROR(api, "scaleAlg only support '0', '1' or '2' now, get: %ld", (long)scaleAlg);
    if ((int64_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "dstType:%ld(%s) is must be the same as y dtype[%s].", (long)dstType,
                                  aclemu_dtype_name((aclDataType)dstType), aclemu_dtype_name(y->dtype));
    if (x->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "input x Dims is %u, should be 2D.", x->ndim);
    if (groupIndex->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "input groupIndex Dims is %u, should be 1D.", groupIndex->ndim);
    if (y->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "output yShape Dims is %u, should be 2D.", y->ndim);
    if (mxscale->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "output mxscale Dims is %u, should be 3D.", mxscale->ndim);
    if ((st = aclemu_check_same_shape(api, y, "y", x, "x")))
        return st;
    int64_t rows = (x->shape[0] / (blocksize * 2) + groupIndex->shape[0]);
    if (mxscale->shape[2] != 2)
        return ACLEMU_PARAM_ERROR(api, "mxscale dim2 is %ld, should be 2.", (long)mxscale->shape[1]);
    if (mxscale->shape[1] != x->shape[1])
        return ACLEMU_PARAM_ERROR(api, "mxscale dim1 is %ld, should be same as x dim1 (%ld).", (long)mxscale->shape[1],
                                  (long)x->shape[1]);
    if (mxscale->shape[0] != rows)
        return ACLEMU_PARAM_ERROR(api, "mxscale dim0 is %ld, should be same with mxscaleDim0Count (%ld).",
                                  (long)mxscale->shape[0], (long)rows);
    if (groupIndex->shape[0] == 0)
        return ACLEMU_PARAM_ERROR(api, "groupIndex does not support empty values.");
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if (!aclemu_tensor_is_contiguous(mxscale))
        return ACLEMU_PARAM_ERROR(api, "mxscale must be contiguous.");
    const aclTensor *all[4] = {x, groupIndex, y, mxscale};
    static const char *names[4] = {"x", "groupIndex", "y", "mxscale"};
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    /* the tiling */
    aclDataType yd = y->dtype;
    float dmax = (float)dstTypeMaxD;
    if (!quant_is_fp4(yd) && round != QUANT_RINT)
        return GMQ_TILING(api, "round_mode %s is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter round_mode must be rint", roundMode);
    if (scaleAlg == 1 && quant_is_fp4(yd))
        return GMQ_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT4_E2M1/FLOAT_E1M2, "
                               "parameter scale_alg must be 0 or 2", (long)scaleAlg);
    if (scaleAlg == 2 && !quant_is_fp4(yd))
        return GMQ_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter scale_alg must be 0 or 1", (long)scaleAlg);
    if (yd == ACL_FLOAT4_E2M1 && (dmax < 0.0f || (dmax > 0.0f && dmax < 6.0f) || dmax > 12.0f))
        return GMQ_TILING(api, "dst_type_max %f is invalid: If the dtype of output y is FLOAT4_E2M1, parameter "
                               "dst_type_max must be within the range [6, 12] or equal to 0", (double)dmax);
    if (yd == ACL_FLOAT4_E1M2 && (dmax < 0.0f || (dmax > 0.0f && dmax < 1.75f) || dmax > 3.5f))
        return GMQ_TILING(api, "dst_type_max %f is invalid: If the dtype of output y is FLOAT4_E1M2, parameter "
                               "dst_type_max must be within the range [1.75, 3.5] or equal to 0", (double)dmax);
    if (quant_is_fp4(yd) && x->shape[1] % 2) {
        char a[96];
        return GMQ_TILING(api, "x shape %s is invalid: When the yDtype is FLOAT4_E2M1 or FLOAT4_E1M2, the tail axis "
                               "of x must be an even number", aclemu_shape_str(x->shape, 2, a, sizeof a));
    }
    if (scaleAlg == 2)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "scaleAlg 2 (the FP4 range rules of the grouped kernel) is not implemented in aclemu.");
    quant_args q;
    quant_mx_setup(&q, yd, round, blocksize, scaleAlg, dmax, 0.0f);
    q.mode = QUANT_GROUPED_MX;
    q.mx_len = x->shape[0];
    return quant_launch(executor, &q, x, y, NULL, groupIndex, mxscale, NULL);
}

aclnnStatus aclemu_plan_GroupedDynamicMxQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *groupIndex,
                                              const char *roundMode, int64_t dstType, int64_t blocksize,
                                              const aclTensor *y, const aclTensor *mxscale)
{
    return gmq_plan(executor, x, groupIndex, roundMode, dstType, blocksize, 0, 0.0, y, mxscale, 0);
}

aclnnStatus aclemu_plan_GroupedDynamicMxQuantV2(aclOpExecutor *executor, const aclTensor *x,
                                                const aclTensor *groupIndex, const char *roundMode, int64_t dstType,
                                                int64_t blocksize, int64_t scaleAlg, double dstTypeMax,
                                                const aclTensor *y, const aclTensor *mxscale)
{
    return gmq_plan(executor, x, groupIndex, roundMode, dstType, blocksize, scaleAlg, dstTypeMax, y, mxscale, 1);
}
