/* Blob of the reduction family (ReduceSum, Mean, Prod, Amax/Amin, Max/Min, ArgMax/ArgMin,
 * MaxDim/MinDim, Any/All, LogSumExp, ReduceNansum, ...), shared by the planner (host) and the
 * kernels (device).
 *
 * The input view is split by the planner into kept dims (one per output element, walked in the
 * output's row-major order) and reduced dims (walked in row-major order: an arg index is the
 * flat position there), adjacent dims merged where the input allows. Output elements get their
 * own strides (out, and idx for the index output of MaxDim/MinDim). All strides in elements. */
#ifndef OPS_MATH_REDUCE_ARGS_H
#define OPS_MATH_REDUCE_ARGS_H

#include <stdint.h>

#define RED_MAX_DIMS 8

enum red_op {
    RED_SUM = 0,     /* also ReduceSum with dtype BOOL is RED_ANY */
    RED_MEAN,        /* sum * scale */
    RED_NANSUM,      /* NaN elements count as 0 */
    RED_PROD,
    RED_MAX,         /* values; NaN propagates */
    RED_MIN,
    RED_ARGMAX,      /* index of the first maximum (a NaN counts as the maximum) */
    RED_ARGMIN,
    RED_MAX_IDX,     /* values + indices (MaxDim) */
    RED_MIN_IDX,
    RED_ANY,
    RED_ALL,
    RED_LOGSUMEXP,
    RED_NORM,        /* (sum |x|^p)^(1/p); p = 0 counts non-zeros, +-Inf gives the max / min |x| */
    /* ---- statistics (Var / Std / VarMean / StdMeanCorrection / BatchNormStats / Aminmax) ----
     * out is the first result, idx (of idx_dtype) the second one when bound. */
    RED_VAR,         /* sum of squared deviations / (N - correction); idx: the mean */
    RED_STD,         /* sqrt of RED_VAR; idx: the mean */
    RED_INVSTD,      /* 1 / sqrt(biased variance + eps); idx: the mean (BatchNormStats) */
    RED_AMINMAX,     /* out: the minimum, idx: the maximum; NaN propagates to both */
};

/* What is applied to a sum / mean before it is stored. */
enum red_post { RED_POST_NONE = 0, RED_POST_LOG = 1 /* ReduceLogSum */ };

/* Accumulation domain: floats in double, integers and BOOL in int64. */
enum red_domain { RED_DOM_F64 = 0, RED_DOM_I64 = 1 };

#define RED_ROW_WIDE 1024

typedef struct red_args {
    int32_t op;
    int32_t domain;
    int32_t in_dtype;
    int32_t comp_dtype;   /* elements are converted to this dtype before they are combined */
    int32_t out_dtype;
    int32_t idx_dtype;    /* INT32 / INT64 (arg ops) */
    int32_t nk, nr;       /* kept / reduced dims after merging (nk may be 0: one output) */
    uint64_t in, out, idx, ws;   /* storage bases (bound by stage 2) */
    int64_t in_off, out_off, idx_off; /* view offsets, elements */
    int64_t kshape[RED_MAX_DIMS], kin[RED_MAX_DIMS], kout[RED_MAX_DIMS], kidx[RED_MAX_DIMS];
    int64_t rshape[RED_MAX_DIMS], rin[RED_MAX_DIMS];
/* (the rows walk of the kernel, a reduction across the contiguous kept dim, takes up to
 * RED_ROW_WIDE neighbouring outputs per block, so each pass streams 4 KiB of every FP32 row) */
    int64_t nout;         /* product of kshape */
    int64_t rcount;       /* product of rshape */
    double scale;         /* RED_MEAN: 1 / rcount */
    double p;             /* RED_NORM's order */
    /* statistics: the divisor of RED_VAR / RED_STD is N - correction; RED_INVSTD adds eps */
    int64_t correction;
    double eps;
    int32_t post;         /* enum red_post */
    int32_t pad_;
    /* work split: `parts` > 1 cuts each output's reduced range into parts whose partial states
     * go to ws (nout * parts red_state, output-major); ReduceFinish combines them in order */
    int64_t parts;
    int64_t items_per_block; /* (output, part) items, or outputs when parts == 1 */
} red_args;

/* A partial result: float accumulator / best value (f), int accumulator / best value (i),
 * LogSumExp's scaled sum (s), arg index (idx), and whether any element was seen.
 * Statistics: RED_VAR / RED_STD / RED_INVSTD keep the element count (i), their sum (f) and the
 * sum of squared deviations from their mean (s), merged pairwise (Chan et al.); RED_AMINMAX
 * keeps the minimum in f / i and the maximum in s / i2 (idx >= 0 once an element was seen). */
typedef struct red_state {
    double f;
    int64_t i;
    double s;
    int64_t idx;
    int64_t i2;
} red_state;

#endif
