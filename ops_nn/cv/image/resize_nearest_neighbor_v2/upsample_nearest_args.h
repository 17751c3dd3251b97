/* Blob of the ResizeNearestNeighborV2 kernel (align_corners = half_pixel_centers = false):
 * both views are given as (N, C, H, W) whatever their storage format. */
#ifndef OPS_CV_UPSAMPLE_NEAREST_ARGS_H
#define OPS_CV_UPSAMPLE_NEAREST_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct upsample_nearest_args {
    aclemu_tdesc x;       /* (N, C, H, W) view of self */
    aclemu_tdesc y;       /* (N, C, outH, outW) view of out */
    float scale_h, scale_w; /* H / outH, W / outW in FP32, as the kernel computes them */
    uint64_t rows;        /* N * C * outH output rows */
    uint64_t rows_per_block;
} upsample_nearest_args;

#endif
