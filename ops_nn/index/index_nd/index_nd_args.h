/* Blob of the IndexNd kernel (GatherNd, ScatterNd, ScatterNdUpdate): indices [..., K] address
 * the first K dims of `data`; each of the N index rows selects a slice of the remaining dims
 * (S elements). GATHER: other[n, s] = data[idx(n), s]; UPDATE: data[idx(n), s] = other[n, s]
 * (one block, rows in order: a repeated row is written by its last occurrence, deterministically).
 * `other` is viewed row-major as N x S. Every index is range-checked before anything is written. */
#ifndef OPS_NN_INDEX_ND_ARGS_H
#define OPS_NN_INDEX_ND_ARGS_H

#include "aclemu_op/kargs.h"

enum { INDEX_ND_GATHER = 0, INDEX_ND_UPDATE = 1 };
/* UPDATE with a reduction (TF scatter_add / mul / div / max / min): data op= other, one update at
 * a time in row order (floats in double, one rounding each; integers in int64, wrapping; an
 * integer division by zero fails the launch before anything is written). */
enum { INDEX_ND_ASSIGN = 0, INDEX_ND_ADD, INDEX_ND_MUL, INDEX_ND_DIV, INDEX_ND_MAX, INDEX_ND_MIN };

typedef struct index_nd_args {
    aclemu_tdesc data, indices, other;
    int32_t mode;
    int32_t K;
    int32_t negative;          /* negative index values count from the end */
    int32_t reduce;            /* UPDATE: INDEX_ND_ASSIGN .. INDEX_ND_MIN */
    int64_t N, S;
    int64_t rows_per_block;
} index_nd_args;

#endif
