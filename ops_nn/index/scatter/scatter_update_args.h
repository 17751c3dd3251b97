/* Blob of the ScatterUpdate kernel (aclnnInplaceScatterUpdate) and of QuantUpdateScatter
 * (aclnnInplaceQuantScatter / V2). For update row i (dim 0 of updates): batch b and offset o
 * come from indices — 0-d: b = 0, o = indices; 1-D: b = i, o = indices[i]; 2-D [n, 2]:
 * b = indices[i][0], o = indices[i][1] — and
 *   data[b, ..., o + k, ...] = f(updates[i, ..., k, ..., j])   (k along `axis`, other dims alike),
 * f the identity for ScatterUpdate; for QuantUpdateScatter the code (code_dtype, round) of
 * updates / scales[j] + zero_points[j] in FP32, j the position along the last dim (quantAxis).
 * Blocks take ranges of rows; every row's b and o are checked first (b in [0, data.shape[0]),
 * o >= 0, o + updates.shape[axis] <= data.shape[axis]), or nothing is written. */
#ifndef OPS_NN_SCATTER_UPDATE_ARGS_H
#define OPS_NN_SCATTER_UPDATE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct scatter_update_args {
    aclemu_tdesc data, indices, updates;
    int32_t axis, pad;
    int64_t rows, rows_per_block;
    /* QuantUpdateScatter only */
    aclemu_tdesc scales, zero_points; /* numel = updates' last dim, any view; zero_points optional */
    int32_t has_zero_points, code_dtype, round, pad2;
} scatter_update_args;

#endif
