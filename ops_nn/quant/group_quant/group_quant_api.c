/* aclnnGroupQuant on the quant driver (QUANT_GROUP): x [S, H] rows belong to experts by the
 * cumulative row ends of groupIndex [E] (row r: the first e with groupIndex[e] > r); y =
 * rint(x * scale[e, :] + offset) in FP32 (x, scale, offset cast to FP32), saturated to INT8 / INT4
 * (INT32: eight INT4 per word). The kernel traps (507015) on a groupIndex that is negative,
 * decreasing, past S or does not end at S. Check order of the real op_api: nulls (x, scale,
 * groupIndex, y) -> dtypes (x, scale, offset FLOAT / FLOAT16 / BF16, groupIndex INT32 / INT64,
 * y INT8 / INT32 / INT4, offset = scale's dtype, y = dstType; on chips other than A2 / A3 / 950
 * no dtype at all) -> shapes (offset at most one element, x and scale 2-D, groupIndex 1-D, x
 * dim 1 = scale dim 1, scale dim 0 = groupIndex dim 0, y as x with the INT4 / INT32 rules);
 * empty x: nothing to run. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

static int gq_chip_ok(void)
{
    aclemu_family f = aclemu_op_profile()->family;
    return f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950;
}

static aclnnStatus gq_check_y_shape(const char *api, const aclTensor *x, const aclTensor *y)
{
    uint32_t n = x->ndim;
    if (y->dtype != ACL_INT32 && y->dtype != ACL_INT4)
        return aclemu_check_same_shape(api, y, "y", x, "x");
    if (y->ndim != n)
        return ACLEMU_PARAM_ERROR(api, "input x dim num should be same with output y dim num.");
    for (uint32_t i = 0; i + 1 < n; i++)
        if (x->shape[i] != y->shape[i])
            return ACLEMU_PARAM_ERROR(api, "the dim(%u) of x must be same with y, x is (%ld), y is (%ld).", i,
                                      (long)x->shape[i], (long)y->shape[i]);
    int64_t xl = x->shape[n - 1], yl = y->shape[n - 1];
    if (y->dtype == ACL_INT32) {
        if (!quant_is_8x(xl, yl))
            return ACLEMU_PARAM_ERROR(api, "if dstType is int32, the y last dim must be 1/8 of x last dim, x last dim "
                                           "is (%ld), y last dim is (%ld)",
                                      (long)xl, (long)yl);
        return ACLNN_SUCCESS;
    }
    if (xl % 2)
        return ACLEMU_PARAM_ERROR(api, "if dstType is int4, x last dim must be divisible by 2, last dim is (%ld).",
                                  (long)xl);
    if (xl != yl)
        return ACLEMU_PARAM_ERROR(api, "x last dim must be equal with y last dim. x last dim is (%ld), y last dim is "
                                       "(%ld)",
                                  (long)xl, (long)yl);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_GroupQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                   const aclTensor *groupIndex, const aclTensor *offsetOptional, int32_t dstType,
                                   aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, groupIndex, "groupIndex")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    int ok = gq_chip_ok();
    aclemu_dtype_set fl = ok ? ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) : 0;
    aclemu_dtype_set gi = ok ? ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) : 0;
    aclemu_dtype_set ys = ok ? ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT4) : 0;
    if ((st = aclemu_check_dtype(api, x, "x", fl)) || (st = aclemu_check_dtype(api, scale, "scale", fl)) ||
        (st = aclemu_check_dtype(api, groupIndex, "groupIndex", gi)) || (st = aclemu_check_dtype(api, y, "y", ys)))
        return st;
    if (offsetOptional && ((st = aclemu_check_dtype(api, offsetOptional, "offsetOptional", fl)) ||
                           (st = aclemu_check_same_dtype(api, scale, "scale", offsetOptional, "offsetOptional"))))
        return st;
    if ((int32_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "y dtype must be the same as dstType.");
    const aclTensor *all[5] = {x, scale, groupIndex, offsetOptional, y};
    static const char *names[5] = {"x", "scale", "groupIndex", "offsetOptional", "y"};
    for (int i = 0; i < 5; i++)
        if (all[i] && ((st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK))))
            return st;
    if (offsetOptional && aclemu_tensor_numel(offsetOptional) > 1)
        return ACLEMU_PARAM_ERROR(api, "offsetOptional tensor should be scalar or tensor with shape is [1, ].");
    if (x->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "x tensor should be 2D.");
    if (scale->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "scale tensor should be 2D.");
    if (groupIndex->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "groupIndex tensor should be 1D.");
    if (x->shape[1] != scale->shape[1])
        return ACLEMU_PARAM_ERROR(api, "x dim1 should be same with scale dim1.");
    if (scale->shape[0] != groupIndex->shape[0])
        return ACLEMU_PARAM_ERROR(api, "scale dim0 should be same with groupIndex dim0.");
    if ((st = gq_check_y_shape(api, x, y)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_GROUP;
    a.code = quant_code_of(y->dtype);
    a.round = QUANT_RINT;
    a.dst_max = quant_dst_max(y->dtype);
    /* an empty offset counts as none */
    const aclTensor *off = offsetOptional && aclemu_tensor_numel(offsetOptional) == 1 ? offsetOptional : NULL;
    return quant_launch(executor, &a, x, y, NULL, groupIndex, scale, off);
}
