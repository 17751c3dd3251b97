/* Blob of the "LstmLayerGrad" kernel: the recurrence of one layer of aclnnLstmBackward, one
 * block per direction. Per step (walking time opposite to the forward pass) the block turns
 * dh = dy[t] + dh_next and dc_next into the gate gradients dG[t] (FP32 [T, B, 4H], i f g o), then
 * dh_next = dG[t] W_hh on the GEMM engine; it also records the h each step started from
 * (hp, FP32 [T, B, H], for dW_hh = dG^T hp after the launch) and the bias gradient (column sums
 * of dG in step order, deterministic). Layers above 0 copy the previous layer's h of this
 * direction into column d * H of x (FP32 [T, B, D * H], for dW_ih = dG^T x). Variable lengths
 * (bsz, rows active per step, non-increasing): an inactive row kept its state in the forward
 * pass, so its gradients pass through unchanged and its dG / hp rows are 0. */
#ifndef OPS_NN_RNN_LSTM_GRAD_ARGS_H
#define OPS_NN_RNN_LSTM_GRAD_ARGS_H

#include "nn_cbuf.h"

typedef struct lstm_grad_dir_args {
    nn_cbuf dy, dy2;        /* (t, b, h) at (t * B + b) * dy_pitch + h; summed; absent: 0 */
    nn_cbuf dhT, dcT;       /* [B, H] gradients of the final states (absent: 0) */
    nn_cbuf h0, c0;         /* [B, H] initial states */
    nn_cbuf whh;            /* contiguous (4H, H) */
    nn_cbuf i, j, f, o, h, c, tanhc; /* [T, B, H] saved by the forward pass */
    nn_cbuf hprev;          /* layers > 0: the previous layer's h of this direction, [T, B, H] */
    nn_cbuf x;              /* FP32 [T, B, x_pitch] (hprev copied at column d * H) */
    nn_cbuf dg, hp;         /* FP32 [T, B, 4H], [T, B, H] */
    nn_cbuf dh0, dc0;       /* [B, H] gradients of the initial states */
    nn_cbuf dbi, dbh;       /* [4H] bias gradients (both the same), absent without bias */
    nn_cbuf dhn, dcn;       /* FP32 scratch [B, H] each */
} lstm_grad_dir_args;

typedef struct lstm_grad_layer_args {
    lstm_grad_dir_args dir[2];
    nn_cbuf bsz;            /* [T] INT64 or absent: every row every step */
    int64_t T, B, H, dy_pitch, x_pitch;
    int32_t ndir, reserved;
} lstm_grad_layer_args;

#endif
