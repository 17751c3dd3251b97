/* Blob of the AffineGrid kernel: out[n, (d,) h, w, k] = sum_j theta[n, k, j] * base_j with
 * base = (x_w, y_h, (z_d,) 1), each coordinate the torch grid of its extent (align_corners:
 * -1 + 2i / (L - 1), else that times (L - 1) / L; 0 for an extent of 1). */
#ifndef OPS_MATH_AFFINE_GRID_ARGS_H
#define OPS_MATH_AFFINE_GRID_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct affine_grid_args {
    aclemu_tdesc theta, out; /* theta (N, K, K + 1); out (N, [D,] H, W, K), K = 2 or 3 */
    int64_t D, H, W;         /* D = 1 for a 2-D grid */
    int32_t three_d;
    int32_t align_corners;
    int64_t rows_per_block;  /* rows: (n, d, h) */
} affine_grid_args;

#endif
