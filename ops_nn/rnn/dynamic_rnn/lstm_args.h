/* Blob of the "LstmLayer" kernel: one layer of aclnnLSTM, one block per direction. The input
 * projections (x W_ih^T + b_ih + b_hh, FP32, [T, B, 4H]) are already in `g` (a CubeGemm launch
 * before this one); the block runs the T steps: gates = g[t] + h W_hh^T on the GEMM engine,
 * then the cell. Direction 1 walks the sequence backwards and stores at the input's positions.
 * Variable lengths (aclnnBidirectionLSTMV2): bsz holds the batch rows active at each step (a
 * non-increasing prefix count, like PyTorch's packed batch_sizes); only those rows step, the
 * others keep their state (so a reverse row starts from h0 at its last valid step) and get 0 in
 * y. packed: x / g / y rows of step t start at sum(bsz[0..t)) instead of t * B. */
#ifndef OPS_NN_RNN_LSTM_ARGS_H
#define OPS_NN_RNN_LSTM_ARGS_H

#include "nn_cbuf.h"

typedef struct lstm_dir_args {
    nn_cbuf g;            /* FP32 [T, B, 4H] (workspace) */
    nn_cbuf whh;          /* contiguous (4H, H) */
    nn_cbuf h0, c0;       /* [B, H] initial states (absent: zeros) */
    nn_cbuf y;            /* element (t, b, h) at (t * B + b) * y_pitch + h */
    nn_cbuf hy, cy;       /* [B, H] final states */
    nn_cbuf i, j, f, o, h, c, tanhc; /* train: [T, B, H] each */
    nn_cbuf hbuf, cbuf, gates; /* FP32 scratch [B, H], [B, H], [B, 4H] (workspace) */
} lstm_dir_args;

typedef struct lstm_layer_args {
    lstm_dir_args dir[2];
    nn_cbuf bsz;          /* [T] INT32 / INT64, or absent: every row every step */
    int64_t T, B, H, y_pitch;
    int32_t ndir, train;
    int32_t packed, reserved;
} lstm_layer_args;

#endif
