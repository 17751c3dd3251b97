/* Blob of the sort family (Sort, Argsort, Topk): lines along `dim` (the other dims merged where
 * the views allow, as in the cumulative ops); each line is sorted by a radix sort of
 * order-preserving integer keys (stable: equal keys keep their index order, also descending),
 * and its first `k` entries are written. The workspace holds 2 x len (key, index) pairs per
 * block. */
#ifndef OPS_MATH_SORT_ARGS_H
#define OPS_MATH_SORT_ARGS_H

#include <stdint.h>

#define SORT_MAX_DIMS 8

typedef struct sort_args {
    int32_t in_dtype, val_dtype, idx_dtype;
    int32_t descending;
    int32_t round_fp16;  /* Ascend910: FP32 keys are sorted (and returned) as FP16 */
    int32_t nl;
    uint64_t in, val, idx, ws;  /* val or idx 0: not written */
    int64_t in_off, val_off, idx_off;
    int64_t lshape[SORT_MAX_DIMS], lin[SORT_MAX_DIMS], lval[SORT_MAX_DIMS], lidx[SORT_MAX_DIMS];
    int64_t len, k, sin, sval, sidx;
    int64_t nlines, lines_per_block;
    int64_t ws_per_block; /* bytes */
} sort_args;

#endif
