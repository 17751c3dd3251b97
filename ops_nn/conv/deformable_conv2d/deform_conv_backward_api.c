/* aclnnDeformableConv2dBackward (Ascend 950; header aclnn_convolution_backward.h). As the real op
 * (op_api/aclnn_convolution_backward.cpp) does it: the forward's convolution of the samples
 * (offsetOut, stride = kernel) is differentiated like a plain convolution — grad weight and grad
 * bias from gradOutput and offsetOut, the samples' gradient dcol = W^T gradOutput — then
 * DeformOffsetsGrad spreads dcol back onto the input (bilinear weights) and the offsets and masks.
 * Launches: FP32 staging copies (gradOutput, weight, offsetOut as the column matrix), per group
 * one CubeGemm for dcol and, per image, one accumulating CubeGemm for grad weight; CubeBiasGrad;
 * DeformOffsetsGrad; copies of the FP32 results into the outputs' dtype and views. */
#include <string.h>

#include "aclemu_plans.h"
#include "deform_conv_args.h"
#include "deform_conv_check.h"
#include "mm_common.h"

static aclnnStatus copy_in(aclOpExecutor *ex, const aclTensor *t, int64_t *ws)
{
    *ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)aclemu_tensor_numel(t) * sizeof(float));
    return cube_launch_copy(ex, NULL, *ws, ACL_FLOAT, t, -1, t->dtype);
}

aclnnStatus aclemu_plan_DeformableConv2dBackward(aclOpExecutor *executor, const aclTensor *input,
                                                 const aclTensor *gradOutput, const aclTensor *offsetOut,
                                                 const aclTensor *weight, const aclTensor *offset,
                                                 const aclIntArray *kernelSize, const aclIntArray *stride,
                                                 const aclIntArray *padding, const aclIntArray *dilation,
                                                 int64_t groups, int64_t deformableGroups, bool modulated,
                                                 aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradOffset,
                                                 aclTensor *gradBias)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (!aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)))
        return ACLEMU_PARAM_ERROR(api, "npuarch must be 3510 (Ascend 950): the current SoC %s has no "
                                  "DeformableConv2dBackward.", aclemu_op_profile()->short_soc_version);
    const aclTensor *ins[5] = {gradOutput, input, weight, offsetOut, offset};
    static const char *const in_names[5] = {"gradOutput", "input", "weight", "offsetOut", "offset"};
    const aclTensor *outs[4] = {gradInput, gradWeight, gradBias, gradOffset};
    static const char *const out_names[4] = {"gradInput", "gradWeight", "gradBias", "gradOffset"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_notnull(api, ins[i], in_names[i])))
            return st;
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_notnull(api, outs[i], out_names[i])))
            return st;
    if ((st = aclemu_check_notnull(api, kernelSize, "kernelSize")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, dilation, "dilation")))
        return st;
    /* dtypes: input's list, everything else equal to it */
    if ((st = aclemu_check_dtype(api, input, "input", DCN_DTYPES)) ||
        (st = dcn_same_dtype(api, gradInput, "gradInput", input)) ||
        (st = dcn_same_dtype(api, gradWeight, "gradWeight", input)) ||
        (st = dcn_same_dtype(api, gradOffset, "gradOffset", input)) || (st = dcn_same_dtype(api, weight, "weight", input)) ||
        (st = dcn_same_dtype(api, offsetOut, "offsetOut", input)) || (st = dcn_same_dtype(api, offset, "offset", input)) ||
        (st = dcn_same_dtype(api, gradOutput, "gradOutput", input)) ||
        (st = dcn_same_dtype(api, gradBias, "gradBias", input)))
        return st;
    /* formats: NCHW, all alike; gradBias ND */
    for (int i = 0; i < 2; i++)
        if (ins[i]->format != ACL_FORMAT_NCHW)
            return ACLEMU_PARAM_ERROR(api, "The format of %s should be NCHW, but it is %s.", in_names[i],
                                      aclemu_format_name(ins[i]->format));
    const aclTensor *same[5] = {weight, offsetOut, offset, gradInput, gradWeight};
    static const char *const same_names[5] = {"weight", "offsetOut", "offset", "gradInput", "gradWeight"};
    for (int i = 0; i < 5; i++)
        if ((st = dcn_same_format(api, same[i], same_names[i], input)))
            return st;
    if ((st = dcn_same_format(api, gradOffset, "gradOffset", offsetOut)))
        return st;
    if (gradBias->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "The format of gradBias should be ND, but it is %s.",
                                  aclemu_format_name(gradBias->format));
    if ((st = dcn_check_attrs(api, kernelSize, stride, padding, dilation, groups, deformableGroups, modulated)))
        return st;
    for (int i = 0; i < 5; i++)
        if ((st = dcn_check_rank(api, ins[i], in_names[i], 4)))
            return st;
    if ((st = dcn_check_rank(api, gradInput, "gradInput", 4)) || (st = dcn_check_rank(api, gradWeight, "gradWeight", 4)) ||
        (st = dcn_check_rank(api, gradOffset, "gradOffset", 4)) || (st = dcn_check_rank(api, gradBias, "gradBias", 1)))
        return st;
    const int64_t N = input->shape[0], C = input->shape[1], H = input->shape[2], W = input->shape[3];
    const int64_t OC = weight->shape[0], kh = kernelSize->data[0], kw = kernelSize->data[1];
    const int64_t *p = padding->data;
    const int64_t sh = stride->data[2], sw = stride->data[3], dh = dilation->data[2], dw = dilation->data[3];
    if (C % deformableGroups)
        return ACLEMU_PARAM_ERROR(api, "inC %lld must be exactly divisible by deformableGroups %lld.", (long long)C,
                                  (long long)deformableGroups);
    if (C % groups || OC % groups)
        return ACLEMU_PARAM_ERROR(api, "inC %lld and outC %lld must be divisible by groups %lld.", (long long)C,
                                  (long long)OC, (long long)groups);
    if (H * W > INT32_MAX)
        return ACLEMU_PARAM_ERROR(api, "inH * inW must be not greater than %d.", INT32_MAX);
    const int64_t OH = (H + p[0] + p[1] - (kh - 1) * dh - 1) / sh + 1;
    const int64_t OW = (W + p[2] + p[3] - (kw - 1) * dw - 1) / sw + 1;
    const int64_t K = kh * kw, G = deformableGroups, icg = C / groups, ocg = OC / groups, P = OH * OW;
    const int64_t wshape[4] = {OC, icg, kh, kw}, oshape[4] = {N, 3 * G * K, OH, OW}, yshape[4] = {N, OC, OH, OW};
    const int64_t dshape[4] = {N, C, OH * kh, OW * kw}, bshape[1] = {OC};
    if ((st = dcn_expect_shape(api, weight, "weight", wshape, 4)) || (st = dcn_expect_shape(api, offset, "offset", oshape, 4)) ||
        (st = dcn_expect_shape(api, gradOutput, "gradOutput", yshape, 4)) ||
        (st = dcn_expect_shape(api, offsetOut, "offsetOut", dshape, 4)) ||
        (st = dcn_expect_shape(api, gradInput, "gradInput", input->shape, 4)) ||
        (st = dcn_expect_shape(api, gradWeight, "gradWeight", wshape, 4)) ||
        (st = dcn_expect_shape(api, gradOffset, "gradOffset", oshape, 4)) ||
        (st = dcn_expect_shape(api, gradBias, "gradBias", bshape, 1)))
        return st;
    if (K * icg > DCN_MAX_MATMUL_K)
        return ACLEMU_PARAM_ERROR(api, "kH * kW * inC / groups (%lld) should not be greater than %d.",
                                  (long long)(K * icg), DCN_MAX_MATMUL_K);
    if (aclemu_tensor_numel(input) == 0 || aclemu_tensor_numel(gradOutput) == 0 || aclemu_tensor_numel(weight) == 0)
        return ACLNN_SUCCESS; /* empty tensors are refused by the docs; nothing to compute */

    /* FP32 staging: dY [N][OC][P], W [OC][icg*K], col [N][C*K][P] (offsetOut permuted) */
    int64_t ws_dy, ws_w, ws_col;
    if ((st = copy_in(executor, gradOutput, &ws_dy)) || (st = copy_in(executor, weight, &ws_w)))
        return st;
    aclTensor colv = *offsetOut; /* (N, C, OH*kh, OW*kw) as (N, C, kh, kw, OH, OW) */
    int64_t cshape[6] = {N, C, kh, kw, OH, OW};
    int64_t cstride[6] = {offsetOut->stride[0], offsetOut->stride[1], offsetOut->stride[2], offsetOut->stride[3],
                          kh * offsetOut->stride[2], kw * offsetOut->stride[3]};
    colv.ndim = 6;
    colv.shape = cshape;
    colv.stride = cstride;
    colv.format = ACL_FORMAT_ND;
    if ((st = copy_in(executor, &colv, &ws_col)))
        return st;
    const int64_t ws_dcol = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * C * K * P) * sizeof(float));
    const int64_t ws_dw = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(OC * icg * K) * sizeof(float));
    const int64_t F = (int64_t)sizeof(float);
    for (int64_t g = 0; g < groups; g++) {
        /* dcol^T[n] (P x icg*K) = dY[n]^T (P x ocg) W_g (ocg x icg*K) */
        cube_mm mm;
        mm_desc_init(&mm.d, P, icg * K, ocg, GEMM_MATH_KEEP);
        mm_bind(mm.bind, NULL, NULL, NULL, NULL, NULL);
        mm.d.nbatch_dims = 1;
        mm.d.batch_shape[0] = N;
        cube_view_raw(&mm.d.a, CUBE_OP_A, GEMM_F32, 1, P);
        mm.d.a.bstride[0] = OC * P;
        cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, icg * K, 1);
        cube_view_raw(&mm.d.c, CUBE_OP_C, GEMM_F32, 1, P);
        mm.d.c.bstride[0] = C * K * P;
        mm.bind[CUBE_OP_A].ws_off = ws_dy + g * ocg * P * F;
        mm.bind[CUBE_OP_B].ws_off = ws_w + g * ocg * icg * K * F;
        mm.bind[CUBE_OP_C].ws_off = ws_dcol + g * icg * K * P * F;
        if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
            return st;
        /* dW_g (ocg x icg*K) = sum_n dY[n]_g (ocg x P) col[n]_g^T (P x icg*K), accumulated in FP32 */
        for (int64_t n = 0; n < N; n++) {
            mm_desc_init(&mm.d, ocg, icg * K, P, GEMM_MATH_KEEP);
            mm_bind(mm.bind, NULL, NULL, NULL, NULL, NULL);
            cube_view_raw(&mm.d.a, CUBE_OP_A, GEMM_F32, P, 1);
            cube_view_raw(&mm.d.b, CUBE_OP_B, GEMM_F32, 1, P);
            cube_view_raw(&mm.d.c, CUBE_OP_C, GEMM_F32, icg * K, 1);
            mm.bind[CUBE_OP_A].ws_off = ws_dy + (n * OC + g * ocg) * P * F;
            mm.bind[CUBE_OP_B].ws_off = ws_col + (n * C + g * icg) * K * P * F;
            mm.bind[CUBE_OP_C].ws_off = ws_dw + g * ocg * icg * K * F;
            if (n) {
                cube_view_raw(&mm.d.d, CUBE_OP_D, GEMM_F32, icg * K, 1);
                mm.d.beta = 1.0f;
                mm.bind[CUBE_OP_D].ws_off = mm.bind[CUBE_OP_C].ws_off;
            }
            if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
                return st;
        }
    }
    if ((st = cube_launch_copy(executor, gradWeight, -1, gradWeight->dtype, NULL, ws_dw, ACL_FLOAT)))
        return st;
    /* grad bias: per channel, over images and positions (the conv backward's reduction kernel) */
    const int64_t ws_db = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)OC * sizeof(float));
    {
        uint32_t blocks;
        uint64_t per;
        aclemu_tile_1d((uint64_t)OC, aclemu_vector_core_num(aclemu_op_profile()), 4, 1, &blocks, &per);
        cube_bias_grad_args *b = aclemu_exec_add_launch(executor, "CubeBiasGrad", blocks, sizeof *b);
        if (!b)
            return ACLNN_ERR_INNER;
        b->dy_dtype = GEMM_F32;
        b->db_dtype = GEMM_F32;
        b->batch = N;
        b->channels = OC;
        b->positions = P;
        b->per_block = (int64_t)per;
        b->dy_off = 0;
        b->db_off = 0;
        if ((st = aclemu_exec_bind_workspace(executor, b, &b->dy, (uint64_t)ws_dy)) ||
            (st = aclemu_exec_bind_workspace(executor, b, &b->db, (uint64_t)ws_db)) ||
            (st = cube_launch_copy(executor, gradBias, -1, gradBias->dtype, NULL, ws_db, ACL_FLOAT)))
            return st;
    }
    /* the samples' gradient back onto x, the offsets and the masks */
    const int64_t ws_gx = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * C * H * W) * sizeof(float));
    const int64_t ws_go = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * 3 * G * K * P) * sizeof(float));
    uint64_t pairs = (uint64_t)(N * G);
    uint32_t blocks = cube_workers();
    if ((uint64_t)blocks > pairs)
        blocks = (uint32_t)pairs;
    deform_grad_args *a = aclemu_exec_add_launch(executor, "DeformOffsetsGrad", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, input)) || (st = aclemu_exec_tdesc(executor, a, &a->offset, offset)) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->dcol, (uint64_t)ws_dcol)) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->gx, (uint64_t)ws_gx)) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->goff, (uint64_t)ws_go)))
        return st;
    a->n = N, a->c = C, a->h = H, a->w = W, a->oh = OH, a->ow = OW, a->kh = kh, a->kw = kw;
    a->stride_h = sh, a->stride_w = sw, a->pad_top = p[0], a->pad_left = p[2], a->dil_h = dh, a->dil_w = dw;
    a->dgroups = G;
    a->per_block = (pairs + blocks - 1) / blocks;
    if ((st = cube_launch_copy(executor, gradInput, -1, gradInput->dtype, NULL, ws_gx, ACL_FLOAT)) ||
        (st = cube_launch_copy(executor, gradOffset, -1, gradOffset->dtype, NULL, ws_go, ACL_FLOAT)))
        return st;
    return ACLNN_SUCCESS;
}
