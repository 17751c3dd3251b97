/* Blob of the p-norm distances (Cdist, CdistBackward, Pdist, PdistForward). Row operands use
 * linalg_view (linalg_batch.h): rs steps rows, cs steps the M features, bs the batch dims (0
 * where the operand broadcasts). Cdist: items = batch x P rows of out [.., P, R]. Pdist: items
 * = the N rows of self, row i giving the pairs (i, j > i) in torch's order. CdistBackward:
 * items = x1's batch x P rows of the gradient of x1, summed over R and over the batch entries
 * of cdist that broadcast onto them. */
#ifndef OPS_MATH_LINALG_DIST_H
#define OPS_MATH_LINALG_DIST_H

#include <stdint.h>

#include "linalg_batch.h"

enum linalg_dist_op { LD_CDIST = 0, LD_PDIST, LD_CDIST_GRAD, LD_OP_COUNT };

typedef struct linalg_dist_args {
    int32_t op, nb;
    double p;                       /* INFINITY for the max norm */
    int64_t P, R, M;                /* Pdist: P = N rows */
    int64_t bshape[LA_MAX_BATCH];   /* Cdist: out's batch; backward: cdist's batch */
    int64_t x1shape[LA_MAX_BATCH];  /* backward: x1's batch (1 where it broadcasts) */
    int64_t items, per_block;
    int64_t ws_doubles;             /* per block: 3 M */
    uint64_t ws;
    linalg_view v[5];               /* Cdist: x1, x2, out; Pdist: self, -, out; backward: grad, x1, x2, cdist, out */
} linalg_dist_args;

#endif
