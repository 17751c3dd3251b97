/* aclnnConvolution and aclnnConvDepthwise2d: checks of ops-nn convolution_forward, then one
 * implicit-GEMM CubeGemm launch (or the direct depthwise kernel), with workspace copies only for
 * non-contiguous tensors. On the 310P a FRACTAL_Z FLOAT16 weight (aclnnTransConvolutionWeight)
 * is unpacked into an NCHW workspace buffer first (ConvFz). */
#include <string.h>

#include "aclemu_plans.h"
#include "conv_common.h"

/* Convolution runs on every chip but the 910 (Atlas training series). */
#define CONV_SOCS (CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_910A))

static aclnnStatus conv_forward(aclOpExecutor *ex, const aclTensor *input, const aclTensor *weight,
                                const aclTensor *bias, const aclIntArray *stride, const aclIntArray *padding,
                                const aclIntArray *dilation, bool transposed, const aclIntArray *outputPadding,
                                int64_t groups, const aclTensor *output, int8_t cubeMathType, int depthwise_api,
                                const conv_fuse *fuse)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    char s1[128], s2[128];
    if ((st = aclemu_check_notnull(api, input, depthwise_api ? "self" : "input")) ||
        (st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, dilation, "dilation")) ||
        (st = aclemu_check_notnull(api, output, depthwise_api ? "out" : "output")))
        return st;
    unsigned socs = depthwise_api ? (CUBE_SOC(ACLEMU_FAMILY_A2) | CUBE_SOC(ACLEMU_FAMILY_A3) | CUBE_SOC(ACLEMU_FAMILY_950))
                                  : CONV_SOCS;
    if ((st = cube_check_soc(api, socs)))
        return st;
    aclemu_dtype_set dts = cube_float_dtypes();
    if ((st = aclemu_check_dtype(api, input, "input", dts)) || (st = aclemu_check_dtype(api, weight, "weight", dts)) ||
        (bias && (st = aclemu_check_dtype(api, bias, "bias", dts))) ||
        (st = aclemu_check_dtype(api, output, "output", dts)))
        return st;
    aclDataType pd;
    int32_t math;
    if ((st = cube_promote(api, CUBE_CONV, input, "input", weight, "weight", &pd)) ||
        (st = cube_math(api, CUBE_CONV, pd, cubeMathType, &math)))
        return st;
    if (transposed && output->dtype != pd)
        return ACLEMU_PARAM_ERROR(api, "output dtype %s should be the same as the input dtype %s when transposed.",
                                  aclemu_dtype_name(output->dtype), aclemu_dtype_name(pd));
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_310P && input->ndim == 5 && !transposed && pd != ACL_FLOAT16)
        return ACLEMU_PARAM_ERROR(api, "conv3d forward only supports DT_FLOAT16 on the current SOC version [%s].",
                                  aclemu_op_profile()->short_soc_version);
    /* a FRACTAL_Z weight (aclnnTransConvolutionWeight's, its view NCHW) is checked with the
       Conv2d PreProcess below, as the real op checks its storage format there */
    const int fz = weight->format == ACL_FORMAT_FRACTAL_Z && weight->ndim == 4 && !transposed && !depthwise_api;
    if ((st = conv_check_format(api, input, "input")) || (!fz && (st = conv_check_format(api, weight, "weight"))) ||
        (st = conv_check_format(api, output, "output")) || (bias && (st = aclemu_check_format(api, bias, "bias"))))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", 5)) || (st = aclemu_check_shape(api, weight, "weight", 5)) ||
        (st = aclemu_check_shape(api, output, "output", 5)) || (bias && (st = aclemu_check_shape(api, bias, "bias", 5))))
        return st;
    conv_geom g;
    if ((st = conv_check_geom(api, input, weight, stride, padding, dilation, transposed, outputPadding, groups, &g)))
        return st;
    if (bias && (aclemu_tensor_numel(bias) != g.cp.cout || (bias->ndim != 1 && bias->ndim != g.rank)))
        return ACLEMU_PARAM_ERROR(api, "bias shape %s should be [%lld].", cube_shape_str(bias, s1, sizeof s1),
                                  (long long)g.cp.cout);
    if ((st = aclemu_check_shape_is(api, output, "output", g.out_shape, g.rank)))
        return st;
    (void)s2;
    if (aclemu_tensor_numel(input) == 0 || aclemu_tensor_numel(output) == 0)
        return ACLNN_SUCCESS;
    conv_fz_geom fzg = {0};
    if (fz && (st = conv_check_fz_weight(api, input, weight, groups, &fzg)))
        return st;
    g.cp.math = math;
    g.cp.hf32_round = GEMM_HF32_RNE;
    g.cp.x_dtype = cube_gemm_dtype(input->dtype);
    g.cp.w_dtype = cube_gemm_dtype(weight->dtype);
    g.cp.y_dtype = cube_gemm_dtype(output->dtype);
    g.cp.bias_dtype = bias ? cube_gemm_dtype(bias->dtype) : GEMM_F32;

    conv_operand x, w, b, y;
    if ((st = conv_operand_in(ex, &x, input, CUBE_OP_B)) ||
        (st = fz ? conv_operand_in_fz(ex, &w, weight, CUBE_OP_A, &fzg) : conv_operand_in(ex, &w, weight, CUBE_OP_A)) ||
        (bias && (st = conv_operand_in(ex, &b, bias, CUBE_OP_BIAS))))
        return st;
    conv_operand_out(ex, &y, output, CUBE_OP_C);
    if ((!fuse || !fuse->residual) && g.cp.nsp == 2 && !g.cp.transposed && g.cp.groups == g.cp.cin &&
        g.cp.cout == g.cp.cin) {
        /* the rule of gemm_dw_supported (depthwise.c is device-side only) */
        /* depthwise: the direct kernel (blocks own (image, channel) planes) */
        uint32_t planes = (uint32_t)(g.cp.batch * g.cp.cin), maxb = cube_max_blocks();
        cube_dw_args *a = (cube_dw_args *)aclemu_exec_add_launch(ex, "CubeDepthwise", planes < maxb ? planes : maxb,
                                                                 sizeof(cube_dw_args));
        if (!a)
            return ACLNN_ERR_INNER;
        a->cp = g.cp;
        a->max_blocks = maxb;
        if (fuse) { /* atc's fused depthwise conv + activation: applied to each output */
            a->act = fuse->act;
            a->act_param[0] = fuse->act_param[0];
            a->act_param[1] = fuse->act_param[1];
        }
        const conv_operand *ops[4] = {&x, &w, bias ? &b : NULL, &y};
        uint64_t *addr[4] = {&a->x, &a->w, &a->bias, &a->y};
        int64_t *off[4] = {&a->x_off, &a->w_off, &a->bias_off, &a->y_off};
        for (int i = 0; i < 4; i++) {
            if (!ops[i])
                continue;
            *off[i] = (int64_t)(ops[i]->synth - CUBE_SYNTH_BASE(ops[i]->slot));
            st = ops[i]->ws < 0 ? aclemu_exec_bind_tensor(ex, a, addr[i], ops[i]->t)
                                : aclemu_exec_bind_workspace(ex, a, addr[i], (uint64_t)ops[i]->ws);
            if (st)
                return st;
        }
        return conv_operand_finish(ex, &y);
    }
    gemm_plan plan;
    if (gemm_conv_fwd_plan(&plan, &g.cp, (const void *)(uintptr_t)x.synth, (const void *)(uintptr_t)w.synth,
                           bias ? (const void *)(uintptr_t)b.synth : NULL, (void *)(uintptr_t)y.synth,
                           cube_max_blocks(), cube_workers()) != GEMM_OK)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "convolution tiling failed.");
    conv_operand r;
    if (fuse && (st = conv_fuse_epilogue(ex, api, fuse, &plan, &r, output)))
        return st;
    cube_bind bind[CUBE_NOPS];
    for (int i = 0; i < CUBE_NOPS; i++) {
        bind[i].t = NULL;
        bind[i].ws_off = -1;
    }
    conv_operand_bind(bind, &x);
    conv_operand_bind(bind, &w);
    conv_operand_bind(bind, &y);
    if (bias)
        conv_operand_bind(bind, &b);
    if (fuse && fuse->residual)
        conv_operand_bind(bind, &r);
    if ((st = cube_launch_plan(ex, &plan, bind)))
        return st;
    return conv_operand_finish(ex, &y);
}

/* The fused convolution of atc's graph compiler (graph_fused/): the same checks and launch with an
 * epilogue (activation, residual addend); a depthwise one without residual runs the direct
 * depthwise kernel with the activation. */
aclnnStatus conv_forward_fused(aclOpExecutor *ex, const aclTensor *input, const aclTensor *weight,
                               const aclTensor *bias, const aclIntArray *stride, const aclIntArray *padding,
                               const aclIntArray *dilation, int64_t groups, const aclTensor *output,
                               int8_t cubeMathType, const conv_fuse *fuse)
{
    return conv_forward(ex, input, weight, bias, stride, padding, dilation, false, NULL, groups, output,
                        cubeMathType, 0, fuse);
}

aclnnStatus aclemu_plan_Convolution(aclOpExecutor *executor, const aclTensor *input, const aclTensor *weight,
                                    const aclTensor *bias, const aclIntArray *stride, const aclIntArray *padding,
                                    const aclIntArray *dilation, bool transposed, const aclIntArray *outputPadding,
                                    const int64_t groups, aclTensor *output, int8_t cubeMathType)
{
    return conv_forward(executor, input, weight, bias, stride, padding, dilation, transposed, outputPadding, groups,
                        output, cubeMathType, 0, NULL);
}

/* ConvDepthwise2d: NCHW, weight [C*multiplier, 1, kH, kW], groups = C, kernelSize = weight H/W. */
aclnnStatus aclemu_plan_ConvDepthwise2d(aclOpExecutor *executor, const aclTensor *self, const aclTensor *weight,
                                        const aclIntArray *kernelSize, const aclTensor *bias, const aclIntArray *stride,
                                        const aclIntArray *padding, const aclIntArray *dilation, aclTensor *out,
                                        int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, kernelSize, "kernelSize")))
        return st;
    if (self->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be 4 (NCHW).", self->ndim);
    if (weight->ndim == 4 && kernelSize->size == 2 &&
        (kernelSize->data[0] != weight->shape[2] || kernelSize->data[1] != weight->shape[3]))
        return ACLEMU_PARAM_ERROR(api, "kernelSize [%lld, %lld] should equal the weight H/W [%lld, %lld].",
                                  (long long)kernelSize->data[0], (long long)kernelSize->data[1],
                                  (long long)weight->shape[2], (long long)weight->shape[3]);
    if (kernelSize->size != 2)
        return ACLEMU_PARAM_ERROR(api, "The length of kernelSize should be 2, but got %llu.",
                                  (unsigned long long)kernelSize->size);
    return conv_forward(executor, self, weight, bias, stride, padding, dilation, false, NULL, self->shape[1], out,
                        cubeMathType, 1, NULL);
}
