/* Blob of the N-d window pooling kernels (Pool3dAvg, Pool3dMax, Pool3dAvgGrad, Pool3dMaxGrad):
 * operands as contiguous (planes, D, H, W) buffers (1-D / 2-D pools have D (and H) = 1), the
 * window of each spatial dim and the plane range of each block. A window is adaptive
 * ([floor(o*I/O), ceil((o+1)*I/O))) or regular (start o*s - pad, k taps dil apart, clipped).
 * The backward kernels accumulate a plane in doubles in the workspace (`scratch`, one plane
 * per block: planes are owned by one block, so repeated targets add in a fixed order) and
 * round once. Max indices are flat d*H*W + h*W + w in the plane. */
#ifndef OPS_NN_POOL3D_ARGS_H
#define OPS_NN_POOL3D_ARGS_H

#include "nn_cbuf.h"

typedef struct pool3d_args {
    nn_cbuf op[3];             /* forward: x, y(, indices); backward: grad(, indices), gradInput */
    int64_t in[3], out[3];     /* D, H, W of the input and output planes */
    int64_t k[3], s[3], pad[3], dil[3];
    int32_t adaptive;
    int32_t count_include_pad; /* avg: padded taps count in the divisor (1: the window clipped to
                                  the padded input; 2: all k taps of every dim, unclipped) */
    int32_t max_rule;          /* max: 0 = start at -inf, NaN wins at its first position; 1 = start at
                                  the dtype's lowest finite value with index 0, a strict > compare
                                  (NaN never wins), as the MaxPoolWithArgmaxV3 scalar kernel */
    int64_t divisor;           /* avg: divisorOverride, 0 = none */
    int64_t planes, planes_per_block;
    uint64_t scratch;          /* backward: blocks * plane doubles */
} pool3d_args;

#endif
