/* Blob of the "GruLayer" kernel: one layer of aclnnGRU, one block per direction. gi = x W_ih^T
 * + b_ih (FP32 [T, B, 3H], a CubeGemm launch before this one) is in `g`; per step the block
 * computes gh = h W_hh^T + b_hh on the GEMM engine, then the cell (gates r, z, n). */
#ifndef OPS_NN_RNN_GRU_ARGS_H
#define OPS_NN_RNN_GRU_ARGS_H

#include "nn_cbuf.h"

typedef struct gru_dir_args {
    nn_cbuf g;             /* FP32 [T, B, 3H] (workspace) */
    nn_cbuf whh, bhh;      /* contiguous (3H, H), (3H) (bhh absent: no bias) */
    nn_cbuf h0;            /* [B, H] initial state (absent: zeros) */
    nn_cbuf y;             /* element (t, b, h) at (t * B + b) * y_pitch + h */
    nn_cbuf hy;            /* [B, H] final state */
    nn_cbuf r, z, n, hn, h; /* train: [T, B, H] each; hn = (h W_hh^T + b_hh) of the n gate */
    nn_cbuf hbuf, gates;   /* FP32 scratch [B, H], [B, 3H] (workspace) */
} gru_dir_args;

typedef struct gru_layer_args {
    gru_dir_args dir[2];
    int64_t T, B, H, y_pitch;
    int32_t ndir, train;
} gru_layer_args;

#endif
