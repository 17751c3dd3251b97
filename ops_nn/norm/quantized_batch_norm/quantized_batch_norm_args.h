/* Blob of the QuantizedBatchNorm kernel: x / y seen as (N, C, S) contiguous, mean / var /
 * weight / bias C contiguous FLOAT values (weight / bias may be absent: 1 / 0); blocks take
 * ranges of channels. */
#ifndef OPS_NN_QUANTIZED_BATCH_NORM_ARGS_H
#define OPS_NN_QUANTIZED_BATCH_NORM_ARGS_H

#include "nn_cbuf.h"

typedef struct quantized_batch_norm_args {
    nn_cbuf x, mean, var, w, b, y;
    int64_t N, C, S, ch_per_block;
    float eps, in_scale, out_scale;
    int32_t in_zp, out_zp;
} quantized_batch_norm_args;

#endif
