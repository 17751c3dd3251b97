/* Host side shared by the layered rnn ops (aclnnLSTM, aclnnGRU): the input projection of one
 * layer and direction as one CubeGemm launch over all time steps. */
#ifndef OPS_NN_RNN_PLAN_H
#define OPS_NN_RNN_PLAN_H

#include "aclemu_op/op_api.h"

/* g (FP32 [T, B, G*H] at workspace offset ws_g) = x W_ih^T (+ bias1) (+ bias2). x is the
 * user's input (layer 0: (T, B, I), or (B, T, I) when batch_first, read through its strides)
 * or, when input is NULL, the previous layer's output at workspace offset ws_x (contiguous
 * [T, B, in] of dtype dt). */
aclnnStatus rnn_launch_input_proj(aclOpExecutor *ex, const aclTensor *input, int batch_first, uint64_t ws_x,
                                  aclDataType dt, int64_t T, int64_t B, int64_t in, int64_t GH,
                                  const aclTensor *w_ih, const aclTensor *bias1, const aclTensor *bias2,
                                  uint64_t ws_g);

#endif
