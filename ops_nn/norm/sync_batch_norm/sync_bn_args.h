/* Blobs of the sync-BN family kernels. Inputs are (N, C, S) channel-first contiguous (S = the
 * dims after the channel); per-channel vectors hold C values; the gather kernels see (W, C)
 * per-device statistics. Each starts with nr_rows for the row-norm driver's tiling. */
#ifndef OPS_NN_SYNC_BN_ARGS_H
#define OPS_NN_SYNC_BN_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

/* BatchNormElemt: rows = N * C rows of S. */
typedef struct bn_elemt_args {
    nr_rows h;
    nn_cbuf x, weight, bias, mean, invstd, y;
    int64_t C;
} bn_elemt_args;

/* BatchNormElemtBackward: rows = N * C rows of S; counter holds W counts. */
typedef struct bn_elemt_backward_args {
    nr_rows h;
    nn_cbuf dy, x, mean, invstd, weight, sum_dy, sum_dy_xmu, counter, dx;
    int64_t C, W;
} bn_elemt_backward_args;

/* BatchNormReduce / BatchNormReduceBackward: rows = C channels, each over N rows of S. */
typedef struct bn_chan_reduce_args {
    nr_rows h;
    nn_cbuf dy, x, mean, invstd;           /* dy / mean / invstd: ReduceBackward only */
    nn_cbuf sum, sq_sum;                    /* Reduce: sum(x), sum(x^2); ReduceBackward: sum(dy), sum(dy*(x-mean)) */
    nn_cbuf grad_weight, grad_bias;         /* ReduceBackward only */
    int64_t N, C, S;
} bn_chan_reduce_args;

/* SyncBatchNormGatherStats (with_counts 0) / BatchNormGatherStatsWithCounts (1): rows = C. */
typedef struct bn_gather_args {
    nr_rows h;
    nn_cbuf a, b, counts;          /* totalSum / totalSquareSum, or mean / invstd, of (W, C) */
    nn_cbuf run_mean_in, run_var_in, run_mean_out, run_var_out, mean_out, invstd_out;
    double momentum;
    int64_t W, C;
    int32_t with_counts, reserved;
} bn_gather_args;

#endif
