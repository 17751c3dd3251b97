/* aclemuGraphFusedConv2d (graph_fused.h): aclnnConvolution's checks and implicit-GEMM launch
 * (conv_forward_fused in convolution_forward/) with the fused epilogue put into the plan here. */
#include "graph_fused.h"

#include "aclemu_op/executor.h"
#include "conv_common.h"

aclnnStatus conv_fuse_epilogue(aclOpExecutor *ex, const char *api, const conv_fuse *fuse, gemm_plan *plan,
                               conv_operand *r, const aclTensor *output)
{
    aclnnStatus st;
    gemm_desc d = plan->d;
    d.act = fuse->act;
    d.act_param[0] = fuse->act_param[0];
    d.act_param[1] = fuse->act_param[1];
    if (fuse->residual) {
        const aclTensor *res = fuse->residual;
        if ((st = aclemu_check_dtype(api, res, "residual", cube_float_dtypes())) ||
            (st = aclemu_check_shape_is(api, res, "residual", output->shape, output->ndim)))
            return st;
        if ((st = conv_operand_in(ex, r, res, CUBE_OP_D)))
            return st;
        d.d = d.c; /* same layout as the output (both contiguous NC[D]HW) */
        d.d.ptr = (const void *)(uintptr_t)r->synth;
        d.d.dtype = cube_gemm_dtype(res->dtype);
        d.beta = 1.0f;
    }
    if (gemm_plan_init(plan, &d, cube_max_blocks(), cube_workers()) != GEMM_OK)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "fused convolution tiling failed.");
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclemuGraphFusedConv2dGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *bias, const aclTensor *residual,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, int64_t groups, int64_t act,
    double actParam0, double actParam1, int8_t cubeMathType, aclTensor *y, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    static const char api[] = "aclemuGraphFusedConv2d";
    const aclemu_io_param io[] = {{x, 0, ACLEMU_IO_IN, "x"}, {weight, 0, ACLEMU_IO_IN, "weight"},
                                  {bias, 0, ACLEMU_IO_IN, "bias"}, {residual, 0, ACLEMU_IO_IN, "residual"},
                                  {y, 0, ACLEMU_IO_OUT, "y"}};
    aclOpExecutor *ex;
    aclnnStatus st = aclemu_phase1_begin(api, workspaceSize, executor, io, 5, &ex);
    if (st != ACLNN_SUCCESS)
        return st;
    if (act < GEMM_ACT_NONE || act > GEMM_ACT_LAST)
        st = ACLEMU_PARAM_ERROR(api, "act %lld is not a fused activation.", (long long)act);
    else if (x && x->ndim != 4)
        st = ACLEMU_PARAM_ERROR(api, "x dim num %u should be 4 (NCHW).", x->ndim);
    else {
        conv_fuse f = {(int32_t)act, {(float)actParam0, (float)actParam1}, residual};
        st = conv_forward_fused(ex, x, weight, bias, stride, padding, dilation, groups, y, cubeMathType, &f);
    }
    return aclemu_phase1_end(ex, st, workspaceSize, executor);
}

ACLNN_API aclnnStatus aclemuGraphFusedConv2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream)
{
    return aclemu_phase2_run(workspace, workspaceSize, executor, stream, "aclemuGraphFusedConv2d");
}
