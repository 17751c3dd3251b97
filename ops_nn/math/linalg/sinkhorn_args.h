/* Blob of Sinkhorn: one R x C cost matrix and its transport plan p, each a strided view; a
 * double workspace of R C + R + 2 C. */
#ifndef OPS_MATH_SINKHORN_ARGS_H
#define OPS_MATH_SINKHORN_ARGS_H

#include "linalg_batch.h"

typedef struct sinkhorn_args {
    int64_t r, c;
    double tol;
    uint64_t ws;
    linalg_view v[2]; /* cost, p */
} sinkhorn_args;

#endif
