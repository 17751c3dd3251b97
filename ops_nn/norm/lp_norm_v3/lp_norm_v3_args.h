/* Blob of the LpNormV3 kernel (also RenormV2's): x seen as (rows, n), one norm per row. */
#ifndef OPS_NN_LP_NORM_V3_ARGS_H
#define OPS_NN_LP_NORM_V3_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct lp_norm_v3_args {
    nr_rows h;
    nn_cbuf x, y;
    float p;
    float eps;      /* added to sum |x|^p before the root (LpNormV3 1e-6, RenormV2 0) */
    int32_t renorm; /* 0: y = x / norm; 1: y = x * (norm > max_norm ? max_norm / norm : 1) */
    float max_norm;
} lp_norm_v3_args;

#endif
