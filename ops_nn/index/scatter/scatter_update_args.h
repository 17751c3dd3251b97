/* Blob of the ScatterUpdate kernel (aclnnInplaceScatterUpdate). For update row i (dim 0 of
 * updates): batch b and offset o come from indices — 0-d: b = 0, o = indices; 1-D: b = i,
 * o = indices[i]; 2-D [n, 2]: b = indices[i][0], o = indices[i][1] — and
 *   data[b, ..., o + k, ...] = updates[i, ..., k, ...]   (k along `axis`, other dims alike).
 * Blocks take ranges of rows; every row's b and o are checked first (b in [0, data.shape[0]),
 * o >= 0, o + updates.shape[axis] <= data.shape[axis]), or nothing is written. */
#ifndef OPS_NN_SCATTER_UPDATE_ARGS_H
#define OPS_NN_SCATTER_UPDATE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct scatter_update_args {
    aclemu_tdesc data, indices, updates;
    int32_t axis, pad;
    int64_t rows, rows_per_block;
} scatter_update_args;

#endif
