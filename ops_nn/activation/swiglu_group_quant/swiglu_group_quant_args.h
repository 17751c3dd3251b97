/* Blob of the SwigluGroupQuant kernel (swiglu_group_quant_kernel.c). One kernel, three phases:
 *  SGQ_ROWS  (modes 0, 1, 2, and 3's quantisation): blocks over the rows of x;
 *  SGQ_AMAX  (mode 3): per row max(|y|, 1e-8) into ws_amax (rows < real_bs), y_origin written;
 *  SGQ_SCALE (mode 3, one block): the global / per-group scales into y_scale and ws_mult. */
#ifndef OPS_NN_SWIGLU_GROUP_QUANT_ARGS_H
#define OPS_NN_SWIGLU_GROUP_QUANT_ARGS_H

#include <stdint.h>

#include "aclemu_op/kargs.h"

enum { SGQ_ROWS = 0, SGQ_AMAX = 1, SGQ_SCALE = 2 };

typedef struct sgq_args {
    aclemu_tdesc x;       /* [..., D] FLOAT16 / BF16 / FLOAT */
    aclemu_tdesc weight;  /* FLOAT, bs elements (addr 0: none) */
    aclemu_tdesc group;   /* INT64 [G] token counts (addr 0: none) */
    aclemu_tdesc scale;   /* FLOAT [G] or [1] invScale of mode 2 */
    aclemu_tdesc y;       /* [..., D / 2] FP8 / FP4 / HIFLOAT8 */
    aclemu_tdesc yscale;  /* FLOAT [..., D / 256] (0), E8M0 [..., sc / 2, 2] (1), FLOAT [G] / [1] (3) */
    aclemu_tdesc yorigin; /* [..., D / 2] x's dtype (written with output_origin in modes 2 / 3) */
    uint64_t ws_amax;     /* mode 3: FLOAT [rows] */
    uint64_t ws_mult;     /* mode 3: FLOAT [max(G, 1)] */
    int64_t rows, half, groups, per_block;
    int32_t phase, mode, round_scale, has_clamp, output_origin, reserved;
    float clamp, dst_max;
} sgq_args;

#endif
