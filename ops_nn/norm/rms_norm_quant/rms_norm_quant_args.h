/* Blob of the RmsNormQuant kernel: x seen as (rows, n) over its last dim; scale / offset hold
 * one value (per tensor) or n values (scale_n). */
#ifndef OPS_NN_RMS_NORM_QUANT_ARGS_H
#define OPS_NN_RMS_NORM_QUANT_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct rms_norm_quant_args {
    nr_rows h;
    nn_cbuf x, gamma, beta, scale, offset, y;
    int64_t scale_n;
} rms_norm_quant_args;

#endif
