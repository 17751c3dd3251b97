/* Blob of ChamferDistanceGrad: B batches of N 2-D points in both sets (the real tiling takes B and
 * N from xyz1 for every operand), idx1 / idx2 point ids within the batch; acc (4 * B * N doubles
 * in the workspace) holds both gradients while they are summed. */
#ifndef OPS_NN_CHAMFER_DISTANCE_GRAD_ARGS_H
#define OPS_NN_CHAMFER_DISTANCE_GRAD_ARGS_H

#include "nn_cbuf.h"

typedef struct chamfer_grad_args {
    nn_cbuf xyz1, xyz2, idx1, idx2, g1, g2, gx1, gx2;
    uint64_t acc;
    int64_t B, N;
} chamfer_grad_args;

#endif
