/* Blob of the LpNormV3 kernel: x seen as (rows, n), one norm per row. */
#ifndef OPS_NN_LP_NORM_V3_ARGS_H
#define OPS_NN_LP_NORM_V3_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct lp_norm_v3_args {
    nr_rows h;
    nn_cbuf x, y;
    float p;
} lp_norm_v3_args;

#endif
