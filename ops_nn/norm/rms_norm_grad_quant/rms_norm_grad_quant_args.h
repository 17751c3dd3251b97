/* Blob of the RmsNormGradQuant kernel: dy / x seen as (rows, n), one rstd per row, gamma n values;
 * partial 0 is dgamma (summed over the blocks by the row-norm driver). */
#ifndef OPS_NN_RMS_NORM_GRAD_QUANT_ARGS_H
#define OPS_NN_RMS_NORM_GRAD_QUANT_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct rms_norm_grad_quant_args {
    nr_rows h;
    nn_cbuf dy, x, rstd, gamma, scale, offset, dx; /* offset absent: 0 */
    int32_t div_mode; /* 1: dx / scale, 0: dx * scale */
    int32_t code;     /* dx's encoding (ACL_INT8) */
} rms_norm_grad_quant_args;

#endif
