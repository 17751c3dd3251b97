/* The recurrence plan of the LSTM layer ops (aclnnLSTM, aclnnBidirectionLSTM(V2)). */
#ifndef OPS_NN_LSTM_PLAN_H
#define OPS_NN_LSTM_PLAN_H

#include "aclemu_op/op_api.h"

/* Records the launches of a checked multi-layer LSTM: input (T, B, I) or (B, T, I) when
 * batchFirst; w4[(l * D + d) * 4 + k] = W_ih, W_hh, b_ih, b_hh of layer l, direction d (biases
 * used when hasBias); h0 / c0 (D * numLayers, B, H) or both NULL (zeros); output, hy, cy; lists
 * = the seven train outputs (i, j, f, o, h, c, tanh c) or NULL when not training. */
aclnnStatus lstm_plan_layers(aclOpExecutor *executor, const aclTensor *input, int batchFirst, const aclTensor *const *w4,
                             int hasBias, int64_t numLayers, int64_t D, int64_t H, const aclTensor *h0,
                             const aclTensor *c0, const aclTensor *output, const aclTensor *hy, const aclTensor *cy,
                             const aclTensorList *const *lists);

#endif
