/* aclemuGraphFusedMatmul (graph_fused.h): one CubeGemm launch with alpha, bias, residual and
 * activation in the engine's epilogue (atc's MatMul/Gemm + Add (+Gelu/Relu) and scaled-MatMul
 * fusions). */
#include <string.h>

#include "graph_fused.h"

#include "aclemu_op/executor.h"
#include "mm_common.h"

static aclnnStatus fused_matmul(aclOpExecutor *ex, const char *api, const aclTensor *x1, const aclTensor *x2,
                                const aclTensor *bias, const aclTensor *residual, int64_t transB, double alpha,
                                int64_t act, double p0, double p1, int8_t cubeMathType, const aclTensor *y)
{
    aclnnStatus st;
    char s1[128], s2[128];
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if (act < GEMM_ACT_NONE || act > GEMM_ACT_LAST)
        return ACLEMU_PARAM_ERROR(api, "act %lld is not a fused activation.", (long long)act);
    aclemu_dtype_set dts = cube_float_dtypes();
    const aclTensor *all[5] = {x1, x2, y, bias, residual};
    const char *names[5] = {"x1", "x2", "y", "bias", "residual"};
    for (int i = 0; i < 5; i++)
        if (all[i] && ((st = aclemu_check_dtype(api, all[i], names[i], dts)) ||
                       (st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], 8))))
            return st;
    if (x1->ndim < 2 || (x2->ndim != 2 && x2->ndim != x1->ndim))
        return ACLEMU_PARAM_ERROR(api, "x1 %s, x2 %s: x1 needs >= 2 dims and x2 2 dims or x1's.",
                                  cube_shape_str(x1, s1, sizeof s1), cube_shape_str(x2, s2, sizeof s2));
    int32_t math;
    if ((st = cube_math(api, CUBE_MATMUL, x1->dtype, cubeMathType, &math)))
        return st;
    int nd = (int)x1->ndim, nb = nd - 2, nd2 = (int)x2->ndim, nb2 = nd2 - 2;
    int rk = transB ? nd2 - 1 : nd2 - 2, cn = transB ? nd2 - 2 : nd2 - 1; /* x2's K and N dims */
    int64_t M = x1->shape[nd - 2], K = x1->shape[nd - 1], N = x2->shape[cn];
    if (x2->shape[rk] != K)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(x1, s1, sizeof s1), cube_shape_str(x2, s2, sizeof s2));
    for (int i = 0; i < nb2; i++)
        if (x2->shape[i] != x1->shape[i])
            return ACLEMU_PARAM_ERROR(api, "x2 batch dims %s should equal x1's %s.", cube_shape_str(x2, s2, sizeof s2),
                                      cube_shape_str(x1, s1, sizeof s1));
    int64_t shape[8];
    memcpy(shape, x1->shape, sizeof(int64_t) * (size_t)nb);
    shape[nb] = M;
    shape[nb + 1] = N;
    if ((st = aclemu_check_shape_is(api, y, "y", shape, (uint32_t)nd)))
        return st;
    if (bias && (bias->ndim != 1 || bias->shape[0] != N))
        return ACLEMU_PARAM_ERROR(api, "bias shape %s should be [%lld].", cube_shape_str(bias, s1, sizeof s1),
                                  (long long)N);
    if (residual && (st = mm_check_broadcastable(api, residual, "residual", shape, (uint32_t)nd)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, math);
    mm.d.nbatch_dims = nb;
    memcpy(mm.d.batch_shape, shape, sizeof(int64_t) * (size_t)nb);
    mm.d.act = (int32_t)act;
    mm.d.act_param[0] = (float)p0;
    mm.d.act_param[1] = (float)p1;
    mm.d.alpha = (float)alpha;
    mm_bind(mm.bind, x1, x2, y, residual, bias);
    cube_view(&mm.d.a, CUBE_OP_A, x1, nd - 2, nd - 1, nb, nb);
    cube_view(&mm.d.b, CUBE_OP_B, x2, rk, cn, nb2, nb);
    cube_view(&mm.d.c, CUBE_OP_C, y, nd - 2, nd - 1, nb, nb);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, nb, CUBE_BCAST_MATRIX);
    if (residual) {
        mm.d.beta = 1.0f;
        cube_view_bcast(&mm.d.d, CUBE_OP_D, residual, nb, CUBE_BCAST_MATRIX);
    }
    return cube_launch_gemm(ex, &mm.d, mm.bind);
}

ACLNN_API aclnnStatus aclemuGraphFusedMatmulGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *residual, int64_t transB,
    double alpha, int64_t act, double actParam0, double actParam1, int8_t cubeMathType, aclTensor *y,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char api[] = "aclemuGraphFusedMatmul";
    const aclemu_io_param io[] = {{x1, 0, ACLEMU_IO_IN, "x1"}, {x2, 0, ACLEMU_IO_IN, "x2"},
                                  {bias, 0, ACLEMU_IO_IN, "bias"}, {residual, 0, ACLEMU_IO_IN, "residual"},
                                  {y, 0, ACLEMU_IO_OUT, "y"}};
    aclOpExecutor *ex;
    aclnnStatus st = aclemu_phase1_begin(api, workspaceSize, executor, io, 5, &ex);
    if (st != ACLNN_SUCCESS)
        return st;
    st = fused_matmul(ex, api, x1, x2, bias, residual, transB, alpha, act, actParam0, actParam1, cubeMathType, y);
    return aclemu_phase1_end(ex, st, workspaceSize, executor);
}

ACLNN_API aclnnStatus aclemuGraphFusedMatmul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream)
{
    return aclemu_phase2_run(workspace, workspaceSize, executor, stream, "aclemuGraphFusedMatmul");
}
