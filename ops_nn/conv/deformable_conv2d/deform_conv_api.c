/* aclnnDeformableConv2d (ops-nn conv/deformable_conv2d): modulated deformable convolution (DCNv2).
 * Two launches: DeformIm2col samples x at the offset positions into an FP32 column matrix (and
 * deformOut when given), then one CubeGemm per group multiplies the weight with it, bias in the
 * epilogue. On A2/A3 the real op casts FLOAT16/BF16 inputs to FLOAT and runs everything in FP32
 * (samples unrounded, one rounding at the output); on the 950 (DeformableOffsets + Conv2dV2 in
 * the input dtype) the samples are rounded to the dtype before the convolution.
 * Checks follow op_api/aclnn_deformable_conv2d.cpp: null, dtype, format, attributes, ranks, shapes
 * (parameter names as it reports them: filter, y, strides, pads, dilations). */
#include <string.h>

#include "aclemu_plans.h"
#include "deform_conv_args.h"
#include "deform_conv_check.h"
#include "mm_common.h"


static int is_950(void) { return aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)); }

aclnnStatus dcn_same_dtype(const char *api, const aclTensor *t, const char *name, const aclTensor *x)
{
    if (!t || t->dtype == x->dtype)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The dtypes of %s and x must be the same, but they are %s and %s.", name,
                              aclemu_dtype_name(t->dtype), aclemu_dtype_name(x->dtype));
}

aclnnStatus dcn_same_format(const char *api, const aclTensor *t, const char *name, const aclTensor *x)
{
    if (!t || t->format == x->format)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The formats of %s and x must be the same, but they are %s and %s.", name,
                              aclemu_format_name(t->format), aclemu_format_name(x->format));
}

static aclnnStatus check_formats(const char *api, const aclTensor *x, const aclTensor *weight, const aclTensor *offset,
                                 const aclTensor *bias, const aclTensor *out, const aclTensor *dout)
{
    aclnnStatus st;
    if (is_950() ? x->format != ACL_FORMAT_NCHW : (x->format != ACL_FORMAT_NCHW && x->format != ACL_FORMAT_ND))
        return ACLEMU_PARAM_ERROR(api, "The format of x should be %s, but it is %s.",
                                  is_950() ? "NCHW" : "NCHW or ND", aclemu_format_name(x->format));
    if ((st = dcn_same_format(api, offset, "offset", x)) || (st = dcn_same_format(api, weight, "filter", x)))
        return st;
    if (bias && bias->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "The format of bias should be ND, but it is %s.",
                                  aclemu_format_name(bias->format));
    if ((st = dcn_same_format(api, out, "y", x)) || (st = dcn_same_format(api, dout, "deformOut", x)))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus array_size(const char *api, const aclIntArray *a, const char *name, uint64_t n)
{
    if (a->size == n)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The size of %s should be %llu, but it is %llu.", name, (unsigned long long)n,
                              (unsigned long long)a->size);
}

static aclnnStatus nc_one_hw_positive(const char *api, const aclIntArray *a, const char *name)
{
    if (a->data[0] != 1 || a->data[1] != 1)
        return ACLEMU_PARAM_ERROR(api, "%s[0] and %s[1] (N and C) must be 1, but they are %lld and %lld.", name, name,
                                  (long long)a->data[0], (long long)a->data[1]);
    if (a->data[2] <= 0 || a->data[3] <= 0)
        return ACLEMU_PARAM_ERROR(api, "%s[2] and %s[3] (H and W) must be greater than 0, but they are %lld and %lld.",
                                  name, name, (long long)a->data[2], (long long)a->data[3]);
    return ACLNN_SUCCESS;
}

aclnnStatus dcn_check_attrs(const char *api, const aclIntArray *ks, const aclIntArray *stride,
                               const aclIntArray *pad, const aclIntArray *dil, int64_t groups, int64_t dg,
                               bool modulated)
{
    aclnnStatus st;
    if ((st = array_size(api, ks, "kernelSize", 2)) || (st = array_size(api, stride, "strides", 4)) ||
        (st = array_size(api, pad, "pads", 4)) || (st = array_size(api, dil, "dilations", 4)))
        return st;
    if (ks->data[0] <= 0 || ks->data[1] <= 0)
        return ACLEMU_PARAM_ERROR(api, "All dimensions of kernelSize [%lld, %lld] must be greater than 0.",
                                  (long long)ks->data[0], (long long)ks->data[1]);
    if (ks->data[0] > DCN_MAX_KERNEL / ks->data[1])
        return ACLEMU_PARAM_ERROR(api, "kernelSize [%lld, %lld]: kernelSize[0] * kernelSize[1] must be <= %d.",
                                  (long long)ks->data[0], (long long)ks->data[1], DCN_MAX_KERNEL);
    if ((st = nc_one_hw_positive(api, stride, "strides")) || (st = nc_one_hw_positive(api, dil, "dilations")))
        return st;
    if (groups <= 0)
        return ACLEMU_PARAM_ERROR(api, "groups %lld should be greater than 0.", (long long)groups);
    if (dg <= 0)
        return ACLEMU_PARAM_ERROR(api, "deformableGroups %lld should be greater than 0.", (long long)dg);
    if (!modulated)
        return ACLEMU_PARAM_ERROR(api, "modulated is false, but only true is supported.");
    return ACLNN_SUCCESS;
}

aclnnStatus dcn_check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (!t || t->ndim == rank)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The dim num of %s should be %u, but it is %u.", name, rank, t->ndim);
}

aclnnStatus dcn_expect_shape(const char *api, const aclTensor *t, const char *name, const int64_t *want,
                                uint32_t n)
{
    if (!t)
        return ACLNN_SUCCESS;
    for (uint32_t i = 0; i < n; i++)
        if (t->shape[i] != want[i]) {
            char got[128], exp[128];
            return ACLEMU_PARAM_ERROR(api, "The shape of %s %s must be equal to its inferred shape %s.", name,
                                      aclemu_shape_str(t->shape, t->ndim, got, sizeof got),
                                      aclemu_shape_str(want, n, exp, sizeof exp));
        }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_DeformableConv2d(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                         const aclTensor *offset, const aclTensor *biasOptional,
                                         const aclIntArray *kernelSize, const aclIntArray *stride,
                                         const aclIntArray *padding, const aclIntArray *dilation, int64_t groups,
                                         int64_t deformableGroups, bool modulated, aclTensor *out,
                                         aclTensor *deformOutOptional)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *bias = biasOptional, *dout = deformOutOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, offset, "offset")) ||
        (st = aclemu_check_notnull(api, weight, "filter")) || (st = aclemu_check_notnull(api, out, "y")) ||
        (st = aclemu_check_notnull(api, kernelSize, "kernelSize")) ||
        (st = aclemu_check_notnull(api, stride, "strides")) || (st = aclemu_check_notnull(api, padding, "pads")) ||
        (st = aclemu_check_notnull(api, dilation, "dilations")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", DCN_DTYPES)) || (st = dcn_same_dtype(api, bias, "bias", x)) ||
        (st = dcn_same_dtype(api, dout, "deformOut", x)) || (st = dcn_same_dtype(api, offset, "offset", x)) ||
        (st = dcn_same_dtype(api, weight, "filter", x)) || (st = dcn_same_dtype(api, out, "y", x)))
        return st;
    if ((st = check_formats(api, x, weight, offset, bias, out, dout)) ||
        (st = dcn_check_attrs(api, kernelSize, stride, padding, dilation, groups, deformableGroups, modulated)))
        return st;
    if ((st = dcn_check_rank(api, x, "x", 4)) || (st = dcn_check_rank(api, weight, "filter", 4)) ||
        (st = dcn_check_rank(api, offset, "offset", 4)) || (st = dcn_check_rank(api, bias, "bias", 1)) ||
        (st = dcn_check_rank(api, out, "y", 4)) || (st = dcn_check_rank(api, dout, "deformOut", 4)))
        return st;
    const int64_t N = x->shape[0], C = x->shape[1], H = x->shape[2], W = x->shape[3], OC = weight->shape[0];
    const int64_t kh = kernelSize->data[0], kw = kernelSize->data[1];
    const int64_t *p = padding->data;
    const int64_t sh = stride->data[2], sw = stride->data[3], dh = dilation->data[2], dw = dilation->data[3];
    char s1[128], s2[128];
    if (C % deformableGroups)
        return ACLEMU_PARAM_ERROR(api, "x %s: shape[1] must be exactly divided by deformableGroups (%lld).",
                                  aclemu_shape_str(x->shape, 4, s1, sizeof s1), (long long)deformableGroups);
    if (C % groups || OC % groups)
        return ACLEMU_PARAM_ERROR(api, "x %s, filter %s: shape[1] of x and shape[0] of filter must be exactly "
                                  "divisible by groups (%lld).", aclemu_shape_str(x->shape, 4, s1, sizeof s1),
                                  aclemu_shape_str(weight->shape, 4, s2, sizeof s2), (long long)groups);
    if (H * W > INT32_MAX)
        return ACLEMU_PARAM_ERROR(api, "x %s: shape[2] * shape[3] must be <= %d.",
                                  aclemu_shape_str(x->shape, 4, s1, sizeof s1), INT32_MAX);
    const int64_t OH = (H + p[0] + p[1] - (kh - 1) * dh - 1) / sh + 1;
    const int64_t OW = (W + p[2] + p[3] - (kw - 1) * dw - 1) / sw + 1;
    const int64_t wshape[4] = {OC, C / groups, kh, kw}, oshape[4] = {N, 3 * deformableGroups * kh * kw, OH, OW};
    const int64_t yshape[4] = {N, OC, OH, OW}, dshape[4] = {N, C, OH * kh, OW * kw}, bshape[1] = {OC};
    if ((st = dcn_expect_shape(api, weight, "filter", wshape, 4)) || (st = dcn_expect_shape(api, offset, "offset", oshape, 4)) ||
        (st = dcn_expect_shape(api, bias, "bias", bshape, 1)) || (st = dcn_expect_shape(api, out, "y", yshape, 4)) ||
        (st = dcn_expect_shape(api, dout, "deformOut", dshape, 4)))
        return st;
    const int64_t K = kh * kw, icg = C / groups, ocg = OC / groups;
    if (K * icg > DCN_MAX_MATMUL_K)
        return ACLEMU_PARAM_ERROR(api, "x[1] * kernelSize[0] * kernelSize[1] / groups (%lld) must be <= %d.",
                                  (long long)(K * icg), DCN_MAX_MATMUL_K);
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(weight) == 0 || aclemu_tensor_numel(offset) == 0)
        return ACLNN_SUCCESS; /* the real op returns an empty executor */
    const int64_t P = OH * OW;

    /* 1. samples */
    int64_t col_ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * C * K * P) * sizeof(float));
    uint64_t rows = (uint64_t)(N * C * OH);
    uint32_t blocks = cube_workers();
    if ((uint64_t)blocks > rows)
        blocks = (uint32_t)rows;
    deform_conv_args *a = aclemu_exec_add_launch(executor, "DeformIm2col", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, x)) || (st = aclemu_exec_tdesc(executor, a, &a->offset, offset)) ||
        (dout && (st = aclemu_exec_tdesc(executor, a, &a->deform_out, dout))) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->col, (uint64_t)col_ws)))
        return st;
    a->n = N, a->c = C, a->h = H, a->w = W, a->oh = OH, a->ow = OW, a->kh = kh, a->kw = kw;
    a->stride_h = sh, a->stride_w = sw, a->pad_top = p[0], a->pad_left = p[2], a->dil_h = dh, a->dil_w = dw;
    a->dgroups = deformableGroups;
    a->col_round = is_950() && x->dtype != ACL_FLOAT ? (int32_t)x->dtype : 0;
    a->per_block = (rows + blocks - 1) / blocks;

    /* 2. out[n, g*ocg + o, (oh, ow)] = sum_(c, t) W[g*ocg + o, c, t] * col[n, g*icg + c, t, (oh, ow)] */
    int t_linear = weight->stride[2] == kw * weight->stride[3];
    int64_t w_ws = -1;
    if (!t_linear) { /* weight's kernel points are not one run: an FP32 contiguous copy */
        w_ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)aclemu_tensor_numel(weight) * sizeof(float));
        if ((st = cube_launch_copy(executor, NULL, w_ws, ACL_FLOAT, weight, -1, weight->dtype)))
            return st;
    }
    size_t wes = t_linear ? aclemu_dtype_size(weight->dtype) : sizeof(float);
    size_t oes = aclemu_dtype_size(out->dtype);
    for (int64_t g = 0; g < groups; g++) {
        cube_mm mm;
        mm_desc_init(&mm.d, ocg, P, icg * K, GEMM_MATH_KEEP);
        mm.d.nbatch_dims = 1;
        mm.d.batch_shape[0] = N;
        mm_bind(mm.bind, t_linear ? weight : NULL, NULL, out, NULL, bias);
        if (t_linear) {
            cube_view(&mm.d.a, CUBE_OP_A, weight, 0, 3, 0, 1);
            mm.d.a.jsplit = K;
            mm.d.a.cs_outer = weight->stride[1];
        } else {
            cube_view_raw(&mm.d.a, CUBE_OP_A, GEMM_F32, icg * K, 1);
            mm.bind[CUBE_OP_A].ws_off = w_ws;
        }
        mm.d.a.ptr = (const char *)mm.d.a.ptr + g * ocg * mm.d.a.rs * (int64_t)wes;
        cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, P, 1);
        mm.d.b.bstride[0] = N > 1 ? C * K * P : 0;
        mm.bind[CUBE_OP_B].ws_off = col_ws + g * icg * K * P * (int64_t)sizeof(float);
        cube_view(&mm.d.c, CUBE_OP_C, out, 1, 3, 1, 1);
        mm.d.c.jsplit = OW;
        mm.d.c.cs_outer = out->stride[2];
        mm.d.c.ptr = (const char *)mm.d.c.ptr + g * ocg * out->stride[1] * (int64_t)oes;
        if (bias) {
            cube_view(&mm.d.bias, CUBE_OP_BIAS, bias, 0, -1, 0, 1);
            mm.d.bias.ptr = (const char *)mm.d.bias.ptr + g * ocg * bias->stride[0] * (int64_t)aclemu_dtype_size(bias->dtype);
        }
        if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
            return st;
    }
    return ACLNN_SUCCESS;
}
