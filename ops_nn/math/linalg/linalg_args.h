/* Blob of TriangularSolve: one item per (batch, right-hand-side column); batch dims broadcast
 * (stride 0 where an operand has size 1), at most 6 of them after the two matrix dims. */
#ifndef OPS_MATH_LINALG_ARGS_H
#define OPS_MATH_LINALG_ARGS_H

#include <stdint.h>

#define TS_MAX_BATCH 6

typedef struct trisolve_args {
    uint64_t b, a, x, ws;           /* storage bases: self (b), A, xOut; workspace */
    int64_t b_off, a_off, x_off;
    int32_t dtype;                  /* FLOAT or DOUBLE (all three alike) */
    int32_t upper, transpose, unitriangular;
    int32_t nb;
    int32_t pad;
    int64_t bshape[TS_MAX_BATCH];   /* broadcast batch shape */
    int64_t bb[TS_MAX_BATCH], ab[TS_MAX_BATCH], xb[TS_MAX_BATCH];
    int64_t m, n;                   /* A is m x m, b and x are m x n */
    int64_t b_rs, b_cs, a_rs, a_cs, x_rs, x_cs;
    int64_t items, items_per_block; /* batches x n */
} trisolve_args;

#endif
