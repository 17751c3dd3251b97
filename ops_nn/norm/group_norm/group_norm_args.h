/* Blob of the GroupNorm kernel (GroupNorm, GroupNormSilu, InstanceNorm): x seen as (N, C, HxW),
 * one row per (n, group) of C/group channels; blocks take row ranges. stat_var stores the
 * variance instead of rstd (InstanceNorm). */
#ifndef OPS_NN_GROUP_NORM_ARGS_H
#define OPS_NN_GROUP_NORM_ARGS_H

#include "nn_cbuf.h"

typedef struct group_norm_args {
    nn_cbuf x, gamma, beta, y, mean, rstd;
    double eps;
    int64_t N, C, HxW, group, rows_per_block;
    int32_t silu;     /* 1: y = y / (1 + exp(-swish_scale * y)) (SiLU: scale 1) */
    int32_t stat_var;
    float swish_scale;
    int32_t reserved;
    /* GroupNormSiluQuant (quant != GN_Q_NONE): y INT8 codes of silu / quantScale (qscale_n 1 or
     * C values) */
    nn_cbuf qscale;
    int64_t qscale_n;
    int32_t quant, reserved2;
} group_norm_args;

enum { GN_Q_NONE = 0, GN_Q_A2 = 1, GN_Q_950 = 2 };

#endif
