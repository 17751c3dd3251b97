/* aclnnMaxPool3D (ops-nn experimental/pooling/max_pool3_d; kernel for ascend910b only), in the
 * real order. L2 checks: null x, ksize, strides, padding, out (161001); x's dtype FLOAT16, FLOAT
 * or BF16 and out of x's dtype (161002). An empty x or out succeeds with nothing launched. No
 * kernel off the A2 (361001). Then the tiling's refusals (561002) in its order: padding mode not
 * CALCULATED / SAME / VALID; dataFormatOptional (NULL = NDHWC) not NCDHW / NDHWC; x not 5-D, out
 * not 5-D / 6-D; out's N or C other than x's; ksize / strides of other than 1, 3 or 5 values
 * (5: in the layout's order, N and C = 1), a spatial value <= 0; dilation (NULL = 1) likewise
 * (values > 0); CALCULATED pads (NULL = zeros) of other than 6 values [front, back, top, bottom,
 * left, right] or negative; a VALID / SAME out of other than the expected spatial size
 * (VALID: (in - (k-1)*d - 1 + s) / s, SAME: ceil(in / s), pads split need / 2 in front).
 * Beyond the real tiling: a CALCULATED out must have the inferred size (floor / ceil of
 * (in + front + back - (k-1)*d - 1) / s + 1, a last ceil window starting past in + front
 * dropped), attributes at most INT32_MAX, and an NDC1HWC0 (6-D) out is not offered here.
 * Padding never wins (a window wholly in it yields -inf), NaN propagates: the Pool3dMax kernel
 * of the 3-D pooling family over N*C planes, an NDHWC tensor seen through a permutation. */
#include <string.h>

#include "aclemu_plans.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* D, H, W of a 1-, 3- or 5-value attribute (5: in the layout's order, dhw = the indices of D, H, W). */
static void spatial(const aclIntArray *a, const int dhw[3], int64_t v[3])
{
    for (int i = 0; i < 3; i++)
        v[i] = a->size == 1 ? a->data[0] : a->size == 3 ? a->data[i] : a->data[dhw[i]];
}

aclnnStatus aclemu_plan_MaxPool3D(aclOpExecutor *executor, const aclTensor *x, const aclIntArray *ksize,
                                  const aclIntArray *strides, const char *padding, const aclIntArray *padsOptional,
                                  const aclIntArray *dilationOptional, int64_t ceilMode, const char *dataFormatOptional,
                                  aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, ksize, "ksize")) ||
        (st = aclemu_check_notnull(api, strides, "strides")))
        return st;
    if (!padding)
        return ACLEMU_NULL_ERROR(api, "Expected a non-null padding argument.");
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", DT(FLOAT16) | DT(FLOAT) | DT(BF16))) ||
        (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    /* the tiling: attributes, then shapes, then ksize, strides, dilation, pads, output size */
    int mode = !strcmp(padding, "CALCULATED") ? 0 : !strcmp(padding, "SAME") ? 1 : !strcmp(padding, "VALID") ? 2 : -1;
    if (mode < 0)
        return TILING_ERROR(api, "MaxPool3D: not support padmode %s", padding);
    const char *fmt = dataFormatOptional ? dataFormatOptional : "NDHWC";
    int ndhwc = !strcmp(fmt, "NDHWC");
    if (!ndhwc && strcmp(fmt, "NCDHW"))
        return TILING_ERROR(api, "MaxPool3D: only support NCDHW and NDHWC, not support format %s", fmt);
    if (x->ndim != 5)
        return TILING_ERROR(api, "MaxPool3D: input shape dim = %u, should be equal 5", x->ndim);
    if (out->ndim != 5 && out->ndim != 6)
        return TILING_ERROR(api, "MaxPool3D: output shape dim = %u, should be 5 or 6", out->ndim);
    const int cdim = ndhwc ? 4 : 1, dhw[3] = {ndhwc ? 1 : 2, ndhwc ? 2 : 3, ndhwc ? 3 : 4};
    if (x->shape[0] != out->shape[0])
        return TILING_ERROR(api, "MaxPool3D: the size of dim-n should be equal in inputShape and outShape, but get "
                                 "input [%lld], output [%lld]", (long long)x->shape[0], (long long)out->shape[0]);
    if (out->ndim == 6 || aclemu_format_is_private(out->format) || aclemu_format_is_private(x->format))
        return TILING_ERROR(api, "MaxPool3D: an NDC1HWC0 input or output is not supported here.");
    if (x->shape[cdim] != out->shape[cdim])
        return TILING_ERROR(api, "MaxPool3D: the size of dim-c should be equal in inputShape and outShape, but get "
                                 "input [%lld], output [%lld]", (long long)x->shape[cdim], (long long)out->shape[cdim]);
    pool3d_args p = {0};
    if (ksize->size != 1 && ksize->size != 3 && ksize->size != 5)
        return TILING_ERROR(api, "MaxPool3D: kernel_size must have 1, 3, or 5 elements ");
    spatial(ksize, dhw, p.k);
    if (ksize->size == 5 && (ksize->data[0] != 1 || ksize->data[cdim] != 1))
        return TILING_ERROR(api, "MaxPool3D: The ksize of the N and C dimensions should be 1, not support [%lld, %lld]",
                            (long long)ksize->data[0], (long long)ksize->data[cdim]);
    if (p.k[0] <= 0 || p.k[1] <= 0 || p.k[2] <= 0)
        return TILING_ERROR(api, "MaxPool3D: The ksize of the D, H and W dimensions should be greater than 0, not "
                                 "support [%lld, %lld, %lld]", (long long)p.k[0], (long long)p.k[1], (long long)p.k[2]);
    if (strides->size != 1 && strides->size != 3 && strides->size != 5)
        return TILING_ERROR(api, "MaxPool3D: stride must have 1, 3, or 5 elements ");
    spatial(strides, dhw, p.s);
    if (strides->size == 5 && (strides->data[0] != 1 || strides->data[cdim] != 1))
        return TILING_ERROR(api, "MaxPool3D: The stride of the N and C dimensions should be 1, not support [%lld, %lld]",
                            (long long)strides->data[0], (long long)strides->data[cdim]);
    if (p.s[0] <= 0 || p.s[1] <= 0 || p.s[2] <= 0)
        return TILING_ERROR(api, "MaxPool3D: The stride of the D, H and W dimensions should be greater than 0, not "
                                 "support [%lld, %lld, %lld]", (long long)p.s[0], (long long)p.s[1], (long long)p.s[2]);
    p.dil[0] = p.dil[1] = p.dil[2] = 1;
    if (dilationOptional) {
        if (dilationOptional->size != 1 && dilationOptional->size != 3 && dilationOptional->size != 5)
            return TILING_ERROR(api, "MaxPool3D: dilation must have 1, 3, or 5 elements ");
        spatial(dilationOptional, dhw, p.dil);
        if (p.dil[0] <= 0 || p.dil[1] <= 0 || p.dil[2] <= 0)
            return TILING_ERROR(api, "MaxPool3D: not support dilation shape [%lld, %lld, %lld]", (long long)p.dil[0],
                                (long long)p.dil[1], (long long)p.dil[2]);
    }
    int64_t pads[6] = {0, 0, 0, 0, 0, 0};
    if (mode == 0 && padsOptional) {
        if (padsOptional->size != 6)
            return TILING_ERROR(api, "MaxPool3D: pad list must have 6 elements ");
        for (int i = 0; i < 6; i++)
            pads[i] = padsOptional->data[i];
        if (pads[0] < 0 || pads[1] < 0 || pads[2] < 0 || pads[3] < 0 || pads[4] < 0 || pads[5] < 0)
            return TILING_ERROR(api, "MaxPool3D: not support pad shape [%lld, %lld, %lld, %lld, %lld, %lld], pad should "
                                     "be greater than or equal to 0", (long long)pads[0], (long long)pads[1],
                                (long long)pads[2], (long long)pads[3], (long long)pads[4], (long long)pads[5]);
    }
    for (int i = 0; i < 3; i++)
        if (p.k[i] > INT32_MAX || p.s[i] > INT32_MAX || p.dil[i] > INT32_MAX || pads[2 * i] > INT32_MAX ||
            pads[2 * i + 1] > INT32_MAX)
            return TILING_ERROR(api, "MaxPool3D: ksize, strides, dilation and pads should be at most %d.", INT32_MAX);
    int64_t want[3];
    for (int i = 0; i < 3; i++) {
        const int64_t in = x->shape[dhw[i]], k = p.k[i], s = p.s[i], d = p.dil[i];
        p.in[i] = in;
        p.out[i] = out->shape[dhw[i]];
        if (mode == 2) {
            want[i] = (in - (k - 1) * d - 1 + s) / s;
        } else if (mode == 1) {
            want[i] = (in + s - 1) / s;
        } else {
            int64_t num = in + pads[2 * i] + pads[2 * i + 1] - d * (k - 1) - 1 + (ceilMode ? s - 1 : 0);
            int64_t o = (num >= 0 ? num / s : -((-num + s - 1) / s)) + 1;
            if (ceilMode && (o - 1) * s >= in + pads[2 * i])
                o--;
            want[i] = o;
        }
    }
    if (mode != 0 && (p.out[0] != want[0] || p.out[1] != want[1] || p.out[2] != want[2]))
        return TILING_ERROR(api, "MaxPool3D: when padmode is %s, the outputshape in d-dim, h-dim and w-dim should be "
                                 "[%lld] [%lld] [%lld], but got [%lld] [%lld] [%lld]", padding, (long long)want[0],
                            (long long)want[1], (long long)want[2], (long long)p.out[0], (long long)p.out[1],
                            (long long)p.out[2]);
    if (mode == 0 && (p.out[0] != want[0] || p.out[1] != want[1] || p.out[2] != want[2]))
        return TILING_ERROR(api, "MaxPool3D: when padmode is CALCULATED, the outputshape in d-dim, h-dim and w-dim "
                                 "should be [%lld] [%lld] [%lld], but got [%lld] [%lld] [%lld]", (long long)want[0],
                            (long long)want[1], (long long)want[2], (long long)p.out[0], (long long)p.out[1],
                            (long long)p.out[2]);
    for (int i = 0; i < 3; i++) {
        if (mode == 1) { /* SAME: the need split with the smaller half in front */
            int64_t need = (p.out[i] - 1) * p.s[i] + (p.k[i] - 1) * p.dil[i] + 1 - p.in[i];
            p.pad[i] = need > 0 ? need / 2 : 0;
        } else {
            p.pad[i] = pads[2 * i];
        }
    }
    const int64_t planes = x->shape[0] * x->shape[cdim];
    static const int32_t from_ndhwc[5] = {0, 4, 1, 2, 3};
    const aclTensor *ins[1] = {x}, *outs[1] = {out};
    return pool3d_launch_perm(executor, "Pool3dMax", &p, planes, ins, 1, outs, 1, 0, ndhwc ? from_ndhwc : NULL);
}
