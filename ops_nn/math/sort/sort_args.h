/* Blob of the sort family (Sort, Argsort, Topk): lines along `dim` (the other dims merged where
 * the views allow, as in the cumulative ops); each line is sorted by a radix sort of
 * order-preserving integer keys (stable: equal keys keep their index order, also descending),
 * and its first `k` entries are written. The workspace holds 2 x len (key, index) pairs per
 * block. */
#ifndef OPS_MATH_SORT_ARGS_H
#define OPS_MATH_SORT_ARGS_H

#include <stdint.h>

#define SORT_MAX_DIMS 8

/* What a line's sort writes: its first k entries, or one entry picked per line (Kthvalue /
 * Median / NanMedian), at the line's output offset. */
enum sort_select {
    SORT_SEL_FIRST_K = 0,
    SORT_SEL_KTH,        /* position kth of the ascending order (NaN last) */
    SORT_SEL_MEDIAN,     /* position (len - 1) / 2; a line with a NaN gives its first NaN */
    SORT_SEL_NANMEDIAN,  /* position (m - 1) / 2 of the m non-NaN elements (0 when m == 0) */
};

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
    /* ---- select (Kthvalue / Median family) ---- */
    int32_t select;       /* enum sort_select */
    int32_t is_float;     /* NaN keys exist (they sort last) */
    int64_t kth;
    /* a line spanning several dims (Median / NanMedian of a whole non-contiguous view): element
     * i of a line is at the row-major position i of fshape / fstride (elements); nf 0: sin */
    int32_t nf, pad_;
    int64_t fshape[SORT_MAX_DIMS], fstride[SORT_MAX_DIMS];
    /* ---- SortWithIndex ---- */
    int32_t key_mode;     /* enum sort_key_mode */
    int32_t gx_dtype;     /* INT32 / INT64 */
    uint64_t gx;          /* nonzero: the index written is gx[line][position], not the position */
    int64_t gx_off, sgx, lgx[SORT_MAX_DIMS];
} sort_args;

/* How elements become keys: torch's order (NaN largest, -0 before +0), or the order of the
 * hardware Sort behind SortWithIndex: NaN first in both directions, -0 == +0, INT32 sorted on
 * its FLOAT conversion. */
enum sort_key_mode { SORT_KEY_TORCH = 0, SORT_KEY_NAN_FIRST = 1 };

/* Adds one outer (non-sorted) dim of the line grid, merged into the previous one when the input,
 * values and indices strides all allow it (planner-side; size-1 dims are skipped). */
static inline void sort_args_add_outer_dim_gx(sort_args *a, int64_t sz, int64_t sin, int64_t vs, int64_t xs,
                                              int64_t gs)
{
    if (sz == 1)
        return;
    int n = a->nl;
    if (n && a->lin[n - 1] == sin * sz && a->lval[n - 1] == vs * sz && a->lidx[n - 1] == xs * sz &&
        a->lgx[n - 1] == gs * sz) {
        a->lshape[n - 1] *= sz;
        n--;
    } else {
        a->lshape[n] = sz;
        a->nl++;
    }
    a->lin[n] = sin;
    a->lval[n] = vs;
    a->lidx[n] = xs;
    a->lgx[n] = gs;
}

/* The same without a gathered index tensor (gx strides 0). */
static inline void sort_args_add_outer_dim(sort_args *a, int64_t sz, int64_t sin, int64_t vs, int64_t xs)
{
    sort_args_add_outer_dim_gx(a, sz, sin, vs, xs, 0);
}

#endif
