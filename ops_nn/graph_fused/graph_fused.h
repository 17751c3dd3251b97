/* The fused kernels of atc's graph compiler (issue 11): what GE's fusion passes hand to one
 * kernel on a card. They are not CANN aclnn APIs (no public header declares them): libascendcl's
 * model runtime resolves them from libopapi.so by name, like the aclnn steps of a model. Two-stage
 * like aclnn: <name>GetWorkspaceSize plans, <name> launches on a stream.
 *
 *   aclemuGraphFusedConv2d:  y = act(conv2d(x, w) + bias + residual)       (residual optional)
 *   aclemuGraphFusedMatmul:  y = act(alpha * x1 @ op(x2) + bias + residual) (bias, residual optional)
 *
 * act is a gemm_act (ops_nn/gemm/gemm.h), actParam0/1 its parameters (Clip bounds, LeakyRelu
 * slope). One GEMM-engine launch each: bias, residual and activation are the engine's FP32
 * epilogue, rounded once to y's dtype. */
#ifndef ACLEMU_GRAPH_FUSED_H
#define ACLEMU_GRAPH_FUSED_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclemuGraphFusedConv2dGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *bias, const aclTensor *residual,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, int64_t groups, int64_t act,
    double actParam0, double actParam1, int8_t cubeMathType, aclTensor *y, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclemuGraphFusedConv2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

/* transB: x2 is [N, K] (ONNX Gemm transB = 1). x2 is 2-D (a weight shared by every batch of x1)
 * or has x1's batch dims. */
ACLNN_API aclnnStatus aclemuGraphFusedMatmulGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *residual, int64_t transB,
    double alpha, int64_t act, double actParam0, double actParam1, int8_t cubeMathType, aclTensor *y,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclemuGraphFusedMatmul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif
