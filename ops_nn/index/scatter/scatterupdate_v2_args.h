/* Blob of the ScatterupdateV2 kernel (aclnnScatterupdateV2, ops-nn experimental): with
 * row = updates' elements / updates.shape[0], for each index i in order, elements
 * [indices[i] * row, indices[i] * row + row) of output (flat, row-major over output's view) take
 * updates' row i; the part of a row outside [0, total) is skipped (as the real kernel clips each
 * row to its core's range: an out-of-range index writes nothing, no error). Output elements no
 * index reaches keep their contents (the real kernel never copies input into output). Blocks
 * own ranges of output and walk every index in order, so a repeated index ends with its last
 * row, as on the device. */
#ifndef OPS_NN_SCATTERUPDATE_V2_ARGS_H
#define OPS_NN_SCATTERUPDATE_V2_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct scatterupdate_v2_args {
    aclemu_tdesc output, indices, updates;
    int64_t total, row, nidx, per_block; /* output elements, row length, index count, output elements per block */
} scatterupdate_v2_args;

#endif
