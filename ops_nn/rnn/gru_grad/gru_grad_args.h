/* Blob of the "GruLayerGrad" kernel: the recurrence of one layer of aclnnGRUBackward, one block
 * per direction. Per step (walking time opposite to the forward pass), from dh = dy[t] + dh_next
 * and the saved r, z, n, hn (= h W_hn^T + b_hn): the gate gradients of the input projection
 * dGi[t] = [dr, dz, dn] and of the hidden one dGh[t] = [dr, dz, dn * r] (FP32 [T, B, 3H]), then
 * dh_next = dGh[t] W_hh + dh * z on the GEMM engine. Also the h each step started from (hp,
 * FP32 [T, B, H]) and the bias gradients (column sums of dGi / dGh in step order). Layers above
 * 0 copy the previous layer's h of this direction into column d * H of x (FP32). */
#ifndef OPS_NN_RNN_GRU_GRAD_ARGS_H
#define OPS_NN_RNN_GRU_GRAD_ARGS_H

#include "nn_cbuf.h"

typedef struct gru_grad_dir_args {
    nn_cbuf dy;              /* (t, b, h) at (t * B + b) * dy_pitch + h */
    nn_cbuf dhT, h0;         /* [B, H] */
    nn_cbuf whh;             /* contiguous (3H, H) */
    nn_cbuf r, z, n, hn, h;  /* [T, B, H] saved by the forward pass */
    nn_cbuf hprev;           /* layers > 0: the previous layer's h of this direction */
    nn_cbuf x;               /* FP32 [T, B, x_pitch] (hprev copied at column d * H) */
    nn_cbuf dgi, dgh, hp;    /* FP32 [T, B, 3H] x 2, [T, B, H] */
    nn_cbuf dh0;             /* [B, H] */
    nn_cbuf dbi, dbh;        /* [3H], absent without bias */
    nn_cbuf dhn, dhz;        /* FP32 scratch [B, H] each */
} gru_grad_dir_args;

typedef struct gru_grad_layer_args {
    gru_grad_dir_args dir[2];
    int64_t T, B, H, dy_pitch, x_pitch;
    int32_t ndir, reserved;
} gru_grad_layer_args;

#endif
