/* aclnnLpNormV3 (ops-nn experimental; the aclnn is generated from the op definition, kernel for
 * ascend910b only): x / yOut FLOAT or FLOAT16 of one dtype, ND (161002). Tiling (561002): an empty
 * x fails; beyond the real tiling (which reads dims 0 and 1 only and has no schedule for other
 * axes) axis must be -1 (whole tensor, any rank >= 1), 0 (per row) or 1 (per column) of a 2-D x,
 * and yOut must have x's shape. p is a FLOAT attribute. Runs on the row-norm driver: axis 1 sees x
 * and yOut transposed; axis -1 is one row. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "lp_norm_v3_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "lp_norm_v3_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR

aclnnStatus lp_norm_v3_checks(const char *api, const aclTensor *x, const aclTensor *yOut)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    aclemu_dtype_set dts = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, x, "x", dts)) || (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, yOut, "yOut")) ||
        (st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, yOut, "yOut", 8)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x should not be empty.");
    return ACLNN_SUCCESS;
}

aclnnStatus lp_norm_v3_launch(aclOpExecutor *executor, const aclTensor *x, const aclTensor *yOut, int transposed,
                              int64_t rows, int64_t n, const lp_norm_v3_args *a)
{
    static const int32_t swap[2] = {1, 0};
    const int32_t *perm = transposed ? swap : NULL;
    const nr_operand ops[] = {{x, 0, offsetof(lp_norm_v3_args, x), perm}, {yOut, 1, offsetof(lp_norm_v3_args, y), perm}};
    return nr_launch(executor, "LpNormV3", a, sizeof *a, rows, n, 0.0, ops, 2);
}

aclnnStatus aclemu_plan_LpNormV3(aclOpExecutor *executor, const aclTensor *x, double p, int64_t axis,
                                 const aclTensor *yOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = lp_norm_v3_checks(api, x, yOut)))
        return st;
    int64_t total = aclemu_tensor_numel(x);
    if ((st = nr_same_shape(api, TILING, x, "x", yOut, "yOut")))
        return st;
    if (axis != -1 && axis != 0 && axis != 1)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "axis %lld should be -1, 0 or 1.", (long long)axis);
    if (axis != -1 && x->ndim != 2)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x dim num %u should be 2 for axis %lld.", x->ndim,
                               (long long)axis);
    if (x->ndim < 1)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x dim num should be at least 1.");
    int64_t rows = axis == -1 ? 1 : axis == 0 ? x->shape[0] : x->shape[1];
    lp_norm_v3_args a = {0};
    a.p = (float)p;
    a.eps = 1e-6f;
    return lp_norm_v3_launch(executor, x, yOut, axis == 1, rows, total / rows, &a);
}
