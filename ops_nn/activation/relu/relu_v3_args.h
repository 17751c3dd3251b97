/* ReluV3's bit mask launch: host (relu_api.c) and device (relu_v3_kernel.c). */
#ifndef OPS_NN_RELU_V3_ARGS_H
#define OPS_NN_RELU_V3_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct relu_v3_mask_args {
    aclemu_tdesc x;    /* the input, 5-D */
    aclemu_tdesc mask; /* UINT8, x's shape with the last dim (len + 7) / 8 */
    uint64_t rows;     /* product of every dim but the last */
    uint64_t rows_per_block;
    int64_t len;       /* x's last dim */
} relu_v3_mask_args;

#endif
