/* Blobs of the search family: "SearchSorted" (SearchSorted, SearchSorteds, Bucketize: for each
 * element of self its insertion position in a sorted line of `seq`, compared in the promoted
 * dtype, NaN the largest) and "Histogram" (Histc, Bincount: one block counts into out). Strides
 * in elements. */
#ifndef OPS_MATH_SEARCH_ARGS_H
#define OPS_MATH_SEARCH_ARGS_H

#include <stdint.h>

#define SEARCH_MAX_DIMS 8

typedef struct search_args {
    int32_t self_dtype, seq_dtype, comp_dtype, out_dtype;
    int32_t right;           /* 1: first position whose value is > v (else >= v) */
    int32_t nd;              /* self's rank (0: one element) */
    int32_t seq_lines;       /* 1: seq is [..., M] with self's leading dims; 0: one 1-D line */
    int32_t scalar;          /* 1: self is the element in `scalar_elem` (of self_dtype) */
    uint64_t self, seq, sorter, out;  /* sorter 0: seq itself is sorted */
    int64_t self_off, seq_off, sorter_off, out_off;
    int64_t shape[SEARCH_MAX_DIMS], sstride[SEARCH_MAX_DIMS], ostride[SEARCH_MAX_DIMS];
    int64_t qstride[SEARCH_MAX_DIMS], rstride[SEARCH_MAX_DIMS]; /* seq / sorter: leading dims, then the line */
    int64_t m;               /* line length */
    int64_t numel, per_block;
    unsigned char scalar_elem[8];
} search_args;

enum hist_mode { HIST_HISTC = 0, HIST_BINCOUNT = 1 };

typedef struct hist_args {
    int32_t mode;
    int32_t self_dtype, w_dtype, out_dtype;
    int32_t nd;
    int32_t data_range;      /* Histc: min == max, take the range from the data */
    uint64_t self, weights, out;  /* weights 0: each element counts 1 */
    int64_t self_off, w_off, out_off, out_stride, w_stride;
    int64_t shape[SEARCH_MAX_DIMS], stride[SEARCH_MAX_DIMS];
    int64_t numel, bins;
    double lo, hi;
} hist_args;

#endif
