/* aclnnMaxPoolWithArgmaxV3 (ops-nn experimental/pooling/max_pool_with_argmax_v3; the aclnn layer
 * is generated from the op definition, kernel for ascend910b only). Checks: null x, kernelSize,
 * strides, pads, dilations, yOut, argmaxOut (161001); no kernel off the A2 (361001); dtypes
 * (161002): x FLOAT16 / FLOAT / BF16, yOut of x's dtype, argmaxOut INT64; formats (private ones
 * refused) and ranks <= 8 (161002). The tiling (561002): x 4-D ("input must be 4D"). It takes
 * kH = kernelSize[0], kW = kernelSize[1] (a missing value repeats the first, an empty list 1;
 * strides and dilations alike, pads 0) and the output size from yOut's shape (InferShape's
 * floor / ceil of (in + 2p - d(k-1) - 1) / s + 1 is only the graph's), so any yOut H / W is
 * computed. Beyond the real tiling (whose kernel would misbehave or write out of bounds): yOut
 * 4-D with x's N and C, argmaxOut of yOut's shape, kernel / stride / dilation >= 1 and every
 * attribute within int32 (the tiling's fields). N*C = 0 or an empty yOut runs nothing; an empty
 * x plane fills yOut with the lowest value and argmaxOut with 0, as the kernel's windows then
 * find nothing. The kernel starts each window at the dtype's lowest finite value with index 0
 * and keeps the first strictly greater tap (NaN and -inf never win); the Pool3dMax kernel of the
 * 3-D family with max_rule 1 over N*C planes of depth 1. */
#include "aclemu_plans.h"
#include "nn_stage.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* The tiling's reading of a 2-value attribute: [0], [1] (= [0] when missing), dflt when empty. */
static void hw(const aclIntArray *a, int64_t dflt, int64_t v[2])
{
    v[0] = a->size >= 1 ? a->data[0] : dflt;
    v[1] = a->size >= 2 ? a->data[1] : v[0];
}

static double lowest_of(aclDataType dt)
{
    return dt == ACL_FLOAT16 ? -65504.0 : dt == ACL_BF16 ? -3.3895313892515355e38 : -3.4028234663852886e38;
}

aclnnStatus aclemu_plan_MaxPoolWithArgmaxV3(aclOpExecutor *executor, const aclTensor *x, const aclIntArray *kernelSize,
                                            const aclIntArray *strides, const aclIntArray *pads,
                                            const aclIntArray *dilations, bool ceilMode, const aclTensor *yOut,
                                            const aclTensor *argmaxOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)ceilMode; /* the output size is yOut's */
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, strides, "strides")) || (st = aclemu_check_notnull(api, pads, "pads")) ||
        (st = aclemu_check_notnull(api, dilations, "dilations")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, argmaxOut, "argmaxOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", DT(FLOAT16) | DT(FLOAT) | DT(BF16))) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")) ||
        (st = aclemu_check_dtype(api, argmaxOut, "argmaxOut", DT(INT64))))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, yOut, "yOut")) ||
        (st = aclemu_check_format(api, argmaxOut, "argmaxOut")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, yOut, "yOut", 8)) ||
        (st = aclemu_check_shape(api, argmaxOut, "argmaxOut", 8)))
        return st;
    if (x->ndim != 4)
        return TILING_ERROR(api, "input must be 4D");
    char s1[96], s2[96];
    if (yOut->ndim != 4 || yOut->shape[0] != x->shape[0] || yOut->shape[1] != x->shape[1])
        return TILING_ERROR(api, "yOut %s should be 4-D with x's N and C, x is %s.",
                            aclemu_shape_str(yOut->shape, yOut->ndim, s1, sizeof s1),
                            aclemu_shape_str(x->shape, x->ndim, s2, sizeof s2));
    int same = argmaxOut->ndim == 4;
    for (int i = 0; same && i < 4; i++)
        same = argmaxOut->shape[i] == yOut->shape[i];
    if (!same)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "argmaxOut %s should have yOut's shape %s.",
                               aclemu_shape_str(argmaxOut->shape, argmaxOut->ndim, s1, sizeof s1),
                               aclemu_shape_str(yOut->shape, yOut->ndim, s2, sizeof s2));
    int64_t k[2], s[2], p[2], d[2];
    hw(kernelSize, 1, k);
    hw(strides, 1, s);
    hw(pads, 0, p);
    hw(dilations, 1, d);
    for (int i = 0; i < 2; i++)
        if (k[i] > INT32_MAX || s[i] > INT32_MAX || d[i] > INT32_MAX || p[i] > INT32_MAX || p[i] < INT32_MIN)
            return TILING_ERROR(api, "kernelSize, strides, pads and dilations should be within int32.");
    if (k[0] < 1 || k[1] < 1 || s[0] < 1 || s[1] < 1 || d[0] < 1 || d[1] < 1)
        return TILING_ERROR(api, "kernel [%lld, %lld], strides [%lld, %lld] and dilations [%lld, %lld] should be at "
                                 "least 1.", (long long)k[0], (long long)k[1], (long long)s[0], (long long)s[1],
                            (long long)d[0], (long long)d[1]);
    const int64_t planes = x->shape[0] * x->shape[1];
    if (planes == 0 || aclemu_tensor_numel(yOut) == 0)
        return ACLNN_SUCCESS;
    if (x->shape[2] == 0 || x->shape[3] == 0) { /* no tap anywhere */
        if ((st = nn_fill(executor, yOut, "yOut", lowest_of(x->dtype))))
            return st;
        return nn_fill(executor, argmaxOut, "argmaxOut", 0.0);
    }
    pool3d_args a = {0};
    a.max_rule = 1;
    a.in[0] = a.out[0] = a.k[0] = a.s[0] = a.dil[0] = 1;
    for (int i = 0; i < 2; i++) {
        a.in[1 + i] = x->shape[2 + i];
        a.out[1 + i] = yOut->shape[2 + i];
        a.k[1 + i] = k[i], a.s[1 + i] = s[i], a.pad[1 + i] = p[i], a.dil[1 + i] = d[i];
    }
    const aclTensor *ins[1] = {x}, *outs[2] = {yOut, argmaxOut};
    return pool3d_launch(executor, "Pool3dMax", &a, planes, ins, 1, outs, 2, 0);
}
