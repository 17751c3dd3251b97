/* aclnnMatmulEmuSplitWeight (ops-nn matmul/matmul_emu_split_weight, Ascend 950 only):
 *   y(m, n) = x(m, k) @ wHigh(k, n) + wLowScale * (x @ wLow(k, n)),  x / wHigh / wLow BFLOAT16, y FLOAT.
 * Checks in the order of the real op_api (aclnn_matmul_emu_split_weight.cpp): nulls (161001),
 * dtypes (x, wHigh, wLow BFLOAT16 and equal, yDtype 0, y FLOAT), formats ND, wLowScale finite and
 * within 1e-7 of 1/256, shapes (2-D, m / k / n in (0, INT32_MAX], k and n matching, y (m, n)),
 * all 161002. The op is registered for the 950 alone: 361001 on the other chips, after the checks
 * (as the real op_api passes its checks and then finds no kernel).
 * The real kernel (op_kernel/arch35, BlockMmad of two BF16 products into FP32 L0C, then the
 * MulsAdd epilogue y = high + low * scale in FP32) is two CubeGemm launches here: y = x @ wHigh
 * (FP32 accumulation), then y = scale * (x @ wLow) + y — the engine's epilogue rounds
 * scale * acc to FP32 and adds the first product once, the same two FP32 steps. Transposed or
 * strided views are read in place (the real op_api passes transposed views to the kernel). */
#include <math.h>
#include <stdint.h>

#include "aclemu_plans.h"
#include "mm_common.h"

static aclnnStatus nd(const char *api, const aclTensor *x, const aclTensor *h, const aclTensor *l, const aclTensor *y)
{
    if (x->format == ACL_FORMAT_ND && h->format == ACL_FORMAT_ND && l->format == ACL_FORMAT_ND &&
        y->format == ACL_FORMAT_ND)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The formats of x, w_high, w_low, y must be ND, actual are [%s, %s, %s, %s].",
                              aclemu_format_name(x->format), aclemu_format_name(h->format),
                              aclemu_format_name(l->format), aclemu_format_name(y->format));
}

aclnnStatus aclemu_plan_MatmulEmuSplitWeight(aclOpExecutor *executor, const aclTensor *x, const aclTensor *wHigh,
                                             const aclTensor *wLow, const aclTensor *y, float wLowScale,
                                             int8_t yDtype)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, wHigh, "w_high")) ||
        (st = aclemu_check_notnull(api, wLow, "w_low")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    const aclemu_dtype_set bf = ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", bf)) || (st = aclemu_check_dtype(api, wHigh, "w_high", bf)) ||
        (st = aclemu_check_dtype(api, wLow, "w_low", bf)))
        return st;
    if (yDtype != 0)
        return ACLEMU_PARAM_ERROR(api, "The value of yDtype must be 0, actual is %d.", (int)yDtype);
    if ((st = aclemu_check_dtype(api, y, "y", ACLEMU_DT(ACL_FLOAT))) || (st = nd(api, x, wHigh, wLow, y)))
        return st;
    if (isnan(wLowScale))
        return ACLEMU_PARAM_ERROR(api, "The value of wLowScale cannot be NaN.");
    if (isinf(wLowScale))
        return ACLEMU_PARAM_ERROR(api, "The value of wLowScale cannot be Inf.");
    if (fabsf(wLowScale - 0.00390625f) > 1e-7f)
        return ACLEMU_PARAM_ERROR(api, "The value of wLowScale must be 0.003906, actual is %f.", (double)wLowScale);
    const aclTensor *ts[4] = {x, wHigh, wLow, y};
    const char *names[4] = {"x", "w_high", "w_low", "y"};
    for (int i = 0; i < 4; i++)
        if (ts[i]->ndim != 2)
            return ACLEMU_PARAM_ERROR(api, "The shape dim of %s must be 2, actual is %u.", names[i], ts[i]->ndim);
    const int64_t m = x->shape[0], k = x->shape[1], n = wHigh->shape[1];
    if (m <= 0 || m > INT32_MAX || n <= 0 || n > INT32_MAX || k <= 0 || k > INT32_MAX)
        return ACLEMU_PARAM_ERROR(api, "The values of m, k, n must be in range (0, INT32_MAX], actual are %lld, %lld, "
                                       "%lld.", (long long)m, (long long)k, (long long)n);
    if (k != wHigh->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The value of x K must match w_high K, actual are %lld, %lld.", (long long)k,
                                  (long long)wHigh->shape[0]);
    if (k != wLow->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The value of x K must match w_low K, actual are %lld, %lld.", (long long)k,
                                  (long long)wLow->shape[0]);
    if (n != wLow->shape[1])
        return ACLEMU_PARAM_ERROR(api, "The value of w_high N must match w_low N, actual are %lld, %lld.",
                                  (long long)n, (long long)wLow->shape[1]);
    if (y->shape[0] != m || y->shape[1] != n) {
        char b[96];
        return ACLEMU_PARAM_ERROR(api, "The shape of y must be [%lld, %lld], actual is %s.", (long long)m,
                                  (long long)n, cube_shape_str(y, b, sizeof b));
    }
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    /* 1: y = x @ wHigh */
    cube_mm hi;
    mm_desc_init(&hi.d, m, n, k, GEMM_MATH_KEEP);
    mm_bind(hi.bind, x, wHigh, y, NULL, NULL);
    cube_view(&hi.d.a, CUBE_OP_A, x, 0, 1, 0, 0);
    cube_view(&hi.d.b, CUBE_OP_B, wHigh, 0, 1, 0, 0);
    cube_view(&hi.d.c, CUBE_OP_C, y, 0, 1, 0, 0);
    if ((st = cube_launch_gemm(executor, &hi.d, hi.bind)))
        return st;
    /* 2: y = scale * (x @ wLow) + y (the MulsAdd epilogue) */
    cube_mm lo;
    mm_desc_init(&lo.d, m, n, k, GEMM_MATH_KEEP);
    mm_bind(lo.bind, x, wLow, y, y, NULL);
    cube_view(&lo.d.a, CUBE_OP_A, x, 0, 1, 0, 0);
    cube_view(&lo.d.b, CUBE_OP_B, wLow, 0, 1, 0, 0);
    cube_view(&lo.d.c, CUBE_OP_C, y, 0, 1, 0, 0);
    cube_view(&lo.d.d, CUBE_OP_D, y, 0, 1, 0, 0);
    lo.d.alpha = wLowScale;
    lo.d.beta = 1.0f;
    return cube_launch_gemm(executor, &lo.d, lo.bind);
}
