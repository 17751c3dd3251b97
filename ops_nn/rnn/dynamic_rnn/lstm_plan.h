/* The recurrence plan of the LSTM layer ops (aclnnLSTM, aclnnBidirectionLSTM(V2)). */
#ifndef OPS_NN_LSTM_PLAN_H
#define OPS_NN_LSTM_PLAN_H

#include "aclemu_op/op_api.h"

/* Fixed-length sequences unless given: T steps of B rows; batch_sizes ([T] INT32/INT64, device)
 * the rows active at each step (non-increasing, checked by the kernel); packed: input (total, I)
 * and output (total, D * H) hold the active rows of step 0, then step 1, ... */
typedef struct lstm_seq {
    int64_t T, B;
    const aclTensor *batch_sizes; /* NULL: all B rows every step */
    int packed;
} lstm_seq;

/* Records the launches of a checked multi-layer LSTM: input (T, B, I) or (B, T, I) when
 * batchFirst (seq NULL: fixed length from its shape); w4[(l * D + d) * 4 + k] = W_ih, W_hh, b_ih, b_hh of layer l, direction d (biases
 * used when hasBias); h0 / c0 (D * numLayers, B, H) or both NULL (zeros); output, hy, cy; lists
 * = the seven train outputs (i, j, f, o, h, c, tanh c) or NULL when not training. */
aclnnStatus lstm_plan_layers(aclOpExecutor *executor, const aclTensor *input, int batchFirst, const lstm_seq *seq,
                             const aclTensor *const *w4,
                             int hasBias, int64_t numLayers, int64_t D, int64_t H, const aclTensor *h0,
                             const aclTensor *c0, const aclTensor *output, const aclTensor *hy, const aclTensor *cy,
                             const aclTensorList *const *lists);

#endif
