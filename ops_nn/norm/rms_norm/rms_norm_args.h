/* Blob of the RmsNorm kernel (also run by AddRmsNorm / InplaceAddRmsNorm): x seen as (rows, n);
 * with x2 present x = x + x2 first (stored to xout when present). */
#ifndef OPS_NN_RMS_NORM_ARGS_H
#define OPS_NN_RMS_NORM_ARGS_H

#include "nn_cbuf.h"

typedef struct rms_norm_args {
    nn_cbuf x, x2, gamma, y, rstd, xout;
    double eps;
    int64_t rows, n, rows_per_block;
} rms_norm_args;

#endif
