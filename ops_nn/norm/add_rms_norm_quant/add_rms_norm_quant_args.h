/* Blob of the AddRmsNormQuant kernel: x1 / x2 seen as (rows, n); scales and zero points hold n
 * values (one per normalised element). */
#ifndef OPS_NN_ADD_RMS_NORM_QUANT_ARGS_H
#define OPS_NN_ADD_RMS_NORM_QUANT_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct add_rms_norm_quant_args {
    nr_rows h;
    nn_cbuf x1, x2, gamma, s1, s2, z1, z2, y1, y2, xout;
    int32_t div_mode, reserved;
} add_rms_norm_quant_args;

#endif
