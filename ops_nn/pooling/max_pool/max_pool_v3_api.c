/* aclnnMaxPoolV3 (ops-nn experimental/pooling/max_pool_v3; kernel for ascend910b only), in the
 * real order. L2 checks: null x / out, then ksize / strides (161001; pads and ceilMode may be
 * null); dtypes (161002): x then out in FLOAT, FLOAT16 (+ BF16 on A2 / A3), out of x's dtype;
 * ranks <= 8 (161002). An empty x or out succeeds with nothing launched. No kernel off the A2
 * (361001). Then what InferShape / the tiling refuse (561002): ksize and strides of other than 4
 * values (pads: null / empty = zeros, else 4 values), ksize or strides H / W <= 0, an output of
 * height or width <= 0, a window of more elements than the UB holds. Beyond the real tiling
 * (whose kernel would read or write out of bounds): x must be 4-D, pads >= 0 and out of the
 * inferred shape [N, C, Hout, Wout], attributes at most INT32_MAX (the tiling's uint32 fields).
 * The window starts at ho*sH - padT (wo*sW - padL), padded taps are -inf (a window wholly in the
 * padding yields -inf), NaN propagates: the generic kernel of aclnnMaxPool. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "pool_common.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_MaxPoolV3(aclOpExecutor *executor, const aclTensor *x, const aclIntArray *ksize,
                                  const aclIntArray *strides, const aclIntArray *pads, const aclScalar *ceilMode,
                                  aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, ksize, "ksize")) || (st = aclemu_check_notnull(api, strides, "strides")))
        return st;
    int fam = aclemu_op_profile()->family;
    aclemu_dtype_set dts = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    if (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3)
        dts |= ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", dts)) || (st = aclemu_check_dtype(api, out, "out", dts)) ||
        (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if (x->ndim != 4)
        return TILING_ERROR(api, "x should be a 4-D NCHW tensor, but got %u dims.", x->ndim);
    if (ksize->size != 4)
        return TILING_ERROR(api, "Length of ksize %llu is invalid, it should be 4.", (unsigned long long)ksize->size);
    if (strides->size != 4)
        return TILING_ERROR(api, "Length of strides %llu is invalid, it should be 4.",
                            (unsigned long long)strides->size);
    int64_t pt = 0, pb = 0, pl = 0, pr = 0;
    if (pads && pads->size != 0) {
        if (pads->size != 4)
            return TILING_ERROR(api, "Length of pads %llu is invalid, it should be 4.", (unsigned long long)pads->size);
        pt = pads->data[0], pb = pads->data[1], pl = pads->data[2], pr = pads->data[3];
    }
    const int64_t kh = ksize->data[2], kw = ksize->data[3], sh = strides->data[2], sw = strides->data[3];
    if (kh <= 0 || kw <= 0)
        return TILING_ERROR(api, "ksize[h,w] is %lld, %lld: ksize spatial dims must be greater than 0", (long long)kh,
                            (long long)kw);
    if (sh <= 0 || sw <= 0)
        return TILING_ERROR(api, "strides[h,w] is %lld, %lld: strides must be greater than 0", (long long)sh,
                            (long long)sw);
    if (pt < 0 || pb < 0 || pl < 0 || pr < 0)
        return TILING_ERROR(api, "pads [%lld, %lld, %lld, %lld] should be greater than or equal to 0.", (long long)pt,
                            (long long)pb, (long long)pl, (long long)pr);
    /* the tiling holds them as uint32 */
    if (kh > INT32_MAX || kw > INT32_MAX || sh > INT32_MAX || sw > INT32_MAX || pt > INT32_MAX || pb > INT32_MAX ||
        pl > INT32_MAX || pr > INT32_MAX)
        return TILING_ERROR(api, "ksize, strides and pads should be at most %d.", INT32_MAX);
    const int ceil_mode = ceilMode ? aclemu_scalar_to_i64(ceilMode) != 0 : 0;
    pool_geom g = {0};
    g.N = x->shape[0], g.C = x->shape[1], g.H = x->shape[2], g.W = x->shape[3];
    const int64_t oh = pool_out_size(g.H, kh, pt, pb, sh, 1, ceil_mode);
    const int64_t ow = pool_out_size(g.W, kw, pl, pr, sw, 1, ceil_mode);
    if (oh <= 0 || ow <= 0)
        return TILING_ERROR(api, "Invalid output dims: hOut=%lld, wOut=%lld", (long long)oh, (long long)ow);
    /* the window is copied into one of two UB buffers (32-byte blocks, 2 fp32 / 4 half per block) */
    const aclemu_chip_profile *prof = aclemu_op_profile();
    const uint64_t tsize = x->dtype == ACL_FLOAT ? 4 : 2, per_block = x->dtype == ACL_FLOAT ? 2 : 4;
    const uint64_t max_ub = ((prof->ub_size / 32 / 2) / per_block) * 32 / tsize;
    if ((uint64_t)kh * (uint64_t)kw > max_ub)
        return TILING_ERROR(api, "Kernel window too large for UB: %llu > %llu",
                            (unsigned long long)((uint64_t)kh * (uint64_t)kw), (unsigned long long)max_ub);
    const int64_t want[4] = {g.N, g.C, oh, ow};
    char s1[96], s2[96];
    if (out->ndim != 4 || out->shape[0] != want[0] || out->shape[1] != want[1] || out->shape[2] != want[2] ||
        out->shape[3] != want[3])
        return TILING_ERROR(api, "out shape %s should be %s.", aclemu_shape_str(out->shape, out->ndim, s1, sizeof s1),
                            aclemu_shape_str(want, 4, s2, sizeof s2));
    vec_pool2d p = {g.H, g.W, oh, ow, kh, kw, sh, sw, pt, pl, 1, 1, ceil_mode, 0, 0};
    const aclTensor *ins[1] = {x}, *outs[1] = {out};
    return pool_launch(executor, "MaxPoolV3Generic", &g, ins, 1, outs, 1, &p, pb, pr,
                       (uint64_t)(oh * ow * kh * kw + g.H * g.W));
}
