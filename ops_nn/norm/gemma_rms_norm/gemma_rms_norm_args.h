/* Blob of the GemmaRmsNorm kernel. */
#ifndef OPS_NN_GEMMA_RMS_NORM_ARGS_H
#define OPS_NN_GEMMA_RMS_NORM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct gemma_rms_norm_args {
    nr_rows h;
    nn_cbuf x, gamma, y, rstd;
} gemma_rms_norm_args;

#endif
