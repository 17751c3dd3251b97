/* aclnnGroupedQuantMax on the quant driver (QUANT_GROUPED_MAX), the Ascend950 kernel: x FLOAT /
 * FLOAT16 / BF16 (2-8 dims, any strides), groupList INT64 [G] cumulative ends along dim 0
 * (non-decreasing, the last x's dim 0; otherwise the launch fails), y = Cast(x * scale[g]) to
 * FLOAT8_E5M2 / E4M3FN (FP32 product, nearest even, saturating) or HIFLOAT8 ("round": half away from
 * zero, saturating at 32768, grouped_quant_max_common.h's CAST_ROUND), amax[g] = max |x| of group g in
 * x's dtype (NaN skipped).
 * The op_api checks (161002) in its order: nulls (161001) -> x dtype, x rank 2-8 -> scale FLOAT,
 * not empty -> groupList INT64, not empty -> dstType 34 / 35 / 36 -> roundMode (null / empty
 * refused; FP8 "rint", HIFLOAT8 "round" / "hybrid") -> y dtype = dstType, y shape = x, amax dtype
 * = x's; then an empty x succeeds. The real op_api does not check the lengths of scale and amax;
 * here they must hold G values (561002), so that no kernel reads past them. HIFLOAT8 "hybrid"
 * (the stochastic CAST_HYBRID): 361001 (not emulated); other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

aclnnStatus aclemu_plan_GroupedQuantMax(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                        const aclTensor *groupList, const char *roundMode, int64_t dstType,
                                        aclTensor *y, aclTensor *amax)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, groupList, "groupList")) || (st = aclemu_check_notnull(api, y, "y")) ||
        (st = aclemu_check_notnull(api, amax, "amax")))
        return st;
    if (!aclemu_dtype_in(x->dtype, ACLEMU_DT_FLOATS))
        return ACLEMU_PARAM_ERROR(api, "x dtype %s is invalid: The dtype of x must be within the range "
                                       "FLOAT/FLOAT16/BFLOAT16", aclemu_dtype_name(x->dtype));
    if (x->ndim < 2 || x->ndim > 8)
        return ACLEMU_PARAM_ERROR(api, "x shape dim %u is invalid: The shape dim of x must be in range [2D, 8D]",
                                  x->ndim);
    if (scale->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "scale dtype %s is invalid: it should be FLOAT.", aclemu_dtype_name(scale->dtype));
    if (aclemu_tensor_numel(scale) == 0)
        return ACLEMU_PARAM_ERROR(api, "scale empty is invalid: scale does not support empty tensor");
    if (groupList->dtype != ACL_INT64)
        return ACLEMU_PARAM_ERROR(api, "groupList dtype %s is invalid: it should be INT64.",
                                  aclemu_dtype_name(groupList->dtype));
    if (aclemu_tensor_numel(groupList) == 0)
        return ACLEMU_PARAM_ERROR(api, "groupList empty is invalid: groupList does not support empty tensor");
    if (dstType != ACL_HIFLOAT8 && dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT8_E4M3FN)
        return ACLEMU_PARAM_ERROR(api, "dstType %ld is invalid: dstType must be 34(HIFLOAT8)/35(FLOAT8_E5M2)/"
                                       "36(FLOAT8_E4M3FN)", (long)dstType);
    if (!roundMode)
        return ACLEMU_PARAM_ERROR(api, "roundMode nullptr is invalid: roundMode cannot be nullptr");
    if (!roundMode[0])
        return ACLEMU_PARAM_ERROR(api, "roundMode <empty> is invalid: roundMode cannot be empty string");
    if (dstType != ACL_HIFLOAT8 && strcmp(roundMode, "rint"))
        return ACLEMU_PARAM_ERROR(api, "roundMode %s is invalid: roundMode must be 'rint' for dstType FLOAT8_E5M2(35) "
                                       "or FLOAT8_E4M3FN(36)", roundMode);
    if (dstType == ACL_HIFLOAT8 && strcmp(roundMode, "round") && strcmp(roundMode, "hybrid"))
        return ACLEMU_PARAM_ERROR(api, "roundMode %s is invalid: roundMode must be 'round' or 'hybrid' for dstType "
                                       "HIFLOAT8(34)", roundMode);
    if ((int64_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "y dtype %s is invalid: it should be %s.", aclemu_dtype_name(y->dtype),
                                  aclemu_dtype_name((aclDataType)dstType));
    if (y->ndim != x->ndim || memcmp(y->shape, x->shape, x->ndim * sizeof(int64_t))) {
        char a[160], b[160];
        return ACLEMU_PARAM_ERROR(api, "y shape [%s] must be equal to x shape [%s].",
                                  aclemu_shape_str(y->shape, y->ndim, a, sizeof a),
                                  aclemu_shape_str(x->shape, x->ndim, b, sizeof b));
    }
    if (amax->dtype != x->dtype)
        return ACLEMU_PARAM_ERROR(api, "amax dtype %s is invalid: The dtype of amax must be the same as x",
                                  aclemu_dtype_name(amax->dtype));
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *all[5] = {x, scale, groupList, y, amax};
    static const char *names[5] = {"x", "scale", "groupList", "y", "amax"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    int64_t G = aclemu_tensor_numel(groupList);
    if (groupList->ndim != 1 || scale->ndim != 1 || amax->ndim != 1 || aclemu_tensor_numel(scale) != G ||
        aclemu_tensor_numel(amax) != G)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "groupList, scale and amax must have the shape [num_groups] (%ld).", (long)G);
    if ((st = quant_check_hif8_round(api, y, roundMode)))
        return st;
    quant_args q;
    memset(&q, 0, sizeof q);
    q.mode = QUANT_GROUPED_MAX;
    q.code = y->dtype;
    q.round = QUANT_RINT;
    q.mx_len = x->shape[0];
    q.mx_post = aclemu_tensor_numel(x) / x->shape[0];
    return quant_launch_aux(executor, &q, x, y, NULL, groupList, scale, NULL, amax);
}
