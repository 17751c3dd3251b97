/* Blob of the AdaLayerNorm kernel: x seen as (B * S rows, H); scale / shift rows per batch. */
#ifndef OPS_NN_ADA_LAYER_NORM_ARGS_H
#define OPS_NN_ADA_LAYER_NORM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct ada_layer_norm_args {
    nr_rows h;
    nn_cbuf x, scale, shift, w, b, y, mean, rstd;
    int64_t S; /* rows per batch */
    /* AdaLayerNormQuant (quant != ADA_Q_NONE): y (* smooth) quantised per row into y (code), the
     * row's scale into qscale. A2 / A3: the rows are split over `cores` as the tiling does
     * (single = rows / cores, the first `tail` cores one more) and handled in groups of
     * `group` rows (1 when H > 3072): a group of more than one row takes the kernel's multi-row
     * path. */
    nn_cbuf smooth, qscale;
    int32_t quant, code;
    float dst_max;
    int32_t reserved;
    int64_t cores, group;
} ada_layer_norm_args;

enum { ADA_Q_NONE = 0, ADA_Q_A2 = 1, ADA_Q_950 = 2 };

#endif
