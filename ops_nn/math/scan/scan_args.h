/* Blob of the cumulative ops (Cumsum, CumsumV2, Cumprod, Cummax, Cummin), shared by the planner
 * and the Scan kernel. Lines = every position of the other dims (walked in row-major order,
 * merged where the views allow); along a line `len` elements are combined in order (or in
 * reverse), each output element getting the running result (exclusive: the one before it). */
#ifndef OPS_MATH_SCAN_ARGS_H
#define OPS_MATH_SCAN_ARGS_H

#include <stdint.h>

#define SCAN_MAX_DIMS 8

enum scan_op { SCAN_SUM = 0, SCAN_PROD, SCAN_MAX, SCAN_MIN };

typedef struct scan_args {
    int32_t op;
    int32_t in_dtype, comp_dtype, out_dtype, idx_dtype;
    int32_t exclusive, reverse;
    int32_t nl;                 /* line dims after merging */
    uint64_t in, out, idx;      /* storage bases (bound by stage 2) */
    int64_t in_off, out_off, idx_off;
    int64_t lshape[SCAN_MAX_DIMS], lin[SCAN_MAX_DIMS], lout[SCAN_MAX_DIMS], lidx[SCAN_MAX_DIMS];
    int64_t len, sin, sout, sidx; /* the scanned dim: length and strides */
    int64_t nlines;
    int64_t lines_per_block;
} scan_args;

#endif
