/* aclnnAntiMxQuant on the quant driver (QUANT_ANTI_MX), the Ascend950 kernel: x FLOAT8_E4M3FN /
 * E5M2 (any strides) or FLOAT4_E2M1 / E1M2 (contiguous, two per byte), mxscale FLOAT8_E8M0 laid out
 * as aclnnDynamicMxQuant writes it (blocks of 32 along axis, [.., ceil(nb / 2), .., 2]), y =
 * value(x) * 2^(mxscale - 127) in FP32 rounded to y (FLOAT / FLOAT16 / BF16 = dstType 0 / 1 / 27,
 * nearest even, saturating).
 * The op_api checks (161002) in its order: nulls -> x / mxscale / y dtypes -> y = dstType ->
 * dstType in {0, 1, 27} -> x and y ranks equal, x rank <= 7, mxscale rank in [2, 8] and x's + 1,
 * axis in [-D, D - 1]; an empty x or mxscale succeeds with nothing to do; an FP4 x must be
 * contiguous. The arch35 tiling (561002) then: FP4 last dim even, axis the tail axis (the only one
 * its kernel supports), y shape = x shape, mxscale shape. Other chips: 361001 (the docs). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define AMQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_AntiMxQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *mxscale,
                                    int64_t axis, int64_t dstType, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, mxscale, "mxscale")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) | ACLEMU_DT(ACL_FLOAT8_E5M2) |
                          ACLEMU_DT(ACL_FLOAT8_E4M3FN);
    if ((st = aclemu_check_dtype(api, x, "x", xs)) ||
        (st = aclemu_check_dtype(api, mxscale, "mxscale", ACLEMU_DT(ACL_FLOAT8_E8M0))) ||
        (st = aclemu_check_dtype(api, y, "y", ACLEMU_DT_FLOATS)))
        return st;
    if ((int64_t)y->dtype != dstType)
        return ACLEMU_PARAM_ERROR(api, "out(y) data type must be the same as dstType.");
    if (dstType != ACL_FLOAT && dstType != ACL_FLOAT16 && dstType != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "dstType must be 0(FLOAT32), 1(FLOAT16) or 27(BF16), but got %ld.",
                                  (long)dstType);
    uint32_t n = x->ndim;
    if (n != y->ndim)
        return ACLEMU_PARAM_ERROR(api, "dim num of x and y should be same. x:%u, y:%u.", n, y->ndim);
    if ((st = aclemu_check_shape(api, x, "x", 7)))
        return st;
    if (mxscale->ndim < 2 || mxscale->ndim > 8)
        return ACLEMU_PARAM_ERROR(api, "mxscale dim num must be in [2, 8], but got %u.", mxscale->ndim);
    if (mxscale->ndim != n + 1)
        return ACLEMU_PARAM_ERROR(api, "mxscale dim num must be x dim num + 1. mxscale:%u, x:%u.", mxscale->ndim, n);
    int64_t ax = axis >= 0 ? axis : axis + (int64_t)n;
    if (ax < 0 || ax >= (int64_t)n)
        return ACLEMU_PARAM_ERROR(api, "axis is out of range. axis:%ld, x dim num:%u.", (long)axis, n);
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(mxscale) == 0)
        return ACLNN_SUCCESS;
    int fp4 = x->dtype == ACL_FLOAT4_E2M1 || x->dtype == ACL_FLOAT4_E1M2;
    if (fp4 && !aclemu_tensor_is_contiguous(x))
        return ACLEMU_PARAM_ERROR(api, "When the data type of x is float4, it must be contiguous");
    const aclTensor *all[3] = {x, mxscale, y};
    static const char *names[3] = {"x", "mxscale", "y"};
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    /* the tiling */
    if (fp4 && x->shape[n - 1] % 2)
        return AMQ_TILING(api, "For FP4 input, the last dimension (colNum=%ld) must be even.", (long)x->shape[n - 1]);
    if (ax != (int64_t)n - 1)
        return AMQ_TILING(api, "The attr axis[%ld] is invalid for input rank[%u], the axis only supports the tail "
                               "axis currently, please check.",
                          (long)axis, n);
    if (memcmp(x->shape, y->shape, n * sizeof(int64_t)))
        return AMQ_TILING(api, "The shape of output y must be same with shape of input x, please check.");
    int64_t want[ACLEMU_MAX_RANK + 1];
    memcpy(want, x->shape, n * sizeof(int64_t));
    want[ax] = ((x->shape[ax] + 31) / 32 + 1) / 2;
    want[n] = 2;
    if (memcmp(want, mxscale->shape, (n + 1) * sizeof(int64_t))) {
        char a[160], b[160];
        return AMQ_TILING(api, "The shape of input mxscale %s is incorrect, expected shape is %s, please check.",
                          aclemu_shape_str(mxscale->shape, mxscale->ndim, a, sizeof a),
                          aclemu_shape_str(want, n + 1, b, sizeof b));
    }
    quant_args q;
    memset(&q, 0, sizeof q);
    q.mode = QUANT_ANTI_MX;
    q.block_cols = 32;
    q.mx_pre = aclemu_tensor_numel(x) / x->shape[ax];
    q.mx_len = x->shape[ax];
    q.mx_post = 1;
    return quant_launch(executor, &q, x, y, NULL, NULL, mxscale, NULL);
}
