/* Blobs of the ThnnFusedLstmCell kernels (forward and backward), contiguous operands (staged
 * when the user's views are not). Elements are (batch, hidden) pairs; a gate tensor row holds
 * the four gates i, f, g, o of H values each. */
#ifndef OPS_NN_RNN_LSTM_CELL_ARGS_H
#define OPS_NN_RNN_LSTM_CELL_ARGS_H

#include "nn_cbuf.h"

typedef struct lstm_cell_args {
    /* forward: ig, hg, cx, bih, bhh (bih/bhh absent: no bias) -> hy, cy, storage */
    nn_cbuf ig, hg, cx, bih, bhh, hy, cy, storage;
    /* backward: dhy, dc, cx, cy, storage -> dgates, dcx; dbias (bias launch) */
    nn_cbuf dhy, dc, dgates, dcx, dbias;
    int64_t B, H;
    uint64_t per; /* items per block: (b, h) pairs, or h columns for the bias launch */
} lstm_cell_args;

#endif
