/* Host side shared by the rnn backward ops (aclnnLstmBackward, aclnnGRUBackward): what follows
 * a layer's recurrence kernel, per direction, as CubeGemm launches over all T * B rows at once —
 * dW_hh = dGh^T hp, dW_ih = dGi^T x and the gradient of the layer's input dx (+)= dGi W_ih.
 * dGi / dGh are the gate gradients the kernel left (FP32 [T, B, G]; one buffer for the LSTM,
 * where both are the same), hp the h each step started from (FP32 [T, B, H]). */
#ifndef OPS_NN_RNN_GRAD_PLAN_H
#define OPS_NN_RNN_GRAD_PLAN_H

#include "aclemu_op/op_api.h"
#include "nn_stage.h"

typedef struct rnn_grad_gemms {
    int64_t TB, G, H;           /* rows, gates * H, hidden size */
    uint64_t ws_dgi, ws_dgh, ws_hp;
    const nn_stage *x;          /* layer 0: the staged (T, B, I) or (T * B, I) input; NULL: ws_x */
    uint64_t ws_x;              /* layers > 0: FP32 [T * B, x_pitch] */
    int64_t x_pitch;
    const aclTensor *w_ih, *dw_ih, *dw_hh;
    const nn_stage *dx;         /* the staged dxOut, or NULL: FP32 [T * B, in] at ws_dx */
    uint64_t ws_dx;
    int64_t ws_dx_add;          /* FP32 [T * B, in] added to dx (the other direction's share), or -1 */
} rnn_grad_gemms;

aclnnStatus rnn_grad_layer_gemms(aclOpExecutor *ex, const rnn_grad_gemms *g);

#endif
