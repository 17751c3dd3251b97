/* aclnnAveragePoolingGrad (ops-nn experimental/pooling/average_pooling_grad; the aclnn layer is
 * generated from the op definition, kernel for ascend910b only). Checks: null origInputShape,
 * gradOutput, out (161001); no kernel off the A2 (361001); dtypes (161002): gradOutput FLOAT16 /
 * FLOAT, out of gradOutput's dtype; formats (private ones refused) and ranks <= 8 (161002). Then
 * the tiling's refusals (561002) with its messages, in its order: kernel / stride <= 0; a
 * negative pad or divisorOverride; a pad above half its kernel; origInputShape of other than 4
 * values, or one <= 0; gradOutput not 4-D, its N / C not origInputShape's, its H / W <= 0 or
 * other than the pooled size (floor or ceil of (in + before + after - k) / s + 1, C division,
 * a last ceil window starting at or past in + before dropped); out not of origInputShape; more
 * than UINT32_MAX elements. Beyond the real tiling (whose uint32 / int32 fields would wrap):
 * attributes and kernelH * kernelW at most INT32_MAX.
 * The kernels' rule: gradInput[ih, iw] sums gradOutput[oh, ow] / divisor over the windows
 * (start oh*sH - padTop, kH rows; ow alike) covering it; divisor = divisorOverride if non-zero,
 * else kH*kW with countIncludePad (never clipped to the padded input), else the window's taps
 * inside the input. FLOAT with no padding and stride >= kernel takes the no-overlap kernel,
 * which always divides by divisorOverride or kH*kW (also for countIncludePad false, where a
 * ceil window hangs over the input). The Pool3dAvgGrad kernel of the 3-D family over N*C planes
 * (count_include_pad 2 for the unclipped kernel size), in double, rounded once. */
#include "aclemu_plans.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* The tiling's PoolingOutShape (C integer division; wide arithmetic so no attribute overflows). */
static int64_t pooled(int64_t in, int64_t k, int64_t before, int64_t after, int64_t s, bool ceil_mode)
{
    __int128 num = (__int128)in + before + after - k, out;
    if (ceil_mode) {
        out = (num + s - 1) / s + 1;
        if ((out - 1) * s >= (__int128)in + before)
            out--;
    } else {
        out = num / s + 1;
    }
    return out > INT64_MAX ? INT64_MAX : out < INT64_MIN ? INT64_MIN : (int64_t)out;
}

aclnnStatus aclemu_plan_AveragePoolingGrad(aclOpExecutor *executor, const aclIntArray *origInputShape,
                                           const aclTensor *gradOutput, int64_t kernelH, int64_t kernelW,
                                           int64_t strideH, int64_t strideW, int64_t padTop, int64_t padBottom,
                                           int64_t padLeft, int64_t padRight, bool ceilMode, bool countIncludePad,
                                           int64_t divisorOverride, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, origInputShape, "origInputShape")) ||
        (st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", DT(FLOAT16) | DT(FLOAT))) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, gradOutput, "gradOutput")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, gradOutput, "gradOutput", 8)) || (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    /* the tiling */
    if (kernelH <= 0 || kernelW <= 0 || strideH <= 0 || strideW <= 0)
        return TILING_ERROR(api, "kernel and stride must be positive");
    if (padTop < 0 || padBottom < 0 || padLeft < 0 || padRight < 0 || divisorOverride < 0)
        return TILING_ERROR(api, "pads and divisor_override must be non-negative");
    /* p * 2 > k, without the doubling overflowing */
    if (padTop > kernelH / 2 || padBottom > kernelH / 2 || padLeft > kernelW / 2 || padRight > kernelW / 2)
        return TILING_ERROR(api, "padding should be no more than half of kernel size");
    if (origInputShape->size != 4)
        return TILING_ERROR(api, "orig_input_shape must have 4 elements");
    const int64_t *sh = origInputShape->data;
    const int64_t n = sh[0], c = sh[1], hIn = sh[2], wIn = sh[3];
    if (n <= 0 || c <= 0 || hIn <= 0 || wIn <= 0)
        return TILING_ERROR(api, "invalid orig_input_shape");
    if (gradOutput->ndim != 4)
        return TILING_ERROR(api, "grad_output must be 4D");
    const int64_t hOut = gradOutput->shape[2], wOut = gradOutput->shape[3];
    if (gradOutput->shape[0] != n || gradOutput->shape[1] != c || hOut <= 0 || wOut <= 0)
        return TILING_ERROR(api, "grad_output shape mismatch");
    const int64_t eh = pooled(hIn, kernelH, padTop, padBottom, strideH, ceilMode);
    const int64_t ew = pooled(wIn, kernelW, padLeft, padRight, strideW, ceilMode);
    if (eh != hOut || ew != wOut)
        return TILING_ERROR(api, "grad_output shape mismatch, expect [%lld,%lld], got [%lld,%lld]", (long long)eh,
                            (long long)ew, (long long)hOut, (long long)wOut);
    if (out->ndim != 4 || out->shape[0] != n || out->shape[1] != c || out->shape[2] != hIn || out->shape[3] != wIn)
        return TILING_ERROR(api, "grad_input shape mismatch");
    uint64_t total = 1; /* each dim > 0; multiplied while the product stays within UINT32_MAX */
    for (int i = 0; i < 4; i++) {
        if ((uint64_t)sh[i] > UINT32_MAX / total)
            return TILING_ERROR(api, "total elements out of range");
        total *= (uint64_t)sh[i];
    }
    if (kernelH > INT32_MAX || kernelW > INT32_MAX || strideH > INT32_MAX || strideW > INT32_MAX ||
        padTop > INT32_MAX || padLeft > INT32_MAX || divisorOverride > INT32_MAX || kernelH * kernelW > INT32_MAX)
        return TILING_ERROR(api, "kernel, stride, pads, divisor_override and kernel_h * kernel_w should be within "
                                 "int32.");
    pool3d_args a = {0};
    a.in[0] = a.out[0] = a.k[0] = a.s[0] = a.dil[0] = 1;
    a.in[1] = hIn, a.in[2] = wIn;
    a.out[1] = hOut, a.out[2] = wOut;
    a.k[1] = kernelH, a.k[2] = kernelW;
    a.s[1] = strideH, a.s[2] = strideW;
    a.pad[1] = padTop, a.pad[2] = padLeft;
    a.dil[1] = a.dil[2] = 1;
    const int no_overlap = gradOutput->dtype == ACL_FLOAT && padTop == 0 && padBottom == 0 && padLeft == 0 &&
                           padRight == 0 && strideH >= kernelH && strideW >= kernelW;
    a.count_include_pad = countIncludePad || no_overlap ? 2 : 0;
    a.divisor = divisorOverride;
    const aclTensor *ins[1] = {gradOutput}, *outs[1] = {out};
    return pool3d_launch(executor, "Pool3dAvgGrad", &a, n * c, ins, 1, outs, 1, 1);
}
