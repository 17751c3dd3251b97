/* Blob of the batched factorisations (Cholesky, Inverse, Slogdet/Logdet, QR, SVD): one launch
 * whose items are the matrices of the batch. Every operand is a strided view: batch strides of
 * the leading dims, then a row and a column stride (a per-matrix vector uses only the row
 * stride, a per-matrix scalar none), in its own dtype. Each block copies its matrices into a
 * double workspace slot, factors them there and rounds the results once into the outputs. */
#ifndef OPS_MATH_LINALG_BATCH_H
#define OPS_MATH_LINALG_BATCH_H

#include <stdint.h>

#define LA_MAX_BATCH 6 /* rank 8 minus the two matrix dims */
#define LA_MAX_VIEWS 4

enum linalg_op { LA_CHOLESKY = 0, LA_INVERSE, LA_SLOGDET, LA_LOGDET, LA_QR, LA_SVD, LA_OP_COUNT };

typedef struct linalg_view {
    uint64_t base;                  /* storage base (0: operand not written) */
    int64_t off;                    /* element offset of the view */
    int64_t rs, cs;                 /* row / column strides in elements */
    int64_t bs[LA_MAX_BATCH];       /* batch strides in elements */
    int32_t dtype;
    int32_t pad;
} linalg_view;

typedef struct linalg_args {
    int32_t op;                     /* enum linalg_op */
    int32_t nb;                     /* batch rank */
    int32_t flag_a;                 /* Cholesky: upper; QR: complete; SVD: full_matrices */
    int32_t flag_b;                 /* QR: R only (mode "r"); SVD: compute_uv */
    int64_t m, n;                   /* rows and columns of each input matrix */
    int64_t batches, per_block;     /* matrices in all, per block */
    int64_t ws_doubles;             /* workspace slot of one block, in doubles */
    uint64_t ws;                    /* workspace base */
    int64_t bshape[LA_MAX_BATCH];
    linalg_view v[LA_MAX_VIEWS];    /* v[0] the input, then the outputs in API order */
} linalg_args;

/* Doubles of one block's slot for op on m x n matrices, or -1 past 2^36 (the planner refuses
 * such sizes instead of overflowing). Host and device agree on this layout. */
static inline int64_t linalg_ws_doubles(int32_t op, int64_t m, int64_t n)
{
    if (m < 0 || n < 0 || m > (1 << 20) || n > (1 << 20))
        return -1;
    int64_t p = m > n ? m : n, q = m > n ? n : m, r;
    switch (op) {
    case LA_CHOLESKY: case LA_SLOGDET: case LA_LOGDET: r = m * m + m; break;
    case LA_INVERSE: r = 2 * m * m + m; break;
    case LA_QR: r = m * n + m * m + q + m; break;       /* A, Q (up to m x m), tau, a column */
    default: r = p * q + p * p + 3 * q * q + 2 * p + 2 * q; break; /* B, Q, R/W, V, Ur, tau, scratch */
    }
    return r > ((int64_t)1 << 36) ? -1 : r;
}

#endif
