/* aclnnConvolutionBackward: up to three launches on the implicit-GEMM engine — grad input (the
 * adjoint convolution), grad weight (a GEMM over batch x positions), grad bias (a per-channel
 * reduction) — as outputMask selects. Transposed convolutions swap the roles (the engine's
 * passes handle both). */
#include <string.h>

#include "aclemu_plans.h"
#include "conv_common.h"

/* Backward runs on every chip but the 310B. */
#define CONV_BWD_SOCS (CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_310B))

static void bind_init(cube_bind *b)
{
    for (int i = 0; i < CUBE_NOPS; i++) {
        b[i].t = NULL;
        b[i].ws_off = -1;
    }
}

aclnnStatus aclemu_plan_ConvolutionBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                            const aclTensor *input, const aclTensor *weight,
                                            const aclIntArray *biasSizes, const aclIntArray *stride,
                                            const aclIntArray *padding, const aclIntArray *dilation, bool transposed,
                                            const aclIntArray *outputPadding, int groups,
                                            const aclBoolArray *outputMask, int8_t cubeMathType, aclTensor *gradInput,
                                            aclTensor *gradWeight, aclTensor *gradBias)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    char s1[128];
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, input, "input")) ||
        (st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, stride, "stride")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, dilation, "dilation")) ||
        (st = aclemu_check_notnull(api, outputMask, "outputMask")))
        return st;
    if (outputMask->size != 3)
        return ACLEMU_PARAM_ERROR(api, "The length of outputMask should be 3, but got %llu.",
                                  (unsigned long long)outputMask->size);
    int want_in = outputMask->data[0], want_w = outputMask->data[1], want_b = outputMask->data[2];
    if ((want_in && (st = aclemu_check_notnull(api, gradInput, "gradInput"))) ||
        (want_w && (st = aclemu_check_notnull(api, gradWeight, "gradWeight"))) ||
        (want_b && (st = aclemu_check_notnull(api, gradBias, "gradBias"))))
        return st;
    if ((st = cube_check_soc(api, CONV_BWD_SOCS)))
        return st;
    aclemu_dtype_set dts = cube_float_dtypes();
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", dts)) ||
        (st = aclemu_check_dtype(api, input, "input", dts)) || (st = aclemu_check_dtype(api, weight, "weight", dts)) ||
        (want_in && (st = aclemu_check_dtype(api, gradInput, "gradInput", dts))) ||
        (want_w && (st = aclemu_check_dtype(api, gradWeight, "gradWeight", dts))) ||
        (want_b && (st = aclemu_check_dtype(api, gradBias, "gradBias", dts))))
        return st;
    aclDataType pd;
    int32_t math;
    if ((st = cube_promote(api, CUBE_CONV, input, "input", weight, "weight", &pd)) ||
        (st = cube_math(api, CUBE_CONV, pd, cubeMathType, &math)))
        return st;
    if ((st = conv_check_format(api, gradOutput, "gradOutput")) || (st = conv_check_format(api, input, "input")) ||
        (st = conv_check_format(api, weight, "weight")) ||
        (want_in && (st = conv_check_format(api, gradInput, "gradInput"))) ||
        (want_w && (st = conv_check_format(api, gradWeight, "gradWeight"))) ||
        (want_b && (st = aclemu_check_format(api, gradBias, "gradBias"))))
        return st;
    conv_geom g;
    if ((st = conv_check_geom(api, input, weight, stride, padding, dilation, transposed, outputPadding, groups, &g)))
        return st;
    if ((st = aclemu_check_shape_is(api, gradOutput, "gradOutput", g.out_shape, g.rank)) ||
        (want_in && (st = aclemu_check_shape_is(api, gradInput, "gradInput", input->shape, input->ndim))) ||
        (want_w && (st = aclemu_check_shape_is(api, gradWeight, "gradWeight", weight->shape, weight->ndim))))
        return st;
    if (want_b) {
        int64_t c = g.cp.cout;
        if (biasSizes && (biasSizes->size != 1 || biasSizes->data[0] != c))
            return ACLEMU_PARAM_ERROR(api, "biasSizes should be [%lld].", (long long)c);
        if (aclemu_tensor_numel(gradBias) != c || gradBias->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "gradBias shape %s should be [%lld].", cube_shape_str(gradBias, s1, sizeof s1),
                                      (long long)c);
    }
    g.cp.math = math;
    g.cp.hf32_round = GEMM_HF32_RNE;
    g.cp.x_dtype = cube_gemm_dtype(want_in ? gradInput->dtype : input->dtype);
    g.cp.w_dtype = cube_gemm_dtype(weight->dtype);
    g.cp.y_dtype = cube_gemm_dtype(gradOutput->dtype);
    uint32_t maxb = cube_max_blocks(), workers = cube_workers();
    cube_bind bind[CUBE_NOPS];
    gemm_plan plan;
    conv_operand dy, x, w, dx, dw;
    int empty = aclemu_tensor_numel(gradOutput) == 0;

    /* gradOutput feeds every pass: one workspace copy at most (when it is not contiguous) */
    if ((want_in || want_w || want_b) && (st = conv_operand_in(executor, &dy, gradOutput, CUBE_OP_B)))
        return st;
    if (want_in && !empty && aclemu_tensor_numel(gradInput) > 0) {
        /* dx = adjoint conv of dy with w: engine slots A = w, B = dy, C = dx */
        if ((st = conv_operand_in(executor, &w, weight, CUBE_OP_A)))
            return st;
        conv_operand_out(executor, &dx, gradInput, CUBE_OP_C);
        if (gemm_conv_dgrad_plan(&plan, &g.cp, (const void *)(uintptr_t)dy.synth, (const void *)(uintptr_t)w.synth,
                                 (void *)(uintptr_t)dx.synth, maxb, workers) != GEMM_OK)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "grad input tiling failed.");
        bind_init(bind);
        conv_operand_bind(bind, &dy);
        conv_operand_bind(bind, &w);
        conv_operand_bind(bind, &dx);
        if ((st = cube_launch_plan(executor, &plan, bind)) || (st = conv_operand_finish(executor, &dx)))
            return st;
    } else if (want_in && aclemu_tensor_numel(gradInput) > 0) {
        return ACLEMU_PARAM_ERROR(api, "gradOutput is empty while gradInput is not.");
    }
    if (want_w && aclemu_tensor_numel(gradWeight) > 0) {
        /* plain: A = dy (rows = out channels), B = x; transposed: A = x, B = dy */
        int ax = transposed;
        conv_operand dyw = conv_operand_reslot(&dy, ax ? CUBE_OP_B : CUBE_OP_A);
        if ((st = conv_operand_in(executor, &x, input, ax ? CUBE_OP_A : CUBE_OP_B)))
            return st;
        conv_operand_out(executor, &dw, gradWeight, CUBE_OP_C);
        g.cp.x_dtype = cube_gemm_dtype(input->dtype);
        if (gemm_conv_wgrad_plan(&plan, &g.cp, (const void *)(uintptr_t)x.synth, (const void *)(uintptr_t)dyw.synth,
                                 (void *)(uintptr_t)dw.synth, cube_gemm_dtype(gradWeight->dtype), maxb,
                                 workers) != GEMM_OK)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "grad weight tiling failed.");
        bind_init(bind);
        conv_operand_bind(bind, &x);
        conv_operand_bind(bind, &dyw);
        conv_operand_bind(bind, &dw);
        /* an empty batch is a K = 0 GEMM: the engine writes zeros (tests: empty batch) */
        if ((st = cube_launch_plan(executor, &plan, bind)) || (st = conv_operand_finish(executor, &dw)))
            return st;
    }
    if (want_b && g.cp.cout > 0) {
        int64_t positions = 1;
        for (int d = 0; d < g.cp.nsp; d++)
            positions *= g.out_shape[2 + d];
        conv_operand db;
        conv_operand_out(executor, &db, gradBias, CUBE_OP_C);
        uint32_t blocks;
        uint64_t per;
        aclemu_tile_1d((uint64_t)g.cp.cout, aclemu_vector_core_num(aclemu_op_profile()), 4, 1, &blocks, &per);
        cube_bias_grad_args *a = (cube_bias_grad_args *)aclemu_exec_add_launch(executor, "CubeBiasGrad", blocks,
                                                                               sizeof(cube_bias_grad_args));
        if (!a)
            return ACLNN_ERR_INNER;
        a->dy_dtype = cube_gemm_dtype(gradOutput->dtype);
        a->db_dtype = cube_gemm_dtype(gradBias->dtype);
        a->batch = g.cp.batch;
        a->channels = g.cp.cout;
        a->positions = positions;
        a->per_block = (int64_t)per;
        a->dy_off = (int64_t)(dy.synth - CUBE_SYNTH_BASE(dy.slot));
        a->db_off = (int64_t)(db.synth - CUBE_SYNTH_BASE(db.slot));
        st = dy.ws < 0 ? aclemu_exec_bind_tensor(executor, a, &a->dy, gradOutput)
                       : aclemu_exec_bind_workspace(executor, a, &a->dy, (uint64_t)dy.ws);
        if (!st)
            st = db.ws < 0 ? aclemu_exec_bind_tensor(executor, a, &a->db, gradBias)
                           : aclemu_exec_bind_workspace(executor, a, &a->db, (uint64_t)db.ws);
        if (st || (st = conv_operand_finish(executor, &db)))
            return st;
    }
    return ACLNN_SUCCESS;
}
