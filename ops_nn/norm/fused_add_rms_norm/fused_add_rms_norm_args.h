/* Blob of the FusedAddRmsNorm kernel. */
#ifndef OPS_NN_FUSED_ADD_RMS_NORM_ARGS_H
#define OPS_NN_FUSED_ADD_RMS_NORM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct fused_add_rms_norm_args {
    nr_rows h;
    nn_cbuf x1, x2, gamma, y, rstd, x;
    float scale;
} fused_add_rms_norm_args;

#endif
